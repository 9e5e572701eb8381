//! The SVG glossgraph draws itself: the same bytes with and without Graphviz on the PATH,
//! and, read from the SVG's own geometry, no two terms overlapping, every label inside its
//! box, topic titles clear of the terms, no line or arrowhead over a word, every arrowhead of
//! a kind the same size, and on a large map the topics' names written across their islands,
//! large enough to read when the map fits a screen. (xmllint, librsvg and Python read it in
//! `consumers/svg.rs`.)

use std::path::{Path, PathBuf};

use quick_xml::events::Event;

use glossgraph::config::Config;
use glossgraph::export::drawing::{Cluster, Drawing, View};
use glossgraph::export::svg::draw;
use glossgraph::map::font;
use glossgraph::{check, load, Glossary};

use crate::util::fixtures::{checked, generated_jsonl, linked_in_texts, sample};
use crate::util::{glossgraph_command, root, scratch, stderr};

/// A rectangle on the page: left, top, width, height.
#[derive(Debug, Clone, Copy)]
struct Rect {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Rect {
    /// Whether the two rectangles share more than a hair of area.
    fn overlaps(&self, other: &Rect) -> bool {
        const HAIR: f64 = 0.01;
        self.x + self.w > other.x + HAIR
            && other.x + other.w > self.x + HAIR
            && self.y + self.h > other.y + HAIR
            && other.y + other.h > self.y + HAIR
    }

    fn contains(&self, other: &Rect) -> bool {
        other.x >= self.x - 0.01
            && other.y >= self.y - 0.01
            && other.x + other.w <= self.x + self.w + 0.01
            && other.y + other.h <= self.y + self.h + 0.01
    }
}

/// A text as drawn: its content, anchor point (middle of its baseline) and font size.
#[derive(Debug, Clone)]
struct Text {
    content: String,
    x: f64,
    y: f64,
    size: f64,
}

impl Text {
    /// The box the text takes, from the metrics the SVG was laid out with.
    fn extent(&self) -> Rect {
        let w = font::width(&self.content, self.size);
        Rect {
            x: self.x - w / 2.0,
            y: self.y - 0.72 * self.size,
            w,
            h: 0.72 * self.size,
        }
    }
}

/// What the tests read from an SVG glossgraph drew.
#[derive(Debug, Default)]
pub(crate) struct Geometry {
    /// The viewBox's width and height.
    pub(crate) size: (f64, f64),
    /// Each term: its slug, box and label.
    nodes: Vec<(String, Rect, Text)>,
    /// Each group's box.
    groups: Vec<Rect>,
    /// Each group's title, then each region name.
    titles: Vec<Text>,
    regions: Vec<Text>,
    /// Each link drawn.
    links: Vec<Line>,
    /// Each arrowhead defined, by its id.
    markers: std::collections::BTreeMap<String, Marker>,
}

/// A link as drawn: the class of its group (`related`, `supersedes`, `broader`, `term-links`),
/// its ends, its
/// `marker-end` (empty for none), its pieces (a line may leave gaps: each piece from its
/// start to its end) and its stroke's width.
#[derive(Debug)]
struct Line {
    class: String,
    from: (f64, f64),
    to: (f64, f64),
    marker: String,
    pieces: Vec<((f64, f64), (f64, f64))>,
    width: f64,
}

/// An arrowhead's `<marker>`: its viewBox (x, y, width, height), `markerWidth` and
/// `markerHeight`, whether its sizes are in the page's units (`userSpaceOnUse`) rather than
/// stroke widths (SVG's default), its `refX`/`refY`, the corners of its shape and the width
/// of the shape's own ring (0 for none), in the viewBox's units.
#[derive(Debug, Default, Clone)]
struct Marker {
    view: (f64, f64, f64, f64),
    size: (f64, f64),
    user_units: bool,
    reference: (f64, f64),
    shape: Vec<(f64, f64)>,
    ring: f64,
}

fn number(e: &quick_xml::events::BytesStart, name: &str) -> Option<f64> {
    let a = e.try_get_attribute(name).unwrap()?;
    String::from_utf8_lossy(&a.value).parse().ok()
}

fn attr(e: &quick_xml::events::BytesStart, name: &str) -> Option<String> {
    let a = e.try_get_attribute(name).unwrap()?;
    Some(a.unescape_value().unwrap().into_owned())
}

/// The points of a path's `d` made of absolute moves and lines (`M`, `L`, `z`), one run of
/// points per subpath.
fn points(d: &str) -> Vec<Vec<(f64, f64)>> {
    let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
    for run in d.split('M').filter(|r| !r.is_empty()) {
        let numbers: Vec<f64> = run
            .trim_end_matches('z')
            .split(['L', ','])
            .map(|v| v.parse().unwrap_or_else(|_| panic!("{v:?} in {d:?}")))
            .collect();
        runs.push(numbers.chunks(2).map(|p| (p[0], p[1])).collect());
    }
    runs
}

/// Reads the geometry of an SVG glossgraph drew.
pub(crate) fn geometry(svg: &Path) -> Geometry {
    let text = std::fs::read_to_string(svg).unwrap();
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut out = Geometry::default();
    // The classes of the open groups, the current node's slug and box, the open text.
    let mut groups: Vec<String> = Vec::new();
    let mut node: Option<(String, Option<Rect>)> = None;
    let mut open: Option<Text> = None;
    let mut sizes: Vec<f64> = Vec::new();
    // The stroke widths of the open groups; the marker being read.
    let mut strokes: Vec<f64> = Vec::new();
    let mut marker: Option<(String, Marker)> = None;
    loop {
        match reader.read_event().unwrap() {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == b"svg" => {
                let view: Vec<f64> = attr(&e, "viewBox")
                    .unwrap()
                    .split(' ')
                    .map(|v| v.parse().unwrap())
                    .collect();
                out.size = (view[2], view[3]);
            }
            Event::Start(e) if e.name().as_ref() == b"g" => {
                let class = attr(&e, "class").unwrap_or_default();
                if class == "node" {
                    node = Some((attr(&e, "data-slug").unwrap(), None));
                }
                sizes.push(number(&e, "font-size").unwrap_or(*sizes.last().unwrap_or(&0.0)));
                strokes.push(number(&e, "stroke-width").unwrap_or(*strokes.last().unwrap_or(&1.0)));
                groups.push(class);
            }
            Event::End(e) if e.name().as_ref() == b"g" => {
                if groups.pop().as_deref() == Some("node") {
                    node = None;
                }
                sizes.pop();
                strokes.pop();
            }
            Event::Start(e) if e.name().as_ref() == b"marker" => {
                let numbers = |name: &str| -> Vec<f64> {
                    attr(&e, name)
                        .unwrap_or_default()
                        .split(' ')
                        .filter_map(|v| v.parse().ok())
                        .collect()
                };
                let view = numbers("viewBox");
                let m = Marker {
                    view: (view[0], view[1], view[2], view[3]),
                    // SVG's defaults: 3 by 3, in stroke widths.
                    size: (
                        number(&e, "markerWidth").unwrap_or(3.0),
                        number(&e, "markerHeight").unwrap_or(3.0),
                    ),
                    user_units: attr(&e, "markerUnits").as_deref() == Some("userSpaceOnUse"),
                    reference: (
                        number(&e, "refX").unwrap_or(0.0),
                        number(&e, "refY").unwrap_or(0.0),
                    ),
                    ..Marker::default()
                };
                marker = Some((attr(&e, "id").unwrap(), m));
            }
            Event::Empty(e) if e.name().as_ref() == b"path" && marker.is_some() => {
                let (_, m) = marker.as_mut().unwrap();
                m.shape = points(&attr(&e, "d").unwrap())
                    .into_iter()
                    .flatten()
                    .collect();
                if attr(&e, "stroke").is_some_and(|s| s != "none") {
                    m.ring = number(&e, "stroke-width").unwrap_or(1.0);
                }
            }
            Event::End(e) if e.name().as_ref() == b"marker" => {
                let (id, m) = marker.take().unwrap();
                out.markers.insert(id, m);
            }
            Event::Empty(e) if e.name().as_ref() == b"rect" => {
                let rect = Rect {
                    x: number(&e, "x").unwrap_or(0.0),
                    y: number(&e, "y").unwrap_or(0.0),
                    w: number(&e, "width").unwrap(),
                    h: number(&e, "height").unwrap(),
                };
                if let Some((_, place)) = node.as_mut() {
                    *place = Some(rect);
                } else if attr(&e, "class").as_deref() == Some("topic") {
                    out.groups.push(rect);
                }
            }
            Event::Empty(e) if e.name().as_ref() == b"path" && node.is_none() => {
                let class = groups.last().cloned().unwrap_or_default();
                if ["related", "supersedes", "broader", "term-links"].contains(&class.as_str()) {
                    let mut pieces = Vec::new();
                    for run in points(&attr(&e, "d").unwrap()) {
                        pieces.extend(run.windows(2).map(|w| (w[0], w[1])));
                    }
                    let marker = attr(&e, "marker-end").unwrap_or_default();
                    out.links.push(Line {
                        class,
                        from: pieces[0].0,
                        to: pieces.last().unwrap().1,
                        marker,
                        pieces,
                        width: number(&e, "stroke-width").unwrap_or(*strokes.last().unwrap()),
                    });
                }
            }
            Event::Start(e) if e.name().as_ref() == b"text" => {
                open = Some(Text {
                    content: String::new(),
                    x: number(&e, "x").unwrap(),
                    y: number(&e, "y").unwrap(),
                    size: number(&e, "font-size").unwrap_or(*sizes.last().unwrap()),
                });
            }
            Event::Text(t) => {
                if let Some(text) = open.as_mut() {
                    text.content.push_str(&t.unescape().unwrap());
                }
            }
            Event::End(e) if e.name().as_ref() == b"text" => {
                let text = open.take().unwrap();
                match (node.as_ref(), groups.last().map(String::as_str)) {
                    (Some((slug, Some(rect))), _) => out.nodes.push((slug.clone(), *rect, text)),
                    (None, Some("titles")) => out.titles.push(text),
                    (None, Some("regions")) => out.regions.push(text),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    out
}

/// What every drawing must hold, and where this one does not: no two terms' boxes overlap;
/// each label lies inside its box; no group title covers a term; no word covers another;
/// region names lie inside an island and on the page, apart. Each fault a sentence.
fn faults(g: &Geometry) -> Vec<String> {
    let mut out = Vec::new();
    let mut boxes: Vec<(Rect, &str)> = g.nodes.iter().map(|(s, r, _)| (*r, s.as_str())).collect();
    boxes.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
    for (i, (a, slug)) in boxes.iter().enumerate() {
        for (b, other) in &boxes[i + 1..] {
            if b.x >= a.x + a.w {
                break;
            }
            if a.overlaps(b) {
                out.push(format!("{slug} and {other} overlap"));
            }
        }
    }
    for (slug, rect, label) in &g.nodes {
        if !rect.contains(&label.extent()) {
            out.push(format!("the label of {slug} leaves its box"));
        }
    }
    for word in g.titles.iter().chain(&g.regions) {
        for (slug, rect, _) in &g.nodes {
            if word.extent().overlaps(rect) {
                out.push(format!("{:?} covers {slug}", word.content));
            }
        }
    }
    for (a, b) in words_over_words(g) {
        out.push(format!("{a:?} and {b:?} cover one another"));
    }
    out.extend(lines_over_words(g));
    for (class, sizes) in head_sizes(g) {
        if sizes.len() > 1 {
            out.push(format!(
                "the {class} arrowheads have {} sizes: {sizes:?}",
                sizes.len()
            ));
        }
    }
    let page = Rect {
        x: 0.0,
        y: 0.0,
        w: g.size.0,
        h: g.size.1,
    };
    for (i, region) in g.regions.iter().enumerate() {
        let extent = region.extent();
        // A region name lies inside an island (a group's box).
        if !g.groups.iter().any(|island| island.contains(&extent)) {
            out.push(format!(
                "the region name {:?} leaves its island",
                region.content
            ));
        }
        if !page.contains(&extent) {
            out.push(format!(
                "the region name {:?} leaves the page",
                region.content
            ));
        }
        for other in &g.regions[i + 1..] {
            if extent.overlaps(&other.extent()) {
                out.push(format!(
                    "the region names {:?} and {:?} overlap",
                    region.content, other.content
                ));
            }
        }
    }
    out
}

/// Asserts that the drawing has none of the [`faults`].
fn assert_legible(g: &Geometry, name: &str) {
    let faults = faults(g);
    assert!(
        faults.is_empty(),
        "{name}: {} faults, the first {:#?}",
        faults.len(),
        &faults[..faults.len().min(20)]
    );
}

/// Runs `glossgraph export` of the sample into a fresh folder, with `path` as the PATH.
fn export_sample(dir: &Path, path: &str) -> PathBuf {
    let out = dir.join("exports");
    let run = glossgraph_command()
        .args(["export", "--out", out.to_str().unwrap()])
        .env("PATH", path)
        .output()
        .expect("the glossgraph binary runs");
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(!stderr(&run).contains("skipped"), "{}", stderr(&run));
    out.join("glossary.svg")
}

#[test]
fn the_export_draws_the_same_svg_with_and_without_graphviz() {
    let dir = scratch("svg", "no-graphviz");
    let empty = dir.join("empty-path");
    std::fs::create_dir_all(&empty).unwrap();
    let without = export_sample(&dir.join("without"), empty.to_str().unwrap());
    let with = export_sample(&dir.join("with"), &std::env::var("PATH").unwrap());
    let bytes = std::fs::read(&without).unwrap();
    assert_eq!(bytes, std::fs::read(&with).unwrap());
    // And the committed one: no machine's fonts or Graphviz in it.
    assert_eq!(
        bytes,
        std::fs::read(root().join("exports/glossary.svg")).unwrap()
    );
    assert!(!String::from_utf8_lossy(&bytes).contains("graphviz"));
}

#[test]
fn the_sample_svg_is_legible() {
    let svg = root().join("exports/glossary.svg");
    let g = geometry(&svg);
    let glossary = sample().0;
    assert_eq!(g.nodes.len(), glossary.cards().len());
    assert_legible(&g, "sample");
    assert_eq!(needless_cuts(&g, &glossary), []);
}

/// Issue 50: on the sample's map, no line or arrowhead runs over a word (a topic's title, a
/// term's label), and the `supersedes` arrows between close terms, inside a topic, have the
/// same head as the longer ones between topics.
#[test]
fn issue_50_no_line_over_a_word_and_one_head_per_kind_on_the_sample() {
    let g = geometry(&root().join("exports/glossary.svg"));
    assert_eq!(lines_over_words(&g), Vec::<String>::new());
    let sizes = head_sizes(&g);
    assert!(sizes.contains_key("supersedes"), "{sizes:?}");
    for (class, sizes) in &sizes {
        assert_eq!(sizes.len(), 1, "{class}: {sizes:?}");
    }
    // Some line runs through the space of a title band, or the test would prove nothing.
    assert!(g.links.len() > 50);
}

/// A generated glossary of 2,000 terms and its SVG in `dir`, drawn as `export` and `render`
/// draw it: a box per topic.
pub fn map_of_2000_terms(dir: &Path) -> (Glossary, PathBuf) {
    let (glossary, config) = checked("2000.jsonl", &generated_jsonl(2000));
    let svg = dir.join("map.svg");
    let mut out = Vec::new();
    let view = View {
        cluster: Cluster::Topic,
        ..View::default()
    };
    draw::write(
        &Drawing::select(&glossary, &config, &view).unwrap(),
        &mut out,
    )
    .unwrap();
    std::fs::write(&svg, &out).unwrap();
    (glossary, svg)
}

#[test]
fn a_generated_2000_term_map_keeps_its_terms_apart_and_names_its_topics() {
    let (glossary, svg) = map_of_2000_terms(&scratch("svg", "generated-2000"));
    let g = geometry(&svg);
    assert_eq!(g.nodes.len(), 2000);
    assert_legible(&g, "2000 terms");
    assert_eq!(needless_cuts(&g, &glossary), []);
    // The region names are at least twice the titles' size, so that they read from further
    // out than the titles, and the largest topic has one.
    assert!(!g.regions.is_empty(), "no topic named across its island");
    for region in &g.regions {
        assert!(region.size >= 24.0, "{region:?}");
    }
    let topics = glossary.map().topics();
    // Each island is named after its topic's centre term.
    let largest = glossary
        .card(petgraph::graph::NodeIndex::new(topics[0].centre))
        .unwrap()
        .term();
    assert!(
        g.regions.iter().any(|r| r.content == largest),
        "{largest} has no region name: {:?}",
        g.regions
    );
}

#[test]
fn a_focused_view_has_its_whole_title_and_the_legend_shows_only_its_topics() {
    let (glossary, config) = sample();
    for depth in [0, 1, 2] {
        let view = View {
            focus: Some("roce-v2".into()),
            depth,
            cluster: Cluster::Topic,
            ..View::default()
        };
        let mut out = Vec::new();
        draw::write(
            &Drawing::select(&glossary, &config, &view).unwrap(),
            &mut out,
        )
        .unwrap();
        let svg = String::from_utf8(out).unwrap();
        let width: f64 = svg
            .split("viewBox=\"0 0 ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .unwrap()
            .parse()
            .unwrap();
        // The bold title is whole, and on the page as Helvetica Bold measures it.
        let title = svg
            .split("font-weight=\"bold\">")
            .nth(1)
            .and_then(|rest| rest.split('<').next())
            .unwrap();
        assert!(title.starts_with("RoCEv2: terms within"), "{title}");
        assert!(!title.ends_with('…'), "depth {depth}: {title}");
        let right = 16.0 + font::width_in(title, 16.0, font::Weight::Bold);
        assert!(
            right <= width,
            "depth {depth}: {title} ends at {right} on {width}"
        );
        // The legend's topic swatches are colours the terms drawn have.
        let fills = |marker: &str| -> std::collections::BTreeSet<String> {
            svg.split(marker)
                .skip(1)
                .map(|rest| rest.split("fill=\"").nth(1).unwrap()[..7].to_owned())
                .collect()
        };
        let swatches = fills("width=\"8\" height=\"12\"");
        let terms = fills("<g class=\"node\"");
        assert!(!swatches.is_empty(), "depth {depth}: no swatch");
        assert!(
            swatches.is_subset(&terms),
            "depth {depth}: {swatches:?} not among {terms:?}"
        );
    }
}

/// The words of a map that cover one another: every pair of texts (term labels, topic
/// titles, region names) whose boxes share area, as the texts' contents.
fn words_over_words(g: &Geometry) -> Vec<(String, String)> {
    let mut words: Vec<(Rect, &str)> = g
        .nodes
        .iter()
        .map(|(_, _, label)| label)
        .chain(&g.titles)
        .chain(&g.regions)
        .map(|t| (t.extent(), t.content.as_str()))
        .collect();
    words.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
    let mut out = Vec::new();
    for (i, (a, text)) in words.iter().enumerate() {
        for (b, other) in &words[i + 1..] {
            if b.x >= a.x + a.w {
                break;
            }
            if a.overlaps(b) {
                out.push(((*text).to_owned(), (*other).to_owned()));
            }
        }
    }
    out
}

/// The arrowhead at the end of `line` as drawn: the corners of its shape on the page and the
/// half-width of its ring (0 for none); `None` for a line without a head. The marker's
/// viewBox is fitted into `markerWidth` × `markerHeight` keeping its proportions (SVG's
/// `xMidYMid meet`), counted in stroke widths unless `markerUnits` is `userSpaceOnUse`, its
/// `refX`/`refY` on the line's end and turned along its last piece (`orient="auto"`).
fn head(g: &Geometry, line: &Line) -> Option<(Vec<(f64, f64)>, f64)> {
    let id = line.marker.strip_prefix("url(#")?.strip_suffix(')')?;
    let m = &g.markers[id];
    let units = if m.user_units { 1.0 } else { line.width };
    let k = (m.size.0 / m.view.2).min(m.size.1 / m.view.3) * units;
    let (a, b) = *line.pieces.last()?;
    let (sin, cos) = (b.1 - a.1).atan2(b.0 - a.0).sin_cos();
    let corners = m
        .shape
        .iter()
        .map(|&(px, py)| {
            let (x, y) = ((px - m.reference.0) * k, (py - m.reference.1) * k);
            (b.0 + x * cos - y * sin, b.1 + x * sin + y * cos)
        })
        .collect();
    Some((corners, m.ring * k / 2.0))
}

/// Whether the segment from `a` to `b` runs through `r` (more than a hair inside it).
fn crosses((x0, y0): (f64, f64), (x1, y1): (f64, f64), r: &Rect) -> bool {
    const HAIR: f64 = 0.01;
    let (dx, dy) = (x1 - x0, y1 - y0);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    // Liang–Barsky: each side of the box cuts the segment's parameter range.
    for (p, q) in [
        (-dx, x0 - (r.x + HAIR)),
        (dx, r.x + r.w - HAIR - x0),
        (-dy, y0 - (r.y + HAIR)),
        (dy, r.y + r.h - HAIR - y0),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else if p < 0.0 {
            t0 = t0.max(q / p);
        } else {
            t1 = t1.min(q / p);
        }
    }
    t0 < t1
}

/// The lines and arrowheads drawn over a word, each a sentence: every piece of a line and
/// the outline of its head (with its ring) against the boxes of the topics' titles and names
/// (drawn over the lines, which would still show between their letters) and, for the arrows,
/// drawn over the terms, the terms' labels; a `related` line runs under the terms' boxes,
/// which hide it from their labels.
fn lines_over_words(g: &Geometry) -> Vec<String> {
    let over_all: Vec<&Text> = g.titles.iter().chain(&g.regions).collect();
    let labels: Vec<&Text> = g.nodes.iter().map(|(_, _, label)| label).collect();
    let mut out = Vec::new();
    for line in &g.links {
        let under = line.class == "related" || line.class == "term-links";
        let words = over_all
            .iter()
            .chain(if under { &[][..] } else { &labels[..] });
        let head = head(g, line);
        for word in words {
            let extent = word.extent();
            if line.pieces.iter().any(|&(a, b)| crosses(a, b, &extent)) {
                out.push(format!(
                    "the {} line {:?} → {:?} runs over {:?}",
                    line.class, line.from, line.to, word.content
                ));
            }
            if let Some((corners, ring)) = &head {
                let grown = Rect {
                    x: extent.x - ring,
                    y: extent.y - ring,
                    w: extent.w + 2.0 * ring,
                    h: extent.h + 2.0 * ring,
                };
                let n = corners.len();
                let centre = (grown.x + grown.w / 2.0, grown.y + grown.h / 2.0);
                if (0..n).any(|i| crosses(corners[i], corners[(i + 1) % n], &grown))
                    || inside(centre, corners)
                {
                    out.push(format!(
                        "the head of the {} line to {:?} covers {:?}",
                        line.class, line.to, word.content
                    ));
                }
            }
        }
    }
    out
}

/// Whether `p` lies inside the convex polygon `corners`.
fn inside(p: (f64, f64), corners: &[(f64, f64)]) -> bool {
    let n = corners.len();
    let side = |i: usize| {
        let (a, b) = (corners[i], corners[(i + 1) % n]);
        (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
    };
    n >= 3 && ((0..n).all(|i| side(i) > 0.0) || (0..n).all(|i| side(i) < 0.0))
}

/// The sizes of the arrowheads drawn, by kind of link: each head's length along its line and
/// width across it, ring included, in hundredths of a point.
fn head_sizes(
    g: &Geometry,
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<(i64, i64)>> {
    let mut out: std::collections::BTreeMap<_, std::collections::BTreeSet<_>> = Default::default();
    for line in &g.links {
        let Some((corners, ring)) = head(g, line) else {
            continue;
        };
        let (a, b) = *line.pieces.last().unwrap();
        let length = (b.0 - a.0).hypot(b.1 - a.1);
        let (ux, uy) = ((b.0 - a.0) / length, (b.1 - a.1) / length);
        let spread = |f: &dyn Fn(&(f64, f64)) -> f64| {
            let values: Vec<f64> = corners.iter().map(f).collect();
            let (lo, hi) = values
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                    (lo.min(*v), hi.max(*v))
                });
            ((hi - lo + 2.0 * ring) * 100.0).round() as i64
        };
        let along = spread(&|p| p.0 * ux + p.1 * uy);
        let across = spread(&|p| p.1 * ux - p.0 * uy);
        out.entry(line.class.clone())
            .or_default()
            .insert((along, across));
    }
    out
}

/// The labels cut although the widest box would hold the term whole, and the labels cut to
/// under 15 characters, as (slug, label shown).
fn needless_cuts(g: &Geometry, glossary: &glossgraph::Glossary) -> Vec<(String, String)> {
    let terms: std::collections::BTreeMap<&str, &str> = glossary
        .cards()
        .iter()
        .map(|c| (c.slug(), c.term()))
        .collect();
    let widest = glossgraph::map::LABEL_WIDTHS.1 - 2.0 * glossgraph::map::LABEL_PADDING;
    g.nodes
        .iter()
        .filter(|(slug, _, label)| {
            let shown = &label.content;
            let term = terms.get(slug.as_str()).copied().unwrap_or(slug);
            shown.ends_with('…')
                && (font::width(term, glossgraph::map::LABEL_SIZE) <= widest
                    || shown.chars().count() < 15)
        })
        .map(|(slug, _, label)| (slug.clone(), label.content.clone()))
        .collect()
}

/// Cards of terms nothing links, with the short names real glossaries have (Kubernetes'
/// "Event", CNCF's "eBPF"), as JSON Lines.
fn unlinked_cards(count: usize) -> String {
    const NAMES: [&str; 12] = [
        "Event",
        "CRI",
        "eBPF",
        "Pod",
        "Node",
        "Ägyptologie",
        "Certificate",
        "Portability",
        "Kubernetes",
        "cAdvisor",
        "Container",
        "Ingress",
    ];
    (0..count)
        .map(|i| {
            let term = format!("{} {i}", NAMES[i % NAMES.len()]);
            let slug = format!("alone-{i:03}");
            format!(
                "{{\"slug\":\"{slug}\",\"term\":\"{term}\",\"definition\":\"{term} is a term nothing links to.\"}}\n"
            )
        })
        .collect()
}

/// Issue 50: on a generated 2,000-term glossary with 120 short terms nothing links (as the
/// Kubernetes glossary has), drawn as `export` draws it, no word covers another, no label is
/// cut that the widest box holds, and the unlinked terms are one topic laid out as a grid.
#[test]
fn issue_50_no_word_over_another_and_labels_whole_with_unlinked_terms() {
    let dir = scratch("svg", "issue-50");
    let cards = generated_jsonl(2000) + &unlinked_cards(120);
    let (glossary, config) = checked("2120.jsonl", &cards);
    let view = View {
        cluster: Cluster::Topic,
        ..View::default()
    };
    let mut out = Vec::new();
    draw::write(
        &Drawing::select(&glossary, &config, &view).unwrap(),
        &mut out,
    )
    .unwrap();
    let svg = dir.join("map.svg");
    std::fs::write(&svg, &out).unwrap();
    let g = geometry(&svg);
    assert_eq!(g.nodes.len(), 2120);
    assert_eq!(words_over_words(&g), []);
    assert_eq!(needless_cuts(&g, &glossary), []);
    assert_legible(&g, "2,000 terms and 120 unlinked");
    // One topic of the unlinked terms, titled with their number, last.
    let topics = glossary.map().topics();
    let last = topics.last().unwrap();
    assert!(last.unlinked && topics.iter().filter(|t| t.unlinked).count() == 1);
    assert_eq!(last.size, 120);
    let svg = String::from_utf8(out).unwrap();
    assert!(
        svg.contains(">unlinked terms (120 terms)</text>"),
        "no title for the unlinked terms"
    );
    assert!(!svg.contains("(1 terms)"));
    // Laid out as a table: its terms' left edges take few distinct values (its columns).
    let mut lefts: Vec<i64> = g
        .nodes
        .iter()
        .filter(|(slug, _, _)| slug.starts_with("alone-"))
        .map(|(_, rect, _)| (rect.x * 100.0).round() as i64)
        .collect();
    lefts.sort_unstable();
    lefts.dedup();
    assert!(
        lefts.len() > 1 && lefts.len() <= 20,
        "{} columns",
        lefts.len()
    );
}

/// Measures the maps of the glossaries named in `GLOSSGRAPH_MAPS` (paths as `PATH` writes
/// them: folders of cards or JSON Lines files), drawn by `glossgraph render` as the export
/// draws them: terms, words, pairs of words over one another, labels cut, cut under 15
/// characters and cut needlessly, and the other [`faults`]. The figures of BENCHMARKS.md's
/// real glossaries; the tests above hold the shapes that once failed.
#[test]
#[ignore = "measures the glossaries named in GLOSSGRAPH_MAPS (BENCHMARKS.md, Topic maps)"]
fn measure_the_maps_of_glossaries_named_in_glossgraph_maps() {
    let paths = std::env::var_os("GLOSSGRAPH_MAPS").expect("GLOSSGRAPH_MAPS names glossaries");
    let dir = scratch("svg", "measured");
    println!("| glossary | terms | words | words over another | labels cut | cut under 15 | cut needlessly | lines over words (heads) | head sizes per kind | other faults |");
    for (i, input) in std::env::split_paths(&paths).enumerate() {
        let loaded = load::Input::Path(input.clone());
        let config = Config::resolve(loaded.config_dir().as_deref(), Default::default()).unwrap();
        let glossary =
            check::check(load::load(&loaded).unwrap(), &config, Default::default()).glossary;
        let svg = dir.join(format!("{i}.svg"));
        let run = glossgraph_command()
            .args([
                "render",
                input.to_str().unwrap(),
                "--output",
                svg.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert!(run.status.success(), "{}", stderr(&run));
        let g = geometry(&svg);
        let words = g.nodes.len() + g.titles.len() + g.regions.len();
        let over = words_over_words(&g);
        let cut = g
            .nodes
            .iter()
            .filter(|(_, _, l)| l.content.ends_with('…'))
            .count();
        let short = g
            .nodes
            .iter()
            .filter(|(_, _, l)| l.content.ends_with('…') && l.content.chars().count() < 15)
            .count();
        let needless = needless_cuts(&g, &glossary);
        let crossing = lines_over_words(&g);
        let heads = crossing
            .iter()
            .filter(|f| f.starts_with("the head"))
            .count();
        let sizes = head_sizes(&g);
        let mixed = sizes.values().filter(|s| s.len() > 1).count();
        let other = faults(&g).len() - over.len() - crossing.len() - mixed;
        println!(
            "| {} | {} | {words} | {} | {cut} | {short} | {} | {} ({heads}) | {} | {other} |",
            input.display(),
            g.nodes.len(),
            over.len(),
            needless.len(),
            crossing.len(),
            sizes
                .iter()
                .map(|(class, s)| format!("{class} {}", s.len()))
                .collect::<Vec<_>>()
                .join(", ")
        );
        for (a, b) in over.iter().take(10) {
            println!("    over: {a:?} / {b:?}");
        }
        for (slug, shown) in needless.iter().take(10) {
            println!("    cut: {slug} as {shown:?}");
        }
        for fault in faults(&g).iter().take(10) {
            println!("    fault: {fault}");
        }
    }
}

/// The term whose box's border runs through `point` (within the SVG's rounding), if one does.
fn term_at_border(g: &Geometry, (x, y): (f64, f64)) -> Option<&str> {
    const NEAR: f64 = 0.02;
    g.nodes.iter().find_map(|(slug, r, _)| {
        let inside =
            x >= r.x - NEAR && x <= r.x + r.w + NEAR && y >= r.y - NEAR && y <= r.y + r.h + NEAR;
        let edge = (x - r.x).abs() <= NEAR
            || (x - r.x - r.w).abs() <= NEAR
            || (y - r.y).abs() <= NEAR
            || (y - r.y - r.h).abs() <= NEAR;
        (inside && edge).then_some(slug.as_str())
    })
}

/// Issues 48 and 50: the export's map of a three-level hierarchy draws each `broader` link
/// once, as an arrow with the hollow head from the narrower term's border to the broader's,
/// apart from the dashed `related` lines and explained in the legend; and it stays legible.
#[test]
fn broader_links_are_hollow_headed_arrows_from_the_narrower_term_to_the_broader() {
    let (_, glossary, _) = crate::util::fixtures::classification();
    let svg = crate::broader::exported_file("glossary.svg");
    let g = geometry(&svg);
    assert_eq!(g.nodes.len(), glossary.cards().len());
    assert_legible(&g, "classification");
    assert_eq!(words_over_words(&g), []);
    assert_eq!(needless_cuts(&g, &glossary), []);
    let mut drawn = Vec::new();
    for Line {
        class,
        from,
        to,
        marker,
        ..
    } in &g.links
    {
        match class.as_str() {
            "broader" => {
                assert!(marker == "url(#broader)", "{marker}");
                let end = |p| term_at_border(&g, p).unwrap_or_else(|| panic!("{p:?}"));
                drawn.push((end(*from).to_owned(), end(*to).to_owned()));
            }
            "related" => assert_eq!(marker, "", "a related line has no head"),
            other => panic!("a {other} link in a glossary without supersedes"),
        }
    }
    drawn.sort();
    let tree: Vec<(String, String)> = crate::broader::tree_of(&glossary).into_keys().collect();
    assert_eq!(drawn, tree);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(">broader (narrower → broader)</text>"));
    assert!(text.contains("<marker id=\"broader\""));
}

/// Draws the whole of `glossary` as glossgraph's SVG into `path`; returns its bytes.
pub(crate) fn drawn_svg(glossary: &Glossary, config: &Config, path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    let view = View::default();
    draw::write(&Drawing::select(glossary, config, &view).unwrap(), &mut out).unwrap();
    std::fs::write(path, &out).unwrap();
    out
}

/// Issue 60: the map of a glossary linked only in its texts draws each term link once, a
/// light arrow under the terms from the linking term's border to the linked's, every head of
/// one size and smaller than a `supersedes` head, explains them in its legend and stays
/// legible; the sample's map, which has none, neither draws nor explains one.
#[test]
fn term_links_are_light_arrows_from_the_linking_term_to_the_linked() {
    let (_, glossary, config) = linked_in_texts();
    let svg = scratch("svg", "term-links").join("map.svg");
    let out = drawn_svg(&glossary, &config, &svg);
    let g = geometry(&svg);
    assert_eq!(g.nodes.len(), 6);
    assert_legible(&g, "term links");
    let mut drawn = Vec::new();
    for line in &g.links {
        assert_eq!(line.class, "term-links", "{line:?}");
        assert_eq!(line.marker, "url(#term-link)");
        assert!(
            line.width < 1.0,
            "thinner than a related line: {}",
            line.width
        );
        let end = |p| term_at_border(&g, p).unwrap_or_else(|| panic!("{p:?}"));
        drawn.push((end(line.from).to_owned(), end(line.to).to_owned()));
    }
    drawn.sort();
    let slug = |i: u32| glossary.cards()[i as usize].slug().to_owned();
    let mut expected: Vec<(String, String)> = glossary
        .text_links()
        .iter()
        .map(|&(a, b)| (slug(a), slug(b)))
        .collect();
    expected.sort();
    assert_eq!(drawn, expected);
    let sizes = head_sizes(&g);
    assert_eq!(sizes["term-links"].len(), 1, "{sizes:?}");
    let sample = geometry(&root().join("exports/glossary.svg"));
    let (small, large) = (
        sizes["term-links"].first().unwrap(),
        head_sizes(&sample)["supersedes"].first().copied().unwrap(),
    );
    assert!(
        small.0 < large.0 && small.1 < large.1,
        "{small:?} {large:?}"
    );
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(">term link (linking → linked)</text>"));
    let sample = std::fs::read_to_string(root().join("exports/glossary.svg")).unwrap();
    assert!(!sample.contains("term-link") && !sample.contains("term link"));
}
