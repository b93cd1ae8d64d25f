//! `rand_core` interop (the `rand_core` feature): [`Rng`] is a `rand_core::TryRng` with
//! `Error = Infallible` (so a `rand_core::Rng`, usable with the `rand` crate's distributions and
//! `shuffle`s) and a `rand_core::SeedableRng` whose 8-byte seed is the little-endian `u64` of
//! [`Rng::seed_from`]: `Rng::from_seed(s.to_le_bytes())` is `Rng::seed_from(s)`, so streams
//! agree whichever way a generator is made.

use core::convert::Infallible;

use super::Rng;

impl rand_core::TryRng for Rng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        // The high half: xoshiro256**'s strongest bits.
        Ok((Rng::next_u64(self) >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(Rng::next_u64(self))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = Rng::next_u64(self).to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

impl rand_core::SeedableRng for Rng {
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> Rng {
        Rng::seed_from(u64::from_le_bytes(seed))
    }

    fn seed_from_u64(state: u64) -> Rng {
        Rng::seed_from(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;

    #[test]
    fn the_rand_core_view_is_the_same_stream() {
        let mut ours = Rng::seed_from(42);
        let mut theirs = <Rng as SeedableRng>::from_seed(42u64.to_le_bytes());
        assert_eq!(theirs, <Rng as SeedableRng>::seed_from_u64(42));
        let expected: Vec<u64> = (0..4).map(|_| ours.next_u64()).collect();
        let got: Vec<u64> = (0..4)
            .map(|_| rand_core::Rng::next_u64(&mut theirs))
            .collect();
        assert_eq!(got, expected);
        let mut a = Rng::seed_from(7);
        let mut b = Rng::seed_from(7);
        let mut bytes = [0u8; 13];
        rand_core::Rng::fill_bytes(&mut a, &mut bytes);
        assert_eq!(bytes[..8], b.next_u64().to_le_bytes());
        assert_eq!(bytes[8..], b.next_u64().to_le_bytes()[..5]);
        let high = rand_core::Rng::next_u32(&mut Rng::seed_from(9));
        assert_eq!(high, (Rng::seed_from(9).next_u64() >> 32) as u32);
    }
}
