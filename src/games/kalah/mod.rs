//! Kalah(m,n): the rules on a one-word board, the generic search's position, an exact solver
//! with its proof table and endgame database, and the text protocol session.

pub mod bench;
pub mod board;
pub mod endgame;
mod endgame_file;
mod huge_pages;
mod layer_order;
pub mod position;
pub mod proof_table;
pub mod session;
pub mod solver;

pub use board::{Board, Rules};
pub use position::Kalah;
pub use session::KalahSession;

#[cfg(test)]
mod tests;
