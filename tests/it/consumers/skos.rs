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
