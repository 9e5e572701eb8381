//! The floor of writing an imported vocabulary's cards (see `benches/skos_import.sh`): `FILES`
//! files of `BYTES` bytes each into a new folder, one after the other, on one thread, and
//! nothing else. What `import` spends beyond this and the parse (the `rdf_parse` example) is
//! its own. `MODE` says how each file is written:
//!
//! - `rename` (the default): a temporary file beside it, written, synced to the disk, renamed
//!   into place — as `import` wrote each card before it wrote into a staging folder;
//! - `sync`: created under its own name, written, synced;
//! - `plain`: created under its own name and written, nothing synced.
//!
//! Usage: `cargo run --release --example write_floor -- DIR FILES BYTES [MODE]`

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (dir, files, bytes, mode) = match args.as_slice() {
        [dir, files, bytes] => (dir, files, bytes, "rename"),
        [dir, files, bytes, mode] => (dir, files, bytes, mode.as_str()),
        _ => {
            eprintln!("usage: write_floor DIR FILES BYTES [rename|sync|plain]");
            return ExitCode::from(2);
        }
    };
    let (Ok(files), Ok(bytes)) = (files.parse::<usize>(), bytes.parse::<usize>()) else {
        eprintln!("write_floor: FILES and BYTES are numbers");
        return ExitCode::from(2);
    };
    if !matches!(mode, "rename" | "sync" | "plain") {
        eprintln!("write_floor: MODE is rename, sync or plain");
        return ExitCode::from(2);
    }
    let dir = std::path::Path::new(dir);
    let body = vec![b'x'; bytes];
    let write = |n: usize| -> std::io::Result<()> {
        let name = dir.join(format!("c{n}.json"));
        let temporary = dir.join(format!(".c{n}.json.tmp"));
        let path = if mode == "rename" { &temporary } else { &name };
        let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
        file.write_all(&body)?;
        if mode != "plain" {
            file.sync_all()?;
        }
        if mode == "rename" {
            fs::rename(&temporary, &name)?;
        }
        Ok(())
    };
    if let Err(e) = fs::create_dir(dir).and_then(|()| (0..files).try_for_each(write)) {
        eprintln!("write_floor: {}: {e}", dir.display());
        return ExitCode::from(1);
    }
    println!("{files} files of {bytes} bytes ({mode})");
    ExitCode::SUCCESS
}
