//! One searcher: the scratch space of a simulation and its three phases (descend through the
//! tree, play out, back up), each taking the tree as an argument so that several workers can
//! share one tree behind a lock.
//!
//! A descent counts its visit on every node it passes at once (a *virtual loss*: the visit is
//! there, its reward not yet), so that a worker descending while another one plays out is
//! steered away from the same path; the backup then adds only the rewards. On one thread this
//! is the plain sequential search: selection never reads a node after the descent passed it.

use super::SearchConfig;
use super::playout::{Playout, Policy, RootLists};
use super::prior::{self, PriorScratch, PriorWeights};
use super::tree::{self, Node, Played, Selection};
use crate::blokus::bots::reward::MarginScale;
use crate::blokus::{Colour, Move, Position};
use crate::game::Rng;

/// The scratch space of one searcher (reused across simulations).
#[derive(Clone, Debug)]
pub(super) struct Worker {
    pub(super) rng: Rng,
    moves: Vec<Move>,
    priors: Vec<Option<f32>>,
    prior_scratch: PriorScratch,
    playout: Playout,
    /// The playout policy of the current search.
    policy: Policy,
    /// The margins of the current search's playouts, for the reward.
    scale: MarginScale,
    /// The legal moves of every colour at the root of the current search.
    root: RootLists,
    played: Played,
    /// The nodes chosen below the root in the current simulation.
    path: Vec<usize>,
    sequence: Vec<(usize, usize)>,
    rewards: Vec<f64>,
}

/// The prior weights a search of `pos` under `config` uses: the configured ones, or the
/// variant's own.
fn prior_weights(pos: &Position, config: &SearchConfig) -> PriorWeights {
    config
        .prior
        .unwrap_or_else(|| PriorWeights::for_variant(pos.variant()))
}

impl Worker {
    pub(super) fn new(rng: Rng) -> Worker {
        Worker {
            rng,
            moves: Vec::new(),
            priors: Vec::new(),
            prior_scratch: PriorScratch::default(),
            playout: Playout::default(),
            // Replaced by `begin` at the start of every search.
            policy: Policy::new(crate::blokus::Variant::Duo, None, true),
            scale: MarginScale::default(),
            root: RootLists::default(),
            played: Played::default(),
            path: Vec::new(),
            sequence: Vec::new(),
            rewards: Vec::new(),
        }
    }

    /// Generates the children of `node` in `pos` and attaches them.
    pub(super) fn expand(
        &mut self,
        nodes: &mut Vec<Node>,
        node: usize,
        pos: &Position,
        config: &SearchConfig,
    ) {
        let colour = pos.to_move_with_moves(&mut self.moves);
        if let Some(colour) = colour {
            let w = &prior_weights(pos, config);
            let (moves, out) = (&self.moves, &mut self.priors);
            prior::priors(pos, colour, moves, w, out, &mut self.prior_scratch);
        }
        attach(
            nodes,
            node,
            mover(pos, colour),
            &self.moves,
            &self.priors,
            usize::MAX,
            Selection::of(config),
        );
    }

    /// Readies the worker for a search from `root` with `config`: every colour's legal moves
    /// there, which each simulation copies and keeps up to date along its moves instead of
    /// generating; the playout policy; a fresh margin scale for the rewards.
    pub(super) fn begin(&mut self, root: &Position, config: &SearchConfig) {
        self.root.of(root);
        self.policy
            .refit(root.variant(), config.playout_weights, config.local_replies);
        self.scale.clear();
    }

    /// The moves of the colour to move in `pos`, the position the descent reached (into
    /// `self.moves`), with their priors (into `self.priors`); the colour, or `None` at the
    /// end of the game.
    fn children_of(&mut self, pos: &Position, config: &SearchConfig) -> Option<Colour> {
        let colour = self.playout.next_mover(pos, &mut self.moves)?;
        let w = &prior_weights(pos, config);
        let (moves, out) = (&self.moves, &mut self.priors);
        prior::priors(pos, colour, moves, w, out, &mut self.prior_scratch);
        Some(colour)
    }

    /// Descends from the root, playing the chosen moves on `pos` (the root position): each
    /// node passed gets its visit now (see the module docs); a node is expanded the second
    /// time a descent reaches it. The tree is reached through `tree` one level at a time, and
    /// an expansion's moves and priors are computed between two accesses: behind a lock, the
    /// other workers go on meanwhile.
    fn descend(&mut self, tree: &mut impl Tree, pos: &mut Position, config: &SearchConfig) {
        let selection = Selection::of(config);
        self.path.clear();
        let mut node = 0;
        // Whether the descent is the first to reach `node` (then it is not expanded yet).
        let mut first = false;
        tree.with(|nodes| nodes[0].visits += 1);
        loop {
            let step = tree.with(|nodes| {
                let n = nodes[node];
                if !n.expanded {
                    return if first { Step::Stop } else { Step::Expand };
                }
                if n.children == 0 {
                    return Step::Stop;
                }
                let child = tree::select(nodes, node, selection);
                let c = &mut nodes[child];
                let was_new = c.visits == 0;
                c.visits += 1;
                c.refresh(selection);
                Step::Down(child, usize::from(c.colour), usize::from(c.id), was_new)
            });
            match step {
                Step::Stop => return,
                Step::Expand => {
                    let colour = self.children_of(pos, config);
                    let mover = mover(pos, colour);
                    let (moves, priors) = (&self.moves, &self.priors);
                    // Another worker may have expanded the node meanwhile: its children stand.
                    tree.with(|nodes| {
                        if !nodes[node].expanded {
                            let (max, s) = (config.max_nodes, selection);
                            attach(nodes, node, mover, moves, priors, max, s);
                        }
                    });
                }
                Step::Down(child, colour, id, was_new) => {
                    let colour = Colour::new(colour).expect("valid colour");
                    // The lists catch up when next read (`Playout::next_mover`, the playout).
                    pos.apply(colour, id);
                    self.path.push(child);
                    (node, first) = (child, was_new);
                }
            }
        }
    }

    /// One simulation from the root position `root` (whose history has `start` moves, and
    /// which [`begin`](Self::begin) was given): descend, play out, back up.
    pub(super) fn simulate(
        &mut self,
        tree: &mut impl Tree,
        root: &Position,
        start: usize,
        config: &SearchConfig,
    ) {
        let mut pos = root.clone();
        self.playout.restart_from(&self.root, &pos);
        self.descend(tree, &mut pos, config);
        self.play_out(&mut pos, start, config);
        tree.with(|nodes| self.back_up(nodes, &pos, config));
    }

    /// Plays `pos` (where the descent ended) out to the end and computes the rewards.
    fn play_out(&mut self, pos: &mut Position, start: usize, config: &SearchConfig) {
        self.playout.run(pos, &mut self.rng, &self.policy);
        let w = config.margin_weight;
        let w = if w.is_nan() { 0.0 } else { w.clamp(0.0, 1.0) };
        self.scale.rewards(pos, w, &mut self.rewards);
        self.sequence.clear();
        self.sequence
            .extend((start..pos.history().len()).map(|k| pos.played(k)));
    }

    /// Adds the rewards of the finished simulation (`pos`, played out) to the nodes of the
    /// descent, and the all-moves-as-first values.
    fn back_up(&mut self, nodes: &mut [Node], pos: &Position, config: &SearchConfig) {
        let rave = (config.rave > 0.0).then_some((&mut self.played, pos.table().len()));
        let s = Selection::of(config);
        tree::backup(nodes, &self.path, &self.sequence, &self.rewards, rave, s);
    }
}

/// What a descent does at a node.
enum Step {
    /// The descent ends here.
    Stop,
    /// The node needs its children.
    Expand,
    /// On to a child: its index, colour, move id, and whether this descent is its first.
    Down(usize, usize, usize, bool),
}

/// The colour to move in `pos` (`None`: the game is over) with the index of the player who
/// makes its move.
fn mover(pos: &Position, colour: Option<Colour>) -> Option<(Colour, usize)> {
    colour.map(|c| {
        let player = pos.mover_index(c.index()).expect("a colour of the variant");
        (c, player)
    })
}

/// Marks `node` expanded and appends its children: the moves with a prior (`None`: left out)
/// of the `mover` colour and player (`None`: the game is over, no children). When they could
/// take the tree past `max_nodes` nodes, none is added: the node stays a leaf. The
/// children's selection values are computed with `s`.
fn attach(
    nodes: &mut Vec<Node>,
    node: usize,
    mover: Option<(Colour, usize)>,
    moves: &[Move],
    priors: &[Option<f32>],
    max_nodes: usize,
    s: Selection,
) {
    nodes[node].expanded = true;
    let Some((colour, player)) = mover else {
        return;
    };
    if nodes.len().saturating_add(moves.len()) > max_nodes {
        return;
    }
    let first = nodes.len();
    for (m, p) in moves.iter().zip(priors) {
        if let Some(p) = *p {
            let mut child = Node::new(m.id(), colour.index(), player, p);
            child.refresh(s);
            nodes.push(child);
        }
    }
    nodes[node].first_child = first as u32;
    nodes[node].children = (nodes.len() - first) as u32;
}

/// Access to the nodes of a tree: directly, or through a lock shared by several workers.
pub(super) trait Tree {
    /// Runs `f` on the nodes (holding the lock, if any, for the call).
    fn with<R>(&mut self, f: impl FnOnce(&mut Vec<Node>) -> R) -> R;
}

impl Tree for Vec<Node> {
    fn with<R>(&mut self, f: impl FnOnce(&mut Vec<Node>) -> R) -> R {
        f(self)
    }
}
