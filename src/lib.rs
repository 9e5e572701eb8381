//! glossgraph turns a technical glossary — a folder of JSON term cards — into a knowledge
//! graph: it loads and checks the cards, builds a petgraph graph of their relations, and
//! exports it (RDF/SKOS, GraphML, DOT) or answers SPARQL over it.
//!
//! The modules follow the pipeline: [`card`] → [`load`] → [`check`] → [`graph`], with
//! [`config`] for the settings beside the cards and [`diag`] for findings.
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
pub mod export;
pub mod generate;
pub mod graph;
pub mod load;
pub mod output;
mod parallel;
pub mod rdf;
mod rng;
pub mod sparql;

pub use card::{Card, Draft};
pub use graph::Glossary;
