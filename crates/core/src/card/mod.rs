//! The term card as read from JSON.
//!
//! A card is decoded in one pass by a hand-written, *lenient* serde visitor: a value of the
//! wrong type, a duplicate key or an unknown field does not stop the decoding, it becomes a
//! [`Problem`] at a JSON pointer and the rest of the card is still read. That way `check`
//! reports every problem of a card at once, and the fast path (a well-formed card) costs no
//! more than a typed `serde_json` parse: no intermediate `serde_json::Value`, no key
//! allocations for known fields.
//!
//! Only JSON *syntax* errors abort a card; they carry serde_json's line and column.
//!
//! A card exists in two shapes: a [`Draft`], one owned `String` per text, which is what the
//! generator and `import` build and what is written back out as JSON; and a [`Card`], all of
//! a card's texts in one allocation, which is what the loader keeps and everything
//! downstream reads (`compact.rs` beside it says why).

use std::fmt;

mod compact;
mod decode;
pub mod markdown;
pub mod rules;
pub mod skos;
pub use compact::{Card, Citations, Cite, CiteIter, TextIter, Texts};
pub(crate) use decode::CardSeed;
pub use decode::{push_pointer, Decoded, Problem};

/// The fields of a card, in the order of the seed card (and of every card glossgraph writes):
/// the seed card's sixteen, then the optional fields of a concept of any SKOS vocabulary
/// ([`skos`]), written only when they hold something.
pub const FIELDS: [&str; 30] = [
    "status",
    "advantages",
    "limitations",
    "supersedes",
    "supersededBy",
    "firstSeen",
    "lastSeen",
    "updated",
    "slug",
    "term",
    "aliases",
    "definition",
    "note",
    "related",
    "citations",
    "provenance",
    "iri",
    "types",
    "created",
    "dateTimes",
    "notations",
    "hiddenAliases",
    "broader",
    "narrower",
    "inScheme",
    "topConceptOf",
    "mappings",
    "notes",
    "languages",
    "termFrom",
];

/// The fields a card cannot do without.
pub const REQUIRED: [&str; 2] = ["slug", "term"];

/// The fields a card should have: the decoder reports them missing as it does the required
/// ones, and the checker makes that a warning (`missing-definition`: thesauri often have no
/// definitions), which a glossary can make an error in `glossgraph.toml`.
pub const RECOMMENDED: [&str; 1] = ["definition"];

/// The fields of a citation, in writing order.
pub const CITATION_FIELDS: [&str; 4] = ["id", "title", "url", "accessed"];

/// The field of `fields` that the unknown key `key` most likely meant (`Definition`:
/// `definition`, `relatd`: `related`, `alias`: `aliases`), and whether no other field is as
/// likely.
pub fn meant_field(key: &str, fields: &[&'static str]) -> Option<(&'static str, bool)> {
    let key = key.to_lowercase();
    if let Some(field) = fields.iter().find(|f| f.to_lowercase() == key) {
        return Some((field, true));
    }
    // A word cut short (`alias`, `cite`).
    let longer: Vec<&'static str> = fields
        .iter()
        .copied()
        .filter(|f| key.len() >= 3 && f.to_lowercase().starts_with(&key))
        .collect();
    if let [first, ..] = longer.as_slice() {
        return Some((first, longer.len() == 1));
    }
    crate::suggest::closest(&key, fields.iter().copied())
}

/// The fields of a card that hold lists. An unknown key close to one the card has already
/// (`relatd` beside `related`) is taken for it: the rename fix merges the two lists.
pub const LIST_FIELDS: [&str; 8] = [
    "advantages",
    "limitations",
    "supersedes",
    "supersededBy",
    "aliases",
    "related",
    "citations",
    "provenance",
];

/// The field of `fields` that the unknown key `key` of an object most likely meant, and
/// whether no other is as likely: among the fields the object lacks (`has` says which it
/// has), else among the `lists` it has, since a misspelled list beside the list it meant is
/// most likely that list in two parts (the rename fix merges them).
pub fn meant_field_of(
    key: &str,
    fields: &[&'static str],
    lists: &[&str],
    has: impl Fn(&str) -> bool,
) -> Option<(&'static str, bool)> {
    let lacking: Vec<&'static str> = fields.iter().copied().filter(|f| !has(f)).collect();
    meant_field(key, &lacking).or_else(|| {
        let present: Vec<&'static str> = fields
            .iter()
            .copied()
            .filter(|f| has(f) && lists.contains(f))
            .collect();
        meant_field(key, &present)
    })
}

/// A card as separate owned fields: what the generator and `import` build, what tests write
/// by hand, and what is written back out as JSON. A [`Card`] is made from it (`Card::from`)
/// and gives it back ([`Card::draft`]).
///
/// Optional fields default to empty (`""`, `[]`) or `None`; an exporter writes nothing for them.
/// Serializing writes every field, in the seed card's order and with its names (see
/// [`Draft::to_json`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    /// Lifecycle status (`shipping`, `emerging`, …); `None` when the card has none.
    pub status: Option<String>,
    pub advantages: Vec<String>,
    pub limitations: Vec<String>,
    /// Slugs of the terms this one replaces.
    pub supersedes: Vec<String>,
    /// Slugs of the terms that replace this one.
    pub superseded_by: Vec<String>,
    pub first_seen: Option<PartialDate>,
    pub last_seen: Option<PartialDate>,
    pub updated: Option<PartialDate>,
    /// Identity of the term; equals the file stem in a folder glossary.
    pub slug: String,
    /// Preferred label.
    pub term: String,
    /// Alternative labels.
    pub aliases: Vec<String>,
    pub definition: String,
    /// Paragraphs separated by a blank line; `[citation-id]` markers refer to [`Card::citations`].
    /// Empty when the card has none.
    pub note: String,
    /// Slugs of associated terms (a symmetric relation).
    pub related: Vec<String>,
    pub citations: Vec<Citation>,
    pub provenance: Vec<String>,
    /// The optional SKOS fields and the fields glossgraph does not know, written after the
    /// others and only when they hold something.
    #[serde(flatten)]
    pub skos: skos::Skos,
}

/// A source a card cites.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Citation {
    /// Referred to by `[id]` markers in the note.
    pub id: String,
    pub title: String,
    /// An `http` or `https` URL.
    pub url: String,
    /// When the source was consulted, if recorded.
    pub accessed: Option<PartialDate>,
}

/// A calendar date known to the year, the month or the day (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`).
///
/// Ordering compares the earliest day each value can mean, so `2024` < `2024-01-02`.
///
/// Written here rather than taken from a date crate: `chrono` and `time` (neither in the
/// build) model full dates, and a card's `2019` or `2019-06` would have to become a made-up
/// day that RDF then writes as `xsd:date`; this type keeps the precision the card states,
/// which the RDF export writes as `xsd:gYear`, `xsd:gYearMonth` or `xsd:date`. Four bytes,
/// `Copy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PartialDate {
    year: u16,
    /// 0 when only the year is known.
    month: u8,
    /// 0 when the day is not known.
    day: u8,
}

/// How much of a [`PartialDate`] is known; decides the XSD type it is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    Year,
    Month,
    Day,
}

impl PartialDate {
    /// Parses `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, checking that the month and the day exist.
    ///
    /// # Errors
    /// A sentence saying what is wrong, for the checker's `bad-date` finding.
    pub fn parse(text: &str) -> Result<Self, String> {
        let shape = || format!("`{text}` is not a date of the form YYYY, YYYY-MM or YYYY-MM-DD");
        let mut parts = text.split('-');
        let number = |part: Option<&str>, width: usize| -> Result<Option<u16>, String> {
            match part {
                None => Ok(None),
                Some(p) if p.len() == width && p.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok(Some(p.parse().map_err(|_| shape())?))
                }
                Some(_) => Err(shape()),
            }
        };
        let year = number(parts.next(), 4)?.ok_or_else(shape)?;
        let month = number(parts.next(), 2)?.unwrap_or(0) as u8;
        let day = number(parts.next(), 2)?.unwrap_or(0) as u8;
        if parts.next().is_some() {
            return Err(shape());
        }
        if year == 0 {
            return Err(format!("`{text}`: there is no year 0000"));
        }
        if text.len() > 4 && !(1..=12).contains(&month) {
            return Err(format!("`{text}`: month {month:02} does not exist"));
        }
        if text.len() > 7 && (day == 0 || day > days_in_month(year, month)) {
            return Err(format!(
                "`{text}`: day {day:02} does not exist in that month"
            ));
        }
        Ok(Self { year, month, day })
    }

    /// The date as written in a card: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    pub fn text(self) -> DateText {
        let mut bytes = *b"0000-00-00";
        let digits = |mut n: u16, into: &mut [u8]| {
            for slot in into.iter_mut().rev() {
                *slot = b'0' + (n % 10) as u8;
                n /= 10;
            }
        };
        // `parse` takes exactly four digits of year and two of month and day.
        digits(self.year, &mut bytes[0..4]);
        digits(self.month.into(), &mut bytes[5..7]);
        digits(self.day.into(), &mut bytes[8..10]);
        let len = match self.precision() {
            Precision::Year => 4,
            Precision::Month => 7,
            Precision::Day => 10,
        };
        DateText { bytes, len }
    }

    pub fn precision(self) -> Precision {
        match (self.month, self.day) {
            (0, _) => Precision::Year,
            (_, 0) => Precision::Month,
            _ => Precision::Day,
        }
    }

    /// The first day this value can mean, as a comparable key (`2024` → 2024-01-01).
    pub fn earliest(self) -> (u16, u8, u8) {
        (self.year, self.month.max(1), self.day.max(1))
    }

    /// The last day this value can mean, as a comparable key (`2024` → 2024-12-31).
    pub fn latest(self) -> (u16, u8, u8) {
        let month = if self.month == 0 { 12 } else { self.month };
        let day = if self.day == 0 {
            days_in_month(self.year, month)
        } else {
            self.day
        };
        (self.year, month, day)
    }
}

impl serde::Serialize for PartialDate {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text().as_str())
    }
}

impl Draft {
    /// The card as JSON in the seed card's layout: every field, in order, pretty-printed with
    /// two-space indentation (`pretty`), or on one line for JSON Lines.
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_json(&self, w: impl std::io::Write, pretty: bool) -> std::io::Result<()> {
        write_json(self, w, pretty)
    }

    /// [`Draft::write_json`] into a string.
    pub fn to_json(&self, pretty: bool) -> String {
        to_json(self, pretty)
    }
}

fn write_json(
    card: &impl serde::Serialize,
    mut w: impl std::io::Write,
    pretty: bool,
) -> std::io::Result<()> {
    if pretty {
        serde_json::to_writer_pretty(&mut w, card)?;
    } else {
        serde_json::to_writer(&mut w, card)?;
    }
    Ok(())
}

fn to_json(card: &impl serde::Serialize, pretty: bool) -> String {
    let mut out = Vec::new();
    write_json(card, &mut out, pretty).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Days in `month` (1–12) of `year`, leap years included.
pub(crate) fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for PartialDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text().as_str())
    }
}

/// A [`PartialDate`] written out, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, without allocating or
/// going through `fmt`: exporters write one or more for every card.
#[derive(Debug, Clone, Copy)]
pub struct DateText {
    bytes: [u8; 10],
    len: usize,
}

impl DateText {
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).expect("digits and dashes are ASCII")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelled_fields_find_the_field_they_meant() {
        assert_eq!(
            meant_field("Definition", &FIELDS),
            Some(("definition", true))
        );
        assert_eq!(meant_field("relatd", &FIELDS), Some(("related", true)));
        assert_eq!(meant_field("alias", &FIELDS), Some(("aliases", true)));
        assert_eq!(
            meant_field("superseded_by", &FIELDS),
            Some(("supersededBy", true))
        );
        assert_eq!(
            meant_field("titel", &CITATION_FIELDS),
            Some(("title", true))
        );
        assert_eq!(meant_field("colour", &FIELDS), None);
    }

    #[test]
    fn a_misspelled_list_beside_the_list_it_meant_is_that_list() {
        let has = |present: &'static [&'static str]| move |f: &str| present.contains(&f);
        // Among the fields the card lacks first: `Definition` is not `definition` when the
        // card has it (a text is not merged), `relatd` is `related` either way.
        assert_eq!(
            meant_field_of("relatd", &FIELDS, &LIST_FIELDS, has(&["slug"])),
            Some(("related", true))
        );
        assert_eq!(
            meant_field_of("relatd", &FIELDS, &LIST_FIELDS, has(&["related"])),
            Some(("related", true))
        );
        assert_eq!(
            meant_field_of("Definition", &FIELDS, &LIST_FIELDS, has(&["definition"])),
            None
        );
    }

    #[test]
    fn dates_by_precision() {
        assert_eq!(
            PartialDate::parse("2024").unwrap().precision(),
            Precision::Year
        );
        assert_eq!(
            PartialDate::parse("2024-02").unwrap().precision(),
            Precision::Month
        );
        // Written back exactly as read, leading zeros included.
        for text in ["2024-02-29", "0042", "0999-01", "2000-10-09"] {
            let date = PartialDate::parse(text).unwrap();
            assert_eq!(
                (date.to_string().as_str(), date.text().as_str()),
                (text, text)
            );
        }
        for bad in [
            "2023-02-29",
            "2024-13",
            "24",
            "2024-1-01",
            "2024-01-01T00",
            "0000",
            "",
            "２０２４",
        ] {
            assert!(PartialDate::parse(bad).is_err(), "{bad}");
        }
        let json = r#"{"slug":"a","term":"A","definition":"d","firstSeen":"2024-13"}"#;
        let p = Decoded::from_json(json).unwrap().problems;
        assert_eq!(
            p,
            [(
                "/firstSeen".to_owned(),
                Problem::BadDate("`2024-13`: month 13 does not exist".into())
            )]
        );
    }
}
