//! `glossgraph serve` spoken to by other clients: the whole SPARQL protocol over curl,
//! SPARQLWrapper from Python, the query page in headless Chromium, and 64 Python clients at
//! once, each request answered whole.

use std::io::Write;
use std::process::{Command, Stdio};

use super::require;
use crate::sparql::serve::{speaks_the_protocol, LABELS};
use crate::util::http::{Answer, Request};
use crate::util::server::Served;
use crate::util::{root, scratch, stderr};

#[test]
fn the_sparql_protocol_over_curl() {
    speaks_the_protocol(&Served::start(&[]), &curl);
}

/// Sends `request` with curl (`-sS`, its own `Accept: */*` and form content type removed, so
/// that it sends exactly the request's headers), and reads the answer as [`Request::send`]
/// does.
fn curl(request: &Request) -> Answer {
    let mut args: Vec<String> = ["-sS", "-D", "-", "--max-time", "60"]
        .map(String::from)
        .to_vec();
    match request.method.as_str() {
        "GET" | "POST" => {}
        "HEAD" => args.push("-I".into()),
        other => args.extend(["-X".into(), other.into()]),
    }
    for (name, value) in &request.headers {
        args.extend(["-H".into(), format!("{name}: {value}")]);
    }
    let given = |name: &str| {
        request
            .headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    };
    if !given("accept") {
        args.extend(["-H".into(), "Accept:".into()]);
    }
    if request.body.is_some() {
        if !given("content-type") {
            args.extend(["-H".into(), "Content-Type:".into()]);
        }
        args.extend(["--data-binary".into(), "@-".into()]);
    }
    args.push(request.url.clone());
    let mut child = Command::new(require("curl"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("curl runs");
    let body = request.body.clone().unwrap_or_default();
    child.stdin.take().unwrap().write_all(&body).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "curl {args:?} failed: {}",
        stderr(&out)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    // Skip interim 100 Continue responses.
    let mut rest = text.as_str();
    loop {
        let (head, body) = rest.split_once("\r\n\r\n").unwrap_or((rest, ""));
        let status: u16 = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status line in {head:?}"));
        if status == 100 {
            rest = body;
            continue;
        }
        return Answer {
            status,
            headers: head.to_ascii_lowercase().replace("\r\n", "\n") + "\n",
            body: body.to_owned(),
        };
    }
}

#[test]
fn sparqlwrapper_reads_every_answer() {
    let python = require("python3");
    let server = Served::start(&[]);
    let script = root().join("tests/consumers/sparqlwrapper_client.py");
    let out = Command::new(python)
        .arg(&script)
        .arg(server.url("/query"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "SPARQLWrapper failed (is it installed? run scripts/install-test-tools.sh): {}",
        stderr(&out)
    );
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let labels = serde_json::json!(["CEE DCBX", "DCBX", "DCQCN"]);
    assert_eq!(got["select_json"], labels);
    assert_eq!(got["select_xml"], labels);
    assert_eq!(
        got["select_csv"],
        serde_json::json!(["label", "CEE DCBX", "DCBX", "DCQCN"])
    );
    assert_eq!(got["ask"], true);
    // 34 terms, 5 statuses and the concept scheme have a skos:prefLabel.
    assert_eq!(got["construct_triples"], 40, "{got}");
}

#[test]
fn the_query_page_in_headless_chromium() {
    let chromium = require("chromium");
    let server = Served::start(&[]);
    let dir = scratch("sparql", "chromium");

    // A query in the address makes the page run it.
    let url = format!(
        "{}/sparql?query={}",
        server.base,
        form_urlencoded::byte_serialize(LABELS.as_bytes()).collect::<String>()
    );
    let out = Command::new(&chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!(
            "--user-data-dir={}",
            dir.join("profile-dump").display()
        ))
        .args(["--virtual-time-budget=10000", "--dump-dom", &url])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(
        dom.contains(r#"<p id="status" data-state="done">3 rows in "#),
        "{dom}"
    );
    assert!(
        dom.contains("<td>CEE DCBX<small> @en</small></td>"),
        "{dom}"
    );

    // A query typed into the page and run with Ctrl+Enter.
    let shot = dir.join("page.png");
    let typed = "SELECT ?slug ?label WHERE { ?t skos:notation ?slug ; skos:prefLabel ?label FILTER(CONTAINS(?label, \"NVMe/\")) } ORDER BY ?slug";
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/page_cdp.py"))
        .arg(&chromium)
        .arg(format!("{}/sparql", server.base))
        .arg(typed)
        .arg(&shot)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let page: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(page["state"], "done", "{page}");
    assert_eq!(page["typed"], typed);
    assert_eq!(page["headers"], serde_json::json!(["slug", "label"]));
    assert_eq!(
        page["rows"],
        serde_json::json!([
            ["nvme-rdma ^^Slug", "NVMe/RDMA @en"],
            ["nvme-tcp ^^Slug", "NVMe/TCP @en"]
        ])
    );
    assert!(
        std::fs::metadata(&shot).unwrap().len() > 5000,
        "no screenshot"
    );
    assert_eq!(page["links"], serde_json::json!([]));

    // Issue 40, item 16: an IRI in the results is a link.
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/page_cdp.py"))
        .arg(&chromium)
        .arg(format!("{}/sparql", server.base))
        .arg("SELECT ?t WHERE { ?t skos:notation \"roce-v2\"^^gx:Slug }")
        .arg(dir.join("links.png"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let page: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let iri = "https://glossgraph.example/rdma-storage/term/roce-v2";
    assert_eq!(
        page["rows"],
        serde_json::json!([[format!("<{iri}>")]]),
        "{page}"
    );
    // Issue 46, item 17: to this server, which answers the IRI (it led to the base IRI's
    // host, which may not exist).
    assert_eq!(
        page["links"],
        serde_json::json!([format!("{}/term/roce-v2", server.base)]),
        "{page}"
    );
    // The concept scheme (the base IRI) is the site's index; an IRI of another vocabulary
    // stays as it is.
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/page_cdp.py"))
        .arg(&chromium)
        .arg(format!("{}/sparql", server.base))
        .arg("SELECT ?s ?c WHERE { ?s a ?c . ?s a skos:ConceptScheme }")
        .arg(dir.join("scheme.png"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let page: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        page["links"],
        serde_json::json!([
            format!("{}/", server.base),
            "http://www.w3.org/2004/02/skos/core#ConceptScheme"
        ]),
        "{page}"
    );

    // A malformed query shows the parser's message.
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/page_cdp.py"))
        .arg(&chromium)
        .arg(format!("{}/sparql", server.base))
        .arg("SELECT * WHERE { ?s ?p")
        .arg(dir.join("error.png"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let page: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(page["state"], "error", "{page}");
    assert!(
        page["status"]
            .as_str()
            .unwrap()
            .starts_with("HTTP 400: query syntax: 1:"),
        "{page}"
    );
}

/// Issue 38: 64 clients from one address, each opening a connection per request (as
/// Python's `http.client` does), 40 requests each — good GET and POST queries, bad syntax,
/// an update attempt, path traversal, Graph Store GET and PUT, and one 20 MiB body per 16
/// clients. Every one of the 2,560 requests gets the answer it should, run after run: no
/// reset, no broken pipe, no connection closed without an answer, and the 413 is read.
#[test]
fn every_request_of_64_concurrent_clients_is_answered_whole() {
    let server = Served::start(&["--max-per-client", "64"]);
    let script = root().join("tests/consumers/serve_load.py");
    for run in 0..3 {
        let out = Command::new(require("python3"))
            .arg(&script)
            .args([&server.base, "64", "40"])
            .output()
            .expect("python3 runs");
        assert!(out.status.success(), "{}", stderr(&out));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            (
                report["answered"].as_u64(),
                report["unexpected_count"].as_u64()
            ),
            (Some(2560), Some(0)),
            "run {run}: {report}"
        );
    }
    speaks_the_protocol(&server, &Request::send);
}

/// The value of the header `name` (lower case) in curl's lower-cased `headers`.
fn header<'h>(headers: &'h str, name: &str) -> Option<&'h str> {
    headers
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

/// Issue 46, item 6: a HEAD answer says the length GET sends (it said 0), a streamed one says
/// none; a 405 says which methods are allowed (RFC 9110).
#[test]
fn head_says_the_length_of_get_and_a_405_says_what_is_allowed() {
    let server = Served::start(&[]);
    for path in [
        "/",
        "/term/roce-v2/",
        "/term/roce-v2.ttl",
        "/site.css",
        "/sparql",
        "/query?query=ASK%7B%7D",
        "/nowhere",
    ] {
        let (status, _, body) = super::curl_raw(&[&server.url(path)]);
        let (head_status, headers, head_body) =
            super::curl_raw(&["-I", "-o", "/dev/null", &server.url(path)]);
        assert_eq!(head_status, status, "{path}");
        assert!(head_body.is_empty(), "{path}: {head_body}");
        assert!(body.len() > 2, "{path}");
        assert_eq!(
            header(&headers, "content-length"),
            Some(body.len().to_string().as_str()),
            "{path}: {headers}"
        );
    }
    // The dump is streamed: no length, and no body.
    let (status, headers, body) =
        super::curl_raw(&["-I", "-o", "/dev/null", &server.url("/store?default")]);
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-length"), None, "{headers}");
    assert!(body.is_empty());

    for (method, path, allow) in [
        ("PUT", "/store?default", "GET, HEAD"),
        ("DELETE", "/term/roce-v2/", "GET, HEAD"),
        ("POST", "/sparql", "GET, HEAD"),
        // The APIs answer preflights from any origin, with or without --cors.
        ("PUT", "/query", "GET, HEAD, POST, OPTIONS"),
        ("PUT", "/reconcile", "GET, HEAD, POST, OPTIONS"),
    ] {
        let (status, headers, _) =
            super::curl_raw(&["-X", method, &server.url(path), "--data", "x"]);
        assert_eq!(status, 405, "{method} {path}");
        assert_eq!(
            header(&headers, "allow"),
            Some(allow.to_ascii_lowercase().as_str()),
            "{method} {path}: {headers}"
        );
    }
    let cors = Served::start(&["--cors"]);
    let (status, headers, _) = super::curl_raw(&["-X", "PUT", &cors.url("/store"), "--data", "x"]);
    assert_eq!(status, 405);
    assert_eq!(
        header(&headers, "allow"),
        Some("get, head, options"),
        "{headers}"
    );
}
