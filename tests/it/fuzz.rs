//! The fuzz targets' checks (fuzz/src/checks.rs, included here by path) over the inputs they
//! start from (the sample's cards and exports, fuzz/seeds/<target>/) and every input that
//! once failed them (fuzz/regressions/<target>/), so a crash fuzzing found stays fixed
//! without nightly or libFuzzer.

use std::fs;
use std::path::{Path, PathBuf};

#[path = "../../fuzz/src/checks.rs"]
mod checks;

use crate::util::root;

/// The files of `dir`, sorted; none if it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    found.retain(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"));
    found.sort();
    found
}

/// Runs `check` over each saved input of `target` and the seeds; returns how many ran.
fn replay(target: &str, seeds: &[Vec<u8>], check: fn(&[u8])) -> usize {
    let saved = files(&root().join("fuzz/regressions").join(target));
    for path in &saved {
        let data = fs::read(path).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} fails its check again", path.display());
    }
    for seed in seeds {
        check(seed);
    }
    saved.len() + seeds.len()
}

/// The sample's cards, one by one and as one JSON Lines text.
fn card_seeds() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = files(&root().join("data"))
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| fs::read(p).unwrap())
        .collect();
    let lines: Vec<String> = seeds
        .iter()
        .map(|s| {
            let value: serde_json::Value = serde_json::from_slice(s).unwrap();
            value.to_string()
        })
        .collect();
    seeds.push(lines.join("\n").into_bytes());
    seeds
}

#[test]
fn the_card_loaders_saved_inputs_hold() {
    assert!(replay("cards", &card_seeds(), checks::cards) > 34);
}

#[test]
fn fmts_saved_inputs_hold() {
    assert!(replay("fmt", &card_seeds(), checks::fmt) > 34);
}

#[test]
fn the_rdf_imports_saved_inputs_hold() {
    // The committed exports, each behind the byte that makes the target read its syntax.
    let seeds: Vec<Vec<u8>> = ["ttl", "nt", "rdf", "jsonld", "trig", "nq"]
        .iter()
        .enumerate()
        .map(|(selector, extension)| {
            let mut seed = vec![u8::try_from(selector).unwrap()];
            seed.extend(
                fs::read(root().join("exports").join(format!("glossary.{extension}"))).unwrap(),
            );
            seed
        })
        .collect();
    assert!(replay("rdf", &seeds, checks::rdf) >= 6);
}

#[test]
fn the_tbx_imports_saved_inputs_hold() {
    let seeds: Vec<Vec<u8>> = ["glossary.tbx", "glossary.v2.tbx"]
        .iter()
        .map(|file| fs::read(root().join("exports").join(file)).unwrap())
        .collect();
    assert!(replay("tbx", &seeds, checks::tbx) >= 2);
}

/// The inputs a target starts from that are kept in fuzz/seeds/<target>/: for the targets
/// whose inputs are not the sample's files, written from what the tests send.
fn kept_seeds(target: &str) -> Vec<Vec<u8>> {
    files(&root().join("fuzz/seeds").join(target))
        .iter()
        .map(|p| fs::read(p).unwrap())
        .collect()
}

#[test]
fn the_markdown_page_imports_saved_inputs_hold() {
    assert!(replay("pages", &kept_seeds("pages"), checks::pages) >= 7);
}

#[test]
fn the_one_file_glossary_readers_saved_inputs_hold() {
    assert!(replay("sources", &kept_seeds("sources"), checks::sources) >= 4);
}

#[test]
fn the_spreadsheet_readers_saved_inputs_hold() {
    assert!(replay("sheets", &kept_seeds("sheets"), checks::sheets) >= 7);
}

#[test]
fn the_request_readers_saved_inputs_hold() {
    assert!(replay("http", &kept_seeds("http"), checks::http) >= 20);
}

#[test]
fn saved_query_parameters_saved_inputs_hold() {
    assert!(replay("params", &kept_seeds("params"), checks::params) >= 14);
}
