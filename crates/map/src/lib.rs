//! The topic map of a glossary: which terms belong together ([`topics`], community detection)
//! and where each term stands on the page ([`layout`], a force-directed drawing), computed
//! once, in Rust, and shared by every graph output — GraphML, GEXF, DOT, the SVG glossgraph
//! draws, the interactive HTML map, the data formats — so that a term has the same topic and
//! the same place in every file. Label boxes are measured with [`font`], a table of the maps'
//! font's widths, so that no installed font changes a box.
//!
//! Everything here is deterministic: the input is the graph in node order (slug order), every
//! random choice comes from [`crate::rng`] with a fixed seed, and ties are broken by index.
//! The same glossary gives the same topics and the same coordinates, to the bit, whatever the
//! order its files came off the disk and however many cores there are.
//!
//! Edge weights: a `related` link weighs 1 and a `supersedes` link 2 (a term and the one that
//! replaces it are one subject in two versions, and should not be split between topics); a
//! term link inside a text and a `broader`/`narrower` link weigh 1, as a `related` link (a
//! documentation site's glossary links its terms in its texts, a thesaurus by its
//! hierarchy); two links between the same terms add up.
//!
//! This crate works on plain numbers (node indices, weights, label lengths): the glossary
//! graph (`glossgraph_core::graph::Glossary`, the crate above) builds its input and keeps the
//! result. It is the bottom of the workspace, so the two small utilities every stage shares
//! live here too: [`parallel`] (the size of rayon's pool, chunks over it) and [`rng`] (the
//! seeded generator).

// The library never prints: what it has to say goes to its caller as values and errors.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod csr;
pub mod font;
pub mod layout;
pub mod parallel;
pub mod rng;
pub mod topics;

use rayon::prelude::*;

/// The weight of a `related` link.
pub const RELATED_WEIGHT: f64 = 1.0;
/// The weight of a `supersedes` link.
pub const SUPERSEDES_WEIGHT: f64 = 2.0;
/// The weight of a term link: one term's text linking another's page.
pub const TERM_LINK_WEIGHT: f64 = 1.0;
/// The weight of a `broader`/`narrower` link between two terms.
pub const HIERARCHY_WEIGHT: f64 = 1.0;

/// A topic: a group of terms more linked to one another than to the rest — or the terms
/// with no link at all, gathered in one topic ([`UNLINKED`]) rather than one topic each.
#[derive(Debug, Clone, PartialEq)]
pub struct Topic {
    /// Stable id: the slug of its most central term (of the unlinked terms, the first).
    pub id: String,
    /// "around {term}", after its most central term; [`UNLINKED`] for the unlinked terms.
    pub name: String,
    /// The node of its most central term (highest weighted degree inside the topic; ties go
    /// to the smaller slug).
    pub centre: usize,
    /// How many terms it holds.
    pub size: usize,
    /// Its colour on maps, `#rrggbb`.
    pub color: String,
    /// Whether it holds the terms without a link, laid out as a grid ([`UNLINKED`]).
    pub unlinked: bool,
}

/// The name of the topic of the terms without a link. A term no other term is linked to, and
/// that links to none, belongs with no one; a topic of its own each ("around Event (1 term)",
/// the same word three times in a box) made 42 of the Kubernetes glossary's 53 topics. They
/// are gathered in this one topic, drawn last, as a grid in slug order.
pub const UNLINKED: &str = "unlinked terms";

/// Topics and positions of every node of a graph.
#[derive(Debug, Clone, PartialEq)]
pub struct TopicMap {
    /// Per node, the index of its topic in `topics`.
    topic: Vec<u32>,
    /// Largest first; equal sizes in the order of their ids; the unlinked terms' topic last.
    topics: Vec<Topic>,
    /// Per node, the centre of its label box, in points, y growing upwards.
    position: Vec<(f64, f64)>,
    /// Per node, the width and height of its label box, in points.
    size: Vec<(f64, f64)>,
}

/// What the map is computed from: one entry per node, in node order.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The slug of each node (a topic's id).
    pub slugs: &'a [&'a str],
    /// The label of each node as maps draw it (the term).
    pub labels: &'a [&'a str],
    /// Undirected weighted edges between node indices; parallel edges add up.
    pub edges: &'a [(u32, u32, f64)],
}

/// Twelve colours that stay apart from one another on white and on dark backgrounds, for the
/// largest topics; the others go round the colour wheel by the golden angle ([`topic_color`]).
const PALETTE: [&str; 12] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f",
    "#ff9da7", "#86bcb6", "#d37295", "#a0cbe8",
];

/// The colour of the topic at `rank` (0: the largest), `#rrggbb`: the palette, then hues a
/// golden angle apart at 55 % saturation and lightness, so that neighbouring ranks differ.
pub fn topic_color(rank: usize) -> String {
    if let Some(color) = PALETTE.get(rank) {
        return (*color).to_owned();
    }
    // HSL to RGB with products and sums only: the same bytes on every platform.
    let hue = (rank as f64 * 137.508) % 360.0;
    let (s, l) = (0.55, 0.55);
    let c = (1.0 - (2.0 * l - 1.0_f64).abs()) * s;
    let h = hue / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// The modularity resolution: 1, Newman and Girvan's own.
const RESOLUTION: f64 = 1.0;

/// The font size of a term's label on a map, in points.
pub const LABEL_SIZE: f64 = 11.0;
/// The room left and right of a label inside its box, in points.
pub const LABEL_PADDING: f64 = 10.0;
/// The narrowest and the widest label box, in points: a longer label is cut to fit, with `…`.
pub const LABEL_WIDTHS: (f64, f64) = (36.0, 320.0);

/// The size of the box a label takes on a map, in points: its width in the maps' font at
/// [`LABEL_SIZE`] ([`font`], a table of its own, so that no installed font changes a box), with
/// [`LABEL_PADDING`] on each side.
pub fn label_box(label: &str) -> (f64, f64) {
    let text = font::width(label, LABEL_SIZE);
    (
        (text + 2.0 * LABEL_PADDING).clamp(LABEL_WIDTHS.0, LABEL_WIDTHS.1),
        24.0,
    )
}

/// What a term's box of `width` points shows of `label`: all of it, or its start and `…`
/// when it is longer than [`label_box`]'s widest box (the SVG and the pinned DOT alike).
///
/// A box is its label's width plus the padding, and taking the padding off again does not
/// always give the width back to the last bit (`28.127 + 20 - 20` is `28.126999…`): the room is
/// allowed a thousandth of a point more, so that a label is never cut in the box made for it
/// ("Ev…" for "Event").
pub fn shown_label(label: &str, width: f64) -> std::borrow::Cow<'_, str> {
    font::fit(
        label,
        LABEL_SIZE,
        width - 2.0 * LABEL_PADDING + 1e-3,
        font::Weight::Regular,
    )
}

/// The font size of a topic's title on a map, in points.
pub const TITLE_SIZE: f64 = 12.0;

/// The width a topic's title needs on top of its box, in points.
pub fn title_width(title: &str) -> f64 {
    font::width(title, TITLE_SIZE) + 2.0 * LABEL_PADDING
}

/// The room kept around a topic's terms inside its box, in points.
pub const TOPIC_MARGIN: f64 = 10.0;
/// The band above a topic's terms that holds its title, in points.
pub const TOPIC_LABEL: f64 = 22.0;

/// The title of a topic's box: its name and how many of its terms are drawn.
pub fn topic_title(name: &str, terms: usize) -> String {
    format!(
        "{name} ({terms} {})",
        if terms == 1 { "term" } else { "terms" }
    )
}

/// Places nodes `0..size.len()` (of `edges`, `topic` and `size`) as boxes in boxes:
/// each topic laid out on its own, from the links inside it, then the topics' boxes laid out
/// as the nodes of a graph whose links are the links between topics. No two topic boxes
/// overlap and no two labels do, so every topic reads as one group; the drawing of a topic
/// does not depend on the others ("group-in-a-box").
fn arrange(
    size: &[(f64, f64)],
    edges: &[(u32, u32, f64)],
    topic: &[u32],
    titles: &[String],
    grid: Option<u32>,
) -> Vec<(f64, f64)> {
    let n = size.len();
    if n == 0 {
        return Vec::new();
    }
    // The topics present, in the map's order, and each node's index inside its topic.
    let mut present: Vec<u32> = topic.to_vec();
    present.sort_unstable();
    present.dedup();
    let slot = |t: u32| present.binary_search(&t).expect("a topic of a node");
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); present.len()];
    let mut inner_index = vec![0u32; n];
    for v in 0..n {
        let group = &mut members[slot(topic[v])];
        inner_index[v] = group.len() as u32;
        group.push(v as u32);
    }
    let mut inner: Vec<Vec<(u32, u32, f64)>> = vec![Vec::new(); present.len()];
    let mut between: std::collections::BTreeMap<(u32, u32), f64> = Default::default();
    for &(a, b, w) in edges {
        let (a, b) = (a as usize, b as usize);
        if a >= n || b >= n || a == b {
            continue;
        }
        let (ta, tb) = (slot(topic[a]), slot(topic[b]));
        if ta == tb {
            inner[ta].push((inner_index[a], inner_index[b], w));
        } else {
            *between
                .entry((ta.min(tb) as u32, ta.max(tb) as u32))
                .or_default() += w;
        }
    }
    // Each topic on its own, the topics spread over the pool (a large topic also spreads its
    // own passes); the result of a topic never depends on which thread drew it.
    let options = layout_options();
    let one = |t: usize| -> Vec<(f64, f64)> {
        if grid == Some(present[t]) {
            let boxes: Vec<(f64, f64)> = members[t].iter().map(|&v| size[v as usize]).collect();
            return in_a_grid(&boxes, options.padding);
        }
        let boxes: Vec<layout::Node> = members[t]
            .iter()
            .map(|&v| {
                let (width, height) = size[v as usize];
                layout::Node { width, height }
            })
            .collect();
        let group = vec![0u32; boxes.len()];
        let threads = if boxes.len() > 5_000 {
            options.threads
        } else {
            1
        };
        layout::layout(
            &boxes,
            &inner[t],
            &group,
            &layout::Options {
                threads,
                ..options.clone()
            },
        )
    };
    let local: Vec<Vec<(f64, f64)>> = (0..present.len()).into_par_iter().map(one).collect();
    // Each topic's box: its terms' extent, a margin, and a band for its title on top.
    let mut boxes = Vec::with_capacity(present.len());
    let mut origin = Vec::with_capacity(present.len());
    for (t, places) in local.iter().enumerate() {
        let (mut lo, mut hi) = (
            (f64::INFINITY, f64::INFINITY),
            (f64::NEG_INFINITY, f64::NEG_INFINITY),
        );
        for (&v, &(x, y)) in members[t].iter().zip(places) {
            let (w, h) = size[v as usize];
            lo = (lo.0.min(x - w / 2.0), lo.1.min(y - h / 2.0));
            hi = (hi.0.max(x + w / 2.0), hi.1.max(y + h / 2.0));
        }
        let title = title_width(&titles[present[t] as usize]);
        let width = (hi.0 - lo.0 + 2.0 * TOPIC_MARGIN).max(title);
        let height = hi.1 - lo.1 + 2.0 * TOPIC_MARGIN + TOPIC_LABEL;
        boxes.push(layout::Node { width, height });
        // Where the topic's drawing sits inside its box, relative to the box's centre.
        origin.push((
            -(lo.0 + hi.0) / 2.0,
            -(lo.1 + hi.1) / 2.0 - TOPIC_LABEL / 2.0,
        ));
    }
    let between: Vec<(u32, u32, f64)> = between.into_iter().map(|((a, b), w)| (a, b, w)).collect();
    let centres = if boxes.len() == 1 {
        vec![(0.0, 0.0)]
    } else {
        let group: Vec<u32> = (0..boxes.len() as u32).collect();
        layout::layout(&boxes, &between, &group, &options)
    };
    let mut out = vec![(0.0, 0.0); n];
    for (t, places) in local.iter().enumerate() {
        let (cx, cy) = centres[t];
        let (ox, oy) = origin[t];
        for (&v, &(x, y)) in members[t].iter().zip(places) {
            out[v as usize] = (cx + ox + x, cy + oy + y);
        }
    }
    out
}

/// Places `boxes` (widths and heights, in points) as a table read down its columns, `gap`
/// points apart, each column as wide as its widest box and each box at the left of its cell:
/// terms with no link have no place to be near, and a table in their order reads as an index.
/// The number of columns is the one that makes the table's shape nearest to 3:2. Centres, y
/// growing upwards.
///
/// # Complexity
/// O(n) per number of columns tried, and at most 256 are tried.
fn in_a_grid(boxes: &[(f64, f64)], gap: f64) -> Vec<(f64, f64)> {
    let n = boxes.len();
    if n == 0 {
        return Vec::new();
    }
    let row = boxes.iter().map(|b| b.1).fold(0.0, f64::max) + gap;
    // The columns' widths for `columns` columns of `rows` boxes each.
    let widths = |rows: usize| -> Vec<f64> {
        boxes
            .chunks(rows)
            .map(|column| column.iter().map(|b| b.0).fold(0.0, f64::max) + gap)
            .collect()
    };
    let mut best: Option<(f64, usize)> = None;
    for columns in 1..=n.min(256) {
        let rows = n.div_ceil(columns);
        // The same rows with fewer columns: no need to try it twice.
        if columns > 1 && n.div_ceil(columns - 1) == rows {
            continue;
        }
        let width: f64 = widths(rows).iter().sum();
        let height = rows as f64 * row;
        let off = ((width / height) / 1.5).ln().abs();
        if best.is_none_or(|(b, _)| off < b) {
            best = Some((off, rows));
        }
    }
    let rows = best.map_or(n, |(_, rows)| rows);
    let mut out = Vec::with_capacity(n);
    let mut left = 0.0;
    for (column, width) in boxes.chunks(rows).zip(widths(rows)) {
        for (k, b) in column.iter().enumerate() {
            out.push((left + b.0 / 2.0, -(k as f64) * row));
        }
        left += width;
    }
    out
}

/// The layout's settings for maps: the tuned defaults, with more room than the layout needs
/// (a drawing three times the labels' area, 8 pt between labels), so that edges and arrows
/// between neighbouring terms stay visible.
fn layout_options() -> layout::Options {
    layout::Options {
        threads: crate::parallel::threads(),
        spread: 3.0,
        padding: 8.0,
        ..layout::Options::default()
    }
}

impl TopicMap {
    /// Finds the topics and lays the graph out.
    ///
    /// # Complexity
    /// Community detection is near-linear in the edges; the layout O(n log n) per iteration
    /// (see [`layout`]).
    pub fn new(input: Input<'_>) -> Self {
        let n = input.slugs.len();
        let graph = topics::Csr::from_edges(n, input.edges.iter().copied());
        let mut community = topics::communities(&graph, RESOLUTION);
        let unlinked = topics::gather_unlinked(&graph, &mut community);
        let centres = topics::centres(&graph, &community);
        // Order topics by size (largest first), then by id, and renumber the nodes' topics.
        let mut sizes = vec![0usize; centres.len()];
        for &c in &community {
            sizes[c as usize] += 1;
        }
        let mut order: Vec<usize> = (0..centres.len()).collect();
        let last = |c: usize| unlinked == Some(c as u32);
        order.sort_by(|&a, &b| {
            last(a)
                .cmp(&last(b))
                .then(sizes[b].cmp(&sizes[a]))
                .then_with(|| {
                    input.slugs[centres[a] as usize].cmp(input.slugs[centres[b] as usize])
                })
        });
        let mut rank = vec![0u32; centres.len()];
        for (r, &c) in order.iter().enumerate() {
            rank[c] = r as u32;
        }
        let topics: Vec<Topic> = order
            .iter()
            .enumerate()
            .map(|(r, &c)| {
                let centre = centres[c] as usize;
                Topic {
                    id: input.slugs[centre].to_owned(),
                    name: if last(c) {
                        UNLINKED.to_owned()
                    } else {
                        format!("around {}", input.labels[centre])
                    },
                    centre,
                    size: sizes[c],
                    color: topic_color(r),
                    unlinked: last(c),
                }
            })
            .collect();
        let topic: Vec<u32> = community.iter().map(|&c| rank[c as usize]).collect();
        let size: Vec<(f64, f64)> = input.labels.iter().map(|l| label_box(l)).collect();
        let titles: Vec<String> = topics
            .iter()
            .map(|t| topic_title(&t.name, t.size))
            .collect();
        let grid = topics.iter().position(|t| t.unlinked).map(|t| t as u32);
        let position = arrange(&size, input.edges, &topic, &titles, grid);
        Self {
            topic,
            topics,
            position,
            size,
        }
    }

    /// The topics, largest first.
    pub fn topics(&self) -> &[Topic] {
        &self.topics
    }

    /// The index in [`Self::topics`] of the topic of `node`.
    pub fn topic_index(&self, node: usize) -> usize {
        self.topic[node] as usize
    }

    /// The topic of `node`.
    pub fn topic_of(&self, node: usize) -> &Topic {
        &self.topics[self.topic[node] as usize]
    }

    /// The centre of the label box of `node`, in points, y growing upwards.
    pub fn position(&self, node: usize) -> (f64, f64) {
        self.position[node]
    }

    /// The width and height of the label box of `node`, in points.
    pub fn size(&self, node: usize) -> (f64, f64) {
        self.size[node]
    }

    /// How many nodes the map places.
    pub fn len(&self) -> usize {
        self.topic.len()
    }

    pub fn is_empty(&self) -> bool {
        self.topic.is_empty()
    }

    /// The smallest and largest x and y of the label boxes: `((min_x, min_y), (max_x, max_y))`.
    pub fn bounds(&self) -> ((f64, f64), (f64, f64)) {
        let mut lo = (f64::INFINITY, f64::INFINITY);
        let mut hi = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for (&(x, y), &(w, h)) in self.position.iter().zip(&self.size) {
            lo = (lo.0.min(x - w / 2.0), lo.1.min(y - h / 2.0));
            hi = (hi.0.max(x + w / 2.0), hi.1.max(y + h / 2.0));
        }
        if self.position.is_empty() {
            ((0.0, 0.0), (0.0, 0.0))
        } else {
            (lo, hi)
        }
    }
}

impl TopicMap {
    /// A layout of some of the nodes alone — `nodes` (indices into this map) with `edges`
    /// between them in local indices (`0..nodes.len()`) — keeping their topics together: the
    /// picture of a part of the glossary (a term's neighbourhood) that fills its own page.
    pub fn layout_of(&self, nodes: &[usize], edges: &[(u32, u32, f64)]) -> Vec<(f64, f64)> {
        let size: Vec<(f64, f64)> = nodes.iter().map(|&n| self.size[n]).collect();
        let topic: Vec<u32> = nodes.iter().map(|&n| self.topic[n]).collect();
        let mut count = vec![0usize; self.topics.len()];
        for &t in &topic {
            count[t as usize] += 1;
        }
        let titles: Vec<String> = self
            .topics
            .iter()
            .zip(&count)
            .map(|(t, &c)| topic_title(&t.name, c))
            .collect();
        let grid = self
            .topics
            .iter()
            .position(|t| t.unlinked)
            .map(|t| t as u32);
        arrange(&size, edges, &topic, &titles, grid)
    }
}

/// A coordinate or size written with two decimals: enough for a drawing, and the same text on
/// every platform (no exponent, no `-0`).
#[derive(Debug, Clone, Copy)]
pub struct Coordinate(pub f64);

impl Coordinate {
    /// The value, or 0 where it is not a finite number: no format glossgraph writes has a
    /// spelling for NaN or infinity (JSON has none at all), and a layout that divides by a
    /// zero spread must still give a file every reader accepts.
    pub fn finite(value: f64) -> f64 {
        if value.is_finite() {
            value
        } else {
            0.0
        }
    }
}

impl std::fmt::Display for Coordinate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rounded = (Self::finite(self.0) * 100.0).round() / 100.0;
        let value = if rounded == 0.0 { 0.0 } else { rounded };
        write!(f, "{value:.2}")
    }
}

/// The drawn size of a term with `links` links: hubs stand out, leaves stay readable.
pub fn node_size(links: usize) -> f64 {
    4.0 + 2.0 * (links as f64).sqrt()
}

/// `color` mixed with `with`, `percent` of the way, as `#rrggbb` (integer arithmetic: the same
/// bytes everywhere).
pub fn mix(color: &str, with: (u8, u8, u8), percent: u32) -> String {
    let (r, g, b) = rgb(color);
    let m = |c: u8, w: u8| (u32::from(c) * (100 - percent) + u32::from(w) * percent + 50) / 100;
    format!(
        "#{:02x}{:02x}{:02x}",
        m(r, with.0),
        m(g, with.1),
        m(b, with.2)
    )
}

/// A term's fill on the drawn maps (SVG, DOT): its topic's colour, lightened so that a black
/// label reads on it.
pub fn tint(color: &str) -> String {
    mix(color, (255, 255, 255), 55)
}

/// `#rrggbb` as its three bytes.
pub fn rgb(color: &str) -> (u8, u8, u8) {
    let byte = |i: usize| u8::from_str_radix(color.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    (byte(1), byte(3), byte(5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_that_are_not_numbers_are_written_as_zero() {
        for value in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(Coordinate(value).to_string(), "0.00");
        }
        assert_eq!(Coordinate(-0.001).to_string(), "0.00");
        assert_eq!(Coordinate(1.005_1).to_string(), "1.01");
    }

    fn map(slugs: &[&str], edges: &[(u32, u32, f64)]) -> TopicMap {
        TopicMap::new(Input {
            slugs,
            labels: slugs,
            edges,
        })
    }

    #[test]
    fn two_groups_make_two_topics_named_after_their_centres() {
        // A star around "a" and a triangle "x y z", joined by one link.
        let slugs = ["a", "b", "c", "d", "x", "y", "z"];
        let edges = [
            (0, 1, 1.0),
            (0, 2, 1.0),
            (0, 3, 1.0),
            (1, 2, 1.0),
            (4, 5, 1.0),
            (5, 6, 1.0),
            (4, 6, 1.0),
            (3, 4, 1.0),
        ];
        let m = map(&slugs, &edges);
        assert_eq!(m.topics().len(), 2);
        assert_eq!(m.topics()[0].id, "a");
        assert_eq!(m.topics()[0].name, "around a");
        assert_eq!(m.topics()[0].size, 4);
        assert_eq!(m.topic_of(2).id, "a");
        assert_eq!(m.topic_of(6).id, "x");
        assert_ne!(m.topics()[0].color, m.topics()[1].color);
    }

    #[test]
    fn terms_without_a_link_are_one_topic_laid_out_as_a_grid() {
        // A triangle, and twelve terms nothing links.
        let mut slugs = vec!["a", "b", "c"];
        let alone: Vec<String> = (0..12).map(|i| format!("alone-{i:02}")).collect();
        slugs.extend(alone.iter().map(String::as_str));
        let m = map(&slugs, &[(0, 1, 1.0), (1, 2, 1.0), (0, 2, 1.0)]);
        assert_eq!(m.topics().len(), 2);
        let last = &m.topics()[1];
        assert!(last.unlinked && !m.topics()[0].unlinked);
        assert_eq!((last.name.as_str(), last.size), (UNLINKED, 12));
        assert_eq!(last.id, "alone-00");
        assert_eq!(
            topic_title(&last.name, last.size),
            "unlinked terms (12 terms)"
        );
        // A table read down its columns: each column's boxes share a left edge, a column's
        // next box is one row down, and no two boxes overlap.
        let at: Vec<(f64, f64)> = (3..15).map(|v| m.position(v)).collect();
        let (width, height) = m.size(3);
        let left = |p: (f64, f64)| p.0 - width / 2.0;
        let mut columns: Vec<f64> = at.iter().map(|&p| left(p)).collect();
        columns.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
        assert!(columns.len() > 1 && columns.len() < 12, "{columns:?}");
        for pair in at.windows(2) {
            if (left(pair[0]) - left(pair[1])).abs() < 1e-9 {
                assert!(pair[0].1 - pair[1].1 >= height, "{pair:?}");
            }
        }
        for (i, p) in at.iter().enumerate() {
            for q in &at[i + 1..] {
                assert!((p.0 - q.0).abs() >= width || (p.1 - q.1).abs() >= height);
            }
        }
        // One term alone: "1 term".
        let m = map(&["a", "b", "z"], &[(0, 1, 1.0)]);
        let last = &m.topics()[1];
        assert_eq!(
            topic_title(&last.name, last.size),
            "unlinked terms (1 term)"
        );
    }

    #[test]
    fn the_same_graph_gives_the_same_map_whatever_the_edge_order() {
        let slugs: Vec<String> = (0..60).map(|i| format!("t{i:02}")).collect();
        let slugs: Vec<&str> = slugs.iter().map(String::as_str).collect();
        let mut edges: Vec<(u32, u32, f64)> = (0..60u32)
            .flat_map(|i| [(i, (i + 1) % 60, 1.0), (i, (i * 7 + 3) % 60, 2.0)])
            .filter(|(a, b, _)| a != b)
            .collect();
        let one = map(&slugs, &edges);
        edges.reverse();
        let other = map(&slugs, &edges);
        assert_eq!(one, other);
    }

    #[test]
    fn coordinates_are_fixed_decimals_without_negative_zero() {
        assert_eq!(Coordinate(-0.001).to_string(), "0.00");
        assert_eq!(Coordinate(12.3456).to_string(), "12.35");
        assert_eq!(Coordinate(-3.0).to_string(), "-3.00");
    }

    #[test]
    fn topic_colours_differ_and_are_hex() {
        let colours: Vec<String> = (0..40).map(topic_color).collect();
        for c in &colours {
            assert!(c.len() == 7 && c.starts_with('#'), "{c}");
        }
        for pair in colours.windows(2) {
            assert_ne!(pair[0], pair[1]);
        }
        assert_eq!(topic_color(0), "#4e79a7");
    }

    #[test]
    fn colours_mix_in_integers() {
        assert_eq!(mix("#000000", (255, 255, 255), 50), "#808080");
        assert_eq!(mix("#4e79a7", (255, 255, 255), 0), "#4e79a7");
        assert_eq!(mix("#4e79a7", (0, 0, 0), 100), "#000000");
    }

    #[test]
    fn a_label_is_whole_in_the_box_made_for_it() {
        // "Event" is 28.127 pt wide: its box of 48.127 pt gave back 28.126999… of room, and
        // the map showed "Ev…". Every label up to the widest box is shown whole.
        for label in [
            "Event",
            "CRI",
            "eBPF",
            "Hybrid Path Layer YBC1X",
            "µ Buffer Model OJ2Q0",
        ] {
            assert_eq!(shown_label(label, label_box(label).0), label);
        }
        for length in 1..=60 {
            for letter in ["i", "e", "W", "é", "語", "Kubernetes "] {
                let label: String = letter.repeat(length);
                let (width, _) = label_box(&label);
                if font::width(&label, LABEL_SIZE) + 2.0 * LABEL_PADDING <= LABEL_WIDTHS.1 {
                    assert_eq!(shown_label(&label, width), label.as_str());
                } else {
                    assert!(shown_label(&label, width).ends_with('…'), "{label}");
                }
            }
        }
    }

    #[test]
    fn colours_are_three_bytes() {
        assert_eq!(rgb("#4e79a7"), (0x4e, 0x79, 0xa7));
    }
}
