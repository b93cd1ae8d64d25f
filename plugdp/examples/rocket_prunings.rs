//! The seed's measurement: frontier states kept by each Rocket Mania pruning on its ten board
//! kinds (all `-`, all `L`, all `T`, all `+`, odd rows `L` and even rows empty, `L`/`T`
//! alternating, three random boards rich in `L`/`T`, one rich in `-`), for ZOJ 2126 (all matches).
//!
//! ```text
//! cargo run --release -p plugdp --example rocket_prunings [-- --seed S]
//! ```
//!
//! Prints, per board, the best launch count and the total states kept with no pruning, each
//! pruning alone, and the three exact ones together; a `*` marks an answer that differs from the
//! unpruned one (only pruning 1 can do that).

use plugdp::{FuseBoard, Prunings, rocket_mania_with};

fn main() {
    let seed: u64 = std::env::args()
        .skip_while(|a| a != "--seed")
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2015);
    let mut state = seed | 1;
    let mut rand = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut random_board = |weights: [u64; 5]| -> Vec<String> {
        let total: u64 = weights.iter().sum();
        (0..9)
            .map(|_| {
                (0..6)
                    .map(|_| {
                        let mut x = rand(total);
                        let mut i = 0;
                        while x >= weights[i] {
                            x -= weights[i];
                            i += 1;
                        }
                        ['.', '-', 'L', 'T', '+'][i]
                    })
                    .collect()
            })
            .collect()
    };
    let uniform = |ch: char| vec![ch.to_string().repeat(6); 9];
    let boards: Vec<(&str, Vec<String>)> = vec![
        ("all -", uniform('-')),
        ("all L", uniform('L')),
        ("all T", uniform('T')),
        ("all +", uniform('+')),
        (
            "odd L / even empty",
            (0..9)
                .map(|r| if r % 2 == 0 { "LLLLLL" } else { "......" }.to_string())
                .collect(),
        ),
        (
            "L/T alternating",
            (0..9)
                .map(|r| if r % 2 == 0 { "LTLTLT" } else { "TLTLTL" }.to_string())
                .collect(),
        ),
        ("random L/T 1", random_board([1, 1, 4, 4, 1])),
        ("random L/T 2", random_board([1, 1, 4, 4, 1])),
        ("random L/T 3", random_board([1, 1, 4, 4, 1])),
        ("random rich in -", random_board([1, 6, 2, 2, 1])),
    ];
    let settings: [(&str, Prunings); 6] = [
        ("none", Prunings::default()),
        (
            "1 no-lit",
            Prunings {
                no_lit_plug: true,
                ..Prunings::default()
            },
        ),
        (
            "2 lone",
            Prunings {
                lone_unlit_plug: true,
                ..Prunings::default()
            },
        ),
        (
            "3 dominance",
            Prunings {
                dominance: true,
                ..Prunings::default()
            },
        ),
        (
            "4 row-end",
            Prunings {
                row_end: true,
                ..Prunings::default()
            },
        ),
        ("2+3+4", Prunings::EXACT),
    ];
    print!("{:<20} {:>4}", "board", "best");
    for (name, _) in &settings {
        print!(" {name:>12}");
    }
    println!();
    for (name, rows) in &boards {
        let board = FuseBoard::parse_rows(rows).expect("valid boards");
        let (base, _) =
            rocket_mania_with(&board, &[true; 9], Prunings::default()).expect("solvable");
        print!("{name:<20} {:>4}", base.launched);
        for (_, p) in &settings {
            let (plan, stats) = rocket_mania_with(&board, &[true; 9], *p).expect("solvable");
            let mark = if plan.launched == base.launched {
                ' '
            } else {
                '*'
            };
            print!(" {:>11}{mark}", stats.total_states);
        }
        println!();
    }
}
