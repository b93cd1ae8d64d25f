//! Integration tests of the Blokus engine against the rules of Blokus (as Pentobi plays them).
//!
//! The yardsticks are outside the engine: an independent brute-force legality check written
//! here from the placement rules (it reads the board only through `Position::owner` and scans
//! every placement of the move table), the published perft and move counts, the scoring rules
//! recomputed from the board, and Pentobi's own legal move lists and final scores (the sample
//! in `examples/data`; CI replays the project's whole corpus with the `blokus_conformance`
//! example).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::{Arc, OnceLock};

use grid_games::blokus::bots::RandomBot;
use grid_games::blokus::{
    BlokusError, Colour, Move, MoveTable, Piece, Point, Position, Variant, perft,
};
use grid_games::game::{Bot, Game, MatchRules, Rng, play_match};
use proptest::collection::vec;
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Shared tables and the independent rules model
// ---------------------------------------------------------------------------------------------

/// A variant's move table with every placement's piece and cells read out once, and the
/// universe the brute-force model scans: every placement of all 21 pieces on the variant's
/// board (from the Duo or Classic table), with the variant's move when its table has one.
struct Geometry {
    table: Arc<MoveTable>,
    moves: Vec<(Move, Piece, Vec<Point>)>,
    universe: Vec<(Piece, Vec<Point>, Option<Move>)>,
}

fn geometry(variant: Variant) -> &'static Geometry {
    static CELLS: [OnceLock<Geometry>; 5] = [const { OnceLock::new() }; 5];
    let k = Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .expect("a variant");
    CELLS[k].get_or_init(|| {
        let table = Arc::new(MoveTable::new(variant));
        let moves = table
            .moves()
            .map(|m| {
                let piece = table.piece(m).expect("own move");
                let points = table.points(m).expect("own move");
                (m, piece, points)
            })
            .collect();
        let full = match variant.size() {
            14 => MoveTable::new(Variant::Duo),
            _ => MoveTable::new(Variant::Classic),
        };
        let universe = full
            .moves()
            .map(|m| {
                let piece = full.piece(m).expect("own move");
                let points = full.points(m).expect("own move");
                let own = table.parse(&full.notation(m).expect("own move")).ok();
                (piece, points, own)
            })
            .collect();
        Geometry {
            table,
            moves,
            universe,
        }
    })
}

/// Junior's 12 shapes, by Pentobi's names.
const JUNIOR: [&str; 12] = [
    "L5", "P", "I5", "O", "T4", "Z4", "L4", "I4", "V3", "I3", "2", "1",
];

/// The copies of `piece` each colour owns in `variant`, by the rules (not by the engine's
/// `Variant::copies`): two of each Junior shape, one of every piece elsewhere.
fn owned(variant: Variant, piece: Piece) -> usize {
    match variant {
        Variant::Junior if JUNIOR.contains(&piece.name()) => 2,
        Variant::Junior => 0,
        _ => 1,
    }
}

/// The copies each colour owns in all.
fn owned_total(variant: Variant) -> usize {
    Piece::all().map(|p| owned(variant, p)).sum()
}

/// The pieces one colour has placed, copies counted.
#[derive(Clone, Debug, Default)]
struct Used(HashMap<Piece, usize>);

impl Used {
    fn insert(&mut self, piece: Piece) {
        *self.0.entry(piece).or_default() += 1;
    }

    fn count(&self, piece: Piece) -> usize {
        self.0.get(&piece).copied().unwrap_or(0)
    }
}

/// The player who makes colour `c`'s next placement, by the rules: in three-player Classic
/// colour 3's `k`-th piece (from 0) is placed by player `k mod 3`; `placed3` is how many
/// pieces colour 3 has on the board.
fn mover(variant: Variant, c: usize, placed3: usize) -> usize {
    match variant {
        Variant::Classic3 if c == 3 => placed3 % 3,
        _ => c % variant.players(),
    }
}

/// The player whose points colour `c` earns, if any (colour 3 of three-player Classic earns
/// for no one).
fn scorer(variant: Variant, c: usize) -> Option<usize> {
    match variant {
        Variant::Classic3 if c == 3 => None,
        _ => Some(c % variant.players()),
    }
}

fn fresh(variant: Variant) -> Position {
    Position::with_table(Arc::clone(&geometry(variant).table))
}

fn colour(index: usize) -> Colour {
    Colour::new(index).expect("colour index below 4")
}

const EDGES: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const CORNERS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The board as read through `Position::owner`, with off-board lookups answered by us.
struct Board {
    size: i32,
    cells: Vec<Option<Colour>>,
    /// Cells per colour index.
    counts: [usize; 4],
}

impl Board {
    fn of(pos: &Position) -> Board {
        let size = i32::from(pos.variant().size());
        let mut cells = Vec::with_capacity((size * size) as usize);
        for row in 0..size {
            for col in 0..size {
                cells.push(pos.owner(Point::new(col as u8, row as u8)));
            }
        }
        let mut counts = [0; 4];
        for c in cells.iter().flatten() {
            counts[c.index()] += 1;
        }
        Board {
            size,
            cells,
            counts,
        }
    }

    fn on_board(&self, col: i32, row: i32) -> bool {
        (0..self.size).contains(&col) && (0..self.size).contains(&row)
    }

    fn at(&self, col: i32, row: i32) -> Option<Colour> {
        if self.on_board(col, row) {
            self.cells[(row * self.size + col) as usize]
        } else {
            None
        }
    }

    fn count(&self, c: Colour) -> usize {
        self.counts[c.index()]
    }
}

/// The placement rules, written out directly: may `c` (whose placed pieces are `used`)
/// place `piece` on `points`?
fn legal_by_rules(
    board: &Board,
    variant: Variant,
    c: Colour,
    used: &Used,
    piece: Piece,
    points: &[Point],
) -> bool {
    if used.count(piece) >= owned(variant, piece) {
        return false;
    }
    let cells = || points.iter().map(|p| (i32::from(p.col), i32::from(p.row)));
    if !cells().all(|(x, y)| board.on_board(x, y) && board.at(x, y).is_none()) {
        return false;
    }
    if board.count(c) == 0 {
        let start = variant.start(c).expect("colour of the variant");
        return points.contains(&start);
    }
    let touches = |dirs: &[(i32, i32)]| {
        cells().any(|(x, y)| {
            dirs.iter()
                .any(|&(dx, dy)| board.at(x + dx, y + dy) == Some(c))
        })
    };
    !touches(&EDGES) && touches(&CORNERS)
}

/// Every placement of all 21 pieces on the board that `c` may play by [`legal_by_rules`]
/// (a legal placement the variant's table lacks fails the test).
fn brute_legal(pos: &Position, c: Colour, used: &Used) -> BTreeSet<Move> {
    let board = Board::of(pos);
    let variant = pos.variant();
    geometry(variant)
        .universe
        .iter()
        .filter(|(piece, points, _)| legal_by_rules(&board, variant, c, used, *piece, points))
        .map(|(piece, points, m)| {
            m.unwrap_or_else(|| panic!("no move of {variant} for the legal {piece} on {points:?}"))
        })
        .collect()
}

/// The pieces each colour has placed, read from the history (not from `is_used`).
fn used_from_history(pos: &Position) -> Vec<Used> {
    let table = &geometry(pos.variant()).table;
    let mut used = vec![Used::default(); 4];
    for (c, m) in pos.history() {
        used[c.index()].insert(table.piece(m).expect("own move"));
    }
    used
}

fn legal_set(pos: &Position, c: Colour) -> Vec<Move> {
    let mut out = Vec::new();
    pos.legal_moves_of(c, &mut out);
    out.sort();
    out
}

fn describe(pos: &Position, moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    moves
        .into_iter()
        .take(6)
        .map(|m| pos.notation(m).unwrap_or_else(|e| e.to_string()))
        .collect()
}

/// Points per colour by the scoring rules, from the board and the history alone.
fn expected_points(pos: &Position) -> Vec<i64> {
    let board = Board::of(pos);
    let table = &geometry(pos.variant()).table;
    pos.variant()
        .all_colours()
        .map(|c| {
            let pieces: Vec<Piece> = pos
                .history()
                .filter(|&(hc, _)| hc == c)
                .map(|(_, m)| table.piece(m).expect("own move"))
                .collect();
            let mut points = board.count(c) as i64;
            let variant = pos.variant();
            if pieces.len() == owned_total(variant) && variant != Variant::Junior {
                points += 15;
                if pieces.last() == Some(&Piece::MONOMINO) {
                    points += 5;
                }
            }
            points
        })
        .collect()
}

/// GTP `final_score` as Pentobi writes it, from points per colour.
fn expected_final_score(variant: Variant, points: &[i64]) -> String {
    match variant {
        Variant::Classic | Variant::Classic3 => points.iter().map(|p| format!("{p} ")).collect(),
        Variant::Duo | Variant::Classic2 | Variant::Junior => {
            let first: i64 = points.iter().step_by(2).sum();
            let second: i64 = points.iter().skip(1).step_by(2).sum();
            match first - second {
                0 => "0".to_string(),
                d if d > 0 => format!("B+{d}"),
                d => format!("W+{}", -d),
            }
        }
        other => panic!("no final_score rule written for {other}"),
    }
}

/// Everything observable about a position.
#[derive(Debug, PartialEq)]
struct Snapshot {
    render: String,
    points: Vec<i64>,
    final_score: String,
    history: Vec<(Colour, Move)>,
    to_move: Option<Colour>,
    nominal: Colour,
    legal: Vec<Vec<Move>>,
    pieces_left: Vec<Vec<Piece>>,
}

fn snapshot(pos: &Position) -> Snapshot {
    let colours: Vec<Colour> = pos.variant().all_colours().collect();
    Snapshot {
        render: pos.render(),
        points: pos.points(),
        final_score: pos.final_score(),
        history: pos.history().collect(),
        to_move: pos.colour_to_move(),
        nominal: pos.nominal_to_move(),
        legal: colours.iter().map(|&c| legal_set(pos, c)).collect(),
        pieces_left: colours
            .iter()
            .map(|&c| pos.pieces_left(c).collect())
            .collect(),
    }
}

/// Compares two snapshots field by field, with a short message.
fn same(a: &Snapshot, b: &Snapshot, what: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(&a.render, &b.render, "{}: board", what);
    prop_assert_eq!(&a.points, &b.points, "{}: points", what);
    prop_assert_eq!(&a.final_score, &b.final_score, "{}: final score", what);
    prop_assert_eq!(a.history.len(), b.history.len(), "{}: history length", what);
    prop_assert!(a.history == b.history, "{}: history", what);
    prop_assert_eq!(a.to_move, b.to_move, "{}: colour to move", what);
    prop_assert_eq!(a.nominal, b.nominal, "{}: nominal colour", what);
    for (c, (x, y)) in a.legal.iter().zip(&b.legal).enumerate() {
        prop_assert!(
            x == y,
            "{}: legal moves of colour {} differ ({} vs {})",
            what,
            c,
            x.len(),
            y.len()
        );
    }
    prop_assert_eq!(&a.pieces_left, &b.pieces_left, "{}: pieces left", what);
    Ok(())
}

/// Picks a move from `pick`: for the colour to move, or (when `any_colour`) for a colour
/// chosen from `pick` among those with a legal move. `None` once the game is over.
fn pick_move(pos: &Position, pick: u32, any_colour: bool) -> Option<(Colour, Move)> {
    let mut c = pos.colour_to_move()?;
    if any_colour {
        let n = pos.variant().colours();
        let wanted = colour((pick >> 24) as usize % n);
        if pos.has_legal_move(wanted) {
            c = wanted;
        }
    }
    let mut moves = Vec::new();
    pos.legal_moves_of(c, &mut moves);
    moves.sort();
    Some((c, moves[pick as usize % moves.len()]))
}

/// Replays a position's history into a fresh position with `play_as`.
fn replayed(pos: &Position) -> Position {
    let mut out = fresh(pos.variant());
    for (c, m) in pos.history() {
        out.play_as(c, m).expect("a played move replays");
    }
    out
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Duo),
        Just(Variant::Classic),
        Just(Variant::Classic2),
        Just(Variant::Junior),
        Just(Variant::Classic3)
    ]
}

// ---------------------------------------------------------------------------------------------
// 1. Move generation against brute force
// ---------------------------------------------------------------------------------------------

/// All of the generator's answers at `pos` against the brute-force model, for every colour.
/// `nominal` is the colour after the last mover, tracked by the caller.
fn check_generation(pos: &Position, used: &[Used], nominal: usize) -> Result<(), TestCaseError> {
    let variant = pos.variant();
    let n = variant.colours();
    let mut brute_sets = Vec::new();
    for c in variant.all_colours() {
        let mut got = Vec::new();
        pos.legal_moves_of(c, &mut got);
        let set: BTreeSet<Move> = got.iter().copied().collect();
        prop_assert_eq!(set.len(), got.len(), "duplicates for colour {}", c.index());
        let brute = brute_legal(pos, c, &used[c.index()]);
        prop_assert!(
            set == brute,
            "colour {} after {} moves: engine-only {:?}, rules-only {:?}",
            c.index(),
            pos.history().len(),
            describe(pos, set.difference(&brute).copied()),
            describe(pos, brute.difference(&set).copied())
        );
        prop_assert_eq!(pos.count_legal_moves(c), got.len());
        prop_assert_eq!(pos.has_legal_move(c), !got.is_empty());
        for (m, piece, _) in &geometry(variant).moves {
            let verdict = pos.check(c, *m);
            prop_assert_eq!(
                verdict.is_ok(),
                brute.contains(m),
                "check of {} for colour {}: {:?}",
                pos.notation(*m).unwrap_or_default(),
                c.index(),
                verdict
            );
            let count = used[c.index()].count(*piece);
            prop_assert_eq!(pos.is_used(c, *piece), count > 0);
            prop_assert_eq!(pos.copies_left(c, *piece), owned(variant, *piece) - count);
        }
        brute_sets.push(brute);
    }
    // Colours the variant does not have own nothing and move nowhere.
    for index in n..4 {
        prop_assert!(!pos.has_legal_move(colour(index)));
        prop_assert_eq!(pos.pieces_left(colour(index)).count(), 0);
    }
    // Turn order: the first colour from the nominal one with a legal move.
    let expected = (0..n)
        .map(|k| (nominal + k) % n)
        .find(|&c| !brute_sets[c].is_empty());
    prop_assert_eq!(pos.colour_to_move().map(Colour::index), expected);
    prop_assert_eq!(pos.nominal_to_move().index(), nominal);
    prop_assert_eq!(pos.is_over(), expected.is_none());
    let mut to_move = pos.legal_moves();
    to_move.sort();
    match expected {
        Some(c) => prop_assert!(to_move.iter().copied().eq(brute_sets[c].iter().copied())),
        None => prop_assert!(to_move.is_empty()),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random games (in turn, or with any colour moving via `play_as`), checked against the
    /// brute-force rules at a few positions each, for every colour.
    #[test]
    fn legal_moves_equal_brute_force(
        variant in variant_strategy(),
        picks in vec(any::<u32>(), 0..100),
        checkpoints in vec(0usize..100, 1..4),
        any_colour in any::<bool>(),
    ) {
        let mut pos = fresh(variant);
        let n = variant.colours();
        let mut used = vec![Used::default(); 4];
        let mut nominal = 0;
        let checkpoints: BTreeSet<usize> =
            checkpoints.iter().map(|&k| k % (picks.len() + 1)).collect();
        for (step, &pick) in picks.iter().enumerate() {
            if checkpoints.contains(&step) {
                check_generation(&pos, &used, nominal)?;
            }
            let Some((c, m)) = pick_move(&pos, pick, any_colour) else { break };
            if any_colour {
                pos.play_as(c, m).expect("generated move is legal");
            } else {
                prop_assert_eq!(Some(c), pos.colour_to_move());
                pos.play(m).expect("generated move is legal");
            }
            used[c.index()].insert(geometry(variant).table.piece(m).unwrap());
            nominal = (c.index() + 1) % n;
        }
        check_generation(&pos, &used, nominal)?;
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Undo
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Play k moves (each also played, undone and replayed at once), undo some, play other
    /// moves, compare with a fresh replay of the same history, then undo everything.
    #[test]
    fn undo_restores_everything(
        variant in variant_strategy(),
        picks in vec(any::<u32>(), 0..60),
        back in any::<usize>(),
        more in vec(any::<u32>(), 0..30),
        any_colour in any::<bool>(),
    ) {
        let mut pos = fresh(variant);
        let mut snaps = vec![snapshot(&pos)];
        for &pick in &picks {
            let Some((c, m)) = pick_move(&pos, pick, any_colour) else { break };
            pos.play_as(c, m).expect("generated move is legal");
            let after = snapshot(&pos);
            pos.undo().expect("a move to undo");
            same(&snapshot(&pos), snaps.last().unwrap(), "play then undo")?;
            pos.play_as(c, m).expect("still legal");
            same(&snapshot(&pos), &after, "replay after undo")?;
            snaps.push(after);
        }
        // Undo part of the way, checking every intermediate position.
        let k = snaps.len() - 1;
        let back = back % (k + 1);
        for i in 1..=back {
            pos.undo().expect("a move to undo");
            same(&snapshot(&pos), &snaps[k - i], "undo chain")?;
        }
        snaps.truncate(k - back + 1);
        // Continue differently: the state must be that of a fresh replay of the history.
        for &pick in &more {
            let Some((c, m)) = pick_move(&pos, pick, any_colour) else { break };
            pos.play_as(c, m).expect("generated move is legal");
            snaps.push(snapshot(&pos));
        }
        same(&snapshot(&pos), &snapshot(&replayed(&pos)), "after undo and new moves")?;
        // Undo everything.
        for i in (0..snaps.len() - 1).rev() {
            pos.undo().expect("a move to undo");
            same(&snapshot(&pos), &snaps[i], "full undo")?;
        }
        same(&snapshot(&pos), &snapshot(&fresh(variant)), "back at the start")?;
        prop_assert_eq!(pos.history().len(), 0);
        prop_assert_eq!(pos.undo(), Err(BlokusError::NothingToUndo));
        same(&snapshot(&pos), &snapshot(&fresh(variant)), "after refused undo")?;
    }
}

// ---------------------------------------------------------------------------------------------
// 3. Random games to the end
// ---------------------------------------------------------------------------------------------

fn random_match(variant: Variant, seeds: &[u64]) -> grid_games::game::MatchRecord<Position> {
    let mut bots: Vec<RandomBot> = (0..variant.players())
        .map(|p| RandomBot::new(seeds[p % seeds.len()].wrapping_add(p as u64)))
        .collect();
    let mut refs: Vec<&mut dyn Bot<Position>> = bots
        .iter_mut()
        .map(|b| b as &mut dyn Bot<Position>)
        .collect();
    play_match(fresh(variant), &mut refs, MatchRules::default()).expect("one bot per player")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_keep_the_invariants(
        variant in variant_strategy(),
        seeds in vec(any::<u64>(), 1..4),
    ) {
        let record = random_match(variant, &seeds);
        let last = &record.last;
        let table = &geometry(variant).table;
        prop_assert!(record.forfeit.is_none(), "forfeit: {:?}", record.forfeit);
        prop_assert!(last.is_over());
        prop_assert_eq!(last.history().len(), record.actions.len());
        // Nobody can move by the rules either.
        let used = used_from_history(last);
        for c in variant.all_colours() {
            prop_assert!(brute_legal(last, c, &used[c.index()]).is_empty());
        }
        // Squares: per colour, the sum of the sizes of its pieces; in all, the points.
        let board = Board::of(last);
        let mut occupied = 0;
        let mut bonus = 0;
        for c in variant.all_colours() {
            let pieces: Vec<Piece> = last
                .history()
                .filter(|&(hc, _)| hc == c)
                .map(|(_, m)| table.piece(m).unwrap())
                .collect();
            for p in Piece::all() {
                let n = pieces.iter().filter(|&&q| q == p).count();
                prop_assert!(n <= owned(variant, p), "{} placed {} times", p, n);
            }
            // Rare but legal: a random colour can place all its pieces (the bonus).
            if pieces.len() == owned_total(variant) && variant != Variant::Junior {
                bonus += 15;
                if pieces.last() == Some(&Piece::MONOMINO) {
                    bonus += 5;
                }
            }
            let squares: usize = pieces.iter().map(|p| p.size()).sum();
            prop_assert_eq!(board.count(c), squares);
            occupied += squares;
        }
        prop_assert_eq!(board.cells.iter().filter(|o| o.is_some()).count(), occupied);
        let points = last.points();
        prop_assert_eq!(points.iter().sum::<i64>(), occupied as i64 + bonus);
        prop_assert_eq!(&points, &expected_points(last));
        prop_assert_eq!(last.final_score(), expected_final_score(variant, &points));
        let mut per_player = vec![0; variant.players()];
        for (c, p) in points.iter().enumerate() {
            if let Some(player) = scorer(variant, c) {
                per_player[player] += p;
            }
        }
        prop_assert_eq!(record.outcome.scores.values(), &per_player[..]);
        // Who made each move: the colour's owner, or colour 3's rotation in three-player
        // Classic.
        let mut placed3 = 0;
        for ((c, _), &(player, _)) in last.history().zip(&record.actions) {
            prop_assert_eq!(player.index(), mover(variant, c.index(), placed3));
            placed3 += usize::from(c.index() == 3);
        }
        // Skipping is permanent: a colour passed over never moves again.
        let colours: Vec<usize> = last.history().map(|(c, _)| c.index()).collect();
        let n = variant.colours();
        let mut skipped = HashSet::new();
        let mut expected_next = 0;
        for &c in &colours {
            prop_assert!(!skipped.contains(&c), "colour {} moved after being skipped", c);
            let mut k = expected_next;
            while k != c {
                skipped.insert(k);
                k = (k + 1) % n;
            }
            expected_next = (c + 1) % n;
        }
        // Deterministic replay through the Game trait.
        let mut replay = fresh(variant);
        for &(player, action) in &record.actions {
            prop_assert_eq!(Game::to_move(&replay), Some(player));
            Game::play(&mut replay, action).expect("recorded move replays");
        }
        prop_assert!(replay.is_over());
        same(&snapshot(&replay), &snapshot(last), "replay")?;
        prop_assert_eq!(replay.scores(), record.outcome.scores.clone());
        // Same seeds, same game.
        let again = random_match(variant, &seeds);
        prop_assert_eq!(&again.actions, &record.actions);
    }
}

/// Every bot plays whole games of Junior and three-player Classic legally (the match runner
/// checks every move), in every seat; the outcome's scores are the players' points.
#[test]
fn every_bot_plays_junior_and_three_player_classic() {
    use grid_games::blokus::bots::{HeuristicBot, MctsBot, SearchBot};
    use grid_games::game::Budget;
    let rules = MatchRules::default().with_budget(Budget::iterations(30));
    for variant in [Variant::Junior, Variant::Classic3] {
        for shift in 0..variant.players() {
            let mut search = SearchBot::new(1);
            let mut mcts = MctsBot::new(2);
            let mut heuristic = HeuristicBot::new(3);
            let mut random = RandomBot::new(4);
            let mut all: Vec<&mut dyn Bot<Position>> =
                vec![&mut search, &mut mcts, &mut heuristic, &mut random];
            all.rotate_left(shift);
            all.truncate(variant.players());
            let record = play_match(fresh(variant), &mut all, rules).expect("one bot per player");
            assert!(record.forfeit.is_none(), "{variant}: {:?}", record.forfeit);
            assert!(record.last.is_over());
            assert_eq!(
                record.outcome.scores.values(),
                record.last.player_points().values()
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 4. Scoring: the all-pieces bonus and final_score formats
// ---------------------------------------------------------------------------------------------

/// Places, for `c` alone (via `play_as`), the pieces in `order`, by depth-first search over its
/// legal moves, preferring placements that leave the most legal moves. Deterministic.
fn place_all(variant: Variant, c: Colour, order: &[Piece]) -> Option<Position> {
    fn dfs(pos: &mut Position, c: Colour, order: &[Piece], budget: &mut usize) -> bool {
        let Some((&piece, rest)) = order.split_first() else {
            return true;
        };
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let table = Arc::clone(pos.table());
        let mut moves = Vec::new();
        pos.legal_moves_of(c, &mut moves);
        let mut candidates: Vec<(usize, Move)> = moves
            .into_iter()
            .filter(|&m| table.piece(m) == Ok(piece))
            .map(|m| {
                pos.play_as(c, m).expect("legal");
                let freedom = pos.count_legal_moves(c);
                pos.undo().expect("just played");
                (freedom, m)
            })
            .collect();
        candidates.sort_by_key(|&(freedom, m)| (std::cmp::Reverse(freedom), m));
        for (_, m) in candidates.into_iter().take(3) {
            pos.play_as(c, m).expect("legal");
            if dfs(pos, c, rest, budget) {
                return true;
            }
            pos.undo().expect("just played");
        }
        false
    }
    let mut pos = fresh(variant);
    let mut budget = 2_000;
    dfs(&mut pos, c, order, &mut budget).then_some(pos)
}

fn piece_named(name: &str) -> Piece {
    Piece::all()
        .find(|p| p.name() == name)
        .expect("a piece name")
}

#[test]
fn all_pieces_bonus() {
    let blue = colour(0);
    // Largest first, the monomino last (Pentobi's order already is).
    let monomino_last: Vec<Piece> = Piece::all().collect();
    assert_eq!(monomino_last.last(), Some(&Piece::MONOMINO));
    // The monomino first (on a20), the domino last.
    let mut domino_last = vec![Piece::MONOMINO];
    domino_last.extend(Piece::all().filter(|&p| p != Piece::MONOMINO && p.name() != "2"));
    domino_last.push(piece_named("2"));
    assert_eq!(domino_last.len(), Piece::COUNT);

    for variant in [Variant::Classic, Variant::Classic2, Variant::Classic3] {
        let pos = place_all(variant, blue, &monomino_last).expect("a placement of all pieces");
        assert_eq!(pos.history().len(), 21);
        assert_eq!(Board::of(&pos).count(blue), 89);
        assert_eq!(pos.pieces_left(blue).count(), 0);
        assert!(!pos.has_legal_move(blue));
        assert_eq!(pos.points(), vec![109, 0, 0, 0]);
        assert_eq!(pos.points(), expected_points(&pos));
        let expected = match variant {
            Variant::Classic | Variant::Classic3 => "109 0 0 0 ",
            _ => "B+109",
        };
        assert_eq!(pos.final_score(), expected);
        // One piece short: squares only.
        let mut short = pos.clone();
        short.undo().unwrap();
        assert_eq!(short.points(), vec![88, 0, 0, 0]);
        // Blue is done; the turn passes to the first other colour the rules let move.
        let none = Used::default();
        let next = (1..4).find(|&c| !brute_legal(&pos, colour(c), &none).is_empty());
        assert_eq!(pos.colour_to_move().map(Colour::index), next);
        assert!(next.is_some());

        let pos = place_all(variant, blue, &domino_last).expect("a placement of all pieces");
        assert_eq!(Board::of(&pos).count(blue), 89);
        assert_eq!(pos.points(), vec![104, 0, 0, 0]);
        assert_eq!(pos.points(), expected_points(&pos));
        let mut short = pos.clone();
        short.undo().unwrap();
        assert_eq!(short.points(), vec![87, 0, 0, 0]);
    }
    // The same on the Duo board, against a second colour with one piece.
    let duo = place_all(Variant::Duo, blue, &monomino_last).expect("Duo placement");
    assert_eq!(duo.points(), vec![109, 0]);
    assert_eq!(duo.final_score(), "B+109");
    let duo = place_all(Variant::Duo, blue, &domino_last).expect("Duo placement");
    assert_eq!(duo.points(), vec![104, 0]);
}

/// Junior: all 24 pieces (two copies of its 12 shapes, 88 squares) earn squares only.
#[test]
fn junior_has_no_bonus() {
    let green = colour(0);
    let order: Vec<Piece> = JUNIOR
        .iter()
        .flat_map(|&name| [piece_named(name), piece_named(name)])
        .collect();
    assert_eq!(order.len(), owned_total(Variant::Junior));
    let pos = place_all(Variant::Junior, green, &order).expect("a placement of all 24 pieces");
    assert_eq!(pos.history().len(), 24);
    assert_eq!(Board::of(&pos).count(green), 88);
    assert_eq!(pos.pieces_left(green).count(), 0);
    assert!(!pos.has_legal_move(green));
    assert_eq!(pos.points(), vec![88, 0]);
    assert_eq!(pos.points(), expected_points(&pos));
    assert_eq!(pos.final_score(), "B+88");
    // A shape not in the set has no placement at all, and a third copy none either.
    assert!(matches!(
        pos.parse_move("e8,d9,e9,f9,e10"),
        Err(BlokusError::NotAPiece(_))
    ));
    let mut one_left = pos.clone();
    one_left.undo().unwrap();
    let last = pos.history().last().unwrap().1;
    let piece = pos.table().piece(last).unwrap();
    assert_eq!(one_left.copies_left(green, piece), 1);
    assert_eq!(pos.copies_left(green, piece), 0);
}

/// A whole random game in which one colour places all 21 pieces (found by the property test
/// above, which once wrongly assumed random play never gets there): the points of every
/// colour, bonus included, agree with the spec's count from the history.
#[test]
fn random_game_reaching_the_bonus() {
    let record = random_match(Variant::Classic, &[16_801_918_045_520_775_722]);
    let last = &record.last;
    let table = &geometry(Variant::Classic).table;
    let complete = Variant::Classic
        .all_colours()
        .filter(|&c| last.history().filter(|&(hc, _)| hc == c).count() == Piece::COUNT)
        .count();
    assert!(
        complete >= 1,
        "the seed no longer reaches the bonus; pick another"
    );
    let points = last.points();
    assert_eq!(points, expected_points(last));
    let squares: i64 = last
        .history()
        .map(|(_, m)| table.piece(m).unwrap().size() as i64)
        .sum();
    assert!(points.iter().sum::<i64>() >= squares + 15 * complete as i64);
    assert_eq!(
        last.final_score(),
        expected_final_score(Variant::Classic, &points)
    );
}

#[test]
fn final_score_formats() {
    // Duo: first minus second.
    let mut duo = fresh(Variant::Duo);
    assert_eq!(duo.final_score(), "0");
    let x = duo.parse_move("e8,d9,e9,f9,e10").unwrap();
    duo.play(x).unwrap();
    assert_eq!(duo.final_score(), "B+5");
    let o = duo.parse_move("j5,k5,j4,k4").unwrap();
    duo.play(o).unwrap();
    assert_eq!(duo.final_score(), "B+1");
    let mut duo = fresh(Variant::Duo);
    let o = duo.parse_move("j5,k5,j4,k4").unwrap();
    duo.play_as(colour(1), o).unwrap();
    assert_eq!(duo.final_score(), "W+4");

    // Junior: as Duo.
    let mut junior = fresh(Variant::Junior);
    let l5 = junior.parse_move("e10,e11,e12,e13,f13").unwrap();
    junior.play(l5).unwrap();
    let o = junior.parse_move("j5,k5,j4,k4").unwrap();
    junior.play(o).unwrap();
    assert_eq!(junior.final_score(), "B+1");

    // Classic2 sums colours 0+2 against 1+3; Classic and Classic3 list all four colours.
    let four = ["0 0 0 0 ", "5 0 0 0 ", "5 4 0 0 ", "5 4 1 0 ", "5 4 1 5 "];
    for (variant, expected) in [
        (
            Variant::Classic2,
            ["0", "B+5", "B+1", "B+2", "W+3"].as_slice(),
        ),
        (Variant::Classic, four.as_slice()),
        (Variant::Classic3, four.as_slice()),
    ] {
        let mut pos = fresh(variant);
        assert_eq!(pos.final_score(), expected[0]);
        for (i, text) in [
            "a20,a19,a18,a17,a16",
            "t20,s20,r20,q20",
            "t1",
            "a1,b1,c1,d1,e1",
        ]
        .iter()
        .enumerate()
        {
            let m = pos.parse_move(text).unwrap();
            pos.play(m).unwrap();
            assert_eq!(pos.final_score(), expected[i + 1], "{variant} after {text}");
            assert_eq!(
                pos.final_score(),
                expected_final_score(variant, &pos.points())
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 5. Errors
// ---------------------------------------------------------------------------------------------

/// Plays `m` for `c`, expecting `error`, and checks that nothing changed.
fn refused(pos: &mut Position, c: Option<Colour>, m: Move, error: BlokusError) {
    let before = snapshot(pos);
    let result = match c {
        Some(c) => pos.play_as(c, m),
        None => pos.play(m),
    };
    assert_eq!(result, Err(error.clone()));
    if let Some(c) = c
        && c.index() < pos.variant().colours()
    {
        assert_eq!(pos.check(c, m), Err(error));
    }
    let after = snapshot(pos);
    assert_eq!(before, after, "a refused move changed the position");
}

#[test]
fn every_error_has_a_trigger() {
    let (blue, orange) = (colour(0), colour(1));
    let mut duo = fresh(Variant::Duo);
    let m = |pos: &Position, text: &str| pos.parse_move(text).unwrap();

    // First piece off its start cell.
    let off = m(&duo, "a1,b1");
    refused(&mut duo, None, off, BlokusError::MissesStart("e10".into()));
    let off = m(&duo, "e10,f10");
    refused(
        &mut duo,
        Some(orange),
        off,
        BlokusError::MissesStart("j5".into()),
    );
    // Colour 0 plays the X on e9 (covering e10), colour 1 a square on j5.
    let x = m(&duo, "e8,d9,e9,f9,e10");
    duo.play(x).unwrap();
    let sq = m(&duo, "j5,k5,j4,k4");
    duo.play(sq).unwrap();
    // Occupied (the monomino on e10, by either colour).
    let e10 = m(&duo, "e10");
    refused(
        &mut duo,
        Some(blue),
        e10,
        BlokusError::Occupied("e10".into()),
    );
    refused(
        &mut duo,
        Some(orange),
        e10,
        BlokusError::Occupied("e10".into()),
    );
    // Touching its own colour along an edge: f10 borders e10 and f9.
    let f10 = m(&duo, "f10");
    refused(
        &mut duo,
        None,
        f10,
        BlokusError::TouchesOwnEdge("f10".into()),
    );
    // No corner contact: a lone cell far away.
    let a1 = m(&duo, "a1");
    refused(&mut duo, None, a1, BlokusError::NoCornerContact);
    // Piece used: the X again, on cells that are otherwise legal for colour 0 (g10 is a corner of f9).
    let x2 = m(&duo, "g12,f11,g11,h11,g10");
    refused(&mut duo, None, x2, BlokusError::PieceUsed("X"));
    // The same move is fine for the other colour's rules apart from contact.
    assert_eq!(duo.check(orange, x2), Err(BlokusError::NoCornerContact));
    // A colour the variant does not have.
    let ok = m(&duo, "g10");
    assert_eq!(duo.check(blue, ok), Ok(()));
    refused(
        &mut duo,
        Some(colour(2)),
        ok,
        BlokusError::UnknownColour("2".into()),
    );
    assert_eq!(
        duo.check(colour(3), ok),
        Err(BlokusError::UnknownColour("3".into()))
    );

    // A Duo move on a Classic (or Classic2) position, and the reverse.
    let mut classic = fresh(Variant::Classic);
    refused(&mut classic, None, x, BlokusError::WrongVariant);
    refused(&mut classic, Some(blue), x, BlokusError::WrongVariant);
    assert_eq!(classic.notation(x), Err(BlokusError::WrongVariant));
    let c2 = fresh(Variant::Classic2).parse_move("a20").unwrap();
    refused(&mut classic, None, c2, BlokusError::WrongVariant);
    let ca = classic.parse_move("a20").unwrap();
    refused(&mut duo, None, ca, BlokusError::WrongVariant);
    assert_eq!(
        geometry(Variant::Duo).table.piece(ca),
        Err(BlokusError::WrongVariant)
    );
    assert_eq!(
        geometry(Variant::Duo).table.points(ca),
        Err(BlokusError::WrongVariant)
    );

    // Nothing to undo.
    let mut empty = fresh(Variant::Classic);
    let before = snapshot(&empty);
    assert_eq!(empty.undo(), Err(BlokusError::NothingToUndo));
    assert_eq!(snapshot(&empty), before);

    // Game over: any move of a finished game, through play and the Game trait.
    let mut over = random_match(Variant::Duo, &[5]).last;
    assert!(over.is_over());
    for mv in geometry(Variant::Duo)
        .moves
        .iter()
        .step_by(501)
        .map(|e| e.0)
    {
        refused(&mut over, None, mv, BlokusError::GameOver);
        assert_eq!(Game::play(&mut over, mv), Err(BlokusError::GameOver));
    }

    // Notation errors.
    let parse = |text: &str| duo.parse_move(text);
    for pass in ["pass", "PASS", " Pass "] {
        assert_eq!(parse(pass), Err(BlokusError::PassNotSupported));
    }
    for bad in ["a1,c1", "a1,b2", "a1,a2,a3,a4,a5,a6", "a1,b1,c1,d1,e1,f1"] {
        assert!(
            matches!(parse(bad), Err(BlokusError::NotAPiece(_))),
            "{bad}"
        );
    }
    assert_eq!(
        parse("a1,b1,a1"),
        Err(BlokusError::RepeatedCell("a1,b1,a1".into()))
    );
    assert_eq!(
        parse("A1,a1"),
        Err(BlokusError::RepeatedCell("A1,a1".into()))
    );
    for bad in ["1a", "", "e", "e0", "e01", "a1,", ",a1", "a1;b1", "a 1"] {
        assert!(
            matches!(parse(bad), Err(BlokusError::BadPoint(_))),
            "{bad:?}"
        );
    }
    for off in ["o1", "a15", "n15", "z3"] {
        assert_eq!(parse(off), Err(BlokusError::OffBoard(off.into())), "{off}");
    }
    assert_eq!(parse("n14"), Ok(m(&duo, "N14")));
    let parse_classic = |text: &str| classic.parse_move(text);
    for off in ["u1", "a21", "t21"] {
        assert_eq!(
            parse_classic(off),
            Err(BlokusError::OffBoard(off.into())),
            "{off}"
        );
    }
    assert!(parse_classic("t20").is_ok());
}

// ---------------------------------------------------------------------------------------------
// 6. Spec counts and perft
// ---------------------------------------------------------------------------------------------

#[test]
fn table_sizes_and_opening_counts() {
    assert_eq!(geometry(Variant::Duo).table.len(), 13_729);
    assert_eq!(geometry(Variant::Classic).table.len(), 30_433);
    assert_eq!(geometry(Variant::Classic2).table.len(), 30_433);
    assert_eq!(geometry(Variant::Classic3).table.len(), 30_433);
    // Junior's table: the Duo board's placements of its 12 shapes, no more, no fewer.
    let junior = geometry(Variant::Junior);
    let expected: Vec<&(Piece, Vec<Point>, Option<Move>)> = junior
        .universe
        .iter()
        .filter(|(piece, _, _)| owned(Variant::Junior, *piece) > 0)
        .collect();
    assert_eq!(junior.table.len(), expected.len());
    assert!(expected.iter().all(|(_, _, m)| m.is_some()));
    assert!(
        junior
            .universe
            .iter()
            .all(|(piece, _, m)| m.is_some() == (owned(Variant::Junior, *piece) > 0))
    );
    // Every placement is inside the board and covers as many distinct cells as its piece.
    for variant in Variant::ALL {
        let size = variant.size();
        let mut shapes = HashSet::new();
        for (_, piece, points) in &geometry(variant).moves {
            let cells: BTreeSet<Point> = points.iter().copied().collect();
            assert_eq!(cells.len(), piece.size());
            assert!(cells.iter().all(|p| p.col < size && p.row < size));
            assert!(shapes.insert(cells), "a placement listed twice");
        }
    }
    let start = fresh(Variant::Duo);
    assert_eq!(start.count_legal_moves(colour(0)), 414);
    assert_eq!(start.legal_moves().len(), 414);
    // The board is symmetric under a half turn that swaps e10 and j5.
    assert_eq!(start.count_legal_moves(colour(1)), 414);
    let none = Used::default();
    assert_eq!(brute_legal(&start, colour(0), &none).len(), 414);
    for variant in [Variant::Classic, Variant::Classic2, Variant::Classic3] {
        let start = fresh(variant);
        for c in variant.all_colours() {
            assert_eq!(start.count_legal_moves(c), 58);
            assert_eq!(brute_legal(&start, c, &none).len(), 58);
        }
    }
    // Junior's first position: 189 legal placements (as Pentobi lists them), for both
    // colours.
    let start = fresh(Variant::Junior);
    for c in Variant::Junior.all_colours() {
        assert_eq!(start.count_legal_moves(c), 189);
        assert_eq!(brute_legal(&start, c, &none).len(), 189);
    }
}

#[test]
fn perft_matches_the_spec() {
    let mut duo = fresh(Variant::Duo);
    let before = snapshot(&duo);
    assert_eq!(perft(&mut duo, 0), 1);
    assert_eq!(perft(&mut duo, 1), 414);
    assert_eq!(perft(&mut duo, 2), 171_396);
    assert_eq!(snapshot(&duo), before);
    // Three-player Classic has Classic's move rules: the same counts.
    for variant in [Variant::Classic, Variant::Classic2, Variant::Classic3] {
        let mut pos = fresh(variant);
        let before = snapshot(&pos);
        assert_eq!(perft(&mut pos, 1), 58);
        assert_eq!(perft(&mut pos, 2), 3_364);
        assert_eq!(perft(&mut pos, 3), 195_112);
        assert_eq!(snapshot(&pos), before);
    }
    // A finished game has no sequences.
    let mut over = random_match(Variant::Duo, &[11]).last;
    assert_eq!(perft(&mut over, 1), 0);
    assert_eq!(perft(&mut over, 0), 1);
}

/// Perft to depth 2 with the brute-force rules alone: checks the model against the spec.
#[test]
fn brute_force_perft_matches_the_spec() {
    for (variant, expected) in [(Variant::Duo, 171_396), (Variant::Classic, 3_364)] {
        let start = fresh(variant);
        let none = vec![Used::default(); 4];
        let mut total = 0;
        for m in brute_legal(&start, colour(0), &none[0]) {
            let mut pos = start.clone();
            pos.play_as(colour(0), m).unwrap();
            total += brute_legal(&pos, colour(1), &none[1]).len();
        }
        assert_eq!(total, expected, "{variant}");
    }
}

/// Brute-force perft from the rules alone: every placement of all 21 pieces scanned at every
/// ply, no move generator; `pos` is played through `play_as` only to keep the board.
fn brute_perft(pos: &Position, used: &[Used], depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let variant = pos.variant();
    let n = variant.colours();
    let nominal = pos.nominal_to_move().index();
    let Some((c, moves)) = (0..n)
        .map(|k| colour((nominal + k) % n))
        .map(|c| (c, brute_legal(pos, c, &used[c.index()])))
        .find(|(_, moves)| !moves.is_empty())
    else {
        return 0;
    };
    if depth == 1 {
        return moves.len() as u64;
    }
    let table = &geometry(variant).table;
    moves
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_as(c, m).unwrap();
            let mut used = used.to_vec();
            used[c.index()].insert(table.piece(m).unwrap());
            brute_perft(&next, &used, depth - 1)
        })
        .sum()
}

/// The new variants' perft against the brute-force rules: Junior's opening (189, as Pentobi
/// lists it) and two plies; three-player Classic equal to Classic's published counts.
#[test]
fn perft_of_junior_and_three_player_classic_against_brute_force() {
    let none = vec![Used::default(); 4];
    let mut junior = fresh(Variant::Junior);
    assert_eq!(perft(&mut junior, 1), 189);
    let brute = brute_perft(&junior, &none, 2);
    assert_eq!(perft(&mut junior, 2), brute);
    let mut three = fresh(Variant::Classic3);
    assert_eq!(brute_perft(&three, &none, 2), 3_364);
    assert_eq!(perft(&mut three, 2), 3_364);
}

/// Depth 3 of the same, with the brute-force rules (slow: about 25 s in a release build).
#[test]
#[ignore = "slow; CI runs it in release"]
fn perft_3_of_the_new_variants_against_brute_force() {
    let none = vec![Used::default(); 4];
    for variant in [Variant::Junior, Variant::Classic3] {
        let mut pos = fresh(variant);
        assert_eq!(perft(&mut pos, 3), brute_perft(&pos, &none, 3), "{variant}");
    }
}

// ---------------------------------------------------------------------------------------------
// 7. Notation
// ---------------------------------------------------------------------------------------------

/// Our own reading of a cell: letter column from `a`, row number from 1 at the bottom.
fn cell_of(text: &str) -> (u8, u8) {
    let (letter, digits) = text.split_at(1);
    let col = letter.as_bytes()[0].to_ascii_lowercase() - b'a';
    let row: u8 = digits.parse().expect("row number");
    (col, row - 1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn notation_is_canonical_and_parsing_is_free(
        variant in variant_strategy(),
        index in any::<usize>(),
        seed in any::<u64>(),
    ) {
        let geo = geometry(variant);
        let (m, _, points) = &geo.moves[index % geo.moves.len()];
        let text = geo.table.notation(*m).unwrap();
        // Canonical: our reading of the text gives the cells, sorted by row then column.
        let cells: Vec<(u8, u8)> = text.split(',').map(cell_of).collect();
        let mut sorted: Vec<(u8, u8)> = points.iter().map(|p| (p.col, p.row)).collect();
        sorted.sort_by_key(|&(col, row)| (row, col));
        prop_assert_eq!(&cells, &sorted, "{}", text);
        prop_assert_eq!(text.to_ascii_lowercase(), text.clone());
        // Any order, any case.
        let mut rng = Rng::seed_from(seed);
        let mut parts: Vec<String> = points.iter().map(Point::to_string).collect();
        rng.shuffle(&mut parts);
        for part in &mut parts {
            if rng.below(2) == 1 {
                *part = part.to_ascii_uppercase();
            }
        }
        let shuffled = parts.join(",");
        prop_assert_eq!(geo.table.parse(&shuffled), Ok(*m), "{}", shuffled);
        let pos = fresh(variant);
        prop_assert_eq!(pos.parse_move(&shuffled), Ok(*m));
        prop_assert_eq!(pos.notation(*m), Ok(text));
    }
}

#[test]
fn notation_examples_and_orientation() {
    let duo = fresh(Variant::Duo);
    let x = duo.parse_move("E10,d9,e9,f9,e8").unwrap();
    assert_eq!(duo.notation(x).unwrap(), "e8,d9,e9,f9,e10");
    assert_eq!(geometry(Variant::Duo).table.piece(x), Ok(piece_named("X")));
    assert_eq!(duo.parse_move("e8,D9,E9,f9,e10"), Ok(x));
    assert_eq!(Point::parse("e10", 14), Ok(Point::new(4, 9)));
    assert_eq!(Point::new(4, 9).to_string(), "e10");
    assert_eq!(Variant::Duo.start(colour(0)), Some(Point::new(4, 9)));
    assert_eq!(Variant::Duo.start(colour(1)), Point::parse("j5", 14).ok());

    // a1 is the bottom-left cell: Classic colour 3 starts there.
    let green = colour(3);
    assert_eq!(Variant::Classic.start(green), Some(Point::new(0, 0)));
    let mut classic = fresh(Variant::Classic);
    let v3 = classic.parse_move("b1,A2,a1").unwrap();
    assert_eq!(classic.notation(v3).unwrap(), "a1,b1,a2");
    classic.play_as(green, v3).unwrap();
    assert_eq!(classic.owner(Point::new(0, 0)), Some(green));
    assert_eq!(classic.owner(Point::new(1, 0)), Some(green));
    assert_eq!(classic.owner(Point::new(0, 1)), Some(green));
    assert_eq!(classic.owner(Point::new(1, 1)), None);
    assert_eq!(classic.owner(Point::new(0, 19)), None);
    assert_eq!(classic.owner(Point::new(20, 0)), None);
    // In the rendering, row 1 is the last board line and column a the first.
    let render = classic.render();
    let lines: Vec<&str> = render.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines[19].starts_with(" 1 @ @ . "), "{}", lines[19]);
    assert!(lines[18].starts_with(" 2 @ . "), "{}", lines[18]);
    assert!(lines[0].starts_with("20 . "), "{}", lines[0]);
    assert!(lines[20].trim_start().starts_with("a b c"));
    // a20 is top-left: colour 0's start.
    let a20 = classic.parse_move("a20").unwrap();
    classic.play(a20).unwrap();
    assert_eq!(classic.owner(Point::new(0, 19)), Some(colour(0)));
    assert!(
        classic
            .render()
            .lines()
            .next()
            .unwrap()
            .starts_with("20 X . ")
    );
}

// ---------------------------------------------------------------------------------------------
// 8. Pentobi's corpus (outside truth), sampled; skipped when the shared data is absent
// ---------------------------------------------------------------------------------------------

#[test]
fn pentobi_corpus_sample() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/blokus/legal_corpus.jsonl"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipping: {path} not found");
        return;
    };
    let (mut positions, mut ends) = (0, 0);
    for (n, line) in text.lines().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let kind = record["type"].as_str().unwrap();
        if kind == "pos" && n % 9 != 0 {
            continue;
        }
        let variant = Variant::parse(record["variant"].as_str().unwrap()).unwrap();
        let mut pos = fresh(variant);
        for pair in record["moves"].as_array().unwrap() {
            let c = colour(pair[0].as_u64().unwrap() as usize);
            let text = pair[1].as_str().unwrap();
            if text == "pass" {
                assert!(!pos.has_legal_move(c), "line {}: pass with moves", n + 1);
                continue;
            }
            let m = pos.parse_move(text).unwrap();
            pos.play_as(c, m).unwrap();
        }
        if kind == "end" {
            assert!(pos.is_over(), "line {}", n + 1);
            assert_eq!(
                pos.final_score(),
                record["final_score"].as_str().unwrap(),
                "line {}",
                n + 1
            );
            ends += 1;
            continue;
        }
        let c = colour(record["to_move"].as_u64().unwrap() as usize);
        let theirs: BTreeSet<Move> = record["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| pos.parse_move(s.as_str().unwrap()).unwrap())
            .collect();
        assert_eq!(theirs.len() as u64, record["n_legal"].as_u64().unwrap());
        let ours: BTreeSet<Move> = legal_set(&pos, c).into_iter().collect();
        assert!(
            ours == theirs,
            "line {}: engine differs from Pentobi",
            n + 1
        );
        let used = used_from_history(&pos);
        assert!(
            brute_legal(&pos, c, &used[c.index()]) == theirs,
            "line {}: the brute-force model differs from Pentobi",
            n + 1
        );
        positions += 1;
    }
    assert!(
        positions > 100 && ends > 10,
        "{positions} positions, {ends} games"
    );
}

/// Under the course-style per-game budget (no per-move limit), the Monte Carlo bot spends a
/// share of what is left on each move: a whole Duo game inside one second each, no time-out.
#[test]
fn mcts_spends_a_per_game_budget_without_running_out() {
    use grid_games::blokus::bots::MctsBot;
    use std::time::Duration;
    let (mut a, mut b) = (MctsBot::new(1), MctsBot::new(2));
    let rules = MatchRules::default().with_game_time(Duration::from_secs(1));
    let record = play_match(Position::new(Variant::Duo), &mut [&mut a, &mut b], rules).unwrap();
    assert!(record.forfeit.is_none(), "{:?}", record.forfeit);
    assert!(record.last.is_over());
    for p in [
        grid_games::game::Player::FIRST,
        grid_games::game::Player::SECOND,
    ] {
        let spent = record.think_time[p];
        // Nine tenths spread over the moves, and a search overshoots its share by one
        // simulation at most.
        assert!(spent < Duration::from_secs(1), "{spent:?}");
        assert!(
            spent > Duration::from_millis(300),
            "{spent:?}: the budget was not used"
        );
    }
}

/// The search bot under a per-game budget: whole games of Duo and Classic for two players
/// inside one second per player, no time-out, and most of the budget used.
#[test]
fn search_spends_a_per_game_budget_without_running_out() {
    use grid_games::blokus::bots::SearchBot;
    use std::time::Duration;
    for variant in [Variant::Duo, Variant::Classic2] {
        let (mut a, mut b) = (SearchBot::new(1), SearchBot::new(2));
        let rules = MatchRules::default().with_game_time(Duration::from_secs(1));
        let record = play_match(Position::new(variant), &mut [&mut a, &mut b], rules).unwrap();
        assert!(record.forfeit.is_none(), "{variant}: {:?}", record.forfeit);
        assert!(record.last.is_over());
        for p in [
            grid_games::game::Player::FIRST,
            grid_games::game::Player::SECOND,
        ] {
            let spent = record.think_time[p];
            assert!(spent < Duration::from_secs(1), "{variant}: {spent:?}");
            assert!(
                spent > Duration::from_millis(300),
                "{variant}: {spent:?} unused"
            );
        }
    }
}

/// At equal simulations the search bot beats the plain UCT bot: six Duo games and two of
/// each Classic variant, seats alternated, 50 simulations a move (seeded, so reproducible).
#[test]
fn search_beats_plain_mcts_at_equal_simulations() {
    use grid_games::blokus::bots::{MctsBot, SearchBot};
    use grid_games::game::{Bot, Budget, Player};
    let mut wins = 0;
    let mut games = 0;
    for (variant, count) in [
        (Variant::Duo, 6),
        (Variant::Classic2, 2),
        (Variant::Classic, 2),
    ] {
        for g in 0..count {
            let players = variant.players();
            let search_seat = g % 2;
            let mut bots: Vec<Box<dyn Bot<Position>>> = (0..players)
                .map(|p| -> Box<dyn Bot<Position>> {
                    let seed = (g * 10 + p) as u64;
                    if p % 2 == search_seat {
                        Box::new(SearchBot::new(seed))
                    } else {
                        Box::new(MctsBot::new(seed))
                    }
                })
                .collect();
            let mut seats: Vec<&mut dyn Bot<Position>> = bots
                .iter_mut()
                .map(|b| &mut **b as &mut dyn Bot<Position>)
                .collect();
            let rules = MatchRules::default().with_budget(Budget::iterations(50));
            let record = play_match(Position::new(variant), &mut seats, rules).unwrap();
            assert!(record.forfeit.is_none());
            let points = record.last.player_points();
            let mut sides = [0i64; 2];
            for p in Player::all(players) {
                sides[usize::from(p.index() % 2 != search_seat)] += points[p];
            }
            games += 1;
            wins += usize::from(sides[0] > sides[1]);
        }
    }
    assert!(wins * 10 >= games * 8, "{wins} wins of {games}");
}
