//! `glossgraph generate`: a synthetic glossary for tests and benchmarks.

use std::io;
use std::process::ExitCode;

use anyhow::Result;
use glossgraph::generate::{Generator, Output};

use crate::cli::GenerateArgs;

pub fn run(args: &GenerateArgs) -> Result<ExitCode> {
    let generator = Generator::new(args.params())?;
    generator.write(&Output::parse(&args.out), io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}
