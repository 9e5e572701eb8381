//! The RDF export read by other RDF tools: Skosify (the SKOS checker), raptor's `rapper`
//! (Turtle, N-Triples, RDF/XML: the same number of triples) and rdflib (every format, the
//! same graph as the N-Triples).

use std::fs;
use std::process::Command;

use glossgraph::config::Config;
use glossgraph::export::Format;
use glossgraph::rdf::write;

use super::require;
use crate::rdf::{awkward, export, generated};
use crate::util::fixtures::sample;
use crate::util::{root, scratch};

/// Issue 22: Skosify, the SKOS checker and converter, found two concept schemes and no
/// label. It now reads the Turtle export with nothing to report but its notes (INFO) about
/// the types, literals and relations beyond SKOS that it leaves alone.
#[test]
fn skosify_reads_the_export_without_a_warning() {
    let skosify = require("skosify");
    let (glossary, config) = sample();
    let dir = scratch("rdf", "skosify");
    let input = dir.join("glossary.ttl");
    fs::write(&input, export(&glossary, &config, Format::Turtle)).unwrap();
    let output = dir.join("skosified.ttl");
    let out = Command::new(skosify)
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    let note = "INFO: Don't know what to do with ";
    let reported: Vec<&str> = said.lines().filter(|l| !l.starts_with(note)).collect();
    assert!(
        reported.is_empty(),
        "Skosify reports more than its notes:\n{}",
        reported.join("\n")
    );
    assert!(
        said.contains(note),
        "Skosify said nothing: did it read the file? {said}"
    );
    let skosified = fs::read_to_string(&output).unwrap();
    assert!(
        skosified.contains(&config.title) && skosified.contains("RoCEv2"),
        "Skosify's output lost the scheme or the terms"
    );
}

#[test]
fn rapper_counts_the_same_triples_as_glossgraph() {
    let rapper = require("rapper");
    let (glossary, config) = sample();
    let awkward_config = Config {
        base: "https://example.org/g#".into(),
        ..Config::default()
    };
    let dir = scratch("rdf", "rapper");
    for (name, glossary, config) in [
        ("sample", &glossary, &config),
        ("awkward", &awkward(&awkward_config), &awkward_config),
        ("generated", &generated(500, 3, 1.0, &config), &config),
    ] {
        let expected = write::quads(glossary, config).count();
        for (format, syntax) in [
            (Format::Turtle, "turtle"),
            (Format::NTriples, "ntriples"),
            (Format::RdfXml, "rdfxml"),
        ] {
            let path = dir.join(format!("{name}-{}", format.file_name()));
            fs::write(&path, export(glossary, config, format)).unwrap();
            let out = Command::new(&rapper)
                .args(["-i", syntax, "-c"])
                .arg(&path)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.success(),
                "rapper rejected {}: {stderr}",
                path.display()
            );
            assert!(
                stderr.contains(&format!("Parsing returned {expected} triples")),
                "{}: glossgraph wrote {expected} triples, rapper says: {stderr}",
                path.display()
            );
            assert!(!stderr.contains("Warning"), "{stderr}");
        }
    }
}

#[test]
fn rdflib_reads_every_format_as_the_ntriples_graph() {
    let python = require("python3");
    let (glossary, config) = sample();
    let awkward_config = Config {
        base: "https://example.org/g#".into(),
        language: "de-CH".into(),
        ..Config::default()
    };
    let dir = scratch("rdf", "rdflib");
    for (name, glossary, config) in [
        ("sample", &glossary, &config),
        ("awkward", &awkward(&awkward_config), &awkward_config),
        ("generated", &generated(150, 4, 1.0, &config), &config),
    ] {
        let mut args = vec![root().join("tests/consumers/rdf_isomorphic.py")];
        let mut specs = Vec::new();
        for (format, rdflib_name) in [
            (Format::NTriples, ""),
            (Format::Turtle, "turtle"),
            (Format::RdfXml, "xml"),
            (Format::JsonLd, "json-ld"),
            (Format::TriG, "trig"),
            (Format::NQuads, "nquads"),
        ] {
            let path = dir.join(format!("{name}-{}", format.file_name()));
            fs::write(&path, export(glossary, config, format)).unwrap();
            if rdflib_name.is_empty() {
                args.push(path);
            } else {
                specs.push(format!("{rdflib_name}={}", path.display()));
            }
        }
        let out = Command::new(&python)
            .args(&args)
            .args(&specs)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "rdflib: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout.matches("isomorphic=True").count(), 5, "{stdout}");
        let triples = write::quads(glossary, config).count();
        assert!(stdout.contains(&format!(": {triples} triples")), "{stdout}");
    }
}
