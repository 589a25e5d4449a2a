//! Kalah's first moves (issue 43), solved by the release binary's `solve` from an empty database
//! cache: every first move of Kalah(6,4), and Kalah(6,5)'s start, whose proof settles its best
//! first move's value (+10) and bounds every other one's (at most +10). What they are checked
//! against comes from outside the engine:
//!
//! - **the published values of the start, +8 and +10 for the first player** under the standard
//!   capture rule (`empty_capture off`): Rawlings (2015), his computer analysis as Wikipedia's
//!   Kalah article reports it (the revision of 17 December 2015 added the 5-seed results; the
//!   "Solved game" article gives the same). Irving, Donkers and Uiterwijk (2000) give +10 and
//!   +12 for the empty-capture rule. The best first move must be worth exactly that, and the pit
//!   `solve` answers at the start must be one worth it. No per-move values of Kalah(6,5) are
//!   published (the Kalah article lists them for Kalah(6,6) only);
//! - **a deliberately simple solver of this file's own** (its own board and seed-by-seed
//!   sowing, plain negamax over every move, memoised on the pits; no database, no ordering, no
//!   pruning) at the end of each principal line: from the position after a first move, the
//!   engine's best pit is played for whichever side is to move and the position solved again
//!   (its value, for the first player, must stay the first move's: minimax along a principal
//!   line), until at most [`LEAF_SEEDS`] seeds are left on the board or the game is over. There
//!   the simple solver's value must be the first move's value, and the engine's board
//!   (`showboard`) this file's board. So each value is checked through a line the engine says is
//!   best play for both sides, ending in a position solved without the engine (a wrong value on
//!   the line, a wrong database entry, a slip in the stores or in the sowing shows up); that the
//!   line's moves are best is the engine's claim, which the published value checks for the best
//!   first move.
//!
//! Kalah(6,5)'s other first moves are not solved one by one: each is a proof of the whole
//! board's order (pit 1's had taken 311M nodes, minutes on two cores, before its first probe
//! ended; the whole board's takes 767-793M). Run times and the values found:
//! `tournaments/results/kalah-first-moves-43/`. `scripts/test.sh` runs this file in its
//! end-to-end stage, against the release binary, in a test binary of its own (the two tests side
//! by side, nothing else beside them).

mod support;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use support::bin;

/// Pits a side.
const M: usize = 6;
/// A principal line is followed until at most this many seeds are left on the board, where the
/// plain negamax below answers in well under a second.
const LEAF_SEEDS: u32 = 16;

/// A position as this file models it: `pits[0]` are the side to move's pits, its pit 1 first
/// (sowing runs towards the higher pits, then that side's store, then the other side's pits
/// from its pit 1), `pits[1]` the other side's; `stores` likewise; `first` says whether the
/// side to move is the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    pits: [[u32; M]; 2],
    stores: [u32; 2],
    first: bool,
}

impl Pos {
    fn start(n: u32) -> Pos {
        Pos {
            pits: [[n; M]; 2],
            stores: [0; 2],
            first: true,
        }
    }

    fn seeds(&self) -> u32 {
        self.pits.iter().flatten().sum()
    }

    fn over(&self) -> bool {
        self.pits.iter().any(|side| side.iter().all(|&s| s == 0))
    }

    /// Sows pit `i` (0-based) of the side to move, seed by seed around the 13 holes it may
    /// use; a last seed in its store gives another move, a last seed in one of its empty pits
    /// takes itself and the opposite pit if that holds seeds (the standard rule).
    fn play(&self, i: usize) -> Pos {
        let mut p = *self;
        let mut seeds = std::mem::take(&mut p.pits[0][i]);
        assert!(seeds > 0, "pit {} is empty", i + 1);
        // Holes 0..M: own pits; M: own store; M + 1..2M + 1: the other side's pits.
        let mut at = i;
        while seeds > 0 {
            at = (at + 1) % (2 * M + 1);
            match at {
                a if a < M => p.pits[0][a] += 1,
                a if a == M => p.stores[0] += 1,
                a => p.pits[1][a - M - 1] += 1,
            }
            seeds -= 1;
        }
        if at == M {
            return p;
        }
        if at < M && p.pits[0][at] == 1 && p.pits[1][M - 1 - at] > 0 {
            p.stores[0] += 1 + std::mem::take(&mut p.pits[1][M - 1 - at]);
            p.pits[0][at] = 0;
        }
        p.pits.swap(0, 1);
        p.stores.swap(0, 1);
        p.first = !p.first;
        p
    }

    /// The first player's pits and store, then the second player's.
    fn by_player(&self) -> ([u32; M], u32, [u32; M], u32) {
        let (me, them) = if self.first { (0, 1) } else { (1, 0) };
        (
            self.pits[me],
            self.stores[me],
            self.pits[them],
            self.stores[them],
        )
    }

    /// The final margin for the first player under perfect play, by [`to_come`].
    fn value_for_first(&self, memo: &mut HashMap<u128, i32>) -> i32 {
        let mover = self.stores[0] as i32 - self.stores[1] as i32 + to_come(&self.pits, memo);
        if self.first {
            mover
        } else {
            -mover
        }
    }
}

/// The seeds the side to move will still take minus those the other side will, under perfect
/// play, from the pits alone (the stores do not change what is to come): plain negamax over
/// every legal move, each position's value memoised. When either row is empty the game is over
/// and each row goes to its owner.
fn to_come(pits: &[[u32; M]; 2], memo: &mut HashMap<u128, i32>) -> i32 {
    let rows = [pits[0].iter().sum::<u32>(), pits[1].iter().sum::<u32>()];
    if rows[0] == 0 || rows[1] == 0 {
        return rows[0] as i32 - rows[1] as i32;
    }
    let key = pits
        .iter()
        .flatten()
        .fold(0u128, |k, &s| k << 7 | u128::from(s));
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let bare = Pos {
        pits: *pits,
        stores: [0; 2],
        first: true,
    };
    let best = (0..M)
        .filter(|&i| pits[0][i] > 0)
        .map(|i| {
            let c = bare.play(i);
            if c.first {
                c.stores[0] as i32 + to_come(&c.pits, memo)
            } else {
                // The mover's store is now `stores[1]`, the child's side to move is the other.
                c.stores[1] as i32 - to_come(&c.pits, memo)
            }
        })
        .max()
        .expect("a side with seeds has a move");
    memo.insert(key, best);
    best
}

/// `sente kalah` on pipes, one command at a time.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// On two threads, with a proof table of `hash_mb` and an endgame database of `db_seeds`
    /// (fixed, so that the test does the same work on any machine), cached in `cache`.
    fn start(cache: &std::path::Path, hash_mb: usize, db_seeds: u32) -> Engine {
        let mut child = Command::new(bin())
            .args(["kalah", "--threads", "2", "--hash", &hash_mb.to_string()])
            .env("SENTE_CACHE_DIR", cache)
            .env("SENTE_KALAH_DB_SEEDS", db_seeds.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    /// The reply's text after `= ` (lines joined by newlines); a refusal fails the test.
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "the engine closed its output after {command:?}"
            );
            let line = line.trim_end_matches(['\n', '\r']).to_string();
            if line.is_empty() {
                break;
            }
            lines.push(line);
        }
        let reply = lines.join("\n");
        reply
            .strip_prefix("= ")
            .or_else(|| reply.strip_prefix('='))
            .unwrap_or_else(|| panic!("{command:?} answered {reply:?}"))
            .to_string()
    }

    /// `solve`: the final margin for the side to move and a best pit (none if the game is over).
    fn solve(&mut self) -> (i32, Option<usize>) {
        let reply = self.ask("solve");
        let mut words = reply.split_whitespace();
        let margin = words
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("solve answered {reply:?}"));
        (margin, words.next().map(|w| w.parse().unwrap()))
    }

    /// The board `showboard` draws, as [`Pos::by_player`] gives it.
    fn board(&mut self) -> ([u32; M], u32, [u32; M], u32) {
        let text = self.ask("showboard");
        // The rows of numbers alone: the second player's store and pits 6..1, then the first
        // player's pits 1..6 and store (the pit numbers' rows stop at a word, one short).
        let rows: Vec<Vec<u32>> = text
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .map_while(|w| w.parse().ok())
                    .collect::<Vec<u32>>()
            })
            .filter(|row| row.len() == M + 1)
            .collect();
        assert_eq!(rows.len(), 2, "{text}");
        let (north, south) = (&rows[0], &rows[1]);
        let mut second: [u32; M] = north[1..].try_into().unwrap();
        second.reverse();
        (south[..M].try_into().unwrap(), south[M], second, north[0])
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// Follows a principal line from `pos` (the engine's position too, where `solve` just answered
/// `best`, worth `value` to the first player): the engine's best pit played and the position
/// solved again, its value for the first player unchanged, until at most [`LEAF_SEEDS`] seeds
/// are left or the game is over; there the engine's board must be this file's, and the plain
/// negamax's value `value`. `line` holds the pits played to `pos` and gets the line's; returns
/// how many pits the line played.
fn follow_line(
    engine: &mut Engine,
    mut pos: Pos,
    mut best: Option<usize>,
    value: i32,
    line: &mut Vec<usize>,
    memo: &mut HashMap<u128, i32>,
) -> usize {
    let mut played = 0;
    while pos.seeds() > LEAF_SEEDS && !pos.over() {
        let next = best.expect("a position not over has a best pit");
        pos = pos.play(next - 1);
        engine.ask(&format!("play {next}"));
        played += 1;
        line.push(next);
        let (margin, b) = engine.solve();
        best = b;
        assert_eq!(
            if pos.first { margin } else { -margin },
            value,
            "the value changed along the principal line {line:?}"
        );
    }
    assert_eq!(engine.board(), pos.by_player(), "after {line:?}");
    assert_eq!(
        pos.value_for_first(memo),
        value,
        "the plain negamax's value at the end of the principal line {line:?} ({} seeds left)",
        pos.seeds()
    );
    played
}

/// A fresh engine and its own empty database cache, removed when the test is done with it.
struct Session {
    engine: Option<Engine>,
    cache: std::path::PathBuf,
}

impl Session {
    fn new(n: u32, db_seeds: u32, hash_mb: usize) -> Session {
        let cache = std::env::temp_dir().join(format!(
            "sente-kalah-first-moves-{n}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&cache).unwrap();
        let mut engine = Engine::start(&cache, hash_mb, db_seeds);
        engine.ask(&format!("newgame {M} {n}"));
        assert_eq!(engine.board(), Pos::start(n).by_player());
        Session {
            engine: Some(engine),
            cache,
        }
    }

    fn engine(&mut self) -> &mut Engine {
        self.engine.as_mut().unwrap()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        drop(self.engine.take());
        let _ = std::fs::remove_dir_all(&self.cache);
    }
}

/// Kalah(6,4) (standard rule), every first move: played, solved, its principal line followed
/// and checked ([`follow_line`]), taken back; then the start solved, which must be worth +8, the
/// published value (Rawlings 2015), by a pit whose value that is. Seconds on two cores with the
/// default 20-seed database. Kalah(6,5)'s first moves each take a proof of the whole board's
/// order (minutes), so below only the start and its best line are.
#[test]
fn kalah_6_4_first_moves_reach_the_published_value_and_end_as_a_plain_negamax_says() {
    let (n, published) = (4, 8);
    let mut session = Session::new(n, 20, 1024);
    let engine = session.engine();
    let start = Pos::start(n);
    let mut memo = HashMap::new();
    let mut values = Vec::new();
    for pit in 1..=M {
        let pos = start.play(pit - 1);
        engine.ask(&format!("play {pit}"));
        let (margin, best) = engine.solve();
        let value = if pos.first { margin } else { -margin };
        let mut line = vec![pit];
        let played = 1 + follow_line(engine, pos, best, value, &mut line, &mut memo);
        eprintln!("Kalah(6,{n}) first pit {pit}: {value:+} (line {line:?})");
        for _ in 0..played {
            engine.ask("undo");
        }
        values.push(value);
    }
    assert_eq!(engine.board(), start.by_player());
    let (value, best) = engine.solve();
    assert_eq!(value, published, "Kalah(6,{n}), first moves {values:?}");
    assert_eq!(values.iter().max(), Some(&published), "{values:?}");
    let best = best.expect("a best pit at the start");
    assert_eq!(values[best - 1], published, "best pit {best}: {values:?}");
    eprintln!("Kalah(6,{n}) first moves: {values:?}, best pit {best}");
}

/// Kalah(6,5) (standard rule) from an empty cache: the start solved, which must be worth +10,
/// the published value (Rawlings 2015), the best first move's value: the proof shows that move
/// worth +10 and every other first move worth at most that. Then the best first move's principal
/// line, followed and checked down to a board the plain negamax solves ([`follow_line`]). The
/// 25-seed database (the size `solve` takes for Kalah(6,5) on a machine of 16 GB or more) is
/// built first; a 4 GB proof table.
#[test]
fn kalah_6_5_best_first_move_has_the_published_value_and_its_line_ends_as_a_plain_negamax_says() {
    let (n, published) = (5, 10);
    let mut session = Session::new(n, 25, 4096);
    let engine = session.engine();
    let (value, best) = engine.solve();
    assert_eq!(value, published, "Kalah(6,{n})");
    let mut line = Vec::new();
    follow_line(
        engine,
        Pos::start(n),
        best,
        value,
        &mut line,
        &mut HashMap::new(),
    );
    eprintln!("Kalah(6,{n}): {value:+}, principal line {line:?}");
}
