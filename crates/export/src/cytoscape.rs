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
//! term to the new, `related` once per pair from the smaller slug to the larger.
//!
//! One element per line; rendered a chunk at a time on every core
//! ([`crate::output::write_chunks`]), written in order.

use std::io::Write;

use petgraph::graph::NodeIndex;
use serde::Serialize;

use super::json::{append, write_graph, LinkMembers, TermMembers};
use crate::config::Config;
use crate::graph::Link;
use crate::map::Coordinate;
use crate::output::ExportError;
use crate::Glossary;

/// Writes the glossary as Cytoscape.js elements JSON.
///
/// # Errors
/// Those of `w`.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    let parts: [&[u8]; 3] = [
        b"{\"data\":{\"name\":",
        b"},\n\"elements\":{\"nodes\":[",
        b"\n]}}\n",
    ];
    write_graph(glossary, config, w, parts, node, edge)
}

/// One node element, on its own line.
fn node(out: &mut Vec<u8>, glossary: &Glossary, i: usize) -> Result<(), ExportError> {
    #[derive(Serialize)]
    struct Data<'a> {
        id: &'a str,
        #[serde(flatten)]
        term: TermMembers<'a>,
        color: &'a str,
    }
    #[derive(Serialize)]
    struct Position {
        #[serde(serialize_with = "super::json::coordinate")]
        x: Coordinate,
        #[serde(serialize_with = "super::json::coordinate")]
        y: Coordinate,
    }
    #[derive(Serialize)]
    struct Element<'a> {
        data: Data<'a>,
        position: Position,
    }
    let map = glossary.map();
    let (x, y) = map.position(i);
    out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
    let element = Element {
        data: Data {
            id: glossary.slug(NodeIndex::new(i)),
            term: TermMembers { glossary, i },
            color: &map.topic_of(i).color,
        },
        // Cytoscape's y grows downwards.
        position: Position {
            x: Coordinate(x),
            y: Coordinate(-y),
        },
    };
    append(out, &element)
}

/// One edge element (the `i`-th), on its own line.
fn edge(
    out: &mut Vec<u8>,
    glossary: &Glossary,
    i: usize,
    a: NodeIndex,
    b: NodeIndex,
    link: Link,
) -> Result<(), ExportError> {
    #[derive(Serialize)]
    struct Data<'a> {
        id: String,
        source: &'a str,
        target: &'a str,
        kind: &'static str,
        #[serde(flatten)]
        link: LinkMembers,
    }
    #[derive(Serialize)]
    struct Element<'a> {
        data: Data<'a>,
    }
    let (source, target) = (glossary.slug(a), glossary.slug(b));
    out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
    let element = Element {
        data: Data {
            id: format!("e-{}-{source}-{target}", link.kind()),
            source,
            target,
            kind: link.kind(),
            link: LinkMembers(link),
        },
    };
    append(out, &element)
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
