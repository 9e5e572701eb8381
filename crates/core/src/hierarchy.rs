//! The hierarchy of a glossary (`broader`/`narrower`), from both sides: a link stated by
//! either card is a link of both, as `supersedes`/`supersededBy` are. The RDF export writes it
//! both ways; `check` looks for cycles and for links stated on one side only.
//!
//! Kept apart from the petgraph model ([`crate::graph`]), which the graph exports draw: a
//! glossary without hierarchy (most of them) pays nothing here, not even an empty list per
//! card, and a published thesaurus's few thousand links are held sparsely by card.
//!
//! Cycles are found without recursion (an explicit stack), so a chain of 20,000 levels
//! neither overflows the stack nor takes more than linear time.

use std::collections::BTreeMap;

use crate::Glossary;

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

/// Whether a `broader`/`narrower` entry names a concept by IRI: a slug never holds `:`.
pub fn is_iri(entry: &str) -> bool {
    entry.contains(':')
}

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

    /// Every cycle of broader links among the glossary's terms, each once, as the path of
    /// card indices from its smallest member back to it (`[a, b, c]`: a broader b broader
    /// c broader a). A card broader than itself is the cycle `[a]`.
    ///
    /// Depth-first over the broader links with an explicit stack: linear in the links, no
    /// recursion. One cycle is reported per strongly connected set of back edges found.
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        #[derive(Clone, Copy, PartialEq)]
        enum State {
            New,
            OnPath,
            Done,
        }
        let mut state: BTreeMap<usize, State> = BTreeMap::new();
        let mut cycles = Vec::new();
        for &start in self.links.keys() {
            if state.get(&start).copied().unwrap_or(State::New) != State::New {
                continue;
            }
            // The path: (card, index of its next broader link to follow).
            let mut path: Vec<(usize, usize)> = vec![(start, 0)];
            state.insert(start, State::OnPath);
            while let Some(&mut (node, ref mut next)) = path.last_mut() {
                let up = self.broader(node);
                let Some(t) = up.get(*next) else {
                    state.insert(node, State::Done);
                    path.pop();
                    continue;
                };
                *next += 1;
                let Target::Term(j) = *t else { continue };
                match state.get(&j).copied().unwrap_or(State::New) {
                    State::New => {
                        state.insert(j, State::OnPath);
                        path.push((j, 0));
                    }
                    State::OnPath => {
                        let from = path.iter().position(|&(n, _)| n == j).unwrap_or(0);
                        let mut cycle: Vec<usize> = path[from..].iter().map(|&(n, _)| n).collect();
                        // From its smallest member, so that the same cycle reads the same.
                        let least = (0..cycle.len()).min_by_key(|&k| cycle[k]).unwrap_or(0);
                        cycle.rotate_left(least);
                        cycles.push(cycle);
                    }
                    State::Done => {}
                }
            }
        }
        cycles.sort();
        cycles.dedup();
        cycles
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
}
