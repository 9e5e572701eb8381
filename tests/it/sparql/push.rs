//! `glossgraph push` against a scripted server: retries and refusals, credentials and where
//! they may come from, dry runs, and a payload of the export's triples once each. (Into a real
//! Oxigraph server and a real Virtuoso: `consumers/push.rs`, `consumers/incremental.rs`.)

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::Output;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use glossgraph::check;
use glossgraph::config::{Config, Settings};
use glossgraph::load::{self, Input};
use glossgraph::sparql::push::{self};
use glossgraph::sparql::GlossaryStore;

use crate::util::fixtures::generated;
use crate::util::server::free_port;
use crate::util::{glossgraph, glossgraph_command, ok, root, scratch, stderr, stdout};

/// `glossgraph push ARGS` with the password in the environment.
pub(crate) fn push_with_password(password: &str, args: &[&str]) -> Output {
    let out = glossgraph_command()
        .arg("push")
        .args(args)
        .env("GLOSSGRAPH_PASSWORD", password)
        .output()
        .unwrap();
    assert!(out.status.code().is_some());
    out
}

/// The glossary at `input` in a local store, for comparing with what a remote store holds.
pub(crate) fn local(input: &str) -> GlossaryStore {
    let input = Input::parse(&root().join(input).display().to_string());
    let config = Config::resolve(input.config_dir().as_deref(), Settings::default()).unwrap();
    let checked = check::check(
        load::load(&input).unwrap(),
        &config,
        check::Options::default(),
    );
    assert!(!checked.report.is_failure(false));
    GlossaryStore::new(&checked.glossary, &config).unwrap()
}

pub(crate) const GRAPH: &str = "https://glossgraph.example/rdma-storage/";
pub(crate) const SAMPLE_TRIPLES: u64 = 2071;

/// A scripted HTTP server: answers each request with the next of `replies` (status, extra
/// header lines, body) and records what it was sent. A 401 is answered as Virtuoso does,
/// before reading the request's body, and the connection closed.
struct Scripted {
    port: u16,
    seen: Arc<Mutex<Vec<String>>>,
}

impl Scripted {
    fn start(replies: Vec<(u16, &'static str, &'static str)>) -> Scripted {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let record = Arc::clone(&seen);
        std::thread::spawn(move || {
            for (status, headers, body) in replies {
                let Ok((stream, _)) = listener.accept() else {
                    return;
                };
                let mut reader = BufReader::new(stream);
                let mut head = String::new();
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                        break;
                    }
                    if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                        length = v.trim().parse().unwrap_or(0);
                    }
                    head.push_str(&line);
                }
                if status != 401 {
                    let mut content = vec![0; length];
                    let _ = reader.read_exact(&mut content);
                }
                record.lock().unwrap().push(head);
                let mut stream = reader.into_inner();
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status} X\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n{headers}\r\n{body}",
                    body.len()
                );
            }
        });
        Scripted { port, seen }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/store", self.port)
    }

    fn requests(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }

    /// The method of each request, in order.
    fn methods(&self) -> Vec<String> {
        self.requests()
            .iter()
            .map(|r| r.split(' ').next().unwrap_or_default().to_owned())
            .collect()
    }
}

/// `out` is a push that stopped (exit 2) because the store refused user `dba`'s credentials.
fn assert_refused_for_dba(out: &Output) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    assert!(
        stderr(out).contains("refused the credentials of user `dba` (HTTP 401)"),
        "{}",
        stderr(out)
    );
}

#[test]
fn server_errors_are_retried_with_backoff() {
    let server = Scripted::start(vec![
        (503, "", "busy"),
        (502, "", "bad gateway"),
        (201, "", ""),
    ]);
    let out = glossgraph(&["push", "--endpoint", &server.url(), "--retries", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("answered HTTP 503; retrying in 0.5 s (attempt 2 of 4)"),
        "{err}"
    );
    assert!(
        err.contains("answered HTTP 502; retrying in 1.0 s (attempt 3 of 4)"),
        "{err}"
    );
    let requests = server.requests();
    assert_eq!(requests.len(), 3);
    assert!(
        requests.iter().all(|r| r.starts_with(
            "PUT /store?graph=https%3A%2F%2Fglossgraph.example%2Frdma-storage%2F HTTP/1.1"
        )),
        "{requests:?}"
    );
    assert!(
        requests[0]
            .to_ascii_lowercase()
            .contains("content-type: text/turtle"),
        "{}",
        requests[0]
    );

    let server = Scripted::start(vec![(500, "", "disk full"), (500, "", "disk full")]);
    let out = glossgraph(&["push", "--endpoint", &server.url(), "--retries", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("keeps failing: HTTP 500 after 2 attempts: disk full"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_refusal_carries_the_servers_message_and_is_not_retried() {
    let server = Scripted::start(vec![
        (400, "", "Turtle syntax error at line 3, column 7\n"),
        (201, "", ""),
    ]);
    let out = glossgraph(&["push", "--endpoint", &server.url()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "glossgraph: error: {}?graph=https%3A%2F%2Fglossgraph.example%2Frdma-storage%2F refused the PUT with HTTP 400: Turtle syntax error at line 3, column 7\n",
            server.url()
        )
    );
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn a_dead_endpoint_is_retried_then_reported() {
    let port = free_port();
    let started = Instant::now();
    let out = glossgraph(&[
        "push",
        "--endpoint",
        &format!("http://127.0.0.1:{port}/store"),
        "--retries",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("retrying in 0.5 s (attempt 2 of 3)"), "{err}");
    assert!(err.contains("retrying in 1.0 s (attempt 3 of 3)"), "{err}");
    assert!(
        err.contains(&format!(
            "glossgraph: error: cannot reach http://127.0.0.1:{port}/store?graph="
        )),
        "{err}"
    );
    assert!(err.trim_end().ends_with("(after 3 attempts)"), "{err}");
    assert!(started.elapsed() >= Duration::from_millis(1500));
    // Issue 40: one attempt is one attempt.
    let once = glossgraph(&[
        "push",
        "--endpoint",
        &format!("http://127.0.0.1:{port}/store"),
        "--retries",
        "0",
    ]);
    let err = stderr(&once);
    assert!(err.trim_end().ends_with("(after 1 attempt)"), "{err}");
}

#[test]
fn basic_authentication_with_the_password_from_a_file() {
    let challenge = "WWW-Authenticate: Basic realm=\"store\"\r\n";
    // The bodiless probe is challenged, then answered with credentials; then the PUT.
    let server = Scripted::start(vec![(401, challenge, ""), (200, "", ""), (201, "", "")]);
    let dir = scratch("sparql", "basic-auth");
    let file = dir.join("secret");
    std::fs::write(&file, "open sesame\r\nsecond line ignored\n").unwrap();
    let out = glossgraph(&[
        "push",
        "--endpoint",
        &server.url(),
        "--user",
        "Aladdin",
        "--password-file",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let requests = server.requests();
    assert!(requests[0].starts_with("HEAD "), "{requests:?}");
    assert!(requests[2].starts_with("PUT "), "{requests:?}");
    assert!(
        requests[2].contains("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="),
        "{}",
        requests[2]
    );
    // The password appears nowhere in what glossgraph prints.
    assert!(!stdout(&out).contains("sesame") && !stderr(&out).contains("sesame"));
}

#[test]
fn refused_credentials_are_reported_before_the_body_is_sent() {
    let challenge = "WWW-Authenticate: Digest realm=\"store\", nonce=\"n1\", qop=\"auth\"\r\n";
    let server = Scripted::start(vec![(401, challenge, ""), (401, challenge, "bad password")]);
    let out = push_with_password("wrong", &["--endpoint", &server.url(), "--user", "dba"]);
    assert_refused_for_dba(&out);
    assert_eq!(server.methods(), ["HEAD", "HEAD"]);
}

#[test]
fn a_refusal_that_cuts_the_body_off_is_heard() {
    // The probe passes, then the PUT's credentials are refused (a stale nonce, say) with a
    // 401 sent before the body is read: the body fails to send, a bodiless request hears the
    // 401, the fresh challenge is answered once, then the refusal is reported.
    let challenge = "WWW-Authenticate: Basic realm=\"store\"\r\n";
    let server = Scripted::start(vec![
        (401, challenge, ""),
        (200, "", ""),
        (401, challenge, ""),
        (401, challenge, ""),
        (401, challenge, ""),
        (401, challenge, "not you"),
    ]);
    let corpus = generated(3_000);
    let out = push_with_password(
        "secret",
        &[
            corpus.to_str().unwrap(),
            "--endpoint",
            &server.url(),
            "--user",
            "dba",
        ],
    );
    assert_refused_for_dba(&out);
    assert_eq!(
        server.methods(),
        ["HEAD", "HEAD", "PUT", "HEAD", "PUT", "HEAD"]
    );
}

#[test]
fn credentials_never_come_from_the_command_line() {
    let out = glossgraph(&["push", "--endpoint", "http://dba:secret@127.0.0.1:1/store"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("holds credentials; give --user, and the password in GLOSSGRAPH_PASSWORD or --password-file"), "{}", stderr(&out));
    let out = glossgraph(&[
        "push",
        "--endpoint",
        "http://127.0.0.1:1/store",
        "--user",
        "dba",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "--user dba needs a password: set GLOSSGRAPH_PASSWORD or give --password-file"
        ),
        "{}",
        stderr(&out)
    );
    let out = glossgraph(&[
        "push",
        "--endpoint",
        "http://127.0.0.1:1/store",
        "--password",
        "x",
    ]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "there must be no --password flag"
    );
}

/// Issue 40: a dry run refuses every endpoint the real run would refuse, with the same words,
/// before it reads the glossary.
#[test]
fn a_dry_run_refuses_what_the_real_run_refuses() {
    for (flag, url) in [
        ("--endpoint", "127.0.0.1:7878/store"),
        ("--verify", "ftp://127.0.0.1/query"),
        (
            "--update-endpoint",
            "http://user:secret@127.0.0.1:7878/update",
        ),
    ] {
        let mut args = vec!["push", "--dry-run"];
        if flag != "--endpoint" {
            args.extend(["--endpoint", "http://127.0.0.1:7878/store"]);
        }
        if flag == "--update-endpoint" {
            args.push("--incremental");
        }
        args.extend([flag, url]);
        for dry in [true, false] {
            let args: Vec<&str> = args
                .iter()
                .copied()
                .filter(|a| dry || *a != "--dry-run")
                .collect();
            let out = glossgraph(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(
                stderr(&out).contains(&format!("`{url}` is not a usable endpoint URL")),
                "{args:?}: {}",
                stderr(&out)
            );
            assert!(stdout(&out).is_empty(), "{args:?}");
        }
    }
}

#[test]
fn a_dry_run_sends_nothing() {
    let server = Scripted::start(vec![]);
    let out = ok(&glossgraph(&[
        "push",
        "--endpoint",
        &server.url(),
        "--dry-run",
    ]));
    assert!(
        out.starts_with(&format!("would PUT {SAMPLE_TRIPLES} triples (")),
        "{out}"
    );
    assert!(out.contains(&format!("bytes of Turtle) to {}?graph=https%3A%2F%2Fglossgraph.example%2Frdma-storage%2F, replacing graph <{GRAPH}>", server.url())), "{out}");
    let out = ok(&glossgraph(&[
        "push",
        "--endpoint",
        &server.url(),
        "--dry-run",
        "--protocol",
        "update",
        "--batch-size",
        "500",
    ]));
    assert_eq!(
        out,
        format!("would POST to {}: DROP SILENT GRAPH <{GRAPH}>, then 5 INSERT DATA requests of at most 500 triples ({SAMPLE_TRIPLES} triples in all)\n", server.url())
    );
    std::thread::sleep(Duration::from_millis(100));
    assert!(server.requests().is_empty());
}

#[test]
fn the_payload_is_the_exports_triples_once_each() {
    let sample = local("data");
    let dir = root().join("data");
    let config = Config::resolve(Some(&dir), Settings::default()).unwrap();
    let checked = check::check(
        load::load(&Input::Path(dir)).unwrap(),
        &config,
        check::Options::default(),
    );
    let payload = push::Payload::new(&checked.glossary, &config);
    assert_eq!(payload.len() as u64, SAMPLE_TRIPLES);
    assert_eq!(sample.len() as u64, SAMPLE_TRIPLES);
    // Split bodies hold the same triples as one body.
    let whole: BTreeSet<_> = parse_turtle(&payload.turtle_bodies(usize::MAX)[0]);
    let parts = payload.turtle_bodies(20_000);
    assert!(parts.len() > 5);
    let mut union = BTreeSet::new();
    for p in &parts {
        union.extend(parse_turtle(p));
    }
    assert_eq!(whole.len() as u64, SAMPLE_TRIPLES);
    assert_eq!(union, whole);
}

fn parse_turtle(body: &[u8]) -> BTreeSet<String> {
    oxigraph::io::RdfParser::from_format(oxigraph::io::RdfFormat::Turtle)
        .for_slice(body)
        .map(|q| oxigraph::model::Triple::from(q.unwrap()).to_string())
        .collect()
}

/// `push --incremental` with the Graph Store protocol is refused without `--update-endpoint`,
/// before anything is read or sent.
#[test]
fn graph_store_incremental_push_needs_the_update_endpoint() {
    // Checked before anything is read or sent: the endpoint below listens to nobody.
    let out = glossgraph(&[
        "push",
        "data",
        "--incremental",
        "--endpoint",
        "http://127.0.0.1:9/store",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("also needs --update-endpoint"),
        "{}",
        stderr(&out)
    );
}
