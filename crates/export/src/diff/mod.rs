//! `diff`: what changed between two versions of a glossary, term by term.
//!
//! [`compare`] walks the two glossaries' cards side by side in slug order (both are kept
//! sorted), so it costs one pass over each and no index. A slug only in the old glossary is
//! *removed*, one only in the new *added* — unless the removed card reappears under the new
//! slug: a new card whose `supersedes` names the old slug, or else one with exactly the same
//! `term`, makes the pair a *rename* (at most one new card per old slug and the other way
//! round, in slug order). For every term in both (and every rename) the fields that differ
//! become [`Change`]s, in the card format's field order: values (term, status, dates), texts
//! with a word-level diff (definition, note), sets (the lists, which the RDF mapping treats as
//! sets too: reordering one is no change), and citations by id.
//!
//! The result renders three ways: for people ([`human`]), as JSON with a stable schema
//! (`docs/diff.md`; the types here serialize to it), and as SPARQL Update ([`update`]), which
//! compares the two glossaries' RDF graph by graph rather than their cards.

pub mod human;
pub mod update;
pub mod words;

use std::collections::{BTreeSet, HashMap};
use std::io::{self, Write};

use crate::card::{Citation, Texts, FIELDS};
use crate::config::{Config, Statements};
use crate::{Card, Glossary};

pub use words::{Op, Span};

/// The name and version of the JSON schema [`Diff::write_json`] writes.
pub const SCHEMA: &str = "glossgraph-diff/1";

/// Everything that changed from one glossary to the other.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Diff {
    /// Terms only in the new glossary (renames excluded), by slug.
    pub added: Vec<Term>,
    /// Terms only in the old glossary (renames excluded), by slug.
    pub removed: Vec<Term>,
    /// Old slugs whose card reappears under a new slug, by new slug.
    pub renamed: Vec<Renamed>,
    /// Terms in both whose card changed, by slug.
    pub changed: Vec<Changed>,
    /// Terms in both whose card is the same.
    pub unchanged: usize,
    /// The settings (`glossgraph.toml`) that differ, which the exports use too: by key.
    pub settings: Vec<Setting>,
}

/// A setting that differs: its key as `glossgraph.toml` writes it (`title`,
/// `metadata."dcterms:license"`, `schemes."IRI"."dcterms:title"`, `rules.empty-label`) and
/// its old and new value as TOML (`None`: not set).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Setting {
    pub key: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

/// The settings of `old` and `new` that differ, in key order.
pub fn compare_settings(old: &Config, new: &Config) -> Vec<Setting> {
    let (a, b) = (settings(old), settings(new));
    let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    keys.into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| Setting {
            key: k.clone(),
            old: a.get(k).cloned(),
            new: b.get(k).cloned(),
        })
        .collect()
}

/// Every setting of `config` by its key, its value as TOML.
fn settings(config: &Config) -> std::collections::BTreeMap<String, String> {
    let quoted = |s: &str| toml::Value::String(s.to_owned()).to_string();
    let list = |items: &[String]| {
        let items: Vec<String> = items.iter().map(|s| quoted(s)).collect();
        format!("[{}]", items.join(", "))
    };
    let mut out = std::collections::BTreeMap::new();
    out.insert("base".to_owned(), quoted(&config.base));
    out.insert("language".to_owned(), quoted(&config.language));
    out.insert("title".to_owned(), quoted(&config.title));
    let mut statuses = config.statuses.clone();
    statuses.sort_unstable();
    statuses.dedup();
    out.insert("statuses".to_owned(), list(&statuses));
    if let Some(languages) = &config.languages {
        out.insert("languages".to_owned(), list(languages));
    }
    for (key, value) in [("namespace", &config.namespace), ("scheme", &config.scheme)] {
        if let Some(value) = value {
            out.insert(key.to_owned(), quoted(value));
        }
    }
    for (rule, severity) in &config.severities {
        let level = severity.map_or("off", |s| s.as_str());
        out.insert(format!("rules.{}", rule.id()), quoted(level));
    }
    let statements = |out: &mut std::collections::BTreeMap<String, String>,
                      table: &str,
                      statements: &Statements| {
        for (property, values) in statements {
            let values: Vec<String> = values.iter().map(|v| v.to_toml()).collect();
            out.insert(
                format!("{table}.{}", quoted(property)),
                format!("[{}]", values.join(", ")),
            );
        }
    };
    statements(&mut out, "metadata", &config.metadata);
    for (iri, table) in &config.schemes {
        let name = format!("schemes.{}", quoted(iri));
        out.insert(name.clone(), "{}".to_owned());
        statements(&mut out, &name, table);
    }
    out
}

/// A term, as added or removed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Term {
    pub slug: String,
    pub term: String,
}

/// Why a removed slug and an added one are taken for a rename.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The new card's `supersedes` names the old slug.
    Supersedes,
    /// The two cards have the same `term`.
    SameTerm,
}

/// A term that moved to a new slug.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Renamed {
    pub from: String,
    pub to: String,
    pub reason: Reason,
    /// How the new card differs from the old one.
    pub changes: Vec<Change>,
}

/// A term whose card changed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Changed {
    pub slug: String,
    pub changes: Vec<Change>,
}

/// One field that differs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Change {
    /// `term`, `status`, `firstSeen`, `lastSeen`, `updated`: the old and the new value
    /// (`None`: not set).
    Value {
        field: &'static str,
        old: Option<String>,
        new: Option<String>,
    },
    /// `definition`, `note`: both texts and the word-level spans between them.
    Text {
        field: &'static str,
        old: String,
        new: String,
        words: Vec<Span>,
    },
    /// A list treated as a set (`aliases`, `advantages`, `limitations`, `provenance`,
    /// `related`, `supersedes`, `supersededBy`): the values added and removed, sorted.
    Set {
        field: &'static str,
        added: Vec<String>,
        removed: Vec<String>,
    },
    /// `citations`, by id: added, removed, and changed (same id, another title, URL or date).
    Citations {
        field: &'static str,
        added: Vec<Citation>,
        removed: Vec<Citation>,
        changed: Vec<CitationChange>,
    },
}

impl Change {
    /// The card field this change is about.
    pub fn field(&self) -> &'static str {
        match self {
            Change::Value { field, .. }
            | Change::Text { field, .. }
            | Change::Set { field, .. }
            | Change::Citations { field, .. } => field,
        }
    }
}

/// A citation whose id stayed and whose title, URL or access date changed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CitationChange {
    pub id: String,
    pub old: Citation,
    pub new: Citation,
}

impl Diff {
    /// Whether the two glossaries hold the same cards (as sets of values; see the module)
    /// and the same settings.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.renamed.is_empty()
            && self.changed.is_empty()
            && self.settings.is_empty()
    }

    /// Writes the diff as one JSON document (`docs/diff.md`): `schema`, the two inputs'
    /// names and term counts, a `summary` of counts, then `added`, `removed`, `renamed` and
    /// `changed`. Keys are sorted, arrays are in slug order: the same inputs give the same
    /// bytes.
    ///
    /// # Errors
    /// Those of `w`.
    pub fn write_json(&self, mut w: impl Write, old: &Side, new: &Side) -> io::Result<()> {
        let doc = serde_json::json!({
            "schema": SCHEMA,
            "old": old,
            "new": new,
            "equal": self.is_empty(),
            "summary": {
                "added": self.added.len(),
                "removed": self.removed.len(),
                "renamed": self.renamed.len(),
                "changed": self.changed.len(),
                "unchanged": self.unchanged,
                "settings": self.settings.len(),
            },
            "added": self.added,
            "removed": self.removed,
            "renamed": self.renamed,
            "changed": self.changed,
            "settings": self.settings,
        });
        serde_json::to_writer_pretty(&mut w, &doc)?;
        w.write_all(b"\n")
    }
}

/// One of the two glossaries compared, as the outputs name it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Side {
    /// The input as given (a path, `-`, or `REV:path` for a git revision).
    pub input: String,
    /// Its number of terms.
    pub terms: usize,
}

/// The differences between `old` and `new`.
///
/// # Complexity
/// One pass over each glossary's cards (both are sorted by slug), plus a hash map of the
/// removed terms' labels for renames; each changed text costs its word diff.
pub fn compare(old: &Glossary, new: &Glossary) -> Diff {
    let (a, b) = (old.cards(), new.cards());
    let mut diff = Diff::default();
    let mut removed: Vec<&Card> = Vec::new();
    let mut added: Vec<&Card> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let order = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) => x.slug().cmp(y.slug()),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, _) => std::cmp::Ordering::Greater,
        };
        match order {
            std::cmp::Ordering::Less => {
                removed.push(&a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                added.push(&b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                let changes = changes(&a[i], &b[j]);
                if changes.is_empty() {
                    diff.unchanged += 1;
                } else {
                    diff.changed.push(Changed {
                        slug: b[j].slug().to_owned(),
                        changes,
                    });
                }
                i += 1;
                j += 1;
            }
        }
    }
    let pairs = renames(&removed, &added);
    let taken_old: BTreeSet<&str> = pairs.iter().map(|(o, _, _)| o.slug()).collect();
    let taken_new: BTreeSet<&str> = pairs.iter().map(|(_, n, _)| n.slug()).collect();
    diff.renamed = pairs
        .into_iter()
        .map(|(o, n, reason)| Renamed {
            from: o.slug().to_owned(),
            to: n.slug().to_owned(),
            reason,
            changes: changes(o, n),
        })
        .collect();
    let term = |c: &Card| Term {
        slug: c.slug().to_owned(),
        term: c.term().to_owned(),
    };
    diff.removed = removed
        .iter()
        .filter(|c| !taken_old.contains(c.slug()))
        .map(|c| term(c))
        .collect();
    diff.added = added
        .iter()
        .filter(|c| !taken_new.contains(c.slug()))
        .map(|c| term(c))
        .collect();
    diff
}

/// The renames among removed and added cards, in new-slug order: first every added card
/// whose `supersedes` names a removed slug, then, among the cards left on both sides, those
/// with the same `term`.
fn renames<'a>(removed: &[&'a Card], added: &[&'a Card]) -> Vec<(&'a Card, &'a Card, Reason)> {
    let mut by_slug: HashMap<&str, &Card> = removed.iter().map(|c| (c.slug(), *c)).collect();
    let mut pairs = Vec::new();
    let mut left = Vec::new();
    for new in added {
        let old = new.supersedes().iter().find_map(|s| by_slug.remove(s));
        match old {
            Some(old) => pairs.push((old, *new, Reason::Supersedes)),
            None => left.push(*new),
        }
    }
    // Removed cards still free, by term; the first in slug order wins a shared term.
    let mut by_term: HashMap<&str, Vec<&Card>> = HashMap::new();
    for old in removed.iter().filter(|c| by_slug.contains_key(c.slug())) {
        by_term.entry(old.term()).or_default().push(old);
    }
    for list in by_term.values_mut() {
        list.reverse();
    }
    for new in left {
        if let Some(old) = by_term.get_mut(new.term()).and_then(Vec::pop) {
            pairs.push((old, new, Reason::SameTerm));
        }
    }
    pairs.sort_by(|x, y| x.1.slug().cmp(y.1.slug()));
    pairs
}

/// The fields of `new` that differ from `old`, in the card format's field order.
pub fn changes(old: &Card, new: &Card) -> Vec<Change> {
    if old == new {
        return Vec::new();
    }
    let mut out = Vec::new();
    for field in FIELDS {
        let change = match field {
            "status" => value(field, old.status(), new.status()),
            "firstSeen" => value(field, old.first_seen(), new.first_seen()),
            "lastSeen" => value(field, old.last_seen(), new.last_seen()),
            "updated" => value(field, old.updated(), new.updated()),
            "term" => value(field, Some(old.term()), Some(new.term())),
            "definition" => text(field, old.definition(), new.definition()),
            "note" => text(field, old.note(), new.note()),
            "advantages" => set(field, old.advantages(), new.advantages()),
            "limitations" => set(field, old.limitations(), new.limitations()),
            "supersedes" => set(field, old.supersedes(), new.supersedes()),
            "supersededBy" => set(field, old.superseded_by(), new.superseded_by()),
            "aliases" => set(field, old.aliases(), new.aliases()),
            "related" => set(field, old.related(), new.related()),
            "provenance" => set(field, old.provenance(), new.provenance()),
            "citations" => citations(old, new),
            "iri" => value(field, old.skos().iri.as_deref(), new.skos().iri.as_deref()),
            "created" => value(field, old.skos().created, new.skos().created),
            "termFrom" => value(
                field,
                old.skos().term_from.as_deref(),
                new.skos().term_from.as_deref(),
            ),
            // The slug is the identity compared, not a field that changes.
            "slug" => None,
            _ => set_of(field, skos_entries(old, field), skos_entries(new, field)),
        };
        out.extend(change);
    }
    let unknown = |card: &Card| -> BTreeSet<String> {
        let extra = &card.skos().extra;
        extra.iter().map(|(k, v)| format!("{k}: {v}")).collect()
    };
    out.extend(set_of("unknownFields", unknown(old), unknown(new)));
    out
}

/// The entries of the optional SKOS field `field` of `card`, one string each (`kind: value`
/// for the fields that hold several kinds): compared as sets.
fn skos_entries(card: &Card, field: &str) -> BTreeSet<String> {
    let skos = card.skos();
    let by_kind = |map: &crate::card::skos::ByKind, prefix: &str| -> Vec<String> {
        map.iter()
            .flat_map(|(kind, list)| list.iter().map(move |v| format!("{prefix}{kind}: {v}")))
            .collect()
    };
    let entries: Vec<String> = match field {
        "notations" => skos
            .notations
            .iter()
            .map(|n| match &n.datatype {
                Some(dt) => format!("{} ^^<{dt}>", n.value),
                None => n.value.clone(),
            })
            .collect(),
        "hiddenAliases" => skos.hidden_aliases.clone(),
        "broader" => skos.broader.clone(),
        "narrower" => skos.narrower.clone(),
        // No list (the derived schemes) and an empty one (none) differ.
        "inScheme" | "topConceptOf" => {
            let list = if field == "inScheme" {
                &skos.in_scheme
            } else {
                &skos.top_concept_of
            };
            match list {
                Some(list) => list.clone(),
                None => vec!["(derived)".to_owned()],
            }
        }
        "mappings" => by_kind(&skos.mappings, ""),
        "notes" => by_kind(&skos.notes, ""),
        "languages" => skos
            .languages
            .iter()
            .flat_map(|(tag, l)| {
                let mut out: Vec<String> = Vec::new();
                out.extend(l.term.iter().map(|t| format!("{tag} term: {t}")));
                out.extend(l.aliases.iter().map(|t| format!("{tag} aliases: {t}")));
                out.extend(
                    l.hidden_aliases
                        .iter()
                        .map(|t| format!("{tag} hiddenAliases: {t}")),
                );
                out.extend(
                    l.definition
                        .iter()
                        .map(|t| format!("{tag} definition: {t}")),
                );
                out.extend(by_kind(&l.notes, &format!("{tag} ")));
                out
            })
            .collect(),
        _ => Vec::new(),
    };
    entries.into_iter().collect()
}

fn set_of(field: &'static str, old: BTreeSet<String>, new: BTreeSet<String>) -> Option<Change> {
    let added: Vec<String> = new.difference(&old).cloned().collect();
    let removed: Vec<String> = old.difference(&new).cloned().collect();
    (!added.is_empty() || !removed.is_empty()).then_some(Change::Set {
        field,
        added,
        removed,
    })
}

fn value<T: ToString + PartialEq>(
    field: &'static str,
    old: Option<T>,
    new: Option<T>,
) -> Option<Change> {
    (old != new).then(|| Change::Value {
        field,
        old: old.map(|v| v.to_string()),
        new: new.map(|v| v.to_string()),
    })
}

fn text(field: &'static str, old: &str, new: &str) -> Option<Change> {
    (old != new).then(|| Change::Text {
        field,
        old: old.to_owned(),
        new: new.to_owned(),
        words: words::words(old, new),
    })
}

fn set(field: &'static str, old: Texts<'_>, new: Texts<'_>) -> Option<Change> {
    let old: BTreeSet<&str> = old.iter().collect();
    let new: BTreeSet<&str> = new.iter().collect();
    let added: Vec<String> = new.difference(&old).map(|s| (*s).to_owned()).collect();
    let removed: Vec<String> = old.difference(&new).map(|s| (*s).to_owned()).collect();
    (!added.is_empty() || !removed.is_empty()).then_some(Change::Set {
        field,
        added,
        removed,
    })
}

fn citations(old: &Card, new: &Card) -> Option<Change> {
    // By id; a repeated id (which `check` reports) counts once, its first occurrence.
    let by_id = |card: &Card| {
        let mut map = std::collections::BTreeMap::new();
        for c in card.citations().iter() {
            map.entry(c.id.to_owned()).or_insert_with(|| c.to_owned());
        }
        map
    };
    let (old, new) = (by_id(old), by_id(new));
    let added: Vec<Citation> = new
        .iter()
        .filter(|(id, _)| !old.contains_key(*id))
        .map(|(_, c)| c.clone())
        .collect();
    let removed: Vec<Citation> = old
        .iter()
        .filter(|(id, _)| !new.contains_key(*id))
        .map(|(_, c)| c.clone())
        .collect();
    let changed: Vec<CitationChange> = old
        .iter()
        .filter_map(|(id, o)| {
            let n = new.get(id)?;
            (o != n).then(|| CitationChange {
                id: id.clone(),
                old: o.clone(),
                new: n.clone(),
            })
        })
        .collect();
    (!added.is_empty() || !removed.is_empty() || !changed.is_empty()).then_some(Change::Citations {
        field: "citations",
        added,
        removed,
        changed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check;

    fn glossary(lines: &[&str]) -> Glossary {
        check::glossary_of(&lines.join("\n"))
    }

    #[test]
    fn a_glossary_equals_itself_and_list_order_is_no_change() {
        let a = glossary(&[
            r#"{"slug": "a", "term": "A", "definition": "d", "aliases": ["x", "y"], "related": ["b"]}"#,
            r#"{"slug": "b", "term": "B", "definition": "d"}"#,
        ]);
        let b = glossary(&[
            r#"{"slug": "b", "term": "B", "definition": "d"}"#,
            r#"{"slug": "a", "term": "A", "definition": "d", "aliases": ["y", "x"], "related": ["b"]}"#,
        ]);
        let diff = compare(&a, &b);
        assert!(diff.is_empty(), "{diff:?}");
        assert_eq!(diff.unchanged, 2);
    }

    #[test]
    fn unknown_and_skos_fields_are_changes_too() {
        let card = |extra: &str| {
            glossary(&[&format!(
                r#"{{"slug": "a", "term": "A", "definition": "d"{extra}}}"#
            )])
        };
        let old = card(
            r#", "tags": ["x"], "broader": ["http://v.example/b"], "notes": {"example": ["e"]}"#,
        );
        let same = card(
            r#", "notes": {"example": ["e"]}, "broader": ["http://v.example/b"], "tags": ["x"]"#,
        );
        assert!(compare(&old, &same).is_empty());
        let new = card(r#", "broader": ["http://v.example/c"], "notes": {"example": ["e"]}"#);
        let old = &old.cards()[0];
        let new = &new.cards()[0];
        let found = changes(old, new);
        assert_eq!(
            found,
            [
                Change::Set {
                    field: "broader",
                    added: vec!["http://v.example/c".into()],
                    removed: vec!["http://v.example/b".into()],
                },
                Change::Set {
                    field: "unknownFields",
                    added: vec![],
                    removed: vec![r#"tags: ["x"]"#.into()],
                },
            ]
        );
    }

    #[test]
    fn renames_by_supersedes_before_same_term() {
        let old = glossary(&[
            r#"{"slug": "old-1", "term": "One", "definition": "d"}"#,
            r#"{"slug": "old-2", "term": "Two", "definition": "d"}"#,
            r#"{"slug": "old-3", "term": "Three", "definition": "d"}"#,
        ]);
        let new = glossary(&[
            r#"{"slug": "new-1", "term": "Uno", "definition": "d", "supersedes": ["old-1"]}"#,
            r#"{"slug": "new-2", "term": "Two", "definition": "d"}"#,
            r#"{"slug": "new-4", "term": "Four", "definition": "d"}"#,
        ]);
        let diff = compare(&old, &new);
        let renamed: Vec<(&str, &str, Reason)> = diff
            .renamed
            .iter()
            .map(|r| (r.from.as_str(), r.to.as_str(), r.reason))
            .collect();
        assert_eq!(
            renamed,
            [
                ("old-1", "new-1", Reason::Supersedes),
                ("old-2", "new-2", Reason::SameTerm)
            ]
        );
        assert_eq!(diff.removed[0].slug, "old-3");
        assert_eq!(diff.added[0].slug, "new-4");
        assert_eq!(
            diff.renamed[0]
                .changes
                .iter()
                .map(Change::field)
                .collect::<Vec<_>>(),
            ["supersedes", "term"]
        );
        assert!(diff.renamed[1].changes.is_empty());
    }
}
