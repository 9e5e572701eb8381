//! What a drawing of a [`View`] holds besides its nodes, for the DOT writer and the SVG
//! writer alike: the title, the groups its boxes stand for (topics, statuses, components),
//! where each node stands on a pinned map, which term links it draws, and what the legend
//! explains.

use std::collections::BTreeMap;

use petgraph::graph::NodeIndex;
use petgraph::unionfind::UnionFind;

use super::{Cluster, Selection, View};
use crate::config::Config;
use crate::graph::Link;
use crate::map::{TOPIC_LABEL as CLUSTER_LABEL, TOPIC_MARGIN as CLUSTER_MARGIN};
use crate::Glossary;

/// The title of a drawing: the glossary's, or for a term's neighbourhood, what it shows.
pub(crate) fn title(
    glossary: &Glossary,
    config: &Config,
    view: &View,
    selection: &Selection,
) -> String {
    match selection.focus {
        Some(node) => {
            let term = glossary
                .card(node)
                .map_or(glossary.slug(node), |c| c.term());
            format!(
                "{term}: terms within {} link{} · {}",
                view.depth,
                if view.depth == 1 { "" } else { "s" },
                config.title
            )
        }
        None => config.title.clone(),
    }
}

/// The boxes of `view` (by status, topic or component), each with its title and nodes; none
/// without clusters.
pub(crate) fn groups(
    glossary: &Glossary,
    config: &Config,
    view: &View,
    selection: &Selection,
) -> Vec<(String, Vec<NodeIndex>)> {
    match view.cluster {
        Cluster::None => Vec::new(),
        Cluster::Status => status_groups(glossary, config, selection),
        Cluster::Topic => topic_groups(glossary, selection),
        Cluster::Component => component_groups(glossary, selection),
    }
}

/// What a legend explains: the statuses drawn (in the configuration's order, then others;
/// `None` is "no status") and the kinds of link drawn.
pub(crate) struct Legend<'g> {
    pub statuses: Vec<Option<&'g str>>,
    pub supersedes: bool,
    pub related: bool,
    pub broader: bool,
    /// Whether a term link is drawn ([`term_links`]).
    pub term_links: bool,
}

/// The term links a drawing of `selection` draws, as (linking, linked) pairs in card order:
/// one term's text linking another's page ([`Glossary::text_links`]), both terms drawn, that
/// no typed link (`related`, `supersedes`, `broader`, either way) joins already — the typed
/// line says more, and a second line beside it would only thicken the map. Two terms whose
/// texts link each other are two pairs, an arrow each way.
///
/// Most glossaries kept in documentation link their terms only in their texts: without
/// these, their maps were boxes of labels with no line at all.
pub(crate) fn term_links<'a>(
    glossary: &'a Glossary,
    selection: &'a Selection,
) -> impl Iterator<Item = (NodeIndex, NodeIndex)> + 'a {
    let graph = glossary.graph();
    glossary
        .text_links()
        .iter()
        .map(|&(a, b)| (NodeIndex::new(a as usize), NodeIndex::new(b as usize)))
        .filter(move |&(a, b)| {
            selection.contains(a)
                && selection.contains(b)
                && graph.find_edge(a, b).is_none()
                && graph.find_edge(b, a).is_none()
        })
}

impl<'g> Legend<'g> {
    pub(crate) fn of(glossary: &'g Glossary, config: &Config, selection: &Selection) -> Self {
        let mut statuses: Vec<(usize, Option<&str>)> = Vec::new();
        for &node in &selection.nodes {
            if let Some(card) = glossary.card(node) {
                let status = card.status();
                let rank = status
                    .and_then(|s| config.statuses.iter().position(|c| c == s))
                    .unwrap_or(config.statuses.len());
                if !statuses.contains(&(rank, status)) {
                    statuses.push((rank, status));
                }
            }
        }
        statuses.sort_unstable();
        // The legend explains the kinds of link the map draws, and no other.
        let (mut supersedes, mut related, mut broader) = (false, false, false);
        for (a, b, link) in glossary.edges() {
            if selection.contains(a) && selection.contains(b) {
                match link {
                    Link::Supersedes { .. } => supersedes = true,
                    Link::Related { .. } => related = true,
                    Link::Broader { .. } => broader = true,
                }
                if supersedes && related && broader {
                    break;
                }
            }
        }
        Self {
            statuses: statuses.into_iter().map(|(_, s)| s).collect(),
            supersedes,
            related,
            broader,
            term_links: term_links(glossary, selection).next().is_some(),
        }
    }
}

/// Statuses in the order of the configuration, then others by name, then terms without one.
pub(crate) fn status_groups(
    glossary: &Glossary,
    config: &Config,
    selection: &Selection,
) -> Vec<(String, Vec<NodeIndex>)> {
    let mut by_status: BTreeMap<(usize, String), Vec<NodeIndex>> = BTreeMap::new();
    for &node in &selection.nodes {
        let key = match glossary.card(node).map(|c| c.status()) {
            Some(Some(s)) => match config.statuses.iter().position(|c| c == s) {
                Some(i) => (i, s.to_owned()),
                None => (config.statuses.len(), s.to_owned()),
            },
            Some(None) => (usize::MAX - 1, "no status".to_owned()),
            None => (usize::MAX, "not defined".to_owned()),
        };
        by_status.entry(key).or_default().push(node);
    }
    by_status
        .into_iter()
        .map(|((_, label), nodes)| (label, nodes))
        .collect()
}

/// The topics of the drawn terms, largest first (the topic map's order), each named after its
/// centre, with the number of its terms drawn.
pub(crate) fn topic_groups(
    glossary: &Glossary,
    selection: &Selection,
) -> Vec<(String, Vec<NodeIndex>)> {
    let map = glossary.map();
    let mut groups: BTreeMap<usize, Vec<NodeIndex>> = BTreeMap::new();
    for &node in &selection.nodes {
        groups
            .entry(map.topic_index(node.index()))
            .or_default()
            .push(node);
    }
    groups
        .into_iter()
        .map(|(t, nodes)| {
            let topic = &map.topics()[t];
            (crate::map::topic_title(&topic.name, nodes.len()), nodes)
        })
        .collect()
}

/// Where the drawn nodes stand on a pinned map.
pub(crate) struct Places {
    /// Per node index, the centre of its box (only drawn nodes are set).
    pub at: Vec<(f64, f64)>,
    /// Per node index, the width and height of its box.
    pub size: Vec<(f64, f64)>,
    /// The box holding every drawn node and cluster, with room for the legend.
    pub bounds: ((f64, f64), (f64, f64)),
}

impl Places {
    /// The topic map's places for the whole glossary; for a part of it (a focus, a status
    /// filter), a layout of that part alone, with the same topics, so that it fills the page,
    /// weighing the same links as the whole map: the graph's edges and the term links of the
    /// cards' texts ([`Glossary::text_link_edges`]).
    pub(crate) fn of(glossary: &Glossary, selection: &Selection) -> Self {
        let map = glossary.map();
        let count = glossary.graph().node_count();
        let mut at = vec![(0.0, 0.0); count];
        if selection.nodes.len() == count {
            for (i, place) in at.iter_mut().enumerate() {
                *place = map.position(i);
            }
        } else {
            let nodes: Vec<usize> = selection.nodes.iter().map(|n| n.index()).collect();
            let mut local = vec![u32::MAX; count];
            for (k, &n) in nodes.iter().enumerate() {
                local[n] = k as u32;
            }
            let edges = local_links(glossary, selection, &local);
            for (&n, place) in nodes.iter().zip(map.layout_of(&nodes, &edges)) {
                at[n] = place;
            }
        }
        let mut places = Self {
            at,
            size: (0..count).map(|i| map.size(i)).collect(),
            bounds: ((0.0, 0.0), (0.0, 0.0)),
        };
        let ((x0, y0), (x1, y1)) = places.around(&selection.nodes);
        places.bounds = (
            (x0 - CLUSTER_MARGIN, y0 - CLUSTER_MARGIN),
            (x1 + CLUSTER_MARGIN, y1 + CLUSTER_MARGIN),
        );
        places
    }

    /// The box around the label boxes of `nodes`, with a margin and room for a label on top.
    pub(crate) fn around(&self, nodes: &[NodeIndex]) -> ((f64, f64), (f64, f64)) {
        let mut lo = (f64::INFINITY, f64::INFINITY);
        let mut hi = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for node in nodes {
            let (x, y) = self.at[node.index()];
            let (w, h) = self.size[node.index()];
            lo = (lo.0.min(x - w / 2.0), lo.1.min(y - h / 2.0));
            hi = (hi.0.max(x + w / 2.0), hi.1.max(y + h / 2.0));
        }
        (
            (lo.0 - CLUSTER_MARGIN, lo.1 - CLUSTER_MARGIN),
            (hi.0 + CLUSTER_MARGIN, hi.1 + CLUSTER_MARGIN + CLUSTER_LABEL),
        )
    }

    /// [`Places::around`], widened about its middle to hold `title` when that is wider.
    pub(crate) fn titled(&self, nodes: &[NodeIndex], title: &str) -> ((f64, f64), (f64, f64)) {
        let ((mut x0, y0), (mut x1, y1)) = self.around(nodes);
        let need = crate::map::title_width(title);
        if x1 - x0 < need {
            let grow = (need - (x1 - x0)) / 2.0;
            (x0, x1) = (x0 - grow, x1 + grow);
        }
        ((x0, y0), (x1, y1))
    }
}

/// The links a layout of `selection` alone weighs, as the whole map does: the graph's edges
/// and the cards' term links ([`Glossary::text_link_edges`]) between its terms, numbered
/// `local`ly (`u32::MAX` for a term not drawn).
fn local_links(glossary: &Glossary, selection: &Selection, local: &[u32]) -> Vec<(u32, u32, f64)> {
    glossary
        .graph()
        .raw_edges()
        .iter()
        .filter(|e| selection.contains(e.source()) && selection.contains(e.target()))
        .map(|e| {
            let (a, b) = (e.source().index(), e.target().index());
            (local[a], local[b], e.weight.weight())
        })
        .chain(glossary.text_link_edges().filter_map(|(a, b, weight)| {
            let (a, b) = (local[a as usize], local[b as usize]);
            (a != u32::MAX && b != u32::MAX).then_some((a, b, weight))
        }))
        .collect()
}

/// Connected components of the drawn graph (its term links too), largest first (ties: first
/// slug); every term without a drawn link goes into one last group.
pub(crate) fn component_groups(
    glossary: &Glossary,
    selection: &Selection,
) -> Vec<(String, Vec<NodeIndex>)> {
    let mut uf = UnionFind::<u32>::new(glossary.graph().node_count());
    for (a, b, _) in glossary.edges() {
        if selection.contains(a) && selection.contains(b) {
            uf.union(a.index() as u32, b.index() as u32);
        }
    }
    for (a, b) in term_links(glossary, selection) {
        uf.union(a.index() as u32, b.index() as u32);
    }
    let mut groups: BTreeMap<u32, Vec<NodeIndex>> = BTreeMap::new();
    for &node in &selection.nodes {
        groups
            .entry(uf.find(node.index() as u32))
            .or_default()
            .push(node);
    }
    let (mut linked, single): (Vec<Vec<NodeIndex>>, Vec<Vec<NodeIndex>>) =
        groups.into_values().partition(|g| g.len() > 1);
    linked.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
    let mut out: Vec<(String, Vec<NodeIndex>)> = linked
        .into_iter()
        .enumerate()
        .map(|(i, nodes)| {
            let title = crate::map::topic_title(&format!("group {}", i + 1), nodes.len());
            (title, nodes)
        })
        .collect();
    let single: Vec<NodeIndex> = single.into_iter().flatten().collect();
    if !single.is_empty() {
        out.push((crate::map::topic_title("unlinked", single.len()), single));
    }
    out
}

/// A glossary linked in its texts, for the tests of every map: `a` links `b` and `c`, `b`
/// links `a` back, `c` links `d`, which it is also `related` to.
#[cfg(test)]
pub(crate) fn linked_in_texts() -> Glossary {
    use crate::{Card, Draft};
    let card = |slug: &str, definition: &str, related: &[&str]| {
        Card::from(Draft {
            slug: slug.into(),
            term: slug.to_uppercase(),
            definition: definition.into(),
            related: related.iter().map(|s| (*s).to_owned()).collect(),
            ..Draft::default()
        })
    };
    Glossary::new(vec![
        card("a", "Uses [b](../b/) and [the c](../c/).", &[]),
        card("b", "Back to [a](../a/).", &[]),
        card("c", "See [d](../d/).", &["d"]),
        card("d", "Plain.", &[]),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_shows_the_term_links_between_its_terms_that_no_typed_link_joins() {
        let g = linked_in_texts();
        let slugs = |selection: &Selection| -> Vec<(&str, &str)> {
            term_links(&g, selection)
                .map(|(a, b)| (g.slug(a), g.slug(b)))
                .collect()
        };
        let whole = Selection::whole(&g);
        // Each way once; `c` → `d` is drawn as their `related` line.
        assert_eq!(slugs(&whole), [("a", "b"), ("a", "c"), ("b", "a")]);
        let config = Config::default();
        assert!(Legend::of(&g, &config, &whole).term_links);
        let view = View {
            focus: Some("b".into()),
            ..View::default()
        };
        // Without a typed link, `b`'s neighbourhood is `b` alone: nothing to draw.
        let alone = view.select(&g, &config).unwrap();
        assert_eq!(slugs(&alone), []);
        assert!(!Legend::of(&g, &config, &alone).term_links);
        // A part of the map is laid out by its term links too, each pair once, as the whole
        // map is: here `a`, `b`, `d` (local 0, 1, 2), without `c`.
        let part = View {
            focus: Some("a".into()),
            depth: 0,
            ..View::default()
        };
        let mut part = part.select(&g, &config).unwrap();
        for slug in ["b", "d"] {
            let node = g.node(slug).unwrap();
            part.keep[node.index()] = true;
            part.nodes.push(node);
        }
        part.nodes.sort_unstable();
        let local = [0, 1, u32::MAX, 2];
        assert_eq!(
            local_links(&g, &part, &local),
            [(0, 1, crate::map::TERM_LINK_WEIGHT)]
        );
        let local = [0, 1, 2, 3];
        let whole_links = local_links(&g, &whole, &local);
        // The `related` edge, and the term links a–b (once for both ways), a–c and c–d:
        // the layout weighs a term link beside a typed one, as the whole map does.
        assert_eq!(whole_links.len(), 1 + 3, "{whole_links:?}");
    }
}
