//! What the home page (the A–Z index's first page, in each language) says about the
//! vocabulary, as Skosmos's vocabulary page does: its description, publisher, creator, licence,
//! dates and version from the scheme's `[metadata]`, its languages, how many concepts it has
//! (the deprecated ones apart), its top concepts, and the whole vocabulary to download in each
//! RDF format ([`crate::site::DOWNLOADS`]).
//!
//! A value of `[metadata]` is shown in the page's language when it has one there, else in the
//! main language's, else as it is; an IRI as a link when it is `http(s)`. The home is the
//! scheme's page: the scheme's IRI is the base's (or the base without its last `/`), which a
//! host answers with this page.

use super::{switch_name, term_link, Lang, TermLink};
use crate::config::MetaValue;
use crate::hierarchy::Target;
use crate::rdf::vocab::{dc, dcterms, expand, owl};
use crate::site::languages::Language;
use crate::site::{From, Site, DOWNLOADS};

/// How many top concepts the home lists before it leads to the tree for the others.
const TOPS_SHOWN: usize = 100;

/// A value of the scheme's metadata as the home shows it.
pub(super) struct Value<'a> {
    pub(super) text: &'a str,
    pub(super) lang: Lang<'a>,
    /// The link, for an `http(s)` IRI.
    pub(super) href: Option<&'a str>,
}

/// A language of the vocabulary in the home's list: its name in itself, and its home page.
pub(super) struct LanguageLink<'a> {
    pub(super) name: std::borrow::Cow<'a, str>,
    pub(super) tag: &'a str,
    pub(super) href: String,
}

/// The home's section on the vocabulary.
pub(super) struct About<'a> {
    /// The description, a paragraph per value.
    pub(super) description: Vec<Value<'a>>,
    /// Publisher, creator, licence, dates, version: each name with its values, those the
    /// metadata has.
    pub(super) facts: Vec<(&'static str, Vec<Value<'a>>)>,
    /// The site's languages, when it has several.
    pub(super) languages: Vec<LanguageLink<'a>>,
    /// How many concepts, and how many of them are deprecated (empty when none is).
    pub(super) concepts: String,
    pub(super) deprecated: String,
    /// The first top concepts, and whether there are more (in the tree).
    pub(super) tops: Vec<TermLink<'a>>,
    pub(super) more_tops: bool,
    /// Each format of the whole vocabulary: its name, link and media type.
    pub(super) downloads: Vec<(&'static str, String, &'static str)>,
}

/// The values of the scheme's metadata for the Dublin Core term `local` (`dcterms:` or the
/// older `dc:`), or for the property `iri`, as a page in `lang` shows them.
fn values<'a>(site: &Site<'a>, lang: &Language, iris: &[&str]) -> Vec<Value<'a>> {
    let config = site.config;
    let page = lang.page_lang.as_str();
    let all: Vec<&'a MetaValue> = config
        .metadata
        .iter()
        .filter(|(property, _)| iris.contains(&expand(property).as_ref()))
        .flat_map(|(_, values)| values)
        .collect();
    let tagged = |tag: &str| {
        all.iter().any(|v| {
            matches!(v, MetaValue::Literal { language: Some(l), .. } if l.eq_ignore_ascii_case(tag))
        })
    };
    // The literals in the page's language, else the main one's, else every one.
    let wanted: Option<&str> = if tagged(&lang.tag) {
        Some(&lang.tag)
    } else if tagged(&config.language) {
        Some(&config.language)
    } else {
        None
    };
    all.into_iter()
        .filter_map(|v| match v {
            MetaValue::Literal {
                text,
                language: Some(l),
                ..
            } => match wanted {
                Some(w) if !l.eq_ignore_ascii_case(w) => None,
                _ => Some(Value {
                    text,
                    lang: Lang::of(l, page),
                    href: None,
                }),
            },
            MetaValue::Literal { text, .. } => Some(Value {
                text,
                lang: Lang::NONE,
                href: None,
            }),
            MetaValue::Iri(iri) => Some(Value {
                text: iri,
                lang: Lang::NONE,
                href: (iri.starts_with("https://") || iri.starts_with("http://"))
                    .then_some(iri.as_str()),
            }),
        })
        .filter(|v| !v.text.trim().is_empty())
        .collect()
}

/// The home's section on the vocabulary, in `lang`, its links from the language's folder
/// (`root` leads to the site's root).
pub(super) fn about<'a>(site: &Site<'a>, lang: &'a Language, root: &str) -> About<'a> {
    let ui = lang.ui;
    let dublin = |term: oxigraph::model::NamedNodeRef<'static>| {
        let local = term.as_str().trim_start_matches(dcterms::NS);
        [term.as_str().to_owned(), format!("{}{local}", dc::NS)]
    };
    let fact = |name: &'static str, terms: &[oxigraph::model::NamedNodeRef<'static>]| {
        let iris: Vec<String> = terms.iter().flat_map(|&t| dublin(t)).collect();
        let iris: Vec<&str> = iris.iter().map(String::as_str).collect();
        (name, values(site, lang, &iris))
    };
    let description = fact("", &[dcterms::DESCRIPTION]).1;
    let mut facts: Vec<(&'static str, Vec<Value<'a>>)> = vec![
        fact(ui.publisher, &[dcterms::PUBLISHER]),
        fact(ui.creator, &[dcterms::CREATOR]),
        fact(ui.licence, &[dcterms::LICENSE, dcterms::RIGHTS]),
        fact(ui.created, &[dcterms::CREATED, dcterms::ISSUED]),
        fact(ui.modified, &[dcterms::MODIFIED]),
        (
            ui.version,
            values(site, lang, &[owl::VERSION_INFO.as_str()]),
        ),
    ];
    facts.retain(|(_, values)| !values.is_empty());
    let languages = site.languages();
    let languages = if languages.len() > 1 {
        languages
            .iter()
            .map(|other| LanguageLink {
                name: switch_name(&other.tag),
                tag: &other.tag,
                href: format!("{root}{}index.html", other.folder),
            })
            .collect()
    } else {
        Vec::new()
    };
    let cards = site.glossary.cards();
    let deprecated = cards
        .iter()
        .filter(|c| matches!(c.status(), Some("deprecated" | "obsolete")))
        .count();
    let (tops, more_tops) = match (&lang.tree, site.plan.hierarchy.as_ref()) {
        (Some(tree), Some(hierarchy)) => {
            let mut tops: Vec<usize> = (0..cards.len())
                .filter(|&i| {
                    !hierarchy
                        .broader(i)
                        .iter()
                        .any(|t| matches!(t, Target::Term(_)))
                })
                .collect();
            tops.sort_by_key(|&i| tree.rank(i));
            let more = tops.len() > TOPS_SHOWN;
            // The home is at the root of its language's folder.
            (
                tops.into_iter()
                    .take(TOPS_SHOWN)
                    .map(|i| term_link(site, lang, i, From::Root("")))
                    .collect(),
                more,
            )
        }
        _ => (Vec::new(), false),
    };
    About {
        description,
        facts,
        languages,
        concepts: ui.count(cards.len(), ui.concepts),
        deprecated: if deprecated > 0 {
            ui.count(deprecated, ui.deprecated_count)
        } else {
            String::new()
        },
        tops,
        more_tops,
        downloads: DOWNLOADS
            .iter()
            .map(|d| (d.name, format!("{root}{}", d.path), d.media_type))
            .collect(),
    }
}
