//! The games: each implements `search::Position` and a protocol session.

pub mod hex;
pub mod kalah;
pub mod nim;
pub mod renju;
