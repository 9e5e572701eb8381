//! Labels and queries brought to one form before they are compared: what a person typing a
//! label from memory or a spreadsheet changes without meaning another thing.
//!
//! Case, accents, width and compatibility forms (NFKD, then the combining marks dropped: "Über"
//! and "uber", "ﬁbre" and "fibre"), punctuation and runs of white space (each a single break
//! between words: "Wi-Fi", "wi fi"). A label's *key*, what the index finds exact matches by,
//! is its words run together ("Wi-Fi", "WiFi" and "wi fi" have one key); its *words* are what
//! the fuzzy match compares.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// `text` in the compared form: lower case, without accents, its words (runs of letters and
/// digits) separated by one space.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut between = false;
    for c in text.nfkd() {
        if is_combining_mark(c) {
            continue;
        }
        if c.is_alphanumeric() {
            if between && !out.is_empty() {
                out.push(' ');
            }
            between = false;
            out.extend(c.to_lowercase());
        } else {
            between = true;
        }
    }
    out
}

/// The key of a normalised text: its words run together.
pub fn key(normalized: &str) -> String {
    normalized.chars().filter(|c| *c != ' ').collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_accents_punctuation_and_spaces_are_one_form() {
        assert_eq!(normalize("  Über-Größe\t(TM)  "), "uber große tm");
        assert_eq!(normalize("ﬁbre CHANNEL"), "fibre channel");
        assert_eq!(normalize("RoCE v2"), "roce v2");
        assert_eq!(normalize("Ångström"), "angstrom");
        assert_eq!(normalize("日本語 テキスト"), "日本語 テキスト");
        assert_eq!(normalize("..."), "");
        assert_eq!(key(&normalize("Wi-Fi")), key(&normalize("WiFi")));
        assert_eq!(key("wi fi"), "wifi");
    }
}
