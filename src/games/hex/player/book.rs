//! The opening book: our own engine's long searches from every 1-ply opening. The first
//! replies are where a 2 s search sees least (the board is open, every line is long) and where
//! the games against Wolve and MoHex were lost (by ply 10–20), so those moves get ahead of time
//! the budget no move in play has: the Monte-Carlo player's search at `--playouts` (a million
//! by default, some eight times what 2 s gives) on its own tree, nothing else. No move of
//! another program's is in it.
//!
//! A book line is a short game: its first move is the opening stone (Black's, placed by the
//! referee), and every move after it is the book's move in the position before it. The shipped
//! 9×9 book (`data/hex/book/hex9.txt`, embedded) has one line per opening up to the half turn
//! (41 of the 81 cells): the reply to the opening stone. The half turn keeps both colours'
//! edges, so each line also holds for the turned opening. Made by `sente selfplay hex --book`
//! (`tuning::book`, docs/hex.md); a damaged line fails the tests.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::games::hex::board::{Board, BLACK, WHITE};

/// The shipped books by board size.
const BOOKS: &[(usize, &str)] = &[(9, include_str!("../../../../data/hex/book/hex9.txt"))];

/// The book lines' moves, from the empty board, Black first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub size: usize,
    pub moves: Vec<usize>,
}

impl Line {
    /// Reads `size cell cell ...` (`#` starts a comment); `None` for a blank or comment line.
    pub fn parse(text: &str) -> Result<Option<Line>, String> {
        let text = text.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            return Ok(None);
        }
        let mut words = text.split_whitespace();
        let size: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or(format!("{text:?}: no board size"))?;
        let mut board = Board::new(size, size).ok_or(format!("{text:?}: size {size}"))?;
        let mut moves = Vec::new();
        for (i, w) in words.enumerate() {
            let c = board
                .parse_cell(w)
                .filter(|&c| !board.occupied().has(c))
                .ok_or(format!("{text:?}: {w} is no empty cell"))?;
            if board.winner().is_some() {
                return Err(format!("{text:?}: a move after the game's end"));
            }
            board.place(if i % 2 == 0 { BLACK } else { WHITE }, c);
            moves.push(c);
        }
        if moves.len() < 2 {
            return Err(format!("{text:?}: an opening stone and a move at least"));
        }
        Ok(Some(Line { size, moves }))
    }

    /// The line as `parse` reads it.
    pub fn text(&self) -> String {
        let board = Board::new(self.size, self.size).expect("the line's own size");
        let mut s = self.size.to_string();
        for &c in &self.moves {
            s.push(' ');
            s.push_str(&board.cell_name(c));
        }
        s
    }
}

/// A position's stones, Black's then White's, sorted: the book's key.
type Key = (Vec<u16>, Vec<u16>);

fn key(board: &Board, turned: bool) -> Key {
    let n = board.size();
    let cells = |colour: u8| {
        let mut v: Vec<u16> = board
            .stones(colour)
            .iter()
            .map(|c| if turned { n - 1 - c } else { c } as u16)
            .collect();
        v.sort_unstable();
        v
    };
    (cells(BLACK), cells(WHITE))
}

/// One size's book: the move for each position its lines pass through.
#[derive(Default)]
pub struct Book {
    moves: HashMap<Key, u16>,
}

impl Book {
    /// The book of `text`'s lines for boards of `size` (other sizes' lines are skipped).
    pub fn parse(size: usize, text: &str) -> Result<Book, String> {
        let mut book = Book::default();
        for (i, l) in text.lines().enumerate() {
            let Some(line) = Line::parse(l).map_err(|e| format!("line {}: {e}", i + 1))? else {
                continue;
            };
            if line.size != size {
                continue;
            }
            let mut board = Board::new(size, size).expect("a parsed size");
            for (j, &c) in line.moves.iter().enumerate() {
                if j > 0 {
                    book.moves.entry(key(&board, false)).or_insert(c as u16);
                }
                board.place(if j % 2 == 0 { BLACK } else { WHITE }, c);
            }
        }
        Ok(book)
    }

    /// The book's move for `to_move` on `board`: positions the book holds, or their half
    /// turn, with the colours to move in turn from Black.
    pub fn move_for(&self, board: &Board, to_move: u8) -> Option<usize> {
        let (b, w) = (board.stones(BLACK).len(), board.stones(WHITE).len());
        let in_turn = if to_move == BLACK { b == w } else { b == w + 1 };
        if !in_turn || board.width() != board.height() {
            return None;
        }
        let n = board.size();
        [false, true].into_iter().find_map(|turned| {
            let c = *self.moves.get(&key(board, turned))? as usize;
            let c = if turned { n - 1 - c } else { c };
            board.empty_cells().has(c).then_some(c)
        })
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The shipped book for `size`×`size` boards, if there is one.
pub fn shipped(size: usize) -> Option<&'static Book> {
    static PARSED: OnceLock<Vec<(usize, Book)>> = OnceLock::new();
    let books = PARSED.get_or_init(|| {
        BOOKS
            .iter()
            .map(|&(s, text)| (s, Book::parse(s, text).unwrap_or_default()))
            .collect()
    });
    books.iter().find(|(s, _)| *s == size).map(|(_, b)| b)
}

/// Whether `genmove` plays the book's moves (`book_move`). Off: the book's side lost 43-47 in
/// self-play at 300 ms/move against the same player without it, SPRT H0
/// (tournaments/results/hex-learn-selfplay/sp-book/).
pub const PLAY_BOOK: bool = false;

/// The shipped book's move for the side to move, on a game played without the swap rule
/// (none while `PLAY_BOOK` is off).
pub fn book_move(board: &Board, to_move: u8) -> Option<usize> {
    if !PLAY_BOOK {
        return None;
    }
    shipped(board.width())?.move_for(board, to_move)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::player::test_board as board;

    #[test]
    fn the_shipped_book_answers_every_opening_of_9x9() {
        // Every line reads back (a damaged one fails here), and every 1-ply opening, turned
        // or not, gets a reply on an empty cell.
        let text = BOOKS.iter().find(|(s, _)| *s == 9).unwrap().1;
        let book = Book::parse(9, text).unwrap();
        let empty = Board::new(9, 9).unwrap();
        for c in 0..81 {
            let mut b = empty;
            b.place(BLACK, c);
            let r = book.move_for(&b, WHITE);
            assert!(r.is_some_and(|r| r != c), "{}", b.cell_name(c));
        }
        assert!(book.len() >= 41, "the openings up to the half turn");
        assert!(std::ptr::eq(shipped(9).unwrap(), shipped(9).unwrap()));
        assert!(shipped(7).is_none());
    }

    #[test]
    fn a_turned_position_gets_the_turned_move() {
        let book = Book::parse(5, "# a comment\n5 a2 c3 b4 # note\n\n").unwrap();
        assert_eq!(book.len(), 2);
        let b = board(5, &["a2"], &[]);
        assert_eq!(book.move_for(&b, WHITE), b.parse_cell("c3"));
        assert_eq!(
            book.move_for(&b, BLACK),
            None,
            "White is to move after one stone"
        );
        // The half turn of a2 is e4; of c3, c3; of b4, d2.
        let t = board(5, &["e4"], &[]);
        assert_eq!(book.move_for(&t, WHITE), t.parse_cell("c3"));
        let t = board(5, &["e4"], &["c3"]);
        assert_eq!(book.move_for(&t, BLACK), t.parse_cell("d2"));
        assert_eq!(book.move_for(&board(5, &["a3"], &[]), WHITE), None);
        assert_eq!(book.move_for(&board(7, &["a2"], &[]), WHITE), None);
    }

    #[test]
    fn damaged_lines_are_refused() {
        for bad in [
            "9 a2 a2",
            "9 a2",
            "9 z9 a1",
            "x a1 a2",
            "0 a1 a2",
            "9 a1 b1 a2 b2 a3 b3 a4 b4 a5 b5 a6 b6 a7 b7 a8 b8 a9 b9 c1",
        ] {
            assert!(Line::parse(bad).is_err(), "{bad}");
            assert!(Book::parse(9, bad).is_err(), "{bad}");
        }
        let line = Line::parse("9 a2 i1 h4").unwrap().unwrap();
        assert_eq!(Line::parse(&line.text()).unwrap(), Some(line));
    }
}
