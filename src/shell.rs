//! `glossgraph completions` and `glossgraph man`: what a shell and `man` need, made from the
//! clap definitions so that they never drift from the real options.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::roff::{bold, roman, Roff};

use crate::cli::Cli;
use crate::exit;

/// The completion script for `shell`, on stdout.
pub fn completions(shell: Shell) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    clap_complete::generate(shell, &mut Cli::command(), "glossgraph", &mut out);
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// glossgraph(1), or glossgraph-SUBCOMMAND(1) with every option of that subcommand, on stdout.
///
/// clap_mangen's sections, with two of glossgraph's own: the examples of `--help` in an
/// EXAMPLES section set line by line (in the description, `man` would run them together
/// into one paragraph), and EXIT STATUS (rather than the `--help` footer, which clap_mangen
/// would put under EXTRA). clap's `help` subcommand is left out: it only prints `--help`, and
/// has no page.
pub fn man(subcommand: Option<String>) -> Result<ExitCode> {
    let mut page = Cli::command().disable_help_subcommand(true);
    page.build();
    let mut synopsis = None;
    if let Some(name) = subcommand {
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
        synopsis = Some(subcommand_synopsis(&page));
    }
    let about = page
        .get_long_about()
        .or_else(|| page.get_about())
        .map(ToString::to_string)
        .unwrap_or_default();
    let (description, examples) = split_examples(&about);
    let page = page.long_about(description).after_help(None::<&str>);
    let mut text = Vec::new();
    clap_mangen::Man::new(page).render(&mut text)?;
    let mut text = String::from_utf8(text)?;
    // clap_mangen's synopsis of a subcommand puts the global options among its own and names
    // no values (`[--base]`): glossgraph's own, as `git help` pages have it.
    if let Some(synopsis) = synopsis {
        if let Some(start) = text.find(".SH SYNOPSIS\n") {
            let body = start + ".SH SYNOPSIS\n".len();
            let end = text[body..]
                .find("\n.SH ")
                .map_or(text.len(), |i| body + i + 1);
            text.replace_range(body..end, &format!("{synopsis}\n"));
        }
    }
    let mut roff = Roff::new();
    if !examples.is_empty() {
        roff.control("SH", ["EXAMPLES"]).control("nf", []);
        for line in examples {
            roff.text([roman(line)]);
        }
        roff.control("fi", []);
    }
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in exit::MEANINGS {
        roff.control("TP", [])
            .text([bold(code.to_string())])
            .text([roman(meaning)]);
    }
    // Without the lines that define `\*(Aq`, which the page has already defined.
    let sections = roff.render();
    let sections: String = sections
        .lines()
        .skip_while(|l| l.starts_with(".ie ") || l.starts_with(".el "))
        .flat_map(|l| [l, "\n"])
        .collect();
    // Before VERSION, the last section.
    let at = text.find("\n.SH VERSION").map_or(text.len(), |i| i + 1);
    let mut out = io::stdout().lock();
    out.write_all(&text.as_bytes()[..at])?;
    out.write_all(sections.as_bytes())?;
    out.write_all(&text.as_bytes()[at..])?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The SYNOPSIS line of a subcommand's page, in roff: `glossgraph [--color WHEN] NAME`, then
/// each of its own options with its value placeholder (`[--base IRI]`), then its positionals.
fn subcommand_synopsis(command: &clap::Command) -> String {
    let roff_text = |s: &str| s.replace('-', "\\-");
    let option = |arg: &clap::Arg| -> String {
        let mut names = Vec::new();
        if let Some(short) = arg.get_short() {
            names.push(format!("\\fB\\-{short}\\fR"));
        }
        if let Some(long) = arg.get_long() {
            names.push(format!("\\fB\\-\\-{}\\fR", roff_text(long)));
        }
        let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
        let value = if takes_value {
            let name = arg
                .get_value_names()
                .and_then(|v| v.first().map(ToString::to_string))
                .unwrap_or_else(|| arg.get_id().as_str().to_ascii_uppercase());
            format!(" \\fI{}\\fR", roff_text(&name))
        } else {
            String::new()
        };
        let text = format!("{}{value}", names.join("|"));
        if arg.is_required_set() {
            text
        } else {
            format!("[{text}]")
        }
    };
    let hidden =
        |arg: &clap::Arg| arg.is_hide_set() || matches!(arg.get_id().as_str(), "help" | "version");
    let global: Vec<String> = command
        .get_arguments()
        .filter(|a| a.is_global_set() && !hidden(a))
        .map(option)
        .collect();
    let own: Vec<String> = command
        .get_arguments()
        .filter(|a| !a.is_global_set() && !a.is_positional() && !hidden(a))
        .map(option)
        .collect();
    let positionals: Vec<String> = command
        .get_positionals()
        .map(|a| {
            let name = a
                .get_value_names()
                .and_then(|v| v.first().map(ToString::to_string))
                .unwrap_or_else(|| a.get_id().as_str().to_ascii_uppercase());
            let dots = if a.get_num_args().is_some_and(|n| n.max_values() > 1) {
                "..."
            } else {
                ""
            };
            if a.is_required_set() {
                format!("\\fI{}\\fR{dots}", roff_text(&name))
            } else {
                format!("[\\fI{}\\fR]{dots}", roff_text(&name))
            }
        })
        .collect();
    let mut words = vec!["\\fBglossgraph\\fR".to_owned()];
    words.extend(global);
    words.push(format!("\\fB{}\\fR", roff_text(command.get_name())));
    words.extend(own);
    words.extend(positionals);
    words.join(" ")
}

/// A command's long help cut before its `Examples:` (or `Example:`) line: the description,
/// and the example lines without the indentation they have in `--help`.
fn split_examples(about: &str) -> (String, Vec<&str>) {
    let mut lines = about.lines();
    let description: Vec<&str> = lines
        .by_ref()
        .take_while(|l| !matches!(l.trim_end(), "Examples:" | "Example:"))
        .collect();
    let examples = lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.strip_prefix("  ").unwrap_or(l))
        .collect();
    (description.join("\n").trim_end().to_owned(), examples)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_are_cut_from_the_description() {
        let (description, examples) = split_examples(
            "Does a thing.\n\nMore.\n\nExamples:\n  tool a   # one\n  tool b \\\n      --more\n",
        );
        assert_eq!(description, "Does a thing.\n\nMore.");
        assert_eq!(examples, ["tool a   # one", "tool b \\", "    --more"]);
        assert_eq!(
            split_examples("Only this."),
            ("Only this.".to_owned(), vec![])
        );
    }
}
