//! The exact solver's transposition table: proven bounds on a board's value, keyed by the whole
//! board, so two different positions can never share an entry and a collision can never corrupt
//! a proof.
//!
//! An entry is 16 bytes, four to a cache line: the board's pits are packed into `b` bits each
//! (`b` as large as the table's size allows, 7 for 6 pits and a table of 32 MB and up), the
//! packed key's low bits, scrambled by a hash of its high bits, pick the bucket, and the high
//! bits are the entry's tag. The bucket and the tag together give back the packed key, hence
//! the board: the key is exact in 64 bits. A board with a pit too full to pack (none in
//! Kalah(6,6) for tables of 32 MB and up) is simply never stored. Against 32-byte entries (two
//! a line, the board's 128 bits in full), Kalah(6,4) off on one thread (20-seed database) took
//! 28.1M nodes instead of 29.7M with 64 MB and 33.3M instead of 34.3M with 8 MB.
//!
//! Threads share it without locks. Each slot is guarded by a sequence word (a seqlock): a writer
//! takes the slot by setting the low bit of `data` with a compare-and-swap (and simply skips the
//! store if another writer holds it), writes the tag, then publishes `data` with the bit clear
//! and a new sequence number. A reader accepts a slot only if `data` read before and after the
//! tag is the same and unlocked, so a torn write is never taken for an entry.
//!
//! Entries hold a lower and an upper bound (a bound is valid forever, whatever window found it),
//! the best move, and the work (log2 of nodes) that produced them; a bucket keeps the entries
//! that cost the most to find.

use std::sync::atomic::{fence, AtomicBool, AtomicU64, Ordering};

use super::board::{Board, MAX_PITS};

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
    tag: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Slot; 4]);

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
    /// log2 of the number of buckets.
    index_bits: u32,
    /// Pits per side the packing is for (boards with fewer pack too).
    pits: usize,
    /// Bits per pit in the packed key.
    lane: u32,
    /// The bits a board may have set to be packed (each pit below `1 << lane`).
    fits: u128,
}

/// `x`'s eight byte lanes, each below `1 << b`, packed into `8 * b` bits (lane 0 lowest): three
/// rounds of halving the gaps between neighbouring lanes.
#[inline]
fn pack_lanes(x: u64, b: u32) -> u64 {
    let g = 8 - b;
    let x = (x & 0x00ff_00ff_00ff_00ff) | ((x & 0xff00_ff00_ff00_ff00) >> g);
    let x = (x & 0x0000_ffff_0000_ffff) | ((x & 0xffff_0000_ffff_0000) >> (2 * g));
    (x & 0x0000_0000_ffff_ffff) | ((x & 0xffff_ffff_0000_0000) >> (4 * g))
}

impl ProofTable {
    /// A table of about `mb` megabytes (a power of two of buckets, at least one) for boards of
    /// up to `pits` pits per side.
    pub fn new(mb: usize, pits: usize) -> ProofTable {
        ProofTable::new_unless_stopped(mb, pits, &AtomicBool::new(false)).expect("never stopped")
    }

    /// `new`, given up (`None`) once `stop` is raised (a big table takes seconds to fill).
    pub fn new_unless_stopped(mb: usize, pits: usize, stop: &AtomicBool) -> Option<ProofTable> {
        assert!(
            (1..=MAX_PITS).contains(&pits),
            "1 to {MAX_PITS} pits per side"
        );
        let bytes = mb.max(1) << 20;
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        let buckets = super::huge_pages::filled_vec_unless_stopped(n, |_| Bucket::default(), stop)?;
        let index_bits = n.trailing_zeros();
        // The packed key has 2 * pits * lane bits, of which the tag holds all but the index's.
        let lane = ((index_bits + 64) / (2 * pits as u32)).min(8);
        let row = (0..pits).fold(0u64, |r, i| r | ((1u64 << lane) - 1) << (8 * i));
        Some(ProofTable {
            buckets: buckets.into_boxed_slice(),
            mask: n - 1,
            index_bits,
            pits,
            lane,
            fits: row as u128 | (row as u128) << 64,
        })
    }

    /// Pits per side of the boards the table is for.
    pub fn pits(&self) -> usize {
        self.pits
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

    /// `key`'s bucket and tag, `None` if a pit is too full to pack. The packed key `p` is split
    /// into its low `index_bits` and the rest, the tag; the bucket is the low part XOR a hash
    /// of the tag, so bucket and tag give back `p` (and `p` the board).
    #[inline]
    fn locate(&self, key: Board) -> Option<(&Bucket, u64)> {
        if key.0 & !self.fits != 0 {
            return None;
        }
        let half = self.pits as u32 * self.lane;
        let p = pack_lanes(key.0 as u64, self.lane) as u128
            | (pack_lanes((key.0 >> 64) as u64, self.lane) as u128) << half;
        let tag = (p >> self.index_bits) as u64;
        let index = (p as usize ^ mix(tag) as usize) & self.mask;
        Some((&self.buckets[index], tag))
    }

    /// Reads one slot consistently; `None` if empty or being written.
    #[inline]
    fn read(slot: &Slot) -> Option<(u64, u64)> {
        let d1 = slot.data.load(Ordering::Acquire);
        if d1 & PRESENT == 0 || d1 & LOCKED != 0 {
            return None;
        }
        let tag = slot.tag.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        let d2 = slot.data.load(Ordering::Relaxed);
        (d1 == d2).then_some((tag, d1))
    }

    /// Loads `key`'s bucket into the cache ahead of its probe: the loads of several children
    /// overlap instead of waiting for each other.
    #[inline]
    pub fn touch(&self, key: Board) {
        if let Some((bucket, _)) = self.locate(key) {
            crate::search::prefetch::prefetch(bucket);
        }
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: Board) -> Option<Bounds> {
        let (bucket, tag) = self.locate(key)?;
        for slot in &bucket.0 {
            if let Some((t, d)) = Self::read(slot) {
                if t == tag {
                    return Some(unpack(d).0);
                }
            }
        }
        None
    }

    /// Records bounds for `key`, tightened with whatever the table already knows of it.
    pub fn store(&self, key: Board, mut b: Bounds, work: u8) {
        let Some((bucket, tag)) = self.locate(key) else {
            return;
        };
        // The slot already holding this key, else the one whose entry cost least.
        let mut target = 0;
        let mut cheapest = u16::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            let d = slot.data.load(Ordering::Relaxed);
            match Self::read(slot) {
                Some((t, d)) if t == tag => {
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
        slot.tag.store(tag, Ordering::Relaxed);
        slot.data
            .store(pack(b, work, (d & SEQ_MASK) + 2), Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_exact_keys_and_merges_bounds() {
        let t = ProofTable::new(1, 6);
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

    /// A board's bounds, as a function of the board (so that a hit on another board's entry
    /// shows).
    fn bounds_of(b: Board) -> Bounds {
        let h = board_hash(b);
        Bounds {
            lower: (h % 61) as i32 - 60,
            upper: (h >> 8) as i32 % 60,
            best: Some((h >> 16) as u8 % 6),
        }
    }

    #[test]
    fn a_small_table_never_confuses_boards() {
        // 1 MB for 6 pits: 16K buckets, 6 bits a pit, so the tag and the bucket must together
        // tell boards apart. Random boards and those one packed bit away from them (in every
        // pit, whether the bucket or the tag takes it): every hit is the board's own entry.
        let t = ProofTable::new(1, 6);
        assert_eq!(t.lane, 6);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut boards = Vec::new();
        for _ in 0..5_000 {
            x = mix(x.wrapping_add(0x9e37_79b9_7f4a_7c15));
            let pits: Vec<u32> = (0..12).map(|i| ((x >> (5 * i)) & 31) as u32).collect();
            let b = Board::from_pits(&pits[..6], &pits[6..]);
            boards.push(b);
            for i in 0..12 {
                let byte = if i < 6 { 8 * i } else { 64 + 8 * (i - 6) };
                for bit in 0..6 {
                    boards.push(Board(b.0 ^ (1u128 << (byte + bit))));
                }
            }
        }
        for &b in &boards {
            t.store(b, bounds_of(b), 1);
        }
        let mut hits = 0;
        for &b in &boards {
            if let Some(got) = t.probe(b) {
                assert_eq!(got, bounds_of(b), "{b:?}");
                hits += 1;
            }
        }
        assert_eq!(hits, 4 << 14, "every slot of the 16K buckets holds a board");
        // A pit of 64 seeds or more does not pack into 6 bits: such a board is never stored.
        let full = Board::from_pits(&[64, 0, 0, 0, 0, 1], &[1; 6]);
        t.store(full, bounds_of(full), 60);
        assert_eq!(t.probe(full), None);
        assert_eq!(t.probe(Board(full.0 & !(64u128))), None);
    }
}
