//! RDF/SKOS: the glossary as SKOS concepts, written through Oxigraph's serializers.
//!
//! One function, [`quads`], decides what the triples are; everything else takes them from
//! it: [`write`] streams them into any of Oxigraph's formats (N-Triples and N-Quads through
//! [`crate::rdf::lines`], byte for byte what Oxigraph writes), and the SPARQL store is filled
//! from the same iterator. The mapping (tabled in `docs/rdf.md`, IRIs in [`crate::rdf::vocab`]):
//! the glossary is a `skos:ConceptScheme`, each card a `skos:Concept` with its fields as SKOS,
//! DCMI terms and `gx:` properties; citations, provenance statements and cited note
//! paragraphs are IRI-named resources of their own. There are no blank nodes.
//!
//! **Order without sorting.** The output is the same bytes whatever order the cards were
//! read in, yet nothing is sorted globally: the scheme graph comes first, then each card in
//! slug order (the [`Glossary`] keeps them so), and within a card every subject's triples
//! come in a fixed predicate order, the values of one predicate sorted locally. Each card's
//! triples are in a named graph of their own (`{base}graph/{slug}`), and the scheme, status
//! scheme and vocabulary in `{base}graph/_scheme`, so a store can replace one card at a time;
//! the triple formats (Turtle, N-Triples, RDF/XML) drop the graph names.
//!
//! **Lists are sets.** RDF has no order among a subject's values, so the mapping treats a
//! card's lists as sets: they are written sorted and without duplicates, and read back sorted
//! ([`crate::rdf::read`]). Relations are written as the graph holds them: `skos:related` in
//! both directions, `dcterms:replaces` beside every `dcterms:isReplacedBy`. [`normalize`]
//! states the round-trip rule exactly: importing an export gives back `normalize` of the
//! cards.
//!
//! **Streaming.** [`write`] holds one card's worth of state at a time; its memory does not
//! grow with the glossary.
//!
//! The parts: [`mapping`] holds the mapping itself, the concept scheme and each card's
//! concept as one table-like sequence of `put`s, with the optional SKOS fields of imported
//! vocabularies in [`skos`] and the resources a card owns (cited note paragraphs, citations,
//! provenance statements) in [`parts`]; [`links`] gathers a card's relations as the graph
//! holds them, [`normalize`] states the round-trip rule, and this module streams the quads
//! (the serializers themselves are set up in `rdf/serializer.rs`).

mod links;
mod mapping;
mod normalize;
mod parts;
mod skos;

use std::io::{self, BufWriter, Write};

use oxigraph::io::RdfFormat;
use oxigraph::model::{GraphNameRef, NamedNodeRef, Quad, QuadRef};

use crate::config::Config;
use crate::output::{self, ExportError};
use crate::rdf::serializer::{Buffered, Bytes};
use crate::rdf::vocab::{self, Iris};
use crate::Glossary;
use mapping::Mapping;

pub use crate::rdf::serializer::Writer;
pub(crate) use links::Links;
pub use mapping::date_type;
pub use mapping::push_concept_iri;
pub use normalize::normalize;
pub use parts::paragraphs;

/// The triples every export states for `statuses` and glossgraph's own `gx:` vocabulary
/// under `base`, in the default graph (see [`mapping::tool_vocabulary`]).
pub(crate) fn tool_vocabulary(base: &str, statuses: &[&str]) -> Vec<Quad> {
    let mut quads = Vec::new();
    let written = mapping::tool_vocabulary(
        &Iris::new(base),
        statuses,
        GraphNameRef::DefaultGraph,
        &mut quads,
    );
    debug_assert!(written.is_ok(), "a buffer of quads takes every quad");
    quads
}

/// Every quad of the export, in writing order: the scheme graph, then each card's graph in
/// slug order.
///
/// This is the one source of truth for the triples: [`write`] serializes exactly these, and
/// a store filled from this iterator holds exactly what the files hold. Quads are produced
/// one card at a time; the iterator holds no more than one card's quads.
///
/// ```
/// use glossgraph_core::{check, config::Config, load};
/// use glossgraph_export::rdf;
///
/// let text = r#"{"slug": "rdma", "term": "RDMA", "definition": "Remote direct memory access."}"#;
/// let config = Config::default();
/// let glossary = check::check(load::load_str("g.jsonl", text), &config, Default::default()).glossary;
/// let labels: Vec<String> = rdf::write::quads(&glossary, &config)
///     .filter(|q| q.graph_name.to_string() == "<https://example.org/glossary/graph/rdma>")
///     .filter(|q| q.predicate.as_str().ends_with("#prefLabel"))
///     .map(|q| q.object.to_string())
///     .collect();
/// assert_eq!(labels, [r#""RDMA"@en"#]);
/// ```
pub fn quads<'a>(glossary: &'a Glossary, config: &'a Config) -> impl Iterator<Item = Quad> + 'a {
    Quads {
        mapping: Mapping::new(glossary, config),
        next: 0,
        buffer: Vec::new().into_iter(),
    }
}

/// The quads of [`quads`] one named graph at a time: the scheme graph first (`None`), then
/// each card's graph (`Some(index)` into [`Glossary::cards`]), in slug order.
///
/// For the tools that work graph by graph: `diff --format sparql-update` compares two
/// glossaries' graphs, `push --incremental` hashes each graph and sends the changed ones.
pub fn graphs<'a>(
    glossary: &'a Glossary,
    config: &'a Config,
) -> impl Iterator<Item = (Option<usize>, Vec<Quad>)> + 'a {
    let mapping = Mapping::new(glossary, config);
    (0..=glossary.cards().len()).map(move |i| {
        let mut quads = Vec::new();
        let card = i.checked_sub(1);
        let filled = match card {
            None => mapping.scheme(&mut quads),
            Some(index) => mapping.card(index, &mut quads),
        };
        filled.expect("writing to a Vec cannot fail");
        (card, quads)
    })
}

/// The quads of one card's named graph at a time, for readers of one term (the site's RDF
/// beside each page, `serve` at a term's IRI): the same quads as that card's graph in
/// [`graphs`].
pub struct CardQuads<'a> {
    mapping: Mapping<'a>,
}

impl<'a> CardQuads<'a> {
    /// The mapping of `glossary` under `config`.
    pub fn new(glossary: &'a Glossary, config: &'a Config) -> Self {
        Self {
            mapping: Mapping::new(glossary, config),
        }
    }

    /// The quads of card `index` (into [`Glossary::cards`]): its concept, cited paragraphs,
    /// citations and provenance statements.
    pub fn of(&self, index: usize) -> Vec<Quad> {
        let mut quads = Vec::new();
        self.mapping
            .card(index, &mut quads)
            .expect("writing to a Vec cannot fail");
        quads
    }

    /// Writes the quads of card `index` into each of `writers`: the same quads as
    /// [`CardQuads::of`], from one mapping of the card, none of them held (the site writes
    /// three formats of every term: owning each quad first cost a tenth of its CPU time in
    /// `malloc` at 100,000 terms).
    ///
    /// # Errors
    /// Those of the writers.
    pub fn write_each<W: Write>(&self, index: usize, writers: &mut [Writer<W>]) -> io::Result<()> {
        self.mapping.card(index, &mut mapping::Each(writers))
    }
}

/// Writes the glossary as RDF in `format`; returns the number of triples (or quads) written.
///
/// Streams through a [`BufWriter`]: memory does not grow with the glossary. See [`Writer`]
/// for what each format declares.
///
/// # Errors
/// Those of `w`.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    format: RdfFormat,
    w: impl Write + Send,
) -> Result<u64, ExportError> {
    let mapping = Mapping::new(glossary, config);
    let prefixes = prefixes(glossary, config);
    if is_chunked(format) {
        return write_in_chunks(&mapping, format, &prefixes, w, CARDS_PER_CHUNK);
    }
    let mut out = Writer::new(format, &prefixes, Buffered::new(w))?;
    mapping.scheme(&mut out)?;
    for i in 0..glossary.cards().len() {
        mapping.card(i, &mut out)?;
    }
    let (mut w, count) = out.finish()?;
    w.flush()?;
    Ok(count)
}

/// Whether `format` is serialized a chunk of cards at a time on every core; the others
/// (RDF/XML, JSON-LD) are written by one serializer on one core.
pub fn is_chunked(format: RdfFormat) -> bool {
    matches!(
        format,
        RdfFormat::NTriples | RdfFormat::NQuads | RdfFormat::Turtle | RdfFormat::TriG
    )
}

/// What a serializer of `format` writes before a document's first statement (the prefixes
/// of Turtle and TriG; nothing in N-Triples): the bytes before a marker statement.
fn document_header(format: RdfFormat, prefixes: &[(&str, String)]) -> Result<Vec<u8>, ExportError> {
    const MARKER: &str = "urn:glossgraph:header";
    let marker = NamedNodeRef::new_unchecked(MARKER);
    let mut out = Writer::new(format, prefixes, Vec::new())?;
    out.quad(QuadRef::new(
        marker,
        marker,
        marker,
        GraphNameRef::DefaultGraph,
    ))?;
    let (bytes, _) = out.finish()?;
    let needle = format!("<{MARKER}>");
    let at = bytes
        .windows(needle.len())
        .position(|w| w == needle.as_bytes())
        .ok_or_else(|| ExportError::Unwritable("the RDF serializer hid its statement".into()))?;
    Ok(bytes[..at].to_vec())
}

/// Cards serialized together, on one of the cores: about 330 KB of N-Triples for generated
/// cards, small enough to be still in the cache when it is copied into the file. With 128
/// cards (1.3 MB), when a thread of its own did that copy, it took a third of the export's CPU
/// time: N-Triples of 100k generated terms, median of 7 runs, went from 2.08 s to 1.68 s with
/// 32 (BENCHMARKS.md).
const CARDS_PER_CHUNK: usize = 32;

/// [`write`] for the formats whose documents are a header (the prefixes) and then statements
/// that stand on their own from one card to the next: N-Triples, N-Quads, Turtle and TriG.
/// The cards are serialized a chunk at a time on every core ([`output::write_chunks`]), each
/// chunk by a serializer of its own; a chunk's document, less the header every document
/// starts with, is exactly what the one serializer of the whole export writes for those
/// cards (the tests compare the two, chunk sizes 1 to 3, for each format).
fn write_in_chunks(
    mapping: &Mapping,
    format: RdfFormat,
    prefixes: &[(&str, String)],
    w: impl Write + Send,
    per_chunk: usize,
) -> Result<u64, ExportError> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let header = document_header(format, prefixes)?;
    let mut w = BufWriter::with_capacity(1 << 16, w);
    let mut head = Writer::new(format, prefixes, Bytes::default())?;
    mapping.scheme(&mut head)?;
    let (Bytes(bytes), scheme_quads) = head.finish()?;
    // A vocabulary without a scheme (`schemeless`) may have nothing in the scheme's graph:
    // its document still starts with the header the chunks leave out.
    w.write_all(if scheme_quads == 0 { &header } else { &bytes })?;
    let count = AtomicU64::new(scheme_quads);
    output::write_chunks(
        &mut w,
        mapping.glossary.cards().len(),
        per_chunk,
        |cards, buf| {
            let mut out = Writer::new(format, prefixes, Bytes(std::mem::take(buf)))?;
            for i in cards {
                output::warm_ahead(mapping.glossary, i);
                mapping.card(i, &mut out)?;
            }
            let (Bytes(mut bytes), quads) = out.finish()?;
            if !bytes.starts_with(&header) {
                return Err(ExportError::Unwritable(
                    "the RDF serializer did not start a document with its prefixes".into(),
                ));
            }
            bytes.drain(..header.len());
            *buf = bytes;
            count.fetch_add(quads, Ordering::Relaxed);
            Ok(())
        },
    )?;
    w.flush()?;
    Ok(count.into_inner())
}

/// The prefixes the export of `glossary` uses, as (name, namespace), in [`vocab::PREFIXES`]
/// order then `gx`.
///
/// Decided from the cards, without producing a triple: the scheme graph always uses `rdf:`,
/// `rdfs:`, `owl:`, `skos:`, `dcterms:` and `gx:`; `xsd:` is used when a date is written (or
/// a citation URL that is not an IRI); `schema:` when a card has a citation. (`true` of
/// `owl:deprecated` is written bare in Turtle, so it does not need `xsd:`.)
pub fn prefixes(glossary: &Glossary, config: &Config) -> Vec<(&'static str, String)> {
    let cards = glossary.cards();
    let cited = cards.iter().any(|c| !c.citations().is_empty());
    let dated = cards.iter().any(|c| {
        c.updated().is_some()
            || c.first_seen().is_some()
            || c.last_seen().is_some()
            || c.citations()
                .iter()
                .any(|x| x.accessed.is_some() || NamedNodeRef::new(x.url).is_err())
    });
    let mut out: Vec<(&'static str, String)> = vocab::PREFIXES
        .iter()
        .filter(|(name, _)| match *name {
            "xsd" => dated,
            "schema" => cited,
            _ => true,
        })
        .map(|(name, ns)| (*name, (*ns).to_owned()))
        .collect();
    // An imported vocabulary's export uses nothing of the `gx:` vocabulary.
    if !config.imported {
        out.push((vocab::GX, Iris::new(&config.base).gx_namespace().to_owned()));
    }
    out
}

/// The iterator behind [`quads`]: fills a buffer with one graph at a time.
struct Quads<'a> {
    mapping: Mapping<'a>,
    /// 0: the scheme graph is next; i + 1: card i is next.
    next: usize,
    buffer: std::vec::IntoIter<Quad>,
}

impl Iterator for Quads<'_> {
    type Item = Quad;

    fn next(&mut self) -> Option<Quad> {
        loop {
            if let Some(q) = self.buffer.next() {
                return Some(q);
            }
            let cards = self.mapping.glossary.cards().len();
            if self.next > cards {
                return None;
            }
            let mut buffer = Vec::new();
            let filled = if self.next == 0 {
                self.mapping.scheme(&mut buffer)
            } else {
                self.mapping.card(self.next - 1, &mut buffer)
            };
            filled.expect("writing to a Vec cannot fail");
            self.next += 1;
            self.buffer = buffer.into_iter();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_of_any_size_write_what_one_serializer_writes() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
        let input = crate::load::Input::Path(dir.clone());
        let config = Config::resolve(Some(&dir), Default::default()).unwrap();
        let glossary = crate::check::check(
            crate::load::load(&input).unwrap(),
            &config,
            Default::default(),
        )
        .glossary;
        let mapping = Mapping::new(&glossary, &config);
        let prefixes = prefixes(&glossary, &config);
        for format in [
            RdfFormat::NTriples,
            RdfFormat::NQuads,
            RdfFormat::Turtle,
            RdfFormat::TriG,
        ] {
            let mut one = Writer::new(format, &prefixes, Vec::new()).unwrap();
            mapping.scheme(&mut one).unwrap();
            for i in 0..glossary.cards().len() {
                mapping.card(i, &mut one).unwrap();
            }
            let (whole, quads) = one.finish().unwrap();
            assert!(quads > 1000);
            for per_chunk in [1, 2, 3, 1000] {
                let mut out = Vec::new();
                let written =
                    write_in_chunks(&mapping, format, &prefixes, &mut out, per_chunk).unwrap();
                assert_eq!(written, quads, "{format}");
                assert!(
                    out == whole,
                    "{format}, {per_chunk} per chunk:\n{}",
                    String::from_utf8_lossy(&out)
                );
            }
        }
    }
}
