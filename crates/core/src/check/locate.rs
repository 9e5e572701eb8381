//! Finding the text of a JSON pointer inside a card, to turn `/related/2` into line:column.
//!
//! The loader does not keep positions (that would slow every card down for the sake of the
//! few with findings), so this small scanner walks the card's text again, only for cards
//! that have findings. The text is known to be well-formed JSON: the scanner does not
//! validate, it only skips values.

use std::borrow::Cow;

/// Byte ranges, relative to the text given, of what a pointer designates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// The member's key, when the pointer ends at an object member.
    pub key: Option<(usize, usize)>,
    /// The value, or, when the pointer does not exist (a missing field), the closest
    /// existing ancestor.
    pub value: (usize, usize),
}

/// Locates `pointer` in the JSON value that starts at the beginning of `text` (after
/// whitespace). Of duplicate keys, the last is taken: that is the one a finding is about.
pub fn locate(text: &str, pointer: &str) -> Span {
    let b = text.as_bytes();
    let mut pos = skip_ws(b, 0);
    let mut key = None;
    for token in pointer.split('/').skip(1) {
        let token: Cow<str> = if token.contains('~') {
            token.replace("~1", "/").replace("~0", "~").into()
        } else {
            token.into()
        };
        let found = match b.get(pos) {
            Some(b'{') => member(b, pos, &token),
            Some(b'[') => token.parse().ok().and_then(|i| element(b, pos, i)),
            _ => None,
        };
        match found {
            Some((k, v)) => {
                key = k;
                pos = v;
            }
            None => {
                return Span {
                    key: None,
                    value: (pos, skip_value(b, pos)),
                }
            }
        }
    }
    Span {
        key,
        value: (pos, skip_value(b, pos)),
    }
}

/// The top-level members of a card, found in one walk, and whether the card is one line:
/// a card of a glossary with many warnings has several findings, and [`locate`] would walk
/// its members again for each of them.
#[derive(Debug, Clone, Default)]
pub struct CardIndex {
    /// Where the card's value starts (after whitespace) and ends.
    value: (usize, usize),
    /// Key start, key end (after its quote), value start, value end of each member, in order;
    /// empty when the card is not an object.
    members: Vec<(usize, usize, usize, usize)>,
    object: bool,
    /// Whether the text has no line break (a card of a JSON Lines file).
    pub one_line: bool,
    /// Whether the text is all ASCII, a character a byte: a column is then a byte offset.
    pub ascii: bool,
}

impl CardIndex {
    /// Walks the top level of `text` once.
    #[cfg(test)]
    pub fn new(text: &str) -> Self {
        let mut index = Self::default();
        index.fill(text);
        index
    }

    /// [`CardIndex::new`], reusing this index's memory.
    pub fn fill(&mut self, text: &str) {
        let b = text.as_bytes();
        let start = skip_ws(b, 0);
        self.members.clear();
        self.object = b.get(start) == Some(&b'{');
        self.one_line = !b.contains(&b'\n');
        self.ascii = b.is_ascii();
        if !self.object {
            self.value = (start, skip_value(b, start));
            return;
        }
        let mut pos = skip_ws(b, start + 1);
        while b.get(pos) == Some(&b'"') {
            let key_end = skip_string(b, pos);
            let mut value = skip_ws(b, key_end);
            if b.get(value) == Some(&b':') {
                value = skip_ws(b, value + 1);
            }
            let value_end = skip_value(b, value);
            self.members.push((pos, key_end, value, value_end));
            pos = skip_ws(b, value_end);
            if b.get(pos) == Some(&b',') {
                pos = skip_ws(b, pos + 1);
            }
        }
        // The card's end is where its members end, without a second walk.
        self.value = match b.get(pos) {
            Some(b'}') => (start, pos + 1),
            _ => (start, skip_value(b, start)),
        };
    }
}

/// [`locate`], with the top level of `text` taken from `index` (made from the same text)
/// rather than walked again.
pub fn locate_indexed(text: &str, index: &CardIndex, pointer: &str) -> Span {
    let Some(rest) = pointer.strip_prefix('/') else {
        return Span {
            key: None,
            value: index.value,
        };
    };
    if !index.object {
        return locate(text, pointer);
    }
    let (first, deeper) = match rest.split_once('/') {
        Some((first, _)) => (first, Some(&pointer[1 + first.len()..])),
        None => (rest, None),
    };
    let first: Cow<str> = if first.contains('~') {
        first.replace("~1", "/").replace("~0", "~").into()
    } else {
        first.into()
    };
    let b = text.as_bytes();
    let Some(&(k0, k1, v0, v1)) = index
        .members
        .iter()
        .rev()
        .find(|m| key_is(&b[m.0..m.1], &first))
    else {
        return Span {
            key: None,
            value: index.value,
        };
    };
    match deeper {
        None => Span {
            key: Some((k0, k1)),
            value: (v0, v1),
        },
        // The few deeper pointers walk on from the member's value, as `locate` would.
        Some(deeper) => {
            let inner = locate(&text[v0..], deeper);
            let shift = |(a, b): (usize, usize)| (a + v0, b + v0);
            Span {
                key: inner.key.map(shift),
                value: shift(inner.value),
            }
        }
    }
}

type Member = (Option<(usize, usize)>, usize);

fn member(b: &[u8], open: usize, token: &str) -> Option<Member> {
    let mut pos = skip_ws(b, open + 1);
    let mut found = None;
    while b.get(pos) == Some(&b'"') {
        let key_end = skip_string(b, pos);
        let mut value = skip_ws(b, key_end);
        if b.get(value) == Some(&b':') {
            value = skip_ws(b, value + 1);
        }
        if key_is(&b[pos..key_end], token) {
            found = Some((Some((pos, key_end)), value));
        }
        pos = skip_ws(b, skip_value(b, value));
        if b.get(pos) == Some(&b',') {
            pos = skip_ws(b, pos + 1);
        }
    }
    found
}

/// Whether the JSON string `raw` (its quotes included) decodes to `token`. A key without
/// escapes (nearly every key) is compared as it lies, without decoding it into a new string:
/// a card with many findings is walked once per finding.
fn key_is(raw: &[u8], token: &str) -> bool {
    if let Some(inner) = raw
        .strip_prefix(b"\"")
        .and_then(|rest| rest.strip_suffix(b"\""))
    {
        if !inner.iter().any(|&c| c == b'\\' || c < 0x20) {
            return inner == token.as_bytes();
        }
    }
    serde_json::from_slice::<String>(raw).is_ok_and(|name| name == token)
}

fn element(b: &[u8], open: usize, index: usize) -> Option<Member> {
    let mut pos = skip_ws(b, open + 1);
    for _ in 0..index {
        if matches!(b.get(pos), None | Some(b']')) {
            return None;
        }
        pos = skip_ws(b, skip_value(b, pos));
        if b.get(pos) == Some(&b',') {
            pos = skip_ws(b, pos + 1);
        }
    }
    match b.get(pos) {
        None | Some(b']') => None,
        Some(_) => Some((None, pos)),
    }
}

fn skip_ws(b: &[u8], mut pos: usize) -> usize {
    while matches!(b.get(pos), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        pos += 1;
    }
    pos
}

/// The end of the string starting at `start` (after its closing quote). The long texts of a
/// card (definitions, notes) are most of what a walk skips: they are crossed by `memchr`, many
/// bytes at a time, up to the next quote or backslash.
fn skip_string(b: &[u8], start: usize) -> usize {
    let mut pos = start + 1;
    while let Some(found) = b
        .get(pos..)
        .and_then(|rest| memchr::memchr2(b'"', b'\\', rest))
    {
        pos += found;
        if b[pos] == b'"' {
            return pos + 1;
        }
        pos += 2;
    }
    b.len()
}

/// The end of the value starting at `pos`.
fn skip_value(b: &[u8], pos: usize) -> usize {
    match b.get(pos) {
        None => b.len(),
        Some(b'"') => skip_string(b, pos),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            let mut p = pos;
            while let Some(&c) = b.get(p) {
                match c {
                    b'"' => {
                        p = skip_string(b, p);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return p + 1;
                        }
                    }
                    _ => {}
                }
                p += 1;
            }
            b.len()
        }
        Some(_) => {
            let mut p = pos;
            while !matches!(
                b.get(p),
                None | Some(b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r')
            ) {
                p += 1;
            }
            p
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARD: &str = "{\n  \"slug\": \"a\",\n  \"related\": [\n    \"b\",\n    \"c\\\"]\"\n  ],\n  \"x/y\": {\"k\": [1, {\"z\": null}]},\n  \"slug\": \"dup\"\n}";

    fn text(pointer: &str) -> &'static str {
        let s = locate(CARD, pointer).value;
        &CARD[s.0..s.1]
    }

    #[test]
    fn values_keys_and_elements() {
        assert_eq!(text("/related/1"), "\"c\\\"]\"");
        assert_eq!(text("/related/0"), "\"b\"");
        assert_eq!(text("/x~1y/k/1/z"), "null");
        let s = locate(CARD, "/slug");
        assert_eq!(
            &CARD[s.value.0..s.value.1],
            "\"dup\"",
            "the last of duplicate keys"
        );
        let (k0, k1) = s.key.unwrap();
        assert_eq!(&CARD[k0..k1], "\"slug\"");
    }

    /// The first version of [`skip_string`], a byte at a time: the reference.
    fn skip_string_bytewise(b: &[u8], start: usize) -> usize {
        let mut pos = start + 1;
        while let Some(&c) = b.get(pos) {
            pos += 1;
            match c {
                b'\\' => pos += 1,
                b'"' => return pos,
                _ => {}
            }
        }
        b.len()
    }

    #[test]
    fn strings_end_where_the_bytewise_walk_ends() {
        let pieces = [
            "a", "\\\"", "\\\\", "\"", "é", "日本", "\\u00e9", "        ", "\\",
        ];
        let mut rng = crate::rng::Rng(11);
        for _ in 0..3000 {
            let len = rng.below_usize(40);
            let text: String = std::iter::once("\"")
                .chain((0..len).map(|_| rng.pick(&pieces)))
                .collect();
            let b = text.as_bytes();
            assert_eq!(skip_string(b, 0), skip_string_bytewise(b, 0), "{text:?}");
        }
    }

    #[test]
    fn keys_with_escapes_are_decoded() {
        let card = r#"{"a\u0062": 1, "ab": 2, "\/x": 3}"#;
        let s = locate(card, "/ab");
        assert_eq!(
            &card[s.value.0..s.value.1],
            "2",
            "the last of the two keys that decode to ab"
        );
        let s = locate(card, "/~1x");
        assert_eq!(&card[s.value.0..s.value.1], "3");
        assert!(key_is(br#""ab""#, "ab") && !key_is(br#""ab""#, "a"));
    }

    #[test]
    fn a_missing_member_points_at_the_closest_ancestor() {
        assert_eq!(text("/definition"), CARD);
        assert!(text("/related/7").starts_with("[\n    \"b\""));
    }

    #[test]
    fn the_indexed_walk_finds_what_the_plain_walk_finds() {
        let cards = [
            CARD,
            r#"{"a\u0062": 1, "ab": 2, "\/x": 3, "l": [[1, 2], {"q": "r"}], "e": {}}"#,
            "[1, {\"a\": 2}]",
            "  {}",
            "\"s\"",
        ];
        let pointers = [
            "",
            "/",
            "//",
            "/slug",
            "/related",
            "/related/0",
            "/related/1",
            "/related/2",
            "/related/x",
            "/x~1y",
            "/x~1y/k",
            "/x~1y/k/1/z",
            "/x~1y/k/9",
            "/ab",
            "/~1x",
            "/l/0/1",
            "/l/1/q",
            "/l/1/",
            "/e/",
            "/e/f",
            "/0",
            "/1/a",
            "/missing",
            "/missing/0",
            "slug",
            "/a~0b",
        ];
        for card in cards {
            let index = CardIndex::new(card);
            assert_eq!(index.one_line, !card.contains('\n'));
            assert_eq!(index.ascii, card.is_ascii());
            for pointer in pointers {
                assert_eq!(
                    locate_indexed(card, &index, pointer),
                    locate(card, pointer),
                    "{card:?} {pointer:?}"
                );
            }
        }
    }
}
