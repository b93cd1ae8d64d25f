//! Frontier states: one 4-bit label per contour position plus flag bits, packed in a `u128`.
//!
//! Position j (0 ≤ j ≤ W) of the contour holds the label of the plug crossing it: 0 for none,
//! otherwise a component label. Labels are kept in *minimal representation*: after every step
//! they are renumbered 1, 2, 3, … in order of first appearance along the contour, so frontiers
//! that differ only by the names of their components share one key. Bits 124–127 hold global
//! flags (for example "a cycle has closed").

/// Largest number of contour positions (so at most 30 columns).
pub const MAX_POSITIONS: usize = 31;

/// Largest label after normalisation.
pub const MAX_LABEL: u8 = 15;

const FLAG_SHIFT: u32 = 124;

/// The minimal representation of decoded labels, written once for every decoded frontier of
/// the crate: `map[l]` is the new name of label `l` (labels below 64) when `labels` are read in
/// order, 1, 2, 3, … by first appearance (0 stays 0); `None` with more than [`MAX_LABEL`]
/// names. Branch-free.
#[inline]
pub(crate) fn minimal_names(labels: &[u8]) -> Option<[u8; 64]> {
    let mut map = [0u8; 64];
    let mut next = 0u8;
    for &l in labels {
        let l = usize::from(l & 63);
        let fresh = u8::from(map[l] == 0) & u8::from(l != 0);
        next += fresh;
        map[l] |= fresh * next;
    }
    (next <= MAX_LABEL).then_some(map)
}

/// Decoded labels of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Labels {
    pub(crate) at: [u8; MAX_POSITIONS + 1],
    pub(crate) flags: u8,
}

impl Labels {
    #[inline]
    pub(crate) fn decode(key: u128, positions: usize) -> Labels {
        let mut at = [0u8; MAX_POSITIONS + 1];
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        for (j, slot) in at.iter_mut().enumerate().take(positions) {
            let word = if j < 16 {
                lo >> (4 * j)
            } else {
                hi >> (4 * (j - 16))
            };
            *slot = (word & 0xF) as u8;
        }
        Labels {
            at,
            flags: (key >> FLAG_SHIFT) as u8,
        }
    }

    /// Renumbers labels in order of first appearance and packs; `None` if more than
    /// [`MAX_LABEL`] components remain.
    #[inline]
    pub(crate) fn encode(&self, positions: usize) -> Option<u128> {
        let map = minimal_names(&self.at[..positions])?;
        let (mut lo, mut hi) = (0u64, 0u64);
        for j in 0..positions {
            let m = u64::from(map[usize::from(self.at[j] & 63)]);
            if j < 16 {
                lo |= m << (4 * j);
            } else {
                hi |= m << (4 * (j - 16));
            }
        }
        Some(u128::from(lo) | u128::from(hi) << 64 | u128::from(self.flags) << FLAG_SHIFT)
    }

    /// Replaces every `from` label by `to`.
    #[inline]
    pub(crate) fn relabel(&mut self, from: u8, to: u8, positions: usize) {
        for l in self.at.iter_mut().take(positions) {
            if *l == from {
                *l = to;
            }
        }
    }

    /// Whether any position other than `skip` holds a plug.
    #[inline]
    pub(crate) fn any_plug_except(&self, positions: usize, skip: [usize; 2]) -> bool {
        (0..positions).any(|j| !skip.contains(&j) && self.at[j] != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_representation_renumbers_by_first_appearance() {
        let mut l = Labels {
            at: [0; MAX_POSITIONS + 1],
            flags: 1,
        };
        l.at[..5].copy_from_slice(&[0, 7, 3, 7, 3]);
        let key = l.encode(5).unwrap();
        let back = Labels::decode(key, 5);
        assert_eq!(&back.at[..5], &[0, 1, 2, 1, 2]);
        assert_eq!(back.flags, 1);
        let mut m = l;
        m.at[..5].copy_from_slice(&[0, 2, 9, 2, 9]);
        assert_eq!(m.encode(5), Some(key));
    }
}
