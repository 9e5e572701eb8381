//! PLACEHOLDER — replaced by the DOT exporter.

use std::io::Write;

use super::ExportError;
use crate::config::Config;
use crate::Glossary;

/// What part of the glossary to draw, and how.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {}

/// Writes the glossary as a Graphviz DOT topic map.
///
/// # Errors
/// Those of `w`.
pub fn write(_: &Glossary, _: &Config, _: &View, _: impl Write) -> Result<(), ExportError> {
    Err(ExportError::Unwritable(
        "DOT export is not built yet".into(),
    ))
}
