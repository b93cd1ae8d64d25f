//! The integration tests of `grid-games`, in one test binary (one link instead of one per file
//! keeps the workspace's cold `cargo test` within its budget). One module per concern:
//!
//! * `blokus`: the engine against the rules, perft and the recorded Pentobi sample;
//! * `blokus_gtp_client`: the examples' GTP client (an outside engine as a bot) against the
//!   built `blokus_gtp` example, and the GTP clock of a whole game;
//! * `hostile`: bad or extreme input to every public entry point;
//! * `paperio`, `paperio_interop`, `paperio_course_ai`: the paper.io engine, snapshots and
//!   course frames, and the course-AI example with its Python adapter (`trace` reads the
//!   recorded course games they share);
//! * `planes_properties`, `planes_referee`: the plane-bombing rules under random play, and the
//!   referee on the shared match runner against the old referee loop;
//! * `rating`: the rating tournament's rules against worked examples;
//! * `round_trips`: text and serde forms read back what they write;
//! * `seeding`: bots seeded from a caller's generator;
//! * `svg`: the pictures.
//!
//! Slow checks are `#[ignore]`d; CI runs the course-AI one with the project's recorded games:
//! `cargo test --release -p grid-games --test suite -- --ignored paperio_course_ai::`.

mod blokus;
mod blokus_gtp_client;
mod hostile;
mod paperio;
mod paperio_course_ai;
mod paperio_interop;
mod planes_properties;
mod planes_referee;
mod rating;
mod round_trips;
mod seeding;
mod svg;
mod trace;
