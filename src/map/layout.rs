//! Deterministic 2-D layout of a glossary graph for a map drawing: positions (in points) for
//! label boxes such that connected terms sit near each other, topics come out as visible
//! clusters and no two labels overlap.
//!
//! The shape follows three constraints. *Scale*: glossaries reach 10^5–10^6 terms, so the
//! method is multilevel (heavy-edge matching, restricted to a topic while that still shrinks
//! the graph) with ForceAtlas2 forces (Jacomy et al., PLoS ONE 2014: degree-weighted
//! repulsion, linear attraction, gravity, adaptive global speed from swing and traction) and
//! Barnes–Hut quadtree repulsion, so one iteration is O(n log n) and the fine levels only need
//! a short refinement. *Determinism*: the output is a pure function of the input, bit for bit:
//! edges are canonicalised and sorted before use, randomness comes from SplitMix64 ([`crate::rng`])
//! keyed by the seed and node index, every reduction runs in node order, and the parallel part
//! (the per-node force, the bulk of the work) writes one independent result per node, so the
//! thread count cannot change a bit. *Drawing*: topics get a spring towards their centroid on
//! top of the edge forces, connected components are laid out one by one and shelf-packed (a
//! gravity-only layout flings small components away or piles them up), and a final greedy
//! placement (centre outwards, each label at the nearest free spot to its layout position)
//! removes every label overlap in one pass.

use std::collections::{BinaryHeap, HashMap, HashSet};
use std::thread;

use crate::rng::{mix, GOLDEN};

/// A node's label box, in points, centred on its position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node {
    pub width: f64,
    pub height: f64,
}

/// Layout settings. `Default` gives the tuned values; only `threads` usually needs setting.
#[derive(Clone, Debug)]
pub struct Options {
    /// Worker threads for the force computation (1 = no threads spawned). Never changes the
    /// result.
    pub threads: usize,
    /// Seed of the initial positions and of the interpolation jitter.
    pub seed: u64,
    /// ForceAtlas2 iterations on the finest level; coarser levels get more (they are cheaper).
    pub iterations: usize,
    /// Iterations on the coarsest level, laid out from random positions.
    pub coarse_iterations: usize,
    /// Barnes–Hut opening criterion: a quadtree cell of side `s` at distance `d` is used as one
    /// body when `s < theta * d`. Larger is faster and coarser.
    pub theta: f64,
    /// ForceAtlas2 repulsion coefficient `k_r`.
    pub scaling: f64,
    /// ForceAtlas2 gravity `k_g` (constant-magnitude pull to the component's centre).
    pub gravity: f64,
    /// Spring of each node towards its topic's centroid, relative to its mass.
    pub group_attraction: f64,
    /// Area of the drawing before label placement, as a multiple of the labels' total area.
    /// Smaller is more compact but moves labels further from their layout positions.
    pub spread: f64,
    /// Minimum gap, in points, kept between label boxes and between packed components.
    pub padding: f64,
    /// Run the final overlap removal (on by default; off only to measure the raw layout).
    pub separate_labels: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            seed: 0x676c_6f73_7367_7261,
            iterations: 40,
            coarse_iterations: 300,
            theta: 1.5,
            scaling: 2.0,
            gravity: 1.0,
            group_attraction: 0.1,
            spread: 1.5,
            padding: 2.0,
            separate_labels: true,
        }
    }
}

/// Positions (x, y) in points, one per node, for an undirected weighted graph given as an edge
/// list `(u, v, weight)` over nodes `0..nodes.len()`. `group[v]` is v's topic; members of a
/// topic are coarsened together first and pulled towards their topic's centroid, so topics come
/// out as clusters. Self-loops, edges with an endpoint out of range and non-positive or
/// non-finite weights are ignored; parallel edges add up. A missing `group` entry counts as
/// topic `u32::MAX`.
///
/// Deterministic: the same input gives the same bits whatever `options.threads` and the order
/// of `edges`. No two label boxes overlap in the result.
///
/// # Complexity
/// O((n + m) log n) per ForceAtlas2 iteration with a bounded number of iterations per level
/// and geometrically shrinking levels, so O((n + m) log n) overall in practice; O(n + m)
/// memory. The label placement is one pass, O(n log n) plus a search per node that stays
/// short when the drawing is scaled to the labels (see `remove_overlaps`).
pub fn layout(
    nodes: &[Node],
    edges: &[(u32, u32, f64)],
    group: &[u32],
    options: &Options,
) -> Vec<(f64, f64)> {
    let n = nodes.len();
    if n == 0 {
        return Vec::new();
    }
    let boxes: Vec<(f64, f64)> = nodes
        .iter()
        .map(|b| (half_extent(b.width), half_extent(b.height)))
        .collect();
    let graph = Graph::from_canonical(n, &canonical_edges(n, edges));
    let groups: Vec<u32> = (0..n)
        .map(|v| group.get(v).copied().unwrap_or(u32::MAX))
        .collect();

    // Lay out each connected component on its own, in local coordinates with labels already
    // separated, then pack the components' bounding boxes.
    let components = graph.components();
    let mut local_of = vec![0u32; n];
    let mut pos = vec![(0.0, 0.0); n];
    let mut extents = Vec::with_capacity(components.len());
    for members in &components {
        let local = layout_component(&graph, members, &groups, &boxes, &mut local_of, options);
        let mut ext = (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        );
        for (&v, &(x, y)) in members.iter().zip(&local) {
            let (hw, hh) = boxes[v as usize];
            ext.0 = ext.0.min(x - hw);
            ext.1 = ext.1.min(y - hh);
            ext.2 = ext.2.max(x + hw);
            ext.3 = ext.3.max(y + hh);
            pos[v as usize] = (x, y);
        }
        extents.push(ext);
    }
    pack_components(
        &components,
        &extents,
        &mut pos,
        options.padding.max(0.0) + 8.0,
    );
    pos
}

/// Mean, over nodes with at least one neighbour, of the fraction of v's graph neighbours that
/// are among v's `deg(v)` nearest nodes in the drawing (ties broken by node index). 1.0 means
/// every node's nearest nodes are exactly its neighbours. Edges are treated as in [`layout`];
/// returns 0.0 when no node has a neighbour.
///
/// # Complexity
/// O(n log n) to build a k-d tree plus about O(k log n) per node for its k-nearest query,
/// i.e. O((n + m) log n); O(n + m) memory.
pub fn neighbourhood_preservation(edges: &[(u32, u32, f64)], positions: &[(f64, f64)]) -> f64 {
    let n = positions.len();
    let graph = Graph::from_canonical(n, &canonical_edges(n, edges));
    let tree = KdTree::build(positions);
    let threads = thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(8);
    let mut score = vec![f64::NAN; n];
    for_each_chunk(&mut score, threads, |start, out| {
        let mut heap = BinaryHeap::new();
        for (k, s) in out.iter_mut().enumerate() {
            let v = start + k;
            let nbrs = graph.neighbours(v);
            if nbrs.is_empty() {
                continue;
            }
            heap.clear();
            tree.nearest(positions, v as u32, nbrs.len(), &mut heap);
            let hits = heap
                .iter()
                .filter(|&&(_, u)| nbrs.binary_search(&u).is_ok())
                .count();
            *s = hits as f64 / nbrs.len() as f64;
        }
    });
    let (sum, count) = score
        .iter()
        .filter(|s| !s.is_nan())
        .fold((0.0, 0usize), |(s, c), &x| (s + x, c + 1));
    if count == 0 {
        0.0
    } else {
        sum / count as f64
    }
}

/// Number of pairs of label boxes, centred on their positions, whose interiors intersect
/// (boxes that only touch do not count).
///
/// # Complexity
/// O(n log n) for a uniform grid with cells as large as the largest box, plus the candidate
/// pairs in neighbouring cells: O(n) for a drawing without heavy pile-ups, O(n^2) at worst.
pub fn overlaps(nodes: &[Node], positions: &[(f64, f64)]) -> usize {
    let n = nodes.len().min(positions.len());
    let boxes: Vec<(f64, f64)> = nodes[..n]
        .iter()
        .map(|b| (half_extent(b.width), half_extent(b.height)))
        .collect();
    let grid = Grid::build(&positions[..n], &boxes, 0.0);
    let mut count = 0;
    for i in 0..n {
        grid.for_candidates(positions[i], |j| {
            if j > i && overlap(positions[i], boxes[i], positions[j], boxes[j], 0.0).is_some() {
                count += 1;
            }
        });
    }
    count
}

// ---------------------------------------------------------------------------------------------
// Graph representation

/// Half of a box side, sanitised: negative or non-finite sizes count as zero.
fn half_extent(side: f64) -> f64 {
    if side.is_finite() && side > 0.0 {
        side / 2.0
    } else {
        0.0
    }
}

/// Edges as `(min, max, weight)` sorted by endpoints with parallel edges summed. Sorting by the
/// weight's total order inside a run fixes the summation order, so the sum does not depend on
/// the caller's edge order either.
fn canonical_edges(n: usize, edges: &[(u32, u32, f64)]) -> Vec<(u32, u32, f64)> {
    let mut out: Vec<(u32, u32, f64)> = edges
        .iter()
        .filter(|&&(u, v, w)| {
            u != v && (u as usize) < n && (v as usize) < n && w > 0.0 && w.is_finite()
        })
        .map(|&(u, v, w)| (u.min(v), u.max(v), w))
        .collect();
    out.sort_unstable_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then(a.2.total_cmp(&b.2)));
    out.dedup_by(|next, kept| {
        if (next.0, next.1) == (kept.0, kept.1) {
            kept.2 += next.2;
            true
        } else {
            false
        }
    });
    out
}

/// Compressed sparse rows of an undirected graph; each neighbour list is sorted.
struct Graph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
    weights: Vec<f64>,
}

impl Graph {
    /// From canonical edges (sorted, `u < v`, no duplicates). Filling the rows in edge order
    /// leaves them sorted: row x first receives the `u < x` of edges `(u, x)` in increasing u,
    /// then the `v > x` of edges `(x, v)` in increasing v.
    fn from_canonical(n: usize, edges: &[(u32, u32, f64)]) -> Graph {
        let mut offsets = vec![0usize; n + 1];
        for &(u, v, _) in edges {
            offsets[u as usize + 1] += 1;
            offsets[v as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets[..n].to_vec();
        let mut targets = vec![0u32; 2 * edges.len()];
        let mut weights = vec![0.0; 2 * edges.len()];
        for &(u, v, w) in edges {
            for (a, b) in [(u, v), (v, u)] {
                let slot = &mut fill[a as usize];
                targets[*slot] = b;
                weights[*slot] = w;
                *slot += 1;
            }
        }
        Graph {
            offsets,
            targets,
            weights,
        }
    }

    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    fn neighbours(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    fn edge_weights(&self, v: usize) -> &[f64] {
        &self.weights[self.offsets[v]..self.offsets[v + 1]]
    }

    /// Canonical edge list back from the rows.
    fn edges(&self) -> impl Iterator<Item = (u32, u32, f64)> + '_ {
        (0..self.len()).flat_map(move |v| {
            self.neighbours(v)
                .iter()
                .zip(self.edge_weights(v))
                .filter(move |&(&u, _)| u as usize > v)
                .map(move |(&u, &w)| (v as u32, u, w))
        })
    }

    /// Connected components, each a sorted member list, ordered by smallest member.
    fn components(&self) -> Vec<Vec<u32>> {
        let n = self.len();
        let mut comp = vec![u32::MAX; n];
        let mut count = 0u32;
        let mut stack = Vec::new();
        for s in 0..n {
            if comp[s] != u32::MAX {
                continue;
            }
            comp[s] = count;
            stack.push(s as u32);
            while let Some(v) = stack.pop() {
                for &u in self.neighbours(v as usize) {
                    if comp[u as usize] == u32::MAX {
                        comp[u as usize] = count;
                        stack.push(u);
                    }
                }
            }
            count += 1;
        }
        let mut members = vec![Vec::new(); count as usize];
        for (v, &c) in comp.iter().enumerate() {
            members[c as usize].push(v as u32);
        }
        members
    }
}

// ---------------------------------------------------------------------------------------------
// Randomness and parallelism

/// SplitMix64 ([`crate::rng`]) as a hash of `seed` and a counter: stateless, so a
/// value depends only on what it is for, never on the order things were computed in.
fn splitmix(seed: u64, counter: u64) -> u64 {
    mix(seed.wrapping_add(counter.wrapping_add(1).wrapping_mul(GOLDEN)))
}

/// Euclidean length. `f64::hypot` guards against overflow at a large cost (it was 5% of the
/// run time); coordinates here are far from overflow.
fn norm(x: f64, y: f64) -> f64 {
    (x * x + y * y).sqrt()
}

/// Hasher for the placement's lookup tables (integer keys): a multiply–rotate mix, fixed, so
/// no per-process random state is involved, and much cheaper than SipHash.
#[derive(Default)]
struct MixHasher(u64);

impl std::hash::Hasher for MixHasher {
    fn finish(&self) -> u64 {
        splitmix(self.0, 0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type MixBuild = std::hash::BuildHasherDefault<MixHasher>;

/// Uniform in [0, 1) from the top 53 bits.
fn unit(seed: u64, counter: u64) -> f64 {
    (splitmix(seed, counter) >> 11) as f64 / (1u64 << 53) as f64
}

/// Work unit of the parallel loops. Fixed, so chunk boundaries never depend on the thread
/// count (and every result below is per node anyway).
const CHUNK: usize = 1024;

/// Calls `f(start, slice)` on consecutive `CHUNK`-sized pieces of `out`, on up to `threads`
/// scoped threads, each taking a contiguous run of chunks. `f` must compute each element from
/// shared read-only state only; then the result is the same for any thread count.
fn for_each_chunk<T: Send, F: Fn(usize, &mut [T]) + Sync>(out: &mut [T], threads: usize, f: F) {
    let chunks: Vec<(usize, &mut [T])> = out
        .chunks_mut(CHUNK)
        .enumerate()
        .map(|(i, c)| (i * CHUNK, c))
        .collect();
    if threads <= 1 || chunks.len() <= 1 {
        for (start, c) in chunks {
            f(start, c);
        }
        return;
    }
    let per_thread = chunks.len().div_ceil(threads.min(chunks.len()));
    let f = &f;
    thread::scope(|scope| {
        let mut rest = chunks.into_iter();
        let mine: Vec<_> = rest.by_ref().take(per_thread).collect();
        loop {
            let batch: Vec<_> = rest.by_ref().take(per_thread).collect();
            if batch.is_empty() {
                break;
            }
            scope.spawn(move || {
                for (start, c) in batch {
                    f(start, c);
                }
            });
        }
        // The calling thread does the first batch instead of idling.
        for (start, c) in mine {
            f(start, c);
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Multilevel ForceAtlas2

/// One level of the hierarchy: the graph, ForceAtlas2 masses (1 + degree at the finest level,
/// summed when nodes merge, so a coarse node repels like the nodes it stands for), topics, and
/// for coarse levels the map from the next finer level's nodes to this level's nodes.
struct Level {
    graph: Graph,
    mass: Vec<f64>,
    group: Vec<u32>,
    parent_of_finer: Vec<u32>,
}

/// Stop coarsening at this many nodes: the coarsest level is laid out from random positions
/// with the O(n log n) iteration too, and below this size it converges in a few hundred steps.
const COARSEST: usize = 48;

/// Local positions, in points, of one connected component (`members` sorted), with label
/// overlaps removed. `local_of` is scratch of length n.
fn layout_component(
    graph: &Graph,
    members: &[u32],
    groups: &[u32],
    boxes: &[(f64, f64)],
    local_of: &mut [u32],
    options: &Options,
) -> Vec<(f64, f64)> {
    if members.len() == 1 {
        return vec![(0.0, 0.0)];
    }
    for (i, &v) in members.iter().enumerate() {
        local_of[v as usize] = i as u32;
    }
    // Members are sorted and rows are sorted, so the local edge list is canonical already.
    let mut edges = Vec::new();
    for &v in members {
        let row = graph.neighbours(v as usize).iter();
        for (&u, &w) in row.zip(graph.edge_weights(v as usize)) {
            if u > v {
                edges.push((local_of[v as usize], local_of[u as usize], w));
            }
        }
    }
    let local = Graph::from_canonical(members.len(), &edges);
    let local_groups: Vec<u32> = members.iter().map(|&v| groups[v as usize]).collect();
    let local_boxes: Vec<(f64, f64)> = members.iter().map(|&v| boxes[v as usize]).collect();
    // The component's smallest node index keys its randomness: components do not share
    // streams, and the keys do not depend on which components precede it.
    let seed = splitmix(options.seed, u64::from(members[0]));
    let mut pos = multilevel(local, local_groups, seed, options);
    // Guard against a diverged run (extreme weights or options): a non-finite coordinate
    // would poison the scaling and the placement. Such nodes restart at seeded spots near
    // the origin and the placement settles them.
    for (v, p) in pos.iter_mut().enumerate() {
        if !(p.0.is_finite() && p.1.is_finite()) {
            *p = (
                unit(seed ^ 0xf1, 2 * v as u64),
                unit(seed ^ 0xf1, 2 * v as u64 + 1),
            );
        }
    }
    scale_to_labels(&mut pos, &local_boxes, options.spread, options.threads);
    if options.separate_labels {
        remove_overlaps(&mut pos, &local_boxes, options.padding.max(0.0));
    }
    pos
}

/// Coarsen to `COARSEST` nodes, lay out the coarsest level, then interpolate and refine level
/// by level. Returns positions in ForceAtlas2 units.
///
/// # Complexity
/// Each coarsening step costs O(m log m) and shrinks the graph by a constant factor; the
/// levels' ForceAtlas2 runs cost O((n_l + m_l) log n_l) per iteration.
fn multilevel(graph: Graph, group: Vec<u32>, seed: u64, options: &Options) -> Vec<(f64, f64)> {
    let mass: Vec<f64> = (0..graph.len())
        .map(|v| 1.0 + graph.neighbours(v).len() as f64)
        .collect();
    let mut levels = vec![Level {
        graph,
        mass,
        group,
        parent_of_finer: Vec::new(),
    }];
    loop {
        let last = levels.last().expect("at least the finest level");
        let n = last.graph.len();
        if n <= COARSEST {
            break;
        }
        // Topic-pure matching keeps coarse nodes inside one topic, so the topic structure is
        // what the coarse levels lay out. Once topics have collapsed the matching stalls; then
        // cross-topic merges are allowed, and coarsening stops when even they barely shrink
        // the graph (stars, for instance).
        let level_seed = splitmix(seed, levels.len() as u64);
        let mut next = coarsen(last, level_seed, false);
        if next.graph.len() as f64 > 0.75 * n as f64 {
            next = coarsen(last, level_seed, true);
        }
        if next.graph.len() as f64 > 0.9 * n as f64 {
            break;
        }
        levels.push(next);
    }

    let coarsest = levels.last().expect("at least the finest level");
    let n = coarsest.graph.len();
    let side = coarsest.mass.iter().sum::<f64>().sqrt() * options.scaling.max(1e-3).sqrt();
    let mut pos: Vec<(f64, f64)> = (0..n as u64)
        .map(|v| {
            let x = unit(seed ^ 0x5555, 2 * v);
            let y = unit(seed ^ 0x5555, 2 * v + 1);
            (side * (x - 0.5), side * (y - 0.5))
        })
        .collect();
    let depth = levels.len() - 1;
    let iterations = |l: usize| {
        if l == depth {
            options.coarse_iterations.max(options.iterations)
        } else {
            // Coarser levels are cheaper and shape the global picture: give them more steps.
            (options.iterations * (4 + l) / 4)
                .min(options.coarse_iterations.max(options.iterations))
        }
    };
    fa2(&levels[depth], &mut pos, iterations(depth), options);
    for l in (0..depth).rev() {
        pos = interpolate(&levels[l + 1], &pos, splitmix(seed, 1000 + l as u64));
        fa2(&levels[l], &mut pos, iterations(l), options);
    }
    pos
}

/// One heavy-edge matching step. Nodes are visited by increasing degree (ties by a seeded
/// hash), so leaves find partners before hubs absorb them; each takes the unmatched neighbour
/// with the largest `w / (mass_u mass_v)`, which keeps coarse nodes of similar size.
fn coarsen(level: &Level, seed: u64, cross_topic: bool) -> Level {
    let g = &level.graph;
    let n = g.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_unstable_by_key(|&v| (g.neighbours(v as usize).len(), splitmix(seed, u64::from(v))));
    let mut mate = vec![u32::MAX; n];
    for &v in &order {
        let v = v as usize;
        if mate[v] != u32::MAX {
            continue;
        }
        let mut best: Option<(f64, u32)> = None;
        for (&u, &w) in g.neighbours(v).iter().zip(g.edge_weights(v)) {
            if mate[u as usize] != u32::MAX
                || (!cross_topic && level.group[u as usize] != level.group[v])
            {
                continue;
            }
            let score = w / (level.mass[v] * level.mass[u as usize]);
            // Rows are sorted, so keeping the first maximum breaks ties by smaller index.
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, u));
            }
        }
        match best {
            Some((_, u)) => {
                mate[v] = u;
                mate[u as usize] = v as u32;
            }
            None => mate[v] = v as u32,
        }
    }
    // Coarse ids in order of the smallest member, independent of the visiting order.
    let mut parent = vec![u32::MAX; n];
    let mut mass = Vec::new();
    let mut group = Vec::new();
    for v in 0..n {
        if parent[v] == u32::MAX {
            let id = mass.len() as u32;
            let m = mate[v] as usize;
            parent[v] = id;
            parent[m] = id;
            mass.push(if m == v {
                level.mass[v]
            } else {
                level.mass[v] + level.mass[m]
            });
            group.push(level.group[v]);
        }
    }
    let coarse_edges: Vec<(u32, u32, f64)> = g
        .edges()
        .map(|(u, v, w)| (parent[u as usize], parent[v as usize], w))
        .collect();
    let coarse_n = mass.len();
    Level {
        graph: Graph::from_canonical(coarse_n, &canonical_edges(coarse_n, &coarse_edges)),
        mass,
        group,
        parent_of_finer: parent,
    }
}

/// Finer positions from coarser ones: each node starts at its coarse node's position plus a
/// seeded offset of a fifth of the coarse level's mean edge length, enough for repulsion to
/// separate merged pairs in a few steps without scrambling the coarse picture.
fn interpolate(coarse: &Level, coarse_pos: &[(f64, f64)], seed: u64) -> Vec<(f64, f64)> {
    let (mut total, mut count) = (0.0, 0usize);
    for (u, v, _) in coarse.graph.edges() {
        let (a, b) = (coarse_pos[u as usize], coarse_pos[v as usize]);
        total += norm(a.0 - b.0, a.1 - b.1);
        count += 1;
    }
    let radius = if count > 0 && total > 0.0 {
        0.2 * total / count as f64
    } else {
        1.0
    };
    coarse
        .parent_of_finer
        .iter()
        .enumerate()
        .map(|(v, &p)| {
            // A square jitter, not a disc: `sin` and `cos` come from the platform's maths
            // library and may differ in the last bit from one system to another; products
            // and sums do not.
            let dx = radius * (2.0 * unit(seed, 2 * v as u64) - 1.0);
            let dy = radius * (2.0 * unit(seed, 2 * v as u64 + 1) - 1.0);
            let (x, y) = coarse_pos[p as usize];
            (x + dx, y + dy)
        })
        .collect()
}

/// ForceAtlas2 iterations on one level, in place.
///
/// Forces per node v (Jacomy et al. 2014): repulsion `k_r m_v m_u / d` from every node
/// (Barnes–Hut), linear attraction `w d` along edges, gravity `k_g m_v` towards the origin, and
/// a topic spring `k_t m_v d` towards v's topic centroid. Speed: global speed from the ratio of
/// traction to swing with the jitter tolerance and speed-efficiency adaptation of Gephi's
/// implementation, local speed `s / (1 + sqrt(s swing_v))`.
///
/// # Complexity
/// O((n + m) log n) per iteration: an O(n log n) quadtree build and an O(log n) expected
/// Barnes–Hut walk per node, plus O(m) for edges.
fn fa2(level: &Level, pos: &mut [(f64, f64)], iterations: usize, options: &Options) {
    let n = pos.len();
    let g = &level.graph;
    let mass = &level.mass;
    // Topic ids compacted to 0..t for the centroid table.
    let mut topics: Vec<u32> = level.group.clone();
    topics.sort_unstable();
    topics.dedup();
    let topic: Vec<usize> = level
        .group
        .iter()
        .map(|t| topics.binary_search(t).expect("topic is listed"))
        .collect();
    let threads = if n >= 2 * CHUNK {
        options.threads.max(1)
    } else {
        1
    };
    let (kr, kg, kt, theta) = (
        options.scaling,
        options.gravity,
        options.group_attraction,
        options.theta,
    );

    let mut force = vec![(0.0, 0.0); n];
    let mut previous = vec![(0.0, 0.0); n];
    let mut centroid = vec![(0.0, 0.0, 0.0); topics.len()];
    let mut tree = QuadTree::default();
    let (mut speed, mut efficiency) = (1.0f64, 1.0f64);
    for _ in 0..iterations {
        tree.build(pos, mass);
        centroid.iter_mut().for_each(|c| *c = (0.0, 0.0, 0.0));
        for v in 0..n {
            let c = &mut centroid[topic[v]];
            c.0 += mass[v] * pos[v].0;
            c.1 += mass[v] * pos[v].1;
            c.2 += mass[v];
        }
        let centre: Vec<(f64, f64)> = centroid.iter().map(|c| (c.0 / c.2, c.1 / c.2)).collect();
        {
            let pos = &*pos;
            let tree = &tree;
            let centre = &centre;
            let topic = &topic;
            for_each_chunk(&mut force, threads, |start, out| {
                for (k, f) in out.iter_mut().enumerate() {
                    let v = start + k;
                    let (x, y) = pos[v];
                    let (mut fx, mut fy) = tree.repulsion(pos, mass, v, theta);
                    fx *= kr;
                    fy *= kr;
                    for (&u, &w) in g.neighbours(v).iter().zip(g.edge_weights(v)) {
                        fx += w * (pos[u as usize].0 - x);
                        fy += w * (pos[u as usize].1 - y);
                    }
                    let d = norm(x, y);
                    if d > 0.0 {
                        fx -= kg * mass[v] * x / d;
                        fy -= kg * mass[v] * y / d;
                    }
                    let (cx, cy) = centre[topic[v]];
                    fx += kt * mass[v] * (cx - x);
                    fy += kt * mass[v] * (cy - y);
                    *f = (fx, fy);
                }
            });
        }

        // Swing (how much a node's force changed direction: oscillation) and traction (how
        // much it kept pulling the same way: useful movement), mass-weighted, summed in node
        // order.
        let (mut swing, mut traction) = (0.0, 0.0);
        for v in 0..n {
            let (f, p) = (force[v], previous[v]);
            swing += mass[v] * norm(f.0 - p.0, f.1 - p.1);
            traction += mass[v] * 0.5 * norm(f.0 + p.0, f.1 + p.1);
        }
        // Jitter tolerance grows with the graph size (big graphs tolerate more local jitter);
        // speed efficiency drops when the layout oscillates and recovers when it does not;
        // the global speed rises at most 50% per step.
        let estimate = 0.05 * (n as f64).sqrt();
        let mut jitter = (estimate * traction / (n * n) as f64).clamp(estimate.sqrt(), 10.0);
        if traction > 0.0 && swing / traction > 2.0 {
            if efficiency > 0.05 {
                efficiency *= 0.5;
            }
            jitter = jitter.max(1.0);
        }
        let target = if swing > 0.0 {
            jitter * efficiency * traction / swing
        } else {
            speed * 1.5
        };
        if swing > jitter * traction {
            if efficiency > 0.05 {
                efficiency *= 0.7;
            }
        } else if speed < 1000.0 {
            efficiency *= 1.3;
        }
        speed += (target - speed).min(0.5 * speed);

        for v in 0..n {
            let (f, p) = (force[v], previous[v]);
            let node_swing = mass[v] * norm(f.0 - p.0, f.1 - p.1);
            let factor = speed / (1.0 + (speed * node_swing).sqrt());
            pos[v].0 += f.0 * factor;
            pos[v].1 += f.1 * factor;
        }
        std::mem::swap(&mut force, &mut previous);
    }
}

/// Barnes–Hut quadtree over points with masses. Nodes are stored in a flat arena; a leaf owns
/// a range of `order` (at most `LEAF` points unless they pile up past `MAX_DEPTH`).
#[derive(Default)]
struct QuadTree {
    cells: Vec<Cell>,
    order: Vec<u32>,
    scratch: Vec<u32>,
}

#[derive(Clone, Copy)]
struct Cell {
    x: f64,
    y: f64,
    mass: f64,
    side: f64,
    children: [u32; 4],
    start: u32,
    end: u32,
}

const LEAF: usize = 8;
const MAX_DEPTH: usize = 48;
const NO_CELL: u32 = u32::MAX;

impl QuadTree {
    /// Rebuilds the tree for `pos` (reusing the buffers).
    ///
    /// # Complexity
    /// O(n log n) for well spread points (each level partitions its points once), O(n · MAX_DEPTH)
    /// at worst.
    fn build(&mut self, pos: &[(f64, f64)], mass: &[f64]) {
        let n = pos.len();
        self.cells.clear();
        self.order.clear();
        self.order.extend(0..n as u32);
        self.scratch.resize(n, 0);
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for &(x, y) in pos {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let side = (x1 - x0).max(y1 - y0).max(1e-9) * (1.0 + 1e-9);
        self.build_cell(pos, mass, 0, n, (x0, y0, side), 0);
    }

    fn build_cell(
        &mut self,
        pos: &[(f64, f64)],
        mass: &[f64],
        lo: usize,
        hi: usize,
        square: (f64, f64, f64),
        depth: usize,
    ) -> u32 {
        let (x0, y0, side) = square;
        let id = self.cells.len() as u32;
        self.cells.push(Cell {
            x: 0.0,
            y: 0.0,
            mass: 0.0,
            side,
            children: [NO_CELL; 4],
            start: lo as u32,
            end: hi as u32,
        });
        let (mut mx, mut my, mut m) = (0.0, 0.0, 0.0);
        if hi - lo <= LEAF || depth >= MAX_DEPTH {
            for &v in &self.order[lo..hi] {
                let v = v as usize;
                mx += mass[v] * pos[v].0;
                my += mass[v] * pos[v].1;
                m += mass[v];
            }
        } else {
            // Stable counting partition into the four quadrants (via scratch), so the point
            // order inside every cell is a function of the positions only.
            let half = side / 2.0;
            let quadrant = |v: u32| {
                let (x, y) = pos[v as usize];
                usize::from(x >= x0 + half) + 2 * usize::from(y >= y0 + half)
            };
            let mut counts = [0usize; 4];
            for &v in &self.order[lo..hi] {
                counts[quadrant(v)] += 1;
            }
            let mut next = [lo, 0, 0, 0];
            for q in 1..4 {
                next[q] = next[q - 1] + counts[q - 1];
            }
            let starts = next;
            for i in lo..hi {
                let v = self.order[i];
                let q = quadrant(v);
                self.scratch[next[q]] = v;
                next[q] += 1;
            }
            self.order[lo..hi].copy_from_slice(&self.scratch[lo..hi]);
            let mut children = [NO_CELL; 4];
            for q in 0..4 {
                if counts[q] == 0 {
                    continue;
                }
                let cx = x0 + half * (q & 1) as f64;
                let cy = y0 + half * (q >> 1) as f64;
                let child = self.build_cell(
                    pos,
                    mass,
                    starts[q],
                    starts[q] + counts[q],
                    (cx, cy, half),
                    depth + 1,
                );
                let c = self.cells[child as usize];
                mx += c.mass * c.x;
                my += c.mass * c.y;
                m += c.mass;
                children[q] = child;
            }
            self.cells[id as usize].children = children;
        }
        let cell = &mut self.cells[id as usize];
        cell.mass = m;
        (cell.x, cell.y) = if m > 0.0 { (mx / m, my / m) } else { (x0, y0) };
        id
    }

    /// Repulsion on node v without the `k_r` factor: sum of `m_v m_u (p_v - p_u) / d^2`
    /// (magnitude `m_v m_u / d`), with far cells taken as one body at their centre of mass.
    fn repulsion(&self, pos: &[(f64, f64)], mass: &[f64], v: usize, theta: f64) -> (f64, f64) {
        let (x, y) = pos[v];
        let (mut fx, mut fy) = (0.0, 0.0);
        // Depth is at most MAX_DEPTH and each visited cell pushes at most 4 children, so this
        // fixed stack never overflows.
        let mut stack = [0u32; 4 * MAX_DEPTH + 8];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let cell = &self.cells[stack[top] as usize];
            let (dx, dy) = (x - cell.x, y - cell.y);
            let d2 = dx * dx + dy * dy;
            let leaf = cell.children == [NO_CELL; 4];
            if !leaf && cell.side * cell.side < theta * theta * d2 {
                let f = cell.mass / d2;
                fx += dx * f;
                fy += dy * f;
            } else if leaf {
                for &u in &self.order[cell.start as usize..cell.end as usize] {
                    let u = u as usize;
                    let (dx, dy) = (x - pos[u].0, y - pos[u].1);
                    let d2 = dx * dx + dy * dy;
                    if u != v && d2 > 0.0 {
                        let f = mass[u] / d2;
                        fx += dx * f;
                        fy += dy * f;
                    }
                }
            } else {
                for &c in cell.children.iter().rev() {
                    if c != NO_CELL {
                        stack[top] = c;
                        top += 1;
                    }
                }
            }
        }
        (fx * mass[v], fy * mass[v])
    }
}

// ---------------------------------------------------------------------------------------------
// From ForceAtlas2 units to points, overlap removal, packing

/// Scales the ForceAtlas2 drawing (about its centroid) into points, so the label placement
/// that follows starts from about the right density: the node at the `CROWDED` quantile of
/// crowding (20% of nodes have their `K` nearest nodes closer) gets them within a disc of
/// `density` times their mean label area. ForceAtlas2 draws topics as dense blobs with empty
/// space between them, so global measures (bounding box, median edge length) leave the blobs
/// far too crowded; and with the median node as reference the crowded half still pushed
/// labels outwards cumulatively, which made the placement superlinear at 10^6 nodes
/// (measured). The quantile trades a somewhat larger drawing for a placement that moves
/// labels little.
///
/// # Complexity
/// O(n log n) for the k-d tree and the nearest-neighbour queries.
fn scale_to_labels(pos: &mut [(f64, f64)], boxes: &[(f64, f64)], density: f64, threads: usize) {
    const K: usize = 8;
    const CROWDED: f64 = 0.2;
    let n = pos.len();
    let mean_area = boxes.iter().map(|&(w, h)| 4.0 * w * h).sum::<f64>() / n as f64;
    let mut scale = f64::INFINITY;
    let k = K.min(n - 1);
    if k > 0 {
        let tree = KdTree::build(pos);
        let mut radius = vec![0.0; n];
        let positions = &*pos;
        for_each_chunk(&mut radius, threads, |start, out| {
            let mut heap = BinaryHeap::new();
            for (i, r) in out.iter_mut().enumerate() {
                heap.clear();
                tree.nearest(positions, (start + i) as u32, k, &mut heap);
                *r = heap.peek().map_or(0.0, |t| f64::from_bits(t.0).sqrt());
            }
        });
        let rank = (n as f64 * CROWDED) as usize;
        let r = *radius
            .select_nth_unstable_by(rank.min(n - 1), f64::total_cmp)
            .1;
        if r > 0.0 {
            let target = (density * k as f64 * mean_area / std::f64::consts::PI).sqrt();
            scale = target / r;
        }
    }
    if !scale.is_finite() {
        scale = 1.0;
    }
    let cx = pos.iter().map(|p| p.0).sum::<f64>() / n as f64;
    let cy = pos.iter().map(|p| p.1).sum::<f64>() / n as f64;
    for p in pos.iter_mut() {
        *p = ((p.0 - cx) * scale, (p.1 - cy) * scale);
    }
}

/// Overlap of two boxes grown by `pad`: the penetration depths `(ox, oy)` if the interiors
/// intersect.
fn overlap(
    a: (f64, f64),
    ha: (f64, f64),
    b: (f64, f64),
    hb: (f64, f64),
    pad: f64,
) -> Option<(f64, f64)> {
    let ox = ha.0 + hb.0 + pad - (a.0 - b.0).abs();
    let oy = ha.1 + hb.1 + pad - (a.1 - b.1).abs();
    (ox > 0.0 && oy > 0.0).then_some((ox, oy))
}

/// Uniform grid whose cells are at least as large as any (padded) box, so every box a given
/// box can overlap has its centre in the 3×3 cells around it. Stored as node ids sorted by
/// cell, with binary search on the cell keys: deterministic and hash-free.
struct Grid {
    cell: (f64, f64),
    keys: Vec<(i64, i64)>,
    starts: Vec<usize>,
    ids: Vec<usize>,
}

impl Grid {
    fn build(pos: &[(f64, f64)], boxes: &[(f64, f64)], pad: f64) -> Grid {
        let w = boxes.iter().map(|b| b.0).fold(0.0, f64::max) * 2.0 + pad;
        let h = boxes.iter().map(|b| b.1).fold(0.0, f64::max) * 2.0 + pad;
        let cell = (w.max(1e-6), h.max(1e-6));
        let key = |p: (f64, f64)| ((p.0 / cell.0).floor() as i64, (p.1 / cell.1).floor() as i64);
        let mut ids: Vec<usize> = (0..pos.len()).collect();
        ids.sort_unstable_by_key(|&i| (key(pos[i]), i));
        let mut keys = Vec::new();
        let mut starts = Vec::new();
        for (k, &i) in ids.iter().enumerate() {
            let c = key(pos[i]);
            if keys.last() != Some(&c) {
                keys.push(c);
                starts.push(k);
            }
        }
        starts.push(ids.len());
        Grid {
            cell,
            keys,
            starts,
            ids,
        }
    }

    /// Calls `f(j)` for every node whose centre lies in the 3×3 cells around `p`.
    fn for_candidates(&self, p: (f64, f64), mut f: impl FnMut(usize)) {
        let (cx, cy) = (
            (p.0 / self.cell.0).floor() as i64,
            (p.1 / self.cell.1).floor() as i64,
        );
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Ok(k) = self.keys.binary_search(&(cx + dx, cy + dy)) {
                    self.ids[self.starts[k]..self.starts[k + 1]]
                        .iter()
                        .for_each(|&j| f(j));
                }
            }
        }
    }
}

/// Removes every overlap between label boxes grown by `pad` by greedy placement: nodes are
/// placed one at a time from the component's centre outwards, each at a free spot near its
/// layout position. The search is best-first over candidate spots by distance from the wanted
/// position: a spot blocked by a placed box u proposes the four spots that just clear u (left,
/// right, above, below, keeping the other coordinate). So the search follows the boxes in the
/// way instead of scanning a lattice, and short vertical moves (labels are wide and short)
/// naturally win over long horizontal ones. Unlike iterated pairwise pushing, this ends after
/// one pass with zero overlaps by construction, and a node moves only as far as its
/// neighbourhood's crowding demands.
///
/// # Complexity
/// O(n log n) for the order plus, per node, O(c log c) for c candidate spots, each checked
/// against the placed boxes in the 3×3 grid cells around it; c stays small when the layout's
/// density is near the labels' (see `scale_to_labels`).
fn remove_overlaps(pos: &mut [(f64, f64)], boxes: &[(f64, f64)], pad: f64) {
    let n = pos.len();
    if n < 2 {
        return;
    }
    let cx = pos.iter().map(|p| p.0).sum::<f64>() / n as f64;
    let cy = pos.iter().map(|p| p.1).sum::<f64>() / n as f64;
    let mut order: Vec<usize> = (0..n).collect();
    let d2 = |p: (f64, f64)| (p.0 - cx) * (p.0 - cx) + (p.1 - cy) * (p.1 - cy);
    order.sort_unstable_by(|&a, &b| d2(pos[a]).total_cmp(&d2(pos[b])).then(a.cmp(&b)));

    let max_w = boxes.iter().map(|b| b.0).fold(0.0, f64::max) * 2.0 + pad;
    let max_h = boxes.iter().map(|b| b.1).fold(0.0, f64::max) * 2.0 + pad;
    let cell = (max_w.max(1e-6), max_h.max(1e-6));
    let key = |p: (f64, f64)| ((p.0 / cell.0).floor() as i64, (p.1 / cell.1).floor() as i64);
    // Hash containers are only looked up, never iterated (and their hasher is fixed).
    let mut placed: HashMap<(i64, i64), Vec<u32>, MixBuild> = HashMap::default();
    let blocker = |placed: &HashMap<(i64, i64), Vec<u32>, MixBuild>,
                   pos: &[(f64, f64)],
                   v: usize,
                   p: (f64, f64)| {
        let (kx, ky) = key(p);
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Some(list) = placed.get(&(kx + dx, ky + dy)) {
                    for &u in list {
                        if overlap(p, boxes[v], pos[u as usize], boxes[u as usize], pad).is_some() {
                            return Some(u as usize);
                        }
                    }
                }
            }
        }
        None
    };
    // Clearance beyond exact contact, against rounding.
    let eps = 1e-6 * (max_w + max_h);
    let mut heap: BinaryHeap<std::cmp::Reverse<(u64, u64)>> = BinaryHeap::new();
    let mut spots: Vec<(f64, f64)> = Vec::new();
    let mut seen: HashSet<(u64, u64), MixBuild> = HashSet::default();
    let mut bottom = f64::MIN;
    for v in order {
        let want = pos[v];
        heap.clear();
        spots.clear();
        // Clearing a hash set costs its capacity, not its length: after a rare long search,
        // start afresh rather than wiping a large table for every later node.
        if seen.capacity() > 4096 {
            seen = HashSet::default();
        } else {
            seen.clear();
        }
        let mut push = |p: (f64, f64), heap: &mut BinaryHeap<_>, spots: &mut Vec<_>| {
            if seen.insert((p.0.to_bits(), p.1.to_bits())) {
                let d = (p.0 - want.0) * (p.0 - want.0) + (p.1 - want.1) * (p.1 - want.1);
                // Ties by insertion order: deterministic.
                heap.push(std::cmp::Reverse((d.to_bits(), spots.len() as u64)));
                spots.push(p);
            }
        };
        push(want, &mut heap, &mut spots);
        let mut spot = None;
        // The cap only guards pathological piles; past it the node goes just outside
        // everything placed so far, which is always free.
        for _ in 0..20_000 {
            let Some(std::cmp::Reverse((_, k))) = heap.pop() else {
                break;
            };
            let p = spots[k as usize];
            match blocker(&placed, pos, v, p) {
                None => {
                    spot = Some(p);
                    break;
                }
                Some(u) => {
                    let q = pos[u];
                    let gx = boxes[u].0 + boxes[v].0 + pad + eps;
                    let gy = boxes[u].1 + boxes[v].1 + pad + eps;
                    for c in [
                        (q.0 - gx, p.1),
                        (q.0 + gx, p.1),
                        (p.0, q.1 - gy),
                        (p.0, q.1 + gy),
                    ] {
                        push(c, &mut heap, &mut spots);
                    }
                }
            }
        }
        let p = spot.unwrap_or((want.0, bottom + boxes[v].1 + pad + eps));
        bottom = bottom.max(p.1 + boxes[v].1);
        pos[v] = p;
        placed.entry(key(p)).or_default().push(v as u32);
    }
}

/// Shelf packing (next-fit by decreasing height) of the components' bounding boxes, `gap`
/// apart, into rows about as wide as the square root of their total area (or the widest
/// component). Moves `pos` in place.
fn pack_components(
    components: &[Vec<u32>],
    extents: &[(f64, f64, f64, f64)],
    pos: &mut [(f64, f64)],
    gap: f64,
) {
    let size = |e: &(f64, f64, f64, f64)| (e.2 - e.0 + gap, e.3 - e.1 + gap);
    let mut order: Vec<usize> = (0..components.len()).collect();
    order.sort_by(|&a, &b| {
        let (sa, sb) = (size(&extents[a]), size(&extents[b]));
        sb.1.total_cmp(&sa.1)
            .then(sb.0.total_cmp(&sa.0))
            .then(a.cmp(&b))
    });
    let area: f64 = extents.iter().map(|e| size(e).0 * size(e).1).sum();
    let widest = extents.iter().map(|e| size(e).0).fold(0.0, f64::max);
    let row_width = widest.max(area.sqrt() * 1.2);
    let (mut x, mut y, mut row_height) = (0.0, 0.0, 0.0);
    for c in order {
        let (w, h) = size(&extents[c]);
        if x > 0.0 && x + w > row_width {
            x = 0.0;
            y += row_height;
            row_height = 0.0;
        }
        let e = extents[c];
        for &v in &components[c] {
            let p = &mut pos[v as usize];
            *p = (p.0 - e.0 + x, p.1 - e.1 + y);
        }
        x += w;
        row_height = f64::max(row_height, h);
    }
}

// ---------------------------------------------------------------------------------------------
// k-nearest neighbours for the quality measure

/// Implicit k-d tree: `order` is arranged so each range's middle element splits it on the
/// axis of its depth (x at even depths).
struct KdTree {
    order: Vec<u32>,
}

/// Heap entry: squared distance as ordered bits (non-negative floats order like their bits),
/// then node id, so ties break by index.
type Candidate = (u64, u32);

impl KdTree {
    fn build(pos: &[(f64, f64)]) -> KdTree {
        let mut order: Vec<u32> = (0..pos.len() as u32).collect();
        Self::split(pos, &mut order, 0);
        KdTree { order }
    }

    fn split(pos: &[(f64, f64)], slice: &mut [u32], depth: usize) {
        if slice.len() <= 1 {
            return;
        }
        let mid = slice.len() / 2;
        let coord = |v: u32| {
            let p = pos[v as usize];
            if depth & 1 == 0 {
                p.0
            } else {
                p.1
            }
        };
        slice.select_nth_unstable_by(mid, |&a, &b| coord(a).total_cmp(&coord(b)).then(a.cmp(&b)));
        let (left, right) = slice.split_at_mut(mid);
        Self::split(pos, left, depth + 1);
        Self::split(pos, &mut right[1..], depth + 1);
    }

    /// The `k` nodes nearest to node `v` (excluding v) into `heap` (a max-heap on distance).
    fn nearest(&self, pos: &[(f64, f64)], v: u32, k: usize, heap: &mut BinaryHeap<Candidate>) {
        self.search(pos, 0, self.order.len(), 0, v, k, heap);
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        pos: &[(f64, f64)],
        lo: usize,
        hi: usize,
        depth: usize,
        v: u32,
        k: usize,
        heap: &mut BinaryHeap<Candidate>,
    ) {
        if lo >= hi || k == 0 {
            return;
        }
        let mid = lo + (hi - lo) / 2;
        let u = self.order[mid];
        let (q, p) = (pos[v as usize], pos[u as usize]);
        if u != v {
            let d2 = (q.0 - p.0) * (q.0 - p.0) + (q.1 - p.1) * (q.1 - p.1);
            let entry = (d2.to_bits(), u);
            if heap.len() < k {
                heap.push(entry);
            } else if heap.peek().is_some_and(|&top| entry < top) {
                heap.pop();
                heap.push(entry);
            }
        }
        let diff = if depth & 1 == 0 { q.0 - p.0 } else { q.1 - p.1 };
        let (near, far) = if diff < 0.0 {
            ((lo, mid), (mid + 1, hi))
        } else {
            ((mid + 1, hi), (lo, mid))
        };
        self.search(pos, near.0, near.1, depth + 1, v, k, heap);
        let bound = heap.peek().map_or(u64::MAX, |t| t.0);
        if heap.len() < k || (diff * diff).to_bits() <= bound {
            self.search(pos, far.0, far.1, depth + 1, v, k, heap);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Planted-partition test graph: topics of `topic` nodes, `deg` mean degree, 90% of edges
    /// inside topics, label-like box sizes.
    type TestGraph = (Vec<Node>, Vec<(u32, u32, f64)>, Vec<u32>);

    fn planted(n: usize, topic: usize, deg: usize, seed: u64) -> TestGraph {
        let group: Vec<u32> = (0..n).map(|v| (v / topic) as u32).collect();
        let nodes = (0..n)
            .map(|v| Node {
                width: 7.0 * (4 + splitmix(seed, v as u64) % 37) as f64 + 10.0,
                height: 18.0,
            })
            .collect();
        let mut edges = Vec::new();
        for e in 0..(n * deg / 2) as u64 {
            let u = (splitmix(seed, 3 * e) % n as u64) as usize;
            let v = if unit(seed, 3 * e + 1) < 0.9 {
                let t = u / topic * topic;
                t + (splitmix(seed, 3 * e + 2) as usize) % topic.min(n - t)
            } else {
                (splitmix(seed, 3 * e + 2) % n as u64) as usize
            };
            edges.push((u as u32, v as u32, 1.0));
        }
        (nodes, edges, group)
    }

    fn bits(p: &[(f64, f64)]) -> Vec<(u64, u64)> {
        p.iter().map(|q| (q.0.to_bits(), q.1.to_bits())).collect()
    }

    #[test]
    fn deterministic_across_edge_order_and_threads() {
        // Over 2 * CHUNK nodes, so the threaded path really runs.
        let (nodes, mut edges, group) = planted(3000, 60, 6, 7);
        let one = layout(&nodes, &edges, &group, &Options::default());
        edges.reverse();
        let swapped: Vec<_> = edges
            .iter()
            .enumerate()
            .map(|(i, &(u, v, w))| if i % 2 == 0 { (v, u, w) } else { (u, v, w) })
            .collect();
        // A fixed shuffle (Fisher-Yates driven by splitmix).
        let mut shuffled = swapped.clone();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, (splitmix(99, i as u64) % (i as u64 + 1)) as usize);
        }
        let two = layout(
            &nodes,
            &shuffled,
            &group,
            &Options {
                threads: 2,
                ..Options::default()
            },
        );
        let three = layout(
            &nodes,
            &swapped,
            &group,
            &Options {
                threads: 3,
                ..Options::default()
            },
        );
        assert_eq!(bits(&one), bits(&two));
        assert_eq!(bits(&one), bits(&three));
    }

    #[test]
    fn no_overlaps_and_finite() {
        let (nodes, edges, group) = planted(400, 40, 6, 1);
        let pos = layout(&nodes, &edges, &group, &Options::default());
        assert_eq!(pos.len(), 400);
        assert!(pos.iter().all(|p| p.0.is_finite() && p.1.is_finite()));
        assert_eq!(overlaps(&nodes, &pos), 0);
    }

    #[test]
    fn neighbours_closer_than_random_pairs() {
        let (nodes, edges, group) = planted(500, 50, 6, 2);
        let pos = layout(&nodes, &edges, &group, &Options::default());
        let dist = |u: u32, v: u32| {
            let (a, b) = (pos[u as usize], pos[v as usize]);
            norm(a.0 - b.0, a.1 - b.1)
        };
        let edge_mean = edges.iter().map(|&(u, v, _)| dist(u, v)).sum::<f64>() / edges.len() as f64;
        let random_mean = (0..2000u64)
            .map(|i| {
                dist(
                    (splitmix(5, 2 * i) % 500) as u32,
                    (splitmix(5, 2 * i + 1) % 500) as u32,
                )
            })
            .sum::<f64>()
            / 2000.0;
        assert!(
            edge_mean * 3.0 < random_mean,
            "{edge_mean} vs {random_mean}"
        );
        // Random positions keep almost no neighbourhood; the layout must keep several times more.
        let random: Vec<(f64, f64)> = (0..500u64)
            .map(|v| (unit(11, 2 * v), unit(11, 2 * v + 1)))
            .collect();
        let (np, np_random) = (
            neighbourhood_preservation(&edges, &pos),
            neighbourhood_preservation(&edges, &random),
        );
        assert!(np > 3.0 * np_random, "{np} vs {np_random}");
    }

    #[test]
    fn degenerate_inputs() {
        let opts = Options::default();
        assert!(layout(&[], &[], &[], &opts).is_empty());
        let one = [Node {
            width: 50.0,
            height: 18.0,
        }];
        let p = layout(&one, &[], &[0], &opts);
        assert_eq!(p.len(), 1);
        assert!(p[0].0.is_finite() && p[0].1.is_finite());
        // Isolated nodes, a self-loop, a bad weight, an out-of-range edge, missing groups.
        let nodes = vec![
            Node {
                width: 80.0,
                height: 18.0
            };
            20
        ];
        let edges = [(3, 3, 1.0), (1, 2, f64::NAN), (0, 99, 1.0), (4, 5, -1.0)];
        let p = layout(&nodes, &edges, &[], &opts);
        assert_eq!(p.len(), 20);
        assert!(p.iter().all(|q| q.0.is_finite() && q.1.is_finite()));
        assert_eq!(overlaps(&nodes, &p), 0);
        assert_eq!(neighbourhood_preservation(&edges, &p), 0.0);
        // Extreme weights still give finite, separated positions.
        let heavy: Vec<(u32, u32, f64)> = (0..19)
            .map(|v| (v, v + 1, 10f64.powi(v as i32 - 9)))
            .collect();
        let p = layout(&nodes, &heavy, &[], &opts);
        assert!(p.iter().all(|q| q.0.is_finite() && q.1.is_finite()));
        assert_eq!(overlaps(&nodes, &p), 0);
    }

    #[test]
    fn two_components_are_packed_apart() {
        // Two 30-node cycles with chords, nodes of both interleaved in the order.
        let nodes = vec![
            Node {
                width: 60.0,
                height: 18.0
            };
            60
        ];
        let mut edges = Vec::new();
        for c in 0..2u32 {
            for i in 0..30u32 {
                let v = |k: u32| 2 * (k % 30) + c;
                edges.push((v(i), v(i + 1), 1.0));
                edges.push((v(i), v(i + 7), 1.0));
            }
        }
        let group: Vec<u32> = (0..60).map(|v| v % 2).collect();
        let p = layout(&nodes, &edges, &group, &Options::default());
        assert_eq!(overlaps(&nodes, &p), 0);
        let bbox = |c: usize| {
            let xs = (0..60).filter(|v| v % 2 == c).map(|v| p[v]);
            xs.fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, q| {
                (b.0.min(q.0), b.1.min(q.1), b.2.max(q.0), b.3.max(q.1))
            })
        };
        let (a, b) = (bbox(0), bbox(1));
        // The components' centre boxes do not intersect, and they are not far apart either.
        let disjoint = a.2 < b.0 || b.2 < a.0 || a.3 < b.1 || b.3 < a.1;
        assert!(disjoint);
        let span = (a.2.max(b.2) - a.0.min(b.0)).max(a.3.max(b.3) - a.1.min(b.1));
        assert!(span < 20.0 * (a.2 - a.0).max(a.3 - a.1) + 1000.0);
    }

    #[test]
    fn overlap_count() {
        let nodes = vec![
            Node {
                width: 10.0,
                height: 10.0
            };
            3
        ];
        // 0 and 1 overlap, 1 and 2 only touch.
        let pos = [(0.0, 0.0), (5.0, 5.0), (15.0, 5.0)];
        assert_eq!(overlaps(&nodes, &pos), 1);
    }
}
