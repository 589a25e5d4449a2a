//! The order in which the endgame database builds a layer: by the seeds' total distance to their
//! side's store, so that every child a board has in its own layer is already known when the
//! board is evaluated.
//!
//! A move that puts no seed into a store keeps every seed on the mover's side and moves the
//! sown ones towards the store: `k` seeds sown from a pit lower the total distance by
//! `k (k + 1) / 2`. So the boards of one distance have no children among themselves, and a layer
//! walked class by class (lowest distance first) needs no recursion: each class is one flat,
//! prefetched walk that any number of threads can share. Walked in rank order instead, a child
//! that came after its parent was evaluated depth first, one board's look-ups at a time: the
//! 25-seed database took 142.7 s on two threads that way, 83.8-95.5 s this way
//! (kalah-distance-order-43).
//!
//! A board is its two halves (each side's pits); a half's distance and rank among the halves of
//! its seeds are tabled once. The boards with mover's half `a` fill one run of ranks, in the
//! order of the other half's rank, so a board's rank is `a`'s base plus that rank.

use std::ops::Range;

/// Boards a piece of work ([`Piece`]) holds at most (unless one half alone has more partners):
/// small enough that two threads finish a class together, large enough that taking a piece
/// (an atomic add) costs nothing.
const PIECE_BOARDS: usize = 1 << 14;

/// One side's pits: bytes `0..m` of a `u64`, as in the board's halves.
pub(super) type Half = u64;

/// Every half with at most `max_seeds` seeds, by seeds and distance, each with its rank among
/// the halves of its seeds (lexicographic, as [`super::endgame`] ranks whole boards).
pub(super) struct Halves {
    m: usize,
    /// `lists[t][w]`: the halves of `t` seeds whose seeds' distances sum to `w`, in rank order.
    lists: Vec<Vec<Vec<(Half, u32)>>>,
}

/// A run of boards of one distance class: the mover's halves `a` (indices into the list of
/// `mine` seeds and distance `mine_distance`) with every other half of the class's remaining
/// seeds and distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Piece {
    pub mine: u32,
    pub mine_distance: u32,
    pub theirs_distance: u32,
    pub a: Range<usize>,
}

impl Halves {
    pub fn new(m: usize, max_seeds: u32) -> Halves {
        let mut lists = Vec::new();
        for t in 0..=max_seeds {
            let mut by_distance = vec![Vec::new(); (t as usize) * m + 1];
            let mut rank = 0u32;
            each_half(m, t, &mut |h| {
                by_distance[distance(h, m) as usize].push((h, rank));
                rank += 1;
            });
            lists.push(by_distance);
        }
        Halves { m, lists }
    }

    /// The halves of `t` seeds at distance `w`, in rank order (none if there are none).
    pub fn of(&self, t: u32, w: u32) -> &[(Half, u32)] {
        self.lists
            .get(t as usize)
            .and_then(|l| l.get(w as usize))
            .map_or(&[], Vec::as_slice)
    }

    /// The distances a layer of `s` seeds spans, lowest first.
    pub fn classes(&self, s: u32) -> Range<u32> {
        s..s * self.m as u32 + 1
    }

    /// The pieces of layer `s`'s class `d`, which together hold each of its boards once.
    pub fn pieces(&self, s: u32, d: u32) -> Vec<Piece> {
        let m = self.m as u32;
        let mut out = Vec::new();
        for mine in 0..=s {
            let theirs = s - mine;
            for mine_distance in mine..=(mine * m).min(d) {
                let theirs_distance = d - mine_distance;
                let (a, b) = (
                    self.of(mine, mine_distance).len(),
                    self.of(theirs, theirs_distance).len(),
                );
                if a == 0 || b == 0 {
                    continue;
                }
                let step = (PIECE_BOARDS / b).max(1);
                for first in (0..a).step_by(step) {
                    out.push(Piece {
                        mine,
                        mine_distance,
                        theirs_distance,
                        a: first..(first + step).min(a),
                    });
                }
            }
        }
        out
    }
}

/// The total distance of a half's seeds to its store (pit `i` of `m` lies `m - i` away).
pub(super) fn distance(h: Half, m: usize) -> u32 {
    (0..m)
        .map(|i| (h >> (8 * i)) as u8 as u32 * (m - i) as u32)
        .sum()
}

/// Calls `f` with every half of `t` seeds in `m` pits, in lexicographic (rank) order.
fn each_half(m: usize, t: u32, f: &mut impl FnMut(Half)) {
    fn rest(h: Half, i: usize, m: usize, left: u32, f: &mut impl FnMut(Half)) {
        if i == m - 1 {
            f(h | (left as u64) << (8 * i));
            return;
        }
        for x in 0..=left {
            rest(h | (x as u64) << (8 * i), i + 1, m, left - x, f);
        }
    }
    rest(0, 0, m, t, f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kalah::board::{Board, Rules};

    fn layer_boards(h: &Halves, s: u32) -> Vec<(u32, Board)> {
        let mut out = Vec::new();
        for d in h.classes(s) {
            for p in h.pieces(s, d) {
                for &(a, _) in &h.of(p.mine, p.mine_distance)[p.a.clone()] {
                    for &(b, _) in h.of(s - p.mine, p.theirs_distance) {
                        out.push((d, Board(a as u128 | (b as u128) << 64)));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_classes_hold_each_board_once_and_its_same_layer_children_in_lower_classes() {
        for (m, most) in [(1, 8), (2, 7), (3, 6), (4, 6), (6, 6)] {
            let h = Halves::new(m, most);
            for s in 0..=most {
                let boards = layer_boards(&h, s);
                let mut seen: Vec<Board> = boards.iter().map(|&(_, b)| b).collect();
                seen.sort();
                seen.dedup();
                assert_eq!(
                    seen.len(),
                    boards.len(),
                    "{m} pits, {s} seeds: a board twice"
                );
                let compositions = (1..2 * m as u64).fold(1u64, |c, k| c * (s as u64 + k) / k);
                assert_eq!(boards.len() as u64, compositions, "{m} pits, {s} seeds");
                for empty_capture in [false, true] {
                    let rules = Rules {
                        pits: m,
                        empty_capture,
                    };
                    for &(d, b) in &boards {
                        assert_eq!(d, distance(b.0 as u64, m) + distance((b.0 >> 64) as u64, m));
                        if b.is_over() {
                            continue;
                        }
                        for (_, c) in b.moves(rules).filter(|(_, c)| c.gain == 0) {
                            let cd = distance(c.board.0 as u64, m)
                                + distance((c.board.0 >> 64) as u64, m);
                            assert!(cd < d, "{b:?} -> {c:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn halves_are_ranked_in_lexicographic_order() {
        let h = Halves::new(3, 4);
        let mut all: Vec<(u32, Half)> = (0..=12)
            .flat_map(|w| h.of(4, w).iter().map(|&(x, r)| (r, x)))
            .collect();
        all.sort();
        let pits = |x: Half| [x as u8, (x >> 8) as u8, (x >> 16) as u8];
        assert_eq!(all.len(), 15);
        assert_eq!(pits(all[0].1), [0, 0, 4]);
        assert_eq!(pits(all[1].1), [0, 1, 3]);
        assert_eq!(pits(all[14].1), [4, 0, 0]);
        assert!(all.windows(2).all(|w| pits(w[0].1) < pits(w[1].1)));
        assert!(all.iter().enumerate().all(|(i, &(r, _))| r == i as u32));
    }
}
