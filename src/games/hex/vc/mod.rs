//! Virtual connections: the simple bridge/edge-template chains the search uses (`simple`) and
//! the full H-search engine (`set`) that must-play, the solver and the `vc-*` commands use.

pub mod captured;
pub mod list;
pub mod mustplay;
pub mod set;
pub mod simple;
pub mod sized;
pub mod store;
pub mod templates;

pub use list::Semi;
pub use mustplay::{must_play, Outlook};
pub use simple::{can_connect, winning_cells, winning_chain};
pub use sized::VcSet;

#[cfg(test)]
mod tests;
