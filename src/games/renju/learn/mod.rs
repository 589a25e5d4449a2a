//! Learning the renju evaluation from games played here (issue 26): game records (`records`),
//! the openings they start from (`openings`), the self-play generator (`selfplay`), the deeper searches' move labels (`labels`), the
//! parameter file the engine reads (`eval::file`), the features of a position as the trainer
//! sees them (`features`), the trainer (`train`), its move-ordering fit (`ordering`) and their optimiser (`adam`).

pub mod adam;
pub mod features;
pub mod labels;
pub mod openings;
pub mod ordering;
pub mod records;
pub mod selfplay;
pub mod train;
