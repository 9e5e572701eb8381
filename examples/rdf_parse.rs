//! The floor of `glossgraph import` (see `benches/skos_import.sh`): parse an RDF file with
//! Oxigraph's parser and count its triples, keeping nothing. The import parses the same way
//! before it builds cards, so the difference between the two runs is what the import adds.
//!
//! Usage: `cargo run --release --example rdf_parse -- FILE` (the format from the extension).

use std::io::BufReader;
use std::process::ExitCode;

use oxigraph::io::{RdfFormat, RdfParser};

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1).map(std::path::PathBuf::from) else {
        eprintln!("usage: rdf_parse FILE");
        return ExitCode::from(2);
    };
    let Some(format) = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(RdfFormat::from_extension)
    else {
        eprintln!("rdf_parse: no RDF format for {}", path.display());
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("rdf_parse: cannot read {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let mut triples = 0u64;
    for quad in RdfParser::from_format(format).for_reader(BufReader::with_capacity(1 << 16, file)) {
        if let Err(e) = quad {
            eprintln!("rdf_parse: {}: {e}", path.display());
            return ExitCode::from(1);
        }
        triples += 1;
    }
    println!("{triples} triples");
    ExitCode::SUCCESS
}
