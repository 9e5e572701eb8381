//! GEXF 1.3, Gephi's own format, with the topic map drawn in: every term a node with typed
//! attributes (the fields of [`super::fields::TERM`], as GraphML carries them), coloured by
//! topic (`viz:color`), placed by the layout (`viz:position`) and sized by its number of
//! links (`viz:size`), so that the file opens in Gephi already laid out.
//!
//! Edges keep their kinds: `supersedes` is a `directed` edge from the old term to the new,
//! `broader` a `directed` edge from the narrower term to the broader, `related` a `mutual`
//! one — GEXF's word for a link that holds both ways. The spelling is what both of the readers
//! the tests use accept: NetworkX refuses a graph that mixes `undirected` edges with
//! `directed` ones, but reads `mutual` as the two directions it means; graphology takes the
//! type of its graph from the first edge and knows no `mutual` graph, so the directed edges
//! come first. A glossary without any directed link is written as an undirected graph.
//! Lists are joined with a line feed beside a count, as in GraphML; an absent field has no
//! `attvalue`. Text is escaped as in every XML format here ([`super::xml`]).
//!
//! As in GraphML, two kinds of attribute are declared only when the glossary has what they
//! hold: the term in each language (`term_{tag}`, [`Labels`]) and the flags of `broader`
//! edges (`statedByNarrower`, `statedByBroader`).

use std::io::{BufWriter, Write};

use petgraph::graph::{EdgeIndex, NodeIndex};

use super::fields::{self, Kind, Labels, Value, STATED_BY_BROADER, STATED_BY_NARROWER};
use super::xml::{escape_runs, origin, ATTR};
use crate::config::Config;
use crate::graph::Link;
use crate::map::{rgb, Coordinate};
use crate::output::{self, ExportError};
use crate::Glossary;

/// The GEXF 1.3 namespace and its visualisation module.
const GEXF_NS: &str = "http://gexf.net/1.3";
const VIZ_NS: &str = "http://gexf.net/1.3/viz";

/// Nodes (or twice as many edges) rendered together on one core.
const CHUNK: usize = 256;

/// Writes the glossary as GEXF 1.3.
///
/// Streams through a `BufWriter`; nodes and edges are rendered a chunk at a time on every
/// core ([`output::write_chunks`]), in order.
///
/// # Errors
/// Those of `w`, or [`ExportError::Unwritable`] naming the term and field of a text XML 1.0
/// cannot carry.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    let mut out = BufWriter::with_capacity(1 << 16, w);
    let graph = glossary.graph();
    let (one_way, related): (Vec<EdgeIndex>, Vec<EdgeIndex>) =
        graph.edge_indices().partition(|&e| graph[e].is_directed());
    let directed = !one_way.is_empty();
    let hierarchy = glossary.edge_counts().broader > 0;
    let labels = Labels::of(glossary, config);
    head(&mut out, config, directed, hierarchy, &labels)?;
    writeln!(out, "    <nodes>")?;
    output::write_chunks(&mut out, graph.node_count(), CHUNK, |range, buf| {
        for i in range {
            node(buf, glossary, &labels, i)?;
        }
        Ok(())
    })?;
    writeln!(out, "    </nodes>")?;
    writeln!(out, "    <edges>")?;
    for edges in [&one_way, &related] {
        output::write_chunks(&mut out, edges.len(), 2 * CHUNK, |range, buf| {
            for &e in &edges[range] {
                let (a, b) = graph.edge_endpoints(e).expect("edge index in range");
                edge(buf, glossary, a, b, graph[e], directed)?;
            }
            Ok(())
        })?;
    }
    writeln!(out, "    </edges>")?;
    writeln!(out, "  </graph>")?;
    writeln!(out, "</gexf>")?;
    out.flush()?;
    Ok(())
}

/// The GEXF type of an attribute kind (lists are strings, joined with a line feed).
fn gexf_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Text | Kind::List { .. } => "string",
        Kind::Int => "integer",
    }
}

/// The declaration, `<meta>` and the attribute declarations.
fn head(
    out: &mut impl Write,
    config: &Config,
    directed: bool,
    hierarchy: bool,
    labels: &Labels,
) -> Result<(), ExportError> {
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<gexf xmlns="{GEXF_NS}" xmlns:viz="{VIZ_NS}" version="1.3">"#
    )?;
    let at = origin("(glossary)", "title");
    write!(
        out,
        "  <meta>\n    <creator>glossgraph</creator>\n    <title>"
    )?;
    escaped(out, &config.title, at)?;
    write!(out, "</title>\n    <description>")?;
    escaped(out, &config.base, at)?;
    writeln!(out, "</description>\n  </meta>")?;
    let default = if directed { "directed" } else { "undirected" };
    writeln!(
        out,
        r#"  <graph defaultedgetype="{default}" mode="static">"#
    )?;
    writeln!(out, r#"    <attributes class="node" mode="static">"#)?;
    for attribute in fields::TERM {
        attribute_decl(out, attribute.name, gexf_type(attribute.kind))?;
        if let Kind::List { count: Some(count) } = attribute.kind {
            attribute_decl(out, count, "integer")?;
        }
    }
    for name in &labels.names {
        attribute_decl(out, name, "string")?;
    }
    writeln!(out, "    </attributes>")?;
    writeln!(out, r#"    <attributes class="edge" mode="static">"#)?;
    attribute_decl(out, "kind", "string")?;
    attribute_decl(out, "mutual", "boolean")?;
    attribute_decl(out, "statedByOld", "boolean")?;
    attribute_decl(out, "statedByNew", "boolean")?;
    if hierarchy {
        attribute_decl(out, STATED_BY_NARROWER, "boolean")?;
        attribute_decl(out, STATED_BY_BROADER, "boolean")?;
    }
    writeln!(out, "    </attributes>")?;
    Ok(())
}

fn attribute_decl(out: &mut impl Write, id: &str, ty: &str) -> Result<(), ExportError> {
    writeln!(
        out,
        r#"      <attribute id="{id}" title="{id}" type="{ty}"/>"#
    )?;
    Ok(())
}

/// `text` escaped for an attribute value (quotes, line breaks and tabs as references).
fn escaped(out: &mut impl Write, text: &str, at: super::xml::Origin) -> Result<(), ExportError> {
    escape_runs(text, at, &ATTR, |run| out.write_all(run.as_bytes()))
}

/// One `<node>` with its attribute values and its look.
fn node(
    out: &mut Vec<u8>,
    glossary: &Glossary,
    labels: &Labels,
    i: usize,
) -> Result<(), ExportError> {
    let node = NodeIndex::new(i);
    let slug = glossary.slug(node);
    let map = glossary.map();
    let degree = glossary.neighbours(node).len();
    write!(out, r#"      <node id=""#)?;
    escaped(out, slug, origin(slug, "slug"))?;
    write!(out, r#"" label=""#)?;
    let card = glossary.card(node);
    escaped(out, card.map_or(slug, |c| c.term()), origin(slug, "term"))?;
    writeln!(out, r#"">"#)?;
    if let Some(card) = card {
        writeln!(out, "        <attvalues>")?;
        let values = fields::term_values(card, map, i, degree);
        for (attribute, value) in fields::TERM.iter().zip(&values) {
            let at = origin(slug, attribute.name);
            if !value.is_empty() {
                write!(
                    out,
                    r#"          <attvalue for="{}" value=""#,
                    attribute.name
                )?;
                match value {
                    Value::Text(t) => escaped(out, t, at)?,
                    Value::Date(d) => {
                        out.write_all(d.as_ref().map_or("", |d| d.as_str()).as_bytes())?;
                    }
                    Value::List(items) => {
                        for (k, item) in items.iter().enumerate() {
                            if k > 0 {
                                out.write_all(b"&#10;")?;
                            }
                            escaped(out, item, at)?;
                        }
                    }
                    Value::Dates(items) => {
                        for (k, item) in items.iter().enumerate() {
                            if k > 0 {
                                out.write_all(b"&#10;")?;
                            }
                            out.write_all(item.as_ref().map_or("", |d| d.as_str()).as_bytes())?;
                        }
                    }
                    Value::Int(n) => write!(out, "{n}")?,
                }
                out.write_all(b"\"/>\n")?;
            }
            if let Kind::List { count: Some(count) } = attribute.kind {
                writeln!(
                    out,
                    r#"          <attvalue for="{count}" value="{}"/>"#,
                    value.len()
                )?;
            }
        }
        let at = origin(slug, "languages");
        for (name, label) in labels.names.iter().zip(labels.of_card(card)) {
            if let Some(label) = label.filter(|l| !l.is_empty()) {
                write!(out, r#"          <attvalue for="{name}" value=""#)?;
                escaped(out, label, at)?;
                out.write_all(b"\"/>\n")?;
            }
        }
        writeln!(out, "        </attvalues>")?;
    }
    let (r, g, b) = rgb(&map.topic_of(i).color);
    let (x, y) = map.position(i);
    writeln!(out, r#"        <viz:color r="{r}" g="{g}" b="{b}"/>"#)?;
    writeln!(
        out,
        r#"        <viz:position x="{}" y="{}" z="0.0"/>"#,
        Coordinate(x),
        Coordinate(y)
    )?;
    writeln!(
        out,
        r#"        <viz:size value="{}"/>"#,
        Coordinate(crate::map::node_size(degree))
    )?;
    writeln!(out, "      </node>")?;
    Ok(())
}

/// One `<edge>`: `supersedes` directed old → new, `broader` directed narrower → broader,
/// `related` mutual (undirected in a graph without any directed edge).
fn edge(
    out: &mut Vec<u8>,
    glossary: &Glossary,
    a: NodeIndex,
    b: NodeIndex,
    link: Link,
    directed: bool,
) -> Result<(), ExportError> {
    let (sa, sb) = (glossary.slug(a), glossary.slug(b));
    let kind = link.kind();
    write!(out, r#"      <edge id="e-{kind}-"#)?;
    escaped(out, sa, origin(sa, "slug"))?;
    out.push(b'-');
    escaped(out, sb, origin(sb, "slug"))?;
    // A related link between two terms that one supersedes (or that one is broader than) runs
    // the same way as the directed link: NetworkX's reader only keeps two edges between one
    // pair apart (as a multigraph) when they are written in the same direction.
    let reversed = !link.is_directed()
        && glossary
            .graph()
            .edges_connecting(b, a)
            .any(|e| e.weight().is_directed());
    let (source, target) = if reversed { (sb, sa) } else { (sa, sb) };
    write!(out, r#"" source=""#)?;
    escaped(out, source, origin(source, "slug"))?;
    write!(out, r#"" target=""#)?;
    escaped(out, target, origin(target, "slug"))?;
    let ty = match link {
        Link::Related { .. } if directed => "mutual",
        Link::Related { .. } => "undirected",
        Link::Supersedes { .. } | Link::Broader { .. } => "directed",
    };
    let weight = link.weight();
    writeln!(
        out,
        r#"" type="{ty}" label="{kind}" weight="{}">"#,
        Coordinate(weight)
    )?;
    writeln!(out, "        <attvalues>")?;
    writeln!(out, r#"          <attvalue for="kind" value="{kind}"/>"#)?;
    match link {
        Link::Related { mutual } => {
            writeln!(
                out,
                r#"          <attvalue for="mutual" value="{mutual}"/>"#
            )?;
        }
        Link::Supersedes { by_old, by_new } => {
            writeln!(
                out,
                r#"          <attvalue for="statedByOld" value="{by_old}"/>"#
            )?;
            writeln!(
                out,
                r#"          <attvalue for="statedByNew" value="{by_new}"/>"#
            )?;
        }
        Link::Broader {
            by_narrower,
            by_broader,
        } => {
            writeln!(
                out,
                r#"          <attvalue for="{STATED_BY_NARROWER}" value="{by_narrower}"/>"#
            )?;
            writeln!(
                out,
                r#"          <attvalue for="{STATED_BY_BROADER}" value="{by_broader}"/>"#
            )?;
        }
    }
    writeln!(out, "        </attvalues>")?;
    writeln!(out, "      </edge>")?;
    Ok(())
}
