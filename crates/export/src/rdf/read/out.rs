//! Writing imported cards where `--out` says ([`Output`], the decision `generate` makes): a
//! folder with a file per card and the settings, or one file (JSON Lines, a JSON array) with
//! the settings beside it, or standard output; whole or not at all.
//!
//! The cards are first written where nothing reads them ([`Staged`]): a folder's into a
//! staging folder beside it, a file's into a temporary file beside it. Only
//! [`Staged::commit`] puts them in place, with one rename of the folder or the file: an import
//! that fails, or that `--strict` refuses once every card has been read, leaves nothing. The
//! report of what was kept is made while the cards are written, each card being made once.

use std::borrow::Cow;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tempfile::{NamedTempFile, TempDir};

use super::{ImportError, Imported};
#[cfg(test)]
use crate::card::Draft;
use crate::config::{self, Config};
use glossgraph_core::generate::CardJson;
pub use glossgraph_core::generate::Output;

/// Writes the cards into `dir` as `{slug}.json` (seed-shaped, as
/// [`crate::card::Draft::write_json`] writes them) and the settings as `glossgraph.toml`;
/// returns the files written, in order.
/// [`write`] into [`Output::Folder`].
///
/// # Errors
/// See [`write`].
pub fn write_folder(imported: &Imported, dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    let mut written = Vec::new();
    stage(
        &Output::Folder(dir.to_owned()),
        &imported.config,
        imported.cards.iter().map(Cow::Borrowed),
        &mut io::sink(),
        |path| written.push(path),
    )?
    .commit()?;
    Ok(written)
}

/// Writes the cards and settings of `imported` where `output` says (see [`Staged`]); `stdout`
/// is standard output. Returns how many files were written: the cards' file or files, and the
/// settings.
///
/// # Errors
/// See [`stage`].
pub fn write(
    imported: &Imported,
    output: &Output,
    stdout: &mut dyn Write,
) -> Result<usize, ImportError> {
    stage(
        output,
        &imported.config,
        imported.cards.iter().map(Cow::Borrowed),
        stdout,
        drop,
    )?
    .commit()
}

/// Whether `output` can take the imported cards: a folder must be new or empty
/// ([`new_or_empty`]), or with `force` hold nothing but cards and their settings (the folder
/// an earlier import wrote: [`cards_only`]), which is then replaced whole; a file, and the
/// `glossgraph.toml` that goes beside it, must not exist unless `force` says to replace them.
/// A `glossgraph.toml` already there is kept either way ([`Staged::settings_kept`]).
///
/// # Errors
/// [`ImportError::NotEmpty`], [`ImportError::Exists`], and with `force`
/// [`ImportError::NotCards`] and [`ImportError::HoldsWorkingFolder`].
pub fn ready(output: &Output, force: bool) -> Result<(), ImportError> {
    match output {
        Output::Folder(dir) if force => new_or_empty(dir).or_else(|e| match e {
            ImportError::NotEmpty(_) => cards_only(dir),
            e => Err(e),
        }),
        Output::Folder(dir) => new_or_empty(dir),
        Output::Stdout => Ok(()),
        Output::JsonLines(path) | Output::JsonArray(path) => {
            for path in [path.clone(), settings_beside(path)] {
                if !force && fs::symlink_metadata(&path).is_ok() {
                    return Err(ImportError::Exists(path));
                }
            }
            Ok(())
        }
    }
}

/// Where the settings of cards written to the file `path` go: `glossgraph.toml` in its
/// folder, where `check`, `export` and every command reading the file look for them
/// ([`glossgraph_core::load::Input::config_dir`]).
pub fn settings_beside(path: &Path) -> PathBuf {
    let folder = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    folder.join(config::FILE_NAME)
}

/// Cards written where `--out` says, not yet in place: [`Staged::commit`] puts them there;
/// dropped, they are removed and nothing is left.
pub struct Staged {
    place: Place,
    /// How many files [`Staged::commit`] puts in place (or, for a folder, were written in it).
    files: usize,
}

enum Place {
    /// Written to standard output already.
    Stdout,
    /// The cards' file and the settings beside it, each in a temporary file beside it.
    File {
        cards: (NamedTempFile, PathBuf),
        settings: (NamedTempFile, PathBuf),
    },
    /// A staging folder beside the folder `dir`, renamed to it.
    Folder { staging: TempDir, dir: PathBuf },
}

impl Staged {
    /// Puts the cards in place: renames the staging folder to the folder (over it, when it
    /// is an empty folder), or the settings and then the cards' file over theirs. Returns
    /// how many files were written.
    ///
    /// # Errors
    /// [`ImportError::Io`] when a rename fails.
    pub fn commit(self) -> Result<usize, ImportError> {
        let io = write_error;
        match self.place {
            Place::Stdout => {}
            Place::File { cards, settings } => {
                for (file, path) in [settings, cards] {
                    file.persist(&path).map_err(|e| io(&path)(e.error))?;
                }
            }
            Place::Folder { staging, dir } => {
                let staging = staging.keep();
                // A folder of cards `--force` replaces ([`ready`]) is moved aside first, and
                // removed once the new one is in its place (put back if that fails).
                let aside = match fs::read_dir(&dir).map(|mut e| e.next().is_some()) {
                    Ok(true) => match move_aside(&dir) {
                        Ok(aside) => Some(aside),
                        Err(e) => {
                            let _ = fs::remove_dir_all(&staging);
                            return Err(io(&dir)(e));
                        }
                    },
                    _ => None,
                };
                let renamed = fs::rename(&staging, &dir).or_else(|e| {
                    // Where a rename does not replace an empty folder (Windows), it goes
                    // first; `new_or_empty` found it empty.
                    if fs::remove_dir(&dir).is_ok() {
                        fs::rename(&staging, &dir)
                    } else {
                        Err(e)
                    }
                });
                if let Err(e) = renamed {
                    let _ = fs::remove_dir_all(&staging);
                    if let Some(aside) = &aside {
                        let _ = fs::rename(aside, &dir);
                    }
                    return Err(io(&dir)(e));
                }
                if let Some(aside) = aside {
                    let _ = fs::remove_dir_all(aside);
                }
            }
        }
        Ok(self.files)
    }
}

/// Moves the folder `dir` to a new name beside it (`.{name}.old.XXXXXX`), returned.
fn move_aside(dir: &Path) -> io::Result<PathBuf> {
    let parent = dir
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    let aside = tempfile::Builder::new()
        .prefix(&format!(".{name}.old."))
        .tempdir_in(parent)?
        .keep();
    // Over the empty folder just made.
    fs::rename(dir, &aside)?;
    Ok(aside)
}

/// Writes `config` and `cards` (each made as its turn to be written comes) where `output`
/// says, not yet in place (see [`Staged`]); `stdout` is standard output, `written` is given
/// each card file of a folder as it is handed on to be flushed, in order.
///
/// A folder's files are written into a staging folder beside it (`.{name}.XXXXXX.tmp`), each
/// created, written and flushed to the disk: where a flush costs nothing (a RAM disk, a fast
/// disk at rest) one after the other; once [`SLOW_FLUSHES`] flushes have taken
/// [`SLOW_FLUSH`] or more, the flushes of the files left run on [`FLUSHERS`] threads while
/// the next cards are written (one after the other, a flush of each of 20,000 cards waited
/// 63 s on a busy disk; several at once, the disk takes them together). A thread takes
/// [`BATCH`] files at a time. A file's cards (and the settings beside it) are written to a
/// temporary file beside it and flushed.
///
/// # Errors
/// [`ImportError::Io`] naming the file that could not be written; what was written is
/// removed.
pub fn stage<'a, C: CardJson + 'a>(
    output: &Output,
    config: &Config,
    cards: impl Iterator<Item = C>,
    stdout: &mut dyn Write,
    written: impl FnMut(PathBuf),
) -> Result<Staged, ImportError> {
    let io = write_error;
    // A `glossgraph.toml` already where the settings go is written back as it is.
    let toml = match settings_kept(output, config) {
        Some(kept) => kept.bytes,
        None => settings_toml(config).into_bytes(),
    };
    let mut count = 0;
    let counted = cards.inspect(|_| count += 1);
    let place = match output {
        Output::Stdout => {
            glossgraph_core::generate::write_card_lines(counted, stdout)
                .map_err(io(Path::new("-")))?;
            Place::Stdout
        }
        Output::JsonLines(path) | Output::JsonArray(path) => {
            let lines = matches!(output, Output::JsonLines(_));
            let settings_path = settings_beside(path);
            let whole = |path: &Path, fill: &mut dyn FnMut(&fs::File) -> io::Result<()>| {
                let file = crate::output::temporary_beside(path)?;
                fill(file.as_file())?;
                file.as_file().sync_all()?;
                Ok::<_, io::Error>(file)
            };
            if let Some(folder) = settings_path.parent() {
                fs::create_dir_all(folder).map_err(io(folder))?;
            }
            let mut counted = Some(counted);
            let cards = whole(path, &mut |file| match counted.take() {
                Some(cards) if lines => glossgraph_core::generate::write_card_lines(cards, file),
                Some(cards) => glossgraph_core::generate::write_card_array(cards, file),
                None => Ok(()),
            })
            .map_err(io(path))?;
            let settings = whole(&settings_path, &mut |mut file| file.write_all(&toml))
                .map_err(io(&settings_path))?;
            count = 1;
            Place::File {
                cards: (cards, path.clone()),
                settings: (settings, settings_path),
            }
        }
        Output::Folder(dir) => {
            // New, empty, or a folder of cards `ready` let `--force` replace.
            new_or_empty(dir).or_else(|e| match e {
                ImportError::NotEmpty(_) => cards_only(dir),
                e => Err(e),
            })?;
            // An existing folder (or a link to one) is replaced where it is.
            let dir = fs::canonicalize(dir).unwrap_or_else(|_| dir.clone());
            let parent = dir
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            fs::create_dir_all(parent).map_err(io(parent))?;
            let name = dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let prefix = format!(".{name}.");
            let mut builder = tempfile::Builder::new();
            builder.prefix(&prefix).suffix(".tmp");
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                builder.permissions(fs::Permissions::from_mode(0o777));
            }
            let staging = builder.tempdir_in(parent).map_err(io(&dir))?;
            let inside = staging.path().to_owned();
            // Paths are reported as they will be once in place.
            let mut written = written;
            let files = counted
                .map(|card| {
                    let name = format!("{}.json", card.slug());
                    let fill: Fill<'_> = Box::new(move |w: &mut dyn Write| {
                        card.write_card(&mut *w, true)?;
                        w.write_all(b"\n")
                    });
                    (name, fill)
                })
                .chain(std::iter::once((
                    config::FILE_NAME.to_owned(),
                    Box::new(|w: &mut dyn Write| w.write_all(&toml)) as Fill<'_>,
                )));
            write_flushed_each(&inside, files, |name| written(dir.join(name)))
                .map_err(|(name, e)| io(&dir.join(name))(e))?;
            Place::Folder { staging, dir }
        }
    };
    let files = match place {
        Place::Stdout => 0,
        _ => count + 1,
    };
    Ok(Staged { place, files })
}

/// The error of writing `path`, for `map_err`.
fn write_error(path: &Path) -> impl FnOnce(io::Error) -> ImportError {
    let path = path.to_owned();
    move |source| ImportError::Io {
        action: "write",
        path,
        source,
    }
}

/// How many files [`stage`] flushes to the disk at once.
pub const FLUSHERS: usize = 8;

/// How many files a flushing thread of [`stage`] takes at once.
pub const BATCH: usize = 8;

/// A flush of one file that takes this long or longer is slow (see [`stage`]).
pub const SLOW_FLUSH: Duration = Duration::from_millis(1);

/// How many slow flushes [`stage`] waits through before it flushes on threads: one may be
/// the writing thread made to wait for a core, not the disk.
pub const SLOW_FLUSHES: usize = 4;

/// A file to write: its name and what fills it.
type Fill<'a> = Box<dyn Fn(&mut dyn Write) -> io::Result<()> + 'a>;

/// [`write_flushed_each`], the names in order.
#[cfg(test)]
fn write_flushed<'a>(
    dir: &Path,
    files: impl Iterator<Item = (String, Fill<'a>)>,
) -> Result<Vec<String>, (String, io::Error)> {
    let mut written = Vec::new();
    write_flushed_each(dir, files, |name| written.push(name))?;
    Ok(written)
}

/// Writes each file of `files` into the folder `dir`, new (a file of that name already
/// there is an error), then flushes it to the disk: on this thread, or on [`FLUSHERS`]
/// threads once flushes are slow (see [`stage`]); `written` is given each name in order as
/// its file is flushed or handed on (a list of 85,000 names is memory an import need not
/// hold). The first failure, if any; the files are then left for the caller to remove with
/// the folder.
fn write_flushed_each<'a>(
    dir: &Path,
    files: impl Iterator<Item = (String, Fill<'a>)>,
    written: impl FnMut(String),
) -> Result<(), (String, io::Error)> {
    flush_each(dir, files, written, SLOW_FLUSH)
}

/// [`write_flushed_each`], a flush of `slow` or longer being slow.
fn flush_each<'a>(
    dir: &Path,
    files: impl Iterator<Item = (String, Fill<'a>)>,
    mut written: impl FnMut(String),
    slow: Duration,
) -> Result<(), (String, io::Error)> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{mpsc, Mutex, PoisonError};

    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<(String, io::Error)>> = Mutex::new(None);
    let fail = |name: &str, e: io::Error| {
        failed.store(true, Ordering::Relaxed);
        let mut first = first_error.lock().unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert((name.to_owned(), e));
    };
    // Bounded, so that no more files are open at once than the flushers can take.
    let (send, receive) = mpsc::sync_channel::<Vec<(fs::File, String)>>(2);
    let receive = Mutex::new(receive);
    let flusher = || loop {
        let next = receive
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv();
        let Ok(batch) = next else { return };
        for (file, name) in batch {
            // After a failure the files still come, and are closed unflushed.
            if failed.load(Ordering::Relaxed) {
                continue;
            }
            if let Err(e) = file.sync_all() {
                fail(&name, e);
            }
        }
    };
    std::thread::scope(|scope| {
        let mut slow_flushes = 0;
        let mut batch = Vec::with_capacity(BATCH);
        for (name, fill) in files {
            if failed.load(Ordering::Relaxed) {
                break;
            }
            let file = (|| {
                let file = fs::File::create_new(dir.join(&name))?;
                let mut w = BufWriter::new(file);
                fill(&mut w)?;
                w.into_inner().map_err(io::IntoInnerError::into_error)
            })();
            let file = match file {
                Ok(file) => file,
                Err(e) => {
                    fail(&name, e);
                    continue;
                }
            };
            if slow_flushes < SLOW_FLUSHES {
                let started = Instant::now();
                match file.sync_all() {
                    Ok(()) => written(name),
                    Err(e) => fail(&name, e),
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
            batch.push((file, name.clone()));
            written(name);
            if batch.len() == BATCH {
                // The flushers stop only once `send` is dropped: the send cannot fail.
                let _ = send.send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)));
            }
        }
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
/// [`ImportError::NotEmpty`] for a folder that holds anything, [`ImportError::NotAFolder`]
/// for a file in its place.
pub fn new_or_empty(dir: &Path) -> Result<(), ImportError> {
    let empty = match fs::read_dir(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => true,
        Err(_) if dir.exists() && !dir.is_dir() => {
            return Err(ImportError::NotAFolder(dir.to_owned()))
        }
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

/// Whether the folder `dir` holds nothing but what `import` writes there, card files
/// (`*.json`) and `glossgraph.toml`, and is neither the working folder nor holds it: a
/// folder `--force` may replace whole.
///
/// # Errors
/// [`ImportError::NotCards`] naming the first other entry (in name order),
/// [`ImportError::HoldsWorkingFolder`], [`ImportError::Io`] when it cannot be read.
pub fn cards_only(dir: &Path) -> Result<(), ImportError> {
    let read = |source| ImportError::Io {
        action: "read",
        path: dir.to_owned(),
        source,
    };
    if let (Ok(here), Ok(folder)) = (std::env::current_dir(), fs::canonicalize(dir)) {
        if fs::canonicalize(here).is_ok_and(|here| here.starts_with(&folder)) {
            return Err(ImportError::HoldsWorkingFolder(dir.to_owned()));
        }
    }
    let mut entries = fs::read_dir(dir)
        .map_err(read)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(read)?;
    entries.sort();
    let ours = |path: &Path| {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let file = fs::symlink_metadata(path).is_ok_and(|m| m.is_file());
        file && (name == config::FILE_NAME || name.ends_with(".json"))
    };
    match entries.into_iter().find(|path| !ours(path)) {
        Some(other) => Err(ImportError::NotCards(dir.to_owned(), other)),
        None => Ok(()),
    }
}

/// A `glossgraph.toml` already where the settings of cards written to an [`Output`] go:
/// [`stage`] writes it back as it is, since whoever wrote it may have edited it since.
#[derive(Debug)]
pub struct KeptSettings {
    /// Where it is.
    pub path: PathBuf,
    /// The keys of the settings `import` would have written to which it gives other values
    /// (all of them when it is not TOML).
    pub differ: Vec<String>,
    bytes: Vec<u8>,
}

/// The settings file already where `output`'s settings go, if any (see [`KeptSettings`]);
/// `config` is what `import` would write.
pub fn settings_kept(output: &Output, config: &Config) -> Option<KeptSettings> {
    let path = match output {
        Output::Stdout => return None,
        Output::Folder(dir) => dir.join(config::FILE_NAME),
        Output::JsonLines(path) | Output::JsonArray(path) => settings_beside(path),
    };
    let bytes = fs::read(&path).ok()?;
    let ours: toml::Table = toml::from_str(&settings_toml(config)).unwrap_or_default();
    let theirs: Option<toml::Table> = std::str::from_utf8(&bytes)
        .ok()
        .and_then(|text| toml::from_str(text).ok());
    let differ = ours
        .iter()
        .filter(|(key, value)| theirs.as_ref().and_then(|t| t.get(*key)) != Some(*value))
        .map(|(key, _)| key.clone())
        .collect();
    Some(KeptSettings {
        path,
        differ,
        bytes,
    })
}

/// The configuration as a `glossgraph.toml`. The example base IRI (a folder of pages gives
/// none) is left out, so that `base` is unset, as every command's note then says.
pub fn settings_toml(config: &Config) -> String {
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
    if config.imported {
        table.insert("imported".into(), true.into());
    }
    if config.schemeless {
        table.insert("schemeless".into(), true.into());
    }
    let mut out =
        String::from("# Written by `glossgraph import`: the settings found in the input.\n");
    if config.has_example_base() {
        out.push_str("# No base IRI was found: set `base`, the IRI the terms' IRIs start with.\n");
    }
    out.push_str(&table.to_string());
    // A vocabulary's `[metadata]` and `[schemes."…"]` tables, after the keys.
    out.push_str(&crate::config::tables_toml(config));
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

    /// 100 files `f000`… filling `dir`, the one at `failing` failing to be written.
    fn files(failing: Option<usize>) -> impl Iterator<Item = (String, Fill<'static>)> {
        (0..100).map(move |i| {
            let fill: Fill<'static> = Box::new(move |w| {
                if Some(i) == failing {
                    return Err(io::Error::other("disk full"));
                }
                write!(w, "file {i}")
            });
            (format!("f{i:03}"), fill)
        })
    }

    #[test]
    fn on_this_thread_and_on_the_flushers_the_files_and_a_failure_come_out_alike() {
        // Every flush slow (threads after the fourth file), and none.
        for slow in [Duration::ZERO, Duration::MAX] {
            let dir = tempfile::tempdir().unwrap();
            let (name, e) = flush_each(dir.path(), files(Some(50)), drop, slow).unwrap_err();
            assert_eq!((name, e.to_string()), ("f050".into(), "disk full".into()));
            let out = tempfile::tempdir().unwrap();
            let mut written = Vec::new();
            flush_each(out.path(), files(None), |p| written.push(p), slow).unwrap();
            assert_eq!(written.len(), 100, "{slow:?}");
            for (i, name) in written.iter().enumerate() {
                assert_eq!(*name, format!("f{i:03}"));
                let text = fs::read_to_string(out.path().join(name)).unwrap();
                assert_eq!(text, format!("file {i}"));
            }
            assert_eq!(fs::read_dir(out.path()).unwrap().count(), 100, "{slow:?}");
            // A file of the same name is not overwritten.
            let again = write_flushed(out.path(), files(None)).unwrap_err();
            assert_eq!(again.0, "f000");
        }
    }

    fn card(slug: &str) -> Draft {
        Draft {
            slug: slug.into(),
            term: slug.to_uppercase(),
            definition: format!("The {slug}."),
            ..Draft::default()
        }
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_folder_is_staged_beside_and_renamed_into_place_or_left_out() {
        let root = tempfile::tempdir().unwrap();
        let config = Config::default();
        let cards = [card("a"), card("b")];
        for existing in [false, true] {
            let dir = root.path().join(format!("out-{existing}"));
            if existing {
                fs::create_dir(&dir).unwrap();
            }
            let output = Output::Folder(dir.clone());
            let mut written = Vec::new();
            let stage = |written: &mut Vec<PathBuf>| {
                stage(
                    &output,
                    &config,
                    cards.iter().map(Cow::Borrowed),
                    &mut io::sink(),
                    |p| written.push(p),
                )
                .unwrap()
            };
            // Dropped: nothing is left, not even the staging folder.
            drop(stage(&mut written));
            assert_eq!(dir.exists(), existing);
            assert!(names(root.path()).iter().all(|n| !n.ends_with(".tmp")));
            written.clear();
            assert_eq!(stage(&mut written).commit().unwrap(), 3);
            let files = ["a.json", "b.json", "glossgraph.toml"];
            assert_eq!(written, files.map(|f| dir.join(f)));
            assert_eq!(names(&dir), files);
            assert_eq!(
                fs::read_to_string(dir.join("a.json")).unwrap(),
                format!("{}\n", cards[0].to_json(true))
            );
            // Not empty: refused, unless forced over a folder of cards alone, which is then
            // replaced whole (a stale card goes; the settings there stay as they are).
            assert!(matches!(
                ready(&output, false),
                Err(ImportError::NotEmpty(_))
            ));
            ready(&output, true).unwrap();
            fs::write(dir.join("stale.json"), "{}").unwrap();
            fs::write(dir.join("glossgraph.toml"), "# edited\n").unwrap();
            assert_eq!(stage(&mut written).commit().unwrap(), 3);
            assert_eq!(names(&dir), files);
            assert_eq!(
                fs::read_to_string(dir.join("glossgraph.toml")).unwrap(),
                "# edited\n"
            );
            fs::write(dir.join("notes.txt"), "mine").unwrap();
            assert!(matches!(
                ready(&output, true),
                Err(ImportError::NotCards(_, _))
            ));
            fs::remove_file(dir.join("notes.txt")).unwrap();
        }
        assert!(names(root.path()).iter().all(|n| !n.ends_with(".tmp")));
    }

    #[test]
    fn a_file_and_its_settings_are_written_whole_and_replaced_only_when_forced() {
        let root = tempfile::tempdir().unwrap();
        let config = Config {
            base: "https://glossary.example/".into(),
            ..Config::default()
        };
        let cards = [card("a"), card("b")];
        let lines = root.path().join("cards.jsonl");
        let array = root.path().join("sub/cards.json");
        for (path, output) in [
            (&lines, Output::JsonLines(lines.clone())),
            (&array, Output::JsonArray(array.clone())),
        ] {
            ready(&output, false).unwrap();
            let staged = stage(
                &output,
                &config,
                cards.iter().map(Cow::Borrowed),
                &mut io::sink(),
                drop,
            )
            .unwrap();
            assert!(!path.exists());
            assert_eq!(staged.commit().unwrap(), 2);
            let settings = settings_beside(path);
            assert_eq!(
                fs::read_to_string(&settings).unwrap(),
                settings_toml(&config)
            );
            let text = fs::read_to_string(path).unwrap();
            let mut expected = Vec::new();
            if matches!(output, Output::JsonLines(_)) {
                glossgraph_core::generate::write_json_lines(&cards, &mut expected).unwrap();
            } else {
                glossgraph_core::generate::write_json_array(&cards, &mut expected).unwrap();
            }
            assert_eq!(text.as_bytes(), expected);
            assert!(matches!(ready(&output, false), Err(ImportError::Exists(p)) if p == *path));
            fs::remove_file(path).unwrap();
            assert!(matches!(ready(&output, false), Err(ImportError::Exists(p)) if p == settings));
            ready(&output, true).unwrap();
            let names = names(path.parent().unwrap());
            assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
        }
        let mut stdout = Vec::new();
        let staged = stage(
            &Output::Stdout,
            &config,
            cards.iter().map(Cow::Borrowed),
            &mut stdout,
            drop,
        )
        .unwrap();
        assert_eq!(staged.commit().unwrap(), 0);
        assert_eq!(stdout.iter().filter(|&&b| b == b'\n').count(), 2);
    }
}
