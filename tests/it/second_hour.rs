//! Issue 40, the second hour of a user: the rough edges of the command line, each as it was
//! typed and seen (the items are numbered as in the issue).

use crate::util::server::Served;
use crate::util::{glossgraph, ok, stderr, stdout};

/// Item 14: one spelling of the output everywhere, and help where the other is typed.
#[test]
fn out_and_output_are_one_flag_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let exports = dir.path().join("ex");
    ok(&glossgraph(&[
        "export",
        "--output",
        exports.to_str().unwrap(),
        "--format",
        "turtle",
    ]));
    assert!(exports.join("glossary.ttl").is_file());
    let map = dir.path().join("map.html");
    ok(&glossgraph(&["render", "--out", map.to_str().unwrap()]));
    assert!(map.is_file());
    let cards = dir.path().join("g.jsonl");
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "5",
        "-o",
        cards.to_str().unwrap(),
    ]));
    assert!(cards.is_file());

    // `render map.svg`: the picture is surely the output, and the tip says how to name it.
    let out = glossgraph(&["render", "map.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("tip: to write `map.svg`, name it with --output"),
        "{}",
        stderr(&out)
    );
    // With --output given, a missing argument is something else: no tip about --output.
    let out = glossgraph(&["render", "--depth", "2", "--output", "map.svg"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("--focus <SLUG>"), "{err}");
    assert!(!err.contains("tip:"), "{err}");
    // An unwritable output names its cause once.
    let missing = dir.path().join("no-such-folder").join("map.svg");
    let out = glossgraph(&["render", "--output", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("cannot write"), "{err}");
    assert_eq!(err.matches("os error 2").count(), 1, "{err}");
    // A negative count is refused as a count, not with advice that makes it the INPUT.
    let out = glossgraph(&["check", "--max-per-rule", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("`-1` is not a count"), "{err}");
    assert!(!err.contains("-- -1"), "{err}");
}

/// Item 15: a `.json` path gets one JSON array file, which the glossary reader takes; an
/// existing file is never overwritten in silence.
#[test]
fn generate_writes_the_file_its_name_says_and_never_overwrites_in_silence() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["gen20.json", "gen20.jsonl"] {
        let path = dir.path().join(name);
        let path_arg = path.to_str().unwrap();
        ok(&glossgraph(&[
            "generate", "--terms", "20", "--out", path_arg,
        ]));
        assert!(path.is_file(), "{name}");
        if name.ends_with(".json") {
            let cards: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_eq!(cards.as_array().map(Vec::len), Some(20));
        }
        let out = glossgraph(&["check", path_arg, "--color", "never"]);
        assert!(
            stderr(&out).contains("20 cards") || stdout(&out).contains("20 cards"),
            "{}{}",
            stdout(&out),
            stderr(&out)
        );
        let before = std::fs::read(&path).unwrap();
        let again = glossgraph(&["generate", "--terms", "5", "--out", path_arg]);
        assert_eq!(again.status.code(), Some(2), "{name}");
        assert!(
            stderr(&again).contains("exists already"),
            "{}",
            stderr(&again)
        );
        assert_eq!(std::fs::read(&path).unwrap(), before, "left as it was");
        ok(&glossgraph(&[
            "generate", "--terms", "5", "--out", path_arg, "--force",
        ]));
        assert_ne!(std::fs::read(&path).unwrap(), before);
    }
}

/// The slug of a card given as one line of JSON.
fn slug_of(line: &str) -> String {
    let card: serde_json::Value = serde_json::from_str(line).unwrap();
    card["slug"].as_str().unwrap().to_owned()
}

/// A glossary of two cards, `b` listing `a` one way (a warning), with `settings` as its
/// glossgraph.toml (none: no file).
fn two_cards(settings: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.json"),
        r#"{"slug": "a", "term": "A", "definition": "The first."}"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("b.json"),
        r#"{"slug": "b", "term": "B", "definition": "The second.", "related": ["a"]}"#,
    )
    .unwrap();
    if let Some(settings) = settings {
        std::fs::write(dir.path().join("glossgraph.toml"), settings).unwrap();
    }
    dir
}

/// Items 6 and 9: every command that reads the glossary to write or send something counts
/// its warnings in one line, and says when the base IRI is the built-in example; `push`
/// refuses that base unless --base or --graph is given.
#[test]
fn warnings_and_the_example_base_are_said_by_every_command() {
    let with_base = two_cards(Some("base = \"https://glossary.test/\"\n"));
    let input = with_base.path().to_str().unwrap();
    let map = with_base.path().join("..").join("second-hour-map.html");
    let runs: [Vec<&str>; 4] = [
        vec!["query", input, "ASK {}"],
        vec!["render", input, "--output", map.to_str().unwrap()],
        vec![
            "push",
            input,
            "--endpoint",
            "http://127.0.0.1:9/store",
            "--dry-run",
        ],
        vec!["export", input, "--out", "-", "--format", "turtle"],
    ];
    for args in &runs {
        let out = glossgraph(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("the glossary has 1 warning;"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("no base IRI is set"), "{args:?}");
    }
    let _ = std::fs::remove_file(&map);
    // `serve` says it before it listens.
    let server = Served::start(&[input]);
    assert!(
        server.log().contains("the glossary has 1 warning;"),
        "{}",
        server.log()
    );

    let without = two_cards(None);
    let input = without.path().to_str().unwrap();
    let out = glossgraph(&["export", input, "--out", "-", "--format", "turtle"]);
    assert!(
        stderr(&out).contains("no base IRI is set")
            && stderr(&out).contains("https://example.org/glossary/"),
        "{}",
        stderr(&out)
    );
    let push = [
        "push",
        input,
        "--endpoint",
        "http://127.0.0.1:9/store",
        "--dry-run",
    ];
    let out = glossgraph(&push);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is the built-in example"),
        "{}",
        stderr(&out)
    );
    ok(&glossgraph(
        &[&push[..], &["--base", "https://glossary.test/"]].concat(),
    ));
    ok(&glossgraph(
        &[&push[..], &["--graph", "https://glossary.test/g"]].concat(),
    ));
}

/// Item 11: `render` says what it wrote, with a picture's size in pixels.
#[test]
fn render_says_what_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["map.html", "map.png"] {
        let path = dir.path().join(name);
        let out = glossgraph(&["render", "--output", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let said = format!("glossgraph: wrote {} (", path.display());
        assert!(stderr(&out).contains(&said), "{}", stderr(&out));
        if name.ends_with(".png") {
            assert!(stderr(&out).contains(" pixels)"), "{}", stderr(&out));
        }
    }
}

/// Item 12: the flags that shape the drawings say so when other formats come with them.
#[test]
fn drawing_flags_say_which_formats_they_shape() {
    let out = glossgraph(&[
        "export", "--out", "-", "--format", "turtle", "--focus", "roce-v2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            "note: --focus shapes only glossary.dot and glossary.svg, which this run does not write; every other format holds all 34 terms"
        ),
        "{}",
        stderr(&out)
    );
}

/// Item 7: thousands of removed terms are shown as `check` shows a rule (ten, then a count),
/// and can be allowed in bulk from a file of slugs.
#[test]
fn many_removals_are_capped_and_can_be_allowed_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.jsonl");
    let new = dir.path().join("new.jsonl");
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "60",
        "--out",
        old.to_str().unwrap(),
    ]));
    let text = std::fs::read_to_string(&old).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The new version keeps the cards whose related terms all stay: drop the last 25.
    let kept: Vec<&str> = lines[..35].to_vec();
    let kept_slugs: Vec<String> = kept.iter().map(|l| slug_of(l)).collect();
    let cleaned: Vec<String> = kept
        .iter()
        .map(|l| {
            let mut card: serde_json::Value = serde_json::from_str(l).unwrap();
            for field in ["related", "supersedes", "supersededBy"] {
                if let Some(list) = card[field].as_array_mut() {
                    list.retain(|s| kept_slugs.iter().any(|k| Some(k.as_str()) == s.as_str()));
                }
            }
            card.to_string()
        })
        .collect();
    std::fs::write(&new, cleaned.join("\n") + "\n").unwrap();
    let out = dir.path().join("ex");
    let out_arg = out.to_str().unwrap();
    let base = ["--base", "https://glossary.test/", "--format", "ntriples"];
    ok(&glossgraph(
        &[
            &["export", old.to_str().unwrap(), "--out", out_arg][..],
            &base,
        ]
        .concat(),
    ));
    let refused = glossgraph(
        &[
            &["export", new.to_str().unwrap(), "--out", out_arg][..],
            &base,
        ]
        .concat(),
    );
    assert_eq!(refused.status.code(), Some(1));
    let err = stderr(&refused);
    assert_eq!(
        err.matches("was exported, but the glossary has no card")
            .count(),
        10,
        "{err}"
    );
    assert!(
        err.contains("… and 15 more terms gone the same way"),
        "{err}"
    );
    assert!(err.contains("--allow-removals-from FILE"), "{err}");
    let gone: Vec<String> = lines[35..].iter().map(|l| slug_of(l)).collect();
    let list = dir.path().join("removed.txt");
    std::fs::write(&list, format!("# retired in v2\n{}\n", gone.join("\n"))).unwrap();
    ok(&glossgraph(
        &[
            &[
                "export",
                new.to_str().unwrap(),
                "--out",
                out_arg,
                "--allow-removals-from",
                list.to_str().unwrap(),
            ][..],
            &base,
        ]
        .concat(),
    ));
}

/// Item 8: `diff --stat` is the summary alone, and a rename says what becomes of the old IRI.
#[test]
fn diff_has_a_summary_mode_and_warns_of_renamed_iris() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one.jsonl"), dir.path().join("two.jsonl"));
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "300",
        "--out",
        one.to_str().unwrap(),
    ]));
    // Every definition changed, and the first card's aliases.
    let changed: Vec<String> = std::fs::read_to_string(&one)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let mut card: serde_json::Value = serde_json::from_str(l).unwrap();
            let definition = format!("{} Changed.", card["definition"].as_str().unwrap());
            card["definition"] = definition.into();
            if i == 0 {
                card["aliases"] = serde_json::json!(["A new alias"]);
            }
            card.to_string()
        })
        .collect();
    std::fs::write(&two, changed.join("\n") + "\n").unwrap();
    let full = glossgraph(&[
        "diff",
        one.to_str().unwrap(),
        two.to_str().unwrap(),
        "--color",
        "never",
    ]);
    let stat = glossgraph(&[
        "diff",
        one.to_str().unwrap(),
        two.to_str().unwrap(),
        "--stat",
    ]);
    assert_eq!(stat.status.code(), Some(1));
    let (full, stat) = (stdout(&full), stdout(&stat));
    assert!(full.lines().count() > 300, "{}", full.lines().count());
    assert!(stat.lines().count() <= 20, "{stat}");
    assert_eq!(stat.lines().last(), full.lines().last());
    let words = |n: usize| -> Vec<String> {
        stat.lines()
            .nth(n)
            .unwrap()
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(words(0), ["300", "definition"], "{stat}");
    assert_eq!(words(1), ["1", "aliases"], "{stat}");

    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    for (folder, slug) in [(&old, "rdma-cm"), (&new, "rdma-connection-manager")] {
        std::fs::create_dir(folder).unwrap();
        std::fs::write(
            folder.join(format!("{slug}.json")),
            format!(r#"{{"slug": "{slug}", "term": "RDMA connection manager", "definition": "Sets up connections."}}"#),
        )
        .unwrap();
    }
    let out = glossgraph(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "note: 1 renamed term: the old IRI stops resolving unless a tombstone card keeps it"
        ),
        "{}",
        stderr(&out)
    );
}

/// Item 2: the user's own `queries/*.rq` beside the INPUT are saved queries too, listed with
/// their file; the `--help` example answers; a slug that names no term is said to.
#[test]
fn saved_queries_include_the_users_own_and_slugs_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let cards = two_cards(Some("base = \"https://glossary.test/\"\n"));
    let input = dir.path().join("cards");
    std::fs::create_dir(&input).unwrap();
    for name in ["a.json", "b.json", "glossgraph.toml"] {
        std::fs::copy(cards.path().join(name), input.join(name)).unwrap();
    }
    std::fs::create_dir(dir.path().join("queries")).unwrap();
    std::fs::write(
        dir.path().join("queries/count-terms.rq"),
        "# How many terms the glossary has.\nSELECT (COUNT(?t) AS ?terms) WHERE { ?t a skos:Concept }\n",
    )
    .unwrap();
    let input = input.to_str().unwrap();
    let list = ok(&glossgraph(&["query", input, "--list"]));
    assert!(list.contains("count-terms ("), "{list}");
    assert!(list.contains("How many terms the glossary has."), "{list}");
    assert!(
        list.starts_with("deprecated-without-replacement\n"),
        "{list}"
    );
    let answer = ok(&glossgraph(&[
        "query",
        input,
        "--saved",
        "count-terms",
        "--results",
        "csv",
    ]));
    assert_eq!(answer.replace('\r', ""), "terms\n2\n");

    // The example of `query --help`, on the sample: rows, not "(0 rows)".
    let help = ok(&glossgraph(&["query", "--help"]));
    let example = help
        .lines()
        .find(|l| l.contains("--saved supersession-chain --param"))
        .unwrap();
    let args: Vec<&str> = example.split_whitespace().skip(1).collect();
    let rows = ok(&glossgraph(&[&args[..], &["--results", "csv"]].concat()));
    assert!(rows.lines().count() > 1, "{example}: {rows}");

    let out = glossgraph(&[
        "query",
        "--saved",
        "supersession-chain",
        "--param",
        "slug=roce-v3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no term has the slug `roce-v3`; did you mean `roce-v"),
        "{}",
        stderr(&out)
    );
}

/// Item 18: a subcommand's man page shows the global options before the subcommand and a
/// placeholder for every value.
#[test]
fn man_page_synopsis_places_global_options_first_and_names_values() {
    let page = ok(&glossgraph(&["man", "export"]));
    let synopsis = page
        .split_once(".SH SYNOPSIS\n")
        .unwrap()
        .1
        .lines()
        .next()
        .unwrap();
    assert!(
        synopsis.starts_with(r"\fBglossgraph\fR [\fB\-\-color\fR \fIWHEN\fR] \fBexport\fR "),
        "{synopsis}"
    );
    for option in [
        r"[\fB\-\-base\fR \fIIRI\fR]",
        r"[\fB\-o\fR|\fB\-\-out\fR \fIDIR\fR]",
        r"[\fB\-\-format\fR \fILIST\fR]",
        r"[\fB\-\-check\fR]",
    ] {
        assert!(synopsis.contains(option), "{option}: {synopsis}");
    }
    assert!(synopsis.ends_with(r"[\fIINPUT\fR]"), "{synopsis}");
    assert_eq!(synopsis.matches("color").count(), 1, "{synopsis}");
}

/// Item 13: one broken line of JSON Lines is one error: the links to its card (whose slug is
/// still legible) are not dangling, and its neighbours are no orphans.
#[test]
fn a_broken_line_is_one_error_not_a_cascade() {
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("g.jsonl");
    ok(&glossgraph(&[
        "generate",
        "--terms",
        "500",
        "--out",
        cards.to_str().unwrap(),
    ]));
    let text = std::fs::read_to_string(&cards).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let slug = slug_of(&lines[4]);
    let linked = text.matches(&format!("\"{slug}\"")).count() - 1;
    assert!(linked > 0, "the broken card is linked from others");
    lines[4] = lines[4].replacen("\"definition\"", "\"definition\" oops", 1);
    std::fs::write(&cards, lines.join("\n") + "\n").unwrap();
    let out = glossgraph(&["check", cards.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let findings = report["findings"].as_array().unwrap();
    let errors: Vec<&serde_json::Value> = findings
        .iter()
        .filter(|f| f["severity"] == "error")
        .collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["rule"], "json-syntax");
    assert!(
        errors[0]["hint"]
            .as_str()
            .unwrap_or_default()
            .contains(&format!("its slug reads `{slug}`")),
        "{:#}",
        errors[0]
    );
    for f in findings {
        assert!(
            !matches!(
                f["rule"].as_str(),
                Some("dangling-link" | "orphan" | "disconnected")
            ),
            "{f:#}"
        );
    }
}

/// Item 1: export then import gives back the cards, one-way `related` links included (they
/// are marked `gx:unlistedRelated` on the side that does not list them), and so the same
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
    let ex = dir.path().join("ex");
    ok(&glossgraph(&[
        "export",
        cards_arg,
        "--out",
        ex.to_str().unwrap(),
        "--format",
        "turtle,nquads",
        "--base",
        "https://glossary.test/",
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
