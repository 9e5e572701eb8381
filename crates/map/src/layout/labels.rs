//! From ForceAtlas2 units to points, label overlap removal and the packing of connected
//! components (see the module above).

use std::collections::{BinaryHeap, HashMap, HashSet};

use super::*;

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
pub(super) fn scale_to_labels(
    pos: &mut [(f64, f64)],
    boxes: &[(f64, f64)],
    density: f64,
    parallel: bool,
) {
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
        for_each_chunk(&mut radius, parallel, |start, out| {
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
pub(super) fn overlap(
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
pub(super) struct Grid {
    cell: (f64, f64),
    keys: Vec<(i64, i64)>,
    starts: Vec<usize>,
    ids: Vec<usize>,
}

impl Grid {
    pub(super) fn build(pos: &[(f64, f64)], boxes: &[(f64, f64)], pad: f64) -> Grid {
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
    pub(super) fn for_candidates(&self, p: (f64, f64), mut f: impl FnMut(usize)) {
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
pub(super) fn remove_overlaps(pos: &mut [(f64, f64)], boxes: &[(f64, f64)], pad: f64) {
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
pub(super) fn pack_components(
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
