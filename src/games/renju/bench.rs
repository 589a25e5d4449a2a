//! The Renju/Gomoku benchmark: a few middle-game positions searched to a fixed depth.
//! With one thread the node count is a signature of the search.

use super::board::{cell, Rule};
use super::position::Renju;
use crate::search::Position;

pub const DEFAULT_DEPTH: u32 = 7;

/// Games as move lists of `x,y`, alternating from Black (renju on 15×15, freestyle on 20×20).
#[rustfmt::skip]
const GAMES: [&[(usize, usize)]; 4] = [
    &[(7, 7), (8, 8), (8, 6), (6, 8), (9, 7)],
    &[(7, 7), (7, 8), (9, 7), (8, 6), (6, 9), (8, 8), (8, 7)],
    &[(7, 7), (8, 7), (6, 8), (8, 9), (8, 8), (6, 6), (9, 9), (10, 10)],
    &[(7, 7), (8, 8), (6, 8), (8, 6), (8, 7), (6, 6)],
];

pub fn positions(rule: Rule) -> Vec<Renju> {
    let size = if rule == Rule::Renju { 15 } else { 20 };
    GAMES
        .iter()
        .map(|moves| {
            let mut p = Renju::new(size, size, rule);
            for &(x, y) in moves.iter() {
                p.play(cell(x, y));
            }
            p
        })
        .collect()
}
