//! The `games` family: Blokus, paper.io and plane-bombing positions under arbitrary legal and
//! illegal actions, and tournament settings with arbitrary numbers.

use arbitrary::Unstructured;
use grid_games::blokus::{BlokusError, Colour, Move, Position, Variant, perft};
use grid_games::game::elo;
use grid_games::game::{MatchRules, Rng, Side, Tournament, TournamentError, play_match};
use grid_games::paperio::{self, Config, Direction, End, ForfeitKind, Start, Turn};
use grid_games::planes::bots::HunterBot;
use grid_games::planes::{
    self, Action, Catalogue, GameEnd, GameSettings, Geometry, HitAnswer, PlaneSpec, PlaneType,
    PlanesError, SUBTASKS, Sheet, Step, Subtask,
};
use polyomino::{Cell, MarkedPolyomino, Polyomino};

use super::parsers::blokus_position;
use super::{coord, float, rare};
use crate::ensure;
use crate::runner::{CaseResult, Target, Verdict, no_seeds};

/// The family's targets.
pub fn targets() -> Vec<Target> {
    let t = |name, about, run, max_len| Target {
        name,
        family: "games",
        about,
        run,
        max_len,
        seeds: no_seeds,
    };
    vec![
        t(
            "blokus-positions",
            "random legal and illegal moves; play + undo restores the position; check() agrees with the legal-move list",
            blokus,
            512,
        ),
        t(
            "paperio-positions",
            "random boards, starts and turns: no cell lost, counts agree, the game ends; bot matches",
            paperio_game,
            1024,
        ),
        t(
            "paperio-snapshots",
            "arbitrary grids, heads, moves left and trail lists read back as positions: a position or a typed error, never a panic or a runaway; accepted ones play on with consistent counts",
            paperio_snapshot,
            1024,
        ),
        t(
            "planes",
            "sheets under arbitrary plane specs, hits and moves; whole games with arbitrary geometry and masks",
            planes_game,
            512,
        ),
        t(
            "bot-configs",
            "every bot's settings with extreme values, set directly or through a serde document: a legal move within 1.5 times a short deadline (plus slack), never a panic or a runaway",
            bot_configs,
            256,
        ),
        t(
            "tournament",
            "tournament settings with arbitrary numbers (NaN, huge, tiny steps), matchmaking, Elo formulas",
            tournament,
            256,
        ),
    ]
}

/// What can be seen of a Blokus position from outside.
#[derive(Debug, PartialEq)]
struct Snapshot {
    render: String,
    history: Vec<(usize, usize)>,
    pieces: Vec<Vec<String>>,
    legal: Vec<Vec<usize>>,
    points: Vec<i64>,
    nominal: usize,
    to_move: Option<usize>,
    score: String,
}

fn snapshot(pos: &Position) -> Result<Snapshot, String> {
    let variant = pos.variant();
    let mut legal = Vec::new();
    for colour in variant.all_colours() {
        let mut moves = Vec::new();
        pos.legal_moves_of(colour, &mut moves);
        let mut ids: Vec<usize> = moves.iter().map(|m| m.id()).collect();
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        ensure!(ids.len() == n, "legal_moves_of lists a move twice");
        ensure!(
            pos.count_legal_moves(colour) == n && pos.has_legal_move(colour) == (n > 0),
            "count_legal_moves / has_legal_move disagree with {n} listed moves"
        );
        legal.push(ids);
    }
    let snap = Snapshot {
        render: pos.render(),
        history: pos.history().map(|(c, m)| (c.index(), m.id())).collect(),
        pieces: variant
            .all_colours()
            .map(|c| pos.pieces_left(c).map(|p| p.to_string()).collect())
            .collect(),
        legal,
        points: pos.points(),
        nominal: pos.nominal_to_move().index(),
        to_move: pos.colour_to_move().map(Colour::index),
        score: pos.final_score(),
    };
    ensure!(
        snap.to_move.is_none() == pos.is_over()
            && pos.is_over() == snap.legal.iter().all(Vec::is_empty),
        "is_over {} with colour to move {:?}",
        pos.is_over(),
        snap.to_move
    );
    if let Some(c) = snap.to_move {
        ensure!(
            !snap.legal[c].is_empty(),
            "colour {c} to move without a legal move"
        );
    }
    Ok(snap)
}

fn blokus(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let variant = *u.choose(&Variant::ALL).unwrap_or(&Variant::Duo);
    let other = Variant::ALL
        .into_iter()
        .find(|&v| v != variant)
        .unwrap_or(Variant::Duo);
    let mut pos = blokus_position(variant);
    let all: Vec<Move> = pos.table().moves().collect();
    let foreign: Vec<Move> = blokus_position(other).table().moves().take(500).collect();
    let mut stack = vec![snapshot(&pos)?];
    let steps = u.int_in_range(1..=80).unwrap_or(1);
    for _ in 0..steps {
        if u.is_empty() {
            break;
        }
        match u.int_in_range(0u8..=11).unwrap_or(0) {
            0..=5 => {
                let moves = pos.legal_moves();
                let Some(&m) = u.choose(&moves).ok() else {
                    ensure!(pos.is_over(), "no legal move but the game is not over");
                    ensure!(
                        pos.play(all[0]) == Err(BlokusError::GameOver),
                        "a move after the end"
                    );
                    continue;
                };
                pos.play(m)
                    .map_err(|e| format!("a listed move is refused: {e}"))?;
                stack.push(snapshot(&pos)?);
            }
            6 | 7 => {
                let m = *u.choose(&all).unwrap_or(&all[0]);
                let index = u.int_in_range(0..=3).unwrap_or(0);
                let Some(colour) = Colour::new(index) else {
                    return Err(format!("Colour::new({index}) refused"));
                };
                let verdict = pos.check(colour, m);
                if index >= variant.colours() {
                    ensure!(verdict.is_err(), "a colour the variant lacks may play");
                    continue;
                }
                let listed = stack
                    .last()
                    .is_some_and(|s| s.legal[index].contains(&m.id()));
                ensure!(
                    verdict.is_ok() == listed,
                    "check({index}, {}) is {verdict:?}, listed {listed}",
                    pos.notation(m).unwrap_or_default()
                );
                let before = pos.history().len();
                let played = pos.play_as(colour, m);
                ensure!(
                    played.is_ok() == listed,
                    "play_as is {played:?}, check was {verdict:?}"
                );
                if played.is_ok() {
                    stack.push(snapshot(&pos)?);
                } else {
                    ensure!(pos.history().len() == before, "a refused move was recorded");
                    ensure!(
                        stack.last() == Some(&snapshot(&pos)?),
                        "a refused move changed the position"
                    );
                }
            }
            8 | 9 => {
                let undone = pos.undo();
                if stack.len() == 1 {
                    ensure!(
                        undone == Err(BlokusError::NothingToUndo),
                        "undo of nothing gave {undone:?}"
                    );
                } else {
                    undone.map_err(|e| format!("undo: {e}"))?;
                    stack.pop();
                    let now = snapshot(&pos)?;
                    ensure!(
                        stack.last() == Some(&now),
                        "undo does not restore the position:\nwas {:?}\nnow {now:?}",
                        stack.last()
                    );
                }
            }
            10 => {
                let m = *u.choose(&foreign).unwrap_or(&foreign[0]);
                ensure!(
                    pos.check(Colour::new(0).unwrap_or_else(|| unreachable!()), m)
                        == Err(BlokusError::WrongVariant),
                    "a move of {other} checked on {variant}"
                );
                ensure!(pos.notation(m).is_err(), "notation of a foreign move");
            }
            _ => {
                let moves = pos.legal_moves();
                ensure!(
                    perft(&mut pos, 1) == moves.len() as u64,
                    "perft 1 differs from {} legal moves",
                    moves.len()
                );
                ensure!(
                    stack.last() == Some(&snapshot(&pos)?),
                    "perft changed the position"
                );
            }
        }
    }
    Ok(Verdict::Accepted)
}

fn paperio_game(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    // Every board the course engine builds, the tiny ones included.
    let width = 2 * u.int_in_range(1..=24).unwrap_or(9);
    let height = u.int_in_range(1..=40).unwrap_or(9);
    let max_turn = u.int_in_range(1..=150).unwrap_or(1);
    let config = Config::new(width, height, max_turn).map_err(|e| format!("config: {e}"))?;
    if rare(&mut u, 8) {
        if !config.fits_random_starts() {
            let refused = paperio::Position::random(config, &mut Rng::seed_from(1));
            ensure!(
                matches!(
                    refused,
                    Err(paperio::PaperioError::TooSmallForRandomStarts { .. })
                ),
                "a random placement on {width}x{height}: {refused:?}"
            );
            return Ok(Verdict::Rejected);
        }
        return bot_match(&mut u, config);
    }
    let start = |u: &mut Unstructured<'_>, k: u32| -> Start {
        let (x, y) = if u.ratio(7, 8).unwrap_or(true) {
            (
                u.int_in_range(0..=(k - 1) as i32).unwrap_or(0),
                u.int_in_range(0..=(height - 1) as i32).unwrap_or(0),
            )
        } else {
            (coord(u), coord(u))
        };
        Start {
            x,
            y,
            direction: Direction::from_index(u.int_in_range(0..=3).unwrap_or(0)),
        }
    };
    let starts = [start(&mut u, width), start(&mut u, width)];
    let mut game = match paperio::Position::new(config, starts) {
        Ok(g) => g,
        Err(paperio::PaperioError::BadStart { .. }) => {
            let inside =
                |s: &Start| (0..width as i32).contains(&s.x) && (0..height as i32).contains(&s.y);
            ensure!(
                !(inside(&starts[0]) && inside(&starts[1]))
                    || (starts[0].x, starts[0].y) == (starts[1].x, starts[1].y),
                "starts {starts:?} refused"
            );
            return Ok(Verdict::Rejected);
        }
        Err(e) => return Err(format!("unexpected error {e:?}")),
    };
    check_paperio(&game)?;
    let limit = 2 * max_turn + 2;
    while game.end().is_none() {
        ensure!(game.plies() <= limit, "no end after {} plies", game.plies());
        let before = game.plies();
        let mover = game.to_move().ok_or("no one to move in a running game")?;
        let left = game.moves_left(mover);
        if u.ratio(1, 200).unwrap_or(false) {
            let who = if u.arbitrary().unwrap_or(false) {
                Side::First
            } else {
                Side::Second
            };
            game.forfeit(who, ForfeitKind::Timeout)
                .map_err(|e| format!("forfeit: {e}"))?;
            ensure!(
                game.end().map(End::winner) == Some(Some(who.other())),
                "a forfeit by {who} ends as {:?}",
                game.end()
            );
            break;
        }
        let turn = *u.choose(&Turn::ALL).unwrap_or(&Turn::Straight);
        game.play(turn).map_err(|e| format!("play: {e}"))?;
        ensure!(
            game.plies() == before + 1,
            "plies went from {before} to {}",
            game.plies()
        );
        if game.end().is_none() {
            ensure!(
                game.moves_left(mover) + 1 == left,
                "moves left went from {left} to {}",
                game.moves_left(mover)
            );
        }
        if u.ratio(1, 4).unwrap_or(false) || game.end().is_some() {
            check_paperio(&game)?;
        }
    }
    ensure!(
        game.play(Turn::Straight).is_err(),
        "a move after the end is accepted"
    );
    ensure!(game.to_move().is_none(), "someone moves after the end");
    let end = game.end().ok_or("the game ended without an end")?;
    ensure!(!end.name().is_empty(), "an end without a name");
    let _ = (end.code(), end.winner());
    Ok(Verdict::Accepted)
}

/// An arbitrary snapshot (sometimes a real position's, disturbed) read back as a position.
fn paperio_snapshot(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let width = 2 * u.int_in_range(1..=8).unwrap_or(4);
    let height = u.int_in_range(1..=12).unwrap_or(5);
    let max_turn = u.int_in_range(1..=40).unwrap_or(10);
    let config = Config::new(width, height, max_turn).map_err(|e| format!("config: {e}"))?;
    let cells = (width * height) as usize;
    let owner = |u: &mut Unstructured<'_>| match u.int_in_range(0..=2).unwrap_or(0) {
        0 => None,
        1 => Some(Side::First),
        _ => Some(Side::Second),
    };
    let mut snapshot = if config.fits_random_starts() && u.ratio(1, 2).unwrap_or(false) {
        // A real position, then a few cells disturbed.
        let mut game =
            paperio::Position::random(config, &mut Rng::seed_from(u.arbitrary().unwrap_or(0)))
                .map_err(|e| format!("random start: {e}"))?;
        for _ in 0..u.int_in_range(0..=60).unwrap_or(0) {
            if game.end().is_some() {
                break;
            }
            game.play(*u.choose(&Turn::ALL).unwrap_or(&Turn::Straight))
                .map_err(|e| format!("play: {e}"))?;
        }
        let mut s = game.snapshot();
        if u.ratio(1, 2).unwrap_or(true) {
            s.trails = None;
            s.routes = None;
        }
        for _ in 0..u.int_in_range(0..=3).unwrap_or(0) {
            let at = u.int_in_range(0..=cells - 1).unwrap_or(0);
            if u.arbitrary().unwrap_or(false) {
                s.territory[at] = owner(&mut u);
            } else {
                s.trail[at] = owner(&mut u);
            }
        }
        s
    } else {
        let territory = (0..cells).map(|_| owner(&mut u)).collect();
        let trail = (0..cells).map(|_| owner(&mut u)).collect();
        let head = |u: &mut Unstructured<'_>| paperio::Head {
            x: u.int_in_range(-1..=width as i32).unwrap_or(0),
            y: u.int_in_range(-1..=height as i32).unwrap_or(0),
            direction: Direction::from_index(u.int_in_range(0..=3).unwrap_or(0)),
        };
        let heads = [head(&mut u), head(&mut u)];
        let left = |u: &mut Unstructured<'_>| u.int_in_range(0..=max_turn + 1).unwrap_or(0);
        paperio::Snapshot::new(
            config,
            territory,
            trail,
            heads,
            [left(&mut u), left(&mut u)],
        )
    };
    if u.ratio(1, 8).unwrap_or(false) {
        snapshot.territory.pop();
    }
    // Extremes: any move limit, heads at the ends of i32, arbitrary trail lists and routes,
    // an arbitrary end.
    if rare(&mut u, 8) {
        snapshot.config = snapshot
            .config
            .with_max_turn(u.arbitrary().unwrap_or(u32::MAX));
        snapshot.moves_left = [u.arbitrary().unwrap_or(0), u.arbitrary().unwrap_or(0)];
    }
    if rare(&mut u, 8) {
        let extreme = *u.choose(&[i32::MIN, i32::MAX, -1, 0]).unwrap_or(&i32::MIN);
        snapshot.heads[usize::from(u.arbitrary::<bool>().unwrap_or(false))].x = extreme;
    }
    if rare(&mut u, 6) {
        let list = |u: &mut Unstructured<'_>| -> Vec<(i32, i32)> {
            (0..u.int_in_range(0..=6).unwrap_or(0))
                .map(|_| (coord(u), coord(u)))
                .collect()
        };
        snapshot.trails = Some([list(&mut u), list(&mut u)]);
    }
    if rare(&mut u, 6) {
        let route = |u: &mut Unstructured<'_>| -> Vec<Direction> {
            (0..u.int_in_range(0..=6).unwrap_or(0))
                .map(|_| Direction::from_index(u.int_in_range(0..=3).unwrap_or(0)))
                .collect()
        };
        snapshot.routes = Some([route(&mut u), route(&mut u)]);
    }
    if rare(&mut u, 6) {
        let side = if u.arbitrary().unwrap_or(false) {
            Side::First
        } else {
            Side::Second
        };
        let scores = [
            u.int_in_range(0..=40).unwrap_or(0),
            u.int_in_range(0..=40).unwrap_or(0),
        ];
        snapshot.end = Some(match u.int_in_range(0..=5).unwrap_or(0) {
            0 => End::Wall { mover: side },
            1 => End::TrailHit {
                mover: side,
                owner: side.other(),
            },
            2 => End::SideHit { mover: side },
            3 => End::HeadOn { scores },
            4 => End::TickLimit { scores },
            _ => End::Forfeit {
                player: side,
                kind: ForfeitKind::Timeout,
            },
        });
    }
    let Ok(mut game) = paperio::Position::from_snapshot(&snapshot) else {
        return Ok(Verdict::Rejected);
    };
    ensure!(
        game.snapshot().territory == snapshot.territory && game.snapshot().trail == snapshot.trail,
        "an accepted snapshot shows another board"
    );
    check_paperio(&game)?;
    // Play on for a while (a huge move limit would not end by itself).
    for _ in 0..2 * max_turn + 2 {
        if game.end().is_some() {
            break;
        }
        game.play(*u.choose(&Turn::ALL).unwrap_or(&Turn::Straight))
            .map_err(|e| format!("play: {e}"))?;
        check_paperio(&game)?;
    }
    Ok(Verdict::Accepted)
}

/// The position's counters against a scan of the board.
fn check_paperio(game: &paperio::Position) -> Result<(), String> {
    let (w, h) = (game.width() as i32, game.height() as i32);
    let mut territory = [0u32; 2];
    let mut trail = [0u32; 2];
    for y in 0..h {
        for x in 0..w {
            if let Some(s) = game.territory(x, y) {
                territory[s.index()] += 1;
            }
            if let Some(s) = game.trail(x, y) {
                trail[s.index()] += 1;
            }
        }
    }
    ensure!(
        game.territory_counts() == territory,
        "territory counts {:?}, the board has {territory:?}",
        game.territory_counts()
    );
    ensure!(
        game.trail_counts() == trail,
        "trail counts {:?}, the board has {trail:?}",
        game.trail_counts()
    );
    // The trail lists equal the board's trail cells, without duplicates, in every position,
    // ended ones included.
    for side in Side::ALL {
        let cells: Vec<(i32, i32)> = game.trail_cells(side).collect();
        ensure!(
            cells.len() as u32 == trail[side.index()],
            "{side} lists {} trail cells {cells:?}, the board has {} (ply {}, end {:?})\n{}",
            cells.len(),
            trail[side.index()],
            game.plies(),
            game.end(),
            game.render()
        );
        for &(x, y) in &cells {
            ensure!(
                game.trail(x, y) == Some(side),
                "{side}'s trail cell ({x}, {y}) is not its trail on the board (ply {}, end {:?})\n{}",
                game.plies(),
                game.end(),
                game.render()
            );
        }
        // Distinct listed cells that all carry the side's mark, as many as the board has:
        // the same set.
        let mut distinct = cells.clone();
        distinct.sort_unstable();
        distinct.dedup();
        ensure!(
            distinct.len() == cells.len(),
            "{side} lists a trail cell twice: {cells:?} (ply {}, end {:?})",
            game.plies(),
            game.end()
        );
        let (x, y) = game.head(side);
        let walled = matches!(game.end(), Some(End::Wall { mover }) if *mover == side);
        ensure!(
            game.contains(x, y) != walled,
            "{side}'s head ({x}, {y}) is {} the board (end {:?})",
            if walled { "on" } else { "off" },
            game.end()
        );
    }
    let picture = game.render();
    ensure!(
        picture.lines().count() == h as usize
            && picture.lines().all(|l| l.chars().count() == w as usize),
        "render is not {w} x {h}"
    );
    Ok(())
}

fn bot_match(u: &mut Unstructured<'_>, config: Config) -> CaseResult {
    let seed: u64 = u.arbitrary().unwrap_or(0);
    let game = paperio::Position::random(config, &mut Rng::seed_from(seed))
        .map_err(|e| format!("random start: {e}"))?;
    let names = paperio::bots::BOT_NAMES;
    let a = *u.choose(&names).unwrap_or(&"random");
    let b = *u.choose(&names).unwrap_or(&"random");
    let (Some(mut x), Some(mut y)) = (
        paperio::bots::named_bot(a, seed),
        paperio::bots::named_bot(b, seed.wrapping_add(1)),
    ) else {
        return Err(format!("bots {a} and {b} are not known"));
    };
    let record = play_match(game, &mut [&mut x, &mut y], MatchRules::default())
        .map_err(|e| format!("play_match: {e}"))?;
    ensure!(
        record.forfeit.is_none(),
        "{a} vs {b}: a bot forfeits: {:?}",
        record.forfeit
    );
    ensure!(
        record.last.end().is_some(),
        "the match stopped before the end"
    );
    check_paperio(&record.last)?;
    Ok(Verdict::Accepted)
}

/// A sheet geometry: usually the standard one, sometimes another size or catalogue.
pub(crate) fn geometry(u: &mut Unstructured<'_>) -> Result<Option<Geometry>, String> {
    if u.ratio(1, 2).unwrap_or(true) {
        return Ok(Some(Geometry::standard()));
    }
    let size = if u.ratio(7, 8).unwrap_or(true) {
        u.int_in_range(1..=16).unwrap_or(1)
    } else {
        *u.choose(&[0, 64, 65, usize::MAX]).unwrap_or(&0)
    };
    let catalogue = if u.ratio(1, 2).unwrap_or(true) {
        Catalogue::standard()
    } else {
        let n = u.int_in_range(0..=9).unwrap_or(0);
        let mut types = Vec::new();
        for k in 0..n {
            let len = u.int_in_range(1..=8).unwrap_or(1);
            let mut at = Cell::ORIGIN;
            let mut cells = vec![at];
            for _ in 1..len {
                let [a, b, c, d] = at.edge_neighbours();
                at = *u.choose(&[a, b, c, d]).unwrap_or(&a);
                cells.push(at);
            }
            if u.ratio(1, 8).unwrap_or(false) {
                cells.push(Cell::new(coord(u), coord(u)));
            }
            let Ok(shape) = Polyomino::from_cells(cells) else {
                return Ok(None);
            };
            let mark = shape.cells()[u.choose_index(shape.size()).unwrap_or(0)];
            let marked =
                MarkedPolyomino::new(shape, mark).map_err(|e| format!("mark on the shape: {e}"))?;
            types.push(PlaneType::new(format!("t{k}"), marked));
        }
        match Catalogue::new(types) {
            Ok(c) => c,
            Err(PlanesError::CatalogueSize(s)) => {
                ensure!(s == 0 || s > 8, "a catalogue of {s} refused");
                return Ok(None);
            }
            Err(e) => return Err(format!("unexpected error {e:?}")),
        }
    };
    match Geometry::new(size, catalogue) {
        Ok(g) => Ok(Some(g)),
        Err(PlanesError::BadSheet(s)) => {
            ensure!(s == 0 || s > Geometry::MAX_SIZE, "sheet size {s} refused");
            Ok(None)
        }
        Err(e) => Err(format!("unexpected error {e:?}")),
    }
}

pub(crate) fn masks(u: &mut Unstructured<'_>) -> [u8; 3] {
    if u.ratio(1, 2).unwrap_or(true) {
        u.choose(&SUBTASKS).map_or([1; 3], |s| s.masks)
    } else {
        [
            u.arbitrary().unwrap_or(0),
            u.arbitrary().unwrap_or(0),
            u.arbitrary().unwrap_or(0),
        ]
    }
}

fn planes_game(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let Some(geometry) = geometry(&mut u)? else {
        return Ok(Verdict::Rejected);
    };
    let masks = masks(&mut u);
    if rare(&mut u, 3) {
        return whole_game(&mut u, &geometry, masks);
    }
    let n = geometry.size() as i32;
    let spec = |u: &mut Unstructured<'_>| PlaneSpec {
        kind: u.int_in_range(0..=9).unwrap_or(0),
        direction: u.int_in_range(0..=5).unwrap_or(0),
        head: if u.ratio(7, 8).unwrap_or(true) {
            Cell::new(
                u.int_in_range(-1..=n).unwrap_or(0),
                u.int_in_range(-1..=n).unwrap_or(0),
            )
        } else {
            Cell::new(coord(u), coord(u))
        },
    };
    let specs = [spec(&mut u), spec(&mut u), spec(&mut u)];
    let mut sheet = match Sheet::draw(&geometry, masks, specs) {
        Ok(s) => s,
        Err(_) => {
            // A random drawing that fits the masks, when there is one.
            let Some(specs) = geometry_drawing(&geometry, masks, &mut u) else {
                return Ok(Verdict::Rejected);
            };
            Sheet::draw(&geometry, masks, specs)
                .map_err(|e| format!("a checked drawing is refused: {e}"))?
        }
    };
    for _ in 0..u.int_in_range(0..=60).unwrap_or(0) {
        if u.ratio(1, 3).unwrap_or(false) {
            let plane = u.int_in_range(0..=3).unwrap_or(0);
            let step = *u.choose(&Step::ALL).unwrap_or(&Step::Up);
            let can = sheet.can_move(&geometry, plane, step);
            let listed = sheet.legal_moves(&geometry).contains(&(plane, step));
            ensure!(can == listed, "can_move {can}, listed {listed}");
            let before = sheet.clone();
            let moved = sheet.move_plane(&geometry, plane, step);
            ensure!(moved.is_ok() == can, "move_plane {moved:?}, can_move {can}");
            if moved.is_err() {
                ensure!(sheet == before, "a refused move changed the sheet");
            }
        } else {
            let cell = if u.ratio(7, 8).unwrap_or(true) {
                Cell::new(
                    u.int_in_range(-1..=n).unwrap_or(0),
                    u.int_in_range(-1..=n).unwrap_or(0),
                )
            } else {
                Cell::new(coord(&mut u), coord(&mut u))
            };
            let peeked = geometry.contains(cell).then(|| sheet.peek(cell));
            match sheet.hit(&geometry, cell) {
                Ok(answer) => {
                    ensure!(Some(answer) == peeked, "hit {answer:?}, peek {peeked:?}");
                    ensure!(
                        (answer == HitAnswer::Empty) == sheet.plane_at(cell).is_none(),
                        "hit {answer:?} at {cell}, plane {:?}",
                        sheet.plane_at(cell)
                    );
                    if answer == HitAnswer::Head {
                        let i = sheet.plane_at(cell).ok_or("a head without a plane")?;
                        ensure!(sheet.destroyed()[i], "a hit head leaves plane {i} intact");
                    }
                }
                Err(PlanesError::HitOutside(_)) => {
                    ensure!(peeked.is_none(), "a hit on the sheet at {cell} refused");
                }
                Err(e) => return Err(format!("unexpected error {e:?}")),
            }
        }
        ensure!(
            sheet.all_destroyed() == sheet.destroyed().iter().all(|&d| d),
            "all_destroyed disagrees with destroyed()"
        );
        for (i, s) in sheet.specs().iter().enumerate() {
            let cells = geometry.cells(*s).ok_or("a drawn plane has no cells")?;
            for c in cells {
                ensure!(
                    geometry.contains(c) && sheet.plane_at(c) == Some(i),
                    "plane {i}'s cell {c} is not on the sheet as plane {i}"
                );
            }
        }
    }
    Ok(Verdict::Accepted)
}

/// Three plane specs that draw, found by trying placements in a random order (bounded).
fn geometry_drawing(
    geometry: &Geometry,
    masks: [u8; 3],
    u: &mut Unstructured<'_>,
) -> Option<[PlaneSpec; 3]> {
    let options: Vec<Vec<PlaneSpec>> = masks.iter().map(|&m| geometry.placements(m)).collect();
    if options.iter().any(Vec::is_empty) {
        return None;
    }
    for _ in 0..64 {
        let pick = |i: usize, u: &mut Unstructured<'_>| {
            options[i][u.choose_index(options[i].len()).unwrap_or(0)]
        };
        let specs = [pick(0, u), pick(1, u), pick(2, u)];
        if Sheet::draw(geometry, masks, specs).is_ok() {
            return Some(specs);
        }
    }
    None
}

fn whole_game(u: &mut Unstructured<'_>, geometry: &Geometry, masks: [u8; 3]) -> CaseResult {
    let seed: u64 = u.arbitrary().unwrap_or(0);
    let subtask = Subtask {
        masks,
        ..SUBTASKS[0]
    };
    let settings = GameSettings::new(subtask).with_first(if u.arbitrary().unwrap_or(false) {
        Side::First
    } else {
        Side::Second
    });
    // A hunter game takes 0.2 to 0.5 s (its layout tables), so they are kept rare; any
    // masks, including ones that allow no kind for a plane, on sheets up to the standard
    // size (each bot has its own table cache, freed with it).
    let hunter = rare(u, 12) && geometry.size() <= 12;
    let mut a: Box<dyn planes::PlanesBot> = if hunter {
        Box::new(HunterBot::new(seed))
    } else {
        Box::new(planes::bots::RandomBot::new(seed))
    };
    let mut b = planes::bots::RandomBot::new(seed ^ 1);
    let record = planes::play_game(geometry, &settings, [a.as_mut(), &mut b]);
    ensure!(
        !matches!(record.end, GameEnd::Crashed { .. }),
        "a bot of the crate crashed: {:?} (hunter: {hunter}, masks {masks:?}, size {})",
        record.end,
        geometry.size()
    );
    ensure!(
        record.actions.len() <= 2 * planes::MAX_OPERATIONS,
        "{} actions",
        record.actions.len()
    );
    if let GameEnd::Illegal { player, error } = &record.end {
        // Only a setup nobody can draw may be illegal for the crate's bots.
        let drawable = record.drawn[player.index()].is_some();
        ensure!(
            !drawable,
            "{player} made an illegal move: {error} (hunter: {hunter})"
        );
        let _ = record
            .actions
            .iter()
            .filter(|(_, a, _)| matches!(a, Action::Hit(_)))
            .count();
    }
    Ok(Verdict::Accepted)
}

fn tournament(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let mut t = Tournament::default();
    let setting = |u: &mut Unstructured<'_>, usual: f64| {
        if u.ratio(1, 3).unwrap_or(false) {
            usual
        } else {
            float(u)
        }
    };
    t.initial_rating = setting(&mut u, 1500.0);
    t.window_start = setting(&mut u, 100.0);
    t.window_step = setting(&mut u, 50.0);
    t.window_max = setting(&mut u, 600.0);
    if u.ratio(1, 4).unwrap_or(false) {
        // A step just large enough to pass validation: the most widenings allowed.
        t.window_step = (t.window_max - t.window_start) / Tournament::MAX_WIDENINGS;
    }
    t = t
        .with_rounds(u.int_in_range(0..=12).unwrap_or(0))
        .with_threads(u.int_in_range(0..=3).unwrap_or(0));
    let valid = t.validate();
    let finite = [
        t.initial_rating,
        t.window_start,
        t.window_step,
        t.window_max,
    ]
    .iter()
    .all(|x| x.is_finite());
    if !finite {
        ensure!(valid.is_err(), "non-finite settings accepted: {t:?}");
    }
    let entrants = u.int_in_range(0..=9).unwrap_or(0);
    let results: Vec<f64> = (0..8)
        .map(|_| {
            if u.ratio(7, 8).unwrap_or(true) {
                f64::from(u.int_in_range(0..=4).unwrap_or(0)) / 4.0
            } else {
                float(&mut u)
            }
        })
        .collect();
    // Up to 256 ratings, unmatched ones included (matchmaking is near-linear per widening).
    let ratings: Vec<f64> = (0..u.int_in_range(0..=256).unwrap_or(0))
        .map(|_| setting(&mut u, 1500.0))
        .collect();
    let seed: u64 = u.arbitrary().unwrap_or(0);
    let mut rng = Rng::seed_from(seed);
    match t.match_round(&ratings, &mut rng) {
        Ok(pairs) => {
            ensure!(valid.is_ok(), "match_round accepted invalid settings");
            let mut seen = vec![false; ratings.len()];
            for &(a, b) in &pairs {
                ensure!(
                    a != b && a < ratings.len() && b < ratings.len() && !seen[a] && !seen[b],
                    "pairs {pairs:?} for {} entrants",
                    ratings.len()
                );
                seen[a] = true;
                seen[b] = true;
            }
        }
        Err(TournamentError::BadSettings(_)) => {
            ensure!(valid.is_err(), "match_round refused valid settings");
        }
        Err(e) => return Err(format!("unexpected error {e:?}")),
    }
    let play = |a: usize, b: usize, _: &mut Rng| results[(a * 3 + b) % results.len()];
    match t.run(entrants, seed, play) {
        Ok(standings) => {
            ensure!(valid.is_ok(), "run accepted invalid settings");
            ensure!(
                standings.ratings.len() == entrants && standings.played.len() == entrants,
                "standings for {} of {entrants} entrants",
                standings.ratings.len()
            );
            ensure!(
                standings
                    .pairings
                    .iter()
                    .all(|&(_, _, _, s)| (0.0..=1.0).contains(&s)),
                "a result outside [0, 1] was recorded"
            );
        }
        Err(TournamentError::BadResult { value, .. }) => {
            ensure!(!(0.0..=1.0).contains(&value), "result {value} refused");
        }
        Err(TournamentError::BadSettings(_)) => {
            ensure!(valid.is_err(), "run refused valid settings");
        }
        Err(e) => return Err(format!("unexpected error {e:?}")),
    }
    // The Elo formulas with arbitrary numbers: no panic; finite inputs give sane outputs.
    let (ra, rb, s, k) = (float(&mut u), float(&mut u), float(&mut u), float(&mut u));
    let e = elo::expected_score(ra, rb);
    if ra.is_finite() && rb.is_finite() {
        ensure!(
            (0.0..=1.0).contains(&e),
            "expected score {e} for {ra} vs {rb}"
        );
    }
    let _ = elo::update(ra, rb, s, k);
    let round = u.arbitrary().unwrap_or(0);
    let rounds = u.arbitrary().unwrap_or(0);
    let kf = elo::k_factor(round, rounds);
    ensure!(
        kf.is_finite() && kf >= 0.0,
        "k_factor({round}, {rounds}) = {kf}"
    );
    let field: Vec<f64> = (0..u.int_in_range(0..=6).unwrap_or(0))
        .map(|_| float(&mut u))
        .collect();
    let scored = elo::score_field(&field, float(&mut u));
    ensure!(scored.len() == field.len(), "score_field lost entrants");
    Ok(Verdict::Accepted)
}

/// An integer from an edge-heavy menu, as JSON text (`u64::MAX`, `i64::MIN`, huge floats,
/// zero, small values).
fn json_number(u: &mut Unstructured<'_>) -> String {
    match u.int_in_range(0u8..=5).unwrap_or(0) {
        0 => u64::MAX.to_string(),
        1 => i64::MIN.to_string(),
        2 => (*u
            .choose(&["1e308", "-1e308", "5e-324", "-0.0", "0"])
            .unwrap_or(&"0"))
        .to_string(),
        3 => u.arbitrary::<u64>().unwrap_or(0).to_string(),
        4 => u.arbitrary::<i32>().unwrap_or(0).to_string(),
        _ => u.int_in_range(0u32..=8).unwrap_or(0).to_string(),
    }
}

/// A JSON object giving some of `fields` edge-heavy numbers (the rest take their defaults).
fn json_settings(u: &mut Unstructured<'_>, fields: &[&str]) -> String {
    let mut chosen = Vec::new();
    for f in fields {
        if u.ratio(1, 2).unwrap_or(false) {
            chosen.push(format!("\"{f}\": {}", json_number(u)));
        }
    }
    format!("{{{}}}", chosen.join(", "))
}

/// A `usize` from an edge-heavy menu.
fn size(u: &mut Unstructured<'_>) -> usize {
    match u.int_in_range(0u8..=3).unwrap_or(0) {
        0 => *u
            .choose(&[0, 1, usize::MAX, usize::MAX / 2, 1 << 40])
            .unwrap_or(&0),
        1 => u.arbitrary().unwrap_or(0),
        _ => u.int_in_range(0..=100).unwrap_or(0),
    }
}

fn bot_configs(data: &[u8]) -> CaseResult {
    use grid_games::blokus::bots::{HeuristicBot, HeuristicWeights, MctsBot, MctsConfig};
    use grid_games::blokus::bots::{PriorWeights, SearchBot, SearchConfig};
    use grid_games::game::{Bot, Budget};
    use grid_games::paperio::bots::{PlannerBot, PlannerConfig, RaiderBot, RaiderConfig};
    use std::time::{Duration, Instant};

    let mut u = Unstructured::new(data);
    let serde = u.ratio(1, 2).unwrap_or(false);
    let deadline = Duration::from_millis(u.int_in_range(1..=30).unwrap_or(10));
    let budget = Budget::time(deadline);
    let kind = u.int_in_range(0u8..=4).unwrap_or(0);
    let mut bot: Box<dyn Bot<Position>> = Box::new(HeuristicBot::new(1));
    let mut paperio_bot: Option<Box<dyn Bot<paperio::Position>>> = None;
    match kind {
        0 => {
            let config = if serde {
                let doc = json_settings(
                    &mut u,
                    &[
                        "exploration",
                        "prior_visits",
                        "playout_sample",
                        "default_iterations",
                        "max_nodes",
                    ],
                );
                match serde_json::from_str::<MctsConfig>(&doc) {
                    Ok(c) => c,
                    Err(_) => return Ok(Verdict::Rejected),
                }
            } else {
                let mut c = MctsConfig::default();
                c.exploration = float(&mut u);
                c.prior_visits = float(&mut u);
                c.playout_sample = size(&mut u);
                c.max_nodes = size(&mut u);
                c
            };
            bot = Box::new(MctsBot::with_config(1, config));
        }
        1 => {
            let config = if serde {
                let doc = json_settings(
                    &mut u,
                    &[
                        "exploration",
                        "prior_visits",
                        "rave",
                        "margin_weight",
                        "threads",
                        "max_nodes",
                        "default_iterations",
                    ],
                );
                match serde_json::from_str::<SearchConfig>(&doc) {
                    Ok(c) => c,
                    Err(_) => return Ok(Verdict::Rejected),
                }
            } else {
                let mut c = SearchConfig::default();
                c.exploration = float(&mut u);
                c.prior_visits = float(&mut u);
                c.rave = float(&mut u);
                c.margin_weight = float(&mut u);
                c.threads = size(&mut u) % 3;
                c.max_nodes = size(&mut u);
                let mut w = PriorWeights::default();
                w.sharpness = float(&mut u) as f32;
                w.size = float(&mut u) as f32;
                c.prior = Some(w);
                c
            };
            bot = Box::new(SearchBot::with_config(1, config));
        }
        2 => {
            let mut w = HeuristicWeights::default();
            w.cells = float(&mut u);
            w.own_attach = float(&mut u);
            w.opponent_attach = float(&mut u);
            w.phase = float(&mut u);
            bot = Box::new(HeuristicBot::with_config(1, w));
        }
        3 => {
            let config = if serde {
                let doc = json_settings(&mut u, &["max_loop", "margin"]);
                match serde_json::from_str::<RaiderConfig>(&doc) {
                    Ok(c) => c,
                    Err(_) => return Ok(Verdict::Rejected),
                }
            } else {
                let mut c = RaiderConfig::default();
                c.max_loop = u.arbitrary().unwrap_or(0);
                c.margin = u.arbitrary().unwrap_or(0);
                c
            };
            paperio_bot = Some(Box::new(RaiderBot::with_config(1, config)));
        }
        _ => {
            let config = if serde {
                let doc = json_settings(
                    &mut u,
                    &["max_side", "margin", "start_share", "escape_margin"],
                );
                match serde_json::from_str::<PlannerConfig>(&doc) {
                    Ok(c) => c,
                    Err(_) => return Ok(Verdict::Rejected),
                }
            } else {
                let mut c = PlannerConfig::default();
                c.max_side = u.arbitrary().unwrap_or(0);
                c.margin = u.arbitrary().unwrap_or(0);
                c.start_share = u.arbitrary().unwrap_or(0);
                c.escape_margin = u.arbitrary().unwrap_or(0);
                c
            };
            paperio_bot = Some(Box::new(PlannerBot::with_config(1, config)));
        }
    }
    let slack = Duration::from_millis(300);
    if let Some(mut bot) = paperio_bot {
        let config = Config::default().with_size(40, 30);
        let mut rng = Rng::seed_from(u.arbitrary().unwrap_or(0));
        let mut game = paperio::Position::random(config, &mut rng).map_err(|e| e.to_string())?;
        for _ in 0..u.int_in_range(0..=20).unwrap_or(0) {
            if game.end().is_some() {
                break;
            }
            let start = Instant::now();
            let turn = bot.choose(&game, budget);
            let took = start.elapsed();
            ensure!(
                took <= deadline * 3 / 2 + slack,
                "{took:?} on a {deadline:?} budget"
            );
            let Some(turn) = turn else { break };
            game.play(turn).map_err(|e| e.to_string())?;
        }
        return Ok(Verdict::Accepted);
    }
    let variant = *u
        .choose(&[Variant::Duo, Variant::Junior, Variant::Classic3])
        .unwrap_or(&Variant::Duo);
    let mut pos = blokus_position(variant);
    for _ in 0..u.int_in_range(0..=6).unwrap_or(0) {
        let start = Instant::now();
        let m = bot.choose(&pos, budget);
        let took = start.elapsed();
        ensure!(
            took <= deadline * 3 / 2 + slack,
            "{took:?} on a {deadline:?} budget"
        );
        let Some(m) = m else { break };
        ensure!(pos.legal_moves().contains(&m), "an illegal move");
        pos.play(m).map_err(|e| e.to_string())?;
    }
    Ok(Verdict::Accepted)
}
