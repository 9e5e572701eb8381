use super::*;

#[test]
fn every_built_iri_is_valid_for_both_kinds_of_base() {
    for base in ["https://example.org/glossary/", "https://example.org/g#"] {
        let iris = Iris::new(base);
        let mut all: Vec<String> = vec![
            iris.base().to_owned(),
            iris.ontology().as_str().to_owned(),
            iris.scheme_graph().as_str().to_owned(),
        ];
        all.extend(iris.gx_terms().map(|(n, _)| n.as_str().to_owned()));
        let odd = "a b/c#d%é\u{1F600}\"<>";
        for part in [
            Part::Citation("x-1"),
            Part::Citation(odd),
            Part::Provenance(2),
            Part::Paragraph(10),
        ] {
            let mut s = String::new();
            iris.push_part(&mut s, "roce-v2", part);
            all.push(s);
        }
        for f in [Iris::push_graph, Iris::push_status, Iris::push_term] {
            let mut s = String::new();
            f(&iris, &mut s, odd);
            all.push(s);
        }
        for iri in &all {
            assert!(NamedNode::new(iri.as_str()).is_ok(), "{iri}");
        }
    }
}

#[test]
fn iris_read_back() {
    let iris = Iris::new("https://example.org/glossary/");
    let odd = "a b/c#d%é\u{1F600}";
    let term = iris.term(odd);
    assert_eq!(iris.term_slug(term.as_str()).as_deref(), Some(odd));
    assert_eq!(
        iris.term("roce-v2").as_str(),
        "https://example.org/glossary/term/roce-v2"
    );
    let mut s = String::new();
    iris.push_part(&mut s, "roce-v2", Part::Citation(odd));
    assert_eq!(iris.term_slug(&s), None);
    assert_eq!(
        iris.part_of(&s),
        Some(("roce-v2".to_owned(), PartOwned::Citation(odd.to_owned())))
    );
    s.clear();
    iris.push_part(&mut s, "roce-v2", Part::Provenance(3));
    assert_eq!(s, "https://example.org/glossary/term/roce-v2#provenance-3");
    assert_eq!(iris.part_of(&s).unwrap().1, PartOwned::Provenance(3));
    assert_eq!(iris.part_of(&format!("{}#note-03", iris.term("a"))), None);
    s.clear();
    iris.push_status(&mut s, "shipping");
    assert_eq!(iris.status_value(&s).as_deref(), Some("shipping"));
    assert_eq!(
        iris.gx().advantage.as_str(),
        "https://example.org/glossary/ns#advantage"
    );
    let hash = Iris::new("https://example.org/g#");
    assert_eq!(hash.gx().status.as_str(), "https://example.org/g#ns/status");
    let mut s = String::new();
    hash.push_part(&mut s, "x", Part::Paragraph(1));
    assert_eq!(s, "https://example.org/g#term/x/note-1");
}

#[test]
fn decoding_refuses_what_encoding_never_writes() {
    for bad in ["a b", "%2", "%zz", "%c3", "%2f", "a#b"] {
        assert_eq!(decode(bad), None, "{bad}");
    }
    assert_eq!(decode("%2F").as_deref(), Some("/"));
}
