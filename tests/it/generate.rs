//! `glossgraph generate`: a 2,000-term corpus, as a folder and as JSON Lines, passes the real
//! `check` with zero errors, and has the shape the generator promises; the file its name says
//! is written, never over an existing one in silence, and the run says what it wrote.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use crate::util::{glossgraph, ok, outcome, run_in, scratch, stderr, stdout};

const TERMS: usize = 2000;

fn generate(out: &Path, seed: &str) {
    let terms = TERMS.to_string();
    let out = out.to_str().unwrap();
    let run = glossgraph(&["generate", "--terms", &terms, "--seed", seed, "--out", out]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "generate failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// Runs `check --format json` and returns the report, asserting exit 0 and zero errors.
fn check_clean(input: &Path) -> Value {
    let run = glossgraph(&["check", input.to_str().unwrap(), "--format", "json"]);
    let report: Value = serde_json::from_slice(&run.stdout).expect("a JSON report");
    assert_eq!(run.status.code(), Some(0), "{report:#}");
    let summary = &report["summary"];
    assert_eq!(summary["errors"], 0, "{report:#}");
    assert_eq!(summary["cards"], TERMS);
    // The only warnings are the one-way links the generator makes on purpose, about 5% of
    // some 4,000 related pairs.
    let findings = report["findings"].as_array().unwrap();
    for f in findings {
        assert_eq!(f["rule"], "one-way-related", "{f:#}");
    }
    let warnings = summary["warnings"].as_u64().unwrap();
    assert_eq!(warnings as usize, findings.len());
    assert!((50..=400).contains(&warnings), "{warnings} one-way links");
    report
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

#[test]
fn a_generated_corpus_checks_clean_in_both_layouts_and_has_the_promised_shape() {
    let dir = scratch("generate", "corpus");
    let jsonl = dir.join("corpus.jsonl");
    let folder = dir.join("cards");
    generate(&jsonl, "42");
    generate(&folder, "42");

    let lines_report = check_clean(&jsonl);
    let folder_report = check_clean(&folder);
    assert_eq!(folder_report["summary"]["files"], TERMS);
    assert_eq!(
        lines_report["summary"]["warnings"],
        folder_report["summary"]["warnings"]
    );

    // The same cards in both layouts; each file named after its slug, pretty-printed.
    let text = std::fs::read_to_string(&jsonl).unwrap();
    let cards: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(cards.len(), TERMS);
    for card in &cards {
        let slug = card["slug"].as_str().unwrap();
        let file = std::fs::read_to_string(folder.join(format!("{slug}.json"))).unwrap();
        assert!(file.starts_with("{\n  \"status\": "), "{file}");
        assert_eq!(&serde_json::from_str::<Value>(&file).unwrap(), card);
    }

    // Degrees: the mean is about 4, the distribution heavy-tailed, most links mutual.
    let index: BTreeMap<&str, usize> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| (c["slug"].as_str().unwrap(), i))
        .collect();
    let mut stated: BTreeSet<(usize, usize)> = BTreeSet::new();
    for (i, card) in cards.iter().enumerate() {
        for target in strings(&card["related"]) {
            stated.insert((i, index[target]));
        }
    }
    let pairs: BTreeSet<(usize, usize)> =
        stated.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    let mutual = pairs
        .iter()
        .filter(|&&(a, b)| stated.contains(&(a, b)) && stated.contains(&(b, a)))
        .count();
    let mut degree = vec![0usize; TERMS];
    for &(a, b) in &pairs {
        degree[a] += 1;
        degree[b] += 1;
    }
    let mean = 2.0 * pairs.len() as f64 / TERMS as f64;
    assert!((3.0..=5.0).contains(&mean), "mean degree {mean}");
    let listed = stated.len() as f64 / TERMS as f64;
    assert!(
        (3.0..=5.0).contains(&listed),
        "mean related entries {listed}"
    );
    let reciprocity = mutual as f64 / pairs.len() as f64;
    assert!(
        (0.9..=0.99).contains(&reciprocity),
        "reciprocity {reciprocity}"
    );
    let max = *degree.iter().max().unwrap();
    assert!(
        max as f64 >= 8.0 * mean,
        "max degree {max}: not heavy-tailed"
    );
    assert!(
        degree.iter().all(|&d| d > 0),
        "every term is related to another"
    );

    // Supersedes: 3-7% of terms, mirrored, never on a shipping term that is replaced.
    let mut chained = 0;
    for card in &cards {
        let (old, new) = (strings(&card["supersedes"]), strings(&card["supersededBy"]));
        if old.is_empty() && new.is_empty() {
            continue;
        }
        chained += 1;
        for o in &old {
            assert!(
                strings(&cards[index[o]]["supersededBy"]).contains(&card["slug"].as_str().unwrap())
            );
        }
        if !new.is_empty() {
            let status = card["status"].as_str().unwrap();
            assert!(["deprecated", "obsolete"].contains(&status), "{status}");
        }
    }
    let share = chained as f64 / TERMS as f64;
    assert!((0.03..=0.07).contains(&share), "supersedes share {share}");

    // Awkward characters, in the decoded texts.
    let mut texts = String::new();
    let mut trailing_backslash = false;
    let mut note_whitespace = (false, false);
    for card in &cards {
        for key in ["term", "definition", "note"] {
            texts.push_str(card[key].as_str().unwrap());
        }
        for key in ["aliases", "advantages", "limitations"] {
            for s in strings(&card[key]) {
                texts.push_str(s);
                trailing_backslash |= key != "aliases" && s.ends_with('\\');
            }
        }
        for c in card["citations"].as_array().unwrap() {
            texts.push_str(c["title"].as_str().unwrap());
        }
        for paragraph in card["note"].as_str().unwrap().split("\n\n") {
            note_whitespace.0 |= paragraph.contains('\n');
            note_whitespace.1 |= paragraph.contains('\t');
        }
    }
    for needle in [
        "é", "ü", "µ", "\u{200F}", "\"", "<", ">", "&", "\\", "]]>", "-->",
    ] {
        assert!(texts.contains(needle), "no {needle:?} in the corpus");
    }
    let cjk = |c: char| ('\u{4E00}'..='\u{9FFF}').contains(&c);
    let emoji = |c: char| ('\u{1F300}'..='\u{1FAFF}').contains(&c);
    assert!(texts.chars().any(cjk), "no CJK");
    assert!(texts.chars().any(emoji), "no emoji");
    assert!(
        trailing_backslash,
        "no advantage or limitation ends with a backslash"
    );
    assert_eq!(
        note_whitespace,
        (true, true),
        "newline, tab inside a note paragraph"
    );
}

#[test]
fn generate_is_byte_stable_and_refuses_a_non_empty_folder() {
    let dir = scratch("generate", "stable");
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    generate(&a, "42");
    generate(&b, "42");
    assert!(std::fs::read(&a).unwrap() == std::fs::read(&b).unwrap());
    std::fs::remove_file(&b).unwrap();
    generate(&b, "43");
    assert!(std::fs::read(&a).unwrap() != std::fs::read(&b).unwrap());

    let run = glossgraph(&["generate", "--terms", "3", "--out", dir.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("not an empty folder"));
    let run = glossgraph(&["generate", "--terms", "0", "--out", "-"]);
    assert_eq!(run.status.code(), Some(2));
}

#[test]
fn untidy_cards_warn_of_each_habit_at_the_asked_rate_and_never_err() {
    let dir = scratch("generate", "untidy");
    let (tidy, untidy) = (dir.join("tidy.jsonl"), dir.join("untidy.jsonl"));
    generate(&tidy, "5");
    let terms = TERMS.to_string();
    let run = glossgraph(&[
        "generate",
        "--terms",
        &terms,
        "--seed",
        "5",
        "--untidy",
        "0.3",
        "--out",
        untidy.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(0), "{:?}", run);
    let run = glossgraph(&["check", untidy.to_str().unwrap(), "--format", "json"]);
    let report: Value = serde_json::from_slice(&run.stdout).expect("a JSON report");
    assert_eq!(run.status.code(), Some(0), "{report:#}");
    assert_eq!(report["summary"]["errors"], 0, "{report:#}");
    let mut by_rule: BTreeMap<String, usize> = BTreeMap::new();
    for f in report["findings"].as_array().unwrap() {
        *by_rule
            .entry(f["rule"].as_str().unwrap().to_owned())
            .or_default() += 1;
    }
    // Each habit on about 30% of 2,000 cards; a shared label is one finding per pair of
    // terms, and superseded terms are never made deprecated twice.
    for rule in ["overlapping-labels", "unused-citation", "no-replacement"] {
        let n = by_rule.get(rule).copied().unwrap_or(0);
        assert!((400..=800).contains(&n), "{rule}: {n} in {by_rule:?}");
    }
    // Only the habits are new: every other field is the tidy glossary's.
    let lines = |p: &Path| -> Vec<Value> {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let (tidy, untidy) = (lines(&tidy), lines(&untidy));
    assert_eq!(tidy.len(), untidy.len());
    for (a, b) in tidy.iter().zip(&untidy) {
        for field in [
            "slug",
            "term",
            "definition",
            "note",
            "related",
            "supersedes",
        ] {
            assert_eq!(a[field], b[field], "{field} of {}", a["slug"]);
        }
    }
}

/// `generate` says what it wrote, and where (issue 23, item 10).
#[test]
fn generate_says_what_it_wrote() {
    let dir = scratch("generate", "generate");
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["generate", "--terms", "5", "--out", "cards.jsonl"],
        None,
    ));
    assert_eq!(code, 0);
    assert_eq!(
        stderr,
        "glossgraph: wrote 5 cards to cards.jsonl (JSON Lines)\n"
    );
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["generate", "--terms", "5", "--out", "cards"],
        None,
    ));
    assert_eq!(code, 0);
    assert_eq!(
        stderr,
        "glossgraph: wrote 5 cards to cards (one <slug>.json per card)\n"
    );
    let (code, stdout, stderr) = outcome(&run_in(
        &dir,
        &["generate", "--terms", "5", "--out", "-"],
        None,
    ));
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 5);
    assert_eq!(stderr, "glossgraph: wrote 5 cards to standard output\n");
}

/// Issue 40, item 15: a `.json` path gets one JSON array file, which the glossary reader takes; an
/// existing file is never overwritten in silence.
#[test]
fn generate_writes_the_file_its_name_says_and_never_overwrites_in_silence() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["gen20.json", "gen20.jsonl"] {
        let path = dir.path().join(name);
        let path_arg = path.to_str().unwrap();
        ok(&glossgraph(&[
            "generate", "--terms", "20", "--out", path_arg,
        ]));
        assert!(path.is_file(), "{name}");
        if name.ends_with(".json") {
            let cards: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_eq!(cards.as_array().map(Vec::len), Some(20));
        }
        let out = glossgraph(&["check", path_arg, "--color", "never"]);
        assert!(
            stderr(&out).contains("20 cards") || stdout(&out).contains("20 cards"),
            "{}{}",
            stdout(&out),
            stderr(&out)
        );
        let before = std::fs::read(&path).unwrap();
        let again = glossgraph(&["generate", "--terms", "5", "--out", path_arg]);
        assert_eq!(again.status.code(), Some(2), "{name}");
        assert!(
            stderr(&again).contains("exists already"),
            "{}",
            stderr(&again)
        );
        assert_eq!(std::fs::read(&path).unwrap(), before, "left as it was");
        ok(&glossgraph(&[
            "generate", "--terms", "5", "--out", path_arg, "--force",
        ]));
        assert_ne!(std::fs::read(&path).unwrap(), before);
    }
}
