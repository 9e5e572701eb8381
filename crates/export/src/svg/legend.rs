//! The title and the legend of glossgraph's SVG map ([`super::draw`]): what the legend
//! explains (the topics' fills, the statuses' rings, the kinds of link drawn, term links
//! among them) and where each entry goes, in rows under the title that never cut an entry;
//! with the margin and the heading's size the page is laid out by.

use crate::config::Config;
use crate::drawing::palette::status_stroke;
use crate::drawing::{Cluster, Legend, Selection, View};
use crate::map::{font, tint, LABEL_SIZE};
use crate::Glossary;

/// The white space around everything, in points.
pub(super) const MARGIN: f64 = 16.0;
/// The size of the map's title, in points.
pub(super) const HEADING_SIZE: f64 = 16.0;
/// The height of a row of the legend, in points.
pub(super) const LEGEND_ROW: f64 = 22.0;
/// The narrowest the legend is laid out in, in points.
const LEGEND_WIDTH: f64 = 480.0;

/// One entry of the legend: what its sample shows, and its text.
pub(super) enum Sample {
    Topics(Vec<String>),
    Ring(&'static str, f64),
    Arrow,
    /// The hollow-headed arrow of `broader`.
    Hollow,
    Dashed,
    /// The small-headed dotted arrow of a term link.
    Dotted,
}

/// What the legend explains, in its order: the topics' fills (the first three topics the view
/// draws), the statuses' rings, then the kinds of link drawn.
pub(super) fn legend_entries(
    glossary: &Glossary,
    config: &Config,
    view: &View,
    selection: &Selection,
    legend: &Legend<'_>,
) -> Vec<(Sample, String)> {
    let mut entries: Vec<(Sample, String)> = Vec::new();
    let map = glossary.map();
    if view.cluster == Cluster::Topic || map.topics().len() > 1 {
        let mut drawn = vec![false; map.topics().len()];
        for node in &selection.nodes {
            drawn[map.topic_index(node.index())] = true;
        }
        let colors = map
            .topics()
            .iter()
            .zip(drawn)
            .filter(|(_, d)| *d)
            .take(3)
            .map(|(t, _)| tint(&t.color))
            .collect();
        entries.push((Sample::Topics(colors), "fill: the term's topic".to_owned()));
    }
    for status in &legend.statuses {
        let (ring, width) = status_stroke(config, *status);
        entries.push((
            Sample::Ring(ring, width),
            format!("ring: {}", status.unwrap_or("no status")),
        ));
    }
    if legend.supersedes {
        entries.push((Sample::Arrow, "supersedes (old → new)".to_owned()));
    }
    if legend.broader {
        entries.push((Sample::Hollow, "broader (narrower → broader)".to_owned()));
    }
    if legend.related {
        entries.push((Sample::Dashed, "related".to_owned()));
    }
    if legend.term_links {
        entries.push((Sample::Dotted, "term link (linking → linked)".to_owned()));
    }
    entries
}

/// The legend's entries in rows no wider than the map (`map_width`, in the legend's points)
/// or [`LEGEND_WIDTH`], an entry never cut, below the title: the width laid out in, each
/// entry with its place (left x and middle y, in the legend's points), and the number of rows.
#[expect(
    clippy::type_complexity,
    reason = "the legend's entries as `Layout` keeps them"
)]
pub(super) fn place_legend(
    entries: Vec<(Sample, String)>,
    map_width: f64,
    full_title: &str,
) -> (f64, Vec<(Sample, String, (f64, f64))>, usize) {
    const SAMPLE: f64 = 26.0;
    const GAP: f64 = 6.0;
    const SPACE: f64 = 18.0;
    let entry_width = |text: &str| SAMPLE + GAP + font::width(text, LABEL_SIZE);
    let widest = entries
        .iter()
        .map(|(_, t)| entry_width(t))
        .fold(0.0, f64::max);
    // The title whole if the page can grow to it (up to twice the legend's width), else cut.
    let title_width = font::width_in(full_title, HEADING_SIZE, font::Weight::Bold);
    let room = map_width
        .max(LEGEND_WIDTH)
        .max(widest)
        .max(title_width.min(2.0 * LEGEND_WIDTH));
    let rows_top = MARGIN + HEADING_SIZE + 8.0;
    let (mut x, mut row) = (0.0, 0usize);
    let mut placed = Vec::with_capacity(entries.len());
    for (sample, text) in entries {
        let width = entry_width(&text);
        if x > 0.0 && x + width > room {
            (x, row) = (0.0, row + 1);
        }
        let middle = rows_top + LEGEND_ROW * (row as f64 + 0.5);
        placed.push((sample, text, (MARGIN + x, middle)));
        x += width + SPACE;
    }
    let rows = if placed.is_empty() { 0 } else { row + 1 };
    (room, placed, rows)
}
