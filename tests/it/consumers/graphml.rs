//! GraphML, judged by the tools people import it into: every file the tests write validates
//! against the GraphML XML Schema (xmllint), NetworkX and python-igraph load the default
//! profile with the right counts, types and labels, NetworkX finds yEd's and the Neo4j
//! profile's labels, and hostile text comes back exactly.

use glossgraph::card::markdown::plain;
use std::path::{Path, PathBuf};

use serde_json::Value;

use glossgraph::card::{Draft, Texts};
use glossgraph::config::Config;
use glossgraph::export::graphml::{Profile, LIST_SEPARATOR};
use glossgraph::{Card, Glossary};

use super::{hostile, tool};
use crate::broader::{tree_of, Tree};
use crate::graphml::write_graphml;
use crate::util::fixtures::{
    checked, classification, expected_labels, generated_jsonl, sample, HOSTILE,
};
use crate::util::{root, scratch};

/// Writes the GraphML of every profile into `dir` and validates each with xmllint.
fn write_and_validate(dir: &Path, glossary: &Glossary, config: &Config) -> Vec<(Profile, PathBuf)> {
    let plain = root().join("target/test-tools/graphml/graphml.xsd");
    assert!(
        plain.is_file(),
        "{} is missing: run scripts/install-test-tools.sh",
        plain.display()
    );
    let yed = root().join("tests/consumers/graphml-yed.xsd");
    Profile::ALL
        .iter()
        .map(|&profile| {
            let path = dir.join(format!("{}.graphml", profile.name()));
            std::fs::write(&path, write_graphml(glossary, config, profile)).unwrap();
            let schema = if profile == Profile::Yed {
                &yed
            } else {
                &plain
            };
            let out = tool(
                "xmllint",
                &[
                    "--nonet",
                    "--noout",
                    "--schema",
                    schema.to_str().unwrap(),
                    path.to_str().unwrap(),
                ],
            );
            assert!(
                out.status.success(),
                "{} does not validate against {}:\n{}",
                path.display(),
                schema.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("{} validates\n", path.display())
            );
            (profile, path)
        })
        .collect()
}

/// What NetworkX or igraph read from a GraphML file (see tests/consumers/graphml_read.py).
fn read_with(library: &str, path: &Path) -> Value {
    let script = root().join("tests/consumers/graphml_read.py");
    let out = tool(
        "python3",
        &[script.to_str().unwrap(), library, path.to_str().unwrap()],
    );
    assert!(
        out.status.success(),
        "{library} cannot read {}: {}\n(python3 with networkx and igraph is installed by \
         scripts/install-test-tools.sh)",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The string attributes of a card as every profile writes them.
fn expected_strings(card: &Card) -> Vec<(&'static str, String)> {
    let join = |items: Texts<'_>| items.iter().collect::<Vec<_>>().join(LIST_SEPARATOR);
    let mut out = vec![
        ("slug", card.slug().to_owned()),
        ("term", card.term().to_owned()),
    ];
    // An empty text has no data (a card of a thesaurus may have no definition).
    let optional = [
        ("definition", plain(card.definition()).into_owned()),
        (
            "status",
            card.status().map(str::to_owned).unwrap_or_default(),
        ),
        ("note", plain(card.note()).into_owned()),
        ("aliases", join(card.aliases())),
        ("advantages", join(card.advantages())),
        ("limitations", join(card.limitations())),
        ("related", join(card.related())),
        ("supersedes", join(card.supersedes())),
        ("supersededBy", join(card.superseded_by())),
        ("provenance", join(card.provenance())),
        (
            "citationTitles",
            card.citations()
                .iter()
                .map(|c| c.title)
                .collect::<Vec<_>>()
                .join(LIST_SEPARATOR),
        ),
        (
            "citationUrls",
            card.citations()
                .iter()
                .map(|c| c.url)
                .collect::<Vec<_>>()
                .join(LIST_SEPARATOR),
        ),
        (
            "updated",
            card.updated().map(|d| d.to_string()).unwrap_or_default(),
        ),
    ];
    out.extend(optional.into_iter().filter(|(_, v)| !v.is_empty()));
    out
}

pub fn expected_counts(card: &Card) -> [(&'static str, usize); 8] {
    [
        ("aliasCount", card.aliases().len()),
        ("advantageCount", card.advantages().len()),
        ("limitationCount", card.limitations().len()),
        ("relatedCount", card.related().len()),
        ("supersedesCount", card.supersedes().len()),
        ("supersededByCount", card.superseded_by().len()),
        ("citationCount", card.citations().len()),
        ("provenanceCount", card.provenance().len()),
    ]
}

/// Checks what a library read against the glossary: counts, every string exactly, counts as
/// numbers, the term as `label` (and `name`), edge kinds.
fn assert_reads_back(library: &str, read: &Value, glossary: &Glossary) {
    let nodes = read["nodes"].as_object().unwrap();
    let edges = read["edges"].as_array().unwrap();
    assert_eq!(read["directed"], true, "{library}");
    assert_eq!(nodes.len(), glossary.cards().len(), "{library}: node count");
    assert_eq!(
        edges.len(),
        glossary.graph().edge_count(),
        "{library}: edge count"
    );
    for card in glossary.cards() {
        let node = &nodes[card.slug()];
        for (key, value) in expected_strings(card) {
            assert_eq!(
                node[key].as_str(),
                Some(value.as_str()),
                "{library}: {}/{key}",
                card.slug()
            );
        }
        assert_eq!(
            node["label"].as_str(),
            Some(card.term()),
            "{library}: label"
        );
        assert_eq!(node["name"].as_str(), Some(card.term()), "{library}: name");
        for (key, count) in expected_counts(card) {
            let value = &node[key];
            match library {
                // NetworkX gives Python ints: JSON integers.
                "networkx" => assert_eq!(value.as_u64(), Some(count as u64), "{library}: {key}"),
                // igraph keeps every number as a double: an integral one.
                _ => assert_eq!(value.as_f64(), Some(count as f64), "{library}: {key}"),
            }
        }
    }
    let counts = glossary.edge_counts();
    let kind = |k: &str| edges.iter().filter(|e| e[2]["kind"] == k).count();
    assert_eq!(
        (kind("related"), kind("supersedes"), kind("broader")),
        (counts.related, counts.supersedes, counts.broader),
        "{library}"
    );
    for edge in edges {
        let attrs = &edge[2];
        if attrs["kind"] == "related" {
            assert!(
                attrs["mutual"].is_boolean(),
                "{library}: mutual is a boolean"
            );
        }
    }
}

#[test]
fn every_profile_validates_against_the_graphml_schema() {
    let generated = generated_jsonl(300);
    let fixtures = [
        ("sample", sample()),
        ("hostile", hostile()),
        ("generated", checked("generated.jsonl", &generated)),
    ];
    for (name, (glossary, config)) in &fixtures {
        let dir = scratch("graphml", &format!("schema-{name}"));
        let written = write_and_validate(&dir, glossary, config);
        assert_eq!(written.len(), 3);
    }
    // With stub nodes for dangling links, too.
    let (g, config) = sample();
    let mut cards: Vec<Draft> = g.cards().iter().map(Card::draft).collect();
    cards[0].related.push("no-such-term".into());
    let stubs = Glossary::new(cards.iter().map(Card::from).collect()).with_missing();
    write_and_validate(&scratch("graphml", "schema-stubs"), &stubs, &config);
}

#[test]
fn networkx_and_igraph_load_the_default_profile() {
    let (glossary, config) = sample();
    let dir = scratch("graphml", "consumers-sample");
    let path = dir.join("glossary.graphml");
    std::fs::write(&path, write_graphml(&glossary, &config, Profile::Default)).unwrap();
    for library in ["networkx", "igraph"] {
        let read = read_with(library, &path);
        assert_reads_back(library, &read, &glossary);
        assert_eq!(read["graph"]["title"], config.title.as_str());
    }
    // The sample's RoCEv2, spelled out.
    let read = read_with("networkx", &path);
    let roce = &read["nodes"]["roce-v2"];
    assert_eq!(roce["label"], "RoCEv2");
    assert_eq!(roce["aliasCount"], 2);
    assert_eq!(
        roce["aliases"],
        "RoCE v2\nRDMA over Converged Ethernet version 2"
    );
    assert_eq!(roce["citationCount"], 4);
    assert_eq!(roce["status"], "shipping");
}

#[test]
fn hostile_text_comes_back_exactly() {
    let (glossary, config) = hostile();
    let dir = scratch("graphml", "hostile");
    let written = write_and_validate(&dir, &glossary, &config);
    let default = &written[0].1;
    for library in ["networkx", "igraph"] {
        let read = read_with(library, default);
        assert_reads_back(library, &read, &glossary);
    }
    // Every hostile string is somewhere in the file, escaped, and comes back as a term.
    let read = read_with("networkx", default);
    let terms: Vec<&str> = read["nodes"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n["term"].as_str().unwrap())
        .collect();
    for (i, text) in HOSTILE.iter().enumerate() {
        assert!(terms.contains(&format!("{text} #{i}").as_str()), "{text:?}");
    }
}

#[test]
fn networkx_finds_the_yed_labels() {
    for (name, (glossary, config)) in [("sample", sample()), ("hostile", hostile())] {
        let dir = scratch("graphml", &format!("yed-{name}"));
        let path = dir.join("glossary.yed.graphml");
        std::fs::write(&path, write_graphml(&glossary, &config, Profile::Yed)).unwrap();
        let read = read_with("networkx", &path);
        let nodes = read["nodes"].as_object().unwrap();
        assert_eq!(nodes.len(), glossary.cards().len());
        for card in glossary.cards() {
            // NetworkX puts the text of y:NodeLabel into `label`.
            assert_eq!(nodes[card.slug()]["label"].as_str(), Some(card.term()));
            assert_eq!(nodes[card.slug()]["shape_type"], "roundrectangle");
        }
        assert_eq!(
            read["edges"].as_array().unwrap().len(),
            glossary.graph().edge_count()
        );
    }
}

#[test]
fn networkx_reads_the_labels_of_the_neo4j_profile() {
    let (glossary, config) = sample();
    let dir = scratch("graphml", "neo4j");
    let path = dir.join("glossary.neo4j.graphml");
    std::fs::write(&path, write_graphml(&glossary, &config, Profile::Neo4j)).unwrap();
    let read = read_with("networkx", &path);
    assert_eq!(read["nodes"]["roce-v2"]["labels"], ":Term:Shipping");
    assert_eq!(read["nodes"]["roce-v2"]["name"], "RoCEv2");
}

/// Issue 48: NetworkX and igraph read a three-level hierarchy as `broader` edges from the
/// narrower term to the broader, with which card stated each, and every term's label in each
/// of five languages as an attribute `term_{tag}`; every profile validates.
#[test]
fn networkx_and_igraph_read_the_hierarchy_and_the_terms_in_every_language() {
    let (_, glossary, config) = classification();
    let dir = scratch("graphml", "hierarchy");
    let written = write_and_validate(&dir, &glossary, &config);
    let tree = tree_of(&glossary);
    for library in ["networkx", "igraph"] {
        let read = read_with(library, &written[0].1);
        assert_reads_back(library, &read, &glossary);
        let broader: Tree = read["edges"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e[2]["kind"] == "broader")
            .map(|e| {
                let end = |k: usize| e[k].as_str().unwrap().to_owned();
                let flag = |k: &str| e[2][k].as_bool().unwrap_or_else(|| panic!("{k}: {e}"));
                (
                    (end(0), end(1)),
                    (flag("statedByNarrower"), flag("statedByBroader")),
                )
            })
            .collect();
        assert_eq!(broader, tree, "{library}");
        for card in glossary.cards() {
            let node = &read["nodes"][card.slug()];
            let labels = expected_labels(&glossary, &config, card);
            assert!(labels.len() >= 4, "{}", card.slug());
            for (key, term) in labels {
                assert_eq!(
                    node[&key],
                    term.as_str(),
                    "{library}: {} {key}",
                    card.slug()
                );
            }
        }
    }
    // Neo4j's relationship type, as NetworkX reads the edge's `label`.
    let neo4j = read_with("networkx", &written[2].1);
    for edge in neo4j["edges"].as_array().unwrap() {
        let ty = if edge[2]["kind"] == "broader" {
            "BROADER"
        } else {
            "RELATED"
        };
        assert_eq!(edge[2]["label"], ty, "{edge}");
    }
}
