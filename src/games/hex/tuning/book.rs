//! The opening book's builder (`sente selfplay hex --book`): the Monte-Carlo player's long
//! search from every 1-ply opening up to the half turn, one line per opening, sharded and
//! resumable. The book it writes is read at play time by `player::book`.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::games::hex::board::{Board, BLACK, WHITE};
use crate::games::hex::player::book::Line;
use crate::games::hex::player::mcts::{search, Settings};
use crate::games::hex::player::tree::Tree;
use crate::util::shard_file;

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
