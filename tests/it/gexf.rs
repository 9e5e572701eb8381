//! GEXF: a glossary without `supersedes` is an undirected graph. (NetworkX and graphology read
//! every attribute, place and link of the GEXF in `consumers/gexf.rs`.)

use crate::util::{glossgraph, ok, scratch};

#[test]
fn a_glossary_without_supersedes_is_an_undirected_graph() {
    let dir = scratch("gexf", "undirected-rust");
    let cards = dir.join("cards");
    std::fs::create_dir_all(&cards).unwrap();
    for (slug, related) in [("a", "b"), ("b", "a")] {
        std::fs::write(
            cards.join(format!("{slug}.json")),
            format!(r#"{{"slug": "{slug}", "term": "{slug}", "definition": "d", "related": ["{related}"]}}"#),
        )
        .unwrap();
    }
    let out = dir.join("out");
    ok(&glossgraph(&[
        "export",
        cards.to_str().unwrap(),
        "--format",
        "gexf",
        "--out",
        out.to_str().unwrap(),
    ]));
    let text = std::fs::read_to_string(out.join("glossary.gexf")).unwrap();
    assert!(text.contains(r#"defaultedgetype="undirected""#), "{text}");
    assert!(!text.contains(r#"defaultedgetype="directed""#), "{text}");
}
