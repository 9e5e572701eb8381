//! `glossgraph fmt`: cards rewritten in the canonical form (see `glossgraph::fmt`).

use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use glossgraph::fmt::{self, FileError, Layout, Outcome};
use glossgraph::visible::printable;

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
            // A byte-order mark is dropped, as from a file.
            match fmt::format(&text, Layout::of("-", &text)) {
                Ok(formatted) => {
                    changed += usize::from(formatted != text);
                    if !args.check {
                        io::stdout().lock().write_all(formatted.as_bytes())?;
                    }
                }
                Err(e) => {
                    writeln!(
                        err,
                        "glossgraph: error: <stdin>:{}",
                        printable(&e.to_string())
                    )?;
                    failed += 1;
                }
            }
            continue;
        }
        // A hook hands `fmt` every changed JSON file: one that belongs to no glossary is
        // left as it is.
        let path = std::path::Path::new(input);
        if path.is_file() && glossgraph::load::is_foreign(path) {
            writeln!(
                err,
                "glossgraph: note: {}",
                crate::check::foreign_note(input)
            )?;
            continue;
        }
        for path in fmt::files(input)? {
            match fmt::format_file(&path, args.check) {
                Ok(Outcome::Unchanged) => {}
                Ok(Outcome::Changed) => {
                    changed += 1;
                    if args.check {
                        let path = path.display().to_string();
                        writeln!(io::stdout(), "would reformat {}", printable(&path))?;
                    } else {
                        let path = path.display().to_string();
                        writeln!(err, "glossgraph: formatted {}", printable(&path))?;
                    }
                }
                Err(e @ FileError::Syntax { .. }) => {
                    let e = e.to_string();
                    writeln!(err, "glossgraph: error: {} (left as it is)", printable(&e))?;
                    failed += 1;
                }
                Err(e) => {
                    writeln!(err, "glossgraph: error: {}", printable(&e.to_string()))?;
                    failed += 1;
                }
            }
        }
    }
    if args.check && changed > 0 {
        let mut command = String::from("glossgraph fmt");
        for input in &args.inputs {
            command.push(' ');
            command.push_str(&crate::glossary::shell_word(input));
        }
        writeln!(
            err,
            "glossgraph: {changed} file{} would be reformatted; run `{command}`",
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
