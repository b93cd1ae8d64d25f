//! A Go Text Protocol engine for Blokus, IO-free: feed it command lines, print what it answers.
//! The `blokus_gtp` example wires it to stdin/stdout, so Pentobi's match runner (`twogtp`) or
//! any GTP tool can play our bots.
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`, `list_commands`, `quit`,
//! `set_game` (Pentobi's game names `Blokus Duo`, `Blokus`, `Blokus Two-Player`,
//! `Blokus Junior`, `Blokus Three-Player`; the variant ids are accepted too), `clear_board`,
//! `boardsize` (the variant's own size only), `play <colour> <move>`, `genmove <colour>`,
//! `reg_genmove <colour>` (answers without playing), `undo`, `cputime`, `showboard`,
//! `final_score` (`B+n` / `W+n` / `0` with two players, every colour's points with three or
//! four), and the clock commands `time_settings <main> <byo-yomi> <stones>` and
//! `time_left <colour> <seconds> <stones>` (the game clock below). Colours: Duo and Junior `b`/`w`, the four-colour variants `1`..`4`. As in Pentobi,
//! `play` does not enforce turn order and refuses `pass`; `genmove` answers `pass` for a
//! colour without a legal move.
//!
//! ```
//! use grid_games::blokus::{gtp::GtpEngine, bots::HeuristicBot};
//! use grid_games::game::Budget;
//! let mut engine = GtpEngine::new(Box::new(HeuristicBot::new(0)), Budget::default());
//! assert_eq!(engine.respond("1 protocol_version").unwrap().text, "=1 2\n\n");
//! assert_eq!(engine.respond("set_game Blokus Duo").unwrap().text, "= \n\n");
//! assert_eq!(engine.respond("play b e8,d9,e9,f9,e10").unwrap().text, "= \n\n");
//! assert!(engine.respond("play w a1").unwrap().text.starts_with("? "));
//! let answer = engine.respond("genmove w").unwrap().text;
//! assert!(answer.starts_with("= ") && answer.contains("j5"));
//! assert!(engine.respond("# a comment").is_none());
//! assert!(engine.respond("quit").unwrap().quit);
//! ```
//!
//! # The game clock
//!
//! Without clock commands every `genmove` thinks with the engine's own budget. After
//! `time_settings` each player has a clock: main time, then byo-yomi periods of
//! `<byo-yomi>` seconds for `<stones>` moves (`time_settings 300 0 0` is five minutes for
//! the game, sudden death; a byo-yomi time with 0 stones means no limit). The engine charges
//! each `genmove`'s thinking to the mover's clock, and `time_left` sets a clock as the
//! controller reckons it. In main time the bot gets the rest of the game's time as a
//! per-game budget and takes its own share of it (the search bot spends more in the opening
//! and middle game than at the end); in byo-yomi an even share of the period. The engine's
//! own budget still caps every move. `clear_board` and `set_game` restart the clocks.
//!
//! ```
//! use grid_games::blokus::{bots::SearchBot, gtp::GtpEngine};
//! use grid_games::game::Budget;
//! let mut engine = GtpEngine::new(Box::new(SearchBot::new(1)), Budget::default());
//! assert_eq!(engine.respond("time_settings 2 0 0").unwrap().text, "= \n\n"); // 2 s a game
//! let started = std::time::Instant::now();
//! assert!(engine.respond("genmove b").unwrap().text.starts_with("= "));
//! // A first move takes a share of the 2 s, not the search's default of 3 000 simulations.
//! assert!(started.elapsed() < std::time::Duration::from_millis(1800));
//! assert_eq!(engine.respond("time_left w 0.5 0").unwrap().text, "= \n\n");
//! assert!(engine.respond("time_settings 1 2").unwrap().text.starts_with("? usage"));
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{MoveTable, Position, Variant};
use crate::game::{Bot, Budget};

mod clock;
pub use clock::{MAX_SECONDS, MAX_STONES};

/// The commands the engine knows, for `list_commands` and `known_command`.
pub const COMMANDS: [&str; 18] = [
    "boardsize",
    "clear_board",
    "cputime",
    "final_score",
    "genmove",
    "known_command",
    "list_commands",
    "name",
    "play",
    "protocol_version",
    "quit",
    "reg_genmove",
    "set_game",
    "showboard",
    "time_left",
    "time_settings",
    "undo",
    "version",
];

/// One answer: the text to write (already framed as `=id text` or `?id error`, with the blank
/// line that ends a GTP answer), and whether the session should end.
///
/// ```
/// use grid_games::blokus::{bots::RandomBot, gtp::{GtpEngine, Response}};
/// use grid_games::game::Budget;
/// let mut engine = GtpEngine::new(Box::new(RandomBot::new(1)), Budget::default());
/// // A numbered command gets its number back; an error answer starts with `?`.
/// assert_eq!(engine.respond("5 boardsize 14"), Some(Response { text: "=5 \n\n".into(), quit: false }));
/// assert_eq!(engine.respond("boardsize 19").unwrap().text, "? unacceptable size\n\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The framed answer.
    pub text: String,
    /// True after `quit`.
    pub quit: bool,
}

/// A GTP session around one bot. The bot is not trusted: a panic in any of its calls (even
/// with a payload whose own `Drop` panics) becomes an error answer, and the session goes on.
///
/// A whole exchange as a GTP controller (such as Pentobi's `twogtp`) would drive it: choose the
/// game, play the opponent's moves, ask for the engine's, and read the result.
///
/// ```
/// use grid_games::blokus::{bots::HeuristicBot, gtp::GtpEngine};
/// use grid_games::game::Budget;
/// let mut engine = GtpEngine::new(Box::new(HeuristicBot::new(0)), Budget::default());
/// let mut ask = |line: &str| engine.respond(line).map(|r| r.text).unwrap_or_default();
/// assert_eq!(ask("set_game Blokus Duo"), "= \n\n");
/// assert_eq!(ask("boardsize 14"), "= \n\n");
/// assert_eq!(ask("play b e8,d9,e9,f9,e10"), "= \n\n"); // Blue's X covers its start e10
/// let reply = ask("genmove w");                          // White's first move must cover j5
/// assert!(reply.starts_with("= ") && reply.contains("j5"), "{reply}");
/// assert!(ask("showboard").contains(" X "));
/// assert!(ask("final_score").starts_with("= "));
/// assert_eq!(ask("undo"), "= \n\n");
/// assert!(ask("quit").starts_with("="));
/// assert_eq!(engine.position().history().len(), 1);
/// ```
pub struct GtpEngine {
    bot: Box<dyn Bot<Position> + Send>,
    budget: Budget,
    pos: Position,
    /// The move tables of the variants this session has played, kept so that switching back
    /// with `set_game` costs nothing (a table takes tens of milliseconds to build; at most
    /// one per variant, about 8 MB for Classic).
    tables: Vec<Arc<MoveTable>>,
    thinking: Duration,
    cpu_clock: Option<Box<dyn Fn() -> f64 + Send>>,
    clock: clock::GameClock,
}

impl core::fmt::Debug for GtpEngine {
    /// The bot's name, the budget and the position (the bot and the clock are opaque).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let bot = &self.bot;
        let name = crate::game::guard(|| bot.name()).unwrap_or_else(|_| "(panicked)".into());
        f.debug_struct("GtpEngine")
            .field("bot", &name)
            .field("budget", &self.budget)
            .field("position", &self.pos)
            .finish_non_exhaustive()
    }
}

impl GtpEngine {
    /// A session on an empty Duo board; the bot thinks with `budget` for every `genmove`.
    ///
    /// ```
    /// use grid_games::blokus::{bots::MctsBot, gtp::GtpEngine, Variant};
    /// use grid_games::game::Budget;
    /// let engine = GtpEngine::new(Box::new(MctsBot::new(7)), Budget::iterations(50));
    /// assert_eq!(engine.position().variant(), Variant::Duo);
    /// ```
    pub fn new(bot: Box<dyn Bot<Position> + Send>, budget: Budget) -> GtpEngine {
        GtpEngine {
            bot,
            budget,
            pos: Position::new(Variant::Duo),
            tables: Vec::new(),
            thinking: Duration::ZERO,
            cpu_clock: None,
            clock: clock::GameClock::default(),
        }
    }

    /// This session continuing from `position` (any variant, any point of a game) instead of
    /// an empty Duo board; `clear_board` still starts an empty board of the position's variant.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::RandomBot, gtp::GtpEngine};
    /// use grid_games::game::Budget;
    /// let mut pos = Position::new(Variant::Duo);
    /// let first = pos.parse_move("e10")?; // the monomino on Blue's start
    /// pos.play(first)?;
    /// let mut gtp = GtpEngine::new(Box::new(RandomBot::new(1)), Budget::default()).with_position(pos);
    /// let reply = gtp.respond("genmove w").unwrap();
    /// assert!(reply.text.starts_with("= "));
    /// assert_eq!(gtp.position().history().len(), 2);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn with_position(mut self, position: Position) -> GtpEngine {
        self.pos = position;
        self
    }

    /// Supplies the process CPU time (seconds) that `cputime` reports; without it `cputime`
    /// reports the bot's thinking time (wall clock).
    ///
    /// ```
    /// use grid_games::blokus::{bots::RandomBot, gtp::GtpEngine};
    /// use grid_games::game::Budget;
    /// let engine = GtpEngine::new(Box::new(RandomBot::new(1)), Budget::default());
    /// let mut engine = engine.with_cpu_clock(Box::new(|| 1.25));
    /// assert_eq!(engine.respond("cputime").unwrap().text, "= 1.250\n\n");
    /// ```
    pub fn with_cpu_clock(mut self, clock: Box<dyn Fn() -> f64 + Send>) -> GtpEngine {
        self.cpu_clock = Some(clock);
        self
    }

    /// The current position.
    ///
    /// ```
    /// use grid_games::blokus::{bots::RandomBot, gtp::GtpEngine};
    /// use grid_games::game::Budget;
    /// let mut engine = GtpEngine::new(Box::new(RandomBot::new(1)), Budget::default());
    /// engine.respond("set_game Blokus");
    /// engine.respond("play 1 a20");
    /// assert_eq!(engine.position().final_score(), "1 0 0 0 ");
    /// ```
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Answers one input line; `None` for a blank or comment-only line (GTP answers nothing).
    ///
    /// ```
    /// use grid_games::blokus::{bots::RandomBot, gtp::GtpEngine};
    /// use grid_games::game::Budget;
    /// let mut engine = GtpEngine::new(Box::new(RandomBot::new(1)), Budget::default());
    /// assert_eq!(engine.respond("2 name").unwrap().text, "=2 grid-games random\n\n");
    /// assert_eq!(engine.respond("known_command genmove").unwrap().text, "= true\n\n");
    /// assert_eq!(engine.respond("frobnicate").unwrap().text, "? unknown command frobnicate\n\n");
    /// assert!(engine.respond("   # only a comment").is_none());
    /// ```
    pub fn respond(&mut self, line: &str) -> Option<Response> {
        // GTP preprocessing: drop comments and control characters, tabs become spaces.
        let line = line.split('#').next().unwrap_or("");
        let line: String = line
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let mut words = line.split_whitespace().peekable();
        let id = match words.peek() {
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => words.next().unwrap_or(""),
            _ => "",
        };
        let Some(command) = words.next() else {
            if id.is_empty() {
                return None;
            }
            return Some(Response {
                text: format!("?{id} empty command\n\n"),
                quit: false,
            });
        };
        let args: Vec<&str> = words.collect();
        let (mark, body) = match self.run(command, &args) {
            Ok(text) => ('=', text),
            Err(e) => ('?', e),
        };
        Some(Response {
            text: format!("{mark}{id} {}\n\n", body.trim_end_matches('\n')),
            quit: command == "quit",
        })
    }

    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => {
                let bot = &self.bot;
                let name = crate::game::guard(|| bot.name()).map_err(crashed)?;
                Ok(format!("grid-games {name}"))
            }
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS
                .contains(&args.first().copied().unwrap_or(""))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "set_game" => {
                let variant = Variant::parse(&args.join(" ")).map_err(|e| e.to_string())?;
                let current = Arc::clone(self.pos.table());
                if !self.tables.iter().any(|t| Arc::ptr_eq(t, &current)) {
                    self.tables.push(current);
                }
                let table = match self.tables.iter().find(|t| t.variant() == variant) {
                    Some(t) => Arc::clone(t),
                    None => Arc::new(MoveTable::new(variant)),
                };
                self.pos = Position::with_table(table);
                self.clock.restart();
                Ok(String::new())
            }
            "boardsize" => match args.first().and_then(|s| s.parse::<u8>().ok()) {
                Some(n) if n == self.pos.variant().size() => Ok(String::new()),
                _ => Err("unacceptable size".into()),
            },
            "clear_board" => {
                self.pos = Position::with_table(self.pos.table().clone());
                self.clock.restart();
                Ok(String::new())
            }
            "time_settings" => self.clock.set(args).map(|()| String::new()),
            "time_left" => {
                let Some((colour, rest)) = args.split_first() else {
                    return Err("usage: time_left COLOUR TIME STONES".into());
                };
                let colour = self.colour(colour)?;
                let player = self.player(colour);
                self.clock.set_left(player, rest).map(|()| String::new())
            }
            "play" => {
                let [colour, mv] = args else {
                    return Err("usage: play COLOUR MOVE".into());
                };
                let colour = self.colour(colour)?;
                if mv.eq_ignore_ascii_case("pass") {
                    return Err("play pass not supported".into());
                }
                let m = self.pos.parse_move(mv).map_err(|e| e.to_string())?;
                self.pos.play_as(colour, m).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            "genmove" | "reg_genmove" => {
                let [colour] = args else {
                    return Err(format!("usage: {command} COLOUR"));
                };
                let colour = self.colour(colour)?;
                if !self.pos.has_legal_move(colour) {
                    return Ok("pass".into());
                }
                let mut view = self.pos.clone();
                view.set_nominal_to_move(colour)
                    .map_err(|e| e.to_string())?;
                let player = self.player(colour);
                let budget = self
                    .clock
                    .budget(player, super::bots::moves_left(&view), self.budget);
                let start = Instant::now();
                let bot = &mut self.bot;
                let choice = crate::game::guard(|| bot.choose(&view, budget));
                let used = start.elapsed();
                self.thinking += used;
                self.clock.charge(player, used);
                let choice = choice.map_err(crashed)?;
                let m = choice.ok_or("the bot found no move")?;
                view.check(colour, m)
                    .map_err(|e| format!("the bot chose an illegal move: {e}"))?;
                if command == "genmove" {
                    self.pos.play_as(colour, m).map_err(|e| e.to_string())?;
                }
                self.pos.notation(m).map_err(|e| e.to_string())
            }
            "undo" => self
                .pos
                .undo()
                .map(|_| String::new())
                .map_err(|e| e.to_string()),
            "cputime" => {
                let seconds = match &self.cpu_clock {
                    Some(clock) => clock(),
                    None => self.thinking.as_secs_f64(),
                };
                Ok(format!("{seconds:.3}"))
            }
            "showboard" => Ok(format!("\n{}", self.pos.render().trim_end())),
            "final_score" => Ok(self.pos.final_score()),
            other => Err(format!("unknown command {other}")),
        }
    }
}

impl GtpEngine {
    /// The colour a GTP colour word names in the current variant.
    fn colour(&self, word: &str) -> Result<super::Colour, String> {
        self.pos
            .variant()
            .parse_colour(word)
            .map_err(|e| e.to_string())
    }

    /// The index of the player whose clock `colour`'s moves are charged to.
    fn player(&self, colour: super::Colour) -> usize {
        self.pos.player_of(colour).map_or(0, |p| p.index())
    }
}

/// The error answer for a bot call that panicked.
fn crashed(message: Option<String>) -> String {
    format!(
        "the bot crashed: {}",
        message.as_deref().unwrap_or("(no message)")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::bots::RandomBot;

    fn engine() -> GtpEngine {
        GtpEngine::new(Box::new(RandomBot::new(1)), Budget::default())
    }

    fn answer(e: &mut GtpEngine, line: &str) -> String {
        e.respond(line).expect("an answer").text
    }

    struct Crasher;
    impl Bot<Position> for Crasher {
        fn name(&self) -> String {
            "crasher".into()
        }
        fn choose(&mut self, _: &Position, _: Budget) -> Option<crate::blokus::Move> {
            panic!("on purpose")
        }
    }

    /// The clock commands' error paths: missing arguments, an unknown colour.
    #[test]
    fn clock_commands_refuse_bad_arguments() {
        let mut e = engine();
        assert!(answer(&mut e, "time_left").starts_with("? usage: time_left"));
        assert!(answer(&mut e, "time_left b 5").starts_with("? usage: time_left"));
        assert!(answer(&mut e, "time_left 3 5 0").starts_with("? "));
        assert!(answer(&mut e, "time_settings 1 2 3 4").starts_with("? usage"));
        assert_eq!(answer(&mut e, "time_left w 2 0"), "= \n\n");
    }

    #[test]
    fn a_crashing_bot_gets_an_error_answer_not_an_abort() {
        let mut e = GtpEngine::new(Box::new(Crasher), Budget::default());
        let a = answer(&mut e, "genmove b");
        assert!(a.starts_with("? the bot crashed: on purpose"), "{a}");
        assert!(e.position().history().len() == 0);
        assert!(answer(&mut e, "name").starts_with("= "));
    }

    #[test]
    fn a_session_plays_a_whole_classic_game() {
        let mut e = engine();
        assert_eq!(answer(&mut e, "set_game Blokus"), "= \n\n");
        assert_eq!(answer(&mut e, "boardsize 20"), "= \n\n");
        assert!(answer(&mut e, "boardsize 14").starts_with("? "));
        let mut passes = 0;
        let mut colour = 0;
        while passes < 4 {
            let a = answer(&mut e, &format!("genmove {}", colour + 1));
            if a == "= pass\n\n" {
                passes += 1;
            } else {
                passes = 0;
            }
            colour = (colour + 1) % 4;
        }
        assert!(e.position().is_over());
        let score = answer(&mut e, "final_score");
        assert_eq!(score.matches(' ').count(), 5, "{score:?}"); // "= a b c d " + newlines
    }

    #[test]
    fn junior_and_three_player_sessions() {
        let mut e = engine();
        assert_eq!(answer(&mut e, "set_game Blokus Junior"), "= \n\n");
        assert_eq!(e.position().variant(), Variant::Junior);
        assert_eq!(answer(&mut e, "boardsize 14"), "= \n\n");
        // Two monominoes each: the second copy is legal, a third is not.
        for (colour, cell) in [("b", "e10"), ("w", "j5"), ("b", "f11"), ("w", "i4")] {
            assert_eq!(answer(&mut e, &format!("play {colour} {cell}")), "= \n\n");
        }
        assert!(answer(&mut e, "play b g12").starts_with("? "));
        assert!(
            answer(&mut e, "play b e8,d9,e9,f9,e10").starts_with("? "),
            "no X"
        );
        assert_eq!(answer(&mut e, "final_score"), "= 0\n\n");
        assert_eq!(answer(&mut e, "play b g12,h12"), "= \n\n");
        assert_eq!(answer(&mut e, "final_score"), "= B+2\n\n");

        for name in [
            "Blokus Three-Player",
            "blokus three-player",
            "classic_3",
            "c3",
        ] {
            assert_eq!(answer(&mut e, &format!("set_game {name}")), "= \n\n");
            assert_eq!(e.position().variant(), Variant::Classic3);
        }
        assert_eq!(answer(&mut e, "final_score"), "= 0 0 0 0 \n\n");
        for colour in 1..=4 {
            assert!(!answer(&mut e, &format!("genmove {colour}")).contains("pass"));
        }
        let score = answer(&mut e, "final_score");
        assert_eq!(score.matches(' ').count(), 5, "{score:?}");
        assert_eq!(answer(&mut e, "set_game j"), "= \n\n");
        assert_eq!(e.position().variant(), Variant::Junior);
    }

    /// Switching variants back and forth builds each move table once (a Classic table took
    /// 70 to 180 ms at every `set_game`).
    #[test]
    fn set_game_builds_each_move_table_once() {
        let mut e = engine();
        let duo = Arc::clone(e.position().table());
        answer(&mut e, "set_game Blokus");
        let classic = Arc::clone(e.position().table());
        for _ in 0..3 {
            answer(&mut e, "set_game Blokus Duo");
            assert!(Arc::ptr_eq(e.position().table(), &duo));
            answer(&mut e, "set_game Blokus");
            assert!(Arc::ptr_eq(e.position().table(), &classic));
            answer(&mut e, "set_game Blokus Three-Player");
            assert_eq!(e.position().variant(), Variant::Classic3);
        }
        assert!(e.tables.len() <= Variant::ALL.len());
        // A fresh board each time.
        answer(&mut e, "play 1 a20");
        answer(&mut e, "set_game Blokus Three-Player");
        assert_eq!(e.position().history().len(), 0);
    }

    #[test]
    fn errors_ids_and_listing() {
        let mut e = engine();
        assert_eq!(
            answer(&mut e, "7 frobnicate"),
            "?7 unknown command frobnicate\n\n"
        );
        assert_eq!(answer(&mut e, "known_command showboard"), "= true\n\n");
        assert_eq!(answer(&mut e, "known_command fly"), "= false\n\n");
        assert_eq!(
            answer(&mut e, "list_commands").lines().count(),
            COMMANDS.len() + 1
        );
        assert!(answer(&mut e, "play b pass").starts_with("? play pass not supported"));
        assert!(answer(&mut e, "play x e10").starts_with("? "));
        assert!(answer(&mut e, "play b a1,a3").starts_with("? "));
        assert!(answer(&mut e, "undo").starts_with("? "));
        assert!(answer(&mut e, "set_game Trigon").starts_with("? "));
        assert!(e.respond("   ").is_none());
        let board = answer(&mut e, "showboard");
        assert!(board.starts_with("= \n14 ") && board.ends_with("\n\n"));
        assert!(
            !board.trim_end().contains("\n\n"),
            "no blank line inside an answer"
        );
        assert_eq!(
            answer(&mut e, "reg_genmove b")
                .lines()
                .next()
                .map(|l| l.len() > 2),
            Some(true)
        );
        assert_eq!(e.position().history().len(), 0, "reg_genmove does not play");
    }
}
