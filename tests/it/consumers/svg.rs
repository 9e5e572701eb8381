//! The SVG glossgraph draws itself, read by other programs: xmllint and librsvg
//! (`rsvg-convert`) read it, and Python's XML parser finds every term with its label, link and
//! tooltip, hostile text included; a hierarchy's hollow `broader` heads and the small heads
//! of term links draw in librsvg.

use glossgraph::card::markdown::plain;
use glossgraph::export::drawing::concept_iri;

use super::dot::svg_nodes;
use super::{hostile, tool};
use crate::svg::{drawn_svg, geometry, map_of_2000_terms};
use crate::util::fixtures::sample;
use crate::util::{root, scratch};

#[test]
fn xmllint_and_librsvg_read_the_sample_svg() {
    let svg = root().join("exports/glossary.svg");
    let lint = tool("xmllint", &["--nonet", "--noout", svg.to_str().unwrap()]);
    assert!(lint.status.success() && lint.stderr.is_empty(), "{lint:?}");
    let dir = scratch("svg", "rsvg");
    let png = dir.join("map.png");
    let drawn = tool(
        "rsvg-convert",
        &[
            "--format",
            "png",
            "-o",
            png.to_str().unwrap(),
            svg.to_str().unwrap(),
        ],
    );
    assert!(
        drawn.status.success() && drawn.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    let head = std::fs::read(&png).unwrap();
    assert!(head.starts_with(b"\x89PNG\r\n\x1a\n"));
    // The PNG has the SVG's size (points drawn at 96 dpi: 4/3 pixels each).
    let g = geometry(&svg);
    let width = u32::from_be_bytes(head[16..20].try_into().unwrap());
    assert_eq!(width, (g.size.0 * 4.0 / 3.0).ceil() as u32);
}

#[test]
fn every_sample_term_has_its_label_link_and_tooltip() {
    let (glossary, config) = sample();
    let svg = root().join("exports/glossary.svg");
    let nodes = svg_nodes(&svg);
    assert_eq!(nodes.len(), glossary.cards().len());
    for card in glossary.cards() {
        let node = &nodes[card.slug()];
        assert_eq!(
            node["texts"],
            serde_json::json!([card.term()]),
            "{}",
            card.slug()
        );
        assert_eq!(
            node["tooltip"],
            *plain(card.definition()),
            "{}",
            card.slug()
        );
        assert_eq!(node["href"], concept_iri(&config.base, card.slug()));
    }
}

#[test]
fn hostile_text_survives_into_the_svg() {
    let (glossary, config) = hostile();
    let dir = scratch("svg", "hostile");
    let svg = dir.join("hostile.svg");
    drawn_svg(&glossary, &config, &svg);
    let lint = tool("xmllint", &["--nonet", "--noout", svg.to_str().unwrap()]);
    assert!(lint.status.success() && lint.stderr.is_empty(), "{lint:?}");
    let nodes = svg_nodes(&svg);
    for card in glossary.cards() {
        let node = &nodes[card.slug()];
        // The label is the term, exactly (cut with `…` when longer than the widest box).
        let shown = node["texts"][0].as_str().unwrap();
        let term = card.term();
        let cut = shown.strip_suffix('…').unwrap_or(shown);
        assert!(term.starts_with(cut), "{}: {shown:?}", card.slug());
        assert_eq!(
            node["tooltip"],
            *plain(card.definition()),
            "{}",
            card.slug()
        );
    }
}

#[test]
fn xmllint_reads_a_generated_2000_term_map() {
    let (_, svg) = map_of_2000_terms(&scratch("svg", "generated-2000-xmllint"));
    let lint = tool("xmllint", &["--nonet", "--noout", svg.to_str().unwrap()]);
    assert!(lint.status.success(), "{lint:?}");
}

/// Asserts that xmllint parses `svg` and librsvg draws it into `png`, both without a word.
fn parsed_and_drawn(svg: &std::path::Path, png: &std::path::Path) {
    let lint = tool("xmllint", &["--nonet", "--noout", svg.to_str().unwrap()]);
    assert!(lint.status.success() && lint.stderr.is_empty(), "{lint:?}");
    let drawn = tool(
        "rsvg-convert",
        &["-o", png.to_str().unwrap(), svg.to_str().unwrap()],
    );
    assert!(
        drawn.status.success() && drawn.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
}

/// Issue 48: the map of a three-level hierarchy, with its hollow-headed `broader` arrows,
/// parses (xmllint), draws without a complaint (librsvg) and shows every term (Python).
#[test]
fn xmllint_librsvg_and_python_read_the_map_of_a_hierarchy() {
    let (_, glossary, config) = crate::util::fixtures::classification();
    let svg = crate::broader::exported_file("glossary.svg");
    parsed_and_drawn(&svg, &scratch("svg", "hierarchy").join("map.png"));
    let nodes = svg_nodes(&svg);
    assert_eq!(nodes.len(), glossary.cards().len());
    for card in glossary.cards() {
        let node = &nodes[card.slug()];
        assert_eq!(
            node["texts"],
            serde_json::json!([card.term()]),
            "{}",
            card.slug()
        );
        assert_eq!(node["href"], concept_iri(&config.base, card.slug()));
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(
        text.matches("marker-end=\"url(#broader").count(),
        10 + 1,
        "ten and the legend's"
    );
}

/// Issue 60: the map of a glossary linked only in its texts, with its term links' dotted
/// lines and small heads, parses (xmllint), draws without a complaint (librsvg) and shows
/// every term (Python); each term link is an arrow, and the legend's sample another.
#[test]
fn xmllint_librsvg_and_python_read_the_map_of_a_glossary_linked_in_its_texts() {
    let (_, glossary, config) = crate::util::fixtures::linked_in_texts();
    let dir = scratch("svg", "term-links");
    let svg = dir.join("map.svg");
    let out = drawn_svg(&glossary, &config, &svg);
    parsed_and_drawn(&svg, &dir.join("map.png"));
    assert_eq!(svg_nodes(&svg).len(), glossary.cards().len());
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text.matches("marker-end=\"url(#term-link)\"").count(),
        glossary.text_links().len() + 1,
        "seven and the legend's"
    );
}
