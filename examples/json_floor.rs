//! The parsing half of the floor the RDF export is measured against (see `benches/rdf.sh`):
//! read a JSON Lines file line by line and parse each line into a `serde_json::Value`,
//! keeping nothing. The other half of the floor is `cat` copying the bytes the export wrote.
//!
//! Usage: `cargo run --release --example json_floor -- CARDS.jsonl`

use std::io::{BufRead, BufReader};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: json_floor CARDS.jsonl");
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("json_floor: cannot read {}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut line = String::new();
    let mut values = 0u64;
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("json_floor: {e}");
                return ExitCode::from(2);
            }
        }
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<serde_json::Value>(&line) {
            Ok(_) => values += 1,
            Err(e) => {
                eprintln!("json_floor: line {}: {e}", values + 1);
                return ExitCode::from(2);
            }
        }
    }
    eprintln!("json_floor: {values} values");
    ExitCode::SUCCESS
}
