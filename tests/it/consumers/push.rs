//! `glossgraph push` into a real Oxigraph server and a real Virtuoso: the sample and 3,000
//! generated terms read back and compared, pushed twice, with wrong credentials, through the
//! Graph Store and SPARQL Update, and a query the server stops answered in part and noticed.

use std::collections::BTreeSet;
use std::time::Duration;

use glossgraph::sparql::push::{self, Client, PushError};
use glossgraph::sparql::{Answer, GlossaryStore};

use super::stores::{Oxigraph, Virtuoso};
use crate::sparql::push::{local, push_with_password, GRAPH, SAMPLE_TRIPLES};
use crate::util::fixtures::generated;
use crate::util::{glossgraph, ok, scratch, stderr};

/// The triples about `slugs`, from the local store, as sorted text.
fn local_triples(store: &GlossaryStore, slugs: &[String]) -> BTreeSet<String> {
    let query = format!("SELECT ?s ?p ?o WHERE {{ {} ?s ?p ?o }}", values(slugs));
    let prepared = store.prepare(&query).unwrap();
    let Answer::Solutions(s) = store.run(&prepared, None).unwrap() else {
        panic!()
    };
    rows(&s)
}

/// The same triples, read back from `graph` at a remote SPARQL endpoint.
fn remote_triples(
    client: &Client,
    endpoint: &str,
    graph: &str,
    slugs: &[String],
) -> BTreeSet<String> {
    let query = format!(
        "SELECT ?s ?p ?o WHERE {{ GRAPH <{graph}> {{ {} ?s ?p ?o }} }}",
        values(slugs)
    );
    rows(&client.select(endpoint, &query, &mut |_| {}).unwrap())
}

fn values(slugs: &[String]) -> String {
    let terms: Vec<String> = slugs
        .iter()
        .map(|s| format!("<https://glossgraph.example/rdma-storage/term/{s}>"))
        .collect();
    format!("VALUES ?s {{ {} }}", terms.join(" "))
}

/// Rows as text. Virtuoso keeps the value of an `xsd:boolean` but not its lexical form
/// (`true` comes back as `1`), so booleans are compared in canonical form.
fn rows(s: &glossgraph::sparql::Solutions) -> BTreeSet<String> {
    s.rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|t| t.as_ref().map(ToString::to_string).unwrap_or_default())
                .map(|t| match t.as_str() {
                    "\"1\"^^<http://www.w3.org/2001/XMLSchema#boolean>" => {
                        "\"true\"^^<http://www.w3.org/2001/XMLSchema#boolean>".to_owned()
                    }
                    "\"0\"^^<http://www.w3.org/2001/XMLSchema#boolean>" => {
                        "\"false\"^^<http://www.w3.org/2001/XMLSchema#boolean>".to_owned()
                    }
                    _ => t,
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Asserts two sets of rows are equal, showing only what differs.
fn assert_same(remote: BTreeSet<String>, local: BTreeSet<String>) {
    let missing: Vec<_> = local.difference(&remote).collect();
    let extra: Vec<_> = remote.difference(&local).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "the store lacks {missing:#?}\nand has extra {extra:#?}"
    );
}

/// Every 400th slug of a generated corpus.
fn sample_slugs(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .step_by(400)
        .map(|l| {
            let card: serde_json::Value = serde_json::from_str(l).unwrap();
            card["slug"].as_str().unwrap().to_owned()
        })
        .collect()
}

/// The triple count in the `verified:` line of a push.
fn verified_count(out: &str) -> u64 {
    let line = out
        .lines()
        .find(|l| l.starts_with("verified: "))
        .unwrap_or_else(|| panic!("no verified line in {out}"));
    line.split(" counts ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn push_into_oxigraph_server() {
    let store = Oxigraph::start("push", 2);
    let gsp = format!("{}/store", store.base);
    let query = format!("{}/query", store.base);
    let client = Client::new(push::Settings::default());

    // The sample glossary, read back.
    let out = ok(&glossgraph(&[
        "push",
        "--endpoint",
        &gsp,
        "--verify",
        &query,
    ]));
    assert!(
        out.starts_with(&format!(
            "pushed {SAMPLE_TRIPLES} triples to graph <{GRAPH}> at {gsp}"
        )),
        "{out}"
    );
    assert_eq!(verified_count(&out), SAMPLE_TRIPLES);
    let sample = local("data");
    let slugs: Vec<String> = ["roce-v2", "nvme-of-1-0", "iwarp"]
        .map(String::from)
        .to_vec();
    let here = local_triples(&sample, &slugs);
    assert!(here.len() > 60, "{here:?}");
    assert_same(remote_triples(&client, &query, GRAPH, &slugs), here);

    // Twice: replaced, not duplicated.
    let out = ok(&glossgraph(&[
        "push",
        "--endpoint",
        &gsp,
        "--verify",
        &query,
    ]));
    assert_eq!(verified_count(&out), SAMPLE_TRIPLES);

    // A query that hits the server's time limit comes back as 200 with part of the results;
    // the reader notices instead of taking it for the answer. (Oxigraph checks its deadline
    // only when it reads the store: a plain cross product would stream for ever.)
    let patient = Client::new(push::Settings {
        timeout: Duration::from_secs(60),
        ..push::Settings::default()
    });
    // Each row asks the store a cross product of its triples (the NOT EXISTS), so Oxigraph
    // sees its deadline pass before the first row: the answer is cut off after its head. (A
    // cross product in the pattern itself streamed 88 MB of rows in those 2 s, 12 s to read.)
    let heavy = format!(
        "SELECT ?a WHERE {{ GRAPH <{GRAPH}> {{ ?a ?p ?o FILTER NOT EXISTS {{ ?b ?q ?o2 . ?c ?r ?o3 . ?d ?s ?o4 FILTER (?o4 = ?a) }} }} }}"
    );
    let e = patient.select(&query, &heavy, &mut |_| {}).unwrap_err();
    assert!(matches!(e, PushError::Partial { .. }), "{e}");
    // Partial, not the client's time-out: the server stopped at its own limit (2 s).
    assert!(
        e.to_string().contains("gave only part of its answer"),
        "{e}"
    );

    // 600 generated terms in one atomic PUT (the benchmarks push 100k and 1M; 3,000 terms
    // here kept the server busy 15–26 s storing them).
    let corpus = generated(600);
    let corpus_arg = corpus.to_str().unwrap();
    let out = ok(&glossgraph(&[
        "push",
        corpus_arg,
        "--endpoint",
        &gsp,
        "--verify",
        &query,
        "--max-body",
        "1000000000",
    ]));
    assert!(out.contains("(1 requests,"), "{out}");
    let triples = verified_count(&out);
    assert!(triples > 30_000, "{out}");
    let big = local(corpus_arg);
    let slugs = sample_slugs(&corpus);
    let here = local_triples(&big, &slugs);
    assert!(here.len() > 20 * slugs.len(), "{}", here.len());
    assert_same(remote_triples(&client, &query, GRAPH, &slugs), here);

    // SPARQL Update instead of the Graph Store, into another graph.
    let out = ok(&glossgraph(&[
        "push",
        "--endpoint",
        &format!("{}/update", store.base),
        "--protocol",
        "update",
        "--graph",
        "https://example.org/other/",
        "--verify",
        &query,
    ]));
    assert_eq!(verified_count(&out), SAMPLE_TRIPLES);
}

#[test]
fn push_into_virtuoso() {
    let store = Virtuoso::start("push");
    let gsp = format!("{}/sparql-graph-crud-auth", store.base);
    let query = format!("{}/sparql", store.base);
    let pw = store.password.as_str();

    // Wrong password, no user: clear errors, nothing pushed.
    let out = push_with_password("not-the-password", &["--endpoint", &gsp, "--user", "dba"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("refused the credentials of user `dba` (HTTP 401): check the password given in GLOSSGRAPH_PASSWORD or --password-file"),
        "{}",
        stderr(&out)
    );
    let out = glossgraph(&["push", "--endpoint", &gsp]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("asks for authentication (HTTP 401): give --user"),
        "{}",
        stderr(&out)
    );

    // The sample glossary, read back, pushed twice (Digest authentication).
    let client = Client::new(push::Settings::default());
    for _ in 0..2 {
        let out = push_with_password(
            pw,
            &["--endpoint", &gsp, "--user", "dba", "--verify", &query],
        );
        assert_eq!(verified_count(&ok(&out)), SAMPLE_TRIPLES);
    }
    let sample = local("data");
    let slugs: Vec<String> = ["roce-v2", "nvme-of-1-0", "iwarp"]
        .map(String::from)
        .to_vec();
    assert_same(
        remote_triples(&client, &query, GRAPH, &slugs),
        local_triples(&sample, &slugs),
    );

    // 600 generated terms, with the password in a file this time.
    let corpus = generated(600);
    let corpus_arg = corpus.to_str().unwrap();
    let dir = scratch("sparql", "virtuoso-password");
    let file = dir.join("password");
    std::fs::write(&file, format!("{pw}\n")).unwrap();
    let out = glossgraph(&[
        "push",
        corpus_arg,
        "--endpoint",
        &gsp,
        "--user",
        "dba",
        "--password-file",
        file.to_str().unwrap(),
        "--verify",
        &query,
        "--max-body",
        "1000000",
    ]);
    let triples = verified_count(&ok(&out));
    assert!(triples > 30_000);
    // Past --max-body (1 MB here) the payload goes as a PUT and POSTs.
    let requests: usize = ok(&out)
        .split(" requests,")
        .next()
        .and_then(|before| before.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no request count in {}", ok(&out)));
    assert!(requests > 1, "{}", ok(&out));
    let big = local(corpus_arg);
    let slugs = sample_slugs(&corpus);
    assert_same(
        remote_triples(&client, &query, GRAPH, &slugs),
        local_triples(&big, &slugs),
    );

    // SPARQL Update at /sparql-auth.
    let out = push_with_password(
        pw,
        &[
            "--endpoint",
            &format!("{}/sparql-auth", store.base),
            "--protocol",
            "update",
            "--user",
            "dba",
            "--graph",
            "https://example.org/other/",
            "--verify",
            &query,
        ],
    );
    assert_eq!(verified_count(&ok(&out)), SAMPLE_TRIPLES);

    // Virtuoso answers a query stopped by its `timeout` parameter with 200, part of the
    // results and X-SQL-State: the reader refuses it.
    let heavy = format!(
        "SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{GRAPH}> {{ ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }} }}"
    );
    let e = client
        .select(&format!("{query}?timeout=1000"), &heavy, &mut |_| {})
        .unwrap_err();
    assert!(matches!(e, PushError::Partial { .. }), "{e}");
    assert!(e.to_string().contains("X-SQL-State: S1TAT"), "{e}");
}
