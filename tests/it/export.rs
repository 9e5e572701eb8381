//! `glossgraph export`: every format into a folder, all or nothing, with a manifest and a
//! drift gate that prints the command to run; what it says about the files it wrote, the
//! terms it would remove and the flags that shape only some formats. (The conventions every
//! command shares are in `cli.rs`.)

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::util::fixtures::slug_of;
use crate::util::{
    glossgraph, glossgraph_command, ok, outcome, root, run_in, scratch, signal, stderr,
};

pub(crate) const FILES: [&str; 20] = [
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
    "glossary.tbx",
    "glossary.trig",
    "glossary.ttl",
    "glossary.v2.tbx",
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

pub(crate) fn export(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["export"];
    all.extend_from_slice(args);
    outcome(&run_in(dir, &all, None))
}

#[test]
fn the_committed_exports_match_the_sample_glossary() {
    let (code, stdout, stderr) = export(root(), &["--check"]);
    assert_eq!(
        code, 0,
        "exports/ is stale — run `cargo run -- export` and commit it:\n{stdout}{stderr}"
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

    // The gate sees a change and a deletion, and says which; a file glossgraph never
    // writes is named in a note and not counted (issue 40, item 17).
    fs::write(out.join("glossary.ttl"), "changed").unwrap();
    fs::remove_file(out.join("glossary.dot")).unwrap();
    fs::write(out.join("notes.txt"), "mine").unwrap();
    let (code, stdout, stderr) = export(
        tmp.path(),
        &[data.to_str().unwrap(), "--out", "out", "--check"],
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0], "missing: glossary.dot");
    assert!(
        lines[1].starts_with("changed: glossary.ttl (7 bytes on disk, "),
        "{stdout}"
    );
    assert!(
        stderr.contains("note: notes.txt is not a file glossgraph writes: `export` leaves it alone and --check does not count it"),
        "{stderr}"
    );
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
fn export_counts_warnings_and_lists_only_errors() {
    // `b` lists `a` one way (a warning) and `c` names a term that does not exist (an error).
    let tmp = tempfile::tempdir().unwrap();
    let cards = tmp.path().join("cards");
    fs::create_dir(&cards).unwrap();
    for (slug, related) in [("a", "[]"), ("b", r#"["a"]"#), ("c", r#"["zz"]"#)] {
        fs::write(
            cards.join(format!("{slug}.json")),
            format!(r#"{{"slug": "{slug}", "term": "T {slug}", "definition": "D.", "related": {related}}}"#),
        )
        .unwrap();
    }
    let (code, _, stderr) = export(tmp.path(), &["cards", "--out", "out"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("error[dangling-link]"), "{stderr}");
    assert!(
        !stderr.lines().any(|l| l.starts_with("warning[")),
        "warnings are counted, not listed: {stderr}"
    );
    assert!(
        stderr.contains("warnings are not listed here; `glossgraph check cards` lists them"),
        "{stderr}"
    );
    // `check` lists the same warnings the export counted.
    let (_, report, _) = outcome(&run_in(
        tmp.path(),
        &["check", "cards", "--format", "json"],
        None,
    ));
    let report: Value = serde_json::from_str(&report).expect("a JSON report");
    let findings = report["findings"].as_array().unwrap();
    let listed = findings
        .iter()
        .filter(|f| f["severity"] == "warning")
        .count();
    assert!(listed >= 2, "{report:#}");
    assert_eq!(report["summary"]["warnings"], listed);
    assert!(
        stderr.contains(&format!("1 error, {listed} warnings in 3 cards")),
        "{stderr}\n{report}"
    );
    // Valid, the export says how many warnings in one line.
    fs::remove_file(cards.join("c.json")).unwrap();
    let (code, _, stderr) = export(tmp.path(), &["cards", "--out", "out"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("the glossary has "), "{stderr}");
    assert!(
        !stderr.lines().any(|l| l.starts_with("warning[")),
        "{stderr}"
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

/// An export of 3,000 generated terms into `out` (which holds the sample glossary's
/// exports), stopped once some but not all of its files are staged: the running child, its
/// staging folder, and `out` as it was before. At this size a debug build still has most of
/// its formats, some tens of seconds of writing, to do when the third file appears.
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
            "3000",
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

    // Another glossary into the same folder: the sample's terms go, deliberately.
    let sample: Vec<String> = fs::read_dir(&data)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".json").map(str::to_owned)
        })
        .collect();
    let allowed = sample.join(",");
    let mut child = glossgraph_command()
        .args(["export", "big.jsonl", "--out", "out", "--quiet"])
        .args(["--allow-removal", &allowed])
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

/// Issue 22: a run killed outright leaves its staging folder; the next run removes it and
/// says so in one line, but leaves alone the staging folder of a run that still goes on.
#[cfg(unix)]
#[test]
fn the_next_run_removes_the_staging_folder_of_a_killed_one() {
    let tmp = tempfile::tempdir().unwrap();
    let (mut child, killed, _) = an_export_under_way(tmp.path());
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(killed.is_dir(), "kill -9 leaves the staging folder");
    // Another export into the same folder, still running (a stand-in: any live process, such
    // as this test's).
    let live = tmp
        .path()
        .join(format!(".out.staging-{}", std::process::id()));
    fs::create_dir(&live).unwrap();
    fs::write(live.join("glossary.ttl"), "being written").unwrap();
    // Not a staging folder of `out`, though no process has its number.
    let other = tmp.path().join(".outer.staging-999999999");
    fs::create_dir(&other).unwrap();

    let data = root().join("data");
    let (code, _, stderr) = export(tmp.path(), &[data.to_str().unwrap(), "--out", "out"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        !killed.exists(),
        "the killed run's staging folder is left: {stderr}"
    );
    assert!(
        live.join("glossary.ttl").is_file(),
        "a live run's staging folder was touched"
    );
    assert!(
        other.is_dir(),
        "another folder's staging folder was touched"
    );
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("staging")).collect();
    let name = killed.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        matches!(said.as_slice(), [one] if one.starts_with("glossgraph: removed `")
            && one.contains(&name)
            && one.ends_with("left by an export that is no longer running")),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn an_interrupted_export_cleans_up_and_says_so() {
    for name in ["INT", "TERM"] {
        let tmp = tempfile::tempdir().unwrap();
        let (child, staging, before) = an_export_under_way(tmp.path());
        signal(child.id(), name);
        let (code, _, stderr) = outcome(&child.wait_with_output().unwrap());
        assert_eq!(code, 130, "SIG{name}: {stderr}");
        assert!(
            stderr.contains("interrupted; nothing was written"),
            "{stderr}"
        );
        assert!(!staging.exists(), "SIG{name}: the staging folder is left");
        assert_eq!(snapshot(&tmp.path().join("out")), before, "SIG{name}");
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
    let (code, stdout, stderr) = export(
        tmp.path(),
        &[data, "--out", "out", "--format", "turtle", "--check"],
    );
    assert_eq!((code, stdout.trim()), (0, ""), "{stderr}");
    assert!(
        stderr.contains("note: notes.txt is not a file glossgraph writes"),
        "{stderr}"
    );
    // A file of another glossgraph format, which this export would not write, is stale.
    fs::write(tmp.path().join("out/glossary.gexf"), "old").unwrap();
    let (code, stdout, stderr) = export(
        tmp.path(),
        &[data, "--out", "out", "--format", "turtle", "--check"],
    );
    assert_eq!(
        (code, stdout.trim()),
        (1, "extra: glossary.gexf (not written by this export)")
    );
    assert!(stderr.contains("which removes the extra files"), "{stderr}");
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
        // A drawing larger than --max-nodes is refused, the SVG as the DOT file.
        (
            vec!["--out", "out", "--format", "turtle,svg", "--max-nodes", "3"],
            "the topic map would draw 34 nodes, more than the limit of 3 for `map`",
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
    let (code, _, stderr) = export(root(), &["--format", "ntriples,turtle", "--out", "-"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "glossgraph: error: --out - writes one format to standard output, but --format names 2 \
         (turtle, ntriples): name one, or write them all into a folder with --out DIR\n"
    );
    let (code, _, stderr) = export(root(), &["--format", "csv", "--out", "-"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "glossgraph: error: --out - writes one format to standard output, but --format names 2 \
         (csv-nodes, csv-edges): name one, or write them all into a folder with --out DIR\n"
    );
    let (code, _, stderr) = export(root(), &["--out", "-"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "glossgraph: error: --out - writes one format to standard output: choose it with \
         --format (for CSV, csv-nodes or csv-edges)\n"
    );
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let mut child = glossgraph_command()
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
fn the_guide_turtle_example_is_what_export_writes() {
    let guide = fs::read_to_string(root().join("docs/guide/rdf-skos.md")).unwrap();
    let start = guide
        .find("```turtle\n")
        .expect("a Turtle example in docs/guide/rdf-skos.md")
        + 10;
    let example = &guide[start..start + guide[start..].find("\n…").unwrap()];
    let ttl = fs::read_to_string(root().join("exports/glossary.ttl")).unwrap();
    assert!(
        ttl.contains(example),
        "the guide's Turtle example is not in exports/glossary.ttl"
    );
}

/// Issue 19: a term an earlier export published cannot silently vanish.
#[test]
fn a_published_term_removed_without_a_tombstone_stops_the_export() {
    let tmp = tempfile::tempdir().unwrap();
    let cards = tmp.path().join("cards");
    fs::create_dir(&cards).unwrap();
    for (slug, related) in [("a", &["b"][..]), ("b", &["a"][..]), ("c", &[][..])] {
        fs::write(
            cards.join(format!("{slug}.json")),
            crate::util::card(slug, related),
        )
        .unwrap();
    }
    let (code, _, err) = export(
        tmp.path(),
        &["cards", "--out", "out", "--format", "ntriples"],
    );
    assert_eq!(code, 0, "{err}");
    let manifest: Value =
        serde_json::from_slice(&fs::read(tmp.path().join("out/manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["slugs"], serde_json::json!(["a", "b", "c"]));
    let before = snapshot(&tmp.path().join("out"));

    // c's card deleted: export and export --check refuse, at the manifest's entry, and
    // nothing is written.
    fs::remove_file(cards.join("c.json")).unwrap();
    for extra in [&[][..], &["--check"][..]] {
        let mut args = vec![
            "cards", "--out", "out", "--format", "ntriples", "--color", "never",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = export(tmp.path(), &args);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        assert!(
            err.contains("error: out/manifest.json:/slugs/2: term `c` was exported, but the glossary has no card `c` any more: its IRI <https://example.org/glossary/term/c> would stop resolving"),
            "{err}"
        );
        assert!(err.contains("--allow-removal c"), "{err}");
        assert_eq!(snapshot(&tmp.path().join("out")), before);
    }

    // Kept as a tombstone, the term is no longer in the way.
    fs::write(
        cards.join("c.json"),
        r#"{"slug": "c", "term": "Term c", "definition": "Retired.", "status": "obsolete", "supersededBy": ["b"]}"#,
    )
    .unwrap();
    let (code, _, err) = export(
        tmp.path(),
        &["cards", "--out", "out", "--format", "ntriples", "--check"],
    );
    // The tombstone changed c's triples: --check reports drift (1), not a vanished term.
    assert_eq!(code, 1);
    assert!(!err.contains("was exported"), "{err}");
    let (code, _, err) = export(
        tmp.path(),
        &["cards", "--out", "out", "--format", "ntriples"],
    );
    assert_eq!(code, 0, "{err}");

    // Removed deliberately: --allow-removal, after which the manifest no longer records it.
    fs::remove_file(cards.join("c.json")).unwrap();
    // Issue 40: --check with --allow-removal advises the command with it, which is the one
    // that works.
    let (code, _, err) = export(
        tmp.path(),
        &[
            "cards",
            "--out",
            "out",
            "--format",
            "ntriples",
            "--check",
            "--allow-removal",
            "c",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "differs from what `glossgraph export cards --out out --format ntriples --allow-removal c` writes"
        ),
        "{err}"
    );
    let (code, _, err) = export(
        tmp.path(),
        &[
            "cards",
            "--out",
            "out",
            "--format",
            "ntriples",
            "--allow-removal",
            "c",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let manifest: Value =
        serde_json::from_slice(&fs::read(tmp.path().join("out/manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["slugs"], serde_json::json!(["a", "b"]));
    let (code, _, err) = export(
        tmp.path(),
        &["cards", "--out", "out", "--format", "ntriples", "--check"],
    );
    assert_eq!(code, 0, "{err}");
}

/// Issue 40: with -v, the files written are listed in the formats' order on every run (they
/// are written in parallel), with sizes in units people read.
#[test]
fn the_files_written_are_listed_in_one_order_with_readable_sizes() {
    let tmp = tempfile::tempdir().unwrap();
    let data = root().join("data");
    let listing = |out: &str| {
        let (code, _, stderr) = export(
            tmp.path(),
            &[
                data.to_str().unwrap(),
                "--out",
                out,
                "-v",
                "--format",
                "turtle,ntriples,graphml,gexf,csv,nodelink,html",
            ],
        );
        assert_eq!(code, 0, "{stderr}");
        stderr
            .lines()
            .filter(|l| l.starts_with("wrote "))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let first = listing("one");
    let names: Vec<&str> = first
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "glossary.ttl",
            "glossary.nt",
            "glossary.graphml",
            "glossary.gexf",
            "glossary.nodes.csv",
            "glossary.edges.csv",
            "glossary.nodelink.json",
            "glossary.html"
        ]
    );
    for line in &first {
        assert!(line.ends_with(" kB)") || line.ends_with(" MB)"), "{line}");
    }
    for out in ["two", "three"] {
        assert_eq!(listing(out), first);
    }
}

/// `export --check` prints the command that regenerates the folder (issue 23, item 4).
#[test]
fn export_check_prints_the_command_that_regenerates_the_folder() {
    let dir = scratch("export", "export-check");
    let out = dir.join("x");
    let out = out.to_str().unwrap();
    let args = [
        "export",
        "--out",
        out,
        "--format",
        "turtle,graphml",
        "--focus",
        "roce-v2",
    ];
    let (code, _, stderr) = outcome(&run_in(root(), &args, None));
    assert_eq!(code, 0, "{stderr}");
    fs::write(dir.join("x/glossary.ttl"), "stale\n").unwrap();
    let mut check = args.to_vec();
    check.push("--check");
    let (code, stdout, stderr) = outcome(&run_in(root(), &check, None));
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("glossary.ttl"), "{stdout}");
    let command =
        format!("`glossgraph export --out {out} --format turtle,graphml --focus roce-v2`");
    assert!(stderr.contains(&command), "{command} not in: {stderr}");
    // The command printed does regenerate the folder.
    let (code, _, stderr) = outcome(&run_in(root(), &args, None));
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = outcome(&run_in(root(), &check, None));
    assert_eq!(code, 0, "{stderr}");

    // Two formats to standard output: --format was given, and named two.
    let (code, _, stderr) = outcome(&run_in(
        root(),
        &["export", "--format", "turtle,graphml", "--out", "-"],
        None,
    ));
    assert_eq!(code, 2);
    assert!(!stderr.contains("choose it with --format"), "{stderr}");
    assert!(
        stderr.contains("--format names 2 (turtle, graphml)"),
        "{stderr}"
    );
}

/// Issue 40, item 12: the flags that shape the drawings say so when other formats come with them.
#[test]
fn drawing_flags_say_which_formats_they_shape() {
    let out = glossgraph(&[
        "export", "--out", "-", "--format", "turtle", "--focus", "roce-v2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            "note: --focus shapes only glossary.dot and glossary.svg, which this run does not write; every other format holds all 34 terms"
        ),
        "{}",
        stderr(&out)
    );
}

/// Issue 40, item 7: thousands of removed terms are shown as `check` shows a rule (ten, then a
/// count), and can be allowed in bulk from a file of slugs.
#[test]
fn many_removals_are_capped_and_can_be_allowed_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.jsonl");
    let new = dir.path().join("new.jsonl");
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "60",
        "--out",
        old.to_str().unwrap(),
    ]));
    let text = std::fs::read_to_string(&old).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The new version keeps the cards whose related terms all stay: drop the last 25.
    let kept: Vec<&str> = lines[..35].to_vec();
    let kept_slugs: Vec<String> = kept.iter().map(|l| slug_of(l)).collect();
    let cleaned: Vec<String> = kept
        .iter()
        .map(|l| {
            let mut card: serde_json::Value = serde_json::from_str(l).unwrap();
            for field in ["related", "supersedes", "supersededBy"] {
                if let Some(list) = card[field].as_array_mut() {
                    list.retain(|s| kept_slugs.iter().any(|k| Some(k.as_str()) == s.as_str()));
                }
            }
            card.to_string()
        })
        .collect();
    std::fs::write(&new, cleaned.join("\n") + "\n").unwrap();
    let out = dir.path().join("ex");
    let out_arg = out.to_str().unwrap();
    let base = ["--base", "https://glossary.test/", "--format", "ntriples"];
    ok(&glossgraph(
        &[
            &["export", old.to_str().unwrap(), "--out", out_arg][..],
            &base,
        ]
        .concat(),
    ));
    let refused = glossgraph(
        &[
            &["export", new.to_str().unwrap(), "--out", out_arg][..],
            &base,
        ]
        .concat(),
    );
    assert_eq!(refused.status.code(), Some(1));
    let err = stderr(&refused);
    assert_eq!(
        err.matches("was exported, but the glossary has no card")
            .count(),
        10,
        "{err}"
    );
    assert!(
        err.contains("… and 15 more terms gone the same way"),
        "{err}"
    );
    assert!(err.contains("--allow-removals-from FILE"), "{err}");
    let gone: Vec<String> = lines[35..].iter().map(|l| slug_of(l)).collect();
    let list = dir.path().join("removed.txt");
    std::fs::write(&list, format!("# retired in v2\n{}\n", gone.join("\n"))).unwrap();
    ok(&glossgraph(
        &[
            &[
                "export",
                new.to_str().unwrap(),
                "--out",
                out_arg,
                "--allow-removals-from",
                list.to_str().unwrap(),
            ][..],
            &base,
        ]
        .concat(),
    ));
}

/// A file of a format a run does not write goes when it is what glossgraph last wrote (the
/// manifest's hash), and stays, said, when someone changed it since: a spreadsheet or a TSV
/// glossary exported once and then worked in is never lost to the next plain export.
#[test]
fn a_file_of_a_format_not_written_goes_unless_it_was_edited() {
    let out = scratch("export", "edited-left-out");
    let export = |formats: &str| {
        outcome(&glossgraph(&[
            "export",
            "data",
            "--out",
            out.to_str().unwrap(),
            "--format",
            formats,
        ]))
    };
    assert_eq!(export("turtle,xlsx,dot").0, 0);
    let sheet = out.join("glossary.xlsx");
    let mut edited = fs::read(&sheet).unwrap();
    edited.push(b'\n');
    fs::write(&sheet, &edited).unwrap();
    let (code, _, stderr) = export("turtle");
    assert_eq!(code, 0, "{stderr}");
    assert!(!out.join("glossary.dot").exists(), "unedited: removed");
    assert_eq!(fs::read(&sheet).unwrap(), edited);
    assert!(
        stderr.contains("kept glossary.xlsx: not written by this run, and changed since"),
        "{stderr}"
    );
    assert!(!stderr.contains("glossary.dot"), "{stderr}");
}
