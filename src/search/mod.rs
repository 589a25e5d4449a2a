//! The game-agnostic search: it knows positions only through the [`Position`] trait.

pub mod game;
pub mod prefetch;
pub mod pvs;
pub mod smp;
pub mod time;
pub mod tt;

pub use game::{is_proven, Outcome, Position, Score, INFINITY, WIN, WIN_BOUND};
pub use pvs::RootEvent;
pub use smp::{search, search_observed, Limits, Report};
pub use time::{Budget, Clock, TimeControl};
pub use tt::{Tt, DEFAULT_HASH_MB};

#[cfg(test)]
mod tests;
