//! An outside GTP engine (Pentobi's `pentobi-gtp`, our own `blokus_gtp`, or any program that
//! speaks the same commands) as a [`Bot`] of the `blokus_match` example.
//!
//! The engine runs as a child process; the bot keeps the engine's board in step with the game
//! it is asked about: the moves played since its last answer go over with `play`, a game
//! that does not continue the engine's board starts with `clear_board`, and `genmove` asks for
//! the move. `cputime` before and after each `genmove` measures the engine's own CPU time, so
//! that a match compares both sides' CPU per move. The commands used: `set_game`,
//! `clear_board`, `play`, `genmove`, `cputime`, `name`, `quit`.

#![allow(dead_code)] // each user takes what it needs

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use grid_games::blokus::{Colour, Move, Position, Variant};
use grid_games::game::{Bot, Budget};

/// The longest answer line read from an engine (a Classic move is under 100 bytes).
const MAX_ANSWER: usize = 1 << 16;

/// A GTP engine process.
pub struct GtpProcess {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GtpProcess {
    /// Starts `command` (a program and its arguments, split at white space).
    pub fn start(command: &str) -> Result<GtpProcess, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start `{program}`: {e}"))?;
        let input = child.stdin.take().ok_or("no engine input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no engine output")?);
        Ok(GtpProcess {
            child,
            input,
            output,
        })
    }

    /// Sends `command` and returns the answer's text (after `= `), or the engine's error.
    pub fn ask(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("engine input closed: {e}"))?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = (&mut self.output)
                .take(MAX_ANSWER as u64)
                .read_line(&mut line)
                .map_err(|e| format!("cannot read the engine: {e}"))?;
            if n == 0 {
                return Err(format!("the engine ended while answering `{command}`"));
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if answer.is_empty() {
                    continue; // blank lines before an answer
                }
                break;
            }
            if !answer.is_empty() {
                answer.push('\n');
            }
            answer.push_str(line);
            if answer.len() > MAX_ANSWER {
                return Err(format!("an overlong answer to `{command}`"));
            }
        }
        let (status, text) = answer.split_at(1);
        let text = text
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        match status {
            "=" => Ok(text),
            "?" => Err(format!("the engine refused `{command}`: {text}")),
            _ => Err(format!("not a GTP answer to `{command}`: {answer}")),
        }
    }

    /// The engine's CPU seconds so far (`cputime`).
    pub fn cpu_seconds(&mut self) -> Result<f64, String> {
        let text = self.ask("cputime")?;
        text.parse::<f64>()
            .map_err(|_| format!("a cputime answer that is not a number: {text}"))
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        // Ask politely, then make sure.
        let _ = writeln!(self.input, "quit").and_then(|()| self.input.flush());
        let deadline = std::time::Instant::now() + Duration::from_secs(2);
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A GTP engine playing as a bot. It thinks with its own settings (its command line), not
/// with the budget the match gives.
pub struct GtpBot {
    engine: GtpProcess,
    name: String,
    variant: Option<Variant>,
    /// The moves the engine's board holds.
    known: Vec<(Colour, Move)>,
    /// The engine's CPU time over its `genmove`s.
    pub cpu: Duration,
    /// The `genmove`s answered.
    pub moves: u64,
    /// What went wrong, when the engine failed (the bot then returns no move).
    pub error: Option<String>,
}

impl GtpBot {
    /// Starts the engine `command` and asks its name.
    pub fn start(command: &str) -> Result<GtpBot, String> {
        let mut engine = GtpProcess::start(command)?;
        let name = engine.ask("name")?;
        Ok(GtpBot {
            engine,
            name,
            variant: None,
            known: Vec::new(),
            cpu: Duration::ZERO,
            moves: 0,
            error: None,
        })
    }

    /// Brings the engine's board to `game` and asks its move.
    fn answer(&mut self, game: &Position) -> Result<Move, String> {
        let variant = game.variant();
        let history: Vec<(Colour, Move)> = game.history().collect();
        if self.variant != Some(variant) {
            self.engine
                .ask(&format!("set_game {}", variant.game_name()))?;
            self.variant = Some(variant);
            self.known.clear();
        } else if !history.starts_with(&self.known) {
            self.engine.ask("clear_board")?;
            self.known.clear();
        }
        let colour_name = |c: Colour| {
            variant
                .colour_name(c)
                .ok_or_else(|| format!("colour {} is not a colour of {variant}", c.index()))
        };
        for &(c, m) in &history[self.known.len()..] {
            let notation = game.notation(m).map_err(|e| e.to_string())?;
            self.engine
                .ask(&format!("play {} {notation}", colour_name(c)?))?;
            self.known.push((c, m));
        }
        let colour = game.colour_to_move().ok_or("the game is over")?;
        let before = self.engine.cpu_seconds()?;
        let text = self
            .engine
            .ask(&format!("genmove {}", colour_name(colour)?))?;
        let after = self.engine.cpu_seconds()?;
        self.cpu += Duration::from_secs_f64((after - before).clamp(0.0, 1e6));
        self.moves += 1;
        let m = game
            .parse_move(&text)
            .map_err(|e| format!("the engine answered `{text}`: {e}"))?;
        game.check(colour, m)
            .map_err(|e| format!("the engine's move `{text}` is illegal: {e}"))?;
        self.known.push((colour, m));
        Ok(m)
    }
}

impl Bot<Position> for GtpBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Position, _: Budget) -> Option<Move> {
        match self.answer(game) {
            Ok(m) => Some(m),
            Err(e) => {
                self.error.get_or_insert(e);
                // The engine's board is unknown now: start over at the next move.
                self.variant = None;
                None
            }
        }
    }
}
