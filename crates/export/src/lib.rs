//! Exports: one file per format, all written from the checked [`Glossary`].
//!
//! Every writer takes `impl Write + Send` and streams; none holds a whole serialization in
//! memory. (`Send`, because the cores that render the chunks of a file also write them.)
//! [`Format`] names each output and its file in `exports/`; [`write`] dispatches to the
//! format's module. Exporters never import each other: what the topic maps share (the view,
//! the legend, the colours) is the drawing model, [`drawing`], which each of them imports.
//!
//! Beside the formats, the outputs built on them: [`rdf`] (the RDF/SKOS mapping both ways),
//! [`render`] (a map drawn into an image, by glossgraph's SVG or by Graphviz on the DOT),
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
pub mod docsite;
pub mod dot;
pub mod drawing;
pub mod fields;
pub mod gexf;
pub mod graphml;
pub mod html;
mod json;
pub mod markdown;
pub mod nodelink;
pub mod rdf;
pub mod render;
pub mod sheet;
pub mod site;
pub mod sources;
pub mod svg;
pub mod tbx;
pub mod tsv;
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
    /// TBX-Basic in TBX v3 (ISO 30042:2019), the term base of translators' tools (see [`tbx`]).
    Tbx,
    /// TBX-Basic in TBX v2 (`martif`), which translate-toolkit and Weblate read.
    Tbx2,
    /// A two-column glossary of one language pair (see [`tsv`]): written only when named,
    /// with the pair of [`drawing::View::pair`].
    Tsv,
    /// The glossary as a workbook, a row per term (see [`sheet`]): written only when named.
    Xlsx,
    /// The same as an OpenDocument spreadsheet.
    Ods,
    /// The same sheet as CSV (the graph-tools CSV is [`Format::CsvNodes`]).
    SheetCsv,
    /// The same sheet as TSV (the two-column glossary is [`Format::Tsv`]).
    SheetTsv,
    /// The workbook of voc4cat's template, which `voc4cat convert` turns into SKOS (see
    /// [`sheet::voc4cat`]): written only when named.
    Voc4cat,
}

impl Format {
    pub const ALL: [Format; 19] = [
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
        Format::Tbx,
        Format::Tbx2,
    ];

    /// The formats written only when `--format` names them: not in [`Format::ALL`].
    pub const NAMED: [Format; 6] = [
        Format::Tsv,
        Format::Xlsx,
        Format::Ods,
        Format::SheetCsv,
        Format::SheetTsv,
        Format::Voc4cat,
    ];

    /// Every format, those written by default and those written when named.
    pub fn every() -> impl Iterator<Item = Format> {
        Self::ALL.into_iter().chain(Self::NAMED)
    }

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
            Format::Tbx => "tbx",
            Format::Tbx2 => "tbx2",
            Format::Tsv => "tsv",
            Format::Xlsx => "xlsx",
            Format::Ods => "ods",
            Format::SheetCsv => "sheet-csv",
            Format::SheetTsv => "sheet-tsv",
            Format::Voc4cat => "voc4cat",
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
            Format::Tbx => "glossary.tbx",
            Format::Tbx2 => "glossary.v2.tbx",
            Format::Tsv => "glossary.tsv",
            Format::Xlsx => "glossary.xlsx",
            Format::Ods => "glossary.ods",
            Format::SheetCsv => "glossary.sheet.csv",
            Format::SheetTsv => "glossary.sheet.tsv",
            Format::Voc4cat => "glossary.voc4cat.xlsx",
        }
    }

    /// The format named `name` on the command line.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::every().find(|f| f.name() == name)
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
/// only `render` draws (see [`crate::render`]).
pub fn write(
    glossary: &Glossary,
    config: &Config,
    format: Format,
    view: &drawing::View,
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
        Format::CsvNodes => csv::write_nodes(glossary, config, w),
        Format::CsvEdges => csv::write_edges(glossary, w),
        Format::NodeLink => nodelink::write(glossary, config, w),
        Format::Cytoscape => cytoscape::write(glossary, config, w),
        Format::Dot => dot::write(&drawing::Drawing::select(glossary, config, view)?, w),
        Format::Svg if view.engine == drawing::Engine::Map => {
            svg::draw::write(&drawing::Drawing::select(glossary, config, view)?, w)
        }
        Format::Svg => Err(ExportError::Unwritable(format!(
            "with `--engine {}` Graphviz lays the map out: use `glossgraph render --output FILE.svg`",
            view.engine.name()
        ))),
        Format::Html => Ok(html::write(glossary, config, w)?),
        Format::Tbx => tbx::write(glossary, config, tbx::Version::V3, w),
        Format::Tbx2 => tbx::write(glossary, config, tbx::Version::V2, w),
        Format::Tsv => match &view.pair {
            Some((source, target)) => tsv::write(glossary, &config.language, (source, target), w),
            None => Err(ExportError::Unwritable(
                "the TSV glossary is of one language pair: name it with --languages \
                 SOURCE,TARGET"
                    .to_owned(),
            )),
        },
        Format::Xlsx => sheet::write(glossary, config, sheet::Kind::Xlsx, w),
        Format::Ods => sheet::write(glossary, config, sheet::Kind::Ods, w),
        Format::SheetCsv => sheet::write(glossary, config, sheet::Kind::Csv, w),
        Format::SheetTsv => sheet::write(glossary, config, sheet::Kind::Tsv, w),
        Format::Voc4cat => sheet::write_voc4cat(glossary, config, w),
        _ => unreachable!("RDF formats are handled above"),
    }
}
