//! Exports: one file per format, all written from the checked [`Glossary`].
//!
//! Every writer takes `impl Write + Send` and streams; none holds a whole serialization in
//! memory. (`Send`, because the cores that render the chunks of a file also write them.)
//! [`Format`] names each output and its file in `exports/`; [`write`] dispatches to the
//! format's module. Exporters never import each other.

pub mod bundle;
pub mod dot;
pub mod graphml;
pub mod html;
pub mod rdf;

use std::io::{self, Write};

use crate::config::Config;
use crate::Glossary;
use petgraph::graph::NodeIndex;

/// An export that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The glossary cannot be written in this form (e.g. a view that selects nothing).
    #[error("{0}")]
    Unwritable(String),
}

/// Every output glossgraph writes, in the order `export` writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    Turtle,
    NTriples,
    RdfXml,
    JsonLd,
    TriG,
    NQuads,
    GraphMl,
    GraphMlYed,
    GraphMlNeo4j,
    Dot,
    /// The DOT topic map laid out by Graphviz; written by [`bundle`] through
    /// [`crate::render`], skipped when Graphviz is not installed.
    Svg,
    /// The interactive map: one self-contained page (see [`html`]).
    Html,
}

impl Format {
    pub const ALL: [Format; 12] = [
        Format::Turtle,
        Format::NTriples,
        Format::RdfXml,
        Format::JsonLd,
        Format::TriG,
        Format::NQuads,
        Format::GraphMl,
        Format::GraphMlYed,
        Format::GraphMlNeo4j,
        Format::Dot,
        Format::Svg,
        Format::Html,
    ];

    /// The name used on the command line and in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Format::Turtle => "turtle",
            Format::NTriples => "ntriples",
            Format::RdfXml => "rdfxml",
            Format::JsonLd => "jsonld",
            Format::TriG => "trig",
            Format::NQuads => "nquads",
            Format::GraphMl => "graphml",
            Format::GraphMlYed => "graphml-yed",
            Format::GraphMlNeo4j => "graphml-neo4j",
            Format::Dot => "dot",
            Format::Svg => "svg",
            Format::Html => "html",
        }
    }

    /// The file name in the output folder.
    pub fn file_name(self) -> &'static str {
        match self {
            Format::Turtle => "glossary.ttl",
            Format::NTriples => "glossary.nt",
            Format::RdfXml => "glossary.rdf",
            Format::JsonLd => "glossary.jsonld",
            Format::TriG => "glossary.trig",
            Format::NQuads => "glossary.nq",
            Format::GraphMl => "glossary.graphml",
            Format::GraphMlYed => "glossary.yed.graphml",
            Format::GraphMlNeo4j => "glossary.neo4j.graphml",
            Format::Dot => "glossary.dot",
            Format::Svg => "glossary.svg",
            Format::Html => "glossary.html",
        }
    }

    /// The format named `name` on the command line.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The RDF serialization, for the RDF formats.
    pub fn rdf(self) -> Option<oxigraph::io::RdfFormat> {
        use oxigraph::io::RdfFormat;
        Some(match self {
            Format::Turtle => RdfFormat::Turtle,
            Format::NTriples => RdfFormat::NTriples,
            Format::RdfXml => RdfFormat::RdfXml,
            Format::JsonLd => RdfFormat::JsonLd {
                profile: oxigraph::io::JsonLdProfileSet::empty(),
            },
            Format::TriG => RdfFormat::TriG,
            Format::NQuads => RdfFormat::NQuads,
            _ => return None,
        })
    }
}

/// Writes `glossary` in `format` to `w`; `view` selects what the DOT topic map draws (the
/// HTML map always shows every term).
///
/// # Errors
/// Those of `w`, a view that cannot be drawn, or [`Format::Svg`], which needs Graphviz
/// (see [`crate::render`]).
pub fn write(
    glossary: &Glossary,
    config: &Config,
    format: Format,
    view: &dot::View,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    if let Some(rdf_format) = format.rdf() {
        return rdf::write(glossary, config, rdf_format, w).map(|_| ());
    }
    match format {
        Format::GraphMl => graphml::write(glossary, config, graphml::Profile::Default, w),
        Format::GraphMlYed => graphml::write(glossary, config, graphml::Profile::Yed, w),
        Format::GraphMlNeo4j => graphml::write(glossary, config, graphml::Profile::Neo4j, w),
        Format::Dot => dot::write(glossary, config, view, w),
        Format::Svg => Err(ExportError::Unwritable(
            "an SVG is drawn by Graphviz: use `glossgraph render --output FILE.svg`".into(),
        )),
        Format::Html => {
            // TEMPORARY: the placeholder layout until topic detection and layout land.
            let layout = html::placeholder_layout(glossary);
            Ok(html::write(glossary, config, &layout.placement(), w)?)
        }
        _ => unreachable!("RDF formats are handled above"),
    }
}

/// Writes items `0..count` to `w` in order, rendered `per_chunk` at a time into buffers on
/// every core: `render(range, buf)` appends the bytes of the items in `range` to `buf`.
///
/// Chunks are rendered independently and written in order, so the bytes are those of
/// rendering every item on one thread. Each worker writes the chunk it rendered itself, when
/// its turn comes (the chunk before it written): the bytes are copied while they are still in
/// that core's cache, and no third thread competes for the cores. Memory holds one chunk per
/// worker, never the output. The first error (of `render` or of `w`) stops the writing and is
/// returned.
pub(crate) fn write_chunks(
    w: &mut (dyn Write + Send),
    count: usize,
    per_chunk: usize,
    render: impl Fn(std::ops::Range<usize>, &mut Vec<u8>) -> Result<(), ExportError> + Sync,
) -> Result<(), ExportError> {
    use std::sync::{Condvar, Mutex, PoisonError};
    let per_chunk = per_chunk.max(1);
    let chunks = count.div_ceil(per_chunk);
    let range = |k: usize| k * per_chunk..((k + 1) * per_chunk).min(count);
    let threads = crate::cores().min(chunks);
    if threads <= 1 {
        let mut buf = Vec::new();
        for k in 0..chunks {
            buf.clear();
            render(range(k), &mut buf)?;
            w.write_all(&buf)?;
        }
        return Ok(());
    }
    /// Whose turn it is to write, and how the writing ended if it has.
    struct Turn<'w> {
        next: usize,
        w: &'w mut (dyn Write + Send),
        stopped: Option<Result<(), ExportError>>,
    }
    let turn = Mutex::new(Turn {
        next: 0,
        w,
        stopped: None,
    });
    let changed = Condvar::new();
    /// Stops the writing if its worker unwinds, so that the others do not wait for a turn
    /// that never comes (the scope then raises the panic again).
    struct OnPanic<'a, 'w>(&'a Mutex<Turn<'w>>, &'a Condvar);
    impl Drop for OnPanic<'_, '_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                let mut turn = self.0.lock().unwrap_or_else(PoisonError::into_inner);
                turn.stopped.get_or_insert(Ok(()));
                self.1.notify_all();
            }
        }
    }
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (render, turn, changed) = (&render, &turn, &changed);
            scope.spawn(move || {
                let _guard = OnPanic(turn, changed);
                let mut buf = Vec::new();
                for k in (t..chunks).step_by(threads) {
                    buf.clear();
                    let rendered = render(range(k), &mut buf);
                    let mut state = turn.lock().unwrap_or_else(PoisonError::into_inner);
                    while state.next != k && state.stopped.is_none() {
                        state = changed.wait(state).unwrap_or_else(PoisonError::into_inner);
                    }
                    if state.stopped.is_some() {
                        return;
                    }
                    match rendered.and_then(|()| Ok(state.w.write_all(&buf)?)) {
                        Ok(()) => state.next += 1,
                        Err(e) => state.stopped = Some(Err(e)),
                    }
                    drop(state);
                    changed.notify_all();
                }
            });
        }
    });
    let turn = turn.into_inner().unwrap_or_else(PoisonError::into_inner);
    turn.stopped.unwrap_or(Ok(()))
}

/// The fill colour of a status in GraphML (yEd) and DOT maps: colour-blind-safe pastels.
pub(crate) fn status_color(config: &Config, status: Option<&str>) -> &'static str {
    const KNOWN: [(&str, &str); 5] = [
        ("shipping", "#b3de69"),
        ("emerging", "#80b1d3"),
        ("draft", "#ffffb3"),
        ("deprecated", "#fdb462"),
        ("obsolete", "#d9d9d9"),
    ];
    const OTHERS: [&str; 6] = [
        "#bebada", "#fccde5", "#8dd3c7", "#bc80bd", "#ccebc5", "#ffed6f",
    ];
    let Some(status) = status else {
        return "#ffffff";
    };
    if let Some((_, color)) = KNOWN.iter().find(|(s, _)| *s == status) {
        return color;
    }
    // Other configured statuses take the next colours in the order they are configured, so
    // a status keeps its colour whatever the cards say; an unknown one is white.
    config
        .statuses
        .iter()
        .filter(|s| !KNOWN.iter().any(|(k, _)| k == s))
        .position(|s| s == status)
        .map_or("#ffffff", |i| OTHERS[i % OTHERS.len()])
}

/// Touches the texts of the card a few nodes after `node`, so that their memory is on its way
/// to the cache by the time a writer renders that card.
///
/// Cards are written in slug order, but their texts lie where the loader allocated them, in
/// input order: without this, each card's texts are a cache miss taken when the writer gets to
/// them. Touching them ahead lets the processor fetch them while it renders the cards before. On `export --format graphml` of 100k generated terms it takes the writer's CPU
/// time to what it is when the input is already in slug order (BENCHMARKS.md).
pub(crate) fn warm_ahead(glossary: &Glossary, node: usize) {
    const AHEAD: usize = 2;
    let ahead = node + AHEAD;
    if ahead >= glossary.graph().node_count() {
        return;
    }
    let Some(card) = glossary.card(NodeIndex::new(ahead)) else {
        return;
    };
    let x = card.touch();
    // The bytes are not needed, only their being read.
    std::hint::black_box(x);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_written_in_order_whatever_their_size() {
        let render = |range: std::ops::Range<usize>, buf: &mut Vec<u8>| {
            for i in range {
                writeln!(buf, "item {i}")?;
            }
            Ok(())
        };
        let mut whole = Vec::new();
        render(0..1000, &mut whole).unwrap();
        for per_chunk in [1, 7, 64, 999, 1000, 5000] {
            let mut out = Vec::new();
            write_chunks(&mut out, 1000, per_chunk, render).unwrap();
            assert_eq!(out, whole, "{per_chunk} per chunk");
        }
        let mut out = Vec::new();
        write_chunks(&mut out, 0, 10, render).unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn the_first_error_stops_the_writing() {
        let render = |range: std::ops::Range<usize>, buf: &mut Vec<u8>| {
            if range.contains(&500) {
                return Err(ExportError::Unwritable(format!("item {}", range.start)));
            }
            buf.extend(range.map(|i| i as u8));
            Ok(())
        };
        let mut out = Vec::new();
        let err = write_chunks(&mut out, 10_000, 100, render).unwrap_err();
        assert_eq!(err.to_string(), "item 500");
        assert_eq!(
            out.len(),
            500,
            "the chunks before the failing one, and no more"
        );
    }

    #[test]
    fn a_panicking_render_stops_every_worker_and_is_raised_again() {
        let render = |range: std::ops::Range<usize>, buf: &mut Vec<u8>| {
            assert!(
                !range.contains(&500),
                "render failed at item {}",
                range.start
            );
            buf.extend(range.map(|i| i as u8));
            Ok(())
        };
        let mut out = Vec::new();
        // Without the guard, the other workers would wait for the failed chunk's turn forever.
        let raised = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            write_chunks(&mut out, 10_000, 100, render)
        }));
        assert!(raised.is_err());
        assert_eq!(out.len(), 500, "the chunks before the failing one");
    }
}
