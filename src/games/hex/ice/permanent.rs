//! Permanently inferior cells: an empty cell that colour X may fill with its own colour,
//! though neither colour's stone there is dead and no opponent stone there is answered at
//! once (Henderson and Hayward's permanently inferior cells; Benzene fills them as `fpb`/`fpw`
//! from a handful of hand-drawn patterns; this is our graph formulation of the same shape).
//!
//! The shape around empty cell c: three consecutive ring slots of c hold one node G of X's
//! graph (one chain, or an edge and the chains on it), the other three are empty cells
//! a, b, d in ring order, so a and d touch G and b does not. And with X stones on b and c,
//! a and d would both be dead.
//!
//! Why X may fill c. c's colour decides something only when a and d end up the opponent Y's
//! and b X's: otherwise an X stone on c joins nothing that G and a, d do not join already, and
//! a Y stone on c links nothing that a Y stone on b does not. So X plays its winning strategy
//! for the filled position, imagining its stone on c, and answers the few moves that would
//! lead there: Y on c while b is empty is treated as Y on b (c is then worthless to both);
//! Y on c once X has b is answered on a or d (which joins G and b again); Y on the last of a
//! and d once X has b is answered on c itself, at no cost, since with X on b and c that cell
//! is dead, a move that changes nothing in the imagined game. Benzene's patterns are the cases
//! where a and d die by a stone of X just beyond them or of Y one step further on; here the
//! death is asked of the dead-cell test, which covers those and the edges.
//!
//! As for captured cells, the value stays whoever is to move, and once the shape is met it
//! stays true as stones are added (a move into the carrier is as good as it was unfilled:
//! X on b leaves a, c, d captured by X, Y on b kills c). Both are checked by brute force in
//! `tests`.

use crate::games::hex::board::{Board, Cells};

use super::geometry::Slot;
use super::layer::Layers;

/// The first empty cell of `layers` outside `skip` that is permanently inferior for colour
/// `z`, with its carrier (a, b, d). `board` is the board the layers were built from.
pub fn find(layers: &Layers, board: &Board, z: u8, skip: &Cells) -> Option<(usize, [usize; 3])> {
    let geo = &layers.geo;
    let layer = &layers.by_colour[z as usize & 1];
    let empty = layers.empty();
    for c in empty.minus(skip).iter() {
        let ring = &geo.ring[c];
        let node = |s: usize| layer.slot_node(ring[s % 6]);
        let cell = |s: usize| match ring[s % 6] {
            Slot::Cell(u) if empty.has(u as usize) && !skip.has(u as usize) => Some(u as usize),
            _ => None,
        };
        for s in 0..6 {
            let g = node(s);
            if g == super::layer::NO_NODE || node(s + 1) != g || node(s + 2) != g {
                continue;
            }
            let (Some(a), Some(b), Some(d)) = (cell(s + 3), cell(s + 4), cell(s + 5)) else {
                continue;
            };
            let mut after = *board;
            after.place(z, b);
            after.place(z, c);
            let then = Layers::new(&after);
            if then.dead(a) && then.dead(d) {
                return Some((c, [a, b, d]));
            }
        }
    }
    None
}
