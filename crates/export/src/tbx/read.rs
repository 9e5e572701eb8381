//! `import` of a TBX file, v3 (`<tbx>`) or v2 (`<martif>`), into cards.
//!
//! The bytes are parsed by quick-xml into a small tree ([`Element`]), then each concept
//! entry becomes a card: the main language's (the root's `xml:lang`) preferred term and the
//! other labels as aliases, its definition and note, the other languages into `languages`,
//! cross-references into `related` (between entries) and `supersededBy` (from a term
//! section), a `deprecated` status when every label of the main language is deprecated.
//! What TBX holds that a card has no field for — a part of speech, a context, a subject
//! field of a stranger's term base, a data category of another dialect or of none — is kept
//! in the card's `tbx` field, one object per datum, and said in a [`Warning`] with its line
//! and column, as is a language code that is not BCP 47 (`dk`: read as `da`; `sf`: kept as
//! it is).
//!
//! A file that [`super::SOURCE`] says glossgraph wrote is read as it was written: the
//! entries' ids give the slugs, and the subject field, the topic glossgraph derived, is not
//! kept. A stranger's entries get slugs from their terms.
//!
//! Nothing outside the bytes is read: a DTD the file names is not fetched, an external
//! entity it declares is an [`Error`] at the declaration, and an entity reference other
//! than XML's five is an error at the reference; no entity is ever expanded. The reader has
//! no part in the command line, so that it can move into a crate of readers as it is.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use quick_xml::events::Event;
use quick_xml::Reader;
use serde_json::{json, Value};

use super::{status, Version, ACCESSED, ID_PREFIX, SOURCE};
use crate::card::rules::{is_slug, slugify};
use crate::card::skos::{is_iri, Language};
use crate::card::{Citation, Draft, PartialDate};
use crate::config::Config;
use glossgraph_core::language::{bcp47, is_two_letter};

/// The card field that holds what TBX says and no other field can.
pub const EXTRA_FIELD: &str = "tbx";

/// How deep elements may nest: far past any TBX (a term sits five levels down), and short of
/// what would exhaust the stack.
const MAX_DEPTH: usize = 128;

/// The data categories of TBX-Basic that no card field holds: kept in [`EXTRA_FIELD`], and
/// named as TBX-Basic's in the warning (any other is of another dialect, or of none).
const BASIC: [&str; 17] = [
    "context",
    "customerSubset",
    "definition",
    "geographicalUsage",
    "grammaticalGender",
    "partOfSpeech",
    "projectSubset",
    "source",
    "subjectField",
    "termLocation",
    "termType",
    "transactionType",
    "responsibility",
    "externalCrossReference",
    "crossReference",
    "xGraphic",
    "administrativeStatus",
];

/// Country codes written where a language code belongs, and the language meant.
const COUNTRY_FOR_LANGUAGE: [(&str, &str); 8] = [
    ("cn", "zh"),
    ("cz", "cs"),
    ("dk", "da"),
    ("gr", "el"),
    ("jp", "ja"),
    ("kr", "ko"),
    ("ua", "uk"),
    ("us", "en"),
];

/// What a TBX file held: the cards, sorted by slug, the settings (title, main language and,
/// for glossgraph's own files, the base IRI), and what was not kept as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub cards: Vec<Draft>,
    pub config: Config,
    pub warnings: Vec<Warning>,
    pub version: Version,
}

/// Something read otherwise than it was written, at its line and column (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// `dialect-data-category`, `unknown-data-category`, `language-code`, `dangling-reference`,
    /// `no-term` or `deprecated-label`.
    pub kind: &'static str,
    pub line: u64,
    pub column: u64,
    pub text: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {} [{}]",
            self.line, self.column, self.text, self.kind
        )
    }
}

/// A file that is not a TBX glossgraph can read, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct Error {
    pub file: String,
    pub line: u64,
    pub column: u64,
    pub message: String,
}

/// An element of the document: its local name, attributes by qualified name, children, and
/// the byte offset of its start tag.
#[derive(Debug, Default)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    children: Vec<Node>,
    at: usize,
}

#[derive(Debug)]
enum Node {
    Element(Element),
    Text(String),
}

impl Element {
    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    fn elements(&self) -> impl Iterator<Item = &Element> {
        self.children.iter().filter_map(|child| match child {
            Node::Element(e) => Some(e),
            Node::Text(_) => None,
        })
    }

    fn child(&self, name: &str) -> Option<&Element> {
        self.elements().find(|e| e.name == name)
    }

    /// The text of the element and of every element inside it, in order.
    fn text(&self) -> String {
        let mut out = String::new();
        self.push_text(&mut out);
        out
    }

    fn push_text(&self, out: &mut String) {
        for child in &self.children {
            match child {
                Node::Text(text) => out.push_str(text),
                Node::Element(e) => e.push_text(out),
            }
        }
    }
}

/// Reads the TBX document `bytes`; `file` names it in errors.
///
/// # Errors
/// [`Error`] when the bytes are not well-formed XML, declare an external entity, refer to
/// an entity XML does not define, or are not TBX (a root other than `tbx` or `martif`).
pub fn read(bytes: &[u8], file: &str) -> Result<Imported, Error> {
    let fail = |at: usize, message: String| {
        let (line, column) = line_column(bytes, at);
        Error {
            file: file.to_owned(),
            line,
            column,
            message,
        }
    };
    let root = parse(bytes).map_err(|(at, message)| fail(at, message))?;
    let version = match root.name.as_str() {
        "tbx" => Version::V3,
        "martif" => Version::V2,
        other => {
            return Err(fail(
                root.at,
                format!("the root element is <{other}>, not <tbx> (TBX v3) nor <martif> (TBX v2)"),
            ))
        }
    };
    let mut reading = Reading {
        bytes,
        names: version.names(),
        warnings: Vec::new(),
        main: String::new(),
        own: false,
    };
    let config = reading.config(&root);
    let body = root
        .child("text")
        .and_then(|text| text.child("body"))
        .ok_or_else(|| fail(root.at, "the document has no <text><body>".to_owned()))?;
    let entry = reading.names.entry;
    let entries: Vec<Entry> = body
        .elements()
        .filter(|e| e.name == entry)
        .filter_map(|e| reading.entry(e))
        .collect();
    let cards = reading.cards(entries);
    let mut warnings = reading.warnings;
    warnings.sort_by(|a, b| (a.line, a.column, a.kind).cmp(&(b.line, b.column, b.kind)));
    Ok(Imported {
        cards,
        config,
        warnings,
        version,
    })
}

/// The 1-based line and column (in characters) of the byte offset `at` of `bytes`.
fn line_column(bytes: &[u8], at: usize) -> (u64, u64) {
    let before = &bytes[..at.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() as u64 + 1;
    (line, column)
}

/// The document's root element, or the byte offset and message of what makes it unreadable.
fn parse(bytes: &[u8]) -> Result<Element, (usize, String)> {
    let mut reader = Reader::from_reader(bytes);
    reader.config_mut().trim_text(false);
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let at = reader.buffer_position() as usize;
        let event = reader
            .read_event()
            .map_err(|e| (reader.error_position() as usize, e.to_string()))?;
        let text = |text: String, stack: &mut Vec<Element>| {
            if let Some(parent) = stack.last_mut() {
                parent.children.push(Node::Text(text));
            }
        };
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(start) | Event::Empty(start) => {
                if stack.len() >= MAX_DEPTH {
                    return Err((at, format!("elements nest deeper than {MAX_DEPTH} levels")));
                }
                if root.is_some() {
                    return Err((at, "a second root element".to_owned()));
                }
                let name = utf8(start.local_name().as_ref(), at)?.to_owned();
                let mut attributes = Vec::new();
                for attribute in start.attributes() {
                    let attribute = attribute.map_err(|e| (at, e.to_string()))?;
                    let key = utf8(attribute.key.as_ref(), at)?.to_owned();
                    let value = attribute
                        .unescape_value()
                        .map_err(|e| entity_error(e, at))?;
                    attributes.push((key, value.into_owned()));
                }
                let element = Element {
                    name,
                    attributes,
                    children: Vec::new(),
                    at,
                };
                stack.push(element);
                if empty {
                    close(&mut stack, &mut root);
                }
            }
            Event::End(_) => close(&mut stack, &mut root),
            Event::Text(t) => {
                let value = t.unescape().map_err(|e| entity_error(e, at))?;
                text(value.into_owned(), &mut stack);
            }
            Event::CData(c) => {
                let value = utf8(&c, at)?.to_owned();
                text(value, &mut stack);
            }
            Event::DocType(_) => {
                // Read from the bytes themselves, so that places are exact.
                let end = (reader.buffer_position() as usize).min(bytes.len());
                external_entity(utf8(&bytes[at..end], at)?, at)?;
            }
            Event::Eof => break,
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) => {}
        }
    }
    if let Some(open) = stack.last() {
        return Err((
            bytes.len(),
            format!("the document ends inside <{}>", open.name),
        ));
    }
    root.ok_or((0, "no root element: this is not a TBX document".to_owned()))
}

/// Ends the innermost open element, adding it to its parent (or making it the root).
fn close(stack: &mut Vec<Element>, root: &mut Option<Element>) {
    if let Some(element) = stack.pop() {
        match stack.last_mut() {
            Some(parent) => parent.children.push(Node::Element(element)),
            None => *root = Some(element),
        }
    }
}

fn utf8(bytes: &[u8], at: usize) -> Result<&str, (usize, String)> {
    std::str::from_utf8(bytes).map_err(|_| (at, "not UTF-8".to_owned()))
}

/// An error unescaping the text at `at`: an entity quick-xml does not know is said at its
/// `&`, as glossgraph means it.
fn entity_error(e: quick_xml::Error, at: usize) -> (usize, String) {
    use quick_xml::escape::EscapeError;
    match e {
        quick_xml::Error::Escape(EscapeError::UnrecognizedEntity(range, name)) => (
            at + range.start.saturating_sub(1),
            format!(
                "the entity `&{name};` is not one of XML's five: glossgraph expands no entity \
                 a DTD declares, only those and character references"
            ),
        ),
        e => (at, e.to_string()),
    }
}

/// Refuses a DOCTYPE (`doctype`, its text from `<!DOCTYPE` on, at byte `at`) that declares
/// an external entity (`SYSTEM` or `PUBLIC`): it is never
/// read, and the document is refused rather than read with a gap. The DTD the DOCTYPE names
/// is not read either, and needs nothing refused.
fn external_entity(doctype: &str, at: usize) -> Result<(), (usize, String)> {
    let Some(subset) = doctype.find('[') else {
        return Ok(());
    };
    let mut offset = subset;
    for declaration in doctype[subset..].split("<!").skip(1) {
        offset = doctype[offset..]
            .find("<!")
            .map_or(offset, |i| offset + i + 2);
        let words: Vec<&str> = declaration.split_whitespace().collect();
        if let ["ENTITY", rest @ ..] = words.as_slice() {
            let rest = rest.strip_prefix(&["%"]).unwrap_or(rest);
            if let [name, kind, ..] = rest {
                if *kind == "SYSTEM" || *kind == "PUBLIC" {
                    return Err((
                        at + offset - 2,
                        format!(
                            "the entity `{name}` is external ({kind}): glossgraph reads no file \
                             or URL a document names, and refuses the document rather than \
                             leave a gap in it"
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A concept entry as read, before slugs are given.
struct Entry {
    id: Option<String>,
    at: usize,
    /// Labels by language, in document order: (text, administrative status, references).
    labels: BTreeMap<String, Vec<Label>>,
    definitions: BTreeMap<String, String>,
    notes: BTreeMap<String, Vec<String>>,
    /// Targets of the entry's cross-references (ids), and IRIs.
    related: Vec<(String, usize)>,
    citations: Vec<Citation>,
    extra: Vec<Value>,
}

struct Label {
    text: String,
    status: Option<String>,
    /// The ids a cross-reference of the term section names: the terms superseding this one.
    by: Vec<(String, usize)>,
}

struct Reading<'a> {
    bytes: &'a [u8],
    names: super::Names,
    warnings: Vec<Warning>,
    /// The main language's tag.
    main: String,
    /// Whether glossgraph wrote the file.
    own: bool,
}

impl Reading<'_> {
    fn warn(&mut self, kind: &'static str, at: usize, text: String) {
        let (line, column) = line_column(self.bytes, at);
        self.warnings.push(Warning {
            kind,
            line,
            column,
            text,
        });
    }

    /// The settings the header and the root give; sets the main language and whether
    /// glossgraph wrote the file.
    fn config(&mut self, root: &Element) -> Config {
        let mut config = Config::default();
        if let Some(lang) = root.attribute("xml:lang").or(root.attribute("lang")) {
            config.language = self.language(lang, root.at);
        }
        self.main = config.language.clone();
        let file = root
            .child(self.names.header)
            .and_then(|h| h.child("fileDesc"));
        if let Some(title) = file
            .and_then(|f| f.child("titleStmt"))
            .and_then(|t| t.child("title"))
        {
            config.title = title.text();
        }
        let source = file.and_then(|f| f.child("sourceDesc"));
        for p in source.iter().flat_map(|s| s.elements()) {
            if let Some(base) = p.text().strip_prefix(SOURCE) {
                self.own = true;
                config.base = base.to_owned();
            }
        }
        config
    }

    /// The BCP 47 tag of the language code `code`, warning when it is not one.
    fn language(&mut self, code: &str, at: usize) -> String {
        let (tag, note) = language_tag(code);
        if let Some(note) = note {
            self.warn("language-code", at, note);
        }
        tag
    }

    /// The entry `e`; `None` (with a warning) when it has no term.
    fn entry(&mut self, e: &Element) -> Option<Entry> {
        let mut entry = Entry {
            id: e.attribute("id").map(str::to_owned),
            at: e.at,
            labels: BTreeMap::new(),
            definitions: BTreeMap::new(),
            notes: BTreeMap::new(),
            related: Vec::new(),
            citations: Vec::new(),
            extra: Vec::new(),
        };
        let main = self.main.clone();
        for child in e.elements() {
            if child.name == self.names.language {
                let code = child.attribute("xml:lang").or(child.attribute("lang"));
                let tag = match code {
                    Some(code) => self.language(code, child.at),
                    None => main.clone(),
                };
                self.language_section(child, &tag, &mut entry);
            } else {
                self.aux(child, None, &mut entry);
            }
        }
        if entry.labels.values().all(Vec::is_empty) {
            let id = entry.id.as_deref().unwrap_or("(no id)");
            self.warn(
                "no-term",
                e.at,
                format!("the entry `{id}` has no term: left out"),
            );
            return None;
        }
        Some(entry)
    }

    fn language_section(&mut self, section: &Element, tag: &str, entry: &mut Entry) {
        for child in section.elements() {
            let name = child.name.as_str();
            if name == self.names.term || name == "ntig" {
                let label = self.term_section(child, tag, entry);
                if let Some(label) = label {
                    entry.labels.entry(tag.to_owned()).or_default().push(label);
                }
            } else {
                self.aux(child, Some(tag), entry);
            }
        }
    }

    /// A term section (`termSec`, `tig`, or v2's `ntig` with its `termGrp`).
    fn term_section(&mut self, section: &Element, tag: &str, entry: &mut Entry) -> Option<Label> {
        let group = section.child("termGrp").unwrap_or(section);
        let text = group.child("term")?.text();
        let mut label = Label {
            text,
            status: None,
            by: Vec::new(),
        };
        let outside = section
            .elements()
            .filter(|e| e.name != "termGrp" && !std::ptr::eq(group, section));
        let children = group.elements().chain(outside);
        for child in children {
            let kind = child.attribute("type").unwrap_or_default();
            match (child.name.as_str(), kind) {
                ("term", _) => {}
                ("termNote", "administrativeStatus") => label.status = Some(child.text()),
                ("ref", "crossReference") => {
                    if let Some(target) = child.attribute("target") {
                        label.by.push((target.to_owned(), child.at));
                    }
                }
                ("xref", "externalCrossReference")
                    if child.attribute("target").is_some_and(is_iri) =>
                {
                    let target = child.attribute("target").unwrap_or_default();
                    label.by.push((target.to_owned(), child.at));
                }
                _ => {
                    let place = (Some(tag), Some(label.text.as_str()));
                    let datum = self.datum(child, place);
                    entry.extra.push(datum);
                }
            }
        }
        Some(label)
    }

    /// A datum of the entry (`tag` `None`) or of a language section, outside term sections.
    fn aux(&mut self, child: &Element, tag: Option<&str>, entry: &mut Entry) {
        let kind = child.attribute("type").unwrap_or_default();
        let language = tag.unwrap_or(&self.main).to_owned();
        match (child.name.as_str(), kind) {
            ("descrip", "definition") => {
                let text = child.text();
                let definition = entry.definitions.entry(language).or_default();
                if definition.is_empty() {
                    *definition = text;
                } else {
                    let datum = self.datum(child, (tag, None));
                    entry.extra.push(datum);
                }
            }
            ("descrip", "subjectField") if self.own => {}
            ("adminGrp", _) if tag.is_none_or(|t| t == self.main) => match citation(child) {
                Some(cite) => entry.citations.push(cite),
                None => {
                    let datum = self.datum(child, (tag, None));
                    entry.extra.push(datum);
                }
            },
            ("note", _) => entry.notes.entry(language).or_default().push(child.text()),
            ("descripGrp", _) => {
                for inner in child.elements() {
                    self.aux(inner, tag, entry);
                }
            }
            ("ref", "crossReference") if tag.is_none() => {
                if let Some(target) = child.attribute("target") {
                    entry.related.push((target.to_owned(), child.at));
                }
            }
            ("xref", "externalCrossReference")
                if tag.is_none() && child.attribute("target").is_some_and(is_iri) =>
            {
                let target = child.attribute("target").unwrap_or_default();
                entry.related.push((target.to_owned(), child.at));
            }
            _ => {
                let datum = self.datum(child, (tag, None));
                entry.extra.push(datum);
            }
        }
    }

    /// `element` as kept in the card's [`EXTRA_FIELD`], with a warning saying so; `place`
    /// is its language and term, where it has them.
    fn datum(&mut self, element: &Element, place: (Option<&str>, Option<&str>)) -> Value {
        let kind = element.attribute("type");
        let category = kind.unwrap_or(&element.name);
        let described = match kind {
            Some(kind) => format!("<{} type=\"{kind}\">", element.name),
            None => format!("<{}>", element.name),
        };
        let (warning, what) = if BASIC.contains(&category) {
            (
                "dialect-data-category",
                "a data category of TBX-Basic that no card field holds",
            )
        } else {
            (
                "unknown-data-category",
                "a data category glossgraph does not know (of another dialect, or of none)",
            )
        };
        self.warn(
            warning,
            element.at,
            format!("{described}: {what}; kept in the card's `{EXTRA_FIELD}` field"),
        );
        let mut datum = serde_json::Map::new();
        if let Some(language) = place.0 {
            datum.insert("language".into(), json!(language));
        }
        if let Some(term) = place.1 {
            datum.insert("term".into(), json!(term));
        }
        datum.insert("element".into(), json!(element.name));
        if let Some(kind) = kind {
            datum.insert("type".into(), json!(kind));
        }
        if let Some(target) = element.attribute("target") {
            datum.insert("target".into(), json!(target));
        }
        datum.insert("text".into(), json!(element.text()));
        Value::Object(datum)
    }

    /// The cards of `entries`: slugs given, cross-references resolved, `supersedes`
    /// mirrored from `supersededBy`.
    fn cards(&mut self, entries: Vec<Entry>) -> Vec<Draft> {
        let slugs = self.slugs(&entries);
        let ids: BTreeMap<&str, &str> = entries
            .iter()
            .zip(&slugs)
            .filter_map(|(e, slug)| Some((e.id.as_deref()?, slug.as_str())))
            .collect();
        let resolve = |reading: &mut Self, (target, at): &(String, usize)| {
            if let Some(slug) = ids.get(target.as_str()) {
                return Some((*slug).to_owned());
            }
            if is_iri(target) {
                return Some(target.clone());
            }
            let text = format!("the cross-reference to `{target}` names no entry: left out");
            reading.warn("dangling-reference", *at, text);
            None
        };
        let mut cards = Vec::with_capacity(entries.len());
        for (entry, slug) in entries.iter().zip(&slugs) {
            let mut card = self.card(entry, slug.clone());
            for target in &entry.related {
                if let Some(slug) = resolve(self, target) {
                    push_new(&mut card.related, slug);
                }
            }
            let main = entry.labels.get(&self.main).map(Vec::as_slice);
            for label in main.unwrap_or_default() {
                for target in &label.by {
                    if let Some(slug) = resolve(self, target) {
                        push_new(&mut card.superseded_by, slug);
                    }
                }
            }
            cards.push(card);
        }
        let mut supersedes: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for card in &cards {
            for by in &card.superseded_by {
                supersedes
                    .entry(by.clone())
                    .or_default()
                    .insert(card.slug.clone());
            }
        }
        for card in &mut cards {
            if let Some(old) = supersedes.remove(&card.slug) {
                card.supersedes = old.into_iter().collect();
            }
        }
        cards.sort_by(|a, b| a.slug.cmp(&b.slug));
        cards
    }

    /// A slug for each entry: the id of glossgraph's own entries, else one made from the
    /// preferred term (or the id), each once.
    fn slugs(&self, entries: &[Entry]) -> Vec<String> {
        let mut taken = BTreeSet::new();
        let mut slugs = Vec::with_capacity(entries.len());
        for entry in entries {
            let id = entry.id.as_deref().unwrap_or_default();
            let own = id
                .strip_prefix(ID_PREFIX)
                .filter(|s| self.own && is_slug(s));
            let base = match own {
                Some(slug) => slug.to_owned(),
                None => {
                    let (_, labels) = self.main_labels(entry);
                    let from_term = slugify(&labels[0].text, 60);
                    let made = if from_term.is_empty() {
                        slugify(id, 60)
                    } else {
                        from_term
                    };
                    if made.is_empty() {
                        "term".to_owned()
                    } else {
                        made
                    }
                }
            };
            let mut slug = base.clone();
            let mut n = 2;
            while !taken.insert(slug.clone()) {
                slug = format!("{base}-{n}");
                n += 1;
            }
            slugs.push(slug);
        }
        slugs
    }

    /// The language the card's own fields come from: the main language, or when the entry
    /// has no term in it, the first language that has one. Every entry has a term.
    fn main_labels<'e>(&self, entry: &'e Entry) -> (&'e str, &'e [Label]) {
        if let Some((tag, labels)) = entry
            .labels
            .get_key_value(&self.main)
            .filter(|(_, l)| !l.is_empty())
        {
            return (tag.as_str(), labels);
        }
        entry
            .labels
            .iter()
            .find(|(_, labels)| !labels.is_empty())
            .map(|(tag, labels)| (tag.as_str(), labels.as_slice()))
            .expect("an entry without a term is left out")
    }

    /// The card of `entry`, before its cross-references are resolved.
    fn card(&mut self, entry: &Entry, slug: String) -> Draft {
        let (tag, labels) = self.main_labels(entry);
        let mut card = Draft {
            slug,
            ..Draft::default()
        };
        let deprecated = |l: &Label| l.status.as_deref() == Some(status::DEPRECATED);
        let preferred = labels
            .iter()
            .position(|l| l.status.as_deref() == Some(status::PREFERRED))
            .or_else(|| labels.iter().position(|l| !deprecated(l)))
            .unwrap_or(0);
        card.term = labels[preferred].text.clone();
        for (n, label) in labels.iter().enumerate() {
            if n != preferred {
                push_new(&mut card.aliases, label.text.clone());
            }
        }
        if labels.iter().all(deprecated) {
            card.status = Some("deprecated".to_owned());
        } else {
            for label in labels.iter().filter(|l| deprecated(l)) {
                let text = format!(
                    "`{}` is a deprecated term of `{}`, whose other terms are not: kept as an \
                     alias",
                    label.text, card.term
                );
                self.warn("deprecated-label", entry.at, text);
            }
        }
        if tag != self.main {
            card.skos.term_from = Some("language".to_owned());
        }
        if tag == self.main {
            card.definition = entry.definitions.get(tag).cloned().unwrap_or_default();
            card.note = entry
                .notes
                .get(tag)
                .map(|n| n.join("\n\n"))
                .unwrap_or_default();
        }
        card.citations = entry.citations.clone();
        for (other, labels) in &entry.labels {
            if *other == self.main {
                continue;
            }
            let language = card.skos.languages.entry(other.clone()).or_default();
            fill_language(language, labels);
            language.definition = entry.definitions.get(other).cloned();
        }
        for (other, definition) in &entry.definitions {
            if *other != self.main && !entry.labels.contains_key(other) {
                let language = card.skos.languages.entry(other.clone()).or_default();
                language.definition = Some(definition.clone());
            }
        }
        for (other, notes) in &entry.notes {
            if *other != self.main {
                let language = card.skos.languages.entry(other.clone()).or_default();
                language.notes.insert("note".to_owned(), notes.clone());
            }
        }
        if !entry.extra.is_empty() {
            let extra = Value::Array(entry.extra.clone());
            card.skos.extra.insert(EXTRA_FIELD.to_owned(), extra);
        }
        card
    }
}

/// The citation an `adminGrp` is: a `source` with an external cross-reference (the URL; its
/// text the id), and at most a note of the day it was read.
fn citation(group: &Element) -> Option<Citation> {
    let mut cite = Citation::default();
    for child in group.elements() {
        match (child.name.as_str(), child.attribute("type")) {
            ("admin", Some("source")) if cite.title.is_empty() => cite.title = child.text(),
            ("xref", Some("externalCrossReference")) if cite.url.is_empty() => {
                cite.url = child.attribute("target")?.to_owned();
                cite.id = child.text();
            }
            ("note", None) if cite.accessed.is_none() => {
                let date = child.text();
                let date = date.strip_prefix(ACCESSED)?;
                cite.accessed = Some(PartialDate::parse(date).ok()?);
            }
            _ => return None,
        }
    }
    (!cite.title.is_empty() && !cite.url.is_empty() && !cite.id.is_empty()).then_some(cite)
}

/// The labels of a language other than the main one: the preferred term, the others as
/// aliases.
fn fill_language(language: &mut Language, labels: &[Label]) {
    let preferred = labels
        .iter()
        .position(|l| l.status.as_deref() == Some(status::PREFERRED))
        .unwrap_or(0);
    for (n, label) in labels.iter().enumerate() {
        if n == preferred && language.term.is_none() {
            language.term = Some(label.text.clone());
        } else if language.term.as_deref() != Some(&label.text) {
            push_new(&mut language.aliases, label.text.clone());
        }
    }
}

fn push_new(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// The BCP 47 tag of a TBX language code, and what to say when it is not one: `en_US` is
/// `en-US`, `eng` is `en`, `dk` (a country) is `da`; a code that cannot be mapped is kept,
/// lower-cased, with the warning.
pub fn language_tag(code: &str) -> (String, Option<String>) {
    let mut parts = code.trim().split(['-', '_']);
    let primary = parts.next().unwrap_or_default().to_ascii_lowercase();
    let rest: Vec<String> = parts
        .map(|part| match part.len() {
            2 if part.bytes().all(|b| b.is_ascii_alphabetic()) => part.to_ascii_uppercase(),
            4 => {
                let lower = part.to_ascii_lowercase();
                let mut chars = lower.chars();
                chars
                    .next()
                    .map(|c| c.to_ascii_uppercase())
                    .into_iter()
                    .chain(chars)
                    .collect()
            }
            _ => part.to_ascii_lowercase(),
        })
        .collect();
    let mapped = match bcp47(&primary) {
        Some(two) if two.len() == 2 && !is_two_letter(&two) => COUNTRY_FOR_LANGUAGE
            .iter()
            .find(|&&(country, _)| country == two)
            .map(|&(_, language)| language.to_owned()),
        other => other,
    };
    let tag = |primary: &str| {
        std::iter::once(primary.to_owned())
            .chain(rest.iter().cloned())
            .collect::<Vec<_>>()
            .join("-")
    };
    let well_formed = rest
        .iter()
        .all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()));
    match mapped {
        Some(language) if well_formed => {
            let read = tag(&language);
            let note = (!read.eq_ignore_ascii_case(code)).then(|| {
                format!("the language code `{code}` is not a BCP 47 tag: read as `{read}`")
            });
            (read, note)
        }
        _ => {
            let kept = tag(&primary);
            let note = format!(
                "the language code `{code}` is not an ISO 639 language code nor a BCP 47 tag, \
                 and maps to none: kept as `{kept}`"
            );
            (kept, Some(note))
        }
    }
}
