//! `serde` support (the `serde` feature): [`Instance`] reads and writes the instance JSON format
//! of the crate documentation, and [`Plan`] writes the plan format, so
//! `serde_json::from_str::<Instance>(text)` reads the same files as the command-line examples.
//!
//! Reading checks every value where it is read, with the checks of [`Instance::new`], so that a
//! reader that tracks positions (`serde_json::from_str`, `from_slice`, `from_reader`) reports
//! the line and column of the offending value: just after a site or footprint row, a number,
//! or the end of the level or tolerance object. Every message starts with the value's path
//! (`site[2]`, `levels[1].shape[0]`, `tolerance`, arrays indexed from 0), which is all a reader
//! without positions (`serde_json::from_value`) can give.
//!
//! The levels are counted as they are read: the level after the [`MAX_LEVELS`]th is refused
//! where it starts, before it is read, so a document of a million levels costs no more than
//! one of 64. A footprint is kept as its cells, refused at the row where it grows past
//! [`MAX_FOOTPRINT_CELLS`] cells or [`MAX_FOOTPRINT_SIDE`] rows or columns.
//!
//! A footprint's pivot is written as `"pivot": [row, col]` only when it is not the default
//! pivot; documents without it get the default, as the format says. Plans write their
//! floating-point numbers rounded to 9 decimal places ([`rounded`]).

use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

use crate::site::SiteReader;
use crate::{
    Instance, InstanceProblem, MAX_FOOTPRINT_CELLS, MAX_FOOTPRINT_SIDE, MAX_LEVELS, Params,
    PlacedLevel, Plan, PlanError, Site, Tolerance, VirtualLevel,
};
use polyomino::{Cell, CellSet, MarkedCellSet};

// ---------------------------------------------------------------------------------------------
// Writing.

#[derive(Serialize)]
struct LevelRepr {
    dist_m: f64,
    deflex_deg: f64,
    shape: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pivot: Option<[i32; 2]>,
}

#[derive(Serialize)]
enum ToleranceRepr {
    #[serde(rename = "ratio")]
    Ratio([f64; 2]),
    #[serde(rename = "abs_m")]
    Absolute(f64),
}

#[derive(Serialize)]
struct InstanceRepr {
    site: Vec<String>,
    levels: Vec<LevelRepr>,
    spin_step_deg: f64,
    tolerance: ToleranceRepr,
}

fn level_repr(level: &VirtualLevel) -> LevelRepr {
    let shape = level.footprint.shape();
    let rows = (0..shape.height())
        .map(|r| {
            (0..shape.width())
                .map(|c| {
                    if shape.contains(Cell::new(r, c)) {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let default = VirtualLevel::new(level.dist_m, level.deflex_deg, shape.clone());
    let mark = level.footprint.mark();
    LevelRepr {
        dist_m: level.dist_m,
        deflex_deg: level.deflex_deg,
        shape: rows,
        pivot: (default.footprint.mark() != mark).then_some([mark.row, mark.col]),
    }
}

impl Serialize for Instance {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let repr = InstanceRepr {
            site: self.site().to_string().lines().map(str::to_owned).collect(),
            levels: self.levels().iter().map(level_repr).collect(),
            spin_step_deg: self.params().spin_step_deg,
            tolerance: match self.params().tolerance {
                Tolerance::Ratio { lo, hi } => ToleranceRepr::Ratio([lo, hi]),
                Tolerance::Absolute { metres } => ToleranceRepr::Absolute(metres),
            },
        };
        repr.serialize(s)
    }
}

/// `x` rounded to 9 decimal places: the `f64` nearest to `round(x · 10⁹) / 10⁹`, which prints
/// in its shortest form (a deviation summed as 36.799999999999955 prints as 36.8). Numbers of
/// 10⁹ and more are left as they are.
pub(crate) fn rounded(x: f64) -> f64 {
    if x.abs() < 1e9 {
        (x * 1e9).round() / 1e9
    } else {
        x
    }
}

impl Serialize for PlacedLevel {
    /// `{"row": i, "col": j, "spin_deg": a}`, the spin rounded to 9 decimal places.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("PlacedLevel", 3)?;
        st.serialize_field("row", &self.row)?;
        st.serialize_field("col", &self.col)?;
        st.serialize_field("spin_deg", &rounded(self.spin_deg))?;
        st.end()
    }
}

impl Serialize for Plan {
    /// `{"levels": [...], "covered": n, "deviation_deg": d}`, the deviation rounded to 9 decimal
    /// places.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Plan", 3)?;
        st.serialize_field("levels", self.levels())?;
        st.serialize_field("covered", &self.covered())?;
        st.serialize_field("deviation_deg", &rounded(self.deviation_deg()))?;
        st.end()
    }
}

// ---------------------------------------------------------------------------------------------
// Reading.

/// The message of a refused value: its path, then what is wrong, phrased for a row of a
/// document (the row is in the path, the column in the message).
fn problem_at(path: &str, err: &PlanError) -> String {
    let what = match err {
        PlanError::InvalidInstance(p) => match p {
            InstanceProblem::SiteCharacter { ch, column, .. }
            | InstanceProblem::FootprintCharacter { ch, column, .. } => {
                format!("unexpected character {ch:?} (column {column} of the row)")
            }
            InstanceProblem::RaggedSite { len, expected, .. } => {
                format!("{len} cells, expected {expected} as in the first row")
            }
            InstanceProblem::PivotOutside { .. } => "not a cell of the footprint".to_owned(),
            other => other.to_string(),
        },
        PlanError::SiteTooWide { cols, max } => {
            format!("{cols} cells, at most {max} columns are supported")
        }
        other => other.to_string(),
    };
    format!("{path}: {what}")
}

fn refuse<E: de::Error>(path: &str, err: &PlanError) -> E {
    E::custom(problem_at(path, err))
}

fn invalid<E: de::Error>(path: &str, problem: InstanceProblem) -> E {
    refuse(path, &PlanError::InvalidInstance(problem))
}

/// A number, refused at once (where it was read) when `check` says so.
struct Number<'p, F> {
    path: &'p str,
    check: F,
}

impl<'de, F: Fn(f64) -> Result<(), InstanceProblem>> DeserializeSeed<'de> for Number<'_, F> {
    type Value = f64;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<f64, D::Error> {
        d.deserialize_f64(self)
    }
}

impl<'de, F: Fn(f64) -> Result<(), InstanceProblem>> Visitor<'de> for Number<'_, F> {
    type Value = f64;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a number for {}", self.path)
    }
    fn visit_f64<E: de::Error>(self, x: f64) -> Result<f64, E> {
        (self.check)(x).map_err(|p| invalid(self.path, p))?;
        Ok(x)
    }
    fn visit_u64<E: de::Error>(self, x: u64) -> Result<f64, E> {
        self.visit_f64(x as f64)
    }
    fn visit_i64<E: de::Error>(self, x: i64) -> Result<f64, E> {
        self.visit_f64(x as f64)
    }
}

fn any_number(_: f64) -> Result<(), InstanceProblem> {
    Ok(())
}

/// Two numbers `[a, b]`, each checked as it is read.
struct NumberPair<'p, F> {
    path: &'p str,
    check: F,
}

impl<'de, F: Fn(f64) -> Result<(), InstanceProblem>> DeserializeSeed<'de> for NumberPair<'_, F> {
    type Value = [f64; 2];
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<[f64; 2], D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F: Fn(f64) -> Result<(), InstanceProblem>> Visitor<'de> for NumberPair<'_, F> {
    type Value = [f64; 2];
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "two numbers [a, b] for {}", self.path)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[f64; 2], A::Error> {
        let mut pair = [0.0; 2];
        for (i, slot) in pair.iter_mut().enumerate() {
            let path = format!("{}[{i}]", self.path);
            *slot = seq
                .next_element_seed(Number {
                    path: &path,
                    check: &self.check,
                })?
                .ok_or_else(|| A::Error::invalid_length(i, &self))?;
        }
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(A::Error::invalid_length(3, &self));
        }
        Ok(pair)
    }
}

/// A list of strings, each handed to `row(index, text)` as soon as it is read (so that a bad
/// row is refused where it ends).
struct Rows<'p, F> {
    path: &'p str,
    what: &'static str,
    row: F,
}

impl<'de, F: FnMut(usize, &str) -> Result<(), String>> DeserializeSeed<'de> for Rows<'_, F> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(usize, &str) -> Result<(), String>> Visitor<'de> for Rows<'_, F> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} for {}, a list of strings", self.what, self.path)
    }
    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        while seq
            .next_element_seed(Row {
                path: self.path,
                what: self.what,
                index,
                row: &mut self.row,
            })?
            .is_some()
        {
            index += 1;
        }
        Ok(())
    }
}

/// One string of [`Rows`].
struct Row<'p, 'r, F> {
    path: &'p str,
    what: &'static str,
    index: usize,
    row: &'r mut F,
}

impl<'de, F: FnMut(usize, &str) -> Result<(), String>> DeserializeSeed<'de> for Row<'_, '_, F> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, F: FnMut(usize, &str) -> Result<(), String>> Visitor<'de> for Row<'_, '_, F> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a row of {} for {}[{}]",
            self.what, self.path, self.index
        )
    }
    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        (self.row)(self.index, text).map_err(E::custom)
    }
}

/// The site: its rows, each checked as it is read.
struct SiteSeed;

impl<'de> DeserializeSeed<'de> for SiteSeed {
    type Value = Site;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Site, D::Error> {
        let mut reader = SiteReader::default();
        Rows {
            path: "site",
            what: "`.` and `#`",
            row: |i: usize, text: &str| {
                reader
                    .push_row(i + 1, text)
                    .map_err(|e| problem_at(&format!("site[{i}]"), &e))
            },
        }
        .deserialize(d)?;
        // No row: refused after the list, where it ends.
        reader.finish().map_err(|e| refuse("site", &e))
    }
}

/// The levels, each checked at the end of its object.
struct LevelsSeed;

impl<'de> DeserializeSeed<'de> for LevelsSeed {
    type Value = Vec<VirtualLevel>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<VirtualLevel>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for LevelsSeed {
    type Value = Vec<VirtualLevel>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of level objects for levels")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<VirtualLevel>, A::Error> {
        let mut levels = Vec::new();
        while let Some(level) = seq.next_element_seed(LevelSeed {
            index: levels.len(),
        })? {
            levels.push(level);
            if levels.len() == MAX_LEVELS {
                // A level more is refused where it starts, before it is read (a document of
                // 10⁶ levels was read whole, 1.15 GB in 15 s, before the planner refused it).
                seq.next_element_seed(TooManyLevels)?;
                break;
            }
        }
        if levels.is_empty() {
            return Err(invalid("levels", InstanceProblem::NoLevels));
        }
        Ok(levels)
    }
}

/// The level after the [`MAX_LEVELS`]th: refused without reading it (a seed that fails at
/// once, so that the reader reports the position where the level starts).
struct TooManyLevels;

impl<'de> DeserializeSeed<'de> for TooManyLevels {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, _: D) -> Result<(), D::Error> {
        Err(D::Error::custom(format!(
            "levels[{MAX_LEVELS}]: more than {MAX_LEVELS} levels, at most {MAX_LEVELS} are supported"
        )))
    }
}

/// One level object (`index` from 0).
struct LevelSeed {
    index: usize,
}

impl<'de> DeserializeSeed<'de> for LevelSeed {
    type Value = VirtualLevel;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<VirtualLevel, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for LevelSeed {
    type Value = VirtualLevel;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a level object (dist_m, deflex_deg, shape) for levels[{}]",
            self.index
        )
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<VirtualLevel, A::Error> {
        let path = format!("levels[{}]", self.index);
        let field = |name: &str| format!("{path}.{name}");
        let (mut dist, mut deflex, mut shape, mut pivot) = (None, None, None, None);
        while let Some(key) = map.next_key::<String>()? {
            let duplicate = || A::Error::custom(format!("{path}: duplicate field `{key}`"));
            match key.as_str() {
                "dist_m" | "deflex_deg" => {
                    let slot = if key == "dist_m" {
                        &mut dist
                    } else {
                        &mut deflex
                    };
                    if slot.is_some() {
                        return Err(duplicate());
                    }
                    let path = field(&key);
                    *slot = Some(map.next_value_seed(Number {
                        path: &path,
                        check: any_number,
                    })?);
                }
                "shape" => {
                    if shape.is_some() {
                        return Err(duplicate());
                    }
                    let path = field("shape");
                    let mut footprint = FootprintReader::new(self.index + 1);
                    map.next_value_seed(Rows {
                        path: &path,
                        what: "`#` and `.`",
                        row: |i: usize, text: &str| {
                            footprint.push_row(i, text).map_err(|problem| {
                                problem_at(
                                    &format!("{path}[{i}]"),
                                    &PlanError::InvalidInstance(problem),
                                )
                            })
                        },
                    })?;
                    shape = Some(footprint.cells);
                }
                "pivot" => {
                    if pivot.is_some() {
                        return Err(duplicate());
                    }
                    // Whole numbers in i32's range; the cell itself is checked at the end.
                    let level = self.index + 1;
                    let whole = |x: f64| {
                        if x.fract() == 0.0 && x.abs() <= f64::from(i32::MAX) {
                            Ok(())
                        } else {
                            Err(InstanceProblem::PivotOutside { level })
                        }
                    };
                    let path = field("pivot");
                    let [row, col] = map.next_value_seed(NumberPair {
                        path: &path,
                        check: whole,
                    })?;
                    pivot = Some([row as i32, col as i32]);
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let missing = |name: &str| A::Error::custom(format!("{path}: missing field `{name}`"));
        let dist = dist.ok_or_else(|| missing("dist_m"))?;
        let deflex = deflex.ok_or_else(|| missing("deflex_deg"))?;
        let shape = shape.ok_or_else(|| missing("shape"))?;
        // As `VirtualLevel::from_rows` builds it from the rows.
        let shape = CellSet::from_cells(shape)
            .map_err(|e| invalid(&field("shape"), InstanceProblem::Footprint(e)))?;
        let level = VirtualLevel::new(dist, deflex, shape);
        let level = match pivot {
            None => level,
            Some([row, col]) => {
                let footprint =
                    MarkedCellSet::new(level.footprint.shape().clone(), Cell::new(row, col))
                        .map_err(|_| {
                            invalid(
                                &field("pivot"),
                                InstanceProblem::PivotOutside {
                                    level: self.index + 1,
                                },
                            )
                        })?;
                VirtualLevel { footprint, ..level }
            }
        };
        let checks = level
            .check_leg(self.index + 1)
            .and_then(|()| level.check_footprint(self.index + 1));
        checks.map_err(|p| invalid(&path, p))?;
        Ok(level)
    }
}

/// A footprint read row by row, as [`VirtualLevel::from_rows`] reads it (row `i`, character
/// `c`: the cell `(i, c)` for `#`, none for `.`), keeping only its cells: refused at the row
/// where it passes [`MAX_FOOTPRINT_CELLS`] cells or spans more than [`MAX_FOOTPRINT_SIDE`] rows
/// or columns, so that an oversized footprint costs neither its rows nor its cells (a 63 MB
/// footprint of `#` took 1.1 s and 1.1 GB before it was refused at the end of its level).
struct FootprintReader {
    level: usize,
    cells: Vec<Cell>,
    /// `(min, max)` of the rows and of the columns of the cells so far.
    rows: (i32, i32),
    cols: (i32, i32),
}

impl FootprintReader {
    fn new(level: usize) -> FootprintReader {
        FootprintReader {
            level,
            cells: Vec::new(),
            rows: (i32::MAX, i32::MIN),
            cols: (i32::MAX, i32::MIN),
        }
    }

    fn push_row(&mut self, i: usize, text: &str) -> Result<(), InstanceProblem> {
        // A character other than `#` and `.` first, wherever it is in the row.
        if let Some((c, ch)) = text
            .chars()
            .enumerate()
            .find(|&(_, ch)| ch != '#' && ch != '.')
        {
            return Err(InstanceProblem::FootprintCharacter {
                ch,
                line: i + 1,
                column: c + 1,
            });
        }
        let too_large = InstanceProblem::FootprintTooLarge {
            level: self.level,
            max_side: MAX_FOOTPRINT_SIDE,
            max_cells: MAX_FOOTPRINT_CELLS,
        };
        let span = |(lo, hi): (i32, i32)| i64::from(hi) - i64::from(lo) + 1;
        for (c, ch) in text.chars().enumerate() {
            if ch != '#' {
                continue;
            }
            let (Ok(row), Ok(col)) = (i32::try_from(i), i32::try_from(c)) else {
                return Err(too_large);
            };
            self.cells.push(Cell::new(row, col));
            self.rows = (self.rows.0.min(row), self.rows.1.max(row));
            self.cols = (self.cols.0.min(col), self.cols.1.max(col));
            if self.cells.len() > MAX_FOOTPRINT_CELLS
                || span(self.rows) > i64::from(MAX_FOOTPRINT_SIDE)
                || span(self.cols) > i64::from(MAX_FOOTPRINT_SIDE)
            {
                return Err(too_large);
            }
        }
        Ok(())
    }
}

/// The tolerance object, checked at its end.
struct ToleranceSeed;

impl<'de> DeserializeSeed<'de> for ToleranceSeed {
    type Value = Tolerance;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Tolerance, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ToleranceSeed {
    type Value = Tolerance;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(r#"{"ratio": [lo, hi]} or {"abs_m": a} for tolerance"#)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tolerance, A::Error> {
        let mut tolerance = None;
        while let Some(key) = map.next_key::<String>()? {
            if tolerance.is_some() {
                return Err(A::Error::custom(
                    "tolerance: more than one of `ratio` and `abs_m`",
                ));
            }
            tolerance = Some(match key.as_str() {
                "ratio" => {
                    let [lo, hi] = map.next_value_seed(NumberPair {
                        path: "tolerance.ratio",
                        check: any_number,
                    })?;
                    Tolerance::Ratio { lo, hi }
                }
                "abs_m" => Tolerance::Absolute {
                    metres: map.next_value_seed(Number {
                        path: "tolerance.abs_m",
                        check: any_number,
                    })?,
                },
                other => {
                    return Err(A::Error::custom(format!(
                        "tolerance: unknown key `{other}`, expected `ratio` or `abs_m`"
                    )));
                }
            });
        }
        let tolerance =
            tolerance.ok_or_else(|| A::Error::custom("tolerance: expected `ratio` or `abs_m`"))?;
        tolerance.check().map_err(|p| invalid("tolerance", p))?;
        Ok(tolerance)
    }
}

impl<'de> Deserialize<'de> for Instance {
    /// Reads the instance format of the crate documentation (section "Instance files (JSON)"),
    /// checking each value where it is read with the checks of [`Instance::new`]: an error
    /// names the value's path (`site[2]`, `levels[1].shape[0]`, arrays counted from 0), and
    /// `serde_json::from_str` adds the line and column where the value ends.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Instance, D::Error> {
        d.deserialize_map(InstanceVisitor)
    }
}

struct InstanceVisitor;

impl<'de> Visitor<'de> for InstanceVisitor {
    type Value = Instance;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an instance object (site, levels, spin_step_deg, tolerance)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Instance, A::Error> {
        let (mut site, mut levels, mut step, mut tolerance) = (None, None, None, None);
        while let Some(key) = map.next_key::<String>()? {
            let duplicate = || A::Error::custom(format!("duplicate field `{key}`"));
            match key.as_str() {
                "site" if site.is_some() => return Err(duplicate()),
                "site" => site = Some(map.next_value_seed(SiteSeed)?),
                "levels" if levels.is_some() => return Err(duplicate()),
                "levels" => levels = Some(map.next_value_seed(LevelsSeed)?),
                "spin_step_deg" if step.is_some() => return Err(duplicate()),
                "spin_step_deg" => {
                    step = Some(map.next_value_seed(Number {
                        path: "spin_step_deg",
                        check: Params::check_spin_step,
                    })?);
                }
                "tolerance" if tolerance.is_some() => return Err(duplicate()),
                "tolerance" => tolerance = Some(map.next_value_seed(ToleranceSeed)?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let site = site.ok_or_else(|| A::Error::missing_field("site"))?;
        let levels = levels.ok_or_else(|| A::Error::missing_field("levels"))?;
        let defaults = Params::default();
        let params = Params {
            spin_step_deg: step.unwrap_or(defaults.spin_step_deg),
            tolerance: tolerance.unwrap_or(defaults.tolerance),
        };
        // Every check has been made where its value was read; this one cannot fail.
        Instance::new(site, levels, params).map_err(A::Error::custom)
    }
}
