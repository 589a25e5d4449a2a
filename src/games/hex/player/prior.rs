//! Prior knowledge for a new node's children: how likely each move is to be the one to play,
//! before any playout has gone through it. As in MoHex 2.0, each move's strength is a product
//! of learned "gammas" (Coulom's term): its 12-cell pattern's and its place from the
//! opponent's last stone's (`patterns`, learned from our own self-play games); its prior is
//! its share of the total. The tree adds it as a progressive bias that fades as the move
//! collects visits, so a wrong prior costs playouts, never a move.
//!
//! Measured in self-play (tournaments/results/hex-pattern-selfplay/): the learned priors
//! against the hand-made bridge save (gamma 40, every other move 1), +111 ± 78 Elo. The
//! hand-made prior stays for a binary whose weight file fails its check; before it, the save
//! alone had measured +59 ± 56 against no prior, and more hand-made shapes −59 ± 103
//! (tournaments/results/hex-prior-selfplay/).

use crate::games::hex::board::{Board, Cells};
use crate::games::hex::patterns::keys::{bridge_saves, features};
use crate::games::hex::patterns::{self, PatternWeights};

/// Whether the priors come from the learned pattern weights (`patterns::embedded`) rather
/// than the bridge save alone.
pub const LEARNED_PRIORS: bool = true;

/// The gamma of a bridge-saving reply (every other move has 1).
pub const SAVE_BRIDGE_GAMMA: f32 = 40.0;

/// Each candidate's prior (summing to 1 over `cells`), in the order of `cells`, for `me` to
/// move on `board` after the opponent's stone at `last`. With no bridge to save every move
/// gets the same prior: the bias then only adds a little exploration, fading with visits,
/// which is what was measured.
pub fn priors(
    board: &Board,
    me: u8,
    last: Option<usize>,
    cells: impl Iterator<Item = u16> + Clone,
) -> Vec<f32> {
    match patterns::embedded() {
        Some(w) if LEARNED_PRIORS => learned_priors(w, board, me, last, cells),
        _ => bridge_priors(board, me, last, cells),
    }
}

/// `priors`, with the cells of `bonus` (the replies that restore a connection, `vcm`) raised
/// to the strongest candidate's gamma on top of their own: MoHex 2.0 adds a fixed gamma (282
/// on its scale); ours is scale-free, so a restoring reply is at least as likely as the move
/// the patterns like best.
pub fn with_bonus(
    board: &Board,
    me: u8,
    last: Option<usize>,
    cells: impl Iterator<Item = u16> + Clone,
    bonus: &Cells,
) -> Vec<f32> {
    let mut g = priors(board, me, last, cells.clone());
    let top = g.iter().cloned().fold(0.0, f32::max);
    for (p, c) in g.iter_mut().zip(cells) {
        if bonus.has(c as usize) {
            *p += top * VCM_BONUS;
        }
    }
    let total: f32 = g.iter().sum();
    g.into_iter().map(|p| p / total).collect()
}

/// A restoring reply's bonus, in units of the strongest candidate's prior (`with_bonus`).
pub const VCM_BONUS: f32 = 1.0;

/// Each candidate's share of the learned strength: its pattern's gamma times its local
/// feature's (MoHex 2.0's prior).
pub fn learned_priors(
    w: &PatternWeights,
    board: &Board,
    me: u8,
    last: Option<usize>,
    cells: impl Iterator<Item = u16>,
) -> Vec<f32> {
    let gammas: Vec<f32> = features(board, me, last, cells.map(|c| c as usize))
        .map(|(k12, k6, local)| w.gamma(k12, k6, local))
        .collect();
    let total: f32 = gammas.iter().sum();
    gammas.into_iter().map(|g| g / total).collect()
}

/// The hand-made prior: the bridge save's gamma against 1 for every other move.
pub fn bridge_priors(
    board: &Board,
    me: u8,
    last: Option<usize>,
    cells: impl Iterator<Item = u16> + Clone,
) -> Vec<f32> {
    let saves = last.map_or(Cells::EMPTY, |l| bridge_saves(board, l, me));
    let gamma = |c: u16| {
        if saves.has(c as usize) {
            SAVE_BRIDGE_GAMMA
        } else {
            1.0
        }
    };
    let total: f32 = cells.clone().map(gamma).sum();
    cells.map(|c| gamma(c) / total).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::board::BLACK;
    use crate::games::hex::player::test_board as board;

    #[test]
    fn priors_sum_to_one_and_favour_the_save() {
        let b = board(7, &["b2", "c3"], &["c2"]);
        let cells: Vec<u16> = b.empty_cells().iter().map(|c| c as u16).collect();
        let p = bridge_priors(&b, BLACK, b.parse_cell("c2"), cells.iter().copied());
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        let at = |s: &str| {
            let c = b.parse_cell(s).unwrap() as u16;
            p[cells.iter().position(|&x| x == c).unwrap()]
        };
        assert!(at("b3") > 10.0 * at("d4"), "the save stands out");
        assert_eq!(at("d4"), at("g7"), "other moves are alike");
    }

    #[test]
    fn without_a_bridge_to_save_every_move_is_alike() {
        let b = board(7, &["b2"], &["e5"]);
        let cells: Vec<u16> = b.empty_cells().iter().map(|c| c as u16).collect();
        for last in [b.parse_cell("e5"), None] {
            let p = bridge_priors(&b, BLACK, last, cells.iter().copied());
            assert!(p
                .iter()
                .all(|&x| (x - 1.0 / cells.len() as f32).abs() < 1e-6));
        }
    }

    #[test]
    fn a_bonus_lifts_a_reply_to_the_top() {
        let b = board(9, &["d4", "e5"], &["e4"]);
        let cells: Vec<u16> = b.empty_cells().iter().map(|c| c as u16).collect();
        let g7 = b.parse_cell("g7").unwrap();
        let mut bonus = Cells::EMPTY;
        bonus.insert(g7);
        let plain = priors(&b, BLACK, b.parse_cell("e4"), cells.iter().copied());
        let p = with_bonus(&b, BLACK, b.parse_cell("e4"), cells.iter().copied(), &bonus);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        let i = cells.iter().position(|&x| x as usize == g7).unwrap();
        let best = p.iter().cloned().fold(0.0, f32::max);
        assert_eq!(p[i], best);
        assert!(p[i] > 5.0 * plain[i], "{} {}", p[i], plain[i]);
        // Without a bonus cell the priors are the plain ones.
        let same = with_bonus(&b, BLACK, None, cells.iter().copied(), &Cells::EMPTY);
        let none = priors(&b, BLACK, None, cells.iter().copied());
        assert!(same.iter().zip(&none).all(|(a, b)| (a - b).abs() < 1e-6));
    }

    #[test]
    fn learned_priors_sum_to_one_and_favour_the_save() {
        let w = patterns::embedded().expect("the embedded weights");
        let b = board(9, &["d4", "e5"], &["e4"]);
        let cells: Vec<u16> = b.empty_cells().iter().map(|c| c as u16).collect();
        let p = learned_priors(w, &b, BLACK, b.parse_cell("e4"), cells.iter().copied());
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        let at = |s: &str| {
            let c = b.parse_cell(s).unwrap() as u16;
            p[cells.iter().position(|&x| x == c).unwrap()]
        };
        // d4 and e5 bridge through e4 and d5: the save is the most likely reply, far above
        // a cell out on the rim.
        let best = p.iter().cloned().fold(0.0, f32::max);
        assert_eq!(at("d5"), best);
        assert!(at("d5") > 20.0 * at("a9"), "{} {}", at("d5"), at("a9"));
    }
}
