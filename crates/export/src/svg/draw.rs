//! The topic map as SVG, drawn by glossgraph from its own layout: no Graphviz, and the same
//! bytes on every machine, since every size comes from the layout and every text width from
//! the font-metrics table of [`crate::map::font`] (never from the fonts a machine has).
//!
//! One code for both maps, the same as the HTML map's: a term is filled with its topic's
//! colour (here a light tint of it, so that its black label reads) and ringed in its status's
//! ring colour ([`crate::drawing::palette`], dark enough to show on white and on every
//! tint); a term without a status has a thin grey ring, a term not defined in the glossary a
//! dashed one. `related` links are dashed lines under the terms, and term links (a text
//! linking a term, those `drawing::term_links` picks) thinner dotted arrows in a lighter grey
//! under them too, from the linking term's border to the linked's; `supersedes` links are arrows
//! from the old term to the new one, and `broader` links arrows in the palette's blue with a
//! hollow head from the narrower term to the broader, both drawn over the terms from border to
//! border, so that an arrow that crosses a third term's box is seen to pass over it. Every
//! arrowhead of a kind has one size on the page, in the page's units ([`HEAD`]), whatever its
//! line's stroke or length. No line runs over a word: each breaks off around the topics'
//! titles and names, and an arrow around the labels of the terms it passes over
//! ([`super::gaps`]); the titles keep a white halo. On a large map each topic's name is also
//! written large in the largest free space of its island, as a geographic map names its
//! regions — never over a term, a title or an arrowhead, and left out where no space holds it
//! at twice the titles' size ([`free_place`]).
//!
//! Each term is an `<a>` to its concept IRI holding a `<title>` with its definition (the
//! tooltip), its box and its label; its `<g class="node">` carries its slug (`data-slug`).
//! The file has a `viewBox`, so it scales to any size. Nodes and edges are written in chunks on
//! every core ([`crate::output::write_chunks`]), streamed, in node and edge order.

use std::io::{BufWriter, Write};

use petgraph::graph::{EdgeIndex, NodeIndex};

use super::gaps::{Bounds, Pieces, Words};
use super::legend::{legend_entries, place_legend, Sample, HEADING_SIZE, LEGEND_ROW, MARGIN};
use super::regions::{free_place, region_extent};
use crate::config::Config;
use crate::drawing::palette::{status_stroke, BROADER, NO_STATUS, TERM_LINK};
use crate::drawing::{self, concept_iri, Cluster, Drawing, Legend, Places, Selection, View};
use crate::graph::Link;
use crate::map::{font, mix, tint, Coordinate, LABEL_SIZE, TITLE_SIZE};
use crate::output;
use crate::xml::{escape_runs, origin, Origin, ATTR, TEXT};
use crate::ExportError;
use crate::Glossary;

/// The font the SVG names: Helvetica, the fonts made with its widths, then any sans-serif.
pub const FONT_FAMILY: &str =
    "Helvetica, Arial, 'Liberation Sans', Arimo, 'Nimbus Sans', sans-serif";

/// Past this size (the map's larger side, in points), the title and legend are enlarged in
/// proportion.
const LEGEND_SCALE_FROM: f64 = 1200.0;
/// Where a line of text sits: its baseline this many ems below the middle of its box
/// (half Helvetica's cap height, 718/1000 em).
const BASELINE: f64 = 0.36;
/// Nodes (or twice as many edges) rendered together, on one of the cores.
const CHUNK: usize = 1024;
/// The colour of `related` lines, of `supersedes` arrows and of the ring of a term without a
/// status.
const RELATED: &str = "#8c8c8c";
const ARROW: &str = "#222222";
/// The length and width of every arrowhead, in the page's points (`markerUnits=
/// "userSpaceOnUse"`: by SVG's default a head grows with its line's stroke). One size for
/// every arrow of a kind, long or short: terms stand 8 points apart at the closest, where a
/// 6-point head still leaves a shaft to read the arrow by. (There were two: a head 10.5
/// points long, and 6 between boxes closer than 32 points, so that the arrows between
/// topics, the long ones, had heads about twice those inside a topic.)
const HEAD: f64 = 6.0;
/// The length and width of a term link's head, in the page's points: smaller than the typed
/// arrows' ([`HEAD`]), as its line is lighter.
const TERM_HEAD: f64 = 4.5;
/// The width of a term link's dotted line, in points (a `related` line's is 1).
const TERM_LINK_WIDTH: f64 = 0.75;
/// The width of the ring of a hollow (`broader`) head, in points.
const HOLLOW_RING: f64 = 1.5;
/// Past this size (its larger side, in points), a map fitted to a screen shows its topic
/// titles too small to read: each topic's name is then also written across its island.
const REGION_NAMES_FROM: f64 = 1500.0;

/// A box on the page: its centre and size, in the page's coordinates (y growing downwards).
#[derive(Debug, Clone, Copy)]
struct Frame {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

impl Frame {
    fn left(&self) -> f64 {
        self.x - self.width / 2.0
    }
    fn top(&self) -> f64 {
        self.y - self.height / 2.0
    }
}

/// Where the map's points go on the page: the map's y grows upwards, the page's downwards.
struct Page {
    /// The map's left edge and top edge.
    x0: f64,
    y1: f64,
    /// Where the map's left and top edges are on the page.
    left: f64,
    top: f64,
}

impl Page {
    fn at(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (x - self.x0 + self.left, self.y1 - y + self.top)
    }
}

/// The lower-left and upper-right corners of a box on the map.
type Corners = ((f64, f64), (f64, f64));

/// One box of the drawing's groups (a topic, a status, a component).
struct GroupBox {
    title: String,
    /// The name written across its island on a large map: a topic's centre term, or the
    /// title without its count.
    region: String,
    frame: Frame,
    color: String,
    /// The boxes of its terms, on the page.
    terms: Vec<Frame>,
    /// Where its name is written across its island on a large map, if anywhere: the centre
    /// of the space kept for it and the font size ([`free_place`]).
    named_at: Option<(f64, f64, f64)>,
}

/// Everything about the page but its terms and links.
struct Layout {
    width: f64,
    height: f64,
    /// How much the title and legend are enlarged.
    scale: f64,
    page: Page,
    /// The map's title, whole (the document's `<title>`), and as the heading shows it (cut
    /// with `…` to the legend's width).
    full_title: String,
    title: String,
    groups: Vec<GroupBox>,
    /// Each entry with its place: left x and middle y.
    legend: Vec<(Sample, String, (f64, f64))>,
    /// Whether `broader` links are drawn (their arrowheads are then defined).
    broader: bool,
    /// Whether term links are drawn (their arrowheads are then defined).
    term_links: bool,
    /// The boxes of the words on the map, which the lines break off around.
    words: Words,
}

/// Writes `drawing` as an SVG topic map: the nodes of its selection and the links between
/// them.
///
/// # Errors
/// Those of `w`, or a text XML cannot carry.
pub fn write(drawing: &Drawing, w: impl Write + Send) -> Result<(), ExportError> {
    let &Drawing {
        glossary,
        config,
        view,
        ref selection,
    } = drawing;
    let mut out = BufWriter::with_capacity(1 << 16, w);
    let places = Places::of(glossary, selection);
    let layout = Layout::of(glossary, config, view, selection, &places);
    head(&mut out, selection, &layout)?;
    let page = &layout.page;

    // Related links under everything but the boxes.
    writeln!(
        out,
        "<g class=\"related\" stroke=\"{RELATED}\" stroke-width=\"1\" stroke-dasharray=\"5 4\" fill=\"none\">"
    )?;
    let related = |link: Link| matches!(link, Link::Related { .. });
    links_of_kind(&mut out, glossary, selection, related, |out, a, b| {
        let from = page.at(places.at[a.index()]);
        let to = page.at(places.at[b.index()]);
        // Under the terms' boxes, which hide it from their labels.
        line(out, &layout.words.pieces(from, to, false), "")
    })?;
    writeln!(out, "</g>")?;
    if layout.term_links {
        // Term links under the terms too, lighter than `related`, from border to border.
        writeln!(
            out,
            "<g class=\"term-links\" stroke=\"{TERM_LINK}\" stroke-width=\"{TERM_LINK_WIDTH}\" stroke-dasharray=\"1.5 2\" fill=\"none\">"
        )?;
        let links: Vec<(NodeIndex, NodeIndex)> = drawing::term_links(glossary, selection).collect();
        let head = " marker-end=\"url(#term-link)\"";
        output::write_chunks(&mut out, links.len(), 2 * CHUNK, |range, out| {
            for &(a, b) in &links[range] {
                let frame = |n| term_frame(&places, page, n);
                if let Some((p, q)) = border_to_border(frame(a), frame(b)) {
                    line(out, &layout.words.pieces(p, q, false), head)?;
                }
            }
            Ok(())
        })?;
        writeln!(out, "</g>")?;
    }

    // The terms.
    writeln!(
        out,
        "<g class=\"nodes\" font-size=\"{}\" text-anchor=\"middle\">",
        LABEL_SIZE
    )?;
    output::write_chunks(&mut out, selection.nodes.len(), CHUNK, |range, out| {
        for &node in &selection.nodes[range] {
            term(out, glossary, config, selection, &places, page, node)?;
        }
        Ok(())
    })?;
    writeln!(out, "</g>")?;

    // Supersedes arrows, then broader ones, over the terms.
    writeln!(
        out,
        "<g class=\"supersedes\" stroke=\"{ARROW}\" stroke-width=\"1.5\" fill=\"none\">"
    )?;
    let supersedes = |link: Link| matches!(link, Link::Supersedes { .. });
    arrows(&mut out, drawing, &places, &layout, supersedes, "arrow")?;
    writeln!(out, "</g>")?;
    if layout.broader {
        writeln!(
            out,
            "<g class=\"broader\" stroke=\"{BROADER}\" stroke-width=\"1.5\" fill=\"none\">"
        )?;
        let broader = |link: Link| matches!(link, Link::Broader { .. });
        arrows(&mut out, drawing, &places, &layout, broader, "broader")?;
        writeln!(out, "</g>")?;
    }

    titles(&mut out, &layout)?;
    writeln!(out, "</svg>")?;
    out.flush()?;
    Ok(())
}

impl Layout {
    fn of(
        glossary: &Glossary,
        config: &Config,
        view: &View,
        selection: &Selection,
        places: &Places,
    ) -> Self {
        let groups = group_corners(glossary, config, view, selection, places);
        let ((mut x0, mut y0), (mut x1, mut y1)) = places.bounds;
        for (_, (lo, hi), _, _) in &groups {
            (x0, y0) = (x0.min(lo.0), y0.min(lo.1));
            (x1, y1) = (x1.max(hi.0), y1.max(hi.1));
        }
        let map_width = Coordinate::finite(x1 - x0).max(0.0);
        let map_height = Coordinate::finite(y1 - y0).max(0.0);

        let legend = Legend::of(glossary, config, selection);
        let entries = legend_entries(glossary, config, view, selection, &legend);
        // On a large map the title and legend grow with it, so that they read when the whole
        // map fits a screen.
        let scale = (map_width.max(map_height) / LEGEND_SCALE_FROM).max(1.0);
        let full_title = drawing::title(glossary, config, view, selection);
        let (room, placed, rows) = place_legend(entries, map_width / scale, &full_title);
        let map_top = (MARGIN + HEADING_SIZE + 8.0 + LEGEND_ROW * rows as f64 + 8.0) * scale;
        let width = (room + 2.0 * MARGIN) * scale;
        let height = map_top + map_height + MARGIN * scale;
        let page = Page {
            x0,
            y1,
            left: (width - map_width) / 2.0,
            top: map_top,
        };
        let title = font::fit(&full_title, HEADING_SIZE, room, font::Weight::Bold).into_owned();
        let mut groups: Vec<GroupBox> = groups
            .into_iter()
            .map(|group| group_box(group, view, places, &page))
            .collect();
        let heads = head_boxes(glossary, selection, places, &page);
        name_regions(&mut groups, width.max(height), &heads);
        let words = words(glossary, selection, places, &page, &groups);
        Self {
            width,
            height,
            scale,
            page,
            full_title,
            title,
            groups,
            legend: placed,
            broader: legend.broader,
            term_links: legend.term_links,
            words,
        }
    }
}

/// A group of the drawing: its title, corners on the map, colour and terms.
type Group = (String, Corners, String, Vec<NodeIndex>);

/// The groups' boxes of `view`, each at least as wide as its title.
fn group_corners(
    glossary: &Glossary,
    config: &Config,
    view: &View,
    selection: &Selection,
    places: &Places,
) -> Vec<Group> {
    drawing::groups(glossary, config, view, selection)
        .into_iter()
        .map(|(title, nodes)| {
            let corners = places.titled(&nodes, &title);
            let color = match view.cluster {
                Cluster::Topic => glossary.map().topic_of(nodes[0].index()).color.clone(),
                _ => "#bbbbbb".to_owned(),
            };
            (title, corners, color, nodes)
        })
        .collect()
}

/// A group's box on `page`, with the name written across its island on a large map and the
/// boxes of its terms.
fn group_box(
    (title, (lo, hi), color, nodes): Group,
    view: &View,
    places: &Places,
    page: &Page,
) -> GroupBox {
    let (left, top) = page.at((lo.0, hi.1));
    let (right, bottom) = page.at((hi.0, lo.1));
    let region = match title.strip_prefix("around ") {
        Some(rest) if view.cluster == Cluster::Topic => rest,
        _ => &title,
    };
    let region = region
        .rsplit_once(" (")
        .map_or(region, |(name, _)| name)
        .to_owned();
    let terms = nodes
        .iter()
        .map(|n| {
            let (x, y) = page.at(places.at[n.index()]);
            let (width, height) = places.size[n.index()];
            Frame {
                x,
                y,
                width,
                height,
            }
        })
        .collect();
    GroupBox {
        title,
        region,
        frame: Frame {
            x: (left + right) / 2.0,
            y: (top + bottom) / 2.0,
            width: right - left,
            height: bottom - top,
        },
        color,
        terms,
        named_at: None,
    }
}

/// The arrows the map draws (`supersedes`, `broader`, term links), each from border to
/// border: its two ends on `page`, from its source to its target; none between boxes that
/// touch.
fn arrow_ends<'a>(
    glossary: &'a Glossary,
    selection: &'a Selection,
    places: &'a Places,
    page: &'a Page,
) -> impl Iterator<Item = ((f64, f64), (f64, f64))> + 'a {
    let typed = glossary.edges().filter_map(move |(a, b, link)| {
        let arrow = matches!(link, Link::Supersedes { .. } | Link::Broader { .. });
        (arrow && selection.contains(a) && selection.contains(b)).then_some((a, b))
    });
    typed
        .chain(drawing::term_links(glossary, selection))
        .filter_map(move |(a, b)| {
            border_to_border(term_frame(places, page, a), term_frame(places, page, b))
        })
}

/// The box of `node`'s term on `page`.
fn term_frame(places: &Places, page: &Page, node: NodeIndex) -> Frame {
    let (x, y) = page.at(places.at[node.index()]);
    let (width, height) = places.size[node.index()];
    Frame {
        x,
        y,
        width,
        height,
    }
}

/// The box around the head of each arrow the map draws (with its ring), on the page: where
/// no topic's name may go.
fn head_boxes(
    glossary: &Glossary,
    selection: &Selection,
    places: &Places,
    page: &Page,
) -> Vec<Bounds> {
    arrow_ends(glossary, selection, places, page)
        .map(|(p, q)| {
            let length = (q.0 - p.0).hypot(q.1 - p.1);
            let (ux, uy) = ((q.0 - p.0) / length, (q.1 - p.1) / length);
            // The tip, and the two corners of the base.
            let base = (q.0 - ux * HEAD, q.1 - uy * HEAD);
            let half = HEAD / 2.0;
            let corners = [
                q,
                (base.0 - uy * half, base.1 + ux * half),
                (base.0 + uy * half, base.1 - ux * half),
            ];
            let ring = HOLLOW_RING;
            let (mut l, mut t, mut r, mut b) = (q.0, q.1, q.0, q.1);
            for (x, y) in corners {
                (l, t, r, b) = (l.min(x), t.min(y), r.max(x), b.max(y));
            }
            [l - ring, t - ring, r + ring, b + ring]
        })
        .collect()
}

/// On a large map, finds each group's place for its name across its island: largest groups
/// first (the groups' order), each in the largest free space of its own island, as large as
/// that space allows up to a twentieth of the map (`larger`, its larger side), over no term,
/// no title and no arrowhead (`heads`); a name that would be smaller than readable is left
/// out (the HTML map shows it at the zoom where it fits). Islands do not overlap, so neither
/// do names.
fn name_regions(groups: &mut [GroupBox], larger: f64, heads: &[Bounds]) {
    if larger <= REGION_NAMES_FROM {
        return;
    }
    // A name is worth writing when it reads from further out than the titles: twice their
    // size at least. (It was once the size that reads when the map fits a screen, a
    // hundredth of the map's larger side, reaching past its island over the terms around:
    // 297 words over another on a generated 2,000-term map. Free space inside an island is
    // smaller than that on every large map.)
    let least = 2.0 * TITLE_SIZE;
    let most = larger / 20.0;
    for group in groups {
        let per_point = font::width(&group.region, 1.0);
        if per_point <= 0.0 {
            continue;
        }
        let f = group.frame;
        let island = [
            f.left(),
            f.top() + crate::map::TOPIC_LABEL,
            f.left() + f.width,
            f.top() + f.height,
        ];
        // The terms with a point to spare; the heads with the room the lines leave around a
        // word besides, since a line breaks off around the name, and a head would not.
        const SPARE: f64 = 1.0;
        let terms = group.terms.iter().map(|t| {
            let b = [t.left(), t.top(), t.left() + t.width, t.top() + t.height];
            (b, SPARE)
        });
        let heads = heads
            .iter()
            .filter(|[l, t, r, b]| {
                *r > island[0] && *l < island[2] && *b > island[1] && *t < island[3]
            })
            .map(|&b| (b, SPARE + super::gaps::ROOM));
        group.named_at = free_place(island, terms.chain(heads), per_point, least, most);
    }
}

/// The words a line breaks off around: every drawn term's label (which only the arrows,
/// drawn over the terms, break for), every group's title and every region name; each as the
/// box of its em, from the capitals' top to the descenders' foot.
fn words(
    glossary: &Glossary,
    selection: &Selection,
    places: &Places,
    page: &Page,
    groups: &[GroupBox],
) -> Words {
    // The em about a text's baseline, `size` points tall.
    let em = |x: f64, baseline: f64, width: f64, size: f64| -> Bounds {
        [
            x - width / 2.0,
            baseline - 0.72 * size,
            x + width / 2.0,
            baseline + 0.21 * size,
        ]
    };
    let mut boxes: Vec<(Bounds, bool)> = Vec::with_capacity(selection.nodes.len() + groups.len());
    for &node in &selection.nodes {
        let f = term_frame(places, page, node);
        let label = glossary
            .card(node)
            .map_or(glossary.slug(node), |c| c.term());
        let shown = crate::map::shown_label(label, f.width);
        let width = font::width(&shown, LABEL_SIZE);
        boxes.push((
            em(f.x, f.y + LABEL_SIZE * BASELINE, width, LABEL_SIZE),
            true,
        ));
    }
    for group in groups {
        let f = group.frame;
        let width = font::width(&group.title, TITLE_SIZE);
        boxes.push((em(f.x, title_baseline(f), width, TITLE_SIZE), false));
        if let Some((x, y, size)) = group.named_at {
            let (w, h) = region_extent(font::width(&group.region, 1.0), size);
            boxes.push(([x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0], false));
        }
    }
    Words::new(boxes)
}

/// The baseline of the title of a group's box `f`: in the middle of the band on top.
fn title_baseline(f: Frame) -> f64 {
    f.top() + crate::map::TOPIC_LABEL / 2.0 + TITLE_SIZE * BASELINE
}

/// The start of the document up to the links: the page, the title, the legend and the boxes.
fn head(out: &mut impl Write, selection: &Selection, layout: &Layout) -> Result<(), ExportError> {
    let (w, h) = (Coordinate(layout.width), Coordinate(layout.height));
    writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         version=\"1.1\" width=\"{w}pt\" height=\"{h}pt\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"{FONT_FAMILY}\">"
    )?;
    let named = origin("(the glossary)", "title");
    write!(out, "<title>")?;
    text(out, &layout.full_title, named)?;
    writeln!(out, "</title>")?;
    writeln!(
        out,
        "<desc>Topic map written by glossgraph {}: {} terms, by topic (fill) and status (ring).</desc>",
        env!("CARGO_PKG_VERSION"),
        selection.nodes.len()
    )?;
    // The heads, in the page's units: the same size on every line of a kind.
    write!(
        out,
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" \
         markerUnits=\"userSpaceOnUse\" markerWidth=\"{head}\" markerHeight=\"{head}\" \
         orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"{ARROW}\" stroke=\"none\"/></marker>",
        head = Coordinate(HEAD)
    )?;
    if layout.broader {
        // A hollow head: white inside, ringed in the link's colour, its tip on the border;
        // the viewBox holds the ring (the triangle's 10 units are HEAD points).
        let unit = HEAD / 10.0;
        let ring = HOLLOW_RING / unit;
        write!(
            out,
            "<marker id=\"broader\" viewBox=\"{o} {o} {side} {side}\" refX=\"10\" refY=\"5\" \
             markerUnits=\"userSpaceOnUse\" markerWidth=\"{size}\" markerHeight=\"{size}\" \
             orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"#ffffff\" \
             stroke=\"{BROADER}\" stroke-width=\"{ring}\"/></marker>",
            o = Coordinate(-ring / 2.0),
            side = Coordinate(10.0 + ring),
            size = Coordinate((10.0 + ring) * unit),
            ring = Coordinate(ring),
        )?;
    }
    if layout.term_links {
        write!(
            out,
            "<marker id=\"term-link\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" \
             markerUnits=\"userSpaceOnUse\" markerWidth=\"{head}\" markerHeight=\"{head}\" \
             orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"{TERM_LINK}\" stroke=\"none\"/></marker>",
            head = Coordinate(TERM_HEAD)
        )?;
    }
    writeln!(out, "</defs>")?;
    writeln!(
        out,
        "<rect class=\"background\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>"
    )?;

    // The title and the legend.
    write!(out, "<g class=\"legend\" font-size=\"{LABEL_SIZE}\"")?;
    if layout.scale > 1.0 {
        write!(out, " transform=\"scale({})\"", Coordinate(layout.scale))?;
    }
    writeln!(out, ">")?;
    write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{HEADING_SIZE}\" font-weight=\"bold\">",
        Coordinate(MARGIN),
        Coordinate(MARGIN + HEADING_SIZE * (0.5 + BASELINE))
    )?;
    text(out, &layout.title, named)?;
    writeln!(out, "</text>")?;
    for (sample, label, (x, y)) in &layout.legend {
        let (x, y) = (*x, *y);
        match sample {
            Sample::Topics(colors) => {
                for (k, color) in colors.iter().enumerate() {
                    writeln!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"8\" height=\"12\" fill=\"{color}\" stroke=\"{NO_STATUS}\" stroke-width=\"0.5\"/>",
                        Coordinate(x + 1.0 + 8.0 * k as f64),
                        Coordinate(y - 6.0)
                    )?;
                }
            }
            Sample::Ring(ring, width) => writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"24\" height=\"12\" rx=\"4\" fill=\"#ffffff\" stroke=\"{ring}\" stroke-width=\"{width}\"/>",
                Coordinate(x + 1.0),
                Coordinate(y - 6.0)
            )?,
            Sample::Arrow => writeln!(
                out,
                "<path d=\"M{},{}h22\" stroke=\"{ARROW}\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>",
                Coordinate(x),
                Coordinate(y)
            )?,
            Sample::Hollow => writeln!(
                out,
                "<path d=\"M{},{}h22\" stroke=\"{BROADER}\" stroke-width=\"1.5\" marker-end=\"url(#broader)\"/>",
                Coordinate(x),
                Coordinate(y)
            )?,
            Sample::Dashed => writeln!(
                out,
                "<path d=\"M{},{}h26\" stroke=\"{RELATED}\" stroke-dasharray=\"5 4\"/>",
                Coordinate(x),
                Coordinate(y)
            )?,
            Sample::Dotted => writeln!(
                out,
                "<path d=\"M{},{}h22\" stroke=\"{TERM_LINK}\" stroke-width=\"{TERM_LINK_WIDTH}\" stroke-dasharray=\"1.5 2\" marker-end=\"url(#term-link)\"/>",
                Coordinate(x),
                Coordinate(y)
            )?,
        }
        write!(
            out,
            "<text x=\"{}\" y=\"{}\">",
            Coordinate(x + 32.0),
            Coordinate(y + LABEL_SIZE * BASELINE)
        )?;
        // Status names come from the configuration.
        text(out, label, origin("(the legend)", "statuses"))?;
        writeln!(out, "</text>")?;
    }
    writeln!(out, "</g>")?;

    // The groups' boxes, under everything drawn on the map.
    writeln!(out, "<g class=\"groups\">")?;
    for group in &layout.groups {
        let f = group.frame;
        writeln!(
            out,
            "<rect class=\"topic\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"8\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"/>",
            Coordinate(f.left()),
            Coordinate(f.top()),
            Coordinate(f.width),
            Coordinate(f.height),
            mix(&group.color, (255, 255, 255), 92),
            group.color
        )?;
    }
    writeln!(out, "</g>")?;
    Ok(())
}

/// The groups' titles over everything, each with a white halo that no line runs through, and
/// on a large map each group's name across its island.
fn titles(out: &mut impl Write, layout: &Layout) -> Result<(), ExportError> {
    writeln!(
        out,
        "<g class=\"titles\" font-size=\"{TITLE_SIZE}\" text-anchor=\"middle\" stroke=\"#ffffff\" stroke-width=\"4\" stroke-linejoin=\"round\" paint-order=\"stroke\">"
    )?;
    for group in &layout.groups {
        let f = group.frame;
        write!(
            out,
            "<text x=\"{}\" y=\"{}\" fill=\"{}\">",
            Coordinate(f.x),
            Coordinate(title_baseline(f)),
            mix(&group.color, (0, 0, 0), 45)
        )?;
        text(out, &group.title, origin("(a topic)", "title"))?;
        writeln!(out, "</text>")?;
    }
    writeln!(out, "</g>")?;
    if layout.width.max(layout.height) <= REGION_NAMES_FROM {
        return Ok(());
    }
    writeln!(
        out,
        "<g class=\"regions\" text-anchor=\"middle\" fill-opacity=\"0.85\" stroke=\"#ffffff\" stroke-opacity=\"0.6\" stroke-linejoin=\"round\" paint-order=\"stroke\" pointer-events=\"none\">"
    )?;
    for group in &layout.groups {
        let Some((x, y, size)) = group.named_at else {
            continue;
        };
        write!(
            out,
            "<text class=\"region\" x=\"{}\" y=\"{}\" font-size=\"{}\" stroke-width=\"{}\" fill=\"{}\">",
            Coordinate(x),
            Coordinate(y + size * REGION_BASELINE),
            Coordinate(size),
            Coordinate(size / 8.0),
            mix(&group.color, (0, 0, 0), 45)
        )?;
        text(out, &group.region, origin("(a topic)", "title"))?;
        writeln!(out, "</text>")?;
    }
    writeln!(out, "</g>")?;
    Ok(())
}

/// Where a region name's baseline sits below the middle of the space kept for it: the space
/// runs from the capitals' top (0.72 em above the baseline) to the descenders' foot (0.21
/// em below it), with a sixteenth of an em more all round for the halo.
const REGION_BASELINE: f64 = (0.72 - 0.21) / 2.0;
/// One term: a link to its concept IRI holding its definition as tooltip, its box and its
/// label.
fn term(
    out: &mut Vec<u8>,
    glossary: &Glossary,
    config: &Config,
    selection: &Selection,
    places: &Places,
    page: &Page,
    node: NodeIndex,
) -> Result<(), ExportError> {
    let slug = glossary.slug(node);
    let (x, y) = page.at(places.at[node.index()]);
    let (width, height) = places.size[node.index()];
    let f = Frame {
        x,
        y,
        width,
        height,
    };
    out.extend_from_slice(b"<g class=\"node\" data-slug=\"");
    attribute(out, slug, origin(slug, "slug"))?;
    out.extend_from_slice(b"\">");
    let focus = selection.focus == Some(node);
    let (label, fill, ring, ring_width, dashed) = match glossary.card(node) {
        Some(card) => {
            out.extend_from_slice(b"<a xlink:href=\"");
            attribute(out, &concept_iri(&config.base, slug), origin(slug, "slug"))?;
            out.extend_from_slice(b"\"><title>");
            text(
                out,
                &crate::card::markdown::plain(card.definition()),
                origin(slug, "definition"),
            )?;
            out.extend_from_slice(b"</title>");
            let topic = &glossary.map().topic_of(node.index()).color;
            let (ring, width) = status_stroke(config, card.status());
            (card.term(), tint(topic), ring, width, false)
        }
        None => {
            out.extend_from_slice(b"<title>not defined in the glossary</title>");
            (slug, "#ffffff".to_owned(), NO_STATUS, 1.0, true)
        }
    };
    let ring_width = if focus { 3.5 } else { ring_width };
    write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"{fill}\" stroke=\"{ring}\" stroke-width=\"{ring_width}\"{}/>",
        Coordinate(f.left()),
        Coordinate(f.top()),
        Coordinate(f.width),
        Coordinate(f.height),
        if dashed { " stroke-dasharray=\"3 2\"" } else { "" }
    )?;
    write!(
        out,
        "<text x=\"{}\" y=\"{}\">",
        Coordinate(f.x),
        Coordinate(f.y + LABEL_SIZE * BASELINE)
    )?;
    let shown = crate::map::shown_label(label, f.width);
    text(out, &shown, origin(slug, "term"))?;
    out.extend_from_slice(b"</text>");
    out.extend_from_slice(if glossary.card(node).is_some() {
        b"</a></g>\n"
    } else {
        b"</g>\n"
    });
    Ok(())
}

/// Writes `draw(out, a, b)` for every link of `selection` that `kind` takes, from its source
/// `a` to its target `b` (the old term to the new, the narrower to the broader).
fn links_of_kind(
    out: &mut (impl Write + Send),
    glossary: &Glossary,
    selection: &Selection,
    kind: impl Fn(Link) -> bool + Sync,
    draw: impl Fn(&mut Vec<u8>, NodeIndex, NodeIndex) -> Result<(), ExportError> + Sync,
) -> Result<(), ExportError> {
    let graph = glossary.graph();
    output::write_chunks(out, graph.edge_count(), 2 * CHUNK, |range, out| {
        for e in range.map(EdgeIndex::new) {
            let (a, b) = graph.edge_endpoints(e).expect("edge index in range");
            if !(kind(graph[e]) && selection.contains(a) && selection.contains(b)) {
                continue;
            }
            draw(out, a, b)?;
        }
        Ok(())
    })
}

/// The links of the drawing that `kind` takes as arrows from border to border, each with the
/// head `marker` (`arrow`, `broader`), broken off around the words they would cross (the
/// terms' labels too: the arrows are drawn over the terms).
fn arrows(
    out: &mut (impl Write + Send),
    drawing: &Drawing,
    places: &Places,
    layout: &Layout,
    kind: impl Fn(Link) -> bool + Sync,
    marker: &str,
) -> Result<(), ExportError> {
    let (glossary, selection, page) = (drawing.glossary, &drawing.selection, &layout.page);
    let head = format!(" marker-end=\"url(#{marker})\"");
    links_of_kind(out, glossary, selection, kind, |out, a, b| {
        let frame = |n| term_frame(places, page, n);
        match border_to_border(frame(a), frame(b)) {
            Some((p, q)) => line(out, &layout.words.pieces(p, q, true), &head),
            None => Ok(()),
        }
    })
}

/// A line in `pieces` (none: nothing is drawn), with `extra` attributes (a head goes on the
/// last piece's end).
fn line(out: &mut Vec<u8>, pieces: &Pieces, extra: &str) -> Result<(), ExportError> {
    if pieces.is_empty() {
        return Ok(());
    }
    write!(out, "<path d=\"")?;
    for &((x0, y0), (x1, y1)) in pieces {
        write!(
            out,
            "M{},{}L{},{}",
            Coordinate(x0),
            Coordinate(y0),
            Coordinate(x1),
            Coordinate(y1)
        )?;
    }
    writeln!(out, "\"{extra}/>")?;
    Ok(())
}

/// Where the line between the centres of `a` and `b` leaves `a`'s box and enters `b`'s;
/// `None` when the boxes touch or overlap (no line between them to draw).
fn border_to_border(a: Frame, b: Frame) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = dx.hypot(dy);
    if length.is_nan() || length <= 0.0 {
        return None;
    }
    // The fraction of the way from a centre to where the line crosses the box's border.
    let out_of = |f: Frame| {
        let tx = if dx == 0.0 {
            f64::INFINITY
        } else {
            f.width / 2.0 / dx.abs()
        };
        let ty = if dy == 0.0 {
            f64::INFINITY
        } else {
            f.height / 2.0 / dy.abs()
        };
        tx.min(ty)
    };
    let (ta, tb) = (out_of(a), out_of(b));
    if ta + tb >= 1.0 {
        return None;
    }
    Some((
        (a.x + dx * ta, a.y + dy * ta),
        (b.x - dx * tb, b.y - dy * tb),
    ))
}

/// Writes `value` escaped for element content.
fn text(out: &mut impl Write, value: &str, at: Origin) -> Result<(), ExportError> {
    escape_runs(value, at, &TEXT, |run| out.write_all(run.as_bytes()))
}

/// Writes `value` escaped for an attribute value in double quotes.
fn attribute(out: &mut impl Write, value: &str, at: Origin) -> Result<(), ExportError> {
    escape_runs(value, at, &ATTR, |run| out.write_all(run.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(x: f64, y: f64) -> Frame {
        Frame {
            x,
            y,
            width: 40.0,
            height: 20.0,
        }
    }

    #[test]
    fn the_title_says_what_a_focused_view_shows() {
        use crate::{Card, Draft};
        let card = |slug: &str, related: &[&str]| {
            Card::from(Draft {
                slug: slug.into(),
                term: slug.to_uppercase(),
                definition: format!("About {slug}."),
                related: related.iter().map(|s| (*s).to_owned()).collect(),
                ..Draft::default()
            })
        };
        let glossary = Glossary::new(vec![
            card("a", &["b"]),
            card("b", &["a", "c"]),
            card("c", &["b"]),
        ]);
        let view = View {
            focus: Some("a".into()),
            depth: 2,
            ..View::default()
        };
        let mut out = Vec::new();
        let config = Config::default();
        let drawing = Drawing::select(&glossary, &config, &view).unwrap();
        write(&drawing, &mut out).unwrap();
        let svg = String::from_utf8(out).unwrap();
        assert!(
            svg.contains("<title>A: terms within 2 links · Glossary</title>"),
            "{svg}"
        );
        assert_eq!(svg.matches("<g class=\"node\"").count(), 3);
        // Related terms only: no term link, and none in the legend.
        assert!(
            !svg.contains("term-link") && !svg.contains("term link"),
            "{svg}"
        );
    }

    #[test]
    fn term_links_are_light_arrows_under_the_terms_explained_in_the_legend() {
        let glossary = crate::drawing::linked_in_texts();
        let config = Config::default();
        let view = View::default();
        let drawing = Drawing::select(&glossary, &config, &view).unwrap();
        let mut out = Vec::new();
        write(&drawing, &mut out).unwrap();
        let svg = String::from_utf8(out).unwrap();
        let start = svg
            .find("<g class=\"term-links\"")
            .expect("a term-links group");
        let group = &svg[start..start + svg[start..].find("</g>").unwrap()];
        // a → b, a → c, b → a; c and d have their `related` line instead.
        assert_eq!(
            group.matches("marker-end=\"url(#term-link)\"/>").count(),
            3,
            "{group}"
        );
        assert!(group.contains("stroke=\"#939393\" stroke-width=\"0.75\""));
        // Under the terms, over nothing else: after the related lines, before the nodes.
        assert!(svg.find("<g class=\"related\"").unwrap() < start);
        assert!(start < svg.find("<g class=\"nodes\"").unwrap());
        assert!(svg.contains("<marker id=\"term-link\""));
        assert!(svg.contains(">term link (linking → linked)</text>"));
    }

    #[test]
    fn an_arrow_runs_from_border_to_border() {
        let (p, q) = border_to_border(frame(0.0, 0.0), frame(100.0, 0.0)).unwrap();
        assert_eq!((p, q), ((20.0, 0.0), (80.0, 0.0)));
        let (p, q) = border_to_border(frame(0.0, 0.0), frame(0.0, 50.0)).unwrap();
        assert_eq!((p, q), ((0.0, 10.0), (0.0, 40.0)));
        assert!(border_to_border(frame(0.0, 0.0), frame(30.0, 0.0)).is_none());
        assert!(border_to_border(frame(0.0, 0.0), frame(0.0, 0.0)).is_none());
    }
}
