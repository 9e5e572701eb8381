//! A glossary in one Markdown file (`.md`, `.markdown`): a heading per term (mdBook books,
//! GitHub wikis), definition lists (`Term` / `: definition`, as MkDocs and Pandoc write them),
//! a table of terms and definitions, and MkDocs's abbreviations (`*[HTML]: HyperText Markup
//! Language`), any of them or several in one file.
//!
//! The headings of terms are those of the level most headings have (below a lone title), but
//! a single letter (`## A`, an index's); each term's text runs to the next heading of its
//! level or above: its first paragraph the definition, the rest the note. A link to a heading
//! or anchor of the same file that is a term's (`[RDMA](#rdma)`) becomes a term link; a
//! reference link (`[text][id]`, `[id]`) is written inline with its target, and brackets that
//! are no link stay brackets (`\[layout.array\]`), never a citation marker.
//!
//! A file with MyST's `{glossary}` directive (a Sphinx site written in Markdown) is read as
//! the reST reader reads `.. glossary::`, by that reader ([`super::rst::read_myst`]): its
//! directives are the glossary, and its headings the page's sections, not terms.

use std::collections::BTreeMap;
use std::ops::Range;

use pulldown_cmark::{Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};

use crate::card::Draft;
use crate::docsite::slugify;
use glossgraph_core::load::SourceProblem;

/// A term found in the file: its label, the anchors that name it, and where its text is.
struct Found {
    term: String,
    anchors: Vec<String>,
    /// The definition's and the note's source ranges (the note's may be empty).
    definition: Range<usize>,
    note: Range<usize>,
    /// A definition given whole (an abbreviation's), not a range of the text.
    given: Option<String>,
}

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_DEFINITION_LIST
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_STRIKETHROUGH
}

/// The anchor a heading gets on GitHub and in mdBook: lower case, letters, digits, `-` and
/// `_` kept, spaces made `-`, the rest dropped.
fn anchor(text: &str) -> String {
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Reads the glossary in the Markdown `text` of the file `file`: each card with its name,
/// and what was left out.
pub(super) fn read(file: &str, text: &str) -> (Vec<(String, Draft)>, Vec<SourceProblem>) {
    // A Sphinx page in MyST: its `{glossary}` directives are the glossary, its headings the
    // page's own sections.
    let myst = super::rst::read_myst(file, text);
    if !myst.0.is_empty() || !myst.1.is_empty() {
        return myst;
    }
    let events: Vec<(Event, Range<usize>)> = Parser::new_ext(text, options())
        .into_offset_iter()
        .collect();
    let mut found = headings(text, &events);
    found.extend(definition_lists(text, &events));
    found.extend(tables(text, &events));
    found.extend(abbreviations(text));
    let mut problems = Vec::new();
    // Anchor → slug, and slugs made unique in the order the terms come.
    let mut unique = super::Slugs::default();
    let mut slugs: Vec<String> = Vec::new();
    let mut by_anchor: BTreeMap<String, String> = BTreeMap::new();
    for term in &found {
        let slug = unique.unique(slugify(&term.term));
        for a in &term.anchors {
            by_anchor.entry(a.clone()).or_insert_with(|| slug.clone());
        }
        slugs.push(slug);
    }
    let mut cards = Vec::new();
    for (term, slug) in found.into_iter().zip(slugs) {
        let definition = term
            .given
            .clone()
            .unwrap_or_else(|| rewrite(text, &events, term.definition.clone(), &by_anchor));
        let note = rewrite(text, &events, term.note.clone(), &by_anchor);
        if definition.trim().is_empty() && note.trim().is_empty() && term.given.is_none() {
            problems.push(SourceProblem {
                file: file.to_owned(),
                line: line_of(text, term.definition.start),
                column: 1,
                message: format!(
                    "`{}`: a heading with no text under it, not a term: left out",
                    term.term
                ),
                left_out: true,
            });
            continue;
        }
        let card = Draft {
            slug: slug.clone(),
            term: term.term,
            definition: definition.trim().to_owned(),
            note: note.trim().to_owned(),
            ..Draft::default()
        };
        cards.push((format!("{file} ({slug})"), card));
    }
    (cards, problems)
}

/// The 1-based line of byte `at` of `text`.
fn line_of(text: &str, at: usize) -> u32 {
    text[..at.min(text.len())].matches('\n').count() as u32 + 1
}

/// The plain text of the events in `range` of `events` (a heading's, a cell's).
fn plain(events: &[(Event, Range<usize>)], from: usize, until: impl Fn(&Event) -> bool) -> String {
    let mut out = String::new();
    for (event, _) in &events[from..] {
        if until(event) {
            break;
        }
        if let Event::Text(t) | Event::Code(t) = event {
            out.push_str(t);
        }
    }
    out.trim().to_owned()
}

/// The terms of headings: those of the level most headings have, but single letters.
fn headings(text: &str, events: &[(Event, Range<usize>)]) -> Vec<Found> {
    // Every heading: level, label, its explicit id, where it starts and where it ends.
    let mut all: Vec<(HeadingLevel, String, Option<String>, usize, usize)> = Vec::new();
    for (i, (event, range)) in events.iter().enumerate() {
        if let Event::Start(Tag::Heading { level, id, .. }) = event {
            let label = plain(events, i + 1, |e| {
                matches!(e, Event::End(TagEnd::Heading(_)))
            });
            all.push((
                *level,
                label,
                id.as_ref().map(|s| s.to_string()),
                range.start,
                range.end,
            ));
        }
    }
    let mut counts: BTreeMap<HeadingLevel, usize> = BTreeMap::new();
    for (level, label, ..) in &all {
        if label.chars().count() > 1 {
            *counts.entry(*level).or_default() += 1;
        }
    }
    // The level of most headings (of as many, the deeper); a level of one heading is a title.
    let Some(level) = counts
        .iter()
        .filter(|(_, &n)| n > 1)
        .max_by_key(|(level, &n)| (n, **level))
        .map(|(level, _)| *level)
    else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (i, (l, label, id, _, end)) in all.iter().enumerate() {
        if *l != level || label.chars().count() <= 1 {
            continue;
        }
        let stop = all[i + 1..]
            .iter()
            .find(|(other, ..)| *other <= level)
            .map_or(text.len(), |(.., start, _)| *start);
        let body = *end..stop;
        let (definition, note) = split_first_paragraph(events, body);
        let mut anchors = vec![anchor(label)];
        anchors.extend(id.clone());
        found.push(Found {
            term: label.clone(),
            anchors,
            definition,
            note,
            given: None,
        });
    }
    found
}

/// `body` split at its first paragraph's end: the paragraph (the whole body when it opens
/// with something else: a list, a quote), and the rest.
fn split_first_paragraph(
    events: &[(Event, Range<usize>)],
    body: Range<usize>,
) -> (Range<usize>, Range<usize>) {
    // The body ends with its last block: link reference definitions after it are no text.
    let end = events
        .iter()
        .filter(|(_, r)| r.start >= body.start && r.start < body.end)
        .map(|(_, r)| r.end.min(body.end))
        .max()
        .unwrap_or(body.start);
    let body = body.start..end;
    for (event, range) in events {
        if range.start < body.start || range.start >= body.end {
            continue;
        }
        if let Event::Start(Tag::Paragraph) = event {
            let end = range.end.min(body.end);
            return (range.start..end, end..body.end);
        }
        if let Event::Start(Tag::Heading { .. }) = event {
            continue;
        }
    }
    (body.clone(), body.end..body.end)
}

/// The terms of definition lists: each title, its first definition (the others the note).
fn definition_lists(text: &str, events: &[(Event, Range<usize>)]) -> Vec<Found> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < events.len() {
        if let (Event::Start(Tag::DefinitionListTitle), _) = &events[i] {
            let label = plain(events, i + 1, |e| {
                matches!(e, Event::End(TagEnd::DefinitionListTitle))
            });
            // The definitions after the title, up to the next title or the list's end.
            let mut definitions: Vec<Range<usize>> = Vec::new();
            let mut j = i + 1;
            while j < events.len() {
                match &events[j] {
                    (Event::Start(Tag::DefinitionListDefinition), range) => {
                        definitions.push(inner(text, range.clone()));
                    }
                    (Event::Start(Tag::DefinitionListTitle), _)
                    | (Event::End(TagEnd::DefinitionList), _) => break,
                    _ => {}
                }
                j += 1;
            }
            if let Some(first) = definitions.first().cloned() {
                let note = definitions.get(1).map_or(first.end..first.end, |d| {
                    d.start..definitions[definitions.len() - 1].end
                });
                found.push(Found {
                    anchors: vec![anchor(&label)],
                    term: label,
                    definition: first,
                    note,
                    given: None,
                });
            }
            i = j;
            continue;
        }
        i += 1;
    }
    found
}

/// A definition's range without its `: ` marker.
fn inner(text: &str, range: Range<usize>) -> Range<usize> {
    let slice = &text[range.clone()];
    let skip = slice.len() - slice.trim_start_matches([':', ' ', '\t']).len();
    (range.start + skip)..range.end
}

/// The terms of two-column tables whose first header cell names terms (`Term`, `Name`, …)
/// or whose second names definitions.
fn tables(text: &str, events: &[(Event, Range<usize>)]) -> Vec<Found> {
    const TERMS: [&str; 5] = ["term", "name", "word", "abbreviation", "acronym"];
    const DEFINITIONS: [&str; 4] = ["definition", "meaning", "description", "explanation"];
    let mut found = Vec::new();
    let mut in_head = false;
    let mut header: Vec<String> = Vec::new();
    let mut row: Vec<Range<usize>> = Vec::new();
    let mut labels: Vec<String> = Vec::new();
    for (i, (event, range)) in events.iter().enumerate() {
        match event {
            Event::Start(Tag::Table(_)) => header.clear(),
            Event::Start(Tag::TableHead) => in_head = true,
            Event::End(TagEnd::TableHead) => in_head = false,
            Event::Start(Tag::TableRow) => {
                row.clear();
                labels.clear();
            }
            Event::Start(Tag::TableCell) => {
                let label = plain(events, i + 1, |e| {
                    matches!(e, Event::End(TagEnd::TableCell))
                });
                if in_head {
                    header.push(label.to_lowercase());
                } else {
                    labels.push(label);
                    row.push(cell(text, range.clone()));
                }
            }
            Event::End(TagEnd::TableRow) => {
                let glossary = header.len() >= 2
                    && (TERMS.contains(&header[0].as_str())
                        || DEFINITIONS.contains(&header[1].as_str()));
                if glossary && row.len() >= 2 && !labels[0].is_empty() {
                    found.push(Found {
                        anchors: vec![anchor(&labels[0])],
                        term: labels[0].clone(),
                        definition: row[1].clone(),
                        note: row[1].end..row[1].end,
                        given: None,
                    });
                }
            }
            _ => {}
        }
    }
    found
}

/// A cell's range without its pipes and spaces.
fn cell(text: &str, range: Range<usize>) -> Range<usize> {
    let slice = &text[range.clone()];
    let start = slice.len() - slice.trim_start_matches(['|', ' ']).len();
    let end = slice.trim_end_matches(['|', ' ']).len();
    (range.start + start)..(range.start + end.max(start))
}

/// MkDocs's abbreviations: `*[HTML]: HyperText Markup Language`, one a line.
fn abbreviations(text: &str) -> Vec<Found> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("*[")?;
            let (term, definition) = rest.split_once("]:")?;
            let (term, definition) = (term.trim(), definition.trim());
            (!term.is_empty() && !definition.is_empty()).then(|| Found {
                term: term.to_owned(),
                anchors: vec![anchor(term)],
                definition: 0..0,
                note: 0..0,
                given: Some(definition.to_owned()),
            })
        })
        .collect()
}

/// The Markdown of `range` of `text`, its links rewritten: a reference link inline, a link to
/// a term's anchor a term link, and brackets that are no link escaped.
fn rewrite(
    text: &str,
    events: &[(Event, Range<usize>)],
    range: Range<usize>,
    by_anchor: &BTreeMap<String, String>,
) -> String {
    if range.is_empty() {
        return String::new();
    }
    // Replacements of source ranges, in order, none inside another.
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    for (i, (event, span)) in events.iter().enumerate() {
        if span.start < range.start || span.end > range.end {
            continue;
        }
        if edits.last().is_some_and(|(last, _)| span.start < last.end) {
            continue;
        }
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => {
                let term = dest_url
                    .strip_prefix('#')
                    .and_then(|a| by_anchor.get(&a.to_lowercase()));
                let reference = matches!(
                    link_type,
                    LinkType::Reference | LinkType::Collapsed | LinkType::Shortcut
                );
                if term.is_none() && !reference {
                    continue;
                }
                let label = link_label(text, events, i);
                let target =
                    term.map_or_else(|| dest_url.to_string(), |slug| format!("../{slug}/"));
                edits.push((span.clone(), format!("[{label}]({target})")));
            }
            Event::Text(t) if t.contains(['[', ']']) => {
                let raw = &text[span.clone()];
                if raw.contains(['[', ']']) {
                    edits.push((span.clone(), escape(raw)));
                }
            }
            _ => {}
        }
    }
    let mut out = String::with_capacity(range.len());
    let mut at = range.start;
    for (span, with) in edits {
        out.push_str(&text[at..span.start]);
        out.push_str(&with);
        at = span.end;
    }
    out.push_str(&text[at..range.end]);
    out
}

/// The Markdown of the text of the link that starts at event `i` (its code and emphasis
/// kept), its brackets escaped.
fn link_label(text: &str, events: &[(Event, Range<usize>)], i: usize) -> String {
    let mut depth = 0;
    let (mut start, mut end) = (None, 0);
    for (event, range) in &events[i + 1..] {
        match event {
            Event::Start(Tag::Link { .. }) => depth += 1,
            Event::End(TagEnd::Link) if depth == 0 => break,
            Event::End(TagEnd::Link) => depth -= 1,
            _ => {}
        }
        start.get_or_insert(range.start);
        end = end.max(range.end);
    }
    start.map_or_else(String::new, |start| escape(&text[start..end]))
}

/// `text` with its square brackets escaped (and backslashes before them kept).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut escaped = false;
    for c in text.chars() {
        if (c == '[' || c == ']') && !escaped {
            out.push('\\');
        }
        escaped = c == '\\' && !escaped;
        out.push(c);
    }
    out
}
