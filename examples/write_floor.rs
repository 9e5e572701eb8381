//! The floor of writing an imported vocabulary's cards (see `benches/skos_import.sh`): `FILES`
//! files of `BYTES` bytes each into a new folder, each the way `import` writes a card — a
//! temporary file beside it, written, synced to the disk, renamed into place — one after
//! the other, on one thread, and nothing else. What `import` spends beyond this and the
//! parse (the `rdf_parse` example) is its own.
//!
//! Usage: `cargo run --release --example write_floor -- DIR FILES BYTES`

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, files, bytes] = args.as_slice() else {
        eprintln!("usage: write_floor DIR FILES BYTES");
        return ExitCode::from(2);
    };
    let (Ok(files), Ok(bytes)) = (files.parse::<usize>(), bytes.parse::<usize>()) else {
        eprintln!("write_floor: FILES and BYTES are numbers");
        return ExitCode::from(2);
    };
    let dir = std::path::Path::new(dir);
    let body = vec![b'x'; bytes];
    let write = |n: usize| -> std::io::Result<()> {
        let temporary = dir.join(format!(".c{n}.json.tmp"));
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(&body)?;
        file.sync_all()?;
        fs::rename(&temporary, dir.join(format!("c{n}.json")))
    };
    if let Err(e) = fs::create_dir(dir).and_then(|()| (0..files).try_for_each(write)) {
        eprintln!("write_floor: {}: {e}", dir.display());
        return ExitCode::from(1);
    }
    println!("{files} files of {bytes} bytes");
    ExitCode::SUCCESS
}
