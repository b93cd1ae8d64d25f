//! The examples' GTP client (`examples/support/gtp_client.rs`, the `--engine-b` of
//! `blokus_match`) against the built `blokus_gtp` example as the outside engine, and the
//! GTP clock over a whole game.

#[path = "../../examples/support/gtp_client.rs"]
mod gtp_client;

#[path = "../../examples/support/grown_iterations.rs"]
mod grown_iterations;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use grid_games::blokus::bots::{RandomBot, SearchBot};
use grid_games::blokus::gtp::GtpEngine;
use grid_games::blokus::{Position, Variant};
use grid_games::game::{Bot, Budget, MatchRules, play_match};
use gtp_client::GtpBot;

/// The built `blokus_gtp` example next to this test's binary (`cargo test` builds the
/// examples), or `None` when it is missing.
fn engine_program() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let profile = exe.parent()?.parent()?;
    let path = profile.join("examples").join("blokus_gtp");
    path.exists().then_some(path)
}

/// A whole game in each two-player variant against the outside engine: every engine move is
/// legal (the match checks), nobody forfeits, the engine's board stays in step (its moves
/// continue the game), and its CPU time and move count are read.
#[test]
fn an_outside_engine_plays_whole_games() {
    let Some(program) = engine_program() else {
        eprintln!("skipped: the blokus_gtp example is not built");
        return;
    };
    for variant in [Variant::Duo, Variant::Classic2, Variant::Junior] {
        let command = format!("{} --bot heuristic", program.display());
        let mut engine = GtpBot::start(&command).unwrap();
        assert_eq!(engine.name(), "grid-games heuristic");
        let mut ours = RandomBot::new(3);
        let seats: [&mut dyn Bot<Position>; 2] = [&mut ours, &mut engine];
        let mut seats = seats;
        let record = play_match(Position::new(variant), &mut seats, MatchRules::default())
            .expect("two bots");
        assert!(record.forfeit.is_none(), "{variant}: {record}");
        assert!(record.last.is_over());
        assert!(engine.error.is_none());
        assert!(engine.moves > 5, "{variant}: {} moves", engine.moves);
        // A second game with the same engine starts over with clear_board.
        let mut again = RandomBot::new(4);
        let seats: [&mut dyn Bot<Position>; 2] = [&mut engine, &mut again];
        let mut seats = seats;
        let record = play_match(Position::new(variant), &mut seats, MatchRules::default())
            .expect("two bots");
        assert!(record.forfeit.is_none(), "{variant} again: {record}");
    }
}

/// An engine that cannot start, or that ends at once, is an error value, and a bot whose
/// engine failed forfeits instead of hanging.
#[test]
fn a_failing_engine_is_an_error() {
    assert!(GtpBot::start("").is_err());
    assert!(GtpBot::start("/nonexistent/engine --level 5").is_err());
    // `true` ends at once: the engine is gone before or while it is asked its name.
    let e = GtpBot::start("true").err().expect("`true` answers nothing");
    assert!(e.contains("ended") || e.contains("closed"), "{e}");
}

/// `time_settings` over a whole game: the search bot's moves add up to less than the game's
/// time, no single move takes more than it may, and the early moves get more than the late
/// ones.
#[test]
fn a_game_clock_is_spread_and_kept() {
    let mut engine = GtpEngine::new(Box::new(SearchBot::new(5)), Budget::default());
    let ask = |e: &mut GtpEngine, line: &str| e.respond(line).expect("an answer").text;
    assert_eq!(ask(&mut engine, "time_settings 1 0 0"), "= \n\n");
    let (mut total, mut times) = (Duration::ZERO, Vec::new());
    while let Some(c) = engine.position().colour_to_move() {
        let colour = if c.index() == 0 { "b" } else { "w" };
        let started = Instant::now();
        let answer = ask(&mut engine, &format!("genmove {colour}"));
        let used = started.elapsed();
        assert!(answer.starts_with("= "), "{answer}");
        if colour == "b" {
            total += used;
            times.push(used);
        }
    }
    // One second for the game; some slack for a loaded machine.
    assert!(total < Duration::from_millis(1300), "{total:?}");
    let early: Duration = times.iter().take(4).sum();
    let late: Duration = times.iter().rev().take(4).sum();
    assert!(early > late, "early {early:?}, late {late:?}");
}

/// The engine's command line: `--set` takes the search's settings and refuses unknown keys
/// and values out of range (exit status 2); `--game-seconds` starts a game clock.
#[test]
fn the_engine_command_line_checks_its_settings() {
    let Some(program) = engine_program() else {
        eprintln!("skipped: the blokus_gtp example is not built");
        return;
    };
    let status = |args: &[&str]| {
        std::process::Command::new(&program)
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap()
            .code()
    };
    assert_eq!(status(&["--set", "foo=1"]), Some(2));
    assert_eq!(status(&["--set", "early_stop=2"]), Some(2));
    assert_eq!(status(&["--set", "rave=-1"]), Some(2));
    assert_eq!(status(&["--set", "rave"]), Some(2));
    assert_eq!(status(&["--game-seconds", "0"]), Some(2));
    assert_eq!(status(&["--game-seconds", "NaN"]), Some(2));
    let command = format!(
        "{} --game-seconds 0.5 --set front_load=2 --set early_stop=0",
        program.display()
    );
    let mut engine = GtpBot::start(&command).unwrap();
    let mut pos = Position::new(Variant::Duo);
    for _ in 0..4 {
        let m = engine.choose(&pos, Budget::default()).expect("a move");
        pos.play(m).unwrap();
    }
}

/// `blokus_match --grow-iterations`: Pentobi's Duo schedule (values worked out by hand from
/// `⌈n · 0.7 · e^(0.1 k)⌉`, 0.6 times it for the first piece), growing with the pieces
/// placed, and a short series run with it.
#[test]
fn iteration_budgets_grow_as_pentobis_levels() {
    use grown_iterations::grown_iterations;
    for (n, placed, expected) in [
        (861, 0, 362),
        (861, 1, 667),
        (861, 10, 1_639),
        (7_280, 0, 3_058),
        (213, 20, 1_102),
        (1, 0, 1),
    ] {
        assert_eq!(grown_iterations(n, placed), expected, "{n} at {placed}");
    }
    for placed in 1..21 {
        assert!(grown_iterations(861, placed + 1) > grown_iterations(861, placed));
    }
    // A search under the grown budget runs exactly that many simulations.
    let mut bot = SearchBot::new(5);
    let mut pos = Position::new(Variant::Duo);
    for _ in 0..4 {
        let colour = pos.colour_to_move().unwrap();
        let n = grown_iterations(30, pos.pieces_placed(colour));
        let m = bot.choose(&pos, Budget::iterations(n)).unwrap();
        assert_eq!(bot.last_search().simulations, n);
        pos.play(m).unwrap();
    }
    // The flag in a short series.
    let Some(matcher) = example("blokus_match") else {
        return;
    };
    let out = run_quietly(
        &matcher,
        &[
            "search",
            "random",
            "--iterations",
            "5",
            "--grow-iterations",
            "--games",
            "2",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("2 games"), "{text}");
}

/// The built example `name` next to this test's binary, or `None` (with a note) when it is
/// missing.
fn example(name: &str) -> Option<PathBuf> {
    let path = engine_program()?.with_file_name(name);
    if !path.exists() {
        eprintln!("skipped: the {name} example is not built");
        return None;
    }
    Some(path)
}

/// Runs `program` with `args`, one thread and no progress line.
fn run_quietly(program: &PathBuf, args: &[&str]) -> std::process::Output {
    std::process::Command::new(program)
        .args(args)
        .args(["--threads", "1", "--progress", "never"])
        .output()
        .unwrap()
}

/// `blokus_match --set-a` / `--set-b`: the settings of `blokus_gtp --set`, checked the same
/// way (exit status 2 for an unknown key or a value out of range).
#[test]
fn the_match_command_line_takes_search_settings() {
    let Some(matcher) = example("blokus_match") else {
        return;
    };
    let run = |extra: &[&str]| {
        let mut args = vec!["search", "search", "--iterations", "4", "--games", "2"];
        args.extend_from_slice(extra);
        run_quietly(&matcher, &args)
    };
    assert_eq!(run(&["--set-a", "foo=1"]).status.code(), Some(2));
    assert_eq!(run(&["--set-b", "reuse_tree=3"]).status.code(), Some(2));
    assert_eq!(run(&["--set-a", "rave=-1"]).status.code(), Some(2));
    let out = run(&["--set-a", "exploration=0.2", "--set-b", "rave=0"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 games"));
}

/// `blokus_fit_priors`: a short run fits and prints a `PriorWeights` literal with the
/// held-out cross-entropies, also for Classic two-player under the Duo weights; bad arguments
/// are refused with exit status 2.
#[test]
fn the_prior_fitting_example_runs() {
    let Some(fitter) = example("blokus_fit_priors") else {
        return;
    };
    let out = run_quietly(
        &fitter,
        &["--games", "5", "--iterations", "10", "--rounds", "50"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("held out"), "{text}");
    assert!(
        text.contains("PriorWeights {") && text.contains("sharpness: 1.0"),
        "{text}"
    );
    assert_eq!(
        run_quietly(&fitter, &["--games", "0"]).status.code(),
        Some(2)
    );
    assert_eq!(
        run_quietly(&fitter, &["--power", "17"]).status.code(),
        Some(2)
    );
    // Classic two-player games searched with the Duo weights.
    let args = [
        "--variant",
        "classic_2",
        "--self-play-priors",
        "duo",
        "--games",
        "1",
        "--iterations",
        "5",
        "--rounds",
        "10",
    ];
    let out = run_quietly(&fitter, &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("nothing held out") && text.contains("PriorWeights::CLASSIC"),
        "{text}"
    );
    let bad = ["--self-play-priors", "junior"];
    assert_eq!(run_quietly(&fitter, &bad).status.code(), Some(2));
}
