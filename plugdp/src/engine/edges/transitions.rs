//! One cell's transition: the decoded reference [`step`] and the packed fast path
//! [`fast_step`].

use super::key::{Key, lanes_above, nib, renumber};
use super::{CLOSED, Cycles, EdgeRules, Sides};
use crate::engine::state::{Labels, MAX_LABEL};

/// What [`fast_step`] made of a transition.
pub(super) enum Fast<K> {
    /// The successor, in minimal representation.
    Done(K),
    /// The choice does not fit the state.
    Dead,
    /// More components than labels.
    TooMany,
    /// Not a case the fast path knows: use [`step`].
    General,
}

/// The common transitions computed on the packed frontier, without decoding it: presence
/// plugs; a plug passing through; a new component opening right and down (labels after it
/// move up by one); two components merging; a single cycle closing. Everything else (path
/// ends, branching cells, cycles closing under [`Cycles::Any`]) is left to [`step`].
#[inline(always)]
pub(super) fn fast_step<K: Key>(
    wide: K,
    sides: Sides,
    r: usize,
    c: usize,
    rows: usize,
    cols: usize,
    rules: EdgeRules,
) -> Fast<K> {
    let (right, down) = (sides.has(Sides::RIGHT), sides.has(Sides::DOWN));
    if (right && c + 1 == cols) || (down && r + 1 == rows) {
        return Fast::Dead;
    }
    let closed = (wide >> K::FLAG_SHIFT).low_byte() & CLOSED != 0;
    if closed && sides.0 != 0 {
        return Fast::Dead;
    }
    let (a, b) = (nib(wide, c), nib(wide, c + 1));
    let cleared = wide & !(K::from(0xFF) << (4 * c));
    let zero = K::from(0);
    let out = |label: u8| {
        let label = K::from(label);
        (if down { label << (4 * c) } else { zero })
            | (if right { label << (4 * (c + 1)) } else { zero })
    };
    if !rules.connectivity {
        return Fast::Done(cleared | out(1));
    }
    if rules.ends > 0 {
        return Fast::General;
    }
    let positions = cols + 1;
    match (a, b, sides.degree()) {
        // Nothing in, nothing out: the frontier is unchanged.
        (0, 0, 0) => Fast::Done(wide),
        // A new component: its label is one more than the largest label before position c
        // (minimal representation numbers labels by first appearance), and every later label
        // above that moves up by one.
        (0, 0, 2) if right && down => {
            let words = wide.words();
            let m = (0..c)
                .map(|j| (words[j / 16] >> (4 * (j % 16))) as u8 & 0xF)
                .max()
                .unwrap_or(0);
            if m >= MAX_LABEL {
                return Fast::TooMany;
            }
            let after = K::label_mask(positions) & !K::label_mask(c + 2);
            // A label 15 that would move up: more than 15 components.
            let fifteen = {
                let t = (cleared ^ K::splat(0xFF)) & after;
                let seven = K::splat(0x77);
                !(((t & seven) + seven) | t) & K::splat(0x88) & after
            };
            if !fifteen.is_zero() {
                return Fast::TooMany;
            }
            Fast::Done(lanes_above(cleared, m, after, true) | out(m + 1))
        }
        // One plug in, one out: the plug moves between the adjacent positions c and c + 1 (the
        // other one is empty), so the order of first appearance is unchanged.
        (x, 0, 2) | (0, x, 2) if x != 0 => Fast::Done(cleared | out(x)),
        // Two plugs in, none out.
        (a, b, 2) if a != 0 && b != 0 => {
            if a != b {
                // Two components merge. Nibbles equal to a label: zero after xor with it
                // everywhere (exact zero test), widened to whole lanes.
                let labels = K::label_mask(positions);
                let lanes = |l: u8| {
                    let t = (cleared ^ K::splat(0x11).mul(K::from(l))) & labels;
                    let seven = K::splat(0x77);
                    let zero_bits = !(((t & seven) + seven) | t) & K::splat(0x88) & labels;
                    (zero_bits >> 3).mul(K::from(0xF))
                };
                let (lanes_a, lanes_b) = (lanes(a), lanes(b));
                let before = K::label_mask(c);
                let (x, y, lanes_y) = if a < b {
                    (a, b, lanes_b)
                } else {
                    (b, a, lanes_a)
                };
                let renamed = cleared ^ (lanes_y & K::splat(0x11).mul(K::from(x ^ y)));
                if !(lanes_a & before).is_zero() || !(lanes_b & before).is_zero() {
                    // One of them appears before column c, hence the smaller, x, does: the
                    // labels before c are 1..=m, and the other, if not among them, is m + 1,
                    // first seen at c or c + 1. Every first appearance but y's stays where it
                    // was, so y's plugs take x and the labels above y move down by one.
                    Fast::Done(lanes_above(renamed, y, labels, false))
                } else {
                    // Both first appear at c and c + 1: the merged component now first
                    // appears later, among others; renumber.
                    Fast::Done(renumber(renamed, positions))
                }
            } else {
                match rules.cycles {
                    Cycles::Forbidden => Fast::Dead,
                    Cycles::Any => Fast::General,
                    Cycles::Single => {
                        if cleared & K::label_mask(positions) != zero {
                            Fast::Dead
                        } else {
                            Fast::Done(cleared | K::from(CLOSED) << K::FLAG_SHIFT)
                        }
                    }
                }
            }
        }
        _ => Fast::General,
    }
}

/// One cell's transition, or `None` if the choice does not fit the state.
#[inline(always)]
pub(crate) fn step(
    mut l: Labels,
    sides: Sides,
    r: usize,
    c: usize,
    rows: usize,
    cols: usize,
    rules: EdgeRules,
) -> Option<Labels> {
    let (left, up) = (l.at[c], l.at[c + 1]);
    if sides.has(Sides::LEFT) != (left != 0) || sides.has(Sides::UP) != (up != 0) {
        return None;
    }
    let (right, down) = (sides.has(Sides::RIGHT), sides.has(Sides::DOWN));
    if (right && c + 1 == cols) || (down && r + 1 == rows) {
        return None;
    }
    if l.flags & CLOSED != 0 && sides.0 != 0 {
        return None;
    }
    let path = rules.connectivity && rules.ends > 0;
    if path && sides.degree() == 1 {
        let ends = (l.flags >> 1 & 3) + 1;
        if ends > rules.ends {
            return None;
        }
        l.flags = (l.flags & !6) | ends << 1;
    }
    l.at[c] = 0;
    l.at[c + 1] = 0;
    let out = if !rules.connectivity {
        1
    } else {
        match (left, up) {
            (0, 0) => 63, // a fresh component, renumbered by the encoder
            (a, 0) | (0, a) => a,
            (a, b) if a != b => {
                l.relabel(b, a, cols + 1);
                a
            }
            (a, _) => {
                // Both plugs belong to one component: a cycle closes.
                match rules.cycles {
                    Cycles::Forbidden => return None,
                    Cycles::Any => {}
                    Cycles::Single => {
                        if right || down || l.any_plug_except(cols + 1, [c, c + 1]) {
                            return None;
                        }
                        l.flags |= CLOSED;
                    }
                }
                a
            }
        }
    };
    if down {
        l.at[c] = out;
    }
    if right {
        l.at[c + 1] = out;
    }
    // A path whose last plug ended here is complete: it must be the only component, and
    // nothing may follow it.
    if path && (left != 0 || up != 0) && !right && !down && !(0..=cols).any(|j| l.at[j] == out) {
        if l.any_plug_except(cols + 1, [usize::MAX, usize::MAX]) {
            return None;
        }
        l.flags |= CLOSED;
    }
    Some(l)
}
