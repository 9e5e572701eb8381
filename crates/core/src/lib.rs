//! The core of glossgraph: the term card and its rules, loading, checking, the glossary graph
//! every output reads, settings, formatting, and the all-or-nothing writing of files.
//!
//! ```text
//! card → load → check → graph (+ the topic map, glossgraph_map)
//!  (rules,  (origins   (config)
//!   decode)  in diag)
//! ```
//!
//! - [`card`]: the term card, its lenient decoder and its value rules (slugs, citation
//!   markers); [`schema`]: its JSON Schema; [`diag`]: findings, and the places they point at.
//! - [`load`]: folders, array files, JSON Lines and stdin into located cards; [`check`]: every
//!   rule, then the report; [`config`]: `glossgraph.toml` and the flags over it.
//! - [`graph`]: the petgraph model the writers read, with its topic map ([`map`], the crate
//!   below); [`output`]: the error and the chunked parallel writing every writer shares.
//! - [`fmt`]: cards in their canonical form; [`git`]: a glossary as it was at a git revision;
//!   [`generate`]: synthetic glossaries for tests and benchmarks.
//!
//! The crates above (export, serve) import from here; nothing here names them, and the
//! compiler holds it to that.
//!
//! ```
//! use glossgraph_core::{check, config::Config, load};
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
pub mod fmt;
pub mod generate;
pub mod git;
pub mod graph;
pub mod hex;
pub mod hierarchy;
pub mod language;
pub mod load;
pub mod output;
pub mod schema;
mod statements;
pub mod suggest;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod visible;

pub use glossgraph_map as map;
use glossgraph_map::rng;

pub use card::{Card, Draft};
pub use graph::Glossary;
