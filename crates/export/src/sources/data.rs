//! A glossary kept as data in one file, YAML (`.yaml`, `.yml`) or TOML (`.toml`): a map of
//! term to definition, or a list of records (at the top, or under one key: `terms:`,
//! `[[term]]`), or a map of key to record.
//!
//! Which key of a record holds what is found from the common names, compared without regard
//! to case (`-` and `_` alike): the slug `slug`/`id`/`key`; the term `term`/`title`/`name`/
//! `label`; the definition `def`/`definition`/`description`/`meaning`; the aliases
//! `aliases`/`aka`/`synonyms`; the links `ref`/`refs`/`related`/`see`/`see_also`; the status
//! `status`; the note `note`/`notes`/`body`. `[source]` in glossgraph.toml names other keys
//! (`term`, `definition`, `aliases`, `status`, `slug`, `related`), tried before those. A key that is a language
//! tag (`en`, `es`, `pt-BR`) holding a record of those keys is the entry in that language:
//! the main language's gives the term, the others' go to the card's `languages`.
//!
//! A link names an entry by its slug, its id or its term (in any case); the source means it
//! one way, and SKOS's `related` is symmetric: the card it names gets the link back, so that
//! a one-way link of the source is no `one-way-related` warning. A link to no entry, and an
//! entry with no term, are `left-out` warnings; other keys stay on the card, without warning.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::{Map, Value};

use crate::card::skos::Language;
use crate::card::Draft;
use crate::config::{Config, ImportSettings, Keys};
use crate::docsite::{normalize, slugify, strings, text_of, toml_to_json, yaml};
use glossgraph_core::language::site_tag;
use glossgraph_core::load::SourceProblem;

/// The keys of each field, first found first.
struct Keyring {
    slug: Vec<String>,
    term: Vec<String>,
    definition: Vec<String>,
    aliases: Vec<String>,
    related: Vec<String>,
    status: Vec<String>,
    note: Vec<String>,
}

impl Keyring {
    fn new(settings: Option<&ImportSettings>) -> Self {
        // The keys set first, then the common names.
        let keys = |set: Option<&Keys>, default: &[&str]| -> Vec<String> {
            let mut keys: Vec<String> = set
                .map(|k| k.list().iter().map(|k| normalize(k)).collect())
                .unwrap_or_default();
            for k in default {
                if !keys.contains(&normalize(k)) {
                    keys.push(normalize(k));
                }
            }
            keys
        };
        let s = settings;
        Self {
            slug: keys(s.and_then(|s| s.slug.as_ref()), &["slug", "id", "key"]),
            term: keys(
                s.and_then(|s| s.term.as_ref()),
                &["term", "title", "name", "label", "pref_label"],
            ),
            definition: keys(
                s.and_then(|s| s.definition.as_ref()),
                &["def", "definition", "description", "meaning"],
            ),
            aliases: keys(
                s.and_then(|s| s.aliases.as_ref()),
                &["aliases", "aka", "synonyms", "alt_labels"],
            ),
            related: keys(
                s.and_then(|s| s.related.as_ref()),
                &["ref", "refs", "related", "see", "see_also"],
            ),
            status: keys(s.and_then(|s| s.status.as_ref()), &["status"]),
            note: vec!["note".into(), "notes".into(), "body".into()],
        }
    }

    /// Whether `key` (normalized) holds a field.
    fn knows(&self, key: &str) -> bool {
        [
            &self.slug,
            &self.term,
            &self.definition,
            &self.aliases,
            &self.related,
            &self.status,
            &self.note,
        ]
        .iter()
        .any(|keys| keys.iter().any(|k| k == key))
    }
}

/// The value of the first of `keys` in `record` that holds something.
fn take<'r>(record: &'r Map<String, Value>, keys: &[String]) -> Option<&'r Value> {
    keys.iter().find_map(|k| {
        record
            .iter()
            .find(|(key, v)| normalize(key) == *k && !v.is_null())
            .map(|(_, v)| v)
    })
}

/// The text of the first of `keys` in `record`, trimmed, if not empty.
fn text(record: &Map<String, Value>, keys: &[String]) -> Option<String> {
    take(record, keys)
        .map(|v| text_of(v).trim().to_owned())
        .filter(|t| !t.is_empty())
}

/// What the file held: its cards (each with the entry it comes from), and what was left out.
pub(super) struct Read {
    pub cards: Vec<(String, Draft)>,
    pub problems: Vec<SourceProblem>,
    /// The main language, when the entries are written per language.
    pub language: Option<String>,
}

/// The value of the file at `path`, YAML or TOML by its extension.
fn parse(path: &Path, text: &str) -> Result<Value, SourceProblem> {
    let file = path.display().to_string();
    let toml = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
    if toml {
        return text
            .parse::<toml::Table>()
            .map(|t| toml_to_json(toml::Value::Table(t)))
            .map_err(|e| {
                let (line, column) = e.span().map_or((0, 0), |span| {
                    let before = &text[..span.start.min(text.len())];
                    let line = before.matches('\n').count() + 1;
                    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                    (line as u32, column as u32)
                });
                SourceProblem {
                    file,
                    line,
                    column,
                    message: e.message().to_owned(),
                    left_out: false,
                }
            });
    }
    // Past a few values per line of the file, aliases are expanding it: refused.
    let bound = yaml::MAX_VALUES.max(text.len() / 4);
    yaml::parse_within(text, bound).map_err(|e| SourceProblem {
        file,
        line: e.line as u32,
        column: e.column as u32,
        message: e.message,
        left_out: false,
    })
}

/// The entries of the file's value: `(pointer, key, record)`, the key of a map's entry.
fn entries(value: Value) -> Vec<(String, Option<String>, Value)> {
    match value {
        Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(i, v)| (format!("/{i}"), None, v))
            .collect(),
        Value::Object(map) => {
            // One key holding the list (`terms:`, `[[term]]`).
            if map.len() == 1 {
                if let Some((key, Value::Array(items))) = map.iter().next() {
                    if items.iter().all(Value::is_object) {
                        let key = key.clone();
                        let Some(Value::Array(items)) = map.into_values().next() else {
                            return Vec::new();
                        };
                        return items
                            .into_iter()
                            .enumerate()
                            .map(|(i, v)| (format!("/{key}/{i}"), None, v))
                            .collect();
                    }
                }
            }
            map.into_iter()
                .map(|(k, v)| {
                    (
                        format!("/{}", k.replace('~', "~0").replace('/', "~1")),
                        Some(k),
                        v,
                    )
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Reads the glossary in the file at `path` (its `text`), with `config` (its `[source]`
/// keys, its main language).
pub(super) fn read(path: &Path, text: &str, config: &Config) -> Read {
    let file = path.display().to_string();
    let mut problems = Vec::new();
    let value = match parse(path, text) {
        Ok(value) => value,
        Err(problem) => {
            return Read {
                cards: Vec::new(),
                problems: vec![problem],
                language: None,
            }
        }
    };
    let keys = Keyring::new(config.source.as_ref());
    let left_out = |pointer: &str, why: String| SourceProblem {
        file: format!("{file} (entry {pointer})"),
        line: 0,
        column: 0,
        message: why,
        left_out: true,
    };
    let mut cards: Vec<(String, Draft, Vec<String>)> = Vec::new();
    let mut taken = super::Slugs::default();
    let entries = entries(value);
    let language = main_language(&entries, &keys, &config.language);
    for (pointer, key, value) in entries {
        let record = match value {
            Value::Object(record) => record,
            // `term: definition`.
            Value::String(definition) if key.is_some() => {
                let mut record = Map::new();
                let term = key.clone().unwrap_or_default();
                record.insert(keys.term[0].clone(), Value::String(term));
                record.insert(keys.definition[0].clone(), Value::String(definition));
                record
            }
            _ => {
                problems.push(left_out(
                    &pointer,
                    "an entry that is no record: left out".into(),
                ));
                continue;
            }
        };
        let Some((card, links)) = card_of(&record, key.as_deref(), &keys, language.as_deref())
        else {
            problems.push(left_out(
                &pointer,
                "an entry with no term (no `term`, `title` or `name`, in any language): left \
                 out"
                .into(),
            ));
            continue;
        };
        let mut card = card;
        card.slug = taken.unique(std::mem::take(&mut card.slug));
        cards.push((format!("{file} ({})", card.slug), card, links));
    }
    link(&mut cards, &mut problems, &file);
    Read {
        cards: cards
            .into_iter()
            .map(|(name, card, _)| (name, card))
            .collect(),
        problems,
        language,
    }
}

/// The main language of records written in several (`en: {term, def}`): `preferred` when an
/// entry is written in it, else the language most entries are written in (of as many, the
/// first by tag); `None` when no entry is written per language.
fn main_language(
    entries: &[(String, Option<String>, Value)],
    keys: &Keyring,
    preferred: &str,
) -> Option<String> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (_, _, value) in entries {
        for (k, v) in value.as_object().into_iter().flatten() {
            if keys.knows(&normalize(k)) {
                continue;
            }
            if let (Some(tag), Some(sub)) = (site_tag(k), v.as_object()) {
                if text(sub, &keys.term).is_some() {
                    *counts.entry(tag).or_default() += 1;
                }
            }
        }
    }
    if counts.contains_key(preferred) {
        return Some(preferred.to_owned());
    }
    let most = counts.values().copied().max()?;
    counts
        .into_iter()
        .find(|(_, n)| *n == most)
        .map(|(tag, _)| tag)
}

/// The card of `record` (the map's key `key`, if it was a map's entry), the entry in the
/// language `main_tag` giving what the record does not, and the names its links give.
fn card_of(
    record: &Map<String, Value>,
    key: Option<&str>,
    keys: &Keyring,
    main_tag: Option<&str>,
) -> Option<(Draft, Vec<String>)> {
    // The entry in each language it is written in (`en: {term, def}`).
    let languages: BTreeMap<String, &Map<String, Value>> = record
        .iter()
        .filter(|(k, _)| !keys.knows(&normalize(k)))
        .filter_map(|(k, v)| Some((site_tag(k)?, v.as_object()?)))
        .filter(|(_, sub)| text(sub, &keys.term).is_some())
        .collect();
    let main = main_tag.and_then(|tag| languages.get(tag).copied());
    let own = text(record, &keys.term)
        .or_else(|| main.and_then(|m| text(m, &keys.term)))
        .or_else(|| key.map(str::to_owned).filter(|k| !k.trim().is_empty()));
    // With no term in the main language, the term of another (as `import` does for a
    // concept with no label in it): the term is of the graph all the same.
    let borrowed = own.is_none();
    let term = own.or_else(|| languages.values().find_map(|sub| text(sub, &keys.term)))?;
    let slug = text(record, &keys.slug)
        .map(|s| slugify(&s))
        .filter(|s| !s.is_empty())
        .or_else(|| key.map(slugify).filter(|s| !s.is_empty()))
        .unwrap_or_else(|| slugify(&term));
    let slug = if slug.is_empty() { "term".into() } else { slug };
    let field = |keys: &[String]| text(record, keys).or_else(|| main.and_then(|m| text(m, keys)));
    let list = |keys: &[String]| -> Vec<String> {
        take(record, keys)
            .or_else(|| main.and_then(|m| take(m, keys)))
            .map(strings)
            .unwrap_or_default()
            .into_iter()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect()
    };
    let mut card = Draft {
        slug,
        definition: field(&keys.definition).unwrap_or_default(),
        note: field(&keys.note).unwrap_or_default(),
        status: field(&keys.status).map(|s| slugify(&s)),
        ..Draft::default()
    };
    if borrowed {
        card.skos.term_from = Some("language".into());
    }
    card.aliases = list(&keys.aliases)
        .into_iter()
        .filter(|a| *a != term)
        .collect();
    card.term = term;
    let links = list(&keys.related);
    for (tag, sub) in &languages {
        if Some(tag.as_str()) == main_tag {
            continue;
        }
        let language = Language {
            term: text(sub, &keys.term),
            aliases: take(sub, &keys.aliases).map(strings).unwrap_or_default(),
            definition: text(sub, &keys.definition),
            ..Language::default()
        };
        card.skos.languages.insert(tag.clone(), language);
    }
    for (k, v) in record {
        let n = normalize(k);
        if keys.knows(&n) || languages.contains_key(&site_tag(k).unwrap_or_default()) {
            continue;
        }
        // A key named as a card's field that the source uses otherwise stays, renamed.
        let field = crate::card::FIELDS.iter().any(|f| normalize(f) == n);
        let name = if field {
            format!("source-{k}")
        } else {
            k.clone()
        };
        card.skos.extra.insert(name, v.clone());
    }
    Some((card, links))
}

/// Resolves each card's links (a slug, an id or a term, in any case) to slugs, both ways.
fn link(cards: &mut [(String, Draft, Vec<String>)], problems: &mut Vec<SourceProblem>, file: &str) {
    let mut by_name: BTreeMap<String, usize> = BTreeMap::new();
    for (i, (_, card, _)) in cards.iter().enumerate() {
        for name in [
            card.slug.clone(),
            card.term.to_lowercase(),
            slugify(&card.term),
        ] {
            by_name.entry(name).or_insert(i);
        }
    }
    let mut pairs: BTreeSet<(usize, usize)> = BTreeSet::new();
    for (i, (_, card, links)) in cards.iter().enumerate() {
        for name in links {
            let found = by_name
                .get(&name.to_lowercase())
                .or_else(|| by_name.get(&slugify(name)));
            match found {
                Some(&j) if j != i => {
                    pairs.insert((i, j));
                    pairs.insert((j, i));
                }
                Some(_) => {}
                None => problems.push(SourceProblem {
                    file: format!("{file} ({})", card.slug),
                    line: 0,
                    column: 0,
                    message: format!("a link to `{name}`, which names no entry: left out"),
                    left_out: true,
                }),
            }
        }
    }
    for (i, j) in pairs {
        let slug = cards[j].1.slug.clone();
        cards[i].1.related.push(slug);
    }
}
