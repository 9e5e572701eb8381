//! Glossaries read where they live (issue 60): every command that takes INPUT reads a folder
//! of Markdown pages or an RDF vocabulary in place, each run, with nothing converted on disk.

use std::fs;
use std::path::Path;

use crate::util::{outcome, run_in};

/// A documentation site's glossary folder in `dir`: three term pages, the Kubernetes way of
/// linking terms, a section page, and the settings naming the link pattern.
fn docs_site(dir: &Path) {
    let pages = dir.join("glossary");
    fs::create_dir_all(&pages).unwrap();
    let page = |name: &str, text: &str| fs::write(pages.join(name), text).unwrap();
    page("_index.md", "---\ntitle: Glossary\nlayout: glossary\n---\n");
    page(
        "container.md",
        "---\ntitle: Container\ntags:\n- fundamental\n---\nA lightweight and portable \
         executable image.\n",
    );
    page("node.md", "---\ntitle: Node\n---\nA worker machine.\n");
    page(
        "pod.md",
        "---\ntitle: Pod\nfull_link: /docs/concepts/workloads/pods/\n---\nThe smallest object: \
         a set of running {{< glossary_tooltip text=\"containers\" term_id=\"container\" >}} \
         on a {{< glossary_tooltip term_id=\"node\" >}}.\n",
    );
    fs::write(
        pages.join("glossgraph.toml"),
        "base = \"https://docs.example/\"\n[source]\nterm-link = \
         '\\{\\{<\\s*glossary_tooltip\\s+(?:text=\"(?P<text>[^\"]*)\"\\s+)?term_id=\"(?P<slug>[^\"]+)\"[^>]*>\\}\\}'\n",
    )
    .unwrap();
}

#[test]
fn every_command_reads_a_folder_of_pages_in_place_60() {
    let dir = tempfile::tempdir().unwrap();
    docs_site(dir.path());
    let run = |args: &[&str]| outcome(&run_in(dir.path(), args, None));

    // `check`: the three terms, the section page left out and said so; the front matter's
    // own keys (`tags`, `full_link`) kept without a warning each.
    let (code, out, err) = run(&["check", "glossary"]);
    assert_eq!(code, 0, "{out}{err}");
    let report = format!("{out}{err}");
    assert!(report.contains("in 3 cards from 4 files"), "{report}");
    assert!(
        report.contains("warning[left-out]") && report.contains("_index.md"),
        "{report}"
    );
    assert!(!report.contains("unknown-field"), "{report}");

    // `export`: the term links of the pages are links of the graph, the base from the
    // settings beside the pages.
    let (code, _, err) = run(&["export", "glossary", "--out", "exports", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let turtle = fs::read_to_string(dir.path().join("exports/glossary.ttl")).unwrap();
    assert!(
        turtle.contains("<https://docs.example/term/pod>")
            && turtle.contains("\"Pod\"@en")
            && turtle.contains("[containers](https://docs.example/term/container)")
            || turtle.contains("[containers](../container/)"),
        "{turtle}"
    );
    assert!(!dir.path().join("glossary/pod.json").exists());

    // `query` on the same pages.
    let (code, out, err) = run(&[
        "query",
        "glossary",
        "SELECT (COUNT(?c) AS ?n) WHERE { ?c a <http://www.w3.org/2004/02/skos/core#Concept> }",
        "--results",
        "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.trim() == "3"), "{out}");

    // A change of a page is in the next run: no import step between.
    let pod = dir.path().join("glossary/pod.md");
    let text = fs::read_to_string(&pod).unwrap();
    fs::write(
        &pod,
        text.replace("The smallest object", "The smallest unit"),
    )
    .unwrap();
    let (code, _, err) = run(&["export", "glossary", "--out", "exports", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let turtle = fs::read_to_string(dir.path().join("exports/glossary.ttl")).unwrap();
    assert!(turtle.contains("The smallest unit") && !turtle.contains("The smallest object"));

    // `site` too.
    let (code, _, err) = run(&["site", "glossary", "--out", "public"]);
    assert_eq!(code, 0, "{err}");
    let page = fs::read_to_string(dir.path().join("public/term/pod/index.html")).unwrap();
    assert!(page.contains("The smallest unit"), "{page}");
}

#[test]
fn a_page_that_cannot_be_read_is_located_and_nothing_is_written_60() {
    let dir = tempfile::tempdir().unwrap();
    docs_site(dir.path());
    let pages = dir.path().join("glossary");
    fs::write(pages.join("broken.md"), "---\ntitle: [Broken\n---\nText.\n").unwrap();
    fs::write(
        pages.join("latin1.md"),
        b"---\ntitle: Caf\xe9\n---\nText.\n",
    )
    .unwrap();
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "glossary"], None));
    let report = format!("{out}{err}");
    assert_eq!(code, 1, "{report}");
    assert!(report.contains("error[source-syntax]"), "{report}");
    assert!(report.contains("broken.md:"), "{report}");
    assert!(
        report.contains("latin1.md:2") && report.contains("not UTF-8"),
        "{report}"
    );
    // The other pages are read and checked all the same.
    assert!(report.contains("in 3 cards"), "{report}");
    let (code, _, err) = outcome(&run_in(
        dir.path(),
        &["export", "glossary", "--out", "exports"],
        None,
    ));
    assert_eq!(code, 1, "{err}");
    assert!(!dir.path().join("exports").exists(), "{err}");
}

#[test]
fn a_folder_of_pages_with_no_term_says_what_it_found_60() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("glossary");
    fs::create_dir(&pages).unwrap();
    fs::write(pages.join("_index.md"), "---\ntitle: Glossary\n---\n").unwrap();
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "glossary"], None));
    let report = format!("{out}{err}");
    assert_eq!(code, 1, "{report}");
    assert!(
        report.contains("error[no-cards]")
            && report.contains("a folder of Markdown pages: 1 page or entry left out"),
        "{report}"
    );
}

#[test]
fn an_rdf_vocabulary_is_read_in_place_and_exports_the_same_bytes_60() {
    let dir = tempfile::tempdir().unwrap();
    let data = crate::util::root().join("data");
    let run = |args: &[&str]| outcome(&run_in(dir.path(), args, None));
    let (code, _, err) = run(&[
        "export",
        data.to_str().unwrap(),
        "--out",
        "first",
        "--format",
        "turtle",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    // The Turtle file is a source like the cards were: checked, exported again, the same.
    let (code, out, err) = run(&["check", "first/glossary.ttl"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(format!("{out}{err}").contains("from 1 file"), "{out}{err}");
    let (code, _, err) = run(&[
        "export",
        "first/glossary.ttl",
        "--out",
        "second",
        "--format",
        "turtle",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        fs::read(dir.path().join("first/glossary.ttl")).unwrap(),
        fs::read(dir.path().join("second/glossary.ttl")).unwrap()
    );
    // A file that does not parse is one located error; nothing is written.
    fs::write(
        dir.path().join("bad.ttl"),
        "@prefix s: <x#> .\n<a> s:b \"c\n",
    )
    .unwrap();
    let (code, out, err) = run(&["export", "bad.ttl", "--out", "third"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("error[source-syntax]") && err.contains("bad.ttl:"),
        "{err}"
    );
    assert!(!dir.path().join("third").exists());
}
