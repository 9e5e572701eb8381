//! GEXF (`glossary.gexf`), judged by two independent readers: NetworkX's `read_gexf` and
//! graphology's GEXF parser (npm `graphology-gexf`, under Node). Both must see every term with
//! every attribute as the card has it (its term in every language too), its place and colour
//! on the topic map, and every link with its kind and direction (a hierarchy's `broader` links
//! from the narrower term to the broader). The readers come from `scripts/install-test-tools.sh`; a
//! missing one fails the test.

use glossgraph::card::markdown::plain;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use glossgraph::config::Config;
use glossgraph::graph::Link;
use glossgraph::{Card, Glossary};
use serde_json::Value;

use super::graphml::expected_counts;
use super::require;
use crate::util::fixtures::expected_labels;
use crate::util::{glossgraph, ok, root, scratch, stderr};

/// What `reader` (python3 or node) made of `file`.
fn read_with(reader: &str, file: &Path) -> Value {
    let mut command = match reader {
        "networkx" => {
            let mut c = Command::new(require("python3"));
            c.arg(root().join("tests/consumers/gexf_read.py"));
            c
        }
        _ => {
            let modules = root().join("target/test-tools/graphology/node_modules");
            assert!(
                modules.join("graphology-gexf").is_dir(),
                "{} is missing: run scripts/install-test-tools.sh",
                modules.display()
            );
            let mut c = Command::new(require("node"));
            c.arg(root().join("tests/consumers/gexf_read.mjs"))
                .arg(modules);
            c
        }
    };
    let out = command.arg(file).output().unwrap();
    assert!(out.status.success(), "{reader} failed: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A list field as GEXF carries it: the items joined with a line feed.
fn joined<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    items.into_iter().collect::<Vec<_>>().join("\n")
}

/// The attribute values a reader must see for `card`, from the card itself.
fn expected_attributes(
    glossary: &Glossary,
    config: &Config,
    card: &Card,
) -> BTreeMap<String, Value> {
    let node = glossary.node(card.slug()).unwrap();
    let map = glossary.map();
    let topic = map.topic_of(node.index());
    let mut out: BTreeMap<String, Value> = BTreeMap::new();
    let mut text = |name: &str, value: String| {
        if !value.is_empty() {
            out.insert(name.to_owned(), Value::from(value));
        }
    };
    text("slug", card.slug().into());
    text("term", card.term().into());
    text("status", card.status().unwrap_or("").into());
    text("definition", plain(card.definition()).into());
    text("aliases", joined(card.aliases()));
    text("note", plain(card.note()).into());
    text("advantages", joined(card.advantages()));
    text("limitations", joined(card.limitations()));
    text("related", joined(card.related()));
    text("supersedes", joined(card.supersedes()));
    text("supersededBy", joined(card.superseded_by()));
    let date =
        |d: Option<glossgraph::card::PartialDate>| d.map(|d| d.to_string()).unwrap_or_default();
    text("firstSeen", date(card.first_seen()));
    text("lastSeen", date(card.last_seen()));
    text("updated", date(card.updated()));
    let citations = card.citations();
    text("citationIds", joined(citations.iter().map(|c| c.id)));
    text("citationTitles", joined(citations.iter().map(|c| c.title)));
    text("citationUrls", joined(citations.iter().map(|c| c.url)));
    let accessed: Vec<String> = citations
        .iter()
        .map(|c| c.accessed.map(|d| d.to_string()).unwrap_or_default())
        .collect();
    text("citationAccessed", accessed.join("\n"));
    text("provenance", joined(card.provenance()));
    text("topic", topic.id.clone());
    text("topicName", topic.name.clone());
    for (name, label) in expected_labels(glossary, config, card) {
        text(&name, label);
    }
    for (name, count) in expected_counts(card) {
        out.insert(name.to_owned(), Value::from(count));
    }
    out.insert(
        "degree".into(),
        Value::from(glossary.neighbours(node).len()),
    );
    out
}

/// Checks what `reader` saw of `file` against `glossary`.
fn check_reader(reader: &str, file: &Path, glossary: &Glossary, config: &Config) {
    let seen = read_with(reader, file);
    let nodes = seen["nodes"].as_object().unwrap();
    assert_eq!(nodes.len(), glossary.cards().len(), "{reader}");
    let map = glossary.map();
    for card in glossary.cards() {
        let node = &nodes[card.slug()];
        let known = expected_attributes(glossary, config, card);
        for (name, value) in &known {
            assert_eq!(&node[name], value, "{reader}: {} {name}", card.slug());
        }
        // Nothing else: an absent field has no value.
        for (name, _) in node.as_object().unwrap() {
            assert!(
                known.contains_key(name.as_str()) || name == "label" || name == "viz",
                "{reader}: {} has an unexpected attribute {name}",
                card.slug()
            );
        }
        assert_eq!(node["label"], card.term(), "{reader}");
        let i = glossary.node(card.slug()).unwrap().index();
        let (x, y) = map.position(i);
        let viz = &node["viz"];
        assert!(
            (viz["x"].as_f64().unwrap() - x).abs() < 0.006,
            "{reader}: {viz} {x}"
        );
        assert!(
            (viz["y"].as_f64().unwrap() - y).abs() < 0.006,
            "{reader}: {viz} {y}"
        );
        let (r, g, b) = glossgraph::map::rgb(&map.topic_of(i).color);
        assert_eq!(viz["color"], format!("rgb({r},{g},{b})"), "{reader}");
        assert!(viz["size"].as_f64().unwrap() >= 4.0, "{reader}");
    }
    let edges = seen["edges"].as_array().unwrap();
    assert_eq!(edges.len(), glossary.graph().edge_count(), "{reader}");
    let by_id: BTreeMap<&str, &Value> = edges
        .iter()
        .map(|e| (e["id"].as_str().unwrap(), e))
        .collect();
    for (a, b, link) in glossary.edges() {
        let (sa, sb) = (glossary.slug(a), glossary.slug(b));
        let edge = by_id[format!("e-{}-{sa}-{sb}", link.kind()).as_str()];
        let ends = [
            edge["source"].as_str().unwrap(),
            edge["target"].as_str().unwrap(),
        ];
        assert_eq!(edge["attrs"]["kind"], link.kind(), "{reader}");
        match link {
            Link::Broader {
                by_narrower,
                by_broader,
            } => {
                assert_eq!(ends, [sa, sb], "{reader}: narrower -> broader");
                assert_eq!(edge["directed"], true, "{reader}: {sa} -> {sb}");
                assert_eq!(edge["attrs"]["statedByNarrower"], by_narrower, "{reader}");
                assert_eq!(edge["attrs"]["statedByBroader"], by_broader, "{reader}");
            }
            Link::Supersedes { by_old, by_new } => {
                assert_eq!(ends, [sa, sb], "{reader}: old -> new");
                assert_eq!(edge["directed"], true, "{reader}: {sa} -> {sb}");
                assert_eq!(edge["attrs"]["statedByOld"], by_old, "{reader}");
                assert_eq!(edge["attrs"]["statedByNew"], by_new, "{reader}");
            }
            Link::Related { mutual } => {
                assert!(ends == [sa, sb] || ends == [sb, sa], "{reader}: {ends:?}");
                assert_eq!(edge["directed"], false, "{reader}: {sa} - {sb}");
                assert_eq!(edge["attrs"]["mutual"], mutual, "{reader}");
            }
        }
    }
}

/// `export INPUT --format gexf --out DIR`, then what both readers saw, checked against the
/// glossary of `input`.
fn export_and_read(input: &Path, out: &Path) {
    ok(&glossgraph(&[
        "export",
        input.to_str().unwrap(),
        "--format",
        "gexf",
        "--out",
        out.to_str().unwrap(),
    ]));
    let (glossary, config) = loaded(input);
    for reader in ["networkx", "graphology"] {
        check_reader(reader, &out.join("glossary.gexf"), &glossary, &config);
    }
}

fn loaded(input: &Path) -> (Glossary, Config) {
    let config = Config::resolve(
        input.parent().filter(|_| input.is_file()).or(Some(input)),
        Default::default(),
    )
    .unwrap();
    let glossary = glossgraph::check::check(
        glossgraph::load::load(&glossgraph::load::Input::Path(input.to_owned())).unwrap(),
        &config,
        Default::default(),
    )
    .glossary;
    (glossary, config)
}

#[test]
fn networkx_and_graphology_read_every_attribute_position_and_link_of_the_sample() {
    let dir = scratch("gexf", "sample");
    export_and_read(&root().join("data"), &dir.join("out"));
}

#[test]
fn hostile_generated_texts_survive_both_readers() {
    let dir = scratch("gexf", "generated");
    let cards = dir.join("g.jsonl");
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "400",
        "--seed",
        "5",
        "--out",
        cards.to_str().unwrap(),
    ]));
    export_and_read(&cards, &dir.join("out"));
}

#[test]
fn a_glossary_without_supersedes_is_an_undirected_graph_both_readers_accept() {
    let dir = scratch("gexf", "undirected");
    let cards = dir.join("cards");
    std::fs::create_dir_all(&cards).unwrap();
    for (slug, related) in [("a", "b"), ("b", "a")] {
        std::fs::write(
            cards.join(format!("{slug}.json")),
            format!(r#"{{"slug": "{slug}", "term": "{slug}", "definition": "d", "related": ["{related}"]}}"#),
        )
        .unwrap();
    }
    export_and_read(&cards, &dir.join("out"));
}

/// Issue 48: both readers see a three-level hierarchy as directed `broader` edges from the
/// narrower term to the broader (with which card stated each, checked in `check_reader`), and
/// each term's label in five languages.
#[test]
fn networkx_and_graphology_read_the_hierarchy_and_the_terms_in_every_language() {
    let dir = scratch("gexf", "hierarchy");
    let (input, glossary, _) = crate::util::fixtures::classification();
    assert_eq!(glossary.edge_counts().broader, 10);
    export_and_read(&input, &dir.join("out"));
}
