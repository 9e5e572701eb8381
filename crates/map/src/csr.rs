//! The one compact graph of `map/`: an undirected weighted graph in compressed sparse rows,
//! which the topics ([`super::topics`], Leiden) and the layout ([`super::layout`]) both read,
//! and the one connected-components traversal of the crate ([`Csr::components`],
//! [`Csr::connected_parts`]; `Glossary::components` in the core crate goes through it too).
//!
//! Why not petgraph's own types: the inner loops of Leiden and of the force layout read every
//! row millions of times, and a row here is two contiguous slices (ids, weights) with the
//! node's strength precomputed, with parallel edges summed in a sorted order so that even the
//! rounding does not depend on the input order; petgraph's `Csr` keeps neither the strengths
//! nor that summation order, and its adjacency-list graphs chase a linked list per edge.

/// Undirected weighted graph in compressed sparse rows; both directions stored, self-loops
/// dropped, parallel edges summed.
///
/// Node ids are `0..len()`; the caller's order (slug order) is the order every tie-break uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Csr {
    /// `neighbours[offsets[v]..offsets[v + 1]]` are the neighbours of `v`, ascending.
    pub(super) offsets: Vec<usize>,
    pub(super) neighbours: Vec<u32>,
    /// Weight of the edge in the same position of `neighbours`.
    pub(super) weights: Vec<f64>,
    /// Weighted degree of every node. On the algorithm's aggregate graphs it also counts the
    /// weight folded inside an aggregate node (twice, as a self-loop would), which the stored
    /// rows leave out.
    pub(super) strengths: Vec<f64>,
    /// Sum of the weights of the undirected edges, each once.
    pub(super) total: f64,
}

impl Csr {
    /// Builds the graph on nodes `0..n` from undirected edges `(u, v, weight)`.
    ///
    /// Self-loops are dropped, and so are edges whose weight is not a finite positive number
    /// (modularity is not defined for negative weights). Parallel edges, in either direction,
    /// are merged into one edge with the summed weight. The result, including the rounding of
    /// those sums, is the same whatever order the edges come in: they are sorted first.
    ///
    /// # Panics
    /// If an endpoint is `>= n`, or `n` does not fit in a `u32`.
    ///
    /// # Complexity
    /// O(n + e log e) time and O(n + e) memory for `e` input edges.
    pub fn from_edges(n: usize, edges: impl IntoIterator<Item = (u32, u32, f64)>) -> Csr {
        assert!(u32::try_from(n).is_ok(), "too many nodes for u32 ids: {n}");
        let mut list: Vec<(u32, u32, f64)> = edges
            .into_iter()
            .inspect(|&(u, v, _)| {
                assert!(
                    (u as usize) < n && (v as usize) < n,
                    "edge ({u}, {v}) out of range for {n} nodes"
                );
            })
            .filter(|&(u, v, w)| u != v && w.is_finite() && w > 0.0)
            .map(|(u, v, w)| (u.min(v), u.max(v), w))
            .collect();
        // Sorting on the weight as well fixes the order in which duplicates are summed.
        list.sort_unstable_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then(a.2.total_cmp(&b.2)));
        let mut merged: Vec<(u32, u32, f64)> = Vec::with_capacity(list.len());
        for (u, v, w) in list {
            match merged.last_mut() {
                Some(last) if last.0 == u && last.1 == v => last.2 += w,
                _ => merged.push((u, v, w)),
            }
        }

        let mut offsets = vec![0usize; n + 1];
        for &(u, v, _) in &merged {
            offsets[u as usize + 1] += 1;
            offsets[v as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        // One pass over the edges sorted by (smaller, larger) fills every row in ascending
        // order: node x first receives its smaller neighbours (from edges (a, x), a < x, in
        // increasing a), then its larger ones (the block of edges (x, b), increasing b).
        let mut next = offsets.clone();
        let mut neighbours = vec![0u32; 2 * merged.len()];
        let mut weights = vec![0f64; 2 * merged.len()];
        let mut total = 0.0;
        for &(u, v, w) in &merged {
            let (iu, iv) = (u as usize, v as usize);
            neighbours[next[iu]] = v;
            weights[next[iu]] = w;
            next[iu] += 1;
            neighbours[next[iv]] = u;
            weights[next[iv]] = w;
            next[iv] += 1;
            total += w;
        }
        let strengths = (0..n)
            .map(|v| weights[offsets[v]..offsets[v + 1]].iter().sum())
            .collect();
        Csr {
            offsets,
            neighbours,
            weights,
            strengths,
            total,
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.strengths.len()
    }

    /// Whether the graph has no nodes.
    pub fn is_empty(&self) -> bool {
        self.strengths.is_empty()
    }

    /// Neighbours of `v` with the edge weights, sorted by neighbour id.
    ///
    /// # Complexity
    /// O(1) to create, O(1) per item.
    pub fn neighbours(&self, v: u32) -> impl Iterator<Item = (u32, f64)> + '_ {
        let range = self.row(v as usize);
        self.neighbours[range.clone()]
            .iter()
            .copied()
            .zip(self.weights[range].iter().copied())
    }

    /// Weighted degree of `v`: the sum of the weights of its edges.
    pub fn strength(&self, v: u32) -> f64 {
        self.strengths[v as usize]
    }

    /// Sum of the edge weights, each undirected edge counted once (m in modularity's formula).
    pub fn total_weight(&self) -> f64 {
        self.total
    }

    pub(super) fn row(&self, v: usize) -> std::ops::Range<usize> {
        self.offsets[v]..self.offsets[v + 1]
    }

    /// Number of undirected edges stored (self-loops excluded).
    pub(super) fn edge_count(&self) -> usize {
        self.neighbours.len() / 2
    }

    /// Neighbours of `v`, ascending, without their weights.
    pub fn neighbour_ids(&self, v: u32) -> &[u32] {
        &self.neighbours[self.row(v as usize)]
    }

    /// Weights of `v`'s edges, in the order of [`Csr::neighbour_ids`].
    pub fn neighbour_weights(&self, v: u32) -> &[f64] {
        &self.weights[self.row(v as usize)]
    }

    /// The undirected edges `(u, v, weight)` with `u < v`, sorted: the canonical edge list the
    /// graph was built from, parallel edges summed.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32, f64)> + '_ {
        (0..self.len() as u32).flat_map(move |v| {
            self.neighbour_ids(v)
                .iter()
                .zip(self.neighbour_weights(v))
                .filter(move |&(&u, _)| u > v)
                .map(move |(&u, &w)| (v, u, w))
        })
    }

    /// Connected components, each a sorted member list, ordered by smallest member.
    ///
    /// # Complexity
    /// O(n + e) time and memory.
    pub fn components(&self) -> Vec<Vec<u32>> {
        let label = self.parts(|_, _| true);
        let count = label.iter().max().map_or(0, |&l| l as usize + 1);
        let mut members = vec![Vec::new(); count];
        for (v, &c) in label.iter().enumerate() {
            members[c as usize].push(v as u32);
        }
        members
    }

    /// Splits every community into its connected components and numbers the results in order
    /// of smallest node: the final, canonical form of a partition. (Splitting never lowers
    /// modularity: the parts share no edges, and separating them removes a positive penalty.)
    ///
    /// # Complexity
    /// O(n + e) time and memory.
    pub fn connected_parts(&self, community: &[u32]) -> Vec<u32> {
        self.parts(|a, b| community[a as usize] == community[b as usize])
    }

    /// The one traversal behind [`Csr::components`] and [`Csr::connected_parts`]: a label per
    /// node, numbered in order of smallest node, following only the edges `(root, u)` for
    /// which `same(root, u)` holds (an equivalence on nodes).
    fn parts(&self, same: impl Fn(u32, u32) -> bool) -> Vec<u32> {
        let n = self.len();
        let mut label = vec![u32::MAX; n];
        let mut stack = Vec::new();
        let mut next = 0u32;
        for root in 0..n as u32 {
            if label[root as usize] != u32::MAX {
                continue;
            }
            label[root as usize] = next;
            stack.push(root);
            while let Some(v) = stack.pop() {
                for &u in self.neighbour_ids(v) {
                    if label[u as usize] == u32::MAX && same(root, u) {
                        label[u as usize] = next;
                        stack.push(u);
                    }
                }
            }
            next += 1;
        }
        label
    }
}
