//! The languages of the site: which there are, where each one's pages are, and which text of a
//! card a page in each language shows.
//!
//! The glossary's main language (`language` in `glossgraph.toml`) has the site's pages at their
//! usual paths (`term/{slug}/index.html`, or a term's IRI's path); each other language has the
//! same pages at the same paths in a folder named after its tag in lower case
//! (`de/term/{slug}/index.html`, `de/162/index.html`, `de/index.html`, `de/tree/index.html`).
//! Each language has its own A–Z order, and its own tree of the hierarchy, whose narrower
//! terms are in that order (so a term's first place, and its breadcrumb, may differ). The
//! languages are the main one and every tag of a card's `languages`, or, when the settings
//! list them (`languages = ["en", "de"]`), the main one and those. A site of one language is
//! the site glossgraph always wrote, byte for byte.
//!
//! A page in a language shows the card's text in that language where the card has it, and the
//! main language's text where it does not; each text carries its own language, and a page
//! marks with `lang` every text whose language is not its own. The card's other fields
//! (advantages, limitations, provenance, citations) and the glossary's title are taken to be
//! in the main language.

use glossgraph_core::card::skos;

use super::letters::Letter;
use super::places::reserved;
use super::tree::Tree;
use super::ui::{shorter, Ui};
use crate::config::Config;
use crate::hierarchy::Hierarchy;
use crate::{Card, Glossary};

/// A language of the site.
pub struct Language {
    /// Its BCP 47 tag, as the pages' `lang` and `hreflang` say it: the main language's as the
    /// settings write it, another's in the canonical case of BCP 47 (`en-GB`, `zh-Hans`).
    pub tag: String,
    /// Its folder below the site's root, ending in `/`; empty for the main language.
    pub folder: String,
    /// The interface's text: the table of the language, else English.
    pub ui: &'static Ui,
    /// The language a page in this one says it is in (`<html lang>`): the language itself, or
    /// English when its interface has no table.
    pub page_lang: String,
    /// Card indexes in the A–Z order of their terms in this language.
    pub order: Vec<usize>,
    /// Each card's place in `order`, by card index: lists of terms (a term's related terms)
    /// follow it.
    pub rank: Vec<u32>,
    /// The alternative labels in this language, each as its card and its place among the
    /// card's aliases, when a card has some: the A–Z index lists each as an entry of its own
    /// that points to its term.
    pub see: Vec<(u32, u32)>,
    /// The A–Z index's entries, when there are alternative labels: a card index (below the
    /// number of cards) or the number of cards plus a place in `see`, in the language's
    /// order; `None` when the index lists the terms alone, in `order`.
    pub entries: Option<Vec<u32>>,
    /// The letters of this language's A–Z index, each with its range of `entries` (else of
    /// `order`).
    pub letters: Vec<Letter>,
    /// The tree of the hierarchy in this language's A–Z order, when a card has a broader term
    /// in the glossary.
    pub(crate) tree: Option<Tree>,
}

impl Language {
    /// Whether the interface is English for want of a table of this language.
    pub fn ui_fallback(&self) -> bool {
        !self.page_lang.eq_ignore_ascii_case(&self.tag)
    }

    /// The card's entry for this language, if it has one.
    fn entry<'c>(&self, card: &'c Card) -> Option<&'c skos::Language> {
        let languages = &card.skos().languages;
        if languages.is_empty() {
            return None;
        }
        languages.get(&self.tag).or_else(|| {
            languages
                .iter()
                .find(|(tag, _)| tag.eq_ignore_ascii_case(&self.tag))
                .map(|(_, l)| l)
        })
    }
}

/// A text and the language it is in (a BCP 47 tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Said<'a, T> {
    pub text: T,
    pub lang: &'a str,
}

/// The texts of one card in one language of the site.
pub struct Texts<'a> {
    pub term: Said<'a, &'a str>,
    pub aliases: Said<'a, Vec<&'a str>>,
    /// The definition (Markdown).
    pub definition: Said<'a, &'a str>,
    /// The notes (Markdown), each a text of its own: the card's `note`, else its scope notes.
    pub note: Said<'a, Vec<&'a str>>,
}

/// The languages of the site of `glossary` under `config`, the main one first, and what the
/// site's build should say about them (a language without an interface table, a tag that
/// cannot name a folder).
pub fn languages(glossary: &Glossary, config: &Config) -> (Vec<(String, String)>, Vec<String>) {
    let main = config.language.as_str();
    let mut notes = Vec::new();
    let mut tags: Vec<String> = Vec::new();
    let listed = config.languages.as_deref();
    match listed {
        Some(listed) => tags.extend(listed.iter().map(|t| canonical(t))),
        None => {
            let mut found = std::collections::BTreeSet::new();
            for card in glossary.cards() {
                for tag in card.skos().languages.keys() {
                    if !found.contains(tag.as_str()) {
                        found.insert(tag.clone());
                    }
                }
            }
            tags.extend(found.iter().map(|t| canonical(t)));
        }
    }
    let mut out: Vec<(String, String)> = vec![(main.to_owned(), String::new())];
    for tag in tags {
        let folder = tag.to_ascii_lowercase();
        if out.iter().any(|(t, _)| t.eq_ignore_ascii_case(&tag)) {
            continue;
        }
        let usable = !folder.is_empty()
            && folder
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            // The site's own folders (`topic`, `letter` and `tree` are well-formed tags).
            && !reserved().any(|name| name == folder)
            && oxigraph::model::Literal::new_language_tagged_literal("", tag.as_str()).is_ok();
        if !usable {
            notes.push(format!(
                "cards have texts in `{tag}`, which is not a language tag the site can have \
                 pages for (BCP 47, and not a name of the site's own folders): they are left out"
            ));
            continue;
        }
        out.push((tag, format!("{folder}/")));
    }
    // Listed, the languages keep the settings' order; found, they are sorted by tag.
    if listed.is_none() {
        out[1..].sort_by(|a, b| a.1.cmp(&b.1));
    }
    for (tag, _) in &out {
        if Ui::lookup(tag).is_none() {
            notes.push(format!(
                "the site's interface has no text in `{tag}`: its pages use English (a table \
                 of translations can be added to crates/export/src/site/ui/)"
            ));
        }
    }
    (out, notes)
}

impl Language {
    /// The language `tag` of the site, its pages in `folder`, its A–Z order over `glossary`'s
    /// cards and the tree of their `hierarchy` in that order.
    pub(crate) fn new(
        glossary: &Glossary,
        config: &Config,
        tag: String,
        folder: String,
        hierarchy: Option<&Hierarchy>,
    ) -> Self {
        let ui = Ui::for_tag(&tag);
        let page_lang = if Ui::lookup(&tag).is_some() {
            tag.clone()
        } else {
            ui.tag.to_owned()
        };
        let mut language = Self {
            tag,
            folder,
            ui,
            page_lang,
            order: Vec::new(),
            rank: Vec::new(),
            see: Vec::new(),
            entries: None,
            letters: Vec::new(),
            tree: None,
        };
        let cards = glossary.cards();
        let is_main = language.folder.is_empty();
        // The alternative labels of the language itself (not the main language's, which a
        // page shows in their stead).
        for (i, card) in cards.iter().enumerate() {
            let term = if is_main {
                card.term()
            } else {
                language.term(card, config).text
            };
            let aliases = language.own_aliases(card);
            let listed = aliases
                .iter()
                .enumerate()
                .filter(|(_, a)| !a.trim().is_empty() && **a != term);
            let found: Vec<(u32, u32)> = listed.map(|(k, _)| (i as u32, k as u32)).collect();
            language.see.extend(found);
        }
        // Cards come in slug order, so ties between equal terms go to the smaller slug; an
        // alternative label equal to a term comes after it.
        let labels: Vec<(&str, &str)> = cards
            .iter()
            .map(|c| {
                let term = if is_main {
                    c.term()
                } else {
                    language.term(c, config).text
                };
                (term, c.slug())
            })
            .chain(language.see.iter().map(|&(i, k)| {
                let card = &cards[i as usize];
                (language.alias(card, k), card.slug())
            }))
            .collect();
        let (mut order, letters) =
            super::letters::Collation::new(&language.tag).index(labels.iter().copied());
        drop(labels);
        if !language.see.is_empty() {
            language.entries = Some(order.iter().map(|&i| i as u32).collect());
            order.retain(|&i| i < cards.len());
        }
        language.rank = vec![0; cards.len()];
        for (at, &i) in order.iter().enumerate() {
            language.rank[i] = at as u32;
        }
        // The tree, and the broader and narrower lists that follow it, in the order of the
        // concepts' notations when they have some (a classification's `05` before `068`),
        // the others after them in A–Z order.
        let by_notation = super::notation_order(glossary, &order);
        language.tree = hierarchy
            .and_then(|h| Tree::of(h, cards.len(), by_notation.as_deref().unwrap_or(&order)));
        language.order = order;
        language.letters = letters;
        language
    }

    /// Whether this is the glossary's main language.
    pub fn is_main(&self) -> bool {
        self.folder.is_empty()
    }

    /// The alternative labels of `card` in this language itself: the card's `aliases` in
    /// the main language, its entry's in another.
    pub fn own_aliases<'c>(&self, card: &'c Card) -> Vec<&'c str> {
        if self.is_main() {
            card.aliases().iter().collect()
        } else {
            self.entry(card)
                .map(|l| l.aliases.iter().map(String::as_str).collect())
                .unwrap_or_default()
        }
    }

    /// Alternative label `k` of `card` in this language ([`Language::own_aliases`]).
    pub fn alias<'c>(&self, card: &'c Card, k: u32) -> &'c str {
        if self.is_main() {
            card.aliases().get(k as usize).unwrap_or_default()
        } else {
            self.entry(card)
                .and_then(|l| l.aliases.get(k as usize))
                .map_or("", String::as_str)
        }
    }

    /// The hidden labels of `card` in this language (`skos:hiddenLabel`): found by the
    /// search, never shown.
    pub fn hidden_aliases<'c>(&self, card: &'c Card) -> &'c [String] {
        if self.is_main() {
            &card.skos().hidden_aliases
        } else {
            self.entry(card).map_or(&[], |l| &l.hidden_aliases)
        }
    }

    /// The notes of `kind` ([`skos::NOTE_KINDS`]: `example`, `historyNote`…) of `card` in
    /// this language, else the main language's.
    pub fn notes<'c>(
        &'c self,
        card: &'c Card,
        config: &'c Config,
        kind: &str,
    ) -> Said<'c, Vec<&'c str>> {
        let of = |notes: &'c skos::ByKind| -> Vec<&'c str> {
            notes
                .get(kind)
                .map(|n| {
                    n.iter()
                        .map(String::as_str)
                        .filter(|t| !t.trim().is_empty())
                        .collect()
                })
                .unwrap_or_default()
        };
        if !self.is_main() {
            let theirs = self.entry(card).map(|l| of(&l.notes)).unwrap_or_default();
            if !theirs.is_empty() {
                return Said {
                    text: theirs,
                    lang: &self.tag,
                };
            }
        }
        Said {
            text: of(&card.skos().notes),
            lang: &config.language,
        }
    }

    /// The term of `card` in this language, else the main language's.
    pub fn term<'c>(&'c self, card: &'c Card, config: &'c Config) -> Said<'c, &'c str> {
        if !self.is_main() {
            if let Some(term) = self
                .entry(card)
                .and_then(|l| l.term.as_deref())
                .filter(|t| !t.trim().is_empty())
            {
                return Said {
                    text: term,
                    lang: &self.tag,
                };
            }
        }
        Said {
            text: card.term(),
            lang: main_term_lang(card, config),
        }
    }

    /// The texts of `card` in this language, each falling back to the main language's.
    pub fn texts<'c>(&'c self, card: &'c Card, config: &'c Config) -> Texts<'c> {
        let main = config.language.as_str();
        let entry = if self.is_main() {
            None
        } else {
            self.entry(card)
        };
        let own = self.tag.as_str();
        let aliases = match entry.filter(|l| !l.aliases.is_empty()) {
            Some(l) => Said {
                text: l.aliases.iter().map(String::as_str).collect(),
                lang: own,
            },
            None => Said {
                text: card.aliases().iter().collect(),
                lang: main,
            },
        };
        let definition = match entry
            .and_then(|l| l.definition.as_deref())
            .filter(|d| !d.trim().is_empty())
        {
            Some(d) => Said { text: d, lang: own },
            None => Said {
                text: card.definition(),
                lang: main,
            },
        };
        let scope = |notes: &'c skos::ByKind| -> Vec<&'c str> {
            notes
                .get("scopeNote")
                .map(|n| n.iter().map(String::as_str).collect())
                .unwrap_or_default()
        };
        let theirs = entry.map(|l| scope(&l.notes)).unwrap_or_default();
        let note = if theirs.is_empty() {
            let note = card.note();
            Said {
                text: if note.trim().is_empty() {
                    scope(&card.skos().notes)
                } else {
                    vec![note]
                },
                lang: main,
            }
        } else {
            Said {
                text: theirs,
                lang: own,
            }
        };
        Texts {
            term: self.term(card, config),
            aliases,
            definition,
            note,
        }
    }
}

/// Languages by their names in themselves, for the language switcher of a site whose
/// interface text has no table in that language: the 24 official languages of the European
/// Union, and Arabic, Bengali, Chinese, Hebrew, Hindi, Japanese, Korean, Persian, Russian,
/// Turkish, Ukrainian and Urdu. Sorted by tag.
const NATIVE_NAMES: [(&str, &str); 36] = [
    ("ar", "العربية"),
    ("bg", "Български"),
    ("bn", "বাংলা"),
    ("cs", "Čeština"),
    ("da", "Dansk"),
    ("de", "Deutsch"),
    ("el", "Ελληνικά"),
    ("en", "English"),
    ("es", "Español"),
    ("et", "Eesti"),
    ("fa", "فارسی"),
    ("fi", "Suomi"),
    ("fr", "Français"),
    ("ga", "Gaeilge"),
    ("he", "עברית"),
    ("hi", "हिन्दी"),
    ("hr", "Hrvatski"),
    ("hu", "Magyar"),
    ("it", "Italiano"),
    ("ja", "日本語"),
    ("ko", "한국어"),
    ("lt", "Lietuvių"),
    ("lv", "Latviešu"),
    ("mt", "Malti"),
    ("nl", "Nederlands"),
    ("pl", "Polski"),
    ("pt", "Português"),
    ("ro", "Română"),
    ("ru", "Русский"),
    ("sk", "Slovenčina"),
    ("sl", "Slovenščina"),
    ("sv", "Svenska"),
    ("tr", "Türkçe"),
    ("uk", "Українська"),
    ("ur", "اردو"),
    ("zh", "中文"),
];

/// The name of `tag`'s language in that language ([`NATIVE_NAMES`]), by its primary subtag;
/// `None` for a language the table does not hold.
pub fn native_name(tag: &str) -> Option<&'static str> {
    let language = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    NATIVE_NAMES
        .binary_search_by(|&(t, _)| t.cmp(language.as_str()))
        .ok()
        .map(|i| NATIVE_NAMES[i].1)
}

/// Whether text tagged `tag` is written right to left: by its script subtag when it has one
/// (`az-Arab`, `sd-Deva`), else by the script its language is written in (Arabic, Hebrew,
/// Persian, Urdu, Pashto, Sindhi, Uyghur, Yiddish, Dhivehi, Sorani Kurdish, Syriac…). A page
/// or a text in such a language carries `dir="rtl"`.
pub fn is_right_to_left(tag: &str) -> bool {
    const SCRIPTS: [&str; 11] = [
        "adlm", "arab", "aran", "hebr", "mand", "nkoo", "rohg", "samr", "syrc", "thaa", "yezi",
    ];
    const LANGUAGES: [&str; 24] = [
        "ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "khw", "ks", "lrc",
        "mzn", "pnb", "prs", "ps", "sd", "skr", "syr", "ug", "ur", "yi",
    ];
    let mut subtags = tag.split(['-', '_']);
    let language = subtags.next().unwrap_or_default().to_ascii_lowercase();
    if let Some(script) =
        subtags.find(|s| s.len() == 4 && s.bytes().all(|b| b.is_ascii_alphabetic()))
    {
        return SCRIPTS.contains(&script.to_ascii_lowercase().as_str());
    }
    LANGUAGES.contains(&language.as_str())
}

/// The language of a card's `term`: the main language's, unless the term was taken from
/// another language's label (`termFrom: "language"`, when a vocabulary has no label in the
/// main language), which is then its language.
pub fn main_term_lang<'c>(card: &'c Card, config: &'c Config) -> &'c str {
    let skos = card.skos();
    if skos.term_from.as_deref() == Some("language") {
        if let Some((tag, _)) = skos
            .languages
            .iter()
            .find(|(_, l)| l.term.as_deref() == Some(card.term()))
        {
            return tag;
        }
    }
    &config.language
}

/// `tag` in the canonical case of BCP 47 (`en-GB`, `zh-Hans`), or as it is when ICU4X does
/// not read it.
fn canonical(tag: &str) -> String {
    icu_locale_core::Locale::try_from_str(tag).map_or_else(|_| tag.to_owned(), |l| l.to_string())
}

/// Which of `tags` an `Accept-Language` header asks for, by RFC 4647's lookup: the ranges in
/// the order of their `q` (ties in the order written), each range tried whole and then shorter
/// (`de-CH-1996`, `de-CH`, `de`) against the tags; the index of the first match, or `None`
/// (no range matches, or `*` comes first: the default).
pub fn negotiate<'t>(
    accept_language: &str,
    tags: impl Iterator<Item = &'t str> + Clone,
) -> Option<usize> {
    let mut ranges: Vec<(u16, usize, &str)> = Vec::new();
    for (at, part) in accept_language.split(',').enumerate() {
        let mut pieces = part.split(';');
        let range = pieces.next().unwrap_or("").trim();
        if range.is_empty() {
            continue;
        }
        let mut q = 1000;
        for parameter in pieces {
            let Some((name, value)) = parameter.split_once('=') else {
                continue;
            };
            if name.trim().eq_ignore_ascii_case("q") {
                q = quality(value.trim()).unwrap_or(0);
            }
        }
        if q > 0 {
            ranges.push((q, at, range));
        }
    }
    ranges.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, _, range) in ranges {
        if range == "*" {
            return None;
        }
        let mut range = range;
        loop {
            if let Some(i) = tags.clone().position(|t| t.eq_ignore_ascii_case(range)) {
                return Some(i);
            }
            match shorter(range) {
                Some(cut) => range = cut,
                None => break,
            }
        }
    }
    None
}

/// A `q` value in thousandths (`0.8` → 800), or `None` when it is not one (RFC 9110 12.4.2).
fn quality(value: &str) -> Option<u16> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = format!("{fraction:0<3}");
    match whole {
        "0" => digits.parse().ok(),
        "1" if digits == "000" => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn native_names_are_sorted_by_tag_and_found_by_the_primary_subtag() {
        assert!(NATIVE_NAMES.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(native_name("ar"), Some("العربية"));
        assert_eq!(native_name("ru-RU"), Some("Русский"));
        assert_eq!(native_name("FI"), Some("Suomi"));
        assert_eq!(native_name("zh-Hant"), Some("中文"));
        assert_eq!(native_name("haw"), None);
        assert_eq!(native_name(""), None);
    }

    #[test]
    fn right_to_left_by_script_else_by_language() {
        for tag in [
            "ar", "AR-eg", "he", "fa-IR", "ur", "ps", "yi", "ckb", "az-Arab", "pa-Arab",
        ] {
            assert!(is_right_to_left(tag), "{tag}");
        }
        for tag in [
            "", "en", "de-CH", "ku", "az", "sd-Deva", "ar-Latn", "zh-Hant", "arn",
        ] {
            assert!(!is_right_to_left(tag), "{tag}");
        }
    }

    fn pick(header: &str, tags: &[&str]) -> Option<usize> {
        negotiate(header, tags.iter().copied())
    }

    #[test]
    fn accept_language_is_looked_up_as_rfc_4647_says() {
        let tags = ["en", "de", "fr", "es", "it"];
        assert_eq!(pick("de", &tags), Some(1));
        assert_eq!(pick("de-CH-1996", &tags), Some(1));
        assert_eq!(pick("fr-CA, fr;q=0.8, en;q=0.5", &tags), Some(2));
        // The q values order the ranges, whatever their order in the header.
        assert_eq!(pick("it;q=0.4, es;q=0.9", &tags), Some(3));
        assert_eq!(pick("ES;Q=0.9", &tags), Some(3));
        // No match, a refused language, `*` first: the default.
        assert_eq!(pick("sv, nl", &tags), None);
        assert_eq!(pick("de;q=0, sv", &tags), None);
        assert_eq!(pick("*, de;q=0.5", &tags), None);
        assert_eq!(pick("", &tags), None);
        // A range is made shorter, a tag never: `de` does not match `de-ch`.
        assert_eq!(pick("de", &["en", "de-ch"]), None);
        assert_eq!(pick("de-CH", &["en", "de-ch"]), Some(1));
        // A bad q value refuses its range.
        assert_eq!(pick("de;q=2, fr", &tags), Some(2));
    }

    #[test]
    fn a_range_is_made_shorter_a_subtag_at_a_time() {
        assert_eq!(shorter("de-ch-1996"), Some("de-ch"));
        assert_eq!(shorter("de-ch"), Some("de"));
        assert_eq!(shorter("zh-x-a"), Some("zh"));
        assert_eq!(shorter("de"), None);
    }
}
