//! Any SKOS vocabulary in and back out (issue 48): the card's optional SKOS fields, checked,
//! exported and imported.

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::util::{outcome, run_in};

/// Writes `files` (name, text) into a new folder.
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// `check --format json` of `dir`: the exit code and each finding as `severity rule pointer`.
fn findings(dir: &Path) -> (i32, Vec<String>) {
    let (code, stdout, stderr) = outcome(&run_in(dir, &["check", ".", "--format", "json"], None));
    let doc: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let found = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let pointer = f["pointer"].as_str().unwrap_or("-");
            format!(
                "{} {} {pointer}",
                f["severity"].as_str().unwrap(),
                f["rule"].as_str().unwrap()
            )
        })
        .collect();
    (code, found)
}

#[test]
fn a_card_without_a_definition_is_a_warning_unless_the_settings_make_it_an_error() {
    let dir = folder(&[
        ("a.json", r#"{"slug": "a", "term": "A", "related": ["b"]}"#),
        (
            "b.json",
            r#"{"slug": "b", "term": "B", "definition": "", "related": ["a"]}"#,
        ),
    ]);
    let (code, found) = findings(dir.path());
    assert_eq!(code, 0, "{found:?}");
    assert_eq!(
        found,
        [
            "warning missing-definition /definition",
            "warning missing-definition /definition"
        ]
    );
    fs::write(
        dir.path().join("glossgraph.toml"),
        "[rules]\nmissing-definition = \"error\"\n",
    )
    .unwrap();
    let (code, found) = findings(dir.path());
    assert_eq!(code, 1, "{found:?}");
    assert_eq!(
        found,
        [
            "error missing-definition /definition",
            "error missing-definition /definition"
        ]
    );
}

#[test]
fn check_knows_the_hierarchy() {
    let dir = folder(&[
        // a → b → c → a: a cycle; d broader than itself; e related to its grandparent.
        (
            "a.json",
            r#"{"slug": "a", "term": "A", "definition": "d", "broader": ["b"], "narrower": ["c"]}"#,
        ),
        (
            "b.json",
            r#"{"slug": "b", "term": "B", "definition": "d", "broader": ["c"], "narrower": ["a"]}"#,
        ),
        (
            "c.json",
            r#"{"slug": "c", "term": "C", "definition": "d", "broader": ["a"], "narrower": ["b"]}"#,
        ),
        (
            "d.json",
            r#"{"slug": "d", "term": "D", "definition": "d", "broader": ["d", "gone"], "narrower": ["d"]}"#,
        ),
        (
            "e.json",
            r#"{"slug": "e", "term": "E", "definition": "d", "broader": ["f"], "related": ["g"],
            "languages": {"de": {"term": "Ee", "aliases": ["Ee"]}}}"#,
        ),
        (
            "f.json",
            r#"{"slug": "f", "term": "F", "definition": "d", "broader": ["g", "http://x.example/top"], "narrower": ["e"]}"#,
        ),
        (
            "g.json",
            r#"{"slug": "g", "term": "G", "definition": "d", "related": ["e"]}"#,
        ),
    ]);
    let (code, found) = findings(dir.path());
    assert_eq!(code, 1, "{found:?}");
    assert_eq!(
        found,
        [
            "error broader-cycle /broader",
            "error broader-cycle /broader",
            "error dangling-link /broader/1",
            "warning related-broader /related/0",
            "warning language-alias-equals-term /languages/de/aliases/0",
            "warning one-way-broader /broader/0",
            "warning disconnected -",
        ]
    );
    let (_, stdout, _) = outcome(&run_in(dir.path(), &["check", "."], None));
    assert!(
        stdout.contains("broader cycle: a → b → c → a (each narrower than the next)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("broader cycle: d → d (a concept cannot be broader than itself)"),
        "{stdout}"
    );
}

/// The test thesaurus: every feature the SKOS import handles.
pub(crate) fn thesaurus() -> std::path::PathBuf {
    crate::util::root().join("tests/fixtures/skos/thesaurus.ttl")
}

/// `glossgraph import FILE --out DIR ARGS…`: exit code and stderr.
pub(crate) fn import(file: &Path, out: &Path, args: &[&str]) -> (i32, String) {
    let (file, out) = (file.to_str().unwrap(), out.to_str().unwrap());
    let mut all = vec!["import", file, "--out", out];
    all.extend_from_slice(args);
    let (code, _, stderr) = outcome(&run_in(crate::util::root(), &all, None));
    (code, stderr)
}

fn card_json(dir: &Path, slug: &str) -> Value {
    serde_json::from_str(&fs::read_to_string(dir.join(format!("{slug}.json"))).unwrap()).unwrap()
}

/// Writes `card` into `dir` as `{slug}.json`, pretty-printed as `import` writes it.
fn put_card(dir: &Path, card: &Value) {
    let path = dir.join(format!("{}.json", card["slug"].as_str().unwrap()));
    fs::write(path, serde_json::to_string_pretty(card).unwrap() + "\n").unwrap();
}

/// `export INPUT --format FORMAT -o OUT` in `dir`, which must succeed.
fn export(dir: &Path, input: &str, format: &str, out: &str) {
    let args = ["export", input, "--format", format, "-o", out];
    let (code, _, stderr) = outcome(&run_in(dir, &args, None));
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn a_thesaurus_comes_in_with_hierarchy_languages_notations_and_mappings() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cards");
    let (code, stderr) = import(&thesaurus(), &out, &[]);
    assert_eq!(code, 0, "{stderr}");
    // What could not be kept, by predicate with counts; what was changed, named.
    assert!(
        stderr.contains(
            "kept 78 triples; not kept: 1 dcterms:creator on 1 subject, 1 foaf:depiction on 1 subject"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "<http://vocab.example/thes/c2>: a control character the card refuses was dropped"
        ),
        "{stderr}"
    );
    let settings = fs::read_to_string(out.join("glossgraph.toml")).unwrap();
    for line in [
        "base = \"http://vocab.example/thes/\"",
        "language = \"de\"",
        "namespace = \"http://vocab.example/thes/\"",
        "scheme = \"http://vocab.example/thes/scheme\"",
        "title = \"Test thesaurus\"",
        // The scheme's other statements, each value with its language or datatype.
        "[metadata]",
        "\"dcterms:created\" = { text = \"2020-01-15\", datatype = \"xsd:date\" }",
        "\"dcterms:creator\" = { iri = \"http://people.example/ann\" }",
        "    { text = \"A thesaurus for the tests.\", language = \"en\" },",
        "\"dcterms:license\" = { iri = \"http://license.example/by\" }",
        "\"dcterms:modified\" = { text = \"2024-03-05T10:00:00Z\", datatype = \"xsd:dateTime\" }",
        "\"dcterms:publisher\" = \"Vocab Press\"",
        // Every title, the main language's too: an imported vocabulary's scheme says what it
        // said (issue 61).
        "    { text = \"Test thesaurus\", language = \"de\" },",
        "    { text = \"Test thesaurus (English)\", language = \"en\" },",
        "\"owl:versionInfo\" = \"1.2\"",
        "imported = true",
        // Its groups and the classes it declares, as they were.
        "[resources.\"http://vocab.example/ns#Subject\"]",
        "\"rdfs:subClassOf\" = { iri = \"http://www.w3.org/2004/02/skos/core#Concept\" }",
        "[resources.\"http://vocab.example/thes/group\"]",
        "\"skos:prefLabel\" = { text = \"Naturwissenschaften\", language = \"de\" }",
    ] {
        assert!(settings.contains(line), "{line}\n{settings}");
    }
    let c1 = card_json(&out, "c1");
    assert_eq!(c1["term"], "Wissenschaft");
    assert_eq!(c1["aliases"], serde_json::json!(["Forschung"]));
    assert_eq!(c1["hiddenAliases"], serde_json::json!(["Wisenschaft"]));
    assert_eq!(
        c1["notations"],
        serde_json::json!([{"value": "001"}, {"value": "S", "datatype": "http://vocab.example/ns#Code"}])
    );
    assert_eq!(c1["narrower"], serde_json::json!(["c2", "c3"]));
    assert_eq!(c1["languages"]["en"]["definition"], "Systematic knowledge.");
    assert_eq!(c1["languages"]["ar"]["term"], "علم");
    assert_eq!(
        c1["notes"]["historyNote"],
        serde_json::json!(["Seit 1990."])
    );
    assert_eq!(
        c1["mappings"]["exactMatch"],
        serde_json::json!(["http://www.wikidata.org/entity/Q336"])
    );
    assert!(c1.get("iri").is_none(), "{c1}");
    // dcterms:created to the day, as `updated` holds dcterms:modified.
    assert_eq!(c1["created"], "2019-06-01");
    let c2 = card_json(&out, "c2");
    assert_eq!(
        c2["broader"],
        serde_json::json!(["c1", "http://outside.example/natural-sciences"])
    );
    assert_eq!(c2["narrower"], serde_json::json!(["quantum-mechanics"]));
    assert_eq!(c2["notes"]["editorialNote"], serde_json::json!(["Prüfen."]));
    assert_eq!(c2["definition"], "Die Lehre von Materie und Energie.");
    let c3 = card_json(&out, "c3");
    assert_eq!(c3["aliases"], serde_json::json!(["Scheidekunst"]));
    assert_eq!(c3["related"], serde_json::json!(["c2"]));
    // Links to concepts outside the file, by IRI.
    assert_eq!(
        c3["supersedes"],
        serde_json::json!(["c4", "http://outside.example/old-chemistry"])
    );
    assert_eq!(
        c2["related"],
        serde_json::json!(["c3", "http://outside.example/optics"])
    );
    assert_eq!(
        c3["languages"][""]["notes"]["editorialNote"],
        serde_json::json!(["Untagged note."])
    );
    let c4 = card_json(&out, "c4");
    assert_eq!(
        c4["supersededBy"],
        serde_json::json!(["c3", "http://outside.example/modern-chemistry"])
    );
    assert_eq!(
        (&c4["term"], &c4["termFrom"], &c4["status"]),
        (
            &"Alchemie".into(),
            &"rdfs:label".into(),
            &"deprecated".into()
        )
    );
    let q = card_json(&out, "quantum-mechanics");
    assert_eq!(q["iri"], "http://vocab.example/thes/Quantum_Mechanics");

    let (code, found) = findings(&out);
    assert_eq!(code, 0, "{found:?}");
    assert!(
        found
            .iter()
            .all(|f| f.starts_with("warning missing-definition")),
        "{found:?}"
    );

    // --strict: what is not kept is an error, and nothing is written.
    let refused = dir.path().join("strict");
    let (code, stderr) = import(&thesaurus(), &refused, &["--strict"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("(--strict); nothing was written"),
        "{stderr}"
    );
    assert!(!refused.exists());
}

#[test]
fn import_export_import_gives_back_the_same_cards_unknown_fields_included() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first");
    assert_eq!(import(&thesaurus(), &first, &[]).0, 0);
    // An unknown field, kept through the export as gx:extra.
    let mut c2 = card_json(&first, "c2");
    c2["tags"] = serde_json::json!(["x", {"y": 1}]);
    put_card(&first, &c2);
    let exports = dir.path().join("exports");
    export(dir.path(), "first", "turtle", "exports");
    let second = dir.path().join("second");
    let (code, stderr) = import(&exports.join("glossary.ttl"), &second, &["--vocabulary"]);
    assert_eq!(code, 0, "{stderr}");
    for slug in ["c1", "c2", "c3", "c4", "quantum-mechanics"] {
        assert_eq!(card_json(&first, slug), card_json(&second, slug), "{slug}");
    }
    assert_eq!(
        card_json(&second, "c2")["tags"],
        serde_json::json!(["x", {"y": 1}])
    );
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["diff", "first", "second"], None));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("0 changed"), "{stdout}");
    // A dropped unknown field is a change diff sees.
    c2.as_object_mut().unwrap().remove("tags");
    put_card(&second, &c2);
    let (_, stdout, _) = outcome(&run_in(dir.path(), &["diff", "first", "second"], None));
    assert!(stdout.contains("1 changed"), "{stdout}");
    assert!(stdout.contains("unknownFields"), "{stdout}");
}

#[test]
fn scheme_metadata_created_dates_and_links_out_of_the_file_are_kept_under_strict() {
    let dir = folder(&[(
        "v.ttl",
        r#"@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<http://v.example/s> a skos:ConceptScheme ;
    dcterms:title "Vocabulary"@en ;
    dcterms:description "What it is."@en ;
    dcterms:license <http://license.example/by> ;
    dcterms:issued "2020-05-01T08:00:00Z"^^xsd:dateTime ;
    owl:versionInfo "3" .
<http://v.example/c/a> a skos:Concept ; skos:inScheme <http://v.example/s> ;
    skos:prefLabel "A"@en ;
    dcterms:created "2016-11-02T18:47:41.000Z"^^xsd:dateTime ;
    skos:related <http://elsewhere.example/x> ;
    dcterms:isReplacedBy <http://elsewhere.example/y> ;
    owl:deprecated true .
<http://v.example/c/b> a skos:Concept ; skos:inScheme <http://v.example/s> ;
    skos:prefLabel "B"@en ;
    skos:related <http://v.example/c/a> .
"#,
    )]);
    // Every triple is kept: --strict refuses none.
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&dir.path().join("v.ttl"), &cards, &["--strict"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("every triple was kept"), "{stderr}");
    let a = card_json(&cards, "a");
    assert_eq!(a["created"], "2016-11-02");
    assert_eq!(
        a["related"],
        serde_json::json!(["b", "http://elsewhere.example/x"])
    );
    assert_eq!(
        a["supersededBy"],
        serde_json::json!(["http://elsewhere.example/y"])
    );
    // An IRI is a concept outside the glossary: neither dangling nor a missing replacement.
    let (code, found) = findings(&cards);
    assert_eq!(code, 0, "{found:?}");
    assert!(
        found
            .iter()
            .all(|f| f.starts_with("warning missing-definition")),
        "{found:?}"
    );

    // Out again, as they came in; and back in as the same cards and settings.
    export(dir.path(), "cards", "ntriples", "out");
    let nt = fs::read_to_string(dir.path().join("out/glossary.nt")).unwrap();
    for line in [
        "<http://v.example/s> <http://purl.org/dc/terms/description> \"What it is.\"@en .",
        "<http://v.example/s> <http://purl.org/dc/terms/license> <http://license.example/by> .",
        "<http://v.example/s> <http://purl.org/dc/terms/issued> \"2020-05-01T08:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime> .",
        "<http://v.example/s> <http://www.w3.org/2002/07/owl#versionInfo> \"3\" .",
        "<http://v.example/c/a> <http://purl.org/dc/terms/created> \"2016-11-02T18:47:41.000Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime> .",
        "<http://v.example/c/a> <http://www.w3.org/2004/02/skos/core#related> <http://elsewhere.example/x> .",
        "<http://v.example/c/a> <http://purl.org/dc/terms/isReplacedBy> <http://elsewhere.example/y> .",
    ] {
        assert!(nt.contains(line), "{line}\n{nt}");
    }
    let again = dir.path().join("again");
    let (code, stderr) = import(
        &dir.path().join("out/glossary.nt"),
        &again,
        &["--vocabulary"],
    );
    assert_eq!(code, 0, "{stderr}");
    for slug in ["a", "b"] {
        assert_eq!(card_json(&cards, slug), card_json(&again, slug), "{slug}");
    }
    let settings = |dir: &Path| fs::read_to_string(dir.join("glossgraph.toml")).unwrap();
    assert_eq!(settings(&cards), settings(&again));
}

/// The test vocabulary of two concept schemes: concepts in one, the other and both, top
/// concepts of each stated from either side, metadata on each scheme.
pub(crate) fn two_schemes() -> std::path::PathBuf {
    crate::util::root().join("tests/fixtures/skos/schemes.ttl")
}

#[test]
fn a_vocabulary_of_two_schemes_comes_back_whole_under_strict() {
    let dir = tempfile::tempdir().unwrap();
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&two_schemes(), &cards, &["--strict"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("kept 48 triples; every triple was kept"),
        "{stderr}"
    );
    // The first scheme by IRI is the glossary's; the other has its table, value for value.
    let settings = fs::read_to_string(cards.join("glossgraph.toml")).unwrap();
    for line in [
        "scheme = \"http://schemes.example/one\"",
        "title = \"Instruments\"",
        "\"owl:versionInfo\" = \"2.0\"",
        "[schemes.\"http://schemes.example/two\"]",
        "\"dcterms:description\" = { text = \"What instruments are made of.\", language = \"en\" }",
        "\"dcterms:issued\" = { text = \"2022\", datatype = \"xsd:gYear\" }",
        "\"dcterms:license\" = { iri = \"http://license.example/by-sa\" }",
        "\"dcterms:publisher\" = \"Vocab Press\"",
        "    { text = \"Werkstoffe\", language = \"de\" },",
        "\"skos:prefLabel\" = { text = \"Materials\", language = \"en\" }",
    ] {
        assert!(settings.contains(line), "{line}\n{settings}");
    }
    // A card names its schemes when they are not the glossary's alone, and the schemes it
    // is top of when they are not the derived ones (the glossary's, without a broader).
    let (one, two) = ("http://schemes.example/one", "http://schemes.example/two");
    let fields = |slug: &str| {
        let card = card_json(&cards, slug);
        (card["inScheme"].clone(), card["topConceptOf"].clone())
    };
    let none = Value::Null;
    assert_eq!(fields("strings"), (none.clone(), none.clone()));
    assert_eq!(fields("violin"), (none.clone(), none.clone()));
    assert_eq!(
        fields("gut"),
        (serde_json::json!([one, two]), serde_json::json!([two]))
    );
    // Top of the second scheme stated from the scheme's side alone.
    assert_eq!(
        fields("wood"),
        (serde_json::json!([two]), serde_json::json!([two]))
    );
    assert_eq!(fields("spruce"), (serde_json::json!([two]), none.clone()));
    // No broader concept, and yet top of no scheme.
    assert_eq!(fields("lute"), (none.clone(), serde_json::json!([])));
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &["fmt", "--check", "cards"], None));
    assert_eq!(code, 0, "{stdout}{stderr}");

    let (code, found) = findings(&cards);
    assert_eq!(code, 0, "{found:?}");
    assert!(found.iter().all(|f| f.starts_with("warning")), "{found:?}");
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["site", "cards", "-o", "site"], None));
    assert_eq!(code, 0, "{stderr}");

    // Out again: each scheme with its statements, each concept in its schemes only.
    export(dir.path(), "cards", "ntriples", "out");
    let nt = fs::read_to_string(dir.path().join("out/glossary.nt")).unwrap();
    let skos = "http://www.w3.org/2004/02/skos/core#";
    let triple = |s: &str, p: &str, o: &str| format!("<{s}> <{p}> {o} .");
    let concept = |slug: &str| format!("http://schemes.example/c/{slug}");
    for line in [
        triple(
            two,
            "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
            &format!("<{skos}ConceptScheme>"),
        ),
        triple(
            two,
            "http://purl.org/dc/terms/description",
            "\"What instruments are made of.\"@en",
        ),
        triple(two, &format!("{skos}prefLabel"), "\"Materials\"@en"),
        triple(
            &concept("gut"),
            &format!("{skos}inScheme"),
            &format!("<{two}>"),
        ),
        triple(
            &concept("gut"),
            &format!("{skos}topConceptOf"),
            &format!("<{two}>"),
        ),
        triple(
            &concept("wood"),
            &format!("{skos}topConceptOf"),
            &format!("<{two}>"),
        ),
        triple(
            &concept("strings"),
            &format!("{skos}topConceptOf"),
            &format!("<{one}>"),
        ),
    ] {
        assert!(nt.contains(&line), "{line}\n{nt}");
    }
    // Nothing the original did not state: a concept of the second scheme alone is not in
    // the glossary's, one without a broader that was top of none is top of none.
    for line in [
        triple(
            &concept("spruce"),
            &format!("{skos}inScheme"),
            &format!("<{one}>"),
        ),
        triple(
            &concept("wood"),
            &format!("{skos}inScheme"),
            &format!("<{one}>"),
        ),
        triple(
            &concept("wood"),
            &format!("{skos}topConceptOf"),
            &format!("<{one}>"),
        ),
        triple(
            &concept("lute"),
            &format!("{skos}topConceptOf"),
            &format!("<{one}>"),
        ),
    ] {
        assert!(!nt.contains(&line), "{line}\n{nt}");
    }

    // And back in as the same cards and settings.
    let again = dir.path().join("again");
    let (code, stderr) = import(
        &dir.path().join("out/glossary.nt"),
        &again,
        &["--vocabulary"],
    );
    assert_eq!(code, 0, "{stderr}");
    for slug in ["gut", "lute", "spruce", "strings", "violin", "wood"] {
        assert_eq!(card_json(&cards, slug), card_json(&again, slug), "{slug}");
    }
    let settings = |dir: &Path| fs::read_to_string(dir.join("glossgraph.toml")).unwrap();
    assert_eq!(settings(&cards), settings(&again));

    // `diff` tells no list (the derived schemes) from an empty one (none).
    let mut lute = card_json(&again, "lute");
    lute.as_object_mut().unwrap().remove("topConceptOf");
    put_card(&again, &lute);
    let (_, stdout, _) = outcome(&run_in(dir.path(), &["diff", "cards", "again"], None));
    assert!(stdout.contains("1 changed"), "{stdout}");
    assert!(stdout.contains("topConceptOf"), "{stdout}");
}

/// A vocabulary whose concepts state no scheme, naming its top concepts from the scheme's
/// side (as the Unified Astronomy Thesaurus does): each card says it is in none, as the file
/// does (issue 61: the export states no `skos:inScheme` the file did not), and the top
/// concept says whose it is.
#[test]
fn top_concepts_named_by_the_scheme_alone_come_back_and_no_more() {
    let dir = folder(&[(
        "v.ttl",
        r#"@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
<http://v.example/s> a skos:ConceptScheme ; skos:hasTopConcept <http://v.example/c/a> .
<http://v.example/c/a> a skos:Concept ; skos:prefLabel "A"@en .
<http://v.example/c/b> a skos:Concept ; skos:prefLabel "B"@en ;
    skos:broader <http://v.example/c/a> .
<http://v.example/c/c> a skos:Concept ; skos:prefLabel "C"@en ; owl:deprecated true .
"#,
    )]);
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&dir.path().join("v.ttl"), &cards, &["--strict"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("every triple was kept"), "{stderr}");
    let fields = |slug: &str| {
        let card = card_json(&cards, slug);
        (card["inScheme"].clone(), card["topConceptOf"].clone())
    };
    let none = serde_json::json!([]);
    assert_eq!(
        fields("a"),
        (none.clone(), serde_json::json!(["http://v.example/s"]))
    );
    assert_eq!(fields("b"), (none.clone(), Value::Null));
    assert_eq!(fields("c"), (none, Value::Null));
    export(dir.path(), "cards", "ntriples", "out");
    let nt = fs::read_to_string(dir.path().join("out/glossary.nt")).unwrap();
    let top = "<http://www.w3.org/2004/02/skos/core#topConceptOf>";
    let tops: Vec<&str> = nt.lines().filter(|l| l.contains(top)).collect();
    assert_eq!(
        tops,
        [format!(
            "<http://v.example/c/a> {top} <http://v.example/s> ."
        )],
        "{nt}"
    );
}

/// The RDF/XML parser ends at the end of the input with elements open and no error: a file
/// cut short (a download that stopped) must not import as the part of it that came.
#[test]
fn an_rdf_xml_file_cut_short_is_refused_at_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cut.rdf");
    fs::write(
        &file,
        "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" \
         xmlns:skos=\"http://www.w3.org/2004/02/skos/core#\">\n<skos:Concept \
         rdf:about=\"http://ex.org/x/a\"><skos:prefLabel xml:lang=\"en\">Alp",
    )
    .unwrap();
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&file, &cards, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("cut.rdf:3:") && stderr.contains("the file is cut short"),
        "{stderr}"
    );
    assert!(!cards.exists(), "nothing is written");
}

/// N-Triples has no base IRI, so a relative IRI there is an error its lenient parse lets
/// through: it resolves against `--base` (else the file's URL) like any other, and one no
/// repair makes an absolute IRI is left out, counted as not kept, so `--strict` refuses.
#[test]
fn n_triples_relative_iris_resolve_and_unrepairable_ones_are_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("v.nt");
    let skos = "http://www.w3.org/2004/02/skos/core#";
    let a = "<http://ex.org/v/a>";
    fs::write(
        &file,
        format!(
            "{a} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{skos}Concept> .\n\
             {a} <{skos}prefLabel> \"A\"@en .\n\
             {a} <{skos}related> <rel/x> .\n\
             {a} <{skos}related> <h%tp:x> .\n"
        ),
    )
    .unwrap();
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&file, &cards, &["--base", "http://ex.org/v/"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("the IRI <rel/x> is not valid: read as <http://ex.org/v/rel/x>"),
        "{stderr}"
    );
    assert!(
        stderr.contains("the IRI <h%tp:x> is not valid, nor made valid by percent-encoding"),
        "{stderr}"
    );
    assert!(
        stderr.contains("not kept: 1 skos:related on 1 subject"),
        "{stderr}"
    );
    assert_eq!(
        card_json(&cards, "a")["related"][0],
        "http://ex.org/v/rel/x"
    );
    let strict = dir.path().join("strict");
    let (code, stderr) = import(&file, &strict, &["--strict"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(!strict.exists(), "{stderr}");
}

/// A card keeps one day of each: the latest `dcterms:modified`, the earliest
/// `dcterms:created`. Another value on that day is kept (to the day, as documented); one on
/// another day is counted as not kept, so `--strict` sees it.
#[test]
fn modification_and_creation_days_a_card_cannot_hold_are_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("v.ttl");
    fs::write(
        &file,
        r#"@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<http://ex.org/v/a> a skos:Concept ; skos:prefLabel "A"@en ;
  dcterms:modified "2020-11-03"^^xsd:date, "2020-12-16"^^xsd:date,
    "2020-12-16T10:00:00"^^xsd:dateTime ;
  dcterms:created "2019-01-02"^^xsd:date, "2019-05-06"^^xsd:date .
"#,
    )
    .unwrap();
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&file, &cards, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr
            .contains("not kept: 1 dcterms:created on 1 subject, 1 dcterms:modified on 1 subject"),
        "{stderr}"
    );
    let card = card_json(&cards, "a");
    assert_eq!(card["updated"], "2020-12-16");
    assert_eq!(card["created"], "2019-01-02");
}

#[test]
fn relative_iris_resolve_against_the_file_and_spaces_are_repaired() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("acm.rdf");
    fs::write(
        &file,
        r##"<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:skos="http://www.w3.org/2004/02/skos/core#">
  <skos:ConceptScheme rdf:about="http://classes.example/2012 scheme">
    <skos:prefLabel xml:lang="en">Classes</skos:prefLabel>
  </skos:ConceptScheme>
  <skos:Concept rdf:about="#10002944">
    <skos:prefLabel xml:lang="en">General and reference</skos:prefLabel>
    <skos:inScheme rdf:resource="http://classes.example/2012 scheme"/>
  </skos:Concept>
</rdf:RDF>
"##,
    )
    .unwrap();
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&file, &cards, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("the IRI <http://classes.example/2012 scheme> is not valid: read as <http://classes.example/2012%20scheme>"),
        "{stderr}"
    );
    let card = card_json(&cards, "10002944");
    assert_eq!(card["term"], "General and reference");
    // The concept's IRI is {namespace}{slug}: the namespace is the file's own URL.
    let settings = fs::read_to_string(cards.join("glossgraph.toml")).unwrap();
    let namespace = settings
        .lines()
        .find_map(|l| l.strip_prefix("namespace = "))
        .unwrap_or_default();
    assert!(
        namespace.starts_with("\"file:///") && namespace.ends_with("/acm.rdf#\""),
        "{settings}"
    );
    assert!(
        settings.contains("scheme = \"http://classes.example/2012%20scheme\""),
        "{settings}"
    );
    // --base instead of the file's URL.
    let based = dir.path().join("based");
    let (code, stderr) = import(&file, &based, &["--base", "http://classes.example/ccs"]);
    assert_eq!(code, 0, "{stderr}");
    let settings = fs::read_to_string(based.join("glossgraph.toml")).unwrap();
    assert!(
        settings.contains("namespace = \"http://classes.example/ccs#\""),
        "{settings}"
    );
}

/// The import as the command runs it — a Turtle, TriG, N-Triples or N-Quads file parsed as
/// it is read, a vocabulary's cards made one at a time as they are written — holds and
/// writes what reading the file whole and writing every card at once does: for the test
/// thesaurus, the sample's exports in every format (as the glossary's and as a vocabulary),
/// a file whose IRIs are repaired, and one that does not parse.
#[test]
fn the_streamed_import_writes_what_reading_the_whole_file_gives() {
    use glossgraph::rdf::read::{self, ReadOptions};

    let dir = tempfile::tempdir().unwrap();
    let repaired = dir.path().join("spaces.nt");
    fs::write(
        &repaired,
        "<http://x.example/a b> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> \
         <http://www.w3.org/2004/02/skos/core#Concept> .\n\
         <http://x.example/a b> <http://www.w3.org/2004/02/skos/core#prefLabel> \"A\"@en .\n",
    )
    .unwrap();
    let broken = dir.path().join("broken.ttl");
    fs::write(
        &broken,
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<a> skos:x",
    )
    .unwrap();
    let mut inputs = vec![(thesaurus(), false), (repaired, false), (broken, false)];
    for format in ["ttl", "nt", "nq", "trig", "rdf", "jsonld"] {
        let file = crate::util::root().join(format!("exports/glossary.{format}"));
        inputs.push((file.clone(), false));
        inputs.push((file, true));
    }
    for (n, (file, vocabulary)) in inputs.iter().enumerate() {
        let format = read::format_of(file).unwrap();
        let options = ReadOptions {
            base: Some("http://base.example/".into()),
            vocabulary: *vocabulary,
            ..ReadOptions::default()
        };
        let name = file.display().to_string();
        let whole = read::read_with(&fs::read(file).unwrap(), format, &name, &options);
        let prepared = read::prepare_file(file, format, &options);
        let (whole, prepared) = match (whole, prepared) {
            (Ok(whole), Ok(prepared)) => (whole, prepared),
            (Err(a), Err(b)) => {
                assert_eq!(a.to_string(), b.to_string(), "{name}");
                assert!(a.to_string().contains("broken.ttl:2:"), "{a}");
                continue;
            }
            (a, b) => panic!("{name}: {:?} against {:?}", a.err(), b.err()),
        };
        let (at_once, one_by_one) = (
            dir.path().join(format!("{n}-a")),
            dir.path().join(format!("{n}-b")),
        );
        let written = read::write_folder(&whole, &at_once).unwrap();
        assert_eq!(
            prepared.write_folder(&one_by_one).unwrap(),
            written.len(),
            "{name}"
        );
        assert_eq!(prepared.len(), whole.cards.len(), "{name}");
        for path in &written {
            let twin = one_by_one.join(path.file_name().unwrap());
            assert_eq!(
                fs::read(path).unwrap(),
                fs::read(twin).unwrap(),
                "{}",
                path.display()
            );
        }
        assert_eq!(
            fs::read_dir(&one_by_one).unwrap().count(),
            written.len(),
            "{name}"
        );
        assert_eq!(prepared.into_imported(), whole, "{name}");
    }
}

/// `import --out cards.jsonl` (and `.ndjson`, a `.json` array, `-` for standard output)
/// holds exactly the cards the folder import writes, with the same settings beside it:
/// loaded, the cards are equal, and `export` of each gives the same bytes. A file or
/// `glossgraph.toml` that exists is refused without `--force`; `--strict` leaves nothing.
#[test]
fn an_import_into_one_file_holds_what_the_folder_import_does() {
    use glossgraph::load::{self, Input};

    let dir = tempfile::tempdir().unwrap();
    let own_export = crate::util::root().join("exports/glossary.ttl");
    let cards = |input: &Path| {
        let loaded = load::load(&Input::Path(input.to_owned())).unwrap();
        assert!(loaded.findings.is_empty(), "{:?}", loaded.findings);
        let mut cards: Vec<(String, String)> = loaded
            .cards
            .iter()
            .map(|c| (c.card.slug().to_owned(), c.card.to_json(false)))
            .collect();
        cards.sort();
        cards
    };
    let exported = |input: &Path, format: &str| {
        let input = input.to_str().unwrap();
        let args = ["export", input, "--quiet", "--format", format, "--out", "-"];
        let out = run_in(dir.path(), &args, None);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    for (n, input) in [thesaurus(), own_export].iter().enumerate() {
        let folder = dir.path().join(format!("{n}/folder"));
        let (code, stderr) = import(input, &folder, &[]);
        assert_eq!(code, 0, "{stderr}");
        let settings = fs::read_to_string(folder.join("glossgraph.toml")).unwrap();
        let expected = cards(&folder);
        assert!(expected.len() >= 5, "{expected:?}");
        let mut lines = Vec::new();
        for name in ["cards.jsonl", "cards.ndjson", "cards.json"] {
            let file = dir.path().join(format!("{n}/{name}/{name}"));
            let (code, stderr) = import(input, &file, &[]);
            assert_eq!(code, 0, "{stderr}");
            let beside = file.with_file_name("glossgraph.toml");
            assert!(
                stderr.contains(&format!("settings written to {}", beside.display())),
                "{stderr}"
            );
            assert_eq!(fs::read_to_string(&beside).unwrap(), settings, "{name}");
            assert_eq!(cards(&file), expected, "{name}");
            for format in ["turtle", "jsonld", "graphml", "csv-nodes"] {
                assert!(
                    exported(&file, format) == exported(&folder, format),
                    "{name} {format}"
                );
            }
            if name != "cards.json" {
                lines.push(fs::read(&file).unwrap());
            }
            // Replaced only when forced: the file, then the settings beside it.
            let (code, stderr) = import(input, &file, &[]);
            assert_eq!(code, 2, "{stderr}");
            assert!(stderr.contains("exists already"), "{stderr}");
            fs::remove_file(&file).unwrap();
            let (code, stderr) = import(input, &file, &[]);
            assert_eq!(code, 2, "{stderr}");
            assert!(
                stderr.contains("glossgraph.toml` exists already"),
                "{stderr}"
            );
            let (code, stderr) = import(input, &file, &["--force"]);
            assert_eq!(code, 0, "{stderr}");
            assert_eq!(cards(&file), expected, "{name}");
        }
        assert_eq!(lines[0], lines[1]);
        // Standard output: the JSON Lines file's bytes, the settings on stderr only.
        let args = ["import", input.to_str().unwrap(), "--out", "-"];
        let (code, stdout, stderr) = outcome(&run_in(dir.path(), &args, None));
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.as_bytes() == lines[0], "{stderr}");
        assert!(stderr.contains("are not written with --out -"), "{stderr}");
        assert!(
            stderr.contains(settings.lines().last().unwrap()),
            "{stderr}"
        );
    }

    // --strict refuses the thesaurus (a triple is not kept): no file, no settings, nothing
    // half written, whatever the output.
    let strict = dir.path().join("strict");
    fs::create_dir(&strict).unwrap();
    for out in ["cards.jsonl", "cards.json", "cards"] {
        let (code, stderr) = import(&thesaurus(), &strict.join(out), &["--strict"]);
        assert_eq!(code, 1, "{stderr}");
        assert!(
            stderr.contains("(--strict); nothing was written"),
            "{stderr}"
        );
    }
    assert_eq!(fs::read_dir(&strict).unwrap().count(), 0);
    let thesaurus = thesaurus();
    let args = [
        "import",
        thesaurus.to_str().unwrap(),
        "--out",
        "-",
        "--strict",
    ];
    let (code, stdout, stderr) = outcome(&run_in(dir.path(), &args, None));
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
}

/// A vocabulary in named graphs (TriG, N-Quads) comes in as one graph: a card has no graph.
/// The names are counted as not kept, so `--strict` refuses the file; glossgraph's own TriG
/// export of the cards, whose graphs, statuses and `gx:` vocabulary an export makes again,
/// comes back whole under `--strict`.
#[test]
fn graph_names_a_card_cannot_hold_are_counted_as_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("v.trig");
    fs::write(
        &file,
        r#"@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<http://ex.org/g/one> { <http://ex.org/v/a> a skos:Concept ; skos:prefLabel "A"@en . }
<http://ex.org/g/two> { <http://ex.org/v/b> a skos:Concept ; skos:prefLabel "B"@en . }
<http://ex.org/v/c> a skos:Concept ; skos:prefLabel "C"@en .
"#,
    )
    .unwrap();
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&file, &cards, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains(
            "kept 6 triples; not kept: the graph names of 4 triples in 2 named graphs \
             (<http://ex.org/g/one>, <http://ex.org/g/two>), read as one graph"
        ),
        "{stderr}"
    );
    assert_eq!(card_json(&cards, "b")["term"], "B");
    let strict = dir.path().join("strict");
    let (code, stderr) = import(&file, &strict, &["--strict"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("(--strict); nothing was written"),
        "{stderr}"
    );
    assert!(!strict.exists(), "{stderr}");

    export(dir.path(), "cards", "trig", "exported");
    // An imported vocabulary's export has nothing of glossgraph's own vocabulary: it reads
    // back as a vocabulary, and the graphs glossgraph's export made are not counted as lost.
    let trig = dir.path().join("exported/glossary.trig");
    let back = dir.path().join("back");
    let (code, stderr) = import(&trig, &back, &["--strict"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("every triple was kept"), "{stderr}");
    for slug in ["a", "b", "c"] {
        assert_eq!(card_json(&back, slug), card_json(&cards, slug), "{slug}");
    }
}

/// An imported vocabulary's concepts are published without glossgraph's slug notation (it
/// would read as one of the vocabulary's codes, and no statement goes into a publisher's
/// namespace that it did not make), even a card whose slug its IRI does not say: the card
/// keeps its slug beside its IRI. Nor is a concept another replaces said `owl:deprecated`
/// unless its status says so (issue 61).
#[test]
fn a_vocabularys_concepts_carry_no_slug_notation() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("v.ttl");
    fs::write(
        &file,
        r#"@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<http://ex.org/v/101> a skos:Concept ; skos:prefLabel "Stars"@en .
<http://ex.org/v/102> a skos:Concept ; skos:prefLabel "Planets"@en ; skos:related <http://ex.org/v/101> .
"#,
    )
    .unwrap();
    let cards = dir.path().join("cards");
    assert_eq!(import(&file, &cards, &[]).0, 0);
    // A maintainer gives 102 a readable slug and keeps its published IRI.
    let mut planets = card_json(&cards, "102");
    planets["slug"] = "planets".into();
    planets["iri"] = "http://ex.org/v/102".into();
    let mut stars = card_json(&cards, "101");
    stars["related"] = serde_json::json!(["planets"]);
    // Replaced without a status of its own: not said deprecated.
    stars["supersededBy"] = serde_json::json!(["planets"]);
    planets["supersedes"] = serde_json::json!(["101"]);
    fs::remove_file(cards.join("102.json")).unwrap();
    put_card(&cards, &planets);
    put_card(&cards, &stars);
    export(dir.path(), "cards", "ntriples", "exported");
    let nt = fs::read_to_string(dir.path().join("exported/glossary.nt")).unwrap();
    assert!(!nt.contains("core#notation"), "{nt}");
    assert!(!nt.contains("owl#deprecated"), "{nt}");
    assert!(!nt.contains("/ns#") && !nt.contains("/ns>"), "{nt}");
    let back = dir.path().join("back");
    let (code, stderr) = import(
        &dir.path().join("exported/glossary.nt"),
        &back,
        &["--vocabulary", "--strict"],
    );
    assert_eq!(code, 0, "{stderr}");
    // The slug comes back from the IRI.
    let mut renamed = card_json(&back, "102");
    renamed["slug"] = "planets".into();
    renamed["iri"] = "http://ex.org/v/102".into();
    assert_eq!(renamed, planets);
    assert_eq!(card_json(&back, "101")["status"], Value::Null);
}

/// A scratch folder holding `v.ttl` with `turtle` in it, and the file's path.
fn vocabulary_file(turtle: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("v.ttl");
    fs::write(&file, turtle).unwrap();
    (dir, file)
}

#[test]
fn a_scheme_naming_its_languages_by_iso_639_2_iris_gets_the_tag_its_labels_use() {
    // As UNESCO's and Finto's vocabularies name them: three-letter codes in LOC's IRIs,
    // Arabic first; English and French label every concept, and of that tie the first by
    // tag is the main language.
    let (dir, file) = vocabulary_file(
        r#"@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dct: <http://purl.org/dc/terms/> .
<http://ex.org/t/> a skos:ConceptScheme ;
  dct:language <http://id.loc.gov/vocabulary/iso639-2/ara>, <http://id.loc.gov/vocabulary/iso639-2/eng>,
    <http://id.loc.gov/vocabulary/iso639-2/fre>, "rus" .
<http://ex.org/t/1> a skos:Concept ; skos:inScheme <http://ex.org/t/> ;
  skos:prefLabel "Education"@en, "Éducation"@fr, "تعليم"@ar, "Образование"@ru .
<http://ex.org/t/2> a skos:Concept ; skos:inScheme <http://ex.org/t/> ;
  skos:prefLabel "Teaching"@en, "Enseignement"@fr, "تدريس"@ar .
<http://ex.org/t/3> a skos:Concept ; skos:inScheme <http://ex.org/t/> ;
  skos:prefLabel "Learning"@en, "Apprentissage"@fr .
"#,
    );
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&file, &cards, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("no skos:prefLabel"), "{stderr}");
    let settings = fs::read_to_string(cards.join("glossgraph.toml")).unwrap();
    assert!(settings.contains("language = \"en\""), "{settings}");
    let one = card_json(&cards, "1");
    assert_eq!(one["term"], "Education");
    assert_eq!(one["languages"]["ar"]["term"], "تعليم");
    assert_eq!(one["languages"]["ru"]["term"], "Образование");

    // Named by its bibliographic code only, French is the main language even where
    // another has as many labels.
    let fre = fs::read_to_string(&file)
        .unwrap()
        .replace(
            "<http://id.loc.gov/vocabulary/iso639-2/ara>, <http://id.loc.gov/vocabulary/iso639-2/eng>,\n    <http://id.loc.gov/vocabulary/iso639-2/fre>, \"rus\"",
            "\"FRE\"",
        );
    assert!(fre.contains("dct:language \"FRE\" ."), "{fre}");
    fs::write(&file, fre).unwrap();
    let cards = dir.path().join("cards-fr");
    let (code, stderr) = import(&file, &cards, &[]);
    assert_eq!(code, 0, "{stderr}");
    let settings = fs::read_to_string(cards.join("glossgraph.toml")).unwrap();
    assert!(settings.contains("language = \"fr\""), "{settings}");
    assert_eq!(card_json(&cards, "3")["term"], "Apprentissage");
}

#[test]
fn the_import_report_shows_a_few_warnings_of_each_kind_and_counts_the_rest() {
    // 30 concepts with no label in the main language (`en`, from the scheme), 2 with an
    // altLabel that repeats the prefLabel.
    let mut ttl = String::from(
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n\
         @prefix dct: <http://purl.org/dc/terms/> .\n\
         <http://ex.org/v/> a skos:ConceptScheme ; dct:language \"en\" .\n\
         <http://ex.org/v/a> a skos:Concept ; skos:prefLabel \"A\"@en, \"A\"@de .\n",
    );
    for i in 0..30 {
        ttl.push_str(&format!(
            "<http://ex.org/v/c{i}> a skos:Concept ; skos:prefLabel \"Begriff {i}\"@de .\n"
        ));
    }
    for i in 0..2 {
        ttl.push_str(&format!(
            "<http://ex.org/v/r{i}> a skos:Concept ; skos:prefLabel \"R{i}\"@en ; skos:altLabel \"R{i}\"@en .\n"
        ));
    }
    let (dir, file) = vocabulary_file(&ttl);
    let lines = |stderr: &str, text: &str| stderr.lines().filter(|l| l.contains(text)).count();

    let (code, stderr) = import(&file, &dir.path().join("capped"), &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(lines(&stderr, "no skos:prefLabel in `en`"), 10, "{stderr}");
    assert_eq!(lines(&stderr, "repeats the prefLabel"), 2, "{stderr}");
    assert!(
        stderr.contains("… and 20 more `no-pref-label` warnings (--max-per-rule 0 shows them all)"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("more `alt-label-repeats-pref-label`"),
        "{stderr}"
    );

    let (code, stderr) = import(&file, &dir.path().join("three"), &["--max-per-rule", "3"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(lines(&stderr, "no skos:prefLabel in `en`"), 3, "{stderr}");
    assert!(
        stderr.contains("… and 27 more `no-pref-label` warnings"),
        "{stderr}"
    );

    let (code, stderr) = import(&file, &dir.path().join("all"), &["--max-per-rule", "0"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(lines(&stderr, "no skos:prefLabel in `en`"), 30, "{stderr}");
    assert!(!stderr.contains("… and"), "{stderr}");
}

#[test]
fn a_concept_related_to_itself_is_said_and_counted_as_not_kept() {
    let (dir, file) = vocabulary_file(
        r#"@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<http://ex.org/v/a> a skos:Concept ; skos:prefLabel "A"@en ; skos:related <http://ex.org/v/a>, <http://ex.org/v/b> .
<http://ex.org/v/b> a skos:Concept ; skos:prefLabel "B"@en ; skos:related <http://ex.org/v/a> .
"#,
    );
    let cards = dir.path().join("cards");
    let (code, stderr) = import(&file, &cards, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("<http://ex.org/v/a>: a skos:related of the concept to itself is not kept"),
        "{stderr}"
    );
    assert!(
        stderr.contains("kept 6 triples; not kept: 1 skos:related on 1 subject"),
        "{stderr}"
    );
    assert_eq!(card_json(&cards, "a")["related"], serde_json::json!(["b"]));
    assert_eq!(card_json(&cards, "b")["related"], serde_json::json!(["a"]));
    // --strict refuses what the cards cannot hold.
    let (code, stderr) = import(&file, &dir.path().join("strict"), &["--strict"]);
    assert_eq!(code, 1, "{stderr}");
}
