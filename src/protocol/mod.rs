//! Front ends: framing, parsing and the command loops of each protocol.

pub mod gtp;
pub mod input;
pub mod output;
