//! Glossaries read where they live (issue 60): every command that takes INPUT reads a folder
//! of Markdown pages or an RDF vocabulary in place, each run, with nothing converted on disk.

use std::collections::BTreeMap;
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
    refused_whole(dir.path(), "bad.ttl", "@prefix s: <x#> .\n<a> s:b \"c\n");
}

/// `file` written with `text` in `dir`: `export` of it is one `source-syntax` error at a
/// place of `file`, exit 1, and nothing written.
fn refused_whole(dir: &Path, file: &str, text: &str) {
    fs::write(dir.join(file), text).unwrap();
    let (code, out, err) = outcome(&run_in(dir, &["export", file, "--out", "never"], None));
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("error[source-syntax]") && err.contains(&format!("{file}:")),
        "{err}"
    );
    assert!(!dir.join("never").exists());
}

/// Writes `pages` (path below `dir`, text), making the folders.
fn write_pages(dir: &Path, pages: &[(&str, &str)]) {
    for (path, text) in pages {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// The card of `slug` that `import` makes of `input` (run in `dir`, `flags` after it): the
/// cards every command reads in place, the same reader making them; and the Turtle export
/// of `input` read in place holds every label of them.
fn card_from(dir: &Path, input: &str, slug: &str, flags: &[&str]) -> serde_json::Value {
    let run = |args: &[&str]| {
        let args: Vec<&str> = args.iter().chain(flags).copied().collect();
        let (code, _, err) = outcome(&run_in(dir, &args, None));
        assert_eq!(code, 0, "{err}");
    };
    run(&["import", input, "--out", "out/cards.jsonl", "--force"]);
    run(&[
        "export", input, "--out", "out/rdf", "--format", "turtle", "--quiet",
    ]);
    let text = fs::read_to_string(dir.join("out/cards.jsonl")).unwrap();
    let turtle = fs::read_to_string(dir.join("out/rdf/glossary.ttl")).unwrap();
    fs::remove_dir_all(dir.join("out")).unwrap();
    let cards: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for card in &cards {
        let mut labels = vec![(card["term"].clone(), String::new())];
        for (tag, language) in card["languages"].as_object().into_iter().flatten() {
            labels.push((language["term"].clone(), tag.clone()));
        }
        for (label, tag) in labels {
            let label = label.as_str().unwrap();
            assert!(
                turtle.contains(&format!("\"{label}\"@{tag}")),
                "{label}@{tag}: {turtle}"
            );
        }
    }
    cards
        .into_iter()
        .find(|c| c["slug"] == slug)
        .unwrap_or_else(|| panic!("no card `{slug}` in {text}"))
}

#[test]
fn a_multilingual_site_is_one_glossary_60() {
    let dir = tempfile::tempdir().unwrap();
    write_pages(
        dir.path(),
        &[
            ("content/en/_index.md", "---\ntitle: Glossary\n---\n"),
            ("content/en/pod.md", "---\ntitle: Pod\n---\nA group of containers.\n\nMore about pods.\n"),
            ("content/en/node.md", "---\ntitle: Node\ntranslationKey: machine\n---\nA machine.\n"),
            // The same file name, a body opening with a heading: the paragraph under it.
            ("content/de/pod.md", "---\ntitle: Pod (de)\n---\n## Was ist das\n\nEine Gruppe von Containern.\n\nMehr über Pods.\n"),
            // Another file name, the same translationKey.
            ("content/de/knoten.md", "---\ntitle: Knoten\ntranslationKey: machine\n---\nEine Maschine.\n"),
            ("content/de/waise.md", "---\ntitle: Waise\n---\nNichts.\n"),
            ("content/zh-cn/pod.md", "---\ntitle: 容器组\n---\n一组容器。\n"),
        ],
    );
    let pod = card_from(dir.path(), "content", "pod", &[]);
    assert_eq!(pod["term"], "Pod");
    assert_eq!(pod["languages"]["de"]["term"], "Pod (de)");
    assert_eq!(
        pod["languages"]["de"]["definition"],
        "Eine Gruppe von Containern."
    );
    assert_eq!(
        pod["languages"]["de"]["notes"]["scopeNote"][0],
        "Mehr über Pods."
    );
    assert_eq!(pod["languages"]["zh-CN"]["term"], "容器组");
    let node = card_from(dir.path(), "content", "node", &[]);
    assert_eq!(node["languages"]["de"]["term"], "Knoten");
    // The page that translates no term is said, not dropped in silence.
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "content"], None));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("waise.md") && out.contains("translates no term"),
        "{out}"
    );
    // Pointed at one language's folder, the others are found beside it.
    let pod = card_from(dir.path(), "content/en", "pod", &[]);
    assert_eq!(pod["languages"]["de"]["term"], "Pod (de)");
    // --language picks the main language among the site's.
    let pod = card_from(dir.path(), "content", "pod", &["--language", "de"]);
    assert_eq!(pod["term"], "Pod (de)");
    assert_eq!(pod["languages"]["en"]["term"], "Pod");
}

#[test]
fn a_glossary_deep_in_each_language_and_hugo_s_suffixed_pages_60() {
    let dir = tempfile::tempdir().unwrap();
    write_pages(
        dir.path(),
        &[
            (
                "site/content/en/docs/glossary/pod.md",
                "---\ntitle: Pod\n---\nA group.\n",
            ),
            (
                "site/content/ja/docs/glossary/pod.md",
                "---\ntitle: ポッド\n---\nグループ。\n",
            ),
            // Other pages of the languages are not the glossary's.
            (
                "site/content/ja/docs/other.md",
                "---\ntitle: Other\n---\nNo.\n",
            ),
            ("site/hugo.toml", "defaultContentLanguage = \"ja\"\n"),
            ("suffixed/pod.md", "---\ntitle: Pod\n---\nA group.\n"),
            (
                "suffixed/pod.fr.md",
                "---\ntitle: Pod (fr)\n---\nUn groupe.\n",
            ),
        ],
    );
    let pod = card_from(dir.path(), "site/content/en/docs/glossary", "pod", &[]);
    assert_eq!(
        (
            pod["term"].as_str(),
            pod["languages"]["ja"]["term"].as_str()
        ),
        (Some("Pod"), Some("ポッド"))
    );
    // From the site's `content`, the glossary's language folders hold pages directly only:
    // this site keeps them deeper, so the glossary is named by its folder (above).
    let pod = card_from(dir.path(), "suffixed", "pod", &[]);
    assert_eq!(pod["languages"]["fr"]["definition"], "Un groupe.");
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "suffixed"], None));
    assert_eq!(code, 0, "{out}{err}");
    assert!(format!("{out}{err}").contains("in 1 card"), "{out}{err}");
}

#[test]
fn the_site_s_own_default_language_is_the_main_one_when_the_glossary_names_none_it_has_60() {
    let dir = tempfile::tempdir().unwrap();
    write_pages(
        dir.path(),
        &[
            (
                "content/fr/pod.md",
                "---\ntitle: Pod (fr)\n---\nUn groupe.\n",
            ),
            ("content/ja/pod.md", "---\ntitle: ポッド\n---\nグループ。\n"),
            ("config.yaml", "title: Site\ndefaultContentLanguage: ja\n"),
        ],
    );
    let pod = card_from(dir.path(), "content", "pod", &[]);
    assert_eq!(pod["term"], "ポッド");
    assert_eq!(pod["languages"]["fr"]["term"], "Pod (fr)");
}

#[test]
fn a_yaml_or_toml_file_of_entries_is_a_glossary_60() {
    let dir = tempfile::tempdir().unwrap();
    write_pages(
        dir.path(),
        &[
            (
                "map.yaml",
                "API: Application programming interface.\nPod: A group of containers.\n",
            ),
            (
                "records.yaml",
                "- slug: abstraction\n  ref: [api, Nowhere]\n  en: {term: Abstraction, def: Hiding details.}\n  \
                 es: {term: Abstracción, def: Ocultar detalles.}\n\
                 - slug: api\n  en: {term: API, def: An interface.}\n  de: {term: Schnittstelle}\n\
                 - slug: waise\n  es: {term: Huérfano}\n\
                 - just a string\n",
            ),
            (
                "terms.toml",
                "[[term]]\nid = \"rdma\"\nname = \"RDMA\"\nexplanation = \"Remote access.\"\n\
                 see = [\"RoCE\"]\n\n[[term]]\nid = \"roce\"\nname = \"RoCE\"\nexplanation = \"Over Ethernet.\"\n",
            ),
            // The key of the definitions, which no common name finds, set for the folder.
            ("glossgraph.toml", "[source]\ndefinition = \"explanation\"\n"),
        ],
    );
    let api = card_from(dir.path(), "map.yaml", "api", &[]);
    assert_eq!(api["definition"], "Application programming interface.");
    let abstraction = card_from(dir.path(), "records.yaml", "abstraction", &[]);
    assert_eq!(abstraction["term"], "Abstraction");
    assert_eq!(
        abstraction["languages"]["es"]["definition"],
        "Ocultar detalles."
    );
    // A link the source makes one way is a link both ways: no one-way-related warning.
    assert_eq!(abstraction["related"], serde_json::json!(["api"]));
    let api = card_from(dir.path(), "records.yaml", "api", &[]);
    assert_eq!(api["related"], serde_json::json!(["abstraction"]));
    // An entry with no term in the main language keeps its term from another.
    let orphan = card_from(dir.path(), "records.yaml", "waise", &[]);
    assert_eq!(
        (orphan["term"].as_str(), orphan["termFrom"].as_str()),
        (Some("Huérfano"), Some("language"))
    );
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "records.yaml"], None));
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("one-way-related"), "{out}");
    assert!(
        out.contains("`Nowhere`, which names no entry") && out.contains("(entry /3)"),
        "{out}"
    );
    let rdma = card_from(dir.path(), "terms.toml", "rdma", &[]);
    assert_eq!(rdma["definition"], "Remote access.");
    assert_eq!(rdma["related"], serde_json::json!(["roce"]));
}

#[test]
fn a_broken_data_file_is_located_and_an_alias_bomb_refused_60() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = {
        let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 1..10 {
            let prev = (b'a' + level - 1) as char;
            let name = (b'a' + level) as char;
            let refs = vec![format!("*{prev}"); 10].join(", ");
            text.push_str(&format!("{name}: &{name} [{refs}]\n"));
        }
        text
    };
    write_pages(
        dir.path(),
        &[
            ("broken.yaml", "- term: A\n  definition: [unclosed\n"),
            ("broken.toml", "[[term]]\nname = \"A\nx\n"),
            ("bomb.yaml", &bomb),
        ],
    );
    for (file, place) in [
        ("broken.yaml", "broken.yaml:"),
        ("broken.toml", "broken.toml:3:"),
        ("bomb.yaml", "bomb.yaml:"),
    ] {
        let started = std::time::Instant::now();
        let (code, out, err) =
            outcome(&run_in(dir.path(), &["export", file, "--out", "out"], None));
        assert_eq!(code, 1, "{file}: {out}{err}");
        assert!(
            err.contains("error[source-syntax]") && err.contains(place),
            "{file}: {err}"
        );
        assert!(!dir.path().join("out").exists(), "{file}");
        assert!(started.elapsed().as_secs() < 30, "{file}");
    }
}

#[test]
fn a_markdown_file_of_headings_lists_tables_and_abbreviations_60() {
    let dir = tempfile::tempdir().unwrap();
    write_pages(
        dir.path(),
        &[
            (
                "book.md",
                "# Glossary\n\n## A\n\n### Alignment\n\nWhere a value may start.\n[More][layout].\n\n\
                 r[glossary.abi]\n### Blanket implementation\n\nA type appears \
                 [uncovered](#uncovered-type), see [traits][type.trait-object].\n\n\
                 More about it.\n\n### Uncovered type\n\nNo argument of another [`impl`].\n\n\
                 ### Empty\n\n[layout]: layout.md#size\n[`impl`]: items.md\n",
            ),
            (
                "mixed.md",
                "Pod\n: A group of containers.\n\nNode\n: A machine.\n: It runs pods.\n\n\
                 | Term | Definition |\n|---|---|\n| RDMA | Remote *direct* memory access. |\n\n\
                 *[HTML]: HyperText Markup Language\n",
            ),
        ],
    );
    let blanket = card_from(dir.path(), "book.md", "blanket-implementation", &[]);
    assert_eq!(
        blanket["definition"],
        "A type appears [uncovered](../uncovered-type/), see \\[traits\\]\\[type.trait-object\\]."
    );
    assert_eq!(blanket["note"], "More about it.");
    let alignment = card_from(dir.path(), "book.md", "alignment", &[]);
    assert_eq!(
        alignment["definition"],
        "Where a value may start.\n[More](layout.md#size)."
    );
    let uncovered = card_from(dir.path(), "book.md", "uncovered-type", &[]);
    assert_eq!(
        uncovered["definition"],
        "No argument of another [`impl`](items.md)."
    );
    // The book's rule ids and unresolved references are text, never citation markers: no
    // error the book does not have. A heading with nothing under it is said, left out.
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "book.md"], None));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("in 3 cards") && out.contains("`Empty`"),
        "{out}"
    );
    assert!(!out.contains("unknown-citation"), "{out}");

    let node = card_from(dir.path(), "mixed.md", "node", &[]);
    assert_eq!(
        (node["definition"].as_str(), node["note"].as_str()),
        (Some("A machine."), Some("It runs pods."))
    );
    let rdma = card_from(dir.path(), "mixed.md", "rdma", &[]);
    assert_eq!(rdma["definition"], "Remote *direct* memory access.");
    let html = card_from(dir.path(), "mixed.md", "html", &[]);
    assert_eq!(html["definition"], "HyperText Markup Language");
    let pod = card_from(dir.path(), "mixed.md", "pod", &[]);
    assert_eq!(pod["definition"], "A group of containers.");
}

#[test]
fn a_sphinx_glossary_in_restructuredtext_60() {
    let dir = tempfile::tempdir().unwrap();
    // A directive nested 10,000 deep: read as fast as any file, no recursion.
    let mut deep = String::new();
    for level in 0..10_000 {
        deep.push_str(&" ".repeat(level));
        deep.push_str(".. note::\n\n");
    }
    write_pages(
        dir.path(),
        &[
            (
                "glossary.rst",
                "Glossary\n========\n\n.. glossary::\n   :sorted:\n\n   builder\n      A class \
                 that reads documents, see :term:`the environment\n      <environment>` and \
                 :ref:`builders <builders-label>`.\n\n      More: :func:`sphinx.build`, :class:`~sphinx.builders.Builder`, :pep:`8`.\n\n\
                 \x20  environment\n   env\n      Where ``conf.py`` is read; `the docs \
                 <https://docs.example/>`_ and :term:`Builder`.\n\n   lone\n      Uses \
                 :term:`nothing here`.\n",
            ),
            ("deep.rst", &deep),
        ],
    );
    let builder = card_from(dir.path(), "glossary.rst", "builder", &[]);
    assert_eq!(
        builder["definition"],
        "A class that reads documents, see [the environment](../environment/) and builders."
    );
    assert_eq!(builder["note"], "More: `sphinx.build`, `Builder`, PEP 8.");
    let environment = card_from(dir.path(), "glossary.rst", "environment", &[]);
    assert_eq!(environment["aliases"], serde_json::json!(["env"]));
    assert_eq!(
        environment["definition"],
        "Where `conf.py` is read; [the docs](https://docs.example/) and [Builder](../builder/)."
    );
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "glossary.rst"], None));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("`nothing here` names no term") && out.contains("glossary.rst:17"),
        "{out}"
    );
    let started = std::time::Instant::now();
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "deep.rst"], None));
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("error[no-cards]"), "{out}");
    assert!(started.elapsed().as_secs() < 30);
}

/// MyST's `{glossary}` in Markdown (`tests/fixtures/myst/glossary.md`), read as `.rst`'s
/// `.. glossary::`: several terms over one definition a term and its aliases, `{term}` roles
/// term links (split over lines, `text <Term>`, to any label in any case, across directives),
/// other roles their text, the Markdown kept; the page's headings are no terms.
#[test]
fn a_myst_glossary_in_markdown_60() {
    let dir = tempfile::tempdir().unwrap();
    let source = crate::util::root().join("tests/fixtures/myst/glossary.md");
    fs::copy(&source, dir.path().join("glossary.md")).unwrap();
    let (code, out, err) = outcome(&run_in(
        dir.path(),
        &["import", "glossary.md", "--out", "cards.jsonl"],
        None,
    ));
    assert_eq!(code, 0, "{out}{err}");
    let text = fs::read_to_string(dir.path().join("cards.jsonl")).unwrap();
    let cards: BTreeMap<String, serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|c| (c["slug"].as_str().unwrap().to_owned(), c))
        .collect();
    let slugs: Vec<&str> = cards.keys().map(String::as_str).collect();
    assert_eq!(slugs, ["builder", "environment", "extension", "lone"]);
    let builder = &cards["builder"];
    assert_eq!(
        builder["definition"],
        "A class that reads documents, see [the environment](../environment/) and builders."
    );
    assert_eq!(
        builder["note"],
        "More: `sphinx.build`, [the docs](https://docs.example/)."
    );
    let environment = &cards["environment"];
    assert_eq!(environment["aliases"], serde_json::json!(["env"]));
    assert_eq!(
        environment["definition"],
        "Where `conf.py` is read; see [Builder](../builder/)."
    );
    assert_eq!(environment["note"], "```python\nproject = \"demo\"\n```");
    assert_eq!(
        cards["extension"]["definition"],
        "A module that adds to Sphinx, loaded by the [env](../environment/)."
    );
    // Read in place: the links are term links, and a role naming no term is said, on its
    // term's line, and left as its text.
    let (code, out, err) = outcome(&run_in(dir.path(), &["check", "glossary.md"], None));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("`nothing here` names no term") && out.contains("glossary.md:24"),
        "{out}"
    );
    assert!(out.contains("in 4 cards"), "{out}");
    assert_eq!(cards["lone"]["definition"], "Uses nothing here.");
}

#[test]
fn a_tbx_term_base_is_read_in_place_63() {
    let dir = tempfile::tempdir().unwrap();
    let data = crate::util::root().join("data");
    let run = |args: &[&str]| outcome(&run_in(dir.path(), args, None));
    let (code, _, err) = run(&[
        "export",
        data.to_str().unwrap(),
        "--out",
        "tbx",
        "--format",
        "tbx,tbx2",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    for file in ["tbx/glossary.tbx", "tbx/glossary.v2.tbx"] {
        let (code, out, err) = run(&["check", file]);
        assert_eq!(code, 0, "{file}: {out}{err}");
        assert!(out.contains("in 34 cards from 1 file"), "{file}: {out}");
    }
    let (code, out, err) = run(&[
        "query",
        "tbx/glossary.tbx",
        "SELECT ?l { ?c skos:prefLabel \"RoCEv2\"@en }",
        "--results",
        "csv",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    refused_whole(dir.path(), "bad.tbx", "<tbx>\n  <text><body>\n</tbx>\n");
}
