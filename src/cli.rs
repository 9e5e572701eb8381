//! The command line, as clap definitions only. Help texts live in the doc comments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use glossgraph::config::Settings;

/// Turn a glossary of JSON term cards into a knowledge graph: check it, export it, query it.
#[derive(Debug, Parser)]
#[command(
    name = "glossgraph",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(
    after_help = "Exit codes: 0 success; 1 the glossary is invalid (or differs, or a query failed); \
2 glossgraph could not run (bad arguments, unreadable input, failed write)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// When to colour the output (NO_COLOR is respected by `auto`).
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    pub color: Color,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check a glossary and report every problem, with its file and place.
    ///
    /// Examples:
    ///   glossgraph check                      # the cards in data/
    ///   glossgraph check cards.jsonl --format json
    ///   cat cards.json | glossgraph check - --deny-warnings
    #[command(verbatim_doc_comment)]
    Check(CheckArgs),

    /// Run a SPARQL query over the glossary (SELECT, ASK, CONSTRUCT, DESCRIBE).
    ///
    /// The prefixes dcterms: gx: owl: rdf: rdfs: schema: skos: status: term: xsd: are
    /// predeclared. Results go to stdout: a table on a terminal, CSV (Turtle for graphs)
    /// otherwise, or the format chosen with --results.
    ///
    /// Examples:
    ///   glossgraph query 'SELECT ?t ?l { ?t skos:prefLabel ?l } LIMIT 5'
    ///   glossgraph query data --file q.rq --results json
    ///   glossgraph query --list
    ///   glossgraph query --saved supersession-chain --param slug=roce-v2
    #[command(verbatim_doc_comment)]
    Query(QueryArgs),

    /// Serve the glossary over HTTP: SPARQL 1.1 Protocol at /query, Graph Store (read-only)
    /// at /store, a query page at /.
    ///
    /// Examples:
    ///   glossgraph serve                       # http://127.0.0.1:7878/
    ///   glossgraph serve cards.jsonl --bind 127.0.0.1:8080 --timeout 10 --cors
    #[command(verbatim_doc_comment)]
    Serve(ServeArgs),

    /// Replace the glossary's graph in an external triple store (Graph Store PUT, or SPARQL
    /// Update with --protocol update).
    ///
    /// The password is read from the GLOSSGRAPH_PASSWORD environment variable or from
    /// --password-file, never from the command line.
    ///
    /// Examples:
    ///   glossgraph push --endpoint http://127.0.0.1:7878/store --dry-run
    ///   GLOSSGRAPH_PASSWORD=… glossgraph push --endpoint http://host:8890/sparql-graph-crud-auth \
    ///       --user dba --graph https://example.org/glossary/ --verify http://host:8890/sparql
    #[command(verbatim_doc_comment)]
    Push(PushArgs),

    /// Read RDF that follows glossgraph's mapping (as `export` writes it) back into term cards.
    ///
    /// Writes DIR/<slug>.json for every term and DIR/glossgraph.toml with the base IRI,
    /// language, title and statuses found in the file. Nothing is written unless the whole
    /// file follows the mapping; every problem is reported, by subject.
    ///
    /// Examples:
    ///   glossgraph import exports/glossary.ttl --out cards
    ///   glossgraph import dump.xml --format rdfxml --out cards
    #[command(verbatim_doc_comment)]
    Import(ImportArgs),
}

/// Where the glossary comes from and how it is configured; shared by every command.
#[derive(Debug, Clone, Args)]
pub struct GlossaryArgs {
    /// A folder of *.json cards, a JSON array file, a JSON Lines file (.jsonl), or - for stdin.
    #[arg(default_value = "data", value_name = "INPUT")]
    pub input: String,

    /// Treat unknown fields in cards as errors, not warnings.
    #[arg(long)]
    pub strict: bool,

    /// Base IRI of the glossary (overrides glossgraph.toml); must end in / or #.
    #[arg(long, value_name = "IRI")]
    pub base: Option<String>,

    /// Language tag of labels and texts (overrides glossgraph.toml).
    #[arg(long, value_name = "TAG")]
    pub language: Option<String>,

    /// Title of the glossary (overrides glossgraph.toml).
    #[arg(long)]
    pub title: Option<String>,

    /// Read settings from this file instead of INPUT's glossgraph.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

impl GlossaryArgs {
    /// The settings given as flags.
    pub fn settings(&self) -> Settings {
        Settings {
            base: self.base.clone(),
            language: self.language.clone(),
            title: self.title.clone(),
            statuses: None,
        }
    }
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// Output format of the report.
    #[arg(long, value_enum, default_value_t = ReportFormat::Human)]
    pub format: ReportFormat,

    /// Exit with 1 when there are warnings, not only errors.
    #[arg(long)]
    pub deny_warnings: bool,
}

#[derive(Debug, Args)]
pub struct QueryArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// The query text. With a single positional argument and no --file or --saved, that
    /// argument is the query and the glossary is read from data/.
    #[arg(value_name = "QUERY")]
    pub query: Option<String>,

    /// Read the query from this file.
    #[arg(long, short = 'f', value_name = "FILE", conflicts_with_all = ["query", "saved"])]
    pub file: Option<PathBuf>,

    /// Run a saved query (see --list).
    #[arg(long, value_name = "NAME", conflicts_with = "query")]
    pub saved: Option<String>,

    /// List the saved queries and their parameters.
    #[arg(long, conflicts_with_all = ["query", "file", "saved"])]
    pub list: bool,

    /// Bind a variable of the query before it runs: --param slug=roce-v2. Values are bound
    /// as RDF terms, never pasted into the query.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,

    /// How to write the answer: table, csv, tsv, json, xml; for CONSTRUCT and DESCRIBE
    /// also turtle, ntriples, rdfxml, jsonld, trig, nquads.
    #[arg(long, value_name = "FORMAT")]
    pub results: Option<String>,

    /// Stop the query after this many seconds (exit 1).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// Address to listen on. Anything but a loopback address exposes the glossary to the
    /// network (a warning is printed).
    #[arg(long, default_value = "127.0.0.1:7878", value_name = "HOST:PORT")]
    pub bind: String,

    /// Stop each query after this many seconds (HTTP 503).
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    pub timeout: f64,

    /// Largest request body accepted, in bytes (HTTP 413 beyond).
    #[arg(long, default_value_t = 1 << 20, value_name = "BYTES")]
    pub max_body: usize,

    /// Most connections served at once; more wait their turn.
    #[arg(long, default_value_t = 128, value_name = "N")]
    pub max_connections: usize,

    /// Allow cross-origin requests from this origin (`*` for any).
    #[arg(long, value_name = "ORIGIN", num_args = 0..=1, default_missing_value = "*")]
    pub cors: Option<String>,
}

#[derive(Debug, Args)]
pub struct PushArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// The store's Graph Store endpoint (e.g. http://127.0.0.1:7878/store), or its SPARQL
    /// Update endpoint with --protocol update.
    #[arg(long, value_name = "URL")]
    pub endpoint: String,

    /// The graph to replace (default: the glossary's base IRI).
    #[arg(long, value_name = "IRI")]
    pub graph: Option<String>,

    /// How to replace the graph: one Graph Store PUT, or DROP + INSERT DATA batches.
    #[arg(long, value_enum, default_value_t = PushProtocol::GraphStore)]
    pub protocol: PushProtocol,

    /// User name for HTTP authentication (Basic or Digest, as the server asks; default:
    /// GLOSSGRAPH_USER); the password comes from GLOSSGRAPH_PASSWORD or --password-file.
    #[arg(long, value_name = "NAME")]
    pub user: Option<String>,

    /// Read the password from the first line of this file.
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<PathBuf>,

    /// Triples per INSERT DATA request with --protocol update.
    #[arg(long, default_value_t = 5000, value_name = "N")]
    pub batch_size: usize,

    /// Retries after a server error (5xx) or a failed connection, with growing pauses.
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub retries: u32,

    /// Give up on a request after this many seconds.
    #[arg(long, default_value_t = 300.0, value_name = "SECONDS")]
    pub timeout: f64,

    /// After pushing, count the graph's triples through this SPARQL query endpoint and
    /// check they are the ones sent.
    #[arg(long, value_name = "URL")]
    pub verify: Option<String>,

    /// Say what would be sent, send nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PushProtocol {
    /// SPARQL 1.1 Graph Store HTTP Protocol: one PUT replaces the graph atomically.
    GraphStore,
    /// SPARQL 1.1 Update: DROP SILENT GRAPH, then INSERT DATA in batches.
    Update,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The RDF file: Turtle, N-Triples, RDF/XML, JSON-LD, TriG or N-Quads.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The folder to write the cards into (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,

    /// The RDF format of FILE [default: guessed from its extension: .ttl .nt .rdf/.xml
    /// .jsonld/.json .trig .nq].
    #[arg(long, value_name = "NAME", value_parser = ["turtle", "ntriples", "rdfxml", "jsonld", "trig", "nquads"])]
    pub format: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Like a compiler: the line, the problem underlined, a hint.
    Human,
    /// One JSON document with every finding and a summary.
    Json,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
