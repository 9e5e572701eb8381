//! Relation rules, over the whole glossary: dangling targets, self-links (qSKOS `rrc`),
//! unreciprocated links (`urc`), supersedes cycles (`chr`, reported with the whole path),
//! orphans (`oc`), disconnected clusters (`dcc`), and lifecycle consistency.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use petgraph::algo::tarjan_scc;
use petgraph::graph::NodeIndex;
use petgraph::visit::{EdgeFiltered, EdgeRef};

use super::at;
use crate::diag::{Finding, Place, Rule};
use crate::graph::Link;
use crate::load::Origin;
use crate::{Card, Glossary};

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

    fn of(self, card: &Card) -> &[String] {
        match self {
            List::Related => &card.related,
            List::Supersedes => &card.supersedes,
            List::SupersededBy => &card.superseded_by,
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

pub(super) fn glossary(g: &Glossary, origins: &[Origin], out: &mut Vec<Finding>) {
    let resolved = Resolved::new(g);
    // A missing term is usually named by many cards; its suggestion (a scan of every slug)
    // is made once.
    let mut suggestions = HashMap::new();
    for (i, origin) in origins.iter().enumerate() {
        links(g, &resolved, &mut suggestions, i, *origin, out);
    }
    cycles(g, origins, out);
    lifecycle(g, origins, out);
    connectivity(g, origins, out);
}

/// Every link target of every card, looked up once: the card index of `of(list)[k]`, or
/// `None` when no card has that slug. With it, "does the target list this card back?" is a
/// scan of small integers rather than of strings, and a glossary of a million terms is not
/// binary-searched four million times.
struct Resolved {
    /// Per list kind: `offsets[i]..offsets[i + 1]` are card `i`'s entries in `targets`.
    lists: [(Vec<u32>, Vec<u32>); 3],
}

/// Marks a target that no card defines.
const DANGLING: u32 = u32::MAX;

impl Resolved {
    fn new(g: &Glossary) -> Self {
        let cards = g.cards();
        let index: HashMap<&str, u32, BuildHasherDefault<SlugHasher>> = cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.slug.as_str(), i as u32))
            .collect();
        let lists = [List::Related, List::Supersedes, List::SupersededBy].map(|list| {
            let mut offsets = Vec::with_capacity(cards.len() + 1);
            let mut targets = Vec::new();
            offsets.push(0);
            for card in cards {
                targets.extend(
                    list.of(card)
                        .iter()
                        .map(|t| index.get(t.as_str()).copied().unwrap_or(DANGLING)),
                );
                offsets.push(targets.len() as u32);
            }
            (offsets, targets)
        });
        Self { lists }
    }

    /// The resolved `list` of card `i`, entry for entry.
    fn of(&self, list: List, i: usize) -> &[u32] {
        let (offsets, targets) = &self.lists[list as usize];
        &targets[offsets[i] as usize..offsets[i + 1] as usize]
    }
}

/// A multiply-rotate hash of 8 bytes at a time (the scheme of rustc's FxHasher), for slugs:
/// several times cheaper than the default SipHash, and the input is the user's own glossary,
/// not an adversary's.
#[derive(Default)]
struct SlugHasher(u64);

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

fn links<'g>(
    g: &'g Glossary,
    resolved: &Resolved,
    suggestions: &mut HashMap<&'g str, Option<&'g str>>,
    i: usize,
    origin: Origin,
    out: &mut Vec<Finding>,
) {
    let card = &g.cards()[i];
    for list in [List::Related, List::Supersedes, List::SupersededBy] {
        let nodes = resolved.of(list, i);
        for (k, target) in list.of(card).iter().enumerate() {
            // Made only for a finding: most links have none.
            let pointer = || format!("/{}/{k}", list.name());
            if *target == card.slug {
                // Replacing oneself is a cycle of length one, reported by `cycles`.
                if let List::Related = list {
                    out.push(at(
                        Rule::SelfLink,
                        origin,
                        pointer(),
                        format!("`{target}` is related to itself"),
                    ));
                }
                continue;
            }
            let node = nodes[k];
            if node == DANGLING {
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
                    .entry(target.as_str())
                    .or_insert_with(|| g.suggest(target));
                if let Some(close) = close {
                    f = f.with_hint(format!("did you mean `{close}`?"));
                }
                out.push(f);
                continue;
            }
            // Slugs are unique in the glossary: naming this card back is naming index `i`.
            if !resolved
                .of(list.mirror(), node as usize)
                .contains(&(i as u32))
            {
                let rule = match list {
                    List::Related => Rule::OneWayRelated,
                    _ => Rule::OneWaySupersedes,
                };
                out.push(
                    at(
                        rule,
                        origin,
                        pointer(),
                        format!(
                            "`{}` lists `{target}` in `{}`, but `{target}` does not list `{}` in `{}`",
                            card.slug,
                            list.name(),
                            card.slug,
                            list.mirror().name()
                        ),
                    )
                    .with_hint(format!("add `{}` to `{}` of `{target}`", card.slug, list.mirror().name())),
                );
            }
        }
    }
}

/// Every strongly connected set of `supersedes` edges is a cycle; each is reported once, on
/// its smallest slug, with a path through all of its terms where one exists.
fn cycles(g: &Glossary, origins: &[Origin], out: &mut Vec<Finding>) {
    for (i, card) in g.cards().iter().enumerate() {
        if card.supersedes.contains(&card.slug) || card.superseded_by.contains(&card.slug) {
            let field = if card.supersedes.contains(&card.slug) {
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
                    card.slug
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
        let replaced = g
            .graph()
            .edges(node)
            .any(|e| matches!(e.weight(), Link::Supersedes { .. }));
        match card.status.as_deref() {
            Some("shipping") if replaced => out.push(
                at(
                    Rule::ShippingSuperseded,
                    origins[i],
                    "/status",
                    format!("`{}` is marked shipping but is superseded", card.slug),
                )
                .with_hint("mark it deprecated or obsolete"),
            ),
            Some(status @ ("deprecated" | "obsolete")) if !replaced => out.push(
                at(
                    Rule::NoReplacement,
                    origins[i],
                    "/supersededBy",
                    format!("`{}` is {status} but names no replacement", card.slug),
                )
                .with_hint("add the replacing term to `supersededBy`"),
            ),
            _ => {}
        }
    }
}

fn connectivity(g: &Glossary, origins: &[Origin], out: &mut Vec<Finding>) {
    let components = g.components();
    for component in &components {
        if let [only] = component.as_slice() {
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
    if components.len() > 1 {
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
