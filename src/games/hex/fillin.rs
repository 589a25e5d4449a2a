//! Inferior-cell fill-in for the solver (Henderson, Arneson and Hayward's dead and captured
//! cells): empty cells whose colour is already decided are filled before a position is looked up
//! or searched, which shrinks the move lists and lets positions differing only there share one
//! table entry.
//!
//! - *Dead*: four consecutive ring neighbours of one colour (an edge counts as its owner's
//!   stone). Neither colour can use the cell, so it may be filled with either.
//! - *Captured pair*: two adjacent empty cells such that a stone of X on either makes the other
//!   dead. If the opponent takes one, X answers on the other, after which the opponent's stone
//!   is dead, i.e. as good as X's; so the pair may be filled with X. Adding X stones never hurts
//!   X, so the filled position has exactly the value of the original.

use super::board::{Board, Cells, Edge, BLACK, WHITE};
use super::position::Hex;

/// The colour whose stones (and edges) occupy four consecutive ring neighbours of the empty cell
/// `c`, making it dead; `None` if there is none.
pub fn dead_colour(board: &Board, c: usize) -> Option<u8> {
    let ring = board.ring(c).map(|r| match r {
        Ok(n) => board.color_at(n),
        Err(Some(Edge::Top | Edge::Bottom)) => Some(BLACK),
        Err(Some(_)) => Some(WHITE),
        Err(None) => None,
    });
    [BLACK, WHITE]
        .into_iter()
        .find(|&colour| (0..6).any(|s| (0..4).all(|k| ring[(s + k) % 6] == Some(colour))))
}

/// What `canonical` filled.
pub struct Filled {
    /// True if some cell was filled with the colour of the side to move. The solver's proof-set
    /// pruning only holds when every filled stone belongs to the side that just moved.
    pub for_mover: bool,
}

/// `pos` with every dead cell filled (with the colour of the side that just moved) and every
/// captured pair filled with its owner's colour, until nothing changes. The side to move stays.
pub fn canonical(pos: &Hex) -> (Hex, Filled) {
    let mut p = *pos;
    let mover = pos.to_move();
    let mut filled = Filled { for_mover: false };
    if p.winner().is_some() {
        return (p, filled);
    }
    let fill = |p: &mut Hex, colour: u8, c: usize| {
        p.place(colour, c);
        p.set_to_move(mover);
    };
    loop {
        let mut changed = false;
        let empty: Cells = p.board().empty_cells();
        for c in empty.iter() {
            if p.board().color_at(c).is_none() && dead_colour(p.board(), c).is_some() {
                fill(&mut p, 1 - mover, c);
                changed = true;
            }
        }
        let empty: Cells = p.board().empty_cells();
        for c in empty.iter() {
            if p.board().color_at(c).is_some() {
                continue;
            }
            let neighbours: Vec<usize> = p.board().neighbours(c).collect();
            for d in neighbours {
                if d < c || p.board().color_at(d).is_some() || p.board().color_at(c).is_some() {
                    continue;
                }
                for colour in [1 - mover, mover] {
                    let kills = |a: usize, b: usize| {
                        let mut board = *p.board();
                        board.place(colour, a);
                        dead_colour(&board, b).is_some()
                    };
                    if kills(c, d) && kills(d, c) {
                        fill(&mut p, colour, c);
                        fill(&mut p, colour, d);
                        filled.for_mover |= colour == mover;
                        changed = true;
                        break;
                    }
                }
            }
        }
        if !changed || p.winner().is_some() {
            return (p, filled);
        }
    }
}
