//! Where a line of the SVG map breaks off: around every word it would otherwise run over.
//!
//! A word on the map (a topic's title, a topic's name across its island, a term's label) is
//! drawn over the lines, with a white halo; but a halo only hugs the letters, and a line
//! running through a title still showed between its letters and words (issue 50: the lines
//! between topics crossed the titles of the topics they reached). So a line is cut where it
//! would enter a word's box (its em, from the capitals' top to the descenders' foot, with
//! [`ROOM`] around it) and drawn on past it, as a cartographer breaks a road under a place
//! name: the line is still seen to run on, and the word reads whole. A `related` line runs
//! under the terms' boxes, which hide it from their labels, so it breaks for titles and
//! names only; the arrows, drawn over the terms, break for the labels too.
//!
//! The words' boxes are kept in a grid of square cells, each cell listing the boxes that
//! touch it, so that a line asks only the cells it runs through: a map of 100,000 terms
//! costs its lines no more per line than a small one.

/// The room a line leaves around a word's box, in points.
pub(super) const ROOM: f64 = 2.0;

/// A box on the page: left, top, right, bottom.
pub(super) type Bounds = [f64; 4];

/// The words' boxes on the page, in a grid of cells.
pub(super) struct Words {
    /// Each box, and whether it is a term's label (which only the arrows break for).
    boxes: Vec<(Bounds, bool)>,
    /// The grid's top-left corner, its cells' side, and its columns and rows.
    origin: (f64, f64),
    cell: f64,
    columns: usize,
    rows: usize,
    /// The boxes touching cell `c` (row by row): `items[start[c]..start[c + 1]]`.
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Words {
    /// The grid of `boxes` (each with whether it is a label), grown by [`ROOM`].
    ///
    /// # Complexity
    /// O(n + the cells the boxes touch), for n boxes in about n cells.
    pub(super) fn new(boxes: Vec<(Bounds, bool)>) -> Self {
        let boxes: Vec<(Bounds, bool)> = boxes
            .into_iter()
            .filter(|(b, _)| b.iter().all(|v| v.is_finite()) && b[0] < b[2] && b[1] < b[3])
            .map(|([l, t, r, b], label)| ([l - ROOM, t - ROOM, r + ROOM, b + ROOM], label))
            .collect();
        let mut corners = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        for (b, _) in &boxes {
            corners = [
                corners[0].min(b[0]),
                corners[1].min(b[1]),
                corners[2].max(b[2]),
                corners[3].max(b[3]),
            ];
        }
        if boxes.is_empty() {
            corners = [0.0, 0.0, 1.0, 1.0];
        }
        let side = (corners[2] - corners[0])
            .max(corners[3] - corners[1])
            .max(1.0);
        // About as many cells as boxes.
        let cell = side / (boxes.len() as f64).sqrt().ceil().max(1.0);
        let columns = (((corners[2] - corners[0]) / cell).floor() as usize + 1).max(1);
        let rows = (((corners[3] - corners[1]) / cell).floor() as usize + 1).max(1);
        let mut words = Self {
            boxes,
            origin: (corners[0], corners[1]),
            cell,
            columns,
            rows,
            start: Vec::new(),
            items: Vec::new(),
        };
        // Count the boxes of each cell, then fill them in (compressed rows).
        let mut start = vec![0u32; columns * rows + 1];
        for i in 0..words.boxes.len() {
            words.cells_of(i, |c| start[c + 1] += 1);
        }
        for c in 0..columns * rows {
            start[c + 1] += start[c];
        }
        let mut next = start.clone();
        let mut items = vec![0u32; start[columns * rows] as usize];
        for i in 0..words.boxes.len() {
            words.cells_of(i, |c| {
                items[next[c] as usize] = i as u32;
                next[c] += 1;
            });
        }
        words.start = start;
        words.items = items;
        words
    }

    fn column(&self, x: f64) -> usize {
        (((x - self.origin.0) / self.cell).floor().max(0.0) as usize).min(self.columns - 1)
    }

    fn row(&self, y: f64) -> usize {
        (((y - self.origin.1) / self.cell).floor().max(0.0) as usize).min(self.rows - 1)
    }

    /// Calls `f` with each cell box `i` touches.
    fn cells_of(&self, i: usize, mut f: impl FnMut(usize)) {
        let [l, t, r, b] = self.boxes[i].0;
        for row in self.row(t)..=self.row(b) {
            for column in self.column(l)..=self.column(r) {
                f(row * self.columns + column);
            }
        }
    }

    /// The pieces of the line from `p` to `q` outside every word's box (the labels' too when
    /// `labels`), in order from `p`; the last piece ends at `q` unless `q` is in a box.
    ///
    /// # Complexity
    /// O(the cells the line crosses + the boxes in them), without a set of the boxes seen:
    /// testing a box once per cell costs less than sorting out the repeats (a tenth of the
    /// whole export's CPU at 100,000 terms did that).
    pub(super) fn pieces(&self, p: (f64, f64), q: (f64, f64), labels: bool) -> Pieces {
        let mut cut: Vec<(f64, f64)> = Vec::new();
        // The cells the line crosses: column by column, the rows between its heights at the
        // column's sides.
        let (x0, x1) = (p.0.min(q.0), p.0.max(q.0));
        let height = |x: f64| {
            if q.0 == p.0 {
                (p.1.min(q.1), p.1.max(q.1))
            } else {
                let y = p.1 + (q.1 - p.1) * ((x - p.0) / (q.0 - p.0));
                (y, y)
            }
        };
        let grid_right = self.origin.0 + self.cell * self.columns as f64;
        let grid_bottom = self.origin.1 + self.cell * self.rows as f64;
        let outside = x1 < self.origin.0
            || x0 > grid_right
            || p.1.max(q.1) < self.origin.1
            || p.1.min(q.1) > grid_bottom
            || !(x0.is_finite() && x1.is_finite() && p.1.is_finite() && q.1.is_finite());
        if !outside {
            for column in self.column(x0)..=self.column(x1) {
                let left = self.origin.0 + self.cell * column as f64;
                let (a, b) = (x0.max(left), x1.min(left + self.cell));
                let ((a0, a1), (b0, b1)) = (height(a), height(b));
                let (top, bottom) = (a0.min(b0), a1.max(b1));
                if bottom < self.origin.1 || top > grid_bottom {
                    continue;
                }
                for row in self.row(top)..=self.row(bottom) {
                    let c = row * self.columns + column;
                    for &i in &self.items[self.start[c] as usize..self.start[c + 1] as usize] {
                        let (bounds, label) = self.boxes[i as usize];
                        if label && !labels {
                            continue;
                        }
                        // A box in several cells the line crosses is cut for each: the same
                        // range again, which the merging below absorbs.
                        if let Some(range) = through(p, q, bounds) {
                            cut.push(range);
                        }
                    }
                }
            }
        }
        cut.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        // The line's stretches between the cuts, as fractions of the way from p to q.
        let mut pieces = Pieces::new();
        let mut from = 0.0;
        let at = |t: f64| (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
        for (t0, t1) in cut {
            if t0 > from {
                pieces.push((at(from), at(t0)));
            }
            from = from.max(t1);
        }
        if from < 1.0 {
            pieces.push((at(from), q));
        }
        pieces
    }
}

/// The pieces of a line, each from its start to its end.
pub(super) type Pieces = Vec<((f64, f64), (f64, f64))>;

/// The fractions of the way from `p` to `q` between which the line is inside `bounds`;
/// `None` when it misses the box (Liang–Barsky: each side of the box cuts the range).
fn through(p: (f64, f64), q: (f64, f64), [l, t, r, b]: Bounds) -> Option<(f64, f64)> {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (step, room) in [(-dx, p.0 - l), (dx, r - p.0), (-dy, p.1 - t), (dy, b - p.1)] {
        if step == 0.0 {
            if room < 0.0 {
                return None;
            }
        } else if step < 0.0 {
            t0 = t0.max(room / step);
        } else {
            t1 = t1.min(room / step);
        }
    }
    (t0 < t1).then_some((t0, t1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_breaks_around_the_words_it_would_cross() {
        let words = Words::new(vec![
            ([40.0, -5.0, 60.0, 5.0], false),
            ([70.0, -5.0, 80.0, 5.0], true),
            ([0.0, 50.0, 10.0, 60.0], false),
        ]);
        // A related line (labels not asked) breaks for the title only, ROOM either side.
        let pieces = words.pieces((0.0, 0.0), (100.0, 0.0), false);
        assert_eq!(
            pieces,
            vec![((0.0, 0.0), (38.0, 0.0)), ((62.0, 0.0), (100.0, 0.0))]
        );
        // An arrow breaks for the label too.
        let pieces = words.pieces((0.0, 0.0), (100.0, 0.0), true);
        assert_eq!(pieces.len(), 3);
        assert_eq!(pieces[2], ((82.0, 0.0), (100.0, 0.0)));
        // A line that misses every box is whole; one inside a box is gone.
        assert_eq!(
            words.pieces((0.0, 20.0), (100.0, 30.0), true),
            vec![((0.0, 20.0), (100.0, 30.0))]
        );
        assert!(words.pieces((45.0, 0.0), (55.0, 0.0), false).is_empty());
        // Vertical lines and lines reaching beyond the grid.
        let pieces = words.pieces((5.0, -100.0), (5.0, 100.0), false);
        assert_eq!(
            pieces,
            vec![((5.0, -100.0), (5.0, 48.0)), ((5.0, 62.0), (5.0, 100.0))]
        );
    }

    #[test]
    fn many_words_are_found_through_the_grid_as_by_asking_each() {
        // 400 boxes on a 20 × 20 lattice, and lines at many slopes: the grid finds the same
        // cuts as trying every box.
        let boxes: Vec<(Bounds, bool)> = (0..400)
            .map(|i| {
                let (x, y) = ((i % 20) as f64 * 50.0, (i / 20) as f64 * 30.0);
                ([x, y, x + 20.0 + (i % 7) as f64, y + 8.0], i % 3 == 0)
            })
            .collect();
        let words = Words::new(boxes.clone());
        for k in 0..60 {
            let p = (-30.0 + 7.0 * k as f64, -20.0 + 3.0 * k as f64);
            let q = (1010.0 - 13.0 * k as f64, 600.0 - 11.0 * (k % 9) as f64);
            let mut expected: Vec<(f64, f64)> = boxes
                .iter()
                .filter_map(|&([l, t, r, b], _)| {
                    through(p, q, [l - ROOM, t - ROOM, r + ROOM, b + ROOM])
                })
                .collect();
            expected.sort_by(|a, b| a.0.total_cmp(&b.0));
            let pieces = words.pieces(p, q, true);
            // Every piece lies outside every box.
            for &(a, b) in &pieces {
                let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                for &([l, t, r, bottom], _) in &boxes {
                    let inside = middle.0 > l - ROOM
                        && middle.0 < r + ROOM
                        && middle.1 > t - ROOM
                        && middle.1 < bottom + ROOM;
                    assert!(!inside, "{p:?} → {q:?}: {a:?}–{b:?} in a box");
                }
            }
            // And the pieces and the cuts cover the line.
            let length = |(a, b): ((f64, f64), (f64, f64))| (b.0 - a.0).hypot(b.1 - a.1);
            let drawn: f64 = pieces.iter().map(|&piece| length(piece)).sum();
            let mut covered = 0.0;
            let mut reach = 0.0_f64;
            for (t0, t1) in expected {
                let from = t0.max(reach);
                if t1 > from {
                    covered += t1 - from;
                }
                reach = reach.max(t1);
            }
            let total = length((p, q));
            assert!(
                (drawn + covered * total - total).abs() < 1e-6,
                "{p:?} → {q:?}: {drawn} drawn, {} cut of {total}",
                covered * total
            );
        }
    }
}
