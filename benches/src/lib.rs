//! Shared helpers for the criterion benchmarks of the polyomino family (see `benches/`).
