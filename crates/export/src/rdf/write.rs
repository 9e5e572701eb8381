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
//! One concern, the mapping from cards to quads and its streaming (the serializers themselves
//! are set up in `rdf/serializer.rs`): the mapping reads best as one table-like sequence of
//! `put`s.

use std::io::{self, BufWriter, Write};

use oxigraph::io::RdfFormat;
use oxigraph::model::{GraphNameRef, LiteralRef, NamedNodeRef, Quad, QuadRef, TermRef};
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use crate::card::rules::markers;
use crate::card::{Card, Cite, Draft, PartialDate, Precision, Texts};
use crate::config::Config;
use crate::graph::{Link, Node};
use crate::hierarchy::{Hierarchy, Target};
use crate::output::{self, ExportError};
use crate::rdf::serializer::{Buffered, Bytes};
use crate::rdf::vocab::{self, dcterms, owl, rdf, rdfs, schema, skos, xsd, GxKind, Iris, Part};
use crate::Glossary;

pub use crate::rdf::serializer::Writer;

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
    w.write_all(&bytes)?;
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
    out.push((vocab::GX, Iris::new(&config.base).gx_namespace().to_owned()));
    out
}

/// The cards as an export of `glossary` reads back: the round-trip rule.
///
/// Every list is a set: `aliases`, `advantages`, `limitations` and `provenance` sorted
/// (by code point) without duplicates, `citations` sorted by id without a repeated id.
/// Relations are the graph's: `related` lists every term related either way, `supersedes`
/// and `supersededBy` mirror each other, all sorted; self-links and links to terms the
/// glossary does not define are dropped (the checker reports all of these). Everything
/// else is unchanged.
pub fn normalize(glossary: &Glossary) -> Vec<Draft> {
    (0..glossary.cards().len())
        .map(|i| {
            let node = NodeIndex::new(i);
            let mut card = glossary.cards()[i].draft();
            for list in [
                &mut card.aliases,
                &mut card.advantages,
                &mut card.limitations,
                &mut card.provenance,
            ] {
                list.sort_unstable();
                list.dedup();
            }
            card.citations.sort_by(|a, b| a.id.cmp(&b.id));
            card.citations.dedup_by(|b, a| a.id == b.id);
            let slugs = |nodes: Vec<NodeIndex>| -> Vec<String> {
                nodes
                    .into_iter()
                    .map(|n| glossary.slug(n).to_owned())
                    .collect()
            };
            let links = Links::of(glossary, node);
            let listed = links
                .related
                .into_iter()
                .filter(|n| !links.unlisted.contains(n))
                .collect();
            card.related = slugs(listed);
            card.supersedes = slugs(links.replaces);
            card.superseded_by = slugs(links.replaced_by);
            card
        })
        .collect()
}

/// The paragraphs of a note: the text between blank lines (lines of only spaces, tabs or a
/// carriage return count as blank), without the line breaks around them.
pub fn paragraphs(note: &str) -> impl Iterator<Item = &str> {
    let mut rest = note;
    std::iter::from_fn(move || loop {
        if rest.is_empty() {
            return None;
        }
        let (paragraph, after) = split_paragraph(rest);
        rest = after;
        let paragraph = paragraph.trim_matches(['\n', '\r']);
        if !paragraph.trim().is_empty() {
            return Some(paragraph);
        }
    })
}

/// Splits `text` at its first blank line: (before it, after it).
fn split_paragraph(text: &str) -> (&str, &str) {
    let mut search = 0;
    while let Some(i) = text[search..].find('\n') {
        let line_start = search + i + 1;
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |j| line_start + j);
        let line = &text[line_start..line_end];
        if line_end < text.len() && line.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
            return (&text[..search + i], &text[line_end + 1..]);
        }
        search = line_start;
    }
    (text, "")
}

/// The related, replaced and replacing terms of a card, each sorted by slug: as the RDF
/// states them, and as the site's pages show them.
pub(crate) struct Links {
    pub(crate) related: Vec<NodeIndex>,
    /// Of `related`, the terms this card does not list itself: the other card states the
    /// link one way (`gx:unlistedRelated`).
    pub(crate) unlisted: Vec<NodeIndex>,
    /// Terms this one replaces (`dcterms:replaces`).
    pub(crate) replaces: Vec<NodeIndex>,
    /// Terms that replace this one (`dcterms:isReplacedBy`).
    pub(crate) replaced_by: Vec<NodeIndex>,
}

impl Links {
    pub(crate) fn of(glossary: &Glossary, node: NodeIndex) -> Self {
        let graph = glossary.graph();
        let mut links = Links {
            related: Vec::new(),
            unlisted: Vec::new(),
            replaces: Vec::new(),
            replaced_by: Vec::new(),
        };
        for dir in [Direction::Outgoing, Direction::Incoming] {
            for e in graph.edges_directed(node, dir) {
                let other = if dir == Direction::Outgoing {
                    e.target()
                } else {
                    e.source()
                };
                if !matches!(graph[other], Node::Term(_)) {
                    continue;
                }
                match (e.weight(), dir) {
                    (Link::Related { mutual }, _) => {
                        links.related.push(other);
                        let card = &glossary.cards()[node.index()];
                        if !mutual && !card.related().iter().any(|r| r == glossary.slug(other)) {
                            links.unlisted.push(other);
                        }
                    }
                    (Link::Supersedes { .. }, Direction::Outgoing) => {
                        links.replaced_by.push(other);
                    }
                    (Link::Supersedes { .. }, Direction::Incoming) => links.replaces.push(other),
                    // The hierarchy is written from [`Hierarchy`], which also knows the
                    // concepts outside the glossary.
                    (Link::Broader { .. }, _) => {}
                }
            }
        }
        // Node order is slug order.
        for list in [
            &mut links.related,
            &mut links.unlisted,
            &mut links.replaces,
            &mut links.replaced_by,
        ] {
            list.sort_unstable();
            list.dedup();
        }
        links
    }
}

/// Where quads go: a serializer, or a buffer.
trait Sink {
    fn quad(&mut self, quad: QuadRef<'_>) -> io::Result<()>;
}

impl Sink for Vec<Quad> {
    fn quad(&mut self, quad: QuadRef<'_>) -> io::Result<()> {
        self.push(quad.into_owned());
        Ok(())
    }
}

impl<W: Write> Sink for Writer<W> {
    fn quad(&mut self, quad: QuadRef<'_>) -> io::Result<()> {
        Writer::quad(self, quad)
    }
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

/// Writes the triples of one subject into one graph.
struct Subject<'s, S> {
    subject: NamedNodeRef<'s>,
    graph: GraphNameRef<'s>,
    out: &'s mut S,
}

impl<S: Sink> Subject<'_, S> {
    fn put<'o>(
        &mut self,
        predicate: NamedNodeRef<'_>,
        object: impl Into<TermRef<'o>>,
    ) -> io::Result<()> {
        // Built field by field so that each part may borrow for a different lifetime.
        let object: TermRef<'o> = object.into();
        self.out.quad(QuadRef {
            subject: self.subject.into(),
            predicate,
            object,
            graph_name: self.graph,
        })
    }
}

/// Appends the IRI of the concept of `card`: its own `iri`, else `{namespace}{slug}` when
/// the glossary's concepts share a namespace, else `{base}term/{slug}`. The site puts the
/// term's page where this IRI is.
pub(crate) fn push_concept_iri(out: &mut String, card: &Card, config: &Config) {
    match (&card.skos().iri, &config.namespace) {
        (Some(iri), _) => out.push_str(iri),
        (None, Some(namespace)) => {
            out.push_str(namespace);
            out.push_str(card.slug());
        }
        (None, None) => vocab::push_term_iri(out, &config.base, card.slug()),
    }
}

/// The mapping of one glossary, with its IRIs built once.
struct Mapping<'a> {
    glossary: &'a Glossary,
    config: &'a Config,
    iris: Iris,
    /// The configured language, lowercased as RDF compares language tags.
    language: String,
    /// Configured statuses, sorted, without duplicates.
    statuses: Vec<&'a str>,
    /// The latest `updated` of any card: the scheme's `dcterms:modified`.
    modified: Option<PartialDate>,
    /// The concept scheme's IRI: the configured `scheme`, else the base IRI.
    scheme: &'a str,
    /// Broader and narrower links, from both sides.
    hierarchy: Hierarchy,
    /// Where the terms' IRIs start (`{base}term/`): a link of a text there is a term link.
    term_iris: String,
}

impl<'a> Mapping<'a> {
    fn new(glossary: &'a Glossary, config: &'a Config) -> Self {
        let mut statuses: Vec<&str> = config.statuses.iter().map(String::as_str).collect();
        statuses.sort_unstable();
        statuses.dedup();
        Self {
            glossary,
            config,
            iris: Iris::new(&config.base),
            language: config.language.to_ascii_lowercase(),
            statuses,
            modified: glossary.cards().iter().filter_map(|c| c.updated()).max(),
            scheme: config.scheme.as_deref().unwrap_or(&config.base),
            hierarchy: Hierarchy::of(glossary),
            term_iris: {
                let mut iris = String::new();
                vocab::push_term_iri(&mut iris, &config.base, "");
                iris
            },
        }
    }

    /// Appends the IRI of the concept of card `index`: its own `iri`, else
    /// `{namespace}{slug}` when the glossary's concepts share a namespace, else
    /// `{base}term/{slug}`.
    fn push_concept(&self, out: &mut String, index: usize) {
        push_concept_iri(out, &self.glossary.cards()[index], self.config);
    }

    /// A literal in `tag`, or without a language tag when `tag` is empty.
    fn tagged<'t>(&self, value: &'t str, tag: &'t str) -> LiteralRef<'t> {
        if tag.is_empty() {
            LiteralRef::new_simple_literal(value)
        } else {
            LiteralRef::new_language_tagged_literal_unchecked(value, tag)
        }
    }

    /// The optional SKOS fields of card `index` and its hierarchy, written after the other
    /// fields of the concept: nothing for a card without them.
    fn skos_fields<S: Sink>(&self, index: usize, s: &mut Subject<'_, S>) -> io::Result<()> {
        let card = &self.glossary.cards()[index];
        let skos = card.skos();
        let mut iri = String::new();
        if let Some(links) = self.hierarchy.of_card(index) {
            for (predicate, targets) in [
                (skos::BROADER, &links.broader),
                (skos::NARROWER, &links.narrower),
            ] {
                for t in targets {
                    iri.clear();
                    match t {
                        Target::Term(j) => self.push_concept(&mut iri, *j),
                        Target::Iri(other) => iri.push_str(other),
                        // The checker's dangling-link: nothing to point at.
                        Target::Missing(_) => continue,
                    }
                    s.put(predicate, NamedNodeRef::new_unchecked(&iri))?;
                }
            }
        }
        let mut notations: Vec<_> = skos.notations.iter().collect();
        notations.sort_unstable();
        notations.dedup();
        for n in notations {
            match &n.datatype {
                Some(dt) => s.put(
                    skos::NOTATION,
                    LiteralRef::new_typed_literal(&n.value, NamedNodeRef::new_unchecked(dt)),
                )?,
                None => s.put(skos::NOTATION, LiteralRef::new_simple_literal(&n.value))?,
            }
        }
        for hidden in sorted(&skos.hidden_aliases) {
            s.put(skos::HIDDEN_LABEL, self.text(hidden))?;
        }
        for (kind, texts) in &skos.notes {
            if let Some(p) = skos::note_property(kind) {
                for t in sorted(texts) {
                    s.put(p, self.text(t))?;
                }
            }
        }
        for (tag, l) in &skos.languages {
            let tag = tag.as_str();
            if let Some(term) = &l.term {
                s.put(skos::PREF_LABEL, self.tagged(term, tag))?;
            }
            for (p, list) in [
                (skos::ALT_LABEL, &l.aliases),
                (skos::HIDDEN_LABEL, &l.hidden_aliases),
            ] {
                for t in sorted(list) {
                    s.put(p, self.tagged(t, tag))?;
                }
            }
            if let Some(d) = &l.definition {
                s.put(skos::DEFINITION, self.tagged(d, tag))?;
            }
            for (kind, texts) in &l.notes {
                if let Some(p) = skos::note_property(kind) {
                    for t in sorted(texts) {
                        s.put(p, self.tagged(t, tag))?;
                    }
                }
            }
        }
        for (kind, iris) in &skos.mappings {
            if let Some(p) = skos::mapping_property(kind) {
                for other in sorted(iris) {
                    s.put(p, NamedNodeRef::new_unchecked(other))?;
                }
            }
        }
        if !skos.extra.is_empty() {
            let extra = self.iris.gx_extra();
            let mut json = String::new();
            for (key, value) in &skos.extra {
                json.clear();
                let one: serde_json::Map<String, serde_json::Value> =
                    std::iter::once((key.clone(), value.clone())).collect();
                json.push_str(&serde_json::Value::Object(one).to_string());
                s.put(
                    extra.as_ref(),
                    LiteralRef::new_typed_literal(&json, rdf::JSON),
                )?;
            }
        }
        Ok(())
    }

    fn text<'t>(&'t self, value: &'t str) -> LiteralRef<'t> {
        LiteralRef::new_language_tagged_literal_unchecked(value, &self.language)
    }

    /// The concept scheme, the statuses, and the `gx:` vocabulary.
    fn scheme(&self, out: &mut impl Sink) -> io::Result<()> {
        let iris = &self.iris;
        let graph = GraphNameRef::NamedNode(iris.scheme_graph());
        let tool = |v: &'static str| {
            LiteralRef::new_language_tagged_literal_unchecked(v, vocab::TOOL_LANGUAGE)
        };
        let mut date = String::new();

        let mut s = Subject {
            subject: NamedNodeRef::new_unchecked(self.scheme),
            graph,
            out,
        };
        s.put(rdf::TYPE, skos::CONCEPT_SCHEME)?;
        // The labels SKOS tools look for (Skosify, Skosmos), and the title Dublin Core
        // readers do: the same text.
        s.put(skos::PREF_LABEL, self.text(&self.config.title))?;
        s.put(rdfs::LABEL, self.text(&self.config.title))?;
        s.put(dcterms::TITLE, self.text(&self.config.title))?;
        if let Some(d) = self.modified {
            s.put(dcterms::MODIFIED, date_literal(&mut date, d))?;
        }

        // The statuses: values of gx:LifecycleStatus, not a second concept scheme (see
        // vocab).
        let lifecycle_status = iris.gx().lifecycle_status;
        let mut iri = String::new();
        for status in &self.statuses {
            iri.clear();
            iris.push_status(&mut iri, status);
            let mut s = Subject {
                subject: NamedNodeRef::new_unchecked(&iri),
                graph,
                out,
            };
            s.put(rdf::TYPE, lifecycle_status)?;
            s.put(
                skos::PREF_LABEL,
                LiteralRef::new_language_tagged_literal_unchecked(status, vocab::TOOL_LANGUAGE),
            )?;
            let definition = vocab::STATUS_DEFINITIONS
                .iter()
                .find(|(name, _)| name == status)
                .map_or(vocab::CONFIGURED_STATUS_DEFINITION, |(_, d)| d);
            s.put(skos::DEFINITION, tool(definition))?;
        }

        let mut s = Subject {
            subject: iris.ontology(),
            graph,
            out,
        };
        s.put(rdf::TYPE, owl::ONTOLOGY)?;
        s.put(rdfs::LABEL, tool(vocab::ONTOLOGY_LABEL))?;
        s.put(rdfs::COMMENT, tool(vocab::ONTOLOGY_COMMENT))?;
        for (term, about) in iris.gx_terms() {
            let mut s = Subject {
                subject: term,
                graph,
                out,
            };
            let kind = match about.kind {
                GxKind::Class => rdfs::CLASS,
                GxKind::Datatype => rdfs::DATATYPE,
                GxKind::Property => rdf::PROPERTY,
            };
            s.put(rdf::TYPE, kind)?;
            s.put(rdfs::LABEL, tool(about.label))?;
            s.put(rdfs::COMMENT, tool(about.comment))?;
            if let Some(parent) = about.sub_property_of {
                s.put(rdfs::SUB_PROPERTY_OF, parent)?;
            }
            s.put(rdfs::IS_DEFINED_BY, iris.ontology())?;
        }
        Ok(())
    }

    /// The named graph of card `index`: the concept, then its cited note paragraphs,
    /// citations and provenance statements.
    fn card(&self, index: usize, out: &mut impl Sink) -> io::Result<()> {
        let iris = &self.iris;
        let gx = iris.gx();
        let card = &self.glossary.cards()[index];
        let slug = card.slug();
        let links = Links::of(self.glossary, NodeIndex::new(index));

        let mut concept = String::new();
        self.push_concept(&mut concept, index);
        let concept = NamedNodeRef::new_unchecked(&concept);
        let scheme = NamedNodeRef::new_unchecked(self.scheme);
        let mut graph = String::new();
        iris.push_graph(&mut graph, slug);
        let graph = GraphNameRef::NamedNode(NamedNodeRef::new_unchecked(&graph));
        let mut iri = String::new();
        let mut date = String::new();

        let mut citations: Vec<Cite<'_>> = card.citations().iter().collect();
        citations.sort_by(|a, b| a.id.cmp(b.id));
        citations.dedup_by(|b, a| a.id == b.id);
        let provenance = set(card.provenance());

        let mut s = Subject {
            subject: concept,
            graph,
            out,
        };
        s.put(rdf::TYPE, skos::CONCEPT)?;
        s.put(skos::IN_SCHEME, scheme)?;
        // A top concept is one without a broader concept (every term of a flat glossary).
        if self.hierarchy.broader(index).is_empty() {
            s.put(skos::TOP_CONCEPT_OF, scheme)?;
        }
        s.put(skos::NOTATION, LiteralRef::new_typed_literal(slug, gx.slug))?;
        // A concept that had no preferred label in the main language gets none back.
        match card.skos().term_from.as_deref() {
            None => s.put(skos::PREF_LABEL, self.text(card.term()))?,
            Some("rdfs:label") => s.put(rdfs::LABEL, self.text(card.term()))?,
            Some(_) => {}
        }
        for alias in set(card.aliases()) {
            s.put(skos::ALT_LABEL, self.text(alias))?;
        }
        // A thesaurus's concept often has no definition: then none is written.
        if !card.definition().is_empty() {
            s.put(skos::DEFINITION, self.text(card.definition()))?;
        }
        if !card.note().is_empty() {
            s.put(skos::SCOPE_NOTE, self.text(card.note()))?;
        }
        for advantage in set(card.advantages()) {
            s.put(gx.advantage, self.text(advantage))?;
        }
        for limitation in set(card.limitations()) {
            s.put(gx.limitation, self.text(limitation))?;
        }
        if let Some(status) = card.status() {
            iri.clear();
            iris.push_status(&mut iri, status);
            s.put(gx.status, NamedNodeRef::new_unchecked(&iri))?;
        }
        for (predicate, nodes) in [
            (skos::RELATED, &links.related),
            (dcterms::REPLACES, &links.replaces),
            (dcterms::IS_REPLACED_BY, &links.replaced_by),
        ] {
            for &node in nodes {
                iri.clear();
                self.push_concept(&mut iri, node.index());
                s.put(predicate, NamedNodeRef::new_unchecked(&iri))?;
            }
        }
        for &node in &links.unlisted {
            iri.clear();
            self.push_concept(&mut iri, node.index());
            s.put(gx.unlisted_related, NamedNodeRef::new_unchecked(&iri))?;
        }
        // Term links: one-way, read from the texts (which keep them as written).
        for j in self.glossary.term_links(index, &self.term_iris) {
            iri.clear();
            iris.push_term(&mut iri, self.glossary.cards()[j].slug());
            s.put(gx.links_to, NamedNodeRef::new_unchecked(&iri))?;
        }
        let retired = matches!(card.status(), Some("deprecated" | "obsolete"));
        if retired || !links.replaced_by.is_empty() {
            s.put(
                owl::DEPRECATED,
                LiteralRef::new_typed_literal("true", xsd::BOOLEAN),
            )?;
        }
        for (predicate, value) in [
            (gx.first_seen, card.first_seen()),
            (gx.last_seen, card.last_seen()),
            (dcterms::MODIFIED, card.updated()),
        ] {
            if let Some(d) = value {
                s.put(predicate, date_literal(&mut date, d))?;
            }
        }
        for c in &citations {
            iri.clear();
            iris.push_part(&mut iri, slug, Part::Citation(c.id));
            s.put(dcterms::REFERENCES, NamedNodeRef::new_unchecked(&iri))?;
        }
        for n in 1..=provenance.len() {
            iri.clear();
            iris.push_part(&mut iri, slug, Part::Provenance(n));
            s.put(dcterms::PROVENANCE, NamedNodeRef::new_unchecked(&iri))?;
        }
        self.skos_fields(index, &mut s)?;

        self.paragraphs(card.note(), slug, concept, graph, &citations, out)?;
        self.citations(slug, graph, &citations, out)?;
        self.provenance(slug, graph, &provenance, out)
    }

    /// The note's cited paragraphs, numbered among all its paragraphs, each with the
    /// citations it cites.
    fn paragraphs(
        &self,
        note: &str,
        slug: &str,
        concept: NamedNodeRef<'_>,
        graph: GraphNameRef<'_>,
        citations: &[Cite<'_>],
        out: &mut impl Sink,
    ) -> io::Result<()> {
        let iris = &self.iris;
        let gx = iris.gx();
        let mut iri = String::new();
        // Markers are found in the whole note (a code block or a link definition may lie
        // across paragraphs), then given to the paragraph they are in.
        let found = markers(note);
        for (n, paragraph) in paragraphs(note).enumerate() {
            let start = paragraph.as_ptr() as usize - note.as_ptr() as usize;
            let mut cited: Vec<&str> = found
                .iter()
                .filter(|m| (start..start + paragraph.len()).contains(&m.at))
                .map(|m| m.id)
                .filter(|id| citations.iter().any(|c| c.id == *id))
                .collect();
            if cited.is_empty() {
                continue;
            }
            cited.sort_unstable();
            cited.dedup();
            let mut subject = String::new();
            iris.push_part(&mut subject, slug, Part::Paragraph(n + 1));
            let mut s = Subject {
                subject: NamedNodeRef::new_unchecked(&subject),
                graph,
                out,
            };
            s.put(rdf::TYPE, gx.note_paragraph)?;
            s.put(gx.paragraph_of, concept)?;
            s.put(rdf::VALUE, self.text(paragraph))?;
            for id in cited {
                iri.clear();
                iris.push_part(&mut iri, slug, Part::Citation(id));
                s.put(dcterms::REFERENCES, NamedNodeRef::new_unchecked(&iri))?;
            }
        }

        Ok(())
    }

    /// The citation resources of term `slug`.
    fn citations(
        &self,
        slug: &str,
        graph: GraphNameRef<'_>,
        citations: &[Cite<'_>],
        out: &mut impl Sink,
    ) -> io::Result<()> {
        let iris = &self.iris;
        let mut date = String::new();
        for c in citations {
            let mut subject = String::new();
            iris.push_part(&mut subject, slug, Part::Citation(c.id));
            let mut s = Subject {
                subject: NamedNodeRef::new_unchecked(&subject),
                graph,
                out,
            };
            s.put(rdf::TYPE, dcterms::BIBLIOGRAPHIC_RESOURCE)?;
            s.put(dcterms::IDENTIFIER, LiteralRef::new_simple_literal(c.id))?;
            s.put(dcterms::TITLE, LiteralRef::new_simple_literal(c.title))?;
            match NamedNodeRef::new(c.url) {
                Ok(url) => s.put(schema::URL, url)?,
                // Only in an unchecked glossary: the checker refuses such URLs.
                Err(_) => s.put(
                    schema::URL,
                    LiteralRef::new_typed_literal(c.url, xsd::ANY_URI),
                )?,
            }
            if let Some(d) = c.accessed {
                s.put(iris.gx().accessed, date_literal(&mut date, d))?;
            }
        }

        Ok(())
    }

    /// The provenance statements of term `slug`.
    fn provenance(
        &self,
        slug: &str,
        graph: GraphNameRef<'_>,
        provenance: &[&str],
        out: &mut impl Sink,
    ) -> io::Result<()> {
        let iris = &self.iris;
        for (n, statement) in provenance.iter().enumerate() {
            let mut subject = String::new();
            iris.push_part(&mut subject, slug, Part::Provenance(n + 1));
            let mut s = Subject {
                subject: NamedNodeRef::new_unchecked(&subject),
                graph,
                out,
            };
            s.put(rdf::TYPE, dcterms::PROVENANCE_STATEMENT)?;
            s.put(rdfs::LABEL, self.text(statement))?;
        }
        Ok(())
    }
}

/// The values of a list as a set: sorted, without duplicates.
/// `list` sorted, without duplicates: a list of the SKOS fields as RDF writes it.
fn sorted(list: &[String]) -> Vec<&str> {
    let mut out: Vec<&str> = list.iter().map(String::as_str).collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn set(list: Texts<'_>) -> Vec<&str> {
    let mut out: Vec<&str> = list.iter().collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The XSD datatype of a date known to `precision`.
pub fn date_type(precision: Precision) -> NamedNodeRef<'static> {
    match precision {
        Precision::Day => xsd::DATE,
        Precision::Month => xsd::G_YEAR_MONTH,
        Precision::Year => xsd::G_YEAR,
    }
}

/// `d` as a literal typed by its precision, written into `buffer`.
fn date_literal(buffer: &mut String, d: PartialDate) -> LiteralRef<'_> {
    buffer.clear();
    buffer.push_str(d.text().as_str());
    LiteralRef::new_typed_literal(buffer, date_type(d.precision()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_are_split_at_blank_lines() {
        let note = "a [x]\nstill a\n\nb\r\n \r\nc\n\n\n\nd\n";
        assert_eq!(
            paragraphs(note).collect::<Vec<_>>(),
            ["a [x]\nstill a", "b", "c", "d"]
        );
        assert_eq!(paragraphs("").count(), 0);
        assert_eq!(paragraphs("\n\n").count(), 0);
        assert_eq!(paragraphs("one").collect::<Vec<_>>(), ["one"]);
    }

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
