//! The static evaluation of the incremental board: each side's potential (the sum, kept by the
//! board, of its per-cell values by pattern code) with the side to move's tempo, plus terms for
//! the threats that decide the next few moves. The numbers come from the active parameter set
//! (`active`: the embedded file made by `sente tune renju`, or `--eval-file`; `file` its
//! format, `params` its contents); the hand-set starting values are in `tables`. The value is linear in the parameters, which is what lets
//! the trainer fit them by logistic regression (`learn::train`).

pub mod active;
pub mod codes;
pub mod file;
pub mod params;
pub mod tables;

use super::board::Board;
use super::board::Rule;
use super::patterns::class::{C_DOUBLE_THREE, C_FOUR_THREE, C_WIN};
use super::patterns::shapes::{B4, F4, FIVE};
use tables::{Threat, EVAL_LIMIT, TEMPO_PERCENT};

/// The value of `b` for the side to move.
#[inline]
pub fn evaluate(b: &Board) -> i32 {
    let values = b.threat_values();
    let sums = b.eval_sums();
    let me = b.to_move() as usize;
    let mut score = sums[me] * TEMPO_PERCENT / 100 - sums[1 - me];
    if !threat_terms(b, |t, sign| score += sign * values[t as usize]) {
        return values[Threat::ToMoveHasFive as usize];
    }
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Calls `add(term, sign)` for each threat term of `b`'s evaluation (the side to move's own
/// with sign 1, the opponent's with -1; `SideToMove` always), and returns true; or returns false at once when the
/// side to move has a five point (the evaluation is then the `ToMoveHasFive` term alone).
#[inline(always)]
pub fn threat_terms(b: &Board, mut add: impl FnMut(Threat, i32)) -> bool {
    let me = b.to_move() as usize;
    let opp = 1 - me;
    let c = b.shape_counts();
    let (five, open, four) = (FIVE as usize, F4 as usize, B4 as usize);
    if c[me][five] > 0 {
        return false;
    }
    add(Threat::SideToMove, 1);
    let my_fours = c[me][four] + c[me][open] > 0;
    let their_fours = c[opp][four] + c[opp][open] > 0;
    let black_renju = |side: usize| side == 0 && b.rule() == Rule::Renju;
    let cc = b.class_counts();
    if c[opp][five] >= 2 {
        add(Threat::OpponentDoubleFive, -1);
    } else if c[opp][five] == 1 {
        add(
            if c[opp][open] > 0 && !my_fours {
                Threat::OpponentFourAndThree
            } else {
                Threat::OpponentFour
            },
            -1,
        );
    } else if c[me][open] > 0 {
        add(
            if their_fours {
                Threat::OwnOpenFourDelayed
            } else {
                Threat::OwnOpenFourFree
            },
            1,
        );
    } else if !their_fours && cc[me][C_WIN as usize] > 0 && !black_renju(me) {
        add(Threat::OwnDoubleFour, 1);
    } else if !their_fours && cc[me][C_FOUR_THREE as usize] > 0 {
        add(Threat::OwnFourThree, 1);
    } else if c[opp][open] > 0 {
        add(
            if c[opp][open] >= 4 && !my_fours {
                Threat::OpponentOpenThrees
            } else {
                Threat::OpponentOpenThree
            },
            -1,
        );
    } else if !my_fours {
        let threats = cc[opp][C_FOUR_THREE as usize]
            + if black_renju(opp) {
                0
            } else {
                cc[opp][C_WIN as usize]
            };
        match threats {
            0 => {}
            1 => add(Threat::OpponentOneWinThreat, -1),
            _ => add(Threat::OpponentWinThreats, -1),
        }
        if threats == 0 && !black_renju(me) && cc[me][C_DOUBLE_THREE as usize] > 0 {
            add(Threat::OwnDoubleThree, 1);
        }
    }
    true
}
