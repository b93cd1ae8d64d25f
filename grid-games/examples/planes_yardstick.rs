//! How near the best possible is the hunter? For each subtask, the mean number of the hunter's
//! own operations to destroy all three heads of a static random drawing (the opponent never
//! moves), for the hunter, the same hunter hitting the likeliest head (`hunter-greedy`, the rule
//! before the informed one) and the first version (`hunter-old`), on the same drawings, beside a lower
//! bound that holds for every strategy:
//!
//! * every head needs its own hit: at least 3;
//! * the transcript of a finished hunt (cells hit and answers) names the three head cells, and
//!   it is a word of a prefix-free code over the 3 answers (the hunt stops at the third head),
//!   so by Kraft's inequality E[hits] ≥ H₃(X), the base-3 entropy of the set X of head cells
//!   under the uniform drawing. Computed exactly by enumerating every ordered drawing.
//!
//! ```text
//! cargo run --release -p grid-games --example planes_yardstick -- [--drawings 200] [--old-drawings 50] [--seed 1]
//! ```

use std::collections::HashMap;
use std::time::Instant;

use clap::Parser;
use family_support::cli;
use grid_games::planes::{
    Action, Geometry, HitAnswer, LastResult, MAX_OPERATIONS, PlacementTable, PlanesBot, SUBTASKS,
    Setup, Sheet,
    bots::{PriorCache, RandomBot, named_bot_with},
    reference::ListHunterBot,
};

/// Mean hunter operations against static drawings, beside a lower bound.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Mean hunter operations to destroy a static random drawing, per subtask, beside the entropy lower bound."
)]
struct Args {
    /// Static drawings per subtask for the new hunter.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    drawings: u32,
    /// How many of them the first (slow) hunter, `hunter-old`, also plays (0 = skip it).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    old_drawings: u32,
    /// Seed of the drawings and of the hunters.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

/// Operations `bot` needs to destroy the three planes of `hidden` (which never moves); the
/// opponent's turns are skipped (the bot is never told of any).
fn hunt(
    geometry: &Geometry,
    subtask: u8,
    masks: [u8; 3],
    bot: &mut dyn PlanesBot,
    mut hidden: Sheet,
) -> usize {
    let setup = Setup {
        last: LastResult::FirstGame,
        subtask,
        masks,
        first: true,
        geometry,
    };
    bot.setup(&setup);
    for op in 1..=MAX_OPERATIONS {
        match bot.act() {
            Action::Hit(cell) => {
                let answer = hidden.hit(geometry, cell).unwrap_or(HitAnswer::Empty);
                bot.answer(cell, answer);
                if hidden.all_destroyed() {
                    return op;
                }
            }
            Action::Move { .. } => {}
        }
    }
    MAX_OPERATIONS
}

/// Base-3 entropy of the set of head cells of a uniformly random ordered drawing.
fn head_entropy(geometry: &Geometry, masks: [u8; 3]) -> (f64, u64) {
    let table = PlacementTable::new(geometry, masks[0] | masks[1] | masks[2]);
    let n = table.len();
    let cells = geometry.size() * geometry.size();
    let allowed: Vec<Vec<usize>> = masks
        .iter()
        .map(|&m| {
            (0..n)
                .filter(|&p| m >> table.specs()[p].kind & 1 == 1)
                .collect()
        })
        .collect();
    let head = |p: usize| {
        let h = table.specs()[p].head;
        h.row as usize * geometry.size() + h.col as usize
    };
    let mut counts: HashMap<u32, u64> = HashMap::new();
    let mut total = 0u64;
    for &a in &allowed[0] {
        for &b in allowed[1]
            .iter()
            .filter(|&&b| b != a && table.overlap(a, b) == Some(false))
        {
            for &c in allowed[2].iter().filter(|&&c| {
                c != a
                    && c != b
                    && table.overlap(a, c) == Some(false)
                    && table.overlap(b, c) == Some(false)
            }) {
                let mut h = [head(a), head(b), head(c)];
                h.sort_unstable();
                *counts
                    .entry(((h[0] * cells + h[1]) * cells + h[2]) as u32)
                    .or_default() += 1;
                total += 1;
            }
        }
    }
    let t = total as f64;
    let bits: f64 = counts
        .values()
        .map(|&c| {
            let p = c as f64 / t;
            -p * p.log2()
        })
        .sum();
    (bits / 3f64.log2(), total)
}

fn mean_ci(xs: &[usize]) -> (f64, f64) {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<usize>() as f64 / n;
    let var = xs.iter().map(|&x| (x as f64 - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, 1.96 * (var / n).sqrt())
}

/// Mean and 95 % half-width of the paired differences `a - b`.
fn paired_ci(a: &[usize], b: &[usize]) -> (f64, f64) {
    let n = a.len() as f64;
    let d: Vec<f64> = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| x as f64 - y as f64)
        .collect();
    let m = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, 1.96 * (var / n).sqrt())
}

fn main() {
    let args = Args::parse();
    let geometry = Geometry::standard();
    println!(
        "{:<8} {:>12} {:>7} {:>14} {:>14} {:>16} {:>14} {:>14} {:>8}",
        "subtask",
        "drawings",
        "bound",
        "hunter",
        "hunter-greedy",
        "hunter - greedy",
        "hunter-old",
        "hunter, same",
        "H3 time"
    );
    let progress = cli::Progress::start("planes_yardstick", args.progress, "subtask 1");
    for task in SUBTASKS {
        progress.set(format!("subtask {} of {}", task.id, SUBTASKS.len()));
        let t0 = Instant::now();
        let (h3, total) = head_entropy(&geometry, task.masks);
        let bound = h3.max(3.0);
        let secs = t0.elapsed().as_secs_f64();
        let mut drawer = RandomBot::new(args.seed ^ u64::from(task.id));
        let setup = Setup {
            last: LastResult::FirstGame,
            subtask: task.id,
            masks: task.masks,
            first: true,
            geometry: &geometry,
        };
        let sheets: Vec<Sheet> = (0..args.drawings)
            .map(|_| {
                Sheet::draw(&geometry, task.masks, drawer.setup(&setup))
                    .expect("random drawings are legal")
            })
            .collect();
        // Both hunters on one cache: the layout tables are built once.
        let cache = PriorCache::new();
        let ops = |name: &str, sheets: &[Sheet]| -> Vec<usize> {
            let mut bot = named_bot_with(name, args.seed, &cache).expect("a shipped bot");
            sheets
                .iter()
                .map(|s| hunt(&geometry, task.id, task.masks, bot.as_mut(), s.clone()))
                .collect()
        };
        let ops_new = ops("hunter", &sheets);
        let ops_greedy = ops("hunter-greedy", &sheets);
        let k = (args.old_drawings as usize).min(sheets.len());
        let (old, new_same) = if k > 0 {
            let mut old = ListHunterBot::new(args.seed);
            let ops_old: Vec<usize> = sheets[..k]
                .iter()
                .map(|s| hunt(&geometry, task.id, task.masks, &mut old, s.clone()))
                .collect();
            let (m, h) = mean_ci(&ops_old);
            let (m2, h2) = mean_ci(&ops_new[..k]);
            (format!("{m:.2} ± {h:.2}"), format!("{m2:.2} ± {h2:.2}"))
        } else {
            ("-".into(), "-".into())
        };
        let show = |(m, h): (f64, f64)| format!("{m:.2} ± {h:.2}");
        println!(
            "{:<8} {:>12} {:>7.2} {:>14} {:>14} {:>16} {:>14} {:>14} {:>7.1}s",
            task.id,
            format!("{total}"),
            bound,
            show(mean_ci(&ops_new)),
            show(mean_ci(&ops_greedy)),
            show(paired_ci(&ops_new, &ops_greedy)),
            old,
            new_same,
            secs
        );
    }
    println!(
        "(bound = max(3, H3 of the head-cell set); drawings = ordered legal drawings enumerated; ± = 95 % interval; hunter - greedy: paired differences on the same drawings; hunter-old and \"hunter, same\": the first --old-drawings drawings)"
    );
}
