//! A two-column glossary for one language pair: a source term, a TAB, its target term, one
//! pair a line, as DeepL's glossaries, memoQ's term base import and OmegaT's glossary files
//! take them (`export --format tsv --languages en,de`).
//!
//! Each card with a label in both languages gives a line from its preferred source term to
//! its preferred target term, then a line from each source alias to the same preferred
//! target term: the translation of any name of a concept is its preferred name in the
//! target language, and the target language's aliases are not written (a tool that meets two
//! target terms for one source term picks either). DeepL refuses a glossary that has one
//! source term twice, so a source term is written once: the preferred terms of every card
//! first, in slug order, then the aliases no line has yet. A column holds no TAB or line
//! break: each run of them is written as one space, and the term trimmed. No header line;
//! UTF-8 without a byte-order mark, lines ending in LF.

use std::collections::BTreeSet;
use std::io::{BufWriter, Write};

use crate::output::ExportError;
use crate::{Card, Glossary};

/// The labels of `card` in `language`, the preferred one first; empty when it has none.
fn labels<'c>(card: &'c Card, language: &str, main: &str) -> Vec<&'c str> {
    if language == main {
        return std::iter::once(card.term())
            .chain(card.aliases().iter())
            .collect();
    }
    match card.skos().languages.get(language) {
        Some(l) => match &l.term {
            Some(term) => std::iter::once(term.as_str())
                .chain(l.aliases.iter().map(String::as_str))
                .collect(),
            None => Vec::new(),
        },
        None => Vec::new(),
    }
}

/// Whether any card of `glossary` has a label in both languages of `pair`: a TSV with none
/// is empty.
pub fn has_pairs(glossary: &Glossary, main: &str, (source, target): (&str, &str)) -> bool {
    glossary.cards().iter().any(|card| {
        !labels(card, source, main).is_empty() && !labels(card, target, main).is_empty()
    })
}

/// `text` as one TSV column: runs of TAB, CR and LF one space, trimmed.
fn column(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut gap = false;
    for c in text.chars() {
        if matches!(c, '\t' | '\r' | '\n') {
            gap = true;
            continue;
        }
        if gap && !out.is_empty() {
            out.push(' ');
        }
        gap = false;
        out.push(c);
    }
    out.trim().to_owned()
}

/// Writes the pairs of `glossary` from `source` to `target` (BCP 47 tags; `main` is the
/// glossary's own language, whose labels are the cards' `term` and `aliases`).
///
/// # Errors
/// Those of `w`.
pub fn write(
    glossary: &Glossary,
    main: &str,
    (source, target): (&str, &str),
    w: impl Write,
) -> Result<(), ExportError> {
    let pairs: Vec<(Vec<String>, String)> = glossary
        .cards()
        .iter()
        .filter_map(|card| {
            let from = labels(card, source, main);
            let to = labels(card, target, main);
            let to = column(to.first()?);
            let from: Vec<String> = from.iter().map(|t| column(t)).collect();
            (!from.is_empty() && !to.is_empty()).then_some((from, to))
        })
        .collect();
    let mut written: BTreeSet<&str> = BTreeSet::new();
    let mut w = BufWriter::new(w);
    let line = |w: &mut BufWriter<_>, from: &str, to: &str| -> std::io::Result<()> {
        writeln!(w, "{from}\t{to}")
    };
    for (from, to) in &pairs {
        if !from[0].is_empty() && written.insert(&from[0]) {
            line(&mut w, &from[0], to)?;
        }
    }
    for (from, to) in &pairs {
        for alias in &from[1..] {
            if !alias.is_empty() && written.insert(alias) {
                line(&mut w, alias, to)?;
            }
        }
    }
    w.flush()?;
    Ok(())
}
