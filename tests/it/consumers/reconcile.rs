//! `serve`'s reconciliation service judged from outside: every request and answer by the
//! specification's JSON Schemas (version 0.2, vendored in tests/fixtures/reconciliation-api),
//! and a column of messy labels reconciled by `reconciler`, the PyPI package that reconciles
//! a pandas column against a service. Both tests ask one server, started for whichever runs
//! first and stopped when the last is done; it serves two glossaries, so that one's service
//! (`/reconcile/data`) and both together (`/reconcile`, each a type) are judged.

use std::process::Command;
use std::sync::{Arc, Mutex, Weak};

use serde_json::{json, Value};

use super::require;
use crate::util::server::Served;
use crate::util::{root, stderr};

/// The server the tests of this file share: the one running, or a new one.
fn shared() -> Arc<Served> {
    static SERVER: Mutex<Weak<Served>> = Mutex::new(Weak::new());
    let mut server = SERVER.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(running) = server.upgrade() {
        return running;
    }
    let data = root().join("data");
    let fish = root().join("tests/fixtures/skosmos/fish.ttl");
    let running = Arc::new(Served::start(&[
        data.to_str().unwrap(),
        fish.to_str().unwrap(),
    ]));
    *server = Arc::downgrade(&running);
    running
}

fn python(script: &str, args: &[&str]) -> Value {
    let out = Command::new(require("python3"))
        .arg(root().join("tests/consumers").join(script))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{script} failed (are its packages installed? run scripts/install-test-tools.sh): {}",
        stderr(&out)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn requests_and_answers_validate_against_the_specs_schemas() {
    let server = shared();
    let schemas = root().join("tests/fixtures/reconciliation-api/0.2");
    for service in ["/reconcile/data", "/reconcile"] {
        judge(&schemas, &server.url(service));
    }
}

fn judge(schemas: &std::path::Path, service: &str) {
    let judged = python(
        "reconcile_schemas.py",
        &[schemas.to_str().unwrap(), service],
    );
    let judged = judged.as_object().unwrap();
    // The manifest, the batch and its two answers, three suggest services at two cursors,
    // the proposal, the extension and its answer, and the broken manifest.
    assert_eq!(judged.len(), 14, "{judged:?}");
    for (name, verdict) in judged {
        let errors = verdict["errors"].as_array().unwrap();
        if name == "a manifest without versions" {
            assert!(
                errors
                    .iter()
                    .any(|e| e.as_str().unwrap().contains("versions")),
                "the judge accepted a manifest without versions: {verdict}"
            );
        } else {
            assert!(
                errors.is_empty(),
                "{service}: {name} ({}): {errors:?}",
                verdict["schema"]
            );
        }
    }
    println!(
        "reconcile schemas: {} documents of {service} judged",
        judged.len()
    );
}

#[test]
fn reconciler_matches_a_column_of_messy_labels() {
    let server = shared();
    let labels = [
        ("rocev2", "roce-v2"),
        ("ROCE V2", "roce-v2"),
        ("RDMA over Converged Ethernet version 2", "roce-v2"),
        ("priority flow control", "pfc"),
        ("Priority-Flow-Control", "pfc"),
        ("dcbx", "dcbx"),
        ("iwarp", "iwarp"),
        ("NVMe/RDMA", "nvme-rdma"),
        ("nvme rdma", "nvme-rdma"),
    ];
    let mut args: Vec<&str> = Vec::new();
    let endpoint = server.url("/reconcile/data");
    args.push(&endpoint);
    args.push("http://www.w3.org/2004/02/skos/core#Concept");
    args.extend(labels.iter().map(|(label, _)| *label));
    let got = python("reconciler_client.py", &args);
    for run in ["untyped", "typed"] {
        for (label, slug) in labels {
            let row = &got[run][label];
            assert_eq!(row["id"], json!(slug), "{run} {label}: {row}");
            assert_eq!(row["match"], json!(true), "{run} {label}: {row}");
        }
    }
    println!(
        "reconciler: {} of {} labels matched, with and without the type",
        labels.len(),
        labels.len()
    );
}
