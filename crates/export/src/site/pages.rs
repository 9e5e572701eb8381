//! The site's HTML pages and its sitemap: what each template is given, built from the
//! glossary, and the templates themselves (`templates/site/*.html`, every value escaped as
//! HTML, and `sitemap.xml`, escaped as XML; checked at compile time by askama).

use std::borrow::Cow;
use std::fmt::Write as _;

use askama::Template;
use petgraph::graph::NodeIndex;

use super::tree::{self, Kind, Tree};
use super::{From, Site};
use crate::hierarchy::Target;
use crate::html::{escape_html, script_safe};
use crate::markdown::{self, Targets};
use crate::output::ExportError;
use crate::rdf::write::Links;

/// Past this many terms the A–Z index is a page per initial, with the letters and their
/// counts on `index.html`: one page of 5,000 definitions is about 1.5 MB, as much as a
/// browser renders and prints comfortably.
pub const SPLIT_INDEX_AT: usize = 5_000;

/// The stylesheet every page shares (`site.css`; status and topic colours are appended).
pub(super) const STYLE: &str = include_str!("site.css");
/// The search box's script (`search.js`), over the index in `search-index.js`.
pub(super) const SEARCH_SCRIPT: &str = include_str!("search.js");

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
pub(super) const HIERARCHY_STYLE: &str = include_str!("hierarchy.css");

/// What every page's frame shows: the glossary's title and language, and the way back to
/// the site's root from the page.
struct Frame<'a> {
    title: &'a str,
    lang: &'a str,
    root: String,
    version: &'static str,
    /// Whether the site has the hierarchy's tree, which the header links.
    tree: bool,
}

impl<'a> Frame<'a> {
    fn new(site: &Site<'a>, root: &str) -> Self {
        Self {
            title: &site.config.title,
            lang: &site.config.language,
            root: root.to_owned(),
            version: env!("CARGO_PKG_VERSION"),
            tree: site.plan.tree.is_some(),
        }
    }
}

/// A link to a term's page.
struct TermLink<'a> {
    label: &'a str,
    /// The page, relative to the page that links it.
    href: String,
}

/// A broader or narrower concept as a term's page lists it: a term of the glossary, or a
/// concept outside it by IRI (a link when it is `http(s)`).
struct Concept<'a> {
    label: &'a str,
    href: Option<&'a str>,
    page: Option<String>,
}

/// A step of a breadcrumb: a broader term, or `None` for the broader terms left out.
struct Crumb<'a> {
    link: Option<TermLink<'a>>,
}

/// A citation as the page lists it.
struct CitationView<'a> {
    n: usize,
    id: &'a str,
    title: &'a str,
    /// The URL, when it is `http(s)` (only those become links).
    url: Option<&'a str>,
    shown: &'a str,
    accessed: Option<String>,
}

#[derive(Template)]
#[template(path = "site/term.html")]
struct TermPage<'a> {
    frame: Frame<'a>,
    slug: &'a str,
    iri: String,
    term: &'a str,
    aliases: Vec<&'a str>,
    status: Option<(usize, &'a str)>,
    retired: bool,
    topic: Option<(usize, &'a str, &'a str)>,
    /// The definition as HTML, and whether it is one paragraph's inline content.
    definition: String,
    definition_inline: bool,
    /// The note as HTML (its paragraphs and other blocks), empty when the card has none.
    note: String,
    advantages: Vec<&'a str>,
    limitations: Vec<&'a str>,
    dates: Vec<(&'static str, String)>,
    provenance: Vec<&'a str>,
    related: Vec<TermLink<'a>>,
    replaces: Vec<TermLink<'a>>,
    replaced_by: Vec<TermLink<'a>>,
    /// The terms whose texts link to this one.
    linked_from: Vec<TermLink<'a>>,
    citations: Vec<CitationView<'a>>,
    json_ld: String,
    /// The last segment of the page's path, which its RDF files are named after.
    file: &'a str,
    /// The broader terms from the top concept, along the term's first place in the tree.
    breadcrumb: Vec<Crumb<'a>>,
    broader: Vec<Concept<'a>>,
    narrower: Vec<Concept<'a>>,
    /// The term's first place in the tree, when the site has one.
    tree_place: Option<String>,
}

/// The page of card `index`.
pub(super) fn term<'a>(site: &Site<'a>, index: usize) -> Result<String, ExportError> {
    let glossary = site.glossary;
    let config = site.config;
    let card = &glossary.cards()[index];
    let slug = card.slug();
    let path = site.page_path(index);
    let here = From::Term(&path);
    let links = Links::of(glossary, NodeIndex::new(index));
    let to = |j: usize| TermLink {
        label: glossary.cards()[j].term(),
        href: site.href(here, j),
    };
    let link = |nodes: &[NodeIndex]| -> Vec<TermLink<'_>> {
        nodes.iter().map(|&n| to(n.index())).collect()
    };
    let citations: Vec<CitationView<'_>> = card
        .citations()
        .iter()
        .enumerate()
        .map(|(i, c)| CitationView {
            n: i + 1,
            id: c.id,
            title: c.title,
            url: (c.url.starts_with("https://") || c.url.starts_with("http://")).then_some(c.url),
            shown: c.url,
            accessed: c.accessed.map(|d| d.to_string()),
        })
        .collect();
    let cite = |id: &str| citations.iter().find(|c| c.id == id).map(|c| c.n);
    let no_cite = |_: &str| None;
    let term_link = |target: &str| site.term_link(target, here);
    let (definition, definition_inline) = markdown::to_html_inline(
        card.definition(),
        &Targets {
            cite: &no_cite,
            term: &term_link,
            heading_top: 3,
        },
    );
    let note = if card.note().trim().is_empty() {
        String::new()
    } else {
        markdown::to_html(
            card.note(),
            &Targets {
                cite: &cite,
                term: &term_link,
                heading_top: 3,
            },
        )
    };
    let linked_from = site.plan.linked_from[index]
        .iter()
        .map(|&j| to(j as usize))
        .collect();
    let status = card.status().map(|s| {
        let i = config.statuses.iter().position(|c| c == s).unwrap_or(0);
        (i, s)
    });
    let map = glossary.map();
    let topic_index = map.topic_index(index);
    let topic = map
        .topics()
        .get(topic_index)
        .map(|t| (topic_index, t.id.as_str(), t.name.as_str()));
    let dates = [
        ("First seen", card.first_seen()),
        ("Last seen", card.last_seen()),
        ("Updated", card.updated()),
    ]
    .into_iter()
    .filter_map(|(label, d)| d.map(|d| (label, d.to_string())))
    .collect();
    let mut iri = String::new();
    crate::rdf::write::push_concept_iri(&mut iri, card, config);
    let json_ld = defined_term(site, index, &iri);
    let root = "../".repeat(path.split('/').count());
    let plan: &'a super::Plan = site.plan;
    let hierarchy = plan.hierarchy.as_ref();
    let tree = plan.tree.as_ref();
    // Terms in A–Z order (the tree's), then concepts outside the glossary by IRI.
    let concepts = |targets: &'a [Target]| -> Vec<Concept<'a>> {
        let mut targets: Vec<&Target> = targets.iter().collect();
        if let Some(tree) = tree {
            targets.sort_by_key(|t| match t {
                Target::Term(j) => tree.rank(*j),
                _ => u32::MAX,
            });
        }
        targets
            .into_iter()
            .filter_map(|t| match t {
                Target::Term(j) => Some(Concept {
                    label: glossary.cards()[*j].term(),
                    href: None,
                    page: Some(site.href(here, *j)),
                }),
                Target::Iri(iri) => Some(Concept {
                    label: iri,
                    href: (iri.starts_with("https://") || iri.starts_with("http://"))
                        .then_some(iri.as_str()),
                    page: None,
                }),
                // The checker's dangling-link: nothing to point at.
                Target::Missing(_) => None,
            })
            .collect()
    };
    let breadcrumb = tree.map_or_else(Vec::new, |t| {
        t.breadcrumb(index)
            .into_iter()
            .map(|step| Crumb { link: step.map(to) })
            .collect()
    });
    let tree_place = tree.map(|t| format!("{root}{}#t-{slug}", super::tree_page(t.home(index))));
    let page = TermPage {
        frame: Frame::new(site, &root),
        slug,
        term: card.term(),
        aliases: card.aliases().iter().collect(),
        status,
        retired: matches!(card.status(), Some("deprecated" | "obsolete"))
            || !links.replaced_by.is_empty(),
        topic,
        definition,
        definition_inline,
        note,
        advantages: card.advantages().iter().collect(),
        limitations: card.limitations().iter().collect(),
        dates,
        provenance: card.provenance().iter().collect(),
        related: link(&links.related),
        replaces: link(&links.replaces),
        replaced_by: link(&links.replaced_by),
        linked_from,
        citations,
        json_ld,
        iri,
        file: path.rsplit('/').next().unwrap_or(slug),
        breadcrumb,
        broader: hierarchy.map_or_else(Vec::new, |h| concepts(h.broader(index))),
        narrower: hierarchy.map_or_else(Vec::new, |h| concepts(h.narrower(index))),
        tree_place,
    };
    render(&page)
}

/// The schema.org `DefinedTerm` of card `index`, as JSON safe inside a `<script>` block.
fn defined_term(site: &Site<'_>, index: usize, iri: &str) -> String {
    let card = &site.glossary.cards()[index];
    let mut term = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "DefinedTerm",
        "@id": iri,
        "url": iri,
        "name": card.term(),
        "termCode": card.slug(),
        "description": crate::card::markdown::plain(card.definition()),
        "inDefinedTermSet": {
            "@type": "DefinedTermSet",
            "@id": site.config.base,
            "name": site.config.title,
        },
    });
    let aliases: Vec<&str> = card.aliases().iter().collect();
    if !aliases.is_empty() {
        term["alternateName"] = serde_json::json!(aliases);
    }
    script_safe(&serde_json::to_string_pretty(&term).expect("JSON values serialize"))
}

/// A term in the A–Z index.
struct Entry<'a> {
    slug: &'a str,
    /// Its page, relative to the page that lists it.
    href: String,
    term: &'a str,
    status: Option<(usize, &'a str)>,
    /// The definition as HTML.
    definition: String,
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
    heading: String,
    /// How many terms, in words.
    terms: String,
    split: bool,
    bars: Vec<Bar<'a>>,
    shown: Vec<Letter<'a>>,
}

/// The A–Z index: the whole of it, or (`only`, when the index is split) one letter's page.
pub(super) fn index(site: &Site<'_>, only: Option<usize>) -> Result<String, ExportError> {
    let cards = site.glossary.cards();
    let root = if only.is_some() { "../../" } else { "" };
    let letter = |at: usize, with_entries: bool| {
        let l = &site.letters[at];
        Letter {
            label: l.label.clone(),
            slug: l.slug.clone(),
            count: l.range.len(),
            entries: if with_entries {
                site.order[l.range.clone()]
                    .iter()
                    .map(|&i| {
                        let card = &cards[i];
                        Entry {
                            slug: card.slug(),
                            href: site.href(From::Root(root), i),
                            term: card.term(),
                            status: card.status().map(|s| {
                                let i = site.config.statuses.iter().position(|c| c == s);
                                (i.unwrap_or(0), s)
                            }),
                            definition: site.definition_html(card.definition(), root),
                        }
                    })
                    .collect()
            } else {
                Vec::new()
            },
        }
    };
    let split = site.split_index();
    // The bars in the order of their scripts' first letters.
    let mut bars: Vec<(super::letters::Script, Bar<'_>)> = Vec::new();
    for (at, l) in site.letters.iter().enumerate() {
        let found = bars.iter().position(|(script, _)| *script == l.script);
        let at_bar = found.unwrap_or_else(|| {
            let name = if bars.is_empty() {
                "Initials"
            } else {
                l.script.name()
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
        None => (0..site.letters.len()).map(|at| letter(at, true)).collect(),
    };
    let page = IndexPage {
        frame: Frame::new(site, root),
        heading: match only {
            Some(at) => format!("{}: {}", site.config.title, site.letters[at].label),
            None => site.config.title.clone(),
        },
        terms: counted(cards.len(), "term"),
        split,
        bars,
        shown,
    };
    render(&page)
}

/// A topic as its pages show it.
struct TopicView<'a> {
    index: usize,
    id: &'a str,
    name: &'a str,
    size: usize,
}

impl TopicView<'_> {
    /// How many terms it has, in words.
    fn terms(&self) -> String {
        counted(self.size, "term")
    }
}

#[derive(Template)]
#[template(path = "site/topics.html")]
struct TopicsPage<'a> {
    frame: Frame<'a>,
    topics: Vec<TopicView<'a>>,
}

/// The list of topics.
pub(super) fn topics(site: &Site<'_>) -> Result<String, ExportError> {
    let topics = site
        .glossary
        .map()
        .topics()
        .iter()
        .enumerate()
        .map(|(index, t)| TopicView {
            index,
            id: &t.id,
            name: &t.name,
            size: t.size,
        })
        .collect();
    render(&TopicsPage {
        frame: Frame::new(site, "../"),
        topics,
    })
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

/// The page of topic `at`: its terms and the topics they link to.
pub(super) fn topic(site: &Site<'_>, at: usize) -> Result<String, ExportError> {
    let glossary = site.glossary;
    let map = glossary.map();
    let topics = map.topics();
    let view = |index: usize| TopicView {
        index,
        id: &topics[index].id,
        name: &topics[index].name,
        size: topics[index].size,
    };
    let cards = glossary.cards();
    let members: Vec<Entry<'_>> = site
        .order
        .iter()
        .filter(|&&i| map.topic_index(i) == at)
        .map(|&i| Entry {
            slug: cards[i].slug(),
            href: site.href(From::Root("../../"), i),
            term: cards[i].term(),
            status: None,
            definition: site.definition_html(cards[i].definition(), "../../"),
        })
        .collect();
    let mut counts = vec![0usize; topics.len()];
    for (a, b, _) in glossary.edges() {
        let (ta, tb) = (a.index(), b.index());
        if ta >= cards.len() || tb >= cards.len() {
            continue;
        }
        let (ta, tb) = (map.topic_index(ta), map.topic_index(tb));
        if ta == at && tb != at {
            counts[tb] += 1;
        } else if tb == at && ta != at {
            counts[ta] += 1;
        }
    }
    let mut neighbours: Vec<(TopicView<'_>, usize)> = counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| (view(i), n))
        .collect();
    neighbours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.index.cmp(&b.0.index)));
    render(&TopicPage {
        frame: Frame::new(site, "../../"),
        topic: view(at),
        members,
        neighbours: neighbours
            .into_iter()
            .map(|(t, n)| (t, counted(n, "link")))
            .collect(),
    })
}

#[derive(Template)]
#[template(path = "site/404.html")]
struct NotFoundPage<'a> {
    frame: Frame<'a>,
    wanted: &'a str,
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

/// The page for a path the site does not have, with the terms nearest to `wanted`.
pub(super) fn not_found(
    site: &Site<'_>,
    wanted: &str,
    nearest: &[usize],
    root: NotFoundRoot<'_>,
) -> Result<String, ExportError> {
    let cards = site.glossary.cards();
    let (root, placing) = match root {
        NotFoundRoot::File { path } => ("", Some(Placing::new(path))),
        NotFoundRoot::Served { root } => (root, None),
    };
    render(&NotFoundPage {
        frame: Frame::new(site, root),
        placing,
        wanted,
        nearest: nearest
            .iter()
            .map(|&i| TermLink {
                label: cards[i].term(),
                href: site.href(From::Root(root), i),
            })
            .collect(),
    })
}

#[derive(Template)]
#[template(path = "site/sitemap.xml")]
struct Sitemap<'a> {
    /// The site's address, ending in `/`.
    address: &'a str,
    /// The letters' pages of a split index (none when it is whole), topics, the tree's pages
    /// (folders ending in `/`) and the terms' pages (paths without their `/`), in the
    /// sitemap's order.
    letters: Vec<&'a str>,
    topics: Vec<&'a str>,
    tree: Vec<&'a str>,
    terms: Vec<&'a str>,
}

/// `sitemap.xml`: the index at `address`, the pages of its `letters`, the topics' list and
/// the pages of `topics`, the `tree`'s pages and the `terms'` pages (paths), escaped as XML.
pub(super) fn sitemap<'a>(
    address: &'a str,
    letters: Vec<&'a str>,
    topics: Vec<&'a str>,
    tree: Vec<&'a str>,
    terms: Vec<&'a str>,
) -> Result<String, ExportError> {
    let mut xml = render(&Sitemap {
        address,
        letters,
        topics,
        tree,
        terms,
    })?;
    // askama drops the template file's last line break.
    xml.push('\n');
    Ok(xml)
}

/// `n` and the noun, singular for one: "1 term", "2 terms".
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A page rendered from its template.
fn render(page: &impl Template) -> Result<String, ExportError> {
    page.render()
        .map_err(|e| ExportError::Unwritable(format!("a page of the site: {e}")))
}

#[derive(Template)]
#[template(path = "site/tree.html")]
struct TreePage<'a> {
    frame: Frame<'a>,
    heading: String,
    /// On a page that continues the tree: the term continued, and its place on the page
    /// it continues.
    continued: Option<(TermLink<'a>, String)>,
    /// How many top concepts, in words.
    tops: String,
    levels: usize,
    /// The nested lists, as HTML.
    rows: String,
}

/// Pages of the tree with at most this many rows have every term open; longer ones only
/// their first level.
const OPEN_WHOLE: usize = 1_000;

/// Page `page` of the tree of the hierarchy.
pub(super) fn tree(site: &Site<'_>, tree: &Tree, page: usize) -> Result<String, ExportError> {
    let root = if page == 0 { "../" } else { "../../" };
    let cards = site.glossary.cards();
    let rows = &tree.pages[page].rows;
    let open_whole = rows.len() <= OPEN_WHOLE;
    // A term's first place, from this page.
    let place = |i: usize| {
        let home = tree.home(i);
        let slug = escape_html(cards[i].slug());
        if home == page {
            format!("#t-{slug}")
        } else {
            format!("{root}{}#t-{slug}", super::tree_page(home))
        }
    };
    let mut html = String::from("<ul class=\"tree\">\n");
    let mut depth = 0;
    for row in rows {
        while depth > row.depth {
            html.push_str("</ul>\n</details></li>\n");
            depth -= 1;
        }
        let i = row.card as usize;
        let id = if row.first {
            format!(" id=\"t-{}\"", escape_html(cards[i].slug()))
        } else {
            String::new()
        };
        let link = format!(
            "<a href=\"{}\">{}</a>",
            escape_html(&site.href(From::Root(root), i)),
            escape_html(cards[i].term())
        );
        let _ = match row.kind {
            Kind::Leaf => writeln!(html, "<li{id}>{link}</li>"),
            // The term's link before its disclosure, not inside it: a link inside a
            // `summary` is a control inside a control, which assistive technology cannot
            // reach (axe-core's nested-interactive).
            Kind::Open => {
                depth += 1;
                let open = if open_whole || row.depth == 0 {
                    " open"
                } else {
                    ""
                };
                writeln!(
                    html,
                    "<li{id}>{link}<details{open}><summary>{}</summary>\n<ul>",
                    counted(tree.narrower(i), "narrower term")
                )
            }
            Kind::Elsewhere => writeln!(
                html,
                "<li{id}>{link} <span class=\"see\">(<a href=\"{}\">narrower terms at its first place</a>)</span></li>",
                place(i)
            ),
            Kind::Continued(q) => writeln!(
                html,
                "<li{id}>{link} <span class=\"see\">(<a href=\"{root}{}\">narrower terms on a page of their own</a>)</span></li>",
                super::tree_page(q as usize)
            ),
        };
    }
    while depth > 0 {
        html.push_str("</ul>\n</details></li>\n");
        depth -= 1;
    }
    html.push_str("</ul>\n");
    let continued = tree.pages[page].root.map(|c| {
        let c = c as usize;
        (
            TermLink {
                label: cards[c].term(),
                href: site.href(From::Root(root), c),
            },
            place(c),
        )
    });
    let heading = match &continued {
        Some((term, _)) => format!("Hierarchy: {}", term.label),
        None => "Hierarchy".to_owned(),
    };
    render(&TreePage {
        frame: Frame::new(site, root),
        heading,
        continued,
        tops: counted(tree.tops, "top concept"),
        levels: tree::LEVELS,
        rows: html,
    })
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
}
