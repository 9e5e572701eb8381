//! Issue 49: definitions and notes are CommonMark. The site renders them, links between terms
//! inside the texts are term links (checked, linked, exported one way), and the plain-text
//! outputs show the text without its marks.

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::util::{outcome, run_in};

/// A folder of cards (slug, JSON value) in a fresh temporary folder.
fn glossary(cards: &[Value]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for card in cards {
        let slug = card["slug"].as_str().unwrap();
        fs::write(
            dir.path().join(format!("{slug}.json")),
            serde_json::to_string_pretty(card).unwrap(),
        )
        .unwrap();
    }
    dir
}

fn cards() -> Vec<Value> {
    vec![
        serde_json::json!({
            "slug": "pod", "term": "Pod",
            "definition": "A set of running [containers](../container/) on a [node](/node/), see [the docs](/docs/concepts/pod/).",
            "note": "## Problem it addresses\n\nTwo advantages:\n\n- It **removes** toil\n- Organizations can scale ([more](https://example.org/scale))\n\n> Quoted `code [x]` and B[e] star.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nIt cites a source. [k8s]",
            "citations": [{"id": "k8s", "title": "Kubernetes", "url": "https://kubernetes.io/"}],
            "related": ["node"]
        }),
        serde_json::json!({
            "slug": "container", "term": "Container",
            "definition": "A packaged process. Not to be confused with a [pod](https://glossgraph.example/g/term/pod).",
            "related": ["node"]
        }),
        serde_json::json!({
            "slug": "node", "term": "Node",
            "definition": "A machine that runs [pods](../podd/).",
            "related": ["pod", "container"]
        }),
    ]
}

fn config(dir: &Path) {
    fs::write(
        dir.join("glossgraph.toml"),
        "base = \"https://glossgraph.example/g/\"\ntitle = \"G\"\n",
    )
    .unwrap();
}

/// `check --format json`: exit code and `rule file:line:column | message | hint` lines.
fn check(dir: &Path) -> (i32, Vec<String>) {
    let (code, stdout, stderr) = outcome(&run_in(dir, &["check", ".", "--format", "json"], None));
    let doc: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let findings = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            format!(
                "{} {}:{}:{} | {} | {}",
                f["rule"].as_str().unwrap(),
                f["file"].as_str().unwrap_or("-"),
                f["line"],
                f["column"],
                f["message"].as_str().unwrap(),
                f["hint"].as_str().unwrap_or("-")
            )
        })
        .collect();
    (code, findings)
}

#[test]
fn issue49_term_links_are_checked_linked_and_exported_one_way() {
    let dir = glossary(&cards());
    config(dir.path());
    let (code, findings) = check(dir.path());
    assert_eq!(code, 1, "{findings:#?}");
    // The one error: a link that can only mean a term names none; nothing about the
    // Markdown, the markers in code or inside a word, nor one-way links.
    assert_eq!(
        findings,
        ["dangling-link ./node.json:2:38 | link to `../podd/` in `definition`: `podd` is not a term of the glossary | did you mean `pod`?"]
    );
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--unsafe-fixes"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("replaced `[pods](../podd/)` by `[pods](../pod/)` in `definition`"),
        "{stderr}"
    );
    assert_eq!(check(dir.path()), (0, Vec::new()));

    // RDF: one `gx:linksTo` per term link, one way, and the texts as written.
    let (code, turtle, stderr) = outcome(&run_in(
        dir.path(),
        &["export", ".", "--format", "ntriples", "--out", "-"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let links: Vec<&str> = turtle
        .lines()
        .filter(|l| l.starts_with("<https://glossgraph.example/g/term/"))
        .filter(|l| l.contains("/ns#linksTo>"))
        .collect();
    let term = |s: &str| format!("<https://glossgraph.example/g/term/{s}>");
    let linked = |a: &str, b: &str| {
        links
            .iter()
            .any(|l| l.starts_with(&term(a)) && l.contains(&format!("linksTo> {} .", term(b))))
    };
    assert!(
        linked("pod", "container") && linked("pod", "node"),
        "{links:#?}"
    );
    assert!(
        linked("container", "pod") && linked("node", "pod"),
        "{links:#?}"
    );
    assert_eq!(links.len(), 4, "{links:#?}");
    assert!(
        turtle.contains("## Problem it addresses"),
        "the note is kept as written"
    );

    // The site: the texts rendered, term links to the terms' pages, the terms linking here.
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["site", ".", "--out", site.to_str().unwrap()],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let page = fs::read_to_string(site.join("term/pod/index.html")).unwrap();
    for want in [
        "<a href=\"../container/index.html\" class=\"term-link\">containers</a>",
        "<a href=\"../node/index.html\" class=\"term-link\">node</a>",
        "<a href=\"/docs/concepts/pod/\">the docs</a>",
        "<h4>Problem it addresses</h4>",
        "<li>It <strong>removes</strong> toil</li>",
        "<a href=\"https://example.org/scale\" rel=\"external noopener\">more</a>",
        "<blockquote>\n<p>Quoted <code>code [x]</code> and B[e] star.</p>\n</blockquote>",
        "<th>a</th>",
        "It cites a source. <sup><a href=\"#cite-k8s\" aria-label=\"citation 1\">[1]</a></sup>",
        "<dt>Linked from</dt><dd><ul><li><a href=\"../container/index.html\">Container</a></li><li><a href=\"../node/index.html\">Node</a></li></ul></dd>",
    ] {
        assert!(page.contains(want), "{want}\n{page}");
    }
    for file in ["term/pod/index.html", "term/node/index.html", "index.html"] {
        let html = fs::read_to_string(site.join(file)).unwrap();
        for left in ["##", "**", "]("] {
            assert!(!html.contains(left), "{left} in {file}");
        }
    }
    let index = fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        index.contains("<a href=\"term/container/index.html\" class=\"term-link\">containers</a>"),
        "{index}"
    );
}

#[test]
fn issue49_plain_text_outputs_show_the_text_without_marks() {
    let mut two = cards()[..2].to_vec();
    for card in &mut two {
        card["related"] = serde_json::json!([]);
    }
    let dir = glossary(&two);
    config(dir.path());
    let (code, csv, stderr) = outcome(&run_in(
        dir.path(),
        &["export", ".", "--format", "csv-nodes", "--out", "-"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        csv.contains("A set of running containers on a node, see the docs."),
        "{csv}"
    );
    assert!(
        !csv.contains("](") && !csv.contains("**") && !csv.contains("##"),
        "{csv}"
    );
}
