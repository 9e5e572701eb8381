//! glossgraph's integration tests: the real binary on fixture folders, one module per area,
//! needing nothing but the Rust toolchain, git and a shell; and, with `--features consumers`,
//! the real programs users open the outputs with (`consumers/`). One test binary; the helpers
//! all tests share are in `util/`.

mod architecture;
mod broader;
mod check;
mod cli;
#[cfg(feature = "consumers")]
mod consumers;
mod diff;
mod doc_examples;
mod docs;
mod dot;
mod export;
mod export_bench;
mod fuzz;
mod generate;
mod gexf;
mod graphml;
mod hostile;
mod html;
mod import;
mod maintainer;
mod map;
mod markdown;
mod nodelink;
mod rdf;
mod rdf_docs;
mod reconcile;
mod sheets;
mod site;
mod site_folder;
mod site_hierarchy;
mod site_languages;
mod site_vocabulary;
mod skos;
mod skosmos;
mod sources;
mod sparql;
mod svg;
mod tbx;
mod tsv;
mod util;
