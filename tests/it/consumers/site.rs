//! The website (issue 36) read by the programs people and machines read it with: headless
//! Chromium (search, links, a hostile card, printing, axe-core), LinkChecker, the Nu HTML
//! Checker, rdflib and extruct.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::require;
use crate::site::{sample_cards, sample_site, site};
use crate::util::fixtures::generated;
use crate::util::server::{free_port, Guard};
use crate::util::{root, scratch};

#[test]
fn rdflib_reads_every_alternate_as_the_export_and_extruct_finds_each_defined_term() {
    let dir = sample_site();
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/site_rdf.py"))
        .arg(&dir)
        .arg(root().join("exports/glossary.nt"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let cards = sample_cards();
    assert_eq!(report["terms"], cards.len());
    assert!(
        report["triples"].as_u64().unwrap() > 20 * cards.len() as u64,
        "{report}"
    );
    assert_eq!(report["mismatches"], serde_json::json!([]), "{report}");
    for (slug, term, _) in &cards {
        let found = &report["defined_terms"][slug];
        assert_eq!(found["name"], term.as_str(), "{slug}: {report}");
        assert_eq!(
            found["id"],
            format!("https://glossgraph.example/rdma-storage/term/{slug}")
        );
        assert_eq!(found["set"], "https://glossgraph.example/rdma-storage/");
    }
}

/// Python's static file server (`http.server`, see tests/consumers/static_server.py) serving
/// `dir` on a free loopback port, stopped on drop.
fn http_server(dir: &Path) -> (Guard, String) {
    let port = free_port();
    let child = Command::new(require("python3"))
        .arg(root().join("tests/consumers/static_server.py"))
        .arg(dir)
        .arg(port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let guard = Guard {
        child,
        name: "python3 -m http.server",
    };
    let base = format!("http://127.0.0.1:{port}/");
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "http.server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (guard, base)
}

/// Runs tests/consumers/site_cdp.py against `base` with `args`; its report.
fn read_in_chromium(base: &str, args: &[&str]) -> Value {
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/site_cdp.py"))
        .arg(require("chromium"))
        .arg(base)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The sample's cards and a hostile one, whose every text carries markup and a
/// `javascript:` URL.
fn hostile_glossary(dir: &Path) -> PathBuf {
    let cards = dir.join("cards");
    std::fs::create_dir_all(&cards).unwrap();
    for entry in std::fs::read_dir(root().join("data")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, cards.join(path.file_name().unwrap())).unwrap();
    }
    let payload = "<script>window.pwned = 1</script><img src=x onerror=\"window.pwned = 2\"> javascript:window.pwned=3";
    let evil = serde_json::json!({
        "slug": "evil",
        "term": format!("Evil {payload}"),
        "aliases": [format!("alias {payload}")],
        "definition": format!("Definition {payload}"),
        "note": format!("Note {payload} [web]\n\nSecond </script> paragraph"),
        "advantages": [format!("advantage {payload}")],
        "limitations": [format!("limitation {payload}")],
        "provenance": [format!("provenance {payload}")],
        "citations": [{
            "id": "web",
            "title": format!("Title {payload}"),
            "url": "https://example.org/a?b=%3Cc%3E&d"
        }]
    });
    std::fs::write(cards.join("evil.json"), evil.to_string()).unwrap();
    cards
}

#[test]
fn chromium_reads_the_site_and_prints_the_index() {
    let dir = scratch("site", "chromium");
    let cards = hostile_glossary(&dir);
    let out = dir.join("site");
    site(&cards, &out);
    let (_server, base) = http_server(&out);
    let axe = root().join("target/test-tools/axe/node_modules/axe-core/axe.min.js");
    assert!(
        axe.is_file(),
        "axe-core is not installed: run scripts/install-test-tools.sh"
    );
    let pdf = dir.join("index.pdf");
    let report = read_in_chromium(
        &base,
        &[
            "--search",
            "RoCE",
            "--expect",
            "roce-v2",
            "--related",
            "roce-v2",
            "--hostile",
            "evil",
            "--axe",
            axe.to_str().unwrap(),
            "--pdf",
            pdf.to_str().unwrap(),
        ],
    );
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    assert_eq!(report["foreign"], serde_json::json!([]), "{report:#}");
    assert!(report["results"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["href"] == "term/roce-v2/index.html"));
    assert_eq!(report["search_landed"]["h1"], "RoCEv2", "{report:#}");
    let related = report["related"].as_array().unwrap();
    assert_eq!(related.len(), 3, "{report:#}");
    for link in related {
        assert_eq!(link["landed"]["h1"], link["text"], "{link}");
    }
    let hostile = &report["hostile"];
    assert_eq!(
        hostile["pwned"], "undefined",
        "the payload ran: {hostile:#}"
    );
    let text = hostile["text"].as_str().unwrap();
    for shown in [
        "Evil <script>window.pwned = 1</script><img src=x onerror=\"window.pwned = 2\"> javascript:window.pwned=3",
        "Definition <script>",
        "Second </script> paragraph",
        "advantage <script>",
        "limitation <script>",
        "provenance <script>",
        "Title <script>",
    ] {
        assert!(text.contains(shown), "`{shown}` not shown as text in {text}");
    }
    let elements: Vec<&str> = hostile["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert!(
        !elements.iter().any(|e| ["script", "img"].contains(e)),
        "{elements:?}"
    );
    for href in hostile["links"].as_array().unwrap() {
        let href = href.as_str().unwrap();
        assert!(!href.starts_with("javascript:"), "{href}");
    }
    for page in ["index", "term", "topic"] {
        assert_eq!(
            report["axe"][page],
            serde_json::json!([]),
            "axe-core on the {page} page: {report:#}"
        );
    }
    // The printed index holds every term and its definition.
    let text = Command::new(require("pdftotext"))
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(text.status.success());
    // Lines wrap anywhere, and a word broken at its hyphen comes back without it.
    let words = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect::<String>()
    };
    let printed = words(&String::from_utf8_lossy(&text.stdout));
    for (_, term, definition) in sample_cards() {
        assert!(printed.contains(&words(&term)), "{term} not printed");
        assert!(
            printed.contains(&words(&definition)),
            "the definition of {term} not printed"
        );
    }
}

#[test]
fn linkchecker_finds_no_broken_link_in_the_sample_site() {
    let (_server, base) = http_server(&sample_site());
    // Internal links only (no network here), at full speed (the server allows it).
    let config = scratch("site", "linkchecker").join("linkcheckerrc");
    std::fs::write(&config, "[checking]\nmaxrequestspersecond=1000\n").unwrap();
    let out = Command::new(require("linkchecker"))
        .arg("--config")
        .arg(&config)
        .args(["--no-status", "--no-warnings"])
        .arg(format!("{base}index.html"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert!(report.contains(" 0 errors found."), "{report}");
    // It did crawl the site: every term's page and files, at least.
    let checked: usize = report
        .split(" URLs checked")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(checked > 5 * sample_cards().len(), "{report}");
}

/// The Nu HTML Checker's errors (`type: error` and fatal ones) for the HTML files below `dir`,
/// as `file:line: message`.
fn nu_html_errors(dir: &Path) -> Vec<String> {
    let jar = root().join("target/test-tools/vnu/node_modules/vnu-jar/build/dist/vnu.jar");
    assert!(
        jar.is_file(),
        "run scripts/install-test-tools.sh: {} is missing",
        jar.display()
    );
    let out = Command::new(require("java"))
        .arg("-jar")
        .arg(&jar)
        .args(["--skip-non-html", "--format", "json"])
        .arg(dir)
        .output()
        .expect("java runs the Nu HTML Checker");
    // The report is on stderr; the exit code is 1 when there are errors.
    let report: Value = serde_json::from_slice(&out.stderr).unwrap_or_else(|e| {
        panic!(
            "the checker's JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    report["messages"]
        .as_array()
        .expect("a messages array")
        .iter()
        .filter(|m| m["type"] == "error" || m["subType"] == "fatal")
        .map(|m| format!("{}:{}: {}", m["url"], m["lastLine"], m["message"]))
        .collect()
}

#[test]
fn the_nu_html_checker_finds_no_error_in_the_sample_site() {
    let errors = nu_html_errors(&sample_site());
    assert!(errors.is_empty(), "{errors:#?}");
    // It does find them: a page with a misnested element and a stray end tag.
    let broken = scratch("site", "vnu-broken");
    std::fs::write(
        broken.join("broken.html"),
        "<!DOCTYPE html><html lang=en><title>x</title><p><div>a</p></span>",
    )
    .unwrap();
    let errors = nu_html_errors(&broken);
    assert!(errors.len() >= 2, "{errors:#?}");
}

#[test]
fn a_generated_10k_site_is_searchable_in_chromium() {
    let cards = generated(10_000);
    let dir = scratch("site", "10k");
    let out = dir.join("site");
    site(&cards, &out);
    let first: Value = serde_json::from_str(
        std::fs::read_to_string(&cards)
            .unwrap()
            .lines()
            .nth(4321)
            .unwrap(),
    )
    .unwrap();
    let slug = first["slug"].as_str().unwrap();
    let term = first["term"].as_str().unwrap();
    let (_server, base) = http_server(&out);
    let report = read_in_chromium(
        &base,
        &["--search", term, "--expect", slug, "--related", slug],
    );
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    assert_eq!(report["foreign"], serde_json::json!([]), "{report:#}");
    assert_eq!(report["search_landed"]["h1"], term, "{report:#}");
    for link in report["related"].as_array().unwrap() {
        assert_eq!(link["landed"]["h1"], link["text"], "{link}");
    }
}
