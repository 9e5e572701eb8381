//! `glossgraph diff --format sparql-update`, applied to a real Oxigraph server holding the
//! old glossary, gives exactly the new one's quads.

use std::collections::BTreeSet;
use std::path::Path;

use glossgraph::check;
use glossgraph::config::{Config, Settings};
use glossgraph::load::{self, Input};
use glossgraph::sparql::push::{Client, Method, Settings as HttpSettings};

use super::stores::Oxigraph;
use crate::diff::{diff, prepared};

/// The quads the mapping gives for the glossary in `path`, as N-Quads lines.
fn quads_of(path: &Path) -> (Vec<u8>, BTreeSet<String>) {
    let input = Input::parse(&path.display().to_string());
    let config = Config::resolve(input.config_dir().as_deref(), Settings::default()).unwrap();
    let checked = check::check(
        load::load(&input).unwrap(),
        &config,
        check::Options::default(),
    );
    let mut nquads = Vec::new();
    let mut lines = BTreeSet::new();
    for q in glossgraph::rdf::write::quads(&checked.glossary, &config) {
        let line = format!("{q} .\n");
        nquads.extend_from_slice(line.as_bytes());
        lines.insert(line.trim_end().to_owned());
    }
    (nquads, lines)
}

fn parse_nquads(body: &[u8]) -> BTreeSet<String> {
    oxigraph::io::RdfParser::from_format(oxigraph::io::RdfFormat::NQuads)
        .for_slice(body)
        .map(|q| format!("{} .", q.unwrap()))
        .collect()
}

#[test]
fn the_sparql_update_turns_a_real_store_holding_old_into_new() {
    let tmp = tempfile::tempdir().unwrap();
    prepared(tmp.path());
    let (old_nquads, old_lines) = quads_of(&tmp.path().join("old.jsonl"));
    let (_, new_lines) = quads_of(&tmp.path().join("new.jsonl"));
    assert_ne!(old_lines, new_lines);
    let (code, update, err) = diff(
        tmp.path(),
        &["old.jsonl", "new.jsonl", "--format", "sparql-update"],
    );
    assert_eq!(code, 1, "{err}");

    let store = Oxigraph::start("diff-update", 30);
    let client = Client::new(HttpSettings::default());
    let mut log = |_: String| {};
    let url = |path: &str| format!("{}{path}", store.base);
    client
        .send(
            Method::Post,
            &url("/store"),
            Some(("application/n-quads", &old_nquads)),
            None,
            &mut log,
        )
        .unwrap();
    let dump = |client: &Client, log: &mut dyn FnMut(String)| {
        let reply = client
            .send(
                Method::Get,
                &url("/store"),
                None,
                Some("application/n-quads"),
                log,
            )
            .unwrap();
        parse_nquads(&reply.body)
    };
    assert_eq!(dump(&client, &mut log), old_lines);
    client
        .send(
            Method::Post,
            &url("/update"),
            Some(("application/sparql-update", update.as_bytes())),
            None,
            &mut log,
        )
        .unwrap();
    let after = dump(&client, &mut log);
    let missing: Vec<_> = new_lines.difference(&after).collect();
    let extra: Vec<_> = after.difference(&new_lines).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "missing {missing:#?}\nextra {extra:#?}"
    );
}
