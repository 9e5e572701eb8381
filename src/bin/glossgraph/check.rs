//! `glossgraph check`: every finding of the glossary, as text or JSON, and the exit code that
//! says whether it is valid.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use glossgraph::check;

use crate::cli::{CheckArgs, Color, ReportFormat};
use crate::{exit, glossary};

pub fn run(args: &CheckArgs, color: Color) -> Result<ExitCode> {
    // The report is all `check` writes: the cards are kept only as far as the graph needs.
    let checked =
        glossary::load_checked(&args.glossary, check::Keep::Graph, check::Warnings::Keep)?;
    let report = &checked.report;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match args.format {
        ReportFormat::Human => report.write_human(&mut out, color.enabled(&stdout))?,
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
