//! [`Rng`]: the crate's seeded random number generator (xoshiro256**, seeded through
//! SplitMix64). Every random choice in the crate takes one of these, so a seed fixes a whole
//! game, match or tournament on every platform.

/// A small, fast, seedable generator (xoshiro256**). Not cryptographic.
///
/// ```
/// use grid_games::game::Rng;
/// let mut a = Rng::seed_from(42);
/// let mut b = Rng::seed_from(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose whole stream is determined by `seed`.
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// let first: Vec<u64> = (0..3).map({ let mut r = Rng::seed_from(9); move |_| r.next_u64() }).collect();
    /// let again: Vec<u64> = (0..3).map({ let mut r = Rng::seed_from(9); move |_| r.next_u64() }).collect();
    /// assert_eq!(first, again); // same seed, same stream
    /// assert_ne!(Rng::seed_from(9).next_u64(), Rng::seed_from(10).next_u64());
    /// ```
    pub fn seed_from(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// A new generator derived from this one and `stream` (for independent per-game or
    /// per-pairing streams that do not depend on evaluation order).
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// let base = Rng::seed_from(1);
    /// // A stream depends only on the base generator and its number, not on the order of forking.
    /// let game_3 = base.fork(3).next_u64();
    /// let _game_5 = base.fork(5);
    /// assert_eq!(base.fork(3).next_u64(), game_3);
    /// assert_ne!(base.fork(4).next_u64(), game_3);
    /// ```
    pub fn fork(&self, stream: u64) -> Rng {
        Rng::seed_from(
            self.s[0] ^ self.s[2].rotate_left(17) ^ stream.wrapping_mul(0xA24B_AED4_963E_E407),
        )
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// let mut rng = Rng::seed_from(5);
    /// let (a, b) = (rng.next_u64(), rng.next_u64());
    /// assert_ne!(a, b);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n > 0`; returns 0 for `n == 0`), without modulo bias.
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// let mut rng = Rng::seed_from(5);
    /// let die: Vec<u64> = (0..100).map(|_| rng.below(6) + 1).collect();
    /// assert!(die.iter().all(|d| (1..=6).contains(d)));
    /// assert_eq!(rng.below(0), 0);
    /// ```
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A uniform index into a slice of length `len` (`len > 0`).
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// let names = ["random", "heuristic", "mcts"];
    /// let mut rng = Rng::seed_from(2);
    /// let i = rng.index(names.len());
    /// assert!(i < 3);
    /// ```
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A uniform float in `[0, 1)`.
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// let mut rng = Rng::seed_from(3);
    /// let heads = (0..1000).filter(|_| rng.unit() < 0.5).count();
    /// assert!((400..600).contains(&heads));
    /// ```
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Shuffles `items` uniformly (Fisher–Yates).
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// let mut order = [0, 1, 2, 3, 4, 5];
    /// Rng::seed_from(4).shuffle(&mut order);
    /// let mut sorted = order;
    /// sorted.sort();
    /// assert_eq!(sorted, [0, 1, 2, 3, 4, 5]); // the same items, in another order
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// let mut rng = Rng::seed_from(6);
    /// let pick = rng.choose(&['a', 'b', 'c']).copied();
    /// assert!(matches!(pick, Some('a' | 'b' | 'c')));
    /// assert_eq!(rng.choose::<u8>(&[]), None);
    /// ```
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.index(items.len())])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = Rng::seed_from(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.index(6)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn forks_are_independent_of_use_order() {
        let base = Rng::seed_from(1);
        let a = base.fork(3).next_u64();
        let other = base.clone();
        let _ = other.fork(5);
        assert_eq!(other.fork(3).next_u64(), a);
        assert_ne!(base.fork(4).next_u64(), a);
    }
}
