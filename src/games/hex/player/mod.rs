//! The players that choose Hex moves above the knowledge below: Monte-Carlo tree search
//! (`mcts`, on a lock-free `tree`, with `playout`s, driven per move by `genmove`, with the
//! solver's slice `root_solver`), the alpha-beta player (`alphabeta`: the shared search core
//! over `position::Hex`), and the moves decided before any search (`opening`: the first
//! stone, the swap, the `book`). Offline tooling (self-play, the book's builder, the
//! trainer) lives in `hex::tuning`.

pub mod alphabeta;
pub mod bench;
pub mod book;
pub mod genmove;
pub mod mcts;
pub mod opening;
pub mod playout;
pub mod prior;
pub mod root_solver;
pub mod tree;
pub mod vc_cache;
pub mod vcm;

/// A `size`×`size` board with the named stones, for the players' tests.
#[cfg(test)]
pub(crate) fn test_board(size: usize, black: &[&str], white: &[&str]) -> super::board::Board {
    use super::board::{Board, BLACK, WHITE};
    let mut b = Board::new(size, size).unwrap();
    for (colour, cells) in [(BLACK, black), (WHITE, white)] {
        for s in cells {
            b.place(colour, b.parse_cell(s).unwrap());
        }
    }
    b
}
