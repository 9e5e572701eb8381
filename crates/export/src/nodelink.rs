//! NetworkX's node-link JSON (`glossary.nodelink.json`), the shape `networkx.node_link_data`
//! writes and `networkx.node_link_graph(data, edges="edges")` reads (D3 examples read it too):
//!
//! ```json
//! {"directed": true, "multigraph": true, "graph": {"title": "…", "base": "…"},
//!  "nodes": [{"id": "slug", "slug": "…", "term": "…", …, "x": 1.00, "y": 2.00}, …],
//!  "edges": [{"source": "a", "target": "b", "key": "related", "kind": "related", "mutual": true}, …]}
//! ```
//!
//! A directed multigraph: a `supersedes` link runs from the old term to the new, a `related`
//! link once per pair from the smaller slug to the larger (its `kind` says it holds both
//! ways), and one pair of terms may have both, told apart by their `key` (the kind). Each
//! node carries the attributes of [`super::fields::TERM`] typed as in the cards (see
//! [`super::json`]) and its place on the topic map (`x`, `y`, y growing upwards).
//!
//! One node or edge per line; rendered a chunk at a time on every core
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

/// Writes the glossary as node-link JSON.
///
/// # Errors
/// Those of `w`.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    let parts: [&[u8]; 3] = [
        b"{\"directed\":true,\"multigraph\":true,\"graph\":{\"title\":",
        b"},\n\"nodes\":[",
        b"\n]}\n",
    ];
    write_graph(glossary, config, w, parts, node, edge)
}

/// One node object, on its own line.
fn node(out: &mut Vec<u8>, glossary: &Glossary, i: usize) -> Result<(), ExportError> {
    #[derive(Serialize)]
    struct Node<'a> {
        id: &'a str,
        #[serde(flatten)]
        term: TermMembers<'a>,
        #[serde(serialize_with = "super::json::coordinate")]
        x: Coordinate,
        #[serde(serialize_with = "super::json::coordinate")]
        y: Coordinate,
    }
    let (x, y) = glossary.map().position(i);
    out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
    let node = Node {
        id: glossary.slug(NodeIndex::new(i)),
        term: TermMembers { glossary, i },
        x: Coordinate(x),
        y: Coordinate(y),
    };
    append(out, &node)
}

/// One edge object (the `i`-th), on its own line.
fn edge(
    out: &mut Vec<u8>,
    glossary: &Glossary,
    i: usize,
    a: NodeIndex,
    b: NodeIndex,
    link: Link,
) -> Result<(), ExportError> {
    #[derive(Serialize)]
    struct Edge<'a> {
        source: &'a str,
        target: &'a str,
        key: &'static str,
        kind: &'static str,
        #[serde(flatten)]
        link: LinkMembers,
    }
    out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
    let edge = Edge {
        source: glossary.slug(a),
        target: glossary.slug(b),
        key: link.kind(),
        kind: link.kind(),
        link: LinkMembers(link),
    };
    append(out, &edge)
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
