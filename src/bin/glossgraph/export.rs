//! `glossgraph export`: every format into a folder, all or nothing (or one format to stdout),
//! and `--check`, which compares a folder with what a run would write.
//!
//! The library does the writing ([`bundle`]); this file reconciles the flags, reports progress
//! and drift on the terminal, and turns Ctrl-C into a clean exit.

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use glossgraph::check::Checked;
use glossgraph::export::{self, bundle, dot, Format};

use crate::cli::{Color, ExportArgs};
use crate::{exit, glossary};

pub fn run(args: &ExportArgs, color: Color) -> Result<ExitCode> {
    let checked = match glossary::load_valid(&args.glossary, color, args.quiet)? {
        Ok(checked) => checked,
        Err(code) => return Ok(code),
    };
    let done = export_checked(args, &checked);
    glossary::leave(checked);
    done
}

/// `export` once the glossary has loaded and passed its checks.
fn export_checked(args: &ExportArgs, checked: &Checked) -> Result<ExitCode> {
    let (glossary, config) = (&checked.glossary, &checked.config);
    let formats = formats(args)?;
    // The DOT file is written whole unless --max-nodes asks for a guard; the SVG gets the
    // engine's guard (see bundle). A large DOT file is announced, not refused.
    let view = dot::View {
        max_nodes: args.view.max_nodes.filter(|&n| n > 0),
        ..args.view.view()
    };
    if args.out == "-" {
        anyhow::ensure!(
            !args.check,
            "--check compares with the files of a folder: give it with --out DIR, not -"
        );
        let [format] = formats.as_slice() else {
            anyhow::bail!(
                "--out - writes one format to standard output: choose it with --format \
                 (for CSV, csv-nodes or csv-edges)"
            );
        };
        let mut out = io::BufWriter::new(io::stdout());
        export::write(glossary, config, *format, &view, &mut out)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let out = Path::new(&args.out);
    if let Some(folder) = bundle::folder_holding(Path::new(&args.glossary.input), out) {
        anyhow::bail!(
            "the output folder `{}` is inside the glossary folder `{}`: the next run would read \
             its manifest.json as a card; choose an --out outside it",
            out.display(),
            folder.display()
        );
    }
    if args.check {
        let checked = bundle::check(glossary, config, &formats, &view, out)?;
        return report_drift(args, &checked, formats.len(), out);
    }
    if formats.contains(&Format::Dot) && !args.quiet {
        let limit = view.engine.default_max_nodes();
        let nodes = glossary.cards().len();
        if view.focus.is_none() && nodes > limit {
            eprintln!(
                "glossgraph: note: glossary.dot draws all {nodes} terms; `{}` is slow and unreadable past {limit}: \
                 render a --focus view or use the default engine (--engine map)",
                view.engine.name()
            );
        }
    }
    // Progress goes to stderr when a person is watching (or with -v), never into pipes or logs.
    if show_progress(args) {
        eprintln!(
            "loaded {} terms from {}",
            glossary.cards().len(),
            args.glossary.input
        );
    }
    clean_up_on_interrupt(out)?;
    let manifest = bundle::write(glossary, config, &formats, &view, out, &mut progress(args))?;
    if !args.quiet {
        let files = manifest.files.len() + 1;
        eprintln!(
            "exported {} terms in {files} file{} to {}",
            manifest.terms,
            if files == 1 { "" } else { "s" },
            out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The formats to write, sorted: every format, or those of `--format`, with `--profile`
/// choosing the one GraphML shape.
fn formats(args: &ExportArgs) -> Result<Vec<Format>> {
    let mut formats: Vec<Format> = if args.format.is_empty() {
        Format::ALL.to_vec()
    } else {
        args.format
            .iter()
            .flat_map(|f| f.formats().iter().copied())
            .collect()
    };
    if let Some(profile) = args.profile {
        // --profile picks the one GraphML shape wherever GraphML is asked for; a --format
        // that names another shape outright contradicts it.
        if let Some(other) = args
            .format
            .iter()
            .flat_map(|f| f.formats().iter().copied())
            .find(|&f| {
                matches!(f, Format::GraphMlYed | Format::GraphMlNeo4j) && f != profile.format()
            })
        {
            anyhow::bail!(
                "--format {} and --profile {} ask for different GraphML files: keep one",
                other.name(),
                clap::ValueEnum::to_possible_value(&profile)
                    .map_or_else(String::new, |v| v.get_name().to_owned())
            );
        }
        let graphml = [Format::GraphMl, Format::GraphMlYed, Format::GraphMlNeo4j];
        if formats.iter().any(|f| graphml.contains(f)) {
            formats.retain(|f| !graphml.contains(f));
            formats.push(profile.format());
        }
    }
    formats.sort_unstable();
    formats.dedup();
    Ok(formats)
}

/// `export --check`: the files that differ on stdout, a summary on stderr, exit 1 on drift.
fn report_drift(
    args: &ExportArgs,
    checked: &bundle::Checked,
    formats: usize,
    out: &Path,
) -> Result<ExitCode> {
    let bundle::Checked { drift, skipped } = checked;
    for (format, why) in skipped {
        eprintln!("glossgraph: not compared: {}: {why}", format.file_name());
    }
    if drift.is_empty() {
        if !args.quiet {
            eprintln!(
                "{} matches the glossary ({} files)",
                out.display(),
                formats + 1 - skipped.len()
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut stdout = io::stdout().lock();
    for d in drift {
        writeln!(stdout, "{d}")?;
    }
    let extra = drift.iter().any(|d| matches!(d, bundle::Drift::Extra(_)));
    eprintln!(
        "glossgraph: {} differs from what `glossgraph export` writes; run it to regenerate{}",
        out.display(),
        if extra {
            ", and remove the extra files (export leaves files it does not write alone)"
        } else {
            ""
        }
    );
    Ok(ExitCode::from(exit::FINDINGS))
}

/// Whether progress lines are shown: with -v, or on a terminal unless --quiet.
fn show_progress(args: &ExportArgs) -> bool {
    args.verbose || (!args.quiet && io::stderr().is_terminal())
}

/// What the run says as files are written. The SVG is skipped, with a line saying why, when
/// it comes with every other format; asked for by name, it must be written.
fn progress(args: &ExportArgs) -> impl FnMut(bundle::Event) -> Result<(), export::ExportError> {
    let svg_asked = args
        .format
        .iter()
        .any(|f| f.formats().contains(&Format::Svg));
    let (show, verbose, quiet) = (show_progress(args), args.verbose, args.quiet);
    move |event: bundle::Event| {
        match event {
            bundle::Event::Skipped(format, why) if svg_asked && format == Format::Svg => {
                return Err(export::ExportError::Unwritable(format!(
                    "cannot write {}: {why}",
                    format.file_name()
                )));
            }
            bundle::Event::Writing(format) if verbose => {
                eprintln!("writing {} ({})", format.file_name(), format.name());
            }
            bundle::Event::Written(format, bytes) if show => {
                eprintln!("wrote {} ({bytes} bytes)", format.file_name());
            }
            bundle::Event::Skipped(format, why) if !quiet => {
                eprintln!("glossgraph: skipped {}: {why}", format.file_name());
            }
            _ => {}
        }
        Ok(())
    }
}

/// Interrupted (Ctrl-C, SIGTERM), the run removes its staging folder and exits 130; `out` is
/// left as it was, or, if the files were already moved in, whole with the new ones.
fn clean_up_on_interrupt(out: &Path) -> Result<()> {
    let abandoned = out.to_path_buf();
    ctrlc::set_handler(move || {
        match bundle::abandon(&abandoned) {
            bundle::Abandoned::Untouched => {
                eprintln!("glossgraph: interrupted; nothing was written");
            }
            bundle::Abandoned::Complete => eprintln!(
                "glossgraph: interrupted once the new exports were in place; {} holds them, whole",
                abandoned.display()
            ),
        }
        std::process::exit(exit::INTERRUPTED.into());
    })
    .context("cannot install the Ctrl-C/SIGTERM handler")
}
