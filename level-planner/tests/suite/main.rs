//! The integration tests of `level-planner`, in one test binary (one link instead of one per
//! file keeps the workspace's cold `cargo test` within its budget). One module per concern:
//!
//! * `conversions`, `text`: sites convert to and from placement boards and read back their text;
//! * `hostile`: instances that used to take gigabytes or minutes (the slow one is `#[ignore]`d;
//!   CI runs it with `cargo test --release -p level-planner --test suite -- --ignored hostile::`);
//! * `properties`: the fast planner equals the reference planner on random instances;
//! * `serde_format`: the JSON formats (the `serde` feature);
//! * `svg`: the plan's picture.

mod conversions;
mod hostile;
mod properties;
mod serde_format;
mod svg;
mod text;
