//! Node-link JSON (`glossary.nodelink.json`), read by NetworkX's own `node_link_graph`
//! (`tests/consumers/nodelink_read.py`): every term with every attribute typed as in its card,
//! its place on the topic map, every link with its kind, direction and flags, the graph's
//! title and base; the degrees and shortest paths NetworkX finds, which `cytoscape.rs`
//! compares with Cytoscape.js's; and, over a three-level hierarchy, the terms above each term
//! that NetworkX finds along the `broader` edges, which must be glossgraph's own.

use glossgraph::card::markdown::plain;
use std::path::Path;
use std::process::Command;

use glossgraph::config::Config;
use glossgraph::graph::Link;
use glossgraph::hierarchy::Hierarchy;
use glossgraph::{Card, Glossary};
use serde_json::{json, Map, Value};

use super::{hostile, require};
use crate::util::fixtures::{classification, expected_labels, hostile_cards, sample};
use crate::util::{glossgraph, ok, root, scratch, stderr};

/// The attributes of `card` as the JSON formats carry them, made from the card itself: texts
/// and dates as strings, lists as arrays (a citation without an access date as `null`), the
/// degree as a number, the term in each language as `term_{tag}`; a field the card leaves out
/// is absent.
pub fn expected_attributes(
    glossary: &Glossary,
    config: &Config,
    card: &Card,
) -> Map<String, Value> {
    let node = glossary.node(card.slug()).unwrap();
    let topic = glossary.map().topic_of(node.index());
    let mut out = Map::new();
    let mut text = |name: &str, value: &str| {
        if !value.is_empty() {
            out.insert(name.into(), json!(value));
        }
    };
    text("slug", card.slug());
    text("term", card.term());
    text("status", card.status().unwrap_or(""));
    text("definition", &plain(card.definition()));
    text("note", &plain(card.note()));
    let date = |d: Option<glossgraph::card::PartialDate>| d.map(|d| d.to_string());
    for (name, value) in [
        ("firstSeen", date(card.first_seen())),
        ("lastSeen", date(card.last_seen())),
        ("updated", date(card.updated())),
    ] {
        text(name, &value.unwrap_or_default());
    }
    text("topic", &topic.id);
    text("topicName", &topic.name);
    let citations = card.citations();
    let lists: [(&str, Vec<Value>); 10] = [
        ("aliases", card.aliases().iter().map(Value::from).collect()),
        (
            "advantages",
            card.advantages().iter().map(Value::from).collect(),
        ),
        (
            "limitations",
            card.limitations().iter().map(Value::from).collect(),
        ),
        ("related", card.related().iter().map(Value::from).collect()),
        (
            "supersedes",
            card.supersedes().iter().map(Value::from).collect(),
        ),
        (
            "supersededBy",
            card.superseded_by().iter().map(Value::from).collect(),
        ),
        (
            "citationIds",
            citations.iter().map(|c| c.id.into()).collect(),
        ),
        (
            "citationTitles",
            citations.iter().map(|c| c.title.into()).collect(),
        ),
        (
            "citationUrls",
            citations.iter().map(|c| c.url.into()).collect(),
        ),
        (
            "provenance",
            card.provenance().iter().map(Value::from).collect(),
        ),
    ];
    for (name, items) in lists {
        if !items.is_empty() {
            out.insert(name.into(), Value::Array(items));
        }
    }
    if !citations.is_empty() {
        let accessed = citations
            .iter()
            .map(|c| c.accessed.map_or(Value::Null, |d| d.to_string().into()))
            .collect();
        out.insert("citationAccessed".into(), Value::Array(accessed));
    }
    for (name, label) in expected_labels(glossary, config, card) {
        out.insert(name, json!(label));
    }
    out.insert("degree".into(), json!(glossary.neighbours(node).len()));
    out
}

/// The hostile glossary written as JSON Lines into `dir`, and the glossary.
pub fn hostile_input(dir: &Path) -> (std::path::PathBuf, Glossary) {
    let input = dir.join("hostile.jsonl");
    let text: String = hostile_cards()
        .iter()
        .map(|c| c.to_json(false) + "\n")
        .collect();
    std::fs::write(&input, text).unwrap();
    (input, hostile().0)
}

/// `export INPUT --format FORMAT --out DIR`.
pub fn export(input: &Path, format: &str, out: &Path) {
    ok(&glossgraph(&[
        "export",
        input.to_str().unwrap(),
        "--format",
        format,
        "--out",
        out.to_str().unwrap(),
    ]));
}

/// What NetworkX made of `file`, with the shortest paths from `source` to `target`.
pub fn networkx(file: &Path, source: &str, target: &str) -> Value {
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/nodelink_read.py"))
        .args([file.to_str().unwrap(), source, target])
        .output()
        .unwrap();
    assert!(out.status.success(), "NetworkX failed: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Two terms far apart in `glossary`: the first and the last term of its largest component.
pub fn far_apart(glossary: &Glossary) -> (String, String) {
    let component = &glossary.components()[0];
    let slug = |i: usize| glossary.slug(component[i]).to_owned();
    (slug(0), slug(component.len() - 1))
}

/// Checks everything NetworkX read of `input`'s node-link file.
fn check_networkx(input: &Path, glossary: &Glossary, config: &Config, out: &Path) {
    let title = config.title.as_str();
    export(input, "nodelink", out);
    let (source, target) = far_apart(glossary);
    let seen = networkx(&out.join("glossary.nodelink.json"), &source, &target);
    assert_eq!(seen["directed"], true);
    assert_eq!(seen["multigraph"], true);
    assert_eq!(seen["graph"]["title"], title);
    let nodes = seen["nodes"].as_object().unwrap();
    assert_eq!(nodes.len(), glossary.cards().len());
    let map = glossary.map();
    for card in glossary.cards() {
        let mut node = nodes[card.slug()].as_object().unwrap().clone();
        let (x, y) = map.position(glossary.node(card.slug()).unwrap().index());
        for (axis, value) in [("x", x), ("y", y)] {
            let read = node.remove(axis).and_then(|v| v.as_f64()).unwrap();
            assert!((read - value).abs() < 0.006, "{axis} {read} {value}");
        }
        let expected = expected_attributes(glossary, config, card);
        assert_eq!(node, expected, "{}", card.slug());
        assert_eq!(
            seen["degrees"][card.slug()],
            expected["degree"],
            "{}: distinct neighbours",
            card.slug()
        );
    }
    let edges = seen["edges"].as_array().unwrap();
    assert_eq!(edges.len(), glossary.graph().edge_count());
    let mut expected: Vec<Value> = glossary
        .edges()
        .map(|(a, b, link)| {
            let (sa, sb) = (glossary.slug(a), glossary.slug(b));
            let attrs = match link {
                Link::Related { mutual } => json!({"kind": "related", "mutual": mutual}),
                Link::Supersedes { by_old, by_new } => json!({
                    "kind": "supersedes", "statedByOld": by_old, "statedByNew": by_new
                }),
                Link::Broader {
                    by_narrower,
                    by_broader,
                } => json!({
                    "kind": "broader", "statedByNarrower": by_narrower, "statedByBroader": by_broader
                }),
            };
            json!([sa, sb, link.kind(), attrs])
        })
        .collect();
    let mut edges = edges.clone();
    expected.sort_by_key(|e| e.to_string());
    edges.sort_by_key(|e| e.to_string());
    assert_eq!(edges, expected);
    assert!(!seen["paths"].as_array().unwrap().is_empty());
    // The terms above each term, at any distance, along the `broader` edges: NetworkX's
    // descendants there are glossgraph's ancestors (`skos:broaderTransitive`).
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
fn networkx_reads_every_attribute_and_link_of_the_sample() {
    let dir = scratch("nodelink", "sample");
    let (glossary, config) = sample();
    check_networkx(&root().join("data"), &glossary, &config, &dir);
}

#[test]
fn networkx_reads_hostile_texts_back_exactly() {
    let dir = scratch("nodelink", "hostile");
    let (input, glossary) = hostile_input(&dir);
    let config = Config::default();
    check_networkx(&input, &glossary, &config, &dir.join("out"));
}

/// Issue 48: NetworkX reads a three-level hierarchy as `broader` edges (keyed by their kind)
/// from the narrower term to the broader, and each term's label in five languages.
#[test]
fn networkx_reads_the_hierarchy_and_the_terms_in_every_language() {
    let dir = scratch("nodelink", "hierarchy");
    let (input, glossary, config) = classification();
    check_networkx(&input, &glossary, &config, &dir);
}
