//! The examples in `docs/rdf.md`: the RoCEv2 card in every format, as exported (issue 3).

use std::fs;

use glossgraph::config::Config;
use glossgraph::export::Format;
use glossgraph::rdf::{vocab, write};
use oxigraph::model::{GraphNameRef, Quad};

use super::rdf::{prefixes_used_by, rdf_format, RDF_FORMATS};
use crate::util::fixtures::sample;
use crate::util::root;

// ---------------------------------------------------------------------------------------
// The examples in docs/rdf.md

/// Whether the test writes docs/rdf.md's examples instead of comparing with them
/// (`GLOSSGRAPH_BLESS=1`).
fn blessing() -> bool {
    std::env::var_os("GLOSSGRAPH_BLESS").is_some_and(|v| !v.is_empty())
}

/// Serializes the quads of one card's graph as `format`, declaring the prefixes they use.
fn excerpt(quads: &[Quad], config: &Config, format: Format) -> String {
    let gx = vocab::Iris::new(&config.base).gx_namespace().to_owned();
    let prefixes = prefixes_used_by(quads, &gx);
    let mut w = write::Writer::new(rdf_format(format), &prefixes, Vec::new()).unwrap();
    for q in quads {
        w.quad(q.as_ref()).unwrap();
    }
    let (bytes, _) = w.finish().unwrap();
    let text = String::from_utf8(bytes).unwrap();
    if format == Format::JsonLd {
        return indent_json(&text);
    }
    text
}

/// Indents one-line JSON by two spaces a level, keeping the order of keys, so that the
/// example can be read.
fn indent_json(json: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    let (mut in_string, mut escaped) = (false, false);
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    for c in json.chars() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                depth += 1;
                newline(&mut out, depth);
            }
            '}' | ']' => {
                depth -= 1;
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

#[test]
fn the_docs_show_the_roce_v2_card_as_exported() {
    let (glossary, config) = sample();
    let mut graph = String::new();
    vocab::Iris::new(&config.base).push_graph(&mut graph, "roce-v2");
    let quads: Vec<Quad> = write::quads(&glossary, &config)
        .filter(
            |q| matches!(q.graph_name.as_ref(), GraphNameRef::NamedNode(g) if g.as_str() == graph),
        )
        .collect();
    assert!(!quads.is_empty());
    let path = root().join("docs/rdf.md");
    let doc = fs::read_to_string(&path).unwrap();
    let mut updated = String::new();
    let mut rest = doc.as_str();
    for format in RDF_FORMATS {
        let open = format!("<!-- example: {} -->\n", format.name());
        let close = "<!-- /example -->";
        let start = rest
            .find(&open)
            .unwrap_or_else(|| panic!("docs/rdf.md has no `{}`", open.trim()))
            + open.len();
        let end = start + rest[start..].find(close).unwrap();
        let fence = match format {
            Format::RdfXml => "xml",
            Format::JsonLd => "json",
            Format::NTriples | Format::NQuads => "text",
            _ => "turtle",
        };
        let block = format!("```{fence}\n{}```\n", excerpt(&quads, &config, format));
        updated.push_str(&rest[..start]);
        updated.push_str(&block);
        rest = &rest[end..];
    }
    updated.push_str(rest);
    if blessing() {
        fs::write(&path, updated).unwrap();
    } else {
        assert!(
            updated == doc,
            "the examples in docs/rdf.md are not what the export writes; regenerate them with \
             GLOSSGRAPH_BLESS=1 cargo test --test it rdf_docs"
        );
    }
}
