//! The guides of the polyomino crate family, tested: each chapter of `docs/` is included here as
//! documentation, so every Rust code block in it compiles and runs under `cargo test` (blocks
//! that are not Rust are marked `text`, `sh` or `json`). Nothing else lives here; the crate is
//! not published.

#[cfg(doctest)]
#[doc = include_str!("design.md")]
struct Design;

#[cfg(doctest)]
#[doc = include_str!("polyomino.md")]
struct Polyomino;

#[cfg(doctest)]
#[doc = include_str!("plugdp.md")]
struct Plugdp;

#[cfg(doctest)]
#[doc = include_str!("grid-games.md")]
struct GridGames;

#[cfg(doctest)]
#[doc = include_str!("level-planner.md")]
struct LevelPlanner;

#[cfg(doctest)]
#[doc = include_str!("cluster.md")]
struct Cluster;

#[cfg(doctest)]
#[doc = include_str!("decisions.md")]
struct Decisions;
