//! The RDF/SKOS mapping of term cards, both ways, in one place: [`vocab`] names every IRI
//! and prefix, [`write`] turns the glossary into quads (and serializes them through
//! Oxigraph; N-Triples and N-Quads through `lines`, which writes the bytes Oxigraph's
//! serializers would, without their cost), [`read`] turns RDF that follows the mapping back
//! into cards (`glossgraph import`). A change to the mapping is made here and nowhere else; the tests of `import`
//! check that `read` undoes `write`.
//!
//! [`crate::write()`] writes the six RDF files through [`write`]; the SPARQL store (in the
//! serve crate) is filled from [`write::quads`].

mod lines;
pub mod read;
mod serializer;
pub mod vocab;
pub mod write;
