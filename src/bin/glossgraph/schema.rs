//! `glossgraph schema`: the JSON Schema of a card (see `glossgraph::card::schema`).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use glossgraph::config::Config;
use glossgraph::load::Input;

use crate::cli::SchemaArgs;

pub fn run(args: &SchemaArgs) -> Result<ExitCode> {
    let glossary = &args.glossary;
    let input = Input::parse(glossary.input());
    let config = Config::for_input(
        input.config_dir().as_deref(),
        glossary.config.as_deref(),
        glossary.settings(),
    )?;
    let schema = glossgraph::card::schema::schema(&config);
    // Written as one string: an io::Error (a closed pipe) stays an io::Error for main.
    let mut text = serde_json::to_string_pretty(&schema)?;
    text.push('\n');
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
