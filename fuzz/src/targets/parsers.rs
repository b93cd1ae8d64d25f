//! The `parsers` family: every text format of the workspace fed arbitrary and near-valid text.
//! Whatever parses must print back to text that parses to the same value; whatever does not
//! must be a typed error.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use arbitrary::Unstructured;
use grid_games::blokus::gtp::{COMMANDS, GtpEngine};
use grid_games::blokus::{Move, MoveTable, Piece, Point, Position, Variant};
use grid_games::game::{Bot, Budget};
use grid_games::paperio::{Config, Direction, MAX_SIDE, MAX_TURN, Turn};
use level_planner::Instance;
use plugdp::{BigCount, FuseBoard, Grid, Tile};
use polyomino::{Board, Cell, MarkedPolyomino, Polyomino, Transform};

use super::text;
use crate::ensure;
use crate::runner::{CaseResult, SplitMix, Target, Verdict, no_seeds};

/// The family's targets.
pub fn targets() -> Vec<Target> {
    let t = |name, about, run, max_len, seeds| Target {
        name,
        family: "parsers",
        about,
        run,
        max_len,
        seeds,
    };
    vec![
        t(
            "polyomino-text",
            "ASCII shapes (Polyomino, MarkedPolyomino, any glyphs) and FromStr of Cell, Transform, Board",
            polyomino_text,
            512,
            no_seeds,
        ),
        t(
            "blokus-notation",
            "Blokus moves, points, colours, Variant and Piece FromStr, on Duo and Classic",
            blokus_notation,
            256,
            no_seeds,
        ),
        t(
            "paperio-course-ai",
            "the course AI's input stream: valid full and light frames of a running game mixed with torn, reordered, oversized and garbage lines; every line is answered or refused with a message, a full frame after any error resyncs",
            paperio_course_ai,
            512,
            no_seeds,
        ),
        t(
            "blokus-gtp",
            "a GTP session fed arbitrary lines; every answer must be well-formed GTP",
            blokus_gtp,
            512,
            no_seeds,
        ),
        t(
            "plugdp-text",
            "Grid::parse_rows (Timus 1519), Grid FromStr/Display, FuseBoard::parse_rows (ZOJ 2125), BigCount FromStr",
            plugdp_text,
            512,
            no_seeds,
        ),
        t(
            "level-planner-json",
            "instance JSON: arbitrary text, generated JSON and mutated sample files",
            planner_json,
            4096,
            planner_seeds,
        ),
        t(
            "paperio-text",
            "paper.io Turn and Direction FromStr, Turn::from_engine, Config::new",
            paperio_text,
            128,
            no_seeds,
        ),
    ]
}

const SHAPE_TOKENS: [&str; 12] = [
    "#", "#", "#", ".", ".", "@", "\n", " ", "\t", "\r\n", "x", "é",
];

fn polyomino_text(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let mode = u.int_in_range(0u8..=5).unwrap_or(0);
    match mode {
        0 => {
            let s = text(&mut u, &SHAPE_TOKENS, 300);
            let Ok(p) = Polyomino::parse(&s) else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                s.parse::<Polyomino>().as_ref() == Ok(&p),
                "FromStr differs from parse on {s:?}"
            );
            ensure!(p.size() > 0, "an empty shape parsed from {s:?}");
            let again = Polyomino::parse(&p.to_string());
            ensure!(again.as_ref() == Ok(&p), "{s:?} does not round-trip");
            Ok(Verdict::Accepted)
        }
        1 => {
            let (filled, empty): (char, char) = (glyph(&mut u), glyph(&mut u));
            let tokens = [
                filled.to_string(),
                empty.to_string(),
                "\n".into(),
                " ".into(),
            ];
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let s = text(&mut u, &tokens, 200);
            let Ok(p) = Polyomino::parse_with(&s, filled, empty) else {
                return Ok(Verdict::Rejected);
            };
            let art = p.to_ascii(filled, empty);
            let again = Polyomino::parse_with(&art, filled, empty);
            ensure!(
                again.as_ref() == Ok(&p),
                "{s:?} with glyphs {filled:?} {empty:?} gives {art:?}, read back as {again:?}"
            );
            Ok(Verdict::Accepted)
        }
        2 => {
            let s = text(&mut u, &SHAPE_TOKENS, 200);
            let Ok(m) = MarkedPolyomino::parse(&s) else {
                return Ok(Verdict::Rejected);
            };
            ensure!(m.shape().contains(m.mark()), "the mark is off the shape");
            let again = MarkedPolyomino::parse(&m.to_ascii('#', '.', '@'));
            ensure!(again.as_ref() == Ok(&m), "{s:?} does not round-trip");
            ensure!(
                s.parse::<MarkedPolyomino>().as_ref() == Ok(&m),
                "FromStr differs from parse on {s:?}"
            );
            Ok(Verdict::Accepted)
        }
        3 => {
            let s = text(
                &mut u,
                &[
                    "(",
                    ")",
                    ",",
                    " ",
                    "-",
                    "+",
                    "0",
                    "1",
                    "7",
                    "9",
                    "2147483647",
                    "2147483648",
                    "-2147483648",
                    "99999999999",
                ],
                24,
            );
            let Ok(c) = s.parse::<Cell>() else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                c.to_string().parse::<Cell>() == Ok(c),
                "cell {s:?} does not round-trip"
            );
            Ok(Verdict::Accepted)
        }
        4 => {
            let s = text(
                &mut u,
                &[
                    "identity",
                    "rotate",
                    " ",
                    "90",
                    "180",
                    "270",
                    "mirror",
                    "left-right",
                    "up-down",
                    "transpose",
                    "anti-",
                    "\t",
                ],
                6,
            );
            let Ok(t) = s.parse::<Transform>() else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                t.to_string().parse::<Transform>() == Ok(t),
                "transform {s:?} does not round-trip"
            );
            Ok(Verdict::Accepted)
        }
        _ => {
            let s = text(&mut u, &[".", ".", ".", "#", "\n", " ", "x"], 400);
            let Ok(b) = s.parse::<Board>() else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                b.height() >= 1
                    && b.width() >= 1
                    && b.height() <= Board::MAX_HEIGHT
                    && b.width() <= Board::MAX_WIDTH,
                "board {}x{} out of range",
                b.height(),
                b.width()
            );
            let cells = u64::from(b.height()) * u64::from(b.width());
            let (usable, blocked) = (b.usable().count(), b.blocked().count());
            ensure!(
                u64::from(usable) + u64::from(blocked) == cells,
                "{usable} usable + {blocked} blocked != {cells} cells"
            );
            ensure!(
                u64::from(blocked) == s.matches('#').count() as u64,
                "{blocked} blocked cells for {} '#' in {s:?}",
                s.matches('#').count()
            );
            ensure!(
                b.to_string().parse::<Board>().as_ref() == Ok(&b),
                "board {s:?} does not round-trip"
            );
            Ok(Verdict::Accepted)
        }
    }
}

fn glyph(u: &mut Unstructured<'_>) -> char {
    *u.choose(&[
        '#', '.', 'x', 'o', '@', ' ', '\t', 'é', '█', '0', '\u{2028}',
    ])
    .unwrap_or(&'#')
}

fn table(variant: Variant) -> Arc<MoveTable> {
    static TABLES: [OnceLock<Arc<MoveTable>>; Variant::ALL.len()] =
        [const { OnceLock::new() }; Variant::ALL.len()];
    let i = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    Arc::clone(TABLES[i].get_or_init(|| Arc::new(MoveTable::new(variant))))
}

/// A Blokus position of `variant` sharing the cached move table.
pub fn blokus_position(variant: Variant) -> Position {
    Position::with_table(table(variant))
}

const MOVE_TOKENS: [&str; 20] = [
    "a", "e", "j", "n", "t", "u", "z", "E", "1", "5", "8", "10", "14", "20", "0", ",", ",", " ",
    "pass", "é",
];

fn blokus_notation(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let variant = *u.choose(&Variant::ALL).unwrap_or(&Variant::Duo);
    match u.int_in_range(0u8..=3).unwrap_or(0) {
        0 => {
            let s = text(
                &mut u,
                &[
                    "duo",
                    "classic",
                    "_2",
                    "Blokus",
                    " ",
                    "Duo",
                    "Two-Player",
                    "-",
                    "trigon",
                    "DUO",
                ],
                5,
            );
            if let Ok(v) = s.parse::<Variant>() {
                ensure!(
                    Variant::parse(&s) == Ok(v),
                    "FromStr and parse differ on {s:?}"
                );
                ensure!(
                    v.to_string().parse::<Variant>() == Ok(v),
                    "{v} does not round-trip"
                );
                return Ok(Verdict::Accepted);
            }
            let s = text(
                &mut u,
                &[
                    "I", "L", "T", "V", "W", "X", "Z", "1", "2", "3", "4", "5", "O", " ", "F", "P",
                    "N", "Y", "U",
                ],
                3,
            );
            if let Ok(p) = s.parse::<Piece>() {
                ensure!(
                    p.to_string().parse::<Piece>() == Ok(p),
                    "{p} does not round-trip"
                );
                ensure!(
                    p.shape().size() == p.size() && (1..=5).contains(&p.size()),
                    "piece {p} has {} cells",
                    p.size()
                );
                return Ok(Verdict::Accepted);
            }
            Ok(Verdict::Rejected)
        }
        1 => {
            let size: u8 = u.arbitrary().unwrap_or(14);
            let s = text(&mut u, &MOVE_TOKENS, 4);
            let Ok(p) = Point::parse(&s, size) else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                Point::parse(&p.to_string(), size) == Ok(p),
                "point {s:?} on size {size} does not round-trip"
            );
            Ok(Verdict::Accepted)
        }
        2 => {
            let s = text(
                &mut u,
                &[
                    "b", "w", "1", "2", "3", "4", "5", "blue", "green", "red", "BLACK", " ",
                ],
                3,
            );
            let Ok(c) = variant.parse_colour(&s) else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                c.index() < variant.colours(),
                "colour {} in {variant}",
                c.index()
            );
            let name = variant.colour_name(c);
            ensure!(
                name.and_then(|n| variant.parse_colour(n).ok()) == Some(c),
                "colour name {name:?} does not round-trip"
            );
            Ok(Verdict::Accepted)
        }
        _ => {
            let pos = blokus_position(variant);
            let s = text(&mut u, &MOVE_TOKENS, 24);
            let Ok(m) = pos.parse_move(&s) else {
                return Ok(Verdict::Rejected);
            };
            let written = pos
                .notation(m)
                .map_err(|e| format!("notation of a parsed move {s:?}: {e}"))?;
            ensure!(
                pos.parse_move(&written) == Ok(m),
                "{s:?} is written {written:?}, which reads back differently"
            );
            let piece = pos.table().piece(m).map_err(|e| e.to_string())?;
            let points = pos.table().points(m).map_err(|e| e.to_string())?;
            ensure!(
                points.len() == piece.size(),
                "{written}: {} points for piece {piece}",
                points.len()
            );
            Ok(Verdict::Accepted)
        }
    }
}

const GTP_COMMANDS: [&str; 8] = [
    "play",
    "genmove",
    "set_game",
    "boardsize",
    "undo",
    "1",
    "42",
    "#",
];

const GTP_ARGS: [&str; 26] = [
    "b",
    "w",
    "1",
    "2",
    "3",
    "4",
    "e10",
    "j5",
    "a1",
    "a20",
    "t1",
    "t20",
    "e8,d9,e9,f9,e10",
    "f11",
    "pass",
    "Blokus",
    "Duo",
    "Two-Player",
    "Junior",
    "Three-Player",
    "14",
    "20",
    "\t",
    "\r",
    "\u{0}",
    "é",
];

/// A bot for the GTP target whose every choice follows a shared counter: a legal move most of
/// the time, and now and then no move, a move that may be illegal, or a panic, which the
/// engine must answer as errors.
struct ScriptedBot {
    script: Arc<AtomicU64>,
}

impl Bot<Position> for ScriptedBot {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn choose(&mut self, game: &Position, _: Budget) -> Option<Move> {
        let mut rng = SplitMix::new(self.script.fetch_add(1, Ordering::Relaxed));
        let roll = rng.below(64);
        match roll {
            0 => None,
            1 => panic!("the scripted bot panics on purpose"),
            2 | 3 => game.table().moves().nth(rng.below(game.table().len())),
            _ => {
                let moves = game.legal_moves();
                moves.get(rng.below(moves.len())).copied()
            }
        }
    }
}

thread_local! {
    /// One engine per thread, reset for every case: `GtpEngine::new` builds a Duo move table
    /// (tens of milliseconds), which would dominate the case.
    static GTP: RefCell<Option<(GtpEngine, Arc<AtomicU64>)>> = const { RefCell::new(None) };
}

fn blokus_gtp(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let seed: u64 = u.arbitrary().unwrap_or(0);
    let (engine, script) = GTP.with(|g| g.borrow_mut().take()).unwrap_or_else(|| {
        let script = Arc::new(AtomicU64::new(0));
        let bot = ScriptedBot {
            script: Arc::clone(&script),
        };
        (GtpEngine::new(Box::new(bot), Budget::default()), script)
    });
    script.store(seed, Ordering::Relaxed);
    let mut engine = engine.with_position(blokus_position(Variant::Duo));
    let result = gtp_session(&mut u, &mut engine);
    GTP.with(|g| *g.borrow_mut() = Some((engine, script)));
    result
}

fn gtp_session(u: &mut Unstructured<'_>, engine: &mut GtpEngine) -> CaseResult {
    let lines = u.int_in_range(1..=16).unwrap_or(1);
    let mut accepted = false;
    for _ in 0..lines {
        let mut line = String::new();
        if u.ratio(1, 3).unwrap_or(false) {
            line.push_str(
                u.choose(&["1 ", "007 ", "99999999999999999999 ", " "])
                    .unwrap_or(&""),
            );
        }
        if u.ratio(3, 4).unwrap_or(false) {
            let command = if u.ratio(1, 2).unwrap_or(false) {
                *u.choose(&COMMANDS).unwrap_or(&"name")
            } else {
                *u.choose(&GTP_COMMANDS).unwrap_or(&"play")
            };
            line.push_str(command);
            if command == "set_game" && u.ratio(7, 8).unwrap_or(true) {
                // A new variant builds its move table (tens of milliseconds for Classic), so
                // most sessions stay with Duo.
                let game = if u.ratio(5, 6).unwrap_or(true) {
                    " Blokus Duo"
                } else {
                    u.choose(&[
                        " Blokus",
                        " Blokus Two-Player",
                        " Blokus Three-Player",
                        " Blokus Junior",
                        " Trigon",
                        " duo",
                        " j",
                    ])
                    .unwrap_or(&"")
                };
                line.push_str(game);
            }
            for _ in 0..u.int_in_range(0..=3).unwrap_or(0) {
                line.push(' ');
                line.push_str(u.choose(&GTP_ARGS).unwrap_or(&""));
            }
        } else {
            line.push_str(&text(u, &GTP_ARGS, 8));
        }
        let meaningful = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .any(|c| !c.is_whitespace() && !c.is_control());
        let Some(response) = engine.respond(&line) else {
            ensure!(!meaningful, "no answer to {line:?}");
            continue;
        };
        let t = &response.text;
        let mark = t.chars().next();
        ensure!(
            matches!(mark, Some('=' | '?')),
            "answer to {line:?} does not start with = or ?: {t:?}"
        );
        let rest = &t[1..];
        let id_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        ensure!(
            rest[id_len..].starts_with(' '),
            "no space after the mark and id in {t:?} (line {line:?})"
        );
        ensure!(
            t.ends_with("\n\n"),
            "answer {t:?} to {line:?} does not end with a blank line"
        );
        let body = &t[1 + id_len + 1..t.len() - 2];
        ensure!(
            !body.contains("\n\n"),
            "blank line inside the answer {t:?} to {line:?}"
        );
        ensure!(
            !body.chars().any(|c| c.is_control() && c != '\n'),
            "control character in the answer {t:?} to {line:?}"
        );
        accepted |= mark == Some('=');
        let history = engine.position().history().len();
        let squares: i64 = engine.position().points().iter().sum();
        ensure!(
            squares >= history as i64,
            "{squares} points after {history} placements"
        );
        if response.quit {
            break;
        }
    }
    Ok(if accepted {
        Verdict::Accepted
    } else {
        Verdict::Rejected
    })
}

fn plugdp_text(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    match u.int_in_range(0u8..=4).unwrap_or(0) {
        4 => {
            // A grid drawn as text: what FromStr reads, Display writes back.
            let s = text(&mut u, &[".", "#", "..", "\n", " ", "\t", "x", "\r\n"], 40);
            let Ok(grid) = s.parse::<Grid>() else {
                return Ok(Verdict::Rejected);
            };
            let drawn = grid.to_string();
            ensure!(
                drawn.parse::<Grid>().as_ref() == Ok(&grid),
                "{s:?} reads as {grid:?}, which does not read back from {drawn:?}"
            );
            let rows: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
            ensure!(
                drawn.lines().eq(rows.iter().copied()),
                "{s:?} is drawn as {drawn:?}"
            );
            Ok(Verdict::Accepted)
        }
        0 => {
            // The Timus 1519 input: "N M" then N rows of '.' and '*'.
            let s = text(
                &mut u,
                &[
                    "2",
                    "4",
                    "12",
                    "0",
                    "99999999999999999999",
                    " ",
                    "\n",
                    "..",
                    ".",
                    "*",
                    "#",
                    "**",
                ],
                40,
            );
            let mut words = s.split_whitespace();
            let (Some(n), Some(m)) = (
                words.next().and_then(|w| w.parse::<usize>().ok()),
                words.next().and_then(|w| w.parse::<usize>().ok()),
            ) else {
                return Ok(Verdict::Rejected);
            };
            let rows: Vec<&str> = words.take(n).collect();
            let Ok(grid) = Grid::parse_rows(&rows, '.', '*') else {
                return Ok(Verdict::Rejected);
            };
            check_grid(&grid, &rows, '.')?;
            let _ = m;
            Ok(Verdict::Accepted)
        }
        1 => {
            let (free, blocked) = (glyph(&mut u), glyph(&mut u));
            let tokens = [free.to_string(), blocked.to_string(), "?".to_string()];
            let n = u.int_in_range(0..=12).unwrap_or(0);
            let rows: Vec<String> = (0..n)
                .map(|_| {
                    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
                    text(&mut u, &tokens, 14)
                })
                .collect();
            let Ok(grid) = Grid::parse_rows(&rows, free, blocked) else {
                return Ok(Verdict::Rejected);
            };
            check_grid(&grid, &rows, free)?;
            Ok(Verdict::Accepted)
        }
        2 => {
            let n = u.int_in_range(0..=17).unwrap_or(0);
            let rows: Vec<String> = (0..n)
                .map(|_| text(&mut u, &[".", "-", "L", "T", "+", "+", "x"], 15))
                .collect();
            let Ok(board) = FuseBoard::parse_rows(&rows) else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                board.rows() == rows.len()
                    && board.rows() <= FuseBoard::MAX_ROWS
                    && board.cols() <= FuseBoard::MAX_COLS
                    && board.cols() >= 1,
                "a {}x{} fuse board from {rows:?}",
                board.rows(),
                board.cols()
            );
            for (r, row) in rows.iter().enumerate() {
                for (c, ch) in row.chars().enumerate() {
                    ensure!(
                        board.tile(r, c) == Tile::from_char(ch),
                        "tile ({r}, {c}) is {:?}, drawn {ch:?}",
                        board.tile(r, c)
                    );
                }
            }
            Ok(Verdict::Accepted)
        }
        _ => {
            let s = text(
                &mut u,
                &[
                    "0",
                    "1",
                    "9",
                    "000000000",
                    "999999999",
                    "18446744073709551616",
                    " ",
                    "-",
                    "+",
                    "e",
                ],
                30,
            );
            let Ok(big) = s.parse::<BigCount>() else {
                return Ok(Verdict::Rejected);
            };
            let digits = s.trim().trim_start_matches('0');
            let expected = if digits.is_empty() { "0" } else { digits };
            ensure!(
                big.to_string() == expected,
                "{s:?} reads as {big}, expected {expected}"
            );
            ensure!(
                big.to_string().parse::<BigCount>().as_ref() == Ok(&big),
                "{big} does not round-trip"
            );
            match (s.trim().parse::<u128>(), u128::try_from(&big)) {
                (Ok(a), Ok(b)) => ensure!(a == b, "{s:?}: u128 {a}, BigCount {b}"),
                (Err(_), Err(_)) => {}
                (a, b) => return Err(format!("{s:?}: u128 parse {a:?}, BigCount to u128 {b:?}")),
            }
            ensure!(
                big.is_zero() == (expected == "0"),
                "is_zero of {big} is {}",
                big.is_zero()
            );
            Ok(Verdict::Accepted)
        }
    }
}

fn check_grid<S: AsRef<str>>(grid: &Grid, rows: &[S], free: char) -> Result<(), String> {
    let cols = rows.first().map_or(0, |r| r.as_ref().chars().count());
    ensure!(
        grid.rows() == rows.len() && grid.cols() == cols,
        "a {}x{} grid from {} rows of {cols}",
        grid.rows(),
        grid.cols(),
        rows.len()
    );
    let free_count: usize = rows
        .iter()
        .map(|r| r.as_ref().chars().filter(|&c| c == free).count())
        .sum();
    ensure!(
        grid.free_cells() == free_count,
        "{} free cells, {free_count} drawn",
        grid.free_cells()
    );
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.as_ref().chars().enumerate() {
            ensure!(
                grid.is_blocked(r, c) == (ch != free),
                "cell ({r}, {c}) drawn {ch:?}"
            );
        }
    }
    Ok(())
}

fn planner_seeds() -> Vec<Vec<u8>> {
    const FILES: [&str; 3] = [
        include_str!("../../../level-planner/examples/data/d02_blank8_T2_plus_ties.json"),
        include_str!("../../../level-planner/examples/data/d07_diag14_T3_s1.json"),
        include_str!("../../../level-planner/examples/data/d10_err_far.json"),
    ];
    FILES
        .iter()
        .map(|f| {
            let mut bytes = vec![0u8];
            bytes.extend_from_slice(f.as_bytes());
            bytes
        })
        .collect()
}

fn planner_json(data: &[u8]) -> CaseResult {
    let (mode, rest) = data.split_first().map_or((0, data), |(&m, r)| (m % 4, r));
    let json = if mode == 0 {
        String::from_utf8_lossy(rest).into_owned()
    } else {
        generated_json(&mut Unstructured::new(rest))
    };
    let Ok(instance) = serde_json::from_str::<Instance>(&json) else {
        return Ok(Verdict::Rejected);
    };
    let written = serde_json::to_string(&instance).map_err(|e| format!("writing: {e}"))?;
    let back = serde_json::from_str::<Instance>(&written).map_err(|e| e.to_string());
    ensure!(
        back.as_ref() == Ok(&instance),
        "{json:?} is written {written:?}, which reads back as {back:?}"
    );
    let site = instance.site();
    let small = site.rows() * site.cols() <= 256
        && instance.levels().len() <= 4
        && instance.params().spin_step_deg >= 30.0
        && instance
            .levels()
            .iter()
            .all(|l| l.footprint.shape().size() <= 16 && l.dist_m.abs() <= 20.0);
    if small {
        // Small instances are also planned: the result must be a plan or a typed error.
        let budget = level_planner::PlanOptions::default().with_max_work(200_000_000);
        let _ = level_planner::plan(&instance, &budget);
    }
    Ok(Verdict::Accepted)
}

/// JSON-ish text for the instance format: the right keys with values of the right or wrong
/// kind.
fn generated_json(u: &mut Unstructured<'_>) -> String {
    let number = |u: &mut Unstructured<'_>| -> String {
        u.choose(&[
            "0", "1", "1.5", "-90", "90.0", "1e308", "1e309", "-0", "0.01", "360", "NaN", "\"1\"",
            "null", "1e-320", "45",
        ])
        .unwrap_or(&"0")
        .to_string()
    };
    let rows = |u: &mut Unstructured<'_>, glyphs: &[&str]| -> String {
        let n = u.int_in_range(0..=8).unwrap_or(0);
        let rows: Vec<String> = (0..n)
            .map(|_| format!("{:?}", text(u, glyphs, 10)))
            .collect();
        format!("[{}]", rows.join(","))
    };
    let mut fields = Vec::new();
    if u.ratio(7, 8).unwrap_or(true) {
        fields.push(format!("\"site\": {}", rows(u, &[".", ".", "#", "x"])));
    }
    if u.ratio(7, 8).unwrap_or(true) {
        let n = u.int_in_range(0..=5).unwrap_or(0);
        let levels: Vec<String> = (0..n)
            .map(|_| {
                let mut l = vec![
                    format!("\"dist_m\": {}", number(u)),
                    format!("\"deflex_deg\": {}", number(u)),
                    format!("\"shape\": {}", rows(u, &["#", "#", ".", "o"])),
                ];
                if u.ratio(1, 4).unwrap_or(false) {
                    l.push(format!("\"pivot\": [{}, {}]", number(u), number(u)));
                }
                if u.ratio(1, 8).unwrap_or(false) {
                    l.push("\"extra\": true".into());
                }
                format!("{{{}}}", l.join(", "))
            })
            .collect();
        fields.push(format!("\"levels\": [{}]", levels.join(", ")));
    }
    if u.ratio(3, 4).unwrap_or(true) {
        fields.push(format!("\"spin_step_deg\": {}", number(u)));
    }
    if u.ratio(3, 4).unwrap_or(true) {
        let tolerance = if u.ratio(1, 2).unwrap_or(true) {
            format!("{{\"ratio\": [{}, {}]}}", number(u), number(u))
        } else {
            format!("{{\"abs_m\": {}}}", number(u))
        };
        fields.push(format!("\"tolerance\": {tolerance}"));
    }
    format!("{{{}}}", fields.join(", "))
}

fn paperio_text(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    match u.int_in_range(0u8..=2).unwrap_or(0) {
        0 => {
            let s = text(
                &mut u,
                &["l", "r", "n", "L", "R", "N", " ", "left", "x", "\t", "é"],
                4,
            );
            let from_engine = Turn::from_engine(&s);
            ensure!(
                Turn::ALL.contains(&from_engine),
                "from_engine({s:?}) is not a turn"
            );
            let Ok(t) = s.parse::<Turn>() else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                t.to_string().parse::<Turn>() == Ok(t),
                "{t} does not round-trip"
            );
            ensure!(t.letter().to_string() == t.to_string(), "letter of {t}");
            // The engine reads the first character as it comes; FromStr trims first.
            if s.trim() == s {
                ensure!(
                    from_engine == t || t == Turn::Straight,
                    "from_engine({s:?}) is {from_engine:?}, FromStr {t:?}"
                );
            }
            Ok(Verdict::Accepted)
        }
        1 => {
            let s = text(
                &mut u,
                &[
                    "east", "south", "west", "north", "EAST", "0", "1", "3", "4", " ", "-", "e",
                ],
                3,
            );
            let Ok(d) = s.parse::<Direction>() else {
                return Ok(Verdict::Rejected);
            };
            ensure!(
                d.to_string().parse::<Direction>() == Ok(d),
                "{d} does not round-trip"
            );
            ensure!(
                d.index().to_string().parse::<Direction>() == Ok(d),
                "{d} by index does not round-trip"
            );
            ensure!(Direction::from_index(d.index()) == d, "from_index of {d}");
            Ok(Verdict::Accepted)
        }
        _ => {
            let pick = |u: &mut Unstructured<'_>| -> u32 {
                match u.int_in_range(0u8..=3).unwrap_or(0) {
                    0 => u.arbitrary().unwrap_or(0),
                    1 => *u
                        .choose(&[
                            0,
                            1,
                            2,
                            8,
                            9,
                            17,
                            18,
                            19,
                            4095,
                            4096,
                            4097,
                            MAX_TURN,
                            MAX_TURN + 1,
                            u32::MAX,
                        ])
                        .unwrap_or(&0),
                    _ => u.int_in_range(0..=200).unwrap_or(0),
                }
            };
            let (w, h, t) = (pick(&mut u), pick(&mut u), pick(&mut u));
            // Every board the course engine builds (width 2k), a move limit up to 2^30.
            let valid = w % 2 == 0
                && (2..=MAX_SIDE).contains(&w)
                && (1..=MAX_SIDE).contains(&h)
                && (1..=MAX_TURN).contains(&t);
            let made = Config::new(w, h, t);
            ensure!(
                made.is_ok() == valid,
                "Config::new({w}, {h}, {t}) is {made:?}; the documented rule says {valid}"
            );
            let built = Config::default().with_size(w, h).with_max_turn(t);
            ensure!(
                built.validate().is_ok() == valid,
                "validate of {built:?} disagrees with Config::new"
            );
            Ok(if valid {
                Verdict::Accepted
            } else {
                Verdict::Rejected
            })
        }
    }
}

#[path = "../../../grid-games/examples/support/course_ai.rs"]
mod course_ai;

/// Lines of the course AI protocol for a game of 20 × 10 played by random turns: the
/// session follows what it can, refuses the rest with a message, and resyncs from a full
/// frame.
fn paperio_course_ai(data: &[u8]) -> CaseResult {
    use grid_games::game::Rng;
    use grid_games::paperio::course::Frame;
    use grid_games::paperio::{Config, Position, Turn};
    use serde_json::{Value, json};

    let mut u = Unstructured::new(data);
    let config = Config::default().with_size(20, 10).with_max_turn(40);
    let mut rng = Rng::seed_from(u.arbitrary().unwrap_or(0));
    let Ok(mut game) = Position::random(config, &mut rng) else {
        return Ok(Verdict::Rejected);
    };
    let mut session =
        course_ai::Session::new("planner", 1).map_err(|e| format!("no session: {e}"))?;
    let mut frames = vec![Frame::from_position(&game, [30.0, 30.0])];
    let mut accepted = false;
    for _ in 0..u.int_in_range(1..=40).unwrap_or(1) {
        let Some(mover) = game.to_move() else { break };
        let me = mover.index() + 1;
        let last = frames.last().expect("a frame").clone();
        let full = course_ai::frame_json(&last, Some(mover));
        let line: String = match u.int_in_range(0u8..=9).unwrap_or(0) {
            // The adapter's lines: a full frame, or light frames since the last one.
            0..=3 => json!({"me": me, "max_turn": 40, "now": full}).to_string(),
            4..=5 => {
                let k = u.int_in_range(1..=frames.len()).unwrap_or(1);
                let log: Vec<Value> = frames[frames.len() - k..]
                    .iter()
                    .map(course_ai::light_json)
                    .collect();
                json!({"me": me, "log": log}).to_string()
            }
            // A field changed to an arbitrary number or type.
            6 => {
                let mut v = json!({"me": me, "size": [20, 10], "now": full});
                let key = *u
                    .choose(&[
                        "me", "size", "max_turn", "turnleft", "timeleft", "players", "fields",
                    ])
                    .unwrap_or(&"me");
                let bad: Value = match u.int_in_range(0u8..=4).unwrap_or(0) {
                    0 => json!(u64::MAX),
                    1 => json!(-1),
                    2 => json!([1e308, -1e308]),
                    3 => json!("x"),
                    _ => json!([[null, 3], [9]]),
                };
                if matches!(key, "turnleft" | "timeleft" | "players" | "fields") {
                    v["now"][key] = bad;
                } else {
                    v[key] = bad;
                }
                v.to_string()
            }
            // A torn line: a prefix of a valid one.
            7 => {
                let text = json!({"me": me, "now": full}).to_string();
                let cut = u.int_in_range(0..=text.len()).unwrap_or(0);
                text.get(..cut).unwrap_or("").to_string()
            }
            // An old frame again (out of order), or a frame of another board size.
            8 => {
                let k = u.int_in_range(0..=frames.len() - 1).unwrap_or(0);
                let old = course_ai::frame_json(&frames[k], Some(mover));
                json!({"me": me, "size": [u.int_in_range(0u32..=30).unwrap_or(0), 10], "log": [old]})
                    .to_string()
            }
            _ => {
                let n = u.int_in_range(0..=64).unwrap_or(0);
                String::from_utf8_lossy(u.bytes(n).unwrap_or(&[])).into_owned()
            }
        };
        match session.turn(&line) {
            Ok(turn) => {
                accepted = true;
                ensure!(Turn::ALL.contains(&turn), "no turn");
            }
            Err(e) => ensure!(!e.is_empty(), "an empty error message"),
        }
        // A whole frame of the current position always resyncs the session.
        let resync =
            json!({"me": me, "now": course_ai::frame_json(&last, Some(mover))}).to_string();
        match session.turn(&resync) {
            Ok(_) => {}
            Err(e) => return Err(format!("a full frame did not resync: {e}")),
        }
        // The game goes on by a random turn.
        let turn = Turn::ALL[rng.index(3)];
        if game.play(turn).is_err() {
            break;
        }
        frames.push(Frame::from_position(&game, [30.0, 30.0]));
    }
    Ok(if accepted {
        Verdict::Accepted
    } else {
        Verdict::Rejected
    })
}
