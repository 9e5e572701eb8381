//! The TBX v2 export read by translate-toolkit (`translate.storage.tbx`, the reader of Weblate
//! and Pootle; driver `tests/consumers/tbx_read.py`): every entry, every term of every
//! language in order, every definition.

use std::collections::BTreeMap;

use glossgraph::config::Config;
use glossgraph::export::{self, drawing, Format};
use glossgraph::{check, load, Glossary};
use serde_json::Value;

use crate::util::root;

/// The glossary at `path` with its settings, checked.
fn glossary_at(path: &std::path::Path) -> (Glossary, Config) {
    let input = load::Input::Path(path.to_owned());
    let config = Config::resolve(input.config_dir().as_deref(), Default::default()).unwrap();
    let checked = check::check(load::load(&input).unwrap(), &config, Default::default());
    assert!(!checked.report.is_failure(false), "{}", path.display());
    (checked.glossary, config)
}

/// What translate-toolkit found in the TBX v2 of `glossary`.
fn read_by_translate_toolkit(glossary: &Glossary, config: &Config) -> Value {
    let python = root().join("target/test-tools/venv/bin/python");
    assert!(
        python.is_file(),
        "run scripts/install-test-tools.sh (this test needs translate-toolkit)"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("glossary.v2.tbx");
    let mut out = Vec::new();
    let view = drawing::View::default();
    export::write(glossary, config, Format::Tbx2, &view, &mut out).unwrap();
    std::fs::write(&file, out).unwrap();
    let run = std::process::Command::new(&python)
        .arg(root().join("tests/consumers/tbx_read.py"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice(&run.stdout).unwrap()
}

/// What each entry should hold, by its id: for each language its terms in order (the
/// preferred first) and its definitions.
fn expected(glossary: &Glossary, config: &Config) -> BTreeMap<String, Value> {
    let mut entries = BTreeMap::new();
    for card in glossary.cards() {
        let mut languages = serde_json::Map::new();
        let mut terms = vec![card.term().to_owned()];
        terms.extend(card.aliases().iter().map(str::to_owned));
        let definitions: Vec<&str> = Some(card.definition())
            .filter(|d| !d.is_empty())
            .into_iter()
            .collect();
        languages.insert(
            config.language.clone(),
            serde_json::json!({"terms": terms, "definitions": definitions}),
        );
        for (tag, language) in &card.skos().languages {
            let terms: Vec<&String> = language.term.iter().chain(&language.aliases).collect();
            if terms.is_empty() {
                continue;
            }
            let definitions: Vec<&String> = language.definition.iter().collect();
            languages.insert(
                tag.clone(),
                serde_json::json!({"terms": terms, "definitions": definitions}),
            );
        }
        entries.insert(format!("c-{}", card.slug()), Value::Object(languages));
    }
    entries
}

#[test]
fn translate_toolkit_reads_every_term_language_and_definition_of_tbx_v2() {
    let glossaries = [
        glossary_at(&root().join("data")),
        glossary_at(&root().join("tests/fixtures/languages/classification.jsonl")),
    ];
    for (glossary, config) in &glossaries {
        let read = read_by_translate_toolkit(glossary, config);
        let found: BTreeMap<String, Value> = read["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["id"].as_str().unwrap().to_owned(), e["languages"].clone()))
            .collect();
        let want = expected(glossary, config);
        assert_eq!(found.len(), glossary.cards().len());
        for (id, languages) in &want {
            assert_eq!(found.get(id), Some(languages), "{id}");
        }
    }
    // The five languages of the fixture, each read.
    let (glossary, config) = &glossaries[1];
    let read = read_by_translate_toolkit(glossary, config);
    let languages: std::collections::BTreeSet<&str> = read["entries"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e["languages"].as_object().unwrap().keys())
        .map(String::as_str)
        .collect();
    assert_eq!(
        languages.into_iter().collect::<Vec<_>>(),
        ["de", "en", "es", "fr", "it"]
    );
}
