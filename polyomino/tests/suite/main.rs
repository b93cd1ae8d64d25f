//! The integration tests of `polyomino`, in one test binary (one link instead of one per file
//! keeps the workspace's cold `cargo test` within its budget). Each module is one concern:
//!
//! * `enumeration`: counts against OEIS, iterators as a second method;
//! * `hostile`: inputs that used to panic or run away (the slow ones are `#[ignore]`d; CI runs
//!   them with `cargo test --release -p polyomino --test suite -- --ignored hostile::`);
//! * `properties`: group laws, canonical forms, placements, rotation, bitboards;
//! * `round_trips`: text and serde forms read back what they write;
//! * `svg`: the pictures are well-formed and honour their options.

mod enumeration;
mod hostile;
mod properties;
mod round_trips;
mod svg;
