//! `import`: RDF that does not follow the mapping, and the `import` command itself, whose
//! cards of an export come back with their one-way links (issue 3; the round trips of good
//! RDF are in `rdf.rs`).

use std::fs;

use glossgraph::check;
use glossgraph::config::{Config, Settings};
use glossgraph::export::Format;
use glossgraph::load;
use glossgraph::rdf::read::{self, ImportError, Problem};

use super::rdf::{export, rdf_format};
use crate::util::fixtures::{checked_with, sample};
use crate::util::{glossgraph, glossgraph_command, ok, outcome, scratch, stdout};

// ---------------------------------------------------------------------------------------
// Import of bad RDF

fn import_error(text: &str, format: Format) -> ImportError {
    match read::read(text.as_bytes(), rdf_format(format), "in") {
        Ok(_) => panic!("{text} was imported"),
        Err(e) => e,
    }
}

#[test]
fn malformed_rdf_is_reported_with_the_parsers_line_and_column() {
    let cases = [
        (Format::Turtle, "@prefix ex: <http://e/> .\nex:a ex:b \"unterminated .\n", 2, 11),
        (Format::Turtle, "<http://e/a> <http://e/b> <http://e/c> .\n<http://e/a> <http://e/b> ex:c .\n", 2, 27),
        (Format::NTriples, "<http://e/a> <http://e/b> <http://e/c> .\n<http://e/a> <http://e/b> .\n", 2, 27),
        (Format::NQuads, "<http://e/a> <http://e/b> \"x\" <http://e/g> <http://e/h> .\n", 1, 44),
        (Format::TriG, "<http://e/g> {\n  <http://e/a> <http://e/b> <http://e/c> .\n", 3, 1),
        (Format::JsonLd, "{\n  \"@id\": \"http://e/a\",\n  \"http://e/b\": [1,,2]\n}", 3, 20),
        (
            Format::RdfXml,
            "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n  <rdf:Description rdf:about=\"http://e/a\">\n  </rdf:Descript>\n</rdf:RDF>\n",
            4,
            18,
        ),
    ];
    for (format, text, line, column) in cases {
        match import_error(text, format) {
            ImportError::Syntax {
                position, message, ..
            } => assert_eq!(
                position,
                Some((line, column)),
                "{}: {message}",
                format.name()
            ),
            e => panic!("{}: {e}", format.name()),
        }
    }
    // A JSON-LD error above JSON syntax has no position in Oxigraph's parser: the file is named.
    let e = import_error(r#"{"@id": "http://e/a", "@type": 3}"#, Format::JsonLd);
    assert!(
        matches!(e, ImportError::Syntax { position: None, .. }),
        "{e}"
    );
    assert!(e.to_string().starts_with("in: "), "{e}");
    let e = import_error("<http://e/a> <http://e/b> .\n", Format::NTriples);
    assert!(e.to_string().starts_with("in:1:27: "), "{e}");
    assert!(!e.to_string().contains("Parser error"), "{e}");
}

/// The Turtle export of one small valid card, with `edit` applied to its text.
fn edited_export(edit: impl Fn(String) -> String) -> String {
    let config = Config::default();
    let g = checked_with(
        "one.json",
        r#"[{"slug":"a","term":"A","definition":"D.","related":["b"],
             "citations":[{"id":"x","title":"T","url":"https://e.org/"}],"note":"N [x]"},
            {"slug":"b","term":"B","definition":"E.","related":["a"]}]"#,
        &config,
    );
    edit(String::from_utf8(export(&g, &config, Format::Turtle)).unwrap())
}

fn problems(text: &str) -> Vec<Problem> {
    match import_error(text, Format::Turtle) {
        ImportError::Mapping { problems, .. } => problems,
        e => panic!("{e}"),
    }
}

#[test]
fn rdf_that_does_not_follow_the_mapping_is_reported_per_subject() {
    let a = "<https://example.org/glossary/term/a>";
    let b = "<https://example.org/glossary/term/b>";
    let p = |subject: &str, message: &str| Problem {
        subject: subject.into(),
        message: message.into(),
    };

    // A concept without a prefLabel, and a literal where an IRI belongs.
    let text = edited_export(|t| {
        t.replace("\tskos:prefLabel \"A\"@en ;\n", "")
            .replace(&format!("skos:related {b}"), "skos:related \"b\"")
    });
    assert_eq!(
        problems(&text),
        [
            p(a, "no skos:prefLabel, expected one"),
            p(a, "skos:related \"b\": expected an IRI, found a literal"),
        ]
    );

    // A blank node, an unknown predicate, a label in another language, a subject that
    // belongs to nothing, a dangling related term — all at once, sorted by subject.
    let text = edited_export(|t| {
        t.replace(
            "skos:definition \"E.\"@en",
            "skos:definition \"E.\"@fr ;\n\tskos:broader _:x",
        ) + "<https://example.org/elsewhere> skos:prefLabel \"?\"@en .\n"
            + &format!("{a} skos:related <https://example.org/glossary/term/zz> .\n")
    });
    let found = problems(&text);
    assert_eq!(
        found,
        [
            p(
                "<https://example.org/elsewhere>",
                "is not part of the mapping: no term, part of a term, status or vocabulary term of the base <https://example.org/glossary/> has this IRI"
            ),
            p(
                a,
                "skos:related <https://example.org/glossary/term/zz>: not a term that the file describes"
            ),
            p(
                b,
                "skos:broader _:x is not part of the mapping for this kind of subject"
            ),
            p(
                b,
                "skos:broader _:x: a blank node: the mapping names every resource with an IRI"
            ),
            p(
                b,
                "skos:definition \"E.\"@fr: expected a literal tagged @en"
            ),
        ],
        "{found:#?}"
    );

    // A citation whose identifier disagrees with its IRI, and a date typed wrongly.
    let text = edited_export(|t| {
        t.replace("dcterms:identifier \"x\"", "dcterms:identifier \"y\"")
            + &format!("{a} <http://purl.org/dc/terms/modified> \"2024\"^^<http://www.w3.org/2001/XMLSchema#date> .\n")
    });
    assert_eq!(
        problems(&text),
        [
            p(
                a,
                "dcterms:modified \"2024\"^^<http://www.w3.org/2001/XMLSchema#date>: a date of this precision is typed xsd:gYear"
            ),
            p(
                "<https://example.org/glossary/term/a#cite-x>",
                "dcterms:identifier `y` differs from the id `x` of the IRI"
            ),
        ]
    );

    // Not SKOS at all (a SKOS vocabulary not written by glossgraph is read as one, see
    // tests/it/skos.rs).
    assert_eq!(
        problems("<http://e/a> <http://e/b> <http://e/c> .\n"),
        [p(
            "",
            "no resource is typed skos:Concept (or a subclass of it): there is nothing to make cards of"
        )]
    );
}

#[test]
fn a_slug_that_would_escape_the_output_folder_is_refused() {
    let text = edited_export(|t| {
        t.replace("term/b>", "term/..%2F..%2Fb>")
            .replace("\"b\"^^gx:Slug", "\"../../b\"^^gx:Slug")
    });
    let found = problems(&text);
    assert!(
        found
            .iter()
            .any(|p| p.message == "`../../b` is not a valid slug (a-z, 0-9 and single hyphens)"),
        "{found:#?}"
    );
}

// ---------------------------------------------------------------------------------------
// The `import` command

#[test]
fn import_writes_cards_and_settings_that_check_and_export_again() {
    let (glossary, config) = sample();
    let dir = scratch("rdf", "import-ok");
    let file = dir.join("glossary.rdf");
    let bytes = export(&glossary, &config, Format::RdfXml);
    fs::write(&file, &bytes).unwrap();
    let out = dir.join("cards");
    let (code, _, stderr) = outcome(&glossgraph(&[
        "import",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stderr,
        format!("imported 34 cards into {}\n", out.display())
    );
    let mut names: Vec<String> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 35);
    assert!(
        names.contains(&"glossgraph.toml".to_owned()) && names.contains(&"roce-v2.json".to_owned())
    );
    assert!(!names.iter().any(|n| n.ends_with(".tmp")));

    // The folder is a glossary again, with the same settings, that exports the same bytes.
    let (code, _, stderr) = outcome(&glossgraph(&["check", out.to_str().unwrap()]));
    assert_eq!(code, 0, "{stderr}");
    let config_again = Config::resolve(Some(&out), Settings::default()).unwrap();
    let loaded = load::load(&load::Input::Path(out.clone())).unwrap();
    let again = check::check(loaded, &config_again, check::Options::default()).glossary;
    assert!(export(&again, &config_again, Format::RdfXml) == bytes);
    let seed = fs::read_to_string(out.join("roce-v2.json")).unwrap();
    assert!(
        seed.starts_with("{\n  \"status\": \"shipping\",\n  \"advantages\": [],"),
        "{seed}"
    );

    // --format overrides the extension.
    let odd = dir.join("glossary.data");
    fs::write(&odd, export(&glossary, &config, Format::NQuads)).unwrap();
    let out2 = dir.join("cards2");
    let import_odd = |out: &std::path::Path| {
        outcome(&glossgraph(&[
            "import",
            odd.to_str().unwrap(),
            "--format",
            "nquads",
            "--out",
            out.to_str().unwrap(),
        ]))
    };
    let (code, _, stderr) = import_odd(&out2);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        fs::read(out2.join("roce-v2.json")).unwrap(),
        seed.as_bytes()
    );

    // A folder that holds anything is refused, and left as it was.
    fs::write(out2.join("mine.json"), "{}").unwrap();
    let before = fs::read_dir(&out2).unwrap().count();
    let (code, _, stderr) = import_odd(&out2);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is not an empty folder"), "{stderr}");
    assert_eq!(fs::read_dir(&out2).unwrap().count(), before);
    assert_eq!(fs::read_to_string(out2.join("mine.json")).unwrap(), "{}");

    // A file where the folder would go is refused as what it is, and left as it was.
    let file = out2.join("notes.txt");
    fs::write(&file, "mine").unwrap();
    let (code, _, stderr) = import_odd(&file);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is a file, not a folder"), "{stderr}");
    assert_eq!(fs::read_to_string(&file).unwrap(), "mine");
}

#[test]
fn import_failures_write_nothing_and_choose_the_exit_code() {
    let dir = scratch("rdf", "import-bad");
    let out = dir.join("cards");
    let out_s = out.to_str().unwrap();

    let bad = dir.join("bad.ttl");
    fs::write(&bad, "<http://e/a> <http://e/b> .\n").unwrap();
    let (code, _, stderr) = outcome(&glossgraph(&[
        "import",
        bad.to_str().unwrap(),
        "--out",
        out_s,
    ]));
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!("glossgraph: error: {}:1:27: ", bad.display())),
        "{stderr}"
    );

    let off = dir.join("off.ttl");
    fs::write(
        &off,
        edited_export(|t| t.replace("\tskos:prefLabel \"A\"@en ;\n", "")),
    )
    .unwrap();
    let (code, _, stderr) = outcome(&glossgraph(&[
        "import",
        off.to_str().unwrap(),
        "--out",
        out_s,
    ]));
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "error: {0}: <https://example.org/glossary/term/a>: no skos:prefLabel, expected one\n\
             glossgraph: error: {0}: the RDF does not follow the glossgraph mapping (1 problem); nothing was written\n",
            off.display()
        )
    );
    assert!(!out.exists(), "nothing is written when the import fails");

    let (code, _, stderr) = outcome(&glossgraph(&[
        "import",
        dir.join("missing.ttl").to_str().unwrap(),
        "--out",
        out_s,
    ]));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.starts_with("glossgraph: error: cannot read `"),
        "{stderr}"
    );

    let (code, _, stderr) = outcome(&glossgraph(&[
        "import",
        dir.join("cards.txt2").to_str().unwrap(),
        "--out",
        out_s,
    ]));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("cannot tell the RDF format"), "{stderr}");
    assert!(stderr.contains("Turtle (.ttl)"), "{stderr}");
    assert!(!out.exists());

    // Issue 40: a graph-tool export is named as such, with what can be imported instead.
    for name in [
        "glossary.graphml",
        "glossary.nodelink.json",
        "glossary.gexf",
        "map.gv",
    ] {
        let (code, _, stderr) = outcome(&glossgraph(&[
            "import",
            dir.join(name).to_str().unwrap(),
            "--out",
            out_s,
        ]));
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains("export, written for graph tools: it cannot be imported"),
            "{name}: {stderr}"
        );
        assert!(stderr.contains("N-Quads (.nq)"), "{stderr}");
        assert!(!out.exists());
    }
}

/// Issue 40, item 1: export then import gives back the cards, one-way `related` links included
/// (they are marked `gx:unlistedRelated` on the side that does not list them), and so the same
/// warnings.
#[test]
fn export_then_import_gives_back_the_cards_with_their_one_way_links() {
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("g.jsonl");
    let cards_arg = cards.to_str().unwrap();
    ok(&glossgraph(&[
        "generate", "--terms", "400", "--out", cards_arg,
    ]));
    let warnings = |input: &str| -> u64 {
        let out = glossgraph(&["check", input, "--format", "json"]);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        report["summary"]["warnings"].as_u64().unwrap()
    };
    let before = warnings(cards_arg);
    assert!(before > 0, "the generated glossary has one-way links");
    // The base in the settings beside the cards, which `diff` compares too.
    std::fs::write(
        dir.path().join("glossgraph.toml"),
        "base = \"https://glossary.test/\"\n",
    )
    .unwrap();
    let ex = dir.path().join("ex");
    ok(&glossgraph(&[
        "export",
        cards_arg,
        "--out",
        ex.to_str().unwrap(),
        "--format",
        "turtle,nquads",
    ]));
    for file in ["glossary.ttl", "glossary.nq"] {
        let imported = dir.path().join(format!("imported-{file}"));
        ok(&glossgraph(&[
            "import",
            ex.join(file).to_str().unwrap(),
            "--out",
            imported.to_str().unwrap(),
        ]));
        let imported = imported.to_str().unwrap();
        let diff = glossgraph(&["diff", cards_arg, imported, "--stat"]);
        assert_eq!(diff.status.code(), Some(0), "{file}: {}", stdout(&diff));
        assert_eq!(warnings(imported), before, "{file}");
    }
}

/// A 1 KB RDF/XML "billion laughs" (nine entities, each ten times the one before) grew
/// `import` to 10.9 GB in 15 s (issue 51): it is refused at the entity that passes the bound,
/// at once, and nothing is written.
#[test]
fn an_rdf_xml_entity_bomb_is_refused_before_it_is_expanded() {
    let mut bomb =
        String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE rdf:RDF [\n <!ENTITY lol \"lol\">\n");
    let mut previous = "lol".to_owned();
    for level in 1..10 {
        let name = format!("lol{level}");
        bomb.push_str(&format!(
            " <!ENTITY {name} \"{}\">\n",
            format!("&{previous};").repeat(10)
        ));
        previous = name;
    }
    bomb.push_str(&format!(
        "]>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
         <rdf:Description rdf:about=\"http://e/a\"><rdf:value>&{previous};</rdf:value></rdf:Description>\n</rdf:RDF>\n"
    ));
    assert!(bomb.len() < 1200, "{}", bomb.len());
    let dir = crate::util::scratch("import", "entity-bomb");
    let file = dir.join("bomb.rdf");
    fs::write(&file, &bomb).unwrap();
    let out = dir.join("cards");
    let started = std::time::Instant::now();
    let run = crate::util::glossgraph_command()
        .args([
            "import",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let (code, _, stderr) = crate::util::outcome(&run);
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("bomb.rdf:9:2: the entity `lol6` expands to 3000000 bytes"),
        "{stderr}"
    );
    assert!(!out.join("a.json").exists() && fs::read_dir(&out).map_or(0, |d| d.count()) == 0);
}

// ---------------------------------------------------------------------------------------
// A documentation site's pages (issue 60)

/// Imports the pages `pages` (file name, text) with the settings `toml` (none when empty):
/// the exit code, what was said, and the folder of the cards.
fn import_pages(pages: &[(&str, &str)], toml: &str) -> (i32, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("glossary");
    fs::create_dir(&site).unwrap();
    for (name, text) in pages {
        fs::write(site.join(name), text).unwrap();
    }
    fs::write(dir.path().join("site.toml"), toml).unwrap();
    let (code, _, stderr) = outcome(&crate::util::run_in(
        dir.path(),
        &[
            "import",
            "glossary",
            "--out",
            "cards",
            "--config",
            "site.toml",
        ],
        None,
    ));
    (code, stderr, dir)
}

/// The card `slug` imported into `dir`.
fn imported_card(dir: &tempfile::TempDir, slug: &str) -> serde_json::Value {
    let path = dir.path().join("cards").join(format!("{slug}.json"));
    serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap()
}

/// The Kubernetes glossary's shortcode, `text` first (or not at all), then `term_id` first.
const TOOLTIP: [&str; 2] = [
    r#"\{\{<\s*glossary_tooltip\s+(?:text="(?P<text>[^"]*)"\s+)?term_id="(?P<slug>[^"]+)"[^>]*>\}\}"#,
    r#"\{\{<\s*glossary_tooltip\s+term_id="(?P<slug>[^"]+)"\s+text="(?P<text>[^"]*)"[^>]*>\}\}"#,
];

#[test]
fn term_link_patterns_find_the_groups_in_either_order_60() {
    let pages = [
        ("container.md", "---\ntitle: Container\n---\nAn image.\n"),
        ("node.md", "---\ntitle: Node\n---\nA machine.\n"),
        (
            "pod.md",
            "---\ntitle: Pod\n---\nSome {{< glossary_tooltip text=\"containers\" term_id=\"container\" >}} \
             on a {{< glossary_tooltip term_id=\"node\" text=\"worker\" >}}, \
             a {{< glossary_tooltip term_id=\"node\" >}}.\n",
        ),
    ];
    // Each order is a pattern of its own: a list, the second for what the first misses.
    for order in [[0, 1], [1, 0]] {
        let toml = format!(
            "[import]\nterm-link = ['{}', '{}']\n",
            TOOLTIP[order[0]], TOOLTIP[order[1]]
        );
        let (code, stderr, dir) = import_pages(&pages, &toml);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stderr.contains("term links: 3 made from the term-link pattern"),
            "{stderr}"
        );
        assert_eq!(
            imported_card(&dir, "pod")["definition"],
            "Some [containers](../container/) on a [worker](../node/), a [Node](../node/).",
            "{order:?}"
        );
    }
    // One pattern, a string, as before: the link whose groups come the other way loses its
    // text.
    let toml = format!("[import]\nterm-link = '{}'\n", TOOLTIP[0]);
    let (code, stderr, dir) = import_pages(&pages, &toml);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        imported_card(&dir, "pod")["definition"],
        "Some [containers](../container/) on a [Node](../node/), a [Node](../node/)."
    );
    // Both orders in one alternation name each group twice, which no pattern may: refused,
    // saying what to write instead.
    let toml = format!(
        "[import]\nterm-link = '(?:{})|(?:{})'\n",
        TOOLTIP[0], TOOLTIP[1]
    );
    let (code, stderr, dir) = import_pages(&pages, &toml);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("duplicate capture group name")
            && stderr.contains("give each order as a pattern of its own"),
        "{stderr}"
    );
    assert!(!dir.path().join("cards").exists());
    // Each pattern of a list is checked.
    let toml = format!("[import]\nterm-link = ['{}', '(?P<id>x)']\n", TOOLTIP[0]);
    let (code, stderr, _) = import_pages(&pages, &toml);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("[import] term-link `(?P<id>x)`")
            && stderr.contains("no group named `slug`"),
        "{stderr}"
    );
}

#[test]
fn a_term_linked_in_the_plural_is_reached_60() {
    let page = |title: &str| format!("---\ntitle: {title}\n---\nA {title}.\n");
    let (module, policy, class, cache, setting, settings) = (
        page("Module"),
        page("Policy"),
        page("Class"),
        page("Cache"),
        page("Setting"),
        page("Settings"),
    );
    let uses = "---\ntitle: Uses\n---\nBuilt of [_modules_](g), [_Module_](g), [_policies_](g), \
                [_classes_](g), [_caches_](g), [_settings_](g) and [_widgets_](g); \
                {{< glossary_tooltip text=\"these\" term_id=\"Modules\" >}}.\n";
    let pages = [
        ("module.md", module.as_str()),
        ("policy.md", policy.as_str()),
        ("class.md", class.as_str()),
        ("cache.md", cache.as_str()),
        ("setting.md", setting.as_str()),
        ("settings.md", settings.as_str()),
        ("uses.md", uses),
    ];
    let toml = format!(
        "[import]\nterm-link = ['\\[(?P<text>_(?P<slug>[^\\]_]+)_)\\]\\(g\\)', '{}']\n",
        TOOLTIP[0]
    );
    let (code, stderr, dir) = import_pages(&pages, &toml);
    assert_eq!(code, 0, "{stderr}");
    // The name itself first (`settings` has a page), then its singular; `widgets` names
    // nothing and stays text.
    assert_eq!(
        imported_card(&dir, "uses")["definition"],
        "Built of [_modules_](../module/), [_Module_](../module/), [_policies_](../policy/), \
         [_classes_](../class/), [_caches_](../cache/), [_settings_](../settings/) and \
         _widgets_; [these](../module/)."
    );
    assert!(
        stderr.contains("1 term link(s) name no page and were left as their text")
            && stderr.contains("`widgets`"),
        "{stderr}"
    );
}

#[test]
fn a_definition_is_never_a_heading_60() {
    let pages = [
        (
            "what.md",
            "---\ntitle: What\n---\n## What is it\n\nA thing that is.\n\n## More\n\nDetails.\n",
        ),
        (
            "module.md",
            "---\ntitle: 模块\n---\n## 是什么\n模块是一组代码。\n\n更多。\n",
        ),
        (
            "setext.md",
            "---\ntitle: Setext\n---\nSetext\n======\n\nUnderlined.\n",
        ),
        (
            "summary.md",
            "---\ntitle: Summary\n---\n## Why\n\nShort.\n<!--more-->\nRest.\n",
        ),
        (
            "heading-only.md",
            "---\ntitle: Heading only\n---\n## Why\n<!--more-->\nThe body.\n\nMore.\n",
        ),
        (
            "plain.md",
            "---\ntitle: Plain\n---\nFirst paragraph.\n\n## Later\n\nMore.\n",
        ),
    ];
    let (code, stderr, dir) = import_pages(&pages, "");
    assert_eq!(code, 0, "{stderr}");
    for (slug, definition, note) in [
        ("what", "A thing that is.", "## More\n\nDetails."),
        ("module", "模块是一组代码。", "更多。"),
        ("setext", "Underlined.", ""),
        ("summary", "Short.", "Rest."),
        ("heading-only", "The body.", "More."),
        // A page that opens with a paragraph is as it was.
        ("plain", "First paragraph.", "## Later\n\nMore."),
    ] {
        let card = imported_card(&dir, slug);
        assert_eq!(card["definition"], definition, "{slug}");
        assert_eq!(card["note"].as_str().unwrap_or(""), note, "{slug}");
    }
}

/// Issue 60: importing again into the same place, as a glossary kept in RDF upstream is
/// brought in after each change. `--force` replaces a folder of cards whole (a card gone
/// upstream is gone here too) but never a folder holding anything else, nor the working
/// folder; a `glossgraph.toml` already there, maybe edited by hand, is kept as it was, and
/// the keys where the input's settings differ are named.
#[test]
fn a_forced_import_replaces_a_folder_of_cards_and_keeps_the_settings_there_60() {
    let dir = scratch("rdf", "import-again");
    let ttl = dir.join("glossary.ttl");
    let (glossary, config) = sample();
    fs::write(&ttl, export(&glossary, &config, Format::Turtle)).unwrap();
    let cards = dir.join("cards");
    let import = |out: &std::path::Path, force: bool| {
        let mut args = vec![
            "import",
            ttl.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        outcome(&glossgraph(&args))
    };
    assert_eq!(import(&cards, false).0, 0);
    let (code, _, stderr) = import(&cards, false);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("or with --force over a folder of cards"),
        "{stderr}"
    );

    // A stale card and hand-edited settings: the card goes, the settings stay.
    let settings = cards.join("glossgraph.toml");
    fs::write(cards.join("gone-upstream.json"), "{}").unwrap();
    let edited = fs::read_to_string(&settings).unwrap().replace(
        "title = \"RDMA and storage networking glossary\"",
        "title = \"Our glossary\"",
    ) + "\n[check]\nmax-per-rule = 3\n";
    fs::write(&settings, &edited).unwrap();
    let (code, _, stderr) = import(&cards, true);
    assert_eq!(code, 0, "{stderr}");
    assert!(!cards.join("gone-upstream.json").exists());
    assert!(cards.join("roce-v2.json").is_file());
    assert_eq!(fs::read_to_string(&settings).unwrap(), edited);
    assert!(
        stderr.contains(&format!(
            "settings kept in {} as they were; the input's differ in: title",
            settings.display()
        )),
        "{stderr}"
    );
    let leftovers: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // A file that is not a card: refused, and nothing changes.
    fs::write(cards.join("notes.txt"), "mine").unwrap();
    let before = fs::read_dir(&cards).unwrap().count();
    let (code, _, stderr) = import(&cards, true);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("notes.txt`, which is not a card nor its settings"),
        "{stderr}"
    );
    assert_eq!(fs::read_dir(&cards).unwrap().count(), before);
    fs::remove_file(cards.join("notes.txt")).unwrap();

    // The working folder, even of cards alone.
    let out = glossgraph_command()
        .args(["import", ttl.to_str().unwrap(), "--out", ".", "--force"])
        .current_dir(&cards)
        .output()
        .unwrap();
    let (code, _, stderr) = outcome(&out);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("is the working folder or holds it"),
        "{stderr}"
    );

    // One file: the cards are replaced, the settings beside it kept.
    let lines = dir.join("glossary.jsonl");
    assert_eq!(import(&lines, false).0, 0);
    let beside = dir.join("glossgraph.toml");
    fs::write(&beside, "# ours\nlanguage = \"en\"\n").unwrap();
    let (code, _, stderr) = import(&lines, true);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        fs::read_to_string(&beside).unwrap(),
        "# ours\nlanguage = \"en\"\n"
    );
    assert!(
        stderr.contains("the input's differ in: base, statuses, title"),
        "{stderr}"
    );
}
