//! The one integration-test binary: one module per area.

mod rdf;
