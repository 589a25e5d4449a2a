//! The connection sets of recently judged positions, so that a child entered through an
//! expanded parent gets its sets by an update from the parent's instead of a build.
//!
//! The search carries the sets down only through first expansions (mark, update, undo); when
//! it comes back to an expanded node it has no sets there, and every new child below had its
//! sets built from scratch: 4,704 builds (a quarter of all instructions) on the 36 6×6
//! openings. Df-pn works near where it last worked, so the parent of a new child was mostly
//! judged a short while ago: its sets, kept here, are brought to the child one stone at a
//! time, exactly as on a first expansion. Positions near the root are entered most often, so
//! they are the last to go.

use super::node::Sets;

/// Positions kept: a set pair of 6×6 is some 100 KB, of 8×8 some 300 KB.
const SLOTS: usize = 256;
/// Slots a key may use (`SLOTS / WAYS` groups).
const WAYS: usize = 4;

struct Entry {
    key: u64,
    /// Stones on the board: a position near the root (few stones) is entered again and again
    /// by the search, a deep one seldom, so the deepest of a group goes first.
    stones: usize,
    /// When it was kept (the older of two equally deep entries goes first).
    tick: u64,
    sets: Box<Sets>,
}

#[derive(Default)]
pub struct SetsCache {
    slots: Vec<Option<Entry>>,
    tick: u64,
}

impl SetsCache {
    /// The group of slots `key` may use.
    fn group(&mut self, key: u64) -> &mut [Option<Entry>] {
        if self.slots.is_empty() {
            self.slots.resize_with(SLOTS, || None);
        }
        let g = (key as usize ^ (key >> 32) as usize) % (SLOTS / WAYS);
        &mut self.slots[g * WAYS..(g + 1) * WAYS]
    }

    /// The slot of `key`'s group for a new entry: the key's own or an empty one, else the
    /// deepest (then oldest) entry's.
    fn slot_for(group: &[Option<Entry>], key: u64) -> usize {
        group
            .iter()
            .position(|e| e.as_ref().is_none_or(|e| e.key == key))
            .unwrap_or_else(|| {
                let rank = |e: &Option<Entry>| e.as_ref().map(|e| (e.stones, u64::MAX - e.tick));
                (0..group.len()).max_by_key(|&i| rank(&group[i])).unwrap_or(0)
            })
    }

    /// Keeps a copy of `sets`, the sets of the position with key `key` (`Hex::key`: the
    /// position itself, not its table slot, so a half-turned position never gets them) and
    /// `stones` stones.
    pub fn keep(&mut self, key: u64, stones: usize, sets: &Sets) {
        self.tick += 1;
        let tick = self.tick;
        let group = self.group(key);
        let at = Self::slot_for(group, key);
        match &mut group[at] {
            Some(e) => {
                e.key = key;
                e.stones = stones;
                e.tick = tick;
                for (a, b) in e.sets.iter_mut().zip(sets.iter()) {
                    a.copy_block_from(b);
                }
            }
            slot => {
                *slot = Some(Entry {
                    key,
                    stones,
                    tick,
                    sets: Box::new(sets.clone()),
                })
            }
        }
    }

    /// Takes out the sets of the position with key `key`, if kept, with its stone count;
    /// `put_back` returns them.
    pub fn take(&mut self, key: u64) -> Option<(usize, Box<Sets>)> {
        let group = self.group(key);
        let at = group
            .iter()
            .position(|e| e.as_ref().is_some_and(|e| e.key == key))?;
        group[at].take().map(|e| (e.stones, e.sets))
    }

    /// Returns sets taken out (brought back to their position), as just kept.
    pub fn put_back(&mut self, key: u64, stones: usize, sets: Box<Sets>) {
        self.tick += 1;
        let tick = self.tick;
        let group = self.group(key);
        let at = Self::slot_for(group, key);
        group[at] = Some(Entry {
            key,
            stones,
            tick,
            sets,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{SetsCache, SLOTS, WAYS};
    use crate::games::hex::position::Hex;
    use crate::games::hex::solver::node::build_sets;

    #[test]
    fn kept_sets_are_a_copy_taken_once_and_put_back() {
        let mut pos = Hex::new(5, 5).expect("5x5");
        let sets = build_sets(&pos);
        // Black's node at c2: the cell itself while empty, none once White holds it.
        let c2 = pos.board().parse_cell("c2").expect("cell");
        let node = |s: &super::Sets| s[0].node_of(c2);
        let mut cache = SetsCache::default();
        cache.keep(pos.key(), 0, &sets);
        // The original moves on; the kept copy does not.
        let mut moved = sets.clone();
        for c in ["c1", "c2", "c3", "c4", "c5"] {
            let cell = pos.board().parse_cell(c).expect("cell");
            pos.play_cell(cell);
            let board = *pos.board();
            for v in moved.iter_mut() {
                v.update(&board);
            }
        }
        assert_eq!(node(&moved), None);
        assert_eq!(node(&sets), Some(c2 as u16));
        let key = Hex::new(5, 5).expect("5x5").key();
        let (stones, kept) = cache.take(key).expect("kept");
        assert_eq!(stones, 0);
        assert_eq!(node(&kept), Some(c2 as u16));
        assert!(cache.take(key).is_none(), "taken out");
        cache.put_back(key, 0, kept);
        assert!(cache.take(key).is_some(), "put back");
        cache.keep(key, 0, &sets);
        // Another key of the same group is not this one; a full group gives up its deepest
        // entry first, then its oldest.
        let same_group = |i: u64| key ^ ((SLOTS / WAYS) as u64 * i);
        assert!(cache.take(same_group(1)).is_none());
        for i in 1..WAYS as u64 {
            cache.keep(same_group(i), 5, &sets);
        }
        cache.keep(same_group(9), 7, &sets);
        assert!(cache.take(key).is_some(), "the shallowest stays");
        assert!(cache.take(same_group(1)).is_none(), "the oldest of the deepest went");
        assert!(cache.take(same_group(2)).is_some());
        assert!(cache.take(same_group(9)).is_some());
    }
}
