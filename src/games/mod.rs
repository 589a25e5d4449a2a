//! The games: each implements `search::Position` and a protocol session.

pub mod nim;
pub mod kalah;
