//! Five jobs a crates.io user does with the family, through the public API only (this crate
//! has no direct dependency on `polyomino`). Each job checks its answer against a published
//! value or the rules; any mismatch exits with status 1.
//!
//! ```text
//! cargo run --manifest-path examples/consumer/Cargo.toml
//! ```

use std::process::ExitCode;

use grid_games::blokus::bots::{HeuristicBot, RandomBot};
use grid_games::blokus::gtp::GtpEngine;
use grid_games::blokus::{Position, Variant};
use grid_games::game::{Budget, MatchRules, Side, play_match};
use grid_games::planes::bots::HunterBot;
use grid_games::planes::{GameSettings, Geometry, SUBTASKS, play_game};
use grid_games::polyomino::{enumerate, svg};
use level_planner::{Instance, Params, Site, VirtualLevel, plan};
use plugdp::{Grid, Options, hamiltonian_cycles};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// One job: its name and the function that does and checks it.
type Job = (&'static str, fn() -> Result<()>);

fn check(what: &str, ok: bool) -> Result<()> {
    if ok {
        println!("ok: {what}");
        Ok(())
    } else {
        Err(format!("wrong: {what}").into())
    }
}

/// Job 1: the free hexominoes as ASCII and as SVG.
fn hexominoes() -> Result<()> {
    let shapes: Vec<_> = enumerate::free(6)?.collect();
    check("35 free hexominoes (OEIS A000105)", shapes.len() == 35)?;
    for shape in shapes.iter().take(2) {
        println!("{}\n", shape.to_ascii('#', '.'));
    }
    let picture = svg::ToSvg::to_svg(shapes.as_slice(), &svg::SvgOptions::default())?;
    let cells = picture.matches("<rect").count();
    check(
        "the SVG draws a square per cell (35 × 6 = 210 at least)",
        picture.starts_with("<svg") && cells >= 210,
    )
}

/// Job 2: Hamiltonian cycles of a 10 × 10 board with blocked cells, and of a Timus 1519 board
/// read from its input text.
fn formula1() -> Result<()> {
    // The 10 × 10 board with its border blocked leaves the inner 8 × 8: OEIS A003763(4).
    let mut blocked = vec![false; 100];
    for i in 0..10 {
        for j in 0..10 {
            blocked[i * 10 + j] = i == 0 || j == 0 || i == 9 || j == 9;
        }
    }
    let ring = Grid::with_blocked(10, 10, blocked)?;
    let count = hamiltonian_cycles(&ring, &Options::default().with_threads(2))?;
    check(
        "8 × 8 inside a blocked border: 4 638 576 cycles",
        u128::try_from(&count)? == 4_638_576,
    )?;
    let input = "4 4\n**..\n....\n....\n....\n";
    let rows: Vec<&str> = input.lines().skip(1).collect();
    let sample = Grid::parse_rows(&rows, '.', '*')?;
    check(
        "the Timus 1519 sample has 2 cycles",
        hamiltonian_cycles(&sample, &Options::default())?.to_string() == "2",
    )
}

/// Job 3: a Blokus Duo game between two bots, then the GTP engine asked for a move from a
/// position of that game.
fn blokus() -> Result<()> {
    let (mut a, mut b) = (HeuristicBot::new(0), RandomBot::new(7));
    let record = play_match(
        Position::new(Variant::Duo),
        &mut [&mut a, &mut b],
        MatchRules::default(),
    )?;
    check(
        "the Duo game ran to its end without a forfeit",
        record.last.is_over() && record.forfeit.is_none(),
    )?;
    println!("final score {}", record.last.final_score());
    // Replay the first six moves and let the engine continue from there.
    let mut pos = Position::new(Variant::Duo);
    for &(_, m) in record.actions.iter().take(6) {
        pos.play(m)?;
    }
    let mut gtp = GtpEngine::new(Box::new(RandomBot::new(3)), Budget::default()).with_position(pos);
    let reply = gtp.respond("genmove b").ok_or("no answer")?;
    check(
        "GTP genmove answers a move",
        reply.text.starts_with("= ") && gtp.position().history().len() == 7,
    )
}

/// Job 4: a plane-bombing game between two hunters.
fn planes() -> Result<()> {
    let geometry = Geometry::standard();
    let (mut a, mut b) = (HunterBot::new(1), HunterBot::new(2));
    let settings = GameSettings::new(SUBTASKS[0]).with_first(Side::Second);
    let record = play_game(&geometry, &settings, [&mut a, &mut b]);
    println!(
        "plane bombing: {:?} won by {:?} after {} actions",
        record.winner,
        record.end,
        record.actions.len()
    );
    check(
        "the game ends within 1000 operations",
        record.actions.len() <= 1000,
    )
}

/// Job 5: a level-planner instance built in code, planned and drawn.
fn level_plan() -> Result<()> {
    let site = Site::from_rows(&["..........", "....##....", "..........", ".........."])?;
    let levels = vec![
        VirtualLevel::from_rows(0.0, 0.0, &["##", "##"])?,
        VirtualLevel::from_rows(2.0, 0.0, &["###"])?,
    ];
    let instance = Instance::new(site, levels, Params::default())?;
    let p = plan(&instance, &level_planner::PlanOptions::default())?;
    println!("{}", p.render());
    let picture =
        level_planner::svg::ToSvg::to_svg(&p, &level_planner::svg::SvgOptions::default())?;
    check(
        "two levels placed and drawn",
        p.levels().len() == 2 && picture.starts_with("<svg"),
    )
}

fn main() -> ExitCode {
    let jobs: [Job; 5] = [
        ("free hexominoes", hexominoes),
        ("Hamiltonian cycles", formula1),
        ("Blokus and GTP", blokus),
        ("plane bombing", planes),
        ("level planner", level_plan),
    ];
    let mut failed = 0;
    for (name, job) in jobs {
        if let Err(e) = job() {
            eprintln!("{name}: {e}");
            failed += 1;
        }
    }
    println!("{} passed, {failed} failed", jobs.len() - failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
