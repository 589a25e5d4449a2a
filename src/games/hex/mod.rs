//! Hex over GTP: bitset board, two-distance and resistance evaluation, simple virtual
//! connections, a solver for small boards, and the session HexGui and tournament tools talk to.

pub mod bench;
pub mod board;
pub mod clock;
pub mod eval;
pub mod groups;
pub mod ice;
pub mod patterns;
pub mod player;
pub mod position;
pub mod resistance;
pub mod session;
pub mod session_inferior;
pub mod session_vc;
pub mod solver;
pub mod tuning;
pub mod twodistance;
pub mod vc;

pub use board::{Board, BLACK, WHITE};
pub use player::genmove::DEFAULT_TREE_MB;
pub use position::Hex;
pub use session::{HexOptions, HexSearch, HexSession, SwapMeaning};

#[cfg(test)]
mod tests;
