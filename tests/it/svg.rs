//! The SVG glossgraph draws itself: the same bytes with and without Graphviz on the PATH,
//! read by xmllint and librsvg (`rsvg-convert`), every term with its label, link and tooltip,
//! and, read from the SVG's own geometry, no two terms overlapping, every label inside its
//! box, topic titles clear of the terms, and on a large map the topics' names written across
//! their islands, large enough to read when the map fits a screen.

use glossgraph::card::markdown::plain;
use std::path::{Path, PathBuf};

use quick_xml::events::Event;

use glossgraph::export::dot::{concept_iri, Cluster, View};
use glossgraph::export::svg::draw;
use glossgraph::map::font;

use crate::dot::{glossgraph, stderr, svg_nodes};
use crate::graphml::{checked, generated_jsonl, hostile, root, sample, scratch, tool};

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
struct Geometry {
    /// The viewBox's width and height.
    size: (f64, f64),
    /// Each term: its slug, box and label.
    nodes: Vec<(String, Rect, Text)>,
    /// Each group's box.
    groups: Vec<Rect>,
    /// Each group's title, then each region name.
    titles: Vec<Text>,
    regions: Vec<Text>,
}

fn number(e: &quick_xml::events::BytesStart, name: &str) -> Option<f64> {
    let a = e.try_get_attribute(name).unwrap()?;
    String::from_utf8_lossy(&a.value).parse().ok()
}

fn attr(e: &quick_xml::events::BytesStart, name: &str) -> Option<String> {
    let a = e.try_get_attribute(name).unwrap()?;
    Some(a.unescape_value().unwrap().into_owned())
}

/// Reads the geometry of an SVG glossgraph drew.
fn geometry(svg: &Path) -> Geometry {
    let text = std::fs::read_to_string(svg).unwrap();
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut out = Geometry::default();
    // The classes of the open groups, the current node's slug and box, the open text.
    let mut groups: Vec<String> = Vec::new();
    let mut node: Option<(String, Option<Rect>)> = None;
    let mut open: Option<Text> = None;
    let mut sizes: Vec<f64> = Vec::new();
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
                groups.push(class);
            }
            Event::End(e) if e.name().as_ref() == b"g" => {
                if groups.pop().as_deref() == Some("node") {
                    node = None;
                }
                sizes.pop();
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

/// Asserts what every drawing must hold: no two terms' boxes overlap; each label lies inside
/// its box; no group title covers a term; region names lie on the page, apart.
fn assert_legible(g: &Geometry, name: &str) {
    let mut boxes: Vec<(Rect, &str)> = g.nodes.iter().map(|(s, r, _)| (*r, s.as_str())).collect();
    boxes.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
    for (i, (a, slug)) in boxes.iter().enumerate() {
        for (b, other) in &boxes[i + 1..] {
            if b.x >= a.x + a.w {
                break;
            }
            assert!(!a.overlaps(b), "{name}: {slug} and {other} overlap");
        }
    }
    for (slug, rect, label) in &g.nodes {
        assert!(
            rect.contains(&label.extent()),
            "{name}: the label of {slug} leaves its box"
        );
    }
    for title in &g.titles {
        for (slug, rect, _) in &g.nodes {
            assert!(
                !title.extent().overlaps(rect),
                "{name}: the title {:?} covers {slug}",
                title.content
            );
        }
    }
    for (i, region) in g.regions.iter().enumerate() {
        let extent = region.extent();
        let page = Rect {
            x: 0.0,
            y: 0.0,
            w: g.size.0,
            h: g.size.1,
        };
        assert!(
            page.contains(&extent),
            "{name}: the region name {:?} leaves the page",
            region.content
        );
        for other in &g.regions[i + 1..] {
            assert!(
                !extent.overlaps(&other.extent()),
                "{name}: region names overlap"
            );
        }
    }
}

/// Runs `glossgraph export` of the sample into a fresh folder, with `path` as the PATH.
fn export_sample(dir: &Path, path: &str) -> PathBuf {
    let out = dir.join("exports");
    let run = glossgraph(&["export", "--out", out.to_str().unwrap()], Some(path));
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
fn xmllint_and_librsvg_read_the_sample_svg() {
    let svg = root().join("exports/glossary.svg");
    let lint = tool("xmllint", &["--nonet", "--noout", svg.to_str().unwrap()]);
    assert!(lint.status.success() && lint.stderr.is_empty(), "{lint:?}");
    let dir = scratch("svg", "rsvg");
    let png = dir.join("map.png");
    let drawn = tool(
        "rsvg-convert",
        &[
            "--format",
            "png",
            "-o",
            png.to_str().unwrap(),
            svg.to_str().unwrap(),
        ],
    );
    assert!(
        drawn.status.success() && drawn.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    let head = std::fs::read(&png).unwrap();
    assert!(head.starts_with(b"\x89PNG\r\n\x1a\n"));
    // The PNG has the SVG's size (points drawn at 96 dpi: 4/3 pixels each).
    let g = geometry(&svg);
    let width = u32::from_be_bytes(head[16..20].try_into().unwrap());
    assert_eq!(width, (g.size.0 * 4.0 / 3.0).ceil() as u32);
}

#[test]
fn every_sample_term_has_its_label_link_and_tooltip() {
    let (glossary, config) = sample();
    let svg = root().join("exports/glossary.svg");
    let nodes = svg_nodes(&svg);
    assert_eq!(nodes.len(), glossary.cards().len());
    for card in glossary.cards() {
        let node = &nodes[card.slug()];
        assert_eq!(
            node["texts"],
            serde_json::json!([card.term()]),
            "{}",
            card.slug()
        );
        assert_eq!(
            node["tooltip"],
            *plain(card.definition()),
            "{}",
            card.slug()
        );
        assert_eq!(node["href"], concept_iri(&config.base, card.slug()));
    }
    assert_legible(&geometry(&svg), "sample");
}

#[test]
fn hostile_text_survives_into_the_svg() {
    let (glossary, config) = hostile();
    let dir = scratch("svg", "hostile");
    let svg = dir.join("hostile.svg");
    let mut out = Vec::new();
    draw::write(&glossary, &config, &View::default(), &mut out).unwrap();
    std::fs::write(&svg, &out).unwrap();
    let lint = tool("xmllint", &["--nonet", "--noout", svg.to_str().unwrap()]);
    assert!(lint.status.success() && lint.stderr.is_empty(), "{lint:?}");
    let nodes = svg_nodes(&svg);
    for card in glossary.cards() {
        let node = &nodes[card.slug()];
        // The label is the term, exactly (cut with `…` when longer than the widest box).
        let shown = node["texts"][0].as_str().unwrap();
        let term = card.term();
        let cut = shown.strip_suffix('…').unwrap_or(shown);
        assert!(term.starts_with(cut), "{}: {shown:?}", card.slug());
        assert_eq!(
            node["tooltip"],
            *plain(card.definition()),
            "{}",
            card.slug()
        );
    }
}

#[test]
fn a_generated_2000_term_map_keeps_its_terms_apart_and_names_its_topics() {
    let dir = scratch("svg", "generated-2000");
    let (glossary, config) = checked("2000.jsonl", &generated_jsonl(2000));
    let svg = dir.join("map.svg");
    let mut out = Vec::new();
    // As `export` and `render` draw it: a box per topic.
    let view = View {
        cluster: Cluster::Topic,
        ..View::default()
    };
    draw::write(&glossary, &config, &view, &mut out).unwrap();
    std::fs::write(&svg, &out).unwrap();
    let g = geometry(&svg);
    assert_eq!(g.nodes.len(), 2000);
    assert_legible(&g, "2000 terms");
    // Fitted to a screen 1,000 pixels across, the region names are at least 10 pixels tall,
    // and the largest topics have one.
    let scale = 1000.0 / g.size.0.max(g.size.1);
    assert!(!g.regions.is_empty(), "no topic named across its island");
    for region in &g.regions {
        assert!(region.size * scale >= 10.0, "{region:?}");
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
    let lint = tool("xmllint", &["--nonet", "--noout", svg.to_str().unwrap()]);
    assert!(lint.status.success(), "{lint:?}");
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
        draw::write(&glossary, &config, &view, &mut out).unwrap();
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
