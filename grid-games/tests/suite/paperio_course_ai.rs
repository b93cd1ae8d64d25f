//! The course-AI example and its Python adapter, fed turns in the course's `stat` shape built
//! from recorded course games: the bundled sample here, and every trace of a file named by
//! `PAPERIO_TRACES` in the ignored test (CI runs it on `../shared/data/paperio/traces.jsonl`).
//!
//! For every ply of a game, each player's session receives what the adapter sends (a full
//! frame on its first turn, then only heads and counters) and must follow the game exactly;
//! a second session that gets the whole latest frame every turn must answer the same; and,
//! when `python3` and the built example are there, the adapter itself, driven the way the
//! course engine calls AIs, must give those answers too.

#[path = "../../examples/support/course_ai.rs"]
mod course_ai;
use crate::trace;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use course_ai::{Session, frame_json, light_json};
use grid_games::game::Side;
use grid_games::paperio::course::Frame;
use grid_games::paperio::{Config, Position, Turn};
use serde_json::{Value, json};
use trace::Trace;

const SEED: u64 = 5;

/// The public log of a recorded game: a frame before any ply and after each.
fn frames_of(line: &str) -> (Config, Vec<(Position, Frame)>) {
    let trace = Trace::parse(line);
    let config = trace.config;
    let mut game = Position::new(config, trace.starts).unwrap();
    let frame = |g: &Position, ply: usize| {
        let mut f = Frame::from_position(g, [30.0 - 0.001 * ply as f64, 29.0]);
        f.band_route = None; // the players' frames have none
        f
    };
    let mut out = vec![(game.clone(), frame(&game, 0))];
    // A forfeit's recording stops with its moves.
    for (ply, turn) in trace.plies().into_iter().enumerate() {
        if game.end().is_some() {
            break;
        }
        game.play(turn).unwrap();
        out.push((game.clone(), frame(&game, ply + 1)));
    }
    (config, out)
}

/// The board an observer sees, to compare sessions with the game.
fn board(p: &Position) -> impl PartialEq + std::fmt::Debug {
    let s = p.snapshot();
    (s.territory, s.trail, s.heads, s.moves_left)
}

/// Plays one recorded game through a session per player fed adapter-style messages (and, with
/// `whole`, a second one fed whole frames) and returns the answers, ply by ply.
fn through_sessions(config: Config, frames: &[(Position, Frame)], whole_too: bool) -> Vec<Turn> {
    let mut light: Vec<Session> = (0..2)
        .map(|_| Session::new("raider", SEED).unwrap())
        .collect();
    let mut whole: Vec<Session> = (0..2)
        .map(|_| Session::new("raider", SEED).unwrap())
        .collect();
    let mut sent = [0usize; 2];
    let mut answers = Vec::new();
    for j in 0..frames.len() - 1 {
        let mover = j % 2;
        let me = Side::ALL[mover];
        let log: Vec<Value> = if sent[mover] == 0 {
            vec![frame_json(&frames[j].1, Some(me))]
        } else {
            frames[sent[mover]..=j]
                .iter()
                .map(|(_, f)| light_json(f))
                .collect()
        };
        sent[mover] = j + 1;
        let size = [config.width, config.height];
        let message =
            json!({"size": size, "max_turn": config.max_turn, "me": mover + 1, "log": log});
        let a = light[mover]
            .turn(&message.to_string())
            .unwrap_or_else(|e| panic!("ply {j}: {e}"));
        let followed = light[mover].position().unwrap();
        assert_eq!(board(followed), board(&frames[j].0), "ply {j}");
        assert_eq!(followed.plies(), frames[j].0.plies());
        if whole_too {
            let now = json!({"size": size, "max_turn": config.max_turn, "now": frame_json(&frames[j].1, Some(me))});
            let b = whole[mover].turn(&now.to_string()).unwrap();
            assert_eq!(a, b, "ply {j}: the two sessions answer differently");
        }
        answers.push(a);
    }
    answers
}

/// The built example next to this test's binary (`target/<profile>/examples/`).
fn example_program() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let profile = exe.parent()?.parent()?;
    let path = profile.join("examples").join("paperio_course_ai");
    path.exists().then_some(path)
}

/// Runs the adapter through `drive.py` on the games and returns its answers, or `None` when
/// `python3` or the built example is missing.
fn through_adapter(games: &[(Config, Vec<(Position, Frame)>)]) -> Option<Vec<Vec<Turn>>> {
    let program = example_program()?;
    if Command::new("python3").arg("--version").output().is_err() {
        return None;
    }
    let driver = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/paperio_course/drive.py");
    let mut child = Command::new("python3")
        .arg(driver)
        .env("PAPERIO_RUST_AI", program)
        .env("PAPERIO_RUST_ARGS", format!("--bot raider --seed {SEED}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut input = String::new();
    for (config, frames) in games {
        // Full frames where a player may first look (frames 0 and 1), light ones after.
        let log: Vec<Value> = frames
            .iter()
            .enumerate()
            .map(|(j, (_, f))| {
                if j < 2 {
                    frame_json(f, None)
                } else {
                    light_json(f)
                }
            })
            .collect();
        input += &json!({"size": [config.width, config.height], "frames": log}).to_string();
        input.push('\n');
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "drive.py failed");
    let text = String::from_utf8(output.stdout).unwrap();
    Some(
        text.lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                v["answers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a.as_str().unwrap().parse().unwrap())
                    .collect()
            })
            .collect(),
    )
}

/// Each game through the sessions, one at a time (a game's frames are its only copy of the
/// boards), and the first `adapter_games` through the adapter too.
fn check(lines: &[&str], adapter_games: usize, whole_too: usize) {
    let mut kept = Vec::new();
    let mut answers = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let (config, frames) = frames_of(line);
        let said = through_sessions(config, &frames, i < whole_too);
        if i < adapter_games {
            kept.push((config, frames));
            answers.push(said);
        }
    }
    match through_adapter(&kept) {
        Some(adapter) => assert_eq!(adapter, answers, "the adapter answers differently"),
        None => {
            eprintln!("python3 or the built paperio_course_ai example is missing: adapter not run")
        }
    }
}

#[test]
fn the_sample_games_through_the_course_protocol_and_the_adapter() {
    let text = include_str!("../../examples/data/paperio_traces_sample.jsonl");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    check(&lines, lines.len(), lines.len());
}

#[test]
fn bad_lines_are_errors_not_panics() {
    let mut s = Session::new("raider", 1).unwrap();
    for line in [
        "",
        "{}",
        "[1]",
        r#"{"log": []}"#,
        r#"{"me": 3, "now": {}}"#,
        r#"{"me": 1, "log": [{"players": [], "turnleft": [1, 1], "timeleft": [1, 1]}]}"#,
        r#"{"me": 1, "now": {"fields": [[null]], "bands": [[null]], "players": [], "turnleft": [1, 1], "timeleft": [1, 1]}}"#,
        r#"{"me": 1, "max_turn": -4, "now": {}}"#,
    ] {
        assert!(s.turn(line).is_err(), "{line}");
    }
}

/// After a line it cannot use, the session forgets the game: light frames are refused until a
/// full frame comes, from which it plays on (the adapter's resync).
#[test]
fn a_session_resyncs_from_a_full_frame() {
    let text = include_str!("../../examples/data/paperio_traces_sample.jsonl");
    let (config, frames) = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(frames_of)
        .max_by_key(|(_, f)| f.len())
        .unwrap();
    assert!(frames.len() > 6);
    let size = [config.width, config.height];
    let message = |log: Vec<Value>| {
        json!({"size": size, "max_turn": config.max_turn, "me": 1, "log": log}).to_string()
    };
    let mut s = Session::new("raider", 1).unwrap();
    s.turn(&message(vec![frame_json(&frames[0].1, None)]))
        .unwrap();
    // A garbled line (frame 2 skips a ply): an error, and the game is forgotten.
    assert!(s.turn(&message(vec![light_json(&frames[2].1)])).is_err());
    assert!(s.position().is_none());
    assert!(s.turn(&message(vec![light_json(&frames[4].1)])).is_err());
    // A full frame brings it back.
    s.turn(&message(vec![frame_json(&frames[4].1, None)]))
        .unwrap();
    assert_eq!(board(s.position().unwrap()), board(&frames[4].0));
}

/// Every trace of the file `PAPERIO_TRACES` names (the shared corpus in CI); the whole-frame
/// session and the adapter run on the first 40 games (a whole frame is 100 KB of JSON).
#[test]
#[ignore = "reads PAPERIO_TRACES; CI runs it on the shared traces"]
fn the_traces_of_paperio_traces_through_the_course_protocol() {
    let Ok(path) = std::env::var("PAPERIO_TRACES") else {
        panic!("set PAPERIO_TRACES to a trace file");
    };
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    check(&lines, 40, 40);
}

/// A line longer than `--max-line-mib` is skipped unread (it was read whole, and a 500 MB line
/// aborted on allocation): the program answers `n resync`, forgets the game and goes on. Runs
/// when the example is built (`cargo test` builds it).
#[test]
fn an_overlong_line_is_skipped_unread() {
    let Some(program) = example_program() else {
        return;
    };
    let mut child = Command::new(program)
        .args(["--bot", "safe", "--max-line-mib", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let start = std::time::Instant::now();
    {
        let mut stdin = child.stdin.take().expect("piped");
        // 24 MiB of a grid that would be valid JSON, then a short line.
        let mut long = String::from(r#"{"me": 1, "now": {"fields": [["#);
        long.push_str(&"null,".repeat((24 << 20) / 5));
        long.push_str("null]]}}\n{}\n");
        stdin.write_all(long.as_bytes()).expect("the program reads");
    }
    let output = child.wait_with_output().expect("the program ends");
    assert!(output.status.success());
    let answers = String::from_utf8_lossy(&output.stdout);
    assert_eq!(answers, "n resync\nn resync\n");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("longer than 1 MiB"), "{errors}");
    assert!(start.elapsed() < std::time::Duration::from_secs(20));
}

/// `--set` tunes the guard (the default bot) or the planner: known keys play, an unknown
/// key, a bad value, a setting for another bot or a missing `=` exits 2 with the reason. Runs
/// when the example is built.
#[test]
fn planner_settings_are_checked() {
    let Some(program) = example_program() else {
        return;
    };
    let run = |args: &[&str]| {
        let output = Command::new(&program)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the example starts");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (code, _) = run(&["--set", "launch_travel=0", "--set", "leave_land=false"]);
    assert_eq!(code, Some(0));
    for args in [
        &["--bot", "planner", "--set", "ambush=10"][..],
        &["--set", "ambush=0", "--set", "cut_slack=6"][..],
        &[
            "--set",
            "bite_depth=3",
            "--set",
            "bite_slack=2",
            "--set",
            "shadow=true",
        ][..],
        &["--set", "behind_window=300", "--set", "behind_share=40"][..],
        &["--set", "race_weight=100"][..],
        &["--set", "desperate=3", "--set", "bend=8"][..],
    ] {
        assert_eq!(run(args).0, Some(0), "{args:?}");
    }
    for (args, reason) in [
        (&["--set", "genius=1"][..], "unknown key genius"),
        (&["--set", "margin=-1"][..], "margin=-1"),
        (&["--set", "leave_land=maybe"][..], "leave_land=maybe"),
        (&["--set", "ambush=soon"][..], "ambush=soon"),
        (&["--set", "shadow=1"][..], "shadow=1"),
        (&["--set", "desperate=-2"][..], "desperate=-2"),
        (&["--set", "margin"][..], "expected KEY=VALUE"),
        (
            &["--bot", "raider", "--set", "margin=3"][..],
            "for the bot raider",
        ),
    ] {
        let (code, errors) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(errors.contains(reason), "{args:?}: {errors}");
    }
}

/// The first game of the bundled sample.
fn first_sample_game() -> (Config, Vec<(Position, Frame)>) {
    let text = include_str!("../../examples/data/paperio_traces_sample.jsonl");
    frames_of(text.lines().find(|l| !l.trim().is_empty()).unwrap())
}

/// A line asking player 1's move in `frame`, given whole.
fn now_line(config: Config, frame: &Frame) -> String {
    json!({"size": [config.width, config.height], "max_turn": config.max_turn,
           "me": 1, "now": frame_json(frame, None)})
    .to_string()
}

/// The session reports the rule behind the planner's and the guard's moves, and nothing for
/// other bots.
#[test]
fn a_session_names_the_rule_of_the_planners_moves() {
    let (config, frames) = first_sample_game();
    let first = frames
        .iter()
        .find(|(p, _)| p.to_move() == Some(Side::First))
        .unwrap();
    for (bot, named) in [("guard", true), ("planner", true), ("raider", false)] {
        let mut s = Session::new(bot, 1).unwrap();
        assert_eq!(s.last_decision(), None, "{bot}");
        s.turn(&now_line(config, &first.1)).unwrap();
        assert_eq!(s.last_decision().is_some(), named, "{bot}");
    }
}

/// `--trace-dir` writes one line per answered move: eight fields, the third a rule's name;
/// with a bot other than the planner or the guard, or a directory that does not exist, the
/// program exits 2. Runs when the example is built.
#[test]
fn the_trace_has_a_line_per_move() {
    let Some(program) = example_program() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("paperio-trace-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (config, frames) = first_sample_game();
    let turns: Vec<String> = frames
        .iter()
        .filter(|(p, _)| p.to_move() == Some(Side::First))
        .take(30)
        .map(|(_, f)| now_line(config, f))
        .collect();
    let mut child = Command::new(&program)
        .args(["--bot", "guard", "--trace-dir"])
        .arg(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the example starts");
    {
        let mut stdin = child.stdin.take().expect("piped");
        for t in &turns {
            writeln!(stdin, "{t}").expect("the program reads");
        }
    }
    let pid = child.id();
    let output = child.wait_with_output().expect("the program ends");
    assert!(output.status.success());
    let answers = String::from_utf8_lossy(&output.stdout).lines().count();
    assert_eq!(answers, turns.len());
    let path = dir.join(format!("paperio-trace-{pid}.txt"));
    let trace = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let names: Vec<&str> = grid_games::paperio::bots::Decision::ALL
        .iter()
        .map(|d| d.name())
        .collect();
    assert_eq!(trace.lines().count(), turns.len());
    for line in trace.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 8, "{line}");
        assert!(names.contains(&fields[2]), "{line}");
        assert!(
            fields
                .iter()
                .enumerate()
                .all(|(i, f)| i == 2 || f.parse::<u32>().is_ok()),
            "{line}"
        );
    }
    for args in [
        vec!["--bot", "raider", "--trace-dir", "."],
        vec!["--trace-dir", "/nonexistent/directory/for/traces"],
    ] {
        let code = Command::new(&program)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("the example starts")
            .status
            .code();
        assert_eq!(code, Some(2), "{args:?}");
    }
}
