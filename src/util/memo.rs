//! The memo of the tests' brute-force oracles (Hex's negamax, Kalah's minimax): a hash map
//! whose keys are numbers, hashed by one multiply-xorshift mix per 64 bits instead of the
//! default SipHash. Hashing was a fifth to a quarter of those tests' time; the oracles
//! themselves are unchanged.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A memo from number keys (a Zobrist key, a packed board) to values.
pub type Memo<K, V> = HashMap<K, V, BuildHasherDefault<MixHasher>>;

/// SplitMix64's finaliser over each 64-bit word written: every bit of the key reaches the low
/// bits (the bucket) and the high ones (hashbrown's tag), as a packed board's bits would not.
#[derive(Default)]
pub struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, k: u64) {
        let mut z = (self.0 ^ k).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = z ^ (z >> 31);
    }
    fn write_u128(&mut self, k: u128) {
        self.write_u64(k as u64);
        self.write_u64((k >> 64) as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn packed_keys_spread_over_the_buckets_and_tags() {
        // Packed boards differ in their high bits only: they must still spread over the low
        // bits (the bucket) and the top seven (hashbrown's tag), or the map degrades into long
        // probe chains.
        let build = BuildHasherDefault::<MixHasher>::default();
        let (mut buckets, mut tags) = (std::collections::HashSet::new(), [false; 128]);
        for k in 0..4096u128 {
            let h = build.hash_one(k << 100);
            buckets.insert(h & 0xFFF);
            tags[(h >> 57) as usize] = true;
        }
        assert!(buckets.len() > 2400, "{} of 4096 buckets", buckets.len());
        assert!(tags.iter().all(|&t| t), "some tag never used");
        let mut memo: Memo<u64, bool> = Memo::default();
        memo.insert(7, true);
        assert_eq!(memo.get(&7), Some(&true));
        assert_eq!(memo.get(&8), None);
    }
}
