//! The players that choose Hex moves above the knowledge below: Monte-Carlo tree search
//! (`mcts`, on a lock-free `tree`, with `playout`s). The alpha-beta player is the shared
//! search core over `position::Hex`.

pub mod bench;
pub mod genmove;
pub mod mcts;
pub mod playout;
pub mod tree;
