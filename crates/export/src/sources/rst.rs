//! Sphinx's glossaries in reStructuredText: every `.. glossary::` directive of a `.rst` file;
//! and the same directive in Markdown, MyST's `{glossary}` (```` ```{glossary} ```` or
//! `:::{glossary}` fenced blocks), whose body is read alike and whose `` {term}`Term` `` roles
//! are term links as `:term:` roles are, its paragraphs being Markdown already.
//!
//! In a glossary, lines at its own indentation are terms; several in a row before one
//! definition are a term and its aliases (a `term : classifier` keeps the term); the lines
//! indented deeper under them are the definition, its first paragraph the definition and
//! the others the note. `:term:` roles (`` :term:`Term` ``, `` :term:`text <Term>` ``, split
//! over lines or not) become term links; other roles keep their text (`` :ref:`text <label>` ``
//! is `text`, `` :func:`f` `` is `` `f` ``, `` :pep:`8` `` is `PEP 8`); inline literals,
//! emphasis and hyperlinks (`` `text <url>`_ ``) become their Markdown. The reader walks the
//! lines once, with no recursion: a file of directives nested ten thousand deep is read as
//! quickly as any.

use std::collections::BTreeMap;

use crate::card::Draft;
use crate::docsite::slugify;
use glossgraph_core::load::SourceProblem;

/// A term of a glossary: its labels, the line it is on, and its definition's paragraphs.
struct Entry {
    labels: Vec<String>,
    line: usize,
    paragraphs: Vec<String>,
}

/// The indentation of `line` (tabs as 8 columns, as reST reads them).
fn indent(line: &str) -> usize {
    let mut n = 0;
    for c in line.chars() {
        match c {
            ' ' => n += 1,
            '\t' => n = (n / 8 + 1) * 8,
            _ => break,
        }
    }
    n
}

/// The entries of every glossary directive of `text`.
fn entries(text: &str) -> Vec<Entry> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if !(trimmed.starts_with(".. glossary::")) {
            i += 1;
            continue;
        }
        let directive = indent(line);
        i += 1;
        // The directive's options (`:sorted:`), then its content, indented deeper.
        while let Some(line) = lines.get(i) {
            let option = indent(line) > directive && line.trim_start().starts_with(':');
            if !(line.trim().is_empty() || option) {
                break;
            }
            i += 1;
        }
        let Some(level) = lines.get(i).map(|l| indent(l)).filter(|&l| l > directive) else {
            continue;
        };
        i = body(&lines, i, level, &mut out);
    }
    out
}

/// The entries of the glossary whose content starts at `lines[i]`, its terms indented
/// `level`, into `out`: the directive's body as Sphinx reads it, in reST or in MyST. The
/// body ends at a line indented less than its terms, or with `lines`; returns where it ended.
fn body(lines: &[&str], mut i: usize, level: usize, out: &mut Vec<Entry>) -> usize {
    let mut current: Option<Entry> = None;
    let mut paragraph: Vec<String> = Vec::new();
    let mut body: Option<usize> = None;
    while i < lines.len() {
        let line = lines[i];
        if line.trim().is_empty() {
            if let Some(entry) = current.as_mut() {
                if !paragraph.is_empty() {
                    entry.paragraphs.push(paragraph.join("\n"));
                    paragraph.clear();
                }
            }
            i += 1;
            continue;
        }
        let at = indent(line);
        if at < level {
            break;
        }
        if at == level {
            // A term: a new entry, or an alias of the last when no definition came yet.
            let label = term_label(line.trim());
            match current.as_mut() {
                Some(entry) if entry.paragraphs.is_empty() && paragraph.is_empty() => {
                    entry.labels.push(label);
                }
                _ => {
                    if let Some(mut entry) = current.take() {
                        if !paragraph.is_empty() {
                            entry.paragraphs.push(paragraph.join("\n"));
                            paragraph.clear();
                        }
                        out.push(entry);
                    }
                    current = Some(Entry {
                        labels: vec![label],
                        line: i + 1,
                        paragraphs: Vec::new(),
                    });
                    body = None;
                }
            }
        } else if current.is_some() {
            // The definition, dedented by its first line's indentation.
            let base = *body.get_or_insert(at);
            let cut = line
                .char_indices()
                .nth(base.min(at))
                .map_or(line.len(), |(b, _)| b);
            paragraph.push(line[cut..].to_owned());
        }
        i += 1;
    }
    if let Some(mut entry) = current.take() {
        if !paragraph.is_empty() {
            entry.paragraphs.push(paragraph.join("\n"));
        }
        out.push(entry);
    }
    i
}

/// The entries of every MyST `{glossary}` directive of the Markdown `text`: a fenced block
/// opened by three or more backticks, tildes or colons and `{glossary}` (```` ```{glossary} ````,
/// `:::{glossary}`), closed by a line of at least as many of the same character (or the end
/// of the file, as CommonMark ends an open fence); its options (`:sorted:` lines, or a
/// `---` block of YAML) skipped; its content read as [`body`] reads reST's.
fn myst_entries(text: &str) -> Vec<Entry> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some((mark, length)) = myst_glossary_fence(lines[i]) else {
            i += 1;
            continue;
        };
        let fence = indent(lines[i]);
        let closes = |line: &str| {
            let t = line.trim();
            indent(line) < fence + 4 && t.len() >= length && t.chars().all(|c| c == mark)
        };
        let end = (i + 1..lines.len())
            .find(|&k| closes(lines[k]))
            .unwrap_or(lines.len());
        i += 1;
        // The options: `:key: value` lines, or a block of YAML between `---` lines.
        if lines.get(i).is_some_and(|l| l.trim() == "---") {
            let close = (i + 1..end).find(|&k| lines[k].trim() == "---");
            i = close.map_or(i, |k| k + 1);
        }
        while i < end && (lines[i].trim().is_empty() || lines[i].trim_start().starts_with(':')) {
            i += 1;
        }
        if i < end {
            body(&lines[..end], i, indent(lines[i]), &mut out);
        }
        i = end + 1;
    }
    out
}

/// The fence character and length of `line` if it opens a MyST `{glossary}` directive.
fn myst_glossary_fence(line: &str) -> Option<(char, usize)> {
    let trimmed = line.trim_start();
    let mark = trimmed.chars().next().filter(|c| "`~:".contains(*c))?;
    let length = trimmed.chars().take_while(|&c| c == mark).count();
    let rest = trimmed[length..].trim_start();
    (length >= 3 && rest.starts_with("{glossary}")).then_some((mark, length))
}

/// A term line's label: without a classifier (`term : classifier`) or an index key.
fn term_label(line: &str) -> String {
    line.split(" : ").next().unwrap_or(line).trim().to_owned()
}

/// Reads the glossaries of the reST `text` of the file `file`: each card with its name, and
/// what was left out.
pub(super) fn read(file: &str, text: &str) -> (Vec<(String, Draft)>, Vec<SourceProblem>) {
    cards(file, entries(text), markdown)
}

/// Reads the MyST `{glossary}` directives of the Markdown `text` of the file `file`, as
/// [`read`] reads reST's: each card with its name, and what was left out. None when the file
/// has no such directive.
pub(super) fn read_myst(file: &str, text: &str) -> (Vec<(String, Draft)>, Vec<SourceProblem>) {
    if !text.contains("{glossary}") {
        return (Vec::new(), Vec::new());
    }
    cards(file, myst_entries(text), myst_markdown)
}

/// The way a paragraph of a definition becomes Markdown: reST's or MyST's.
type Paragraph =
    fn(&str, &BTreeMap<String, String>, &mut Vec<SourceProblem>, &str, usize) -> String;

/// The cards of the glossary `entries` of the file `file`, each paragraph of their
/// definitions made Markdown by `paragraph`, their term roles linked by any label in any case.
fn cards(
    file: &str,
    entries: Vec<Entry>,
    paragraph: Paragraph,
) -> (Vec<(String, Draft)>, Vec<SourceProblem>) {
    // Every label of every term, in any case, names its slug.
    let mut unique = super::Slugs::default();
    let mut slugs: Vec<String> = Vec::new();
    let mut by_label: BTreeMap<String, String> = BTreeMap::new();
    for entry in &entries {
        let slug = unique.unique(slugify(&entry.labels[0]));
        for label in &entry.labels {
            by_label
                .entry(label.to_lowercase())
                .or_insert_with(|| slug.clone());
        }
        slugs.push(slug);
    }
    let mut cards = Vec::new();
    let mut problems = Vec::new();
    for (entry, slug) in entries.into_iter().zip(slugs) {
        let mut paragraphs = entry
            .paragraphs
            .iter()
            .map(|p| paragraph(p, &by_label, &mut problems, file, entry.line));
        let definition = paragraphs.next().unwrap_or_default();
        let note: Vec<String> = paragraphs.collect();
        let mut labels = entry.labels.into_iter();
        let term = labels.next().unwrap_or_default();
        let card = Draft {
            slug: slug.clone(),
            term,
            aliases: labels.collect(),
            definition,
            note: note.join("\n\n"),
            ..Draft::default()
        };
        cards.push((format!("{file} ({slug})"), card));
    }
    (cards, problems)
}

/// The Markdown of a MyST paragraph `text`: Markdown already, its roles rewritten as
/// [`markdown`] rewrites reST's (`` {term}`Term` `` a term link, the others their text).
fn myst_markdown(
    text: &str,
    by_label: &BTreeMap<String, String>,
    problems: &mut Vec<SourceProblem>,
    file: &str,
    line: usize,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match role(rest, '{', '}') {
            Some((name, content, after)) => {
                out.push_str(&rendered_role(
                    name, content, by_label, problems, file, line,
                ));
                rest = after;
            }
            None => {
                out.push('{');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out.trim().to_owned()
}

/// The Markdown of the reST paragraph `text`: its roles, literals and hyperlinks rewritten;
/// a `:term:` naming no term is said in `problems` and left as its text.
fn markdown(
    text: &str,
    by_label: &BTreeMap<String, String>,
    problems: &mut Vec<SourceProblem>,
    file: &str,
    line: usize,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['`', ':', '*', '[']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        // A role: `:name:`content``.
        if let Some((role, content, after)) = role(rest, ':', ':') {
            out.push_str(&rendered_role(
                role, content, by_label, problems, file, line,
            ));
            rest = after;
            continue;
        }
        // An inline literal: ``code``.
        if let Some(inner) = rest.strip_prefix("``") {
            if let Some(end) = inner.find("``") {
                out.push('`');
                out.push_str(&inner[..end]);
                out.push('`');
                rest = &inner[end + 2..];
                continue;
            }
        }
        // A hyperlink: `text <url>`_ (or __).
        if let Some(inner) = rest.strip_prefix('`') {
            if let Some(end) = inner.find("`_") {
                let content = &inner[..end];
                let after = inner[end + 2..]
                    .strip_prefix('_')
                    .unwrap_or(&inner[end + 2..]);
                let (label, target) = split_target(content);
                out.push_str(&match target {
                    Some(url) => format!("[{}]({url})", escape(label)),
                    None => escape(label),
                });
                rest = after;
                continue;
            }
            // Interpreted text with no role: emphasis, as Sphinx shows it by default.
            if let Some(end) = inner.find('`') {
                out.push('*');
                out.push_str(&inner[..end]);
                out.push('*');
                rest = &inner[end + 1..];
                continue;
            }
        }
        if rest.starts_with('[') {
            out.push_str("\\[");
        } else {
            out.push_str(&rest[..1]);
        }
        rest = &rest[1..];
    }
    out.push_str(rest);
    out.trim().to_owned()
}

/// A role at the start of `text`, its name between `open` and `close` (reST's `:name:`,
/// MyST's `{name}`, which may name a domain, `{py:func}`): its name, its content, and the
/// text after it.
fn role(text: &str, open: char, close: char) -> Option<(&str, &str, &str)> {
    let inner = text.strip_prefix(open)?;
    let name_end = inner.find(close)?;
    let name = &inner[..name_end];
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.+".contains(c) || (c == ':' && close != ':'));
    if !valid {
        return None;
    }
    let content = inner[name_end + 1..].strip_prefix('`')?;
    let end = content.find('`')?;
    Some((name, &content[..end], &content[end + 1..]))
}

/// `text <target>` split; the text alone when there is no target.
fn split_target(content: &str) -> (&str, Option<&str>) {
    let content = content.trim();
    if let Some(open) = content.rfind('<') {
        if content.ends_with('>') {
            let label = content[..open].trim();
            let target = &content[open + 1..content.len() - 1];
            if !label.is_empty() {
                return (label, Some(target));
            }
            return (target, Some(target));
        }
    }
    (content, None)
}

/// The roles of Python's and C's domains, shown as code (as is every role of a domain,
/// `py:func`, `c:type`).
const CODE_ROLES: [&str; 9] = [
    "func", "meth", "class", "mod", "attr", "data", "exc", "obj", "const",
];

/// A role as Markdown: `:term:` a term link, the others their text.
fn rendered_role(
    role: &str,
    content: &str,
    by_label: &BTreeMap<String, String>,
    problems: &mut Vec<SourceProblem>,
    file: &str,
    line: usize,
) -> String {
    let content = content.split_whitespace().collect::<Vec<_>>().join(" ");
    let (label, target) = split_target(&content);
    // `~a.b.C` shows as `C`, as Sphinx shows it; `!` only turns the cross-reference off.
    let label = match label.strip_prefix('~') {
        Some(path) => path.rsplit('.').next().unwrap_or(path),
        None => label.trim_start_matches('!'),
    };
    match role {
        "term" => {
            let name = target.unwrap_or(label);
            match by_label.get(&name.to_lowercase()) {
                Some(slug) => format!("[{}](../{slug}/)", escape(label)),
                None => {
                    problems.push(SourceProblem {
                        file: file.to_owned(),
                        line: line as u32,
                        column: 0,
                        message: format!(
                            "a term role `{name}` names no term of the glossary: left as its text"
                        ),
                        left_out: true,
                    });
                    escape(label)
                }
            }
        }
        "pep" => format!("PEP {label}"),
        "rfc" => format!("RFC {label}"),
        "abbr" => escape(label.split(" (").next().unwrap_or(label)),
        "code" | "literal" | "samp" | "file" | "command" | "program" | "envvar" | "option"
        | "kbd" | "makevar" | "regexp" | "mimetype" => format!("`{label}`"),
        r if r.contains(':') || CODE_ROLES.contains(&r) => format!("`{label}`"),
        _ => escape(label),
    }
}

/// `text` with Markdown's brackets escaped.
fn escape(text: &str) -> String {
    text.replace('[', "\\[").replace(']', "\\]")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(entries: &[Entry]) -> Vec<Vec<&str>> {
        entries
            .iter()
            .map(|e| e.labels.iter().map(String::as_str).collect())
            .collect()
    }

    #[test]
    fn a_myst_glossary_is_read_as_a_rest_one() {
        let text = "# Page\n\n```{glossary}\n:sorted:\n\nterm\nalias\n  First.\n\n  Second.\n\
                    other\n  Its text.\n```\n\nterm-like line after the fence\n  indented\n\n\
                    ~~~~ {glossary}\nlast\n  ```\n  code\n  ```\n~~~~\n";
        let myst = myst_entries(text);
        assert_eq!(
            labels(&myst),
            [vec!["term", "alias"], vec!["other"], vec!["last"]]
        );
        assert_eq!(myst[0].paragraphs, ["First.", "Second."]);
        assert_eq!(myst[0].line, 6);
        // A fence inside a definition is its text; only a fence of the directive's own
        // character and length closes it.
        assert_eq!(myst[2].paragraphs, ["```\ncode\n```"]);
        // The same body, indented under `.. glossary::`, reads the same.
        let rest = ".. glossary::\n\n   term\n   alias\n      First.\n\n      Second.\n\n   other\n      Its text.\n";
        let rest = entries(rest);
        assert_eq!(labels(&rest), [vec!["term", "alias"], vec!["other"]]);
        assert_eq!(rest[0].paragraphs, myst[0].paragraphs);
    }

    #[test]
    fn myst_roles_are_rewritten_and_the_markdown_kept() {
        let by_label = BTreeMap::from([("pod".to_owned(), "pod".to_owned())]);
        let mut problems = Vec::new();
        let text = "A {term}`group <Pod>` of *containers*, {ref}`see <x>`, `{not a role}`, \
                    {term}`nope` and [a link](https://x.example/).";
        assert_eq!(
            myst_markdown(text, &by_label, &mut problems, "g.md", 3),
            "A [group](../pod/) of *containers*, see, `{not a role}`, nope and \
             [a link](https://x.example/)."
        );
        assert_eq!(problems.len(), 1);
        assert_eq!((problems[0].file.as_str(), problems[0].line), ("g.md", 3));
        // A file without the directive holds no MyST glossary.
        assert!(read_myst("g.md", "# Terms\n\n```python\n{glossary}\n```\n")
            .0
            .is_empty());
    }
}
