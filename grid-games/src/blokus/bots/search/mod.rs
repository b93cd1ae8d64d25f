//! [`SearchBot`]: Monte Carlo tree search with move priors, all-moves-as-first values and
//! a blocking playout policy, after the methods of Pentobi (Markus Enzenberger's Blokus
//! program).
//!
//! # The search
//!
//! * **Tree** (`tree.rs`): an arena of nodes with contiguous children. A node is expanded
//!   the second time a descent reaches it; the root at once.
//! * **Priors** (`prior.rs`): every new child starts with `prior_visits` virtual visits
//!   worth a static score of the move: its size, opponent attach points it covers (×5), new
//!   attach points it gains, own attach points and free cells it spoils. In the first two
//!   rounds of Duo only five-square pieces are considered, in the third four-square ones
//!   too; on the Classic board the first three rounds take Pentobi's piece lists.
//! * **Selection**: UCT over a blend of the child's mean reward and its all-moves-as-first
//!   (RAVE) mean, `β = n_amaf / (n_amaf + n + n_amaf · n / rave)`; the exploration term is
//!   small because the priors already order the moves.
//! * **Playout** (`playout.rs`, Pentobi's policy): to the end of the game; at each ply the
//!   moves with the largest *local value* (covering fresh attach points of the opponents'
//!   last moves and the cells next to them) if any, else all moves; among them a move drawn
//!   in proportion to its piece's weight ([`PlayoutWeights`]: large pieces, and in Duo pieces
//!   with many corners, first); in the first rounds small pieces only when nothing larger
//!   fits.
//! * **Reward**: per player `(1 − w) · result + w · (0.5 + 0.5 · tanh(z))` with
//!   `w = margin_weight` and `z` the playout's point margin in standard deviations from the
//!   mean of the search's playouts so far (on that thread; Pentobi's quality-based reward),
//!   so the search also goes for big wins and small losses, on the scale the position
//!   offers.
//! * **Answer**: the most visited child of the root.
//! * **Tree reuse** (`reuse_tree`): the next search starts from the node of the old tree
//!   that the moves played since lead to, with its subtree (copied breadth first into a
//!   fresh arena), when the new position continues the old root's game.
//!
//! * **Time** ([`front_load`](SearchConfig::front_load),
//!   [`early_stop`](SearchConfig::early_stop)): a timed search stops once the most visited
//!   move leads the second by more than the simulations left at the rate so far (checked
//!   every 32 simulations); under a per-game budget a move takes `m^γ / (1^γ + … + m^γ)` of
//!   what is left, `m` being four fifths of the pieces the player has left, so the opening
//!   and middle game get more than the end.
//!
//! * **Threads** (`threads`, `worker.rs`): several workers share one tree behind a lock. A
//!   descent takes the lock once per level and counts its visit on each node at once (a
//!   virtual loss, so that the workers spread over the tree); an expansion's moves and priors
//!   are computed without the lock; the playout runs beside the others; the backup takes the
//!   lock again. A search first runs 16 simulations alone and lets the other threads join only
//!   if they took at least 12 µs each: near the end of a game a simulation takes a
//!   microsecond or two and the lock would be busy all the time (two threads then ran fewer
//!   simulations than one). When the last search's simulations took that long per thread,
//!   the next search shares the tree from its first simulation (simulations only get faster
//!   as a game goes on, so the probe is needed only once they might have become too fast).
//!   Two threads run about 1.75 times the simulations of one from the Duo opening over
//!   200 ms; at 5 ms a move, 118 against 76 in the first 8 plies.
//!
//! Root parallelisation (a tree per thread, root visits added up) was tried before and
//! dropped: two threads lost to one at the same wall-clock time (45.5 % over 100 Duo games at
//! 5 ms, 43.3 % over 60 at 50 ms).
//!
//! # Costs
//!
//! A search generates every colour's legal moves once, at the root. A simulation costs one
//! position copy (about 2 KB) and a copy of those lists (14 bytes a move), the descent
//! (one multiply-add per child at each level: a child's selection value is kept up to date
//! where its statistics change), an expansion now and then (the mover's list brought up to
//! date, O(moves · 25) for the priors) and a playout of the rest of the game: at each ply
//! the local values (a few dozen cells), the features (one pass over the board's cells),
//! one pass over the mover's list (filter and local count), the moves through the new
//! attach points of its moves since its list was last read and one pass over the
//! candidates to draw by weight. The AMAF backup walks the
//! children of every node on the path: O(path · children). Memory: 64 bytes per node, plus
//! `4 × table size` stamps (about 0.5 MB on Classic).

mod fit;
mod playout;
mod prior;
mod tree;
mod worker;

use super::SearchStats;
use crate::blokus::{Colour, Move, Position, Variant};
use crate::game::{Bot, Budget, Rng};
pub use fit::PriorSample;
pub use playout::PlayoutWeights;
pub use prior::PriorWeights;
use tree::Node;
use worker::Worker;

/// Tuning of [`SearchBot`].
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::{SearchBot, SearchConfig}};
/// use grid_games::game::{Bot, Budget};
/// let mut config = SearchConfig::default();
/// config.rave = 0.0; // plain UCT with priors
/// config.default_iterations = 50;
/// let mut bot = SearchBot::with_config(1, config);
/// bot.choose(&Position::new(Variant::Duo), Budget::default());
/// assert_eq!(bot.last_search().simulations, 50);
/// ```
///
/// Every setting is bounded where it is used (clamped as each field says), so no value
/// through the public fields or a serde document (where missing fields take their defaults)
/// makes a search hang past its deadline or its tree grow past
/// [`max_nodes`](SearchConfig::max_nodes).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct SearchConfig {
    /// UCT exploration constant `c` (default 0.1).
    pub exploration: f64,
    /// Virtual visits given to each move's prior value (default 4).
    pub prior_visits: f64,
    /// RAVE equivalence parameter (the visits at which simulation and AMAF values weigh
    /// about the same; default 2 000); 0 turns all-moves-as-first values off.
    pub rave: f64,
    /// Weight of the point margin in the reward, in `[0, 1]` (clamped; not a number counts
    /// as 0): the reward is `(1 − w) · result + w · (0.5 + 0.5 · tanh(z))` with `z` the
    /// playout's margin in standard deviations from the mean margin of the search's
    /// playouts so far (each thread keeps its own). 0: wins only; larger: the search also
    /// spends margin (big wins, small losses).
    pub margin_weight: f64,
    /// How the playouts weigh the pieces; `None`: the weights tuned for the variant
    /// ([`PlayoutWeights::for_variant`]).
    pub playout_weights: Option<PlayoutWeights>,
    /// Whether playouts prefer moves covering the opponents' fresh attach points and the
    /// cells next to them.
    pub local_replies: bool,
    /// Simulations when the budget sets no limit.
    pub default_iterations: u64,
    /// Whether a search starts from the part of the last search's tree that follows the
    /// moves played since (when the new position continues the last one's game).
    pub reuse_tree: bool,
    /// The weights of the move priors; `None`: the weights fitted for the variant
    /// ([`PriorWeights::for_variant`]).
    pub prior: Option<PriorWeights>,
    /// Threads searching one shared tree (1: the reproducible sequential search). More threads
    /// run more simulations in the same time; each descent counts its visits at once (a
    /// virtual loss) so that the threads spread over the tree. Clamped to
    /// `1..=`[`SearchConfig::MAX_THREADS`].
    pub threads: usize,
    /// The most nodes the search tree holds (64 bytes each; the vector holding them may
    /// reserve up to twice as many, and a reused tree is copied once): once a node's children
    /// would pass it, the node stays a leaf and simulations play out from it. The root is
    /// always expanded.
    pub max_nodes: usize,
    /// How a per-game budget ([`Budget::game_time_left`]) is spread over the moves: the move
    /// at hand takes `m^γ / (1^γ + 2^γ + … + m^γ)` of what is left, where `γ` is this value
    /// and `m` the moves the player is expected to still make (four fifths of the pieces it
    /// has left, at least 1). 0 spreads the time evenly; 1 gives the first of `m` moves
    /// about twice the even share and the last ones less; the default, 1.5, about two and a
    /// half times. Clamped to `0..=4` (not a number counts as 0). Budgets without a game
    /// clock are not affected.
    pub front_load: f64,
    /// Whether a timed search stops once the most visited move cannot be overtaken in the
    /// time left (at the rate the search has run so far); the time saved stays on a game
    /// clock for the moves that need it. Searches under an iteration budget always run it
    /// to the end.
    pub early_stop: bool,
}

impl SearchConfig {
    /// The most threads a search uses ([`threads`](SearchConfig::threads) is clamped to it).
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::{SearchBot, SearchConfig}};
    /// use grid_games::game::{Bot, Budget};
    /// let mut config = SearchConfig::default();
    /// config.threads = 2; // two threads share the tree
    /// assert!(config.threads <= SearchConfig::MAX_THREADS);
    /// let mut bot = SearchBot::with_config(1, config);
    /// let pos = Position::new(Variant::Duo);
    /// let m = bot.choose(&pos, Budget::iterations(300)).unwrap();
    /// assert!(pos.legal_moves().contains(&m));
    /// assert_eq!(bot.last_search().simulations, 300); // an iteration budget is met exactly
    /// ```
    pub const MAX_THREADS: usize = 64;
}

/// Simulations a search with several threads runs alone first, to time them.
const PROBE_SIMULATIONS: u64 = 16;
/// The time per simulation from which the threads share the tree (below it the lock would
/// be busy most of the time).
const MIN_SHARED_SIMULATION: std::time::Duration = std::time::Duration::from_micros(12);

/// Simulations between two checks of whether a timed search is decided.
const DECIDED_CHECK: u64 = 32;

/// The time limit a search may stop early within: a time budget without an iteration limit,
/// with [`SearchConfig::early_stop`] on.
fn early_stop_limit(budget: Budget, config: &SearchConfig) -> Option<std::time::Duration> {
    match (budget.time, budget.iterations) {
        (Some(limit), None) if config.early_stop => Some(limit),
        _ => None,
    }
}

/// Whether the most visited child of the root leads the second by more than the `more`
/// simulations the search can still run (then no further simulation changes the answer).
fn decided(nodes: &[Node], more: f64) -> bool {
    let (mut first, mut second) = (0u32, 0u32);
    for child in &nodes[nodes[0].child_range()] {
        if child.visits > first {
            second = first;
            first = child.visits;
        } else if child.visits > second {
            second = child.visits;
        }
    }
    f64::from(first - second) > more
}

/// The simulations a search running at `done` simulations in `elapsed` can still run
/// before `limit`.
fn simulations_left(done: u64, elapsed: std::time::Duration, limit: std::time::Duration) -> f64 {
    let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
    rate * limit.saturating_sub(elapsed).as_secs_f64()
}

/// The share of a per-game budget that the move at hand takes under
/// [`SearchConfig::front_load`], for a player with `pieces_left` placements left.
fn time_share(front_load: f64, pieces_left: u32) -> f64 {
    let gamma = if front_load.is_nan() {
        0.0
    } else {
        front_load.clamp(0.0, 4.0)
    };
    let m = (f64::from(pieces_left) * 0.8).ceil().max(1.0) as u32;
    let total: f64 = (1..=m).map(|i| f64::from(i).powf(gamma)).sum();
    f64::from(m).powf(gamma) / total
}

/// The simulations a search ran before its threads joined in, and when it began.
struct Started {
    simulations: u64,
    began: std::time::Instant,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            exploration: 0.1,
            prior_visits: 4.0,
            rave: 2000.0,
            margin_weight: 0.5,
            playout_weights: None,
            local_replies: true,
            default_iterations: 3_000,
            reuse_tree: true,
            prior: None,
            threads: 1,
            max_nodes: 1 << 22,
            front_load: 1.5,
            early_stop: true,
        }
    }
}

/// The strongest Blokus bot of the crate: Monte Carlo tree search with priors, RAVE and a
/// blocking playout policy (module docs of [`bots`](super) and the guide explain it).
///
/// Budget: iterations are simulations; a time limit stops the search at the deadline, or
/// earlier once the answer cannot change in the time left
/// ([`early_stop`](SearchConfig::early_stop)); under a per-game budget
/// ([`Budget::game_time_left`]) each move takes a share of what is left that is larger in the
/// opening and middle game than at the end ([`front_load`](SearchConfig::front_load)), so
/// the time the end does not need goes where the game is decided.
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::SearchBot};
/// use grid_games::game::{Bot, Budget};
/// let pos = Position::new(Variant::Duo);
/// let mut bot = SearchBot::new(1);
/// let m = bot.choose(&pos, Budget::iterations(200)).unwrap();
/// assert!(pos.legal_moves().contains(&m));
/// assert_eq!(pos.table().piece(m)?.size(), 5); // the opening plays a pentomino
/// assert_eq!(bot.last_search().simulations, 200);
/// # Ok::<(), grid_games::blokus::BlokusError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SearchBot {
    config: SearchConfig,
    nodes: Vec<Node>,
    /// One per thread (the first one searches on the calling thread).
    workers: Vec<Worker>,
    stats: SearchStats,
    /// Whether the last search's simulations were slow enough for the threads to share the
    /// tree (then the next search shares it from its first simulation, without the probe).
    shared_pays: bool,
    /// The history of the last search's root position, as (colour index, move id).
    root_history: Vec<(usize, usize)>,
    /// The variant of the last search.
    root_variant: Option<Variant>,
    /// Scratch arena for tree reuse.
    spare: Vec<Node>,
}

impl SearchBot {
    /// Default tuning, seeded.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::SearchBot};
    /// use grid_games::game::{Bot, Budget};
    /// let pos = Position::new(Variant::Classic2);
    /// let a = SearchBot::new(4).choose(&pos, Budget::iterations(30));
    /// let b = SearchBot::new(4).choose(&pos, Budget::iterations(30));
    /// assert_eq!(a, b); // an iteration budget and a seed make the search reproducible
    /// ```
    pub fn new(seed: u64) -> SearchBot {
        SearchBot::with_config(seed, SearchConfig::default())
    }

    /// Custom tuning, seeded.
    ///
    /// ```
    /// use grid_games::blokus::bots::{SearchBot, SearchConfig};
    /// let mut config = SearchConfig::default();
    /// config.local_replies = false;
    /// let bot = SearchBot::with_config(9, config);
    /// assert_eq!(bot.config().local_replies, false);
    /// ```
    pub fn with_config(seed: u64, config: SearchConfig) -> SearchBot {
        SearchBot {
            config,
            nodes: Vec::new(),
            workers: vec![Worker::new(Rng::seed_from(seed))],
            stats: SearchStats::default(),
            shared_pays: false,
            root_history: Vec::new(),
            root_variant: None,
            spare: Vec::new(),
        }
    }

    /// The tuning.
    ///
    /// ```
    /// use grid_games::blokus::bots::{SearchBot, SearchConfig};
    /// assert_eq!(SearchBot::new(1).config(), &SearchConfig::default());
    /// ```
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Statistics of the last [`choose`](Bot::choose).
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::SearchBot};
    /// use grid_games::game::{Bot, Budget};
    /// let mut bot = SearchBot::new(1);
    /// bot.choose(&Position::new(Variant::Classic), Budget::iterations(30));
    /// let stats = bot.last_search();
    /// assert_eq!(stats.simulations, 30);
    /// assert!(stats.nodes > 1 && (0.0..=1.0).contains(&stats.value));
    /// ```
    pub fn last_search(&self) -> SearchStats {
        self.stats
    }

    /// The moves at the root of the last search's tree with their visits (those carried over
    /// from the tree before included), in the order the tree holds them; the answer of
    /// [`choose`](Bot::choose) is the most visited. Empty before the first search. The
    /// visit shares are what [`PriorWeights::fit`] learns the priors from.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::SearchBot};
    /// use grid_games::game::{Bot, Budget};
    /// let mut bot = SearchBot::new(1);
    /// let pos = Position::new(Variant::Duo);
    /// let m = bot.choose(&pos, Budget::iterations(200)).unwrap();
    /// let visits = bot.root_visits();
    /// let most = visits.iter().max_by_key(|(_, n)| *n).unwrap();
    /// assert_eq!(most.0, m);
    /// assert_eq!(visits.iter().map(|(_, n)| u64::from(*n)).sum::<u64>(), 200);
    /// ```
    pub fn root_visits(&self) -> Vec<(Move, u32)> {
        let (Some(variant), Some(root)) = (self.root_variant, self.nodes.first()) else {
            return Vec::new();
        };
        root.child_range()
            .map(|i| {
                let n = &self.nodes[i];
                (Move { variant, id: n.id }, n.visits)
            })
            .collect()
    }

    /// Searches `game` within `budget`, from the reusable part of the last tree or a new one;
    /// the simulations run.
    fn search(&mut self, game: &Position, budget: Budget, default_iterations: u64) -> u64 {
        let mut clock = budget.start();
        if !(self.config.reuse_tree && self.reuse(game)) {
            self.nodes.clear();
            self.nodes.push(Node::new(0, 0, 0, 0.0));
            self.workers[0].expand(&mut self.nodes, 0, game, &self.config);
        }
        self.root_history.clear();
        self.root_history
            .extend((0..game.history().len()).map(|k| game.played(k)));
        self.root_variant = Some(game.variant());
        if self.nodes[0].children < 2 {
            return 0;
        }
        let threads = self.config.threads.clamp(1, SearchConfig::MAX_THREADS);
        let start = game.history().len();
        self.workers[0].begin(game, &self.config);
        let began = std::time::Instant::now();
        // Whether simulations take so long (per thread) that the lock is free most of the
        // time: the opening and the middle game. Near the end a simulation takes a
        // microsecond or two and one thread does more alone.
        let slow = |threads: usize, simulations: u64| {
            began.elapsed().as_secs_f64() * threads as f64
                >= MIN_SHARED_SIMULATION.as_secs_f64() * simulations as f64
        };
        if threads > 1 && self.shared_pays {
            // The last search's simulations were slow, so this one's likely are too (they get
            // faster as the game goes on; the check after the search notices when they did).
            let shared = Started {
                simulations: 0,
                began,
            };
            let simulations = self.search_shared(game, budget, default_iterations, threads, shared);
            self.shared_pays = slow(threads, simulations);
            return simulations;
        }
        let mut simulations = 0;
        let stop_early = early_stop_limit(budget, &self.config);
        loop {
            self.workers[0].simulate(&mut self.nodes, game, start, &self.config);
            simulations += 1;
            if !clock.tick(default_iterations) {
                self.shared_pays = slow(1, simulations);
                return simulations;
            }
            if let Some(limit) = stop_early
                && simulations % DECIDED_CHECK == 0
                && decided(
                    &self.nodes,
                    simulations_left(simulations, clock.elapsed(), limit),
                )
            {
                self.shared_pays = slow(1, simulations);
                return simulations;
            }
            if threads > 1 && simulations == PROBE_SIMULATIONS {
                self.shared_pays = slow(1, simulations);
                if self.shared_pays {
                    let shared = Started { simulations, began };
                    let simulations =
                        self.search_shared(game, budget, default_iterations, threads, shared);
                    self.shared_pays = slow(threads, simulations);
                    return simulations;
                }
            }
        }
    }

    /// [`search`](Self::search) on `threads` threads sharing the tree behind one lock: the
    /// descents and backups hold it, the playouts (most of the time) run beside each other.
    /// A simulation starts only while the budget allows another one, so an iteration budget
    /// is met exactly.
    fn search_shared(
        &mut self,
        game: &Position,
        budget: Budget,
        default_iterations: u64,
        threads: usize,
        done: Started,
    ) -> u64 {
        use std::sync::{Mutex, PoisonError};
        struct Shared {
            nodes: Vec<Node>,
            started: u64,
        }
        let limit = match (budget.iterations, budget.time) {
            (Some(n), _) => n.max(1),
            (None, Some(_)) => u64::MAX,
            (None, None) => default_iterations.max(1),
        };
        let began = done.began;
        while self.workers.len() < threads {
            let rng = self.workers[0].rng.fork(self.workers.len() as u64);
            self.workers.push(Worker::new(rng));
        }
        let shared = Mutex::new(Shared {
            nodes: std::mem::take(&mut self.nodes),
            started: done.simulations,
        });
        /// The shared tree, locked for each access.
        struct Locked<'a>(&'a Mutex<Shared>);
        impl worker::Tree for Locked<'_> {
            fn with<R>(&mut self, f: impl FnOnce(&mut Vec<Node>) -> R) -> R {
                f(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner).nodes)
            }
        }
        let config = &self.config;
        let stop_early = early_stop_limit(budget, config);
        let run = |worker: &mut Worker| {
            let start = game.history().len();
            let lock = || shared.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                {
                    let mut s = lock();
                    let out_of_time = budget.time.is_some_and(|t| began.elapsed() >= t);
                    // The simulations under way count as done: each will add one visit.
                    let settled = stop_early.is_some_and(|t| {
                        s.started % DECIDED_CHECK == 0
                            && decided(&s.nodes, simulations_left(s.started, began.elapsed(), t))
                    });
                    if s.started >= limit || out_of_time || settled {
                        return;
                    }
                    s.started += 1;
                }
                worker.simulate(&mut Locked(&shared), game, start, config);
            }
        };
        let (first, others) = self.workers.split_at_mut(1);
        std::thread::scope(|scope| {
            for worker in others.iter_mut().take(threads - 1) {
                // A thread the system refuses leaves its share to the others. The first
                // worker has begun this search already (in `search`).
                let _ = std::thread::Builder::new().spawn_scoped(scope, || {
                    worker.begin(game, config);
                    run(worker)
                });
            }
            run(&mut first[0]);
        });
        let shared = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        self.nodes = shared.nodes;
        shared.started
    }

    /// Makes the node of the last search's tree that stands for `game` the new root, keeping
    /// its subtree; false (nothing changed) when `game` does not continue the last root's game
    /// or the tree has not expanded that far.
    fn reuse(&mut self, game: &Position) -> bool {
        if self.root_variant != Some(game.variant()) || self.nodes.is_empty() {
            return false;
        }
        let (old, new) = (self.root_history.len(), game.history().len());
        if new < old || (0..old).any(|k| game.played(k) != self.root_history[k]) {
            return false;
        }
        let mut node = 0;
        for k in old..new {
            let (c, id) = game.played(k);
            let n = self.nodes[node];
            let child = n.child_range().find(|&i| {
                usize::from(self.nodes[i].colour) == c && usize::from(self.nodes[i].id) == id
            });
            match child {
                Some(child) if n.expanded => node = child,
                _ => return false,
            }
        }
        let root = self.nodes[node];
        // The children must be the moves of the colour to move (a GTP controller may hand
        // the turn to another colour without a move).
        let to_move = game.colour_to_move().map(Colour::index);
        if !root.expanded
            || root.children == 0
            || to_move != Some(usize::from(self.nodes[root.first_child as usize].colour))
        {
            return false;
        }
        tree::extract(&self.nodes, node, &mut self.spare);
        std::mem::swap(&mut self.nodes, &mut self.spare);
        // The selection values follow the configuration of this search (it may have changed).
        let s = tree::Selection::of(&self.config);
        for n in &mut self.nodes {
            n.refresh(s);
        }
        true
    }
}

impl Bot<Position> for SearchBot {
    fn name(&self) -> String {
        "search".to_string()
    }

    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Move> {
        let started = std::time::Instant::now();
        let budget = budget.for_share(time_share(self.config.front_load, super::moves_left(game)));
        let simulations = self.search(game, budget, self.config.default_iterations);
        let root = self.nodes[0];
        if root.children == 0 {
            return None;
        }
        let best = root
            .child_range()
            .max_by_key(|&i| self.nodes[i].visits)
            .expect("root has children");
        let b = self.nodes[best];
        self.stats = SearchStats {
            simulations,
            nodes: self.nodes.len(),
            seconds: started.elapsed().as_secs_f64(),
            value: if b.visits == 0 {
                f64::from(b.prior)
            } else {
                b.reward / f64::from(b.visits)
            },
            reused: u64::from(root.visits).saturating_sub(simulations),
        };
        Some(game.table().mv(usize::from(b.id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After our move and a reply the last tree had explored, the new search starts from
    /// that reply's node: its visits are carried over.
    #[test]
    fn the_tree_is_reused_after_an_explored_reply() {
        let mut pos = Position::new(Variant::Duo);
        let mut bot = SearchBot::new(3);
        let m = bot.choose(&pos, Budget::iterations(400)).unwrap();
        assert_eq!(bot.last_search().reused, 0);
        // The most visited reply below our move in the tree.
        let ours = bot.nodes[0]
            .child_range()
            .find(|&i| usize::from(bot.nodes[i].id) == m.id())
            .unwrap();
        let reply = bot.nodes[ours]
            .child_range()
            .max_by_key(|&i| bot.nodes[i].visits)
            .unwrap();
        let (reply_id, reply_visits) = (usize::from(bot.nodes[reply].id), bot.nodes[reply].visits);
        assert!(reply_visits > 1);
        pos.play(m).unwrap();
        pos.play(pos.table().mv(reply_id)).unwrap();
        bot.choose(&pos, Budget::iterations(100)).unwrap();
        assert_eq!(bot.last_search().reused, u64::from(reply_visits));
        assert_eq!(bot.last_search().simulations, 100);
        // A position of another game: a fresh tree.
        let mut other = Position::new(Variant::Duo);
        other.play(other.legal_moves()[7]).unwrap();
        bot.choose(&other, Budget::iterations(50)).unwrap();
        assert_eq!(bot.last_search().reused, 0);
        // Reuse off: a fresh tree every time.
        let config = SearchConfig {
            reuse_tree: false,
            ..SearchConfig::default()
        };
        let mut fresh = SearchBot::with_config(3, config);
        let m = fresh
            .choose(&Position::new(Variant::Duo), Budget::iterations(400))
            .unwrap();
        let mut pos = Position::new(Variant::Duo);
        pos.play(m).unwrap();
        pos.play(pos.legal_moves()[0]).unwrap();
        fresh.choose(&pos, Budget::iterations(10)).unwrap();
        assert_eq!(fresh.last_search().reused, 0);
    }

    /// Without weights of its own a search takes the variant's
    /// ([`PriorWeights::for_variant`]): the root's priors are the same as with those weights
    /// configured, and differ from those of the other board's weights.
    #[test]
    fn the_variant_picks_the_prior_weights() {
        for variant in [Variant::Duo, Variant::Classic2] {
            let mut pos = Position::new(variant);
            for k in 0..6 {
                let moves = pos.legal_moves();
                pos.play(moves[k * 7 % moves.len()]).unwrap();
            }
            let root_priors = |prior| {
                let config = SearchConfig {
                    prior,
                    ..SearchConfig::default()
                };
                let mut bot = SearchBot::with_config(1, config);
                bot.choose(&pos, Budget::iterations(1)).unwrap();
                let children = &bot.nodes[bot.nodes[0].child_range()];
                children.iter().map(|n| n.prior).collect::<Vec<f32>>()
            };
            let own = root_priors(None);
            assert!(own.len() > 10, "{variant}");
            assert_eq!(own, root_priors(Some(PriorWeights::for_variant(variant))));
            let other = match variant {
                Variant::Duo => PriorWeights::CLASSIC,
                _ => PriorWeights::DUO,
            };
            assert_ne!(own, root_priors(Some(other)), "{variant}");
        }
    }

    /// Several threads sharing the tree: an iteration budget is met exactly, the visits add
    /// up (every node's visits cover its children's), every reward is a share of its visits,
    /// and the answer is legal, in every variant; a fresh tree's root counts every simulation.
    #[test]
    fn threads_share_one_consistent_tree() {
        for variant in Variant::ALL {
            let config = SearchConfig {
                threads: 3,
                reuse_tree: false,
                ..SearchConfig::default()
            };
            let mut bot = SearchBot::with_config(8, config);
            let mut pos = Position::new(variant);
            for k in 0..6 {
                let m = bot.choose(&pos, Budget::iterations(700)).unwrap();
                assert_eq!(bot.last_search().simulations, 700);
                // Opening simulations are slow: the searches after the first share the tree
                // from their first simulation (no lone probe).
                assert!(bot.shared_pays, "{variant} search {k}");
                let nodes = &bot.nodes;
                assert_eq!(nodes[0].visits, 700);
                for n in nodes.iter().filter(|n| n.expanded) {
                    let below: u32 = nodes[n.child_range()].iter().map(|c| c.visits).sum();
                    assert!(below <= n.visits, "{below} > {}", n.visits);
                }
                for n in &nodes[1..] {
                    assert!(n.reward >= 0.0 && n.reward <= f64::from(n.visits) + 1e-9);
                }
                pos.play(m).unwrap();
            }
        }
    }

    /// A time budget is honoured with several threads, and the search runs more simulations
    /// than its single-thread probe.
    #[test]
    fn threads_stop_at_the_deadline() {
        let config = SearchConfig {
            threads: 2,
            ..SearchConfig::default()
        };
        let mut bot = SearchBot::with_config(2, config);
        let pos = Position::new(Variant::Classic);
        let started = std::time::Instant::now();
        let m = bot.choose(&pos, Budget::time(std::time::Duration::from_millis(60)));
        assert!(started.elapsed() < std::time::Duration::from_millis(600));
        assert!(pos.legal_moves().contains(&m.unwrap()));
        assert!(bot.last_search().simulations > PROBE_SIMULATIONS);
    }

    /// The schedule's shares: even at `γ = 0`, `2 / (m + 1)` at `γ = 1`, larger for the
    /// first of many moves as `γ` grows, all of the rest for the last move, and a whole
    /// game run on the schedule never spends more than it was given.
    #[test]
    fn time_shares_follow_the_schedule() {
        // 21 pieces left: 17 moves expected.
        assert!((time_share(0.0, 21) - 1.0 / 17.0).abs() < 1e-12);
        assert!((time_share(1.0, 21) - 2.0 / 18.0).abs() < 1e-12);
        assert!(time_share(2.0, 21) > time_share(1.0, 21));
        assert_eq!(time_share(1.0, 1), 1.0);
        assert_eq!(time_share(3.0, 0), 1.0);
        assert_eq!(time_share(f64::NAN, 21), time_share(0.0, 21));
        assert_eq!(time_share(f64::INFINITY, 21), time_share(4.0, 21));
        assert_eq!(time_share(-1.0, 21), time_share(0.0, 21));
        for gamma in [0.0, 0.5, 1.0, 2.0, 4.0] {
            let (mut left, mut spent) = (1.0f64, 0.0f64);
            for pieces in (1..=21).rev() {
                let used = 0.9 * left * time_share(gamma, pieces);
                spent += used;
                left -= used;
            }
            assert!(spent < 1.0 && spent > 0.9, "γ = {gamma}: {spent}");
        }
    }

    /// A timed search stops once the leader cannot be caught in the time left, and only
    /// then.
    #[test]
    fn a_decided_search_stops() {
        let mut nodes = vec![Node::new(0, 0, 0, 0.0)];
        nodes[0].first_child = 1;
        nodes[0].children = 3;
        for visits in [40, 25, 10] {
            let mut n = Node::new(0, 0, 0, 0.0);
            n.visits = visits;
            nodes.push(n);
        }
        assert!(decided(&nodes, 14.0));
        assert!(!decided(&nodes, 15.0));
        nodes[2].visits = 40; // a tie is never decided
        assert!(!decided(&nodes, 0.0));
        let ms = std::time::Duration::from_millis;
        // 100 simulations in 10 ms: 400 more in the 40 ms left, none past the deadline.
        assert!((simulations_left(100, ms(10), ms(50)) - 400.0).abs() < 1e-6);
        assert_eq!(simulations_left(100, ms(60), ms(50)), 0.0);
        assert!(simulations_left(5, std::time::Duration::ZERO, ms(1)).is_finite());
    }

    /// Under a per-game budget the first move of a Duo game takes about twice the even share
    /// of the game's time, and with early stopping off a timed search uses its time.
    #[test]
    fn a_game_budget_is_spread_over_the_moves() {
        let pos = Position::new(Variant::Duo);
        let game = std::time::Duration::from_millis(900);
        let budget = Budget::default().with_game_time_left(game);
        let config = SearchConfig {
            early_stop: false,
            ..SearchConfig::default()
        };
        let mut bot = SearchBot::with_config(1, config);
        bot.choose(&pos, budget).unwrap();
        // 0.9 · 900 ms · 2 / 18 = 90 ms.
        let seconds = bot.last_search().seconds;
        assert!((0.085..0.3).contains(&seconds), "{seconds}");
        let even = SearchConfig {
            front_load: 0.0,
            early_stop: false,
            ..SearchConfig::default()
        };
        let mut bot = SearchBot::with_config(1, even);
        bot.choose(&pos, budget).unwrap();
        let seconds = bot.last_search().seconds;
        assert!((0.045..0.25).contains(&seconds), "{seconds}");
    }

    /// A GTP controller may give the turn to another colour without a move: the tree of
    /// the other colour is not reused.
    #[test]
    fn no_reuse_when_the_turn_changes_hands() {
        let mut bot = SearchBot::new(5);
        let mut pos = Position::new(Variant::Duo);
        let m = bot.choose(&pos, Budget::iterations(200)).unwrap();
        pos.play(m).unwrap();
        pos.set_nominal_to_move(Colour::new(0).unwrap()).unwrap();
        let again = bot.choose(&pos, Budget::iterations(20)).unwrap();
        assert_eq!(bot.last_search().reused, 0);
        pos.check(Colour::new(0).unwrap(), again).unwrap();
    }
}
