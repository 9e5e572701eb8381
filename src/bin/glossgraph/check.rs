//! `glossgraph check`: every finding of the glossary, as text or JSON, and the exit code that
//! says whether it is valid.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use glossgraph::check::{self, Report};
use glossgraph::config::ConfigError;
use glossgraph::diag::Rule;
use glossgraph::load::LoadError;

use crate::cli::{CheckArgs, Color, ReportFormat};
use crate::{exit, glossary};

pub fn run(args: &CheckArgs, color: Color) -> Result<ExitCode> {
    // The report is all `check` writes: the cards are kept only as far as the graph needs.
    // Snippets only for what is printed: none in JSON, the first of each rule as text.
    let snippets = match args.format {
        ReportFormat::Human => Some(args.max_per_rule).filter(|&n| n > 0),
        ReportFormat::Json => Some(0),
    };
    let checked = match glossary::load_checked(
        &args.glossary,
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
                return Ok(ExitCode::from(exit::FAILURE));
            }
            None => return Err(e),
        },
        Err(e) => return Err(e),
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
