//! The links of a documentation site's pages as they become Markdown the cards keep: the
//! site's own term links found by its patterns (a name the text puts in the plural reaching
//! its term), link text escaped, shortcodes inside link targets closed up, links to the
//! site's own paths made absolute, and the shortcodes left as text counted.

use std::collections::BTreeMap;

use regex::{Captures, Regex};

use super::Imported;

/// `text` with each match of `patterns` replaced by what `replace` makes of its groups.
///
/// Several patterns let a site's shortcode be matched with its attributes in either order
/// (`text="…" term_id="…"` and `term_id="…" text="…"`), which one pattern cannot do: the
/// regex crate refuses a group name twice, even in two alternatives. Of the matches of the
/// patterns, the first in the text wins; of those starting at one place, one that captures a
/// `text` (so that the link keeps the words the page shows), then the first pattern in the
/// list. The next match is looked for after the end of the last; an empty match names
/// nothing and is passed over.
pub(super) fn replace_matches(
    text: &str,
    patterns: &[Regex],
    replace: &mut dyn FnMut(&Captures<'_>) -> String,
) -> String {
    let mut out = String::with_capacity(text.len());
    // Copied up to `copied`; matches are looked for from `from`.
    let (mut copied, mut from) = (0, 0);
    let mut next: Vec<Option<Captures<'_>>> =
        patterns.iter().map(|re| re.captures_at(text, 0)).collect();
    let start = |c: &Captures<'_>| c.get(0).map_or(0, |m| m.start());
    while from <= text.len() {
        // Each pattern's next match at or after `from`, found again only when it is behind.
        for (re, slot) in patterns.iter().zip(&mut next) {
            if slot.as_ref().is_some_and(|c| start(c) < from) {
                *slot = re.captures_at(text, from);
            }
        }
        let best = next
            .iter()
            .enumerate()
            .filter_map(|(i, c)| Some((i, c.as_ref()?)))
            .min_by_key(|&(i, c)| (start(c), c.name("text").is_none(), i));
        let Some((_, caps)) = best else {
            break;
        };
        let Some(whole) = caps.get(0) else {
            break;
        };
        if whole.is_empty() {
            from = whole.end() + text[whole.end()..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        out.push_str(&text[copied..whole.start()]);
        out.push_str(&replace(caps));
        (copied, from) = (whole.end(), whole.end());
    }
    out.push_str(&text[copied..]);
    out
}

/// The singulars a slug may be the plural of, most likely first, for a name that names no
/// page as it is: the last word without `-ies` but with `-y` (`policies` → `policy`), without
/// `-es` (`classes` → `class`), without `-s` (`modules` → `module`; not after another `s`,
/// `class` being no plural). Only English plurals; a candidate counts only when a page has
/// it.
pub(super) fn singulars(slug: &str) -> Vec<String> {
    let mut out = Vec::new();
    let last = slug.rsplit('-').next().unwrap_or(slug);
    if let Some(stem) = slug.strip_suffix("ies").filter(|_| last.len() > 4) {
        out.push(format!("{stem}y"));
    }
    if let Some(stem) = slug.strip_suffix("es").filter(|_| last.len() > 3) {
        out.push(stem.to_owned());
    }
    if let Some(stem) = slug
        .strip_suffix('s')
        .filter(|stem| last.len() > 2 && !stem.ends_with('s'))
    {
        out.push(stem.to_owned());
    }
    out
}

/// `text` as a Markdown link's text: backslashes and brackets escaped.
pub(super) fn escape_link_text(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('[', "\\[")
        .replace(']', "\\]")
}

/// `text` with every shortcode inside a Markdown link's target written without spaces
/// (`{{< param "version" >}}` as `{{<param%20"version">}}`), so that the link stays a link.
///
/// The site expands a shortcode before its Markdown is read, so `[Pod](/api/{{< param
/// "version" >}}/#pod)` is a link there; left as it stands, CommonMark ends the target at
/// the first space, the link is text and `[Pod]` a citation marker naming nothing. Hugo
/// reads `{{<param "version">}}` as the same shortcode, so nothing of it is lost.
pub(super) fn shortcodes_in_link_targets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        out.push_str(&rest[..at + 2]);
        rest = &rest[at + 2..];
        // Along the target, up to a space or a parenthesis, shortcode by shortcode.
        while let Some(c) = rest.chars().next() {
            let close = match rest.get(..3) {
                Some("{{<") => ">}}",
                Some("{{%") => "%}}",
                _ if c.is_whitespace() || matches!(c, '(' | ')') => break,
                _ => {
                    out.push(c);
                    rest = &rest[c.len_utf8()..];
                    continue;
                }
            };
            let line = rest.find('\n').unwrap_or(rest.len());
            let Some(end) = rest[3..line].find(close).map(|i| i + 3) else {
                break;
            };
            out.push_str(&rest[..3]);
            out.push_str(
                &rest[3..end]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join("%20"),
            );
            out.push_str(close);
            rest = &rest[end + close.len()..];
        }
    }
    out.push_str(rest);
    out
}

/// `text` with each link to a path of the site (`/docs/…`, not `//host/…`) that is no term's
/// page (`is_page`) made absolute against `site` (`https://kubernetes.io/docs/…`): inline
/// links and reference definitions. Each such link is counted, made absolute or not. An
/// inline link to a term's page at the site's own address (`https://glossary.cncf.io/pod/`)
/// is made the page's path (`/pod/`): a term link, as the site's other pages link it.
pub(super) fn site_links(
    text: &str,
    site: Option<&str>,
    is_page: &dyn Fn(&str) -> bool,
    imported: &mut Imported,
) -> String {
    let own;
    let text = match site {
        Some(site) if text.contains(site) => {
            own = own_pages(text, site, is_page);
            own.as_str()
        }
        _ => text,
    };
    if !text.contains("](/") && !text.contains("]: /") && !text.contains("](</") {
        return text.to_owned();
    }
    let to_site =
        |target: &str| target.starts_with('/') && !target.starts_with("//") && !is_page(target);
    // Where the targets to make absolute begin, in bytes.
    let mut at: Vec<usize> = Vec::new();
    for link in crate::card::markdown::links(text) {
        if !to_site(&link.target) {
            continue;
        }
        let source = &text[link.range.clone()];
        // An inline link's target follows its last `](`; a reference's is on its definition.
        if let Some(open) = source.rfind("](") {
            let start = link.range.start + open + 2;
            let rest = &text[start..];
            let skip = rest.len() - rest.trim_start().len();
            let skip = skip + usize::from(rest[skip..].starts_with('<'));
            if text[start + skip..].starts_with('/') {
                at.push(start + skip);
            }
        }
    }
    // Reference definitions: `[ref]: /path` at the start of a line.
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if indent <= 3 && line[indent..].starts_with('[') {
            if let Some(colon) = line.find("]:") {
                let rest = &line[colon + 2..];
                let skip = rest.len() - rest.trim_start().len();
                let skip = skip + usize::from(rest[skip..].starts_with('<'));
                let target = rest[skip..].split_whitespace().next().unwrap_or("");
                let target = target.trim_end_matches('>');
                if to_site(target) {
                    at.push(line_start + colon + 2 + skip);
                }
            }
        }
        line_start += line.len();
    }
    at.sort_unstable();
    at.dedup();
    imported.site_links += at.len();
    let Some(site) = site else {
        return text.to_owned();
    };
    let mut out = String::with_capacity(text.len() + at.len() * site.len());
    let mut from = 0;
    for i in at {
        out.push_str(&text[from..i]);
        out.push_str(site);
        from = i;
    }
    out.push_str(&text[from..]);
    out
}

/// `text` with the site's address (`site`, without its last `/`) taken off each inline link
/// to a term's page there (`is_page` of the path left).
fn own_pages(text: &str, site: &str, is_page: &dyn Fn(&str) -> bool) -> String {
    let mut cuts: Vec<usize> = Vec::new();
    for link in crate::card::markdown::links(text) {
        let Some(path) = link.target.strip_prefix(site) else {
            continue;
        };
        if !(path.starts_with('/') && is_page(path)) {
            continue;
        }
        let source = &text[link.range.clone()];
        if let Some(open) = source.rfind("](") {
            let start = link.range.start + open + 2;
            let rest = &text[start..];
            let skip = rest.len() - rest.trim_start().len();
            let skip = skip + usize::from(rest[skip..].starts_with('<'));
            if text[start + skip..].starts_with(site) {
                cuts.push(start + skip);
            }
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for at in cuts {
        out.push_str(&text[from..at]);
        from = at + site.len();
    }
    out.push_str(&text[from..]);
    out
}

/// Counts the shortcodes left in `text`, by name.
pub(super) fn count_shortcodes(text: &str, counts: &mut BTreeMap<String, usize>) {
    for (open, close) in [("{{<", ">}}"), ("{{%", "%}}"), ("{%", "%}")] {
        let mut rest = text;
        while let Some(at) = rest.find(open) {
            let after = &rest[at + open.len()..];
            let Some(end) = after.find(close) else {
                break;
            };
            let name: String = after[..end]
                .trim_start_matches(['/', ' '])
                .chars()
                .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '-'))
                .collect();
            if open != "{%" || !rest[..at].ends_with('{') {
                *counts
                    .entry(if name.is_empty() { "?".into() } else { name })
                    .or_default() += 1;
            }
            rest = &after[end + close.len()..];
        }
    }
}
