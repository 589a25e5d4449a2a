//! The connection sets of the tree's knowledge nodes, kept so that a node deeper down starts
//! from its nearest ancestor's sets brought up to date with the moves in between
//! (`VcSet::update`) instead of building both colours' sets from scratch: on 9×9 that is
//! about 1 ms for two moves against 4 ms for a build, and the knowledge step took almost half
//! of the search's time before.
//!
//! Sets are named by the moves that lead to their node from the tree's root, and they live as
//! long as the tree (`Tree::sets`): when `genmove` keeps the subtree of the moves played, the
//! sets below them are kept too, named from the new root (`descend`). Without that, every
//! knowledge node of the next search had no cached ancestor (the kept tree's nodes had had
//! theirs) and built its sets from scratch: on the 13×13 middle games of `bench hex-mcts` the
//! search after a kept tree spent two thirds of its time building. Knowledge comes to the
//! shallow nodes first (they reach the visit threshold first), so when the cache is full it
//! keeps what it has: those are the ancestors most nodes share.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::games::hex::board::{Board, BLACK, WHITE};
use crate::games::hex::vc::VcSet;

/// Both colours' sets of one position.
pub type Sets = [VcSet; 2];

/// An ancestor this many moves up or more is not worth updating from: each move costs about a
/// quarter of a fresh build.
const MAX_UPDATE_MOVES: usize = 4;

/// Memory the cache may fill, on top of the tree. A full cache takes no more, and a knowledge
/// node with no cached ancestor within reach builds its sets from scratch (about four updates'
/// cost): 48 MB held 57 9×9 positions, and a 2 s search in the middle game ran 10% fewer
/// playouts than with 192 MB (95,700 against 105,500, three runs each,
/// tournaments/results/hex-9-tree256-vs-wolve/). On 11×11 a position's sets take about 2 MB,
/// so 192 MB held some 100 positions, fewer than a 2 s search's knowledge nodes: six moves of
/// 100,000 playouts from an 11×11 middle game took 19.7 s of CPU with 192 MB, 16.0 s with
/// 512 MB, 12.6 s with 1 GB and 11.8 s with 2 GB (peak 1.1 GB of memory with 1 GB;
/// tournaments/results/hex-play-selfplay/sp-vc-cache-1g-11/). A cache this size is only
/// filled by long searches on large boards: it grows as sets are made.
pub const VC_CACHE_BYTES: usize = 1 << 30;

/// What one position's two sets take, per pair of nodes (cells + 2 edges): about 125 bytes
/// measured on 9×9, 70 on 13×13.
const VC_BYTES_PER_PAIR: usize = 128;

pub struct VcCache {
    sets: Mutex<HashMap<Vec<u16>, Arc<Sets>>>,
    /// Sets no longer named (dropped by `descend`, or made while the cache was full and given
    /// back by `recycle`), refilled by the next update instead of fresh memory: a 13×13 middle
    /// game's two sets take several megabytes, and copying into new pages cost about as much
    /// as the copy. With the named ones, at most the capacity.
    spare: Mutex<Vec<Sets>>,
    bytes: usize,
    /// How many positions' sets fit in `bytes` on the board last asked about.
    fits: AtomicUsize,
}

impl VcCache {
    /// A cache of at most about `bytes` of sets (at least four positions' whatever the board).
    pub fn new(bytes: usize) -> VcCache {
        VcCache {
            sets: Mutex::new(HashMap::new()),
            spare: Mutex::new(Vec::new()),
            bytes,
            fits: AtomicUsize::new(4),
        }
    }

    /// How many positions' sets of `board`'s size the cache holds (kept in `fits`).
    fn capacity(&self, board: &Board) -> usize {
        let fits = (self.bytes / (VC_BYTES_PER_PAIR * (board.size() + 2).pow(2))).max(4);
        self.fits.store(fits, Relaxed);
        fits
    }

    /// Forgets every set (their memory is kept for the next ones of the same size).
    pub fn clear(&mut self) {
        self.descend_where(|_| None);
    }

    /// Keeps the sets of the root's descendant through `moves` and of the nodes below it, named
    /// from that node (the tree's new root); forgets the others.
    pub fn descend(&mut self, moves: &[u16]) {
        self.descend_where(|path| path.strip_prefix(moves).map(|rest| rest.to_vec()));
    }

    /// Renames each set by `rename`, or forgets it (`None`), keeping its memory as a spare.
    fn descend_where(&mut self, rename: impl Fn(&[u16]) -> Option<Vec<u16>>) {
        let old = std::mem::take(self.sets.get_mut());
        let mut kept = HashMap::new();
        for (path, s) in old {
            match rename(&path) {
                Some(p) => {
                    kept.insert(p, s);
                }
                None => self.recycle(s),
            }
        }
        *self.sets.get_mut() = kept;
    }

    /// Takes back sets that `sets` gave and nothing else holds (they were not kept: the cache
    /// was full), to refill for a later node.
    pub fn recycle(&self, sets: Arc<Sets>) {
        let Ok(sets) = Arc::try_unwrap(sets) else {
            return;
        };
        let named = self.sets.lock().len();
        let mut spare = self.spare.lock();
        if named + spare.len() < self.fits.load(Relaxed) {
            spare.push(sets);
        }
    }

    /// How many positions' sets are kept.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.sets.lock().len()
    }

    /// The sets of the position `board` (`root` plus the stones of `moves`, colours
    /// alternating from `to_move` at the root), from the nearest cached ancestor when one is
    /// close, else built; kept for the nodes below.
    pub fn sets(&self, root: &Board, root_to_move: u8, moves: &[u16], board: &Board) -> Arc<Sets> {
        let start = moves.len().saturating_sub(MAX_UPDATE_MOVES);
        let found = {
            let map = self.sets.lock();
            (start..=moves.len())
                .rev()
                .find_map(|d| map.get(&moves[..d]).map(|s| (d, s.clone())))
        };
        let sets = match found {
            Some((d, s)) if d == moves.len() => return s,
            Some((d, s)) => {
                let spare = self.spare.lock().pop();
                let mut sets: Sets = match spare {
                    Some(mut x) => {
                        x[0].copy_from(&s[0]);
                        x[1].copy_from(&s[1]);
                        x
                    }
                    None => (*s).clone(),
                };
                let mut b = *root;
                for (i, &m) in moves.iter().enumerate() {
                    let colour = if i % 2 == 0 {
                        root_to_move
                    } else {
                        1 - root_to_move
                    };
                    b.place(colour, m as usize);
                    if i >= d {
                        // One stone at a time: `update` needs the chains as they grew.
                        sets[0].update(&b);
                        sets[1].update(&b);
                    }
                }
                debug_assert!(b == *board);
                sets
            }
            None => [VcSet::build(board, BLACK), VcSet::build(board, WHITE)],
        };
        let sets = Arc::new(sets);
        let mut map = self.sets.lock();
        if map.len() < self.capacity(board) {
            map.insert(moves.to_vec(), sets.clone());
        }
        sets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::board::Cells;
    use crate::games::hex::player::test_board as board;
    use crate::games::hex::vc::{must_play, Outlook, Semi};

    /// What the sets say of the position: who is connected and the must-play region.
    fn verdict(s: &Sets, board: &Board, to_move: u8) -> String {
        let me = to_move as usize;
        match must_play(&s[me], &s[1 - me], &board.empty_cells()) {
            Outlook::Won(_) => "won".into(),
            Outlook::Lost(_) => "lost".into(),
            Outlook::MustPlay(m) => format!("{:?}", m.iter().collect::<Vec<_>>()),
        }
    }

    #[test]
    fn updated_sets_judge_a_position_as_fresh_ones_do() {
        let root = board(6, &["c3"], &["d3"]);
        let cache = VcCache::new(1 << 30);
        let line: Vec<u16> = ["c4", "d2", "b5", "e4"]
            .iter()
            .map(|s| root.parse_cell(s).unwrap() as u16)
            .collect();
        // The root's sets go in first, then each deeper node is updated from an ancestor.
        let mut b = root;
        for d in 0..=line.len() {
            if d > 0 {
                let colour = if d % 2 == 1 { BLACK } else { WHITE };
                b.place(colour, line[d - 1] as usize);
            }
            let to_move = if d % 2 == 0 { BLACK } else { WHITE };
            let cached = cache.sets(&root, BLACK, &line[..d], &b);
            let fresh = [VcSet::build(&b, BLACK), VcSet::build(&b, WHITE)];
            assert_eq!(
                verdict(&cached, &b, to_move),
                verdict(&fresh, &b, to_move),
                "after {d} moves"
            );
        }
    }

    /// The stones of `line` on `root`, colours alternating from Black.
    fn after(root: &Board, line: &[u16]) -> Board {
        let mut b = *root;
        for (i, &c) in line.iter().enumerate() {
            b.place(if i % 2 == 0 { BLACK } else { WHITE }, c as usize);
        }
        b
    }

    fn fresh(b: &Board) -> Sets {
        [VcSet::build(b, BLACK), VcSet::build(b, WHITE)]
    }

    #[test]
    fn descending_keeps_the_sets_below_the_new_root_under_their_new_names() {
        let root = board(6, &["c3"], &["d3"]);
        let mut cache = VcCache::new(1 << 30);
        let cell = |s: &str| root.parse_cell(s).unwrap() as u16;
        let (a, b, c, x) = (cell("c4"), cell("d2"), cell("b5"), cell("e4"));
        for path in [vec![], vec![a], vec![a, b], vec![a, b, c], vec![x]] {
            cache.sets(&root, BLACK, &path, &after(&root, &path));
        }
        cache.descend(&[a, b]);
        // Kept: the new root and its child c; gone: the old root, a, and x's line.
        assert_eq!(cache.len(), 2);
        let new_root = after(&root, &[a, b]);
        let map = cache.sets.lock();
        assert!(map.contains_key(&vec![]) && map.contains_key(&vec![c]));
        drop(map);
        // The kept sets are the positions their new names say.
        let mut below = new_root;
        below.place(BLACK, c as usize);
        let s = cache.sets(&new_root, BLACK, &[c], &below);
        assert_eq!(
            verdict(&s, &below, WHITE),
            verdict(&fresh(&below), &below, WHITE)
        );
        let s = cache.sets(&new_root, BLACK, &[], &new_root);
        assert_eq!(
            verdict(&s, &new_root, BLACK),
            verdict(&fresh(&new_root), &new_root, BLACK)
        );
        cache.clear();
        assert_eq!(cache.len(), 0);
    }

    /// Every node pair's connections, for comparing two sets exactly.
    fn connections(s: &VcSet, b: &Board) -> Vec<(Vec<Cells>, Vec<Semi>)> {
        let n = (b.size() + 2) as u16;
        let mut all = Vec::new();
        for x in 0..n {
            for y in x + 1..n {
                all.push((s.fulls(x, y), s.semis(x, y)));
            }
        }
        all
    }

    #[test]
    fn a_refilled_spare_is_the_set_it_copies_and_updates_alike() {
        let x = board(6, &["c3", "e2"], &["d3"]);
        let y = board(6, &["a1", "b2", "e5", "c6"], &["f6", "a6"]);
        let orig = fresh(&x);
        let mut spare = fresh(&y);
        spare[0].copy_from(&orig[0]);
        spare[1].copy_from(&orig[1]);
        let mut cloned = orig.clone();
        let mut b = x;
        b.place(BLACK, b.parse_cell("c4").unwrap());
        for s in [&mut spare, &mut cloned] {
            s[0].update(&b);
            s[1].update(&b);
        }
        for c in 0..2 {
            assert_eq!(connections(&spare[c], &b), connections(&cloned[c], &b));
            assert_eq!(spare[c].color(), cloned[c].color());
        }
        assert!(!connections(&spare[0], &b)
            .iter()
            .all(|(f, s)| f.is_empty() && s.is_empty()));
    }

    #[test]
    fn a_full_cache_still_answers_and_takes_back_what_it_did_not_keep() {
        let root = board(5, &[], &[]);
        let cache = VcCache::new(0);
        let line: Vec<u16> = ["c3", "b3", "c2", "d1", "b4", "a5", "e1", "d4"]
            .iter()
            .map(|s| root.parse_cell(s).unwrap() as u16)
            .collect();
        for d in 0..=line.len() {
            let b = after(&root, &line[..d]);
            let s = cache.sets(&root, BLACK, &line[..d], &b);
            let to_move = if d % 2 == 0 { BLACK } else { WHITE };
            assert_eq!(verdict(&s, &b, to_move), verdict(&fresh(&b), &b, to_move));
            cache.recycle(s);
            // The four named and at most no more spares than the capacity leaves.
            assert!(cache.len() + cache.spare.lock().len() <= 4);
        }
        assert_eq!(cache.len(), 4);
        // Past the capacity each node's sets came from an ancestor (four moves up at most)
        // into a spare, and went back.
        let mut c = cache;
        c.clear();
        assert_eq!(c.len(), 0);
        assert_eq!(c.spare.lock().len(), 4, "the named sets' memory is kept");
    }
}
