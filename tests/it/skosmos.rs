//! Skosmos's REST API of `serve` (`/rest/v1/…`) over HTTP, on a small vocabulary shaped like
//! Skosmos's own test vocabulary (tests/fixtures/skosmos/fish.ttl), so that the answers can be
//! set beside the ones Skosmos's `RestControllerTest` expects, key for key, beside a second
//! vocabulary with a group (tests/fixtures/skos/thesaurus.ttl, as `thes`): `serve` hosting
//! several, as a Skosmos does. One server answers every request of the test. A real client
//! (`skosmos-client`) judges it in `consumers::skosmos`.

use serde_json::{json, Value};

use crate::util::http::{Answer, Request};
use crate::util::root;
use crate::util::server::Served;

const T: &str = "http://www.skosmos.skos/test/";
const THES: &str = "http://vocab.example/thes/";

fn get(server: &Served, path: &str, params: &[(&str, &str)]) -> Answer {
    let mut request = Request::get(&server.url(path));
    for (k, v) in params {
        request = request.query(k, v);
    }
    request.send()
}

/// The JSON of a 200 answer.
fn json(answer: &Answer) -> Value {
    assert_eq!(answer.status, 200, "{}", answer.body);
    serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{e}: {}", answer.body))
}

fn uri(id: &str) -> String {
    format!("{T}{id}")
}

#[test]
fn the_rest_api_answers_as_skosmos_does_on_its_test_vocabulary() {
    let fish = root().join("tests/fixtures/skosmos/fish.ttl");
    let thes = root().join("tests/fixtures/skos/thesaurus.ttl");
    let thes = format!("thes={}", thes.display());
    let server = Served::start(&[fish.to_str().unwrap(), &thes]);

    // The vocabularies: in the order given, one named after its file, one by its ID=;
    // `lang` is required.
    let vocabularies = json(&get(&server, "/rest/v1/vocabularies", &[("lang", "en")]));
    assert_eq!(
        vocabularies["vocabularies"],
        json!([
            { "uri": "fish", "id": "fish", "title": "Test conceptscheme" },
            { "uri": "thes", "id": "thes", "title": "Test thesaurus" },
        ])
    );
    assert_eq!(vocabularies["@context"]["title"]["@language"], "en");
    let missing = get(&server, "/rest/v1/vocabularies", &[]);
    assert_eq!(missing.status, 400);
    assert_eq!(missing.body, "400 Bad Request : lang parameter missing");
    assert!(missing.headers.contains("access-control-allow-origin: *"));

    let info = json(&get(&server, "/rest/v1/fish/", &[]));
    assert_eq!(info["id"], "fish");
    assert_eq!(info["defaultLanguage"], "en");
    assert_eq!(info["languages"], json!(["en", "fi"]));
    assert_eq!(info["conceptschemes"][0]["uri"], uri("conceptscheme"));

    // `search` as RestControllerTest::testSearchJsonLdWithAdditionalFields expects it (less
    // the test vocabulary's own class, which this one has not).
    let search = json(&get(
        &server,
        "/rest/v1/search",
        &[("query", "*bass"), ("fields", "broader relatedMatch")],
    ));
    let hit = |id: &str, label: &str, broader: &str| {
        json!({
            "uri": uri(id), "type": ["skos:Concept"], "prefLabel": label, "lang": "en",
            "vocab": "fish", "broader": [{ "uri": uri(broader) }],
        })
    };
    let mut bass3d = hit("ta117", "3D Bass", "ta1");
    bass3d["relatedMatch"] = json!([{ "uri": uri("ta115") }]);
    assert_eq!(
        search["results"],
        json!([
            bass3d,
            hit("ta116", "Bass", "ta1"),
            hit("ta122", "Black sea bass", "ta116")
        ])
    );
    assert_eq!(search["@context"]["results"]["@container"], "@list");
    assert_eq!(search["@context"]["broader"], "skos:broader");
    assert_eq!(search["uri"], "");
    // No wildcard: the whole label, in any case; another language's label, matched.
    let search = |params: &[(&str, &str)]| json(&get(&server, "/rest/v1/fish/search", params));
    assert_eq!(
        search(&[("query", "BASS")])["results"][0]["uri"],
        uri("ta116")
    );
    let finnish = search(&[("query", "k*"), ("lang", "fi"), ("labellang", "en")]);
    assert_eq!(finnish["results"][1]["matchedPrefLabel"], "Karppi");
    assert_eq!(finnish["results"][1]["prefLabel"], "Carp");
    assert_eq!(finnish["@context"]["@language"], "en");
    // maxhits, offset, parent, a type or a group the vocabulary lacks.
    let all = search(&[("query", "*")]);
    let page = search(&[("query", "*"), ("maxhits", "2"), ("offset", "1")]);
    assert_eq!(page["results"].as_array().unwrap().len(), 2);
    assert_eq!(page["results"][0], all["results"][1]);
    let below = search(&[("parent", &uri("ta116"))]);
    assert_eq!(below["results"].as_array().unwrap().len(), 1);
    assert_eq!(below["results"][0]["uri"], uri("ta122"));
    for (k, v) in [
        ("type", "skos:Collection"),
        ("group", "http://example.org/g"),
    ] {
        assert_eq!(search(&[("query", "*"), (k, v)])["results"], json!([]));
    }
    let unique = search(&[("query", "*"), ("unique", "true")]);
    assert_eq!(unique["results"].as_array().unwrap().len(), 6);
    for (params, status) in [
        (&[][..], 400),
        (&[("query", "  ")][..], 400),
        (&[("query", "a"), ("maxhits", "0")][..], 400),
        (&[("query", "a"), ("offset", "-1")][..], 400),
    ] {
        assert_eq!(
            get(&server, "/rest/v1/fish/search", params).status,
            status,
            "{params:?}"
        );
    }
    let long = "a".repeat(501);
    assert_eq!(
        get(&server, "/rest/v1/search", &[("query", &long)]).status,
        400
    );

    // lookup: the preferred label first, then in another case, then alternative labels.
    let lookup = |label: &str| get(&server, "/rest/v1/fish/lookup", &[("label", label)]);
    assert_eq!(json(&lookup("carp"))["result"][0]["prefLabel"], "Carp");
    let alt = json(&lookup("golden CRUCIAN"));
    assert_eq!(alt["result"][0]["altLabel"], "Golden crucian");
    assert_eq!(alt["result"][0]["uri"], uri("ta112"));
    let other = json(&lookup("Ankerias"));
    assert_eq!(other["result"][0]["prefLabel"], "Ankerias");
    assert_eq!(other["result"][0]["lang"], "fi");
    let none = lookup("<script>alert(1)</script>");
    assert_eq!(none.status, 404);
    assert!(!none.body.contains('<'), "{}", none.body);

    // label, as RestControllerTest::testLabelOnePrefOneAltLabel (this vocabulary adds a
    // hidden label).
    let label = json(&get(
        &server,
        "/rest/v1/fish/label",
        &[("uri", &uri("ta112")), ("lang", "en")],
    ));
    assert_eq!(
        label,
        json!({
            "@context": {
                "skos": "http://www.w3.org/2004/02/skos/core#", "uri": "@id", "type": "@type",
                "prefLabel": "skos:prefLabel", "altLabel": "skos:altLabel",
                "hiddenLabel": "skos:hiddenLabel", "@language": "en",
            },
            "uri": uri("ta112"), "prefLabel": "Carp", "altLabel": ["Golden crucian"],
            "hiddenLabel": ["Karp"],
        })
    );
    assert_eq!(get(&server, "/rest/v1/label", &[]).status, 400);
    assert_eq!(
        get(&server, "/rest/v1/label", &[("uri", &uri("nope"))]).status,
        404
    );
    assert_eq!(
        get(&server, "/rest/v1/nope/label", &[("uri", &uri("ta1"))]).status,
        404
    );

    // A concept's data: its own statements, the labels of what it names, in Skosmos's
    // context; Turtle and RDF/XML by `format`; MARCXML refused.
    let data = json(&get(
        &server,
        "/rest/v1/fish/data",
        &[("uri", &uri("ta117"))],
    ));
    assert_eq!(data["@context"]["relatedMatch"], "skos:relatedMatch");
    let graph = data["graph"].as_array().unwrap();
    let node = graph.iter().find(|n| n["uri"] == uri("ta117")).unwrap();
    assert_eq!(node["type"], "skos:Concept");
    assert_eq!(
        node["prefLabel"],
        json!({ "lang": "en", "value": "3D Bass" })
    );
    assert_eq!(node["broader"], json!({ "uri": uri("ta1") }));
    assert_eq!(node["relatedMatch"], json!({ "uri": uri("ta115") }));
    let named = graph.iter().find(|n| n["uri"] == uri("ta1")).unwrap();
    assert_eq!(
        named["prefLabel"][0],
        json!({ "lang": "en", "value": "Fish" })
    );
    let turtle = get(
        &server,
        "/rest/v1/data",
        &[("uri", &uri("ta117")), ("format", "text/turtle")],
    );
    assert_eq!(turtle.status, 200);
    assert!(turtle.headers.contains("content-type: text/turtle"));
    assert!(turtle.body.contains("\"3D Bass\"@en"), "{}", turtle.body);
    let marc = get(
        &server,
        "/rest/v1/data",
        &[
            ("uri", &uri("ta117")),
            ("format", "application/marcxml+xml"),
        ],
    );
    assert_eq!(marc.status, 406);
    assert_eq!(get(&server, "/rest/v1/data", &[]).status, 400);
    assert_eq!(
        get(&server, "/rest/v1/data", &[("uri", &uri("nope"))]).status,
        404
    );

    // The hierarchy.
    let concept = |method: &str, id: &str| {
        json(&get(
            &server,
            &format!("/rest/v1/fish/{method}"),
            &[("uri", &uri(id))],
        ))
    };
    let broader = concept("broader", "ta122");
    assert_eq!(
        broader["broader"],
        json!([{ "uri": uri("ta116"), "prefLabel": "Bass" }])
    );
    let up = concept("broaderTransitive", "ta122");
    assert_eq!(
        up["broaderTransitive"][uri("ta116")]["broader"],
        json!([uri("ta1")])
    );
    assert_eq!(up["broaderTransitive"].as_object().unwrap().len(), 3);
    let down = concept("narrowerTransitive", "ta1");
    assert_eq!(down["narrowerTransitive"].as_object().unwrap().len(), 5);
    let children = concept("children", "ta1");
    let labels: Vec<&str> = children["narrower"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["prefLabel"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["3D Bass", "Bass", "Carp"]);
    assert_eq!(children["narrower"][1]["hasChildren"], true);
    let related = concept("related", "ta112");
    assert_eq!(related["related"][0]["prefLabel"], "Eel");
    let hierarchy = concept("hierarchy", "ta122");
    assert_eq!(
        hierarchy["broaderTransitive"][uri("ta1")]["top"],
        uri("conceptscheme")
    );
    let tops = json(&get(&server, "/rest/v1/fish/topConcepts", &[]));
    let tops: Vec<&str> = tops["topconcepts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    assert_eq!(tops, ["Eel", "Fish"]);

    // The alphabetical index, as RestControllerTest::testIndexLettersJsonLd orders it.
    let letters = json(&get(&server, "/rest/v1/fish/index/", &[("lang", "en")]));
    assert_eq!(letters["indexLetters"], json!(["B", "C", "E", "F", "0-9"]));
    let b = json(&get(
        &server,
        "/rest/v1/fish/index/B",
        &[("limit", "1"), ("offset", "1")],
    ));
    assert_eq!(
        b["indexConcepts"],
        json!([{ "uri": uri("ta122"), "localname": "ta122", "prefLabel": "Black sea bass", "lang": "en" }])
    );

    // Dates with their time; statistics; fish has no groups.
    let new = json(&get(&server, "/rest/v1/fish/new", &[]));
    assert_eq!(new["changeList"][0]["date"], "2024-02-03T00:00:00+0000");
    let modified = json(&get(&server, "/rest/v1/fish/modified", &[]));
    assert_eq!(modified["changeList"][0]["uri"], uri("ta122"));
    let stats = json(&get(&server, "/rest/v1/fish/vocabularyStatistics", &[]));
    assert_eq!(stats["concepts"]["count"], 6);
    let labels = json(&get(&server, "/rest/v1/fish/labelStatistics", &[]));
    assert_eq!(
        labels["languages"][0]["properties"][1],
        json!({ "property": "skos:altLabel", "labels": 1 })
    );
    // Each language named in the language asked for, as Skosmos's Punic names it.
    assert_eq!(labels["languages"][1]["literal"], "Finnish");
    assert_eq!(
        labels["@context"]["literal"],
        json!({ "@id": "rdfs:label", "@language": "en" })
    );
    assert_eq!(
        json(&get(&server, "/rest/v1/fish/groups", &[]))["groups"],
        json!([])
    );
    let types = json(&get(&server, "/rest/v1/fish/types", &[]));
    assert_eq!(
        types["types"][0]["uri"],
        "http://www.w3.org/2004/02/skos/core#Concept"
    );

    // JSONP, JSON-LD by Accept, read-only, unknown paths.
    let jsonp = get(&server, "/rest/v1/fish/", &[("callback", "cb")]);
    assert!(jsonp.body.starts_with("/**/cb({"), "{}", jsonp.body);
    let refused = get(&server, "/rest/v1/fish/", &[("callback", "alert(1)")]);
    assert_eq!(refused.status, 400);
    let ld = Request::get(&server.url("/rest/v1/fish/"))
        .header("Accept", "application/ld+json")
        .send();
    assert!(
        ld.headers.contains("content-type: application/ld+json"),
        "{}",
        ld.headers
    );
    let post = Request::post(&server.url("/rest/v1/vocabularies")).send();
    assert_eq!(post.status, 405);
    assert!(
        post.headers.contains("allow: get, head, options"),
        "{}",
        post.headers
    );
    let preflight = Request::new("OPTIONS", &server.url("/rest/v1/fish/search")).send();
    assert_eq!(preflight.status, 204);
    assert!(preflight.headers.contains("access-control-allow-origin: *"));
    let head = Request::new("HEAD", &server.url("/rest/v1/fish/")).send();
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    let long_uri = format!("{T}{}", "x".repeat(500));
    assert_eq!(
        get(&server, "/rest/v1/fish/label", &[("uri", &long_uri)]).status,
        400
    );
    assert_eq!(get(&server, "/rest/v1/fish/nothing", &[]).status, 404);

    // Every GET method of Skosmos's description, with the parameters it requires, answers
    // JSON; a group is the one thing this vocabulary lacks.
    for (path, required) in swagger_methods() {
        let path = path.replace("{vocid}", "fish").replace("{letter}", "B");
        let params: Vec<(&str, String)> = required
            .iter()
            .filter(|name| !["vocid", "letter"].contains(&name.as_str()))
            .map(|name| {
                let value = match name.as_str() {
                    "uri" => uri("ta1"),
                    "lang" => "en".to_owned(),
                    "query" => "f*".to_owned(),
                    _ => "Fish".to_owned(),
                };
                (name.as_str(), value)
            })
            .collect();
        let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let answer = get(&server, &format!("/rest/v1{path}"), &params);
        if path.ends_with("groupMembers") {
            assert_eq!(answer.status, 404, "{path}");
        } else if path == "/fish/data" {
            // The whole vocabulary: Skosmos sends its download, `serve` its named graph.
            assert_eq!(answer.status, 303, "{path}");
            assert!(
                answer
                    .headers
                    .contains("location: /store?graph=http%3a%2f%2fwww.skosmos.skos%2ftest%2f"),
                "{}",
                answer.headers
            );
        } else {
            json(&answer);
        }
    }

    several_vocabularies(&server);
}

/// The second vocabulary beside the first: the global methods over both, its groups, the
/// statements others make of a concept, and the SPARQL store and the websites of both.
fn several_vocabularies(server: &Served) {
    let thes = |id: &str| format!("{THES}{id}");
    // A global search in every vocabulary, one's results after the other's, or in those
    // `vocab` names; an unknown one is a 404.
    let everything = json(&get(server, "/rest/v1/search", &[("query", "*")]));
    let vocabs: Vec<&str> = everything["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["vocab"].as_str().unwrap())
        .collect();
    assert!(
        vocabs.contains(&"fish") && vocabs.contains(&"thes"),
        "{vocabs:?}"
    );
    assert!(vocabs.windows(2).all(|w| w[0] <= w[1]), "{vocabs:?}");
    let page = json(&get(
        server,
        "/rest/v1/search",
        &[("query", "*"), ("offset", "10"), ("maxhits", "3")],
    ));
    assert_eq!(
        page["results"].as_array().unwrap()[..],
        everything["results"].as_array().unwrap()[10..13]
    );
    let only = json(&get(
        server,
        "/rest/v1/search",
        &[("query", "chem*"), ("vocab", "thes")],
    ));
    assert_eq!(only["results"][0]["uri"], thes("c3"));
    assert_eq!(only["results"][0]["vocab"], "thes");
    assert_eq!(
        get(
            server,
            "/rest/v1/search",
            &[("query", "*"), ("vocab", "fish nope")]
        )
        .status,
        404
    );
    // Global label and data find the vocabulary the concept is in.
    let label = json(&get(
        server,
        "/rest/v1/label",
        &[("uri", &thes("c1")), ("lang", "de")],
    ));
    assert_eq!(label["prefLabel"], "Wissenschaft");

    // Groups, as Skosmos lists them (`groups`, `groupMembers`) and searches in them.
    let groups = json(&get(server, "/rest/v1/thes/groups", &[("lang", "de")]));
    assert_eq!(
        groups["groups"],
        json!([{ "uri": thes("group"), "prefLabel": "Naturwissenschaften", "hasMembers": true }])
    );
    assert_eq!(groups["@context"]["childGroups"]["@id"], "skos:member");
    // Without a label in the language asked for, a group is not listed (Skosmos's filter).
    let english = json(&get(server, "/rest/v1/thes/groups", &[("lang", "en")]));
    assert_eq!(english["groups"], json!([]));
    let members = json(&get(
        server,
        "/rest/v1/thes/groupMembers",
        &[("uri", &thes("group")), ("lang", "en")],
    ));
    assert_eq!(
        members["members"],
        json!([
            { "uri": thes("c3"), "isSuper": false, "hasMembers": false, "type": ["skos:Concept"],
              "prefLabel": "Chemie (de)", "notation": "003" },
            { "uri": thes("c2"), "isSuper": false, "hasMembers": false, "type": ["skos:Concept"],
              "prefLabel": "Physics", "notation": "002" },
        ])
    );
    assert_eq!(members["uri"], thes("group"));
    assert_eq!(
        get(
            server,
            "/rest/v1/thes/groupMembers",
            &[("uri", &thes("c1"))]
        )
        .status,
        404
    );
    let in_group = json(&get(
        server,
        "/rest/v1/thes/search",
        &[
            ("query", "*"),
            ("group", &thes("group")),
            ("unique", "true"),
        ],
    ));
    let mut found: Vec<&str> = in_group["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    found.sort_unstable();
    assert_eq!(found, [thes("c2"), thes("c3")]);
    let stats = json(&get(
        server,
        "/rest/v1/thes/labelStatistics",
        &[("lang", "en")],
    ));
    let german = stats["languages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["language"] == "de")
        .unwrap();
    assert_eq!(german["literal"], "German");
    assert_eq!(
        german["properties"][2],
        json!({ "property": "skos:hiddenLabel", "labels": 1 })
    );

    // A concept's data holds what others say of it, as Skosmos's does: the narrower
    // concept's `broader`, a group's `member` with the group's label and type.
    let data = json(&get(server, "/rest/v1/data", &[("uri", &uri("ta1"))]));
    let graph = data["graph"].as_array().unwrap();
    let bass = graph.iter().find(|n| n["uri"] == uri("ta116")).unwrap();
    assert_eq!(bass["broader"], json!({ "uri": uri("ta1") }));
    let data = json(&get(server, "/rest/v1/thes/data", &[("uri", &thes("c3"))]));
    let group = data["graph"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["uri"] == thes("group"))
        .unwrap();
    assert_eq!(group["skos:member"], json!({ "uri": thes("c3") }));
    assert_eq!(group["type"], "skos:Collection");
    assert_eq!(
        group["prefLabel"],
        json!({ "lang": "de", "value": "Naturwissenschaften" })
    );

    // SPARQL: a named graph each, at its base IRI; the default graph their union.
    let query = |q: &str| {
        Request::get(&server.url("/query"))
            .query("query", q)
            .header("Accept", "text/csv")
            .send()
            .body
    };
    assert_eq!(
        query("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g")
            .lines()
            .map(|l| l.split(',').next().unwrap())
            .collect::<Vec<_>>(),
        ["g", THES, T]
    );
    assert!(query(&format!(
        "ASK {{ <{}> ?p ?o . <{}> ?q ?r }}",
        uri("ta1"),
        thes("c1")
    ))
    .contains("true"));
    let one = Request::get(&server.url("/store")).query("graph", T).send();
    assert!(one.body.contains("ta117") && !one.body.contains("vocab.example/thes"));

    // The websites, each in its id's folder, and a page naming them at `/`.
    let home = Request::get(&server.url("/")).send();
    assert_eq!(home.status, 200);
    assert!(home.body.contains("href=\"/fish/\"") && home.body.contains("href=\"/thes/\""));
    let moved = Request::get(&server.url("/thes")).send();
    assert_eq!(moved.status, 301);
    assert!(
        moved.headers.contains("location: /thes/"),
        "{}",
        moved.headers
    );
    assert_eq!(Request::get(&server.url("/thes/")).send().status, 200);
    let term = Request::get(&server.url("/thes/c1")).send();
    assert_eq!(term.status, 303);
    assert!(
        term.headers.contains("location: /thes/c1/"),
        "{}",
        term.headers
    );
    let turtle = Request::get(&server.url("/thes/c1"))
        .header("Accept", "text/turtle")
        .send();
    assert!(
        turtle.headers.contains("content-location: /thes/c1.ttl"),
        "{}",
        turtle.headers
    );
    assert!(turtle.body.contains("Wissenschaft"));
    assert_eq!(Request::get(&server.url("/nope/")).send().status, 404);
}

/// The paths of Skosmos's `swagger.json`, each with the names of its required parameters.
pub fn swagger_methods() -> Vec<(String, Vec<String>)> {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/skosmos-api/swagger.json")).unwrap();
    let swagger: Value = serde_json::from_str(&text).unwrap();
    let paths = swagger["paths"].as_object().unwrap();
    assert!(paths.len() >= 28, "{}", paths.len());
    paths
        .iter()
        .map(|(path, methods)| {
            let required = methods["get"]["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["required"] == true)
                .map(|p| p["name"].as_str().unwrap().to_owned())
                .collect();
            (path.clone(), required)
        })
        .collect()
}
