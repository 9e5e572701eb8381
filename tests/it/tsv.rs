//! The two-column glossary of one language pair (issue 63): `export --format tsv --languages
//! SOURCE,TARGET`, a source term, a TAB and its target term a line, each source term once.

use std::fs;

use crate::util::{outcome, root, run_in, scratch};

/// `export` of the cards `jsonl` (German, with English and French labels) with `args`.
fn export(name: &str, jsonl: &str, args: &[&str]) -> (i32, String, String) {
    let dir = scratch("tsv", name);
    fs::write(dir.join("cards.jsonl"), jsonl).unwrap();
    fs::write(dir.join("glossgraph.toml"), "language = \"de\"\n").unwrap();
    let mut all = vec!["export", "cards.jsonl"];
    all.extend_from_slice(args);
    outcome(&run_in(&dir, &all, None))
}

const CARDS: &str = r#"{"slug": "a", "term": "Warteschlange", "aliases": ["Queue", "Schlange"], "definition": "D.", "languages": {"en": {"term": "queue", "aliases": ["waiting line"]}, "fr": {"term": "file d'attente"}}}
{"slug": "b", "term": "Schlange", "definition": "D.", "languages": {"en": {"term": "snake"}}}
{"slug": "c", "term": "Tab\tim Namen", "definition": "D.", "languages": {"en": {"term": " tab\tin\t\tthe name "}}}
{"slug": "d", "term": "Nur Deutsch", "definition": "D."}
"#;

#[test]
fn a_tsv_glossary_has_each_source_term_once_mapped_to_the_preferred_target_term() {
    let (code, stdout, stderr) = export(
        "de-en",
        CARDS,
        &["--format", "tsv", "--languages", "de,en", "--out", "-"],
    );
    assert_eq!(code, 0, "{stderr}");
    // Preferred terms first (`Schlange` is b's, not a's alias), then the aliases no line has;
    // the target's aliases are not written; a TAB in a term is a space.
    assert_eq!(
        stdout,
        "Warteschlange\tqueue\nSchlange\tsnake\nTab im Namen\ttab in the name\nQueue\tqueue\n"
    );
    let (code, stdout, stderr) = export(
        "en-fr",
        CARDS,
        &["--format", "tsv", "--languages", "en,fr", "--out", "-"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "queue\tfile d'attente\nwaiting line\tfile d'attente\n"
    );
}

#[test]
fn the_tsv_glossary_is_written_into_the_folder_only_when_named() {
    let dir = scratch("tsv", "folder");
    let data = root().join("tests/fixtures/languages/classification.jsonl");
    let data = data.to_str().unwrap();
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &[
            "export",
            data,
            "--format",
            "tsv",
            "--languages",
            "de,it",
            "--out",
            "out",
        ],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let tsv = fs::read_to_string(dir.join("out/glossary.tsv")).unwrap();
    assert_eq!(
        tsv.lines().count(),
        11,
        "Phonetik has no Italian label:\n{tsv}"
    );
    assert!(tsv.starts_with("Ägyptologie\tEgittologia\n"), "{tsv}");
    let manifest = fs::read_to_string(dir.join("out/manifest.json")).unwrap();
    assert!(manifest.contains("\"glossary.tsv\""), "{manifest}");
    // `export --check` regenerates it with the same pair.
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &[
            "export",
            data,
            "--format",
            "tsv",
            "--languages",
            "de,it",
            "--out",
            "out",
            "--check",
        ],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    // Every format but the TSV, without --format.
    let (code, _, stderr) = outcome(&run_in(&dir, &["export", data, "--out", "all"], None));
    assert_eq!(code, 0, "{stderr}");
    assert!(!dir.join("all/glossary.tsv").exists());
    assert!(dir.join("all/glossary.tbx").exists());
}

#[test]
fn the_language_pair_comes_with_the_tsv_format_and_only_with_it() {
    for (args, message) in [
        (
            &["--format", "tsv"][..],
            "name it with --languages SOURCE,TARGET",
        ),
        (
            &["--format", "tsv", "--languages", "de"][..],
            "two different tags",
        ),
        (
            &["--format", "tsv", "--languages", "de,de"][..],
            "two different tags",
        ),
        (
            &["--format", "tsv", "--languages", "de,en,fr"][..],
            "two different tags",
        ),
        (
            &["--format", "turtle", "--languages", "de,en"][..],
            "add --format tsv",
        ),
    ] {
        let mut all = args.to_vec();
        all.extend(["--out", "-"]);
        let (code, stdout, stderr) = export("pair", CARDS, &all);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let (code, stdout, stderr) = export(
        "empty",
        CARDS,
        &["--format", "tsv", "--languages", "de,es", "--out", "-"],
    );
    assert_eq!((code, stdout.as_str()), (0, ""), "{stderr}");
    assert!(
        stderr.contains("no term has a label in both `de` and `es`"),
        "{stderr}"
    );
}
