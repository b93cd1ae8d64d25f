//! Orientations, symmetry groups and canonical forms, shared by [`Polyomino`] and
//! [`MarkedPolyomino`].
//!
//! All three are computed by applying the (at most eight) transforms of an
//! [`Equivalence`] and comparing the normalised results, so each costs eight
//! [`transform`](Polyomino::transform)s: O(n log n) for n cells. The canonical form is the
//! smallest image under the derived `Ord` (lexicographic on the row-major sorted cells).

use crate::{Equivalence, MarkedPolyomino, Polyomino, Transform, TransformSet};

/// A value the eight symmetries act on.
pub(crate) trait Symmetric: Sized + Ord + Clone {
    fn image(&self, t: Transform) -> Self;
}

impl Symmetric for Polyomino {
    fn image(&self, t: Transform) -> Self {
        self.transform(t)
    }
}

impl Symmetric for MarkedPolyomino {
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
    ($ty:ty, $example:literal) => {
        impl $ty {
            /// The transforms that map the shape onto itself (up to translation). Always a
            /// subgroup of the eight symmetries, so its size divides 8.
            pub fn symmetry_group(&self) -> TransformSet {
                symmetry_group(self)
            }

            /// The distinct images of the shape under the transforms of `eq`, each with the
            /// first transform (in index order) that produces it. Under
            /// [`Equivalence::Free`] there are 8 / |symmetry group| of them (1, 2, 4 or 8).
            ///
            #[doc = $example]
            pub fn orientations(&self, eq: Equivalence) -> Vec<(Transform, Self)> {
                orientations(self, eq)
            }

            /// The representative of the shape's class under `eq`: the smallest image. Two shapes
            /// are equivalent exactly when their canonical forms are equal.
            #[must_use]
            pub fn canonical(&self, eq: Equivalence) -> Self {
                canonical(self, eq)
            }

            /// Whether the shape is its own canonical form under `eq`.
            pub fn is_canonical(&self, eq: Equivalence) -> bool {
                canonical(self, eq) == *self
            }
        }
    };
}

symmetry_methods!(
    Polyomino,
    "```\nuse polyomino::{Equivalence, Polyomino};\nlet f = Polyomino::parse(\".##\\n##.\\n.#.\")?;\nassert_eq!(f.orientations(Equivalence::Free).len(), 8);\nassert_eq!(f.orientations(Equivalence::OneSided).len(), 4);\nlet i = Polyomino::parse(\"#####\")?;\nassert_eq!(i.orientations(Equivalence::Free).len(), 2);\n# Ok::<(), polyomino::ShapeError>(())\n```"
);
symmetry_methods!(
    MarkedPolyomino,
    "```\nuse polyomino::{Equivalence, MarkedPolyomino};\n// A symmetric bar with an off-centre mark loses its half-turn symmetry.\nlet bar = MarkedPolyomino::parse(\"@##\")?;\nassert_eq!(bar.orientations(Equivalence::Free).len(), 4);\n# Ok::<(), polyomino::ShapeError>(())\n```"
);
