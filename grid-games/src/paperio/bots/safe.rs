use super::field::{Bfs, loses_at_once, next_cell};
use crate::game::{Bot, Budget, Rng};
use crate::paperio::{Position, Turn};

/// A random walker with sense: it never steps off the board, into its own trail or into the
/// enemy head on enemy land when another move avoids it, never walks where home cannot be
/// reached, and heads home by a shortest path (avoiding its own trail) once its trail is
/// longer than an excursion length drawn anew (6 to 16 cells) every time it leaves home.
///
/// ```
/// use grid_games::paperio::{Config, Position, bots::SafeBot};
/// use grid_games::game::{Bot, Budget, Rng};
/// let game = Position::random(Config::default(), &mut Rng::seed_from(3))?;
/// assert!(SafeBot::new(1).choose(&game, Budget::default()).is_some());
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SafeBot {
    rng: Rng,
    excursion: u32,
    bfs: Bfs,
}

impl SafeBot {
    /// A safe walker with its own seed.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position, bots::SafeBot};
    /// use grid_games::game::{play_match, MatchRules, Rng};
    /// // Two safe walkers on a small board: nobody walks into a wall or its own trail.
    /// let game = Position::random(Config::new(30, 15, 150)?, &mut Rng::seed_from(2))?;
    /// let (mut a, mut b) = (SafeBot::new(1), SafeBot::new(2));
    /// let record = play_match(game, &mut [&mut a, &mut b], MatchRules::default())?;
    /// assert!(record.last.end().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(seed: u64) -> SafeBot {
        SafeBot {
            rng: Rng::seed_from(seed),
            excursion: 10,
            bfs: Bfs::default(),
        }
    }
}

impl Bot<Position> for SafeBot {
    fn name(&self) -> String {
        "safe".to_string()
    }

    fn choose(&mut self, game: &Position, _budget: Budget) -> Option<Turn> {
        let me = game.to_move()?;
        let trail = game.trail_cells(me).len() as u32;
        if trail == 0 {
            self.excursion = 6 + self.rng.below(11) as u32;
        }
        // (turn, distance home after it); unsafe moves and dead ends dropped.
        let mut options: Vec<(Turn, u32)> = Vec::with_capacity(3);
        for turn in Turn::ALL {
            if loses_at_once(game, me, turn) {
                continue;
            }
            let cell = next_cell(game, me, turn);
            if let Some(d) = self.bfs.home_distance(game, me, cell) {
                options.push((turn, d));
            }
        }
        if options.is_empty() {
            // Nothing is safe: prefer any move that at least stays on the board.
            return Some(
                Turn::ALL
                    .into_iter()
                    .find(|&t| !loses_at_once(game, me, t))
                    .unwrap_or(Turn::Straight),
            );
        }
        if trail >= self.excursion {
            let best = options.iter().map(|o| o.1).min().unwrap_or(0);
            options.retain(|o| o.1 == best);
            return self.rng.choose(&options).map(|o| o.0);
        }
        // Wander: straight twice as likely as each turn.
        let weights: Vec<u64> = options
            .iter()
            .map(|o| if o.0 == Turn::Straight { 2 } else { 1 })
            .collect();
        let mut r = self.rng.below(weights.iter().sum());
        for (o, w) in options.iter().zip(&weights) {
            if r < *w {
                return Some(o.0);
            }
            r -= w;
        }
        Some(options[0].0)
    }
}
