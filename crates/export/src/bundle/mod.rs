//! Writing a folder of exports all or nothing, with a manifest, and checking it for drift.
//!
//! Every file is first written into a staging folder beside the target (same file system, so
//! renames are atomic). Only when every format has been written are the files renamed into
//! place, the manifest last. A failure before that — a writer error, a full disk, an
//! interruption — leaves the target folder exactly as it was; the staging folder is removed
//! (or, after a crash, left as `.<name>.staging-<pid>` beside it, never mixed into it, and
//! removed by the next run once process `<pid>` no longer runs).
//! Every staged file is flushed to disk before the first rename, on a thread of its own so
//! that the disk works while the next format is rendered.
//!
//! Most writers use every core; RDF/XML and JSON-LD, which Oxigraph serializes on one, are
//! written at the same time, the SVG (Graphviz, one core) beside the writers that follow
//! them, and the manifest's input hash beside the writers.
//!
//! [`check`] regenerates every file into a hashing sink — nothing is held in memory or
//! written — and compares sizes and SHA-256 digests with what is on disk.
//!
//! The run and the drift check are here; the manifest in `manifest.rs`; the staging folder,
//! the flushing, the renames and their undoing in `staging.rs`.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use sha2::{Digest, Sha256};

use super::drawing::{Engine, View};
use super::{ExportError, Format};
use crate::config::Config;
use crate::hex::hex;
use crate::render::{self, RenderError};
use crate::Glossary;

mod manifest;
mod staging;

pub use manifest::*;
use staging::*;
pub use staging::{abandon, Abandoned};
pub(crate) use staging::{cannot, staging_path, Staging};

/// The manifest's file name in the output folder.
pub const MANIFEST: &str = "manifest.json";

/// What happened, for progress reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A format is about to be written.
    Writing(Format),
    /// A file has been written (staged) with this many bytes.
    Written(Format, u64),
    /// A format was left out, and why (the SVG when Graphviz is missing or the map too big).
    Skipped(Format, String),
    /// Staging folders beside the output folder, left by runs that no longer run (killed,
    /// or the machine went down), were removed; with the bytes they held.
    Removed(Vec<PathBuf>, u64),
    /// A file of a format this run does not write, left as it is: it is no longer what the
    /// manifest says glossgraph wrote (edited since, a spreadsheet most likely), or the
    /// manifest does not name it.
    Kept(Format),
}

/// Writes one format to `w`; returns the triple count for RDF formats.
fn write_one(
    glossary: &Glossary,
    config: &Config,
    format: Format,
    view: &View,
    w: impl Write + Send,
) -> Result<Option<u64>, ExportError> {
    match format.rdf() {
        Some(rdf) => crate::rdf::write::write(glossary, config, rdf, w).map(Some),
        None => super::write(glossary, config, format, view, w).map(|()| None),
    }
}

/// A file written into the staging folder.
struct Staged {
    bytes: u64,
    sha256: String,
    /// The number of triples, for an RDF format.
    triples: Option<u64>,
    /// The file, to be flushed to disk; `None` for a format made again for [`check`] (but
    /// the SVG, drawn into a temporary file all the same), which is not kept.
    file: Option<fs::File>,
}

/// What became of one format.
enum Outcome {
    Staged(Staged),
    /// Left out, and why (an SVG Graphviz draws, when Graphviz is missing or the map too big).
    Skipped(String),
}

/// Writes `format` into the staging folder `dir`; with a `syncer`, the file is flushed to the
/// disk as it grows ([`Flushing`]).
fn stage(
    glossary: &Glossary,
    config: &Config,
    format: Format,
    view: &View,
    dir: &Path,
    syncer: Option<&Syncer>,
) -> Result<Outcome, ExportError> {
    let path = dir.join(format.file_name());
    if format == Format::Svg && view.engine != Engine::Map {
        if let Some(why) = render_svg(glossary, config, view, &path)? {
            return Ok(Outcome::Skipped(why));
        }
        let (bytes, sha256) = hash_file(&path)?;
        return Ok(Outcome::Staged(Staged {
            bytes,
            sha256,
            triples: None,
            // Graphviz wrote it and closed it: flushed through a handle of our own.
            file: Some(fs::File::open(&path).map_err(cannot("open", &path))?),
        }));
    }
    let file = fs::File::create(&path).map_err(cannot("create", &path))?;
    let file = Flushing {
        file,
        name: format.file_name(),
        syncer,
        every: FLUSH_EVERY,
        unflushed: 0,
    };
    let mut w = Hashing::new(BufWriter::with_capacity(1 << 16, file));
    let triples = write_one(glossary, config, format, view, &mut w)?;
    let (bytes, sha256, buffered) = w.finish();
    let file = buffered
        .into_inner()
        .map_err(io::IntoInnerError::into_error)?
        .file;
    Ok(Outcome::Staged(Staged {
        bytes,
        sha256,
        triples,
        file: Some(file),
    }))
}

/// Makes `format` again without keeping it, for [`check`]: its size, SHA-256 and triples
/// (the SVG is drawn into a temporary folder, then removed).
fn regenerate(
    glossary: &Glossary,
    config: &Config,
    format: Format,
    view: &View,
) -> Result<Outcome, ExportError> {
    if format == Format::Svg && view.engine != Engine::Map {
        // A fresh private folder (`tempfile`), removed on drop: never one another run left.
        let dir = tempfile::Builder::new()
            .prefix("glossgraph-check-")
            .tempdir()?;
        return stage(glossary, config, format, view, dir.path(), None);
    }
    let mut w = Hashing::new(io::sink());
    let triples = write_one(glossary, config, format, view, &mut w)?;
    let (bytes, sha256, _) = w.finish();
    Ok(Outcome::Staged(Staged {
        bytes,
        sha256,
        triples,
        file: None,
    }))
}

/// Reports what became of `format`, and hands its file to `syncer`; the staged file, if any.
///
/// # Errors
/// That of `progress`, which refuses the event (a format the user asked for was skipped).
fn report(
    format: Format,
    outcome: Outcome,
    syncer: &Syncer,
    progress: &mut dyn FnMut(Event) -> Result<(), ExportError>,
) -> Result<Option<(Format, Staged)>, ExportError> {
    match outcome {
        Outcome::Skipped(why) => {
            progress(Event::Skipped(format, why))?;
            Ok(None)
        }
        Outcome::Staged(mut staged) => {
            if let Some(file) = staged.file.take() {
                syncer.sync(format.file_name(), file);
            }
            progress(Event::Written(format, staged.bytes))?;
            Ok(Some((format, staged)))
        }
    }
}

/// Makes every format with `make` and hands each result to `on` (first `None`, when the format
/// is about to be made, then its result), in the order made.
///
/// The formats Oxigraph serializes on one core (RDF/XML, JSON-LD) are made first, two at a
/// time, side by side on the pool; then the others, which use every core already. The SVG is
/// made beside those others rather than after them (a task of its own on the pool): when
/// Graphviz draws it (`--engine dot` or `sfdp`), in a process of its own on one core, the task
/// waits for it while the pool's other threads make the rest. The last files made are then the
/// small ones (DOT, SVG, the HTML map): the flush to disk that `write` waits for at the end is
/// theirs, not that of the two largest files.
///
/// # Errors
/// The first error `on` returns; the formats after it are not made (the SVG under way is
/// finished first, and dropped).
fn each_format<T: Send>(
    formats: &[Format],
    make: impl Fn(Format) -> T + Sync,
    mut on: impl FnMut(Format, Option<T>) -> Result<(), ExportError>,
) -> Result<(), ExportError> {
    let (drawn, formats): (Vec<Format>, Vec<Format>) =
        formats.iter().partition(|&&f| f == Format::Svg);
    let (one_core, rest): (Vec<Format>, Vec<Format>) = formats.iter().partition(|f| {
        f.rdf()
            .is_some_and(|rdf| !crate::rdf::write::is_chunked(rdf))
    });
    let make = &make;
    let mut background: Vec<(Format, Option<T>)> = drawn.iter().map(|&f| (f, None)).collect();
    rayon::in_place_scope(|scope| {
        for pair in one_core.chunks(2) {
            for &format in pair {
                on(format, None)?;
            }
            let made: Vec<T> = pair.par_iter().map(|&format| make(format)).collect();
            for (&format, made) in pair.iter().zip(made) {
                on(format, Some(made))?;
            }
        }
        for (format, made) in &mut background {
            on(*format, None)?;
            let format = *format;
            scope.spawn(move |_| *made = Some(make(format)));
        }
        for &format in &rest {
            on(format, None)?;
            on(format, Some(make(format)))?;
        }
        Ok::<_, ExportError>(())
    })?;
    for (format, made) in background {
        if let Some(made) = made {
            on(format, Some(made))?;
        }
    }
    Ok(())
}

/// The view the SVG is drawn with: the DOT view, with the engine's size guard unless the
/// view sets its own — a DOT file of any size is fine, a laid-out hairball is not.
fn svg_view(view: &View) -> View {
    View {
        max_nodes: view.max_nodes.or(Some(view.engine.default_max_nodes())),
        ..view.clone()
    }
}

/// Renders the SVG to `path`; `Ok(Some(reason))` when it is skipped: Graphviz is not
/// installed, or the view is too big to lay out.
fn render_svg(
    glossary: &Glossary,
    config: &Config,
    view: &View,
    path: &Path,
) -> Result<Option<String>, ExportError> {
    match render::render(glossary, config, &svg_view(view), path) {
        Ok(_) => Ok(None),
        Err(e @ (RenderError::GraphvizMissing { .. } | RenderError::View(_))) => {
            Ok(Some(e.to_string()))
        }
        Err(RenderError::Export(e)) => Err(e),
        Err(RenderError::Io { source, .. }) => Err(ExportError::Io(source)),
        Err(e) => Err(ExportError::Unwritable(e.to_string())),
    }
}

/// The size and SHA-256 that `out`'s manifest records for `format`, if it records them.
fn manifest_entry(out: &Path, format: Format) -> Option<(u64, String)> {
    let text = fs::read(out.join(MANIFEST)).ok()?;
    let doc: serde_json::Value = serde_json::from_slice(&text).ok()?;
    let entry = &doc["files"][format.file_name()];
    Some((
        entry["bytes"].as_u64()?,
        entry["sha256"].as_str()?.to_owned(),
    ))
}

/// Size and SHA-256 of a file.
fn hash_file(path: &Path) -> io::Result<(u64, String)> {
    let mut h = Hashing::new(io::sink());
    io::copy(&mut fs::File::open(path)?, &mut h)?;
    let (bytes, sha256, _) = h.finish();
    Ok((bytes, sha256))
}

/// Writes `formats` and the manifest into `out`, all or nothing. Each [`Event`] goes to
/// `progress`, which may refuse it with an error that stops the run (the caller's way of
/// saying that a skipped SVG was asked for).
///
/// # Errors
/// A writer's error, an I/O error, or that of `progress`; `out` is then left as it was.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    formats: &[Format],
    view: &View,
    out: &Path,
    progress: &mut dyn FnMut(Event) -> Result<(), ExportError>,
) -> Result<Manifest, ExportError> {
    if out.exists() && !out.is_dir() {
        return Err(ExportError::Unwritable(format!(
            "`{}` exists and is not a folder",
            out.display()
        )));
    }
    let staging = Staging {
        path: staging_path(out),
    };
    if let Some(parent) = staging.path.parent() {
        fs::create_dir_all(parent).map_err(cannot("create", parent))?;
    }
    let (removed, bytes) = remove_abandoned(out);
    if !removed.is_empty() {
        progress(Event::Removed(removed, bytes))?;
    }
    let _ = fs::remove_dir_all(&staging.path);
    fs::create_dir(&staging.path).map_err(cannot("create", &staging.path))?;
    let syncer = Syncer::start();
    let mut written = Vec::with_capacity(formats.len());
    // The manifest's input hash serializes every card again: it is made beside the writers.
    let mut counted = None;
    let staged = rayon::in_place_scope(|scope| {
        scope.spawn(|_| counted = Some(Manifest::new(glossary)));
        let mut staged = Vec::with_capacity(formats.len());
        each_format(
            formats,
            |format| {
                stage(glossary, config, format, view, &staging.path, Some(&syncer))
                    .map_err(|e| e.writing(format.file_name(), out))
            },
            |format, outcome| {
                match outcome {
                    None => progress(Event::Writing(format))?,
                    Some(outcome) => staged.push(report(format, outcome?, &syncer, progress)?),
                }
                Ok(())
            },
        )?;
        Ok::<_, ExportError>(staged)
    })?;
    let mut manifest = counted.expect("the scope has made the manifest");
    for (format, staged) in staged.into_iter().flatten() {
        manifest.record(format, staged.bytes, staged.sha256, staged.triples);
        written.push(format);
    }
    let manifest_path = staging.path.join(MANIFEST);
    let mut file = fs::File::create(&manifest_path).map_err(cannot("create", &manifest_path))?;
    file.write_all(manifest.to_json().as_bytes())
        .map_err(|e| ExportError::Io(e).writing(MANIFEST, out))?;
    syncer.sync(MANIFEST, file);
    syncer
        .finish()
        .map_err(|(name, e)| ExportError::Io(e).writing(name, out))?;
    // Everything is staged. Make sure every rename can succeed before the first one, so the
    // folder is never left half old, half new; then move the files in, the manifest last.
    // Only what was staged: a skipped format (the SVG) has no file to move.
    let names: Vec<&str> = written
        .iter()
        .map(|f| f.file_name())
        .chain([MANIFEST])
        .collect();
    if let Some(blocked) = names.iter().map(|n| out.join(n)).find(|p| p.is_dir()) {
        return Err(ExportError::Unwritable(format!(
            "cannot replace `{}`: it is a folder",
            blocked.display()
        )));
    }
    fs::create_dir_all(out).map_err(cannot("create", out))?;
    // Export files of an earlier run that this one does not write (`--format` left them
    // out) would no longer match the manifest: they go, with the files they are replaced by,
    // when they are still what the manifest says was written; one edited since (a sheet, a
    // TSV glossary someone works in) is kept, and said.
    let mut stale: Vec<&str> = Vec::new();
    for format in Format::every() {
        let name = format.file_name();
        let path = out.join(name);
        if names.contains(&name) || !path.is_file() {
            continue;
        }
        let recorded = manifest_entry(out, format);
        if recorded.is_some() && recorded == hash_file(&path).ok() {
            stale.push(name);
        } else {
            progress(Event::Kept(format))?;
        }
    }
    swap_in(&staging.path, out, &stale, &names)?;
    // The renames themselves reach the disk with the folder (where folders can be opened).
    if let Ok(folder) = fs::File::open(out) {
        let _ = folder.sync_all();
    }
    Ok(manifest)
}

/// The glossary folder `input`, if `out` lies inside it (symbolic links followed, `out` need
/// not exist yet): an export there would be read as cards by the next run.
pub fn folder_holding(input: &Path, out: &Path) -> Option<PathBuf> {
    let folder = fs::canonicalize(input).ok().filter(|p| p.is_dir())?;
    let out = std::path::absolute(out).ok()?;
    // The nearest folder of `out` that exists, made canonical, with the rest of `out` after it.
    let existing = out.ancestors().find(|a| a.exists())?;
    let rest = out.strip_prefix(existing).ok()?;
    let out = fs::canonicalize(existing).ok()?.join(rest);
    out.starts_with(&folder).then_some(folder)
}

/// How a file on disk differs from what `export` would write.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Drift {
    /// `export` would write it; it is not there.
    Missing(String),
    /// It is there with other bytes: (name, size on disk, size expected).
    Changed(String, u64, u64),
    /// It is there, but `export` would not write it.
    Extra(String),
}

impl std::fmt::Display for Drift {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Drift::Missing(name) => write!(f, "missing: {name}"),
            Drift::Changed(name, disk, expected) if disk == expected => {
                write!(
                    f,
                    "changed: {name} (same size, {disk} bytes, different content)"
                )
            }
            Drift::Changed(name, disk, expected) => {
                write!(
                    f,
                    "changed: {name} ({disk} bytes on disk, {expected} bytes expected)"
                )
            }
            Drift::Extra(name) => write!(f, "extra: {name} (not written by this export)"),
        }
    }
}

/// The result of [`check`]: the differences, and the formats that could not be compared.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Checked {
    pub drift: Vec<Drift>,
    /// Formats left out of the comparison, and why (the SVG without Graphviz).
    pub skipped: Vec<(Format, String)>,
    /// Files in the folder that glossgraph never writes (a README, notes): not compared and
    /// not drift, since `export` leaves them alone.
    pub foreign: Vec<String>,
}

/// Regenerates `formats` and the manifest (hashes only; the SVG into a temporary file) and
/// compares them with the files in `out`. A file of another glossgraph format that this
/// export would not write is reported as extra (stale output); a file glossgraph never writes
/// is listed as foreign, and is not drift.
///
/// # Errors
/// A writer's error, or an I/O error reading `out`.
pub fn check(
    glossary: &Glossary,
    config: &Config,
    formats: &[Format],
    view: &View,
    out: &Path,
) -> Result<Checked, ExportError> {
    let mut manifest = Manifest::new(glossary);
    let mut drift = Vec::new();
    let mut skipped = Vec::new();
    let mut compare = |name: &str, bytes: u64, sha256: &str| -> io::Result<()> {
        match fs::File::open(out.join(name)) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                drift.push(Drift::Missing(name.into()))
            }
            Err(e) => return Err(e),
            Ok(mut file) => {
                let mut h = Hashing::new(io::sink());
                io::copy(&mut file, &mut h)?;
                let (disk_bytes, disk_sha, _) = h.finish();
                if disk_sha != sha256 {
                    drift.push(Drift::Changed(name.into(), disk_bytes, bytes));
                }
            }
        }
        Ok(())
    };
    each_format(
        formats,
        |format| regenerate(glossary, config, format, view),
        |format, made| {
            let Some(made) = made else {
                return Ok(());
            };
            match made? {
                Outcome::Skipped(why) => {
                    // Not comparable here: trust the manifest on disk for this one entry, so
                    // the rest of the manifest is still compared.
                    if let Some((bytes, sha256)) = manifest_entry(out, format) {
                        manifest.record(format, bytes, sha256, None);
                    }
                    skipped.push((format, why));
                }
                Outcome::Staged(made) => {
                    compare(format.file_name(), made.bytes, &made.sha256)?;
                    manifest.record(format, made.bytes, made.sha256, made.triples);
                }
            }
            Ok(())
        },
    )?;
    let json = manifest.to_json();
    let mut h = Hashing::new(io::sink());
    h.write_all(json.as_bytes())?;
    let (bytes, sha256, _) = h.finish();
    compare(MANIFEST, bytes, &sha256)?;
    let mut foreign = Vec::new();
    if out.is_dir() {
        for entry in fs::read_dir(out)? {
            let name = entry?.file_name().to_string_lossy().into_owned();
            // A skipped format's file is neither compared nor called extra.
            let known = name == MANIFEST
                || manifest.files.contains_key(name.as_str())
                || skipped.iter().any(|(f, _)| f.file_name() == name);
            if known || name.starts_with('.') {
                continue;
            }
            if Format::every().any(|f| f.file_name() == name) {
                drift.push(Drift::Extra(name));
            } else {
                foreign.push(name);
            }
        }
    }
    drift.sort();
    foreign.sort();
    Ok(Checked {
        drift,
        skipped,
        foreign,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staged_file_is_flushed_as_it_grows_and_keeps_every_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("staged");
        let syncer = Syncer::start();
        let file = Flushing {
            file: fs::File::create(&path).unwrap(),
            name: "staged",
            syncer: Some(&syncer),
            every: 1000,
            unflushed: 0,
        };
        let mut w = BufWriter::with_capacity(100, file);
        let bytes: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        for chunk in bytes.chunks(77) {
            w.write_all(chunk).unwrap();
        }
        let file = w.into_inner().map_err(io::IntoInnerError::into_error);
        syncer.sync("staged", file.unwrap().file);
        // About one flush per 1000 bytes as the file grew, and the last one.
        let flushes = syncer.finish().unwrap();
        assert!((9..=11).contains(&flushes), "{flushes}");
        assert_eq!(fs::read(&path).unwrap(), bytes);
    }

    /// The names and contents of the files of `dir`, sorted.
    fn contents(dir: &Path) -> Vec<(String, String)> {
        let mut files: Vec<(String, String)> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, fs::read_to_string(&p).unwrap())
            })
            .collect();
        files.sort();
        files
    }

    #[test]
    fn an_output_folder_is_inside_the_glossary_folder_however_it_is_named() {
        let tmp = tempfile::tempdir().unwrap();
        let cards = tmp.path().join("cards");
        fs::create_dir_all(cards.join("sub")).unwrap();
        let real = fs::canonicalize(&cards).unwrap();
        let inside = |out: PathBuf| folder_holding(&cards, &out);
        assert_eq!(inside(cards.join("exports")), Some(real.clone()));
        assert_eq!(inside(cards.join("sub/new/deeper")), Some(real.clone()));
        assert_eq!(inside(cards.join("sub/../exports")), Some(real.clone()));
        assert_eq!(inside(tmp.path().join("exports")), None);
        assert_eq!(inside(tmp.path().join("cards-exports")), None);
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&cards, tmp.path().join("link")).unwrap();
            assert_eq!(inside(tmp.path().join("link/exports")), Some(real));
        }
        // A file of cards holds no folder.
        fs::write(tmp.path().join("cards.jsonl"), "").unwrap();
        let file = tmp.path().join("cards.jsonl");
        assert_eq!(folder_holding(&file, &tmp.path().join("out")), None);
    }

    #[test]
    fn a_rename_failing_midway_puts_back_every_file_already_moved() {
        let tmp = tempfile::tempdir().unwrap();
        let (staging, out) = (tmp.path().join("staging"), tmp.path().join("out"));
        fs::create_dir(&staging).unwrap();
        fs::create_dir(&out).unwrap();
        for name in ["a", "b", "d"] {
            fs::write(staging.join(name), format!("new {name}")).unwrap();
        }
        for name in ["a", "b", "c", "d", "stale", "mine"] {
            fs::write(out.join(name), format!("old {name}")).unwrap();
        }
        let before = contents(&out);
        // `c` was never staged: its rename fails after `stale`, `a` and `b` have moved.
        let err = swap_in(&staging, &out, &["stale"], &["a", "b", "c", "d"]).unwrap_err();
        assert!(err.to_string().contains("c`"), "{err}");
        assert_eq!(contents(&out), before);
        fs::remove_dir_all(staging.join("previous")).unwrap();
        swap_in(&staging, &out, &["stale"], &["a", "b", "d"]).unwrap();
        let after: Vec<(String, String)> = ["a", "b", "c", "d", "mine"]
            .iter()
            .map(|n| {
                let new = ["a", "b", "d"].contains(n);
                (
                    n.to_string(),
                    format!("{} {n}", if new { "new" } else { "old" }),
                )
            })
            .collect();
        assert_eq!(contents(&out), after);
    }

    #[test]
    fn hashing_counts_and_digests() {
        let mut h = Hashing::new(Vec::new());
        h.write_all(b"abc").unwrap();
        let (bytes, sha, inner) = h.finish();
        assert_eq!((bytes, inner.as_slice()), (3, b"abc".as_slice()));
        assert_eq!(
            sha,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn the_svg_is_drawn_beside_the_other_formats() {
        use std::sync::{Condvar, Mutex};
        use std::time::Duration;
        // The SVG's making waits until the last format is being made: made one after the
        // other, the formats would keep it waiting in vain (here for 20 s, then it fails).
        let started = (Mutex::new(Vec::new()), Condvar::new());
        let make = |format: Format| -> bool {
            let (lock, changed) = &started;
            if format == Format::Svg {
                let (seen, waited) = changed
                    .wait_timeout_while(lock.lock().unwrap(), Duration::from_secs(20), |s| {
                        !s.contains(&Format::Html)
                    })
                    .unwrap();
                drop(seen);
                return !waited.timed_out();
            }
            lock.lock().unwrap().push(format);
            changed.notify_all();
            true
        };
        let mut events = Vec::new();
        each_format(&Format::ALL, make, |format, made| {
            events.push((format, made));
            Ok(())
        })
        .unwrap();
        let at = |event: (Format, Option<bool>)| events.iter().position(|e| *e == event);
        assert!(at((Format::Svg, None)) > at((Format::JsonLd, Some(true))));
        assert!(at((Format::Svg, None)) < at((Format::Turtle, None)));
        assert_eq!(
            events.last(),
            Some(&(Format::Svg, Some(true))),
            "drawn beside the rest"
        );
        for format in Format::ALL {
            let seen: Vec<Option<bool>> = events
                .iter()
                .filter(|(f, _)| *f == format)
                .map(|(_, made)| *made)
                .collect();
            assert_eq!(seen, [None, Some(true)], "{format:?}");
        }

        // An error stops the formats after it; the SVG under way is still finished.
        let made = Mutex::new(Vec::new());
        let failed = each_format(
            &Format::ALL,
            |format| made.lock().unwrap().push(format),
            |format, result| match (format, result) {
                (Format::Turtle, Some(())) => Err(ExportError::Unwritable("turtle".into())),
                _ => Ok(()),
            },
        );
        assert_eq!(failed.unwrap_err().to_string(), "turtle");
        let mut made = made.into_inner().unwrap();
        made.sort();
        assert_eq!(
            made,
            [Format::Turtle, Format::RdfXml, Format::JsonLd, Format::Svg]
        );
    }
}
