//! The optional fields that let a card hold a concept of any SKOS vocabulary: hierarchy,
//! the concept's own IRI, notations, hidden labels, the SKOS note kinds, labels and notes per
//! language, mappings to other vocabularies, and the fields glossgraph does not know.
//!
//! A glossary written for glossgraph uses none of them, and a card without them carries no
//! more than one empty pointer ([`super::Card`] keeps them boxed, `None` when empty): the
//! compact layout of `compact.rs` is for the million-card glossary, these fields for the
//! few-thousand-concept thesaurus, and they are read as owned values.
//!
//! In JSON they come after the seed card's fields, each written only when it holds something,
//! so that a card without them is written byte for byte as before:
//!
//! ```json
//! "iri": "http://astrothesaurus.org/uat/162",
//! "types": ["http://zbw.eu/namespaces/zbw-extensions/Descriptor"],
//! "created": "2016-11-02",
//! "dateTimes": {"created": "2016-11-02T10:00:00Z"},
//! "notations": [{"value": "079", "datatype": "http://example.org/ddc"}, {"value": "B", "language": "en"}],
//! "hiddenAliases": ["astro physics"],
//! "broader": ["astrophysics", "http://other.example/concept/9"],
//! "narrower": ["stellar-astronomy"],
//! "inScheme": ["http://astrothesaurus.org/uat", "http://astrothesaurus.org/uat/galaxies"],
//! "topConceptOf": ["http://astrothesaurus.org/uat/galaxies"],
//! "mappings": {"exactMatch": ["http://www.wikidata.org/entity/Q37547"]},
//! "notes": {"example": ["…"], "historyNote": ["…"]},
//! "languages": {"de": {"term": "Astronomie", "aliases": [], "hiddenAliases": [],
//!                      "definition": "…", "notes": {"scopeNote": ["…"]}}},
//! "tags": ["kept as it is"]
//! ```

use std::collections::BTreeMap;

use serde::ser::SerializeMap;
use serde_json::Value;

use super::{PartialDate, Problem};

/// The SKOS documentation properties a card's `notes` may hold, by their SKOS names. The
/// card's own `definition` and `note` stay where they are (the note is written as
/// `skos:scopeNote`); `notes` holds the others, and the further definitions and scope notes
/// a vocabulary gives.
pub const NOTE_KINDS: [&str; 7] = [
    "changeNote",
    "definition",
    "editorialNote",
    "example",
    "historyNote",
    "note",
    "scopeNote",
];

/// The SKOS mapping properties a card's `mappings` may hold.
pub const MAPPING_KINDS: [&str; 5] = [
    "broadMatch",
    "closeMatch",
    "exactMatch",
    "narrowMatch",
    "relatedMatch",
];

/// The dates whose time [`Skos::date_times`] may keep: `dcterms:created`, `dcterms:modified`.
pub const DATE_TIME_KINDS: [&str; 2] = ["created", "modified"];

/// What [`Skos::term_from`] may say: an `rdfs:label`, another language's preferred label,
/// the notation, or the local name of the concept's IRI.
pub const TERM_SOURCES: [&str; 4] = ["rdfs:label", "language", "notation", "localName"];

/// The fields of one language's entry in `languages`, in writing order.
pub const LANGUAGE_FIELDS: [&str; 5] = ["term", "aliases", "hiddenAliases", "definition", "notes"];

/// Whether a `broader`/`narrower` entry names a concept by IRI: a slug never holds `:`.
pub fn is_iri(entry: &str) -> bool {
    entry.contains(':')
}

/// Texts by kind (`scopeNote`, `exactMatch`, …): a kind with no text is not kept.
pub type ByKind = BTreeMap<String, Vec<String>>;

/// The optional SKOS fields of a card (see the module documentation). Every field empty is
/// [`Skos::is_empty`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Skos {
    /// The concept's IRI when it is not the one the glossary gives it.
    pub iri: Option<String>,
    /// The concept's classes (`rdf:type`), by IRI, when they are not `skos:Concept` alone
    /// (a thesaurus's own `Descriptor` class): the export then types it with these only.
    pub types: Vec<String>,
    /// When the concept was made (`dcterms:created`), kept as `updated` keeps
    /// `dcterms:modified`: to the day at most.
    pub created: Option<PartialDate>,
    /// The date and time of `created` and `updated` (keys `created`, `modified`) when the
    /// vocabulary stated one (`xsd:dateTime`), as written: the export writes it instead of
    /// the day while that day is still the card's.
    pub date_times: BTreeMap<String, String>,
    pub notations: Vec<Notation>,
    /// Labels kept for search, never shown (`skos:hiddenLabel`).
    pub hidden_aliases: Vec<String>,
    /// Broader concepts: slugs of the glossary, or IRIs of concepts outside it.
    pub broader: Vec<String>,
    /// Narrower concepts, the mirror of `broader`: slugs or IRIs.
    pub narrower: Vec<String>,
    /// The concept schemes the concept is in (`skos:inScheme`), by IRI, when that is not the
    /// glossary's scheme alone (a vocabulary of several schemes); `None` for the glossary's
    /// alone, `Some` of an empty list for none.
    pub in_scheme: Option<Vec<String>>,
    /// The concept schemes the concept is a top concept of (`skos:topConceptOf`), by IRI,
    /// when they are not the ones glossgraph derives (the glossary's scheme when the
    /// concept is in it and has no broader concept); `Some` of an empty list for none.
    pub top_concept_of: Option<Vec<String>>,
    /// IRIs in other vocabularies, by [`MAPPING_KINDS`].
    pub mappings: ByKind,
    /// Texts in the main language, by [`NOTE_KINDS`].
    pub notes: ByKind,
    /// Labels and texts in other languages, by BCP 47 tag.
    pub languages: BTreeMap<String, Language>,
    /// Where the term came from when the concept has no preferred label in the main
    /// language ([`TERM_SOURCES`]): the export then writes no `skos:prefLabel` for it (and
    /// for `rdfs:label`, that label back).
    pub term_from: Option<String>,
    /// Fields glossgraph does not know, kept as they were written.
    pub extra: BTreeMap<String, Value>,
}

/// A notation: a code that names the concept in its vocabulary (`079`, `QA76.9`).
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Notation {
    pub value: String,
    /// The IRI of the literal's datatype, when it is not a plain string.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub datatype: Option<String>,
    /// The literal's language tag, when it has one (`"B"@en`; a notation has a datatype or
    /// a language, not both).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// A concept's labels and texts in one language other than the glossary's main one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Language {
    pub term: Option<String>,
    pub aliases: Vec<String>,
    pub hidden_aliases: Vec<String>,
    pub definition: Option<String>,
    pub notes: ByKind,
}

impl Skos {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Writes the fields that hold something as entries of `map`, in [`super::FIELDS`] order,
    /// then the unknown fields by name.
    ///
    /// # Errors
    /// Those of the serializer.
    pub fn serialize_entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        if let Some(iri) = &self.iri {
            map.serialize_entry("iri", iri)?;
        }
        if !self.types.is_empty() {
            map.serialize_entry("types", &self.types)?;
        }
        if let Some(created) = &self.created {
            map.serialize_entry("created", created)?;
        }
        if !self.date_times.is_empty() {
            map.serialize_entry("dateTimes", &self.date_times)?;
        }
        if !self.notations.is_empty() {
            map.serialize_entry("notations", &self.notations)?;
        }
        for (name, list) in [
            ("hiddenAliases", &self.hidden_aliases),
            ("broader", &self.broader),
            ("narrower", &self.narrower),
        ] {
            if !list.is_empty() {
                map.serialize_entry(name, list)?;
            }
        }
        // Written when set, even empty: an empty list says "none", unlike no list.
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
        if let Some(from) = &self.term_from {
            map.serialize_entry("termFrom", from)?;
        }
        for (key, value) in &self.extra {
            map.serialize_entry(key, value)?;
        }
        Ok(())
    }

    /// Reads the value of the SKOS field `name` (one of the names [`super::FIELDS`] gives
    /// after `provenance`) into `self`; what does not fit is a problem at its pointer.
    pub(super) fn read(&mut self, name: &str, value: Value, problems: &mut Vec<(String, Problem)>) {
        let at = format!("/{name}");
        match name {
            "iri" => self.iri = text(value, &at, problems),
            "types" => self.types = texts(value, &at, problems),
            "dateTimes" => {
                for (key, v) in object(value, &at, "an object", problems) {
                    let at = pointer(&at, &key);
                    if DATE_TIME_KINDS.contains(&key.as_str()) {
                        if let Some(t) = text(v, &at, problems) {
                            self.date_times.insert(key, t);
                        }
                    } else {
                        problems.push((
                            at,
                            Problem::UnknownField {
                                meant: super::meant_field(&key, &DATE_TIME_KINDS),
                            },
                        ));
                    }
                }
            }
            // A date may be null, as the other dates of a card may.
            "created" if value.is_null() => self.created = None,
            "created" => {
                self.created = match text(value, &at, problems).map(|t| PartialDate::parse(&t)) {
                    Some(Ok(date)) => Some(date),
                    Some(Err(why)) => {
                        problems.push((at, Problem::BadDate(why)));
                        None
                    }
                    None => None,
                }
            }
            "notations" => self.notations = notations(value, &at, problems),
            "hiddenAliases" => self.hidden_aliases = texts(value, &at, problems),
            "broader" => self.broader = texts(value, &at, problems),
            "narrower" => self.narrower = texts(value, &at, problems),
            // null, as no list: the glossary's scheme, the derived top concepts.
            "inScheme" | "topConceptOf" => {
                let list = (!value.is_null()).then(|| texts(value, &at, problems));
                if name == "inScheme" {
                    self.in_scheme = list;
                } else {
                    self.top_concept_of = list;
                }
            }
            "mappings" => self.mappings = by_kind(value, &at, &MAPPING_KINDS, problems),
            "notes" => self.notes = by_kind(value, &at, &NOTE_KINDS, problems),
            "termFrom" => {
                self.term_from = text(value, &at, problems);
                if let Some(from) = &self.term_from {
                    if !TERM_SOURCES.contains(&from.as_str()) {
                        problems.push((
                            at,
                            Problem::WrongType {
                                expected: "one of rdfs:label, language, notation, localName",
                                found: "another string",
                            },
                        ));
                        self.term_from = None;
                    }
                }
            }
            _ => self.languages = languages(value, &at, problems),
        }
    }
}

impl serde::Serialize for Skos {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        self.serialize_entries(&mut map)?;
        map.end()
    }
}

impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
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

fn found(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn wrong(at: &str, expected: &'static str, value: &Value, problems: &mut Vec<(String, Problem)>) {
    problems.push((
        at.to_owned(),
        Problem::WrongType {
            expected,
            found: found(value),
        },
    ));
}

fn text(value: Value, at: &str, problems: &mut Vec<(String, Problem)>) -> Option<String> {
    match value {
        Value::String(s) => Some(s),
        other => {
            wrong(at, "a string", &other, problems);
            None
        }
    }
}

fn texts(value: Value, at: &str, problems: &mut Vec<(String, Problem)>) -> Vec<String> {
    let Value::Array(items) = value else {
        wrong(at, "an array of strings", &value, problems);
        return Vec::new();
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        out.extend(text(item, &format!("{at}/{i}"), problems));
    }
    out
}

fn object(
    value: Value,
    at: &str,
    expected: &'static str,
    problems: &mut Vec<(String, Problem)>,
) -> serde_json::Map<String, Value> {
    match value {
        Value::Object(members) => members,
        other => {
            wrong(at, expected, &other, problems);
            serde_json::Map::new()
        }
    }
}

fn pointer(at: &str, key: &str) -> String {
    let mut p = at.to_owned();
    super::push_pointer(&mut p, key);
    p
}

fn notations(value: Value, at: &str, problems: &mut Vec<(String, Problem)>) -> Vec<Notation> {
    let Value::Array(items) = value else {
        wrong(at, "an array of notations", &value, problems);
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let at = format!("{at}/{i}");
        let mut notation = Notation::default();
        let mut has_value = false;
        for (key, v) in object(item, &at, "an object", problems) {
            let at = pointer(&at, &key);
            match key.as_str() {
                "value" => {
                    has_value = true;
                    notation.value = text(v, &at, problems).unwrap_or_default();
                }
                "datatype" => notation.datatype = text(v, &at, problems),
                "language" => notation.language = text(v, &at, problems),
                _ => problems.push((
                    at,
                    Problem::UnknownField {
                        meant: super::meant_field(&key, &["value", "datatype", "language"]),
                    },
                )),
            }
        }
        if has_value {
            out.push(notation);
        } else {
            problems.push((format!("{at}/value"), Problem::Missing));
        }
    }
    out
}

fn by_kind(
    value: Value,
    at: &str,
    kinds: &[&'static str],
    problems: &mut Vec<(String, Problem)>,
) -> ByKind {
    let mut out = ByKind::new();
    for (key, v) in object(value, at, "an object", problems) {
        let at = pointer(at, &key);
        if kinds.contains(&key.as_str()) {
            let list = texts(v, &at, problems);
            if !list.is_empty() {
                out.insert(key, list);
            }
        } else {
            problems.push((
                at,
                Problem::UnknownField {
                    meant: super::meant_field(&key, kinds),
                },
            ));
        }
    }
    out
}

fn languages(
    value: Value,
    at: &str,
    problems: &mut Vec<(String, Problem)>,
) -> BTreeMap<String, Language> {
    let mut out = BTreeMap::new();
    for (tag, v) in object(value, at, "an object", problems) {
        let at = pointer(at, &tag);
        let mut language = Language::default();
        for (key, v) in object(v, &at, "an object", problems) {
            let at = pointer(&at, &key);
            match key.as_str() {
                "term" => language.term = text(v, &at, problems),
                "aliases" => language.aliases = texts(v, &at, problems),
                "hiddenAliases" => language.hidden_aliases = texts(v, &at, problems),
                "definition" => language.definition = text(v, &at, problems),
                "notes" => language.notes = by_kind(v, &at, &NOTE_KINDS, problems),
                _ => problems.push((
                    at,
                    Problem::UnknownField {
                        meant: super::meant_field(&key, &LANGUAGE_FIELDS),
                    },
                )),
            }
        }
        out.insert(tag, language);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_back_as_written() {
        let json = serde_json::json!({
            "iri": "http://x.example/c/1",
            "created": "2016-11",
            "notations": [{"value": "079"}, {"value": "7", "datatype": "http://x.example/dt"}],
            "hiddenAliases": ["h"],
            "broader": ["a", "http://y.example/b"],
            "narrower": ["n"],
            "inScheme": ["http://x.example/s1", "http://x.example/s2"],
            "topConceptOf": [],
            "mappings": {"exactMatch": ["http://wd.example/Q1"]},
            "notes": {"example": ["e"], "changeNote": ["c"]},
            "languages": {"de": {"term": "T", "aliases": ["A"], "definition": "D",
                                 "notes": {"scopeNote": ["S"]}}},
        });
        let mut skos = Skos::default();
        let mut problems = Vec::new();
        for (key, value) in json.as_object().unwrap().clone() {
            skos.read(&key, value, &mut problems);
        }
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(skos.broader, ["a", "http://y.example/b"]);
        assert_eq!(
            skos.notations[1].datatype.as_deref(),
            Some("http://x.example/dt")
        );
        assert_eq!(skos.languages["de"].notes["scopeNote"], ["S"]);
        // An empty list is kept (top of no scheme), unlike no list.
        assert_eq!(skos.top_concept_of, Some(Vec::new()));
        assert_eq!(
            skos.in_scheme.as_deref(),
            Some(
                &[
                    "http://x.example/s1".to_owned(),
                    "http://x.example/s2".to_owned()
                ][..]
            )
        );
        assert_eq!(serde_json::to_value(&skos).unwrap(), json);
    }

    #[test]
    fn what_does_not_fit_is_a_problem_at_its_place() {
        let mut skos = Skos::default();
        let mut problems = Vec::new();
        skos.read("broader", serde_json::json!(["a", 3]), &mut problems);
        skos.read("created", serde_json::json!("2016-02-30"), &mut problems);
        skos.read("notes", serde_json::json!({"exmple": ["x"]}), &mut problems);
        skos.read(
            "notations",
            serde_json::json!([{"datatype": "d"}]),
            &mut problems,
        );
        let at: Vec<&str> = problems.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            at,
            [
                "/broader/1",
                "/created",
                "/notes/exmple",
                "/notations/0/value"
            ]
        );
        assert!(matches!(problems[1].1, Problem::BadDate(_)));
        assert_eq!(
            problems[2].1,
            Problem::UnknownField {
                meant: Some(("example", true))
            }
        );
        assert_eq!(skos.broader, ["a"]);
    }
}
