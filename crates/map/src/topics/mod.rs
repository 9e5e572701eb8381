//! Topics: deterministic community detection on the term graph with the Leiden algorithm.
//!
//! A glossary's `related` links form clusters of terms about one subject; finding them lets
//! the map group, colour and label terms by topic. This module partitions an undirected
//! weighted graph into communities that maximise Newman–Girvan modularity, using the Leiden
//! algorithm of Traag, Waltman & van Eck, "From Louvain to Leiden: guaranteeing well-connected
//! communities" (Sci. Rep. 9, 5233, 2019): local moving driven by a queue, a refinement step
//! that only merges well-connected pieces, and aggregation of the *refined* partition with the
//! unrefined one as the starting point on the aggregate graph. Passes repeat from the previous
//! result until the partition stops changing or a work budget is spent, and small graphs,
//! which converge quickly, get a few restarts of which the best partition is kept (Leiden
//! runs end in different local optima; the best of several beats any single peer run). Every
//! community is connected: the Leiden guarantee, backed by a final connected-components split
//! that costs O(n + e) and can only raise modularity.
//!
//! The output must be reproducible byte for byte, because it ends up in exported files: the
//! result depends only on the graph and the caller's node order (slug order). There is no
//! hashing, no threading and no clock; the random visiting orders the algorithm needs come
//! from an inline splitmix64 generator with a constant seed, ties are broken by the smaller
//! id, the refinement's exponential uses an `exp` written here from basic IEEE operations
//! (the platform `libm` may differ in the last bit), and parallel edges are summed in a
//! sorted order so even the floating-point rounding does not depend on the input order.
//!
//! Everything is linear in memory: graphs are compressed sparse rows, and the inner loops
//! gather weights per community in a dense scratch array cleared through a "touched" list,
//! so no per-node allocation happens while nodes move.
//!
//! **Why our own.** The topics are exported and gated by `export --check`, so the partition
//! must be the same on every machine and across upgrades: igraph seeds its Leiden at random
//! and NetworkX's Louvain depends on its version. On planted-topic glossaries this reaches
//! modularity 0.7588 / 0.8015 / 0.8099 at 1k / 10k / 100k terms, against igraph's Leiden with
//! its defaults 0.7566 / 0.7991 / 0.8076 and NetworkX's Louvain 0.7467 / 0.7909 / 0.8031;
//! igraph's Leiden iterated to convergence is level (within 0.0006) with 4–16x the CPU time
//! (BENCHMARKS.md, "Topic maps").

use crate::rng::Rng;

pub use super::csr::Csr;

mod leiden;

use leiden::*;

/// Constant seed for the generator behind every random order: results must not vary.
const SEED: u64 = 0x6c6f_7373_6772_6170; // "lossgrap"

/// Randomness of the refinement step (θ in the paper), relative to the mean edge weight so
/// that scaling all weights by a constant does not change the result. 0.01 is the paper's
/// and igraph's default: almost greedy, random only between nearly equal choices.
const THETA: f64 = 0.01;

/// How much work `communities` spends, in node-and-arc visits (a pass costs about n + 2e of
/// them on its first level, which dominates): under a second on one core. Within one run,
/// passes repeat from the previous result until the partition stops changing, but each costs
/// about as much as the first and on large sparse graphs the later ones add modularity only in
/// the fourth decimal; so a run stops when the budget is spent, never before `MIN_PASSES`
/// (one pass is clearly short of a converged result; igraph's default is two, and the third
/// is what puts a million-node graph ahead of it) nor after `MAX_PASSES`. Small (glossary-sized) graphs converge long before that, and converged runs
/// from different random orders end in different local optima; so while a further run as long
/// as the last one fits in the budget, another starts from singletons, up to `MAX_RUNS`, and
/// the best partition is kept (the first among equals). The budget counts work, not time, so
/// results stay deterministic.
const WORK_BUDGET: usize = 5_000_000;
const MIN_PASSES: usize = 3;
const MAX_PASSES: usize = 50;
const MAX_RUNS: usize = 8;

/// Puts the nodes that have no link into one community (the first one's), and numbers the
/// communities again in order of first appearance, as [`communities`] does; returns the
/// unlinked nodes' community, if there are any.
pub fn gather_unlinked(graph: &Csr, community: &mut [u32]) -> Option<u32> {
    let alone: Vec<u32> = (0..graph.len() as u32)
        .filter(|&v| graph.neighbours(v).next().is_none())
        .collect();
    let first = community[*alone.first()? as usize];
    for &v in &alone {
        community[v as usize] = first;
    }
    renumber(community);
    Some(community[alone[0] as usize])
}

/// Community of every node, numbered 0.. in order of each community's smallest node index.
///
/// Maximises modularity with the given `resolution` (γ; 1.0 is classic modularity, larger
/// values give smaller communities) using the Leiden algorithm, repeating full passes from the
/// previous result until the partition no longer changes or the work budget is spent, and
/// restarting small graphs a few times to keep the best result. Every community is connected;
/// isolated nodes are each their own community. Deterministic: the result depends only on the
/// graph (including its node order), never on hash order, threads or time.
///
/// # Panics
/// If `resolution` is negative or not finite.
///
/// # Complexity
/// One pass is O((n + e) · L) time for e edges and L aggregation levels (under 10 in
/// practice; the levels shrink geometrically, so the first dominates). The number of passes
/// is bounded by a work budget of 5·10⁶ node-and-arc visits, but is at least 3: time is
/// O(n + e) for large graphs and bounded by a constant for small ones. Memory is O(n + e).
pub fn communities(graph: &Csr, resolution: f64) -> Vec<u32> {
    assert!(
        resolution.is_finite() && resolution >= 0.0,
        "resolution must be finite and non-negative, not {resolution}"
    );
    let n = graph.len();
    if graph.edge_count() == 0 {
        return (0..n as u32).collect();
    }
    let params = Params {
        // Gains are computed in weight units: w(v, C) − γ·k_v·K_C / 2m.
        scale: resolution / (2.0 * graph.total_weight()),
        theta: THETA * graph.total_weight() / graph.edge_count() as f64,
    };
    let mut rng = Rng(SEED);
    let mut scratch = Scratch::new(n);
    let size = n + 2 * graph.edge_count();
    let mut best: Option<(f64, Vec<u32>)> = None;
    let mut spent = 0;
    for _ in 0..MAX_RUNS {
        let passes = (WORK_BUDGET.saturating_sub(spent) / size).clamp(MIN_PASSES, MAX_PASSES);
        let mut partition: Vec<u32> = (0..n as u32).collect();
        let mut done = 0;
        while done < passes {
            done += 1;
            let mut next = leiden_pass(graph, &partition, &params, &mut rng, &mut scratch);
            renumber(&mut next);
            if next == partition {
                break;
            }
            partition = next;
        }
        spent += done * size;
        let partition = graph.connected_parts(&partition);
        let q = modularity(graph, &partition, resolution);
        if best.as_ref().is_none_or(|(best_q, _)| q > *best_q) {
            best = Some((q, partition));
        }
        // Another run only if one as long as this one fits in the budget.
        if spent + done * size > WORK_BUDGET {
            break;
        }
    }
    best.map(|(_, partition)| partition).unwrap_or_default()
}

/// Newman–Girvan modularity of a partition, with resolution γ:
/// Q = Σ_c [ L_c / m − γ · (K_c / 2m)² ], where L_c is the weight of the edges inside c,
/// K_c the summed strength of its nodes and m the graph's total weight.
///
/// Community ids may be any `u32` values. A graph without edges has modularity 0.
///
/// # Panics
/// If `community.len() != graph.len()`.
///
/// # Complexity
/// O(n log n + e) time, O(n) memory.
pub fn modularity(graph: &Csr, community: &[u32], resolution: f64) -> f64 {
    assert_eq!(community.len(), graph.len(), "one community per node");
    let m = graph.total_weight();
    if m <= 0.0 {
        return 0.0;
    }
    let (dense, k) = dense_labels(community);
    let mut inside = vec![0.0; k];
    let mut total = vec![0.0; k];
    for v in 0..graph.len() {
        let c = dense[v] as usize;
        total[c] += graph.strengths[v];
        for (u, w) in graph.neighbours(v as u32) {
            if dense[u as usize] as usize == c {
                inside[c] += w; // each internal edge seen from both ends: 2·L_c in the end
            }
        }
    }
    let two_m = 2.0 * m;
    inside
        .iter()
        .zip(&total)
        .map(|(&l2, &kc)| l2 / two_m - resolution * (kc / two_m) * (kc / two_m))
        .sum()
}

/// Normalised mutual information between two partitions of the same nodes, normalised by the
/// arithmetic mean of the two entropies (scikit-learn's default):
/// NMI = I(a; b) / ((H(a) + H(b)) / 2), in [0, 1].
///
/// As in scikit-learn, two partitions that are both a single block (or empty) score 1, and a
/// single block against anything else scores 0.
///
/// # Panics
/// If the slices differ in length.
///
/// # Complexity
/// O(n log n) time, O(n) memory.
pub fn nmi(a: &[u32], b: &[u32]) -> f64 {
    assert_eq!(a.len(), b.len(), "partitions of different sizes");
    let n = a.len();
    let (da, ka) = dense_labels(a);
    let (db, kb) = dense_labels(b);
    if ka == kb && ka <= 1 {
        return 1.0;
    }
    let nf = n as f64;
    let entropy = |labels: &[u32], k: usize| {
        let mut count = vec![0usize; k];
        for &l in labels {
            count[l as usize] += 1;
        }
        let h: f64 = count
            .iter()
            .filter(|&&c| c > 0)
            .map(|&c| {
                let p = c as f64 / nf;
                -p * p.ln()
            })
            .sum();
        (h, count)
    };
    let (ha, count_a) = entropy(&da, ka);
    let (hb, count_b) = entropy(&db, kb);
    // The contingency table, sparse: sort the (a, b) pairs and count runs.
    let mut pairs: Vec<(u32, u32)> = da.iter().copied().zip(db.iter().copied()).collect();
    pairs.sort_unstable();
    let mut mi = 0.0;
    let mut i = 0;
    while i < pairs.len() {
        let mut j = i;
        while j < pairs.len() && pairs[j] == pairs[i] {
            j += 1;
        }
        let nij = (j - i) as f64;
        let (x, y) = pairs[i];
        let ai = count_a[x as usize] as f64;
        let bj = count_b[y as usize] as f64;
        mi += nij / nf * (nf * nij / (ai * bj)).ln();
        i = j;
    }
    let mi = mi.max(0.0);
    let norm = (ha + hb) / 2.0;
    if norm <= f64::EPSILON {
        return if mi <= f64::EPSILON { 1.0 } else { 0.0 };
    }
    (mi / norm).clamp(0.0, 1.0)
}

/// The most central node of each community: the node with the highest strength inside its
/// own community (summed weight of its edges to other members), ties to the smaller index.
///
/// `result[c]` is the centre of community `c`; the result has `max id + 1` entries, so ids
/// should be dense as [`communities`] returns them. An id no node carries gets `u32::MAX`.
///
/// # Panics
/// If `community.len() != graph.len()`.
///
/// # Complexity
/// O(n + e) time, O(n + k) memory for k communities.
pub fn centres(graph: &Csr, community: &[u32]) -> Vec<u32> {
    assert_eq!(community.len(), graph.len(), "one community per node");
    let k = community.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
    let mut best = vec![u32::MAX; k];
    let mut best_strength = vec![f64::NEG_INFINITY; k];
    for (v, &c) in community.iter().enumerate() {
        let inner: f64 = graph
            .neighbours(v as u32)
            .filter(|&(u, _)| community[u as usize] == c)
            .map(|(_, w)| w)
            .sum();
        // Strictly greater: nodes come in increasing order, so ties keep the smaller index.
        if inner > best_strength[c as usize] {
            best_strength[c as usize] = inner;
            best[c as usize] = v as u32;
        }
    }
    best
}
#[cfg(test)]
mod tests {
    use super::*;

    fn clique_edges(nodes: std::ops::Range<u32>) -> Vec<(u32, u32, f64)> {
        let mut edges = Vec::new();
        for a in nodes.clone() {
            for b in a + 1..nodes.end {
                edges.push((a, b, 1.0));
            }
        }
        edges
    }

    /// A planted-partition graph: `groups` groups of `size` nodes, each node with about
    /// `inner` edges inside its group and `outer` to random other nodes.
    fn planted(
        groups: u32,
        size: u32,
        inner: u32,
        outer: u32,
        seed: u64,
    ) -> (usize, Vec<(u32, u32, f64)>) {
        let mut rng = Rng(seed);
        let n = groups * size;
        let mut edges = Vec::new();
        for v in 0..n {
            let g = v / size;
            for _ in 0..inner {
                let u = g * size + rng.below_usize(size as usize) as u32;
                edges.push((v, u, 1.0));
            }
            for _ in 0..outer {
                edges.push((v, rng.below_usize(n as usize) as u32, 1.0));
            }
        }
        (n as usize, edges)
    }

    #[test]
    fn csr_merges_and_sorts() {
        let g = Csr::from_edges(
            4,
            vec![
                (2, 0, 1.0),
                (0, 2, 2.0),
                (1, 1, 5.0),
                (3, 0, 0.5),
                (1, 3, -1.0),
            ],
        );
        assert_eq!(g.len(), 4);
        assert_eq!(
            g.neighbours(0).collect::<Vec<_>>(),
            vec![(2, 3.0), (3, 0.5)]
        );
        assert_eq!(g.neighbours(1).count(), 0);
        assert_eq!(g.neighbours(3).collect::<Vec<_>>(), vec![(0, 0.5)]);
        assert_eq!(g.strength(0), 3.5);
        assert_eq!(g.total_weight(), 3.5);
    }

    #[test]
    fn two_cliques_joined_by_one_edge() {
        let mut edges = clique_edges(0..5);
        edges.extend(clique_edges(5..10));
        edges.push((4, 5, 1.0));
        let g = Csr::from_edges(10, edges);
        let c = communities(&g, 1.0);
        assert_eq!(c, vec![0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
        assert_eq!(centres(&g, &c), vec![0, 5]);
    }

    #[test]
    fn modularity_of_known_partitions() {
        // Two triangles joined by one edge: m = 7, strengths 2,2,3 | 3,2,2.
        let mut edges = clique_edges(0..3);
        edges.extend(clique_edges(3..6));
        edges.push((2, 3, 1.0));
        let g = Csr::from_edges(6, edges);
        // Each triangle: L_c = 3, K_c = 7 → 2 · (3/7 − (7/14)²) = 6/7 − 1/2 = 5/14.
        let q = modularity(&g, &[0, 0, 0, 1, 1, 1], 1.0);
        assert!((q - 5.0 / 14.0).abs() < 1e-12, "{q}");
        // One community: 7/7 − 1 = 0.
        assert!(modularity(&g, &[3; 6], 1.0).abs() < 1e-12);
        // Singletons: −Σ (k/14)² = −(4+4+9+9+4+4)/196 = −34/196.
        let q = modularity(&g, &[0, 1, 2, 3, 4, 5], 1.0);
        assert!((q + 34.0 / 196.0).abs() < 1e-12, "{q}");
        // Resolution 2 on the two triangles: 6/7 − 2 · 1/2 = −1/7.
        let q = modularity(&g, &[7, 7, 7, 9, 9, 9], 2.0);
        assert!((q + 1.0 / 7.0).abs() < 1e-12, "{q}");
        assert_eq!(communities(&g, 1.0), vec![0, 0, 0, 1, 1, 1]);
    }

    #[test]
    fn deterministic_whatever_the_edge_order() {
        let (n, edges) = planted(20, 30, 4, 2, 7);
        let g = Csr::from_edges(n, edges.clone());
        let first = communities(&g, 1.0);
        let mut shuffled = edges;
        let mut rng = Rng(99);
        for i in (1..shuffled.len()).rev() {
            let j = rng.below_usize(i + 1);
            shuffled.swap(i, j);
        }
        let flipped = shuffled.into_iter().map(|(a, b, w)| (b, a, w));
        let h = Csr::from_edges(n, flipped);
        assert_eq!(g, h);
        assert_eq!(communities(&h, 1.0), first);
        assert_eq!(communities(&g, 1.0), first);
    }

    #[test]
    fn communities_are_connected_and_beat_the_planted_partition() {
        let (n, edges) = planted(30, 40, 3, 2, 11);
        let g = Csr::from_edges(n, edges);
        let c = communities(&g, 1.0);
        // Canonical numbering: ids appear in increasing order of first node.
        let mut next = 0;
        for &id in &c {
            assert!(id <= next);
            if id == next {
                next += 1;
            }
        }
        // Every community is connected: the components restricted to it are the community.
        assert_eq!(g.connected_parts(&c), c);
        let truth: Vec<u32> = (0..n as u32).map(|v| v / 40).collect();
        assert!(modularity(&g, &c, 1.0) >= modularity(&g, &truth, 1.0) - 1e-9);
        assert!(nmi(&c, &truth) > 0.8, "{}", nmi(&c, &truth));
    }

    #[test]
    fn communities_are_connected_on_a_sparse_random_graph() {
        // No planted structure, mean degree ~2: many trees, leaves and small components,
        // where Louvain-style moving is most prone to leave a community in pieces.
        for seed in 0..5 {
            let (n, edges) = planted(1, 2000, 0, 1, seed);
            let g = Csr::from_edges(n, edges);
            let c = communities(&g, 1.0);
            assert_eq!(g.connected_parts(&c), c, "seed {seed}");
            let singletons: Vec<u32> = (0..n as u32).collect();
            assert!(modularity(&g, &c, 1.0) > modularity(&g, &singletons, 1.0));
        }
    }

    #[test]
    fn leiden_passes_themselves_leave_communities_connected() {
        // The guarantee must come from the algorithm, not only from the final split.
        for (seed, (n, edges)) in [planted(1, 2000, 0, 1, 1), planted(20, 50, 2, 2, 2)]
            .into_iter()
            .enumerate()
        {
            let g = Csr::from_edges(n, edges);
            let params = Params {
                scale: 1.0 / (2.0 * g.total_weight()),
                theta: THETA * g.total_weight() / g.edge_count() as f64,
            };
            let mut rng = Rng(seed as u64);
            let mut scratch = Scratch::new(n);
            let mut partition: Vec<u32> = (0..n as u32).collect();
            for _ in 0..10 {
                let mut next = leiden_pass(&g, &partition, &params, &mut rng, &mut scratch);
                renumber(&mut next);
                assert_eq!(g.connected_parts(&next), next);
                partition = next;
            }
        }
    }

    #[test]
    fn nmi_limits() {
        let a: Vec<u32> = (0..1000).map(|v| v % 10).collect();
        let renamed: Vec<u32> = a.iter().map(|&x| 100 - x).collect();
        assert!((nmi(&a, &renamed) - 1.0).abs() < 1e-12);
        let mut rng = Rng(5);
        let b: Vec<u32> = (0..1000).map(|_| rng.below_usize(10) as u32).collect();
        assert!(nmi(&a, &b) < 0.05, "{}", nmi(&a, &b));
        assert_eq!(nmi(&[], &[]), 1.0);
        assert_eq!(nmi(&[4, 4, 4], &[1, 1, 1]), 1.0);
        assert_eq!(nmi(&[0, 0, 0, 0], &[0, 0, 1, 1]), 0.0);
        // sklearn: normalized_mutual_info_score([0,0,1,1],[0,0,1,2]) = 0.8
        assert!((nmi(&[0, 0, 1, 1], &[0, 0, 1, 2]) - 0.8).abs() < 1e-12);
    }

    #[test]
    fn empty_graph_and_isolated_nodes() {
        let empty = Csr::from_edges(0, Vec::new());
        assert!(empty.is_empty());
        assert!(communities(&empty, 1.0).is_empty());
        assert!(centres(&empty, &[]).is_empty());
        assert_eq!(modularity(&empty, &[], 1.0), 0.0);

        let edgeless = Csr::from_edges(3, Vec::new());
        assert_eq!(communities(&edgeless, 1.0), vec![0, 1, 2]);
        assert_eq!(modularity(&edgeless, &[0, 1, 2], 1.0), 0.0);

        // A triangle plus isolated nodes 0 and 4 (and a self-loop, dropped).
        let g = Csr::from_edges(5, vec![(1, 2, 1.0), (2, 3, 1.0), (1, 3, 1.0), (4, 4, 1.0)]);
        let c = communities(&g, 1.0);
        assert_eq!(c, vec![0, 1, 1, 1, 2]);
        assert_eq!(centres(&g, &c), vec![0, 1, 4]);
    }

    #[test]
    fn exp_matches_std() {
        for i in 0..=5000 {
            let x = -(i as f64) / 100.0;
            let (ours, std) = (exp_neg(x), x.exp());
            assert!(
                (ours - std).abs() <= 4.0 * f64::EPSILON * std,
                "{x}: {ours} vs {std}"
            );
        }
    }

    #[test]
    fn resolution_controls_granularity() {
        let (n, edges) = planted(10, 50, 4, 1, 3);
        let g = Csr::from_edges(n, edges);
        let coarse = communities(&g, 0.05);
        let fine = communities(&g, 4.0);
        let count = |c: &[u32]| c.iter().max().map_or(0, |&m| m + 1);
        assert!(count(&coarse) < count(&fine));
    }
}
