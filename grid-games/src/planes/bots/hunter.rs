//! [`HunterBot`]: keeps the opponent layouts consistent with everything observed and hits where
//! a head is likely and the answer uncertain ([`HitRule`]).

use std::sync::{Arc, Mutex, OnceLock};

use polyomino::Cell;

use crate::game::Rng;
use crate::planes::{
    Action, Catalogue, Geometry, HitAnswer, LayoutUniverse, Layouts, PlacementTable, PlaneSpec,
    PlanesBot, Seen, Setup, Sheet, Step,
};

/// The hunter's knobs. Build with `HunterConfig::default()` and the `with_…` setters.
///
/// ```
/// use grid_games::planes::bots::{HunterBot, HunterConfig};
/// let config = HunterConfig::default().with_cap(100_000).with_evade(false);
/// assert_eq!((config.cap, config.evade, config.drawing_candidates), (100_000, false, 64));
/// let bot = HunterBot::with_config(7, config);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct HunterConfig {
    /// Most layouts kept (default 1 000 000); above it a uniform sample of this size is used
    /// (the exact set of subtask 1 has 942 032 layouts). Clamped to what fits in memory on the
    /// sheet ([`LayoutUniverse::max_layouts`]).
    pub cap: usize,
    /// Layouts kept when there are more than `cap` (default 100 000): a uniform sample, re-drawn
    /// exactly from the hits seen when it runs dry. Estimates from 10⁵ layouts are as good as
    /// from 10⁶ for choosing a hit, at a tenth of the cost per observation.
    pub sample: usize,
    /// Move a plane whose body the opponent has hit, when the hunt is not about to succeed and
    /// the drawings are too many to track exactly (default on). A move spoils the knowledge of
    /// an opponent that keeps a *sample* of layouts (it has to re-sample from what it sees after
    /// the move), but costs an operation for nothing against one that tracks every layout; so
    /// the hunter evades only when its own layout universe is a sample (subtasks 2 to 5 on the
    /// standard sheet, not subtask 1). Measured on subtask 1, always evading won 17 % of 300
    /// games against never evading; on subtasks 2 and 4, 67 % and 71 %.
    pub evade: bool,
    /// Choose the own drawing among this many random ones (default 64), the one whose heads
    /// sit where heads are least likely a priori (1 = a plain random drawing). At most
    /// [`HunterConfig::MAX_DRAWING_CANDIDATES`] are drawn.
    pub drawing_candidates: usize,
    /// How the cell to hit is chosen (default [`HitRule::default`]).
    pub rule: HitRule,
}

/// How a [`HunterBot`] chooses the cell to hit, from the layouts consistent with what it saw.
///
/// ```
/// use grid_games::planes::bots::{HitRule, HunterConfig};
/// let greedy = HunterConfig::default().with_rule(HitRule::LikeliestHead);
/// assert_eq!(greedy.rule, HitRule::LikeliestHead);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum HitRule {
    /// The cell where the most consistent layouts have an alive head (the first hunter's rule).
    LikeliestHead,
    /// The cell maximising P(head) + `weight` × H(answer): H is the entropy, in trits, of the
    /// answer (empty, body or head) the consistent layouts predict there, so a cell whose
    /// answer is uncertain is worth hitting even when a head there is unlikely. P(head) comes
    /// from the exact head counts; the body and empty chances from a uniform sample of at most
    /// `sample` consistent layouts (O(`sample` × cells per layout) per turn).
    Informed {
        /// Weight of the answer's entropy against the head probability.
        weight: f64,
        /// Most layouts sampled per turn to estimate the answer chances.
        sample: usize,
    },
}

impl Default for HitRule {
    /// [`HitRule::Informed`] with weight 1 and a sample of 500 layouts. Against static
    /// drawings (200 per subtask) it took 0.8 to 2.7 operations fewer than
    /// [`HitRule::LikeliestHead`], and it won 59 % of 2 000 games against it; weights from 0.1
    /// to 10 and samples from 500 to 8 000 were tried, and 2 000 layouts gained at most 0.7
    /// operations more at four times the cost.
    fn default() -> HitRule {
        HitRule::Informed {
            weight: 1.0,
            sample: 500,
        }
    }
}

impl HunterConfig {
    /// Most drawings the hunter compares for its own sheet.
    pub const MAX_DRAWING_CANDIDATES: usize = 4096;

    /// This configuration keeping at most `cap` layouts.
    ///
    /// ```
    /// use grid_games::planes::bots::HunterConfig;
    /// assert_eq!(HunterConfig::default().with_cap(5_000).cap, 5_000);
    /// ```
    pub fn with_cap(mut self, cap: usize) -> HunterConfig {
        self.cap = cap;
        self
    }

    /// This configuration keeping a sample of `sample` layouts when there are more than the
    /// cap.
    ///
    /// ```
    /// use grid_games::planes::bots::HunterConfig;
    /// assert_eq!(HunterConfig::default().with_sample(20_000).sample, 20_000);
    /// ```
    pub fn with_sample(mut self, sample: usize) -> HunterConfig {
        self.sample = sample;
        self
    }

    /// This configuration with evasion on or off.
    ///
    /// ```
    /// use grid_games::planes::bots::HunterConfig;
    /// assert!(!HunterConfig::default().with_evade(false).evade);
    /// ```
    pub fn with_evade(mut self, evade: bool) -> HunterConfig {
        self.evade = evade;
        self
    }

    /// This configuration comparing `candidates` random drawings for its own sheet.
    ///
    /// ```
    /// use grid_games::planes::bots::HunterConfig;
    /// assert_eq!(HunterConfig::default().with_drawing_candidates(1).drawing_candidates, 1);
    /// ```
    pub fn with_drawing_candidates(mut self, candidates: usize) -> HunterConfig {
        self.drawing_candidates = candidates;
        self
    }

    /// This configuration choosing its hits by `rule`.
    ///
    /// ```
    /// use grid_games::planes::bots::{HitRule, HunterConfig};
    /// let config = HunterConfig::default().with_rule(HitRule::Informed { weight: 0.5, sample: 1_000 });
    /// assert!(matches!(config.rule, HitRule::Informed { .. }));
    /// ```
    pub fn with_rule(mut self, rule: HitRule) -> HunterConfig {
        self.rule = rule;
        self
    }
}

impl Default for HunterConfig {
    fn default() -> HunterConfig {
        HunterConfig {
            cap: 1_000_000,
            sample: 100_000,
            evade: true,
            drawing_candidates: 64,
            rule: HitRule::default(),
        }
    }
}

/// Per-masks data computed once and reused by every game.
#[derive(Clone, Debug)]
struct Prior {
    universe: Arc<LayoutUniverse>,
    /// Prior head frequency per cell.
    heads: Vec<f64>,
}

/// The hunter bot (see the module docs of [`crate::planes`]).
#[derive(Clone, Debug)]
pub struct HunterBot {
    config: HunterConfig,
    rng: Rng,
    game: Option<Game>,
    /// Layout tables by settings; shared with clones and with bots given the same cache.
    cache: PriorCache,
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

impl HunterBot {
    /// A hunter with the default configuration.
    pub fn new(seed: u64) -> HunterBot {
        HunterBot::with_config(seed, HunterConfig::default())
    }

    /// A hunter with the given configuration.
    pub fn with_config(seed: u64, config: HunterConfig) -> HunterBot {
        HunterBot {
            config,
            rng: Rng::seed_from(seed),
            game: None,
            cache: PriorCache::new(),
        }
    }

    /// This bot keeping its layout tables in `cache` (shared with the other bots on it)
    /// instead of its own: see [`PriorCache`].
    ///
    /// ```
    /// use grid_games::planes::bots::{HunterBot, PriorCache};
    /// let cache = PriorCache::new();
    /// let (a, b) = (HunterBot::new(1).with_cache(cache.clone()), HunterBot::new(2).with_cache(cache));
    /// // `a` and `b` build each table once between them.
    /// # let _ = (a, b);
    /// ```
    pub fn with_cache(mut self, cache: PriorCache) -> HunterBot {
        self.cache = cache;
        self
    }

    /// The cache this bot keeps its layout tables in.
    ///
    /// ```
    /// use grid_games::planes::bots::HunterBot;
    /// let bot = HunterBot::new(1);
    /// assert!(bot.cache().is_empty()); // tables are built by the first setup
    /// ```
    pub fn cache(&self) -> &PriorCache {
        &self.cache
    }

    fn prior(&self, geometry: &Geometry, masks: [u8; 3]) -> Arc<Prior> {
        let c = &self.config;
        prior(&self.cache, geometry, masks, c.cap, c.sample)
    }

    fn choose_hit(game: &Game, rule: HitRule, rng: &mut Rng) -> Cell {
        let counts = game.layouts.head_counts();
        let size = game.geometry.size();
        let best = counts.iter().copied().max().unwrap_or(0);
        if let HitRule::Informed { weight, sample } = rule
            && best > 0
        {
            let (cover, sampled) = game.layouts.cover_counts(sample.max(1), rng);
            let len = game.layouts.len() as f64;
            let mut top: Vec<usize> = Vec::new();
            let mut top_score = f64::NEG_INFINITY;
            for c in 0..counts.len() {
                let head = f64::from(counts[c]) / len;
                let covered = (f64::from(cover[c]) / sampled as f64).max(head).min(1.0);
                let entropy: f64 = [1.0 - covered, covered - head, head]
                    .iter()
                    .filter(|&&p| p > 0.0)
                    .map(|&p| -p * p.log(3.0))
                    .sum();
                let score = head + weight * entropy;
                if score > top_score + 1e-12 {
                    top_score = score;
                    top.clear();
                }
                if (score - top_score).abs() <= 1e-12 {
                    top.push(c);
                }
            }
            let i = top[rng.index(top.len())];
            return Cell::new((i / size) as i32, (i % size) as i32);
        }
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

impl PlanesBot for HunterBot {
    fn name(&self) -> String {
        let c = self.config;
        format!(
            "hunter(cap={},sample={}{}{}{})",
            c.cap,
            c.sample,
            match c.rule {
                HitRule::LikeliestHead => ",greedy",
                HitRule::Informed { .. } => "",
            },
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
            let Some(specs) = prior.universe.random_drawing(&mut self.rng) else {
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
            return super::hopeless_drawing();
        };
        let own = Sheet::draw(&geometry, setup.masks, specs).expect("random drawings are legal");
        let size = geometry.size();
        self.game = Some(Game {
            layouts: Layouts::from_universe(Arc::clone(&prior.universe)),
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
            && !game.layouts.universe().is_exact()
            && let Some((plane, step)) = HunterBot::evasion(game)
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
        Action::Hit(HunterBot::choose_hit(game, self.config.rule, &mut self.rng))
    }

    fn answer(&mut self, cell: Cell, answer: HitAnswer) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        // A referee never answers a hit outside the sheet; a caller that does is ignored
        // rather than trusted (it used to index out of bounds).
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

/// A prior's key: sheet size, catalogue, masks, cap and sample size.
type PriorKey = (usize, Catalogue, [u8; 3], usize, usize);

/// A prior built once, on first use.
type PriorCell = Arc<OnceLock<Arc<Prior>>>;

/// The layout tables ("priors") hunters build for each sheet, catalogue, masks and cap, kept
/// so that later games with the same settings skip the 0.1 to 0.5 s it takes to build one.
///
/// Every [`HunterBot`] has a cache: [`HunterBot::new`] makes a fresh one, a clone of a bot
/// shares its original's, and [`HunterBot::with_cache`] puts a bot on a given cache, so that
/// bots created afresh for every pairing of a tournament build each table once. Nothing is
/// shared between bots otherwise (there is no process-wide state), and a cache frees its
/// tables when its last handle is dropped. It keeps at most [`PriorCache::MAX_ENTRIES`]
/// tables (the least recently used goes first); one table takes up to about 45 MB on the
/// standard sheet. Tables are built from a seed derived from their key alone, so a bot plays
/// the same with a fresh or a warm cache.
///
/// ```
/// use grid_games::planes::{bots::{HunterBot, PriorCache, RandomBot}, play_test_point, Geometry, TestPointOptions, SUBTASKS};
/// let cache = PriorCache::new();
/// let options = TestPointOptions::default().with_subtask(SUBTASKS[4]).with_games(1);
/// for seed in 0..2 {
///     // A fresh bot per pairing, one table for both.
///     let mut hunter = HunterBot::new(seed).with_cache(cache.clone());
///     let mut random = RandomBot::new(seed);
///     play_test_point(&Geometry::standard(), &options, &mut hunter, &mut random);
/// }
/// assert_eq!(cache.len(), 1);
/// ```
#[derive(Clone, Default)]
pub struct PriorCache {
    entries: Arc<Mutex<Vec<(PriorKey, PriorCell)>>>,
}

impl PriorCache {
    /// Most tables one cache keeps.
    pub const MAX_ENTRIES: usize = 8;

    /// An empty cache.
    pub fn new() -> PriorCache {
        PriorCache::default()
    }

    /// The number of tables kept (at most [`PriorCache::MAX_ENTRIES`]).
    ///
    /// ```
    /// use grid_games::planes::bots::PriorCache;
    /// assert_eq!(PriorCache::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no table is kept.
    ///
    /// ```
    /// use grid_games::planes::bots::PriorCache;
    /// assert!(PriorCache::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }

    /// Drops every table (bots in a game keep the one they use until the game ends).
    ///
    /// ```
    /// use grid_games::planes::bots::PriorCache;
    /// let cache = PriorCache::new();
    /// cache.clear();
    /// assert!(cache.is_empty());
    /// ```
    pub fn clear(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(PriorKey, PriorCell)>> {
        // A panic while the lock was held cannot leave the list inconsistent (each change is
        // one push, remove or clear).
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The cell for `key`, made the most recently used (created, evicting the least recently
    /// used past the limit, when missing).
    fn cell(&self, key: PriorKey) -> PriorCell {
        let mut entries = self.lock();
        let cell = match entries.iter().position(|(k, _)| *k == key) {
            Some(i) => entries.remove(i).1,
            None => Arc::new(OnceLock::new()),
        };
        if entries.len() >= PriorCache::MAX_ENTRIES {
            entries.remove(0);
        }
        entries.push((key, Arc::clone(&cell)));
        cell
    }
}

impl std::fmt::Debug for PriorCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PriorCache")
            .field("entries", &self.len())
            .finish()
    }
}

/// The prior for a sheet, masks and cap, from `cache` or built (once, even when several
/// threads ask at the same time) into it.
fn prior(
    cache: &PriorCache,
    geometry: &Geometry,
    masks: [u8; 3],
    cap: usize,
    sample: usize,
) -> Arc<Prior> {
    let key: PriorKey = (
        geometry.size(),
        geometry.catalogue().clone(),
        masks,
        cap,
        sample,
    );
    let cell = cache.cell(key);
    Arc::clone(cell.get_or_init(|| {
        let table = Arc::new(PlacementTable::new(
            geometry,
            masks[0] | masks[1] | masks[2],
        ));
        let seed = u64::from_le_bytes([masks[0], masks[1], masks[2], 0, 0, 0, 0, 0])
            ^ (geometry.size() as u64) << 32
            ^ (cap as u64).rotate_left(40);
        let mut rng = Rng::seed_from(seed);
        let universe = Arc::new(LayoutUniverse::with_sample(
            table, masks, cap, sample, &mut rng,
        ));
        let counts = Layouts::from_universe(Arc::clone(&universe))
            .head_counts()
            .to_vec();
        let total: f64 = counts.iter().map(|&c| f64::from(c)).sum::<f64>().max(1.0);
        let heads = counts.iter().map(|&c| f64::from(c) / total).collect();
        Arc::new(Prior { universe, heads })
    }))
}
