//! Plays a series of Blokus games between two bots, seats alternated, and prints the table.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_match -- \
//!     [--variant duo|classic|classic_2] [--games N] [--ms MS | --iterations N] \
//!     [--seed S] [--threads T] BOT_A BOT_B
//! ```
//!
//! Bots: `random`, `heuristic`, `mcts`. In game `g`, bot A plays player 0 (the first colour)
//! when `g` is even and player 1 otherwise; in four-player Classic bot A takes players 0 and 2
//! (or 1 and 3) and its score is their sum. `--ms` gives every move a time budget,
//! `--iterations` an iteration budget (MCTS simulations); the default is each bot's own.
//! Prints wins, draws and losses of A, the mean score difference A − B, and the mean and
//! largest thinking time per move of each bot.

use std::process::ExitCode;
use std::time::Duration;

use grid_games::blokus::bots::{BOT_NAMES, named_bot};
use grid_games::blokus::{MoveTable, Position, Variant};
use grid_games::game::{Bot, Budget, MatchRules, play_match};

struct Options {
    variant: Variant,
    games: usize,
    budget: Budget,
    seed: u64,
    threads: usize,
    bots: [String; 2],
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        variant: Variant::Duo,
        games: 10,
        budget: Budget::default(),
        seed: 1,
        threads: 1,
        bots: Default::default(),
    };
    let mut names = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--variant" => {
                o.variant = Variant::parse(&value("--variant")?).map_err(|e| e.to_string())?
            }
            "--games" => {
                o.games = value("--games")?
                    .parse()
                    .map_err(|e| format!("--games: {e}"))?
            }
            "--ms" => {
                let ms: u64 = value("--ms")?.parse().map_err(|e| format!("--ms: {e}"))?;
                o.budget.time = Some(Duration::from_millis(ms));
            }
            "--iterations" => {
                o.budget.iterations = Some(
                    value("--iterations")?
                        .parse()
                        .map_err(|e| format!("--iterations: {e}"))?,
                )
            }
            "--seed" => {
                o.seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "--threads" => {
                o.threads = value("--threads")?
                    .parse()
                    .map_err(|e| format!("--threads: {e}"))?
            }
            name if !name.starts_with("--") => names.push(name.to_string()),
            other => return Err(format!("unknown option {other}")),
        }
    }
    let [a, b]: [String; 2] = names
        .try_into()
        .map_err(|_| "give exactly two bot names".to_string())?;
    for n in [&a, &b] {
        if !BOT_NAMES.contains(&n.as_str()) {
            return Err(format!("unknown bot {n}; known: {}", BOT_NAMES.join(", ")));
        }
    }
    o.bots = [a, b];
    o.threads = o.threads.max(1);
    Ok(o)
}

/// One game's result: score A − score B, and per bot its moves, total and largest think time.
struct GameResult {
    diff: i64,
    /// The side (0 = A, 1 = B) that forfeited, if one did; it loses the game.
    forfeit: Option<usize>,
    moves: [usize; 2],
    time: [Duration; 2],
    max: [Duration; 2],
}

fn play_one(o: &Options, table: &std::sync::Arc<MoveTable>, g: usize) -> GameResult {
    let players = o.variant.players();
    let seat_of_a = g % 2;
    let mut bots: Vec<Box<dyn Bot<Position> + Send>> = (0..players)
        .map(|p| {
            let which = (p + seat_of_a) % 2;
            let seed = o
                .seed
                .wrapping_mul(1_000_003)
                .wrapping_add((g * players + p) as u64);
            named_bot(&o.bots[which], seed).expect("checked names")
        })
        .collect();
    let mut seats: Vec<&mut dyn Bot<Position>> = bots
        .iter_mut()
        .map(|b| &mut **b as &mut dyn Bot<Position>)
        .collect();
    let rules = MatchRules::default().with_budget(o.budget);
    let record = play_match(Position::with_table(table.clone()), &mut seats, rules)
        .expect("one bot per player");
    let mut r = GameResult {
        diff: 0,
        forfeit: record
            .forfeit
            .as_ref()
            .map(|(p, _)| (p.index() + seat_of_a) % 2),
        moves: [0; 2],
        time: [Duration::ZERO; 2],
        max: [Duration::ZERO; 2],
    };
    for (p, &s) in record.outcome.scores.iter() {
        let side = (p.index() + seat_of_a) % 2;
        r.diff += if side == 0 { s } else { -s };
        r.time[side] += record.think_time[p];
    }
    for (&(p, _), &t) in record.actions.iter().zip(&record.action_times) {
        let side = (p.index() + seat_of_a) % 2;
        r.moves[side] += 1;
        r.max[side] = r.max[side].max(t);
    }
    r
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("blokus_match: {e}");
            return ExitCode::from(2);
        }
    };
    let table = std::sync::Arc::new(MoveTable::new(o.variant));
    let results: Vec<GameResult> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..o.threads)
            .map(|t| {
                let (o, table) = (&o, &table);
                s.spawn(move || {
                    (t..o.games)
                        .step_by(o.threads)
                        .map(|g| (g, play_one(o, table, g)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(usize, GameResult)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect();
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, r)| r).collect()
    });
    let outcome = |r: &GameResult| match r.forfeit {
        Some(side) => {
            if side == 0 {
                -1
            } else {
                1
            }
        }
        None => r.diff.signum(),
    };
    let wins = results.iter().filter(|r| outcome(r) > 0).count();
    let draws = results.iter().filter(|r| outcome(r) == 0).count();
    let forfeits = results.iter().filter(|r| r.forfeit.is_some()).count();
    if forfeits > 0 {
        println!(
            "{forfeits} games ended by a forfeit (no move or an illegal move), scored as losses"
        );
    }
    let losses = results.len() - wins - draws;
    let mean = results.iter().map(|r| r.diff as f64).sum::<f64>() / results.len().max(1) as f64;
    println!(
        "{} vs {} on {}: {} games, {wins} wins, {draws} draws, {losses} losses for {} ({:.1} %), mean score difference {mean:+.2}",
        o.bots[0],
        o.bots[1],
        o.variant,
        results.len(),
        o.bots[0],
        100.0 * (wins as f64 + 0.5 * draws as f64) / results.len().max(1) as f64
    );
    for side in 0..2 {
        let moves: usize = results.iter().map(|r| r.moves[side]).sum();
        let time: Duration = results.iter().map(|r| r.time[side]).sum();
        let max = results
            .iter()
            .map(|r| r.max[side])
            .max()
            .unwrap_or_default();
        println!(
            "{}: {moves} moves, {:.1} ms per move on average, {:.1} ms at most",
            o.bots[side],
            1e3 * time.as_secs_f64() / moves.max(1) as f64,
            1e3 * max.as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
