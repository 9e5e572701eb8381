//! `glossgraph render`: the topic map drawn by Graphviz into an SVG, PNG or PDF file, or the
//! interactive HTML map (which needs no Graphviz), by the extension of `--output`.

use std::process::ExitCode;

use anyhow::{Context, Result};
use glossgraph::export::{html, svg};

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
    if html::is_html(&args.output) {
        anyhow::ensure!(
            args.view.focus.is_none() && args.view.status.is_empty(),
            "the HTML map shows the whole glossary (it has its own filters): --focus and \
             --status only apply to images drawn by Graphviz"
        );
        html::write_file(&checked.glossary, &checked.config, &args.output)
            .with_context(|| format!("cannot write `{}`", args.output.display()))?;
    } else {
        let rendered = svg::render(
            &checked.glossary,
            &checked.config,
            &args.view.view(),
            &args.output,
        )?;
        for line in rendered.warnings.lines().filter(|l| !l.trim().is_empty()) {
            eprintln!("glossgraph: graphviz: {line}");
        }
    }
    glossary::leave(checked);
    Ok(ExitCode::SUCCESS)
}
