//! The drawing model the topic maps share: what part of the glossary a map draws and how
//! ([`View`], [`Selection`]), what a drawing holds besides its nodes (`Places`, the groups
//! its boxes stand for, the title, the `Legend`), and the one [`palette`] of their colours.
//!
//! The DOT writer ([`crate::dot`]) and glossgraph's own SVG ([`crate::svg`]) draw a view with
//! it, each taking one [`Drawing`] (the glossary, its settings, the view and its selection),
//! so that a map laid out by Graphviz and one drawn by glossgraph select, title, group
//! and explain alike; the HTML map ([`crate::html`]), which draws the whole glossary in the
//! browser, takes its colours from the palette and its term links from `term_links`, as
//! the other two do. Each imports this module and none imports
//! another (`tests/it/architecture.rs` holds them to that).

pub mod palette;
mod places;
mod view;

pub(crate) use places::*;
pub use view::*;

/// The IRI of a term, which a drawn term links to (`URL` in DOT, `xlink:href` in SVG; see
/// [`crate::rdf::vocab::push_term_iri`]).
pub fn concept_iri(base: &str, slug: &str) -> String {
    let mut out = String::with_capacity(base.len() + 5 + slug.len());
    crate::rdf::vocab::push_term_iri(&mut out, base, slug);
    out
}
