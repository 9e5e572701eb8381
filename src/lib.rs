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

pub mod card;
pub mod check;
pub mod config;
pub mod diag;
pub mod export;
pub mod generate;
pub mod graph;
pub mod import;
pub mod load;
pub mod render;
pub mod sparql;
pub mod vocab;

pub use card::{Card, Draft};
pub use graph::Glossary;

/// How many threads the work that is spread over cores uses: one per core, up to eight.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// `f` over each of `parts`, each on a thread of its own, the results in the order of `parts`;
/// a panic in `f` is raised again here.
pub(crate) fn on_threads<T: Send, R: Send>(
    parts: impl IntoIterator<Item = T>,
    f: impl Fn(T) -> R + Sync,
) -> Vec<R> {
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|part| scope.spawn(move || f(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}
