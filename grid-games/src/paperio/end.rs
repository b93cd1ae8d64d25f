//! How a game ends: the engine's result codes with their winners and extra data.

use crate::game::Side;

/// Why a player forfeited.
///
/// ```
/// use grid_games::paperio::{End, ForfeitKind};
/// use grid_games::game::Side;
/// let crash = End::Forfeit { player: Side::First, kind: ForfeitKind::Error("index out of range".into()) };
/// assert_eq!((crash.code(), crash.name()), (-1, "ai_error"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ForfeitKind {
    /// The bot failed (the engine's code −1); the error text.
    Error(String),
    /// The bot overran its time (code −2).
    Timeout,
}

/// The end of a game, one variant per result code. Each knows its winner and its code.
///
/// ```
/// use grid_games::paperio::End;
/// use grid_games::game::Side;
/// let end = End::TrailHit { mover: Side::First, owner: Side::Second };
/// assert_eq!((end.code(), end.name(), end.winner()), (1, "trail", Some(Side::First)));
/// let limit = End::TickLimit { scores: [120, 95] };
/// assert_eq!((limit.code(), limit.winner()), (-3, Some(Side::First)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum End {
    /// Code 0: the mover left the board; the other player wins.
    Wall {
        /// The player who moved off.
        mover: Side,
    },
    /// Code 1: the mover entered a trail cell; the trail's owner loses.
    TrailHit {
        /// The player who moved (the engine's extra element).
        mover: Side,
        /// The owner of the trail that was hit.
        owner: Side,
    },
    /// Code 2: heads met on unowned land at right angles; the mover wins.
    SideHit {
        /// The player who moved.
        mover: Side,
    },
    /// Code 3: heads met on unowned land head-on; the larger territory wins.
    HeadOn {
        /// Territory of players 0 and 1.
        scores: [u32; 2],
    },
    /// Code 4: heads met on owned land; its owner wins.
    HeadsOnLand {
        /// The player who moved.
        mover: Side,
        /// Whether the mover won (the land was its own): the engine's extra element.
        mover_won: bool,
    },
    /// Codes −1 and −2: a player forfeited.
    Forfeit {
        /// The forfeiting player.
        player: Side,
        /// Error or time-out.
        kind: ForfeitKind,
    },
    /// Code −3: both players used all their moves; the larger territory wins.
    TickLimit {
        /// Territory of players 0 and 1.
        scores: [u32; 2],
    },
}

impl End {
    /// The engine's result code.
    ///
    /// ```
    /// use grid_games::paperio::End;
    /// use grid_games::game::Side;
    /// assert_eq!(End::Wall { mover: Side::Second }.code(), 0);
    /// assert_eq!(End::HeadsOnLand { mover: Side::First, mover_won: true }.code(), 4);
    /// ```
    pub fn code(&self) -> i32 {
        match self {
            End::Wall { .. } => 0,
            End::TrailHit { .. } => 1,
            End::SideHit { .. } => 2,
            End::HeadOn { .. } => 3,
            End::HeadsOnLand { .. } => 4,
            End::Forfeit {
                kind: ForfeitKind::Error(_),
                ..
            } => -1,
            End::Forfeit {
                kind: ForfeitKind::Timeout,
                ..
            } => -2,
            End::TickLimit { .. } => -3,
        }
    }

    /// The winner, or `None` for a draw (equal territory on codes 3 and −3).
    ///
    /// ```
    /// use grid_games::paperio::End;
    /// use grid_games::game::Side;
    /// assert_eq!(End::Wall { mover: Side::Second }.winner(), Some(Side::First));
    /// assert_eq!(End::SideHit { mover: Side::Second }.winner(), Some(Side::Second));
    /// assert_eq!(End::HeadOn { scores: [40, 40] }.winner(), None);
    /// ```
    pub fn winner(&self) -> Option<Side> {
        let by_area = |s: &[u32; 2]| match s[0].cmp(&s[1]) {
            core::cmp::Ordering::Greater => Some(Side::First),
            core::cmp::Ordering::Less => Some(Side::Second),
            core::cmp::Ordering::Equal => None,
        };
        match self {
            End::Wall { mover } => Some(mover.other()),
            End::TrailHit { owner, .. } => Some(owner.other()),
            End::SideHit { mover } => Some(*mover),
            End::HeadOn { scores } | End::TickLimit { scores } => by_area(scores),
            End::HeadsOnLand { mover, mover_won } => {
                Some(if *mover_won { *mover } else { mover.other() })
            }
            End::Forfeit { player, .. } => Some(player.other()),
        }
    }

    /// The engine's short name: `wall`, `trail`, `side`, `head_on`, `territory_collision`,
    /// `ai_error`, `ai_timeout`, `tick_limit`.
    ///
    /// ```
    /// use grid_games::paperio::End;
    /// assert_eq!(End::HeadOn { scores: [1, 2] }.name(), "head_on");
    /// ```
    pub fn name(&self) -> &'static str {
        match self.code() {
            0 => "wall",
            1 => "trail",
            2 => "side",
            3 => "head_on",
            4 => "territory_collision",
            -1 => "ai_error",
            -2 => "ai_timeout",
            _ => "tick_limit",
        }
    }
}

impl core::fmt::Display for ForfeitKind {
    /// `error: …` (the error text) or `timeout`.
    ///
    /// ```
    /// use grid_games::paperio::ForfeitKind;
    /// assert_eq!(ForfeitKind::Error("bad move".into()).to_string(), "error: bad move");
    /// assert_eq!(ForfeitKind::Timeout.to_string(), "timeout");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ForfeitKind::Error(e) => write!(f, "error: {e}"),
            ForfeitKind::Timeout => f.write_str("timeout"),
        }
    }
}

impl core::fmt::Display for End {
    /// The engine's result name, what happened and who won: `trail: player 1 ran into player
    /// 2's trail; player 1 won`. Seats are counted from 1, as [`Side`] prints them.
    ///
    /// ```
    /// use grid_games::game::Side;
    /// use grid_games::paperio::End;
    /// let cut = End::TrailHit { mover: Side::First, owner: Side::Second };
    /// assert_eq!(cut.to_string(), "trail: player 1 ran into player 2's trail; player 1 won");
    /// let limit = End::TickLimit { scores: [120, 120] };
    /// assert_eq!(limit.to_string(), "tick_limit: all moves played, territory 120 to 120; drawn");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: ", self.name())?;
        match self {
            End::Wall { mover } => write!(f, "{mover} left the board")?,
            End::TrailHit { mover, owner } if mover == owner => {
                write!(f, "{mover} ran into its own trail")?
            }
            End::TrailHit { mover, owner } => write!(f, "{mover} ran into {owner}'s trail")?,
            End::SideHit { mover } => write!(f, "{mover} hit the other head side-on")?,
            End::HeadOn { scores } => write!(
                f,
                "the heads met head-on, territory {} to {}",
                scores[0], scores[1]
            )?,
            End::HeadsOnLand { mover, .. } => {
                write!(f, "{mover} met the other head on owned land")?
            }
            End::Forfeit { player, kind } => write!(f, "{player} forfeited ({kind})")?,
            End::TickLimit { scores } => write!(
                f,
                "all moves played, territory {} to {}",
                scores[0], scores[1]
            )?,
        }
        match self.winner() {
            Some(w) => write!(f, "; {w} won"),
            None => f.write_str("; drawn"),
        }
    }
}
