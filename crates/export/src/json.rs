//! Writing for the JSON formats (node-link, Cytoscape.js): each node and edge is a value that
//! `impl Serialize`s, written by `serde_json` in compact form, a chunk of them at a time on
//! every core; a term's attributes ([`super::fields::TERM`]) as the members of an object, typed as in the
//! cards: texts and dates as strings, lists as arrays, counts as numbers. A field the card
//! leaves out has no member, as in the card; a citation without an access date is `null` in
//! `citationAccessed`, so that the list stays parallel to the other citation lists. After them
//! come the term in each language, `term_{tag}`, in a glossary whose cards have terms in
//! other languages ([`Labels`]).
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

use super::fields::{self, Labels, Value, STATED_BY_BROADER, STATED_BY_NARROWER};
use crate::config::Config;
use crate::graph::Link;
use crate::map::Coordinate;
use crate::output::{self, ExportError};
use crate::Glossary;

/// Nodes (or four times as many edges) rendered together on one core.
const CHUNK: usize = 256;

/// Writes a graph document of the JSON formats: `open`, the glossary's title and base as
/// `"NAME":…,"base":…`, `nodes` (which opens the node list), one `node` per term, the edge
/// list (`"edges":[`) with one `edge` per link (not keyed), then `close`; each node and edge
/// on a line of its own, after the comma that parts it from the one before. Nodes and edges
/// are rendered in chunks on every core and written in order.
pub(crate) fn write_graph(
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
    [open, nodes, close]: [&[u8]; 3],
    node: impl Fn(&mut Vec<u8>, TermMembers<'_>) -> Result<(), ExportError> + Sync,
    edge: impl Fn(&mut Vec<u8>, LinkMembers<'_>) -> Result<(), ExportError> + Sync,
) -> Result<(), ExportError> {
    let mut out = BufWriter::with_capacity(1 << 16, w);
    let mut head = open.to_vec();
    string(&mut head, &config.title);
    head.extend_from_slice(b",\"base\":");
    string(&mut head, &config.base);
    head.extend_from_slice(nodes);
    out.write_all(&head)?;
    let graph = glossary.graph();
    let labels = &Labels::of(glossary, config);
    output::write_chunks(&mut out, graph.node_count(), CHUNK, |range, buf| {
        for i in range {
            output::warm_ahead(glossary, i);
            buf.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
            node(
                buf,
                TermMembers {
                    glossary,
                    labels,
                    i,
                },
            )?;
        }
        Ok(())
    })?;
    out.write_all(b"\n],\n\"edges\":[")?;
    output::write_chunks(&mut out, graph.edge_count(), 4 * CHUNK, |range, buf| {
        for i in range {
            let e = EdgeIndex::new(i);
            let (a, b) = graph.edge_endpoints(e).expect("edge index in range");
            buf.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
            let link = graph[e];
            let keyed = false;
            edge(
                buf,
                LinkMembers {
                    glossary,
                    a,
                    b,
                    link,
                    keyed,
                },
            )?;
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

/// A term's place on the topic map, as `x` and `y` rounded as in every other format.
#[derive(Serialize)]
pub(crate) struct Point {
    #[serde(serialize_with = "coordinate")]
    pub(crate) x: Coordinate,
    #[serde(serialize_with = "coordinate")]
    pub(crate) y: Coordinate,
}

/// The node `i`'s `id` (its slug) and the attributes of its term, then its term in each
/// language of `labels`, as members of the object this is flattened into
/// (`#[serde(flatten)]`); a stub of a missing term gets `missing`, its topic and its degree.
pub(crate) struct TermMembers<'a> {
    pub(crate) glossary: &'a Glossary,
    pub(crate) labels: &'a Labels,
    pub(crate) i: usize,
}

impl Serialize for TermMembers<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (glossary, i) = (self.glossary, self.i);
        let node = NodeIndex::new(i);
        let map = glossary.map();
        let degree = glossary.neighbours(node).len();
        let mut members = serializer.serialize_map(None)?;
        members.serialize_entry("id", glossary.slug(node))?;
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
        for (name, label) in self.labels.names.iter().zip(self.labels.of_card(card)) {
            if let Some(label) = label.filter(|l| !l.is_empty()) {
                members.serialize_entry(name, label)?;
            }
        }
        members.end()
    }
}

/// A link from `a` to `b`, as members of the edge object it is flattened into: the slugs of
/// its `source` and `target`, with `keyed` its kind as the `key` that tells it from another
/// link of the same pair (node-link's multigraph), its `kind`, and what it says beyond its
/// kind: `mutual` for `related`, `statedByOld` and `statedByNew` for `supersedes`,
/// `statedByNarrower` and `statedByBroader` for `broader`.
pub(crate) struct LinkMembers<'a> {
    pub(crate) glossary: &'a Glossary,
    pub(crate) a: NodeIndex,
    pub(crate) b: NodeIndex,
    pub(crate) link: Link,
    pub(crate) keyed: bool,
}

impl Serialize for LinkMembers<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut members = serializer.serialize_map(None)?;
        members.serialize_entry("source", self.glossary.slug(self.a))?;
        members.serialize_entry("target", self.glossary.slug(self.b))?;
        if self.keyed {
            members.serialize_entry("key", self.link.kind())?;
        }
        members.serialize_entry("kind", self.link.kind())?;
        match self.link {
            Link::Related { mutual } => members.serialize_entry("mutual", &mutual)?,
            Link::Supersedes { by_old, by_new } => {
                members.serialize_entry("statedByOld", &by_old)?;
                members.serialize_entry("statedByNew", &by_new)?;
            }
            Link::Broader {
                by_narrower,
                by_broader,
            } => {
                members.serialize_entry(STATED_BY_NARROWER, &by_narrower)?;
                members.serialize_entry(STATED_BY_BROADER, &by_broader)?;
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
