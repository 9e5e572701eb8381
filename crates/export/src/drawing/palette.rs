//! The colours of every drawing glossgraph writes: the topic maps (DOT, SVG, the HTML map),
//! yEd's GraphML and the website's status badges. One code, the same in every map: a term is
//! filled with its topic's colour and ringed with its status's.
//!
//! Topics are coloured where they are made, with the topic map ([`crate::map::topic_color`],
//! beside the tints the maps draw of it), so that the outputs that carry a topic without
//! drawing it (GEXF, Cytoscape.js) carry the same colour. Each status has a pastel fill (yEd
//! fills a term with it; the badges of the website and of the HTML map's card show it) and a
//! ring of the same hue, dark enough to read as a line on white (contrast at least 3:1,
//! WCAG's bar for graphics). The statuses every glossary may use are named once, in
//! [`crate::config::KNOWN_STATUSES`]; their colours here follow that order.
//!
//! A `broader` link is drawn in [`BROADER`] (and on the HTML map's dark scheme in
//! [`BROADER_ON_DARK`], which its style sheet declares as `--broader`), a blue apart from the
//! greys of `related` lines and `supersedes` arrows, with a hollow head at the broader term:
//! told apart by its head even where its colour is not seen. A term link (a text linking a
//! term) is a thin dotted arrow in [`TERM_LINK`] ([`TERM_LINK_ON_DARK`], `--term-link`), a
//! grey lighter than the `related` lines'.

use crate::config::{Config, KNOWN_STATUSES};

/// The fill and ring of each of [`KNOWN_STATUSES`], in its order: shipping green, emerging
/// blue, draft yellow, deprecated orange, obsolete grey.
const KNOWN: [(&str, &str); KNOWN_STATUSES.len()] = [
    ("#b3de69", "#3f7d1a"),
    ("#80b1d3", "#2f6f9f"),
    ("#ffffb3", "#807000"),
    ("#fdb462", "#b35900"),
    ("#d9d9d9", "#6b6b6b"),
];

/// Fill and ring of the other configured statuses, in the order they are configured.
const OTHER_STATUSES: [(&str, &str); 6] = [
    ("#bebada", "#6a63b0"),
    ("#fccde5", "#c2407f"),
    ("#8dd3c7", "#237a6b"),
    ("#bc80bd", "#8a3f8c"),
    ("#ccebc5", "#447a3b"),
    ("#ffed6f", "#827000"),
];

/// The fill and ring colours of `status`; `None` for no status or one the configuration does
/// not know.
fn status_colors(config: &Config, status: Option<&str>) -> Option<(&'static str, &'static str)> {
    let status = status?;
    if let Some(i) = KNOWN_STATUSES.iter().position(|s| *s == status) {
        return Some(KNOWN[i]);
    }
    // Other configured statuses take the next colours in the order they are configured, so
    // a status keeps its colour whatever the cards say.
    config
        .statuses
        .iter()
        .filter(|s| !KNOWN_STATUSES.contains(&s.as_str()))
        .position(|s| s == status)
        .map(|i| OTHER_STATUSES[i % OTHER_STATUSES.len()])
}

/// The fill colour of a status in GraphML (yEd) and DOT maps: colour-blind-safe pastels;
/// white for no status or an unknown one.
pub(crate) fn status_color(config: &Config, status: Option<&str>) -> &'static str {
    status_colors(config, status).map_or("#ffffff", |(fill, _)| fill)
}

/// The ring a topic map draws around a term of `status`: its fill's hue, dark enough to show
/// on white and, with the white gap the maps leave inside it, on every topic colour; `None`
/// for no status or an unknown one (no ring).
pub(crate) fn status_ring(config: &Config, status: Option<&str>) -> Option<&'static str> {
    status_colors(config, status).map(|(_, ring)| ring)
}

/// The colour of `broader` links on every map (DOT, SVG, the HTML map, yEd): a dark blue,
/// 7:1 on white.
pub const BROADER: &str = "#2b5797";
/// The colour of `broader` links on the HTML map's dark scheme: a light blue, 8:1 on its
/// background.
pub const BROADER_ON_DARK: &str = "#8fb3e8";

/// The colour of term links (one term's text linking another's page) on every drawn map
/// (DOT, SVG, the HTML map): a grey lighter than the `related` lines', 3:1 on white still;
/// the lines are thinner and dotted besides, so that a map of many term links stays quieter
/// than one of typed links.
pub const TERM_LINK: &str = "#939393";
/// The colour of term links on the HTML map's dark scheme: dimmer than its `related` lines,
/// 3:1 on its background.
pub const TERM_LINK_ON_DARK: &str = "#60656c";

/// The ring of a term without a status (or with one the configuration does not know): thin and
/// grey.
pub(crate) const NO_STATUS: &str = "#767676";

/// The colour and width (in points) of the ring a drawn map gives a term of `status`.
pub(crate) fn status_stroke(config: &Config, status: Option<&str>) -> (&'static str, f64) {
    match status_ring(config, status) {
        Some(ring) => (ring, 2.0),
        None => (NO_STATUS, 1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG 2's relative luminance of `#rrggbb`.
    fn luminance(color: &str) -> f64 {
        let (r, g, b) = crate::map::rgb(color);
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    #[test]
    fn every_status_ring_reads_on_white_and_keeps_its_fills_hue() {
        let config = Config {
            statuses: (0..8).map(|i| format!("s{i}")).collect(),
            ..Config::default()
        };
        for (fill, ring) in KNOWN.into_iter().chain(OTHER_STATUSES) {
            let contrast = 1.05 / (luminance(ring) + 0.05);
            assert!(contrast >= 3.0, "{ring} on white: {contrast:.2}");
            assert!(
                luminance(ring) < luminance(fill),
                "{ring} darker than {fill}"
            );
        }
        assert_eq!(status_ring(&config, Some("shipping")), Some("#3f7d1a"));
        assert_eq!(status_ring(&config, Some("s1")), Some("#c2407f"));
        assert_eq!(status_color(&config, Some("s1")), "#fccde5");
        assert_eq!(status_ring(&config, Some("unknown")), None);
        assert_eq!(status_color(&config, None), "#ffffff");
    }

    #[test]
    fn broader_reads_on_either_scheme_and_the_map_declares_it() {
        let on_white = 1.05 / (luminance(BROADER) + 0.05);
        assert!(on_white >= 3.0, "{on_white:.2}");
        let dark = luminance("#111214");
        let on_dark = (luminance(BROADER_ON_DARK) + 0.05) / (dark + 0.05);
        assert!(on_dark >= 3.0, "{on_dark:.2}");
        // The HTML map takes its colours from its style sheet: the same ones.
        let css = crate::html::STYLE;
        assert!(css.contains(&format!("--broader: {BROADER};")), "light");
        assert!(
            css.contains(&format!("--broader: {BROADER_ON_DARK};")),
            "dark"
        );
    }

    #[test]
    fn term_links_read_on_either_scheme_lighter_than_related_and_the_map_declares_them() {
        let on_white = 1.05 / (luminance(TERM_LINK) + 0.05);
        assert!(on_white >= 3.0, "{on_white:.2}");
        // Lighter than the `related` lines of the SVG (#8c8c8c) and the DOT (#888888).
        assert!(luminance(TERM_LINK) > luminance("#8c8c8c"));
        let dark = luminance("#111214");
        let on_dark = (luminance(TERM_LINK_ON_DARK) + 0.05) / (dark + 0.05);
        assert!(on_dark >= 3.0, "{on_dark:.2}");
        let css = crate::html::STYLE;
        assert!(css.contains(&format!("--term-link: {TERM_LINK};")), "light");
        assert!(
            css.contains(&format!("--term-link: {TERM_LINK_ON_DARK};")),
            "dark"
        );
        // Dimmer than the dark scheme's `related` lines.
        assert!(css.contains("--edge: #6b7078;"));
        assert!(luminance(TERM_LINK_ON_DARK) < luminance("#6b7078"));
    }

    #[test]
    fn each_known_status_has_its_own_colours_in_the_order_of_the_configuration() {
        let config = Config::default();
        let fills: Vec<&str> = KNOWN_STATUSES
            .iter()
            .map(|s| status_color(&config, Some(s)))
            .collect();
        assert_eq!(
            fills,
            ["#b3de69", "#80b1d3", "#ffffb3", "#fdb462", "#d9d9d9"]
        );
        assert_eq!(status_stroke(&config, Some("deprecated")), ("#b35900", 2.0));
        assert_eq!(status_stroke(&config, None), (NO_STATUS, 1.0));
    }
}
