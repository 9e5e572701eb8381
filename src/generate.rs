//! `glossgraph generate`: a synthetic glossary for tests and benchmarks.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use glossgraph::generate::{Generator, Output};

use crate::cli::GenerateArgs;

pub fn run(args: &GenerateArgs) -> Result<ExitCode> {
    let generator = Generator::new(args.params())?;
    let output = Output::parse(&args.out);
    if let Output::JsonLines(path) | Output::JsonArray(path) = &output {
        if path.exists() && !args.force {
            anyhow::bail!(
                "`{}` exists already; give another --out, or --force to replace it",
                path.display()
            );
        }
    }
    generator.write(&output, io::stdout().lock())?;
    if let Some(path) = &args.topics_out {
        // Written beside, then renamed: never half a file.
        glossgraph::output::replace_file(path, |out| {
            for i in 0..args.terms {
                if let Some(topic) = generator.planted_topic(i) {
                    writeln!(out, "{}\t{topic}", generator.card(i).slug)?;
                }
            }
            Ok(())
        })
        .with_context(|| format!("cannot write `{}`", path.display()))?;
    }
    // What was written, on stderr: standard output may be the cards themselves.
    let cards = format!(
        "{} card{}",
        args.terms,
        if args.terms == 1 { "" } else { "s" }
    );
    let place = place(&output);
    let topics = match &args.topics_out {
        Some(path) => format!(", and their topics to {}", path.display()),
        None => String::new(),
    };
    eprintln!("glossgraph: wrote {cards} to {place}{topics}");
    Ok(ExitCode::SUCCESS)
}

/// Where `output` puts cards, for messages: the path and its form.
pub fn place(output: &Output) -> String {
    match output {
        Output::Stdout => "standard output".to_owned(),
        Output::JsonLines(path) => format!("{} (JSON Lines)", path.display()),
        Output::JsonArray(path) => format!("{} (one JSON array)", path.display()),
        Output::Folder(path) => format!("{} (one <slug>.json per card)", path.display()),
    }
}
