//! Renju and Gomoku (freestyle, exactly five, renju, caro) on boards from 5×5 to 22×22,
//! played over the Gomocup protocol (`protocol::gomocup`).
//!
//! `board` holds geometry and rules, `shapes` the line-shape tables, `forbidden` the exact
//! renju forbidden-point checker, `position` the incremental position the search uses, `vcf`
//! the threat-space search, `game` the game record the protocol edits, `engine` how a move is
//! chosen within the clock, `nbest` the n best moves (`YXNBEST`), and `bench` the fixed
//! benchmark.

pub mod bench;
pub mod board;
pub mod engine;
pub mod forbidden;
pub mod game;
pub mod nbest;
pub mod position;
pub mod shapes;
pub mod vcf;
pub mod vct;

pub use board::Rule;
pub use position::Renju;

#[cfg(test)]
mod tests;
