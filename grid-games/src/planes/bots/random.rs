//! [`RandomBot`]: random legal play.

use polyomino::Cell;

use super::random_drawing;
use crate::game::Rng;
use crate::planes::{Action, Geometry, HitAnswer, PlanesBot, Seen, Setup, Sheet};

/// Draws a uniformly random legal layout; each turn hits a uniformly random cell it has not hit
/// yet, or (one turn in ten, when some move is legal) makes a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
    geometry: Option<Geometry>,
    own: Option<Sheet>,
    unhit: Vec<Cell>,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::seed_from(seed),
            geometry: None,
            own: None,
            unhit: Vec::new(),
        }
    }
}

impl PlanesBot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn setup(&mut self, setup: &Setup<'_>) -> [crate::planes::PlaneSpec; 3] {
        let g = setup.geometry.clone();
        let n = g.size() as i32;
        self.unhit = (0..n)
            .flat_map(|r| (0..n).map(move |c| Cell::new(r, c)))
            .collect();
        let specs =
            random_drawing(&g, setup.masks, &mut self.rng).unwrap_or_else(super::hopeless_drawing);
        self.own = Sheet::draw(&g, setup.masks, specs).ok();
        self.geometry = Some(g);
        specs
    }

    fn act(&mut self) -> Action {
        let (Some(g), Some(own)) = (self.geometry.as_ref(), self.own.as_mut()) else {
            return Action::Hit(Cell::ORIGIN);
        };
        let moves = own.legal_moves(g);
        if (self.unhit.is_empty() || self.rng.below(10) == 0) && !moves.is_empty() {
            let (plane, step) = moves[self.rng.index(moves.len())];
            own.move_plane(g, plane, step)
                .expect("listed moves are legal");
            return Action::Move { plane, step };
        }
        if self.unhit.is_empty() {
            return Action::Hit(Cell::ORIGIN);
        }
        let i = self.rng.index(self.unhit.len());
        Action::Hit(self.unhit.swap_remove(i))
    }

    fn answer(&mut self, _cell: Cell, _answer: HitAnswer) {}

    fn seen(&mut self, action: Seen) {
        if let (Seen::Hit(cell), Some(own), Some(g)) =
            (action, self.own.as_mut(), self.geometry.as_ref())
        {
            let _ = own.hit(g, cell);
        }
    }
}
