//! The `glossgraph` binary: parse the arguments, call the library, print errors, pick the
//! exit code. Exit codes: 0 success, 1 the glossary is invalid (findings), 2 the tool
//! could not run, 130 `export` was interrupted and cleaned up.

mod cli;
mod sparql_commands;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use clap::Parser;

use clap::CommandFactory;

use cli::{
    CheckArgs, Cli, Color, Command, ExportArgs, GenerateArgs, GlossaryArgs, ImportArgs, RenderArgs,
    ReportFormat,
};
use glossgraph::check::{self, Checked};
use glossgraph::config::{Config, Settings};
use glossgraph::export::{self, bundle, dot, Format};
use glossgraph::generate::{Generator, Output};
use glossgraph::import::{self, ImportError};
use glossgraph::load::Input;
use glossgraph::render;

/// With the store on disk (feature `rocksdb`), mimalloc: see `Cargo.toml`.
#[cfg(feature = "rocksdb")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The glossary is invalid, or the result differs from what was expected.
const EXIT_FINDINGS: u8 = 1;
/// glossgraph could not run.
const EXIT_FAILURE: u8 = 2;
/// `export` was interrupted (Ctrl-C, SIGTERM) and cleaned up: 128 + SIGINT, as shells say.
const EXIT_INTERRUPTED: u8 = 130;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_FAILURE } else { 0 });
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let mut stderr = io::stderr().lock();
            let _ = write!(stderr, "glossgraph: error: {e}");
            for cause in e.chain().skip(1) {
                let _ = write!(stderr, ": {cause}");
            }
            let _ = writeln!(stderr);
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

/// Whether to colour a stream: `--color always`, or `auto` on a terminal without NO_COLOR.
fn use_color(choice: Color, stream: &impl IsTerminal) -> bool {
    match choice {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            stream.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| {
            // `ExportError::Io` is transparent: its io::Error is not a link of the chain.
            c.downcast_ref::<io::Error>()
                .or(match c.downcast_ref::<export::ExportError>() {
                    Some(export::ExportError::Io(e)) => Some(e),
                    _ => None,
                })
        })
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> Result<ExitCode> {
    let color = cli.color;
    match cli.command {
        Command::Check(args) => check_command(&args, color),
        Command::Export(args) => export_command(&args, color),
        Command::Completions { shell } => {
            let mut out = io::stdout().lock();
            clap_complete::generate(shell, &mut Cli::command(), "glossgraph", &mut out);
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { subcommand } => {
            let mut page = Cli::command();
            if let Some(name) = subcommand {
                page.build();
                let names: Vec<String> = page
                    .get_subcommands()
                    .map(|c| c.get_name().to_owned())
                    .collect();
                page = page
                    .find_subcommand(&name)
                    .cloned()
                    .ok_or_else(|| {
                        anyhow!(
                            "no subcommand `{name}`; man pages exist for: {}",
                            names.join(", ")
                        )
                    })?
                    .display_name(format!("glossgraph-{name}"));
            }
            let mut out = io::stdout().lock();
            clap_mangen::Man::new(page).render(&mut out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Render(args) => render_command(&args, color),
        Command::Generate(args) => generate_command(&args),
        Command::Import(args) => import_command(&args),
        Command::Query(args) => sparql_commands::query(args, color),
        Command::Serve(args) => sparql_commands::serve(args, color),
        Command::Push(args) => sparql_commands::push(args, color),
    }
}

/// Loads and checks the glossary named by the arguments.
fn load_checked(args: &GlossaryArgs, keep: check::Keep) -> Result<Checked> {
    let input = Input::parse(&args.input);
    let flags = args.settings();
    let config = match &args.config {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read `{}`", path.display()))?;
            let file = Settings::parse(&text, path)?;
            flags.apply(
                file.apply(Config::default(), &path.display().to_string())?,
                "command line",
            )?
        }
        None => Config::resolve(input.config_dir().as_deref(), flags)?,
    };
    let options = check::Options {
        strict: args.strict,
    };
    Ok(check::load_and_check(&input, &config, options, keep)?)
}

/// Loads and checks the glossary for a command that writes something: an invalid glossary
/// prints its report on stderr and yields `Err(exit code 1)`; warnings are counted in one
/// line unless quiet (`check` is where they are read).
fn load_valid(args: &GlossaryArgs, color: Color, quiet: bool) -> Result<Result<Checked, ExitCode>> {
    let checked = load_checked(args, check::Keep::Cards)?;
    let report = &checked.report;
    let stderr = io::stderr();
    let color = use_color(color, &stderr);
    if report.has_unreadable() || report.is_failure(false) {
        report.write_human(stderr.lock(), color)?;
        let code = if report.has_unreadable() {
            EXIT_FAILURE
        } else {
            EXIT_FINDINGS
        };
        return Ok(Err(ExitCode::from(code)));
    }
    let warnings = report.count(glossgraph::diag::Severity::Warning);
    if !quiet && warnings > 0 {
        eprintln!(
            "glossgraph: note: the glossary has {warnings} warning{}; `glossgraph check {}` lists them",
            if warnings == 1 { "" } else { "s" },
            args.input
        );
    }
    Ok(Ok(checked))
}

fn export_command(args: &ExportArgs, color: Color) -> Result<ExitCode> {
    let checked = match load_valid(&args.glossary, color, args.quiet)? {
        Ok(checked) => checked,
        Err(code) => return Ok(code),
    };
    let done = export_checked(args, &checked);
    leave(checked);
    done
}

/// `export` once the glossary has loaded and passed its checks.
fn export_checked(args: &ExportArgs, checked: &Checked) -> Result<ExitCode> {
    let (glossary, config) = (&checked.glossary, &checked.config);
    let mut formats: Vec<Format> = if args.format.is_empty() {
        Format::ALL.to_vec()
    } else {
        args.format.iter().map(|f| f.format()).collect()
    };
    if let Some(profile) = args.profile {
        // --profile picks the one GraphML shape wherever GraphML is asked for; a --format
        // that names another shape outright contradicts it.
        if let Some(other) = args.format.iter().map(|f| f.format()).find(|&f| {
            matches!(f, Format::GraphMlYed | Format::GraphMlNeo4j) && f != profile.format()
        }) {
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
            anyhow::bail!("--out - writes one format to standard output: choose it with --format");
        };
        let mut out = io::BufWriter::new(io::stdout());
        export::write(glossary, config, *format, &view, &mut out)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let out = std::path::Path::new(&args.out);
    if let Some(folder) = bundle::folder_holding(std::path::Path::new(&args.glossary.input), out) {
        anyhow::bail!(
            "the output folder `{}` is inside the glossary folder `{}`: the next run would read \
             its manifest.json as a card; choose an --out outside it",
            out.display(),
            folder.display()
        );
    }
    if args.check {
        let bundle::Checked { drift, skipped } =
            bundle::check(glossary, config, &formats, &view, out)?;
        for (format, why) in &skipped {
            eprintln!("glossgraph: not compared: {}: {why}", format.file_name());
        }
        if drift.is_empty() {
            if !args.quiet {
                eprintln!(
                    "{} matches the glossary ({} files)",
                    out.display(),
                    formats.len() + 1 - skipped.len()
                );
            }
            return Ok(ExitCode::SUCCESS);
        }
        let mut stdout = io::stdout().lock();
        for d in &drift {
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
        return Ok(ExitCode::from(EXIT_FINDINGS));
    }
    // Progress goes to stderr when a person is watching (or with -v), never into pipes or logs.
    let show = args.verbose || (!args.quiet && io::stderr().is_terminal());
    let (verbose, quiet) = (args.verbose, args.quiet);
    if formats.contains(&Format::Dot) && !quiet {
        let limit = view.engine.default_max_nodes();
        let nodes = glossary.cards().len();
        if view.focus.is_none() && nodes > limit {
            eprintln!(
                "glossgraph: note: glossary.dot draws all {nodes} terms; `{}` is slow and unreadable past {limit}: \
                 render a --focus view or use --engine sfdp",
                view.engine.name()
            );
        }
    }
    if show {
        eprintln!(
            "loaded {} terms from {}",
            glossary.cards().len(),
            args.glossary.input
        );
    }
    // The SVG is skipped, with a line saying why, when it comes with every other format; asked
    // for by name, it must be written.
    let svg_asked = args.format.iter().any(|f| f.format() == Format::Svg);
    let mut progress = |event: bundle::Event| {
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
    };
    // Interrupted (Ctrl-C, SIGTERM), the run removes its staging folder; exports/ is left
    // as it was, or, if the files were already moved in, whole with the new ones.
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
        std::process::exit(EXIT_INTERRUPTED.into());
    })
    .context("cannot install the Ctrl-C/SIGTERM handler")?;
    let manifest = bundle::write(glossary, config, &formats, &view, out, &mut progress)?;
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

fn check_command(args: &CheckArgs, color: Color) -> Result<ExitCode> {
    // The report is all `check` writes: the cards are kept only as far as the graph needs.
    let checked = load_checked(&args.glossary, check::Keep::Graph)?;
    let report = &checked.report;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match args.format {
        ReportFormat::Human => report.write_human(&mut out, use_color(color, &stdout))?,
        ReportFormat::Json => report.write_json(&mut out)?,
    }
    out.flush()?;
    let code = if report.has_unreadable() {
        ExitCode::from(EXIT_FAILURE)
    } else if report.is_failure(args.deny_warnings) {
        ExitCode::from(EXIT_FINDINGS)
    } else {
        ExitCode::SUCCESS
    };
    leave(checked);
    Ok(code)
}

/// Called where a command is done with the glossary and the process is about to end: freeing
/// a million cards one string at a time would only delay the exit (by a tenth of `check`'s
/// run; 0.3–0.5 s of a 100k-term `export`), the system takes the memory back at once.
fn leave(checked: Checked) {
    std::mem::forget(checked);
}

fn render_command(args: &RenderArgs, color: Color) -> Result<ExitCode> {
    let checked = match load_valid(&args.glossary, color, true)? {
        Ok(checked) => checked,
        Err(code) => {
            eprintln!("glossgraph: error: the glossary has errors; nothing was rendered");
            return Ok(code);
        }
    };
    let rendered = if render::is_html(&args.output) {
        anyhow::ensure!(
            args.view.focus.is_none() && args.view.status.is_empty(),
            "the HTML map shows the whole glossary (it has its own filters): --focus and \
             --status only apply to images drawn by Graphviz"
        );
        render::render_html(&checked.glossary, &checked.config, &args.output)?
    } else {
        render::render(
            &checked.glossary,
            &checked.config,
            &args.view.view(),
            &args.output,
        )?
    };
    for line in rendered.warnings.lines().filter(|l| !l.trim().is_empty()) {
        eprintln!("glossgraph: graphviz: {line}");
    }
    leave(checked);
    Ok(ExitCode::SUCCESS)
}

fn generate_command(args: &GenerateArgs) -> Result<ExitCode> {
    let generator = Generator::new(args.params())?;
    generator.write(&Output::parse(&args.out), io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

fn import_command(args: &ImportArgs) -> Result<ExitCode> {
    let format = match &args.format {
        Some(name) => Format::from_name(name).and_then(Format::rdf),
        None => import::format_of(&args.file),
    }
    .ok_or_else(|| {
        anyhow!(
            "cannot tell the RDF format of `{}` from its extension; name it with --format",
            args.file.display()
        )
    })?;
    import::new_or_empty(&args.out)?;
    let imported = match import::read_file(&args.file, format) {
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
            return Ok(ExitCode::from(EXIT_FINDINGS));
        }
    };
    import::write_folder(&imported, &args.out)?;
    eprintln!(
        "imported {} cards into {}",
        imported.cards.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
