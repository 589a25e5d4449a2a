//! The quick result of a node, read from the board's class counts before any search: a five of
//! ours; two five points of the opponent (or one whose block is forbidden to us); an open four
//! or double four of ours the opponent cannot answer in time; a four-three or (where legal) a
//! double three of ours while the opponent has no four to delay it. Mate scores carry their real
//! distance in plies, so the search prefers the quickest win and the longest defence.

use crate::games::renju::board::cell_table::FLAG_OPEN_FOUR;
use crate::games::renju::board::{Board, Rule};
use crate::games::renju::patterns::class::{C_DOUBLE_THREE, C_FOUR_THREE, C_WIN};
use crate::search::{Score, WIN};

/// A win for the side to move with its five on the board `plies` from here (`ply` from root).
#[inline]
pub fn win_in(ply: usize, plies: usize) -> Score {
    WIN - (ply + plies) as Score
}

/// A loss for the side to move with the opponent's five `plies` from here.
#[inline]
pub fn loss_in(ply: usize, plies: usize) -> Score {
    -WIN + (ply + plies) as Score
}

/// The proven result of the node, if the shapes settle it.
pub fn quick_result(b: &mut Board, ply: usize) -> Option<Score> {
    let me = b.to_move();
    let opp = 1 - me;
    if let Some(w) = b.winner() {
        return Some(if w == me {
            win_in(ply, 0)
        } else {
            loss_in(ply, 0)
        });
    }
    if b.five_points(me) > 0 {
        return Some(win_in(ply, 1));
    }
    match b.five_points(opp) {
        0 => {}
        1 => {
            let block = b.five_point(opp)?;
            if b.is_forbidden(block, me) {
                return Some(loss_in(ply, 2));
            }
            return None;
        }
        _ => return Some(loss_in(ply, 2)),
    }
    // Neither side has a five point. An open four (or a legal double four) of ours wins: the
    // opponent has no five to make first.
    let black_renju = me == 0 && b.rule() == Rule::Renju;
    if b.class_counts()[me as usize][C_WIN as usize] > 0 {
        let found = b.four_points(me).iter().find(|&c| {
            let i = b.facts(c, me);
            i.class == C_WIN && (!black_renju || i.flags & FLAG_OPEN_FOUR != 0)
        });
        if let Some(c) = found {
            if !b.is_forbidden(c, me) {
                return Some(win_in(ply, 3));
            }
            // Another open-four point may still be legal.
            if black_renju && b.legal_open_four_point(me).is_some() {
                return Some(win_in(ply, 3));
            }
        } else if black_renju && b.legal_open_four_point(me).is_some() {
            return Some(win_in(ply, 3));
        }
    }
    if b.has_four_point(opp) {
        return None;
    }
    // The opponent cannot even make a four: a four-three wins (checked by playing it and its
    // forced block: the three must still give a legal open four), and so does a double three
    // where it is legal.
    let cc = b.class_counts()[me as usize];
    if cc[C_FOUR_THREE as usize] > 0 {
        let four_three = b
            .four_points(me)
            .iter()
            .find(|&c| b.facts(c, me).class == C_FOUR_THREE);
        if let Some(c) = four_three {
            if four_three_wins(b, c) {
                return Some(win_in(ply, 5));
            }
        }
    }
    if !black_renju && cc[C_DOUBLE_THREE as usize] > 0 {
        return Some(win_in(ply, 5));
    }
    None
}

/// Plays the four-three `c` and the block of its four, and looks for a legal open four.
fn four_three_wins(b: &mut Board, c: crate::games::renju::board::Cell) -> bool {
    let me = b.to_move();
    if b.is_forbidden(c, me) {
        return false;
    }
    b.make(c);
    let ok = match b.five_point(me) {
        Some(block) if b.five_points(me) == 1 => {
            b.make(block);
            let ok = b.five_points(1 - me) == 0 && b.legal_open_four_point(me).is_some();
            b.undo();
            ok
        }
        _ => false,
    };
    b.undo();
    ok
}

/// The move behind a winning quick result at the root, with its score and whether the win is by
/// fours alone (a five, an open four or double four) rather than by a three too.
pub fn winning_move(b: &mut Board) -> Option<(crate::games::renju::board::Cell, Score, bool)> {
    let me = b.to_move();
    let score = quick_result(b, 0).filter(|&s| s > 0)?;
    if let Some(c) = b.five_point(me) {
        return Some((c, score, true));
    }
    let black_renju = me == 0 && b.rule() == Rule::Renju;
    let mut cells = Vec::new();
    b.region(4, &mut cells);
    for class in [C_WIN, C_FOUR_THREE, C_DOUBLE_THREE] {
        for &c in &cells {
            let i = b.facts(c, me);
            if i.class != class || b.is_forbidden(c, me) {
                continue;
            }
            match class {
                C_WIN if black_renju && i.flags & FLAG_OPEN_FOUR == 0 => continue,
                C_FOUR_THREE if !four_three_wins(b, c) => continue,
                C_DOUBLE_THREE if black_renju => continue,
                _ => {}
            }
            return Some((c, score, class == C_WIN));
        }
    }
    None
}
