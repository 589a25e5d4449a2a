//! Offline tooling for the Hex player, apart from the code that plays (as Rapfi keeps
//! `tuning/` beside `search/`): self-play games (`selfplay`), the opening book's builder
//! (`book`), the game records they write and read (`records`), and the pattern trainer
//! (`train`) that fits `data/hex/patterns.bin`. Nothing at play time imports this room.

pub mod book;
pub mod records;
pub mod selfplay;
pub mod train;
