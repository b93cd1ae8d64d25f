//! The integration tests of `plugdp`, in one test binary (one link instead of one per file keeps
//! the workspace's cold `cargo test` within its budget). One module per concern:
//!
//! * `big_count`: `BigCount` conversions against Rust's own `u128` arithmetic;
//! * `brute_force`, `cells`, `polygons`, `witness`: the solvers and both sweeps against brute
//!   force on small boards;
//! * `budget`, `hostile`: budgets that stop runaway sweeps, and inputs that used to panic;
//! * `conversions`, `text`: the board types convert and read back their text;
//! * `polyominoes`: the transfer-matrix counts against Redelmeier's enumeration and OEIS;
//! * `records`: the largest published counts reached (ignored: minutes to hours);
//! * `rocket_mania`: the contest samples and brute force;
//! * `serde_round_trip`: the types a sharded sweep sends between processes read back what they write.
//!
//! Slow checks are `#[ignore]`d; CI runs the budget, hostile and polyomino ones in release mode:
//! `cargo test --release -p plugdp --test suite -- --ignored budget:: hostile:: polyominoes::`.

mod big_count;
mod brute_force;
mod budget;
mod cells;
mod conversions;
mod hostile;
mod polygons;
mod polyominoes;
mod records;
mod rocket_mania;
mod serde_round_trip;
mod text;
mod witness;
