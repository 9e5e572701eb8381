//! Placing findings: each finding's line, column and snippet, read where it lies, and the
//! packed key that puts the report in order.

use super::*;

/// The order of findings but for their messages: by source (in reading order), line, column
/// and rule; findings about the glossary as a whole last. Packed into one number, each part
/// in its own bits (an absent line or column, 0, before any), so that the sort compares one
/// integer rather than five fields.
pub(super) type SortKey = u128;

/// The sort key of `f`, placed at `spot`.
pub(super) fn sort_key(f: &Finding, spot: &Spot) -> SortKey {
    let source = match &f.place {
        Place::Glossary => None,
        Place::Source { source, .. } => Some(*source),
        Place::Card { origin, .. } => Some(origin.source),
    };
    pack(source, spot.line, spot.column, f.rule)
}

/// [`SortKey`] of a finding in `source` at `line` and `column`, made by `rule`.
pub(super) fn pack(
    source: Option<u32>,
    line: Option<u32>,
    column: Option<u32>,
    rule: Rule,
) -> SortKey {
    let part = |n: Option<u32>| n.map_or(0, |n| u128::from(n) + 1);
    // 1 bit, then 33 bits for each of the three parts, then 8 for the rule.
    u128::from(source.is_none()) << 107
        | part(source) << 74
        | part(line) << 41
        | part(column) << 8
        | u128::from(rule as u8)
}

/// Counts the UTF-16 columns of the findings at `lines` (source, line, index in `findings`):
/// the characters before the column on its line, each one code unit or two (above U+FFFF).
/// Each source with such findings is read once, front to back.
pub(super) fn add_utf16_columns(
    findings: &mut [Located],
    mut lines: Vec<(SourceId, u32, usize)>,
    sources: &Sources,
) {
    lines.sort_unstable();
    for run in lines.chunk_by(|a, b| a.0 == b.0) {
        let numbers: Vec<u32> = run.iter().map(|&(_, line, _)| line).collect();
        let mut at = 0;
        sources.lines(run[0].0, &numbers, |number, text| {
            while let Some(&(_, _, i)) = run.get(at).filter(|w| w.1 == number) {
                let f = &mut findings[i];
                let before = f.column.unwrap_or(1) as usize - 1;
                let (chars, units) = text
                    .chars()
                    .take(before)
                    .fold((0, 0), |(n, u), c| (n + 1, u + c.len_utf16()));
                // Past the end of the line (a place at its end), one unit a column.
                f.column_utf16 = Some((units + (before - chars) + 1) as u32);
                at += 1;
            }
        });
    }
}

/// Makes the snippets of the first `per_rule` findings of each rule (of every finding with
/// `None`), reading the cards in the order they lie in their files, on every core when there
/// are many.
pub(super) fn add_snippets(findings: &mut [Located], sources: &Sources, per_rule: Option<usize>) {
    let mut seen: BTreeMap<Rule, usize> = BTreeMap::new();
    let mut wanted: Vec<(SnippetAt, u32)> = Vec::new();
    for (i, f) in findings.iter_mut().enumerate() {
        let seen = seen.entry(f.rule).or_default();
        *seen += 1;
        let at = f.snippet_at.take();
        if per_rule.is_some_and(|max| *seen > max) {
            continue;
        }
        if let Some(at) = at {
            wanted.push((at, i as u32));
        }
    }
    wanted.sort_unstable();
    // On every core, each run of a few hundred through its own open file.
    let made: Vec<_> = wanted
        .par_iter()
        .with_min_len(256)
        .map_init(
            || sources.card_texts(),
            |texts, &(at, i)| (i, snippet_at(at, sources, texts)),
        )
        .collect();
    for (i, snippet) in made {
        findings[i as usize].snippet = snippet;
    }
}

/// The snippet a finding shows, read again from its source.
pub(super) fn snippet_at(
    at: SnippetAt,
    sources: &Sources,
    texts: &mut CardTexts,
) -> Option<Snippet> {
    match at {
        SnippetAt::Line {
            source,
            line,
            column,
        } => sources.line(source, line).map(|text| {
            let at = text
                .char_indices()
                .nth(column.max(1) as usize - 1)
                .map_or(text.len(), |(i, _)| i);
            snippet(&text, at, 1)
        }),
        SnippetAt::Card { origin, start, end } => {
            let text = texts.get(origin)?;
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
            let line_text = text[line_start..line_end].trim_end_matches('\r');
            let width = text[start..end.min(line_end).max(start)]
                .chars()
                .count()
                .max(1);
            let at = (start - line_start).min(line_text.len());
            Some(snippet(line_text, at, width as u32))
        }
    }
}

/// Where a finding lies in its file: what [`Report::new`] sorts on, and, for a finding in
/// a card, the bytes of the card's text its snippet underlines.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Spot {
    pub(super) line: Option<u32>,
    pub(super) column: Option<u32>,
    /// Bytes `start..end` of the card's text.
    pub(super) span: Option<(u32, u32)>,
}

/// The [`Spot`] of a finding. `index` holds the top level of the last card looked at: the
/// findings of a card come together, and its members are walked once for all of them.
pub(super) fn spot(
    f: &Finding,
    texts: &mut CardTexts,
    index: &mut (Option<Origin>, CardIndex),
) -> Spot {
    match &f.place {
        Place::Glossary => Spot::default(),
        Place::Source { line, column, .. } => Spot {
            line: (*line > 0).then_some(*line),
            column: (*line > 0).then_some((*column).max(1)),
            span: None,
        },
        Place::Card { origin, pointer } => {
            let origin = *origin;
            let Some(text) = texts.get(origin) else {
                return Spot {
                    line: Some(origin.line),
                    column: Some(origin.column),
                    span: None,
                };
            };
            if index.0 != Some(origin) {
                index.1.fill(text);
                index.0 = Some(origin);
            }
            let span = locate_indexed(text, &index.1, pointer);
            let (start, end) = match f.rule {
                Rule::UnknownField | Rule::DuplicateKey => span.key.unwrap_or(span.value),
                _ if pointer.is_empty() => (span.value.0, span.value.0 + 1),
                // A place inside a string: its decoded bytes found among the escapes.
                _ if f.within.is_some() && text.as_bytes().get(span.value.0) == Some(&b'"') => {
                    let (a, b) = f.within.unwrap_or_default();
                    let raw = &text.as_bytes()[span.value.0..span.value.1];
                    let start = span.value.0 + raw_offset(raw, a as usize);
                    let end = span.value.0 + raw_offset(raw, b as usize);
                    (start, end.max(start + 1))
                }
                _ => span.value,
            };
            let (l, c) = if index.1.one_line && index.1.ascii {
                (1, start as u32 + 1)
            } else {
                let line_start = if index.1.one_line {
                    0
                } else {
                    text[..start].rfind('\n').map_or(0, |i| i + 1)
                };
                line_column_after(&text.as_bytes()[..start], line_start)
            };
            Spot {
                line: Some(origin.line + l - 1),
                column: Some(if l == 1 { origin.column + c - 1 } else { c }),
                // A card's text is shorter than 4 GiB: its length is an `Origin`'s `u32`.
                span: Some((start as u32, end as u32)),
            }
        }
    }
}

/// `f` placed at `spot`, with its snippet only noted ([`SnippetAt`]), to be made if the
/// finding is printed.
pub(super) fn located(f: Finding, spot: Spot, sources: &Sources) -> Located {
    let mut out = Located {
        rule: f.rule,
        severity: f.severity,
        file: None,
        line: spot.line,
        column: spot.column,
        column_utf16: None,
        pointer: None,
        message: f.message,
        hint: f.hint,
        snippet: None,
        snippet_at: None,
        fix: f.fix.map(|mut fix| {
            fix.path = sources.get(fix.card.source).path.clone();
            fix
        }),
    };
    match f.place {
        Place::Glossary => {}
        Place::Source {
            source,
            line,
            column,
        } => {
            out.file = Some(sources.get(source).name.clone());
            if line > 0 {
                out.snippet_at = Some(SnippetAt::Line {
                    source,
                    line,
                    column,
                });
            }
        }
        Place::Card { origin, pointer } => {
            let source = sources.get(origin.source);
            out.file = Some(source.name.clone());
            if source.derived {
                // The card was made from a page: its text's lines are not the page's.
                (out.line, out.column) = (None, None);
            } else {
                out.snippet_at = spot.span.map(|(start, end)| SnippetAt::Card {
                    origin,
                    start: start as usize,
                    end: end as usize,
                });
            }
            out.pointer = Some(pointer);
        }
    }
    out
}

/// A snippet of `line` showing `width` characters from byte `at` (a character boundary), cut
/// to a readable length around it.
///
/// Only the characters shown are looked at, never the whole line: a card of a JSON Lines
/// file is one line of a few kilobytes, and a glossary written by many hands has a couple of
/// findings per card.
pub(super) fn snippet(line: &str, at: usize, width: u32) -> Snippet {
    let half = SNIPPET_WIDTH / 2;
    // The characters before `at`, from the nearest, as many as can matter.
    let before: Vec<char> = line[..at].chars().rev().take(half + 1).collect();
    let (lead, prefix) = if before.len() > half {
        (SNIPPET_WIDTH / 4, "…")
    } else {
        (before.len(), "")
    };
    let mut after = line[at..].chars();
    let mut shown: String = before[..lead].iter().rev().collect();
    let mut taken = lead;
    for c in after.by_ref().take(SNIPPET_WIDTH - lead) {
        shown.push(c);
        taken += 1;
    }
    let suffix = if after.next().is_some() { "…" } else { "" };
    // Tabs and control characters would break the alignment of the underline, and reach the
    // terminal as commands; formatting characters would hide or reorder the line.
    let shown: String = shown
        .chars()
        .map(|c| if crate::visible::steers(c) { ' ' } else { c })
        .collect();
    let width = (width as usize).clamp(1, half);
    Snippet {
        text: format!("{prefix}{shown}{suffix}"),
        start: (lead + prefix.chars().count() + 1) as u32,
        width: width.min(taken.saturating_sub(lead).max(1)) as u32,
    }
}

/// Where byte `decoded` of the string that the JSON string `raw` (its quotes included)
/// decodes to lies in `raw`: escapes (`\n`, `\"`, `\u00e9`, surrogate pairs) take more
/// bytes in `raw` than in the string.
pub(super) fn raw_offset(raw: &[u8], decoded: usize) -> usize {
    let (mut pos, mut seen) = (1usize, 0usize);
    while seen < decoded && pos < raw.len() {
        if raw[pos] != b'\\' {
            pos += 1;
            seen += 1;
            continue;
        }
        if raw.get(pos + 1) != Some(&b'u') {
            pos += 2;
            seen += 1;
            continue;
        }
        let hex = |at: usize| {
            raw.get(at..at + 4)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u32::from_str_radix(h, 16).ok())
        };
        let unit = hex(pos + 2).unwrap_or(0);
        if (0xD800..0xDC00).contains(&unit) && raw.get(pos + 6..pos + 8) == Some(b"\\u") {
            pos += 12;
            seen += 4;
        } else {
            pos += 6;
            seen += char::from_u32(unit).map_or(3, char::len_utf8);
        }
    }
    pos
}

#[cfg(test)]
mod within {
    use super::raw_offset;

    #[test]
    fn decoded_places_are_found_among_escapes() {
        for text in [
            r"plain [x]",
            r#"a\nb \"q\" [x]"#,
            r"é\u00e9\ud83d\ude00 [x]",
            r"\\[x]",
        ] {
            let raw = format!("\"{text}\"");
            let decoded: String = serde_json::from_str(&raw).unwrap();
            let at = decoded.find("[x]").unwrap();
            assert_eq!(&raw[raw_offset(raw.as_bytes(), at)..][..3], "[x]", "{text}");
        }
    }
}
