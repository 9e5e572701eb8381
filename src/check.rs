//! `glossgraph check`: every finding of the glossary, as text or JSON, and the exit code that
//! says whether it is valid.

use std::io::{self, Write};
use std::process::ExitCode;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use glossgraph::check::{self, Report};
use glossgraph::config::ConfigError;
use glossgraph::diag::Rule;
use glossgraph::load::LoadError;

use crate::cli::{CheckArgs, Color, GlossaryArgs, ReportFormat};
use crate::{exit, glossary};

pub fn run(args: &CheckArgs, color: Color) -> Result<ExitCode> {
    if args.fix {
        return fix(args, color);
    }
    let checked = match load(args)? {
        Ok(checked) => checked,
        Err(code) => return Ok(code),
    };
    let report = &checked.report;
    let stdout = io::stdout();
    // Not locked: the JSON report is written from the threads that render it.
    let mut out = io::BufWriter::new(io::stdout());
    match args.format {
        ReportFormat::Human => report.write_human_capped(
            &mut out,
            color.enabled(&stdout),
            Some(args.max_per_rule).filter(|&n| n > 0),
        )?,
        ReportFormat::Json => report.write_json(&mut out)?,
        ReportFormat::Sarif => report.write_sarif(&mut out, &std::env::current_dir()?)?,
        ReportFormat::Github => report.write_github(&mut out)?,
    }
    if args.format == ReportFormat::Human {
        let (safe, guesses) = check::fix::available(report);
        let more = if guesses > 0 {
            format!(", {guesses} more with `--fix --unsafe-fixes`")
        } else {
            String::new()
        };
        if safe > 0 {
            writeln!(out, "fixable: {safe} with `glossgraph check --fix`{more}")?;
        } else if guesses > 0 {
            writeln!(
                out,
                "fixable: {guesses} with `glossgraph check --fix --unsafe-fixes`"
            )?;
        }
    }
    out.flush()?;
    let code = if report.has_unreadable() {
        ExitCode::from(exit::FAILURE)
    } else if report.is_failure(args.deny_warnings) {
        ExitCode::from(exit::FINDINGS)
    } else {
        ExitCode::SUCCESS
    };
    glossary::leave(checked);
    Ok(code)
}

/// The checked glossary of `args`, its report cut down to the named card files when INPUTs
/// are card files; or the exit code when it could not be checked and JSON was asked for (the
/// report of one finding, written).
fn load(args: &CheckArgs) -> Result<Result<check::Checked, ExitCode>> {
    // The report is all `check` writes: the cards are kept only as far as the graph needs.
    // Snippets only for what is printed: none in JSON, the first of each rule as text.
    let snippets = match args.format {
        ReportFormat::Human => Some(args.max_per_rule).filter(|&n| n > 0),
        _ => Some(0),
    };
    // Card files are checked in their glossary's context.
    let context = in_context(args)?;
    let glossary_args = match &context {
        Some((folder, _)) => GlossaryArgs {
            input: Some(folder.display().to_string()),
            ..args.glossary.clone()
        },
        None => args.glossary.clone(),
    };
    let mut checked = match glossary::load_checked(
        &glossary_args,
        check::Keep::Graph,
        check::Warnings::Keep,
        snippets,
    ) {
        Ok(checked) => checked,
        // Asked for JSON, a script gets JSON whatever happened: a glossary that cannot be
        // checked at all is a report of one finding, as an unreadable file in a folder is.
        Err(e) if args.format == ReportFormat::Json => match failure(&e) {
            Some(report) => {
                let mut out = io::stdout();
                report.write_json(&mut out)?;
                out.flush()?;
                return Ok(Err(ExitCode::from(exit::FAILURE)));
            }
            None => return Err(e),
        },
        Err(e) => return Err(e),
    };
    if let Some((_, files)) = &context {
        let report = &mut checked.report;
        // Findings come file by file: each file's name is resolved once.
        let mut named = std::collections::HashMap::new();
        report.findings.retain(|f| {
            f.file.as_deref().is_some_and(|file| {
                *named.entry(file.to_owned()).or_insert_with(|| {
                    std::fs::canonicalize(file).is_ok_and(|full| files.contains(&full))
                })
            })
        });
        report.cards = files.len();
        report.sources = files.len();
    }
    Ok(Ok(checked))
}

/// `check --fix`: the fixes applied (or shown, with --dry-run), then what is left reported.
fn fix(args: &CheckArgs, color: Color) -> Result<ExitCode> {
    let checked = match load(args)? {
        Ok(checked) => checked,
        Err(code) => return Ok(code),
    };
    let plan = check::fix::plan(&checked.report, args.unsafe_fixes)?;
    // The file as the report names it (relative to the working folder when inside it).
    let here = std::env::current_dir().and_then(std::fs::canonicalize).ok();
    let name = |path: &Path| -> String {
        let full = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
        match here.as_deref().and_then(|h| full.strip_prefix(h).ok()) {
            Some(rest) => rest.display().to_string(),
            None => path.display().to_string(),
        }
    };
    glossary::leave(checked);
    let files = plan.files.len();
    let fixes = |n: usize| format!("{n} fix{}", if n == 1 { "" } else { "es" });
    let unsafe_left = if plan.unsafe_left > 0 {
        format!("; {} more with --unsafe-fixes", plan.unsafe_left)
    } else {
        String::new()
    };
    let mut err = io::stderr().lock();
    if args.dry_run {
        let mut out = io::stdout().lock();
        for file in &plan.files {
            out.write_all(file.diff(&name(&file.path)).as_bytes())?;
        }
        out.flush()?;
        writeln!(
            err,
            "glossgraph: would apply {} in {files} file{} (--dry-run: nothing written){unsafe_left}",
            fixes(plan.applied),
            if files == 1 { "" } else { "s" },
        )?;
        return Ok(if files > 0 {
            ExitCode::from(exit::FINDINGS)
        } else {
            ExitCode::SUCCESS
        });
    }
    for file in &plan.files {
        file.write()
            .with_context(|| format!("cannot write `{}`", file.path.display()))?;
        writeln!(
            err,
            "glossgraph: fixed {}: {}",
            name(&file.path),
            file.done.join("; ")
        )?;
    }
    writeln!(
        err,
        "glossgraph: applied {} in {files} file{}{unsafe_left}",
        fixes(plan.applied),
        if files == 1 { "" } else { "s" },
    )?;
    drop(err);
    let after = CheckArgs {
        fix: false,
        ..args.clone()
    };
    run(&after, color)
}

/// When the INPUTs are card files: the glossary folder they belong to (the nearest folder
/// holding glossgraph.toml, or their own folder) and the files, made canonical. `None` when
/// the input is a glossary (a folder, an array or JSON Lines file, stdin).
fn in_context(args: &CheckArgs) -> Result<Option<(PathBuf, Vec<PathBuf>)>> {
    let inputs: Vec<&str> = args
        .glossary
        .input
        .iter()
        .chain(&args.files)
        .map(String::as_str)
        .collect();
    let is_card_file = |input: &str| {
        let path = Path::new(input);
        path.extension().is_some_and(|e| e == "json")
            && std::fs::read(path).is_ok_and(|bytes| {
                bytes
                    .iter()
                    .find(|b| !b.is_ascii_whitespace() && **b != 0xEF && **b != 0xBB && **b != 0xBF)
                    == Some(&b'{')
            })
    };
    if inputs.is_empty() || (inputs.len() == 1 && !is_card_file(inputs[0])) {
        return Ok(None);
    }
    if let Some(other) = inputs.iter().find(|i| !is_card_file(i)) {
        bail!(
            "`{other}`: several INPUTs must all be card files (*.json, one card each) of one \
             glossary; give a folder, array or JSON Lines file alone"
        );
    }
    let files: Vec<PathBuf> = inputs
        .iter()
        .map(|i| std::fs::canonicalize(i).with_context(|| format!("cannot read `{i}`")))
        .collect::<Result<_>>()?;
    let first = files[0].parent().unwrap_or(Path::new("/"));
    let folder = first
        .ancestors()
        .find(|dir| dir.join("glossgraph.toml").is_file())
        .unwrap_or(first)
        .to_path_buf();
    if let Some(outside) = files.iter().find(|f| !f.starts_with(&folder)) {
        bail!(
            "`{}` is not in the glossary `{}` of the other files: check one glossary at a time",
            outside.display(),
            folder.display()
        );
    }
    // Named relative to the working folder when inside it, so that findings name the files
    // as the user does.
    let here = std::env::current_dir().and_then(std::fs::canonicalize)?;
    let folder = match folder.strip_prefix(&here) {
        Ok(rest) if rest.as_os_str().is_empty() => PathBuf::from("."),
        Ok(rest) => rest.to_path_buf(),
        Err(_) => folder,
    };
    Ok(Some((folder, files)))
}

/// The report of a glossary that could not be loaded: its input or its configuration.
fn failure(e: &anyhow::Error) -> Option<Report> {
    if let Some(e) = e.downcast_ref::<LoadError>() {
        let (file, cause) = match e {
            LoadError::Io { path, source } => (path.display().to_string(), source),
            LoadError::Stdin(source) => ("<stdin>".to_owned(), source),
        };
        return Some(Report::failed(
            Rule::Unreadable,
            Some(file),
            None,
            format!("cannot read: {cause}"),
        ));
    }
    let e = e.downcast_ref::<ConfigError>()?;
    Some(match e {
        ConfigError::Syntax {
            path,
            line,
            column,
            message,
        } => Report::failed(
            Rule::BadConfig,
            Some(path.display().to_string()),
            Some((*line, *column)),
            message.clone(),
        ),
        ConfigError::Io { path, message } => Report::failed(
            Rule::BadConfig,
            Some(path.display().to_string()),
            None,
            format!("cannot read: {message}"),
        ),
        other => Report::failed(Rule::BadConfig, None, None, other.to_string()),
    })
}
