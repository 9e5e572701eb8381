//! Text rules: empty labels, aliases that repeat a label (SKOS S13), characters that XML 1.0
//! forbids or that do not print, repeated list entries, and labels shared across terms.

use std::collections::HashSet;

use unicode_normalization::UnicodeNormalization;

use super::at;
use crate::card::{Card, Texts};
use crate::diag::Origin;
use crate::diag::{Finding, Rule};

pub(super) fn card(card: &Card, origin: Origin, out: &mut Vec<Finding>) {
    if card.term().trim().is_empty() {
        out.push(at(Rule::EmptyText, origin, "/term", "the term is empty"));
    }
    // An absent definition is the decoder's `missing-definition`; an empty one is the same
    // warning here; one of only white space is an empty label, as an empty term is.
    if card.definition().is_empty() && card.has_definition() {
        out.push(at(
            Rule::MissingDefinition,
            origin,
            "/definition",
            "the definition is empty",
        ));
    } else if card.definition().trim().is_empty() && card.has_definition() {
        out.push(at(
            Rule::EmptyText,
            origin,
            "/definition",
            "the definition is only white space",
        ));
    }
    for (i, alias) in card.aliases().iter().enumerate() {
        // Made only for a finding: most aliases have none.
        let pointer = || format!("/aliases/{i}");
        if alias.trim().is_empty() {
            out.push(at(Rule::EmptyText, origin, pointer(), "alias is empty"));
        } else if alias == card.term() {
            out.push(at(
                Rule::AliasEqualsTerm,
                origin,
                pointer(),
                format!("alias `{alias}` repeats the term"),
            ));
        } else if card.aliases().head(i).contains(alias) {
            out.push(at(
                Rule::AliasEqualsTerm,
                origin,
                pointer(),
                format!("alias `{alias}` is listed twice"),
            ));
        }
    }
    // The card's texts lie end to end, and each ends where a character ends: when the whole
    // has no bad character, none of its texts has, and one scan of the card says so.
    if bad_char(card.all_text()).is_some() {
        for_each_text(card, |pointer, text| {
            if let Some((index, c)) = bad_char(text) {
                let why = if is_xml_forbidden(c) {
                    "XML 1.0 forbids"
                } else {
                    "cannot be printed"
                };
                out.push(at(
                    Rule::InvalidChar,
                    origin,
                    pointer(),
                    format!(
                        "character U+{:04X} ({why}) at character {} of the text",
                        c as u32,
                        text[..index].chars().count() + 1
                    ),
                ));
            }
        });
    }
    let lists: [(&str, Texts<'_>); 6] = [
        ("related", card.related()),
        ("supersedes", card.supersedes()),
        ("supersededBy", card.superseded_by()),
        ("advantages", card.advantages()),
        ("limitations", card.limitations()),
        ("provenance", card.provenance()),
    ];
    let mut seen: HashSet<&str> = HashSet::new();
    for (name, list) in lists {
        // A hub of the glossary relates to thousands of terms: past a few entries, a set
        // finds the repeats without comparing every pair.
        let long = list.len() > 16;
        if long {
            seen.clear();
        }
        for (i, item) in list.iter().enumerate() {
            let repeated = if long {
                !seen.insert(item)
            } else {
                list.head(i).contains(item)
            };
            if repeated {
                out.push(at(
                    Rule::DuplicateEntry,
                    origin,
                    format!("/{name}/{i}"),
                    format!("`{name}` lists `{item}` twice"),
                ));
            }
        }
    }
}

/// Calls `f` with (a JSON pointer maker, text) for every string of a card.
fn for_each_text(card: &Card, mut f: impl FnMut(&dyn Fn() -> String, &str)) {
    let one = |name: &'static str| move || format!("/{name}");
    f(&one("slug"), card.slug());
    f(&one("term"), card.term());
    f(&one("definition"), card.definition());
    f(&one("note"), card.note());
    if let Some(status) = card.status() {
        f(&one("status"), status);
    }
    let lists: [(&str, Texts<'_>); 7] = [
        ("aliases", card.aliases()),
        ("advantages", card.advantages()),
        ("limitations", card.limitations()),
        ("provenance", card.provenance()),
        ("related", card.related()),
        ("supersedes", card.supersedes()),
        ("supersededBy", card.superseded_by()),
    ];
    for (name, list) in lists {
        for (i, item) in list.iter().enumerate() {
            f(&|| format!("/{name}/{i}"), item);
        }
    }
    for (i, c) in card.citations().iter().enumerate() {
        for (name, text) in [("id", &c.id), ("title", &c.title), ("url", &c.url)] {
            f(&|| format!("/citations/{i}/{name}"), text);
        }
    }
}

fn is_xml_forbidden(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{B}' | '\u{C}' | '\u{E}'..='\u{1F}' | '\u{FFFE}' | '\u{FFFF}')
}

/// The first character XML 1.0 forbids or that does not print (C0 controls other than tab,
/// newline and carriage return; DEL; C1 controls; U+FFFE, U+FFFF), with its byte index.
/// Scans bytes: the common case, plain text, costs one comparison per byte.
pub(crate) fn bad_char(text: &str) -> Option<(usize, char)> {
    // Whole blocks are screened first, branch-free (the compiler vectorises the fold over a
    // block of known length): only a block holding a control character or a lead byte of C1
    // or U+FFFE/U+FFFF is looked at byte by byte.
    const BLOCK: usize = 32;
    let maybe = |x: u8| {
        (x < 0x20 && x != b'\t' && x != b'\n' && x != b'\r')
            | (x == 0x7F)
            | (x == 0xC2)
            | (x == 0xEF)
    };
    let suspicious = |block: &[u8]| block.iter().fold(false, |any, &x| any | maybe(x));
    let mut blocks = text.as_bytes().chunks_exact(BLOCK);
    let mut start = 0;
    for block in blocks.by_ref() {
        if suspicious(block) {
            if let Some(found) = first_bad(text, start..start + BLOCK) {
                return Some(found);
            }
        }
        start += BLOCK;
    }
    if suspicious(blocks.remainder()) {
        return first_bad(text, start..text.len());
    }
    None
}

/// [`bad_char`] of the characters that start in bytes `range` of `text`, read byte by byte
/// (a character starting there may end past it).
fn first_bad(text: &str, range: std::ops::Range<usize>) -> Option<(usize, char)> {
    let b = text.as_bytes();
    let at = range.into_iter().find(|&i| match b[i] {
        b'\t' | b'\n' | b'\r' => false,
        0..=0x1F | 0x7F => true,
        0xC2 => matches!(b.get(i + 1), Some(0x80..=0x9F)),
        0xEF => b.get(i + 1) == Some(&0xBF) && matches!(b.get(i + 2), Some(0xBE | 0xBF)),
        _ => false,
    })?;
    text[at..].chars().next().map(|c| (at, c))
}

/// A label normalised for comparison: NFC, then lowercase.
fn normalise(label: &str) -> String {
    if label.is_ascii() {
        label.to_ascii_lowercase()
    } else {
        label.nfc().collect::<String>().to_lowercase()
    }
}

/// qSKOS `ol`: a label (term or alias) that another term also has, after NFC + case folding.
/// Each label is reported against the first term (in slug order) that has it.
///
/// Labels are grouped by a hash of their normalised form, sorted, rather than kept as
/// normalised strings in a map: 16 bytes per label instead of an allocation, on a glossary
/// of millions of labels. Only labels whose hashes meet are normalised again and compared.
pub(super) fn overlapping_labels(cards: &[Card], origins: &[Origin], out: &mut Vec<Finding>) {
    let label = |i: u32, k: u32| -> &str {
        let card = &cards[i as usize];
        if k == 0 {
            card.term()
        } else {
            card.aliases().get(k as usize - 1).unwrap_or_default()
        }
    };
    // (hash of the normalised label, card, label: 0 the term, k + 1 alias k)
    let mut keys: Vec<(u64, u32, u32)> = Vec::with_capacity(cards.len() * 3);
    for (i, card) in cards.iter().enumerate() {
        for k in 0..=card.aliases().len() as u32 {
            if let Some(hash) = key_hash(label(i as u32, k)) {
                keys.push((hash, i as u32, k));
            }
        }
    }
    keys.sort_unstable();
    // (card, label, the first card with the same label), for labels of a later card.
    let mut overlaps: Vec<(u32, u32, u32)> = Vec::new();
    let mut group: Vec<(String, u32, u32)> = Vec::new();
    for same_hash in keys.chunk_by(|a, b| a.0 == b.0) {
        if same_hash.len() < 2 {
            continue;
        }
        // In (card, label) order, as the labels were met; sorted by key, stably.
        group.clear();
        group.extend(
            same_hash
                .iter()
                .map(|&(_, i, k)| (normalise(label(i, k)), i, k)),
        );
        group.sort_by(|a, b| a.0.cmp(&b.0));
        for same_key in group.chunk_by(|a, b| a.0 == b.0) {
            let first = same_key[0].1;
            overlaps.extend(
                same_key
                    .iter()
                    .filter(|&&(_, i, _)| i != first)
                    .map(|&(_, i, k)| (i, k, first)),
            );
        }
    }
    overlaps.sort_unstable();
    for (i, k, j) in overlaps {
        let pointer = if k == 0 {
            "/term".to_owned()
        } else {
            format!("/aliases/{}", k - 1)
        };
        let other = &cards[j as usize];
        out.push(at(
            Rule::OverlappingLabels,
            origins[i as usize],
            pointer,
            format!(
                "label `{}` is also a label of `{}` (`{}`)",
                label(i, k),
                other.slug(),
                other.term()
            ),
        ));
    }
}

/// FNV-1a of the label's normalised form, without building it for ASCII labels; `None` for
/// a label that is blank once normalised. Collisions are harmless: equal hashes are only a
/// reason to compare the normalised labels themselves.
fn key_hash(label: &str) -> Option<u64> {
    fn fnv(bytes: impl Iterator<Item = u8>) -> u64 {
        bytes.fold(0xCBF2_9CE4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
        })
    }
    if label.is_ascii() {
        if label.trim().is_empty() {
            return None;
        }
        return Some(fnv(label.bytes().map(|b| b.to_ascii_lowercase())));
    }
    let key = normalise(label);
    (!key.trim().is_empty()).then(|| fnv(key.bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Draft;

    #[test]
    fn bad_characters() {
        assert_eq!(bad_char("plain\ttext\r\n"), None);
        assert_eq!(bad_char("a\u{1}b"), Some((1, '\u{1}')));
        assert_eq!(bad_char("é\u{FFFE}"), Some((2, '\u{FFFE}')));
        assert_eq!(bad_char("x\u{85}"), Some((1, '\u{85}')));
        assert_eq!(bad_char("\u{FFFD}é😀\u{200F}"), None);
        assert!(is_xml_forbidden('\u{1}') && !is_xml_forbidden('\u{7F}'));
        // Past the first block, and a lead byte at a block's end.
        let long = format!("{}\u{1}", "é".repeat(40));
        assert_eq!(bad_char(&long), Some((80, '\u{1}')));
        let edge = format!("{}\u{FFFF}", "a".repeat(31));
        assert_eq!(bad_char(&edge), Some((31, '\u{FFFF}')));
        assert_eq!(bad_char(&"µs ".repeat(50)), None);
    }

    /// Random texts over characters around every edge of [`bad_char`], with runs of plain
    /// ASCII long enough to cross the 32-byte blocks.
    fn hostile_texts(seed: u64, count: usize) -> Vec<String> {
        let alphabet = [
            'a', 'é', '\t', '\n', '\r', '\u{0}', '\u{1}', '\u{1F}', ' ', '\u{7E}', '\u{7F}',
            '\u{80}', '\u{85}', '\u{9F}', '\u{A0}', '\u{C2}', '\u{EF}', '\u{FEFF}', '\u{FFFD}',
            '\u{FFFE}', '\u{FFFF}', '\u{EFBF}', '😀',
        ];
        let mut rng = crate::rng::Rng(seed);
        (0..count)
            .map(|_| {
                let mut text = String::new();
                for _ in 0..rng.below(6) {
                    text.push_str(&"x".repeat(rng.below(70) as usize));
                    text.push(rng.pick(&alphabet));
                }
                text
            })
            .collect()
    }

    #[test]
    fn bad_char_is_the_first_character_named_by_its_definition() {
        let bad = |c: char| {
            matches!(c, '\u{0}'..='\u{1F}' | '\u{7F}'..='\u{9F}' | '\u{FFFE}' | '\u{FFFF}')
                && !matches!(c, '\t' | '\n' | '\r')
        };
        let texts = hostile_texts(7, 20_000);
        let mut found = 0;
        for text in &texts {
            let expected = text.char_indices().find(|&(_, c)| bad(c));
            assert_eq!(bad_char(text), expected, "{text:?}");
            found += usize::from(expected.is_some());
        }
        // Both answers are common, so neither half of the comparison is empty.
        assert!(found > 2_000 && found < 18_000, "{found}");
    }

    #[test]
    fn a_card_without_bad_characters_is_screened_in_one_scan() {
        let origin = crate::testing::origin();
        let texts = hostile_texts(11, 4_000);
        let mut reported = 0;
        for (n, parts) in texts.chunks(8).enumerate() {
            let card = Card::from(Draft {
                slug: format!("s{n}"),
                term: parts[0].clone(),
                definition: parts[1].clone(),
                note: parts[2].clone(),
                aliases: vec![parts[3].clone()],
                advantages: vec!["plain".into(), parts[4].clone()],
                provenance: vec![parts[5].clone()],
                citations: vec![crate::card::Citation {
                    id: "c".into(),
                    title: parts[6].clone(),
                    url: parts[7].clone(),
                    ..Default::default()
                }],
                ..Draft::default()
            });
            let mut out = Vec::new();
            super::card(&card, origin, &mut out);
            let mut got: Vec<String> = out
                .iter()
                .filter(|f| f.rule == Rule::InvalidChar)
                .map(|f| match &f.place {
                    crate::diag::Place::Card { pointer, .. } => format!("{pointer} {}", f.message),
                    _ => String::new(),
                })
                .collect();
            // Each text on its own, as the rule read them before the screen.
            let mut expected = Vec::new();
            for_each_text(&card, |pointer, text| {
                if let Some((index, c)) = bad_char(text) {
                    let why = if is_xml_forbidden(c) {
                        "XML 1.0 forbids"
                    } else {
                        "cannot be printed"
                    };
                    expected.push(format!(
                        "{} character U+{:04X} ({why}) at character {} of the text",
                        pointer(),
                        c as u32,
                        text[..index].chars().count() + 1
                    ));
                }
            });
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "card {n}");
            reported += got.len();
        }
        assert!(reported > 200, "{reported}");
    }

    #[test]
    fn a_bad_character_in_any_text_is_found_through_the_screen() {
        let origin = crate::testing::origin();
        let plain = || Draft {
            slug: "s".into(),
            term: "t".into(),
            definition: "d".into(),
            note: "n".into(),
            status: Some("shipping".into()),
            aliases: vec!["a".into()],
            advantages: vec!["x".into()],
            limitations: vec!["y".into()],
            provenance: vec!["v".into()],
            related: vec!["r".into()],
            supersedes: vec!["p".into()],
            superseded_by: vec!["q".into()],
            citations: vec![crate::card::Citation {
                id: "c".into(),
                title: "T".into(),
                url: "https://e.org/".into(),
                ..Default::default()
            }],
            ..Draft::default()
        };
        fn bad(s: &mut String) {
            s.push('\u{1}');
        }
        type Spoil = fn(&mut Draft);
        let cases: [(&str, Spoil); 15] = [
            ("/slug", |d| bad(&mut d.slug)),
            ("/term", |d| bad(&mut d.term)),
            ("/definition", |d| bad(&mut d.definition)),
            ("/note", |d| bad(&mut d.note)),
            ("/status", |d| d.status.as_mut().map_or((), bad)),
            ("/aliases/0", |d| bad(&mut d.aliases[0])),
            ("/advantages/0", |d| bad(&mut d.advantages[0])),
            ("/limitations/0", |d| bad(&mut d.limitations[0])),
            ("/provenance/0", |d| bad(&mut d.provenance[0])),
            ("/related/0", |d| bad(&mut d.related[0])),
            ("/supersedes/0", |d| bad(&mut d.supersedes[0])),
            ("/supersededBy/0", |d| bad(&mut d.superseded_by[0])),
            ("/citations/0/id", |d| bad(&mut d.citations[0].id)),
            ("/citations/0/title", |d| bad(&mut d.citations[0].title)),
            ("/citations/0/url", |d| bad(&mut d.citations[0].url)),
        ];
        for (pointer, spoil) in cases {
            let mut draft = plain();
            spoil(&mut draft);
            let mut out = Vec::new();
            super::card(&Card::from(draft), origin, &mut out);
            let found: Vec<&str> = out
                .iter()
                .filter(|f| f.rule == Rule::InvalidChar)
                .map(|f| match &f.place {
                    crate::diag::Place::Card { pointer, .. } => pointer.as_str(),
                    _ => "",
                })
                .collect();
            assert_eq!(found, [pointer]);
        }
        let mut out = Vec::new();
        super::card(&Card::from(plain()), origin, &mut out);
        assert!(out.iter().all(|f| f.rule != Rule::InvalidChar));
    }

    #[test]
    fn repeated_entries_are_found_in_short_and_long_lists() {
        let origin = crate::testing::origin();
        for n in [5, 40] {
            let mut related: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
            related.insert(3, "t1".into());
            related.push("t0".into());
            related.push("t1".into());
            let card = Card::from(Draft {
                slug: "a".into(),
                term: "A".into(),
                definition: "d".into(),
                related,
                ..Draft::default()
            });
            let mut out = Vec::new();
            super::card(&card, origin, &mut out);
            let at: Vec<String> = out
                .iter()
                .map(|f| match &f.place {
                    crate::diag::Place::Card { pointer, .. } => pointer.clone(),
                    _ => String::new(),
                })
                .collect();
            assert_eq!(
                at,
                [
                    "/related/3".to_owned(),
                    format!("/related/{}", n + 1),
                    format!("/related/{}", n + 2)
                ]
            );
        }
    }

    #[test]
    fn labels_compare_after_nfc_and_case_folding() {
        assert_eq!(normalise("Cafe\u{301}"), normalise("CAFÉ"));
        assert_eq!(normalise("RoCE v2"), "roce v2");
    }
}
