//! The static evaluation and the move ranking, both from the two measures of a Hex position:
//! Queenbee's two-distance and Hexy's resistance, computed for both colours.

use super::board::{Board, BLACK, WHITE};
use super::groups::{Groups, MAX_CELLS};
use super::resistance::Resistance;
use super::twodistance::TwoDistance;
use crate::search::{Score, WIN_BOUND};

/// Weight of the log resistance ratio (Hexy's evaluation).
const RESISTANCE_WEIGHT: f32 = 300.0;
/// Weight of one step of two-distance.
const DISTANCE_WEIGHT: i32 = 15;
/// Weight of one cell of two-distance mobility.
const MOBILITY_WEIGHT: i32 = 2;
/// How hard the move ranking pulls towards the centre on an open board (see `move_values`):
/// enough that the centre outranks the cells by the obtuse corners on an empty board. At
/// 100 ms/move against the greedy player, 2.0 won 97% on 9×9 and 11×11 where 1.2 won 94–95%.
const CENTRE_PULL: f32 = 2.0;
/// A distance past any real one, for a colour that is cut off.
const DISTANCE_CAP: i32 = 60;

/// Both measures for both colours.
pub struct Analysis {
    pub distance: [TwoDistance; 2],
    pub resistance: [Resistance; 2],
}

impl Analysis {
    pub fn new(board: &Board) -> Analysis {
        let g = [Groups::new(board, BLACK), Groups::new(board, WHITE)];
        Analysis {
            distance: [
                TwoDistance::new(board, &g[0]),
                TwoDistance::new(board, &g[1]),
            ],
            resistance: [Resistance::new(board, &g[0]), Resistance::new(board, &g[1])],
        }
    }

    /// The value for `color` (positive: `color` is better off).
    pub fn score(&self, color: u8) -> Score {
        let me = color as usize & 1;
        let op = 1 - me;
        let ohms = |i: usize| self.resistance[i].ohms.clamp(0.01, 10_000.0);
        let r = RESISTANCE_WEIGHT * (ohms(op) / ohms(me)).ln();
        let d = |i: usize| (self.distance[i].best as i32).min(DISTANCE_CAP);
        let m = |i: usize| (self.distance[i].mobility as i32).min(20);
        let s = r as i32 + DISTANCE_WEIGHT * (d(op) - d(me)) + MOBILITY_WEIGHT * (m(me) - m(op));
        s.clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
    }

    /// How promising a move at each empty cell looks, for either colour: cells carrying much of
    /// either side's current, and cells on either side's shortest two-distance paths, first.
    pub fn move_values(&self, board: &Board) -> [f32; MAX_CELLS] {
        let mut v = [f32::NEG_INFINITY; MAX_CELLS];
        let max_flow = |i: usize| {
            board
                .empty_cells()
                .iter()
                .map(|c| self.resistance[i].flow[c])
                .fold(1e-6f32, f32::max)
        };
        let (fb, fw) = (max_flow(0), max_flow(1));
        // Current crowds into the obtuse corners (as it does at any electrode corner wider than
        // a right angle; the bridge links make it worse), which are poor moves while the board
        // is open: a pull towards the centre, fading as the board fills, counters that.
        let empty = board.empty_cells();
        let openness = empty.len() as f32 / board.size() as f32;
        let (cx, cy) = (
            (board.width() - 1) as f32 / 2.0,
            (board.height() - 1) as f32 / 2.0,
        );
        let reach = (cx + cy).max(1.0);
        for c in empty.iter() {
            let (x, y) = board.xy(c);
            let (dx, dy) = (x as f32 - cx, y as f32 - cy);
            // Hex distance on the rhombus: the (x+1, y−1) diagonal is a single step.
            let dist = if dx * dy < 0.0 {
                dx.abs().max(dy.abs())
            } else {
                dx.abs() + dy.abs()
            };
            let slack = |i: usize| {
                let td = &self.distance[i];
                (td.potential[c].saturating_sub(td.best)).min(8) as f32
            };
            v[c] = self.resistance[0].flow[c] / fb + self.resistance[1].flow[c] / fw
                - 0.12 * (slack(0) + slack(1))
                - CENTRE_PULL * openness * dist / reach;
        }
        v
    }
}
