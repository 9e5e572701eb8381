//! SPARQL over the glossary (issue 5): `query`, `serve` and `push`, end to end.
//!
//! The servers these tests talk to are real and local: `glossgraph serve` itself, Oxigraph
//! server (`oxigraph serve`, from PyPI) and Virtuoso (`virtuoso-t`, from Debian), each
//! started on a free loopback port and stopped when its guard drops. Clients are real too:
//! curl, Python's SPARQLWrapper, headless Chromium. Every tool is installed by
//! `scripts/install-test-tools.sh`; a missing one fails the test with that advice.

mod incremental;
mod large;
mod push;
mod query;
mod serve;
pub mod stores;
