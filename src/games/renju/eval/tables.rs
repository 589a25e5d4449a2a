//! The hand-set numbers of the evaluation, indexed by shape, combination and threat codes: the
//! starting point and prior of the trainer (`sente tune renju`), which turns them into per-code
//! tables for every rule set and colour (`params`); the engine reads those.
//!
//! The values are the hand-set ones the copy-make engine used (`position.rs`): the rebuilt
//! searcher was first to be judged on search alone, with the same knowledge.

use crate::games::renju::patterns::shapes::SHAPES;

/// What a line shape on an empty cell is worth to the side that could play there, by shape code
/// (`patterns::shapes`: none, B1, F1, B2, F2, B3, F3, B4, F4, five, overline).
pub const SHAPE_VALUE: [i32; SHAPES] = [0, 1, 3, 4, 10, 12, 30, 32, 60, 120, 0];

/// Combination codes of a cell's four shapes (`combination`): what one stone there makes at
/// once beyond the lines apart.
pub const COMBOS: usize = 8;
/// Extra value of each combination code: none; two open twos; a blocked three with another
/// blocked three or open two; a four with a two or blocked three; an open three with an open two
/// or blocked three; two open threes; a four with an open three; an open four or two fours.
pub const COMBO_VALUE: [i32; COMBOS] = [0, 12, 10, 25, 25, 60, 90, 120];

/// The side-to-move threat terms (`eval::evaluate`), by `Threat` code.
pub const THREAT_VALUE: [i32; THREATS] = [
    10_000, // ToMoveHasFive: the side to move wins at once
    6_000,  // OpponentDoubleFive: two five points of the opponent
    3_000,  // OpponentFourAndThree: a five point and an open three of the opponent, no four of ours
    150,    // OpponentFour: a five point of the opponent to block
    6_000,  // OwnOpenFourFree: our open-four point and no four of theirs to delay it
    1_500,  // OwnOpenFourDelayed: our open-four point, but they have fours to delay it
    4_000,  // OwnDoubleFour: our double four (not Black under renju), no four of theirs
    2_500,  // OwnFourThree: our four-three point, no four of theirs
    2_000,  // OpponentOpenThrees: two or more open threes of the opponent, no four of ours
    500,    // OpponentOpenThree: an open three of the opponent to answer
    350,    // OpponentOneWinThreat: one four-three (or double four) point of the opponent
    800,    // OpponentWinThreats: two or more such points
    300,    // OwnDoubleThree: our double-three point when the opponent has no such threat
    0,      // SideToMove: what being this colour to move is worth (learned; none by hand)
];

/// Names of the threat terms (indices into `THREAT_VALUE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threat {
    ToMoveHasFive,
    OpponentDoubleFive,
    OpponentFourAndThree,
    OpponentFour,
    OwnOpenFourFree,
    OwnOpenFourDelayed,
    OwnDoubleFour,
    OwnFourThree,
    OpponentOpenThrees,
    OpponentOpenThree,
    OpponentOneWinThreat,
    OpponentWinThreats,
    OwnDoubleThree,
    SideToMove,
}
pub const THREATS: usize = 14;

/// The side to move's own potential counts this much (per cent) against the opponent's: the
/// move it is about to make is worth a tempo.
pub const TEMPO_PERCENT: i32 = 120;

/// The evaluation stays inside this band (proven scores lie far beyond it).
pub const EVAL_LIMIT: i32 = 20_000;
