//! Sente: one engine for Hex, Renju/Gomoku, Kalah and Nim.
//!
//! `search` is the game-agnostic core, `games` the rules and knowledge of each game, `protocol`
//! the front ends that speak to GUIs and managers, `reference_players` the weak yardsticks
//! (`--player random|greedy`), `bench` the deterministic benchmarks, `arena` the match runner,
//! and `util` the small helpers below all of them.

pub mod arena;
pub mod bench;
pub mod games;
pub mod protocol;
pub mod reference_players;
pub mod search;
pub mod util;
