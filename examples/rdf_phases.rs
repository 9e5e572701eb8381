//! Where the time of an RDF export goes: load, check, then the RDF writer alone.
//!
//! `benches/rdf.sh` times the real `glossgraph export`; this splits that time into the
//! foundation's part (reading and checking the cards) and the RDF writer's part, which is
//! what `rdf::write` controls.
//!
//! Usage: `cargo run --profile dist --example rdf_phases -- CARDS.jsonl FORMAT OUT`
//! (FORMAT as on the command line: ntriples, turtle, …; OUT a file, or - for no output.)

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use glossgraph::check::{self, Checked};
use glossgraph::config::{Config, Settings};
use glossgraph::export::Format;
use glossgraph::load::{self, Input};
use glossgraph::rdf::write as rdf;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, format, out] = args.as_slice() else {
        eprintln!("usage: rdf_phases CARDS FORMAT OUT");
        return ExitCode::from(2);
    };
    let Some(format) = Format::from_name(format).and_then(Format::rdf) else {
        eprintln!("rdf_phases: `{format}` is not an RDF format");
        return ExitCode::from(2);
    };
    match run(input, format, out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rdf_phases: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(
    input: &str,
    format: oxigraph::io::RdfFormat,
    out: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    let input = Input::parse(input);
    let config = Config::resolve(input.config_dir().as_deref(), Settings::default())?;
    let start = Instant::now();
    let loaded = load::load(&input)?;
    let loaded_at = start.elapsed();
    let Checked {
        glossary, report, ..
    } = check::check(loaded, &config, check::Options::default());
    let checked_at = start.elapsed();
    if report.is_failure(false) {
        return Err("the glossary has errors".into());
    }
    let sink: Box<dyn Write + Send> = if out == "-" {
        Box::new(io::sink())
    } else {
        Box::new(BufWriter::new(std::fs::File::create(out)?))
    };
    let triples = rdf::write(&glossary, &config, format, sink)?;
    let written_at = start.elapsed();
    eprintln!(
        "load {:.2} s, check {:.2} s, write {:.2} s ({triples} triples), total {:.2} s",
        loaded_at.as_secs_f64(),
        (checked_at - loaded_at).as_secs_f64(),
        (written_at - checked_at).as_secs_f64(),
        written_at.as_secs_f64()
    );
    Ok(())
}
