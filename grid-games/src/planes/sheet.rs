//! [`Sheet`]: one player's three planes, enforcing the drawing, hit and move rules.

use polyomino::{Bitboard, Cell};

use super::{Geometry, HitAnswer, PlaneSpec, PlanesError, Step};

/// One player's sheet: three planes and which of them are destroyed. The referee holds one per
/// player; a bot may keep one for its own planes (it is the same rulebook).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    specs: [PlaneSpec; 3],
    masks: [Bitboard; 3],
    destroyed: [bool; 3],
}

impl Sheet {
    /// Draws three planes: each kind must be allowed by its mask, inside the sheet, and the
    /// planes must not overlap.
    ///
    /// # Errors
    /// [`PlanesError::KindNotAllowed`], [`PlanesError::UnknownKind`],
    /// [`PlanesError::BadDirection`], [`PlanesError::OutsideSheet`] or [`PlanesError::Overlap`].
    pub fn draw(
        geometry: &Geometry,
        masks: [u8; 3],
        specs: [PlaneSpec; 3],
    ) -> Result<Sheet, PlanesError> {
        let mut planes: Vec<Bitboard> = Vec::with_capacity(3);
        for (i, &spec) in specs.iter().enumerate() {
            if spec.kind >= 8 || masks[i] >> spec.kind & 1 == 0 {
                return Err(PlanesError::KindNotAllowed {
                    plane: i,
                    kind: spec.kind,
                });
            }
            let mask = geometry.mask(spec)?;
            if let Some(j) = planes.iter().position(|m| !m.is_disjoint(&mask)) {
                return Err(PlanesError::Overlap { plane: i, other: j });
            }
            planes.push(mask);
        }
        let masks: [Bitboard; 3] = planes.try_into().expect("three planes");
        Ok(Sheet {
            specs,
            masks,
            destroyed: [false; 3],
        })
    }

    /// The planes as drawn or last moved.
    pub fn specs(&self) -> &[PlaneSpec; 3] {
        &self.specs
    }

    /// Which planes are destroyed.
    pub fn destroyed(&self) -> [bool; 3] {
        self.destroyed
    }

    /// Whether all three planes are destroyed.
    pub fn all_destroyed(&self) -> bool {
        self.destroyed.iter().all(|&d| d)
    }

    /// What is at `cell`, without changing anything.
    pub fn peek(&self, cell: Cell) -> HitAnswer {
        for (i, m) in self.masks.iter().enumerate() {
            if m.contains(cell) {
                return if self.specs[i].head == cell {
                    HitAnswer::Head
                } else {
                    HitAnswer::Body
                };
            }
        }
        HitAnswer::Empty
    }

    /// The plane covering `cell`, if any.
    pub fn plane_at(&self, cell: Cell) -> Option<usize> {
        self.masks.iter().position(|m| m.contains(cell))
    }

    /// Answers a hit at `cell`; a head answer destroys that plane (hitting a destroyed head
    /// again answers `Head` again).
    ///
    /// # Errors
    /// [`PlanesError::HitOutside`] for a cell off the sheet.
    pub fn hit(&mut self, geometry: &Geometry, cell: Cell) -> Result<HitAnswer, PlanesError> {
        if !geometry.contains(cell) {
            return Err(PlanesError::HitOutside(cell));
        }
        let answer = self.peek(cell);
        if answer == HitAnswer::Head {
            let i = self.plane_at(cell).expect("a head belongs to a plane");
            self.destroyed[i] = true;
        }
        Ok(answer)
    }

    /// Whether plane `plane` may move one `step` (alive, stays inside, overlaps no other plane,
    /// destroyed ones included).
    pub fn can_move(&self, geometry: &Geometry, plane: usize, step: Step) -> bool {
        self.check_move(geometry, plane, step).is_ok()
    }

    fn check_move(
        &self,
        geometry: &Geometry,
        plane: usize,
        step: Step,
    ) -> Result<(PlaneSpec, Bitboard), PlanesError> {
        if plane >= 3 {
            return Err(PlanesError::NoSuchPlane(plane));
        }
        if self.destroyed[plane] {
            return Err(PlanesError::PlaneDestroyed(plane));
        }
        let spec = self.specs[plane].stepped(step);
        let mask = geometry.mask(spec)?;
        if let Some(j) = (0..3).find(|&j| j != plane && !self.masks[j].is_disjoint(&mask)) {
            return Err(PlanesError::Overlap { plane, other: j });
        }
        Ok((spec, mask))
    }

    /// Moves plane `plane` one `step`.
    ///
    /// # Errors
    /// [`PlanesError::NoSuchPlane`], [`PlanesError::PlaneDestroyed`],
    /// [`PlanesError::OutsideSheet`] or [`PlanesError::Overlap`].
    pub fn move_plane(
        &mut self,
        geometry: &Geometry,
        plane: usize,
        step: Step,
    ) -> Result<(), PlanesError> {
        let (spec, mask) = self.check_move(geometry, plane, step)?;
        self.specs[plane] = spec;
        self.masks[plane] = mask;
        Ok(())
    }

    /// Every legal move `(plane, step)`.
    pub fn legal_moves(&self, geometry: &Geometry) -> Vec<(usize, Step)> {
        (0..3)
            .flat_map(|p| Step::ALL.map(|s| (p, s)))
            .filter(|&(p, s)| self.can_move(geometry, p, s))
            .collect()
    }
}
