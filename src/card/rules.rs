//! Rules a card's values follow wherever they are read: what a slug is, and which bracketed
//! words of a note are citation markers. The checker enforces them; configuration, the RDF
//! mapping, saved queries and the exporters rely on them.

/// Whether `s` is a valid slug: `^[a-z0-9]+(-[a-z0-9]+)*$`.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn markers_are_bracketed_ids() {
        let note = "A [x-1] b [see below] c [y][z] [] [a.b:c]";
        assert_eq!(
            markers(note).collect::<Vec<_>>(),
            ["x-1", "y", "z", "a.b:c"]
        );
    }
}
