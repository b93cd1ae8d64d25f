//! `level-planner` is part of the polyomino crate family and is not built yet.
//!
//! It currently exports nothing; see `docs/design.md` in the workspace for what it will own.
#![forbid(unsafe_code)]
