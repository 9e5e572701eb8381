//! The glossaries the tests read: the sample in `data/`, small ones given as text, one whose
//! every text is hostile to some format, and generated ones of any size.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use glossgraph::card::Draft;
use glossgraph::config::Config;
use glossgraph::generate::{Generator, Params};
use glossgraph::{check, load, Glossary};

use super::{glossgraph, ok, root};

/// Loads and checks a glossary given as text with `config`, asserting that `check` finds no
/// error.
pub fn checked_with(name: &str, text: &str, config: &Config) -> Glossary {
    let checked = check::check(load::load_str(name, text), config, Default::default());
    let mut report = Vec::new();
    checked.report.write_human(&mut report, false).unwrap();
    assert!(
        !checked.report.is_failure(false),
        "fixture {name} has errors: {}",
        String::from_utf8_lossy(&report)
    );
    checked.glossary
}

/// Loads and checks a glossary given as text with the default settings, asserting that
/// `check` finds no error.
pub fn checked(name: &str, text: &str) -> (Glossary, Config) {
    let config = Config::default();
    (checked_with(name, text, &config), config)
}

/// The sample glossary in data/, checked, with its settings.
pub fn sample() -> (Glossary, Config) {
    let input = load::Input::Path(root().join("data"));
    let config = Config::resolve(input.config_dir().as_deref(), Default::default()).unwrap();
    let checked = check::check(load::load(&input).unwrap(), &config, Default::default());
    assert!(
        !checked.report.is_failure(false),
        "data/ has errors: {:#?}",
        checked.report.findings
    );
    (checked.glossary, config)
}

/// The hostile strings every format must carry unchanged.
pub const HOSTILE: [&str; 13] = [
    "Quote \"double\" and 'single'",
    "Back\\slash \\\\ and a trailing backslash\\",
    "<tag> & &amp; &lt;entity; a < b > c",
    "CDATA end ]]> and comment end -->",
    "Tab\tinside",
    "Line one\nline two",
    "Windows line\r\nend",
    "naïve Überprüfung 日本語 עברית\u{200F} RTL",
    "Emoji 😀🚀 and ✓",
    "Graphviz escapes \\N \\G \\E \\T \\H \\L \\n \\l \\r",
    "Percent %s {braces} #hash; semi|pipe",
    "\\",
    "\"",
];

/// A glossary whose every text is hostile: one card per [`HOSTILE`] string, as the term
/// (made unique), definition, note, alias, advantage, citation title and provenance; linked
/// by `related` in a ring and one `supersedes` pair. Passes `check` without errors.
pub fn hostile_cards() -> Vec<Draft> {
    let n = HOSTILE.len();
    let slug = |i: usize| format!("hostile-{i:02}");
    (0..n)
        .map(|i| {
            let text = HOSTILE[i];
            let json = serde_json::json!({
                "slug": slug(i),
                "term": format!("{text} #{i}"),
                "aliases": [format!("alias {i}: {text}")],
                "definition": format!("{text} (definition {i}) {}", HOSTILE[(i + 1) % n]),
                "note": format!("{text} [c{i}]\n\nSecond paragraph: {}", HOSTILE[(i + 2) % n]),
                "status": if i % 3 == 1 { "shipping" } else { "draft" },
                "advantages": [format!("adv {text}")],
                "related": [slug((i + 1) % n), slug((i + n - 1) % n)],
                "supersedes": if i == 1 { vec![slug(0)] } else { vec![] },
                "supersededBy": if i == 0 { vec![slug(1)] } else { vec![] },
                "citations": [{
                    "id": format!("c{i}"),
                    "title": format!("Title {text}"),
                    "url": format!("https://example.org/{i}?a=1&b=%222%22"),
                    "accessed": "2026-10-23"
                }],
                "provenance": [format!("prov {text}")],
                "updated": "2026-10-24",
            });
            let decoded = glossgraph::card::Decoded::from_json(&json.to_string()).unwrap();
            assert!(decoded.problems.is_empty(), "{:?}", decoded.problems);
            decoded.card.draft()
        })
        .collect()
}

/// A generated glossary of `terms` terms (the `generate` command's corpus), as JSON Lines.
pub fn generated_jsonl(terms: u32) -> String {
    let mut out = Vec::new();
    Generator::new(Params::new(terms))
        .unwrap()
        .write_json_lines(&mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// The lines of `text` in a fixed pseudo-random order (a seeded Fisher–Yates shuffle).
pub fn shuffled_lines(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for i in (1..lines.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        lines.swap(i, (state % (i as u64 + 1)) as usize);
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// A generated glossary of `terms` terms written by `glossgraph generate` (JSON Lines, the
/// sample's glossgraph.toml beside it: one base IRI, one graph), made once per test run.
pub fn generated(terms: usize) -> PathBuf {
    static MADE: OnceLock<Mutex<Vec<usize>>> = OnceLock::new();
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("corpus-{terms}.jsonl"));
    let mut made = MADE.get_or_init(Default::default).lock().unwrap();
    if !made.contains(&terms) {
        ok(&glossgraph(&[
            "generate",
            "--terms",
            &terms.to_string(),
            "--out",
            path.to_str().unwrap(),
            // A corpus of an earlier run is replaced.
            "--force",
        ]));
        let settings = root().join("data/glossgraph.toml");
        std::fs::copy(settings, path.with_file_name("glossgraph.toml")).unwrap();
        made.push(terms);
    }
    path
}

/// A glossary of two cards, `b` listing `a` one way (a warning), with `settings` as its
/// glossgraph.toml (none: no file).
pub fn two_cards(settings: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.json"),
        r#"{"slug": "a", "term": "A", "definition": "The first."}"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("b.json"),
        r#"{"slug": "b", "term": "B", "definition": "The second.", "related": ["a"]}"#,
    )
    .unwrap();
    if let Some(settings) = settings {
        std::fs::write(dir.path().join("glossgraph.toml"), settings).unwrap();
    }
    dir
}

/// The slug of a card given as one line of JSON.
pub fn slug_of(line: &str) -> String {
    let card: serde_json::Value = serde_json::from_str(line).unwrap();
    card["slug"].as_str().unwrap().to_owned()
}

/// `tests/fixtures/term-links/glossary.jsonl`, checked: six terms linked only in their texts,
/// by seven term links (three pairs link each other), one term linked by none; its
/// cards' file, its glossary and the default settings.
pub fn linked_in_texts() -> (PathBuf, Glossary, Config) {
    let input = root().join("tests/fixtures/term-links/glossary.jsonl");
    let text = std::fs::read_to_string(&input).unwrap();
    let (glossary, config) = checked("glossary.jsonl", &text);
    assert_eq!(glossary.text_links().len(), 7);
    assert_eq!(glossary.graph().edge_count(), 0, "linked only in its texts");
    (input, glossary, config)
}

/// The three-level classification in five languages, `tests/fixtures/languages/` (German the
/// main language): its cards' file, its glossary, checked, and its settings.
pub fn classification() -> (PathBuf, Glossary, Config) {
    let input = root().join("tests/fixtures/languages/classification.jsonl");
    let loaded = load::Input::Path(input.clone());
    let config = Config::resolve(loaded.config_dir().as_deref(), Default::default()).unwrap();
    let checked = check::check(load::load(&loaded).unwrap(), &config, Default::default());
    assert!(
        !checked.report.is_failure(false),
        "{} has errors: {:#?}",
        input.display(),
        checked.report.findings
    );
    (input, checked.glossary, config)
}

/// The term of `card` in each language, as the graph exports carry it (`term_{tag}`), made
/// from the cards themselves: nothing when no card of `glossary` has a term in a language other
/// than the main one; else the card's term in the main language (unless it took it from
/// elsewhere) and its `languages.{tag}.term` in the others.
pub fn expected_labels(
    glossary: &Glossary,
    config: &Config,
    card: &glossgraph::Card,
) -> Vec<(String, String)> {
    let other = |c: &glossgraph::Card| {
        c.skos()
            .languages
            .iter()
            .any(|(tag, l)| *tag != config.language && l.term.is_some())
    };
    if !glossary.cards().iter().any(other) {
        return Vec::new();
    }
    let skos = card.skos();
    let mut out = Vec::new();
    if skos.term_from.is_none() {
        out.push((format!("term_{}", config.language), card.term().to_owned()));
    }
    for (tag, language) in &skos.languages {
        if let Some(term) = &language.term {
            out.push((format!("term_{tag}"), term.clone()));
        }
    }
    out
}
