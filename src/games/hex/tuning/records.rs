//! Game records, one short line per game, the data the pattern weights are learned from:
//! `<size> <winner B|W> <move> <move> ...`, moves as cell names, Black first. A move chosen at
//! random (the early plies of self-play, for variety) carries a trailing `?`: it is played
//! when the game is replayed but is no decision of the search to learn from. Lines starting
//! with `#` are comments (the generator's settings).

use crate::games::hex::board::{Board, BLACK, WHITE};

/// One recorded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub size: usize,
    pub winner: u8,
    /// Cells in playing order, each with whether the search chose it (false: random).
    pub moves: Vec<(usize, bool)>,
}

impl Record {
    /// The line for this game.
    pub fn line(&self) -> String {
        let board = Board::new(self.size, self.size).expect("a recorded size");
        let mut s = format!(
            "{} {}",
            self.size,
            if self.winner == BLACK { "B" } else { "W" }
        );
        for &(c, chosen) in &self.moves {
            s.push(' ');
            s.push_str(&board.cell_name(c));
            if !chosen {
                s.push('?');
            }
        }
        s
    }

    /// Reads one line; `Ok(None)` for a comment or a blank line. Every move must be legal
    /// (an empty cell, the game not over before it).
    pub fn parse(line: &str) -> Result<Option<Record>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let mut words = line.split_ascii_whitespace();
        let size: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or("no board size")?;
        let mut board = Board::new(size, size).ok_or(format!("a board of size {size}"))?;
        let winner = match words.next() {
            Some("B") => BLACK,
            Some("W") => WHITE,
            w => return Err(format!("winner {w:?}")),
        };
        let mut moves = Vec::new();
        for (i, w) in words.enumerate() {
            let (name, chosen) = match w.strip_suffix('?') {
                Some(n) => (n, false),
                None => (w, true),
            };
            let c = board
                .parse_cell(name)
                .filter(|&c| board.color_at(c).is_none())
                .ok_or(format!("move {} ({w}) is not an empty cell", i + 1))?;
            if board.winner().is_some() {
                return Err(format!("move {} after the game ended", i + 1));
            }
            board.place(if i % 2 == 0 { BLACK } else { WHITE }, c);
            moves.push((c, chosen));
        }
        Ok(Some(Record {
            size,
            winner,
            moves,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_from_its_line() {
        let r = Record {
            size: 5,
            winner: WHITE,
            moves: vec![(12, true), (7, false), (3, true)],
        };
        assert_eq!(r.line(), "5 W c3 c2? d1");
        assert_eq!(Record::parse(&r.line()), Ok(Some(r)));
        assert_eq!(Record::parse("# settings"), Ok(None));
        assert_eq!(Record::parse("  "), Ok(None));
    }

    #[test]
    fn bad_lines_are_errors_not_panics() {
        for bad in [
            "x B a1",
            "5 X a1",
            "5 B a1 a1",
            "5 B z9",
            "0 B",
            "99 B",
            "2 B a1 b1 a2 b2",
        ] {
            assert!(Record::parse(bad).is_err(), "{bad}");
        }
    }
}
