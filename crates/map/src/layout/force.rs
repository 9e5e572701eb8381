//! Multilevel ForceAtlas2 with Barnes–Hut quadtree repulsion: the coarsening, the
//! interpolation between levels and the force iterations (see the module above).

use super::*;

/// One level of the hierarchy: the graph, ForceAtlas2 masses (1 + degree at the finest level,
/// summed when nodes merge, so a coarse node repels like the nodes it stands for), topics, and
/// for coarse levels the map from the next finer level's nodes to this level's nodes.
pub(super) struct Level {
    graph: Csr,
    mass: Vec<f64>,
    group: Vec<u32>,
    parent_of_finer: Vec<u32>,
}

/// Stop coarsening at this many nodes: the coarsest level is laid out from random positions
/// with the O(n log n) iteration too, and below this size it converges in a few hundred steps.
pub(super) const COARSEST: usize = 48;

/// Local positions, in points, of one connected component (`members` sorted), with label
/// overlaps removed. `local_of` is scratch of length n.
pub(super) fn layout_component(
    graph: &Csr,
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
        let row = graph.neighbour_ids(v).iter();
        for (&u, &w) in row.zip(graph.neighbour_weights(v)) {
            if u > v {
                edges.push((local_of[v as usize], local_of[u as usize], w));
            }
        }
    }
    let local = Csr::from_edges(members.len(), edges);
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
    scale_to_labels(&mut pos, &local_boxes, options.spread, options.threads > 1);
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
pub(super) fn multilevel(
    graph: Csr,
    group: Vec<u32>,
    seed: u64,
    options: &Options,
) -> Vec<(f64, f64)> {
    let mass: Vec<f64> = (0..graph.len())
        .map(|v| 1.0 + graph.neighbour_ids(v as u32).len() as f64)
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
pub(super) fn coarsen(level: &Level, seed: u64, cross_topic: bool) -> Level {
    let g = &level.graph;
    let n = g.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_unstable_by_key(|&v| (g.neighbour_ids(v).len(), splitmix(seed, u64::from(v))));
    let mut mate = vec![u32::MAX; n];
    for &v in &order {
        let v = v as usize;
        if mate[v] != u32::MAX {
            continue;
        }
        let mut best: Option<(f64, u32)> = None;
        for (&u, &w) in g
            .neighbour_ids(v as u32)
            .iter()
            .zip(g.neighbour_weights(v as u32))
        {
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
        graph: Csr::from_edges(coarse_n, coarse_edges),
        mass,
        group,
        parent_of_finer: parent,
    }
}

/// Finer positions from coarser ones: each node starts at its coarse node's position plus a
/// seeded offset of a fifth of the coarse level's mean edge length, enough for repulsion to
/// separate merged pairs in a few steps without scrambling the coarse picture.
pub(super) fn interpolate(coarse: &Level, coarse_pos: &[(f64, f64)], seed: u64) -> Vec<(f64, f64)> {
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
pub(super) fn fa2(level: &Level, pos: &mut [(f64, f64)], iterations: usize, options: &Options) {
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
    // Below two chunks, handing the work out costs more than it saves.
    let parallel = n >= 2 * CHUNK && options.threads > 1;
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
            for_each_chunk(&mut force, parallel, |start, out| {
                for (k, f) in out.iter_mut().enumerate() {
                    let v = start + k;
                    let (x, y) = pos[v];
                    let (mut fx, mut fy) = tree.repulsion(pos, mass, v, theta);
                    fx *= kr;
                    fy *= kr;
                    for (&u, &w) in g
                        .neighbour_ids(v as u32)
                        .iter()
                        .zip(g.neighbour_weights(v as u32))
                    {
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
pub(super) struct QuadTree {
    cells: Vec<Cell>,
    order: Vec<u32>,
    scratch: Vec<u32>,
}

#[derive(Clone, Copy)]
pub(super) struct Cell {
    x: f64,
    y: f64,
    mass: f64,
    side: f64,
    children: [u32; 4],
    start: u32,
    end: u32,
}

pub(super) const LEAF: usize = 8;
pub(super) const MAX_DEPTH: usize = 48;
pub(super) const NO_CELL: u32 = u32::MAX;

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
