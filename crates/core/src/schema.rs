//! The JSON Schema of a term card (`glossgraph schema`), for editors that check cards as
//! people type (VS Code's `json.schemas`) and for CI.
//!
//! Draft-07, the draft VS Code's JSON support handles fully. It says what the card decoder
//! and the per-card rules say about one card: types, the required fields, the slug's
//! pattern, dates as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, citation ids as what a marker can
//! name, citation URLs as absolute `http(s)` URLs, texts that are not only white space, the statuses of the glossary's settings. What
//! needs the whole glossary (dangling links, duplicates, cycles) is `check`'s alone.

use serde_json::{json, Value};

use crate::card::skos::{MAPPING_KINDS, NOTE_KINDS};
use crate::config::Config;

/// A slug: lower-case ASCII letters and digits in groups joined by single hyphens.
pub const SLUG_PATTERN: &str = "^[a-z0-9]+(-[a-z0-9]+)*$";
/// A citation id, as [`crate::card::rules::is_citation_id`] says: letters and digits of any
/// script (Rust's `char::is_alphanumeric` is Unicode's `Alphabetic` or a number, `N`) and
/// `-_.:`. The `\p{..}` classes need a validator reading patterns as ECMA-262 does with Unicode
/// on (VS Code, check-jsonschema's default).
pub const CITATION_ID_PATTERN: &str = "^[\\p{Alphabetic}\\p{N}_.:-]+$";
/// A date known to the year, the month or the day (the calendar is checked by `check`).
pub const DATE_PATTERN: &str = "^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$";

/// The schema of a card of a glossary with `config`'s statuses.
pub fn schema(config: &Config) -> Value {
    let text = json!({"type": "string", "pattern": "\\S"});
    let texts = json!({"type": "array", "items": text, "uniqueItems": true});
    // Slugs of the glossary, or IRIs of concepts outside it.
    let links = json!({
        "type": "array",
        "items": {"type": "string", "pattern": format!("{}|^[A-Za-z][A-Za-z0-9+.-]*:", SLUG_PATTERN)},
        "uniqueItems": true
    });
    let iris =
        json!({"type": "array", "items": {"type": "string", "format": "iri"}, "uniqueItems": true});
    let date = json!({
        "type": ["string", "null"],
        "pattern": DATE_PATTERN,
        "description": "YYYY, YYYY-MM or YYYY-MM-DD"
    });
    let mut statuses: Vec<Value> = config.statuses.iter().map(|s| json!(s)).collect();
    statuses.push(Value::Null);
    let skos = skos_properties(
        text.clone(),
        texts.clone(),
        links.clone(),
        iris,
        date.clone(),
    );
    let mut out = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": format!("{}schema/card.json", config.base.trim_end_matches('#')),
        "title": format!("A term card of {}", config.title),
        "description": "One term of the glossary, as glossgraph reads it (data/<slug>.json).",
        "type": "object",
        "required": crate::card::REQUIRED,
        "properties": {
            "slug": {
                "type": "string",
                "pattern": SLUG_PATTERN,
                "description": "The term's id in its IRI and file name: lower case, digits, single hyphens."
            },
            "term": text,
            "aliases": texts,
            "definition": text,
            "note": {"type": "string", "description": "Paragraphs separated by blank lines; [id] cites a citation."},
            "status": {"enum": statuses, "description": "The term's lifecycle status."},
            "advantages": texts,
            "limitations": texts,
            "related": links.clone(),
            "supersedes": links.clone(),
            "supersededBy": links.clone(),
            "firstSeen": date,
            "lastSeen": date,
            "updated": date,
            "citations": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "title", "url"],
                    "properties": {
                        "id": {
                            "type": "string",
                            "pattern": CITATION_ID_PATTERN,
                            "description": "Letters, digits and -_.: (what an [id] marker of the note can name)."
                        },
                        "title": text,
                        "url": {"type": "string", "pattern": "^https?://[^\\s]+$", "format": "uri"},
                        "accessed": date
                    },
                    "additionalProperties": false
                }
            },
            "provenance": texts
        },
        "additionalProperties": false,
        "$comment": "glossgraph keeps a field it does not know (a warning, written back as it is); the schema refuses one, to catch misspelled fields as they are typed."
    });
    if let (Some(properties), Value::Object(more)) = (out["properties"].as_object_mut(), skos) {
        properties.extend(more);
    }
    out
}

/// The properties of the optional SKOS fields (see [`crate::card::skos`]).
fn skos_properties(text: Value, texts: Value, links: Value, iris: Value, date: Value) -> Value {
    json!({
            "iri": {"type": "string", "format": "iri", "description": "The concept's own IRI, when it is not the one the glossary gives it."},
        "types": {
            "type": "array",
            "items": {"type": "string", "format": "iri"},
            "uniqueItems": true,
            "description": "The concept's classes (rdf:type), by IRI, when they are not skos:Concept alone; the export types the concept with these only."
        },
        "created": date,
        "dateTimes": {
            "type": "object",
            "properties": {
                "created": {"type": "string", "format": "date-time"},
                "modified": {"type": "string", "format": "date-time"}
            },
            "additionalProperties": false,
            "description": "The xsd:dateTime of dcterms:created and dcterms:modified as the vocabulary stated it; written instead of the card's day while that day is unchanged."
        },
        "notations": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["value"],
                "properties": {
                    "value": {"type": "string"},
                    "datatype": {"type": "string", "format": "iri"},
                    "language": {"type": "string", "pattern": LANGUAGE_PATTERN}
                },
                "additionalProperties": false
            },
            "description": "Codes naming the concept (skos:notation), each with its datatype IRI or its language tag if any."
        },
        "hiddenAliases": texts,
        "broader": links.clone(),
        "narrower": links,
        "inScheme": {
            "type": ["array", "null"],
            "items": {"type": "string", "format": "iri"},
            "uniqueItems": true,
            "description": "The concept schemes the concept is in (skos:inScheme), by IRI, when that is not the glossary's scheme alone; an empty list for none."
        },
        "topConceptOf": {
            "type": ["array", "null"],
            "items": {"type": "string", "format": "iri"},
            "uniqueItems": true,
            "description": "The concept schemes the concept is a top concept of (skos:topConceptOf), by IRI, when they are not the glossary's scheme for a concept in it without a broader concept; an empty list for none."
        },
        "mappings": by_kind(&MAPPING_KINDS, &iris),
        "notes": by_kind(&NOTE_KINDS, &texts),
        "termFrom": {"enum": crate::card::skos::TERM_SOURCES, "description": "Where the term came from when the concept has no preferred label in the main language; the export then writes none."},
        "languages": {
            "type": "object",
            "description": "Labels and texts in other languages, by BCP 47 tag.",
            "propertyNames": {"pattern": LANGUAGE_PATTERN},
            "additionalProperties": {
                "type": "object",
                "properties": {
                    "term": text,
                    "aliases": texts,
                    "hiddenAliases": texts,
                    "definition": text,
                    "notes": by_kind(&NOTE_KINDS, &texts)
                },
                "additionalProperties": false
            }
        }
    })
}

/// A BCP 47 language tag, loosely: letters, digits and hyphens.
const LANGUAGE_PATTERN: &str = "^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$";

/// An object whose keys are some of `kinds`, each holding a list of `items`.
fn by_kind(kinds: &[&str], items: &Value) -> Value {
    let properties: serde_json::Map<String, Value> = kinds
        .iter()
        .map(|k| ((*k).to_owned(), items.clone()))
        .collect();
    json!({"type": "object", "properties": properties, "additionalProperties": false})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_fields_and_statuses_come_from_the_rules_and_settings() {
        let s = schema(&Config::default());
        assert_eq!(s["properties"]["slug"]["pattern"], SLUG_PATTERN);
        assert_eq!(
            s["properties"]["citations"]["items"]["properties"]["id"]["pattern"],
            CITATION_ID_PATTERN
        );
        assert_eq!(s["required"], json!(["slug", "term"]));
        assert_eq!(
            s["properties"]["notes"]["properties"]["historyNote"]["items"]["pattern"],
            "\\S"
        );
        assert!(s["properties"]["mappings"]["properties"]["exactMatch"].is_object());
        // Every field of the card format has its property.
        for field in crate::card::FIELDS {
            assert!(s["properties"][field].is_object(), "{field}");
        }
        assert!(s["properties"]["status"]["enum"]
            .as_array()
            .unwrap()
            .contains(&json!("shipping")));
    }
}
