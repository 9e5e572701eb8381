//! A card's definition and note as CommonMark: where its citation markers are, which links it
//! holds, and its text without marks.
//!
//! Every reader of a card's text asks the same parser the same question, so that the checker,
//! the site, the HTML map and the RDF export agree on what is a marker, a link or code. The
//! parser is pulldown-cmark: the CommonMark parser mdBook and zola are built on, kept up to
//! date with the specification, with no dependency of its own once its HTML writer is left
//! out (glossgraph writes its own HTML: it must escape raw HTML, refuse `javascript:` links
//! and turn markers into footnotes, which a writer of plain CommonMark does not do). Its
//! events carry their place in the source, which is how a marker's line and column are found.
//!
//! Tables and strikethrough are read (GitHub's extensions, which documentation sites use);
//! nothing else beyond CommonMark.

use std::borrow::Cow;
use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// The parser's settings, the same for every reader.
pub fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// The events of `text` with their byte ranges in it.
pub fn events(
    text: &str,
) -> pulldown_cmark::OffsetIter<'_, pulldown_cmark::DefaultBrokenLinkCallback> {
    Parser::new_ext(text, options()).into_offset_iter()
}

/// Whether nothing in `text` can make a bracket anything but text: no link, reference,
/// image or autolink syntax (`](`, `][`, `]:`, `<`), no code (backticks, fences of `~`,
/// indented lines), no escape or entity (`\\`, `&`). Such a text needs no parsing to find its
/// markers.
pub fn brackets_are_text(text: &str) -> bool {
    let b = text.as_bytes();
    !b.iter()
        .any(|&c| matches!(c, b'`' | b'<' | b'\\' | b'&' | b'\t'))
        && !b
            .windows(2)
            .any(|w| matches!(w, b"](" | b"][" | b"]:" | b"~~"))
        && !text.starts_with("   ")
        && !text.contains("\n   ")
}

/// The byte ranges of `text` that CommonMark reads as text written as it stands: runs of text
/// outside code, links, images and raw HTML, with no escape or entity inside.
pub fn literal_runs(text: &str) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    // Inside a link, an image or a code block, the text is not the note's own prose.
    let mut inside = 0usize;
    let mut joined = false;
    for (event, range) in events(text) {
        match event {
            Event::Start(
                Tag::Link { .. } | Tag::Image { .. } | Tag::CodeBlock(_) | Tag::HtmlBlock,
            ) => {
                inside += 1;
                joined = false;
            }
            Event::End(TagEnd::Link | TagEnd::Image | TagEnd::CodeBlock | TagEnd::HtmlBlock) => {
                inside = inside.saturating_sub(1);
                joined = false;
            }
            Event::Text(t) if inside == 0 && text.get(range.clone()) == Some(&*t) => {
                match runs.last_mut() {
                    Some(last) if joined && last.end == range.start => last.end = range.end,
                    _ => runs.push(range),
                }
                joined = true;
            }
            _ => joined = false,
        }
    }
    runs
}

/// A link of a text: where it is (its whole `[text](target)`) and its target, as CommonMark
/// reads it (escapes resolved, a reference looked up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextLink {
    pub target: String,
    pub range: Range<usize>,
}

/// The links of `text` (not its images), in order.
pub fn links(text: &str) -> Vec<TextLink> {
    // A link needs `](`, `][`, `]:` (a reference's definition) or `<` (an autolink).
    let b = text.as_bytes();
    if !b.contains(&b'<') && !b.windows(2).any(|w| matches!(w, b"](" | b"][" | b"]:")) {
        return Vec::new();
    }
    events(text)
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::Link { dest_url, .. }) => Some(TextLink {
                target: dest_url.into_string(),
                range,
            }),
            _ => None,
        })
        .collect()
}

/// Whether `text` has nothing CommonMark would read as a mark: one line, none of the
/// characters that open or close a mark, and no block marker at its start.
pub fn is_plain(text: &str) -> bool {
    let marks = |b: u8| {
        matches!(
            b,
            b'*' | b'_'
                | b'`'
                | b'['
                | b']'
                | b'<'
                | b'>'
                | b'#'
                | b'|'
                | b'~'
                | b'\\'
                | b'&'
                | b'!'
                | b'\n'
                | b'\r'
                | b'\t'
        )
    };
    let first = text.trim_start().bytes().next();
    !text.bytes().any(marks)
        && !first.is_some_and(|b| matches!(b, b'-' | b'+' | b'=' | b'0'..=b'9'))
        && !text.starts_with("    ")
}

/// The text of `text` without its marks, for outputs that show plain text (SVG titles,
/// GraphML, CSV): emphasis, code and link marks taken off (a link keeps its text), escapes and
/// entities resolved, blocks separated by a blank line, list items and table rows a line
/// each, line breaks kept; raw HTML is text, as the site shows it (comments dropped).
/// A text with no marks comes back as it is.
pub fn plain(text: &str) -> Cow<'_, str> {
    if is_plain(text) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let block_break = |out: &mut String| {
        let trimmed = out.trim_end_matches([' ', '\n']).len();
        out.truncate(trimmed);
        if !out.is_empty() {
            out.push_str("\n\n");
        }
    };
    let line_break = |out: &mut String| {
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
    };
    for (event, _) in Parser::new_ext(text, options()).into_offset_iter() {
        match event {
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) => {
                out.push_str(&t);
            }
            // Raw HTML is text, as the site shows it; comments are dropped, as there.
            Event::Html(t) | Event::InlineHtml(t) => {
                let trimmed = t.trim();
                if !(trimmed.starts_with("<!--") && trimmed.ends_with("-->")) {
                    out.push_str(t.trim_end_matches('\n'));
                }
            }
            Event::SoftBreak => out.push('\n'),
            Event::HardBreak => out.push('\n'),
            Event::Start(
                Tag::Paragraph
                | Tag::Heading { .. }
                | Tag::BlockQuote(_)
                | Tag::CodeBlock(_)
                | Tag::List(_)
                | Tag::Table(_),
            )
            | Event::Rule => block_break(&mut out),
            Event::Start(Tag::Item | Tag::TableRow | Tag::TableHead) => line_break(&mut out),
            Event::End(TagEnd::TableCell) => out.push(' '),
            _ => {}
        }
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_their_targets() {
        let text = "A [pod](/pod/) runs [containers][c] <https://example.org> ![img](x.png)\n\n[c]: ../container/";
        let targets: Vec<String> = links(text).into_iter().map(|l| l.target).collect();
        assert_eq!(targets, ["/pod/", "../container/", "https://example.org"]);
    }

    #[test]
    fn plain_text_has_no_marks() {
        assert!(matches!(
            plain("A plain sentence, with (parentheses)."),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            plain("## Problem\n\nIt *has* `code` and a [link](https://a).\n\n- one\n- two"),
            "Problem\n\nIt has code and a link.\n\none\ntwo"
        );
        assert_eq!(
            plain("Cites [rdma]. <b>bold</b> <!--more-->"),
            "Cites [rdma]. <b>bold</b>"
        );
        assert_eq!(plain("Line one\nline two"), "Line one\nline two");
        assert_eq!(plain("3 items"), "3 items");
    }
}
