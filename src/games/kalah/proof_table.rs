//! The exact solver's transposition table: proven bounds on a board's value, keyed by the whole
//! board (128 bits), so two different positions can never share an entry and a collision can
//! never corrupt a proof.
//!
//! Threads share it without locks. Each slot is guarded by a sequence word (a seqlock): a writer
//! takes the slot by setting the low bit of `data` with a compare-and-swap (and simply skips the
//! store if another writer holds it), writes the key, then publishes `data` with the bit clear and
//! a new sequence number. A reader accepts a slot only if `data` read before and after the key is
//! the same and unlocked, so a torn write is never taken for an entry.
//!
//! Entries hold a lower and an upper bound (a bound is valid forever, whatever window found it),
//! the best move, and the work (log2 of nodes) that produced them; a bucket keeps the entries
//! that cost the most to find.

use std::sync::atomic::{fence, AtomicBool, AtomicU64, Ordering};

use super::board::Board;

/// One proven fact about a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// The pit that proved the lower bound, or the best found (`None`: none recorded).
    pub best: Option<u8>,
}

#[derive(Default)]
struct Slot {
    k0: AtomicU64,
    k1: AtomicU64,
    data: AtomicU64,
    _pad: u64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Slot; 2]);

// `data`: bit 0 locked, 1..16 sequence, 16..32 lower (i16), 32..48 upper (i16), 48..56 best
// (0xff none), 56..62 work, bit 63 present.
const LOCKED: u64 = 1;
const SEQ_MASK: u64 = 0xfffe;
const PRESENT: u64 = 1 << 63;

fn pack(b: Bounds, work: u8, seq: u64) -> u64 {
    (seq & SEQ_MASK)
        | ((b.lower as i16 as u16 as u64) << 16)
        | ((b.upper as i16 as u16 as u64) << 32)
        | ((b.best.unwrap_or(0xff) as u64) << 48)
        | (((work & 63) as u64) << 56)
        | PRESENT
}

fn unpack(d: u64) -> (Bounds, u8) {
    let best = (d >> 48) as u8;
    (
        Bounds {
            lower: (d >> 16) as u16 as i16 as i32,
            upper: (d >> 32) as u16 as i16 as i32,
            best: (best != 0xff).then_some(best),
        },
        ((d >> 56) & 63) as u8,
    )
}

/// A 64-bit finalizer: every input bit reaches every output bit (bucket indices and TT keys).
pub(super) fn mix(mut x: u64) -> u64 {
    x ^= x >> 32;
    x = x.wrapping_mul(0xd6e8_feb8_6659_fd93);
    x ^= x >> 32;
    x = x.wrapping_mul(0xd6e8_feb8_6659_fd93);
    x ^ (x >> 32)
}

/// A well-mixed 64-bit hash of the whole board (the table's bucket index; the solver's
/// busy marks).
#[inline]
pub(super) fn board_hash(key: Board) -> u64 {
    mix(key.0 as u64 ^ mix((key.0 >> 64) as u64))
}

pub struct ProofTable {
    buckets: Box<[Bucket]>,
    mask: usize,
}

impl ProofTable {
    /// A table of about `mb` megabytes (a power of two of buckets, at least one).
    pub fn new(mb: usize) -> ProofTable {
        ProofTable::new_unless_stopped(mb, &AtomicBool::new(false)).expect("never stopped")
    }

    /// `new`, given up (`None`) once `stop` is raised (a big table takes seconds to fill).
    pub fn new_unless_stopped(mb: usize, stop: &AtomicBool) -> Option<ProofTable> {
        let bytes = mb.max(1) << 20;
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        let buckets = super::huge_pages::filled_vec_unless_stopped(n, |_| Bucket::default(), stop)?;
        Some(ProofTable {
            buckets: buckets.into_boxed_slice(),
            mask: n - 1,
        })
    }

    /// The table's size in MB.
    pub fn mb(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    pub fn clear(&self) {
        for b in self.buckets.iter() {
            for s in &b.0 {
                s.data.store(0, Ordering::Relaxed);
            }
        }
    }

    #[inline]
    fn bucket(&self, key: Board) -> &Bucket {
        &self.buckets[board_hash(key) as usize & self.mask]
    }

    /// Reads one slot consistently; `None` if empty or being written.
    #[inline]
    fn read(slot: &Slot) -> Option<(u128, u64)> {
        let d1 = slot.data.load(Ordering::Acquire);
        if d1 & PRESENT == 0 || d1 & LOCKED != 0 {
            return None;
        }
        let k0 = slot.k0.load(Ordering::Relaxed);
        let k1 = slot.k1.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        let d2 = slot.data.load(Ordering::Relaxed);
        (d1 == d2).then_some((k0 as u128 | ((k1 as u128) << 64), d1))
    }

    /// Loads `key`'s bucket into the cache ahead of its probe: the loads of several children
    /// overlap instead of waiting for each other.
    #[inline]
    pub fn touch(&self, key: Board) {
        crate::search::prefetch::prefetch(self.bucket(key));
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: Board) -> Option<Bounds> {
        for slot in &self.bucket(key).0 {
            if let Some((k, d)) = Self::read(slot) {
                if k == key.0 {
                    return Some(unpack(d).0);
                }
            }
        }
        None
    }

    /// Records bounds for `key`, tightened with whatever the table already knows of it.
    pub fn store(&self, key: Board, mut b: Bounds, work: u8) {
        let bucket = self.bucket(key);
        // The slot already holding this key, else the one whose entry cost least.
        let mut target = 0;
        let mut cheapest = u16::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            let d = slot.data.load(Ordering::Relaxed);
            match Self::read(slot) {
                Some((k, d)) if k == key.0 => {
                    let (old, _) = unpack(d);
                    // The move kept is the one behind the higher lower bound (at the root it
                    // is the answer's move, whichever thread stores last).
                    if b.best.is_none() || (old.best.is_some() && old.lower > b.lower) {
                        b.best = old.best;
                    }
                    b.lower = b.lower.max(old.lower);
                    b.upper = b.upper.min(old.upper);
                    target = i;
                    break;
                }
                _ => {
                    let w = if d & PRESENT == 0 {
                        0
                    } else {
                        unpack(d).1 as u16 + 1
                    };
                    if w < cheapest {
                        cheapest = w;
                        target = i;
                    }
                }
            }
        }
        let slot = &bucket.0[target];
        let d = slot.data.load(Ordering::Relaxed);
        if d & LOCKED != 0
            || slot
                .data
                .compare_exchange(d, d | LOCKED, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        slot.k0.store(key.0 as u64, Ordering::Relaxed);
        slot.k1.store((key.0 >> 64) as u64, Ordering::Relaxed);
        slot.data
            .store(pack(b, work, (d & SEQ_MASK) + 2), Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_exact_keys_and_merges_bounds() {
        let t = ProofTable::new(1);
        let a = Board(0x0102_0304_0506);
        let b = Board(0x0102_0304_0506 | (1u128 << 64));
        t.store(
            a,
            Bounds {
                lower: -4,
                upper: 10,
                best: Some(2),
            },
            5,
        );
        assert_eq!(t.probe(b), None, "a different board is never a hit");
        t.store(
            a,
            Bounds {
                lower: 2,
                upper: 20,
                best: None,
            },
            3,
        );
        assert_eq!(
            t.probe(a),
            Some(Bounds {
                lower: 2,
                upper: 10,
                best: Some(2)
            })
        );
    }
}
