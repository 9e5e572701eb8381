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
//!
//! **Why our own.** Graphviz's `sfdp` (with `overlap=prism`, so that labels do not overlap)
//! took 0.88 s at 1k generated terms and 71 s at 10k and did not finish 100k in 150 s; this
//! map, topics included, takes 0.04 / 0.56 / 2.4 s and 33 s at 1M, and keeps a term's
//! neighbours beside it (neighbourhood preservation 0.44 at 1k against sfdp's 0.046):
//! BENCHMARKS.md, "Topic maps". And the positions are exported and gated by
//! `export --check`, so they must be the same bits on every machine and thread count and
//! across dependency upgrades: a property a layout library does not promise.

use std::collections::BinaryHeap;

use super::csr::Csr;
use crate::parallel::{for_each_chunk, CHUNK};
use crate::rng::{mix, GOLDEN};

mod force;
mod kdtree;
mod labels;

use force::*;
use kdtree::*;
use labels::*;

/// A node's label box, in points, centred on its position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node {
    pub width: f64,
    pub height: f64,
}

/// Layout settings. `Default` gives the tuned values; only `threads` usually needs setting.
#[derive(Clone, Debug)]
pub struct Options {
    /// Threads for the per-node passes (the forces, the labels' crowding): 1 runs them on the
    /// calling thread alone; another number on a rayon pool of that size (the current pool if
    /// it has that size, else one made for the call: [`crate::parallel::on_pool`]). Never
    /// changes the result.
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
    if options.threads > 1 {
        crate::parallel::on_pool(options.threads, || {
            on_this_pool(nodes, edges, group, options)
        })
    } else {
        on_this_pool(nodes, edges, group, options)
    }
}

/// [`layout`], its parallel passes on the current pool.
fn on_this_pool(
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
    let graph = compact(n, edges);
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
    let graph = compact(n, edges);
    let tree = KdTree::build(positions);
    let mut score = vec![f64::NAN; n];
    for_each_chunk(&mut score, true, |start, out| {
        let mut heap = BinaryHeap::new();
        for (k, s) in out.iter_mut().enumerate() {
            let v = start + k;
            let nbrs = graph.neighbour_ids(v as u32);
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

/// The compact graph of `edges` on nodes `0..n`; edges with an endpoint out of range are
/// ignored, as are self-loops and weights that are not finite and positive ([`Csr::from_edges`]).
fn compact(n: usize, edges: &[(u32, u32, f64)]) -> Csr {
    let in_range = |&&(u, v, _): &&(u32, u32, f64)| (u as usize) < n && (v as usize) < n;
    Csr::from_edges(n, edges.iter().filter(in_range).copied())
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
