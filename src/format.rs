//! `glossgraph fmt`: cards rewritten in the canonical form (see `glossgraph::fmt`).

use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use glossgraph::fmt::{self, FileError, Layout, Outcome};

use crate::cli::{FmtArgs, DEFAULT_INPUT};
use crate::exit;

pub fn run(args: &FmtArgs) -> Result<ExitCode> {
    let inputs: Vec<&str> = if args.inputs.is_empty() {
        vec![DEFAULT_INPUT]
    } else {
        args.inputs.iter().map(String::as_str).collect()
    };
    let mut changed = 0;
    let mut failed = 0;
    let mut err = io::stderr().lock();
    for input in inputs {
        if input == "-" {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .context("cannot read standard input")?;
            match fmt::format(&text, Layout::of("-", &text)) {
                Ok(formatted) => {
                    changed += usize::from(formatted != text);
                    if !args.check {
                        io::stdout().lock().write_all(formatted.as_bytes())?;
                    }
                }
                Err(e) => {
                    writeln!(err, "glossgraph: error: <stdin>:{e}")?;
                    failed += 1;
                }
            }
            continue;
        }
        for path in fmt::files(input)? {
            match fmt::format_file(&path, args.check) {
                Ok(Outcome::Unchanged) => {}
                Ok(Outcome::Changed) => {
                    changed += 1;
                    if args.check {
                        writeln!(io::stdout(), "would reformat {}", path.display())?;
                    } else {
                        writeln!(err, "glossgraph: formatted {}", path.display())?;
                    }
                }
                Err(e @ FileError::Syntax { .. }) => {
                    writeln!(err, "glossgraph: error: {e} (left as it is)")?;
                    failed += 1;
                }
                Err(e) => {
                    writeln!(err, "glossgraph: error: {e}")?;
                    failed += 1;
                }
            }
        }
    }
    if args.check && changed > 0 {
        writeln!(
            err,
            "glossgraph: {changed} file{} would be reformatted; run `glossgraph fmt`",
            if changed == 1 { "" } else { "s" }
        )?;
    }
    Ok(if failed > 0 {
        ExitCode::from(exit::FAILURE)
    } else if args.check && changed > 0 {
        ExitCode::from(exit::FINDINGS)
    } else {
        ExitCode::SUCCESS
    })
}
