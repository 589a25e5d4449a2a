//! Front ends: framing, parsing and the command loops of each protocol.

pub mod gomocup;
pub mod gtp;
pub mod input;
pub mod output;
