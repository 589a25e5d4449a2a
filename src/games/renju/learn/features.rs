//! A position as the trainer sees it: the evaluation (`eval::evaluate`) is linear in the
//! parameters, so a position is a sparse vector of (parameter index, coefficient): each empty
//! cell's pattern code counts for the colour that could play there, times the tempo share for
//! the side to move and -1 for the other, and each threat term counts with its sign. Its dot
//! product with the parameters is the evaluation (up to integer rounding), which a test checks.

use crate::games::renju::board::{cell, Board, Rule};
use crate::games::renju::eval::codes::{code_of_index, CODES};
use crate::games::renju::eval::params::{rule_index, EvalParams, SideParams, RULES, VALUE_LIMIT};
use crate::games::renju::eval::tables::{EVAL_LIMIT, TEMPO_PERCENT, THREATS};
use crate::games::renju::eval::threat_terms;

/// Parameters per rule set and colour: the code values, then the threat terms.
pub const BLOCK: usize = CODES + THREATS;
/// All parameters the trainer sees.
pub const PARAMS: usize = BLOCK * 2 * RULES.len();

/// Index of the first parameter of (rule, colour).
pub fn block(rule: Rule, colour: u8) -> usize {
    (rule_index(rule) * 2 + colour as usize) * BLOCK
}

/// The trainer's flat vector of `p`'s values and threat terms (ordering scores are not fitted).
pub fn flatten(p: &EvalParams) -> Vec<f32> {
    let mut w = Vec::with_capacity(PARAMS);
    for sides in &p.sides {
        for s in sides {
            w.extend(s.value.iter().map(|&v| v as f32));
            w.extend(s.threat.iter().map(|&v| v as f32));
        }
    }
    w
}

/// `base` with the values and threat terms of `w` (rounded, values within the file's range).
pub fn unflatten(w: &[f32], base: &EvalParams) -> EvalParams {
    let mut p = base.clone();
    for (k, sides) in p.sides.iter_mut().enumerate() {
        for (colour, s) in sides.iter_mut().enumerate() {
            let b = &w[(k * 2 + colour) * BLOCK..][..BLOCK];
            let SideParams { value, threat, .. } = s;
            for (code, v) in value.iter_mut().enumerate() {
                *v = if code == 0 {
                    0
                } else {
                    (b[code].round() as i32).clamp(-VALUE_LIMIT, VALUE_LIMIT)
                };
            }
            for (t, v) in threat.iter_mut().enumerate() {
                *v = b[CODES + t].round() as i32;
            }
        }
    }
    p
}

/// Appends the features of `b` (no five point for the side to move) to `idx`/`coef`, using
/// `scratch` (`PARAMS` zeros, left zeroed).
pub fn extract(b: &Board, idx: &mut Vec<u32>, coef: &mut Vec<f32>, scratch: &mut [f32]) {
    let me = b.to_move();
    let codes = code_of_index();
    let start = idx.len();
    let tempo = TEMPO_PERCENT as f32 / 100.0;
    for y in 0..b.height() {
        for x in 0..b.width() {
            let c = cell(x, y);
            if !b.is_empty(c) {
                continue;
            }
            for side in 0..2u8 {
                let code = codes[b.combo_index(c, side) as usize] as usize;
                if code == 0 {
                    continue;
                }
                let i = block(b.rule(), side) + code;
                if scratch[i] == 0.0 {
                    idx.push(i as u32);
                }
                scratch[i] += if side == me { tempo } else { -1.0 };
            }
        }
    }
    let threats = block(b.rule(), me) + CODES;
    threat_terms(b, |t, sign| {
        let i = threats + t as usize;
        if scratch[i] == 0.0 {
            idx.push(i as u32);
        }
        scratch[i] += sign as f32;
    });
    for &i in &idx[start..] {
        coef.push(std::mem::take(&mut scratch[i as usize]));
    }
}

/// The evaluation of a feature vector under `w`, clamped as the engine clamps it.
#[inline]
pub fn dot(idx: &[u32], coef: &[f32], w: &[f32]) -> f32 {
    let s: f32 = idx.iter().zip(coef).map(|(&i, &c)| c * w[i as usize]).sum();
    s.clamp(-EVAL_LIMIT as f32, EVAL_LIMIT as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::eval::active::active;
    use crate::games::renju::eval::evaluate;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_features_dotted_with_the_parameters_are_the_evaluation() {
        let w = flatten(active());
        let mut scratch = vec![0.0; PARAMS];
        let mut rng = SmallRng::seed_from_u64(5);
        for rule in RULES {
            let mut b = Board::new(15, 15, rule);
            let mut checked = 0;
            for _ in 0..60 {
                let mut moves = Vec::new();
                b.candidates(&mut moves);
                moves.retain(|&m| !b.is_forbidden(m, b.to_move()));
                if moves.is_empty() || b.winner().is_some() {
                    break;
                }
                b.make(moves[rng.gen_range(0..moves.len())]);
                if b.winner().is_some() || b.five_points(b.to_move()) > 0 {
                    continue;
                }
                let (mut idx, mut coef) = (Vec::new(), Vec::new());
                extract(&b, &mut idx, &mut coef, &mut scratch);
                assert!(scratch.iter().all(|&x| x == 0.0));
                let got = dot(&idx, &coef, &w);
                let want = evaluate(&b) as f32;
                // The engine rounds the tempo share down in integers.
                assert!((got - want).abs() <= 1.0, "{rule}: {got} vs {want}\n{b:?}");
                checked += 1;
            }
            assert!(checked > 10);
        }
    }
}
