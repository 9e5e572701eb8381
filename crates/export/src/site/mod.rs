//! The glossary as a static website whose pages sit at the terms' IRIs (`glossgraph site`),
//! and the same pages answered one at a time by `glossgraph serve`.
//!
//! Every file of the site is a path and a function of the glossary: [`Site::get`] renders
//! one path, [`Site::paths`] lists them all, [`write`] writes them all into a folder (staged
//! beside it, then swapped in). `serve` calls [`Site::get`] for each request, so the preview
//! is the site byte for byte.
//!
//! The layout follows the IRIs: the term `{base}term/{slug}` has its page at
//! `term/{slug}/index.html` (what a static host answers for `term/{slug}/`, after its own
//! redirect from `term/{slug}`) and its RDF beside it (`term/{slug}.ttl`, `.jsonld`, `.rdf`, and `.nt` from `serve`:
//! the card's own graph of the export, the concept and its citations, provenance and cited
//! paragraphs); a concept with its own IRI below the base has them at that IRI's path
//! ([`places`]). Links are relative, so the site works from any folder and from `file://`.
//! A glossary with a hierarchy also has its tree (`tree/`, [`tree`]), and each term's page
//! its broader and narrower terms and a breadcrumb; one without has none of it, byte for byte.
//! Pages come from the templates in `templates/site/` through askama, which checks them at
//! compile time and escapes every value as HTML unless a template says otherwise (only the
//! JSON-LD block, escaped here, does).
//!
//! A glossary with texts in several languages has its pages once per language
//! ([`languages`]): the main language's at the paths above, each other language's at the same
//! paths in a folder of its own (`de/term/{slug}/index.html`, `de/162/index.html` for a page
//! at its IRI's path, `de/index.html`, `de/tree/index.html`), with the interface's text in
//! that language ([`ui`]) and its own A–Z order, search index and tree. The map, the
//! stylesheet, the scripts and the RDF are the site's alone, shared by every language.

mod groups;
pub mod languages;
pub mod letters;
mod notations;
mod pages;
mod places;
mod refusal;
mod shared;
pub mod tree;
pub mod ui;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use oxigraph::io::{JsonLdProfileSet, RdfFormat};
use rayon::prelude::*;

use crate::bundle::{cannot, staging_path, Staging};
use crate::config::Config;
use crate::hierarchy::Hierarchy;
use crate::output::ExportError;
use crate::rdf::write::{self as rdf_write, CardQuads, Writer};
use crate::Glossary;

pub use groups::{vocabulary_groups, VocabularyGroup};
pub use languages::Language;
pub(crate) use notations::{notation, notation_order};
pub use pages::SPLIT_INDEX_AT;
pub use refusal::{refusal, Guard, MARK};

/// A file of the site: its media type and bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// The media type, as served (`text/html; charset=utf-8`, `text/turtle`, …).
    pub media_type: &'static str,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// The RDF formats of a term's description: extension and media type. The site writes the
/// first three beside each page; `serve` also answers N-Triples (a fourth file per term would
/// add 27% to the site's bytes, for a format no reader needs from a page).
pub const ALTERNATES: [(&str, &str); 4] = [
    ("ttl", "text/turtle"),
    ("jsonld", "application/ld+json"),
    ("rdf", "application/rdf+xml"),
    ("nt", "application/n-triples"),
];

/// How many of [`ALTERNATES`] the site writes as files.
const WRITTEN_ALTERNATES: usize = 3;

/// The files the site writes at its root (its folders aside), in the order
/// [`Site::shared_paths`] lists them. No term's page may take one of their names.
pub(crate) const ROOT_FILES: [&str; 8] = [
    "index.html",
    "404.html",
    "map.html",
    "site.css",
    "search.js",
    "search-index.js",
    "sitemap.xml",
    ".htaccess",
];

/// A file of the whole vocabulary in one RDF format, which the home page offers to
/// download: the export's (`glossgraph export`) in that format.
pub(crate) struct Download {
    /// Its path below the site's root.
    pub(crate) path: &'static str,
    /// The format's name, as the link says it.
    pub(crate) name: &'static str,
    pub(crate) media_type: &'static str,
    format: fn() -> RdfFormat,
}

/// The whole vocabulary in each RDF format the site's pages have, and N-Triples, in
/// `download/` (a first segment no term's page may take).
pub(crate) const DOWNLOADS: [Download; 4] = [
    Download {
        path: "download/glossary.ttl",
        name: "Turtle",
        media_type: "text/turtle",
        format: || RdfFormat::Turtle,
    },
    Download {
        path: "download/glossary.jsonld",
        name: "JSON-LD",
        media_type: "application/ld+json",
        format: || RdfFormat::JsonLd {
            profile: JsonLdProfileSet::empty(),
        },
    },
    Download {
        path: "download/glossary.rdf",
        name: "RDF/XML",
        media_type: "application/rdf+xml",
        format: || RdfFormat::RdfXml,
    },
    Download {
        path: "download/glossary.nt",
        name: "N-Triples",
        media_type: "application/n-triples",
        format: || RdfFormat::NTriples,
    },
];

/// The download at `path`, if it is one.
fn download(path: &str) -> Option<&'static Download> {
    DOWNLOADS.iter().find(|d| d.path == path)
}

/// What every page needs that takes a pass over the whole glossary, computed once: the
/// languages with their A–Z orders, letters and trees, the places of the pages, and the RDF
/// prefixes. `serve` keeps one for its whole run.
pub struct Plan {
    /// The site's languages, the main one first, each with its A–Z order, letters and tree.
    languages: Vec<Language>,
    /// What the build should say about the languages.
    notes: Vec<String>,
    prefixes: Vec<(&'static str, String)>,
    /// Where the terms' IRIs start (`{base}term/`): a link there is a term link.
    term_iris: String,
    /// For each card, the cards whose texts link to it.
    linked_from: Vec<Vec<u32>>,
    /// The pages that are not at `term/{slug}/`, if any.
    places: Option<places::Places>,
    /// The broader and narrower terms, when a card has any.
    hierarchy: Option<Hierarchy>,
    /// The vocabulary's groups, when its settings name any.
    groups: Option<groups::Groups>,
}

impl Plan {
    /// The plan of the site of `glossary` under `config`.
    pub fn new(glossary: &Glossary, config: &Config) -> Self {
        let (tags, notes) = languages::languages(glossary, config);
        let mut term_iris = String::new();
        crate::rdf::vocab::push_term_iri(&mut term_iris, &config.base, "");
        let hierarchy = Some(Hierarchy::of(glossary)).filter(|h| !h.is_empty());
        // The other languages' folders are the site's own: no page at its IRI's path goes there.
        let folders: Vec<&str> = tags[1..]
            .iter()
            .map(|(_, folder)| folder.trim_end_matches('/'))
            .collect();
        let places = places::Places::of(glossary, config, &folders);
        let groups = groups::Groups::of(glossary, config, places.as_ref(), &folders);
        let languages = tags
            .into_iter()
            .map(|(tag, folder)| Language::new(glossary, config, tag, folder, hierarchy.as_ref()))
            .collect();
        Self {
            languages,
            notes,
            places,
            hierarchy,
            groups,
            prefixes: rdf_write::prefixes(glossary, config),
            linked_from: glossary.linked_from(&term_iris),
            term_iris,
        }
    }

    /// The site's languages, the main one first.
    pub fn languages(&self) -> &[Language] {
        &self.languages
    }

    /// What the site's build should say: each language whose interface falls back to English,
    /// each tag of the cards that cannot have pages.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }
}

/// The site of one glossary.
pub struct Site<'a> {
    pub(crate) glossary: &'a Glossary,
    pub(crate) config: &'a Config,
    quads: CardQuads<'a>,
    plan: &'a Plan,
    /// Per topic, the other topics its terms link to ([`Site::linked_topics`]), made on first
    /// use.
    linked_topics: OnceLock<Vec<Vec<(usize, usize)>>>,
    /// Each card by its concept's IRI, for the mappings a page shows ([`Site::card_at`]),
    /// made on first use: a glossary without mappings never makes it.
    by_iri: OnceLock<std::collections::HashMap<String, usize>>,
}

impl<'a> Site<'a> {
    /// The site of `glossary` under `config`, as `plan` (made of the same two) lays it out.
    pub fn new(glossary: &'a Glossary, config: &'a Config, plan: &'a Plan) -> Self {
        Self {
            glossary,
            config,
            quads: CardQuads::new(glossary, config),
            plan,
            linked_topics: OnceLock::new(),
            by_iri: OnceLock::new(),
        }
    }

    /// The card whose concept has the IRI `iri`, if the glossary has it.
    pub(crate) fn card_at(&self, iri: &str) -> Option<usize> {
        let iri_of = |card| {
            let mut iri = String::new();
            crate::rdf::write::push_concept_iri(&mut iri, card, self.config);
            iri
        };
        let cards = self.glossary.cards().iter().enumerate();
        let by_iri = (self.by_iri).get_or_init(|| cards.map(|(i, c)| (iri_of(c), i)).collect());
        by_iri.get(iri).copied()
    }

    /// The topics the terms of topic `at` link to, with the number of links, most linked
    /// first ([`pages::linked_topics`], counted for every topic on first use).
    pub(crate) fn linked_topics(&self, at: usize) -> &[(usize, usize)] {
        &self
            .linked_topics
            .get_or_init(|| pages::linked_topics(self.glossary))[at]
    }

    /// The glossary's title for pages in `tag`: a `dcterms:title` of `[metadata]` in that
    /// language (an imported vocabulary's title in each of its languages), else `title` in the
    /// main language.
    pub(crate) fn title(&self, tag: &str) -> languages::Said<'a, &'a str> {
        let config = self.config;
        let translated = config.metadata.get("dcterms:title").and_then(|values| {
            values.iter().find_map(|v| match v {
                crate::config::MetaValue::Literal {
                    text,
                    language: Some(language),
                    datatype: None,
                } if language.eq_ignore_ascii_case(tag) && !text.trim().is_empty() => {
                    Some(languages::Said {
                        text: text.as_str(),
                        lang: language.as_str(),
                    })
                }
                _ => None,
            })
        });
        translated.unwrap_or(languages::Said {
            text: config.title.as_str(),
            lang: config.language.as_str(),
        })
    }

    /// The glossary's main language.
    fn main(&self) -> &'a Language {
        &self.plan.languages[0]
    }

    /// The site's languages, the main one first.
    pub fn languages(&self) -> &'a [Language] {
        &self.plan.languages
    }

    /// The language whose pages a reader whose browser sends `accept_language` (the value of
    /// an `Accept-Language` header) gets: the best of the site's languages by RFC 4647's
    /// lookup ([`languages::negotiate`]), else the main language.
    pub fn language_for(&self, accept_language: &str) -> &'a Language {
        let languages = &self.plan.languages;
        languages::negotiate(accept_language, languages.iter().map(|l| l.tag.as_str()))
            .map_or(&languages[0], |i| &languages[i])
    }

    /// The language whose folder `path` is in, and the path inside that folder.
    fn language_of<'p>(&self, path: &'p str) -> (&'a Language, &'p str) {
        for lang in &self.plan.languages[1..] {
            if let Some(rest) = path.strip_prefix(lang.folder.as_str()) {
                return (lang, rest);
            }
        }
        (self.main(), path)
    }

    /// The paths of the site's files but the terms' own ([`Site::term_files`]): the index,
    /// the shared files, the letters', topics' and tree's pages, in each language; relative to
    /// its folder, in a fixed order.
    pub fn shared_paths(&self) -> Vec<String> {
        let mut paths: Vec<String> = ROOT_FILES
            .into_iter()
            .chain(["topic/index.html"])
            .chain(DOWNLOADS.iter().map(|d| d.path))
            .map(str::to_owned)
            .collect();
        for (at, lang) in self.plan.languages.iter().enumerate() {
            let folder = &lang.folder;
            if at > 0 {
                for path in ["index.html", "search-index.js", "topic/index.html"] {
                    paths.push(format!("{folder}{path}"));
                }
            }
            if self.split_index() {
                for letter in &lang.letters {
                    paths.push(format!("{folder}letter/{}/index.html", letter.slug));
                }
            }
            for topic in self.glossary.map().topics() {
                paths.push(format!("{folder}topic/{}/index.html", topic.id));
            }
            if let Some(tree) = &lang.tree {
                paths.extend(
                    (0..tree.pages.len()).map(|page| format!("{folder}{}", tree_page(page))),
                );
            }
            for group in self.plan.groups.iter().flat_map(|g| &g.list) {
                paths.push(format!("{folder}{}/index.html", group.path));
            }
        }
        paths
    }

    /// The path of card `index`'s page below the site's root, without its `/index.html`:
    /// `term/{slug}`, or where its IRI is ([`places`]).
    pub(crate) fn page_path(&self, index: usize) -> String {
        match self.plan.places.as_ref().and_then(|p| p.path(index)) {
            Some(path) => path.to_owned(),
            None => format!("term/{}", self.glossary.cards()[index].slug()),
        }
    }

    /// The address of card `index`'s page in the main language, as the `hreflang` links of
    /// its other languages' pages name it: the concept's IRI when the page is at that IRI's
    /// path, else the term's IRI, `{base}term/{slug}`.
    pub(crate) fn main_page_url(&self, index: usize) -> String {
        let card = &self.glossary.cards()[index];
        let mut iri = String::new();
        if self
            .plan
            .places
            .as_ref()
            .and_then(|p| p.path(index))
            .is_some()
        {
            rdf_write::push_concept_iri(&mut iri, card, self.config);
        } else {
            crate::rdf::vocab::push_term_iri(&mut iri, &self.config.base, card.slug());
        }
        iri
    }

    /// Every card's [`Site::page_path`], for the map's links, when some page is not in
    /// `term/` (the map finds those by slug).
    fn map_paths(&self) -> Option<Vec<String>> {
        self.plan.places.as_ref()?;
        Some(
            (0..self.glossary.cards().len())
                .map(|i| self.page_path(i))
                .collect(),
        )
    }

    /// The card whose IRI's path is `path` (`term/{slug}`, or one of [`places`]), if any:
    /// where `serve` answers the term in the format asked for.
    pub fn term_at(&self, path: &str) -> Option<usize> {
        if let Some(i) = self.plan.places.as_ref().and_then(|p| p.card_at(path)) {
            return Some(i);
        }
        let slug = path.strip_prefix("term/")?;
        let node = self.glossary.node(slug)?;
        let i = node.index();
        (i < self.glossary.cards().len() && self.page_path(i) == path).then_some(i)
    }

    /// The link to card `index`'s page from a page at `from`.
    pub(crate) fn href(&self, from: From<'_>, index: usize) -> String {
        Self::href_to(from, &self.page_path(index))
    }

    /// The link to the page at `to` (below a language's folder, without `/index.html`) from
    /// a page at `from`.
    pub(crate) fn href_to(from: From<'_>, to: &str) -> String {
        match from {
            From::Root(root) => format!("{root}{to}/index.html"),
            From::Term(here) => {
                let here: Vec<&str> = here.split('/').collect();
                let there: Vec<&str> = to.split('/').collect();
                let common = here.iter().zip(&there).take_while(|(a, b)| a == b).count();
                let mut href = "../".repeat(here.len() - common);
                for segment in &there[common..] {
                    href.push_str(segment);
                    href.push('/');
                }
                href.push_str("index.html");
                href
            }
        }
    }

    /// The file at `path` (relative, without a leading `/`; a folder's path ending in `/`
    /// means its `index.html`), or `None` when the site has no such file.
    ///
    /// # Errors
    /// Only a failure of the RDF serializer (none is expected of a checked glossary).
    pub fn get(&self, path: &str) -> Result<Option<File>, ExportError> {
        let path = if path.is_empty() || path.ends_with('/') {
            format!("{path}index.html")
        } else {
            path.to_owned()
        };
        let html = |text: String| {
            Some(File {
                media_type: "text/html; charset=utf-8",
                bytes: text.into_bytes(),
            })
        };
        Ok(match path.as_str() {
            "404.html" => html(pages::not_found(
                self,
                self.main(),
                "",
                &[],
                pages::NotFoundRoot::File {
                    path: &self.root_path(),
                },
            )?),
            "map.html" => {
                let mut bytes = Vec::new();
                let paths = self.map_paths();
                crate::html::write_in_site(
                    self.glossary,
                    self.config,
                    paths.as_deref(),
                    &mut bytes,
                )?;
                Some(File {
                    media_type: "text/html; charset=utf-8",
                    bytes,
                })
            }
            "site.css" => Some(File {
                media_type: "text/css; charset=utf-8",
                bytes: self.stylesheet().into_bytes(),
            }),
            "search.js" => Some(File {
                media_type: "text/javascript; charset=utf-8",
                bytes: self.search_script().as_bytes().to_vec(),
            }),
            "sitemap.xml" => Some(File {
                media_type: "application/xml",
                bytes: self.sitemap()?.into_bytes(),
            }),
            ".htaccess" => Some(File {
                media_type: "text/plain; charset=utf-8",
                bytes: self.htaccess().into_bytes(),
            }),
            _ if download(&path).is_some() => {
                let d = download(&path).expect("a download");
                let mut bytes = Vec::new();
                rdf_write::write(self.glossary, self.config, (d.format)(), &mut bytes)?;
                Some(File {
                    media_type: d.media_type,
                    bytes,
                })
            }
            _ => {
                let (lang, rest) = self.language_of(&path);
                match rest {
                    "index.html" => html(pages::index(self, lang, None)?),
                    "search-index.js" => Some(File {
                        media_type: "text/javascript; charset=utf-8",
                        bytes: self.search_index(lang),
                    }),
                    "topic/index.html" => html(pages::topics(self, lang)?),
                    _ => self.get_under(lang, rest)?,
                }
            }
        })
    }

    /// The files below `letter/`, `topic/`, `tree/` and `term/` of the language `lang`
    /// (`path` is inside its folder), and the terms' pages at their IRIs' paths; in the main
    /// language, the terms' RDF beside their pages.
    fn get_under(&self, lang: &'a Language, path: &str) -> Result<Option<File>, ExportError> {
        let html = |text: String| File {
            media_type: "text/html; charset=utf-8",
            bytes: text.into_bytes(),
        };
        if let Some(rest) = path.strip_prefix("letter/") {
            let Some(slug) = rest.strip_suffix("/index.html") else {
                return Ok(None);
            };
            let found = self
                .split_index()
                .then(|| lang.letters.iter().position(|letter| letter.slug == slug));
            return match found.flatten() {
                Some(at) => Ok(Some(html(pages::index(self, lang, Some(at))?))),
                None => Ok(None),
            };
        }
        if let Some(rest) = path.strip_prefix("topic/") {
            let Some(id) = rest.strip_suffix("/index.html") else {
                return Ok(None);
            };
            let topics = self.glossary.map().topics();
            return match topics.iter().position(|t| t.id == id) {
                Some(at) => Ok(Some(html(pages::topic(self, lang, at)?))),
                None => Ok(None),
            };
        }
        if let (Some(tree), Some(rest)) = (&lang.tree, path.strip_prefix("tree/")) {
            let page = match rest {
                "index.html" => Some(0),
                _ => rest
                    .strip_suffix("/index.html")
                    .filter(|n| !n.starts_with('0'))
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|&n| n < tree.pages.len()),
            };
            return match page {
                Some(page) => Ok(Some(html(pages::tree(self, lang, tree, page)?))),
                None => Ok(None),
            };
        }
        if let Some(at) = path.strip_suffix("/index.html") {
            if let Some(i) = self.term_at(at) {
                return Ok(Some(html(pages::term(self, lang, i)?)));
            }
            return match self.plan.groups.as_ref().and_then(|g| Some((g, g.at(at)?))) {
                Some((groups, g)) => Ok(Some(html(pages::group(self, lang, groups, g)?))),
                None => Ok(None),
            };
        }
        if !lang.is_main() {
            return Ok(None);
        }
        for (extension, media_type) in ALTERNATES {
            let Some(at) = path.strip_suffix(&format!(".{extension}")[..]) else {
                continue;
            };
            return match self.term_at(at) {
                Some(i) => Ok(Some(File {
                    media_type,
                    bytes: self.rdf(i, extension)?,
                })),
                None => Ok(None),
            };
        }
        Ok(None)
    }

    /// The page `serve` answers for a path the site does not have: the 404 page, offering
    /// the terms nearest to what was asked for, in the language of the folder the path is in.
    ///
    /// # Errors
    /// None expected; those of the template.
    /// `root` is the path the site is served at (`/` for `serve`).
    pub fn not_found(&self, path: &str, root: &str) -> Result<File, ExportError> {
        let (lang, _) = self.language_of(path);
        let wanted = path
            .trim_end_matches('/')
            .rsplit('/')
            .next()
            .unwrap_or("")
            .trim_end_matches(".html");
        // Slugs are lower case: `ROCE-V3` is near `roce-v2`.
        let folded = wanted.to_lowercase();
        let nearest: Vec<usize> = self
            .glossary
            .suggest(&folded)
            .and_then(|slug| self.glossary.node(slug))
            .map(|n| n.index())
            .into_iter()
            .chain(self.sharing_prefix(&folded, 5))
            .fold(Vec::new(), |mut all, i| {
                if !all.contains(&i) {
                    all.push(i);
                }
                all
            });
        Ok(File {
            media_type: "text/html; charset=utf-8",
            bytes: pages::not_found(
                self,
                lang,
                wanted,
                &nearest,
                pages::NotFoundRoot::Served { root },
            )?
            .into_bytes(),
        })
    }

    /// Up to `n` cards whose slugs share the longest start with `wanted` (three characters
    /// at least).
    fn sharing_prefix(&self, wanted: &str, n: usize) -> Vec<usize> {
        let cards = self.glossary.cards();
        let ends: Vec<usize> = wanted
            .char_indices()
            .map(|(at, c)| at + c.len_utf8())
            .filter(|&end| end >= 3)
            .collect();
        for &end in ends.iter().rev() {
            let prefix = &wanted[..end];
            let from = cards.partition_point(|c| c.slug() < prefix);
            let found: Vec<usize> = (from..cards.len())
                .take_while(|&i| cards[i].slug().starts_with(prefix))
                .take(n)
                .collect();
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }

    /// Where a link of a card's text goes when its target is a term: the term's page, from a
    /// page at `from`.
    fn term_link(&self, target: &str, from: From<'_>) -> Option<crate::markdown::Link> {
        let index = self.glossary.term_link(target, &self.plan.term_iris)?;
        let href = self.href(from, index);
        Some(crate::markdown::Link { index, href })
    }

    /// A definition as the index and topic pages show it: HTML, its term links relative to
    /// the language's folder at `home`.
    fn definition_html(&self, definition: &str, home: &str) -> String {
        let no_cite = |_: &str| None;
        let term = |target: &str| self.term_link(target, From::Root(home));
        let (html, _) = crate::markdown::to_html_inline(
            definition,
            &crate::markdown::Targets {
                cite: &no_cite,
                term: &term,
                heading_top: 3,
            },
        );
        html
    }

    /// Whether the A–Z index is split into a page per initial.
    pub(crate) fn split_index(&self) -> bool {
        self.glossary.cards().len() > SPLIT_INDEX_AT
    }

    /// The description of card `index` in the format of `extension`.
    fn rdf(&self, index: usize, extension: &str) -> Result<Vec<u8>, ExportError> {
        let [bytes] = self.rdf_of(index, [extension])?;
        Ok(bytes)
    }

    /// A card's description in the format of each of `extensions`, from one mapping of the
    /// card ([`CardQuads::write_each`]).
    fn rdf_of<const N: usize>(
        &self,
        index: usize,
        extensions: [&str; N],
    ) -> Result<[Vec<u8>; N], ExportError> {
        let format = |extension| match extension {
            "ttl" => RdfFormat::Turtle,
            "jsonld" => RdfFormat::JsonLd {
                profile: JsonLdProfileSet::empty(),
            },
            "nt" => RdfFormat::NTriples,
            _ => RdfFormat::RdfXml,
        };
        let mut writers = Vec::with_capacity(N);
        for extension in extensions {
            writers.push(Writer::new(
                format(extension),
                &self.plan.prefixes,
                Vec::new(),
            )?);
        }
        self.quads.write_each(index, &mut writers)?;
        let mut out = [(); N].map(|()| Vec::new());
        for (bytes, writer) in out.iter_mut().zip(writers) {
            *bytes = writer.finish()?.0;
        }
        Ok(out)
    }

    /// The files of the term `index`, each with its path, to `each` in turn, as [`Site::get`]
    /// answers them: its page in each language (the same path in each language's folder) and
    /// its RDF beside the main language's, made from one mapping of the card, not one per
    /// format.
    ///
    /// # Errors
    /// Those of [`Site::get`], and the first of `each`.
    fn term_files(
        &self,
        index: usize,
        mut each: impl FnMut(&str, File) -> Result<(), ExportError>,
    ) -> Result<(), ExportError> {
        let html = |text: String| File {
            media_type: "text/html; charset=utf-8",
            bytes: text.into_bytes(),
        };
        let path = self.page_path(index);
        each(
            &format!("{path}/index.html"),
            html(pages::term(self, self.main(), index)?),
        )?;
        let written: [(&str, &str); WRITTEN_ALTERNATES] = std::array::from_fn(|i| ALTERNATES[i]);
        let all = self.rdf_of(index, written.map(|(extension, _)| extension))?;
        for ((extension, media_type), bytes) in written.into_iter().zip(all) {
            each(&format!("{path}.{extension}"), File { media_type, bytes })?;
        }
        for lang in &self.plan.languages[1..] {
            each(
                &format!("{}{path}/index.html", lang.folder),
                html(pages::term(self, lang, index)?),
            )?;
        }
        Ok(())
    }
}

/// Where a page that links a term is, which its relative links start from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum From<'p> {
    /// A page reached from the site's root through `root` (`""`, `../../`; `/` for a page
    /// `serve` answers at any path).
    Root(&'p str),
    /// The page of the term at this path ([`Site::page_path`]).
    Term(&'p str),
}

/// The path of page `page` of the tree: `tree/index.html`, then `tree/{n}/index.html`.
pub(crate) fn tree_page(page: usize) -> String {
    if page == 0 {
        "tree/index.html".to_owned()
    } else {
        format!("tree/{page}/index.html")
    }
}

/// What [`MARK`] says to whoever opens it.
const MARK_TEXT: &str = "This folder is a website written by `glossgraph site`, which replaces it \
whole on its next run.\nA file put here is deleted then; remove this file to keep glossgraph \
from writing here.\n";

/// What [`write`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Files written.
    pub files: usize,
    /// Bytes written.
    pub bytes: u64,
    /// What the build has to say about the site's languages ([`Plan::notes`]).
    pub notes: Vec<String>,
}

/// Writes the whole site of `glossary` into the folder `out`, all or nothing: into a staging
/// folder beside it, then swapped in (the old site moved aside, the new one renamed into
/// place, the old one removed). The new site holds [`MARK`], so the next run may replace it.
///
/// # Errors
/// `out` may not be replaced ([`refusal`] says why); a page that cannot be rendered, or an
/// I/O error. `out` is then left as it was.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    out: &Path,
    guard: &Guard,
) -> Result<Written, ExportError> {
    if let Some(reason) = refusal(out, guard) {
        return Err(ExportError::Unwritable(reason));
    }
    let plan = Plan::new(glossary, config);
    let site = Site::new(glossary, config, &plan);
    let staging = Staging {
        path: staging_path(out),
    };
    let _ = fs::remove_dir_all(&staging.path);
    fs::create_dir_all(&staging.path).map_err(cannot("create", &staging.path))?;
    // The files every page shares and the topics' pages, then each term's four files: listed
    // as numbers, not paths, so that a glossary of a million terms has no list of four
    // million paths to hold.
    let shared = site.shared_paths();
    for path in &shared {
        if let Some(parent) = Path::new(path).parent() {
            let folder = staging.path.join(parent);
            fs::create_dir_all(&folder).map_err(cannot("create", &folder))?;
        }
    }
    fs::write(staging.path.join(MARK), MARK_TEXT).map_err(cannot("write", &staging.path))?;
    let places = plan.places.as_ref();
    // The folders of the terms' pages, one per language (`term/`, `de/term/`); not when every
    // page is at its IRI's path (an imported vocabulary's): no empty folder.
    let term_folders: Vec<PathBuf> = plan
        .languages()
        .iter()
        .map(|lang| staging.path.join(format!("{}term", lang.folder)))
        .collect();
    if places.is_none_or(|p| p.len() < glossary.cards().len()) {
        for folder in &term_folders {
            fs::create_dir_all(folder).map_err(cannot("create", folder))?;
        }
    }
    let cards = glossary.cards();
    let items = shared.len() + cards.len();
    // Pages are rendered and written on every core, a run of items at a time; each run stops
    // at its first error, and the first in the items' order is the one returned.
    const RUN: usize = 64;
    let map_paths = site.map_paths();
    let parts: Vec<Result<(usize, u64), ExportError>> = (0..items.div_ceil(RUN))
        .into_par_iter()
        .map(|k| {
            let run = k * RUN..((k + 1) * RUN).min(items);
            let (mut files, mut bytes) = (0, 0);
            // Writes one file, returns its size.
            let put = |path: &str, file: File| -> Result<u64, ExportError> {
                let target = staging.path.join(path);
                fs::write(&target, &file.bytes).map_err(cannot("write", &target))?;
                Ok(file.bytes.len() as u64)
            };
            for item in run {
                match shared.get(item) {
                    Some(path) if path == "map.html" => {
                        // Streamed to its file: the map of 100k terms is 160 MB, which the
                        // site would otherwise hold whole.
                        let target = staging.path.join(path);
                        crate::html::write_file_in_site(
                            glossary,
                            config,
                            map_paths.as_deref(),
                            &target,
                        )
                        .map_err(cannot("write", &target))?;
                        files += 1;
                        bytes += fs::metadata(&target).map_or(0, |m| m.len());
                    }
                    Some(path) if download(path).is_some() => {
                        // Streamed to its file, as the map is: the whole vocabulary.
                        let d = download(path).expect("a download");
                        let target = staging.path.join(path);
                        let file = fs::File::create(&target).map_err(cannot("write", &target))?;
                        rdf_write::write(glossary, config, (d.format)(), file)?;
                        files += 1;
                        bytes += fs::metadata(&target).map_or(0, |m| m.len());
                    }
                    Some(path) => {
                        let file = site.get(path)?.expect("every listed path has a file");
                        files += 1;
                        bytes += put(path, file)?;
                    }
                    None => {
                        let index = item - shared.len();
                        let at_path = places.and_then(|p| p.path(index));
                        for (lang, term_folder) in plan.languages().iter().zip(&term_folders) {
                            match at_path {
                                // Folders on the way may be another term's, made by another
                                // thread.
                                Some(path) => {
                                    let folder =
                                        staging.path.join(format!("{}{path}", lang.folder));
                                    fs::create_dir_all(&folder)
                                        .map_err(cannot("create", &folder))?;
                                }
                                None => {
                                    let folder = term_folder.join(cards[index].slug());
                                    fs::create_dir(&folder).map_err(cannot("create", &folder))?;
                                }
                            }
                        }
                        site.term_files(index, |path, file| {
                            files += 1;
                            bytes += put(path, file)?;
                            Ok(())
                        })?;
                    }
                }
            }
            Ok::<_, ExportError>((files, bytes))
        })
        .collect();
    let mut written = Written {
        files: 0,
        bytes: 0,
        notes: plan.notes().to_vec(),
    };
    for part in parts {
        let (files, bytes) = part?;
        written.files += files;
        written.bytes += bytes;
    }
    // The old site goes aside under a name of its own (removed on drop), the new one in.
    let old = Staging {
        path: PathBuf::from(format!("{}.old", staging.path.display())),
    };
    let _ = fs::remove_dir_all(&old.path);
    if out.exists() {
        fs::rename(out, &old.path).map_err(cannot("move aside", out))?;
    }
    if let Err(e) = fs::rename(&staging.path, out) {
        let _ = fs::rename(&old.path, out);
        return Err(cannot("replace", out)(e));
    }
    Ok(written)
}
