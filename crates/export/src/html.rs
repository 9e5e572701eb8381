//! The interactive map: one self-contained HTML page that opens by double-click.
//!
//! The page draws the glossary on a canvas with its own script (`html/map.js`, with the card
//! panel in `html/panel.js`, the legend and filters in `html/filters.js` and the placing of
//! labels and topic names in `html/words.js`; Canvas 2D, no third-party code) and style
//! (`html/map.css`), both compiled in with `include_str!` and inlined. Layout and topics come precomputed from the topic map ([`crate::map`]); the page only
//! draws. The glossary goes in as `<script type="application/json">` blocks (what the map
//! draws, then the card texts, parsed when a card is first shown) whose `<`,
//! `>` and `&` are written as `\u003c`, `\u003e`, `\u0026`, so no card text can close the
//! block or open a tag. The data is columnar (one array per field, not one object per term)
//! so that 100k terms stay compact and parse fast.
//!
//! The page is safe by construction: the script shows card texts with `textContent` only, and
//! makes links of `http(s)` URLs only; a Content-Security-Policy meta tag forbids every
//! network access (`default-src 'none'`) and allows exactly the inline script and style whose
//! SHA-256 hashes are computed here. Everything is written in node (slug) order, with no
//! timestamp, so the same glossary gives the same bytes.

use std::fmt;
use std::io::{self, Write};

use askama::Template;
use base64::Engine as _;
use petgraph::graph::NodeIndex;
use sha2::{Digest, Sha256};

use std::path::Path;

use crate::config::Config;
use crate::drawing::palette::{status_color, status_ring, NO_STATUS};
use crate::graph::Node;
use crate::map::Coordinate;
use crate::Glossary;

/// The page's script, inlined into every page as one script: the card panel, the legend and
/// filters, and the words' placer (each a function of its own), then the map, which uses them.
/// The policy's hash is computed over exactly this text.
pub const SCRIPT: &str = concat!(
    include_str!("html/panel.js"),
    include_str!("html/filters.js"),
    include_str!("html/words.js"),
    include_str!("html/map.js")
);
/// The page's style sheet, inlined into every page.
pub const STYLE: &str = include_str!("html/map.css");

/// Where the page is read: alone (`render`, `export`), or as the website's `map.html`, which
/// links back to the site's index and topics and, from a term's card, to the term's page:
/// `term/{slug}/`, or, when the site has pages elsewhere, the path given for each card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place<'p> {
    Alone,
    Site(Option<&'p [String]>),
}

/// The expression of `html/panel.js` that makes the link to a term's page in the website,
/// and the one a site whose pages are not all in `term/` uses instead: the page's path from
/// the data's `paths`. Only such a site's map has the second, so every other page keeps its
/// script, and its policy's hash, as they were.
const PANEL_PAGE: &str = "${data.pages}${encodeURIComponent(data.slug[i])}/index.html";
const PANEL_PAGE_AT_PATHS: &str = "${data.pages}${data.paths[i]}/index.html";

/// The page's script for `place`.
fn script(place: Place<'_>) -> std::borrow::Cow<'static, str> {
    match place {
        Place::Site(Some(_)) => SCRIPT.replacen(PANEL_PAGE, PANEL_PAGE_AT_PATHS, 1).into(),
        _ => SCRIPT.into(),
    }
}

/// Writes the page of `glossary`, drawn at the places of its topic map, to `w`.
///
/// # Errors
/// Those of `w`.
pub fn write(glossary: &Glossary, config: &Config, w: impl Write) -> io::Result<()> {
    write_page(glossary, config, Place::Alone, w)
}

/// Writes the page as the website's `map.html` ([`crate::site`]), beside the site's pages,
/// which it links.
///
/// # Errors
/// Those of `w`.
///
/// `paths`, when the site has pages outside `term/`: the path of each card's page below the
/// site's root (without `/index.html`), in card order.
pub fn write_in_site(
    glossary: &Glossary,
    config: &Config,
    paths: Option<&[String]>,
    w: impl Write,
) -> io::Result<()> {
    write_page(glossary, config, Place::Site(paths), w)
}

/// The page: its markup is the template `templates/map/page.html`; the glossary's data and
/// cards are streamed into it as JSON ([`Streamed`]), never held whole.
#[derive(Template)]
#[template(path = "map/page.html")]
struct Page<'a> {
    lang: &'a str,
    csp: String,
    version: &'static str,
    title: &'a str,
    style: &'static str,
    in_site: bool,
    data: Streamed<'a>,
    cards: Streamed<'a>,
    script: &'a str,
}

fn write_page(
    glossary: &Glossary,
    config: &Config,
    place: Place<'_>,
    mut w: impl Write,
) -> io::Result<()> {
    let script = script(place);
    let csp = format!(
        "default-src 'none'; script-src '{}'; style-src '{}'; img-src data:; base-uri 'none'; form-action 'none'",
        csp_hash(&script),
        csp_hash(STYLE)
    );
    let data = |w: &mut dyn Write| write_data(glossary, config, place, &mut Escaping(w));
    let cards = |w: &mut dyn Write| write_cards(glossary, config, &mut Escaping(w));
    Page {
        lang: &config.language,
        csp,
        version: env!("CARGO_PKG_VERSION"),
        title: &config.title,
        style: STYLE,
        in_site: matches!(place, Place::Site(_)),
        data: Streamed(&data),
        cards: Streamed(&cards),
        script: &script,
    }
    .write_into(&mut w)
}

/// JSON written by a function into the page as the template renders it: the function's bytes
/// go through the template's formatter as they come.
struct Streamed<'a>(&'a dyn Fn(&mut dyn Write) -> io::Result<()>);

impl fmt::Display for Streamed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = ToFormatter {
            f,
            pending: Vec::new(),
        };
        (self.0)(&mut out).map_err(|_| fmt::Error)?;
        if out.pending.is_empty() {
            Ok(())
        } else {
            Err(fmt::Error)
        }
    }
}

/// An [`io::Write`] into a [`fmt::Formatter`]: UTF-8 text, a character cut between two
/// writes held until its last byte comes.
struct ToFormatter<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    pending: Vec<u8>,
}

impl Write for ToFormatter<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        let joined;
        let bytes = if self.pending.is_empty() {
            buf
        } else {
            self.pending.extend_from_slice(buf);
            joined = std::mem::take(&mut self.pending);
            &joined[..]
        };
        let (text, rest) = match std::str::from_utf8(bytes) {
            Ok(text) => (text, &[][..]),
            Err(e) if e.error_len().is_none() => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                (
                    std::str::from_utf8(valid).expect("checked as valid UTF-8"),
                    rest,
                )
            }
            Err(e) => return Err(io::Error::new(io::ErrorKind::InvalidData, e)),
        };
        self.f.write_str(text).map_err(io::Error::other)?;
        self.pending.extend_from_slice(rest);
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes the interactive map of the whole glossary into `output`, through a temporary file
/// beside it that is renamed into place once complete and on disk.
///
/// # Errors
/// The output not writable (the temporary file is removed).
pub fn write_file(glossary: &Glossary, config: &Config, output: &Path) -> io::Result<()> {
    crate::output::replace_file(output, |w| write(glossary, config, w))
}

/// [`write_file`] for the website's `map.html` ([`write_in_site`]).
///
/// # Errors
/// The output not writable (the temporary file is removed).
pub fn write_file_in_site(
    glossary: &Glossary,
    config: &Config,
    paths: Option<&[String]>,
    output: &Path,
) -> io::Result<()> {
    crate::output::replace_file(output, |w| write_in_site(glossary, config, paths, w))
}

/// Whether `output` names an HTML page (`.html` or `.htm`, any case).
pub fn is_html(output: &Path) -> bool {
    output
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// Writes what the map draws as the page's JSON: one array per field, in node order.
///
/// `x`/`y` are rounded to integers after scaling the layout so that terms lie about 100
/// units apart on average: the page needs no more precision, and integers are short.
///
/// In the website, `"pages": "term/"` says where the terms' pages are, which the card links.
fn write_data(
    glossary: &Glossary,
    config: &Config,
    place: Place<'_>,
    w: &mut impl Write,
) -> io::Result<()> {
    let cards = glossary.cards();
    let map = glossary.map();
    let json = |w: &mut dyn Write, text: &str| -> io::Result<()> {
        serde_json::to_writer(&mut *w, text).map_err(io::Error::from)
    };
    w.write_all(b"{\"title\":")?;
    json(w, &config.title)?;
    match place {
        Place::Alone => {}
        Place::Site(None) => w.write_all(b",\"pages\":\"term/\"")?,
        Place::Site(Some(paths)) => {
            w.write_all(b",\"pages\":\"\",\"paths\":")?;
            serde_json::to_writer(&mut *w, paths).map_err(io::Error::from)?;
        }
    }
    w.write_all(b",\"statuses\":[")?;
    for (i, status) in config.statuses.iter().enumerate() {
        w.write_all(if i == 0 { b"[" } else { b",[" })?;
        json(w, status)?;
        write!(
            w,
            ",\"{}\",\"{}\"]",
            status_color(config, Some(status)),
            status_ring(config, Some(status)).unwrap_or(NO_STATUS)
        )?;
    }
    w.write_all(b"],\"topics\":[")?;
    for (i, topic) in map.topics().iter().enumerate() {
        w.write_all(if i == 0 { b"[" } else { b",[" })?;
        json(w, &topic.id)?;
        w.write_all(b",")?;
        json(w, &topic.name)?;
        write!(w, ",\"{}\"]", topic.color)?;
    }
    w.write_all(b"],\"slug\":")?;
    list(w, cards.iter().map(|c| c.slug()), &json)?;
    w.write_all(b",\"term\":")?;
    list(w, cards.iter().map(|c| c.term()), &json)?;
    w.write_all(b",\"aliases\":[")?;
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        list(w, card.aliases().iter(), &json)?;
    }
    let position: Vec<(f64, f64)> = (0..cards.len()).map(|i| map.position(i)).collect();
    let scale = scale(&position);
    for (axis, key) in [(0, "x"), (1, "y")] {
        write!(w, "],\"{key}\":[")?;
        for (i, p) in position.iter().enumerate() {
            // The map's y grows upwards, the canvas's downwards.
            let v = if axis == 0 { p.0 } else { -p.1 };
            let v = (Coordinate::finite(v) * scale).round();
            write!(w, "{}{}", if i > 0 { "," } else { "" }, v as i64)?;
        }
    }
    w.write_all(b"],\"topic\":[")?;
    for i in 0..cards.len() {
        write!(w, "{}{}", if i > 0 { "," } else { "" }, map.topic_index(i))?;
    }
    w.write_all(b"],\"status\":[")?;
    for (i, card) in cards.iter().enumerate() {
        let s = card
            .status()
            .and_then(|s| config.statuses.iter().position(|k| k == s))
            .map_or(-1, |k| k as i64);
        write!(w, "{}{s}", if i > 0 { "," } else { "" })?;
    }
    // Edges between cards only (stub nodes are never in this graph's card range), as pairs of
    // indices: `related` once per pair, `supersedes` old then new, `broader` narrower then
    // broader (only in a glossary that has a hierarchy).
    let is_card = |n: NodeIndex| matches!(glossary.graph()[n], Node::Term(_));
    let mut keys = vec!["related", "supersedes"];
    if glossary.edge_counts().broader > 0 {
        keys.push("broader");
    }
    for key in keys {
        write!(w, "],\"{key}\":[")?;
        let mut first = true;
        for (a, b, link) in glossary.edges() {
            if link.kind() != key || !is_card(a) || !is_card(b) {
                continue;
            }
            write!(
                w,
                "{}{},{}",
                if first { "" } else { "," },
                a.index(),
                b.index()
            )?;
            first = false;
        }
    }
    // Term links as every drawing shows them (`drawing::term_links`), linking then linked:
    // only in a glossary that has some, whose map draws and explains them.
    let whole = crate::drawing::Selection::whole(glossary);
    let mut links = crate::drawing::term_links(glossary, &whole).peekable();
    if links.peek().is_some() {
        w.write_all(b"],\"termLinks\":[")?;
        for (k, (a, b)) in links.enumerate() {
            write!(
                w,
                "{}{},{}",
                if k == 0 { "" } else { "," },
                a.index(),
                b.index()
            )?;
        }
    }
    w.write_all(b"]}")
}

/// Writes the texts the panel shows, one array per card in node order: `[definition, note,
/// advantages, limitations, firstSeen, lastSeen, updated, citations [[id, title, url,
/// accessed]], provenance]`. A definition or note is its text when it has no Markdown the
/// panel would not show as it stands, else its tree of elements
/// ([`crate::markdown::to_tree`]), which the panel builds without parsing HTML. A
/// block of its own, which the page parses only when it first shows a card: the map is drawn
/// without waiting for the bulk of the bytes.
fn write_cards(glossary: &Glossary, config: &Config, w: &mut impl Write) -> io::Result<()> {
    let json = |w: &mut dyn Write, text: &str| -> io::Result<()> {
        serde_json::to_writer(&mut *w, text).map_err(io::Error::from)
    };
    let mut term_iris = String::new();
    crate::rdf::vocab::push_term_iri(&mut term_iris, &config.base, "");
    let term = |target: &str| {
        glossary
            .term_link(target, &term_iris)
            .map(|index| crate::markdown::Link {
                index,
                href: format!("#{}", glossary.cards()[index].slug()),
            })
    };
    let no_cite = |_: &str| None;
    w.write_all(b"[")?;
    for (i, card) in glossary.cards().iter().enumerate() {
        w.write_all(if i == 0 { b"[" } else { b",\n[" })?;
        let ids: Vec<&str> = card.citations().iter().map(|c| c.id).collect();
        let cite = |id: &str| ids.iter().position(|&c| c == id).map(|k| k + 1);
        for (k, (text, cite)) in [
            (
                card.definition(),
                &no_cite as &dyn Fn(&str) -> Option<usize>,
            ),
            (card.note(), &cite),
        ]
        .into_iter()
        .enumerate()
        {
            if k > 0 {
                w.write_all(b",")?;
            }
            if crate::card::markdown::is_plain(text) {
                json(w, text)?;
                continue;
            }
            let tree = crate::markdown::to_tree(
                text,
                &crate::markdown::Targets {
                    cite,
                    term: &term,
                    heading_top: 4,
                },
            );
            serde_json::to_writer(&mut *w, &tree).map_err(io::Error::from)?;
        }
        w.write_all(b",")?;
        list(w, card.advantages().iter(), &json)?;
        w.write_all(b",")?;
        list(w, card.limitations().iter(), &json)?;
        for date in [card.first_seen(), card.last_seen(), card.updated()] {
            w.write_all(b",")?;
            match date {
                Some(d) => json(w, d.text().as_str())?,
                None => w.write_all(b"null")?,
            }
        }
        w.write_all(b",[")?;
        for (k, cite) in card.citations().iter().enumerate() {
            w.write_all(if k == 0 { b"[" } else { b",[" })?;
            for (j, text) in [cite.id, cite.title, cite.url].into_iter().enumerate() {
                if j > 0 {
                    w.write_all(b",")?;
                }
                json(w, text)?;
            }
            w.write_all(b",")?;
            match cite.accessed {
                Some(d) => json(w, d.text().as_str())?,
                None => w.write_all(b"null")?,
            }
            w.write_all(b"]")?;
        }
        w.write_all(b"],")?;
        list(w, card.provenance().iter(), &json)?;
        w.write_all(b"]")?;
    }
    w.write_all(b"]")
}

/// Writes `items` as a JSON array of strings.
fn list<'a>(
    w: &mut dyn Write,
    items: impl Iterator<Item = &'a str>,
    json: &dyn Fn(&mut dyn Write, &str) -> io::Result<()>,
) -> io::Result<()> {
    w.write_all(b"[")?;
    for (i, item) in items.enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        json(w, item)?;
    }
    w.write_all(b"]")
}

/// The factor that brings the typical distance between neighbouring terms to about 100 units,
/// whatever the layout's own unit: cheap (no neighbour search), from the extent of the layout.
fn scale(position: &[(f64, f64)]) -> f64 {
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in position
        .iter()
        .filter(|p| p.0.is_finite() && p.1.is_finite())
    {
        (min_x, min_y) = (min_x.min(x), min_y.min(y));
        (max_x, max_y) = (max_x.max(x), max_y.max(y));
    }
    // Spread evenly over a square, n terms lie extent / sqrt(n) apart (the larger side
    // counts, so a layout on one line is scaled too).
    let extent = (max_x - min_x).max(max_y - min_y);
    if position.len() < 2 || extent.is_nan() || extent <= 0.0 {
        return 1.0;
    }
    let spacing = extent / (position.len() as f64).sqrt();
    100.0 / spacing
}

/// The CSP source of an inline script or style: `sha256-` and the base64 of its SHA-256.
pub fn csp_hash(text: &str) -> String {
    format!(
        "sha256-{}",
        base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes()))
    )
}

/// Escapes text for HTML element content and quoted attribute values (either quote): the one
/// HTML escaper of glossgraph, used by the map and by `serve`'s query page.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `json` (a JSON text) with `<`, `>` and `&` as their JSON escapes, safe inside a
/// `<script>` block (see [`Escaping`]).
pub fn script_safe(json: &str) -> String {
    let mut out = Vec::with_capacity(json.len());
    Escaping(&mut out)
        .write_all(json.as_bytes())
        .expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("escapes are ASCII")
}

/// A writer that replaces `<`, `>` and `&` by their JSON escapes on their way to the inner
/// writer. Only valid for JSON, where those bytes can only occur inside strings: there the
/// escape means the same character, and the text can never close the `<script>` block.
struct Escaping<W>(W);

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        let mut start = 0;
        for (i, &b) in buf.iter().enumerate() {
            let escape: &[u8] = match b {
                b'<' => b"\\u003c",
                b'>' => b"\\u003e",
                b'&' => b"\\u0026",
                _ => continue,
            };
            self.0.write_all(&buf[start..i])?;
            self.0.write_all(escape)?;
            start = i + 1;
        }
        self.0.write_all(&buf[start..])
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Draft;

    #[test]
    fn streamed_json_keeps_a_character_cut_between_two_writes() {
        let write = |w: &mut dyn Write| {
            let bytes = "Ägyptologie — </script>".as_bytes();
            // Cut inside `Ä` and inside `—`.
            w.write_all(&bytes[..1])?;
            w.write_all(&bytes[1..13])?;
            w.write_all(&bytes[13..])
        };
        assert_eq!(
            Streamed(&|w: &mut dyn Write| write(&mut Escaping(w))).to_string(),
            "Ägyptologie — \\u003c/script\\u003e"
        );
        let bad = |w: &mut dyn Write| w.write_all(&[0xff]);
        assert!(fmt::write(&mut String::new(), format_args!("{}", Streamed(&bad))).is_err());
    }

    fn glossary(cards: &[(&str, &str, &[&str])]) -> Glossary {
        Glossary::new(
            cards
                .iter()
                .map(|(slug, definition, related)| {
                    crate::Card::from(Draft {
                        slug: (*slug).into(),
                        term: slug.to_uppercase(),
                        definition: (*definition).into(),
                        related: related.iter().map(|s| (*s).into()).collect(),
                        ..Draft::default()
                    })
                })
                .collect(),
        )
    }

    fn page(glossary: &Glossary) -> String {
        let mut out = Vec::new();
        write(glossary, &Config::default(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn card_texts_cannot_leave_the_data_block() {
        let g = glossary(&[(
            "a",
            "</script><script>window.pwned=1</script> & <!-- <img src=x onerror=alert(1)>",
            &[],
        )]);
        let html = page(&g);
        assert_eq!(html.matches("</script>").count(), 3, "{html}");
        assert!(html.contains(r"\u003c/script\u003e\u003cscript\u003ewindow.pwned=1"));
        assert!(html.contains(r" \u0026 \u003c!-- \u003cimg src=x onerror=alert(1)\u003e"));
        let start = html.find("id=\"glossary-cards\">").unwrap() + 20;
        let end = start + html[start..].find("</script>").unwrap();
        let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
        // Raw HTML in a definition is Markdown's: the panel gets it as a tree whose texts
        // show it as text.
        fn texts(v: &serde_json::Value, out: &mut String) {
            match v {
                serde_json::Value::String(s) => out.push_str(s),
                serde_json::Value::Array(items) => {
                    for item in items.iter().skip(2) {
                        texts(item, out);
                    }
                }
                _ => {}
            }
        }
        let mut shown = String::new();
        for block in data[0][0].as_array().unwrap() {
            texts(block, &mut shown);
        }
        assert_eq!(
            shown,
            "</script><script>window.pwned=1</script> & <!-- <img src=x onerror=alert(1)>"
        );
    }

    #[test]
    fn a_site_with_pages_outside_term_links_them_from_the_card() {
        assert_eq!(SCRIPT.matches(PANEL_PAGE).count(), 1);
        let g = glossary(&[("a", "A.", &[])]);
        let paths = ["162".to_owned()];
        let mut out = Vec::new();
        write_in_site(&g, &Config::default(), Some(&paths), &mut out).unwrap();
        let html = String::from_utf8(out).unwrap();
        let script = script(Place::Site(Some(&paths)));
        assert!(script.contains(PANEL_PAGE_AT_PATHS));
        assert!(html.contains(&format!("script-src '{}'", csp_hash(&script))));
        assert!(html.contains("\"pages\":\"\",\"paths\":[\"162\"]"));
    }

    #[test]
    fn the_policy_allows_exactly_the_inlined_script_and_style() {
        let html = page(&glossary(&[("a", "A.", &[])]));
        assert!(html.contains("default-src 'none'; script-src 'sha256-"));
        assert!(html.contains(&format!("script-src '{}'", csp_hash(SCRIPT))));
        assert!(html.contains(&format!("style-src '{}'", csp_hash(STYLE))));
        assert!(html.contains(&format!("<script>{SCRIPT}</script>")));
        assert!(html.contains(&format!("<style>{STYLE}</style>")));
    }

    #[test]
    fn the_map_data_has_the_term_links_only_where_there_are_some() {
        let data = |g: &Glossary| -> serde_json::Value {
            let html = page(g);
            let start = html.find("id=\"glossary-data\">").unwrap() + 19;
            let end = start + html[start..].find("</script>").unwrap();
            serde_json::from_str(&html[start..end]).unwrap()
        };
        let linked = data(&crate::drawing::linked_in_texts());
        // a → b, a → c, b → a (cards 0 to 3: a, b, c, d); c → d is their `related` line.
        assert_eq!(linked["termLinks"], serde_json::json!([0, 1, 0, 2, 1, 0]));
        assert_eq!(linked["related"], serde_json::json!([2, 3]));
        let related = data(&glossary(&[("a", "A.", &["b"]), ("b", "B.", &[])]));
        assert!(related.get("termLinks").is_none(), "{related}");
    }

    #[test]
    fn the_same_glossary_gives_the_same_bytes() {
        let cards = [
            ("b", "B.", &["a"][..]),
            ("a", "A.", &["b"][..]),
            ("c", "C.", &[][..]),
        ];
        let mut reversed = cards;
        reversed.reverse();
        assert_eq!(page(&glossary(&cards)), page(&glossary(&reversed)));
    }
}
