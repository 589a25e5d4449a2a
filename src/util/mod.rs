//! Small helpers below every other layer (search, protocol, games, arena and the command line
//! may all use them; they use nothing of the crate): a self-play shard's record file
//! (`shard_file`), the FNV-1a checksum of weight files and record sampling (`fnv`), the
//! cell names of game records (`cells`) and the log lines' UTC stamp (`utc`); for the tests,
//! long checks spread over the cores (`par`) and the memo of the brute-force oracles (`memo`).

pub mod cells;
pub mod fnv;
#[cfg(test)]
pub mod memo;
#[cfg(test)]
pub mod par;
pub mod shard_file;
pub mod utc;
