//! Where [`write`](super::write) may not put a site: the glossary it is made from, the
//! working folder, and folders it did not write (unless forced); the site replaces its folder
//! whole.

use std::fs;
use std::path::{Path, PathBuf};

/// The file that marks a folder as a site glossgraph wrote. [`write`](super::write) replaces a folder only
/// when it is missing, empty, or holds this mark (or when told to with [`Guard::force`]).
pub const MARK: &str = ".glossgraph-site";

/// What [`write`](super::write) must not replace: the glossary it was made from, and folders it did not
/// write. The site replaces its folder whole, so a wrong `--out` would otherwise delete
/// whatever the folder held.
#[derive(Debug, Clone, Copy, Default)]
pub struct Guard<'a> {
    /// The glossary's input (a folder or a file), when it is on the disk: the site's folder may
    /// be neither it, nor a folder holding it, nor a folder inside it.
    pub input: Option<&'a Path>,
    /// Replace a folder that holds files but no [`MARK`] (never the input, a folder holding
    /// it, or the working folder).
    pub force: bool,
}

/// Why the site may not be written into `out`, if it may not: `out` is the input, holds it
/// or lies inside it, is the working folder or holds it, or (unless `guard.force`) is a
/// folder with files that glossgraph did not write.
pub fn refusal(out: &Path, guard: &Guard) -> Option<String> {
    let shown = out.display();
    if out.exists() && !out.is_dir() {
        return Some(format!("`{shown}` exists and is not a folder"));
    }
    let target = resolved(out)?;
    if let Some(input) = guard.input.and_then(|i| fs::canonicalize(i).ok()) {
        if input.starts_with(&target) {
            return Some(format!(
                "`{shown}` is or holds the glossary `{}`: the site replaces its folder whole, \
                 which would delete the cards; choose an --out outside the glossary",
                input.display()
            ));
        }
        if input.is_dir() && target.starts_with(&input) {
            return Some(format!(
                "`{shown}` is inside the glossary folder `{}`: the next run would read the \
                 site's files as cards; choose an --out outside it",
                input.display()
            ));
        }
    }
    if let Some(cwd) = std::env::current_dir()
        .ok()
        .and_then(|d| fs::canonicalize(d).ok())
    {
        if cwd.starts_with(&target) {
            return Some(format!(
                "`{shown}` is the working folder or holds it: the site replaces its folder \
                 whole; choose an --out below the working folder"
            ));
        }
    }
    if guard.force || !target.is_dir() || target.join(MARK).is_file() {
        return None;
    }
    let mut names: Vec<String> = fs::read_dir(&target)
        .ok()?
        .filter_map(Result::ok)
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            match entry.file_type() {
                Ok(t) if t.is_dir() => format!("{name}/"),
                _ => name,
            }
        })
        .collect();
    if names.is_empty() {
        return None;
    }
    names.sort();
    let count = names.len();
    names.truncate(3);
    let more = if count > 3 { ", …" } else { "" };
    Some(format!(
        "`{shown}` holds files that glossgraph did not write ({}{more}) and the site replaces \
         its folder whole; choose another --out, or pass --force to replace it",
        names.join(", ")
    ))
}

/// `path` made absolute and canonical as far as it exists (symbolic links followed), the
/// rest of it after that.
fn resolved(path: &Path) -> Option<PathBuf> {
    let path = std::path::absolute(path).ok()?;
    let existing = path.ancestors().find(|a| a.exists())?;
    let rest = path.strip_prefix(existing).ok()?;
    Some(fs::canonicalize(existing).ok()?.join(rest))
}
