//! The maintainer's loop: `fmt`, `check` of single card files, the card's JSON Schema read by
//! a JSON Schema validator (check-jsonschema), the SARIF report read by Microsoft's SARIF
//! validator, and GitHub's workflow commands.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;
use tempfile::TempDir;

use crate::sparql::require;
use crate::util::{card, outcome, root, run_in};

/// A folder holding `files` (name, contents).
fn folder(files: &[(&str, &str)]) -> TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, text) in files {
        fs::write(dir.path().join(name), text).expect("a fixture file");
    }
    dir
}

/// `value` written compact with its keys sorted (serde_json's map is ordered by key): a card
/// as a careless editor or script leaves it (with no final newline, as the seed has none).
fn scrambled(value: &Value) -> String {
    serde_json::to_string(value).expect("JSON")
}

/// The seed card, scrambled, and as it is.
fn seed() -> (String, String) {
    let text = fs::read_to_string(root().join("data/roce-v2.json")).expect("the seed card");
    let value: Value = serde_json::from_str(&text).expect("the seed card is JSON");
    (scrambled(&value), text)
}

#[test]
fn fmt_check_names_what_would_change_and_fmt_writes_the_seeds_form() {
    let (untidy, canonical) = seed();
    let dir = folder(&[("roce-v2.json", &untidy), ("tidy.json", &card("tidy", &[]))]);
    let tidy_before = fs::read(dir.path().join("tidy.json")).unwrap();

    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["fmt", "--check", "."], None));
    assert_eq!(code, 1, "stderr: {stderr}");
    assert_eq!(
        stdout.trim(),
        "would reformat ./roce-v2.json",
        "stderr: {stderr}"
    );
    assert!(
        stderr.contains("1 file would be reformatted"),
        "stderr: {stderr}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("roce-v2.json")).unwrap(),
        untidy,
        "--check changes nothing"
    );

    let (code, _, stderr) = outcome(&run_in(dir.path(), &["fmt", "."], None));
    assert_eq!(code, 0, "stderr: {stderr}");
    assert_eq!(
        fs::read_to_string(dir.path().join("roce-v2.json")).unwrap(),
        canonical,
        "the scrambled seed card is written back exactly as the seed"
    );
    assert_eq!(fs::read(dir.path().join("tidy.json")).unwrap(), tidy_before);
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["fmt", "--check", "."], None));
    assert_eq!((code, stdout.as_str()), (0, ""), "stderr: {stderr}");
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".json"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn the_sample_glossary_is_already_formatted() {
    let (code, stdout, stderr) = outcome(&run_in(root(), &["fmt", "--check", "data"], None));
    assert_eq!((code, stdout.as_str()), (0, ""), "stderr: {stderr}");
}

#[test]
fn a_file_that_is_not_json_is_named_with_its_place_and_left_as_it_is() {
    let broken = "{\n  \"slug\": \"broken\",\n  \"term\" \"Broken\"\n}\n";
    let (untidy, canonical) = seed();
    let dir = folder(&[("broken.json", broken), ("roce-v2.json", &untidy)]);
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["fmt", "."], None));
    assert_eq!(code, 2, "stderr: {stderr}");
    assert!(
        stderr.contains("./broken.json:3:10: expected `:`"),
        "stderr: {stderr}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("broken.json")).unwrap(),
        broken
    );
    // The other files are formatted all the same.
    assert_eq!(
        fs::read_to_string(dir.path().join("roce-v2.json")).unwrap(),
        canonical
    );
}

#[test]
fn fmt_reads_json_lines_arrays_and_standard_input() {
    let (untidy, canonical) = seed();
    let value: Value = serde_json::from_str(&canonical).unwrap();
    let dir = folder(&[
        ("cards.jsonl", &format!("{untidy}\n{untidy}\n")),
        ("cards.json", &format!("[{untidy}]\n")),
    ]);
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["fmt", "cards.jsonl", "cards.json"],
        None,
    ));
    assert_eq!(code, 0, "stderr: {stderr}");
    let lines = fs::read_to_string(dir.path().join("cards.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 2);
    for line in lines.lines() {
        assert!(line.starts_with("{\"status\":"), "seed order: {line}");
        assert_eq!(serde_json::from_str::<Value>(line).unwrap(), value);
    }
    let array = fs::read_to_string(dir.path().join("cards.json")).unwrap();
    let indented: String = canonical
        .trim_end()
        .lines()
        .map(|l| format!("  {l}\n"))
        .collect();
    assert_eq!(array, format!("[\n{indented}]\n"));

    let (code, stdout, stderr) =
        outcome(&run_in(dir.path(), &["fmt", "-"], Some(untidy.as_bytes())));
    assert_eq!((code, stdout.as_str()), (0, canonical.as_str()), "{stderr}");
}

#[test]
fn fmt_changes_no_value_of_a_generated_glossary() {
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("cards");
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &[
            "generate", "--terms", "300", "--untidy", "0.3", "--out", "cards",
        ],
        None,
    ));
    assert_eq!(code, 0, "stderr: {stderr}");
    // Scrambled: keys sorted, compact.
    let mut before = Vec::new();
    for entry in fs::read_dir(&cards).unwrap() {
        let path = entry.unwrap().path();
        let value: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        fs::write(&path, scrambled(&value)).unwrap();
        before.push((path, value));
    }
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["fmt", "cards"], None));
    assert_eq!(code, 0, "stderr: {stderr}");
    for (path, value) in &before {
        let text = fs::read_to_string(path).unwrap();
        assert_eq!(&serde_json::from_str::<Value>(&text).unwrap(), value);
        assert!(text.starts_with("{\n  \"status\": "), "{}", path.display());
    }
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["check", "cards"], None));
    assert_eq!(code, 0, "stderr: {stderr}");
}

/// A glossary folder: `a` related to `b`, and `c` with an unknown status and a dangling link.
fn small_glossary() -> TempDir {
    let c = card("c", &["nowhere"]).replacen("{\n", "{\n  \"status\": \"shipped\",\n", 1);
    folder(&[
        ("a.json", &card("a", &["b"])),
        ("b.json", &card("b", &["a"])),
        ("c.json", &c),
    ])
}

#[test]
fn check_of_card_files_reports_them_in_their_glossarys_context() {
    let (code, stdout, stderr) = outcome(&run_in(root(), &["check", "data/roce-v2.json"], None));
    assert_eq!(code, 0, "stderr: {stderr}");
    assert!(stdout.contains("in 1 card from 1 file"), "stdout: {stdout}");

    let dir = small_glossary();
    // a links to b, which the rest of the glossary holds: no dangling link, and c's findings
    // are not a's.
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["check", "a.json"], None));
    assert_eq!(code, 0, "stdout: {stdout}; stderr: {stderr}");
    let (code, stdout, _) = outcome(&run_in(
        dir.path(),
        &["check", "a.json", "c.json", "--format", "json"],
        None,
    ));
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let files: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert!(!files.is_empty());
    assert!(files.iter().all(|f| *f == "./c.json"), "{files:?}");

    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", "a.json", "other.jsonl"],
        None,
    ));
    assert_eq!(code, 2);
    assert!(
        stderr.contains("must all be card files"),
        "stderr: {stderr}"
    );
}

#[test]
fn check_jsonschema_accepts_the_sample_against_the_schema_and_rejects_broken_cards() {
    let check_jsonschema = require("check-jsonschema");
    let dir = tempfile::tempdir().unwrap();
    let (code, schema, stderr) = outcome(&run_in(root(), &["schema"], None));
    assert_eq!(code, 0, "stderr: {stderr}");
    let schema_file = dir.path().join("card.schema.json");
    fs::write(&schema_file, &schema).unwrap();
    let validate = |files: &[&Path]| {
        Command::new(&check_jsonschema)
            .arg("--schemafile")
            .arg(&schema_file)
            .args(files)
            .output()
            .expect("check-jsonschema runs")
    };
    let samples: Vec<_> = fs::read_dir(root().join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert!(samples.len() > 10);
    let refs: Vec<&Path> = samples.iter().map(|p| p.as_path()).collect();
    let out = validate(&refs);
    assert!(
        out.status.success(),
        "the sample passes: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );

    let seed: Value =
        serde_json::from_str(&fs::read_to_string(root().join("data/roce-v2.json")).unwrap())
            .unwrap();
    // One card per structural finding of `check` (its rule id names the file).
    let broken: [Breakage; 11] = [
        ("missing-field", |v| {
            v.as_object_mut().unwrap().remove("term");
        }),
        ("missing-field-citation", |v| {
            v["citations"][0].as_object_mut().unwrap().remove("url");
        }),
        ("unknown-status", |v| v["status"] = "shipped".into()),
        ("unknown-field", |v| v["stauts"] = "shipping".into()),
        ("wrong-type", |v| v["related"] = "rdma".into()),
        ("wrong-type-null", |v| v["aliases"] = Value::Null),
        ("bad-slug", |v| v["slug"] = "RoCE v2".into()),
        ("bad-date", |v| v["firstSeen"] = "2014-13".into()),
        ("citation-url", |v| {
            v["citations"][0]["url"] = "ftp://a.example/x".into()
        }),
        ("empty-label", |v| v["term"] = " ".into()),
        ("duplicate-entry", |v| {
            v["related"] = serde_json::json!(["rdma", "rdma"])
        }),
    ];
    for (name, breaks) in broken {
        let mut card = seed.clone();
        breaks(&mut card);
        let file = dir.path().join(format!("{name}.json"));
        fs::write(&file, serde_json::to_string_pretty(&card).unwrap()).unwrap();
        let out = validate(&[&file]);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{name} is rejected: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// A way to break a card: its name, and what it does to the card.
type Breakage = (&'static str, fn(&mut Value));

/// `check --format FORMAT` of the small glossary with a file name that needs escaping.
fn report_of_small_glossary(format: &str) -> (TempDir, String) {
    let dir = small_glossary();
    fs::rename(dir.path().join("c.json"), dir.path().join("c, 100%.json")).unwrap();
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--format", format],
        None,
    ));
    assert_eq!(code, 1, "stderr: {stderr}");
    (dir, stdout)
}

#[test]
fn the_sarif_validator_accepts_the_sarif_report() {
    let multitool = root().join("target/test-tools/sarif/node_modules/.bin/sarif-multitool");
    assert!(
        multitool.is_file(),
        "run scripts/install-test-tools.sh: {} is missing",
        multitool.display()
    );
    let (dir, sarif) = report_of_small_glossary("sarif");
    let doc: Value = serde_json::from_str(&sarif).unwrap();
    let results = doc["runs"][0]["results"].as_array().unwrap();
    assert!(results.len() >= 2, "{sarif}");
    let location = &results[0]["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "c,%20100%25.json");
    assert_eq!(location["artifactLocation"]["uriBaseId"], "SRCROOT");
    assert!(location["region"]["startLine"].as_u64().unwrap() >= 1);

    let log = dir.path().join("report.sarif");
    fs::write(&log, &sarif).unwrap();
    let validation = dir.path().join("validation.sarif");
    let out = Command::new(&multitool)
        .arg("validate")
        .arg(&log)
        .arg("--output")
        .arg(&validation)
        .env("DOTNET_CLI_TELEMETRY_OPTOUT", "1")
        .output()
        .expect("sarif-multitool runs");
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{said}");
    let validation: Value = serde_json::from_str(&fs::read_to_string(&validation).unwrap())
        .expect("the validator writes its own SARIF");
    let problems: Vec<&Value> = validation["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["level"] == "error" || r["level"] == "warning")
        .collect();
    assert!(problems.is_empty(), "the validator says: {said}");
}

#[test]
fn github_annotations_name_file_line_and_rule_with_escapes() {
    let (_dir, text) = report_of_small_glossary("github");
    let lines: Vec<&str> = text.lines().collect();
    // The card's findings, then the glossary's own (no file).
    let (in_file, glossary_wide): (Vec<&str>, Vec<&str>) = lines
        .iter()
        .filter(|l| l.starts_with("::"))
        .partition(|l| l.contains(" file="));
    assert!(in_file.len() >= 2, "{text}");
    for a in &in_file {
        assert!(
            a.starts_with("::error file=c%2C 100%25.json,line=")
                || a.starts_with("::warning file=c%2C 100%25.json,line="),
            "{a}"
        );
        assert!(a.contains(",title="), "{a}");
    }
    assert_eq!(
        glossary_wide,
        ["::warning title=disconnected::the glossary falls apart into 2 clusters of sizes 2, 1 (the clusters apart from the largest include `c`)"]
    );
    assert!(
        lines.last().unwrap().starts_with("glossgraph check: "),
        "{text}"
    );
}

/// A glossary with what `--fix` mends: `b` lists `a` as related and as replaced, `a` lists
/// neither back; `a` links to `bb` (a typo of `b`) and spells two keys wrong.
fn fixable_glossary() -> TempDir {
    folder(&[
        (
            "a.json",
            "{\n  \"slug\": \"a\",\n  \"term\": \"A\",\n  \"Definition\": \"The a.\",\n  \"alias\": [\"AA\"],\n  \"related\": [\"bb\"]\n}",
        ),
        (
            "b.json",
            "{\n  \"supersedes\": [\n    \"a\"\n  ],\n  \"slug\": \"b\",\n  \"term\": \"B\",\n  \"definition\": \"The b.\",\n  \"related\": [\n    \"a\"\n  ]\n}\n",
        ),
    ])
}

/// The findings of `check --format json` in `dir`, as `rule pointer` lines.
fn findings(dir: &Path) -> Vec<String> {
    let (_, stdout, _) = outcome(&run_in(dir, &["check", ".", "--format", "json"], None));
    let report: Value = serde_json::from_str(&stdout).expect("a JSON report");
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            format!(
                "{} {}",
                f["rule"].as_str().unwrap(),
                f["pointer"].as_str().unwrap_or("-")
            )
        })
        .collect()
}

#[test]
fn misspelled_keys_are_one_finding_with_their_did_you_mean() {
    let dir = fixable_glossary();
    let (code, stdout, _) = outcome(&run_in(dir.path(), &["check", "."], None));
    assert_eq!(code, 1);
    assert!(
        stdout.contains("missing required field `definition`; the card has `Definition`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("= help: did you mean `definition`?"),
        "{stdout}"
    );
    assert!(stdout.contains("unknown field `alias`"), "{stdout}");
    assert!(
        stdout.contains("= help: did you mean `aliases`?"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "fixable: 2 with `glossgraph check --fix`, 3 more with `--fix --unsafe-fixes`"
        ),
        "{stdout}"
    );
    // One finding for the pair: no `missing-field` at /definition, no `empty-label`.
    let found = findings(dir.path());
    assert_eq!(
        found,
        [
            "missing-field /Definition",
            "unknown-field /alias",
            "dangling-link /related/0",
            "one-way-supersedes /supersedes/0",
            "one-way-related /related/0",
        ]
    );
}

#[test]
fn check_fix_adds_missing_mirrors_and_unsafe_fixes_take_the_single_guess() {
    let dir = fixable_glossary();
    let b_before = fs::read(dir.path().join("b.json")).unwrap();

    // --dry-run: a unified diff that `patch` applies, nothing written.
    let a_before = fs::read_to_string(dir.path().join("a.json")).unwrap();
    let (code, diff, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--dry-run"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    assert!(
        diff.starts_with("--- a/a.json\n+++ b/a.json\n@@ "),
        "{diff}"
    );
    assert!(stderr.contains("would apply 2 fixes in 1 file"), "{stderr}");
    assert!(stderr.contains("3 more with --unsafe-fixes"), "{stderr}");
    assert_eq!(
        fs::read_to_string(dir.path().join("a.json")).unwrap(),
        a_before
    );
    let patched = tempfile::tempdir().unwrap();
    fs::write(patched.path().join("a.json"), &a_before).unwrap();
    let mut patch = Command::new(require("patch"))
        .args(["-p1", "--quiet"])
        .current_dir(patched.path())
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("patch runs");
    std::io::Write::write_all(&mut patch.stdin.take().unwrap(), diff.as_bytes()).unwrap();
    assert!(patch.wait().unwrap().success());

    // --fix: the safe fixes only, said file by file; the rest is reported.
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["check", ".", "--fix"], None));
    assert_eq!(code, 1, "errors are left: {stdout}");
    assert!(
        stderr.contains("fixed a.json: `a`: added `b` to `supersededBy`, added `b` to `related`"),
        "{stderr}"
    );
    let a = fs::read_to_string(dir.path().join("a.json")).unwrap();
    assert_eq!(
        a,
        fs::read_to_string(patched.path().join("a.json")).unwrap(),
        "the diff said what --fix wrote"
    );
    let a: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(
        a["related"],
        serde_json::json!(["bb", "b"]),
        "added at the end"
    );
    assert_eq!(a["supersededBy"], serde_json::json!(["b"]));
    assert_eq!(
        fs::read(dir.path().join("b.json")).unwrap(),
        b_before,
        "b is not written"
    );
    assert_eq!(
        findings(dir.path()),
        [
            "dangling-link /related/0",
            "missing-field /Definition",
            "unknown-field /alias"
        ]
    );
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["fmt", "--check", "."], None));
    assert_eq!(
        (code, stdout.as_str()),
        (0, ""),
        "fixed files are formatted: {stderr}"
    );

    // --unsafe-fixes: the single guesses.
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--unsafe-fixes"],
        None,
    ));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stderr.contains("renamed `Definition` to `definition`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("replaced `bb` by `b` in `related`"),
        "{stderr}"
    );
    let a: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("a.json")).unwrap()).unwrap();
    assert_eq!(a["definition"], "The a.");
    assert_eq!(a["aliases"], serde_json::json!(["AA"]));
    assert_eq!(
        a["related"],
        serde_json::json!(["b"]),
        "the typo became the link it meant, once"
    );
    assert!(findings(dir.path()).is_empty());

    // Nothing left to do: nothing written, exit 0.
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--dry-run"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
}

/// Waits up to 20 s for `done`; false if it never came.
fn eventually(mut done: impl FnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::time::Instant::now() < deadline {
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    false
}

#[test]
fn serve_watch_reloads_edits_and_keeps_the_last_good_glossary_through_a_broken_one() {
    use crate::sparql::{curl, Served};
    let dir = tempfile::tempdir().unwrap();
    for entry in fs::read_dir(root().join("data")).unwrap() {
        let path = entry.unwrap().path();
        fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let input = dir.path().to_str().unwrap();
    let server = Served::start(&[input, "--watch"]);
    assert!(
        eventually(|| server.log().contains("watching")),
        "{}",
        server.log()
    );
    let page = || curl(&[&server.url("/term/roce-v2/")]).2;
    assert!(page().contains("RoCEv2 carries InfiniBand transport packets"));

    // An edit: the page, the RDF and queries show it.
    let seed_file = dir.path().join("roce-v2.json");
    let seed = fs::read_to_string(&seed_file).unwrap();
    let edited = seed.replace(
        "RoCEv2 carries InfiniBand transport packets",
        "RoCEv2, edited, carries InfiniBand transport packets",
    );
    fs::write(&seed_file, &edited).unwrap();
    assert!(
        eventually(|| page().contains("RoCEv2, edited, carries")),
        "{}",
        server.log()
    );
    let (_, _, turtle) = curl(&["-H", "Accept: text/turtle", &server.url("/term/roce-v2")]);
    assert!(turtle.contains("RoCEv2, edited, carries"), "{turtle}");
    assert!(
        server.log().contains("glossgraph: reloaded 34 cards"),
        "{}",
        server.log()
    );

    // A new card is a new page and a new answer.
    fs::write(dir.path().join("watched.json"), card("watched", &[])).unwrap();
    assert!(
        eventually(|| curl(&[&server.url("/term/watched/")]).0 == 200),
        "{}",
        server.log()
    );
    let (_, _, answer) = curl(&[
        "-G",
        "--data-urlencode",
        "query=ASK { ?c ?p ?o FILTER(str(?o) = \"Term watched\") }",
        "-H",
        "Accept: application/sparql-results+json",
        &server.url("/query"),
    ]);
    assert!(answer.contains("true"), "{answer}");

    // A broken edit: reported with its file and place; the last good glossary is served.
    fs::write(
        &seed_file,
        "{\n  \"slug\": \"roce-v2\",\n  \"term\" \"x\"\n}\n",
    )
    .unwrap();
    assert!(
        eventually(|| server.log().contains("roce-v2.json:3:10")),
        "{}",
        server.log()
    );
    assert!(server
        .log()
        .contains("still serving the last glossary without errors"));
    assert!(page().contains("RoCEv2, edited, carries"));

    // Fixed: served again.
    fs::write(&seed_file, &seed).unwrap();
    assert!(
        eventually(|| page().contains("RoCEv2 carries InfiniBand transport packets")),
        "{}",
        server.log()
    );
}
