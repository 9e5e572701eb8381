//! `glossgraph export`: every format into a folder, all or nothing, with a manifest and a
//! drift gate; and the conventions of the command line around it.

use std::collections::BTreeMap;
use std::fs;
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::util::{glossgraph, outcome, root, run_in};

const FILES: [&str; 18] = [
    "glossary.cyjs",
    "glossary.dot",
    "glossary.edges.csv",
    "glossary.gexf",
    "glossary.graphml",
    "glossary.html",
    "glossary.jsonld",
    "glossary.neo4j.graphml",
    "glossary.nodelink.json",
    "glossary.nodes.csv",
    "glossary.nq",
    "glossary.nt",
    "glossary.rdf",
    "glossary.svg",
    "glossary.trig",
    "glossary.ttl",
    "glossary.yed.graphml",
    "manifest.json",
];

/// Every file of a folder with the SHA-256 of its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(dir).expect("a readable folder") {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        let bytes = fs::read(entry.path()).unwrap_or_default();
        let hex: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        out.insert(name, hex);
    }
    out
}

fn export(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["export"];
    all.extend_from_slice(args);
    outcome(&run_in(dir, &all, None))
}

#[test]
fn the_committed_exports_match_the_sample_glossary() {
    let (code, stdout, stderr) = export(root(), &["--check"]);
    assert_eq!(
        code, 0,
        "exports/ is stale — run `cargo run --release -- export` and commit it:\n{stdout}{stderr}"
    );
}

#[test]
fn every_format_and_a_truthful_manifest() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let data = root().join("data");
    let (code, _, stderr) = export(tmp.path(), &[data.to_str().unwrap(), "--out", "out"]);
    assert_eq!(code, 0, "{stderr}");
    let files = snapshot(&out);
    assert_eq!(files.keys().map(String::as_str).collect::<Vec<_>>(), FILES);
    let manifest: Value =
        serde_json::from_slice(&fs::read(out.join("manifest.json")).unwrap()).unwrap();
    for (name, entry) in manifest["files"].as_object().unwrap() {
        assert_eq!(
            entry["sha256"].as_str(),
            Some(files[name].as_str()),
            "{name}"
        );
        let size = fs::metadata(out.join(name)).unwrap().len();
        assert_eq!(entry["bytes"].as_u64(), Some(size), "{name}");
    }
    assert_eq!(
        manifest["files"].as_object().unwrap().len(),
        FILES.len() - 1
    );
    let cards = fs::read_dir(&data).unwrap().filter(|e| {
        e.as_ref()
            .unwrap()
            .path()
            .extension()
            .is_some_and(|x| x == "json")
    });
    assert_eq!(
        manifest["counts"]["terms"].as_u64(),
        Some(cards.count() as u64)
    );
    let nt = fs::read_to_string(out.join("glossary.nt")).unwrap();
    assert_eq!(
        manifest["counts"]["triples"].as_u64(),
        Some(nt.lines().count() as u64)
    );
    assert!(manifest["generator"]
        .as_str()
        .unwrap()
        .starts_with("glossgraph "));

    // The gate sees a change, a deletion and a stray file, and says which.
    fs::write(out.join("glossary.ttl"), "changed").unwrap();
    fs::remove_file(out.join("glossary.dot")).unwrap();
    fs::write(out.join("notes.txt"), "mine").unwrap();
    let (code, stdout, _) = export(
        tmp.path(),
        &[data.to_str().unwrap(), "--out", "out", "--check"],
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], "missing: glossary.dot");
    assert!(
        lines[1].starts_with("changed: glossary.ttl (7 bytes on disk, "),
        "{stdout}"
    );
    assert_eq!(lines[2], "extra: notes.txt (not written by this export)");
}

#[test]
fn the_same_cards_in_any_order_give_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    // The sample glossary as JSON Lines, cards in reverse order.
    let mut names: Vec<_> = fs::read_dir(root().join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    names.sort();
    names.reverse();
    let lines: Vec<String> = names
        .iter()
        .map(|p| {
            let v: Value = serde_json::from_slice(&fs::read(p).unwrap()).unwrap();
            v.to_string()
        })
        .collect();
    fs::write(tmp.path().join("cards.jsonl"), lines.join("\n")).unwrap();
    fs::copy(
        root().join("data/glossgraph.toml"),
        tmp.path().join("glossgraph.toml"),
    )
    .ok();
    let (code, _, stderr) = export(tmp.path(), &["cards.jsonl", "--out", "out"]);
    assert_eq!(code, 0, "{stderr}");
    let a = snapshot(&tmp.path().join("out"));
    let b = snapshot(&root().join("exports"));
    assert_eq!(a, b);
}

#[test]
fn an_invalid_glossary_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    fs::create_dir(tmp.path().join("cards")).unwrap();
    fs::write(
        tmp.path().join("cards/a.json"),
        r#"{"slug": "a", "term": "A", "definition": "D.", "related": ["zz"]}"#,
    )
    .unwrap();
    fs::create_dir(tmp.path().join("out")).unwrap();
    fs::write(tmp.path().join("out/glossary.ttl"), "previous").unwrap();
    let before = snapshot(&tmp.path().join("out"));
    let (code, stdout, stderr) = export(tmp.path(), &["cards", "--out", "out"]);
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.contains("error[dangling-link]"), "{stderr}");
    assert_eq!(snapshot(&tmp.path().join("out")), before);
    assert_eq!(
        fs::read_dir(tmp.path()).unwrap().count(),
        2,
        "no staging folder is left behind"
    );
}

#[test]
fn a_blocked_target_fails_before_any_file_is_replaced() {
    let tmp = tempfile::tempdir().unwrap();
    let data = root().join("data");
    let (code, _, _) = export(tmp.path(), &[data.to_str().unwrap(), "--out", "out"]);
    assert_eq!(code, 0);
    // A folder where the manifest (renamed last) should go: the run fails at the very end.
    fs::remove_file(tmp.path().join("out/manifest.json")).unwrap();
    fs::create_dir(tmp.path().join("out/manifest.json")).unwrap();
    fs::write(tmp.path().join("out/glossary.ttl"), "previous").unwrap();
    let before = snapshot(&tmp.path().join("out"));
    let (code, _, stderr) = export(tmp.path(), &[data.to_str().unwrap(), "--out", "out"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cannot replace `out/manifest.json`: it is a folder"),
        "{stderr}"
    );
    assert_eq!(snapshot(&tmp.path().join("out")), before);
}

/// An export of 20,000 generated terms into `out` (which holds the sample glossary's
/// exports), stopped once some but not all of its files are staged: the running child, its
/// staging folder, and `out` as it was before.
#[cfg(unix)]
fn an_export_under_way(
    tmp: &Path,
) -> (
    std::process::Child,
    std::path::PathBuf,
    BTreeMap<String, String>,
) {
    let (code, _, stderr) = outcome(&run_in(
        tmp,
        &[
            "generate",
            "--terms",
            "20000",
            "--seed",
            "7",
            "--out",
            "big.jsonl",
        ],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let data = root().join("data");
    let (code, _, _) = export(tmp, &[data.to_str().unwrap(), "--out", "out"]);
    assert_eq!(code, 0);
    let before = snapshot(&tmp.join("out"));

    let mut child = glossgraph()
        .args(["export", "big.jsonl", "--out", "out", "--quiet"])
        .current_dir(tmp)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let staging = tmp.join(format!(".out.staging-{}", child.id()));
    let start = Instant::now();
    loop {
        let staged = fs::read_dir(&staging).map(|d| d.count()).unwrap_or(0);
        if staged >= 3 {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the export finished before it could be interrupted"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "nothing was staged"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    (child, staging, before)
}

#[cfg(unix)]
#[test]
fn an_export_killed_midway_leaves_the_previous_exports() {
    let tmp = tempfile::tempdir().unwrap();
    let (mut child, _, before) = an_export_under_way(tmp.path());
    // Killed without warning: nothing can clean up, but nothing in out/ has changed.
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        snapshot(&tmp.path().join("out")),
        before,
        "exports/ must be exactly as it was"
    );
}

#[cfg(unix)]
#[test]
fn an_interrupted_export_cleans_up_and_says_so() {
    for signal in ["-INT", "-TERM"] {
        let tmp = tempfile::tempdir().unwrap();
        let (child, staging, before) = an_export_under_way(tmp.path());
        let sent = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let (code, _, stderr) = outcome(&child.wait_with_output().unwrap());
        assert_eq!(code, 130, "{signal}: {stderr}");
        assert!(
            stderr.contains("interrupted; nothing was written"),
            "{stderr}"
        );
        assert!(!staging.exists(), "{signal}: the staging folder is left");
        assert_eq!(snapshot(&tmp.path().join("out")), before, "{signal}");
    }
}

#[test]
fn a_narrower_export_leaves_only_its_own_files() {
    let tmp = tempfile::tempdir().unwrap();
    let data = root().join("data");
    let data = data.to_str().unwrap();
    let (code, _, _) = export(tmp.path(), &[data, "--out", "out"]);
    assert_eq!(code, 0);
    fs::write(tmp.path().join("out/notes.txt"), "mine").unwrap();
    let (code, _, stderr) = export(tmp.path(), &[data, "--out", "out", "--format", "turtle"]);
    assert_eq!(code, 0, "{stderr}");
    // The other formats' files would no longer match the manifest: they are gone; a file
    // glossgraph never writes is left alone.
    let names: Vec<String> = snapshot(&tmp.path().join("out")).into_keys().collect();
    assert_eq!(names, ["glossary.ttl", "manifest.json", "notes.txt"]);
    let (code, stdout, _) = export(
        tmp.path(),
        &[data, "--out", "out", "--format", "turtle", "--check"],
    );
    assert_eq!(
        (code, stdout.trim()),
        (1, "extra: notes.txt (not written by this export)")
    );
}

#[test]
fn a_profile_picks_the_one_graphml_file() {
    let tmp = tempfile::tempdir().unwrap();
    let data = root().join("data");
    let data = data.to_str().unwrap();
    // Alone, every format but the other GraphML shapes; with --format graphml, that shape.
    for (args, graphml) in [
        (vec!["--profile", "yed"], "glossary.yed.graphml"),
        (
            vec!["--profile", "neo4j", "--format", "graphml,dot"],
            "glossary.neo4j.graphml",
        ),
    ] {
        let out = tmp.path().join(graphml);
        let mut all = vec![data, "--out", out.to_str().unwrap(), "--quiet"];
        all.extend(args.iter().copied());
        let (code, _, stderr) = export(tmp.path(), &all);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        let names: Vec<String> = snapshot(&out).into_keys().collect();
        let graphml_files: Vec<&String> =
            names.iter().filter(|n| n.ends_with(".graphml")).collect();
        assert_eq!(graphml_files, [graphml], "{args:?}");
        assert!(names.contains(&"glossary.dot".to_owned()), "{names:?}");
        assert_eq!(names.len() == 3, args.len() == 4, "{names:?}");
    }
}

#[test]
fn options_that_cannot_be_honoured_are_refused_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let data = root().join("data");
    let data = data.to_str().unwrap();
    for (args, says) in [
        (
            vec!["--out", "-", "--format", "turtle", "--check"],
            "--check compares with the files of a folder",
        ),
        (
            vec![
                "--out",
                "out",
                "--format",
                "graphml-neo4j",
                "--profile",
                "yed",
            ],
            "--format graphml-neo4j and --profile yed ask for different GraphML files",
        ),
        (
            vec!["--out", "out", "--quiet", "--verbose"],
            "cannot be used with",
        ),
        // With every format the SVG may be skipped, with a line; asked for by name, it may not.
        (
            vec!["--out", "out", "--format", "turtle,svg", "--max-nodes", "3"],
            "cannot write glossary.svg: the topic map would draw 34 nodes",
        ),
    ] {
        let mut all = vec![data];
        all.extend(args);
        let (code, stdout, stderr) = export(tmp.path(), &all);
        assert_eq!(code, 2, "{all:?}: {stderr}");
        assert!(stderr.contains(says), "{all:?}: {stderr}");
        assert!(stdout.is_empty(), "{all:?}");
        assert!(!tmp.path().join("out").exists(), "{all:?}");
    }
    // A folder that cannot be made is named.
    fs::write(tmp.path().join("afile"), "").unwrap();
    let (code, _, stderr) = export(tmp.path(), &[data, "--out", "afile/sub"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot create `afile`"), "{stderr}");
}

#[test]
fn an_output_folder_inside_the_glossary_folder_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    fs::create_dir(tmp.path().join("cards")).unwrap();
    for (slug, other) in [("a", "b"), ("b", "a")] {
        let path = tmp.path().join(format!("cards/{slug}.json"));
        fs::write(path, crate::util::card(slug, &[other])).unwrap();
    }
    // Its manifest.json would be read as a card by the next run.
    let (code, _, stderr) = export(tmp.path(), &["cards", "--out", "cards/exports"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("the output folder `cards/exports` is inside the glossary folder"),
        "{stderr}"
    );
    let names: Vec<String> = snapshot(&tmp.path().join("cards")).into_keys().collect();
    assert_eq!(names, ["a.json", "b.json"]);
    let (code, _, stderr) = export(tmp.path(), &["cards", "--out", "exports"]);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn one_format_to_standard_output() {
    let (code, stdout, _) = export(root(), &["--format", "ntriples", "--out", "-"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        fs::read_to_string(root().join("exports/glossary.nt")).unwrap()
    );
    let (code, stdout, _) = export(root(), &["--format", "csv-nodes", "--out", "-"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        fs::read_to_string(root().join("exports/glossary.nodes.csv")).unwrap()
    );
    for two in ["ntriples,turtle", "csv"] {
        let (code, _, stderr) = export(root(), &["--format", two, "--out", "-"]);
        assert_eq!(code, 2);
        assert_eq!(
            stderr,
            "glossgraph: error: --out - writes one format to standard output: choose it with \
             --format (for CSV, csv-nodes or csv-edges)\n"
        );
    }
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let mut child = glossgraph()
        .args(["export", "--format", "ntriples", "--out", "-"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn completions_and_man_page_come_from_the_same_definitions() {
    let (code, script, _) = outcome(&run_in(root(), &["completions", "bash"], None));
    assert_eq!(code, 0);
    let registered = std::process::Command::new("bash")
        .args([
            "-c",
            "eval \"$1\" && complete -p glossgraph",
            "bash",
            &script,
        ])
        .output()
        .expect("bash runs");
    assert!(
        String::from_utf8_lossy(&registered.stdout).contains("glossgraph"),
        "{}",
        String::from_utf8_lossy(&registered.stderr)
    );
    let (code, man, _) = outcome(&run_in(root(), &["man"], None));
    assert_eq!(code, 0);
    assert!(
        man.starts_with(".ie \\n(.g .ds Aq \\(aq") || man.contains(".TH glossgraph"),
        "{man}"
    );
    // Every page the main page points to exists, and reads as a man page: `groff -k -man`
    // (what `man` runs: `-k` decodes UTF-8 as man-db's preconv does) formats it without a
    // warning.
    let pages: Vec<&str> = man
        .lines()
        .filter_map(|l| l.strip_prefix("glossgraph\\-")?.strip_suffix("(1)"))
        .collect();
    for sub in ["check", "export", "completions", "query", "serve"] {
        assert!(
            pages.contains(&sub),
            "the man page lists `{sub}`: {pages:?}"
        );
    }
    for sub in pages {
        let (code, page, stderr) = outcome(&run_in(root(), &["man", sub], None));
        assert_eq!(code, 0, "{stderr}");
        assert!(page.contains(&format!(".TH glossgraph-{sub} 1")), "{page}");
        let mut groff = std::process::Command::new("groff")
            .args(["-k", "-man", "-Tutf8", "-ww", "-P-bou"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("groff (Debian groff-base) is installed by scripts/install-test-tools.sh");
        groff
            .stdin
            .take()
            .unwrap()
            .write_all(page.as_bytes())
            .unwrap();
        let shown = groff.wait_with_output().unwrap();
        assert!(shown.status.success());
        assert_eq!(
            String::from_utf8_lossy(&shown.stderr),
            "",
            "groff on `man {sub}`"
        );
        let text = String::from_utf8_lossy(&shown.stdout);
        assert!(text.contains(&format!("glossgraph {sub}")), "{text}");
        if sub == "export" {
            assert!(
                text.contains("--format") && text.contains("--check"),
                "{text}"
            );
        }
    }
    let (code, _, stderr) = outcome(&run_in(root(), &["man", "nope"], None));
    assert_eq!(code, 2);
    assert!(stderr.contains("man pages exist for: check,"), "{stderr}");
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, plain, _) = outcome(&run_in(tmp.path(), &["check", "."], None));
    assert!(!plain.contains('\x1b'));
    let (_, coloured, _) = outcome(&run_in(
        tmp.path(),
        &["check", ".", "--color", "always"],
        None,
    ));
    assert!(coloured.contains("\x1b[1;31m"), "{coloured}");
}

#[test]
fn the_readme_turtle_example_is_what_export_writes() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme
        .find("```turtle\n")
        .expect("a Turtle example in README.md")
        + 10;
    let example = &readme[start..start + readme[start..].find("\n…").unwrap()];
    let ttl = fs::read_to_string(root().join("exports/glossary.ttl")).unwrap();
    assert!(
        ttl.contains(example),
        "README's Turtle example is not in exports/glossary.ttl"
    );
}
