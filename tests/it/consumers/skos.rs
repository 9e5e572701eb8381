//! The SKOS round trip read by rdflib: a thesaurus imported, exported as Turtle, and compared
//! with the original concept by concept (tests/consumers/skos_roundtrip.py).

use crate::util::{outcome, run_in};

use crate::skos::{import, thesaurus, two_schemes};

#[test]
fn thesaurus_round_trips_rdflib_concept_by_concept() {
    let python = crate::util::root().join("target/test-tools/venv/bin/python");
    assert!(
        python.is_file(),
        "run scripts/install-test-tools.sh (this test needs rdflib)"
    );
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("cards");
    assert_eq!(import(&thesaurus(), &cards, &[]).0, 0);
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["export", "cards", "--format", "turtle", "-o", "exports"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let out = std::process::Command::new(&python)
        .arg(crate::util::root().join("tests/consumers/skos_roundtrip.py"))
        .arg(thesaurus())
        .arg("turtle")
        .arg(dir.path().join("exports/glossary.ttl"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("compared 5 concepts"), "{stdout}");
}

/// A vocabulary of two concept schemes, imported under --strict and exported, holds every
/// triple of the original and none more about its subjects but glossgraph's own (its slug
/// notation, the status, the title's labels), inverse properties read as one.
#[test]
fn two_schemes_round_trip_rdflib_triple_for_triple() {
    let python = crate::util::root().join("target/test-tools/venv/bin/python");
    assert!(
        python.is_file(),
        "run scripts/install-test-tools.sh (this test needs rdflib)"
    );
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&two_schemes(), &cards, &["--strict"]);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["export", "cards", "--format", "turtle", "-o", "exports"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let out = std::process::Command::new(&python)
        .arg(crate::util::root().join("tests/consumers/skos_roundtrip.py"))
        .arg(two_schemes())
        .arg("turtle")
        .arg(dir.path().join("exports/glossary.ttl"))
        .arg("--exact")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("compared 47 triples"), "{stdout}");
    assert!(stdout.contains("compared 6 concepts"), "{stdout}");
}

/// Issue 61: the export of an imported vocabulary whose cards did not change holds every
/// triple of the original and not one more, read by rdflib (inverse properties as one): its
/// own classes of concepts (a deprecated descriptor typed only as one, neither
/// `skos:Concept` nor a top concept), the class declarations, notations with a language
/// tag, `xsd:dateTime`s, a `dc:title` and no invented title, IRIs that do not end in the
/// slug (no slug notation), no status vocabulary in the publisher's namespace, and its
/// groups: an ISO 25964 concept group of its own class inside another, a collection, an
/// ordered collection in its order. A scheme with no title gets none; a file without a
/// scheme gets none. Imported again, the export gives back the same cards and settings.
#[test]
fn an_imported_vocabulary_is_exported_with_not_one_triple_more_or_less() {
    let python = crate::util::root().join("target/test-tools/venv/bin/python");
    assert!(
        python.is_file(),
        "run scripts/install-test-tools.sh (this test needs rdflib)"
    );
    let dir = tempfile::tempdir().unwrap();
    let untitled = dir.path().join("untitled.ttl");
    std::fs::write(
        &untitled,
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n\
         <http://other.example/v/> a skos:ConceptScheme .\n\
         <http://other.example/v/a> a skos:Concept ; skos:inScheme <http://other.example/v/> ;\n\
         \x20   skos:topConceptOf <http://other.example/v/> ; skos:prefLabel \"A\"@en .\n",
    )
    .unwrap();
    // No scheme at all: none in the export either, nor a concept in one or top of one.
    let schemeless = dir.path().join("schemeless.ttl");
    std::fs::write(
        &schemeless,
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n\
         <http://other.example/c/1> a skos:Concept ; skos:prefLabel \"Open economy\"@en ;\n\
         \x20   skos:narrower <http://other.example/c/2> .\n\
         <http://other.example/c/2> a skos:Concept ; skos:prefLabel \"Small open economy\"@en ;\n\
         \x20   skos:altLabel \"SMOPEC\"@en ; skos:broader <http://other.example/c/1> .\n",
    )
    .unwrap();
    let fidelity = crate::util::root().join("tests/fixtures/skos/fidelity.ttl");
    for (name, file, triples) in [
        ("fidelity", &fidelity, 53),
        ("untitled", &untitled, 5),
        ("schemeless", &schemeless, 6),
    ] {
        let cards = dir.path().join(name);
        let (code, stderr) = import(file, &cards, &["--strict"]);
        assert_eq!(code, 0, "{stderr}");
        let out = format!("{name}-out");
        let (code, _, stderr) = outcome(&run_in(
            dir.path(),
            &["export", name, "--format", "ntriples", "-o", &out],
            None,
        ));
        assert_eq!(code, 0, "{stderr}");
        let exported = dir.path().join(&out).join("glossary.nt");
        let nt = std::fs::read_to_string(&exported).unwrap();
        assert!(!nt.contains("/ns#") && !nt.contains("/status/"), "{nt}");
        let compared = std::process::Command::new(&python)
            .arg(crate::util::root().join("tests/consumers/same_triples.py"))
            .arg(file)
            .arg("turtle")
            .arg(&exported)
            .arg("nt")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&compared.stdout);
        assert!(
            compared.status.success(),
            "{name}: {stdout}{}",
            String::from_utf8_lossy(&compared.stderr)
        );
        assert!(
            stdout.contains(&format!("compared {triples} triples")),
            "{stdout}"
        );
        // The export read back: the same cards, the same settings.
        let again = dir.path().join(format!("{name}-again"));
        let (code, stderr) = import(&exported, &again, &["--strict"]);
        assert_eq!(code, 0, "{stderr}");
        for entry in std::fs::read_dir(&cards).unwrap() {
            let path = entry.unwrap().path();
            let back = again.join(path.file_name().unwrap());
            assert_eq!(
                std::fs::read_to_string(&back).unwrap(),
                std::fs::read_to_string(&path).unwrap(),
                "{}",
                path.display()
            );
        }
    }
}
