//! Moves the board's symmetries settle without search (Benzene's consider set drops them too).
//!
//! - *Strategy stealing*: on a square board, reflecting in either long or short diagonal swaps
//!   the colours' edges. A move that leaves the board equal to its reflection with the colours
//!   swapped hands the opponent a position where the side to move is, by symmetry, the first
//!   player of a game it can steal: the side to move there wins (an extra stone never hurts),
//!   so the move loses.
//! - *Rotation*: a position equal to its own half-turn (colours kept) has equivalent moves in
//!   pairs; one of each pair is enough.

use super::super::board::{Board, Cells};
use super::super::position::Hex;

/// `cells` reflected in the long diagonal (a1–n n: (x, y) → (y, x)) or, with `short`, in the
/// other diagonal ((x, y) → (n−1−y, n−1−x)). Square boards only.
fn reflect(board: &Board, cells: &Cells, short: bool) -> Cells {
    let n = board.width();
    let mut out = Cells::EMPTY;
    for c in cells.iter() {
        let (x, y) = board.xy(c);
        out.insert(if short {
            board.cell(n - 1 - y, n - 1 - x)
        } else {
            board.cell(y, x)
        });
    }
    out
}

/// `cells` turned half a turn.
fn rotate(board: &Board, cells: &Cells) -> Cells {
    let last = board.size() - 1;
    let mut out = Cells::EMPTY;
    for c in cells.iter() {
        out.insert(last - c);
    }
    out
}

/// The empty cells where the side to move would leave a colour-swapped reflection of itself
/// (lost by strategy stealing, see above).
pub fn self_reflecting_moves(pos: &Hex) -> Cells {
    let board = pos.board();
    let me = pos.to_move();
    let mine = board.stones(me);
    let theirs = board.stones(1 - me);
    let mut out = Cells::EMPTY;
    if board.width() != board.height() || theirs.len() != mine.len() + 1 {
        return out;
    }
    for short in [false, true] {
        let image = reflect(board, theirs, short);
        let extra = image.minus(mine);
        if extra.len() == 1 {
            out = out.or(&extra);
        }
    }
    out.and(&board.empty_cells())
}

/// The moves of `moves` that repeat another one by a half-turn, if the position is its own
/// half-turn: the later cell of each pair in `moves`' order.
pub fn rotated_repeats(pos: &Hex, moves: &[u16]) -> Cells {
    let board = pos.board();
    let mut out = Cells::EMPTY;
    let same = |z: u8| rotate(board, board.stones(z)) == *board.stones(z);
    if !(same(0) && same(1)) {
        return out;
    }
    let last = board.size() - 1;
    let mut seen = Cells::EMPTY;
    for &m in moves {
        let m = m as usize;
        if seen.has(last - m) && last - m != m {
            out.insert(m);
        }
        seen.insert(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(moves: &[&str]) -> Hex {
        let mut pos = Hex::new(5, 5).expect("5x5");
        for m in moves {
            let c = pos.board().parse_cell(m).expect("cell");
            pos.play_cell(c);
        }
        pos
    }

    #[test]
    fn the_reflection_of_the_opponents_stone_is_a_losing_reply() {
        // Black b1: White's reflections are a2 (long diagonal) and e4 (short diagonal).
        let pos = hex(&["b1"]);
        let b = pos.board();
        let got = self_reflecting_moves(&pos);
        let want: Vec<usize> = ["a2", "e4"]
            .iter()
            .map(|s| b.parse_cell(s).expect("cell"))
            .collect();
        assert_eq!(got.iter().collect::<Vec<_>>(), want);
        // With the stones even, no single move makes the board symmetric.
        assert!(self_reflecting_moves(&hex(&["b1", "a2"])).is_empty());
    }

    #[test]
    fn the_self_reflecting_reply_loses_by_the_solver_too() {
        use super::super::{Solver, Verdict};
        use std::sync::atomic::AtomicBool;
        // On 4x4 after Black b1, White a2 leaves Black to move in a colour-swapped mirror
        // image: Black (to move) must win there.
        let mut pos = Hex::new(4, 4).expect("4x4");
        for m in ["b1", "a2"] {
            let c = pos.board().parse_cell(m).expect("cell");
            pos.play_cell(c);
        }
        let stop = AtomicBool::new(false);
        assert!(matches!(
            Solver::new(&stop, None).solve(&pos),
            Verdict::Win(_)
        ));
    }

    #[test]
    fn a_half_turn_symmetric_position_keeps_one_move_of_each_pair() {
        // The empty 5x5 board: c3 is its own image, a1 and e5 a pair.
        let pos = hex(&[]);
        let b = pos.board();
        let order: Vec<u16> = ["a1", "c3", "e5", "b2"]
            .iter()
            .map(|s| b.parse_cell(s).expect("cell") as u16)
            .collect();
        let got = rotated_repeats(&pos, &order);
        assert_eq!(got.iter().collect::<Vec<_>>(), vec![order[2] as usize]);
        // One stone off the centre breaks the symmetry.
        assert!(rotated_repeats(&hex(&["a1"]), &order).is_empty());
    }
}
