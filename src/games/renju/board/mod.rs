//! The board: geometry and rules shared by every part of the engine (`geometry`), and the
//! incremental make/undo board the renju searcher plays on (`state`), whose per-cell facts
//! come from one precomputed table over the four line shapes of a cell (`cell_table`).

pub mod cell_set;
pub mod cell_table;
pub mod geometry;
pub mod state;

pub use geometry::*;
pub use state::Board;

#[cfg(test)]
mod tests;
