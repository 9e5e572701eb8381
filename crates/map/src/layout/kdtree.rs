//! k-nearest neighbours for the quality measure and the label scaling: an implicit k-d tree.

use std::collections::BinaryHeap;

/// Implicit k-d tree: `order` is arranged so each range's middle element splits it on the
/// axis of its depth (x at even depths).
pub(super) struct KdTree {
    order: Vec<u32>,
}

/// Heap entry: squared distance as ordered bits (non-negative floats order like their bits),
/// then node id, so ties break by index.
pub(super) type Candidate = (u64, u32);

impl KdTree {
    pub(super) fn build(pos: &[(f64, f64)]) -> KdTree {
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
    pub(super) fn nearest(
        &self,
        pos: &[(f64, f64)],
        v: u32,
        k: usize,
        heap: &mut BinaryHeap<Candidate>,
    ) {
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
