//! `glossgraph push --incremental` (issue 19) into a real Oxigraph server and a real Virtuoso:
//! after one card of a generated glossary changes, only its graph is sent, and the store is
//! the same set of quads as after a full push. The figures (bytes, seconds) are printed
//! (`cargo test … -- --nocapture` shows them).
//!
//! Oxigraph and Virtuoso both get [`TERMS`] terms, sent with the Graph Store protocol (push's
//! default: a `PUT` of N-Triples per changed graph, two at a time); the card-removal test
//! sends SPARQL Update and compares the store with a fresh Graph Store push. With 10,000
//! terms (550,000 triples) the Virtuoso test took about 175 s on two quiet cores and ten
//! minutes on a loaded machine, most of it the full push and two reads of the whole store:
//! the tests took 1,000 (18 s for Virtuoso, 6 s of it the full push), and now 300, which
//! shows the same (one graph sent, the same quads; the corpus the row-limit test uses), and the
//! sizes where the time matters are `benches/push_incremental.sh`'s (100k and 1M cards,
//! BENCHMARKS.md). Each step prints its seconds.
//!
//! A third test gives Virtuoso a row limit of 100, so that reading 301 hashes back must fall
//! back from one query to pages, and still find every hash.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

use glossgraph::sparql::push::{self, Client, Method};

use super::stores::{Oxigraph, Virtuoso};
use crate::util::fixtures::generated;
use crate::util::{glossgraph, glossgraph_command, ok, root, scratch, stderr};

const BASE: &str = "https://glossgraph.example/rdma-storage/";

/// The terms of the generated glossary pushed whole and then one card changed.
const TERMS: usize = 300;

/// A generated glossary of `terms` terms, and a copy of it with one card's definition
/// changed, each with the sample's settings beside it.
fn one_card_changed(terms: usize) -> (PathBuf, PathBuf) {
    let old = generated(terms);
    let dir = scratch("sparql", &format!("incremental-new-{terms}"));
    let text = std::fs::read_to_string(&old).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut card: serde_json::Value = serde_json::from_str(&lines[terms / 2]).unwrap();
    let definition = card["definition"].as_str().unwrap().to_owned();
    card["definition"] = format!("{definition} Changed in the new version.").into();
    lines[terms / 2] = card.to_string();
    let new = dir.join("new.jsonl");
    std::fs::write(&new, lines.join("\n") + "\n").unwrap();
    std::fs::copy(
        root().join("data/glossgraph.toml"),
        dir.join("glossgraph.toml"),
    )
    .unwrap();
    (old, new)
}

/// What one `push --incremental` said it did.
#[derive(Debug)]
struct Pushed {
    graphs: usize,
    dropped: usize,
    seconds: f64,
    bytes: usize,
    /// Whether the hashes were read in pages: a row limit cut the one query's answer.
    paged: bool,
    /// Lines on standard error (a pipe here, as in a log).
    lines: usize,
}

fn parse(out: &str, err: &str) -> Pushed {
    // pushed N graphs (T triples), dropped D, left U unchanged at URL in S s (R requests, B bytes)
    let line = out
        .lines()
        .find(|l| l.starts_with("pushed "))
        .unwrap_or_else(|| panic!("no pushed line in {out}"));
    let words: Vec<&str> = line
        .split([' ', '(', ')', ','])
        .filter(|w| !w.is_empty())
        .collect();
    let after = |word: &str| -> &str {
        let i = words.iter().position(|w| *w == word).unwrap();
        words[i + 1]
    };
    let before = |word: &str| -> &str {
        let i = words.iter().rposition(|w| *w == word).unwrap();
        words[i - 1]
    };
    Pushed {
        graphs: after("pushed").parse().unwrap(),
        dropped: after("dropped").parse().unwrap(),
        seconds: after("in").parse().unwrap(),
        bytes: before("bytes").parse().unwrap(),
        paged: err.contains("reading them in pages of"),
        lines: err.lines().count(),
    }
}

fn push_incremental(input: &Path, args: &[&str], password: Option<&str>) -> Pushed {
    let mut all = vec!["push", input.to_str().unwrap(), "--incremental"];
    all.extend_from_slice(args);
    let out: Output = match password {
        None => glossgraph(&all),
        Some(pw) => glossgraph_command()
            .args(&all)
            .env("GLOSSGRAPH_PASSWORD", pw)
            .output()
            .unwrap(),
    };
    let text = ok(&out);
    assert!(text.contains("verified: "), "{text}{}", stderr(&out));
    parse(&text, &stderr(&out))
}

/// The quads under the glossary's graphs, read back from a SPARQL endpoint: each
/// `<result>…</result>` element of a `?g ?s ?p ?o` answer in the SPARQL XML results format,
/// as the server wrote it. Virtuoso writes XML four times faster than JSON (4.1 s against
/// 17.5 s for 110,000 rows; its TSV and CSV are as fast but drop the difference between an
/// IRI and a string, and the datatypes), and the elements need no parsing: both sides of a
/// comparison come from the same store, so its way of writing a term (a boolean keeps its
/// value, not its lexical form) is the same on both.
fn dump(client: &Client, endpoint: &str) -> BTreeSet<Vec<u8>> {
    let query = format!(
        "SELECT ?g ?s ?p ?o WHERE {{ GRAPH ?g {{ ?s ?p ?o }} FILTER(STRSTARTS(STR(?g), \"{BASE}graph/\")) }}"
    );
    let body: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("query", &query)
        .finish();
    let reply = client
        .send(
            Method::Post,
            endpoint,
            Some(("application/x-www-form-urlencoded", body.as_bytes())),
            Some("application/sparql-results+xml"),
            &mut |_| {},
        )
        .unwrap();
    let (open, close) = (b"<result>".as_slice(), b"</result>".as_slice());
    let find = |from: usize, what: &[u8]| {
        reply.body[from..]
            .windows(what.len())
            .position(|w| w == what)
            .map(|i| from + i)
    };
    let mut rows = BTreeSet::new();
    let mut at = 0;
    while let Some(start) = find(at, open) {
        let end = find(start, close).expect("every <result> is closed") + close.len();
        rows.insert(reply.body[start..end].to_vec());
        at = end;
    }
    rows
}

/// Quads of the glossary at `input` (all its graphs), as the mapping gives them.
fn quad_count(input: &Path) -> usize {
    let out = ok(&glossgraph(&[
        "export",
        input.to_str().unwrap(),
        "--format",
        "nquads",
        "--out",
        "-",
        "--quiet",
    ]));
    out.lines().count()
}

/// Seconds since the last step, printed with what the step was: where a slow test spends its
/// time.
struct Lap {
    test: &'static str,
    last: std::time::Instant,
}

impl Lap {
    fn new(test: &'static str) -> Self {
        Lap {
            test,
            last: std::time::Instant::now(),
        }
    }

    fn say(&mut self, step: &str) {
        eprintln!(
            "{}: {step}: {:.2} s",
            self.test,
            self.last.elapsed().as_secs_f64()
        );
        self.last = std::time::Instant::now();
    }
}

fn report(store: &str, terms: usize, full: &Pushed, incremental: &Pushed) {
    eprintln!(
        "{store}: one card of {terms} changed: full push {} graphs, {} bytes, {:.2} s; incremental push {} graph, {} bytes, {:.2} s ({:.0}x fewer bytes)",
        full.graphs,
        full.bytes,
        full.seconds,
        incremental.graphs,
        incremental.bytes,
        incremental.seconds,
        full.bytes as f64 / incremental.bytes as f64
    );
}

/// The endpoint, `--read-endpoint` and `--verify` arguments for an Oxigraph server: its Graph
/// Store and Update endpoints with `protocol` `graph-store`, its Update endpoint alone with
/// `update`.
fn oxigraph_args(store: &Oxigraph, protocol: &str) -> Vec<String> {
    let mut args = match protocol {
        "update" => vec!["--protocol", "update", "--endpoint", "/update"],
        _ => vec!["--endpoint", "/store", "--update-endpoint", "/update"],
    };
    args.extend(["--read-endpoint", "/query", "--verify", "/query"]);
    args.into_iter()
        .map(|a| match a.strip_prefix('/') {
            Some(_) => format!("{}{a}", store.base),
            None => a.to_owned(),
        })
        .collect()
}

/// The endpoint, `--user`, `--read-endpoint` and `--verify` arguments for a Virtuoso server:
/// its authenticated Graph Store and Update endpoints, its public query endpoint.
fn virtuoso_args(store: &Virtuoso) -> Vec<String> {
    let query = format!("{}/sparql", store.base);
    vec![
        "--endpoint".into(),
        format!("{}/sparql-graph-crud-auth", store.base),
        "--update-endpoint".into(),
        format!("{}/sparql-auth", store.base),
        "--user".into(),
        "dba".into(),
        "--read-endpoint".into(),
        query.clone(),
        "--verify".into(),
        query,
    ]
}

/// Every quad of an Oxigraph server, as N-Quads lines.
fn dump_oxigraph(store: &Oxigraph) -> BTreeSet<Vec<u8>> {
    let client = Client::new(push::Settings::default());
    let reply = client
        .send(
            Method::Get,
            &format!("{}/store", store.base),
            None,
            Some("application/n-quads"),
            &mut |_| {},
        )
        .unwrap();
    reply
        .body
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

fn assert_same_lines(incremental: &BTreeSet<Vec<u8>>, full: &BTreeSet<Vec<u8>>) {
    let show = |d: Vec<&Vec<u8>>| -> Vec<String> {
        d.iter()
            .map(|l| String::from_utf8_lossy(l).into_owned())
            .collect()
    };
    let missing = show(full.difference(incremental).take(5).collect());
    let extra = show(incremental.difference(full).take(5).collect());
    assert!(
        missing.is_empty() && extra.is_empty(),
        "the incrementally pushed store lacks {missing:#?}\nand has extra {extra:#?}"
    );
}

#[test]
fn incremental_push_into_oxigraph_sends_one_card_and_matches_a_full_push() {
    let (old, new) = one_card_changed(TERMS);
    let store = Oxigraph::start("incremental", 60);
    let args = oxigraph_args(&store, "graph-store");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();

    // The new glossary into an empty store: the full push, every graph.
    let full = push_incremental(&new, &args, None);
    assert_eq!((full.graphs, full.dropped), (TERMS + 1, 0), "{full:?}");
    // 301 requests, but off a terminal a progress line every 5 s at most.
    assert!(full.lines <= 2 + (full.seconds / 5.0) as usize, "{full:?}");
    let after_full = dump_oxigraph(&store);
    // The glossary's quads, and one hash per graph.
    assert_eq!(after_full.len(), quad_count(&new) + TERMS + 1);
    // Back to the old version, then the new one again: one graph each time.
    let back = push_incremental(&old, &args, None);
    assert_eq!((back.graphs, back.dropped), (1, 0), "{back:?}");
    let incremental = push_incremental(&new, &args, None);
    assert_eq!(
        (incremental.graphs, incremental.dropped),
        (1, 0),
        "{incremental:?}"
    );
    report("Oxigraph", TERMS, &full, &incremental);
    // Oxigraph has no row limit: 301 hashes in one answer.
    assert!(!(full.paged || back.paged || incremental.paged));
    assert!(
        incremental.bytes * 100 < full.bytes,
        "{incremental:?} against {full:?}"
    );
    // About one card's bytes: a card's graph is some 50 triples.
    assert!(incremental.bytes < 40_000, "{incremental:?}");
    assert_same_lines(&dump_oxigraph(&store), &after_full);
}

#[test]
fn a_removed_card_is_dropped_and_the_store_matches_a_full_push() {
    let corpus = generated(300);
    let dir = scratch("sparql", "incremental-removed");
    let text = std::fs::read_to_string(&corpus).unwrap();
    let mut cards: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // A card removed, with every link to it.
    let gone = cards.remove(100)["slug"].as_str().unwrap().to_owned();
    for card in &mut cards {
        for field in ["related", "supersedes", "supersededBy"] {
            if let Some(list) = card[field].as_array_mut() {
                list.retain(|s| s.as_str() != Some(gone.as_str()));
            }
        }
    }
    let smaller = dir.join("smaller.jsonl");
    let lines: Vec<String> = cards.iter().map(ToString::to_string).collect();
    std::fs::write(&smaller, lines.join("\n") + "\n").unwrap();
    std::fs::copy(
        root().join("data/glossgraph.toml"),
        dir.join("glossgraph.toml"),
    )
    .unwrap();

    let updated = Oxigraph::start("incremental-removed", 60);
    let args = oxigraph_args(&updated, "update");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let first = push_incremental(&corpus, &args, None);
    assert_eq!(first.graphs, 301);
    // Pushed again unchanged: nothing is sent.
    let again = push_incremental(&corpus, &args, None);
    assert_eq!(
        (again.graphs, again.dropped, again.bytes),
        (0, 0, 0),
        "{again:?}"
    );
    // The card's graph is dropped; its neighbours' graphs, whose links changed, are sent.
    let removed = push_incremental(&smaller, &args, None);
    assert_eq!(removed.dropped, 1, "{removed:?}");
    assert!((1..50).contains(&removed.graphs), "{removed:?}");
    let fresh = Oxigraph::start("incremental-removed-fresh", 60);
    let fresh_args = oxigraph_args(&fresh, "graph-store");
    let fresh_args: Vec<&str> = fresh_args.iter().map(String::as_str).collect();
    push_incremental(&smaller, &fresh_args, None);
    assert_same_lines(&dump_oxigraph(&updated), &dump_oxigraph(&fresh));
}

#[test]
fn incremental_push_into_virtuoso_sends_one_card_and_matches_a_full_push() {
    let mut lap = Lap::new("Virtuoso test");
    let (old, new) = one_card_changed(TERMS);
    lap.say("glossaries generated");
    let store = Virtuoso::start("incremental");
    lap.say("Virtuoso started");
    let args = virtuoso_args(&store);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let pw = Some(store.password.as_str());
    let client = Client::new(push::Settings::default());
    let query = format!("{}/sparql", store.base);

    let full = push_incremental(&new, &args, pw);
    assert_eq!((full.graphs, full.dropped), (TERMS + 1, 0), "{full:?}");
    lap.say("full push (and --verify)");
    let after_full = dump(&client, &query);
    lap.say("store dumped");
    assert_eq!(after_full.len(), quad_count(&new) + TERMS + 1);
    lap.say("quads counted (export)");
    let back = push_incremental(&old, &args, pw);
    assert_eq!((back.graphs, back.dropped), (1, 0), "{back:?}");
    let incremental = push_incremental(&new, &args, pw);
    assert_eq!(
        (incremental.graphs, incremental.dropped),
        (1, 0),
        "{incremental:?}"
    );
    lap.say("two incremental pushes");
    report("Virtuoso", TERMS, &full, &incremental);
    // Its ResultSetMaxRows (1,000,000) is far above 301 hashes: one answer.
    assert!(!(full.paged || back.paged || incremental.paged));
    assert!(
        incremental.bytes * 50 < full.bytes,
        "{incremental:?} against {full:?}"
    );
    assert_same_lines(&dump(&client, &query), &after_full);
    lap.say("store dumped and compared");
}

#[test]
fn hashes_cut_by_a_row_limit_are_read_in_pages() {
    // Virtuoso answers at most 100 rows to any SELECT, and says so only by stopping.
    let (old, new) = one_card_changed(300);
    let store = Virtuoso::start_with("incremental-capped", 100);
    let args = virtuoso_args(&store);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let pw = Some(store.password.as_str());
    // `--verify` reads the 301 hashes back: 100 in the one answer, then pages.
    let full = push_incremental(&old, &args, pw);
    assert_eq!((full.graphs, full.paged), (301, true), "{full:?}");
    // Every hash was read: one graph sent, the rest left alone.
    let one = push_incremental(&new, &args, pw);
    assert_eq!(
        (one.graphs, one.dropped, one.paged),
        (1, 0, true),
        "{one:?}"
    );
}
