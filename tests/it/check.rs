//! `glossgraph check`: every bad input gets a located finding and the right exit code.
//!
//! Each finding is compared whole — rule, file, line, column, JSON pointer and message — as
//! `glossgraph check --format json` prints it, so a change of wording or place is a test
//! failure, not a surprise for users' scripts.

use std::fs;
use std::path::Path;

use serde_json::Value;
use tempfile::TempDir;

use crate::util::fixtures::slug_of;
use crate::util::{card, glossgraph, ok, outcome, root, run_in, scratch};

/// A folder glossary holding `files` (name, contents).
fn folder(files: &[(&str, &[u8])]) -> TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, bytes) in files {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
        fs::write(path, bytes).expect("a fixture file");
    }
    dir
}

/// Runs `check --format json` on `input` inside `dir`; the exit code and the findings as
/// compact one-line strings: `severity rule file:line:column pointer | message | hint`.
fn check_json(dir: &Path, input: &str, extra: &[&str], stdin: Option<&[u8]>) -> (i32, Vec<String>) {
    let mut args = vec!["check", input, "--format", "json"];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = outcome(&run_in(dir, &args, stdin));
    let doc: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("check prints JSON ({e}); stdout: {stdout}; stderr: {stderr}"));
    let text = |v: &Value| match v {
        Value::Null => "-".to_owned(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let findings = doc["findings"]
        .as_array()
        .expect("a findings array")
        .iter()
        .map(|f| {
            let mut line = format!(
                "{} {} {}:{}:{} {} | {}",
                text(&f["severity"]),
                text(&f["rule"]),
                text(&f["file"]),
                text(&f["line"]),
                text(&f["column"]),
                text(&f["pointer"]),
                text(&f["message"])
            );
            if !f["hint"].is_null() {
                line.push_str(&format!(" | {}", text(&f["hint"])));
            }
            line
        })
        .collect();
    (code, findings)
}

/// Findings of a folder glossary of `files`, checked as `.`.
fn findings_of(files: &[(&str, &[u8])]) -> (i32, Vec<String>) {
    let dir = folder(files);
    check_json(dir.path(), ".", &[], None)
}

/// Two cards that are fine on their own and link to each other.
fn pair() -> Vec<(&'static str, String)> {
    vec![("a.json", card("a", &["b"])), ("b.json", card("b", &["a"]))]
}

fn with(extra: &[(&'static str, &str)]) -> Vec<(&'static str, Vec<u8>)> {
    let mut files: Vec<(&str, Vec<u8>)> = pair()
        .into_iter()
        .map(|(n, c)| (n, c.into_bytes()))
        .collect();
    files.extend(extra.iter().map(|(n, c)| (*n, c.as_bytes().to_vec())));
    files
}

fn refs<'a>(files: &'a [(&'static str, Vec<u8>)]) -> Vec<(&'static str, &'a [u8])> {
    files.iter().map(|(n, c)| (*n, c.as_slice())).collect()
}

#[test]
fn the_sample_glossary_is_clean() {
    let (code, stdout, _) = outcome(&run_in(root(), &["check"], None));
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.starts_with("ok: 0 errors, 0 warnings in "),
        "data/ must check without errors or warnings: {stdout}"
    );
}

#[test]
fn malformed_json_names_file_line_and_column() {
    let files = with(&[("c.json", "{\n  \"slug\": \"c\",\n  \"term\" \"C\"\n}\n")]);
    let (code, findings) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    assert_eq!(
        findings,
        ["error json-syntax ./c.json:3:10 - | expected `:`"]
    );
}

#[test]
fn the_human_report_shows_the_line_and_underlines_the_problem() {
    let files = with(&[
        ("a.json", &card("a", &["b", "c"])),
        ("c.json", &card("c", &["a", "nvme-rmda"])),
        ("nvme-rdma.json", &card("nvme-rdma", &["c"])),
    ]);
    let dir = folder(&refs(&files));
    let (code, stdout, _) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--color", "never"],
        None,
    ));
    assert_eq!(code, 1);
    let expected = "error[dangling-link]: `related` target `nvme-rmda` is not a term of the glossary
 --> ./c.json:5:20 (at /related/1)
  |
5 |   \"related\": [\"a\", \"nvme-rmda\"]
  |                    ^^^^^^^^^^^
  = help: did you mean `nvme-rdma`?

warning[one-way-related]: `nvme-rdma` lists `c` in `related`, but `c` does not list `nvme-rdma` in `related`
 --> ./nvme-rdma.json:5:15 (at /related/0)
  |
5 |   \"related\": [\"c\"]
  |               ^^^
  = help: add `nvme-rdma` to `related` of `c`

invalid: 1 error, 1 warning in 4 cards from 4 files
  1 error[dangling-link]
  1 warning[one-way-related]
fixable: 1 with `glossgraph check . --fix`, 1 more with `--fix --unsafe-fixes`
";
    assert_eq!(stdout, expected);
}

#[test]
fn byte_order_mark_is_accepted_with_a_warning() {
    let bom = format!("\u{feff}{}", card("c", &["a"]));
    let files = with(&[("c.json", &bom)]);
    let (code, findings) = findings_of(&refs(&files));
    assert_eq!(code, 0);
    assert!(
        findings.contains(&"warning byte-order-mark ./c.json:1:1 - | the file starts with a UTF-8 byte order mark (U+FEFF); it is ignored | JSON texts have none (RFC 8259): remove it".to_owned()),
        "{findings:?}"
    );
}

#[test]
fn non_utf8_bytes_are_located() {
    let mut files = with(&[]);
    files.push(("c.json", b"{\n  \"slug\": \"c\xff\"\n}".to_vec()));
    let (code, findings) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    assert_eq!(
        findings,
        ["error encoding ./c.json:2:13 - | invalid UTF-8: byte 0xFF at offset 14"]
    );
}

/// `fmt` names the same place as `check`, and leaves the file as it is.
#[test]
fn fmt_locates_non_utf8_bytes_too() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = b"{\n  \"slug\": \"c\xff\"\n}".to_vec();
    fs::write(dir.path().join("c.json"), &bytes).unwrap();
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["fmt", "c.json"], None));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("c.json:2:13: invalid UTF-8: byte 0xFF at offset 14 (left as it is)"),
        "{stderr}"
    );
    assert_eq!(fs::read(dir.path().join("c.json")).unwrap(), bytes);
}

#[test]
fn empty_file_and_empty_folder() {
    let files = with(&[("c.json", "")]);
    let (code, findings) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    assert_eq!(findings, ["error empty-file ./c.json:1:1 - | the file is empty: expected a term card (a JSON object)"]);

    let (code, findings) = findings_of(&[]);
    assert_eq!(code, 1);
    assert_eq!(
        findings,
        ["error no-cards -:-:- - | `.` holds no term card"]
    );
}

#[test]
fn duplicate_keys_wrong_types_and_missing_fields() {
    let bad = "{\n  \"slug\": \"c\",\n  \"slug\": \"d\",\n  \"related\": \"x\",\n  \"aliases\": null,\n  \"definition\": 3\n}\n";
    let files = with(&[("c.json", bad)]);
    let (code, findings) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    assert_eq!(
        findings,
        [
            "error missing-field ./c.json:1:1 /term | missing required field `term`",
            "warning orphan ./c.json:1:1  | `c` has no related, supersedes or supersededBy link to any term",
            "error duplicate-key ./c.json:3:3 /slug | duplicate key `slug`; the first value is used",
            "error wrong-type ./c.json:4:14 /related | expected an array of strings, found a string",
            "error wrong-type ./c.json:5:14 /aliases | expected an array of strings, found null",
            "error wrong-type ./c.json:6:17 /definition | expected a string, found a number",
            "warning disconnected -:-:- - | the glossary falls apart into 2 clusters of sizes 2, 1 | the clusters apart from the largest include `c`",
        ]
    );
}

#[test]
fn slugs_must_be_unique_well_formed_and_match_the_file() {
    let files = with(&[
        ("sub/a.json", &card("a", &["b"])),
        ("c.json", &card("d", &["a"])),
        ("Bad Slug.json", &card("Bad Slug", &[])),
        ("x.json", &card("a/../b", &[])),
        ("y.json", &card("café", &[])),
    ]);
    let (code, findings) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    let errors: Vec<&String> = findings.iter().filter(|f| f.starts_with("error")).collect();
    assert_eq!(
        errors,
        [
            "error bad-slug ./Bad Slug.json:2:11 /slug | slug `Bad Slug` must be lowercase ASCII letters and digits in dash-separated words | use `bad-slug`",
            "error slug-mismatch ./c.json:2:11 /slug | slug `d` does not match the file name `c.json` | rename the file to `d.json` or fix the slug",
            "error duplicate-slug ./sub/a.json:2:11 /slug | slug `a` is already used by the card in ./a.json",
            "error bad-slug ./x.json:2:11 /slug | slug `a/../b` must be lowercase ASCII letters and digits in dash-separated words | use `a-b`",
            "error slug-mismatch ./x.json:2:11 /slug | slug `a/../b` does not match the file name `x.json` | rename the file to `a/../b.json` or fix the slug",
            "error bad-slug ./y.json:2:11 /slug | slug `café` must be lowercase ASCII letters and digits in dash-separated words | use `caf`",
            "error slug-mismatch ./y.json:2:11 /slug | slug `café` does not match the file name `y.json` | rename the file to `café.json` or fix the slug",
        ]
    );
}

#[test]
fn self_links_and_dangling_targets() {
    let files = with(&[
        ("c.json", &card("c", &["c", "a", "bb"])),
        ("a.json", &card("a", &["b", "c"])),
    ]);
    // a.json is given twice: the later one (from `extra`) is what lands on disk.
    let (code, findings) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    assert_eq!(
        findings,
        [
            "warning self-link ./c.json:5:15 /related/0 | `c` is related to itself",
            "error dangling-link ./c.json:5:25 /related/2 | `related` target `bb` is not a term of the glossary | did you mean `b`?",
        ]
    );
}

#[test]
fn a_card_file_that_cannot_be_read_is_not_blamed_on_the_cards_that_name_it() {
    // a.json is broken (trailing comma) and b.json has no list; c.json names both a and a
    // term that has no file at all: only the latter is dangling.
    let broken = card("a", &["c"]).replace("\"related\": [\"c\"]", "\"related\": [\"c\"],");
    let no_slug = "{\"term\": \"B\", \"definition\": \"d\"}\n";
    let c = card("c", &["a", "b", "x"]);
    let files = [
        ("a.json", broken.as_bytes()),
        ("b.json", no_slug.as_bytes()),
        ("c.json", c.as_bytes()),
    ];
    let (code, findings) = findings_of(&files);
    assert_eq!(code, 1);
    assert_eq!(
        errors(&findings),
        [
            "error json-syntax ./a.json:6:1 - | trailing comma",
            "error missing-field ./b.json:1:1 /slug | missing required field `slug`",
            "error dangling-link ./c.json:5:25 /related/2 | `related` target `x` is not a term of the glossary",
        ]
    );
}

#[cfg(unix)]
#[test]
fn a_card_file_that_cannot_be_opened_is_not_blamed_on_the_cards_that_name_it() {
    let dir = folder(&[("b.json", card("b", &["a"]).as_bytes())]);
    std::os::unix::fs::symlink("gone.json", dir.path().join("a.json")).unwrap();
    let (code, f) = check_json(dir.path(), ".", &[], None);
    assert_eq!(
        code, 2,
        "an unreadable file means the check could not run: {f:?}"
    );
    let errors = errors(&f);
    assert_eq!(errors.len(), 1, "{f:?}");
    assert!(errors[0].starts_with("error unreadable ./a.json"), "{f:?}");
}

/// Cards `(slug, supersedes, supersededBy)` with status obsolete, each mirroring the other side.
fn lifecycle(cards: &[(&str, &[&str], &[&str])]) -> Vec<(String, Vec<u8>)> {
    cards
        .iter()
        .map(|(slug, sup, by)| {
            let list = |l: &[&str]| l.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
            let text = format!(
                "{{\"slug\": \"{slug}\", \"term\": \"T {slug}\", \"definition\": \"D.\", \"status\": \"obsolete\", \"supersedes\": [{}], \"supersededBy\": [{}]}}\n",
                list(sup),
                list(by)
            );
            (format!("{slug}.json"), text.into_bytes())
        })
        .collect()
}

fn check_files(files: &[(String, Vec<u8>)]) -> (i32, Vec<String>) {
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, c)| (n.as_str(), c.as_slice()))
        .collect();
    findings_of(&refs)
}

fn errors(findings: &[String]) -> Vec<&str> {
    findings
        .iter()
        .filter(|f| f.starts_with("error"))
        .map(String::as_str)
        .collect()
}

#[test]
fn supersedes_cycles_are_reported_with_their_whole_path() {
    let (code, f) = check_files(&lifecycle(&[("a", &["a"], &[])]));
    assert_eq!(code, 1);
    assert_eq!(
        errors(&f),
        ["error supersedes-cycle ./a.json:1:86 /supersedes | supersedes cycle: a → a (a term cannot replace itself)"]
    );

    let (_, f) = check_files(&lifecycle(&[("a", &["b"], &["b"]), ("b", &["a"], &["a"])]));
    assert_eq!(
        errors(&f),
        ["error supersedes-cycle ./a.json:1:109 /supersededBy | supersedes cycle: a → b → a (each replaced by the next)"]
    );

    let ring = ["a", "b", "c", "d", "e"];
    let cards: Vec<(&str, [&str; 1], [&str; 1])> = (0..5)
        .map(|i| (ring[i], [ring[(i + 4) % 5]], [ring[(i + 1) % 5]]))
        .collect();
    let cards: Vec<(&str, &[&str], &[&str])> =
        cards.iter().map(|(s, a, b)| (*s, &a[..], &b[..])).collect();
    let (_, f) = check_files(&lifecycle(&cards));
    assert_eq!(
        errors(&f),
        ["error supersedes-cycle ./a.json:1:109 /supersededBy | supersedes cycle: a → b → c → d → e → a (each replaced by the next)"]
    );
}

#[test]
fn one_sided_supersedes_is_a_warning() {
    let mut files = lifecycle(&[("old", &[], &["new"])]);
    files.push((
        "new.json".into(),
        br#"{"slug": "new", "term": "New", "definition": "D.", "status": "shipping"}"#.to_vec(),
    ));
    let (code, f) = check_files(&files);
    assert_eq!(code, 0);
    assert_eq!(
        f,
        ["warning one-way-supersedes ./old.json:1:111 /supersededBy/0 | `old` lists `new` in `supersededBy`, but `new` does not list `old` in `supersedes` | add `old` to `supersedes` of `new`"]
    );
}

#[test]
fn one_way_links_are_reported_where_they_are_stated() {
    // `z` replaces `y` but `y` does not say so; `b` relates to `a` (twice) and to `c`, and
    // only `c` answers: each finding sits on the card and entry that states the link.
    let mut files = lifecycle(&[("y", &[], &[]), ("z", &["y"], &[])]);
    for (slug, related) in [("a", ""), ("b", r#""a", "c", "a""#), ("c", r#""b""#)] {
        files.push((
            format!("{slug}.json"),
            format!(r#"{{"slug": "{slug}", "term": "T {slug}", "definition": "D.", "related": [{related}]}}"#)
                .into_bytes(),
        ));
    }
    let (code, f) = check_files(&files);
    assert_eq!(code, 0);
    let one_way: Vec<&str> = f
        .iter()
        .filter(|f| f.contains("one-way"))
        .map(String::as_str)
        .collect();
    assert_eq!(
        one_way,
        [
            "warning one-way-related ./b.json:1:62 /related/0 | `b` lists `a` in `related`, but `a` does not list `b` in `related` | add `b` to `related` of `a`",
            "warning one-way-related ./b.json:1:72 /related/2 | `b` lists `a` in `related`, but `a` does not list `b` in `related` | add `b` to `related` of `a`",
            "warning one-way-supersedes ./z.json:1:87 /supersedes/0 | `z` lists `y` in `supersedes`, but `y` does not list `z` in `supersededBy` | add `z` to `supersededBy` of `y`",
        ]
    );
}

#[test]
fn citations_markers_urls_and_characters() {
    let bad = r#"{"slug": "c", "term": "C\u0001", "definition": "D\uFFFE.", "related": ["a"],
 "note": "First [x].\n\nSecond [nope].",
 "citations": [
  {"id": "x", "title": "X", "url": "javascript:alert(1)"},
  {"id": "x", "title": "X again", "url": "/relative/page"}
 ]}
"#;
    let files = with(&[("c.json", bad), ("a.json", &card("a", &["b", "c"]))]);
    let (code, f) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    assert_eq!(
        errors(&f),
        [
            "error invalid-char ./c.json:1:23 /term | character U+0001 (XML 1.0 forbids) at character 2 of the text",
            "error invalid-char ./c.json:1:48 /definition | character U+FFFE (XML 1.0 forbids) at character 2 of the text",
            "error unknown-citation ./c.json:2:32 /note | marker `[nope]` names no citation of this card | the card cites `x`; write `\\[nope]` for brackets that are not a marker",
            "error citation-url ./c.json:4:36 /citations/0/url | citation URL `javascript:alert(1)` is not an absolute http:// or https:// URL",
            "error duplicate-citation ./c.json:5:10 /citations/1/id | citation id `x` is used by an earlier citation",
            "error citation-url ./c.json:5:42 /citations/1/url | citation URL `/relative/page` is not an absolute http:// or https:// URL",
        ]
    );
}

/// A card's IRIs are written into the RDF export as they are: one that is not an absolute
/// IRI would make a file every RDF reader refuses, so it is an error at its place.
#[test]
fn iris_of_a_card_that_are_not_absolute_are_errors() {
    let bad = r#"{"slug": "c", "term": "C", "definition": "D.", "related": ["a", "x:y z"],
 "iri": "relative/c", "inScheme": ["http://s.example/", "nope"],
 "topConceptOf": ["http://s.example/"],
 "mappings": {"exactMatch": ["http://o.example/1", "http://o.example/a b"]},
 "broader": ["http://o.example/ok"], "notations": [{"value": "1", "datatype": "int"}]}
"#;
    let files = with(&[("c.json", bad), ("a.json", &card("a", &["b", "c"]))]);
    let (code, f) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    let iris: Vec<&str> = errors(&f)
        .into_iter()
        .filter(|e| e.contains("invalid-iri"))
        .collect();
    assert_eq!(
        iris,
        [
            "error invalid-iri ./c.json:1:65 /related/1 | `x:y z` is not an absolute IRI: Invalid IRI code point ' '",
            "error invalid-iri ./c.json:2:9 /iri | `relative/c` is not an absolute IRI: No scheme found in an absolute IRI",
            "error invalid-iri ./c.json:2:57 /inScheme/1 | `nope` is not an absolute IRI: No scheme found in an absolute IRI",
            "error invalid-iri ./c.json:4:52 /mappings/exactMatch/1 | `http://o.example/a b` is not an absolute IRI: Invalid IRI code point ' '",
            "error invalid-iri ./c.json:5:79 /notations/0/datatype | `int` is not an absolute IRI: No scheme found in an absolute IRI",
        ]
    );
}

/// Issue 46, item 7: a citation `a/b` with `[a/b]` in the note was "not referred to by any
/// `[a/b]` marker". Such an id is the error, at the id; ids of letters in any script are fine.
#[test]
fn a_citation_id_no_marker_can_name_is_an_error_at_the_id() {
    let cited = r#"{"slug": "c", "term": "C", "definition": "D.", "related": ["a"],
 "note": "See [a/b], [日本-1] and [x].",
 "citations": [
  {"id": "a/b", "title": "A", "url": "https://a.example/"},
  {"id": "日本-1", "title": "J", "url": "https://j.example/"},
  {"id": "", "title": "E", "url": "https://e.example/"},
  {"id": "x", "title": "X", "url": "https://x.example/"}
 ]}
"#;
    let files = with(&[("c.json", cited), ("a.json", &card("a", &["b", "c"]))]);
    let (code, f) = findings_of(&refs(&files));
    assert_eq!(code, 1);
    let citations: Vec<&String> = f.iter().filter(|f| f.contains("citation")).collect();
    assert_eq!(
        citations,
        [
            "error bad-citation-id ./c.json:4:10 /citations/0/id | citation id `a/b` is not letters, digits and `-_.:`: no marker can name it (`[a/b]` in the note is prose) | an id such as `a-b`, in the citation and its markers",
            "error bad-citation-id ./c.json:6:10 /citations/2/id | the citation id is empty: no `[id]` marker can name it",
        ]
    );
}

#[test]
fn hard_but_valid_input_is_accepted() {
    let awkward = "Quotes \\\" and \\\\ backslashes, <tags> & ampersands, emoji 😀, RTL \u{200F}mark, ]]> and -->";
    let big = "x".repeat(10 * 1024 * 1024);
    let text = format!(
        "{{\"slug\": \"c\", \"term\": \"{awkward}\", \"definition\": \"{big}\", \"related\": [\"a\"], \"aliases\": [\"trailing \\\\\"]}}"
    );
    let files = with(&[("c.json", &text), ("a.json", &card("a", &["b", "c"]))]);
    let (code, f) = findings_of(&refs(&files));
    assert_eq!((code, f), (0, vec![]));
}

#[test]
fn ten_thousand_files_in_one_folder() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..10_000 {
        let (prev, next) = (
            format!("t{}", (i + 9_999) % 10_000),
            format!("t{}", (i + 1) % 10_000),
        );
        fs::write(
            dir.path().join(format!("t{i}.json")),
            card(&format!("t{i}"), &[&prev, &next]),
        )
        .unwrap();
    }
    let (code, f) = check_json(dir.path(), ".", &[], None);
    assert_eq!((code, f), (0, vec![]));
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_does_not_hang() {
    let files = with(&[]);
    let dir = folder(&refs(&files));
    fs::create_dir(dir.path().join("sub")).unwrap();
    std::os::unix::fs::symlink("..", dir.path().join("sub/loop")).unwrap();
    let (code, f) = check_json(dir.path(), ".", &[], None);
    assert_eq!(code, 0);
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(
        f[0].starts_with("warning symlink-loop ./sub/loop:-:- - | `"),
        "{f:?}"
    );
}

#[test]
fn a_slug_used_twice_in_one_file_names_the_line_of_the_first() {
    let dir = folder(&[]);
    let lines = [card("a", &["b"]), card("b", &["a"]), card("a", &["b"])]
        .map(|c| c.replace('\n', ""))
        .join("\n");
    fs::write(dir.path().join("cards.jsonl"), lines).unwrap();
    let (code, f) = check_json(dir.path(), "cards.jsonl", &[], None);
    assert_eq!(code, 1);
    assert_eq!(
        errors(&f),
        ["error duplicate-slug cards.jsonl:3:12 /slug | slug `a` is already used by the card at cards.jsonl:1"]
    );
}

#[cfg(unix)]
#[test]
fn a_link_to_a_folder_that_is_also_read_is_the_one_skipped() {
    // `alias` sorts before `real`, but the real folder is read and named, the link skipped.
    let dir = folder(&[]);
    fs::create_dir(dir.path().join("real")).unwrap();
    for (slug, other) in [("a", "b"), ("b", "x")] {
        fs::write(
            dir.path().join(format!("real/{slug}.json")),
            card(slug, &[other]),
        )
        .unwrap();
    }
    std::os::unix::fs::symlink("real", dir.path().join("alias")).unwrap();
    let (code, f) = check_json(dir.path(), ".", &[], None);
    assert_eq!(code, 1);
    assert!(
        f.iter()
            .any(|f| f.starts_with("error dangling-link ./real/b.json:")),
        "{f:?}"
    );
    let skipped: Vec<&String> = f.iter().filter(|f| f.contains("symlink-loop")).collect();
    assert_eq!(skipped.len(), 1, "{f:?}");
    assert!(
        skipped[0].starts_with("warning symlink-loop ./alias:-:- - | `"),
        "{f:?}"
    );
}

#[test]
fn shuffling_the_order_files_are_written_changes_nothing() {
    let names: Vec<String> = (0..40).map(|i| format!("t{i:02}")).collect();
    let make = |order: &[usize]| {
        let dir = tempfile::tempdir().unwrap();
        for &i in order {
            // Some problems, so the report has something to order.
            let related = [
                names[(i + 1) % 40].as_str(),
                if i % 7 == 0 { "missing" } else { "t00" },
            ];
            fs::write(
                dir.path().join(format!("{}.json", names[i])),
                card(&names[i], &related),
            )
            .unwrap();
        }
        dir
    };
    let forward: Vec<usize> = (0..40).collect();
    let scrambled: Vec<usize> = (0..40).map(|i| (i * 17 + 5) % 40).collect();
    let (a, b) = (make(&forward), make(&scrambled));
    let ra = check_json(a.path(), ".", &[], None);
    let rb = check_json(b.path(), ".", &[], None);
    assert!(!ra.1.is_empty());
    assert_eq!(ra, rb);
}

#[test]
fn json_lines_array_and_stdin() {
    let dir = folder(&[]);
    let lines = format!(
        "{}\n{}\n",
        card("a", &["b"]).replace('\n', ""),
        card("b", &["x"]).replace('\n', "")
    );
    fs::write(dir.path().join("cards.jsonl"), &lines).unwrap();
    let (code, f) = check_json(dir.path(), "cards.jsonl", &[], None);
    assert_eq!(code, 1);
    assert_eq!(
        errors(&f),
        ["error dangling-link cards.jsonl:2:88 /related/0 | `related` target `x` is not a term of the glossary"]
    );
    let (code, f) = check_json(dir.path(), "-", &[], Some(lines.as_bytes()));
    assert_eq!(code, 1);
    assert_eq!(
        errors(&f),
        ["error dangling-link <stdin>:2:88 /related/0 | `related` target `x` is not a term of the glossary"]
    );
    let array = format!("[\n{},\n{}]\n", card("a", &["b"]), card("b", &["a"]));
    fs::write(dir.path().join("cards.json"), array).unwrap();
    let (code, f) = check_json(dir.path(), "cards.json", &[], None);
    assert_eq!((code, f), (0, vec![]));
}

#[test]
fn unknown_fields_warn_and_fail_under_strict() {
    let files = with(&[("c.json", "{\"slug\": \"c\", \"term\": \"C\", \"definition\": \"D.\", \"related\": [\"a\"], \"colour\": \"red\"}"), ("a.json", &card("a", &["b", "c"]))]);
    let dir = folder(&refs(&files));
    let expected = "./c.json:1:66 /colour | unknown field `colour`";
    let (code, f) = check_json(dir.path(), ".", &[], None);
    assert_eq!(
        (code, f),
        (0, vec![format!("warning unknown-field {expected}")])
    );
    let (code, f) = check_json(dir.path(), ".", &["--strict"], None);
    assert_eq!(
        (code, f),
        (1, vec![format!("error unknown-field {expected}")])
    );
    let (code, _) = check_json(dir.path(), ".", &["--deny-warnings"], None);
    assert_eq!(code, 1);
}

/// Issue 60: a glossary whose source keeps its own keys turns `unknown-field` off; its
/// findings are then in no report, not counted, and `--deny-warnings` passes. A rule whose
/// finding is all that says a card was left out cannot be off.
#[test]
fn a_rule_turned_off_is_in_no_report_60() {
    let files = with(&[(
        "c.json",
        "{\"slug\": \"c\", \"term\": \"C\", \"definition\": \"D.\", \"related\": [\"a\"], \"colour\": \"red\", \"id\": \"c-1\"}",
    ), ("a.json", &card("a", &["b", "c"]))]);
    let dir = folder(&refs(&files));
    let (code, f) = check_json(dir.path(), ".", &["--deny-warnings"], None);
    assert_eq!((code, f.len()), (1, 2), "{f:?}");
    fs::write(
        dir.path().join("glossgraph.toml"),
        "[rules]\nunknown-field = \"off\"\n",
    )
    .unwrap();
    for extra in [
        &[][..],
        &["--deny-warnings"],
        &["--strict", "--deny-warnings"],
    ] {
        let (code, f) = check_json(dir.path(), ".", extra, None);
        assert_eq!((code, f), (0, vec![]), "{extra:?}");
    }
    for format in ["human", "sarif", "github"] {
        let (code, stdout, stderr) = outcome(&run_in(
            dir.path(),
            &["check", ".", "--deny-warnings", "--format", format],
            None,
        ));
        assert_eq!(code, 0, "{format}: {stdout}{stderr}");
        if format == "sarif" {
            // Its catalogue names every rule; its results are the findings.
            let doc: Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(doc["runs"][0]["results"], serde_json::json!([]), "{stdout}");
        } else {
            assert!(
                !stdout.contains("unknown-field") && !stdout.contains("colour"),
                "{format}: {stdout}"
            );
        }
    }
    let (_, stdout, _) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--format", "json"],
        None,
    ));
    let doc: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["summary"]["warnings"], 0, "{stdout}");
    // The other rules are as they were.
    fs::write(dir.path().join("d.json"), card("d", &["nowhere"])).unwrap();
    let (code, f) = check_json(dir.path(), ".", &[], None);
    assert_eq!(code, 1, "{f:?}");
    assert!(f.iter().all(|f| !f.contains("unknown-field")), "{f:?}");
    assert!(f.iter().any(|f| f.contains("dangling-link")), "{f:?}");
    // Off whatever its own severity: a dangling link too.
    fs::write(
        dir.path().join("glossgraph.toml"),
        "[rules]\nunknown-field = \"off\"\ndangling-link = \"off\"\ndisconnected = \"off\"\norphan = \"off\"\n",
    )
    .unwrap();
    let (code, f) = check_json(dir.path(), ".", &["--deny-warnings"], None);
    assert_eq!((code, f), (0, vec![]));
    // A card left out cannot go unsaid.
    fs::write(
        dir.path().join("glossgraph.toml"),
        "[rules]\njson-syntax = \"off\"\n",
    )
    .unwrap();
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["check", "."], None));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(
            "[rules] `json-syntax` = `off`: this rule cannot be off: the cards the syntax error \
             cuts off are left out"
        ),
        "{stderr}"
    );
}

#[test]
fn the_tool_failing_is_exit_2() {
    let dir = folder(&[]);
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["check", "no-such-folder"], None));
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        "glossgraph: error: cannot read `no-such-folder`: No such file or directory (os error 2)\n"
    );
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["check", "--no-such-flag"], None));
    assert_eq!(code, 2);
    assert!(
        stderr.contains("unexpected argument '--no-such-flag'"),
        "{stderr}"
    );
}

#[test]
fn bad_configuration_is_located() {
    let files = with(&[(
        "glossgraph.toml",
        "base = \"https://x.org/g/\"\nlangauge = \"en\"\n",
    )]);
    let dir = folder(&refs(&files));
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["check", "."], None));
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(
        stderr.starts_with(
            "glossgraph: error: ./glossgraph.toml:2:1: unknown field `langauge`, expected one of"
        ),
        "{stderr}"
    );
    let (code, _, stderr) = outcome(&run_in(
        root(),
        &["check", "--base", "https://x.org/no-slash"],
        None,
    ));
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "glossgraph: error: command line: base IRI `https://x.org/no-slash` must end in `/` or `#`\n"
    );
}

/// Issue 46, item 3: `--fix` on standard input said `empty-file` (the report after the fixes
/// read standard input again) and hid the real errors.
#[test]
fn fix_refuses_standard_input_before_reading_it_46() {
    let dir = folder(&[]);
    let card = card("a", &["x"]);
    for args in [
        &["check", "-", "--fix"][..],
        &["check", "-", "--fix", "--dry-run"],
        &["check", "-", "--fix", "--format", "json"],
    ] {
        // Nothing on standard input: it is refused before it is read (written to, the pipe
        // could be closed before the bytes are all in).
        let (code, stdout, stderr) = outcome(&run_in(dir.path(), args, None));
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}: {stderr}");
        assert!(
            stderr.contains("standard input (-) is no file"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("empty"), "{stderr}");
    }
    // Without --fix, the real findings.
    let (code, f) = check_json(dir.path(), "-", &[], Some(card.as_bytes()));
    assert_eq!(code, 1);
    assert_eq!(
        errors(&f),
        ["error dangling-link <stdin>:5:15 /related/0 | `related` target `x` is not a term of the glossary"]
    );
}

/// `check` counts findings per rule and shows ten of a rule unless asked for more (issue 23,
/// item 5).
#[test]
fn check_counts_findings_per_rule_and_caps_repeats() {
    let dir = scratch("check", "many-findings");
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
            "warnings in 300 cards from 1 file\n  {all} warning[one-way-related]\nfixable: {all} with `glossgraph check {corpus} --fix`\n"
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

/// `check --format json` answers in JSON whatever happens: an input that cannot be read, a
/// configuration that cannot be used (issue 23, item 6).
#[test]
fn check_with_json_answers_in_json_whatever_happens() {
    let dir = scratch("check", "json-always");
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

/// Issue 40, item 13: one broken line of JSON Lines is one error: the links to its card (whose slug
/// is still legible) are not dangling, and its neighbours are no orphans.
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

/// Issue 49: a note's Markdown raises nothing (a link, a reference link, a code span with
/// brackets, `B[e]` inside a word, an escaped bracket); a mistyped marker is one error at its
/// own line and column, suggesting the citation it meant, which `--fix --unsafe-fixes` puts
/// in its place.
#[test]
fn issue49_markers_are_read_where_markdown_leaves_text() {
    let c = r#"{"slug": "c", "term": "C", "definition": "D.", "related": ["a"],
 "note": "A [kube-proxy](/docs/reference/kube-proxy/) and [pods][p] with `wr[0]`, B[e] star, \\[not-a-marker].\n\nRoutability. [roce-mode]\n\n[p]: https://example.org/pods",
 "citations": [{"id": "roce-modes", "title": "RoCE modes", "url": "https://example.org/roce"}]}
"#;
    let files = with(&[("c.json", c), ("a.json", &card("a", &["b", "c"]))]);
    let dir = folder(&refs(&files));
    let (code, f) = check_json(dir.path(), ".", &[], None);
    assert_eq!(code, 1);
    let marker = f.iter().filter(|f| f.contains("unknown-citation")).count();
    assert_eq!(marker, 1, "{f:#?}");
    assert_eq!(
        errors(&f),
        ["error unknown-citation ./c.json:2:128 /note | marker `[roce-mode]` names no citation of this card | did you mean `[roce-modes]`?"]
    );
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--unsafe-fixes"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("replaced `[roce-mode]` by `[roce-modes]` in `note`"),
        "{stderr}"
    );
    let fixed: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("c.json")).unwrap()).unwrap();
    assert_eq!(
        fixed["note"],
        "A [kube-proxy](/docs/reference/kube-proxy/) and [pods][p] with `wr[0]`, B[e] star, \\[not-a-marker].\n\nRoutability. [roce-modes]\n\n[p]: https://example.org/pods"
    );
    let (code, f) = check_json(dir.path(), ".", &[], None);
    assert_eq!((code, errors(&f)), (0, Vec::<&str>::new()), "{f:#?}");
}
