//! Writing imported cards into a folder: each card a file of its own, and the settings,
//! each file whole or not at all.

use std::borrow::Cow;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{ImportError, Imported};
use crate::card::Draft;
use crate::config::{self, Config};

/// Writes the cards into `dir` as `{slug}.json` (seed-shaped, as [`Draft::write_json`] writes
/// them) and the settings as `glossgraph.toml`; returns the files written, in order.
///
/// Each file is written to a temporary file beside it, flushed to the disk and renamed into
/// place, so a failure never leaves half a file. Where a flush costs nothing (a RAM disk, a
/// fast disk at rest) that is all, one file after the other. Once [`SLOW_FLUSHES`] flushes
/// have taken [`SLOW_FLUSH`] or more, the flushes of the files left run on [`FLUSHERS`]
/// threads while the next cards are written: one after the other, a flush of each of 20,000
/// cards (a vocabulary of that size) waited 63 s on a busy disk; several at once, the disk
/// takes them together. A thread takes [`BATCH`] files at a time. (Threads from the first
/// file cost 85,000 cards on a RAM disk 0.4 CPU-s more than one thread: their creating and
/// renaming contend for the folder.) Other files in `dir` are left alone.
///
/// # Errors
/// [`ImportError::Io`] naming the file that could not be written.
pub fn write_folder(imported: &Imported, dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    let mut written = Vec::new();
    write_cards(
        dir,
        &imported.config,
        imported.cards.iter().map(Cow::Borrowed),
        |path| written.push(path),
    )?;
    Ok(written)
}

/// [`write_folder`] of `cards`, each made as its turn to be written comes; `written` is
/// given each file handed on to be flushed, in order.
pub(super) fn write_cards<'a>(
    dir: &Path,
    config: &Config,
    cards: impl Iterator<Item = Cow<'a, Draft>>,
    written: impl FnMut(PathBuf),
) -> Result<(), ImportError> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| ImportError::Io {
            action: "write",
            path,
            source,
        }
    };
    new_or_empty(dir)?;
    fs::create_dir_all(dir).map_err(io(dir))?;
    let toml = settings_toml(config) + &crate::config::tables_toml(config);
    let files = cards
        .map(|card| {
            let path = dir.join(format!("{}.json", card.slug));
            let fill: Fill<'_> = Box::new(move |w: &mut dyn Write| {
                card.write_json(&mut *w, true)?;
                w.write_all(b"\n")
            });
            (path, fill)
        })
        .chain(std::iter::once((
            dir.join(config::FILE_NAME),
            Box::new(|w: &mut dyn Write| w.write_all(toml.as_bytes())) as Fill<'_>,
        )));
    write_flushed_each(files, written).map_err(|(path, e)| io(&path)(e))
}

/// How many files [`write_folder`] flushes to the disk at once.
pub const FLUSHERS: usize = 8;

/// How many files a flushing thread of [`write_folder`] takes at once.
pub const BATCH: usize = 8;

/// A flush of one file that takes this long or longer is slow (see [`write_folder`]).
pub const SLOW_FLUSH: Duration = Duration::from_millis(1);

/// How many slow flushes [`write_folder`] waits through before it flushes on threads: one
/// may be the writing thread made to wait for a core, not the disk.
pub const SLOW_FLUSHES: usize = 4;

/// A file to write: its path and what fills it.
type Fill<'a> = Box<dyn Fn(&mut dyn Write) -> io::Result<()> + 'a>;

/// [`write_flushed_each`], the paths in order.
#[cfg(test)]
fn write_flushed<'a>(
    files: impl Iterator<Item = (PathBuf, Fill<'a>)>,
) -> Result<Vec<PathBuf>, (PathBuf, io::Error)> {
    let mut written = Vec::new();
    write_flushed_each(files, |path| written.push(path))?;
    Ok(written)
}

/// Writes each file of `files` to a temporary file beside it
/// ([`crate::output::temporary_beside`]), then flushes it to the disk and renames it into
/// place: on this thread, or on [`FLUSHERS`] threads once flushes are slow (see
/// [`write_folder`]); `written` is given each path in order as its file is renamed or
/// handed on (a list of 85,000 paths is memory an import need not hold). The first
/// failure, if any.
fn write_flushed_each<'a>(
    files: impl Iterator<Item = (PathBuf, Fill<'a>)>,
    written: impl FnMut(PathBuf),
) -> Result<(), (PathBuf, io::Error)> {
    flush_each(files, written, SLOW_FLUSH)
}

/// [`write_flushed_each`], a flush of `slow` or longer being slow.
fn flush_each<'a>(
    files: impl Iterator<Item = (PathBuf, Fill<'a>)>,
    mut written: impl FnMut(PathBuf),
    slow: Duration,
) -> Result<(), (PathBuf, io::Error)> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{mpsc, Mutex, PoisonError};
    use tempfile::NamedTempFile;

    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<(PathBuf, io::Error)>> = Mutex::new(None);
    let fail = |path: &Path, e: io::Error| {
        failed.store(true, Ordering::Relaxed);
        let mut first = first_error.lock().unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert((path.to_owned(), e));
    };
    // Bounded, so that no more files are open at once than the flushers can take.
    let (send, receive) = mpsc::sync_channel::<Vec<(NamedTempFile, PathBuf)>>(2);
    let receive = Mutex::new(receive);
    let flush = |file: NamedTempFile, path: &Path| {
        file.as_file()
            .sync_all()
            .and_then(|()| file.persist(path).map(drop).map_err(|e| e.error))
    };
    let flusher = || loop {
        let next = receive
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv();
        let Ok(batch) = next else { return };
        for (file, path) in batch {
            // After a failure the files still come, and are dropped (removed) unrenamed.
            if failed.load(Ordering::Relaxed) {
                continue;
            }
            if let Err(e) = flush(file, &path) {
                fail(&path, e);
            }
        }
    };
    std::thread::scope(|scope| {
        let mut slow_flushes = 0;
        let mut batch = Vec::with_capacity(BATCH);
        for (path, fill) in files {
            if failed.load(Ordering::Relaxed) {
                break;
            }
            let file = (|| {
                let mut file = crate::output::temporary_beside(&path)?;
                let mut w = BufWriter::new(&mut file);
                fill(&mut w)?;
                w.flush()?;
                drop(w);
                Ok(file)
            })();
            let file = match file {
                Ok(file) => file,
                Err(e) => {
                    fail(&path, e);
                    continue;
                }
            };
            if slow_flushes < SLOW_FLUSHES {
                let started = Instant::now();
                match flush(file, &path) {
                    Ok(()) => written(path),
                    Err(e) => fail(&path, e),
                }
                if started.elapsed() >= slow {
                    slow_flushes += 1;
                    if slow_flushes == SLOW_FLUSHES {
                        for _ in 0..FLUSHERS {
                            scope.spawn(flusher);
                        }
                    }
                }
                continue;
            }
            batch.push((file, path.clone()));
            written(path);
            if batch.len() == BATCH {
                // The flushers stop only once `send` is dropped: the send cannot fail.
                let _ = send.send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)));
            }
        }
        // After a failure, the files not handed over are dropped (removed) here.
        if !batch.is_empty() && !failed.load(Ordering::Relaxed) {
            let _ = send.send(batch);
        }
        drop(send);
    });
    match first_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        Some(failure) => Err(failure),
        None => Ok(()),
    }
}

/// Whether `dir` can take the imported cards: it does not exist yet, or is an empty folder.
///
/// # Errors
/// [`ImportError::NotEmpty`] for a folder that holds anything (or a file in its place).
pub fn new_or_empty(dir: &Path) -> Result<(), ImportError> {
    let empty = match fs::read_dir(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => true,
        Err(_) if dir.exists() && !dir.is_dir() => false,
        Err(source) => {
            return Err(ImportError::Io {
                action: "read",
                path: dir.to_owned(),
                source,
            })
        }
        Ok(mut entries) => entries.next().is_none(),
    };
    if empty {
        Ok(())
    } else {
        Err(ImportError::NotEmpty(dir.to_owned()))
    }
}

/// The configuration as a `glossgraph.toml`. The example base IRI (a folder of pages gives
/// none) is left out, so that `base` is unset, as every command's note then says.
fn settings_toml(config: &Config) -> String {
    let mut table = toml::Table::new();
    if !config.has_example_base() {
        table.insert("base".into(), config.base.clone().into());
    }
    table.insert("language".into(), config.language.clone().into());
    table.insert("title".into(), config.title.clone().into());
    table.insert(
        "statuses".into(),
        toml::Value::Array(config.statuses.iter().cloned().map(Into::into).collect()),
    );
    for (key, value) in [("namespace", &config.namespace), ("scheme", &config.scheme)] {
        if let Some(value) = value {
            table.insert(key.into(), value.clone().into());
        }
    }
    let mut out =
        String::from("# Written by `glossgraph import`: the settings found in the input.\n");
    if config.has_example_base() {
        out.push_str("# No base IRI was found: set `base`, the IRI the terms' IRIs start with.\n");
    }
    out.push_str(&table.to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_base_is_not_written_as_the_glossarys() {
        let toml = settings_toml(&Config::default());
        assert!(!toml.contains("base ="), "{toml}");
        assert!(toml.contains("set `base`"), "{toml}");
        let parsed: toml::Table = toml::from_str(&toml).unwrap();
        assert_eq!(parsed["language"].as_str(), Some("en"));
        let config = Config {
            base: "https://glossary.example/".into(),
            ..Config::default()
        };
        let toml = settings_toml(&config);
        assert!(
            toml.contains("base = \"https://glossary.example/\""),
            "{toml}"
        );
        assert!(!toml.contains("set `base`"), "{toml}");
    }

    #[test]
    fn files_are_flushed_side_by_side_and_a_failure_is_named_with_nothing_half_written() {
        let dir = tempfile::tempdir().unwrap();
        let files = |failing: Option<usize>| {
            let dir = dir.path().to_owned();
            (0..200).map(move |i| {
                let fill: Fill<'static> = Box::new(move |w| {
                    if Some(i) == failing {
                        return Err(io::Error::other("disk full"));
                    }
                    write!(w, "file {i}")
                });
                (dir.join(format!("f{i:03}")), fill)
            })
        };
        let (path, e) = write_flushed(files(Some(120))).unwrap_err();
        assert_eq!(
            (path, e.to_string()),
            (dir.path().join("f120"), "disk full".into())
        );
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
        assert!(!names.contains(&"f120".to_owned()), "{names:?}");
        for name in &names {
            fs::remove_file(dir.path().join(name)).unwrap();
        }
        let written = write_flushed(files(None)).unwrap();
        assert_eq!(written.len(), 200);
        for (i, path) in written.iter().enumerate() {
            assert_eq!(*path, dir.path().join(format!("f{i:03}")));
            assert_eq!(fs::read_to_string(path).unwrap(), format!("file {i}"));
        }
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 200);
    }

    #[test]
    fn on_this_thread_and_on_the_flushers_the_files_and_a_failure_come_out_alike() {
        // Every flush slow (threads after the fourth file), and none.
        for slow in [Duration::ZERO, Duration::MAX] {
            let dir = tempfile::tempdir().unwrap();
            let files = |failing: Option<usize>| {
                let dir = dir.path().to_owned();
                (0..100).map(move |i| {
                    let fill: Fill<'static> = Box::new(move |w| {
                        if Some(i) == failing {
                            return Err(io::Error::other("disk full"));
                        }
                        write!(w, "file {i}")
                    });
                    (dir.join(format!("f{i:03}")), fill)
                })
            };
            let (path, e) = flush_each(files(Some(50)), drop, slow).unwrap_err();
            assert_eq!(
                (path, e.to_string()),
                (dir.path().join("f050"), "disk full".into())
            );
            let names: Vec<String> = fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            assert!(
                names.iter().all(|n| !n.ends_with(".tmp")),
                "{slow:?}: {names:?}"
            );
            assert!(!names.contains(&"f050".to_owned()), "{slow:?}: {names:?}");
            let out = tempfile::tempdir().unwrap();
            let mut written = Vec::new();
            let files = (0..100).map(|i| {
                let fill: Fill<'static> = Box::new(move |w| write!(w, "file {i}"));
                (out.path().join(format!("f{i:03}")), fill)
            });
            flush_each(files, |p| written.push(p), slow).unwrap();
            assert_eq!(written.len(), 100, "{slow:?}");
            for (i, path) in written.iter().enumerate() {
                assert_eq!(fs::read_to_string(path).unwrap(), format!("file {i}"));
            }
            assert_eq!(fs::read_dir(out.path()).unwrap().count(), 100, "{slow:?}");
        }
    }
}
