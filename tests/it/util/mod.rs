//! What the tests share, in one place: where the repository is, a scratch folder per test,
//! the `glossgraph` binary run as a user runs it, the glossaries most tests read
//! ([`fixtures`]), a `glossgraph serve` to talk to ([`server`]) and the HTTP client that
//! talks to it ([`http`]).

pub mod fixtures;
pub mod http;
pub mod server;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root, where `data/`, `exports/` and `docs/` are.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh, empty scratch folder for one test: `NAME` under `AREA` in cargo's folder for
/// integration tests' files (`target/tmp`). Under cargo-nextest, which runs each test in a
/// process of its own (the way BENCHMARKS.md times them one by one), in a folder of the
/// process: a fixture that one `cargo test` process makes once is then made by each.
pub fn scratch(area: &str, name: &str) -> PathBuf {
    let mut dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(area).join(name);
    if std::env::var_os("NEXTEST_EXECUTION_MODE").is_some() {
        dir.push(format!("process-{}", std::process::id()));
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The binary under test, in the repository root, with none of the environment variables
/// that change what it does (colour, credentials) inherited from the shell running the tests.
pub fn glossgraph_command() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_glossgraph"));
    cmd.current_dir(root())
        .env_remove("NO_COLOR")
        .env_remove("GLOSSGRAPH_PASSWORD")
        .env_remove("GLOSSGRAPH_USER");
    cmd
}

/// Runs `glossgraph ARGS` in the repository root; fails the test if it was killed.
pub fn glossgraph(args: &[&str]) -> Output {
    let out = glossgraph_command()
        .args(args)
        .output()
        .expect("the glossgraph binary runs");
    assert!(
        out.status.code().is_some(),
        "glossgraph was killed: {args:?}"
    );
    out
}

/// Runs `glossgraph ARGS` in `dir`, feeding it `stdin`.
pub fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = glossgraph_command()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the glossgraph binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    if let Some(bytes) = stdin {
        pipe.write_all(bytes).expect("stdin accepts the input");
    }
    drop(pipe);
    child.wait_with_output().expect("glossgraph finishes")
}

/// The exit code, stdout and stderr of a run, as text.
pub fn outcome(out: &Output) -> (i32, String, String) {
    (
        out.status
            .code()
            .expect("glossgraph exits with a code, not a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Standard output of a run, which must be UTF-8.
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

/// Sends the signal `name` (`TERM`, `INT`) to process `pid`, with the shell's own `kill`:
/// no program beyond the shell is needed.
pub fn signal(pid: u32, name: &str) {
    let status = Command::new("sh")
        .args(["-c", "kill -s \"$1\" \"$2\"", "sh", name, &pid.to_string()])
        .status()
        .expect("sh runs");
    assert!(status.success(), "kill -s {name} {pid} failed");
}

/// A valid card with the given slug and related slugs, as pretty JSON.
pub fn card(slug: &str, related: &[&str]) -> String {
    let related: Vec<String> = related.iter().map(|s| format!("\"{s}\"")).collect();
    format!(
        "{{\n  \"slug\": \"{slug}\",\n  \"term\": \"Term {slug}\",\n  \"definition\": \"The definition of {slug}.\",\n  \"related\": [{}]\n}}\n",
        related.join(", ")
    )
}
