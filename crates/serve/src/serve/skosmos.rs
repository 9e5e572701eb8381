//! `/rest/v1/…`: Skosmos's REST API over HTTP, answered by the [`crate::skosmos::Vocabulary`]
//! of each glossary served, made when it was loaded, from the reconciliation service's label
//! index.
//!
//! | path | what |
//! |---|---|
//! | `vocabularies`, `types`, `search`, `label`, `data` | over every vocabulary served (each glossary one, in the order given) |
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
use oxigraph::model::{Literal, NamedNode, NamedNodeRef, NamedOrBlankNode, Term, Triple};
use serde_json::Value;

use super::reconcile::{callback, script_safe, site};
use super::{accepted, query_params, Hosted, Served, Shared};
use crate::rdf::vocab::{owl, rdf, skos};
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
    let (head, tail) = match rest.split_once('/') {
        Some((head, tail)) => (head, Some(tail)),
        None => (rest, None),
    };
    let vocabs: Vec<&crate::skosmos::Vocabulary> =
        served.glossaries.iter().map(|g| &g.skosmos).collect();
    let answered = match (head, tail) {
        ("vocabularies", None) => crate::skosmos::vocabularies(&vocabs, &params, &site),
        ("types", None) => served.first().skosmos.types(&params, &site, true),
        ("search", None) => global_search(served, &params),
        ("label", None) => {
            let g = owner(served, &params).unwrap_or(served.first());
            g.skosmos.label(g.reconcile.index(), &params)
        }
        ("data", None) => return data(served, owner(served, &params), request, &params),
        (id, tail) => match served.hosted(id) {
            None => Err(RestError(404, "Could not find vocabulary".into())),
            Some(g) => match tail {
                None | Some("") => g.skosmos.information(g.reconcile.index(), &params, &site),
                Some("data") => return data(served, Some(g), request, &params),
                Some(method) => vocabulary(g, method, &params, &site),
            },
        },
    };
    match answered {
        Ok(value) => json(request, &value, callback.as_deref()),
        Err(e) => error(&e),
    }
}

/// A method of the vocabulary `g` (`{vocid}/{method}`).
fn vocabulary(
    g: &Hosted,
    method: &str,
    params: &[(String, String)],
    site: &str,
) -> Result<Value, RestError> {
    let (vocab, index) = (&g.skosmos, g.reconcile.index());
    match method {
        "types" => vocab.types(params, site, false),
        "search" => vocab.search(index, params),
        "lookup" => vocab.lookup(index, params),
        "label" => vocab.label(index, params),
        "topConcepts" => vocab.top_concepts(index, params),
        "broader" | "narrower" | "related" => vocab.links(index, params, method),
        "broaderTransitive" => vocab.transitive_links(index, params, true),
        "narrowerTransitive" => vocab.transitive_links(index, params, false),
        "children" => vocab.children(index, params),
        "hierarchy" => vocab.hierarchy(index, params),
        "index" | "index/" => vocab.index_letters(params),
        "vocabularyStatistics" => vocab.statistics(index, params, site),
        "labelStatistics" => vocab.label_statistics(params, site),
        "new" => vocab.changes(index, params, false),
        "modified" => vocab.changes(index, params, true),
        "groups" => vocab.groups(index, params),
        "groupMembers" => vocab.group_members(index, params),
        "mappings" => vocab.mappings(index, params),
        other => match other.strip_prefix("index/") {
            Some(letter) if !letter.is_empty() && letter.chars().count() <= 8 => {
                vocab.index_concepts(index, letter, params)
            }
            _ => Err(RestError(404, "no such method".into())),
        },
    }
}

/// The glossary whose concept the `uri` parameter names, if one has it.
fn owner<'s>(served: &'s Served, params: &[(String, String)]) -> Option<&'s Hosted> {
    let (_, uri) = params.iter().find(|(k, _)| k == "uri")?;
    served
        .glossaries
        .iter()
        .map(|g| &**g)
        .find(|g| g.reconcile.index().concept(uri).is_some())
}

/// The global `search`: in every vocabulary served, or in those `vocab` names (ids
/// between spaces; an unknown one is a 404), one's results after the other's, `offset` and
/// `maxhits` over them all.
fn global_search(served: &Served, params: &[(String, String)]) -> Result<Value, RestError> {
    let mut chosen: Vec<&Hosted> = Vec::new();
    match params.iter().find(|(k, _)| k == "vocab") {
        Some((_, ids)) if !ids.trim().is_empty() => {
            for id in ids.split(' ').filter(|i| !i.is_empty()) {
                let g = served
                    .hosted(id)
                    .ok_or_else(|| RestError(404, "Could not find vocabulary".into()))?;
                if !chosen.iter().any(|c| c.id == g.id) {
                    chosen.push(g);
                }
            }
        }
        _ => chosen.extend(served.glossaries.iter().map(|g| &**g)),
    }
    if let [one] = chosen.as_slice() {
        return one.skosmos.search(one.reconcile.index(), params);
    }
    // Each vocabulary's first offset + maxhits results, then the page of them all.
    let number = |name: &str| -> Result<Option<usize>, RestError> {
        match params.iter().find(|(k, _)| k == name) {
            Some((_, v)) if !v.is_empty() => v
                .trim()
                .parse::<usize>()
                .map(Some)
                .map_err(|_| RestError(400, format!("{name} parameter is invalid"))),
            _ => Ok(None),
        }
    };
    let offset = number("offset")?.unwrap_or(0);
    let maxhits = match number("maxhits")? {
        Some(0) => return Err(RestError(400, "maxhits parameter is invalid".into())),
        Some(n) => n.min(crate::skosmos::MAX_HITS),
        None => crate::skosmos::MAX_HITS,
    };
    let mut each: Vec<(String, String)> = params
        .iter()
        .filter(|(k, _)| k != "offset" && k != "maxhits")
        .cloned()
        .collect();
    each.push(("maxhits".into(), (offset + maxhits).to_string()));
    let mut answer: Option<Value> = None;
    let mut results = Vec::new();
    for g in chosen {
        let mut one = g.skosmos.search(g.reconcile.index(), &each)?;
        if let Some(Value::Array(found)) = one.get_mut("results").map(Value::take) {
            results.extend(found);
        }
        answer.get_or_insert(one);
    }
    let mut answer = answer.unwrap_or_default();
    answer["results"] = Value::Array(results.into_iter().skip(offset).take(maxhits).collect());
    Ok(answer)
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
fn data(
    served: &Served,
    hosted: Option<&Hosted>,
    request: &Request<Body>,
    params: &[(String, String)],
) -> Response<Body> {
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
        // One glossary of several is its named graph.
        let location = match hosted.and_then(|g| g.graph.as_ref()) {
            Some(graph) => format!(
                "/store?graph={}",
                form_urlencoded::byte_serialize(graph.as_str().as_bytes()).collect::<String>()
            ),
            None => "/store?default".to_owned(),
        };
        return Response::builder()
            .status(StatusCode::SEE_OTHER)
            .header(header::LOCATION, location)
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
    let Some(hosted) = hosted else {
        return error(&RestError(404, "no concept found with given uri".into()));
    };
    let index = hosted.reconcile.index();
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
    // What others say of it, as Skosmos adds (`?s ?p ?uri`): the narrower concept's
    // `broader`, the other end's `related`, a group's `member`; not `inScheme`, nor what a
    // deprecated resource says.
    let yes = Literal::from(true);
    let deprecated = |s: NamedNodeRef<'_>| {
        store
            .quads_for_pattern(
                Some(s.into()),
                Some(owl::DEPRECATED),
                Some(yes.as_ref().into()),
                None,
            )
            .next()
            .is_some()
    };
    let incoming =
        |o: NamedNodeRef<'_>, p: Option<NamedNodeRef<'_>>| -> Result<Vec<Triple>, String> {
            let mut out = Vec::new();
            for quad in store
                .quads_for_pattern(None, p, Some(o.into()), None)
                .take(NAMED * 10)
            {
                let t = Triple::from(quad.map_err(|e| e.to_string())?);
                match &t.subject {
                    NamedOrBlankNode::NamedNode(s)
                        if t.predicate != skos::IN_SCHEME && !deprecated(s.as_ref()) =>
                    {
                        out.push(t);
                    }
                    _ => {}
                }
            }
            Ok(out)
        };
    triples.extend(incoming(subject, None)?);
    // The groups it is in, and the groups those are in, with their labels and types.
    let mut groups: Vec<NamedNode> = vec![subject.into_owned()];
    let mut at = 0;
    while at < groups.len() && groups.len() < NAMED {
        let member = groups[at].clone();
        at += 1;
        for t in incoming(member.as_ref(), Some(skos::MEMBER))? {
            let NamedOrBlankNode::NamedNode(group) = &t.subject else {
                continue;
            };
            if !groups.contains(group) {
                for p in [rdf::TYPE, skos::PREF_LABEL] {
                    triples.extend(about(group.as_ref(), Some(p))?);
                }
                groups.push(group.clone());
            }
            triples.push(t);
        }
    }
    triples.sort_by_cached_key(ToString::to_string);
    triples.dedup();
    Ok(triples)
}
