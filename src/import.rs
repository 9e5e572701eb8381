//! `glossgraph import`: RDF that follows glossgraph's mapping, back into a folder of cards.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use glossgraph::config::{self, Config, Settings};
use glossgraph::docsite;
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
    if args.file.is_dir() {
        return pages(args);
    }
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
    let imported = match read::prepare_file(&args.file, format, &options) {
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
    imported.write_folder(&args.out)?;
    if foreign {
        eprintln!("{}: {}", args.file.display(), report.summary());
    }
    eprintln!(
        "imported {} cards into {}",
        imported.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `import DIR`: a folder of Markdown pages.
fn pages(args: &ImportArgs) -> Result<ExitCode> {
    let dir = &args.file;
    let file = match &args.config {
        Some(path) => Some(path.clone()),
        None => Some(dir.join(config::FILE_NAME)).filter(|p| p.is_file()),
    };
    let (settings, origin) = match &file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
            (Settings::parse(&text, path)?, path.display().to_string())
        }
        None => (Settings::default(), "the defaults".to_owned()),
    };
    let mapping = docsite::Mapping::new(settings.import.as_ref(), &origin)?;
    let config = Settings {
        import: None,
        ..settings
    }
    .apply(Config::default(), &origin)?;
    read::new_or_empty(&args.out)?;
    let imported = match docsite::read_dir(dir, &mapping) {
        Ok(imported) => imported,
        Err(problems) => {
            let mut stderr = io::stderr().lock();
            for problem in &problems {
                writeln!(stderr, "error: {problem}")?;
            }
            writeln!(
                stderr,
                "glossgraph: error: {} page(s) of {} cannot be read; nothing was written",
                problems.len(),
                dir.display()
            )?;
            return Ok(ExitCode::from(exit::FINDINGS));
        }
    };
    let config = docsite::config_for(config, &imported.statuses);
    let written = docsite::write_folder(&imported, &config, &args.out)?;
    let mut stderr = io::stderr().lock();
    writeln!(
        stderr,
        "imported {} cards from {} pages into {} ({} files)",
        imported.cards.len(),
        imported.cards.len() + imported.skipped.len(),
        args.out.display(),
        written.len()
    )?;
    if !imported.skipped.is_empty() {
        let names: Vec<String> = imported
            .skipped
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        writeln!(
            stderr,
            "skipped {} section or listing page(s): {}",
            names.len(),
            names.join(", ")
        )?;
    }
    if mapping.term_link.is_some() {
        writeln!(
            stderr,
            "term links: {} made from the term-link pattern",
            imported.term_links
        )?;
    }
    if !imported.unresolved_links.is_empty() {
        writeln!(
            stderr,
            "{} term link(s) name no page and were left as their text: {}",
            imported.unresolved_links.len(),
            imported.unresolved_links.join(", ")
        )?;
    }
    if imported.site_links > 0 {
        match &mapping.site {
            Some(site) => writeln!(
                stderr,
                "links to the site's own pages: {} made absolute against {site}/",
                imported.site_links
            )?,
            None => writeln!(
                stderr,
                "links to the site's own pages (`/docs/…`): {} left as they are, leading nowhere \
                 off the site; `site` in [import] makes them absolute",
                imported.site_links
            )?,
        }
    }
    if !imported.shortcodes.is_empty() {
        let list: Vec<String> = imported
            .shortcodes
            .iter()
            .map(|(name, n)| format!("{name} ({n})"))
            .collect();
        writeln!(stderr, "shortcodes left as text: {}", list.join(", "))?;
    }
    for (file, slug) in &imported.renamed {
        writeln!(
            stderr,
            "{}: slug `{slug}` (the file's name is not a slug)",
            file.display()
        )?;
    }
    let found: Vec<&String> = imported
        .statuses
        .iter()
        .filter(|s| !config::KNOWN_STATUSES.contains(&s.as_str()))
        .collect();
    if !found.is_empty() {
        let list: Vec<&str> = found.iter().map(|s| s.as_str()).collect();
        writeln!(
            stderr,
            "statuses allowed in glossgraph.toml: {}",
            list.join(", ")
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
