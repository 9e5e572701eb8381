//! DOT topic maps, judged by Graphviz: every DOT the tests write renders with `dot` (or
//! `sfdp` for a generated 2,000-term glossary) with exit 0, nothing on stderr and an SVG that
//! xmllint parses; the SVG shows each term's label, tooltip and link exactly, hostile text
//! included, and tooltips cut where Graphviz would refuse them; Graphviz's own account of what
//! it drew (`-Tjson`) tells `broader` arrows (hollow heads) from `supersedes` ones (filled) and
//! `related` lines (dashed, no head) and term links (dotted, a small filled head);
//! `glossgraph render` writes SVG, PNG and PDF with Graphviz's engines.

use glossgraph::card::markdown::plain;
use std::path::Path;

use serde_json::Value;

use glossgraph::config::Config;
use glossgraph::export::dot::MAX_QUOTED;
use glossgraph::export::drawing::{concept_iri, Cluster, Engine, View};
use glossgraph::{Card, Glossary};

use super::{hostile, tool};
use crate::dot::{dot_text, long_definitions, map_of_5000_terms};
use crate::util::fixtures::{
    checked, classification, generated_jsonl, linked_in_texts, sample, HOSTILE,
};
use crate::util::{glossgraph, root, scratch, stderr};

/// Writes the DOT of `view`, renders it to SVG with the view's engine and checks the three
/// things Graphviz can get wrong: the exit code, stderr (Graphviz exits 0 on many warnings)
/// and the SVG's well-formedness. Returns the SVG's path.
fn render_clean(
    dir: &Path,
    name: &str,
    glossary: &Glossary,
    config: &Config,
    view: &View,
) -> std::path::PathBuf {
    let dot_path = dir.join(format!("{name}.dot"));
    let svg_path = dir.join(format!("{name}.svg"));
    std::fs::write(&dot_path, dot_text(glossary, config, view)).unwrap();
    let (program, args) = view.engine.program();
    let mut args = args.to_vec();
    args.extend([
        "-Tsvg",
        "-o",
        svg_path.to_str().unwrap(),
        dot_path.to_str().unwrap(),
    ]);
    let out = tool(program, &args);
    assert!(
        out.status.success(),
        "{name}: {} failed: {}",
        view.engine.name(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "{name}: Graphviz warned"
    );
    let lint = tool(
        "xmllint",
        &["--nonet", "--noout", svg_path.to_str().unwrap()],
    );
    assert!(
        lint.status.success(),
        "{name}: the SVG is not well-formed XML: {}",
        String::from_utf8_lossy(&lint.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&lint.stderr),
        "",
        "{name}: xmllint complained"
    );
    svg_path
}

/// What each node of an SVG shows (see tests/consumers/svg_nodes.py).
pub fn svg_nodes(svg: &Path) -> serde_json::Map<String, Value> {
    let script = root().join("tests/consumers/svg_nodes.py");
    let out = tool(
        "python3",
        &[script.to_str().unwrap(), svg.to_str().unwrap()],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    match serde_json::from_slice(&out.stdout).unwrap() {
        Value::Object(map) => map,
        other => panic!("{other}"),
    }
}

/// Graphviz draws a line break for LF, CR LF and CR alike.
fn lines(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// What an SVG tooltip reads as: Graphviz writes a tab into the attribute raw, and XML
/// attribute normalisation reads it back as a space.
fn tooltip(text: &str) -> String {
    lines(text).replace('\t', " ")
}

/// Asserts that every drawn term shows its term as label, its definition as tooltip and its
/// concept IRI as link, exactly.
fn assert_nodes_show_their_cards(svg: &Path, cards: &[&Card], config: &Config) {
    let nodes = svg_nodes(svg);
    assert_eq!(nodes.len(), cards.len());
    for card in cards {
        let node = &nodes[card.slug()];
        let texts: Vec<&str> = node["texts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        assert_eq!(
            texts.join("\n"),
            lines(card.term()),
            "{}: label",
            card.slug()
        );
        assert_eq!(
            node["tooltip"].as_str(),
            Some(tooltip(&plain(card.definition())).as_str()),
            "{}: tooltip",
            card.slug()
        );
        assert_eq!(
            node["href"].as_str(),
            Some(concept_iri(&config.base, card.slug()).as_str()),
            "{}: link",
            card.slug()
        );
    }
}

#[test]
fn graphviz_renders_every_view_of_the_sample_cleanly() {
    let (glossary, config) = sample();
    let dir = scratch("dot", "views");
    let focus = |slug: &str, depth| View {
        focus: Some(slug.into()),
        depth,
        ..View::default()
    };
    let views = [
        ("all", View::default()),
        ("focus-1", focus("roce-v2", 1)),
        ("focus-2", focus("roce-v2", 2)),
        ("focus-chain", focus("nvme-of-1-1", 3)),
        (
            "status",
            View {
                cluster: Cluster::Status,
                engine: Engine::Dot,
                ..View::default()
            },
        ),
        (
            "component",
            View {
                cluster: Cluster::Component,
                ..View::default()
            },
        ),
        (
            "filtered",
            View {
                statuses: vec!["shipping".into()],
                cluster: Cluster::Component,
                ..focus("dcbx", 2)
            },
        ),
        (
            "sfdp",
            View {
                engine: Engine::Sfdp,
                ..View::default()
            },
        ),
    ];
    for (name, view) in &views {
        render_clean(&dir, name, &glossary, &config, view);
    }
}

#[test]
fn the_sample_svg_shows_each_terms_label_tooltip_and_link() {
    let (glossary, config) = sample();
    let dir = scratch("dot", "sample-svg");
    let svg = render_clean(&dir, "all", &glossary, &config, &View::default());
    let cards: Vec<&Card> = glossary.cards().iter().collect();
    assert_nodes_show_their_cards(&svg, &cards, &config);
    let text = std::fs::read_to_string(&svg).unwrap();
    // The legend names the statuses in use and the two kinds of edge.
    assert!(text.contains(">shipping</text>"));
    assert!(text.contains("supersedes (old → new)"));
}

#[test]
fn hostile_text_survives_into_the_svg() {
    let (glossary, config) = hostile();
    let dir = scratch("dot", "hostile");
    for (name, view) in [
        ("all", View::default()),
        (
            "clusters",
            View {
                cluster: Cluster::Status,
                engine: Engine::Dot,
                ..View::default()
            },
        ),
        (
            "sfdp",
            View {
                engine: Engine::Sfdp,
                ..View::default()
            },
        ),
    ] {
        let svg = render_clean(&dir, name, &glossary, &config, &view);
        let cards: Vec<&Card> = glossary.cards().iter().collect();
        assert_nodes_show_their_cards(&svg, &cards, &config);
    }
    assert_eq!(glossary.cards().len(), HOSTILE.len());
}

#[test]
fn tooltips_longer_than_graphviz_accepts_are_cut_safely() {
    let (glossary, config) = long_definitions();
    let dir = scratch("dot", "long");
    let svg = render_clean(&dir, "long", &glossary, &config, &View::default());
    let nodes = svg_nodes(&svg);
    for card in &glossary.cards()[..4] {
        let tooltip = nodes[card.slug()]["tooltip"].as_str().unwrap();
        let kept = tooltip
            .strip_suffix('…')
            .expect("a cut tooltip ends with …");
        assert!(card.definition().starts_with(kept), "{}", card.slug());
        assert!(
            kept.len() > MAX_QUOTED / 5,
            "{}: cut too early ({} bytes)",
            card.slug(),
            kept.len()
        );
    }
}

#[test]
fn sfdp_renders_a_generated_2000_term_glossary() {
    // 2,000: at 5,000 sfdp took two minutes of a loaded machine's test run.
    let (glossary, config) = checked("2000.jsonl", &generated_jsonl(2000));
    let dir = scratch("dot", "sfdp-2000");
    let view = View {
        engine: Engine::Sfdp,
        max_nodes: Some(Engine::Sfdp.default_max_nodes()),
        ..View::default()
    };
    let svg = render_clean(&dir, "2000", &glossary, &config, &view);
    let nodes = svg_nodes(&svg);
    assert_eq!(nodes.len(), 2000);
}

#[test]
fn render_writes_svg_png_and_pdf_and_leaves_no_temporary_file() {
    let dir = scratch("dot", "render");
    for (file, magic) in [
        ("roce-v2.svg", &b"<?xml"[..]),
        ("roce-v2.png", b"\x89PNG"),
        ("roce-v2.pdf", b"%PDF"),
    ] {
        let output = dir.join(file);
        let out = glossgraph(&[
            "render",
            "--focus",
            "roce-v2",
            "--output",
            output.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let said = format!("glossgraph: wrote {} (", output.display());
        assert!(stderr(&out).starts_with(&said), "{}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
        assert!(std::fs::read(&output).unwrap().starts_with(magic), "{file}");
    }
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    let svg = dir.join("roce-v2.svg");
    let nodes = svg_nodes(&svg);
    assert!(nodes.contains_key("roce-v2") && nodes.contains_key("iwarp"));
}

#[test]
fn render_draws_past_the_limit_when_it_is_raised() {
    let dir = scratch("dot", "size-guard-raised");
    let input = dir.join("600.jsonl");
    std::fs::write(&input, generated_jsonl(600)).unwrap();
    let output = dir.join("map.svg");
    let (input, output_arg) = (input.to_str().unwrap(), output.to_str().unwrap());
    let out = glossgraph(&[
        "render",
        input,
        "--output",
        output_arg,
        "--max-nodes",
        "600",
        "--engine",
        "sfdp",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(output.exists());
}

#[test]
fn xmllint_and_python_read_the_5000_term_map() {
    let (_, svg) = map_of_5000_terms();
    let lint = tool("xmllint", &["--nonet", "--noout", svg.to_str().unwrap()]);
    assert!(
        lint.status.success(),
        "{}",
        String::from_utf8_lossy(&lint.stderr)
    );
    assert_eq!(svg_nodes(&svg).len(), 5000);
}

/// Issue 40, item 11: a picture's size in pixels.
#[test]
fn render_says_the_size_of_a_png() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.png");
    let out = glossgraph(&["render", "--output", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let said = format!("glossgraph: wrote {} (", path.display());
    assert!(stderr(&out).contains(&said), "{}", stderr(&out));
    assert!(stderr(&out).contains(" pixels)"), "{}", stderr(&out));
}

/// What Graphviz drew for each edge of the DOT of `view`, by its `-Tjson` output: `(tail,
/// head, kind)`, the kind told by how it drew the edge: a dashed line without a head is
/// `related`, a dotted one a term link, a head drawn as a filled polygon `supersedes`, as an
/// unfilled one `broader`.
fn drawn_by_graphviz(
    dir: &Path,
    glossary: &Glossary,
    config: &Config,
    view: &View,
) -> Vec<(String, String, &'static str)> {
    let dot_path = dir.join("drawn.dot");
    std::fs::write(&dot_path, dot_text(glossary, config, view)).unwrap();
    let (program, args) = view.engine.program();
    let mut args = args.to_vec();
    args.extend(["-Tjson", dot_path.to_str().unwrap()]);
    let out = tool(program, &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let name = |id: &Value| {
        json["objects"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["_gvid"] == *id)
            .unwrap()["name"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let mut edges = Vec::new();
    for edge in json["edges"].as_array().unwrap() {
        if edge["style"] == "invis" {
            continue;
        }
        let ops: Vec<&str> = edge["_hdraw_"]
            .as_array()
            .map(|d| d.iter().map(|o| o["op"].as_str().unwrap()).collect())
            .unwrap_or_default();
        if edge["style"] == "dotted" {
            assert!(ops.contains(&"P"), "a term link's head is filled: {edge}");
            edges.push((name(&edge["tail"]), name(&edge["head"]), "term link"));
            continue;
        }
        let kind = match (ops.contains(&"P"), ops.contains(&"p")) {
            (false, false) => {
                assert_eq!(edge["style"], "dashed", "{edge}");
                "related"
            }
            (true, false) => "supersedes",
            (false, true) => "broader",
            _ => panic!("two heads: {edge}"),
        };
        edges.push((name(&edge["tail"]), name(&edge["head"]), kind));
    }
    edges.sort();
    edges
}

/// Issues 48 and 50: Graphviz draws a hierarchy's `broader` links with hollow heads at the
/// broader term, apart from `related` lines and from the sample's filled `supersedes` heads,
/// on the pinned map and on its own layered layout, without a warning.
#[test]
fn graphviz_draws_broader_links_with_hollow_heads_apart_from_the_others() {
    let dir = scratch("dot", "hierarchy");
    let (_, glossary, config) = classification();
    for (name, view) in [
        ("map", View::default()),
        (
            "topics",
            View {
                cluster: Cluster::Topic,
                ..View::default()
            },
        ),
        (
            "layered",
            View {
                engine: Engine::Dot,
                ..View::default()
            },
        ),
    ] {
        let svg = render_clean(&dir, name, &glossary, &config, &view);
        assert_eq!(svg_nodes(&svg).len(), glossary.cards().len(), "{name}");
        let mut expected: Vec<(String, String, &str)> = glossary
            .edges()
            .map(|(a, b, link)| {
                (
                    glossary.slug(a).into(),
                    glossary.slug(b).into(),
                    link.kind(),
                )
            })
            .collect();
        expected.sort();
        assert_eq!(
            drawn_by_graphviz(&dir, &glossary, &config, &view),
            expected,
            "{name}"
        );
        assert!(expected.iter().filter(|e| e.2 == "broader").count() == 10);
    }
    // The sample's supersedes arrows keep their filled heads.
    let (sample, config) = sample();
    let drawn = drawn_by_graphviz(&dir, &sample, &config, &View::default());
    assert_eq!(
        drawn.iter().filter(|e| e.2 == "supersedes").count(),
        sample.edge_counts().supersedes
    );
    assert!(drawn.iter().all(|e| e.2 != "broader"));
}

/// Issue 60: a glossary linked only in its texts. Graphviz draws each of its term links once,
/// as a dotted arrow from the linking term to the linked, on the pinned map and on its own
/// layered layout, without a warning, and the legend explains them; the sample's map, which
/// has none, does not.
#[test]
fn graphviz_draws_the_term_links_of_a_glossary_linked_only_in_its_texts() {
    let dir = scratch("dot", "term-links");
    let (_, glossary, config) = linked_in_texts();
    let slug = |i: u32| glossary.cards()[i as usize].slug().to_owned();
    let mut expected: Vec<(String, String, &str)> = glossary
        .text_links()
        .iter()
        .map(|&(a, b)| (slug(a), slug(b), "term link"))
        .collect();
    expected.sort();
    for (name, view) in [
        ("map", View::default()),
        (
            "layered",
            View {
                engine: Engine::Dot,
                ..View::default()
            },
        ),
    ] {
        let svg = render_clean(&dir, name, &glossary, &config, &view);
        assert_eq!(svg_nodes(&svg).len(), 6, "{name}");
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.contains("term link (linking → linked)"), "{name}");
        assert_eq!(
            drawn_by_graphviz(&dir, &glossary, &config, &view),
            expected,
            "{name}"
        );
    }
    let (sample, config) = sample();
    let text = String::from_utf8(dot_text(&sample, &config, &View::default())).unwrap();
    assert!(!text.contains("term link") && !text.contains("dotted"));
}
