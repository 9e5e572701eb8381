//! Reading one `skos:Concept` and the resources that belong to it (citations, provenance
//! statements, note paragraphs) back into a card.

use std::collections::{BTreeMap, BTreeSet};

use oxigraph::model::{NamedNodeRef, Term};

use super::fields::Fields;
use super::{Reading, SubjectKey, Triples};
use crate::card::rules::is_slug;
use crate::card::{Citation, Draft};
use crate::rdf::vocab::{dcterms, owl, rdf, rdfs, schema, skos, xsd, Iris, PartOwned};

/// Reads concepts, with what the whole document says about the glossary.
pub(super) struct ConceptReader<'r> {
    pub(super) iris: &'r Iris,
    pub(super) language: &'r str,
    pub(super) triples: &'r Triples,
    pub(super) concepts: &'r BTreeMap<String, &'r SubjectKey>,
}

impl ConceptReader<'_> {
    /// The slug of a term IRI that the file describes.
    pub(super) fn term(
        &self,
        r: &mut Reading,
        subject: &str,
        predicate: NamedNodeRef<'_>,
        term: &Term,
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

    pub(super) fn card(
        &self,
        r: &mut Reading,
        slug: &str,
        key: &SubjectKey,
        parts: &[(PartOwned, &SubjectKey)],
    ) -> Option<Draft> {
        let iris = self.iris;
        let gx = iris.gx();
        let lang = self.language;
        let mut f = Fields::new(key, &self.triples[key]);
        let s = f.subject.clone();
        let problems_before = r.problems.len();
        if !is_slug(slug) {
            r.problem(
                &s,
                format!("`{slug}` is not a valid slug (a-z, 0-9 and single hyphens)"),
            );
        }
        r.types(&mut f, skos::CONCEPT);
        for p in [skos::IN_SCHEME, skos::TOP_CONCEPT_OF] {
            for scheme in f.take(p) {
                if !matches!(scheme, Term::NamedNode(n) if n.as_str() == iris.base()) {
                    r.problem(
                        &s,
                        format!(
                            "{} {scheme}: expected the glossary's scheme <{}>",
                            r.name(p.as_str()),
                            iris.base()
                        ),
                    );
                }
            }
        }
        if let Some(notation) = r.one(&mut f, skos::NOTATION) {
            if let Some(value) = r.typed(&s, skos::NOTATION, notation, gx.slug) {
                if value != slug {
                    r.problem(
                        &s,
                        format!(
                            "skos:notation `{value}` differs from the slug `{slug}` of the IRI"
                        ),
                    );
                }
            }
        }
        let mut card = Draft {
            slug: slug.to_owned(),
            ..Draft::default()
        };
        if let Some(t) = r.one(&mut f, skos::PREF_LABEL) {
            card.term = r.text(&s, skos::PREF_LABEL, t, lang).unwrap_or_default();
        }
        if let Some(t) = r.one(&mut f, skos::DEFINITION) {
            card.definition = r.text(&s, skos::DEFINITION, t, lang).unwrap_or_default();
        }
        if let Some(t) = r.optional(&mut f, skos::SCOPE_NOTE) {
            card.note = r.text(&s, skos::SCOPE_NOTE, t, lang).unwrap_or_default();
        }
        for (predicate, list) in [
            (skos::ALT_LABEL, &mut card.aliases),
            (gx.advantage, &mut card.advantages),
            (gx.limitation, &mut card.limitations),
        ] {
            for t in f.take(predicate) {
                list.extend(r.text(&s, predicate, t, lang));
            }
            list.sort_unstable();
        }
        if let Some(t) = r.optional(&mut f, gx.status) {
            if let Some(iri) = r.iri(&s, gx.status, t) {
                match iris.status_value(iri) {
                    Some(v) => card.status = Some(v),
                    None => r.problem(
                        &s,
                        format!("gx:status <{iri}>: not a status IRI of this glossary"),
                    ),
                }
            }
        }
        for (predicate, list) in [
            (skos::RELATED, &mut card.related),
            (dcterms::REPLACES, &mut card.supersedes),
            (dcterms::IS_REPLACED_BY, &mut card.superseded_by),
        ] {
            for t in f.take(predicate) {
                list.extend(self.term(r, &s, predicate, t));
            }
            list.sort_unstable();
            list.dedup();
        }
        // A term related to this one only by the other card: not in this card's list.
        let mut unlisted = Vec::new();
        for t in f.take(gx.unlisted_related) {
            unlisted.extend(self.term(r, &s, gx.unlisted_related, t));
        }
        card.related.retain(|slug| !unlisted.contains(slug));
        for t in f.take(owl::DEPRECATED) {
            // Derived from the status and the replacements; only its form is checked.
            r.typed(&s, owl::DEPRECATED, t, xsd::BOOLEAN);
        }
        for (predicate, field) in [
            (gx.first_seen, &mut card.first_seen),
            (gx.last_seen, &mut card.last_seen),
            (dcterms::MODIFIED, &mut card.updated),
        ] {
            if let Some(t) = r.optional(&mut f, predicate) {
                *field = r.date(&s, predicate, t);
            }
        }
        let mut referenced: BTreeSet<String> = BTreeSet::new();
        for (predicate, expect) in [
            (dcterms::REFERENCES, "citation"),
            (dcterms::PROVENANCE, "provenance"),
        ] {
            for t in f.take(predicate) {
                let Some(iri) = r.iri(&s, predicate, t) else {
                    continue;
                };
                let fits = match iris.part_of(iri) {
                    Some((of, PartOwned::Citation(_))) => of == slug && expect == "citation",
                    Some((of, PartOwned::Provenance(_))) => of == slug && expect == "provenance",
                    _ => false,
                };
                if fits && self.triples.contains_key(&SubjectKey::Iri(iri.to_owned())) {
                    referenced.insert(iri.to_owned());
                } else {
                    r.problem(
                        &s,
                        format!(
                            "{} <{iri}>: not a {expect} resource of this term described in the file",
                            r.name(predicate.as_str())
                        ),
                    );
                }
            }
        }
        r.leftovers(f);

        for (part, key) in parts {
            let iri = match key {
                SubjectKey::Iri(iri) => iri,
                SubjectKey::Blank(_) => continue,
            };
            let values = &self.triples[*key];
            let mut f = Fields::new(key, values);
            let ps = f.subject.clone();
            if !matches!(part, PartOwned::Paragraph(_)) && !referenced.contains(iri) {
                r.problem(&ps, format!("is not referred to by its term {s}"));
            }
            match part {
                PartOwned::Citation(id) => {
                    r.types(&mut f, dcterms::BIBLIOGRAPHIC_RESOURCE);
                    let mut c = Citation::default();
                    if let Some(t) = r.one(&mut f, dcterms::IDENTIFIER) {
                        c.id = r
                            .typed(&ps, dcterms::IDENTIFIER, t, xsd::STRING)
                            .unwrap_or_default();
                        if c.id != *id {
                            r.problem(
                                &ps,
                                format!(
                                    "dcterms:identifier `{}` differs from the id `{id}` of the IRI",
                                    c.id
                                ),
                            );
                        }
                    }
                    if let Some(t) = r.one(&mut f, dcterms::TITLE) {
                        c.title = r
                            .typed(&ps, dcterms::TITLE, t, xsd::STRING)
                            .unwrap_or_default();
                    }
                    if let Some(t) = r.one(&mut f, schema::URL) {
                        c.url = match t {
                            Term::NamedNode(n) => n.as_str().to_owned(),
                            Term::Literal(l)
                                if l.datatype() == xsd::ANY_URI || l.datatype() == xsd::STRING =>
                            {
                                l.value().to_owned()
                            }
                            other => {
                                r.problem(&ps, format!("schema:url {other}: expected an IRI"));
                                String::new()
                            }
                        };
                    }
                    if let Some(t) = r.optional(&mut f, iris.gx().accessed) {
                        c.accessed = r.date(&ps, iris.gx().accessed, t);
                    }
                    card.citations.push(c);
                }
                PartOwned::Provenance(_) => {
                    r.types(&mut f, dcterms::PROVENANCE_STATEMENT);
                    if let Some(t) = r.one(&mut f, rdfs::LABEL) {
                        card.provenance.extend(r.text(&ps, rdfs::LABEL, t, lang));
                    }
                }
                PartOwned::Paragraph(_) => {
                    // Derived from the note and the citations: its form is checked, its
                    // content is the note's.
                    r.types(&mut f, gx.note_paragraph);
                    for t in f.take(gx.paragraph_of) {
                        if !matches!(t, Term::NamedNode(n) if n.as_str() == &s[1..s.len() - 1]) {
                            r.problem(&ps, format!("gx:paragraphOf {t}: expected its term {s}"));
                        }
                    }
                    for t in f.take(rdf::VALUE) {
                        r.text(&ps, rdf::VALUE, t, lang);
                    }
                    for t in f.take(dcterms::REFERENCES) {
                        r.iri(&ps, dcterms::REFERENCES, t);
                    }
                }
            }
            r.leftovers(f);
        }
        card.citations.sort_by(|a, b| a.id.cmp(&b.id));
        card.provenance.sort_unstable();
        (r.problems.len() == problems_before).then_some(card)
    }
}
