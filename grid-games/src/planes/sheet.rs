//! [`Sheet`]: one player's three planes, enforcing the drawing, hit and move rules.

use polyomino::{Bitboard, Cell};

use super::{Geometry, HitAnswer, PlaneSpec, PlanesError, Step};

/// One player's sheet: three planes and which of them are destroyed. The referee holds one per
/// player; a bot may keep one for its own planes (it is the same rulebook).
///
/// ```
/// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
/// use grid_games::polyomino::Cell;
/// let geometry = Geometry::standard();
/// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
/// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
/// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
/// assert_eq!(sheet.hit(&geometry, Cell::new(1, 0))?, grid_games::planes::HitAnswer::Body);
/// assert_eq!(sheet.hit(&geometry, Cell::new(0, 7))?, grid_games::planes::HitAnswer::Head);
/// assert_eq!(sheet.destroyed(), [false, true, false]);
/// # Ok::<(), grid_games::planes::PlanesError>(())
/// ```
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
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlanesError, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// assert!(Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)]).is_ok());
    /// // Planes may not overlap, leave the sheet, or be of a kind the subtask does not allow.
    /// let overlap = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(1, 3), plane(5, 2)]);
    /// assert!(matches!(overlap, Err(PlanesError::Overlap { .. })));
    /// let outside = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 0), plane(0, 7), plane(5, 2)]);
    /// assert!(matches!(outside, Err(PlanesError::OutsideSheet(_))));
    /// let jets = Sheet::draw(&geometry, SUBTASKS[1].masks, [plane(0, 2), plane(0, 7), plane(5, 2)]);
    /// assert!(matches!(jets, Err(PlanesError::KindNotAllowed { .. })));
    /// ```
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
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// assert_eq!(sheet.specs()[2].head, Cell::new(5, 2));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn specs(&self) -> &[PlaneSpec; 3] {
        &self.specs
    }

    /// Which planes are destroyed.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// assert_eq!(sheet.destroyed(), [false; 3]);
    /// sheet.hit(&geometry, Cell::new(5, 2))?;
    /// assert_eq!(sheet.destroyed(), [false, false, true]);
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn destroyed(&self) -> [bool; 3] {
        self.destroyed
    }

    /// Whether all three planes are destroyed.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// for head in [Cell::new(0, 2), Cell::new(0, 7), Cell::new(5, 2)] {
    ///     sheet.hit(&geometry, head)?;
    /// }
    /// assert!(sheet.all_destroyed());
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn all_destroyed(&self) -> bool {
        self.destroyed.iter().all(|&d| d)
    }

    /// What is at `cell`, without changing anything.
    ///
    /// ```
    /// use grid_games::planes::HitAnswer;
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// assert_eq!(sheet.peek(Cell::new(0, 2)), HitAnswer::Head);
    /// assert_eq!(sheet.peek(Cell::new(1, 0)), HitAnswer::Body); // the left wing tip
    /// assert_eq!(sheet.peek(Cell::new(0, 0)), HitAnswer::Empty);
    /// assert_eq!(sheet.destroyed(), [false; 3]); // peeking destroys nothing
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
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
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// assert_eq!(sheet.plane_at(Cell::new(3, 8)), Some(1)); // the tail of the second plane
    /// assert_eq!(sheet.plane_at(Cell::new(11, 11)), None);
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn plane_at(&self, cell: Cell) -> Option<usize> {
        self.masks.iter().position(|m| m.contains(cell))
    }

    /// Answers a hit at `cell`; a head answer destroys that plane (hitting a destroyed head
    /// again answers `Head` again).
    ///
    /// # Errors
    /// [`PlanesError::HitOutside`] for a cell off the sheet.
    ///
    /// ```
    /// use grid_games::planes::{HitAnswer, PlanesError};
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// assert_eq!(sheet.hit(&geometry, Cell::new(2, 2))?, HitAnswer::Body);
    /// assert_eq!(sheet.hit(&geometry, Cell::new(0, 2))?, HitAnswer::Head); // destroys plane 0
    /// assert!(matches!(sheet.hit(&geometry, Cell::new(12, 0)), Err(PlanesError::HitOutside(_))));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
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
    ///
    /// ```
    /// use grid_games::planes::Step;
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// assert!(sheet.can_move(&geometry, 2, Step::Down));
    /// assert!(!sheet.can_move(&geometry, 0, Step::Up)); // it would leave the sheet
    /// sheet.hit(&geometry, Cell::new(5, 2))?;
    /// assert!(!sheet.can_move(&geometry, 2, Step::Down)); // destroyed planes stay put
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
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
        let here = self.specs[plane];
        let spec = here
            .checked_stepped(step)
            .ok_or(PlanesError::OutsideSheet(here))?;
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
    ///
    /// ```
    /// use grid_games::planes::{PlanesError, Step};
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// sheet.move_plane(&geometry, 2, Step::Right)?;
    /// assert_eq!(sheet.specs()[2].head, Cell::new(5, 3));
    /// assert!(matches!(sheet.move_plane(&geometry, 3, Step::Up), Err(PlanesError::NoSuchPlane(3))));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
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

    /// Checks that every plane lies where `geometry` puts it (the sheet was drawn on a geometry
    /// like this one).
    pub(crate) fn check_geometry(&self, geometry: &Geometry) -> Result<(), PlanesError> {
        for (spec, mask) in self.specs.iter().zip(&self.masks) {
            if geometry.mask(*spec)? != *mask {
                return Err(PlanesError::NotOnGeometry(*spec));
            }
        }
        Ok(())
    }

    /// Every legal move `(plane, step)`.
    ///
    /// ```
    /// use grid_games::planes::Step;
    /// use grid_games::planes::{Geometry, PlaneSpec, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// // The classic plane (kind 0) nose up: head, a wing row of 5, a body cell, a tail row of 3.
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let mut sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let moves = sheet.legal_moves(&geometry);
    /// assert!(moves.contains(&(2, Step::Down)));
    /// assert!(!moves.contains(&(0, Step::Up)));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn legal_moves(&self, geometry: &Geometry) -> Vec<(usize, Step)> {
        (0..3)
            .flat_map(|p| Step::ALL.map(|s| (p, s)))
            .filter(|&(p, s)| self.can_move(geometry, p, s))
            .collect()
    }
}
