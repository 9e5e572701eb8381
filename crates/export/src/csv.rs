//! CSV for bulk import into graph databases and data tools: `glossary.nodes.csv` (one row per
//! term) and `glossary.edges.csv` (one row per link), in the header convention of Neo4j's
//! `neo4j-admin database import`, which Memgraph, Kuzu, FalkorDB and pandas read as well.
//!
//! Each file is RFC 4180 CSV in UTF-8 with one header line, except that records end with a
//! line feed (as every one of those tools writes and reads them). Every non-empty text is
//! quoted, with `"` doubled, so commas, quotes, line breaks (CR and LF), tabs and emoji survive;
//! an absent field is an empty, unquoted cell (no property, to `neo4j-admin`); numbers and
//! booleans are bare.
//!
//! Nodes: `slug:ID` (the slug is the import id and stays a property), `:LABEL` (`Term`), then the
//! attributes of [`super::fields::TERM`] in order, typed in the header: texts plain, lists
//! `name:string[]` followed by their `…Count:int` column, the degree `degree:int`; then the place
//! on the topic map, `x:double` and `y:double` (y growing upwards); before those, in a glossary
//! whose cards have terms in other languages, the term in each language (`term_{tag}`,
//! [`Labels`]). A list's items are joined
//! with [`ARRAY_DELIMITER`], U+001F (the ASCII unit separator): `check` rejects that character
//! in every text (`invalid-char`), so it can only ever separate items, never stand inside one;
//! `neo4j-admin` takes it as `--array-delimiter=U+001F`. (`;`, its default, is common in
//! titles and sentences.) Dates are the card's text, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
//!
//! Edges: `:START_ID`, `:END_ID`, `:TYPE`, then `mutual:boolean` (for `RELATED`) and
//! `statedByOld:boolean`, `statedByNew:boolean` (for `SUPERSEDES`), and in a glossary with a
//! hierarchy `statedByNarrower:boolean`, `statedByBroader:boolean` (for `BROADER`), empty where
//! they do not apply. A `RELATED` link is written once per pair, from the smaller slug to the
//! larger (the graph's order; Cypher matches it either way with `-[:RELATED]-`). A
//! `SUPERSEDES` row runs from the new term to the old one it replaces, so that
//! `(a)-[:SUPERSEDES]->(b)` reads as the card says it, "a supersedes b". (GraphML, GEXF and
//! the JSON formats draw the same link as an arrow from the old term to the new.) A `BROADER`
//! row runs from the narrower term to the broader, as in every other format:
//! `(a)-[:BROADER]->(b)` reads "a has the broader concept b", as `skos:broader` does, and
//! `(a)-[:BROADER*]->(b)` finds every concept above `a`.
//!
//! Both files stream: rows are rendered a chunk at a time on every core
//! ([`output::write_chunks`]) and written in order.

use std::io::{BufWriter, Write};

use petgraph::graph::{EdgeIndex, NodeIndex};

use super::fields::{self, Kind, Labels, Value, STATED_BY_BROADER, STATED_BY_NARROWER};
use crate::config::Config;
use crate::graph::Link;
use crate::map::Coordinate;
use crate::output::{self, ExportError};
use crate::Glossary;

/// What joins the items of a `string[]` column: U+001F, which no checked text holds.
pub const ARRAY_DELIMITER: char = '\u{1F}';

/// The label of every term's node (and, for a stub of a missing term, `Missing`).
pub const LABEL: &str = "Term";

/// The relationship types.
pub const RELATED: &str = "RELATED";
pub const SUPERSEDES: &str = "SUPERSEDES";
pub const BROADER: &str = "BROADER";

/// The header of the edges file (of a glossary with a hierarchy, before the columns of
/// `BROADER`).
const EDGE_HEADER: &str =
    ":START_ID,:END_ID,:TYPE,mutual:boolean,statedByOld:boolean,statedByNew:boolean";

/// Rows rendered together on one core.
const CHUNK: usize = 256;

/// Writes `glossary.nodes.csv`: one row per term.
///
/// # Errors
/// Those of `w`, or [`ExportError::Unwritable`] naming the term and field of a list item that
/// holds [`ARRAY_DELIMITER`] (which `check` reports as `invalid-char`).
pub fn write_nodes(
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    let mut out = BufWriter::with_capacity(1 << 16, w);
    let labels = Labels::of(glossary, config);
    out.write_all(node_header(&labels).as_bytes())?;
    output::write_chunks(
        &mut out,
        glossary.graph().node_count(),
        CHUNK,
        |range, buf| {
            for i in range {
                output::warm_ahead(glossary, i);
                node(buf, glossary, &labels, i)?;
            }
            Ok(())
        },
    )?;
    out.flush()?;
    Ok(())
}

/// Writes `glossary.edges.csv`: one row per link, in the graph's order.
///
/// # Errors
/// Those of `w`.
pub fn write_edges(glossary: &Glossary, w: impl Write + Send) -> Result<(), ExportError> {
    let mut out = BufWriter::with_capacity(1 << 16, w);
    let hierarchy = glossary.edge_counts().broader > 0;
    out.write_all(EDGE_HEADER.as_bytes())?;
    if hierarchy {
        write!(
            out,
            ",{STATED_BY_NARROWER}:boolean,{STATED_BY_BROADER}:boolean"
        )?;
    }
    out.write_all(b"\n")?;
    let graph = glossary.graph();
    output::write_chunks(&mut out, graph.edge_count(), 4 * CHUNK, |range, buf| {
        for i in range {
            let e = EdgeIndex::new(i);
            let (a, b) = graph.edge_endpoints(e).expect("edge index in range");
            edge(buf, glossary, a, b, graph[e], hierarchy);
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(())
}

/// The header of the nodes file, from [`fields::TERM`] and the languages of `labels`.
pub fn node_header(labels: &Labels) -> String {
    let mut header = String::new();
    for attribute in fields::TERM {
        if !header.is_empty() {
            header.push(',');
        }
        header.push_str(attribute.name);
        match attribute.kind {
            _ if attribute.name == "slug" => header.push_str(":ID,:LABEL"),
            Kind::Text => {}
            Kind::List { count } => {
                header.push_str(":string[]");
                if let Some(count) = count {
                    header.push(',');
                    header.push_str(count);
                    header.push_str(":int");
                }
            }
            Kind::Int => header.push_str(":int"),
        }
    }
    for name in &labels.names {
        header.push(',');
        header.push_str(name);
    }
    header.push_str(",x:double,y:double\n");
    header
}

/// Appends `text` as a quoted cell (nothing for an empty one).
fn quoted(out: &mut Vec<u8>, text: &str) {
    if text.is_empty() {
        return;
    }
    out.push(b'"');
    cell_text(out, text);
    out.push(b'"');
}

/// Appends `text` with its quotes doubled.
fn cell_text(out: &mut Vec<u8>, text: &str) {
    let mut rest = text.as_bytes();
    while let Some(at) = rest.iter().position(|&b| b == b'"') {
        out.extend_from_slice(&rest[..=at]);
        out.push(b'"');
        rest = &rest[at + 1..];
    }
    out.extend_from_slice(rest);
}

/// Appends the items of a list as one quoted cell, joined with [`ARRAY_DELIMITER`] (nothing
/// for an empty list).
fn quoted_items<'s>(
    out: &mut Vec<u8>,
    items: impl ExactSizeIterator<Item = &'s str>,
    slug: &str,
    field: &str,
) -> Result<(), ExportError> {
    if items.len() == 0 {
        return Ok(());
    }
    out.push(b'"');
    for (k, item) in items.enumerate() {
        if item.contains(ARRAY_DELIMITER) {
            return Err(ExportError::Unwritable(format!(
                "term `{slug}`: an item of `{field}` holds U+001F, the CSV array delimiter"
            )));
        }
        if k > 0 {
            let mut delimiter = [0u8; 4];
            out.extend_from_slice(ARRAY_DELIMITER.encode_utf8(&mut delimiter).as_bytes());
        }
        cell_text(out, item);
    }
    out.push(b'"');
    Ok(())
}

/// One node row.
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
    match glossary.card(node) {
        Some(card) => {
            let values = fields::term_values(card, map, i, degree);
            for (k, (attribute, value)) in fields::TERM.iter().zip(&values).enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                match value {
                    Value::Text(t) => quoted(out, t),
                    Value::Date(d) => {
                        out.extend_from_slice(d.as_ref().map_or("", |d| d.as_str()).as_bytes());
                    }
                    Value::List(items) => {
                        quoted_items(out, items.iter().copied(), slug, attribute.name)?;
                    }
                    Value::Dates(items) => {
                        let texts: Vec<&str> = items
                            .iter()
                            .map(|d| d.as_ref().map_or("", |d| d.as_str()))
                            .collect();
                        quoted_items(out, texts.into_iter(), slug, attribute.name)?;
                    }
                    Value::Int(n) => write!(out, "{n}")?,
                }
                if attribute.name == "slug" {
                    out.push(b',');
                    out.extend_from_slice(LABEL.as_bytes());
                }
                if let Kind::List { count: Some(_) } = attribute.kind {
                    write!(out, ",{}", value.len())?;
                }
            }
            for label in labels.of_card(card) {
                out.push(b',');
                quoted(out, label.unwrap_or(""));
            }
        }
        None => {
            stub(out, glossary, i, slug, degree)?;
            out.extend(std::iter::repeat_n(b',', labels.names.len()));
        }
    }
    let (x, y) = map.position(i);
    writeln!(out, ",{},{}", Coordinate(x), Coordinate(y))?;
    Ok(())
}

/// The row of a slug that cards link to but no card defines: labelled `Missing`, with only its
/// slug, zero counts, its topic and its degree.
fn stub(
    out: &mut Vec<u8>,
    glossary: &Glossary,
    i: usize,
    slug: &str,
    degree: usize,
) -> Result<(), ExportError> {
    let topic = glossary.map().topic_of(i);
    for (k, attribute) in fields::TERM.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        match attribute.name {
            "slug" => {
                quoted(out, slug);
                out.extend_from_slice(b",Missing");
            }
            "topic" => quoted(out, &topic.id),
            "topicName" => quoted(out, &topic.name),
            _ => {}
        }
        match attribute.kind {
            Kind::List { count: Some(_) } => out.extend_from_slice(b",0"),
            Kind::Int => write!(out, "{degree}")?,
            _ => {}
        }
    }
    Ok(())
}

/// One edge row; `hierarchy`: the file has the two columns of `BROADER`.
fn edge(
    out: &mut Vec<u8>,
    glossary: &Glossary,
    a: NodeIndex,
    b: NodeIndex,
    link: Link,
    hierarchy: bool,
) {
    let (sa, sb) = (glossary.slug(a), glossary.slug(b));
    match link {
        Link::Related { mutual } => {
            row(out, sa, sb, RELATED);
            out.extend_from_slice(if mutual { b",true,," } else { b",false,," });
        }
        Link::Supersedes { by_old, by_new } => {
            // The new term supersedes the old: (new)-[:SUPERSEDES]->(old).
            row(out, sb, sa, SUPERSEDES);
            out.extend_from_slice(format!(",,{by_old},{by_new}").as_bytes());
        }
        Link::Broader {
            by_narrower,
            by_broader,
        } => {
            // (narrower)-[:BROADER]->(broader), as the graph has it.
            row(out, sa, sb, BROADER);
            out.extend_from_slice(format!(",,,,{by_narrower},{by_broader}\n").as_bytes());
            return;
        }
    }
    out.extend_from_slice(if hierarchy { b",,\n" } else { b"\n" });
}

fn row(out: &mut Vec<u8>, start: &str, end: &str, ty: &str) {
    quoted(out, start);
    out.push(b',');
    quoted(out, end);
    out.push(b',');
    out.extend_from_slice(ty.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::draft as card;

    fn sample() -> Glossary {
        let mut old = card("roce-v1", "RoCEv1");
        old.superseded_by = vec!["roce-v2".into()];
        let mut new = card("roce-v2", "RoCE \"v2\" routable");
        new.supersedes = vec!["roce-v1".into()];
        new.related = vec!["iwarp".into()];
        new.aliases = vec!["RoCE v2".into(), "a;b,\nc".into()];
        Glossary::new(vec![new.into(), card("iwarp", "iWARP").into(), old.into()])
    }

    fn written(g: &Glossary) -> (String, String) {
        let (mut nodes, mut edges) = (Vec::new(), Vec::new());
        write_nodes(g, &Config::default(), &mut nodes).unwrap();
        write_edges(g, &mut edges).unwrap();
        (
            String::from_utf8(nodes).unwrap(),
            String::from_utf8(edges).unwrap(),
        )
    }

    #[test]
    fn the_header_types_every_column_and_counts_follow_their_lists() {
        let header = node_header(&Labels::default());
        assert!(header.starts_with(
            "slug:ID,:LABEL,term,status,definition,aliases:string[],aliasCount:int,note,"
        ));
        assert!(header.contains(",citationIds:string[],citationCount:int,citationTitles:string[],"));
        assert!(header.ends_with(",topic,topicName,degree:int,x:double,y:double\n"));
        let (nodes, _) = written(&sample());
        let columns = header.trim_end().split(',').count();
        // A row without commas in its texts has as many cells as the header.
        let iwarp = nodes.lines().find(|l| l.starts_with("\"iwarp\"")).unwrap();
        assert_eq!(iwarp.split(',').count(), columns, "{iwarp}");
    }

    #[test]
    fn texts_are_quoted_lists_joined_and_supersedes_runs_from_the_new_term() {
        let (nodes, edges) = written(&sample());
        assert!(nodes.contains("\"roce-v2\",Term,\"RoCE \"\"v2\"\" routable\""));
        assert!(nodes.contains(",\"RoCE v2\u{1F}a;b,\nc\",2,"));
        assert_eq!(
            edges,
            format!(
                "{EDGE_HEADER}\n\"iwarp\",\"roce-v2\",RELATED,false,,\n\
                 \"roce-v2\",\"roce-v1\",SUPERSEDES,,true,true\n"
            )
        );
    }

    #[test]
    fn a_list_item_holding_the_delimiter_is_refused_by_name() {
        let mut c = card("a", "A");
        c.aliases = vec!["x\u{1F}y".into()];
        let err = write_nodes(
            &Glossary::new(vec![c.into()]),
            &Config::default(),
            Vec::new(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("`a`"), "{err}");
        assert!(err.to_string().contains("aliases"), "{err}");
    }

    #[test]
    fn a_stub_row_has_as_many_cells_as_the_header() {
        let mut c = card("a", "A");
        c.related = vec!["ghost".into()];
        let g = Glossary::new(vec![c.into()]).with_missing();
        let (nodes, _) = written(&g);
        let ghost = nodes.lines().find(|l| l.starts_with("\"ghost\"")).unwrap();
        assert!(ghost.starts_with("\"ghost\",Missing,"), "{ghost}");
        assert_eq!(
            ghost.split(',').count(),
            node_header(&Labels::default())
                .trim_end()
                .split(',')
                .count()
        );
    }
}
