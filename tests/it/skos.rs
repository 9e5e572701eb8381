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
