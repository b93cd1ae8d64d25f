//! `serde` support (the `serde` feature): [`Instance`] reads and writes the instance JSON format
//! of the crate documentation (checked on reading by [`Instance::new`]), and [`Plan`] writes
//! the plan format, so `serde_json::from_str::<Instance>(text)` reads the same files as the
//! command-line examples.
//!
//! A footprint's pivot is written as `"pivot": [row, col]` only when it is not the default
//! pivot; documents without it get the default, as the format says.

use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{
    Instance, InstanceProblem, Params, PlacedLevel, Plan, PlanError, Site, Tolerance, VirtualLevel,
};
use polyomino::{Cell, MarkedCellSet};

#[derive(Serialize, Deserialize)]
struct LevelRepr {
    dist_m: f64,
    deflex_deg: f64,
    shape: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pivot: Option<[i32; 2]>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
enum ToleranceRepr {
    #[serde(rename = "ratio")]
    Ratio([f64; 2]),
    #[serde(rename = "abs_m")]
    Absolute(f64),
}

#[derive(Serialize, Deserialize)]
struct InstanceRepr {
    site: Vec<String>,
    levels: Vec<LevelRepr>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    spin_step_deg: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tolerance: Option<ToleranceRepr>,
}

fn rows_of(
    height: usize,
    width: usize,
    filled: impl Fn(usize, usize) -> bool,
    on: char,
    off: char,
) -> Vec<String> {
    (0..height)
        .map(|r| {
            (0..width)
                .map(|c| if filled(r, c) { on } else { off })
                .collect()
        })
        .collect()
}

fn level_repr(level: &VirtualLevel) -> LevelRepr {
    let shape = level.footprint.shape();
    let (h, w) = (shape.height() as usize, shape.width() as usize);
    let rows = rows_of(
        h,
        w,
        |r, c| shape.contains(Cell::new(r as i32, c as i32)),
        '#',
        '.',
    );
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
        let site = self.site();
        let repr = InstanceRepr {
            site: rows_of(
                site.rows(),
                site.cols(),
                |r, c| !site.is_usable(r as i64, c as i64),
                '#',
                '.',
            ),
            levels: self.levels().iter().map(level_repr).collect(),
            spin_step_deg: Some(self.params().spin_step_deg),
            tolerance: Some(match self.params().tolerance {
                Tolerance::Ratio { lo, hi } => ToleranceRepr::Ratio([lo, hi]),
                Tolerance::Absolute { metres } => ToleranceRepr::Absolute(metres),
            }),
        };
        repr.serialize(s)
    }
}

fn instance_from(repr: InstanceRepr) -> Result<Instance, PlanError> {
    let site = Site::from_rows(&repr.site)?;
    let levels = repr
        .levels
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            let level = VirtualLevel::from_rows(l.dist_m, l.deflex_deg, &l.shape)?;
            match l.pivot {
                None => Ok(level),
                Some([row, col]) => {
                    let footprint =
                        MarkedCellSet::new(level.footprint.shape().clone(), Cell::new(row, col))
                            .map_err(|_| {
                                PlanError::InvalidInstance(InstanceProblem::PivotOutside {
                                    level: k + 1,
                                })
                            })?;
                    Ok(VirtualLevel { footprint, ..level })
                }
            }
        })
        .collect::<Result<Vec<_>, PlanError>>()?;
    let mut params = Params::default();
    if let Some(step) = repr.spin_step_deg {
        params.spin_step_deg = step;
    }
    if let Some(tolerance) = repr.tolerance {
        params.tolerance = match tolerance {
            ToleranceRepr::Ratio([lo, hi]) => Tolerance::Ratio { lo, hi },
            ToleranceRepr::Absolute(metres) => Tolerance::Absolute { metres },
        };
    }
    Instance::new(site, levels, params)
}

impl<'de> Deserialize<'de> for Instance {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Instance, D::Error> {
        let repr = InstanceRepr::deserialize(d)?;
        instance_from(repr).map_err(serde::de::Error::custom)
    }
}

impl Serialize for PlacedLevel {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("PlacedLevel", 3)?;
        st.serialize_field("row", &self.row)?;
        st.serialize_field("col", &self.col)?;
        st.serialize_field("spin_deg", &self.spin_deg)?;
        st.end()
    }
}

impl Serialize for Plan {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Plan", 3)?;
        st.serialize_field("levels", self.levels())?;
        st.serialize_field("covered", &self.covered())?;
        st.serialize_field("deviation_deg", &self.deviation_deg())?;
        st.end()
    }
}
