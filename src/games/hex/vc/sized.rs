//! The connection set in the fewest words the board needs.
//!
//! The H-search's inner loops are set operations on carriers (subset tests, unions,
//! intersections), and the solver copies both colours' carrier lists at every position it
//! judges; a carrier of the largest board is six words. `VcSet` picks the engine (`set::Engine`)
//! whose carriers have one word (up to 64 cells: 8×8), two (up to 128: 11×11), three (up to 192:
//! 13×13, where six words cost the tree search 12-25 % more instructions) or six, and gives
//! its answers as `Cells` of any board, so nothing above `vc/` sees the width. Node sets
//! (`full_nbs`) stay wide: an edge's node number is beyond the cells.

use super::super::board::{Bits, Board, Cells};
use super::list::Semi;
use super::set::Engine;

/// One colour's virtual connections (see `set` for the rules).
#[derive(Clone)]
pub enum VcSet {
    One(Engine<1>),
    Two(Engine<2>),
    Three(Engine<3>),
    Wide(Engine<{ super::super::board::WORDS }>),
}

/// Runs `$body` with `$e` bound to the engine, whatever its width.
macro_rules! each {
    ($set:expr, $e:ident => $body:expr) => {
        match $set {
            VcSet::One($e) => $body,
            VcSet::Two($e) => $body,
            VcSet::Three($e) => $body,
            VcSet::Wide($e) => $body,
        }
    };
}

fn wide<const W: usize>(s: &Semi<W>) -> Semi {
    Semi {
        carrier: s.carrier.widen(),
        key: s.key,
    }
}

impl VcSet {
    /// Builds `color`'s connections on `board` from scratch, in the narrowest width that holds
    /// its cells.
    pub fn build(board: &Board, color: u8) -> VcSet {
        Self::build_with_pairs(board, color, false)
    }

    /// `build`, with captured pairs in the AND and OR rules if `pairs` (`Engine::build_with_pairs`).
    pub fn build_with_pairs(board: &Board, color: u8, pairs: bool) -> VcSet {
        let cells = board.size();
        if cells <= Bits::<1>::CAPACITY {
            VcSet::One(Engine::build_with_pairs(board, color, pairs))
        } else if cells <= Bits::<2>::CAPACITY {
            VcSet::Two(Engine::build_with_pairs(board, color, pairs))
        } else if cells <= Bits::<3>::CAPACITY {
            VcSet::Three(Engine::build_with_pairs(board, color, pairs))
        } else {
            VcSet::Wide(Engine::build_with_pairs(board, color, pairs))
        }
    }

    /// Makes this set a copy of `other`, in the memory it already holds when both have the
    /// same width (the connection cache's spare sets); the answers are `other.clone()`'s.
    pub fn copy_from(&mut self, other: &VcSet) {
        match (self, other) {
            (VcSet::One(a), VcSet::One(b)) => a.copy_from(b),
            (VcSet::Two(a), VcSet::Two(b)) => a.copy_from(b),
            (VcSet::Three(a), VcSet::Three(b)) => a.copy_from(b),
            (VcSet::Wide(a), VcSet::Wide(b)) => a.copy_from(b),
            (a, b) => *a = b.clone(),
        }
    }

    /// The colour whose connections these are.
    pub fn color(&self) -> u8 {
        each!(self, e => e.color)
    }

    /// Carrier words per connection (1, 2, 3 or 6): what the board's size chose.
    pub fn words(&self) -> usize {
        match self {
            VcSet::One(_) => 1,
            VcSet::Two(_) => 2,
            VcSet::Three(_) => 3,
            VcSet::Wide(_) => super::super::board::WORDS,
        }
    }

    /// The node of a cell (`None` for an opponent stone).
    pub fn node_of(&self, cell: usize) -> Option<u16> {
        each!(self, e => e.node_of(cell))
    }

    /// The node of edge 0 (top/left) or 1 (bottom/right).
    pub fn edge_node(&self, i: usize) -> u16 {
        each!(self, e => e.edge_node(i))
    }

    /// The full connections' carriers between two nodes, smallest first.
    pub fn fulls(&self, x: u16, y: u16) -> Vec<Cells> {
        each!(self, e => e.fulls(x, y).iter().map(|c| c.widen()).collect())
    }

    /// The semi connections between two nodes, smallest carrier first.
    pub fn semis(&self, x: u16, y: u16) -> Vec<Semi> {
        each!(self, e => e.semis(x, y).iter().map(wide).collect())
    }

    /// A full edge-to-edge connection's carrier (the smallest), if there is one.
    pub fn winning(&self) -> Option<Cells> {
        each!(self, e => e.winning().map(|c| c.widen()))
    }

    /// The smallest edge-to-edge semi connection, if there is one.
    pub fn first_edge_semi(&self) -> Option<Semi> {
        each!(self, e => e.edge_semis().first().map(wide))
    }

    /// The cells of `within` inside every edge-to-edge semi connection's carrier.
    pub fn edge_semi_intersection(&self, within: &Cells) -> Cells {
        each!(self, e => e
            .edge_semis()
            .iter()
            .fold(Bits::narrow(within), |acc, s| acc.and(&s.carrier))
            .widen())
    }

    /// Updates the set after a stone of `color` at `cell`; `board` is the board with it.
    pub fn play(&mut self, board: &Board, color: u8, cell: usize) {
        each!(self, e => e.play(board, color, cell))
    }

    /// Brings the set from its board to `board` (which must hold every stone it had).
    pub fn update(&mut self, board: &Board) {
        each!(self, e => e.update(board))
    }

    /// Opens a mark that `undo` returns to (marks nest): the undo log that spares the solver
    /// a copy of the whole set at every child.
    pub fn mark(&mut self) {
        each!(self, e => e.mark())
    }

    /// Takes back every change since the last open `mark` and closes it.
    pub fn undo(&mut self) {
        each!(self, e => e.undo())
    }
}
