//! Cytoscape.js elements JSON (`glossary.cyjs`), which `cytoscape({elements})` or
//! `cy.json(…)` loads in a page or under Node, and Cytoscape desktop imports as a `.cyjs`
//! network (File → Import → Network from File):
//!
//! ```json
//! {"data": {"name": "…", "base": "…"},
//!  "elements": {"nodes": [{"data": {"id": "slug", "term": "…", …}, "position": {"x": 1.00, "y": -2.00}}, …],
//!               "edges": [{"data": {"id": "e-related-a-b", "source": "a", "target": "b", "kind": "related", "mutual": true}}, …]}}
//! ```
//!
//! Node data holds the attributes of [`super::fields::TERM`] typed as in the cards (see
//! [`super::json`]) and the topic's colour (`color`, `#rrggbb`, for a style such as
//! `background-color: data(color)`); `position` is the term's place on the topic map, with y
//! growing downwards as on a screen (the map's y turned over), so the map reads the same way up
//! as every other output. Edges are those of GraphML, with its ids: `supersedes` from the old
//! term to the new, `broader` from the narrower term to the broader (`edge[kind = "broader"]`
//! selects them), `related` once per pair from the smaller slug to the larger.
//!
//! One element per line; rendered a chunk at a time on every core
//! ([`crate::output::write_chunks`]), written in order.

use std::io::Write;

use serde::Serialize;

use super::json::{append, write_graph, LinkMembers, Point, TermMembers};
use crate::config::Config;
use crate::map::Coordinate;
use crate::output::ExportError;
use crate::Glossary;

/// What a Cytoscape.js document holds around its elements (see [`write_graph`]).
const ELEMENTS: [&[u8]; 3] = [
    b"{\"data\":{\"name\":",
    b"},\n\"elements\":{\"nodes\":[",
    b"\n]}}\n",
];

/// Writes the glossary as Cytoscape.js elements JSON.
///
/// # Errors
/// Those of `w`.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    write_graph(glossary, config, w, ELEMENTS, node, edge)
}

/// One node element: its term and topic colour as data, its place as position.
fn node(out: &mut Vec<u8>, term: TermMembers<'_>) -> Result<(), ExportError> {
    #[derive(Serialize)]
    struct Data<'a> {
        #[serde(flatten)]
        term: TermMembers<'a>,
        color: &'a str,
    }
    #[derive(Serialize)]
    struct Element<'a> {
        data: Data<'a>,
        position: Point,
    }
    let map = term.glossary.map();
    let (x, y) = map.position(term.i);
    let element = Element {
        data: Data {
            color: &map.topic_of(term.i).color,
            term,
        },
        // Cytoscape's y grows downwards.
        position: Point {
            x: Coordinate(x),
            y: Coordinate(-y),
        },
    };
    append(out, &element)
}

/// One edge element, with GraphML's id.
fn edge(out: &mut Vec<u8>, link: LinkMembers<'_>) -> Result<(), ExportError> {
    #[derive(Serialize)]
    struct Data<'a> {
        id: String,
        #[serde(flatten)]
        link: LinkMembers<'a>,
    }
    #[derive(Serialize)]
    struct Element<'a> {
        data: Data<'a>,
    }
    let (source, target) = (link.glossary.slug(link.a), link.glossary.slug(link.b));
    let id = format!("e-{}-{source}-{target}", link.link.kind());
    append(
        out,
        &Element {
            data: Data { id, link },
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Draft;

    #[test]
    fn elements_parse_with_positions_turned_over_and_graphml_edge_ids() {
        let card = |slug: &str, supersedes: &[&str]| Draft {
            slug: slug.into(),
            term: slug.to_uppercase(),
            definition: "d".into(),
            supersedes: supersedes.iter().map(|s| (*s).into()).collect(),
            ..Draft::default()
        };
        let g = Glossary::new(vec![card("a", &[]).into(), card("b", &["a"]).into()]);
        let mut out = Vec::new();
        write(&g, &Config::default(), &mut out).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let nodes = doc["elements"]["nodes"].as_array().unwrap();
        let (_, y) = g.map().position(1);
        let seen = nodes[1]["position"]["y"].as_f64().unwrap();
        assert!((seen + y).abs() < 0.006, "{seen} {y}");
        assert_eq!(nodes[1]["data"]["id"], "b");
        assert!(nodes[1]["data"]["color"].as_str().unwrap().starts_with('#'));
        let edge = &doc["elements"]["edges"][0]["data"];
        assert_eq!(edge["id"], "e-supersedes-a-b");
        assert_eq!(
            (&edge["source"], &edge["target"]),
            (&"a".into(), &"b".into())
        );
    }
}
