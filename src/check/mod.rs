//! `check`: every rule of the glossary, run over everything, reported together.
//!
//! [`check`] takes what the loader read, runs the per-card rules (identity, text, citations,
//! dates), builds the [`Glossary`] graph, runs the rules that need the whole glossary
//! (relations, labels across terms), then resolves every finding's place to a file, line and
//! column and sorts them. Nothing stops at the first problem: a run says everything at once,
//! then the caller decides (see [`Report::is_failure`]).
//!
//! One file per family of rules; the catalogue of rule ids is [`crate::diag::Rule`].

mod citations;
mod dates;
mod identity;
mod locate;
mod relations;
pub mod report;
mod text;

pub use citations::markers;
pub use report::{Located, Report};

use crate::config::Config;
use crate::diag::{Finding, Rule, Severity};
use crate::load::{Loaded, Origin};
use crate::{Card, Glossary};

/// How strict a check is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Unknown fields are errors instead of warnings.
    pub strict: bool,
}

/// A checked glossary: the graph (built even when there are errors, for tools that want to
/// look) and the report.
#[derive(Debug, Clone)]
pub struct Checked {
    pub glossary: Glossary,
    pub report: Report,
}

/// Whether `s` is a valid slug: `^[a-z0-9]+(-[a-z0-9]+)*$`.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Runs every rule over a loaded glossary.
pub fn check(loaded: Loaded, config: &Config, options: Options) -> Checked {
    let Loaded {
        sources,
        cards,
        mut findings,
    } = loaded;
    let card_count = cards.len();
    let mut kept: Vec<(Card, Origin)> = Vec::with_capacity(cards.len());
    for loaded in cards {
        if !loaded.has_slug {
            continue; // the loader has reported the missing or mistyped slug
        }
        let (card, origin) = (loaded.card, loaded.origin);
        let source = sources.get(origin.source);
        identity::card(&card, origin, source, config, &mut findings);
        text::card(&card, origin, &mut findings);
        citations::card(&card, origin, &mut findings);
        dates::card(&card, origin, &mut findings);
        kept.push((card, origin));
    }
    // Stable sort: of cards sharing a slug, the first read is kept.
    kept.sort_by(|a, b| a.0.slug.cmp(&b.0.slug));
    identity::duplicates(&mut kept, &sources, &mut findings);
    let (cards, origins): (Vec<Card>, Vec<Origin>) = kept.into_iter().unzip();
    let glossary = Glossary::new(cards);
    relations::glossary(&glossary, &origins, &mut findings);
    text::overlapping_labels(&glossary, &origins, &mut findings);
    if options.strict {
        for f in &mut findings {
            if f.rule == Rule::UnknownField {
                f.severity = Severity::Error;
            }
        }
    }
    let report = Report::new(findings, &sources, card_count);
    Checked { glossary, report }
}

/// Shorthand for the rules: a finding at `pointer` inside the card from `origin`.
fn at(
    rule: Rule,
    origin: Origin,
    pointer: impl Into<String>,
    message: impl Into<String>,
) -> Finding {
    Finding::new(rule, origin.at(pointer), message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::load_str;

    #[test]
    fn slugs() {
        for good in ["a", "roce-v2", "802-1qbb"] {
            assert!(is_slug(good), "{good}");
        }
        for bad in ["", "A", "a b", "a/b", "..", "-a", "a-", "a--b", "é", "a_b"] {
            assert!(!is_slug(bad), "{bad}");
        }
    }

    #[test]
    fn strict_turns_unknown_fields_into_errors() {
        let text = r#"{"slug":"a","term":"A","definition":"d","colour":1}"#;
        let run = |strict| {
            let checked = check(
                load_str("a.jsonl", text),
                &Config::default(),
                Options { strict },
            );
            let f = checked
                .report
                .findings
                .iter()
                .find(|f| f.rule == Rule::UnknownField);
            f.expect("an unknown-field finding").severity
        };
        assert_eq!(run(false), Severity::Warning);
        assert_eq!(run(true), Severity::Error);
    }
}
