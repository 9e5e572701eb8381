//! `glossgraph query`: every result format, syntax errors with their place, timeouts, saved
//! queries (the user's own among them) and their parameters, the arguments in either order,
//! a CONSTRUCTed graph drawn as it is, and the refusal of an invalid glossary.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use oxigraph::io::{RdfFormat, RdfParser};
use oxigraph::model::Triple;

use crate::dot::drawn;
use crate::util::fixtures::two_cards;
use crate::util::{glossgraph, ok, outcome, root, run_in, scratch, stderr, stdout};

pub(crate) const TWO_LABELS: &str = "SELECT ?slug ?label WHERE { ?t skos:notation ?slug ; skos:prefLabel ?label } ORDER BY ?slug LIMIT 2";

#[test]
fn solutions_in_every_format() {
    let run = |format: &str| ok(&glossgraph(&["query", TWO_LABELS, "--results", format]));
    assert_eq!(
        run("csv"),
        "slug,label\r\ndcbx,DCBX\r\ndcbx-cee,CEE DCBX\r\n"
    );
    assert_eq!(
        run("tsv"),
        "?slug\t?label\n\
         \"dcbx\"^^<https://glossgraph.example/rdma-storage/ns#Slug>\t\"DCBX\"@en\n\
         \"dcbx-cee\"^^<https://glossgraph.example/rdma-storage/ns#Slug>\t\"CEE DCBX\"@en\n"
    );
    assert_eq!(
        run("table"),
        "slug      label\n────────  ────────\ndcbx      DCBX\ndcbx-cee  CEE DCBX\n(2 rows)\n"
    );
    let json: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    assert_eq!(json["head"]["vars"], serde_json::json!(["slug", "label"]));
    let second = &json["results"]["bindings"][1];
    assert_eq!(second["slug"]["value"], "dcbx-cee");
    assert_eq!(
        second["slug"]["datatype"],
        "https://glossgraph.example/rdma-storage/ns#Slug"
    );
    assert_eq!(second["label"]["xml:lang"], "en");
    let xml = run("xml");
    assert!(
        xml.contains(
            r#"<binding name="label"><literal xml:lang="en">CEE DCBX</literal></binding>"#
        ),
        "{xml}"
    );
}

#[test]
fn ask_in_every_solution_format() {
    let ask = "ASK { ?t skos:notation \"roce-v2\"^^gx:Slug }";
    assert_eq!(
        ok(&glossgraph(&["query", ask, "--results", "csv"])),
        "true\n"
    );
    assert_eq!(
        ok(&glossgraph(&["query", ask, "--results", "table"])),
        "true\n"
    );
    let json = ok(&glossgraph(&["query", ask, "--results", "json"]));
    // Ended by a line end, as every answer is, so that a shell's prompt starts a line.
    assert_eq!(json, "{\"head\":{},\"boolean\":true}\n");
    let xml = ok(&glossgraph(&[
        "query",
        "ASK { ?t skos:notation \"nope\"^^gx:Slug }",
        "--results",
        "xml",
    ]));
    assert!(xml.contains("<boolean>false</boolean>"), "{xml}");
    assert!(xml.ends_with("</sparql>\n"), "{xml}");
}

/// The CONSTRUCT of the RoCEv2 card's labels, as N-Triples: the reference for the others.
pub(crate) const LABELS_OF_ROCE: &str = "CONSTRUCT { ?t ?p ?l } WHERE { ?t skos:notation \"roce-v2\"^^gx:Slug ; ?p ?l . FILTER(?p IN (skos:prefLabel, skos:altLabel)) }";

fn triples(text: &str, format: RdfFormat) -> BTreeSet<String> {
    RdfParser::from_format(format)
        .for_slice(text.as_bytes())
        .map(|q| Triple::from(q.expect("parses")).to_string())
        .collect()
}

#[test]
fn graphs_in_every_rdf_format_and_as_pictures() {
    let run = |format: &str| ok(&glossgraph(&["query", LABELS_OF_ROCE, "--results", format]));
    let reference = triples(&run("ntriples"), RdfFormat::NTriples);
    assert_eq!(reference.len(), 3, "{reference:?}");
    assert!(run("ntriples").contains(
        "<https://glossgraph.example/rdma-storage/term/roce-v2> <http://www.w3.org/2004/02/skos/core#prefLabel> \"RoCEv2\"@en ."
    ));
    let formats = [
        ("turtle", RdfFormat::Turtle),
        ("rdfxml", RdfFormat::RdfXml),
        ("trig", RdfFormat::TriG),
        ("nquads", RdfFormat::NQuads),
        (
            "jsonld",
            RdfFormat::JsonLd {
                profile: oxigraph::io::JsonLdProfileSet::empty(),
            },
        ),
    ];
    for (name, format) in formats {
        assert_eq!(triples(&run(name), format), reference, "{name}");
    }
    // Turtle declares only the prefixes it uses.
    let turtle = run("turtle");
    let declared: std::collections::BTreeSet<&str> = turtle
        .lines()
        .filter(|l| l.starts_with("@prefix"))
        .collect();
    let expected: std::collections::BTreeSet<&str> = [
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .",
        "@prefix term: <https://glossgraph.example/rdma-storage/term/> .",
    ]
    .into();
    assert_eq!(declared, expected, "{turtle}");
    // Query → picture: the terms a CONSTRUCT mentions, drawn with their links.
    let dot = ok(&glossgraph(&["query", NEIGHBOURS, "--results", "dot"]));
    for slug in ["roce-v2", "iwarp", "nvme-rdma", "rdma-storage"] {
        assert!(
            dot.contains(&format!("\"{slug}\"")),
            "{slug} missing from\n{dot}"
        );
    }
    assert!(
        !dot.contains("\"infiniband\""),
        "a term the answer does not mention is drawn"
    );
    let graphml = ok(&glossgraph(&["query", NEIGHBOURS, "--results", "graphml"]));
    assert_eq!(graphml.matches("<node ").count(), 4, "{graphml}");
    // A picture of a graph that names no term is an error, not an empty drawing.
    let none = glossgraph(&[
        "query",
        "CONSTRUCT { <urn:x> <urn:p> 1 } WHERE {}",
        "--results",
        "dot",
    ]);
    assert_eq!(none.status.code(), Some(2));
    assert!(
        stderr(&none).contains("mentions no term"),
        "{}",
        stderr(&none)
    );
}

/// The neighbours of RoCEv2, as a graph.
pub(crate) const NEIGHBOURS: &str = "CONSTRUCT { ?t skos:related ?n } WHERE { ?t skos:notation \"roce-v2\"^^gx:Slug ; skos:related ?n }";

#[test]
fn the_default_format_is_csv_in_a_pipe() {
    assert_eq!(
        ok(&glossgraph(&["query", TWO_LABELS])),
        "slug,label\r\ndcbx,DCBX\r\ndcbx-cee,CEE DCBX\r\n"
    );
}

#[test]
fn a_malformed_query_is_located() {
    let out = glossgraph(&["query", "SELECT ?s\nWHERE { ?s ?p ?o .\n  FILTER(?o > ) }"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(err.starts_with("glossgraph: error: query:3:"), "{err}");
    assert!(
        err.contains("  | FILTER(?o > ) }") || err.contains("  |   FILTER(?o > ) }"),
        "{err}"
    );
    assert!(err.contains('^'), "{err}");
    // From a file, the file is named.
    let dir = scratch("sparql", "malformed");
    let file = dir.join("bad.rq");
    std::fs::write(&file, "SELECT * WHERE {\n  ?s ?p\n}\n").unwrap();
    let out = glossgraph(&["query", "--file", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with(&format!("glossgraph: error: {}:4:1: ", file.display())),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_runaway_query_is_stopped_by_timeout() {
    let started = Instant::now();
    let out = glossgraph(&[
        "query",
        "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }",
        "--timeout",
        "1",
    ]);
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), "", "nothing of a stopped query is written");
    assert_eq!(
        stderr(&out),
        "glossgraph: error: the query was stopped after 1 s: it ran longer than the timeout\n"
    );
    assert!(took < Duration::from_secs(20), "took {took:?}");
    let bad = glossgraph(&["query", "ASK {}", "--timeout=0"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--timeout must be a positive number of seconds"));
}

#[test]
fn saved_queries_are_listed_and_take_parameters() {
    let list = ok(&glossgraph(&["query", "--list"]));
    for name in [
        "supersession-chain",
        "terms-citing-source",
        "statements-by-citation",
        "orphans",
        "deprecated-without-replacement",
        "terms-by-status",
        "related-2hop",
    ] {
        assert!(
            list.contains(&format!("{name}\n    ")),
            "{name} not listed:\n{list}"
        );
    }
    assert!(
        list.contains("    --param slug=SLUG  the term whose chain is listed"),
        "{list}"
    );

    let chain = ok(&glossgraph(&[
        "query",
        "--saved",
        "supersession-chain",
        "--param",
        "slug=nvme-of-1-0",
        "--results",
        "csv",
    ]));
    assert_eq!(
        chain,
        "slug,direction,steps,other,label,status\r\n\
         nvme-of-1-0,replaced by,1,nvme-of-1-1,NVMe over Fabrics 1.1,obsolete\r\n\
         nvme-of-1-0,replaced by,2,nvme-2-specifications,NVMe 2.x specification family,shipping\r\n"
    );
    let hops = ok(&glossgraph(&[
        "query",
        "--saved",
        "related-2hop",
        "--param",
        "slug=roce-v2",
        "--results",
        "csv",
    ]));
    assert!(
        hops.starts_with("slug,hops,neighbour,label\r\nroce-v2,1,iwarp,iWARP\r\n"),
        "{hops}"
    );
    assert!(
        hops.lines().skip(1).all(|l| l.starts_with("roce-v2,")),
        "{hops}"
    );
    assert!(hops.contains("roce-v2,2,"), "{hops}");
    let deprecated = ok(&glossgraph(&[
        "query",
        "--saved",
        "terms-by-status",
        "--param",
        "status=deprecated",
        "--results",
        "csv",
    ]));
    assert!(
        deprecated
            .lines()
            .skip(1)
            .all(|l| l.contains(",deprecated,")),
        "{deprecated}"
    );
    assert!(deprecated.lines().count() > 1, "{deprecated}");
    // A parameter used only inside FILTER is bound too.
    let search = ok(&glossgraph(&[
        "query",
        "--saved",
        "search-labels",
        "--param",
        "text=iwarp",
        "--results",
        "csv",
    ]));
    assert_eq!(
        search,
        "text,slug,label,match\r\niwarp,iwarp,iWARP,iWARP\r\niwarp,soft-iwarp,Soft-iWARP,Soft-iWARP\r\niwarp,soft-iwarp,Soft-iWARP,SoftiWARP\r\n"
    );
    let statements = ok(&glossgraph(&[
        "query",
        "--saved",
        "statements-by-citation",
        "--param",
        "slug=roce-v2",
        "--results",
        "csv",
    ]));
    assert!(statements.lines().count() > 1, "{statements}");
    assert!(
        statements
            .lines()
            .skip(1)
            .all(|l| l
                .starts_with("roce-v2,https://glossgraph.example/rdma-storage/term/roce-v2#note-")),
        "{statements}"
    );

    // Every saved query runs on the sample glossary.
    for q in glossgraph::sparql::saved::ALL {
        ok(&glossgraph(&[
            "query",
            "--saved",
            q.name,
            "--results",
            "json",
        ]));
    }
}

#[test]
fn parameters_cannot_change_the_query() {
    // A value that would close the pattern if it were pasted into the text.
    let out = ok(&glossgraph(&[
        "query",
        "--saved",
        "search-labels",
        "--param",
        "text=x\")) } UNION { ?term ?p ?match } #",
        "--results",
        "csv",
    ]));
    assert_eq!(out, "text,slug,label,match\r\n");
    let out = glossgraph(&[
        "query",
        "--saved",
        "supersession-chain",
        "--param",
        "slug=x\" } UNION {",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "glossgraph: error: --param slug=x\" } UNION {: not a slug (lowercase letters and digits, words joined by single hyphens)\n"
    );
    let out = glossgraph(&["query", "--saved", "orphans", "--param", "slug=rdma"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "glossgraph: error: the saved query `orphans` has no parameter `slug`; it takes none\n"
    );
    // Ad-hoc queries take terms in SPARQL syntax.
    let out = ok(&glossgraph(&[
        "query",
        "SELECT ?t ?l WHERE { ?t skos:prefLabel ?l }",
        "--param",
        "t=<https://glossgraph.example/rdma-storage/term/rdma>",
        "--results",
        "csv",
    ]));
    assert_eq!(
        out,
        "t,l\r\nhttps://glossgraph.example/rdma-storage/term/rdma,RDMA\r\n"
    );
    // A variable given twice was filtered by its first value and shown with its second.
    let out = glossgraph(&[
        "query",
        "SELECT ?l ?text WHERE { ?t skos:prefLabel ?l FILTER(CONTAINS(?l, ?text)) }",
        "--param",
        "text=NVMe",
        "--param",
        "text=zzz",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "glossgraph: error: ?text is given a value twice\n"
    );
}

#[test]
fn an_invalid_glossary_is_refused_with_the_report() {
    let dir = scratch("sparql", "invalid");
    std::fs::write(
        dir.join("a.json"),
        r#"{"slug": "a", "term": "A", "definition": "d", "related": ["nowhere"]}"#,
    )
    .unwrap();
    let check = glossgraph(&["check", dir.to_str().unwrap(), "--color", "never"]);
    for command in ["query", "push"] {
        let mut args = vec![command, dir.to_str().unwrap(), "--color", "never"];
        match command {
            "query" => args.push("ASK {}"),
            _ => args.extend(["--endpoint", "http://127.0.0.1:9/store"]),
        }
        let out = glossgraph(&args);
        assert_eq!(out.status.code(), Some(1), "{command}: {}", stderr(&out));
        assert_eq!(stdout(&out), "");
        // The errors as `check` lists them, and its verdict; the warnings only counted.
        let err = stderr(&out);
        let listed = stdout(&check);
        let error = &listed[listed.find("error[").unwrap()..];
        let error = &error[..error.find("\n\n").unwrap() + 2];
        assert!(
            err.starts_with(error),
            "{command}: the report differs from check's:\n{err}"
        );
        let verdict = listed.lines().find(|l| l.starts_with("invalid: ")).unwrap();
        assert!(err.contains(verdict), "{command}: {err}\n{listed}");
        assert!(!err.lines().any(|l| l.starts_with("warning[")), "{err}");
        assert!(err.contains("nowhere"), "{err}");
    }
}

#[test]
fn unknown_formats_and_saved_queries_are_named() {
    let out = glossgraph(&["query", "ASK {}", "--results", "yaml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "--results yaml is not a format; use one of: table, csv, tsv, json, xml, turtle"
        ),
        "{}",
        stderr(&out)
    );
    let out = glossgraph(&["query", "ASK {}", "--results", "turtle"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("cannot write the answer of an ASK query; use table, csv, tsv, json, xml"),
        "{}",
        stderr(&out)
    );
    let out = glossgraph(&["query", "--saved", "orphan"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "no saved query `orphan`; there are: deprecated-without-replacement, orphans,"
        ),
        "{}",
        stderr(&out)
    );
}

/// The on-disk store is gone (large glossaries go to Oxigraph's own server): `--store` is an
/// argument clap does not know, refused before anything is read or written.
#[test]
fn store_on_disk_is_an_unknown_argument() {
    let dir = scratch("sparql", "store-unknown");
    for command in ["query", "serve"] {
        let mut args = vec![command];
        if command == "query" {
            args.push("ASK {}");
        }
        let folder = dir.join(command);
        args.extend(["--store", folder.to_str().unwrap()]);
        let out = glossgraph(&args);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("unexpected argument '--store'"),
            "{}",
            stderr(&out)
        );
        assert!(!folder.exists());
    }
}

/// `query` without a query says so, and takes the INPUT and the QUERY in either order (issue
/// 23, item 1).
#[test]
fn query_without_a_query_says_so_and_takes_both_orders() {
    for args in [&["query"][..], &["query", "data"]] {
        let (code, stdout, stderr) = outcome(&run_in(root(), args, None));
        assert_eq!(
            (code, stdout.as_str(), stderr.as_str()),
            (
                2,
                "",
                "glossgraph: error: no query given (QUERY, --file or --saved)\n"
            ),
            "{args:?}"
        );
    }
    let ask = "ASK { ?t skos:notation \"roce-v2\"^^gx:Slug }";
    let usual = outcome(&run_in(
        root(),
        &["query", "data", ask, "--results", "csv"],
        None,
    ));
    assert_eq!(usual, (0, "true\n".to_owned(), String::new()));
    let swapped = outcome(&run_in(
        root(),
        &["query", ask, "data", "--results", "csv"],
        None,
    ));
    assert_eq!(swapped, usual, "QUERY before INPUT");
    // Two queries: which one is the input cannot be told, and glossgraph says so.
    let (code, _, stderr) = outcome(&run_in(root(), &["query", ask, ask], None));
    assert_eq!(code, 2);
    assert!(
        stderr.contains("both look like queries; give the INPUT first, then the QUERY"),
        "{stderr}"
    );
}

/// A CONSTRUCTed graph is drawn as it is: its links and nothing else, its terms labelled from
/// the glossary (issue 23, item 2).
#[test]
fn a_constructed_graph_is_drawn_as_it_is() {
    let dot = |query: &str| {
        let (code, stdout, stderr) =
            outcome(&run_in(root(), &["query", query, "--results", "dot"], None));
        assert_eq!(code, 0, "{stderr}");
        stdout
    };
    // The issue's query: every related link, and nothing else (no supersedes arrows).
    let all = dot("CONSTRUCT { ?a skos:related ?b } { ?a skos:related ?b }");
    let (_, edges) = drawn(&all);
    assert!(!edges.is_empty());
    assert!(edges.iter().all(|e| e.ends_with(" related")), "{edges:#?}");
    // One constructed triple: its two terms and its one edge, labelled from the glossary.
    let one = dot(
        "CONSTRUCT { ?a skos:related ?b } WHERE { ?a skos:notation \"roce-v2\"^^gx:Slug ; \
         skos:related ?b } ORDER BY ?b LIMIT 1",
    );
    let (nodes, edges) = drawn(&one);
    assert_eq!(
        (nodes, edges),
        (
            BTreeSet::from(["iwarp".to_owned(), "roce-v2".to_owned()]),
            BTreeSet::from(["iwarp -> roce-v2 related".to_owned()])
        ),
        "{one}"
    );
    assert!(one.contains("label=\"RoCEv2\""), "{one}");
    // The neighbours of RoCEv2: the three links the answer holds, not those among them.
    let star = dot(
        "CONSTRUCT { ?a skos:related ?b } WHERE { ?a skos:notation \"roce-v2\"^^gx:Slug ; \
         skos:related ?b }",
    );
    let (_, edges) = drawn(&star);
    assert_eq!(
        edges,
        BTreeSet::from([
            "iwarp -> roce-v2 related".to_owned(),
            "nvme-rdma -> roce-v2 related".to_owned(),
            "rdma-storage -> roce-v2 related".to_owned(),
        ]),
        "{star}"
    );
    // Replacements are drawn as supersedes arrows, old -> new, and nothing else.
    let chain =
        dot("CONSTRUCT { ?old dcterms:isReplacedBy ?new } { ?old dcterms:isReplacedBy ?new }");
    let (_, edges) = drawn(&chain);
    assert!(
        edges.contains("nvme-of-1-0 -> nvme-of-1-1 supersedes"),
        "{edges:#?}"
    );
    assert!(
        edges.iter().all(|e| e.ends_with(" supersedes")),
        "{edges:#?}"
    );
}

/// Issue 40, item 2: the user's own `queries/*.rq` beside the INPUT are saved queries too, listed
/// with their file; the `--help` example answers; a slug that names no term is said to.
#[test]
fn saved_queries_include_the_users_own_and_slugs_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let cards = two_cards(Some("base = \"https://glossary.test/\"\n"));
    let input = dir.path().join("cards");
    std::fs::create_dir(&input).unwrap();
    for name in ["a.json", "b.json", "glossgraph.toml"] {
        std::fs::copy(cards.path().join(name), input.join(name)).unwrap();
    }
    std::fs::create_dir(dir.path().join("queries")).unwrap();
    std::fs::write(
        dir.path().join("queries/count-terms.rq"),
        "# How many terms the glossary has.\nSELECT (COUNT(?t) AS ?terms) WHERE { ?t a skos:Concept }\n",
    )
    .unwrap();
    let input = input.to_str().unwrap();
    let list = ok(&glossgraph(&["query", input, "--list"]));
    assert!(list.contains("count-terms ("), "{list}");
    assert!(list.contains("How many terms the glossary has."), "{list}");
    assert!(
        list.starts_with("deprecated-without-replacement\n"),
        "{list}"
    );
    let answer = ok(&glossgraph(&[
        "query",
        input,
        "--saved",
        "count-terms",
        "--results",
        "csv",
    ]));
    assert_eq!(answer.replace('\r', ""), "terms\n2\n");

    // The example of `query --help`, on the sample: rows, not "(0 rows)".
    let help = ok(&glossgraph(&["query", "--help"]));
    let example = help
        .lines()
        .find(|l| l.contains("--saved supersession-chain --param"))
        .unwrap();
    let args: Vec<&str> = example.split_whitespace().skip(1).collect();
    let rows = ok(&glossgraph(&[&args[..], &["--results", "csv"]].concat()));
    assert!(rows.lines().count() > 1, "{example}: {rows}");

    let out = glossgraph(&[
        "query",
        "--saved",
        "supersession-chain",
        "--param",
        "slug=roce-v3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no term has the slug `roce-v3`; did you mean `roce-v"),
        "{}",
        stderr(&out)
    );
}
