//! The budget flags of the plug DP examples, `--max-memory` and `--time-limit`, which every
//! solver example shares (the rest of their command-line support is `family_support::cli`).

use std::time::Duration;

use family_support::cli::parse_seconds;

/// The budget flags of the plug DP examples: `--max-memory` and `--time-limit`.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct BudgetArgs {
    /// Most memory the frontier tables may take, in MiB (default: the library's 2048). Past it
    /// the program stops with an error instead of running on.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_memory: Option<u64>,
    /// Give up after this many seconds (default: no limit).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

impl BudgetArgs {
    /// `options` with these limits.
    pub fn apply(&self, mut options: plugdp::Options) -> plugdp::Options {
        if let Some(mib) = self.max_memory {
            let bytes = usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
            options = options.with_max_bytes(bytes);
        }
        if let Some(limit) = self.time_limit {
            options = options.with_time_limit(limit);
        }
        options
    }
}
