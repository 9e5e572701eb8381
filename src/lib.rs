//! glossgraph turns a technical glossary — a folder of JSON term cards — into a knowledge
//! graph: it loads and checks the cards, builds a petgraph graph of their relations, and
//! exports it (RDF/SKOS, GraphML, DOT) or answers SPARQL over it.
//!
//! The modules follow the pipeline, and import one another only in its direction (a test in
//! `tests/it/architecture.rs` holds them to it):
//!
//! ```text
//! card → load → check → graph → rdf ─┬→ export (+ export::svg, export::bundle)
//!  (rules,  (origins   (config)  (map)   ├→ sparql (store, results, serve, http, push)
//!   decode)  in diag)                    └→ rdf::read (import)
//! ```
//!
//! - [`card`]: the term card, its lenient decoder and its value rules (slugs, citation
//!   markers); [`diag`]: findings, and the places they point at.
//! - [`load`]: folders, array files, JSON Lines and stdin into located cards; [`check`]: every
//!   rule, then the report; [`config`]: `glossgraph.toml` and the flags over it.
//! - [`graph`]: the petgraph model the writers read; [`map`]: its topics and layout, computed
//!   once and shared by every graph output.
//! - [`rdf`]: the RDF/SKOS mapping both ways (vocabulary, writing, reading back).
//! - [`export`]: one file per format, and the all-or-nothing folder with its manifest;
//!   [`output`]: the error and the chunked parallel writing every writer shares.
//! - [`sparql`]: the embedded store, query answers, the HTTP endpoint, pushing to a store.
//! - [`diff`]: what changed between two versions of a glossary (cards, and the SPARQL Update
//!   between their RDF); [`git`]: a glossary as it was at a git revision.
//! - [`generate`]: synthetic glossaries for tests and benchmarks; [`docsite`]: a
//!   documentation site's Markdown pages read into cards (`import DIR`).
//!
//! The binary (`src/bin/glossgraph/`) parses arguments, calls these modules, prints and picks
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

pub mod card;
pub mod check;
pub mod config;
pub mod diag;
pub mod diff;
pub mod docsite;
pub mod export;
pub mod fmt;
pub mod generate;
pub mod git;
pub mod graph;
mod hex;
pub mod load;
pub mod map;
pub mod output;
mod parallel;
pub mod rdf;
mod rng;
pub mod site;
pub mod sparql;
mod suggest;
#[cfg(test)]
mod testing;

pub use card::{Card, Draft};
pub use graph::Glossary;
