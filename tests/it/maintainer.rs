//! The maintainer's loop: `fmt`, `check` of single card files, the SARIF report's locations,
//! GitHub's workflow commands, `check --fix` and `serve --watch`. (check-jsonschema, the SARIF
//! validator and `patch` read what it writes in `consumers/maintainer.rs`.)

use std::fs;
use std::path::Path;

use serde_json::Value;
use tempfile::TempDir;

use crate::util::{card, outcome, root, run_in};

/// A folder holding `files` (name, contents).
pub(crate) fn folder(files: &[(&str, &str)]) -> TempDir {
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
pub(crate) fn seed() -> (String, String) {
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

/// `check --format FORMAT` of the small glossary with a file name that needs escaping.
pub(crate) fn report_of_small_glossary(format: &str) -> (TempDir, String) {
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
fn the_sarif_report_locates_each_finding_by_its_files_uri() {
    let (_dir, sarif) = report_of_small_glossary("sarif");
    let doc: Value = serde_json::from_str(&sarif).unwrap();
    let results = doc["runs"][0]["results"].as_array().unwrap();
    assert!(results.len() >= 2, "{sarif}");
    let location = &results[0]["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "c,%20100%25.json");
    assert_eq!(location["artifactLocation"]["uriBaseId"], "SRCROOT");
    assert!(location["region"]["startLine"].as_u64().unwrap() >= 1);
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
pub(crate) fn fixable_glossary() -> TempDir {
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
            "fixable: 2 with `glossgraph check . --fix`, 3 more with `--fix --unsafe-fixes`"
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

    // --fix: the safe fixes only, said file by file; the rest is reported.
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["check", ".", "--fix"], None));
    assert_eq!(code, 1, "errors are left: {stdout}");
    assert!(
        stderr.contains("fixed a.json: `a`: added `b` to `supersededBy`, added `b` to `related`"),
        "{stderr}"
    );
    let a: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("a.json")).unwrap()).unwrap();
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
pub(crate) fn eventually(mut done: impl FnMut() -> bool) -> bool {
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
    use crate::util::http::Request;
    use crate::util::server::Served;
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
    let page = || Request::get(&server.url("/term/roce-v2/")).send().body;
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
    let turtle = Request::get(&server.url("/term/roce-v2"))
        .header("Accept", "text/turtle")
        .send()
        .body;
    assert!(turtle.contains("RoCEv2, edited, carries"), "{turtle}");
    // The line may come a moment after the new glossary is served.
    assert!(
        eventually(|| server.log().contains("glossgraph: reloaded 34 cards")),
        "{}",
        server.log()
    );

    // A new card is a new page and a new answer.
    fs::write(dir.path().join("watched.json"), card("watched", &[])).unwrap();
    assert!(
        eventually(|| Request::get(&server.url("/term/watched/")).send().status == 200),
        "{}",
        server.log()
    );
    let answer = Request::get(&server.url("/query"))
        .query(
            "query",
            "ASK { ?c ?p ?o FILTER(str(?o) = \"Term watched\") }",
        )
        .header("Accept", "application/sparql-results+json")
        .send()
        .body;
    assert!(answer.contains("true"), "{answer}");
    // The reconciliation service's labels are indexed again too.
    let reconciled = Request::get(&server.url("/reconcile"))
        .query("queries", r#"{"q": {"query": "term WATCHED"}}"#)
        .send()
        .body;
    assert!(reconciled.contains(r#""id":"watched""#), "{reconciled}");

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

/// Two glossaries served at once: an edit of one reloads that one alone (its named graph
/// replaced in the store), the other stays as it was; a broken edit keeps its last good
/// version.
#[test]
fn serve_watch_reloads_only_the_glossary_that_changed() {
    use crate::util::http::Request;
    use crate::util::server::Served;
    let dir = tempfile::tempdir().unwrap();
    for (folder, base) in [
        ("one", "https://one.example/"),
        ("two", "https://two.example/"),
    ] {
        let path = dir.path().join(folder);
        fs::create_dir(&path).unwrap();
        fs::write(path.join("a.json"), card("a", &[])).unwrap();
        fs::write(path.join("glossgraph.toml"), format!("base = \"{base}\"\n")).unwrap();
    }
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    let other = format!("second={}", two.display());
    let server = Served::start(&[one.to_str().unwrap(), &other, "--watch"]);
    assert!(
        eventually(|| server.log().matches("watching").count() == 2),
        "{}",
        server.log()
    );
    let count = |graph: &str| {
        Request::get(&server.url("/query"))
            .query(
                "query",
                &format!("SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}"),
            )
            .header("Accept", "text/csv")
            .send()
            .body
    };
    let (before_one, before_two) = (count("https://one.example/"), count("https://two.example/"));
    fs::write(one.join("b.json"), card("b", &[])).unwrap();
    assert!(
        eventually(|| server.log().contains("reloaded `one`: 2 cards")),
        "{}",
        server.log()
    );
    assert!(
        !server.log().contains("reloaded `second`"),
        "{}",
        server.log()
    );
    assert_ne!(count("https://one.example/"), before_one);
    assert_eq!(count("https://two.example/"), before_two);
    assert_eq!(Request::get(&server.url("/one/term/b/")).send().status, 200);
    let search = Request::get(&server.url("/rest/v1/one/search"))
        .query("query", "term b")
        .send()
        .body;
    assert!(search.contains("https://one.example/term/b"), "{search}");
    // A broken edit of the second: reported, its last good version served.
    fs::write(two.join("a.json"), "{\n  \"slug\" \"a\"\n}\n").unwrap();
    assert!(
        eventually(|| server.log().contains("a.json:2:10")),
        "{}",
        server.log()
    );
    assert!(server
        .log()
        .contains("still serving the last version of `second`"));
    assert_eq!(
        Request::get(&server.url("/second/term/a/")).send().status,
        200
    );
    // The first reloaded meanwhile: the pages still say the second has errors.
    fs::write(one.join("c.json"), card("c", &[])).unwrap();
    let page = || Request::get(&server.url("/one/term/c/")).send();
    assert!(eventually(|| page().status == 200), "{}", server.log());
    assert!(page().body.contains("glossary-errors"), "{}", page().body);
}

/// Issue 46, item 8: suggested commands dropped the input (`run \`glossgraph fmt\``,
/// `fixable: 1 with \`glossgraph check --fix\``, `\`glossgraph check\` lists them`): run as
/// printed, they acted on `data/` or failed. They name the input, quoted for a shell, and the
/// settings that change what is read; run as printed, they do what they say.
#[test]
fn suggested_commands_name_the_input_and_act_on_it_as_printed() {
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("my cards");
    fs::create_dir(&cards).unwrap();
    fs::write(
        cards.join("a.json"),
        r#"{"term": "A", "slug": "a", "definition": "The a.", "related": ["b"]}"#,
    )
    .unwrap();
    fs::write(cards.join("b.json"), card("b", &[])).unwrap();
    fs::write(dir.path().join("other.toml"), "title = \"Other\"\n").unwrap();

    let (code, _, stderr) = outcome(&run_in(dir.path(), &["fmt", "--check", "my cards"], None));
    assert_eq!(code, 1, "{stderr}");
    let fmt = suggested(&stderr, "would be reformatted");
    assert_eq!(fmt, "glossgraph fmt 'my cards'");
    assert_eq!(run_as_printed(dir.path(), &fmt).0, 0);
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["fmt", "--check", "my cards"], None));
    assert_eq!(code, 0, "the printed command formatted the input: {stderr}");

    let (code, stdout, _) = outcome(&run_in(
        dir.path(),
        &["check", "my cards", "--config", "other.toml"],
        None,
    ));
    assert_eq!(code, 0, "{stdout}");
    let fix = suggested(&stdout, "fixable: 1 with");
    assert_eq!(fix, "glossgraph check 'my cards' --config other.toml --fix");
    let (code, _, stderr) = run_as_printed(dir.path(), &fix);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("fixed my cards/b.json: `b`: added `a` to `related`"),
        "{stderr}"
    );
    let b: Value =
        serde_json::from_str(&fs::read_to_string(cards.join("b.json")).unwrap()).unwrap();
    assert_eq!(b["related"], serde_json::json!(["a"]));

    // Commands that write something count the warnings and name the check that lists them.
    fs::write(cards.join("c.json"), card("c", &[])).unwrap();
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["site", "my cards", "--out", "site"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let check = suggested(&stderr, "warning");
    assert_eq!(check, "glossgraph check 'my cards'");
    let (_, listed, _) = run_as_printed(dir.path(), &check);
    assert!(listed.contains("warning[orphan]: "), "{listed}");
    // With an error, the report counts the warnings it does not list; `serve` refuses.
    fs::write(cards.join("d.json"), card("d", &["nowhere"])).unwrap();
    for command in [
        &["site", "my cards", "--out", "site"][..],
        &["serve", "my cards"],
    ] {
        let (code, _, stderr) = outcome(&run_in(dir.path(), command, None));
        assert_eq!(code, 1, "{stderr}");
        assert_eq!(
            suggested(&stderr, "not listed here"),
            "glossgraph check 'my cards'",
            "{stderr}"
        );
    }
    let (_, _, stderr) = outcome(&run_in(
        dir.path(),
        &["serve", "my cards", "--strict"],
        None,
    ));
    assert_eq!(
        suggested(&stderr, "fix them first"),
        "glossgraph check 'my cards' --strict",
        "{stderr}"
    );
}

/// Issue 46, item 9: `check` printed `related: ["x\u001b[2Jy"]` as it is, and ESC `[2J`
/// cleared the reviewer's screen. Every human-readable output shows such characters escaped:
/// the check report (message, hint, pointer, snippet), `--fix`'s lines, `fmt`'s, and errors.
#[test]
fn control_characters_of_cards_reach_no_terminal_as_themselves() {
    let dir = folder(&[
        (
            "a.json",
            "{\n  \"slug\": \"a\",\n  \"term\": \"A\",\n  \"definition\": \"The a \\u202e.\",\n  \"relat\\u001bed\": [\"b\"]\n}\n",
        ),
        ("b.json", &card("b", &["a", "x\\u001b[2Jy"])),
        ("c\u{1b}[2J.json", "{\"slug\": \"c\", \"term\": \"C\", \"definition\": \"C.\"}"),
    ]);
    let raw = |text: &str| text.chars().any(|c| c == '\u{1b}' || c == '\u{202e}');
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--color", "never"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    assert!(!raw(&stdout), "{stdout:?}");
    assert!(
        stdout.contains("error[dangling-link]: `related` target `x\\u{001b}[2Jy` is not a term"),
        "{stdout}"
    );
    assert!(stdout.contains("(at /relat\\u{001b}ed)"), "{stdout}");
    assert!(stdout.contains("--> ./c\\u{001b}[2J.json"), "{stdout}");
    // With colour, the report's own escapes are there, and only those.
    let (_, coloured, _) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--color", "always"],
        None,
    ));
    assert!(!coloured.contains("\u{1b}[2J"), "{coloured:?}");
    assert!(coloured.contains("\u{1b}[1;31m"), "{coloured:?}");

    let (_, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--unsafe-fixes"],
        None,
    ));
    assert!(!raw(&stderr), "{stderr:?}");
    assert!(stderr.contains("`relat\\u{001b}ed`"), "{stderr}");

    let (_, stdout, stderr) = outcome(&run_in(dir.path(), &["fmt", "--check", "."], None));
    assert!(!raw(&stdout) && !raw(&stderr), "{stdout:?} {stderr:?}");
    assert!(
        stdout.contains("would reformat ./c\\u{001b}[2J.json"),
        "{stdout}"
    );

    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", "b.json", "x\u{1b}[2J.jsonl"],
        None,
    ));
    assert_eq!(code, 2);
    assert!(!raw(&stderr), "{stderr:?}");
    assert!(stderr.contains("`x\\u{001b}[2J.jsonl`"), "{stderr}");
}

/// Issue 46, item 2: `x` holds its links under `relatd`; `nvme-tcp` and `iser` list `x`, and
/// `x` lists only `iser`.
fn misspelled_list_glossary() -> TempDir {
    folder(&[
        (
            "x.json",
            "{\n  \"slug\": \"x\",\n  \"term\": \"X\",\n  \"definition\": \"The x.\",\n  \"relatd\": [\"iser\"]\n}\n",
        ),
        ("nvme-tcp.json", &card("nvme-tcp", &["x", "iser"])),
        ("iser.json", &card("iser", &["x", "nvme-tcp"])),
    ])
}

/// Issue 60: with `unknown-field` off, the rename of `relatd` is no finding and no fix, so
/// the mirror it held back must not be added beside it, even with `--unsafe-fixes`.
#[test]
fn with_unknown_fields_off_a_list_held_back_stays_held_back_60() {
    let dir = misspelled_list_glossary();
    fs::write(
        dir.path().join("glossgraph.toml"),
        "[rules]\nunknown-field = \"off\"\n",
    )
    .unwrap();
    let x_before = fs::read(dir.path().join("x.json")).unwrap();
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--unsafe-fixes"],
        None,
    ));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(
        fs::read(dir.path().join("x.json")).unwrap(),
        x_before,
        "no `related` made beside `relatd`: {stderr}"
    );
    assert!(!stdout.contains("unknown field"), "{stdout}");
    // Nor is the mirror offered as a fix the rename would make safe.
    assert!(!stdout.contains("fixable"), "{stdout}");
    assert!(
        stdout.contains("(its `relatd` is most likely `related`: rename it first)"),
        "{stdout}"
    );
}

#[test]
fn a_safe_fix_leaves_a_list_it_cannot_see_alone_and_the_rename_takes_every_link_46() {
    let dir = misspelled_list_glossary();
    let x_before = fs::read(dir.path().join("x.json")).unwrap();
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["check", ".", "--fix"], None));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(
        fs::read(dir.path().join("x.json")).unwrap(),
        x_before,
        "no `related` made beside `relatd`: {stderr}"
    );
    assert!(
        stdout.contains("= help: did you mean `related`?"),
        "the did-you-mean stays: {stdout}"
    );
    assert!(
        stdout.contains("(its `relatd` is most likely `related`: rename it first)"),
        "{stdout}"
    );

    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--unsafe-fixes"],
        None,
    ));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stderr.contains("`x`: renamed `relatd` to `related`, added `nvme-tcp` to `related`"),
        "{stderr}"
    );
    let x: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("x.json")).unwrap()).unwrap();
    assert_eq!(
        x,
        serde_json::json!({
            "slug": "x", "term": "X", "definition": "The x.", "related": ["iser", "nvme-tcp"]
        }),
        "one `related` with every link"
    );
    assert!(findings(dir.path()).is_empty());
}

#[test]
fn a_misspelled_list_beside_the_list_it_meant_is_merged_into_it_46() {
    // As an earlier `--fix` left it: `related` made beside `relatd`.
    let dir = misspelled_list_glossary();
    fs::write(
        dir.path().join("x.json"),
        "{\n  \"slug\": \"x\",\n  \"term\": \"X\",\n  \"definition\": \"The x.\",\n  \"related\": [\"nvme-tcp\"],\n  \"relatd\": [\"iser\", \"nvme-tcp\"]\n}\n",
    )
    .unwrap();
    let (_, stdout, _) = outcome(&run_in(dir.path(), &["check", "."], None));
    assert!(
        stdout.contains("unknown field `relatd`") && stdout.contains("did you mean `related`?"),
        "{stdout}"
    );
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--unsafe-fixes"],
        None,
    ));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stderr.contains("`x`: merged `relatd` into `related`"),
        "{stderr}"
    );
    let x: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("x.json")).unwrap()).unwrap();
    assert_eq!(x["related"], serde_json::json!(["nvme-tcp", "iser"]));
    assert!(x.get("relatd").is_none(), "{x}");
}

/// Issue 46, item 5: `fmt` wrote `18446744073709551616` as `1.8446744073709552e+19`, `1e2`
/// as `100.0`, `-0` as `-0.0`; `--fix` rewrites a card through the same formatter.
#[test]
fn fmt_and_fix_keep_the_text_of_numbers_46() {
    let numbers = "\"x-big\": 18446744073709551616, \"x-exp\": [1e2, 1E-7, 2.50], \"x-zero\": -0";
    let untidy = format!(
        "{{{numbers}, \"definition\": \"The a.\", \"term\": \"A\", \"slug\": \"a\", \"related\": [\"b\"]}}\n"
    );
    let dir = folder(&[
        ("a.json", &untidy),
        ("b.json", &card("b", &[])),
        ("cards.jsonl", &format!("{}\n", untidy.trim_end())),
    ]);
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["fmt", "a.json", "cards.jsonl"], None));
    assert_eq!(code, 0, "{stderr}");
    let a = fs::read_to_string(dir.path().join("a.json")).unwrap();
    for kept in [
        "\"x-big\": 18446744073709551616,",
        "    1e2,\n    1E-7,\n    2.50\n",
        "\"x-zero\": -0\n",
    ] {
        assert!(a.contains(kept), "`{kept}` in {a}");
    }
    let lines = fs::read_to_string(dir.path().join("cards.jsonl")).unwrap();
    assert!(
        lines
            .ends_with("\"x-big\":18446744073709551616,\"x-exp\":[1e2,1E-7,2.50],\"x-zero\":-0}\n"),
        "{lines}"
    );
    let (_, stdout, _) = outcome(&run_in(dir.path(), &["fmt", "-"], Some(untidy.as_bytes())));
    assert!(stdout.contains("18446744073709551616"), "{stdout}");

    // --fix adds `a` to `b`'s `related`, and keeps `b`'s numbers.
    fs::remove_file(dir.path().join("cards.jsonl")).unwrap();
    fs::write(
        dir.path().join("b.json"),
        card("b", &[]).replace("\"related\": []", &format!("\"related\": [], {numbers}")),
    )
    .unwrap();
    let (_, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", "a.json", "b.json", "--fix"],
        None,
    ));
    assert!(stderr.contains("added `a` to `related`"), "{stderr}");
    let b = fs::read_to_string(dir.path().join("b.json")).unwrap();
    assert!(
        b.contains("18446744073709551616") && b.contains("1e2") && b.contains("-0\n"),
        "{b}"
    );
}

/// Issue 46, item 14: a byte-order mark was warned about, but `fmt` kept it and `--fix` had
/// no fix for it.
#[test]
fn fix_and_fmt_remove_a_byte_order_mark_46() {
    let bom = |text: &str| format!("\u{feff}{text}");
    let dir = folder(&[
        ("a.json", &bom(&card("a", &["b"]))),
        ("b.json", &card("b", &["a"])),
    ]);
    let (code, stdout, _) = outcome(&run_in(dir.path(), &["check", "."], None));
    assert_eq!(code, 0);
    assert!(stdout.contains("warning[byte-order-mark]"), "{stdout}");
    assert!(
        stdout.contains("fixable: 1 with `glossgraph check . --fix`"),
        "{stdout}"
    );
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["check", ".", "--fix"], None));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stderr.contains("fixed a.json: removed the byte-order mark"),
        "{stderr}"
    );
    let a = fs::read_to_string(dir.path().join("a.json")).unwrap();
    assert!(a.starts_with("{\n  \"slug\": \"a\""), "{a:?}");
    assert!(findings(dir.path()).is_empty());

    // fmt drops it, from a file already formatted and from standard input.
    let tidy = "{\n  \"slug\": \"b\",\n  \"term\": \"B\",\n  \"definition\": \"The b.\",\n  \"related\": [\n    \"a\"\n  ]\n}\n";
    fs::write(dir.path().join("b.json"), bom(tidy)).unwrap();
    let (code, stdout, _) = outcome(&run_in(dir.path(), &["fmt", "--check", "b.json"], None));
    assert_eq!((code, stdout.trim()), (1, "would reformat b.json"));
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["fmt", "b.json"], None));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(fs::read_to_string(dir.path().join("b.json")).unwrap(), tidy);
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["fmt", "-"],
        Some(bom(tidy).as_bytes()),
    ));
    assert_eq!((code, stdout.as_str()), (0, tidy), "{stderr}");

    // A JSON Lines file with a line that is not JSON: fixed all the same, that line as it was.
    let lines = "\u{feff}{\"slug\":\"c\",\"term\":\"C\",\"definition\":\"c\",\"related\":[\"e\"]}\n{\"slug\":\"d\" oops}\n{\"slug\":\"e\",\"term\":\"E\",\"definition\":\"e\"}\n";
    fs::write(dir.path().join("cards.jsonl"), lines).unwrap();
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", "cards.jsonl", "--fix"],
        None,
    ));
    assert_eq!(code, 1, "the line is still broken: {stderr}");
    assert!(
        stderr.contains(
            "fixed cards.jsonl: removed the byte-order mark\nglossgraph: fixed cards.jsonl: `e`: added `c` to `related`\n"
        ),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("cards.jsonl")).unwrap(),
        lines
            .trim_start_matches('\u{feff}')
            .replace("\"e\"}", "\"e\",\"related\":[\"c\"]}")
    );
}

/// Issue 46, item 13: `--fix` said every change, one line a file (14 KB for a JSON Lines
/// file of 213 fixes): now one line a card, as many as `--max-per-rule` shows.
#[test]
fn fix_says_at_most_max_per_rule_changes_then_counts_the_rest_46() {
    // `h` lists 15 terms that do not list it back: 15 cards to change in one file.
    let slugs: Vec<String> = (1..=15).map(|i| format!("t{i:02}")).collect();
    let refs: Vec<&str> = slugs.iter().map(String::as_str).collect();
    let mut lines = vec![card("h", &refs).replace('\n', "")];
    lines.extend(slugs.iter().map(|s| card(s, &[]).replace('\n', "")));
    let text = lines.join("\n") + "\n";
    let dir = folder(&[("cards.jsonl", &text)]);

    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", "cards.jsonl", "--fix"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let said: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("glossgraph: fixed "))
        .collect();
    assert_eq!(said.len(), 10, "{stderr}");
    assert_eq!(
        said[0],
        "glossgraph: fixed cards.jsonl: `t01`: added `h` to `related`"
    );
    assert!(
        stderr.contains("glossgraph: … and 5 more changes (--max-per-rule 0 lists them all)\n"),
        "{stderr}"
    );
    assert!(stderr.contains("applied 15 fixes in 1 file"), "{stderr}");
    assert!(stderr.lines().all(|l| l.len() < 120), "{stderr}");

    fs::write(dir.path().join("cards.jsonl"), &text).unwrap();
    let (_, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", "cards.jsonl", "--fix", "--max-per-rule", "0"],
        None,
    ));
    let said = stderr
        .lines()
        .filter(|l| l.starts_with("glossgraph: fixed "))
        .count();
    assert_eq!(said, 15, "{stderr}");
    assert!(!stderr.contains("more change"), "{stderr}");
}

/// Issue 46, item 15: `--fix --dry-run --format json` printed a diff, and `--fix --dry-run`
/// of a glossary with an error no fix removes printed nothing and exited 0.
#[test]
fn fix_dry_run_reports_what_the_fixes_leave_as_text_or_json_46() {
    // Only an error no fix removes.
    let dir = folder(&[("a.json", &card("a", &["nowhere"]))]);
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--dry-run"],
        None,
    ));
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    assert!(
        stderr.contains("error[dangling-link]: `related` target `nowhere` is not a term"),
        "{stderr}"
    );
    assert!(
        stderr.contains("would apply 0 fixes in 0 files"),
        "{stderr}"
    );
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--dry-run", "--format", "json"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    let doc: Value = serde_json::from_str(&stdout).expect("JSON on stdout");
    assert_eq!(doc["fixes"]["files"], serde_json::json!([]));
    assert_eq!(doc["summary"]["errors"], 1);
    assert_eq!(doc["summary"]["rules"]["dangling-link"], 1);

    // Fixes and findings left: the diff inside the JSON, the findings the fixes remove gone.
    let dir = fixable_glossary();
    let a_before = fs::read(dir.path().join("a.json")).unwrap();
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--dry-run", "--format", "json"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    let doc: Value = serde_json::from_str(&stdout).expect("JSON on stdout");
    let fixes = &doc["fixes"];
    assert_eq!(
        (&fixes["written"], &fixes["applied"], &fixes["unsafe"]),
        (&Value::Bool(false), &Value::from(2), &Value::from(3))
    );
    assert_eq!(fixes["files"][0]["file"], "a.json");
    assert_eq!(
        fixes["files"][0]["changes"],
        serde_json::json!(["`a`: added `b` to `supersededBy`, added `b` to `related`"])
    );
    assert!(
        fixes["files"][0]["diff"]
            .as_str()
            .unwrap()
            .starts_with("--- a/a.json\n+++ b/a.json\n@@ "),
        "{fixes}"
    );
    let left: Vec<&str> = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(left, ["missing-field", "unknown-field", "dangling-link"]);
    assert_eq!(fs::read(dir.path().join("a.json")).unwrap(), a_before);

    // --fix --format json: what was written, then the check after it.
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--format", "json"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    let doc: Value = serde_json::from_str(&stdout).expect("JSON on stdout");
    assert_eq!(doc["fixes"]["written"], true);
    assert_eq!(doc["summary"]["errors"], 2);

    // SARIF and GitHub have no place for a diff.
    let (code, stdout, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--dry-run", "--format", "sarif"],
        None,
    ));
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(
        stderr.contains("--format sarif reports findings only"),
        "{stderr}"
    );
}

/// Issue 46, item 18: `schema --strict` printed the same schema as `schema`, which is strict
/// already (an unknown key is rejected): the flag is gone, as `--language`, which changed
/// nothing either.
#[test]
fn schema_offers_no_flag_that_changes_nothing_46() {
    let (code, schema, stderr) = outcome(&run_in(root(), &["schema"], None));
    assert_eq!(code, 0, "{stderr}");
    let schema: Value = serde_json::from_str(&schema).unwrap();
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(
        schema["properties"]["citations"]["items"]["additionalProperties"],
        false
    );
    for flag in ["--strict", "--language"] {
        let args: &[&str] = match flag {
            "--strict" => &["schema", "--strict"],
            _ => &["schema", "--language", "de"],
        };
        let (code, stdout, stderr) = outcome(&run_in(root(), args, None));
        assert_eq!((code, stdout.as_str()), (2, ""), "{flag}");
        assert!(
            stderr.contains(&format!("unexpected argument '{flag}'")),
            "{stderr}"
        );
    }
    let (_, help, _) = outcome(&run_in(root(), &["schema", "--help"], None));
    assert!(
        !help.contains("--strict ") && !help.contains("--language"),
        "{help}"
    );
    assert!(
        help.contains("It is strict: an unknown key is rejected"),
        "{help}"
    );
}

/// The command between the last pair of backticks of `text`'s line that holds `marker`.
fn suggested(text: &str, marker: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.contains(marker))
        .unwrap_or_else(|| panic!("no line with {marker:?} in {text}"));
    let end = line.rfind('`').expect("a closing backtick");
    let start = line[..end].rfind('`').expect("an opening backtick");
    line[start + 1..end].to_owned()
}

/// Runs `command` as a POSIX shell reads it, in `dir`, with the binary under test first on
/// the PATH: a suggestion run as printed.
fn run_as_printed(dir: &Path, command: &str) -> (i32, String, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_glossgraph"))
        .parent()
        .unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    outcome(&out)
}
