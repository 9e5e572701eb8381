//! `/rest/v1/…`: Skosmos's REST API over HTTP, answered by the [`crate::skosmos::Vocabulary`]
//! made when the glossary was loaded, from the reconciliation service's label index.
//!
//! | path | what |
//! |---|---|
//! | `vocabularies`, `types`, `search`, `label`, `data` | over every vocabulary served (one today) |
//! | `{vocid}/` | the vocabulary's information |
//! | `{vocid}/types`, `search`, `lookup`, `label`, `data` | as above, in the vocabulary |
//! | `{vocid}/topConcepts`, `broader`, `broaderTransitive`, `narrower`, `narrowerTransitive`, `related`, `children`, `hierarchy` | a concept's place among the others (`uri=`) |
//! | `{vocid}/index/`, `{vocid}/index/{letter}` | the alphabetical index (`limit`, `offset`) |
//! | `{vocid}/vocabularyStatistics`, `labelStatistics`, `new`, `modified`, `groups`, `groupMembers`, `mappings` | the rest of Skosmos's methods |
//!
//! Answers are JSON (`application/json`, or `application/ld+json` when `Accept` prefers it),
//! or JSONP when a `callback` names a JavaScript function (the reconciliation service's
//! check: nothing the client sent lands in a script unchecked). A concept's `data` is also
//! Turtle or RDF/XML, by `format=` or `Accept`. Errors are Skosmos's: the status and a line
//! of plain text, `404 Not Found : Could not find concept`, never repeating the request.
//! Only GET and HEAD are answered: the API is read-only. Every origin may call it
//! (`Access-Control-Allow-Origin: *`, or the origin of `--cors`).

use oxhttp::model::header;
use oxhttp::model::{Body, Method, Request, Response, StatusCode};
use oxigraph::io::RdfFormat;
use oxigraph::model::{NamedNodeRef, Term, Triple};
use serde_json::Value;

use super::reconcile::{callback, script_safe, site};
use super::{accepted, query_params, Served, Shared};
use crate::rdf::vocab::{rdf, skos};
use crate::results::{self, ResultsFormat};
use crate::skosmos::{data_json, RestError};
use crate::Answer;

/// Where the API's paths start.
pub const ROOT: &str = "/rest/v1/";

/// Whether `path` is one of the API's.
pub fn is_rest(path: &str) -> bool {
    path.starts_with(ROOT) || path == "/rest/v1"
}

/// The answer to a request of the API at `path` (decoded).
pub fn answer(
    shared: &Shared,
    served: &Served,
    request: &Request<Body>,
    path: &str,
) -> Response<Body> {
    let method = request.method();
    if method != Method::GET && method != Method::HEAD {
        return error(&RestError(
            405,
            "the REST API is read-only: GET and HEAD".into(),
        ));
    }
    let params = query_params(request);
    let callback = match params
        .iter()
        .find(|(k, _)| k == "callback")
        .map(|(_, v)| callback(v))
    {
        Some(Err(_)) => return error(&RestError(400, "callback: not a JavaScript name".into())),
        Some(Ok(name)) => Some(name.to_owned()),
        None => None,
    };
    let site = match site(shared, request) {
        Ok(site) => site,
        Err(_) => return error(&RestError(400, "the Host header is not a host name".into())),
    };
    let rest = path.strip_prefix(ROOT).unwrap_or_default();
    let vocab = &served.skosmos;
    let index = served.reconcile.index();
    let (head, tail) = match rest.split_once('/') {
        Some((head, tail)) => (head, Some(tail)),
        None => (rest, None),
    };
    let answered = match (head, tail) {
        ("vocabularies", None) => vocab.vocabularies(&params, &site),
        ("types", None) => vocab.types(&params, &site, true),
        ("search", None) => in_vocabs(vocab, &params).and_then(|()| vocab.search(index, &params)),
        ("label", None) => vocab.label(index, &params),
        ("data", None) => return data(served, request, &params),
        (id, _) if id != vocab.id => Err(RestError(404, "Could not find vocabulary".into())),
        (_, None | Some("")) => vocab.information(index, &params, &site),
        (_, Some(method)) => match method {
            "types" => vocab.types(&params, &site, false),
            "search" => vocab.search(index, &params),
            "lookup" => vocab.lookup(index, &params),
            "label" => vocab.label(index, &params),
            "data" => return data(served, request, &params),
            "topConcepts" => vocab.top_concepts(index, &params),
            "broader" | "narrower" | "related" => vocab.links(index, &params, method),
            "broaderTransitive" => vocab.transitive_links(index, &params, true),
            "narrowerTransitive" => vocab.transitive_links(index, &params, false),
            "children" => vocab.children(index, &params),
            "hierarchy" => vocab.hierarchy(index, &params),
            "index" | "index/" => vocab.index_letters(&params),
            "vocabularyStatistics" => vocab.statistics(index, &params, &site),
            "labelStatistics" => vocab.label_statistics(&params, &site),
            "new" => vocab.changes(index, &params, false),
            "modified" => vocab.changes(index, &params, true),
            "groups" => vocab.groups(&params),
            "groupMembers" => vocab.group_members(&params),
            "mappings" => vocab.mappings(index, &params),
            other => match other.strip_prefix("index/") {
                Some(letter) if !letter.is_empty() && letter.chars().count() <= 8 => {
                    vocab.index_concepts(index, letter, &params)
                }
                _ => Err(RestError(404, "no such method".into())),
            },
        },
    };
    match answered {
        Ok(value) => json(request, &value, callback.as_deref()),
        Err(e) => error(&e),
    }
}

/// The `vocab` parameter of a global search: ids of vocabularies served, or 404.
fn in_vocabs(
    vocab: &crate::skosmos::Vocabulary,
    params: &[(String, String)],
) -> Result<(), RestError> {
    match params.iter().find(|(k, _)| k == "vocab") {
        Some((_, ids))
            if ids
                .split(' ')
                .filter(|i| !i.is_empty())
                .any(|i| i != vocab.id) =>
        {
            Err(RestError(404, "Could not find vocabulary".into()))
        }
        _ => Ok(()),
    }
}

/// A JSON answer: `application/ld+json` when `Accept` prefers it to `application/json`.
fn json(request: &Request<Body>, value: &Value, callback: Option<&str>) -> Response<Body> {
    let text = value.to_string();
    let (kind, body) = match callback {
        Some(name) => (
            "application/javascript; charset=utf-8",
            format!("/**/{name}({});", script_safe(&text)),
        ),
        None => {
            let ld = accepted(request)
                .iter()
                .find(|m| *m == "application/json" || *m == "application/ld+json")
                .is_some_and(|m| m == "application/ld+json");
            let kind = if ld {
                "application/ld+json; charset=utf-8"
            } else {
                "application/json; charset=utf-8"
            };
            (kind, text)
        }
    };
    Response::builder()
        .header(header::CONTENT_TYPE, kind)
        .header(header::VARY, "Accept")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .body(Body::from(body))
        .unwrap_or_default()
}

fn error(e: &RestError) -> Response<Body> {
    let status = StatusCode::from_u16(e.0).unwrap_or(StatusCode::BAD_REQUEST);
    let reason = status.canonical_reason().unwrap_or_default();
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .body(Body::from(format!("{} {reason} : {}", e.0, e.1)))
        .unwrap_or_default()
}

/// The formats `data` offers, by media type, as Skosmos lists them.
const DATA_FORMATS: [&str; 4] = [
    "application/rdf+xml",
    "text/turtle",
    "application/ld+json",
    "application/json",
];

/// `data` and `{vocid}/data`: a concept's own statements and types, with the types and
/// labels of the concepts and schemes it names; without `uri`, the vocabulary's, whole, at
/// the Graph Store (Skosmos redirects to its download).
fn data(served: &Served, request: &Request<Body>, params: &[(String, String)]) -> Response<Body> {
    let param = |name: &str| {
        params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let Some(uri) = param("uri").filter(|u| !u.is_empty()) else {
        if request.uri().path().starts_with("/rest/v1/data") {
            return error(&RestError(400, "uri parameter missing".into()));
        }
        return Response::builder()
            .status(StatusCode::SEE_OTHER)
            .header(header::LOCATION, "/store?default")
            .body(Body::empty())
            .unwrap_or_default();
    };
    let format = match param("format").filter(|f| !f.is_empty()) {
        Some(f) => DATA_FORMATS.iter().find(|d| **d == f).copied(),
        None => {
            let accepted = accepted(request);
            if accepted.is_empty() {
                Some("application/ld+json")
            } else {
                accepted.iter().find_map(|m| match m.as_str() {
                    "*/*" | "application/*" => Some("application/ld+json"),
                    "text/*" => Some("text/turtle"),
                    m => DATA_FORMATS.iter().find(|d| **d == m).copied(),
                })
            }
        }
    };
    let Some(format) = format else {
        return error(&RestError(
            406,
            format!(
                "Unsupported format. Supported MIME types are: {}",
                DATA_FORMATS.join(" ")
            ),
        ));
    };
    let index = served.reconcile.index();
    let Some(concept) = index.concept(uri) else {
        return error(&RestError(404, "no concept found with given uri".into()));
    };
    let iri = &index.concepts[concept as usize].iri;
    let triples = match statements(served, iri) {
        Ok(t) => t,
        Err(e) => return error(&RestError(500, e)),
    };
    let body = match format {
        "application/ld+json" | "application/json" => data_json(&triples).to_string().into_bytes(),
        other => {
            let rdf = if other == "text/turtle" {
                RdfFormat::Turtle
            } else {
                RdfFormat::RdfXml
            };
            let mut out = Vec::new();
            if let Err(e) = results::write(
                &Answer::Graph(triples),
                ResultsFormat::Rdf(rdf),
                &served.store.prefixes(),
                &mut out,
            ) {
                return error(&RestError(500, e.to_string()));
            }
            out
        }
    };
    Response::builder()
        .header(header::CONTENT_TYPE, format!("{format}; charset=utf-8"))
        .header(header::VARY, "Accept")
        .body(Body::from(body))
        .unwrap_or_default()
}

/// Most resources a concept names whose types and labels its `data` adds.
const NAMED: usize = 200;

/// The triples of `iri`, then the types and labels of the resources it names.
fn statements(served: &Served, iri: &str) -> Result<Vec<Triple>, String> {
    let store = served.store.store();
    let about = |s: NamedNodeRef<'_>, p: Option<NamedNodeRef<'_>>| -> Result<Vec<Triple>, String> {
        store
            .quads_for_pattern(Some(s.into()), p, None, None)
            .map(|q| q.map(Triple::from).map_err(|e| e.to_string()))
            .collect()
    };
    let subject = NamedNodeRef::new(iri).map_err(|e| e.to_string())?;
    let mut triples = about(subject, None)?;
    let named: Vec<String> = triples
        .iter()
        .filter(|t| t.predicate != rdf::TYPE)
        .filter_map(|t| match &t.object {
            Term::NamedNode(n) => Some(n.as_str().to_owned()),
            _ => None,
        })
        .take(NAMED)
        .collect();
    for other in &named {
        let Ok(node) = NamedNodeRef::new(other) else {
            continue;
        };
        for p in [rdf::TYPE, skos::PREF_LABEL, crate::rdf::vocab::rdfs::LABEL] {
            triples.extend(about(node, Some(p))?);
        }
    }
    triples.sort_by_cached_key(ToString::to_string);
    triples.dedup();
    Ok(triples)
}
