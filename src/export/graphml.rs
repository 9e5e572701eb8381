//! PLACEHOLDER — replaced by the GraphML exporter.

use std::io::Write;

use super::ExportError;
use crate::config::Config;
use crate::Glossary;

/// Which consumer the GraphML is shaped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Profile {
    #[default]
    Default,
    Yed,
    Neo4j,
}

/// Writes the glossary as GraphML.
///
/// # Errors
/// Those of `w`.
pub fn write(_: &Glossary, _: &Config, _: Profile, _: impl Write) -> Result<(), ExportError> {
    Err(ExportError::Unwritable(
        "GraphML export is not built yet".into(),
    ))
}
