//! The yardstick for `sente kalah`'s `solve`: a plain alpha-beta solver with a transposition
//! table, as a textbook would write it, sharing no code with the engine (its own array board,
//! seed-by-seed sowing, the standard ending). `solve` must stay well under its time on the same
//! machine (issue: under 0.2x on Kalah(6,4)); `scripts/kalah-solve-times.sh` runs both.
//!
//! "Plain" means no endgame database, no null-window driver, no threads, no enhanced
//! transposition cutoffs: one full-window fail-soft alpha-beta over the whole tree, with what
//! every textbook version has: a two-tier table (bigger subtree kept, newest always stored) and
//! the usual Kalah move order (table move, extra turns, captures, the rest). Without that order
//! and the second tier it took over 15 minutes on Kalah(6,4), which made a yardstick too easy
//! to beat.
//!
//!     kalah-plain <pits> <seeds> [on|off]    # empty capture, default off
//!
//! Prints `value=<v> nodes=<n> time_ms=<t>`, the final margin for the first player.

use std::time::Instant;

/// Pits per side at most: the board is `[u8; 18]` (two rows and two stores).
const MAX_PITS: usize = 8;
/// Buckets of the transposition table (2^22 of two 32-byte entries: 256 MB).
const TT_BUCKETS: usize = 1 << 22;

#[derive(Clone, Copy)]
struct Board {
    m: usize,
    /// The mover's pits, the mover's store (unused: values exclude the stores), the other
    /// side's pits, its store; always from the side to move.
    cells: [u8; 2 * MAX_PITS + 2],
}

struct Sown {
    board: Board,
    gain: i32,
    again: bool,
}

impl Board {
    fn side(&self, from: usize) -> u32 {
        self.cells[from..from + self.m]
            .iter()
            .map(|&c| c as u32)
            .sum()
    }

    /// Either row empty ends the game; each row goes to its owner.
    fn over(&self) -> Option<i32> {
        let (mine, theirs) = (self.side(0), self.side(self.m + 1));
        (mine == 0 || theirs == 0).then_some(mine as i32 - theirs as i32)
    }

    fn key(&self) -> u128 {
        let mut k = 0u128;
        for (i, &c) in self.cells.iter().enumerate() {
            if i != self.m && i != 2 * self.m + 1 {
                k = k * 97 + c as u128;
            }
        }
        k
    }

    fn sow(&self, pit: usize, empty_capture: bool) -> Sown {
        let m = self.m;
        let len = 2 * m + 2;
        let mut c = self.cells;
        let mut seeds = c[pit];
        c[pit] = 0;
        let mut at = pit;
        let mut gain = 0;
        while seeds > 0 {
            at = (at + 1) % len;
            if at == 2 * m + 1 {
                continue;
            }
            if at == m {
                gain += 1;
            } else {
                c[at] += 1;
            }
            seeds -= 1;
        }
        if at == m {
            return Sown {
                board: Board { m, cells: c },
                gain,
                again: true,
            };
        }
        if at < m && c[at] == 1 {
            let opposite = 2 * m - at;
            if c[opposite] > 0 || empty_capture {
                gain += 1 + c[opposite] as i32;
                c[at] = 0;
                c[opposite] = 0;
            }
        }
        // Hand the turn over: the rows swap.
        let mut flipped = [0u8; 2 * MAX_PITS + 2];
        flipped[..m].copy_from_slice(&c[m + 1..2 * m + 1]);
        flipped[m + 1..2 * m + 1].copy_from_slice(&c[..m]);
        Sown {
            board: Board { m, cells: flipped },
            gain,
            again: false,
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u128,
    lower: i16,
    upper: i16,
    best: u8,
    /// Seeds left on the board: the size of the subtree, for replacement.
    seeds: u8,
}

struct Solver {
    empty_capture: bool,
    tt: Vec<Entry>,
    nodes: u64,
}

impl Solver {
    /// The bucket of a position: two entries, the first kept for the bigger subtree (more seeds
    /// left on the board), the second always replaced, as textbooks pair them.
    fn bucket(key: u128) -> usize {
        (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) as usize % TT_BUCKETS
    }

    fn probe(&self, key: u128) -> Option<Entry> {
        let b = Self::bucket(key);
        self.tt[2 * b..2 * b + 2]
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    fn store(&mut self, entry: Entry) {
        let b = Self::bucket(entry.key);
        let pair = &mut self.tt[2 * b..2 * b + 2];
        if pair[0].key == entry.key || entry.seeds >= pair[0].seeds {
            pair[0] = entry;
        } else {
            pair[1] = entry;
        }
    }

    /// The order textbooks give Kalah moves: the table's best move, then the moves that end in
    /// the store (the mover plays again; nearest the store first), then captures, then the rest
    /// from the store backwards.
    fn order(b: &Board, first: Option<usize>) -> impl Iterator<Item = usize> {
        let m = b.m;
        let len = 2 * m + 1;
        let again = move |p: usize| b.cells[p] as usize % len == m - p;
        // Captures without wrapping round the board: the last seed lands in an empty pit of
        // the mover's row facing seeds.
        let captures = move |p: usize| {
            let end = p + b.cells[p] as usize;
            end < m && b.cells[end] == 0 && b.cells[2 * m - end] > 0
        };
        let mut moves: Vec<usize> = (0..m).rev().filter(|&p| b.cells[p] > 0).collect();
        moves.sort_by_key(|&p| {
            if Some(p) == first {
                0
            } else if again(p) {
                1
            } else if captures(p) {
                2
            } else {
                3
            }
        });
        moves.into_iter()
    }

    /// Fail-soft alpha-beta on what the side to move will still gain minus the other side.
    fn search(&mut self, b: &Board, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(v) = b.over() {
            return v;
        }
        let key = b.key();
        let mut first = None;
        if let Some(e) = self.probe(key) {
            if e.lower as i32 >= beta {
                return e.lower as i32;
            }
            if (e.upper as i32) <= alpha {
                return e.upper as i32;
            }
            alpha = alpha.max(e.lower as i32);
            beta = beta.min(e.upper as i32);
            first = Some(e.best as usize);
        }
        let (a0, b0) = (alpha, beta);
        let mut best = i32::MIN;
        let mut best_pit = 0;
        for p in Self::order(b, first) {
            let s = b.sow(p, self.empty_capture);
            let v = if s.again {
                s.gain + self.search(&s.board, alpha - s.gain, beta - s.gain)
            } else {
                s.gain - self.search(&s.board, s.gain - beta, s.gain - alpha)
            };
            if v > best {
                best = v;
                best_pit = p;
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        let (lower, upper) = if best <= a0 {
            (i16::MIN, best as i16)
        } else if best >= b0 {
            (best as i16, i16::MAX)
        } else {
            (best as i16, best as i16)
        };
        self.store(Entry {
            key,
            lower,
            upper,
            best: best_pit as u8,
            seeds: (b.side(0) + b.side(b.m + 1)) as u8,
        });
        best
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: kalah-plain <pits 1-8> <seeds> [on|off]";
    let m: usize = args
        .first()
        .and_then(|a| a.parse().ok())
        .filter(|m| (1..=MAX_PITS).contains(m))
        .unwrap_or_else(|| {
            eprintln!("{usage}");
            std::process::exit(2)
        });
    let n: u8 = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .filter(|&n| n > 0 && (n as usize) * 2 * m <= 255)
        .unwrap_or_else(|| {
            eprintln!("{usage}");
            std::process::exit(2)
        });
    let empty_capture = args.get(2).is_some_and(|a| a == "on");
    let mut cells = [0u8; 2 * MAX_PITS + 2];
    for i in 0..m {
        cells[i] = n;
        cells[m + 1 + i] = n;
    }
    let board = Board { m, cells };
    let mut solver = Solver {
        empty_capture,
        tt: vec![Entry::default(); 2 * TT_BUCKETS],
        nodes: 0,
    };
    let start = Instant::now();
    let total = (2 * m * n as usize) as i32;
    let value = solver.search(&board, -total - 1, total + 1);
    println!(
        "value={value:+} nodes={} time_ms={}",
        solver.nodes,
        start.elapsed().as_millis()
    );
}
