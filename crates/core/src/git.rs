//! A glossary as it was at a git revision, read through the `git` program itself.
//!
//! [`at_revision`] lists the input's files at the revision (`git ls-tree`), reads them in one
//! `git cat-file --batch`, and writes them under a fresh temporary folder with the same
//! layout, so that the ordinary loader reads them — and the folder's `glossgraph.toml` (or,
//! for a file input, the one beside it) with them. The folder goes when the [`Checkout`] is
//! dropped. Going through `git` rather than a library keeps every repository format,
//! configuration and object store git itself understands.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

/// Reading a revision failed.
#[derive(Debug, thiserror::Error)]
pub enum GitError {
    #[error("cannot run git (is it installed?): {0}")]
    Spawn(io::Error),
    #[error("`{path}` is not in a git repository: {message}")]
    NotARepository { path: String, message: String },
    #[error("git {command} failed: {message}")]
    Failed { command: String, message: String },
    #[error("`{path}` does not exist at revision {rev}")]
    NoSuchPath { rev: String, path: String },
    #[error("cannot write the files of revision {rev} into {dir}: {source}")]
    Write {
        rev: String,
        dir: String,
        source: io::Error,
    },
}

/// The files of an input at a revision, in a temporary folder removed on drop. The folder is
/// made by `tempfile`: a name no other process can have chosen or prepared (random, created
/// anew, readable by its owner only), so a folder left by a run that was stopped is never
/// read again.
#[derive(Debug)]
pub struct Checkout {
    dir: tempfile::TempDir,
    /// The input inside the temporary folder: read it as the input itself.
    pub input: PathBuf,
    /// How outputs name it: `REV:path` (path from the repository's top).
    pub name: String,
}

/// The input `input` (a folder of cards or a file) as it was at `rev`.
///
/// # Errors
/// `git` missing or failing, `input` outside a repository or absent at `rev`, the temporary
/// folder not writable.
pub fn at_revision(input: &Path, rev: &str) -> Result<Checkout, GitError> {
    let (top, rel) = locate(input)?;
    let rel_text = rel
        .to_str()
        .map(|s| if s.is_empty() { "." } else { s })
        .unwrap_or(".")
        .to_owned();
    let commit = format!("{rev}^{{commit}}");
    git(
        &top,
        &["rev-parse", "--verify", "--quiet", &commit],
        "rev-parse",
    )
    .map_err(|_| GitError::Failed {
        command: format!("rev-parse {rev}"),
        message: format!(
            "`{rev}` is not a revision of the repository at {}",
            top.display()
        ),
    })?;
    let listing = git(
        &top,
        &["ls-tree", "-r", "-z", rev, "--", &rel_text],
        "ls-tree",
    )?;
    let mut files = blobs(&listing);
    if files.is_empty() {
        return Err(GitError::NoSuchPath {
            rev: rev.to_owned(),
            path: rel_text,
        });
    }
    let is_file = files.len() == 1 && Path::new(&files[0].1) == rel;
    if is_file {
        // A file's settings are those beside it.
        let beside = rel.with_file_name("glossgraph.toml");
        let beside = beside.to_string_lossy();
        let listing = git(&top, &["ls-tree", "-z", rev, "--", &beside], "ls-tree")?;
        files.extend(blobs(&listing));
    }
    let failed = |dir: &Path, source: io::Error| GitError::Write {
        rev: rev.to_owned(),
        dir: dir.display().to_string(),
        source,
    };
    let dir = tempfile::Builder::new()
        .prefix("glossgraph-git-")
        .tempdir()
        .map_err(|e| failed(&std::env::temp_dir(), e))?;
    let checkout = Checkout {
        input: if rel.as_os_str().is_empty() {
            dir.path().to_path_buf()
        } else {
            dir.path().join(&rel)
        },
        dir,
        name: format!("{rev}:{rel_text}"),
    };
    let root = checkout.dir.path();
    let failed = |source: io::Error| failed(root, source);
    if !is_file {
        std::fs::create_dir_all(&checkout.input).map_err(failed)?;
    }
    read_blobs(&top, &files, |path, bytes| {
        let target = root.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(target, bytes)
    })
    .map_err(|e| match e {
        Blobs::Git(e) => e,
        Blobs::Io(e) => failed(e),
    })?;
    Ok(checkout)
}

/// The repository's top folder and `input`'s path inside it, whether or not `input` exists
/// now (it may have been deleted since the revision).
fn locate(input: &Path) -> Result<(PathBuf, PathBuf), GitError> {
    let cwd = std::env::current_dir().map_err(GitError::Spawn)?;
    let absolute = cwd.join(input);
    // The nearest folder that exists now, and the path below it.
    let mut existing = absolute.clone();
    let mut below = Vec::new();
    while !existing.is_dir() {
        match (existing.file_name(), existing.parent()) {
            (Some(name), Some(parent)) => {
                below.push(name.to_owned());
                existing = parent.to_path_buf();
            }
            _ => break,
        }
    }
    let not_repo = |message: String| GitError::NotARepository {
        path: input.display().to_string(),
        message,
    };
    let top = git(&existing, &["rev-parse", "--show-toplevel"], "rev-parse")
        .map_err(|e| not_repo(e.to_string()))?;
    let top = PathBuf::from(String::from_utf8_lossy(&top).trim_end_matches(['\n', '\r']));
    let canonical = |p: &Path| std::fs::canonicalize(p).map_err(|e| not_repo(e.to_string()));
    let (top, existing) = (canonical(&top)?, canonical(&existing)?);
    let mut rel = existing
        .strip_prefix(&top)
        .map_err(|_| not_repo(format!("it is outside {}", top.display())))?
        .to_path_buf();
    for name in below.iter().rev() {
        rel.push(name);
    }
    // `..` and `.` below the existing folder cannot be resolved against the disk: refuse them.
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return Err(not_repo("the path has `.` or `..` past what exists".into()));
    }
    Ok((top, rel))
}

/// Runs `git args` in `dir`; its standard output, or its standard error as the failure.
fn git(dir: &Path, args: &[&str], what: &str) -> Result<Vec<u8>, GitError> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(GitError::Spawn)?;
    if !out.status.success() {
        return Err(GitError::Failed {
            command: what.to_owned(),
            message: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    Ok(out.stdout)
}

/// The blobs of an `ls-tree -z` listing: (object id, path).
fn blobs(listing: &[u8]) -> Vec<(String, String)> {
    listing
        .split(|&b| b == 0)
        .filter_map(|entry| {
            let entry = std::str::from_utf8(entry).ok()?;
            let (meta, path) = entry.split_once('\t')?;
            let mut meta = meta.split(' ');
            let (_mode, kind, id) = (meta.next()?, meta.next()?, meta.next()?);
            (kind == "blob").then(|| (id.to_owned(), path.to_owned()))
        })
        .collect()
}

enum Blobs {
    Git(GitError),
    Io(io::Error),
}

/// Reads every blob of `files` in one `git cat-file --batch`, handing each to `each`.
fn read_blobs(
    top: &Path,
    files: &[(String, String)],
    mut each: impl FnMut(&str, &[u8]) -> io::Result<()>,
) -> Result<(), Blobs> {
    let mut child = Command::new("git")
        .arg("-C")
        .arg(top)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Blobs::Git(GitError::Spawn(e)))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let ids: Vec<String> = files.iter().map(|(id, _)| id.clone()).collect();
    // Fed on a thread of its own, so that neither pipe fills while the other waits.
    let feeder = std::thread::spawn(move || -> io::Result<()> {
        for id in ids {
            stdin.write_all(id.as_bytes())?;
            stdin.write_all(b"\n")?;
        }
        Ok(())
    });
    let mut out = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let broken = |message: String| {
        Blobs::Git(GitError::Failed {
            command: "cat-file --batch".into(),
            message,
        })
    };
    let mut header = String::new();
    let mut bytes = Vec::new();
    for (id, path) in files {
        header.clear();
        out.read_line(&mut header).map_err(Blobs::Io)?;
        let size = header
            .trim_end()
            .strip_prefix(id.as_str())
            .and_then(|rest| rest.strip_prefix(" blob "))
            .and_then(|size| size.parse::<usize>().ok())
            .ok_or_else(|| {
                broken(format!(
                    "unexpected answer for {path}: {}",
                    header.trim_end()
                ))
            })?;
        bytes.resize(size + 1, 0);
        out.read_exact(&mut bytes).map_err(Blobs::Io)?;
        each(path, &bytes[..size]).map_err(Blobs::Io)?;
    }
    let fed = feeder.join().unwrap_or(Ok(()));
    let status = child.wait().map_err(Blobs::Io)?;
    fed.map_err(Blobs::Io)?;
    if !status.success() {
        return Err(broken(format!("exited with {status}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    use super::at_revision;

    /// Folders named as the old checkouts were (`glossgraph-git-{pid}-{n}`), left behind by
    /// a run that was stopped, or prepared by another user of `/tmp`, are never read: the
    /// checkout holds the revision's cards and nothing else.
    #[test]
    fn a_folder_left_under_the_old_name_leaks_nothing_into_a_checkout() {
        let repo = tempfile::tempdir().unwrap();
        let git = |args: &[&str]| {
            let out = Command::new("git")
                .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
                .args(args)
                .current_dir(repo.path())
                .output()
                .expect("git runs");
            assert!(out.status.success(), "git {args:?}: {out:?}");
        };
        git(&["init", "-q"]);
        let cards = repo.path().join("cards");
        std::fs::create_dir(&cards).unwrap();
        std::fs::write(
            cards.join("alpha.json"),
            r#"{"slug": "alpha", "term": "Alpha", "definition": "A."}"#,
        )
        .unwrap();
        git(&["add", "."]);
        git(&["commit", "-q", "-m", "one card"]);
        let planted: Vec<_> = (0..4)
            .map(|n| {
                let dir = std::env::temp_dir()
                    .join(format!("glossgraph-git-{}-{n}", std::process::id()))
                    .join("cards");
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join("intruder.json"), "{}").unwrap();
                dir
            })
            .collect();
        for _ in 0..planted.len() {
            let checkout = at_revision(&cards, "HEAD").unwrap();
            let mut names: Vec<_> = std::fs::read_dir(&checkout.input)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            names.sort();
            assert_eq!(names, ["alpha.json"]);
        }
        for dir in planted {
            assert!(dir.join("intruder.json").is_file(), "left as it was");
            std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
        }
    }
}
