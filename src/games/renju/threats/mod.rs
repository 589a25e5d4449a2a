//! Threat-space searches for analysis, on the same make/undo board the searcher plays on:
//! `vcf` (victory by continuous fours: `SOLVE VCF`, `YXNBEST`'s first move) and `vct`
//! (victory by threes and fours: `SOLVE VCT`). The searcher itself reads threats in its tree
//! (`search::win`, the quiescence); these searches return whole lines and first moves.

pub mod dfpn;
pub mod vcf;
pub mod vct;

use crate::games::renju::board::cell_table::FLAG_FIVE;
use crate::games::renju::board::{step, Board, Cell, DIRS};

/// The cells where `side` makes a five on the lines through `c` (where a stone just played at
/// `c` can have made them), each once.
pub fn five_points_near(b: &Board, c: Cell, side: u8) -> Vec<Cell> {
    let mut out = Vec::new();
    for &d in &DIRS {
        for k in -4isize..=4 {
            let q = step(c as usize, d, k) as Cell;
            if b.is_empty(q) && b.facts(q, side).flags & FLAG_FIVE != 0 && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// Every cell where `side` makes a five.
pub fn five_points(b: &Board, side: u8) -> Vec<Cell> {
    if b.five_points(side) == 0 {
        return Vec::new();
    }
    let mut cells = Vec::new();
    b.region(4, &mut cells);
    cells.retain(|&c| b.facts(c, side).flags & FLAG_FIVE != 0);
    cells
}

/// Has the side to move lost already: a five on the board against it, or (with no five point of
/// its own) two five points of the opponent, or one it may not block (forbidden for Black)?
pub fn lost(b: &mut Board) -> bool {
    let me = b.to_move();
    if let Some(w) = b.winner() {
        return w != me;
    }
    if b.five_points(me) > 0 {
        return false;
    }
    match b.five_points(1 - me) {
        0 => false,
        1 => b.five_point(1 - me).is_some_and(|p| b.is_forbidden(p, me)),
        _ => true,
    }
}

/// Is the game over on `b` (a five, or drawn by a full board or the move limit)?
pub fn over(b: &Board) -> bool {
    b.winner().is_some() || b.drawn()
}
