//! SPARQL over the glossary (issue 5): `query`, `serve` and `push`, end to end, against
//! `glossgraph serve` itself and a scripted HTTP server. (Oxigraph's server, Virtuoso and the
//! other clients are in the consumer tier: `consumers/{push,incremental,large,serve,query}.rs`.)

pub mod push;
pub mod query;
pub mod serve;
