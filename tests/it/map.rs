//! The topic map (topics and positions) is computed once and carried by every graph output:
//! the same glossary gives the same bytes whatever the order of its cards, and the outputs
//! agree with one another on every term's topic and place.

use std::collections::BTreeMap;

use glossgraph::generate::{Generator, Params};

use crate::util::fixtures::shuffled_lines;
use crate::util::{glossgraph, ok, scratch};

/// A generated glossary of `terms` terms with planted topics, as JSON Lines.
fn with_topics(terms: u32) -> String {
    let mut out = Vec::new();
    let params = Params {
        topic_strength: 0.8,
        ..Params::new(terms)
    };
    Generator::new(params)
        .unwrap()
        .write_json_lines(&mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// The files of `export --format gexf,graphml,graphml-yed,dot,html` of `cards`.
fn exported(dir: &std::path::Path, name: &str, cards: &str) -> BTreeMap<String, Vec<u8>> {
    let input = dir.join(format!("{name}.jsonl"));
    std::fs::write(&input, cards).unwrap();
    let out = dir.join(name);
    ok(&glossgraph(&[
        "export",
        input.to_str().unwrap(),
        "--format",
        "gexf,graphml,graphml-yed,dot,html",
        "--out",
        out.to_str().unwrap(),
    ]));
    std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_name() != "manifest.json")
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn shuffled_cards_give_the_same_topics_and_places_in_every_output() {
    let dir = scratch("map", "shuffled");
    let text = with_topics(1500);
    let a = exported(&dir, "a", &text);
    let b = exported(&dir, "b", &shuffled_lines(&text));
    assert_eq!(a.len(), 5);
    for (name, bytes) in &a {
        assert!(
            b[name] == *bytes,
            "{name} differs with the cards in another order"
        );
    }
}

#[test]
fn graphml_and_gexf_agree_on_every_terms_topic_and_place() {
    let dir = scratch("map", "agree");
    let files = exported(&dir, "g", &with_topics(600));
    let graphml = String::from_utf8(files["glossary.graphml"].clone()).unwrap();
    let gexf = String::from_utf8(files["glossary.gexf"].clone()).unwrap();
    // Per node in GraphML: <data key="topic">…</data> … <data key="x">…</data><data key="y">…
    let mut places = Vec::new();
    for node in graphml.split("<node id=\"").skip(1) {
        let slug = &node[..node.find('"').unwrap()];
        let value = |key: &str| {
            let tag = format!("<data key=\"{key}\">");
            let start = node.find(&tag).unwrap() + tag.len();
            node[start..start + node[start..].find('<').unwrap()].to_owned()
        };
        places.push((slug.to_owned(), value("topic"), value("x"), value("y")));
    }
    assert_eq!(places.len(), 600);
    for (slug, topic, x, y) in places {
        let at = gexf.find(&format!("<node id=\"{slug}\" ")).unwrap();
        let node = &gexf[at..at + gexf[at..].find("</node>").unwrap()];
        assert!(
            node.contains(&format!("<attvalue for=\"topic\" value=\"{topic}\"/>")),
            "{slug}"
        );
        assert!(
            node.contains(&format!("<viz:position x=\"{x}\" y=\"{y}\" z=\"0.0\"/>")),
            "{slug}"
        );
    }
}

/// Cards joined only as real glossaries join them: a documentation site's in their texts
/// (`../slug/` as `import DIR` writes it, `/slug/` as the CNCF glossary does, the term's IRI
/// under the glossary's base), a thesaurus's
/// by `broader`/`narrower` (one link stated from each end, one to a concept outside it), and
/// one term nothing links. As JSON Lines.
fn joined_by_texts_and_hierarchy() -> String {
    let card = |slug: &str, note: &str, extra: &str| {
        format!("{{\"slug\":\"{slug}\",\"term\":\"{slug}\",\"definition\":\"The {slug}.\",\"note\":\"{note}\"{extra}}}\n")
    };
    [
        card(
            "pod",
            "Runs [containers](../container/) on a [node](../node/).",
            "",
        ),
        card("container", "Runs in a [Pod](/pod/).", ""),
        card(
            "node",
            "Runs [pods](../pod/); see [the docs](/docs/node/).",
            "",
        ),
        card("kubelet", "The agent of a [node](../node/).", ""),
        card(
            "kube-proxy",
            "Runs on every [node](https://example.org/glossary/term/node).",
            "",
        ),
        card(
            "astronomy",
            "",
            ",\"narrower\":[\"astrometry\"],\"broader\":[\"http://other.example/science\"]",
        ),
        card("astrometry", "", ",\"broader\":[\"astronomy\"]"),
        card("parallax", "", ",\"broader\":[\"astrometry\"]"),
        card("proper-motion", "", ",\"broader\":[\"astrometry\"]"),
        card("event", "Something that happened.", ""),
    ]
    .concat()
}

/// Issue 50, on the Kubernetes glossary and the Unified Astronomy Thesaurus: terms joined
/// only by term links or by their hierarchy were drawn as unlinked terms (all 139 of the
/// Kubernetes glossary, 1,872 of the thesaurus's 2,372), where `check` found them joined.
/// The map reads the links `check` reads: its unlinked terms are `check`'s orphans.
#[test]
fn terms_joined_by_their_texts_or_hierarchy_are_linked_on_the_map() {
    let text = joined_by_texts_and_hierarchy();
    let config = glossgraph::config::Config::default();
    let checked = glossgraph::check::check(
        glossgraph::load::load_str("joined.jsonl", &text),
        &config,
        Default::default(),
    );
    assert!(!checked.report.is_failure(false));
    let orphans: Vec<&str> = checked
        .report
        .findings
        .iter()
        .filter(|f| f.rule == glossgraph::diag::Rule::Orphan)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(orphans.len(), 1, "{orphans:?}");
    assert!(orphans[0].contains("`event`"), "{orphans:?}");
    let glossary = checked.glossary;
    let map = glossary.map();
    let topic = |slug: &str| map.topic_index(glossary.node(slug).unwrap().index());
    let unlinked: Vec<&glossgraph::map::Topic> =
        map.topics().iter().filter(|t| t.unlinked).collect();
    assert_eq!(unlinked.len(), 1);
    assert_eq!((unlinked[0].size, unlinked[0].id.as_str()), (1, "event"));
    let groups: [&[&str]; 2] = [
        &["pod", "container", "node", "kubelet", "kube-proxy"],
        &["astronomy", "astrometry", "parallax", "proper-motion"],
    ];
    for group in groups {
        for &slug in group {
            assert!(!map.topics()[topic(slug)].unlinked, "{slug} is unlinked");
        }
    }
    // No topic mixes the two glossaries' terms.
    let of = |group: &[&str]| -> std::collections::BTreeSet<usize> {
        group.iter().map(|s| topic(s)).collect()
    };
    assert!(of(groups[0]).is_disjoint(&of(groups[1])));
}
