//! `glossgraph render`: the topic map drawn by Graphviz into an SVG, PNG or PDF file.

use std::process::ExitCode;

use anyhow::Result;
use glossgraph::export::svg;

use crate::cli::{Color, RenderArgs};
use crate::glossary;

pub fn run(args: &RenderArgs, color: Color) -> Result<ExitCode> {
    let checked = match glossary::load_valid(&args.glossary, color, true)? {
        Ok(checked) => checked,
        Err(code) => {
            eprintln!("glossgraph: error: the glossary has errors; nothing was rendered");
            return Ok(code);
        }
    };
    let rendered = svg::render(
        &checked.glossary,
        &checked.config,
        &args.view.view(),
        &args.output,
    )?;
    for line in rendered.warnings.lines().filter(|l| !l.trim().is_empty()) {
        eprintln!("glossgraph: graphviz: {line}");
    }
    glossary::leave(checked);
    Ok(ExitCode::SUCCESS)
}
