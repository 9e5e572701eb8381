//! DOT topic maps and `glossgraph render`: the DOT is the same bytes whatever the order of
//! the cards, its tooltips are cut within what Graphviz accepts, a map too large for an engine
//! is refused with the count and what to do (the depth that fits, the map engine), its legend
//! names only the kinds of link drawn; `render` draws on its own engine without Graphviz, says
//! what it wrote, and what to do when Graphviz is missing, a focus slug is unknown or the
//! glossary has errors. (Graphviz itself reads the DOT in `consumers/dot.rs`.)

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use glossgraph::config::Config;
use glossgraph::export::dot::{self, MAX_QUOTED};
use glossgraph::export::drawing::{Cluster, Drawing, Engine, View, ViewError};
use glossgraph::Glossary;

use crate::util::fixtures::{checked, generated_jsonl, hostile_cards, shuffled_lines};
use crate::util::{
    card, glossgraph, glossgraph_command, ok, outcome, root, run_in, scratch, stderr,
};

pub(crate) fn dot_text(glossary: &Glossary, config: &Config, view: &View) -> Vec<u8> {
    let mut out = Vec::new();
    dot::write(&Drawing::select(glossary, config, view).unwrap(), &mut out).unwrap();
    out
}

/// The hostile glossary, its first four definitions made longer than Graphviz takes in one
/// quoted string, with backslashes and quotes around where the cut falls (100 kB each).
pub fn long_definitions() -> (Glossary, Config) {
    let mut cards = hostile_cards();
    for (i, card) in cards.iter_mut().enumerate().take(4) {
        let filler = ["x", "\\", "\"", "é"][i];
        card.definition = format!(
            "{}{}",
            "a".repeat(MAX_QUOTED / 4 - 1 + i),
            filler.repeat(100_000)
        );
    }
    let text: String = cards.iter().map(|c| c.to_json(false) + "\n").collect();
    checked("long.jsonl", &text)
}

#[test]
fn tooltips_longer_than_graphviz_accepts_are_cut() {
    let (glossary, config) = long_definitions();
    let dot = String::from_utf8(dot_text(&glossary, &config, &View::default())).unwrap();
    let longest = dot.split('"').map(str::len).max().unwrap();
    assert!(longest <= MAX_QUOTED, "a quoted string of {longest} bytes");
}

#[test]
fn the_size_guard_stops_dot_at_500_terms() {
    let (glossary, config) = checked("5000.jsonl", &generated_jsonl(5000));
    let guarded = View {
        engine: Engine::Dot,
        max_nodes: Some(Engine::Dot.default_max_nodes()),
        ..View::default()
    };
    assert!(matches!(
        guarded.select(&glossary, &config),
        Err(ViewError::TooLarge {
            nodes: 5000,
            limit: 500,
            engine: Engine::Dot,
            focused: false,
            fits: None,
        })
    ));
}

#[test]
fn dot_output_is_byte_stable_across_runs_and_input_orders() {
    let text = generated_jsonl(400);
    let (a, config) = checked("a.jsonl", &text);
    let (b, _) = checked("b.jsonl", &shuffled_lines(&text));
    let focus = a.cards()[17].slug().to_owned();
    let views = [
        View::default(),
        View {
            cluster: Cluster::Component,
            ..View::default()
        },
        View {
            cluster: Cluster::Status,
            statuses: vec!["shipping".into(), "draft".into()],
            engine: Engine::Dot,
            ..View::default()
        },
        View {
            focus: Some(focus),
            depth: 2,
            ..View::default()
        },
        View {
            engine: Engine::Sfdp,
            ..View::default()
        },
    ];
    for view in &views {
        let first = dot_text(&a, &config, view);
        assert_eq!(first, dot_text(&a, &config, view), "{view:?}: run to run");
        assert_eq!(
            first,
            dot_text(&b, &config, view),
            "{view:?}: shuffled input"
        );
    }
}

// ---------------------------------------------------------------------------------------
// `glossgraph render`, end to end.

/// `glossgraph ARGS` with only `path` on the PATH.
fn on_path(args: &[&str], path: &Path) -> std::process::Output {
    glossgraph_command()
        .args(args)
        .env("PATH", path)
        .output()
        .expect("the glossgraph binary runs")
}

#[test]
fn render_says_how_to_install_graphviz_when_it_is_missing() {
    let dir = scratch("dot", "no-graphviz");
    let empty = dir.join("empty-path");
    std::fs::create_dir_all(&empty).unwrap();
    let output = dir.join("map.png");
    let out = on_path(&["render", "--output", output.to_str().unwrap()], &empty);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "glossgraph: error: Graphviz's `neato` was not found on the PATH; install Graphviz \
         (Debian/Ubuntu: apt-get install graphviz; Fedora: dnf install graphviz; macOS: brew \
         install graphviz), or write the DOT with `glossgraph export --format dot`\n"
    );
    assert!(!output.exists());
    // An SVG on glossgraph's own layout needs no Graphviz: glossgraph draws it.
    let output = dir.join("map.svg");
    let out = on_path(&["render", "--output", output.to_str().unwrap()], &empty);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(&output).unwrap(),
        std::fs::read(root().join("exports/glossary.svg")).unwrap()
    );
}

#[test]
fn render_refuses_an_unknown_focus_with_a_suggestion() {
    let dir = scratch("dot", "unknown-focus");
    let output = dir.join("map.svg");
    let out = glossgraph(&[
        "render",
        "--focus",
        "roce-vv2",
        "--output",
        output.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "glossgraph: error: no term has the slug `roce-vv2`; did you mean `roce-v2`?\n"
    );
    assert!(!output.exists());
}

#[test]
fn render_refuses_a_hairball_with_the_count_and_what_to_do() {
    let dir = scratch("dot", "size-guard");
    let input = dir.join("600.jsonl");
    std::fs::write(&input, generated_jsonl(600)).unwrap();
    let output = dir.join("map.svg");
    let (input, output_arg) = (input.to_str().unwrap(), output.to_str().unwrap());
    let out = glossgraph(&["render", input, "--output", output_arg, "--engine", "dot"]);
    assert_eq!(out.status.code(), Some(2));
    // After the notes every command prints (the warnings' count, the example base).
    let err = stderr(&out);
    let error = err
        .lines()
        .filter(|l| !l.starts_with("glossgraph: note: "))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    assert_eq!(
        error,
        "glossgraph: error: the topic map would draw 600 nodes, more than the limit of 500 for \
         `dot`; let glossgraph's map engine draw it at any size (--engine map), draw one term's \
         neighbourhood with --focus SLUG [--depth N], or raise the limit with --max-nodes N\n"
    );
    assert!(!output.exists());
    // The map engine, which the message names (and the default), draws it.
    let out = glossgraph(&["render", input, "--output", output_arg]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(output.exists());
}

#[test]
fn render_refuses_a_glossary_with_errors() {
    let dir = scratch("dot", "invalid");
    let input = dir.join("bad.jsonl");
    std::fs::write(
        &input,
        "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"d\", \"related\": [\"ghost\"]}\n",
    )
    .unwrap();
    let output = dir.join("map.svg");
    let out = glossgraph(&[
        "render",
        input.to_str().unwrap(),
        "--output",
        output.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("dangling-link"), "{}", stderr(&out));
    assert!(stderr(&out)
        .ends_with("glossgraph: error: the glossary has errors; nothing was rendered\n"));
    assert!(!output.exists());
}

#[test]
fn render_rejects_an_unknown_image_format() {
    let out = glossgraph(&["render", "--output", "map.jpg"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "glossgraph: error: `map.jpg`: the output must end in .svg, .png, .pdf or .html\n"
    );
}

/// A generated glossary of 5,000 terms with planted topics and its map, drawn by `render` on
/// its default engine (glossgraph's own): the cards and the SVG, made once per test run.
pub fn map_of_5000_terms() -> (PathBuf, PathBuf) {
    static MADE: std::sync::OnceLock<(PathBuf, PathBuf)> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        let dir = scratch("dot", "map-5000");
        let input = dir.join("5000.jsonl");
        ok(&glossgraph(&[
            "generate",
            "--terms",
            "5000",
            "--topic-strength",
            "0.8",
            "--out",
            input.to_str().unwrap(),
        ]));
        let svg = dir.join("map.svg");
        ok(&glossgraph(&[
            "render",
            input.to_str().unwrap(),
            "--output",
            svg.to_str().unwrap(),
        ]));
        (input, svg)
    })
    .clone()
}

#[test]
fn render_draws_a_generated_5000_term_glossary_on_the_map_engine_by_default() {
    let (input, svg) = map_of_5000_terms();
    // Every topic is a box of its own.
    let text = std::fs::read_to_string(&svg).unwrap();
    let (glossary, _) = checked("5000.jsonl", &std::fs::read_to_string(&input).unwrap());
    assert_eq!(
        text.matches("<rect class=\"topic\"").count(),
        glossary.map().topics().len()
    );
    assert_eq!(text.matches("<g class=\"node\"").count(), 5000);
}

/// The node ids and the edges (`a -> b`, with `related`, `supersedes` or `broader`) of a DOT
/// map.
pub fn drawn(dot: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut nodes = BTreeSet::new();
    let mut edges = BTreeSet::new();
    for line in dot.lines().map(str::trim_start) {
        let Some(rest) = line.strip_prefix('"') else {
            continue;
        };
        let (id, rest) = rest.split_once('"').unwrap();
        if let Some(to) = rest.strip_prefix(" -> \"") {
            let (to, attrs) = to.split_once('"').unwrap();
            if attrs.contains("invis") {
                continue;
            }
            let kind = if attrs.contains("dir=\"none\"") {
                "related"
            } else if attrs.contains("arrowhead=\"onormal\"") {
                "broader"
            } else {
                "supersedes"
            };
            edges.insert(format!("{id} -> {to} {kind}"));
        } else if rest.starts_with(" [") {
            nodes.insert(id.to_owned());
        }
    }
    (nodes, edges)
}

/// A folder glossary of `files` (name, contents) in a fresh scratch folder.
pub(crate) fn glossary(name: &str, files: &[(String, String)]) -> PathBuf {
    let dir = scratch("dot", name);
    for (file, text) in files {
        fs::write(dir.join(file), text).unwrap();
    }
    dir
}

/// Cards `a`–`b`–`c` linked by `related` only, both ways: no supersession anywhere.
pub(crate) fn related_only() -> Vec<(String, String)> {
    vec![
        ("a.json".into(), card("a", &["b"])),
        ("b.json".into(), card("b", &["a", "c"])),
        ("c.json".into(), card("c", &["b"])),
    ]
}

/// A hub `h` related to six spokes, each related to three leaves of its own: 7 terms within
/// one link of the hub, 25 within two.
fn hub() -> PathBuf {
    let mut files = Vec::new();
    let spokes: Vec<String> = (1..=6).map(|i| format!("s{i}")).collect();
    let refs: Vec<&str> = spokes.iter().map(String::as_str).collect();
    files.push(("h.json".to_owned(), card("h", &refs)));
    for spoke in &spokes {
        let leaves: Vec<String> = (1..=3).map(|j| format!("{spoke}-l{j}")).collect();
        let mut links: Vec<&str> = vec!["h"];
        links.extend(leaves.iter().map(String::as_str));
        files.push((format!("{spoke}.json"), card(spoke, &links)));
        for leaf in &leaves {
            files.push((format!("{leaf}.json"), card(leaf, &[spoke])));
        }
    }
    glossary("hub", &files)
}

/// A focused view too large for the limit is told the depth that fits (issue 23, item 3).
#[test]
fn a_focused_view_too_large_is_told_the_depth_that_fits() {
    let dir = hub();
    let render = |extra: &[&str]| {
        let mut args = vec!["render", ".", "--focus", "h", "--output", "h.svg"];
        args.extend_from_slice(extra);
        let (code, _, stderr) = outcome(&run_in(&dir, &args, None));
        assert_eq!(code, 2, "{stderr}");
        stderr
    };
    let dot = render(&["--depth", "2", "--engine", "dot", "--max-nodes", "10"]);
    assert!(
        dot.contains("would draw 25 nodes")
            && dot.contains("--depth 1 draws 7")
            && dot.contains("--engine map"),
        "{dot}"
    );
    let map = render(&["--depth", "2", "--max-nodes", "10"]);
    assert!(map.contains("--depth 1 draws 7"), "{map}");
    assert!(
        !map.contains("--engine"),
        "the map engine is the one drawing: {map}"
    );
    // When even one link away is too many, a lower depth is no advice.
    let one = render(&["--depth", "1", "--engine", "dot", "--max-nodes", "5"]);
    assert!(!one.contains("--depth"), "{one}");
    assert!(one.contains("--engine map"), "{one}");
}

/// A map's legend shows only the kinds of link it draws (issue 23, item 10).
#[test]
fn the_legend_shows_only_the_kinds_of_link_drawn() {
    let dir = glossary("legend", &related_only());
    let (code, dot, stderr) = outcome(&run_in(
        &dir,
        &["export", ".", "--format", "dot", "--out", "-"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(dot.contains("related"), "{dot}");
    assert!(!dot.contains("supersedes"), "{dot}");
    // The sample has both kinds; a focus view of related terms only draws one.
    let (_, dot, _) = outcome(&run_in(
        root(),
        &["export", "--format", "dot", "--out", "-"],
        None,
    ));
    assert!(dot.contains("supersedes (old") && dot.contains("- - - related"));
    let (_, dot, _) = outcome(&run_in(
        root(),
        &[
            "export", "--format", "dot", "--focus", "pfc", "--depth", "1", "--out", "-",
        ],
        None,
    ));
    let (_, edges) = drawn(&dot);
    assert!(edges.iter().all(|e| e.ends_with(" related")), "{edges:#?}");
    assert!(!dot.contains("supersedes"), "{dot}");
}

/// Issue 40, item 11: `render` says what it wrote (the PNG, drawn by Graphviz, with its size
/// in pixels: `render_says_the_size_of_a_png`).
#[test]
fn render_says_what_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["map.html", "map.svg"] {
        let path = dir.path().join(name);
        let out = glossgraph(&["render", "--output", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let said = format!("glossgraph: wrote {} (", path.display());
        assert!(stderr(&out).contains(&said), "{}", stderr(&out));
    }
}

/// Issues 48 and 50: a hierarchy's `broader` links are drawn apart from `related` ones, as
/// arrows with a hollow head from the narrower term to the broader, which (unlike `related`)
/// rank the terms on Graphviz's layered layout; the legend explains them.
#[test]
fn broader_links_are_hollow_headed_arrows_from_narrower_to_broader() {
    let (_, glossary, config) = crate::util::fixtures::classification();
    let tree: BTreeSet<String> = crate::broader::tree_of(&glossary)
        .into_keys()
        .map(|(a, b)| format!("{a} -> {b} broader"))
        .collect();
    for engine in [Engine::Map, Engine::Dot] {
        let view = View {
            engine,
            ..View::default()
        };
        let dot = String::from_utf8(dot_text(&glossary, &config, &view)).unwrap();
        let (nodes, edges) = drawn(&dot);
        assert_eq!(nodes.len(), glossary.cards().len());
        let broader: BTreeSet<String> = edges
            .iter()
            .filter(|e| e.ends_with(" broader"))
            .cloned()
            .collect();
        assert_eq!(broader, tree, "{engine:?}");
        assert_eq!(edges.len(), tree.len() + glossary.edge_counts().related);
        for line in dot.lines().filter(|l| l.contains("onormal")) {
            assert!(
                line.ends_with("[arrowhead=\"onormal\", color=\"#2b5797\"];"),
                "{line}"
            );
        }
        assert!(dot.contains("broader (narrower &#8594; broader)</td>"));
        assert!(!dot.contains("supersedes ("), "no supersedes to explain");
        if engine == Engine::Dot {
            // The hierarchy ranks the terms itself: no invisible edge doubles one of its links.
            for line in dot.lines().filter(|l| l.contains("invis")) {
                let (a, b) = line.trim().split_once(" -> ").unwrap();
                let (a, b) = (a.trim_matches('"'), b.split('"').nth(1).unwrap());
                let pair = [format!("{a} -> {b} broader"), format!("{b} -> {a} broader")];
                assert!(!pair.iter().any(|p| tree.contains(p)), "{line}");
            }
        }
    }
}
