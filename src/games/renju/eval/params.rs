//! The evaluation's parameters for every rule set and colour: a value per pattern code
//! (`codes`), a move-ordering score per pattern code, and the threat terms (`tables::Threat`).
//! The engine reads the set embedded in the binary (`data/renju/eval.bin`, made by `sente tune
//! renju`, see `file`), or one named by `--eval-file`; the hand-set values of `tables` are the
//! trainer's starting point and prior, and `sente tune renju --hand` writes them as a file.

use super::codes::{shapes_of_codes, CODES};
use super::tables::{COMBO_VALUE, SHAPE_VALUE, THREATS, THREAT_VALUE};
use crate::games::renju::board::Rule;
use crate::games::renju::patterns::class::combination;
use crate::games::renju::patterns::class::{classify, LEVEL};

/// The rule sets, in file order.
pub const RULES: [Rule; 4] = [Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro];

/// One rule set's parameters for one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideParams {
    /// What a cell with this code is worth to the colour that could play there.
    pub value: Vec<i32>,
    /// The move-ordering score of a cell with this code for that colour.
    pub order: Vec<i32>,
    /// The move-ordering score, for the other colour, of taking a cell where this colour has
    /// this code: blocking is learned apart from making (Rapfi's scoreOppo beside scoreSelf),
    /// since stopping a shape is not worth a fixed share of making it.
    pub block: Vec<i32>,
    /// The threat terms of `eval::evaluate`, when this colour is to move.
    pub threat: [i32; THREATS],
}

/// Every rule set's parameters, by `RULES` index and colour (0 Black, 1 White).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    pub sides: Vec<[SideParams; 2]>,
}

/// The file order index of a rule.
pub fn rule_index(rule: Rule) -> usize {
    RULES
        .iter()
        .position(|&r| r == rule)
        .expect("every rule is listed")
}

/// The hand-set blocking score: this share (per cent) of the making score of the same code.
pub const HAND_BLOCK_PERCENT: i32 = 80;

/// The evaluation values are stored per cell in 16 bits.
pub const VALUE_LIMIT: i32 = i16::MAX as i32;

impl SideParams {
    /// The hand-set values (`tables`): shape values plus the combination's, and the class
    /// level plus shape values for ordering (blocking: `HAND_BLOCK_PERCENT` of it); the same
    /// for every rule and colour.
    pub fn hand() -> SideParams {
        let (mut value, mut order) = (Vec::with_capacity(CODES), Vec::with_capacity(CODES));
        for &s in shapes_of_codes() {
            let sum: i32 = s.iter().map(|&x| SHAPE_VALUE[x as usize]).sum();
            value.push(sum + COMBO_VALUE[combination(s)]);
            order.push(LEVEL[classify(s) as usize] + sum);
        }
        SideParams {
            value,
            block: order
                .iter()
                .map(|&o| o * HAND_BLOCK_PERCENT / 100)
                .collect(),
            order,
            threat: THREAT_VALUE,
        }
    }
}

impl EvalParams {
    pub fn hand() -> EvalParams {
        EvalParams {
            sides: RULES
                .iter()
                .map(|_| [SideParams::hand(), SideParams::hand()])
                .collect(),
        }
    }

    pub fn side(&self, rule: Rule, colour: u8) -> &SideParams {
        &self.sides[rule_index(rule)][colour as usize]
    }

    pub fn side_mut(&mut self, rule: Rule, colour: u8) -> &mut SideParams {
        &mut self.sides[rule_index(rule)][colour as usize]
    }
}
