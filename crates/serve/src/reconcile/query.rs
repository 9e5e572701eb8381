//! Reconciliation queries: a batch read from its JSON, each query answered with its
//! candidates.
//!
//! A query's `type` keeps the candidates of that type (`type_strict`: `any`, the default, one
//! of the types; `all`, every one; `should`, none dropped, those of no type given scored 10%
//! lower). Its `properties` are constraints on the candidates: one that fails keeps half its
//! score and is never a `match`; without a `query` text, the candidates are the concepts that
//! meet every constraint. A candidate is a `match` when it is the only best one and its score
//! is at least [`MATCH`]: an exact or normalised label, never a near one alone.

use std::collections::BTreeMap;

use glossgraph_core::suggest::Distance;
use serde_json::{json, Map, Value};

use super::index::{Found, Index, Kind, Link};
use super::text::{key, normalize};
use super::{BadRequest, Service, MAX_BATCH, MAX_LIMIT, MAX_QUERY, MAX_VALUES};

/// Lowest score of a `match`.
pub const MATCH: f64 = 88.0;

/// Candidates a query gets when it gives no `limit`.
pub const DEFAULT_LIMIT: usize = 5;

/// The properties a query may constrain its candidates with.
pub const PROPERTIES: [&str; 5] = ["broader", "narrower", "related", "status", "notation"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strict {
    Any,
    All,
    Should,
}

/// A candidate of a query, scored.
struct Candidate {
    found: Found,
    /// The score with the type and the properties weighed in.
    score: f64,
    /// Whether its type and every property hold.
    fits: bool,
    /// Each property constraint and whether it holds.
    checks: Vec<(String, bool)>,
}

struct Query {
    text: Option<String>,
    types: Vec<u32>,
    /// Whether a type was given that the service does not have.
    unknown_type: bool,
    strict: Strict,
    limit: usize,
    properties: Vec<(String, Vec<Value>)>,
}

impl Service {
    /// The answers to a batch of reconciliation queries (`queries`, the JSON the client
    /// sent), by the batch's keys.
    ///
    /// # Errors
    /// The batch is not JSON, not an object, too large, or a query is malformed.
    pub fn reconcile(&self, queries: &str) -> Result<Value, BadRequest> {
        let batch: Value = serde_json::from_str(queries)
            .map_err(|e| BadRequest::new(format!("queries: not JSON ({e})")))?;
        let Value::Object(batch) = batch else {
            return Err(BadRequest::new(
                "queries: a JSON object of queries by key is expected",
            ));
        };
        if batch.len() > MAX_BATCH {
            return Err(BadRequest::new(format!(
                "queries: {} queries, more than the {MAX_BATCH} a batch may have",
                batch.len()
            )));
        }
        let parsed = batch
            .iter()
            .map(|(k, q)| Ok((k, self.parse(k, q)?)))
            .collect::<Result<Vec<_>, BadRequest>>()?;
        let mut distance = Distance::default();
        let mut out = Map::new();
        for (k, query) in parsed {
            let result = self.answer(&query, &mut distance);
            out.insert(k.clone(), json!({ "result": result }));
        }
        Ok(Value::Object(out))
    }

    fn parse(&self, k: &str, query: &Value) -> Result<Query, BadRequest> {
        let bad = |what: &str| BadRequest::new(format!("queries: query {}: {what}", short(k)));
        let Value::Object(fields) = query else {
            return Err(bad("a JSON object is expected"));
        };
        let mut parsed = Query {
            text: None,
            types: Vec::new(),
            unknown_type: false,
            strict: Strict::Any,
            limit: DEFAULT_LIMIT,
            properties: Vec::new(),
        };
        for (field, value) in fields {
            match (field.as_str(), value) {
                ("query", Value::String(text)) if text.chars().count() > MAX_QUERY => {
                    return Err(bad(&format!(
                        "`query` is longer than {MAX_QUERY} characters"
                    )))
                }
                ("query", Value::String(text)) => parsed.text = Some(text.clone()),
                ("type", Value::String(t)) => self.add_type(&mut parsed, t),
                ("type", Value::Array(types)) if types.len() <= MAX_VALUES => {
                    for t in types {
                        let t = t
                            .as_str()
                            .ok_or_else(|| bad("`type` is a type id or a list of them"))?;
                        self.add_type(&mut parsed, t);
                    }
                }
                ("type", Value::Null) => {}
                ("limit", Value::Number(n)) => {
                    parsed.limit = n
                        .as_u64()
                        .filter(|n| *n > 0)
                        .map(|n| (n as usize).min(MAX_LIMIT))
                        .ok_or_else(|| bad("`limit` must be a positive integer"))?;
                }
                ("type_strict", Value::String(s)) => {
                    parsed.strict = match s.as_str() {
                        "any" => Strict::Any,
                        "all" => Strict::All,
                        "should" => Strict::Should,
                        _ => return Err(bad("`type_strict` is `any`, `all` or `should`")),
                    }
                }
                ("properties", Value::Array(list)) if list.len() <= MAX_VALUES => {
                    for p in list {
                        parsed.properties.push(property(p).map_err(|e| bad(&e))?);
                    }
                }
                ("query" | "type" | "limit" | "type_strict" | "properties", _) => {
                    return Err(bad(&format!(
                        "`{field}` has the wrong type, or too many values (at most {MAX_VALUES})"
                    )))
                }
                _ => {
                    return Err(bad(
                        "an unknown field (known: query, type, limit, properties, type_strict)",
                    ))
                }
            }
        }
        if parsed.text.as_deref().is_none_or(|t| t.trim().is_empty()) {
            parsed.text = None;
            if parsed.properties.is_empty() {
                return Err(bad("neither a `query` nor `properties`"));
            }
        }
        Ok(parsed)
    }

    fn add_type(&self, query: &mut Query, id: &str) {
        match self.type_of(id) {
            Some(t) => query.types.push(t),
            None => query.unknown_type = true,
        }
    }

    /// The candidates of one query, best first, as JSON.
    fn answer(&self, query: &Query, distance: &mut Distance) -> Vec<Value> {
        let index = &self.index;
        let found: Vec<Found> = match &query.text {
            Some(text) => index.search(text, distance),
            None => index
                .all()
                .map(|concept| Found {
                    concept,
                    score: 100.0,
                    kind: Kind::Id,
                })
                .collect(),
        };
        let mut scored: Vec<Candidate> = Vec::new();
        for f in found {
            let schemes = &index.concepts[f.concept as usize].schemes;
            let of_type = |t: &u32| *t == CONCEPT || schemes.contains(&(t - 1));
            let typed = match query.strict {
                _ if query.types.is_empty() && !query.unknown_type => true,
                Strict::All => !query.unknown_type && query.types.iter().all(of_type),
                Strict::Any | Strict::Should => query.types.iter().any(of_type),
            };
            if !typed && query.strict != Strict::Should {
                continue;
            }
            let checks: Vec<(String, bool)> = query
                .properties
                .iter()
                .map(|(pid, values)| (pid.clone(), holds(index, f.concept, pid, values)))
                .collect();
            let met = checks.iter().all(|(_, ok)| *ok);
            if query.text.is_none() && !met {
                continue;
            }
            let mut score = f.score;
            if !typed {
                score *= 0.9;
            }
            if !met {
                score *= 0.5;
            }
            scored.push(Candidate {
                found: f,
                score: (score * 10.0).round() / 10.0,
                fits: met && typed,
                checks,
            });
        }
        let slug = |c: &Candidate| index.concepts[c.found.concept as usize].slug.as_str();
        scored.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then_with(|| slug(a).cmp(slug(b)))
        });
        scored.truncate(query.limit);
        let unique_best = match scored.as_slice() {
            [first, second, ..] => first.score > second.score,
            [_] => true,
            [] => false,
        };
        scored
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (f, score) = (&c.found, c.score);
                let concept = &index.concepts[f.concept as usize];
                let mut features = vec![json!({ "id": "name", "value": f.score })];
                if query.text.is_some() {
                    features.push(json!({ "id": f.kind.feature(), "value": true }));
                }
                for (pid, ok) in &c.checks {
                    features.push(json!({ "id": format!("property:{pid}"), "value": ok }));
                }
                let mut candidate = json!({
                    "id": concept.slug,
                    "name": concept.name,
                    "score": score,
                    "match": i == 0 && unique_best && c.fits && score >= MATCH,
                    "type": self.types_of(f.concept),
                    "features": features,
                });
                if !concept.definition.is_empty() {
                    candidate["description"] = json!(super::summary(&concept.definition));
                }
                candidate
            })
            .collect()
    }
}

/// The type ids' numbering: 0 the concept, `1 + i` the scheme `i`.
pub const CONCEPT: u32 = 0;

/// A property constraint `{pid, v}`, its values as a list.
fn property(p: &Value) -> Result<(String, Vec<Value>), String> {
    let pid = p
        .get("pid")
        .and_then(Value::as_str)
        .ok_or("a property needs a `pid`")?;
    if !PROPERTIES.contains(&pid) {
        return Err(format!(
            "unknown property (known: {}; see /reconcile/properties)",
            PROPERTIES.join(", ")
        ));
    }
    let values = match p.get("v") {
        Some(Value::Array(values)) if values.len() <= MAX_VALUES => values.clone(),
        Some(Value::Array(_)) => return Err(format!("more than {MAX_VALUES} values")),
        Some(v @ (Value::String(_) | Value::Number(_) | Value::Bool(_) | Value::Object(_))) => {
            vec![v.clone()]
        }
        _ => return Err("a property needs a value `v`".into()),
    };
    Ok((pid.to_owned(), values))
}

/// Whether `concept` has one of `values` for `pid`: a linked concept given by id, IRI or
/// one of its labels; a status or notation as written, once normalised.
fn holds(index: &Index, concept: u32, pid: &str, values: &[Value]) -> bool {
    let c = &index.concepts[concept as usize];
    let texts = values.iter().filter_map(|v| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Object(o) => o.get("id").and_then(Value::as_str).map(str::to_owned),
        _ => None,
    });
    let same = |a: &str, b: &str| key(&normalize(a)) == key(&normalize(b));
    let links = match pid {
        "broader" => &c.broader,
        "narrower" => &c.narrower,
        "related" => &c.related,
        "status" => {
            return texts
                .into_iter()
                .any(|v| c.status.as_deref().is_some_and(|s| same(s, &v)))
        }
        "notation" => {
            return texts
                .into_iter()
                .any(|v| c.notations.iter().any(|n| same(n, &v)))
        }
        _ => return false,
    };
    texts.into_iter().any(|v| {
        links.iter().any(|link| match link {
            Link::Outside(iri) => *iri == v,
            Link::Concept(other) => {
                let o = &index.concepts[*other as usize];
                o.slug == v
                    || o.iri == v
                    || o.labels
                        .values()
                        .any(|(pref, alts)| pref.iter().chain(alts).any(|label| same(label, &v)))
            }
        })
    })
}

/// A key of the batch as an error names it: cut short, never more than 40 characters.
fn short(k: &str) -> String {
    let mut out: String = k.chars().take(40).collect();
    if out.len() < k.len() {
        out.push('…');
    }
    serde_json::to_string(&out).unwrap_or_default()
}

/// Type ids by number, for [`Service`]'s tables.
pub fn type_ids(index: &Index) -> BTreeMap<u32, (String, String)> {
    let mut out = BTreeMap::new();
    out.insert(
        CONCEPT,
        (
            crate::rdf::vocab::skos::CONCEPT.as_str().to_owned(),
            "Concept".to_owned(),
        ),
    );
    for (i, s) in index.schemes.iter().enumerate() {
        out.insert(i as u32 + 1, (s.iri.clone(), s.name.clone()));
    }
    out
}
