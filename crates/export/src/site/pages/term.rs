//! The page of a term in one language: its texts in that language (else the main one's,
//! marked), its facts, its links, its broader and narrower terms and breadcrumb along the
//! language's tree, its citations, and its schema.org `DefinedTerm`.

use askama::Template;
use petgraph::graph::NodeIndex;

use super::{
    render, term_link, topic_view, Concept, Frame, Here, Lang, StatusView, TermLink, TopicView,
};
use crate::hierarchy::Target;
use crate::html::script_safe;
use crate::markdown::{self, Targets};
use crate::output::ExportError;
use crate::rdf::write::Links;
use crate::site::languages::{Language, Said, Texts};
use crate::site::ui;
use crate::site::{tree_page, From, Site};

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
    /// The page's own address: the concept's IRI in the main language.
    canonical: String,
    /// From the page to the term's RDF files, their extension left off.
    rdf: String,
    term: TermText<'a>,
    aliases: Vec<&'a str>,
    aliases_lang: Lang<'a>,
    status: Option<StatusView<'a>>,
    /// The notice of a retired term around its status.
    retired_around: (&'static str, &'static str),
    retired: bool,
    topic: Option<TopicView<'a>>,
    /// The definition as HTML (empty when the card has none: the page then has no such
    /// section), whether it is one paragraph's inline content, its language.
    definition: String,
    definition_inline: bool,
    definition_lang: Lang<'a>,
    /// The note as HTML (its paragraphs and other blocks), empty when the card has none.
    note: String,
    note_lang: Lang<'a>,
    /// The language of the card's texts that exist in the main language only, when it is
    /// not the page's.
    main_lang: Lang<'a>,
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
    /// The paths of broader terms from a top concept, the one along the term's first place
    /// in the language's tree first.
    breadcrumbs: Vec<Vec<Crumb<'a>>>,
    /// Each breadcrumb as a schema.org `BreadcrumbList`, as JSON safe inside a `<script>`
    /// block; empty without a breadcrumb.
    breadcrumb_lists: String,
    broader: Vec<Concept<'a>>,
    narrower: Vec<Concept<'a>>,
    /// The concepts of other vocabularies (or of this one) the card maps to, by kind in
    /// the order SKOS lists them: a term of the glossary as its page, another as its IRI.
    mappings: Vec<(&'static str, Vec<Concept<'a>>)>,
    /// The vocabulary's groups the term is in, as links to their pages.
    groups: Vec<Concept<'a>>,
    /// The term's first place in the language's tree, when the site has one.
    tree_place: Option<String>,
    /// Its labels in every other language it has some in (the main language first, when
    /// the page is in another).
    other_languages: Vec<OtherLanguage<'a>>,
    /// Its examples (`skos:example`), its history and change notes, its editorial notes: in
    /// the page's language, else the main language's.
    examples: NotesView<'a>,
    history: Vec<NotesView<'a>>,
    editorial: NotesView<'a>,
}

/// The card's labels in one language other than the page's.
struct OtherLanguage<'a> {
    /// The language's name in itself, and its `lang` on the page.
    name: std::borrow::Cow<'a, str>,
    lang: Lang<'a>,
    term: Option<&'a str>,
    aliases: Vec<&'a str>,
    /// The term's page in that language, when the site has it.
    href: Option<String>,
    tag: &'a str,
}

/// Notes of one kind as a page shows them: the texts and their language.
struct NotesView<'a> {
    name: &'static str,
    text: Vec<&'a str>,
    lang: Lang<'a>,
}

/// The term of a page: its text and the attribute of its language.
struct TermText<'a> {
    text: &'a str,
    lang: Lang<'a>,
    /// The concept's notation, shown before its label.
    notation: Option<&'a str>,
}

/// The page of card `index` in `lang`.
pub(in crate::site) fn term<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    index: usize,
) -> Result<String, ExportError> {
    let glossary = site.glossary;
    let config = site.config;
    let page = lang.page_lang.as_str();
    let card = &glossary.cards()[index];
    let texts = lang.texts(card, config);
    let slug = card.slug();
    let path = site.page_path(index);
    // Links between the pages of one language are the same inside each language's folder.
    let here = From::Term(&path);
    let links = Links::of(glossary, NodeIndex::new(index));
    let to = |j: usize| term_link(site, lang, j, here);
    let link = |nodes: &[NodeIndex]| -> Vec<TermLink<'a>> {
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
    let term_link_of = |target: &str| site.term_link(target, here);
    let (definition, definition_inline) = markdown::to_html_inline(
        texts.definition.text,
        &Targets {
            cite: &no_cite,
            term: &term_link_of,
            heading_top: 3,
        },
    );
    let mut note = String::new();
    for text in &texts.note.text {
        if !text.trim().is_empty() {
            note.push_str(&markdown::to_html(
                text,
                &Targets {
                    cite: &cite,
                    term: &term_link_of,
                    heading_top: 3,
                },
            ));
        }
    }
    let linked_from = site.plan.linked_from[index]
        .iter()
        .map(|&j| to(j as usize))
        .collect();
    let status = card.status().map(|s| StatusView::new(site, lang, s));
    let map = glossary.map();
    let topic_index = map.topic_index(index);
    let topic = (topic_index < map.topics().len()).then(|| topic_view(site, lang, topic_index));
    let ui = lang.ui;
    let dates = [
        (ui.first_seen, card.first_seen()),
        (ui.last_seen, card.last_seen()),
        (ui.updated, card.updated()),
    ]
    .into_iter()
    .filter_map(|(label, d)| d.map(|d| (label, d.to_string())))
    .collect();
    let mut iri = String::new();
    crate::rdf::write::push_concept_iri(&mut iri, card, config);
    let json_ld = defined_term(site, lang, index, &texts, &iri);
    // From the page to its language's folder.
    let home = "../".repeat(path.split('/').count());
    let file = path.rsplit('/').next().unwrap_or(slug);
    let (canonical, rdf) = if lang.is_main() {
        (iri.clone(), format!("../{file}"))
    } else {
        (
            format!("{}{}{path}/", site.address(), lang.folder),
            format!("{home}../{path}"),
        )
    };
    let around = Around::of(site, lang, index, &path);
    let breadcrumb_lists = breadcrumb_lists(
        site,
        lang,
        index,
        &around.paths,
        &canonical_of(site, lang, index),
    );
    let mappings = [
        ("exactMatch", ui.match_kinds[0]),
        ("closeMatch", ui.match_kinds[1]),
        ("broadMatch", ui.match_kinds[2]),
        ("narrowMatch", ui.match_kinds[3]),
        ("relatedMatch", ui.match_kinds[4]),
    ]
    .into_iter()
    .filter_map(|(kind, label)| {
        let iris = card.skos().mappings.get(kind)?;
        let targets = iris
            .iter()
            .map(|iri| match site.card_at(iri) {
                Some(j) => {
                    let l = to(j);
                    Concept {
                        label: l.label,
                        notation: l.notation,
                        lang: l.lang,
                        href: None,
                        page: Some(l.href),
                    }
                }
                None => Concept {
                    label: iri,
                    notation: None,
                    lang: Lang::NONE,
                    href: (iri.starts_with("https://") || iri.starts_with("http://"))
                        .then_some(iri.as_str()),
                    page: None,
                },
            })
            .collect();
        Some((label, targets))
    })
    .collect();
    let groups = site
        .plan
        .groups
        .as_ref()
        .and_then(|g| Some((g, g.of_card.get(&index)?)))
        .map(|(groups, of)| {
            of.iter()
                .map(|&at| super::group::link(site, lang, groups, at, here))
                .collect()
        })
        .unwrap_or_default();
    let notes = |name: &'static str, kind: &str| {
        let said = lang.notes(card, config, kind);
        NotesView {
            name,
            lang: if said.text.is_empty() {
                Lang::NONE
            } else {
                Lang::of(said.lang, page)
            },
            text: said.text,
        }
    };
    let history = [
        notes(ui.history_note, "historyNote"),
        notes(ui.change_note, "changeNote"),
    ]
    .into_iter()
    .filter(|n| !n.text.is_empty())
    .collect();
    let mut related = links.related.clone();
    related.sort_by_key(|n| lang.rank[n.index()]);
    let page_view = TermPage {
        frame: Frame::new(site, lang, &home, Some(Here::Term(index))),
        slug,
        canonical,
        rdf,
        term: TermText {
            text: texts.term.text,
            lang: Lang::of(texts.term.lang, page),
            notation: crate::site::notation(glossary, index),
        },
        aliases_lang: Lang::of(texts.aliases.lang, page),
        aliases: texts.aliases.text,
        status,
        retired_around: ui::around(ui.retired_status, "status"),
        retired: matches!(card.status(), Some("deprecated" | "obsolete"))
            || !links.replaced_by.is_empty(),
        topic,
        definition,
        definition_inline,
        definition_lang: Lang::of_text(texts.definition, page),
        note,
        note_lang: Lang::of(texts.note.lang, page),
        main_lang: Lang::of(&config.language, page),
        advantages: card.advantages().iter().collect(),
        limitations: card.limitations().iter().collect(),
        dates,
        provenance: card.provenance().iter().collect(),
        related: link(&related),
        replaces: link(&links.replaces),
        replaced_by: link(&links.replaced_by),
        linked_from,
        citations,
        json_ld,
        iri,
        breadcrumbs: around.breadcrumbs,
        breadcrumb_lists,
        broader: around.broader,
        narrower: around.narrower,
        mappings,
        groups,
        tree_place: around.tree_place,
        other_languages: other_languages(
            site,
            lang,
            index,
            &if lang.is_main() {
                home.clone()
            } else {
                format!("{home}../")
            },
        ),
        examples: notes(ui.examples, "example"),
        history,
        editorial: notes(ui.editorial_notes, "editorialNote"),
    };
    render(&page_view)
}

/// The labels of card `index` in each language but `lang` that it has labels in: the main
/// language's (when `lang` is another), then each of its `languages` by tag, named in
/// itself, linked to the term's page in that language when the site has one (`root` leads
/// from the page to the site's root).
fn other_languages<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    index: usize,
    root: &str,
) -> Vec<OtherLanguage<'a>> {
    let card = &site.glossary.cards()[index];
    let config = site.config;
    let page = lang.page_lang.as_str();
    let skos = card.skos();
    if skos.languages.is_empty() {
        return Vec::new();
    }
    let main = config.language.as_str();
    // The main language's term is its own only when it was not taken from another's.
    let main_term = (super::super::languages::main_term_lang(card, config) == main)
        .then_some(card.term())
        .filter(|t| !t.trim().is_empty());
    let mains = std::iter::once((main, main_term, card.aliases().iter().collect::<Vec<_>>()));
    let others = skos.languages.iter().map(|(tag, l)| {
        (
            tag.as_str(),
            l.term.as_deref().filter(|t| !t.trim().is_empty()),
            l.aliases.iter().map(String::as_str).collect(),
        )
    });
    let languages = site.languages();
    mains
        .chain(others)
        .filter(|(tag, term, aliases)| {
            !tag.eq_ignore_ascii_case(&lang.tag) && (term.is_some() || !aliases.is_empty())
        })
        .map(|(tag, term, aliases)| {
            let href = languages
                .iter()
                .find(|l| l.tag.eq_ignore_ascii_case(tag))
                .map(|l| site.href(From::Root(&format!("{root}{}", l.folder)), index));
            OtherLanguage {
                name: super::switch_name(tag),
                lang: Lang::of(tag, page),
                term,
                aliases,
                href,
                tag,
            }
        })
        .collect()
}

/// A term's place in the hierarchy as its page in a language shows it.
struct Around<'a> {
    breadcrumbs: Vec<Vec<Crumb<'a>>>,
    /// The same paths by card, `None` for a gap.
    paths: Vec<Vec<Option<usize>>>,
    broader: Vec<Concept<'a>>,
    narrower: Vec<Concept<'a>>,
    tree_place: Option<String>,
}

impl<'a> Around<'a> {
    /// Card `index`'s broader and narrower terms, breadcrumb and place in `lang`'s tree, linked
    /// from its page at `path`.
    fn of(site: &Site<'a>, lang: &'a Language, index: usize, path: &str) -> Self {
        let glossary = site.glossary;
        let page = lang.page_lang.as_str();
        let here = From::Term(path);
        let hierarchy = site.plan.hierarchy.as_ref();
        let tree = lang.tree.as_ref();
        // Terms in the language's A–Z order (its tree's), then concepts outside the glossary
        // by IRI.
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
                    Target::Term(j) => {
                        let term = lang.term(&glossary.cards()[*j], site.config);
                        Some(Concept {
                            label: term.text,
                            notation: crate::site::notation(glossary, *j),
                            lang: Lang::of(term.lang, page),
                            href: None,
                            page: Some(site.href(here, *j)),
                        })
                    }
                    Target::Iri(iri) => Some(Concept {
                        label: iri,
                        notation: None,
                        lang: Lang::NONE,
                        href: (iri.starts_with("https://") || iri.starts_with("http://"))
                            .then_some(iri.as_str()),
                        page: None,
                    }),
                    // The checker's dangling-link: nothing to point at.
                    Target::Missing(_) => None,
                })
                .collect()
        };
        let home = "../".repeat(path.split('/').count());
        let slug = glossary.cards()[index].slug();
        let paths: Vec<Vec<Option<usize>>> = match (tree, hierarchy) {
            (Some(t), Some(h)) => t
                .breadcrumbs(h, index)
                .into_iter()
                .filter(|path| !path.is_empty())
                .collect(),
            _ => Vec::new(),
        };
        Self {
            breadcrumbs: paths
                .iter()
                .map(|path| {
                    path.iter()
                        .map(|step| Crumb {
                            link: step.map(|j| term_link(site, lang, j, here)),
                        })
                        .collect()
                })
                .collect(),
            paths,
            broader: hierarchy.map_or_else(Vec::new, |h| concepts(h.broader(index))),
            narrower: hierarchy.map_or_else(Vec::new, |h| concepts(h.narrower(index))),
            tree_place: tree.map(|t| format!("{home}{}#t-{slug}", tree_page(t.home(index)))),
        }
    }
}

/// The address of card `index`'s page in `lang`: the concept's page in the main language,
/// its page in the language's folder otherwise.
fn canonical_of(site: &Site<'_>, lang: &Language, index: usize) -> String {
    if lang.is_main() {
        site.main_page_url(index)
    } else {
        format!(
            "{}{}{}/",
            site.address(),
            lang.folder,
            site.page_path(index)
        )
    }
}

/// The breadcrumbs of card `index` (its `paths`, by card) as schema.org `BreadcrumbList`s,
/// the term itself last, its page at `own`: JSON safe inside a `<script>` block, empty
/// without any.
fn breadcrumb_lists(
    site: &Site<'_>,
    lang: &Language,
    index: usize,
    paths: &[Vec<Option<usize>>],
    own: &str,
) -> String {
    if paths.is_empty() {
        return String::new();
    }
    let cards = site.glossary.cards();
    let lists: Vec<serde_json::Value> = paths
        .iter()
        .map(|path| {
            let items: Vec<serde_json::Value> = path
                .iter()
                .flatten()
                .map(|&j| {
                    (
                        lang.term(&cards[j], site.config).text,
                        canonical_of(site, lang, j),
                    )
                })
                .chain(std::iter::once((
                    lang.term(&cards[index], site.config).text,
                    own.to_owned(),
                )))
                .enumerate()
                .map(|(at, (name, item))| {
                    serde_json::json!({
                        "@type": "ListItem",
                        "position": at + 1,
                        "name": name,
                        "item": item,
                    })
                })
                .collect();
            serde_json::json!({
                "@context": "https://schema.org",
                "@type": "BreadcrumbList",
                "itemListElement": items,
            })
        })
        .collect();
    script_safe(&serde_json::to_string_pretty(&lists).expect("JSON values serialize"))
}

/// The schema.org `DefinedTerm` of card `index` (whose `texts` in `lang` these are), as JSON
/// safe inside a `<script>` block. In a language other than the main one, its name and
/// description are language-tagged values.
fn defined_term(
    site: &Site<'_>,
    lang: &Language,
    index: usize,
    texts: &Texts<'_>,
    iri: &str,
) -> String {
    let card = &site.glossary.cards()[index];
    let value = |said: Said<'_, &str>| -> serde_json::Value {
        if lang.is_main() || said.text.is_empty() {
            serde_json::json!(said.text)
        } else {
            serde_json::json!({"@value": said.text, "@language": said.lang})
        }
    };
    let definition = crate::card::markdown::plain(texts.definition.text);
    let mut term = serde_json::json!({
        "@context": "https://schema.org",
        "@type": "DefinedTerm",
        "@id": iri,
        "url": iri,
        "name": value(texts.term),
        "termCode": card.slug(),
        "description": value(Said {
            text: &definition,
            lang: texts.definition.lang,
        }),
        "inDefinedTermSet": {
            "@type": "DefinedTermSet",
            "@id": site.config.base,
            "name": site.config.title,
        },
    });
    if !texts.aliases.text.is_empty() {
        term["alternateName"] = texts
            .aliases
            .text
            .iter()
            .map(|a| {
                value(Said {
                    text: a,
                    lang: texts.aliases.lang,
                })
            })
            .collect();
    }
    script_safe(&serde_json::to_string_pretty(&term).expect("JSON values serialize"))
}
