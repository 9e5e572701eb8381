//! `glossgraph generate`: a synthetic glossary for tests and benchmarks.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use glossgraph::generate::{Generator, Output};

use crate::cli::GenerateArgs;

pub fn run(args: &GenerateArgs) -> Result<ExitCode> {
    let generator = Generator::new(args.params())?;
    generator.write(&Output::parse(&args.out), io::stdout().lock())?;
    if let Some(path) = &args.topics_out {
        // Written beside, then renamed: never half a file.
        let temp = path.with_extension("tmp");
        let write = || -> io::Result<()> {
            let mut out = io::BufWriter::new(std::fs::File::create(&temp)?);
            for i in 0..args.terms {
                if let Some(topic) = generator.planted_topic(i) {
                    writeln!(out, "{}\t{topic}", generator.card(i).slug)?;
                }
            }
            out.into_inner()
                .map_err(io::IntoInnerError::into_error)?
                .sync_all()?;
            std::fs::rename(&temp, path)
        };
        write().with_context(|| format!("cannot write `{}`", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
