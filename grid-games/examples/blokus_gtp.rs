//! A GTP engine for Blokus on stdin/stdout, so Pentobi's match runner (`twogtp`) or any GTP
//! tool can play against our bots.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_gtp -- --bot NAME [--ms MS | --iterations N] [--seed S]
//! ```
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`, `list_commands`, `quit`,
//! `set_game` (`Blokus Duo`, `Blokus`, `Blokus Two-Player`), `clear_board`, `play <colour>
//! <move>`, `genmove <colour>`, `reg_genmove <colour>` (answers without playing), `undo`,
//! `cputime`, `showboard`, `final_score`. Colours: Duo `b`/`w`, Classic `1`..`4`. As in
//! Pentobi, `play` does not enforce turn order and refuses `pass`; `genmove` answers `pass`
//! when the colour has no legal move. Answers are `= text` or `? error` followed by an empty
//! line, with the command's numeric id if it had one.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use grid_games::blokus::bots::{BOT_NAMES, named_bot};
use grid_games::blokus::{Position, Variant};
use grid_games::core::{Bot, Budget};

const COMMANDS: [&str; 16] = [
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
    "undo",
    "version",
    "boardsize",
];

struct Engine {
    bot_name: String,
    bot: Box<dyn Bot<Position> + Send>,
    budget: Budget,
    pos: Position,
    thinking: Duration,
}

fn main() -> ExitCode {
    let mut bot_name = "mcts".to_string();
    let mut budget = Budget::default();
    let mut seed = 1;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next();
        let parsed = match (a.as_str(), value) {
            ("--bot", Some(v)) => {
                bot_name = v;
                Ok(())
            }
            ("--ms", Some(v)) => v
                .parse()
                .map(|ms| budget.time = Some(Duration::from_millis(ms))),
            ("--iterations", Some(v)) => v.parse().map(|n| budget.iterations = Some(n)),
            ("--seed", Some(v)) => v.parse().map(|s| seed = s),
            _ => {
                eprintln!("usage: blokus_gtp --bot NAME [--ms MS | --iterations N] [--seed S]");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = parsed {
            eprintln!("blokus_gtp: bad value for {a}: {e}");
            return ExitCode::from(2);
        }
    }
    let Some(bot) = named_bot(&bot_name, seed) else {
        eprintln!(
            "blokus_gtp: unknown bot {bot_name}; known: {}",
            BOT_NAMES.join(", ")
        );
        return ExitCode::from(2);
    };
    let mut engine = Engine {
        bot_name,
        bot,
        budget,
        pos: Position::new(Variant::Duo),
        thinking: Duration::ZERO,
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.split('#').next().unwrap_or("").trim().to_string();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace().peekable();
        let id = match words.peek() {
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => words.next().map(str::to_string),
            _ => None,
        };
        let Some(command) = words.next() else {
            continue;
        };
        let args: Vec<&str> = words.collect();
        let reply = engine.run(command, &args);
        let id = id.unwrap_or_default();
        let text = match &reply {
            Ok(t) => format!("={id} {t}"),
            Err(e) => format!("?{id} {e}"),
        };
        let ok = writeln!(out, "{}\n", text.trim_end()).and_then(|_| out.flush());
        if ok.is_err() || command == "quit" {
            break;
        }
    }
    ExitCode::SUCCESS
}

impl Engine {
    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok(format!("grid-games {}", self.bot_name)),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS
                .contains(&args.first().copied().unwrap_or(""))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "set_game" => {
                let variant = Variant::parse(&args.join(" ")).map_err(|e| e.to_string())?;
                self.pos = Position::new(variant);
                Ok(String::new())
            }
            "boardsize" => match args.first().and_then(|s| s.parse::<u8>().ok()) {
                Some(n) if n == self.pos.variant().size() => Ok(String::new()),
                _ => Err("unacceptable size".into()),
            },
            "clear_board" => {
                self.pos = Position::with_table(self.pos.table().clone());
                Ok(String::new())
            }
            "play" => {
                let [colour, mv] = args else {
                    return Err("usage: play COLOUR MOVE".into());
                };
                let colour = self
                    .pos
                    .variant()
                    .parse_colour(colour)
                    .map_err(|e| e.to_string())?;
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
                let colour = self
                    .pos
                    .variant()
                    .parse_colour(colour)
                    .map_err(|e| e.to_string())?;
                if !self.pos.has_legal_move(colour) {
                    return Ok("pass".into());
                }
                let mut view = self.pos.clone();
                view.set_nominal_to_move(colour)
                    .map_err(|e| e.to_string())?;
                let start = Instant::now();
                let choice = self.bot.choose(&view, self.budget);
                self.thinking += start.elapsed();
                let m = choice.ok_or("the bot found no move")?;
                if command == "genmove" {
                    self.pos.play_as(colour, m).map_err(|e| e.to_string())?;
                }
                Ok(self.pos.notation(m))
            }
            "undo" => self
                .pos
                .undo()
                .map(|_| String::new())
                .map_err(|e| e.to_string()),
            "cputime" => Ok(format!(
                "{:.3}",
                cpu_seconds().unwrap_or(self.thinking.as_secs_f64())
            )),
            "showboard" => Ok(format!("\n{}", self.pos.render().trim_end())),
            "final_score" => Ok(self.pos.final_score()),
            other => Err(format!("unknown command {other}")),
        }
    }
}

/// CPU seconds of this process from `/proc/self/stat` (Linux; user + system time at the usual
/// 100 ticks per second), or `None` elsewhere (the caller then reports thinking time).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
