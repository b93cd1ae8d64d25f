//! Interop round trips of one paper.io position, shared by the `paperio_conformance` example
//! (every frame of a trace file) and the tests (the bundled sample and random games).

use grid_games::paperio::course::Frame;
use grid_games::paperio::{Position, Snapshot, Turn};

/// The time budgets written into the frames (any values: they only have to come back).
const TIMELEFT: [f64; 2] = [29.5, 28.25];

/// What an observer of the board can compare: everything but the trail orders and routes.
fn observed(s: &Snapshot) -> impl PartialEq + std::fmt::Debug + '_ {
    (&s.territory, &s.trail, s.heads, s.moves_left, &s.end)
}

fn sorted(mut v: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    v.sort_unstable();
    v
}

/// Every conversion on `pos`, a position of a game with `max_turn` moves per player:
///
/// 1. `Position` → `Snapshot` → `Position` gives an equal position (ended games included);
/// 2. `Position` → course `Frame` → `Snapshot` → `Frame` gives the same frame, and the
///    snapshot read from the frame shows the position's grids, heads and moves left;
/// 3. in a running game, the public log's frame (with `band_route`) gives back an equal
///    position, trail orders included, and a player's frame (without it) one with the same
///    board, the same trail cells and routes of the same lengths.
pub fn round_trips(pos: &Position, max_turn: u32) -> Result<(), String> {
    let snap = pos.snapshot();
    let back = Position::from_snapshot(&snap).map_err(|e| format!("snapshot refused: {e}"))?;
    if back != *pos {
        return Err("the snapshot round trip changed the position".into());
    }
    let frame = Frame::from_position(pos, TIMELEFT);
    let read = frame
        .to_snapshot(max_turn)
        .map_err(|e| format!("frame refused: {e}"))?;
    if Frame::from_snapshot(&read, TIMELEFT) != frame {
        return Err("the frame round trip changed the frame".into());
    }
    let mut seen = read.clone();
    seen.end = snap.end.clone();
    if observed(&seen) != observed(&snap) {
        return Err("the frame shows another board than the position".into());
    }
    if pos.end().is_some() {
        return Ok(());
    }
    let logged =
        Position::from_snapshot(&read).map_err(|e| format!("public frame refused: {e}"))?;
    if logged != *pos {
        return Err("the public log's frame gives another position".into());
    }
    let mut player_frame = frame;
    player_frame.band_route = None;
    let rebuilt = player_view(&player_frame, max_turn)?;
    let again = rebuilt.snapshot();
    if observed(&again) != observed(&snap) {
        return Err("a player's frame gives another board".into());
    }
    let (Some(ours), Some(theirs)) = (&again.trails, &snap.trails) else {
        return Err("snapshots without trail lists".into());
    };
    for i in 0..2 {
        if sorted(ours[i].clone()) != sorted(theirs[i].clone()) {
            return Err(format!(
                "a player's frame gives player {i} other trail cells"
            ));
        }
    }
    let lengths = |s: &Snapshot| s.routes.as_ref().map(|r| [r[0].len(), r[1].len()]);
    if lengths(&again) != lengths(&snap) {
        return Err("a player's frame gives routes of other lengths".into());
    }
    Ok(())
}

/// The position a player's frame (no `band_route`) shows.
pub fn player_view(frame: &Frame, max_turn: u32) -> Result<Position, String> {
    Position::from_frame(frame, max_turn).map_err(|e| format!("player frame refused: {e}"))
}

/// The position a player's frame of running `pos` shows plays the moves `rest` exactly as
/// `pos` does: the same board after every ply and the same end.
pub fn plays_on_alike(
    pos: &Position,
    max_turn: u32,
    rest: impl IntoIterator<Item = Turn>,
) -> Result<(), String> {
    let mut frame = Frame::from_position(pos, TIMELEFT);
    frame.band_route = None;
    let mut rebuilt = player_view(&frame, max_turn)?;
    let mut original = pos.clone();
    for turn in rest {
        if original.end().is_some() {
            break;
        }
        original.play(turn).map_err(|e| e.to_string())?;
        rebuilt.play(turn).map_err(|e| e.to_string())?;
        let (a, b) = (original.end(), rebuilt.end());
        let (x, y) = (original.snapshot(), rebuilt.snapshot());
        if a != b || observed(&x) != observed(&y) {
            return Err(format!(
                "the rebuilt position parts from the game at ply {}",
                original.plies()
            ));
        }
    }
    Ok(())
}
