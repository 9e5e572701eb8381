//! The floor `check` is measured against (see `benches/check.sh`), and the parsing half of the
//! floor of the RDF export and of `export` (`benches/rdf.sh`, `benches/export.sh`, whose other
//! half copies the bytes written): read a JSON Lines file as a stream and parse each line into
//! a `serde_json::Value`, keeping nothing.
//!
//! It reads the file the way the loader does (a buffered reader, one line at a time, each
//! line checked as UTF-8), so the only difference between the two runs is what `check` does
//! beyond parsing.
//!
//! Usage: `cargo run --profile dist --example bare_parse -- FILE.jsonl`

use std::io::{BufRead, BufReader};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: bare_parse FILE.jsonl");
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("bare_parse: cannot read {}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut line = Vec::new();
    let (mut values, mut failures) = (0u64, 0u64);
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("bare_parse: {e}");
                return ExitCode::from(2);
            }
        }
        let parsed = std::str::from_utf8(&line)
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(text).ok());
        match parsed {
            Some(value) => {
                values += 1;
                drop(value);
            }
            None => failures += 1,
        }
    }
    println!("{values} values, {failures} lines that are not JSON");
    ExitCode::SUCCESS
}
