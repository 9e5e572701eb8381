//! The consumer tier of the tests: the checks that run the programs users read glossgraph's
//! outputs with, and the few that need another program of the system or root. Compiled only
//! with `--features consumers`, which `./scripts/test` turns on once
//! `scripts/install-test-tools.sh` has installed them; a program missing then fails its test
//! with what to run: these checks never skip. Plain `cargo test` runs the rest of `tests/it/`,
//! which needs nothing but the Rust toolchain, git and a shell.
//!
//! One file per area, beside the area's own tests in `tests/it/` (whose fixtures they use);
//! the Python and Node drivers and the schemas they run are in `tests/consumers/`. The
//! programs: Graphviz, xmllint and the GraphML schema, librsvg, raptor, Skosify, Python with
//! NetworkX, igraph, rdflib, SPARQLWrapper, extruct and translate-toolkit, Node with Cytoscape.js, graphology
//! and ESLint, headless Chromium with axe-core, LinkChecker, pdftotext, the Nu HTML Checker
//! on Java, check-jsonschema and jsonschema, Microsoft's SARIF validator, Kuzu and FalkorDB,
//! Oxigraph's server and Virtuoso, curl, reconciler (the Reconciliation API's pandas client);
//! groff, patch and `script`; `mount` (as root, for a full disk).

mod cli;
mod csv;
mod cytoscape;
mod diff;
mod dot;
mod export;
mod gexf;
mod graphml;
mod html;
mod incremental;
mod large;
mod maintainer;
mod markdown;
mod nodelink;
mod push;
mod query;
mod rdf;
mod reconcile;
mod serve;
mod sheets;
mod site;
mod skos;
mod skosmos;
mod stores;
mod svg;
mod tbx;

use std::path::PathBuf;
use std::process::{Command, Output};

use glossgraph::config::Config;
use glossgraph::Glossary;

use crate::util::fixtures::{checked, hostile_cards};

/// The path of the program `tool`, or a failed test that says how to install it: the
/// checks that need a program never skip.
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

/// Runs the program `tool` (see [`require`]) with `args`.
pub fn tool(program: &str, args: &[&str]) -> Output {
    Command::new(require(program))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run `{program}`: {e}"))
}

/// The hostile glossary (`util::fixtures::hostile_cards`), checked.
pub fn hostile() -> (Glossary, Config) {
    let text: String = hostile_cards()
        .iter()
        .map(|c| c.to_json(false) + "\n")
        .collect();
    checked("hostile.jsonl", &text)
}

/// Runs curl with `args` (`-sS`, the response head on standard output) and returns the status,
/// the head in lower case and the body; interim `100 Continue` answers are skipped.
pub fn curl_raw(args: &[&str]) -> (u16, String, String) {
    let out = std::process::Command::new(require("curl"))
        .args(["-sS", "-D", "-", "--max-time", "60"])
        .args(args)
        .output()
        .expect("curl runs");
    assert!(
        out.status.success(),
        "curl {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
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
