//! The hierarchy as the site shows it: the whole vocabulary as a tree of nested lists split
//! into pages, and each term's breadcrumb from the top concept.
//!
//! The tree starts from the top concepts (the terms with no broader term of the glossary), in
//! A–Z order, and lists each term's narrower terms in A–Z order below it. A term with several
//! broader terms appears under each, and its narrower terms are listed once, at its first
//! place (depth first, A–Z): its other places link there. So the tree has one row per top
//! concept and one per broader link, however the links cross, and a cycle of broader links
//! (which `check` refuses) ends where it comes back. The terms no top concept leads to (on
//! such a cycle, or below one) follow the top concepts, from the first in A–Z order.
//!
//! A page holds at most [`LEVELS`] levels: a term on the last level whose narrower terms
//! would go deeper continues on a page of its own (`tree/{n}/`), where it is the first
//! level. Browsers stop nesting elements somewhere: Blink's parser at 512 deep, Gecko's
//! layout at 1,026 frames (585 on 32-bit Windows and Android); a level is three elements
//! (`li`, `details`, `ul`) and about four frames, so 100 levels stay under every one of them
//! with room for the page around. A page past [`ROWS`] rows sends each further term with
//! narrower terms to a page of its own too, so a wide vocabulary's first page stays readable.
//! A chain of 20,000 levels is 203 pages of 100 rows.
//!
//! Every walk is a loop over an explicit stack, and each term's narrower terms are listed
//! and sorted once: linear in the links, whatever the depth.

use crate::hierarchy::{Hierarchy, Target};

/// Levels of the tree on one page (see the module documentation).
pub const LEVELS: usize = 100;
/// Rows on a page past which a term's narrower terms continue on a page of their own.
pub const ROWS: usize = 5_000;
/// A breadcrumb with up to this many broader terms shows them all; a longer one shows the
/// top concept, a gap, and the last [`CRUMBS_LAST`].
pub const CRUMBS_WHOLE: usize = 5;
/// Broader terms a cut breadcrumb shows before the term.
pub const CRUMBS_LAST: usize = 3;

/// No card.
const NONE: u32 = u32::MAX;

/// What a row of the tree shows below its term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// No narrower term.
    Leaf,
    /// Its narrower terms, in the rows that follow one level deeper.
    Open,
    /// A link to its first place, where its narrower terms are.
    Elsewhere,
    /// A link to the page (by number) where its narrower terms continue.
    Continued(u32),
}

/// A row of a page of the tree: a term at a level of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Row {
    pub(crate) card: u32,
    /// The level on this page, from 0.
    pub(crate) depth: u32,
    pub(crate) kind: Kind,
    /// Whether this is the term's first place (the one the others link to).
    pub(crate) first: bool,
}

/// A page of the tree: the rows, in the order they are shown.
#[derive(Debug, Default)]
pub(crate) struct Page {
    /// The term whose narrower terms continue here (none for the first page).
    pub(crate) root: Option<u32>,
    pub(crate) rows: Vec<Row>,
}

/// The tree of a glossary's hierarchy, laid out in pages.
#[derive(Debug)]
pub(crate) struct Tree {
    pub(crate) pages: Vec<Page>,
    /// How many top concepts.
    pub(crate) tops: usize,
    /// By card: the page of its first place, the broader term it has it under, the top
    /// concept above it there and how many levels below it.
    home: Vec<u32>,
    parent: Vec<u32>,
    top: Vec<u32>,
    depth: Vec<u32>,
    expanded: Vec<bool>,
    /// By card: its place in the A–Z order.
    rank: Vec<u32>,
    /// By card: how many narrower terms it has in the glossary.
    narrower: Vec<u32>,
    /// By card: whether more than one path of broader terms leads to it (it, or a term above
    /// it, has several broader terms), so that [`Tree::breadcrumbs`] looks for them; most
    /// terms have one, which is the tree's.
    several: Vec<bool>,
}

/// By card: whether it, or a term above it, has several broader terms in the glossary; a
/// cycle is not followed round. One pass over the links, depth first on a stack of its own.
fn several_paths(hierarchy: &Hierarchy, cards: usize) -> Vec<bool> {
    let term_parents = |i: usize| {
        hierarchy.broader(i).iter().filter_map(|t| match t {
            Target::Term(j) => Some(*j),
            _ => None,
        })
    };
    // 0: not seen; 1: on the stack; 2: done.
    let mut state = vec![0u8; cards];
    let mut several = vec![false; cards];
    for start in 0..cards {
        if state[start] != 0 {
            continue;
        }
        state[start] = 1;
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        while let Some(&(i, k)) = stack.last() {
            match term_parents(i).nth(k) {
                Some(p) => {
                    stack.last_mut().expect("not empty").1 += 1;
                    if state[p] == 0 {
                        state[p] = 1;
                        stack.push((p, 0));
                    }
                }
                None => {
                    // A parent still on the stack is in a cycle with this term: not above it.
                    several[i] = term_parents(i).count() > 1
                        || term_parents(i).any(|p| state[p] == 2 && several[p]);
                    state[i] = 2;
                    stack.pop();
                }
            }
        }
    }
    several
}

/// The narrower terms of card `i` that are cards, in the A–Z order `rank` gives.
fn children(hierarchy: &Hierarchy, rank: &[u32], i: u32) -> Vec<u32> {
    let mut out: Vec<u32> = hierarchy
        .narrower(i as usize)
        .iter()
        .filter_map(|t| match t {
            Target::Term(j) => Some(*j as u32),
            _ => None,
        })
        .collect();
    out.sort_unstable_by_key(|&j| rank[j as usize]);
    out
}

impl Tree {
    /// The tree of `hierarchy` over `cards` cards, A–Z in `order` (card indexes); `None` when
    /// no card has a broader term in the glossary.
    pub(crate) fn of(hierarchy: &Hierarchy, cards: usize, order: &[usize]) -> Option<Self> {
        let has_broader = |i: usize| {
            hierarchy
                .broader(i)
                .iter()
                .any(|t| matches!(t, Target::Term(_)))
        };
        if !(0..cards).any(has_broader) {
            return None;
        }
        let mut rank = vec![0u32; cards];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = r as u32;
        }
        let tops: Vec<u32> = order
            .iter()
            .filter(|&&i| !has_broader(i))
            .map(|&i| i as u32)
            .collect();
        let mut tree = Self {
            pages: vec![Page::default()],
            tops: tops.len(),
            home: vec![NONE; cards],
            parent: vec![NONE; cards],
            top: vec![NONE; cards],
            depth: vec![0; cards],
            expanded: vec![false; cards],
            rank: Vec::new(),
            narrower: (0..cards)
                .map(|i| {
                    let terms = hierarchy.narrower(i).iter();
                    terms.filter(|t| matches!(t, Target::Term(_))).count() as u32
                })
                .collect(),
            several: several_paths(hierarchy, cards),
        };
        tree.lay_out(hierarchy, &rank, 0, &tops);
        tree.continue_pages(hierarchy, &rank);
        for &i in order {
            if tree.home[i] == NONE {
                tree.lay_out(hierarchy, &rank, 0, &[i as u32]);
                tree.continue_pages(hierarchy, &rank);
            }
        }
        tree.rank = rank;
        Some(tree)
    }

    /// Card `i`'s place in the A–Z order, which lists of terms are sorted by.
    pub(crate) fn rank(&self, i: usize) -> u32 {
        self.rank[i]
    }

    /// Lays out the pages opened since the last call, and those they open.
    fn continue_pages(&mut self, hierarchy: &Hierarchy, rank: &[u32]) {
        let mut at = self
            .pages
            .iter()
            .rposition(|p| !p.rows.is_empty())
            .unwrap_or(0)
            + 1;
        while at < self.pages.len() {
            if let Some(root) = self.pages[at].root {
                self.lay_out(hierarchy, rank, at, &[root]);
            }
            at += 1;
        }
    }

    /// Appends to page `page` the rows of `roots` (at its first level) and of what is below
    /// them: depth first, with an explicit stack.
    fn lay_out(&mut self, hierarchy: &Hierarchy, rank: &[u32], page: usize, roots: &[u32]) {
        let root = self.pages[page].root;
        let mut stack: Vec<(u32, u32, u32)> = roots.iter().rev().map(|&c| (c, 0, NONE)).collect();
        while let Some((c, depth, parent)) = stack.pop() {
            let at = c as usize;
            let first = self.home[at] == NONE;
            if first {
                self.home[at] = page as u32;
                self.parent[at] = parent;
                if parent == NONE {
                    self.top[at] = c;
                } else {
                    self.top[at] = self.top[parent as usize];
                    self.depth[at] = self.depth[parent as usize] + 1;
                }
            }
            let kind = if self.narrower[at] == 0 {
                Kind::Leaf
            } else if root == Some(c) && depth == 0 {
                Kind::Open
            } else if self.expanded[at] {
                Kind::Elsewhere
            } else {
                self.expanded[at] = true;
                if depth as usize + 1 >= LEVELS || self.pages[page].rows.len() >= ROWS {
                    self.pages.push(Page {
                        root: Some(c),
                        rows: Vec::new(),
                    });
                    Kind::Continued((self.pages.len() - 1) as u32)
                } else {
                    Kind::Open
                }
            };
            self.pages[page].rows.push(Row {
                card: c,
                depth,
                kind,
                first,
            });
            if kind == Kind::Open {
                let below = children(hierarchy, rank, c);
                stack.extend(below.into_iter().rev().map(|k| (k, depth + 1, c)));
            }
        }
    }

    /// How many narrower terms card `i` has in the glossary.
    pub(crate) fn narrower(&self, i: usize) -> usize {
        self.narrower[i] as usize
    }

    /// The page of card `i`'s first place.
    pub(crate) fn home(&self, i: usize) -> usize {
        self.home[i] as usize
    }

    /// The broader terms of card `i` from the top concept down, along its first place in
    /// the tree: all of them up to [`CRUMBS_WHOLE`], else the top concept, `None` for the
    /// gap, and the last [`CRUMBS_LAST`]. Empty for a top concept.
    pub(crate) fn breadcrumb(&self, i: usize) -> Vec<Option<usize>> {
        let depth = self.depth[i] as usize;
        let shown = if depth <= CRUMBS_WHOLE {
            depth
        } else {
            CRUMBS_LAST
        };
        let mut out = Vec::with_capacity(shown + 2);
        let mut at = self.parent[i];
        for _ in 0..shown {
            out.push(Some(at as usize));
            at = self.parent[at as usize];
        }
        if depth > shown {
            out.push(None);
            out.push(Some(self.top[i] as usize));
        }
        out.reverse();
        out
    }

    /// Every path of broader terms from a top concept down to card `i` (a polyhierarchy's
    /// term has one through each of its broader terms), each shown as [`Tree::breadcrumb`]
    /// shows its first: that one first, then the others in the tree's order, at most
    /// [`MAX_PATHS`] in all. A path stops at a term without a broader one in the glossary;
    /// a cycle is not followed round.
    pub(crate) fn breadcrumbs(&self, hierarchy: &Hierarchy, i: usize) -> Vec<Vec<Option<usize>>> {
        let first = self.breadcrumb(i);
        let mut out = vec![first];
        if out[0].is_empty() || !self.several[i] {
            return out;
        }
        let parents = |j: usize| -> Vec<usize> {
            let mut p: Vec<usize> = hierarchy
                .broader(j)
                .iter()
                .filter_map(|t| match t {
                    Target::Term(k) => Some(*k),
                    _ => None,
                })
                .collect();
            p.sort_by_key(|&k| self.rank(k));
            p
        };
        // Depth first, each step's broader terms in the tree's order: (path from `i` up,
        // the next of each step's parents to try).
        let mut path: Vec<usize> = vec![i];
        let mut on_path: std::collections::HashSet<usize> = std::collections::HashSet::from([i]);
        let mut next: Vec<(Vec<usize>, usize)> = vec![(parents(i), 0)];
        let mut steps = 0;
        while let Some((options, at)) = next.last_mut() {
            steps += 1;
            if out.len() >= MAX_PATHS || steps > MAX_PATH_STEPS {
                break;
            }
            let Some(&parent) = options.get(*at) else {
                next.pop();
                if let Some(left) = path.pop() {
                    on_path.remove(&left);
                }
                continue;
            };
            *at += 1;
            if on_path.contains(&parent) {
                continue;
            }
            path.push(parent);
            on_path.insert(parent);
            let up = parents(parent);
            if up.iter().all(|k| on_path.contains(k)) {
                // A top concept (or the top of a cycle): a whole path.
                let mut crumbs: Vec<usize> = path[1..].to_vec();
                crumbs.reverse();
                let shown = shorten(&crumbs);
                if !out.contains(&shown) {
                    out.push(shown);
                }
                path.pop();
                on_path.remove(&parent);
                continue;
            }
            next.push((up, 0));
        }
        out
    }
}

/// How many breadcrumbs a term's page shows at most, and how many steps are taken to find
/// them (a polyhierarchy's paths multiply with its depth). Each term's search costs up to its
/// depth before the cap: at 10,000 steps a "ladder" of 5,000 terms, each narrower than the
/// two before it, took 19 CPU-s to make the site of (0.8 s as a chain), quadratic in its
/// depth. A real thesaurus is under 20 levels deep: 12 paths of it fit in 256 steps, and a
/// hierarchy deeper than that shows the tree's path alone.
pub const MAX_PATHS: usize = 12;
const MAX_PATH_STEPS: usize = 256;

/// A path of broader terms, top first, as a breadcrumb shows it: whole up to
/// [`CRUMBS_WHOLE`], else the top, `None` for the gap, and the last [`CRUMBS_LAST`].
fn shorten(path: &[usize]) -> Vec<Option<usize>> {
    if path.len() <= CRUMBS_WHOLE {
        return path.iter().map(|&j| Some(j)).collect();
    }
    let mut out = vec![Some(path[0]), None];
    out.extend(path[path.len() - CRUMBS_LAST..].iter().map(|&j| Some(j)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Decoded;
    use crate::Glossary;

    fn glossary(cards: &[(&str, &[&str])]) -> Glossary {
        Glossary::new(
            cards
                .iter()
                .map(|(slug, broader)| {
                    let line = serde_json::json!({
                        "slug": slug, "term": slug.to_uppercase(), "definition": "d",
                        "broader": broader,
                    });
                    Decoded::from_json(&line.to_string()).unwrap().card
                })
                .collect(),
        )
    }

    fn tree(g: &Glossary) -> Option<Tree> {
        let order: Vec<usize> = (0..g.cards().len()).collect();
        Tree::of(&Hierarchy::of(g), g.cards().len(), &order)
    }

    #[test]
    fn every_path_of_a_polyhierarchy_is_a_breadcrumb_and_a_cycle_is_not_followed_round() {
        // d under b and c, both under a; e under d and under f, which is in a cycle with g.
        let g = glossary(&[
            ("a", &[]),
            ("b", &["a"]),
            ("c", &["a"]),
            ("d", &["b", "c"]),
            ("e", &["d", "f"]),
            ("f", &["g"]),
            ("g", &["f"]),
        ]);
        let h = Hierarchy::of(&g);
        let t = tree(&g).unwrap();
        let slugs = |i: usize| -> Vec<Vec<String>> {
            t.breadcrumbs(&h, i)
                .into_iter()
                .map(|p| {
                    p.into_iter()
                        .map(|s| s.map_or("…".into(), |j| g.cards()[j].slug().to_owned()))
                        .collect()
                })
                .collect()
        };
        assert_eq!(slugs(3), [vec!["a", "b"], vec!["a", "c"]]);
        let e = slugs(4);
        assert_eq!(e[0], ["a", "b", "d"], "{e:?}");
        assert!(
            e.contains(&vec!["a".into(), "c".into(), "d".into()]),
            "{e:?}"
        );
        assert!(e.contains(&vec!["g".into(), "f".into()]), "{e:?}");
        assert_eq!(e.len(), 3, "{e:?}");
        assert_eq!(slugs(0), [Vec::<String>::new()]);
    }

    fn rows(t: &Tree, page: usize) -> Vec<(u32, u32, Kind, bool)> {
        t.pages[page]
            .rows
            .iter()
            .map(|r| (r.card, r.depth, r.kind, r.first))
            .collect()
    }

    #[test]
    fn no_broader_term_no_tree() {
        let g = glossary(&[("a", &[]), ("b", &["http://x.example/top"])]);
        assert!(tree(&g).is_none());
    }

    #[test]
    fn a_term_under_two_broader_terms_is_under_each_its_narrower_once() {
        // a → {b, c}; d under b and c; e under d; f alone.
        let g = glossary(&[
            ("a", &[]),
            ("b", &["a"]),
            ("c", &["a"]),
            ("d", &["b", "c"]),
            ("e", &["d"]),
            ("f", &[]),
        ]);
        let t = tree(&g).unwrap();
        assert_eq!(t.tops, 2);
        assert_eq!(t.pages.len(), 1);
        use Kind::*;
        assert_eq!(
            rows(&t, 0),
            [
                (0, 0, Open, true),
                (1, 1, Open, true),
                (3, 2, Open, true),
                (4, 3, Leaf, true),
                (2, 1, Open, true),
                (3, 2, Elsewhere, false),
                (5, 0, Leaf, true),
            ]
        );
        assert_eq!(t.breadcrumb(4), [Some(0), Some(1), Some(3)]);
        assert!(t.breadcrumb(0).is_empty());
    }

    #[test]
    fn a_cycle_no_top_leads_to_follows_the_top_concepts_and_ends_where_it_comes_back() {
        let g = glossary(&[("a", &["c"]), ("b", &["a"]), ("c", &["b"]), ("d", &[])]);
        let t = tree(&g).unwrap();
        use Kind::*;
        assert_eq!(
            rows(&t, 0),
            [
                (3, 0, Leaf, true),
                (0, 0, Open, true),
                (1, 1, Open, true),
                (2, 2, Open, true),
                (0, 3, Elsewhere, false),
            ]
        );
    }

    #[test]
    fn a_deep_chain_continues_on_pages_of_their_own_and_its_breadcrumb_is_cut() {
        let n = 20_000;
        let names: Vec<String> = (0..n).map(|i| format!("t{i:05}")).collect();
        let broader: Vec<Vec<&str>> = (0..n)
            .map(|i| {
                if i == 0 {
                    vec![]
                } else {
                    vec![names[i - 1].as_str()]
                }
            })
            .collect();
        let cards: Vec<(&str, &[&str])> = (0..n)
            .map(|i| (names[i].as_str(), broader[i].as_slice()))
            .collect();
        let t = tree(&glossary(&cards)).unwrap();
        assert_eq!(t.pages.len(), 1 + (n - LEVELS).div_ceil(LEVELS - 1));
        for (at, page) in t.pages.iter().enumerate() {
            assert!(page.rows.len() <= LEVELS, "page {at}");
            assert!(page.rows.iter().all(|r| (r.depth as usize) < LEVELS));
            if at > 0 {
                assert_eq!(page.rows[0].card, page.root.unwrap());
            }
        }
        assert_eq!(t.pages[0].rows[LEVELS - 1].kind, Kind::Continued(1));
        assert_eq!(t.home(n - 1), t.pages.len() - 1);
        assert_eq!(
            t.breadcrumb(n - 1),
            [Some(0), None, Some(n - 4), Some(n - 3), Some(n - 2)]
        );
        assert_eq!(
            t.breadcrumb(5),
            [Some(0), Some(1), Some(2), Some(3), Some(4)]
        );
    }
}
