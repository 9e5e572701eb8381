//! Any SKOS vocabulary in and back out (issue 48): the card's optional SKOS fields, checked,
//! exported and imported.

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::util::{outcome, run_in};

/// Writes `files` (name, text) into a new folder.
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// `check --format json` of `dir`: the exit code and each finding as `severity rule pointer`.
fn findings(dir: &Path) -> (i32, Vec<String>) {
    let (code, stdout, stderr) = outcome(&run_in(dir, &["check", ".", "--format", "json"], None));
    let doc: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let found = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let pointer = f["pointer"].as_str().unwrap_or("-");
            format!(
                "{} {} {pointer}",
                f["severity"].as_str().unwrap(),
                f["rule"].as_str().unwrap()
            )
        })
        .collect();
    (code, found)
}

#[test]
fn a_card_without_a_definition_is_a_warning_unless_the_settings_make_it_an_error() {
    let dir = folder(&[
        ("a.json", r#"{"slug": "a", "term": "A", "related": ["b"]}"#),
        (
            "b.json",
            r#"{"slug": "b", "term": "B", "definition": "", "related": ["a"]}"#,
        ),
    ]);
    let (code, found) = findings(dir.path());
    assert_eq!(code, 0, "{found:?}");
    assert_eq!(
        found,
        [
            "warning missing-definition /definition",
            "warning missing-definition /definition"
        ]
    );
    fs::write(
        dir.path().join("glossgraph.toml"),
        "[rules]\nmissing-definition = \"error\"\n",
    )
    .unwrap();
    let (code, found) = findings(dir.path());
    assert_eq!(code, 1, "{found:?}");
    assert_eq!(
        found,
        [
            "error missing-definition /definition",
            "error missing-definition /definition"
        ]
    );
}

#[test]
fn check_knows_the_hierarchy() {
    let dir = folder(&[
        // a → b → c → a: a cycle; d broader than itself; e related to its grandparent.
        (
            "a.json",
            r#"{"slug": "a", "term": "A", "definition": "d", "broader": ["b"], "narrower": ["c"]}"#,
        ),
        (
            "b.json",
            r#"{"slug": "b", "term": "B", "definition": "d", "broader": ["c"], "narrower": ["a"]}"#,
        ),
        (
            "c.json",
            r#"{"slug": "c", "term": "C", "definition": "d", "broader": ["a"], "narrower": ["b"]}"#,
        ),
        (
            "d.json",
            r#"{"slug": "d", "term": "D", "definition": "d", "broader": ["d", "gone"], "narrower": ["d"]}"#,
        ),
        (
            "e.json",
            r#"{"slug": "e", "term": "E", "definition": "d", "broader": ["f"], "related": ["g"],
            "languages": {"de": {"term": "Ee", "aliases": ["Ee"]}}}"#,
        ),
        (
            "f.json",
            r#"{"slug": "f", "term": "F", "definition": "d", "broader": ["g", "http://x.example/top"], "narrower": ["e"]}"#,
        ),
        (
            "g.json",
            r#"{"slug": "g", "term": "G", "definition": "d", "related": ["e"]}"#,
        ),
    ]);
    let (code, found) = findings(dir.path());
    assert_eq!(code, 1, "{found:?}");
    assert_eq!(
        found,
        [
            "error broader-cycle /broader",
            "error broader-cycle /broader",
            "error dangling-link /broader/1",
            "warning related-broader /related/0",
            "warning language-alias-equals-term /languages/de/aliases/0",
            "warning one-way-broader /broader/0",
            "warning disconnected -",
        ]
    );
    let (_, stdout, _) = outcome(&run_in(dir.path(), &["check", "."], None));
    assert!(
        stdout.contains("broader cycle: a → b → c → a (each narrower than the next)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("broader cycle: d → d (a concept cannot be broader than itself)"),
        "{stdout}"
    );
}
