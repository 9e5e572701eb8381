//! The hierarchy in the graph exports (issue 48): a three-level classification in five
//! languages, exported by the real binary, read back here file by file. Every format carries
//! each `broader` link once, from the narrower term to the broader, with the edge type
//! `broader` (`BROADER` in CSV and Neo4j) and which of the two cards stated it; every term
//! carries its label in each language as `term_{tag}`; and a glossary without a hierarchy or
//! other languages gets none of the new keys (the sample's exports, compared byte for byte by
//! `export --check`, hold that too). The readers the users have read the same files in
//! `consumers/` (NetworkX, igraph, xmllint, graphology, Kuzu, FalkorDB, Cytoscape.js).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use quick_xml::events::{BytesStart, Event};
use serde_json::Value;

use crate::util::fixtures::{classification, expected_labels};
use crate::util::{glossgraph, ok, scratch};

/// (narrower, broader) → (stated by the narrower, stated by the broader), from the cards.
pub(crate) type Tree = BTreeMap<(String, String), (bool, bool)>;

/// The hierarchy the cards of `glossary` state, between its terms, read from the cards
/// themselves (not from the graph).
pub(crate) fn tree_of(glossary: &glossgraph::Glossary) -> Tree {
    let known = |slug: &str| glossary.cards().iter().any(|c| c.slug() == slug);
    let mut tree = Tree::new();
    for card in glossary.cards() {
        let skos = card.skos();
        for up in skos.broader.iter().filter(|s| known(s)) {
            tree.entry((card.slug().to_owned(), up.clone()))
                .or_default()
                .0 = true;
        }
        for down in skos.narrower.iter().filter(|s| known(s)) {
            tree.entry((down.clone(), card.slug().to_owned()))
                .or_default()
                .1 = true;
        }
    }
    tree
}

/// The classification exported in every format, once per test run.
fn exported() -> &'static PathBuf {
    static DONE: OnceLock<PathBuf> = OnceLock::new();
    DONE.get_or_init(|| {
        let (input, _, _) = classification();
        let out = scratch("broader", "exports");
        ok(&glossgraph(&[
            "export",
            input.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]));
        out
    })
}

fn read(name: &str) -> String {
    std::fs::read_to_string(exported().join(name)).unwrap()
}

fn attr(e: &BytesStart, name: &str) -> Option<String> {
    let a = e.try_get_attribute(name).unwrap()?;
    Some(a.unescape_value().unwrap().into_owned())
}

/// An element of a graph file: its attributes, and its data (GraphML `<data key>`, GEXF
/// `<attvalue for>`) in order.
#[derive(Debug, Default, Clone)]
struct Element {
    attrs: BTreeMap<String, String>,
    data: Vec<(String, String)>,
}

impl Element {
    fn get(&self, key: &str) -> Option<&str> {
        self.data
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The keys (GraphML `key` ids, GEXF attribute ids, each with its `for` or class), nodes and
/// edges of a GraphML or GEXF file.
fn graph_file(text: &str) -> (Vec<(String, String)>, Vec<Element>, Vec<Element>) {
    let mut reader = quick_xml::Reader::from_str(text);
    let (mut keys, mut nodes, mut edges) = (Vec::new(), Vec::new(), Vec::new());
    let mut class = String::new();
    let mut open: Option<(bool, Element)> = None;
    let mut data_key: Option<String> = None;
    loop {
        let event = reader.read_event().unwrap();
        match &event {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => {
                let all = || {
                    e.attributes()
                        .map(|a| {
                            let a = a.unwrap();
                            let key = String::from_utf8(a.key.as_ref().to_vec()).unwrap();
                            (key, a.unescape_value().unwrap().into_owned())
                        })
                        .collect::<BTreeMap<_, _>>()
                };
                match e.name().as_ref() {
                    b"key" => keys.push((attr(e, "id").unwrap(), attr(e, "for").unwrap())),
                    b"attributes" => class = attr(e, "class").unwrap(),
                    b"attribute" => keys.push((attr(e, "id").unwrap(), class.clone())),
                    b"node" | b"edge" if open.is_none() => {
                        let element = Element {
                            attrs: all(),
                            data: Vec::new(),
                        };
                        let is_node = e.name().as_ref() == b"node";
                        if matches!(event, Event::Empty(_)) {
                            if is_node { &mut nodes } else { &mut edges }.push(element);
                        } else {
                            open = Some((is_node, element));
                        }
                    }
                    b"data" => data_key = attr(e, "key"),
                    b"attvalue" => {
                        if let Some((_, element)) = open.as_mut() {
                            let (k, v) = (attr(e, "for").unwrap(), attr(e, "value").unwrap());
                            element.data.push((k, v));
                        }
                    }
                    _ => {}
                }
            }
            Event::Text(t) => {
                if let (Some(key), Some((_, element))) = (data_key.as_ref(), open.as_mut()) {
                    element
                        .data
                        .push((key.clone(), t.unescape().unwrap().into_owned()));
                }
            }
            Event::End(e) => match e.name().as_ref() {
                b"data" => data_key = None,
                b"node" | b"edge" => {
                    if let Some((is_node, element)) = open.take() {
                        if is_node { &mut nodes } else { &mut edges }.push(element);
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
    (keys, nodes, edges)
}

/// The `broader` edges of a graph file, as the tree they draw, asserting each has the id
/// `e-broader-{narrower}-{broader}` and `kind` (`kind_key`) `broader`.
fn broader_edges(edges: &[Element], kind_key: &str) -> Tree {
    edges
        .iter()
        .filter(|e| e.get(kind_key) == Some("broader"))
        .map(|e| {
            let (source, target) = (&e.attrs["source"], &e.attrs["target"]);
            assert_eq!(e.attrs["id"], format!("e-broader-{source}-{target}"));
            let flag = |key: &str| e.get(key).map(|v| v == "true").unwrap();
            let flags = (flag("statedByNarrower"), flag("statedByBroader"));
            ((source.clone(), target.clone()), flags)
        })
        .collect()
}

/// Asserts that every term node has its label in each language, as the card has it, and
/// nothing more.
fn assert_labels(nodes: &[Element], id: &str) {
    let (_, glossary, config) = classification();
    assert_eq!(nodes.len(), glossary.cards().len());
    for card in glossary.cards() {
        let node = nodes.iter().find(|n| n.attrs[id] == card.slug()).unwrap();
        let labels: Vec<(String, String)> = node
            .data
            .iter()
            .filter(|(k, _)| k.starts_with("term_"))
            .cloned()
            .collect();
        assert_eq!(
            labels,
            expected_labels(&glossary, &config, card),
            "{}",
            card.slug()
        );
    }
}

#[test]
fn the_fixture_has_three_levels_and_labels_in_five_languages() {
    let (_, glossary, config) = classification();
    let tree = tree_of(&glossary);
    assert_eq!(tree.len(), 10);
    // Phonetik → Sprachwissenschaft → Geisteswissenschaften: three levels.
    assert!(tree.contains_key(&("phonetik".into(), "sprachwissenschaft".into())));
    assert!(tree.contains_key(&("sprachwissenschaft".into(), "geisteswissenschaften".into())));
    let languages: std::collections::BTreeSet<String> = glossary
        .cards()
        .iter()
        .flat_map(|c| expected_labels(&glossary, &config, c))
        .map(|(k, _)| k)
        .collect();
    assert_eq!(languages.len(), 5, "{languages:?}");
}

#[test]
fn graphml_has_broader_edges_and_a_key_per_language_in_every_profile() {
    let (_, glossary, _) = classification();
    let tree = tree_of(&glossary);
    for (file, kind) in [
        ("glossary.graphml", "kind"),
        ("glossary.yed.graphml", "kind"),
        ("glossary.neo4j.graphml", "kind"),
    ] {
        let text = read(file);
        let (keys, nodes, edges) = graph_file(&text);
        for key in ["term_de", "term_en", "term_es", "term_fr", "term_it"] {
            assert!(keys.contains(&(key.into(), "node".into())), "{file}: {key}");
        }
        for key in ["statedByNarrower", "statedByBroader"] {
            assert!(keys.contains(&(key.into(), "edge".into())), "{file}: {key}");
        }
        assert_eq!(broader_edges(&edges, kind), tree, "{file}");
        assert_labels(&nodes, "id");
        if file.contains("neo4j") {
            // APOC's relationship type is the first `label` data.
            for e in edges.iter().filter(|e| e.get("kind") == Some("broader")) {
                assert_eq!(e.data[0], ("label".into(), "BROADER".into()));
            }
        }
        if file.contains("yed") {
            assert_eq!(text.matches("target=\"white_delta\"").count(), tree.len());
        }
    }
}

#[test]
fn gexf_has_directed_broader_edges_first_and_an_attribute_per_language() {
    let (_, glossary, _) = classification();
    let (keys, nodes, edges) = graph_file(&read("glossary.gexf"));
    assert!(keys.contains(&("term_it".into(), "node".into())));
    assert!(keys.contains(&("statedByBroader".into(), "edge".into())));
    assert_eq!(broader_edges(&edges, "kind"), tree_of(&glossary));
    assert_labels(&nodes, "id");
    // Directed, as graphology takes the graph's type from the first edge.
    assert_eq!(edges[0].get("kind"), Some("broader"));
    for e in &edges {
        let ty = if e.get("kind") == Some("broader") {
            "directed"
        } else {
            "mutual"
        };
        assert_eq!(e.attrs["type"], ty, "{:?}", e.attrs);
    }
}

/// The cells of a CSV line whose quoted cells hold no comma, quote or line break (those of the
/// classification).
fn cells(line: &str) -> Vec<String> {
    line.split(',')
        .map(|c| c.trim_matches('"').to_owned())
        .collect()
}

#[test]
fn csv_has_broader_rows_and_a_column_per_language() {
    let (_, glossary, config) = classification();
    let edges = read("glossary.edges.csv");
    let mut lines = edges.lines();
    let header = cells(lines.next().unwrap());
    assert_eq!(
        &header[3..],
        [
            "mutual:boolean",
            "statedByOld:boolean",
            "statedByNew:boolean",
            "statedByNarrower:boolean",
            "statedByBroader:boolean"
        ]
    );
    let mut tree = Tree::new();
    for line in lines {
        let row = cells(line);
        assert_eq!(row.len(), header.len(), "{line}");
        if row[2] == "BROADER" {
            // (narrower)-[:BROADER]->(broader).
            assert_eq!(row[3..6], ["", "", ""]);
            let flags = (row[6] == "true", row[7] == "true");
            tree.insert((row[0].clone(), row[1].clone()), flags);
        } else {
            assert_eq!(
                (row[2].as_str(), &row[6..]),
                ("RELATED", &[String::new(), String::new()][..])
            );
        }
    }
    assert_eq!(tree, tree_of(&glossary));
    let nodes = read("glossary.nodes.csv");
    let mut lines = nodes.lines();
    let header = cells(lines.next().unwrap());
    assert!(header.ends_with(&[
        "term_de".into(),
        "term_en".into(),
        "term_es".into(),
        "term_fr".into(),
        "term_it".into(),
        "x:double".into(),
        "y:double".into()
    ]));
    for line in lines {
        let row = cells(line);
        let card = glossary
            .cards()
            .iter()
            .find(|c| c.slug() == row[0])
            .unwrap();
        let shown: Vec<(String, String)> = header
            .iter()
            .zip(&row)
            .filter(|(h, v)| h.starts_with("term_") && !v.is_empty())
            .map(|(h, v)| (h.clone(), v.clone()))
            .collect();
        assert_eq!(shown, expected_labels(&glossary, &config, card), "{line}");
    }
}

/// The `broader` links of a JSON format's edge objects (`data` inside each, for Cytoscape.js),
/// as the tree they draw.
fn json_tree(edges: &[Value], inner: Option<&str>) -> Tree {
    edges
        .iter()
        .map(|e| inner.map_or(e, |k| &e[k]))
        .filter(|e| e["kind"] == "broader")
        .map(|e| {
            let end = |k: &str| e[k].as_str().unwrap().to_owned();
            let flag = |k: &str| e[k].as_bool().unwrap();
            (
                (end("source"), end("target")),
                (flag("statedByNarrower"), flag("statedByBroader")),
            )
        })
        .collect()
}

/// Asserts each JSON node (`data` inside, for Cytoscape.js) has its labels as the card has
/// them.
fn assert_json_labels(nodes: &[Value], inner: Option<&str>) {
    let (_, glossary, config) = classification();
    for node in nodes {
        let node = inner.map_or(node, |k| &node[k]);
        let card = glossary
            .cards()
            .iter()
            .find(|c| c.slug() == node["id"])
            .unwrap();
        let labels: Vec<(String, String)> = node
            .as_object()
            .unwrap()
            .iter()
            .filter(|(k, _)| k.starts_with("term_"))
            .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
            .collect();
        assert_eq!(labels, expected_labels(&glossary, &config, card));
    }
}

#[test]
fn node_link_and_cytoscape_json_have_broader_edges_and_labels() {
    let (_, glossary, _) = classification();
    let tree = tree_of(&glossary);
    let nodelink: Value = serde_json::from_str(&read("glossary.nodelink.json")).unwrap();
    let edges = nodelink["edges"].as_array().unwrap();
    assert_eq!(json_tree(edges, None), tree);
    for e in edges.iter().filter(|e| e["kind"] == "broader") {
        assert_eq!(e["key"], "broader");
    }
    assert_json_labels(nodelink["nodes"].as_array().unwrap(), None);
    let cyjs: Value = serde_json::from_str(&read("glossary.cyjs")).unwrap();
    let elements = &cyjs["elements"];
    assert_eq!(
        json_tree(elements["edges"].as_array().unwrap(), Some("data")),
        tree
    );
    assert_json_labels(elements["nodes"].as_array().unwrap(), Some("data"));
}

#[test]
fn the_html_map_has_the_broader_pairs_and_the_manifest_counts_them() {
    let (_, glossary, _) = classification();
    let html = read("glossary.html");
    let start = html.find("id=\"glossary-data\">").unwrap() + "id=\"glossary-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: Value = serde_json::from_str(&html[start..end]).unwrap();
    let slugs = data["slug"].as_array().unwrap();
    let pairs: Vec<u64> = data["broader"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let tree: Vec<(String, String)> = pairs
        .chunks(2)
        .map(|p| {
            let slug = |i: u64| slugs[i as usize].as_str().unwrap().to_owned();
            (slug(p[0]), slug(p[1]))
        })
        .collect();
    let expected: Vec<(String, String)> = tree_of(&glossary).into_keys().collect();
    assert_eq!(tree, expected);
    let manifest: Value = serde_json::from_str(&read("manifest.json")).unwrap();
    assert_eq!(manifest["counts"]["edges"]["broader"], 10);
}

#[test]
fn a_glossary_without_hierarchy_or_languages_gets_no_new_key() {
    let dir = scratch("broader", "none");
    let cards = dir.join("two.jsonl");
    std::fs::write(
        &cards,
        "{\"slug\":\"a\",\"term\":\"A\",\"definition\":\"d\",\"related\":[\"b\"]}\n\
         {\"slug\":\"b\",\"term\":\"B\",\"definition\":\"d\",\"related\":[\"a\"]}\n",
    )
    .unwrap();
    let out = dir.join("out");
    ok(&glossgraph(&[
        "export",
        cards.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    for file in [
        "glossary.graphml",
        "glossary.gexf",
        "glossary.nodes.csv",
        "glossary.edges.csv",
        "glossary.nodelink.json",
        "glossary.cyjs",
        "glossary.dot",
        "glossary.svg",
        "manifest.json",
    ] {
        let text = std::fs::read_to_string(out.join(file)).unwrap();
        for new in ["term_", "statedByNarrower", "broader", "BROADER"] {
            assert!(!text.contains(new), "{file} has {new}");
        }
    }
}

/// The path of the classification's export named `name`, for the drawing tests.
pub(crate) fn exported_file(name: &str) -> PathBuf {
    exported().join(name)
}
