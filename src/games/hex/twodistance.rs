//! The two-distance of Queenbee (van Rijswijck): how far a colour is from joining its edges when
//! the opponent always blocks the best way. A cell's distance to an edge is one more than the
//! *second*-best distance among its neighbours (the opponent takes the best), own chains cost
//! nothing, and cells next to the edge are at distance 1. A cell's potential is the sum of its
//! distances to both edges; the colour's value is the least potential and how many cells reach
//! it (its "mobility").

use super::board::{Board, Cells};
use super::groups::{Groups, MAX_CELLS};

/// Beyond any real distance: the cell cannot reach that edge at all.
pub const FAR: u16 = 1000;

pub struct TwoDistance {
    /// Potential of each empty cell (sum of both distances); `2 * FAR` or more if unreachable.
    pub potential: [u16; MAX_CELLS],
    /// The least potential (0 when the colour has already connected).
    pub best: u16,
    /// How many cells have the least potential.
    pub mobility: u16,
}

/// Distances from one edge by rounds: in round k, every unlabelled cell with two labelled
/// neighbours (all at most k−1) gets k.
fn distances(
    board: &Board,
    groups: &Groups,
    empty: &Cells,
    reach: &[Cells],
    edge: usize,
) -> [u16; MAX_CELLS] {
    let mut d = [FAR; MAX_CELLS];
    let mut labelled = Cells::EMPTY;
    let mut open = *empty;
    for c in empty.iter() {
        if groups.touches_edge(board, c, edge) {
            d[c] = 1;
            labelled.insert(c);
            open.remove(c);
        }
    }
    let mut k = 2;
    while !open.is_empty() {
        let mut fresh = Cells::EMPTY;
        for c in open.iter() {
            if reach[c].and(&labelled).len() >= 2 {
                fresh.insert(c);
                d[c] = k;
            }
        }
        if fresh.is_empty() {
            break;
        }
        labelled = labelled.or(&fresh);
        open = open.minus(&fresh);
        k += 1;
    }
    d
}

impl TwoDistance {
    pub fn new(board: &Board, groups: &Groups) -> TwoDistance {
        let mut potential = [2 * FAR; MAX_CELLS];
        if groups.connected() {
            return TwoDistance {
                potential,
                best: 0,
                mobility: 1,
            };
        }
        let empty = board.empty_cells();
        let mut reach = vec![Cells::EMPTY; board.size()];
        for c in empty.iter() {
            reach[c] = groups.reach(board, &empty, c);
        }
        let d1 = distances(board, groups, &empty, &reach, 0);
        let d2 = distances(board, groups, &empty, &reach, 1);
        let mut best = 2 * FAR;
        let mut mobility = 0;
        for c in empty.iter() {
            let p = d1[c] + d2[c];
            potential[c] = p;
            if p < best {
                best = p;
                mobility = 0;
            }
            if p == best {
                mobility += 1;
            }
        }
        TwoDistance {
            potential,
            best,
            mobility,
        }
    }
}
