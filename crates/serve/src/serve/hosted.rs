//! What `serve` answers from: the glossaries served, each with what its answers need made
//! once (its site's plan, its reconciliation service, its Skosmos vocabulary), and the
//! store that holds them all; the ids glossaries may have, and the named graph each is in
//! when several are served.

use std::sync::Arc;

use oxigraph::model::NamedNode;

use super::page;
use crate::config::Config;
use crate::site;
use crate::{Glossary, GlossaryStore};

/// One version of what is served: the glossaries, each with what its answers need made
/// once, and the store that holds them all.
pub(super) struct Served {
    /// In the order given; their ids are distinct.
    pub(super) glossaries: Vec<Arc<Hosted>>,
    /// The SPARQL store: one glossary's graphs per card, or, when several are served, each
    /// whole in a named graph of its own ([`Hosted::graph`]).
    pub(super) store: GlossaryStore,
    /// The query page.
    pub(super) page: String,
    /// Whether this is only a stand-in, empty, for a glossary that had errors from the start.
    pub(super) stand_in: bool,
}

/// One glossary of those served, with what its answers need made once.
pub(crate) struct Hosted {
    /// Its id: the `{vocid}` of Skosmos's paths, `/reconcile/{id}`, and, when several are
    /// served, the folder of its website (`/{id}/`).
    pub(super) id: String,
    pub(super) glossary: Glossary,
    pub(super) config: Config,
    /// Its named graph in the store, when several glossaries are served: its base IRI.
    pub(super) graph: Option<NamedNode>,
    /// The website's A–Z order and prefixes.
    pub(super) plan: site::Plan,
    /// The reconciliation service: the glossary's labels, indexed.
    pub(super) reconcile: crate::reconcile::Service,
    /// The glossary as a vocabulary of Skosmos's REST API, over the same index.
    pub(super) skosmos: crate::skosmos::Vocabulary,
}

impl Hosted {
    pub(super) fn new(input: Input, several: bool) -> Self {
        let Input {
            id,
            glossary,
            config,
        } = input;
        let reconcile = crate::reconcile::Service::new(&glossary, &config);
        let skosmos = crate::skosmos::Vocabulary::new(&id, &glossary, &config, reconcile.index());
        Self {
            graph: several.then(|| graph_iri(&config)),
            plan: site::Plan::new(&glossary, &config),
            reconcile,
            skosmos,
            id,
            glossary,
            config,
        }
    }
}

impl Served {
    pub(super) fn new(glossaries: Vec<Arc<Hosted>>, store: GlossaryStore) -> Self {
        Self {
            page: page(store.config()),
            glossaries,
            store,
            stand_in: false,
        }
    }

    /// The first glossary: the one served, when there is one.
    pub(super) fn first(&self) -> &Hosted {
        &self.glossaries[0]
    }

    /// Whether several glossaries are served.
    pub(super) fn several(&self) -> bool {
        self.glossaries.len() > 1
    }

    /// The glossary of id `id`.
    pub(super) fn hosted(&self, id: &str) -> Option<&Hosted> {
        self.glossaries.iter().map(|g| &**g).find(|g| g.id == id)
    }
}

/// A glossary to serve, with its id and settings.
pub struct Input {
    /// Its id ([`check_id`]).
    pub id: String,
    pub glossary: Glossary,
    pub config: Config,
}

/// The first segments of the paths `serve` answers itself, which no glossary's id may be:
/// with several glossaries, `/{id}/` is the folder of one's website.
pub const RESERVED_IDS: [&str; 11] = [
    "query",
    "sparql",
    "store",
    "update",
    "reconcile",
    "rest",
    "favicon.ico",
    "suggest",
    "preview",
    "properties",
    "term",
];

/// Whether `id` can be a glossary's id: 1 to 64 letters, digits, `-` and `_`, not one of
/// [`RESERVED_IDS`]; why not, otherwise.
///
/// # Errors
/// The reason, as a sentence's end.
pub fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() || id.chars().count() > 64 {
        return Err("an id is 1 to 64 characters".into());
    }
    if !id
        .chars()
        .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    {
        return Err("an id has only letters, digits, `-` and `_`".into());
    }
    if RESERVED_IDS.contains(&id) {
        return Err(format!(
            "`{id}` is a path of serve's own ({})",
            RESERVED_IDS.join(", ")
        ));
    }
    Ok(())
}

/// The named graph [`start_many`] serves a glossary of these settings in, when it serves
/// several: its base IRI.
pub fn graph_iri(config: &Config) -> NamedNode {
    NamedNode::new(config.base.as_str())
        .unwrap_or_else(|_| NamedNode::new_unchecked("urn:glossgraph:glossary"))
}
