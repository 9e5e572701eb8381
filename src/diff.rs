//! `glossgraph diff`: two versions of a glossary (two inputs, or one input and a git
//! revision of it) compared term by term, as text, JSON or SPARQL Update; the exit code says
//! whether they differ.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use glossgraph::check::Checked;
use glossgraph::diff::{self, Side};
use glossgraph::git;

use crate::cli::{Color, DiffArgs, DiffFormat, GlossaryArgs, TitleConfigArgs};
use crate::{exit, glossary};

pub fn run(args: &DiffArgs, color: Color) -> Result<ExitCode> {
    let checkout;
    let (old_input, old_name, new_input) = match (&args.git, args.inputs.as_slice()) {
        (Some(rev), inputs) => {
            let input = match inputs {
                [] => "data",
                [one] => one.as_str(),
                _ => bail!("with --git REV give one INPUT (its version at REV is the old one)"),
            };
            if input == "-" {
                bail!("--git reads a path of the repository, not standard input");
            }
            checkout = git::at_revision(Path::new(input), rev)
                .with_context(|| format!("reading {input} at revision {rev}"))?;
            (
                checkout.input.display().to_string(),
                checkout.name.clone(),
                input.to_owned(),
            )
        }
        (None, [old, new]) => {
            if old == "-" && new == "-" {
                bail!("only one of OLD and NEW can be standard input");
            }
            (old.clone(), old.clone(), new.clone())
        }
        (None, _) => bail!("give OLD and NEW, or --git REV [INPUT]"),
    };
    // The old side of --git is a checkout that is gone when the diff is done: no command
    // can check it again.
    let old_checkable = args.git.is_none();
    let Some(old) = load(&old_input, &old_name, old_checkable, color)? else {
        return Ok(ExitCode::from(exit::FAILURE));
    };
    let Some(new) = load(&new_input, &new_input, true, color)? else {
        return Ok(ExitCode::from(exit::FAILURE));
    };
    let mut found = diff::compare(&old.glossary, &new.glossary);
    found.settings = diff::compare_settings(&old.config, &new.config);
    let old_side = Side {
        input: old_name,
        terms: old.glossary.cards().len(),
    };
    let new_side = Side {
        input: new_input,
        terms: new.glossary.cards().len(),
    };
    let stdout = io::stdout();
    let paint = color.enabled(&stdout);
    let mut out = io::BufWriter::new(stdout.lock());
    match args.format {
        DiffFormat::Text if args.stat => {
            diff::human::write_stat(&found, &old_side, &new_side, &mut out)?
        }
        DiffFormat::Text => diff::human::write(&found, &old_side, &new_side, &mut out, paint)?,
        DiffFormat::Json => found.write_json(&mut out, &old_side, &new_side)?,
        DiffFormat::SparqlUpdate => {
            diff::update::write(
                (&old.glossary, &old.config),
                (&new.glossary, &new.config),
                &mut out,
            )?;
        }
    }
    out.flush()?;
    if !found.renamed.is_empty() && args.format != DiffFormat::SparqlUpdate {
        let n = found.renamed.len();
        eprintln!(
            "glossgraph: note: {n} renamed term{s}: the old IRI{s} stop{verb} resolving unless a \
             tombstone card keeps {them} (the old slug, \"status\": \"obsolete\", \
             \"supersededBy\": [the new slug])",
            s = if n == 1 { "" } else { "s" },
            verb = if n == 1 { "s" } else { "" },
            them = if n == 1 { "it" } else { "them" },
        );
    }
    let code = if found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(exit::FINDINGS)
    };
    glossary::leave(old);
    glossary::leave(new);
    Ok(code)
}

/// Loads one side. An unreadable input prints the checker's report and gives `None`; a
/// glossary with errors is still compared, with a note on stderr (naming the `check` that
/// lists them when the input can be checked again, `checkable`).
fn load(input: &str, name: &str, checkable: bool, color: Color) -> Result<Option<Checked>> {
    let args = GlossaryArgs {
        input: Some(input.to_owned()),
        strict: false,
        base: None,
        language: None,
        title_config: TitleConfigArgs::default(),
    };
    let checked = glossary::load_checked(
        &args,
        glossgraph::check::Keep::Cards,
        glossgraph::check::Options {
            warnings: glossgraph::check::Warnings::Count,
            snippets_per_rule: None,
            ..Default::default()
        },
    )
    .with_context(|| format!("reading {name}"))?;
    let report = &checked.report;
    let check = checkable.then(|| glossary::command("check", &args));
    if report.has_unreadable() {
        let stderr = io::stderr();
        report.write_human_capped(
            stderr.lock(),
            color.enabled(&stderr),
            None,
            check.as_deref(),
        )?;
        return Ok(None);
    }
    let errors = report.count(glossgraph::diag::Severity::Error);
    if errors > 0 {
        let lister = check.map_or_else(String::new, |c| format!(" (`{c}` lists them)"));
        eprintln!(
            "glossgraph: note: {name} has {errors} error{}{lister}; its cards are compared as read",
            if errors == 1 { "" } else { "s" }
        );
    }
    Ok(Some(checked))
}
