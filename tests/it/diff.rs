//! `glossgraph diff` (issue 19): every kind of change on a prepared pair of glossaries, as
//! text, JSON and SPARQL Update; `--stat`; `--git` reads a real repository. (The update
//! applied to a real Oxigraph server: `consumers/diff.rs`.)

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::util::{glossgraph, ok, outcome, root, run_in, stderr, stdout};

/// A text that tries to take over a terminal: clear the screen, colour, reverse the line.
const HOSTILE: &str = "Evil \u{1b}[2J\u{1b}[31mred\u{202e}reversed\nsecond line \"quoted\" <script>alert(1)</script> &amp; ]]> --> \\ 🎉 漢字";

const OLD: &[&str] = &[
    r#"{"slug": "alpha", "term": "Alpha", "status": "emerging", "updated": "2025-01", "aliases": ["A1", "A2"], "definition": "Alpha carries packets over lossless Ethernet fabrics in one data centre, for block storage traffic.", "note": "First paragraph [spec].\n\nSecond paragraph [old].", "related": ["beta"], "advantages": ["fast"], "citations": [{"id": "spec", "title": "Spec 1", "url": "https://example.org/spec", "accessed": "2025-01-02"}, {"id": "old", "title": "Old source", "url": "https://example.org/old"}], "provenance": ["Read the spec."]}"#,
    r#"{"slug": "beta", "term": "Beta", "definition": "Beta.", "related": ["alpha"]}"#,
    r#"{"slug": "delta-old", "term": "Delta", "definition": "Delta, before its rename."}"#,
    r#"{"slug": "eps", "term": "Epsilon", "definition": "Epsilon keeps its term."}"#,
    r#"{"slug": "gamma", "term": "Gamma", "definition": "Gamma is going away."}"#,
    r#"{"slug": "hostile", "term": "Hostile", "definition": "Plain."}"#,
];

fn new_cards() -> Vec<String> {
    let hostile = serde_json::json!({
        "slug": "hostile",
        "term": "Hostile \u{1b}]0;title\u{7}",
        "definition": HOSTILE,
    });
    vec![
        r#"{"slug": "alpha", "term": "Alpha Prime", "status": "shipping", "updated": "2025-06-30", "firstSeen": "2024", "aliases": ["A2", "A3"], "definition": "Alpha carries frames over lossy Ethernet fabrics in one data centre, for block storage traffic.", "note": "First paragraph [spec].\n\nSecond, longer paragraph [new].", "related": ["beta", "zeta"], "advantages": ["fast"], "citations": [{"id": "spec", "title": "Spec 2", "url": "https://example.org/spec", "accessed": "2025-01-02"}, {"id": "new", "title": "New source", "url": "https://example.org/new"}], "provenance": ["Read the spec."]}"#.to_owned(),
        r#"{"slug": "beta", "term": "Beta", "definition": "Beta.", "related": ["alpha"]}"#.to_owned(),
        r#"{"slug": "delta-new", "term": "Delta 2", "definition": "Delta, before its rename.", "supersedes": ["delta-old"]}"#.to_owned(),
        r#"{"slug": "epsilon", "term": "Epsilon", "definition": "Epsilon keeps its term."}"#.to_owned(),
        hostile.to_string(),
        r#"{"slug": "zeta", "term": "Zeta", "definition": "Zeta is new.", "related": ["alpha"]}"#.to_owned(),
    ]
}

/// Writes the prepared pair as `old.jsonl` and `new.jsonl` in `dir`.
pub(crate) fn prepared(dir: &Path) {
    fs::write(dir.join("old.jsonl"), OLD.join("\n")).unwrap();
    fs::write(dir.join("new.jsonl"), new_cards().join("\n")).unwrap();
}

pub(crate) fn diff(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["diff"];
    all.extend_from_slice(args);
    outcome(&run_in(dir, &all, None))
}

#[test]
fn every_kind_of_change_as_text() {
    let tmp = tempfile::tempdir().unwrap();
    prepared(tmp.path());
    let (code, out, err) = diff(tmp.path(), &["old.jsonl", "new.jsonl", "--color", "never"]);
    assert_eq!(code, 1, "{err}");
    let expected_lines = [
        "changed alpha",
        "  status: \"emerging\" -> \"shipping\"",
        "  firstSeen: (none) -> \"2024\"",
        "  updated: \"2025-01\" -> \"2025-06-30\"",
        "  term: \"Alpha\" -> \"Alpha Prime\"",
        "  aliases: +\"A3\" -\"A1\"",
        "  definition: Alpha carries [-packets-]{+frames+} over [-lossless-]{+lossy+} Ethernet fabrics in one data …",
        "  related: +\"zeta\"",
        "  citations: +[new] \"New source\" <https://example.org/new>; -[old]; ~[spec] title \"Spec 1\" -> \"Spec 2\"",
        "renamed delta-old -> delta-new (delta-new supersedes it)",
        "  supersedes: +\"delta-old\"",
        "  term: \"Delta\" -> \"Delta 2\"",
        "renamed eps -> epsilon (same term)",
        "removed gamma \"Gamma\"",
        "changed hostile",
        "added   zeta \"Zeta\"",
        "old.jsonl (6 terms) -> new.jsonl (6 terms): 1 added, 1 removed, 2 renamed, 2 changed, 1 unchanged",
    ];
    for line in expected_lines {
        assert!(
            out.lines().any(|l| l == line),
            "no line {line:?} in:\n{out}"
        );
    }
    // Entries come in slug order.
    let order: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| {
            l.split(' ')
                .find(|w| !w.is_empty() && !["changed", "added", "removed", "renamed"].contains(w))
                .unwrap_or("")
        })
        .collect();
    assert_eq!(
        order,
        [
            "alpha",
            "delta-old",
            "eps",
            "gamma",
            "hostile",
            "zeta",
            "old.jsonl"
        ]
    );
    // The note's word diff, shortened around the change.
    assert!(
        out.contains(
            "  note: First paragraph [spec].\\n\\nSecond{+, longer+} paragraph [[-old-]{+new+}]."
        ),
        "{out}"
    );
    // Hostile texts cannot reach the terminal: no escape character, no bidi override, no
    // line break inside a value.
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{202e}') && !out.contains('\u{7}'),
        "{out:?}"
    );
    assert!(
        out.contains("  term: \"Hostile\" -> \"Hostile \\u{001b}]0;title\\u{0007}\""),
        "{out}"
    );
    assert!(
        out.contains("{+Evil \\u{001b}[2J\\u{001b}[31mred\\u{202e}reversed\\nsecond line"),
        "{out}"
    );
}

#[test]
fn colour_wraps_the_changes_and_still_escapes_the_texts() {
    let tmp = tempfile::tempdir().unwrap();
    prepared(tmp.path());
    let (code, out, _) = diff(tmp.path(), &["old.jsonl", "new.jsonl", "--color", "always"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("\u{1b}[31m[-packets-]\u{1b}[0m\u{1b}[32m{+frames+}\u{1b}[0m"),
        "{out:?}"
    );
    // The only escape sequences are glossgraph's own colours.
    let foreign: Vec<&str> = out
        .split('\u{1b}')
        .skip(1)
        .filter(|s| {
            !["[0m", "[1m", "[31m", "[32m"]
                .iter()
                .any(|sgr| s.starts_with(sgr))
        })
        .collect();
    assert!(foreign.is_empty(), "{foreign:?}");
    // NO_COLOR is `auto`'s business; a pipe gets none.
    let (_, plain, _) = diff(tmp.path(), &["old.jsonl", "new.jsonl"]);
    assert!(!plain.contains('\u{1b}'));
}

#[test]
fn every_kind_of_change_as_json() {
    let tmp = tempfile::tempdir().unwrap();
    prepared(tmp.path());
    let (code, out, err) = diff(tmp.path(), &["old.jsonl", "new.jsonl", "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["schema"], "glossgraph-diff/1");
    assert_eq!(doc["equal"], false);
    assert_eq!(
        doc["summary"],
        serde_json::json!({"added": 1, "removed": 1, "renamed": 2, "changed": 2, "unchanged": 1, "settings": 0})
    );
    assert_eq!(doc["settings"], serde_json::json!([]));
    assert_eq!(
        doc["old"],
        serde_json::json!({"input": "old.jsonl", "terms": 6})
    );
    assert_eq!(
        doc["added"],
        serde_json::json!([{"slug": "zeta", "term": "Zeta"}])
    );
    assert_eq!(
        doc["removed"],
        serde_json::json!([{"slug": "gamma", "term": "Gamma"}])
    );
    assert_eq!(doc["renamed"][0]["from"], "delta-old");
    assert_eq!(doc["renamed"][0]["to"], "delta-new");
    assert_eq!(doc["renamed"][0]["reason"], "supersedes");
    assert_eq!(doc["renamed"][1]["reason"], "same-term");
    let alpha = &doc["changed"][0];
    assert_eq!(alpha["slug"], "alpha");
    let change = |field: &str| -> &Value {
        alpha["changes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["field"] == field)
            .unwrap_or_else(|| panic!("no change of {field}"))
    };
    assert_eq!(
        change("status"),
        &serde_json::json!({"kind": "value", "field": "status", "old": "emerging", "new": "shipping"})
    );
    assert_eq!(change("firstSeen")["old"], Value::Null);
    assert_eq!(
        change("aliases"),
        &serde_json::json!({"kind": "set", "field": "aliases", "added": ["A3"], "removed": ["A1"]})
    );
    assert_eq!(change("related")["added"], serde_json::json!(["zeta"]));
    let citations = change("citations");
    assert_eq!(citations["added"][0]["id"], "new");
    assert_eq!(citations["removed"][0]["id"], "old");
    assert_eq!(citations["changed"][0]["old"]["title"], "Spec 1");
    assert_eq!(citations["changed"][0]["new"]["accessed"], "2025-01-02");
    // The spans of a text give both texts back, hostile characters and all.
    let hostile = &doc["changed"][1];
    assert_eq!(hostile["slug"], "hostile");
    let text = &hostile["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["field"] == "definition")
        .unwrap();
    assert_eq!(text["kind"], "text");
    assert_eq!(text["new"], HOSTILE);
    let rebuilt = |skip: &str| -> String {
        text["words"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["op"] != skip)
            .map(|s| s["text"].as_str().unwrap())
            .collect()
    };
    assert_eq!(rebuilt("ins"), "Plain.");
    assert_eq!(rebuilt("del"), HOSTILE);
    // Stable: the same inputs give the same bytes.
    let (_, again, _) = diff(tmp.path(), &["old.jsonl", "new.jsonl", "--format", "json"]);
    assert_eq!(again, out);
}

#[test]
fn the_same_glossary_is_no_change_and_unreadable_input_is_a_failure() {
    let (code, out, err) = diff(root(), &["data", "data", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["equal"], true);
    assert_eq!(doc["summary"]["unchanged"], 34);
    let (code, out, _) = diff(root(), &["data", "data", "--format", "sparql-update"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().filter(|l| !l.starts_with('#')).count(),
        0,
        "{out}"
    );
    let (code, _, err) = diff(root(), &["data", "no-such-folder"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no-such-folder"), "{err}");
    let (code, _, err) = diff(root(), &["data"]);
    assert_eq!(code, 2);
    assert!(err.contains("give OLD and NEW"), "{err}");
}

/// The SPARQL Update names only the graphs that changed (applied to a real store in
/// `consumers/diff.rs`).
#[test]
fn the_sparql_update_touches_only_the_graphs_that_changed() {
    let tmp = tempfile::tempdir().unwrap();
    prepared(tmp.path());
    let (code, update, err) = diff(
        tmp.path(),
        &["old.jsonl", "new.jsonl", "--format", "sparql-update"],
    );
    assert_eq!(code, 1, "{err}");
    assert!(update.contains("DELETE DATA { GRAPH <https://example.org/glossary/graph/gamma> {"));
    assert!(update.contains("INSERT DATA { GRAPH <https://example.org/glossary/graph/zeta> {"));
    // beta's graph is the same on both sides: the update leaves it alone.
    assert!(
        !update.contains("GRAPH <https://example.org/glossary/graph/beta>"),
        "{update}"
    );
}

#[test]
fn git_revision_against_the_working_tree() {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args([
                "-c",
                "user.name=Test",
                "-c",
                "user.email=test@example.org",
                "-c",
                "init.defaultBranch=main",
            ])
            .args(args)
            .current_dir(repo)
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    git(&["init", "-q"]);
    let cards = repo.join("cards");
    fs::create_dir(&cards).unwrap();
    for line in OLD {
        let card: Value = serde_json::from_str(line).unwrap();
        let slug = card["slug"].as_str().unwrap();
        fs::write(cards.join(format!("{slug}.json")), line).unwrap();
    }
    fs::write(
        cards.join("glossgraph.toml"),
        "base = \"https://example.org/v/\"\n",
    )
    .unwrap();
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "old"]);
    fs::remove_file(cards.join("gamma.json")).unwrap();
    fs::write(
        cards.join("zeta.json"),
        r#"{"slug": "zeta", "term": "Zeta", "definition": "Zeta is new."}"#,
    )
    .unwrap();
    let (code, out, err) = diff(repo, &["--git", "HEAD", "cards", "--color", "never"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("removed gamma \"Gamma\""), "{out}");
    assert!(out.contains("added   zeta \"Zeta\""), "{out}");
    assert!(
        out.contains("HEAD:cards (6 terms) -> cards (6 terms): 1 added, 1 removed"),
        "{out}"
    );
    // The revision's glossgraph.toml came along: the update names its base IRI.
    let (_, update, _) = diff(
        repo,
        &["--git", "HEAD", "cards", "--format", "sparql-update"],
    );
    assert!(
        update.contains("<https://example.org/v/graph/gamma>"),
        "{update}"
    );
    // From a subfolder, and the revision's own state only.
    let (code, _, err) = diff(&cards, &["--git", "HEAD", "."]);
    assert_eq!(code, 1, "{err}");
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "new"]);
    let (code, _, err) = diff(repo, &["--git", "HEAD", "cards"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = diff(repo, &["--git", "HEAD~1", "cards", "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("\"input\": \"HEAD~1:cards\""), "{out}");
    // A revision that does not exist, a path that did not exist.
    let (code, _, err) = diff(repo, &["--git", "no-such-rev", "cards"]);
    assert_eq!(code, 2);
    assert!(err.contains("`no-such-rev` is not a revision"), "{err}");
    let (code, _, err) = diff(repo, &["--git", "HEAD", "elsewhere"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`elsewhere` does not exist at revision HEAD"),
        "{err}"
    );
}

/// Issue 40, item 8: `diff --stat` is the summary alone, and a rename says what becomes of the old
/// IRI.
#[test]
fn diff_has_a_summary_mode_and_warns_of_renamed_iris() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one.jsonl"), dir.path().join("two.jsonl"));
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "300",
        "--out",
        one.to_str().unwrap(),
    ]));
    // Every definition changed, and the first card's aliases.
    let changed: Vec<String> = std::fs::read_to_string(&one)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let mut card: serde_json::Value = serde_json::from_str(l).unwrap();
            let definition = format!("{} Changed.", card["definition"].as_str().unwrap());
            card["definition"] = definition.into();
            if i == 0 {
                card["aliases"] = serde_json::json!(["A new alias"]);
            }
            card.to_string()
        })
        .collect();
    std::fs::write(&two, changed.join("\n") + "\n").unwrap();
    let full = glossgraph(&[
        "diff",
        one.to_str().unwrap(),
        two.to_str().unwrap(),
        "--color",
        "never",
    ]);
    let stat = glossgraph(&[
        "diff",
        one.to_str().unwrap(),
        two.to_str().unwrap(),
        "--stat",
    ]);
    assert_eq!(stat.status.code(), Some(1));
    let (full, stat) = (stdout(&full), stdout(&stat));
    assert!(full.lines().count() > 300, "{}", full.lines().count());
    assert!(stat.lines().count() <= 20, "{stat}");
    assert_eq!(stat.lines().last(), full.lines().last());
    let words = |n: usize| -> Vec<String> {
        stat.lines()
            .nth(n)
            .unwrap()
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(words(0), ["300", "definition"], "{stat}");
    assert_eq!(words(1), ["1", "aliases"], "{stat}");

    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    for (folder, slug) in [(&old, "rdma-cm"), (&new, "rdma-connection-manager")] {
        std::fs::create_dir(folder).unwrap();
        std::fs::write(
            folder.join(format!("{slug}.json")),
            format!(r#"{{"slug": "{slug}", "term": "RDMA connection manager", "definition": "Sets up connections."}}"#),
        )
        .unwrap();
    }
    let out = glossgraph(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "note: 1 renamed term: the old IRI stops resolving unless a tombstone card keeps it"
        ),
        "{}",
        stderr(&out)
    );
}

/// The settings are part of what the exports say (the scheme's title and statements, the
/// IRIs): two folders with the same cards and another `glossgraph.toml` differ, key by key.
#[test]
fn settings_that_differ_are_a_difference() {
    let tmp = tempfile::tempdir().unwrap();
    for (side, toml) in [
        (
            "old",
            "title = \"Tiere\"\nlanguage = \"de\"\n\n[metadata]\n\"dcterms:license\" = { iri = \"http://license.example/a\" }\n",
        ),
        (
            "new",
            "title = \"Animals\"\nlanguage = \"de\"\n\n[rules]\nempty-label = \"error\"\n",
        ),
    ] {
        let dir = tmp.path().join(side);
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("glossgraph.toml"), toml).unwrap();
        fs::write(
            dir.join("hund.json"),
            r#"{"slug": "hund", "term": "Hund", "definition": "Ein Tier."}"#,
        )
        .unwrap();
    }
    let (code, out, err) = diff(tmp.path(), &["old", "new"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        "changed settings\n  \
         metadata.\"dcterms:license\": [{ iri = \"http://license.example/a\" }] -> (none)\n  \
         rules.empty-label: (none) -> \"error\"\n  \
         title: \"Tiere\" -> \"Animals\"\n\
         old (1 term) -> new (1 term): 0 added, 0 removed, 0 renamed, 0 changed, 1 unchanged\n\
         3 settings changed\n"
    );
    let (code, out, err) = diff(tmp.path(), &["old", "new", "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["equal"], false);
    assert_eq!(doc["summary"]["settings"], 3);
    assert_eq!(
        doc["settings"][2],
        serde_json::json!({"key": "title", "old": "\"Tiere\"", "new": "\"Animals\""})
    );
    // The same settings: no difference.
    let (code, _, err) = diff(tmp.path(), &["old", "old"]);
    assert_eq!(code, 0, "{err}");
}
