//! Issue 23, "the first hour of a new user": the commands that answered wrongly or
//! unhelpfully. One test per item of the issue, named after it; each failed on the build the
//! issue was filed against.

use std::collections::BTreeSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{card, outcome, require, root, run_in, scratch};

/// A folder glossary of `files` (name, contents) in a fresh scratch folder.
fn glossary(name: &str, files: &[(String, String)]) -> PathBuf {
    let dir = scratch("issue23", name);
    for (file, text) in files {
        fs::write(dir.join(file), text).unwrap();
    }
    dir
}

/// Cards `a`–`b`–`c` linked by `related` only, both ways: no supersession anywhere.
fn related_only() -> Vec<(String, String)> {
    vec![
        ("a.json".into(), card("a", &["b"])),
        ("b.json".into(), card("b", &["a", "c"])),
        ("c.json".into(), card("c", &["b"])),
    ]
}

/// The node ids and the edges (`a -> b`, with `related` or `supersedes`) of a DOT map.
fn drawn(dot: &str) -> (BTreeSet<String>, BTreeSet<String>) {
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

// 1. ---------------------------------------------------------------------------------------

#[test]
fn issue_23_1_query_without_a_query_says_so_and_takes_both_orders() {
    for args in [&["query"][..], &["query", "data"]] {
        let (code, stdout, stderr) = outcome(&run_in(root(), args, None));
        assert_eq!(
            (code, stdout.as_str(), stderr.as_str()),
            (
                2,
                "",
                "glossgraph: error: no query given (QUERY, --file or --saved)\n"
            ),
            "{args:?}"
        );
    }
    let ask = "ASK { ?t skos:notation \"roce-v2\"^^gx:Slug }";
    let usual = outcome(&run_in(
        root(),
        &["query", "data", ask, "--results", "csv"],
        None,
    ));
    assert_eq!(usual, (0, "true\n".to_owned(), String::new()));
    let swapped = outcome(&run_in(
        root(),
        &["query", ask, "data", "--results", "csv"],
        None,
    ));
    assert_eq!(swapped, usual, "QUERY before INPUT");
    // Two queries: which one is the input cannot be told, and glossgraph says so.
    let (code, _, stderr) = outcome(&run_in(root(), &["query", ask, ask], None));
    assert_eq!(code, 2);
    assert!(
        stderr.contains("both look like queries; give the INPUT first, then the QUERY"),
        "{stderr}"
    );
}

// 2. ---------------------------------------------------------------------------------------

#[test]
fn issue_23_2_a_constructed_graph_is_drawn_as_it_is() {
    let dot = |query: &str| {
        let (code, stdout, stderr) =
            outcome(&run_in(root(), &["query", query, "--results", "dot"], None));
        assert_eq!(code, 0, "{stderr}");
        stdout
    };
    // The issue's query: every related link, and nothing else (no supersedes arrows).
    let all = dot("CONSTRUCT { ?a skos:related ?b } { ?a skos:related ?b }");
    let (_, edges) = drawn(&all);
    assert!(!edges.is_empty());
    assert!(edges.iter().all(|e| e.ends_with(" related")), "{edges:#?}");
    // One constructed triple: its two terms and its one edge, labelled from the glossary.
    let one = dot(
        "CONSTRUCT { ?a skos:related ?b } WHERE { ?a skos:notation \"roce-v2\"^^gx:Slug ; \
         skos:related ?b } ORDER BY ?b LIMIT 1",
    );
    let (nodes, edges) = drawn(&one);
    assert_eq!(
        (nodes, edges),
        (
            BTreeSet::from(["iwarp".to_owned(), "roce-v2".to_owned()]),
            BTreeSet::from(["iwarp -> roce-v2 related".to_owned()])
        ),
        "{one}"
    );
    assert!(one.contains("label=\"RoCEv2\""), "{one}");
    // The neighbours of RoCEv2: the three links the answer holds, not those among them.
    let star = dot(
        "CONSTRUCT { ?a skos:related ?b } WHERE { ?a skos:notation \"roce-v2\"^^gx:Slug ; \
         skos:related ?b }",
    );
    let (_, edges) = drawn(&star);
    assert_eq!(
        edges,
        BTreeSet::from([
            "iwarp -> roce-v2 related".to_owned(),
            "nvme-rdma -> roce-v2 related".to_owned(),
            "rdma-storage -> roce-v2 related".to_owned(),
        ]),
        "{star}"
    );
    // Replacements are drawn as supersedes arrows, old -> new, and nothing else.
    let chain =
        dot("CONSTRUCT { ?old dcterms:isReplacedBy ?new } { ?old dcterms:isReplacedBy ?new }");
    let (_, edges) = drawn(&chain);
    assert!(
        edges.contains("nvme-of-1-0 -> nvme-of-1-1 supersedes"),
        "{edges:#?}"
    );
    assert!(
        edges.iter().all(|e| e.ends_with(" supersedes")),
        "{edges:#?}"
    );
}

// 3. ---------------------------------------------------------------------------------------

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

#[test]
fn issue_23_3_a_focused_view_too_large_is_told_the_depth_that_fits() {
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

// 4. ---------------------------------------------------------------------------------------

#[test]
fn issue_23_4_export_check_prints_the_command_that_regenerates_the_folder() {
    let dir = scratch("issue23", "export-check");
    let out = dir.join("x");
    let out = out.to_str().unwrap();
    let args = [
        "export",
        "--out",
        out,
        "--format",
        "turtle,graphml",
        "--focus",
        "roce-v2",
    ];
    let (code, _, stderr) = outcome(&run_in(root(), &args, None));
    assert_eq!(code, 0, "{stderr}");
    fs::write(dir.join("x/glossary.ttl"), "stale\n").unwrap();
    let mut check = args.to_vec();
    check.push("--check");
    let (code, stdout, stderr) = outcome(&run_in(root(), &check, None));
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("glossary.ttl"), "{stdout}");
    let command =
        format!("`glossgraph export --out {out} --format turtle,graphml --focus roce-v2`");
    assert!(stderr.contains(&command), "{command} not in: {stderr}");
    // The command printed does regenerate the folder.
    let (code, _, stderr) = outcome(&run_in(root(), &args, None));
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = outcome(&run_in(root(), &check, None));
    assert_eq!(code, 0, "{stderr}");

    // Two formats to standard output: --format was given, and named two.
    let (code, _, stderr) = outcome(&run_in(
        root(),
        &["export", "--format", "turtle,graphml", "--out", "-"],
        None,
    ));
    assert_eq!(code, 2);
    assert!(!stderr.contains("choose it with --format"), "{stderr}");
    assert!(
        stderr.contains("--format names 2 (turtle, graphml)"),
        "{stderr}"
    );
}

// 5. ---------------------------------------------------------------------------------------

#[test]
fn issue_23_5_check_counts_findings_per_rule_and_caps_repeats() {
    let dir = scratch("issue23", "many-findings");
    let corpus = dir.join("corpus.jsonl");
    let corpus = corpus.to_str().unwrap();
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &[
            "generate",
            "--terms",
            "300",
            "--one-way",
            "0.5",
            "--out",
            corpus,
        ],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let (_, json, _) = outcome(&run_in(&dir, &["check", corpus, "--format", "json"], None));
    let doc: Value = serde_json::from_str(&json).unwrap();
    let all = doc["findings"].as_array().unwrap().len();
    assert!(all > 30, "the fixture has many findings of one rule: {all}");
    // JSON keeps every finding, and counts them per rule.
    assert_eq!(
        doc["summary"]["rules"],
        serde_json::json!({ "one-way-related": all })
    );
    let (code, text, _) = outcome(&run_in(&dir, &["check", corpus], None));
    assert_eq!(code, 0);
    let shown = text.matches("warning[one-way-related]:").count();
    assert_eq!(shown, 10, "at most 10 findings per rule by default");
    assert!(
        text.contains(&format!(
            "… and {} more one-way-related warnings (--max-per-rule 0 shows them all)",
            all - 10
        )),
        "{text}"
    );
    assert!(
        text.ends_with(&format!(
            "warnings in 300 cards from 1 file\n  {all} warning[one-way-related]\nfixable: {all} with `glossgraph check --fix`\n"
        )),
        "{text}"
    );
    let (_, every, _) = outcome(&run_in(
        &dir,
        &["check", corpus, "--max-per-rule", "0"],
        None,
    ));
    assert_eq!(every.matches("warning[one-way-related]:").count(), all);
    let (_, three, _) = outcome(&run_in(
        &dir,
        &["check", corpus, "--max-per-rule", "3"],
        None,
    ));
    assert_eq!(three.matches("warning[one-way-related]:").count(), 3);
}

// 6. ---------------------------------------------------------------------------------------

#[test]
fn issue_23_6_check_with_json_answers_in_json_whatever_happens() {
    let dir = scratch("issue23", "json-always");
    let json = |args: &[&str]| {
        let (code, stdout, stderr) = outcome(&run_in(&dir, args, None));
        let doc: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {stdout}; stderr: {stderr}"));
        (code, doc)
    };
    let (code, doc) = json(&["check", "nope", "--format", "json"]);
    assert_eq!(code, 2);
    let finding = &doc["findings"][0];
    assert_eq!(finding["rule"], "unreadable", "{doc:#}");
    assert_eq!(finding["severity"], "error");
    assert_eq!(finding["file"], "nope");
    assert!(
        finding["message"]
            .as_str()
            .unwrap()
            .contains("No such file or directory"),
        "{doc:#}"
    );
    assert_eq!(doc["summary"]["errors"], 1);
    assert_eq!(doc["summary"]["cards"], 0);
    // A configuration that cannot be used.
    fs::write(dir.join("a.json"), card("a", &[])).unwrap();
    fs::write(dir.join("glossgraph.toml"), "langauge = \"en\"\n").unwrap();
    let (code, doc) = json(&["check", ".", "--format", "json"]);
    assert_eq!(code, 2);
    let finding = &doc["findings"][0];
    assert_eq!(finding["rule"], "bad-config", "{doc:#}");
    assert_eq!(finding["file"], "./glossgraph.toml");
    assert_eq!(
        (finding["line"].clone(), finding["column"].clone()),
        (1.into(), 1.into())
    );
    fs::remove_file(dir.join("glossgraph.toml")).unwrap();
    let (code, doc) = json(&["check", ".", "--base", "no-iri", "--format", "json"]);
    assert_eq!(code, 2);
    assert_eq!(doc["findings"][0]["rule"], "bad-config", "{doc:#}");
}

// 7. ---------------------------------------------------------------------------------------

/// The queries of `glossgraph query '…'` examples in `text`, with the rest of their line.
fn query_examples(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| {
            let (_, rest) = line.split_once("glossgraph query '")?;
            let (query, after) = rest.split_once('\'')?;
            Some((query.to_owned(), after.to_owned()))
        })
        .collect()
}

#[test]
fn issue_23_7_readme_queries_are_what_users_should_write() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let docs = fs::read_to_string(root().join("docs/sparql.md")).unwrap();
    let (_, help, _) = outcome(&run_in(root(), &["query", "--help"], None));
    let mut examples = query_examples(&readme);
    assert!(!examples.is_empty(), "README.md has query examples");
    examples.extend(query_examples(&docs));
    examples.extend(query_examples(&help));
    for (query, after) in &examples {
        if let Some(limit) = query.find("LIMIT") {
            // Rows picked by LIMIT without ORDER BY are any rows.
            let order = query.find("ORDER BY").unwrap_or(usize::MAX);
            assert!(order < limit, "ORDER BY before LIMIT: {query}");
            let var = query[order + 8..].split_whitespace().next().unwrap();
            let var = var.trim_start_matches('?');
            let (code, csv, stderr) =
                outcome(&run_in(root(), &["query", query, "--results", "csv"], None));
            assert_eq!(code, 0, "{query}: {stderr}");
            let mut lines = csv.lines();
            let header: Vec<&str> = lines.next().unwrap().split(',').collect();
            let column = header.iter().position(|h| *h == var).unwrap();
            let values: Vec<&str> = lines.map(|l| l.split(',').nth(column).unwrap()).collect();
            assert!(values.len() > 1, "{query}: {csv}");
            assert!(values.windows(2).all(|w| w[0] <= w[1]), "{query}: {csv}");
        }
        // A picture is drawn with the program the DOT file names.
        if after.contains("--results dot |") {
            let (code, dot, stderr) =
                outcome(&run_in(root(), &["query", query, "--results", "dot"], None));
            assert_eq!(code, 0, "{stderr}");
            let program = dot
                .lines()
                .next()
                .unwrap()
                .split("Render: ")
                .nth(1)
                .unwrap()
                .split(" -T")
                .next()
                .unwrap();
            assert!(
                after.contains(&format!("| {program} -T")),
                "{query}{after}: the DOT says to render with `{program}`"
            );
        }
    }
}

// 8. ---------------------------------------------------------------------------------------

/// The images `scripts/docs-images.sh` draws: `(image, glossgraph arguments)`, read from its
/// list between `<<'IMAGES'` and `IMAGES`.
fn docs_images() -> Vec<(String, Vec<String>)> {
    let script = fs::read_to_string(root().join("scripts/docs-images.sh"))
        .expect("scripts/docs-images.sh regenerates the images in docs/");
    let list = script
        .split_once("<<'IMAGES'\n")
        .expect("a list of images")
        .1
        .split_once("\nIMAGES\n")
        .expect("the end of the list")
        .0;
    list.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace().map(str::to_owned);
            let image = words.next().unwrap();
            (image, words.collect())
        })
        .collect()
}

#[test]
fn issue_23_8_images_in_the_docs_are_what_glossgraph_draws_today() {
    let images = docs_images();
    // Every SVG under docs/ is on the script's list.
    for entry in fs::read_dir(root().join("docs")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".svg") {
            let path = format!("docs/{name}");
            assert!(
                images.iter().any(|(image, _)| *image == path),
                "{path} is not drawn by scripts/docs-images.sh"
            );
        }
    }
    let dir = scratch("issue23", "docs-images");
    for (image, args) in images {
        let fresh = dir.join(Path::new(&image).file_name().unwrap());
        let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
        all.extend(["--output", fresh.to_str().unwrap()]);
        let (code, _, stderr) = outcome(&run_in(root(), &all, None));
        assert_eq!(code, 0, "{all:?}: {stderr}");
        assert!(
            fs::read(&fresh).unwrap() == fs::read(root().join(&image)).unwrap(),
            "{image} is stale: run scripts/docs-images.sh"
        );
    }
}

// 9. ---------------------------------------------------------------------------------------

/// A man page as `man` shows it (groff, plain UTF-8 text, no bold or underline).
fn shown(page: &str) -> String {
    let mut groff = Command::new(require("groff"))
        .args(["-k", "-man", "-Tutf8", "-rLL=100n", "-P-bcou"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    groff
        .stdin
        .take()
        .unwrap()
        .write_all(page.as_bytes())
        .unwrap();
    let out = groff.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The example lines of a `--help` text (after `Examples:` or `Example:`, to the first
/// line that is not indented).
fn help_examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Example"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().to_owned())
        .collect()
}

#[test]
fn issue_23_9_man_pages_keep_examples_whole_and_exit_codes_in_their_section() {
    let (_, main, _) = outcome(&run_in(root(), &["man"], None));
    assert!(!main.contains("EXTRA"), "{main}");
    let text = shown(&main);
    assert!(text.contains("\nEXIT STATUS\n"), "{text}");
    assert!(text.contains("130"), "{text}");
    // glossgraph(1) points to the pages the README's loop makes, and to no other.
    let listed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("glossgraph-")?.strip_suffix("(1)"))
        .collect();
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let looped: Vec<&str> = readme
        .split_once("for c in ")
        .unwrap()
        .1
        .split_once("; do")
        .unwrap()
        .0
        .split_whitespace()
        .collect();
    assert_eq!(listed, looped);
    assert!(!listed.contains(&"help"));
    for sub in looped {
        let (_, help, _) = outcome(&run_in(root(), &[sub, "--help"], None));
        let (code, page, _) = outcome(&run_in(root(), &["man", sub], None));
        assert_eq!(code, 0);
        let text = shown(&page);
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let examples = help_examples(&help);
        assert!(!examples.is_empty(), "{sub} --help has examples");
        for example in examples {
            assert!(
                lines.contains(&example.as_str()),
                "glossgraph-{sub}(1) does not show the line `{example}` whole:\n{text}"
            );
        }
        assert!(text.contains("\nEXIT STATUS\n"), "glossgraph-{sub}(1)");
    }
}

// 10. --------------------------------------------------------------------------------------

#[test]
fn issue_23_10_help_lists_the_main_job_first_and_display_options_last() {
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

#[test]
fn issue_23_10_the_legend_shows_only_the_kinds_of_link_drawn() {
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
    // The HTML map's legend, as a reader sees it.
    let page = dir.join("map.html");
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["render", ".", "--output", "map.html"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let report = crate::html::drive(&page, &[]);
    assert_eq!(report["legend_keys"], "related", "{report:#}");
}

#[test]
fn issue_23_10_generate_says_what_it_wrote() {
    let dir = scratch("issue23", "generate");
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["generate", "--terms", "5", "--out", "cards.jsonl"],
        None,
    ));
    assert_eq!(code, 0);
    assert_eq!(
        stderr,
        "glossgraph: wrote 5 cards to cards.jsonl (JSON Lines)\n"
    );
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["generate", "--terms", "5", "--out", "cards"],
        None,
    ));
    assert_eq!(code, 0);
    assert_eq!(
        stderr,
        "glossgraph: wrote 5 cards to cards (one <slug>.json per card)\n"
    );
    let (code, stdout, stderr) = outcome(&run_in(
        &dir,
        &["generate", "--terms", "5", "--out", "-"],
        None,
    ));
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 5);
    assert_eq!(stderr, "glossgraph: wrote 5 cards to standard output\n");
}
