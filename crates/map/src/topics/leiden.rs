//! The passes of the Leiden algorithm (Traag, Waltman and van Eck, 2019): local moving,
//! refinement within each community, and the aggregation of the graph between passes.
//! Why the algorithm is written here, with the measured reason: the module above.

use std::collections::VecDeque;

use super::*;
use crate::rng::Rng;

/// Constants of one run.
pub(super) struct Params {
    /// γ / 2m: the penalty for joining a node of strength k to a community of strength K is
    /// `scale · k · K`, in the same units as edge weights.
    pub(super) scale: f64,
    /// Refinement randomness θ in weight units.
    pub(super) theta: f64,
}

/// Dense per-community scratch space reused by every level and pass: `weight[c]` is the
/// weight from the current node to community `c` for the ids in `touched`, and negative
/// (unseen) for all others; edge weights are positive, so a sum never is. One array instead of
/// weights plus flags halves the cache misses on large graphs. Clearing walks `touched` only,
/// so the cost is the node's degree.
pub(super) struct Scratch {
    pub(super) weight: Vec<f64>,
    pub(super) touched: Vec<u32>,
}

impl Scratch {
    pub(super) fn new(n: usize) -> Scratch {
        Scratch {
            weight: vec![-1.0; n],
            touched: Vec::new(),
        }
    }

    pub(super) fn add(&mut self, c: u32, w: f64) {
        add_weight(&mut self.weight[c as usize], w, c, &mut self.touched);
    }

    pub(super) fn clear(&mut self) {
        for &c in &self.touched {
            self.weight[c as usize] = -1.0;
        }
        self.touched.clear();
    }
}

/// One pass of the Leiden algorithm from `initial` (a partition of `graph`'s nodes, ids
/// below `graph.len()`): move, refine, aggregate, until moving leaves every aggregate node
/// alone. Returns the community of every node of `graph`.
pub(super) fn leiden_pass(
    graph: &Csr,
    initial: &[u32],
    params: &Params,
    rng: &mut Rng,
    scratch: &mut Scratch,
) -> Vec<u32> {
    // `node_of[v]` is the aggregate node holding original node v at the current level.
    let mut node_of: Vec<u32> = (0..graph.len() as u32).collect();
    let mut community = initial.to_vec();
    let mut aggregate: Option<Csr> = None;
    loop {
        let g = aggregate.as_ref().unwrap_or(graph);
        move_nodes(g, &mut community, params, rng, &mut scratch.touched);
        let count = renumber(&mut community);
        if count == g.len() {
            break;
        }
        let (refined, parts) = refine(g, &community, params, rng, &mut scratch.touched);
        if parts == g.len() {
            // Refinement merged nothing, so aggregating would not shrink the graph and the
            // next level would be this one again. Stop; the final connected-components split
            // keeps the guarantee for the (rare) community this leaves disconnected.
            break;
        }
        let next = collapse(g, &refined, parts, scratch);
        // Start the aggregate level from the unrefined partition: each refined part joins
        // the community it was carved from.
        let mut start = vec![0u32; parts];
        for (v, &r) in refined.iter().enumerate() {
            start[r as usize] = community[v];
        }
        for slot in &mut node_of {
            *slot = refined[*slot as usize];
        }
        community = start;
        aggregate = Some(next);
    }
    node_of.iter().map(|&a| community[a as usize]).collect()
}

/// Fast local moving (the paper's MoveNodesFast): visit nodes from a queue, initially all
/// nodes in random order; move each to the neighbouring community (or an empty one) with the
/// largest modularity gain, and when it moves, queue its neighbours outside its new
/// community that are not queued already. Ends when the queue is empty, i.e. no node can
/// improve modularity by moving.
///
/// Ties keep the node where it is, then favour the community met first in neighbour order
/// (ascending ids), so the outcome depends only on the graph and the generator.
///
/// # Complexity
/// O(deg v) per visit; every node is visited once plus once per neighbour move.
pub(super) fn move_nodes(
    g: &Csr,
    community: &mut [u32],
    params: &Params,
    rng: &mut Rng,
    touched: &mut Vec<u32>,
) {
    /// Everything the inner loop reads about one community, in one cache line: on graphs
    /// with millions of nodes each separate array would cost its own miss per neighbour.
    #[derive(Clone, Copy)]
    struct Slot {
        /// Weight from the node being moved (negative: not a neighbouring community).
        weight: f64,
        /// Summed strength of the members.
        total: f64,
        size: u32,
    }
    let n = g.len();
    let mut slots = vec![
        Slot {
            weight: -1.0,
            total: 0.0,
            size: 0
        };
        n
    ];
    for (v, &c) in community.iter().enumerate() {
        slots[c as usize].total += g.strengths[v];
        slots[c as usize].size += 1;
    }
    // Empty community ids, highest first so the smallest is taken first.
    let mut empty: Vec<u32> = (0..n as u32)
        .rev()
        .filter(|&c| slots[c as usize].size == 0)
        .collect();
    let mut queue: VecDeque<u32> = rng.permutation(n).into();
    let mut queued = vec![true; n];
    let scale = params.scale;

    while let Some(v) = queue.pop_front() {
        queued[v as usize] = false;
        let k = g.strengths[v as usize];
        let current = community[v as usize];
        slots[current as usize].weight = 0.0;
        touched.push(current);
        for (u, w) in g.neighbours(v) {
            let c = community[u as usize];
            add_weight(&mut slots[c as usize].weight, w, c, touched);
        }
        // Take v out of its community; gains are then those of inserting a lone node.
        let cur = &mut slots[current as usize];
        cur.total -= k;
        cur.size -= 1;
        let now_empty = cur.size == 0;
        let mut best = current;
        let mut best_gain = cur.weight - scale * k * cur.total;
        for &c in touched.iter() {
            let slot = &mut slots[c as usize];
            let gain = slot.weight - scale * k * slot.total;
            slot.weight = -1.0;
            if gain > best_gain {
                best = c;
                best_gain = gain;
            }
        }
        touched.clear();
        // An empty community gains exactly 0 (no edges to it, no penalty).
        if best_gain < 0.0 && !now_empty {
            if let Some(&c) = empty.last() {
                best = c;
            }
        }

        slots[best as usize].total += k;
        slots[best as usize].size += 1;
        if best == current {
            continue;
        }
        if empty.last() == Some(&best) {
            empty.pop();
        }
        if now_empty {
            empty.push(current);
        }
        community[v as usize] = best;
        for (u, _) in g.neighbours(v) {
            if !queued[u as usize] && community[u as usize] != best {
                queued[u as usize] = true;
                queue.push_back(u);
            }
        }
    }
}

/// Refinement (the paper's RefinePartition and MergeNodesSubset): start from singletons and,
/// inside each community S of `community`, merge nodes into parts so that every part stays
/// well connected to the rest of S. A node is only considered while it is still alone, only
/// if it is itself well connected to S (E(v, S−v) ≥ γ·k_v·(K_S − k_v)/2m), and only joins a
/// part that is well connected to S, with a non-negative gain, chosen at random with
/// probability ∝ exp(gain / θ) (staying alone has gain 0). Parts only ever grow by a
/// neighbour, so they are connected.
///
/// Returns the part of every node (numbered by smallest node) and the number of parts.
///
/// # Complexity
/// O(n + e) time.
pub(super) fn refine(
    g: &Csr,
    community: &[u32],
    params: &Params,
    rng: &mut Rng,
    touched: &mut Vec<u32>,
) -> (Vec<u32>, usize) {
    /// What the inner loop reads about one part, in one cache line (see `move_nodes`).
    #[derive(Clone, Copy)]
    struct Part {
        /// Weight from the node being placed (negative: not a neighbouring part).
        weight: f64,
        /// Summed strength of the members.
        total: f64,
        /// E(P, S − P): weight from the part to the rest of its community.
        external: f64,
        size: u32,
    }
    let n = g.len();
    let scale = params.scale;
    let mut community_total = vec![0.0f64; n];
    for (v, &c) in community.iter().enumerate() {
        community_total[c as usize] += g.strengths[v];
    }
    // Every node starts as its own part; its external weight is E(v, S − v).
    let mut parts: Vec<Part> = (0..n)
        .map(|v| {
            let c = community[v];
            let external = g
                .neighbours(v as u32)
                .filter(|&(u, _)| community[u as usize] == c)
                .map(|(_, w)| w)
                .sum();
            Part {
                weight: -1.0,
                total: g.strengths[v],
                external,
                size: 1,
            }
        })
        .collect();
    let mut part: Vec<u32> = (0..n as u32).collect();
    let mut options: Vec<(u32, f64)> = Vec::new();

    for v in rng.permutation(n) {
        let vi = v as usize;
        // Still a singleton: nothing joined v and v joined nothing.
        if part[vi] != v || parts[vi].size != 1 {
            continue;
        }
        let c = community[vi];
        let k = g.strengths[vi];
        let external = parts[vi].external;
        let big_k = community_total[c as usize];
        if external < scale * k * (big_k - k) {
            continue;
        }
        for (u, w) in g.neighbours(v) {
            if community[u as usize] == c {
                let p = part[u as usize];
                add_weight(&mut parts[p as usize].weight, w, p, touched);
            }
        }
        // Candidates with non-negative gain; staying alone (gain 0) is always one.
        options.clear();
        options.push((v, 0.0));
        let mut max_gain = 0.0f64;
        for &p in touched.iter() {
            let slot = &parts[p as usize];
            let well_connected = slot.external >= scale * slot.total * (big_k - slot.total);
            let gain = slot.weight - scale * k * slot.total;
            if well_connected && gain >= 0.0 {
                options.push((p, gain));
                max_gain = max_gain.max(gain);
            }
        }
        let target = if options.len() == 1 {
            v
        } else {
            choose(&mut options, max_gain, params.theta, rng)
        };
        if target != v {
            let t = &mut parts[target as usize];
            t.external += external - 2.0 * t.weight;
            t.total += k;
            t.size += 1;
            parts[vi].size = 0;
            part[vi] = target;
        }
        for &p in touched.iter() {
            parts[p as usize].weight = -1.0;
        }
        touched.clear();
    }
    let count = renumber(&mut part);
    (part, count)
}

/// Adds `w`, the weight of a link from the node at hand into the group `id`, to `weight`, the
/// group's weight from that node (negative while none of the node's links has reached it),
/// and lists the group in `touched` the first time (see [`Scratch`]; moving and refining keep
/// the weight beside what else they read of a group, in one cache line).
#[inline]
fn add_weight(weight: &mut f64, w: f64, id: u32, touched: &mut Vec<u32>) {
    if *weight < 0.0 {
        *weight = 0.0;
        touched.push(id);
    }
    *weight += w;
}

/// Picks one of `options` at random with probability ∝ exp((gain − max_gain) / θ), in the
/// order given (deterministic for a given generator state). Options more than 50 θ below the
/// best weigh under e⁻⁵⁰ and are skipped.
pub(super) fn choose(options: &mut [(u32, f64)], max_gain: f64, theta: f64, rng: &mut Rng) -> u32 {
    let mut sum = 0.0;
    let mut live = 0;
    for option in options.iter_mut() {
        let x = (option.1 - max_gain) / theta;
        option.1 = if x < -50.0 {
            0.0
        } else if x == 0.0 {
            1.0
        } else {
            exp_neg(x)
        };
        if option.1 > 0.0 {
            sum += option.1;
            live += 1;
        }
    }
    if live == 1 {
        // Only the best counts (the usual case with θ this small): no draw needed.
        if let Some(&(p, _)) = options.iter().find(|o| o.1 > 0.0) {
            return p;
        }
    }
    let mut r = rng.unit() * sum;
    let mut last = options[0].0;
    for &(p, weight) in options.iter() {
        if weight > 0.0 {
            last = p;
            if r < weight {
                return p;
            }
            r -= weight;
        }
    }
    last // rounding left r just above the sum: take the last option with weight
}

/// e^x for -50 ≤ x ≤ 0 from additions and multiplications only, so that it rounds the same
/// on every platform (the system `exp` may differ in the last bit, which could flip a random
/// choice). x = j·ln2 + r with |r| ≤ ln2/2, e^r by its Taylor series (error ≈ 1e-16), times 2^j.
pub(super) fn exp_neg(x: f64) -> f64 {
    // ln 2 split in two (fdlibm's constants) so that j·LN2_HI is exact and r keeps its bits.
    const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
    const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
    let j = (x / std::f64::consts::LN_2).round();
    let r = (x - j * LN2_HI) - j * LN2_LO;
    let mut term = 1.0;
    let mut sum = 1.0;
    for i in 1..=16 {
        term *= r / f64::from(i);
        sum += term;
    }
    // j is in [-73, 0]: 2^j is an exact normal f64.
    sum * f64::from_bits(((1023 + j as i64) as u64) << 52)
}

/// The aggregate graph: one node per part of `part` (ids `0..parts`), edges between parts
/// with summed weights, the weight inside a part kept only in its strength.
///
/// # Complexity
/// O(n + e log d) time for maximum degree d (each aggregate row is sorted).
pub(super) fn collapse(g: &Csr, part: &[u32], parts: usize, s: &mut Scratch) -> Csr {
    // Members of each part in increasing node order (counting sort).
    let mut start = vec![0usize; parts + 1];
    for &p in part {
        start[p as usize + 1] += 1;
    }
    for i in 0..parts {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut members = vec![0u32; part.len()];
    for (v, &p) in part.iter().enumerate() {
        members[fill[p as usize]] = v as u32;
        fill[p as usize] += 1;
    }

    let mut offsets = Vec::with_capacity(parts + 1);
    offsets.push(0);
    let mut neighbours = Vec::new();
    let mut weights = Vec::new();
    let mut strengths = vec![0.0; parts];
    for p in 0..parts {
        for &v in &members[start[p]..start[p + 1]] {
            strengths[p] += g.strengths[v as usize];
            for (u, w) in g.neighbours(v) {
                let q = part[u as usize];
                if q as usize != p {
                    s.add(q, w);
                }
            }
        }
        s.touched.sort_unstable();
        for &q in &s.touched {
            neighbours.push(q);
            weights.push(s.weight[q as usize]);
        }
        s.clear();
        offsets.push(neighbours.len());
    }
    Csr {
        offsets,
        neighbours,
        weights,
        strengths,
        total: g.total,
    }
}

/// Renumbers ids in order of first appearance (ids must be below `ids.len()`); returns how
/// many distinct ids there are.
pub(super) fn renumber(ids: &mut [u32]) -> usize {
    let mut map = vec![u32::MAX; ids.len()];
    let mut next = 0u32;
    for id in ids.iter_mut() {
        let slot = &mut map[*id as usize];
        if *slot == u32::MAX {
            *slot = next;
            next += 1;
        }
        *id = *slot;
    }
    next as usize
}

/// Maps arbitrary `u32` labels to `0..k` (in increasing label order); returns them and k.
pub(super) fn dense_labels(labels: &[u32]) -> (Vec<u32>, usize) {
    let mut distinct = labels.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let dense = labels
        .iter()
        .map(|l| distinct.binary_search(l).unwrap_or(0) as u32)
        .collect();
    (dense, distinct.len())
}
