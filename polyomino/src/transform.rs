//! The eight symmetries of the square ([`Transform`]), sets of them ([`TransformSet`]) and the
//! three equivalences used to classify shapes ([`Equivalence`]).
//!
//! # Conventions
//!
//! A transform acts on cells about the origin. Rows grow downward, so a *counter-clockwise*
//! quarter turn as seen on the printed grid maps `(row, col)` to `(-col, row)`: the cell to the
//! right of the origin, `(0, 1)`, goes to the cell above it, `(-1, 0)`. This is also the sense of
//! positive angles in [`Polyomino::rotate_about`](crate::Polyomino::rotate_about), so that a
//! rotation by 90° · k equals [`Transform::rotation`]`(k)`.
//!
//! Internally a transform is "mirror left–right (or not), then turn k quarter turns
//! counter-clockwise"; composition and inversion are a few integer operations.

use core::fmt;

use crate::Cell;

/// One of the eight symmetries of the square (the dihedral group D4).
///
/// ```
/// use polyomino::{Cell, Transform};
/// let r = Transform::Rotate90;
/// assert_eq!(r.apply(Cell::new(0, 1)), Cell::new(-1, 0)); // right goes to up
/// assert_eq!(r.then(r).then(r).then(r), Transform::Identity);
/// assert_eq!(Transform::Transpose.inverse(), Transform::Transpose);
/// assert_eq!(Transform::MirrorLeftRight.then(Transform::Rotate90), Transform::Transpose);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Transform {
    /// `(r, c) → (r, c)`.
    Identity = 0,
    /// A quarter turn counter-clockwise on the printed grid: `(r, c) → (−c, r)`.
    Rotate90 = 1,
    /// A half turn: `(r, c) → (−r, −c)`.
    Rotate180 = 2,
    /// Three quarter turns counter-clockwise (one clockwise): `(r, c) → (c, −r)`.
    Rotate270 = 3,
    /// Mirror about a vertical line: `(r, c) → (r, −c)`.
    MirrorLeftRight = 4,
    /// Mirror about the main diagonal: `(r, c) → (c, r)`.
    Transpose = 5,
    /// Mirror about a horizontal line: `(r, c) → (−r, c)`.
    MirrorUpDown = 6,
    /// Mirror about the anti-diagonal: `(r, c) → (−c, −r)`.
    AntiTranspose = 7,
}

impl Transform {
    /// All eight transforms, in discriminant order (the four rotations first).
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::Rotate90,
        Transform::Rotate180,
        Transform::Rotate270,
        Transform::MirrorLeftRight,
        Transform::Transpose,
        Transform::MirrorUpDown,
        Transform::AntiTranspose,
    ];

    /// The four rotations, by increasing angle.
    pub const ROTATIONS: [Transform; 4] = [
        Transform::Identity,
        Transform::Rotate90,
        Transform::Rotate180,
        Transform::Rotate270,
    ];

    /// The transform with index `i mod 8` (the discriminant).
    ///
    /// ```
    /// use polyomino::Transform;
    /// assert_eq!(Transform::from_index(1), Transform::Rotate90);
    /// assert_eq!(Transform::from_index(9), Transform::Rotate90); // taken mod 8
    /// ```
    #[inline]
    pub const fn from_index(i: u8) -> Transform {
        Transform::ALL[(i & 7) as usize]
    }

    /// The discriminant, `0..8`.
    ///
    /// ```
    /// use polyomino::Transform;
    /// assert_eq!(Transform::Transpose.index(), 5);
    /// assert!(Transform::ALL.iter().all(|&t| Transform::from_index(t.index()) == t));
    /// ```
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The counter-clockwise rotation by `quarter_turns` quarter turns (any integer, taken mod 4).
    ///
    /// ```
    /// use polyomino::Transform;
    /// assert_eq!(Transform::rotation(1), Transform::Rotate90);
    /// assert_eq!(Transform::rotation(-1), Transform::Rotate270);
    /// assert_eq!(Transform::rotation(6), Transform::Rotate180);
    /// ```
    #[inline]
    pub const fn rotation(quarter_turns: i32) -> Transform {
        Transform::from_index(quarter_turns.rem_euclid(4) as u8)
    }

    /// Quarter turns of the rotation part (`0..4`).
    #[inline]
    const fn turns(self) -> u8 {
        self as u8 & 3
    }

    /// Whether this transform mirrors (reverses orientation).
    ///
    /// ```
    /// use polyomino::Transform;
    /// assert!(Transform::MirrorUpDown.is_reflection());
    /// assert_eq!(Transform::ALL.iter().filter(|t| t.is_reflection()).count(), 4);
    /// ```
    #[inline]
    pub const fn is_reflection(self) -> bool {
        self as u8 >= 4
    }

    /// Whether this transform is one of the four rotations.
    ///
    /// ```
    /// use polyomino::Transform;
    /// assert!(Transform::Rotate180.is_rotation());
    /// // Two reflections make a rotation:
    /// let both = Transform::MirrorLeftRight.then(Transform::MirrorUpDown);
    /// assert_eq!(both, Transform::Rotate180);
    /// ```
    #[inline]
    pub const fn is_rotation(self) -> bool {
        !self.is_reflection()
    }

    /// Applies the transform to a cell (about the origin).
    ///
    /// Negation wraps: the one coordinate without a negative, `i32::MIN`, maps to itself, so the
    /// eight transforms still form the same group on every cell (they act on coordinates modulo
    /// 2³²) and `apply` never panics. [`checked_apply`](Transform::checked_apply) refuses such
    /// cells instead. Shapes never meet them: a [`Polyomino`](crate::Polyomino)'s cells are
    /// normalised to non-negative coordinates.
    ///
    /// ```
    /// use polyomino::{Cell, Transform};
    /// assert_eq!(Transform::Rotate90.apply(Cell::new(0, 1)), Cell::new(-1, 0)); // right goes to up
    /// assert_eq!(Transform::Transpose.apply(Cell::new(2, 5)), Cell::new(5, 2));
    /// let corner = Cell::new(i32::MIN, 0);
    /// assert_eq!(Transform::Rotate180.apply(corner), corner);
    /// ```
    #[inline]
    pub const fn apply(self, cell: Cell) -> Cell {
        let (r, c) = (cell.row, cell.col);
        let (r, c) = if self.is_reflection() {
            (r, c.wrapping_neg())
        } else {
            (r, c)
        };
        match self.turns() {
            0 => Cell::new(r, c),
            1 => Cell::new(c.wrapping_neg(), r),
            2 => Cell::new(r.wrapping_neg(), c.wrapping_neg()),
            _ => Cell::new(c, r.wrapping_neg()),
        }
    }

    /// [`apply`](Transform::apply) in exact integers: `None` when the image needs the negation
    /// of `i32::MIN`.
    ///
    /// ```
    /// use polyomino::{Cell, Transform};
    /// assert_eq!(Transform::Rotate90.checked_apply(Cell::new(0, 1)), Some(Cell::new(-1, 0)));
    /// assert_eq!(Transform::Rotate180.checked_apply(Cell::new(i32::MIN, 0)), None);
    /// assert_eq!(Transform::Identity.checked_apply(Cell::new(i32::MIN, 0)), Some(Cell::new(i32::MIN, 0)));
    /// ```
    #[inline]
    pub const fn checked_apply(self, cell: Cell) -> Option<Cell> {
        let (r, c) = (cell.row as i64, cell.col as i64);
        let c = if self.is_reflection() { -c } else { c };
        let (r, c) = match self.turns() {
            0 => (r, c),
            1 => (-c, r),
            2 => (-r, -c),
            _ => (c, -r),
        };
        const fn fits(x: i64) -> bool {
            x >= i32::MIN as i64 && x <= i32::MAX as i64
        }
        if fits(r) && fits(c) {
            Some(Cell::new(r as i32, c as i32))
        } else {
            None
        }
    }

    /// The transform "first `self`, then `next`".
    ///
    /// `a.then(b).apply(x) == b.apply(a.apply(x))`.
    ///
    /// ```
    /// use polyomino::{Cell, Transform::*};
    /// // Order matters: the group is not commutative.
    /// assert_eq!(Rotate90.then(MirrorLeftRight), AntiTranspose);
    /// assert_eq!(MirrorLeftRight.then(Rotate90), Transpose);
    /// let x = Cell::new(2, 5);
    /// assert_eq!(Rotate90.then(MirrorLeftRight).apply(x), MirrorLeftRight.apply(Rotate90.apply(x)));
    /// ```
    #[inline]
    pub const fn then(self, next: Transform) -> Transform {
        // next ∘ self = R^kb M^mb R^ka M^ma = R^(kb ± ka) M^(mb ⊕ ma), using M R^k = R^−k M.
        let ka = self.turns() as i32;
        let kb = next.turns() as i32;
        let k = if next.is_reflection() {
            kb - ka
        } else {
            kb + ka
        };
        let m = self.is_reflection() != next.is_reflection();
        Transform::from_index(k.rem_euclid(4) as u8 + if m { 4 } else { 0 })
    }

    /// The transform that undoes this one: `t.then(t.inverse()) == Identity`.
    ///
    /// ```
    /// use polyomino::Transform;
    /// assert_eq!(Transform::Rotate90.inverse(), Transform::Rotate270);
    /// for t in Transform::ALL {
    ///     assert_eq!(t.then(t.inverse()), Transform::Identity);
    /// }
    /// ```
    #[inline]
    pub const fn inverse(self) -> Transform {
        if self.is_reflection() {
            self // every reflection is an involution
        } else {
            Transform::rotation(4 - self.turns() as i32)
        }
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Transform::Identity => "identity",
            Transform::Rotate90 => "rotate 90",
            Transform::Rotate180 => "rotate 180",
            Transform::Rotate270 => "rotate 270",
            Transform::MirrorLeftRight => "mirror left-right",
            Transform::Transpose => "transpose",
            Transform::MirrorUpDown => "mirror up-down",
            Transform::AntiTranspose => "anti-transpose",
        };
        f.write_str(name)
    }
}

impl std::str::FromStr for Transform {
    type Err = crate::ParseError;

    /// Reads a transform's name as [`Display`](fmt::Display) writes it.
    ///
    /// ```
    /// use polyomino::Transform;
    /// let t: Transform = "rotate 90".parse()?;
    /// assert_eq!(t, Transform::Rotate90);
    /// for t in Transform::ALL {
    ///     assert_eq!(t.to_string().parse::<Transform>()?, t);
    /// }
    /// # Ok::<(), polyomino::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Transform, crate::ParseError> {
        Transform::ALL
            .into_iter()
            .find(|t| t.to_string() == text.trim())
            .ok_or_else(|| crate::ParseError::Transform(text.to_owned()))
    }
}

/// A set of [`Transform`]s, stored as an 8-bit mask. Used for symmetry groups.
///
/// ```
/// use polyomino::{Polyomino, Transform, TransformSet};
/// let square: Polyomino = "##\n##".parse().unwrap();
/// assert_eq!(square.symmetry_group(), TransformSet::ALL);
/// let l: Polyomino = "#.\n#.\n##".parse().unwrap();
/// assert_eq!(l.symmetry_group(), TransformSet::IDENTITY);
/// assert!(TransformSet::ROTATIONS.contains(Transform::Rotate180));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TransformSet(u8);

impl TransformSet {
    /// No transform.
    pub const EMPTY: TransformSet = TransformSet(0);
    /// Only the identity.
    pub const IDENTITY: TransformSet = TransformSet(1);
    /// The four rotations.
    pub const ROTATIONS: TransformSet = TransformSet(0x0f);
    /// All eight transforms.
    pub const ALL: TransformSet = TransformSet(0xff);

    /// The set whose bit `i` is set for each transform with index `i`.
    ///
    /// ```
    /// use polyomino::{Transform, TransformSet};
    /// let s = TransformSet::from_bits(0b0000_0101);
    /// assert!(s.contains(Transform::Identity) && s.contains(Transform::Rotate180));
    /// assert_eq!(s.len(), 2);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u8) -> TransformSet {
        TransformSet(bits)
    }

    /// The bit mask (bit `i` = transform with index `i`).
    ///
    /// ```
    /// use polyomino::TransformSet;
    /// assert_eq!(TransformSet::ROTATIONS.bits(), 0x0f);
    /// assert_eq!(TransformSet::from_bits(0x5a).bits(), 0x5a);
    /// ```
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `t` is in the set.
    ///
    /// ```
    /// use polyomino::{Polyomino, Transform};
    /// let square = Polyomino::parse("##\n##")?;
    /// let l = Polyomino::parse("#.\n##")?;
    /// assert!(square.symmetry_group().contains(Transform::Rotate90));
    /// // The L tromino is symmetric about one diagonal only:
    /// assert!(l.symmetry_group().contains(Transform::AntiTranspose));
    /// assert!(!l.symmetry_group().contains(Transform::Rotate90));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub const fn contains(self, t: Transform) -> bool {
        self.0 & (1 << t as u8) != 0
    }

    /// The set with `t` added.
    ///
    /// ```
    /// use polyomino::{Transform, TransformSet};
    /// let s = TransformSet::IDENTITY.with(Transform::Rotate180);
    /// assert_eq!(s, TransformSet::from_bits(0b101));
    /// assert_eq!(s.with(Transform::Rotate180), s); // adding twice changes nothing
    /// ```
    #[inline]
    #[must_use]
    pub const fn with(self, t: Transform) -> TransformSet {
        TransformSet(self.0 | (1 << t as u8))
    }

    /// Number of transforms in the set.
    ///
    /// ```
    /// use polyomino::{Equivalence, Polyomino};
    /// // A shape has 8 / |symmetry group| free orientations.
    /// let t = Polyomino::parse("###\n.#.")?;
    /// assert_eq!(t.symmetry_group().len(), 2);
    /// assert_eq!(t.orientations(Equivalence::Free).len(), 8 / 2);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use polyomino::TransformSet;
    /// assert!(TransformSet::EMPTY.is_empty());
    /// assert!(!TransformSet::IDENTITY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The transforms in the set, in index order.
    ///
    /// ```
    /// use polyomino::{Transform, TransformSet};
    /// assert_eq!(TransformSet::ROTATIONS.iter().collect::<Vec<_>>(), Transform::ROTATIONS);
    /// let mirrors: TransformSet = Transform::ALL.into_iter().filter(|t| t.is_reflection()).collect();
    /// assert_eq!(mirrors.iter().next(), Some(Transform::MirrorLeftRight));
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Transform> {
        Transform::ALL
            .into_iter()
            .filter(move |&t| self.contains(t))
    }
}

impl FromIterator<Transform> for TransformSet {
    fn from_iter<I: IntoIterator<Item = Transform>>(iter: I) -> TransformSet {
        iter.into_iter()
            .fold(TransformSet::EMPTY, TransformSet::with)
    }
}

/// Which shapes count as "the same": the equivalence used by canonical forms, orientation lists
/// and enumeration.
///
/// * [`Fixed`](Equivalence::Fixed): equal up to translation only (OEIS A001168 counts them).
/// * [`OneSided`](Equivalence::OneSided): up to translation and rotation (A000988).
/// * [`Free`](Equivalence::Free): up to translation, rotation and reflection (A000105).
///
/// ```
/// use polyomino::{Equivalence, Polyomino};
/// // The S tetromino and its mirror image, the Z tetromino:
/// let s = Polyomino::parse(".##\n##.")?;
/// let z = Polyomino::parse("##.\n.##")?;
/// assert_eq!(s.canonical(Equivalence::Free), z.canonical(Equivalence::Free));
/// assert_ne!(s.canonical(Equivalence::OneSided), z.canonical(Equivalence::OneSided));
/// // Its orientations: 2 under rotation (one-sided), 4 with reflections (free).
/// assert_eq!(s.orientations(Equivalence::OneSided).len(), 2);
/// assert_eq!(s.orientations(Equivalence::Free).len(), 4);
/// # Ok::<(), polyomino::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Equivalence {
    /// Translation only.
    Fixed,
    /// Translation and rotation.
    OneSided,
    /// Translation, rotation and reflection.
    Free,
}

impl Equivalence {
    /// The transforms this equivalence allows.
    ///
    /// ```
    /// use polyomino::{Equivalence, TransformSet};
    /// assert_eq!(Equivalence::Fixed.transforms(), TransformSet::IDENTITY);
    /// assert_eq!(Equivalence::OneSided.transforms(), TransformSet::ROTATIONS);
    /// assert_eq!(Equivalence::Free.transforms().len(), 8);
    /// ```
    #[inline]
    pub const fn transforms(self) -> TransformSet {
        match self {
            Equivalence::Fixed => TransformSet::IDENTITY,
            Equivalence::OneSided => TransformSet::ROTATIONS,
            Equivalence::Free => TransformSet::ALL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe() -> [Cell; 3] {
        [Cell::new(0, 1), Cell::new(2, 5), Cell::new(-3, 7)]
    }

    #[test]
    fn named_maps_match_their_docs() {
        let p = Cell::new(2, 5);
        let expect = [
            (Transform::Identity, Cell::new(2, 5)),
            (Transform::Rotate90, Cell::new(-5, 2)),
            (Transform::Rotate180, Cell::new(-2, -5)),
            (Transform::Rotate270, Cell::new(5, -2)),
            (Transform::MirrorLeftRight, Cell::new(2, -5)),
            (Transform::Transpose, Cell::new(5, 2)),
            (Transform::MirrorUpDown, Cell::new(-2, 5)),
            (Transform::AntiTranspose, Cell::new(-5, -2)),
        ];
        for (t, c) in expect {
            assert_eq!(t.apply(p), c, "{t}");
        }
    }

    #[test]
    fn composition_table_agrees_with_pointwise_composition() {
        for a in Transform::ALL {
            for b in Transform::ALL {
                for p in probe() {
                    assert_eq!(a.then(b).apply(p), b.apply(a.apply(p)), "{a} then {b}");
                }
            }
        }
    }
}
