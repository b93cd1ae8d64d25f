//! The fuzz targets, by family, and the small helpers they share. Every target calls the
//! crates' public API only.

use arbitrary::Unstructured;

use crate::runner::Target;

pub mod games;
pub mod parsers;
pub mod planner;
pub mod plugdp;
pub mod shapes;

/// The families, in run order.
pub const FAMILIES: [&str; 4] = ["parsers", "shapes", "solvers", "games"];

/// Every target of every family.
pub fn all() -> Vec<Target> {
    let mut targets = Vec::new();
    targets.extend(parsers::targets());
    targets.extend(shapes::targets());
    targets.extend(plugdp::targets());
    targets.extend(planner::targets());
    targets.extend(games::targets());
    targets
}

/// Known findings: inputs a target deliberately steers around or tolerates so that a run can
/// pass, each with the reproducer of the underlying problem. Listed by `--list`.
/// None at present: every finding of the campaign was fixed in the library (see the crates'
/// CHANGELOGs); a new one is listed here with its reproducer until it is fixed.
pub const KNOWN_FINDINGS: [(&str, &str); 0] = [];

/// True with probability `1 / den`, and never once the input is used up (where `ratio` would
/// always say yes): for the expensive paths.
pub fn rare(u: &mut Unstructured<'_>, den: u32) -> bool {
    !u.is_empty() && u.ratio(1, den).unwrap_or(false)
}

/// Fails the case with a formatted message unless `cond` holds.
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!($($fmt)+));
        }
    };
}

/// Text built from `alphabet` (whole tokens), or now and then any UTF-8 string, at most
/// `max_tokens` tokens long.
pub fn text(u: &mut Unstructured<'_>, alphabet: &[&str], max_tokens: usize) -> String {
    if u.ratio(1, 8).unwrap_or(false) {
        return u.arbitrary::<String>().unwrap_or_default();
    }
    let n = u.int_in_range(0..=max_tokens).unwrap_or(0);
    let mut out = String::new();
    for _ in 0..n {
        if u.is_empty() {
            break;
        }
        out.push_str(u.choose(alphabet).copied().unwrap_or(""));
    }
    out
}

/// A coordinate: small most of the time, sometimes anywhere in `i32` including the extremes.
pub fn coord(u: &mut Unstructured<'_>) -> i32 {
    match u.int_in_range(0u8..=7).unwrap_or(0) {
        0 => u.arbitrary().unwrap_or(0),
        1 => *u
            .choose(&[i32::MIN, i32::MIN + 1, i32::MAX, i32::MAX - 1, -1, 0])
            .unwrap_or(&0),
        2 => i32::MAX - u.int_in_range(0..=8).unwrap_or(0),
        3 => i32::MIN + u.int_in_range(0..=8).unwrap_or(0),
        _ => u.int_in_range(-8..=8).unwrap_or(0),
    }
}

/// A float from an edge-heavy menu (NaN, infinities, huge, tiny, negative zero) or any bits.
pub fn float(u: &mut Unstructured<'_>) -> f64 {
    match u.int_in_range(0u8..=5).unwrap_or(0) {
        0 => f64::from_bits(u.arbitrary().unwrap_or(0)),
        1 => *u
            .choose(&[
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MAX,
                f64::MIN,
                f64::MIN_POSITIVE,
                f64::EPSILON,
                -0.0,
                0.0,
                1e300,
                -1e300,
                1e-300,
                5e-324,
            ])
            .unwrap_or(&0.0),
        2 => f64::from(u.int_in_range(-720..=720).unwrap_or(0)) / 4.0,
        _ => f64::from(u.arbitrary::<i16>().unwrap_or(0)) / 16.0,
    }
}
