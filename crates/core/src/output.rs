//! What every writer shares: the error an output fails with, and the chunked writing that
//! spreads the rendering of one file over the cores while keeping its bytes in order.
//!
//! It sits below both the exporters and `rdf` (in the export crate), and the SPARQL answers
//! (in the serve crate, drawn with the exporters), so that none of them has to import another
//! to write.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use petgraph::graph::NodeIndex;

use crate::Glossary;

/// An export that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The glossary cannot be written in this form (e.g. a view that selects nothing).
    #[error("{0}")]
    Unwritable(String),
    /// A file of a folder of exports could not be written (a full disk, a quota, a failing
    /// device): the file, the folder it was for, and the system's reason.
    #[error("cannot write {file} into `{}`: {error}", folder.display())]
    Write {
        file: String,
        folder: PathBuf,
        error: io::Error,
    },
}

impl ExportError {
    /// An I/O error met while writing `file` for the folder `folder`, as
    /// [`ExportError::Write`], which names both; other errors as they are.
    #[must_use]
    pub fn writing(self, file: &str, folder: &Path) -> Self {
        match self {
            Self::Io(error) => Self::Write {
                file: file.to_owned(),
                folder: folder.to_path_buf(),
                error,
            },
            other => other,
        }
    }

    /// Whether the file system ran out of space (or of the user's quota).
    pub fn is_storage_full(&self) -> bool {
        let error = match self {
            Self::Io(error) | Self::Write { error, .. } => error,
            Self::Unwritable(_) => return false,
        };
        matches!(
            error.kind(),
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
        )
    }
}

/// Writes items `0..count` to `w` in order, rendered `per_chunk` at a time into buffers on
/// every core: `render(range, buf)` appends the bytes of the items in `range` to `buf`.
///
/// Chunks are rendered independently and written in order, so the bytes are those of
/// rendering every item on one thread. Each worker writes the chunk it rendered itself, when
/// its turn comes (the chunk before it written): the bytes are copied while they are still in
/// that core's cache, and no third thread competes for the cores. Memory holds one chunk per
/// worker, never the output. The first error (of `render` or of `w`) stops the writing and is
/// returned.
pub fn write_chunks(
    w: &mut (dyn Write + Send),
    count: usize,
    per_chunk: usize,
    render: impl Fn(std::ops::Range<usize>, &mut Vec<u8>) -> Result<(), ExportError> + Sync,
) -> Result<(), ExportError> {
    use std::sync::{Condvar, Mutex, PoisonError};
    let per_chunk = per_chunk.max(1);
    let chunks = count.div_ceil(per_chunk);
    let range = |k: usize| k * per_chunk..((k + 1) * per_chunk).min(count);
    let threads = crate::parallel::cores().min(chunks);
    if threads <= 1 {
        let mut buf = Vec::new();
        for k in 0..chunks {
            buf.clear();
            render(range(k), &mut buf)?;
            w.write_all(&buf)?;
        }
        return Ok(());
    }
    /// Whose turn it is to write, and how the writing ended if it has.
    struct Turn<'w> {
        next: usize,
        w: &'w mut (dyn Write + Send),
        stopped: Option<Result<(), ExportError>>,
    }
    let turn = Mutex::new(Turn {
        next: 0,
        w,
        stopped: None,
    });
    let changed = Condvar::new();
    /// Stops the writing if its worker unwinds, so that the others do not wait for a turn
    /// that never comes (the scope then raises the panic again).
    struct OnPanic<'a, 'w>(&'a Mutex<Turn<'w>>, &'a Condvar);
    impl Drop for OnPanic<'_, '_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                let mut turn = self.0.lock().unwrap_or_else(PoisonError::into_inner);
                turn.stopped.get_or_insert(Ok(()));
                self.1.notify_all();
            }
        }
    }
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (render, turn, changed) = (&render, &turn, &changed);
            scope.spawn(move || {
                let _guard = OnPanic(turn, changed);
                let mut buf = Vec::new();
                for k in (t..chunks).step_by(threads) {
                    buf.clear();
                    let rendered = render(range(k), &mut buf);
                    let mut state = turn.lock().unwrap_or_else(PoisonError::into_inner);
                    while state.next != k && state.stopped.is_none() {
                        state = changed.wait(state).unwrap_or_else(PoisonError::into_inner);
                    }
                    if state.stopped.is_some() {
                        return;
                    }
                    match rendered.and_then(|()| Ok(state.w.write_all(&buf)?)) {
                        Ok(()) => state.next += 1,
                        Err(e) => state.stopped = Some(Err(e)),
                    }
                    drop(state);
                    changed.notify_all();
                }
            });
        }
    });
    let turn = turn.into_inner().unwrap_or_else(PoisonError::into_inner);
    turn.stopped.unwrap_or(Ok(()))
}

/// Touches the texts of the card a few nodes after `node`, so that their memory is on its way
/// to the cache by the time a writer renders that card.
///
/// Cards are written in slug order, but their texts lie where the loader allocated them, in
/// input order: without this, each card's texts are a cache miss taken when the writer gets to
/// them. Touching them ahead lets the processor fetch them while it renders the cards before. On `export --format graphml` of 100k generated terms it takes the writer's CPU
/// time to what it is when the input is already in slug order (BENCHMARKS.md).
pub fn warm_ahead(glossary: &Glossary, node: usize) {
    const AHEAD: usize = 2;
    let ahead = node + AHEAD;
    if ahead >= glossary.graph().node_count() {
        return;
    }
    let Some(card) = glossary.card(NodeIndex::new(ahead)) else {
        return;
    };
    let x = card.touch();
    // The bytes are not needed, only their being read.
    std::hint::black_box(x);
}

/// A hidden file beside `output`, unique to this process, that a whole-file output (an image,
/// the HTML map) is written into before it is renamed into place.
pub fn temporary_path(output: &Path) -> PathBuf {
    let name = output
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let extension = output
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Nothing reads the name; the extension is kept for people who find the file.
    output.with_file_name(format!(".{name}.{}.tmp.{extension}", std::process::id()))
}

/// Writes `output` whole or not at all: `write` fills a temporary file beside it (see
/// [`temporary_path`]), which is synced and renamed over `output` once complete; on an error
/// the temporary file is removed and `output` is as it was.
///
/// # Errors
/// Those of `write`, of creating, syncing or renaming the file.
pub fn replace_file(
    output: &Path,
    write: impl FnOnce(&mut io::BufWriter<std::fs::File>) -> io::Result<()>,
) -> io::Result<()> {
    let temp = temporary_path(output);
    let written = (|| {
        let mut w = io::BufWriter::new(std::fs::File::create(&temp)?);
        write(&mut w)?;
        w.into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()?;
        std::fs::rename(&temp, output)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_written_in_order_whatever_their_size() {
        let render = |range: std::ops::Range<usize>, buf: &mut Vec<u8>| {
            for i in range {
                writeln!(buf, "item {i}")?;
            }
            Ok(())
        };
        let mut whole = Vec::new();
        render(0..1000, &mut whole).unwrap();
        for per_chunk in [1, 7, 64, 999, 1000, 5000] {
            let mut out = Vec::new();
            write_chunks(&mut out, 1000, per_chunk, render).unwrap();
            assert_eq!(out, whole, "{per_chunk} per chunk");
        }
        let mut out = Vec::new();
        write_chunks(&mut out, 0, 10, render).unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn the_first_error_stops_the_writing() {
        let render = |range: std::ops::Range<usize>, buf: &mut Vec<u8>| {
            if range.contains(&500) {
                return Err(ExportError::Unwritable(format!("item {}", range.start)));
            }
            buf.extend(range.map(|i| i as u8));
            Ok(())
        };
        let mut out = Vec::new();
        let err = write_chunks(&mut out, 10_000, 100, render).unwrap_err();
        assert_eq!(err.to_string(), "item 500");
        assert_eq!(
            out.len(),
            500,
            "the chunks before the failing one, and no more"
        );
    }

    #[test]
    fn a_panicking_render_stops_every_worker_and_is_raised_again() {
        let render = |range: std::ops::Range<usize>, buf: &mut Vec<u8>| {
            assert!(
                !range.contains(&500),
                "render failed at item {}",
                range.start
            );
            buf.extend(range.map(|i| i as u8));
            Ok(())
        };
        let mut out = Vec::new();
        // Without the guard, the other workers would wait for the failed chunk's turn forever.
        let raised = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            write_chunks(&mut out, 10_000, 100, render)
        }));
        assert!(raised.is_err());
        // Whole chunks from before the failing one: all of them, unless the panic stopped the
        // writing while a worker still held its finished chunk (a race under load).
        assert!(
            out.len() <= 500 && out.len() % 100 == 0,
            "whole chunks before the failing one, no more: {}",
            out.len()
        );
        assert!(out.iter().enumerate().all(|(i, &b)| b == i as u8));
    }
}
