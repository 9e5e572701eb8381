//! `glossgraph export` on the generated glossaries the benchmarks use (`benches/export.sh`):
//! the map engine draws the SVG at any size; with `--engine dot`, past 500 terms the SVG is
//! skipped, and the run must still succeed and write everything else.

use std::fs;

use serde_json::Value;

use crate::util::{outcome, run_in};

/// Every file `export` writes for a glossary too big for `dot` to draw: all but the SVG.
const FILES: [&str; 19] = [
    "glossary.cyjs",
    "glossary.dot",
    "glossary.edges.csv",
    "glossary.gexf",
    "glossary.graphml",
    "glossary.html",
    "glossary.jsonld",
    "glossary.neo4j.graphml",
    "glossary.nodelink.json",
    "glossary.nodes.csv",
    "glossary.nq",
    "glossary.nt",
    "glossary.rdf",
    "glossary.tbx",
    "glossary.trig",
    "glossary.ttl",
    "glossary.v2.tbx",
    "glossary.yed.graphml",
    "manifest.json",
];

#[test]
fn a_glossary_too_big_to_draw_exports_every_other_format() {
    let tmp = tempfile::tempdir().unwrap();
    let (code, _, stderr) = outcome(&run_in(
        tmp.path(),
        &["generate", "--terms", "600", "--out", "cards.jsonl"],
        None,
    ));
    assert_eq!(code, 0, "generate: {stderr}");

    // The map engine (the default) draws all 600 terms.
    let (code, _, stderr) = outcome(&run_in(
        tmp.path(),
        &["export", "cards.jsonl", "--out", "drawn"],
        None,
    ));
    assert_eq!(code, 0, "export of 600 terms failed: {stderr}");
    assert!(tmp.path().join("drawn/glossary.svg").is_file(), "{stderr}");

    let (code, _, stderr) = outcome(&run_in(
        tmp.path(),
        &["export", "cards.jsonl", "--out", "out", "--engine", "dot"],
        None,
    ));
    assert_eq!(code, 0, "export of 600 terms failed: {stderr}");
    assert!(
        stderr.contains("skipped glossary.svg"),
        "the skipped SVG is reported: {stderr}"
    );

    let mut names: Vec<String> = fs::read_dir(tmp.path().join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, FILES);

    let manifest: Value =
        serde_json::from_slice(&fs::read(tmp.path().join("out/manifest.json")).unwrap()).unwrap();
    let listed: Vec<&String> = manifest["files"].as_object().unwrap().keys().collect();
    assert_eq!(
        listed,
        &FILES[..FILES.len() - 1],
        "the manifest lists what was written"
    );
    assert_eq!(
        manifest["counts"]["terms"].as_u64(),
        Some(600),
        "{manifest}"
    );

    let leftovers: Vec<String> = fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("staging"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "staging folder left behind: {leftovers:?}"
    );
}
