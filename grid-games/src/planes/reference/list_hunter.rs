//! [`ListListHunterBot`]: the first version of the hunter, kept as the reference for same-run comparisons (it
//! rebuilds its prior per bot and rescans a sorted list of up to 10^6 layouts per observation).
//! It keeps the opponent layouts consistent with everything observed and hits the
//! likeliest head.

use std::sync::Arc;

use polyomino::Cell;

use super::ListLayouts as Layouts;
use crate::game::Rng;
use crate::planes::bots::{HunterConfig, hopeless_drawing, random_drawing};
use crate::planes::{
    Action, Catalogue, Geometry, HitAnswer, PlacementTable, PlaneSpec, PlanesBot, Seen, Setup,
    Sheet, Step,
};

/// A prior's key: sheet size, catalogue and masks.
type PriorKey = (usize, Catalogue, [u8; 3]);

/// Per-masks data computed once and reused by every game.
#[derive(Clone, Debug)]
struct Prior {
    layouts: Layouts,
    /// Prior head frequency per cell.
    heads: Vec<f64>,
}

/// The first version of the hunter bot (the reference; see the module docs).
#[derive(Clone, Debug)]
pub struct ListHunterBot {
    config: HunterConfig,
    rng: Rng,
    /// Priors by (sheet size, catalogue, masks).
    priors: Vec<(PriorKey, Arc<Prior>)>,
    game: Option<Game>,
}

#[derive(Clone, Debug)]
struct Game {
    geometry: Geometry,
    own: Sheet,
    layouts: Layouts,
    /// Hits whose answers still hold: since the opponent's last move, plus destroyed heads.
    facts: Vec<(Cell, HitAnswer)>,
    /// Cells of my alive planes hit by the opponent since they last moved, per plane.
    threats: [Vec<Cell>; 3],
    hit: Vec<bool>,
}

impl ListHunterBot {
    /// A hunter with the default configuration.
    pub fn new(seed: u64) -> ListHunterBot {
        ListHunterBot::with_config(seed, HunterConfig::default())
    }

    /// A hunter with the given configuration.
    pub fn with_config(seed: u64, config: HunterConfig) -> ListHunterBot {
        ListHunterBot {
            config,
            rng: Rng::seed_from(seed),
            priors: Vec::new(),
            game: None,
        }
    }

    fn prior(&mut self, geometry: &Geometry, masks: [u8; 3]) -> Arc<Prior> {
        let key = (geometry.size(), geometry.catalogue().clone(), masks);
        if let Some((_, p)) = self.priors.iter().find(|(k, _)| *k == key) {
            return Arc::clone(p);
        }
        let table = Arc::new(PlacementTable::new(
            geometry,
            masks[0] | masks[1] | masks[2],
        ));
        let layouts = Layouts::new(table, masks, self.config.cap, &mut self.rng);
        let counts = layouts.head_counts();
        let total: f64 = counts.iter().map(|&c| f64::from(c)).sum::<f64>().max(1.0);
        let heads = counts.iter().map(|&c| f64::from(c) / total).collect();
        let prior = Arc::new(Prior { layouts, heads });
        self.priors.push((key, Arc::clone(&prior)));
        prior
    }

    fn choose_hit(game: &Game, counts: &[u32], rng: &mut Rng) -> Cell {
        let size = game.geometry.size();
        let best = counts.iter().copied().max().unwrap_or(0);
        if best > 0 {
            let top: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] == best).collect();
            let i = top[rng.index(top.len())];
            return Cell::new((i / size) as i32, (i % size) as i32);
        }
        let fresh: Vec<usize> = (0..size * size).filter(|&i| !game.hit[i]).collect();
        let i = rng.choose(&fresh).copied().unwrap_or(0);
        Cell::new((i / size) as i32, (i % size) as i32)
    }

    /// A move for a threatened plane, away from the cells the opponent hit.
    fn evasion(game: &Game) -> Option<(usize, Step)> {
        let mut best: Option<(u64, usize, Step)> = None;
        for plane in 0..3 {
            if game.threats[plane].is_empty() || game.own.destroyed()[plane] {
                continue;
            }
            for step in Step::ALL {
                if !game.own.can_move(&game.geometry, plane, step) {
                    continue;
                }
                let head = game.own.specs()[plane].stepped(step).head;
                let dist: u64 = game.threats[plane].iter().map(|&c| head.manhattan(c)).sum();
                if best.is_none_or(|b| dist > b.0) {
                    best = Some((dist, plane, step));
                }
            }
        }
        best.map(|(_, p, s)| (p, s))
    }
}

impl PlanesBot for ListHunterBot {
    fn name(&self) -> String {
        let c = self.config;
        format!(
            "list-hunter(cap={}{}{})",
            c.cap,
            if c.evade { "" } else { ",no-evade" },
            if c.drawing_candidates > 1 {
                ""
            } else {
                ",plain-drawing"
            }
        )
    }

    fn setup(&mut self, setup: &Setup<'_>) -> [PlaneSpec; 3] {
        let geometry = setup.geometry.clone();
        let prior = self.prior(&geometry, setup.masks);
        let mut best: Option<(f64, [PlaneSpec; 3])> = None;
        let candidates = self
            .config
            .drawing_candidates
            .clamp(1, HunterConfig::MAX_DRAWING_CANDIDATES);
        for _ in 0..candidates {
            let Some(specs) = random_drawing(&geometry, setup.masks, &mut self.rng) else {
                break;
            };
            let n = geometry.size();
            let score: f64 = specs
                .iter()
                .map(|s| prior.heads[s.head.row as usize * n + s.head.col as usize])
                .sum();
            if best.is_none_or(|b| score < b.0) {
                best = Some((score, specs));
            }
        }
        let Some(specs) = best.map(|b| b.1) else {
            // No legal drawing exists: hand one in and lose by the rules.
            self.game = None;
            return hopeless_drawing();
        };
        let own = Sheet::draw(&geometry, setup.masks, specs).expect("random drawings are legal");
        let size = geometry.size();
        self.game = Some(Game {
            layouts: prior.layouts.clone(),
            own,
            facts: Vec::new(),
            threats: Default::default(),
            hit: vec![false; size * size],
            geometry,
        });
        specs
    }

    fn act(&mut self) -> Action {
        let Some(game) = self.game.as_mut() else {
            return Action::Hit(Cell::ORIGIN);
        };
        if game.layouts.is_empty() {
            game.layouts.resample(&game.facts, &mut self.rng);
        }
        let counts = game.layouts.head_counts();
        if self.config.evade
            && let Some((plane, step)) = ListHunterBot::evasion(game)
        {
            let best = counts.iter().copied().max().unwrap_or(0) as usize;
            // Keep hunting when a head is nearly certain; otherwise spoil the opponent's
            // knowledge of the threatened plane.
            if best * 2 < game.layouts.len() {
                game.own
                    .move_plane(&game.geometry, plane, step)
                    .expect("evasion moves are legal");
                game.threats[plane].clear();
                return Action::Move { plane, step };
            }
        }
        Action::Hit(ListHunterBot::choose_hit(game, &counts, &mut self.rng))
    }

    fn answer(&mut self, cell: Cell, answer: HitAnswer) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        // Answers about cells off the sheet are ignored, as by HunterBot (they indexed out of
        // bounds).
        if !game.geometry.contains(cell) {
            return;
        }
        let size = game.geometry.size();
        game.hit[cell.row as usize * size + cell.col as usize] = true;
        game.layouts.observe_hit(cell, answer);
        game.facts.push((cell, answer));
        if game.layouts.is_empty() {
            game.layouts.resample(&game.facts, &mut self.rng);
        }
    }

    fn seen(&mut self, action: Seen) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match action {
            Seen::Hit(cell) => {
                if let Ok(HitAnswer::Body) = game.own.hit(&game.geometry, cell)
                    && let Some(p) = game.own.plane_at(cell)
                {
                    game.threats[p].push(cell);
                }
            }
            Seen::Moved(step) => {
                game.layouts.observe_move(step, &mut self.rng);
                // Only destroyed heads stay where they were seen.
                game.facts.retain(|&(_, a)| a == HitAnswer::Head);
                if game.layouts.is_empty() {
                    game.layouts.resample(&game.facts, &mut self.rng);
                }
            }
        }
    }
}
