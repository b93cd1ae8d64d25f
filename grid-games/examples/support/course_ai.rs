//! The course-AI protocol of the `paperio_course_ai` example: one JSON line in per turn, one
//! letter out. Shared with its tests.
//!
//! A line is a JSON object:
//!
//! * `log`: the course frames that are new since the previous line (on a game's first line,
//!   at least the latest one). A *full* frame has the course's `fields` and `bands` grids and
//!   replaces the program's position; a *light* frame has only `players`, `turnleft` and
//!   `timeleft`, and advances the program's own copy of the game by the ply it shows (the
//!   mover is the player whose `turnleft` dropped, its turn is read from its new heading, and
//!   its head must land where the frame says). Or `now`: one full frame.
//! * `me`: the course id (1 or 2) of the player to answer for; optional when the last frame
//!   has the course's `me` entry.
//! * `max_turn`: moves per player (default 2000, the course's); `size`: `[W, H]`, checked
//!   against the grids when present.
//!
//! A frame whose moves left exceed the previous frame's starts a new game (and a new bot).
//! After a line it cannot use, the session forgets its game until a full frame comes.

#![allow(dead_code)] // each user takes what it needs

use grid_games::game::{Bot, Budget, Side};
use grid_games::paperio::bots::{Decision, PlannerBot, PlannerConfig, named_bot};
use grid_games::paperio::course::{Frame, FramePlayer, player_id, side_of_id};
use grid_games::paperio::{Direction, Position, Turn};
use serde_json::{Value, json};
use std::time::Duration;

/// The course's default moves per player.
pub const DEFAULT_MAX_TURN: u32 = 2000;

/// One program run: a bot per game and the game as the program follows it.
pub struct Session {
    bot_name: String,
    /// The planner's tuning, when the bot is the planner or the guard and one was given.
    planner: Option<PlannerConfig>,
    seed: u64,
    bot: Player,
    game: Option<Position>,
    /// Bots made so far (one per game).
    pub games: u64,
}

/// The bot of a game: the planner (also under the guard's tuning), whose decisions can be
/// asked for, or any other bot.
enum Player {
    Planner(Box<PlannerBot>),
    Other(Box<dyn Bot<Position> + Send>),
}

/// A frame as read from JSON: full (with grids) or light.
enum Seen {
    Full(Frame),
    Light {
        players: Vec<FramePlayer>,
        turnleft: [u32; 2],
    },
}

fn number(v: &Value, what: &str) -> Result<i64, String> {
    v.as_i64()
        .ok_or_else(|| format!("{what} is not an integer"))
}

fn pair<T>(v: &Value, what: &str, f: impl Fn(&Value) -> Option<T>) -> Result<[T; 2], String> {
    let items = v
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or_else(|| format!("{what} is not a pair"))?;
    let a = f(&items[0]).ok_or_else(|| format!("bad {what}"))?;
    let b = f(&items[1]).ok_or_else(|| format!("bad {what}"))?;
    Ok([a, b])
}

fn grid(v: &Value, what: &str) -> Result<Vec<Vec<Option<u8>>>, String> {
    let columns = v
        .as_array()
        .ok_or_else(|| format!("{what} is not a list"))?;
    columns
        .iter()
        .map(|column| {
            column
                .as_array()
                .ok_or_else(|| format!("{what} holds a column that is not a list"))?
                .iter()
                .map(|cell| match cell {
                    Value::Null => Ok(None),
                    other => other
                        .as_u64()
                        .and_then(|id| u8::try_from(id).ok())
                        .map(Some)
                        .ok_or_else(|| format!("{what} holds {other}")),
                })
                .collect()
        })
        .collect()
}

fn players(v: &Value) -> Result<Vec<FramePlayer>, String> {
    let list = v.as_array().ok_or("players is not a list")?;
    list.iter()
        .map(|p| {
            let field = |k: &str| p.get(k).ok_or_else(|| format!("a player lacks {k}"));
            let small = |k: &str| -> Result<u8, String> {
                u8::try_from(number(field(k)?, k)?).map_err(|_| format!("{k} out of range"))
            };
            let coordinate = |k: &str| -> Result<i32, String> {
                i32::try_from(number(field(k)?, k)?).map_err(|_| format!("{k} out of range"))
            };
            Ok(FramePlayer {
                id: small("id")?,
                x: coordinate("x")?,
                y: coordinate("y")?,
                direction: small("direction")?,
            })
        })
        .collect()
}

fn read_frame(v: &Value) -> Result<Seen, String> {
    let field = |k: &str| v.get(k).ok_or_else(|| format!("a frame lacks {k}"));
    let players = players(field("players")?)?;
    let turnleft = pair(field("turnleft")?, "turnleft", |x| {
        x.as_u64().and_then(|n| u32::try_from(n).ok())
    })?;
    match (v.get("fields"), v.get("bands")) {
        (Some(fields), Some(bands)) => {
            let timeleft = pair(field("timeleft")?, "timeleft", Value::as_f64)?;
            let band_route = match v.get("band_route") {
                Some(r) => Some(pair(r, "band_route", |route| {
                    route
                        .as_array()?
                        .iter()
                        .map(|d| d.as_u64().and_then(|d| u8::try_from(d).ok()))
                        .collect()
                })?),
                None => None,
            };
            Ok(Seen::Full(Frame {
                fields: grid(fields, "fields")?,
                bands: grid(bands, "bands")?,
                players,
                turnleft,
                timeleft,
                band_route,
            }))
        }
        (None, None) => Ok(Seen::Light { players, turnleft }),
        _ => Err("a frame has only one of fields and bands".into()),
    }
}

/// A course frame as JSON, the shape Python's `json.dumps` gives it (with `me` and `enemy`
/// when `me` is given).
pub fn frame_json(frame: &Frame, me: Option<Side>) -> Value {
    let mut v = light_json(frame);
    v["fields"] = json!(frame.fields);
    v["bands"] = json!(frame.bands);
    if let Some(route) = &frame.band_route {
        v["band_route"] = json!(route);
    }
    if let Some(me) = me {
        v["me"] = player_json(&frame.players[me.index()]);
        v["enemy"] = player_json(&frame.players[me.other().index()]);
    }
    v
}

fn player_json(p: &FramePlayer) -> Value {
    json!({"id": p.id, "x": p.x, "y": p.y, "direction": p.direction})
}

/// The light form of a frame: its heads, moves left and times.
pub fn light_json(frame: &Frame) -> Value {
    json!({
        "players": frame.players.iter().map(player_json).collect::<Vec<_>>(),
        "turnleft": frame.turnleft,
        "timeleft": frame.timeleft,
    })
}

/// The planner's tuning that bot `name` stands for: the guard's for `guard`, the planner's
/// defaults for `planner`, none for the other bots.
pub fn planner_defaults(name: &str) -> Option<PlannerConfig> {
    match name {
        "guard" => Some(PlannerConfig::guard()),
        "planner" => Some(PlannerConfig::default()),
        _ => None,
    }
}

impl Session {
    /// A session playing bot `name` (one of `BOT_NAMES`), seeded.
    pub fn new(name: &str, seed: u64) -> Result<Session, String> {
        Session::with_planner(name, seed, None)
    }

    /// A session as [`Session::new`] makes it, with the planner's tuning when the bot is the
    /// planner or the guard (the tuning of any other bot is an error).
    pub fn with_planner(
        name: &str,
        seed: u64,
        planner: Option<PlannerConfig>,
    ) -> Result<Session, String> {
        if planner.is_some() && name != "planner" && name != "guard" {
            return Err(format!("a planner tuning was given for the bot {name}"));
        }
        let bot = Session::make(name, seed, planner)?;
        Ok(Session {
            bot_name: name.to_owned(),
            planner,
            seed,
            bot,
            game: None,
            games: 1,
        })
    }

    /// The game as the session follows it.
    pub fn position(&self) -> Option<&Position> {
        self.game.as_ref()
    }

    fn new_game(&mut self) {
        self.games += 1;
        let seed = self.seed.wrapping_add(self.games - 1);
        self.bot = Session::make(&self.bot_name, seed, self.planner).expect("the name was checked");
    }

    fn make(name: &str, seed: u64, planner: Option<PlannerConfig>) -> Result<Player, String> {
        // The guard is the planner with the guard's tuning (`GuardBot` wraps no more).
        match planner.or_else(|| planner_defaults(name)) {
            Some(config) => Ok(Player::Planner(Box::new(PlannerBot::with_config(
                seed, config,
            )))),
            None => named_bot(name, seed)
                .map(Player::Other)
                .ok_or_else(|| format!("unknown bot {name}")),
        }
    }

    /// The rule that chose the bot's last move, when the bot is the planner or the guard.
    pub fn last_decision(&self) -> Option<Decision> {
        match &self.bot {
            Player::Planner(bot) => bot.last_decision(),
            Player::Other(_) => None,
        }
    }

    /// Forgets the game: the next line must bring a full frame.
    pub fn forget(&mut self) {
        self.game = None;
    }

    /// Reads one line and answers the move. After an error the session forgets its game: the
    /// next line must bring a full frame (the program answers `n resync` to ask for one).
    pub fn turn(&mut self, line: &str) -> Result<Turn, String> {
        let answer = self.read(line);
        if answer.is_err() {
            self.game = None;
        }
        answer
    }

    fn read(&mut self, line: &str) -> Result<Turn, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
        let max_turn = match v.get("max_turn") {
            Some(m) => {
                u32::try_from(number(m, "max_turn")?).map_err(|_| "max_turn out of range")?
            }
            None => DEFAULT_MAX_TURN,
        };
        let frames: Vec<&Value> = match (v.get("log"), v.get("now")) {
            (Some(log), _) => log.as_array().ok_or("log is not a list")?.iter().collect(),
            (None, Some(now)) => vec![now],
            (None, None) => return Err("the line has neither log nor now".into()),
        };
        let last = *frames.last().ok_or("log is empty")?;
        let me = match v
            .get("me")
            .or_else(|| last.get("me").and_then(|m| m.get("id")))
        {
            Some(id) => u8::try_from(number(id, "me")?)
                .ok()
                .and_then(side_of_id)
                .ok_or("me is not 1 or 2")?,
            None => return Err("the line does not say which player to answer for".into()),
        };
        let mut timeleft = None;
        for frame in frames {
            timeleft = frame
                .get("timeleft")
                .and_then(|t| t.get(me.index()))
                .and_then(Value::as_f64)
                .or(timeleft);
            self.see(read_frame(frame)?, max_turn)?;
        }
        if let (Some(size), Some(game)) = (v.get("size"), &self.game) {
            let size = pair(size, "size", Value::as_u64)?;
            if size != [u64::from(game.width()), u64::from(game.height())] {
                return Err(format!("size {size:?} differs from the frames' board"));
            }
        }
        let game = self.game.as_ref().ok_or("no full frame seen yet")?;
        if game.to_move() != Some(me) {
            return Err(format!("it is not player {}'s turn", player_id(me)));
        }
        let mut budget = Budget::default();
        if let Some(left) = timeleft.filter(|t| t.is_finite() && *t > 0.0) {
            budget = budget.with_game_time_left(Duration::from_secs_f64(left.min(1e6)));
        }
        let budget = budget.for_move(game.moves_left(me));
        let bot: &mut dyn Bot<Position> = match &mut self.bot {
            Player::Planner(bot) => bot.as_mut(),
            Player::Other(bot) => bot.as_mut(),
        };
        bot.choose(game, budget)
            .ok_or_else(|| "the bot gave no move".to_string())
    }

    /// Takes in one frame.
    fn see(&mut self, seen: Seen, max_turn: u32) -> Result<(), String> {
        let left = |s: &Seen| match s {
            Seen::Full(f) => f.turnleft,
            Seen::Light { turnleft, .. } => *turnleft,
        };
        let restart = self.game.as_ref().is_some_and(|g| {
            let now = left(&seen);
            let before =
                u64::from(g.moves_left(Side::First)) + u64::from(g.moves_left(Side::Second));
            u64::from(now[0]) + u64::from(now[1]) > before
        });
        if restart {
            self.new_game();
            self.game = None;
        }
        match seen {
            Seen::Full(frame) => {
                let game = Position::from_frame(&frame, max_turn).map_err(|e| e.to_string())?;
                self.game = Some(game);
                Ok(())
            }
            Seen::Light { players, turnleft } => {
                let game = self
                    .game
                    .as_mut()
                    .ok_or("a light frame before any full frame")?;
                let before = [game.moves_left(Side::First), game.moves_left(Side::Second)];
                if turnleft == before {
                    return Ok(()); // a frame already seen
                }
                let mover = game.to_move().ok_or("a frame after the game's end")?;
                let mut expected = before;
                expected[mover.index()] -= 1;
                if turnleft != expected {
                    return Err(format!(
                        "moves left {turnleft:?} do not follow {before:?} by one ply"
                    ));
                }
                let seen = players
                    .get(mover.index())
                    .filter(|p| p.id == player_id(mover))
                    .ok_or("players must be ids 1 and 2 in order")?;
                if seen.direction > 3 {
                    return Err(format!("direction {} is not 0-3", seen.direction));
                }
                let heading = Direction::from_index(seen.direction);
                let turn = Turn::ALL
                    .into_iter()
                    .find(|&t| game.direction(mover).turned(t) == heading)
                    .ok_or("a heading no turn gives (a reversal)")?;
                game.play(turn).map_err(|e| e.to_string())?;
                if game.head(mover) != (seen.x, seen.y) {
                    return Err("the frame's head is not where the ply leads: out of step".into());
                }
                Ok(())
            }
        }
    }
}
