//! The transposition table shared by every search thread, without locks.
//!
//! Each slot is two `AtomicU64` words: `data` and `key ^ data`. A reader accepts a slot only if
//! the xor of the two words gives back its own key, so a slot torn by two threads writing at once
//! (one word from each) is simply a miss, never another position's data. Relaxed ordering is
//! enough for that check: each word is itself atomic, and a torn pair fails verification.
//!
//! Slots are grouped in buckets of [`BUCKET`]; a new entry replaces, within its bucket, the same
//! key or else the entry with the least `depth - age penalty`, so deep results from the current
//! search survive and stale ones from old searches go first.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

use super::game::{Score, WIN_BOUND};

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (a fail-low).
    Upper = 1,
    /// The true value is at least the score (a fail-high).
    Lower = 2,
    Exact = 3,
}

/// What a probe returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: Score,
    pub depth: u8,
    pub bound: Bound,
    pub move_tag: u16,
}

/// The table's size in MB when `--hash` is not given (small: a tournament runs two engines, and
/// the searches' speed gains little from more).
pub const DEFAULT_HASH_MB: usize = 64;

const BUCKET: usize = 4;

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// One bucket on one 64-byte cache line (a probe reads one line, and a prefetch brings it).
#[repr(C, align(64))]
struct Bucket([Slot; BUCKET]);

pub struct Tt {
    slots: Box<[Bucket]>,
    /// Bucket count minus one (a power of two).
    mask: usize,
    generation: AtomicU8,
    /// Whether anything was stored since the last `clear`: a GTP session clears the table on
    /// every `clear_board`, and zeroing 64 MB that no search touched cost 35 M instructions
    /// each time (2.6 G of a 17 G run over the 36 6×6 openings, which only use the solver).
    stored: AtomicBool,
}

// Layout of `data`: bits 0..16 move tag, 16..32 score (i16), 32..40 depth, 40..42 bound,
// 42..48 generation, bit 48 set on every stored entry so that an empty slot is never valid.
const PRESENT: u64 = 1 << 48;

fn pack(score: Score, depth: u8, bound: Bound, move_tag: u16, generation: u8) -> u64 {
    move_tag as u64
        | ((score as i16 as u16 as u64) << 16)
        | ((depth as u64) << 32)
        | ((bound as u64) << 40)
        | (((generation & 63) as u64) << 42)
        | PRESENT
}

fn unpack(data: u64) -> Option<(Entry, u8)> {
    if data & PRESENT == 0 {
        return None;
    }
    let bound = match (data >> 40) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    let entry = Entry {
        move_tag: data as u16,
        score: (data >> 16) as u16 as i16 as Score,
        depth: (data >> 32) as u8,
        bound,
    };
    Some((entry, ((data >> 42) & 63) as u8))
}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Tt {
        let bytes = mb.max(1) * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Slot>())).max(1);
        let buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        Tt::with_buckets(buckets)
    }

    /// A table of exactly `buckets` buckets (a power of two).
    fn with_buckets(buckets: usize) -> Tt {
        debug_assert!(buckets.is_power_of_two());
        let slots = (0..buckets)
            .map(|_| {
                Bucket(std::array::from_fn(|_| Slot {
                    check: AtomicU64::new(0),
                    data: AtomicU64::new(0),
                }))
            })
            .collect();
        Tt {
            slots,
            mask: buckets - 1,
            generation: AtomicU8::new(0),
            stored: AtomicBool::new(false),
        }
    }

    /// Forgets everything (a new game). A table nothing was stored in since it was made or
    /// last cleared is already empty and is left as it is.
    pub fn clear(&self) {
        if self.stored.swap(false, Ordering::Relaxed) {
            for s in self.all_slots() {
                s.check.store(0, Ordering::Relaxed);
                s.data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so that older entries age out first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot; BUCKET] {
        &self.slots[(key as usize ^ (key >> 32) as usize) & self.mask].0
    }

    fn all_slots(&self) -> impl Iterator<Item = &Slot> {
        self.slots.iter().flat_map(|b| b.0.iter())
    }

    /// Asks the processor to bring `key`'s bucket into the cache: a search that knows the next
    /// position's key before it has made the move hides most of the probe's memory latency.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        super::prefetch::prefetch(self.bucket(key));
    }

    /// The entry stored for `key`, with proven scores made relative to `ply` (the distance from
    /// the current root), or `None`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        for s in self.bucket(key) {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if check ^ data == key {
                if let Some((mut e, _)) = unpack(data) {
                    e.score = from_tt(e.score, ply);
                    return Some(e);
                }
            }
        }
        None
    }

    /// Stores a result. `ply` converts a proven score from root-relative to node-relative.
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        score: Score,
        depth: u8,
        bound: Bound,
        move_tag: u16,
    ) {
        // Read first: the flag's line stays shared between threads once it is set.
        if !self.stored.load(Ordering::Relaxed) {
            self.stored.store(true, Ordering::Relaxed);
        }
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            match unpack(data) {
                None => {
                    victim = i;
                    break;
                }
                Some((e, g)) => {
                    if check ^ data == key {
                        // Keep a deeper result for this very position unless it is stale,
                        // but do keep its move if the new one has none.
                        if e.depth > depth && g == (generation & 63) && bound != Bound::Exact {
                            return;
                        }
                        let tag = if move_tag == 0 { e.move_tag } else { move_tag };
                        write(s, key, to_tt(score, ply), depth, bound, tag, generation);
                        return;
                    }
                    let age = (generation.wrapping_sub(g) & 63) as i32;
                    let value = e.depth as i32 - 8 * age;
                    if value < worst {
                        worst = value;
                        victim = i;
                    }
                }
            }
        }
        write(
            &bucket[victim],
            key,
            to_tt(score, ply),
            depth,
            bound,
            move_tag,
            generation,
        );
    }

    /// Per mille of the first thousand slots filled by the current search (UCI's `hashfull`).
    pub fn hashfull(&self) -> usize {
        let generation = self.generation.load(Ordering::Relaxed) & 63;
        self.all_slots()
            .take(1000)
            .filter(|s| matches!(unpack(s.data.load(Ordering::Relaxed)), Some((_, g)) if g == generation))
            .count()
            * 1000
            / (self.slots.len() * BUCKET).min(1000)
    }
}

fn write(s: &Slot, key: u64, score: Score, depth: u8, bound: Bound, tag: u16, generation: u8) {
    let data = pack(score, depth, bound, tag, generation);
    s.data.store(data, Ordering::Relaxed);
    s.check.store(key ^ data, Ordering::Relaxed);
}

/// Proven scores are stored relative to the node, so they stay right when found via another path.
fn to_tt(score: Score, ply: usize) -> Score {
    if score >= WIN_BOUND {
        score + ply as Score
    } else if score <= -WIN_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn from_tt(score: Score, ply: usize) -> Score {
    if score >= WIN_BOUND {
        score - ply as Score
    } else if score <= -WIN_BOUND {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn stores_and_probes() {
        let tt = Tt::new(1);
        tt.store(42, 0, 17, 5, Bound::Exact, 9);
        let e = tt.probe(42, 0).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.move_tag),
            (17, 5, Bound::Exact, 9)
        );
        assert!(tt.probe(43, 0).is_none());
        tt.clear();
        assert!(tt.probe(42, 0).is_none());
        // A clear with nothing stored since skips the zeroing; a store re-arms it.
        tt.clear();
        tt.store(43, 0, 1, 1, Bound::Exact, 0);
        tt.clear();
        assert!(tt.probe(43, 0).is_none());
    }

    #[test]
    fn negative_scores_round_trip() {
        let tt = Tt::new(1);
        tt.store(7, 0, -1234, 3, Bound::Upper, 0);
        assert_eq!(tt.probe(7, 0).unwrap().score, -1234);
    }

    #[test]
    fn proven_scores_are_node_relative() {
        let tt = Tt::new(1);
        // A win 5 plies from the root, seen at ply 3: a win in 2 from that node.
        tt.store(99, 3, 30_000 - 5, 4, Bound::Exact, 0);
        // Reached again at ply 1 via another path: a win in 3 from the root.
        assert_eq!(tt.probe(99, 1).unwrap().score, 30_000 - 3);
    }

    #[test]
    fn deeper_same_key_entry_survives_shallower_bound() {
        let tt = Tt::new(1);
        tt.store(5, 0, 10, 9, Bound::Lower, 3);
        tt.store(5, 0, 20, 2, Bound::Upper, 0);
        let e = tt.probe(5, 0).unwrap();
        assert_eq!((e.score, e.depth), (10, 9));
    }

    /// Many threads write entries whose data is a function of the key into a tiny table; no
    /// probe may ever see data that belongs to another key, even when writes tear.
    #[test]
    fn concurrent_writers_never_leak_foreign_data() {
        // Eight buckets for thousands of keys: writers overwrite each other constantly.
        let tt = Arc::new(Tt::with_buckets(8));
        let threads: Vec<_> = (0..4u64)
            .map(|t| {
                let tt = Arc::clone(&tt);
                std::thread::spawn(move || {
                    let mut seen = 0u64;
                    let mut x = t.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    for _ in 0..400_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // Keys collide into few buckets so writers fight over the same slots.
                        let key = (x % 5000).wrapping_mul(0x2545_F491_4F6C_DD1D);
                        let score = (key % 2000) as Score - 1000;
                        let depth = (key >> 56) as u8;
                        let tag = (key >> 20) as u16;
                        tt.store(key, 0, score, depth, Bound::Exact, tag);
                        if let Some(e) = tt.probe(key, 0) {
                            seen += 1;
                            assert_eq!(e.score, score, "foreign score for key {key:x}");
                            assert_eq!(e.move_tag, tag, "foreign move for key {key:x}");
                        }
                    }
                    seen
                })
            })
            .collect();
        let seen: u64 = threads.into_iter().map(|h| h.join().unwrap()).sum();
        assert!(seen > 0);
    }
}
