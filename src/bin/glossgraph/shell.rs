//! `glossgraph completions` and `glossgraph man`: what a shell and `man` need, made from the
//! clap definitions so that they never drift from the real options.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;

/// The completion script for `shell`, on stdout.
pub fn completions(shell: Shell) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    clap_complete::generate(shell, &mut Cli::command(), "glossgraph", &mut out);
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// glossgraph(1), or glossgraph-SUBCOMMAND(1) with every option of that subcommand, on stdout.
pub fn man(subcommand: Option<String>) -> Result<ExitCode> {
    let mut page = Cli::command();
    if let Some(name) = subcommand {
        page.build();
        let names: Vec<String> = page
            .get_subcommands()
            .map(|c| c.get_name().to_owned())
            .collect();
        page = page
            .find_subcommand(&name)
            .cloned()
            .ok_or_else(|| {
                anyhow!(
                    "no subcommand `{name}`; man pages exist for: {}",
                    names.join(", ")
                )
            })?
            .display_name(format!("glossgraph-{name}"));
    }
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(page).render(&mut out)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
