//! The static evaluation of the incremental board: each side's potential (the sum, kept by the
//! board, of its per-cell values from `tables`) with the side to move's tempo, plus terms for
//! the threats that decide the next few moves. The numbers are all in `tables`.

pub mod tables;

use super::board::Board;
use super::board::Rule;
use super::patterns::class::{C_DOUBLE_THREE, C_FOUR_THREE, C_WIN};
use super::patterns::shapes::{B4, F4, FIVE};
use tables::{threat, Threat, EVAL_LIMIT, TEMPO_PERCENT};

/// The value of `b` for the side to move.
pub fn evaluate(b: &Board) -> i32 {
    let me = b.to_move() as usize;
    let opp = 1 - me;
    let c = b.shape_counts();
    let (five, open, four) = (FIVE as usize, F4 as usize, B4 as usize);
    if c[me][five] > 0 {
        return threat(Threat::ToMoveHasFive);
    }
    let my_fours = c[me][four] + c[me][open] > 0;
    let their_fours = c[opp][four] + c[opp][open] > 0;
    let black_renju = |side: usize| side == 0 && b.rule() == Rule::Renju;
    let sums = b.eval_sums();
    let mut score = sums[me] * TEMPO_PERCENT / 100 - sums[opp];
    let cc = b.class_counts();
    if c[opp][five] >= 2 {
        score -= threat(Threat::OpponentDoubleFive);
    } else if c[opp][five] == 1 {
        score -= if c[opp][open] > 0 && !my_fours {
            threat(Threat::OpponentFourAndThree)
        } else {
            threat(Threat::OpponentFour)
        };
    } else if c[me][open] > 0 {
        score += if their_fours {
            threat(Threat::OwnOpenFourDelayed)
        } else {
            threat(Threat::OwnOpenFourFree)
        };
    } else if !their_fours && cc[me][C_WIN as usize] > 0 && !black_renju(me) {
        score += threat(Threat::OwnDoubleFour);
    } else if !their_fours && cc[me][C_FOUR_THREE as usize] > 0 {
        score += threat(Threat::OwnFourThree);
    } else if c[opp][open] > 0 {
        score -= if c[opp][open] >= 4 && !my_fours {
            threat(Threat::OpponentOpenThrees)
        } else {
            threat(Threat::OpponentOpenThree)
        };
    } else if !my_fours {
        let threats = cc[opp][C_FOUR_THREE as usize]
            + if black_renju(opp) {
                0
            } else {
                cc[opp][C_WIN as usize]
            };
        score -= match threats {
            0 => 0,
            1 => threat(Threat::OpponentOneWinThreat),
            _ => threat(Threat::OpponentWinThreats),
        };
        if threats == 0 && !black_renju(me) && cc[me][C_DOUBLE_THREE as usize] > 0 {
            score += threat(Threat::OwnDoubleThree);
        }
    }
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}
