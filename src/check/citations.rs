//! Citation rules: http(s) URLs (qSKOS `husv`), unique ids, every `[id]` marker resolves,
//! every citation is used.
//!
//! A marker is `[token]` in the note where the token looks like an id (letters, digits and
//! `-_.:`); other bracketed text is prose and left alone.

use oxigraph::model::NamedNodeRef;

use super::at;
use crate::diag::{Finding, Rule};
use crate::load::Origin;
use crate::Card;

pub(super) fn card(card: &Card, origin: Origin, out: &mut Vec<Finding>) {
    // A card cites a handful of sources: lists scanned in order beat hashing here.
    let ids: Vec<&str> = card.citations.iter().map(|c| c.id.as_str()).collect();
    for (i, c) in card.citations.iter().enumerate() {
        if ids[..i].contains(&c.id.as_str()) {
            out.push(at(
                Rule::DuplicateCitation,
                origin,
                format!("/citations/{i}/id"),
                format!("citation id `{}` is used by an earlier citation", c.id),
            ));
        }
        if let Some(why) = url_problem(&c.url) {
            out.push(at(
                Rule::CitationUrl,
                origin,
                format!("/citations/{i}/url"),
                format!("citation URL `{}` {why}", c.url),
            ));
        }
    }
    let mut used = vec![false; ids.len()];
    for id in markers(&card.note) {
        if let Some(k) = ids.iter().position(|&c| c == id) {
            used[k] = true;
        } else {
            let mut f = at(
                Rule::UnknownCitation,
                origin,
                "/note",
                format!("marker `[{id}]` names no citation of this card"),
            );
            // The first citation of the card among the closest: a set's order would change
            // from run to run.
            let closest = card
                .citations
                .iter()
                .map(|c| c.id.as_str())
                .min_by_key(|c| strsim(c, id));
            if let Some(close) = closest {
                f = f.with_hint(format!("the card cites `{close}`"));
            }
            out.push(f);
        }
    }
    for (i, c) in card.citations.iter().enumerate() {
        // Of citations sharing an id, the first is the one a marker names.
        let first = ids.iter().position(|&id| id == c.id).unwrap_or(i);
        if !c.id.is_empty() && !used[first] {
            out.push(at(
                Rule::UnusedCitation,
                origin,
                format!("/citations/{i}"),
                format!(
                    "citation `{}` is not referred to by any `[{}]` marker in the note",
                    c.id, c.id
                ),
            ));
        }
    }
}

/// Why a URL cannot be a citation: not absolute, not http(s), or not a valid IRI.
fn url_problem(url: &str) -> Option<&'static str> {
    let lower = url
        .get(..8)
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return Some("is not an absolute http:// or https:// URL");
    }
    let host = url.split_once("://").map_or("", |(_, rest)| rest);
    if host.is_empty() || host.starts_with('/') {
        return Some("has no host");
    }
    if NamedNodeRef::new(url).is_err() {
        return Some("is not a valid IRI (spaces or characters that must be percent-encoded?)");
    }
    None
}

/// The citation ids named by `[id]` markers in a note, in order.
pub fn markers(note: &str) -> impl Iterator<Item = &str> {
    note.split('[').skip(1).filter_map(|rest| {
        let (id, _) = rest.split_once(']')?;
        let looks_like_id = !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'));
        looks_like_id.then_some(id)
    })
}

/// A cheap similarity for hints: the length of the common prefix, negated.
fn strsim(a: &str, b: &str) -> isize {
    -(a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count() as isize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_bracketed_ids() {
        let note = "A [x-1] b [see below] c [y][z] [] [a.b:c]";
        assert_eq!(
            markers(note).collect::<Vec<_>>(),
            ["x-1", "y", "z", "a.b:c"]
        );
    }

    #[test]
    fn the_hint_for_an_unknown_marker_is_the_same_on_every_run() {
        let card = Card {
            note: "Text [sx]".into(),
            citations: ["b", "a", "c"]
                .iter()
                .map(|id| crate::card::Citation {
                    id: (*id).into(),
                    url: "https://example.org/".into(),
                    ..Default::default()
                })
                .collect(),
            ..Card::default()
        };
        let origin = Origin {
            source: 0,
            line: 1,
            column: 1,
            offset: 0,
            len: 1,
        };
        let mut out = Vec::new();
        super::card(&card, origin, &mut out);
        let hint = out.iter().find(|f| f.rule == Rule::UnknownCitation);
        assert_eq!(
            hint.and_then(|f| f.hint.as_deref()),
            Some("the card cites `b`")
        );
    }

    #[test]
    fn urls() {
        assert_eq!(url_problem("https://example.org/a"), None);
        assert_eq!(url_problem("HTTP://example.org"), None);
        assert!(url_problem("javascript:alert(1)").is_some());
        assert!(url_problem("/relative/path").is_some());
        assert!(url_problem("https:///x").is_some());
        assert!(url_problem("https://exa mple.org/").is_some());
    }
}
