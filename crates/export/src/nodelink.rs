//! NetworkX's node-link JSON (`glossary.nodelink.json`), the shape `networkx.node_link_data`
//! writes and `networkx.node_link_graph(data, edges="edges")` reads (D3 examples read it too):
//!
//! ```json
//! {"directed": true, "multigraph": true, "graph": {"title": "…", "base": "…"},
//!  "nodes": [{"id": "slug", "slug": "…", "term": "…", …, "x": 1.00, "y": 2.00}, …],
//!  "edges": [{"source": "a", "target": "b", "key": "related", "kind": "related", "mutual": true}, …]}
//! ```
//!
//! A directed multigraph: a `supersedes` link runs from the old term to the new, a `broader`
//! link from the narrower term to the broader, a `related` link once per pair from the
//! smaller slug to the larger (its `kind` says it holds both ways), and one pair of terms may
//! have several, told apart by their `key` (the kind). Each
//! node carries the attributes of [`super::fields::TERM`] typed as in the cards (see
//! [`super::json`]) and its place on the topic map (`x`, `y`, y growing upwards).
//!
//! One node or edge per line; rendered a chunk at a time on every core
//! ([`crate::output::write_chunks`]), written in order.

use std::io::Write;

use serde::Serialize;

use super::json::{append, write_graph, LinkMembers, Point, TermMembers};
use crate::config::Config;
use crate::map::Coordinate;
use crate::output::ExportError;
use crate::Glossary;

/// What a node-link document holds around its nodes and edges (see [`write_graph`]).
const NODE_LINK: [&[u8]; 3] = [
    b"{\"directed\":true,\"multigraph\":true,\"graph\":{\"title\":",
    b"},\n\"nodes\":[",
    b"\n]}\n",
];

/// Writes the glossary as node-link JSON.
///
/// # Errors
/// Those of `w`.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    write_graph(glossary, config, w, NODE_LINK, node, edge)
}

/// One node object: its term, then its place (y growing upwards, as on the map).
fn node(out: &mut Vec<u8>, term: TermMembers<'_>) -> Result<(), ExportError> {
    #[derive(Serialize)]
    struct Node<'a> {
        #[serde(flatten)]
        term: TermMembers<'a>,
        #[serde(flatten)]
        place: Point,
    }
    let (x, y) = term.glossary.map().position(term.i);
    let place = Point {
        x: Coordinate(x),
        y: Coordinate(y),
    };
    append(out, &Node { term, place })
}

/// One edge object, keyed by its kind.
fn edge(out: &mut Vec<u8>, link: LinkMembers<'_>) -> Result<(), ExportError> {
    append(
        out,
        &LinkMembers {
            keyed: true,
            ..link
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Draft;

    fn card(slug: &str, related: &[&str], supersedes: &[&str]) -> Draft {
        Draft {
            slug: slug.into(),
            term: slug.to_uppercase(),
            definition: format!("Definition of {slug}."),
            related: related.iter().map(|s| (*s).into()).collect(),
            supersedes: supersedes.iter().map(|s| (*s).into()).collect(),
            ..Draft::default()
        }
    }

    #[test]
    fn a_pair_may_have_two_links_told_apart_by_key_and_the_json_parses() {
        let g = Glossary::new(vec![
            card("a", &["b"], &[]).into(),
            card("b", &["a"], &["a"]).into(),
        ]);
        let mut out = Vec::new();
        write(&g, &Config::default(), &mut out).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["directed"], true);
        assert_eq!(doc["multigraph"], true);
        let nodes = doc["nodes"].as_array().unwrap();
        assert_eq!(nodes.len(), 2);
        assert_eq!(nodes[1]["supersedes"], serde_json::json!(["a"]));
        assert_eq!(nodes[1]["degree"], 1);
        assert!(
            nodes[0].get("aliases").is_none(),
            "absent fields are left out"
        );
        let edges = doc["edges"].as_array().unwrap();
        let keys: Vec<(&str, &str, &str)> = edges
            .iter()
            .map(|e| {
                (
                    e["source"].as_str().unwrap(),
                    e["target"].as_str().unwrap(),
                    e["key"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(keys, [("a", "b", "related"), ("a", "b", "supersedes")]);
        assert_eq!(edges[0]["mutual"], true);
        assert_eq!(edges[1]["statedByNew"], true);
    }
}
