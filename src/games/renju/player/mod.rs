//! How a move is chosen: `engine` (a forced reply, a proven win, or renju's searcher within the
//! clock, checked by `guard`), `clock` (the move's soft and hard limits), `nbest` (the n best moves for `YXNBEST`)
//! and `reference` (the weak reference players on the same board).

pub mod clock;
pub mod engine;
pub mod guard;
pub mod nbest;
pub mod reference;
