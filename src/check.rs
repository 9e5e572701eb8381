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
use glossgraph::visible::printable;

use crate::cli::{CheckArgs, Color, GlossaryArgs, ReportFormat};
use crate::{exit, glossary};

pub fn run(args: &CheckArgs, color: Color) -> Result<ExitCode> {
    let Some(args) = &glossary_inputs(args) else {
        // Every file named was foreign: an empty report, in the format asked for.
        let report = Report {
            findings: Vec::new(),
            counted: Default::default(),
            cards: 0,
            sources: 0,
        };
        write_report(args, &report, None, false, io::BufWriter::new(io::stdout()))?;
        return Ok(ExitCode::SUCCESS);
    };
    if args.fix {
        return fix(args, color);
    }
    let checked = match load(args)? {
        Ok(checked) => checked,
        Err(code) => return Ok(code),
    };
    // Not locked: the JSON report is written from the threads that render it.
    let out = io::BufWriter::new(io::stdout());
    let code = write_report(
        args,
        &checked.report,
        None,
        color.enabled(&io::stdout()),
        out,
    )?;
    glossary::leave(checked);
    Ok(code)
}

/// Writes `report` in the format `args` ask for to `out`, `fixes` (what `--fix` did) first in
/// JSON; the exit code it means.
fn write_report(
    args: &CheckArgs,
    report: &Report,
    fixes: Option<&serde_json::Value>,
    color: bool,
    mut out: impl Write + Send,
) -> Result<ExitCode> {
    let max_per_rule = Some(args.max_per_rule).filter(|&n| n > 0);
    match args.format {
        ReportFormat::Human => {
            report.write_human_capped(&mut out, color, max_per_rule, Some(&command(args, &[])))?
        }
        ReportFormat::Json => report.write_json_with(&mut out, fixes.map(|f| ("fixes", f)))?,
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
        if (safe > 0 || guesses > 0) && inputs(args).iter().any(|i| i == "-") {
            writeln!(
                out,
                "fixable: {} (`--fix` rewrites files: with the cards in FILE, `glossgraph check FILE --fix`)",
                safe + guesses
            )?;
        } else if safe > 0 {
            writeln!(
                out,
                "fixable: {safe} with `{}`{more}",
                command(args, &["--fix"])
            )?;
        } else if guesses > 0 {
            writeln!(
                out,
                "fixable: {guesses} with `{}`",
                command(args, &["--fix", "--unsafe-fixes"])
            )?;
        }
    }
    out.flush()?;
    Ok(if report.has_unreadable() {
        ExitCode::from(exit::FAILURE)
    } else if report.is_failure(args.deny_warnings) {
        ExitCode::from(exit::FINDINGS)
    } else {
        ExitCode::SUCCESS
    })
}

/// `args` without the files named that belong to no glossary (`glossgraph::load::is_foreign`:
/// a hook hands `check` every changed `*.json`), each said in a note; `None` when every INPUT
/// was such a file.
fn glossary_inputs(args: &CheckArgs) -> Option<CheckArgs> {
    let given = inputs(args);
    let kept: Vec<String> = given
        .iter()
        .filter(|input| {
            let path = Path::new(input.as_str());
            let foreign = *input != "-"
                && path.is_file()
                && glossgraph::sources::shape_of(input) == glossgraph::sources::Shape::Cards
                && glossgraph::load::is_foreign(path);
            if foreign {
                eprintln!("glossgraph: note: {}", foreign_note(input));
            }
            !foreign
        })
        .cloned()
        .collect();
    if kept.len() == given.len() {
        return Some(args.clone());
    }
    let (input, files) = kept.split_first()?;
    Some(CheckArgs {
        glossary: GlossaryArgs {
            input: Some(input.clone()),
            ..args.glossary.clone()
        },
        files: files.to_vec(),
        ..args.clone()
    })
}

/// What `check` and `fmt` say of a file they leave alone.
pub fn foreign_note(file: &str) -> String {
    format!(
        "`{}` is left alone: no glossgraph.toml in its folder or above it, and no card in it",
        printable(file)
    )
}

/// The INPUTs of `args` as given: the glossary's, then the more card files.
fn inputs(args: &CheckArgs) -> Vec<String> {
    let mut inputs: Vec<String> = args.glossary.input.iter().cloned().collect();
    inputs.extend(args.files.iter().cloned());
    inputs
}

/// `glossgraph check` of the same INPUTs and settings as `args`, with `flags`: a command to
/// suggest.
fn command(args: &CheckArgs, flags: &[&str]) -> String {
    glossary::command_on("check", &inputs(args), &args.glossary, flags)
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
    let options = check::Options {
        warnings: check::Warnings::Keep,
        snippets_per_rule: snippets,
        // SARIF counts columns in UTF-16 code units.
        utf16_columns: args.format == ReportFormat::Sarif,
        ..Default::default()
    };
    let mut checked = match glossary::load_checked(&glossary_args, check::Keep::Graph, options) {
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

/// `check --fix`: the fixes applied, said change by change (at most `--max-per-rule` lines),
/// then what is left reported. With `--dry-run`, nothing is written: the changes are a
/// unified diff on stdout and the findings no fix removes a report on stderr (or, with
/// `--format json`, both in one JSON document on stdout), and the exit code says whether the
/// fixes would change a file or leave findings that fail the check.
fn fix(args: &CheckArgs, color: Color) -> Result<ExitCode> {
    // Refused before anything is read: standard input is read once, and there is no file to
    // write the fixes to (fixing it to stdout would mix the cards with the report).
    if args.glossary.input.as_deref() == Some("-") || args.files.iter().any(|f| f == "-") {
        bail!(
            "--fix writes the fixes into the cards' files, and standard input (-) is no file: \
             give the file itself (`glossgraph check FILE --fix`)"
        );
    }
    if args.dry_run && matches!(args.format, ReportFormat::Sarif | ReportFormat::Github) {
        bail!(
            "--fix --dry-run shows the fixes as a diff (--format human) or as JSON (--format \
             json); --format {} reports findings only: run it after --fix",
            match args.format {
                ReportFormat::Sarif => "sarif",
                _ => "github",
            }
        );
    }
    let mut checked = match load(args)? {
        Ok(checked) => checked,
        Err(code) => return Ok(code),
    };
    let plan = check::fix::plan(&checked.report, args.unsafe_fixes).map_err(|e| match e {
        check::fix::FixError::Changed { .. } => {
            let mut flags = vec!["--fix"];
            flags.extend(args.unsafe_fixes.then_some("--unsafe-fixes"));
            anyhow::anyhow!("{e}; run `{}` again", command(args, &flags))
        }
        other => other.into(),
    })?;
    // The file as the report names it (relative to the working folder when inside it).
    let here = std::env::current_dir().and_then(std::fs::canonicalize).ok();
    let name = |path: &Path| -> String {
        let full = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
        match here.as_deref().and_then(|h| full.strip_prefix(h).ok()) {
            Some(rest) => rest.display().to_string(),
            None => path.display().to_string(),
        }
    };
    let files = plan.files.len();
    let fixes = |n: usize| format!("{n} fix{}", if n == 1 { "" } else { "es" });
    let unsafe_left = if plan.unsafe_left > 0 {
        format!("; {} more with --unsafe-fixes", plan.unsafe_left)
    } else {
        String::new()
    };
    let in_files = format!("{files} file{}", if files == 1 { "" } else { "s" });
    if args.dry_run {
        let report = &mut checked.report;
        plan.leave(report);
        let code = if args.format == ReportFormat::Json {
            let fixes = plan.to_json(false, name);
            write_report(
                args,
                report,
                Some(&fixes),
                false,
                io::BufWriter::new(io::stdout()),
            )?
        } else {
            let mut out = io::stdout().lock();
            for file in &plan.files {
                out.write_all(file.diff(&name(&file.path)).as_bytes())?;
            }
            out.flush()?;
            let err = io::stderr();
            let color = color.enabled(&err);
            write_report(args, report, None, color, io::BufWriter::new(err))?
        };
        writeln!(
            io::stderr(),
            "glossgraph: would apply {} in {in_files} (--dry-run: nothing written){unsafe_left}",
            fixes(plan.applied),
        )?;
        glossary::leave(checked);
        // A file to change is a finding too, as for `fmt --check`.
        return Ok(if files > 0 && code == ExitCode::SUCCESS {
            ExitCode::from(exit::FINDINGS)
        } else {
            code
        });
    }
    glossary::leave(checked);
    let mut err = io::stderr().lock();
    // A line a card (or file) changed, as many as --max-per-rule shows findings of a rule;
    // each file said once it is written.
    let max = Some(args.max_per_rule).filter(|&n| n > 0);
    let mut said = 0;
    for file in &plan.files {
        file.write()
            .with_context(|| format!("cannot write `{}`", file.path.display()))?;
        for done in &file.done {
            if max.is_none_or(|max| said < max) {
                writeln!(
                    err,
                    "glossgraph: fixed {}: {}",
                    printable(&name(&file.path)),
                    printable(done)
                )?;
            }
            said += 1;
        }
    }
    if let Some(more) = max.and_then(|max| said.checked_sub(max)).filter(|&n| n > 0) {
        writeln!(
            err,
            "glossgraph: … and {more} more change{} (--max-per-rule 0 lists them all)",
            if more == 1 { "" } else { "s" }
        )?;
    }
    writeln!(
        err,
        "glossgraph: applied {} in {in_files}{unsafe_left}",
        fixes(plan.applied),
    )?;
    drop(err);
    let after = CheckArgs {
        fix: false,
        ..args.clone()
    };
    let checked = match load(&after)? {
        Ok(checked) => checked,
        Err(code) => return Ok(code),
    };
    let fixes = plan.to_json(true, name);
    let out = io::BufWriter::new(io::stdout());
    let code = write_report(
        &after,
        &checked.report,
        Some(&fixes),
        color.enabled(&io::stdout()),
        out,
    )?;
    glossary::leave(checked);
    Ok(code)
}

/// When the INPUTs are card files: the glossary folder they belong to (the nearest folder
/// holding glossgraph.toml with no hidden folder between, or their own folder) and the files, made canonical. `None` when
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
    let folder =
        glossgraph::load::settings_folder(&files[0]).unwrap_or_else(|| first.to_path_buf());
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
