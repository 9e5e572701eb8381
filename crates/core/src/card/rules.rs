//! Rules a card's values follow wherever they are read: what a slug is, and which bracketed
//! words of a note are citation markers. The checker enforces them; configuration, the RDF
//! mapping, saved queries and the exporters rely on them.

/// Whether `s` is a valid slug: `^[a-z0-9]+(-[a-z0-9]+)*$`.
pub fn is_slug(s: &str) -> bool {
    // Bytes compared in place: a `&str` pattern ("--") would set up a substring searcher for
    // every slug of the glossary.
    let b = s.as_bytes();
    b.first().is_some_and(|&c| c != b'-')
        && b.last().is_some_and(|&c| c != b'-')
        && b.iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
        && !b.windows(2).any(|pair| pair == b"--")
}

/// Whether `s` can be a citation's id: letters and digits (of any script) and `-_.:`, at
/// least one. Only such an id can be named by a marker: `[a/b]` in a note is prose, so a
/// citation `a/b` could never be cited (the schema's `CITATION_ID_PATTERN` says the same).
pub fn is_citation_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
}

/// The citation ids named by `[id]` markers in a note, in order: bracketed words that are
/// citation ids ([`is_citation_id`]); other bracketed text is prose.
pub fn markers(note: &str) -> impl Iterator<Item = &str> {
    note.split('[').skip(1).filter_map(|rest| {
        let (id, _) = rest.split_once(']')?;
        is_citation_id(id).then_some(id)
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
        // Every string of one to five characters over the edges, against the definition.
        let definition = |s: &str| {
            !s.is_empty()
                && !s.starts_with('-')
                && !s.ends_with('-')
                && !s.contains("--")
                && s.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        };
        let strings = crate::testing::strings_up_to(&["a", "z", "0", "9", "-", "A", "_", "é"], 5);
        assert_eq!(strings.len(), 8 + 64 + 512 + 4096 + 32768);
        for s in &strings {
            assert_eq!(is_slug(s), definition(s), "{s:?}");
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

    #[test]
    fn citation_ids_are_what_a_marker_can_name() {
        for good in ["x-1", "a.b:c", "_", "é", "日本", "\u{661}\u{662}", "Ⅻ"] {
            assert!(is_citation_id(good), "{good}");
            let note = format!("See [{good}].");
            assert_eq!(markers(&note).collect::<Vec<_>>(), [good]);
        }
        for bad in [
            "",
            "a/b",
            "a b",
            "a,b",
            "a]b",
            "a[b",
            "#1",
            "a\u{1b}b",
            "x\u{200b}",
        ] {
            assert!(!is_citation_id(bad), "{bad:?}");
            let note = format!("See [{bad}].");
            assert!(
                markers(&note).all(|id| id != bad),
                "[{bad}] would be read as a marker"
            );
        }
    }
}
