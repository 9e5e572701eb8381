//! Graphviz DOT topic maps: the whole glossary, or a [`View`](crate::drawing::View) of it that
//! stays readable.
//!
//! The map is a `digraph`: `supersedes` is a solid arrow from the old term to the new one and
//! `broader` a solid arrow in the palette's blue with a hollow head (`onormal`) from the
//! narrower term to the broader, both setting the ranks; `related` is dashed, without
//! arrowheads and with `constraint=false`, so that the many associations do not distort the
//! ranks. A term link (one term's text linking another's page; see
//! `drawing::term_links` for which are drawn) is lighter still: a dotted grey arrow
//! with a small head from the linking term to the linked, `constraint=false` too. Nodes are
//! filled by status; the legend and
//! the title are an HTML-like table in the graph label, which every engine draws (`sfdp`
//! ignores clusters, so a legend cluster would fall apart there). Each node has the definition
//! as `tooltip` and the concept IRI as `URL`, so an SVG is a clickable, hoverable map.
//!
//! Views exist because a topic map of thousands of terms is a hairball and `dot` does not
//! finish one: [`View::select`](crate::drawing::View::select) picks a term's neighbourhood
//! (`focus`, `depth`) and/or some statuses, and refuses — with the node count and what to do
//! instead — to draw more than `max_nodes`.
//!
//! Escaping follows what Graphviz does with each attribute, checked against its SVG output
//! (see `docs/dot.md`): in labels `\` becomes `\\`; in tooltips and URLs, which Graphviz
//! unescapes twice (and where `\N`, `\G`, … would be replaced by names), `\` becomes `\\\\`;
//! `"` becomes `\"`, a line break `\n`, and `&` becomes `&amp;` because Graphviz decodes
//! entities. (Graphviz writes a tooltip's tab into an SVG attribute as a raw tab, which XML
//! reads back as a space; no DOT spelling avoids that.) Graphviz rejects a quoted string longer than [`MAX_QUOTED`] bytes, so longer
//! texts are cut at a character boundary and end with `…`; the cut never splits an escape.
//!
//! The DOT writer here, its escaping in `escape.rs`; the views it draws, their legend and
//! colours are the drawing model's ([`crate::drawing`]).

use std::io::{BufWriter, Write};

use petgraph::graph::{EdgeIndex, NodeIndex};

use crate::drawing::palette::{status_stroke, BROADER, NO_STATUS, TERM_LINK};
use crate::drawing::{concept_iri, Cluster, Drawing, Engine, Legend, Places, Selection};
use crate::graph::Link;
use crate::map::{Coordinate, TOPIC_LABEL as CLUSTER_LABEL};
use crate::output::{self, ExportError};
use crate::Glossary;

mod escape;

use escape::*;

/// The longest quoted string Graphviz accepts, in bytes between the quotes (its lexer fails
/// with "syntax error … scanning a quoted string" from 16,382 on).
pub const MAX_QUOTED: usize = 16_381;

/// Nodes (or half as many edges) written together, on one of the cores.
const CHUNK: usize = 1024;
/// The font the DOT names. Graphviz reads `Helvetica` as its PostScript alias and draws the
/// machine's default sans-serif (DejaVu Sans on Debian, about 10% wider than the Helvetica
/// widths the map's boxes are made for, so labels overflowed them); `Arial` reaches Arial, or
/// through fontconfig's metric aliases Liberation Sans or Arimo, all with Helvetica's widths.
const FONT: &str = "Arial";

/// Marks a text cut to fit [`MAX_QUOTED`].
const ELLIPSIS: &str = "…";

/// Writes `drawing` as a Graphviz DOT topic map: the nodes of its selection and the edges
/// between them.
///
/// Streams through a `BufWriter`.
///
/// # Errors
/// Those of `w`.
pub fn write(drawing: &Drawing, w: impl Write + Send) -> Result<(), ExportError> {
    let (glossary, view, selection) = (drawing.glossary, drawing.view, &drawing.selection);
    let dot = Dot {
        drawing,
        places: (view.engine == Engine::Map).then(|| Places::of(glossary, selection)),
    };
    let mut out = BufWriter::with_capacity(1 << 16, w);
    let mut buf = String::new();
    dot.header(&mut out, &mut buf)?;

    // The invisible edges that give `dot` its ranks come from a walk of the whole selection:
    // it runs beside the writing of the nodes and edges.
    let (ranks, written) = rayon::join(
        || (view.engine == Engine::Dot).then(|| rank_edges(glossary, selection)),
        || -> Result<(), ExportError> {
            match view.cluster {
                Cluster::None => {
                    output::write_chunks(
                        &mut out,
                        selection.nodes.len(),
                        CHUNK,
                        |range, chunk| {
                            let mut buf = String::new();
                            for &node in &selection.nodes[range] {
                                dot.node(chunk, &mut buf, node, "  ")?;
                            }
                            Ok(())
                        },
                    )?;
                }
                Cluster::Status | Cluster::Component | Cluster::Topic => {
                    dot.clusters(&mut out, &mut buf)?;
                }
            }
            edges(&mut out, glossary, selection)?;
            term_links(&mut out, glossary, selection)
        },
    );
    written?;
    if let Some(tree) = ranks {
        output::write_chunks(&mut out, tree.len(), 2 * CHUNK, |range, out| {
            let mut buf = String::new();
            for &(parent, child) in &tree[range] {
                out.extend_from_slice(b"  ");
                quoted(out, &mut buf, glossary.slug(parent), Escape::Id)?;
                out.extend_from_slice(b" -> ");
                quoted(out, &mut buf, glossary.slug(child), Escape::Id)?;
                out.extend_from_slice(b" [style=\"invis\"];\n");
            }
            Ok(())
        })?;
    }
    writeln!(out, "}}")?;
    out.flush()?;
    Ok(())
}

/// The DOT of one drawing: the drawing, and on a pinned map ([`Engine::Map`]) the places of
/// its terms and boxes, which the DOT states.
struct Dot<'a> {
    drawing: &'a Drawing<'a>,
    places: Option<Places>,
}

impl Dot<'_> {
    /// The head of the DOT document: the graph's attributes, with the title and legend as an
    /// HTML-like label, and the default node and edge attributes.
    fn header(&self, out: &mut impl Write, buf: &mut String) -> Result<(), ExportError> {
        let (drawing, view) = (self.drawing, self.drawing.view);
        writeln!(
            out,
            "// Topic map written by glossgraph. Render: {} -Tsvg glossary.dot -o glossary.svg",
            match view.engine {
                Engine::Map => "neato -n2",
                other => other.program().0,
            }
        )?;
        writeln!(out, "digraph \"glossary\" {{")?;

        // Graph attributes, with the title and legend as an HTML-like label.
        let title =
            crate::drawing::title(drawing.glossary, drawing.config, view, &drawing.selection);
        write!(
            out,
            "  graph [fontname=\"{FONT}\", rankdir=\"LR\", labelloc=\"t\", labeljust=\"l\""
        )?;
        if view.engine == Engine::Sfdp {
            write!(
                out,
                ", layout=\"sfdp\", overlap=\"prism\", outputorder=\"edgesfirst\", splines=\"false\""
            )?;
        }
        // Pinned at the places of the topic map, the drawing only needs straight edges under the
        // nodes, and the box that holds them all.
        if let Some(places) = &self.places {
            let ((x0, y0), (x1, y1)) = places.bounds;
            write!(
                out,
                ", outputorder=\"edgesfirst\", splines=\"false\", bb=\"{},{},{},{}\"",
                Coordinate(x0),
                Coordinate(y0),
                Coordinate(x1),
                Coordinate(y1)
            )?;
        }
        write!(out, ", tooltip=")?;
        quoted(out, buf, &title, Escape::Tooltip)?;
        write!(out, ", label=<")?;
        self.legend(out, &title)?;
        writeln!(out, ">];")?;
        writeln!(
            out,
            "  node [shape=\"box\", style=\"rounded,filled\", fontname=\"{FONT}\", fontsize=\"11\", color=\"#333333\", fillcolor=\"#ffffff\"];"
        )?;
        writeln!(out, "  edge [color=\"#333333\", arrowsize=\"0.8\"];")?;

        Ok(())
    }

    /// The nodes of `selection` in the clusters of `view` (status, component or topic), each a
    /// subgraph with its label and colour, and on a pinned map its box.
    fn clusters(&self, out: &mut impl Write, buf: &mut String) -> Result<(), ExportError> {
        let (drawing, glossary, view) = (self.drawing, self.drawing.glossary, self.drawing.view);
        let groups = crate::drawing::groups(glossary, drawing.config, view, &drawing.selection);
        for (i, (label, nodes)) in groups.iter().enumerate() {
            writeln!(
                out,
                "  subgraph \"cluster_{}_{}\" {{",
                cluster_name(view.cluster),
                i + 1
            )?;
            write!(out, "    label=")?;
            quoted(out, buf, label, Escape::Label)?;
            writeln!(out, ";")?;
            writeln!(out, "    style=\"rounded\";")?;
            match view.cluster {
                Cluster::Topic => {
                    let topic = glossary.map().topic_of(nodes[0].index());
                    writeln!(out, "    color=\"{}\";", topic.color)?;
                    writeln!(out, "    fontcolor=\"{}\";", topic.color)?;
                }
                _ => writeln!(out, "    color=\"#bbbbbb\";")?,
            }
            if let Some(places) = &self.places {
                // Graphviz draws a pinned map's boxes where they are said to be.
                let ((x0, y0), (x1, y1)) = places.titled(nodes, label);
                writeln!(
                    out,
                    "    bb=\"{},{},{},{}\";",
                    Coordinate(x0),
                    Coordinate(y0),
                    Coordinate(x1),
                    Coordinate(y1)
                )?;
                writeln!(
                    out,
                    "    lp=\"{},{}\";",
                    Coordinate((x0 + x1) / 2.0),
                    Coordinate(y1 - CLUSTER_LABEL / 2.0)
                )?;
            }
            for &node in nodes {
                self.node(out, buf, node, "    ")?;
            }
            writeln!(out, "  }}")?;
        }
        Ok(())
    }

    /// One node of the drawing, `indent`ed.
    fn node(
        &self,
        out: &mut impl Write,
        buf: &mut String,
        node: NodeIndex,
        indent: &str,
    ) -> Result<(), ExportError> {
        let (glossary, config) = (self.drawing.glossary, self.drawing.config);
        let places = self.places.as_ref();
        let slug = glossary.slug(node);
        write!(out, "{indent}")?;
        quoted(out, buf, slug, Escape::Id)?;
        // A pinned box has the map's size: its label is cut as the SVG cuts it.
        let label = |text| match places {
            Some(_) => crate::map::shown_label(text, glossary.map().size(node.index()).0),
            None => std::borrow::Cow::Borrowed(text),
        };
        match glossary.card(node) {
            Some(card) => {
                write!(out, " [label=")?;
                quoted(out, buf, &label(card.term()), Escape::Label)?;
                write!(out, ", tooltip=")?;
                quoted(
                    out,
                    buf,
                    &crate::card::markdown::plain(card.definition()),
                    Escape::Tooltip,
                )?;
                write!(out, ", URL=")?;
                quoted(out, buf, &concept_iri(&config.base, slug), Escape::Tooltip)?;
                // The maps' one code: the topic's colour fills, the status's rings.
                let fill = crate::map::tint(&glossary.map().topic_of(node.index()).color);
                let (ring, width) = status_stroke(config, card.status());
                let width = if self.drawing.selection.focus == Some(node) {
                    3.5
                } else {
                    width
                };
                write!(
                    out,
                    ", fillcolor=\"{fill}\", color=\"{ring}\", penwidth=\"{width}\""
                )?;
            }
            None => {
                write!(out, " [label=")?;
                quoted(out, buf, &label(slug), Escape::Label)?;
                write!(
                    out,
                    ", tooltip=\"not defined in the glossary\", style=\"rounded,dashed\", color=\"{NO_STATUS}\""
                )?;
            }
        }
        if let Some(places) = places {
            let (x, y) = places.at[node.index()];
            let (w, h) = glossary.map().size(node.index());
            write!(
                out,
                ", pos=\"{},{}!\", width=\"{}\", height=\"{}\", fixedsize=\"shape\"",
                Coordinate(x),
                Coordinate(y),
                Inches(w),
                Inches(h),
            )?;
        }
        writeln!(out, "];")?;
        Ok(())
    }

    /// The title and the legend, as the rows of an HTML-like table: the code (topic fill, status
    /// ring), one cell per status drawn, bordered with its ring's colour, and the two edge styles.
    fn legend(&self, out: &mut impl Write, title: &str) -> Result<(), ExportError> {
        let (drawing, config) = (self.drawing, self.drawing.config);
        let Legend {
            statuses,
            supersedes,
            related,
            broader,
            term_links,
        } = Legend::of(drawing.glossary, config, &drawing.selection);
        let links = usize::from(supersedes)
            + usize::from(broader)
            + usize::from(related)
            + usize::from(term_links);
        write!(
            out,
            "<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr><td colspan=\"{}\" border=\"0\" align=\"left\"><b>",
            1 + statuses.len() + links
        )?;
        let mut cut = String::new();
        truncate_chars(title, 200, &mut cut);
        html_text(out, &cut)?;
        write!(
            out,
            "</b></td></tr><tr><td border=\"0\">fill: the term's topic; ring:</td>"
        )?;
        for status in statuses {
            let (ring, width) = status_stroke(config, status);
            write!(out, "<td color=\"{ring}\" border=\"{width}\">")?;
            html_text(out, status.unwrap_or("no status"))?;
            write!(out, "</td>")?;
        }
        if supersedes {
            write!(
                out,
                "<td border=\"0\">&#8594; supersedes (old &#8594; new)</td>"
            )?;
        }
        if broader {
            // The hollow head of the drawn arrow, in its colour.
            write!(
                out,
                "<td border=\"0\"><font color=\"{BROADER}\">&#8212;&#9655;</font> broader (narrower &#8594; broader)</td>"
            )?;
        }
        if related {
            write!(out, "<td border=\"0\">- - - related</td>")?;
        }
        if term_links {
            write!(
                out,
                "<td border=\"0\"><font color=\"{TERM_LINK}\">&#183;&#183;&#183;&#8594;</font> term link (linking &#8594; linked)</td>"
            )?;
        }
        write!(out, "</tr></table>")?;
        Ok(())
    }
}

/// The links between terms of `selection`: `supersedes` as arrows, `broader` as blue arrows
/// with hollow heads, `related` dashed.
fn edges(
    out: &mut (impl Write + Send),
    glossary: &Glossary,
    selection: &Selection,
) -> Result<(), ExportError> {
    let graph = glossary.graph();
    let broader = format!(" [arrowhead=\"onormal\", color=\"{BROADER}\"];\n");
    output::write_chunks(out, graph.edge_count(), 2 * CHUNK, |range, out| {
        let mut buf = String::new();
        for e in range.map(EdgeIndex::new) {
            let (a, b) = graph.edge_endpoints(e).expect("edge index in range");
            if !(selection.contains(a) && selection.contains(b)) {
                continue;
            }
            out.extend_from_slice(b"  ");
            quoted(out, &mut buf, glossary.slug(a), Escape::Id)?;
            out.extend_from_slice(b" -> ");
            quoted(out, &mut buf, glossary.slug(b), Escape::Id)?;
            out.extend_from_slice(match graph[e] {
                Link::Supersedes { .. } => b";\n",
                Link::Broader { .. } => broader.as_bytes(),
                Link::Related { .. } => {
                    b" [dir=\"none\", style=\"dashed\", constraint=\"false\", color=\"#888888\"];\n"
                }
            });
        }
        Ok(())
    })?;
    Ok(())
}

/// The term links a drawing of `selection` draws ([`crate::drawing::term_links`]): dotted
/// grey arrows with small heads, from the linking term to the linked, that leave the ranks
/// alone.
fn term_links(
    out: &mut impl Write,
    glossary: &Glossary,
    selection: &Selection,
) -> Result<(), ExportError> {
    let style = format!(
        " [style=\"dotted\", color=\"{TERM_LINK}\", arrowsize=\"0.5\", constraint=\"false\"];\n"
    );
    let mut buf = String::new();
    for (a, b) in crate::drawing::term_links(glossary, selection) {
        out.write_all(b"  ")?;
        quoted(out, &mut buf, glossary.slug(a), Escape::Id)?;
        out.write_all(b" -> ")?;
        quoted(out, &mut buf, glossary.slug(b), Escape::Id)?;
        out.write_all(style.as_bytes())?;
    }
    Ok(())
}

/// Invisible edges that give `dot` its ranks: the tree of a breadth-first walk from the focus
/// term (or, per connected group, from its most linked term), so that a term's column is its
/// distance from the centre. Without them every `related` edge, drawn with
/// `constraint=false`, leaves its ends on one rank and the map becomes a single tall column.
/// A tree link that is already a `supersedes` or `broader` edge is left to that edge. The
/// drawn term links join terms too: a glossary linked only in its texts is ranked by them.
fn rank_edges(glossary: &Glossary, selection: &Selection) -> Vec<(NodeIndex, NodeIndex)> {
    let count = glossary.graph().node_count();
    let mut linked: Vec<Vec<NodeIndex>> = vec![Vec::new(); count];
    for (a, b) in crate::drawing::term_links(glossary, selection) {
        linked[a.index()].push(b);
        linked[b.index()].push(a);
    }
    let neighbours = |n: NodeIndex| -> Vec<NodeIndex> {
        let mut out = glossary.neighbours(n);
        out.retain(|&m| selection.contains(m));
        out.extend_from_slice(&linked[n.index()]);
        out.sort_unstable();
        out.dedup();
        out
    };
    let mut roots: Vec<(usize, NodeIndex)> = selection
        .nodes
        .iter()
        .map(|&n| (usize::MAX - neighbours(n).len(), n))
        .collect();
    roots.sort_unstable();
    let roots = selection
        .focus
        .into_iter()
        .chain(roots.into_iter().map(|(_, n)| n));
    let mut seen = vec![false; count];
    let mut tree = Vec::new();
    let mut queue = std::collections::VecDeque::new();
    for root in roots {
        if seen[root.index()] {
            continue;
        }
        seen[root.index()] = true;
        queue.push_back(root);
        while let Some(n) = queue.pop_front() {
            for m in neighbours(n) {
                if !seen[m.index()] {
                    seen[m.index()] = true;
                    let ranked = glossary
                        .graph()
                        .edges_connecting(n, m)
                        .chain(glossary.graph().edges_connecting(m, n))
                        .any(|e| e.weight().is_directed());
                    if !ranked {
                        tree.push((n, m));
                    }
                    queue.push_back(m);
                }
            }
        }
    }
    tree
}

fn cluster_name(cluster: Cluster) -> &'static str {
    match cluster {
        Cluster::Status => "status",
        Cluster::Topic => "topic",
        _ => "component",
    }
}

/// A length in points, written in inches (Graphviz's unit for node sizes).
struct Inches(f64);

impl std::fmt::Display for Inches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.3}", self.0 / 72.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::drawing::View;
    use crate::{Card, Draft};

    fn card(slug: &str, status: Option<&str>, related: &[&str], supersedes: &[&str]) -> Card {
        Card::from(Draft {
            slug: slug.into(),
            term: slug.to_uppercase(),
            definition: format!("About {slug}."),
            status: status.map(str::to_owned),
            related: related.iter().map(|s| (*s).to_owned()).collect(),
            supersedes: supersedes.iter().map(|s| (*s).to_owned()).collect(),
            ..Draft::default()
        })
    }

    fn sample() -> Glossary {
        Glossary::new(vec![
            card(
                "roce-v2",
                Some("shipping"),
                &["iwarp", "rdma"],
                &["roce-v1"],
            ),
            card("roce-v1", Some("obsolete"), &[], &[]),
            card("iwarp", Some("shipping"), &["rdma"], &[]),
            card("rdma", None, &[], &[]),
            card("srp", Some("deprecated"), &[], &[]),
        ])
    }

    fn dot(g: &Glossary, view: &View) -> String {
        let mut out = Vec::new();
        let config = Config::default();
        write(&Drawing::select(g, &config, view).unwrap(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn escaped(text: &str, how: Escape) -> String {
        let mut out = String::new();
        escape_quoted(text, how, &mut out);
        out
    }

    #[test]
    fn escapes_per_attribute() {
        assert_eq!(
            escaped("a\"b\\c&d\ne\r\nf\rg", Escape::Label),
            "a\\\"b\\\\c&amp;d\\ne\\nf\\ng"
        );
        assert_eq!(
            escaped("\\N & \\", Escape::Tooltip),
            "\\\\\\\\N &amp; \\\\\\\\"
        );
        assert_eq!(escaped("x&y", Escape::Id), "x&y");
        assert_eq!(escaped("tab\there <é😀>", Escape::Label), "tab\there <é😀>");
        // Short texts are escaped a run at a time, long ones a character at a time (to find
        // where to cut): both ways give the same bytes.
        let hostile = "\"q\" \\ & é\r\n\r😀\n\\";
        let padding = "x".repeat(MAX_QUOTED / 4);
        for how in [Escape::Id, Escape::Label, Escape::Tooltip] {
            let long = escaped(&format!("{hostile}{padding}"), how);
            assert_eq!(long, format!("{}{padding}", escaped(hostile, how)));
        }
    }

    #[test]
    fn long_strings_are_cut_at_a_character_boundary() {
        let fits = "x".repeat(MAX_QUOTED);
        assert_eq!(escaped(&fits, Escape::Label), fits);
        let long = "é".repeat(MAX_QUOTED);
        let cut = escaped(&long, Escape::Label);
        assert!(
            cut.len() <= MAX_QUOTED && cut.ends_with(ELLIPSIS),
            "{}",
            cut.len()
        );
        // A backslash at the cut: never half an escape.
        let backslashes = "\\".repeat(MAX_QUOTED);
        for how in [Escape::Label, Escape::Tooltip] {
            let cut = escaped(&backslashes, how);
            assert!(cut.len() <= MAX_QUOTED);
            let body = cut.strip_suffix(ELLIPSIS).unwrap();
            let per = if how == Escape::Label { 2 } else { 4 };
            assert_eq!(body.len() % per, 0);
            assert!(body.bytes().all(|b| b == b'\\'));
        }
        // Exactly at the limit after escaping: kept whole.
        let edge = format!("{}\\", "x".repeat(MAX_QUOTED - 2));
        assert_eq!(escaped(&edge, Escape::Label).len(), MAX_QUOTED);
    }

    #[test]
    fn the_topic_map_draws_every_term_with_its_style() {
        let layered = View {
            engine: Engine::Dot,
            ..View::default()
        };
        let text = dot(&sample(), &layered);
        assert!(text.starts_with("// Topic map"));
        // Filled with its topic's tint, ringed in its status's colour.
        let g = sample();
        let node = g.node("roce-v2").unwrap();
        let fill = crate::map::tint(&g.map().topic_of(node.index()).color);
        assert!(text.contains(&format!("  \"roce-v2\" [label=\"ROCE-V2\", tooltip=\"About roce-v2.\", URL=\"https://example.org/glossary/term/roce-v2\", fillcolor=\"{fill}\", color=\"#3f7d1a\", penwidth=\"2\"];")), "{text}");
        assert!(text.contains("  \"roce-v1\" -> \"roce-v2\";"));
        assert!(text.contains("  \"iwarp\" -> \"roce-v2\" [dir=\"none\", style=\"dashed\", constraint=\"false\", color=\"#888888\"];"));
        assert!(text.contains("<td color=\"#b35900\" border=\"2\">deprecated</td>"));
        assert!(text.contains("<td color=\"#767676\" border=\"1\">no status</td>"));
        assert!(text.trim_end().ends_with('}'));
    }

    #[test]
    fn focus_depth_and_status_select_nodes() {
        let g = sample();
        let config = Config::default();
        let slugs = |view: &View| -> Vec<String> {
            let s = view.select(&g, &config).unwrap();
            s.nodes.iter().map(|&n| g.slug(n).to_owned()).collect()
        };
        let focus = |slug: &str, depth| View {
            focus: Some(slug.into()),
            depth,
            ..View::default()
        };
        assert_eq!(slugs(&focus("roce-v1", 0)), ["roce-v1"]);
        assert_eq!(slugs(&focus("roce-v1", 1)), ["roce-v1", "roce-v2"]);
        assert_eq!(
            slugs(&focus("roce-v1", 2)),
            ["iwarp", "rdma", "roce-v1", "roce-v2"]
        );
        let shipping = View {
            statuses: vec!["shipping".into()],
            ..focus("roce-v1", 2)
        };
        assert_eq!(slugs(&shipping), ["iwarp", "roce-v1", "roce-v2"]);
        let text = dot(&g, &focus("roce-v1", 1));
        assert!(text.contains("penwidth=\"3.5\""));
        assert!(!text.contains("\"iwarp\""));
        assert!(text.contains("ROCE-V1: terms within 1 link · Glossary"));
    }

    #[test]
    fn bad_views_are_clear_errors() {
        let g = sample();
        let config = Config::default();
        let err = |view: View| view.select(&g, &config).unwrap_err().to_string();
        assert_eq!(
            err(View {
                focus: Some("rcoe-v2".into()),
                ..View::default()
            }),
            "no term has the slug `rcoe-v2`; did you mean `roce-v2`?"
        );
        assert_eq!(
            err(View {
                focus: Some("infiniband".into()),
                ..View::default()
            }),
            "no term has the slug `infiniband`"
        );
        assert!(err(View {
            statuses: vec!["shiping".into()],
            ..View::default()
        })
        .starts_with("`shiping` is not a status of this glossary; did you mean `shipping`?"));
        assert_eq!(
            err(View {
                max_nodes: Some(4),
                engine: Engine::Dot,
                ..View::default()
            }),
            "the topic map would draw 5 nodes, more than the limit of 4 for `dot`; let \
             glossgraph's map engine draw it at any size (--engine map), draw one term's \
             neighbourhood with --focus SLUG [--depth N], or raise the limit with --max-nodes N"
        );
        // The advice fits the command: a focused view is told the --depth that fits, if one
        // does, and how many nodes it draws.
        assert_eq!(
            err(View {
                focus: Some("roce-v1".into()),
                depth: 2,
                max_nodes: Some(2),
                engine: Engine::Dot,
                ..View::default()
            }),
            "the topic map would draw 4 nodes, more than the limit of 2 for `dot`; --depth 1 \
             draws 2 nodes: lower --depth to 1, let glossgraph's map engine draw it at any size \
             (--engine map), or raise the limit with --max-nodes N"
        );
        assert_eq!(
            err(View {
                focus: Some("roce-v2".into()),
                depth: 2,
                max_nodes: Some(2),
                ..View::default()
            }),
            "the topic map would draw 4 nodes, more than the limit of 2 for `map`; filter with \
             --status, or raise the limit with --max-nodes N (0: no limit)"
        );
        assert_eq!(
            err(View {
                cluster: Cluster::Status,
                engine: Engine::Sfdp,
                ..View::default()
            }),
            "`sfdp` does not draw clusters; use the `map` or `dot` engine for clusters, or \
             --cluster none"
        );
        // The map places terms by topic: boxes by status would cover terms of other statuses.
        assert!(err(View {
            cluster: Cluster::Status,
            ..View::default()
        })
        .contains("draw status boxes with --engine dot"));
    }

    #[test]
    fn the_map_engine_pins_every_term_and_boxes_each_topic() {
        let g = sample();
        let text = dot(
            &g,
            &View {
                cluster: Cluster::Topic,
                ..View::default()
            },
        );
        assert!(text.starts_with("// Topic map written by glossgraph. Render: neato -n2 -Tsvg"));
        for card in g.cards() {
            let line = text
                .lines()
                .find(|l| {
                    l.trim_start()
                        .starts_with(&format!("\"{}\" [", card.slug()))
                })
                .unwrap();
            assert!(line.contains("!\", width=\""), "{line}");
            assert!(line.contains("fixedsize=\"shape\""), "{line}");
        }
        let topics = g.map().topics().len();
        assert_eq!(text.matches("subgraph \"cluster_topic_").count(), topics);
        assert_eq!(text.matches("    bb=\"").count(), topics);
        assert_eq!(text.matches("    lp=\"").count(), topics);
        assert!(text.contains("outputorder=\"edgesfirst\", splines=\"false\", bb=\""));
    }

    #[test]
    fn a_pinned_label_is_cut_to_its_box_and_named_in_a_font_graphviz_finds() {
        let long = "Supercalifragilistic".repeat(8);
        let g = Glossary::new(vec![Card::from(Draft {
            slug: "long".into(),
            term: long.clone(),
            definition: "A long one.".into(),
            ..Draft::default()
        })]);
        let pinned = dot(&g, &View::default());
        let line = pinned.lines().find(|l| l.contains("\"long\" [")).unwrap();
        let label = line
            .split("label=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert!(label.ends_with('…') && label.len() < long.len(), "{line}");
        let (width, _) = g.map().size(0);
        assert!(crate::map::font::width(label, crate::map::LABEL_SIZE) <= width - 10.0);
        assert!(pinned.contains("fontname=\"Arial\""));
        // Laid out by Graphviz, the box grows to the label: it stays whole.
        let laid_out = dot(
            &g,
            &View {
                engine: Engine::Dot,
                ..View::default()
            },
        );
        assert!(laid_out.contains(&format!("label=\"{long}\"")));
    }

    #[test]
    fn term_links_are_dotted_arrows_drawn_once_and_explained_only_when_drawn() {
        let g = crate::drawing::linked_in_texts();
        let text = dot(&g, &View::default());
        let style =
            "[style=\"dotted\", color=\"#939393\", arrowsize=\"0.5\", constraint=\"false\"];";
        let drawn: Vec<&str> = text.lines().filter(|l| l.ends_with(style)).collect();
        assert_eq!(
            drawn,
            [
                format!("  \"a\" -> \"b\" {style}"),
                format!("  \"a\" -> \"c\" {style}"),
                format!("  \"b\" -> \"a\" {style}"),
            ],
            "{text}"
        );
        // `c` and `d` are related: the dashed line, and no term link beside it.
        assert!(text.contains("  \"c\" -> \"d\" [dir=\"none\""));
        assert!(text.contains("> term link (linking &#8594; linked)</td>"));
        // The layered layout ranks by them; a view without both ends draws none, and says none.
        let layered = dot(
            &g,
            &View {
                engine: Engine::Dot,
                ..View::default()
            },
        );
        assert!(layered.contains("[style=\"invis\"]"), "{layered}");
        let around_c = dot(
            &g,
            &View {
                focus: Some("c".into()),
                ..View::default()
            },
        );
        assert!(!around_c.contains("dotted"), "{around_c}");
        assert!(!around_c.contains("term link"));
        assert!(!dot(&sample(), &View::default()).contains("term link"));
        // Component boxes join the terms they link.
        let components = dot(
            &g,
            &View {
                cluster: Cluster::Component,
                ..View::default()
            },
        );
        assert!(
            components.contains("label=\"group 1 (4 terms)\";"),
            "{components}"
        );
    }

    #[test]
    fn clusters_group_by_status_and_component() {
        let g = sample();
        let by_status = dot(
            &g,
            &View {
                cluster: Cluster::Status,
                engine: Engine::Dot,
                ..View::default()
            },
        );
        assert!(by_status.contains("subgraph \"cluster_status_1\" {\n    label=\"shipping\";"));
        assert!(by_status.contains("label=\"no status\";"));
        let by_component = dot(
            &g,
            &View {
                cluster: Cluster::Component,
                ..View::default()
            },
        );
        assert!(by_component.contains("label=\"group 1 (4 terms)\";"));
        assert!(by_component.contains("label=\"unlinked (1 term)\";"));
    }
}
