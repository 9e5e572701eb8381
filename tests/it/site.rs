//! The website (issue 36): `glossgraph site` read by the programs people and machines read it
//! with — headless Chromium (search, links, a hostile card, printing, axe-core), LinkChecker,
//! rdflib and extruct — and `glossgraph serve` answering at the terms' IRIs.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::sparql::{curl, free_port, generated, require, scratch, Guard, Served};
use crate::util::{glossgraph, outcome, root};

/// Writes the site of `input` into `out`; panics with glossgraph's message if it fails.
fn site(input: &Path, out: &Path) {
    let run = glossgraph()
        .args([
            "site",
            input.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let (code, _, stderr) = outcome(&run);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("wrote the site of"), "{stderr}");
}

/// The sample glossary's site, written once per test run.
fn sample_site() -> PathBuf {
    static MADE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        let dir = scratch("site-sample").join("site");
        site(&root().join("data"), &dir);
        dir
    })
    .clone()
}

/// Every file below `dir`, relative, with its bytes, sorted.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push((name, std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// The slugs and terms of the sample's cards.
fn sample_cards() -> Vec<(String, String, String)> {
    let mut cards: Vec<(String, String, String)> = std::fs::read_dir(root().join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let card: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            let text = |k: &str| card[k].as_str().unwrap().to_owned();
            (text("slug"), text("term"), text("definition"))
        })
        .collect();
    cards.sort();
    cards
}

#[test]
fn every_term_has_its_page_and_rdf_and_the_same_glossary_gives_the_same_bytes() {
    let dir = sample_site();
    let files = tree(&dir);
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let cards = sample_cards();
    for (slug, _, _) in &cards {
        for file in ["/index.html", ".ttl", ".jsonld", ".rdf"] {
            let name = format!("term/{slug}{file}");
            assert!(names.contains(&name.as_str()), "no {name}");
        }
    }
    for name in [
        "index.html",
        "404.html",
        "map.html",
        "site.css",
        "search.js",
        "search-index.js",
        "sitemap.xml",
        ".htaccess",
        "topic/index.html",
    ] {
        assert!(names.contains(&name), "no {name}");
    }
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let sitemap = std::fs::read_to_string(dir.join("sitemap.xml")).unwrap();
    for (slug, term, _) in &cards {
        assert!(
            index.contains(&format!("href=\"term/{slug}/index.html\">")),
            "{slug} not in the index"
        );
        assert!(
            index.contains(&term.replace('&', "&amp;").replace('\'', "&#39;")),
            "{term}"
        );
        assert!(sitemap.contains(&format!(
            "<loc>https://glossgraph.example/rdma-storage/term/{slug}/</loc>"
        )));
    }
    let htaccess = std::fs::read_to_string(dir.join(".htaccess")).unwrap();
    assert!(htaccess.contains(
        "RewriteCond %{HTTP_ACCEPT} text/turtle\nRewriteRule ^term/([a-z0-9-]+)/?$ term/$1.ttl [R=303,L]"
    ));
    assert!(htaccess.contains("ErrorDocument 404 /rdma-storage/404.html"));

    // The same cards in another order, as one JSON Lines file: the same site, byte for byte.
    let other = scratch("site-shuffled");
    let mut lines: Vec<String> = std::fs::read_dir(root().join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let card: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            card.to_string()
        })
        .collect();
    lines.sort();
    lines.reverse();
    std::fs::write(other.join("cards.jsonl"), lines.join("\n")).unwrap();
    std::fs::copy(
        root().join("data/glossgraph.toml"),
        other.join("glossgraph.toml"),
    )
    .unwrap();
    site(&other.join("cards.jsonl"), &other.join("site"));
    let again = tree(&other.join("site"));
    assert_eq!(again.len(), files.len());
    for ((a, x), (b, y)) in files.iter().zip(&again) {
        assert_eq!(a, b);
        assert!(x == y, "{a} differs");
    }

    // Written again into the same folder: replaced whole, nothing left beside it.
    std::fs::write(other.join("site/stale.html"), "old").unwrap();
    site(&other.join("cards.jsonl"), &other.join("site"));
    assert!(!other.join("site/stale.html").exists());
    let beside: Vec<String> = std::fs::read_dir(&other)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        beside.iter().all(|n| !n.starts_with('.')),
        "left beside the site: {beside:?}"
    );
}

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

#[test]
fn serve_answers_each_format_at_a_terms_iri() {
    let server = Served::start(&[]);
    let iri = server.url("/term/roce-v2");
    for (accept, media, location, starts) in [
        ("text/turtle", "text/turtle", "/term/roce-v2.ttl", "@prefix"),
        (
            "application/ld+json",
            "application/ld+json",
            "/term/roce-v2.jsonld",
            "{",
        ),
        (
            "application/rdf+xml",
            "application/rdf+xml",
            "/term/roce-v2.rdf",
            "<?xml",
        ),
        (
            "application/n-triples",
            "application/n-triples",
            "/term/roce-v2.nt",
            "<https://glossgraph.example/rdma-storage/term/roce-v2>",
        ),
        (
            "application/rdf+xml;q=0.5, text/turtle",
            "text/turtle",
            "/term/roce-v2.ttl",
            "@prefix",
        ),
    ] {
        let (status, headers, body) = curl(&["-H", &format!("Accept: {accept}"), &iri]);
        assert_eq!(status, 200, "{accept}: {headers}");
        let headers = headers.to_ascii_lowercase();
        assert!(
            headers.contains(&format!("content-type: {media}")),
            "{headers}"
        );
        assert!(headers.contains("vary: accept"), "{headers}");
        assert!(
            headers.contains(&format!("content-location: {location}")),
            "{headers}"
        );
        assert!(body.starts_with(starts), "{accept}: {body}");
        assert!(body.contains("RoCEv2"), "{body}");
    }
    // A browser is sent to the page, where its relative links resolve.
    let (status, headers, _) = curl(&["-H", "Accept: text/html,*/*;q=0.8", &iri]);
    assert_eq!(status, 303);
    assert!(headers
        .to_ascii_lowercase()
        .contains("location: /term/roce-v2/"));
    let (status, _, page) = curl(&[&server.url("/term/roce-v2/")]);
    assert_eq!(status, 200);
    assert!(page.contains("<h1>RoCEv2</h1>"), "{page}");
    // The site's other files, as `glossgraph site` writes them.
    let (status, headers, index) = curl(&[&server.url("/")]);
    assert_eq!(status, 200);
    assert!(headers.contains("text/html"));
    assert_eq!(
        index,
        std::fs::read_to_string(sample_site().join("index.html")).unwrap()
    );
    let (status, _, css) = curl(&[&server.url("/site.css")]);
    assert_eq!(status, 200);
    assert_eq!(
        css,
        std::fs::read_to_string(sample_site().join("site.css")).unwrap()
    );
    // An unknown slug: the 404 page, with the nearest terms.
    let (status, _, body) = curl(&[&server.url("/term/roce-v3")]);
    assert_eq!(status, 404);
    assert!(
        body.contains("<a href=\"/term/roce-v1/index.html\">RoCEv1</a>"),
        "{body}"
    );
    assert!(
        body.contains("<a href=\"/term/roce-v2/index.html\">RoCEv2</a>"),
        "{body}"
    );
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
    let dir = scratch("site-chromium");
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
    let config = scratch("site-linkchecker").join("linkcheckerrc");
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
pub(crate) fn nu_html_errors(dir: &Path) -> Vec<String> {
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
    let broken = scratch("site-vnu-broken");
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
    let dir = scratch("site-10k");
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
