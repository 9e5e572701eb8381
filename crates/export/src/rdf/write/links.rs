//! A card's relations as the graph holds them, whichever card states them: `related` both
//! ways (and which of them the card does not list itself), the terms it replaces and those
//! that replace it. The RDF writes them so, and the site's pages show the same lists.

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use crate::graph::{Link, Node};
use crate::Glossary;

/// The related, replaced and replacing terms of a card, each sorted by slug: as the RDF
/// states them, and as the site's pages show them.
pub(crate) struct Links {
    pub(crate) related: Vec<NodeIndex>,
    /// Of `related`, the terms this card does not list itself: the other card states the
    /// link one way (`gx:unlistedRelated`).
    pub(crate) unlisted: Vec<NodeIndex>,
    /// Terms this one replaces (`dcterms:replaces`).
    pub(crate) replaces: Vec<NodeIndex>,
    /// Terms that replace this one (`dcterms:isReplacedBy`).
    pub(crate) replaced_by: Vec<NodeIndex>,
}

impl Links {
    pub(crate) fn of(glossary: &Glossary, node: NodeIndex) -> Self {
        let graph = glossary.graph();
        let mut links = Links {
            related: Vec::new(),
            unlisted: Vec::new(),
            replaces: Vec::new(),
            replaced_by: Vec::new(),
        };
        for dir in [Direction::Outgoing, Direction::Incoming] {
            for e in graph.edges_directed(node, dir) {
                let other = if dir == Direction::Outgoing {
                    e.target()
                } else {
                    e.source()
                };
                if !matches!(graph[other], Node::Term(_)) {
                    continue;
                }
                match (e.weight(), dir) {
                    (Link::Related { mutual }, _) => {
                        links.related.push(other);
                        let card = &glossary.cards()[node.index()];
                        if !mutual && !card.related().iter().any(|r| r == glossary.slug(other)) {
                            links.unlisted.push(other);
                        }
                    }
                    (Link::Supersedes { .. }, Direction::Outgoing) => {
                        links.replaced_by.push(other);
                    }
                    (Link::Supersedes { .. }, Direction::Incoming) => links.replaces.push(other),
                    // The hierarchy is written from [`Hierarchy`], which also knows the
                    // concepts outside the glossary.
                    (Link::Broader { .. }, _) => {}
                }
            }
        }
        // Node order is slug order.
        for list in [
            &mut links.related,
            &mut links.unlisted,
            &mut links.replaces,
            &mut links.replaced_by,
        ] {
            list.sort_unstable();
            list.dedup();
        }
        links
    }
}
