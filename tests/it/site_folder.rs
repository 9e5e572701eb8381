//! Where `glossgraph site` may write: it replaces its folder whole, so it never replaces the
//! glossary, a folder holding it or inside it, the working folder, or a folder of someone
//! else's files (issue 46, item 1: `site victim --out victim` deleted the 34 cards).

use std::fs;
use std::path::{Path, PathBuf};

use crate::util::{card, outcome, run_in};

/// A fresh folder holding a glossary of two cards in `cards/`.
fn glossary(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("site-folder")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("cards")).unwrap();
    fs::write(dir.join("cards/alpha.json"), card("alpha", &["beta"])).unwrap();
    fs::write(dir.join("cards/beta.json"), card("beta", &["alpha"])).unwrap();
    dir
}

/// Every file below `dir`, relative and sorted, with its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = fs::read(&path).unwrap();
                found.push((path.strip_prefix(dir).unwrap().to_path_buf(), bytes));
            }
        }
    }
    found.sort();
    found
}

/// Runs `site` in `dir` and expects a refusal (exit 2) that says `why`, with nothing below
/// `dir` changed.
fn refused(dir: &Path, args: &[&str], why: &str) {
    let before = files(dir);
    let (code, _, stderr) = outcome(&run_in(dir, args, None));
    assert_eq!(code, 2, "{args:?} must be refused: {stderr}");
    assert!(stderr.contains(why), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(files(dir), before, "{args:?} changed the folder");
}

#[test]
fn the_glossary_folder_is_never_the_site() {
    let dir = glossary("input");
    let cards = dir.join("cards");
    refused(
        &dir,
        &["site", "cards", "--out", "cards"],
        "is or holds the glossary",
    );
    refused(
        &dir,
        &["site", "cards", "--out", "cards", "--force"],
        "is or holds the glossary",
    );
    // The same folder by another spelling, and from inside it.
    refused(
        &dir,
        &["site", "cards", "--out", "./cards/"],
        "is or holds the glossary",
    );
    refused(
        &cards,
        &["site", ".", "--out", "."],
        "is or holds the glossary",
    );
    assert_eq!(fs::read_dir(&cards).unwrap().count(), 2);
}

#[test]
fn a_folder_holding_the_glossary_is_never_the_site() {
    let dir = glossary("holder");
    let outer = dir.parent().unwrap().to_str().unwrap().to_owned();
    refused(
        &dir,
        &["site", "cards", "--out", "."],
        "is or holds the glossary",
    );
    refused(
        &dir,
        &["site", "cards", "--out", &outer, "--force"],
        "is or holds the glossary",
    );
    // A single file of cards, and the folder it sits in.
    fs::write(dir.join("all.jsonl"), "").unwrap();
    refused(
        &dir,
        &["site", "all.jsonl", "--out", ".", "--force"],
        "is or holds the glossary",
    );
}

#[test]
fn the_working_folder_is_never_the_site() {
    let dir = glossary("cwd");
    let cards = dir.join("cards");
    let site = dir.join("elsewhere");
    fs::create_dir(&site).unwrap();
    fs::write(site.join("keep.txt"), "mine").unwrap();
    refused(
        &site,
        &["site", cards.to_str().unwrap(), "--out", ".", "--force"],
        "is the working folder",
    );
    refused(
        &site,
        &["site", cards.to_str().unwrap(), "--out", "..", "--force"],
        "is or holds the glossary",
    );
}

#[test]
fn a_site_inside_the_glossary_folder_is_refused() {
    let dir = glossary("inside");
    refused(
        &dir,
        &["site", "cards", "--out", "cards/site"],
        "is inside the glossary folder",
    );
    assert!(!dir.join("cards/site").exists());
}

#[test]
fn a_folder_of_foreign_files_needs_force() {
    let dir = glossary("foreign");
    fs::create_dir_all(dir.join("sb/notes")).unwrap();
    fs::write(dir.join("sb/README.md"), "# mine").unwrap();
    fs::write(dir.join("sb/notes/todo.txt"), "keep me").unwrap();
    refused(
        &dir,
        &["site", "cards", "--out", "sb"],
        "holds files that glossgraph did not write (README.md, notes/)",
    );
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["site", "cards", "--out", "sb", "--force"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(!dir.join("sb/README.md").exists());
    assert!(dir.join("sb/index.html").is_file());
}

#[test]
fn a_site_glossgraph_wrote_is_replaced_and_an_empty_folder_filled() {
    let dir = glossary("own");
    fs::create_dir(dir.join("empty")).unwrap();
    for out in ["empty", "fresh", "fresh"] {
        let (code, _, stderr) = outcome(&run_in(&dir, &["site", "cards", "--out", out], None));
        assert_eq!(code, 0, "--out {out}: {stderr}");
        assert!(dir.join(out).join(".glossgraph-site").is_file());
        assert!(dir.join(out).join("term/alpha/index.html").is_file());
    }
    // A file dropped into the site is the site's: the next run replaces it, as it says.
    fs::write(dir.join("fresh/stray.txt"), "x").unwrap();
    let (code, _, stderr) = outcome(&run_in(&dir, &["site", "cards", "--out", "fresh"], None));
    assert_eq!(code, 0, "{stderr}");
    assert!(!dir.join("fresh/stray.txt").exists());
    // Without the mark, the folder is no longer glossgraph's.
    fs::remove_file(dir.join("fresh/.glossgraph-site")).unwrap();
    refused(
        &dir,
        &["site", "cards", "--out", "fresh"],
        "did not write (.htaccess, 404.html",
    );
}
