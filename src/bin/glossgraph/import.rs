//! `glossgraph import`: RDF that follows glossgraph's mapping, back into a folder of cards.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use glossgraph::export::Format;
use glossgraph::rdf::read::{self, ImportError};

use crate::cli::ImportArgs;
use crate::exit;

pub fn run(args: &ImportArgs) -> Result<ExitCode> {
    let format = match &args.format {
        Some(name) => Format::from_name(name).and_then(Format::rdf),
        None => read::format_of(&args.file),
    }
    .ok_or_else(|| {
        anyhow!(
            "cannot tell the RDF format of `{}` from its extension; name it with --format",
            args.file.display()
        )
    })?;
    read::new_or_empty(&args.out)?;
    let imported = match read::read_file(&args.file, format) {
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
    read::write_folder(&imported, &args.out)?;
    eprintln!(
        "imported {} cards into {}",
        imported.cards.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
