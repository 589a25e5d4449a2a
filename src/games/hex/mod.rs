//! Hex over GTP: bitset board, two-distance and resistance evaluation, simple virtual
//! connections, a solver for small boards, and the session HexGui and tournament tools talk to.

pub mod board;
pub mod eval;
pub mod groups;
pub mod position;
pub mod resistance;
pub mod twodistance;
pub mod vc;

pub use board::{Board, BLACK, WHITE};
pub use position::Hex;
