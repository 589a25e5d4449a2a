//! The Renju/Gomoku benchmark: a few middle-game positions searched by renju's own searcher to a
//! fixed depth. With one thread the node count is a signature of the search.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::board::{cell, Board, Cell, Rule};
use super::search::{search, SearchLimits};
use crate::bench::{BenchArgs, BenchTotals};
use crate::search::Tt;

/// The bench depth when neither a depth nor a time is given.
pub const DEFAULT_DEPTH: u32 = 10;

/// Games as move lists of `x,y`, alternating from Black (renju on 15×15, freestyle on 20×20).
#[rustfmt::skip]
const GAMES: [&[(usize, usize)]; 4] = [
    &[(7, 7), (8, 8), (8, 6), (6, 8), (9, 7)],
    &[(7, 7), (7, 8), (9, 7), (8, 6), (6, 9), (8, 8), (8, 7)],
    &[(7, 7), (8, 7), (6, 8), (8, 9), (8, 8), (6, 6), (9, 9), (10, 10)],
    &[(7, 7), (8, 8), (6, 8), (8, 6), (8, 7), (6, 6)],
];

/// The bench positions under `rule` (renju on 15x15, other rules on 20x20).
pub fn positions(rule: Rule) -> Vec<Board> {
    let size = if rule == Rule::Renju { 15 } else { 20 };
    GAMES
        .iter()
        .map(|moves| {
            let mut b = Board::new(size, size, rule);
            for &(x, y) in moves.iter() {
                b.make(cell(x, y));
            }
            b
        })
        .collect()
}

/// Make + undo pairs per second on the incremental board (`sente bench renju-board`): every
/// candidate move of each bench position made and undone, over and over, for about `ms`.
/// Returns (pairs, elapsed).
pub fn make_undo(rule: Rule, ms: u64) -> (u64, Duration) {
    let mut boards: Vec<(Board, Vec<Cell>)> = positions(rule)
        .into_iter()
        .map(|b| {
            let mut moves = Vec::new();
            b.candidates(&mut moves);
            (b, moves)
        })
        .collect();
    let start = Instant::now();
    let mut pairs = 0u64;
    while start.elapsed().as_millis() < ms as u128 {
        for (b, moves) in boards.iter_mut() {
            for &m in moves.iter() {
                b.make(m);
                b.undo();
            }
            pairs += moves.len() as u64;
        }
    }
    (pairs, start.elapsed())
}

/// The bench's limits: `args.depth`, or `args.movetime_ms` per position, or the bench depth.
fn limits(args: &BenchArgs, threads: usize) -> SearchLimits {
    SearchLimits {
        depth: match (args.depth, args.movetime_ms) {
            (Some(d), _) => Some(d),
            (None, Some(_)) => None,
            (None, None) => Some(DEFAULT_DEPTH),
        },
        nodes: None,
        soft: args.movetime_ms.map(Duration::from_millis),
        hard: args.movetime_ms.map(Duration::from_millis),
        threads,
    }
}

/// Each position searched to the bench depth (or for `movetime_ms`) from a cleared table.
/// Per-position lines go to stderr.
pub fn run(rule: Rule, args: &BenchArgs) -> BenchTotals {
    let tt = Tt::new(args.hash_mb);
    let stop = AtomicBool::new(false);
    let limits = limits(args, args.threads);
    let depth = limits.depth;
    let start = Instant::now();
    let (mut nodes, mut min_depth) = (0, u32::MAX);
    for (i, b) in positions(rule).iter().enumerate() {
        tt.clear();
        let r = search(b, &limits, &tt, &stop, &mut |_| {}, &mut |_| {});
        eprintln!(
            "position {:>2}: best {:?} score {} depth {} nodes {} time {} ms",
            i + 1,
            r.best,
            r.score,
            r.depth,
            r.nodes,
            r.elapsed.as_millis()
        );
        nodes += r.nodes;
        min_depth = min_depth.min(r.depth);
    }
    BenchTotals {
        depth: depth.unwrap_or(min_depth),
        nodes,
        elapsed: start.elapsed(),
    }
}

/// A position of a counter suite: what kind it is (`opening`, `middle`, `defence`, `lost`...)
/// and the board.
pub struct SuitePosition {
    pub kind: String,
    pub board: Board,
}

/// Reads a counter suite: one position per line, `kind rule size x,y x,y ...` (the moves in
/// order from Black; rule `renju`, `freestyle`, `exact` or `caro`); `#` starts a comment.
pub fn read_suite(text: &str) -> Result<Vec<SuitePosition>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
        let mut words = line.split_whitespace();
        let kind = words.next().ok_or_else(|| bad("no kind"))?.to_string();
        let rule = match words.next() {
            Some("renju") => Rule::Renju,
            Some("freestyle") => Rule::Freestyle,
            Some("exact") => Rule::Exact,
            Some("caro") => Rule::Caro,
            _ => return Err(bad("no rule")),
        };
        let size: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| bad("no size"))?;
        let mut game = super::game::Game::new(size, size, rule).map_err(|e| bad(&e))?;
        for w in words {
            let (x, y) = w.split_once(',').ok_or_else(|| bad("a move is not x,y"))?;
            let (x, y) = (
                x.parse().map_err(|_| bad("x"))?,
                y.parse().map_err(|_| bad("y"))?,
            );
            game.play(x, y).map_err(|e| bad(&e))?;
        }
        out.push(SuitePosition {
            kind,
            board: game.board().clone(),
        });
    }
    Ok(out)
}

/// The counters of each suite position searched to the bench depth (or for `movetime_ms`) from
/// a cleared table, one line per position on stdout, then the suite's table.
pub fn run_stats(suite: &[SuitePosition], args: &BenchArgs) -> BenchTotals {
    use super::search::{search_with_stats, stats::Kind, stats::Stats};
    let tt = Tt::new(args.hash_mb);
    let stop = AtomicBool::new(false);
    let limits = limits(args, 1);
    let depth = limits.depth;
    let start = Instant::now();
    let (mut nodes, mut min_depth, mut depths) = (0, u32::MAX, 0u64);
    let mut total = Stats::default();
    println!(
        "pos kind     stones depth    nodes    ms  full-fl-width  defend-fl-width  first-cut  leaf"
    );
    for (i, p) in suite.iter().enumerate() {
        tt.clear();
        let (r, s) = search_with_stats(&p.board, &limits, &tt, &stop);
        let full = &s.kinds[Kind::Full as usize];
        let defend = &s.kinds[Kind::Defend as usize];
        let width = |k: &super::search::stats::KindStats| {
            k.fail_low_searched as f64 / k.fail_low.max(1) as f64
        };
        println!(
            "{:>3} {:<8} {:>6} {:>5} {:>8} {:>5} {:>14.1} {:>16.1} {:>9.1}% {:>4.0}%",
            i + 1,
            p.kind,
            p.board.stones(),
            r.depth,
            r.nodes,
            r.elapsed.as_millis(),
            width(full),
            width(defend),
            100.0 * full.first_move_cuts as f64 / full.cuts.max(1) as f64,
            100.0 * s.leaf_share()
        );
        nodes += r.nodes;
        min_depth = min_depth.min(r.depth);
        depths += r.depth as u64;
        total.add(&s);
    }
    print!("{}", total.table());
    println!(
        "mean depth {:.1} over {} positions",
        depths as f64 / suite.len().max(1) as f64,
        suite.len()
    );
    BenchTotals {
        depth: depth.unwrap_or(min_depth),
        nodes,
        elapsed: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counter_suite_reads_and_bad_lines_are_refused() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tournaments/renju-counter-suite.txt");
        let suite = read_suite(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert!(suite.len() >= 30, "{} positions", suite.len());
        for kind in ["bench", "opening", "defence", "lost"] {
            assert!(suite.iter().any(|p| p.kind == kind), "no {kind} position");
        }
        // The bench's first game, read back as a suite line, is the bench's first board.
        let one = read_suite("bench renju 15 7,7 8,8 8,6 6,8 9,7 # a comment").unwrap();
        assert_eq!(one[0].board.hash(), positions(Rule::Renju)[0].hash());
        for bad in [
            "bench renju 15 7,7 7,7",
            "bench go 15 7,7",
            "bench renju 15 7;7",
            "bench renju 15 20,3",
        ] {
            assert!(read_suite(bad).is_err(), "{bad}");
        }
    }
}
