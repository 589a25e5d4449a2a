//! The referees, one per game, and the table that picks one from `--game`.
//!
//! Nim is refereed by the rules in `games::nim`. Kalah, Hex and Gomoku keep small boards of
//! their own: their rules take a few dozen lines, and a referee independent of the engine's code
//! catches the engine's rule bugs instead of sharing them. Renju's forbidden moves are not a few
//! lines: they come from our renju rules module through `gomoku::ForbiddenCheck`.

pub mod gomoku;
pub mod hex;
pub mod kalah;
pub mod nim;

use super::referee::GameKind;
use crate::games::nim::Rule;
use crate::games::renju::board::{cell, BLACK, CELLS, EMPTY, MAX_SIDE, WALL, WHITE};
use crate::games::renju::forbidden::is_forbidden;

/// Renju's judgement for the referee, by the engine's own exact rules module (checked against
/// two independent reference implementations on the shared data set).
pub fn renju_forbidden(n: u32, stones: &[(u32, u32, usize)], x: u32, y: u32) -> Option<String> {
    let mut cells = [WALL; CELLS];
    for cy in 0..n as usize {
        for cx in 0..n as usize {
            cells[cell(cx, cy) as usize] = EMPTY;
        }
    }
    for &(sx, sy, seat) in stones {
        if (sx, sy) != (x, y) {
            cells[cell(sx as usize, sy as usize) as usize] = if seat == 0 { BLACK } else { WHITE };
        }
    }
    is_forbidden(&mut cells, cell(x as usize, y as usize) as usize)
        .then(|| "forbidden move for Black (overline, double four or double three)".to_string())
}

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
            if opts.size == Some(0) {
                return Err("nim: --size (heaps of random openings) must be at least 1".into());
            }
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
        "renju" => {
            if opts.size.is_some_and(|n| n > MAX_SIDE) {
                return Err(format!("renju: --size must be 5..{MAX_SIDE}"));
            }
            Ok(Box::new(gomoku::GomokuKind::renju(
                opts.size,
                renju_forbidden,
            )?))
        }
        other => Err(format!(
            "unknown game {other:?} (nim, kalah, hex, gomoku, renju)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renju_referee_uses_the_exact_rules() {
        // Two open threes crossing at (7,7): a double three, forbidden for Black.
        let mut stones = vec![
            (7, 5, 0),
            (0, 0, 1),
            (7, 6, 0),
            (0, 14, 1),
            (5, 7, 0),
            (14, 0, 1),
            (6, 7, 0),
            (14, 14, 1),
        ];
        stones.push((7, 7, 0));
        assert!(renju_forbidden(15, &stones, 7, 7).is_some());
        // One three only: allowed.
        let single = vec![(7, 5, 0), (0, 0, 1), (7, 6, 0), (0, 14, 1), (7, 7, 0)];
        assert!(renju_forbidden(15, &single, 7, 7).is_none());
        // Six in a row for Black: an overline.
        let mut line: Vec<(u32, u32, usize)> = (0..5)
            .flat_map(|i| [(2 + i, 3, 0), (2 + i, 10, 1)])
            .collect();
        line.retain(|&(x, _, _)| x != 4);
        line.push((4, 3, 0));
        assert!(
            renju_forbidden(15, &line, 4, 3).is_none(),
            "a five is never forbidden"
        );
        line.push((7, 3, 0));
        line.retain(|&(x, y, _)| (x, y) != (4, 3));
        line.push((4, 3, 0));
        assert!(
            renju_forbidden(15, &line, 4, 3).is_some(),
            "six in a row is an overline"
        );
        assert!(make(
            "renju",
            &GameOptions {
                size: Some(23),
                variant: None
            }
        )
        .is_err());
    }
}
