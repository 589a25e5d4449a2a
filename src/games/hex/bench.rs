//! The Hex benchmark: opening and middle-game positions on 9×9, 11×11 and 13×13, searched to a
//! fixed depth (`sente bench hex`).

use super::board::{BLACK, WHITE};
use super::position::Hex;

pub const DEFAULT_DEPTH: u32 = 5;

pub fn positions() -> Vec<Hex> {
    let games: [(usize, &[&str]); 5] = [
        (11, &[]),
        (11, &["f6", "e7"]),
        (11, &["f6", "d8", "g4", "e5", "h3", "c7"]),
        (9, &["e5", "d6", "c7", "f3"]),
        (13, &["g7", "f8", "h5"]),
    ];
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
