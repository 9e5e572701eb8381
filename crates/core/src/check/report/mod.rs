//! The report of a check: findings resolved to file, line and column, sorted, and rendered
//! for people (rustc-like, with the offending line and the problem underlined) or as JSON.
//!
//! Messages, hints, file names and pointers quote cards: the human report writes them through
//! [`printable`], and shows a snippet's steering characters as spaces, so that nothing of a
//! card reaches the terminal as a control sequence (every command's report of an invalid
//! glossary is this one).

use std::collections::BTreeMap;
use std::io::{self, Write};

use rayon::prelude::*;
use serde::Serialize;

use super::locate::{locate_indexed, CardIndex};
use crate::diag::{line_column_after, Origin};
use crate::diag::{Finding, Fix, Place, Rule, Severity, SourceId};
use crate::load::{CardTexts, Sources};
use crate::visible::printable;

mod ci;
mod json;
mod place;

use json::*;
use place::*;

/// The line a finding is on, and which part of it to underline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    pub text: String,
    /// 1-based column (in characters) where the underline starts.
    pub start: u32,
    /// Number of characters underlined (at least 1).
    pub width: u32,
}

/// A finding with its place resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Located {
    #[serde(serialize_with = "rule_id")]
    pub rule: Rule,
    #[serde(serialize_with = "severity_name")]
    pub severity: Severity,
    /// The file, as given (`<stdin>` for standard input); `None` for the glossary as a whole.
    pub file: Option<String>,
    pub line: Option<u32>,
    /// 1-based, in characters.
    pub column: Option<u32>,
    /// The column in UTF-16 code units, as SARIF counts by default: made only when asked for
    /// ([`super::Options::utf16_columns`]), by reading the finding's line again.
    #[serde(skip)]
    pub column_utf16: Option<u32>,
    /// JSON pointer inside the card, for content findings.
    pub pointer: Option<String>,
    pub message: String,
    pub hint: Option<String>,
    #[serde(skip)]
    pub snippet: Option<Snippet>,
    /// What the snippet shows, until it is made (only for the findings printed, see
    /// [`Report::new`]).
    #[serde(skip)]
    snippet_at: Option<SnippetAt>,
    /// The change that removes the finding, with its card's file (`check --fix`).
    #[serde(skip)]
    pub fix: Option<Box<Fix>>,
}

/// Where a finding's snippet is to be read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum SnippetAt {
    /// Line `line`, column `column` (both 1-based) of a source.
    Line {
        source: SourceId,
        line: u32,
        column: u32,
    },
    /// Bytes `start..end` of the text of the card from `origin`.
    Card {
        origin: Origin,
        start: usize,
        end: usize,
    },
}

fn rule_id<S: serde::Serializer>(rule: &Rule, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rule.id())
}

fn severity_name<S: serde::Serializer>(severity: &Severity, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(severity.as_str())
}

/// Everything a check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Sorted by file (in reading order), line, column, rule, message; glossary-wide last.
    pub findings: Vec<Located>,
    /// Warnings counted but not kept, by rule (only with [`super::Warnings::Count`]).
    pub counted: BTreeMap<Rule, usize>,
    /// Cards read (including those with errors).
    pub cards: usize,
    /// Files (or stdin) read.
    pub sources: usize,
}

/// The longest snippet line shown; longer lines are cut around the column.
const SNIPPET_WIDTH: usize = 120;

impl Report {
    /// The report of `findings`, resolved and sorted. Of each rule, the first
    /// `snippets_per_rule` findings in report order get their snippet (every finding with
    /// `None`): those `check` prints. Resolving a finding needs its card's text again, read
    /// from the file; a snippet needs it a second time, after the sort, and on a glossary with
    /// many warnings only a few of them are printed (JSON has no snippets).
    pub(super) fn new(
        mut findings: Vec<Finding>,
        counted: BTreeMap<Rule, usize>,
        sources: &Sources,
        cards: usize,
        snippets_per_rule: Option<usize>,
        utf16_columns: bool,
    ) -> Self {
        // Findings are placed card by card, in the order the cards lie in their files (by
        // source, then the card's offset: one number, where `Origin`'s order would compare five
        // fields; findings outside cards last), so that each card's text is read once, through
        // one open file, and dropped before the next. Placing reads the findings where they
        // lie and gives small `Spot`s: a finding is moved once, into its place in the report.
        let mut order: Vec<(u128, u32)> = findings
            .iter()
            .enumerate()
            .map(|(i, f)| match &f.place {
                Place::Card { origin, .. } => {
                    let at = u128::from(origin.source) << 64 | u128::from(origin.offset);
                    (at, i as u32)
                }
                _ => (u128::MAX, i as u32),
            })
            .collect();
        order.sort_unstable();
        // Reading the texts again is most of the time on a glossary with many findings: the
        // cards are cut into runs on every core, each run read through its own open file.
        let placed: Vec<Spot> = order
            .par_iter()
            .with_min_len(256)
            .map_init(
                || (sources.card_texts(), (None, CardIndex::default())),
                |(texts, index), &(_, i)| spot(&findings[i as usize], texts, index),
            )
            .collect();
        let mut spots = vec![Spot::default(); findings.len()];
        for (&(_, i), spot) in order.iter().zip(placed) {
            spots[i as usize] = spot;
        }
        drop(order);
        // Sorted on small keys, then moved once. Ties on the key are decided by the message,
        // then by the order the findings were made in (the order of a stable sort).
        let mut keys: Vec<(SortKey, u32)> = findings
            .iter()
            .zip(&spots)
            .enumerate()
            .map(|(i, (f, spot))| (sort_key(f, spot), i as u32))
            .collect();
        keys.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| {
                    findings[a.1 as usize]
                        .message
                        .cmp(&findings[b.1 as usize].message)
                })
                .then(a.1.cmp(&b.1))
        });
        // The lines to read again for UTF-16 columns: (source, line, report index).
        let mut lines: Vec<(SourceId, u32, usize)> = Vec::new();
        let mut findings: Vec<Located> = keys
            .iter()
            .enumerate()
            .map(|(k, &(_, i))| {
                let f = &mut findings[i as usize];
                // What is left behind is dropped unread: an empty message allocates nothing.
                let f = std::mem::replace(f, Finding::new(f.rule, Place::Glossary, String::new()));
                let spot = spots[i as usize];
                let source = match f.place {
                    Place::Card { origin, .. } => Some(origin.source),
                    Place::Source { source, .. } => Some(source),
                    Place::Glossary => None,
                };
                let mut located = located(f, spot, sources);
                if utf16_columns {
                    located.column_utf16 = located.column;
                    // A first column has nothing before it to count.
                    if let (Some(source), Some(line), Some(2..)) = (source, spot.line, spot.column)
                    {
                        lines.push((source, line, k));
                    }
                }
                located
            })
            .collect();
        add_utf16_columns(&mut findings, lines, sources);
        add_snippets(&mut findings, sources, snippets_per_rule);
        Self {
            findings,
            counted,
            cards,
            sources: sources.files(),
        }
    }

    /// Findings of `severity`, those only counted included.
    pub fn count(&self, severity: Severity) -> usize {
        let kept = self
            .findings
            .iter()
            .filter(|f| f.severity == severity)
            .count();
        let counted: usize = match severity {
            Severity::Warning => self.counted.values().sum(),
            Severity::Error => 0,
        };
        kept + counted
    }

    /// Whether the glossary fails the check: errors, or warnings when they are denied.
    pub fn is_failure(&self, deny_warnings: bool) -> bool {
        self.count(Severity::Error) > 0 || (deny_warnings && self.count(Severity::Warning) > 0)
    }

    /// Whether some input could not be read at all (the tool could not do its job).
    pub fn has_unreadable(&self) -> bool {
        self.findings
            .iter()
            .any(|f| matches!(f.rule, Rule::Unreadable | Rule::BadConfig))
    }

    /// The report of a glossary that could not be checked at all: one finding saying why
    /// (`unreadable` for an input that cannot be read, `bad-config` for settings that cannot
    /// be used), so that a caller asked for JSON can answer in JSON whatever happened.
    pub fn failed(
        rule: Rule,
        file: Option<String>,
        place: Option<(u32, u32)>,
        message: impl Into<String>,
    ) -> Self {
        let finding = Located {
            rule,
            severity: rule.severity(),
            file,
            line: place.map(|(line, _)| line),
            column: place.map(|(_, column)| column),
            column_utf16: None,
            pointer: None,
            message: message.into(),
            hint: None,
            snippet: None,
            snippet_at: None,
            fix: None,
        };
        Self {
            findings: vec![finding],
            counted: BTreeMap::new(),
            cards: 0,
            sources: 0,
        }
    }

    /// How many findings each rule made, with the severity they were reported at: errors
    /// first, then the most frequent, then by rule id.
    pub fn counts(&self) -> Vec<(Severity, Rule, usize)> {
        let mut counts: BTreeMap<(Severity, Rule), usize> = BTreeMap::new();
        for f in &self.findings {
            *counts.entry((f.severity, f.rule)).or_default() += 1;
        }
        for (&rule, &n) in &self.counted {
            *counts.entry((Severity::Warning, rule)).or_default() += n;
        }
        let mut counts: Vec<(Severity, Rule, usize)> =
            counts.into_iter().map(|((s, r), n)| (s, r, n)).collect();
        counts.sort_by(|a, b| (a.0, b.2, a.1.id()).cmp(&(b.0, a.2, b.1.id())));
        counts
    }

    /// The one-line summary.
    pub fn summary(&self) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        format!(
            "{}, {} in {} from {}",
            plural(self.count(Severity::Error), "error"),
            plural(self.count(Severity::Warning), "warning"),
            plural(self.cards, "card"),
            plural(self.sources, "file")
        )
    }

    /// Writes the report for people: each finding like a compiler diagnostic, then the summary.
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_human(&self, w: impl Write, color: bool) -> io::Result<()> {
        self.write_human_capped(w, color, None, None)
    }

    /// [`Report::write_human`], showing at most `max_per_rule` findings of each rule (in
    /// their order): the others are counted in one line per rule, as compilers cap repeated
    /// diagnostics. The summary ends with the number of findings of each rule when there are
    /// two or more findings. `lists_all`, the command that lists every finding of this
    /// glossary (`glossgraph check INPUT …`), is named where warnings were only counted.
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_human_capped(
        &self,
        mut w: impl Write,
        color: bool,
        max_per_rule: Option<usize>,
        lists_all: Option<&str>,
    ) -> io::Result<()> {
        let paint = |code: &str, text: &str| {
            if color {
                format!("\x1b[{code}m{text}\x1b[0m")
            } else {
                text.to_owned()
            }
        };
        let mut shown: BTreeMap<Rule, usize> = BTreeMap::new();
        for f in &self.findings {
            let seen = shown.entry(f.rule).or_default();
            *seen += 1;
            if max_per_rule.is_some_and(|max| *seen > max) {
                continue;
            }
            let (code, name) = match f.severity {
                Severity::Error => ("1;31", "error"),
                Severity::Warning => ("1;33", "warning"),
            };
            writeln!(
                w,
                "{}{} {}",
                paint(code, &format!("{name}[{}]", f.rule.id())),
                paint("1", ":"),
                paint("1", &printable(&f.message))
            )?;
            let gutter = f
                .snippet
                .as_ref()
                .map_or(1, |_| f.line.unwrap_or(0).to_string().len());
            let pad = " ".repeat(gutter);
            if let Some(file) = &f.file {
                let mut place = printable(file).into_owned();
                if let (Some(line), Some(column)) = (f.line, f.column) {
                    place = format!("{place}:{line}:{column}");
                }
                if let Some(pointer) = f.pointer.as_deref().filter(|p| !p.is_empty()) {
                    place = format!("{place} (at {})", printable(pointer));
                }
                writeln!(w, "{pad}{} {place}", paint("1;34", "-->"))?;
            }
            if let (Some(s), Some(line)) = (&f.snippet, f.line) {
                let bar = paint("1;34", "|");
                writeln!(w, "{pad} {bar}")?;
                writeln!(w, "{} {bar} {}", paint("1;34", &line.to_string()), s.text)?;
                let marks = "^".repeat(s.width as usize);
                writeln!(
                    w,
                    "{pad} {bar} {}{}",
                    " ".repeat(s.start as usize - 1),
                    paint(code, &marks)
                )?;
            }
            if let Some(hint) = &f.hint {
                writeln!(
                    w,
                    "{pad} {} {}",
                    paint("1;34", "="),
                    paint("1", &format!("help: {}", printable(hint)))
                )?;
            }
            writeln!(w)?;
        }
        let counts = self.counts();
        if let Some(max) = max_per_rule {
            let mut capped = false;
            // Of the findings kept: warnings only counted are not listed, capped or not.
            let kept = |&(severity, rule, count): &(Severity, Rule, usize)| {
                let counted = match severity {
                    Severity::Warning => self.counted.get(&rule).copied().unwrap_or(0),
                    Severity::Error => 0,
                };
                (severity, rule, count - counted)
            };
            for (severity, rule, count) in counts.iter().map(kept).filter(|c| c.2 > max) {
                let more = count - max;
                writeln!(
                    w,
                    "… and {more} more {rule} {}{} (--max-per-rule 0 shows them all)",
                    severity.as_str(),
                    if more == 1 { "" } else { "s" }
                )?;
                capped = true;
            }
            if capped {
                writeln!(w)?;
            }
        }
        let counted: usize = self.counted.values().sum();
        if counted > 0 {
            let lister = lists_all.map_or_else(String::new, |c| format!("; `{c}` lists them"));
            writeln!(
                w,
                "{} {counted} warning{} not listed here{lister}\n",
                paint("1", "note:"),
                if counted == 1 { " is" } else { "s are" }
            )?;
        }
        let verdict = if self.count(Severity::Error) > 0 {
            paint("1;31", "invalid")
        } else {
            paint("1;32", "ok")
        };
        writeln!(w, "{verdict}: {}", self.summary())?;
        if counts.iter().map(|c| c.2).sum::<usize>() > 1 {
            let width = counts
                .iter()
                .map(|c| c.2.to_string().len())
                .max()
                .unwrap_or(1);
            for (severity, rule, count) in counts {
                let code = match severity {
                    Severity::Error => "1;31",
                    Severity::Warning => "1;33",
                };
                writeln!(
                    w,
                    "  {count:>width$} {}",
                    paint(code, &format!("{}[{rule}]", severity.as_str()))
                )?;
            }
        }
        Ok(())
    }

    /// Writes the report as one JSON document: `{"findings": [...], "summary": {...}}`, laid
    /// out as `serde_json`'s pretty printer lays it out (two spaces a level).
    ///
    /// Written by hand rather than through `serde`: on a glossary with many warnings, the
    /// findings are megabytes of short strings, nearly all of which need no escape, and this
    /// runs after the rest (on every core: see below). A string with a character to escape goes
    /// through `serde_json`, so the bytes are the same (a test keeps the `serde` version to
    /// compare, on more findings than one chunk holds).
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_json(&self, w: impl Write + Send) -> io::Result<()> {
        self.write_json_with(w, None)
    }

    /// [`Report::write_json`] with the member `first` (a name and a value) before
    /// `findings`: what `check --fix` did, before what is left.
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_json_with(
        &self,
        mut w: impl Write + Send,
        first: Option<(&str, &serde_json::Value)>,
    ) -> io::Result<()> {
        let w = &mut w;
        w.write_all(b"{\n  ")?;
        if let Some((name, value)) = first {
            json_str(w, name)?;
            // One level in: a JSON text has no raw line break but between its tokens.
            let text = serde_json::to_string_pretty(value).map_err(io::Error::other)?;
            write!(w, ": {},\n  ", text.replace('\n', "\n  "))?;
        }
        w.write_all(b"\"findings\": [")?;
        // The findings are rendered on every core, a few thousand at a time, and written in
        // order: the bytes are those of rendering them one after the other.
        crate::output::write_chunks(w, self.findings.len(), 4096, |range, buf| {
            for i in range {
                write_finding(buf, i == 0, &self.findings[i])?;
            }
            Ok(())
        })
        .map_err(|e| match e {
            crate::output::ExportError::Io(e) => e,
            other => io::Error::other(other),
        })?;
        if !self.findings.is_empty() {
            w.write_all(b"\n  ")?;
        }
        // Findings per rule id.
        let rules =
            self.counts()
                .into_iter()
                .fold(BTreeMap::new(), |mut m: BTreeMap<&str, usize>, c| {
                    *m.entry(c.1.id()).or_default() += c.2;
                    m
                });
        write!(
            w,
            "],\n  \"summary\": {{\n    \"cards\": {},\n    \"files\": {},\n    \"errors\": {},\n    \"warnings\": {},\n    \"rules\": {{",
            self.cards,
            self.sources,
            self.count(Severity::Error),
            self.count(Severity::Warning),
        )?;
        for (i, (id, n)) in rules.iter().enumerate() {
            w.write_all(if i == 0 { b"\n      " } else { b",\n      " })?;
            json_str(w, id)?;
            write!(w, ": {n}")?;
        }
        if !rules.is_empty() {
            w.write_all(b"\n    ")?;
        }
        w.write_all(b"}\n  }\n}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Report::new` against a plain reference: each finding placed by walking its card from
    /// the start (`locate`) and counting lines and characters over the whole text before it,
    /// then a stable sort by file, line, column, rule and message. Cards are pretty-printed
    /// (several lines, indented) and one-line, ASCII and not; findings are in no order, some
    /// share a place and a message, some are outside any card.
    #[test]
    fn findings_are_placed_and_ordered_as_a_plain_walk_places_them() {
        use crate::diag::{line_column, Origin};
        let card = |i: usize, pretty: bool| {
            let value = serde_json::json!({
                "slug": format!("s{i}"),
                "term": if i % 3 == 0 { format!("Términ 日本 {i}") } else { format!("Term {i}") },
                "definition": "d",
                "related": ["a", "b", "c"],
                "citations": [{"id": "x", "title": "T", "url": "https://e.org/"}],
                "extra": i,
            });
            if pretty {
                serde_json::to_string_pretty(&value).unwrap()
            } else {
                value.to_string()
            }
        };
        let cards: Vec<String> = (0..40).map(|i| card(i, i % 2 == 0)).collect();
        let text = format!("[\n  {}\n]\n", cards.join(",\n  "));
        let loaded = crate::load::load_str("g.json", &text);
        assert_eq!(loaded.cards.len(), 40);
        let origins: Vec<Origin> = loaded.cards.iter().map(|c| c.origin).collect();
        let pointers = [
            "",
            "/term",
            "/related/2",
            "/citations/0/url",
            "/extra",
            "/nothing/3",
        ];
        let rules = [Rule::OneWayRelated, Rule::UnknownField, Rule::DanglingLink];
        let mut rng = crate::rng::Rng(5);
        let mut findings = Vec::new();
        for n in 0..600 {
            let message = format!("m{}", rng.below(3));
            let rule = rng.pick(&rules);
            let place = match n % 50 {
                0 => Place::Glossary,
                1 => Place::Source {
                    source: 0,
                    line: rng.below(3),
                    column: rng.below(4),
                },
                _ => origins[rng.below_usize(origins.len())].at(rng.pick(&pointers)),
            };
            findings.push(Finding::new(rule, place, message));
        }
        // The reference, finding by finding.
        let mut expected: Vec<(SortKey, String, usize, Option<String>)> = findings
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let (source, line, column, pointer) = match &f.place {
                    Place::Glossary => (None, None, None, None),
                    Place::Source { line, column, .. } if *line > 0 => {
                        (Some(0), Some(*line), Some((*column).max(1)), None)
                    }
                    Place::Source { .. } => (Some(0), None, None, None),
                    Place::Card { origin, pointer } => {
                        let start = origin.offset as usize;
                        let span = super::super::locate::locate(
                            &text[start..start + origin.len as usize],
                            pointer,
                        );
                        let at = match f.rule {
                            Rule::UnknownField => span.key.unwrap_or(span.value).0,
                            _ => span.value.0,
                        };
                        let (line, column) = line_column(&text, start + at);
                        (Some(0), Some(line), Some(column), Some(pointer.clone()))
                    }
                };
                let key = pack(source, line, column, f.rule);
                (key, f.message.clone(), i, pointer)
            })
            .collect();
        expected.sort();
        let report = Report::new(
            findings,
            BTreeMap::new(),
            &loaded.sources,
            40,
            Some(0),
            false,
        );
        let got: Vec<(SortKey, String, Option<String>)> = report
            .findings
            .iter()
            .map(|f| {
                let source = f.file.as_ref().map(|_| 0);
                let key = pack(source, f.line, f.column, f.rule);
                (key, f.message.clone(), f.pointer.clone())
            })
            .collect();
        let expected: Vec<(SortKey, String, Option<String>)> = expected
            .into_iter()
            .map(|(key, message, _, pointer)| (key, message, pointer))
            .collect();
        assert_eq!(got, expected);
        // Every kind of place was there, on several lines.
        assert!(report.findings.iter().any(|f| f.file.is_none()));
        assert!(report.findings.iter().filter_map(|f| f.line).max() > Some(100));
    }

    #[test]
    fn packed_sort_keys_order_as_their_parts_do() {
        // The rule takes 8 bits.
        assert!(Rule::ALL.len() <= 256);
        let values = [
            None,
            Some(0),
            Some(1),
            Some(7),
            Some(u32::MAX - 1),
            Some(u32::MAX),
        ];
        let rules = [Rule::ALL[0], Rule::ALL[1], Rule::ALL[Rule::ALL.len() - 1]];
        let mut keys = Vec::new();
        for source in values {
            for line in values {
                for column in values {
                    for rule in rules {
                        keys.push((source, line, column, rule));
                    }
                }
            }
        }
        for a in &keys {
            for b in &keys {
                let parts = |k: &(Option<u32>, Option<u32>, Option<u32>, Rule)| {
                    (k.0.is_none(), k.0, k.1, k.2, k.3)
                };
                assert_eq!(
                    pack(a.0, a.1, a.2, a.3).cmp(&pack(b.0, b.1, b.2, b.3)),
                    parts(a).cmp(&parts(b)),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    /// The first version of [`Report::write_json`], through `serde`: the reference.
    fn write_json_serde(report: &Report) -> Vec<u8> {
        #[derive(Serialize)]
        struct Summary {
            cards: usize,
            files: usize,
            errors: usize,
            warnings: usize,
            rules: BTreeMap<&'static str, usize>,
        }
        #[derive(Serialize)]
        struct Doc<'a> {
            findings: &'a [Located],
            summary: Summary,
        }
        let doc = Doc {
            findings: &report.findings,
            summary: Summary {
                cards: report.cards,
                files: report.sources,
                errors: report.count(Severity::Error),
                warnings: report.count(Severity::Warning),
                rules: report
                    .counts()
                    .into_iter()
                    .fold(BTreeMap::new(), |mut m, c| {
                        *m.entry(c.1.id()).or_default() += c.2;
                        m
                    }),
            },
        };
        let mut out = serde_json::to_vec_pretty(&doc).unwrap();
        out.push(b'\n');
        out
    }

    #[test]
    fn columns_count_characters_in_ascii_cards_and_others() {
        let ascii = r#"{"slug":"a","term":"A","definition":"plain","related":["zz"]}"#;
        let other = r#"{"slug":"b","term":"B","definition":"é 日本 😀","related":["zz"]}"#;
        let text = format!("{ascii}\n{other}\n");
        let checked = super::super::check(
            crate::load::load_str("g.jsonl", &text),
            &crate::config::Config::default(),
            super::super::Options::default(),
        );
        let dangling: Vec<(u32, u32)> = checked
            .report
            .findings
            .iter()
            .filter(|f| f.rule == Rule::DanglingLink)
            .map(|f| (f.line.unwrap(), f.column.unwrap()))
            .collect();
        let column = |card: &str| card[..card.find("\"zz\"").unwrap()].chars().count() as u32 + 1;
        assert_eq!(dangling, [(1, column(ascii)), (2, column(other))]);
        assert!(column(other) < other.find("\"zz\"").unwrap() as u32 + 1);
    }

    #[test]
    fn utf16_columns_count_characters_above_the_bmp_twice() {
        let lines = [
            r#"{"slug":"a","term":"A","definition":"plain","related":["zz","zy"]}"#,
            r#"{"slug":"b","term":"😀🚀 é","definition":"日本","related":["zz","zy"]}"#,
            r#"{"slug":"c","term":"😀" "definition":"x"}"#,
        ];
        let text = format!("{}\n", lines.join("\n"));
        let options = super::super::Options {
            utf16_columns: true,
            ..Default::default()
        };
        let checked = super::super::check(
            crate::load::load_str("g.jsonl", &text),
            &crate::config::Config::default(),
            options,
        );
        let mut seen = 0;
        for f in &checked.report.findings {
            let (Some(line), Some(column)) = (f.line, f.column) else {
                assert_eq!(f.column_utf16, None);
                continue;
            };
            let line = lines[line as usize - 1];
            let before: String = line.chars().take(column as usize - 1).collect();
            assert_eq!(
                f.column_utf16,
                Some(before.encode_utf16().count() as u32 + 1),
                "{f:?}"
            );
            seen += usize::from(before.chars().count() != before.encode_utf16().count());
        }
        assert!(seen >= 3, "{:?}", checked.report.findings);
        let plain = super::super::check(
            crate::load::load_str("g.jsonl", &text),
            &crate::config::Config::default(),
            super::super::Options::default(),
        );
        assert!(plain
            .report
            .findings
            .iter()
            .all(|f| f.column_utf16.is_none()));
    }

    #[test]
    fn json_is_written_as_serde_writes_it() {
        let texts = [
            "plain",
            "",
            "quote \" and backslash \\",
            "tab\tnew\nline\r\u{1}\u{1f}\u{7f}",
            "é 日本 \u{1F600} \u{2028}",
            "/slash",
        ];
        let mut rng = crate::rng::Rng(3);
        let mut pick =
            |rng: &mut crate::rng::Rng| (rng.below(3) > 0).then(|| rng.pick(&texts).to_owned());
        let located =
            |rng: &mut crate::rng::Rng,
             pick: &mut dyn FnMut(&mut crate::rng::Rng) -> Option<String>| {
                let rule = rng.pick(Rule::ALL);
                Located {
                    rule,
                    severity: rule.severity(),
                    file: pick(rng),
                    line: (rng.below(2) == 0).then(|| rng.below(100_000)),
                    column: (rng.below(2) == 0).then(|| rng.below(300)),
                    column_utf16: None,
                    pointer: pick(rng),
                    message: pick(rng).unwrap_or_default(),
                    hint: pick(rng),
                    snippet: None,
                    snippet_at: None,
                    fix: None,
                }
            };
        // 9,000 findings are three chunks of `write_json`, rendered on more than one thread.
        for n in [0, 1, 2, 7, 40, 9000] {
            let findings: Vec<Located> = (0..n).map(|_| located(&mut rng, &mut pick)).collect();
            for counted in [BTreeMap::new(), BTreeMap::from([(Rule::Orphan, 3)])] {
                let report = Report {
                    findings: findings.clone(),
                    counted,
                    cards: n * 3,
                    sources: 2,
                };
                let mut out = Vec::new();
                report.write_json(&mut out).unwrap();
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    String::from_utf8(write_json_serde(&report)).unwrap()
                );
            }
        }
        let failed = Report::failed(Rule::Unreadable, None, Some((1, 2)), "cannot \"read\"");
        let mut out = Vec::new();
        failed.write_json(&mut out).unwrap();
        assert_eq!(out, write_json_serde(&failed));
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = format!("{}X{}", "a".repeat(500), "b".repeat(500));
        let s = snippet(&line, 500, 1);
        assert!(s.text.starts_with('…') && s.text.ends_with('…'));
        assert_eq!(s.text.chars().nth(s.start as usize - 1), Some('X'));
        assert_eq!(s.text.chars().count(), SNIPPET_WIDTH + 2);
    }

    /// The first version, which read the whole line: the reference for [`snippet`]. A snippet of `line` showing `width` characters from `column`, cut to a readable length.
    fn snippet_whole_line(line: &str, column: u32, width: u32) -> Snippet {
        let chars: Vec<char> = line.chars().collect();
        let start = (column as usize - 1).min(chars.len());
        let width = (width as usize).clamp(1, SNIPPET_WIDTH / 2);
        let (from, prefix) = if start > SNIPPET_WIDTH / 2 {
            (start - SNIPPET_WIDTH / 4, "…")
        } else {
            (0, "")
        };
        let to = (from + SNIPPET_WIDTH).min(chars.len());
        let suffix = if to < chars.len() { "…" } else { "" };
        // Tabs and control characters would break the alignment of the underline.
        let shown: String = chars[from..to]
            .iter()
            .map(|&c| if crate::visible::steers(c) { ' ' } else { c })
            .collect();
        Snippet {
            text: format!("{prefix}{shown}{suffix}"),
            start: (start - from + prefix.chars().count() + 1) as u32,
            width: width.min(to.saturating_sub(start).max(1)) as u32,
        }
    }

    #[test]
    fn snippets_are_those_of_the_whole_line() {
        let pieces = [
            "a",
            "é",
            "日本",
            "\t",
            "\u{1F600}",
            "\u{200F}",
            "\"k\": ",
            " ",
        ];
        let mut rng = crate::rng::Rng(7);
        for _ in 0..2000 {
            let len = rng.below_usize(400);
            let line: String = (0..len).map(|_| rng.pick(&pieces)).collect();
            let chars = line.chars().count();
            let column = 1 + rng.below(chars as u32 + 1);
            let width = rng.below(100);
            let at = line
                .char_indices()
                .nth(column as usize - 1)
                .map_or(line.len(), |(i, _)| i);
            assert_eq!(
                snippet(&line, at, width),
                snippet_whole_line(&line, column, width),
                "{line:?} at column {column}, width {width}"
            );
        }
    }
}
