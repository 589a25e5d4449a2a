//! The games: each implements `search::Position` and a protocol session.

pub mod kalah;
pub mod nim;
