//! A card's CommonMark text as HTML (the site's pages) or as a tree of elements (the HTML
//! map's card panel, which builds it with `createElement` and `textContent`, never parsing
//! HTML).
//!
//! One walk over the parser's events ([`crate::card::markdown`]) decides what each text
//! becomes; the two [`Sink`]s only spell it. What the walk guarantees, whatever the text:
//! raw HTML is shown as text (comments dropped), never passed through; a link is made only to
//! an `http(s)` or `mailto` URL or a relative one, else its text alone is shown; an image shows
//! its description (a page of the glossary loads nothing it did not write); a citation
//! marker becomes the footnote of its citation; a link to another term goes to its page.
//! Headings are moved down so that a note's highest heading sits just under the page's own.

use std::fmt::Write as _;

use pulldown_cmark::{Event, HeadingLevel, Tag, TagEnd};

use crate::card::markdown::{events, literal_runs};
use crate::card::rules::markers;

/// What a text's links and markers point at, as the page showing it needs them.
pub struct Targets<'a> {
    /// The footnote number of a citation marker's id, when the card lists that citation.
    pub cite: &'a dyn Fn(&str) -> Option<usize>,
    /// Where a link to a term goes, when the link's target is a term.
    pub term: &'a dyn Fn(&str) -> Option<Link>,
    /// The level the text's highest headings take (`3` under a page's `h2`): the others
    /// keep their distance below it, at most `h6`. No level is skipped that the text does
    /// not skip.
    pub heading_top: u8,
}

/// A link to a term: its card's index and the address of its page.
pub struct Link {
    pub index: usize,
    pub href: String,
}

/// An element the walk opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    P,
    H(u8),
    Blockquote,
    Pre,
    Code,
    Ul,
    Ol,
    Li,
    Table,
    Thead,
    Tbody,
    Tr,
    Th,
    Td,
    Em,
    Strong,
    Del,
    Hr,
    Br,
}

impl Element {
    fn tag(self) -> &'static str {
        match self {
            Element::P => "p",
            Element::H(1) => "h1",
            Element::H(2) => "h2",
            Element::H(3) => "h3",
            Element::H(4) => "h4",
            Element::H(5) => "h5",
            Element::H(_) => "h6",
            Element::Blockquote => "blockquote",
            Element::Pre => "pre",
            Element::Code => "code",
            Element::Ul => "ul",
            Element::Ol => "ol",
            Element::Li => "li",
            Element::Table => "table",
            Element::Thead => "thead",
            Element::Tbody => "tbody",
            Element::Tr => "tr",
            Element::Th => "th",
            Element::Td => "td",
            Element::Em => "em",
            Element::Strong => "strong",
            Element::Del => "del",
            Element::Hr => "hr",
            Element::Br => "br",
        }
    }

    /// Whether the element is a block, written on a line of its own in HTML.
    fn is_block(self) -> bool {
        !matches!(
            self,
            Element::Code | Element::Em | Element::Strong | Element::Del | Element::Br
        )
    }
}

/// Where the walk writes what it finds.
pub trait Sink {
    /// Opens `element`; `start` is the first number of an ordered list.
    fn open(&mut self, element: Element, start: Option<u64>);
    fn close(&mut self, element: Element);
    /// An element with no content (`hr`, `br`).
    fn empty(&mut self, element: Element);
    fn text(&mut self, text: &str);
    /// A link: `href` is safe to follow; `term` when it goes to a term.
    fn open_link(&mut self, href: &str, title: &str, term: Option<usize>);
    fn close_link(&mut self);
    /// Citation marker `id`, the `n`-th citation of the card.
    fn cite(&mut self, n: usize, id: &str);
}

/// Whether a link to `url` may be followed from a page: `http(s)`, `mailto`, or relative (no
/// scheme). `javascript:`, `data:` and every other scheme are refused.
pub fn is_safe_url(url: &str) -> bool {
    let url = url.trim_start();
    let scheme_end = url.find([':', '/', '?', '#']);
    match scheme_end {
        Some(at) if url.as_bytes()[at] == b':' => {
            let scheme = &url[..at];
            ["http", "https", "mailto"]
                .iter()
                .any(|s| s.eq_ignore_ascii_case(scheme))
        }
        _ => true,
    }
}

/// How deep the elements of a text nest at most: deeper blocks, spans and links give their
/// text to the element that holds them. Fifty thousand `> ` of a stranger's definition made
/// a tree of fifty thousand levels, which the map's JSON writer (and the dropping of the
/// tree) walk recursively: the stack overflowed at five thousand. Texts people write nest a
/// few levels.
pub const MAX_DEPTH: usize = 32;

/// A sink that passes on the elements of the first [`MAX_DEPTH`] levels only (their text at
/// every level). The walk's elements nest properly, so counting the open ones says which
/// close matches an open that was passed on.
struct Bounded<'s, S: Sink> {
    inner: &'s mut S,
    depth: usize,
}

impl<S: Sink> Sink for Bounded<'_, S> {
    fn open(&mut self, element: Element, start: Option<u64>) {
        if self.depth < MAX_DEPTH {
            self.inner.open(element, start);
        }
        self.depth += 1;
    }

    fn close(&mut self, element: Element) {
        self.depth = self.depth.saturating_sub(1);
        if self.depth < MAX_DEPTH {
            self.inner.close(element);
        }
    }

    fn empty(&mut self, element: Element) {
        self.inner.empty(element);
    }

    fn text(&mut self, text: &str) {
        self.inner.text(text);
    }

    fn open_link(&mut self, href: &str, title: &str, term: Option<usize>) {
        if self.depth < MAX_DEPTH {
            self.inner.open_link(href, title, term);
        }
        self.depth += 1;
    }

    fn close_link(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.depth < MAX_DEPTH {
            self.inner.close_link();
        }
    }

    fn cite(&mut self, n: usize, id: &str) {
        self.inner.cite(n, id);
    }
}

/// Walks `text`, writing it into `sink`, its elements [`MAX_DEPTH`] levels deep at most.
pub fn walk(text: &str, targets: &Targets<'_>, sink: &mut impl Sink) {
    walk_all(
        text,
        targets,
        &mut Bounded {
            inner: sink,
            depth: 0,
        },
    );
}

/// [`walk`] without the bound on depth.
fn walk_all(text: &str, targets: &Targets<'_>, sink: &mut impl Sink) {
    // The text's highest heading, so that it lands on `heading_top` (a cheap look first:
    // most texts have no heading).
    let highest = if text.contains('#') || text.contains("\n=") || text.contains("\n-") {
        events(text)
            .filter_map(|(e, _)| match e {
                Event::Start(Tag::Heading { level, .. }) => Some(heading_number(level)),
                _ => None,
            })
            .min()
            .unwrap_or(1)
    } else {
        1
    };
    let found = markers(text);
    // Text that Markdown leaves as written is gathered into runs, so that a marker the parser
    // cut into pieces (`[`, `id`, `]`) is seen whole.
    // A text with no link, code, escape or HTML syntax is one run: not parsed a second time.
    let runs = if crate::card::markdown::brackets_are_text(text) {
        std::iter::once(0..text.len()).collect()
    } else {
        literal_runs(text)
    };
    let mut run: Option<std::ops::Range<usize>> = None;
    let flush = |run: &mut Option<std::ops::Range<usize>>, sink: &mut dyn SinkText| {
        if let Some(r) = run.take() {
            let mut at = r.start;
            for m in found.iter().filter(|m| r.contains(&m.at)) {
                if let Some(n) = (targets.cite)(m.id) {
                    sink.text_(&text[at..m.at]);
                    sink.cite_(n, m.id);
                    at = m.range().end;
                }
            }
            sink.text_(&text[at..r.end]);
        }
    };
    let mut tags = Tags {
        targets,
        highest,
        links: Vec::new(),
        image: 0,
        in_head: false,
        body_open: false,
    };
    for (event, range) in events(text) {
        if !matches!(event, Event::Text(_)) || tags.image > 0 {
            flush(&mut run, sink);
        }
        match event {
            Event::Text(t) => {
                let literal = runs.iter().any(|r| r.contains(&range.start))
                    && text.get(range.clone()) == Some(&*t);
                if tags.image == 0 && literal {
                    match &mut run {
                        Some(r) if r.end == range.start => r.end = range.end,
                        _ => {
                            flush(&mut run, sink);
                            run = Some(range);
                        }
                    }
                } else {
                    flush(&mut run, sink);
                    sink.text(&t);
                }
            }
            Event::Code(t) => {
                sink.open(Element::Code, None);
                sink.text(&t);
                sink.close(Element::Code);
            }
            Event::InlineMath(t) | Event::DisplayMath(t) => sink.text(&t),
            Event::Html(t) | Event::InlineHtml(t) => {
                // Shown as text, comments dropped (`<!--more-->` of many sites).
                let t = t.trim_end_matches('\n');
                if !(t.trim_start().starts_with("<!--") && t.trim_end().ends_with("-->")) {
                    sink.text(t);
                }
            }
            Event::FootnoteReference(t) => sink.text(&format!("[^{t}]")),
            Event::SoftBreak => sink.text("\n"),
            Event::HardBreak => sink.empty(Element::Br),
            Event::Rule => sink.empty(Element::Hr),
            Event::TaskListMarker(done) => sink.text(if done { "[x] " } else { "[ ] " }),
            Event::Start(tag) => tags.start(tag, sink),
            Event::End(tag) => tags.end(tag, sink),
        }
    }
    flush(&mut run, sink);
}

/// What a walk keeps between a tag's start and its end: the links that were not made
/// (unsafe), the images it is inside, where a table's body starts, and the text's highest
/// heading, which lands on the targets' `heading_top`.
struct Tags<'t, 'a> {
    targets: &'t Targets<'a>,
    highest: u8,
    links: Vec<bool>,
    image: usize,
    in_head: bool,
    body_open: bool,
}

impl Tags<'_, '_> {
    fn level_of(&self, level: HeadingLevel) -> u8 {
        (heading_number(level) - self.highest + self.targets.heading_top).min(6)
    }

    fn start(&mut self, tag: Tag<'_>, sink: &mut impl Sink) {
        match tag {
            Tag::Paragraph => sink.open(Element::P, None),
            Tag::Heading { level, .. } => sink.open(Element::H(self.level_of(level)), None),
            Tag::BlockQuote(_) => sink.open(Element::Blockquote, None),
            Tag::CodeBlock(_) => {
                sink.open(Element::Pre, None);
                sink.open(Element::Code, None);
            }
            Tag::HtmlBlock => sink.open(Element::P, None),
            Tag::List(start) => sink.open(
                if start.is_some() {
                    Element::Ol
                } else {
                    Element::Ul
                },
                start,
            ),
            Tag::Item => sink.open(Element::Li, None),
            Tag::Table(_) => {
                sink.open(Element::Table, None);
                self.body_open = false;
            }
            Tag::TableHead => {
                self.in_head = true;
                sink.open(Element::Thead, None);
                sink.open(Element::Tr, None);
            }
            Tag::TableRow => {
                if !self.body_open {
                    sink.open(Element::Tbody, None);
                    self.body_open = true;
                }
                sink.open(Element::Tr, None);
            }
            Tag::TableCell => sink.open(
                if self.in_head {
                    Element::Th
                } else {
                    Element::Td
                },
                None,
            ),
            Tag::Emphasis => sink.open(Element::Em, None),
            Tag::Strong => sink.open(Element::Strong, None),
            Tag::Strikethrough => sink.open(Element::Del, None),
            Tag::Superscript | Tag::Subscript => {}
            Tag::Link {
                dest_url, title, ..
            } => {
                let term = (self.targets.term)(&dest_url);
                let made = self.image == 0 && (term.is_some() || is_safe_url(&dest_url));
                if made {
                    match &term {
                        Some(link) => sink.open_link(&link.href, &title, Some(link.index)),
                        None => sink.open_link(&dest_url, &title, None),
                    }
                }
                self.links.push(made);
            }
            Tag::Image { .. } => self.image += 1,
            Tag::FootnoteDefinition(_)
            | Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::MetadataBlock(_) => {}
        }
    }

    fn end(&mut self, tag: TagEnd, sink: &mut impl Sink) {
        match tag {
            TagEnd::Paragraph | TagEnd::HtmlBlock => sink.close(Element::P),
            TagEnd::Heading(level) => sink.close(Element::H(self.level_of(level))),
            TagEnd::BlockQuote(_) => sink.close(Element::Blockquote),
            TagEnd::CodeBlock => {
                sink.close(Element::Code);
                sink.close(Element::Pre);
            }
            TagEnd::List(ordered) => sink.close(if ordered { Element::Ol } else { Element::Ul }),
            TagEnd::Item => sink.close(Element::Li),
            TagEnd::Table => {
                if self.body_open {
                    sink.close(Element::Tbody);
                }
                sink.close(Element::Table);
            }
            TagEnd::TableHead => {
                self.in_head = false;
                sink.close(Element::Tr);
                sink.close(Element::Thead);
            }
            TagEnd::TableRow => sink.close(Element::Tr),
            TagEnd::TableCell => sink.close(if self.in_head {
                Element::Th
            } else {
                Element::Td
            }),
            TagEnd::Emphasis => sink.close(Element::Em),
            TagEnd::Strong => sink.close(Element::Strong),
            TagEnd::Strikethrough => sink.close(Element::Del),
            // Popped whether or not the link was made.
            TagEnd::Link if self.links.pop() == Some(true) => sink.close_link(),
            TagEnd::Image => self.image = self.image.saturating_sub(1),
            _ => {}
        }
    }
}

fn heading_number(level: HeadingLevel) -> u8 {
    level as u8
}

/// What [`walk`]'s text runs need of a sink, as a trait object (the closure that flushes them
/// cannot be generic).
trait SinkText {
    fn text_(&mut self, text: &str);
    fn cite_(&mut self, n: usize, id: &str);
}

impl<S: Sink> SinkText for S {
    fn text_(&mut self, text: &str) {
        if !text.is_empty() {
            self.text(text);
        }
    }

    fn cite_(&mut self, n: usize, id: &str) {
        self.cite(n, id);
    }
}

/// Escapes `text` for HTML as the site's templates do (askama's escaper, character for
/// character), so that a plain text renders to the same bytes as it did through them.
pub fn escape_into(out: &mut String, text: &str) {
    let mut last = 0;
    for (i, b) in text.bytes().enumerate() {
        let with = match b {
            b'&' => "&#38;",
            b'<' => "&#60;",
            b'>' => "&#62;",
            b'"' => "&#34;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&text[last..i]);
        out.push_str(with);
        last = i + 1;
    }
    out.push_str(&text[last..]);
}

/// The site's HTML of a text; a citation's footnote is the element `cite-{id}` of the page.
pub struct HtmlSink<'o> {
    pub out: &'o mut String,
}

impl Sink for HtmlSink<'_> {
    fn open(&mut self, element: Element, start: Option<u64>) {
        match start {
            Some(n) if n != 1 => {
                let _ = write!(self.out, "<{} start=\"{n}\">", element.tag());
            }
            _ => {
                let _ = write!(self.out, "<{}>", element.tag());
            }
        }
        if matches!(
            element,
            Element::Ul
                | Element::Ol
                | Element::Blockquote
                | Element::Table
                | Element::Thead
                | Element::Tbody
                | Element::Tr
        ) {
            self.out.push('\n');
        }
    }

    fn close(&mut self, element: Element) {
        let _ = write!(self.out, "</{}>", element.tag());
        if element.is_block() {
            self.out.push('\n');
        }
    }

    fn empty(&mut self, element: Element) {
        let _ = write!(self.out, "<{}>", element.tag());
        if element.is_block() {
            self.out.push('\n');
        }
    }

    fn text(&mut self, text: &str) {
        escape_into(self.out, text);
    }

    fn open_link(&mut self, href: &str, title: &str, term: Option<usize>) {
        self.out.push_str("<a href=\"");
        escape_into(self.out, href);
        self.out.push('"');
        if !title.is_empty() {
            self.out.push_str(" title=\"");
            escape_into(self.out, title);
            self.out.push('"');
        }
        if term.is_some() {
            self.out.push_str(" class=\"term-link\"");
        } else if href.starts_with("http://") || href.starts_with("https://") {
            self.out.push_str(" rel=\"external noopener\"");
        }
        self.out.push('>');
    }

    fn close_link(&mut self) {
        self.out.push_str("</a>");
    }

    fn cite(&mut self, n: usize, id: &str) {
        self.out.push_str("<sup><a href=\"#cite-");
        escape_into(self.out, id);
        let _ = write!(self.out, "\" aria-label=\"citation {n}\">[{n}]</a></sup>");
    }
}

/// `text` as the site's HTML: block elements, each paragraph a `<p>`.
pub fn to_html(text: &str, targets: &Targets<'_>) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    if crate::card::markdown::is_plain(text) {
        out.push_str("<p>");
        escape_into(&mut out, text);
        out.push_str("</p>\n");
        return out;
    }
    walk(text, targets, &mut HtmlSink { out: &mut out });
    out
}

/// `text` as the site's HTML for a place that holds one paragraph (a definition): its inline
/// content when it is one paragraph (`true`), else its blocks (`false`).
pub fn to_html_inline(text: &str, targets: &Targets<'_>) -> (String, bool) {
    if crate::card::markdown::is_plain(text) {
        let mut out = String::with_capacity(text.len() + 8);
        escape_into(&mut out, text);
        return (out, true);
    }
    let out = to_html(text, targets);
    if let Some(inner) = out
        .strip_prefix("<p>")
        .and_then(|rest| rest.strip_suffix("</p>\n"))
    {
        if !inner.contains("<p>") && !inner.contains("</p>") {
            return (inner.to_owned(), true);
        }
    }
    (out, false)
}

/// The map panel's form of a text, as JSON: the text itself when it is paragraphs of plain
/// text and citation markers (the panel splits those itself, as it always has), else a tree:
/// a string is text, `[tag, attributes, ...children]` an element. Attributes: `href` and
/// `title` of a link, `term` (a card index) of a term link, `cite` (a citation's number) of a
/// marker, `start` of a numbered list.
pub struct TreeSink {
    /// One array of children per open element, the outermost first.
    stack: Vec<Vec<serde_json::Value>>,
    /// The open elements' tag and attributes.
    open: Vec<(&'static str, serde_json::Map<String, serde_json::Value>)>,
    /// Whether anything but paragraphs, text and markers was seen.
    marked: bool,
}

impl TreeSink {
    fn new() -> Self {
        Self {
            stack: vec![Vec::new()],
            open: Vec::new(),
            marked: false,
        }
    }

    fn push(&mut self, value: serde_json::Value) {
        if let Some(top) = self.stack.last_mut() {
            top.push(value);
        }
    }

    fn start(&mut self, tag: &'static str, attributes: serde_json::Map<String, serde_json::Value>) {
        self.open.push((tag, attributes));
        self.stack.push(Vec::new());
    }

    fn end(&mut self) {
        if let (Some((tag, attributes)), Some(children)) = (self.open.pop(), self.stack.pop()) {
            let mut element = vec![serde_json::Value::from(tag), attributes.into()];
            element.extend(children);
            self.push(element.into());
        }
    }
}

impl Sink for TreeSink {
    fn open(&mut self, element: Element, start: Option<u64>) {
        self.marked |= element != Element::P;
        let mut attributes = serde_json::Map::new();
        if let Some(n) = start {
            attributes.insert("start".into(), n.into());
        }
        self.start(element.tag(), attributes);
    }

    fn close(&mut self, _: Element) {
        self.end();
    }

    fn empty(&mut self, element: Element) {
        self.marked = true;
        self.push(serde_json::json!([element.tag(), {}]));
    }

    fn text(&mut self, text: &str) {
        // Two texts side by side are one.
        if let Some(serde_json::Value::String(last)) =
            self.stack.last_mut().and_then(|s| s.last_mut())
        {
            last.push_str(text);
            return;
        }
        self.push(text.into());
    }

    fn open_link(&mut self, href: &str, title: &str, term: Option<usize>) {
        self.marked = true;
        let mut attributes = serde_json::Map::new();
        attributes.insert("href".into(), href.into());
        if !title.is_empty() {
            attributes.insert("title".into(), title.into());
        }
        if let Some(index) = term {
            attributes.insert("term".into(), index.into());
        }
        self.start("a", attributes);
    }

    fn close_link(&mut self) {
        self.end();
    }

    fn cite(&mut self, n: usize, id: &str) {
        self.push(serde_json::json!(["cite", {"cite": n, "id": id}]));
    }
}

/// `text` for the map's panel (see [`TreeSink`]): the text as it stands when it has no marks
/// the panel would not show, else its tree.
pub fn to_tree(text: &str, targets: &Targets<'_>) -> serde_json::Value {
    if text.is_empty() {
        return "".into();
    }
    let mut sink = TreeSink::new();
    walk(text, targets, &mut sink);
    // Paragraphs of literal text and markers: the panel reads the text itself.
    let flat = !sink.marked
        && sink.stack[0].iter().all(|p| {
            p.as_array().is_some_and(|p| {
                p[2..].iter().all(|c| {
                    c.as_str()
                        .is_some_and(|s| !s.contains(['&', '<', '\\', '`']))
                        || c.get(0).and_then(|t| t.as_str()) == Some("cite")
                })
            })
        });
    if flat {
        return text.into();
    }
    sink.stack.swap_remove(0).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> String {
        let cite = |id: &str| (id == "rdma").then_some(1);
        let term = |target: &str| {
            (target == "../pod/" || target == "/pod/").then(|| Link {
                index: 3,
                href: "../pod/index.html".into(),
            })
        };
        to_html(
            text,
            &Targets {
                cite: &cite,
                term: &term,
                heading_top: 3,
            },
        )
    }

    #[test]
    fn plain_paragraphs_read_as_before() {
        assert_eq!(
            page("Azure's \"report\" & more. [rdma]\n\nSecond [other]."),
            "<p>Azure&#39;s &#34;report&#34; &#38; more. <sup><a href=\"#cite-rdma\" aria-label=\"citation 1\">[1]</a></sup></p>\n<p>Second [other].</p>\n"
        );
    }

    #[test]
    fn marks_become_elements() {
        let html = page("## Problem\n\n- It *removes* `x`\n- A [pod](/pod/) and [site](https://a.example/)\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |");
        for want in [
            "<h3>Problem</h3>",
            "<ul>\n<li>It <em>removes</em> <code>x</code></li>",
            "<a href=\"../pod/index.html\" class=\"term-link\">pod</a>",
            "<a href=\"https://a.example/\" rel=\"external noopener\">site</a>",
            "<blockquote>\n<p>quoted</p>\n</blockquote>",
            "<table>\n<thead>\n<tr>\n<th>a</th>",
            "<tbody>\n<tr>\n<td>1</td>",
        ] {
            assert!(html.contains(want), "{want} in {html}");
        }
        assert!(!html.contains("##") && !html.contains("](") && !html.contains("**"));
    }

    #[test]
    fn deep_nesting_is_cut_at_the_bound_and_its_text_kept() {
        // Fifty thousand quotes, and lists as deep as a text can make them.
        let quotes = format!("{}deep", "> ".repeat(50_000));
        let html = page(&quotes);
        assert_eq!(html.matches("<blockquote>").count(), MAX_DEPTH);
        assert_eq!(html.matches("</blockquote>").count(), MAX_DEPTH);
        assert!(html.contains("deep"), "{html}");
        let none = |_: &str| None;
        let targets = Targets {
            cite: &|_: &str| None,
            term: &none,
            heading_top: 3,
        };
        let tree = to_tree(&quotes, &targets);
        let json = serde_json::to_string(&tree).unwrap();
        assert_eq!(json.matches("[\"blockquote\"").count(), MAX_DEPTH);
        let list: String = (0..500)
            .map(|i| format!("{}- item {i}\n", "  ".repeat(i)))
            .collect();
        let html = page(&list);
        assert_eq!(html.matches("<ul>").count(), html.matches("</ul>").count());
        assert!(html.matches("<ul>").count() <= MAX_DEPTH, "{html}");
        assert!(html.contains("item 499"), "{html}");
        let links = format!(
            "{}x{}",
            "*[a ".repeat(5_000),
            "](https://a.example/)*".repeat(5_000)
        );
        let html = page(&links);
        assert_eq!(html.matches("<a ").count(), html.matches("</a>").count());
    }

    #[test]
    fn html_and_unsafe_links_are_never_run() {
        let html = page("<script>alert(1)</script>\n\nA <b onclick=\"x\">b</b> [x](javascript:alert(1)) [y](data:text/html,hi) [z](JaVaScRiPt:1) ![i](https://t.example/p.png) <!--more-->");
        assert!(!html.contains("<script") && !html.contains("<b "), "{html}");
        assert!(
            !html.contains("href=\"javascript")
                && !html.contains("href=\"data")
                && !html.contains("JaVa"),
            "{html}"
        );
        assert!(!html.contains("<img") && !html.contains("more"), "{html}");
        assert!(
            html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"),
            "{html}"
        );
        assert!(
            html.contains(" x ") && html.contains(" y ") && html.contains(" z "),
            "{html}"
        );
    }

    #[test]
    fn safe_urls() {
        for ok in [
            "https://a",
            "HTTP://a",
            "mailto:a@b",
            "../pod/",
            "/x",
            "x.html",
            "#frag",
            "a/b:c",
        ] {
            assert!(is_safe_url(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            " javascript:x",
            "data:text/html,x",
            "vbscript:x",
            "file:///etc",
        ] {
            assert!(!is_safe_url(bad), "{bad}");
        }
    }

    #[test]
    fn the_panel_gets_plain_text_as_it_stands() {
        let none = |_: &str| None;
        let cite = |id: &str| (id == "rdma").then_some(1);
        let targets = Targets {
            cite: &cite,
            term: &none,
            heading_top: 3,
        };
        let text = "First. [rdma]\n\nSecond.";
        assert_eq!(to_tree(text, &targets), serde_json::json!(text));
        assert_eq!(
            to_tree("A *b* [rdma]", &targets),
            serde_json::json!([["p", {}, "A ", ["em", {}, "b"], " ", ["cite", {"cite": 1, "id": "rdma"}]]])
        );
    }
}
