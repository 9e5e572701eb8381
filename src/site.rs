//! `glossgraph site`: the glossary as a static website (see `glossgraph::site`).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};

use crate::cli::{Color, SiteArgs};
use crate::glossary;
use crate::progress::size;

pub fn run(args: &SiteArgs, color: Color) -> Result<ExitCode> {
    let checked = match glossary::load_valid(&args.glossary, color, false)? {
        Ok(checked) => checked,
        Err(code) => {
            eprintln!("glossgraph: error: the glossary has errors; no site was written");
            return Ok(code);
        }
    };
    let started = Instant::now();
    let written = glossgraph::site::write(&checked.glossary, &checked.config, &args.out)
        .with_context(|| format!("cannot write the site into `{}`", args.out.display()))?;
    eprintln!(
        "glossgraph: wrote the site of {} terms into {} ({} files, {}) in {:.2} s",
        checked.glossary.cards().len(),
        args.out.display(),
        written.files,
        size(written.bytes),
        started.elapsed().as_secs_f64()
    );
    glossary::leave(checked);
    Ok(ExitCode::SUCCESS)
}
