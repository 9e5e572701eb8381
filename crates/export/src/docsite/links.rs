//! The links of a documentation site's pages as they become Markdown the cards keep: link
//! text escaped, shortcodes inside link targets closed up, links to the site's own paths
//! made absolute, and the shortcodes left as text counted.

use std::collections::BTreeMap;

use super::Imported;

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
/// links and reference definitions. Each such link is counted, made absolute or not.
pub(super) fn site_links(
    text: &str,
    site: Option<&str>,
    is_page: &dyn Fn(&str) -> bool,
    imported: &mut Imported,
) -> String {
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
