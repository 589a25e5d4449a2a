//! The inferior-cell engine (ICE): Hex knowledge about cells whose colour is decided or whose
//! move is never better than another one, after Hayward et al. ("Solving 7x7 Hex: virtual
//! connections and game-state reduction"), Henderson and Hayward's captured and dominated cells,
//! and Benzene's ICEngine (for which classes exist and how HexGui shows them; the tests here
//! are our own graph formulation rather than Benzene's pattern files).
//!
//! - `layer`: one colour's graph (chains contracted, opponent stones deleted) and the dead-cell
//!   test on it, also for a board with one stone more;
//! - `fill`: dead, captured and permanently inferior cells filled to a fixed point (`fill_in`);
//! - `region`: dead regions, cells walled off from a colour's edges by one of its chains;
//! - `permanent`: permanently inferior cells, which a colour may fill though they are neither
//!   dead nor captured;
//! - `inferior`: vulnerable and dominated moves and the set of moves to consider;
//! - `fillin`: the solver's entry to fill-in and the quick local dead-cell test;
//! - `swap`: domination by local patterns, each proved by brute force where it is met.
//!
//! This is the knowledge layer: it sees the board and a game state only through
//! `fill::State`, which `position::Hex` implements, so nothing here imports the position, the
//! solver or the session (the GTP answers live in `session_inferior`).

pub mod fill;
pub mod fillin;
pub mod geometry;
pub mod inferior;
pub mod layer;
pub mod permanent;
pub mod region;
pub mod swap;

#[cfg(test)]
mod tests;

pub use fill::{fill_in, Fill, State};
pub use layer::Layers;

use super::board::Cells;

/// The moves the side to move of `pos` has to consider: the empty cells of the filled position
/// that no other move dominates (see `inferior` for why this is safe). Empty when the filled
/// position is decided or full. Costs a fill-in and one pass over the empty cells.
pub fn consider<P: State>(pos: &P) -> Cells {
    match fill::fill_in_with_layers(pos) {
        (_, _, Some(layers)) => inferior::Pruning::new(&layers, pos.to_move()).consider,
        _ => Cells::EMPTY,
    }
}
