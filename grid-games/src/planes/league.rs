//! [`League`]: the rating tournament over a field of named plane-bombing bots on every subtask
//! of the contest, one independent tournament per subtask, and [`LeagueTable`], its tables.
//!
//! Each subtask's tournament ([`Tournament`], Elo with a decaying K) plays its rounds in
//! order, a pairing being one test point with fresh bots seeded from the tournament's stream;
//! its seed is the league's seed with the subtask's id in the high bits. So subtasks share
//! nothing: [`League::run_subtask`] may run them in any order, on any thread or process, and
//! the tables are the same. The `planes_tournament` example runs them on threads, the crate
//! family's `family-cluster` on processes.

use core::fmt;

use super::bots::{BOT_NAMES, PriorCache, named_bot_with};
use super::{Geometry, SUBTASKS, Subtask, TestPointOptions, play_test_point};
use crate::game::{Rng, Standings, Tournament, TournamentError, elo};

/// One entrant of a [`League`]: its name in the tables and the bot it plays ([`BOT_NAMES`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entrant {
    /// The name in the tables.
    pub name: String,
    /// A name of [`BOT_NAMES`].
    pub bot: String,
}

/// Why a league cannot run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum LeagueError {
    /// An entrant's bot is not one of [`BOT_NAMES`].
    #[error("entrant {name}: no bot named {bot:?}")]
    UnknownBot {
        /// The entrant.
        name: String,
        /// The bot asked for.
        bot: String,
    },
    /// The tournament's own error.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
}

/// The rating tournament over `field` on every subtask of [`SUBTASKS`]: one independent
/// tournament per subtask ([`Tournament`], Elo with a decaying K), each playing its rounds in
/// order, a pairing being one test point with fresh bots seeded from the tournament's stream.
/// A subtask's seed is the league's seed with the subtask's id in the high bits, so subtasks
/// share nothing: [`League::run_subtask`] may run them in any order, on any thread or
/// process, and the [`LeagueTable`] is the same. The `planes_tournament` example runs them on
/// threads, the crate family's `family-cluster` on processes.
///
/// ```
/// use grid_games::game::Tournament;
/// use grid_games::planes::{League, LeagueTable, SUBTASKS};
/// let league = League::shipped(Tournament::default().with_rounds(1), 2, 7);
/// // Two subtasks, each on its own: the table is the same in any order.
/// let cheap = [SUBTASKS[4], SUBTASKS[3]];
/// let results = cheap
///     .iter()
///     .map(|&task| Ok((task, league.run_subtask(task, || {})?)))
///     .collect::<Result<Vec<_>, grid_games::planes::LeagueError>>()?;
/// let table = LeagueTable::new(&league, results.clone());
/// let reversed = LeagueTable::new(&league, results.into_iter().rev().collect());
/// assert_eq!(table.to_string(), reversed.to_string());
/// assert!(table.to_string().starts_with("subtask 4 (worth 20, 1 rounds)"));
/// # Ok::<(), grid_games::planes::LeagueError>(())
/// ```
#[derive(Clone, Debug)]
pub struct League {
    /// The entrants (an even number keeps everyone playing every round).
    pub field: Vec<Entrant>,
    /// Rounds and rating settings of every subtask's tournament.
    pub tournament: Tournament,
    /// Games per pairing (a test point).
    pub games: usize,
    /// The league's seed; subtask `id` plays from `seed ^ id << 32`.
    pub seed: u64,
}

impl League {
    /// The field of the `planes_tournament` example: every shipped bot, the random one twice
    /// (`random#1`, `random#2`: the same program, so how far their ratings drift apart shows
    /// the noise of the table).
    pub fn shipped_field() -> Vec<Entrant> {
        [
            ("random#1", "random"),
            ("random#2", "random"),
            ("hunter", "hunter"),
            ("hunter-fast", "hunter-fast"),
            ("hunter-noevade", "hunter-noevade"),
            ("hunter-plain", "hunter-plain"),
        ]
        .into_iter()
        .map(|(name, bot)| Entrant {
            name: name.into(),
            bot: bot.into(),
        })
        .collect()
    }

    /// The shipped field with these settings.
    pub fn shipped(tournament: Tournament, games: usize, seed: u64) -> League {
        League {
            field: League::shipped_field(),
            tournament,
            games,
            seed,
        }
    }

    /// The subtasks, the costliest first (subtask 1, whose 942 032 layouts the hunters track
    /// exactly, costs about twice any other): the order to hand them out in.
    pub fn costliest_first() -> [Subtask; 5] {
        [1, 2, 4, 3, 5].map(|id| *SUBTASKS.iter().find(|t| t.id == id).unwrap_or(&SUBTASKS[0]))
    }

    /// Plays the tournament of one subtask (its pairings on the threads of
    /// [`Tournament::run`]); `on_pairing` is called after every pairing.
    ///
    /// # Errors
    /// [`LeagueError::UnknownBot`] for an entrant whose bot is not one of [`BOT_NAMES`];
    /// [`LeagueError::Tournament`] for the tournament's own errors (bad settings, a field
    /// too large).
    pub fn run_subtask(
        &self,
        task: Subtask,
        on_pairing: impl Fn() + Sync,
    ) -> Result<Standings, LeagueError> {
        if let Some(e) = self
            .field
            .iter()
            .find(|e| !BOT_NAMES.contains(&e.bot.as_str()))
        {
            return Err(LeagueError::UnknownBot {
                name: e.name.clone(),
                bot: e.bot.clone(),
            });
        }
        let geometry = Geometry::standard();
        // One cache per subtask: the hunters of every pairing share its tables.
        let cache = PriorCache::new();
        let options = TestPointOptions::default()
            .with_subtask(task)
            .with_games(self.games);
        let bot = |i: usize, rng: &mut Rng| {
            named_bot_with(&self.field[i].bot, rng.next_u64(), &cache)
                .expect("checked against BOT_NAMES")
        };
        Ok(self.tournament.run(
            self.field.len(),
            self.seed ^ u64::from(task.id) << 32,
            |a, b, rng: &mut Rng| {
                let (mut bot_a, mut bot_b) = (bot(a, rng), bot(b, rng));
                let point = play_test_point(&geometry, &options, bot_a.as_mut(), bot_b.as_mut());
                on_pairing();
                point.score()
            },
        )?)
    }
}

/// The tables of a league: per subtask (in subtask order) the entrants by rating with their
/// tier and score, then the total score of each entrant over the subtasks given.
///
/// ```
/// use grid_games::game::Tournament;
/// use grid_games::planes::{League, LeagueTable, SUBTASKS};
/// let league = League::shipped(Tournament::default().with_rounds(1), 2, 1);
/// let standings = league.run_subtask(SUBTASKS[4], || {})?;
/// let table = LeagueTable::new(&league, vec![(SUBTASKS[4], standings)]);
/// let text = table.to_string();
/// assert!(text.contains("total (out of 5)"));
/// assert_eq!(text.lines().filter(|l| l.contains("hunter-plain")).count(), 2);
/// # Ok::<(), grid_games::planes::LeagueError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LeagueTable {
    names: Vec<String>,
    rounds: usize,
    results: Vec<(Subtask, Standings)>,
}

impl LeagueTable {
    /// The tables of `results` (any order; each subtask once) for `league`'s field.
    pub fn new(league: &League, mut results: Vec<(Subtask, Standings)>) -> LeagueTable {
        results.sort_by_key(|(task, _)| task.id);
        LeagueTable {
            names: league.field.iter().map(|e| e.name.clone()).collect(),
            rounds: league.tournament.rounds,
            results,
        }
    }
}

impl fmt::Display for LeagueTable {
    /// One table per subtask (`#`, bot, rating, tier, score, pairings played), a blank line
    /// after each, then the totals, highest first; every line ends with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut totals = vec![0.0; self.names.len()];
        for (task, standings) in &self.results {
            let scored = elo::score_field(&standings.ratings, task.weight);
            let mut order: Vec<usize> = (0..self.names.len()).collect();
            order.sort_by(|&x, &y| standings.ratings[y].total_cmp(&standings.ratings[x]));
            writeln!(
                f,
                "subtask {} (worth {}, {} rounds)",
                task.id, task.weight, self.rounds
            )?;
            writeln!(
                f,
                "  {:<3} {:<16} {:>8} {:>5} {:>7} {:>7}",
                "#", "bot", "rating", "tier", "score", "played"
            )?;
            for (rank, &i) in order.iter().enumerate() {
                writeln!(
                    f,
                    "  {:<3} {:<16} {:>8.1} {:>5} {:>7.2} {:>7}",
                    rank + 1,
                    self.names[i],
                    standings.ratings[i],
                    scored[i].0.name,
                    scored[i].1,
                    standings.played[i]
                )?;
                totals[i] += scored[i].1;
            }
            writeln!(f)?;
        }
        let full: f64 = self.results.iter().map(|(t, _)| t.weight).sum();
        writeln!(f, "total (out of {full})")?;
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&x, &y| totals[y].total_cmp(&totals[x]));
        for i in order {
            writeln!(f, "  {:<16} {:>7.2}", self.names[i], totals[i])?;
        }
        Ok(())
    }
}
