//! The attributes of a term as graph tools carry them, in one table: the same names, order and
//! types in GEXF and the data formats (and the GraphML key table mirrors it), so that a column
//! means the same thing in every file. Each writer decides how to spell a kind: a list is a
//! JSON array in node-link JSON, a line-feed-joined string beside its count in GEXF, a
//! `string[]` column in CSV.
//!
//! The topic and the position of a term come from the glossary's topic map
//! ([`crate::map::TopicMap`]) and follow the card's own fields.
//!
//! A glossary whose cards have terms in other languages (`languages.{tag}.term`) also carries
//! each term in every language as an attribute of its own, `term_{tag}` ([`Labels`]): the
//! main language's first (the card's `term`), then the others by tag. The names are those of a
//! column, not of a nested object, because GraphML, GEXF and CSV have nothing else, and spelt
//! with `_` because a GraphML key's id is an XML name token (`@` is not allowed there) and
//! because `term_de` reads as it is in pandas, Cypher and Cytoscape.js selectors alike.
//!
//! The `broader` edges say which of their cards stated them, as `supersedes` edges do:
//! [`STATED_BY_NARROWER`] and [`STATED_BY_BROADER`].

use std::borrow::Cow;

use crate::card::markdown::plain;
use crate::card::{DateText, PartialDate};
use crate::config::Config;
use crate::map::TopicMap;
use crate::{Card, Glossary};

/// The attribute of a `broader` edge saying whether the narrower card lists the broader one in
/// its `broader`.
pub const STATED_BY_NARROWER: &str = "statedByNarrower";
/// The attribute of a `broader` edge saying whether the broader card lists the narrower one in
/// its `narrower`.
pub const STATED_BY_BROADER: &str = "statedByBroader";

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

/// The languages a glossary's terms are written in, as the attributes `term_{tag}` carry
/// them: none when no card has a term in a language other than the main one (the glossary's
/// attributes are then those of [`TERM`] alone, as they always were); else the main
/// language first, then every other language a card has a term in, by tag.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Labels {
    /// The language tags, the main one first.
    pub tags: Vec<String>,
    /// The attribute of each tag: `term_{tag}`.
    pub names: Vec<String>,
}

impl Labels {
    /// The languages of `glossary`'s terms. A tag that is not made of ASCII letters, digits
    /// and hyphens, as BCP 47 tags are, is no language here: it would make no attribute name
    /// a GraphML reader accepts.
    pub fn of(glossary: &Glossary, config: &Config) -> Self {
        let mut others: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
        for card in glossary.cards() {
            for (tag, language) in &card.skos().languages {
                if language.term.is_some() && *tag != config.language && is_tag(tag) {
                    others.insert(tag);
                }
            }
        }
        if others.is_empty() || !is_tag(&config.language) {
            return Self::default();
        }
        let tags: Vec<String> = std::iter::once(config.language.as_str())
            .chain(others)
            .map(str::to_owned)
            .collect();
        let names = tags.iter().map(|tag| format!("term_{tag}")).collect();
        Self { tags, names }
    }

    pub fn is_empty(&self) -> bool {
        self.tags.is_empty()
    }

    /// The term of `card` in each language, in the order of [`Labels::tags`]: the card's
    /// `term` in the main language (unless the card took it from elsewhere, `termFrom`: it then
    /// has none in the main language), its `languages.{tag}.term` in the others; `None` where
    /// it has none.
    pub fn of_card<'c>(&'c self, card: &'c Card) -> impl Iterator<Item = Option<&'c str>> + 'c {
        let skos = card.skos();
        self.tags.iter().enumerate().map(move |(k, tag)| {
            if k == 0 {
                skos.term_from.is_none().then(|| card.term())
            } else {
                skos.languages.get(tag)?.term.as_deref()
            }
        })
    }
}

/// Whether `tag` has the characters of a BCP 47 language tag: ASCII letters and digits in
/// hyphen-separated parts.
fn is_tag(tag: &str) -> bool {
    !tag.is_empty()
        && tag
            .split('-')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::skos::Language;
    use crate::Draft;

    fn card(slug: &str, languages: &[(&str, &str)], term_from: Option<&str>) -> Card {
        let mut draft = Draft {
            slug: slug.into(),
            term: slug.to_uppercase(),
            definition: "d".into(),
            ..Draft::default()
        };
        for (tag, term) in languages {
            let language = Language {
                term: Some((*term).to_owned()),
                ..Language::default()
            };
            draft.skos.languages.insert((*tag).to_owned(), language);
        }
        draft.skos.term_from = term_from.map(str::to_owned);
        Card::from(draft)
    }

    #[test]
    fn labels_are_the_main_language_then_the_others_by_tag() {
        let config = Config {
            language: "de".into(),
            ..Config::default()
        };
        let none = Glossary::new(vec![card("a", &[], None)]);
        assert!(Labels::of(&none, &config).is_empty());
        let g = Glossary::new(vec![
            card("a", &[("fr", "A-fr"), ("en", "A-en")], None),
            card("b", &[("pt-BR", "B-pt"), ("x y", "no")], Some("language")),
            card("c", &[], None),
        ]);
        let labels = Labels::of(&g, &config);
        assert_eq!(labels.tags, ["de", "en", "fr", "pt-BR"]);
        assert_eq!(
            labels.names,
            ["term_de", "term_en", "term_fr", "term_pt-BR"]
        );
        let of = |i: usize| labels.of_card(&g.cards()[i]).collect::<Vec<_>>();
        assert_eq!(of(0), [Some("A"), Some("A-en"), Some("A-fr"), None]);
        // A term taken from another language is no label in the main one.
        assert_eq!(of(1), [None, None, None, Some("B-pt")]);
        assert_eq!(of(2), [Some("C"), None, None, None]);
    }
}
