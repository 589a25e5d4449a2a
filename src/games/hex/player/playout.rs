//! Monte-Carlo playouts: the rest of the board filled at random, except that an intrusion into
//! one of the mover's bridges is answered at once in the bridge's other cell (MoHex's
//! "bridge saving" rule; without it random play cuts every bridge and the statistics mean
//! little). Hex cannot end in a draw and a full board has exactly one winner, so a playout
//! fills every cell and looks for the winner once, at the end.

use rand::rngs::SmallRng;
use rand::Rng;

use crate::games::hex::board::{Board, BLACK, WHITE};
use crate::games::hex::groups::MAX_CELLS;

/// A cell's colour in a playout: `BLACK`, `WHITE`, or this.
pub const EMPTY: u8 = 2;
/// What the entry beyond a corner holds: nobody's.
const NOBODY: u8 = EMPTY + 1;
/// Ring entries beyond the board point past the cells, at entries of `Playout::colour` that
/// hold the edge's colour (or nobody's beyond a corner) for good: a ring entry's owner is then
/// one load, with no test for the edge.
const EDGE: [u16; 2] = [MAX_CELLS as u16, MAX_CELLS as u16 + 1];
const NOWHERE: u16 = MAX_CELLS as u16 + 2;
/// Cells plus the three entries beyond the board.
const ENTRIES: usize = MAX_CELLS + 3;

/// The board's shape, computed once per search: each cell's six ring neighbours in order
/// (consecutive entries touch each other), with off-board entries naming the edge there.
pub struct Geometry {
    width: usize,
    height: usize,
    ring: Vec<[u16; 6]>,
}

impl Geometry {
    pub fn new(board: &Board) -> Geometry {
        let (w, h) = (board.width() as i32, board.height() as i32);
        // The same ring order as `Board::neighbours`.
        const RING: [(i32, i32); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];
        let ring = (0..board.size())
            .map(|c| {
                let (x, y) = ((c as i32) % w, (c as i32) / w);
                RING.map(|(dx, dy)| {
                    let (nx, ny) = (x + dx, y + dy);
                    match (nx < 0 || nx >= w, ny < 0 || ny >= h) {
                        (false, false) => (ny * w + nx) as u16,
                        // Black joins top and bottom, White left and right.
                        (false, true) => EDGE[BLACK as usize],
                        (true, false) => EDGE[WHITE as usize],
                        (true, true) => NOWHERE,
                    }
                })
            })
            .collect();
        Geometry {
            width: w as usize,
            height: h as usize,
            ring,
        }
    }

    pub fn size(&self) -> usize {
        self.width * self.height
    }
}

/// One playout's board: colours by cell and the empty cells in a list that removes in O(1).
pub struct Playout {
    /// Colours by cell; past the cells, the edges' entries (`EDGE`, `NOWHERE`).
    pub colour: [u8; ENTRIES],
    empties: Vec<u16>,
    /// Where each empty cell sits in `empties`.
    slot: [u16; MAX_CELLS],
    stack: Vec<u16>,
}

impl Default for Playout {
    fn default() -> Self {
        let mut colour = [EMPTY; ENTRIES];
        colour[EDGE[BLACK as usize] as usize] = BLACK;
        colour[EDGE[WHITE as usize] as usize] = WHITE;
        colour[NOWHERE as usize] = NOBODY;
        Playout {
            colour,
            empties: Vec::with_capacity(MAX_CELLS),
            slot: [0; MAX_CELLS],
            stack: Vec::with_capacity(MAX_CELLS),
        }
    }
}

impl Playout {
    /// Plays the game out from `board` with `to_move` to play and `last` the opponent's last
    /// move (whose bridge intrusions we answer first); returns the winner. `colour` then holds
    /// the full board, which is what all-moves-as-first statistics read.
    pub fn run(
        &mut self,
        geo: &Geometry,
        board: &Board,
        mut to_move: u8,
        mut last: Option<usize>,
        rng: &mut SmallRng,
    ) -> u8 {
        self.empties.clear();
        for c in 0..geo.size() {
            self.colour[c] = board.color_at(c).unwrap_or(EMPTY);
            if self.colour[c] == EMPTY {
                self.slot[c] = self.empties.len() as u16;
                self.empties.push(c as u16);
            }
        }
        while !self.empties.is_empty() {
            let cell = match last.and_then(|l| self.bridge_answer(geo, l, to_move, rng)) {
                Some(c) => c,
                None => self.empties[rng.gen_range(0..self.empties.len())] as usize,
            };
            self.take(cell, to_move);
            last = Some(cell);
            to_move = 1 - to_move;
        }
        self.winner(geo)
    }

    /// A cell that restores a bridge of `me` that the stone at `intruder` has just entered:
    /// an empty ring neighbour of the intruder whose two flanking ring neighbours are both
    /// `me`'s (stones or edge). One at random when there are several (the `k`-th in ring
    /// order for a draw of `k`).
    fn bridge_answer(
        &self,
        geo: &Geometry,
        intruder: usize,
        me: u8,
        rng: &mut SmallRng,
    ) -> Option<usize> {
        let ring = &geo.ring[intruder];
        // Bit i: ring entry i is empty, or `me`'s.
        let (mut empty, mut mine) = (0u32, 0u32);
        for (i, &e) in ring.iter().enumerate() {
            let c = self.colour[e as usize];
            empty |= ((c == EMPTY) as u32) << i;
            mine |= ((c == me) as u32) << i;
        }
        // Entry i with both neighbours i - 1 and i + 1 (around the ring) `me`'s.
        let flanked = ((mine << 1) | (mine >> 5)) & ((mine >> 1) | (mine << 5));
        let mut found = empty & flanked & 0x3F;
        match found.count_ones() {
            0 => None,
            1 => Some(ring[found.trailing_zeros() as usize] as usize),
            n => {
                for _ in 0..rng.gen_range(0..n as usize) {
                    found &= found - 1;
                }
                Some(ring[found.trailing_zeros() as usize] as usize)
            }
        }
    }

    fn take(&mut self, cell: usize, colour: u8) {
        self.colour[cell] = colour;
        let at = self.slot[cell] as usize;
        self.empties.swap_remove(at);
        if let Some(&back) = self.empties.get(at) {
            // The former last entry took the freed slot.
            self.slot[back as usize] = at as u16;
        }
    }

    /// Who connects on the full board: Black if a black chain joins top and bottom.
    fn winner(&mut self, geo: &Geometry) -> u8 {
        // The entries beyond the board count as seen: the fill stays on the cells.
        let mut seen = [false; ENTRIES];
        seen[MAX_CELLS..].fill(true);
        self.stack.clear();
        for (x, seen) in seen.iter_mut().enumerate().take(geo.width) {
            if self.colour[x] == BLACK {
                *seen = true;
                self.stack.push(x as u16);
            }
        }
        let bottom = geo.width * (geo.height - 1);
        while let Some(c) = self.stack.pop() {
            let c = c as usize;
            if c >= bottom {
                return BLACK;
            }
            for &n in &geo.ring[c] {
                let n = n as usize;
                if !seen[n] && self.colour[n] == BLACK {
                    seen[n] = true;
                    self.stack.push(n as u16);
                }
            }
        }
        WHITE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::player::test_board as board;
    use rand::SeedableRng;

    #[test]
    fn a_full_board_has_the_winner_the_board_finds() {
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [1, 2, 3, 5, 8] {
            let empty = Board::new(size, size).unwrap();
            let geo = Geometry::new(&empty);
            let mut p = Playout::default();
            for _ in 0..50 {
                let w = p.run(&geo, &empty, BLACK, None, &mut rng);
                let mut full = empty;
                for c in 0..size * size {
                    assert_ne!(p.colour[c], EMPTY, "every cell is filled");
                    full.place(p.colour[c], c);
                }
                assert_eq!(full.winner(), Some(w));
            }
        }
    }

    #[test]
    fn playouts_alternate_colours_from_the_side_to_move() {
        let mut rng = SmallRng::seed_from_u64(1);
        let b = board(4, &["b2"], &[]);
        let geo = Geometry::new(&b);
        let mut p = Playout::default();
        p.run(&geo, &b, WHITE, None, &mut rng);
        let blacks = p.colour[..16].iter().filter(|&&c| c == BLACK).count();
        // b2 plus 7 of the 15 others (White moved first, so White has 8).
        assert_eq!(blacks, 8);
    }

    #[test]
    fn an_intrusion_into_a_bridge_is_answered_in_its_other_cell() {
        // Black b2 and c3 are bridged through c2 and b3; White intrudes at c2.
        let b = board(5, &["b2", "c3"], &["c2"]);
        let geo = Geometry::new(&b);
        let mut p = Playout::default();
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..20 {
            p.run(&geo, &b, BLACK, b.parse_cell("c2"), &mut rng);
            assert_eq!(p.colour[b.parse_cell("b3").unwrap()], BLACK);
        }
    }

    #[test]
    fn each_of_several_bridge_answers_is_drawn() {
        // White c3 enters three black bridges at once (Black d2, c4 and b3 around it): the
        // answer is one of their other cells d3, b4 and c2, each of them in some draws;
        // White has no bridge there to answer for.
        let b = board(5, &["d2", "c4", "b3"], &["c3"]);
        let geo = Geometry::new(&b);
        let mut p = Playout::default();
        for c in 0..b.size() {
            p.colour[c] = b.color_at(c).unwrap_or(EMPTY);
        }
        let mut rng = SmallRng::seed_from_u64(8);
        let intruder = b.parse_cell("c3").unwrap();
        let mut answers: Vec<String> = (0..60)
            .map(|_| p.bridge_answer(&geo, intruder, BLACK, &mut rng).unwrap())
            .map(|c| b.cell_name(c))
            .collect();
        answers.sort();
        answers.dedup();
        assert_eq!(answers, ["b4", "c2", "d3"]);
        assert_eq!(p.bridge_answer(&geo, intruder, WHITE, &mut rng), None);
    }

    #[test]
    fn an_intrusion_into_an_edge_template_is_answered() {
        // Black c2 reaches the top through c1 and d1; White takes d1, Black answers c1.
        let b = board(5, &["c2"], &["d1"]);
        let geo = Geometry::new(&b);
        let mut p = Playout::default();
        let mut rng = SmallRng::seed_from_u64(5);
        for _ in 0..20 {
            p.run(&geo, &b, BLACK, b.parse_cell("d1"), &mut rng);
            assert_eq!(p.colour[b.parse_cell("c1").unwrap()], BLACK);
        }
    }
}
