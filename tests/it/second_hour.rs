//! Issue 40, the second hour of a user: the rough edges of the command line, each as it was
//! typed and seen (the items are numbered as in the issue).

use super::sparql::{glossgraph, ok, stderr};

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
            stderr(&out).contains("20 cards") || super::sparql::stdout(&out).contains("20 cards"),
            "{}{}",
            super::sparql::stdout(&out),
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
