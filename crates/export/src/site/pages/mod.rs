//! The site's HTML pages and its sitemap: what each template is given, built from the
//! glossary, and the templates themselves (`templates/site/*.html`, every value escaped as
//! HTML, and `sitemap.xml`, escaped as XML; checked at compile time by askama).
//!
//! Each page is rendered in one of the site's languages ([`Language`]): its interface text
//! comes from the language's [`Ui`] table, the glossary's texts from the card's texts in that
//! language, and every element whose text is in another language than the page's carries
//! `lang` ([`Lang`]).

mod group;
mod home;
mod term;
mod tree;

use std::borrow::Cow;
use std::fmt;

use askama::Template;

use super::languages::{self, Language, Said};
use super::ui::{self, Ui};
use super::{From, Site};
use crate::html::script_safe;
use crate::output::ExportError;
use crate::Glossary;

pub(super) use self::group::group;
pub(super) use self::term::term;
pub(super) use self::tree::tree;

/// Past this many terms the A–Z index is a page per initial, with the letters and their
/// counts on `index.html`: one page of 5,000 definitions is about 1.5 MB, as much as a
/// browser renders and prints comfortably.
pub const SPLIT_INDEX_AT: usize = 5_000;

/// The stylesheet every page shares (`site.css`; status and topic colours are appended).
pub(super) const STYLE: &str = include_str!("../site.css");
/// The rules of the language switcher, appended to the stylesheet of a site of several
/// languages (a site of one has no switcher, and its stylesheet stays as it was).
pub(super) const LANGUAGES_STYLE: &str =
    "header.site nav a[aria-current] { color: var(--fg); font-weight: 600; text-decoration: none; }\n";
/// The search box's script (`search.js`), over the index in `search-index.js`.
pub(super) const SEARCH_SCRIPT: &str = include_str!("../search.js");

/// The expression of [`SEARCH_SCRIPT`] that makes a result's link, and the one a site with
/// pages outside `term/` uses instead: the path `search-index.js` gives by slug in
/// `glossgraphPages`, when it gives one. Only such a site's script has the second, so every
/// other site keeps its `search.js` byte for byte.
const SEARCH_PAGE: &str = r#"root + "term/" + encodeURIComponent(entry.slug) + "/index.html""#;
const SEARCH_PAGE_AT_PATHS: &str = r#"root + (window.glossgraphPages && Object.hasOwn(window.glossgraphPages, entry.slug) ? window.glossgraphPages[entry.slug] : "term/" + encodeURIComponent(entry.slug)) + "/index.html""#;

/// The site's `search.js`, for a site with pages outside `term/` (`at_paths`) or without.
pub(super) fn search_script(at_paths: bool) -> Cow<'static, str> {
    if at_paths {
        SEARCH_SCRIPT
            .replacen(SEARCH_PAGE, SEARCH_PAGE_AT_PATHS, 1)
            .into()
    } else {
        SEARCH_SCRIPT.into()
    }
}

/// The style of the breadcrumbs and the tree, added to `site.css` when the glossary has a
/// hierarchy.
pub(super) const HIERARCHY_STYLE: &str = include_str!("../hierarchy.css");

/// A `lang` attribute, written before an element's `>`: ` lang="de"`, or nothing when the
/// element's text is in the page's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Lang<'a>(Option<&'a str>, Option<&'static str>);

impl<'a> Lang<'a> {
    /// No attribute: a text in the page's language.
    const NONE: Lang<'static> = Lang(None, None);

    /// The attributes for a text in `text`'s language on a page in `page`'s: its `lang`, and
    /// its `dir` where it is written the other way ([`languages::is_right_to_left`]).
    fn of(text: &'a str, page: &str) -> Self {
        if text.eq_ignore_ascii_case(page) {
            return Self::NONE;
        }
        let rtl = languages::is_right_to_left(text);
        let dir =
            (rtl != languages::is_right_to_left(page)).then_some(if rtl { "rtl" } else { "ltr" });
        Self(Some(text), dir)
    }

    /// The attribute for `said` on a page in `page`'s language: none for an empty text,
    /// which is in no language.
    fn of_text(said: Said<'a, &str>, page: &str) -> Self {
        if said.text.trim().is_empty() {
            Self::NONE
        } else {
            Self::of(said.lang, page)
        }
    }

    fn is_some(&self) -> bool {
        self.0.is_some()
    }
}

impl fmt::Display for Lang<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(tag) => {
                write!(f, " lang=\"{}\"", escape(tag))?;
                match self.1 {
                    Some(dir) => write!(f, " dir=\"{dir}\""),
                    None => Ok(()),
                }
            }
            None => Ok(()),
        }
    }
}

/// `text` escaped as the templates escape every value.
fn escape(text: &str) -> String {
    let Ok(escaped) = askama::filters::escape(text, askama::filters::Html);
    escaped.to_string()
}

/// A text of the glossary as HTML inside a page's text: escaped, and in a `<span lang>` when
/// it is not in the page's language.
fn inline(said: Said<'_, &str>, page: &str) -> String {
    match Lang::of(said.lang, page).0 {
        Some(_) => format!(
            "<span{}>{}</span>",
            Lang::of(said.lang, page),
            escape(said.text)
        ),
        None => escape(said.text),
    }
}

/// The versions of a page in the site's languages: where each is, for the language switcher
/// and the `<link rel="alternate" hreflang>` of the page's head.
#[derive(Clone, Copy)]
enum Here<'a> {
    Index,
    Letter(&'a str),
    Topics,
    Topic(&'a str),
    /// A page of the tree: the first (`None`), or the one continuing a card's narrower terms.
    Tree(Option<u32>),
    /// The page of a card.
    Term(usize),
    /// The page of a group, at this path.
    Group(&'a str),
}

impl Here<'_> {
    /// The page's folder inside its language's folder (`term/roce-v2/`, `162/`), if `lang`
    /// has it.
    fn inner(self, site: &Site<'_>, lang: &Language) -> Option<String> {
        Some(match self {
            Here::Index => String::new(),
            Here::Letter(slug) => {
                if !lang.letters.iter().any(|l| l.slug == slug) {
                    return None;
                }
                format!("letter/{slug}/")
            }
            Here::Topics => "topic/".to_owned(),
            Here::Topic(id) => format!("topic/{id}/"),
            Here::Tree(None) => "tree/".to_owned(),
            // The languages' trees are in their own orders: a page that continues a term's
            // narrower terms in one may not exist in another.
            Here::Tree(Some(root)) => {
                let pages = &lang.tree.as_ref()?.pages;
                let at = pages.iter().position(|p| p.root == Some(root))?;
                super::tree_page(at)
                    .strip_suffix("index.html")
                    .unwrap_or_default()
                    .to_owned()
            }
            Here::Term(index) => format!("{}/", site.page_path(index)),
            Here::Group(path) => format!("{path}/"),
        })
    }

    /// Where the switcher leads in a language that has no version of the page: its tree for
    /// a page of the tree, else its index.
    fn fallback(self) -> &'static str {
        match self {
            Here::Tree(_) => "tree/",
            _ => "",
        }
    }
}

/// A link of the language switcher.
struct Switch<'a> {
    tag: &'a str,
    name: std::borrow::Cow<'a, str>,
    href: String,
    current: bool,
}

/// A language's name in the switcher: its interface table's name in itself (`Deutsch`), with
/// the tag when the table is a broader language's (`English (en-GB)` beside `English`); for
/// a language without a table its name in itself all the same (`Русский`, `العربية (ar-EG)`),
/// and the bare tag only for a language [`languages::native_name`] does not know.
fn switch_name(tag: &str) -> std::borrow::Cow<'_, str> {
    match ui::Ui::lookup(tag) {
        Some(ui) if ui.tag.eq_ignore_ascii_case(tag) => ui.name.into(),
        Some(ui) => format!("{} ({tag})", ui.name).into(),
        // No interface table: the language's own name, never its bare tag.
        None => match languages::native_name(tag) {
            Some(name) if !tag.contains(['-', '_']) => name.into(),
            Some(name) => format!("{name} ({tag})").into(),
            None => tag.into(),
        },
    }
}

/// What every page's frame shows: the glossary's title, the page's language and interface
/// text, the way back to the site's root and to its language's folder, and the page in the
/// other languages.
struct Frame<'a> {
    title: &'a str,
    /// The title's language, when it is not the page's.
    title_lang: Lang<'a>,
    /// The page's language (`<html lang>`).
    lang: &'a str,
    /// Whether that language is written right to left (`<html dir="rtl">`).
    rtl: bool,
    ui: &'static Ui,
    /// From the page to the site's root (the shared files: stylesheet, scripts, map).
    root: String,
    /// From the page to its language's folder (the index, the topics, the tree, the terms).
    home: String,
    version: &'static str,
    /// Whether the site has the hierarchy's tree, which the header links.
    tree: bool,
    /// `hreflang` and the address of the page in each language, and `x-default`; empty in a
    /// site of one language.
    alternates: Vec<(&'a str, String)>,
    /// The language switcher; empty in a site of one language.
    switcher: Vec<Switch<'a>>,
    /// The search script's "more" and "none" texts, when they are not its own (English).
    search_text: Option<(&'static str, &'static str)>,
}

impl<'a> Frame<'a> {
    /// The frame of a page of `lang`, `up` below its language's folder, which is `here`
    /// (`None`: a page with no version in the other languages).
    fn new(site: &Site<'a>, lang: &'a Language, up: &str, here: Option<Here<'_>>) -> Self {
        let page = lang.page_lang.as_str();
        let main = site.main();
        let root = if lang.is_main() {
            up.to_owned()
        } else {
            format!("{up}../")
        };
        let languages = site.languages();
        let mut alternates = Vec::new();
        let mut switcher = Vec::new();
        if let (Some(here), true) = (here, languages.len() > 1) {
            let address = site.address();
            let url = |other: &Language, inner: &str| match (here, other.is_main()) {
                // The main language's page of a term is at the term's IRI.
                (Here::Term(index), true) => site.main_page_url(index),
                _ => format!("{address}{}{inner}", other.folder),
            };
            for other in languages {
                let inner = here.inner(site, other);
                if let Some(inner) = &inner {
                    alternates.push((other.tag.as_str(), url(other, inner)));
                }
                let href = format!(
                    "{root}{}{}index.html",
                    other.folder,
                    inner.as_deref().unwrap_or(here.fallback())
                );
                switcher.push(Switch {
                    tag: &other.tag,
                    name: switch_name(&other.tag),
                    href,
                    current: std::ptr::eq(other, lang),
                });
            }
            if let Some(inner) = here.inner(site, main) {
                alternates.push(("x-default", url(main, &inner)));
            }
        }
        let title = site.title(&lang.tag);
        Self {
            title: title.text,
            title_lang: Lang::of(title.lang, page),
            lang: page,
            rtl: languages::is_right_to_left(page),
            ui: lang.ui,
            root,
            home: up.to_owned(),
            version: env!("CARGO_PKG_VERSION"),
            tree: lang.tree.is_some(),
            alternates,
            switcher,
            search_text: (!std::ptr::eq(lang.ui, &ui::EN))
                .then_some((lang.ui.search_more, lang.ui.search_none)),
        }
    }
}

/// A broader or narrower concept as a term's page lists it: a term of the glossary, or a
/// concept outside it by IRI (a link when it is `http(s)`).
struct Concept<'a> {
    label: &'a str,
    /// The notation shown before the label, when it is a term's that has one.
    notation: Option<&'a str>,
    lang: Lang<'a>,
    href: Option<&'a str>,
    page: Option<String>,
}

/// A link to a term's page.
struct TermLink<'a> {
    label: &'a str,
    /// The notation shown before the label, when the concept has one.
    notation: Option<&'a str>,
    lang: Lang<'a>,
    /// The page, relative to the page that links it.
    href: String,
}

/// The link to card `index` from a page of `lang` at `from`, labelled in `lang`.
fn term_link<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    index: usize,
    from: From<'_>,
) -> TermLink<'a> {
    let card = &site.glossary.cards()[index];
    let term = lang.term(card, site.config);
    TermLink {
        label: term.text,
        notation: super::notation(site.glossary, index),
        lang: Lang::of(term.lang, &lang.page_lang),
        href: site.href(from, index),
    }
}

/// A status as a page shows it: its colour's index, its name (translated when glossgraph
/// knows it), and the name's language when it is the glossary's own word.
struct StatusView<'a> {
    index: usize,
    name: &'a str,
    lang: Lang<'a>,
}

impl<'a> StatusView<'a> {
    fn new(site: &Site<'a>, lang: &'a Language, status: &'a str) -> Self {
        let index = site
            .config
            .statuses
            .iter()
            .position(|c| c == status)
            .unwrap_or(0);
        match lang.ui.status_name(status) {
            Some(name) => Self {
                index,
                name,
                lang: Lang::NONE,
            },
            None => Self {
                index,
                name: status,
                lang: Lang::of(&site.config.language, &lang.page_lang),
            },
        }
    }
}

/// A topic as its pages show it.
struct TopicView<'a> {
    index: usize,
    id: &'a str,
    /// Its name as HTML (its term in a `<span lang>` when needed), and as text.
    name: String,
    text: String,
    /// How many terms it has, in words.
    terms: String,
}

/// Topic `index` as a page of `lang` names it: after its most central term in that language.
fn topic_view<'a>(site: &Site<'a>, lang: &'a Language, index: usize) -> TopicView<'a> {
    let topic = &site.glossary.map().topics()[index];
    let page = lang.page_lang.as_str();
    let ui = lang.ui;
    let (name, text) = match site.glossary.cards().get(topic.centre) {
        Some(card) if !topic.unlinked => {
            let term = lang.term(card, site.config);
            let (before, after) = ui::around(ui.around, "term");
            (
                format!("{}{}{}", escape(before), inline(term, page), escape(after)),
                format!("{before}{}{after}", term.text),
            )
        }
        _ if topic.unlinked => (escape(ui.unlinked), ui.unlinked.to_owned()),
        _ => (escape(&topic.name), topic.name.clone()),
    };
    TopicView {
        index,
        id: &topic.id,
        name,
        text,
        terms: ui.terms(topic.size),
    }
}

/// A term in the A–Z index.
struct Entry<'a> {
    slug: &'a str,
    /// Its page, relative to the page that lists it.
    href: String,
    term: &'a str,
    lang: Lang<'a>,
    status: Option<StatusView<'a>>,
    /// The definition as HTML, and its language.
    definition: String,
    definition_lang: Lang<'a>,
    /// For an entry of an alternative label, which points to its term: the label and its
    /// language.
    see: Option<(&'a str, Lang<'a>)>,
}

impl<'a> Entry<'a> {
    /// Card `i` in the lists of a page of `lang`, its links relative to `home`.
    fn new(site: &Site<'a>, lang: &'a Language, i: usize, home: &str, status: bool) -> Self {
        let card = &site.glossary.cards()[i];
        let page = lang.page_lang.as_str();
        let texts = lang.texts(card, site.config);
        Entry {
            slug: card.slug(),
            href: site.href(From::Root(home), i),
            term: texts.term.text,
            lang: Lang::of(texts.term.lang, page),
            status: status
                .then(|| card.status().map(|s| StatusView::new(site, lang, s)))
                .flatten(),
            definition: site.definition_html(texts.definition.text, home),
            definition_lang: Lang::of_text(texts.definition, page),
            see: None,
        }
    }

    /// The entry of the A–Z index at `at` of `lang`'s entries ([`Language::entries`]): a
    /// term, or an alternative label that points to its term.
    fn listed(site: &Site<'a>, lang: &'a Language, at: u32, home: &str) -> Self {
        let cards = site.glossary.cards();
        let Some(k) = (at as usize).checked_sub(cards.len()) else {
            return Self::new(site, lang, at as usize, home, true);
        };
        let (i, alias) = lang.see[k];
        let card = &cards[i as usize];
        let page = lang.page_lang.as_str();
        let term = lang.term(card, site.config);
        Entry {
            slug: card.slug(),
            href: site.href(From::Root(home), i as usize),
            term: term.text,
            lang: Lang::of(term.lang, page),
            status: None,
            definition: String::new(),
            definition_lang: Lang::NONE,
            see: Some((lang.alias(card, alias), Lang::of(&lang.tag, page))),
        }
    }
}

/// A letter of the A–Z index: its label, anchor or page, and its terms (empty when the
/// index is split and this page only links the letter's own page).
struct Letter<'a> {
    label: String,
    slug: String,
    count: usize,
    entries: Vec<Entry<'a>>,
}

/// A bar of the letter index: the letters of one script (Latin with "0–9"; each script whose
/// letters are not of Latin shape has its own).
struct Bar<'a> {
    name: &'static str,
    letters: Vec<Letter<'a>>,
}

#[derive(Template)]
#[template(path = "site/index.html")]
struct IndexPage<'a> {
    frame: Frame<'a>,
    /// The page's heading as text (for its title) and as HTML.
    heading: String,
    heading_html: String,
    /// How many terms, in words.
    terms: String,
    split: bool,
    /// What the count is followed by when the index is split.
    split_note: String,
    bars: Vec<Bar<'a>>,
    shown: Vec<Letter<'a>>,
    /// What the home page says about the vocabulary (none on a letter's page).
    about: Option<home::About<'a>>,
}

/// The A–Z index of `lang`: the whole of it, or (`only`, when the index is split) one
/// letter's page.
pub(super) fn index<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    only: Option<usize>,
) -> Result<String, ExportError> {
    let cards = site.glossary.cards();
    let up = if only.is_some() { "../../" } else { "" };
    let ui = lang.ui;
    let letter = |at: usize, with_entries: bool| {
        let l = &lang.letters[at];
        Letter {
            label: l.label.clone(),
            slug: l.slug.clone(),
            count: l.range.len(),
            entries: if with_entries {
                match &lang.entries {
                    Some(entries) => entries[l.range.clone()]
                        .iter()
                        .map(|&at| Entry::listed(site, lang, at, up))
                        .collect(),
                    None => lang.order[l.range.clone()]
                        .iter()
                        .map(|&i| Entry::new(site, lang, i, up, true))
                        .collect(),
                }
            } else {
                Vec::new()
            },
        }
    };
    let split = site.split_index();
    // The bars in the order of their scripts' first letters.
    let mut bars: Vec<(super::letters::Script, Bar<'_>)> = Vec::new();
    for (at, l) in lang.letters.iter().enumerate() {
        let found = bars.iter().position(|(script, _)| *script == l.script);
        let at_bar = found.unwrap_or_else(|| {
            let name = if bars.is_empty() {
                ui.initials
            } else {
                ui.scripts[l.script as usize]
            };
            bars.push((
                l.script,
                Bar {
                    name,
                    letters: Vec::new(),
                },
            ));
            bars.len() - 1
        });
        bars[at_bar].1.letters.push(letter(at, false));
    }
    let bars: Vec<Bar<'_>> = bars.into_iter().map(|(_, bar)| bar).collect();
    let shown: Vec<Letter<'_>> = match only {
        Some(at) => vec![letter(at, true)],
        None if split => Vec::new(),
        None => (0..lang.letters.len()).map(|at| letter(at, true)).collect(),
    };
    let frame = Frame::new(
        site,
        lang,
        up,
        Some(match only {
            Some(at) => Here::Letter(&lang.letters[at].slug),
            None => Here::Index,
        }),
    );
    let said = site.title(&lang.tag);
    let title = said.text;
    let title_html = inline(said, &lang.page_lang);
    let (heading, heading_html) = match only {
        Some(at) => {
            let label = &lang.letters[at].label;
            let fill = |title: &str, letter: &str| {
                ui.letter_heading
                    .replacen("{title}", title, 1)
                    .replacen("{letter}", letter, 1)
            };
            let (before, after) = ui::around(ui.letter_heading, "title");
            let (between, end) = ui::around(after, "letter");
            (
                fill(title, label),
                format!(
                    "{}{title_html}{}{}{}",
                    escape(before),
                    escape(between),
                    escape(label),
                    escape(end)
                ),
            )
        }
        None => (title.to_owned(), title_html),
    };
    let page = IndexPage {
        frame,
        heading,
        heading_html,
        terms: ui.terms(cards.len()),
        split,
        split_note: ui.split.replace("{n}", &SPLIT_INDEX_AT.to_string()),
        bars,
        shown,
        about: only.is_none().then(|| {
            let root = if lang.is_main() { "" } else { "../" };
            home::about(site, lang, root)
        }),
    };
    render(&page)
}

#[derive(Template)]
#[template(path = "site/topics.html")]
struct TopicsPage<'a> {
    frame: Frame<'a>,
    topics: Vec<TopicView<'a>>,
}

/// The list of topics, in `lang`.
pub(super) fn topics<'a>(site: &Site<'a>, lang: &'a Language) -> Result<String, ExportError> {
    let topics = (0..site.glossary.map().topics().len())
        .map(|index| topic_view(site, lang, index))
        .collect();
    render(&TopicsPage {
        frame: Frame::new(site, lang, "../", Some(Here::Topics)),
        topics,
    })
}

/// For each topic, the topics its terms link to (any kind of link), each with the number of
/// links, most linked first, then in the topics' order: counted for every topic in one walk
/// over the links. (A walk per topic page cost topics × links, which a thesaurus's hierarchy,
/// links of the graph, made felt.)
pub(super) fn linked_topics(glossary: &Glossary) -> Vec<Vec<(usize, usize)>> {
    let (map, cards) = (glossary.map(), glossary.cards().len());
    let mut counts = vec![std::collections::BTreeMap::<usize, usize>::new(); map.topics().len()];
    for (a, b, _) in glossary.edges() {
        let (a, b) = (a.index(), b.index());
        if a >= cards || b >= cards {
            continue;
        }
        let (ta, tb) = (map.topic_index(a), map.topic_index(b));
        if ta != tb {
            *counts[ta].entry(tb).or_default() += 1;
            *counts[tb].entry(ta).or_default() += 1;
        }
    }
    counts
        .into_iter()
        .map(|linked| {
            let mut linked: Vec<(usize, usize)> = linked.into_iter().collect();
            linked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            linked
        })
        .collect()
}

#[derive(Template)]
#[template(path = "site/topic.html")]
struct TopicPage<'a> {
    frame: Frame<'a>,
    topic: TopicView<'a>,
    members: Vec<Entry<'a>>,
    /// The topics its terms link to, with how many links (in words), most linked first.
    neighbours: Vec<(TopicView<'a>, String)>,
}

/// The page of topic `at` in `lang`: its terms and the topics they link to.
pub(super) fn topic<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    at: usize,
) -> Result<String, ExportError> {
    let glossary = site.glossary;
    let map = glossary.map();
    let topics = map.topics();
    let members: Vec<Entry<'_>> = lang
        .order
        .iter()
        .filter(|&&i| map.topic_index(i) == at)
        .map(|&i| Entry::new(site, lang, i, "../../", false))
        .collect();
    let neighbours = site.linked_topics(at);
    let topic = topic_view(site, lang, at);
    render(&TopicPage {
        frame: Frame::new(site, lang, "../../", Some(Here::Topic(&topics[at].id))),
        topic,
        members,
        neighbours: neighbours
            .iter()
            .map(|&(t, n)| (topic_view(site, lang, t), lang.ui.count(n, lang.ui.links)))
            .collect(),
    })
}

#[derive(Template)]
#[template(path = "site/404.html")]
struct NotFoundPage<'a> {
    frame: Frame<'a>,
    wanted: &'a str,
    /// The text around what was asked for.
    wanted_around: (&'static str, &'static str),
    nearest: Vec<TermLink<'a>>,
    placing: Option<Placing>,
}

/// The script of the site's `404.html`, and its hash for the page's policy: a host shows the
/// page at whatever path was missing, where its relative links would not resolve, so when
/// the page is not read from the disk the script gives it a `<base>` at the site's path,
/// before the stylesheet's link is read. From `file://`, the page is beside the site's other
/// files and its relative links resolve as they are.
struct Placing {
    script: String,
    hash: String,
}

impl Placing {
    fn new(path: &str) -> Self {
        let path = script_safe(&serde_json::to_string(path).expect("strings serialize"));
        // A `<base>` also moves the links to `#fragment`s of the page: they are pointed back
        // at the page once it is read.
        let script = format!(
            "if (location.protocol !== \"file:\") {{ const base = document.createElement(\"base\"); \
             base.href = {path}; document.head.append(base); \
             document.addEventListener(\"DOMContentLoaded\", () => {{ \
             const here = location.href.split(\"#\")[0]; \
             for (const a of document.querySelectorAll(\"a[href^='#']\")) a.href = here + a.getAttribute(\"href\"); }}); }}"
        );
        Self {
            hash: crate::html::csp_hash(&script),
            script,
        }
    }
}

/// Where the links of the 404 page start from.
pub(super) enum NotFoundRoot<'a> {
    /// The site's `404.html`: relative links, resolved from `path` (the site's path) when a
    /// host serves the page.
    File { path: &'a str },
    /// A page `serve` answers: links from the site's root, `root`.
    Served { root: &'a str },
}

/// The page, in `lang`, for a path the site does not have, with the terms nearest to
/// `wanted`.
pub(super) fn not_found<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    wanted: &'a str,
    nearest: &[usize],
    root: NotFoundRoot<'_>,
) -> Result<String, ExportError> {
    let (root, placing) = match root {
        NotFoundRoot::File { path } => ("", Some(Placing::new(path))),
        NotFoundRoot::Served { root } => (root, None),
    };
    // From the site's root to the language's folder.
    let up = format!("{root}{}", lang.folder);
    let mut frame = Frame::new(site, lang, &up, None);
    frame.root = root.to_owned();
    render(&NotFoundPage {
        frame,
        placing,
        wanted,
        wanted_around: ui::around(lang.ui.no_page_for, "wanted"),
        nearest: nearest
            .iter()
            .map(|&i| term_link(site, lang, i, From::Root(&up)))
            .collect(),
    })
}

/// The pages of one language in the sitemap.
pub(super) struct SitemapLanguage<'a> {
    /// The address of the language's folder, ending in `/`.
    pub(super) at: String,
    /// The letters' pages of a split index (none when it is whole), topics, the tree's pages
    /// (folders ending in `/`) and the terms' pages (paths without their `/`), in the
    /// sitemap's order.
    pub(super) letters: Vec<String>,
    pub(super) topics: Vec<&'a str>,
    pub(super) tree: Vec<String>,
    pub(super) terms: Vec<String>,
    /// The groups' pages (paths without their `/`).
    pub(super) groups: Vec<&'a str>,
}

#[derive(Template)]
#[template(path = "site/sitemap.xml")]
struct Sitemap<'a> {
    /// The site's languages, the main one first.
    languages: Vec<SitemapLanguage<'a>>,
}

/// `sitemap.xml`: in each of the `languages`, the index, the pages of its letters, the
/// topics' list and the topics' pages, the tree's pages, the terms' pages and the groups',
/// escaped as XML.
pub(super) fn sitemap(languages: Vec<SitemapLanguage<'_>>) -> Result<String, ExportError> {
    let mut xml = render(&Sitemap { languages })?;
    // askama drops the template file's last line break.
    xml.push('\n');
    Ok(xml)
}

/// A page rendered from its template.
fn render(page: &impl Template) -> Result<String, ExportError> {
    page.render()
        .map_err(|e| ExportError::Unwritable(format!("a page of the site: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_with_pages_outside_term_finds_their_paths_in_the_search_index() {
        assert_eq!(SEARCH_SCRIPT.matches(SEARCH_PAGE).count(), 1);
        assert_eq!(search_script(false), SEARCH_SCRIPT);
        let script = search_script(true);
        assert!(script.contains(SEARCH_PAGE_AT_PATHS));
        assert!(!script.contains(SEARCH_PAGE));
    }

    /// Two languages of one interface table (`en`, `en-GB`) get two names in the switcher;
    /// a language without a table is named in itself where its name is known.
    #[test]
    fn each_language_has_its_own_name_in_the_switcher() {
        assert_eq!(switch_name("en"), "English");
        assert_eq!(switch_name("en-GB"), "English (en-GB)");
        assert_eq!(switch_name("DE"), "Deutsch");
        assert_eq!(switch_name("de-CH"), "Deutsch (de-CH)");
        assert_eq!(switch_name("ja"), "日本語");
        assert_eq!(switch_name("ar-EG"), "العربية (ar-EG)");
        assert_eq!(switch_name("haw"), "haw");
    }
}
