//! Node-link JSON and Cytoscape.js JSON: finite numbers on degenerate layouts. (NetworkX and
//! Cytoscape.js read every attribute and link of them in `consumers/nodelink.rs` and
//! `consumers/cytoscape.rs`.)

use serde_json::{json, Value};

use crate::util::{glossgraph, ok, scratch};

/// Issue 39: every JSON output's numbers are finite on degenerate layouts — one term, two
/// terms linked to each other, and a glossary with a component of one term — so every JSON
/// parser reads them (Python's `json` refuses `NaN` only when asked; `serde_json` always does).
#[test]
fn degenerate_layouts_give_finite_numbers_in_every_json_output() {
    let card = |slug: &str, related: &[&str]| {
        json!({"slug": slug, "term": slug.to_uppercase(), "definition": "A term.", "related": related})
            .to_string()
    };
    let cases: [(&str, Vec<String>); 3] = [
        ("one-term", vec![card("solo", &[])]),
        ("two-terms", vec![card("a", &["b"]), card("b", &["a"])]),
        (
            "a-component-of-one",
            vec![card("a", &["b"]), card("b", &["a"]), card("lone", &[])],
        ),
    ];
    for (name, cards) in cases {
        let dir = scratch("nodelink", &format!("degenerate-{name}"));
        let input = dir.join("cards.jsonl");
        std::fs::write(&input, cards.join("\n") + "\n").unwrap();
        let out = dir.join("out");
        ok(&glossgraph(&[
            "export",
            input.to_str().unwrap(),
            "--format",
            "nodelink,cytoscape,html",
            "--out",
            out.to_str().unwrap(),
        ]));
        for file in ["glossary.nodelink.json", "glossary.cyjs"] {
            let text = std::fs::read_to_string(out.join(file)).unwrap();
            let value: Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{name}/{file} is not JSON ({e}): {text}"));
            let mut numbers = Vec::new();
            collect_numbers(&value, &mut numbers);
            assert!(!numbers.is_empty(), "{name}/{file}");
            assert!(numbers.iter().all(|n| n.is_finite()), "{name}/{file}");
        }
    }
}

fn collect_numbers(value: &Value, out: &mut Vec<f64>) {
    match value {
        Value::Number(n) => out.extend(n.as_f64()),
        Value::Array(items) => items.iter().for_each(|v| collect_numbers(v, out)),
        Value::Object(members) => members.values().for_each(|v| collect_numbers(v, out)),
        _ => {}
    }
}
