//! SPARQL benchmark: store fill, saved-query latency, server throughput, and pyoxigraph on
//! the same data in the same run.
//!
//! ```sh
//! cargo bench --bench sparql -- 100000
//! cargo bench --bench sparql -- 1000000 --fill-only
//! ```
//!
//! With `--fill-only`, only the two fills are measured; `--runs N` runs each saved query N
//! times (default 5). A glossary whose store does not fit in memory goes to Oxigraph's own
//! server, whose bulk load `benches/oxigraph_server.sh` measures.
//!
//! Generates TERMS terms (seeded, as `glossgraph generate`), fills the in-memory store from
//! the RDF mapping (timed), runs every saved query five times (median), serves the store and
//! measures throughput at 1 and 16 loopback clients for a simple and a 2-hop query, writes
//! the same triples as N-Triples and has `benches/sparql_pyoxigraph.py` bulk-load them into
//! pyoxigraph and run the same queries. Prints a Markdown report.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use glossgraph::config::Config;
use glossgraph::generate::{Generator, Params};
use glossgraph::sparql::saved::{self, ParamKind};
use glossgraph::sparql::{serve, Answer, GlossaryStore};
use glossgraph::{Card, Glossary};

const SERVER_SECONDS: u64 = 5;

fn peak_rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let terms: u32 = args
        .iter()
        .find(|a| a.parse::<u32>().is_ok())
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let fill_only = args.iter().any(|a| a == "--fill-only");
    let runs: usize = args.iter().position(|a| a == "--runs").map_or(5, |i| {
        args.get(i + 1)
            .and_then(|n| n.parse().ok())
            .expect("--runs N")
    });
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("bench-sparql-{terms}"));
    std::fs::create_dir_all(&dir).unwrap();
    let config = Config::default();

    let t = Instant::now();
    let generator = Generator::new(Params::new(terms)).unwrap();
    let glossary = Glossary::new(generator.cards().map(Card::from).collect());
    eprintln!(
        "generated {terms} terms in {:.1} s",
        t.elapsed().as_secs_f64()
    );

    let t = Instant::now();
    let store = GlossaryStore::new(&glossary, &config).unwrap();
    let fill = t.elapsed();
    let quads = store.len();
    let rss = peak_rss_mib();
    eprintln!("filled {quads} quads in {:.2} s", fill.as_secs_f64());

    // Parameter values: a term in a supersession chain, its first citation's URL.
    let chained = glossary
        .cards()
        .iter()
        .find(|c| !c.supersedes().is_empty() && !c.citations().is_empty())
        .expect("a term that replaces another");
    let value = |kind: ParamKind| -> String {
        match kind {
            ParamKind::Slug | ParamKind::Term => chained.slug().to_owned(),
            ParamKind::Status => "deprecated".into(),
            ParamKind::Iri => chained
                .citations()
                .get(0)
                .map(|c| c.url.to_owned())
                .unwrap_or_default(),
            ParamKind::Text => "fabric".into(),
        }
    };
    let mut query_rows = Vec::new();
    let mut py_queries = Vec::new();
    let queries: &[saved::SavedQuery] = if fill_only { &[] } else { saved::ALL };
    for q in queries {
        let args: Vec<String> = q
            .params()
            .unwrap()
            .iter()
            .map(|p| format!("{}={}", p.name, value(p.kind)))
            .collect();
        let bindings = q.bind(&args, store.iris()).unwrap();
        let mut prepared = store.prepare(q.text).unwrap();
        for (v, t) in &bindings {
            prepared = prepared.bind(v.clone(), t.clone()).unwrap();
        }
        let mut times = Vec::new();
        let mut rows = 0;
        for _ in 0..runs {
            let t = Instant::now();
            let answer = store.run(&prepared, None).unwrap();
            times.push(t.elapsed());
            rows = match answer {
                Answer::Solutions(s) => s.rows.len(),
                Answer::Graph(g) => g.len(),
                Answer::Boolean(_) => 1,
            };
        }
        let declared: String = store
            .prefixes()
            .iter()
            .map(|(p, ns)| format!("PREFIX {p}: <{ns}>\n"))
            .collect();
        py_queries.push(serde_json::json!({
            "name": q.name,
            "query": format!("{declared}{}", q.text),
            "substitutions": bindings.iter().map(|(v, t)| (v.as_str().to_owned(), t.to_string())).collect::<std::collections::BTreeMap<_, _>>(),
        }));
        eprintln!(
            "{}: {rows} rows, median {:?}",
            q.name,
            median(times.clone())
        );
        query_rows.push((q.name, args.join(" "), rows, median(times)));
    }

    let server_rows = if fill_only {
        drop(store);
        Vec::new()
    } else {
        throughput(&glossary, store, chained.slug())
    };

    // pyoxigraph on the same triples.
    let nt = dir.join("corpus.nt");
    {
        let mut out = BufWriter::new(std::fs::File::create(&nt).unwrap());
        glossgraph::rdf::write::write(
            &glossary,
            &config,
            oxigraph::io::RdfFormat::NTriples,
            &mut out,
        )
        .unwrap();
        out.flush().unwrap();
    }
    let nt_bytes = std::fs::metadata(&nt).unwrap().len();
    let queries_file = dir.join("queries.json");
    std::fs::write(&queries_file, serde_json::to_string(&py_queries).unwrap()).unwrap();
    // pyoxigraph comes from the venv scripts/install-test-tools.sh makes, when it is there.
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-tools/venv/bin/python3");
    let python = if venv.is_file() {
        venv
    } else {
        "python3".into()
    };
    let py = Command::new(python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/sparql_pyoxigraph.py"))
        .arg(&nt)
        .arg(&queries_file)
        .arg(runs.to_string())
        .output()
        .expect("python3 runs");
    assert!(
        py.status.success(),
        "pyoxigraph failed: {}",
        String::from_utf8_lossy(&py.stderr)
    );
    let py: serde_json::Value = serde_json::from_slice(&py.stdout).unwrap();

    println!("### {terms} generated terms\n");
    println!(
        "{quads} quads; N-Triples {:.0} MB.\n",
        nt_bytes as f64 / 1e6
    );
    println!("| step | glossgraph | pyoxigraph |\n|---|---|---|");
    println!(
        "| fill the in-memory store | {:.2} s (from the cards, no parsing; peak RSS {rss:.0} MiB) | {:.2} s (`bulk_load` of the N-Triples) |",
        fill.as_secs_f64(),
        py["load_s"].as_f64().unwrap(),
    );
    if fill_only {
        return;
    }
    println!("\nMedian of {runs} runs of each saved query:\n");
    println!("| query | parameters | rows | glossgraph | pyoxigraph | pyoxigraph rows |\n|---|---|---|---|---|---|");
    for (name, args, rows, t) in &query_rows {
        let p = &py["queries"][name];
        println!(
            "| {name} | {} | {rows} | {:.1} ms | {:.1} ms | {} |",
            if args.is_empty() { "—" } else { args },
            t.as_secs_f64() * 1000.0,
            p["median_ms"].as_f64().unwrap_or(f64::NAN),
            p["rows"]
        );
    }
    println!("\n`glossgraph serve`, {SERVER_SECONDS} s per cell, loopback, keep-alive clients:\n");
    println!("| query | clients | requests/s | errors |\n|---|---|---|---|");
    for (name, clients, rate, errors) in server_rows {
        println!("| {name} | {clients} | {rate:.0} | {errors} |");
    }
}

/// Serves `store` on loopback and measures the requests per second at 1 and 16 clients of a
/// simple and a 2-hop query about `slug`: (query, clients, requests/s, errors).
fn throughput(
    glossary: &Glossary,
    store: GlossaryStore,
    slug: &str,
) -> Vec<(&'static str, usize, f64, u64)> {
    let simple =
        format!("SELECT ?l WHERE {{ ?t skos:notation \"{slug}\"^^gx:Slug ; skos:prefLabel ?l }}");
    let two_hop = format!(
        "SELECT DISTINCT ?n WHERE {{ ?t skos:notation \"{slug}\"^^gx:Slug . {{ ?t skos:related ?n }} UNION {{ ?t skos:related/skos:related ?n FILTER(?n != ?t) }} }}"
    );
    let running = serve::start(
        glossary.clone(),
        store,
        serve::Options {
            bind: "127.0.0.1:0".parse().unwrap(),
            timeout: Duration::from_secs(60),
            ..serve::Options::default()
        },
    )
    .unwrap();
    let base = format!("http://{}/query", running.addr());
    let mut rows = Vec::new();
    for (name, query) in [
        ("simple (labels of a term)", &simple),
        ("2-hop related", &two_hop),
    ] {
        for clients in [1usize, 16] {
            let (done, errors) = load(&base, query, clients);
            rows.push((name, clients, done as f64 / SERVER_SECONDS as f64, errors));
            eprintln!("{name} × {clients}: {done} requests, {errors} errors");
        }
    }
    running.shutdown(Duration::from_secs(5));
    rows
}

/// `clients` loopback clients sending `query` for SERVER_SECONDS; (answers, errors).
fn load(base: &str, query: &str, clients: usize) -> (u64, u64) {
    let url = format!(
        "{base}?query={}",
        form_urlencoded::byte_serialize(query.as_bytes()).collect::<String>()
    );
    let (done, errors, stop) = (
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicBool::new(false)),
    );
    let handles: Vec<_> = (0..clients)
        .map(|_| {
            let (url, done, errors, stop) =
                (url.clone(), done.clone(), errors.clone(), stop.clone());
            std::thread::spawn(move || {
                let agent = ureq::Agent::config_builder()
                    .timeout_global(Some(Duration::from_secs(60)))
                    .build()
                    .new_agent();
                while !stop.load(Ordering::Relaxed) {
                    let ok = agent
                        .get(&url)
                        .header("Accept", "application/sparql-results+json")
                        .call()
                        .ok()
                        .and_then(|mut r| r.body_mut().read_to_string().ok())
                        .is_some_and(|b| b.contains("\"bindings\""));
                    if ok {
                        done.fetch_add(1, Ordering::Relaxed);
                    } else {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(SERVER_SECONDS));
    stop.store(true, Ordering::Relaxed);
    for h in handles {
        h.join().unwrap();
    }
    (done.load(Ordering::Relaxed), errors.load(Ordering::Relaxed))
}
