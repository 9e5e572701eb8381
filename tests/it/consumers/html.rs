//! The interactive map (`glossary.html`), judged by its real consumer: headless Chromium opens
//! the file from the disk, and `tests/consumers/map_cdp.py` uses it as a reader would (search,
//! click, address, history, the legend) while watching for errors and network requests, and
//! measures what each frame drew; ESLint checks the page's script.

use std::path::{Path, PathBuf};
use std::process::Command;

use glossgraph::config::Config;
use glossgraph::export::html;
use glossgraph::{Card, Draft, Glossary};
use serde_json::Value;

use super::require;
use crate::dot::{glossary, related_only};
use crate::util::{glossgraph, ok, outcome, root, run_in, scratch, stderr};

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

/// The panel shows a card's Markdown as elements, built without parsing HTML: a
/// heading, a list, emphasis, code, a quote, a table, an external link, a link to another
/// term (which selects it); `javascript:` links and raw HTML stay text.
#[test]
fn the_panel_renders_markdown_and_term_links() {
    let dir = scratch("html", "markdown");
    let pod = Draft {
        slug: "pod".into(),
        term: "Pod".into(),
        definition: "A set of running [containers](../container/).".into(),
        note: "## Problem it addresses\n\n- It **removes** `toil`\n- [More](https://example.org/m) and [bad](javascript:window.pwned=1)\n\n> quoted <b>raw</b>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nCited. [k8s]".into(),
        related: vec!["container".into()],
        citations: vec![glossgraph::card::Citation {
            id: "k8s".into(),
            title: "Kubernetes".into(),
            url: "https://kubernetes.io/".into(),
            accessed: None,
        }],
        ..Draft::default()
    };
    let container = Draft {
        slug: "container".into(),
        term: "Container".into(),
        definition: "A process.".into(),
        related: vec!["pod".into()],
        ..Draft::default()
    };
    let glossary = Glossary::new(vec![Card::from(pod), Card::from(container)]);
    let page = dir.join("glossary.html");
    let mut out = Vec::new();
    html::write(&glossary, &Config::default(), &mut out).unwrap();
    std::fs::write(&page, out).unwrap();
    let report = drive(&page, &["--hash", "pod"]);
    assert_eq!(report["pwned"], "undefined", "{report:#}");
    let panel = &report["on_load"]["panel"];
    let text = panel["text"].as_str().unwrap();
    for left in ["##", "**", "](", "`"] {
        assert!(!text.contains(left), "`{left}` shown in {text}");
    }
    assert!(text.contains("quoted <b>raw</b>"), "{text}");
    let elements: Vec<&str> = panel["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    for want in [
        "h4",
        "ul",
        "li",
        "strong",
        "code",
        "blockquote",
        "table",
        "th",
        "td",
    ] {
        assert!(elements.contains(&want), "{want} in {elements:?}");
    }
    assert!(!elements.contains(&"b"), "{elements:?}");
    let links = panel["links"].as_array().unwrap();
    let link = |text: &str| links.iter().find(|a| a["text"] == text).cloned();
    assert_eq!(
        link("containers").unwrap()["href"],
        "#container",
        "{links:#?}"
    );
    assert_eq!(link("More").unwrap()["href"], "https://example.org/m");
    assert_eq!(link("[1]").unwrap()["href"], "https://kubernetes.io/");
    assert!(link("bad").is_none(), "{links:#?}");
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
    // Every part of the page's script (and the config itself), so that no new part is missed.
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(root().join("crates/export/src/html"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "js" || e == "cjs"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 5, "{scripts:?}");
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
            "crates/export/src/html/eslint.config.cjs",
        ])
        .args(&scripts)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        stderr(&out)
    );
}

/// A frame's records of one kind, their numbers only: `discs` [x, y, r, square], `arrows` [x,
/// y, length], `labels`, `topicNames` and `overlays` [x0, y0, x1, y1] (in canvas pixels).
fn records(frame: &Value, key: &str) -> Vec<Vec<f64>> {
    frame[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key} in the frame"))
        .iter()
        .map(|v| {
            v.as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_f64)
                .collect()
        })
        .collect()
}

/// What two things may share and still be apart: a hundredth of a pixel.
const HAIR: f64 = 0.01;

fn boxes_overlap(a: &[f64], b: &[f64]) -> bool {
    a[0] < b[2] - HAIR && b[0] < a[2] - HAIR && a[1] < b[3] - HAIR && b[1] < a[3] - HAIR
}

/// Whether a disc (a square far out, counted by its outer circle, as the page places labels
/// around it) reaches into the box.
fn disc_meets_box(d: &[f64], b: &[f64]) -> bool {
    let r = if d[3] == 0.0 {
        d[2]
    } else {
        d[2] * std::f64::consts::SQRT_2
    };
    let dx = d[0].clamp(b[0], b[2]) - d[0];
    let dy = d[1].clamp(b[1], b[3]) - d[1];
    dx.hypot(dy) < r - HAIR
}

/// Asserts what a frame drew is legible: no two discs overlap (circles, or squares far out),
/// no label covers a disc, another label or a topic name, no two topic names overlap, and no
/// word lies under the legend, the zoom buttons or a panel. Returns the numbers of discs,
/// labels and topic names.
fn assert_frame_legible(frame: &Value, name: &str) -> (usize, usize, usize) {
    let discs = records(frame, "discs");
    let labels = records(frame, "labels");
    let names = records(frame, "topicNames");
    let overlays = records(frame, "overlays");
    let mut by_x: Vec<&Vec<f64>> = discs.iter().collect();
    by_x.sort_by(|a, b| a[0].total_cmp(&b[0]));
    let widest = discs.iter().map(|d| d[2]).fold(0.0, f64::max);
    for (i, a) in by_x.iter().enumerate() {
        for b in &by_x[i + 1..] {
            if b[0] - a[0] > 2.0 * widest {
                break;
            }
            let apart = if a[3] == 0.0 {
                (a[0] - b[0]).hypot(a[1] - b[1]) >= a[2] + b[2] - HAIR
            } else {
                (a[0] - b[0]).abs() >= a[2] + b[2] - HAIR
                    || (a[1] - b[1]).abs() >= a[2] + b[2] - HAIR
            };
            assert!(apart, "{name}: discs overlap: {a:?} {b:?}");
        }
    }
    for (i, label) in labels.iter().enumerate() {
        for other in &labels[i + 1..] {
            assert!(
                !boxes_overlap(label, other),
                "{name}: labels overlap: {label:?} {other:?}"
            );
        }
        for d in &discs {
            assert!(
                !disc_meets_box(d, label),
                "{name}: a label covers a disc: {label:?} {d:?}"
            );
        }
        for topic in &names {
            assert!(
                !boxes_overlap(label, topic),
                "{name}: a label covers a topic name: {label:?} {topic:?}"
            );
        }
    }
    for (i, a) in names.iter().enumerate() {
        for b in &names[i + 1..] {
            assert!(
                !boxes_overlap(a, b),
                "{name}: topic names overlap: {a:?} {b:?}"
            );
        }
    }
    for o in &overlays {
        for word in labels.iter().chain(&names) {
            assert!(
                !boxes_overlap(word, o),
                "{name}: a word under the legend or a button: {word:?} {o:?}"
            );
        }
    }
    (discs.len(), labels.len(), names.len())
}

/// Asserts that at the fitted zoom the legend moved the map aside: it is open, and no disc
/// lies under it.
fn assert_legend_covers_no_term(frame: &Value, name: &str) {
    let legend = frame["overlays"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o[4] == "legend")
        .unwrap_or_else(|| panic!("{name}: no legend"));
    let legend: Vec<f64> = legend.as_array().unwrap()[..4]
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(
        legend[2] - legend[0] > 150.0,
        "{name}: legend folded: {legend:?}"
    );
    for d in records(frame, "discs") {
        let square = [d[0] - d[2], d[1] - d[2], d[0] + d[2], d[1] + d[2]];
        assert!(
            !boxes_overlap(&square, &legend),
            "{name}: a term under the legend: {d:?} {legend:?}"
        );
    }
}

/// The topics' names as the page's data has them (`around …`).
fn topic_names(page: &Path) -> Vec<String> {
    let html = std::fs::read_to_string(page).unwrap();
    let start = html.find("id=\"glossary-data\">").unwrap() + "id=\"glossary-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: Value = serde_json::from_str(&html[start..end]).unwrap();
    data["topics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t[1].as_str().unwrap().to_owned())
        .collect()
}

/// A generated glossary of 2,000 terms in `dir`: its cards (JSON Lines) and its map.
fn generated_2000(dir: &Path) -> (PathBuf, PathBuf) {
    let cards = dir.join("g2000.jsonl");
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "2000",
        "--out",
        cards.to_str().unwrap(),
    ]));
    let page = dir.join("g2000.html");
    ok(&glossgraph(&[
        "render",
        cards.to_str().unwrap(),
        "--output",
        page.to_str().unwrap(),
    ]));
    (cards, page)
}

#[test]
fn discs_and_labels_never_overlap_and_topic_names_show_when_labels_cannot() {
    let dir = scratch("html", "legible");
    // The sample at the fitted zoom, then zoomed in, then as far in as the map goes.
    let report = drive(&sample_page(&dir), &["--geometry", "0,3,8"]);
    let frames = report["geometry"].as_array().unwrap();
    assert_eq!(frames.len(), 3);
    for frame in frames {
        let steps = &frame["steps"];
        let (discs, labels, _) = assert_frame_legible(frame, &format!("sample, {steps} steps in"));
        assert!(discs > 0, "sample, {steps} steps in: nothing drawn");
        assert!(labels > 0, "sample, {steps} steps in: no label");
    }
    assert_eq!(
        frames[2]["scale"], 4.0,
        "not zoomed in as far as the map goes"
    );
    // The fitted sample shows nearly every term's name, beside the legend.
    let (discs, labels, _) = assert_frame_legible(&frames[0], "sample");
    assert_eq!(discs, 34);
    assert!(labels >= 30, "{labels} labels of 34");
    assert_legend_covers_no_term(&frames[0], "sample");
    // Its supersedes arrows have heads that can be seen.
    let arrows = records(&frames[0], "arrows");
    assert!(!arrows.is_empty(), "no arrowhead at the fitted zoom");
    for head in &arrows {
        assert!(head[2] >= 8.0, "an arrowhead of {} pixels", head[2]);
    }

    // 2,000 terms: far out, no term label has room, the topics are named over their islands.
    let (_, page) = generated_2000(&dir);
    let topics = topic_names(&page);
    let report = drive(&page, &["--geometry", "0,3,8"]);
    let frames = report["geometry"].as_array().unwrap();
    let (discs, labels, names) = assert_frame_legible(&frames[0], "2,000 terms, fitted");
    assert_eq!((discs, labels), (2000, 0));
    assert_legend_covers_no_term(&frames[0], "2,000 terms");
    // Most topics are named (by their centre term, as the SVG names them).
    assert!(
        3 * names >= 2 * topics.len(),
        "{names} topic names of {} at the fitted zoom",
        topics.len()
    );
    for drawn in frames[0]["topicNames"].as_array().unwrap() {
        let text = drawn[4].as_str().unwrap();
        assert!(
            topics.iter().any(|t| t == &format!("around {text}")),
            "`{text}` names no topic"
        );
    }
    let topic_count = report["first_frame"]["topicNames"].as_u64().unwrap();
    assert_eq!(topic_count as usize, names);
    for frame in &frames[1..] {
        let steps = &frame["steps"];
        let (_, labels, _) = assert_frame_legible(frame, &format!("2,000 terms, {steps} steps in"));
        assert!(labels > 0, "2,000 terms, {steps} steps in: no label");
    }
}

#[test]
fn a_selection_keeps_the_map_legible_and_names_the_selected_term() {
    let dir = scratch("html", "selection");
    // The sample, RoCEv2 selected: its view, then zoomed in.
    let report = drive(
        &sample_page(&dir),
        &["--hash", "roce-v2", "--geometry", "0,4"],
    );
    for frame in report["geometry"].as_array().unwrap() {
        let steps = &frame["steps"];
        let name = format!("sample, RoCEv2 selected, {steps} steps in");
        let (_, labels, _) = assert_frame_legible(frame, &name);
        assert_names_the_selection(frame, "RoCEv2", &name);
        assert!(labels > 3, "{name}: {labels} labels");
    }
    // 2,000 terms, the best-linked term selected: its neighbours lie across the map.
    let (cards, page) = generated_2000(&dir);
    let text = std::fs::read_to_string(&cards).unwrap();
    let hub: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .max_by_key(|c| c["related"].as_array().unwrap().len())
        .unwrap();
    let report = drive(
        &page,
        &["--hash", hub["slug"].as_str().unwrap(), "--geometry", "0"],
    );
    let frame = &report["geometry"][0];
    assert_frame_legible(frame, "2,000 terms, the hub selected");
    assert_names_the_selection(
        frame,
        hub["term"].as_str().unwrap(),
        "2,000 terms, the hub selected",
    );
}

/// Asserts the selected term's name is shown: as a label, or where none fits as a callout
/// (on a plate of its own, the only words allowed over the map's discs), and that nothing
/// else is a callout (no term is hovered).
fn assert_names_the_selection(frame: &Value, term: &str, name: &str) {
    let texts = |key: &str| -> Vec<String> {
        frame[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b[4].as_str().unwrap().to_owned())
            .collect()
    };
    let callouts = texts("callouts");
    assert!(callouts.len() <= 1, "{name}: callouts {callouts:?}");
    assert!(
        texts("labels").iter().chain(&callouts).any(|t| t == term),
        "{name}: `{term}` not shown"
    );
}

/// A map's legend shows only the kinds of link it draws, as a reader sees it (issue 23, item
/// 10; the DOT's legend is checked in `dot.rs`).
#[test]
fn the_html_legend_shows_only_the_kinds_of_link_drawn() {
    let dir = glossary("legend-html", &related_only());
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["render", ".", "--output", "map.html"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let report = drive(&dir.join("map.html"), &[]);
    assert_eq!(report["legend_keys"], "related", "{report:#}");
}

/// Issue 60: the map of a glossary linked only in its texts draws each term link with a
/// small head at the linked term's disc and explains them in its legend, alone (the legend
/// of a map without term links, above, has no such entry).
#[test]
fn term_links_have_small_heads_at_the_linked_term_and_a_legend_entry() {
    let (input, glossary, _) = crate::util::fixtures::linked_in_texts();
    let dir = scratch("html", "term-links");
    let page = dir.join("map.html");
    ok(&glossgraph(&[
        "render",
        input.to_str().unwrap(),
        "--output",
        page.to_str().unwrap(),
    ]));
    let report = drive(&page, &["--geometry", "0"]);
    assert_eq!(
        report["legend_keys"], "term link (linking → linked)",
        "{report:#}"
    );
    let frame = &report["geometry"][0];
    let (discs, _, _) = assert_frame_legible(frame, "term links");
    assert_eq!(discs, 6);
    // At the fitted zoom every term link is drawn with its head, each at a disc's border;
    // no other kind of head.
    let discs = records(frame, "discs");
    let small = records(frame, "small");
    assert_eq!(small.len(), glossary.text_links().len(), "{frame:#}");
    assert!(records(frame, "arrows").is_empty() && records(frame, "hollow").is_empty());
    for head in &small {
        assert!(
            discs
                .iter()
                .any(|d| ((d[0] - head[0]).hypot(d[1] - head[1]) - d[2] - 1.0).abs() < 0.5),
            "a head at no disc's border: {head:?}"
        );
    }
}

/// Issue 50: one term is "1 term", not "1 terms".
#[test]
fn a_map_of_one_term_counts_it_in_the_singular() {
    let dir = scratch("html", "one-term");
    let cards = dir.join("one.jsonl");
    std::fs::write(
        &cards,
        "{\"slug\":\"event\",\"term\":\"Event\",\"definition\":\"A report of a change.\"}\n",
    )
    .unwrap();
    let page = dir.join("glossary.html");
    ok(&glossgraph(&[
        "render",
        cards.to_str().unwrap(),
        "--output",
        page.to_str().unwrap(),
    ]));
    assert_eq!(drive(&page, &[])["count"], "1 term");
}

/// Issues 48 and 50: the map of a three-level hierarchy draws each `broader` link with a
/// hollow head at the broader term (told apart from `supersedes`' filled heads), says so in its
/// legend, and stays legible: no word over another, no label under the legend.
#[test]
fn broader_links_have_hollow_heads_at_the_broader_term_and_the_map_stays_legible() {
    let (input, glossary, _) = crate::util::fixtures::classification();
    let dir = scratch("html", "hierarchy");
    let page = dir.join("classification.html");
    ok(&glossgraph(&[
        "render",
        input.to_str().unwrap(),
        "--output",
        page.to_str().unwrap(),
    ]));
    let report = drive(&page, &["--geometry", "0,3"]);
    assert_eq!(report["count"], "12 terms");
    assert_eq!(
        report["legend_keys"], "related broader (narrower → broader)",
        "{report:#}"
    );
    let frames = report["geometry"].as_array().unwrap();
    for frame in frames {
        let steps = &frame["steps"];
        let (discs, labels, _) = assert_frame_legible(frame, &format!("hierarchy, {steps} in"));
        assert_eq!(discs, 12, "{steps} steps in");
        assert!(labels > 0);
    }
    // At the fitted zoom every link is on screen: one hollow head per `broader` link, each
    // at the border of a term's disc, and no filled head (the fixture has no supersedes).
    let discs = records(&frames[0], "discs");
    let hollow = records(&frames[0], "hollow");
    assert_eq!(
        hollow.len(),
        glossary.edge_counts().broader,
        "{:#?}",
        frames[0]
    );
    assert!(records(&frames[0], "arrows").is_empty());
    let mut broader_terms = std::collections::BTreeSet::new();
    for head in &hollow {
        assert!(head[2] >= 8.0, "a head of {} pixels", head[2]);
        let at = discs
            .iter()
            .position(|d| ((d[0] - head[0]).hypot(d[1] - head[1]) - d[2] - 1.0).abs() < 0.5)
            .unwrap_or_else(|| panic!("a head at no disc's border: {head:?}"));
        broader_terms.insert(at);
    }
    // Six terms are broader than another.
    assert_eq!(broader_terms.len(), 6);
}
