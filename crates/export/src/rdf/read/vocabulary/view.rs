//! A card of a vocabulary as it is made: the fields of a [`Draft`] borrowing their text from
//! the triples, written as JSON without becoming a `Draft` first.
//!
//! A `Draft` owns a `String` for every label, note and link; making one per concept and
//! freeing it once written was a fifth of importing a large vocabulary into one file
//! (BENCHMARKS.md, "SKOS import"). A [`View`] holds the same fields, each text borrowed
//! where the file has it as the card keeps it (a slug, an IRI, a label without control
//! characters), and serialises them in the order and the form `Draft`'s serialisation
//! gives (the names of [`crate::card::FIELDS`], the SKOS fields only when they hold
//! something): [`View::to_draft`] gives the `Draft` wherever one is kept, and the tests
//! check, card by card and on every vocabulary they import, that both write the same bytes,
//! on one line and pretty-printed.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use glossgraph_core::generate::CardJson;

use crate::card::skos::{Language, Notation, Skos};
use crate::card::{Citation, Draft, PartialDate};

/// A text of a card: borrowed from the triples, or owned where reading changed it.
pub(super) type Text<'g> = Cow<'g, str>;

/// A card being made from its concept's triples (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct View<'g> {
    pub(super) status: Option<&'g str>,
    pub(super) supersedes: Vec<&'g str>,
    pub(super) superseded_by: Vec<&'g str>,
    pub(super) updated: Option<PartialDate>,
    pub(super) slug: &'g str,
    pub(super) term: Text<'g>,
    pub(super) aliases: Vec<Text<'g>>,
    pub(super) definition: Text<'g>,
    pub(super) related: Vec<&'g str>,
    pub(super) iri: Option<&'g str>,
    pub(super) created: Option<PartialDate>,
    pub(super) notations: Vec<NotationView<'g>>,
    pub(super) hidden_aliases: Vec<Text<'g>>,
    pub(super) broader: Vec<&'g str>,
    pub(super) narrower: Vec<&'g str>,
    pub(super) in_scheme: Option<Vec<&'g str>>,
    pub(super) top_concept_of: Option<Vec<&'g str>>,
    pub(super) mappings: BTreeMap<&'static str, Vec<&'g str>>,
    pub(super) notes: BTreeMap<&'static str, Vec<Text<'g>>>,
    pub(super) languages: BTreeMap<&'g str, LanguageView<'g>>,
    pub(super) term_from: Option<&'static str>,
    pub(super) extra: BTreeMap<String, serde_json::Value>,
}

/// A [`Notation`], borrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct NotationView<'g> {
    pub(super) value: &'g str,
    pub(super) datatype: Option<&'g str>,
}

/// A [`Language`], borrowed.
#[derive(Debug, Default)]
pub(super) struct LanguageView<'g> {
    pub(super) term: Option<Text<'g>>,
    pub(super) aliases: Vec<Text<'g>>,
    pub(super) hidden_aliases: Vec<Text<'g>>,
    pub(super) definition: Option<Text<'g>>,
    pub(super) notes: BTreeMap<&'static str, Vec<Text<'g>>>,
}

fn owned(list: &[impl AsRef<str>]) -> Vec<String> {
    list.iter().map(|s| s.as_ref().to_owned()).collect()
}

fn owned_by_kind<T: AsRef<str>>(map: &BTreeMap<&str, Vec<T>>) -> BTreeMap<String, Vec<String>> {
    map.iter()
        .map(|(k, list)| ((*k).to_owned(), owned(list)))
        .collect()
}

impl View<'_> {
    /// The card as a [`Draft`], each text owned.
    pub(crate) fn to_draft(&self) -> Draft {
        Draft {
            status: self.status.map(str::to_owned),
            supersedes: owned(&self.supersedes),
            superseded_by: owned(&self.superseded_by),
            updated: self.updated,
            slug: self.slug.to_owned(),
            term: self.term.clone().into_owned(),
            aliases: owned(&self.aliases),
            definition: self.definition.clone().into_owned(),
            related: owned(&self.related),
            skos: Skos {
                iri: self.iri.map(str::to_owned),
                created: self.created,
                notations: self
                    .notations
                    .iter()
                    .map(|n| Notation {
                        value: n.value.to_owned(),
                        datatype: n.datatype.map(str::to_owned),
                    })
                    .collect(),
                hidden_aliases: owned(&self.hidden_aliases),
                broader: owned(&self.broader),
                narrower: owned(&self.narrower),
                in_scheme: self.in_scheme.as_deref().map(owned),
                top_concept_of: self.top_concept_of.as_deref().map(owned),
                mappings: owned_by_kind(&self.mappings),
                notes: owned_by_kind(&self.notes),
                languages: self
                    .languages
                    .iter()
                    .map(|(tag, l)| {
                        let language = Language {
                            term: l.term.as_deref().map(str::to_owned),
                            aliases: owned(&l.aliases),
                            hidden_aliases: owned(&l.hidden_aliases),
                            definition: l.definition.as_deref().map(str::to_owned),
                            notes: owned_by_kind(&l.notes),
                        };
                        ((*tag).to_owned(), language)
                    })
                    .collect(),
                term_from: self.term_from.map(str::to_owned),
                extra: self.extra.clone(),
            },
            ..Draft::default()
        }
    }
}

impl CardJson for View<'_> {
    fn slug(&self) -> &str {
        self.slug
    }

    /// The card as JSON, as [`Draft::write_json`] writes its `Draft`.
    fn write_card(&self, mut w: impl std::io::Write, pretty: bool) -> std::io::Result<()> {
        if pretty {
            serde_json::to_writer_pretty(&mut w, self)?;
        } else {
            serde_json::to_writer(&mut w, self)?;
        }
        Ok(())
    }
}

/// The fields a vocabulary's card never has: written as a `Draft` writes them empty.
const NONE: Option<&str> = None;
const EMPTY: [&str; 0] = [];
const NO_CITATIONS: [Citation; 0] = [];

impl Serialize for View<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("status", &self.status)?;
        map.serialize_entry("advantages", &EMPTY)?;
        map.serialize_entry("limitations", &EMPTY)?;
        map.serialize_entry("supersedes", &self.supersedes)?;
        map.serialize_entry("supersededBy", &self.superseded_by)?;
        map.serialize_entry("firstSeen", &NONE)?;
        map.serialize_entry("lastSeen", &NONE)?;
        map.serialize_entry("updated", &self.updated)?;
        map.serialize_entry("slug", self.slug)?;
        map.serialize_entry("term", &self.term)?;
        map.serialize_entry("aliases", &self.aliases)?;
        map.serialize_entry("definition", &self.definition)?;
        map.serialize_entry("note", "")?;
        map.serialize_entry("related", &self.related)?;
        map.serialize_entry("citations", &NO_CITATIONS)?;
        map.serialize_entry("provenance", &EMPTY)?;
        // The SKOS fields, as `Skos::serialize_entries` writes them.
        if let Some(iri) = self.iri {
            map.serialize_entry("iri", iri)?;
        }
        if let Some(created) = &self.created {
            map.serialize_entry("created", created)?;
        }
        if !self.notations.is_empty() {
            map.serialize_entry("notations", &self.notations)?;
        }
        if !self.hidden_aliases.is_empty() {
            map.serialize_entry("hiddenAliases", &self.hidden_aliases)?;
        }
        for (name, list) in [("broader", &self.broader), ("narrower", &self.narrower)] {
            if !list.is_empty() {
                map.serialize_entry(name, list)?;
            }
        }
        for (name, list) in [
            ("inScheme", &self.in_scheme),
            ("topConceptOf", &self.top_concept_of),
        ] {
            if let Some(list) = list {
                map.serialize_entry(name, list)?;
            }
        }
        if !self.mappings.is_empty() {
            map.serialize_entry("mappings", &self.mappings)?;
        }
        if !self.notes.is_empty() {
            map.serialize_entry("notes", &self.notes)?;
        }
        if !self.languages.is_empty() {
            map.serialize_entry("languages", &self.languages)?;
        }
        if let Some(from) = self.term_from {
            map.serialize_entry("termFrom", from)?;
        }
        for (key, value) in &self.extra {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl Serialize for NotationView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("value", self.value)?;
        if let Some(datatype) = self.datatype {
            map.serialize_entry("datatype", datatype)?;
        }
        map.end()
    }
}

impl Serialize for LanguageView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        if let Some(term) = &self.term {
            map.serialize_entry("term", term)?;
        }
        for (name, list) in [
            ("aliases", &self.aliases),
            ("hiddenAliases", &self.hidden_aliases),
        ] {
            if !list.is_empty() {
                map.serialize_entry(name, list)?;
            }
        }
        if let Some(definition) = &self.definition {
            map.serialize_entry("definition", definition)?;
        }
        if !self.notes.is_empty() {
            map.serialize_entry("notes", &self.notes)?;
        }
        map.end()
    }
}
