//! Monte Carlo tree search (UCT) for every variant.
//!
//! * **Tree**: an arena of nodes, children stored contiguously. A leaf is expanded (all legal
//!   moves of the colour to move become children) the second time a descent reaches it, so
//!   one-visit leaves cost no memory.
//! * **Selection**: UCB1 on the mover's result, `mean + c · sqrt(ln N / n)`, where each child's
//!   mean starts from a prior of `prior_visits` virtual visits worth `0.3 + 0.1 · size` (a
//!   five-square piece looks better than a monomino until simulations say otherwise).
//! * **Playout**: to the end of the game; at every ply the colour to move draws
//!   `playout_sample` legal moves at random and plays the one with the largest piece, which
//!   keeps the playouts cheap yet far closer to sensible play than uniform choice.
//! * **Reward** per player: `0.9 · result + 0.1 · (0.5 + 0.5 · tanh(margin / 20))`, where
//!   result is 1 / ½ / 0 for win / shared / loss against every other player and margin is the
//!   player's points minus the best other player's, so among wins the bot prefers big ones.
//! * **Answer**: the most visited child of the root.
//!
//! Budget: [`Budget::iterations`] counts simulations (descent plus playout); a time budget is
//! checked after every simulation. Without either the bot runs
//! [`MctsConfig::default_iterations`].

use crate::blokus::{Colour, Move, Position};
use crate::game::{Bot, Budget, Rng};

/// Tuning of [`MctsBot`].
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::{MctsBot, MctsConfig}};
/// use grid_games::game::{Bot, Budget};
/// let mut config = MctsConfig::default();
/// assert_eq!(config.default_iterations, 3_000);
/// config.exploration = 0.8;
/// config.default_iterations = 40; // used when the budget sets no limit
/// let mut bot = MctsBot::with_config(1, config);
/// bot.choose(&Position::new(Variant::Duo), Budget::default());
/// assert_eq!(bot.last_search().simulations, 40);
/// ```
///
/// Every setting is bounded where it is used, so no value (through the public fields or a
/// serde document, where missing fields take their defaults) makes a search hang past its
/// deadline or grow without limit: `playout_sample` is clamped to
/// `1..=`[`MAX_PLAYOUT_SAMPLE`](MctsConfig::MAX_PLAYOUT_SAMPLE), and the tree stops growing
/// at [`max_nodes`](MctsConfig::max_nodes).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct MctsConfig {
    /// UCB1 exploration constant `c`.
    pub exploration: f64,
    /// Virtual visits of the size prior.
    pub prior_visits: f64,
    /// Moves drawn per playout ply; the largest piece among them is played. Clamped to
    /// `1..=`[`MctsConfig::MAX_PLAYOUT_SAMPLE`].
    pub playout_sample: usize,
    /// Simulations when the budget sets no limit.
    pub default_iterations: u64,
    /// The most nodes the search tree holds (48 bytes each; the vector holding them may
    /// reserve up to twice as many): once a node's children would pass it, the node stays a
    /// leaf and simulations play out from it. The root is always expanded.
    pub max_nodes: usize,
}

impl MctsConfig {
    /// The most moves a playout ply draws ([`playout_sample`](MctsConfig::playout_sample) is
    /// clamped to it: a larger sample costs time and no longer changes the choice, since
    /// every piece size is drawn long before).
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::{MctsBot, MctsConfig}};
    /// use grid_games::game::{Bot, Budget};
    /// let mut config = MctsConfig::default();
    /// config.playout_sample = usize::MAX; // clamped: the search still meets its budget
    /// let mut bot = MctsBot::with_config(1, config);
    /// bot.choose(&Position::new(Variant::Duo), Budget::iterations(20));
    /// assert_eq!(bot.last_search().simulations, 20);
    /// ```
    pub const MAX_PLAYOUT_SAMPLE: usize = 64;
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            exploration: 0.5,
            prior_visits: 2.0,
            playout_sample: 3,
            default_iterations: 3_000,
            max_nodes: 1 << 22,
        }
    }
}

/// What the last search did.
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::MctsBot};
/// use grid_games::game::{Bot, Budget};
/// let mut bot = MctsBot::new(2);
/// bot.choose(&Position::new(Variant::Duo), Budget::iterations(60));
/// let stats = bot.last_search();
/// assert_eq!(stats.simulations, 60);
/// assert!(stats.nodes > 1 && (0.0..=1.0).contains(&stats.value));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct SearchStats {
    /// Simulations run.
    pub simulations: u64,
    /// Tree nodes allocated.
    pub nodes: usize,
    /// Wall-clock seconds spent.
    pub seconds: f64,
    /// Mean reward of the chosen move for the player to move.
    pub value: f64,
    /// Simulations through the root kept from the previous search's tree (tree reuse of
    /// [`SearchBot`](super::SearchBot); 0 for [`MctsBot`]).
    pub reused: u64,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    id: u16,
    colour: u8,
    /// The index of the player who makes the move (the colour's owner, or in three-player
    /// Classic the player whose turn it is to play colour 3).
    player: u8,
    prior: f64,
    visits: u32,
    reward: f64,
    first_child: u32,
    children: u32,
    expanded: bool,
}

/// A UCT bot with a size-biased playout policy.
///
/// Budget: iterations are simulations; a time limit stops the search at the deadline; under a
/// per-game budget ([`Budget::game_time_left`]) each move takes an even share of it over the
/// pieces the player has left in all its colours ([`Budget::for_move`]).
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::MctsBot};
/// use grid_games::game::{Bot, Budget};
/// let pos = Position::new(Variant::Duo);
/// let mut bot = MctsBot::new(1);
/// let m = bot.choose(&pos, Budget::iterations(200)).unwrap();
/// assert!(pos.legal_moves().contains(&m));
/// assert_eq!(bot.last_search().simulations, 200);
/// ```
#[derive(Clone, Debug)]
pub struct MctsBot {
    config: MctsConfig,
    rng: Rng,
    nodes: Vec<Node>,
    moves: Vec<Move>,
    stats: SearchStats,
}

impl MctsBot {
    /// Default tuning, seeded.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::MctsBot};
    /// use grid_games::game::{Bot, Budget};
    /// let pos = Position::new(Variant::Duo);
    /// let a = MctsBot::new(4).choose(&pos, Budget::iterations(50));
    /// let b = MctsBot::new(4).choose(&pos, Budget::iterations(50));
    /// assert_eq!(a, b); // an iteration budget and a seed make the search reproducible
    /// ```
    pub fn new(seed: u64) -> MctsBot {
        MctsBot::with_config(seed, MctsConfig::default())
    }

    /// Custom tuning, seeded.
    ///
    /// ```
    /// use grid_games::blokus::{bots::{MctsBot, MctsConfig}};
    /// let mut config = MctsConfig::default();
    /// config.playout_sample = 1; // uniform random playouts
    /// let bot = MctsBot::with_config(9, config);
    /// assert_eq!(bot.last_search().simulations, 0); // nothing searched yet
    /// ```
    pub fn with_config(seed: u64, config: MctsConfig) -> MctsBot {
        MctsBot {
            config,
            rng: Rng::seed_from(seed),
            nodes: Vec::new(),
            moves: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    /// Statistics of the last [`choose`](Bot::choose).
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::MctsBot};
    /// use grid_games::game::{Bot, Budget};
    /// let mut bot = MctsBot::new(1);
    /// bot.choose(&Position::new(Variant::Classic), Budget::iterations(30));
    /// assert_eq!(bot.last_search().simulations, 30);
    /// ```
    pub fn last_search(&self) -> SearchStats {
        self.stats
    }

    fn expand(&mut self, node: usize, pos: &Position) {
        self.nodes[node].expanded = true;
        let Some(colour) = pos.to_move_with_moves(&mut self.moves) else {
            return;
        };
        if node != 0 && self.nodes.len() + self.moves.len() > self.config.max_nodes {
            return; // the tree is full: the node stays a leaf
        }
        let first = self.nodes.len() as u32;
        let player = pos
            .mover_index(colour.index())
            .expect("a colour of the variant") as u8;
        for &m in &self.moves {
            let size = pos.table().piece_at(m.id()).size() as f64;
            self.nodes.push(Node {
                id: m.id() as u16,
                colour: colour.index() as u8,
                player,
                prior: 0.3 + 0.1 * size,
                visits: 0,
                reward: 0.0,
                first_child: 0,
                children: 0,
                expanded: false,
            });
        }
        self.nodes[node].first_child = first;
        self.nodes[node].children = self.moves.len() as u32;
    }

    fn select(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let ln = f64::from(n.visits.max(1)).ln();
        let (c, k) = (self.config.exploration, self.config.prior_visits);
        let mut best = (f64::NEG_INFINITY, n.first_child as usize);
        for i in n.first_child as usize..(n.first_child + n.children) as usize {
            let ch = &self.nodes[i];
            let visits = f64::from(ch.visits);
            let mean = (ch.reward + k * ch.prior) / (visits + k);
            let value = mean + c * (ln / (visits + 1.0)).sqrt();
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    fn playout(&mut self, pos: &mut Position) {
        let sample = self
            .config
            .playout_sample
            .clamp(1, MctsConfig::MAX_PLAYOUT_SAMPLE);
        while let Some(colour) = pos.to_move_with_moves(&mut self.moves) {
            let mut best = self.moves[self.rng.index(self.moves.len())];
            let mut best_size = pos.table().piece_at(best.id()).size();
            for _ in 1..sample {
                let m = self.moves[self.rng.index(self.moves.len())];
                let size = pos.table().piece_at(m.id()).size();
                if size > best_size {
                    (best, best_size) = (m, size);
                }
            }
            pos.apply(colour, best.id());
        }
    }
}

impl Bot<Position> for MctsBot {
    fn name(&self) -> String {
        "mcts".to_string()
    }

    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Move> {
        let mut clock = budget.for_move(super::moves_left(game)).start();
        self.nodes.clear();
        self.nodes.push(Node {
            id: 0,
            colour: 0,
            player: 0,
            prior: 0.0,
            visits: 0,
            reward: 0.0,
            first_child: 0,
            children: 0,
            expanded: false,
        });
        self.expand(0, game);
        let root_children = self.nodes[0].children;
        if root_children == 0 {
            return None;
        }
        let mut path = Vec::with_capacity(64);
        let mut rewards = Vec::new();
        let mut simulations = 0;
        loop {
            let mut pos = game.clone();
            path.clear();
            let mut node = 0;
            loop {
                if !self.nodes[node].expanded {
                    if self.nodes[node].visits == 0 {
                        break;
                    }
                    self.expand(node, &pos);
                }
                if self.nodes[node].children == 0 {
                    break;
                }
                node = self.select(node);
                let n = self.nodes[node];
                pos.apply(
                    Colour::new(usize::from(n.colour)).expect("valid colour"),
                    usize::from(n.id),
                );
                path.push(node);
            }
            self.playout(&mut pos);
            super::reward::rewards(&pos, 0.1, &mut rewards);
            self.nodes[0].visits += 1;
            for &i in &path {
                let n = &mut self.nodes[i];
                n.visits += 1;
                n.reward += rewards[usize::from(n.player)];
            }
            simulations += 1;
            if !clock.tick(self.config.default_iterations) {
                break;
            }
        }
        let first = self.nodes[0].first_child as usize;
        let best = (first..first + root_children as usize)
            .max_by_key(|&i| self.nodes[i].visits)
            .expect("root has children");
        let b = self.nodes[best];
        self.stats = SearchStats {
            simulations,
            nodes: self.nodes.len(),
            seconds: clock.elapsed().as_secs_f64(),
            value: b.reward / f64::from(b.visits.max(1)),
            reused: 0,
        };
        Some(game.table().mv(usize::from(b.id)))
    }
}
