//! The examples' shared `--threads` parser: absurd thread counts are usage errors (exit 2 through
//! clap), not a spawn failure (`--threads 100000`) or a capacity overflow
//! (`--threads 18446744073709551615`). The `--games` and `--width` limits are clap ranges and
//! integer types declared in each example.

#[path = "../examples/support/cli.rs"]
mod cli;

#[test]
fn thread_counts_past_the_limit_are_refused() {
    for absurd in [
        "100000",
        "1025",
        "4294967296",
        "18446744073709551615",
        "18446744073709551616",
    ] {
        assert!(cli::parse_threads(absurd).is_err(), "{absurd}");
    }
    let message = cli::parse_threads("100000").unwrap_err();
    assert!(message.contains("limit of 1024"), "{message}");
    assert!(cli::parse_threads("0").is_err());
    assert!(cli::parse_threads("-1").is_err());
    assert_eq!(cli::parse_threads("1"), Ok(1));
    assert_eq!(cli::parse_threads("1024"), Ok(cli::MAX_THREADS));
    // Without a request, the available cores.
    let available = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(cli::threads("test", None).get(), available);
    assert_eq!(cli::threads("test", Some(1)).get(), 1);
}
