//! The conventions of the command line, the same for every command: help that lists the main
//! job first and the display options last, man pages and shell completions made from the same
//! definitions, one spelling of a flag everywhere, colour only when asked for or on a
//! terminal, and the notes every command prints about the glossary it read. (groff reads the
//! man pages in `consumers/cli.rs`.)

use crate::util::fixtures::two_cards;
use crate::util::server::Served;
use crate::util::{glossgraph, ok, outcome, root, run_in, stderr};

/// `--help` lists the main job first and the display options last (issue 23, item 10).
#[test]
fn help_lists_the_main_job_first_and_display_options_last() {
    let (_, help, _) = outcome(&run_in(root(), &["--help"], None));
    let commands: Vec<&str> = help
        .split_once("Commands:\n")
        .unwrap()
        .1
        .lines()
        .take_while(|l| l.starts_with("  "))
        // A command's line, not the continuation of a description.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        commands,
        [
            "export",
            "check",
            "fmt",
            "schema",
            "diff",
            "query",
            "render",
            "site",
            "serve",
            "push",
            "import",
            "generate",
            "completions",
            "man",
            "help"
        ]
    );
    let (_, help, _) = outcome(&run_in(root(), &["export", "--help"], None));
    let options: Vec<&str> = help
        .lines()
        .filter_map(|l| l.trim_start().split_once("--").map(|(_, r)| r))
        .filter(|r| r.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        .map(|r| {
            r.split(|c: char| !(c.is_ascii_lowercase() || c == '-'))
                .next()
                .unwrap()
        })
        .collect();
    let color = options.iter().position(|o| *o == "color").unwrap();
    for own in ["format", "check", "max-nodes", "verbose", "quiet"] {
        let at = options.iter().position(|o| *o == own).unwrap();
        assert!(at < color, "--color comes after --{own}:\n{help}");
    }
    let display = help
        .find("Global options:\n")
        .expect("a heading for the options of every command");
    assert!(help[display..].contains("--color"), "{help}");
}

/// Issue 40, item 14: one spelling of the output everywhere, and help where the other is typed.
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

/// Issue 40, items 6 and 9: every command that reads the glossary to write or send something counts
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

/// The subcommands whose man pages glossgraph(1) points to.
pub fn man_pages() -> Vec<String> {
    let (code, man, _) = outcome(&run_in(root(), &["man"], None));
    assert_eq!(code, 0);
    man.lines()
        .filter_map(|l| l.strip_prefix("glossgraph\\-")?.strip_suffix("(1)"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn completions_and_man_page_come_from_the_same_definitions() {
    let (code, script, _) = outcome(&run_in(root(), &["completions", "bash"], None));
    assert_eq!(code, 0);
    let registered = std::process::Command::new("bash")
        .args([
            "-c",
            "eval \"$1\" && complete -p glossgraph",
            "bash",
            &script,
        ])
        .output()
        .expect("bash runs");
    assert!(
        String::from_utf8_lossy(&registered.stdout).contains("glossgraph"),
        "{}",
        String::from_utf8_lossy(&registered.stderr)
    );
    let (code, man, _) = outcome(&run_in(root(), &["man"], None));
    assert_eq!(code, 0);
    assert!(
        man.starts_with(".ie \\n(.g .ds Aq \\(aq") || man.contains(".TH glossgraph"),
        "{man}"
    );
    assert!(!man.contains("EXTRA"), "{man}");
    // Every page the main page points to exists (groff reads each: `consumers::cli`), and
    // they are those the CLI reference's loop makes, no other.
    let pages = man_pages();
    let readme = std::fs::read_to_string(root().join("docs/reference/cli.md")).unwrap();
    let looped: Vec<&str> = readme
        .split_once("for c in ")
        .unwrap()
        .1
        .split_once("; do")
        .unwrap()
        .0
        .split_whitespace()
        .collect();
    assert_eq!(pages, looped);
    assert!(!looped.contains(&"help"));
    for sub in ["check", "export", "completions", "query", "serve"] {
        assert!(
            pages.iter().any(|p| p == sub),
            "the man page lists `{sub}`: {pages:?}"
        );
    }
    for sub in &pages {
        let (code, page, stderr) = outcome(&run_in(root(), &["man", sub], None));
        assert_eq!(code, 0, "{stderr}");
        assert!(page.contains(&format!(".TH glossgraph-{sub} 1")), "{page}");
    }
    let (code, _, stderr) = outcome(&run_in(root(), &["man", "nope"], None));
    assert_eq!(code, 2);
    assert!(
        stderr.contains("man pages exist for: export, check,"),
        "{stderr}"
    );
}

/// Issue 40, item 18: a subcommand's man page shows the global options before the subcommand and a
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

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, plain, _) = outcome(&run_in(tmp.path(), &["check", "."], None));
    assert!(!plain.contains('\x1b'));
    let (_, coloured, _) = outcome(&run_in(
        tmp.path(),
        &["check", ".", "--color", "always"],
        None,
    ));
    assert!(coloured.contains("\x1b[1;31m"), "{coloured}");
}
