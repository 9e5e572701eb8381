//! Citation rules: http(s) URLs (qSKOS `husv`), unique ids, every `[id]` marker resolves,
//! every citation is used.
//!
//! A marker is `[token]` in the note where the token is a citation id (letters, digits and
//! `-_.:`) and CommonMark leaves it as text ([`markers`]); other bracketed text is prose and
//! left alone. An unknown marker is reported at its own place in the note. A citation whose
//! id is not one could never be cited: that is its error, not an unused citation.

use oxigraph::model::NamedNodeRef;

use super::at;
use crate::card::rules::{is_citation_id, markers};
use crate::diag::Origin;
use crate::diag::{Edit, Finding, Rule};
use crate::Card;

pub(super) fn card(card: &Card, origin: Origin, out: &mut Vec<Finding>) {
    // A card cites a handful of sources: lists scanned in order beat hashing here.
    let ids: Vec<&str> = card.citations().iter().map(|c| c.id).collect();
    for (i, c) in card.citations().iter().enumerate() {
        if ids[..i].contains(&c.id) {
            out.push(at(
                Rule::DuplicateCitation,
                origin,
                format!("/citations/{i}/id"),
                format!("citation id `{}` is used by an earlier citation", c.id),
            ));
        }
        if !is_citation_id(c.id) {
            let mut f = at(
                Rule::BadCitationId,
                origin,
                format!("/citations/{i}/id"),
                if c.id.is_empty() {
                    "the citation id is empty: no `[id]` marker can name it".to_owned()
                } else {
                    format!(
                        "citation id `{}` is not letters, digits and `-_.:`: no marker can name it (`[{}]` in the note is prose)",
                        c.id, c.id
                    )
                },
            );
            if let Some(id) = citable(c.id) {
                f = f.with_hint(format!(
                    "an id such as `{id}`, in the citation and its markers"
                ));
            }
            out.push(f);
        }
        if let Some(why) = url_problem(c.url) {
            out.push(at(
                Rule::CitationUrl,
                origin,
                format!("/citations/{i}/url"),
                format!("citation URL `{}` {why}", c.url),
            ));
        }
    }
    let mut used = vec![false; ids.len()];
    for marker in markers(card.note()) {
        let id = marker.id;
        if let Some(k) = ids.iter().position(|&c| c == id) {
            used[k] = true;
            continue;
        }
        let mut f = at(
            Rule::UnknownCitation,
            origin,
            "/note",
            format!("marker `[{id}]` names no citation of this card"),
        )
        .within(marker.range());
        // The card's citation closest to the marker (the first of equals: a set's order would
        // change from run to run); renamed by `--unsafe-fixes` when no other is as close.
        match crate::suggest::closest(id, ids.iter().copied()) {
            Some((close, unique)) => {
                f = f.with_hint(format!("did you mean `[{close}]`?"));
                if unique {
                    let edit = Edit::ReplaceText {
                        key: "note",
                        at: marker.at,
                        from: format!("[{id}]"),
                        to: format!("[{close}]"),
                    };
                    f = f.with_fix(origin, edit, false);
                }
            }
            None => {
                let closest = ids
                    .iter()
                    .min_by_key(|c| std::cmp::Reverse(common_prefix(c, id)));
                if let Some(close) = closest {
                    f = f.with_hint(format!(
                        "the card cites `{close}`; write `\\[{id}]` for brackets that are not a marker"
                    ));
                } else {
                    f = f.with_hint(format!(
                        "the card has no citations; write `\\[{id}]` for brackets that are not a marker"
                    ));
                }
            }
        }
        out.push(f);
    }
    for (i, c) in card.citations().iter().enumerate() {
        // Of citations sharing an id, the first is the one a marker names.
        let first = ids.iter().position(|&id| id == c.id).unwrap_or(i);
        if is_citation_id(c.id) && !used[first] {
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

/// `id` with each run of characters an id cannot hold made one `-` (none at either end), if
/// that leaves an id: what a bad id could be written as.
fn citable(id: &str) -> Option<String> {
    let mut out = String::with_capacity(id.len());
    for c in id.chars() {
        if is_citation_id(c.encode_utf8(&mut [0; 4])) {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    is_citation_id(out).then(|| out.to_owned())
}

/// Why a URL cannot be a citation: not absolute, not http(s), or not a valid IRI.
fn url_problem(url: &str) -> Option<&'static str> {
    // The scheme, in any case, among the first eight bytes (as bytes: the eighth may be
    // inside a host's first character, as in `http://é.example`).
    let head = &url.as_bytes()[..url.len().min(8)];
    let http = head
        .get(..7)
        .is_some_and(|h| h.eq_ignore_ascii_case(b"http://"));
    if !(http || head.eq_ignore_ascii_case(b"https://")) {
        return Some("is not an absolute http:// or https:// URL");
    }
    // The scheme is ASCII, so its length is a character boundary.
    let host = &url[if http { 7 } else { 8 }..];
    if host.is_empty() || host.starts_with('/') {
        return Some("has no host");
    }
    if !plain_url(url) && NamedNodeRef::new(url).is_err() {
        return Some("is not a valid IRI (spaces or characters that must be percent-encoded?)");
    }
    None
}

/// Whether `url` is an `http(s)` URL of the plainest RFC 3986 shape: a host of ASCII letters,
/// digits, `.` and `-` with an optional numeric port, then a path, query and fragment of
/// unreserved characters, sub-delimiters, `:`, `@`, `/`, `?` and well-formed `%XX` escapes (no
/// `#` in the fragment). Every such URL is an IRI, so the full IRI parser, the cost of this
/// rule on a million cards, is only run for the others. `false` says nothing either way.
fn plain_url(url: &str) -> bool {
    let rest = match url.get(..8) {
        Some("https://") => &url[8..],
        _ => match url.get(..7) {
            Some("http://") => &url[7..],
            _ => return false,
        },
    };
    let b = rest.as_bytes();
    let end = b
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(b.len());
    let (host, port) = match rest[..end].split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (&rest[..end], None),
    };
    let host_ok = !host.is_empty()
        && host
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'.' || c == b'-');
    let port_ok = port.is_none_or(|p| p.bytes().all(|c| c.is_ascii_digit()));
    if !(host_ok && port_ok) {
        return false;
    }
    let mut fragment = false;
    let mut i = end;
    loop {
        // Runs of characters that stand for themselves are passed over a table look-up a byte.
        i += b[i..]
            .iter()
            .take_while(|&&c| PLAIN[usize::from(c)])
            .count();
        match b.get(i) {
            None => return true,
            Some(b'%') => {
                if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
                {
                    return false;
                }
                i += 3;
            }
            Some(b'#') if !fragment => {
                fragment = true;
                i += 1;
            }
            Some(_) => return false,
        }
    }
}

/// The bytes that stand for themselves in the path, query and fragment of a plain URL
/// ([`plain_url`]): ASCII letters and digits, unreserved characters, sub-delimiters, `:`, `@`,
/// `/` and `?`.
const PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = matches!(c as u8,
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9'
            | b'-' | b'.' | b'_' | b'~' | b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+'
            | b',' | b';' | b'=' | b':' | b'@' | b'/' | b'?');
        c += 1;
    }
    table
};

/// How many characters `a` and `b` share at their start: the closeness of a misspelled
/// citation marker to a card's citations, for the hint.
fn common_prefix(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Draft;

    #[test]
    fn the_hint_for_an_unknown_marker_is_the_same_on_every_run() {
        let card = Card::from(Draft {
            note: "Text [sx]".into(),
            citations: ["b", "a", "c"]
                .iter()
                .map(|id| crate::card::Citation {
                    id: (*id).into(),
                    url: "https://example.org/".into(),
                    ..Default::default()
                })
                .collect(),
            ..Draft::default()
        });
        let origin = crate::testing::origin();
        let mut out = Vec::new();
        super::card(&card, origin, &mut out);
        let hint = out.iter().find(|f| f.rule == Rule::UnknownCitation);
        assert_eq!(
            hint.and_then(|f| f.hint.as_deref()),
            Some("the card cites `b`; write `\\[sx]` for brackets that are not a marker")
        );
    }

    #[test]
    fn plain_urls_are_iris() {
        for plain in [
            "https://example.org",
            "http://example.org:8080/a/b?x=1&y=%2F#frag/ment?",
            "https://www.rfc-editor.org/rfc/rfc7145.html",
            "http://a/b;c=d@e:f",
            "http://a:/",
        ] {
            assert!(plain_url(plain), "{plain}");
            assert!(NamedNodeRef::new(plain).is_ok(), "{plain}");
        }
        // Left to the IRI parser, whatever it then says.
        for other in [
            "https://exa mple.org/",
            "https://example.org/a%2",
            "https://example.org/a#b#c",
            "https://[::1]/",
            "https://user@example.org/",
            "https://example.org:80a/",
            "https://example.org/é",
            "HTTP://example.org/",
            "ftp://example.org/",
            "https://",
        ] {
            assert!(!plain_url(other), "{other}");
        }
        // Every short tail over an alphabet of the characters that matter: what the fast path
        // accepts, the IRI parser accepts too.
        let alphabet = ["a", "%", "2", "#", "?", "/", ":", "@", " ", "[", "é", "."];
        for tail in crate::testing::strings_up_to(&alphabet, 4) {
            for url in [format!("http://a{tail}"), format!("https://a/{tail}")] {
                if plain_url(&url) {
                    assert!(NamedNodeRef::new(&url).is_ok(), "{url}");
                }
            }
        }
    }

    /// The first version of [`plain_url`]'s walk over the path, query and fragment, a match
    /// per byte: the reference for the table.
    fn plain_tail_matching(b: &[u8]) -> bool {
        let mut fragment = false;
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'%' => {
                    if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                        && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
                    {
                        return false;
                    }
                    i += 3;
                    continue;
                }
                b'#' if fragment => return false,
                b'#' => fragment = true,
                c if c.is_ascii_alphanumeric() => {}
                b'-' | b'.' | b'_' | b'~' | b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*'
                | b'+' | b',' | b';' | b'=' | b':' | b'@' | b'/' | b'?' => {}
                _ => return false,
            }
            i += 1;
        }
        true
    }

    #[test]
    fn plain_url_tails_are_judged_as_a_match_per_byte_judges_them() {
        // Every byte on its own, then every tail of three over the bytes that matter.
        let every: Vec<String> = (0..=127u8).map(|c| char::from(c).to_string()).collect();
        let alphabet = ["a", "%", "2", "f", "G", "#", "?", "~", "é", " ", "\\", "\""];
        let mut tails: Vec<String> = every;
        tails.extend(crate::testing::strings_up_to(&alphabet, 3));
        for tail in &tails {
            let url = format!("https://example.org/{tail}");
            assert_eq!(
                plain_url(&url),
                plain_tail_matching(format!("/{tail}").as_bytes()),
                "{url}"
            );
        }
    }

    #[test]
    fn schemes_are_read_from_the_first_eight_bytes_in_any_case() {
        for ok in ["http://a", "HTTP://a", "hTtPs://a", "https://a"] {
            assert_eq!(url_problem(ok), None, "{ok}");
        }
        // Too short for a scheme, other schemes.
        for not in ["http:/", "httpé://a", "http:/é/a", "httpx://a", ""] {
            assert_eq!(
                url_problem(not),
                Some("is not an absolute http:// or https:// URL"),
                "{not}"
            );
        }
        // The eighth byte inside the host's first character (before, read as no scheme).
        assert_eq!(url_problem("http://é.example/"), None);
        for no_host in ["http://", "https://", "https:///a"] {
            assert_eq!(url_problem(no_host), Some("has no host"), "{no_host}");
        }
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
