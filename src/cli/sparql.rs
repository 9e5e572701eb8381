//! The arguments of the commands that answer SPARQL or feed a triple store: `query`, `serve`
//! and `push`, with the timeouts they all take in seconds ([`seconds`]).

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};

use super::glossary::GlossaryArgs;

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

    /// More glossaries to serve beside the first, as a Skosmos hosts several vocabularies.
    /// Each INPUT's id is its folder's or file's name; ID=INPUT gives another (letters,
    /// digits, - and _). With several, each one's website is at /ID/, its SPARQL triples in
    /// the named graph of its base IRI (the default graph their union).
    #[arg(value_name = "INPUT")]
    pub more: Vec<String>,

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

    /// Allow cross-origin requests from this origin (`*` for any) to the site and /store;
    /// /query, /reconcile and /rest/v1/ answer any origin without it.
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

/// A positive number of seconds given to `flag`.
pub fn seconds(value: f64, flag: &str) -> Result<Duration> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| anyhow!("{flag} must be a positive number of seconds, not {value}"))
}
