//! Whether a file named on the command line is a glossary's, before it is read as one: what
//! `fmt` and `check` ask of the files an editor or a pre-commit hook hands them, which may be
//! any `*.json` of a repository (`.vscode/settings.json`, a JSON Schema, a package manifest).
//!
//! A file is a glossary's when it lies in a folder holding `glossgraph.toml`, or below one
//! but outside hidden folders (where a walk of that folder finds it), or, with no settings
//! anywhere above it, when it is shaped like cards: a JSON object with a field of the card
//! format, or an array (or JSON Lines) whose first item is one. Anything else is foreign: the
//! commands say so and leave it alone, rather than reformat it or report it as a broken card.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::card::FIELDS;

/// The nearest folder above `file` holding `glossgraph.toml`, with no hidden name between it
/// and the file (the file's own included); `None` when there is none. `file` is made
/// absolute first, so a bare name is looked for from the working folder.
pub fn settings_folder(file: &Path) -> Option<PathBuf> {
    let full = fs::canonicalize(file).ok()?;
    let mut hidden = false;
    for dir in full.ancestors().skip(1) {
        let below = full.strip_prefix(dir).ok()?;
        hidden = hidden
            || below
                .components()
                .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
        if hidden {
            return None;
        }
        if dir.join(crate::config::FILE_NAME).is_file() {
            return Some(dir.to_path_buf());
        }
    }
    None
}

/// Whether `file` is foreign to any glossary: no [`settings_folder`], and not shaped like
/// cards (not JSON, or JSON holding no card's field where a card would be). A file that
/// cannot be read is not foreign: reading it is where that is reported.
pub fn is_foreign(file: &Path) -> bool {
    if settings_folder(file).is_some() {
        return false;
    }
    let lines = file
        .extension()
        .is_some_and(|e| e == "jsonl" || e == "ndjson");
    let shaped = if lines {
        first_line(file).map(|line| line.map(|l| card_shaped(l.as_bytes())))
    } else {
        fs::read(file).map(|bytes| Some(card_shaped(&bytes)))
    };
    match shaped {
        Ok(shaped) => !shaped.unwrap_or(false),
        Err(_) => false,
    }
}

/// The first line of a JSON Lines file that is not blank, if any.
fn first_line(file: &Path) -> std::io::Result<Option<String>> {
    for line in BufReader::new(fs::File::open(file)?).lines() {
        let line = line?;
        if !line.trim().is_empty() {
            return Ok(Some(line));
        }
    }
    Ok(None)
}

/// Whether `bytes` (a byte order mark ignored) is one JSON value shaped like cards, or
/// text that is not JSON but names a card's identity (`"slug":` or `"term":`): a card cut
/// short, whose syntax error is to be reported, not passed over.
fn card_shaped(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match serde_json::from_slice::<Shape>(bytes) {
        Ok(shape) => shape.0,
        Err(_) => [&b"\"slug\""[..], b"\"term\""].iter().any(|key| {
            let mut rest = bytes;
            while let Some(at) = rest.windows(key.len()).position(|w| w == *key) {
                rest = &rest[at + key.len()..];
                if rest.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b':') {
                    return true;
                }
            }
            false
        }),
    }
}

/// What a JSON value says of its shape: `true` for an object with a card's field, or (at the
/// top) an array whose first item is one. Values are skipped, not kept.
struct Shape(bool);

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ShapeVisitor { top: true }).map(Shape)
    }
}

/// An item of a top-level array: a card when it is an object with a card's field.
struct Item(bool);

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ShapeVisitor { top: false }).map(Item)
    }
}

struct ShapeVisitor {
    /// At the top, an array is looked into; inside one, only objects count.
    top: bool,
}

impl<'de> Visitor<'de> for ShapeVisitor {
    type Value = bool;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
        let mut card = false;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            card = card || FIELDS.contains(&key.as_ref());
            map.next_value::<IgnoredAny>()?;
        }
        Ok(card)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<bool, A::Error> {
        let first = if self.top {
            seq.next_element::<Item>()?.is_some_and(|item| item.0)
        } else {
            false
        };
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(first)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_unit<E: de::Error>(self) -> Result<bool, E> {
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_told_from_other_json_by_their_fields() {
        for cards in [
            r#"{"slug": "a", "term": "A"}"#,
            "\u{feff}{\"definition\": \"only this\"}",
            r#"{"relatd": ["x"], "term": "misspelled but a card"}"#,
            r#"[{"slug": "a"}, 3]"#,
            r#"[{"x": 1, "related": []}]"#,
            // Cut short: not JSON, but a card's, whose syntax error `check` reports.
            "{\"slug\": ",
            r#"{"slug":"a","term":"A""#,
            r#"[{"slug": "a", "term" : "A"},"#,
        ] {
            assert!(card_shaped(cards.as_bytes()), "{cards}");
        }
        for other in [
            r#"{"json.schemas": [{"fileMatch": ["data/*.json"], "url": "./card.schema.json"}]}"#,
            r#"{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"slug": {}}}"#,
            "// settings\n{\"editor.tabSize\": 2}",
            "[]",
            "[[{\"slug\": \"a\"}]]",
            r#""slug""#,
            "",
            "not json at all",
            r#"{"name": "slug", "version": "1.0""#,
        ] {
            assert!(!card_shaped(other.as_bytes()), "{other}");
        }
    }

    #[test]
    fn a_file_under_glossgraph_toml_is_the_glossarys_unless_hidden() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("data/topic")).unwrap();
        fs::create_dir_all(root.join("data/.drafts")).unwrap();
        fs::create_dir_all(root.join(".vscode")).unwrap();
        fs::write(root.join("data/glossgraph.toml"), "").unwrap();
        let settings = r#"{"json.schemas": []}"#;
        for (name, text) in [
            ("data/topic/x.json", settings),
            ("data/.drafts/x.json", settings),
            (".vscode/settings.json", settings),
            ("card.json", r#"{"slug": "a"}"#),
            ("lines.jsonl", "\n{\"term\": \"T\"}\n{\"oops\n"),
            ("other.jsonl", "{\"name\": \"x\"}\n"),
        ] {
            fs::write(root.join(name), text).unwrap();
        }
        let data = fs::canonicalize(root.join("data")).unwrap();
        assert_eq!(settings_folder(&root.join("data/topic/x.json")), Some(data));
        assert_eq!(settings_folder(&root.join("data/.drafts/x.json")), None);
        assert!(!is_foreign(&root.join("data/topic/x.json")));
        assert!(is_foreign(&root.join("data/.drafts/x.json")));
        assert!(is_foreign(&root.join(".vscode/settings.json")));
        assert!(!is_foreign(&root.join("card.json")));
        assert!(!is_foreign(&root.join("lines.jsonl")));
        assert!(is_foreign(&root.join("other.jsonl")));
        assert!(
            !is_foreign(&root.join("missing.json")),
            "reported when read"
        );
    }
}
