//! Several glossaries in one store, as `serve` holds them when it serves more than one:
//! each whole in a named graph of its own (not a graph per card), their union the default
//! graph, and one of them replaced in one transaction when `serve --watch` reloads it.

use oxigraph::model::{NamedNode, Quad};

use crate::config::Config;
use crate::{GlossaryStore, SparqlError};
use glossgraph_core::Glossary;

/// `quads` moved into the named graph `graph`, whatever graph each was in.
fn in_graph<'a>(
    quads: impl Iterator<Item = Quad> + 'a,
    graph: &'a NamedNode,
) -> impl Iterator<Item = Quad> + 'a {
    quads.map(move |q| Quad::new(q.subject, q.predicate, q.object, graph.clone()))
}

impl GlossaryStore {
    /// Loads several glossaries, each whole into the named graph given with it (not a graph
    /// per card): what `serve` holds when it serves several, their union the default graph.
    /// The first one's settings give the prefixes queries may use undeclared.
    ///
    /// # Errors
    /// Only a failing store.
    pub fn new_many(parts: &[(&Glossary, &Config, NamedNode)]) -> Result<Self, SparqlError> {
        let Some((_, first, _)) = parts.first() else {
            return Self::from_quads(std::iter::empty(), &Config::default());
        };
        Self::streamed(first, || {
            parts.iter().flat_map(|(glossary, config, graph)| {
                in_graph(crate::rdf::write::quads(glossary, config), graph)
            })
        })
    }

    /// The same store, with the named graph `graph` holding `glossary` instead of what it
    /// held, in one transaction: a query sees the graph before or after, never half of it.
    /// `serve --watch` reloads one of several glossaries so.
    ///
    /// # Errors
    /// Only a failing store.
    pub fn with_graph_replaced(
        &self,
        graph: &NamedNode,
        glossary: &Glossary,
        config: &Config,
    ) -> Result<Self, SparqlError> {
        let mut transaction = self.store.start_transaction()?;
        transaction.clear_graph(graph.as_ref())?;
        for quad in in_graph(crate::rdf::write::quads(glossary, config), graph) {
            transaction.insert(&quad);
        }
        transaction.commit()?;
        Ok(Self::around(self.store.clone(), &self.config))
    }
}
