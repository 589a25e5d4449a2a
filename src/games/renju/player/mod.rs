//! How a move is chosen: `engine` (the root threat checks, the main search within the clock)
//! and `nbest` (the n best moves for `YXNBEST`).

pub mod engine;
pub mod nbest;
pub mod plan;
pub mod rebuilt;
