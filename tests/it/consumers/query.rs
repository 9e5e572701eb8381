//! What `glossgraph query` writes, read by other programs: xmllint reads the XML results;
//! raptor the graphs in Turtle, RDF/XML and N-Triples; Graphviz draws a graph's DOT, and its
//! GraphML validates against the GraphML schema. In a terminal (`script` gives it one) the
//! default format is a table.

use std::process::Command;

use super::require;
use crate::sparql::query::{LABELS_OF_ROCE, NEIGHBOURS, TWO_LABELS};
use crate::util::{glossgraph, ok, root, scratch, stderr, stdout};

#[test]
fn xmllint_reads_the_xml_results() {
    let xml = ok(&glossgraph(&["query", TWO_LABELS, "--results", "xml"]));
    let dir = scratch("sparql", "xml-results");
    let file = dir.join("results.srx");
    std::fs::write(&file, &xml).unwrap();
    let lint = Command::new(require("xmllint"))
        .args(["--noout", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(lint.status.success(), "{}", stderr(&lint));
}

/// raptor reads the same three triples in Turtle, RDF/XML and N-Triples; Graphviz draws the
/// DOT of a graph, and the GraphML of one validates against the GraphML schema.
#[test]
fn raptor_graphviz_and_the_graphml_schema_read_the_graphs_of_queries() {
    let run = |format: &str| ok(&glossgraph(&["query", LABELS_OF_ROCE, "--results", format]));
    let dir = scratch("sparql", "graph-formats");
    for (name, syntax, ext) in [
        ("turtle", "turtle", "ttl"),
        ("rdfxml", "rdfxml", "rdf"),
        ("ntriples", "ntriples", "nt"),
    ] {
        let file = dir.join(format!("labels.{ext}"));
        std::fs::write(&file, run(name)).unwrap();
        let count = Command::new(require("rapper"))
            .args(["-i", syntax, "-c", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(count.status.success(), "{}", stderr(&count));
        assert!(
            stderr(&count).contains("returned 3 triples"),
            "{name}: {}",
            stderr(&count)
        );
    }
    let dot = ok(&glossgraph(&["query", NEIGHBOURS, "--results", "dot"]));
    let file = dir.join("neighbours.dot");
    std::fs::write(&file, &dot).unwrap();
    let svg = Command::new(require("dot"))
        .args(["-Tsvg", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(svg.status.success(), "{}", stderr(&svg));
    let graphml = ok(&glossgraph(&["query", NEIGHBOURS, "--results", "graphml"]));
    let file = dir.join("neighbours.graphml");
    std::fs::write(&file, &graphml).unwrap();
    let xsd = root().join("target/test-tools/graphml/graphml.xsd");
    assert!(
        xsd.is_file(),
        "run scripts/install-test-tools.sh: {} is missing",
        xsd.display()
    );
    let lint = Command::new(require("xmllint"))
        .args([
            "--noout",
            "--schema",
            xsd.to_str().unwrap(),
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(lint.status.success(), "{}", stderr(&lint));
}

#[test]
fn the_default_format_is_a_table_on_a_terminal() {
    // `script` gives the command a terminal.
    let command = format!(
        "{} query '{}'",
        env!("CARGO_BIN_EXE_glossgraph"),
        TWO_LABELS
    );
    let out = Command::new(require("script"))
        .args(["-qec", &command, "/dev/null"])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out).replace("\r\n", "\n");
    assert!(text.contains("dcbx-cee  CEE DCBX\n(2 rows)"), "{text}");
}
