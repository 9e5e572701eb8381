//! A glossary whose store does not fit in memory goes to Oxigraph's own server (issue 34):
//! `glossgraph export --format nquads`, then `oxigraph load` into a store on disk and
//! `oxigraph serve-read-only` over it. That server answers the saved queries as glossgraph's
//! own `query` does.

use std::fmt::Write as _;
use std::process::Command;

use glossgraph::config::{Config, Settings};
use glossgraph::load::Input;
use glossgraph::rdf::vocab::{query_prefixes, Iris};
use glossgraph::sparql::saved::SavedQuery;

use super::require;
use super::stores::Oxigraph;
use crate::util::fixtures::generated;
use crate::util::http::{Answer, Request};
use crate::util::{glossgraph, ok, scratch, stderr};

/// The saved query `name` as a standalone query for another server: glossgraph's predeclared
/// prefixes declared.
fn standalone(name: &str, iris: &Iris) -> String {
    let saved = SavedQuery::find(name).expect("a saved query");
    let mut text = String::new();
    for (prefix, namespace) in query_prefixes(iris) {
        writeln!(text, "PREFIX {prefix}: <{namespace}>").unwrap();
    }
    text.push_str(saved.text);
    text
}

/// The saved queries compared, every parameter left free (so every term answers).
const QUERIES: &[&str] = &[
    "terms-by-status",
    "supersession-chain",
    "search-labels",
    "statements-by-citation",
];

/// `SELECT` answers as CSV rows, sorted: the two servers may order rows an `ORDER BY` leaves
/// tied differently.
fn sorted_rows(csv: &str) -> Vec<String> {
    let mut lines = csv.lines().map(str::to_owned).collect::<Vec<_>>();
    let header = lines.remove(0);
    lines.sort();
    lines.insert(0, header);
    lines
}

#[test]
fn oxigraph_cli_loads_the_nquads_export_and_answers_as_glossgraph_query() {
    let input = generated(600);
    let input = input.to_str().unwrap();
    let dir = scratch("sparql", "large-oxigraph-cli");
    let exports = dir.join("exports");
    ok(&glossgraph(&[
        "export",
        input,
        "--format",
        "nquads",
        "--out",
        exports.to_str().unwrap(),
    ]));
    let nquads = exports.join("glossary.nq");
    let location = dir.join("db");
    let load = Command::new(require("oxigraph"))
        .args(["load", "--location"])
        .arg(&location)
        .arg("--file")
        .arg(&nquads)
        .output()
        .expect("oxigraph load runs");
    assert!(load.status.success(), "oxigraph load: {}", stderr(&load));
    let server = Oxigraph::serve_loaded("large", &location);

    let parsed = Input::parse(input);
    let config = Config::resolve(parsed.config_dir().as_deref(), Settings::default()).unwrap();
    let iris = Iris::new(&config.base);
    for name in QUERIES {
        let ours = ok(&glossgraph(&[
            "query",
            input,
            "--saved",
            name,
            "--results",
            "csv",
        ]));
        let text = standalone(name, &iris);
        let Answer {
            status,
            body: theirs,
            ..
        } = Request::post(&format!("{}/query", server.base))
            .form("query", &text)
            .header("Accept", "text/csv")
            .send();
        assert_eq!(status, 200, "{name}: {theirs}");
        assert!(ours.lines().count() > 1, "{name} answered nothing: {ours}");
        assert_eq!(sorted_rows(&theirs), sorted_rows(&ours), "{name}");
    }
    // Every quad arrived, in the graphs glossgraph put it in.
    let count = "SELECT (COUNT(*) AS ?quads) (COUNT(DISTINCT ?g) AS ?graphs) \
                 WHERE { GRAPH ?g { ?s ?p ?o } }";
    let ours = ok(&glossgraph(&["query", input, count, "--results", "csv"]));
    let Answer {
        status,
        body: theirs,
        ..
    } = Request::post(&format!("{}/query", server.base))
        .form("query", count)
        .header("Accept", "text/csv")
        .send();
    assert_eq!(status, 200, "{theirs}");
    assert_eq!(
        theirs.lines().collect::<Vec<_>>(),
        ours.lines().collect::<Vec<_>>()
    );
    let quads: usize = ours
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let written = std::fs::read_to_string(&nquads).unwrap().lines().count();
    assert_eq!(quads, written);
}
