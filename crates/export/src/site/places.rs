//! Where each term's page is: at its IRI's path below the site's base.
//!
//! The site is published at the base IRI (`base` in `glossgraph.toml`), so the page of a
//! concept whose IRI lies below it goes where that IRI resolves: `{path}/index.html`, its RDF
//! beside it at `{path}.ttl`, `.jsonld`, `.rdf`. glossgraph's own IRIs, `{base}term/{slug}`,
//! give today's `term/{slug}/`. A vocabulary imported with its published IRIs has its
//! namespace as the base (`http://astrothesaurus.org/uat/`), so `…/uat/162` has its page at
//! `162/`; so does a card whose own `iri` lies below the base.
//!
//! A card's page stays at `term/{slug}/` when its IRI cannot be a path of the site: outside
//! the base, below a base ending in `#` (the IRIs of a hash namespace are all one document),
//! with a character other than ASCII letters, digits and `-._~` in a segment (an escape would
//! have to be decoded to a file name differently by each host), a segment that is empty or
//! starts with `.`, a first segment the site uses itself (`index.html`, `term`, `topic`,
//! `tree`, …, and the folder of each language but the main one, `de`: a language's pages are
//! the main language's paths in its folder, `de/162/`), or a path whose files would collide
//! with another term's, capitals aside (macOS
//! and Windows file systems ignore case). The cards are placed in slug order, so the first
//! card claims a disputed path, and the same glossary always gives the same places.
//!
//! Nothing is computed for a glossary whose pages all stay at `term/{slug}/`: [`Places::of`]
//! is `None`, and a million-term site pays one pass over the cards.

use std::collections::{BTreeMap, HashMap};

use crate::config::Config;
use crate::rdf::write::push_concept_iri;
use crate::Glossary;

/// The names the site gives its own files and folders at its root, [`super::ROOT_FILES`]
/// then its mark and its folders: a term's path may not start with one of them.
pub(crate) fn reserved() -> impl Iterator<Item = &'static str> {
    super::ROOT_FILES.into_iter().chain([
        super::MARK,
        "download",
        "group",
        "letter",
        "term",
        "topic",
        "tree",
    ])
}

/// What a file-system name is used for, to find two terms whose files would collide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    Folder,
    File,
}

/// The paths of the terms whose pages are not at `term/{slug}/`.
#[derive(Debug, Default)]
pub(crate) struct Places {
    /// By card index: the path below the site's root, without a leading or trailing `/`.
    paths: Vec<Option<Box<str>>>,
    /// The card at each path.
    cards: HashMap<Box<str>, usize>,
}

impl Places {
    /// The places of `glossary`'s pages under `config`, or `None` when every page is at
    /// `term/{slug}/`. `folders` are the languages' folders (`de`), which no path may start
    /// with.
    pub(crate) fn of(glossary: &Glossary, config: &Config, folders: &[&str]) -> Option<Self> {
        let cards = glossary.cards();
        let base = config.base.as_str();
        if base.ends_with('#')
            || (config.namespace.is_none() && cards.iter().all(|c| c.skos().iri.is_none()))
        {
            return None;
        }
        let mut claimed: BTreeMap<String, Use> = BTreeMap::new();
        for name in reserved() {
            let used = if name.contains('.') {
                Use::File
            } else {
                Use::Folder
            };
            claimed.insert(name.to_owned(), used);
        }
        let mut places = Self::default();
        let mut iri = String::new();
        for (index, card) in cards.iter().enumerate() {
            iri.clear();
            push_concept_iri(&mut iri, card, config);
            let Some(path) = iri
                .strip_prefix(base)
                .and_then(|rest| path_of(rest, folders))
            else {
                continue;
            };
            let own = path.strip_prefix("term/") == Some(card.slug());
            if own || !claim(&mut claimed, path) {
                continue;
            }
            if places.paths.is_empty() {
                places.paths = vec![None; cards.len()];
            }
            places.paths[index] = Some(path.into());
            places.cards.insert(path.into(), index);
        }
        (!places.cards.is_empty()).then_some(places)
    }

    /// The path of card `index`'s page below the site's root, when it is not `term/{slug}`.
    pub(crate) fn path(&self, index: usize) -> Option<&str> {
        self.paths.get(index)?.as_deref()
    }

    /// How many pages are not at `term/{slug}/`.
    pub(crate) fn len(&self) -> usize {
        self.cards.len()
    }

    /// The card whose page is at `path` (not a `term/{slug}` one).
    pub(crate) fn card_at(&self, path: &str) -> Option<usize> {
        self.cards.get(path).copied()
    }
}

/// The paths of the pages of the vocabulary's groups, whose IRIs are `groups`, in their
/// order: each where its IRI is below the base, as a term's page is (after every term's,
/// which keep theirs), else `group/{n}` (`n` its place in `groups`, from 1).
pub(crate) fn group_paths(
    config: &Config,
    places: Option<&Places>,
    folders: &[&str],
    groups: &[&str],
) -> Vec<String> {
    let mut claimed: BTreeMap<String, Use> = BTreeMap::new();
    for name in reserved() {
        let used = if name.contains('.') {
            Use::File
        } else {
            Use::Folder
        };
        claimed.insert(name.to_owned(), used);
    }
    // `term/` is reserved: only the pages at their IRIs' paths claim anything.
    if let Some(places) = places {
        for path in places.cards.keys() {
            claim(&mut claimed, path);
        }
    }
    let base = config.base.as_str();
    let mut out = Vec::with_capacity(groups.len());
    for (n, iri) in groups.iter().enumerate() {
        let at_iri = iri
            .strip_prefix(base)
            .filter(|_| !base.ends_with('#'))
            .and_then(|rest| path_of(rest, folders))
            .filter(|path| claim(&mut claimed, path));
        out.push(match at_iri {
            Some(path) => path.to_owned(),
            None => format!("group/{}", n + 1),
        });
    }
    out
}

/// `rest` (what follows the base in an IRI) as a page's path, without its trailing `/`, when
/// it can be one: segments of ASCII letters, digits and `-._~`, none empty or starting with
/// `.`, the first not one of [`reserved`] nor of the languages' `folders`.
fn path_of<'r>(rest: &'r str, folders: &[&str]) -> Option<&'r str> {
    let path = rest.strip_suffix('/').unwrap_or(rest);
    let segment_ok = |s: &str| {
        !s.is_empty()
            && !s.starts_with('.')
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
    };
    let first = path.split('/').next()?;
    let is_first = |name: &str| name.eq_ignore_ascii_case(first);
    let taken = reserved().any(is_first) || folders.iter().any(|folder| is_first(folder));
    (path.split('/').all(segment_ok) && !taken).then_some(path)
}

/// Claims the folders and files of a page at `path` (each folder on the way, the page's
/// folder, its `index.html` and the RDF files beside it), unless one of them is already a
/// file where a folder is needed, a folder where a file is, or another term's file; names
/// compared without case. Claims nothing when it returns `false`.
fn claim(claimed: &mut BTreeMap<String, Use>, path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let mut wanted: Vec<(String, Use)> = lower
        .match_indices('/')
        .map(|(at, _)| (lower[..at].to_owned(), Use::Folder))
        .collect();
    wanted.push((lower.clone(), Use::Folder));
    wanted.push((format!("{lower}/index.html"), Use::File));
    for (extension, _) in super::ALTERNATES {
        wanted.push((format!("{lower}.{extension}"), Use::File));
    }
    let free = wanted.iter().all(|(name, used)| match claimed.get(name) {
        None => true,
        Some(Use::Folder) => *used == Use::Folder,
        Some(Use::File) => false,
    });
    if free {
        claimed.extend(wanted);
    }
    free
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Decoded;

    fn glossary(lines: &[&str]) -> Glossary {
        Glossary::new(
            lines
                .iter()
                .map(|l| Decoded::from_json(l).unwrap().card)
                .collect(),
        )
    }

    fn config(base: &str, namespace: Option<&str>) -> Config {
        Config {
            base: base.into(),
            namespace: namespace.map(Into::into),
            ..Config::default()
        }
    }

    #[test]
    fn a_glossary_of_its_own_iris_keeps_every_page_in_term() {
        let g = glossary(&[r#"{"slug": "a", "term": "A", "definition": "d"}"#]);
        assert!(Places::of(&g, &config("https://x.example/g/", None), &[]).is_none());
        // A namespace ending in `#`, or outside the base, moves nothing either.
        assert!(Places::of(
            &g,
            &config("https://x.example/g#", Some("https://x.example/g#")),
            &[]
        )
        .is_none());
        assert!(Places::of(
            &g,
            &config("https://x.example/g/", Some("https://y.example/c/")),
            &[]
        )
        .is_none());
    }

    #[test]
    fn concepts_below_the_base_have_their_pages_at_their_paths() {
        let g = glossary(&[
            r#"{"slug": "162", "term": "A", "definition": "d"}"#,
            r#"{"slug": "bar", "term": "B", "definition": "d", "iri": "https://x.example/uat/Bar_1"}"#,
            r#"{"slug": "elsewhere", "term": "C", "definition": "d", "iri": "https://y.example/c/9"}"#,
            r#"{"slug": "escaped", "term": "D", "definition": "d", "iri": "https://x.example/uat/a%20b"}"#,
            r#"{"slug": "mine", "term": "E", "definition": "d", "iri": "https://x.example/uat/term/mine"}"#,
            r#"{"slug": "reserved", "term": "F", "definition": "d", "iri": "https://x.example/uat/Topic/x"}"#,
            r#"{"slug": "sub", "term": "G", "definition": "d", "iri": "https://x.example/uat/162/sub/"}"#,
            r#"{"slug": "z-case", "term": "H", "definition": "d", "iri": "https://x.example/uat/BAR_1"}"#,
            r#"{"slug": "z-dot", "term": "I", "definition": "d", "iri": "https://x.example/uat/.hidden"}"#,
            r#"{"slug": "z-file", "term": "J", "definition": "d", "iri": "https://x.example/uat/162.ttl"}"#,
        ]);
        let ns = "https://x.example/uat/";
        let places = Places::of(&g, &config(ns, Some(ns)), &[]).unwrap();
        let paths: Vec<Option<&str>> = (0..10).map(|i| places.path(i)).collect();
        assert_eq!(
            paths,
            [
                Some("162"),
                Some("Bar_1"),
                None,
                None,
                None,
                None,
                Some("162/sub"),
                None,
                None,
                None
            ]
        );
        assert_eq!(places.card_at("162/sub"), Some(6));
        assert_eq!(places.card_at("term/mine"), None);
    }

    #[test]
    fn a_languages_folder_is_no_terms_path() {
        let g = glossary(&[
            r#"{"slug": "de", "term": "A", "definition": "d"}"#,
            r#"{"slug": "deep", "term": "B", "definition": "d"}"#,
            r#"{"slug": "sub", "term": "C", "definition": "d", "iri": "https://x.example/uat/DE/sub"}"#,
        ]);
        let ns = "https://x.example/uat/";
        let places = Places::of(&g, &config(ns, Some(ns)), &["de"]).unwrap();
        assert_eq!(places.path(0), None);
        assert_eq!(places.path(1), Some("deep"));
        assert_eq!(places.path(2), None);
        // Without the language, `de` is a term's path like any other.
        let places = Places::of(&g, &config(ns, Some(ns)), &[]).unwrap();
        assert_eq!(places.path(0), Some("de"));
    }
}
