//! The attributes of a term as graph tools carry them, in one table: the same names, order and
//! types in GEXF and the data formats (and the GraphML key table mirrors it), so that a column
//! means the same thing in every file. Each writer decides how to spell a kind: a list is a
//! JSON array in node-link JSON, a line-feed-joined string beside its count in GEXF, a
//! `string[]` column in CSV.
//!
//! The topic and the position of a term come from the glossary's topic map
//! ([`crate::map::TopicMap`]) and follow the card's own fields.

use std::borrow::Cow;

use crate::card::markdown::plain;
use crate::card::{DateText, PartialDate};
use crate::map::TopicMap;
use crate::Card;

/// How a value is typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A string (possibly empty: the field is absent from the card).
    Text,
    /// A list of strings; `count` names the integer attribute written beside it where a
    /// format cannot hold lists (the four citation lists share one count).
    List { count: Option<&'static str> },
    /// A non-negative integer.
    Int,
}

/// One attribute: its name and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attribute {
    pub name: &'static str,
    pub kind: Kind,
}

const fn text(name: &'static str) -> Attribute {
    Attribute {
        name,
        kind: Kind::Text,
    }
}

const fn list(name: &'static str, count: Option<&'static str>) -> Attribute {
    Attribute {
        name,
        kind: Kind::List { count },
    }
}

/// The attributes of a term, in writing order: the card's fields (as GraphML carries them),
/// then its topic and its place on the map.
pub const TERM: [Attribute; 22] = [
    text("slug"),
    text("term"),
    text("status"),
    text("definition"),
    list("aliases", Some("aliasCount")),
    text("note"),
    list("advantages", Some("advantageCount")),
    list("limitations", Some("limitationCount")),
    list("related", Some("relatedCount")),
    list("supersedes", Some("supersedesCount")),
    list("supersededBy", Some("supersededByCount")),
    text("firstSeen"),
    text("lastSeen"),
    text("updated"),
    list("citationIds", Some("citationCount")),
    list("citationTitles", None),
    list("citationUrls", None),
    list("citationAccessed", None),
    list("provenance", Some("provenanceCount")),
    text("topic"),
    text("topicName"),
    Attribute {
        name: "degree",
        kind: Kind::Int,
    },
];

/// A value of one attribute of one term.
#[derive(Debug, Clone)]
pub enum Value<'a> {
    /// A text; a definition or note without its Markdown marks ([`plain`]).
    Text(Cow<'a, str>),
    /// An optional date, written `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; `None` is an absent field.
    Date(Option<DateText>),
    List(Vec<&'a str>),
    /// Per citation, its access date (`None`: not given).
    Dates(Vec<Option<DateText>>),
    Int(usize),
}

impl Value<'_> {
    /// Whether the card leaves the field out (an empty text or list, no date).
    pub fn is_empty(&self) -> bool {
        match self {
            Value::Text(t) => t.is_empty(),
            Value::Date(d) => d.is_none(),
            Value::List(items) => items.is_empty(),
            Value::Dates(items) => items.is_empty(),
            Value::Int(_) => false,
        }
    }

    /// How many items a list holds (1 for a present scalar, 0 for an absent one).
    pub fn len(&self) -> usize {
        match self {
            Value::List(items) => items.len(),
            Value::Dates(items) => items.len(),
            other => usize::from(!other.is_empty()),
        }
    }
}

/// The values of [`TERM`] for the card at `node` of the map, in the same order.
pub fn term_values<'a>(
    card: &'a Card,
    map: &'a TopicMap,
    node: usize,
    degree: usize,
) -> [Value<'a>; 22] {
    let citations = card.citations();
    let date = |d: Option<PartialDate>| Value::Date(d.map(PartialDate::text));
    let topic = map.topic_of(node);
    [
        Value::Text(Cow::Borrowed(card.slug())),
        Value::Text(Cow::Borrowed(card.term())),
        Value::Text(Cow::Borrowed(card.status().unwrap_or(""))),
        Value::Text(plain(card.definition())),
        Value::List(card.aliases().iter().collect()),
        Value::Text(plain(card.note())),
        Value::List(card.advantages().iter().collect()),
        Value::List(card.limitations().iter().collect()),
        Value::List(card.related().iter().collect()),
        Value::List(card.supersedes().iter().collect()),
        Value::List(card.superseded_by().iter().collect()),
        date(card.first_seen()),
        date(card.last_seen()),
        date(card.updated()),
        Value::List(citations.iter().map(|c| c.id).collect()),
        Value::List(citations.iter().map(|c| c.title).collect()),
        Value::List(citations.iter().map(|c| c.url).collect()),
        Value::Dates(
            citations
                .iter()
                .map(|c| c.accessed.map(PartialDate::text))
                .collect(),
        ),
        Value::List(card.provenance().iter().collect()),
        Value::Text(Cow::Borrowed(&topic.id)),
        Value::Text(Cow::Borrowed(&topic.name)),
        Value::Int(degree),
    ]
}
