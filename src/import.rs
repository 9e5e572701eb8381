//! `glossgraph import`: RDF that follows glossgraph's mapping, a TBX term base, or a folder
//! of Markdown pages, back into cards.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use glossgraph::config::{self, Config, Settings};
use glossgraph::docsite;
use glossgraph::export::Format;
use glossgraph::load::SourceProblem;
use glossgraph::rdf::read::{self, ImportError, Output};
use glossgraph::sources::{self, pages, Shape};

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
        .filter(|f| f.rdf().is_none() && glossgraph::tbx::Version::of(*f).is_none())
        .find(|f| {
            let suffix = f.file_name().trim_start_matches("glossary");
            name.ends_with(suffix) || (*f == Format::Dot && name.ends_with(".gv"))
        })
}

pub fn run(args: &ImportArgs) -> Result<ExitCode> {
    if args.file.is_dir() {
        return pages(args);
    }
    let by_name = |ext: &str| {
        args.file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(ext))
    };
    if args.format.as_deref() == Some("tbx") || (args.format.is_none() && by_name("tbx")) {
        return tbx(args);
    }
    let shape = sources::shape_of(&args.file.to_string_lossy());
    if args.format.is_none()
        && matches!(
            shape,
            Shape::Data | Shape::MarkdownFile | Shape::Rst | Shape::Sheet(_)
        )
    {
        return one_file(args, shape);
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
    let output = Output::parse(&args.out);
    read::ready(&output, args.force)?;
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
            let own = matches!(&e, ImportError::Mapping { problems, .. }
                if problems.iter().any(|p| p.to_string().contains("not part of the mapping")));
            if own && !args.vocabulary {
                writeln!(
                    stderr,
                    "glossgraph: note: an export of an imported vocabulary (concepts with IRIs \
                     of their own, several schemes, [metadata]) reads back with `import \
                     --vocabulary`"
                )?;
            }
            return Ok(ExitCode::from(exit::FINDINGS));
        }
    };
    // At most --max-per-rule warnings of each kind, as `check` shows findings of a rule: a
    // vocabulary of thousands of concepts may give one warning each.
    let max = Some(args.max_per_rule).filter(|&n| n > 0);
    let warn = |report: &read::vocabulary::Report| -> io::Result<()> {
        let mut stderr = io::stderr().lock();
        let mut shown: BTreeMap<&str, usize> = BTreeMap::new();
        for warning in &report.warnings {
            let seen = shown.entry(warning.kind).or_default();
            *seen += 1;
            if max.is_none_or(|max| *seen <= max) {
                writeln!(stderr, "warning: {}: {warning}", args.file.display())?;
            }
        }
        if let Some(max) = max {
            for (kind, &n) in shown.iter().filter(|&(_, &n)| n > max) {
                let more = n - max;
                writeln!(
                    stderr,
                    "warning: {}: … and {more} more `{kind}` warning{} (--max-per-rule 0 shows \
                     them all)",
                    args.file.display(),
                    if more == 1 { "" } else { "s" }
                )?;
            }
        }
        Ok(())
    };
    let refuse = |report: &read::vocabulary::Report| {
        eprintln!(
            "glossgraph: error: {}: {} (--strict); nothing was written",
            args.file.display(),
            report.summary()
        );
        Ok(ExitCode::from(exit::FINDINGS))
    };
    if args.strict && output == Output::Stdout {
        // Standard output cannot be taken back: the report comes first.
        let report = imported.report();
        if !report.is_whole() {
            warn(&report)?;
            return refuse(&report);
        }
    }
    let kept = read::settings_kept(&output, &imported.config);
    // The cards are made once, written where nothing reads them yet, and counted: the
    // report is whole before they are put in place.
    let (staged, report) = imported.stage(&output, &mut io::stdout().lock())?;
    warn(&report)?;
    if args.strict && !report.is_whole() {
        drop(staged);
        return refuse(&report);
    }
    staged.commit()?;
    if report.kept > 0 || !report.is_whole() {
        eprintln!("{}: {}", args.file.display(), report.summary());
    }
    eprintln!("imported {} cards into {}", imported.len(), place(&output));
    settings_note(&output, &imported.config, kept);
    Ok(ExitCode::SUCCESS)
}

/// `import FILE.tbx`: a TBX term base, v3 or v2.
fn tbx(args: &ImportArgs) -> Result<ExitCode> {
    let file = args.file.display().to_string();
    let bytes = std::fs::read(&args.file).map_err(|e| anyhow!("cannot read `{file}`: {e}"))?;
    let output = Output::parse(&args.out);
    read::ready(&output, args.force)?;
    let imported = match glossgraph::tbx::read::read(&bytes, &file) {
        Ok(imported) => imported,
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("glossgraph: error: `{file}` cannot be read as TBX; nothing was written");
            return Ok(ExitCode::from(exit::FINDINGS));
        }
    };
    // At most --max-per-rule warnings of each kind, the others counted.
    let max = Some(args.max_per_rule).filter(|&n| n > 0);
    let mut shown: BTreeMap<&str, usize> = BTreeMap::new();
    let mut stderr = io::stderr().lock();
    for warning in &imported.warnings {
        let seen = shown.entry(warning.kind).or_default();
        *seen += 1;
        if max.is_none_or(|max| *seen <= max) {
            writeln!(stderr, "warning: {file}:{warning}")?;
        }
    }
    if let Some(max) = max {
        for (kind, &n) in shown.iter().filter(|&(_, &n)| n > max) {
            writeln!(
                stderr,
                "warning: {file}: … and {} more `{kind}` warning(s) (--max-per-rule 0 shows \
                 them all)",
                n - max
            )?;
        }
    }
    if args.strict && !imported.warnings.is_empty() {
        writeln!(
            stderr,
            "glossgraph: error: {file}: {} warning(s) (--strict); nothing was written",
            imported.warnings.len()
        )?;
        return Ok(ExitCode::from(exit::FINDINGS));
    }
    drop(stderr);
    let kept = read::settings_kept(&output, &imported.config);
    let cards = imported.cards.iter().map(Cow::Borrowed);
    let staged = read::stage(
        &output,
        &imported.config,
        cards,
        &mut io::stdout().lock(),
        drop,
    )?;
    staged.commit()?;
    eprintln!(
        "imported {} cards from TBX {} into {}",
        imported.cards.len(),
        match imported.version {
            glossgraph::tbx::Version::V3 => "v3",
            glossgraph::tbx::Version::V2 => "v2",
        },
        place(&output)
    );
    settings_note(&output, &imported.config, kept);
    Ok(ExitCode::SUCCESS)
}

/// Where the cards went, for messages: a folder by its path, as before files could be asked
/// for; a file with its form.
fn place(output: &Output) -> String {
    match output {
        Output::Folder(dir) => dir.display().to_string(),
        output => crate::generate::place(output),
    }
}

/// Where the settings went, for a file; what they are, for standard output, which has no
/// folder to hold them; and a `glossgraph.toml` that was there already, kept as it was
/// (`kept`), with the keys where it differs from the settings found in the input.
fn settings_note(output: &Output, config: &Config, kept: Option<read::KeptSettings>) {
    match (output, kept) {
        (Output::Stdout, _) => eprint!(
            "the settings are not written with --out - (a {} beside the cards holds them, \
             or --base, --language and --title give them):\n{}",
            config::FILE_NAME,
            read::settings_toml(config)
        ),
        (_, Some(kept)) if kept.differ.is_empty() => {
            eprintln!("settings kept in {} as they were", kept.path.display());
        }
        (_, Some(kept)) => eprintln!(
            "settings kept in {} as they were; the input's differ in: {} (import into a new \
             place to see them)",
            kept.path.display(),
            kept.differ.join(", ")
        ),
        (Output::JsonLines(path) | Output::JsonArray(path), None) => eprintln!(
            "settings written to {}",
            read::settings_beside(path).display()
        ),
        (Output::Folder(_), None) => {}
    }
}

/// The settings `import` reads a source with: `--config`, else the `glossgraph.toml` in
/// `dir`; and where they come from, for messages.
fn settings_in(args: &ImportArgs, dir: &std::path::Path) -> Result<(Settings, String)> {
    let file = match &args.config {
        Some(path) => Some(path.clone()),
        None => Some(dir.join(config::FILE_NAME)).filter(|p| p.is_file()),
    };
    Ok(match &file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
            (Settings::parse(&text, path)?, path.display().to_string())
        }
        None => (Settings::default(), "the defaults".to_owned()),
    })
}

/// Prints the problems of a source's pages or entries: each that could not be read an
/// error, and then nothing is written (`Some(exit code)`); each left out a warning.
fn said(problems: &[SourceProblem], source: &std::path::Path) -> Result<Option<ExitCode>> {
    let (left_out, errors): (Vec<_>, Vec<_>) = problems.iter().partition(|p| p.left_out);
    let mut stderr = io::stderr().lock();
    if !errors.is_empty() {
        for problem in &errors {
            writeln!(stderr, "error: {}", shown(problem))?;
        }
        writeln!(
            stderr,
            "glossgraph: error: {} page(s) or entries of {} cannot be read; nothing was written",
            errors.len(),
            source.display()
        )?;
        return Ok(Some(ExitCode::from(exit::FINDINGS)));
    }
    for problem in &left_out {
        writeln!(stderr, "warning: {}", shown(problem))?;
    }
    Ok(None)
}

/// `import FILE.yaml`, `import FILE.md`: a glossary in one YAML, TOML or Markdown file.
fn one_file(args: &ImportArgs, shape: Shape) -> Result<ExitCode> {
    let dir = args
        .file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let (settings, origin) = settings_in(args, dir)?;
    let mut config = settings.apply(Config::default(), &origin)?;
    if let Some(language) = &args.language {
        config.language.clone_from(language);
    }
    let output = Output::parse(&args.out);
    read::ready(&output, args.force)?;
    let read = sources::read_file(&args.file, shape, &config)?;
    if let Some(code) = said(&read.problems, &args.file)? {
        return Ok(code);
    }
    config.statuses = read.config.statuses;
    config.language = read.config.language;
    let cards: Vec<glossgraph::Draft> = read.cards.into_iter().map(|(_, card)| card).collect();
    let count = cards.len();
    let imported = read::Imported {
        cards,
        config,
        report: read::vocabulary::Report::default(),
        vocabulary: false,
    };
    let kept = read::settings_kept(&output, &imported.config);
    let written = read::write(&imported, &output, &mut io::stdout().lock())?;
    settings_note(&output, &imported.config, kept);
    eprintln!(
        "imported {count} cards from {} into {} ({written} files)",
        args.file.display(),
        place(&output),
    );
    Ok(ExitCode::SUCCESS)
}

/// `import DIR`: a folder of Markdown pages.
fn pages(args: &ImportArgs) -> Result<ExitCode> {
    let dir = &args.file;
    let (settings, origin) = settings_in(args, dir)?;
    let mapping = docsite::Mapping::new(settings.import.as_ref(), &origin)?;
    let mut config = Settings {
        import: None,
        ..settings
    }
    .apply(Config::default(), &origin)?;
    if let Some(language) = &args.language {
        config.language.clone_from(language);
    }
    let output = Output::parse(&args.out);
    read::ready(&output, args.force)?;
    let pages::Read {
        imported,
        language,
        problems,
    } = pages::read(dir, &mapping, &config);
    if let Some(code) = said(&problems, dir)? {
        return Ok(code);
    }
    if let Some(language) = language {
        config.language = language;
    }
    let config = docsite::config_for(config, &imported.statuses);
    let kept = read::settings_kept(&output, &config);
    let written = docsite::write(&imported, &config, &output, &mut io::stdout().lock())?;
    settings_note(&output, &config, kept);
    let mut stderr = io::stderr().lock();
    writeln!(
        stderr,
        "imported {} cards from {} pages into {} ({} files)",
        imported.cards.len(),
        imported.cards.len() + imported.skipped.len(),
        place(&output),
        written
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
    if !mapping.term_links.is_empty() {
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

/// A problem of a page, as `file:line: message`.
fn shown(problem: &SourceProblem) -> String {
    match problem.line {
        0 => format!("{}: {}", problem.file, problem.message),
        line => format!("{}:{line}: {}", problem.file, problem.message),
    }
}
