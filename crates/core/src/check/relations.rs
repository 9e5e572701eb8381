//! Relation rules, over the whole glossary: dangling targets, self-links (qSKOS `rrc`),
//! unreciprocated links (`urc`), supersedes cycles (`chr`, reported with the whole path),
//! orphans (`oc`), disconnected clusters (`dcc`), and lifecycle consistency.

use std::collections::{HashMap, HashSet};

use petgraph::algo::tarjan_scc;
use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::{EdgeFiltered, EdgeRef};

use super::at;
use crate::card::skos::is_iri;
use crate::card::{Card, Texts};
use crate::diag::Origin;
use crate::diag::{Edit, Finding, Place, Rule};
use crate::graph::{Link, UNKNOWN};
use crate::hierarchy::Hierarchy;
use crate::Glossary;

/// Which list of a card a link comes from.
#[derive(Clone, Copy)]
enum List {
    Related = 0,
    Supersedes,
    SupersededBy,
}

impl List {
    fn name(self) -> &'static str {
        match self {
            List::Related => "related",
            List::Supersedes => "supersedes",
            List::SupersededBy => "supersededBy",
        }
    }

    fn of(self, card: &Card) -> Texts<'_> {
        match self {
            List::Related => card.related(),
            List::Supersedes => card.supersedes(),
            List::SupersededBy => card.superseded_by(),
        }
    }

    /// The list of the target card that should name this card back.
    fn mirror(self) -> List {
        match self {
            List::Related => List::Related,
            List::Supersedes => List::SupersededBy,
            List::SupersededBy => List::Supersedes,
        }
    }
}

/// What the relation rules read: the glossary, its hierarchy, where each card is, and two
/// things the check found before them. `unjoined` are the terms whose card files could not be
/// read into cards: a link to one is not reported as dangling. `text_links` are the term links
/// of the cards' texts (card, card): they join terms as links do, for orphans and clusters.
pub(super) struct Inputs<'a> {
    pub(super) glossary: &'a Glossary,
    pub(super) tree: &'a Hierarchy,
    pub(super) origins: &'a [Origin],
    pub(super) unjoined: &'a HashSet<String>,
    pub(super) text_links: &'a [(u32, u32)],
}

/// Every relation rule.
pub(super) fn glossary(inputs: &Inputs, out: &mut Vec<Finding>) {
    // Below this many cards, a second thread costs more than it saves.
    glossary_on(inputs, out, inputs.origins.len() >= 1 << 14);
}

/// [`glossary`], its two halves side by side on the pool if `parallel`: the same findings in
/// the same order.
pub(super) fn glossary_on(inputs: &Inputs, out: &mut Vec<Finding>, parallel: bool) {
    let (g, origins) = (inputs.glossary, inputs.origins);
    // The walks over links and the walks over the graph's structure run side by side, their
    // findings joined in the same order as on one thread. The one-way links are split between
    // them: on a glossary written by many hands they are the most findings, each worded. The
    // walk over links takes four fifths of them: the other half also finds cycles, the
    // lifecycle findings and the clusters, and with half each it ran twice as long (100k
    // generated terms, 177,817 findings).
    let edges = g.graph().edge_count();
    let split = edges - edges / 5;
    let over_links = |out: &mut Vec<Finding>| {
        // A missing term is usually named by many cards; its suggestion (a scan of every
        // slug) is made once.
        let mut suggestions = HashMap::new();
        for (i, origin) in origins.iter().enumerate() {
            links(g, &mut suggestions, inputs.unjoined, i, *origin, out);
        }
        one_way(g, origins, 0..split, out);
    };
    let over_structure = |out: &mut Vec<Finding>| {
        one_way(g, origins, split..edges, out);
        cycles(g, origins, out);
        lifecycle(g, origins, out);
        connectivity(inputs, out);
    };
    if !parallel {
        over_links(out);
        over_structure(out);
        return;
    }
    let mut structure = Vec::new();
    rayon::join(|| over_links(out), || over_structure(&mut structure));
    out.extend(structure);
}

fn links<'g>(
    g: &'g Glossary,
    suggestions: &mut HashMap<&'g str, Option<(&'g str, bool)>>,
    unjoined: &HashSet<String>,
    i: usize,
    origin: Origin,
    out: &mut Vec<Finding>,
) {
    let card = &g.cards()[i];
    for list in [List::Related, List::Supersedes, List::SupersededBy] {
        let nodes = g.links().of(list as usize, i);
        // Slugs are unique in the glossary, so a link is judged by its resolved index alone;
        // the cards' strings are read only to word a finding, which most links do not have.
        for (k, &node) in nodes.iter().enumerate() {
            let pointer = || format!("/{}/{k}", list.name());
            let target = || list.of(card).get(k).unwrap_or_default();
            if node == i as u32 {
                // Replacing oneself is a cycle of length one, reported by `cycles`.
                if let List::Related = list {
                    out.push(at(
                        Rule::SelfLink,
                        origin,
                        pointer(),
                        format!("`{}` is related to itself", target()),
                    ));
                }
                continue;
            }
            if node == UNKNOWN {
                let target = target();
                // An IRI names a concept outside the glossary (an imported vocabulary's link
                // out of its file): nothing to check, as in `broader`.
                if unjoined.contains(target) || is_iri(target) {
                    continue;
                }
                let mut f = at(
                    Rule::DanglingLink,
                    origin,
                    pointer(),
                    format!(
                        "`{}` target `{target}` is not a term of the glossary",
                        list.name()
                    ),
                );
                let close = *suggestions
                    .entry(target)
                    .or_insert_with(|| g.closest(target));
                if let Some((close, unique)) = close {
                    f = f.with_hint(format!("did you mean `{close}`?"));
                    if unique {
                        let edit = Edit::Replace {
                            key: list.name(),
                            index: k,
                            from: target.to_owned(),
                            to: close.to_owned(),
                        };
                        f = f.with_fix(origin, edit, false);
                    }
                }
                out.push(f);
            }
        }
    }
}

/// Links stated by one card only: a `related` edge not `mutual`, a `supersedes` edge only one
/// of whose cards states it. The graph has already paired every link with its mirror, so
/// this walks the edges (those of the range `edges`, in their order) rather than looking each
/// link up in its target's lists.
fn one_way(
    g: &Glossary,
    origins: &[Origin],
    edges: std::ops::Range<usize>,
    out: &mut Vec<Finding>,
) {
    let graph = g.graph();
    for e in edges.map(EdgeIndex::new) {
        let (a, b) = graph.edge_endpoints(e).expect("edge index in range");
        let (a, b, link) = (a.index(), b.index(), graph[e]);
        match link {
            Link::Related { mutual: false } => {
                let stated_by_a = g
                    .links()
                    .of(List::Related as usize, a)
                    .contains(&(b as u32));
                let (from, to) = if stated_by_a { (a, b) } else { (b, a) };
                one_way_link(g, origins, from, List::Related, to, out);
            }
            // Edge old → new: the old card states it in `supersededBy`, the new one in
            // `supersedes`.
            Link::Supersedes {
                by_old: true,
                by_new: false,
            } => one_way_link(g, origins, a, List::SupersededBy, b, out),
            Link::Supersedes {
                by_old: false,
                by_new: true,
            } => one_way_link(g, origins, b, List::Supersedes, a, out),
            _ => {}
        }
    }
}

/// Reports each entry of card `i`'s `list` naming card `j`, which does not name `i` back.
fn one_way_link(
    g: &Glossary,
    origins: &[Origin],
    i: usize,
    list: List,
    j: usize,
    out: &mut Vec<Finding>,
) {
    let card = &g.cards()[i];
    let target = &g.cards()[j].slug();
    let rule = match list {
        List::Related => Rule::OneWayRelated,
        _ => Rule::OneWaySupersedes,
    };
    for (k, _) in g
        .links()
        .of(list as usize, i)
        .iter()
        .enumerate()
        .filter(|&(_, &node)| node == j as u32)
    {
        out.push(
            at(
                rule,
                origins[i],
                format!("/{}/{k}", list.name()),
                format!(
                    "`{}` lists `{target}` in `{}`, but `{target}` does not list `{}` in `{}`",
                    card.slug(),
                    list.name(),
                    card.slug(),
                    list.mirror().name()
                ),
            )
            .with_hint(format!(
                "add `{}` to `{}` of `{target}`",
                card.slug(),
                list.mirror().name()
            ))
            .with_fix(
                origins[j],
                Edit::Append {
                    key: list.mirror().name(),
                    value: card.slug().to_owned(),
                },
                true,
            ),
        );
    }
}

/// Every strongly connected set of `supersedes` edges is a cycle; each is reported once, on
/// its smallest slug, with a path through all of its terms where one exists.
fn cycles(g: &Glossary, origins: &[Origin], out: &mut Vec<Finding>) {
    for (i, card) in g.cards().iter().enumerate() {
        if card.supersedes().contains(card.slug()) || card.superseded_by().contains(card.slug()) {
            let field = if card.supersedes().contains(card.slug()) {
                "supersedes"
            } else {
                "supersededBy"
            };
            out.push(at(
                Rule::SupersedesCycle,
                origins[i],
                format!("/{field}"),
                format!(
                    "supersedes cycle: {0} → {0} (a term cannot replace itself)",
                    card.slug()
                ),
            ));
        }
    }
    let replacement =
        EdgeFiltered::from_fn(g.graph(), |e| matches!(e.weight(), Link::Supersedes { .. }));
    for mut scc in tarjan_scc(&replacement) {
        if scc.len() < 2 {
            continue;
        }
        scc.sort_unstable();
        let path = cycle_path(g, &scc);
        let names: Vec<&str> = path.iter().map(|&n| g.slug(n)).collect();
        let start = scc[0];
        out.push(at(
            Rule::SupersedesCycle,
            origins[start.index()],
            "/supersededBy",
            format!(
                "supersedes cycle: {} (each replaced by the next)",
                names.join(" → ")
            ),
        ));
    }
}

/// A closed walk old → new from the smallest node of `scc` back to itself, preferring the
/// smallest successor at each step, through as many of the component's nodes as it finds.
fn cycle_path(g: &Glossary, scc: &[NodeIndex]) -> Vec<NodeIndex> {
    let start = scc[0];
    let next = |n: NodeIndex, visited: &[NodeIndex]| {
        let mut succ: Vec<NodeIndex> = g
            .graph()
            .edges(n)
            .filter(|e| matches!(e.weight(), Link::Supersedes { .. }))
            .map(|e| e.target())
            .filter(|t| scc.binary_search(t).is_ok())
            .collect();
        succ.sort_unstable();
        succ.iter()
            .copied()
            .find(|t| !visited.contains(t))
            .or_else(|| succ.contains(&start).then_some(start))
    };
    let mut path = vec![start];
    let mut n = start;
    while let Some(m) = next(n, &path) {
        path.push(m);
        if m == start {
            return path;
        }
        n = m;
    }
    // A dead end inside the component: walk back to the start by any route (it exists).
    path.push(start);
    path
}

fn lifecycle(g: &Glossary, origins: &[Origin], out: &mut Vec<Finding>) {
    for (i, card) in g.cards().iter().enumerate() {
        let node = NodeIndex::new(i);
        // By a term of the glossary, or by a concept outside it (an IRI).
        let replaced = g
            .graph()
            .edges(node)
            .any(|e| matches!(e.weight(), Link::Supersedes { .. }))
            || card.superseded_by().iter().any(is_iri);
        match card.status() {
            Some("shipping") if replaced => out.push(
                at(
                    Rule::ShippingSuperseded,
                    origins[i],
                    "/status",
                    format!("`{}` is marked shipping but is superseded", card.slug()),
                )
                .with_hint("mark it deprecated or obsolete"),
            ),
            Some(status @ ("deprecated" | "obsolete")) if !replaced => out.push(
                at(
                    Rule::NoReplacement,
                    origins[i],
                    "/supersededBy",
                    format!("`{}` is {status} but names no replacement", card.slug()),
                )
                .with_hint("add the replacing term to `supersededBy`"),
            ),
            _ => {}
        }
    }
}

/// Whether `card` links a concept outside the glossary, by IRI, in `related`, `supersedes`
/// or `supersededBy`.
fn links_out(card: &Card) -> bool {
    [card.related(), card.supersedes(), card.superseded_by()]
        .iter()
        .any(|list| list.iter().any(is_iri))
}

/// Orphans and clusters. While some cards cannot be read (`unjoined`), a term whose links
/// all go to them is not an orphan, and the clusters are not judged: the broken cards are
/// what is wrong, and the syntax error already says so.
fn connectivity(inputs: &Inputs, out: &mut Vec<Finding>) {
    let Inputs {
        glossary: g,
        tree,
        origins,
        unjoined,
        text_links,
    } = *inputs;
    // The graph's components hold the hierarchy's links between terms (its `broader` edges).
    let components = g.components_with(text_links);
    let links_unreadable = |i: usize| {
        let card = &g.cards()[i];
        [card.related(), card.supersedes(), card.superseded_by()]
            .iter()
            .any(|list| list.iter().any(|slug| unjoined.contains(slug)))
    };
    for component in &components {
        if let [only] = component.as_slice() {
            if links_unreadable(only.index()) {
                continue;
            }
            // A concept whose only links lead out of the glossary (a broader IRI, a related
            // one) is placed.
            if tree.of_card(only.index()).is_some() || links_out(&g.cards()[only.index()]) {
                continue;
            }
            out.push(at(
                Rule::Orphan,
                origins[only.index()],
                "",
                format!(
                    "`{}` has no related, supersedes or supersededBy link to any term",
                    g.slug(*only)
                ),
            ));
        }
    }
    if components.len() > 1 && unjoined.is_empty() {
        let sizes: Vec<String> = components
            .iter()
            .take(10)
            .map(|c| c.len().to_string())
            .collect();
        let more = if components.len() > 10 { ", …" } else { "" };
        let starts: Vec<String> = components[1..]
            .iter()
            .take(5)
            .map(|c| format!("`{}`", g.slug(c[0])))
            .collect();
        out.push(
            Finding::new(
                Rule::Disconnected,
                Place::Glossary,
                format!(
                    "the glossary falls apart into {} clusters of sizes {}{more}",
                    components.len(),
                    sizes.join(", ")
                ),
            )
            .with_hint(format!(
                "the clusters apart from the largest include {}",
                starts.join(", ")
            )),
        );
    }
}
