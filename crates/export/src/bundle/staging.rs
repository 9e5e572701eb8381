//! The staging folder beside the output, the files flushed to the disk as they are written,
//! the renames into place and their undoing, and the clean-up of folders that runs killed
//! outright left behind.

use super::*;

/// How many bytes of a staged file are written between two flushes of it to the disk.
pub(super) const FLUSH_EVERY: u64 = 64 << 20;

/// A staged file that, every `every` bytes written, has `syncer` flush what it holds so far:
/// the disk writes a large file while the rest of it is still being rendered, where a single
/// flush at its end would wait for all of it (about 0.7 s for the 1 GB of N-Triples of 100k
/// terms, BENCHMARKS.md). The bytes are the same either way.
pub(super) struct Flushing<'s> {
    pub(super) file: fs::File,
    pub(super) name: &'static str,
    pub(super) syncer: Option<&'s Syncer>,
    pub(super) every: u64,
    pub(super) unflushed: u64,
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
pub(super) struct Syncer {
    pub(super) files: Option<std::sync::mpsc::Sender<(&'static str, fs::File)>>,
    pub(super) thread: Option<std::thread::JoinHandle<Result<usize, (&'static str, io::Error)>>>,
}

impl Syncer {
    pub(super) fn start() -> Self {
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
    pub(super) fn sync(&self, name: &'static str, file: fs::File) {
        if let Some(files) = &self.files {
            // The thread stops only once `files` is dropped: the send cannot fail.
            let _ = files.send((name, file));
        }
    }

    /// Waits until every queued file is flushed; the number of flushes.
    ///
    /// # Errors
    /// The first flush that failed, with the name of its file.
    pub(super) fn finish(mut self) -> Result<usize, (&'static str, io::Error)> {
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
pub(crate) struct Staging {
    pub(crate) path: PathBuf,
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// An I/O error that says what could not be done to which path.
pub(crate) fn cannot<'p>(
    action: &'static str,
    path: &'p Path,
) -> impl FnOnce(io::Error) -> ExportError + 'p {
    move |e| ExportError::Unwritable(format!("cannot {action} `{}`: {e}", path.display()))
}

/// The staging folder of this process for the output folder `out`: hidden, beside it.
pub(crate) fn staging_path(out: &Path) -> PathBuf {
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
pub(super) fn remove_abandoned(out: &Path) -> (Vec<PathBuf>, u64) {
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
pub(super) fn is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// The bytes of the files under `path` (symbolic links not followed).
pub(super) fn folder_size(path: &Path) -> u64 {
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
pub(super) static MOVING: std::sync::Mutex<Moving> = std::sync::Mutex::new(Moving {
    abandoned: false,
    done: false,
});

pub(super) struct Moving {
    /// The run is being interrupted: no file may be moved any more.
    pub(super) abandoned: bool,
    /// Every file was moved in: the output folder holds the new export.
    pub(super) done: bool,
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
pub(super) fn swap_in(
    staging: &Path,
    out: &Path,
    stale: &[&str],
    names: &[&str],
) -> Result<(), ExportError> {
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
