//! The referees, one per game, and the table that picks one from `--game`.
//!
//! Nim is refereed by the rules in `games::nim`. Kalah, Hex and Renju/Gomoku plug in here the
//! same way once their rules modules exist: each needs a `GameKind` + `Referee` in a file of
//! this folder, built on that game's own rules code (the referee must never carry a second,
//! private copy of the rules), and one arm in [`make`].

pub mod gomoku;
pub mod hex;
pub mod kalah;
pub mod nim;

use super::referee::GameKind;
use crate::games::nim::Rule;

/// Options of `sente match` that shape the game.
#[derive(Clone, Debug, Default)]
pub struct GameOptions {
    pub size: Option<usize>,
    pub variant: Option<String>,
}

/// The game named by `--game`.
pub fn make(game: &str, opts: &GameOptions) -> Result<Box<dyn GameKind>, String> {
    match game.to_ascii_lowercase().as_str() {
        "nim" => {
            let rule: Rule = match &opts.variant {
                Some(v) => v.parse()?,
                None => Rule::Misere,
            };
            Ok(Box::new(nim::NimKind {
                rule,
                heaps: opts.size,
            }))
        }
        "kalah" => Ok(Box::new(kalah::KalahKind::new(
            opts.size,
            opts.variant.as_deref(),
        )?)),
        "hex" => Ok(Box::new(hex::HexKind::new(
            opts.size,
            opts.variant.as_deref(),
        )?)),
        "gomoku" => Ok(Box::new(gomoku::GomokuKind::new(
            opts.size,
            opts.variant.as_deref(),
        )?)),
        // TODO(renju): a `renju::RenjuKind` on `crate::games::renju`, whose forbidden-move
        // check (double three, double four, overline for Black; an exact five overrides) must
        // judge Black's moves; the rest is `gomoku::GomokuReferee` with `INFO rule 4` and the
        // 200-move draw on 15x15 (`default_max_moves`).
        "renju" => Err(
            "the match runner has no renju referee yet: it needs the forbidden-move rules of \
             src/games/renju, which plug in at src/arena/games/mod.rs"
                .into(),
        ),
        other => Err(format!(
            "unknown game {other:?} (nim, kalah, hex, gomoku, renju)"
        )),
    }
}
