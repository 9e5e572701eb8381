//! `glossgraph serve`: the SPARQL protocol spoken to the tests' own HTTP client, the Graph
//! Store read, limits, timeouts, CORS and a clean stop, connections that stall or trickle, a
//! bounded load test, the request log. (curl, SPARQLWrapper, Chromium and 64 Python clients
//! speak to it in `consumers/serve.rs`.)

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::util::fixtures::sample;
use crate::util::http::{Answer, Request};
use crate::util::server::Served;

pub(crate) const LABELS: &str = "SELECT ?l WHERE { ?t skos:prefLabel ?l } ORDER BY ?l LIMIT 3";

#[test]
fn the_sparql_protocol() {
    speaks_the_protocol(&Served::start(&[]), &Request::send);
}

/// Every form of the SPARQL 1.1 Protocol the server offers, and its errors, with `send` as
/// the client.
pub fn speaks_the_protocol(server: &Served, send: &dyn Fn(&Request) -> Answer) {
    let query = server.url("/query");

    // GET, with content negotiation for every results format.
    for (accept, media, first) in [
        (
            "application/sparql-results+json",
            "application/sparql-results+json",
            "{\"head\":{\"vars\":[\"l\"]}",
        ),
        (
            "application/sparql-results+xml",
            "application/sparql-results+xml",
            "<?xml version=\"1.0\"?><sparql",
        ),
        (
            "text/csv",
            "text/csv; charset=utf-8",
            "l\r\nCEE DCBX\r\nDCBX\r\nDCQCN\r\n",
        ),
        (
            "text/tab-separated-values",
            "text/tab-separated-values; charset=utf-8",
            "?l\n\"CEE DCBX\"@en\n",
        ),
        (
            "text/csv;q=0.2, application/sparql-results+xml;q=0.1",
            "text/csv; charset=utf-8",
            "l\r\n",
        ),
    ] {
        let answer = send(
            &Request::get(&query)
                .query("query", LABELS)
                .header("Accept", accept),
        );
        assert_eq!(answer.status, 200, "{accept}: {}", answer.body);
        assert!(
            answer.headers.contains(&format!("content-type: {media}")),
            "{accept}: {}",
            answer.headers
        );
        assert!(answer.body.starts_with(first), "{accept}: {}", answer.body);
    }
    // No Accept: SPARQL JSON.
    let answer = send(&Request::get(&query).query("query", LABELS));
    assert!(
        answer
            .headers
            .contains("content-type: application/sparql-results+json"),
        "{}",
        answer.headers
    );

    // POST, form-encoded and direct.
    let answer = send(
        &Request::post(&query)
            .form("query", LABELS)
            .header("Accept", "text/csv"),
    );
    assert_eq!(
        (answer.status, answer.body.as_str()),
        (200, "l\r\nCEE DCBX\r\nDCBX\r\nDCQCN\r\n")
    );
    let answer = send(
        &Request::post(&query)
            .body(Some("application/sparql-query"), LABELS.as_bytes())
            .header("Accept", "text/csv"),
    );
    assert_eq!(
        (answer.status, answer.body.as_str()),
        (200, "l\r\nCEE DCBX\r\nDCBX\r\nDCQCN\r\n")
    );

    // CONSTRUCT in RDF formats; SELECT cannot be Turtle.
    let construct = "CONSTRUCT { ?t skos:prefLabel ?l } WHERE { ?t skos:notation \"roce-v2\"^^gx:Slug ; skos:prefLabel ?l }";
    let answer = send(
        &Request::get(&query)
            .query("query", construct)
            .header("Accept", "application/n-triples"),
    );
    assert_eq!(answer.status, 200);
    assert!(
        answer
            .headers
            .contains("content-type: application/n-triples"),
        "{}",
        answer.headers
    );
    assert_eq!(answer.body, "<https://glossgraph.example/rdma-storage/term/roce-v2> <http://www.w3.org/2004/02/skos/core#prefLabel> \"RoCEv2\"@en .\n");
    let answer = send(
        &Request::get(&query)
            .query("query", LABELS)
            .header("Accept", "text/turtle"),
    );
    assert_eq!(answer.status, 406, "{}", answer.body);
    assert!(
        answer
            .body
            .starts_with("none of the accepted types is available; offered: "),
        "{}",
        answer.body
    );
    assert!(
        answer.body.contains("application/sparql-results+json"),
        "{}",
        answer.body
    );
    // The picture formats, negotiated too.
    let answer = send(
        &Request::get(&query)
            .query("query", construct)
            .header("Accept", "text/vnd.graphviz"),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(
        answer.headers.contains("content-type: text/vnd.graphviz"),
        "{}",
        answer.headers
    );
    assert!(answer.body.contains("digraph"), "{}", answer.body);

    // Errors: syntax (with its place), update attempts, wrong methods, unknown paths.
    let answer = send(&Request::get(&query).query("query", "SELECT * WHERE {\n ?s ?p"));
    assert_eq!(answer.status, 400);
    assert!(
        answer.body.starts_with("query syntax: 2:"),
        "{}",
        answer.body
    );
    let answer = send(&Request::post(&query).form("update", "DROP ALL"));
    assert_eq!(answer.status, 403);
    assert_eq!(
        answer.body,
        "glossgraph serve is read-only: SPARQL Update is not accepted\n"
    );
    let answer = send(&Request::post(&query).body(Some("application/sparql-update"), b"DROP ALL"));
    assert_eq!(answer.status, 403);
    let answer = send(
        &Request::new("PUT", &server.url("/store?default"))
            .body(Some("application/n-triples"), b"<a:b> <a:c> <a:d> ."),
    );
    assert_eq!(answer.status, 405);
    let answer = send(&Request::get(&server.url("/update")));
    assert_eq!(answer.status, 404);
    assert!(
        answer.body.contains("there is no update endpoint"),
        "{}",
        answer.body
    );
    let answer = send(&Request::post(&query).body(Some("text/plain"), b"ASK {}"));
    assert_eq!(answer.status, 415);

    // The service description, as Turtle.
    let answer = send(&Request::get(&query));
    assert_eq!(answer.status, 200);
    assert!(
        answer.headers.contains("content-type: text/turtle"),
        "{}",
        answer.headers
    );
    let body = &answer.body;
    assert!(
        body.contains("sd:supportedLanguage sd:SPARQL11Query"),
        "{body}"
    );
    assert!(body.contains(&format!("sd:endpoint <{query}>")), "{body}");
    assert!(body.contains("sd:feature sd:UnionDefaultGraph"), "{body}");

    // The query endpoint is an API for every origin (as /reconcile is); the store and the
    // site answer other origins only with --cors.
    let answer = send(&Request::get(&query).query("query", "ASK {}"));
    assert!(
        answer.headers.contains("access-control-allow-origin: *"),
        "{}",
        answer.headers
    );
    let store = query.replace("/query", "/store?default");
    let answer = send(&Request::new("HEAD", &store));
    assert!(
        !answer.headers.contains("access-control-allow-origin"),
        "{}",
        answer.headers
    );
}

#[test]
fn the_graph_store_for_reading() {
    let server = Served::start(&[]);
    let answer = Request::get(&server.url("/store?default"))
        .header("Accept", "application/n-triples")
        .send();
    assert_eq!(answer.status, 200);
    assert!(
        answer
            .headers
            .contains("content-type: application/n-triples"),
        "{}",
        answer.headers
    );
    assert_eq!(
        answer.body.lines().count() as u64,
        super::push::SAMPLE_TRIPLES
    );
    // The same bytes as the export writes.
    let mut export = Vec::new();
    let (glossary, config) = sample();
    glossgraph::rdf::write::write(
        &glossary,
        &config,
        oxigraph::io::RdfFormat::NTriples,
        &mut export,
    )
    .unwrap();
    assert_eq!(answer.body.as_bytes(), export.as_slice());
    let answer = Request::get(&server.url("/store")).send();
    assert_eq!(answer.status, 200);
    assert!(
        answer.headers.contains("content-type: application/trig"),
        "{}",
        answer.headers
    );
    assert!(
        answer
            .body
            .contains("<https://glossgraph.example/rdma-storage/graph/roce-v2> {"),
        "{}",
        &answer.body[..200.min(answer.body.len())]
    );
    let card = "https://glossgraph.example/rdma-storage/graph/roce-v2";
    let answer = Request::get(&server.url("/store"))
        .query("graph", card)
        .send();
    assert_eq!(answer.status, 200);
    assert!(
        answer.headers.contains("content-type: text/turtle"),
        "{}",
        answer.headers
    );
    // The card's subject, prefixed or written in full (both are the same Turtle).
    let body = &answer.body;
    assert!(
        body.contains("term:roce-v2 ")
            || body.contains("<https://glossgraph.example/rdma-storage/term/roce-v2> "),
        "{body}"
    );
    let answer = Request::get(&server.url("/store"))
        .query(
            "graph",
            "https://glossgraph.example/rdma-storage/graph/nope",
        )
        .send();
    assert_eq!(answer.status, 404, "{}", answer.body);
    let answer = Request::new("HEAD", &server.url("/store?default")).send();
    assert_eq!(answer.status, 200);
}

#[test]
fn limits_timeouts_cors_and_a_clean_stop() {
    let mut server = Served::start(&["--timeout", "1", "--max-body", "1000", "--cors"]);
    let query = server.url("/query");
    let started = Instant::now();
    let answer = Request::post(&query)
        .form(
            "query",
            "SELECT (COUNT(*) AS ?n) { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }",
        )
        .send();
    assert_eq!(answer.status, 503, "{}", answer.body);
    assert_eq!(
        answer.body,
        "the query was stopped after 1 s: it ran longer than the timeout\n"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    let big = format!("query=ASK {{}} #{}", "x".repeat(2000));
    let answer = Request::post(&query)
        .body(Some("application/x-www-form-urlencoded"), big.as_bytes())
        .send();
    assert_eq!(answer.status, 413, "{}", answer.body);
    let answer = Request::get(&query).query("query", "ASK {}").send();
    assert!(
        answer.headers.contains("access-control-allow-origin: *"),
        "{}",
        answer.headers
    );
    let answer = Request::new("OPTIONS", &query)
        .header("Origin", "http://elsewhere.example")
        .header("Access-Control-Request-Method", "POST")
        .send();
    assert_eq!(answer.status, 204);
    assert!(
        answer
            .headers
            .contains("access-control-allow-headers: accept, content-type"),
        "{}",
        answer.headers
    );

    let status = server
        .guard
        .terminate(Duration::from_secs(10))
        .expect("serve stops on SIGTERM");
    assert!(status.success(), "{status}");
    let log = server.log();
    assert!(
        log.contains("glossgraph: stopping; waiting for running queries\nglossgraph: stopped\n"),
        "{log}"
    );
}

#[test]
fn a_bind_beyond_loopback_is_warned_about() {
    // 0.0.0.0 listens on every interface; nothing is sent to any but loopback.
    let server = Served::start_at(&[], "0.0.0.0:0");
    assert!(
        server.log().contains(
            "is not a loopback address: anyone who can reach this machine can query the glossary"
        ),
        "{}",
        server.log()
    );
    let local = Served::start(&[]);
    assert!(!local.log().contains("warning"), "{}", local.log());
}

/// 64 clients on loopback, each sending 20 queries one after another over a kept-alive
/// connection, all at once. Every answer must be a 200 with the right body. (It ran for 10 s
/// of both cores and asked for 1,000 answers in them: a floor of speed in a test; the
/// throughput is `benches/serve_load.sh`'s.)
#[test]
fn a_bounded_load_test() {
    const CLIENTS: usize = 64;
    const QUERIES: usize = 20;
    let server = Served::start(&[]);
    let url = format!(
        "{}?query={}",
        server.url("/query"),
        form_urlencoded::byte_serialize(
            "SELECT ?l WHERE { ?t skos:notation \"roce-v2\"^^gx:Slug ; skos:altLabel ?l } ORDER BY ?l".as_bytes()
        )
        .collect::<String>()
    );
    let expected = "l\r\nRDMA over Converged Ethernet version 2\r\nRoCE v2\r\n";
    let ok = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    let first_error = Arc::new(std::sync::Mutex::new(None::<String>));
    let mut latencies: Vec<std::thread::JoinHandle<Vec<Duration>>> = Vec::new();
    let started = Instant::now();
    for _ in 0..CLIENTS {
        let (url, ok, errors, first_error) =
            (url.clone(), ok.clone(), errors.clone(), first_error.clone());
        latencies.push(std::thread::spawn(move || {
            let agent = ureq::Agent::config_builder()
                .timeout_global(Some(Duration::from_secs(30)))
                .build()
                .new_agent();
            let mut times = Vec::new();
            for _ in 0..QUERIES {
                let t = Instant::now();
                let answer = agent
                    .get(&url)
                    .header("Accept", "text/csv")
                    .call()
                    .map_err(|e| e.to_string())
                    .and_then(|mut r| r.body_mut().read_to_string().map_err(|e| e.to_string()));
                times.push(t.elapsed());
                match answer {
                    Ok(body) if body == expected => {
                        ok.fetch_add(1, Ordering::Relaxed);
                    }
                    other => {
                        errors.fetch_add(1, Ordering::Relaxed);
                        first_error
                            .lock()
                            .unwrap()
                            .get_or_insert(format!("{other:?}"));
                    }
                }
            }
            times
        }));
    }
    let mut all: Vec<Duration> = latencies
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    let elapsed = started.elapsed().as_secs_f64();
    all.sort();
    let (ok, errors) = (ok.load(Ordering::Relaxed), errors.load(Ordering::Relaxed));
    let pct = |p: f64| all[((all.len() as f64 - 1.0) * p) as usize];
    println!(
        "load test: {CLIENTS} clients, {elapsed:.1} s: {ok} answers ({:.0}/s), {errors} errors, latency median {:?}, p99 {:?}, max {:?}",
        ok as f64 / elapsed,
        pct(0.5),
        pct(0.99),
        all.last().unwrap()
    );
    assert_eq!(errors, 0, "first error: {:?}", first_error.lock().unwrap());
    assert_eq!(ok as usize, CLIENTS * QUERIES);
}

/// The server's address, from its base URL.
fn address(server: &Served) -> SocketAddr {
    server
        .base
        .trim_start_matches("http://")
        .parse()
        .expect("a HOST:PORT base")
}

/// Issue 22: hundreds of connections that send half a request line and then nothing made
/// every real query wait (a plain ASK timed out after 20 s). While a crowd keeps such
/// connections open, and keeps opening new ones, real queries are answered in well under a
/// second, and afterwards the server speaks the whole protocol as before.
#[test]
fn idle_connections_do_not_starve_real_queries() {
    const IDLE: usize = 300;
    let server = Served::start(&[]);
    let addr = address(&server);
    let stop = Arc::new(AtomicBool::new(false));
    let tried = Arc::new(AtomicUsize::new(0));
    let crowd = {
        let (stop, tried) = (Arc::clone(&stop), Arc::clone(&tried));
        std::thread::spawn(move || {
            let mut held = std::collections::VecDeque::new();
            let mut opened = 0;
            while !stop.load(Ordering::Relaxed) {
                if let Ok(mut idle) = TcpStream::connect_timeout(&addr, Duration::from_millis(200))
                {
                    if idle.write_all(b"GET /query?query=ASK").is_ok() {
                        opened += 1;
                        held.push_back(idle);
                    }
                    if held.len() > IDLE {
                        held.pop_front();
                    }
                }
                if tried.fetch_add(1, Ordering::Relaxed) >= IDLE {
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
            opened
        })
    };
    let start = Instant::now();
    while tried.load(Ordering::Relaxed) < IDLE {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the idle connections were not opened"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let url = format!(
        "{}?query=ASK%20%7B%20%3Fs%20%3Fp%20%3Fo%20%7D",
        server.url("/query")
    );
    let mut latencies = Vec::new();
    for _ in 0..5 {
        // A new client each time: a new connection must get in past the crowd.
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(5)))
            .build()
            .new_agent();
        let asked = Instant::now();
        let answer = agent
            .get(&url)
            .header("Accept", "application/sparql-results+json")
            .call()
            .map_err(|e| e.to_string())
            .and_then(|mut r| r.body_mut().read_to_string().map_err(|e| e.to_string()));
        let took = asked.elapsed();
        assert!(
            answer
                .as_ref()
                .is_ok_and(|a| a.contains("\"boolean\":true")),
            "with {IDLE} idle connections, after {took:?}: {answer:?}"
        );
        latencies.push(took);
        std::thread::sleep(Duration::from_millis(100));
    }
    stop.store(true, Ordering::Relaxed);
    let opened = crowd.join().unwrap();
    println!("{opened} idle connections opened; query latencies meanwhile: {latencies:?}");
    assert!(opened >= IDLE, "only {opened} idle connections were opened");
    let slowest = latencies.iter().max().copied().unwrap_or_default();
    assert!(
        slowest < Duration::from_secs(1),
        "a query took {slowest:?} beside idle connections: {latencies:?}"
    );
    speaks_the_protocol(&server, &Request::send);
}

/// Issue 22: a request head must arrive whole within a few seconds (5), however it trickles
/// in. Part of a head gets 408; nothing at all, a quiet close.
#[test]
fn a_request_head_has_a_deadline() {
    let server = Served::start(&[]);
    let addr = address(&server);
    let connect = || {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(15)))
            .unwrap();
        stream
    };
    let (mut half, mut silent, mut trickle) = (connect(), connect(), connect());
    let started = Instant::now();
    half.write_all(b"GET /query?query=AS").unwrap();
    let mut writer = trickle.try_clone().unwrap();
    let trickling = std::thread::spawn(move || {
        // One byte every half second, never the end of the head.
        for byte in b"GET /query?query=ASK%20%7B%7D HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n"
            .iter()
            .cycle()
            .take(40)
        {
            if writer.write_all(&[*byte]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    });
    let ended = |stream: &mut TcpStream| {
        let mut answer = String::new();
        let read = stream.read_to_string(&mut answer);
        (read.map_err(|e| e.kind()), answer, started.elapsed())
    };
    for (name, stream) in [
        ("half a request line", &mut half),
        ("a trickle", &mut trickle),
    ] {
        let (read, answer, after) = ended(stream);
        assert!(read.is_ok(), "{name}: {read:?} after {after:?}");
        assert!(
            answer.starts_with("HTTP/1.1 408 Request Timeout\r\n"),
            "{name}: {answer:?}"
        );
        assert!(
            after >= Duration::from_secs(4) && after < Duration::from_secs(10),
            "{name}: closed after {after:?}"
        );
    }
    let (read, answer, after) = ended(&mut silent);
    assert_eq!((read, answer.as_str()), (Ok(0), ""), "after {after:?}");
    assert!(after < Duration::from_secs(10), "closed after {after:?}");
    trickling.join().unwrap();
}

/// Issue 40, item 16: `--log` writes one line per request (method, path, status, time), and
/// the favicon browsers ask for is an empty answer, not a 404.
#[test]
fn serve_logs_each_request_and_answers_the_favicon() {
    let server = Served::start(&["--log"]);
    let status = |path: &str| Request::get(&server.url(path)).send().status;
    assert_eq!(status("/favicon.ico"), 204);
    assert_eq!(status("/query?query=ASK%7B%7D"), 200);
    assert_eq!(status("/nowhere"), 404);
    let deadline = Instant::now() + Duration::from_secs(5);
    let wanted = [
        "GET /favicon.ico 204 ",
        "GET /query 200 ",
        "GET /nowhere 404 ",
    ];
    while Instant::now() < deadline && !wanted.iter().all(|w| server.log().contains(w)) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let log = server.log();
    for w in wanted {
        assert!(log.contains(&format!("glossgraph: {w}")), "{w}: {log}");
    }
    assert!(
        log.lines()
            .any(|l| l.starts_with("glossgraph: GET /query 200 ") && l.ends_with(" ms")),
        "{log}"
    );
}

/// Sends `bytes` on a new connection to `server` and reads until the server closes it (10 s
/// at most): what it answered, and whether it closed the connection.
fn exchange(server: &Served, bytes: &[u8]) -> (String, bool) {
    let mut stream = TcpStream::connect(address(server)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(bytes).unwrap();
    let mut answer = Vec::new();
    let closed = stream.read_to_end(&mut answer).is_ok();
    (String::from_utf8_lossy(&answer).into_owned(), closed)
}

/// A POST of `ASK {}` to `/query` with `transfer_encoding`, its body `chunks`.
fn chunked_post(transfer_encoding: &str, chunks: &str) -> Vec<u8> {
    format!(
        "POST /query HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n\
         Content-Type: application/sparql-query\r\nTransfer-Encoding: {transfer_encoding}\r\n\r\n{chunks}"
    )
    .into_bytes()
}

/// RFC 9112, 6.3: a request whose Transfer-Encoding does not end with `chunked` cannot be
/// framed, and gets `400` and a closed connection; a coding before `chunked` that the server
/// does not decode gets `501` (6.1), and the connection closed too. A chunked body is read by
/// its sizes, extensions and all, and a malformed size is refused.
#[test]
fn transfer_codings_are_refused_unless_chunked_comes_last() {
    let server = Served::start(&[]);
    let ask = "7\r\nASK {}\r\n0\r\n\r\n";
    for (coding, status) in [
        ("chunked, gzip", "400 Bad Request"),
        ("gzip", "400 Bad Request"),
        ("chunked, chunked", "400 Bad Request"),
        ("gzip, chunked", "501 Not Implemented"),
        ("deflate,chunked", "501 Not Implemented"),
    ] {
        // No `Connection: close`: the server closes the connection of its own accord.
        let (answer, closed) = exchange(&server, &chunked_post(coding, ask));
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}\r\n")),
            "{coding}: {answer}"
        );
        assert!(
            answer.contains("connection: close\r\n"),
            "{coding}: {answer}"
        );
        assert!(closed, "{coding}: the connection was left open");
    }
    let (answer, _) = exchange(&server, &chunked_post("gzip", ask));
    assert!(
        answer.ends_with(
            "\r\n\r\nTransfer-Encoding `gzip` does not end with `chunked`: the request body's \
             length cannot be told\n"
        ),
        "{answer}"
    );
    let http10 = String::from_utf8(chunked_post("chunked", ask))
        .unwrap()
        .replacen("HTTP/1.1", "HTTP/1.0", 1);
    let (answer, closed) = exchange(&server, http10.as_bytes());
    assert!(answer.starts_with("HTTP/1.1 400 "), "{answer}");
    assert!(closed);

    // Chunked as it should be: sizes in any case, extensions ignored, trailers read.
    for (coding, chunks) in [
        ("chunked", ask),
        (
            "Chunked",
            "3;name=\"value\"\r\nASK\r\n4 ; x\r\n {}\r\n0\r\nX-Trailer: 1\r\n\r\n",
        ),
        ("chunked", "0000000000000007\r\nASK {}\r\n0\r\n\r\n"),
    ] {
        let request = String::from_utf8(chunked_post(coding, chunks))
            .unwrap()
            .replacen("Host: x\r\n", "Host: x\r\nConnection: close\r\n", 1);
        let (answer, closed) = exchange(&server, request.as_bytes());
        assert!(
            answer.starts_with("HTTP/1.1 200 OK\r\n"),
            "{chunks:?}: {answer}"
        );
        assert!(answer.ends_with("\r\n\r\ntrue\n"), "{chunks:?}: {answer}");
        assert!(closed);
    }
    // Malformed sizes: not hexadecimal, none at all, past 16 digits, a bare LF.
    for chunks in [
        "zz\r\nASK {}\r\n0\r\n\r\n",
        "\r\nASK {}\r\n0\r\n\r\n",
        ";ext\r\nASK {}\r\n0\r\n\r\n",
        "00000000000000007\r\nASK {}\r\n0\r\n\r\n",
        "7\nASK {}\r\n0\r\n\r\n",
        "-7\r\nASK {}\r\n0\r\n\r\n",
    ] {
        let (answer, closed) = exchange(&server, &chunked_post("chunked", chunks));
        assert!(
            answer.starts_with("HTTP/1.1 400 Bad Request\r\n"),
            "{chunks:?}: {answer}"
        );
        assert!(
            answer.ends_with("\r\n\r\na malformed chunk size\n"),
            "{chunks:?}: {answer}"
        );
        assert!(closed, "{chunks:?}");
    }
}
