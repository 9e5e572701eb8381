//! The reconciliation service of `serve` (`/reconcile`): how well it finds the concept a
//! messy label means, on the vocabularies `import`'s tests read and the sample glossary, and
//! what it answers over HTTP — the manifest, batches, suggest, previews, extension, JSONP,
//! CORS and the bounds. Real clients (`reconciler`) and the spec's JSON Schemas judge it in
//! `consumers::reconcile`.

use std::path::Path;

use glossgraph::config::{Config, Settings};
use glossgraph::sparql::reconcile::{Service, MAX_BATCH};
use glossgraph::{check, load, Card, Glossary};
use serde_json::{json, Value};

use crate::util::http::Request;
use crate::util::root;
use crate::util::server::Served;

/// A glossary folder or file, checked, with its settings.
fn folder(input: &Path) -> (Glossary, Config) {
    let input = load::Input::Path(input.to_path_buf());
    let config = Config::resolve(input.config_dir().as_deref(), Settings::default()).unwrap();
    let loaded = load::load(&input).unwrap();
    (
        check::check(loaded, &config, check::Options::default()).glossary,
        config,
    )
}

/// A SKOS vocabulary as `import` reads it.
fn vocabulary(path: &Path) -> (Glossary, Config) {
    let format = glossgraph::rdf::read::format_of(path).unwrap();
    let imported = glossgraph::rdf::read::read_file(path, format).unwrap();
    let cards = imported.cards.into_iter().map(Card::from).collect();
    (Glossary::new(cards), imported.config)
}

/// The labels a person would type for each concept, messed up as a spreadsheet messes them
/// up: every preferred and alternative label in every language, in upper case, in lower
/// case, without its accents; with the concept's slug.
fn messy_labels(glossary: &Glossary, config: &Config) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for card in glossary.cards() {
        let mut labels: Vec<String> = vec![card.term().to_owned()];
        labels.extend(card.aliases().iter().map(str::to_owned));
        for language in card.skos().languages.values() {
            labels.extend(language.term.clone());
            labels.extend(language.aliases.iter().cloned());
        }
        let _ = config;
        for label in labels {
            let plain: String = unaccented(&label);
            for variant in [label.to_uppercase(), label.to_lowercase(), plain] {
                out.push((variant, card.slug().to_owned()));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn unaccented(text: &str) -> String {
    use unicode_normalization::char::is_combining_mark;
    use unicode_normalization::UnicodeNormalization;
    text.nfkd().filter(|c| !is_combining_mark(*c)).collect()
}

/// The share of `labels` whose concept is the top candidate and marked `match`, and the
/// misses.
fn match_rate(service: &Service, labels: &[(String, String)]) -> (f64, Vec<String>) {
    let mut misses = Vec::new();
    for chunk in labels.chunks(MAX_BATCH) {
        let batch: serde_json::Map<String, Value> = chunk
            .iter()
            .enumerate()
            .map(|(i, (label, _))| (format!("q{i}"), json!({ "query": label })))
            .collect();
        let answer = service
            .reconcile(&Value::Object(batch).to_string())
            .unwrap();
        for (i, (label, slug)) in chunk.iter().enumerate() {
            let top = &answer[format!("q{i}")]["result"][0];
            if top["id"] != json!(slug) || top["match"] != json!(true) {
                misses.push(format!("{label:?} → {slug}: got {top}"));
            }
        }
    }
    let rate = 1.0 - misses.len() as f64 / labels.len() as f64;
    (rate, misses)
}

#[test]
fn messy_labels_find_their_concept_as_the_one_match() {
    let glossaries = [
        ("data", folder(&root().join("data"))),
        (
            "languages",
            folder(&root().join("tests/fixtures/languages/classification.jsonl")),
        ),
        (
            "skos/thesaurus",
            vocabulary(&root().join("tests/fixtures/skos/thesaurus.ttl")),
        ),
        (
            "skos/schemes",
            vocabulary(&root().join("tests/fixtures/skos/schemes.ttl")),
        ),
    ];
    let (mut total, mut missed) = (0, 0);
    for (name, (glossary, config)) in &glossaries {
        let service = Service::new(glossary, config);
        let labels = messy_labels(glossary, config);
        assert!(labels.len() >= glossary.cards().len() * 2, "{name}");
        let (rate, misses) = match_rate(&service, &labels);
        println!(
            "reconcile {name}: {} of {} messy labels matched ({:.1}%){}",
            labels.len() - misses.len(),
            labels.len(),
            rate * 100.0,
            if misses.is_empty() {
                String::new()
            } else {
                format!("; missed: {}", misses.join("; "))
            }
        );
        total += labels.len();
        missed += misses.len();
    }
    let rate = 1.0 - missed as f64 / total as f64;
    println!(
        "reconcile: {} of {total} messy labels matched in all ({:.1}%)",
        total - missed,
        rate * 100.0
    );
    assert!(rate >= 0.95, "{:.1}% matched", rate * 100.0);
}

#[test]
fn scores_rank_preferred_then_alternative_then_near_labels() {
    let (glossary, config) = folder(&root().join("data"));
    let service = Service::new(&glossary, &config);
    let batch = json!({
        "exact": { "query": "RoCEv2" },
        "case": { "query": "rocev2" },
        "alt": { "query": "RDMA over Converged Ethernet version 2" },
        "typo": { "query": "RDMA over Converged Ethernte version 2" },
        "id": { "query": "roce-v2" },
        "nothing": { "query": "zzzz qqqq" },
        "typed": { "query": "RoCEv2", "type": "http://elsewhere.example/scheme" },
        "limited": { "query": "RoCE", "limit": 1 },
    });
    let answer = service.reconcile(&batch.to_string()).unwrap();
    let top = |k: &str| answer[k]["result"][0].clone();
    assert_eq!(top("exact")["score"], json!(100.0));
    assert_eq!(top("exact")["match"], json!(true));
    assert_eq!(top("case")["score"], json!(98.0));
    assert_eq!(top("alt")["id"], json!("roce-v2"));
    assert_eq!(top("alt")["score"], json!(95.0));
    assert_eq!(top("alt")["match"], json!(true));
    assert_eq!(top("typo")["id"], json!("roce-v2"));
    assert_eq!(top("typo")["match"], json!(false));
    assert!(top("typo")["score"].as_f64().unwrap() < 85.0);
    assert_eq!(top("id")["id"], json!("roce-v2"));
    assert_eq!(answer["nothing"]["result"], json!([]));
    assert_eq!(answer["typed"]["result"], json!([]));
    assert_eq!(answer["limited"]["result"].as_array().unwrap().len(), 1);
}

#[test]
fn types_and_properties_narrow_the_candidates() {
    let (glossary, config) = vocabulary(&root().join("tests/fixtures/skos/schemes.ttl"));
    let service = Service::new(&glossary, &config);
    let manifest = service.manifest("http://x", "http://x/reconcile");
    let types: Vec<String> = manifest["defaultTypes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(types.len() >= 3, "the concept and two schemes: {types:?}");
    // Every concept is a skos:Concept; a scheme's type keeps the concepts in it alone.
    let mut kept = vec![0; types.len()];
    for card in glossary.cards() {
        for (t, type_id) in types.iter().enumerate() {
            let batch = json!({ "q": { "query": card.term(), "type": type_id, "limit": 100 } });
            let answer = service.reconcile(&batch.to_string()).unwrap();
            for candidate in answer["q"]["result"].as_array().unwrap() {
                let of: Vec<&Value> = candidate["type"].as_array().unwrap().iter().collect();
                assert!(of.iter().any(|o| o["id"] == json!(type_id)), "{candidate}");
                kept[t] += 1;
            }
        }
    }
    assert!(kept.iter().all(|k| *k > 0), "{kept:?}");
    assert!(kept[0] > kept[1], "{kept:?}");
    let (glossary, config) = folder(&root().join("data"));
    let service = Service::new(&glossary, &config);
    let batch = json!({
        "by_label": { "query": "DCBX", "properties": [{ "pid": "related", "v": "Priority Flow Control" }] },
        "by_id": { "query": "DCBX", "properties": [{ "pid": "related", "v": { "id": "pfc" } }] },
        "wrong": { "query": "DCBX", "properties": [{ "pid": "related", "v": "RoCEv1" }] },
        "alone": { "properties": [{ "pid": "status", "v": "Shipping" }], "limit": 100 },
    });
    let answer = service.reconcile(&batch.to_string()).unwrap();
    for k in ["by_label", "by_id"] {
        let top = &answer[k]["result"][0];
        assert_eq!(top["id"], json!("dcbx"), "{k}: {top}");
        assert_eq!(top["match"], json!(true), "{k}: {top}");
    }
    let wrong = &answer["wrong"]["result"][0];
    assert_eq!(wrong["id"], json!("dcbx"));
    assert_eq!(wrong["match"], json!(false));
    assert_eq!(wrong["score"], json!(50.0));
    let shipping = glossary
        .cards()
        .iter()
        .filter(|c| c.status() == Some("shipping"))
        .count();
    assert_eq!(
        answer["alone"]["result"].as_array().unwrap().len(),
        shipping.min(100)
    );
}

#[test]
fn bad_batches_are_refused_with_a_reason() {
    let (glossary, config) = folder(&root().join("data"));
    let service = Service::new(&glossary, &config);
    let too_many: serde_json::Map<String, Value> = (0..=MAX_BATCH)
        .map(|i| (format!("q{i}"), json!({ "query": "x" })))
        .collect();
    for (batch, says) in [
        ("not json".to_owned(), "not JSON"),
        ("[]".to_owned(), "JSON object"),
        (json!({ "q": { "limit": 3 } }).to_string(), "neither"),
        (
            json!({ "q": { "query": "x", "limit": 0 } }).to_string(),
            "limit",
        ),
        (
            json!({ "q": { "query": "x", "limit": "3" } }).to_string(),
            "limit",
        ),
        (
            json!({ "q": { "query": "x".repeat(501) } }).to_string(),
            "longer",
        ),
        (
            json!({ "q": { "query": "x", "zap": 1 } }).to_string(),
            "unknown field",
        ),
        (
            json!({ "q": { "query": "x", "properties": [{ "pid": "<b>", "v": "y" }] } })
                .to_string(),
            "unknown property",
        ),
        (Value::Object(too_many).to_string(), "more than the 1000"),
    ] {
        let e = service.reconcile(&batch).unwrap_err();
        assert!(e.0.contains(says), "{batch:.80}: {}", e.0);
        assert!(!e.0.contains("<b>"), "{}", e.0);
    }
}

#[test]
fn the_service_over_http() {
    // Two glossaries: each one's service at /reconcile/{id}, both together at /reconcile.
    let data = root().join("data");
    let fish = root().join("tests/fixtures/skosmos/fish.ttl");
    let server = Served::start(&[data.to_str().unwrap(), fish.to_str().unwrap()]);
    let url = server.url("/reconcile/data");

    let manifest = Request::get(&url).send();
    assert_eq!(manifest.status, 200, "{}", manifest.body);
    assert!(manifest.headers.contains("access-control-allow-origin: *"));
    let m: Value = serde_json::from_str(&manifest.body).unwrap();
    assert_eq!(m["versions"], json!(["0.2"]));
    assert_eq!(
        m["preview"]["url"],
        json!(format!("{url}/preview?id={{{{id}}}}"))
    );
    // Of several glossaries, one's website is in its id's folder.
    assert_eq!(m["view"]["url"], json!(server.url("/data/term/{{id}}")));

    // A batch by GET and by POSTed form.
    let queries = json!({ "0": { "query": "dcbx" }, "1": { "query": "Priority-Flow Control" } });
    let by_get = Request::get(&url)
        .query("queries", &queries.to_string())
        .send();
    let by_post = Request::post(&url)
        .form("queries", &queries.to_string())
        .send();
    assert_eq!(by_get.status, 200, "{}", by_get.body);
    assert_eq!(by_get.body, by_post.body);
    let answer: Value = serde_json::from_str(&by_post.body).unwrap();
    assert_eq!(answer["0"]["result"][0]["id"], json!("dcbx"));
    assert_eq!(answer["1"]["result"][0]["id"], json!("pfc"));

    // JSONP, its callback a JavaScript name and nothing else.
    let jsonp = Request::get(&url).query("callback", "jQuery_1.cb").send();
    assert!(
        jsonp.body.starts_with("/**/jQuery_1.cb({"),
        "{}",
        jsonp.body
    );
    assert!(jsonp
        .headers
        .contains("content-type: application/javascript"));
    let refused = Request::get(&url)
        .query("callback", "alert(document.cookie)//")
        .send();
    assert_eq!(refused.status, 400);
    assert!(
        !refused.body.contains("document.cookie"),
        "{}",
        refused.body
    );
    let e: Value = serde_json::from_str(&refused.body).unwrap();
    assert_eq!(e["status"], json!("error"));

    // Suggest, preview, extension, proposals.
    let suggest = Request::get(&server.url("/reconcile/data/suggest/entity"))
        .query("prefix", "Ro")
        .send();
    let s: Value = serde_json::from_str(&suggest.body).unwrap();
    assert!(s["result"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["id"] == json!("roce-v2")));
    let elsewhere = Request::get(&server.url("/reconcile/data/suggest/entity"))
        .query("prefix", "Ro")
        .query("type", "http://elsewhere.example/scheme")
        .send();
    assert_eq!(elsewhere.body, r#"{"result":[]}"#);
    let preview = Request::get(&server.url("/reconcile/data/preview"))
        .query("id", "roce-v2")
        .send();
    assert_eq!(preview.status, 200);
    assert!(preview.body.contains("<h1>RoCEv2</h1>"), "{}", preview.body);
    assert!(preview
        .headers
        .contains("content-security-policy: default-src 'none'"));
    let missing = Request::get(&server.url("/reconcile/data/preview"))
        .query("id", "<script>")
        .send();
    assert_eq!(missing.status, 404);
    assert!(!missing.body.contains("<script>"));
    let extend =
        json!({ "ids": ["roce-v2"], "properties": [{ "id": "status" }, { "id": "related" }] });
    let extended = Request::post(&url)
        .form("extend", &extend.to_string())
        .send();
    let x: Value = serde_json::from_str(&extended.body).unwrap();
    assert_eq!(
        x["rows"]["roce-v2"]["status"],
        json!([{ "str": "shipping" }])
    );
    let proposed = Request::get(&server.url("/reconcile/data/properties"))
        .query("type", "http://www.w3.org/2004/02/skos/core#Concept")
        .send();
    let p: Value = serde_json::from_str(&proposed.body).unwrap();
    assert!(p["properties"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["id"] == json!("definition")));

    // CORS on the APIs, preflights answered, not on the site without --cors.
    let preflight = Request::new("OPTIONS", &url)
        .header("Origin", "http://openrefine.example")
        .header("Access-Control-Request-Method", "POST")
        .send();
    assert_eq!(preflight.status, 204);
    assert!(preflight.headers.contains("access-control-allow-origin: *"));
    let query = Request::get(&server.url("/query"))
        .query("query", "ASK {}")
        .send();
    assert!(query.headers.contains("access-control-allow-origin: *"));
    let page = Request::get(&server.url("/")).send();
    assert!(!page.headers.contains("access-control-allow-origin"));

    // Bad parameters: 400 with a JSON reason; other methods, 405.
    for (path, key, value) in [
        ("/reconcile/data", "queries", "{"),
        ("/reconcile", "queries", "{"),
        ("/reconcile", "extend", "[]"),
        ("/reconcile/suggest/entity", "cursor", "-1"),
        ("/reconcile/properties", "type", "nothing"),
    ] {
        let answer = Request::get(&server.url(path)).query(key, value).send();
        assert_eq!(answer.status, 400, "{path}?{key}={value}: {}", answer.body);
        let e: Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(e["status"], json!("error"));
    }
    let put = Request::new("PUT", &url).send();
    assert_eq!(put.status, 405);
    assert!(
        put.headers.contains("allow: get, head, post, options"),
        "{}",
        put.headers
    );

    all_glossaries(&server);
}

/// `/reconcile` over both glossaries: each a type, the ids the concepts' IRIs, candidates
/// merged by score, a `match` only where one glossary's concept is ahead of every other's.
fn all_glossaries(server: &Served) {
    let url = server.url("/reconcile");
    let ask = |queries: Value| -> Value {
        let answer = Request::post(&url)
            .form("queries", &queries.to_string())
            .send();
        assert_eq!(answer.status, 200, "{}", answer.body);
        serde_json::from_str(&answer.body).unwrap()
    };
    let manifest: Value = serde_json::from_str(&Request::get(&url).send().body).unwrap();
    assert_eq!(
        manifest["defaultTypes"],
        json!([
            { "id": "data", "name": "RDMA and storage networking glossary" },
            { "id": "fish", "name": "Test conceptscheme" },
        ])
    );
    assert_eq!(manifest["view"]["url"], "{{id}}");
    let fish = "http://www.skosmos.skos/test/";
    let answer = ask(json!({
        "a": { "query": "dcbx" },
        "b": { "query": "carp" },
        "c": { "query": "carp", "type": "data" },
        "d": { "query": "carp", "type": ["fish", "http://www.w3.org/2004/02/skos/core#Concept"] },
    }));
    let first = |k: &str| &answer[k]["result"][0];
    assert!(
        first("a")["id"].as_str().unwrap().ends_with("/dcbx"),
        "{answer}"
    );
    assert_eq!(first("a")["match"], true);
    assert_eq!(first("b")["id"], format!("{fish}ta112"));
    assert_eq!(first("b")["match"], true);
    assert_eq!(
        first("b")["type"][0],
        json!({ "id": "fish", "name": "Test conceptscheme" })
    );
    assert!(answer["c"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["type"][0]["id"] == "data"));
    assert_eq!(first("d")["id"], format!("{fish}ta112"));
    // Suggest, preview and extension by IRI, from the glossary that has it.
    let suggest = Request::get(&server.url("/reconcile/suggest/entity"))
        .query("prefix", "car")
        .query("type", "fish")
        .send();
    let s: Value = serde_json::from_str(&suggest.body).unwrap();
    assert_eq!(s["result"][0]["id"], format!("{fish}ta112"));
    let preview = Request::get(&server.url("/reconcile/preview"))
        .query("id", &format!("{fish}ta112"))
        .send();
    assert!(preview.body.contains("<h1>Carp</h1>"), "{}", preview.body);
    let extend = json!({
        "ids": [format!("{fish}ta116"), first("a")["id"]],
        "properties": [{ "id": "broader" }, { "id": "prefLabel@fi" }],
    });
    let x: Value = serde_json::from_str(
        &Request::post(&url)
            .form("extend", &extend.to_string())
            .send()
            .body,
    )
    .unwrap();
    let bass = &x["rows"][format!("{fish}ta116")];
    assert_eq!(bass["broader"][0]["id"], format!("{fish}ta1"));
    assert_eq!(bass["prefLabel@fi"], json!([{ "str": "Bassi" }]));
    assert_eq!(
        x["rows"][first("a")["id"].as_str().unwrap()]["prefLabel@fi"],
        json!([])
    );
    assert_eq!(x["meta"][1]["id"], "prefLabel@fi");
}
