//! The first versions of the layout set and hunter, frozen as the reference: a sorted list rescanned on every
//! observation. Kept (hidden from the docs) so that property tests can check the fast
//! [`crate::planes::Layouts`] against it and benchmarks and head-to-head examples can compare
//! the old and new hunters in one process. Not part of the supported API.

mod list_hunter;
mod list_layouts;

pub use list_hunter::ListHunterBot;
pub use list_layouts::ListLayouts;
