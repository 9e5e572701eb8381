//! A glossary kept in a spreadsheet (CSV, TSV, XLSX, ODS): a row per term, a column per
//! field and per language, as [`crate::sheet::columns`] reads the header. A row per concept
//! and language, as voc4cat keeps them (a `Language Code` column), is read too: the rows of
//! one slug or IRI are one card, the row's own language giving the columns without `@tag`.
//!
//! A link (`broader`, `narrower`, `related`, `supersedes`, `supersededBy`) names a row by
//! its slug, its IRI or one of its preferred labels (in any case), as SKOS Play's converter
//! lets a parent be named; an IRI with a label after it in brackets, as voc4cat writes
//! `voc4cat:0000016 (catalysis)`, by the IRI. A link to no row is kept as it is when it is a
//! slug or an IRI (the checker says so if it names nothing), else left out with a warning.
//!
//! Every problem names its cell: `concepts.csv: B12`, `concepts.xlsx: Concepts!B12`. A sheet
//! that cannot be read at all is one such error and no card.

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;

use crate::card::rules::is_slug;
use crate::card::skos::{is_iri, Language, Notation};
use crate::card::{Citation, Draft, PartialDate};
use crate::config::Config;
use crate::docsite::slugify;
use crate::sheet::columns::{self, Column, LINKS, SEPARATOR};
use crate::sheet::{self, Kind, Table};
use glossgraph_core::load::SourceProblem;

/// Reads the sheet in `bytes` (the file `file`), with `config` (its `[source]` separator and
/// sheet, its main language).
pub(super) fn read(file: &str, kind: Kind, bytes: &[u8], config: &Config) -> super::data::Read {
    let settings = config.source.as_ref();
    let separator = settings
        .and_then(|s| s.separator.clone())
        .unwrap_or_else(|| SEPARATOR.to_owned());
    let sheet_name = settings.and_then(|s| s.sheet.as_deref());
    let problem = |at: &str, message: String, left_out: bool| SourceProblem {
        file: if at.is_empty() {
            file.to_owned()
        } else {
            format!("{file}: {at}")
        },
        line: 0,
        column: 0,
        message,
        left_out,
    };
    let mut table = match sheet::read(bytes, kind, None, sheet_name) {
        Ok(table) => table,
        Err(e) => {
            return super::data::Read {
                cards: Vec::new(),
                problems: vec![problem(&e.at, e.message, false)],
                language: None,
            }
        }
    };
    // The rows are read into cards one by one, each freed once read: a large sheet's texts
    // are not held twice, as cells and as cards.
    let rows = std::mem::take(&mut table.rows);
    let mut reader = Reader {
        table: &table,
        main: config.language.clone(),
        separator,
        problems: Vec::new(),
    };
    let cards = reader.cards(rows);
    let mut problems = reader.problems;
    let cards = link(cards, &table.prefixes, &mut problems);
    super::data::Read {
        cards: cards
            .into_iter()
            .map(|row| {
                (
                    format!("{file}: row {} ({})", row.row, row.card.slug),
                    row.card,
                )
            })
            .collect(),
        problems: problems
            .into_iter()
            .map(|(at, message, left_out)| problem(&at, message, left_out))
            .collect(),
        language: None,
    }
}

/// A card read, with the row it starts on and the links its cells name, to resolve once
/// every row is read.
struct Row {
    row: usize,
    card: Draft,
    /// Per link field, the names and the cell that gives them.
    links: BTreeMap<&'static str, (String, Vec<String>)>,
}

/// A problem as `(cell, message, left out)`.
type Problem = (String, String, bool);

struct Reader<'t> {
    table: &'t Table,
    main: String,
    separator: String,
    problems: Vec<Problem>,
}

impl Reader<'_> {
    fn cards(&mut self, rows: Vec<Vec<String>>) -> Vec<Row> {
        let table = self.table;
        let Some((header_at, _)) = columns::header_row(&rows) else {
            let edges = rows
                .first()
                .is_some_and(|h| h.iter().any(|c| c == ":START_ID"));
            if edges {
                self.problems.push((
                    String::new(),
                    "the edges file of glossgraph's graph-tools CSV holds links, not terms: read \
                     glossary.nodes.csv, or the sheet of `export --format sheet-csv`"
                        .into(),
                    false,
                ));
                return Vec::new();
            }
            self.problems.push((
                table.cell(0, 1),
                "no header naming the terms: expected a column `slug`, `iri`, `prefLabel@en` \
                 (or a template's `Concept IRI`, `Preferred Label`)"
                    .into(),
                false,
            ));
            return Vec::new();
        };
        let names = rows[header_at].clone();
        let header: Vec<(Column, Option<char>)> = names.iter().map(|h| Column::of(h)).collect();
        let language_at = header.iter().position(|(c, _)| *c == Column::Language);
        let mut cards: Vec<Row> = Vec::new();
        let mut by_key: HashMap<String, usize> = HashMap::new();
        let mut slugs = super::Slugs::default();
        for (i, cells) in rows.into_iter().enumerate().skip(header_at + 1) {
            let number = i + 1;
            if cells.iter().all(|c| c.trim().is_empty()) {
                continue;
            }
            let language = language_at
                .and_then(|k| cells.get(k))
                .map(|l| l.trim().to_owned())
                .filter(|l| !l.is_empty());
            let key = self.key(&header, &cells);
            let existing = key.as_ref().and_then(|k| by_key.get(k).copied());
            let mut row = match existing {
                Some(at) => std::mem::replace(
                    &mut cards[at],
                    Row {
                        row: 0,
                        card: Draft::default(),
                        links: BTreeMap::new(),
                    },
                ),
                None => Row {
                    row: number,
                    card: Draft::default(),
                    links: BTreeMap::new(),
                },
            };
            for (k, (column, array)) in header.iter().enumerate() {
                let Some(text) = cells.get(k) else { continue };
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                let at = (k, number);
                self.cell(
                    &mut row,
                    column,
                    *array,
                    text,
                    language.as_deref(),
                    at,
                    &names[k],
                );
            }
            match existing {
                Some(at) => cards[at] = row,
                None => {
                    if let Some(key) = key {
                        by_key.insert(key, cards.len());
                    }
                    cards.push(row);
                }
            }
        }
        let mut kept = Vec::with_capacity(cards.len());
        for mut row in cards {
            let card = &mut row.card;
            if card.term.is_empty() {
                // No label in the main language: another language's, as `import` does.
                let borrowed = card.skos.languages.values().find_map(|l| l.term.clone());
                match borrowed {
                    Some(term) => {
                        card.term = term;
                        card.skos.term_from.get_or_insert_with(|| "language".into());
                    }
                    None => {
                        self.problems.push((
                            table.cell(0, row.row),
                            "a row with no preferred label, in any language: left out".into(),
                            true,
                        ));
                        continue;
                    }
                }
            }
            let wanted = if card.slug.is_empty() {
                card.skos
                    .iri
                    .as_deref()
                    .map(local_name)
                    .filter(|s| !s.is_empty())
                    .unwrap_or_else(|| slugify(&card.term))
            } else {
                std::mem::take(&mut card.slug)
            };
            card.slug = slugs.unique(wanted);
            kept.push(row);
        }
        kept
    }

    /// The slug or IRI a row gives its term: the rows of one key are one card.
    fn key(&self, header: &[(Column, Option<char>)], cells: &[String]) -> Option<String> {
        let find = |wanted: &Column| {
            header
                .iter()
                .position(|(c, _)| c == wanted)
                .and_then(|k| cells.get(k))
                .map(|t| t.trim().to_owned())
                .filter(|t| !t.is_empty())
        };
        find(&Column::Slug).or_else(|| find(&Column::Iri).map(|iri| format!("<{iri}>")))
    }

    /// The items of a list cell: split on the separator (U+001F for the graph-tools CSV's
    /// lists; line breaks too for links), trimmed, empty ones dropped unless `keep_empty`
    /// (the parallel lists of citations and notations).
    fn items(&self, text: &str, array: Option<char>, links: bool, keep_empty: bool) -> Vec<String> {
        let parts: Vec<String> = match array {
            Some(c) => text.split(c).map(str::to_owned).collect(),
            None => columns::split(text, &self.separator),
        };
        parts
            .iter()
            .flat_map(|p| {
                if links {
                    p.lines().collect::<Vec<_>>()
                } else {
                    vec![p.as_str()]
                }
            })
            .map(|p| p.trim().to_owned())
            .filter(|p| keep_empty || !p.is_empty())
            .collect()
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "the cell and all it is read with"
    )]
    fn cell(
        &mut self,
        row: &mut Row,
        column: &Column,
        array: Option<char>,
        text: &str,
        row_language: Option<&str>,
        place: (usize, usize),
        header: &str,
    ) {
        let main = self.main.clone();
        let card = &mut row.card;
        // The cell's name, made only for a problem or a link.
        let table = self.table;
        let at = move || table.cell(place.0, place.1);
        // The language of a column per language: its own tag, else the row's, else the main.
        let tag_of = |tag: &Option<String>| -> Option<String> {
            let tag = tag.clone().or_else(|| row_language.map(str::to_owned));
            tag.filter(|t| *t != main)
        };
        let list = |s: &Self| s.items(text, array, false, false);
        match column {
            Column::Slug => {
                card.slug = if is_slug(text) {
                    text.to_owned()
                } else {
                    slugify(text)
                };
            }
            Column::Iri => card.skos.iri = Some(expand(text, &self.table.prefixes)),
            Column::Language | Column::Derived => {}
            Column::PrefLabel(t) => match tag_of(t) {
                None => card.term = text.to_owned(),
                Some(tag) => language(card, tag).term = Some(text.to_owned()),
            },
            Column::AltLabel(t) => {
                let items = list(self);
                match tag_of(t) {
                    None => card.aliases.extend(items),
                    Some(tag) => language(card, tag).aliases.extend(items),
                }
            }
            Column::HiddenLabel(t) => {
                let items = list(self);
                match tag_of(t) {
                    None => card.skos.hidden_aliases.extend(items),
                    Some(tag) => language(card, tag).hidden_aliases.extend(items),
                }
            }
            Column::Definition(t) => match tag_of(t) {
                None => card.definition = text.to_owned(),
                Some(tag) => language(card, tag).definition = Some(text.to_owned()),
            },
            Column::Notes(kind, t) => {
                let items = list(self);
                let notes = match tag_of(t) {
                    None => &mut card.skos.notes,
                    Some(tag) => &mut language(card, tag).notes,
                };
                notes.entry(kind.clone()).or_default().extend(items);
            }
            Column::List(name) if LINKS.contains(name) => {
                let items = self.items(text, array, true, false);
                row.links
                    .entry(name)
                    .or_insert_with(|| (at(), Vec::new()))
                    .1
                    .extend(items);
            }
            Column::List(name) => {
                let items = list(self);
                let target = match *name {
                    "advantages" => &mut card.advantages,
                    "limitations" => &mut card.limitations,
                    _ => &mut card.provenance,
                };
                target.extend(items);
            }
            Column::Date(name) => match PartialDate::parse(text) {
                Ok(date) => match *name {
                    "firstSeen" => card.first_seen = Some(date),
                    "lastSeen" => card.last_seen = Some(date),
                    "updated" => card.updated = Some(date),
                    _ => card.skos.created = Some(date),
                },
                Err(why) => self.problems.push((at(), not_a_date(text, why), false)),
            },
            Column::Status => card.status = Some(text.to_owned()),
            Column::Note => card.note = text.to_owned(),
            Column::CitationIds
            | Column::CitationTitles
            | Column::CitationUrls
            | Column::CitationAccessed
            | Column::Notations
            | Column::NotationDatatypes => {
                let items = self.items(text, array, false, true);
                self.parallel(card, column, items, &at);
            }
            Column::InScheme => {
                let items = self.items(text, array, true, false);
                card.skos
                    .in_scheme
                    .get_or_insert_with(Vec::new)
                    .extend(items);
            }
            Column::TopConceptOf => {
                let items = self.items(text, array, true, false);
                card.skos
                    .top_concept_of
                    .get_or_insert_with(Vec::new)
                    .extend(items);
            }
            Column::Mapping(kind) => {
                let items = self.items(text, array, true, false);
                card.skos
                    .mappings
                    .entry((*kind).to_owned())
                    .or_default()
                    .extend(items);
            }
            Column::TermFrom => card.skos.term_from = Some(text.to_owned()),
            Column::Extra => self.extra(card, text, &at),
            Column::Unknown(_) => {
                // A header named as a card's field that the sheet uses otherwise stays,
                // renamed, as a data file's key does.
                let name = header.trim();
                let name = if crate::card::FIELDS.contains(&name) {
                    format!("source-{name}")
                } else {
                    name.to_owned()
                };
                card.skos.extra.insert(name, Value::String(text.to_owned()));
            }
        }
    }

    /// The items of a column of parallel lists (the citations' ids, titles, URLs, access
    /// dates; the notations' values and datatypes), item `k` the `k`-th citation's.
    fn parallel(
        &mut self,
        card: &mut Draft,
        column: &Column,
        items: Vec<String>,
        at: &dyn Fn() -> String,
    ) {
        if matches!(column, Column::Notations | Column::NotationDatatypes) {
            let notations = &mut card.skos.notations;
            if notations.len() < items.len() {
                notations.resize(items.len(), Notation::default());
            }
            for (notation, item) in notations.iter_mut().zip(items) {
                if *column == Column::Notations {
                    notation.value = item;
                } else {
                    notation.datatype = Some(item).filter(|d| !d.is_empty());
                }
            }
            return;
        }
        if card.citations.len() < items.len() {
            card.citations.resize(items.len(), Citation::default());
        }
        for (citation, item) in card.citations.iter_mut().zip(items) {
            match column {
                Column::CitationIds => citation.id = item,
                Column::CitationTitles => citation.title = item,
                Column::CitationUrls => citation.url = item,
                _ if item.is_empty() => {}
                _ => match PartialDate::parse(&item) {
                    Ok(date) => citation.accessed = Some(date),
                    Err(why) => self.problems.push((at(), not_a_date(&item, why), false)),
                },
            }
        }
    }

    /// The `extra` column: a JSON object of the fields no column holds.
    fn extra(&mut self, card: &mut Draft, text: &str, at: &dyn Fn() -> String) {
        let object = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(object)) => object,
            Ok(_) => {
                let why = "`extra` holds a JSON object of the fields glossgraph does not know";
                self.problems.push((at(), why.into(), false));
                return;
            }
            Err(e) => {
                let why = format!("`extra` is no JSON object: {e}");
                self.problems.push((at(), why, false));
                return;
            }
        };
        for (key, value) in object {
            let list = |v: &Value| -> Option<Vec<String>> {
                v.as_array()?
                    .iter()
                    .map(|i| i.as_str().map(str::to_owned))
                    .collect()
            };
            match (key.as_str(), list(&value)) {
                ("inScheme", Some(items)) => card.skos.in_scheme = Some(items),
                ("topConceptOf", Some(items)) => card.skos.top_concept_of = Some(items),
                _ => {
                    card.skos.extra.insert(key, value);
                }
            }
        }
    }
}

/// Why the cell `text` of a date column is no date: `why`, and for a number, what it
/// likely is, a date of Excel's in a cell not formatted as a date.
fn not_a_date(text: &str, why: String) -> String {
    if text.parse::<f64>().is_ok() {
        format!(
            "`{text}` is a number, not a date: Excel keeps a date as a count of days, in a \
             cell formatted as a date, which this one is not; format the cell as a date, or \
             write YYYY-MM-DD"
        )
    } else {
        why
    }
}

/// The entry of `card` in the language `tag`.
fn language(card: &mut Draft, tag: String) -> &mut Language {
    card.skos.languages.entry(tag).or_default()
}

/// `text` with a prefix of `prefixes` expanded (`ex:0000001` is
/// `https://example.org/0000001` where `ex` is `https://example.org/`).
fn expand(text: &str, prefixes: &[(String, String)]) -> String {
    if let Some((prefix, local)) = text.split_once(':') {
        if !local.starts_with("//") {
            if let Some((_, namespace)) = prefixes.iter().find(|(p, _)| p == prefix) {
                return format!("{namespace}{local}");
            }
        }
    }
    text.to_owned()
}

/// The slug of an IRI's local name: what follows its last `/`, `#` or `:`.
fn local_name(iri: &str) -> String {
    let name = iri
        .trim_end_matches('/')
        .rsplit(['/', '#', ':'])
        .next()
        .unwrap_or(iri);
    slugify(name)
}

/// Resolves the links of every row to slugs: by slug, IRI or preferred label.
fn link(rows: Vec<Row>, prefixes: &[(String, String)], problems: &mut Vec<Problem>) -> Vec<Row> {
    let mut by_name: HashMap<String, String> = HashMap::new();
    for row in &rows {
        by_name.insert(row.card.slug.clone(), row.card.slug.clone());
    }
    for row in &rows {
        if let Some(iri) = &row.card.skos.iri {
            by_name
                .entry(iri.clone())
                .or_insert_with(|| row.card.slug.clone());
        }
    }
    for row in &rows {
        let labels = std::iter::once(&row.card.term).chain(
            row.card
                .skos
                .languages
                .values()
                .filter_map(|l| l.term.as_ref()),
        );
        for label in labels {
            by_name
                .entry(label.to_lowercase())
                .or_insert_with(|| row.card.slug.clone());
        }
    }
    let mut rows = rows;
    for row in &mut rows {
        for (field, (at, names)) in std::mem::take(&mut row.links) {
            let mut slugs = Vec::new();
            for name in names {
                // `iri (label)`: the IRI.
                let name = match name.split_once(" (") {
                    Some((iri, _)) if is_iri(iri) && !iri.contains(' ') && name.ends_with(')') => {
                        iri.to_owned()
                    }
                    _ => name,
                };
                let name = expand(&name, prefixes);
                let found = by_name
                    .get(&name)
                    .or_else(|| by_name.get(&name.to_lowercase()))
                    .cloned();
                match found {
                    Some(slug) => slugs.push(slug),
                    None if is_slug(&name) || is_iri(&name) => slugs.push(name),
                    None => problems.push((
                        at.clone(),
                        format!(
                            "`{name}` names no row (by slug, IRI or preferred label): left out"
                        ),
                        true,
                    )),
                }
            }
            let card = &mut row.card;
            let target = match field {
                "broader" => &mut card.skos.broader,
                "narrower" => &mut card.skos.narrower,
                "related" => &mut card.related,
                "supersedes" => &mut card.supersedes,
                _ => &mut card.superseded_by,
            };
            target.extend(slugs);
        }
    }
    rows
}
