//! The integration tests of `family-cluster`, in one test binary:
//!
//! * `in_process`: sweeps and units on several worker threads of one process against the
//!   single-process library calls, on random boards;
//! * `processes`: the binary started as 2 and 3 local processes on the loopback address,
//!   against the library; a process killed mid-run stops its peers with a clear error; a run
//!   resumed from its directory of finished units.

mod in_process;
mod processes;
