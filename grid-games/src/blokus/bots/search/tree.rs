//! The search tree: an arena of nodes with contiguous children, UCT selection over prior,
//! simulation and all-moves-as-first (RAVE) values, and the backup of one simulation.

/// One move in the tree.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Move id in the variant's table.
    pub id: u16,
    /// Colour index of the mover.
    pub colour: u8,
    /// Index of the player who makes the move: the colour's owner, or in three-player
    /// Classic the player whose turn it is to play colour 3 there.
    pub player: u8,
    /// Whether the children have been generated.
    pub expanded: bool,
    /// Prior value of the move in `[0, 1]` (virtual wins per virtual visit).
    pub prior: f32,
    pub visits: u32,
    pub amaf_visits: u32,
    pub reward: f64,
    pub amaf_reward: f64,
    pub first_child: u32,
    pub children: u32,
    /// The selection value without the exploration term, as of the node's last change
    /// ([`refresh`](Self::refresh), called wherever the visits or rewards change): selection
    /// reads it instead of computing the means of every child at every step.
    pub q: f64,
    /// `1 / sqrt(visits + 1)`, kept with [`q`](Self::q): the child's share of the
    /// exploration term.
    pub spread: f64,
}

impl Node {
    pub(super) fn new(id: usize, colour: usize, player: usize, prior: f32) -> Node {
        Node {
            id: id as u16,
            colour: colour as u8,
            player: player as u8,
            expanded: false,
            prior,
            visits: 0,
            amaf_visits: 0,
            reward: 0.0,
            amaf_reward: 0.0,
            first_child: 0,
            children: 0,
            // The value of a node without visits for any `prior_visits` (up to rounding;
            // `refresh` makes it exact).
            q: f64::from(prior),
            spread: 1.0,
        }
    }

    /// Recomputes [`q`](Self::q) from the visits and rewards (see [`select`]).
    #[inline]
    pub(super) fn refresh(&mut self, s: Selection) {
        let n = f64::from(self.visits);
        let k = s.prior_visits;
        let prior = f64::from(self.prior);
        self.spread = (n + 1.0).sqrt().recip();
        let mean = (self.reward + k * prior) / (n + k);
        self.q = if s.rave > 0.0 && self.amaf_visits > 0 {
            let an = f64::from(self.amaf_visits);
            let amaf = (self.amaf_reward + k * prior) / (an + k);
            let beta = an / (an + n + an * n / s.rave);
            (1.0 - beta) * mean + beta * amaf
        } else {
            mean
        };
    }

    pub(super) fn child_range(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.children) as usize
    }
}

/// Selection parameters (from [`SearchConfig`](super::SearchConfig)).
#[derive(Clone, Copy, Debug)]
pub(super) struct Selection {
    pub exploration: f64,
    pub prior_visits: f64,
    /// RAVE equivalence parameter; 0 turns RAVE off.
    pub rave: f64,
}

impl Selection {
    /// The selection parameters of `config`.
    pub(super) fn of(config: &super::SearchConfig) -> Selection {
        Selection {
            exploration: config.exploration,
            prior_visits: config.prior_visits,
            rave: config.rave,
        }
    }
}

/// The child of `parent` with the largest selection value:
///
/// ```text
/// mean  = (reward + k · prior) / (visits + k)              k = prior_visits
/// amaf  = (amaf_reward + k · prior) / (amaf_visits + k)
/// β     = amaf_visits / (amaf_visits + visits + amaf_visits · visits / rave)
/// value = (1 − β) · mean + β · amaf + c · sqrt(ln(parent visits) / (visits + 1))
/// ```
///
/// Everything but the exploration term is the child's [`q`](Node::q), and the term is
/// `c · sqrt(ln(parent visits))` times the child's [`spread`](Node::spread), both kept up
/// to date where its visits or rewards change: a selection step costs one multiply-add per
/// child.
pub(super) fn select(nodes: &[Node], parent: usize, s: Selection) -> usize {
    let p = &nodes[parent];
    let explore = s.exploration * f64::from(p.visits.max(1)).ln().sqrt();
    let mut best = (f64::NEG_INFINITY, p.first_child as usize);
    for i in p.child_range() {
        let ch = &nodes[i];
        let value = ch.q + explore * ch.spread;
        if value > best.0 {
            best = (value, i);
        }
    }
    best.1
}

/// Marks of the moves played in a simulation, by colour and move id, for the AMAF update.
#[derive(Clone, Debug, Default)]
pub(super) struct Played {
    stamp: Vec<u32>,
    current: u32,
    moves: usize,
}

impl Played {
    /// Starts a new simulation over a table of `moves` moves.
    pub(super) fn start(&mut self, moves: usize) {
        if self.moves != moves || self.stamp.len() != 4 * moves {
            self.stamp = vec![0; 4 * moves];
            self.moves = moves;
            self.current = 0;
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
    }

    pub(super) fn mark(&mut self, colour: usize, id: usize) {
        self.stamp[colour * self.moves + id] = self.current;
    }

    pub(super) fn contains(&self, colour: usize, id: usize) -> bool {
        self.stamp[colour * self.moves + id] == self.current
    }
}

/// Backs up one simulation whose descent already counted its visits (see `worker.rs`).
/// `path[d]` is the node chosen at depth `d` below the root (node 0), `sequence` every move of the simulation from the root on (tree moves first, then the
/// playout) as (colour index, move id), and `rewards` the reward per player (each node's own
/// [`player`](Node::player) takes it). With `rave`, every child of a node on the path whose
/// move the same colour played later in the simulation gets an AMAF update.
pub(super) fn backup(
    nodes: &mut [Node],
    path: &[usize],
    sequence: &[(usize, usize)],
    rewards: &[f64],
    rave: Option<(&mut Played, usize)>,
    s: Selection,
) {
    for &i in path {
        let n = &mut nodes[i];
        n.reward += rewards[usize::from(n.player)];
        n.refresh(s);
    }
    let Some((played, table_len)) = rave else {
        return;
    };
    played.start(table_len);
    for d in (0..sequence.len()).rev() {
        let (c, id) = sequence[d];
        played.mark(c, id);
        if d >= path.len() {
            continue;
        }
        let parent = if d == 0 { 0 } else { path[d - 1] };
        for i in nodes[parent].child_range() {
            let ch = &mut nodes[i];
            if played.contains(usize::from(ch.colour), usize::from(ch.id)) {
                ch.amaf_visits += 1;
                ch.amaf_reward += rewards[usize::from(ch.player)];
                ch.refresh(s);
            }
        }
    }
}

/// Copies the subtree of `nodes` below `root` into `out` (cleared first) with `root` at
/// index 0, children kept contiguous (breadth first).
pub(super) fn extract(nodes: &[Node], root: usize, out: &mut Vec<Node>) {
    out.clear();
    out.push(nodes[root]);
    let mut next = 0;
    while next < out.len() {
        let old = out[next];
        if old.children > 0 {
            let first = out.len();
            out.extend_from_slice(&nodes[old.child_range()]);
            out[next].first_child = first as u32;
        }
        next += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A root with three children, one simulation through child 2 whose playout later played
    /// child 3's move for the same colour and child 1's move for another colour.
    #[test]
    fn backup_updates_the_path_and_the_moves_played_later() {
        let mut nodes = vec![Node::new(0, 0, 0, 0.0); 4];
        nodes[0].first_child = 1;
        nodes[0].children = 3;
        nodes[0].expanded = true;
        for (i, id) in [(1, 10), (2, 20), (3, 30)] {
            nodes[i] = Node::new(id, 0, 0, 0.5);
        }
        let mut played = Played::default();
        let sequence = [(0, 20), (1, 10), (0, 30)];
        // The descent counted the visits.
        nodes[0].visits += 1;
        nodes[2].visits += 1;
        let s = Selection {
            exploration: 0.0,
            prior_visits: 1.0,
            rave: 1000.0,
        };
        backup(
            &mut nodes,
            &[2],
            &sequence,
            &[0.75, 0.25],
            Some((&mut played, 64)),
            s,
        );
        assert_eq!(
            (nodes[0].visits, nodes[2].visits, nodes[2].reward),
            (1, 1, 0.75)
        );
        assert_eq!((nodes[1].visits, nodes[3].visits), (0, 0));
        // AMAF: child 2 (played) and child 3 (played later by colour 0), not child 1 (its move
        // was played by colour 1).
        assert_eq!(
            [
                nodes[1].amaf_visits,
                nodes[2].amaf_visits,
                nodes[3].amaf_visits
            ],
            [0, 1, 1]
        );
        assert_eq!(nodes[3].amaf_reward, 0.75);
        // Selection prefers the child with the better evidence.
        assert_ne!(select(&nodes, 0, s), 1);
    }

    /// Extracting a subtree keeps every node below it, with the same parent-child links.
    #[test]
    fn extract_keeps_the_subtree() {
        // 0 -> {1, 2}; 1 -> {3, 4}; 2 -> {5}; 4 -> {6}
        let mut nodes: Vec<Node> = (0..7).map(|i| Node::new(i, 0, 0, 0.5)).collect();
        for (parent, first, count) in [(0, 1, 2), (1, 3, 2), (2, 5, 1), (4, 6, 1)] {
            nodes[parent].first_child = first;
            nodes[parent].children = count;
            nodes[parent].expanded = true;
        }
        let ids = |n: &Node, all: &[Node]| -> Vec<u16> {
            all[n.child_range()].iter().map(|c| c.id).collect()
        };
        let mut out = Vec::new();
        extract(&nodes, 1, &mut out);
        assert_eq!(out.len(), 4);
        assert_eq!(out[0].id, 1);
        assert_eq!(ids(&out[0], &out), [3, 4]);
        let four = out.iter().position(|n| n.id == 4).unwrap();
        assert_eq!(ids(&out[four], &out), [6]);
        extract(&nodes, 5, &mut out);
        assert_eq!((out.len(), out[0].children), (1, 0));
    }
}
