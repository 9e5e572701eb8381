//! The card as the glossary keeps it: every text of a card in one allocation.
//!
//! A [`Draft`] holds each text in a `String` of its own: about twenty-two allocations per
//! generated card, each with its allocator header and rounding, and a 24-byte `String`
//! beside it; the struct alone is over 300 bytes. Kept that way, 100k generated cards
//! (196 MB of JSON Lines) took 325 MB at their peak, most of it the cards. A [`Card`] puts
//! all its texts end to end in one `Box<str>` and keeps one `u32` per text (where it ends) in
//! a second allocation, so that a loaded glossary costs little more than its texts (about
//! 220 MB at the same peak). Exporters also read a card's texts from one place in memory,
//! not from allocations scattered in input order.
//!
//! A card is read through accessors named after its fields (`slug()`, `related()`, …); to
//! change a card, take its [`Draft`] and make a new card from it.

use std::fmt;

use super::skos::Skos;
use super::{Citation, Draft, PartialDate};

/// What [`Card::skos`] gives for a card without any SKOS field.
static NO_SKOS: Skos = Skos {
    iri: None,
    types: Vec::new(),
    created: None,
    date_times: std::collections::BTreeMap::new(),
    notations: Vec::new(),
    hidden_aliases: Vec::new(),
    broader: Vec::new(),
    narrower: Vec::new(),
    in_scheme: None,
    top_concept_of: None,
    mappings: std::collections::BTreeMap::new(),
    notes: std::collections::BTreeMap::new(),
    languages: std::collections::BTreeMap::new(),
    term_from: None,
    extra: std::collections::BTreeMap::new(),
};

/// The groups of texts of a card: the slug and the term first, where they are found without
/// reading the index (sorting, resolving links and labelling read little else), then the
/// other fields in [`super::FIELDS`] order.
pub(super) const SLUG: usize = 0;
pub(super) const TERM: usize = 1;
pub(super) const STATUS: usize = 2;
pub(super) const ADVANTAGES: usize = 3;
pub(super) const LIMITATIONS: usize = 4;
pub(super) const SUPERSEDES: usize = 5;
pub(super) const SUPERSEDED_BY: usize = 6;
pub(super) const ALIASES: usize = 7;
pub(super) const DEFINITION: usize = 8;
pub(super) const NOTE: usize = 9;
pub(super) const RELATED: usize = 10;
/// Three texts per citation: id, title, url.
pub(super) const CITATIONS: usize = 11;
pub(super) const PROVENANCE: usize = 12;
pub(super) const GROUPS: usize = 13;
/// Where the fenceposts start in a card's index.
const POSTS: usize = GROUPS + 1;

/// One term of the glossary, read-only and compact (see the module documentation).
///
/// Optional fields read as empty (`""`, no items) or `None`; an exporter writes nothing for
/// them. Two cards are equal when every field is.
#[derive(Clone, PartialEq, Eq)]
pub struct Card {
    /// Every text, end to end, group by group.
    text: Box<str>,
    /// Where the slug ends in `text` (it starts at 0), and where the term ends (it starts
    /// where the slug ends).
    slug_end: u32,
    term_end: u32,
    /// `GROUPS + 1` group bounds (group `g`'s texts are those numbered `index[g]` to
    /// `index[g + 1]`); then fenceposts: 0 and where each text ends in `text`, so that text
    /// `k` is `text[posts[k]..posts[k + 1]]`; then each citation's accessed date ([`encode`]).
    index: Box<[u32]>,
    /// First seen, last seen, updated ([`encode`]).
    dates: [u32; 3],
    /// The optional SKOS fields and unknown fields, `None` when there are none: a glossary
    /// written for glossgraph pays one pointer per card for them.
    skos: Option<Box<Skos>>,
}

impl Card {
    /// Packs the texts `each` gives for every group, each citation's accessed date and the
    /// card's three dates. `each(group, push)` calls `push` once per text of the group; it is
    /// called twice per group, to size the allocations exactly and then to fill them.
    pub(super) fn pack(
        mut each: impl FnMut(usize, &mut dyn FnMut(&str)),
        accessed: impl ExactSizeIterator<Item = Option<PartialDate>>,
        dates: [Option<PartialDate>; 3],
    ) -> Self {
        let (mut bytes, mut count) = (0usize, 0usize);
        let mut bounds = [0u32; GROUPS + 1];
        for (group, bound) in bounds.iter_mut().enumerate().take(GROUPS) {
            *bound = count as u32;
            each(group, &mut |t| {
                bytes += t.len();
                count += 1;
            });
        }
        bounds[GROUPS] = count as u32;
        // The decoder refuses a card whose texts would not fit, before packing it.
        assert!(u32::try_from(bytes).is_ok(), "a card's texts exceed 4 GiB");
        let mut text = String::with_capacity(bytes);
        let mut index = Vec::with_capacity(POSTS + count + 1 + accessed.len());
        index.extend_from_slice(&bounds);
        index.push(0);
        let mut ends = [0u32; GROUPS];
        for (group, end) in ends.iter_mut().enumerate() {
            each(group, &mut |t| {
                text.push_str(t);
                index.push(text.len() as u32);
            });
            *end = text.len() as u32;
        }
        index.extend(accessed.map(encode));
        Self {
            text: text.into_boxed_str(),
            slug_end: ends[SLUG],
            term_end: ends[TERM],
            index: index.into_boxed_slice(),
            dates: dates.map(encode),
            skos: None,
        }
    }

    /// The card with `skos` as its optional SKOS fields (none when it is empty).
    pub(super) fn with_skos(mut self, skos: Skos) -> Self {
        self.skos = (!skos.is_empty()).then(|| Box::new(skos));
        self
    }

    /// The optional SKOS fields (hierarchy, IRI, notations, languages, mappings, notes) and
    /// the fields glossgraph does not know; all empty for most glossaries.
    pub fn skos(&self) -> &Skos {
        self.skos.as_deref().unwrap_or(&NO_SKOS)
    }

    /// The texts of `group`.
    fn group(&self, group: usize) -> Texts<'_> {
        let (first, last) = (self.index[group] as usize, self.index[group + 1] as usize);
        Texts {
            text: &self.text,
            posts: &self.index[POSTS + first..=POSTS + last],
        }
    }

    /// The one text of `group`, or `""` when it has none.
    fn single(&self, group: usize) -> &str {
        self.group(group).first().unwrap_or("")
    }

    /// Every text of the card, end to end, in no documented order: for a scan of them all.
    pub(crate) fn all_text(&self) -> &str {
        &self.text
    }

    /// Lifecycle status (`shipping`, `emerging`, …); `None` when the card has none.
    pub fn status(&self) -> Option<&str> {
        self.group(STATUS).first()
    }

    pub fn advantages(&self) -> Texts<'_> {
        self.group(ADVANTAGES)
    }

    pub fn limitations(&self) -> Texts<'_> {
        self.group(LIMITATIONS)
    }

    /// Slugs of the terms this one replaces.
    pub fn supersedes(&self) -> Texts<'_> {
        self.group(SUPERSEDES)
    }

    /// Slugs of the terms that replace this one.
    pub fn superseded_by(&self) -> Texts<'_> {
        self.group(SUPERSEDED_BY)
    }

    pub fn first_seen(&self) -> Option<PartialDate> {
        decode(self.dates[0])
    }

    pub fn last_seen(&self) -> Option<PartialDate> {
        decode(self.dates[1])
    }

    pub fn updated(&self) -> Option<PartialDate> {
        decode(self.dates[2])
    }

    /// Identity of the term; equals the file stem in a folder glossary.
    pub fn slug(&self) -> &str {
        &self.text[..self.slug_end as usize]
    }

    /// Preferred label.
    pub fn term(&self) -> &str {
        &self.text[self.slug_end as usize..self.term_end as usize]
    }

    /// Alternative labels.
    pub fn aliases(&self) -> Texts<'_> {
        self.group(ALIASES)
    }

    pub fn definition(&self) -> &str {
        self.single(DEFINITION)
    }

    /// Whether the card gives a definition at all (perhaps an empty one).
    pub(crate) fn has_definition(&self) -> bool {
        !self.group(DEFINITION).is_empty()
    }

    /// Paragraphs separated by a blank line; `[citation-id]` markers refer to
    /// [`Card::citations`]. Empty when the card has none.
    pub fn note(&self) -> &str {
        self.single(NOTE)
    }

    /// Slugs of associated terms (a symmetric relation).
    pub fn related(&self) -> Texts<'_> {
        self.group(RELATED)
    }

    pub fn citations(&self) -> Citations<'_> {
        let texts = self.group(CITATIONS);
        let accessed = &self.index[POSTS + self.index[GROUPS] as usize + 1..];
        Citations { texts, accessed }
    }

    pub fn provenance(&self) -> Texts<'_> {
        self.group(PROVENANCE)
    }

    /// The card as separate owned fields, to change it or to write it out.
    pub fn draft(&self) -> Draft {
        Draft {
            status: self.status().map(str::to_owned),
            advantages: self.advantages().to_vec(),
            limitations: self.limitations().to_vec(),
            supersedes: self.supersedes().to_vec(),
            superseded_by: self.superseded_by().to_vec(),
            first_seen: self.first_seen(),
            last_seen: self.last_seen(),
            updated: self.updated(),
            slug: self.slug().to_owned(),
            term: self.term().to_owned(),
            aliases: self.aliases().to_vec(),
            definition: self.definition().to_owned(),
            note: self.note().to_owned(),
            related: self.related().to_vec(),
            citations: self.citations().iter().map(Cite::to_owned).collect(),
            provenance: self.provenance().to_vec(),
            skos: self.skos().clone(),
        }
    }

    /// The card without the texts that only exports need (definition, note, advantages,
    /// limitations, provenance, citations): what the graph and the checks across cards read.
    pub fn outline(&self) -> Self {
        Self::pack(
            |group, push| {
                if !matches!(
                    group,
                    DEFINITION | NOTE | ADVANTAGES | LIMITATIONS | PROVENANCE | CITATIONS
                ) {
                    self.group(group).iter().for_each(&mut *push);
                }
            },
            std::iter::empty(),
            self.dates.map(decode),
        )
        .with_skos(self.skos().clone())
    }

    /// Reads one byte of each cache line of the card's texts and index, so that they are in
    /// the cache when the card is rendered (see `output::warm_ahead`).
    pub(crate) fn touch(&self) -> u8 {
        let text = self.text.bytes().step_by(64).fold(0, |x, b| x ^ b);
        let index = self.index.iter().step_by(16).fold(0, |x, &w| x ^ w as u8);
        text ^ index
    }

    /// The card as JSON in the seed card's layout (see [`Draft::write_json`]).
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_json(&self, w: impl std::io::Write, pretty: bool) -> std::io::Result<()> {
        super::write_json(self, w, pretty)
    }

    /// [`Card::write_json`] into a string.
    pub fn to_json(&self, pretty: bool) -> String {
        super::to_json(self, pretty)
    }
}

/// Calls `push` with each text of `d` in `group`, in order.
fn draft_texts(d: &Draft, group: usize, push: &mut dyn FnMut(&str)) {
    let list = match group {
        STATUS => {
            d.status.iter().for_each(|s| push(s));
            return;
        }
        SLUG => return push(&d.slug),
        TERM => return push(&d.term),
        DEFINITION => return push(&d.definition),
        NOTE => return push(&d.note),
        CITATIONS => {
            for c in &d.citations {
                push(&c.id);
                push(&c.title);
                push(&c.url);
            }
            return;
        }
        ADVANTAGES => &d.advantages,
        LIMITATIONS => &d.limitations,
        SUPERSEDES => &d.supersedes,
        SUPERSEDED_BY => &d.superseded_by,
        ALIASES => &d.aliases,
        RELATED => &d.related,
        _ => &d.provenance,
    };
    list.iter().for_each(|t| push(t));
}

/// # Panics
/// When the texts of `d` add up to 4 GiB or more: offsets are `u32`. (The decoder refuses
/// such a card with a syntax error instead.)
impl From<&Draft> for Card {
    fn from(d: &Draft) -> Self {
        Self::pack(
            |group, push| draft_texts(d, group, push),
            d.citations.iter().map(|c| c.accessed),
            [d.first_seen, d.last_seen, d.updated],
        )
        .with_skos(d.skos.clone())
    }
}

impl From<Draft> for Card {
    fn from(d: Draft) -> Self {
        Self::from(&d)
    }
}

impl Default for Card {
    fn default() -> Self {
        Self::from(&Draft::default())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.draft(), f)
    }
}

/// Writes the same JSON as the derived `Serialize` of [`Draft`], without building one. A map,
/// not a struct: unknown fields have names known only at run time (JSON writes both alike).
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut out = s.serialize_map(None)?;
        out.serialize_entry("status", &self.status())?;
        out.serialize_entry("advantages", &self.advantages())?;
        out.serialize_entry("limitations", &self.limitations())?;
        out.serialize_entry("supersedes", &self.supersedes())?;
        out.serialize_entry("supersededBy", &self.superseded_by())?;
        out.serialize_entry("firstSeen", &self.first_seen())?;
        out.serialize_entry("lastSeen", &self.last_seen())?;
        out.serialize_entry("updated", &self.updated())?;
        out.serialize_entry("slug", self.slug())?;
        out.serialize_entry("term", self.term())?;
        out.serialize_entry("aliases", &self.aliases())?;
        out.serialize_entry("definition", self.definition())?;
        out.serialize_entry("note", self.note())?;
        out.serialize_entry("related", &self.related())?;
        out.serialize_entry("citations", &self.citations())?;
        out.serialize_entry("provenance", &self.provenance())?;
        self.skos().serialize_entries(&mut out)?;
        out.end()
    }
}

/// A date as one `u32` (year, month, day in its bytes); 0 for none, there being no year 0.
fn encode(date: Option<PartialDate>) -> u32 {
    date.map_or(0, |d| {
        u32::from(d.year) << 16 | u32::from(d.month) << 8 | u32::from(d.day)
    })
}

fn decode(word: u32) -> Option<PartialDate> {
    (word != 0).then_some(PartialDate {
        year: (word >> 16) as u16,
        month: (word >> 8) as u8,
        day: word as u8,
    })
}

/// A list of texts of one card (`related`, `aliases`, …).
#[derive(Clone, Copy)]
pub struct Texts<'a> {
    text: &'a str,
    /// Where each text starts, and where the last one ends.
    posts: &'a [u32],
}

impl<'a> Texts<'a> {
    pub fn len(self) -> usize {
        self.posts.len() - 1
    }

    pub fn is_empty(self) -> bool {
        self.posts.len() == 1
    }

    pub fn get(self, i: usize) -> Option<&'a str> {
        match self.posts.get(i..i + 2)? {
            &[start, end] => Some(&self.text[start as usize..end as usize]),
            _ => None,
        }
    }

    /// The first `n` texts (all of them when there are fewer).
    pub fn head(self, n: usize) -> Texts<'a> {
        Texts {
            posts: &self.posts[..=n.min(self.len())],
            ..self
        }
    }

    pub fn first(self) -> Option<&'a str> {
        self.get(0)
    }

    pub fn last(self) -> Option<&'a str> {
        self.get(self.len().checked_sub(1)?)
    }

    pub fn iter(self) -> TextIter<'a> {
        TextIter {
            text: self.text,
            pairs: self.posts.windows(2),
        }
    }

    pub fn contains(self, wanted: &str) -> bool {
        self.iter().any(|t| t == wanted)
    }

    pub fn to_vec(self) -> Vec<String> {
        self.iter().map(str::to_owned).collect()
    }
}

impl<'a> IntoIterator for Texts<'a> {
    type Item = &'a str;
    type IntoIter = TextIter<'a>;
    fn into_iter(self) -> TextIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &Texts<'a> {
    type Item = &'a str;
    type IntoIter = TextIter<'a>;
    fn into_iter(self) -> TextIter<'a> {
        self.iter()
    }
}

impl std::ops::Index<usize> for Texts<'_> {
    type Output = str;
    /// # Panics
    /// When `i` is out of bounds, as a slice does.
    fn index(&self, i: usize) -> &str {
        match self.get(i) {
            Some(t) => t,
            None => panic!("index {i} out of bounds for {} texts", self.len()),
        }
    }
}

impl fmt::Debug for Texts<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl serde::Serialize for Texts<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<S: AsRef<str>> PartialEq<[S]> for Texts<'_> {
    fn eq(&self, other: &[S]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Texts<'_> {
    fn eq(&self, other: &[S; N]) -> bool {
        *self == other[..]
    }
}

impl<S: AsRef<str>> PartialEq<Vec<S>> for Texts<'_> {
    fn eq(&self, other: &Vec<S>) -> bool {
        *self == other[..]
    }
}

/// The texts of a [`Texts`], in order.
#[derive(Clone)]
pub struct TextIter<'a> {
    text: &'a str,
    /// Each text's start and end.
    pairs: std::slice::Windows<'a, u32>,
}

impl<'a> TextIter<'a> {
    fn cut(&self, pair: &[u32]) -> &'a str {
        &self.text[pair[0] as usize..pair[1] as usize]
    }
}

impl<'a> Iterator for TextIter<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let pair = self.pairs.next()?;
        Some(self.cut(pair))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pairs.size_hint()
    }
}

impl DoubleEndedIterator for TextIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let pair = self.pairs.next_back()?;
        Some(self.cut(pair))
    }
}

impl ExactSizeIterator for TextIter<'_> {}

/// A citation of a [`Card`], borrowed from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Cite<'a> {
    /// Referred to by `[id]` markers in the note.
    pub id: &'a str,
    pub title: &'a str,
    /// An `http` or `https` URL.
    pub url: &'a str,
    /// When the source was consulted, if recorded.
    pub accessed: Option<PartialDate>,
}

impl Cite<'_> {
    pub fn to_owned(self) -> Citation {
        Citation {
            id: self.id.to_owned(),
            title: self.title.to_owned(),
            url: self.url.to_owned(),
            accessed: self.accessed,
        }
    }
}

/// The citations of a [`Card`], in order.
#[derive(Clone, Copy)]
pub struct Citations<'a> {
    /// Three per citation: id, title, url.
    texts: Texts<'a>,
    accessed: &'a [u32],
}

impl<'a> Citations<'a> {
    pub fn len(self) -> usize {
        self.accessed.len()
    }

    pub fn is_empty(self) -> bool {
        self.accessed.is_empty()
    }

    pub fn get(self, i: usize) -> Option<Cite<'a>> {
        let accessed = decode(*self.accessed.get(i)?);
        let text = |k| self.texts.get(3 * i + k).unwrap_or("");
        Some(Cite {
            id: text(0),
            title: text(1),
            url: text(2),
            accessed,
        })
    }

    pub fn iter(self) -> CiteIter<'a> {
        CiteIter {
            citations: self,
            range: 0..self.len(),
        }
    }
}

impl<'a> IntoIterator for Citations<'a> {
    type Item = Cite<'a>;
    type IntoIter = CiteIter<'a>;
    fn into_iter(self) -> CiteIter<'a> {
        self.iter()
    }
}

/// The citations of a [`Citations`], in order.
#[derive(Clone)]
pub struct CiteIter<'a> {
    citations: Citations<'a>,
    range: std::ops::Range<usize>,
}

impl<'a> Iterator for CiteIter<'a> {
    type Item = Cite<'a>;
    fn next(&mut self) -> Option<Cite<'a>> {
        self.citations.get(self.range.next()?)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
}

impl DoubleEndedIterator for CiteIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.citations.get(self.range.next_back()?)
    }
}

impl ExactSizeIterator for CiteIter<'_> {}

impl fmt::Debug for Citations<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl serde::Serialize for Citations<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> Draft {
        let text = include_str!("../../../../data/roce-v2.json");
        super::super::Decoded::from_json(text).unwrap().card.draft()
    }

    #[test]
    fn a_card_gives_back_the_draft_it_was_made_from() {
        let mut d = seed();
        assert_eq!(Card::from(&d).draft(), d);
        d.status = None;
        d.aliases.clear();
        d.citations[1].accessed = None;
        d.note = String::new();
        d.related.push("ünïcode 🦀".into());
        assert_eq!(Card::from(&d).draft(), d);
        assert_eq!(Card::default().draft(), Draft::default());
    }

    #[test]
    fn accessors_read_each_field() {
        let d = seed();
        let card = Card::from(&d);
        assert_eq!(card.slug(), d.slug);
        assert_eq!(card.status(), d.status.as_deref());
        assert_eq!(card.related(), d.related);
        assert_eq!(card.related().last(), d.related.last().map(String::as_str));
        assert_eq!(&card.related()[1], d.related[1]);
        assert!(card.related().contains(&d.related[2]));
        assert_eq!(
            card.related().iter().rev().collect::<Vec<_>>(),
            d.related
                .iter()
                .rev()
                .map(String::as_str)
                .collect::<Vec<_>>()
        );
        assert_eq!(card.citations().len(), d.citations.len());
        let second = card.citations().get(1).unwrap();
        assert_eq!(second.to_owned(), d.citations[1]);
        assert_eq!(card.updated(), d.updated);
        assert!(card.related().get(d.related.len()).is_none());
    }

    #[test]
    fn a_card_is_small() {
        // Three boxes, two offsets and three dates: a million cards' structs in 64 MB.
        assert_eq!(std::mem::size_of::<Card>(), 64);
    }

    #[test]
    fn json_is_the_drafts_json() {
        let d = seed();
        let card = Card::from(&d);
        assert_eq!(card.to_json(true), d.to_json(true));
        assert_eq!(card.to_json(false), d.to_json(false));
        assert_eq!(
            Card::default().to_json(false),
            Draft::default().to_json(false)
        );
    }

    #[test]
    fn the_outline_keeps_what_the_graph_reads() {
        let d = seed();
        let outline = Card::from(&d).outline().draft();
        let expected = Draft {
            definition: String::new(),
            note: String::new(),
            advantages: Vec::new(),
            limitations: Vec::new(),
            provenance: Vec::new(),
            citations: Vec::new(),
            ..d
        };
        assert_eq!(outline, expected);
    }
}
