//! Renju and Gomoku (freestyle, exactly five, renju, caro) on boards from 5×5 to 22×22,
//! played over the Gomocup protocol (`protocol::gomocup`).
//!
//! Knowledge below, searches above, the session on top; one board under every command:
//! - `patterns` the line-shape tables and the exact renju forbidden-point checker, `board` the
//!   geometry, rules and the incremental make/undo board, `eval` the learned evaluation;
//! - `movepick` the staged move picker, `search` renju's own PVS searcher (on the core's
//!   table, clock and Lazy SMP threads), `threats` the VCF and VCT searches for analysis;
//! - `player` how a move is chosen within the clock (`engine`), the n best moves (`nbest`,
//!   for `YXNBEST`) and the reference players;
//! - `game` the game record the protocol edits (it keeps the board the search starts from),
//!   `session` the state machine behind the Gomocup commands, and `bench` the fixed benchmark;
//! - `learn` the offline tooling: self-play records and the trainer of `sente tune renju`.

pub mod bench;
pub mod board;
pub mod eval;
pub mod game;
pub mod learn;
pub mod movepick;
pub mod patterns;
pub mod player;
pub mod search;
pub mod session;
pub mod threats;

pub use board::Rule;
/// The forbidden-point checker under its old path (the match runner's referee uses it).
pub use patterns::forbidden;

#[cfg(test)]
mod tests;
