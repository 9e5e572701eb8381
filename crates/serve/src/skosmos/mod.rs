//! Skosmos's REST API (`/rest/v1/…`, as NatLibFi/Skosmos's `swagger.json` describes it) over
//! a glossary: the answers that cataloguing tools' autocompletion, Annif and the browsers of
//! vocabularies read from a Skosmos, with the same JSON-LD keys and `@context`s, so that a
//! publisher moving from Skosmos keeps its clients.
//!
//! Each glossary served is one vocabulary, of the id `serve` gives it ([`Vocabulary::id`]). Its
//! concepts, labels and links are the reconciliation service's [`Index`], made once when the
//! glossary is loaded; this module adds what Skosmos answers and the index lacks: every label
//! with its language and kind in one list, folded as the reconciliation service folds them
//! ([`crate::reconcile::text::normalize`]: case, accents, punctuation), which `search`,
//! `lookup` and the alphabetical index scan. A scan of the labels is linear, bounded by
//! [`MAX_HITS`] answers and [`MAX_QUERY`] characters of query.
//!
//! This module knows JSON, not HTTP: the routes (`crate::serve`'s `skosmos`) read the path
//! and the parameters, negotiate, and wrap the answer. A request the API refuses is a
//! [`RestError`] with Skosmos's status code (400 a missing or malformed parameter, 404 an
//! unknown concept, 406 a format it does not offer); its message never repeats what was sent.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use glossgraph_core::card::skos::ByKind;
use glossgraph_core::card::PartialDate;
use serde_json::{json, Map, Value};

mod browse;
mod data;

pub use data::data_json;

use crate::config::Config;
use crate::rdf::vocab::{dc, dcterms, owl, rdfs, skos, skosmos};
use crate::reconcile::index::{Index, Link};
use crate::reconcile::text::normalize;
use crate::Glossary;

/// Most results a search answers, and what it answers without `maxhits`.
pub const MAX_HITS: usize = 1000;

/// Most characters of a `query`, a `label` or a `uri`.
pub const MAX_QUERY: usize = 500;

/// Most concepts a transitive answer (`broaderTransitive`, `narrowerTransitive`) lists,
/// Skosmos's default limit.
pub const MAX_TRANSITIVE: usize = 1000;

/// Most concepts `new` and `modified` list without `limit`, as Skosmos.
pub const CHANGES: usize = 200;

/// A request the API does not answer: Skosmos's status, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestError(pub u16, pub String);

impl RestError {
    fn bad(message: impl Into<String>) -> Self {
        Self(400, message.into())
    }

    fn not_found(message: impl Into<String>) -> Self {
        Self(404, message.into())
    }
}

/// What a label is of its concept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Pref,
    Alt,
    Hidden,
}

struct Label {
    concept: u32,
    kind: Kind,
    lang: Box<str>,
    text: Box<str>,
    /// [`normalize`]d: what queries are compared with.
    folded: Box<str>,
}

/// What Skosmos says of a concept and the label index does not hold.
struct Extra {
    hidden: BTreeMap<String, Vec<String>>,
    created: Option<PartialDate>,
    updated: Option<PartialDate>,
    mappings: ByKind,
}

/// The glossary as one Skosmos vocabulary.
pub struct Vocabulary {
    /// The vocabulary's id: the `{vocid}` of the paths.
    pub id: String,
    title: String,
    language: String,
    languages: Vec<String>,
    labels: Vec<Label>,
    extra: Vec<Extra>,
    /// The groups of the settings' `[resources]`.
    groups: Vec<crate::site::VocabularyGroup>,
}

/// Parameters of a request, decoded.
pub type Params = [(String, String)];

fn param<'p>(params: &'p Params, name: &str) -> Option<&'p str> {
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

/// A language tag parameter: letters, digits and hyphens, as BCP 47 has them.
fn lang_param<'p>(params: &'p Params, name: &str) -> Result<Option<&'p str>, RestError> {
    match param(params, name) {
        Some(tag)
            if tag.len() > 35 || !tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
        {
            Err(RestError::bad(format!("{name}: not a language tag")))
        }
        tag => Ok(tag),
    }
}

/// A count parameter: a whole number, not negative; `None` when absent.
fn count_param(params: &Params, name: &str) -> Result<Option<usize>, RestError> {
    param(params, name)
        .map(|v| {
            v.trim()
                .parse::<usize>()
                .map_err(|_| RestError::bad(format!("{name} parameter is invalid")))
        })
        .transpose()
}

/// A parameter that must be there, and not too long.
fn required<'p>(params: &'p Params, name: &str) -> Result<&'p str, RestError> {
    let value = param(params, name)
        .filter(|v| !v.trim().is_empty())
        .ok_or_else(|| RestError::bad(format!("{name} parameter missing")))?;
    if value.chars().count() > MAX_QUERY {
        return Err(RestError::bad(format!(
            "{name}: longer than {MAX_QUERY} characters"
        )));
    }
    Ok(value)
}

/// The prefixes of Skosmos's `data` context, which it shortens IRIs with.
const PREFIXES: [(&str, &str); 6] = [
    ("skos", skos::NS),
    ("isothes", skosmos::ISOTHES),
    ("rdfs", rdfs::NS),
    ("owl", owl::NS),
    ("dct", dcterms::NS),
    ("dc11", dc::NS),
];

/// `offset` and `limit` of a list: 0, and `default` when absent, nothing, or 0 (as Skosmos
/// reads them, a malformed one as absent); at most [`MAX_HITS`].
fn page(params: &Params, default: usize) -> (usize, usize) {
    let offset = count_param(params, "offset").ok().flatten().unwrap_or(0);
    let limit = count_param(params, "limit")
        .ok()
        .flatten()
        .filter(|n| *n > 0)
        .unwrap_or(default)
        .min(MAX_HITS);
    (offset, limit)
}

/// `skos:X` for a SKOS IRI, the IRI itself otherwise: how Skosmos writes types.
fn short(iri: &str) -> String {
    for (prefix, ns) in PREFIXES {
        if let Some(local) = iri.strip_prefix(ns) {
            return format!("{prefix}:{local}");
        }
    }
    iri.to_owned()
}

/// The `@context` most answers start from.
fn context() -> Map<String, Value> {
    let mut c = Map::new();
    c.insert("skos".into(), json!(skos::NS));
    c.insert("uri".into(), json!("@id"));
    c.insert("type".into(), json!("@type"));
    c
}

fn with(mut c: Map<String, Value>, pairs: &[(&str, Value)]) -> Value {
    for (k, v) in pairs {
        c.insert((*k).to_owned(), v.clone());
    }
    Value::Object(c)
}

/// A search query: the folded pieces between `*`s, and whether it is held at either end.
struct Pattern {
    pieces: Vec<String>,
    start: bool,
    end: bool,
}

impl Pattern {
    fn new(query: &str) -> Self {
        let query = query.trim();
        let pieces = query
            .split('*')
            .map(normalize)
            .filter(|p| !p.is_empty())
            .collect();
        Self {
            pieces,
            start: !query.starts_with('*'),
            end: !query.ends_with('*'),
        }
    }

    fn matches(&self, text: &str) -> bool {
        let Some((first, rest)) = self.pieces.split_first() else {
            // Only `*`s: every label.
            return !self.start || !self.end || text.is_empty();
        };
        let mut at = if self.start {
            if !text.starts_with(first.as_str()) {
                return false;
            }
            first.len()
        } else {
            match text.find(first.as_str()) {
                Some(i) => i + first.len(),
                None => return false,
            }
        };
        if rest.is_empty() {
            return !self.end
                || at == text.len()
                || (!self.start && text.ends_with(first.as_str()));
        }
        for (i, piece) in rest.iter().enumerate() {
            let last = i == rest.len() - 1;
            if last && self.end {
                return text.len() >= at + piece.len() && text.ends_with(piece.as_str());
            }
            match text[at..].find(piece.as_str()) {
                Some(j) => at += j + piece.len(),
                None => return false,
            }
        }
        true
    }
}

impl Vocabulary {
    /// The vocabulary `id` of `glossary`, its labels listed from `index`.
    pub fn new(id: &str, glossary: &Glossary, config: &Config, index: &Index) -> Self {
        let mut labels = Vec::new();
        let mut extra = Vec::with_capacity(index.concepts.len());
        let mut languages = BTreeSet::new();
        languages.insert(config.language.clone());
        for (i, (concept, card)) in index.concepts.iter().zip(glossary.cards()).enumerate() {
            let skos = card.skos();
            let mut hidden: BTreeMap<String, Vec<String>> = BTreeMap::new();
            if !skos.hidden_aliases.is_empty() {
                hidden.insert(config.language.clone(), skos.hidden_aliases.clone());
            }
            for (tag, language) in &skos.languages {
                if !language.hidden_aliases.is_empty() {
                    hidden
                        .entry(tag.clone())
                        .or_default()
                        .extend(language.hidden_aliases.iter().cloned());
                }
            }
            let mut push = |kind, lang: &str, text: &str| {
                let folded = normalize(text);
                if !folded.is_empty() {
                    labels.push(Label {
                        concept: i as u32,
                        kind,
                        lang: lang.into(),
                        text: text.trim().into(),
                        folded: folded.into(),
                    });
                }
            };
            for (lang, (pref, alts)) in &concept.labels {
                languages.insert(lang.clone());
                if let Some(pref) = pref {
                    push(Kind::Pref, lang, pref);
                }
                for alt in alts {
                    push(Kind::Alt, lang, alt);
                }
            }
            for (lang, texts) in &hidden {
                for text in texts {
                    push(Kind::Hidden, lang, text);
                }
            }
            extra.push(Extra {
                hidden,
                created: skos.created,
                updated: card.updated(),
                mappings: skos.mappings.clone(),
            });
        }
        // The order answers list labels in: alphabetical, then by concept IRI.
        labels.sort_by(|a, b| {
            (&a.folded, &index.concepts[a.concept as usize].iri, a.kind).cmp(&(
                &b.folded,
                &index.concepts[b.concept as usize].iri,
                b.kind,
            ))
        });
        Self {
            id: id.to_owned(),
            title: if config.title.is_empty() {
                id.to_owned()
            } else {
                config.title.clone()
            },
            language: config.language.clone(),
            languages: languages.into_iter().collect(),
            labels,
            extra,
            groups: crate::site::vocabulary_groups(glossary, config),
        }
    }

    /// The labels whose folded form starts with `prefix`: a run of the sorted list, found by
    /// two binary searches.
    fn starting_with(&self, prefix: &str) -> &[Label] {
        let from = self.labels.partition_point(|l| &*l.folded < prefix);
        let run = self.labels[from..].partition_point(|l| l.folded.starts_with(prefix));
        &self.labels[from..from + run]
    }

    /// The language asked for by `lang`, else the vocabulary's own.
    fn lang<'a>(&'a self, params: &'a Params) -> Result<&'a str, RestError> {
        Ok(lang_param(params, "lang")?.unwrap_or(&self.language))
    }

    /// The concept a `uri` parameter names (its IRI, or its slug), or 404.
    fn concept(&self, index: &Index, params: &Params) -> Result<u32, RestError> {
        let uri = required(params, "uri")?;
        index
            .concept(uri)
            .ok_or_else(|| RestError::not_found("Could not find concept"))
    }

    /// A concept's preferred label in `lang`, else in the vocabulary's language.
    fn pref<'i>(&self, index: &'i Index, concept: u32, lang: &str) -> Option<&'i str> {
        let labels = &index.concepts[concept as usize].labels;
        labels
            .get(lang)
            .and_then(|l| l.0.as_deref())
            .or_else(|| labels.get(&self.language).and_then(|l| l.0.as_deref()))
    }

    /// `{"uri", "prefLabel"}` of a linked concept (no label for one outside the glossary).
    fn linked(&self, index: &Index, link: &Link, lang: &str) -> Value {
        match link {
            Link::Concept(c) => {
                let mut v = json!({ "uri": index.concepts[*c as usize].iri });
                if let Some(label) = self.pref(index, *c, lang) {
                    v["prefLabel"] = json!(label);
                }
                v
            }
            Link::Outside(iri) => json!({ "uri": iri }),
        }
    }

    fn has_children(index: &Index, concept: u32) -> bool {
        index.concepts[concept as usize]
            .narrower
            .iter()
            .any(|l| matches!(l, Link::Concept(_)))
    }

    fn is_top(index: &Index, concept: u32) -> bool {
        !index.concepts[concept as usize]
            .broader
            .iter()
            .any(|l| matches!(l, Link::Concept(_)))
    }

    /// `{vocid}/`: the vocabulary's information.
    pub fn information(
        &self,
        index: &Index,
        params: &Params,
        site: &str,
    ) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let schemes: Vec<Value> = index
            .schemes
            .iter()
            .map(|s| {
                let mut v = json!({ "uri": s.iri, "type": "skos:ConceptScheme" });
                if !s.name.is_empty() && s.name != s.iri {
                    v["title"] = json!(s.name);
                    v["prefLabel"] = json!(s.name);
                }
                v
            })
            .collect();
        Ok(json!({
            "@context": {
                "rdfs": rdfs::NS,
                "skos": skos::NS,
                "onki": skosmos::ONKI,
                "dct": dcterms::NS,
                "uri": "@id",
                "type": "@type",
                "conceptschemes": "onki:hasConceptScheme",
                "id": "onki:vocabularyIdentifier",
                "defaultLanguage": "onki:defaultLanguage",
                "languages": "onki:language",
                "label": "rdfs:label",
                "prefLabel": "skos:prefLabel",
                "title": "dct:title",
                "@language": lang,
                "@base": format!("{site}/rest/v1/{}/", self.id),
            },
            "uri": "",
            "id": self.id,
            "marcSource": "",
            "title": self.title,
            "defaultLanguage": self.language,
            "languages": self.languages,
            "conceptschemes": schemes,
        }))
    }

    /// `types` and `{vocid}/types`: the classes of the concepts, `skos:Concept` alone.
    pub fn types(&self, params: &Params, site: &str, global: bool) -> Result<Value, RestError> {
        let lang = match lang_param(params, "lang")? {
            Some(lang) => lang,
            None if global => return Err(RestError::bad("lang parameter missing")),
            None => &self.language,
        };
        let base = if global {
            format!("{site}/rest/v1/")
        } else {
            format!("{site}/rest/v1/{}/", self.id)
        };
        Ok(with(
            context(),
            &[
                ("rdfs", json!(rdfs::NS)),
                ("onki", json!(skosmos::ONKI)),
                ("label", json!("rdfs:label")),
                (
                    "superclass",
                    json!({ "@id": "rdfs:subClassOf", "@type": "@id" }),
                ),
                ("types", json!("onki:hasType")),
                ("@language", json!(lang)),
                ("@base", json!(base)),
            ],
        ))
        .map(|c| {
            json!({
                "@context": c,
                "uri": "",
                "types": [{ "uri": skos::CONCEPT.as_str(), "label": "Concept" }],
            })
        })
    }

    /// `search` and `{vocid}/search`.
    pub fn search(&self, index: &Index, params: &Params) -> Result<Value, RestError> {
        let query = param(params, "query").filter(|q| !q.trim().is_empty());
        let (parent, group) = (param(params, "parent"), param(params, "group"));
        let Some(query) = query.or(parent.or(group).map(|_| "*")) else {
            return Err(RestError::bad("query parameter missing"));
        };
        if query.chars().count() > MAX_QUERY {
            return Err(RestError::bad(format!(
                "query: longer than {MAX_QUERY} characters"
            )));
        }
        let maxhits = match count_param(params, "maxhits")? {
            Some(0) => return Err(RestError::bad("maxhits parameter is invalid")),
            Some(n) => n.min(MAX_HITS),
            None => MAX_HITS,
        };
        let offset = count_param(params, "offset")?.unwrap_or(0);
        let lang = lang_param(params, "lang")?;
        let labellang = lang_param(params, "labellang")?;
        let unique = param(params, "unique").is_some_and(|u| u == "true" || u == "1");
        let fields: Vec<&str> = param(params, "fields")
            .map(|f| f.split(' ').filter(|f| !f.is_empty()).take(16).collect())
            .unwrap_or_default();
        // Only skos:Concept is a type of the glossary's concepts; a group has no members.
        let of_type = param(params, "type").is_none_or(|t| {
            t.split(' ')
                .any(|t| t == "skos:Concept" || t == skos::CONCEPT.as_str())
        });
        if !of_type {
            return Ok(self.results(index, Vec::new(), &fields, lang.or(labellang)));
        }
        // A group's members, as Skosmos has them: its direct `skos:member`s.
        let members: Option<HashSet<u32>> = group.map(|g| {
            self.groups
                .iter()
                .find(|x| x.iri == g)
                .into_iter()
                .flat_map(|x| &x.members)
                .filter_map(|m| index.concept(m))
                .collect()
        });
        let below = match parent {
            Some(p) => {
                let p = index
                    .concept(p)
                    .ok_or_else(|| RestError::not_found("Could not find parent concept"))?;
                Some(self.transitive(index, p, |c| &c.narrower))
            }
            None => None,
        };
        let pattern = Pattern::new(query);
        let mut seen = HashSet::new();
        // A query held at its start matches labels of one run of the sorted list; only one
        // that starts with `*` scans them all.
        let scanned = match pattern.pieces.first() {
            Some(first) if pattern.start => self.starting_with(first),
            _ => &self.labels[..],
        };
        let hits: Vec<&Label> = scanned
            .iter()
            .filter(|l| lang.is_none_or(|lang| *l.lang == *lang))
            .filter(|l| below.as_ref().is_none_or(|b| b.contains(&l.concept)))
            .filter(|l| members.as_ref().is_none_or(|m| m.contains(&l.concept)))
            .filter(|l| pattern.matches(&l.folded))
            .filter(|l| !unique || seen.insert(l.concept))
            .skip(offset)
            .take(maxhits)
            .collect();
        let hits = hits
            .into_iter()
            .map(|l| self.hit(index, l, labellang.or(lang), &fields))
            .collect();
        Ok(self.results(index, hits, &fields, labellang.or(lang)))
    }

    /// The concepts below (or above) `concept` by `links`, itself left out.
    fn transitive(
        &self,
        index: &Index,
        concept: u32,
        links: fn(&crate::reconcile::index::Concept) -> &Vec<Link>,
    ) -> HashSet<u32> {
        let mut found = HashSet::new();
        let mut todo = vec![concept];
        while let Some(c) = todo.pop() {
            for link in links(&index.concepts[c as usize]) {
                if let Link::Concept(n) = link {
                    if *n != concept && found.len() < MAX_TRANSITIVE * 100 && found.insert(*n) {
                        todo.push(*n);
                    }
                }
            }
        }
        found
    }

    /// One search result: the concept, the label that matched and the fields asked for.
    fn hit(&self, index: &Index, label: &Label, lang: Option<&str>, fields: &[&str]) -> Value {
        let c = label.concept;
        let concept = &index.concepts[c as usize];
        let shown = lang.unwrap_or(&label.lang);
        let mut v = Map::new();
        v.insert("uri".into(), json!(concept.iri));
        v.insert("type".into(), json!(["skos:Concept"]));
        let pref = concept.labels.get(shown).and_then(|l| l.0.as_deref());
        match label.kind {
            Kind::Pref if *label.lang == *shown => {}
            Kind::Pref => {
                v.insert("matchedPrefLabel".into(), json!(label.text));
            }
            Kind::Alt => {
                v.insert("altLabel".into(), json!(label.text));
            }
            Kind::Hidden => {
                v.insert("hiddenLabel".into(), json!(label.text));
            }
        }
        let pref = if label.kind == Kind::Pref && *label.lang == *shown {
            Some(&*label.text)
        } else {
            pref.or_else(|| self.pref(index, c, shown))
        };
        if let Some(pref) = pref {
            v.insert("prefLabel".into(), json!(pref));
        }
        v.insert("lang".into(), json!(label.lang));
        if let Some(n) = concept.notations.first() {
            v.insert("notation".into(), json!(n));
        }
        v.insert("vocab".into(), json!(self.id));
        for field in fields {
            let links: Vec<Value> = match *field {
                "broader" => concept
                    .broader
                    .iter()
                    .map(|l| json!({ "uri": iri(index, l) }))
                    .collect(),
                "narrower" => concept
                    .narrower
                    .iter()
                    .map(|l| json!({ "uri": iri(index, l) }))
                    .collect(),
                "related" => concept
                    .related
                    .iter()
                    .map(|l| json!({ "uri": iri(index, l) }))
                    .collect(),
                "prefLabels" | "prefLabel" => {
                    let all: Map<String, Value> = concept
                        .labels
                        .iter()
                        .filter_map(|(lang, (p, _))| p.as_ref().map(|p| (lang.clone(), json!(p))))
                        .collect();
                    v.insert("prefLabels".into(), Value::Object(all));
                    continue;
                }
                kind => self.extra[c as usize]
                    .mappings
                    .get(kind)
                    .into_iter()
                    .flatten()
                    .map(|iri| json!({ "uri": iri }))
                    .collect(),
            };
            if !links.is_empty() {
                v.insert((*field).to_owned(), Value::Array(links));
            }
        }
        Value::Object(v)
    }

    fn results(
        &self,
        _index: &Index,
        hits: Vec<Value>,
        fields: &[&str],
        lang: Option<&str>,
    ) -> Value {
        let mut c = Map::new();
        c.insert("skos".into(), json!(skos::NS));
        c.insert("isothes".into(), json!(skosmos::ISOTHES));
        c.insert("onki".into(), json!(skosmos::ONKI));
        c.insert("uri".into(), json!("@id"));
        c.insert("type".into(), json!("@type"));
        c.insert(
            "results".into(),
            json!({ "@id": "onki:results", "@container": "@list" }),
        );
        c.insert("prefLabel".into(), json!("skos:prefLabel"));
        c.insert("altLabel".into(), json!("skos:altLabel"));
        c.insert("hiddenLabel".into(), json!("skos:hiddenLabel"));
        for field in fields {
            if field.chars().all(|c| c.is_ascii_alphanumeric()) && !c.contains_key(*field) {
                c.insert((*field).to_owned(), json!(format!("skos:{field}")));
            }
        }
        if hits.first().is_some_and(|h| h.get("prefLabels").is_some()) {
            c.insert(
                "prefLabels".into(),
                json!({ "@id": "skos:prefLabel", "@container": "@language" }),
            );
        }
        if let Some(lang) = lang {
            c.insert("@language".into(), json!(lang));
        }
        json!({ "@context": c, "uri": "", "results": hits })
    }

    /// `{vocid}/lookup`: the concepts a label names, best match first as Skosmos ranks them:
    /// the preferred label as written, then in another case, then (without `lang`) another
    /// language's preferred label, then an alternative label.
    pub fn lookup(&self, index: &Index, params: &Params) -> Result<Value, RestError> {
        let label = required(params, "label")?;
        let lang = lang_param(params, "lang")?;
        let folded = normalize(label);
        let candidates: Vec<&Label> = self
            .starting_with(&folded)
            .iter()
            .filter(|l| *l.folded == *folded && lang.is_none_or(|lang| *l.lang == *lang))
            .collect();
        let shown = lang.unwrap_or(&self.language);
        let lower = label.to_lowercase();
        let tiers: [&dyn Fn(&Label) -> bool; 6] = [
            &|l| l.kind == Kind::Pref && *l.lang == *shown && *l.text == *label,
            &|l| l.kind == Kind::Pref && *l.lang == *shown && l.text.to_lowercase() == lower,
            &|l| lang.is_none() && l.kind == Kind::Pref && *l.text == *label,
            &|l| lang.is_none() && l.kind == Kind::Pref && l.text.to_lowercase() == lower,
            &|l| l.kind == Kind::Alt && *l.text == *label,
            &|l| l.kind == Kind::Alt && l.text.to_lowercase() == lower,
        ];
        for (tier, fits) in tiers.iter().enumerate() {
            let mut seen = HashSet::new();
            let hits: Vec<Value> = candidates
                .iter()
                .filter(|l| fits(l) && seen.insert(l.concept))
                .take(MAX_HITS)
                .map(|l| {
                    let mut hit =
                        self.hit(index, l, Some(if tier < 2 { shown } else { &l.lang }), &[]);
                    if let Some(m) = hit
                        .as_object_mut()
                        .and_then(|h| h.remove("matchedPrefLabel"))
                    {
                        hit["prefLabel"] = m;
                    }
                    hit
                })
                .collect();
            if !hits.is_empty() {
                let mut c = context();
                c.insert("onki".into(), json!(skosmos::ONKI));
                c.insert("results".into(), json!({ "@id": "onki:results" }));
                c.insert("prefLabel".into(), json!("skos:prefLabel"));
                c.insert("altLabel".into(), json!("skos:altLabel"));
                c.insert("hiddenLabel".into(), json!("skos:hiddenLabel"));
                if let Some(lang) = lang {
                    c.insert("@language".into(), json!(lang));
                }
                return Ok(json!({ "@context": c, "result": hits }));
            }
        }
        Err(RestError::not_found("Could not find label"))
    }

    /// `label` and `{vocid}/label`: a concept's labels in one language.
    pub fn label(&self, index: &Index, params: &Params) -> Result<Value, RestError> {
        let c = self.concept(index, params)?;
        let lang = self.lang(params)?;
        let concept = &index.concepts[c as usize];
        let mut v = Map::new();
        v.insert(
            "@context".into(),
            with(
                context(),
                &[
                    ("prefLabel", json!("skos:prefLabel")),
                    ("altLabel", json!("skos:altLabel")),
                    ("hiddenLabel", json!("skos:hiddenLabel")),
                    ("@language", json!(lang)),
                ],
            ),
        );
        v.insert("uri".into(), json!(concept.iri));
        if let Some((pref, alts)) = concept.labels.get(lang) {
            if let Some(pref) = pref {
                v.insert("prefLabel".into(), json!(pref));
            }
            if !alts.is_empty() {
                v.insert("altLabel".into(), json!(alts));
            }
        }
        if let Some(hidden) = self.extra[c as usize].hidden.get(lang) {
            v.insert("hiddenLabel".into(), json!(hidden));
        }
        Ok(Value::Object(v))
    }
}

/// `vocabularies`: the vocabularies served, in the order given.
///
/// # Errors
/// A missing or malformed `lang`.
pub fn vocabularies(
    vocabs: &[&Vocabulary],
    params: &Params,
    site: &str,
) -> Result<Value, RestError> {
    let lang =
        lang_param(params, "lang")?.ok_or_else(|| RestError::bad("lang parameter missing"))?;
    let list: Vec<Value> = vocabs
        .iter()
        .map(|v| json!({ "uri": v.id, "id": v.id, "title": v.title }))
        .collect();
    Ok(json!({
        "@context": {
            "rdfs": rdfs::NS,
            "onki": skosmos::ONKI,
            "title": { "@id": "rdfs:label", "@language": lang },
            "vocabularies": "onki:hasVocabulary",
            "id": "onki:vocabularyIdentifier",
            "uri": "@id",
            "@base": format!("{site}/rest/v1/vocabularies"),
        },
        "uri": "",
        "vocabularies": list,
    }))
}

/// A link's IRI.
fn iri<'i>(index: &'i Index, link: &'i Link) -> &'i str {
    match link {
        Link::Concept(c) => &index.concepts[*c as usize].iri,
        Link::Outside(iri) => iri,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_match_folded_labels_at_their_ends() {
        let m = |q: &str, label: &str| Pattern::new(q).matches(&normalize(label));
        assert!(m("*bass", "3D Bass"));
        assert!(m("*bass", "Black sea bass"));
        assert!(!m("*bass", "Bassoon"));
        assert!(m("bass*", "Bassoon"));
        assert!(m("BASS", "bass"));
        assert!(!m("bass", "Bassoon"));
        assert!(m("b*s", "Bass"));
        assert!(m("b*s", "bus"));
        assert!(!m("b*s", "bat"));
        assert!(m("*sea*", "Black sea bass"));
        assert!(m("*", "anything"));
        assert!(m("uber*", "Über-Größe"));
        assert!(!m("ss*ss", "ss"));
    }
}
