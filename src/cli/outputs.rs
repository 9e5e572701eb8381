//! The arguments of the commands that write the glossary out: `export` (its formats and
//! GraphML profiles by their command-line names), `render` and `site`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use glossgraph::export::Format;

use super::glossary::GlossaryArgs;
use super::view::ViewArgs;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProfileArg {
    /// Gephi, Cytoscape, NetworkX and igraph: `label` and `name` carry the term.
    Default,
    /// yEd: yFiles graphics, labels visible on open, fill by status.
    Yed,
    /// Neo4j APOC apoc.import.graphml with readLabels: node labels and relationship types.
    Neo4j,
}

impl ProfileArg {
    /// The export format of this profile.
    pub fn format(self) -> Format {
        match self {
            ProfileArg::Default => Format::GraphMl,
            ProfileArg::Yed => Format::GraphMlYed,
            ProfileArg::Neo4j => Format::GraphMlNeo4j,
        }
    }
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// The file to write: FILE.svg, FILE.png, FILE.pdf or FILE.html (also --out, as the
    /// other commands spell it).
    #[arg(long, short, visible_alias = "out", value_name = "FILE")]
    pub output: PathBuf,

    #[command(flatten)]
    pub view: ViewArgs,
}

#[derive(Debug, Args)]
pub struct SiteArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// The folder to write the site into, replaced whole (also --output, -o). A folder that
    /// holds files glossgraph did not write is refused, and so are the glossary's own folder,
    /// a folder holding it or inside it, and the working folder.
    #[arg(
        long,
        short = 'o',
        visible_alias = "output",
        default_value = "site",
        value_name = "DIR"
    )]
    pub out: PathBuf,

    /// Replace DIR even though it holds files glossgraph did not write (never the glossary,
    /// a folder holding it, or the working folder).
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// Output folder, or - to write a single format to standard output (also --output, -o).
    #[arg(
        long,
        short = 'o',
        visible_alias = "output",
        default_value = "exports",
        value_name = "DIR"
    )]
    pub out: String,

    /// Formats to write, comma-separated (default: all).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub format: Vec<FormatArg>,

    /// The source and target languages of --format tsv, as BCP 47 tags (the glossary's
    /// own language, or one of its cards' `languages`).
    #[arg(long, value_delimiter = ',', value_name = "SOURCE,TARGET")]
    pub languages: Vec<String>,

    /// Do not write: regenerate in memory and compare with DIR; exit 1 if anything differs.
    #[arg(long)]
    pub check: bool,

    /// Let this term, which DIR/manifest.json records as exported, be gone from the glossary
    /// (its IRI stops resolving). Without it, a removed card stops the export: keep it as a
    /// tombstone instead (status obsolete or deprecated, supersededBy its replacement).
    #[arg(long, value_name = "SLUG", value_delimiter = ',')]
    pub allow_removal: Vec<String>,

    /// Allow the removal of every term whose slug this file lists, one a line (blank lines
    /// and lines starting with # are skipped): for removing many terms deliberately.
    #[arg(long, value_name = "FILE")]
    pub allow_removals_from: Option<PathBuf>,

    /// Write GraphML for this consumer only (instead of every profile).
    #[arg(long, value_enum, value_name = "NAME")]
    pub profile: Option<ProfileArg>,

    /// What the DOT topic map and the SVG draw.
    #[command(flatten)]
    pub view: ViewArgs,

    /// Print nothing but errors.
    #[arg(short, long)]
    pub quiet: bool,

    /// Say what is being done.
    #[arg(short, long, conflicts_with = "quiet")]
    pub verbose: bool,
}

/// An export format, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    Turtle,
    Ntriples,
    Rdfxml,
    Jsonld,
    Trig,
    Nquads,
    Graphml,
    GraphmlYed,
    GraphmlNeo4j,
    Gexf,
    /// Both CSV files, glossary.nodes.csv and glossary.edges.csv.
    Csv,
    CsvNodes,
    CsvEdges,
    Nodelink,
    Cytoscape,
    Dot,
    Svg,
    Html,
    /// TBX-Basic in TBX v3 (ISO 30042:2019) for translators' tools: glossary.tbx.
    Tbx,
    /// TBX-Basic in TBX v2 (martif), as translate-toolkit and Weblate read it:
    /// glossary.v2.tbx.
    Tbx2,
    /// Two columns, a source term and its target term, for the pair of --languages
    /// (DeepL, memoQ, OmegaT): glossary.tsv. Written only when named.
    Tsv,
    /// A workbook, a row per term and a column per field and language, to edit and read
    /// back: glossary.xlsx. Written only when named.
    Xlsx,
    /// The same as an OpenDocument spreadsheet: glossary.ods. Written only when named.
    Ods,
    /// The same sheet as CSV: glossary.sheet.csv. Written only when named.
    SheetCsv,
    /// The same sheet as TSV: glossary.sheet.tsv. Written only when named.
    SheetTsv,
    /// The workbook of voc4cat's template (a row per concept and language), which
    /// `voc4cat convert` turns into SKOS: glossary.voc4cat.xlsx. Written only when named.
    Voc4cat,
}

impl FormatArg {
    /// The formats this name writes: one, or for `csv` its two files.
    pub fn formats(self) -> &'static [Format] {
        match self {
            FormatArg::Csv => &[Format::CsvNodes, Format::CsvEdges],
            other => std::slice::from_ref(other.format()),
        }
    }

    fn format(self) -> &'static Format {
        match self {
            FormatArg::Turtle => &Format::Turtle,
            FormatArg::Ntriples => &Format::NTriples,
            FormatArg::Rdfxml => &Format::RdfXml,
            FormatArg::Jsonld => &Format::JsonLd,
            FormatArg::Trig => &Format::TriG,
            FormatArg::Nquads => &Format::NQuads,
            FormatArg::Graphml => &Format::GraphMl,
            FormatArg::GraphmlYed => &Format::GraphMlYed,
            FormatArg::GraphmlNeo4j => &Format::GraphMlNeo4j,
            FormatArg::Gexf => &Format::Gexf,
            FormatArg::Csv | FormatArg::CsvNodes => &Format::CsvNodes,
            FormatArg::CsvEdges => &Format::CsvEdges,
            FormatArg::Nodelink => &Format::NodeLink,
            FormatArg::Cytoscape => &Format::Cytoscape,
            FormatArg::Dot => &Format::Dot,
            FormatArg::Svg => &Format::Svg,
            FormatArg::Html => &Format::Html,
            FormatArg::Tbx => &Format::Tbx,
            FormatArg::Tbx2 => &Format::Tbx2,
            FormatArg::Tsv => &Format::Tsv,
            FormatArg::Xlsx => &Format::Xlsx,
            FormatArg::Ods => &Format::Ods,
            FormatArg::SheetCsv => &Format::SheetCsv,
            FormatArg::SheetTsv => &Format::SheetTsv,
            FormatArg::Voc4cat => &Format::Voc4cat,
        }
    }
}
