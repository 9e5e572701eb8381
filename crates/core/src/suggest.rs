//! Did you mean: the candidate closest to a typo, by an edit distance with a bound. Slugs
//! (`nvme-rmda` for `nvme-rdma`, in `check`, `query`, `render` and `serve`) and card fields
//! (`relatd` for `related`) are suggested through it.

/// Of `candidates`, the one closest to `typo` by edit distance, if it is close enough to be a
/// typo of it (a third of its characters, one to three), and whether it is the only one that
/// close (ties go to the smallest).
pub fn closest<'a>(
    typo: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Option<(&'a str, bool)> {
    let wanted: Vec<char> = typo.chars().collect();
    let limit = (wanted.len() / 3).clamp(1, 3);
    let mut rows = Rows::default();
    let mut candidate = Vec::new();
    let mut best: Option<(usize, &str, bool)> = None;
    for c in candidates.filter(|c| c.len().abs_diff(typo.len()) <= limit) {
        candidate.clear();
        candidate.extend(c.chars());
        let Some(d) = distance_within(&candidate, &wanted, limit, &mut rows) else {
            continue;
        };
        // Never suggest a candidate that shares nothing with the typo (`x` → `a`).
        if d >= wanted.len() {
            continue;
        }
        best = match best {
            Some((bd, bs, _)) if d == bd => Some((d, bs.min(c), false)),
            Some((bd, ..)) if d > bd => best,
            _ => Some((d, c, true)),
        };
    }
    best.map(|(_, c, unique)| (c, unique))
}

/// The bounded edit distance of [`closest`], for callers that compare many pairs (the
/// reconciliation service's fuzzy matching): it keeps its table's rows between calls.
#[derive(Default)]
pub struct Distance(Rows);

impl Distance {
    /// The optimal-string-alignment distance of `a` and `b` (Levenshtein plus adjacent
    /// transpositions), if it is at most `limit`.
    pub fn within(&mut self, a: &[char], b: &[char], limit: usize) -> Option<usize> {
        distance_within(a, b, limit, &mut self.0)
    }
}

/// The three rows of the distance table that [`distance_within`] keeps, reused between calls.
#[derive(Default)]
struct Rows {
    before: Vec<usize>,
    previous: Vec<usize>,
    current: Vec<usize>,
}

/// The optimal-string-alignment distance (Levenshtein plus adjacent transpositions) of `a`
/// and `b`, if it is at most `limit`. Written here rather than `strsim`'s `osa_distance` (in
/// the build through clap): that has no bound and fills the whole table for every pair,
/// where a did-you-mean scan compares one typo with every slug of the glossary. The table is filled a row at a time and given up as soon
/// as a whole row exceeds `limit` (a row's smallest value never falls in the rows below), so
/// the slugs far from a typo cost a few rows, not the whole table.
fn distance_within(a: &[char], b: &[char], limit: usize, rows: &mut Rows) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let Rows {
        before,
        previous,
        current,
    } = rows;
    for row in [&mut *before, &mut *previous, &mut *current] {
        row.clear();
        row.resize(b.len() + 1, 0);
    }
    for (j, cell) in previous.iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        current[0] = i;
        let mut smallest = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            current[j] = d;
            smallest = smallest.min(d);
        }
        if smallest > limit {
            return None;
        }
        std::mem::swap(before, previous);
        std::mem::swap(previous, current);
    }
    let d = previous[b.len()];
    (d <= limit).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first version, the whole table at once: the reference for [`distance_within`].
    fn edit_distance(a: &str, b: &str) -> usize {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for (i, row) in rows.iter_mut().enumerate() {
            row[0] = i;
        }
        for (j, cell) in rows[0].iter_mut().enumerate() {
            *cell = j;
        }
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut d = (rows[i - 1][j] + 1)
                    .min(rows[i][j - 1] + 1)
                    .min(rows[i - 1][j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d = d.min(rows[i - 2][j - 2] + 1);
                }
                rows[i][j] = d;
            }
        }
        rows[a.len()][b.len()]
    }

    #[test]
    fn the_bounded_distance_is_the_whole_tables_within_its_limit() {
        let mut rng = crate::rng::Rng(7);
        let alphabet: Vec<char> = "ab-é語".chars().collect();
        let word = |rng: &mut crate::rng::Rng| -> String {
            let n = rng.below_usize(9);
            (0..n).map(|_| rng.pick(&alphabet)).collect()
        };
        let mut rows = Rows::default();
        for _ in 0..20_000 {
            let (a, b) = (word(&mut rng), word(&mut rng));
            let (ca, cb): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            let whole = edit_distance(&a, &b);
            for limit in 0..5 {
                let expected = (whole <= limit).then_some(whole);
                assert_eq!(
                    distance_within(&ca, &cb, limit, &mut rows),
                    expected,
                    "{a:?} {b:?} {limit}"
                );
            }
        }
    }

    #[test]
    fn a_tie_is_no_single_guess() {
        let candidates = ["ab-x", "ab-y", "cd"];
        assert_eq!(
            closest("ab-z", candidates.into_iter()),
            Some(("ab-x", false))
        );
        assert_eq!(
            closest("ab-yy", candidates.into_iter()),
            Some(("ab-y", true))
        );
        assert_eq!(closest("zz", candidates.into_iter()), None);
    }
}
