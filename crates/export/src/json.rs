//! Writing for the JSON formats (node-link, Cytoscape.js): each node and edge is a value that
//! `impl Serialize`s, written by `serde_json` in compact form, a chunk of them at a time on
//! every core; a term's attributes ([`super::fields::TERM`]) as the members of an object, typed as in the
//! cards: texts and dates as strings, lists as arrays, counts as numbers. A field the card
//! leaves out has no member, as in the card; a citation without an access date is `null` in
//! `citationAccessed`, so that the list stays parallel to the other citation lists.
//!
//! Through `serde` rather than by hand: measured at 100k generated terms (release build,
//! `examples/viz_export.rs`, three runs each), writing node-link took 0.410 s by hand and
//! 0.461 s through `serde`, Cytoscape.js 0.415 s and 0.439 s — 6–12% of a step that the
//! layout (seconds) dwarfs, for one way of writing JSON instead of two.

use std::io::{BufWriter, Write};

use petgraph::graph::{EdgeIndex, NodeIndex};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

use super::fields::{self, Value};
use crate::config::Config;
use crate::graph::Link;
use crate::map::Coordinate;
use crate::output::{self, ExportError};
use crate::Glossary;

/// Nodes (or four times as many edges) rendered together on one core.
const CHUNK: usize = 256;

/// Writes a graph document of the JSON formats: `open`, the glossary's title and base as
/// `"NAME":…,"base":…`, `nodes` (which opens the node list), one `node` per term, the edge
/// list (`"edges":[`) with one `edge` per link, then `close`. Nodes and edges are rendered in
/// chunks on every core and written in order.
pub(crate) fn write_graph(
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
    [open, nodes, close]: [&[u8]; 3],
    node: impl Fn(&mut Vec<u8>, &Glossary, usize) -> Result<(), ExportError> + Sync,
    edge: impl Fn(&mut Vec<u8>, &Glossary, usize, NodeIndex, NodeIndex, Link) -> Result<(), ExportError>
        + Sync,
) -> Result<(), ExportError> {
    let mut out = BufWriter::with_capacity(1 << 16, w);
    let mut head = open.to_vec();
    string(&mut head, &config.title);
    head.extend_from_slice(b",\"base\":");
    string(&mut head, &config.base);
    head.extend_from_slice(nodes);
    out.write_all(&head)?;
    let graph = glossary.graph();
    output::write_chunks(&mut out, graph.node_count(), CHUNK, |range, buf| {
        for i in range {
            output::warm_ahead(glossary, i);
            node(buf, glossary, i)?;
        }
        Ok(())
    })?;
    out.write_all(b"\n],\n\"edges\":[")?;
    output::write_chunks(&mut out, graph.edge_count(), 4 * CHUNK, |range, buf| {
        for i in range {
            let e = EdgeIndex::new(i);
            let (a, b) = graph.edge_endpoints(e).expect("edge index in range");
            edge(buf, glossary, i, a, b, graph[e])?;
        }
        Ok(())
    })?;
    out.write_all(close)?;
    out.flush()?;
    Ok(())
}

/// Appends `text` as a JSON string.
pub(crate) fn string(out: &mut Vec<u8>, text: &str) {
    serde_json::to_writer(&mut *out, text).expect("a string serializes into memory");
}

/// Appends `value` in compact JSON (a node or an edge of the JSON formats).
pub(crate) fn append(out: &mut Vec<u8>, value: &impl Serialize) -> Result<(), ExportError> {
    serde_json::to_writer(&mut *out, value).map_err(std::io::Error::from)?;
    Ok(())
}

/// A coordinate as a JSON number rounded as in every other format (two decimals, written out:
/// `1.00`), for `#[serde(serialize_with)]`: the type is the map crate's, which knows no serde.
pub(crate) fn coordinate<S: Serializer>(c: &Coordinate, serializer: S) -> Result<S::Ok, S::Error> {
    let raw = RawValue::from_string(c.to_string()).map_err(serde::ser::Error::custom)?;
    raw.serialize(serializer)
}

/// The attributes of the term at node `i`, as members of the object this is flattened into
/// (`#[serde(flatten)]`); a stub of a missing term gets `missing`, its topic and its degree.
pub(crate) struct TermMembers<'a> {
    pub(crate) glossary: &'a Glossary,
    pub(crate) i: usize,
}

impl Serialize for TermMembers<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (glossary, i) = (self.glossary, self.i);
        let node = NodeIndex::new(i);
        let map = glossary.map();
        let degree = glossary.neighbours(node).len();
        let mut members = serializer.serialize_map(None)?;
        let Some(card) = glossary.card(node) else {
            let topic = map.topic_of(i);
            members.serialize_entry("missing", &true)?;
            members.serialize_entry("topic", &topic.id)?;
            members.serialize_entry("topicName", &topic.name)?;
            members.serialize_entry("degree", &degree)?;
            return members.end();
        };
        let values = fields::term_values(card, map, i, degree);
        for (attribute, value) in fields::TERM.iter().zip(&values) {
            if value.is_empty() {
                continue;
            }
            let name = attribute.name;
            match value {
                Value::Text(t) => members.serialize_entry(name, t)?,
                Value::Date(d) => {
                    members.serialize_entry(name, d.as_ref().map_or("", |d| d.as_str()))?;
                }
                Value::List(items) => members.serialize_entry(name, items)?,
                Value::Dates(items) => {
                    let dates: Vec<Option<&str>> = items
                        .iter()
                        .map(|d| d.as_ref().map(|d| d.as_str()))
                        .collect();
                    members.serialize_entry(name, &dates)?;
                }
                Value::Int(n) => members.serialize_entry(name, n)?,
            }
        }
        members.end()
    }
}

/// What a link says beyond its kind, as members of the edge object it is flattened into:
/// `mutual` for `related`, `statedByOld` and `statedByNew` for `supersedes`.
pub(crate) struct LinkMembers(pub(crate) Link);

impl Serialize for LinkMembers {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut members = serializer.serialize_map(None)?;
        match self.0 {
            Link::Related { mutual } => members.serialize_entry("mutual", &mutual)?,
            Link::Supersedes { by_old, by_new } => {
                members.serialize_entry("statedByOld", &by_old)?;
                members.serialize_entry("statedByNew", &by_new)?;
            }
        }
        members.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_escape_what_json_needs_and_keep_the_rest() {
        let mut out = Vec::new();
        string(&mut out, "a \"q\" \\ \n\t\r\u{1} 😀 </script>");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#""a \"q\" \\ \n\t\r\u0001 😀 </script>""#
        );
    }
}
