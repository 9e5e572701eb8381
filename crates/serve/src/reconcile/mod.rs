//! The W3C Reconciliation Service API, version 0.2 (the one OpenRefine speaks), over a
//! glossary: which concept a messy label of a spreadsheet means, auto-completion of concept
//! names, small previews, and the concepts' fields fetched into columns (data extension).
//!
//! The entities are the glossary's concepts, their ids the slugs (the IRI is accepted
//! wherever an id is); the types, `skos:Concept` (every concept) and each concept scheme (the
//! concepts in it); the properties, the card's fields ([`extend`]). What a query is compared
//! with, and how it is scored, is [`index`]'s; how a batch is read and answered,
//! [`query`]'s.
//!
//! This module knows JSON and HTML, not HTTP: `serve`'s routes (`/reconcile`, in
//! [`crate::serve`]) read the parameters, pick the answer and wrap it (JSONP, CORS). A
//! [`Service`] is made once per glossary served, when `serve` loads it, and answers every
//! request from its index; a batch of a thousand queries is a thousand look-ups.
//!
//! Every request is bounded: [`MAX_BATCH`] queries a batch, [`MAX_QUERY`] characters a
//! query, [`MAX_LIMIT`] candidates a query, [`MAX_VALUES`] types or property values a query
//! or ids an extension. Past them, or on a malformed request, the answer is a
//! [`BadRequest`], which names the parameter and never echoes what was sent but a short,
//! JSON-escaped key.

pub mod all;
mod extend;
pub(crate) mod index;
mod query;
pub(crate) mod text;

use std::collections::{BTreeMap, HashMap};

use serde_json::{json, Value};

use crate::config::Config;
use crate::Glossary;
use index::Index;
pub use query::{DEFAULT_LIMIT, MATCH, PROPERTIES};

/// Most queries in one batch (`batchSize` of the manifest).
pub const MAX_BATCH: usize = 1000;

/// Most characters of a query's text, and of a suggest prefix.
pub const MAX_QUERY: usize = 500;

/// Most candidates a query or a suggest page may ask for.
pub const MAX_LIMIT: usize = 100;

/// Most types, or property constraints, or values of one property, in a query.
pub const MAX_VALUES: usize = 32;

/// The width and height of a preview, in pixels.
pub const PREVIEW_SIZE: (u32, u32) = (400, 200);

/// A request the service cannot answer, with why: HTTP 400.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRequest(pub String);

impl BadRequest {
    fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }

    /// The error as the answer's JSON body.
    pub fn to_json(&self) -> Value {
        json!({ "status": "error", "message": self.0 })
    }
}

/// The reconciliation service of one glossary.
pub struct Service {
    index: Index,
    /// Type ids and names by number: 0 `skos:Concept`, then the schemes.
    types: BTreeMap<u32, (String, String)>,
    type_numbers: HashMap<String, u32>,
    /// The glossary's title: the service's name.
    title: String,
    identifier_space: String,
}

impl Service {
    /// Indexes `glossary`'s labels.
    pub fn new(glossary: &Glossary, config: &Config) -> Self {
        let index = Index::new(glossary, config);
        let types = query::type_ids(&index);
        let mut type_numbers: HashMap<String, u32> =
            types.iter().map(|(n, (id, _))| (id.clone(), *n)).collect();
        for short in ["Concept", "concept", "skos:Concept"] {
            type_numbers.insert(short.to_owned(), query::CONCEPT);
        }
        Self {
            index,
            types,
            type_numbers,
            title: config.title.clone(),
            identifier_space: config
                .namespace
                .clone()
                .unwrap_or_else(|| format!("{}term/", config.base)),
        }
    }

    /// The label index, which Skosmos's REST API (`crate::skosmos`) answers from too.
    pub(crate) fn index(&self) -> &Index {
        &self.index
    }

    /// The number of the type `id`, if the service has it.
    fn type_of(&self, id: &str) -> Option<u32> {
        self.type_numbers.get(id).copied()
    }

    /// The types of a concept as a candidate lists them: `skos:Concept`, then its schemes.
    fn types_of(&self, concept: u32) -> Vec<Value> {
        let schemes = &self.index.concepts[concept as usize].schemes;
        std::iter::once(query::CONCEPT)
            .chain(schemes.iter().map(|s| s + 1))
            .filter_map(|t| self.types.get(&t))
            .map(|(id, name)| json!({ "id": id, "name": name }))
            .collect()
    }

    /// The service manifest, its URLs under `root` (the absolute URL of `/reconcile`), the
    /// concepts' pages under `site` (the absolute URL of the website).
    pub fn manifest(&self, site: &str, root: &str) -> Value {
        let types: Vec<Value> = self
            .types
            .values()
            .map(|(id, name)| json!({ "id": id, "name": name }))
            .collect();
        let name = if self.title.is_empty() {
            "glossgraph"
        } else {
            &self.title
        };
        manifest(
            name,
            &self.identifier_space,
            types,
            &format!("{site}/term/{{{{id}}}}"),
            root,
        )
    }
}

/// A service manifest: its `name`, `identifierSpace`, `defaultTypes`, the `view` URL of an
/// entity, and the URLs of its services under `root`.
fn manifest(
    name: &str,
    identifier_space: &str,
    types: Vec<Value>,
    view: &str,
    root: &str,
) -> Value {
    json!({
        "versions": ["0.2"],
        "name": name,
        "identifierSpace": identifier_space,
        "schemaSpace": crate::rdf::vocab::skos::NS,
        "serviceVersion": env!("CARGO_PKG_VERSION"),
        "batchSize": MAX_BATCH,
        "defaultTypes": types,
        "view": { "url": view },
        "preview": {
            "url": format!("{root}/preview?id={{{{id}}}}"),
            "width": PREVIEW_SIZE.0,
            "height": PREVIEW_SIZE.1,
        },
        "suggest": {
            "entity": { "service_url": root, "service_path": "/suggest/entity" },
            "type": { "service_url": root, "service_path": "/suggest/type" },
            "property": { "service_url": root, "service_path": "/suggest/property" },
        },
        "extend": {
            "propose_properties": { "service_url": root, "service_path": "/properties" },
            "property_settings": [],
        },
    })
}

/// A definition cut to a description's length: its first 300 characters, at a word.
fn summary(text: &str) -> String {
    const MOST: usize = 300;
    if text.chars().count() <= MOST {
        return text.to_owned();
    }
    let cut: String = text.chars().take(MOST).collect();
    let at = cut.rfind(' ').unwrap_or(cut.len());
    format!("{}…", cut[..at].trim_end())
}
