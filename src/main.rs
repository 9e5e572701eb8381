//! The `glossgraph` binary: parse the arguments, call the library, print errors, pick the
//! exit code. Exit codes: 0 success, 1 the glossary is invalid (findings), 2 the tool
//! could not run.

mod cli;
mod sparql_commands;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use clap::Parser;

use cli::{
    CheckArgs, Cli, Color, Command, GenerateArgs, GlossaryArgs, ImportArgs, RenderArgs,
    ReportFormat,
};
use glossgraph::check::{self, Checked};
use glossgraph::config::{Config, Settings};
use glossgraph::export::Format;
use glossgraph::generate::{Generator, Output};
use glossgraph::import::{self, ImportError};
use glossgraph::load::{self, Input};
use glossgraph::render;

/// The glossary is invalid, or the result differs from what was expected.
const EXIT_FINDINGS: u8 = 1;
/// glossgraph could not run.
const EXIT_FAILURE: u8 = 2;

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

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> Result<ExitCode> {
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    match cli.command {
        Command::Check(args) => check_command(&args, color),
        Command::Query(args) => sparql_commands::query(args, color),
        Command::Serve(args) => sparql_commands::serve(args, color),
        Command::Push(args) => sparql_commands::push(args, color),
        Command::Import(args) => import_command(&args),
        Command::Render(args) => render_command(&args, color),
        Command::Generate(args) => generate_command(&args),
    }
}

/// Loads and checks the glossary named by the arguments; also returns its configuration.
fn load_checked(args: &GlossaryArgs) -> Result<(Checked, Config)> {
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
    let loaded = load::load(&input)?;
    let options = check::Options {
        strict: args.strict,
    };
    Ok((check::check(loaded, &config, options), config))
}

fn check_command(args: &CheckArgs, color: bool) -> Result<ExitCode> {
    let (checked, _) = load_checked(&args.glossary)?;
    let report = &checked.report;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match args.format {
        ReportFormat::Human => report.write_human(&mut out, color && stdout.is_terminal())?,
        ReportFormat::Json => report.write_json(&mut out)?,
    }
    out.flush()?;
    Ok(if report.has_unreadable() {
        ExitCode::from(EXIT_FAILURE)
    } else if report.is_failure(args.deny_warnings) {
        ExitCode::from(EXIT_FINDINGS)
    } else {
        ExitCode::SUCCESS
    })
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

fn render_command(args: &RenderArgs, color: bool) -> Result<ExitCode> {
    let (checked, config) = load_checked(&args.glossary)?;
    let report = &checked.report;
    if report.has_unreadable() || report.is_failure(false) {
        let stderr = io::stderr();
        let mut err = stderr.lock();
        report.write_human(&mut err, color && stderr.is_terminal())?;
        writeln!(
            err,
            "glossgraph: error: the glossary has errors; nothing was rendered"
        )?;
        return Ok(ExitCode::from(if report.has_unreadable() {
            EXIT_FAILURE
        } else {
            EXIT_FINDINGS
        }));
    }
    let rendered = render::render(&checked.glossary, &config, &args.view.view(), &args.output)?;
    for line in rendered.warnings.lines().filter(|l| !l.trim().is_empty()) {
        eprintln!("glossgraph: graphviz: {line}");
    }
    Ok(ExitCode::SUCCESS)
}

fn generate_command(args: &GenerateArgs) -> Result<ExitCode> {
    let generator = Generator::new(args.params())?;
    generator.write(&Output::parse(&args.out), io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}
