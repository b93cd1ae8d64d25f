//! Algorithm 2 with each spin rasterised once and fits found a board row at a time.

use polyomino::{Board, Cell, Polyomino};

use crate::geometry::{spins, spun};
use crate::instance::Instance;
use crate::reference::Shaped;

/// The cells (row-major flags) where `shape` (offsets from the pivot) fits on `board`, and
/// their number.
fn fit_flags(board: &Board, shape: &[(i64, i64)]) -> (Vec<bool>, usize) {
    let (rows, cols) = (board.height() as usize, board.width() as usize);
    let mut flags = vec![false; rows * cols];
    let cells = shape.iter().map(|&(r, c)| Cell::new(r as i32, c as i32));
    let poly = Polyomino::from_cells(cells).expect("a spun footprint is never empty");
    // The pivot sits at minus the smallest offsets inside the normalised shape.
    let min_r = shape.iter().map(|s| s.0).min().unwrap_or(0);
    let min_c = shape.iter().map(|s| s.1).min().unwrap_or(0);
    let offsets = board.placement_offsets(&poly);
    for o in &offsets {
        let (r, c) = (i64::from(o.row) - min_r, i64::from(o.col) - min_c);
        flags[r as usize * cols + c as usize] = true;
    }
    (flags, offsets.len())
}

/// One spin's rasterised footprint and where it fits.
struct Spin {
    count: usize,
    gamma: f64,
    shape: Vec<(i64, i64)>,
    flags: Vec<bool>,
}

pub(crate) fn make_shape(instance: &Instance) -> Shaped {
    let site = instance.site();
    let (n, m) = (site.rows(), site.cols());
    let blocked = (0..n)
        .flat_map(|r| (0..m).map(move |c| (r, c)))
        .filter(|&(r, c)| !site.is_usable(r as i64, c as i64))
        .map(|(r, c)| Cell::new(r as i32, c as i32));
    let board = Board::with_blocked(n as u32, m as u32, blocked).expect("sites are validated");
    let gammas = spins(instance.params().spin_step_deg);
    let t = instance.levels().len();
    let mut out = Shaped {
        shapes: Vec::with_capacity(t),
        spin_out: Vec::with_capacity(t),
        adjusted: Vec::with_capacity(t),
        flags: Vec::with_capacity(t),
    };
    let mut alpha = 0.0;
    for level in instance.levels() {
        out.adjusted.push(level.deflex_deg + alpha);
        let mut best: Option<Spin> = None;
        for &gamma in &gammas {
            let shape = spun(&level.footprint, alpha + gamma);
            let (flags, count) = fit_flags(&board, &shape);
            if best.as_ref().is_none_or(|b| count > b.count) {
                best = Some(Spin {
                    count,
                    gamma,
                    shape,
                    flags,
                });
            }
        }
        // The first spin with the largest count wins; when every count is 0 that is γ = 0 with
        // nothing flagged, as in the reference.
        let Spin {
            gamma: beta,
            shape,
            flags,
            ..
        } = best.expect("there is always the spin 0");
        out.shapes.push(shape);
        out.flags.push(flags);
        out.spin_out.push((alpha + beta).rem_euclid(360.0));
        alpha += beta;
    }
    out
}
