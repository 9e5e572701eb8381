//! The glossary a command works on: read from the INPUT with its configuration, checked, and
//! either handed over or refused with the checker's report and the matching exit code. Every
//! command that reads cards starts here.

use std::io;
use std::process::ExitCode;

use anyhow::Result;
use glossgraph::check::{self, Checked};
use glossgraph::config::Config;
use glossgraph::load::Input;
use glossgraph::rdf::read::ReadOptions;
use glossgraph::sources::{self, Shape};
use glossgraph::sparql::GlossaryStore;
use glossgraph::Glossary;

use crate::cli::{Color, GlossaryArgs, MAX_PER_RULE};
use crate::exit;

/// The input of `args` and its settings (glossgraph.toml beside it, --config, the flags).
///
/// A glossary kept in another shape (a folder of Markdown pages, an RDF vocabulary: see
/// [`sources`]) is read in place, now, into cards held in memory; the settings it carries
/// itself come under glossgraph.toml's and the flags'.
pub fn input_and_config(args: &GlossaryArgs) -> Result<(Input, Config)> {
    let input = Input::parse(args.input());
    let dir = input.config_dir();
    let file = args.title_config.config.as_deref();
    let config = Config::for_input(dir.as_deref(), file, args.settings())?;
    let shape = sources::shape_of(args.input());
    let Input::Path(path) = &input else {
        return Ok((input, config));
    };
    if shape == Shape::Cards {
        return Ok((input, config));
    }
    let options = ReadOptions {
        base: args.base.clone(),
        language: args.language.clone(),
        vocabulary: false,
    };
    let read = sources::read(path, shape, &config, &options)?;
    let config = match read.config {
        Some(own) => Config::for_input_over(own, dir.as_deref(), file, args.settings())?,
        None => config,
    };
    Ok((read.input, config))
}

/// `glossgraph SUBCOMMAND` on the glossary `args` names, as a suggestion to print: the INPUT
/// when one was given and the flags that change what is read, each word quoted for a shell
/// when it needs to be. A suggested command run as printed acts on the same glossary.
pub fn command(subcommand: &str, args: &GlossaryArgs) -> String {
    command_on(subcommand, args.input.as_slice(), args, &[])
}

/// [`command`] with the INPUTs `inputs` (none: the default) and `flags` after the glossary's.
pub fn command_on(
    subcommand: &str,
    inputs: &[String],
    args: &GlossaryArgs,
    flags: &[&str],
) -> String {
    let mut words = vec!["glossgraph".to_owned(), subcommand.to_owned()];
    words.extend(inputs.iter().map(|input| shell_word(input)));
    words.extend(setting_words(args));
    words.extend(flags.iter().map(|flag| (*flag).to_owned()));
    words.join(" ")
}

/// The flags of `args` that change what is read, as words of a command line: `--base`,
/// `--language`, `--title`, `--config` with their values, then `--strict`.
pub fn setting_words(args: &GlossaryArgs) -> Vec<String> {
    let config = args
        .title_config
        .config
        .as_ref()
        .map(|c| c.display().to_string());
    let mut words = Vec::new();
    for (name, value) in [
        ("base", &args.base),
        ("language", &args.language),
        ("title", &args.title_config.title),
        ("config", &config),
    ] {
        if let Some(value) = value {
            words.push(format!("--{name}"));
            words.push(shell_word(value));
        }
    }
    if args.strict {
        words.push("--strict".into());
    }
    words
}

/// `word` as a POSIX shell reads it back: as it is when nothing in it is special, else
/// single-quoted.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:,=+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Loads and checks the glossary named by the arguments, with `options` (`--strict` taken
/// from the arguments).
pub fn load_checked(
    args: &GlossaryArgs,
    keep: check::Keep,
    options: check::Options,
) -> Result<Checked> {
    let (input, config) = input_and_config(args)?;
    let options = check::Options {
        strict: args.strict,
        ..options
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
    Ok(load_or_refuse(args, color, quiet)?.map_err(|refused| refused.code))
}

/// A glossary refused for its errors: the exit code, and the report printed on stderr, as
/// plain text (`serve --watch` shows it in its pages).
pub struct Refused {
    pub code: ExitCode,
    pub report: String,
}

/// [`load_valid`], keeping the report of a refused glossary.
pub fn load_or_refuse(
    args: &GlossaryArgs,
    color: Color,
    quiet: bool,
) -> Result<Result<Checked, Refused>> {
    let checked = load_checked(
        args,
        check::Keep::Cards,
        check::Options {
            warnings: check::Warnings::Count,
            snippets_per_rule: Some(MAX_PER_RULE),
            ..Default::default()
        },
    )?;
    let report = &checked.report;
    let stderr = io::stderr();
    let color = color.enabled(&stderr);
    let check = command("check", args);
    if report.has_unreadable() || report.is_failure(false) {
        report.write_human_capped(stderr.lock(), color, Some(MAX_PER_RULE), Some(&check))?;
        let mut text = Vec::new();
        report.write_human_capped(&mut text, false, Some(MAX_PER_RULE), Some(&check))?;
        let code = if report.has_unreadable() {
            exit::FAILURE
        } else {
            exit::FINDINGS
        };
        return Ok(Err(Refused {
            code: ExitCode::from(code),
            report: String::from_utf8_lossy(&text).into_owned(),
        }));
    }
    let warnings = report.count(glossgraph::diag::Severity::Warning);
    if !quiet && warnings > 0 {
        eprintln!(
            "glossgraph: note: the glossary has {warnings} warning{}; `{check}` lists them",
            if warnings == 1 { "" } else { "s" },
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
                "glossgraph: the glossary has errors; fix them first (see `{}`)",
                command("check", args)
            );
            Ok(Err(code))
        }
    }
}

/// The glossary's store, in memory. A glossary whose store does not fit in memory goes to
/// Oxigraph's own server instead (docs/guide/large-glossaries.md).
pub fn fill_store(glossary: &Glossary, config: &Config) -> Result<GlossaryStore> {
    Ok(GlossaryStore::new(glossary, config)?)
}

/// Called where a command is done with the glossary and the process is about to end: freeing
/// a million cards one string at a time would only delay the exit (by a tenth of `check`'s
/// run; 0.3–0.5 s of a 100k-term `export`), the system takes the memory back at once.
pub fn leave(checked: Checked) {
    std::mem::forget(checked);
}
