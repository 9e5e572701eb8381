//! RDF/SKOS export and import (issue 3).
//!
//! Golden files: the sample glossary's export in every format is `exports/glossary.*` (after
//! an intended change of the mapping, `cargo run -- export` writes it again), and
//! `docs/rdf.md` shows the RoCEv2 card in every format (`GLOSSGRAPH_BLESS=1 cargo test --test
//! it rdf_docs` writes it again). Both are compared byte for byte; review the diff. (Skosify,
//! raptor and rdflib read the export in `consumers/rdf.rs`.)

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};

use glossgraph::config::Config;
use glossgraph::export::Format;
use glossgraph::generate::{Generator, Params};
use glossgraph::rdf::read::{self, ImportError};
use glossgraph::rdf::{vocab, write};
use glossgraph::{Card, Glossary};
use oxigraph::io::RdfFormat;
use oxigraph::model::{GraphNameRef, Quad, Term};
use oxigraph::sparql::{QueryResults, SparqlEvaluator};
use oxigraph::store::Store;

use crate::util::fixtures::{checked_with, sample};
use crate::util::root;

pub(crate) const RDF_FORMATS: [Format; 6] = [
    Format::Turtle,
    Format::NTriples,
    Format::RdfXml,
    Format::JsonLd,
    Format::TriG,
    Format::NQuads,
];

pub(crate) fn rdf_format(format: Format) -> RdfFormat {
    format.rdf().expect("an RDF format")
}

pub(crate) fn export(glossary: &Glossary, config: &Config, format: Format) -> Vec<u8> {
    let mut out = Vec::new();
    write::write(glossary, config, rdf_format(format), &mut out).unwrap();
    out
}

fn import(bytes: &[u8], format: Format) -> read::Imported {
    match read::read(bytes, rdf_format(format), format.file_name()) {
        Ok(imported) => imported,
        Err(ImportError::Mapping { problems, .. }) => {
            panic!("{}: {problems:#?}", format.name())
        }
        Err(e) => panic!("{}: {e}", format.name()),
    }
}

/// Cards full of characters that need escaping somewhere: quotes, backslashes, newlines,
/// `<`, `&`, non-ASCII, emoji, right-to-left marks, Turtle and XML delimiters.
const AWKWARD: &str = r#"[
{"slug": "awk-a", "term": "He said \"hi\" \\ back\\\\slash",
 "aliases": ["<tag> & 'apos' &amp;", "line one\nline two", "tab\there", "emoji 😀 and RTL \u200fمرحبا\u200e",
             "  spaced  ", "\"\"\"triple\"\"\"", "]]> -->", "\\u0041 is not A", "ünïcödé ñ 漢字", "zzz last", "a"],
 "definition": "Ends with a backslash \\ and has '''quotes''', \"\"\" and @en and ^^xsd:string and <http://x> and %20 and # and \u2028 line separator.",
 "note": "First paragraph cites [c.1] with & and <b>.\r\n\r\nSecond: \"quoted\" [odd:id] and again [c.1]\n\nThird has no marker.\n\n\n\nFourth [c.1]",
 "advantages": ["fast & \"cheap\"", "b", "a", "b"], "limitations": ["needs <config>\n"],
 "status": "emerging", "supersedes": ["awk-b"], "related": ["awk-b", "awk-c"],
 "firstSeen": "1999", "lastSeen": "2024-02", "updated": "2024-02-29",
 "citations": [
   {"id": "odd:id", "title": "A \"title\" with\nnewline & <angle>", "url": "https://example.org/a?b=c&d=%20#frag", "accessed": "2020"},
   {"id": "c.1", "title": "Ünïcode 📚 title", "url": "https://example.org/ünï/path", "accessed": null}
 ],
 "provenance": ["Written\r\nwith CRLF", "zz", "\\ backslash first"]},
{"slug": "awk-b", "term": "B", "definition": "Old.", "status": "deprecated",
 "supersededBy": ["awk-a"], "related": ["awk-a"], "updated": "2024"},
{"slug": "awk-c", "term": "C ’curly’ «guillemets»", "definition": "Minimal: no note, no status, no dates.", "related": ["awk-a"]}
]"#;

pub(crate) fn awkward(config: &Config) -> Glossary {
    checked_with("awkward.json", AWKWARD, config)
}

/// A generated glossary (`glossgraph generate`), checked: `awkward` is the share of texts
/// with characters that need escaping; one-way `related` links are warnings, not errors.
pub(crate) fn generated(terms: u32, seed: u64, awkward: f64, config: &Config) -> Glossary {
    let generator = Generator::new(Params {
        seed,
        awkward,
        ..Params::new(terms)
    })
    .unwrap();
    let mut text = Vec::new();
    generator.write_json_lines(&mut text).unwrap();
    checked_with(
        "generated.jsonl",
        std::str::from_utf8(&text).unwrap(),
        config,
    )
}

fn hash(bytes: &[u8]) -> u64 {
    let mut h = DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// The prefixes that Turtle actually abbreviates with, computed from the quads themselves:
/// every IRI in any position and every datatype Turtle does not write bare (`true` is bare).
/// `rdf:type` is written `a`.
pub(crate) fn prefixes_used_by(quads: &[Quad], gx: &str) -> Vec<(&'static str, String)> {
    let mut iris: Vec<&str> = Vec::new();
    for q in quads {
        if let oxigraph::model::NamedOrBlankNode::NamedNode(n) = &q.subject {
            iris.push(n.as_str());
        }
        if q.predicate.as_str() != vocab::rdf::TYPE.as_str() {
            iris.push(q.predicate.as_str());
        }
        match &q.object {
            Term::NamedNode(n) => iris.push(n.as_str()),
            Term::Literal(l)
                if l.language().is_none()
                    && l.datatype() != vocab::xsd::BOOLEAN
                    && l.datatype() != vocab::xsd::STRING =>
            {
                iris.push(l.datatype().as_str());
            }
            _ => {}
        }
    }
    let mut all: Vec<(&'static str, String)> = vocab::PREFIXES
        .iter()
        .map(|(n, ns)| (*n, (*ns).to_owned()))
        .collect();
    all.push((vocab::GX, gx.to_owned()));
    all.into_iter()
        .filter(|(_, ns)| {
            iris.iter().any(|i| {
                i.strip_prefix(ns.as_str())
                    .is_some_and(|local| !local.contains('#'))
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Byte stability

/// The writer's bytes for the sample glossary are the committed `exports/glossary.*`, which
/// `cargo run -- export` writes and `export --check` guards (`export.rs`): one copy, one way
/// to update it.
#[test]
fn the_sample_glossary_is_written_as_the_committed_exports() {
    let (glossary, config) = sample();
    for format in RDF_FORMATS {
        let bytes = export(&glossary, &config, format);
        let path = root().join("exports").join(format.file_name());
        let committed = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            committed == bytes,
            "{} differs from the writer's bytes; if the mapping changed on purpose, run \
             `cargo run -- export` and review the diff of exports/",
            path.display()
        );
    }
}

#[test]
fn shuffled_input_gives_the_same_bytes_in_every_format() {
    let (glossary, config) = sample();
    let cards = glossary.cards().to_vec();
    let reference: Vec<u64> = RDF_FORMATS
        .iter()
        .map(|f| hash(&export(&glossary, &config, *f)))
        .collect();
    // A small deterministic shuffle (xorshift), several seeds; also the reverse order.
    for seed in [1u64, 7, 42, 2026] {
        let mut order: Vec<usize> = (0..cards.len()).collect();
        let mut x = seed;
        for i in (1..order.len()).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            order.swap(i, (x % (i as u64 + 1)) as usize);
        }
        if seed == 1 {
            order.reverse();
        }
        let text: Vec<String> = order.iter().map(|&i| cards[i].to_json(false)).collect();
        let shuffled = checked_with("shuffled.jsonl", &text.join("\n"), &config);
        for (format, expected) in RDF_FORMATS.iter().zip(&reference) {
            assert_eq!(
                hash(&export(&shuffled, &config, *format)),
                *expected,
                "{} differs for shuffle seed {seed}",
                format.name()
            );
        }
    }
}

#[test]
fn the_writer_counts_exactly_the_quads_of_the_mapping() {
    let (glossary, config) = sample();
    let quads: Vec<Quad> = write::quads(&glossary, &config).collect();
    for format in RDF_FORMATS {
        let n = write::write(&glossary, &config, rdf_format(format), std::io::sink()).unwrap();
        assert_eq!(n, quads.len() as u64, "{}", format.name());
    }
    // Card graphs in slug order after the scheme graph; the scheme graph first.
    let iris = vocab::Iris::new(&config.base);
    assert_eq!(
        quads[0].graph_name.as_ref(),
        GraphNameRef::NamedNode(iris.scheme_graph())
    );
    let mut graphs: Vec<String> = quads
        .iter()
        .map(|q| q.graph_name.to_string().trim_matches(['<', '>']).to_owned())
        .collect();
    graphs.dedup();
    assert_eq!(
        graphs.len(),
        1 + glossary.cards().len(),
        "each graph is contiguous"
    );
    let mut sorted = graphs[1..].to_vec();
    sorted.sort();
    assert_eq!(graphs[1..], sorted[..]);
}

#[test]
fn turtle_declares_only_the_prefixes_it_uses() {
    let config = Config::default();
    let bare = checked_with(
        "bare.jsonl",
        r#"{"slug": "x", "term": "X", "definition": "No dates, no citations."}"#,
        &config,
    );
    let (sample, sample_config) = sample();
    for (glossary, config) in [
        (&bare, &config),
        (&awkward(&config), &config),
        (&sample, &sample_config),
    ] {
        let quads: Vec<Quad> = write::quads(glossary, config).collect();
        let gx = vocab::Iris::new(&config.base).gx_namespace().to_owned();
        let declared = write::prefixes(glossary, config);
        assert_eq!(declared, prefixes_used_by(&quads, &gx));
        for format in [Format::Turtle, Format::TriG] {
            let text = String::from_utf8(export(glossary, config, format)).unwrap();
            let (head, body): (Vec<&str>, Vec<&str>) =
                text.lines().partition(|l| l.starts_with("@prefix "));
            assert_eq!(head.len(), declared.len());
            let body = body.join("\n");
            for (name, ns) in &declared {
                let token = format!("{name}:");
                assert!(
                    body.split(|c: char| c.is_whitespace() || c == '^')
                        .any(|t| t.starts_with(&token)),
                    "{} declares {name}: without using it",
                    format.name()
                );
                assert!(!body.contains(&format!("<{ns}")), "{ns} written in full");
            }
        }
    }
    let text = String::from_utf8(export(&bare, &config, Format::Turtle)).unwrap();
    assert!(
        !text.contains("@prefix xsd:") && !text.contains("@prefix schema:"),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------
// Round trip

#[test]
fn every_format_round_trips_the_sample_glossary() {
    let (glossary, config) = sample();
    let expected = write::normalize(&glossary);
    for format in RDF_FORMATS {
        let bytes = export(&glossary, &config, format);
        let imported = import(&bytes, format);
        assert_eq!(imported.cards, expected, "{}", format.name());
        assert_eq!(imported.config.base, config.base);
        assert_eq!(imported.config.language, config.language);
        assert_eq!(imported.config.title, config.title);
        let mut statuses = config.statuses.clone();
        statuses.sort();
        assert_eq!(imported.config.statuses, statuses);
        // Exporting what was imported gives the same bytes: nothing was lost.
        let again = Glossary::new(imported.cards.iter().map(Card::from).collect());
        assert!(
            export(&again, &imported.config, format) == bytes,
            "{}",
            format.name()
        );
    }
    // The seed card differs from its normalized self only in the order of its lists.
    let seed = &expected[glossary
        .cards()
        .iter()
        .position(|c| c.slug() == "roce-v2")
        .unwrap()];
    assert_eq!(seed.related, ["iwarp", "nvme-rdma", "rdma-storage"]);
    assert_eq!(
        seed.aliases,
        ["RDMA over Converged Ethernet version 2", "RoCE v2"]
    );
}

#[test]
fn awkward_strings_round_trip_in_every_format_and_base() {
    let bases = ["https://example.org/glossary/", "https://example.org/g#"];
    for (base, language) in bases.into_iter().zip(["en", "de-CH"]) {
        let config = Config {
            base: base.into(),
            language: language.into(),
            title: "Glossar \"mit\" <Zeichen> & 😀".into(),
            ..Config::default()
        };
        let glossary = awkward(&config);
        let expected = write::normalize(&glossary);
        let a = &expected[0];
        assert_eq!(
            a.advantages,
            ["a", "b", "fast & \"cheap\""],
            "sets: sorted, no duplicates"
        );
        assert_eq!(glossary.cards()[2].related(), ["awk-a"]);
        assert_eq!(expected[1].supersedes, Vec::<String>::new());
        for format in RDF_FORMATS {
            let bytes = export(&glossary, &config, format);
            let imported = import(&bytes, format);
            assert_eq!(
                imported.cards,
                expected,
                "{} with base {base}",
                format.name()
            );
            assert_eq!(imported.config.title, config.title);
            assert_eq!(imported.config.language, language.to_ascii_lowercase());
        }
    }
}

#[test]
fn generated_glossaries_round_trip_in_every_format() {
    let config = Config::default();
    for (seed, awkward) in [(1, Params::DEFAULT_AWKWARD), (2, 1.0)] {
        let glossary = generated(300, seed, awkward, &config);
        let expected = write::normalize(&glossary);
        // The corpus has one-way links; each card comes back with exactly the `related` it
        // listed (issue 40), though `skos:related` is written both ways.
        let mut one_way = 0;
        for (card, normal) in glossary.cards().iter().zip(&expected) {
            let mut listed: Vec<&str> = card.related().iter().collect();
            listed.sort_unstable();
            listed.dedup();
            assert_eq!(normal.related, listed, "{}", card.slug());
            one_way += usize::from(glossary.node(card.slug()).is_some_and(|n| {
                glossary.neighbours(n).len()
                    > card.related().len() + card.supersedes().len() + card.superseded_by().len()
            }));
        }
        assert!(one_way > 0, "the corpus has one-way links");
        for format in RDF_FORMATS {
            let bytes = export(&glossary, &config, format);
            let imported = import(&bytes, format);
            assert_eq!(imported.cards, expected, "{} seed {seed}", format.name());
            let again = Glossary::new(imported.cards.iter().map(Card::from).collect());
            assert!(
                export(&again, &config, format) == bytes,
                "{} seed {seed}",
                format.name()
            );
        }
    }
}

/// Cards whose texts hold, between them, every character the checker lets through: tab,
/// newline, carriage return and every Unicode scalar value but the other C0 controls, DEL,
/// the C1 controls, U+FFFE and U+FFFF. Each text is a run of consecutive characters of an
/// odd length, so that every escape falls at every offset of the writers' blocks.
fn every_allowed_character(config: &Config) -> Glossary {
    let allowed: Vec<char> = (0..=0x10FFFF_u32)
        .filter_map(char::from_u32)
        .filter(|&c| {
            !matches!(c, '\u{0}'..='\u{8}' | '\u{B}' | '\u{C}' | '\u{E}'..='\u{1F}'
                | '\u{7F}'..='\u{9F}' | '\u{FFFE}' | '\u{FFFF}')
        })
        .collect();
    let texts: Vec<String> = allowed.chunks(4093).map(|c| c.iter().collect()).collect();
    let cards: Vec<serde_json::Value> = texts
        .chunks(6)
        .enumerate()
        .map(|(i, t)| {
            let text = |k: usize| t.get(k).map_or("plain", String::as_str);
            serde_json::json!({
                "slug": format!("every-{i:03}"),
                "term": format!("Every {i}"),
                "aliases": [format!("alias {i} {}", &text(5).chars().take(40).collect::<String>())],
                "definition": text(0),
                "note": format!("{} [c]", text(1)),
                "advantages": [text(2)],
                "limitations": [text(3)],
                "provenance": [text(4)],
                "citations": [{"id": "c", "title": text(5), "url": "https://example.org/ünï/päth?q=x&r=%22#frag"}],
            })
        })
        .collect();
    let glossary = checked_with(
        "every.json",
        &serde_json::Value::Array(cards).to_string(),
        config,
    );
    let seen: std::collections::BTreeSet<char> = glossary
        .cards()
        .iter()
        .flat_map(|c| [c.definition(), c.note()])
        .chain(glossary.cards().iter().flat_map(|c| {
            c.advantages()
                .iter()
                .chain(c.limitations().iter())
                .chain(c.provenance().iter())
                .collect::<Vec<_>>()
        }))
        .chain(glossary.cards().iter().flat_map(|c| {
            c.citations()
                .iter()
                .map(|cite| cite.title)
                .collect::<Vec<_>>()
        }))
        .flat_map(str::chars)
        .collect();
    assert_eq!(
        seen.len(),
        allowed.len(),
        "every allowed character is in a text"
    );
    glossary
}

/// Issue 20: N-Triples and N-Quads are written by a writer of glossgraph's own; it must write
/// exactly the bytes of Oxigraph's serializers, fed the same quads, on glossaries whose texts
/// hold every escape, every script and every character the checker lets through.
#[test]
fn ntriples_and_nquads_are_the_bytes_oxigraph_writes_on_hostile_glossaries() {
    use oxigraph::io::RdfSerializer;
    use oxigraph::model::TripleRef;
    let plain = Config::default();
    let other = Config {
        base: "http://glossary.test/ünï/t\u{e9}rms#".into(),
        language: "de-CH".into(),
        title: "Ein \"Glossar\" \\ mit\tTab\r\nund Zeilen".into(),
        ..Config::default()
    };
    let hostile = [
        ("awkward", awkward(&plain), &plain),
        ("awkward, other base", awkward(&other), &other),
        (
            "every allowed character",
            every_allowed_character(&plain),
            &plain,
        ),
        (
            "generated, all awkward",
            generated(400, 3, 1.0, &plain),
            &plain,
        ),
        (
            "generated, all awkward, other base",
            generated(300, 4, 1.0, &other),
            &other,
        ),
        (
            "generated, default",
            generated(300, 5, Params::DEFAULT_AWKWARD, &plain),
            &plain,
        ),
    ];
    for (name, glossary, config) in &hostile {
        for format in [Format::NTriples, Format::NQuads] {
            let rdf = rdf_format(format);
            let mut reference = RdfSerializer::from_format(rdf).for_writer(Vec::new());
            for quad in write::quads(glossary, config) {
                if rdf.supports_datasets() {
                    reference.serialize_quad(&quad).unwrap();
                } else {
                    reference
                        .serialize_triple(TripleRef::from(quad.as_ref()))
                        .unwrap();
                }
            }
            let reference = reference.finish().unwrap();
            let ours = export(glossary, config, format);
            assert!(reference.len() > 10_000, "{name}");
            if ours != reference {
                let line = ours
                    .split(|&b| b == b'\n')
                    .zip(reference.split(|&b| b == b'\n'))
                    .position(|(a, b)| a != b);
                panic!(
                    "{name}, {}: differs from Oxigraph's at line {line:?} (of {} and {} bytes)",
                    format.name(),
                    ours.len(),
                    reference.len()
                );
            }
        }
    }
}

/// Every quad of `store`, as N-Quads lines, sorted.
fn dump(store: &Store) -> Vec<String> {
    let mut bytes = Vec::new();
    store
        .dump_to_writer(
            oxigraph::io::RdfSerializer::from_format(RdfFormat::NQuads),
            &mut bytes,
        )
        .unwrap();
    let mut lines: Vec<String> = String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    lines.sort_unstable();
    lines
}

#[test]
fn a_store_filled_from_quads_holds_what_the_files_hold() {
    // The sample fits in one of the store's batches of quads; 400 generated terms make
    // about 21,000 quads, more than one.
    let config = Config::default();
    for (glossary, config) in [sample(), (generated(400, 3, 0.2, &config), config.clone())] {
        let file = export(&glossary, &config, Format::NQuads);
        let mut from_file: Vec<String> = std::str::from_utf8(&file)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        from_file.sort_unstable();
        let store = Store::new().unwrap();
        for q in write::quads(&glossary, &config) {
            store.insert(&q).unwrap();
        }
        assert_eq!(dump(&store), from_file);
        let filled = glossgraph::sparql::GlossaryStore::new(&glossary, &config).unwrap();
        assert!(filled.len() > 1 << 14 || glossary.cards().len() < 100);
        assert_eq!(filled.len(), from_file.len());
        assert_eq!(dump(filled.store()), from_file);
    }
}

// ---------------------------------------------------------------------------------------
// SKOS integrity, asked in SPARQL over the export

const PREFIXES: &str = "PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
";

fn store_of(glossary: &Glossary, config: &Config) -> Store {
    let store = Store::new().unwrap();
    store
        .extend(write::quads(glossary, config).collect::<Vec<_>>())
        .unwrap();
    store
}

/// Evaluates an ASK over the union of all graphs.
fn ask(store: &Store, query: &str) -> bool {
    let mut query = SparqlEvaluator::new()
        .parse_query(&format!("{PREFIXES}{query}"))
        .unwrap();
    query.dataset_mut().set_default_graph_as_union();
    match query.on_store(store).execute().unwrap() {
        QueryResults::Boolean(b) => b,
        _ => panic!("not an ASK query"),
    }
}

fn update(store: &Store, update: &str) {
    SparqlEvaluator::new()
        .parse_update(&format!("{PREFIXES}{update}"))
        .unwrap()
        .on_store(store)
        .execute()
        .unwrap();
}

/// (name, ASK that finds a violation, an update that creates one — so that the query is
/// shown to be able to say yes).
const INTEGRITY: [(&str, &str, &str); 9] = [
    (
        "one concept scheme: the glossary's (issue 22)",
        "ASK { ?a a skos:ConceptScheme . ?b a skos:ConceptScheme FILTER(?a != ?b) }",
        "INSERT DATA { GRAPH <urn:x> { <urn:statuses> a skos:ConceptScheme } }",
    ),
    (
        "the concept scheme has a skos:prefLabel and an rdfs:label (issue 22)",
        "ASK { ?s a skos:ConceptScheme FILTER NOT EXISTS { ?s skos:prefLabel ?p ; rdfs:label ?l } }",
        "DELETE { GRAPH ?g { ?s skos:prefLabel ?l } } WHERE { GRAPH ?g { ?s a skos:ConceptScheme ; skos:prefLabel ?l } }",
    ),
    (
        "S9: ConceptScheme and Concept are disjoint",
        "ASK { ?x a skos:ConceptScheme , skos:Concept }",
        "INSERT { GRAPH ?g { ?c a skos:ConceptScheme } } WHERE { GRAPH ?g { ?c skos:notation ?n FILTER(STR(?n) = \"rdma\") } }",
    ),
    (
        "S13: prefLabel, altLabel and hiddenLabel are pairwise disjoint",
        "ASK { { ?c skos:prefLabel ?l ; skos:altLabel ?l } UNION { ?c skos:prefLabel ?l ; skos:hiddenLabel ?l }
               UNION { ?c skos:altLabel ?l ; skos:hiddenLabel ?l } }",
        "INSERT { GRAPH ?g { ?c skos:altLabel ?l } } WHERE { GRAPH ?g { ?c skos:notation ?n ; skos:prefLabel ?l FILTER(STR(?n) = \"rdma\") } }",
    ),
    (
        "S14: at most one prefLabel per language",
        "ASK { ?c skos:prefLabel ?a , ?b FILTER(?a != ?b && lang(?a) = lang(?b)) }",
        "INSERT { GRAPH ?g { ?c skos:prefLabel \"another\"@en } } WHERE { GRAPH ?g { ?c skos:notation ?n FILTER(STR(?n) = \"rdma\") } }",
    ),
    (
        "every skos:related has its reverse",
        "ASK { ?a skos:related ?b FILTER NOT EXISTS { ?b skos:related ?a } }",
        "DELETE { GRAPH ?g { ?b skos:related ?a } } WHERE { GRAPH ?h { ?a skos:notation ?n ; skos:related ?b FILTER(STR(?n) = \"rdma\") } GRAPH ?g { ?b skos:related ?a } }",
    ),
    (
        "every dcterms:replaces has its dcterms:isReplacedBy",
        "ASK { ?new dcterms:replaces ?old FILTER NOT EXISTS { ?old dcterms:isReplacedBy ?new } }",
        "DELETE WHERE { GRAPH ?g { ?old dcterms:isReplacedBy ?new } }",
    ),
    (
        "every dcterms:isReplacedBy has its dcterms:replaces",
        "ASK { ?old dcterms:isReplacedBy ?new FILTER NOT EXISTS { ?new dcterms:replaces ?old } }",
        "DELETE WHERE { GRAPH ?g { ?new dcterms:replaces ?old } }",
    ),
    (
        "no blank node anywhere",
        "ASK { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } FILTER(isBlank(?s) || isBlank(?o)) }",
        "INSERT DATA { GRAPH <urn:x> { _:b <urn:p> <urn:o> } }",
    ),
];

#[test]
fn skos_integrity_holds_in_the_export() {
    let (glossary, config) = sample();
    let config_awkward = Config::default();
    for (glossary, config) in [
        (&glossary, &config),
        (&awkward(&config_awkward), &config_awkward),
        (&generated(300, 5, 0.5, &config_awkward), &config_awkward),
    ] {
        let store = store_of(glossary, config);
        assert!(
            ask(&store, "ASK { ?a dcterms:replaces ?b }"),
            "the fixture has replacements"
        );
        for (name, query, _) in INTEGRITY {
            assert!(!ask(&store, query), "violated: {name}");
        }
    }
    // Each query can say yes: break the sample glossary on purpose, one rule at a time.
    for (name, query, breaking) in INTEGRITY {
        let store = store_of(&glossary, &config);
        update(&store, breaking);
        assert!(
            ask(&store, query),
            "the check for `{name}` cannot see a violation"
        );
    }
}

#[test]
fn cited_paragraphs_answer_which_statements_rest_on_a_source() {
    let (glossary, config) = sample();
    let store = store_of(&glossary, &config);
    let query = format!(
        "{PREFIXES}PREFIX gx: <{}>
        SELECT ?text ?accessed WHERE {{
          ?p gx:paragraphOf <{}> ; rdf:value ?text ; dcterms:references ?source .
          ?source dcterms:title ?title ; gx:accessed ?accessed .
          FILTER(STRSTARTS(?title, \"Bai et al.\"))
        }}",
        vocab::Iris::new(&config.base).gx_namespace(),
        vocab::Iris::new(&config.base).term("roce-v2").as_str(),
    );
    let mut q = SparqlEvaluator::new().parse_query(&query).unwrap();
    q.dataset_mut().set_default_graph_as_union();
    let QueryResults::Solutions(rows) = q.on_store(&store).execute().unwrap() else {
        panic!("not a SELECT")
    };
    let rows: Vec<(String, String)> = rows
        .map(|r| {
            let r = r.unwrap();
            (
                r.get("text").unwrap().to_string(),
                r.get("accessed").unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0]
            .0
            .starts_with("\"Failure containment: Azure's 2023 report"),
        "{rows:?}"
    );
    assert_eq!(
        rows[0].1,
        "\"2026-10-24\"^^<http://www.w3.org/2001/XMLSchema#date>"
    );
}

// ---------------------------------------------------------------------------------------
// Real consumers
