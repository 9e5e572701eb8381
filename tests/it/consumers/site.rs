//! The website (issue 36) read by the programs people and machines read it with: headless
//! Chromium (search, links, a hostile card, printing, axe-core), LinkChecker, the Nu HTML
//! Checker, rdflib and extruct; and the site of a glossary with a hierarchy (issues 48 and
//! 50): its tree, its breadcrumbs, its pages at their IRIs.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::require;
use crate::site::{sample_cards, sample_site, site};
use crate::site_hierarchy::{chain, hierarchy_site, namespaced};
use crate::site_languages::languages_site;
use crate::util::fixtures::generated;
use crate::util::server::Served;
use crate::util::server::{free_port, Guard};
use crate::util::{outcome, root, scratch};

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
    http_host(dir, None)
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
    let checked = linkchecker(&sample_site(), "linkchecker");
    // It did crawl the site: every term's page and files, at least.
    assert!(checked > 5 * sample_cards().len(), "{checked} URLs checked");
}

/// Runs LinkChecker over the site in `dir` from its index, asserting it finds no broken
/// link; how many URLs it checked.
fn linkchecker(dir: &Path, name: &str) -> usize {
    let (_server, base) = http_server(dir);
    // Internal links only (no network here), at full speed (the server allows it).
    let config = scratch("site", name).join("linkcheckerrc");
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
    report
        .split(" URLs checked")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
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
    // A short run: the JVM's first compiler alone and one GC thread halve its CPU time (4.5
    // CPU-s to 2.0 on the sample's site, the same report); that compiler's deeper frames need
    // a larger stack than the checker's 512 KiB minimum.
    let out = Command::new(require("java"))
        .args([
            "-Xss4m",
            "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC",
            "-jar",
        ])
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

/// A site of 6,000 terms, past the 5,000 where the index splits into a page per letter:
/// every page in the sitemap, and search and links work in Chromium. It was 10,000 terms,
/// 40,000 files for the kernel to make (28 s of the test command); the pages are made the same
/// way at any size past the split, and `benches/site.sh` takes the site of 100,000.
#[test]
fn a_generated_6000_term_site_is_searchable_in_chromium() {
    let cards = generated(6_000);
    let dir = scratch("site", "6k");
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
    // Issue 46, item 17: the sitemap lists every page of the index, the letters' pages too.
    let sitemap = std::fs::read_to_string(out.join("sitemap.xml")).unwrap();
    let letters: Vec<String> = std::fs::read_dir(out.join("letter"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(letters.len() > 10, "{letters:?}");
    for letter in &letters {
        assert!(
            sitemap.contains(&format!(
                "<loc>https://glossgraph.example/rdma-storage/letter/{letter}/</loc>"
            )),
            "letter/{letter}/ is not in the sitemap"
        );
    }
    let folders = |dir: &str| {
        std::fs::read_dir(out.join(dir))
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().join("index.html").is_file())
            .count()
    };
    // index.html, topic/index.html, and a page per letter, topic and term.
    let pages = 2 + letters.len() + folders("topic") + folders("term");
    assert_eq!(folders("term"), 6_000);
    assert_eq!(sitemap.matches("<loc>").count(), pages);
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

/// Issue 46, item 11: a folder without its slash and a slug in capitals are redirected to
/// where the page is, an escaped path is decoded, and a miss in capitals still gets the
/// nearest terms.
#[test]
fn serve_finds_a_page_asked_for_without_its_slash_in_capitals_or_escaped() {
    let server = Served::start(&[]);
    for (path, location) in [
        ("/topic/iser", "/topic/iser/"),
        ("/topic", "/topic/"),
        ("/term/ROCE-V2", "/term/roce-v2"),
        ("/term/ROCE-V2/", "/term/roce-v2/"),
        ("/Term/RoCE-v2.TTL", "/term/roce-v2.ttl"),
        ("/TOPIC/ISER", "/topic/iser/"),
    ] {
        let (status, headers, _) = super::curl_raw(&[&server.url(path)]);
        assert_eq!(status, 301, "{path}: {headers}");
        assert!(
            headers.contains(&format!("\r\nlocation: {location}\r\n")),
            "{path}: {headers}"
        );
    }
    // Where they lead: the page, or the description asked for.
    let (status, _, page) = super::curl_raw(&[&server.url("/topic/iser/")]);
    assert_eq!(status, 200);
    assert!(page.contains("<h1 class=\"topic"), "{page}");
    let (status, _, turtle) =
        super::curl_raw(&["-H", "Accept: text/turtle", &server.url("/term/roce-v2")]);
    assert_eq!(status, 200);
    assert!(turtle.contains("RoCEv2"), "{turtle}");
    // Escapes are decoded before the path is matched.
    let (status, _, page) = super::curl_raw(&[&server.url("/term/roce%2Dv2/")]);
    assert_eq!(status, 200);
    assert!(page.contains("<h1>RoCEv2</h1>"), "{page}");
    let (status, headers, _) = super::curl_raw(&[&server.url("/term/roce%2dv2")]);
    assert_eq!(status, 303, "{headers}");
    assert!(headers.contains("location: /term/roce-v2/"), "{headers}");
    // A miss in capitals: the 404 page offers the nearest terms all the same.
    let (status, _, body) = super::curl_raw(&[&server.url("/term/ROCE-V3")]);
    assert_eq!(status, 404);
    assert!(
        body.contains("<a href=\"/term/roce-v2/index.html\">RoCEv2</a>"),
        "{body}"
    );
}

/// [`http_server`], answering a missing path with `not_found` (a file below `dir`), as
/// GitHub Pages and Apache do with a site's `404.html`.
fn http_host(dir: &Path, not_found: Option<&str>) -> (Guard, String) {
    let port = free_port();
    let child = Command::new(require("python3"))
        .arg(root().join("tests/consumers/static_server.py"))
        .arg(dir)
        .arg(port.to_string())
        .args(not_found)
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

/// Issue 46, item 17: the site's map links back to the A–Z and the topics, a card to its
/// term's page; a topic page's "See on the map" shows the topic's terms, none selected (it
/// selected the topic's central term, dimming the others). The map alone has no such links.
#[test]
fn the_sites_map_links_its_pages_and_shows_a_topic_whole() {
    let dir = sample_site();
    let topic = std::fs::read_to_string(dir.join("topic/iser/index.html")).unwrap();
    let hash = topic
        .split("href=\"../../map.html#")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a link to the map");
    let map = dir.join("map.html");
    let whole = super::html::drive(&map, &["--click", "iwarp"]);
    assert_eq!(
        whole["site_links"],
        serde_json::json!(["index.html", "topic/index.html"]),
        "{whole:#}"
    );
    let links = whole["after_click"]["panel"]["links"].as_array().unwrap();
    assert!(
        links
            .iter()
            .any(|l| l["href"] == "term/iwarp/index.html" && l["text"] == "The term's page"),
        "{links:#?}"
    );
    let shown = super::html::drive(&map, &["--hash", hash]);
    assert_eq!(shown["on_load"]["selected"], Value::Null, "{shown:#}");
    assert_eq!(shown["on_load"]["panel"]["hidden"], true, "{shown:#}");
    let on_screen = &shown["on_load"]["topic"];
    assert!(on_screen["members"].as_u64().unwrap() > 1, "{shown:#}");
    assert_eq!(on_screen["members"], on_screen["on_screen"], "{shown:#}");
    // Closer than the whole map.
    assert!(
        shown["view"]["scale"].as_f64().unwrap() > whole["view"]["scale"].as_f64().unwrap(),
        "{shown:#} {whole:#}"
    );
    // The map alone (render, export) links no page.
    let alone = scratch("site", "site-map-alone").join("glossary.html");
    let run = crate::util::glossgraph_command()
        .args(["render", "--output", alone.to_str().unwrap()])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(outcome(&run).0, 0);
    let page = std::fs::read_to_string(&alone).unwrap();
    assert!(!page.contains("id=\"site-links\""));
    assert!(!page.contains("\"pages\":"));
}

/// Issue 46, item 17: the search box finds a term by its slug, and past 20 results offers
/// more instead of stopping in silence.
#[test]
fn the_search_finds_slugs_and_offers_more_than_twenty() {
    let (_server, base) = http_server(&sample_site());
    let report = read_in_chromium(&base, &["--probe", "roce-v2", "--probe", "r"]);
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    let slug = &report["probes"]["roce-v2"]["first"];
    assert_eq!(
        slug["links"],
        serde_json::json!(["term/roce-v2/index.html"]),
        "{report:#}"
    );
    assert_eq!(slug["texts"], serde_json::json!(["RoCEv2 (roce-v2)"]));
    assert_eq!(slug["more"], Value::Null);
    // Every one of the 34 terms has an `r` in a name: 20, then the rest on asking.
    let r = &report["probes"]["r"];
    assert_eq!(r["first"]["links"].as_array().unwrap().len(), 20, "{r:#}");
    assert_eq!(r["first"]["more"], "Show 14 more (14 not shown)", "{r:#}");
    let all = r["after_more"]["links"].as_array().unwrap();
    assert_eq!(all.len(), 34, "{r:#}");
    assert_eq!(r["after_more"]["more"], Value::Null, "{r:#}");
    // Focus moves to the first new result, so a keyboard reader goes on from there.
    assert_eq!(r["after_more"]["focused"], all[20], "{r:#}");
    let mut unique: Vec<&Value> = all.iter().collect();
    unique.sort_by_key(|v| v.as_str());
    unique.dedup();
    assert_eq!(unique.len(), 34);
}

/// Issue 46, item 17: `404.html` is styled, searchable and its links lead into the site both
/// from the disk and where a host shows it, at whatever path was missing (its links were
/// absolute, unstyled from `file://`).
#[test]
fn the_404_page_works_from_the_disk_and_at_any_missing_path_of_a_host() {
    // The sample's base IRI puts the site at /rdma-storage/.
    let host = scratch("site", "site-404-host");
    std::os::unix::fs::symlink(sample_site(), host.join("rdma-storage")).unwrap();
    let (_server, base) = http_host(&host, Some("rdma-storage/404.html"));
    let file = format!("file://{}/404.html", sample_site().display());
    let missing = format!("{base}rdma-storage/term/no-such-term/");
    let report = read_in_chromium(
        &format!("{base}rdma-storage/"),
        &["--page", &file, "--page", &missing],
    );
    // The one error is the missing page's own status; nothing it loads is missing.
    assert_eq!(
        report["errors"],
        serde_json::json!([
            "Failed to load resource: the server responded with a status of 404 (Not Found)"
        ]),
        "{report:#}"
    );
    let site = format!("file://{}/", sample_site().display());
    let hosted = format!("{base}rdma-storage/");
    for (page, root) in report["pages"]
        .as_array()
        .unwrap()
        .iter()
        .zip([site, hosted])
    {
        assert_eq!(page["h1"], "Not found", "{page:#}");
        assert_eq!(page["styled"], true, "{page:#}");
        assert_eq!(page["search"], true, "{page:#}");
        let nav: Vec<&str> = page["nav"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap())
            .collect();
        assert_eq!(
            nav,
            [
                format!("{root}index.html"),
                format!("{root}index.html"),
                format!("{root}topic/index.html"),
                format!("{root}map.html"),
            ],
            "{page:#}"
        );
        // The skip link stays on the page.
        assert_eq!(
            page["skip"],
            format!("{}#main", page["href"].as_str().unwrap()),
            "{page:#}"
        );
    }
}

/// Issues 48 and 50: the site of a glossary with a hierarchy has no error for the Nu HTML
/// Checker nor a broken link for LinkChecker, its tree page and a page with a breadcrumb none
/// for axe-core, and Chromium nests the tree as written.
#[test]
fn the_hierarchy_site_passes_the_nu_checker_linkchecker_and_axe() {
    let dir = hierarchy_site();
    let errors = nu_html_errors(&dir);
    assert!(errors.is_empty(), "{errors:#?}");
    // Every page and file: six terms' four files, the tree, the index, the topics.
    let checked = linkchecker(&dir, "linkchecker-hierarchy");
    assert!(checked > 6 * 4 + 3, "{checked} URLs checked");
    let (_server, base) = http_server(&dir);
    let axe = root().join("target/test-tools/axe/node_modules/axe-core/axe.min.js");
    let report = read_in_chromium(
        &base,
        &[
            "--axe",
            axe.to_str().unwrap(),
            "--axe-path",
            "tree/index.html",
            "--axe-path",
            "term/astrophysics/index.html",
            "--depth",
            "tree/index.html",
        ],
    );
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    for (page, found) in report["axe"].as_object().unwrap() {
        assert_eq!(
            found,
            &serde_json::json!([]),
            "axe-core on {page}: {report:#}"
        );
    }
    assert_eq!(report["axe"].as_object().unwrap().len(), 5, "{report:#}");
    let tree = &report["depth"]["tree/index.html"];
    assert_eq!(tree["lists"], 3, "{report:#}");
    assert_eq!(tree["items"], 7, "{report:#}");
}

/// Issue 50: a page of the tree of a 20,000-level chain nests its 100 levels whole in
/// Chromium (past 512 elements its parser would have flattened them), and passes the Nu HTML
/// Checker.
#[test]
fn chromium_nests_a_page_of_a_deep_chain_whole() {
    let (glossary, config) = chain(20_000);
    let plan = glossgraph::site::Plan::new(&glossary, &config);
    let site = glossgraph::site::Site::new(&glossary, &config, &plan);
    let dir = scratch("site", "chain-tree");
    for path in [
        "site.css",
        "tree/index.html",
        "tree/1/index.html",
        "tree/202/index.html",
    ] {
        let file = site.get(path).unwrap().expect(path);
        let target = dir.join(path);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::write(target, file.bytes).unwrap();
    }
    let errors = nu_html_errors(&dir);
    assert!(errors.is_empty(), "{errors:#?}");
    let (_server, base) = http_server(&dir);
    let report = read_in_chromium(
        &base,
        &["--depth", "tree/index.html", "--depth", "tree/1/index.html"],
    );
    let levels = glossgraph::site::tree::LEVELS;
    for page in ["tree/index.html", "tree/1/index.html"] {
        let found = &report["depth"][page];
        assert_eq!(found["lists"], levels, "{page}: {report:#}");
        assert_eq!(found["items"], levels, "{page}: {report:#}");
        assert!(
            found["elements"].as_u64().unwrap() < 512,
            "{page}: {report:#}"
        );
    }
}

/// Issue 50: in a vocabulary whose pages are at their IRIs' paths, the search and the map's
/// card lead to those pages.
#[test]
fn the_search_and_the_map_find_pages_at_their_iris() {
    let dir = scratch("site", "namespace-consumers");
    let out = dir.join("site");
    site(&namespaced(&dir), &out);
    let (_server, base) = http_server(&out);
    let report = read_in_chromium(
        &base,
        &["--search", "Kerr", "--expect-page", "163/index.html"],
    );
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    assert_eq!(
        report["search_landed"]["h1"], "Kerr black holes",
        "{report:#}"
    );
    assert_eq!(
        report["search_landed"]["href"],
        format!("{base}163/index.html"),
        "{report:#}"
    );
    let map = super::html::drive(&out.join("map.html"), &["--click", "163"]);
    let links = map["after_click"]["panel"]["links"].as_array().unwrap();
    assert!(
        links
            .iter()
            .any(|l| l["href"] == "163/index.html" && l["text"] == "The term's page"),
        "{links:#?}"
    );
}

/// Issue 50: the site of the five-language classification (`tests/fixtures/languages/`) in
/// Chromium: in German (the main language), French and Italian (where Phonetik's label is
/// German), the search finds a term by its label in the language and says "no match" in it,
/// nothing fails or leaves the host, and axe-core finds nothing serious on the index, a term
/// page and a topic page (its rules include `valid-lang` and `html-has-lang`), and in French
/// on the tree and a term with a breadcrumb and broader and narrower terms too (the main
/// language's are built as those `the_hierarchy_site_passes_the_nu_checker_linkchecker_and_axe`
/// checks).
#[test]
fn chromium_and_axe_core_read_the_site_in_each_language() {
    let (_server, base) = http_server(&languages_site());
    let axe = root().join("target/test-tools/axe/node_modules/axe-core/axe.min.js");
    assert!(
        axe.is_file(),
        "axe-core is not installed: run scripts/install-test-tools.sh"
    );
    for (folder, search, label, none) in [
        ("", "Ägypt", "Ägyptologie", "Kein Begriff gefunden."),
        ("fr/", "égypt", "Égyptologie", "Aucun terme ne correspond."),
        ("it/", "egitt", "Egittologia", "Nessun termine corrisponde."),
    ] {
        let mut args = vec![
            "--search",
            search,
            "--expect",
            "aegyptologie",
            "--axe",
            axe.to_str().unwrap(),
            "--probe",
            "qqq",
        ];
        // The hierarchy's pages in one language but the main one: their structure is the
        // same in each.
        let hierarchy = ["tree/index.html", "term/biologie/index.html"];
        if folder == "fr/" {
            for path in hierarchy {
                args.extend(["--axe-path", path]);
            }
        }
        let report = read_in_chromium(&format!("{base}{folder}"), &args);
        assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
        assert_eq!(report["foreign"], serde_json::json!([]), "{report:#}");
        assert_eq!(report["search_landed"]["h1"], label, "{report:#}");
        assert!(
            report["search_landed"]["href"]
                .as_str()
                .unwrap()
                .ends_with(&format!("/{folder}term/aegyptologie/index.html")),
            "{report:#}"
        );
        assert_eq!(
            report["probes"]["qqq"]["first"]["shown"], none,
            "{report:#}"
        );
        let checked = report["axe"].as_object().unwrap();
        assert_eq!(
            checked.len(),
            if folder == "fr/" { 5 } else { 3 },
            "{report:#}"
        );
        for (page, found) in checked {
            assert_eq!(
                found,
                &serde_json::json!([]),
                "axe-core on the {folder} {page} page: {report:#}"
            );
        }
    }
}

/// Issue 50: the search box's button for more results speaks the page's language.
#[test]
fn the_search_offers_more_results_in_the_pages_language() {
    let dir = scratch("site", "site-french-sample");
    let out = dir.join("site");
    let run = crate::util::glossgraph_command()
        .args(["site", "data", "--language", "fr", "--out"])
        .arg(&out)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (_server, base) = http_server(&out);
    let report = read_in_chromium(&base, &["--probe", "r"]);
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    let r = &report["probes"]["r"];
    assert_eq!(
        r["first"]["more"], "Afficher 14 de plus (reste\u{a0}: 14)",
        "{r:#}"
    );
    assert_eq!(
        r["after_more"]["links"].as_array().unwrap().len(),
        34,
        "{r:#}"
    );
}

/// Issue 50: the Nu HTML Checker finds no error on any page of any language of the
/// five-language site, nor LinkChecker a broken link: it reaches every language's pages
/// from the main index, through the language switchers.
#[test]
fn the_nu_html_checker_and_linkchecker_pass_every_language() {
    let dir = languages_site();
    let errors = nu_html_errors(&dir);
    assert!(errors.is_empty(), "{errors:#?}");
    let checked = linkchecker(&dir, "linkchecker-languages");
    // Each of the 12 terms' pages in five languages, at least.
    assert!(checked > 5 * 12, "{checked}");
}

/// Issue 61: the site of an imported vocabulary with groups and mappings. Each group has a
/// page, at its IRI's path when that lies below the base (the ordered collection's), else at
/// `group/{n}/`: its members in their order when ordered, else by label, and the groups it
/// is part of; a term's page names its groups. The Nu HTML Checker and LinkChecker find
/// nothing wrong in the site, nor axe-core on a group's page and a term's.
#[test]
fn the_groups_of_a_vocabulary_have_pages_that_pass_the_checkers() {
    let dir = scratch("site", "groups");
    let cards = dir.join("cards");
    let (code, stderr) = crate::skos::import(
        &root().join("tests/fixtures/skos/fidelity.ttl"),
        &cards,
        &[],
    );
    assert_eq!(code, 0, "{stderr}");
    let out = dir.join("site");
    site(&cards, &out);
    let read = |path: &str| std::fs::read_to_string(out.join(path)).unwrap();
    let ordered = read("order/o1/index.html");
    assert!(
        ordered.contains(
            "<ol class=\"members\"><li><a href=\"../../10002-2/index.html\">Open economy</a></li>\
             <li><a href=\"../../10001-1/index.html\">Small open economy</a></li></ol>"
        ),
        "{ordered}"
    );
    // The micro-thesaurus, of the publisher's own class, inside its domain.
    let micro = read("group/3/index.html");
    assert!(micro.contains("<h1>Open economies</h1>"), "{micro}");
    assert!(
        micro.contains("<dt>Part of</dt><dd><a href=\"../2/index.html\">Economics domain</a></dd>"),
        "{micro}"
    );
    let domain = read("group/2/index.html");
    assert!(
        domain.contains(
            "<ul class=\"members\"><li><a href=\"../3/index.html\">Open economies</a></li></ul>"
        ),
        "{domain}"
    );
    let term = read("10001-1/index.html");
    assert!(
        term.contains(
            "<dt>Groups</dt><dd><a href=\"../order/o1/index.html\">Economies by openness</a>, \
             <a href=\"../group/3/index.html\">Open economies</a></dd>"
        ),
        "{term}"
    );
    let errors = nu_html_errors(&out);
    assert!(errors.is_empty(), "{errors:#?}");
    let checked = linkchecker(&out, "linkchecker-groups");
    assert!(checked > 5 * 4 + 3, "{checked} URLs checked");
    let (_server, base) = http_server(&out);
    let axe = root().join("target/test-tools/axe/node_modules/axe-core/axe.min.js");
    let report = read_in_chromium(
        &base,
        &[
            "--axe",
            axe.to_str().unwrap(),
            "--axe-path",
            "order/o1/index.html",
            "--axe-path",
            "10001-1/index.html",
        ],
    );
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    for (page, found) in report["axe"].as_object().unwrap() {
        assert_eq!(
            found,
            &serde_json::json!([]),
            "axe-core on {page}: {report:#}"
        );
    }
}

/// Issue 61: the site of a vocabulary in five languages, Arabic among them
/// (`tests/fixtures/languages-rtl/`), checks as the others do: no error for the Nu HTML
/// Checker on any page of any language, no broken link for LinkChecker (the downloads
/// included), nothing serious for axe-core on the English, Russian and Arabic homes and term
/// pages (other languages, notes, editorial notes folded) and a group's page; and Chromium's
/// search in
/// Russian finds "йод" as Йод alone, not "Периодические издания" (й is not и).
#[test]
fn the_five_language_vocabulary_with_arabic_passes_the_checkers() {
    let dir = crate::site_vocabulary::rtl_site();
    let errors = nu_html_errors(&dir);
    assert!(errors.is_empty(), "{errors:#?}");
    let checked = linkchecker(&dir, "linkchecker-rtl");
    // Each of the 6 terms' pages in five languages, at least.
    assert!(checked > 5 * 6, "{checked}");
    let (_server, base) = http_server(&dir);
    let axe = root().join("target/test-tools/axe/node_modules/axe-core/axe.min.js");
    let mut args = vec!["--axe", axe.to_str().unwrap()];
    for path in [
        "ru/index.html",
        "ru/term/iodine/index.html",
        "ru/collections/natural/index.html",
        "ar/index.html",
        "ar/term/iodine/index.html",
    ] {
        args.extend(["--axe-path", path]);
    }
    let report = read_in_chromium(&base, &args);
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    assert_eq!(report["foreign"], serde_json::json!([]), "{report:#}");
    let searched = read_in_chromium(&format!("{base}ru/"), &["--probe", "йод"]);
    assert_eq!(searched["errors"], serde_json::json!([]), "{searched:#}");
    assert_eq!(
        searched["probes"]["йод"]["first"]["texts"],
        serde_json::json!(["Йод"]),
        "{searched:#}"
    );
    let found = report["axe"].as_object().unwrap();
    assert_eq!(found.len(), 8, "{report:#}");
    for (page, found) in found {
        assert_eq!(
            found,
            &serde_json::json!([]),
            "axe-core on {page}: {report:#}"
        );
    }
}
