//! The main demonstration of the polyomino crate family.
//!
//! ```text
//! cargo run --release -p family-demo
//! ```
//!
//! It grows as crates land; today it shows `polyomino` (enumeration, symmetries, arbitrary-angle
//! rotation and placements), `level-planner` (a plan drawn on a hall with pillars) and
//! `grid-games` (a plane-bombing game between the hunter and the random bot, a Blokus Duo game
//! between the Monte Carlo bot and the seed's heuristic, perft, a paper.io game between the
//! raider and the safe walker) and `plugdp`
//! (Formula 1, paths, dominoes, Rocket Mania with its rotations, polyominoes by transfer matrix).

use grid_games::game::Side;
use grid_games::planes::bots::{HunterBot, RandomBot};
use grid_games::planes::{GameSettings, Geometry, HitAnswer, SUBTASKS, play_game};
use level_planner::{Instance, Params, Site, VirtualLevel};
use polyomino::{Board, Cell, Equivalence, MarkedPolyomino, Polyomino, enumerate};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("== polyomino: counting (Redelmeier + Burnside) ==");
    println!(
        "{:>3} {:>12} {:>12} {:>12}",
        "n", "fixed", "one-sided", "free"
    );
    for c in enumerate::counts_up_to(12, &enumerate::Options::default())? {
        println!(
            "{:>3} {:>12} {:>12} {:>12}",
            c.size, c.fixed, c.one_sided, c.free
        );
    }

    println!("\n== the 12 free pentominoes, with their number of orientations ==");
    let pentominoes: Vec<Polyomino> = enumerate::free(5)?.collect();
    print_side_by_side(&pentominoes);

    println!("\n== a marked shape turned by arbitrary angles (pivot @) ==");
    let plane = MarkedPolyomino::parse("..@..\n#####\n..#..\n.###.")?;
    for deg in [0.0, 90.0, 30.0] {
        println!("{deg}°:\n{}\n", plane.rotate(deg)?);
    }

    println!("== placements ==");
    let board = Board::new(6, 10)?;
    let all = board.placements_of(&pentominoes, Equivalence::Free);
    println!(
        "{} placements of the 12 pentominoes on an empty 6×10 board",
        all.len()
    );
    let holed = Board::parse(
        "........\n........\n........\n...##...\n...##...\n........\n........\n........",
    )?;
    let all = holed.placements_of(&pentominoes, Equivalence::Free);
    println!(
        "{} placements on the 8×8 board with its centre removed:\n{holed}",
        all.len()
    );

    println!("\n== level-planner: five rooms in a 10 m × 6 m hall with two pillars ==");
    let site = Site::from_rows(&[
        "....................",
        "....................",
        "....##..............",
        "....##........##....",
        "..............##....",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
    ])?;
    let levels = vec![
        VirtualLevel::from_rows(0.0, 0.0, &["###", "#.."])?,
        VirtualLevel::from_rows(2.5, 0.0, &["##", "##"])?,
        VirtualLevel::from_rows(2.0, -60.0, &["####"])?,
        VirtualLevel::from_rows(2.5, 150.0, &[".#.", "###", ".#."])?,
        VirtualLevel::from_rows(3.0, 90.0, &["##", ".#"])?,
    ];
    let params = Params {
        spin_step_deg: 45.0,
        ..Params::default()
    };
    let instance = Instance::new(site, levels, params)?;
    let plan = level_planner::plan(&instance, &level_planner::PlanOptions::default())?;
    println!("{}", plan.render());
    for (k, l) in plan.levels().iter().enumerate() {
        let leg = match (l.leg_length_m, l.leg_deviation_deg) {
            (Some(d), Some(dev)) => format!("{d:.2} m, {dev:.1}° off its bearing"),
            _ => "(start)".to_string(),
        };
        println!(
            "level {}: pivot ({}, {}), spin {:>5.1}°, leg {leg}",
            k + 1,
            l.row,
            l.col,
            l.spin_deg
        );
    }
    println!(
        "covered {} cells ({:.0} % of the hall), total deviation {:.1}°; the literal reference planner agrees: {}",
        plan.covered(),
        100.0 * plan.coverage_share(),
        plan.deviation_deg(),
        level_planner::plan_reference(&instance, &level_planner::PlanOptions::default())? == plan
    );

    println!("\n== grid-games: the plane-bombing game, hunter vs random (subtask 1) ==");
    let geometry = Geometry::standard();
    let task = SUBTASKS[0];
    let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
    let record = play_game(
        &geometry,
        &GameSettings::new(task),
        [&mut hunter, &mut random],
    );
    if let Some(sheet) = &record.drawn[0] {
        println!("the hunter's sheet (H head, B body):");
        for r in 0..geometry.size() as i32 {
            let row: String = (0..geometry.size() as i32)
                .map(|c| match sheet.peek(Cell::new(r, c)) {
                    HitAnswer::Head => 'H',
                    HitAnswer::Body => 'B',
                    HitAnswer::Empty => '.',
                })
                .collect();
            println!("  {row}");
        }
    }
    let hits = record.actions.iter().filter(|a| a.0 == Side::First).count();
    println!(
        "winner: {} after {} actions ({hits} by the hunter), {:?}",
        if record.winner == Side::First {
            "hunter"
        } else {
            "random"
        },
        record.actions.len(),
        record.end
    );

    println!("\n== grid-games: Blokus Duo, Monte Carlo (X) against the seed's heuristic (O) ==");
    let mut duo = grid_games::blokus::Position::new(grid_games::blokus::Variant::Duo);
    println!(
        "perft from the empty board: depth 1 = {}, depth 2 = {}",
        grid_games::blokus::perft(&mut duo, 1),
        grid_games::blokus::perft(&mut duo, 2)
    );
    let mut mcts = grid_games::blokus::bots::MctsBot::new(1);
    let mut greedy = grid_games::blokus::bots::HeuristicBot::new(0);
    let rules = grid_games::game::MatchRules::default()
        .with_budget(grid_games::game::Budget::iterations(300));
    let game = grid_games::game::play_match(duo, &mut [&mut mcts, &mut greedy], rules)?;
    print!("{}", game.last.render());
    println!(
        "{} placements, final score {} (points {:?})",
        game.actions.len(),
        game.last.final_score(),
        game.last.points()
    );

    println!(
        "\n== grid-games: paper.io on 40x21, the raider (1/a/A) against the safe walker (2/b/B) =="
    );
    let config = grid_games::paperio::Config::default()
        .with_size(40, 21)
        .with_max_turn(300);
    let board =
        grid_games::paperio::Position::random(config, &mut grid_games::game::Rng::seed_from(3))?;
    let mut raider = grid_games::paperio::bots::RaiderBot::new(1);
    let mut walker = grid_games::paperio::bots::SafeBot::new(2);
    let game = grid_games::game::play_match(
        board,
        &mut [&mut raider, &mut walker],
        grid_games::game::MatchRules::default(),
    )?;
    print!("{}", game.last.render());
    if let Some(end) = game.last.end() {
        println!(
            "{} plies, ended by {} (code {}), winner {:?}, territory {:?}",
            game.last.plies(),
            end.name(),
            end.code(),
            end.winner(),
            game.last.territory_counts()
        );
    }

    println!("\n== plugdp: plug DP with minimal-representation frontiers ==");
    let board = plugdp::Grid::parse_rows(&["**..", "....", "....", "...."], '.', '*')?;
    println!(
        "Formula 1 sample (Timus 1519): {} Hamiltonian cycles",
        plugdp::hamiltonian_cycles(&board, &plugdp::Options::default())?
    );
    let free = plugdp::Grid::new(10, 10)?;
    println!(
        "10x10: {} Hamiltonian cycles, {} Hamiltonian paths, {} domino tilings",
        plugdp::hamiltonian_cycles(&free, &plugdp::Options::default())?,
        plugdp::hamiltonian_paths(&free, &plugdp::Options::default())?,
        plugdp::domino_tilings(&free, &plugdp::Options::default())?
    );
    let fuses = plugdp::FuseBoard::parse_rows(&[
        "-L-L-L", "-TL--T", "-L-T-L", "--+---", "---T--", "-TL---", "---LT-", "---T-T", "-TL-T-",
    ])?;
    let plan = plugdp::rocket_mania(&fuses, &[true; 9], &plugdp::Options::default())?;
    println!(
        "Rocket Mania sample 3, every match lit: {} rockets; quarter turns per tile:",
        plan.launched
    );
    for r in 0..fuses.rows() {
        let row: String = (0..fuses.cols())
            .map(|c| char::from(b'0' + plan.rotations[r * fuses.cols() + c]))
            .collect();
        let fired = if plan.rockets[r] {
            "  -> rocket launched"
        } else {
            ""
        };
        println!("  {row}{fired}");
    }
    let threads = std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN);
    let started = std::time::Instant::now();
    let counts =
        plugdp::polyomino_counts(22, &plugdp::Options::default().with_threads(threads.get()))?;
    let c = counts[21];
    println!(
        "{}-ominoes by transfer matrices: {} fixed, {} one-sided, {} free \
         ({:.2} s on {threads} threads)",
        c.size,
        c.fixed,
        c.one_sided,
        c.free,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints shapes in a row, each annotated with its number of free orientations.
fn print_side_by_side(shapes: &[Polyomino]) {
    let arts: Vec<Vec<String>> = shapes
        .iter()
        .map(|p| p.to_string().lines().map(str::to_string).collect())
        .collect();
    let height = arts.iter().map(Vec::len).max().unwrap_or(0);
    for r in 0..height {
        let line: Vec<String> = arts
            .iter()
            .map(|a| {
                format!(
                    "{:<6}",
                    a.get(r).map_or(String::new(), |s| s.replace('.', " "))
                )
            })
            .collect();
        println!("{}", line.join("").trim_end());
    }
    let counts: Vec<String> = shapes
        .iter()
        .map(|p| format!("{:<6}", p.orientations(Equivalence::Free).len()))
        .collect();
    println!("{}", counts.join("").trim_end());
}
