//! The maintainer's loop read by its tools: check-jsonschema reads the sample's cards (and
//! refuses broken ones) against the card's JSON Schema, Microsoft's SARIF validator accepts
//! the SARIF report, and `patch` applies the diff of `check --fix --dry-run`.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use super::require;
use crate::maintainer::{fixable_glossary, report_of_small_glossary};
use crate::util::{outcome, root, run_in};

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
            v.as_object_mut().unwrap().remove("definition");
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

#[test]
fn the_sarif_validator_accepts_the_sarif_report() {
    let multitool = root().join("target/test-tools/sarif/node_modules/.bin/sarif-multitool");
    assert!(
        multitool.is_file(),
        "run scripts/install-test-tools.sh: {} is missing",
        multitool.display()
    );
    let (dir, sarif) = report_of_small_glossary("sarif");
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

/// `patch` applies the diff of `check --fix --dry-run`, and gets what `--fix` writes.
#[test]
fn patch_applies_the_dry_run_diff_as_fix_writes_it() {
    let dir = fixable_glossary();
    let a_before = fs::read_to_string(dir.path().join("a.json")).unwrap();
    let (code, diff, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--dry-run"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
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
    let (code, stdout, _) = outcome(&run_in(dir.path(), &["check", ".", "--fix"], None));
    assert_eq!(code, 1, "errors are left: {stdout}");
    assert_eq!(
        fs::read_to_string(dir.path().join("a.json")).unwrap(),
        fs::read_to_string(patched.path().join("a.json")).unwrap(),
        "the diff said what --fix wrote"
    );
}
