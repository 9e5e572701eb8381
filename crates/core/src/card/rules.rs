//! Rules a card's values follow wherever they are read: what a slug is, and which bracketed
//! words of a note are citation markers (where CommonMark leaves them as text, see
//! [`super::markdown`]). The checker enforces them; configuration, the RDF
//! mapping, saved queries and the exporters rely on them.

use std::ops::Range;
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

/// A slug made from any text, at most `max` bytes long: ASCII letters and digits lowercased,
/// every other run of characters one hyphen, none at either end; empty when nothing is left.
/// `RoCE v2/x` → `roce-v2-x`. (The checker's hint for a bad slug, and the importer's slug
/// from a concept's IRI or label.)
pub fn slugify(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= max {
            break;
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// Whether `s` can be a citation's id: letters and digits (of any script) and `-_.:`, at
/// least one. Only such an id can be named by a marker: `[a/b]` in a note is prose, so a
/// citation `a/b` could never be cited (the schema's `CITATION_ID_PATTERN` says the same).
pub fn is_citation_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
}

/// The slug a link target names, if it is shaped like a link to a term, and whether it can
/// only mean a term. `../slug/` (the way from one term's page to another's) and the term's IRI
/// (`{base}term/slug`) can only mean a term; `/slug/` and `slug` mean a term when there is one
/// of that slug, and are ordinary links otherwise. A trailing `/` or `index.html` and a
/// `#fragment` are allowed.
///
/// `term_iris` is where the terms' IRIs start (`{base}term/`).
pub fn term_target<'t>(target: &'t str, term_iris: &str) -> Option<(&'t str, bool)> {
    let target = target.split('#').next().unwrap_or_default();
    let (rest, certain) = if !term_iris.is_empty() && target.starts_with(term_iris) {
        (&target[term_iris.len()..], true)
    } else if let Some(rest) = target.strip_prefix("../") {
        (rest, true)
    } else if let Some(rest) = target.strip_prefix('/') {
        (rest, false)
    } else {
        (target, false)
    };
    let rest = rest.strip_suffix("index.html").unwrap_or(rest);
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    is_slug(rest).then_some((rest, certain))
}

/// A citation marker `[id]`: its id and where its `[` is, in bytes from the start of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marker<'a> {
    pub id: &'a str,
    pub at: usize,
}

impl Marker<'_> {
    /// The bytes of the marker, brackets included.
    pub fn range(&self) -> Range<usize> {
        self.at..self.at + self.id.len() + 2
    }
}

/// The citation markers of `text`, in order: each `[id]` that CommonMark leaves as text. Not
/// a link (`[text](url)`, or `[text][ref]` and `[ref]` with a definition), not inside a code
/// span or code block, an image or raw HTML, not escaped (`\[id]`), and not inside a word
/// (`B[e]`).
pub fn markers(text: &str) -> Vec<Marker<'_>> {
    if !text.contains('[') {
        return Vec::new();
    }
    // Most notes hold nothing that could make a bracket anything but text: the whole text is
    // then one run, without parsing it.
    let runs = if super::markdown::brackets_are_text(text) {
        std::iter::once(0..text.len()).collect()
    } else {
        super::markdown::literal_runs(text)
    };
    scan(text, &runs)
}

/// The markers of `text` inside `runs`, its text as written.
fn scan<'a>(text: &'a str, runs: &[Range<usize>]) -> Vec<Marker<'a>> {
    let mut out = Vec::new();
    for run in runs {
        let mut from = run.start;
        while let Some(open) = text[from..run.end].find('[').map(|i| from + i) {
            from = open + 1;
            // An id holds no bracket: a `[` before the next `]` opens no marker here, and the
            // search goes on from it. (Looking for the `]` past it made `[[[[…]]]]` of a
            // stranger's definition take the square of its length.)
            let Some(close) = text[open + 1..run.end]
                .find(['[', ']'])
                .map(|i| open + 1 + i)
            else {
                break;
            };
            if text.as_bytes()[close] == b'[' {
                continue;
            }
            let id = &text[open + 1..close];
            if !is_citation_id(id) {
                continue;
            }
            let before = &text[..open];
            let backslashes = before.bytes().rev().take_while(|&b| b == b'\\').count();
            let in_word = before
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric);
            if backslashes % 2 == 0 && !in_word {
                out.push(Marker { id, at: open });
                from = close + 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugify_keeps_letters_and_digits_and_makes_the_rest_one_hyphen() {
        assert_eq!(slugify("RoCE v2", usize::MAX), "roce-v2");
        assert_eq!(slugify("../a//b ", usize::MAX), "a-b");
        assert_eq!(slugify("é", usize::MAX), "");
        let cut = slugify("Priority Flow Control", 9);
        assert_eq!(cut, "priority");
        assert!(is_slug(&cut));
    }

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

    fn ids(text: &str) -> Vec<&str> {
        markers(text).iter().map(|m| m.id).collect()
    }

    #[test]
    fn markers_are_bracketed_ids_that_markdown_leaves_as_text() {
        assert_eq!(
            ids("A [x-1] b [see below] c [y][z] [] [a.b:c]"),
            ["x-1", "y", "z", "a.b:c"]
        );
        // A link, a reference link with its definition, code, an escape, a word.
        let note = "See [kube-proxy](/docs/kube-proxy/) and [pods][p], `wr[0]`, \\[esc], \
                    B[e] star, *[em]* and [kept].\n\n```\n[block]\n```\n\n    [indented]\n\n[p]: /pods/";
        assert_eq!(ids(note), ["em", "kept"]);
        // A shortcut reference with a definition is a link, not a marker.
        assert_eq!(
            ids("[rdma]\n\n[rdma]: https://example.org/"),
            Vec::<&str>::new()
        );
        // An escaped backslash does not escape the bracket.
        assert_eq!(ids("a \\\\[x] b"), ["x"]);
        assert_eq!(ids("a \\\\\\[x] b"), Vec::<&str>::new());
        // In a list, a quote, a table, a heading.
        assert_eq!(
            ids("- item [a]\n\n> quote [b]\n\n| h |\n|---|\n| [c] |\n\n## Head [d]"),
            ["a", "b", "c", "d"]
        );
        // Places are the `[` in the text.
        let note = "Ab. [rdma]\n\nCd `[x]` [y]";
        let found = markers(note);
        assert_eq!(found.len(), 2);
        for m in &found {
            assert_eq!(&note[m.range()], format!("[{}]", m.id));
        }
    }

    #[test]
    fn the_quick_reading_finds_what_the_parser_finds() {
        // Every string of up to five pieces over the pieces that matter, read both ways.
        let pieces = ["[", "]", "a", " ", "(u)", "\n\n", "`", "-", "B", "*"];
        let mut quick = 0;
        for text in crate::testing::strings_up_to(&pieces, 5) {
            if !crate::card::markdown::brackets_are_text(&text) {
                continue;
            }
            quick += 1;
            let parsed = scan(&text, &crate::card::markdown::literal_runs(&text));
            let whole: Vec<Range<usize>> = std::iter::once(0..text.len()).collect();
            assert_eq!(scan(&text, &whole), parsed, "{text:?}");
        }
        assert!(quick > 10_000, "{quick}");
    }

    #[test]
    fn nested_brackets_take_linear_time_and_find_what_they_did() {
        // The search for each `[`'s `]` as it was: past any `[` on the way.
        fn before(text: &str) -> Vec<&str> {
            let mut out = Vec::new();
            let mut from = 0;
            while let Some(open) = text[from..].find('[').map(|i| from + i) {
                from = open + 1;
                let Some(close) = text[open + 1..].find(']').map(|i| open + 1 + i) else {
                    break;
                };
                let id = &text[open + 1..close];
                let prefix = &text[..open];
                let backslashes = prefix.bytes().rev().take_while(|&b| b == b'\\').count();
                let in_word = prefix
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric);
                if is_citation_id(id) && backslashes % 2 == 0 && !in_word {
                    out.push(id);
                    from = close + 1;
                }
            }
            out
        }
        for text in crate::testing::strings_up_to(&["[", "]", "a", "\\", " "], 7) {
            let whole: Vec<Range<usize>> = std::iter::once(0..text.len()).collect();
            let ids: Vec<&str> = scan(&text, &whole).iter().map(|m| m.id).collect();
            assert_eq!(ids, before(&text), "{text:?}");
        }
        // 200,000 deep: 40 billion steps before, one pass now.
        let deep = format!("{}x{}", "[".repeat(200_000), "]".repeat(200_000));
        let whole: Vec<Range<usize>> = std::iter::once(0..deep.len()).collect();
        let found = scan(&deep, &whole);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].id, found[0].at), ("x", 199_999));
    }

    #[test]
    fn the_seed_cards_markers_are_all_found() {
        let note = "Encapsulation: RoCEv1 uses Ethernet framing without IP routing; RoCEv2 adds IP and UDP headers. Routability does not establish compatible endpoints or a latency bound. [roce-modes]\n\nReliability: NVMe/RDMA supports reliable queue-pair modes. [rdma]\n\nNetwork policy: ECN-only lossy mode. [roce-qos]\n\nFailure containment: Azure's 2023 report. [azure-rdma]";
        assert_eq!(ids(note), ["roce-modes", "rdma", "roce-qos", "azure-rdma"]);
    }
    #[test]
    fn term_targets() {
        let base = "https://example.org/g/term/";
        assert_eq!(term_target("../pod/", base), Some(("pod", true)));
        assert_eq!(term_target("../pod", base), Some(("pod", true)));
        assert_eq!(term_target("/pod/", base), Some(("pod", false)));
        assert_eq!(term_target("pod", base), Some(("pod", false)));
        assert_eq!(term_target("/pod/index.html#x", base), Some(("pod", false)));
        assert_eq!(
            term_target("https://example.org/g/term/pod", base),
            Some(("pod", true))
        );
        assert_eq!(term_target("/docs/reference/pod/", base), None);
        assert_eq!(term_target("https://example.org/pod", base), None);
        assert_eq!(term_target("mailto:a@b", base), None);
    }

    #[test]
    fn citation_ids_are_what_a_marker_can_name() {
        for good in ["x-1", "a.b:c", "_", "é", "日本", "\u{661}\u{662}", "Ⅻ"] {
            assert!(is_citation_id(good), "{good}");
            let note = format!("See [{good}].");
            assert_eq!(
                markers(&note).iter().map(|m| m.id).collect::<Vec<_>>(),
                [good]
            );
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
                markers(&note).iter().all(|m| m.id != bad),
                "[{bad}] would be read as a marker"
            );
        }
    }
}
