//! The hierarchy of a glossary (`broader`/`narrower`), from both sides: a link stated by
//! either card is a link of both, as `supersedes`/`supersededBy` are. The RDF export writes it
//! both ways; `check` looks for cycles and for links stated on one side only.
//!
//! The petgraph model ([`crate::graph`]) holds the links between terms of the glossary as
//! `broader` edges, which the graph exports draw; this holds each card's whole hierarchy,
//! concepts outside the glossary (IRIs) and missing slugs too, as the RDF, the website and
//! `check` need it. A glossary without hierarchy (most of them) pays nothing here, not even an
//! empty list per card, and a published thesaurus's few thousand links are held sparsely by
//! card.
//!
//! Cycles are found without recursion (an explicit stack), so a chain of 20,000 levels
//! neither overflows the stack nor takes more than linear time; one per strongly connected
//! set, so that what `check` reports stays linear in the glossary too.

use std::collections::BTreeMap;

use crate::Glossary;

/// No set, no number: a card the walk has not reached.
const UNSEEN: usize = usize::MAX;

/// The strongly connected sets of a hierarchy ([`Hierarchy::sets`]).
struct Sets {
    /// The set of each card, by index ([`UNSEEN`] for a card without hierarchy).
    of: Vec<usize>,
    /// The sets, each sorted, from the top of the hierarchy down.
    sets: Vec<Vec<usize>>,
}

/// The other end of a hierarchy link.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// A card of the glossary, by index into [`Glossary::cards`] (slug order).
    Term(usize),
    /// A concept outside the glossary, by IRI.
    Iri(String),
    /// A slug no card has (the checker's `dangling-link`).
    Missing(String),
}

/// The broader and narrower concepts of one card, each sorted (terms in slug order first,
/// then IRIs, then missing slugs), without duplicates.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Links {
    pub broader: Vec<Target>,
    pub narrower: Vec<Target>,
}

/// The hierarchy of a glossary: [`Links`] of the cards that have any.
#[derive(Debug, Clone, Default)]
pub struct Hierarchy {
    links: BTreeMap<usize, Links>,
}

pub use crate::card::skos::is_iri;

impl Hierarchy {
    /// The hierarchy the cards of `glossary` state, each link seen from both ends.
    pub fn of(glossary: &Glossary) -> Self {
        let mut links: BTreeMap<usize, Links> = BTreeMap::new();
        let target = |entry: &str| {
            if is_iri(entry) {
                Target::Iri(entry.to_owned())
            } else {
                match glossary.node(entry) {
                    Some(n) if n.index() < glossary.cards().len() => Target::Term(n.index()),
                    _ => Target::Missing(entry.to_owned()),
                }
            }
        };
        for (i, card) in glossary.cards().iter().enumerate() {
            let skos = card.skos();
            for (list, up) in [(&skos.broader, true), (&skos.narrower, false)] {
                for entry in list {
                    let other = target(entry);
                    if let Target::Term(j) = other {
                        let back = links.entry(j).or_default();
                        let mirror = if up {
                            &mut back.narrower
                        } else {
                            &mut back.broader
                        };
                        mirror.push(Target::Term(i));
                    }
                    let own = links.entry(i).or_default();
                    let list = if up {
                        &mut own.broader
                    } else {
                        &mut own.narrower
                    };
                    list.push(other);
                }
            }
        }
        for l in links.values_mut() {
            for list in [&mut l.broader, &mut l.narrower] {
                list.sort_unstable();
                list.dedup();
            }
        }
        Self { links }
    }

    /// Whether no card has a broader or narrower concept.
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// The links of card `index` (none when it has none).
    pub fn of_card(&self, index: usize) -> Option<&Links> {
        self.links.get(&index)
    }

    /// The broader concepts of card `index`.
    pub fn broader(&self, index: usize) -> &[Target] {
        self.links.get(&index).map_or(&[], |l| &l.broader)
    }

    /// The narrower concepts of card `index`.
    pub fn narrower(&self, index: usize) -> &[Target] {
        self.links.get(&index).map_or(&[], |l| &l.narrower)
    }

    /// The broader terms of the glossary above card `index`, at any distance (the
    /// transitive closure, `skos:broaderTransitive`), without `index` itself unless it lies
    /// on a cycle. Iterative.
    pub fn ancestors(&self, index: usize) -> std::collections::BTreeSet<usize> {
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![index];
        while let Some(i) = stack.pop() {
            for t in self.broader(i) {
                if let Target::Term(j) = t {
                    if seen.insert(*j) {
                        stack.push(*j);
                    }
                }
            }
        }
        seen
    }

    /// A cycle of broader links in every strongly connected set of the glossary's terms,
    /// as the path of card indices from the set's smallest member back to it (`[a, b, c]`: a
    /// broader b broader c broader a), the shortest such path; a card broader than itself is
    /// the cycle `[a]`. Sorted.
    ///
    /// One cycle per set, not one per link that closes a cycle: a set of n terms can hold
    /// a cycle for each of n links, each as long as the set (every term of a chain also
    /// narrower than its top), n² indices in all, where one path per set is linear in the
    /// glossary and already says what to untangle.
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let mut cycles: Vec<Vec<usize>> = self
            .sets()
            .sets
            .iter()
            .filter(|set| set.len() > 1 || self.broader(set[0]).contains(&Target::Term(set[0])))
            .map(|set| self.shortest_cycle(set))
            .collect();
        cycles.sort();
        cycles
    }

    /// For each pair `(card, other)` of `pairs`, whether `other` is broader than `card` at
    /// any distance (`skos:broaderTransitive`; a card is broader than itself only on a
    /// cycle): what [`Hierarchy::ancestors`] answers, for many pairs at once.
    ///
    /// Walking up from each card would take the depth of the hierarchy per pair, and a chain
    /// of 20,000 levels whose every term is related to its top then takes 200 million steps.
    /// Instead the strongly connected sets are taken as one ([`Hierarchy::sets`]), and the
    /// ancestors of every set among the sets the pairs ask about are marked in one pass over
    /// the sets, top first, 64 asked-about sets at a time (a bit each): linear in the links
    /// for every 64 sets asked about, a chain of 20,000 levels related to its top in one pass.
    pub fn broader_at_any_distance(&self, pairs: &[(usize, usize)]) -> Vec<bool> {
        let sets = self.sets();
        let set_of = |i: usize| sets.of.get(i).copied().filter(|&s| s != UNSEEN);
        let mut answers = vec![false; pairs.len()];
        // Pairs inside one set are answered by the set; the others wait for their bit.
        let mut asked: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (k, &(card, other)) in pairs.iter().enumerate() {
            let (Some(a), Some(b)) = (set_of(card), set_of(other)) else {
                continue;
            };
            if a == b {
                let set = &sets.sets[a];
                answers[k] = set.len() > 1 || self.broader(set[0]).contains(&Target::Term(set[0]));
            } else if b < a {
                // Only a set that comes before (above) another can be broader than it.
                asked.entry(b).or_default().push(k);
            }
        }
        if asked.is_empty() {
            return answers;
        }
        // The links between sets, each set's broader sets.
        let mut up: Vec<Vec<usize>> = vec![Vec::new(); sets.sets.len()];
        for (s, set) in sets.sets.iter().enumerate() {
            for &card in set {
                for t in self.broader(card) {
                    if let Target::Term(j) = *t {
                        let b = sets.of[j];
                        if b != s {
                            up[s].push(b);
                        }
                    }
                }
            }
            up[s].sort_unstable();
            up[s].dedup();
        }
        let asked: Vec<(usize, Vec<usize>)> = asked.into_iter().collect();
        let mut marks = vec![0u64; sets.sets.len()];
        let mut bit = vec![0u64; sets.sets.len()];
        for chunk in asked.chunks(64) {
            for (k, (set, _)) in chunk.iter().enumerate() {
                bit[*set] = 1 << k;
            }
            // Sets come top first: a set's broader sets are marked before it. Above the
            // chunk's first set nothing is marked; below the last card asked about, nothing
            // is asked.
            let first = chunk[0].0;
            let last = chunk
                .iter()
                .flat_map(|(_, questions)| questions.iter().map(|&q| sets.of[pairs[q].0]))
                .max()
                .unwrap_or(first);
            for s in first..=last {
                marks[s] = up[s]
                    .iter()
                    .filter(|&&b| b >= first)
                    .fold(0, |m, &b| m | marks[b] | bit[b]);
            }
            for (k, (set, questions)) in chunk.iter().enumerate() {
                for &q in questions {
                    answers[q] = marks[sets.of[pairs[q].0]] & (1 << k) != 0;
                }
                bit[*set] = 0;
            }
        }
        answers
    }

    /// The strongly connected sets of the broader links among the glossary's terms, by
    /// Tarjan's algorithm without recursion (an explicit stack): a chain of 20,000 levels
    /// neither overflows the stack nor takes more than linear time. A set comes after every
    /// set broader than it, so the sets, in order, go from the top down.
    fn sets(&self) -> Sets {
        let n = self.links.keys().next_back().map_or(0, |&last| last + 1);
        // Tarjan's numbering, the lowest number reachable, and the stack of open sets.
        let mut number = vec![UNSEEN; n];
        let mut low = vec![0; n];
        let mut open = vec![false; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut next = 0;
        let mut out = Sets {
            of: vec![UNSEEN; n],
            sets: Vec::new(),
        };
        for &start in self.links.keys() {
            if number[start] != UNSEEN {
                continue;
            }
            // The path of the depth-first walk: (card, index of its next broader link).
            let mut path: Vec<(usize, usize)> = vec![(start, 0)];
            number[start] = next;
            low[start] = next;
            next += 1;
            stack.push(start);
            open[start] = true;
            while let Some(&mut (node, ref mut at)) = path.last_mut() {
                if let Some(t) = self.broader(node).get(*at) {
                    *at += 1;
                    let Target::Term(up) = *t else { continue };
                    if number[up] == UNSEEN {
                        number[up] = next;
                        low[up] = next;
                        next += 1;
                        stack.push(up);
                        open[up] = true;
                        path.push((up, 0));
                    } else if open[up] {
                        low[node] = low[node].min(number[up]);
                    }
                    continue;
                }
                path.pop();
                if let Some(&(below, _)) = path.last() {
                    low[below] = low[below].min(low[node]);
                }
                if low[node] == number[node] {
                    let id = out.sets.len();
                    let mut set = Vec::new();
                    while let Some(member) = stack.pop() {
                        open[member] = false;
                        out.of[member] = id;
                        set.push(member);
                        if member == node {
                            break;
                        }
                    }
                    set.sort_unstable();
                    out.sets.push(set);
                }
            }
        }
        out
    }

    /// The shortest cycle through the smallest member of `set`, a strongly connected set of
    /// cards: breadth first along the broader links inside the set, in their order.
    fn shortest_cycle(&self, set: &[usize]) -> Vec<usize> {
        let Some(&least) = set.iter().min() else {
            return Vec::new();
        };
        let inside: std::collections::HashSet<usize> = set.iter().copied().collect();
        let mut came_from: std::collections::HashMap<usize, usize> =
            std::collections::HashMap::new();
        let mut queue = std::collections::VecDeque::from([least]);
        while let Some(node) = queue.pop_front() {
            for t in self.broader(node) {
                let Target::Term(up) = *t else { continue };
                if up == least {
                    let mut cycle = vec![node];
                    let mut at = node;
                    while let Some(&before) = came_from.get(&at) {
                        cycle.push(before);
                        at = before;
                    }
                    cycle.reverse();
                    return cycle;
                }
                if inside.contains(&up) && up != least && !came_from.contains_key(&up) {
                    came_from.insert(up, node);
                    queue.push_back(up);
                }
            }
        }
        vec![least]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Decoded;

    fn glossary(lines: &[String]) -> Glossary {
        let cards = lines
            .iter()
            .map(|l| Decoded::from_json(l).unwrap().card)
            .collect();
        Glossary::new(cards)
    }

    fn card(slug: &str, fields: &str) -> String {
        format!(r#"{{"slug": "{slug}", "term": "T {slug}", "definition": "d"{fields}}}"#)
    }

    #[test]
    fn links_are_seen_from_both_sides() {
        let g = glossary(&[
            card("a", r#", "narrower": ["b"]"#),
            card("b", r#", "broader": ["http://x.example/top"]"#),
            card("c", r#", "broader": ["a", "gone"]"#),
        ]);
        let h = Hierarchy::of(&g);
        assert_eq!(h.narrower(0), [Target::Term(1), Target::Term(2)]);
        assert_eq!(
            h.broader(1),
            [Target::Term(0), Target::Iri("http://x.example/top".into())]
        );
        assert_eq!(
            h.broader(2),
            [Target::Term(0), Target::Missing("gone".into())]
        );
        assert_eq!(h.ancestors(2).into_iter().collect::<Vec<_>>(), [0]);
        assert!(h.cycles().is_empty());
    }

    #[test]
    fn cycles_are_found_once_each_from_their_smallest_member() {
        let g = glossary(&[
            card("a", r#", "broader": ["b"]"#),
            card("b", r#", "broader": ["c"]"#),
            card("c", r#", "broader": ["a"]"#),
            card("d", r#", "broader": ["d"]"#),
            card("e", r#", "narrower": ["a"]"#),
        ]);
        assert_eq!(Hierarchy::of(&g).cycles(), [vec![0, 1, 2], vec![3]]);
    }

    #[test]
    fn a_strongly_connected_set_gives_one_cycle_however_many_links_close_one() {
        // A ring of 2,000 where every term but the first is also narrower than it: 2,000 links close
        // a cycle, and the set's one cycle is its shortest through the first, `t0 → t1 → t0`.
        let n = 2_000;
        let lines: Vec<String> = (0..n)
            .map(|i| {
                let up = (i + 1) % n;
                let first = if i > 0 { r#", "t0000""# } else { "" };
                card(
                    &format!("t{i:04}"),
                    &format!(r#", "broader": ["t{up:04}"{first}]"#),
                )
            })
            .collect();
        let h = Hierarchy::of(&glossary(&lines));
        assert_eq!(h.cycles(), [vec![0, 1]]);
        // Two sets apart, one with a loop on a member: one cycle each.
        let g = glossary(&[
            card("a", r#", "broader": ["b"]"#),
            card("b", r#", "broader": ["a", "c"]"#),
            card("c", r#", "broader": ["b"]"#),
            card("d", r#", "broader": ["e"]"#),
            card("e", r#", "broader": ["e", "f"]"#),
            card("f", r#", "broader": ["d"]"#),
        ]);
        assert_eq!(Hierarchy::of(&g).cycles(), [vec![0, 1], vec![3, 4, 5]]);
    }

    #[test]
    fn a_chain_of_twenty_thousand_levels_does_not_overflow() {
        let n = 20_000;
        let lines: Vec<String> = (0..n)
            .map(|i| {
                let up = (i + 1) % n;
                card(
                    &format!("t{i:05}"),
                    &format!(r#", "broader": ["t{up:05}"]"#),
                )
            })
            .collect();
        let g = glossary(&lines);
        let h = Hierarchy::of(&g);
        let cycles = h.cycles();
        assert_eq!(cycles.len(), 1);
        assert_eq!(cycles[0].len(), n);
        assert_eq!(h.ancestors(0).len(), n);
    }

    #[test]
    fn broader_at_any_distance_answers_as_the_ancestors_do() {
        // a ← b ← c ← d (d narrowest), e ← c too; f ↔ g a cycle, h broader than itself.
        let g = glossary(&[
            card("a", ""),
            card("b", r#", "broader": ["a"]"#),
            card("c", r#", "broader": ["b", "e"]"#),
            card("d", r#", "broader": ["c"]"#),
            card("e", ""),
            card("f", r#", "broader": ["g"]"#),
            card("g", r#", "broader": ["f"]"#),
            card("h", r#", "broader": ["h"]"#),
            card("i", ""),
        ]);
        let h = Hierarchy::of(&g);
        let mut pairs = Vec::new();
        for x in 0..9 {
            for y in 0..9 {
                pairs.push((x, y));
            }
        }
        let expected: Vec<bool> = pairs
            .iter()
            .map(|&(x, y)| h.ancestors(x).contains(&y))
            .collect();
        assert_eq!(h.broader_at_any_distance(&pairs), expected);
        assert!(expected.iter().filter(|&&b| b).count() >= 10);
    }

    #[test]
    fn broader_at_any_distance_on_a_deep_chain_asked_about_every_level() {
        // 20,000 levels, each asked about its top and about the level below it: 40,000
        // questions in one pass each 64 sets asked about, where walking up took 200 million
        // steps.
        let n = 20_000;
        let lines: Vec<String> = (0..n)
            .map(|i| {
                let up = if i > 0 {
                    format!(r#", "broader": ["t{:05}"]"#, i - 1)
                } else {
                    String::new()
                };
                card(&format!("t{i:05}"), &up)
            })
            .collect();
        let h = Hierarchy::of(&glossary(&lines));
        let mut pairs: Vec<(usize, usize)> = (1..n).map(|i| (i, 0)).collect();
        pairs.extend((1..n).map(|i| (i, i - 1)));
        pairs.extend((0..n - 1).map(|i| (i, i + 1)));
        let answers = h.broader_at_any_distance(&pairs);
        assert!(answers[..2 * (n - 1)].iter().all(|&b| b));
        assert!(answers[2 * (n - 1)..].iter().all(|&b| !b));
    }

    #[test]
    fn broader_at_any_distance_on_a_tangle_with_cycles_answers_as_the_ancestors_do() {
        // 300 terms, two broader links each to terms drawn by a fixed generator: cycles,
        // poly-hierarchy and several chunks of 64 sets asked about.
        let n = 300;
        let mut state: u64 = 7;
        let mut draw = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 33) as usize % n
        };
        let lines: Vec<String> = (0..n)
            .map(|i| {
                let (x, y) = (draw(), draw());
                // Mostly upwards (a smaller index), now and then down: a few cycles.
                let up = |t: usize| if t < i || t % 17 == 0 { t } else { t / 3 };
                card(
                    &format!("t{i:03}"),
                    &format!(r#", "broader": ["t{:03}", "t{:03}"]"#, up(x), up(y)),
                )
            })
            .collect();
        let h = Hierarchy::of(&glossary(&lines));
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|x| (0..n).map(move |y| (x, y))).collect();
        let ancestors: Vec<_> = (0..n).map(|x| h.ancestors(x)).collect();
        let expected: Vec<bool> = pairs
            .iter()
            .map(|&(x, y)| ancestors[x].contains(&y))
            .collect();
        assert!(!h.cycles().is_empty());
        let yes = expected.iter().filter(|&&b| b).count();
        assert!(yes > n && yes < n * n / 2, "{yes}");
        assert_eq!(h.broader_at_any_distance(&pairs), expected);
    }
}
