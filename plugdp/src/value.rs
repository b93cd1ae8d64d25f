//! Values the DP folds: the [`Value`] trait and its implementations.
//!
//! | type | meaning | on overflow |
//! |---|---|---|
//! | `u64`, `u128` | exact counts | the engine returns [`PlugError::Overflow`](crate::PlugError::Overflow) |
//! | [`ModP`] | counts modulo a prime | wraps (that is the point) |
//! | [`Residues`] | counts modulo several primes at once, turned into an exact [`BigCount`] by the Chinese remainder theorem | never, up to the product of the primes |
//! | [`MaxPlus`], [`MinPlus`] | the best total weight (optimisation): "add" keeps the better, "multiply" adds weights | error |
//! | [`Feasible`] | whether any solution exists (boolean semiring) | never |

use core::fmt;

/// A commutative semiring value with checked operations.
///
/// The engine multiplies the weights of one configuration's choices and adds up the
/// configurations; any type with these operations can be folded. Here a truncated polynomial
/// counts the domino tilings of a 2 × 4 board by their number of vertical dominoes: a tiling is
/// a sequence of vertical dominoes and pairs of horizontal ones (1 + 1 + 1 + 1, three orders of
/// 1 + 1 + 2, and 2 + 2), so the polynomial is 1 + 3x² + x⁴.
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Grid, Sides, Value};
/// /// Polynomials in x, truncated past x⁷.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Poly([u64; 8]);
/// impl Value for Poly {
///     fn zero() -> Self {
///         Poly([0; 8])
///     }
///     fn one() -> Self {
///         Poly([1, 0, 0, 0, 0, 0, 0, 0])
///     }
///     fn checked_add(&self, other: &Self) -> Option<Self> {
///         let mut p = [0; 8];
///         for k in 0..8 {
///             p[k] = self.0[k].checked_add(other.0[k])?;
///         }
///         Some(Poly(p))
///     }
///     fn checked_mul(&self, other: &Self) -> Option<Self> {
///         let mut p = [0u64; 8];
///         for i in 0..8 {
///             for j in 0..8 - i {
///                 p[i + j] = p[i + j].checked_add(self.0[i].checked_mul(other.0[j])?)?;
///             }
///         }
///         Some(Poly(p))
///     }
///     fn is_zero(&self) -> bool {
///         self.0 == [0; 8]
///     }
/// }
/// let x = Poly([0, 1, 0, 0, 0, 0, 0, 0]);
/// // A vertical domino's top cell opens downward: it carries the x.
/// let choices = |_, _| {
///     Sides::SINGLES
///         .iter()
///         .map(|&s| (s, if s == Sides::DOWN { x.clone() } else { Poly::one() }))
///         .collect::<Vec<_>>() // (an iterator may be returned too, if it borrows nothing)
/// };
/// let (by_vertical, _) = run_edges(&Grid::new(2, 4)?, EdgeRules::PRESENCE, choices, &plugdp::Options::default())?;
/// assert_eq!(by_vertical, Poly([1, 0, 3, 0, 1, 0, 0, 0]));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
pub trait Value: Clone + fmt::Debug + PartialEq + Send + Sync {
    /// The additive identity.
    fn zero() -> Self;
    /// The multiplicative identity.
    fn one() -> Self;
    /// `self + other`, or `None` on overflow.
    fn checked_add(&self, other: &Self) -> Option<Self>;
    /// `self × other`, or `None` on overflow.
    fn checked_mul(&self, other: &Self) -> Option<Self>;
    /// Whether this is the additive identity.
    fn is_zero(&self) -> bool;
}

macro_rules! unsigned {
    ($t:ty) => {
        impl Value for $t {
            fn zero() -> Self {
                0
            }
            fn one() -> Self {
                1
            }
            fn checked_add(&self, other: &Self) -> Option<Self> {
                <$t>::checked_add(*self, *other)
            }
            fn checked_mul(&self, other: &Self) -> Option<Self> {
                <$t>::checked_mul(*self, *other)
            }
            fn is_zero(&self) -> bool {
                *self == 0
            }
        }
    };
}

unsigned!(u64);
unsigned!(u128);

/// The optimisation semirings: ⊕ keeps the better total (`$pick`), ⊗ adds weights, zero = no
/// solution.
macro_rules! best_plus {
    ($(#[$doc:meta])* $name:ident, $pick:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $name(pub Option<i64>);

        impl Value for $name {
            fn zero() -> Self {
                $name(None)
            }
            fn one() -> Self {
                $name(Some(0))
            }
            fn checked_add(&self, other: &Self) -> Option<Self> {
                Some($name(match (self.0, other.0) {
                    (Some(a), Some(b)) => Some(a.$pick(b)),
                    (a, None) => a,
                    (None, b) => b,
                }))
            }
            fn checked_mul(&self, other: &Self) -> Option<Self> {
                match (self.0, other.0) {
                    (Some(a), Some(b)) => a.checked_add(b).map(|s| $name(Some(s))),
                    _ => Some($name(None)),
                }
            }
            fn is_zero(&self) -> bool {
                self.0.is_none()
            }
        }
    };
}

best_plus!(
    /// The best (largest) total weight: ⊕ = max, ⊗ = +, zero = no solution.
    ///
    /// ```
    /// use plugdp::{run_edges, EdgeRules, Grid, MaxPlus, Sides};
    /// // The most vertical dominoes in a tiling of a 2 × 5 board: all five.
    /// let vertical = |_, _| {
    ///     let score = |s: Sides| MaxPlus(Some(i64::from(s == Sides::DOWN)));
    ///     Sides::SINGLES.iter().map(move |&s| (s, score(s)))
    /// };
    /// let (most, _) = run_edges(&Grid::new(2, 5)?, EdgeRules::PRESENCE, vertical, &plugdp::Options::default())?;
    /// assert_eq!(most, MaxPlus(Some(5)));
    /// // No tiling of an odd board: the zero of the semiring.
    /// assert_eq!(run_edges(&Grid::new(3, 3)?, EdgeRules::PRESENCE, vertical, &plugdp::Options::default())?.0, MaxPlus(None));
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    MaxPlus,
    max
);
best_plus!(
    /// The best (smallest) total weight: ⊕ = min, ⊗ = +, zero = no solution.
    ///
    /// ```
    /// use plugdp::{run_edges, EdgeRules, Grid, MinPlus, Sides};
    /// // The fewest vertical dominoes in a tiling of a 2 × 5 board: one (the other four cells
    /// // pair up horizontally).
    /// let vertical = |_, _| {
    ///     let cost = |s: Sides| MinPlus(Some(i64::from(s == Sides::DOWN)));
    ///     Sides::SINGLES.iter().map(move |&s| (s, cost(s)))
    /// };
    /// let (fewest, _) = run_edges(&Grid::new(2, 5)?, EdgeRules::PRESENCE, vertical, &plugdp::Options::default())?;
    /// assert_eq!(fewest, MinPlus(Some(1)));
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    MinPlus,
    min
);

/// Whether some solution exists: ⊕ = or, ⊗ = and.
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Feasible, Grid, Sides};
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, Feasible(true)));
/// // A grid graph is bipartite: no Hamiltonian cycle through an odd number of cells.
/// assert_eq!(run_edges(&Grid::new(3, 3)?, EdgeRules::SINGLE_CYCLE, pairs, &plugdp::Options::default())?.0, Feasible(false));
/// assert_eq!(run_edges(&Grid::new(4, 4)?, EdgeRules::SINGLE_CYCLE, pairs, &plugdp::Options::default())?.0, Feasible(true));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Feasible(pub bool);

impl Value for Feasible {
    fn zero() -> Self {
        Feasible(false)
    }
    fn one() -> Self {
        Feasible(true)
    }
    fn checked_add(&self, other: &Self) -> Option<Self> {
        Some(Feasible(self.0 || other.0))
    }
    fn checked_mul(&self, other: &Self) -> Option<Self> {
        Some(Feasible(self.0 && other.0))
    }
    fn is_zero(&self) -> bool {
        !self.0
    }
}

/// Primes just below 2^62 used by [`Residues`] (each fits in 62 bits, so sums of two stay in
/// `u64` and products are taken in `u128`).
pub const PRIMES: [u64; 16] = [
    4_611_686_018_427_387_847,
    4_611_686_018_427_387_817,
    4_611_686_018_427_387_787,
    4_611_686_018_427_387_761,
    4_611_686_018_427_387_751,
    4_611_686_018_427_387_737,
    4_611_686_018_427_387_733,
    4_611_686_018_427_387_709,
    4_611_686_018_427_387_701,
    4_611_686_018_427_387_631,
    4_611_686_018_427_387_617,
    4_611_686_018_427_387_587,
    4_611_686_018_427_387_461,
    4_611_686_018_427_387_421,
    4_611_686_018_427_387_409,
    4_611_686_018_427_387_329,
];

/// A count modulo `P` (arithmetic wraps, so it never overflows). Any `P` from 1 to `u64::MAX`
/// works (a prime for the Chinese remainder theorem); `ModP<0>` does not compile. The field may
/// hold an unreduced value: every operation and comparison reduces it first, so `ModP::<7>(9)`
/// equals `ModP::<7>(2)`.
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Grid, ModP, Sides};
/// const P: u64 = 1_000_000_007;
/// let singles = |_, _| Sides::SINGLES.iter().map(|&s| (s, ModP::<P>(1)));
/// let (tilings, _) = run_edges(&Grid::new(1000, 2)?, EdgeRules::PRESENCE, singles, &plugdp::Options::default())?;
/// // Domino tilings of a 2 × n strip are the Fibonacci number F(n + 1), here F(1001) mod P.
/// let (mut a, mut b) = (1u64, 1u64); // F(1), F(2)
/// for _ in 2..=1000 {
///     (a, b) = (b, (a + b) % P);
/// }
/// assert_eq!(tilings, ModP::<P>(b));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ModP<const P: u64>(pub u64);

impl<const P: u64> ModP<P> {
    /// The residue in `0..P`.
    ///
    /// ```
    /// use plugdp::ModP;
    /// assert_eq!(ModP::<7>(9).residue(), 2);
    /// assert_eq!(ModP::<{ u64::MAX }>(u64::MAX).residue(), 0);
    /// ```
    pub const fn residue(self) -> u64 {
        const { assert!(P > 0, "ModP<0> is not a modulus") };
        self.0 % P
    }
}

impl<const P: u64> PartialEq for ModP<P> {
    fn eq(&self, other: &Self) -> bool {
        self.residue() == other.residue()
    }
}

impl<const P: u64> Eq for ModP<P> {}

impl<const P: u64> core::hash::Hash for ModP<P> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.residue().hash(state);
    }
}

impl<const P: u64> Value for ModP<P> {
    fn zero() -> Self {
        ModP(0)
    }
    fn one() -> Self {
        ModP(ModP::<P>(1).residue())
    }
    fn checked_add(&self, other: &Self) -> Option<Self> {
        // In 128 bits: a modulus above 2^63 (or an unreduced value) overflowed 64.
        let s = (u128::from(self.0) + u128::from(other.0)) % u128::from(P);
        Some(ModP(s as u64))
    }
    fn checked_mul(&self, other: &Self) -> Option<Self> {
        Some(ModP(
            (u128::from(self.0) * u128::from(other.0) % u128::from(P)) as u64,
        ))
    }
    fn is_zero(&self) -> bool {
        self.residue() == 0
    }
}

/// A count modulo the first `K` of [`PRIMES`] at once; [`Residues::to_big`] recovers the exact
/// count when it is below their product (about 2^(62·K)).
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Grid, Residues, Sides, Value};
/// // Domino tilings of a 2 × 100 strip: F(101), which needs 69 bits.
/// let singles = |_, _| Sides::SINGLES.iter().map(|&s| (s, Residues::<2>::one()));
/// let (tilings, _) = run_edges(&Grid::new(100, 2)?, EdgeRules::PRESENCE, singles, &plugdp::Options::default())?;
/// let (mut a, mut b) = (1u128, 1u128); // F(1), F(2)
/// for _ in 2..=100 {
///     (a, b) = (b, a + b);
/// }
/// assert_eq!(tilings.to_big().to_string(), b.to_string());
/// assert_eq!(b, 573_147_844_013_817_084_101);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Residues<const K: usize>(pub [u64; K]);

impl<const K: usize> Residues<K> {
    /// Compile-time check: K must be between 1 and the number of [`PRIMES`].
    const VALID: () = assert!(
        K >= 1 && K <= PRIMES.len(),
        "Residues<K> needs 1 <= K <= 16"
    );
}

impl<const K: usize> Value for Residues<K> {
    fn zero() -> Self {
        let () = Self::VALID;
        Residues([0; K])
    }
    fn one() -> Self {
        let () = Self::VALID;
        Residues([1; K])
    }
    fn checked_add(&self, other: &Self) -> Option<Self> {
        let () = Self::VALID;
        // Reduce first: the field is public, so residues may arrive unreduced.
        // (A comparison first: residues are nearly always reduced, and a division costs
        // tens of cycles.)
        let reduce = |x: u64, p: u64| if x >= p { x % p } else { x };
        Some(Residues(std::array::from_fn(|i| {
            let s = reduce(self.0[i], PRIMES[i]) + reduce(other.0[i], PRIMES[i]);
            if s >= PRIMES[i] { s - PRIMES[i] } else { s }
        })))
    }
    fn checked_mul(&self, other: &Self) -> Option<Self> {
        Some(Residues(std::array::from_fn(|i| {
            (u128::from(self.0[i]) * u128::from(other.0[i]) % u128::from(PRIMES[i])) as u64
        })))
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
}

/// How many [`PRIMES`] a [`Residues`] value needs so that their product exceeds `2^bits`
/// (each prime is above 2^61.99), rounded up to a count the crate's exact solvers use (1, 2,
/// 4, 8 or 16).
///
/// ```
/// use plugdp::value::residues_for_bits;
/// assert_eq!(residues_for_bits(60)?, 1);
/// assert_eq!(residues_for_bits(130)?, 4);
/// assert!(residues_for_bits(2000).is_err());
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::ExactTooLarge`](crate::PlugError::ExactTooLarge) past 16 primes (about 990
/// bits).
pub fn residues_for_bits(bits: usize) -> Result<usize, crate::PlugError> {
    let k = bits / 61 + 1;
    [1, 2, 4, 8, 16]
        .into_iter()
        .find(|&s| s >= k)
        .ok_or(crate::PlugError::ExactTooLarge { bits })
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

impl<const K: usize> Residues<K> {
    /// The exact value in `[0, p_1 · … · p_K)` with these residues (Garner's algorithm).
    ///
    /// ```
    /// use plugdp::{Residues, Value};
    /// // 2^200 from its residues modulo four primes (about 2^248 together).
    /// let two = Residues::<4>([2; 4]);
    /// let mut x = Residues::<4>::one();
    /// for _ in 0..200 {
    ///     x = x.checked_mul(&two).unwrap();
    /// }
    /// assert_eq!(
    ///     x.to_big().to_string(),
    ///     "1606938044258990275541962092341162602522202993782792835301376"
    /// );
    /// ```
    pub fn to_big(&self) -> BigCount {
        let () = Self::VALID;
        garner(&self.0)
    }
}

/// The value in `[0, p_1 · … · p_k)` with residues `residues[i]` modulo `PRIMES[i]`
/// (Garner's algorithm, mixed-radix digits); `residues` holds at most 16 values.
pub(crate) fn garner(residues: &[u64]) -> BigCount {
    // Mixed-radix digits: x = v0 + p0 (v1 + p1 (v2 + …)).
    let mut v = vec![0u64; residues.len()];
    for i in 0..residues.len() {
        let pi = PRIMES[i];
        let mut t = residues[i] % pi;
        for j in 0..i {
            // t = (t − v_j) · p_j^{-1} mod p_i
            let inv = pow_mod(PRIMES[j] % pi, pi - 2, pi);
            t = mul_mod((t + pi - v[j] % pi) % pi, inv, pi);
        }
        v[i] = t;
    }
    let mut x = BigCount::from_u64(0);
    for i in (0..residues.len()).rev() {
        x.mul_small(PRIMES[i]);
        x.add_small(v[i]);
    }
    x
}

/// A non-negative integer of any size (base 10^9 limbs), enough to print, compare and convert
/// exact counts; the exact solvers return it.
///
/// Conversions follow `num-bigint`'s `BigUint`: `From` every unsigned integer type,
/// `TryFrom<BigCount>` and `TryFrom<&BigCount>` into every unsigned integer type (a
/// [`CountError::TooLarge`] when the count does not fit), [`to_u64`](BigCount::to_u64) and
/// [`to_u128`](BigCount::to_u128) returning an `Option`, [`to_f64`](BigCount::to_f64) rounding
/// to the nearest `f64`. [`Display`](fmt::Display) and [`Debug`](fmt::Debug) both print the
/// decimal digits, which [`FromStr`](core::str::FromStr) reads back.
///
/// ```
/// use plugdp::{domino_tilings, BigCount, Grid};
/// // Domino tilings of a 2 × 300 strip: the Fibonacci number F(301), past u128.
/// let tilings = domino_tilings(&Grid::new(2, 300)?, &plugdp::Options::default())?;
/// assert!(tilings > BigCount::from(u128::MAX));
/// assert_eq!(tilings.to_u128(), None);
/// // F(301) by schoolbook decimal addition (digits least significant first).
/// let add = |a: &[u8], b: &[u8]| {
///     let (mut out, mut carry) = (Vec::new(), 0);
///     for i in 0..a.len().max(b.len()) {
///         let d = a.get(i).unwrap_or(&0) + b.get(i).unwrap_or(&0) + carry;
///         out.push(d % 10);
///         carry = d / 10;
///     }
///     if carry > 0 {
///         out.push(carry);
///     }
///     out
/// };
/// let (mut a, mut b) = (vec![1u8], vec![1u8]); // F(1), F(2)
/// for _ in 2..301 {
///     let c = add(&a, &b);
///     (a, b) = (b, c);
/// }
/// let f301: String = b.iter().rev().map(|d| char::from(b'0' + d)).collect();
/// assert_eq!(tilings.to_string(), f301);
/// assert_eq!(format!("{tilings:?}"), f301); // Debug prints the digits too
/// // Small counts convert like any integer:
/// let chessboard = domino_tilings(&Grid::new(8, 8)?, &plugdp::Options::default())?;
/// assert_eq!(u64::try_from(&chessboard)?, 12_988_816);
/// assert_eq!(chessboard.to_u64(), Some(12_988_816));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct BigCount {
    /// Base-10^9 digits, least significant first, with no zero limb at the top.
    limbs: Vec<u32>,
}

const BASE: u64 = 1_000_000_000;

impl BigCount {
    /// The value `x` (also `BigCount::from(x)`).
    ///
    /// ```
    /// use plugdp::{domino_tilings, BigCount, Grid};
    /// let chessboard = domino_tilings(&Grid::new(8, 8)?, &plugdp::Options::default())?;
    /// assert_eq!(chessboard, BigCount::from_u64(12_988_816)); // OEIS A004003
    /// assert_eq!(BigCount::from_u64(0).to_string(), "0");
    /// assert!(BigCount::from_u64(1_000_000_000) > BigCount::from_u64(999_999_999));
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn from_u64(mut x: u64) -> BigCount {
        let mut limbs = Vec::new();
        while x > 0 {
            limbs.push((x % BASE) as u32);
            x /= BASE;
        }
        BigCount { limbs }
    }

    /// The value `x` (also `BigCount::from(x)`).
    ///
    /// ```
    /// use plugdp::BigCount;
    /// let x = BigCount::from_u128(u128::MAX);
    /// assert_eq!(x.to_string(), "340282366920938463463374607431768211455");
    /// assert_eq!(u128::try_from(&x), Ok(u128::MAX));
    /// assert!(u64::try_from(&x).is_err());
    /// ```
    pub fn from_u128(mut x: u128) -> BigCount {
        let mut limbs = Vec::new();
        while x > 0 {
            limbs.push((x % u128::from(BASE)) as u32);
            x /= u128::from(BASE);
        }
        BigCount { limbs }
    }

    /// Whether the value is zero.
    ///
    /// ```
    /// use plugdp::BigCount;
    /// assert!(BigCount::from(0u8).is_zero());
    /// assert!(!BigCount::from(1u8).is_zero());
    /// assert_eq!(BigCount::default(), BigCount::from(0u8));
    /// ```
    pub fn is_zero(&self) -> bool {
        self.significant().is_empty()
    }

    /// The value as a `u64`, or `None` when it is larger than `u64::MAX`
    /// (`u64::try_from(&count)` gives the same with an error).
    ///
    /// ```
    /// use plugdp::BigCount;
    /// assert_eq!(BigCount::from(u64::MAX).to_u64(), Some(u64::MAX));
    /// assert_eq!(BigCount::from(u128::from(u64::MAX) + 1).to_u64(), None);
    /// ```
    pub fn to_u64(&self) -> Option<u64> {
        u64::try_from(self).ok()
    }

    /// The value as a `u128`, or `None` when it is larger than `u128::MAX`
    /// (`u128::try_from(&count)` gives the same with an error).
    ///
    /// ```
    /// use plugdp::BigCount;
    /// assert_eq!(BigCount::from(u128::MAX).to_u128(), Some(u128::MAX));
    /// let past: BigCount = "340282366920938463463374607431768211456".parse()?; // 2^128
    /// assert_eq!(past.to_u128(), None);
    /// # Ok::<(), plugdp::CountError>(())
    /// ```
    pub fn to_u128(&self) -> Option<u128> {
        self.fold_u128()
    }

    /// The value rounded to the nearest `f64`, ties to even (as `u128 as f64` and
    /// `str::parse::<f64>` round), so exact for every count up to 2⁵³ and for every count an
    /// `f64` can hold; `f64::INFINITY` when it rounds past `f64::MAX` (about 1.8·10³⁰⁸).
    ///
    /// ```
    /// use plugdp::BigCount;
    /// assert_eq!(BigCount::from(12_988_816u64).to_f64(), 12_988_816.0);
    /// assert_eq!(BigCount::from(u128::MAX).to_f64(), u128::MAX as f64); // 2^128 after rounding
    /// let huge: BigCount = "1".repeat(400).parse()?;
    /// assert_eq!(huge.to_f64(), f64::INFINITY);
    /// # Ok::<(), plugdp::CountError>(())
    /// ```
    pub fn to_f64(&self) -> f64 {
        if let Some(x) = self.fold_u128() {
            // Integer-to-float casts round to nearest, ties to even.
            return x as f64;
        }
        self.to_string()
            .parse()
            .expect("decimal digits always parse as f64")
    }

    /// The value in 128 bits, if it fits.
    fn fold_u128(&self) -> Option<u128> {
        let mut v: u128 = 0;
        for &l in self.significant().iter().rev() {
            v = v
                .checked_mul(u128::from(BASE))
                .and_then(|v| v.checked_add(u128::from(l)))?;
        }
        Some(v)
    }

    /// Drops zero limbs at the top (the representation invariant).
    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub(crate) fn mul_small(&mut self, m: u64) {
        if m == 0 {
            self.limbs.clear();
            return;
        }
        // m < 2^62: split into two base-10^9 digits to keep products in u128.
        let mut carry: u128 = 0;
        for l in &mut self.limbs {
            let cur = u128::from(*l) * u128::from(m) + carry;
            *l = (cur % u128::from(BASE)) as u32;
            carry = cur / u128::from(BASE);
        }
        while carry > 0 {
            self.limbs.push((carry % u128::from(BASE)) as u32);
            carry /= u128::from(BASE);
        }
    }

    pub(crate) fn add_small(&mut self, a: u64) {
        let mut carry = u128::from(a);
        for l in &mut self.limbs {
            if carry == 0 {
                break;
            }
            let cur = u128::from(*l) + carry;
            *l = (cur % u128::from(BASE)) as u32;
            carry = cur / u128::from(BASE);
        }
        while carry > 0 {
            self.limbs.push((carry % u128::from(BASE)) as u32);
            carry /= u128::from(BASE);
        }
    }
}

impl BigCount {
    /// The limbs without leading zero limbs.
    fn significant(&self) -> &[u32] {
        let n = self
            .limbs
            .iter()
            .rposition(|&l| l != 0)
            .map_or(0, |i| i + 1);
        &self.limbs[..n]
    }
}

impl PartialEq for BigCount {
    fn eq(&self, other: &Self) -> bool {
        self.significant() == other.significant()
    }
}

impl Eq for BigCount {}

impl core::hash::Hash for BigCount {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.significant().hash(state);
    }
}

impl Default for BigCount {
    /// Zero.
    fn default() -> BigCount {
        BigCount { limbs: Vec::new() }
    }
}

impl fmt::Debug for BigCount {
    /// The decimal digits, as [`Display`](fmt::Display) prints them (`num-bigint` does the
    /// same), not the limbs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `From` every unsigned integer type, and `TryFrom<BigCount>` / `TryFrom<&BigCount>` into it.
macro_rules! conversions {
    ($($t:ty),*) => {$(
        impl From<$t> for BigCount {
            /// The value `x`.
            fn from(x: $t) -> BigCount {
                BigCount::from_u128(x as u128)
            }
        }

        impl TryFrom<&BigCount> for $t {
            type Error = CountError;

            /// The value, or [`CountError::TooLarge`] when it does not fit.
            fn try_from(x: &BigCount) -> Result<$t, CountError> {
                x.fold_u128()
                    .and_then(|v| <$t>::try_from(v).ok())
                    .ok_or_else(|| CountError::TooLarge {
                        count: x.to_string(),
                        bits: <$t>::BITS,
                    })
            }
        }

        impl TryFrom<BigCount> for $t {
            type Error = CountError;

            /// The value, or [`CountError::TooLarge`] when it does not fit.
            fn try_from(x: BigCount) -> Result<$t, CountError> {
                <$t>::try_from(&x)
            }
        }
    )*};
}

conversions!(u8, u16, u32, u64, u128, usize);

/// A [`BigCount`] that does not fit the integer type asked for, or text that is not a count.
///
/// ```
/// use plugdp::{BigCount, CountError};
/// let err = u64::try_from(BigCount::from(u128::from(u64::MAX) + 1)).unwrap_err();
/// assert_eq!(err, CountError::TooLarge { count: "18446744073709551616".into(), bits: 64 });
/// assert_eq!(err.to_string(), "the count 18446744073709551616 does not fit in 64 bits");
/// assert_eq!("12a".parse::<BigCount>(), Err(CountError::NotACount("12a".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// The count needs more bits than the target type has.
    #[error("the count {count} does not fit in {bits} bits")]
    TooLarge {
        /// The count, in decimal.
        count: String,
        /// Bits of the target type.
        bits: u32,
    },
    /// The text is not a decimal count (digits only, at least one).
    #[error("{0:?} is not a decimal count")]
    NotACount(String),
}

impl core::str::FromStr for BigCount {
    type Err = CountError;

    /// Reads a decimal count as [`Display`](fmt::Display) writes it (leading zeros allowed).
    ///
    /// ```
    /// use plugdp::BigCount;
    /// let big: BigCount = "1000000000000000000000000000042".parse()?;
    /// assert_eq!(big.to_string().parse::<BigCount>()?, big);
    /// assert_eq!("007".parse::<BigCount>()?, BigCount::from(7u64));
    /// assert!("-1".parse::<BigCount>().is_err());
    /// # Ok::<(), plugdp::CountError>(())
    /// ```
    fn from_str(text: &str) -> Result<BigCount, CountError> {
        let t = text.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CountError::NotACount(text.to_owned()));
        }
        let digits = t.as_bytes();
        let mut limbs = Vec::with_capacity(digits.len() / 9 + 1);
        let mut end = digits.len();
        while end > 0 {
            let start = end.saturating_sub(9);
            let limb = digits[start..end]
                .iter()
                .fold(0u32, |acc, &d| acc * 10 + u32::from(d - b'0'));
            limbs.push(limb);
            end = start;
        }
        let mut count = BigCount { limbs };
        count.trim();
        Ok(count)
    }
}

impl Ord for BigCount {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        let (a, b) = (self.significant(), other.significant());
        a.len()
            .cmp(&b.len())
            .then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }
}

impl PartialOrd for BigCount {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.significant().split_last() {
            None => f.write_str("0"),
            Some((top, rest)) => {
                write!(f, "{top}")?;
                for l in rest.iter().rev() {
                    write!(f, "{l:09}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_are_prime() {
        for &p in &PRIMES {
            // Miller–Rabin with bases that are deterministic below 2^64.
            let (mut d, mut s) = (p - 1, 0);
            while d % 2 == 0 {
                d /= 2;
                s += 1;
            }
            for a in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
                let mut x = pow_mod(a, d, p);
                if x == 1 || x == p - 1 {
                    continue;
                }
                let mut composite = true;
                for _ in 1..s {
                    x = mul_mod(x, x, p);
                    if x == p - 1 {
                        composite = false;
                        break;
                    }
                }
                assert!(!composite, "{p} is composite (witness {a})");
            }
        }
    }

    #[test]
    fn optimisation_semirings_follow_their_laws() {
        let (a, b, c) = (MaxPlus(Some(3)), MaxPlus(Some(-2)), MaxPlus(None));
        assert_eq!(a.checked_add(&b), Some(a));
        assert_eq!(a.checked_add(&c), Some(a));
        assert_eq!(a.checked_mul(&b), Some(MaxPlus(Some(1))));
        assert_eq!(a.checked_mul(&c), Some(c));
        assert_eq!(a.checked_mul(&MaxPlus::one()), Some(a));
        // Distributivity: a ⊗ (b ⊕ c) = (a ⊗ b) ⊕ (a ⊗ c).
        let d = MaxPlus(Some(7));
        let lhs = a.checked_mul(&b.checked_add(&d).unwrap()).unwrap();
        let rhs = a
            .checked_mul(&b)
            .unwrap()
            .checked_add(&a.checked_mul(&d).unwrap())
            .unwrap();
        assert_eq!(lhs, rhs);
        assert_eq!(
            MinPlus(Some(3)).checked_add(&MinPlus(Some(-2))),
            Some(MinPlus(Some(-2)))
        );
        assert_eq!(MaxPlus(Some(i64::MAX)).checked_mul(&MaxPlus(Some(1))), None);
        assert_eq!(
            Feasible(true).checked_mul(&Feasible(false)),
            Some(Feasible(false))
        );
    }

    #[test]
    fn crt_recovers_big_numbers() {
        // 2^200 written in decimal, recovered from its residues.
        let two = Residues::<4>([2; 4]);
        let mut x = Residues::<4>::one();
        for _ in 0..200 {
            x = x.checked_mul(&two).unwrap();
        }
        assert_eq!(
            x.to_big().to_string(),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
        assert_eq!(Residues::<2>([0, 0]).to_big().to_string(), "0");
        assert_eq!(BigCount::from_u64(1_000_000_000).to_string(), "1000000000");
    }
}
