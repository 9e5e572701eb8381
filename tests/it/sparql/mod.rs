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

use crate::util::{require, stderr};
use std::process::Command;

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
