//! The columns of a glossary's sheet: what each header means ([`Column::of`]), and each
//! card as a row ([`rows`]).
//!
//! glossgraph writes a column per card field, and per language for the fields a language
//! has, named as SKOS names them with the language after `@`: `slug`, `prefLabel@en`,
//! `altLabel@en`, `hiddenLabel@en`, `definition@en`, then the same of each other language,
//! `broader`, `narrower`, `related`, `status`, `note` (the card's own), `advantages`,
//! `limitations`, `supersedes`, `supersededBy`, the dates, the citations as four parallel
//! lists (`citationIds`, `citationTitles`, `citationUrls`, `citationAccessed`, as the
//! graph-tools CSV has them), `provenance`, `iri`, `notations` and `notationDatatypes`,
//! `inScheme`, `topConceptOf`, the mappings by their SKOS names (`exactMatch`), the SKOS
//! notes by kind and language (`example@en`, `furtherDefinition@de` for the further
//! definitions of `notes.definition`), `termFrom`, and `extra`: the fields glossgraph does
//! not know, as a JSON object. A column is written when a card holds it; `slug`, the main
//! language's `prefLabel` and `definition` always. The main language's labels and
//! definition are the card's `term`, `aliases`, `hiddenAliases` and `definition`; the other
//! languages' are its `languages`.
//!
//! A list is one cell, its items joined by the separator of `[source]` (`|` unless set, as
//! voc4cat joins alternate labels), a separator or `\` inside an item escaped by a `\`
//! ([`join`], [`split`]): any item can be written, and reads back as it was.
//!
//! Read, a header is compared without regard to case, spaces, `*`, `(read-only)` and a
//! `skos:` prefix, so that the column names of VocExcel's and voc4cat's templates (`Concept
//! IRI*`, `Preferred Label*`, `Alternate Labels`, `Parent IRIs`, `Language Code*`, …), of
//! SKOS Play's converter (`skos:prefLabel@fr`) and of glossgraph's graph-tools CSV
//! (`aliases:string[]`, `term_de`) are read as well.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::card::skos::{MAPPING_KINDS, NOTE_KINDS};
use crate::card::{Draft, PartialDate};
use crate::config::Config;
use crate::Glossary;

/// The separator of a list's items in a cell, unless `[source]` names another.
pub const SEPARATOR: &str = "|";

/// What joins a list's items in glossgraph's graph-tools CSV (a `name:string[]` column).
pub const ARRAY_DELIMITER: char = '\u{1F}';

/// The column of the further definitions (`notes.definition`): `definition@tag` is the
/// card's own.
pub const FURTHER_DEFINITION: &str = "furtherDefinition";

/// What a column holds. `Option<String>` is the language of a column per language: `None`
/// for a header without one (the row's language, or the main one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Column {
    Slug,
    Iri,
    /// The language of the row (voc4cat's `Language Code`): a row per concept and language.
    Language,
    PrefLabel(Option<String>),
    AltLabel(Option<String>),
    HiddenLabel(Option<String>),
    Definition(Option<String>),
    /// A SKOS note of a kind of [`NOTE_KINDS`].
    Notes(String, Option<String>),
    /// A list of the card, by its field name ([`LISTS`]).
    List(&'static str),
    /// A date of the card, by its field name ([`DATES`]).
    Date(&'static str),
    Status,
    Note,
    CitationIds,
    CitationTitles,
    CitationUrls,
    CitationAccessed,
    Notations,
    NotationDatatypes,
    InScheme,
    TopConceptOf,
    Mapping(&'static str),
    TermFrom,
    Extra,
    /// A column the graph-tools CSV derives (`:LABEL`, a count, the topic, `x`, `y`):
    /// not read.
    Derived,
    /// A column glossgraph does not know, kept on the card in a field of its name.
    Unknown(String),
}

/// The card's lists of texts or links that have a column of their own, by field name.
pub const LISTS: [&str; 8] = [
    "broader",
    "narrower",
    "related",
    "advantages",
    "limitations",
    "supersedes",
    "supersededBy",
    "provenance",
];

/// Of [`LISTS`], the links: also split on line breaks, as voc4cat writes parent IRIs.
pub const LINKS: [&str; 5] = [
    "broader",
    "narrower",
    "related",
    "supersedes",
    "supersededBy",
];

/// The card's dates.
pub const DATES: [&str; 4] = ["firstSeen", "lastSeen", "updated", "created"];

/// Names of the header, compressed ([`squash`]), and their column, besides the card's own
/// field names and the SKOS names.
const ALIASES: [(&str, &str); 26] = [
    ("id", "slug"),
    ("key", "slug"),
    ("conceptiri", "iri"),
    ("concepturi", "iri"),
    ("uri", "iri"),
    ("languagecode", "language"),
    ("lang", "language"),
    ("term", "prefLabel"),
    ("label", "prefLabel"),
    ("preferredlabel", "prefLabel"),
    ("preferredterm", "prefLabel"),
    ("aliases", "altLabel"),
    ("synonyms", "altLabel"),
    ("alternatelabels", "altLabel"),
    ("alternativelabels", "altLabel"),
    ("alternateslabels", "altLabel"),
    ("hiddenaliases", "hiddenLabel"),
    ("hiddenlabels", "hiddenLabel"),
    ("description", "definition"),
    ("parent", "broader"),
    ("parents", "broader"),
    ("parentiris", "broader"),
    ("parentiri", "broader"),
    ("childreniris", "narrower"),
    ("childrenuri", "narrower"),
    ("dct:isreplacedby", "supersededBy"),
];

/// `name` compared loosely: lower case, without spaces, `_`, `-`, `*`, `(read-only)`,
/// and a `skos:` prefix.
fn squash(name: &str) -> String {
    let name = name.trim();
    let name = name
        .strip_suffix("(read-only)")
        .unwrap_or(name)
        .trim()
        .trim_end_matches('*');
    let lower = name.to_lowercase();
    let lower = lower.strip_prefix("skos:").unwrap_or(&lower);
    lower
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-' | '*'))
        .collect()
}

/// Whether `tag` has the shape of a BCP 47 tag: ASCII letters and digits in parts.
fn is_tag(tag: &str) -> bool {
    !tag.is_empty()
        && tag.len() <= 35
        && tag
            .split('-')
            .all(|p| !p.is_empty() && p.len() <= 8 && p.bytes().all(|b| b.is_ascii_alphanumeric()))
        && tag.as_bytes()[0].is_ascii_alphabetic()
}

impl Column {
    /// What the header `header` means, and the separator of its lists when it is not the
    /// sheet's own (the graph-tools CSV's `name:string[]`, joined with U+001F).
    pub fn of(header: &str) -> (Column, Option<char>) {
        let header = header.trim();
        // The graph-tools CSV: `name:type`.
        let mut array = None;
        let mut name = header;
        if let Some((base, ty)) = header.rsplit_once(':') {
            match ty {
                "string[]" => (name, array) = (base, Some(ARRAY_DELIMITER)),
                "ID" | "int" | "double" | "boolean" | "string" => name = base,
                "LABEL" if base.is_empty() => return (Column::Derived, None),
                _ => {}
            }
        }
        // `term_de` of the graph-tools CSV, `name@tag` of SKOS Play and glossgraph.
        let (name, tag) = match name.rsplit_once('@') {
            Some((base, tag)) if is_tag(tag.trim()) => (base, Some(tag.trim().to_owned())),
            _ => match name.strip_prefix("term_") {
                Some(tag) if is_tag(tag) => ("prefLabel", Some(tag.to_owned())),
                _ => (name, None),
            },
        };
        let squashed = squash(name);
        let known = ALIASES
            .iter()
            .find(|(alias, _)| *alias == squashed)
            .map_or(squashed.as_str(), |(_, to)| to);
        let same = |field: &str| squash(field) == squash(known);
        let column = if same("slug") {
            Column::Slug
        } else if same("iri") {
            Column::Iri
        } else if same("language") {
            Column::Language
        } else if same("prefLabel") {
            Column::PrefLabel(tag)
        } else if same("altLabel") {
            Column::AltLabel(tag)
        } else if same("hiddenLabel") {
            Column::HiddenLabel(tag)
        } else if same("definition") {
            Column::Definition(tag)
        } else if same(FURTHER_DEFINITION) {
            Column::Notes("definition".to_owned(), tag)
        } else if same("note") && tag.is_none() {
            Column::Note
        } else if let Some(kind) = NOTE_KINDS.iter().find(|k| same(k) && **k != "definition") {
            Column::Notes((*kind).to_owned(), tag)
        } else if let Some(list) = LISTS.iter().find(|l| same(l)) {
            Column::List(list)
        } else if let Some(date) = DATES.iter().find(|d| same(d)) {
            Column::Date(date)
        } else if same("status") {
            Column::Status
        } else if same("citationIds") {
            Column::CitationIds
        } else if same("citationTitles") {
            Column::CitationTitles
        } else if same("citationUrls") {
            Column::CitationUrls
        } else if same("citationAccessed") {
            Column::CitationAccessed
        } else if same("notations") || same("notation") {
            Column::Notations
        } else if same("notationDatatypes") {
            Column::NotationDatatypes
        } else if same("inScheme") {
            Column::InScheme
        } else if same("topConceptOf") {
            Column::TopConceptOf
        } else if let Some(kind) = MAPPING_KINDS.iter().find(|k| same(k)) {
            Column::Mapping(kind)
        } else if same("termFrom") {
            Column::TermFrom
        } else if same("extra") {
            Column::Extra
        } else if squashed.ends_with("count")
            || ["topic", "topicname", "degree", "x", "y"].contains(&squashed.as_str())
        {
            Column::Derived
        } else {
            Column::Unknown(header.to_owned())
        };
        (column, array)
    }

    /// Whether the column names a term: a header holding one is a sheet's header.
    fn names_a_term(&self) -> bool {
        matches!(self, Column::Slug | Column::Iri | Column::PrefLabel(_))
    }
}

/// The index of the header among the first rows of `rows`, and how many columns it names
/// that glossgraph reads: of the first ten rows that name a term (a slug, an IRI, a
/// preferred label), the one naming the most, over the title rows and the rows of SKOS
/// property names a template may have above its header (voc4cat's).
pub fn header_row(rows: &[Vec<String>]) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    for (i, row) in rows.iter().take(10).enumerate() {
        let columns: Vec<Column> = row.iter().map(|h| Column::of(h).0).collect();
        if !columns.iter().any(Column::names_a_term) {
            continue;
        }
        let known = columns
            .iter()
            .filter(|c| !matches!(c, Column::Unknown(_) | Column::Derived))
            .count();
        if best.is_none_or(|(_, most)| known > most) {
            best = Some((i, known));
        }
    }
    best
}

/// Of the sheets of a workbook, the one that holds the terms: the sheet named `wanted`,
/// else the one whose header names the most columns glossgraph reads, else the first.
pub fn choose(tables: Vec<super::Table>, wanted: Option<&str>) -> Option<super::Table> {
    if let Some(wanted) = wanted {
        return tables
            .into_iter()
            .find(|t| t.sheet.as_deref() == Some(wanted));
    }
    let score = |t: &super::Table| header_row(&t.rows).map_or(0, |(_, known)| known);
    let best = tables.iter().map(score).max()?;
    tables.into_iter().find(|t| score(t) == best)
}

/// The header and the rows of `glossary`'s sheet, a row per card in the glossary's order.
///
pub fn rows(glossary: &Glossary, config: &Config) -> Vec<Vec<String>> {
    let separator = config
        .source
        .as_ref()
        .and_then(|s| s.separator.clone())
        .unwrap_or_else(|| SEPARATOR.to_owned());
    let main = config.language.as_str();
    let drafts: Vec<Draft> = glossary.cards().iter().map(crate::Card::draft).collect();
    let columns = columns_of(&drafts, main);
    let mut rows = Vec::with_capacity(drafts.len() + 1);
    rows.push(columns.iter().map(|c| header_of(c, main)).collect());
    for card in &drafts {
        let mut row = Vec::with_capacity(columns.len());
        for column in &columns {
            row.push(cell(card, column, main, &separator));
        }
        while row.last().is_some_and(String::is_empty) {
            row.pop();
        }
        rows.push(row);
    }
    rows
}

/// The columns a sheet of `cards` has, in writing order.
fn columns_of(cards: &[Draft], main: &str) -> Vec<Column> {
    let mut tags: BTreeSet<&str> = BTreeSet::new();
    let mut notes: BTreeSet<(&str, &str)> = BTreeSet::new();
    for card in cards {
        for (tag, language) in &card.skos.languages {
            tags.insert(tag);
            for kind in language.notes.keys() {
                notes.insert((tag, kind));
            }
        }
        for kind in card.skos.notes.keys() {
            notes.insert((main, kind));
        }
    }
    tags.remove(main);
    let any = |f: &dyn Fn(&Draft) -> bool| cards.iter().any(f);
    let mut columns = vec![Column::Slug];
    // Whether a card holds in language `tag` what `main_has` says of the main language's
    // fields and `has` of another's.
    let holds = |tag: &str,
                 is_main: bool,
                 main_has: &dyn Fn(&Draft) -> bool,
                 has: &dyn Fn(&crate::card::skos::Language) -> bool| {
        cards.iter().any(|c| {
            if is_main {
                main_has(c)
            } else {
                c.skos.languages.get(tag).is_some_and(has)
            }
        })
    };
    let language = |columns: &mut Vec<Column>, tag: &str, is_main: bool| {
        let t = Some(tag.to_owned());
        if is_main || holds(tag, false, &|_| false, &|l| l.term.is_some()) {
            columns.push(Column::PrefLabel(t.clone()));
        }
        if holds(tag, is_main, &|c| !c.aliases.is_empty(), &|l| {
            !l.aliases.is_empty()
        }) {
            columns.push(Column::AltLabel(t.clone()));
        }
        if holds(tag, is_main, &|c| !c.skos.hidden_aliases.is_empty(), &|l| {
            !l.hidden_aliases.is_empty()
        }) {
            columns.push(Column::HiddenLabel(t.clone()));
        }
        if is_main || holds(tag, false, &|_| false, &|l| l.definition.is_some()) {
            columns.push(Column::Definition(t));
        }
    };
    language(&mut columns, main, true);
    for tag in &tags {
        language(&mut columns, tag, false);
    }
    let list = |c: &Draft, name: &str| -> bool {
        match name {
            "broader" => !c.skos.broader.is_empty(),
            "narrower" => !c.skos.narrower.is_empty(),
            "related" => !c.related.is_empty(),
            "advantages" => !c.advantages.is_empty(),
            "limitations" => !c.limitations.is_empty(),
            "supersedes" => !c.supersedes.is_empty(),
            "supersededBy" => !c.superseded_by.is_empty(),
            _ => !c.provenance.is_empty(),
        }
    };
    for name in ["broader", "narrower", "related"] {
        if any(&|c| list(c, name)) {
            columns.push(Column::List(name));
        }
    }
    if any(&|c| c.status.is_some()) {
        columns.push(Column::Status);
    }
    if any(&|c| !c.note.is_empty()) {
        columns.push(Column::Note);
    }
    for name in ["advantages", "limitations", "supersedes", "supersededBy"] {
        if any(&|c| list(c, name)) {
            columns.push(Column::List(name));
        }
    }
    for name in DATES {
        if any(&|c| date(c, name).is_some()) {
            columns.push(Column::Date(name));
        }
    }
    if any(&|c| !c.citations.is_empty()) {
        columns.extend([
            Column::CitationIds,
            Column::CitationTitles,
            Column::CitationUrls,
        ]);
        if any(&|c| c.citations.iter().any(|x| x.accessed.is_some())) {
            columns.push(Column::CitationAccessed);
        }
    }
    if any(&|c| list(c, "provenance")) {
        columns.push(Column::List("provenance"));
    }
    if any(&|c| c.skos.iri.is_some()) {
        columns.push(Column::Iri);
    }
    if any(&|c| !c.skos.notations.is_empty()) {
        columns.push(Column::Notations);
        if any(&|c| c.skos.notations.iter().any(|n| n.datatype.is_some())) {
            columns.push(Column::NotationDatatypes);
        }
    }
    if any(&|c| c.skos.in_scheme.as_ref().is_some_and(|s| !s.is_empty())) {
        columns.push(Column::InScheme);
    }
    if any(&|c| {
        c.skos
            .top_concept_of
            .as_ref()
            .is_some_and(|s| !s.is_empty())
    }) {
        columns.push(Column::TopConceptOf);
    }
    for kind in MAPPING_KINDS {
        if any(&|c| c.skos.mappings.contains_key(kind)) {
            columns.push(Column::Mapping(kind));
        }
    }
    for tag in std::iter::once(main).chain(tags.iter().copied()) {
        for (_, kind) in notes.iter().filter(|(t, _)| *t == tag) {
            columns.push(Column::Notes((*kind).to_owned(), Some(tag.to_owned())));
        }
    }
    if any(&|c| c.skos.term_from.is_some()) {
        columns.push(Column::TermFrom);
    }
    if any(&|c| extra(c).is_some()) {
        columns.push(Column::Extra);
    }
    columns
}

/// `items` as one cell, joined by `separator`; in an item, `\` is written `\\` and the
/// separator `\` before it, so that any item can be written and read back.
pub fn join(items: &[String], separator: &str) -> String {
    let mut cell = String::new();
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            cell.push_str(separator);
        }
        if item.contains('\\') || item.contains(separator) {
            let escaped = item.replace('\\', "\\\\");
            cell.push_str(&escaped.replace(separator, &format!("\\{separator}")));
        } else {
            cell.push_str(item);
        }
    }
    cell
}

/// The items of the cell `text`, split on `separator` where no `\` escapes it, `\\` and
/// `\` before the separator read as what they escape (a `\` before anything else is kept).
pub fn split(text: &str, separator: &str) -> Vec<String> {
    if separator.is_empty() {
        return vec![text.to_owned()];
    }
    let mut items = Vec::new();
    let mut item = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('\\') {
            if let Some(tail) = after.strip_prefix(separator) {
                item.push_str(separator);
                rest = tail;
                continue;
            }
            if let Some(tail) = after.strip_prefix('\\') {
                item.push('\\');
                rest = tail;
                continue;
            }
        }
        if let Some(tail) = rest.strip_prefix(separator) {
            items.push(std::mem::take(&mut item));
            rest = tail;
            continue;
        }
        let c = rest.chars().next().unwrap_or_default();
        item.push(c);
        rest = &rest[c.len_utf8()..];
    }
    items.push(item);
    items
}

/// The header of `column`.
fn header_of(column: &Column, main: &str) -> String {
    let tagged =
        |name: &str, tag: &Option<String>| format!("{name}@{}", tag.as_deref().unwrap_or(main));
    match column {
        Column::Slug => "slug".into(),
        Column::Iri => "iri".into(),
        Column::Language => "language".into(),
        Column::PrefLabel(t) => tagged("prefLabel", t),
        Column::AltLabel(t) => tagged("altLabel", t),
        Column::HiddenLabel(t) => tagged("hiddenLabel", t),
        Column::Definition(t) => tagged("definition", t),
        Column::Notes(kind, t) if kind == "definition" => tagged(FURTHER_DEFINITION, t),
        Column::Notes(kind, t) => tagged(kind, t),
        Column::List(name) | Column::Date(name) | Column::Mapping(name) => (*name).into(),
        Column::Status => "status".into(),
        Column::Note => "note".into(),
        Column::CitationIds => "citationIds".into(),
        Column::CitationTitles => "citationTitles".into(),
        Column::CitationUrls => "citationUrls".into(),
        Column::CitationAccessed => "citationAccessed".into(),
        Column::Notations => "notations".into(),
        Column::NotationDatatypes => "notationDatatypes".into(),
        Column::InScheme => "inScheme".into(),
        Column::TopConceptOf => "topConceptOf".into(),
        Column::TermFrom => "termFrom".into(),
        Column::Extra => "extra".into(),
        Column::Derived => String::new(),
        Column::Unknown(name) => name.clone(),
    }
}

/// The date `name` of `card`.
fn date(card: &Draft, name: &str) -> Option<PartialDate> {
    match name {
        "firstSeen" => card.first_seen,
        "lastSeen" => card.last_seen,
        "updated" => card.updated,
        _ => card.skos.created,
    }
}

/// What of `card` no column holds, as a JSON object: the fields glossgraph does not know,
/// and a scheme list that is set but empty (`"inScheme": []`: in no scheme).
fn extra(card: &Draft) -> Option<String> {
    let mut object = serde_json::Map::new();
    for (name, list) in [
        ("inScheme", &card.skos.in_scheme),
        ("topConceptOf", &card.skos.top_concept_of),
    ] {
        if list.as_ref().is_some_and(Vec::is_empty) {
            object.insert(name.to_owned(), Value::Array(Vec::new()));
        }
    }
    for (key, value) in &card.skos.extra {
        object.insert(key.clone(), value.clone());
    }
    (!object.is_empty()).then(|| Value::Object(object).to_string())
}

/// The cell of `column` for `card`.
fn cell(card: &Draft, column: &Column, main: &str, separator: &str) -> String {
    let other = |tag: &Option<String>| {
        tag.as_deref()
            .filter(|t| *t != main)
            .and_then(|t| card.skos.languages.get(t))
    };
    let is_main = |tag: &Option<String>| tag.as_deref().is_none_or(|t| t == main);
    let join = |items: &[String], _field: &str| join(items, separator);
    let header = || header_of(column, main);
    match column {
        Column::Slug => card.slug.clone(),
        Column::Iri => card.skos.iri.clone().unwrap_or_default(),
        Column::PrefLabel(t) if is_main(t) => card.term.clone(),
        Column::PrefLabel(t) => other(t).and_then(|l| l.term.clone()).unwrap_or_default(),
        Column::AltLabel(t) if is_main(t) => join(&card.aliases, &header()),
        Column::AltLabel(t) => join(other(t).map_or(&[][..], |l| &l.aliases), &header()),
        Column::HiddenLabel(t) if is_main(t) => join(&card.skos.hidden_aliases, &header()),
        Column::HiddenLabel(t) => join(other(t).map_or(&[][..], |l| &l.hidden_aliases), &header()),
        Column::Definition(t) if is_main(t) => card.definition.clone(),
        Column::Definition(t) => other(t)
            .and_then(|l| l.definition.clone())
            .unwrap_or_default(),
        Column::Notes(kind, t) => {
            let notes = if is_main(t) {
                card.skos.notes.get(kind)
            } else {
                other(t).and_then(|l| l.notes.get(kind))
            };
            join(notes.map_or(&[][..], Vec::as_slice), &header())
        }
        Column::List(name) => {
            let items = match *name {
                "broader" => &card.skos.broader,
                "narrower" => &card.skos.narrower,
                "related" => &card.related,
                "advantages" => &card.advantages,
                "limitations" => &card.limitations,
                "supersedes" => &card.supersedes,
                "supersededBy" => &card.superseded_by,
                _ => &card.provenance,
            };
            join(items, name)
        }
        Column::Date(name) => {
            date(card, name).map_or_else(String::new, |d| d.text().as_str().to_owned())
        }
        Column::Status => card.status.clone().unwrap_or_default(),
        Column::Note => card.note.clone(),
        Column::CitationIds => join(
            &card
                .citations
                .iter()
                .map(|c| c.id.clone())
                .collect::<Vec<_>>(),
            "citationIds",
        ),
        Column::CitationTitles => join(
            &card
                .citations
                .iter()
                .map(|c| c.title.clone())
                .collect::<Vec<_>>(),
            "citationTitles",
        ),
        Column::CitationUrls => join(
            &card
                .citations
                .iter()
                .map(|c| c.url.clone())
                .collect::<Vec<_>>(),
            "citationUrls",
        ),
        Column::CitationAccessed => {
            let items: Vec<String> = card
                .citations
                .iter()
                .map(|c| {
                    c.accessed
                        .map_or_else(String::new, |d| d.text().as_str().to_owned())
                })
                .collect();
            if items.iter().all(String::is_empty) {
                String::new()
            } else {
                join(&items, "citationAccessed")
            }
        }
        Column::Notations => join(
            &card
                .skos
                .notations
                .iter()
                .map(|n| n.value.clone())
                .collect::<Vec<_>>(),
            "notations",
        ),
        Column::NotationDatatypes => {
            let items: Vec<String> = card
                .skos
                .notations
                .iter()
                .map(|n| n.datatype.clone().unwrap_or_default())
                .collect();
            if items.iter().all(String::is_empty) {
                String::new()
            } else {
                join(&items, "notationDatatypes")
            }
        }
        Column::InScheme => join(
            card.skos.in_scheme.as_deref().unwrap_or_default(),
            "inScheme",
        ),
        Column::TopConceptOf => join(
            card.skos.top_concept_of.as_deref().unwrap_or_default(),
            "topConceptOf",
        ),
        Column::Mapping(kind) => join(
            card.skos.mappings.get(*kind).map_or(&[][..], Vec::as_slice),
            kind,
        ),
        Column::TermFrom => card.skos.term_from.clone().unwrap_or_default(),
        Column::Extra => extra(card).unwrap_or_default(),
        Column::Language | Column::Derived | Column::Unknown(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_of_templates_and_of_glossgraph_are_read_alike() {
        let of = |h: &str| Column::of(h).0;
        assert_eq!(of("prefLabel@en"), Column::PrefLabel(Some("en".into())));
        assert_eq!(
            of("skos:prefLabel@pt-BR"),
            Column::PrefLabel(Some("pt-BR".into()))
        );
        assert_eq!(of("Preferred Label*"), Column::PrefLabel(None));
        assert_eq!(of("Concept IRI*"), Column::Iri);
        assert_eq!(of("Alternate Labels"), Column::AltLabel(None));
        assert_eq!(of("Parent IRIs"), Column::List("broader"));
        assert_eq!(of("Provenance (read-only)"), Column::List("provenance"));
        assert_eq!(of("Language Code*"), Column::Language);
        assert_eq!(of("Change Note"), Column::Notes("changeNote".into(), None));
        assert_eq!(of("definition@de"), Column::Definition(Some("de".into())));
        assert_eq!(
            of("furtherDefinition@de"),
            Column::Notes("definition".into(), Some("de".into()))
        );
        assert_eq!(of("note"), Column::Note);
        assert_eq!(
            of("note@en"),
            Column::Notes("note".into(), Some("en".into()))
        );
        assert_eq!(of("slug:ID"), Column::Slug);
        assert_eq!(of(":LABEL"), Column::Derived);
        assert_eq!(of("aliasCount:int"), Column::Derived);
        assert_eq!(of("term_de"), Column::PrefLabel(Some("de".into())));
        assert_eq!(
            Column::of("aliases:string[]"),
            (Column::AltLabel(None), Some(ARRAY_DELIMITER))
        );
        assert_eq!(
            of("Member of collection(s)"),
            Column::Unknown("Member of collection(s)".into())
        );
    }

    #[test]
    fn any_item_joins_and_splits_back() {
        let items: Vec<String> = ["a|b", "c\\", "\\|", "", "d\\e", "plain"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let cell = join(&items, "|");
        assert_eq!(cell, r"a\|b|c\\|\\\|||d\\e|plain");
        assert_eq!(split(&cell, "|"), items);
        // A stranger's backslash before anything else stays.
        assert_eq!(split(r"C:\dir|x", "|"), [r"C:\dir", "x"]);
    }
}
