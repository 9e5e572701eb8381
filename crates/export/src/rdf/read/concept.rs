//! Reading one `skos:Concept` and the resources that belong to it (citations, provenance
//! statements, note paragraphs) back into a card.

use std::collections::{BTreeMap, BTreeSet};

use oxigraph::model::{NamedNodeRef, TermRef};

use super::fields::Fields;
use super::triples::{Subject, Triples};
use super::Reading;
use crate::card::rules::is_slug;
use crate::card::{Citation, Draft};
use crate::rdf::vocab::{dcterms, owl, rdf, rdfs, schema, skos, xsd, Iris, PartOwned};

/// Reads concepts, with what the whole document says about the glossary.
pub(super) struct ConceptReader<'r> {
    pub(super) iris: &'r Iris,
    pub(super) language: &'r str,
    pub(super) triples: &'r Triples,
    pub(super) concepts: &'r BTreeMap<String, Subject<'r>>,
}

impl ConceptReader<'_> {
    /// The slug of a term IRI that the file describes.
    pub(super) fn term(
        &self,
        r: &mut Reading,
        subject: &str,
        predicate: NamedNodeRef<'_>,
        term: TermRef<'_>,
    ) -> Option<String> {
        let iri = r.iri(subject, predicate, term)?;
        match self.iris.term_slug(iri) {
            Some(slug) if self.concepts.contains_key(&slug) => Some(slug),
            _ => {
                r.problem(
                    subject,
                    format!(
                        "{} <{iri}>: not a term that the file describes",
                        r.name(predicate.as_str())
                    ),
                );
                None
            }
        }
    }

    /// The card of the concept `key`, with its `parts` (citations, provenance, paragraphs);
    /// `None` when anything about it was a problem (each one reported on `r`).
    pub(super) fn card(
        &self,
        r: &mut Reading,
        slug: &str,
        subject: Subject<'_>,
        parts: &[(PartOwned, Subject<'_>)],
    ) -> Option<Draft> {
        let mut f = Fields::new(subject);
        let s = f.subject.clone();
        let problems_before = r.problems.len();
        if !is_slug(slug) {
            r.problem(
                &s,
                format!("`{slug}` is not a valid slug (a-z, 0-9 and single hyphens)"),
            );
        }
        r.types(&mut f, skos::CONCEPT);
        self.scheme_and_notation(r, &mut f, &s, slug);
        let mut card = Draft {
            slug: slug.to_owned(),
            ..Draft::default()
        };
        self.texts(r, &mut f, &s, &mut card);
        self.extra(r, &mut f, &s, &mut card);
        self.links(r, &mut f, &s, &mut card);
        let referenced = self.referenced(r, &mut f, &s, slug);
        r.leftovers(f);
        for (part, subject) in parts {
            self.part(r, &mut card, &s, part, *subject, &referenced);
        }
        card.citations.sort_by(|a, b| a.id.cmp(&b.id));
        card.provenance.sort_unstable();
        (r.problems.len() == problems_before).then_some(card)
    }

    /// Checks that the concept is in the glossary's scheme and that its notation is its slug.
    fn scheme_and_notation(&self, r: &mut Reading, f: &mut Fields, s: &str, slug: &str) {
        let base = self.iris.base();
        for p in [skos::IN_SCHEME, skos::TOP_CONCEPT_OF] {
            for scheme in f.take(p) {
                if !matches!(scheme, TermRef::NamedNode(n) if n.as_str() == base) {
                    r.problem(
                        s,
                        format!(
                            "{} {scheme}: expected the glossary's scheme <{base}>",
                            r.name(p.as_str()),
                        ),
                    );
                }
            }
        }
        if let Some(notation) = r.one(f, skos::NOTATION) {
            if let Some(value) = r.typed(s, skos::NOTATION, notation, self.iris.gx().slug) {
                if value != slug {
                    r.problem(
                        s,
                        format!(
                            "skos:notation `{value}` differs from the slug `{slug}` of the IRI"
                        ),
                    );
                }
            }
        }
    }

    /// The card's fields glossgraph does not know: each a `gx:extra` JSON literal holding one
    /// `{"name": value}` object.
    fn extra(&self, r: &mut Reading, f: &mut Fields, s: &str, card: &mut Draft) {
        let extra = self.iris.gx_extra();
        for t in f.take(extra.as_ref()) {
            let parsed = match t {
                TermRef::Literal(l) if l.datatype() == rdf::JSON => {
                    serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(l.value())
                        .ok()
                }
                _ => None,
            };
            match parsed {
                Some(fields) => card.skos.extra.extend(fields),
                None => r.problem(s, format!("gx:extra {t}: expected a JSON object literal")),
            }
        }
    }

    /// The card's texts (term, definition, note, aliases, advantages, limitations) and status.
    fn texts(&self, r: &mut Reading, f: &mut Fields, s: &str, card: &mut Draft) {
        let gx = self.iris.gx();
        let lang = self.language;
        if let Some(t) = r.one(f, skos::PREF_LABEL) {
            card.term = r.text(s, skos::PREF_LABEL, t, lang).unwrap_or_default();
        }
        if let Some(t) = r.one(f, skos::DEFINITION) {
            card.definition = r.text(s, skos::DEFINITION, t, lang).unwrap_or_default();
        }
        if let Some(t) = r.optional(f, skos::SCOPE_NOTE) {
            card.note = r.text(s, skos::SCOPE_NOTE, t, lang).unwrap_or_default();
        }
        for (predicate, list) in [
            (skos::ALT_LABEL, &mut card.aliases),
            (gx.advantage, &mut card.advantages),
            (gx.limitation, &mut card.limitations),
        ] {
            for t in f.take(predicate) {
                list.extend(r.text(s, predicate, t, lang));
            }
            list.sort_unstable();
        }
        if let Some(t) = r.optional(f, gx.status) {
            if let Some(iri) = r.iri(s, gx.status, t) {
                match self.iris.status_value(iri) {
                    Some(v) => card.status = Some(v),
                    None => r.problem(
                        s,
                        format!("gx:status <{iri}>: not a status IRI of this glossary"),
                    ),
                }
            }
        }
    }

    /// The card's links to other terms (related, supersedes, superseded by) and its dates.
    fn links(&self, r: &mut Reading, f: &mut Fields, s: &str, card: &mut Draft) {
        let gx = self.iris.gx();
        for (predicate, list) in [
            (skos::RELATED, &mut card.related),
            (dcterms::REPLACES, &mut card.supersedes),
            (dcterms::IS_REPLACED_BY, &mut card.superseded_by),
        ] {
            for t in f.take(predicate) {
                list.extend(self.term(r, s, predicate, t));
            }
            list.sort_unstable();
            list.dedup();
        }
        // A term related to this one only by the other card: not in this card's list.
        let mut unlisted = Vec::new();
        for t in f.take(gx.unlisted_related) {
            unlisted.extend(self.term(r, s, gx.unlisted_related, t));
        }
        card.related.retain(|slug| !unlisted.contains(slug));
        for t in f.take(gx.links_to) {
            // Derived from the texts, which keep the links; only its form is checked.
            let _ = self.term(r, s, gx.links_to, t);
        }
        for t in f.take(owl::DEPRECATED) {
            // Derived from the status and the replacements; only its form is checked.
            r.typed(s, owl::DEPRECATED, t, xsd::BOOLEAN);
        }
        for (predicate, field) in [
            (gx.first_seen, &mut card.first_seen),
            (gx.last_seen, &mut card.last_seen),
            (dcterms::CREATED, &mut card.skos.created),
            (dcterms::MODIFIED, &mut card.updated),
        ] {
            if let Some(t) = r.optional(f, predicate) {
                *field = r.date(s, predicate, t);
            }
        }
    }

    /// The IRIs of the citation and provenance resources the concept refers to; each must be
    /// one of this term's, described in the file.
    fn referenced(&self, r: &mut Reading, f: &mut Fields, s: &str, slug: &str) -> BTreeSet<String> {
        let mut referenced = BTreeSet::new();
        for (predicate, expect) in [
            (dcterms::REFERENCES, "citation"),
            (dcterms::PROVENANCE, "provenance"),
        ] {
            for t in f.take(predicate) {
                let Some(iri) = r.iri(s, predicate, t) else {
                    continue;
                };
                let fits = match self.iris.part_of(iri) {
                    Some((of, PartOwned::Citation(_))) => of == slug && expect == "citation",
                    Some((of, PartOwned::Provenance(_))) => of == slug && expect == "provenance",
                    _ => false,
                };
                if fits && self.triples.subject_iri(iri).is_some() {
                    referenced.insert(iri.to_owned());
                } else {
                    r.problem(
                        s,
                        format!(
                            "{} <{iri}>: not a {expect} resource of this term described in the file",
                            r.name(predicate.as_str())
                        ),
                    );
                }
            }
        }
        referenced
    }

    /// Reads one resource belonging to the concept `s` into `card`.
    fn part(
        &self,
        r: &mut Reading,
        card: &mut Draft,
        s: &str,
        part: &PartOwned,
        subject: Subject<'_>,
        referenced: &BTreeSet<String>,
    ) {
        let Some(iri) = subject.iri() else {
            return;
        };
        let gx = self.iris.gx();
        let mut f = Fields::new(subject);
        let ps = f.subject.clone();
        if !matches!(part, PartOwned::Paragraph(_)) && !referenced.contains(iri) {
            r.problem(&ps, format!("is not referred to by its term {s}"));
        }
        match part {
            PartOwned::Citation(id) => {
                let c = self.citation(r, &mut f, &ps, id);
                card.citations.push(c);
            }
            PartOwned::Provenance(_) => {
                r.types(&mut f, dcterms::PROVENANCE_STATEMENT);
                if let Some(t) = r.one(&mut f, rdfs::LABEL) {
                    card.provenance
                        .extend(r.text(&ps, rdfs::LABEL, t, self.language));
                }
            }
            PartOwned::Paragraph(_) => {
                // Derived from the note and the citations: its form is checked, its
                // content is the note's.
                r.types(&mut f, gx.note_paragraph);
                for t in f.take(gx.paragraph_of) {
                    if !matches!(t, TermRef::NamedNode(n) if n.as_str() == &s[1..s.len() - 1]) {
                        r.problem(&ps, format!("gx:paragraphOf {t}: expected its term {s}"));
                    }
                }
                for t in f.take(rdf::VALUE) {
                    r.text(&ps, rdf::VALUE, t, self.language);
                }
                for t in f.take(dcterms::REFERENCES) {
                    r.iri(&ps, dcterms::REFERENCES, t);
                }
            }
        }
        r.leftovers(f);
    }

    /// A citation resource `ps` whose IRI names the id `id`.
    fn citation(&self, r: &mut Reading, f: &mut Fields, ps: &str, id: &str) -> Citation {
        r.types(f, dcterms::BIBLIOGRAPHIC_RESOURCE);
        let mut c = Citation::default();
        if let Some(t) = r.one(f, dcterms::IDENTIFIER) {
            c.id = r
                .typed(ps, dcterms::IDENTIFIER, t, xsd::STRING)
                .unwrap_or_default();
            if c.id != id {
                r.problem(
                    ps,
                    format!(
                        "dcterms:identifier `{}` differs from the id `{id}` of the IRI",
                        c.id
                    ),
                );
            }
        }
        if let Some(t) = r.one(f, dcterms::TITLE) {
            c.title = r
                .typed(ps, dcterms::TITLE, t, xsd::STRING)
                .unwrap_or_default();
        }
        if let Some(t) = r.one(f, schema::URL) {
            c.url = match t {
                TermRef::NamedNode(n) => n.as_str().to_owned(),
                TermRef::Literal(l)
                    if l.datatype() == xsd::ANY_URI || l.datatype() == xsd::STRING =>
                {
                    l.value().to_owned()
                }
                other => {
                    r.problem(ps, format!("schema:url {other}: expected an IRI"));
                    String::new()
                }
            };
        }
        if let Some(t) = r.optional(f, self.iris.gx().accessed) {
            c.accessed = r.date(ps, self.iris.gx().accessed, t);
        }
        c
    }
}
