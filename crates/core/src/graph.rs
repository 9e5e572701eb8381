//! The glossary as a petgraph graph: what every exporter and query reads.
//!
//! Node `i` is the `i`-th card in slug order, so node order, edge order and everything
//! written from them is the same whatever order the cards were read in. Edges are typed:
//!
//! * [`Link::Related`] once per unordered pair, from the smaller slug to the larger, knowing
//!   whether both cards list the other (`mutual`);
//! * [`Link::Supersedes`] from the old term to its replacement, built from both the old card's
//!   `supersededBy` and the new card's `supersedes`, knowing which of them stated it;
//! * [`Link::Broader`] from the narrower term to the broader one (as `skos:broader` reads,
//!   and as `supersedes` runs from the term that points on), built from both the narrower
//!   card's `broader` and the broader card's `narrower`, knowing which of them stated it.
//!
//! Links to terms that do not exist and self-links are left out (the checker reports them),
//! and so are entries that name a concept outside the glossary by IRI (`broader`/`narrower`,
//! which the hierarchy of [`crate::hierarchy`] keeps, and `related`/`supersedes`/
//! `supersededBy`, which the cards keep); [`Glossary::with_missing`] adds stub nodes for
//! dangling slugs for tools that draw them.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use petgraph::graph::{DiGraph, EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;
use rayon::prelude::*;

use crate::card::{Card, Texts};
use crate::map::{self, TopicMap};

/// A node of the graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// The card at this index of [`Glossary::cards`].
    Term(u32),
    /// A slug that cards link to but no card defines (only with [`Glossary::with_missing`]).
    Missing(String),
}

/// A typed edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Link {
    /// Symmetric association; `mutual` when both cards list each other.
    Related { mutual: bool },
    /// Source is replaced by target; which of the two cards stated it.
    Supersedes { by_old: bool, by_new: bool },
    /// Target is a broader concept than source (source `skos:broader` target); which of the
    /// two cards stated it: the narrower in its `broader`, the broader in its `narrower`.
    Broader { by_narrower: bool, by_broader: bool },
}

impl Link {
    /// The link's weight on the topic map (see [`crate::map`]): a supersession binds two
    /// terms more than an association.
    pub fn weight(self) -> f64 {
        match self {
            Link::Related { .. } => map::RELATED_WEIGHT,
            Link::Supersedes { .. } => map::SUPERSEDES_WEIGHT,
            Link::Broader { .. } => map::HIERARCHY_WEIGHT,
        }
    }

    /// `related`, `supersedes` or `broader`: the edge type every graph export writes.
    pub fn kind(self) -> &'static str {
        match self {
            Link::Related { .. } => "related",
            Link::Supersedes { .. } => "supersedes",
            Link::Broader { .. } => "broader",
        }
    }

    /// Whether the link runs one way (`supersedes`, `broader`), not both (`related`).
    pub fn is_directed(self) -> bool {
        !matches!(self, Link::Related { .. })
    }
}

/// How many edges of each kind a glossary's graph has ([`Glossary::edge_counts`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EdgeCounts {
    pub related: usize,
    pub supersedes: usize,
    pub broader: usize,
}

/// The cards of a glossary and the graph between them.
#[derive(Debug, Clone)]
pub struct Glossary {
    cards: Vec<Card>,
    graph: DiGraph<Node, Link, u32>,
    links: Links,
    slugs: Slugs,
    /// The topic map, made on first use ([`Glossary::map`]).
    map: OnceLock<TopicMap>,
    /// The term links of the cards' texts as (card, card) pairs: those `check` found, with
    /// the glossary's base IRI, else read on first use ([`Glossary::text_links`]).
    text_links: OnceLock<Vec<(u32, u32)>>,
}

/// Every card's slug again, end to end in node order.
///
/// The exporters write the slug of the term at the other end of every link, a card picked at
/// random: read from the card, that is two cache misses (the card, then its text) per link.
/// This table costs a few bytes per term (about 3 MB for 100k generated terms) and stays in
/// the processor's cache far longer.
#[derive(Debug, Clone, Default)]
struct Slugs {
    text: String,
    /// Where slug `i` starts (`posts[i]`) and ends (`posts[i + 1]`).
    posts: Vec<usize>,
}

impl Slugs {
    fn new(cards: &[Card]) -> Self {
        let mut text = String::with_capacity(cards.iter().map(|c| c.slug().len()).sum());
        let mut posts = Vec::with_capacity(cards.len() + 1);
        posts.push(0);
        for card in cards {
            text.push_str(card.slug());
            posts.push(text.len());
        }
        Self { text, posts }
    }

    fn get(&self, i: usize) -> Option<&str> {
        match *self.posts.get(i..i + 2)? {
            [start, end] => Some(&self.text[start..end]),
            _ => None,
        }
    }
}

/// Marks a link target that no card defines, in [`Links`] and [`Glossary::link_targets`].
pub const UNKNOWN: u32 = u32::MAX;

/// The targets of every card's `related` (list 0), `supersedes` (1) and `supersededBy` (2),
/// looked up once, as card indices ([`UNKNOWN`] where no card has the slug). With them,
/// "does the target list this card back?" is a scan of small integers, and a glossary of a
/// million terms is not looked up by string four million times.
#[derive(Debug, Clone)]
pub(crate) struct Links {
    /// Per list: `offsets[i]..offsets[i + 1]` are card `i`'s entries in `targets`.
    lists: [(Vec<u32>, Vec<u32>); 3],
}

impl Links {
    fn new(cards: &[Card]) -> Self {
        // Below this many cards, a second thread costs more than it saves.
        let run = if cards.len() < 1 << 14 {
            cards.len()
        } else {
            1 << 12
        };
        Self::in_runs(cards, run)
    }

    /// [`Links::new`], the cards cut into runs of `run` resolved on the pool: the same result
    /// for any length of run.
    fn in_runs(cards: &[Card], run: usize) -> Self {
        let index: HashMap<&str, u32, BuildHasherDefault<SlugHasher>> = cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.slug(), i as u32))
            .collect();
        let resolve = |run: &[Card]| {
            [0, 1, 2].map(|list| {
                let mut counts = Vec::with_capacity(run.len());
                let mut targets = Vec::new();
                for card in run {
                    let names = match list {
                        0 => card.related(),
                        1 => card.supersedes(),
                        _ => card.superseded_by(),
                    };
                    targets.extend(
                        names
                            .iter()
                            .map(|t| index.get(t).copied().unwrap_or(UNKNOWN)),
                    );
                    counts.push(names.len() as u32);
                }
                (counts, targets)
            })
        };
        // Each look-up waits on memory twice (the table, then the slug it holds), and a
        // million cards link about four million times: the runs are resolved on every core,
        // and joined in order.
        let runs: Vec<_> = if run >= cards.len() {
            vec![resolve(cards)]
        } else {
            cards.par_chunks(run.max(1)).map(resolve).collect()
        };
        let lists = [0, 1, 2].map(|list| {
            let mut offsets = Vec::with_capacity(cards.len() + 1);
            offsets.push(0u32);
            let total = runs.iter().map(|run| run[list].1.len()).sum();
            let mut targets = Vec::with_capacity(total);
            for run in &runs {
                let (counts, part) = &run[list];
                for &n in counts {
                    offsets.push(offsets[offsets.len() - 1] + n);
                }
                targets.extend_from_slice(part);
            }
            (offsets, targets)
        });
        Self { lists }
    }

    /// List `list` (0 `related`, 1 `supersedes`, 2 `supersededBy`) of card `i`, resolved
    /// entry for entry.
    pub(crate) fn of(&self, list: usize, i: usize) -> &[u32] {
        let (offsets, targets) = &self.lists[list];
        &targets[offsets[i] as usize..offsets[i + 1] as usize]
    }
}

/// A multiply-rotate hash of 8 bytes at a time (the scheme of rustc's FxHasher), for slugs:
/// several times cheaper than the default SipHash, and the input is the user's own glossary,
/// not an adversary's.
#[derive(Default)]
pub(crate) struct SlugHasher(u64);

impl Hasher for SlugHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7C_C1_B7_27_22_0A_95;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Glossary {
    /// Builds the graph. Cards are sorted by slug; of several cards with one slug the first
    /// is kept (the checker reports the duplicates).
    ///
    /// # Complexity
    /// O((n + e) log(n + e)) for n cards and e links.
    pub fn new(mut cards: Vec<Card>) -> Self {
        cards.sort_by(|a, b| a.slug().cmp(b.slug()));
        cards.dedup_by(|b, a| a.slug() == b.slug());
        Self::build(cards, false)
    }

    /// The same glossary with a stub node, marked [`Node::Missing`], for each slug that is
    /// linked to but not defined. Stubs come after the terms, in slug order.
    pub fn with_missing(&self) -> Self {
        let glossary = Self::build(self.cards.clone(), true);
        // The cards keep their nodes: the stubs come after them.
        if let Some(links) = self.text_links.get() {
            glossary.keep_text_links(links.clone());
        }
        glossary
    }

    /// The glossary of `cards`, which must already be sorted by slug without duplicates (as
    /// the checker leaves them: checking that again would visit every slug of a million cards
    /// once more), running `alongside` over the cards on the pool while the graph is
    /// built: for work that reads the cards but not the graph.
    pub(crate) fn from_sorted_alongside<T: Send>(
        cards: Vec<Card>,
        alongside: impl FnOnce(&[Card]) -> T + Send,
    ) -> (Self, T) {
        debug_assert!(cards.windows(2).all(|w| w[0].slug() < w[1].slug()));
        let ((graph, links), out) =
            rayon::join(|| Self::graph_of(&cards, false), || alongside(&cards));
        (Self::assemble(cards, graph, links), out)
    }

    fn build(cards: Vec<Card>, stubs: bool) -> Self {
        let (graph, links) = Self::graph_of(&cards, stubs);
        Self::assemble(cards, graph, links)
    }

    /// The glossary of `cards` and the graph built from them (the map is computed on first use).
    fn assemble(cards: Vec<Card>, graph: DiGraph<Node, Link, u32>, links: Links) -> Self {
        Self {
            slugs: Slugs::new(&cards),
            cards,
            graph,
            links,
            map: OnceLock::new(),
            text_links: OnceLock::new(),
        }
    }

    fn graph_of(cards: &[Card], stubs: bool) -> (DiGraph<Node, Link, u32>, Links) {
        let links = Links::new(cards);
        let mut missing: BTreeMap<&str, u32> = BTreeMap::new();
        // (source, target, flags); sorted and merged below, so edge order is fixed.
        let mut related: Vec<(u32, u32, bool)> = Vec::new();
        let mut supersedes: Vec<(u32, u32, bool)> = Vec::new();
        let mut broader: Vec<(u32, u32, bool)> = Vec::new();
        // (card, slug no card has, list: 0 related, 1 supersedes, 2 supersededBy, 3 broader,
        // 4 narrower).
        let mut dangling: Vec<(u32, &str, u8)> = Vec::new();
        for (i, card) in cards.iter().enumerate() {
            let i = i as u32;
            let lists: [(Texts<'_>, u8); 3] = [
                (card.related(), 0),
                (card.supersedes(), 1),
                (card.superseded_by(), 2),
            ];
            for (list, which) in lists {
                let targets = links.of(which as usize, i as usize);
                for (target, &j) in list.iter().zip(targets) {
                    if j == UNKNOWN {
                        // A concept outside the glossary, by IRI: no node, as in `broader`.
                        if stubs && !crate::card::skos::is_iri(target) {
                            missing.insert(target, 0);
                            dangling.push((i, target, which));
                        }
                        continue;
                    }
                    if i == j {
                        continue;
                    }
                    match which {
                        0 => related.push((i.min(j), i.max(j), i < j)),
                        1 => supersedes.push((j, i, false)),
                        _ => supersedes.push((i, j, true)),
                    }
                }
            }
            // The hierarchy, narrower → broader, flagged true when the narrower card states
            // it. Few cards have one: it is looked up here, not kept resolved in `Links`.
            let skos = card.skos();
            for (list, which) in [(&skos.broader, 3u8), (&skos.narrower, 4)] {
                for entry in list.iter().filter(|e| !crate::card::skos::is_iri(e)) {
                    match cards.binary_search_by(|c| c.slug().cmp(entry)) {
                        Ok(j) if j as u32 == i => {}
                        Ok(j) if which == 3 => broader.push((i, j as u32, true)),
                        Ok(j) => broader.push((j as u32, i, false)),
                        Err(_) if stubs => {
                            missing.insert(entry, 0);
                            dangling.push((i, entry, which));
                        }
                        Err(_) => {}
                    }
                }
            }
        }
        let n = cards.len() as u32;
        for (k, id) in missing.values_mut().enumerate() {
            *id = n + k as u32;
        }
        for (i, target, which) in dangling {
            let j = missing[target];
            match which {
                0 => related.push((i, j, true)),
                1 => supersedes.push((j, i, false)),
                2 => supersedes.push((i, j, true)),
                3 => broader.push((i, j, true)),
                _ => broader.push((j, i, false)),
            }
        }
        let count = related.len() + supersedes.len() + broader.len();
        let mut graph = DiGraph::with_capacity(n as usize + missing.len(), count);
        for i in 0..n {
            graph.add_node(Node::Term(i));
        }
        for slug in missing.keys() {
            graph.add_node(Node::Missing((*slug).to_owned()));
        }
        let mut edges: Vec<(u32, u32, Link)> = Vec::with_capacity(count);
        merge(&mut related, |a, b, flags| {
            // A pair stated by both cards has both flags; a stub never states anything.
            let mutual = flags == (true, true);
            edges.push((a, b, Link::Related { mutual }));
        });
        merge(&mut supersedes, |a, b, (by_new, by_old)| {
            edges.push((a, b, Link::Supersedes { by_old, by_new }));
        });
        merge(&mut broader, |a, b, (by_broader, by_narrower)| {
            edges.push((
                a,
                b,
                Link::Broader {
                    by_narrower,
                    by_broader,
                },
            ));
        });
        edges.sort_unstable();
        for (a, b, link) in edges {
            graph.add_edge(NodeIndex::new(a as usize), NodeIndex::new(b as usize), link);
        }
        (graph, links)
    }

    /// Every link of every card, resolved to card indices.
    pub(crate) fn links(&self) -> &Links {
        &self.links
    }

    /// The cards, in slug order; card `i` is node `i`.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The petgraph graph.
    pub fn graph(&self) -> &DiGraph<Node, Link, u32> {
        &self.graph
    }

    /// The links the map reads besides the graph's edges, as `check` reads them for orphans
    /// and clusters: the term links of the cards' texts ([`Glossary::text_links`]), each pair
    /// once (two texts linking each other are one link).
    ///
    /// A glossary imported from a documentation site links its terms in its texts only:
    /// without these, the map drew every term of the Kubernetes glossary as unlinked, where
    /// `check` found them joined. (A thesaurus's hierarchy, which the map once read here
    /// too, is the graph's `broader` edges.) The layout of a part of the map weighs them
    /// too (`Places::of` in the export crate's drawing model).
    pub fn text_link_edges(&self) -> impl Iterator<Item = (u32, u32, f64)> {
        let pair = |a: usize, b: usize| (a.min(b) as u32, a.max(b) as u32);
        let mut texts: Vec<(u32, u32)> = self
            .text_links()
            .iter()
            .map(|&(a, b)| pair(a as usize, b as usize))
            .collect();
        texts.sort_unstable();
        texts.dedup();
        texts
            .into_iter()
            .map(|(a, b)| (a, b, map::TERM_LINK_WEIGHT))
    }

    /// The topic map: each node's topic and place on the page (see [`crate::map`]), made
    /// on first use — by whichever writer needs it first — and kept for the others. Its links
    /// are the graph's edges (the hierarchy among them) and the cards' term links (see
    /// `text_link_edges`).
    pub fn map(&self) -> &TopicMap {
        self.map.get_or_init(|| {
            let n = self.graph.node_count();
            let slugs: Vec<&str> = (0..n).map(|i| self.slug(NodeIndex::new(i))).collect();
            let labels: Vec<&str> = (0..n)
                .map(|i| {
                    let node = NodeIndex::new(i);
                    self.card(node).map_or(self.slug(node), Card::term)
                })
                .collect();
            let mut edges: Vec<(u32, u32, f64)> = self
                .graph
                .raw_edges()
                .iter()
                .map(|e| {
                    let (a, b) = (e.source().index() as u32, e.target().index() as u32);
                    (a, b, e.weight.weight())
                })
                .collect();
            edges.extend(self.text_link_edges());
            TopicMap::new(map::Input {
                slugs: &slugs,
                labels: &labels,
                edges: &edges,
            })
        })
    }

    /// The node of a slug, if a card (or, with stubs, a link) defines it.
    pub fn node(&self, slug: &str) -> Option<NodeIndex> {
        if let Ok(i) = self.cards.binary_search_by(|c| c.slug().cmp(slug)) {
            return Some(NodeIndex::new(i));
        }
        self.graph
            .node_indices()
            .skip(self.cards.len())
            .find(|&n| matches!(&self.graph[n], Node::Missing(s) if s == slug))
    }

    /// The cards that card `i`'s `related` (`list` 0), `supersedes` (1) or `supersededBy`
    /// (2) names, entry for entry, as card indices: [`UNKNOWN`] where no card has the slug
    /// (an IRI, a dangling slug). Looked up once when the graph was built: a writer that
    /// names each target's card needs no look-up by string.
    pub fn link_targets(&self, list: usize, i: usize) -> &[u32] {
        self.links.of(list, i)
    }

    /// The card of a node, or `None` for a stub.
    pub fn card(&self, node: NodeIndex) -> Option<&Card> {
        match self.graph[node] {
            Node::Term(i) => Some(&self.cards[i as usize]),
            Node::Missing(_) => None,
        }
    }

    /// The slug of a node, stub or not.
    pub fn slug(&self, node: NodeIndex) -> &str {
        // Card `i` is node `i` (without reading the node: another cache miss).
        if let Some(slug) = self.slugs.get(node.index()) {
            return slug;
        }
        match &self.graph[node] {
            Node::Term(i) => self.cards[*i as usize].slug(),
            Node::Missing(s) => s,
        }
    }

    /// The card a link target inside a text names, if it is a term link (see
    /// [`crate::card::rules::term_target`]; `term_iris` is where the terms' IRIs start,
    /// `{base}term/`).
    pub fn term_link(&self, target: &str, term_iris: &str) -> Option<usize> {
        let (slug, _) = crate::card::rules::term_target(target, term_iris)?;
        self.cards.binary_search_by(|c| c.slug().cmp(slug)).ok()
    }

    /// The cards that card `i`'s definition and note link to (its term links), in slug order,
    /// without duplicates and without itself.
    ///
    /// Term links are one-way and are not edges of [`Glossary::graph`]: they are read from
    /// the texts by whoever shows or exports them (the map among them).
    pub fn term_links(&self, i: usize, term_iris: &str) -> Vec<usize> {
        let card = &self.cards[i];
        let mut out: Vec<usize> = [card.definition(), card.note()]
            .into_iter()
            .flat_map(crate::card::markdown::links)
            .filter_map(|link| self.term_link(&link.target, term_iris))
            .filter(|&j| j != i)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The term links of every card's texts, as (card, card) pairs: those `check` found (with
    /// the glossary's base IRI, so a link to a term's IRI counts too), else those
    /// [`Glossary::term_links`] finds without the base IRI (`../slug/`, and `/slug/` or
    /// `slug` where that term exists), read once.
    pub fn text_links(&self) -> &[(u32, u32)] {
        self.text_links.get_or_init(|| {
            let mut out = Vec::new();
            for (i, card) in self.cards.iter().enumerate() {
                // A term link needs `](` or a reference's definition (`]:`): most texts have
                // neither and are not parsed.
                let may_link = [card.definition(), card.note()]
                    .iter()
                    .any(|t| t.contains("](") || t.contains("]:"));
                if may_link {
                    out.extend(
                        self.term_links(i, "")
                            .into_iter()
                            .map(|j| (i as u32, j as u32)),
                    );
                }
            }
            out
        })
    }

    /// Keeps `links` as the glossary's term links ([`Glossary::text_links`]), as `check` found
    /// them, unless they were read already.
    pub(crate) fn keep_text_links(&self, links: Vec<(u32, u32)>) {
        let _ = self.text_links.set(links);
    }

    /// For each card, the cards whose texts link to it (see [`Glossary::term_links`]), in slug
    /// order.
    pub fn linked_from(&self, term_iris: &str) -> Vec<Vec<u32>> {
        let mut from = vec![Vec::new(); self.cards.len()];
        for i in 0..self.cards.len() {
            for j in self.term_links(i, term_iris) {
                from[j].push(i as u32);
            }
        }
        from
    }

    /// Edges in their fixed order: by source node, target node, then kind.
    pub fn edges(&self) -> impl Iterator<Item = (NodeIndex, NodeIndex, Link)> + '_ {
        self.graph.edge_indices().map(move |e: EdgeIndex| {
            let (a, b) = self.graph.edge_endpoints(e).expect("edge index in range");
            (a, b, self.graph[e])
        })
    }

    /// Number of edges of each kind.
    pub fn edge_counts(&self) -> EdgeCounts {
        let mut counts = EdgeCounts::default();
        for link in self.graph.edge_weights() {
            match link {
                Link::Related { .. } => counts.related += 1,
                Link::Supersedes { .. } => counts.supersedes += 1,
                Link::Broader { .. } => counts.broader += 1,
            }
        }
        counts
    }

    /// Nodes linked to `node` by any edge, in either direction, sorted.
    pub fn neighbours(&self, node: NodeIndex) -> Vec<NodeIndex> {
        let mut out: Vec<NodeIndex> = self
            .graph
            .edges_directed(node, Direction::Outgoing)
            .map(|e| e.target())
            .chain(
                self.graph
                    .edges_directed(node, Direction::Incoming)
                    .map(|e| e.source()),
            )
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The term and every node within `depth` links of it (any kind, either direction), sorted.
    ///
    /// # Complexity
    /// Breadth-first: O(size of the neighbourhood and its edges).
    pub fn neighbourhood(&self, node: NodeIndex, depth: usize) -> BTreeSet<NodeIndex> {
        let mut seen = BTreeSet::from([node]);
        let mut queue = VecDeque::from([(node, 0)]);
        while let Some((n, d)) = queue.pop_front() {
            if d == depth {
                continue;
            }
            for m in self.neighbours(n) {
                if seen.insert(m) {
                    queue.push_back((m, d + 1));
                }
            }
        }
        seen
    }

    /// Connected components (edges taken as undirected), each sorted, largest first, ties by
    /// their first slug.
    pub fn components(&self) -> Vec<Vec<NodeIndex>> {
        self.components_with(&[])
    }

    /// [`Glossary::components`], with `extra` links (node, node) joining nodes too: the term
    /// links of the cards' texts, which are not edges of the graph.
    pub fn components_with(&self, extra: &[(u32, u32)]) -> Vec<Vec<NodeIndex>> {
        let edges = self
            .graph
            .edge_references()
            .map(|e| {
                let (a, b) = (e.source().index() as u32, e.target().index() as u32);
                (a, b, 1.0)
            })
            .chain(extra.iter().map(|&(a, b)| (a, b, 1.0)));
        let compact = crate::map::csr::Csr::from_edges(self.graph.node_count(), edges);
        let mut out: Vec<Vec<NodeIndex>> = compact
            .components()
            .into_iter()
            .map(|c| c.into_iter().map(|v| NodeIndex::new(v as usize)).collect())
            .collect();
        out.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
        out
    }

    /// The slug of the term that `slug` most likely meant: the closest slug by edit distance,
    /// if it is close enough to be a typo.
    pub fn suggest(&self, slug: &str) -> Option<&str> {
        self.closest(slug).map(|(close, _)| close)
    }

    /// [`Glossary::suggest`], and whether no other slug is as close (a fix may then take it
    /// for what was meant).
    pub fn closest(&self, slug: &str) -> Option<(&str, bool)> {
        crate::suggest::closest(slug, self.cards.iter().map(Card::slug))
    }
}

/// Sorts `(a, b, flag)` triples and calls `f` once per pair with the flags of both directions
/// (`.0`: stated with flag false, `.1`: stated with flag true).
fn merge(items: &mut [(u32, u32, bool)], mut f: impl FnMut(u32, u32, (bool, bool))) {
    items.sort_unstable();
    let mut i = 0;
    while i < items.len() {
        let (a, b, _) = items[i];
        let mut flags = (false, false);
        while i < items.len() && items[i].0 == a && items[i].1 == b {
            if items[i].2 {
                flags.1 = true;
            } else {
                flags.0 = true;
            }
            i += 1;
        }
        f(a, b, flags);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Draft;

    fn card(slug: &str, related: &[&str], supersedes: &[&str], by: &[&str]) -> Card {
        let v = |l: &[&str]| l.iter().map(|s| (*s).to_owned()).collect();
        Card::from(Draft {
            slug: slug.into(),
            term: slug.to_uppercase(),
            definition: "d".into(),
            related: v(related),
            supersedes: v(supersedes),
            superseded_by: v(by),
            ..Draft::default()
        })
    }

    #[test]
    fn text_links_are_read_without_check_and_kept_from_it() {
        let linked = |slug: &str, note: &str| {
            Card::from(Draft {
                slug: slug.into(),
                term: slug.into(),
                definition: "d".into(),
                note: note.into(),
                ..Draft::default()
            })
        };
        let cards = vec![
            linked("a", "See [b](../b/), [c](/c/) and [z](/z/)."),
            linked("b", "See [a](https://g.example/term/a)."),
            linked("c", ""),
        ];
        // Without check, the links of the forms that need no base IRI.
        let g = Glossary::new(cards.clone());
        assert_eq!(g.text_links(), [(0, 1), (0, 2)]);
        // What check found (with the base) is kept, and read by the map.
        let g = Glossary::new(cards);
        g.keep_text_links(vec![(0, 1), (0, 2), (1, 0)]);
        assert_eq!(g.text_links(), [(0, 1), (0, 2), (1, 0)]);
        assert_eq!(g.with_missing().text_links(), [(0, 1), (0, 2), (1, 0)]);
        assert!(g.map().topics().iter().all(|t| !t.unlinked));
    }

    fn sample() -> Glossary {
        Glossary::new(vec![
            card("c", &["a"], &["b"], &[]),
            card("a", &["c", "zz"], &[], &[]),
            card("b", &["b"], &[], &["c"]),
            card("d", &["a"], &[], &[]),
            card("e", &[], &[], &[]),
        ])
    }

    #[test]
    fn links_resolve_the_same_in_runs_of_any_length() {
        let mut cards = vec![
            card("a", &["b", "zz", "a"], &["b"], &["c"]),
            card("b", &["a", "a"], &[], &["zz"]),
            card("c", &[], &["a", "nope"], &[]),
        ];
        for i in 0..200 {
            let next = |k: u32| format!("t{:03}", (i + k) % 200);
            cards.push(card(
                &next(0),
                &[&next(1), &next(7), "a", "missing"],
                &[&next(199)],
                &[&next(1)],
            ));
        }
        cards.sort_by(|a, b| a.slug().cmp(b.slug()));
        let one = Links::in_runs(&cards, cards.len());
        assert_eq!(one.of(0, 0), [1, UNKNOWN, 0]);
        for run in [1, 7, 64] {
            assert_eq!(Links::in_runs(&cards, run).lists, one.lists, "{run}");
        }
    }

    #[test]
    fn nodes_in_slug_order_and_typed_edges() {
        let g = sample();
        let slugs: Vec<&str> = g.cards().iter().map(|c| c.slug()).collect();
        assert_eq!(slugs, ["a", "b", "c", "d", "e"]);
        let edges: Vec<(&str, &str, Link)> = g
            .edges()
            .map(|(a, b, l)| (g.slug(a), g.slug(b), l))
            .collect();
        assert_eq!(
            edges,
            [
                ("a", "c", Link::Related { mutual: true }),
                ("a", "d", Link::Related { mutual: false }),
                (
                    "b",
                    "c",
                    Link::Supersedes {
                        by_old: true,
                        by_new: true
                    }
                ),
            ]
        );
        assert_eq!(
            g.edge_counts(),
            EdgeCounts {
                related: 2,
                supersedes: 1,
                broader: 0
            }
        );
    }

    /// A card with `broader` and `narrower` entries (slugs or IRIs).
    fn in_tree(slug: &str, broader: &[&str], narrower: &[&str]) -> Card {
        let v = |l: &[&str]| l.iter().map(|s| (*s).to_owned()).collect();
        let mut draft = Draft {
            slug: slug.into(),
            term: slug.to_uppercase(),
            definition: "d".into(),
            ..Draft::default()
        };
        draft.skos.broader = v(broader);
        draft.skos.narrower = v(narrower);
        Card::from(draft)
    }

    #[test]
    fn broader_edges_run_from_narrower_to_broader_from_either_side() {
        // Three levels: top > mid > (leaf, other); `leaf` says it from its side only, `mid`
        // from both, `other` from the top's side only; IRIs, self-links and unknown slugs
        // make no edge.
        let g = Glossary::new(vec![
            in_tree("top", &["http://x.example/root"], &["mid"]),
            in_tree("mid", &["top"], &["other", "mid"]),
            in_tree("leaf", &["mid", "ghost"], &[]),
            in_tree("other", &[], &[]),
            card("side", &["top"], &[], &[]),
        ]);
        let edges: Vec<(&str, &str, Link)> = g
            .edges()
            .filter(|(_, _, l)| l.kind() == "broader")
            .map(|(a, b, l)| (g.slug(a), g.slug(b), l))
            .collect();
        let broader = |by_narrower, by_broader| Link::Broader {
            by_narrower,
            by_broader,
        };
        assert_eq!(
            edges,
            [
                ("leaf", "mid", broader(true, false)),
                ("mid", "top", broader(true, true)),
                ("other", "mid", broader(false, true)),
            ]
        );
        assert_eq!(
            g.edge_counts(),
            EdgeCounts {
                related: 1,
                supersedes: 0,
                broader: 3
            }
        );
        assert!(edges.iter().all(|(_, _, l)| l.is_directed()));
        // One component: the hierarchy joins the terms, as `related` joins `side`.
        assert_eq!(g.components().len(), 1);
        // A stub for the unknown slug, none for the IRI.
        let stubs = g.with_missing();
        let ghost = stubs.node("ghost").unwrap();
        assert_eq!(stubs.graph()[ghost], Node::Missing("ghost".into()));
        assert!(stubs.node("http://x.example/root").is_none());
        assert_eq!(stubs.neighbours(ghost), [stubs.node("leaf").unwrap()]);
    }

    #[test]
    fn the_result_does_not_depend_on_input_order() {
        let mut cards = sample().cards().to_vec();
        cards.reverse();
        let g = Glossary::new(cards);
        let a: Vec<_> = g.edges().collect();
        let b: Vec<_> = sample().edges().collect();
        assert_eq!(a, b);
    }

    #[test]
    fn stubs_for_dangling_targets() {
        let g = sample().with_missing();
        let zz = g.node("zz").unwrap();
        assert_eq!(g.graph()[zz], Node::Missing("zz".into()));
        assert!(g.card(zz).is_none());
        assert_eq!(g.neighbours(zz), [g.node("a").unwrap()]);
    }

    #[test]
    fn neighbourhood_and_components() {
        let g = sample();
        let n = |s| g.node(s).unwrap();
        let near: Vec<&str> = g
            .neighbourhood(n("d"), 1)
            .into_iter()
            .map(|x| g.slug(x))
            .collect();
        assert_eq!(near, ["a", "d"]);
        let near2: Vec<&str> = g
            .neighbourhood(n("d"), 2)
            .into_iter()
            .map(|x| g.slug(x))
            .collect();
        assert_eq!(near2, ["a", "c", "d"]);
        let sizes: Vec<usize> = g.components().iter().map(Vec::len).collect();
        assert_eq!(sizes, [4, 1]);
    }

    #[test]
    fn suggestions_catch_typos_only() {
        let g = Glossary::new(vec![
            card("nvme-rdma", &[], &[], &[]),
            card("iwarp", &[], &[], &[]),
        ]);
        assert_eq!(g.suggest("nvme-rmda"), Some("nvme-rdma"));
        assert_eq!(g.suggest("iwrap"), Some("iwarp"));
        assert_eq!(g.suggest("infiniband"), None);
    }
}
