//! `serve`'s Skosmos REST API read by `skosmos-client`, NatLibFi's PyPI client of Skosmos
//! (what Annif and scripts written for Finto use): it must list the vocabulary, search it,
//! look a label up and read a concept and its neighbours as it would from a Skosmos. And
//! schemathesis, fuzzing every method of Skosmos's `swagger.json` (vendored in
//! tests/fixtures/skosmos-api), must find no server error, nor an answer its schema refuses
//! where Skosmos's own answers keep to it.

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

/// The methods whose answers in Skosmos itself differ from its description, so that an answer
/// shaped as Skosmos's cannot match both (RestController.php at the vendored commit):
/// the transitive answers and the hierarchy are objects by IRI (`@container: @index`) where
/// the description says arrays; the alphabetical index's concepts come without the
/// `indexLetters` it requires; the changes' dates are `2024-02-03T00:00:00+0000` (PHP's `O`),
/// not RFC 3339; the mappings' schema requires a mapping's keys of the whole answer.
const SKOSMOS_DIFFERS: [&str; 7] = [
    "/{vocid}/broaderTransitive",
    "/{vocid}/narrowerTransitive",
    "/{vocid}/hierarchy",
    "/{vocid}/index/{letter}",
    "/{vocid}/new",
    "/{vocid}/modified",
    "/{vocid}/mappings",
];

#[test]
fn schemathesis_finds_no_failure_against_skosmos_description() {
    let fish = root().join("tests/fixtures/skosmos/fish.ttl");
    let server = Served::start(&[fish.to_str().unwrap()]);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("schemathesis.toml");
    std::fs::write(
        &config,
        "[parameters]\nvocid = \"fish\"\nuri = \"http://www.skosmos.skos/test/ta116\"\nlang = \"en\"\n",
    )
    .unwrap();
    let swagger = root().join("tests/fixtures/skosmos-api/swagger.json");
    // Every method: no 5xx. Those where Skosmos keeps to its description: their schemas too.
    for (checks, excluded) in [
        ("not_a_server_error", &[][..]),
        (
            "not_a_server_error,response_schema_conformance",
            &SKOSMOS_DIFFERS[..],
        ),
    ] {
        let mut command = Command::new(require("schemathesis"));
        command
            .current_dir(dir.path())
            .arg("--config-file")
            .arg(&config)
            .arg("run")
            .arg(&swagger)
            .args(["--url", &server.url("/rest/v1")])
            .args(["--checks", checks])
            .args([
                "--max-examples",
                "5",
                "--phases",
                "coverage,fuzzing",
                "--seed",
                "1",
            ]);
        for path in excluded {
            command.args(["--exclude-path", path]);
        }
        let out = command.output().unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "schemathesis ({checks}) failed:\n{report}\n{}",
            stderr(&out)
        );
        assert!(report.contains(" passed"), "{report}");
        assert!(!report.contains("Selected: 0/"), "{report}");
    }
}
