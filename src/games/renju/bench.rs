//! The Renju/Gomoku benchmark: a few middle-game positions searched to a fixed depth.
//! With one thread the node count is a signature of the search.

use super::board::{cell, Rule};
use super::position::Renju;
use crate::search::Position;

pub const DEFAULT_DEPTH: u32 = 7;

/// Games as move lists of `x,y`, alternating from Black (renju on 15×15, freestyle on 20×20).
#[rustfmt::skip]
const GAMES: [&[(usize, usize)]; 4] = [
    &[(7, 7), (8, 8), (8, 6), (6, 8), (9, 7)],
    &[(7, 7), (7, 8), (9, 7), (8, 6), (6, 9), (8, 8), (8, 7)],
    &[(7, 7), (8, 7), (6, 8), (8, 9), (8, 8), (6, 6), (9, 9), (10, 10)],
    &[(7, 7), (8, 8), (6, 8), (8, 6), (8, 7), (6, 6)],
];

pub fn positions(rule: Rule) -> Vec<Renju> {
    let size = if rule == Rule::Renju { 15 } else { 20 };
    GAMES
        .iter()
        .map(|moves| {
            let mut p = Renju::new(size, size, rule);
            for &(x, y) in moves.iter() {
                p.play(cell(x, y));
            }
            p
        })
        .collect()
}

/// Make + undo pairs per second on the incremental board (`sente bench renju-board`): every
/// candidate move of each bench position made and undone, over and over, for about `ms`.
/// Returns (pairs, elapsed).
pub fn make_undo(rule: Rule, ms: u64) -> (u64, std::time::Duration) {
    use super::board::{xy, Board, Cell};
    let boards: Vec<(Board, Vec<Cell>)> = positions(rule)
        .iter()
        .map(|p| {
            let stones: Vec<(Cell, u8)> = (0..p.height())
                .flat_map(|y| (0..p.width()).map(move |x| cell(x, y)))
                .filter(|&c| !p.is_empty(c))
                .map(|c| (c, p.cells()[c as usize] - 1))
                .collect();
            let b = Board::from_stones(p.width(), p.height(), rule, &stones, p.to_move());
            let mut moves = Vec::new();
            b.candidates(&mut moves);
            let _ = xy;
            (b, moves)
        })
        .collect();
    let start = std::time::Instant::now();
    let mut pairs = 0u64;
    let mut boards = boards;
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

/// The bench of renju's own searcher on the same positions: each searched to `depth` (or for
/// `movetime_ms`) from a cleared table. Per-position lines go to stderr.
pub fn run_rebuilt(rule: Rule, args: &crate::bench::BenchArgs) -> crate::bench::BenchTotals {
    use super::player::rebuilt::board_of;
    use super::search::{search, SearchLimits};
    use std::time::Duration;
    let tt = crate::search::Tt::new(args.hash_mb);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let depth = match (args.depth, args.movetime_ms) {
        (Some(d), _) => Some(d),
        (None, Some(_)) => None,
        (None, None) => Some(REBUILT_DEPTH),
    };
    let limits = SearchLimits {
        depth,
        nodes: None,
        soft: args.movetime_ms.map(Duration::from_millis),
        hard: args.movetime_ms.map(Duration::from_millis),
        threads: args.threads,
    };
    let start = std::time::Instant::now();
    let (mut nodes, mut min_depth) = (0, u32::MAX);
    for (i, p) in positions(rule).iter().enumerate() {
        tt.clear();
        let r = search(&board_of(p), &limits, &tt, &stop, &mut |_| {}, &mut |_| {});
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
    crate::bench::BenchTotals {
        depth: depth.unwrap_or(min_depth),
        nodes,
        elapsed: start.elapsed(),
    }
}

/// The rebuilt searcher's default bench depth (it goes deeper per node budget than the old one).
pub const REBUILT_DEPTH: u32 = 10;
