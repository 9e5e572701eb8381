//! `glossgraph fmt`: cards rewritten in the canonical form, which is the sample's.
//!
//! The canonical form of a card is what the seed card (`data/roce-v2.json`) is: JSON indented
//! by two spaces, its keys in the seed's order then the optional SKOS fields' ([`FIELDS`];
//! keys glossgraph does not know after them, in the order the card has them), a citation's keys in the seed's order too,
//! non-ASCII text written as itself, every list in its own order. A file's final newline is
//! kept as the file has it. A JSON array file is the array of its cards in that form; a JSON
//! Lines file is one compact card per line.
//!
//! Formatting never changes what a card says: only the order of an object's keys and the
//! white space between tokens change (values, duplicates and all, are written back as they
//! were read). The text is read into a value that keeps its keys' order ([`Json`]), since the
//! order is what the formatter decides, and a number's text (`1e2` stays `1e2`, a 20-digit
//! integer keeps its digits), since a number read as `u64`/`f64` would be written back
//! otherwise.

use std::fmt;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::card::{CITATION_FIELDS, FIELDS};

/// A JSON value that keeps the order of an object's keys (and any duplicate key) and the
/// text of its numbers.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    /// The number as the text has it (read through [`parse`]).
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Json;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
                Ok(Json::Bool(v))
            }
            // serde_json gives a number as a u64, i64 or f64, whose text may differ from the
            // card's: [`parse`] writes the card's text in afterwards.
            fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
                Ok(Json::Number(v.to_string()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
                Ok(Json::Number(v.to_string()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
                Ok(Json::Number(v.to_string()))
            }
            fn visit_str<E>(self, v: &str) -> Result<Json, E> {
                Ok(Json::String(v.to_owned()))
            }
            fn visit_string<E>(self, v: String) -> Result<Json, E> {
                Ok(Json::String(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Json::Array(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
                let mut members = Vec::new();
                while let Some((key, value)) = map.next_entry()? {
                    members.push((key, value));
                }
                Ok(Json::Object(members))
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            // Written as it was read: serde_json writes a raw value's text as it is.
            Json::Number(n) => serde_json::value::RawValue::from_string(n.clone())
                .map_err(serde::ser::Error::custom)?
                .serialize(s),
            Json::String(t) => s.serialize_str(t),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(members) => {
                let mut map = s.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

pub use crate::load::Layout;

/// A text that is not JSON: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// 1-based line and column.
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// `text`, holding cards as `layout` says, in the canonical form. A byte-order mark at the
/// start is dropped, as `check` ignores it.
///
/// # Errors
/// The first place where `text` is not JSON (for JSON Lines, with the line of the file).
///
/// ```
/// use glossgraph_core::fmt::{format, Layout};
///
/// let card = r#"{"term": "RDMA", "slug": "rdma", "definition": "Remote DMA."}"#;
/// let expected = "{\n  \"slug\": \"rdma\",\n  \"term\": \"RDMA\",\n  \"definition\": \"Remote DMA.\"\n}";
/// assert_eq!(format(card, Layout::Card).unwrap(), expected);
/// ```
pub fn format(text: &str, layout: Layout) -> Result<String, SyntaxError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let newline = text.ends_with('\n');
    let mut out = match layout {
        Layout::Card => pretty(&card(parse(text, 0)?)),
        Layout::Array => {
            let value = match parse(text, 0)? {
                Json::Array(items) => Json::Array(items.into_iter().map(card).collect()),
                other => other,
            };
            pretty(&value)
        }
        Layout::Lines => {
            let mut lines = Vec::new();
            for (i, line) in text.lines().enumerate() {
                if line.trim().is_empty() {
                    lines.push(String::new());
                    continue;
                }
                let value = card(parse(line, i)?);
                lines.push(serde_json::to_string(&value).expect("a JSON value serializes"));
            }
            // Blank lines at the end are the final newline's business.
            while lines.last().is_some_and(String::is_empty) {
                lines.pop();
            }
            lines.join("\n")
        }
    };
    if newline {
        out.push('\n');
    }
    Ok(out)
}

/// `text` parsed, its numbers as `text` writes them; `line` is added to the error's line (for
/// a line of a JSON Lines file).
pub(crate) fn parse(text: &str, line: usize) -> Result<Json, SyntaxError> {
    let mut value = serde_json::from_str(text).map_err(|e| SyntaxError {
        line: e.line() + line,
        // serde_json says column 0 at the start of a line (the end of a file cut short).
        column: e.column().max(1),
        message: e
            .to_string()
            .split(" at line ")
            .next()
            .unwrap_or_default()
            .to_owned(),
    })?;
    let mut numbers = Vec::new();
    numbers_of(&mut value, &mut numbers);
    for (number, text) in numbers.into_iter().zip(number_texts(text)) {
        text.clone_into(number);
    }
    Ok(value)
}

/// The numbers of `value`, in the order of its text (an object's members and an array's
/// items are kept in that order).
fn numbers_of<'a>(value: &'a mut Json, out: &mut Vec<&'a mut String>) {
    match value {
        Json::Number(n) => out.push(n),
        Json::Array(items) => items.iter_mut().for_each(|v| numbers_of(v, out)),
        Json::Object(members) => members.iter_mut().for_each(|(_, v)| numbers_of(v, out)),
        Json::Null | Json::Bool(_) | Json::String(_) => {}
    }
}

/// The numbers of the well-formed JSON `text`, as written, in order. Outside strings, a `-`
/// or a digit can only start a number (no other token holds one), which runs to the next
/// character that cannot be in a number.
fn number_texts(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            match bytes[i] {
                b'"' => {
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        i += if bytes[i] == b'\\' { 2 } else { 1 };
                    }
                    i += 1;
                }
                b'-' | b'0'..=b'9' => {
                    let start = i;
                    while i < bytes.len()
                        && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    {
                        i += 1;
                    }
                    return Some(&text[start..i]);
                }
                _ => i += 1,
            }
        }
        None
    })
}

/// Two-space indented JSON, as the seed card is written.
fn pretty(value: &Json) -> String {
    serde_json::to_string_pretty(value).expect("a JSON value serializes")
}

/// A card's keys in canonical order, and its citations' keys; anything that is not an object
/// is left as it is (the checker reports it).
fn card(value: Json) -> Json {
    match value {
        Json::Object(members) => {
            let mut members = ordered(members, &FIELDS);
            for (key, value) in &mut members {
                if key == "citations" {
                    if let Json::Array(citations) = value {
                        for c in citations.iter_mut() {
                            if let Json::Object(m) = c {
                                *m = ordered(std::mem::take(m), &CITATION_FIELDS);
                            }
                        }
                    }
                }
            }
            Json::Object(members)
        }
        other => other,
    }
}

/// `members` with the keys of `order` first, in that order, then the others as they were
/// (a stable sort: duplicates keep their order).
fn ordered(mut members: Vec<(String, Json)>, order: &[&str]) -> Vec<(String, Json)> {
    members.sort_by_key(|(key, _)| order.iter().position(|k| k == key).unwrap_or(order.len()));
    members
}

/// What [`format_file`] did to a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Already in the canonical form: not written.
    Unchanged,
    /// Rewritten (or, when only checking, would be).
    Changed,
}

/// Why a file could not be formatted.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}:{error}", path.display())]
    Syntax { path: PathBuf, error: SyntaxError },
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Formats the file at `path` in place (unless `check`): written only when its text changes,
/// through a temporary file beside it renamed over it. A byte-order mark is dropped (JSON
/// texts have none, RFC 8259; `check` warns about it).
///
/// # Errors
/// The file cannot be read, is not JSON (it is then left as it is), or cannot be written.
pub fn format_file(path: &Path, check: bool) -> Result<Outcome, FileError> {
    let bytes = std::fs::read(path).map_err(|source| FileError::Read {
        path: path.to_owned(),
        source,
    })?;
    // Not UTF-8: the place of the first bad byte, as `check` gives it.
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let (line, column) =
            crate::diag::line_column(&String::from_utf8_lossy(&bytes[..valid]), valid);
        FileError::Syntax {
            path: path.to_owned(),
            error: SyntaxError {
                line: line as usize,
                column: column as usize,
                message: format!(
                    "invalid UTF-8: byte 0x{:02X} at offset {valid}",
                    bytes[valid]
                ),
            },
        }
    })?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let formatted = format(&text, Layout::of(&name, &text)).map_err(|error| FileError::Syntax {
        path: path.to_owned(),
        error,
    })?;
    if formatted == text {
        return Ok(Outcome::Unchanged);
    }
    if !check {
        crate::output::replace_file(path, |w| w.write_all(formatted.as_bytes())).map_err(
            |source| FileError::Write {
                path: path.to_owned(),
                source,
            },
        )?;
    }
    Ok(Outcome::Changed)
}

/// The card files of `input` as the loader finds them (a folder's `*.json` files, walked as
/// `check` walks them; a file itself), in reading order; standard input is not a file.
///
/// # Errors
/// `input` cannot be read.
pub fn files(input: &str) -> Result<Vec<PathBuf>, crate::load::LoadError> {
    let loaded = crate::load::load(&crate::load::Input::parse(input))?;
    let sources = &loaded.sources;
    Ok((0..sources.len())
        .filter_map(|i| sources.get(i as crate::diag::SourceId).path.clone())
        .filter(|p| p.is_file())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_card_is_already_canonical() {
        let seed = include_str!("../../../data/roce-v2.json");
        assert_eq!(format(seed, Layout::Card).unwrap(), seed);
    }

    #[test]
    fn keys_are_ordered_unknown_ones_last_and_values_kept() {
        let text = "{\"x-extra\": [3, 1.5, null, true], \"citations\": [{\"url\": \"https://a.example/\", \"id\": \"a\", \"z\": 1}], \"slug\": \"a\", \"term\": \"Ä\"}\n";
        let out = format(text, Layout::Card).unwrap();
        assert_eq!(
            out,
            "{\n  \"slug\": \"a\",\n  \"term\": \"Ä\",\n  \"citations\": [\n    {\n      \"id\": \"a\",\n      \"url\": \"https://a.example/\",\n      \"z\": 1\n    }\n  ],\n  \"x-extra\": [\n    3,\n    1.5,\n    null,\n    true\n  ]\n}\n"
        );
        assert_eq!(format(&out, Layout::Card).unwrap(), out);
    }

    #[test]
    fn numbers_keep_their_text() {
        let text = "{\"x\": [18446744073709551616, 1e2, -0, 1.50, 0.1, -12, 1E-7], \"y\": {\"z\": 2.0}, \"s\": \"1 \\\" 2\"}";
        let out = format(text, Layout::Card).unwrap();
        assert_eq!(
            out,
            "{\n  \"x\": [\n    18446744073709551616,\n    1e2,\n    -0,\n    1.50,\n    0.1,\n    -12,\n    1E-7\n  ],\n  \"y\": {\n    \"z\": 2.0\n  },\n  \"s\": \"1 \\\" 2\"\n}"
        );
        let lines = "{\"n\":1e2,\"m\":[-0]}\n";
        assert_eq!(format(lines, Layout::Lines).unwrap(), lines);
    }

    #[test]
    fn skos_fields_follow_the_seeds_in_their_order() {
        let text = r#"{"tags":1,"languages":{},"broader":[],"iri":"x","slug":"a","notes":{}}"#;
        let out = format(text, Layout::Lines).unwrap();
        assert_eq!(
            out,
            r#"{"slug":"a","iri":"x","broader":[],"notes":{},"languages":{},"tags":1}"#
        );
    }

    #[test]
    fn arrays_and_lines_are_formatted_card_by_card() {
        let lines = "{\"term\":\"B\", \"slug\":\"b\"}\n\n{\"slug\":\"a\"}\n";
        assert_eq!(
            format(lines, Layout::Lines).unwrap(),
            "{\"slug\":\"b\",\"term\":\"B\"}\n\n{\"slug\":\"a\"}\n"
        );
        let array = "[{\"term\":\"B\",\"slug\":\"b\"}]";
        assert_eq!(
            format(array, Layout::Array).unwrap(),
            "[\n  {\n    \"slug\": \"b\",\n    \"term\": \"B\"\n  }\n]"
        );
    }

    #[test]
    fn a_syntax_error_has_its_place() {
        let e = format("{\"slug\": \"a\",\n  \"term\" \"A\"}", Layout::Card).unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        let e = format("{\"slug\":\"a\"}\n{\"slug\":}\n", Layout::Lines).unwrap_err();
        assert_eq!(e.line, 2);
    }
}
