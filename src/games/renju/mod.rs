//! Renju and Gomoku (freestyle, exactly five, renju, caro) on boards from 5×5 to 22×22,
//! played over the Gomocup protocol (`protocol::gomocup`).
//!
//! Knowledge below, searches above, the session on top:
//! - `board` geometry and rules, `patterns` the line-shape tables and the exact renju
//!   forbidden-point checker, `position` the incremental position the search uses;
//! - `threats` the VCF and VCT searches, `player` how a move is chosen within the clock
//!   (`engine`) and the n best moves (`nbest`, for `YXNBEST`);
//! - `game` the game record the protocol edits, `session` the state machine behind the
//!   Gomocup commands, and `bench` the fixed benchmark.

pub mod bench;
pub mod board;
pub mod eval;
pub mod game;
pub mod learn;
pub mod movepick;
pub mod patterns;
pub mod player;
pub mod position;
pub mod search;
pub mod session;
pub mod threats;

pub use board::Rule;
/// The forbidden-point checker under its old path (the match runner's referee uses it).
pub use patterns::forbidden;
pub use position::Renju;

#[cfg(test)]
mod tests;
