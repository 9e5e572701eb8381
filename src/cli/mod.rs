//! The command line, as clap definitions only. Help texts live in the doc comments.
//!
//! This module holds the commands' list ([`Command`], in the order `--help` shows them) and
//! the global options; each command's arguments are in the module of its area, in the
//! pipeline's order: [`glossary`] the INPUT and settings every command shares, [`cards`] the
//! commands about the cards themselves, [`outputs`] and [`view`] those that write the
//! glossary out and what a topic map draws, [`sparql`] those that query or feed a store.

mod cards;
mod glossary;
mod outputs;
mod sparql;
mod view;

use std::io::IsTerminal;

use clap::{Parser, Subcommand, ValueEnum};

pub use cards::{
    CheckArgs, DiffArgs, DiffFormat, FmtArgs, GenerateArgs, ImportArgs, ReportFormat, SchemaArgs,
    MAX_PER_RULE,
};
pub use glossary::{GlossaryArgs, TitleConfigArgs, DEFAULT_INPUT};
pub use outputs::{ExportArgs, RenderArgs, SiteArgs};
pub use sparql::{seconds, PushArgs, PushProtocol, QueryArgs, ServeArgs};
pub use view::EngineArg;

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
    /// --engine dot or sfdp), glossary.html, glossary.tbx (TBX v3), glossary.v2.tbx (TBX v2)
    /// and manifest.json; glossary.tsv (one language pair) only with --format tsv.
    /// An invalid glossary writes nothing and exits 1.
    ///
    /// Examples:
    ///   glossgraph export                          # data/ -> exports/
    ///   glossgraph export --check                  # exit 1 if exports/ is stale
    ///   glossgraph export cards.jsonl --out out --format turtle,graphml
    ///   glossgraph export --format ntriples --out - | wc -l
    ///   glossgraph export --format csv,nodelink,cytoscape --out graph-tools
    ///   glossgraph export --format tsv --languages en,de --out -
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
    /// page at /sparql, the W3C Reconciliation Service API (OpenRefine's) at /reconcile
    /// (one glossary's at /reconcile/ID), Skosmos's REST API at /rest/v1/ (the glossary's
    /// id: the input folder's name). Several INPUTs are served at once, each a vocabulary.
    ///
    /// Examples:
    ///   glossgraph serve                       # http://127.0.0.1:7878/
    ///   glossgraph serve cards.jsonl --bind 127.0.0.1:8080 --timeout 10 --cors
    ///   glossgraph serve data thesaurus=vocab.ttl --watch   # /data/ and /thesaurus/
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

    /// Read RDF that follows glossgraph's mapping (as `export` writes it), a TBX term base (v3
    /// or v2), or a folder of Markdown pages with front matter (a documentation site's
    /// glossary), into term cards.
    ///
    /// Writes OUT/<slug>.json for every term and OUT/glossgraph.toml with the base IRI,
    /// language, title and statuses found. Nothing is written unless every input is read;
    /// every problem is reported, by subject or by file and line.
    ///
    /// A folder: each *.md page is a term (not _*.md, index.md, nor pages that set `layout`),
    /// its slug the file's name; front-matter keys map to fields (title, aka/aliases,
    /// description/short_description/summary, status, lastmod/date, draft), others are kept
    /// on the card. `[import]` in the folder's glossgraph.toml or in --config FILE overrides
    /// the keys and sets `term-link`, a pattern (or a list) for the site's own term links, and
    /// `site`, the address that links to the site's other pages (`/docs/…`) are made absolute
    /// against.
    ///
    /// Examples:
    ///   glossgraph import exports/glossary.ttl --out cards
    ///   glossgraph import dump.xml --format rdfxml --out cards
    ///   glossgraph import terms.tbx --out cards
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

#[cfg(test)]
mod tests {
    use clap::CommandFactory;
    use glossgraph::export::Format;

    use super::outputs::FormatArg;
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_export_format_has_a_command_line_name() {
        for format in Format::every() {
            let arg = FormatArg::from_str(format.name(), false).expect("a name clap accepts");
            assert_eq!(arg.formats(), [format]);
        }
    }
}
