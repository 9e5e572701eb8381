//! What the service tells of its concepts besides candidates: suggestions as a name is typed,
//! a preview, and data extension (a concept's fields fetched into columns).
//!
//! The properties of data extension, proposed by `/reconcile/properties` for every type:
//! `definition`, `status`, `notation`, `iri`, the linked concepts `broader`, `narrower` and
//! `related` (as entities of the service, or as IRIs when they are outside the glossary), and
//! `prefLabel@TAG`, `altLabel@TAG` for each language of the cards.

use std::collections::BTreeSet;

use glossgraph_core::suggest::Distance;
use serde_json::{json, Map, Value};

use super::index::Link;
use super::text::{key, normalize};
use super::{query, BadRequest, Service, MAX_BATCH, MAX_LIMIT, MAX_QUERY, MAX_VALUES};
use crate::export::html::escape_html;

/// The data extension's properties besides the labels, with their names.
const FIELDS: [(&str, &str); 7] = [
    ("definition", "definition"),
    ("status", "status"),
    ("notation", "notation"),
    ("iri", "IRI"),
    ("broader", "broader concepts"),
    ("narrower", "narrower concepts"),
    ("related", "related concepts"),
];

/// Suggestions a page holds when the client does not say.
const PAGE: usize = 10;

impl Service {
    /// Concepts whose labels start with `prefix` (then, to fill the page, those near it),
    /// of the type `type_id` if one is given (OpenRefine sends the column's), `limit` of them
    /// from the `cursor`-th.
    ///
    /// # Errors
    /// A prefix longer than [`MAX_QUERY`].
    pub fn suggest_entity(
        &self,
        prefix: &str,
        type_id: Option<&str>,
        cursor: usize,
        limit: Option<usize>,
    ) -> Result<Value, BadRequest> {
        let limit = page(prefix, limit)?;
        let of_type = |c: &u32| match type_id.map(|t| self.type_of(t)) {
            None | Some(Some(query::CONCEPT)) => true,
            Some(Some(t)) => self.index.concepts[*c as usize].schemes.contains(&(t - 1)),
            Some(None) => false,
        };
        let wanted = cursor + limit;
        let most = if type_id.is_some() {
            usize::MAX
        } else {
            wanted
        };
        let mut concepts: Vec<u32> = self
            .index
            .prefixed(&key(&normalize(prefix)), most)
            .into_iter()
            .filter(of_type)
            .take(wanted)
            .collect();
        if concepts.len() < wanted {
            for found in self.index.search(prefix, &mut Distance::default()) {
                if !concepts.contains(&found.concept) && of_type(&found.concept) {
                    concepts.push(found.concept);
                }
            }
        }
        let result: Vec<Value> = concepts
            .into_iter()
            .skip(cursor)
            .take(limit)
            .map(|c| {
                let concept = &self.index.concepts[c as usize];
                let mut item = json!({
                    "id": concept.slug,
                    "name": concept.name,
                    "notable": self.types_of(c),
                });
                if !concept.definition.is_empty() {
                    item["description"] = json!(super::summary(&concept.definition));
                }
                item
            })
            .collect();
        Ok(json!({ "result": result }))
    }

    /// Types whose name or id contains `prefix`.
    ///
    /// # Errors
    /// A prefix longer than [`MAX_QUERY`].
    pub fn suggest_type(
        &self,
        prefix: &str,
        cursor: usize,
        limit: Option<usize>,
    ) -> Result<Value, BadRequest> {
        let types = self.types.values().cloned();
        suggested(types, prefix, cursor, limit)
    }

    /// Properties whose name or id contains `prefix`: those of queries and of extension.
    ///
    /// # Errors
    /// A prefix longer than [`MAX_QUERY`].
    pub fn suggest_property(
        &self,
        prefix: &str,
        cursor: usize,
        limit: Option<usize>,
    ) -> Result<Value, BadRequest> {
        suggested(self.properties(), prefix, cursor, limit)
    }

    /// The properties of data extension, by id, with their names.
    pub(crate) fn properties(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = FIELDS
            .iter()
            .map(|(id, name)| ((*id).to_owned(), (*name).to_owned()))
            .collect();
        let tags: BTreeSet<&str> = self
            .index
            .concepts
            .iter()
            .flat_map(|c| c.labels.keys().map(String::as_str))
            .collect();
        for tag in tags {
            let shown = if tag.is_empty() { "no language" } else { tag };
            out.push((
                format!("prefLabel@{tag}"),
                format!("preferred label ({shown})"),
            ));
            out.push((
                format!("altLabel@{tag}"),
                format!("alternative labels ({shown})"),
            ));
        }
        out
    }

    /// The properties proposed for extending entities of type `type_id`.
    ///
    /// # Errors
    /// An unknown type, a bad limit.
    pub fn propose(&self, type_id: &str, limit: Option<usize>) -> Result<Value, BadRequest> {
        if self.type_of(type_id).is_none() {
            return Err(BadRequest::new(
                "type: not a type of this service (see the manifest's defaultTypes)",
            ));
        }
        Ok(proposal(type_id, self.properties(), limit))
    }

    /// The answer to a data extension query (`extend`, the JSON the client sent).
    ///
    /// # Errors
    /// Not JSON, not of the query's shape, too many ids or properties, an unknown property.
    pub fn extend(&self, extend: &str) -> Result<Value, BadRequest> {
        let bad = |what: &str| BadRequest::new(format!("extend: {what}"));
        let query: Value = serde_json::from_str(extend).map_err(|_| bad("not JSON"))?;
        let ids = query
            .get("ids")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("`ids` must be a list of entity ids"))?;
        if ids.len() > MAX_BATCH {
            return Err(bad(&format!("more than {MAX_BATCH} ids")));
        }
        let asked = query
            .get("properties")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("`properties` must be a list of {\"id\": …}"))?;
        if asked.len() > MAX_VALUES {
            return Err(bad(&format!("more than {MAX_VALUES} properties")));
        }
        let known = self.properties();
        let mut meta = Vec::new();
        let mut pids = Vec::new();
        for p in asked {
            let pid = p
                .get("id")
                .and_then(Value::as_str)
                .ok_or_else(|| bad("a property needs an `id`"))?;
            let (_, name) = known
                .iter()
                .find(|(id, _)| id == pid)
                .ok_or_else(|| bad("an unknown property (see /reconcile/properties?type=…)"))?;
            let mut m = json!({ "id": pid, "name": name });
            if matches!(pid, "broader" | "narrower" | "related") {
                let (id, name) = &self.types[&query::CONCEPT];
                m["type"] = json!({ "id": id, "name": name });
            }
            meta.push(m);
            pids.push(pid);
        }
        let mut rows = Map::new();
        for id in ids {
            let id = id.as_str().ok_or_else(|| bad("an id must be a string"))?;
            let mut row = Map::new();
            for pid in &pids {
                row.insert((*pid).to_owned(), Value::Array(self.values(id, pid)));
            }
            rows.insert(id.to_owned(), Value::Object(row));
        }
        Ok(json!({ "meta": meta, "rows": rows }))
    }

    /// The values of property `pid` of the concept `id` (none when the service has no such
    /// concept).
    fn values(&self, id: &str, pid: &str) -> Vec<Value> {
        let Some(c) = self.index.concept(id) else {
            return Vec::new();
        };
        let concept = &self.index.concepts[c as usize];
        let strings = |texts: &mut dyn Iterator<Item = &String>| {
            texts
                .filter(|t| !t.is_empty())
                .map(|t| json!({ "str": t }))
                .collect()
        };
        let links = |links: &[Link]| {
            links
                .iter()
                .map(|l| match l {
                    Link::Concept(other) => {
                        let o = &self.index.concepts[*other as usize];
                        json!({ "id": o.slug, "name": o.name })
                    }
                    Link::Outside(iri) => json!({ "str": iri }),
                })
                .collect()
        };
        match pid {
            "definition" => strings(&mut std::iter::once(&concept.definition)),
            "status" => strings(&mut concept.status.iter()),
            "notation" => strings(&mut concept.notations.iter()),
            "iri" => strings(&mut std::iter::once(&concept.iri)),
            "broader" => links(&concept.broader),
            "narrower" => links(&concept.narrower),
            "related" => links(&concept.related),
            _ => {
                let (kind, tag) = pid.split_once('@').unwrap_or_default();
                match (kind, concept.labels.get(tag)) {
                    ("prefLabel", Some((pref, _))) => strings(&mut pref.iter()),
                    ("altLabel", Some((_, alts))) => strings(&mut alts.iter()),
                    _ => Vec::new(),
                }
            }
        }
    }

    /// A small HTML page of the concept `id`, every text escaped; `None` when there is none.
    pub fn preview(&self, id: &str) -> Option<String> {
        let concept = &self.index.concepts[self.index.concept(id)? as usize];
        let language = escape_html(&self.index.language);
        let mut out = format!(
            "<!DOCTYPE html>\n<html lang=\"{language}\"><head><meta charset=\"utf-8\">\
             <title>{name}</title><style>body{{font:14px/1.4 sans-serif;margin:8px;\
             overflow:hidden}}h1{{font-size:16px;margin:0 0 4px}}p{{margin:0 0 4px}}\
             .aka,.status{{color:#555}}</style></head><body>\n<h1>{name}</h1>\n",
            name = escape_html(&concept.name)
        );
        if let Some((_, alts)) = concept.labels.get(&self.index.language) {
            if !alts.is_empty() {
                let alts: Vec<String> = alts.iter().map(|a| escape_html(a)).collect();
                out.push_str(&format!("<p class=\"aka\">{}</p>\n", alts.join(" · ")));
            }
        }
        if !concept.definition.is_empty() {
            out.push_str(&format!(
                "<p>{}</p>\n",
                escape_html(&super::summary(&concept.definition))
            ));
        }
        if let Some(status) = &concept.status {
            out.push_str(&format!(
                "<p class=\"status\">status: {}</p>\n",
                escape_html(status)
            ));
        }
        out.push_str("</body></html>\n");
        Some(out)
    }
}

/// The size of a suggest page: `limit`, at most [`MAX_LIMIT`]; the prefix checked.
/// The (id, name) pairs whose name or id contains `prefix` (compared folded), the page from
/// `cursor`: a suggest service's answer.
///
/// # Errors
/// A prefix longer than [`MAX_QUERY`].
pub(crate) fn suggested(
    pairs: impl IntoIterator<Item = (String, String)>,
    prefix: &str,
    cursor: usize,
    limit: Option<usize>,
) -> Result<Value, BadRequest> {
    let limit = page(prefix, limit)?;
    let wanted = key(&normalize(prefix));
    let result: Vec<Value> = pairs
        .into_iter()
        .filter(|(id, name)| {
            key(&normalize(name)).contains(&wanted) || key(&normalize(id)).contains(&wanted)
        })
        .skip(cursor)
        .take(limit)
        .map(|(id, name)| json!({ "id": id, "name": name }))
        .collect();
    Ok(json!({ "result": result }))
}

/// The proposal of `properties` for extending entities of type `type_id`, the first
/// `limit` of them.
pub(crate) fn proposal(
    type_id: &str,
    properties: Vec<(String, String)>,
    limit: Option<usize>,
) -> Value {
    let mut properties: Vec<Value> = properties
        .into_iter()
        .map(|(id, name)| json!({ "id": id, "name": name }))
        .collect();
    let mut out = json!({ "type": type_id });
    if let Some(limit) = limit {
        properties.truncate(limit);
        out["limit"] = json!(limit);
    }
    out["properties"] = json!(properties);
    out
}

fn page(prefix: &str, limit: Option<usize>) -> Result<usize, BadRequest> {
    if prefix.chars().count() > MAX_QUERY {
        return Err(BadRequest::new(format!(
            "prefix: longer than {MAX_QUERY} characters"
        )));
    }
    Ok(limit.unwrap_or(PAGE).clamp(1, MAX_LIMIT))
}
