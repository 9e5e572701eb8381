//! The A–Z order of the site and its letters, as the glossary's language sorts and groups them.
//!
//! Terms are collated by the Unicode Collation Algorithm with the tailoring of the glossary's
//! `language` (CLDR's, through ICU4X's `icu_collator` and the data compiled into it): German
//! sorts "Ägyptologie" among the A's, Swedish puts "Å" and "Ä" after "Z", Spanish "ñ" after
//! "n". ICU4X is the Unicode Consortium's own Rust implementation, kept with each release of
//! Unicode and CLDR; the smaller UCA crates carry the root order only, without the languages'
//! tailorings, which are the point here. Each term gets its sort key once (a byte string whose
//! order is the collation's), so sorting costs what sorting byte strings costs.
//!
//! A term's letter is its first letter taken at the primary level, where the language puts it:
//! a letter that differs from its base only by accents falls under the base (German "Ä" under
//! "A"), a letter the language holds apart keeps its own place (Swedish "Å" after "Z"). A
//! Hangul syllable falls under its leading consonant; other scripts under their first
//! character. Letters of a script whose letters are not of Latin shape (Greek, Cyrillic,
//! Hebrew, Arabic, kana, Hangul, Han…) make a bar of their own. Terms that start with no letter
//! are gathered under "0–9".
//!
//! A tailoring may make one letter of two characters (Czech "ch", between "h" and "i"): such a
//! term is kept with the letter it sorts in, so a letter's terms are always one run of the order.

use icu_collator::options::{CollatorOptions, Strength};
use icu_collator::{CollatorBorrowed, CollatorPreferences};
use icu_locale_core::Locale;
use unicode_normalization::UnicodeNormalization;

/// A letter of the index: what it shows, where its page is, its script's bar, and its run of
/// the order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    /// What the letter bar shows: the letter in capitals, or "0–9".
    pub label: String,
    /// Its path segment: an ASCII letter in lower case, `0` for "0–9", else `u` and the code
    /// points of its label in hex.
    pub slug: String,
    /// The bar it belongs to.
    pub script: Script,
    /// Its terms: a range of the A–Z order.
    pub range: std::ops::Range<usize>,
}

/// The bars of the letter index: Latin letters (with "0–9"), and each script whose letters are
/// not of Latin shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Script {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Hebrew,
    Arabic,
    Indic,
    Thai,
    Kana,
    Hangul,
    Han,
    Other,
}

impl Script {
    /// The script of `c`, by the blocks of the Unicode Standard.
    pub fn of(c: char) -> Self {
        match c as u32 {
            0x0000..=0x036F | 0x1D00..=0x1EFF | 0x2C60..=0x2C7F | 0xA720..=0xA7FF => Self::Latin,
            0xAB30..=0xAB6F | 0xFB00..=0xFB06 | 0xFF21..=0xFF5A => Self::Latin,
            0x0370..=0x03FF | 0x1F00..=0x1FFF => Self::Greek,
            0x0400..=0x052F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Self::Cyrillic,
            0x0530..=0x058F => Self::Armenian,
            0x0590..=0x05FF | 0xFB1D..=0xFB4F => Self::Hebrew,
            0x0600..=0x08FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => Self::Arabic,
            0x0900..=0x0DFF => Self::Indic,
            0x0E00..=0x0EFF => Self::Thai,
            0x3040..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Self::Kana,
            0x1100..=0x11FF | 0x3130..=0x318F | 0xA960..=0xA97F | 0xAC00..=0xD7FF => Self::Hangul,
            0x2E80..=0x2FDF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF => Self::Han,
            0x20000..=0x3FFFF => Self::Han,
            _ => Self::Other,
        }
    }

    /// The bar's name, for its `aria-label`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Latin => "Latin",
            Self::Greek => "Greek",
            Self::Cyrillic => "Cyrillic",
            Self::Armenian => "Armenian",
            Self::Hebrew => "Hebrew",
            Self::Arabic => "Arabic",
            Self::Indic => "Indic scripts",
            Self::Thai => "Thai and Lao",
            Self::Kana => "Kana",
            Self::Hangul => "Hangul",
            Self::Han => "Han",
            Self::Other => "Other scripts",
        }
    }
}

/// The collators of a language: the full order (every level, for sorting) and the primary
/// level alone (letters, for grouping).
pub struct Collation {
    order: CollatorBorrowed<'static>,
    primary: CollatorBorrowed<'static>,
}

impl Collation {
    /// The collation of the language tag `language` (BCP 47); the root order (CLDR's, for
    /// every language without a tailoring) when ICU4X does not read the tag.
    pub fn new(language: &str) -> Self {
        let locale = Locale::try_from_str(language).unwrap_or(Locale::UNKNOWN);
        let collator = |strength: Option<Strength>| {
            let mut options = CollatorOptions::default();
            options.strength = strength;
            CollatorBorrowed::try_new(CollatorPreferences::from(&locale), options)
                .or_else(|_| CollatorBorrowed::try_new(Default::default(), options))
                .expect("the root collation is compiled in")
        };
        Self {
            order: collator(None),
            primary: collator(Some(Strength::Primary)),
        }
    }

    /// The sort key of `text`: byte strings in the order the language sorts their texts.
    pub fn key(&self, text: &str) -> Vec<u8> {
        let mut key = Vec::new();
        let Ok(()) = self.order.write_sort_key_to(text, &mut key);
        key
    }

    fn primary_key(&self, text: &str) -> Vec<u8> {
        let mut key = Vec::new();
        let Ok(()) = self.primary.write_sort_key_to(text, &mut key);
        key
    }

    /// The letter `term` is listed under: its label and the primary sort key that stands for
    /// it; `None` for a term that does not start with a letter.
    fn initial(&self, term: &str) -> Option<(String, Vec<u8>)> {
        let first = term.chars().next().filter(|c| c.is_alphabetic())?;
        let first = match first as u32 {
            // A Hangul syllable, under its leading consonant (as a letter of its own).
            0xAC00..=0xD7A3 => {
                let lead = (first as u32 - 0xAC00) / (21 * 28);
                char::from_u32(COMPATIBILITY_JAMO[lead as usize]).unwrap_or(first)
            }
            _ => first,
        };
        let label: String = first.to_uppercase().collect();
        let key = self.primary_key(&label);
        // The letter's base, when the language counts the two as one letter.
        let base: String = label.nfd().take(1).collect();
        if base != label && self.primary_key(&base) == key {
            return Some((base, key));
        }
        Some((label, key))
    }

    /// The order of `terms` (indexes, by the language's collation, ties by `slug`) and the
    /// letters of the index over it.
    pub fn index<'a>(
        &self,
        terms: impl ExactSizeIterator<Item = (&'a str, &'a str)> + Clone,
    ) -> (Vec<usize>, Vec<Letter>) {
        let keys: Vec<(Vec<u8>, &str)> = terms
            .clone()
            .map(|(term, slug)| (self.key(term), slug))
            .collect();
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_unstable_by(|&a, &b| keys[a].cmp(&keys[b]).then(a.cmp(&b)));
        drop(keys);
        let terms: Vec<&str> = terms.map(|(term, _)| term).collect();
        let mut letters: Vec<Letter> = Vec::new();
        // The letters' primary keys; terms that start with no letter have the empty key.
        let mut seen: std::collections::BTreeSet<Vec<u8>> = Default::default();
        let mut current: Option<Vec<u8>> = None;
        for (at, &i) in order.iter().enumerate() {
            let initial = self.initial(terms[i]);
            let key = initial.as_ref().map_or(Vec::new(), |(_, key)| key.clone());
            let same = current.as_ref() == Some(&key);
            // A letter met again after others (a two-character letter of a tailoring) stays
            // in the run it sorts in.
            let again = seen.contains(&key);
            match letters.last_mut() {
                Some(letter) if same || again => letter.range.end = at + 1,
                _ => {
                    let (label, script) = match &initial {
                        Some((label, _)) => {
                            let script = Script::of(label.chars().next().unwrap_or('#'));
                            (label.clone(), script)
                        }
                        None => ("0–9".to_owned(), Script::Latin),
                    };
                    letters.push(Letter {
                        slug: slug(&label),
                        label,
                        script,
                        range: at..at + 1,
                    });
                    seen.insert(key.clone());
                    current = Some(key);
                }
            }
        }
        (order, letters)
    }
}

/// The compatibility jamo (U+3131…) of the 19 leading consonants of Hangul syllables, which
/// stand alone as letters.
const COMPATIBILITY_JAMO: [u32; 19] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147,
    0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
];

/// The path segment of a letter's label: an ASCII letter in lower case, `0` for "0–9", else
/// `u` and the label's code points in hex (`u00c5` for "Å").
pub fn slug(label: &str) -> String {
    let mut chars = label.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_lowercase().to_string(),
        _ if label == "0–9" => "0".to_owned(),
        _ => {
            let mut out = "u".to_owned();
            for c in label.chars() {
                out.push_str(&format!("{:04x}", c as u32));
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The terms in `language`'s order, and the letters with their terms.
    fn index(language: &str, terms: &[&str]) -> (Vec<String>, Vec<(String, Vec<String>)>) {
        let slugs: Vec<String> = (0..terms.len()).map(|i| format!("t{i}")).collect();
        let pairs = terms.iter().copied().zip(slugs.iter().map(String::as_str));
        let (order, letters) = Collation::new(language).index(pairs);
        let sorted: Vec<String> = order.iter().map(|&i| terms[i].to_owned()).collect();
        let letters = letters
            .iter()
            .map(|l| (l.label.clone(), sorted[l.range.clone()].to_vec()))
            .collect();
        (sorted, letters)
    }

    fn labels(letters: &[(String, Vec<String>)]) -> Vec<&str> {
        letters.iter().map(|(l, _)| l.as_str()).collect()
    }

    #[test]
    fn german_lists_umlauts_under_their_letter() {
        let (sorted, letters) = index("de", &["Zeitung", "Ägyptologie", "Apfel", "Öl", "Ozean"]);
        assert_eq!(sorted, ["Ägyptologie", "Apfel", "Öl", "Ozean", "Zeitung"]);
        assert_eq!(labels(&letters), ["A", "O", "Z"]);
        assert_eq!(letters[0].1, ["Ägyptologie", "Apfel"]);
    }

    #[test]
    fn swedish_puts_a_ring_and_a_umlaut_after_z() {
        let (sorted, letters) = index("sv", &["Ål", "Zebra", "Äpple", "Apa", "Öga"]);
        assert_eq!(sorted, ["Apa", "Zebra", "Ål", "Äpple", "Öga"]);
        assert_eq!(labels(&letters), ["A", "Z", "Å", "Ä", "Ö"]);
        // The same letters in German: under A and O.
        let (_, letters) = index("de", &["Ål", "Zebra", "Äpple", "Apa", "Öga"]);
        assert_eq!(labels(&letters), ["A", "O", "Z"]);
    }

    #[test]
    fn scripts_get_their_letters_and_bars() {
        let terms = [
            "Яблоко",
            "Арбуз",
            "カメラ",
            "かさ",
            "電気",
            "Beta",
            "123 rule",
            "가방",
            "강",
        ];
        let slugs: Vec<String> = (0..terms.len()).map(|i| format!("t{i}")).collect();
        let pairs = terms.iter().copied().zip(slugs.iter().map(String::as_str));
        let (order, letters) = Collation::new("en").index(pairs);
        let sorted: Vec<&str> = order.iter().map(|&i| terms[i]).collect();
        // Digits first, then Latin, then the other scripts in the root order.
        assert_eq!(sorted[..2], ["123 rule", "Beta"]);
        let shown: Vec<(&str, Script)> = letters
            .iter()
            .map(|l| (l.label.as_str(), l.script))
            .collect();
        assert!(shown.contains(&("0–9", Script::Latin)), "{shown:?}");
        assert!(shown.contains(&("А", Script::Cyrillic)), "{shown:?}");
        assert!(shown.contains(&("Я", Script::Cyrillic)), "{shown:?}");
        assert!(shown.contains(&("ㄱ", Script::Hangul)), "{shown:?}");
        assert!(shown.contains(&("電", Script::Han)), "{shown:?}");
        // Both Hangul terms start with ㄱ: one letter.
        assert_eq!(
            shown.iter().filter(|(_, s)| *s == Script::Hangul).count(),
            1
        );
        // Katakana and hiragana of one sound are one letter at the primary level.
        let kana: Vec<&Letter> = letters
            .iter()
            .filter(|l| l.script == Script::Kana)
            .collect();
        assert!(!kana.is_empty(), "{shown:?}");
        // Every term is in exactly one letter, and the letters' slugs differ.
        let total: usize = letters.iter().map(|l| l.range.len()).sum();
        assert_eq!(total, terms.len());
        let mut slugs: Vec<&str> = letters.iter().map(|l| l.slug.as_str()).collect();
        slugs.sort_unstable();
        slugs.dedup();
        assert_eq!(slugs.len(), letters.len());
    }

    #[test]
    fn a_two_character_letter_stays_one_run() {
        // Czech sorts "ch" after "h": "Chemie" is met after the H's, and stays with them
        // rather than opening a second C.
        let (sorted, letters) = index("cs", &["Cesta", "Chemie", "Hrad", "Ivan"]);
        assert_eq!(sorted, ["Cesta", "Hrad", "Chemie", "Ivan"]);
        let mut seen = labels(&letters);
        let count = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), count, "{letters:?}");
    }

    #[test]
    fn an_unknown_language_sorts_in_the_root_order() {
        let (sorted, _) = index("not a tag", &["b", "Á", "a"]);
        assert_eq!(sorted, ["a", "Á", "b"]);
    }

    #[test]
    fn slugs_are_ascii() {
        assert_eq!(slug("A"), "a");
        assert_eq!(slug("0–9"), "0");
        assert_eq!(slug("Å"), "u00c5");
        assert_eq!(slug("ㄱ"), "u3131");
    }
}
