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
use glossgraph::config::Config;
use glossgraph::export::{self, bundle, drawing, Format};
use glossgraph::rdf::vocab::Iris;

use crate::cli::{Color, EngineArg, ExportArgs};
use crate::glossary::shell_word;
use crate::progress::size;
use crate::{exit, glossary};

pub fn run(args: &ExportArgs, color: Color) -> Result<ExitCode> {
    let checked = match glossary::load_valid(&args.glossary, color, args.quiet)? {
        Ok(checked) => checked,
        Err(code) => return Ok(code),
    };
    let done = export_checked(args, &checked, color);
    glossary::leave(checked);
    done
}

/// `export` once the glossary has loaded and passed its checks.
fn export_checked(args: &ExportArgs, checked: &Checked, color: Color) -> Result<ExitCode> {
    let (glossary, config) = (&checked.glossary, &checked.config);
    let formats = formats(args)?;
    // The view's flags shape the drawings only: said when they come with other formats, or
    // with none they shape.
    let given = args.view.given();
    if !given.is_empty() && !args.quiet {
        let drawn = formats
            .iter()
            .any(|f| matches!(f, Format::Dot | Format::Svg));
        let others = formats
            .iter()
            .any(|f| !matches!(f, Format::Dot | Format::Svg));
        if others {
            eprintln!(
                "glossgraph: note: {} shape{} only glossary.dot and glossary.svg{}; every other \
                 format holds all {} terms",
                given.join(", "),
                if given.len() == 1 { "s" } else { "" },
                if drawn {
                    ""
                } else {
                    ", which this run does not write"
                },
                glossary.cards().len()
            );
        }
    }
    // The DOT file is written whole unless --max-nodes asks for a guard; the SVG gets the
    // engine's guard (see bundle). A large DOT file is announced, not refused.
    let view = drawing::View {
        max_nodes: args.view.max_nodes.filter(|&n| n > 0),
        pair: pair(args, &formats)?,
        ..args.view.view()
    };
    if let Some((source, target)) = &view.pair {
        if !args.quiet && !export::tsv::has_pairs(glossary, &config.language, (source, target)) {
            eprintln!(
                "glossgraph: note: no term has a label in both `{source}` and `{target}`: \
                 glossary.tsv is empty"
            );
        }
    }
    if formats.contains(&Format::Voc4cat) && !args.quiet {
        note_voc4cat(checked);
    }
    if args.out == "-" {
        anyhow::ensure!(
            !args.check,
            "--check compares with the files of a folder: give it with --out DIR, not -"
        );
        let [format] = formats.as_slice() else {
            if args.format.is_empty() {
                anyhow::bail!(
                    "--out - writes one format to standard output: choose it with --format \
                     (for CSV, csv-nodes or csv-edges)"
                );
            }
            let names: Vec<&str> = formats.iter().map(|f| f.name()).collect();
            anyhow::bail!(
                "--out - writes one format to standard output, but --format names {} ({}): \
                 name one, or write them all into a folder with --out DIR",
                names.len(),
                names.join(", ")
            );
        };
        let mut out = io::BufWriter::new(io::stdout());
        export::write(glossary, config, *format, &view, &mut out)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let out = Path::new(&args.out);
    if let Some(folder) = bundle::folder_holding(Path::new(args.glossary.input()), out) {
        anyhow::bail!(
            "the output folder `{}` is inside the glossary folder `{}`: the next run would read \
             its manifest.json as a card; choose an --out outside it",
            out.display(),
            folder.display()
        );
    }
    let allowed = allowed_removals(args)?;
    let gone = bundle::vanished(glossary, out, &allowed)?;
    if !gone.is_empty() {
        report_vanished(&gone, config, out, color);
        return Ok(ExitCode::from(exit::FINDINGS));
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
            args.glossary.input()
        );
    }
    clean_up_on_interrupt(out)?;
    let manifest = bundle::write(glossary, config, &formats, &view, out, &mut progress(args))
        .map_err(|e| next_step(e, out))?;
    // The files in the formats' order (they are written in parallel, and finish in any
    // order), with sizes as people read them.
    if show_progress(args) {
        let mut files: Vec<_> = manifest.files.values().collect();
        files.sort_by_key(|f| Format::ALL.iter().position(|&g| g == f.format));
        for file in files {
            eprintln!("wrote {} ({})", file.format.file_name(), size(file.bytes));
        }
    }
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

/// Says what of the glossary the workbook of voc4cat's template leaves out.
fn note_voc4cat(checked: &Checked) {
    let (glossary, config) = (&checked.glossary, &checked.config);
    let left = export::sheet::voc4cat::left_out(glossary, config);
    if !left.is_empty() {
        let shown: Vec<String> = left
            .iter()
            .take(5)
            .map(|(slug, tag, what)| format!("{slug} in `{tag}`: {what}"))
            .collect();
        eprintln!(
            "glossgraph: note: glossary.voc4cat.xlsx leaves out what voc4cat's template \
             cannot hold ({} language{} of terms): {}{}",
            left.len(),
            if left.len() == 1 { "" } else { "s" },
            shown.join("; "),
            if left.len() > shown.len() {
                "; …"
            } else {
                ""
            }
        );
    }
}

/// The language pair of `--format tsv`, from `--languages`: given with it, and only with it.
fn pair(args: &ExportArgs, formats: &[Format]) -> Result<Option<(String, String)>> {
    let tsv = formats.contains(&Format::Tsv);
    match (args.languages.as_slice(), tsv) {
        ([], false) => Ok(None),
        ([source, target], true) if source != target => Ok(Some((source.clone(), target.clone()))),
        (_, true) => anyhow::bail!(
            "--format tsv writes the terms of one language pair: name it with --languages \
             SOURCE,TARGET (two different tags, e.g. --languages en,de)"
        ),
        (_, false) => anyhow::bail!(
            "--languages names the language pair of the TSV glossary: add --format tsv"
        ),
    }
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
    let bundle::Checked {
        drift,
        skipped,
        foreign,
    } = checked;
    for (format, why) in skipped {
        eprintln!("glossgraph: not compared: {}: {why}", format.file_name());
    }
    if !args.quiet {
        for name in foreign {
            eprintln!(
                "glossgraph: note: {name} is not a file glossgraph writes: `export` leaves it \
                 alone and --check does not count it"
            );
        }
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
        "glossgraph: {} differs from what `{}` writes; run it to regenerate{}",
        out.display(),
        regenerating(args),
        if extra {
            ", which removes the extra files"
        } else {
            ""
        }
    );
    Ok(ExitCode::from(exit::FINDINGS))
}

/// A failed export with the next step to take. A file that could not be written is named
/// with its folder already; a full file system says so and where to turn, and since nothing
/// was moved in, the folder is as it was.
fn next_step(e: export::ExportError, out: &Path) -> anyhow::Error {
    let advice = if e.is_storage_full() {
        "the file system is full: free some space on it, or export to a folder on another file \
         system (--out DIR)"
    } else if matches!(e, export::ExportError::Write { .. }) {
        "check that the folder's device is writable and healthy, then run the export again"
    } else {
        return e.into();
    };
    anyhow::anyhow!(
        "{e}; {advice}; `{}` is as it was before this run",
        out.display()
    )
}

/// The `glossgraph export` command that writes what `args --check` compared with: the same
/// arguments without `--check` (and without those that only change what is printed).
fn regenerating(args: &ExportArgs) -> String {
    let glossary = &args.glossary;
    let view = &args.view;
    let mut words: Vec<String> = vec!["glossgraph".into(), "export".into()];
    if glossary.input.is_some() {
        words.push(shell_word(glossary.input()));
    }
    let mut flags: Vec<(&str, Option<String>)> = Vec::new();
    if args.out != "exports" {
        flags.push(("out", Some(args.out.clone())));
    }
    if !args.format.is_empty() {
        let names: Vec<String> = args.format.iter().map(value_name).collect();
        flags.push(("format", Some(names.join(","))));
    }
    flags.push(("profile", args.profile.as_ref().map(value_name)));
    if let Some(focus) = &view.focus {
        flags.push(("focus", Some(focus.clone())));
        if view.depth != 1 {
            flags.push(("depth", Some(view.depth.to_string())));
        }
    }
    if !view.status.is_empty() {
        flags.push(("status", Some(view.status.join(","))));
    }
    flags.push(("cluster", view.cluster.as_ref().map(value_name)));
    if view.engine != EngineArg::Map {
        flags.push(("engine", Some(value_name(&view.engine))));
    }
    flags.push(("max-nodes", view.max_nodes.map(|n| n.to_string())));
    if !args.allow_removal.is_empty() {
        flags.push(("allow-removal", Some(args.allow_removal.join(","))));
    }
    flags.push((
        "allow-removals-from",
        args.allow_removals_from
            .as_ref()
            .map(|f| f.display().to_string()),
    ));
    for (name, value) in flags {
        if let Some(value) = value {
            words.push(format!("--{name}"));
            words.push(shell_word(&value));
        }
    }
    words.extend(glossary::setting_words(glossary));
    words.join(" ")
}

/// The name of `value` on the command line.
fn value_name<T: clap::ValueEnum>(value: &T) -> String {
    value
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_owned())
}

/// The terms an earlier export published that the glossary dropped, each at its place in
/// the manifest, with the two ways on.
fn report_vanished(gone: &[bundle::Vanished], config: &Config, out: &Path, color: Color) {
    let paint = color.enabled(&io::stderr());
    let (red, bold, reset) = if paint {
        ("\x1b[1;31m", "\x1b[1m", "\x1b[0m")
    } else {
        ("", "", "")
    };
    let iris = Iris::new(&config.base);
    let manifest = out.join(bundle::MANIFEST);
    // As `check` caps a rule: the first few in full, then a count.
    for v in gone.iter().take(crate::cli::MAX_PER_RULE) {
        eprintln!(
            "{red}error{reset}{bold}: {}:{}: term `{}` was exported, but the glossary has no card `{}` any more: its IRI {} would stop resolving{reset}",
            manifest.display(),
            v.pointer,
            v.slug,
            v.slug,
            iris.term(&v.slug),
        );
        let successor = v.successor.as_deref().unwrap_or("NEW-SLUG");
        eprintln!(
            "  = help: keep its card as a tombstone (\"status\": \"obsolete\" or \"deprecated\", \"supersededBy\": [\"{successor}\"]), or pass --allow-removal {} to remove it deliberately",
            v.slug
        );
    }
    if gone.len() > crate::cli::MAX_PER_RULE {
        eprintln!(
            "… and {} more terms gone the same way",
            gone.len() - crate::cli::MAX_PER_RULE
        );
    }
    eprintln!(
        "glossgraph: {} exported term{} vanished from the glossary; nothing was written or compared",
        gone.len(),
        if gone.len() == 1 { "" } else { "s" },
    );
    if gone.len() > 1 {
        eprintln!(
            "glossgraph: to remove them all deliberately, list their slugs in a file, one a line, \
             and pass --allow-removals-from FILE"
        );
    }
}

/// The slugs whose removal is allowed: `--allow-removal`, and those of the
/// `--allow-removals-from` file (one a line; blank lines and `#` comments skipped).
fn allowed_removals(args: &ExportArgs) -> Result<Vec<String>> {
    let mut allowed = args.allow_removal.clone();
    if let Some(file) = &args.allow_removals_from {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read --allow-removals-from `{}`", file.display()))?;
        allowed.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(str::to_owned),
        );
    }
    Ok(allowed)
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
    let (verbose, quiet) = (args.verbose, args.quiet);
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
            bundle::Event::Removed(folders, bytes) if !quiet => {
                let shown: Vec<String> = folders
                    .iter()
                    .map(|f| format!("`{}`", f.display()))
                    .collect();
                let bytes = size(bytes);
                if let [one] = shown.as_slice() {
                    eprintln!(
                        "glossgraph: removed {one} ({bytes}), left by an export that is no longer running"
                    );
                } else {
                    eprintln!(
                        "glossgraph: removed {} staging folders ({bytes}), left by exports that are no longer running: {}",
                        shown.len(),
                        shown.join(", ")
                    );
                }
            }
            bundle::Event::Skipped(format, why) if !quiet => {
                eprintln!("glossgraph: skipped {}: {why}", format.file_name());
            }
            bundle::Event::Kept(format) if !quiet => {
                eprintln!(
                    "glossgraph: kept {}: not written by this run, and changed since glossgraph \
                     wrote it (remove it to let the next export do so)",
                    format.file_name()
                );
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
