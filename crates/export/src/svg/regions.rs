//! Where a large map writes a topic's name across its island, as a geographic map names its
//! regions: the largest free space of the island, found on a grid of cells ([`free_place`]).

use super::gaps::Bounds;

/// The box a region name keeps free around its text: as wide as the text and its halo, and
/// an em and a sixteenth tall (capitals to descenders, and the halo), about its centre.
pub(super) fn region_extent(per_point: f64, size: f64) -> (f64, f64) {
    (per_point * size + size / 8.0, size * (0.72 + 0.21 + 0.125))
}

/// The cells the longer side of an island is cut into, to find free space in it.
const REGION_CELLS: usize = 128;

/// The largest free place in an `island` (its part below the title band) for a name
/// `per_point` points wide per point of font size: its centre and font size, between `least`
/// and `most`; `None` when no place holds the name at `least`.
///
/// The island is cut into square cells; a cell any of the `taken` boxes touches (each with
/// the room to spare it asks for) is taken. A name of size `s` needs a window of free cells as wide
/// as the text and its halo and 1.06 `s` tall (the em from capitals to descenders, and the
/// halo); a table of sums over the cells answers "is this window free" in four reads, so each
/// size tried costs one pass over the cells, and sizes are found by bisection. Of the free
/// windows at the size found, the one nearest the island's centre is taken.
///
/// # Complexity
/// O(t + c · log(most / least)) for t terms and c = [`REGION_CELLS`]² cells at most.
pub(super) fn free_place(
    [left, top, right, bottom]: Bounds,
    taken_boxes: impl Iterator<Item = (Bounds, f64)>,
    per_point: f64,
    least: f64,
    most: f64,
) -> Option<(f64, f64, f64)> {
    let (width, height) = (right - left, bottom - top);
    if width <= 0.0 || height <= 0.0 || least > most {
        return None;
    }
    let cell = width.max(height) / REGION_CELLS as f64;
    let (columns, rows) = (
        ((width / cell).floor() as usize).max(1),
        ((height / cell).floor() as usize).max(1),
    );
    // sums[r][c]: the taken cells above row r and left of column c.
    let stride = columns + 1;
    let mut taken = vec![0u32; rows * columns];
    for ([l, t, r, b], spare) in taken_boxes {
        let cells = |from: f64, to: f64, origin: f64, count: usize| {
            let a = ((from - spare - origin) / cell).floor().max(0.0) as usize;
            let b = ((to + spare - origin) / cell).ceil().max(0.0) as usize;
            (a.min(count), b.min(count))
        };
        let (c0, c1) = cells(l, r, left, columns);
        let (r0, r1) = cells(t, b, top, rows);
        for r in r0..r1 {
            taken[r * columns + c0..r * columns + c1].fill(1);
        }
    }
    let mut sums = vec![0u32; (rows + 1) * stride];
    for r in 0..rows {
        for c in 0..columns {
            sums[(r + 1) * stride + c + 1] =
                taken[r * columns + c] + sums[r * stride + c + 1] + sums[(r + 1) * stride + c]
                    - sums[r * stride + c];
        }
    }
    let window = |size: f64| -> (usize, usize) {
        let (w, h) = region_extent(per_point, size);
        ((w / cell).ceil() as usize, (h / cell).ceil() as usize)
    };
    // The free windows of `size`, as their top-left cells; the nearest the centre first.
    let place = |size: f64| -> Option<(usize, usize)> {
        let (wc, hc) = window(size);
        if wc > columns || hc > rows {
            return None;
        }
        let mut best: Option<(f64, (usize, usize))> = None;
        for r in 0..=rows - hc {
            for c in 0..=columns - wc {
                let sum = sums[(r + hc) * stride + c + wc] + sums[r * stride + c]
                    - sums[r * stride + c + wc]
                    - sums[(r + hc) * stride + c];
                if sum != 0 {
                    continue;
                }
                let dx = (c as f64 + wc as f64 / 2.0) - columns as f64 / 2.0;
                let dy = (r as f64 + hc as f64 / 2.0) - rows as f64 / 2.0;
                let distance = dx * dx + dy * dy;
                if best.is_none_or(|(d, _)| distance < d) {
                    best = Some((distance, (r, c)));
                }
            }
        }
        best.map(|(_, at)| at)
    };
    place(least)?;
    // Bisection on the size: `low` fits, `high` does not (or is `most`, tried first).
    let (mut low, mut high) = (least, most);
    if place(most).is_some() {
        low = most;
    } else {
        for _ in 0..12 {
            let middle = (low + high) / 2.0;
            if place(middle).is_some() {
                low = middle;
            } else {
                high = middle;
            }
        }
    }
    let (r, c) = place(low)?;
    let (wc, hc) = window(low);
    Some((
        left + (c as f64 + wc as f64 / 2.0) * cell,
        top + (r as f64 + hc as f64 / 2.0) * cell,
        low,
    ))
}
