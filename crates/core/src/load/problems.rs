//! The problems the card decoder meets, as findings: a misspelled field becomes one finding
//! with its did-you-mean (and a fix that renames it), not an unknown field and a missing one.

use crate::card::Problem;
use crate::diag::{Edit, Finding, Origin, Rule};

/// The findings of the `problems` of the card from `origin`, pushed to `out`.
pub(super) fn findings(problems: Vec<(String, Problem)>, origin: Origin, out: &mut Vec<Finding>) {
    // A misspelled field (`relatd`, `Definition`) is one finding with its did-you-mean:
    // a required field it stands for is not reported missing as well, the misspelled key
    // is (an error then, as the missing field is).
    let meant: Vec<Option<(&'static str, bool)>> = problems
        .iter()
        .map(|(_, problem)| match problem {
            Problem::UnknownField { meant } => *meant,
            _ => None,
        })
        .collect();
    let missing: Vec<&str> = problems
        .iter()
        .filter(|(_, problem)| matches!(problem, Problem::Missing))
        .map(|(pointer, _)| pointer.as_str())
        .collect();
    let sibling = |pointer: &str, field: &str| {
        let parent = pointer.rsplit_once('/').map_or("", |(parent, _)| parent);
        format!("{parent}/{field}")
    };
    let stood_for: Vec<String> = problems
        .iter()
        .zip(&meant)
        .filter_map(|((pointer, _), meant)| meant.map(|(field, _)| sibling(pointer, field)))
        .filter(|field| missing.contains(&field.as_str()))
        .collect();
    for ((pointer, problem), meant) in problems.into_iter().zip(meant) {
        if matches!(problem, Problem::Missing) && stood_for.contains(&pointer) {
            continue;
        }
        if let (Problem::UnknownField { .. }, Some((field, unique))) = (&problem, meant) {
            let key = last_token(&pointer);
            let mut finding = if stood_for.contains(&sibling(&pointer, field)) {
                Finding::new(
                    Rule::MissingField,
                    origin.at(pointer.clone()),
                    format!("missing required field `{field}`; the card has `{key}`"),
                )
            } else {
                Finding::new(
                    Rule::UnknownField,
                    origin.at(pointer.clone()),
                    format!("unknown field `{key}`"),
                )
            }
            .with_hint(format!("did you mean `{field}`?"));
            if unique {
                let edit = Edit::Rename {
                    pointer,
                    to: field.to_owned(),
                };
                finding = finding.with_fix(origin, edit, false);
            }
            out.push(finding);
            continue;
        }
        let (rule, message) = match problem {
            Problem::WrongType { expected, found } => (
                Rule::WrongType,
                format!("expected {expected}, found {found}"),
            ),
            Problem::Missing if pointer == "/definition" => (
                Rule::MissingDefinition,
                "the term has no definition".to_owned(),
            ),
            Problem::Missing => (
                Rule::MissingField,
                format!("missing required field `{}`", last_token(&pointer)),
            ),
            Problem::DuplicateKey => (
                Rule::DuplicateKey,
                format!(
                    "duplicate key `{}`; the first value is used",
                    last_token(&pointer)
                ),
            ),
            Problem::UnknownField { .. } => (
                Rule::UnknownField,
                format!("unknown field `{}`", last_token(&pointer)),
            ),
            Problem::BadDate(why) => (Rule::BadDate, why),
        };
        out.push(Finding::new(rule, origin.at(pointer), message));
    }
}

/// The last token of a JSON pointer, unescaped.
fn last_token(pointer: &str) -> String {
    pointer
        .rsplit('/')
        .next()
        .unwrap_or("")
        .replace("~1", "/")
        .replace("~0", "~")
}
