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

/// Each position searched to the bench depth (or for `movetime_ms`) from a cleared table.
/// Per-position lines go to stderr.
pub fn run(rule: Rule, args: &BenchArgs) -> BenchTotals {
    let tt = Tt::new(args.hash_mb);
    let stop = AtomicBool::new(false);
    let depth = match (args.depth, args.movetime_ms) {
        (Some(d), _) => Some(d),
        (None, Some(_)) => None,
        (None, None) => Some(DEFAULT_DEPTH),
    };
    let limits = SearchLimits {
        depth,
        nodes: None,
        soft: args.movetime_ms.map(Duration::from_millis),
        hard: args.movetime_ms.map(Duration::from_millis),
        threads: args.threads,
    };
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
