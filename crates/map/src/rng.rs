//! SplitMix64, the one pseudo-random generator of the crate: written here rather than taken
//! from a crate, whose algorithm could change with an upgrade, because every output that
//! depends on it (generated glossaries, topics, layouts) must stay the same bytes for the same
//! input, release after release.

/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast, and good enough for test data.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 output function: a bijective mix of 64 bits.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    #[expect(
        clippy::should_implement_trait,
        reason = "an endless stream of numbers, never used as an Iterator"
    )]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// A number in `0..n` (multiply-shift; the bias is below 2^-32).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * u64::from(n)) >> 32) as u32
    }

    pub fn below_usize(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }

    /// `0..n` in random order (Fisher–Yates).
    pub fn permutation(&mut self, n: usize) -> Vec<u32> {
        let mut order: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            let j = self.below_usize(i + 1);
            order.swap(i, j);
        }
        order
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(hi - lo + 1)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u32) as usize]
    }

    /// An index drawn with the given weights.
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let mut x = self.below(weights.iter().sum());
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }

    /// `k` distinct indices below `n`, in drawing order.
    pub fn distinct(&mut self, k: usize, n: usize) -> Vec<usize> {
        let mut all: Vec<usize> = (0..n).collect();
        for i in 0..k.min(n) {
            let j = i + self.below_usize(n - i);
            all.swap(i, j);
        }
        all.truncate(k.min(n));
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_fixed() {
        // Pins SplitMix64 itself: a change here would change every corpus and every layout.
        let mut rng = Rng(0);
        assert_eq!(rng.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next(), 0x6E78_9E6A_A1B9_65F4);
    }
}
