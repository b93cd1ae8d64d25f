//! [`Outcome`]: how a finished game ranks its players.

use core::fmt;

use super::{ByPlayer, Player};

/// How a finished game ended: the final scores and the verdict that ranks the players.
///
/// ```
/// use grid_games::game::{Outcome, Player};
/// let o = Outcome::from_scores([30, 12]);
/// assert_eq!(o.winner(), Some(Player::FIRST));
/// assert_eq!(o.result_for(Player::SECOND), Some(0.0));
/// assert_eq!(o.margin_for(Player::FIRST), Some(18));
/// assert_eq!(o.to_string(), "1-0 (30 to 12)");
/// ```
///
/// # As text
/// `Display` says who won, how it was decided when a rule or a forfeit decided, and the
/// scores in seat order. Two players get chess-style results, the first player's result
/// first:
///
/// ```text
/// two     = result " (" [decision "; "] score " to " score ")"
/// result  = "1-0" / "0-1" / "1/2-1/2"
/// many    = ranking " (" [decision "; "] score *(", " score) ")"
/// ranking = "player " n " won" / "players " n *(", " n) " and " n " shared first place" / "draw"
/// decision = "player " n " forfeited" / "player " n " won by rule" / "drawn by rule"
/// ```
///
/// where `n` is a seat counted from 1 (as [`Player`] prints) and a score is a decimal integer.
/// [`Verdict::ByScore`] adds no decision: the scores decide.
///
/// ```
/// use grid_games::game::{Outcome, Player, Verdict};
/// assert_eq!(Outcome::from_scores([7, 7]).to_string(), "1/2-1/2 (7 to 7)");
/// let forfeit = Outcome { scores: [50, 10].into(), verdict: Verdict::Forfeit(Player::FIRST) };
/// assert_eq!(forfeit.to_string(), "0-1 (player 1 forfeited; 50 to 10)");
/// let ruled = Outcome { scores: [5, 9].into(), verdict: Verdict::Winner(Player::FIRST) };
/// assert_eq!(ruled.to_string(), "1-0 (player 1 won by rule; 5 to 9)");
/// // Three or four players: the ranking, then the scores in seat order.
/// assert_eq!(Outcome::from_scores([30, 12, 25, 8]).to_string(), "player 1 won (30, 12, 25, 8)");
/// assert_eq!(
///     Outcome::from_scores([12, 30, 25, 30]).to_string(),
///     "players 2 and 4 shared first place (12, 30, 25, 30)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Final score of every player (higher is better).
    pub scores: ByPlayer<i64>,
    /// Who won: by score, or by a rule that overrides scores.
    pub verdict: Verdict,
}

/// How an [`Outcome`] ranks the players.
///
/// [`Verdict::ByScore`] does not name the winner: the scores do, and
/// [`Outcome::winner`] reads them (a winner stored beside the scores could contradict them).
///
/// ```
/// use grid_games::game::{Outcome, Player, Verdict};
/// // A forfeit loses whatever the scores say.
/// let o = Outcome { scores: [50, 10].into(), verdict: Verdict::Forfeit(Player::FIRST) };
/// assert_eq!(o.winner(), Some(Player::SECOND));
/// assert_eq!(o.verdict.to_string(), "player 1 forfeited");
/// assert_eq!(Verdict::ByScore.to_string(), "by score");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Verdict {
    /// By score: higher beats lower, equal scores tie (Blokus).
    ByScore,
    /// A rule decided: this player won and every other player lost (a paper.io trail cut).
    Winner(Player),
    /// A rule decided a draw between all players.
    Draw,
    /// This player forfeited (illegal action, no action, time-out, crash) and lost to
    /// everyone; the others rank by score among themselves.
    Forfeit(Player),
}

impl Outcome {
    /// An outcome ranked by these scores.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Verdict};
    /// let o = Outcome::from_scores([7, 7]);
    /// assert_eq!(o.verdict, Verdict::ByScore);
    /// assert_eq!(o.winner(), None); // a tie
    /// ```
    pub fn from_scores(scores: impl Into<ByPlayer<i64>>) -> Outcome {
        Outcome {
            scores: scores.into(),
            verdict: Verdict::ByScore,
        }
    }

    fn forfeited(&self) -> Option<Player> {
        match self.verdict {
            Verdict::Forfeit(f) => Some(f),
            _ => None,
        }
    }

    /// The winner: the unique player with the highest score (or the rule's winner), or `None`
    /// on a shared first place or a draw.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player};
    /// assert_eq!(Outcome::from_scores([3, 9, 4]).winner(), Some(Player::SECOND));
    /// assert_eq!(Outcome::from_scores([9, 9, 4]).winner(), None);
    /// ```
    pub fn winner(&self) -> Option<Player> {
        match self.verdict {
            Verdict::Winner(w) => Some(w),
            Verdict::Draw => None,
            Verdict::ByScore | Verdict::Forfeit(_) => {
                let forfeited = self.forfeited();
                let alive = |p: Player| Some(p) != forfeited;
                let best = self
                    .scores
                    .iter()
                    .filter(|&(p, _)| alive(p))
                    .map(|(_, &s)| s)
                    .max()?;
                let mut leaders = self
                    .scores
                    .iter()
                    .filter(|&(p, &s)| alive(p) && s == best)
                    .map(|(p, _)| p);
                let first = leaders.next()?;
                match leaders.next() {
                    None => Some(first),
                    Some(_) => None,
                }
            }
        }
    }

    /// The result for `player` in `[0, 1]`: the share of the other players it beat, counting a
    /// tie as half (1 = sole winner of a two-player game, 0.5 = draw, 0 = loss); `None` for a
    /// player the outcome does not have.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player};
    /// // Four players: the second beat two of the three others and tied with one.
    /// let o = Outcome::from_scores([20, 30, 10, 30]);
    /// assert_eq!(o.result_for(Player::SECOND), Some(2.5 / 3.0));
    /// assert_eq!(Outcome::from_scores([1, 1]).result_for(Player::FIRST), Some(0.5));
    /// ```
    pub fn result_for(&self, player: impl Into<Player>) -> Option<f64> {
        let player = player.into();
        self.scores.get(player)?;
        let others = self.scores.len() - 1;
        if others == 0 {
            return Some(1.0);
        }
        let beats = |a: Player, b: Player| -> f64 {
            match self.verdict {
                Verdict::Winner(w) => f64::from(u8::from(a == w)),
                Verdict::Draw => 0.5,
                Verdict::Forfeit(f) if a == f => 0.0,
                Verdict::Forfeit(f) if b == f => 1.0,
                _ => match self.scores[a].cmp(&self.scores[b]) {
                    core::cmp::Ordering::Greater => 1.0,
                    core::cmp::Ordering::Equal => 0.5,
                    core::cmp::Ordering::Less => 0.0,
                },
            }
        };
        let points: f64 = self
            .scores
            .iter()
            .filter(|&(p, _)| p != player)
            .map(|(p, _)| beats(player, p))
            .sum();
        Some(points / others as f64)
    }

    /// `player`'s score minus the best score among the others (positive: ahead by that
    /// much), saturating; `None` for a player the outcome does not have, or the only one.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Side};
    /// let o = Outcome::from_scores([40, 52]);
    /// assert_eq!(o.margin_for(Side::First), Some(-12));
    /// assert_eq!(o.margin_for(Side::Second), Some(12));
    /// ```
    pub fn margin_for(&self, player: impl Into<Player>) -> Option<i64> {
        let player = player.into();
        let mine = *self.scores.get(player)?;
        let best_other = self
            .scores
            .iter()
            .filter(|&(p, _)| p != player)
            .map(|(_, &s)| s)
            .max()?;
        Some(mine.saturating_sub(best_other))
    }
}

impl fmt::Display for Verdict {
    /// `by score`, `player 2 won by rule`, `drawn by rule` or `player 1 forfeited`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::ByScore => f.write_str("by score"),
            Verdict::Winner(p) => write!(f, "{p} won by rule"),
            Verdict::Draw => f.write_str("drawn by rule"),
            Verdict::Forfeit(p) => write!(f, "{p} forfeited"),
        }
    }
}

impl fmt::Display for Outcome {
    /// See [the grammar](Outcome#as-text).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seat_in_two = |p: Player| p.index() < 2;
        let two = self.scores.len() == 2
            && match self.verdict {
                Verdict::Winner(p) | Verdict::Forfeit(p) => seat_in_two(p),
                Verdict::ByScore | Verdict::Draw => true,
            };
        if two {
            let result = match self.result_for(Player::FIRST) {
                Some(r) if r > 0.5 => "1-0",
                Some(r) if r < 0.5 => "0-1",
                _ => "1/2-1/2",
            };
            write!(f, "{result} (")?;
        } else {
            match (self.winner(), self.verdict) {
                (_, Verdict::Draw) => f.write_str("draw")?,
                (Some(w), _) => write!(f, "{w} won")?,
                (None, _) => {
                    let forfeited = self.forfeited();
                    let best = self
                        .scores
                        .iter()
                        .filter(|&(p, _)| Some(p) != forfeited)
                        .map(|(_, &s)| s)
                        .max();
                    let leaders: Vec<usize> = self
                        .scores
                        .iter()
                        .filter(|&(p, &s)| Some(p) != forfeited && Some(s) == best)
                        .map(|(p, _)| p.index() + 1)
                        .collect();
                    match leaders.split_last() {
                        Some((last, rest)) if !rest.is_empty() => {
                            f.write_str("players ")?;
                            for (i, n) in rest.iter().enumerate() {
                                if i > 0 {
                                    f.write_str(", ")?;
                                }
                                write!(f, "{n}")?;
                            }
                            write!(f, " and {last} shared first place")?;
                        }
                        _ => f.write_str("draw")?,
                    }
                }
            }
            f.write_str(" (")?;
        }
        if self.verdict != Verdict::ByScore {
            write!(f, "{}; ", self.verdict)?;
        }
        let separator = if two { " to " } else { ", " };
        for (i, (_, score)) in self.scores.iter().enumerate() {
            if i > 0 {
                f.write_str(separator)?;
            }
            write!(f, "{score}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_ranks() {
        let o = Outcome::from_scores([5, 3]);
        assert_eq!(o.winner(), Some(Player::FIRST));
        assert_eq!(o.result_for(Player::FIRST), Some(1.0));
        assert_eq!(o.result_for(Player::SECOND), Some(0.0));
        assert_eq!(o.result_for(Player::THIRD), None);
        assert_eq!(o.margin_for(Player::SECOND), Some(-2));
        let tie = Outcome::from_scores([4, 4, 1, 0]);
        assert_eq!(tie.winner(), None);
        assert!((tie.result_for(Player::FIRST).unwrap() - 2.5 / 3.0).abs() < 1e-12);
        let ruled = Outcome {
            scores: ByPlayer::from([5, 9]),
            verdict: Verdict::Winner(Player::FIRST),
        };
        assert_eq!(
            (
                ruled.winner(),
                ruled.result_for(Player::FIRST),
                ruled.result_for(Player::SECOND)
            ),
            (Some(Player::FIRST), Some(1.0), Some(0.0))
        );
        let forfeit = Outcome {
            scores: ByPlayer::from([9, 1, 3]),
            verdict: Verdict::Forfeit(Player::FIRST),
        };
        assert_eq!(forfeit.winner(), Some(Player::THIRD));
        assert_eq!(forfeit.result_for(Player::FIRST), Some(0.0));
        assert_eq!(forfeit.result_for(Player::THIRD), Some(1.0));
        let extreme = Outcome::from_scores([i64::MIN, i64::MAX]);
        assert_eq!(extreme.margin_for(Player::FIRST), Some(i64::MIN));
        assert_eq!(Outcome::from_scores([1]).margin_for(Player::FIRST), None);
    }

    #[test]
    fn outcomes_print_who_won_and_the_scores() {
        let cases: [(Outcome, &str); 9] = [
            (Outcome::from_scores([30, 12]), "1-0 (30 to 12)"),
            (Outcome::from_scores([-3, 12]), "0-1 (-3 to 12)"),
            (Outcome::from_scores([4, 4]), "1/2-1/2 (4 to 4)"),
            (
                Outcome {
                    scores: ByPlayer::from([3, 5]),
                    verdict: Verdict::Draw,
                },
                "1/2-1/2 (drawn by rule; 3 to 5)",
            ),
            (
                Outcome {
                    scores: ByPlayer::from([5, 9]),
                    verdict: Verdict::Winner(Player::SECOND),
                },
                "0-1 (player 2 won by rule; 5 to 9)",
            ),
            (
                Outcome {
                    scores: ByPlayer::from([9, 1, 3]),
                    verdict: Verdict::Forfeit(Player::FIRST),
                },
                "player 3 won (player 1 forfeited; 9, 1, 3)",
            ),
            (
                Outcome::from_scores([4, 4, 4]),
                "players 1, 2 and 3 shared first place (4, 4, 4)",
            ),
            (
                Outcome {
                    scores: ByPlayer::from([1, 2, 3]),
                    verdict: Verdict::Draw,
                },
                "draw (drawn by rule; 1, 2, 3)",
            ),
            (
                // A verdict naming a seat a two-score outcome does not have: the general form.
                Outcome {
                    scores: ByPlayer::from([1, 2]),
                    verdict: Verdict::Winner(Player::THIRD),
                },
                "player 3 won (player 3 won by rule; 1, 2)",
            ),
        ];
        for (outcome, text) in cases {
            assert_eq!(outcome.to_string(), text);
        }
        assert_eq!(
            Outcome::from_scores(ByPlayer::<i64>::default()).to_string(),
            "draw ()"
        );
    }
}
