//! The connection sets of recently judged positions, so that a child entered through an
//! expanded parent gets its sets by an update from the parent's instead of a build.
//!
//! The search carries the sets down only through first expansions (mark, update, undo); when
//! it comes back to an expanded node it has no sets there, and every new child below had its
//! sets built from scratch: 4,704 builds (a quarter of all instructions) on the 36 6×6
//! openings. Df-pn works near where it last worked, so the parent of a new child was mostly
//! judged a short while ago: its sets, kept here, are brought to the child one stone at a
//! time, exactly as on a first expansion.

use super::node::Sets;

/// Positions kept (direct-mapped by key): a set pair of 6×6 is some 100 KB, of 8×8 some
/// 300 KB.
const SLOTS: usize = 256;

#[derive(Default)]
pub struct SetsCache {
    slots: Vec<Option<(u64, Box<Sets>)>>,
}

impl SetsCache {
    fn at(&mut self, key: u64) -> &mut Option<(u64, Box<Sets>)> {
        if self.slots.is_empty() {
            self.slots.resize_with(SLOTS, || None);
        }
        &mut self.slots[(key as usize ^ (key >> 32) as usize) % SLOTS]
    }

    /// Keeps a copy of `sets`, the sets of the position with key `key` (`Hex::key`: the
    /// position itself, not its table slot, so a half-turned position never gets them).
    pub fn keep(&mut self, key: u64, sets: &Sets) {
        match self.at(key) {
            Some((k, kept)) => {
                *k = key;
                for (a, b) in kept.iter_mut().zip(sets.iter()) {
                    a.copy_from(b);
                }
            }
            slot => *slot = Some((key, Box::new(sets.clone()))),
        }
    }

    /// Takes out the sets of the position with key `key`, if kept; `put_back` returns them.
    pub fn take(&mut self, key: u64) -> Option<Box<Sets>> {
        let slot = self.at(key);
        match slot {
            Some((k, _)) if *k == key => slot.take().map(|(_, s)| s),
            _ => None,
        }
    }

    /// Returns sets taken out (brought back to their position) unless the slot was reused.
    pub fn put_back(&mut self, key: u64, sets: Box<Sets>) {
        let slot = self.at(key);
        if slot.is_none() {
            *slot = Some((key, sets));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{SetsCache, SLOTS};
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
        cache.keep(pos.key(), &sets);
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
        let kept = cache.take(key).expect("kept");
        assert_eq!(node(&kept), Some(c2 as u16));
        assert!(cache.take(key).is_none(), "taken out");
        cache.put_back(key, kept);
        assert!(cache.take(key).is_some(), "put back");
        // Another key in the same slot is not this one.
        let other = key ^ (SLOTS as u64);
        cache.keep(key, &sets);
        assert!(cache.take(other).is_none());
    }
}
