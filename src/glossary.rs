//! The glossary a command works on: read from the INPUT with its configuration, checked, and
//! either handed over or refused with the checker's report and the matching exit code. Every
//! command that reads cards starts here.

use std::io;
use std::process::ExitCode;

use anyhow::Result;
use glossgraph::check::{self, Checked};
use glossgraph::config::Config;
use glossgraph::load::Input;
use glossgraph::sparql::GlossaryStore;
use glossgraph::Glossary;

use crate::cli::{Color, GlossaryArgs, MAX_PER_RULE};
use crate::exit;

/// The input of `args` and its settings (glossgraph.toml beside it, --config, the flags).
pub fn input_and_config(args: &GlossaryArgs) -> Result<(Input, Config)> {
    let input = Input::parse(args.input());
    let config = Config::for_input(
        input.config_dir().as_deref(),
        args.config.as_deref(),
        args.settings(),
    )?;
    Ok((input, config))
}

/// Loads and checks the glossary named by the arguments; of each rule, the first
/// `snippets_per_rule` findings get a snippet (all with `None`).
pub fn load_checked(
    args: &GlossaryArgs,
    keep: check::Keep,
    warnings: check::Warnings,
    snippets_per_rule: Option<usize>,
) -> Result<Checked> {
    let (input, config) = input_and_config(args)?;
    let options = check::Options {
        strict: args.strict,
        warnings,
        snippets_per_rule,
    };
    Ok(check::load_and_check(&input, &config, options, keep)?)
}

/// Loads and checks the glossary for a command that writes something: an invalid glossary
/// prints its errors on stderr and yields `Err(exit code 1)`; warnings are only counted
/// (never located nor kept) and said in one line unless quiet (`check` is where they are read).
pub fn load_valid(
    args: &GlossaryArgs,
    color: Color,
    quiet: bool,
) -> Result<Result<Checked, ExitCode>> {
    let checked = load_checked(
        args,
        check::Keep::Cards,
        check::Warnings::Count,
        Some(MAX_PER_RULE),
    )?;
    let report = &checked.report;
    let stderr = io::stderr();
    let color = color.enabled(&stderr);
    if report.has_unreadable() || report.is_failure(false) {
        report.write_human_capped(stderr.lock(), color, Some(MAX_PER_RULE))?;
        let code = if report.has_unreadable() {
            exit::FAILURE
        } else {
            exit::FINDINGS
        };
        return Ok(Err(ExitCode::from(code)));
    }
    let warnings = report.count(glossgraph::diag::Severity::Warning);
    if !quiet && warnings > 0 {
        eprintln!(
            "glossgraph: note: the glossary has {warnings} warning{}; `glossgraph check {}` lists them",
            if warnings == 1 { "" } else { "s" },
            args.input()
        );
    }
    if !quiet && checked.config.has_example_base() {
        eprintln!(
            "glossgraph: note: no base IRI is set (no `base` in a glossgraph.toml beside the \
             cards, no --base): the terms' IRIs use the example {}",
            glossgraph::config::EXAMPLE_BASE
        );
    }
    Ok(Ok(checked))
}

/// Loads and checks the glossary; an invalid one is refused with the checker's report on
/// stderr, as `check` prints it, and exit code 1 (2 if some input could not be read).
pub fn load_for_store(
    args: &GlossaryArgs,
    color: Color,
) -> Result<Result<(Glossary, Config), ExitCode>> {
    match load_valid(args, color, false)? {
        Ok(checked) => Ok(Ok((checked.glossary, checked.config))),
        Err(code) => {
            eprintln!(
                "glossgraph: the glossary has errors; fix them first (see `glossgraph check`)"
            );
            Ok(Err(code))
        }
    }
}

/// The glossary's store, in memory. A glossary whose store does not fit in memory goes to
/// Oxigraph's own server instead (README, "Large glossaries").
pub fn fill_store(glossary: &Glossary, config: &Config) -> Result<GlossaryStore> {
    Ok(GlossaryStore::new(glossary, config)?)
}

/// Called where a command is done with the glossary and the process is about to end: freeing
/// a million cards one string at a time would only delay the exit (by a tenth of `check`'s
/// run; 0.3–0.5 s of a 100k-term `export`), the system takes the memory back at once.
pub fn leave(checked: Checked) {
    std::mem::forget(checked);
}
