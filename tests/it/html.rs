//! The interactive map (`glossary.html`), judged by its real consumer: headless Chromium opens
//! the file from the disk, and `tests/consumers/map_cdp.py` uses it as a reader would (search,
//! click, address, history) while watching for errors and network requests. ESLint checks the
//! page's script. Chromium, Python and ESLint come from `scripts/install-test-tools.sh`; a
//! missing one fails the test with that advice.

use std::path::{Path, PathBuf};
use std::process::Command;

use glossgraph::config::Config;
use glossgraph::export::html;
use glossgraph::{Card, Draft, Glossary};
use serde_json::Value;

use super::graphml::scratch;
use super::sparql::{glossgraph, ok, require, root, stderr};

/// Runs map_cdp.py on `page` with `args`; returns its report, having asserted that the page
/// raised no error and asked the network for nothing.
pub fn drive(page: &Path, args: &[&str]) -> Value {
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/map_cdp.py"))
        .arg(require("chromium"))
        .arg(page)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "map_cdp.py failed: {}", stderr(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    assert_eq!(report["requests"], serde_json::json!([]), "{report:#}");
    report
}

/// The sample glossary's map, written by `glossgraph render`.
fn sample_page(dir: &Path) -> PathBuf {
    let page = dir.join("glossary.html");
    ok(&glossgraph(&["render", "--output", page.to_str().unwrap()]));
    page
}

fn definition(slug: &str) -> String {
    let text = std::fs::read_to_string(root().join(format!("data/{slug}.json"))).unwrap();
    let card: Value = serde_json::from_str(&text).unwrap();
    card["definition"].as_str().unwrap().to_owned()
}

#[test]
fn the_sample_map_is_read_by_search_click_address_and_history() {
    let dir = scratch("html", "sample");
    let page = sample_page(&dir);
    let report = drive(
        &page,
        &[
            "--hash",
            "roce-v2",
            "--click",
            "iwarp",
            "--query",
            "RoCE",
            "--pick",
            "roce-v2",
            "--back",
            "2",
            "--hide-status",
            "shipping",
        ],
    );
    assert_eq!(report["count"], "34 terms");
    // #roce-v2 selects the term on load and shows its card.
    assert_eq!(report["on_load"]["selected"], "roce-v2", "{report:#}");
    assert_eq!(report["on_load"]["panel"]["term"], "RoCEv2");
    assert_eq!(
        report["on_load"]["panel"]["definition"],
        definition("roce-v2")
    );
    // A click on the term's place on the canvas selects it.
    assert_eq!(report["after_click"]["selected"], "iwarp", "{report:#}");
    assert_eq!(
        report["after_click"]["panel"]["definition"],
        definition("iwarp")
    );
    // Typing suggests, the arrows move through the suggestions, Enter chooses.
    let suggested: Vec<&str> = report["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(suggested.contains(&"roce-v2"), "{suggested:?}");
    assert!(suggested.len() <= 8);
    assert_eq!(report["after_enter"]["selected"], "roce-v2", "{report:#}");
    assert_eq!(report["after_enter"]["hash"], "#roce-v2");
    // Back walks through what was selected.
    assert_eq!(report["history"], serde_json::json!(["iwarp", "roce-v2"]));
    // Hiding a status leaves the other terms, and says how many.
    let shipping = std::fs::read_dir(root().join("data"))
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .filter(|text| text.contains("\"status\": \"shipping\""))
        .count();
    assert_eq!(
        report["filtered_count"],
        format!("{} of 34 terms", 34 - shipping)
    );
    // Citations are links that open apart from the page; related terms move the map.
    let links = report["after_enter"]["panel"]["links"].as_array().unwrap();
    let cite = links
        .iter()
        .find(|a| a["text"] == "[1]")
        .expect("a citation");
    assert!(cite["href"].as_str().unwrap().starts_with("https://"));
    assert_eq!(cite["rel"], "noopener noreferrer");
    assert_eq!(cite["target"], "_blank");
    assert!(links
        .iter()
        .any(|a| a["href"] == "#iwarp" && a["text"] == "iWARP"));
}

#[test]
fn a_phone_sized_dark_window_draws_without_errors() {
    let dir = scratch("html", "phone");
    let page = sample_page(&dir);
    let report = drive(
        &page,
        &["--window", "390,844", "--dark", "--hash", "roce-v2"],
    );
    assert_eq!(report["on_load"]["selected"], "roce-v2");
    assert!(report["first_frame"]["nodes"].as_u64().unwrap() > 0);
}

/// A card written to attack the page: markup in every text, a `javascript:` citation.
fn hostile() -> Glossary {
    let payload = "<script>window.pwned = 1</script><img src=x onerror=\"window.pwned = 2\">";
    let evil = Draft {
        slug: "evil".into(),
        term: format!("Evil {payload}"),
        aliases: vec![format!("alias {payload}")],
        definition: format!("Definition {payload}"),
        note: format!("Note {payload} [js]\n\nSecond </script> paragraph [web]"),
        advantages: vec![format!("advantage {payload}")],
        related: vec!["good".into()],
        citations: vec![
            glossgraph::card::Citation {
                id: "js".into(),
                title: format!("Title {payload}"),
                url: "javascript:window.pwned=3".into(),
                accessed: None,
            },
            glossgraph::card::Citation {
                id: "web".into(),
                title: "A web page".into(),
                url: "https://example.org/a?b=<c>&d".into(),
                accessed: None,
            },
        ],
        ..Draft::default()
    };
    let good = Draft {
        slug: "good".into(),
        term: "Good".into(),
        definition: "Fine.".into(),
        related: vec!["evil".into()],
        ..Draft::default()
    };
    Glossary::new(vec![Card::from(evil), Card::from(good)])
}

#[test]
fn a_hostile_card_is_shown_as_text_runs_nothing_and_links_no_script() {
    let dir = scratch("html", "hostile");
    let glossary = hostile();
    let page = dir.join("glossary.html");
    let mut out = Vec::new();
    html::write(&glossary, &Config::default(), &mut out).unwrap();
    std::fs::write(&page, out).unwrap();
    let report = drive(&page, &["--hash", "evil", "--click", "good", "--back", "1"]);
    assert_eq!(report["on_load"]["selected"], "evil", "{report:#}");
    assert_eq!(report["history"], serde_json::json!(["evil"]));
    assert_eq!(report["pwned"], "undefined", "the payload ran: {report:#}");
    let panel = &report["on_load"]["panel"];
    let text = panel["text"].as_str().unwrap();
    for shown in [
        "Evil <script>window.pwned = 1</script><img src=x onerror=\"window.pwned = 2\">",
        "Definition <script>",
        "Second </script> paragraph",
        "advantage <script>",
        "Title <script>",
        "(javascript:window.pwned=3)",
    ] {
        assert!(
            text.contains(shown),
            "`{shown}` not shown as text in {text}"
        );
    }
    let elements: Vec<&str> = panel["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert!(
        !elements.iter().any(|e| ["script", "img"].contains(e)),
        "{elements:?}"
    );
    for link in panel["links"].as_array().unwrap() {
        let href = link["href"].as_str().unwrap();
        assert!(
            href.starts_with("https://") || href.starts_with('#'),
            "{link}"
        );
    }
    assert!(panel["links"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["href"] == "https://example.org/a?b=%3Cc%3E&d"));
}

#[test]
fn a_generated_10k_glossary_is_searchable_and_clickable() {
    let dir = scratch("html", "generated");
    let cards = dir.join("g10k.jsonl");
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "10000",
        "--out",
        cards.to_str().unwrap(),
    ]));
    let page = dir.join("glossary.html");
    ok(&glossgraph(&[
        "render",
        cards.to_str().unwrap(),
        "--output",
        page.to_str().unwrap(),
    ]));
    // A term, one of its neighbours to click, and another term to search for by its label.
    let text = std::fs::read_to_string(&cards).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let first = lines
        .iter()
        .find(|c| !c["related"].as_array().unwrap().is_empty())
        .unwrap();
    let (slug, neighbour) = (
        first["slug"].as_str().unwrap(),
        first["related"][0].as_str().unwrap(),
    );
    let sought = &lines[lines.len() / 2];
    let report = drive(
        &page,
        &[
            "--hash",
            slug,
            "--click",
            neighbour,
            "--query",
            sought["term"].as_str().unwrap(),
            "--pick",
            sought["slug"].as_str().unwrap(),
            "--back",
            "1",
        ],
    );
    assert_eq!(report["count"], "10,000 terms");
    assert_eq!(report["on_load"]["selected"], slug, "{report:#}");
    assert_eq!(report["after_click"]["selected"], neighbour, "{report:#}");
    assert_eq!(report["after_enter"]["selected"], sought["slug"]);
    assert_eq!(report["history"], serde_json::json!([neighbour]));
    // Far out, the 10k terms are dots: a frame draws neither every edge nor every label.
    assert!(report["first_frame"]["labels"].as_u64().unwrap() <= 800);
}

#[test]
fn the_map_script_passes_eslint() {
    let eslint = root().join("target/test-tools/eslint/node_modules/.bin/eslint");
    assert!(
        eslint.is_file(),
        "ESLint is not installed: run scripts/install-test-tools.sh (this test needs it)"
    );
    let out = Command::new(&eslint)
        .current_dir(root())
        .env(
            "NODE_PATH",
            root().join("target/test-tools/eslint/node_modules"),
        )
        .args([
            "--no-config-lookup",
            "--max-warnings",
            "0",
            "--config",
            "src/export/html/eslint.config.cjs",
            "src/export/html/map.js",
            "src/export/html/eslint.config.cjs",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        stderr(&out)
    );
}

#[test]
fn render_refuses_view_flags_for_the_map() {
    let dir = scratch("html", "flags");
    let page = dir.join("map.html");
    let out = glossgraph(&[
        "render",
        "--focus",
        "roce-v2",
        "--output",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("the HTML map shows the whole glossary"));
    assert!(!page.exists());
}
