//! The planning walker: exact distances instead of estimates, and loops chosen by the land
//! they gain per ply among those the enemy cannot reach in time.
//!
//! Every ply it computes four breadth-first distance fields over the whole board (O(W·H)
//! each): the enemy head's distance to every cell (never through the enemy's own trail), the
//! distance of every cell to its own land and to the enemy's land (never through the owner's
//! trail), and its own head's distance to every cell. Then, in order:
//!
//! 1. **Tactics, exactly.** Each of its three moves is played on a copy of the position; a
//!    move that wins at once is played, one that loses at once is dropped, and so is one after
//!    which the enemy head stands next to its trail (it could step onto it), unless every move
//!    does.
//! 2. **A sure cut.** When the enemy is out with a trail and its own head reaches a cell of that
//!    trail no later than the enemy can close it (the enemy's distance home, plus
//!    [`cut_slack`](PlannerConfig::cut_slack)), and its own trail (and with
//!    [`chase_path`](PlannerConfig::chase_path) its way there) stays out of the enemy's reach
//!    meanwhile, it walks the shortest way there.
//!
//!    **An ambush** (off by default; on in [`GuardBot`](super::GuardBot)). At home with
//!    the enemy out, it walks over its own land (no trail laid, nothing risked) to the enemy
//!    trail cell it reaches soonest that way, if that is within the enemy's way home plus
//!    [`ambush`](PlannerConfig::ambush) plies, and steps onto it. Enemies that bite into its
//!    land or go round it lay long trails beside it.
//! 3. **Out on a loop: safe or home.** It follows its plan while the plan closes within the
//!    moves left, every cell of its trail and of the plan still to lay is further from the
//!    enemy than [`start_share`](PlannerConfig::start_share) % of the plies to closing plus
//!    [`margin`](PlannerConfig::margin), and, after the next step, the shortest way home still
//!    beats the enemy to every trail cell by
//!    [`escape_margin`](PlannerConfig::escape_margin). Otherwise it walks the shortest way
//!    home, or with [`bend`](PlannerConfig::bend) (off by default) the closing that encloses
//!    the most land per ply among those the enemy cannot cut in the worst case.
//! 4. **At home: the best loop.** It tries rectangles leaving in each direction it may take:
//!    `a` cells out, a turn, `b` cells across, a turn, and straight back until it reaches its
//!    land (`a, b ≤` [`max_side`](PlannerConfig::max_side)); the way out and the way across
//!    stay off its land ([`leave_land`](PlannerConfig::leave_land)). A loop may start when
//!    the enemy's distance to every cell it would lay exceeds `start_share` % of the loop's
//!    length plus the margin, and it closes before the moves run out. Among those it takes the
//!    most land per ply: cells not yet its own inside the loop's rectangle, enemy cells
//!    counted twice (they also leave the enemy's score). A *bite*, a loop at most
//!    [`bite_depth`](PlannerConfig::bite_depth) cells deep (off by default), needs the
//!    enemy's reach to exceed only its depth plus [`bite_slack`](PlannerConfig::bite_slack)
//!    when that is less: the escape check of item 3 always has a short way home from it.
//!    With [`race_weight`](PlannerConfig::race_weight) (off by default) open cells the
//!    enemy's land is nearer to count extra.
//! 5. **Elsewhere on the land: a launch point.** With no such loop from the head, it judges
//!    the same loops from every other cell on its land's border (every other one, in a
//!    checkerboard) within [`launch_travel`](PlannerConfig::launch_travel) plies' walk over
//!    its land, counting the walk as plies spent, and walks there over its land to the best
//!    one; the walk goes on while that loop still passes the rule (without the margin), and
//!    the loop is judged again on arrival. With no launch point either it waits inside its
//!    land, as far from the enemy as it can, or (with [`shadow`](PlannerConfig::shadow), off
//!    by default) while the enemy is out walks over its land towards the enemy's trail.
//! 6. **The move limit.** Land gained after the last move counts for nothing, so loops must
//!    close within the moves left; a player ahead on land in its last 300 moves starts loops
//!    only with twice the margin plus two. A player behind on land in its last
//!    [`behind_window`](PlannerConfig::behind_window) moves (off by default) starts and keeps
//!    loops at [`behind_share`](PlannerConfig::behind_share) % instead of the start share.
//!
//! [`PlannerBot::last_decision`] names the rule that chose the last move ([`Decision`]).
//!
//! # What each idea was worth
//! Against the [`RaiderBot`](super::RaiderBot) on the course's board (102 × 101, 2 000 moves each),
//! sides alternated, the planner's score: loops up to 16 cells with the worst-case rule
//! (`start_share` 100, margin 1) 52 % (60 games); up to 32 cells 70 %, with margin 2 78 %
//! (60 games each); up to 48 cells 84 % (200 games, as all below); starting loops at 75 % of
//! the worst case (checked again every ply) 90 %; the escape check on every step 95 %. With
//! the escape check, starting at 60 % or 40 % gains land but is cut more often (90 % and
//! 84 %), and 64-cell sides did not help (95 % at 60 %).
//!
//! The raider over-predicted the course's students (planner 91.5 % against the raider, 60 %
//! against the students). Played in the course's own engine against its students, traces of
//! lost games showed the planner "waiting" for hundreds of plies while the enemy took the
//! open board: its best loops began with a long way out *through its own land* (the
//! rectangle's out leg crossed the land), so it walked inside its land, re-planned every ply
//! from the new cell, and walked again, scored for land such a loop would not gain. Loops
//! that must leave the land at once alone lost every game against the strongest student
//! (0 of 20: from most cells no loop is left); with launch points, which make that walk
//! on purpose and commit to it, the planner went from 8 to 18 wins in 20 against that
//! student. Numbers for all students are in the crate's guide (`docs/grid-games.md`).
//!
//! Ambushes (item 2), measured over 40 course games against each of seven strong students
//! (280 games, seats alternated): the planner without them scored 58.2 %, with a slack of
//! 10 plies 61.8 %, with 40 plies 69.3 % (its trail cut in 13 of the 86 losses, against 47 of
//! 117 without). On top of that, four ideas did not win and were dropped: board-edge cells
//! counted four times in a loop's land (69.3 %), ambushes that also cross open cells out of
//! the enemy's reach (63.9 %), a start share that follows how often the enemy chases (70.0 %)
//! and a start share of 50 % (56.2 % over 160 of the games). The guide has the tables.
//!
//! Waiting towards an enemy out ([`shadow`](PlannerConfig::shadow)) and a start share of 40 %
//! while behind in the last 300 moves ([`behind_window`](PlannerConfig::behind_window)),
//! both on in the guard, took it from 68.0 % to 71.8 % over 560 games against the same seven
//! students (two series seeds; about 1.4 standard errors); the window is 600 moves since
//! (74.8 % against 72.5 % for 300 over another 560 games, seeds 1 and 3). Bites up to 3 deep
//! lost land (56.7 % against 62.5 % over 120 games) and are off.
//!
//! Against the same seven students (series seed 1; the guard 76.1 % that day), wider
//! closings ([`bend`](PlannerConfig::bend) 30) scored 69.6 % over 280 games, the race weight
//! 100 % 65.6 % and 64-cell sides 68.8 % over the first four students (the guard 75.0 %
//! there): all off.
//!
//! # Costs
//! Four distance fields and two prefix-sum tables, O(W·H), every ply (two more fields when
//! an ambush is looked for: at home with the enemy out; one more when it waits with
//! `shadow` on); at home the loop
//! search reads tables built in O(`max_side`²) per way out, so each of the
//! `3 · 2 · max_side²` rectangles costs O(1). About 0.45 ms a decision on the course's
//! board, 28 times the raider's. A launch search (only at home with no loop from the head)
//! runs the loop search from up to half the border cells within reach, a few milliseconds on
//! the course's board; a whole course game took 1.6–2.1 s of the course's 30 s. Its work
//! per ply is bounded; the [`Budget`] only decides the fallback below. The race weight adds
//! one distance field and one prefix-sum table; a closing search (only when a loop is given
//! up, with `bend` on) costs a flood fill of the land's bounding box per closing compared,
//! up to `3 · (bend + 1)` of them.

use std::collections::VecDeque;

use super::Decision;
use super::field::{Bfs, FAR, distance_field};
use crate::game::{Bot, Budget, Side};
use crate::paperio::position::outside_of_box;
use crate::paperio::{Direction, Position, Turn};

/// Tuning of [`PlannerBot`].
///
/// ```
/// use grid_games::paperio::bots::{PlannerBot, PlannerConfig};
/// let mut config = PlannerConfig::default();
/// assert_eq!((config.max_side, config.margin, config.start_share), (48, 2, 75));
/// config.margin = 3; // demand more room between the enemy and the trail
/// // Launch points and loops that leave the land at once are on by default; the options
/// // measured and left off can be turned on.
/// assert!(config.leave_land && config.launch_travel == 80);
/// assert!(!config.check_path && !config.chase_path && config.cut_slack == 0);
/// config.cut_slack = 6; // go for enemy trails reached up to 6 plies after the sure bound
/// config.chase_path = true; // ... along a way the enemy cannot cut first
/// assert_eq!(config.desperate, 0);
/// config.desperate = 3; // chase any enemy trail once 3 cells a move short of its land
/// let _bot = PlannerBot::with_config(1, config);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct PlannerConfig {
    /// Longest side of a planned loop (at most [`MAX_SIDE`]; larger values count as it).
    pub max_side: u32,
    /// Plies of safety demanded between the enemy's reach and the loop's closing.
    pub margin: u32,
    /// Percentage of a new loop's length the enemy's reach must exceed (plus the margin) for
    /// the loop to be started. 100 is the worst case; less trusts the check made on every ply
    /// out (go home the moment the trail could be cut) to cover the rest.
    pub start_share: u32,
    /// Plies of safety demanded, on every step out, between the enemy's reach and the shortest
    /// way home from the next cell.
    pub escape_margin: u32,
    /// Whether the escape check also holds the cells of the way home (not only the trail
    /// already laid) against the enemy's reach. Off by default: measured once against the
    /// course student that cut the planner most often, 14 wins in 20 with it against 12
    /// without, within the noise of 20 games.
    pub check_path: bool,
    /// Whether a loop's way out and way across must stay off its land (a loop that crosses
    /// its land closes there, so the land it was scored for is not what it gains).
    pub leave_land: bool,
    /// Plies of walking over its land that a loop may start from (0: only from the head).
    pub launch_travel: u32,
    /// Plies by which a cut may be later than sure: it goes for an enemy trail cell it reaches
    /// within the enemy's way home plus this (0: only sure cuts). Off by default: 6 won more
    /// against a student who draws huge loops (65 % against 30 % over 40 games) and lost
    /// against one who cuts back (42.5 % against 72.5 %); pooled over six students, 62.9 %
    /// against 60.8 % (the crate's guide has the table).
    pub cut_slack: u32,
    /// Whether a cut also needs a way to the enemy's trail whose cells the enemy cannot reach
    /// first (not only the trail already laid). Off by default: with `cut_slack` 6 it halved
    /// the losses by our trail cut against the student who cuts back, and pooled over six
    /// students it scored 60.8 %, as the default does.
    pub chase_path: bool,
    /// Percentage of the walk to a launch point by which the enemy's reach is taken as
    /// shorter when the loop from there is judged (100: the worst case, the enemy walks
    /// towards it meanwhile; the loop is judged again on arrival).
    pub launch_shift: u32,
    /// Plies by which an ambush may be later than the enemy's way home (0: no ambush). At home
    /// with the enemy out, it walks over its own land (where no trail is laid, so nothing is
    /// risked) to an enemy trail cell next to the land that it reaches within the enemy's way
    /// home plus this many plies, and steps onto it.
    pub ambush: u32,
    /// Moves before the move limit from which, while it has less land than the enemy, it
    /// starts and keeps loops at [`behind_share`](PlannerConfig::behind_share) % of the
    /// loop's length instead of [`start_share`](PlannerConfig::start_share) (0: never). Land
    /// short at the move limit loses anyway, so the risk costs little there.
    pub behind_window: u32,
    /// The start share used while behind in the last
    /// [`behind_window`](PlannerConfig::behind_window) moves.
    pub behind_share: u32,
    /// Deepest loop judged as a *bite* (0: none). A bite never goes further than this many
    /// cells from its land, so the escape check (go home the moment the enemy could cut the
    /// trail) always has a short way home, and it may start while the enemy is nearer: its
    /// cells need the enemy's reach to exceed only its depth plus
    /// [`bite_slack`](PlannerConfig::bite_slack) (plus the margin), when that is less than
    /// the start share of its length. A bite cut short still closes on the land and gains
    /// the cells it has gone round.
    pub bite_depth: u32,
    /// Plies beyond a bite's depth that the enemy's reach must exceed (see
    /// [`bite_depth`](PlannerConfig::bite_depth)).
    pub bite_slack: u32,
    /// Whether, with no loop to start and the enemy out, it waits by walking over its land
    /// towards the enemy's trail (the land cell nearest to it over the land) instead of away
    /// from the enemy: from there a later cut or ambush is shorter. Nothing is risked, as no
    /// trail is laid on the land.
    pub shadow: bool,
    /// Extra weight, in percent of a cell, of the open cells in a loop that the enemy's land
    /// is nearer to than its own (0: none). Land is raced for: open cells on the enemy's side
    /// of the board go to the enemy if not taken first, those on its own side stay for
    /// later. At most 10 000 counts (larger values count as it).
    pub race_weight: u32,
    /// Cells a closing may go straight on before heading home (0: none). Out on a loop that
    /// can no longer be kept, the planner goes home by the shortest way, and an out-and-back
    /// loop cut short that way closes on a strip one or two cells wide. With `bend` it
    /// compares closings: `k` cells straight on, left or right (`k` up to `bend`), then the
    /// shortest way to its land, each scored by the land it would enclose (a flood fill)
    /// per ply, and takes the best among those that close before the enemy can reach any
    /// cell of the trail or of the closing (the worst case, plus the escape margin). The
    /// shortest way home is one of them; with none safe it goes home as before.
    pub bend: u32,
    /// Land short of the enemy's, in cells per move left, beyond which the game counts as
    /// lost on land (0: never). A game lost on land at the move limit is lost whatever else
    /// happens, so then it goes for every enemy trail cell it can reach, however late (an
    /// unbounded [`cut_slack`](PlannerConfig::cut_slack) and
    /// [`ambush`](PlannerConfig::ambush) slack), without first checking that its own trail
    /// is safe meanwhile.
    pub desperate: u32,
}

impl Default for PlannerConfig {
    fn default() -> PlannerConfig {
        PlannerConfig {
            max_side: 48,
            margin: 2,
            start_share: 75,
            escape_margin: 1,
            check_path: false,
            leave_land: true,
            launch_travel: 80,
            cut_slack: 0,
            chase_path: false,
            launch_shift: 0,
            ambush: 0,
            behind_window: 0,
            behind_share: 75,
            bite_depth: 0,
            bite_slack: 2,
            shadow: false,
            race_weight: 0,
            bend: 0,
            desperate: 0,
        }
    }
}

impl PlannerConfig {
    /// The tuning of [`GuardBot`](super::GuardBot): the planner's defaults with ambushes
    /// from the land up to 40 plies after the enemy's way home, waiting on the land towards
    /// an enemy out ([`shadow`](PlannerConfig::shadow)), and loops started at 40 % of the
    /// worst case while behind on land in the last 600 moves (300 until the measurement of
    /// both windows on two series seeds: 74.8 % against 72.5 % over 560 games each). Measured
    /// in the course's engine against its students (the crate's guide has the tables).
    ///
    /// ```
    /// use grid_games::paperio::bots::PlannerConfig;
    /// let guard = PlannerConfig::guard();
    /// assert_eq!(guard.ambush, 40);
    /// assert!(guard.shadow);
    /// assert_eq!((guard.behind_window, guard.behind_share), (600, 40));
    /// assert_eq!(guard.max_side, PlannerConfig::default().max_side);
    /// ```
    pub fn guard() -> PlannerConfig {
        PlannerConfig {
            ambush: 40,
            shadow: true,
            behind_window: 600,
            behind_share: 40,
            ..PlannerConfig::default()
        }
    }
}

/// The longest loop side [`PlannerBot`] plans, whatever its configuration says: the loop tables
/// hold `(max_side + 1)²` entries.
pub const MAX_SIDE: u32 = 256;

/// The largest [`PlannerConfig::race_weight`] used (a hundred times a cell's own weight).
const MAX_RACE_WEIGHT: u32 = 10_000;

/// `percent` % of `n`, rounded down, without overflow.
fn share(n: u32, percent: u32) -> u32 {
    (u64::from(n) * u64::from(percent) / 100).min(u64::from(FAR)) as u32
}

/// A planned loop: the cells still to walk, in order (the next first).
#[derive(Clone, Debug, Default)]
struct Plan {
    steps: VecDeque<(i32, i32)>,
}

/// A loop found by the search: land gained (in hundredths of a cell, enemy cells counted
/// twice, with the race weight added), length, and its cells.
#[cfg_attr(not(test), allow(dead_code))] // the gain and length are checked by the tests
struct Scored {
    gain: u64,
    length: u64,
    cells: VecDeque<(i32, i32)>,
}

/// The planning paper.io bot (see the module text above). Deterministic: it keeps only its
/// current plan, which it re-checks against every position it is given, so it may be reused
/// across games.
///
/// Each move computes distance fields over the whole board, a cost proportional to its area
/// (about a second on the largest board, 4096 × 4096). Under a time budget
/// ([`Budget::time`]) shorter than twice that cost, as estimated from the bot's own timing of
/// its earlier moves (the fastest of the last eight, per cell; 20 ns a cell before any), it
/// answers as [`SafeBot`](super::SafeBot) does instead, which looks only around its head; its
/// answers then depend on the machine. (The estimate once followed the latest move alone: a
/// single move slowed by other work on the machine sent the next hundreds of moves to the
/// fallback, which in the course's engine on a busy machine looked like a planner idling.)
///
/// ```
/// use grid_games::paperio::{Config, Position, bots::{PlannerBot, RaiderBot}};
/// use grid_games::game::{play_match, MatchRules, Rng};
/// let game = Position::random(Config::default(), &mut Rng::seed_from(5))?;
/// let (mut planner, mut raider) = (PlannerBot::new(1), RaiderBot::new(2));
/// let record = play_match(game, &mut [&mut planner, &mut raider], MatchRules::default())?;
/// assert!(record.forfeit.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PlannerBot {
    config: PlannerConfig,
    plan: Plan,
    enemy_reach: Vec<u32>,
    to_land: Vec<u32>,
    mine_reach: Vec<u32>,
    enemy_to_land: Vec<u32>,
    queue: VecDeque<u32>,
    bfs: Bfs,
    /// Prefix sums over the board: cells not own, and enemy cells.
    not_own: Vec<u32>,
    enemy_land: Vec<u32>,
    /// Prefix sums of the open cells the enemy's land is nearer to (with `race_weight`).
    race: Vec<u32>,
    /// Seconds a whole move takes per board cell (the least of the last [`RECENT`] planned
    /// moves), for the time guard.
    per_cell: f64,
    /// The last planned moves' seconds per cell, a ring, and how many moves were timed.
    recent: [f64; RECENT],
    timed: usize,
    /// What answers when the budget is too short for the whole-board fields.
    fallback: super::SafeBot,
    /// Walking distances over the land, and which cells are the land, for launch points.
    travel: Vec<u32>,
    /// The walk to a launch point over the land, then the loop from there.
    launch: VecDeque<(i32, i32)>,
    territory_me: Vec<bool>,
    /// The rule that chose the last move.
    decision: Option<Decision>,
}

/// The time a move is assumed to take per board cell before the bot has timed one.
const FIRST_PER_CELL: f64 = 20e-9;

/// Planned moves whose timing the time guard remembers (it trusts the fastest).
const RECENT: usize = 8;

impl PlannerBot {
    /// Default tuning. The planner is deterministic: it takes a seed like every bot of the
    /// crate (so that `new(seed)` builds any of them) and ignores it.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position, Turn, bots::PlannerBot};
    /// use grid_games::game::{Bot, Budget, Rng};
    /// let game = Position::random(Config::default(), &mut Rng::seed_from(4))?;
    /// let turn = PlannerBot::new(1).choose(&game, Budget::default());
    /// assert!(matches!(turn, Some(Turn::Left | Turn::Right | Turn::Straight)));
    /// // Deterministic: the seed changes nothing.
    /// assert_eq!(turn, PlannerBot::new(2).choose(&game, Budget::default()));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn new(seed: u64) -> PlannerBot {
        PlannerBot::with_config(seed, PlannerConfig::default())
    }

    /// Custom tuning (the seed is ignored, as in [`new`](PlannerBot::new)).
    ///
    /// ```
    /// use grid_games::paperio::bots::{PlannerBot, PlannerConfig};
    /// let bot = PlannerBot::with_config(1, PlannerConfig::default());
    /// assert_eq!(bot.config(), PlannerConfig::default());
    /// ```
    pub fn with_config(seed: u64, config: PlannerConfig) -> PlannerBot {
        PlannerBot {
            per_cell: FIRST_PER_CELL,
            recent: [FIRST_PER_CELL; RECENT],
            timed: 0,
            fallback: super::SafeBot::new(seed),
            config,
            plan: Plan::default(),
            enemy_reach: Vec::new(),
            to_land: Vec::new(),
            mine_reach: Vec::new(),
            enemy_to_land: Vec::new(),
            queue: VecDeque::new(),
            bfs: Bfs::default(),
            not_own: Vec::new(),
            enemy_land: Vec::new(),
            race: Vec::new(),
            travel: Vec::new(),
            launch: VecDeque::new(),
            territory_me: Vec::new(),
            decision: None,
        }
    }

    /// The tuning.
    ///
    /// ```
    /// use grid_games::paperio::bots::PlannerBot;
    /// assert_eq!(PlannerBot::new(1).config().max_side, 48);
    /// ```
    pub fn config(&self) -> PlannerConfig {
        self.config
    }

    /// The rule that chose the move [`choose`](Bot::choose) returned last (`None` before the
    /// first move and after a call on a finished game). See [`Decision`].
    ///
    /// ```
    /// use grid_games::game::{Bot, Budget, Rng};
    /// use grid_games::paperio::{Config, Position, bots::{Decision, PlannerBot}};
    /// let game = Position::random(Config::new(40, 21, 200)?, &mut Rng::seed_from(4))?;
    /// let mut bot = PlannerBot::new(1);
    /// assert_eq!(bot.last_decision(), None);
    /// bot.choose(&game, Budget::default()).expect("a move");
    /// // At the start it stands on its land with no trail: one of the rules at home (here,
    /// // with the enemy too near for any loop, it waits).
    /// let rule = bot.last_decision().expect("a move was chosen");
    /// assert!(rule.is_at_home());
    /// assert_eq!(rule, Decision::Wait);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn last_decision(&self) -> Option<Decision> {
        self.decision
    }

    fn fields(&mut self, game: &Position, me: Side) {
        let enemy = me.other();
        let (w, h) = (game.width() as i32, game.height() as i32);
        let index = |(x, y): (i32, i32)| (y * w + x) as u32;
        let territory: Vec<Option<Side>> = game.territory_grid().collect();
        let trail: Vec<Option<Side>> = game.trail_grid().collect();
        let (eh, mh) = (game.head(enemy), game.head(me));
        let queue = &mut self.queue;
        distance_field(
            queue,
            &mut self.enemy_reach,
            (w, h),
            game.contains(eh.0, eh.1).then(|| index(eh)).into_iter(),
            |c| trail[c] != Some(enemy),
        );
        // Every cell's way to `side`'s land, never through its trail.
        let land = |side: Side, queue: &mut VecDeque<u32>, out: &mut Vec<u32>| {
            distance_field(
                queue,
                out,
                (w, h),
                (0..territory.len() as u32).filter(|&c| territory[c as usize] == Some(side)),
                |c| trail[c] != Some(side) && territory[c] != Some(side),
            );
        };
        land(me, queue, &mut self.to_land);
        // Only a cut reads these, and only while the enemy has a trail (the race weight
        // reads the enemy's way to its land always).
        let racing = self.config.race_weight > 0;
        if racing || game.trail_cells(enemy).len() > 0 {
            land(enemy, queue, &mut self.enemy_to_land);
        }
        if game.trail_cells(enemy).len() > 0 {
            distance_field(
                queue,
                &mut self.mine_reach,
                (w, h),
                std::iter::once(index(mh)),
                |c| trail[c] != Some(me),
            );
        }
        // Prefix sums (one row and column of zeros in front).
        let (w, h) = (game.width() as usize, game.height() as usize);
        let tables = [
            (&mut self.not_own, 0usize),
            (&mut self.enemy_land, 1usize),
            (&mut self.race, 2usize),
        ];
        for (sums, counts) in tables {
            if counts == 2 && !racing {
                continue;
            }
            sums.clear();
            sums.resize((w + 1) * (h + 1), 0);
            for y in 0..h {
                let mut row = 0;
                for x in 0..w {
                    let c = y * w + x;
                    let t = territory[c];
                    row += u32::from(match counts {
                        0 => t != Some(me),
                        1 => t == Some(enemy),
                        _ => t.is_none() && self.enemy_to_land[c] < self.to_land[c],
                    });
                    sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
                }
            }
        }
    }

    /// Sum of a prefix-sum table over the rectangle with corners `a` and `b` (inclusive).
    fn rect(sums: &[u32], w: usize, a: (i32, i32), b: (i32, i32)) -> u32 {
        let (x0, x1) = (a.0.min(b.0) as usize, a.0.max(b.0) as usize + 1);
        let (y0, y1) = (a.1.min(b.1) as usize, a.1.max(b.1) as usize + 1);
        let at = |x: usize, y: usize| sums[y * (w + 1) + x];
        at(x1, y1) + at(x0, y0) - at(x0, y1) - at(x1, y0)
    }

    /// The best loop from a cell on the land's border other than the head, within
    /// `launch_travel` plies' walk over the land: its border cell, land gained and plies
    /// (walk included). Fills `travel` with the walking distances from the head.
    fn best_launch(&mut self, game: &Position, me: Side) -> Option<((i32, i32), Scored)> {
        let (w, h) = (game.width() as i32, game.height() as i32);
        self.mark_land(game, me);
        self.walk_land(game, std::iter::once(game.head(me)));
        let territory = &self.territory_me;
        let mut best: Option<((i32, i32), Scored, u64)> = None;
        let limit = self.config.launch_travel;
        for y in 0..h {
            for x in 0..w {
                let c = (y * w + x) as usize;
                let t = self.travel[c];
                if t < 3 || t > limit || !territory[c] || (x + y) % 2 != 0 {
                    continue;
                }
                let border = Direction::ALL.iter().any(|d| {
                    let (nx, ny) = (x + d.delta().0, y + d.delta().1);
                    game.contains(nx, ny) && !territory[(ny * w + nx) as usize]
                });
                if !border {
                    continue;
                }
                let share = self.start_share_now(game, me);
                if let Some(found) = self.loop_from(game, me, (x, y), &Direction::ALL, t, share) {
                    let length = found.length + u64::from(t);
                    if best
                        .as_ref()
                        .is_none_or(|(_, b, bl)| found.gain * bl > b.gain * length)
                    {
                        best = Some(((x, y), found, length));
                    }
                }
            }
        }
        best.map(|(cell, found, _)| (cell, found))
    }

    /// Whether the launch plan still holds at home: a walk over the land, then a loop whose
    /// cells the enemy cannot reach before the walk's length plus `start_share` % of the
    /// loop's plus the margin, closing within the moves left.
    fn launch_holds(&self, game: &Position, me: Side) -> bool {
        let w = game.width() as i32;
        let walk = self
            .launch
            .iter()
            .take_while(|&&(x, y)| game.territory(x, y) == Some(me))
            .count();
        let rest = self.launch.len() - walk;
        if rest == 0 || self.launch.len() as u32 > game.moves_left(me) {
            return false;
        }
        // The margin is left out: a loop chosen at the bound still holds after the enemy's
        // next step, so the walk does not swing between launch points.
        let depth = self.plan_depth(game, me, self.launch.iter().skip(walk));
        let need = self
            .need(rest as u32, depth, self.start_share_now(game, me))
            .saturating_add(share(walk as u32, self.config.launch_shift));
        self.launch.iter().skip(walk).all(|&(x, y)| {
            game.contains(x, y)
                && game.trail(x, y) != Some(me)
                && (game.territory(x, y) == Some(me)
                    || self.enemy_reach[(y * w + x) as usize] >= need)
        })
    }

    /// The best admissible loop from the head (its three ways out), with its land gained and
    /// length.
    fn scored_loop(&self, game: &Position, me: Side, start_share: u32) -> Option<Scored> {
        let heading = game.direction(me);
        let ways = [Turn::Straight, Turn::Left, Turn::Right].map(|t| heading.turned(t));
        self.loop_from(game, me, game.head(me), &ways, 0, start_share)
    }

    /// The best admissible loop leaving the land cell `head` in one of `ways`, to be started
    /// `delay` plies from now (the enemy's reach counts `launch_shift` % of `delay` plies
    /// shorter; land per ply counts the delay as plies spent).
    ///
    /// For each way out (`d1`) and turning side, every rectangle `a` out, `b` across is checked
    /// in O(1) from tables built in O(max_side²): the enemy's least reach over the laid cells of
    /// the way out (a running minimum), of the way across (a running minimum as `b` grows), and
    /// of the way back along the line `b` cells across (per line, the nearest land cell below
    /// each depth and the least reach above it).
    fn loop_from(
        &self,
        game: &Position,
        me: Side,
        head: (i32, i32),
        ways: &[Direction],
        delay: u32,
        start_share: u32,
    ) -> Option<Scored> {
        let (w, h) = (game.width() as i32, game.height() as i32);
        let moves_left = game.moves_left(me).saturating_sub(delay);
        let shift = share(delay, self.config.launch_shift);
        let enemy = me.other();
        let ahead = game.territory_counts()[me.index()] > game.territory_counts()[enemy.index()];
        let margin = if ahead && moves_left < 300 {
            self.config.margin.saturating_mul(2).saturating_add(2)
        } else {
            self.config.margin
        };
        let side = self.config.max_side.min(MAX_SIDE) as i32;
        // A cell's state: off the board, own land, or the enemy's reach (laid there).
        #[derive(Clone, Copy, PartialEq)]
        enum Cell {
            Off,
            Land,
            Open(u32),
        }
        let cell = |x: i32, y: i32| {
            if x < 0 || y < 0 || x >= w || y >= h {
                Cell::Off
            } else if game.territory(x, y) == Some(me) {
                Cell::Land
            } else if game.trail(x, y) == Some(me) {
                Cell::Off
            } else {
                Cell::Open(self.enemy_reach[(y * w + x) as usize].saturating_sub(shift))
            }
        };
        let reach = |c: Cell| match c {
            Cell::Open(r) => r,
            _ => FAR,
        };
        let ww = game.width() as usize;
        let weight = self.config.race_weight.min(MAX_RACE_WEIGHT);
        let mut best: Option<(u64, u64, Direction, Direction, i32, i32, i32)> = None;
        let s = side as usize;
        // Per line b (1..=side) and depth a (1..=side): the depth of the nearest land cell
        // below a (from a − 1 down to −2; i32::MIN if none or the way is off the board) and the
        // least reach over the cells above it up to depth a − 1.
        let mut land_below = vec![i32::MIN; (s + 1) * (s + 1)];
        let mut back_reach = vec![FAR; (s + 1) * (s + 1)];
        for &d1 in ways {
            let (ux, uy) = d1.delta();
            for turn in [Turn::Left, Turn::Right] {
                let d2 = d1.turned(turn);
                let (vx, vy) = d2.delta();
                let at = |depth: i32, offset: i32| {
                    cell(
                        head.0 + ux * depth + vx * offset,
                        head.1 + uy * depth + vy * offset,
                    )
                };
                for b in 1..=side {
                    // Walk the line from depth −2 upwards.
                    let mut nearest = i32::MIN;
                    let mut least = FAR;
                    for depth in -2..side {
                        match at(depth, b) {
                            Cell::Land => {
                                nearest = depth;
                                least = FAR;
                            }
                            Cell::Open(r) => least = least.min(r),
                            Cell::Off => {
                                nearest = i32::MIN;
                                least = FAR;
                            }
                        }
                        let a = depth + 1;
                        if a >= 1 {
                            let k = b as usize * (s + 1) + a as usize;
                            land_below[k] = nearest;
                            back_reach[k] = least;
                        }
                    }
                }
                let mut out_reach = FAR;
                for a in 1..=side {
                    let c = at(a, 0);
                    if c == Cell::Off || (c == Cell::Land && self.config.leave_land) {
                        break;
                    }
                    out_reach = out_reach.min(reach(c));
                    let mut across_reach = FAR;
                    for b in 1..=side {
                        let c = at(a, b);
                        if c == Cell::Off || (c == Cell::Land && self.config.leave_land) {
                            break;
                        }
                        across_reach = across_reach.min(reach(c));
                        let k = b as usize * (s + 1) + a as usize;
                        let land = land_below[k];
                        if land < -2 {
                            continue;
                        }
                        let n = (a + b + (a - land)) as u32;
                        if n > moves_left {
                            continue;
                        }
                        let least = out_reach.min(across_reach).min(back_reach[k]);
                        if least < self.need(n, a as u32, start_share).saturating_add(margin) {
                            continue;
                        }
                        let corner = (head.0 + ux * a + vx * b, head.1 + uy * a + vy * b);
                        let taken = Self::rect(&self.not_own, ww, head, corner)
                            + Self::rect(&self.enemy_land, ww, head, corner);
                        let raced = if weight > 0 {
                            Self::rect(&self.race, ww, head, corner)
                        } else {
                            0
                        };
                        let gain = 100 * u64::from(taken) + u64::from(weight) * u64::from(raced);
                        let (num, den) = (gain, u64::from(n + delay));
                        if num == 0 {
                            continue;
                        }
                        let better = match &best {
                            None => true,
                            Some((bn, bd, ..)) => num * bd > bn * den,
                        };
                        if better {
                            best = Some((num, den, d1, d2, a, b, land));
                        }
                    }
                }
            }
        }
        let (num, den, d1, d2, a, b, land) = best?;
        let mut plan = VecDeque::new();
        let mut p = head;
        for _ in 0..a {
            p = (p.0 + d1.delta().0, p.1 + d1.delta().1);
            plan.push_back(p);
        }
        for _ in 0..b {
            p = (p.0 + d2.delta().0, p.1 + d2.delta().1);
            plan.push_back(p);
        }
        for _ in 0..(a - land) {
            p = (p.0 - d1.delta().0, p.1 - d1.delta().1);
            plan.push_back(p);
        }
        Some(Scored {
            gain: num,
            length: den - u64::from(delay),
            cells: plan,
        })
    }

    /// Whether, after stepping to `next`, the shortest way home from there still beats the
    /// enemy to every trail cell (the enemy moves after each step: it cuts a cell it reaches
    /// within the steps home).
    fn can_escape(&self, game: &Position, me: Side, next: (i32, i32)) -> bool {
        let w = game.width() as i32;
        let at = |(x, y): (i32, i32)| (y * w + x) as usize;
        if !game.contains(next.0, next.1) || game.territory(next.0, next.1) == Some(me) {
            return true;
        }
        let home = self.to_land[at(next)];
        let need = home
            .saturating_add(1)
            .saturating_add(self.config.escape_margin);
        self.enemy_reach[at(next)] >= need
            && game
                .trail_cells(me)
                .all(|c| self.enemy_reach[at(c)] >= need)
            && (!self.config.check_path || self.path_safe(game, me, next, need))
    }

    /// Whether a shortest way from the head to the enemy trail cell `target` (`reach` plies)
    /// exists whose cells off its land the enemy reaches no sooner than `reach` plus one (see
    /// [`PlannerBot::descent_safe`]).
    fn chase_path_safe(&self, game: &Position, me: Side, target: (i32, i32), reach: u32) -> bool {
        self.descent_safe(game, me, &self.mine_reach, target, |c| {
            game.territory(c.0, c.1) == Some(me) || self.enemy_reach[self.at(game, c)] > reach + 1
        })
    }

    /// Whether a shortest way home from `next` exists whose cells the enemy reaches no sooner
    /// than `need` plies (see [`PlannerBot::descent_safe`]).
    fn path_safe(&self, game: &Position, me: Side, next: (i32, i32), need: u32) -> bool {
        self.descent_safe(game, me, &self.to_land, next, |c| {
            self.enemy_reach[self.at(game, c)] >= need
        })
    }

    /// Walks down the distance field `field` from `from` to its distance 1, never onto its own
    /// trail, at each step to the neighbour furthest from the enemy, and tells whether every
    /// cell on the way passes `ok` (false when the way breaks off).
    fn descent_safe(
        &self,
        game: &Position,
        me: Side,
        field: &[u32],
        from: (i32, i32),
        ok: impl Fn((i32, i32)) -> bool,
    ) -> bool {
        let mut p = from;
        let mut d = field[self.at(game, p)];
        while d > 1 && d < FAR {
            let step = Direction::ALL
                .iter()
                .map(|dir| (p.0 + dir.delta().0, p.1 + dir.delta().1))
                .filter(|&(x, y)| {
                    game.contains(x, y)
                        && game.trail(x, y) != Some(me)
                        && field[self.at(game, (x, y))] + 1 == d
                })
                .max_by_key(|&c| self.enemy_reach[self.at(game, c)]);
            let Some(c) = step else { return false };
            if !ok(c) {
                return false;
            }
            p = c;
            d -= 1;
        }
        true
    }

    /// The first step of an ambush (see [`PlannerConfig::ambush`]): towards the enemy trail
    /// cell it reaches soonest walking over its own land (the last step onto the trail
    /// included), if that is within the enemy's way home plus `slack` plies.
    fn ambush_move(
        &mut self,
        game: &Position,
        me: Side,
        options: &[(Turn, (i32, i32))],
        slack: u32,
    ) -> Option<Turn> {
        let enemy = me.other();
        let enemy_home = self.enemy_to_land[self.at(game, game.head(enemy))];
        let limit = enemy_home.saturating_add(slack);
        let head = game.head(me);
        self.mark_land(game, me);
        self.walk_land(game, std::iter::once(head));
        let target = game
            .trail_cells(enemy)
            .filter(|&c| self.travel[self.at(game, c)] <= limit)
            .min_by_key(|&c| self.travel[self.at(game, c)])?;
        // The walk back from the target over the land.
        self.walk_land(game, std::iter::once(target));
        let territory = &self.territory_me;
        let pass = |c: usize| territory[c];
        options
            .iter()
            .filter(|o| o.1 == target || (game.contains(o.1.0, o.1.1) && pass(self.at(game, o.1))))
            .min_by_key(|o| self.travel[self.at(game, o.1)])
            .filter(|o| self.travel[self.at(game, o.1)] < self.travel[self.at(game, head)])
            .map(|o| o.0)
    }

    /// Whether the game counts as lost on land (see [`PlannerConfig::desperate`]): the
    /// enemy's land exceeds its own by more than `desperate` cells per move left.
    fn desperate(&self, game: &Position, me: Side) -> bool {
        let counts = game.territory_counts();
        let short = counts[me.other().index()].saturating_sub(counts[me.index()]);
        self.config.desperate > 0
            && u64::from(short) > u64::from(self.config.desperate) * u64::from(game.moves_left(me))
    }

    /// The start share in force: [`PlannerConfig::behind_share`] while it has less land
    /// than the enemy within the last [`PlannerConfig::behind_window`] moves, otherwise
    /// [`PlannerConfig::start_share`].
    fn start_share_now(&self, game: &Position, me: Side) -> u32 {
        let counts = game.territory_counts();
        if game.moves_left(me) <= self.config.behind_window
            && counts[me.index()] < counts[me.other().index()]
        {
            self.config.behind_share
        } else {
            self.config.start_share
        }
    }

    /// The enemy's reach every cell of a loop `n` plies long and `depth` cells deep must
    /// exceed (before the margin): `start_share` % of `n`, or for a bite (see
    /// [`PlannerConfig::bite_depth`]) its depth plus the slack when that is less.
    fn need(&self, n: u32, depth: u32, start_share: u32) -> u32 {
        let full = share(n, start_share);
        if depth <= self.config.bite_depth {
            full.min(depth.saturating_add(self.config.bite_slack))
        } else {
            full
        }
    }

    /// How deep the rest of a plan goes: the longest way to the land from the head or any of
    /// the cells still to walk off the land.
    fn plan_depth<'a>(
        &self,
        game: &Position,
        me: Side,
        cells: impl Iterator<Item = &'a (i32, i32)>,
    ) -> u32 {
        std::iter::once(game.head(me))
            .chain(cells.copied())
            .filter(|&(x, y)| game.contains(x, y) && game.territory(x, y) != Some(me))
            .map(|c| self.to_land[self.at(game, c)])
            .max()
            .unwrap_or(0)
    }

    /// A step over the land that brings the head nearer (over the land) to the enemy's trail
    /// (see [`PlannerConfig::shadow`]), the step furthest from the enemy's head among equals.
    fn shadow_move(
        &mut self,
        game: &Position,
        me: Side,
        options: &[(Turn, (i32, i32))],
    ) -> Option<Turn> {
        self.mark_land(game, me);
        self.walk_land(game, game.trail_cells(me.other()));
        let here = self.travel[self.at(game, game.head(me))];
        options
            .iter()
            .filter(|o| game.contains(o.1.0, o.1.1) && self.territory_me[self.at(game, o.1)])
            .map(|o| (self.travel[self.at(game, o.1)], o))
            .filter(|&(d, _)| d < here)
            .min_by_key(|&(d, o)| (d, FAR - self.enemy_reach[self.at(game, o.1)].min(FAR)))
            .map(|(_, o)| o.0)
    }

    /// The first step of the best closing (see [`PlannerConfig::bend`]): straight on, left
    /// or right for `k ≤ bend` cells, then down the way-home field, scored by the land
    /// enclosed per ply among the closings whose cells and trail the enemy cannot reach before
    /// they close. `None` when no closing is safe.
    fn bend_move(&self, game: &Position, me: Side, options: &[(Turn, (i32, i32))]) -> Option<Turn> {
        let w = game.width() as i32;
        let at = |(x, y): (i32, i32)| (y * w + x) as usize;
        let trail_reach = game
            .trail_cells(me)
            .map(|c| self.enemy_reach[at(c)])
            .min()
            .unwrap_or(FAR);
        let margin = self.config.escape_margin;
        let moves_left = game.moves_left(me);
        let mut path: Vec<(i32, i32)> = Vec::new();
        let mut best: Option<(u64, u64, Turn)> = None;
        let heading = game.direction(me);
        let land = Land::of(game, me);
        for &(turn, first) in options {
            let d = heading.turned(turn);
            for k in 0..=self.config.bend.min(MAX_SIDE) {
                // `k` straight from `first` (the first step is the turn's own cell), then down
                // the way-home field.
                path.clear();
                let mut p = first;
                let mut ok = game.contains(p.0, p.1) && game.trail(p.0, p.1) != Some(me);
                for step in 0..=k {
                    if step > 0 {
                        p = (p.0 + d.delta().0, p.1 + d.delta().1);
                    }
                    if !game.contains(p.0, p.1)
                        || game.trail(p.0, p.1) == Some(me)
                        || path.contains(&p)
                    {
                        ok = false;
                        break;
                    }
                    path.push(p);
                    if game.territory(p.0, p.1) == Some(me) {
                        break;
                    }
                }
                if !ok {
                    break;
                }
                let straight = path.len();
                while game.territory(p.0, p.1) != Some(me) {
                    let here = self.to_land[at(p)];
                    if here >= FAR {
                        ok = false;
                        break;
                    }
                    let next = Direction::ALL
                        .iter()
                        .map(|dir| (p.0 + dir.delta().0, p.1 + dir.delta().1))
                        .filter(|&c| {
                            game.contains(c.0, c.1)
                                && game.trail(c.0, c.1) != Some(me)
                                && self.to_land[at(c)] + 1 == here
                                && !path.contains(&c)
                        })
                        .max_by_key(|&c| self.enemy_reach[at(c)]);
                    let Some(c) = next else {
                        ok = false;
                        break;
                    };
                    path.push(c);
                    p = c;
                }
                if !ok {
                    continue;
                }
                let n = path.len() as u32;
                let need = n.saturating_add(margin);
                if n > moves_left
                    || trail_reach < need
                    || path.iter().any(|&c| {
                        game.territory(c.0, c.1) != Some(me) && self.enemy_reach[at(c)] < need
                    })
                {
                    if straight == path.len() {
                        break; // reached the land going straight: longer k adds nothing
                    }
                    continue;
                }
                let gain = land.gain(game, me, &path);
                if best.is_none_or(|(bg, bn, _)| gain * bn > bg * u64::from(n)) {
                    best = Some((gain, u64::from(n), turn));
                }
                if straight == path.len() {
                    break;
                }
            }
        }
        best.map(|(_, _, turn)| turn)
    }

    /// Marks its land in `territory_me`.
    fn mark_land(&mut self, game: &Position, me: Side) {
        self.territory_me.clear();
        self.territory_me
            .extend(game.territory_grid().map(|t| t == Some(me)));
    }

    /// Fills `travel` with the walking distances over the land marked in `territory_me` from
    /// the cells `from` (a cell off the land is reached but not left).
    fn walk_land(&mut self, game: &Position, from: impl Iterator<Item = (i32, i32)>) {
        let (w, h) = (game.width() as i32, game.height() as i32);
        let territory = &self.territory_me;
        distance_field(
            &mut self.queue,
            &mut self.travel,
            (w, h),
            from.map(|(x, y)| (y * w + x) as u32),
            |c| territory[c],
        );
    }

    /// The index of a cell in the distance fields.
    fn at(&self, game: &Position, (x, y): (i32, i32)) -> usize {
        (y * game.width() as i32 + x) as usize
    }

    /// Whether the trail (and the plan's cells still to lay) stays out of the enemy's reach
    /// until the loop closes in `to_close` plies.
    fn trail_safe(&self, game: &Position, me: Side, to_close: u32, margin: u32) -> bool {
        let w = game.width() as i32;
        game.trail_cells(me)
            .chain(
                self.plan
                    .steps
                    .iter()
                    .copied()
                    .filter(|&(x, y)| game.contains(x, y) && game.territory(x, y) != Some(me)),
            )
            .all(|(x, y)| self.enemy_reach[(y * w + x) as usize] >= to_close.saturating_add(margin))
    }
}

/// A player's land and its bounding box, for scoring closings.
struct Land {
    mine: Vec<bool>,
    bbox: (i32, i32, i32, i32),
}

impl Land {
    fn of(game: &Position, me: Side) -> Land {
        let (w, h) = (game.width() as i32, game.height() as i32);
        let mine: Vec<bool> = game.territory_grid().map(|t| t == Some(me)).collect();
        let (mut x0, mut y0, mut x1, mut y1) = (w, h, -1, -1);
        for (i, &m) in mine.iter().enumerate() {
            if m {
                let (x, y) = (i as i32 % w, i as i32 / w);
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
        Land {
            mine,
            bbox: (x0, y0, x1, y1),
        }
    }

    /// The land the trail and `path` (ending on the land) would take when closed: the cells
    /// not its own on the trail and the path and those they enclose with its land (the
    /// engine's fill over its bounding box), enemy cells counted twice.
    fn gain(&self, game: &Position, me: Side, path: &[(i32, i32)]) -> u64 {
        let enemy = me.other();
        let w = game.width() as i32;
        let mut mine = self.mine.clone();
        let (mut x0, mut y0, mut x1, mut y1) = self.bbox;
        let mut gain = 0u64;
        let value = |c: (i32, i32)| {
            if game.territory(c.0, c.1) == Some(enemy) {
                2
            } else {
                1
            }
        };
        for c in game.trail_cells(me).chain(path.iter().copied()) {
            let i = (c.1 * w + c.0) as usize;
            if !mine[i] {
                mine[i] = true;
                gain += value(c);
                (x0, y0, x1, y1) = (x0.min(c.0), y0.min(c.1), x1.max(c.0), y1.max(c.1));
            }
        }
        if x1 - x0 < 2 || y1 - y0 < 2 {
            return gain;
        }
        // The cells of the box not reached from its edge through cells not its own are
        // enclosed (the engine's fill).
        let (bw, bh) = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
        let own = |bx: usize, by: usize| mine[((y0 as usize + by) * w as usize) + x0 as usize + bx];
        let outside = outside_of_box(bw, bh, own);
        for by in 1..bh - 1 {
            for bx in 1..bw - 1 {
                if !outside[by * bw + bx] && !own(bx, by) {
                    gain += value((x0 + bx as i32, y0 + by as i32));
                }
            }
        }
        gain
    }
}

impl Bot<Position> for PlannerBot {
    fn name(&self) -> String {
        "planner".to_string()
    }

    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Turn> {
        if game.to_move().is_none() {
            self.decision = None;
            return None;
        }
        let area = f64::from(game.width()) * f64::from(game.height());
        if budget
            .time
            .is_some_and(|limit| 2.0 * self.per_cell * area > limit.as_secs_f64())
        {
            self.plan.steps.clear();
            self.decision = Some(Decision::Fallback);
            return self.fallback.choose(game, budget);
        }
        let start = std::time::Instant::now();
        self.decision = None;
        let turn = self.plan_move(game);
        self.note_timing(start.elapsed().as_secs_f64() / area.max(1.0));
        turn
    }
}

impl PlannerBot {
    /// Records a planned move's seconds per board cell. The estimate the time guard reads is
    /// the least of the last [`RECENT`] moves: one move slowed by other work on the machine
    /// must not send every later move to the fallback.
    fn note_timing(&mut self, per_cell: f64) {
        self.recent[self.timed % RECENT] = per_cell;
        self.timed += 1;
        self.per_cell = self.recent[..self.timed.min(RECENT)]
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
    }

    /// The move by the planner's rules (see the module text).
    fn plan_move(&mut self, game: &Position) -> Option<Turn> {
        let me = game.to_move()?;
        let enemy = me.other();
        self.fields(game, me);
        let w = game.width() as i32;
        let at = |(x, y): (i32, i32)| (y * w + x) as usize;
        let here = game.head(me);
        // 1. Tactics on copies.
        let mut options: Vec<(Turn, (i32, i32))> = Vec::with_capacity(3);
        let mut exposed_options: Vec<(Turn, (i32, i32))> = Vec::with_capacity(3);
        for turn in Turn::ALL {
            let mut sim = game.clone();
            if sim.play(turn).is_err() {
                continue;
            }
            if let Some(end) = sim.end() {
                if end.winner() == Some(me) {
                    self.plan.steps.clear();
                    self.decision = Some(Decision::Win);
                    return Some(turn);
                }
                if end.winner() == Some(enemy) {
                    continue;
                }
            }
            let head = sim.head(me);
            // The enemy steps onto the trail or the head off its land at once.
            let (ex, ey) = sim.head(enemy);
            let exposed = sim.trail_cells(me).any(|c| {
                let d = c.0.abs_diff(ex) + c.1.abs_diff(ey);
                d <= 1
            });
            if exposed && sim.end().is_none() {
                exposed_options.push((turn, head));
                continue;
            }
            options.push((turn, head));
        }
        if options.is_empty() {
            // Every move leaves the trail open to the enemy: take the one that does not lose
            // at once and gets closest to home.
            self.plan.steps.clear();
            self.decision = Some(Decision::Cornered);
            return exposed_options
                .iter()
                .filter(|o| game.contains(o.1.0, o.1.1))
                .min_by_key(|o| self.to_land[at(o.1)])
                .map(|o| o.0)
                .or_else(|| {
                    // Every move loses (the last move of a game behind on land, say): at least
                    // stay on the board.
                    Turn::ALL.into_iter().find(|&t| {
                        let (dx, dy) = game.direction(me).turned(t).delta();
                        game.contains(here.0 + dx, here.1 + dy)
                    })
                });
        }
        let step_to = |target: (i32, i32), options: &[(Turn, (i32, i32))]| {
            options.iter().find(|o| o.1 == target).map(|o| o.0)
        };
        let out = game.trail_cells(me).len() > 0;
        let desperate = self.desperate(game, me);
        // Plies by which cuts and ambushes may come after the enemy's way home: unbounded
        // when the game is lost on land.
        let (cut_slack, ambush_slack) = if desperate {
            (FAR, FAR)
        } else {
            (self.config.cut_slack, self.config.ambush)
        };
        // 2. A sure cut (any cut when the game is lost on land).
        if game.trail_cells(enemy).len() > 0 {
            let (ex, ey) = game.head(enemy);
            let enemy_home = self.enemy_to_land[at((ex, ey))];
            let target = game
                .trail_cells(enemy)
                .filter(|&c| self.mine_reach[at(c)] <= enemy_home.saturating_add(cut_slack))
                .min_by_key(|&c| self.mine_reach[at(c)]);
            if let Some(target) = target {
                let reach = self.mine_reach[at(target)];
                let safe_meanwhile = desperate
                    || game
                        .trail_cells(me)
                        .all(|c| self.enemy_reach[at(c)] > reach + 1)
                        && (!self.config.chase_path
                            || self.chase_path_safe(game, me, target, reach));
                if safe_meanwhile {
                    // The move that gets closest to the target.
                    let bfs = &mut self.bfs;
                    let best = options
                        .iter()
                        .filter(|o| game.contains(o.1.0, o.1.1))
                        .filter_map(|&(turn, cell)| {
                            // Bounded: twice the Manhattan distance, plus room to go round.
                            let limit =
                                2 * (cell.0.abs_diff(target.0) + cell.1.abs_diff(target.1)) + 8;
                            let d = bfs.distance(
                                game,
                                cell,
                                limit,
                                |x, y| (x, y) == target,
                                |x, y| game.trail(x, y) != Some(me),
                            )?;
                            Some((d, turn))
                        })
                        .min_by_key(|&(d, _)| d);
                    if let Some((_, turn)) = best {
                        self.plan.steps.clear();
                        self.decision = Some(Decision::Cut);
                        return Some(turn);
                    }
                }
            }
        }
        // 2b. An ambush over the land.
        if !out
            && ambush_slack > 0
            && game.trail_cells(enemy).len() > 0
            && let Some(turn) = self.ambush_move(game, me, &options, ambush_slack)
        {
            self.plan.steps.clear();
            self.launch.clear();
            self.decision = Some(Decision::Ambush);
            return Some(turn);
        }
        let go_home = |planner: &mut PlannerBot| {
            planner.plan.steps.clear();
            options
                .iter()
                .filter(|o| game.contains(o.1.0, o.1.1))
                .min_by_key(|o| planner.to_land[at(o.1)])
                .map(|o| o.0)
        };
        // 3. Out on a loop.
        if out {
            self.launch.clear();
            // Stay on the plan while it is safe and closes in time.
            while self.plan.steps.front().is_some_and(|&c| c == here) {
                self.plan.steps.pop_front();
            }
            let to_close = self
                .plan
                .steps
                .iter()
                .position(|&(x, y)| game.territory(x, y) == Some(me))
                .map(|k| k as u32 + 1);
            let on_plan = to_close.is_some_and(|n| {
                n <= game.moves_left(me)
                    && self.trail_safe(
                        game,
                        me,
                        self.need(
                            n,
                            self.plan_depth(game, me, self.plan.steps.iter()),
                            self.start_share_now(game, me),
                        ),
                        self.config.margin,
                    )
            });
            if on_plan
                && let Some(&next) = self.plan.steps.front()
                && self.can_escape(game, me, next)
                && let Some(turn) = step_to(next, &options)
            {
                self.decision = Some(Decision::OnPlan);
                return Some(turn);
            }
            if self.config.bend > 0
                && let Some(turn) = self.bend_move(game, me, &options)
            {
                self.plan.steps.clear();
                self.decision = Some(Decision::Closing);
                return Some(turn);
            }
            self.decision = Some(Decision::Home);
            return go_home(self);
        }
        // 4. At home: the best loop, a better launch point elsewhere on the land, or wait.
        self.plan.steps.clear();
        let here_cell = here;
        let here = self.scored_loop(game, me, self.start_share_now(game, me));
        if self.config.launch_travel > 0 {
            // Keep walking to the launch point chosen before while its loop still holds.
            while self.launch.front().is_some_and(|&c| c == here_cell) {
                self.launch.pop_front();
            }
            if self.launch_holds(game, me)
                && let Some(turn) = step_to(self.launch[0], &options)
            {
                let (x, y) = self.launch[0];
                if game.territory(x, y) != Some(me) {
                    // Leaving the land: the loop is the plan now.
                    let mut plan = std::mem::take(&mut self.launch);
                    plan.pop_front();
                    self.plan.steps = plan;
                }
                self.decision = Some(Decision::ToLaunch);
                return Some(turn);
            }
            self.launch.clear();
            if here.is_none()
                && let Some((target, found)) = self.best_launch(game, me)
            {
                // The walk there over the land (down the walking distances to the target),
                // then the loop.
                self.walk_land(game, std::iter::once(target));
                let mut p = here_cell;
                while p != target {
                    let d = self.travel[at(p)];
                    let Some(next) = Direction::ALL
                        .iter()
                        .map(|dir| (p.0 + dir.delta().0, p.1 + dir.delta().1))
                        .find(|&c| {
                            game.contains(c.0, c.1)
                                && self.territory_me[at(c)]
                                && self.travel[at(c)] + 1 == d
                        })
                    else {
                        break;
                    };
                    self.launch.push_back(next);
                    p = next;
                }
                if p == target {
                    self.launch.extend(found.cells);
                    if let Some(turn) = step_to(self.launch[0], &options) {
                        self.decision = Some(Decision::Launch);
                        return Some(turn);
                    }
                }
                self.launch.clear();
            }
        }
        if let Some(mut plan) = here.map(|s| s.cells)
            && let Some(turn) = step_to(plan[0], &options)
        {
            // The first cell is where the head will stand: the plan keeps what follows.
            plan.pop_front();
            self.plan.steps = plan;
            self.decision = Some(Decision::Loop);
            return Some(turn);
        }
        // Wait: with `shadow`, over the land towards the enemy's trail.
        if self.config.shadow
            && game.trail_cells(enemy).len() > 0
            && let Some(turn) = self.shadow_move(game, me, &options)
        {
            self.decision = Some(Decision::Shadow);
            return Some(turn);
        }
        // Otherwise inside the land, away from the enemy.
        let inside: Vec<&(Turn, (i32, i32))> = options
            .iter()
            .filter(|o| game.territory(o.1.0, o.1.1) == Some(me))
            .collect();
        let pool: Vec<&(Turn, (i32, i32))> = if inside.is_empty() {
            options.iter().collect()
        } else {
            inside
        };
        self.decision = Some(Decision::Wait);
        pool.iter()
            .filter(|o| game.contains(o.1.0, o.1.1))
            .max_by_key(|o| self.enemy_reach[at(o.1)].min(FAR - 1))
            .map(|o| o.0)
            .or(Some(options[0].0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rng;
    use crate::paperio::Config;
    use crate::paperio::bots::RaiderBot;
    use crate::paperio::bots::field::next_cell;

    /// The loop search by walking every rectangle's cells: the best land per ply, as a
    /// fraction, and the loop.
    fn brute_force(p: &PlannerBot, game: &Position, me: Side) -> Option<(u64, u64)> {
        let w = game.width() as i32;
        let head = game.head(me);
        let heading = game.direction(me);
        let moves_left = game.moves_left(me);
        let enemy = me.other();
        let ahead = game.territory_counts()[me.index()] > game.territory_counts()[enemy.index()];
        let margin = if ahead && moves_left < 300 {
            2 * p.config.margin + 2
        } else {
            p.config.margin
        };
        let side = p.config.max_side as i32;
        let mut best: Option<(u64, u64)> = None;
        for first in [Turn::Straight, Turn::Left, Turn::Right] {
            let d1 = heading.turned(first);
            for turn in [Turn::Left, Turn::Right] {
                let d2 = d1.turned(turn);
                for a in 1..=side {
                    'across: for b in 1..=side {
                        let mut cells = Vec::new();
                        let mut q = head;
                        for _ in 0..a {
                            q = (q.0 + d1.delta().0, q.1 + d1.delta().1);
                            cells.push(q);
                        }
                        for _ in 0..b {
                            q = (q.0 + d2.delta().0, q.1 + d2.delta().1);
                            cells.push(q);
                        }
                        let corner = q;
                        let mut back = 0;
                        loop {
                            q = (q.0 - d1.delta().0, q.1 - d1.delta().1);
                            back += 1;
                            if !game.contains(q.0, q.1) || back > a + 2 {
                                continue 'across;
                            }
                            cells.push(q);
                            if game.territory(q.0, q.1) == Some(me) {
                                break;
                            }
                        }
                        let n = cells.len() as u32;
                        if n > moves_left {
                            continue;
                        }
                        // Out and across off the land.
                        if p.config.leave_land
                            && cells[..(a + b) as usize]
                                .iter()
                                .any(|c| game.territory(c.0, c.1) == Some(me))
                        {
                            continue;
                        }
                        for &c in &cells {
                            if !game.contains(c.0, c.1) || game.trail(c.0, c.1) == Some(me) {
                                continue 'across;
                            }
                            let need = if a as u32 <= p.config.bite_depth {
                                share(n, p.config.start_share).min(a as u32 + p.config.bite_slack)
                            } else {
                                share(n, p.config.start_share)
                            };
                            if game.territory(c.0, c.1) != Some(me)
                                && p.enemy_reach[(c.1 * w + c.0) as usize] < need + margin
                            {
                                continue 'across;
                            }
                        }
                        let ww = game.width() as usize;
                        let gain = PlannerBot::rect(&p.not_own, ww, head, corner)
                            + PlannerBot::rect(&p.enemy_land, ww, head, corner);
                        // The raced cells, counted cell by cell.
                        let (x0, x1) = (head.0.min(corner.0), head.0.max(corner.0));
                        let (y0, y1) = (head.1.min(corner.1), head.1.max(corner.1));
                        let raced = (y0..=y1)
                            .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
                            .filter(|&(x, y)| {
                                let c = (y * w + x) as usize;
                                p.config.race_weight > 0
                                    && game.territory(x, y).is_none()
                                    && p.enemy_to_land[c] < p.to_land[c]
                            })
                            .count() as u64;
                        let weighted = 100 * u64::from(gain)
                            + u64::from(p.config.race_weight.min(MAX_RACE_WEIGHT)) * raced;
                        let (num, den) = (weighted, u64::from(n));
                        if num == 0 {
                            continue;
                        }
                        if best.is_none_or(|(bn, bd)| num * bd > bn * den) {
                            best = Some((num, den));
                        }
                    }
                }
            }
        }
        best
    }

    /// Absurd tunings (every number at its largest or zero) play whole games without a panic,
    /// an overflow or a huge table.
    #[test]
    fn absurd_tunings_still_play() {
        for value in [0, u32::MAX] {
            let config = PlannerConfig {
                max_side: value,
                margin: value,
                start_share: value,
                escape_margin: value,
                check_path: value == 0,
                leave_land: value == 0,
                launch_travel: value,
                cut_slack: value,
                chase_path: value == 0,
                launch_shift: value,
                ambush: value,
                behind_window: value,
                behind_share: value,
                bite_depth: value,
                bite_slack: value,
                shadow: value == 0,
                race_weight: value,
                bend: value,
                desperate: value,
            };
            let mut game =
                Position::random(Config::new(40, 21, 150).unwrap(), &mut Rng::seed_from(3))
                    .unwrap();
            let (mut a, mut b) = (PlannerBot::with_config(1, config), RaiderBot::new(1));
            while let Some(me) = game.to_move() {
                let turn = if me == Side::First {
                    a.choose(&game, Budget::default())
                } else {
                    b.choose(&game, Budget::default())
                };
                game.play(turn.unwrap()).unwrap();
            }
        }
    }

    /// With no loop to start (two moves left: no loop closes in time) and the enemy out, the
    /// shadow walks over the land towards the enemy's trail; without it the planner waits
    /// away from the enemy.
    #[test]
    fn the_shadow_walks_towards_the_enemy_trail() {
        let me = Side::First;
        let game = ambush_position_with_moves((5, 8), Direction::North, 2);
        let shadow = PlannerBot::with_config(
            1,
            PlannerConfig {
                shadow: true,
                ..PlannerConfig::default()
            },
        )
        .choose(&game, Budget::default())
        .unwrap();
        assert_eq!(next_cell(&game, me, shadow), (6, 8), "east, towards x = 15");
        let plain = PlannerBot::new(1).choose(&game, Budget::default()).unwrap();
        let (x, y) = next_cell(&game, me, plain);
        assert!(x <= 5, "the plain planner does not go east: {:?}", (x, y));
        assert_eq!(game.territory(x, y), Some(me));
    }

    /// Behind on land in the last `behind_window` moves, loops start at `behind_share`.
    #[test]
    fn behind_near_the_move_limit_the_start_share_drops() {
        let planner = PlannerBot::with_config(
            1,
            PlannerConfig {
                behind_window: 300,
                behind_share: 40,
                ..PlannerConfig::default()
            },
        );
        // The first player owns 208 cells, the second 20.
        let late = ambush_position_with_moves((5, 8), Direction::North, 300);
        assert_eq!(planner.start_share_now(&late, Side::Second), 40);
        assert_eq!(planner.start_share_now(&late, Side::First), 75, "ahead");
        let early = ambush_position_with_moves((5, 8), Direction::North, 301);
        assert_eq!(
            planner.start_share_now(&early, Side::Second),
            75,
            "too early"
        );
        let off = PlannerBot::new(1);
        assert_eq!(
            off.start_share_now(&late, Side::Second),
            75,
            "off by default"
        );
    }

    /// A position for the desperate tests: on a 30 × 20 board the first player owns x 2..=14,
    /// y 2..=5 (52 cells) and stands at (10, 5) facing north; the second owns x 25..=29, all
    /// rows (100 cells), and is out: a trail west along y = 12 from x = 24 to x = 12, down to
    /// (12, 13), then east along y = 14 to its head at (23, 14), facing east, two plies from
    /// home. Each player has `moves` moves left.
    fn desperate_position(moves: u32) -> Position {
        painted_position(
            &[(2..15, 2..6, Side::First), (25..30, 0..20, Side::Second)],
            &[
                (12..25, 12..13, Side::Second),
                (12..13, 13..14, Side::Second),
                (12..24, 14..15, Side::Second),
            ],
            [((10, 5), Direction::North), ((23, 14), Direction::East)],
            moves,
        )
    }

    /// Short of land by more than `desperate` cells per move left, the planner goes for an
    /// enemy trail it cannot be sure to reach first (the enemy is two plies from home, the
    /// trail nine plies away) and, against an enemy that stays out, cuts it; with the
    /// option off the guard does not chase.
    #[test]
    fn a_game_lost_on_land_chases_any_enemy_trail() {
        let me = Side::First;
        let bot = |desperate| {
            PlannerBot::with_config(
                1,
                PlannerConfig {
                    desperate,
                    ..PlannerConfig::guard()
                },
            )
        };
        // 48 cells short: lost on land at 2 cells a move with 20 moves left, not with 24.
        let lost = desperate_position(20);
        let open = desperate_position(24);
        assert!(bot(2).desperate(&lost, me));
        assert!(!bot(2).desperate(&open, me), "48 cells short, 48 allowed");
        assert!(!bot(0).desperate(&lost, me), "off");
        assert!(!bot(2).desperate(&lost, Side::Second), "ahead");
        // The enemy walks south along x = 23 and then west along the bottom row, staying
        // out; the first player moves by its bot. Returns the winner, if any, within ten of
        // our moves.
        let play = |mut b: PlannerBot, mut game: Position| {
            let mut enemy = [Turn::Right]
                .into_iter()
                .chain((0..4).map(|_| Turn::Straight))
                .chain([Turn::Right])
                .chain(std::iter::repeat(Turn::Straight));
            for _ in 0..10 {
                let turn = b.choose(&game, Budget::default()).unwrap();
                game.play(turn).unwrap();
                if let Some(end) = game.end() {
                    return end.winner();
                }
                game.play(enemy.next().unwrap()).unwrap();
                if let Some(end) = game.end() {
                    return end.winner();
                }
            }
            None
        };
        assert_eq!(
            play(bot(2), lost.clone()),
            Some(me),
            "the chase cuts the trail"
        );
        assert_eq!(play(bot(0), lost), None, "no chase without the option");
    }

    /// A bite needs the enemy's reach to exceed only its depth plus the slack, when that is
    /// less than the start share of its length; deeper loops keep the start share.
    #[test]
    fn bites_need_less_room_than_deep_loops() {
        let planner = |bite_depth| {
            PlannerBot::with_config(
                1,
                PlannerConfig {
                    bite_depth,
                    bite_slack: 2,
                    ..PlannerConfig::default()
                },
            )
        };
        let (off, on) = (planner(0), planner(3));
        // 40 plies long: 75 % is 30.
        assert_eq!(off.need(40, 2, 75), 30);
        assert_eq!(on.need(40, 2, 75), 4);
        assert_eq!(on.need(40, 3, 75), 5);
        assert_eq!(on.need(40, 4, 75), 30, "4 deep is no bite");
        // A short loop keeps its smaller need.
        assert_eq!(on.need(4, 3, 75), 3);
    }

    /// A position for the ambush tests: on a 30 × 20 board the first player owns
    /// x 2..=14, y 2..=17 and stands at `head`; the second owns x 15..=19, y 13..=16 and has a
    /// thin trail up along the first player's border (x = 15, y 12 down to 4) and back down
    /// x = 16 to its head at (16, 11), facing south, two plies from home.
    fn ambush_position(head: (i32, i32), direction: Direction) -> Position {
        ambush_position_with_moves(head, direction, 480)
    }

    /// Gives the cells `xs × ys` of a `w`-wide grid to `side`.
    fn paint(
        grid: &mut [Option<Side>],
        w: usize,
        xs: std::ops::Range<usize>,
        ys: std::ops::Range<usize>,
        side: Side,
    ) {
        for y in ys {
            for x in xs.clone() {
                grid[y * w + x] = Some(side);
            }
        }
    }

    /// [`ambush_position`] with `moves` left to each player.
    fn ambush_position_with_moves(head: (i32, i32), direction: Direction, moves: u32) -> Position {
        painted_position(
            &[(2..15, 2..18, Side::First), (15..20, 13..17, Side::Second)],
            &[(15..16, 4..13, Side::Second), (16..17, 4..12, Side::Second)],
            [(head, direction), ((16, 11), Direction::South)],
            moves,
        )
    }

    /// A running position on a 30 × 20 board (move limit 500) with the given rectangles
    /// (`xs`, `ys`, owner) of land and of trail, the heads (cell, heading) of the first and
    /// the second player, and `moves` moves left to each.
    fn painted_position(
        land: &[(std::ops::Range<usize>, std::ops::Range<usize>, Side)],
        trails: &[(std::ops::Range<usize>, std::ops::Range<usize>, Side)],
        heads: [((i32, i32), Direction); 2],
        moves: u32,
    ) -> Position {
        use crate::paperio::{Head, Snapshot};
        let (w, h) = (30usize, 20usize);
        let mut territory = vec![None; w * h];
        let mut trail = vec![None; w * h];
        for (xs, ys, side) in land {
            paint(&mut territory, w, xs.clone(), ys.clone(), *side);
        }
        for (xs, ys, side) in trails {
            paint(&mut trail, w, xs.clone(), ys.clone(), *side);
        }
        let heads = heads.map(|((x, y), direction)| Head { x, y, direction });
        let config = Config::new(w as u32, h as u32, 500).unwrap();
        let seen = Snapshot::new(config, territory, trail, heads, [moves, moves]);
        Position::from_snapshot(&seen).unwrap()
    }

    /// The ambush walks over its land to the enemy trail along the land's border, where a
    /// sure cut does not go (the enemy is two plies from home, the trail ten plies away),
    /// and only within the slack.
    #[test]
    fn an_ambush_walks_over_the_land_to_the_enemy_trail() {
        let me = Side::First;
        let with = |ambush: u32| PlannerConfig {
            ambush,
            ..PlannerConfig::default()
        };
        let start = ambush_position((5, 8), Direction::North);
        // Slack 8: enemy home (2) + 8 covers the ten plies (nine over the land, one onto
        // the trail). The enemy would be home in two plies, so each step is judged in the
        // same position with only our head moved on.
        let mut bot = PlannerBot::with_config(1, with(8));
        let mut game = start.clone();
        for step in 1..=10 {
            let turn = bot.choose(&game, Budget::default()).unwrap();
            let (x, y) = next_cell(&game, me, turn);
            assert_eq!((x, y), (5 + step, 8), "step {step}");
            // The last two plies are within the enemy's way home (2): a sure cut, then the
            // step onto the trail wins.
            let rule = match step {
                ..=8 => Decision::Ambush,
                9 => Decision::Cut,
                _ => Decision::Win,
            };
            assert_eq!(bot.last_decision(), Some(rule), "step {step}");
            if step < 10 {
                assert_eq!(game.territory(x, y), Some(me), "the walk stays on the land");
                game = ambush_position((x, y), Direction::East);
            } else {
                assert_eq!(game.trail(x, y), Some(Side::Second));
                game.play(turn).unwrap();
                assert_eq!(game.end().and_then(|end| end.winner()), Some(me));
            }
        }
        // Slack 7 is a ply short: no ambush, the same move as without one.
        let short = PlannerBot::with_config(1, with(7)).choose(&start, Budget::default());
        assert_eq!(short, PlannerBot::new(1).choose(&start, Budget::default()));
        assert_ne!(
            short,
            Some(Turn::Right),
            "the plain planner does not turn east here"
        );
    }

    /// Every move of the planner and the guard in random games names the rule that chose it,
    /// and the rule fits the position: the rules at home only on the land with no trail, the
    /// rules out on a loop only with a trail, a win only when the move wins, a fallback
    /// only under a budget too short for the fields.
    #[test]
    fn every_move_names_a_rule_that_fits_the_position() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..4 {
            let mut game =
                Position::random(Config::new(60, 41, 400).unwrap(), &mut Rng::seed_from(seed))
                    .unwrap();
            let mut a = PlannerBot::new(1);
            let mut b = PlannerBot::with_config(1, PlannerConfig::guard());
            while let Some(me) = game.to_move() {
                let bot = if me == Side::First { &mut a } else { &mut b };
                // Now and then a budget far too short for the fields: the fallback answers.
                let budget = if game.moves_left(me).is_multiple_of(97) {
                    Budget::time(std::time::Duration::from_nanos(1))
                } else {
                    Budget::default()
                };
                let turn = bot.choose(&game, budget).unwrap();
                let rule = bot.last_decision().expect("a rule for every move");
                seen.insert(rule);
                let out = game.trail_cells(me).len() > 0;
                let (x, y) = game.head(me);
                if rule.is_at_home() {
                    assert!(!out && game.territory(x, y) == Some(me), "{rule} out");
                }
                if matches!(rule, Decision::OnPlan | Decision::Closing | Decision::Home) {
                    assert!(out, "{rule} at home");
                }
                assert_eq!(rule == Decision::Fallback, budget.time.is_some(), "{rule}");
                game.play(turn).unwrap();
                if rule == Decision::Win {
                    assert_eq!(game.end().and_then(|e| e.winner()), Some(me));
                }
            }
        }
        for rule in [Decision::Loop, Decision::OnPlan, Decision::Fallback] {
            assert!(seen.contains(&rule), "{rule} never chosen: {seen:?}");
        }
    }

    /// The land a closing is scored for is what the engine gives: whenever the planner's
    /// next move closes its loop, the flood fill of [`Land::gain`] (enemy cells twice) equals
    /// the change of both territory counts right after the move.
    #[test]
    fn closing_gains_match_the_engine() {
        let mut closings = 0;
        let mut enclosing = 0;
        for seed in 0..6 {
            let mut game =
                Position::random(Config::new(50, 31, 500).unwrap(), &mut Rng::seed_from(seed))
                    .unwrap();
            let (mut planner, mut raider) = (PlannerBot::new(seed), RaiderBot::new(seed));
            while let Some(me) = game.to_move() {
                let turn = if me == Side::First {
                    planner.choose(&game, Budget::default())
                } else {
                    raider.choose(&game, Budget::default())
                }
                .unwrap();
                let next = next_cell(&game, me, turn);
                let closes = game.trail_cells(me).len() > 0
                    && game.contains(next.0, next.1)
                    && game.territory(next.0, next.1) == Some(me);
                let predicted = closes.then(|| Land::of(&game, me).gain(&game, me, &[next]));
                let before = game.territory_counts();
                game.play(turn).unwrap();
                if let Some(predicted) = predicted
                    && game.end().is_none()
                {
                    let after = game.territory_counts();
                    let taken = u64::from(after[me.index()] - before[me.index()])
                        + u64::from(before[me.other().index()] - after[me.other().index()]);
                    assert_eq!(predicted, taken, "seed {seed} ply {}", game.plies());
                    closings += 1;
                    enclosing += usize::from(taken > game.trail_cells(me).len() as u64 + 2);
                }
            }
        }
        assert!(
            closings > 30 && enclosing > 10,
            "{closings} closings, {enclosing}"
        );
    }

    /// Out with no plan, eight cells north of its land and the enemy far away, the planner
    /// goes straight home down a strip; with `bend` it closes wider and gains more land (as
    /// the engine counts it), and is home in time.
    #[test]
    fn a_bend_closes_wider_than_the_way_home() {
        use crate::paperio::{Head, Snapshot};
        let (w, h) = (40usize, 30usize);
        let mut territory = vec![None; w * h];
        let mut trail = vec![None; w * h];
        // Our land: x 5..=15, y 20..=22; the trail north from (10, 19) to (10, 12).
        paint(&mut territory, w, 5..16, 20..23, Side::First);
        paint(&mut trail, w, 10..11, 12..20, Side::First);
        // The enemy's land far east: x 30..=37, y 2..=9, its head inside it.
        paint(&mut territory, w, 30..38, 2..10, Side::Second);
        let heads = [
            Head {
                x: 10,
                y: 12,
                direction: Direction::North,
            },
            Head {
                x: 33,
                y: 5,
                direction: Direction::North,
            },
        ];
        let config = Config::new(w as u32, h as u32, 200).unwrap();
        let start =
            Position::from_snapshot(&Snapshot::new(config, territory, trail, heads, [200, 200]))
                .unwrap();
        let closed = |bend: u32| {
            let mut bot = PlannerBot::with_config(
                1,
                PlannerConfig {
                    bend,
                    ..PlannerConfig::default()
                },
            );
            let mut game = start.clone();
            let before = game.territory_counts()[0];
            let mut plies = 0;
            while game.trail_cells(Side::First).len() > 0 {
                let turn = bot.choose(&game, Budget::default()).unwrap();
                game.play(turn).unwrap();
                // The enemy circles on its land.
                game.play(Turn::Left).unwrap();
                assert!(game.end().is_none(), "bend {bend}");
                plies += 1;
            }
            (game.territory_counts()[0] - before, plies)
        };
        let (strip, strip_plies) = closed(0);
        let (wide, wide_plies) = closed(20);
        assert!(strip <= 2 * 8 + 2, "the way home gains a strip: {strip}");
        assert!(
            wide >= 2 * strip && wide_plies > strip_plies,
            "{wide} in {wide_plies} plies against {strip} in {strip_plies}"
        );
    }

    /// One slow move (other work on the machine) does not send the next moves to the
    /// fallback; a slow machine, move after move, does.
    #[test]
    fn the_time_guard_trusts_the_fastest_recent_move() {
        let mut bot = PlannerBot::new(1);
        for _ in 0..20 {
            bot.note_timing(50e-9);
        }
        bot.note_timing(5e-6);
        assert_eq!(bot.per_cell, 50e-9);
        for _ in 0..RECENT - 2 {
            bot.note_timing(5e-6);
        }
        assert_eq!(bot.per_cell, 50e-9, "the fast move is still remembered");
        bot.note_timing(5e-6);
        assert_eq!(bot.per_cell, 5e-6, "{RECENT} slow moves in a row");
    }

    /// Walks to a launch point stay on the land: while the planner walks to one, every move
    /// ends on its own land until the loop leaves it; and launch points are used.
    #[test]
    fn launch_walks_stay_on_the_land() {
        let mut walked = 0;
        let mut launched = 0;
        for seed in 0..4 {
            let mut game =
                Position::random(Config::new(60, 41, 600).unwrap(), &mut Rng::seed_from(seed))
                    .unwrap();
            let mut planner = PlannerBot::new(seed);
            let mut raider = RaiderBot::new(seed);
            while game.end().is_none() {
                let me = game.to_move().unwrap();
                if me == Side::First {
                    let home = game.trail_cells(me).len() == 0;
                    let turn = planner.choose(&game, Budget::default()).unwrap();
                    let (x, y) = next_cell(&game, me, turn);
                    if home && !planner.launch.is_empty() {
                        walked += 1;
                        assert_eq!(game.territory(x, y), Some(me), "seed {seed}");
                        let end = planner.launch.back().copied().unwrap();
                        assert_eq!(game.territory(end.0, end.1), Some(me));
                    }
                    if home && planner.launch.is_empty() && !planner.plan.steps.is_empty() {
                        launched += 1;
                    }
                    game.play(turn).unwrap();
                } else {
                    let turn = raider.choose(&game, Budget::default()).unwrap();
                    game.play(turn).unwrap();
                }
            }
        }
        assert!(walked > 20, "{walked} walking moves");
        assert!(launched > 20, "{launched} loops started");
    }

    /// The tabled loop search finds a loop exactly as good as walking every rectangle, in
    /// positions of real games (the planner at home).
    #[test]
    fn the_loop_tables_agree_with_walking_every_loop() {
        let mut checked = 0;
        for seed in 0..8 {
            let config = Config::new(60, 41, 400).unwrap();
            let mut game = Position::random(config, &mut Rng::seed_from(seed)).unwrap();
            // Half the seeds with bites up to 3 deep (their own rule, item 4), half with the
            // race weight.
            let mut planner = PlannerBot::with_config(
                seed,
                PlannerConfig {
                    max_side: 12,
                    margin: 1,
                    start_share: 70,
                    escape_margin: 1,
                    bite_depth: if seed % 2 == 1 { 3 } else { 0 },
                    bite_slack: 1,
                    race_weight: if seed % 4 >= 2 { 150 } else { 0 },
                    ..PlannerConfig::default()
                },
            );
            let mut raider = RaiderBot::new(seed);
            while game.end().is_none() {
                let me = game.to_move().unwrap();
                let turn = if me == Side::First {
                    if game.trail_cells(me).len() == 0 {
                        planner.fields(&game, me);
                        let tabled = planner.scored_loop(&game, me, planner.config.start_share);
                        let walked = brute_force(&planner, &game, me);
                        match (tabled, walked) {
                            (None, None) => {}
                            (Some(t), Some((bn, bd))) => {
                                let ply = game.plies();
                                assert_eq!(t.gain * bd, bn * t.length, "seed {seed} ply {ply}");
                                assert_eq!(t.cells.len() as u64, t.length);
                            }
                            (t, w) => panic!(
                                "seed {seed} ply {}: {:?} {w:?}",
                                game.plies(),
                                t.map(|t| (t.gain, t.length))
                            ),
                        }
                        checked += 1;
                    }
                    planner.choose(&game, Budget::default())
                } else {
                    raider.choose(&game, Budget::default())
                };
                game.play(turn.unwrap()).unwrap();
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
