//! Crate-internal macros.

/// Gives each listed bot a `from_rng` constructor (with the `rand_core` feature) that draws a
/// seed from the caller's generator and calls the bot's `new(seed)`.
///
/// `bot_from_rng!("grid_games::paperio::bots", RandomBot, SafeBot);` documents each method
/// with a doctest that imports the bot from that path.
macro_rules! bot_from_rng {
    ($path:literal, $($bot:ident),+ $(,)?) => {$(
        #[cfg(feature = "rand_core")]
        impl $bot {
            #[doc = concat!(
                "A [`", stringify!($bot), "`] seeded from the caller's generator: one `u64` is ",
                "drawn from `rng` and passed to [`new`](", stringify!($bot), "::new) ",
                "(the `rand_core` feature).\n\n",
                "`R` is any generator implementing the `rand_core` 0.10 crate's `Rng` trait (not ",
                "this crate's `Rng` struct, though it implements that trait too): ",
                "`rand`'s `StdRng`, `SmallRng`, a ",
                "`ChaCha` generator, or this crate's [`Rng`](crate::game::Rng)). The bot still ",
                "draws its own choices from the crate's portable [`Rng`](crate::game::Rng), so ",
                "a game is replayed exactly, on every platform and with every version of ",
                "`rand`, from the seed alone; only that one seed comes from `rng`.\n\n",
                "```\n",
                "use grid_games::game::Rng;\n",
                "use ", $path, "::", stringify!($bot), ";\n",
                "// Two generators in the same state give two bots that play alike.\n",
                "let (mut a, mut b) = (Rng::seed_from(7), Rng::seed_from(7));\n",
                "let (first, second) = (", stringify!($bot), "::from_rng(&mut a), ",
                stringify!($bot), "::from_rng(&mut b));\n",
                "# let _ = (first, second);\n",
                "assert_eq!(a, b); // each drew one seed\n",
                "```"
            )]
            pub fn from_rng<R: rand_core::Rng + ?Sized>(rng: &mut R) -> $bot {
                $bot::new(rng.next_u64())
            }
        }
    )+};
}
