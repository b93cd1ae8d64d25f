//! The game clock of a GTP session: the standard commands `time_settings` and `time_left`
//! (GTP 2, Japanese byo-yomi as in Go) and the budget each `genmove` gets from them.
//!
//! Each player has a clock (in two-player Classic one clock serves both of a player's
//! colours). A clock runs in *main time* until it is spent, then in *byo-yomi periods* of
//! `byo_yomi_time` for `byo_yomi_stones` moves each. The engine charges its own thinking
//! (the wall-clock time of each `genmove`) to the mover's clock; `time_left` from the
//! controller replaces the engine's reckoning, for either player.
//!
//! The budget of a move: in main time, the game's remaining main time is the bot's per-game
//! budget ([`Budget::game_time_left`], of which each bot takes its own share), plus the time
//! byo-yomi adds per move, counted once for each move the player still has pieces for; a
//! single move never takes more than the main time left plus one move's byo-yomi share. In
//! byo-yomi, an even share of nine tenths of the period's time left over its moves left. The
//! engine's own budget (`--ms`, `--iterations`) still caps every move.

use std::time::Duration;

use crate::game::Budget;

/// The most seconds `time_settings` and `time_left` accept (about 115 days).
///
/// ```
/// use grid_games::blokus::{bots::RandomBot, gtp::{GtpEngine, MAX_SECONDS}};
/// use grid_games::game::Budget;
/// let mut engine = GtpEngine::new(Box::new(RandomBot::new(1)), Budget::default());
/// assert!(engine.respond(&format!("time_settings {MAX_SECONDS} 0 0")).unwrap().text.starts_with("= "));
/// assert!(engine.respond("time_settings 1e8 0 0").unwrap().text.starts_with("? bad time"));
/// ```
pub const MAX_SECONDS: f64 = 1e7;
/// The most moves a byo-yomi period may count.
///
/// ```
/// use grid_games::blokus::{bots::RandomBot, gtp::{GtpEngine, MAX_STONES}};
/// use grid_games::game::Budget;
/// let mut engine = GtpEngine::new(Box::new(RandomBot::new(1)), Budget::default());
/// assert!(engine.respond(&format!("time_left b 5 {MAX_STONES}")).unwrap().text.starts_with("= "));
/// let too_many = MAX_STONES + 1;
/// assert!(engine.respond(&format!("time_left b 5 {too_many}")).unwrap().text.starts_with("? bad stone"));
/// ```
pub const MAX_STONES: u32 = 1_000_000;

/// What `time_settings` set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TimeSettings {
    main: Duration,
    byo_yomi: Duration,
    stones: u32,
}

/// One player's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PlayerClock {
    /// Main time left (when `stones_left` is 0), else the time left in this period.
    left: Duration,
    /// 0 in main time; else the moves left in the current byo-yomi period.
    stones_left: u32,
}

/// The clocks of a session (none until `time_settings`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct GameClock {
    settings: Option<TimeSettings>,
    players: [Option<PlayerClock>; 4],
}

/// A number of seconds in `0..=MAX_SECONDS`.
fn seconds(word: &str) -> Result<Duration, String> {
    match word.parse::<f64>() {
        Ok(s) if (0.0..=MAX_SECONDS).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("bad time `{word}` (seconds, 0 to {MAX_SECONDS})")),
    }
}

/// A number of moves in `0..=MAX_STONES`.
fn stones(word: &str) -> Result<u32, String> {
    match word.parse::<u32>() {
        Ok(n) if n <= MAX_STONES => Ok(n),
        _ => Err(format!("bad stone count `{word}` (0 to {MAX_STONES})")),
    }
}

impl GameClock {
    /// `time_settings MAIN BYO_YOMI STONES`; `byo_yomi > 0` with `stones = 0` means no time
    /// limits (the GTP convention), which turns the clock off.
    pub(super) fn set(&mut self, args: &[&str]) -> Result<(), String> {
        let [main, byo_yomi, count] = args else {
            return Err("usage: time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES".into());
        };
        let (main, byo_yomi, count) = (seconds(main)?, seconds(byo_yomi)?, stones(count)?);
        self.settings = if !byo_yomi.is_zero() && count == 0 {
            None
        } else {
            Some(TimeSettings {
                main,
                byo_yomi,
                stones: count,
            })
        };
        self.restart();
        Ok(())
    }

    /// Every player's clock back to the start (a new game).
    pub(super) fn restart(&mut self) {
        let start = self.settings.map(|s| {
            if s.main.is_zero() && s.stones > 0 {
                PlayerClock {
                    left: s.byo_yomi,
                    stones_left: s.stones,
                }
            } else {
                PlayerClock {
                    left: s.main,
                    stones_left: 0,
                }
            }
        });
        self.players = [start; 4];
    }

    /// `time_left` for `player`: `left` seconds, in main time when `stones` is 0, else for
    /// `stones` moves of a byo-yomi period. Without `time_settings` it starts a clock with
    /// no byo-yomi.
    pub(super) fn set_left(&mut self, player: usize, args: &[&str]) -> Result<(), String> {
        let [left, count] = args else {
            return Err("usage: time_left COLOUR TIME STONES".into());
        };
        let (left, stones_left) = (seconds(left)?, stones(count)?);
        if self.settings.is_none() {
            self.settings = Some(TimeSettings {
                main: left,
                byo_yomi: Duration::ZERO,
                stones: 0,
            });
            self.restart();
        }
        self.players[player] = Some(PlayerClock { left, stones_left });
        Ok(())
    }

    /// The budget of a move of `player`, who has pieces for `moves_left` more moves, from
    /// the engine's own `base` budget.
    pub(super) fn budget(&self, player: usize, moves_left: u32, base: Budget) -> Budget {
        let (Some(settings), Some(clock)) = (self.settings, self.players[player]) else {
            return base;
        };
        let cap = |budget: Budget, limit: Duration| Budget {
            time: Some(budget.time.map_or(limit, |t| t.min(limit))),
            ..budget
        };
        if clock.stones_left > 0 {
            let per_move = clock.left.mul_f64(0.9) / clock.stones_left;
            return cap(base, per_move);
        }
        let per_stone = if settings.stones == 0 {
            Duration::ZERO
        } else {
            settings.byo_yomi / settings.stones
        };
        let game = clock
            .left
            .saturating_add(per_stone.saturating_mul(moves_left.max(1)));
        cap(
            base.with_game_time_left(game),
            clock.left.saturating_add(per_stone.mul_f64(0.9)),
        )
    }

    /// Charges `used` of thinking to `player`'s clock.
    pub(super) fn charge(&mut self, player: usize, used: Duration) {
        let (Some(settings), Some(clock)) = (self.settings, self.players[player].as_mut()) else {
            return;
        };
        if clock.stones_left == 0 {
            if used <= clock.left || settings.stones == 0 {
                clock.left = clock.left.saturating_sub(used);
                return;
            }
            // Main time ran out during this move: the rest counts in the first period.
            let over = used - clock.left;
            clock.left = settings.byo_yomi.saturating_sub(over);
            clock.stones_left = settings.stones;
        } else {
            clock.left = clock.left.saturating_sub(used);
        }
        clock.stones_left -= 1;
        if clock.stones_left == 0 {
            clock.left = settings.byo_yomi;
            clock.stones_left = settings.stones;
        }
    }

    /// The time left of `player` and the moves left in its period (0 in main time), when a
    /// clock runs.
    #[cfg(test)]
    pub(super) fn left(&self, player: usize) -> Option<(Duration, u32)> {
        self.players[player].map(|c| (c.left, c.stones_left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn main_time_then_byo_yomi_periods() {
        let mut c = GameClock::default();
        c.set(&["10", "6", "3"]).unwrap();
        assert_eq!(c.left(0), Some((ms(10_000), 0)));
        c.charge(0, ms(4_000));
        assert_eq!(c.left(0), Some((ms(6_000), 0)));
        assert_eq!(c.left(1), Some((ms(10_000), 0)));
        // 7 s: main time runs out, one second counts in the first period.
        c.charge(0, ms(7_000));
        assert_eq!(c.left(0), Some((ms(5_000), 2)));
        c.charge(0, ms(1_000));
        c.charge(0, ms(1_000));
        // The period's three moves made: a new period.
        assert_eq!(c.left(0), Some((ms(6_000), 3)));
        c.restart();
        assert_eq!(c.left(0), Some((ms(10_000), 0)));
    }

    #[test]
    fn budgets_from_the_clock() {
        let mut c = GameClock::default();
        let base = Budget::default();
        assert_eq!(c.budget(0, 20, base), base); // no clock
        c.set(&["20", "0", "0"]).unwrap(); // sudden death
        let b = c.budget(0, 20, base);
        assert_eq!(b.game_time_left, Some(ms(20_000)));
        assert_eq!(b.time, Some(ms(20_000)));
        // The engine's own limit still caps the move.
        let b = c.budget(0, 20, Budget::time(ms(50)));
        assert_eq!(b.time, Some(ms(50)));
        // In byo-yomi: nine tenths of the period over its moves.
        c.set(&["0", "3", "3"]).unwrap();
        let b = c.budget(1, 20, base);
        assert_eq!((b.time, b.game_time_left), (Some(ms(900)), None));
        // Main time with byo-yomi: the per-move byo-yomi counts for every move left.
        c.set(&["10", "5", "5"]).unwrap();
        let b = c.budget(0, 10, base);
        assert_eq!(b.game_time_left, Some(ms(20_000)));
        assert_eq!(b.time, Some(ms(10_900)));
        // time_left overrides.
        c.set_left(0, &["2", "4"]).unwrap();
        assert_eq!(c.budget(0, 10, base).time, Some(ms(450)));
    }

    #[test]
    fn bad_settings_are_refused_and_no_limits_turns_the_clock_off() {
        let mut c = GameClock::default();
        for bad in [
            &["-1", "0", "0"][..],
            &["1e400", "0", "0"],
            &["NaN", "0", "0"],
            &["1", "1", "-2"],
            &["1", "1", "99999999999"],
            &["1", "1"],
        ] {
            assert!(c.set(bad).is_err(), "{bad:?}");
        }
        c.set(&["10", "5", "0"]).unwrap();
        assert_eq!(c.budget(0, 5, Budget::default()), Budget::default());
        assert!(c.set_left(0, &["x", "0"]).is_err());
        c.set_left(1, &["3", "0"]).unwrap();
        assert_eq!(
            c.budget(1, 5, Budget::default()).game_time_left,
            Some(ms(3_000))
        );
    }
}
