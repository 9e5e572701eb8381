//! What every writer shares: the error an output fails with, and the chunked writing that
//! spreads the rendering of one file over the cores while keeping its bytes in order.
//!
//! It sits below both the exporters and `rdf` (in the export crate), and the SPARQL answers
//! (in the serve crate, drawn with the exporters), so that none of them has to import another
//! to write.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use petgraph::graph::NodeIndex;
use rayon::prelude::*;

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
/// rendering every item on one thread. A window of chunks (two for each thread of the pool)
/// is rendered on rayon's pool while the window before it is written, by one of the pool's
/// threads, so that the writing waits on no rendering and the other way round. Memory holds
/// two windows of chunks, never the output. The first error (of `render` or of `w`) stops the
/// writing, after the chunks before it, and is returned; a panic in `render` is raised again.
///
/// This replaced a writer of its own threads, each writing the chunk it had rendered when its
/// turn came: on N-Triples of 100k terms the two took the same time (BENCHMARKS.md, "Data
/// parallelism on rayon").
pub fn write_chunks(
    w: &mut (dyn Write + Send),
    count: usize,
    per_chunk: usize,
    render: impl Fn(std::ops::Range<usize>, &mut Vec<u8>) -> Result<(), ExportError> + Sync,
) -> Result<(), ExportError> {
    /// A chunk's bytes, and how its rendering ended.
    type Rendered = (Vec<u8>, Result<(), ExportError>);
    let per_chunk = per_chunk.max(1);
    let chunks = count.div_ceil(per_chunk);
    let range = |k: usize| k * per_chunk..((k + 1) * per_chunk).min(count);
    if chunks <= 1 || rayon::current_num_threads() <= 1 {
        let mut buf = Vec::new();
        for k in 0..chunks {
            buf.clear();
            render(range(k), &mut buf)?;
            w.write_all(&buf)?;
        }
        return Ok(());
    }
    // Two chunks a thread, so that a slow chunk leaves the other threads work.
    let window = (2 * rayon::current_num_threads()).min(chunks);
    // Renders the chunks from `first` on into `bufs`; returns how many there were.
    let render_window = |first: usize, bufs: &mut [Rendered]| {
        let last = (first + bufs.len()).min(chunks);
        bufs[..last - first]
            .par_iter_mut()
            .enumerate()
            .for_each(|(i, (buf, outcome))| {
                buf.clear();
                *outcome = render(range(first + i), buf);
            });
        last - first
    };
    let window_of_buffers = || {
        (0..window)
            .map(|_| (Vec::new(), Ok(())))
            .collect::<Vec<_>>()
    };
    let (mut ready, mut next) = (window_of_buffers(), window_of_buffers());
    let mut first = 0;
    let mut rendered = render_window(0, &mut ready);
    while rendered > 0 {
        let after = first + rendered;
        let mut write = |ready: &mut [Rendered]| {
            for (buf, outcome) in ready {
                std::mem::replace(outcome, Ok(()))?;
                w.write_all(buf)?;
            }
            Ok::<(), ExportError>(())
        };
        let (written, next_rendered) = rayon::join(
            || write(&mut ready[..rendered]),
            || render_window(after, &mut next),
        );
        written?;
        std::mem::swap(&mut ready, &mut next);
        (first, rendered) = (after, next_rendered);
    }
    Ok(())
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

/// A new, empty, hidden temporary file beside `output` (`.{name}.XXXXXX.tmp`, in the same
/// folder, so that putting it in place is a rename within one file system), for a whole-file
/// output to be written into and then [persisted](tempfile::TempPath::persist) over `output`:
/// the output is never seen half written, and the file is removed if it is dropped before.
/// It is created with the permissions a new file gets (`0666` less the umask, on Unix), not
/// tempfile's private `0600`: it becomes an ordinary output, or a card rewritten in place.
///
/// # Errors
/// When the file cannot be created (a missing folder, no permission, a full disk).
pub fn temporary_beside(output: &Path) -> io::Result<tempfile::NamedTempFile> {
    let name = output
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let folder = match output.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(folder)
}

/// Writes `output` whole or not at all: `write` fills a temporary file beside it (see
/// [`temporary_beside`]), which is synced and renamed over `output` once complete; on an error
/// the temporary file is removed and `output` is as it was.
///
/// # Errors
/// Those of `write`, of creating, syncing or renaming the file.
pub fn replace_file(
    output: &Path,
    write: impl FnOnce(&mut io::BufWriter<std::fs::File>) -> io::Result<()>,
) -> io::Result<()> {
    // The path removes the file when dropped, on every way out but the rename.
    let (file, temp) = temporary_beside(output)?.into_parts();
    let mut w = io::BufWriter::new(file);
    write(&mut w)?;
    w.into_inner()
        .map_err(io::IntoInnerError::into_error)?
        .sync_all()?;
    temp.persist(output).map_err(|e| e.error)
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
        // On pools of one thread (no window) and of three, whatever the machine's cores.
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for per_chunk in [1, 7, 64, 999, 1000, 5000] {
                let mut out = Vec::new();
                pool.install(|| write_chunks(&mut out, 1000, per_chunk, render))
                    .unwrap();
                assert_eq!(out, whole, "{per_chunk} per chunk, {threads} threads");
            }
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
    fn a_panicking_render_is_raised_again_after_whole_chunks() {
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
        let raised = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            write_chunks(&mut out, 10_000, 100, render)
        }));
        assert!(raised.is_err());
        // Whole chunks from before the failing one: those of the windows before its own.
        assert!(
            out.len() <= 500 && out.len() % 100 == 0,
            "whole chunks before the failing one, no more: {}",
            out.len()
        );
        assert!(out.iter().enumerate().all(|(i, &b)| b == i as u8));
    }

    #[test]
    fn the_temporary_file_is_hidden_beside_the_output_and_goes_if_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let output = dir.path().join("map.svg");
        let temp = temporary_beside(&output).unwrap();
        assert_eq!(temp.path().parent(), Some(dir.path()));
        let name = temp
            .path()
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            name.starts_with(".map.svg.") && name.ends_with(".tmp"),
            "{name}"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // The mode of any new file (0666 less the umask), not tempfile's 0600.
            let mode = temp.as_file().metadata().unwrap().permissions().mode() & 0o777;
            let umask = {
                let probe = dir.path().join("probe");
                std::fs::File::create(&probe).unwrap();
                std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777
            };
            assert_eq!(mode, umask);
        }
        drop(temp);
        assert!(std::fs::read_dir(dir.path())
            .unwrap()
            .all(|e| e.unwrap().file_name() == "probe"));
    }

    #[test]
    fn a_failed_write_leaves_the_output_as_it_was_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let output = dir.path().join("out.txt");
        std::fs::write(&output, "before").unwrap();
        let failed = replace_file(&output, |w| {
            w.write_all(b"half")?;
            Err(io::Error::other("stopped"))
        });
        assert_eq!(failed.unwrap_err().to_string(), "stopped");
        assert_eq!(std::fs::read_to_string(&output).unwrap(), "before");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        replace_file(&output, |w| w.write_all(b"after")).unwrap();
        assert_eq!(std::fs::read_to_string(&output).unwrap(), "after");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
