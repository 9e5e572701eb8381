//! The mapping from cards to quads: the concept scheme graph (the scheme, the statuses, the
//! `gx:` vocabulary) and each card's graph (its concept, field by field), written into a
//! [`Sink`] — a serializer, or a buffer of quads. It reads best as one table-like sequence of
//! `put`s, in the order the triples are written; what a card only sometimes has, the SKOS
//! fields of an imported vocabulary and the resources of its own, is written by
//! [`super::skos`] and [`super::parts`].

use std::io::{self, Write};

use oxigraph::model::{
    BlankNode, GraphNameRef, Literal, LiteralRef, NamedNode, NamedNodeRef, Quad, QuadRef, Term,
    TermRef,
};
use petgraph::graph::NodeIndex;

use super::links::Links;
use crate::card::{Card, Cite, PartialDate, Precision, Texts};
use crate::config::{Config, MetaValue, Statements};
use crate::hierarchy::Hierarchy;
use crate::rdf::serializer::Writer;
pub use crate::rdf::vocab::push_concept_iri;
use crate::rdf::vocab::{self, dcterms, owl, rdf, rdfs, skos, xsd, GxKind, Iris, Part};
use crate::Glossary;

/// Where quads go: a serializer, or a buffer.
pub(super) trait Sink {
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

/// Every quad to each of several serializers in turn: one mapping of a card for several
/// formats, no quad held ([`super::CardQuads::write_each`]).
pub(super) struct Each<'w, W: Write>(pub(super) &'w mut [Writer<W>]);

impl<W: Write> Sink for Each<'_, W> {
    fn quad(&mut self, quad: QuadRef<'_>) -> io::Result<()> {
        for writer in self.0.iter_mut() {
            writer.quad(quad)?;
        }
        Ok(())
    }
}

/// Writes the triples of one subject into one graph.
pub(super) struct Subject<'s, S> {
    pub(super) subject: NamedNodeRef<'s>,
    pub(super) graph: GraphNameRef<'s>,
    pub(super) out: &'s mut S,
}

impl<S: Sink> Subject<'_, S> {
    pub(super) fn put<'o>(
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

/// The statuses (values of `gx:LifecycleStatus`) and the `gx:` vocabulary under `iris`, into
/// `graph`: what every export states beside the glossary's scheme. `import` of a vocabulary
/// counts these triples, when it finds them, as kept (an export gives them again).
pub(crate) fn tool_vocabulary(
    iris: &Iris,
    statuses: &[&str],
    graph: GraphNameRef<'_>,
    out: &mut impl Sink,
) -> io::Result<()> {
    let tool = |v: &'static str| {
        LiteralRef::new_language_tagged_literal_unchecked(v, vocab::TOOL_LANGUAGE)
    };
    // The statuses: values of gx:LifecycleStatus, not a second concept scheme (see
    // vocab).
    let lifecycle_status = iris.gx().lifecycle_status;
    let mut iri = String::new();
    for status in statuses {
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

/// The mapping of one glossary, with its IRIs built once.
pub(super) struct Mapping<'a> {
    pub(super) glossary: &'a Glossary,
    pub(super) config: &'a Config,
    pub(super) iris: Iris,
    /// The configured language, lowercased as RDF compares language tags.
    pub(super) language: String,
    /// Configured statuses, sorted, without duplicates.
    statuses: Vec<&'a str>,
    /// The latest `updated` of any card: the scheme's `dcterms:modified`.
    modified: Option<PartialDate>,
    /// The concept scheme's IRI: the configured `scheme`, else the base IRI.
    scheme: &'a str,
    /// Broader and narrower links, from both sides.
    pub(super) hierarchy: Hierarchy,
    /// Where the terms' IRIs start (`{base}term/`): a link of a text there is a term link.
    term_iris: String,
}

impl<'a> Mapping<'a> {
    pub(super) fn new(glossary: &'a Glossary, config: &'a Config) -> Self {
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
    pub(super) fn push_concept(&self, out: &mut String, index: usize) {
        push_concept_iri(out, &self.glossary.cards()[index], self.config);
    }

    /// A literal in `tag`, or without a language tag when `tag` is empty.
    pub(super) fn tagged<'t>(&self, value: &'t str, tag: &'t str) -> LiteralRef<'t> {
        if tag.is_empty() {
            LiteralRef::new_simple_literal(value)
        } else {
            LiteralRef::new_language_tagged_literal_unchecked(value, tag)
        }
    }

    pub(super) fn text<'t>(&'t self, value: &'t str) -> LiteralRef<'t> {
        LiteralRef::new_language_tagged_literal_unchecked(value, &self.language)
    }

    /// The concept scheme, the statuses, and the `gx:` vocabulary.
    pub(super) fn scheme(&self, out: &mut impl Sink) -> io::Result<()> {
        let iris = &self.iris;
        let graph = GraphNameRef::NamedNode(iris.scheme_graph());
        let mut date = String::new();

        let mut s = Subject {
            subject: NamedNodeRef::new_unchecked(self.scheme),
            graph,
            out,
        };
        // A vocabulary without a scheme has none written; its other resources are.
        if !self.config.schemeless {
            s.put(rdf::TYPE, skos::CONCEPT_SCHEME)?;
            // The labels SKOS tools look for (Skosify, Skosmos), and the title Dublin Core
            // readers do: the same text. An imported vocabulary's scheme says what its
            // `[metadata]` holds and nothing more: no title it did not have, no date.
            let imported = self.config.imported;
            let title = self.text(&self.config.title);
            let labels = [skos::PREF_LABEL, rdfs::LABEL, dcterms::TITLE];
            if !imported {
                for label in labels {
                    s.put(label, title)?;
                }
            }
            // A vocabulary's own date of modification, kept in `[metadata]`, stands instead of
            // the latest card's.
            let metadata = statements(&self.config.metadata);
            let stated_modified = metadata.iter().any(|(p, _)| *p == dcterms::MODIFIED);
            if let (Some(d), false, false) = (self.modified, stated_modified, imported) {
                s.put(dcterms::MODIFIED, date_literal(&mut date, d))?;
            }
            // What is written above already: the title, the type.
            let written = |p: &NamedNode, o: &Term| {
                (!imported && labels.contains(&p.as_ref()) && o.as_ref() == TermRef::from(title))
                    || (p.as_ref() == rdf::TYPE && o.as_ref() == skos::CONCEPT_SCHEME.into())
            };
            for (p, values) in &metadata {
                for o in values.iter().filter(|o| !written(p, o)) {
                    s.put(p.as_ref(), o.as_ref())?;
                }
            }
        }
        // The vocabulary's other schemes (`[schemes]`), each with its statements as given;
        // the cards say which concepts are in them.
        for (iri, statements_of) in &self.config.schemes {
            let mut s = Subject {
                subject: NamedNodeRef::new_unchecked(iri),
                graph,
                out,
            };
            s.put(rdf::TYPE, skos::CONCEPT_SCHEME)?;
            for (p, values) in &statements(statements_of) {
                let typed = |o: &&Term| {
                    p.as_ref() == rdf::TYPE && o.as_ref() == skos::CONCEPT_SCHEME.into()
                };
                for o in values.iter().filter(|o| !typed(o)) {
                    s.put(p.as_ref(), o.as_ref())?;
                }
            }
        }

        // The vocabulary's groups and classes (`[resources]`), each as stated; an ordered
        // collection's members as the RDF list `skos:memberList` names, its nodes blank
        // (the only blank nodes of an export), named by the resource's place and theirs.
        for (r, (iri, statements_of)) in self.config.resources.iter().enumerate() {
            let mut s = Subject {
                subject: NamedNodeRef::new_unchecked(iri),
                graph,
                out,
            };
            let mut list: Vec<Term> = Vec::new();
            for (p, values) in &statements(statements_of) {
                if p.as_ref() == skos::MEMBER_LIST {
                    list.clone_from(values);
                    continue;
                }
                for o in values {
                    s.put(p.as_ref(), o.as_ref())?;
                }
            }
            if !list.is_empty() {
                let node = |i: usize| BlankNode::new_unchecked(format!("list{r}x{i}"));
                s.put(skos::MEMBER_LIST, node(0).as_ref())?;
                for (i, member) in list.iter().enumerate() {
                    let here = node(i);
                    let next = node(i + 1);
                    let rest: TermRef<'_> = if i + 1 == list.len() {
                        rdf::NIL.into()
                    } else {
                        next.as_ref().into()
                    };
                    for (p, o) in [(rdf::FIRST, member.as_ref()), (rdf::REST, rest)] {
                        out.quad(QuadRef {
                            subject: here.as_ref().into(),
                            predicate: p,
                            object: o,
                            graph_name: graph,
                        })?;
                    }
                }
            }
        }
        // glossgraph's statuses and `gx:` vocabulary live under the base, which for an
        // imported vocabulary is its publisher's namespace: not written there.
        if self.config.imported {
            return Ok(());
        }
        tool_vocabulary(iris, &self.statuses, graph, out)
    }

    /// The dates of `card`, each typed by its precision; `created` and `updated` as the
    /// vocabulary's `xsd:dateTime` (`dateTimes`) while its day is still the card's.
    fn dates<S: Sink>(&self, card: &Card, s: &mut Subject<'_, S>) -> io::Result<()> {
        let gx = self.iris.gx();
        let mut date = String::new();
        for (predicate, value, kind) in [
            (gx.first_seen, card.first_seen(), ""),
            (gx.last_seen, card.last_seen(), ""),
            (dcterms::CREATED, card.skos().created, "created"),
            (dcterms::MODIFIED, card.updated(), "modified"),
        ] {
            let Some(d) = value else { continue };
            // The vocabulary's date and time, while its day is still the card's.
            let time =
                card.skos().date_times.get(kind).filter(|t| {
                    t.get(..10).and_then(|day| PartialDate::parse(day).ok()) == Some(d)
                });
            match time {
                Some(t) => s.put(predicate, LiteralRef::new_typed_literal(t, xsd::DATE_TIME))?,
                None => s.put(predicate, date_literal(&mut date, d))?,
            }
        }
        Ok(())
    }

    /// The named graph of card `index`: the concept, then its cited note paragraphs,
    /// citations and provenance statements.
    pub(super) fn card(&self, index: usize, out: &mut impl Sink) -> io::Result<()> {
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

        let mut citations: Vec<Cite<'_>> = card.citations().iter().collect();
        citations.sort_by(|a, b| a.id.cmp(b.id));
        citations.dedup_by(|b, a| a.id == b.id);
        let provenance = set(card.provenance());

        let mut s = Subject {
            subject: concept,
            graph,
            out,
        };
        // A vocabulary's own classes (a `Descriptor`), else `skos:Concept`.
        if card.skos().types.is_empty() {
            s.put(rdf::TYPE, skos::CONCEPT)?;
        }
        for class in iri_set(&card.skos().types) {
            s.put(rdf::TYPE, class)?;
        }
        let imported = self.config.imported;
        // The glossary's scheme, unless the card names its schemes (a vocabulary of several).
        let in_scheme: Vec<NamedNodeRef<'_>> = match &card.skos().in_scheme {
            Some(list) => iri_set(list),
            // A vocabulary without a scheme puts no concept in one.
            None if self.config.schemeless => Vec::new(),
            None => vec![scheme],
        };
        for &other in &in_scheme {
            s.put(skos::IN_SCHEME, other)?;
        }
        // A top concept of the glossary's scheme is one in it without a broader concept
        // (every term of a flat glossary), unless the card names the schemes it is top of.
        let top: Vec<NamedNodeRef<'_>> = match &card.skos().top_concept_of {
            Some(list) => iri_set(list),
            None if in_scheme.contains(&scheme) && self.hierarchy.broader(index).is_empty() => {
                vec![scheme]
            }
            None => Vec::new(),
        };
        for &other in &top {
            s.put(skos::TOP_CONCEPT_OF, other)?;
        }
        // The slug, unless the IRI says it: a vocabulary's concept at `{namespace}{slug}`
        // (`import` takes its local name), where a notation of glossgraph's own would be
        // published in the vocabulary as one of its codes.
        // Never into an imported vocabulary: the card keeps its slug beside its IRI.
        if !imported && (card.skos().iri.is_some() || self.config.namespace.is_none()) {
            s.put(skos::NOTATION, LiteralRef::new_typed_literal(slug, gx.slug))?;
        }
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
        if let Some(status) = card.status().filter(|_| !imported) {
            iri.clear();
            iris.push_status(&mut iri, status);
            s.put(gx.status, NamedNodeRef::new_unchecked(&iri))?;
        }
        for (predicate, nodes, list) in [
            (skos::RELATED, &links.related, card.related()),
            (dcterms::REPLACES, &links.replaces, card.supersedes()),
            (
                dcterms::IS_REPLACED_BY,
                &links.replaced_by,
                card.superseded_by(),
            ),
        ] {
            for &node in nodes {
                iri.clear();
                self.push_concept(&mut iri, node.index());
                s.put(predicate, NamedNodeRef::new_unchecked(&iri))?;
            }
            // Concepts outside the glossary, by IRI, as `broader` names them.
            for other in outside(list) {
                s.put(predicate, NamedNodeRef::new_unchecked(other))?;
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
        // An imported vocabulary says `owl:deprecated` itself (read as the status
        // `deprecated`), not of every concept another replaces.
        let retired = matches!(card.status(), Some("deprecated" | "obsolete"));
        let replaced = !links.replaced_by.is_empty() || !outside(card.superseded_by()).is_empty();
        if retired || (replaced && !imported) {
            s.put(
                owl::DEPRECATED,
                LiteralRef::new_typed_literal("true", xsd::BOOLEAN),
            )?;
        }
        self.dates(card, &mut s)?;
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
}

/// The values of a list as a set: sorted, without duplicates.
fn set(list: Texts<'_>) -> Vec<&str> {
    let mut out: Vec<&str> = list.iter().collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The IRIs of a list, sorted, without duplicates.
fn iri_set(list: &[String]) -> Vec<NamedNodeRef<'_>> {
    let mut out: Vec<NamedNodeRef<'_>> = list
        .iter()
        .map(|iri| NamedNodeRef::new_unchecked(iri))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Statements of `[metadata]` or `[schemes]` as RDF: each property expanded, its values
/// as terms.
fn statements(statements: &Statements) -> Vec<(NamedNode, Vec<Term>)> {
    statements
        .iter()
        .map(|(property, values)| {
            let p = NamedNode::new_unchecked(vocab::expand(property));
            (p, values.iter().map(meta_term).collect())
        })
        .collect()
}

/// A value of `[metadata]` as an RDF term: a language tag lowercased, as RDF compares them;
/// a datatype's prefixed name expanded.
fn meta_term(value: &MetaValue) -> Term {
    match value {
        MetaValue::Literal {
            text,
            language: Some(tag),
            ..
        } => Literal::new_language_tagged_literal_unchecked(text, tag.to_ascii_lowercase()).into(),
        MetaValue::Literal {
            text,
            datatype: Some(datatype),
            ..
        } => Literal::new_typed_literal(text, NamedNode::new_unchecked(vocab::expand(datatype)))
            .into(),
        MetaValue::Literal { text, .. } => Literal::new_simple_literal(text).into(),
        MetaValue::Iri(iri) => NamedNode::new_unchecked(iri.clone()).into(),
    }
}

/// The entries of a list of links that name a concept outside the glossary by IRI (not a
/// slug: see [`crate::hierarchy::is_iri`]), sorted, without duplicates.
fn outside(list: Texts<'_>) -> Vec<&str> {
    let mut out: Vec<&str> = list
        .iter()
        .filter(|e| crate::hierarchy::is_iri(e))
        .collect();
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
pub(super) fn date_literal(buffer: &mut String, d: PartialDate) -> LiteralRef<'_> {
    buffer.clear();
    buffer.push_str(d.text().as_str());
    LiteralRef::new_typed_literal(buffer, date_type(d.precision()))
}
