//! Nim: heaps of any size, normal and misère rules, solved by theory and by the generic search.

pub mod bench;
pub mod position;
pub mod rules;
pub mod session;
pub mod theory;

pub use position::Nim;
pub use rules::{NimMove, Rule};
pub use session::NimSession;

#[cfg(test)]
mod tests;
