//! The maintainer's loop read by its tools: check-jsonschema reads the sample's cards (and
//! refuses broken ones) against the card's JSON Schema, Microsoft's SARIF validator accepts
//! the SARIF report, and `patch` applies the diff of `check --fix --dry-run`.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use super::require;
use crate::maintainer::{eventually, fixable_glossary, folder, report_of_small_glossary, seed};
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
    let broken: [Breakage; 12] = [
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
        ("bad-citation-id", |v| {
            v["citations"][0]["id"] = "a/b".into()
        }),
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
    let (dir, sarif) = report_of_small_glossary("sarif");
    validate_sarif(dir.path(), &sarif);
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

/// Issue 46, item 7: what `check` takes for a citation id, the schema's pattern takes too
/// (and the marker counts); what one refuses, the other refuses.
#[test]
fn check_and_the_schema_agree_on_citation_ids() {
    let check_jsonschema = require("check-jsonschema");
    let dir = tempfile::tempdir().unwrap();
    let (code, schema, stderr) = outcome(&run_in(root(), &["schema"], None));
    assert_eq!(code, 0, "stderr: {stderr}");
    let schema_file = dir.path().join("card.schema.json");
    fs::write(&schema_file, &schema).unwrap();
    let ids = [
        ("x-1", true),
        ("a.b:c_d", true),
        ("日本", true),
        ("\u{661}\u{662}", true),
        ("Ⅻ", true),
        ("é", true),
        ("a/b", false),
        ("a b", false),
        ("a,b", false),
        ("#1", false),
        ("", false),
        ("e\u{301}", false),
    ];
    let mut files = Vec::new();
    for (i, (id, _)) in ids.iter().enumerate() {
        let folder = dir.path().join(format!("g{i}"));
        fs::create_dir(&folder).unwrap();
        let card = serde_json::json!({
            "slug": "c", "term": "C", "definition": "D.", "note": format!("See [{id}]."),
            "citations": [{"id": id, "title": "T", "url": "https://a.example/"}],
        });
        let file = folder.join("c.json");
        fs::write(&file, serde_json::to_string_pretty(&card).unwrap()).unwrap();
        files.push(file);
    }
    let out = Command::new(&check_jsonschema)
        .arg("--schemafile")
        .arg(&schema_file)
        .args(["--output-format", "json"])
        .args(&files)
        .output()
        .expect("check-jsonschema runs");
    let verdict: Value = serde_json::from_slice(&out.stdout).expect("a JSON verdict");
    let refused: Vec<String> = verdict["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["filename"].as_str().unwrap().to_owned())
        .collect();
    for ((id, valid), file) in ids.iter().zip(&files) {
        let by_schema = !refused.iter().any(|f| Path::new(f) == file);
        let (_, stdout, _) = outcome(&run_in(
            file.parent().unwrap(),
            &["check", ".", "--format", "json"],
            None,
        ));
        let report: Value = serde_json::from_str(&stdout).unwrap();
        let citation_findings: Vec<&str> = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["rule"].as_str().unwrap())
            .filter(|rule| rule.contains("citation"))
            .collect();
        assert_eq!(by_schema, *valid, "the schema on {id:?}: {verdict}");
        assert_eq!(
            citation_findings.is_empty(),
            *valid,
            "check on {id:?}: {citation_findings:?}"
        );
    }
}

/// Issue 46, item 16: the SARIF had no `columnKind`, and after three emoji `startColumn` was
/// 59 (characters) where SARIF's default unit, UTF-16 code units, gives 62. The run says
/// `utf16CodeUnits` and counts so: in a card file, on a card's later line, after other cards
/// of a one-line array, and at a syntax error.
#[test]
fn sarif_columns_are_utf16_code_units_as_the_run_declares() {
    let emoji = "\u{1F600}\u{1F680}\u{1F4A9}";
    let dir = folder(&[
        (
            "a.json",
            &format!(r#"{{"slug": "a", "term": "{emoji}", "definition":"D", "related":["zz"]}}"#),
        ),
        (
            "b.json",
            &format!("{{\n  \"slug\": \"b\", \"term\": \"B\", \"definition\": \"D.\",\n  \"aliases\": [\"{emoji}\"], \"related\": [\"zy\"]\n}}\n"),
        ),
        (
            "c.json",
            &format!(r#"{{"slug": "c", "term": "{emoji}" "definition": "D."}}"#),
        ),
    ]);
    let array = format!(
        r#"[{{"slug": "d", "term": "{emoji}", "definition": "D."}}, {{"slug": "e", "term": "E", "definition": "D.", "related": ["zx"]}}]"#
    );
    let more = folder(&[("cards.json", &array)]);
    // Where a finding is, counted in UTF-16 code units and in characters.
    let at = |file: &str, needle: &str| {
        let path = match file {
            "cards.json" => more.path().join(file),
            _ => dir.path().join(file),
        };
        let text = fs::read_to_string(path).unwrap();
        let offset = text.find(needle).unwrap();
        let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let before = &text[line_start..offset];
        let line = text[..offset].matches('\n').count() + 1;
        (
            line,
            before.encode_utf16().count() + 1,
            before.chars().count() + 1,
        )
    };
    let mut expected = vec![
        ("a.json", at("a.json", "\"zz\"")),
        ("b.json", at("b.json", "\"zy\"")),
        ("c.json", at("c.json", "\"definition\"")),
    ];
    let (code, sarif, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--format", "sarif"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    let doc: Value = serde_json::from_str(&sarif).unwrap();
    assert_eq!(doc["runs"][0]["columnKind"], "utf16CodeUnits");
    let place = |doc: &Value, file: &str, rule: &str| -> (usize, usize) {
        let results = doc["runs"][0]["results"].as_array().unwrap();
        let r = results
            .iter()
            .find(|r| {
                r["ruleId"] == rule
                    && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == file
            })
            .unwrap_or_else(|| panic!("no {rule} in {file}: {doc}"));
        let region = &r["locations"][0]["physicalLocation"]["region"];
        (
            region["startLine"].as_u64().unwrap() as usize,
            region["startColumn"].as_u64().unwrap() as usize,
        )
    };
    let (line, utf16, chars) = expected[0].1;
    assert_eq!((utf16, chars), (62, 59), "the issue's numbers");
    assert_eq!(place(&doc, "a.json", "dangling-link"), (line, utf16));
    let (line, utf16, _) = expected[1].1;
    assert_eq!(place(&doc, "b.json", "dangling-link"), (line, utf16));
    let (line, utf16, _) = expected[2].1;
    assert_eq!(place(&doc, "c.json", "json-syntax"), (line, utf16));
    let (code, more_sarif, stderr) = outcome(&run_in(
        more.path(),
        &["check", "cards.json", "--format", "sarif"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    let more_doc: Value = serde_json::from_str(&more_sarif).unwrap();
    expected.push(("cards.json", at("cards.json", "\"zx\"")));
    let (line, utf16, chars) = expected[3].1;
    assert!(utf16 > chars);
    assert_eq!(
        place(&more_doc, "cards.json", "dangling-link"),
        (line, utf16)
    );
    validate_sarif(more.path(), &more_sarif);
    // The JSON report keeps counting characters, as the README says.
    let (_, json, _) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--format", "json"],
        None,
    ));
    let report: Value = serde_json::from_str(&json).unwrap();
    let a = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["file"] == "./a.json" && f["rule"] == "dangling-link")
        .unwrap();
    assert_eq!(a["column"], 59);
    validate_sarif(dir.path(), &sarif);
}

/// Runs Microsoft's SARIF validator on `sarif`, written into `dir`: no error, no warning.
fn validate_sarif(dir: &Path, sarif: &str) {
    let multitool = root().join("target/test-tools/sarif/node_modules/.bin/sarif-multitool");
    assert!(
        multitool.is_file(),
        "run scripts/install-test-tools.sh: {} is missing",
        multitool.display()
    );
    let log = dir.join("report.sarif");
    fs::write(&log, sarif).unwrap();
    let validation = dir.join("validation.sarif");
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

/// The `files` and `exclude` patterns of each hook of `.pre-commit-hooks.yaml`, read as the
/// file lays them out (one `key: value` a line).
fn hook_patterns() -> Vec<(String, String, String)> {
    let text = fs::read_to_string(root().join(".pre-commit-hooks.yaml")).unwrap();
    let mut hooks: Vec<(String, String, String)> = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        let line = line.trim_start_matches("- ").trim();
        let Some((key, value)) = line.split_once(": ") else {
            continue;
        };
        match key {
            "id" => hooks.push((value.to_owned(), String::new(), String::new())),
            "files" => hooks.last_mut().unwrap().1 = value.to_owned(),
            "exclude" => hooks.last_mut().unwrap().2 = value.to_owned(),
            _ => {}
        }
    }
    hooks
}

/// Issue 46, item 10: the hooks matched every `*.json`; `check` exited 2 on `card.schema.json`
/// and `.vscode/settings.json`, and `fmt` rewrote the settings as if they were a card. The
/// hooks are handed the cards' folder only, and `check` and `fmt` leave a file of no glossary
/// alone, saying so.
#[test]
fn hooks_and_commands_leave_the_repositorys_other_json_alone() {
    // pre-commit selects files with Python's `re.search` on `files`, less `exclude`.
    let python = require("python3");
    let paths = [
        "data/roce-v2.json",
        "data/topic/x.json",
        "data/cards.jsonl",
        "card.schema.json",
        ".vscode/settings.json",
        "exports/manifest.json",
        "data/.drafts/x.json",
        "notdata/x.json",
    ];
    let hooks = hook_patterns();
    assert_eq!(hooks.len(), 2, "{hooks:?}");
    for (id, files, exclude) in &hooks {
        let script = "import re, sys\nfiles, exclude = sys.argv[1], sys.argv[2]\nfor p in sys.argv[3:]:\n    print(p, bool(re.search(files, p)) and not (exclude and re.search(exclude, p)))";
        let out = Command::new(&python)
            .args(["-c", script, files, exclude])
            .args(paths)
            .output()
            .unwrap();
        let said = String::from_utf8(out.stdout).unwrap();
        let picked: Vec<&str> = said
            .lines()
            .filter_map(|l| l.strip_suffix(" True"))
            .collect();
        let expected: &[&str] = if id == "glossgraph-fmt" {
            &["data/roce-v2.json", "data/topic/x.json", "data/cards.jsonl"]
        } else {
            &["data/roce-v2.json", "data/topic/x.json"]
        };
        assert_eq!(picked, expected, "{id}: {said}");
    }

    // A repository as the README sets it up: the cards with their settings, the schema and
    // VS Code's settings beside them.
    let repo = tempfile::tempdir().unwrap();
    let dir = repo.path();
    fs::create_dir_all(dir.join("data")).unwrap();
    fs::create_dir_all(dir.join(".vscode")).unwrap();
    fs::write(dir.join("data/glossgraph.toml"), "title = \"T\"\n").unwrap();
    let (untidy, canonical) = seed();
    fs::write(dir.join("data/roce-v2.json"), &untidy).unwrap();
    let (_, schema, _) = outcome(&run_in(root(), &["schema"], None));
    fs::write(dir.join("card.schema.json"), &schema).unwrap();
    let settings =
        r#"{"json.schemas": [{"fileMatch": ["data/*.json"], "url": "./card.schema.json"}]}"#;
    fs::write(dir.join(".vscode/settings.json"), settings).unwrap();
    let named = [
        "data/roce-v2.json",
        "card.schema.json",
        ".vscode/settings.json",
    ];

    let mut args = vec!["fmt"];
    args.extend(named);
    let (code, _, stderr) = outcome(&run_in(dir, &args, None));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        fs::read_to_string(dir.join("data/roce-v2.json")).unwrap(),
        canonical
    );
    assert_eq!(
        fs::read_to_string(dir.join(".vscode/settings.json")).unwrap(),
        settings
    );
    assert_eq!(
        fs::read_to_string(dir.join("card.schema.json")).unwrap(),
        schema
    );
    for foreign in &named[1..] {
        assert!(
            stderr.contains(&format!(
                "note: `{foreign}` is left alone: no glossgraph.toml"
            )),
            "{stderr}"
        );
    }

    // The seed links to terms this glossary lacks: its findings are the card's own.
    let mut args = vec!["check", "--format", "json"];
    args.extend(named);
    let (code, stdout, stderr) = outcome(&run_in(dir, &args, None));
    assert_eq!(code, 1, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert!(report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .all(|f| f["file"] == "data/roce-v2.json"));
    assert!(
        stderr.contains("`card.schema.json` is left alone"),
        "{stderr}"
    );
    for format in ["human", "json"] {
        let (code, stdout, stderr) = outcome(&run_in(
            dir,
            &["check", ".vscode/settings.json", "--format", format],
            None,
        ));
        assert_eq!(code, 0, "{stdout} {stderr}");
        assert!(
            stderr.contains("`.vscode/settings.json` is left alone"),
            "{stderr}"
        );
        if format == "json" {
            let report: Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(report["findings"], serde_json::json!([]));
        } else {
            assert!(stdout.starts_with("ok: 0 errors, 0 warnings"), "{stdout}");
        }
    }
    // Without settings, a file holding a card is still a card (and is fixed by `fmt`).
    fs::remove_file(dir.join("data/glossgraph.toml")).unwrap();
    fs::write(dir.join("data/roce-v2.json"), &untidy).unwrap();
    let (code, _, stderr) = outcome(&run_in(dir, &["fmt", "data/roce-v2.json"], None));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        fs::read_to_string(dir.join("data/roce-v2.json")).unwrap(),
        canonical
    );
}

/// Issue 46, item 12: `serve --watch` on a glossary with errors starts (it refused: "fix them
/// first"), every page shows the check report and comes again until the glossary is fixed;
/// an edit that breaks it later puts the report over the last glossary without errors.
#[test]
fn serve_watch_starts_on_a_broken_glossary_and_shows_its_errors_in_the_pages() {
    use crate::util::server::Served;
    let dir = tempfile::tempdir().unwrap();
    for entry in fs::read_dir(root().join("data")).unwrap() {
        let path = entry.unwrap().path();
        fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let seed_file = dir.path().join("roce-v2.json");
    let seed = fs::read_to_string(&seed_file).unwrap();
    let broken = "{\n  \"slug\": \"roce-v2\",\n  \"term\" \"x\"\n}\n";
    fs::write(&seed_file, broken).unwrap();
    let input = dir.path().to_str().unwrap();
    let server = Served::start(&[input, "--watch"]);
    assert!(
        eventually(|| server.log().contains("watching")),
        "{}",
        server.log()
    );
    assert!(
        server
            .log()
            .contains("every page shows them until they are fixed"),
        "{}",
        server.log()
    );
    for path in ["/", "/term/roce-v2/", "/map.html", "/nowhere"] {
        let (status, headers, body) = super::curl_raw(&[&server.url(path)]);
        assert_eq!(status, 503, "{path}: {body}");
        assert!(headers.contains("\r\nrefresh: 2\r\n"), "{path}: {headers}");
        assert!(headers.contains("content-type: text/html"), "{headers}");
        assert!(
            body.contains("<h1 id=\"glossary-errors\">The glossary has errors</h1>"),
            "{body}"
        );
        assert!(body.contains("roce-v2.json:3:10"), "{body}");
    }
    let (status, _, body) = super::curl_raw(&[&server.url("/query?query=ASK%7B%7D")]);
    assert_eq!(status, 503);
    assert!(body.contains("roce-v2.json:3:10"), "{body}");

    // Fixed: the glossary is served, the report gone.
    fs::write(&seed_file, &seed).unwrap();
    let page = || super::curl_raw(&[&server.url("/term/roce-v2/")]);
    assert!(eventually(|| page().0 == 200), "{}", server.log());
    let (_, headers, body) = page();
    assert!(body.contains("<h1>RoCEv2</h1>"), "{body}");
    assert!(!body.contains("glossary-errors"), "{body}");
    assert!(!headers.contains("refresh:"), "{headers}");

    // Broken again: the last glossary without errors, under the report, on every page.
    fs::write(&seed_file, broken).unwrap();
    assert!(
        eventually(|| page().2.contains("glossary-errors")),
        "{}",
        server.log()
    );
    let (status, headers, body) = page();
    assert_eq!(status, 200);
    assert!(headers.contains("\r\nrefresh: 2\r\n"), "{headers}");
    assert!(body.contains("<h1>RoCEv2</h1>"), "{body}");
    assert!(body.contains("roce-v2.json:3:10"), "{body}");
    assert!(body.contains("the last glossary without errors"), "{body}");
    assert!(
        server
            .log()
            .contains("still serving the last glossary without errors"),
        "{}",
        server.log()
    );
    // The map fills its window: no report over it; queries answer from the last glossary.
    let (status, headers, map) = super::curl_raw(&[&server.url("/map.html")]);
    assert_eq!(status, 200);
    assert!(!map.contains("glossary-errors") && !headers.contains("refresh:"));
    let (status, _, _) = super::curl_raw(&[&server.url("/query?query=ASK%7B%7D")]);
    assert_eq!(status, 200);

    fs::write(&seed_file, &seed).unwrap();
    assert!(
        eventually(|| !page().2.contains("glossary-errors")),
        "{}",
        server.log()
    );
}
