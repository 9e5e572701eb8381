//! The lenient decoder of a card: a hand-written serde visitor that reads a card in one pass
//! and turns a value of the wrong type, a duplicate key or an unknown field into a
//! [`Problem`] at a JSON pointer instead of an error, so that `check` reports every problem of
//! a card at once. A well-formed card costs no more than a typed `serde_json` parse: no
//! intermediate `serde_json::Value`, no key allocations for known fields, one reused scratch
//! buffer per thread. Only JSON syntax errors abort a card.
//!
//! One concern (about 620 lines of code, the rest tests): the visitors share one scratch
//! buffer and one problem list, and reading them side by side is how the decoder is checked.

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::*;

/// The index of a card field in [`FIELDS`]: one `match` (the compiler tells the names apart by
/// length and bytes), not a comparison with each name in turn, for the sixteen keys of each
/// of a million cards.
fn field_index(key: &str) -> Option<usize> {
    Some(match key {
        "status" => 0,
        "advantages" => 1,
        "limitations" => 2,
        "supersedes" => 3,
        "supersededBy" => 4,
        "firstSeen" => 5,
        "lastSeen" => 6,
        "updated" => 7,
        "slug" => 8,
        "term" => 9,
        "aliases" => 10,
        "definition" => 11,
        "note" => 12,
        "related" => 13,
        "citations" => 14,
        "provenance" => 15,
        "iri" => 16,
        "types" => 17,
        "created" => 18,
        "dateTimes" => 19,
        "notations" => 20,
        "hiddenAliases" => 21,
        "broader" => 22,
        "narrower" => 23,
        "inScheme" => 24,
        "topConceptOf" => 25,
        "mappings" => 26,
        "notes" => 27,
        "languages" => 28,
        "termFrom" => 29,
        _ => return None,
    })
}

/// The index of a citation field in [`CITATION_FIELDS`] (see [`field_index`]).
fn citation_field_index(key: &str) -> Option<usize> {
    Some(match key {
        "id" => 0,
        "title" => 1,
        "url" => 2,
        "accessed" => 3,
        _ => return None,
    })
}

/// Something wrong with a card's content, found while decoding it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The value has the wrong JSON type.
    WrongType {
        expected: &'static str,
        found: &'static str,
    },
    /// A required field is absent.
    Missing,
    /// The key appears twice in one object; the first value is kept.
    DuplicateKey,
    /// A key the card format does not know, and the field of its object it most likely
    /// meant (one the object lacks), with whether that is the only such field.
    UnknownField { meant: Option<(&'static str, bool)> },
    /// A date that does not parse.
    BadDate(String),
}

/// A card decoded from JSON, with the problems found on the way, each at a JSON pointer
/// relative to the card (`/related/2`).
#[derive(Debug, Clone, Default)]
pub struct Decoded {
    pub card: Card,
    /// Whether `slug` held a string: a card without one cannot join the graph.
    pub has_slug: bool,
    pub problems: Vec<(String, Problem)>,
}

impl Decoded {
    /// Decodes one card from JSON text; only a syntax error is an `Err`.
    ///
    /// # Errors
    /// serde_json's syntax error, with its line and column within `text`.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        let decoded = CardSeed.deserialize(&mut de)?;
        de.end()?;
        Ok(decoded)
    }
}

/// Decodes one card from any serde deserializer (a JSON array element, a line of JSON Lines).
pub(crate) struct CardSeed;

impl<'de> DeserializeSeed<'de> for CardSeed {
    type Value = Decoded;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Decoded, D::Error> {
        match d.deserialize_any(Lenient::<CardVisitor>::new("an object"))? {
            Ok(decoded) => Ok(decoded),
            Err(found) => Ok(Decoded {
                problems: vec![(
                    String::new(),
                    Problem::WrongType {
                        expected: "an object",
                        found,
                    },
                )],
                ..Decoded::default()
            }),
        }
    }
}

/// What a JSON value turned out to be, when it was not what was expected.
type Found = &'static str;

/// A value-shaped visitor: handles the JSON kinds it expects, and `Lenient` turns every other
/// kind into `Err(found)` after consuming it, instead of failing the whole parse.
trait Shape<'de>: Sized {
    type Out;
    fn string(self, _v: &str) -> Option<Self::Out> {
        None
    }
    fn null(self) -> Option<Self::Out> {
        None
    }
    fn seq<A: SeqAccess<'de>>(self, _seq: &mut A) -> Result<Option<Self::Out>, A::Error> {
        Ok(None)
    }
    fn map<A: MapAccess<'de>>(self, _map: &mut A) -> Result<Option<Self::Out>, A::Error> {
        Ok(None)
    }
}

struct Lenient<S> {
    shape: S,
    expected: &'static str,
}

impl<S: Default> Lenient<S> {
    fn new(expected: &'static str) -> Self {
        Self::with(S::default(), expected)
    }
}

impl<S> Lenient<S> {
    fn with(shape: S, expected: &'static str) -> Self {
        Self { shape, expected }
    }
}

impl<'de, S: Shape<'de>> Visitor<'de> for Lenient<S> {
    type Value = Result<S::Out, Found>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Err("a boolean"))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(Err("a number"))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(Err("a number"))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(Err("a number"))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.shape.string(v).ok_or("a string"))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(self.shape.null().ok_or("null"))
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visit_unit()
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let out = self.shape.seq(&mut seq)?;
        if out.is_none() {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
        }
        Ok(out.ok_or("an array"))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let out = self.shape.map(&mut map)?;
        if out.is_none() {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        }
        Ok(out.ok_or("an object"))
    }
}

/// Lets a `Lenient<S>` be used as a seed for `next_value_seed` / `next_element_seed`.
impl<'de, S: Shape<'de>> DeserializeSeed<'de> for Lenient<S> {
    type Value = Result<S::Out, Found>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

/// A card's texts as they are decoded, in the order the JSON gives them, before they are
/// packed into a [`Card`] in field order. One per thread, reused from card to card: decoding
/// a card allocates nothing but the card itself.
#[derive(Default)]
struct Scratch {
    text: String,
    /// Each text's bytes in `text`, grouped by field.
    spans: Vec<(u32, u32)>,
    /// The texts of each group, as a range of `spans`.
    groups: [(u32, u32); compact::GROUPS],
    /// Each citation's accessed date.
    accessed: Vec<Option<PartialDate>>,
}

impl Scratch {
    fn clear(&mut self) {
        // One outsized card should not keep its memory for the rest of the thread's life.
        if self.text.capacity() > 1 << 20 {
            *self = Self::default();
        }
        self.text.clear();
        self.spans.clear();
        self.groups = Default::default();
        self.accessed.clear();
    }

    /// Appends `v` to the text, without recording it as a text of the card.
    fn put(&mut self, v: &str) -> (u32, u32) {
        let start = self.text.len();
        self.text.push_str(v);
        // Offsets past 4 GiB wrap here; `pack` refuses such a card before they are read.
        (start as u32, self.text.len() as u32)
    }

    /// Reads the texts of `group` with `read`, which pushes their spans.
    fn group<T>(&mut self, group: usize, read: impl FnOnce(&mut Self) -> T) -> T {
        let first = self.spans.len() as u32;
        let out = read(self);
        self.groups[group] = (first, self.spans.len() as u32);
        out
    }

    /// The decoded card, or `None` when its texts add up to 4 GiB or more.
    fn pack(&self, dates: [Option<PartialDate>; 3]) -> Option<Card> {
        u32::try_from(self.text.len()).ok()?;
        Some(Card::pack(
            |group, push| {
                let (first, last) = self.groups[group];
                for &(start, end) in &self.spans[first as usize..last as usize] {
                    push(&self.text[start as usize..end as usize]);
                }
            },
            self.accessed.iter().copied(),
            dates,
        ))
    }
}

/// A string, appended to the scratch text; its span is the output.
struct Text<'s>(&'s mut Scratch);
impl<'de> Shape<'de> for Text<'_> {
    type Out = (u32, u32);
    fn string(self, v: &str) -> Option<(u32, u32)> {
        Some(self.0.put(v))
    }
}

/// A string or null.
struct OptText<'s>(&'s mut Scratch);
impl<'de> Shape<'de> for OptText<'_> {
    type Out = Option<(u32, u32)>;
    fn string(self, v: &str) -> Option<Self::Out> {
        Some(Some(self.0.put(v)))
    }
    fn null(self) -> Option<Self::Out> {
        Some(None)
    }
}

/// A date or null, parsed where it lies: `Err` says why it is not a date.
#[derive(Default)]
struct Date;
impl<'de> Shape<'de> for Date {
    type Out = Option<Result<PartialDate, String>>;
    fn string(self, v: &str) -> Option<Self::Out> {
        Some(Some(PartialDate::parse(v)))
    }
    fn null(self) -> Option<Self::Out> {
        Some(None)
    }
}

/// An array of strings, each pushed as a text; the output lists the elements that were not
/// strings, by index (nearly always none, and then nothing is allocated).
struct TextList<'s>(&'s mut Scratch);
impl<'de> Shape<'de> for TextList<'_> {
    type Out = Vec<(usize, Found)>;
    fn seq<A: SeqAccess<'de>>(self, seq: &mut A) -> Result<Option<Self::Out>, A::Error> {
        let mut wrong = Vec::new();
        let mut i = 0;
        while let Some(item) = seq.next_element_seed(Lenient::with(Text(self.0), "an element"))? {
            match item {
                Ok(span) => self.0.spans.push(span),
                Err(found) => wrong.push((i, found)),
            }
            i += 1;
        }
        Ok(Some(wrong))
    }
}

/// An array of citations, each pushed as three texts (id, title, url) and a date; the
/// output is the problems found, at pointers relative to the array.
struct CitationList<'s>(&'s mut Scratch);
impl<'de> Shape<'de> for CitationList<'_> {
    type Out = Vec<(String, Problem)>;
    fn seq<A: SeqAccess<'de>>(self, seq: &mut A) -> Result<Option<Self::Out>, A::Error> {
        let mut problems = Vec::new();
        let mut i = 0;
        while let Some(item) =
            seq.next_element_seed(Lenient::with(CitationVisitor(self.0), "an object"))?
        {
            match item {
                Err(found) => problems.push((
                    format!("/{i}"),
                    Problem::WrongType {
                        expected: "an object",
                        found,
                    },
                )),
                Ok(inner) => problems.extend(
                    inner
                        .into_iter()
                        .map(|(p, problem)| (format!("/{i}{p}"), problem)),
                ),
            }
            i += 1;
        }
        Ok(Some(problems))
    }
}

/// A JSON object key, borrowed when possible.
struct Key<'a>(std::borrow::Cow<'a, str>);
impl<'de> de::Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(v.into()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(v.to_owned().into()))
            }
        }
        d.deserialize_str(V)
    }
}

/// Appends `/token` to a JSON pointer, escaping `~` and `/` as RFC 6901 requires.
pub fn push_pointer(pointer: &mut String, token: &str) {
    pointer.push('/');
    for c in token.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

fn pointer(parts: &[&str]) -> String {
    let mut p = String::new();
    for part in parts {
        push_pointer(&mut p, part);
    }
    p
}

/// Collects the problems of one object as its keys are read.
#[derive(Default)]
struct Fields {
    seen: u32,
    problems: Vec<(String, Problem)>,
}

impl Fields {
    /// The next key of `map` that names a field (by `index_of`) not seen before, with the
    /// field's index. An unknown or repeated key becomes a problem and its value is skipped.
    fn next_field<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        index_of: fn(&str) -> Option<usize>,
    ) -> Result<Option<(usize, std::borrow::Cow<'de, str>)>, A::Error> {
        self.next_field_keeping(map, index_of, None)
    }

    /// [`Fields::next_field`], keeping the value of each unknown key in `unknown` (the first
    /// one of a repeated key).
    fn next_field_keeping<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        index_of: fn(&str) -> Option<usize>,
        mut unknown: Option<&mut std::collections::BTreeMap<String, serde_json::Value>>,
    ) -> Result<Option<(usize, std::borrow::Cow<'de, str>)>, A::Error> {
        while let Some(Key(key)) = map.next_key::<Key>()? {
            match index_of(&key) {
                Some(index) if self.first_time(index, &key) => return Ok(Some((index, key))),
                Some(_) => {}
                None => {
                    self.unknown(&key);
                    if let Some(kept) = unknown.as_deref_mut() {
                        let value = map.next_value::<serde_json::Value>()?;
                        kept.entry(key.into_owned()).or_insert(value);
                        continue;
                    }
                }
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(None)
    }

    /// Records key `index` as seen; false (and a problem) when it was seen before.
    fn first_time(&mut self, index: usize, name: &str) -> bool {
        let bit = 1 << index;
        if self.seen & bit != 0 {
            self.problems
                .push((pointer(&[name]), Problem::DuplicateKey));
            return false;
        }
        self.seen |= bit;
        true
    }

    fn unknown(&mut self, name: &str) {
        self.problems
            .push((pointer(&[name]), Problem::UnknownField { meant: None }));
    }

    fn wrong(&mut self, at: String, expected: &'static str, found: Found) {
        self.problems
            .push((at, Problem::WrongType { expected, found }));
    }

    /// Once the object is read: its required fields that are missing, and the field each
    /// unknown key most likely meant among those it lacks (or among its `lists`, see
    /// [`meant_field_of`]).
    fn missing(&mut self, names: &[&'static str], required: &[&str], lists: &[&str]) {
        for (i, name) in names.iter().enumerate() {
            if required.contains(name) && self.seen & (1 << i) == 0 {
                self.problems.push((pointer(&[name]), Problem::Missing));
            }
        }
        let seen = self.seen;
        let has = |field: &str| {
            names
                .iter()
                .position(|name| *name == field)
                .is_some_and(|i| seen & (1 << i) != 0)
        };
        for (at, problem) in &mut self.problems {
            if let Problem::UnknownField { meant } = problem {
                let key = at.rsplit('/').next().unwrap_or_default();
                let key = key.replace("~1", "/").replace("~0", "~");
                *meant = super::meant_field_of(&key, names, lists, has);
            }
        }
    }

    /// A string's span, or `None` (and a problem) for a value of another type.
    fn text(&mut self, name: &str, value: Result<(u32, u32), Found>) -> Option<(u32, u32)> {
        value
            .map_err(|found| self.wrong(pointer(&[name]), "a string", found))
            .ok()
    }

    fn opt_text(
        &mut self,
        name: &str,
        value: Result<Option<(u32, u32)>, Found>,
    ) -> Option<(u32, u32)> {
        value.unwrap_or_else(|found| {
            self.wrong(pointer(&[name]), "a string or null", found);
            None
        })
    }

    fn date(
        &mut self,
        name: &str,
        value: Result<Option<Result<PartialDate, String>>, Found>,
        expected: &'static str,
    ) -> Option<PartialDate> {
        match value {
            Err(found) => {
                self.wrong(pointer(&[name]), expected, found);
                None
            }
            Ok(None) => None,
            Ok(Some(Ok(date))) => Some(date),
            Ok(Some(Err(why))) => {
                self.problems
                    .push((pointer(&[name]), Problem::BadDate(why)));
                None
            }
        }
    }

    fn list(&mut self, name: &str, value: Result<Vec<(usize, Found)>, Found>) {
        match value {
            Err(found) => self.wrong(pointer(&[name]), "an array of strings", found),
            Ok(wrong) => {
                for (i, found) in wrong {
                    self.wrong(pointer(&[name, &i.to_string()]), "a string", found);
                }
            }
        }
    }
}

std::thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

#[derive(Default)]
struct CardVisitor;
impl<'de> Shape<'de> for CardVisitor {
    type Out = Decoded;
    fn map<A: MapAccess<'de>>(self, map: &mut A) -> Result<Option<Decoded>, A::Error> {
        SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
            Ok(mut scratch) => read_card(map, &mut scratch),
            // Only a card decoded inside another card's decoding would find it taken.
            Err(_) => read_card(map, &mut Scratch::default()),
        })
    }
}

fn read_card<'de, A: MapAccess<'de>>(
    map: &mut A,
    scratch: &mut Scratch,
) -> Result<Option<Decoded>, A::Error> {
    use compact::{
        ADVANTAGES, ALIASES, CITATIONS, DEFINITION, LIMITATIONS, NOTE, PROVENANCE, RELATED, SLUG,
        STATUS, SUPERSEDED_BY, SUPERSEDES, TERM,
    };
    scratch.clear();
    let mut f = Fields::default();
    let mut dates = [None; 3];
    let mut has_slug = false;
    // Reported after the card's own missing fields, as they always were.
    let mut citation_problems = Vec::new();
    // The optional SKOS fields, rare enough to be read through `serde_json::Value`.
    let mut skos = super::skos::Skos::default();
    let mut skos_problems = Vec::new();
    while let Some((index, key)) = f.next_field_keeping(map, field_index, Some(&mut skos.extra))? {
        macro_rules! value {
            ($shape:expr, $expected:expr) => {
                map.next_value_seed(Lenient::with($shape, $expected))?
            };
        }
        // A list's texts are pushed as they are read; a single text is pushed here.
        let list = |group, s: &mut Scratch, f: &mut Fields, map: &mut A| -> Result<(), A::Error> {
            let value = s.group(group, |s| {
                map.next_value_seed(Lenient::with(TextList(s), "an array"))
            })?;
            f.list(&key, value);
            Ok(())
        };
        match index {
            0 => {
                let value = value!(OptText(scratch), "a string or null");
                let span = f.opt_text(&key, value);
                scratch.group(STATUS, |s| s.spans.extend(span));
            }
            1 => list(ADVANTAGES, scratch, &mut f, map)?,
            2 => list(LIMITATIONS, scratch, &mut f, map)?,
            3 => list(SUPERSEDES, scratch, &mut f, map)?,
            4 => list(SUPERSEDED_BY, scratch, &mut f, map)?,
            5..=7 => {
                dates[index - 5] = f.date(&key, value!(Date, "a date or null"), "a string or null")
            }
            8 | 9 | 11 | 12 => {
                let value = value!(Text(scratch), "a string");
                has_slug |= index == 8 && value.is_ok();
                let span = f.text(&key, value);
                let group = match index {
                    8 => SLUG,
                    9 => TERM,
                    11 => DEFINITION,
                    _ => NOTE,
                };
                scratch.group(group, |s| s.spans.extend(span));
            }
            10 => list(ALIASES, scratch, &mut f, map)?,
            13 => list(RELATED, scratch, &mut f, map)?,
            14 => {
                let value = scratch.group(CITATIONS, |s| {
                    map.next_value_seed(Lenient::with(CitationList(s), "an array"))
                })?;
                match value {
                    Err(found) => f.wrong("/citations".into(), "an array of citations", found),
                    Ok(problems) => citation_problems = problems,
                }
            }
            15 => list(PROVENANCE, scratch, &mut f, map)?,
            _ => {
                let value = map.next_value::<serde_json::Value>()?;
                skos.read(&key, value, &mut skos_problems);
            }
        }
    }
    f.missing(
        &FIELDS,
        &[&REQUIRED[..], &RECOMMENDED[..]].concat(),
        &LIST_FIELDS,
    );
    f.problems.extend(skos_problems);
    f.problems.extend(
        citation_problems
            .into_iter()
            .map(|(p, problem)| (format!("/citations{p}"), problem)),
    );
    let Some(card) = scratch.pack(dates) else {
        return Err(de::Error::custom(
            "the card's texts add up to 4 GiB or more",
        ));
    };
    Ok(Some(Decoded {
        card: card.with_skos(skos),
        has_slug,
        problems: f.problems,
    }))
}

/// One citation: its three texts are pushed in field order once the object is read, as it
/// may give them in any order or not at all; the output is its problems.
struct CitationVisitor<'s>(&'s mut Scratch);
impl<'de> Shape<'de> for CitationVisitor<'_> {
    type Out = Vec<(String, Problem)>;
    fn map<A: MapAccess<'de>>(self, map: &mut A) -> Result<Option<Self::Out>, A::Error> {
        let scratch = self.0;
        let mut f = Fields::default();
        // id, title, url; a missing or mistyped one reads as empty.
        let mut parts = [(0, 0); 3];
        let mut accessed = None;
        while let Some((index, key)) = f.next_field(map, citation_field_index)? {
            if index == 3 {
                let value = map.next_value_seed(Lenient::with(Date, "a date"))?;
                accessed = f.date(&key, value, "a string or null");
            } else {
                let value = map.next_value_seed(Lenient::with(Text(scratch), "a string"))?;
                if let Some(span) = f.text(&key, value) {
                    parts[index] = span;
                }
            }
        }
        f.missing(&CITATION_FIELDS, &["id", "title", "url"], &[]);
        scratch.spans.extend(parts);
        scratch.accessed.push(accessed);
        Ok(Some(f.problems))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(json: &str) -> Vec<(String, Problem)> {
        Decoded::from_json(json).unwrap().problems
    }

    #[test]
    fn field_indices_follow_the_field_lists() {
        for (i, name) in FIELDS.iter().enumerate() {
            assert_eq!(field_index(name), Some(i), "{name}");
        }
        for (i, name) in CITATION_FIELDS.iter().enumerate() {
            assert_eq!(citation_field_index(name), Some(i), "{name}");
        }
        assert_eq!(field_index("Slug"), None);
        assert_eq!(citation_field_index("slug"), None);
    }

    #[test]
    fn the_seed_card_decodes_without_problems() {
        let text = include_str!("../../../../data/roce-v2.json");
        let d = Decoded::from_json(text).unwrap();
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.card.slug(), "roce-v2");
        assert_eq!(d.card.related(), ["rdma-storage", "nvme-rdma", "iwarp"]);
        assert_eq!(d.card.citations().len(), 4);
        assert_eq!(
            d.card
                .citations()
                .get(3)
                .unwrap()
                .accessed
                .unwrap()
                .to_string(),
            "2026-10-24"
        );
        assert_eq!(d.card.updated().unwrap().precision(), Precision::Day);
    }

    #[test]
    fn the_seed_card_is_written_back_byte_for_byte() {
        let text = include_str!("../../../../data/roce-v2.json");
        let card = Decoded::from_json(text).unwrap().card;
        assert_eq!(card.to_json(true), text.trim_end());
        let again = Decoded::from_json(&card.to_json(false)).unwrap().card;
        assert_eq!(again, card);
    }

    #[test]
    fn texts_land_in_their_fields_whatever_the_key_order() {
        let text = include_str!("../../../../data/roce-v2.json");
        let seed = Decoded::from_json(text).unwrap().card;
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        let mut reversed = String::from("{");
        for (i, (k, v)) in value.as_object().unwrap().iter().rev().enumerate() {
            let v = match (k.as_str(), v) {
                // Each citation's keys reversed too.
                ("citations", serde_json::Value::Array(items)) => {
                    let items: Vec<String> = items
                        .iter()
                        .map(|c| {
                            let fields: Vec<String> = c
                                .as_object()
                                .unwrap()
                                .iter()
                                .rev()
                                .map(|(k, v)| format!("{k:?}:{v}"))
                                .collect();
                            format!("{{{}}}", fields.join(","))
                        })
                        .collect();
                    format!("[{}]", items.join(","))
                }
                _ => v.to_string(),
            };
            reversed += &format!("{}{k:?}:{v}", if i > 0 { "," } else { "" });
        }
        reversed += "}";
        let d = Decoded::from_json(&reversed).unwrap();
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.card, seed);
    }

    #[test]
    fn mistyped_values_read_as_empty_and_the_rest_is_kept() {
        let d = Decoded::from_json(
            r#"{"related":["a",3,"b"],"slug":"s","citations":[{"url":"https://x.org/","id":"x"},7,
                {"title":"T","id":"y","accessed":"2024-02"}],"term":5,"status":null,
                "definition":"d","firstSeen":"2024-13","aliases":{"a":1}}"#,
        )
        .unwrap();
        let card = d.card;
        assert_eq!(card.slug(), "s");
        assert_eq!(card.term(), "");
        assert_eq!(card.definition(), "d");
        assert_eq!(card.status(), None);
        assert_eq!(card.related(), ["a", "b"]);
        assert!(card.aliases().is_empty());
        assert_eq!(card.first_seen(), None);
        let cites: Vec<Citation> = card.citations().iter().map(Cite::to_owned).collect();
        assert_eq!(
            cites,
            [
                Citation {
                    id: "x".into(),
                    title: String::new(),
                    url: "https://x.org/".into(),
                    accessed: None,
                },
                Citation {
                    id: "y".into(),
                    title: "T".into(),
                    url: String::new(),
                    accessed: Some(PartialDate::parse("2024-02").unwrap()),
                },
            ]
        );
        let at: Vec<&str> = d.problems.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            at,
            [
                "/related/1",
                "/term",
                "/firstSeen",
                "/aliases",
                "/citations/0/title",
                "/citations/1",
                "/citations/2/url"
            ]
        );
    }

    #[test]
    fn wrong_types_are_all_reported_with_pointers() {
        let p = problems(
            r#"{"slug":"a","term":"A","definition":"d","related":"x","aliases":null,
                "advantages":["ok",3],"citations":[{"id":1,"title":"t","url":"u"}]}"#,
        );
        let at: Vec<&str> = p.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            at,
            ["/related", "/aliases", "/advantages/1", "/citations/0/id"]
        );
        assert_eq!(
            p[0].1,
            Problem::WrongType {
                expected: "an array of strings",
                found: "a string"
            }
        );
        assert_eq!(
            p[1].1,
            Problem::WrongType {
                expected: "an array of strings",
                found: "null"
            }
        );
    }

    #[test]
    fn missing_duplicate_and_unknown_fields() {
        let p = problems(r#"{"slug":"a","slug":"b","colour":"red","term":"A"}"#);
        assert_eq!(
            p,
            [
                ("/slug".to_owned(), Problem::DuplicateKey),
                ("/colour".to_owned(), Problem::UnknownField { meant: None }),
                ("/definition".to_owned(), Problem::Missing),
            ]
        );
        assert_eq!(
            Decoded::from_json(r#"{"slug":"a","slug":"b"}"#)
                .unwrap()
                .card
                .slug(),
            "a"
        );
    }

    #[test]
    fn unknown_fields_are_kept_and_written_back_last() {
        let d = Decoded::from_json(
            r#"{"tags":["x",{"y":1}],"slug":"a","term":"A","tags":2,"broader":["b"],"zz":null}"#,
        )
        .unwrap();
        assert_eq!(
            d.problems,
            [
                ("/tags".to_owned(), Problem::UnknownField { meant: None }),
                ("/tags".to_owned(), Problem::UnknownField { meant: None }),
                ("/zz".to_owned(), Problem::UnknownField { meant: None }),
                ("/definition".to_owned(), Problem::Missing),
            ]
        );
        let skos = d.card.skos();
        assert_eq!(skos.broader, ["b"]);
        assert_eq!(skos.extra["tags"], serde_json::json!(["x", {"y": 1}]));
        let json = d.card.to_json(false);
        assert!(
            json.ends_with(r#""provenance":[],"broader":["b"],"tags":["x",{"y":1}],"zz":null}"#),
            "{json}"
        );
        let again = Decoded::from_json(&json).unwrap().card;
        assert_eq!(again.draft(), d.card.draft());
        assert_eq!(again.draft().to_json(false), json);
    }

    #[test]
    fn an_unknown_fields_number_comes_back_as_the_same_number() {
        // The double nearest 1.5222…2 (the `pages` fuzz target's find, from TOML front
        // matter): serde_json without `float_roundtrip` read its shortest text back as the
        // double below it, so a card changed on every load and write.
        let json = r#"{"slug":"a","term":"A","definition":"d","x":1.5222222222222221,"y":[5e-324,1.7976931348623157e308,0.30000000000000004]}"#;
        let d = Decoded::from_json(json).unwrap();
        let x = d.card.skos().extra["x"].as_f64().unwrap();
        assert_eq!(x.to_bits(), 1.522_222_222_222_222_1_f64.to_bits());
        let written = d.card.to_json(false);
        assert!(
            written.ends_with(
                r#""x":1.5222222222222221,"y":[5e-324,1.7976931348623157e+308,0.30000000000000004]}"#
            ),
            "{written}"
        );
        let again = Decoded::from_json(&written).unwrap().card;
        assert_eq!(again.to_json(false), written);
    }

    #[test]
    fn a_non_object_card_is_a_problem_not_a_syntax_error() {
        let d = Decoded::from_json("[1, 2]").unwrap();
        assert!(!d.has_slug);
        assert_eq!(
            d.problems,
            [(
                String::new(),
                Problem::WrongType {
                    expected: "an object",
                    found: "an array"
                }
            )]
        );
    }

    #[test]
    fn syntax_errors_carry_line_and_column() {
        let e = Decoded::from_json("{\n  \"slug\": \"a\",\n  \"term\" \"A\"\n}").unwrap_err();
        assert_eq!((e.line(), e.column()), (3, 10));
    }

    #[test]
    fn pointers_escape_tilde_and_slash() {
        let p = problems(r#"{"slug":"a","term":"A","definition":"d","a/b~c":1}"#);
        assert_eq!(p[0].0, "/a~1b~0c");
    }
}
