//! Cytoscape.js elements JSON (`glossary.cyjs`), loaded by Cytoscape.js itself (npm
//! `cytoscape`, headless under Node: `tests/consumers/cytoscape_read.mjs`): every term with
//! the attributes of its card and its place on the topic map, every link; and the degrees and
//! the shortest path between two far-apart terms that Cytoscape.js finds must be those NetworkX
//! finds in the node-link file and glossgraph's own; over a three-level hierarchy, the
//! `broader` edges its selector `edge[kind = "broader"]` finds and the terms above each term
//! along them. The tools come from `scripts/install-test-tools.sh`; a missing one fails the
//! test.

use std::path::Path;
use std::process::Command;

use glossgraph::config::Config;
use glossgraph::hierarchy::Hierarchy;
use glossgraph::Glossary;
use serde_json::{json, Value};

use super::nodelink::{expected_attributes, export, far_apart, hostile_input, networkx};
use super::require;
use crate::util::fixtures::{classification, sample};
use crate::util::{root, scratch, stderr};

/// What Cytoscape.js made of `file`, with its shortest path from `source` to `target`.
fn cytoscape(file: &Path, source: &str, target: &str) -> Value {
    let modules = root().join("target/test-tools/cytoscape/node_modules");
    assert!(
        modules.join("cytoscape").is_dir(),
        "{} is missing: run scripts/install-test-tools.sh",
        modules.display()
    );
    let out = Command::new(require("node"))
        .arg(root().join("tests/consumers/cytoscape_read.mjs"))
        .arg(modules)
        .args([file.to_str().unwrap(), source, target])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "Cytoscape.js failed: {}",
        stderr(&out)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Exports `input` as Cytoscape.js and node-link JSON, and compares what Cytoscape.js, NetworkX
/// and glossgraph see.
fn check(input: &Path, glossary: &Glossary, config: &Config, out: &Path) {
    export(input, "cytoscape,nodelink", out);
    let (source, target) = far_apart(glossary);
    let seen = cytoscape(&out.join("glossary.cyjs"), &source, &target);
    let nx = networkx(&out.join("glossary.nodelink.json"), &source, &target);
    let nodes = seen["nodes"].as_object().unwrap();
    assert_eq!(nodes.len(), glossary.cards().len());
    let map = glossary.map();
    for card in glossary.cards() {
        let slug = card.slug();
        let node = &nodes[slug];
        let i = glossary.node(slug).unwrap().index();
        let mut data = node["data"].as_object().unwrap().clone();
        assert_eq!(data.remove("id"), Some(slug.into()));
        assert_eq!(
            data.remove("color").unwrap(),
            map.topic_of(i).color.as_str()
        );
        assert_eq!(data, expected_attributes(glossary, config, card), "{slug}");
        let (x, y) = map.position(i);
        let position = &node["position"];
        assert!(
            (position["x"].as_f64().unwrap() - x).abs() < 0.006,
            "{position}"
        );
        assert!(
            (position["y"].as_f64().unwrap() + y).abs() < 0.006,
            "{position}"
        );
        // The same degree (distinct neighbours) in Cytoscape.js, NetworkX and glossgraph.
        let degree = glossary.neighbours(glossary.node(slug).unwrap()).len();
        assert_eq!(seen["degrees"][slug], degree, "{slug}: Cytoscape.js");
        assert_eq!(nx["degrees"][slug], degree, "{slug}: NetworkX");
    }
    assert_eq!(
        seen["edges"].as_array().unwrap().len(),
        glossary.graph().edge_count()
    );
    // The same shortest path: Cytoscape.js's is one of NetworkX's shortest paths (the only one,
    // when there is only one), and its length is the distance glossgraph finds.
    let path = seen["path"].as_array().unwrap();
    let paths = nx["paths"].as_array().unwrap();
    assert!(
        paths.contains(&seen["path"]),
        "{path:?} not among {paths:?}"
    );
    if paths.len() == 1 {
        assert_eq!(&paths[0], &seen["path"]);
    }
    assert_eq!(path.first().unwrap(), source.as_str());
    assert_eq!(path.last().unwrap(), target.as_str());
    let node = |s: &Value| glossary.node(s.as_str().unwrap()).unwrap();
    let steps = (1..)
        .find(|&depth| {
            glossary
                .neighbourhood(node(&path[0]), depth)
                .contains(&node(&path[path.len() - 1]))
        })
        .unwrap();
    assert_eq!(path.len() - 1, steps, "glossgraph's distance");
    // The hierarchy, as Cytoscape.js's selector finds its edges and its traversal the terms
    // above each term.
    let mut broader: Vec<Value> = glossary
        .edges()
        .filter(|(_, _, link)| link.kind() == "broader")
        .map(|(a, b, _)| json!([glossary.slug(a), glossary.slug(b)]))
        .collect();
    broader.sort_by_key(Value::to_string);
    let mut seen_broader = seen["broader"].as_array().unwrap().clone();
    seen_broader.sort_by_key(Value::to_string);
    assert_eq!(seen_broader, broader);
    let tree = Hierarchy::of(glossary);
    for (i, card) in glossary.cards().iter().enumerate() {
        let above: Vec<&str> = tree
            .ancestors(i)
            .into_iter()
            .map(|j| glossary.cards()[j].slug())
            .collect();
        assert_eq!(seen["above"][card.slug()], json!(above), "{}", card.slug());
    }
}

#[test]
fn cytoscape_js_sees_the_sample_as_networkx_and_glossgraph_do() {
    let dir = scratch("cytoscape", "sample");
    let (glossary, config) = sample();
    check(&root().join("data"), &glossary, &config, &dir);
}

#[test]
fn cytoscape_js_reads_hostile_texts_back_exactly() {
    let dir = scratch("cytoscape", "hostile");
    let (input, glossary) = hostile_input(&dir);
    check(&input, &glossary, &Config::default(), &dir.join("out"));
}

/// Issue 48: Cytoscape.js loads a three-level hierarchy in five languages: each term's label
/// in every language as data, the `broader` edges from the narrower term to the broader.
#[test]
fn cytoscape_js_reads_the_hierarchy_and_the_terms_in_every_language() {
    let dir = scratch("cytoscape", "hierarchy");
    let (input, glossary, config) = classification();
    assert_eq!(glossary.edge_counts().broader, 10);
    check(&input, &glossary, &config, &dir);
}
