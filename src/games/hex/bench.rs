//! The Hex benchmark: opening and middle-game positions on 9×9, 11×11 and 13×13, searched to a
//! fixed depth (`sente bench hex`), and middle games of the sizes tournaments play for the
//! Monte-Carlo player (`sente bench hex-mcts`), where its connection sets cost most.

use super::board::{BLACK, WHITE};
use super::position::Hex;

pub const DEFAULT_DEPTH: u32 = 5;

pub fn positions() -> Vec<Hex> {
    play(&[
        (11, &[]),
        (11, &["f6", "e7"]),
        (11, &["f6", "d8", "g4", "e5", "h3", "c7"]),
        (9, &["e5", "d6", "c7", "f3"]),
        (13, &["g7", "f8", "h5"]),
    ])
}

/// Middle games of our player against MoHex at 2 s/move (the first 16 and 20 moves of two
/// 11×11 games of `tournaments/results/hex-11-combo1-vs-mohex`, 20 and 26 of two 13×13 games
/// of `hex-13-a9b393d-vs-mohex`), undecided: the positions where the games were lost.
pub fn middle_games() -> Vec<Hex> {
    play(&[
        (
            11,
            &[
                "d8", "f7", "f6", "c8", "c9", "e7", "e6", "d7", "d6", "i4", "i3", "h4", "h3", "g4",
                "h5", "g6",
            ],
        ),
        (
            11,
            &[
                "e2", "d8", "d9", "c9", "b11", "c10", "c11", "d10", "d11", "f10", "e10", "f9",
                "e9", "g7", "g6", "f7", "f6", "c6", "c5", "e5",
            ],
        ),
        (
            13,
            &[
                "g7", "j5", "j4", "h5", "i6", "f7", "f8", "d9", "d10", "e9", "e10", "f9", "f10",
                "g9", "g10", "i9", "h9", "k6", "j6", "k5",
            ],
        ),
        (
            13,
            &[
                "g7", "h7", "h6", "i6", "i5", "j5", "j4", "l3", "l2", "k3", "k4", "l4", "k2", "j3",
                "k5", "l5", "j2", "i3", "k8", "k7", "h9", "i9", "h10", "j7", "i11", "k10",
            ],
        ),
    ])
}

/// Each game's moves played from the empty board, Black first.
fn play(games: &[(usize, &[&str])]) -> Vec<Hex> {
    games
        .iter()
        .map(|(n, moves)| {
            let mut p = Hex::new(*n, *n).expect("bench sizes are valid");
            for (i, m) in moves.iter().enumerate() {
                let c = p.board().parse_cell(m).expect("bench cells are valid");
                p.place(if i % 2 == 0 { BLACK } else { WHITE }, c);
            }
            p
        })
        .collect()
}
