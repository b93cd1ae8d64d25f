//! The plugdp part of the `solvers` family, kept in one file: the ready solvers and the
//! `run_edges` / `run_cells` engines on arbitrary small boards, against brute force written
//! here (backtracking over every cell's choices), transposition and thread-count invariance,
//! and OEIS values.

use std::collections::HashSet;

use arbitrary::Unstructured;
use plugdp::{
    BigCount, CellRules, EdgeRules, FuseBoard, Grid, MinPlus, Options, PlugError, Prunings, Sides,
    cycle_covers, domino_tilings, fixed_polyominoes, hamiltonian_cycles, hamiltonian_paths,
    launched_rockets, polyomino_counts, rocket_mania, rocket_mania_with, run_cells, run_edges,
    run_edges_witness, self_avoiding_polygons,
};

use super::rare;
use crate::ensure;
use crate::runner::{CaseResult, Target, Verdict, no_seeds};

/// The memory budget of the solvers on large boards (the harness watches the process).
const SMALL_BUDGET: usize = 256 << 20;

/// The plugdp targets.
pub fn targets() -> Vec<Target> {
    let t = |name, about, run, max_len| Target {
        name,
        family: "solvers",
        about,
        run,
        max_len,
        seeds: no_seeds,
    };
    vec![
        t(
            "plugdp-solvers",
            "hamiltonian_cycles/paths, cycle_covers, domino_tilings on boards up to 8 x 8 with blocked cells",
            solvers,
            128,
        ),
        t(
            "plugdp-engine",
            "run_edges (all rules, u64/u128/MinPlus, witness, 2 threads) and run_cells with arbitrary choice lists",
            engine,
            512,
        ),
        t(
            "plugdp-rocket-mania",
            "rocket_mania and its prunings on arbitrary fuse boards, against the flood fill and brute force",
            rockets,
            256,
        ),
        t(
            "plugdp-transfer",
            "a user's Transfer with arbitrary reported sizes (usize::MAX included), fan-out per cell and key range, under small memory budgets, a short deadline, one or two threads, with and without a witness: a value or a typed error, peak memory near the budget",
            transfer,
            64,
        ),
        t(
            "plugdp-counts",
            "fixed_polyominoes, polyomino_counts, self_avoiding_polygons against OEIS; sizes out of range",
            counts,
            16,
        ),
    ]
}

/// A board of 1 to `max` rows and columns, each cell blocked with probability about `p`/8.
fn grid(u: &mut Unstructured<'_>, max: usize) -> Grid {
    let rows = u.int_in_range(1..=max).unwrap_or(1);
    let cols = u.int_in_range(1..=max).unwrap_or(1);
    let density = u.int_in_range(0u8..=4).unwrap_or(0);
    let blocked: Vec<bool> = (0..rows * cols)
        .map(|_| u.int_in_range(0u8..=7).unwrap_or(0) < density)
        .collect();
    Grid::with_blocked(rows, cols, blocked).unwrap_or_else(|_| one_cell())
}

fn one_cell() -> Grid {
    Grid::with_blocked(1, 1, vec![false]).unwrap_or_else(|_| unreachable!("a 1 x 1 grid is valid"))
}

fn free_cells(g: &Grid) -> Vec<(usize, usize)> {
    (0..g.rows())
        .flat_map(|r| (0..g.cols()).map(move |c| (r, c)))
        .filter(|&(r, c)| !g.is_blocked(r, c))
        .collect()
}

/// Every assignment of one choice per cell whose openings match (a cell opening a side must
/// face a cell opening the opposite side; nothing opens across the border; blocked cells open
/// nothing), passed to `visit` as the sides and choice indices row-major.
fn matchings(g: &Grid, choices: &[Vec<Sides>], visit: &mut dyn FnMut(&[Sides], &[usize])) {
    fn go(
        g: &Grid,
        choices: &[Vec<Sides>],
        i: usize,
        sides: &mut Vec<Sides>,
        picks: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[Sides], &[usize]),
    ) {
        let (rows, cols) = (g.rows(), g.cols());
        if i == rows * cols {
            visit(sides, picks);
            return;
        }
        let (r, c) = (i / cols, i % cols);
        let options: &[Sides] = if g.is_blocked(r, c) {
            &[Sides::NONE]
        } else {
            &choices[i]
        };
        for (k, &s) in options.iter().enumerate() {
            let left_in = c > 0 && sides[i - 1].has(Sides::RIGHT);
            let up_in = r > 0 && sides[i - cols].has(Sides::DOWN);
            if s.has(Sides::LEFT) != left_in || s.has(Sides::UP) != up_in {
                continue;
            }
            if (c + 1 == cols && s.has(Sides::RIGHT)) || (r + 1 == rows && s.has(Sides::DOWN)) {
                continue;
            }
            sides.push(s);
            picks.push(k);
            go(g, choices, i + 1, sides, picks, visit);
            sides.pop();
            picks.pop();
        }
    }
    go(g, choices, 0, &mut Vec::new(), &mut Vec::new(), visit);
}

/// The open edges of a matched configuration: the number of connected components among the
/// cells that open something, and each such cell's degree.
fn shape_of(g: &Grid, sides: &[Sides]) -> (usize, Vec<u32>) {
    let cols = g.cols();
    let mut seen: HashSet<usize> = HashSet::new();
    let mut components = 0;
    for start in 0..sides.len() {
        if sides[start] == Sides::NONE || !seen.insert(start) {
            continue;
        }
        components += 1;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            let s = sides[i];
            let mut next = Vec::new();
            if s.has(Sides::RIGHT) {
                next.push(i + 1);
            }
            if s.has(Sides::LEFT) {
                next.push(i - 1);
            }
            if s.has(Sides::DOWN) {
                next.push(i + cols);
            }
            if s.has(Sides::UP) {
                next.push(i - cols);
            }
            for j in next {
                if seen.insert(j) {
                    stack.push(j);
                }
            }
        }
    }
    (components, sides.iter().map(|s| s.degree()).collect())
}

/// Whether a matched configuration satisfies `rules` (for the choice lists used here: cycles
/// rules with degree 0 or 2 cells, path rules with degree 0 to 2).
fn satisfies(g: &Grid, rules: EdgeRules, sides: &[Sides]) -> bool {
    if !rules.connectivity {
        return true;
    }
    let (components, degrees) = shape_of(g, sides);
    let ends = degrees.iter().filter(|&&d| d == 1).count();
    if rules == EdgeRules::SINGLE_CYCLE {
        components == 1 && ends == 0
    } else {
        components == 1 && ends == usize::from(rules.ends)
    }
}

fn brute_count(
    g: &Grid,
    rules: EdgeRules,
    choices: &[Vec<Sides>],
    weights: &[Vec<u64>],
) -> Option<u128> {
    let mut total: Option<u128> = Some(0);
    matchings(g, choices, &mut |sides, picks| {
        if !satisfies(g, rules, sides) {
            return;
        }
        let mut w: Option<u128> = Some(1);
        for (i, &k) in picks.iter().enumerate() {
            let (r, c) = (i / g.cols(), i % g.cols());
            if !g.is_blocked(r, c) {
                w = w.and_then(|w| w.checked_mul(u128::from(weights[i][k])));
            }
        }
        total = total.and_then(|t| w.and_then(|w| t.checked_add(w)));
    });
    total
}

fn as_u128(b: &BigCount) -> Result<u128, String> {
    u128::try_from(b).map_err(|e| e.to_string())
}

fn solvers(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let threads = u.int_in_range(1..=2).unwrap_or(1);
    let options = Options::default().with_threads(threads);
    if rare(&mut u, 6) {
        return full_rectangle(&mut u);
    }
    let g = grid(&mut u, 8);
    let n = g.free_cells();
    let t = g.transposed();
    let cycles = hamiltonian_cycles(&g, &options).map_err(|e| format!("cycles: {e}"))?;
    ensure!(
        hamiltonian_cycles(&t, &Options::default()).as_ref() == Ok(&cycles),
        "cycles change under transposition"
    );
    // A tiny budget gives the same answer or a typed BudgetExceeded, never anything else.
    if rare(&mut u, 4) {
        let tiny = if u.arbitrary().unwrap_or(false) {
            Options::default().with_max_bytes(u.int_in_range(0..=4096).unwrap_or(0))
        } else {
            Options::default().with_deadline(std::time::Instant::now())
        };
        let capped = hamiltonian_cycles(&g, &tiny);
        ensure!(
            capped.as_ref() == Ok(&cycles)
                || matches!(capped, Err(PlugError::BudgetExceeded { .. })),
            "a tiny budget gave {capped:?} for {cycles} cycles"
        );
    }
    let covers = cycle_covers(&g, &options).map_err(|e| format!("covers: {e}"))?;
    ensure!(covers >= cycles, "{covers} cycle covers < {cycles} cycles");
    let tilings = domino_tilings(&g, &options).map_err(|e| format!("tilings: {e}"))?;
    ensure!(
        domino_tilings(&t, &Options::default()).as_ref() == Ok(&tilings),
        "tilings change under transposition"
    );
    if n % 2 == 1 {
        ensure!(
            tilings.is_zero() && cycles.is_zero(),
            "an odd board has a tiling or a cycle"
        );
    }
    let small = n <= 16;
    if small {
        let cells = g.rows() * g.cols();
        let pairs: Vec<Vec<Sides>> = vec![Sides::PAIRS.to_vec(); cells];
        let singles: Vec<Vec<Sides>> = vec![Sides::SINGLES.to_vec(); cells];
        let ones = vec![vec![1u64; 10]; cells];
        let brute_cycles = if n >= 4 {
            brute_count(&g, EdgeRules::SINGLE_CYCLE, &pairs, &ones)
        } else {
            Some(0)
        };
        ensure!(
            Some(as_u128(&cycles)?) == brute_cycles,
            "{cycles} Hamiltonian cycles, brute force {brute_cycles:?}\n{}",
            draw(&g)
        );
        let brute_covers = brute_count(&g, EdgeRules::PRESENCE, &pairs, &ones);
        ensure!(
            Some(as_u128(&covers)?) == brute_covers,
            "{covers} cycle covers, brute force {brute_covers:?}\n{}",
            draw(&g)
        );
        let brute_tilings = brute_count(&g, EdgeRules::PRESENCE, &singles, &ones);
        ensure!(
            Some(as_u128(&tilings)?) == brute_tilings,
            "{tilings} domino tilings, brute force {brute_tilings:?}\n{}",
            draw(&g)
        );
    }
    if n <= 12 {
        let paths = hamiltonian_paths(&g, &options).map_err(|e| format!("paths: {e}"))?;
        let cells = g.rows() * g.cols();
        let both: Vec<Vec<Sides>> = vec![[&Sides::SINGLES[..], &Sides::PAIRS[..]].concat(); cells];
        let ones = vec![vec![1u64; 10]; cells];
        let brute = match n {
            0 => Some(0),
            1 => Some(1),
            _ => brute_count(&g, EdgeRules::SINGLE_PATH, &both, &ones),
        };
        ensure!(
            Some(as_u128(&paths)?) == brute,
            "{paths} Hamiltonian paths, brute force {brute:?}\n{}",
            draw(&g)
        );
        ensure!(
            hamiltonian_paths(&t, &Options::default()).as_ref() == Ok(&paths),
            "paths change under transposition"
        );
    }
    Ok(Verdict::Accepted)
}

/// Full rectangles, where domino tilings choose between Kasteleyn's determinant and the sweep.
fn full_rectangle(u: &mut Unstructured<'_>) -> CaseResult {
    let side = |u: &mut Unstructured<'_>| -> usize {
        match u.int_in_range(0u8..=5).unwrap_or(0) {
            0 => *u
                .choose(&[1, 2, 3, 20, 21, 40, 57, 1000, 20_000, 1 << 23, 1 << 24])
                .unwrap_or(&1),
            _ => u.int_in_range(1..=12).unwrap_or(1),
        }
    };
    let (rows, cols) = (side(u), side(u));
    let g = match Grid::new(rows, cols) {
        Ok(g) => g,
        Err(PlugError::GridTooLarge { .. }) => {
            ensure!(
                rows.checked_mul(cols).is_none_or(|n| n > Grid::MAX_CELLS),
                "{rows}x{cols} refused"
            );
            return Ok(Verdict::Rejected);
        }
        Err(e) => return Err(format!("unexpected error {e:?}")),
    };
    // A budget the harness's memory watch allows.
    let budget = Options::default().with_max_bytes(SMALL_BUDGET);
    let tilings = match domino_tilings(&g, &budget) {
        Ok(t) => t,
        // Both are documented: no method finishes, or the answer is beyond the exact range.
        Err(
            PlugError::TooLarge { .. }
            | PlugError::ExactTooLarge { .. }
            | PlugError::BudgetExceeded { .. },
        ) => {
            return Ok(Verdict::Rejected);
        }
        Err(e) => return Err(format!("{rows}x{cols}: {e}")),
    };
    if rows * cols % 2 == 1 {
        ensure!(
            tilings.is_zero(),
            "{rows}x{cols} (odd) has {tilings} tilings"
        );
    }
    if rows.min(cols) <= 12 && rows.max(cols) <= 12 {
        let partner = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u128));
        let swept =
            run_edges(&g, EdgeRules::PRESENCE, partner, &Options::default()).map(|(v, _)| v);
        ensure!(
            swept == Ok(as_u128(&tilings)?),
            "{rows}x{cols}: domino_tilings {tilings}, the sweep {swept:?}"
        );
    }
    Ok(Verdict::Accepted)
}

fn draw(g: &Grid) -> String {
    (0..g.rows())
        .map(|r| {
            (0..g.cols())
                .map(|c| if g.is_blocked(r, c) { '*' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn engine(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    if u.ratio(1, 4).unwrap_or(false) {
        return cells_engine(&mut u);
    }
    let g = grid(&mut u, 4);
    let cells = g.rows() * g.cols();
    let rules = *u
        .choose(&[
            EdgeRules::PRESENCE,
            EdgeRules::SINGLE_CYCLE,
            EdgeRules::SINGLE_PATH,
        ])
        .unwrap_or(&EdgeRules::PRESENCE);
    let menu: Vec<Sides> = if rules == EdgeRules::PRESENCE {
        (0..16).map(Sides).collect()
    } else if rules == EdgeRules::SINGLE_CYCLE {
        [&[Sides::NONE][..], &Sides::PAIRS[..]].concat()
    } else {
        [&[Sides::NONE][..], &Sides::SINGLES[..], &Sides::PAIRS[..]].concat()
    };
    let big_weights = u.ratio(1, 4).unwrap_or(false);
    let mut bad_bits = false;
    let mut choices: Vec<Vec<Sides>> = Vec::with_capacity(cells);
    let mut weights: Vec<Vec<u64>> = Vec::with_capacity(cells);
    let mut costs: Vec<Vec<i64>> = Vec::with_capacity(cells);
    let mut combinations = 1usize;
    for i in 0..cells {
        let k = u.int_in_range(0..=5).unwrap_or(0);
        let mut list: Vec<Sides> = (0..k)
            .map(|_| *u.choose(&menu).unwrap_or(&Sides::NONE))
            .collect();
        if rare(&mut u, 40) {
            list.push(Sides(u.int_in_range(16..=255).unwrap_or(16)));
            bad_bits |= !g.is_blocked(i / g.cols(), i % g.cols());
        }
        combinations = combinations.saturating_mul(list.len().max(1));
        weights.push(
            list.iter()
                .map(|_| {
                    if big_weights {
                        u.arbitrary().unwrap_or(1)
                    } else {
                        u.int_in_range(0..=3).unwrap_or(1)
                    }
                })
                .collect(),
        );
        costs.push(
            list.iter()
                .map(|_| u.int_in_range(-5..=5).unwrap_or(0))
                .collect(),
        );
        choices.push(list);
    }
    let col = g.cols();
    let listed = |r: usize, c: usize| -> Vec<(Sides, u64)> {
        choices[r * col + c]
            .iter()
            .copied()
            .zip(weights[r * col + c].iter().copied())
            .collect()
    };
    let result = run_edges(&g, rules, listed, &Options::default()).map(|(v, _)| v);
    if bad_bits {
        ensure!(
            matches!(result, Err(PlugError::BadSides { .. })),
            "bad side bits gave {result:?}"
        );
        return Ok(Verdict::Rejected);
    }
    ensure!(
        !matches!(result, Err(PlugError::BadSides { .. })),
        "valid sides refused: {result:?}"
    );
    let wide = run_edges(
        &g,
        rules,
        |r, c| listed(r, c).into_iter().map(|(s, w)| (s, u128::from(w))),
        &Options::default(),
    )
    .map(|(v, _)| v);
    let parallel =
        run_edges(&g, rules, listed, &Options::default().with_threads(2)).map(|(v, _)| v);
    ensure!(
        parallel == result,
        "two threads give {parallel:?}, one {result:?}"
    );
    if combinations <= 50_000 {
        let brute = brute_count(&g, rules, &choices, &weights);
        match (&result, brute) {
            (Ok(v), Some(b)) => ensure!(
                u128::from(*v) == b,
                "run_edges {v}, brute force {b} ({rules:?})\n{}",
                draw(&g)
            ),
            (Ok(v), None) => return Err(format!("run_edges {v}, brute force overflows u128")),
            (Err(PlugError::Overflow), _) => {}
            (Err(e), _) => return Err(format!("run_edges: {e}")),
        }
        if let (Ok(w), Some(b)) = (&wide, brute) {
            ensure!(*w == b, "run_edges in u128 {w}, brute force {b}");
        }
        // The cheapest configuration and its witness.
        let priced = |r: usize, c: usize| -> Vec<(Sides, MinPlus)> {
            choices[r * col + c]
                .iter()
                .copied()
                .zip(costs[r * col + c].iter().map(|&x| MinPlus(Some(x))))
                .collect()
        };
        let (best, witness) = run_edges_witness(&g, rules, priced, &Options::default())
            .map_err(|e| format!("witness: {e}"))?;
        let mut brute_best: Option<i64> = None;
        matchings(&g, &choices, &mut |sides, picks| {
            if !satisfies(&g, rules, sides) {
                return;
            }
            let cost: i64 = picks
                .iter()
                .enumerate()
                .filter(|&(i, _)| !g.is_blocked(i / col, i % col))
                .map(|(i, &k)| costs[i][k])
                .sum();
            brute_best = Some(brute_best.map_or(cost, |b| b.min(cost)));
        });
        ensure!(
            best == MinPlus(brute_best),
            "cheapest {best:?}, brute force {brute_best:?}"
        );
        match witness {
            None => ensure!(
                brute_best.is_none(),
                "no witness for a cost of {brute_best:?}"
            ),
            Some(w) => {
                ensure!(
                    w.len() == cells,
                    "a witness of {} cells for {cells}",
                    w.len()
                );
                let mut sides = Vec::with_capacity(cells);
                let mut cost = 0i64;
                for (i, &k) in w.iter().enumerate() {
                    if g.is_blocked(i / col, i % col) {
                        sides.push(Sides::NONE);
                        continue;
                    }
                    let s = *choices[i]
                        .get(k)
                        .ok_or_else(|| format!("witness index {k} at cell {i} is not a choice"))?;
                    sides.push(s);
                    cost += costs[i][k];
                }
                let mut found = false;
                let fixed: Vec<Vec<Sides>> = sides.iter().map(|&s| vec![s]).collect();
                matchings(&g, &fixed, &mut |s, _| found |= satisfies(&g, rules, s));
                ensure!(found, "the witness {w:?} is not a valid configuration");
                ensure!(
                    Some(cost) == brute_best,
                    "the witness costs {cost}, the optimum is {brute_best:?}"
                );
            }
        }
    }
    Ok(Verdict::Accepted)
}

/// `run_cells` against brute force over every subset of the free cells.
fn cells_engine(u: &mut Unstructured<'_>) -> CaseResult {
    let g = grid(u, 4);
    let rules = CellRules {
        connected: u.arbitrary().unwrap_or(false),
        allow_empty: u.arbitrary().unwrap_or(false),
    };
    let cells = g.rows() * g.cols();
    let weight = |u: &mut Unstructured<'_>| -> Option<u64> {
        if u.ratio(1, 6).unwrap_or(false) {
            None
        } else {
            Some(u.int_in_range(0..=3).unwrap_or(1))
        }
    };
    let table: Vec<(Option<u64>, Option<u64>)> =
        (0..cells).map(|_| (weight(u), weight(u))).collect();
    let col = g.cols();
    let got: Result<u64, PlugError> =
        run_cells(&g, rules, |r, c| table[r * col + c], &Options::default());
    let free = free_cells(&g);
    let mut brute: u128 = 0;
    for mask in 0u32..(1 << free.len()) {
        let inside: Vec<(usize, usize)> = free
            .iter()
            .enumerate()
            .filter(|&(k, _)| mask >> k & 1 == 1)
            .map(|(_, &p)| p)
            .collect();
        if inside.is_empty() && !rules.allow_empty {
            continue;
        }
        if rules.connected && !inside.is_empty() {
            let as_cells: Vec<polyomino::Cell> = inside
                .iter()
                .map(|&(r, c)| polyomino::Cell::new(r as i32, c as i32))
                .collect();
            if super::shapes::components(&as_cells) != 1 {
                continue;
            }
        }
        let mut w: Option<u128> = Some(1);
        for (k, &(r, c)) in free.iter().enumerate() {
            let (win, wout) = table[r * col + c];
            let pick = if mask >> k & 1 == 1 { win } else { wout };
            w = w.and_then(|w| pick.map(|p| w * u128::from(p)));
        }
        brute += w.unwrap_or(0);
    }
    ensure!(
        got.as_ref().map(|&v| u128::from(v)) == Ok(brute),
        "run_cells {got:?}, brute force {brute} ({rules:?})\n{}",
        draw(&g)
    );
    Ok(Verdict::Accepted)
}

fn rockets(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let small = u.ratio(3, 4).unwrap_or(true);
    let (max_rows, max_cols) = if small { (4, 4) } else { (9, 8) };
    let rows = u.int_in_range(1..=max_rows).unwrap_or(1);
    let cols = u.int_in_range(1..=max_cols).unwrap_or(1);
    let text: Vec<String> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| *u.choose(&['.', '-', 'L', 'T', '+']).unwrap_or(&'.'))
                .collect()
        })
        .collect();
    let board = FuseBoard::parse_rows(&text).map_err(|e| format!("{text:?}: {e}"))?;
    let mut lit: Vec<bool> = (0..rows).map(|_| u.arbitrary().unwrap_or(false)).collect();
    if rare(&mut u, 16) {
        lit.push(true);
        ensure!(
            matches!(
                rocket_mania(&board, &lit, &Options::default()),
                Err(PlugError::LitCount { .. })
            ),
            "lit flags of the wrong length accepted"
        );
        return Ok(Verdict::Rejected);
    }
    let plan =
        rocket_mania(&board, &lit, &Options::default()).map_err(|e| format!("{text:?}: {e}"))?;
    ensure!(
        plan.rotations.len() == rows * cols && plan.rockets.len() == rows,
        "a plan of the wrong size"
    );
    let fired = launched_rockets(&board, &plan.rotations, &lit);
    ensure!(
        fired == plan.rockets && fired.iter().filter(|&&b| b).count() == plan.launched,
        "the plan says {} rockets {:?}, its rotations launch {fired:?}\n{}",
        plan.launched,
        plan.rockets,
        text.join("\n")
    );
    let (plain, _) = rocket_mania_with(&board, &lit, Prunings::default(), &Options::default())
        .map_err(|e| e.to_string())?;
    ensure!(
        plain.launched == plan.launched,
        "exact prunings change the answer: {} vs {}",
        plan.launched,
        plain.launched
    );
    let lossy = Prunings {
        no_lit_plug: true,
        ..Prunings::EXACT
    };
    let (pruned, _) =
        rocket_mania_with(&board, &lit, lossy, &Options::default()).map_err(|e| e.to_string())?;
    ensure!(
        pruned.launched <= plan.launched
            && launched_rockets(&board, &pruned.rotations, &lit)
                .iter()
                .filter(|&&b| b)
                .count()
                == pruned.launched,
        "a lossy plan claims {} rockets",
        pruned.launched
    );
    // Brute force over every rotation of every tile when that is small.
    let distinct = |ch: char| match ch {
        '.' | '+' => 1usize,
        '-' => 2,
        _ => 4,
    };
    let combos: usize = text
        .iter()
        .flat_map(|r| r.chars())
        .map(distinct)
        .try_fold(1usize, |a, b| a.checked_mul(b))
        .unwrap_or(usize::MAX);
    if combos <= 4096 {
        let tiles: Vec<char> = text.iter().flat_map(|r| r.chars()).collect();
        let mut rotations = vec![0u8; tiles.len()];
        let mut best = 0;
        loop {
            let n = launched_rockets(&board, &rotations, &lit)
                .iter()
                .filter(|&&b| b)
                .count();
            best = best.max(n);
            // Next rotation vector (odometer over each tile's distinct rotations).
            let mut i = 0;
            loop {
                if i == tiles.len() {
                    break;
                }
                rotations[i] += 1;
                if usize::from(rotations[i]) < distinct(tiles[i]) {
                    break;
                }
                rotations[i] = 0;
                i += 1;
            }
            if i == tiles.len() {
                break;
            }
        }
        ensure!(
            best == plan.launched,
            "rocket_mania launches {}, the best rotation {best}\n{}\nlit {lit:?}",
            plan.launched,
            text.join("\n")
        );
    }
    Ok(Verdict::Accepted)
}

/// OEIS A001168 (fixed), A000988 (one-sided), A000105 (free) for sizes 0 to 12.
const FIXED: [u128; 13] = [
    0, 1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861,
];
const ONE_SIDED: [u128; 13] = [0, 1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189, 33896, 126759];
const FREE: [u128; 13] = [0, 1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600];
/// OEIS A002931, self-avoiding polygons of perimeter 2k, k = 0 to 12.
const POLYGONS: [u64; 13] = [
    0, 0, 1, 2, 7, 28, 124, 588, 2938, 15268, 81826, 449572, 2521270,
];

fn counts(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let threads = u.int_in_range(0..=3).unwrap_or(1);
    let options = Options::default().with_threads(threads);
    let out_of_range = u.ratio(1, 4).unwrap_or(false);
    if out_of_range {
        let n = *u
            .choose(&[
                plugdp::MAX_POLYOMINO_SIZE + 1,
                plugdp::MAX_POLYGON_HALF_PERIMETER + 1,
                1000,
                usize::MAX,
            ])
            .unwrap_or(&usize::MAX);
        if n > plugdp::MAX_POLYOMINO_SIZE {
            ensure!(
                fixed_polyominoes(n, &options).is_err() && polyomino_counts(n, &options).is_err(),
                "polyomino size {n} accepted"
            );
        }
        if n > plugdp::MAX_POLYGON_HALF_PERIMETER {
            ensure!(
                self_avoiding_polygons(n, &options).is_err(),
                "half-perimeter {n} accepted"
            );
        }
        return Ok(Verdict::Rejected);
    }
    let n = u.int_in_range(0..=10).unwrap_or(0);
    let fixed = fixed_polyominoes(n, &options).map_err(|e| e.to_string())?;
    ensure!(
        fixed[..] == FIXED[..=n],
        "fixed_polyominoes({n}) = {fixed:?}"
    );
    let counts = polyomino_counts(n, &options).map_err(|e| e.to_string())?;
    for c in counts.iter().filter(|c| c.size >= 1) {
        let k = c.size;
        ensure!(
            k <= n && c.fixed == FIXED[k] && c.one_sided == ONE_SIDED[k] && c.free == FREE[k],
            "polyomino_counts({n}): {c:?}"
        );
    }
    ensure!(
        counts.iter().filter(|c| c.size >= 1).count() == n,
        "polyomino_counts({n}) has {} sizes",
        counts.len()
    );
    let k = u.int_in_range(0..=10).unwrap_or(0);
    let polygons = self_avoiding_polygons(k, &options).map_err(|e| e.to_string())?;
    ensure!(
        polygons[..] == POLYGONS[..=k],
        "self_avoiding_polygons({k}) = {polygons:?}"
    );
    Ok(Verdict::Accepted)
}

/// A user's problem of any reported size: every cell maps each key to `fan` keys
/// `(key · fan + k) mod range` (choice `k`, value 1).
struct Fan {
    size: (usize, usize),
    fan: u64,
    range: u64,
}

impl plugdp::engine::driver::Transfer for Fan {
    type Key = u64;
    type Value = plugdp::MaxPlus;
    fn size(&self) -> (usize, usize) {
        self.size
    }
    fn start(&self) -> u64 {
        0
    }
    fn successors<E>(&self, _r: usize, _c: usize, key: u64, mut emit: E) -> Result<(), PlugError>
    where
        E: FnMut(u64, &plugdp::MaxPlus, usize) -> Result<(), PlugError>,
    {
        for k in 0..self.fan {
            let next = key.wrapping_mul(self.fan).wrapping_add(k) % self.range;
            emit(next, &plugdp::MaxPlus(Some(1)), k as usize)?;
        }
        Ok(())
    }
    fn accept(&self, _key: u64) -> bool {
        true
    }
    fn max_successors(&self, _r: usize, _c: usize) -> usize {
        usize::try_from(self.fan).unwrap_or(usize::MAX)
    }
}

fn transfer(data: &[u8]) -> CaseResult {
    use plugdp::engine::driver::{run, run_witness};
    use std::time::Duration;
    let mut u = Unstructured::new(data);
    let side = |u: &mut Unstructured<'_>| match u.int_in_range(0u8..=4).unwrap_or(0) {
        0 => *u
            .choose(&[0, 1, usize::MAX, usize::MAX / 2, 1 << 32])
            .unwrap_or(&0),
        _ => u.int_in_range(0..=12).unwrap_or(0),
    };
    let problem = Fan {
        size: (side(&mut u), side(&mut u)),
        fan: *u.choose(&[0, 1, 2, 3, 16, 1 << 10, 1 << 14]).unwrap_or(&2),
        range: *u.choose(&[1, 7, 1 << 10, 1 << 20, u64::MAX]).unwrap_or(&7),
    };
    let max_bytes = *u
        .choose(&[1 << 10, 1 << 16, 1 << 20, 16 << 20])
        .unwrap_or(&(1 << 20));
    let options = Options::default()
        .with_max_bytes(max_bytes)
        .with_time_limit(Duration::from_millis(300))
        .with_threads(u.int_in_range(1..=2).unwrap_or(1));
    let result = if u.ratio(1, 3).unwrap_or(false) {
        run_witness(&problem, &options).map(|(v, _)| v)
    } else {
        run(&problem, &options).map(|(v, _)| v)
    };
    match result {
        Ok(_) => Ok(Verdict::Accepted),
        Err(e) => {
            ensure!(!e.to_string().is_empty(), "an empty error message");
            Ok(Verdict::Rejected)
        }
    }
}
