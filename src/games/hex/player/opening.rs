//! The moves Hex decides before any search: the first stone on an empty board (or the
//! opening book's reply while it is switched on) and whether to swap the opponent's first
//! stone under the swap rule. Small boards are solved exactly; larger ones follow the
//! practice of strong players.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::book;
use super::root_solver::SOLVE_EMPTY_MAX;
use crate::games::hex::board::Board;
use crate::games::hex::position::Hex;
use crate::games::hex::solver::{Solver, Verdict};

/// A move known before any search: without swap, the opening book's while `book::PLAY_BOOK`
/// is on (our own long searches' replies to every 1-ply opening). Else the first move on an empty board, where
/// a shallow search only sees the pull of the obtuse corners on the current: without swap the
/// best-ranked cell (central); with swap an edge cell away from the obtuse corners (a3), which
/// `swap_by_shape` would not swap either.
pub fn first_move(pos: &Hex, allow_swap: bool) -> Option<usize> {
    let b = pos.board();
    if !allow_swap {
        if let Some(c) = book::book_move(b, pos.to_move()) {
            return Some(c);
        }
    }
    if !b.occupied().is_empty() || b.width() < 4 || b.height() < 4 {
        return None;
    }
    if allow_swap {
        return Some(b.cell(0, 2));
    }
    pos.ranked_moves().first().map(|&(c, _)| c)
}

/// Hex practice on boards too large to solve: first moves off the edge win, and so do edge
/// moves next to an obtuse corner; other edge moves are fair game.
fn swap_by_shape(b: &Board, cell: usize) -> bool {
    let (x, y) = b.xy(cell);
    let (w, h) = (b.width(), b.height());
    let inner = x > 0 && y > 0 && x + 1 < w && y + 1 < h;
    let near = |cx: usize, cy: usize| x.abs_diff(cx) <= 1 && y.abs_diff(cy) <= 1;
    inner || near(w - 1, 0) || near(0, h - 1)
}

/// Whether to swap the opponent's only stone (`pos` has us to move): small boards are solved
/// exactly (within `ms`); larger ones follow `swap_by_shape`.
pub fn should_swap(pos: &Hex, ms: u64, stop: &AtomicBool) -> bool {
    if pos.board().empty_cells().len() <= SOLVE_EMPTY_MAX {
        let deadline = Instant::now() + Duration::from_millis(ms);
        match Solver::new(stop, Some(deadline)).solve(pos) {
            Verdict::Loss => return true,
            Verdict::Win(_) => return false,
            Verdict::Unknown => {}
        }
    }
    let stones = pos.board().occupied();
    stones
        .first()
        .is_some_and(|c| swap_by_shape(pos.board(), c))
}
