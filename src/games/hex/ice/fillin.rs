//! The solver's entry to fill-in: empty cells whose colour is already decided are filled before
//! a position is looked up or searched, which shrinks the move lists and lets positions
//! differing only there share one table entry. The work is the inferior-cell engine's (`ice`):
//! dead cells (simplicial in either colour's graph) and captured pairs, to a fixed point.
//!
//! `dead_colour` stays the quick local test (four consecutive ring neighbours of one colour,
//! an edge counting as its owner's stone) for callers that look at one cell without building
//! the colours' graphs; `ice` finds every cell it finds and more.

use crate::games::hex::board::{Board, Cells, Edge, BLACK, WHITE};

use super::fill::{fill_in, State};

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
    /// The cells fill-in gave the side that just moved before any went to the side to move
    /// (`ice::Fill::free`).
    pub free: Cells,
}

/// `pos` with its dead and captured cells filled until nothing changes (the inferior-cell
/// engine's fill-in, `ice::fill_in`): dead cells get the colour of the side that just moved,
/// captured cells their captor's. The side to move stays.
pub fn canonical<P: State>(pos: &P) -> (P, Filled) {
    let (p, fill) = fill_in(pos);
    let for_mover = fill.for_mover(pos.to_move());
    (
        p,
        Filled {
            for_mover,
            free: fill.free,
        },
    )
}
