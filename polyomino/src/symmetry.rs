//! Orientations, symmetry groups and canonical forms, shared by [`CellSet`], [`Polyomino`] and
//! [`Marked`] shapes.
//!
//! All three are computed by applying the (at most eight) transforms of an
//! [`Equivalence`] and comparing the normalised results, so each costs eight
//! [`transform`](Polyomino::transform)s: O(n log n) for n cells. The canonical form is the
//! smallest image under the derived `Ord` (lexicographic on the row-major sorted cells).

use crate::{CellSet, Equivalence, Marked, Polyomino, Shape, Transform, TransformSet};

/// A value the eight symmetries act on.
pub(crate) trait Symmetric: Sized + Ord + Clone {
    fn image(&self, t: Transform) -> Self;
}

impl Symmetric for Polyomino {
    fn image(&self, t: Transform) -> Self {
        self.transform(t)
    }
}

impl Symmetric for CellSet {
    fn image(&self, t: Transform) -> Self {
        self.transform(t)
    }
}

impl<S: Shape> Symmetric for Marked<S> {
    fn image(&self, t: Transform) -> Self {
        self.transform(t)
    }
}

pub(crate) fn symmetry_group<S: Symmetric>(s: &S) -> TransformSet {
    Transform::ALL
        .into_iter()
        .filter(|&t| s.image(t) == *s)
        .collect()
}

pub(crate) fn orientations<S: Symmetric>(s: &S, eq: Equivalence) -> Vec<(Transform, S)> {
    let mut out: Vec<(Transform, S)> = Vec::with_capacity(8);
    for t in eq.transforms().iter() {
        let img = s.image(t);
        if !out.iter().any(|(_, o)| *o == img) {
            out.push((t, img));
        }
    }
    out
}

pub(crate) fn canonical<S: Symmetric>(s: &S, eq: Equivalence) -> S {
    eq.transforms()
        .iter()
        .map(|t| s.image(t))
        .min()
        .expect("every equivalence contains the identity")
}

macro_rules! symmetry_methods {
    ([$($generics:tt)*] $ty:ty, $group:literal, $orientations:literal, $canonical:literal, $is_canonical:literal) => {
        impl<$($generics)*> $ty {
            /// The transforms that map the shape onto itself (up to translation). Always a
            /// subgroup of the eight symmetries, so its size divides 8.
            ///
            /// ```
            #[doc = $group]
            /// ```
            pub fn symmetry_group(&self) -> TransformSet {
                symmetry_group(self)
            }

            /// The distinct images of the shape under the transforms of `eq`, each with the
            /// first transform (in index order) that produces it. Under
            /// [`Equivalence::Free`] there are 8 / |symmetry group| of them (1, 2, 4 or 8).
            ///
            /// ```
            #[doc = $orientations]
            /// ```
            pub fn orientations(&self, eq: Equivalence) -> Vec<(Transform, Self)> {
                orientations(self, eq)
            }

            /// The representative of the shape's class under `eq`: the smallest image. Two shapes
            /// are equivalent exactly when their canonical forms are equal.
            ///
            /// ```
            #[doc = $canonical]
            /// ```
            #[must_use]
            pub fn canonical(&self, eq: Equivalence) -> Self {
                canonical(self, eq)
            }

            /// Whether the shape is its own canonical form under `eq`.
            ///
            /// ```
            #[doc = $is_canonical]
            /// ```
            pub fn is_canonical(&self, eq: Equivalence) -> bool {
                canonical(self, eq) == *self
            }
        }
    };
}

symmetry_methods!(
    [] Polyomino,
    r######"use polyomino::{Polyomino, Transform, TransformSet};
assert_eq!(Polyomino::parse("##\n##")?.symmetry_group(), TransformSet::ALL);
// The T tetromino is symmetric about its vertical axis only:
let t = Polyomino::parse("###\n.#.")?;
let mirror = TransformSet::IDENTITY.with(Transform::MirrorLeftRight);
assert_eq!(t.symmetry_group(), mirror);
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{Equivalence, Polyomino, Transform};
let f = Polyomino::parse(".##\n##.\n.#.")?;
assert_eq!(f.orientations(Equivalence::Free).len(), 8); // no symmetry at all
assert_eq!(f.orientations(Equivalence::OneSided).len(), 4);
assert_eq!(f.orientations(Equivalence::OneSided)[1], (Transform::Rotate90, Polyomino::parse("#..\n###\n.#.")?));
let i = Polyomino::parse("#####")?;
assert_eq!(i.orientations(Equivalence::Free).len(), 2); // lying and standing
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{Equivalence, Polyomino, Transform};
let f = Polyomino::parse(".##\n##.\n.#.")?;
let mirrored = f.transform(Transform::MirrorLeftRight);
// The same free pentomino, but not the same one-sided one:
assert_eq!(mirrored.canonical(Equivalence::Free), f.canonical(Equivalence::Free));
assert_ne!(mirrored.canonical(Equivalence::OneSided), f.canonical(Equivalence::OneSided));
// Under `Fixed` the canonical form is the shape itself.
assert_eq!(f.canonical(Equivalence::Fixed), f);
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{enumerate, Equivalence, Polyomino};
assert!(enumerate::free(5)?.all(|p| p.is_canonical(Equivalence::Free)));
let l = Polyomino::parse("#.\n#.\n##")?;
assert!(l.canonical(Equivalence::Free).is_canonical(Equivalence::Free));
assert_eq!(l.orientations(Equivalence::Free).iter().filter(|(_, o)| o.is_canonical(Equivalence::Free)).count(), 1);
# Ok::<(), Box<dyn std::error::Error>>(())"######
);
symmetry_methods!(
    [S: Shape] Marked<S>,
    r######"use polyomino::{MarkedPolyomino, Transform};
// The bar ### has four symmetries; a mark at its centre keeps them all, a mark at its end
// keeps only the identity and the mirror that swaps top and bottom.
assert_eq!(MarkedPolyomino::parse("#@#")?.symmetry_group().len(), 4);
let end = MarkedPolyomino::parse("@##")?.symmetry_group();
assert_eq!(end.iter().collect::<Vec<_>>(), [Transform::Identity, Transform::MirrorUpDown]);
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{Equivalence, MarkedPolyomino};
// A symmetric bar with an off-centre mark loses its half-turn symmetry.
let bar = MarkedPolyomino::parse("@##")?;
assert_eq!(bar.orientations(Equivalence::Free).len(), 4);
assert_eq!(bar.shape().orientations(Equivalence::Free).len(), 2);
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{Equivalence, MarkedPolyomino};
let left = MarkedPolyomino::parse("@##")?;
let right = MarkedPolyomino::parse("##@")?;
// A half turn maps one onto the other ...
assert_eq!(left.canonical(Equivalence::OneSided), right.canonical(Equivalence::OneSided));
// ... but they differ as placed, and from the centre-marked bar in every sense.
assert_ne!(left.canonical(Equivalence::Fixed), right.canonical(Equivalence::Fixed));
let centre = MarkedPolyomino::parse("#@#")?;
assert_ne!(left.canonical(Equivalence::Free), centre.canonical(Equivalence::Free));
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{Equivalence, MarkedPolyomino};
let plane = MarkedPolyomino::parse("..@..\n#####\n..#..\n.###.")?;
let canonical = plane.canonical(Equivalence::Free);
assert!(canonical.is_canonical(Equivalence::Free));
assert_eq!(plane.orientations(Equivalence::Free).len(), 4);
# Ok::<(), polyomino::ShapeError>(())"######
);
symmetry_methods!(
    [] CellSet,
    r######"use polyomino::{CellSet, TransformSet};
// Two cells meeting at a corner: a half turn maps them onto themselves.
let diagonal = CellSet::parse("#.\n.#")?;
assert_eq!(diagonal.symmetry_group().len(), 4);
assert!(diagonal.symmetry_group().contains(polyomino::Transform::Rotate180));
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{CellSet, Equivalence};
let pair = CellSet::parse("#.\n.#")?;
assert_eq!(pair.orientations(Equivalence::Free).len(), 2); // the two diagonals
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{CellSet, Equivalence, Transform};
let pair = CellSet::parse("#.\n.#")?;
assert_eq!(pair.transform(Transform::Rotate90).canonical(Equivalence::Free), pair.canonical(Equivalence::Free));
# Ok::<(), polyomino::ShapeError>(())"######,
    r######"use polyomino::{CellSet, Equivalence};
let pair = CellSet::parse(".#\n#.")?;
assert!(pair.canonical(Equivalence::Free).is_canonical(Equivalence::Free));
# Ok::<(), polyomino::ShapeError>(())"######
);
