//! `glossgraph import`: RDF that follows glossgraph's mapping, back into a folder of cards.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use glossgraph::export::Format;
use glossgraph::rdf::read::{self, ImportError};

use crate::cli::ImportArgs;
use crate::exit;

/// What `import` reads, for its messages.
const READABLE: &str = "Turtle (.ttl), N-Triples (.nt), RDF/XML (.rdf), JSON-LD (.jsonld), \
                        TriG (.trig) or N-Quads (.nq)";

/// The graph-tool export that `file` is by its name, if it is one: those hold what graph
/// tools show, not every field of a card, and cannot be read back.
fn graph_tool_export(file: &std::path::Path) -> Option<Format> {
    let name = file.file_name()?.to_str()?.to_ascii_lowercase();
    Format::ALL
        .into_iter()
        .filter(|f| f.rdf().is_none())
        .find(|f| {
            let suffix = f.file_name().trim_start_matches("glossary");
            name.ends_with(suffix) || (*f == Format::Dot && name.ends_with(".gv"))
        })
}

pub fn run(args: &ImportArgs) -> Result<ExitCode> {
    if args.format.is_none() {
        if let Some(format) = graph_tool_export(&args.file) {
            return Err(anyhow!(
                "`{}` is glossgraph's {} export, written for graph tools: it cannot be imported \
                 (it does not hold every field of a card). `import` reads the RDF exports: \
                 {READABLE}; the same export folder holds them as glossary.ttl and the others",
                args.file.display(),
                format.name()
            ));
        }
    }
    let format = match &args.format {
        Some(name) => Format::from_name(name).and_then(Format::rdf),
        None => read::format_of(&args.file),
    }
    .ok_or_else(|| {
        anyhow!(
            "cannot tell the RDF format of `{}` from its extension: `import` reads {READABLE}; \
             name it with --format",
            args.file.display()
        )
    })?;
    read::new_or_empty(&args.out)?;
    let options = read::ReadOptions {
        base: args.base.clone(),
        language: args.language.clone(),
        vocabulary: args.vocabulary,
    };
    let imported = match read::read_file_with(&args.file, format, &options) {
        Ok(imported) => imported,
        Err(e @ ImportError::Io { .. }) => return Err(e.into()),
        Err(e) => {
            let mut stderr = io::stderr().lock();
            if let ImportError::Mapping { file, problems } = &e {
                for problem in problems {
                    writeln!(stderr, "error: {file}: {problem}")?;
                }
            }
            writeln!(stderr, "glossgraph: error: {e}; nothing was written")?;
            return Ok(ExitCode::from(exit::FINDINGS));
        }
    };
    {
        let mut stderr = io::stderr().lock();
        for warning in &imported.report.warnings {
            writeln!(stderr, "warning: {}: {warning}", args.file.display())?;
        }
    }
    let report = &imported.report;
    let foreign = report.kept > 0 || report.dropped() > 0;
    if args.strict && report.dropped() > 0 {
        eprintln!(
            "glossgraph: error: {}: {} (--strict); nothing was written",
            args.file.display(),
            report.summary()
        );
        return Ok(ExitCode::from(exit::FINDINGS));
    }
    read::write_folder(&imported, &args.out)?;
    if foreign {
        eprintln!("{}: {}", args.file.display(), report.summary());
    }
    eprintln!(
        "imported {} cards into {}",
        imported.cards.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
