//! SPARQL over the glossary (issue 5): `query`, `serve` and `push`, end to end.
//!
//! The servers these tests talk to are real and local: `glossgraph serve` itself, Oxigraph
//! server (`oxigraph serve`, from PyPI) and Virtuoso (`virtuoso-t`, from Debian), each
//! started on a free loopback port and stopped when its guard drops. Clients are real too:
//! curl, Python's SPARQLWrapper, headless Chromium. Every tool is installed by
//! `scripts/install-test-tools.sh`; a missing one fails the test with that advice.

mod incremental;
mod large;
mod push;
mod query;
mod serve;
pub mod stores;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The repository root (the sample glossary is `data/`).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `glossgraph` with `args`, run in the repository root.
pub fn glossgraph(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_glossgraph"))
        .args(args)
        .current_dir(root())
        .env_remove("GLOSSGRAPH_PASSWORD")
        .env_remove("GLOSSGRAPH_USER")
        .output()
        .expect("the glossgraph binary runs");
    assert!(
        out.status.code().is_some(),
        "glossgraph was killed: {args:?}"
    );
    out
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts exit code 0 and returns stdout.
pub fn ok(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(out));
    stdout(out)
}

/// The path of `tool`, or a failed test that says how to install it.
pub fn require(tool: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(tool))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "`{tool}` is not installed: run scripts/install-test-tools.sh (this test needs it)"
            )
        })
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("sparql")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A loopback port nobody listens on right now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// A generated glossary of `terms` terms (JSON Lines), made once per test run.
pub fn generated(terms: usize) -> PathBuf {
    static MADE: OnceLock<Mutex<Vec<usize>>> = OnceLock::new();
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sparql-corpus-{terms}.jsonl"));
    let mut made = MADE.get_or_init(Default::default).lock().unwrap();
    if !made.contains(&terms) {
        let out = glossgraph(&[
            "generate",
            "--terms",
            &terms.to_string(),
            "--out",
            path.to_str().unwrap(),
            // A corpus of an earlier run is replaced.
            "--force",
        ]);
        ok(&out);
        // The sample glossary's settings beside it: one base IRI, one graph, for all tests.
        let settings = root().join("data/glossgraph.toml");
        std::fs::copy(settings, path.with_file_name("glossgraph.toml")).unwrap();
        made.push(terms);
    }
    path
}

/// A child process killed when dropped, whatever happened in the test.
pub struct Guard {
    pub child: Child,
    pub name: &'static str,
}

impl Guard {
    /// Sends SIGTERM (as `kill` would) and waits up to `limit` for the process to end.
    pub fn terminate(&mut self, limit: Duration) -> Option<ExitStatus> {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -TERM {} failed", self.child.id());
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `glossgraph serve` on a free loopback port.
pub struct Served {
    pub guard: Guard,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    stderr: Arc<Mutex<String>>,
}

impl Served {
    /// Starts `glossgraph serve ARGS --bind 127.0.0.1:0` and waits until it listens.
    pub fn start(args: &[&str]) -> Served {
        Self::start_at(args, "127.0.0.1:0")
    }

    pub fn start_at(args: &[&str], bind: &str) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_glossgraph"))
            .arg("serve")
            .args(args)
            .args(["--bind", bind])
            .current_dir(root())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("glossgraph serve starts");
        let err = child.stderr.take().unwrap();
        let stderr = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let log = Arc::clone(&stderr);
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("serving http://").nth(1) {
                    let addr = rest.split('/').next().unwrap_or_default().to_owned();
                    let _ = tx.send(addr);
                }
                let mut log = log.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let guard = Guard {
            child,
            name: "glossgraph serve",
        };
        let addr = rx
            .recv_timeout(Duration::from_secs(120))
            .unwrap_or_else(|_| {
                panic!("glossgraph serve did not start: {}", stderr.lock().unwrap())
            });
        Served {
            guard,
            base: format!("http://{addr}"),
            stderr,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// What the server wrote to stderr so far.
    pub fn log(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }
}

/// Runs curl with `args` (plus `-sS`) and returns (status code, headers, body).
pub fn curl(args: &[&str]) -> (u16, String, String) {
    require("curl");
    let out = Command::new("curl")
        .args(["-sS", "-D", "-", "--max-time", "60"])
        .args(args)
        .output()
        .expect("curl runs");
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
        return (status, head.to_ascii_lowercase(), body.to_owned());
    }
}
