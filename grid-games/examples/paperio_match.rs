//! Plays a series of paper.io games between two bots, first move alternated, and prints the
//! table.
//!
//! ```text
//! cargo run --release -p grid-games --example paperio_match -- BOT_A BOT_B [--games N] \
//!     [--width W --height H] [--max-turn T] [--seed S] [--threads T] [--draw]
//! ```
//!
//! Bots: `random`, `safe`, `raider`. Game `g` uses the engine's random placement drawn from
//! (seed, g); bot A moves first in even games. The default board is 102 × 101 with 2000 moves
//! each and the course's 30 s thinking budget per player and game. Prints wins, draws and
//! losses of A, how the games ended, mean territories and the speed in plies per second;
//! `--draw` also prints every final board (`1`/`2` land, `a`/`b` trails, `A`/`B` heads).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use grid_games::game::{Bot, Forfeit, MatchRules, Rng, Side, play_match};
use grid_games::paperio::bots::{BOT_NAMES, named_bot};
use grid_games::paperio::{Config, End, ForfeitKind, Position};

struct Options {
    bots: [String; 2],
    games: usize,
    config: Config,
    seed: u64,
    threads: usize,
    draw: bool,
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        bots: Default::default(),
        games: 20,
        config: Config::default(),
        seed: 1,
        threads: 1,
        draw: false,
    };
    let mut names = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut num = |name: &str| -> Result<u64, String> {
            args.next()
                .ok_or(format!("{name} needs a value"))?
                .parse()
                .map_err(|e| format!("{name}: {e}"))
        };
        match a.as_str() {
            "--games" => o.games = num("--games")? as usize,
            "--width" => o.config.width = num("--width")? as u32,
            "--height" => o.config.height = num("--height")? as u32,
            "--max-turn" => o.config.max_turn = num("--max-turn")? as u32,
            "--seed" => o.seed = num("--seed")?,
            "--threads" => o.threads = (num("--threads")? as usize).max(1),
            "--draw" => o.draw = true,
            n if !n.starts_with("--") => names.push(n.to_string()),
            other => return Err(format!("unknown option {other}")),
        }
    }
    o.config.validate().map_err(|e| e.to_string())?;
    let [a, b]: [String; 2] = names
        .try_into()
        .map_err(|_| "give exactly two bot names".to_string())?;
    for n in [&a, &b] {
        if !BOT_NAMES.contains(&n.as_str()) {
            return Err(format!("unknown bot {n}; known: {}", BOT_NAMES.join(", ")));
        }
    }
    o.bots = [a, b];
    Ok(o)
}

struct GameResult {
    /// Result for bot A: 1 win, 0.5 draw, 0 loss.
    score: f64,
    end: End,
    /// Territory of bot A and bot B.
    land: [u32; 2],
    plies: u32,
    board: String,
}

fn play_one(o: &Options, g: usize) -> GameResult {
    let mut rng = Rng::seed_from(o.seed).fork(g as u64);
    let game = Position::random(o.config, &mut rng).expect("validated size");
    let a_first = g.is_multiple_of(2);
    let seat_a = if a_first { Side::First } else { Side::Second };
    let mut bots: Vec<Box<dyn Bot<Position> + Send>> = (0..2)
        .map(|p| {
            let name = if p == seat_a.index() {
                &o.bots[0]
            } else {
                &o.bots[1]
            };
            named_bot(name, rng.next_u64()).expect("checked names")
        })
        .collect();
    let mut seats: Vec<&mut dyn Bot<Position>> = bots
        .iter_mut()
        .map(|b| &mut **b as &mut dyn Bot<Position>)
        .collect();
    let rules = MatchRules::default().with_game_time(Duration::from_secs(30));
    let record = play_match(game, &mut seats, rules).expect("two bots");
    let last = record.last;
    let end = match (&record.forfeit, last.end()) {
        (Some((p, why)), _) => End::Forfeit {
            player: Side::try_from(*p).expect("a two-player game"),
            kind: match why {
                Forfeit::Timeout(_) => ForfeitKind::Timeout,
                other => ForfeitKind::Error(format!("{other:?}")),
            },
        },
        (None, Some(e)) => e.clone(),
        (None, None) => unreachable!("play_match plays to the end"),
    };
    let land = last.territory_counts();
    GameResult {
        score: record.outcome.result_for(seat_a).unwrap_or(0.0),
        end,
        land: [land[seat_a.index()], land[seat_a.other().index()]],
        plies: last.plies(),
        board: if o.draw { last.render() } else { String::new() },
    }
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("paperio_match: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let results: Vec<GameResult> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..o.threads)
            .map(|t| {
                let o = &o;
                s.spawn(move || {
                    (t..o.games)
                        .step_by(o.threads)
                        .map(|g| (g, play_one(o, g)))
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
    let seconds = start.elapsed().as_secs_f64();
    let n = results.len().max(1) as f64;
    let wins = results.iter().filter(|r| r.score == 1.0).count();
    let draws = results.iter().filter(|r| r.score == 0.5).count();
    let losses = results.len() - wins - draws;
    println!(
        "{} vs {} on {}x{}: {} games, {wins} wins, {draws} draws, {losses} losses for {} ({:.1} %)",
        o.bots[0],
        o.bots[1],
        o.config.width,
        o.config.height,
        results.len(),
        o.bots[0],
        100.0 * results.iter().map(|r| r.score).sum::<f64>() / n
    );
    let mut ends: Vec<(&str, usize)> = Vec::new();
    for r in &results {
        match ends.iter_mut().find(|e| e.0 == r.end.name()) {
            Some(e) => e.1 += 1,
            None => ends.push((r.end.name(), 1)),
        }
    }
    let ends: Vec<String> = ends.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("endings: {}", ends.join(", "));
    let plies: u64 = results.iter().map(|r| u64::from(r.plies)).sum();
    println!(
        "mean territory {:.1} ({}) vs {:.1} ({}); {:.1} plies per game; {:.0} plies per second",
        results.iter().map(|r| f64::from(r.land[0])).sum::<f64>() / n,
        o.bots[0],
        results.iter().map(|r| f64::from(r.land[1])).sum::<f64>() / n,
        o.bots[1],
        plies as f64 / n,
        plies as f64 / seconds
    );
    if o.draw {
        for (g, r) in results.iter().enumerate() {
            println!(
                "\ngame {g}: {} (code {}), winner {:?}\n{}",
                r.end.name(),
                r.end.code(),
                r.end.winner(),
                r.board
            );
        }
    }
    ExitCode::SUCCESS
}
