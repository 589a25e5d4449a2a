//! The players that choose Hex moves above the knowledge below: Monte-Carlo tree search
//! (`mcts`, on a lock-free `tree`, with `playout`s, driven per move by `genmove`, with the
//! solver's slice `root_solver`) and the opening `book`; the alpha-beta player is the shared
//! search core over `position::Hex`. Offline tooling (self-play, the book's builder, the
//! trainer) lives in `hex::tuning`.

pub mod bench;
pub mod book;
pub mod genmove;
pub mod mcts;
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
