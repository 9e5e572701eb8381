//! CSV (`glossary.nodes.csv`, `glossary.edges.csv`), loaded into two real graph databases:
//! Kuzu, embedded, and a FalkorDB server started on loopback for the run
//! (`tests/consumers/csv_graphdb.py` drives both). Each loads the sample glossary, the hostile
//! one, a generated one and a three-level classification in five languages, then answers in
//! Cypher: how many terms, how many links of each type, every link with its direction and
//! flags, the supersession chain of a term both ways, the terms above each term along
//! `BROADER`, and every property of every term (its term in each language too). The
//! answers must be glossgraph's own: the counts and properties from the loaded glossary, the
//! chain from `glossgraph query --saved supersession-chain` (SPARQL), the terms above from its
//! hierarchy. The databases come from
//! `scripts/install-test-tools.sh`; a missing one fails the test.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use glossgraph::config::Config;
use glossgraph::graph::Link;
use glossgraph::hierarchy::Hierarchy;
use glossgraph::Glossary;
use serde_json::{json, Value};

use super::nodelink::{expected_attributes, hostile_input};
use super::require;
use crate::util::fixtures::{checked, classification, sample};
use crate::util::{glossgraph, ok, root, scratch, stderr};

/// One glossary to load: its name (a folder of the scratch space), its input, the term whose
/// chain is asked for (none in a glossary without supersession), the glossary itself and its
/// settings.
struct Case {
    name: &'static str,
    input: std::path::PathBuf,
    chain_of: Option<String>,
    glossary: Glossary,
    config: Config,
}

/// The sample, hostile, generated and classification glossaries, each exported as CSV into
/// `dir/NAME`.
fn cases(dir: &Path) -> Vec<Case> {
    let (hostile_input, hostile) = hostile_input(dir);
    let generated = dir.join("generated.jsonl");
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "300",
        "--seed",
        "5",
        "--out",
        generated.to_str().unwrap(),
    ]));
    let generated_glossary = checked(
        "generated.jsonl",
        &std::fs::read_to_string(&generated).unwrap(),
    )
    .0;
    let chained = generated_glossary
        .cards()
        .iter()
        .find(|c| !c.superseded_by().is_empty() && !c.supersedes().is_empty())
        .expect("a generated term in the middle of a chain")
        .slug()
        .to_owned();
    let (classified, classification, classification_config) = classification();
    let (sample, sample_config) = sample();
    let cases = vec![
        Case {
            name: "sample",
            input: root().join("data"),
            chain_of: Some("nvme-of-1-0".into()),
            glossary: sample,
            config: sample_config,
        },
        Case {
            name: "hostile",
            input: hostile_input,
            chain_of: Some("hostile-00".into()),
            glossary: hostile,
            config: Config::default(),
        },
        Case {
            name: "generated",
            input: generated,
            chain_of: Some(chained),
            glossary: generated_glossary,
            config: Config::default(),
        },
        Case {
            name: "classification",
            input: classified,
            chain_of: None,
            glossary: classification,
            config: classification_config,
        },
    ];
    for case in &cases {
        ok(&glossgraph(&[
            "export",
            case.input.to_str().unwrap(),
            "--format",
            "csv",
            "--out",
            dir.join(case.name).to_str().unwrap(),
        ]));
    }
    cases
}

/// What `engine` answered for every case, by case name.
fn answers(engine: &str, dir: &Path, cases: &[Case]) -> Value {
    let mut command = Command::new(require("python3"));
    command
        .arg(root().join("tests/consumers/csv_graphdb.py"))
        .arg(engine)
        .arg(dir);
    for case in cases {
        let chain_of = case.chain_of.as_deref().unwrap_or("-");
        command.arg(format!("{}:{chain_of}", case.name));
    }
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{engine} failed (run scripts/install-test-tools.sh if it is missing): {}",
        stderr(&out)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// glossgraph's own supersession chain of `slug` (SPARQL over its RDF), by direction:
/// `[[other, steps]]` sorted by slug.
fn chain_by_sparql(input: &Path, slug: &str) -> BTreeMap<String, Value> {
    let out = ok(&glossgraph(&[
        "query",
        input.to_str().unwrap(),
        "--saved",
        "supersession-chain",
        "--param",
        &format!("slug={slug}"),
        "--results",
        "json",
    ]));
    let results: Value = serde_json::from_str(&out).unwrap();
    let mut chain: BTreeMap<String, Vec<(String, u64)>> = BTreeMap::new();
    chain.insert("replaced by".into(), Vec::new());
    chain.insert("replaces".into(), Vec::new());
    for row in results["results"]["bindings"].as_array().unwrap() {
        let value = |name: &str| row[name]["value"].as_str().unwrap().to_owned();
        chain
            .get_mut(&value("direction"))
            .unwrap()
            .push((value("other"), value("steps").parse().unwrap()));
    }
    chain
        .into_iter()
        .map(|(direction, mut terms)| {
            terms.sort();
            (direction, json!(terms))
        })
        .collect()
}

/// A term's properties as the CSV carries them: every list (empty ones too) with its count,
/// a citation without an access date as an empty item, the `Term` label.
fn expected_row(
    glossary: &Glossary,
    config: &Config,
    card: &glossgraph::Card,
) -> serde_json::Map<String, Value> {
    let mut row = expected_attributes(glossary, config, card);
    for (list, count) in [
        ("aliases", Some("aliasCount")),
        ("advantages", Some("advantageCount")),
        ("limitations", Some("limitationCount")),
        ("related", Some("relatedCount")),
        ("supersedes", Some("supersedesCount")),
        ("supersededBy", Some("supersededByCount")),
        ("citationIds", Some("citationCount")),
        ("citationTitles", None),
        ("citationUrls", None),
        ("citationAccessed", None),
        ("provenance", Some("provenanceCount")),
    ] {
        let items: Vec<Value> = row
            .remove(list)
            .map(|v| v.as_array().unwrap().clone())
            .unwrap_or_default()
            .into_iter()
            .map(|item| if item.is_null() { json!("") } else { item })
            .collect();
        if let Some(count) = count {
            row.insert(count.into(), json!(items.len()));
        }
        row.insert(list.into(), Value::Array(items));
    }
    row.insert("label".into(), json!("Term"));
    row
}

/// Checks what `engine` answered against glossgraph's own answers, case by case.
fn check_engine(engine: &str) {
    let dir = scratch("csv", engine);
    let cases = cases(&dir);
    let seen = answers(engine, &dir, &cases);
    for case in &cases {
        let (glossary, got) = (&case.glossary, &seen[case.name]);
        let at = format!("{engine}, {}", case.name);
        assert_eq!(got["terms"], glossary.cards().len(), "{at}: terms");
        let counts = glossary.edge_counts();
        assert_eq!(
            got["edges"],
            json!({
                "RELATED": counts.related,
                "SUPERSEDES": counts.supersedes,
                "BROADER": counts.broader
            }),
            "{at}: links by type"
        );
        let (mut related, mut supersedes, mut broader) = (Vec::new(), Vec::new(), Vec::new());
        for (a, b, link) in glossary.edges() {
            let (sa, sb) = (glossary.slug(a), glossary.slug(b));
            match link {
                Link::Related { mutual } => related.push(json!([sa, sb, mutual])),
                // (new)-[:SUPERSEDES]->(old).
                Link::Supersedes { by_old, by_new } => {
                    supersedes.push(json!([sb, sa, by_old, by_new]));
                }
                // (narrower)-[:BROADER]->(broader).
                Link::Broader {
                    by_narrower,
                    by_broader,
                } => broader.push(json!([sa, sb, by_narrower, by_broader])),
            }
        }
        for rows in [&mut related, &mut supersedes, &mut broader] {
            rows.sort_by_key(|v| v.to_string());
        }
        let sorted = |v: &Value| {
            let mut rows = v.as_array().unwrap().clone();
            rows.sort_by_key(|v| v.to_string());
            rows
        };
        assert_eq!(sorted(&got["related"]), related, "{at}: RELATED");
        assert_eq!(sorted(&got["supersedes"]), supersedes, "{at}: SUPERSEDES");
        assert_eq!(sorted(&got["broader"]), broader, "{at}: BROADER");
        // The terms above each term, at any distance: glossgraph's `broaderTransitive`.
        let tree = Hierarchy::of(glossary);
        let above: Vec<Value> = (0..glossary.cards().len())
            .flat_map(|i| {
                let slug = glossary.cards()[i].slug();
                let tree = &tree;
                tree.ancestors(i)
                    .into_iter()
                    .map(move |j| json!([slug, glossary.cards()[j].slug()]))
            })
            .collect();
        assert_eq!(
            sorted(&got["above"]),
            sorted(&json!(above)),
            "{at}: BROADER*"
        );
        if let Some(chain_of) = &case.chain_of {
            let chain = chain_by_sparql(&case.input, chain_of);
            assert!(
                chain
                    .values()
                    .any(|terms| !terms.as_array().unwrap().is_empty()),
                "{at}: {chain_of} has a chain"
            );
            for (direction, terms) in chain {
                assert_eq!(got[&direction], terms, "{at}: {chain_of} {direction}");
            }
        }
        let nodes = got["nodes"].as_object().unwrap();
        assert_eq!(nodes.len(), glossary.cards().len(), "{at}");
        let map = glossary.map();
        for card in glossary.cards() {
            let mut node = nodes[card.slug()].as_object().unwrap().clone();
            let i = glossary.node(card.slug()).unwrap().index();
            let (x, y) = map.position(i);
            for (axis, value) in [("x", x), ("y", y)] {
                let read = node.remove(axis).and_then(|v| v.as_f64()).unwrap();
                assert!((read - value).abs() < 0.006, "{at}: {axis} {read} {value}");
            }
            let expected = expected_row(glossary, &case.config, card);
            assert_eq!(node, expected, "{at}: {}", card.slug());
        }
    }
}

#[test]
fn kuzu_loads_the_csv_and_answers_as_glossgraph_does() {
    check_engine("kuzu");
}

#[test]
fn falkordb_loads_the_csv_and_answers_as_glossgraph_does() {
    check_engine("falkordb");
}
