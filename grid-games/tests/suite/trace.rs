//! A recorded course game (the trace format of `../shared/data/paperio/README.md`) as its
//! configuration, starts and move lists, for the paper.io tests. Test data: a malformed line
//! panics (the conformance example has the checked parser).

use grid_games::paperio::{Config, Direction, Start, Turn};
use serde_json::Value;

/// One trace line.
pub struct Trace {
    pub config: Config,
    pub starts: [Start; 2],
    pub moves: [Vec<Turn>; 2],
}

impl Trace {
    pub fn parse(line: &str) -> Trace {
        let t: Value = serde_json::from_str(line).unwrap();
        let n = |v: &Value| v.as_u64().unwrap() as u32;
        let config = Config::new(n(&t["width"]), n(&t["height"]), n(&t["max_turn"])).unwrap();
        let start = |s: &Value| Start {
            x: n(&s["x"]) as i32,
            y: n(&s["y"]) as i32,
            direction: Direction::from_index(n(&s["direction"]) as u8),
        };
        let moves = |m: &Value| {
            m.as_str()
                .unwrap()
                .chars()
                .map(|c| Turn::from_engine(&c.to_string()))
                .collect()
        };
        Trace {
            config,
            starts: [start(&t["init"][0]), start(&t["init"][1])],
            moves: [moves(&t["moves"][0]), moves(&t["moves"][1])],
        }
    }

    /// The plies in order (ply `j` is player `j % 2`'s move `j / 2`).
    pub fn plies(&self) -> Vec<Turn> {
        let total = self.moves[0].len() + self.moves[1].len();
        (0..total).map(|j| self.moves[j % 2][j / 2]).collect()
    }
}
