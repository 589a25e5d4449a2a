//! The Kalah benchmark: fixed positions of Kalah(6,4) in both rule variants, searched by the
//! generic iterative-deepening search to a fixed depth (the node count is the search's signature).

use super::board::Rules;
use super::position::Kalah;

/// Deep enough for a few seconds on one core.
pub const DEFAULT_DEPTH: u32 = 16;

/// The start and positions a few moves in (fixed lines, so the set never changes).
pub fn positions() -> Vec<Kalah> {
    let lines: [&[usize]; 4] = [&[], &[2, 5], &[5, 0, 3], &[1, 4, 2, 0, 5]];
    let mut out = Vec::new();
    for empty_capture in [false, true] {
        let rules = Rules {
            pits: 6,
            empty_capture,
        };
        for line in lines {
            let mut pos = Kalah::new(rules, 4);
            for &pit in line {
                if pos.is_legal(pit) && pos.final_margin().is_none() {
                    pos.apply(pit);
                }
            }
            out.push(pos);
        }
    }
    out
}
