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
    pub(super) types: Vec<&'g str>,
    pub(super) created: Option<PartialDate>,
    pub(super) date_times: BTreeMap<&'static str, &'g str>,
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
    pub(super) language: Option<&'g str>,
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
                types: owned(&self.types),
                created: self.created,
                date_times: self
                    .date_times
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                    .collect(),
                notations: self
                    .notations
                    .iter()
                    .map(|n| Notation {
                        value: n.value.to_owned(),
                        datatype: n.datatype.map(str::to_owned),
                        language: n.language.map(str::to_owned),
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
        if let Some(language) = self.language {
            map.serialize_entry("language", language)?;
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

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::{Path, PathBuf};

    use oxigraph::io::RdfFormat;

    use crate::rdf::read::{format_of, prepare, Cards, ReadOptions};

    /// A vocabulary like the import benchmark's (benches/skos_vocabulary.py: labels in
    /// three languages, notations, definitions, broader with its narrower mirror, related
    /// concepts, mappings), `n` concepts, with what a card must make something of beside
    /// them: control characters, a second preferred label, an alias repeating the term, no
    /// preferred label, `rdfs:label`s, notes in several languages and as resources, SKOS-XL
    /// labels, dates, deprecation, other schemes, links out of the file, typed notations.
    fn generated_vocabulary(n: usize) -> String {
        let mut seed = 1u64;
        let mut next = |below: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % below.max(1)
        };
        let mut out = String::from(
            "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n\
             @prefix skosxl: <http://www.w3.org/2008/05/skos-xl#> .\n\
             @prefix dcterms: <http://purl.org/dc/terms/> .\n\
             @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n\
             @prefix owl: <http://www.w3.org/2002/07/owl#> .\n\
             @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n\
             @prefix v: <http://vocab.example/v/> .\n\
             <http://vocab.example/v/> a skos:ConceptScheme ; dcterms:title \"G\"@en ;\n\
             skos:hasTopConcept v:c0 .\n\
             <http://vocab.example/other> a skos:ConceptScheme .\n",
        );
        for i in 0..n {
            let name = format!(
                "Wave {} {i}",
                ["star", "dust", "orbit", "\\\"q\\\" é"][next(4)]
            );
            let mut lines = vec![
                format!("v:c{i} a skos:Concept"),
                "skos:inScheme <http://vocab.example/v/>".to_owned(),
                format!("skos:notation \"{i:06}\""),
                format!(
                    "skos:altLabel \"{} alt\"@en, \"zweit\"@de",
                    name.to_lowercase()
                ),
                format!("skos:definition \"The {name}.\"@en, \"Le {name}.\"@fr"),
            ];
            match i % 11 {
                0 => {}
                1 => lines.push(format!("rdfs:label \"{name} label\", \"other\"@en")),
                _ => lines.push(format!(
                    "skos:prefLabel \"{name}\"@en, \"{name} (de)\"@de, \"{name} (fr)\"@fr"
                )),
            }
            if i % 13 == 2 {
                lines.push(format!(
                    "skos:prefLabel \"Zweite {i}\"@en, \"x\\u0007y {i}\"@en"
                ));
            }
            if i % 17 == 3 {
                lines.push(format!("skos:altLabel \"{name}\"@en"));
            }
            if i % 7 == 4 {
                lines.push(
                    "skos:scopeNote \"Scope\"@en, \"Portée\"@fr, [ rdf:value \"Noted\"@en ]"
                        .to_owned(),
                );
                lines.push("skos:example \"e2\"@en, \"e1\"@en, \"e1\"@en".to_owned());
                lines.push("skos:hiddenLabel \"hid\"@en, \"versteckt\"@de".to_owned());
            }
            if i % 9 == 5 {
                lines.push(format!(
                    "skosxl:altLabel [ a skosxl:Label ; skosxl:literalForm \"xl {i}\"@en ]"
                ));
                lines.push("dcterms:modified \"2020-02-03T04:05:06Z\"^^xsd:dateTime".to_owned());
                lines.push("dcterms:modified \"2021-03\"".to_owned());
                lines.push("dcterms:created \"2019\"^^xsd:gYear".to_owned());
                lines.push("owl:deprecated true".to_owned());
                lines.push("skos:notation \"N-1\"^^<http://vocab.example/dt>".to_owned());
            }
            if i % 10 == 6 {
                lines.push("skos:inScheme <http://vocab.example/other>".to_owned());
                lines.push("skos:topConceptOf <http://vocab.example/other>".to_owned());
            }
            if i > 0 {
                lines.push(format!("skos:broader v:c{}", next(i)));
                if next(10) == 0 {
                    lines.push(format!("skos:broader v:c{}", next(i)));
                }
                if next(3) == 0 {
                    lines.push(format!("skos:related v:c{}", next(i)));
                }
            }
            if next(5) == 0 {
                lines.push(format!(
                    "skos:exactMatch <http://other.example/id/{i}> ; \
                     skos:closeMatch <http://other.example/id/b{i}>"
                ));
            }
            if i % 15 == 7 {
                lines.push("skos:broader <http://outside.example/x>".to_owned());
                lines.push(format!("dcterms:isReplacedBy v:c{}", next(n)));
                lines.push("<http://vocab.example/unknown> \"kept out\"".to_owned());
            }
            out.push_str(&lines.join(" ;\n  "));
            out.push_str(" .\n");
        }
        out.replace(
            "rdf:value",
            "<http://www.w3.org/1999/02/22-rdf-syntax-ns#value>",
        )
    }

    /// Each card of a vocabulary is written as it is made ([`View`]), not as the
    /// [`Draft`] kept elsewhere: the two write the same bytes, on one line and
    /// pretty-printed, for every vocabulary of the tests and fixtures, the fuzzer's
    /// regressions, and a generated one.
    #[test]
    fn a_vocabularys_cards_write_what_their_drafts_write() {
        use glossgraph_core::generate::CardJson;

        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut inputs: Vec<(String, RdfFormat, Vec<u8>)> = Vec::new();
        let mut paths: Vec<PathBuf> = ["ttl", "nt", "nq", "trig", "rdf", "jsonld"]
            .iter()
            .map(|format| root.join(format!("exports/glossary.{format}")))
            .collect();
        for entry in fs::read_dir(root.join("tests/fixtures/skos")).unwrap() {
            paths.push(entry.unwrap().path());
        }
        for path in paths {
            let format = format_of(&path).unwrap();
            let name = path.display().to_string();
            inputs.push((name, format, fs::read(&path).unwrap()));
        }
        // The fuzzer's inputs: the first byte picks the syntax (fuzz/src/checks.rs).
        let syntaxes = ["ttl", "nt", "rdf", "jsonld", "trig", "nq"];
        for entry in fs::read_dir(root.join("fuzz/regressions/rdf")).unwrap() {
            let path = entry.unwrap().path();
            let data = fs::read(&path).unwrap();
            // `.gitkeep`, empty.
            let Some((&selector, body)) = data.split_first() else {
                continue;
            };
            let syntax = syntaxes[usize::from(selector) % syntaxes.len()];
            let format = RdfFormat::from_extension(syntax).unwrap();
            inputs.push((path.display().to_string(), format, body.to_vec()));
        }
        let generated = generated_vocabulary(400).into_bytes();
        inputs.push(("generated.ttl".into(), RdfFormat::Turtle, generated));
        let mut compared = 0;
        for (name, format, bytes) in &inputs {
            // The fuzzer's inputs are read as it reads them: without a base.
            let fuzzed = name.contains("regressions");
            let options = ReadOptions {
                base: (!fuzzed).then(|| "http://base.example/".into()),
                vocabulary: true,
                ..ReadOptions::default()
            };
            let prepared = match prepare(bytes, *format, name, &options) {
                Ok(prepared) => prepared,
                // A fuzzer's input may be refused whole (the three kept today are, by
                // the parser); the test's own files are not.
                Err(_) if fuzzed => continue,
                Err(e) => panic!("{name}: {e}"),
            };
            let Cards::Vocabulary(cards, repaired) = &prepared.cards else {
                panic!("{name}: not read as a vocabulary");
            };
            let mut pass = cards.pass(repaired);
            for n in 0..cards.len() {
                let view = pass.card(n);
                let draft = view.to_draft();
                assert_eq!(view.slug(), draft.slug, "{name}");
                for pretty in [false, true] {
                    let mut written = Vec::new();
                    view.write_card(&mut written, pretty).unwrap();
                    let expected = draft.to_json(pretty);
                    assert_eq!(String::from_utf8(written).unwrap(), expected, "{name}");
                }
                compared += 1;
            }
        }
        // Every kind of input gave cards: none of them compared nothing.
        assert!(compared > 400 + 20, "{compared} cards");
    }
}
