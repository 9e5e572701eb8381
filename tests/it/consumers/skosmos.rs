//! `serve`'s Skosmos REST API read by `skosmos-client`, NatLibFi's PyPI client of Skosmos
//! (what Annif and scripts written for Finto use): it must list the vocabulary, search it,
//! look a label up and read a concept and its neighbours as it would from a Skosmos.

use std::process::Command;

use serde_json::{json, Value};

use super::require;
use crate::util::server::Served;
use crate::util::{root, stderr};

#[test]
fn skosmos_client_lists_searches_and_reads_concepts() {
    let fish = root().join("tests/fixtures/skosmos/fish.ttl");
    let server = Served::start(&[fish.to_str().unwrap()]);
    let t = |id: &str| format!("http://www.skosmos.skos/test/{id}");
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers/skosmos_read.py"))
        .args([
            &server.url("/rest/v1/"),
            "fish",
            &t("ta116"),
            "*bass",
            "golden crucian",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "skosmos_read.py failed (is skosmos-client installed? run scripts/install-test-tools.sh): {}",
        stderr(&out)
    );
    let read: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        read["vocabularies"],
        json!([{ "id": "fish", "title": "Test conceptscheme", "uri": "fish" }])
    );
    assert_eq!(read["vocabulary"], "fish");
    assert_eq!(
        read["types"],
        json!(["http://www.w3.org/2004/02/skos/core#Concept"])
    );
    assert_eq!(read["top"], json!([t("ta1"), t("ta115")]));
    assert_eq!(
        read["search"],
        json!([
            [t("ta117"), "3D Bass"],
            [t("ta116"), "Bass"],
            [t("ta122"), "Black sea bass"]
        ])
    );
    assert_eq!(read["lookup"], json!([t("ta112")]));
    assert_eq!(read["label"], "Bass");
    assert_eq!(read["broader"], json!([t("ta1")]));
    assert_eq!(read["narrower"], json!([t("ta122")]));
    assert_eq!(read["related"], json!([]));
    assert_eq!(read["broaderTransitive"], json!([t("ta1"), t("ta116")]));
    assert_eq!(read["labels"], json!(["Bass", "Bassi"]));
    assert!(read["triples"].as_u64().unwrap() >= 10, "{read}");
}
