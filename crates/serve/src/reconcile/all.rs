//! The reconciliation service of several glossaries at once (`/reconcile` when `serve`
//! serves more than one): each glossary a type, and every answer made by asking each
//! glossary's own [`Service`] and putting their answers together.
//!
//! The entities' ids are the concepts' IRIs, not their slugs: two glossaries may have the
//! same slug, never (`serve` refuses it) the same IRI, and every [`Service`] takes an IRI
//! wherever it takes an id. A type that is a glossary's id keeps a query to that glossary;
//! the others (`skos:Concept`, a scheme's IRI) are asked of every glossary. Candidates are
//! merged by score, a glossary's before the next's on a tie, and one stays `match` only if
//! it is first and ahead of the second: the same label in two glossaries is for a person to
//! decide.

use serde_json::{json, Map, Value};

use super::{BadRequest, Service, DEFAULT_LIMIT, MAX_LIMIT};
use crate::reconcile::index::Index;

/// One glossary of those served.
pub struct Member<'a> {
    /// Its id: its type's id.
    pub id: &'a str,
    /// Its title: its type's name.
    pub title: &'a str,
    pub service: &'a Service,
}

/// The glossaries served, in the order given.
pub struct All<'a>(pub Vec<Member<'a>>);

/// The concept ids (slugs) of `index` in `value`, wherever an object has them as its `id`,
/// changed into their IRIs.
fn to_iris(value: &mut Value, index: &Index) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(id)) = map.get_mut("id") {
                // A type's id is an IRI; a feature's is not in an entity's place.
                if let Some(c) = index.concept(id).filter(|_| !id.contains(':')) {
                    let concept = &index.concepts[c as usize];
                    if concept.slug == *id {
                        id.clone_from(&concept.iri);
                    }
                }
            }
            for (k, v) in map.iter_mut() {
                if k != "features" {
                    to_iris(v, index);
                }
            }
        }
        Value::Array(list) => list.iter_mut().for_each(|v| to_iris(v, index)),
        _ => {}
    }
}

impl All<'_> {
    fn member(&self, id: &str) -> Option<&Member<'_>> {
        self.0.iter().find(|m| m.id == id)
    }

    /// The member whose glossary has the concept `id` (an IRI, or a slug: the first that has
    /// it).
    fn owner(&self, id: &str) -> Option<&Member<'_>> {
        self.0
            .iter()
            .find(|m| m.service.index().concept(id).is_some())
    }

    fn glossary_type(member: &Member<'_>) -> Value {
        json!({ "id": member.id, "name": member.title })
    }

    /// The manifest: the glossaries as the default types, the concepts viewed at their IRIs.
    pub fn manifest(&self, root: &str) -> Value {
        let types: Vec<Value> = self.0.iter().map(Self::glossary_type).collect();
        let titles: Vec<&str> = self.0.iter().map(|m| m.title).collect();
        super::manifest(
            &format!("glossgraph: {}", titles.join(", ")),
            crate::rdf::vocab::skos::CONCEPT.as_str(),
            types,
            "{{id}}",
            root,
        )
    }

    /// Splits a query's types into the glossaries' ids it names and the others.
    fn glossaries_in(&self, types: Option<&Value>) -> (Vec<String>, Option<Value>) {
        let list: Vec<Value> = match types {
            Some(Value::Array(list)) => list.clone(),
            Some(Value::Null) | None => return (Vec::new(), types.cloned()),
            Some(one) => vec![one.clone()],
        };
        let (ours, others): (Vec<Value>, Vec<Value>) = list
            .into_iter()
            .partition(|t| t.as_str().is_some_and(|t| self.member(t).is_some()));
        let ours = ours
            .into_iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect();
        let others = match others.len() {
            0 => None,
            1 if !matches!(types, Some(Value::Array(_))) => others.into_iter().next(),
            _ => Some(Value::Array(others)),
        };
        (ours, others)
    }

    /// A batch of reconciliation queries, asked of every glossary (or of the ones a
    /// query's type names).
    ///
    /// # Errors
    /// What the first glossary's service says of a malformed batch.
    pub fn reconcile(&self, queries: &str) -> Result<Value, BadRequest> {
        let first = &self.0[0];
        let Ok(Value::Object(batch)) = serde_json::from_str::<Value>(queries) else {
            // Not an object of queries: the one service says why.
            return first.service.reconcile(queries);
        };
        let mut merged: Map<String, Value> = batch.keys().map(|k| (k.clone(), json!([]))).collect();
        let mut limits: Map<String, Value> = Map::new();
        for member in &self.0 {
            let mut sub = Map::new();
            for (k, query) in &batch {
                let mut query = query.clone();
                if let Value::Object(fields) = &mut query {
                    let (ours, others) = self.glossaries_in(fields.get("type"));
                    if !ours.is_empty() && !ours.iter().any(|id| id == member.id) {
                        continue;
                    }
                    match others {
                        Some(t) => fields.insert("type".into(), t),
                        None => fields.remove("type"),
                    };
                    let limit = fields
                        .get("limit")
                        .and_then(Value::as_u64)
                        .map_or(DEFAULT_LIMIT, |n| n as usize);
                    limits.insert(k.clone(), json!(limit));
                }
                sub.insert(k.clone(), query);
            }
            if sub.is_empty() {
                continue;
            }
            let mut answer = member.service.reconcile(&Value::Object(sub).to_string())?;
            to_iris(&mut answer, member.service.index());
            let Value::Object(answer) = answer else {
                continue;
            };
            for (k, mut result) in answer {
                let Some(Value::Array(candidates)) = result.get_mut("result").map(Value::take)
                else {
                    continue;
                };
                let into = merged.entry(k).or_insert_with(|| json!([]));
                for mut c in candidates {
                    if let Some(Value::Array(types)) = c.get_mut("type") {
                        types.insert(0, Self::glossary_type(member));
                    }
                    if let Value::Array(list) = into {
                        list.push(c);
                    }
                }
            }
        }
        let mut out = Map::new();
        for (k, candidates) in merged {
            let Value::Array(mut list) = candidates else {
                continue;
            };
            let score = |c: &Value| c.get("score").and_then(Value::as_f64).unwrap_or(0.0);
            // Stable: on a tie, the glossary given first.
            list.sort_by(|a, b| score(b).total_cmp(&score(a)));
            let limit = limits
                .get(&k)
                .and_then(Value::as_u64)
                .map_or(DEFAULT_LIMIT, |n| n as usize);
            list.truncate(limit.min(MAX_LIMIT));
            let ahead = match list.as_slice() {
                [first, second, ..] => score(first) > score(second),
                _ => true,
            };
            for (i, c) in list.iter_mut().enumerate() {
                let was = c.get("match").and_then(Value::as_bool).unwrap_or(false);
                c["match"] = json!(was && i == 0 && ahead);
            }
            out.insert(k, json!({ "result": list }));
        }
        Ok(Value::Object(out))
    }

    /// Suggest entities: each glossary's, in turn, the glossary a type names alone.
    ///
    /// # Errors
    /// Those of [`Service::suggest_entity`].
    pub fn suggest_entity(
        &self,
        prefix: &str,
        type_id: Option<&str>,
        cursor: usize,
        limit: Option<usize>,
    ) -> Result<Value, BadRequest> {
        let limit = limit.unwrap_or(10).clamp(1, MAX_LIMIT);
        let (members, type_id): (Vec<&Member<'_>>, Option<&str>) =
            match type_id.and_then(|t| self.member(t)) {
                Some(m) => (vec![m], None),
                None => (self.0.iter().collect(), type_id),
            };
        let mut lists = Vec::new();
        for m in members {
            let mut answer = m.service.suggest_entity(
                prefix,
                type_id,
                0,
                Some((cursor + limit).min(MAX_LIMIT)),
            )?;
            to_iris(&mut answer, m.service.index());
            let mut list = match answer.get_mut("result").map(Value::take) {
                Some(Value::Array(list)) => list,
                _ => Vec::new(),
            };
            for item in &mut list {
                if let Some(Value::Array(notable)) = item.get_mut("notable") {
                    notable.insert(0, Self::glossary_type(m));
                }
            }
            lists.push(list.into_iter());
        }
        // One of each glossary's in turn, best first.
        let mut result = Vec::new();
        loop {
            let before = result.len();
            for list in &mut lists {
                result.extend(list.next());
            }
            if result.len() == before {
                break;
            }
        }
        let result: Vec<Value> = result.into_iter().skip(cursor).take(limit).collect();
        Ok(json!({ "result": result }))
    }

    /// Suggest types: the glossaries whose id or title has the prefix, then the glossaries'
    /// own types.
    ///
    /// # Errors
    /// Those of [`Service::suggest_type`].
    pub fn suggest_type(
        &self,
        prefix: &str,
        cursor: usize,
        limit: Option<usize>,
    ) -> Result<Value, BadRequest> {
        let mut types: Vec<(String, String)> = self
            .0
            .iter()
            .map(|m| (m.id.to_owned(), m.title.to_owned()))
            .collect();
        for m in &self.0 {
            for (id, name) in m.service.types.values() {
                if !types.iter().any(|(t, _)| t == id) {
                    types.push((id.clone(), name.clone()));
                }
            }
        }
        super::extend::suggested(types, prefix, cursor, limit)
    }

    /// Every glossary's properties, each once.
    fn properties(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for m in &self.0 {
            for p in m.service.properties() {
                if !out.iter().any(|(id, _)| *id == p.0) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// Suggest properties, of every glossary.
    ///
    /// # Errors
    /// A prefix too long.
    pub fn suggest_property(
        &self,
        prefix: &str,
        cursor: usize,
        limit: Option<usize>,
    ) -> Result<Value, BadRequest> {
        super::extend::suggested(self.properties(), prefix, cursor, limit)
    }

    /// The properties data extension offers for a type: a glossary's, or any other type's.
    ///
    /// # Errors
    /// A type no glossary has.
    pub fn propose(&self, type_id: &str, limit: Option<usize>) -> Result<Value, BadRequest> {
        let known = self.member(type_id).is_some()
            || self
                .0
                .iter()
                .any(|m| m.service.propose(type_id, Some(1)).is_ok());
        if !known {
            return Err(BadRequest::new(
                "type: not a type of this service (see the manifest's defaultTypes)",
            ));
        }
        Ok(super::extend::proposal(type_id, self.properties(), limit))
    }

    /// Data extension: each id's row from the glossary that has it, every property asked
    /// for in every row (empty where its glossary lacks it).
    ///
    /// # Errors
    /// A malformed query; a property no glossary has.
    pub fn extend(&self, extend: &str) -> Result<Value, BadRequest> {
        let first = &self.0[0];
        let query: Value = match serde_json::from_str(extend) {
            Ok(q) => q,
            Err(_) => return first.service.extend(extend),
        };
        let (Some(ids), Some(asked)) = (
            query.get("ids").and_then(Value::as_array),
            query.get("properties").and_then(Value::as_array),
        ) else {
            return first.service.extend(extend);
        };
        if ids.len() > super::MAX_BATCH || asked.len() > super::MAX_VALUES {
            return first.service.extend(extend);
        }
        let known = self.properties();
        let mut pids = Vec::new();
        for p in asked {
            let Some(pid) = p.get("id").and_then(Value::as_str) else {
                return first.service.extend(extend);
            };
            if !known.iter().any(|(id, _)| id == pid) {
                return Err(BadRequest::new(
                    "extend: an unknown property (see /reconcile/properties?type=…)",
                ));
            }
            pids.push(pid.to_owned());
        }
        let mut meta: Vec<Value> = Vec::new();
        let mut rows = Map::new();
        for id in ids {
            let Some(id) = id.as_str() else {
                return Err(BadRequest::new("extend: an id must be a string"));
            };
            let empty: Map<String, Value> = pids.iter().map(|p| (p.clone(), json!([]))).collect();
            rows.insert(id.to_owned(), Value::Object(empty));
        }
        for m in &self.0 {
            let mine: Vec<&str> = rows
                .keys()
                .filter(|id| self.owner(id).is_some_and(|o| o.id == m.id))
                .map(String::as_str)
                .collect();
            let theirs: Vec<(String, String)> = m.service.properties();
            let props: Vec<Value> = pids
                .iter()
                .filter(|p| theirs.iter().any(|(id, _)| id == *p))
                .map(|p| json!({ "id": p }))
                .collect();
            if mine.is_empty() || props.is_empty() {
                continue;
            }
            let mut answer = m
                .service
                .extend(&json!({ "ids": mine, "properties": props }).to_string())?;
            to_iris(&mut answer["rows"], m.service.index());
            for item in answer["meta"].as_array().into_iter().flatten() {
                if !meta.iter().any(|x| x["id"] == item["id"]) {
                    meta.push(item.clone());
                }
            }
            if let Some(Value::Object(found)) = answer.get_mut("rows").map(Value::take) {
                for (id, row) in found {
                    let Value::Object(row) = row else { continue };
                    if let Some(Value::Object(into)) = rows.get_mut(&id) {
                        into.extend(row);
                    }
                }
            }
        }
        // The meta in the order asked for, a property no id's glossary has named too.
        let meta: Vec<Value> = pids
            .iter()
            .map(|p| {
                meta.iter()
                    .find(|m| m["id"] == **p)
                    .cloned()
                    .unwrap_or_else(|| {
                        let name = known.iter().find(|(id, _)| id == p).map(|(_, n)| n.clone());
                        json!({ "id": p, "name": name })
                    })
            })
            .collect();
        Ok(json!({ "meta": meta, "rows": rows }))
    }

    /// The preview of a concept, from the glossary that has it.
    pub fn preview(&self, id: &str) -> Option<String> {
        self.owner(id)?.service.preview(id)
    }
}
