//! A [`Diff`] for people: one line per added, removed or renamed term, a few indented lines
//! per changed one, a summary last.
//!
//! Card texts are data, not terminal commands: every control character, line break and
//! bidirectional-formatting character of a value is written as an escape (`\n`, `\u{202e}`),
//! so a hostile card can neither colour nor rearrange the output. In a changed text the
//! unchanged stretches are shortened to a few words around each change.

use std::io::{self, Write};

use super::{Change, Diff, Op, Side, Span};
use glossgraph_core::visible::visible;

/// SGR sequences for the coloured output.
struct Paint {
    on: bool,
}

impl Paint {
    fn wrap(&self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
    fn del(&self, text: &str) -> String {
        self.wrap("31", text)
    }
    fn ins(&self, text: &str) -> String {
        self.wrap("32", text)
    }
    fn head(&self, text: &str) -> String {
        self.wrap("1", text)
    }
}

/// Words of unchanged text kept on each side of a change.
const CONTEXT_WORDS: usize = 6;

/// Writes `diff` for a terminal (`color`: with SGR colours) or a file.
///
/// # Errors
/// Those of `w`.
pub fn write(
    diff: &Diff,
    old: &Side,
    new: &Side,
    mut w: impl Write,
    color: bool,
) -> io::Result<()> {
    let paint = Paint { on: color };
    write_settings(diff, &mut w, &paint)?;
    write_terms(diff, &mut w, &paint)?;
    summary(diff, old, new, w)
}

/// The settings that differ, one line each under `settings`.
fn write_settings(diff: &Diff, mut w: impl Write, paint: &Paint) -> io::Result<()> {
    if diff.settings.is_empty() {
        return Ok(());
    }
    writeln!(w, "changed {}", paint.head("settings"))?;
    for s in &diff.settings {
        let show = |v: &Option<String>| {
            v.as_deref()
                .map_or("(none)".to_owned(), |v| visible(v).into_owned())
        };
        writeln!(
            w,
            "  {}: {} -> {}",
            visible(&s.key),
            paint.del(&show(&s.old)),
            paint.ins(&show(&s.new))
        )?;
    }
    Ok(())
}

/// The summary alone (`diff --stat`, as git has it): how many fields of each name changed,
/// most first, then the summary line.
///
/// # Errors
/// Those of `w`.
pub fn write_stat(diff: &Diff, old: &Side, new: &Side, mut w: impl Write) -> io::Result<()> {
    let mut fields: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    let changes = diff
        .changed
        .iter()
        .flat_map(|c| &c.changes)
        .chain(diff.renamed.iter().flat_map(|r| &r.changes));
    for change in changes {
        *fields.entry(change.field()).or_default() += 1;
    }
    let mut fields: Vec<(&str, usize)> = fields.into_iter().collect();
    fields.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (field, n) in fields {
        writeln!(w, " {n:>7} {field}")?;
    }
    for s in &diff.settings {
        writeln!(w, "         setting {}", visible(&s.key))?;
    }
    summary(diff, old, new, w)
}

/// One line per added, removed, renamed or changed term, in slug order.
fn write_terms(diff: &Diff, mut w: impl Write, paint: &Paint) -> io::Result<()> {
    // One list in slug order: renamed and added under their new slug, removed under the old.
    enum Entry<'d> {
        Added(&'d super::Term),
        Removed(&'d super::Term),
        Renamed(&'d super::Renamed),
        Changed(&'d super::Changed),
    }
    let mut entries: Vec<(&str, Entry<'_>)> = Vec::new();
    entries.extend(
        diff.added
            .iter()
            .map(|t| (t.slug.as_str(), Entry::Added(t))),
    );
    entries.extend(
        diff.removed
            .iter()
            .map(|t| (t.slug.as_str(), Entry::Removed(t))),
    );
    entries.extend(
        diff.renamed
            .iter()
            .map(|r| (r.to.as_str(), Entry::Renamed(r))),
    );
    entries.extend(
        diff.changed
            .iter()
            .map(|c| (c.slug.as_str(), Entry::Changed(c))),
    );
    entries.sort_by(|a, b| a.0.cmp(b.0));
    for (_, entry) in entries {
        match entry {
            Entry::Added(t) => writeln!(
                w,
                "{} {} {}",
                paint.ins("added  "),
                paint.head(&visible(&t.slug)),
                quoted(&t.term)
            )?,
            Entry::Removed(t) => writeln!(
                w,
                "{} {} {}",
                paint.del("removed"),
                paint.head(&visible(&t.slug)),
                quoted(&t.term)
            )?,
            Entry::Renamed(r) => {
                let why = match r.reason {
                    super::Reason::Supersedes => format!("{} supersedes it", visible(&r.to)),
                    super::Reason::SameTerm => "same term".to_owned(),
                };
                writeln!(
                    w,
                    "renamed {} -> {} ({why})",
                    paint.head(&visible(&r.from)),
                    paint.head(&visible(&r.to))
                )?;
                changes(&mut w, &r.changes, paint)?;
            }
            Entry::Changed(c) => {
                writeln!(w, "changed {}", paint.head(&visible(&c.slug)))?;
                changes(&mut w, &c.changes, paint)?;
            }
        }
    }
    Ok(())
}

/// The last line: both sides and the counts.
fn summary(diff: &Diff, old: &Side, new: &Side, mut w: impl Write) -> io::Result<()> {
    let plural = |n: usize| if n == 1 { "term" } else { "terms" };
    writeln!(
        w,
        "{} ({} {}) -> {} ({} {}): {} added, {} removed, {} renamed, {} changed, {} unchanged",
        visible(&old.input),
        old.terms,
        plural(old.terms),
        visible(&new.input),
        new.terms,
        plural(new.terms),
        diff.added.len(),
        diff.removed.len(),
        diff.renamed.len(),
        diff.changed.len(),
        diff.unchanged
    )?;
    match diff.settings.len() {
        0 => Ok(()),
        1 => writeln!(w, "1 setting changed"),
        n => writeln!(w, "{n} settings changed"),
    }
}

fn changes(w: &mut impl Write, changes: &[Change], paint: &Paint) -> io::Result<()> {
    for change in changes {
        write!(w, "  {}: ", change.field())?;
        match change {
            Change::Value { old, new, .. } => {
                let show = |v: &Option<String>| v.as_deref().map_or("(none)".to_owned(), quoted);
                writeln!(w, "{} -> {}", paint.del(&show(old)), paint.ins(&show(new)))?;
            }
            Change::Set { added, removed, .. } => {
                let mut parts: Vec<String> = added
                    .iter()
                    .map(|v| paint.ins(&format!("+{}", quoted(v))))
                    .collect();
                parts.extend(
                    removed
                        .iter()
                        .map(|v| paint.del(&format!("-{}", quoted(v)))),
                );
                writeln!(w, "{}", parts.join(" "))?;
            }
            Change::Text { words, .. } => writeln!(w, "{}", spans(words, paint))?,
            Change::Citations {
                added,
                removed,
                changed,
                ..
            } => {
                let mut parts: Vec<String> = added
                    .iter()
                    .map(|c| {
                        paint.ins(&format!(
                            "+[{}] {} <{}>",
                            visible(&c.id),
                            quoted(&c.title),
                            visible(&c.url)
                        ))
                    })
                    .collect();
                parts.extend(
                    removed
                        .iter()
                        .map(|c| paint.del(&format!("-[{}]", visible(&c.id)))),
                );
                for c in changed {
                    let mut what = Vec::new();
                    if c.old.title != c.new.title {
                        what.push(format!(
                            "title {} -> {}",
                            paint.del(&quoted(&c.old.title)),
                            paint.ins(&quoted(&c.new.title))
                        ));
                    }
                    if c.old.url != c.new.url {
                        what.push(format!(
                            "url {} -> {}",
                            paint.del(&visible(&c.old.url)),
                            paint.ins(&visible(&c.new.url))
                        ));
                    }
                    if c.old.accessed != c.new.accessed {
                        let date = |d: Option<crate::card::PartialDate>| {
                            d.map_or("(none)".to_owned(), |d| d.to_string())
                        };
                        what.push(format!(
                            "accessed {} -> {}",
                            paint.del(&date(c.old.accessed)),
                            paint.ins(&date(c.new.accessed))
                        ));
                    }
                    parts.push(format!("~[{}] {}", visible(&c.id), what.join(", ")));
                }
                writeln!(w, "{}", parts.join("; "))?;
            }
        }
    }
    Ok(())
}

/// The spans of a text change: deletions as `[-…-]`, insertions as `{+…+}` (coloured too on
/// a terminal), unchanged stretches shortened to a few words around each change.
fn spans(spans: &[Span], paint: &Paint) -> String {
    let mut out = String::new();
    let last = spans.len().saturating_sub(1);
    for (i, span) in spans.iter().enumerate() {
        match span.op {
            Op::Same => {
                let (head, tail) = match (i == 0, i == last) {
                    (true, true) => (0, 0),
                    (true, false) => (0, CONTEXT_WORDS),
                    (false, true) => (CONTEXT_WORDS, 0),
                    (false, false) => (CONTEXT_WORDS, CONTEXT_WORDS),
                };
                out.push_str(&visible(&shorten(&span.text, head, tail)));
            }
            Op::Del => out.push_str(&paint.del(&format!("[-{}-]", visible(&span.text)))),
            Op::Ins => out.push_str(&paint.ins(&format!("{{+{}+}}", visible(&span.text)))),
        }
    }
    out
}

/// `text` with at most `head` words kept at its start and `tail` at its end, `…` between.
fn shorten(text: &str, head: usize, tail: usize) -> String {
    // split_inclusive keeps each separator with the word before it.
    let words: Vec<&str> = text.split_inclusive(char::is_whitespace).collect();
    if words.len() <= head + tail + 2 {
        return text.to_owned();
    }
    let start: String = words[..head].concat();
    let end: String = words[words.len() - tail..].concat();
    match (head, tail) {
        (0, 0) => "…".to_owned(),
        (0, _) => format!("… {end}"),
        (_, 0) => format!("{start}…"),
        _ => format!("{start}… {end}"),
    }
}

/// `s` between double quotes, escaped as [`visible`] does (and `"` too).
fn quoted(s: &str) -> String {
    format!("\"{}\"", visible(s).replace('"', "\\\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_unchanged_stretches_are_shortened() {
        let text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen ";
        assert_eq!(shorten(text, 2, 2), "one two … fourteen fifteen ");
        assert_eq!(shorten(text, 0, 2), "… fourteen fifteen ");
        assert_eq!(shorten(text, 2, 0), "one two …");
        assert_eq!(shorten("short text", 2, 2), "short text");
    }
}
