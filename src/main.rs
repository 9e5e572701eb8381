//! The `glossgraph` binary: parse the arguments, hand each command to its file, print the
//! error chain, pick the exit code ([`exit`]). Everything a command does beyond reading its
//! arguments and talking to the terminal is library code (`glossgraph::…`).
//!
//! One file per command (`check.rs`, `export.rs`, `query.rs`, …), the clap definitions of
//! them all in `cli/`, the loading every command shares in `glossary.rs`.

mod check;
mod cli;
mod diff;
mod exit;
mod export;
mod format;
mod generate;
mod glossary;
mod import;
mod progress;
mod push;
mod query;
mod render;
mod schema;
mod serve;
mod shell;
mod site;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;

use cli::{Cli, Command};

/// Keeps glibc's malloc to one arena per core (at least two, at most eight: the size of the
/// pool), before any thread starts. Its default, eight per core, lets each of the pool's
/// threads, the flushing thread and the rest take an arena of their own; memory freed into
/// one is not reused by the others, and the peak grew by it: on 100,000 generated terms,
/// `site` peaked at 292 MB with the default and 280 MB with two (1.52x and 1.46x the input),
/// `export` at 263 MB and 253 MB (BENCHMARKS.md, "Where the CPU went (issue 59)").
fn limit_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let arenas = cores.clamp(2, 8) as libc::c_int;
        // SAFETY: `mallopt` only sets a parameter of the allocator; M_ARENA_MAX takes any
        // positive count, and no other thread runs yet.
        #[allow(unsafe_code)]
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, arenas);
        }
    }
}

fn main() -> ExitCode {
    limit_malloc_arenas();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            if let Some(file) = output_given_as_input(&e) {
                eprintln!("\n  tip: to write `{file}`, name it with --output: glossgraph render --output {file}");
            }
            return ExitCode::from(if e.use_stderr() { exit::FAILURE } else { 0 });
        }
    };
    // The pool every command's parallel work runs on: a thread per core, up to eight, or
    // RAYON_NUM_THREADS.
    glossgraph::map::parallel::init();
    match run(cli) {
        Ok(code) => code,
        Err(e) if exit::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // An error may quote a card or a file name: nothing of it steers the terminal.
            let said = chain(&e);
            let said = glossgraph::visible::printable(&said);
            let _ = writeln!(io::stderr().lock(), "glossgraph: error: {said}");
            ExitCode::from(exit::FAILURE)
        }
    }
}

/// An error and its causes, `: `-separated, each cause once: the library's errors name their
/// cause in their own text too (so that `to_string()` says it), which is then not repeated.
fn chain(e: &anyhow::Error) -> String {
    let mut text = e.to_string();
    for cause in e.chain().skip(1) {
        let cause = cause.to_string();
        if !text.ends_with(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}

/// For `render map.svg` without `--output`: the file that was surely meant as the output (a
/// positional argument with a picture's extension, which no glossary has).
fn output_given_as_input(e: &clap::Error) -> Option<String> {
    if e.kind() != clap::error::ErrorKind::MissingRequiredArgument {
        return None;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let render = args.iter().position(|a| a == "render")?;
    // With the output named, what is missing is something else (`--depth` without `--focus`).
    let named = args[render + 1..].iter().any(|a| {
        ["--output", "--out", "-o"].contains(&a.as_str())
            || a.starts_with("--output=")
            || a.starts_with("--out=")
            || (a.starts_with("-o") && !a.starts_with("--"))
    });
    if named {
        return None;
    }
    args[render + 1..]
        .iter()
        .find(|a| {
            let lower = a.to_ascii_lowercase();
            [".svg", ".png", ".pdf", ".html"]
                .iter()
                .any(|ext| lower.ends_with(ext))
        })
        .cloned()
}

fn run(cli: Cli) -> Result<ExitCode> {
    let color = cli.color;
    match cli.command {
        Command::Check(args) => check::run(&args, color),
        Command::Diff(args) => diff::run(&args, color),
        Command::Export(args) => export::run(&args, color),
        Command::Completions { shell } => shell::completions(shell),
        Command::Man { subcommand } => shell::man(subcommand),
        Command::Render(args) => render::run(&args, color),
        Command::Site(args) => site::run(&args, color),
        Command::Fmt(args) => format::run(&args),
        Command::Schema(args) => schema::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Import(args) => import::run(&args),
        Command::Query(args) => query::run(args, color),
        Command::Serve(args) => serve::run(args, color),
        Command::Push(args) => push::run(args, color),
    }
}
