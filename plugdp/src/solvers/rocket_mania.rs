//! Rocket Mania (ZOJ 2125 "Rocket Mania", ZOJ 2126 "Rocket Mania Plus"): rotate fuse tiles so
//! that as many rockets as possible are connected to a lit match.
//!
//! The puzzle, the ZOJ input formats and their mapping to the API are documented on
//! [`FuseBoard`] and [`rocket_mania`]; the prunings on [`Prunings`].
//!
//! The sweep keeps, for each partial rotation of the tiles, the frontier's plugs in minimal
//! representation and, per component, whether it is lit and how many rockets it holds that have
//! not launched yet (a component can still be lit later through a merge). Plugs are *soft*: an
//! opening towards a closed side or the top/bottom border leads nowhere. The value is the best
//! number of rockets launched so far (a [`MaxPlus`] fold). The sweep is a [`Transfer`] on the
//! crate's driver, its dominance pruning a step hook ([`Transfer::prune_step`]), and the
//! rotations of one optimal board are the driver's witness (memory: every step's table on
//! boards of up to 64 tiles, about √T of them beyond, all counted against the budget; 9 × 6
//! boards have a few thousand states per step).
//!
//! The returned rotations are re-simulated ([`launched_rockets`]) before they are returned.

use crate::engine::driver::{StepFrontiers, Transfer};
use crate::engine::nibbles::shift_row;
use crate::{MaxPlus, Options, PlugError};

mod board;

use board::{DOWN, LEFT, RIGHT, UP};
pub use board::{FuseBoard, Tile};

/// Which prunings of the sweep's states to apply, for [`rocket_mania_with`] (which also reports
/// the states each setting keeps). [`rocket_mania`] uses [`Prunings::EXACT`].
///
/// The sweep keeps, per frontier plug, its component, whether that component burns and how
/// many rockets wait on it (rockets already connected to it, which launch if it is lit later).
/// Read this way, three of the four prunings are exact and one is not:
///
/// 1. *No lit plug* (drop a state whose frontier burns nowhere): **not exact**. Before the lit
///    match's row is reached nothing burns yet, and a fuse built downward from the upper rows
///    can still be reached by the fire later. It is offered to measure how much this tempting
///    shortcut loses, and off by default.
/// 2. *Lone unlit plug* (a plug that does not burn and has no other plug of its component on
///    the frontier is removed): exact when the component has no waiting rocket, which is the
///    only case it is applied to: whatever the fire could reach through that plug is that dead
///    component.
/// 3. *Dominance* (against the best state of the step): a state is dropped when every plug it
///    has is present and burning in the best state and the best state's score is at least its
///    score plus its waiting rockets. Exact: fire is monotone, so every continuation does at
///    least as well from the best state.
/// 4. *Row end* (pruning 2 applied only after the last cell of a row): exact, as 2.
///
/// ```
/// use plugdp::{rocket_mania_with, FuseBoard, Prunings};
/// // Only the lower match burns. Turned right, the lower corner takes the fire up into the
/// // upper corner, which turns it right into the straight tile and the upper rocket.
/// let board = FuseBoard::parse_rows(&["L-", "L."])?;
/// let lit = [false, true];
/// let (exact, _) = rocket_mania_with(&board, &lit, Prunings::EXACT, &plugdp::Options::default())?;
/// assert_eq!(exact.launched, 1);
/// // Pruning 1 drops that fuse while it is still unlit, and with it the only solution.
/// let lossy = Prunings { no_lit_plug: true, ..Prunings::EXACT };
/// let (pruned, _) = rocket_mania_with(&board, &lit, lossy, &plugdp::Options::default())?;
/// assert_eq!(pruned.launched, 0);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prunings {
    /// 1: drop states with no burning plug (not exact).
    pub no_lit_plug: bool,
    /// 2: remove lone unlit plugs without waiting rockets after every cell.
    pub lone_unlit_plug: bool,
    /// 3: drop states dominated by the best state of the step.
    pub dominance: bool,
    /// 4: remove lone unlit plugs without waiting rockets after the last cell of each row.
    pub row_end: bool,
}

impl Prunings {
    /// The exact prunings (2, 3 and 4).
    pub const EXACT: Prunings = Prunings {
        no_lit_plug: false,
        lone_unlit_plug: true,
        dominance: true,
        row_end: true,
    };
}

/// Frontier states kept by a sweep of [`rocket_mania_with`].
///
/// ```
/// use plugdp::{rocket_mania_with, FuseBoard, Prunings};
/// // A board of crosses: every rocket launches, whatever the rotations.
/// let board = FuseBoard::parse_rows(&["++++++"; 9])?;
/// let (plan, stats) = rocket_mania_with(&board, &[true; 9], Prunings::EXACT, &plugdp::Options::default())?;
/// assert_eq!(plan.launched, 9);
/// assert!(stats.peak_states >= 1 && stats.total_states >= stats.peak_states);
/// assert_eq!(stats.to_string(), format!("{} states kept, at most {} after one tile",
///                                       stats.total_states, stats.peak_states));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RocketStats {
    /// Sum over the cells of the states kept after the cell.
    pub total_states: usize,
    /// Largest number kept after one cell.
    pub peak_states: usize,
}

impl core::fmt::Display for RocketStats {
    /// `"{total_states} states kept, at most {peak_states} after one tile"`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} states kept, at most {} after one tile",
            self.total_states, self.peak_states
        )
    }
}

/// An optimal rotation of the board, from [`rocket_mania`].
///
/// ```
/// use plugdp::{launched_rockets, rocket_mania, FuseBoard};
/// // Straight tiles: with only match 4 lit, only rocket 4 can launch, and the straight tile
/// // of row 4 must lie flat (0 or 2 quarter turns).
/// let board = FuseBoard::parse_rows(&["------"; 9])?;
/// let lit: Vec<bool> = (0..9).map(|r| r == 3).collect();
/// let plan = rocket_mania(&board, &lit, &plugdp::Options::default())?;
/// assert_eq!(plan.launched, 1);
/// assert_eq!(plan.rockets, lit);
/// assert!((18..24).all(|i| plan.rotations[i] % 2 == 0));
/// assert_eq!(launched_rockets(&board, &plan.rotations, &lit), plan.rockets);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RocketPlan {
    /// The most rockets that can be launched.
    pub launched: usize,
    /// Quarter turns clockwise of every tile, row-major.
    pub rotations: Vec<u8>,
    /// Which rows' rockets launch with these rotations.
    pub rockets: Vec<bool>,
}

/// Which rockets launch with the given rotations when the matches of the rows in `lit` burn
/// (a flood fill over the fixed board: the independent check of every plan).
///
/// Missing rotations (a slice shorter than the board) count as 0; rotations are taken modulo 4.
///
/// ```
/// use plugdp::{launched_rockets, FuseBoard};
/// let board = FuseBoard::parse_rows(&["---", "---"])?;
/// // Unturned straight tiles carry each match's fire to its own rocket.
/// assert_eq!(launched_rockets(&board, &[], &[true, false]), [true, false]);
/// assert_eq!(launched_rockets(&board, &[], &[true, true]), [true, true]);
/// // Turned upright, they stop it at once.
/// assert_eq!(launched_rockets(&board, &[1; 6], &[true, true]), [false, false]);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
pub fn launched_rockets(board: &FuseBoard, rotations: &[u8], lit: &[bool]) -> Vec<bool> {
    let (rows, cols) = (board.rows, board.cols);
    let open = |r: usize, c: usize| {
        let k = rotations.get(r * cols + c).copied().unwrap_or(0);
        board.tile_at(r, c).openings(k)
    };
    let mut burning = vec![false; rows * cols];
    let mut stack = Vec::new();
    for r in 0..rows {
        if lit.get(r).copied().unwrap_or(false) && open(r, 0) & LEFT != 0 {
            burning[r * cols] = true;
            stack.push((r, 0));
        }
    }
    while let Some((r, c)) = stack.pop() {
        let o = open(r, c);
        let mut visit = |rr: usize, cc: usize, need: u8| {
            if open(rr, cc) & need != 0 && !burning[rr * cols + cc] {
                burning[rr * cols + cc] = true;
                stack.push((rr, cc));
            }
        };
        if o & LEFT != 0 && c > 0 {
            visit(r, c - 1, RIGHT);
        }
        if o & RIGHT != 0 && c + 1 < cols {
            visit(r, c + 1, LEFT);
        }
        if o & UP != 0 && r > 0 {
            visit(r - 1, c, DOWN);
        }
        if o & DOWN != 0 && r + 1 < rows {
            visit(r + 1, c, UP);
        }
    }
    (0..rows)
        .map(|r| burning[r * cols + cols - 1] && open(r, cols - 1) & RIGHT != 0)
        .collect()
}

/// Frontier of the fuse sweep: labels per position, and per label whether it burns and how many
/// rockets wait on it.
#[derive(Clone, Copy)]
struct Fuse {
    at: [u8; 16],
    lit: [bool; 16],
    pending: [u8; 16],
}

impl Fuse {
    /// Pruning 2: removes every plug that does not burn, is its component's only plug on the
    /// frontier, and whose component holds no waiting rocket.
    fn drop_lone_unlit(&mut self, positions: usize) {
        for j in 0..positions {
            let l = self.at[j];
            if l == 0 || self.lit[l as usize] || self.pending[l as usize] > 0 {
                continue;
            }
            if (0..positions).filter(|&i| self.at[i] == l).count() == 1 {
                self.at[j] = 0;
            }
        }
    }

    fn decode(key: u128, positions: usize) -> Fuse {
        let mut f = Fuse {
            at: [0; 16],
            lit: [false; 16],
            pending: [0; 16],
        };
        for j in 0..positions {
            f.at[j] = (key >> (4 * j) & 0xF) as u8;
            let attr = (key >> (4 * positions + 5 * j)) as u8;
            f.lit[j + 1] = attr & 1 == 1;
            f.pending[j + 1] = attr >> 1 & 0xF;
        }
        f
    }

    /// Minimal representation; attributes follow their labels, components without plugs vanish
    /// (`None` with more than 15 components, which at most 14 positions cannot reach).
    fn encode(&self, positions: usize) -> Option<u128> {
        let names = crate::engine::state::minimal_names(&self.at[..positions])?;
        let mut key = 0u128;
        for j in 0..positions {
            let l = usize::from(self.at[j]);
            if l == 0 {
                continue;
            }
            let name = usize::from(names[l]);
            let attr = u128::from(self.lit[l]) | u128::from(self.pending[l]) << 1;
            // (Written once per position of the component: the same bits each time.)
            key |= attr << (4 * positions + 5 * (name - 1));
            key |= (name as u128) << (4 * j);
        }
        Some(key)
    }
}

/// The best rotation of `board` when the matches of the rows in `lit` burn (`lit[r]` for row r;
/// ZOJ 2125 lights one row, ZOJ 2126 all of them). See [`FuseBoard`] for the puzzle and the
/// problems' input formats.
///
/// ```
/// use plugdp::{rocket_mania, FuseBoard};
/// // Crosses connect everything: one lit match launches all nine rockets.
/// let crosses = FuseBoard::parse_rows(&["++++++"; 9])?;
/// let first: Vec<bool> = (0..9).map(|r| r == 0).collect();
/// assert_eq!(rocket_mania(&crosses, &first, &plugdp::Options::default())?.launched, 9);
///
/// // Corners never branch, so one match reaches at most one rocket, by a zigzag over two
/// // rows. Such a fuse turns in every tile, so it uses at least two tiles per column (12 of
/// // the 54): with every match lit at most 4 fuses fit, and pairs of rows give 4.
/// let corners = FuseBoard::parse_rows(&["LLLLLL"; 9])?;
/// assert_eq!(rocket_mania(&corners, &first, &plugdp::Options::default())?.launched, 1);
/// assert_eq!(rocket_mania(&corners, &[true; 9], &plugdp::Options::default())?.launched, 4);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Budget
/// Everything the sweep keeps counts against [`Options::max_bytes`]: each tile's tables, the
/// checkpoints of the walk back (every table on boards of up to 64 tiles, about √T of the T
/// tiles' beyond) and the tables it recomputes from them; a table that would pass the budget
/// is refused before it grows, and the deadline is read within every tile, not only after it.
/// The contest boards (9 × 6) take milliseconds. The largest boards [`FuseBoard`] takes are
/// beyond any ordinary budget, and the default options (2 GiB, no deadline) stop them with
/// [`PlugError::BudgetExceeded`] after about a minute: on 15 × 13 tees, 85 s with every
/// match lit and 59 s with only the first, at 1.8 GB peak resident memory (measured on a
/// loaded 2-core machine). The solver sets no deadline of its own (an [`Options`] without a
/// deadline means none, so a solver's default deadline could not be lifted); to bound the
/// wait, set one: with [`Options::with_time_limit`] of 5 s that board returns after 5.03 s.
///
/// # Errors
/// [`PlugError::LitCount`] if `lit` does not have one entry per row;
/// [`PlugError::BudgetExceeded`] past the budget of `options`. `options.threads` is not used:
/// the dominance pruning looks at whole steps.
pub fn rocket_mania(
    board: &FuseBoard,
    lit: &[bool],
    options: &Options,
) -> Result<RocketPlan, PlugError> {
    rocket_mania_with(board, lit, Prunings::EXACT, options).map(|(plan, _)| plan)
}

/// [`rocket_mania`] with a choice of prunings, also reporting the states kept.
///
/// ```
/// use plugdp::{rocket_mania_with, FuseBoard, Prunings};
/// // Tees turned to open left and right let every row burn straight through: all rockets
/// // launch when every match is lit.
/// let board = FuseBoard::parse_rows(&["TTTTTT"; 4])?;
/// let (plain, s0) = rocket_mania_with(&board, &[true; 4], Prunings::default(), &plugdp::Options::default())?;
/// let (pruned, s1) = rocket_mania_with(&board, &[true; 4], Prunings::EXACT, &plugdp::Options::default())?;
/// assert_eq!((plain.launched, pruned.launched), (4, 4));
/// assert!(s1.total_states <= s0.total_states); // the exact prunings keep fewer states
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`rocket_mania`].
pub fn rocket_mania_with(
    board: &FuseBoard,
    lit: &[bool],
    prunings: Prunings,
    options: &Options,
) -> Result<(RocketPlan, RocketStats), PlugError> {
    let (rows, cols) = (board.rows, board.cols);
    if lit.len() != rows {
        return Err(PlugError::LitCount {
            lit: lit.len(),
            rows,
        });
    }
    let problem = Rockets {
        board,
        lit,
        prunings,
        rotations: board.tiles.iter().map(|t| t.rotations()).collect(),
    };
    let driver = crate::engine::driver::Driver::new(&problem, options.meter());
    let (best, picks, sweep) = driver.witness_with_stats()?;
    let stats = RocketStats {
        total_states: sweep.states_per_step.iter().sum(),
        peak_states: sweep.peak,
    };
    // Only pruning 1 can leave no state at all; then the unrotated board is the plan it found.
    let mut rotations = vec![0u8; rows * cols];
    if let (MaxPlus(Some(best)), Some(picks)) = (best, picks) {
        for (slot, k) in rotations.iter_mut().zip(picks) {
            *slot = k as u8;
        }
        let replay = launched_rockets(board, &rotations, lit)
            .iter()
            .filter(|&&x| x)
            .count();
        if replay as i64 != best {
            return Err(PlugError::Internal {
                check: "the plan re-simulates to the score the sweep found",
            });
        }
    }
    let rockets = launched_rockets(board, &rotations, lit);
    let launched = rockets.iter().filter(|&&x| x).count();
    Ok((
        RocketPlan {
            launched,
            rotations,
            rockets,
        },
        stats,
    ))
}

/// The fuse sweep on the driver: a tile's choices are its distinct rotations (the choice index
/// is the number of quarter turns), its weight the rockets it launches.
struct Rockets<'b> {
    board: &'b FuseBoard,
    lit: &'b [bool],
    prunings: Prunings,
    /// Each tile's distinct rotations, row-major.
    rotations: Vec<Vec<u8>>,
}

impl Rockets<'_> {
    fn positions(&self) -> usize {
        self.board.cols + 1
    }
}

impl Transfer for Rockets<'_> {
    type Key = u128;
    type Value = MaxPlus;

    fn size(&self) -> (usize, usize) {
        (self.board.rows, self.board.cols)
    }

    fn start(&self) -> u128 {
        0
    }

    fn successors<E>(&self, r: usize, c: usize, key: u128, mut emit: E) -> Result<(), PlugError>
    where
        E: FnMut(u128, &MaxPlus, usize) -> Result<(), PlugError>,
    {
        let (rows, cols, positions) = (self.board.rows, self.board.cols, self.positions());
        let tile = self.board.tile_at(r, c);
        let f = Fuse::decode(key, positions);
        for &k in &self.rotations[r * cols + c] {
            let (mut new, gained) = fuse_step(f, tile.openings(k), r, c, rows, cols, self.lit[r]);
            if self.prunings.lone_unlit_plug || (self.prunings.row_end && c + 1 == cols) {
                new.drop_lone_unlit(positions);
            }
            if self.prunings.no_lit_plug
                && !(0..positions).any(|j| new.at[j] != 0 && new.lit[new.at[j] as usize])
            {
                continue;
            }
            emit(
                new.encode(positions).ok_or(PlugError::TooManyComponents)?,
                &MaxPlus(Some(i64::from(gained))),
                usize::from(k),
            )?;
        }
        Ok(())
    }

    /// The down-plugs move one position right (position `cols` is always empty).
    fn row_end(&self, _r: usize, key: u128) -> Option<u128> {
        Some(shift_row(key, self.positions()))
    }

    fn accept(&self, _key: u128) -> bool {
        true
    }

    fn prunes_steps(&self) -> bool {
        self.prunings.dominance
    }

    /// Pruning 3: drops the states dominated by the best-scoring state of the step (ties: the
    /// smallest key).
    fn prune_step(&self, _r: usize, _c: usize, step: &mut StepFrontiers<'_, u128, MaxPlus>) {
        let positions = self.positions();
        let score = |v: &MaxPlus| v.0.unwrap_or(i64::MIN);
        let Some((best_key, best_score)) = step
            .iter()
            .map(|(k, v)| (k, score(v)))
            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        else {
            return;
        };
        let best = Fuse::decode(best_key, positions);
        let burning: Vec<bool> = (0..positions)
            .map(|j| best.at[j] != 0 && best.lit[best.at[j] as usize])
            .collect();
        step.retain(|key, v| {
            if key == best_key {
                return true;
            }
            let f = Fuse::decode(key, positions);
            let covered = (0..positions).all(|j| f.at[j] == 0 || burning[j]);
            let waiting: i64 = (1..16).map(|l| i64::from(f.pending[l])).sum();
            !(covered && score(v) + waiting <= best_score)
        });
    }
}

/// One tile's transition: the new frontier and the rockets launched by it.
fn fuse_step(
    mut f: Fuse,
    open: u8,
    r: usize,
    c: usize,
    rows: usize,
    cols: usize,
    match_lit: bool,
) -> (Fuse, u32) {
    let (left, up) = (f.at[c], f.at[c + 1]);
    let lt = open & LEFT != 0 && left != 0;
    let upt = open & UP != 0 && up != 0;
    let from_match = c == 0 && open & LEFT != 0 && match_lit;
    let burn = from_match || (lt && f.lit[left as usize]) || (upt && f.lit[up as usize]);
    f.at[c] = 0;
    f.at[c + 1] = 0;
    let t = match (lt, upt) {
        (true, true) if left != up => {
            let (a, b) = (left as usize, up as usize);
            for l in f.at.iter_mut() {
                if *l == up {
                    *l = left;
                }
            }
            f.pending[a] += f.pending[b];
            f.lit[a] |= f.lit[b];
            f.pending[b] = 0;
            f.lit[b] = false;
            left
        }
        (true, _) => left,
        (false, true) => up,
        (false, false) => {
            // A fresh component: label 15 is never in use (at most 14 positions).
            f.lit[15] = false;
            f.pending[15] = 0;
            15
        }
    };
    let t_us = t as usize;
    if burn {
        f.lit[t_us] = true;
    }
    let mut gained = 0;
    if open & RIGHT != 0 && c + 1 == cols {
        f.pending[t_us] += 1;
    }
    if f.lit[t_us] && f.pending[t_us] > 0 {
        gained = u32::from(f.pending[t_us]);
        f.pending[t_us] = 0;
    }
    if open & DOWN != 0 && r + 1 < rows {
        f.at[c] = t;
    }
    if open & RIGHT != 0 && c + 1 < cols {
        f.at[c + 1] = t;
    }
    (f, gained)
}
