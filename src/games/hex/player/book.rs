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
//! (docs/hex.md); a damaged line fails the tests.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::mcts::{search, Settings};
use super::tree::Tree;
use crate::games::hex::board::{Board, BLACK, WHITE};
use crate::util::shard_file;

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

/// What one book run does (`sente selfplay hex --book`).
#[derive(Clone, Debug)]
pub struct BookArgs {
    pub size: usize,
    /// Playouts of each search.
    pub playouts: u64,
    /// This run's shard `i` of `n`: the openings `k` (in cell order, up to the half turn)
    /// with `k mod n == i`.
    pub shard: (u64, u64),
    pub out: PathBuf,
    pub resume: bool,
    /// Start no new opening after this long.
    pub budget: Option<Duration>,
    pub seed: u64,
}

impl BookArgs {
    pub fn file(&self) -> PathBuf {
        self.out.join(format!(
            "hex{}-p{}-book-shard{}of{}.txt",
            self.size, self.playouts, self.shard.0, self.shard.1
        ))
    }
}

/// The openings up to the half turn, in cell order: each cell whose turned cell is not below it.
pub fn openings(size: usize) -> Vec<usize> {
    let n = size * size;
    (0..n).filter(|&c| c <= n - 1 - c).collect()
}

/// Book moves per line after the opening stone: the reply only. The answer to that reply (a
/// second search on the reply's kept tree) doubles the cost, and an opponent whose reply
/// differs from ours never reaches it.
const BOOK_MOVES: usize = 1;

/// The book line of `opening`: the reply the search picks at `playouts`, then (up to
/// `BOOK_MOVES`) the answer it picks to that reply on the reply's kept tree, with each move's
/// winning rate. The seed makes it reproducible.
pub fn book_line(size: usize, opening: usize, playouts: u64, seed: u64) -> (Line, Vec<f32>) {
    let mut board = Board::new(size, size).expect("a valid size");
    board.place(BLACK, opening);
    let mut tree = Tree::new((playouts as usize * 6).clamp(1 << 12, 1 << 26));
    let stop = AtomicBool::new(false);
    let mut moves = vec![opening];
    let mut means = Vec::new();
    let mut to_move = WHITE;
    for ply in 0..BOOK_MOVES {
        if board.winner().is_some() {
            break;
        }
        let settings = Settings {
            threads: 1,
            time: None,
            playouts: Some(playouts),
            seed: seed.wrapping_add(ply as u64),
        };
        let o = search(&board, to_move, &tree, &settings, &stop, &mut |_| {});
        let Some(best) = o.best else { break };
        means.push(o.mean);
        board.place(to_move, best);
        moves.push(best);
        if !tree.descend(&[best as u16]) {
            tree.clear();
        }
        tree.compact();
        to_move = 1 - to_move;
    }
    (Line { size, moves }, means)
}

/// Writes the shard's book lines, one per opening, resuming after the lines already written.
pub fn run(args: &BookArgs) -> Result<(), String> {
    let (shard, shards) = args.shard;
    if shards == 0 || shard >= shards {
        return Err(format!("shard {shard}/{shards}"));
    }
    Board::new(args.size, args.size).ok_or(format!("size {}", args.size))?;
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let (mut file, done) = shard_file::open(
        &args.file(),
        args.resume,
        || {
            format!(
                "# sente selfplay hex --book size={} playouts={} shard={}/{} seed={}",
                args.size, args.playouts, shard, shards, args.seed
            )
        },
        |line| Ok(Line::parse(line)?.is_some()),
    )?;
    let started = Instant::now();
    let mine: Vec<(usize, usize)> = openings(args.size)
        .into_iter()
        .enumerate()
        .filter(|(k, _)| *k as u64 % shards == shard)
        .collect();
    for &(k, opening) in mine.iter().skip(done as usize) {
        if args.budget.is_some_and(|b| started.elapsed() >= b) {
            break;
        }
        let t = Instant::now();
        let seed = args.seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (line, means) = book_line(args.size, opening, args.playouts, seed);
        let means: Vec<String> = means.iter().map(|m| format!("{m:.3}")).collect();
        writeln!(file, "{} # mean {}", line.text(), means.join(" ")).map_err(|e| e.to_string())?;
        file.flush().map_err(|e| e.to_string())?;
        eprintln!(
            "book: opening {} ({}) {}, {:.1} s",
            k,
            mine.len(),
            line.text(),
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
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
        assert!(book.len() >= openings(9).len());
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

    #[test]
    fn a_book_run_is_reproducible_and_resumes() {
        let dir = std::env::temp_dir().join(format!("sente-book-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = BookArgs {
            size: 3,
            playouts: 100,
            shard: (0, 2),
            out: dir.clone(),
            resume: false,
            budget: Some(Duration::ZERO),
            seed: 1,
        };
        run(&args).unwrap();
        assert!(run(&args).is_err(), "an existing file needs --resume");
        args.resume = true;
        args.budget = None;
        run(&args).unwrap();
        let text = std::fs::read_to_string(args.file()).unwrap();
        let lines: Vec<Line> = text
            .lines()
            .filter_map(|l| Line::parse(l).unwrap())
            .collect();
        // 3x3: openings 0..=4 up to the half turn; shard 0 of 2 takes 0, 2 and 4.
        let firsts: Vec<usize> = lines.iter().map(|l| l.moves[0]).collect();
        assert_eq!(firsts, [0, 2, 4]);
        // Opening 2 is the third of the openings (k = 2): its seed is the run's mixed with k.
        let seed = 1 ^ 2u64.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        assert_eq!(lines[1], book_line(3, 2, 100, seed).0);
        run(&args).unwrap();
        let again = std::fs::read_to_string(args.file()).unwrap();
        assert_eq!(again, text, "nothing left to do");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
