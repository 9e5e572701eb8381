//! PLACEHOLDER — replaced by the RDF/SKOS exporter.

use std::io::Write;

use super::ExportError;
use crate::config::Config;
use crate::Glossary;

/// Writes the glossary as RDF; returns the number of triples (or quads) written.
///
/// # Errors
/// Those of `w`.
pub fn write(
    _: &Glossary,
    _: &Config,
    _: oxigraph::io::RdfFormat,
    _: impl Write,
) -> Result<u64, ExportError> {
    Err(ExportError::Unwritable(
        "RDF export is not built yet".into(),
    ))
}
