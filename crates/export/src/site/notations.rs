//! Notations on the site: the one a page shows before a concept's label, and the order they
//! give the tree and the lists that follow it (a classification's `05` before `068`).

use crate::Glossary;

/// The notation a page shows before card `index`'s label: its first, if it has any.
pub(crate) fn notation(glossary: &Glossary, index: usize) -> Option<&str> {
    glossary.cards()[index]
        .skos()
        .notations
        .first()
        .map(|n| n.value.as_str())
}

/// `order` (card indexes in A–Z order) with the cards that have a notation first, in the
/// natural order of their notations (`2` before `10`: runs of digits compared as numbers,
/// but after a `.` as the decimals they are, `025.10` before `025.2`), the others after them
/// as they were; `None` when no card has a notation.
pub(crate) fn notation_order(glossary: &Glossary, order: &[usize]) -> Option<Vec<usize>> {
    if !glossary
        .cards()
        .iter()
        .any(|c| !c.skos().notations.is_empty())
    {
        return None;
    }
    /// A notation as runs of digits (by number, then length: `05` after `5`) and of
    /// other characters.
    fn key(notation: &str) -> Vec<(u8, u128, usize, String)> {
        let mut out = Vec::new();
        let mut rest = notation;
        while let Some(c) = rest.chars().next() {
            let digits = c.is_ascii_digit();
            let end = rest
                .find(|d: char| d.is_ascii_digit() != digits)
                .unwrap_or(rest.len());
            let run = &rest[..end];
            let decimals = notation[..notation.len() - rest.len()].ends_with('.');
            out.push(if digits && decimals {
                (0, 0, 0, run.to_owned())
            } else if digits {
                (
                    0,
                    run.parse().unwrap_or(u128::MAX),
                    run.len(),
                    String::new(),
                )
            } else {
                (1, 0, 0, run.to_owned())
            });
            rest = &rest[end..];
        }
        out
    }
    let mut out = order.to_vec();
    out.sort_by_cached_key(|&i| match notation(glossary, i) {
        Some(n) => (0, key(n)),
        None => (1, Vec::new()),
    });
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Decoded;

    #[test]
    fn notations_order_as_numbers_and_after_a_dot_as_decimals() {
        let notations = ["025.2", "025.10", "10", "2", "AK 3000", "AK 28400"];
        let cards = notations
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let json = format!(
                    r#"{{"slug": "c{i}", "term": "T", "definition": "d", "notations": [{{"value": "{n}"}}]}}"#
                );
                Decoded::from_json(&json).unwrap().card
            })
            .chain(std::iter::once(
                Decoded::from_json(r#"{"slug": "none", "term": "T", "definition": "d"}"#)
                    .unwrap()
                    .card,
            ))
            .collect();
        let glossary = Glossary::new(cards);
        let order: Vec<usize> = (0..glossary.cards().len()).collect();
        let sorted: Vec<&str> = notation_order(&glossary, &order)
            .unwrap()
            .into_iter()
            .map(|i| notation(&glossary, i).unwrap_or("-"))
            .collect();
        assert_eq!(
            sorted,
            ["2", "10", "025.10", "025.2", "AK 3000", "AK 28400", "-"]
        );
    }
}
