//! The command line, as clap definitions only. Help texts live in the doc comments.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};

use glossgraph::config::Settings;
use glossgraph::export::drawing::{Cluster, Engine, View};
use glossgraph::export::Format;
use glossgraph::generate::Params;

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
2 glossgraph could not run (bad arguments, unreadable input, failed write); 130 export was \
interrupted (Ctrl-C, SIGTERM) and cleaned up."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    // Under a heading of its own, after each command's options: it applies to them all.
    /// When to colour the output (NO_COLOR is respected by `auto`).
    #[arg(
        long,
        value_enum,
        default_value_t = Color::Auto,
        value_name = "WHEN",
        global = true,
        help_heading = "Global options"
    )]
    pub color: Color,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether to colour a stream: `--color always`, or `auto` on a terminal without NO_COLOR.
    pub fn enabled(self, stream: &impl IsTerminal) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                stream.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    // In the order `glossgraph --help` lists them: the main job first, the shell's helpers last.
    /// Check the glossary, then write every format into a folder, all or nothing, with a manifest.
    ///
    /// Writes exports/glossary.{ttl,nt,rdf,jsonld,trig,nq}, glossary.graphml,
    /// glossary.yed.graphml, glossary.neo4j.graphml, glossary.gexf, glossary.nodes.csv and
    /// glossary.edges.csv (`--format csv`), glossary.nodelink.json, glossary.cyjs,
    /// glossary.dot, glossary.svg (drawn by glossgraph; by Graphviz, when installed, with
    /// --engine dot or sfdp), glossary.html and manifest.json.
    /// An invalid glossary writes nothing and exits 1.
    ///
    /// Examples:
    ///   glossgraph export                          # data/ -> exports/
    ///   glossgraph export --check                  # exit 1 if exports/ is stale
    ///   glossgraph export cards.jsonl --out out --format turtle,graphml
    ///   glossgraph export --format ntriples --out - | wc -l
    ///   glossgraph export --format csv,nodelink,cytoscape --out graph-tools
    #[command(verbatim_doc_comment)]
    Export(ExportArgs),

    /// Check a glossary and report every problem, with its file and place.
    ///
    /// Examples:
    ///   glossgraph check                      # the cards in data/
    ///   glossgraph check cards.jsonl --format json
    ///   cat cards.json | glossgraph check - --deny-warnings
    ///   glossgraph check data/roce-v2.json    # one card, in its glossary's context
    ///   glossgraph check --fix --dry-run      # the safe fixes, as a diff
    ///   glossgraph check --format github      # annotations on a pull request
    #[command(verbatim_doc_comment)]
    Check(CheckArgs),

    /// Rewrite cards in the canonical form: the sample's (two-space indent, keys in the seed
    /// card's order, unknown keys after them, non-ASCII as itself, lists in their order,
    /// numbers as written, no byte-order mark).
    ///
    /// Only files whose text changes are written (atomically); a file that is not JSON is
    /// reported with its place and left as it is. JSON array and JSON Lines files are
    /// formatted too. Exit 0 when everything is formatted, 1 with --check when a file would
    /// change, 2 when a file cannot be read or parsed.
    ///
    /// Examples:
    ///   glossgraph fmt                         # every card in data/
    ///   glossgraph fmt --check                 # in CI: list what would change, exit 1
    ///   glossgraph fmt data/roce-v2.json cards.jsonl
    ///   glossgraph fmt - < card.json           # standard input to standard output
    #[command(verbatim_doc_comment)]
    Fmt(FmtArgs),

    /// Print the JSON Schema (draft-07) of a term card, with the statuses of INPUT's settings.
    ///
    /// Editors check cards against it as people type; docs/guide/maintaining.md shows VS Code's setting.
    /// It is strict: an unknown key is rejected, as `check --strict` rejects it.
    ///
    /// Examples:
    ///   glossgraph schema > card.schema.json
    ///   glossgraph schema cards/ --config glossgraph.toml
    #[command(verbatim_doc_comment)]
    Schema(SchemaArgs),

    /// Compare two versions of a glossary: terms added, removed and renamed, and the fields
    /// that changed in each term (a word-level diff for texts).
    ///
    /// A removed slug whose card reappears under a new slug — with the old slug in its
    /// `supersedes`, or the same `term` — is a rename. Lists compare as sets, as in the RDF.
    /// Exit 0 when the glossaries are the same, 1 when they differ, 2 when one cannot be read.
    ///
    /// Examples:
    ///   glossgraph diff old-cards/ data/
    ///   glossgraph diff --git HEAD~1                 # data/ at HEAD~1 against data/ now
    ///   glossgraph diff --git v1.0 cards.jsonl --format json
    ///   glossgraph diff old.jsonl new.jsonl --format sparql-update > update.ru
    #[command(verbatim_doc_comment)]
    Diff(DiffArgs),

    /// Run a SPARQL query over the glossary (SELECT, ASK, CONSTRUCT, DESCRIBE).
    ///
    /// The prefixes dcterms: gx: owl: rdf: rdfs: schema: skos: status: term: xsd: are
    /// predeclared. Results go to stdout: a table on a terminal, CSV (Turtle for graphs)
    /// otherwise, or the format chosen with --results.
    ///
    /// Examples:
    ///   glossgraph query 'SELECT ?t ?l { ?t skos:prefLabel ?l } ORDER BY ?l LIMIT 5'
    ///   glossgraph query data --file q.rq --results json
    ///   glossgraph query --list
    ///   glossgraph query --saved supersession-chain --param slug=nvme-of-1-0
    #[command(verbatim_doc_comment)]
    Query(QueryArgs),

    /// Render a topic map as SVG, PNG or PDF — terms grouped by topic at the places of
    /// glossgraph's layout — or as the interactive HTML map.
    ///
    /// The format follows the extension of --output. FILE.svg is drawn by glossgraph itself,
    /// at any size (the same bytes on every machine). PNG and PDF need Graphviz (Debian/Ubuntu:
    /// apt-get install graphviz), which draws glossgraph's layout as it stands (neato -n2);
    /// --engine dot or sfdp has Graphviz lay the map out instead (any format). FILE.html needs
    /// nothing and always shows the whole glossary.
    ///
    /// Examples:
    ///   glossgraph render --output map.svg                        # the whole glossary in data/
    ///   glossgraph render --focus roce-v2 --depth 2 --output roce-v2.svg
    ///   glossgraph render --status shipping,emerging --cluster status --engine dot --output live.pdf
    ///   glossgraph render big.jsonl --cluster none --output big.png
    ///   glossgraph render --output map.html                       # open it in a browser
    #[command(verbatim_doc_comment)]
    Render(RenderArgs),

    /// Write the glossary as a static website whose pages sit at the terms' IRIs.
    ///
    /// A page per term at term/SLUG/index.html with its RDF beside it (term/SLUG.ttl,
    /// .jsonld, .rdf), an A–Z index that prints, topic pages, the interactive map, a search
    /// box that works offline, sitemap.xml, 404.html and an .htaccess that negotiates HTML
    /// or RDF at every IRI on Apache. Links are relative: the site works from any folder,
    /// from file://, and hosted at the glossary's base IRI. `glossgraph serve` previews it.
    ///
    /// Examples:
    ///   glossgraph site                        # data/ -> site/
    ///   glossgraph site cards.jsonl --out public
    #[command(verbatim_doc_comment)]
    Site(SiteArgs),

    /// Serve the glossary over HTTP: its website (each term's IRI negotiated: the page, or
    /// its RDF), SPARQL 1.1 Protocol at /query, Graph Store (read-only) at /store, a query
    /// page at /sparql.
    ///
    /// Examples:
    ///   glossgraph serve                       # http://127.0.0.1:7878/
    ///   glossgraph serve cards.jsonl --bind 127.0.0.1:8080 --timeout 10 --cors
    #[command(verbatim_doc_comment)]
    Serve(ServeArgs),

    /// Replace the glossary's graph in an external triple store (Graph Store PUT, or SPARQL
    /// Update with --protocol update), or bring the store's copy up to date by sending only
    /// the card graphs that changed (--incremental).
    ///
    /// The password is read from the GLOSSGRAPH_PASSWORD environment variable or from
    /// --password-file, never from the command line.
    ///
    /// Examples:
    ///   glossgraph push --endpoint http://127.0.0.1:7878/store --dry-run
    ///   GLOSSGRAPH_PASSWORD=… glossgraph push --endpoint http://host:8890/sparql-graph-crud-auth \
    ///       --user dba --graph https://example.org/glossary/ --verify http://host:8890/sparql
    ///   glossgraph push --incremental --endpoint http://127.0.0.1:7878/store \
    ///       --update-endpoint http://127.0.0.1:7878/update --read-endpoint http://127.0.0.1:7878/query
    #[command(verbatim_doc_comment)]
    Push(PushArgs),

    /// Read RDF that follows glossgraph's mapping (as `export` writes it), or a folder of
    /// Markdown pages with front matter (a documentation site's glossary), into term cards.
    ///
    /// Writes OUT/<slug>.json for every term and OUT/glossgraph.toml with the base IRI,
    /// language, title and statuses found. Nothing is written unless every input is read;
    /// every problem is reported, by subject or by file and line.
    ///
    /// A folder: each *.md page is a term (not _*.md, index.md, nor pages that set `layout`),
    /// its slug the file's name; front-matter keys map to fields (title, aka/aliases,
    /// description/short_description/summary, status, lastmod/date, draft), others are kept
    /// on the card. `[import]` in the folder's glossgraph.toml or in --config FILE overrides
    /// the keys and sets `term-link`, a pattern for the site's own term links, and `site`,
    /// the address that links to the site's other pages (`/docs/…`) are made absolute against.
    ///
    /// Examples:
    ///   glossgraph import exports/glossary.ttl --out cards
    ///   glossgraph import dump.xml --format rdfxml --out cards
    ///   glossgraph import website/content/en/docs/reference/glossary --out cards --config k8s.toml
    #[command(verbatim_doc_comment)]
    Import(ImportArgs),

    /// Generate a synthetic glossary for tests and benchmarks: the same options always give
    /// the same bytes.
    ///
    /// The cards pass `check` without errors: linked by `related` with a heavy-tailed degree
    /// distribution and a connected graph, some `supersedes` chains, citations, mixed-precision
    /// dates, and texts with characters that exporters must escape. The only warnings are the
    /// one-way `related` links asked for by --one-way and the habits asked for by --untidy.
    ///
    /// Examples:
    ///   glossgraph generate --terms 2000 --out corpus.jsonl
    ///   glossgraph generate --terms 50 --seed 7 --out cards/    # one <slug>.json per card
    ///   glossgraph generate --terms 10 --awkward 0 --out -      # plain ASCII to stdout
    #[command(verbatim_doc_comment)]
    Generate(GenerateArgs),

    /// Print a shell completion script.
    ///
    /// Example:
    ///   glossgraph completions bash > ~/.local/share/bash-completion/completions/glossgraph
    #[command(verbatim_doc_comment)]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },

    /// Print the man page (roff), generated from these same definitions.
    ///
    /// Examples:
    ///   glossgraph man > glossgraph.1 && man ./glossgraph.1
    ///   glossgraph man export > glossgraph-export.1    # one subcommand, every option
    #[command(verbatim_doc_comment)]
    Man {
        /// The subcommand whose page to print (glossgraph-SUBCOMMAND(1)); without it, the
        /// page of glossgraph itself.
        subcommand: Option<String>,
    },
}

/// A count given on the command line: a whole number, 0 or more. (A negative one is read as
/// a value, not as a flag, so that it gets this message rather than clap's advice to write
/// `-- -1`, which would make it the INPUT.)
fn count(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a count: give a whole number, 0 or more"))
}

/// The INPUT of every command when none is given.
pub const DEFAULT_INPUT: &str = "data";

/// `--title` and `--config`, the same for every command that reads a glossary's settings.
#[derive(Debug, Clone, Default, Args)]
pub struct TitleConfigArgs {
    /// Title of the glossary (overrides glossgraph.toml).
    #[arg(long)]
    pub title: Option<String>,

    /// Read settings from this file instead of INPUT's glossgraph.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// Where the glossary comes from and how it is configured; shared by every command.
#[derive(Debug, Clone, Args)]
pub struct GlossaryArgs {
    /// A folder of *.json cards, one card's file, a JSON array file, a JSON Lines file
    /// (.jsonl, .ndjson), or - for stdin [default: data]
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,

    /// Treat unknown fields in cards as errors, not warnings.
    #[arg(long)]
    pub strict: bool,

    /// Base IRI of the glossary (overrides glossgraph.toml); must end in / or #.
    #[arg(long, value_name = "IRI")]
    pub base: Option<String>,

    /// Language tag of labels and texts (overrides glossgraph.toml).
    #[arg(long, value_name = "TAG")]
    pub language: Option<String>,

    #[command(flatten)]
    pub title_config: TitleConfigArgs,
}

impl GlossaryArgs {
    /// The glossary to read: INPUT, or `data` when it is not given.
    pub fn input(&self) -> &str {
        self.input.as_deref().unwrap_or(DEFAULT_INPUT)
    }

    /// The settings given as flags.
    pub fn settings(&self) -> Settings {
        Settings {
            base: self.base.clone(),
            language: self.language.clone(),
            title: self.title_config.title.clone(),
            ..Settings::default()
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// More card files. Card files given as INPUT are checked in their glossary's context:
    /// the whole glossary of the nearest folder holding glossgraph.toml (or of the files'
    /// own folder) is checked, and the findings of those files are reported. A file of no
    /// glossary (no glossgraph.toml above it, no card in it) is left alone, with a note.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,

    /// Output format of the report.
    #[arg(long, value_enum, default_value_t = ReportFormat::Human)]
    pub format: ReportFormat,

    /// Exit with 1 when there are warnings, not only errors.
    #[arg(long)]
    pub deny_warnings: bool,

    /// Apply the safe fixes (a one-way link's missing mirror is added, a byte-order mark
    /// removed), say what changed card by card (at most --max-per-rule lines, the rest
    /// counted), then report what is left (with --format json, `fixes` first). Changed files
    /// are written whole, in the canonical form of `glossgraph fmt`. Standard input (-) is
    /// refused (exit 2): it has no file to write to.
    #[arg(long)]
    pub fix: bool,

    /// With --fix, apply the fixes that guess what was meant too: a dangling link replaced by
    /// the one slug close to it, a misspelled key renamed to the one field close to it (a
    /// misspelled list merged into the list it meant, when the card has both). A card with a
    /// misspelled list gets no safe fix to that list: it is renamed first.
    #[arg(long, requires = "fix")]
    pub unsafe_fixes: bool,

    /// With --fix, write nothing: print the changes as a unified diff on stdout and the
    /// findings no fix removes on stderr (with --format json, one JSON document of both on
    /// stdout; sarif and github are refused), and exit 1 when a file would change or the
    /// findings fail the check.
    #[arg(long, requires = "fix")]
    pub dry_run: bool,

    /// Show at most N findings of each rule, then count the others in one line (0: show
    /// every finding); with --fix, at most N of the changes made. The summary counts the
    /// findings of every rule; --format json always lists every finding.
    #[arg(long, value_name = "N", default_value_t = MAX_PER_RULE, allow_negative_numbers = true, value_parser = count)]
    pub max_per_rule: usize,
}

/// How many findings of one rule a report shows by default (`check --max-per-rule`, and the
/// report of an invalid glossary that other commands print).
pub const MAX_PER_RULE: usize = 10;

#[derive(Debug, Args)]
pub struct QueryArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// The query text. With a single positional argument and no --file or --saved, that
    /// argument is the query and the glossary is read from data/; QUERY may also come before
    /// INPUT.
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
    /// also turtle, ntriples, rdfxml, jsonld, trig, nquads, or a picture of the terms the
    /// answer mentions: graphml, dot.
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

    /// Most connections at once. A new connection past it takes the place of one that sits
    /// idle after an answer, or is new and has sent nothing (never one running a request or
    /// holding an unread one); if none comes free within a second, it gets HTTP 503.
    #[arg(long, default_value_t = 128, value_name = "N")]
    pub max_connections: usize,

    /// Most connections at once from one client address, with the same rule.
    #[arg(long, default_value_t = 64, value_name = "N")]
    pub max_per_client: usize,

    /// Allow cross-origin requests from this origin (`*` for any).
    #[arg(long, value_name = "ORIGIN", num_args = 0..=1, default_missing_value = "*")]
    pub cors: Option<String>,

    /// Write one line per request on standard error: method, path, status, milliseconds.
    #[arg(long)]
    pub log: bool,

    /// Reload the glossary when a card or the settings change, and serve the new one (the
    /// site, queries, the map). An edit with errors is reported with its file and place, on
    /// stderr and at the top of every page, over the last good glossary (a glossary with
    /// errors from the start is served as a page of its errors); pages reload themselves
    /// until the errors are fixed.
    #[arg(long)]
    pub watch: bool,
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

    /// Triples per INSERT DATA request with --protocol update (Virtuoso refuses much more
    /// than 1000).
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub batch_size: usize,

    /// Largest Graph Store request body in bytes (Turtle); a larger glossary goes as a PUT
    /// and POSTs, which replaces the graph in steps instead of atomically. (Virtuoso 7.2
    /// stalls on one request of some 500,000 triples; 16 MiB is about 200,000.)
    #[arg(long, default_value_t = 16 << 20, value_name = "BYTES")]
    pub max_body: usize,

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

    /// Keep the store's copy up to date by sending only what changed: each card in its own
    /// named graph ({base}graph/{slug}, as in the N-Quads export), a SHA-256 per graph kept
    /// in {base}graph/_push; changed graphs are replaced, vanished ones dropped. With the
    /// Graph Store protocol each changed graph is one PUT to --endpoint, and the hash entries
    /// are removed and vanished graphs dropped through --update-endpoint; with --protocol
    /// update everything goes as SPARQL Update to --endpoint.
    #[arg(long, conflicts_with = "graph")]
    pub incremental: bool,

    /// With --incremental and the Graph Store protocol: the store's SPARQL Update endpoint
    /// (Virtuoso's /sparql-auth, Oxigraph's /update).
    #[arg(long, value_name = "URL", requires = "incremental")]
    pub update_endpoint: Option<String>,

    /// With --incremental and the Graph Store protocol: graphs PUT at once, each over a
    /// connection of its own (a store spends most of a small PUT on the request, not the
    /// triples; 1 sends one after the other).
    #[arg(long, default_value_t = 2, value_name = "N", requires = "incremental")]
    pub connections: usize,

    /// With --incremental: the SPARQL query endpoint the pushed graphs' hashes are read from
    /// [default: the update endpoint, which Virtuoso's /sparql-auth answers; Oxigraph's is
    /// /query].
    #[arg(long, value_name = "URL", requires = "incremental")]
    pub read_endpoint: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PushProtocol {
    /// SPARQL 1.1 Graph Store HTTP Protocol: one PUT replaces the graph atomically.
    GraphStore,
    /// SPARQL 1.1 Update: DROP SILENT GRAPH, then INSERT DATA in batches.
    Update,
}

/// Which part of the glossary a topic map draws, and how (`render`, and in `export` only
/// glossary.dot and glossary.svg: every other format holds the whole glossary).
#[derive(Debug, Clone, Args)]
pub struct ViewArgs {
    /// Draw only this term and its neighbourhood (export: glossary.dot and .svg only).
    #[arg(long, value_name = "SLUG")]
    pub focus: Option<String>,

    /// With --focus: draw the terms up to N links away (any kind, either direction).
    #[arg(long, value_name = "N", default_value_t = 1, requires = "focus")]
    pub depth: usize,

    /// Draw only terms with these statuses (comma-separated); the focus term is always drawn
    /// (export: glossary.dot and .svg only).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub status: Vec<String>,

    /// Group terms into boxes [default: topic; none with sfdp, which draws no boxes] (export:
    /// glossary.dot and .svg only).
    #[arg(long, value_enum)]
    pub cluster: Option<ClusterArg>,

    /// Who lays the map out: map (glossgraph's topic map, any size; drawn by glossgraph as SVG,
    /// by Graphviz's neato -n2 as PNG or PDF), dot (Graphviz's layered layout, up to a few hundred terms) or sfdp (Graphviz's
    /// force-directed layout) (export: glossary.dot and .svg only).
    #[arg(long, value_enum, default_value_t = EngineArg::Map)]
    pub engine: EngineArg,

    /// Refuse to draw more than N terms [default: no limit with map, 500 with dot, 20000
    /// with sfdp; 0: no limit].
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<usize>,
}

impl ViewArgs {
    /// The flags given that change the view, as typed: `--focus` and the others.
    pub fn given(&self) -> Vec<&'static str> {
        let mut given = Vec::new();
        if self.focus.is_some() {
            given.push("--focus");
        }
        if !self.status.is_empty() {
            given.push("--status");
        }
        if self.cluster.is_some() {
            given.push("--cluster");
        }
        if self.engine != EngineArg::Map {
            given.push("--engine");
        }
        if self.max_nodes.is_some() {
            given.push("--max-nodes");
        }
        given
    }

    /// The view these flags ask for, with the size guard of the engine unless --max-nodes says
    /// otherwise.
    pub fn view(&self) -> View {
        let engine = match self.engine {
            EngineArg::Map => Engine::Map,
            EngineArg::Dot => Engine::Dot,
            EngineArg::Sfdp => Engine::Sfdp,
        };
        let cluster = self.cluster.unwrap_or(match engine {
            Engine::Sfdp => ClusterArg::None,
            _ => ClusterArg::Topic,
        });
        View {
            focus: self.focus.clone(),
            depth: self.depth,
            statuses: self.status.clone(),
            cluster: match cluster {
                ClusterArg::None => Cluster::None,
                ClusterArg::Topic => Cluster::Topic,
                ClusterArg::Status => Cluster::Status,
                ClusterArg::Component => Cluster::Component,
            },
            engine,
            max_nodes: match self.max_nodes {
                Some(0) => None,
                Some(n) => Some(n),
                None => Some(engine.default_max_nodes()).filter(|&n| n < usize::MAX),
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ClusterArg {
    None,
    /// One box per topic found in the graph.
    Topic,
    /// One box per status (with --engine dot: the map engine places terms by topic).
    Status,
    /// One box per connected group of terms.
    Component,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    Map,
    Dot,
    Sfdp,
}

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

/// The settings the schema is made of. Not [`GlossaryArgs`]: the schema has one form, the
/// strict one (no `--strict`), and no text to tag with a language (no `--language`).
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// The glossary whose settings (its glossgraph.toml: statuses, base IRI, title) the
    /// schema takes: a folder of cards or a card, array or JSON Lines file [default: data]
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,

    /// Base IRI of the glossary (overrides glossgraph.toml), under which the schema's $id
    /// is; must end in / or #.
    #[arg(long, value_name = "IRI")]
    pub base: Option<String>,

    #[command(flatten)]
    pub title_config: TitleConfigArgs,
}

impl SchemaArgs {
    /// The glossary arguments these settings stand for.
    pub fn glossary(&self) -> GlossaryArgs {
        GlossaryArgs {
            input: self.input.clone(),
            strict: true,
            base: self.base.clone(),
            language: None,
            title_config: self.title_config.clone(),
        }
    }
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Folders of cards, card files, JSON array or JSON Lines files, or - for standard input
    /// (written to standard output); a file of no glossary (no glossgraph.toml above it, no
    /// card in it) is left alone, with a note [default: data]
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,

    /// Change nothing: name each file that would change, and exit 1 if any would.
    #[arg(long)]
    pub check: bool,
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
pub struct ImportArgs {
    /// The RDF file (Turtle, N-Triples, RDF/XML, JSON-LD, TriG or N-Quads), or a folder of
    /// Markdown pages.
    #[arg(value_name = "FILE|DIR")]
    pub file: PathBuf,

    /// The folder to write the cards into (created if missing; also --output, -o).
    #[arg(long, short = 'o', visible_alias = "output", value_name = "DIR")]
    pub out: PathBuf,

    /// The RDF format of FILE [default: guessed from its extension: .ttl .nt .rdf/.xml
    /// .jsonld/.json .trig .nq].
    #[arg(long, value_name = "NAME", value_parser = ["turtle", "ntriples", "rdfxml", "jsonld", "trig", "nquads"])]
    pub format: Option<String>,

    /// The IRI relative IRIs of FILE resolve against [default: the file's own file: URL].
    #[arg(long, value_name = "IRI")]
    pub base: Option<String>,

    /// The glossary's main language, for a vocabulary not written by glossgraph [default:
    /// the scheme's dcterms:language, else the language of its title, else the language
    /// most labels have].
    #[arg(long, value_name = "TAG")]
    pub language: Option<String>,

    /// Refuse (exit 1, nothing written) when anything of FILE cannot be kept in the cards.
    #[arg(long)]
    pub strict: bool,

    /// Read FILE as a SKOS vocabulary even when it is a glossgraph export: for the export
    /// of an imported vocabulary, whose concepts keep their published IRIs.
    #[arg(long)]
    pub vocabulary: bool,
    /// Settings for a folder of pages (`base`, `title`, `language`, `[import]`) [default:
    /// DIR/glossgraph.toml, if there is one].
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
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
        }
    }
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Number of term cards (1 to 60466176).
    #[arg(long, value_name = "N")]
    pub terms: u32,

    /// Seed of the pseudo-random numbers; another seed gives another glossary.
    #[arg(long, value_name = "S", default_value_t = Params::DEFAULT_SEED)]
    pub seed: u64,

    /// Where to write: a path ending in .jsonl or .ndjson (JSON Lines, one card per line),
    /// .json (one JSON array), - for JSON Lines on standard output, or else a folder (new or
    /// empty) that gets one pretty-printed <slug>.json per card (also --output, -o). A file
    /// that exists is refused without --force, as a folder that is not empty always is.
    #[arg(long, short = 'o', visible_alias = "output", value_name = "PATH")]
    pub out: String,

    /// Replace the --out file if it exists.
    #[arg(long)]
    pub force: bool,

    /// Mean number of terms each term is related to (2 to 64).
    #[arg(long, value_name = "D", default_value_t = Params::DEFAULT_DEGREE)]
    pub degree: f64,

    /// Share of related pairs that only one of the two cards lists (0 to 1); each is a
    /// one-way-related warning.
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_ONE_WAY)]
    pub one_way: f64,

    /// Share of terms in supersedes chains of 2 to 4 terms (0 to 1).
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_SUPERSEDE)]
    pub supersede: f64,

    /// Probability that a text carries characters that need escaping or are not ASCII
    /// (quotes, < > &, backslashes, ]]>, -->, accents, CJK, emoji, U+200F, tabs and newlines
    /// in notes) (0 to 1); 0 writes plain ASCII.
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_AWKWARD)]
    pub awkward: f64,

    /// Share of a term's related links that stay inside its planted topic (0 to 1); 0, the
    /// default, plants no topics. Real glossaries have subject areas: 0.8 gives a map with
    /// visible groups.
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_TOPIC_STRENGTH)]
    pub topic_strength: f64,

    /// Mean number of terms of a planted topic (2 to 100000).
    #[arg(long, value_name = "N", default_value_t = Params::DEFAULT_TOPIC_SIZE)]
    pub topic_size: u32,

    /// Probability (0 to 1) of each of three untidy habits on a card, drawn apart: an alias
    /// that is another term's label (overlapping-labels), a citation nothing cites
    /// (unused-citation), a deprecated status without replacement (no-replacement). Warnings
    /// only: with --one-way, the shape of a glossary written by many hands.
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_UNTIDY)]
    pub untidy: f64,

    /// Also write each card's planted topic as `slug<TAB>topic` lines to FILE (to score a
    /// topic detection against).
    #[arg(long, value_name = "FILE", requires = "topic_strength")]
    pub topics_out: Option<PathBuf>,
}

impl GenerateArgs {
    pub fn params(&self) -> Params {
        Params {
            terms: self.terms,
            seed: self.seed,
            degree: self.degree,
            one_way: self.one_way,
            supersede: self.supersede,
            awkward: self.awkward,
            topic_strength: self.topic_strength,
            topic_size: self.topic_size,
            untidy: self.untidy,
        }
    }
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// OLD and NEW: each a folder of cards, a card file, a JSON array or JSON Lines file, or -
    /// for stdin. With --git, one INPUT [default: data], compared as it was at REV with as it
    /// is now.
    #[arg(value_name = "INPUT", num_args = 0..=2)]
    pub inputs: Vec<String>,

    /// Read the old version from this git revision (a commit, tag, branch, HEAD~1…), through
    /// the `git` program.
    #[arg(long, value_name = "REV")]
    pub git: Option<String>,

    /// How to write the differences.
    #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
    pub format: DiffFormat,

    /// Only the summary: how many times each field changed, and the counts (text format).
    #[arg(long)]
    pub stat: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// For people: one line per added, removed or renamed term, the changed fields indented
    /// below each changed one (coloured on a terminal).
    Text,
    /// One JSON document, schema glossgraph-diff/1 (docs/diff.md).
    Json,
    /// SPARQL 1.1 Update (DELETE DATA / INSERT DATA per card graph) that turns a store holding
    /// OLD's quads into one holding NEW's.
    SparqlUpdate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Like a compiler: the line, the problem underlined, a hint.
    Human,
    /// One JSON document with every finding and a summary.
    Json,
    /// SARIF 2.1.0, as GitHub code scanning reads it.
    Sarif,
    /// GitHub Actions workflow commands: an annotation per finding, then the summary.
    Github,
}

/// A positive number of seconds given to `flag`.
pub fn seconds(value: f64, flag: &str) -> Result<Duration> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| anyhow!("{flag} must be a positive number of seconds, not {value}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_export_format_has_a_command_line_name() {
        for format in Format::ALL {
            let arg = FormatArg::from_str(format.name(), false).expect("a name clap accepts");
            assert_eq!(arg.formats(), [format]);
        }
    }
}
