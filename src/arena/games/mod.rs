//! The referees, one per game, and the table that picks one from `--game`.
//!
//! Nim is refereed by the rules in `games::nim`. Kalah, Hex and Gomoku keep small boards of
//! their own: their rules take a few dozen lines, and a referee independent of the engine's code
//! catches the engine's rule bugs instead of sharing them. Renju's forbidden moves are not a few
//! lines: they come from our renju rules module through `gomoku::ForbiddenCheck` (see the
//! `renju` arm of [`make`]).

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
        // TODO(renju): once `crate::games::renju` is merged, this arm becomes
        //     "renju" => Ok(Box::new(gomoku::GomokuKind::renju(opts.size, check)?)),
        // with `check` a `gomoku::ForbiddenCheck` adapter over that module's forbidden-move test
        // (double three, double four, overline for Black). Everything else (exact five wins,
        // forbidden moves lose, `INFO rule 4`, the 200-move draw) is already in `gomoku`.
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
