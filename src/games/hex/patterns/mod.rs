//! Move patterns for Hex, learned here from our own games (MoHex 2.0's design, our code and
//! our data): a candidate cell is described by the stones on its six neighbours and its six
//! bridge cells (the 12-cell pattern, with the 6-cell ring as the fallback for rare ones) and
//! by where it lies from the opponent's last stone (`local`). Each feature has a strength (a
//! "gamma", Coulom's term) fitted by minorization-maximization (`tuning::train`) on the decisions of
//! recorded games; a candidate's strength is the product of its features' gammas, and its
//! share of the total is the prior the tree search starts from (`player::prior`).
//!
//! Keys are seen from the side to move, so one table serves both colours: for White the board
//! is read transposed (which turns White's left-right edges into the top-bottom edges of the
//! mover), and the two readings of a pattern under the board's 180° rotation share a key.

pub mod keys;
pub mod weights;

pub use keys::{local_feature, pattern_keys, LOCAL_FEATURES};
pub use weights::{embedded, PatternWeights};
