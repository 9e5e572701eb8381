//! The one integration-test binary: end-to-end runs of `glossgraph`, one module per area.

mod dot;
mod generate;
mod graphml;
mod rdf;
mod sparql;
