//! GraphML: the same bytes in every profile whatever the order of the cards, the Neo4j
//! profile's labels and relationship types where APOC reads them, and a character XML cannot
//! carry refused with its term named. (The GraphML schema, NetworkX and igraph read it in
//! `consumers/graphml.rs`.)

use glossgraph::config::Config;
use glossgraph::export::graphml::{self, Profile};
use glossgraph::{Card, Glossary};

use crate::util::fixtures::{checked, generated_jsonl, hostile_cards, sample, shuffled_lines};

// ---------------------------------------------------------------------------------------
// GraphML helpers.

pub(crate) fn write_graphml(glossary: &Glossary, config: &Config, profile: Profile) -> Vec<u8> {
    let mut out = Vec::new();
    graphml::write(glossary, config, profile, &mut out).unwrap();
    out
}

// ---------------------------------------------------------------------------------------
// The tests.

#[test]
fn the_neo4j_profile_carries_labels_and_relationship_types_where_apoc_reads_them() {
    let (glossary, config) = sample();
    let xml = String::from_utf8(write_graphml(&glossary, &config, Profile::Neo4j)).unwrap();
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
}

#[test]
fn output_is_byte_stable_across_runs_and_input_orders() {
    let text = generated_jsonl(500);
    let (a, config) = checked("a.jsonl", &text);
    let (b, _) = checked("b.jsonl", &shuffled_lines(&text));
    let (c, _) = checked("c.jsonl", &shuffled_lines(&shuffled_lines(&text)));
    for profile in Profile::ALL {
        let first = write_graphml(&a, &config, profile);
        assert_eq!(
            first,
            write_graphml(&a, &config, profile),
            "{profile:?}: run to run"
        );
        assert_eq!(
            first,
            write_graphml(&b, &config, profile),
            "{profile:?}: shuffled"
        );
        assert_eq!(
            first,
            write_graphml(&c, &config, profile),
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
