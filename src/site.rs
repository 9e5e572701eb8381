//! `glossgraph site`: the glossary as a static website (see `glossgraph::site`).

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use glossgraph::site;

use crate::cli::{Color, SiteArgs};
use crate::glossary;
use crate::progress::size;

pub fn run(args: &SiteArgs, color: Color) -> Result<ExitCode> {
    let input = args.glossary.input();
    let guard = site::Guard {
        input: (input != "-").then(|| Path::new(input)),
        force: args.force,
    };
    // Refused before the glossary is checked: nothing to render if there is nowhere to put it.
    if let Some(reason) = site::refusal(&args.out, &guard) {
        anyhow::bail!(
            "cannot write the site into `{}`: {reason}",
            args.out.display()
        );
    }
    let checked = match glossary::load_valid(&args.glossary, color, false)? {
        Ok(checked) => checked,
        Err(code) => {
            eprintln!("glossgraph: error: the glossary has errors; no site was written");
            return Ok(code);
        }
    };
    let started = Instant::now();
    let written = site::write(&checked.glossary, &checked.config, &args.out, &guard)
        .with_context(|| format!("cannot write the site into `{}`", args.out.display()))?;
    for note in &written.notes {
        eprintln!("glossgraph: note: {note}");
    }
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
