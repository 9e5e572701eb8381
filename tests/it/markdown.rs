//! Definitions and notes are CommonMark. The site renders them, links between terms
//! inside the texts are term links (checked, linked, exported one way), and the plain-text
//! outputs show the text without its marks.

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::util::{outcome, run_in};

/// A folder of cards (slug, JSON value) in a fresh temporary folder.
pub(crate) fn glossary(cards: &[Value]) -> tempfile::TempDir {
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

pub(crate) fn cards() -> Vec<Value> {
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

pub(crate) fn config(dir: &Path) {
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
fn term_links_are_checked_linked_and_exported_one_way() {
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
        "<h3>Problem it addresses</h3>",
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
fn plain_text_outputs_show_the_text_without_marks() {
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

/// A small Hugo glossary in the Kubernetes shape: YAML and TOML front matter, shortcode
/// links, a section page, a listing page, a draft, a status in words, a file name that is not
/// a slug.
fn docs_site(dir: &Path) {
    let pages: [(&str, &[u8]); 7] = [
        ("container.md", b"---\ntitle: Container\nid: container\ndate: 2018-04-12\nfull_link: /docs/concepts/containers/\nshort_description: >\n  A lightweight and portable executable image that contains software and all of its dependencies.\n\naka:\ntags:\n- fundamental\n---\n A lightweight and portable executable image that contains software and all of its dependencies.\n\n<!--more-->\n\n## Why containers\n\nContainers run in {{< glossary_tooltip text=\"Pods\" term_id=\"pod\" >}}:\n\n- **portable**\n- `isolated`\n\nSee [the docs](/docs/concepts/containers/) and {{< note >}}this{{< /note >}}.\n"),
        ("pod.md", b"---\ntitle: Pod\nshort_description: >\n  The smallest object: a set of running {{< glossary_tooltip text=\"containers\" term_id=\"container\" >}}.\nstatus: Feedback Appreciated\n---\n\nA Pod runs on a {{< glossary_tooltip term_id=\"Node\" >}} and uses a {{< glossary_tooltip text=\"StorageClass\" term_id=\"storage_class\" >}}.\n"),
        ("Node.md", b"+++\ntitle = \"Node\"\ndraft = true\naka = [\"Minion\"]\n+++\nA worker machine in Kubernetes.\n\nIt runs [pods](/pod/).\n"),
        ("storage_class.md", b"---\ntitle: StorageClass\nid: storageclass\n---\nA way to describe classes of storage. <script>alert(1)</script> [x](javascript:alert(1))\n"),
        ("_index.md", b"---\ntitle: Glossary\n---\n"),
        ("index.md", b"---\ntitle: Glossary\nlayout: glossary\n---\n"),
        ("list.md", b"---\ntitle: All terms\nlayout: list\n---\n"),
    ];
    for (name, bytes) in pages {
        fs::write(dir.join(name), bytes).unwrap();
    }
}

const K8S_TOML: &str = "base = \"https://glossgraph.example/k8s/\"\ntitle = \"K8s\"\n\n[import]\nterm-link = '\\{\\{<\\s*glossary_tooltip\\s+(?:text=\"(?P<text>[^\"]*)\"\\s+)?term_id=\"(?P<slug>[^\"]+)\"[^>]*>\\}\\}'\n";

#[test]
fn a_docs_site_glossary_imports_checks_and_publishes() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("glossary");
    fs::create_dir(&pages).unwrap();
    docs_site(&pages);
    fs::write(dir.path().join("k8s.toml"), K8S_TOML).unwrap();
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &[
            "import", "glossary", "--out", "cards", "--config", "k8s.toml",
        ],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    for said in [
        "imported 4 cards from 7 pages",
        "skipped 3 section or listing page(s): _index.md, index.md, list.md",
        "term links: 4 made from the term-link pattern",
        "shortcodes left as text: note (2)",
        "slug `storage-class`",
        "statuses allowed in glossgraph.toml: feedback-appreciated",
    ] {
        assert!(stderr.contains(said), "`{said}` in {stderr}");
    }
    let cards = dir.path().join("cards");
    let card = |slug: &str| -> Value {
        serde_json::from_str(&fs::read_to_string(cards.join(format!("{slug}.json"))).unwrap())
            .unwrap()
    };
    let pod = card("pod");
    assert_eq!(
        pod["note"],
        "A Pod runs on a [Node](../node/) and uses a [StorageClass](../storage-class/)."
    );
    assert_eq!(pod["status"], "feedback-appreciated");
    assert_eq!(card("node")["status"], "draft");
    assert_eq!(
        card("storage-class")["id"],
        "storageclass",
        "other keys are kept"
    );
    let toml = fs::read_to_string(cards.join("glossgraph.toml")).unwrap();
    assert!(
        toml.contains("feedback-appreciated") && toml.contains("k8s/"),
        "{toml}"
    );

    // Checked: no error, no one-way warning for the term links, and terms joined by term
    // links are no orphans.
    let (code, stdout, stderr) = outcome(&run_in(&cards, &["check", "."], None));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        !stdout.contains("error[") && !stdout.contains("one-way") && !stdout.contains("orphan"),
        "{stdout}"
    );

    // The site: every heading, list and link is HTML, term links go to the terms' pages.
    let site = dir.path().join("site");
    let (code, _, stderr) = outcome(&run_in(
        &cards,
        &["site", ".", "--out", site.to_str().unwrap()],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    for slug in ["container", "pod", "node", "storage-class"] {
        let html = fs::read_to_string(site.join(format!("term/{slug}/index.html"))).unwrap();
        for left in ["##", "**", "](", "{{< glossary", "<script>alert"] {
            assert!(!html.contains(left), "`{left}` on the page of {slug}");
        }
        assert!(!html.contains("href=\"javascript"), "{slug}");
    }
    let container = fs::read_to_string(site.join("term/container/index.html")).unwrap();
    assert!(
        container.contains("<a href=\"../pod/index.html\" class=\"term-link\">Pods</a>"),
        "{container}"
    );
    assert!(container.contains("<h3>Why containers</h3>"), "{container}");
    let node = fs::read_to_string(site.join("term/node/index.html")).unwrap();
    assert!(
        node.contains("<a href=\"../pod/index.html\" class=\"term-link\">pods</a>"),
        "{node}"
    );

    // Cards → Turtle → cards: the same cards.
    let (code, _, stderr) = outcome(&run_in(
        &cards,
        &[
            "export",
            ".",
            "--format",
            "turtle",
            "--out",
            dir.path().join("out").to_str().unwrap(),
        ],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["import", "out/glossary.ttl", "--out", "back"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    for slug in ["container", "pod", "node", "storage-class"] {
        let before = card(slug);
        let after: Value = serde_json::from_str(
            &fs::read_to_string(dir.path().join(format!("back/{slug}.json"))).unwrap(),
        )
        .unwrap();
        // The kept front-matter keys too: they travel as gx:extra.
        assert_eq!(&before, &after, "{slug}");
    }
}

/// A link whose target holds a shortcode with spaces, as four pages of the Kubernetes
/// glossary write the API reference's version (issue 49): imported, it stays a link, so the
/// cards check without error (its text is no citation marker) and the site shows a link. A
/// link to a path of the site (`/docs/…`, 53 in the Kubernetes glossary) is made absolute
/// against `[import] site`, so that it leads somewhere from glossgraph's site.
#[test]
fn a_shortcode_in_a_link_target_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("glossary");
    fs::create_dir(&pages).unwrap();
    fs::write(
        pages.join("host-aliases.md"),
        "---\ntitle: HostAliases\nshort_description: >\n  A mapping of IP addresses to host names.\n---\n\n\
         [HostAliases](/docs/api/{{< param \"version\" >}}/#hostalias-v1-core) is an optional \
         list of {{< glossary_tooltip text=\"Pod\" term_id=\"pod\" >}} host names.\n",
    )
    .unwrap();
    fs::write(
        pages.join("pod.md"),
        "---\ntitle: Pod\n---\nA set of containers.\n\nSee [Pods](/docs/pods/) and [HostAliases](/host-aliases/).\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("k8s.toml"),
        format!("{K8S_TOML}site = \"https://k8s.example/\"\n"),
    )
    .unwrap();
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &[
            "import", "glossary", "--out", "cards", "--config", "k8s.toml",
        ],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("shortcodes left as text: param (1)"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "links to the site's own pages: 2 made absolute against https://k8s.example/"
        ),
        "{stderr}"
    );
    let cards = dir.path().join("cards");
    let (code, stdout, stderr) = outcome(&run_in(&cards, &["check", "."], None));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(!stdout.contains("error["), "{stdout}");
    let site = dir.path().join("site");
    let (code, _, stderr) = outcome(&run_in(
        &cards,
        &["site", ".", "--out", site.to_str().unwrap()],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let html = fs::read_to_string(site.join("term/host-aliases/index.html")).unwrap();
    assert!(!html.contains("]("), "{html}");
    assert!(
        html.contains("<a href=\"https://k8s.example/docs/api/{{&#60;param%20&#34;version&#34;&#62;}}/#hostalias-v1-core\" rel=\"external noopener\">HostAliases</a>"),
        "{html}"
    );
    let pod = fs::read_to_string(site.join("term/pod/index.html")).unwrap();
    assert!(
        pod.contains(
            "<a href=\"https://k8s.example/docs/pods/\" rel=\"external noopener\">Pods</a>"
        ) && pod
            .contains("<a href=\"../host-aliases/index.html\" class=\"term-link\">HostAliases</a>"),
        "{pod}"
    );
    assert!(
        html.contains("<a href=\"../pod/index.html\" class=\"term-link\">Pod</a>"),
        "{html}"
    );
}

#[test]
fn bad_pages_and_patterns_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("glossary");
    fs::create_dir(&pages).unwrap();
    docs_site(&pages);
    // An alias bomb, a page that is not UTF-8.
    let mut bomb = String::from("---\ntitle: Bomb\na: &a [x,x,x,x,x,x,x,x,x,x]\n");
    for (name, prev) in [
        ("b", "a"),
        ("c", "b"),
        ("d", "c"),
        ("e", "d"),
        ("f", "e"),
        ("g", "f"),
    ] {
        bomb.push_str(&format!("{name}: &{name} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"));
    }
    bomb.push_str("---\nBody\n");
    fs::write(pages.join("bomb.md"), bomb).unwrap();
    fs::write(pages.join("latin1.md"), b"---\ntitle: Caf\xe9\n---\nBody\n").unwrap();
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["import", "glossary", "--out", "cards"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("bomb.md:") && stderr.contains("alias bomb"),
        "{stderr}"
    );
    assert!(stderr.contains("latin1.md:2: is not UTF-8"), "{stderr}");
    assert!(stderr.contains("nothing was written"), "{stderr}");
    assert!(!dir.path().join("cards").exists());

    // A pattern that does not compile: the tool cannot run (exit 2), naming the file.
    fs::remove_file(pages.join("bomb.md")).unwrap();
    fs::remove_file(pages.join("latin1.md")).unwrap();
    fs::write(
        dir.path().join("bad.toml"),
        "[import]\nterm-link = '(?P<slug>'\n",
    )
    .unwrap();
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &[
            "import", "glossary", "--out", "cards", "--config", "bad.toml",
        ],
        None,
    ));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("bad.toml: [import] term-link"), "{stderr}");
    assert!(!dir.path().join("cards").exists());
}

/// The sample's plain notes read as before Markdown: each paragraph a `<p>` of its text,
/// escaped as the templates escape, its markers footnotes; the section as it was.
#[test]
fn the_samples_plain_notes_render_as_before() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let (code, _, stderr) = outcome(&run_in(
        crate::util::root(),
        &["site", "data", "--out", site.to_str().unwrap()],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let card: Value = serde_json::from_str(
        &fs::read_to_string(crate::util::root().join("data/roce-v2.json")).unwrap(),
    )
    .unwrap();
    let ids: Vec<&str> = card["citations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    let escape = |t: &str| {
        t.replace('&', "&#38;")
            .replace('<', "&#60;")
            .replace('>', "&#62;")
            .replace('"', "&#34;")
            .replace('\'', "&#39;")
    };
    let mut want = String::from("<h2 id=\"note\">Note</h2>\n");
    for paragraph in card["note"].as_str().unwrap().split("\n\n") {
        let mut p = escape(paragraph);
        for (n, id) in ids.iter().enumerate() {
            p = p.replace(
                &format!("[{id}]"),
                &format!(
                    "<sup><a href=\"#cite-{id}\" aria-label=\"citation {}\">[{}]</a></sup>",
                    n + 1,
                    n + 1
                ),
            );
        }
        want.push_str(&format!("<p>{p}</p>\n"));
    }
    want.push_str("\n</section>");
    let page = fs::read_to_string(site.join("term/roce-v2/index.html")).unwrap();
    assert!(page.contains(&want), "{want}\n---\n{page}");
    let definition = format!(
        "<p class=\"definition\">{}</p>",
        escape(card["definition"].as_str().unwrap())
    );
    assert!(page.contains(&definition), "{page}");
}
