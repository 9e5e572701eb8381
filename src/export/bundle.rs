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
//! One concern, the all-or-nothing folder (about 800 lines of code, the rest tests): staging,
//! the manifest, the renames and their undoing, and the drift check share one sequence of steps.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::dot::View;
use super::{ExportError, Format};
use crate::config::Config;
use crate::export::svg::{self, RenderError};
use crate::hex::hex;
use crate::Glossary;

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
}

/// A writer that counts bytes and hashes them on their way to `inner`.
pub struct Hashing<W> {
    inner: W,
    hasher: Sha256,
    bytes: u64,
}

impl<W: Write> Hashing<W> {
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            hasher: Sha256::new(),
            bytes: 0,
        }
    }

    /// The number of bytes, the hex SHA-256, and the inner writer.
    pub fn finish(self) -> (u64, String, W) {
        (self.bytes, hex(&self.hasher.finalize()), self.inner)
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Size and SHA-256 of one written file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEntry {
    pub format: Format,
    pub bytes: u64,
    pub sha256: String,
}

/// `manifest.json`: what the folder holds and what it was made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    pub files: BTreeMap<&'static str, FileEntry>,
    pub terms: usize,
    pub related: usize,
    pub supersedes: usize,
    /// Triples of the RDF export, when an RDF format was written.
    pub triples: Option<u64>,
    /// SHA-256 of the cards in canonical form (see [`input_hash`]).
    pub input_sha256: String,
    /// The slugs of the terms exported, sorted: the term IRIs published, which a later export
    /// must keep (see [`vanished`]).
    pub slugs: Vec<String>,
}

impl Manifest {
    fn new(glossary: &Glossary) -> Self {
        let (related, supersedes) = glossary.edge_counts();
        Self {
            files: BTreeMap::new(),
            terms: glossary.cards().len(),
            related,
            supersedes,
            triples: None,
            input_sha256: input_hash(glossary),
            slugs: glossary
                .cards()
                .iter()
                .map(|c| c.slug().to_owned())
                .collect(),
        }
    }

    /// Adds a written file; the triple count is taken from N-Triples, or else from the first
    /// RDF format written (they all write the same triples).
    fn record(&mut self, format: Format, bytes: u64, sha256: String, triples: Option<u64>) {
        if triples.is_some() && (self.triples.is_none() || format == Format::NTriples) {
            self.triples = triples;
        }
        self.files.insert(
            format.file_name(),
            FileEntry {
                format,
                bytes,
                sha256,
            },
        );
    }

    /// The manifest as JSON: sorted keys, two-space indentation, a final newline.
    pub fn to_json(&self) -> String {
        let files: serde_json::Map<String, serde_json::Value> = self
            .files
            .iter()
            .map(|(name, f)| {
                let entry = serde_json::json!({
                    "format": f.format.name(),
                    "bytes": f.bytes,
                    "sha256": f.sha256,
                });
                ((*name).to_owned(), entry)
            })
            .collect();
        let mut counts = serde_json::json!({
            "terms": self.terms,
            "edges": { "related": self.related, "supersedes": self.supersedes },
        });
        if let Some(triples) = self.triples {
            counts["triples"] = triples.into();
        }
        let doc = serde_json::json!({
            "generator": format!("glossgraph {}", env!("CARGO_PKG_VERSION")),
            "input": { "sha256": self.input_sha256, "cards": self.terms },
            "counts": counts,
            "files": files,
            "slugs": self.slugs,
        });
        // serde_json's map is a BTreeMap: keys come out sorted.
        let mut text = serde_json::to_string_pretty(&doc).expect("a JSON value serializes");
        text.push('\n');
        text
    }
}

/// A term that an earlier export published and the glossary no longer has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vanished {
    pub slug: String,
    /// Where the manifest records it: a JSON pointer (`/slugs/12`).
    pub pointer: String,
    /// A card that names it in `supersedes`, if one does: the likely rename.
    pub successor: Option<String>,
}

/// The slugs that `out`'s manifest records as exported and that `glossary` has no card for,
/// less those in `allowed`: term IRIs that would stop resolving.
///
/// A term leaves a glossary without breaking its IRI by staying as a *tombstone*: its card
/// kept, with status `obsolete` or `deprecated` and `supersededBy` naming what replaces it.
/// Only a card that is gone counts here; `allowed` is the deliberate way out
/// (`export --allow-removal SLUG`). A folder without a manifest, or with one that records no
/// slugs (written before they were recorded) or that is not JSON, has nothing to keep.
///
/// # Errors
/// The manifest exists but cannot be read.
pub fn vanished(
    glossary: &Glossary,
    out: &Path,
    allowed: &[String],
) -> Result<Vec<Vanished>, ExportError> {
    let path = out.join(MANIFEST);
    // No folder yet, no manifest, or something else in its place: nothing was published
    // there (the writing reports what is in the way).
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let text = fs::read(&path)
        .map_err(|e| ExportError::Unwritable(format!("cannot read `{}`: {e}", path.display())))?;
    let Ok(doc) = serde_json::from_slice::<serde_json::Value>(&text) else {
        return Ok(Vec::new());
    };
    let Some(recorded) = doc.get("slugs").and_then(|s| s.as_array()) else {
        return Ok(Vec::new());
    };
    let mut gone: Vec<Vanished> = recorded
        .iter()
        .enumerate()
        .filter_map(|(i, slug)| Some((i, slug.as_str()?)))
        .filter(|(_, slug)| {
            let cards = glossary.cards();
            cards.binary_search_by(|c| c.slug().cmp(slug)).is_err()
                && !allowed.iter().any(|a| a == slug)
        })
        .map(|(i, slug)| Vanished {
            slug: slug.to_owned(),
            pointer: format!("/slugs/{i}"),
            successor: None,
        })
        .collect();
    if !gone.is_empty() {
        for card in glossary.cards() {
            for old in card.supersedes().iter() {
                if let Some(v) = gone
                    .iter_mut()
                    .find(|v| v.slug == old && v.successor.is_none())
                {
                    v.successor = Some(card.slug().to_owned());
                }
            }
        }
    }
    Ok(gone)
}

/// SHA-256 of the glossary's cards, each as one line of compact JSON, in slug order: the
/// same cards give the same hash whatever files, order or layout they came from.
pub fn input_hash(glossary: &Glossary) -> String {
    let mut hashing = Hashing::new(io::sink());
    for card in glossary.cards() {
        card.write_json(&mut hashing, false)
            .and_then(|()| hashing.write_all(b"\n"))
            .expect("writing to a sink cannot fail");
    }
    hashing.finish().1
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
    /// Left out, and why (the SVG when Graphviz is missing or the map too big).
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
    if format == Format::Svg {
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
    if format == Format::Svg {
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
/// time, each on a thread of its own; then the others, which use every core already. The SVG,
/// which Graphviz lays out and draws in a process of its own on one core, is made beside
/// those others rather than after them, so that no core waits for it at the end. The last
/// files made are then the small ones (DOT, SVG, the HTML map): the flush to disk that
/// `write` waits for at the end is theirs, not that of the two largest files.
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
    std::thread::scope(|scope| {
        for pair in one_core.chunks(2) {
            for &format in pair {
                on(format, None)?;
            }
            let made = crate::parallel::on_threads(pair.iter().copied(), make);
            for (&format, made) in pair.iter().zip(made) {
                on(format, Some(made))?;
            }
        }
        let mut background = Vec::new();
        for &format in &drawn {
            on(format, None)?;
            background.push((format, scope.spawn(move || make(format))));
        }
        for &format in &rest {
            on(format, None)?;
            on(format, Some(make(format)))?;
        }
        for (format, handle) in background {
            let made = handle
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            on(format, Some(made))?;
        }
        Ok(())
    })
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
    match svg::render(glossary, config, &svg_view(view), path) {
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

/// How many bytes of a staged file are written between two flushes of it to the disk.
const FLUSH_EVERY: u64 = 64 << 20;

/// A staged file that, every `every` bytes written, has `syncer` flush what it holds so far:
/// the disk writes a large file while the rest of it is still being rendered, where a single
/// flush at its end would wait for all of it (about 0.7 s for the 1 GB of N-Triples of 100k
/// terms, BENCHMARKS.md). The bytes are the same either way.
struct Flushing<'s> {
    file: fs::File,
    name: &'static str,
    syncer: Option<&'s Syncer>,
    every: u64,
    unflushed: u64,
}

impl Write for Flushing<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.file.write(buf)?;
        self.unflushed += n as u64;
        if self.unflushed >= self.every {
            self.unflushed = 0;
            if let (Some(syncer), Ok(handle)) = (self.syncer, self.file.try_clone()) {
                syncer.sync(self.name, handle);
            }
        }
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Flushes staged files to the disk (`fsync`) on a thread of its own, so that the disk writes
/// one file while the next is being rendered (and a large file while it is written, see
/// [`Flushing`]). Every file is flushed before anything is
/// renamed: a crash of the machine cannot leave a renamed file whose bytes never reached the
/// disk.
struct Syncer {
    files: Option<std::sync::mpsc::Sender<(&'static str, fs::File)>>,
    thread: Option<std::thread::JoinHandle<Result<usize, (&'static str, io::Error)>>>,
}

impl Syncer {
    fn start() -> Self {
        let (files, received) = std::sync::mpsc::channel::<(&'static str, fs::File)>();
        let thread = std::thread::spawn(move || {
            let mut result = Ok(0);
            for (name, file) in received {
                // After a failure the files are still taken, and dropped unflushed.
                if let Ok(flushes) = result {
                    result = file.sync_all().map(|()| flushes + 1).map_err(|e| (name, e));
                }
            }
            result
        });
        Self {
            files: Some(files),
            thread: Some(thread),
        }
    }

    /// Queues `file`, staged under `name`, to be flushed.
    fn sync(&self, name: &'static str, file: fs::File) {
        if let Some(files) = &self.files {
            // The thread stops only once `files` is dropped: the send cannot fail.
            let _ = files.send((name, file));
        }
    }

    /// Waits until every queued file is flushed; the number of flushes.
    ///
    /// # Errors
    /// The first flush that failed, with the name of its file.
    fn finish(mut self) -> Result<usize, (&'static str, io::Error)> {
        self.files = None;
        match self.thread.take().map(std::thread::JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            None => Ok(0),
        }
    }
}

impl Drop for Syncer {
    /// On an error path, still waits for the flushes under way: the staging folder they
    /// write into is removed next.
    fn drop(&mut self) {
        self.files = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A staging folder beside the target; removed on drop unless committed.
struct Staging {
    path: PathBuf,
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
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
    let manifest = std::thread::scope(|scope| -> Result<Manifest, ExportError> {
        // The manifest's input hash serializes every card again: it is made beside the writers.
        let counted = scope.spawn(|| Manifest::new(glossary));
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
        let mut manifest = counted
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        for (format, staged) in staged.into_iter().flatten() {
            manifest.record(format, staged.bytes, staged.sha256, staged.triples);
            written.push(format);
        }
        Ok(manifest)
    })?;
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
    // out) would no longer match the manifest: they go, with the files they are replaced by.
    let stale: Vec<&str> = Format::ALL
        .iter()
        .map(|f| f.file_name())
        .filter(|name| !names.contains(name) && out.join(name).is_file())
        .collect();
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

/// An I/O error that says what could not be done to which path.
fn cannot<'p>(action: &'static str, path: &'p Path) -> impl FnOnce(io::Error) -> ExportError + 'p {
    move |e| ExportError::Unwritable(format!("cannot {action} `{}`: {e}", path.display()))
}

/// The staging folder of this process for the output folder `out`: hidden, beside it.
fn staging_path(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(|| "exports".into(), |n| n.to_string_lossy().into_owned());
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    parent.join(format!(".{name}.staging-{}", std::process::id()))
}

/// Removes the staging folders beside `out` whose run no longer runs: `.<name>.staging-<pid>`
/// where process `<pid>` is gone. Returns them, sorted, with the bytes they held.
///
/// Only a run killed outright (`kill -9`, a crash, the machine going down) leaves its folder;
/// at 100k terms it can hold gigabytes. A folder whose process still runs — another export
/// into the same folder, under way — is never touched; nor is any folder where it cannot be
/// told whether its process runs.
fn remove_abandoned(out: &Path) -> (Vec<PathBuf>, u64) {
    let mine = staging_path(out);
    let (Some(parent), Some(name)) = (mine.parent(), mine.file_name()) else {
        return (Vec::new(), 0);
    };
    let name = name.to_string_lossy();
    let Some((prefix, _)) = name.rsplit_once('-') else {
        return (Vec::new(), 0);
    };
    let prefix = format!("{prefix}-");
    let Ok(entries) = fs::read_dir(parent) else {
        return (Vec::new(), 0);
    };
    let mut abandoned: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .filter(|entry| {
            let name = entry.file_name();
            let pid = name
                .to_str()
                .and_then(|n| n.strip_prefix(&prefix))
                .filter(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|pid| pid.parse::<u32>().ok());
            pid.is_some_and(|pid| pid != std::process::id() && !is_running(pid))
        })
        .map(|entry| entry.path())
        .collect();
    abandoned.sort();
    let mut bytes = 0;
    abandoned.retain(|path| {
        let size = folder_size(path);
        let gone = fs::remove_dir_all(path).is_ok();
        if gone {
            bytes += size;
        }
        gone
    });
    (abandoned, bytes)
}

/// Whether process `pid` runs on this machine, as `/proc` shows it (a process that has
/// ended but was not yet reaped still counts). Without `/proc`, every process is taken to
/// run: nothing is removed on a guess.
fn is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// The bytes of the files under `path` (symbolic links not followed).
fn folder_size(path: &Path) -> u64 {
    let Ok(entries) = fs::read_dir(path) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .map(|entry| match entry.file_type() {
            Ok(t) if t.is_dir() => folder_size(&entry.path()),
            Ok(t) if t.is_file() => entry.metadata().map_or(0, |m| m.len()),
            _ => 0,
        })
        .sum()
}

/// Where the moving of files into the output folder stands; the lock is held while
/// [`swap_in`] moves them, and by [`abandon`] until the process exits.
static MOVING: std::sync::Mutex<Moving> = std::sync::Mutex::new(Moving {
    abandoned: false,
    done: false,
});

struct Moving {
    /// The run is being interrupted: no file may be moved any more.
    abandoned: bool,
    /// Every file was moved in: the output folder holds the new export.
    done: bool,
}

/// What an interrupted [`write`] left in its output folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abandoned {
    /// The folder is as it was before the run.
    Untouched,
    /// The new files were all in place already: the folder holds the new export, whole.
    Complete,
}

/// Cleans up after a [`write`] into `out` that is being interrupted (Ctrl-C, SIGTERM); the
/// caller must exit right after. Waits until files being moved into `out` are all in (or all
/// back), forbids any further move, and removes the staging folder: the folder is whole, old
/// or new, and the answer says which.
pub fn abandon(out: &Path) -> Abandoned {
    let mut moving = MOVING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    moving.abandoned = true;
    let path = staging_path(out);
    // The writers may still be adding files to it: try again while it is there.
    for _ in 0..100 {
        if fs::remove_dir_all(&path).is_ok() || !path.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let left = if moving.done {
        Abandoned::Complete
    } else {
        Abandoned::Untouched
    };
    // Held until the process exits: no move can start after this.
    std::mem::forget(moving);
    left
}

/// Moves the files `names` from `staging` into `out`, all or none, after moving `stale`
/// (files of `out` that no longer belong there) out of the way.
///
/// Each file `out` already holds under one of these names is first moved into the staging
/// folder, which is removed once every file is in place. If any rename fails, every one done
/// so far is undone, newest first, and `out` is left as it was.
///
/// # Errors
/// The rename that failed, naming its file.
fn swap_in(staging: &Path, out: &Path, stale: &[&str], names: &[&str]) -> Result<(), ExportError> {
    let mut moving = MOVING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if moving.abandoned {
        return Err(ExportError::Unwritable("the run was interrupted".into()));
    }
    let previous = staging.join("previous");
    fs::create_dir(&previous).map_err(cannot("create", &previous))?;
    let mut done: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut rename = |from: PathBuf, to: PathBuf| match fs::rename(&from, &to) {
        Ok(()) => {
            done.push((from, to));
            Ok(())
        }
        Err(e) => {
            // Undone newest first; a file that cannot be put back is named, not hidden.
            let stuck: Vec<String> = done
                .drain(..)
                .rev()
                .filter(|(from, to)| fs::rename(to, from).is_err())
                .map(|(from, _)| format!("`{}`", from.display()))
                .collect();
            let file = if from.starts_with(staging) {
                &to
            } else {
                &from
            };
            let left = if stuck.is_empty() {
                "the folder is left as it was".to_owned()
            } else {
                format!("and could not put back {}", stuck.join(", "))
            };
            Err(ExportError::Unwritable(format!(
                "cannot replace `{}`: {e}; {left}",
                file.display()
            )))
        }
    };
    for name in stale {
        rename(out.join(name), previous.join(name))?;
    }
    for name in names {
        let target = out.join(name);
        if target.symlink_metadata().is_ok() {
            rename(target.clone(), previous.join(name))?;
        }
        rename(staging.join(name), target)?;
    }
    moving.done = true;
    Ok(())
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
            if Format::ALL.iter().any(|f| f.file_name() == name) {
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
