//! `glossgraph schema`: the JSON Schema of a card (see `glossgraph::card::schema`).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::cli::SchemaArgs;

pub fn run(args: &SchemaArgs) -> Result<ExitCode> {
    let (_, config) = crate::glossary::input_and_config(&args.glossary())?;
    let schema = glossgraph::schema::schema(&config);
    // Written as one string: an io::Error (a closed pipe) stays an io::Error for main.
    let mut text = serde_json::to_string_pretty(&schema)?;
    text.push('\n');
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
