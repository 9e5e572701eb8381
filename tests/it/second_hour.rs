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
