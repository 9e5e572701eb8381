//! Exports: one file per format, all written from the checked [`Glossary`].
//!
//! Every writer takes `impl Write + Send` and streams; none holds a whole serialization in
//! memory. (`Send`, because the cores that render the chunks of a file also write them.)
//! [`Format`] names each output and its file in `exports/`; [`write`] dispatches to the
//! format's module. Exporters never import each other.
//!
//! Beside the formats, the outputs built on them: [`rdf`] (the RDF/SKOS mapping both ways),
//! [`site`] (the static website) and [`diff`] (what changed between two glossaries, and the
//! SPARQL Update between their RDF). The stages below are named as they were when all was
//! one crate (`crate::card`, `crate::config`, `crate::map` …): the imports at the end of this
//! list.

// The library never prints: what it has to say goes to its caller as values and errors.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod bundle;
pub mod csv;
pub mod cytoscape;
pub mod diff;
pub mod dot;
pub mod fields;
pub mod gexf;
pub mod graphml;
pub mod html;
mod json;
pub mod nodelink;
pub mod rdf;
pub mod site;
pub mod svg;
mod xml;

use std::io::Write;

use glossgraph_core::{card, config, diag, graph, hex, hierarchy, output, suggest, Card, Glossary};
use glossgraph_map as map;

#[cfg(test)]
use glossgraph_core::{check, load, testing, Draft};

use crate::config::Config;

pub use crate::output::ExportError;

/// Every output glossgraph writes, in the order `export` writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    Turtle,
    NTriples,
    RdfXml,
    JsonLd,
    TriG,
    NQuads,
    GraphMl,
    GraphMlYed,
    GraphMlNeo4j,
    /// GEXF 1.3 for Gephi, laid out and coloured by topic.
    Gexf,
    /// The nodes file of the CSV for bulk import (`neo4j-admin` headers, see [`csv`]); the
    /// command line's `csv` writes it with [`Format::CsvEdges`].
    CsvNodes,
    /// The edges file of the CSV for bulk import.
    CsvEdges,
    /// NetworkX's node-link JSON (see [`nodelink`]).
    NodeLink,
    /// Cytoscape.js elements JSON, laid out (see [`cytoscape`]).
    Cytoscape,
    Dot,
    /// The topic map as SVG, drawn by glossgraph itself ([`crate::svg::draw`]); with
    /// `--engine dot` or `sfdp`, laid out and drawn by Graphviz (skipped by [`bundle`] when
    /// Graphviz is not installed).
    Svg,
    /// The interactive map: one self-contained page (see [`html`]).
    Html,
}

impl Format {
    pub const ALL: [Format; 17] = [
        Format::Turtle,
        Format::NTriples,
        Format::RdfXml,
        Format::JsonLd,
        Format::TriG,
        Format::NQuads,
        Format::GraphMl,
        Format::GraphMlYed,
        Format::GraphMlNeo4j,
        Format::Gexf,
        Format::CsvNodes,
        Format::CsvEdges,
        Format::NodeLink,
        Format::Cytoscape,
        Format::Dot,
        Format::Svg,
        Format::Html,
    ];

    /// The name used on the command line and in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Format::Turtle => "turtle",
            Format::NTriples => "ntriples",
            Format::RdfXml => "rdfxml",
            Format::JsonLd => "jsonld",
            Format::TriG => "trig",
            Format::NQuads => "nquads",
            Format::GraphMl => "graphml",
            Format::GraphMlYed => "graphml-yed",
            Format::GraphMlNeo4j => "graphml-neo4j",
            Format::Gexf => "gexf",
            Format::CsvNodes => "csv-nodes",
            Format::CsvEdges => "csv-edges",
            Format::NodeLink => "nodelink",
            Format::Cytoscape => "cytoscape",
            Format::Dot => "dot",
            Format::Svg => "svg",
            Format::Html => "html",
        }
    }

    /// The file name in the output folder.
    pub fn file_name(self) -> &'static str {
        match self {
            Format::Turtle => "glossary.ttl",
            Format::NTriples => "glossary.nt",
            Format::RdfXml => "glossary.rdf",
            Format::JsonLd => "glossary.jsonld",
            Format::TriG => "glossary.trig",
            Format::NQuads => "glossary.nq",
            Format::GraphMl => "glossary.graphml",
            Format::GraphMlYed => "glossary.yed.graphml",
            Format::GraphMlNeo4j => "glossary.neo4j.graphml",
            Format::Gexf => "glossary.gexf",
            Format::CsvNodes => "glossary.nodes.csv",
            Format::CsvEdges => "glossary.edges.csv",
            Format::NodeLink => "glossary.nodelink.json",
            Format::Cytoscape => "glossary.cyjs",
            Format::Dot => "glossary.dot",
            Format::Svg => "glossary.svg",
            Format::Html => "glossary.html",
        }
    }

    /// The format named `name` on the command line.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The RDF serialization, for the RDF formats.
    pub fn rdf(self) -> Option<oxigraph::io::RdfFormat> {
        use oxigraph::io::RdfFormat;
        Some(match self {
            Format::Turtle => RdfFormat::Turtle,
            Format::NTriples => RdfFormat::NTriples,
            Format::RdfXml => RdfFormat::RdfXml,
            Format::JsonLd => RdfFormat::JsonLd {
                profile: oxigraph::io::JsonLdProfileSet::empty(),
            },
            Format::TriG => RdfFormat::TriG,
            Format::NQuads => RdfFormat::NQuads,
            _ => return None,
        })
    }
}

/// Writes `glossary` in `format` to `w`; `view` selects what the DOT topic map draws (the
/// HTML map always shows every term).
///
/// # Errors
/// Those of `w`, a view that cannot be drawn, or [`Format::Svg`] on Graphviz's engines, which
/// only `render` draws (see [`crate::svg`]).
pub fn write(
    glossary: &Glossary,
    config: &Config,
    format: Format,
    view: &dot::View,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    if let Some(rdf_format) = format.rdf() {
        return rdf::write::write(glossary, config, rdf_format, w).map(|_| ());
    }
    match format {
        Format::GraphMl => graphml::write(glossary, config, graphml::Profile::Default, w),
        Format::GraphMlYed => graphml::write(glossary, config, graphml::Profile::Yed, w),
        Format::GraphMlNeo4j => graphml::write(glossary, config, graphml::Profile::Neo4j, w),
        Format::Gexf => gexf::write(glossary, config, w),
        Format::CsvNodes => csv::write_nodes(glossary, w),
        Format::CsvEdges => csv::write_edges(glossary, w),
        Format::NodeLink => nodelink::write(glossary, config, w),
        Format::Cytoscape => cytoscape::write(glossary, config, w),
        Format::Dot => dot::write(glossary, config, view, w),
        Format::Svg if view.engine == dot::Engine::Map => svg::draw::write(glossary, config, view, w),
        Format::Svg => Err(ExportError::Unwritable(format!(
            "with `--engine {}` Graphviz lays the map out: use `glossgraph render --output FILE.svg`",
            view.engine.name()
        ))),
        Format::Html => Ok(html::write(glossary, config, w)?),
        _ => unreachable!("RDF formats are handled above"),
    }
}

/// The colours of the statuses glossgraph knows: the pastel fill of GraphML (yEd) and DOT
/// maps, and the ring the two topic maps (the SVG and the HTML map) draw around a term, the
/// same hue dark enough to read as a line on white (contrast at least 3:1, WCAG's bar for
/// graphics): the maps fill a term with its topic's colour and ring it with its status.
const KNOWN_STATUSES: [(&str, &str, &str); 5] = [
    ("shipping", "#b3de69", "#3f7d1a"),
    ("emerging", "#80b1d3", "#2f6f9f"),
    ("draft", "#ffffb3", "#807000"),
    ("deprecated", "#fdb462", "#b35900"),
    ("obsolete", "#d9d9d9", "#6b6b6b"),
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
    if let Some(&(_, fill, ring)) = KNOWN_STATUSES.iter().find(|(s, _, _)| *s == status) {
        return Some((fill, ring));
    }
    // Other configured statuses take the next colours in the order they are configured, so
    // a status keeps its colour whatever the cards say.
    config
        .statuses
        .iter()
        .filter(|s| !KNOWN_STATUSES.iter().any(|(k, _, _)| k == s))
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
        let rings = KNOWN_STATUSES
            .iter()
            .map(|&(_, fill, ring)| (fill, ring))
            .chain(OTHER_STATUSES);
        for (fill, ring) in rings {
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
}
