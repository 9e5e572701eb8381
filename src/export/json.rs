//! Writing for the JSON formats (node-link, Cytoscape.js): strings escaped as serde_json
//! escapes them (quotes, backslashes and control characters; everything else as UTF-8), and a
//! term's attributes ([`super::fields::TERM`]) as the members of an object, typed as in the
//! cards: texts and dates as strings, lists as arrays, counts as numbers. A field the card
//! leaves out has no member, as in the card; a citation without an access date is `null` in
//! `citationAccessed`, so that the list stays parallel to the other citation lists.

use std::io::{BufWriter, Write};

use petgraph::graph::{EdgeIndex, NodeIndex};

use super::fields::{self, Value};
use crate::config::Config;
use crate::graph::Link;
use crate::map::Coordinate;
use crate::output::{self, ExportError};
use crate::Card;
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
    edge: impl Fn(&mut Vec<u8>, &Glossary, usize, NodeIndex, NodeIndex, Link) + Sync,
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
            edge(buf, glossary, i, a, b, graph[e]);
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

/// Appends `"name":` (`name` needs no escaping: the names are ours).
pub(crate) fn key(out: &mut Vec<u8>, name: &str) {
    out.push(b'"');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\":");
}

/// Appends a coordinate as a JSON number, rounded as in every other format.
pub(crate) fn number(out: &mut Vec<u8>, value: f64) -> Result<(), ExportError> {
    write!(out, "{}", Coordinate(value))?;
    Ok(())
}

/// Appends the attributes of the term at node `i` as object members, each preceded by a
/// comma (the object is opened, with at least one member, by the caller); a stub of a missing
/// term gets `missing`, its topic and its degree.
pub(crate) fn term_members(
    out: &mut Vec<u8>,
    glossary: &Glossary,
    card: Option<&Card>,
    i: usize,
) -> Result<(), ExportError> {
    let node = petgraph::graph::NodeIndex::new(i);
    let map = glossary.map();
    let degree = glossary.neighbours(node).len();
    let Some(card) = card else {
        let topic = map.topic_of(i);
        out.extend_from_slice(b",\"missing\":true,\"topic\":");
        string(out, &topic.id);
        out.extend_from_slice(b",\"topicName\":");
        string(out, &topic.name);
        write!(out, ",\"degree\":{degree}")?;
        return Ok(());
    };
    let values = fields::term_values(card, map, i, degree);
    for (attribute, value) in fields::TERM.iter().zip(&values) {
        if value.is_empty() {
            continue;
        }
        out.push(b',');
        key(out, attribute.name);
        match value {
            Value::Text(t) => string(out, t),
            Value::Date(d) => string(out, d.as_ref().map_or("", |d| d.as_str())),
            Value::List(items) => {
                out.push(b'[');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push(b',');
                    }
                    string(out, item);
                }
                out.push(b']');
            }
            Value::Dates(items) => {
                out.push(b'[');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push(b',');
                    }
                    match item {
                        Some(d) => string(out, d.as_str()),
                        None => out.extend_from_slice(b"null"),
                    }
                }
                out.push(b']');
            }
            Value::Int(n) => write!(out, "{n}")?,
        }
    }
    Ok(())
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
