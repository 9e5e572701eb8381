//! GraphML, judged by the tools people import it into: every file the tests write validates
//! against the GraphML XML Schema (xmllint), NetworkX and python-igraph load the default
//! profile with the right counts, types and labels, NetworkX finds yEd's labels, and hostile
//! text comes back exactly. Also the fixtures shared with `dot.rs`.
//!
//! The consumer tools are installed by `scripts/install-test-tools.sh`; a missing one fails
//! the test with a message saying so, it is never skipped.

use glossgraph::card::markdown::plain;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use glossgraph::card::{Draft, Texts};
use glossgraph::config::Config;
use glossgraph::export::graphml::{self, Profile, LIST_SEPARATOR};
use glossgraph::generate::{Generator, Params};
use glossgraph::{check, load, Card, Glossary};

// ---------------------------------------------------------------------------------------
// Fixtures and tools, shared with dot.rs.

/// The crate root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch folder for one test.
pub fn scratch(area: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(area).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a consumer tool; fails the test, with what to do, if it is not installed.
pub fn tool(program: &str, args: &[&str]) -> std::process::Output {
    match Command::new(program).args(args).output() {
        Ok(out) => out,
        Err(e) => panic!(
            "cannot run `{program}` ({e}): the consumer tools are missing; \
             run scripts/install-test-tools.sh"
        ),
    }
}

/// Loads and checks a glossary given as text, asserting that `check` finds no error.
pub fn checked(name: &str, text: &str) -> (Glossary, Config) {
    let config = Config::default();
    let checked = check::check(load::load_str(name, text), &config, Default::default());
    let mut report = Vec::new();
    checked.report.write_human(&mut report, false).unwrap();
    assert!(
        !checked.report.is_failure(false),
        "{}",
        String::from_utf8_lossy(&report)
    );
    (checked.glossary, config)
}

/// The sample glossary in data/, checked.
pub fn sample() -> (Glossary, Config) {
    let input = load::Input::Path(root().join("data"));
    let config =
        glossgraph::config::Config::resolve(input.config_dir().as_deref(), Default::default())
            .unwrap();
    let checked = check::check(load::load(&input).unwrap(), &config, Default::default());
    assert!(!checked.report.is_failure(false), "data/ has errors");
    (checked.glossary, config)
}

/// The hostile strings every format must carry unchanged.
pub const HOSTILE: [&str; 13] = [
    "Quote \"double\" and 'single'",
    "Back\\slash \\\\ and a trailing backslash\\",
    "<tag> & &amp; &lt;entity; a < b > c",
    "CDATA end ]]> and comment end -->",
    "Tab\tinside",
    "Line one\nline two",
    "Windows line\r\nend",
    "naïve Überprüfung 日本語 עברית\u{200F} RTL",
    "Emoji 😀🚀 and ✓",
    "Graphviz escapes \\N \\G \\E \\T \\H \\L \\n \\l \\r",
    "Percent %s {braces} #hash; semi|pipe",
    "\\",
    "\"",
];

/// A glossary whose every text is hostile: one card per [`HOSTILE`] string, as the term
/// (made unique), definition, note, alias, advantage, citation title and provenance; linked
/// by `related` in a ring and one `supersedes` pair. Passes `check` without errors.
pub fn hostile_cards() -> Vec<Draft> {
    let n = HOSTILE.len();
    let slug = |i: usize| format!("hostile-{i:02}");
    (0..n)
        .map(|i| {
            let text = HOSTILE[i];
            let json = serde_json::json!({
                "slug": slug(i),
                "term": format!("{text} #{i}"),
                "aliases": [format!("alias {i}: {text}")],
                "definition": format!("{text} (definition {i}) {}", HOSTILE[(i + 1) % n]),
                "note": format!("{text} [c{i}]\n\nSecond paragraph: {}", HOSTILE[(i + 2) % n]),
                "status": if i % 3 == 1 { "shipping" } else { "draft" },
                "advantages": [format!("adv {text}")],
                "related": [slug((i + 1) % n), slug((i + n - 1) % n)],
                "supersedes": if i == 1 { vec![slug(0)] } else { vec![] },
                "supersededBy": if i == 0 { vec![slug(1)] } else { vec![] },
                "citations": [{
                    "id": format!("c{i}"),
                    "title": format!("Title {text}"),
                    "url": format!("https://example.org/{i}?a=1&b=%222%22"),
                    "accessed": "2026-10-23"
                }],
                "provenance": [format!("prov {text}")],
                "updated": "2026-10-24",
            });
            let decoded = glossgraph::card::Decoded::from_json(&json.to_string()).unwrap();
            assert!(decoded.problems.is_empty(), "{:?}", decoded.problems);
            decoded.card.draft()
        })
        .collect()
}

/// The hostile glossary, checked.
pub fn hostile() -> (Glossary, Config) {
    let text: String = hostile_cards()
        .iter()
        .map(|c| c.to_json(false) + "\n")
        .collect();
    checked("hostile.jsonl", &text)
}

/// A generated glossary of `terms` terms (the `generate` command's corpus), as JSON Lines.
pub fn generated_jsonl(terms: u32) -> String {
    let mut out = Vec::new();
    Generator::new(Params::new(terms))
        .unwrap()
        .write_json_lines(&mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// The lines of `text` in a fixed pseudo-random order (a seeded Fisher–Yates shuffle).
pub fn shuffled_lines(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for i in (1..lines.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        lines.swap(i, (state % (i as u64 + 1)) as usize);
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

// ---------------------------------------------------------------------------------------
// GraphML helpers.

fn graphml(glossary: &Glossary, config: &Config, profile: Profile) -> Vec<u8> {
    let mut out = Vec::new();
    graphml::write(glossary, config, profile, &mut out).unwrap();
    out
}

/// Writes the GraphML of every profile into `dir` and validates each with xmllint.
fn write_and_validate(dir: &Path, glossary: &Glossary, config: &Config) -> Vec<(Profile, PathBuf)> {
    let plain = root().join("target/test-tools/graphml/graphml.xsd");
    assert!(
        plain.is_file(),
        "{} is missing: run scripts/install-test-tools.sh",
        plain.display()
    );
    let yed = root().join("tests/consumers/graphml-yed.xsd");
    Profile::ALL
        .iter()
        .map(|&profile| {
            let path = dir.join(format!("{}.graphml", profile.name()));
            std::fs::write(&path, graphml(glossary, config, profile)).unwrap();
            let schema = if profile == Profile::Yed {
                &yed
            } else {
                &plain
            };
            let out = tool(
                "xmllint",
                &[
                    "--nonet",
                    "--noout",
                    "--schema",
                    schema.to_str().unwrap(),
                    path.to_str().unwrap(),
                ],
            );
            assert!(
                out.status.success(),
                "{} does not validate against {}:\n{}",
                path.display(),
                schema.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("{} validates\n", path.display())
            );
            (profile, path)
        })
        .collect()
}

/// What NetworkX or igraph read from a GraphML file (see tests/consumers/graphml_read.py).
fn read_with(library: &str, path: &Path) -> Value {
    let script = root().join("tests/consumers/graphml_read.py");
    let out = tool(
        "python3",
        &[script.to_str().unwrap(), library, path.to_str().unwrap()],
    );
    assert!(
        out.status.success(),
        "{library} cannot read {}: {}\n(python3 with networkx and igraph is installed by \
         scripts/install-test-tools.sh)",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The string attributes of a card as every profile writes them.
fn expected_strings(card: &Card) -> Vec<(&'static str, String)> {
    let join = |items: Texts<'_>| items.iter().collect::<Vec<_>>().join(LIST_SEPARATOR);
    let mut out = vec![
        ("slug", card.slug().to_owned()),
        ("term", card.term().to_owned()),
        ("definition", plain(card.definition()).into_owned()),
    ];
    let optional = [
        (
            "status",
            card.status().map(str::to_owned).unwrap_or_default(),
        ),
        ("note", plain(card.note()).into_owned()),
        ("aliases", join(card.aliases())),
        ("advantages", join(card.advantages())),
        ("limitations", join(card.limitations())),
        ("related", join(card.related())),
        ("supersedes", join(card.supersedes())),
        ("supersededBy", join(card.superseded_by())),
        ("provenance", join(card.provenance())),
        (
            "citationTitles",
            card.citations()
                .iter()
                .map(|c| c.title)
                .collect::<Vec<_>>()
                .join(LIST_SEPARATOR),
        ),
        (
            "citationUrls",
            card.citations()
                .iter()
                .map(|c| c.url)
                .collect::<Vec<_>>()
                .join(LIST_SEPARATOR),
        ),
        (
            "updated",
            card.updated().map(|d| d.to_string()).unwrap_or_default(),
        ),
    ];
    out.extend(optional.into_iter().filter(|(_, v)| !v.is_empty()));
    out
}

pub fn expected_counts(card: &Card) -> [(&'static str, usize); 8] {
    [
        ("aliasCount", card.aliases().len()),
        ("advantageCount", card.advantages().len()),
        ("limitationCount", card.limitations().len()),
        ("relatedCount", card.related().len()),
        ("supersedesCount", card.supersedes().len()),
        ("supersededByCount", card.superseded_by().len()),
        ("citationCount", card.citations().len()),
        ("provenanceCount", card.provenance().len()),
    ]
}

/// Checks what a library read against the glossary: counts, every string exactly, counts as
/// numbers, the term as `label` (and `name`), edge kinds.
fn assert_reads_back(library: &str, read: &Value, glossary: &Glossary) {
    let nodes = read["nodes"].as_object().unwrap();
    let edges = read["edges"].as_array().unwrap();
    assert_eq!(read["directed"], true, "{library}");
    assert_eq!(nodes.len(), glossary.cards().len(), "{library}: node count");
    assert_eq!(
        edges.len(),
        glossary.graph().edge_count(),
        "{library}: edge count"
    );
    for card in glossary.cards() {
        let node = &nodes[card.slug()];
        for (key, value) in expected_strings(card) {
            assert_eq!(
                node[key].as_str(),
                Some(value.as_str()),
                "{library}: {}/{key}",
                card.slug()
            );
        }
        assert_eq!(
            node["label"].as_str(),
            Some(card.term()),
            "{library}: label"
        );
        assert_eq!(node["name"].as_str(), Some(card.term()), "{library}: name");
        for (key, count) in expected_counts(card) {
            let value = &node[key];
            match library {
                // NetworkX gives Python ints: JSON integers.
                "networkx" => assert_eq!(value.as_u64(), Some(count as u64), "{library}: {key}"),
                // igraph keeps every number as a double: an integral one.
                _ => assert_eq!(value.as_f64(), Some(count as f64), "{library}: {key}"),
            }
        }
    }
    let (related, supersedes) = glossary.edge_counts();
    let kind = |k: &str| edges.iter().filter(|e| e[2]["kind"] == k).count();
    assert_eq!(
        (kind("related"), kind("supersedes")),
        (related, supersedes),
        "{library}"
    );
    for edge in edges {
        let attrs = &edge[2];
        if attrs["kind"] == "related" {
            assert!(
                attrs["mutual"].is_boolean(),
                "{library}: mutual is a boolean"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// The tests.

#[test]
fn every_profile_validates_against_the_graphml_schema() {
    let generated = generated_jsonl(300);
    let fixtures = [
        ("sample", sample()),
        ("hostile", hostile()),
        ("generated", checked("generated.jsonl", &generated)),
    ];
    for (name, (glossary, config)) in &fixtures {
        let dir = scratch("graphml", &format!("schema-{name}"));
        let written = write_and_validate(&dir, glossary, config);
        assert_eq!(written.len(), 3);
    }
    // With stub nodes for dangling links, too.
    let (g, config) = sample();
    let mut cards: Vec<Draft> = g.cards().iter().map(Card::draft).collect();
    cards[0].related.push("no-such-term".into());
    let stubs = Glossary::new(cards.iter().map(Card::from).collect()).with_missing();
    write_and_validate(&scratch("graphml", "schema-stubs"), &stubs, &config);
}

#[test]
fn networkx_and_igraph_load_the_default_profile() {
    let (glossary, config) = sample();
    let dir = scratch("graphml", "consumers-sample");
    let path = dir.join("glossary.graphml");
    std::fs::write(&path, graphml(&glossary, &config, Profile::Default)).unwrap();
    for library in ["networkx", "igraph"] {
        let read = read_with(library, &path);
        assert_reads_back(library, &read, &glossary);
        assert_eq!(read["graph"]["title"], config.title.as_str());
    }
    // The sample's RoCEv2, spelled out.
    let read = read_with("networkx", &path);
    let roce = &read["nodes"]["roce-v2"];
    assert_eq!(roce["label"], "RoCEv2");
    assert_eq!(roce["aliasCount"], 2);
    assert_eq!(
        roce["aliases"],
        "RoCE v2\nRDMA over Converged Ethernet version 2"
    );
    assert_eq!(roce["citationCount"], 4);
    assert_eq!(roce["status"], "shipping");
}

#[test]
fn hostile_text_comes_back_exactly() {
    let (glossary, config) = hostile();
    let dir = scratch("graphml", "hostile");
    let written = write_and_validate(&dir, &glossary, &config);
    let default = &written[0].1;
    for library in ["networkx", "igraph"] {
        let read = read_with(library, default);
        assert_reads_back(library, &read, &glossary);
    }
    // Every hostile string is somewhere in the file, escaped, and comes back as a term.
    let read = read_with("networkx", default);
    let terms: Vec<&str> = read["nodes"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n["term"].as_str().unwrap())
        .collect();
    for (i, text) in HOSTILE.iter().enumerate() {
        assert!(terms.contains(&format!("{text} #{i}").as_str()), "{text:?}");
    }
}

#[test]
fn networkx_finds_the_yed_labels() {
    for (name, (glossary, config)) in [("sample", sample()), ("hostile", hostile())] {
        let dir = scratch("graphml", &format!("yed-{name}"));
        let path = dir.join("glossary.yed.graphml");
        std::fs::write(&path, graphml(&glossary, &config, Profile::Yed)).unwrap();
        let read = read_with("networkx", &path);
        let nodes = read["nodes"].as_object().unwrap();
        assert_eq!(nodes.len(), glossary.cards().len());
        for card in glossary.cards() {
            // NetworkX puts the text of y:NodeLabel into `label`.
            assert_eq!(nodes[card.slug()]["label"].as_str(), Some(card.term()));
            assert_eq!(nodes[card.slug()]["shape_type"], "roundrectangle");
        }
        assert_eq!(
            read["edges"].as_array().unwrap().len(),
            glossary.graph().edge_count()
        );
    }
}

#[test]
fn the_neo4j_profile_carries_labels_and_relationship_types_where_apoc_reads_them() {
    let (glossary, config) = sample();
    let xml = String::from_utf8(graphml(&glossary, &config, Profile::Neo4j)).unwrap();
    // APOC's reader (readLabels: true) takes the relationship type from the first <data> of an
    // edge when its key is `label`, and node labels from <data key="labels">.
    let mut edges = 0;
    for edge in xml.split("<edge ").skip(1) {
        let first = edge.split("<data ").nth(1).unwrap();
        assert!(
            first.starts_with(r#"key="label">RELATED</data>"#)
                || first.starts_with(r#"key="label">SUPERSEDES</data>"#),
            "{first}"
        );
        edges += 1;
    }
    assert_eq!(edges, glossary.graph().edge_count());
    assert!(xml.contains(r#"<data key="labels">:Term:Shipping</data>"#));
    assert!(xml.contains(r#"<data key="labels">:Term:Obsolete</data>"#));
    let dir = scratch("graphml", "neo4j");
    let path = dir.join("glossary.neo4j.graphml");
    std::fs::write(&path, &xml).unwrap();
    let read = read_with("networkx", &path);
    assert_eq!(read["nodes"]["roce-v2"]["labels"], ":Term:Shipping");
    assert_eq!(read["nodes"]["roce-v2"]["name"], "RoCEv2");
}

#[test]
fn output_is_byte_stable_across_runs_and_input_orders() {
    let text = generated_jsonl(500);
    let (a, config) = checked("a.jsonl", &text);
    let (b, _) = checked("b.jsonl", &shuffled_lines(&text));
    let (c, _) = checked("c.jsonl", &shuffled_lines(&shuffled_lines(&text)));
    for profile in Profile::ALL {
        let first = graphml(&a, &config, profile);
        assert_eq!(
            first,
            graphml(&a, &config, profile),
            "{profile:?}: run to run"
        );
        assert_eq!(
            first,
            graphml(&b, &config, profile),
            "{profile:?}: shuffled"
        );
        assert_eq!(
            first,
            graphml(&c, &config, profile),
            "{profile:?}: shuffled twice"
        );
    }
}

#[test]
fn a_character_xml_cannot_carry_stops_the_writer_with_the_term_named() {
    // The checker rejects it first (invalid-char); the writer still refuses to write it.
    let mut cards = hostile_cards();
    cards[3].definition.push('\u{1}');
    let glossary = Glossary::new(cards.iter().map(Card::from).collect());
    let err = graphml::write(&glossary, &Config::default(), Profile::Default, Vec::new())
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "term `hostile-03`: `definition` holds the character U+0001, which XML 1.0 cannot \
         carry (`glossgraph check` reports it as invalid-char)"
    );
}
