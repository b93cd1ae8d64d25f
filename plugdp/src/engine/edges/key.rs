//! Packed frontier keys: the [`Key`] trait with its 64- and 128-bit implementations, and the
//! lane-parallel (SWAR) helpers that read, shift and renumber their 4-bit labels.

use crate::engine::table::TableKey;

/// A packed frontier: labels in the low bits, flags in the top four bits.
///
/// The common transitions ([`fast_step`](super::transitions::fast_step)) work on the key's own
/// integer type, so that narrow boards never pay for 128-bit shifts.
pub(super) trait Key:
    TableKey
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::BitXor<Output = Self>
    + core::ops::Not<Output = Self>
    + core::ops::Add<Output = Self>
    + core::ops::Shl<usize, Output = Self>
    + core::ops::Shr<usize, Output = Self>
    + From<u8>
{
    /// Where the flags start.
    const FLAG_SHIFT: usize;
    /// The key with its flags at bit 124 (the engine-wide layout of
    /// [`Labels`](crate::engine::state::Labels)).
    fn widen(self) -> u128;
    /// The inverse of [`widen`](Key::widen).
    fn narrow(wide: u128) -> Self;
    /// The low 8 bits.
    fn low_byte(self) -> u8;
    /// The bits of the first `positions` labels.
    fn label_mask(positions: usize) -> Self;
    /// `byte` in every byte.
    fn splat(byte: u8) -> Self;
    /// Whether the value is zero.
    fn is_zero(self) -> bool;
    /// Wrapping multiplication (used with masks whose products never carry).
    fn mul(self, other: Self) -> Self;
    /// Wrapping subtraction (used lane by lane where no lane borrows).
    fn sub(self, other: Self) -> Self;
    /// The low and high 64 bits (label loops run on words: no 128-bit variable shifts).
    fn words(self) -> [u64; 2];
    /// The inverse of [`words`](Key::words).
    fn from_words(words: [u64; 2]) -> Self;
}

/// The [`Key`] methods that are plain integer arithmetic, the same for both widths.
macro_rules! key_arithmetic {
    ($t:ty) => {
        #[inline(always)]
        fn low_byte(self) -> u8 {
            self as u8
        }
        #[inline(always)]
        fn label_mask(positions: usize) -> Self {
            (1 << (4 * positions)) - 1
        }
        #[inline(always)]
        fn splat(byte: u8) -> Self {
            <$t>::from_ne_bytes([byte; core::mem::size_of::<$t>()])
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            self == 0
        }
        #[inline(always)]
        fn mul(self, other: Self) -> Self {
            self.wrapping_mul(other)
        }
        #[inline(always)]
        fn sub(self, other: Self) -> Self {
            self.wrapping_sub(other)
        }
    };
}

impl Key for u64 {
    const FLAG_SHIFT: usize = 60;
    key_arithmetic!(u64);
    #[inline(always)]
    fn words(self) -> [u64; 2] {
        [self, 0]
    }
    #[inline(always)]
    fn from_words(words: [u64; 2]) -> Self {
        words[0]
    }

    #[inline]
    fn widen(self) -> u128 {
        // Move the flags to the engine-wide position (bit 124).
        let labels = u128::from(self & ((1 << 60) - 1));
        labels | u128::from(self >> 60) << 124
    }
    #[inline]
    fn narrow(wide: u128) -> Self {
        let labels = (wide & ((1 << 60) - 1)) as u64;
        labels | ((wide >> 124) as u64) << 60
    }
}

impl Key for u128 {
    const FLAG_SHIFT: usize = 124;
    key_arithmetic!(u128);
    #[inline(always)]
    fn words(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }
    #[inline(always)]
    fn from_words(words: [u64; 2]) -> Self {
        u128::from(words[0]) | u128::from(words[1]) << 64
    }

    #[inline]
    fn widen(self) -> u128 {
        self
    }
    #[inline]
    fn narrow(wide: u128) -> Self {
        wide
    }
}

/// The label (4 bits) at position `j` of a packed frontier.
#[inline(always)]
pub(super) fn nib<K: Key>(key: K, j: usize) -> u8 {
    (key >> (4 * j)).low_byte() & 0xF
}

/// `key` with every label above `m` in the lanes of `mask` raised (`up`) or lowered by one.
/// Lane-parallel: even and odd labels go to separate bytes, where `x + (0x80 − (m + 1))` has its
/// top bit set exactly when x > m (x ≤ 15: nothing carries out of a byte). Raising a 15 is the
/// caller's to refuse.
#[inline(always)]
pub(super) fn lanes_above<K: Key>(key: K, m: u8, mask: K, up: bool) -> K {
    let (low, bytes) = (K::splat(0x0F), K::splat(0x01));
    let bias = K::splat(0x80 - (m + 1));
    let above = |lane: K| ((lane + bias) >> 7) & bytes;
    let delta = (above(key & low) | above((key >> 4) & low) << 4) & mask;
    // A lane above m holds at least 1, so lowering it never borrows from the next lane.
    if up { key + delta } else { key.sub(delta) }
}

/// Renumbers the labels of a packed frontier in order of first appearance (the flags stay).
#[inline(always)]
pub(super) fn renumber<K: Key>(key: K, positions: usize) -> K {
    // Branch-free, in registers: nibble x of `map` is the new name of label x (0: none yet).
    let mut map = 0u64;
    let mut next = 0u64;
    let words = key.words();
    let mut out = [0u64; 2];
    for j in 0..positions {
        let (w, shift) = (j / 16, 4 * (j % 16));
        let x = (words[w] >> shift) & 0xF;
        let named = (map >> (4 * x)) & 0xF;
        let fresh = u64::from(named == 0) & u64::from(x != 0);
        next += fresh;
        let name = named | (fresh * next);
        map |= (fresh * next) << (4 * x);
        out[w] |= name << shift;
    }
    K::from_words(out) | (key & !K::label_mask(positions))
}
