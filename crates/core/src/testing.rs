//! Helpers shared by the unit tests of several modules.

use crate::card::Draft;
use crate::diag::Origin;

/// The place of a card at the start of source 0: for rules run on a card made in the test.
pub fn origin() -> Origin {
    Origin {
        source: 0,
        line: 1,
        column: 1,
        offset: 0,
        len: 1,
    }
}

/// Every string of 1 to `n` pieces of `alphabet`, shortest first: the small inputs a rule
/// written byte by byte is compared on with its plain definition.
pub fn strings_up_to(alphabet: &[&str], n: usize) -> Vec<String> {
    let mut all = Vec::new();
    let mut level = vec![String::new()];
    for _ in 0..n {
        level = level
            .iter()
            .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
            .collect();
        all.extend(level.iter().cloned());
    }
    all
}

/// A card with `slug`, `term` and a definition made from the term; nothing else.
pub fn draft(slug: &str, term: &str) -> Draft {
    Draft {
        slug: slug.into(),
        term: term.into(),
        definition: format!("Definition of {term}."),
        ..Draft::default()
    }
}
