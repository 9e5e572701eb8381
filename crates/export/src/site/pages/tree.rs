//! A page of a language's tree of the hierarchy: its rows as nested lists, each term in the
//! language's words, its narrower terms below it in a disclosure, or a link to where they are.

use std::fmt::Write as _;

use askama::Template;

use super::{escape, inline, render, term_link, Frame, Here, Lang, TermLink};
use crate::html::escape_html;
use crate::output::ExportError;
use crate::site::languages::{Language, Said};
use crate::site::tree::{Kind, Tree, LEVELS};
use crate::site::ui;
use crate::site::{tree_page, From, Site};

#[derive(Template)]
#[template(path = "site/tree.html")]
struct TreePage<'a> {
    frame: Frame<'a>,
    /// The page's heading as text (for its title) and as HTML.
    heading: String,
    heading_html: String,
    /// On a page that continues the tree: the term continued, and its place on the page
    /// it continues.
    continued: Option<(TermLink<'a>, String)>,
    /// The lead of a continued page around its term's link, and after its link back.
    continued_around: (&'static str, &'static str),
    continued_end: String,
    /// The lead of the first page.
    lead: String,
    /// The nested lists, as HTML.
    rows: String,
}

/// Pages of the tree with at most this many rows have every term open; longer ones only
/// their first level.
const OPEN_WHOLE: usize = 1_000;

/// Page `page` of `lang`'s tree of the hierarchy.
pub(in crate::site) fn tree<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    tree: &Tree,
    page: usize,
) -> Result<String, ExportError> {
    let home = if page == 0 { "../" } else { "../../" };
    let cards = site.glossary.cards();
    let ui = lang.ui;
    let rows = &tree.pages[page].rows;
    let open_whole = rows.len() <= OPEN_WHOLE;
    // A term's first place, from this page.
    let place = |i: usize| {
        let at = tree.home(i);
        let slug = escape_html(cards[i].slug());
        if at == page {
            format!("#t-{slug}")
        } else {
            format!("{home}{}#t-{slug}", tree_page(at))
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
        let term = lang.term(&cards[i], site.config);
        let href = escape_html(&site.href(From::Root(home), i));
        let term_lang = Lang::of(term.lang, &lang.page_lang);
        let link = match crate::site::notation(site.glossary, i) {
            Some(n) => format!(
                "<a href=\"{href}\"><span class=\"notation\">{}</span> <span{term_lang}>{}</span></a>",
                escape_html(n),
                escape_html(term.text)
            ),
            None => format!("<a href=\"{href}\"{term_lang}>{}</a>", escape_html(term.text)),
        };
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
                    escape_html(&ui.count(tree.narrower(i), ui.narrower_terms))
                )
            }
            Kind::Elsewhere => writeln!(
                html,
                "<li{id}>{link} <span class=\"see\">(<a href=\"{}\">{}</a>)</span></li>",
                place(i),
                escape_html(ui.see_first_place)
            ),
            Kind::Continued(q) => writeln!(
                html,
                "<li{id}>{link} <span class=\"see\">(<a href=\"{home}{}\">{}</a>)</span></li>",
                tree_page(q as usize),
                escape_html(ui.see_own_page)
            ),
        };
    }
    while depth > 0 {
        html.push_str("</ul>\n</details></li>\n");
        depth -= 1;
    }
    html.push_str("</ul>\n");
    let root = tree.pages[page].root;
    let continued = root.map(|c| {
        let c = c as usize;
        (term_link(site, lang, c, From::Root(home)), place(c))
    });
    let (heading, heading_html) = match &continued {
        Some((term, _)) => {
            let (before, after) = ui::around(ui.hierarchy_of, "term");
            let said = Said {
                text: term.label,
                lang: term.lang.0.unwrap_or(&lang.page_lang),
            };
            (
                format!("{before}{}{after}", term.label),
                format!(
                    "{}{}{}",
                    escape(before),
                    inline(said, &lang.page_lang),
                    escape(after)
                ),
            )
        }
        None => (ui.hierarchy.to_owned(), escape(ui.hierarchy)),
    };
    let levels = LEVELS.to_string();
    render(&TreePage {
        frame: Frame::new(site, lang, home, Some(Here::Tree(root))),
        heading,
        heading_html,
        continued,
        continued_around: ui::around(ui.tree_continued[0], "term"),
        continued_end: ui.tree_continued[2].replace("{levels}", &levels),
        lead: ui
            .tree_lead
            .replace("{tops}", &ui.count(tree.tops, ui.top_concepts))
            .replace("{levels}", &levels),
        rows: html,
    })
}
