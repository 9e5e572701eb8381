//! glossgraph turns a technical glossary — a folder of JSON term cards — into a knowledge
//! graph: it loads and checks the cards, builds a petgraph graph of their relations, and
//! exports it (RDF/SKOS, GraphML, DOT) or answers SPARQL over it.
//!
//! This crate is the library's one name: it holds no code, and re-exports the modules of the
//! workspace's crates, one per stage, under the paths they had when all was one crate. The
//! stages import one another only in the pipeline's direction: a crate cannot name the crates
//! above it, and inside a crate a test (`tests/it/architecture.rs`) holds the modules to it.
//!
//! ```text
//! glossgraph-map   glossgraph-core                        glossgraph-export     glossgraph-serve
//!   map  ────→  card → load → check → graph ──→ rdf ─┬→ export     ──→  sparql (store, results,
//!              (rules,  (origins  (config)            ├→ site            serve, http, push)
//!               decode,  in diag)                     ├→ diff
//!               schema)                               └→ rdf::read (import)
//! ```
//!
//! - [`card`]: the term card, its lenient decoder and its value rules (slugs, citation
//!   markers); [`schema`]: its JSON Schema; [`diag`]: findings, and the places they point at.
//! - [`load`]: folders, array files, JSON Lines and stdin into located cards; [`check`]: every
//!   rule, then the report; [`config`]: `glossgraph.toml` and the flags over it.
//! - [`graph`]: the petgraph model the writers read; [`map`]: its topics and layout, computed
//!   once and shared by every graph output (the bottom crate, on plain numbers).
//! - [`rdf`]: the RDF/SKOS mapping both ways (vocabulary, writing, reading back).
//! - [`export`]: one file per format, and the all-or-nothing folder with its manifest;
//!   [`site`]: the static website;
//!   [`output`]: the error and the chunked parallel writing every writer shares.
//! - [`sparql`]: the embedded store, query answers, the HTTP endpoint, pushing to a store.
//! - [`diff`]: what changed between two versions of a glossary (cards, and the SPARQL Update
//!   between their RDF); [`git`]: a glossary as it was at a git revision.
//! - [`generate`]: synthetic glossaries for tests and benchmarks; [`visible`]: card texts
//!   shown to people with every character that could steer a terminal escaped; [`docsite`]:
//!   a documentation site's Markdown pages read into cards (`import DIR`); [`sources`]: a
//!   glossary kept in another shape (those pages, an RDF file) read in place by every command.
//!
//! The binary (`src/` at the workspace's top) parses arguments, calls these modules, prints and picks
//! the exit code; the library never prints (clippy's `print_stdout`/`print_stderr` lints).
//!
//! ```
//! use glossgraph::{check, config::Config, load};
//!
//! let text = r#"{"slug": "rdma", "term": "RDMA", "definition": "Remote direct memory access."}"#;
//! let checked = check::check(load::load_str("cards.jsonl", text), &Config::default(), check::Options::default());
//! assert!(!checked.report.is_failure(false));
//! assert_eq!(checked.glossary.cards()[0].term(), "RDMA");
//! ```

// The library never prints: what it has to say goes to its caller as values and errors.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub use glossgraph_core::{
    card, check, config, diag, fmt, generate, git, graph, hierarchy, language, load, output,
    schema, visible,
};
pub use glossgraph_export as export;
pub use glossgraph_export::{diff, docsite, rdf, sheet, site, sources, tbx};
pub use glossgraph_map as map;
pub use glossgraph_serve as sparql;

pub use card::{Card, Draft};
pub use graph::Glossary;
