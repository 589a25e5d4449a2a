//! Renju's own searcher: PVS with make/undo on the incremental board (`node`), the quick result
//! of a node (`win`), every constant in one table (`params`), and this driver: iterative
//! deepening with aspiration windows, one search per move under the core's clock with a soft
//! limit that stretches while the best move changes and shrinks while it holds, never past the
//! hard limit. Every command that searches (`TURN`, `YXNBEST`, pondering, `bench`) comes here.
//!
//! Why not the generic `search/pvs.rs`: its `Position` trait is copy-make (a ~30 KB copy of the
//! board per node), has no null move, no singular search and no quiescence. This searcher keeps
//! the core's building blocks: the lock-free table, the stop flag and node counter
//! (`pvs::Shared`), the clock (`time`), the Lazy SMP threads and the choice between their
//! results (`smp::lazy_smp`, `smp::HelperBest`), and the score conventions.

pub mod node;
pub mod params;
pub mod stats;
pub mod win;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use super::board::{Board, Cell};
use super::movepick::{MovePicker, Ordering as MoveOrdering};
use crate::search::pvs::{Iteration, Shared, MAX_PLY};
use crate::search::smp::{helper_start_depth, lazy_smp, HelperBest};
use crate::search::{is_proven, Clock, Report, RootEvent, Score, Tt, INFINITY, WIN};
use node::{RootMove, Worker};
use params::params;
use stats::Stats;

/// What bounds one search.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Soft limit: no new iteration past it (scaled by the best move's stability).
    pub soft: Option<Duration>,
    /// Hard limit: every thread stops.
    pub hard: Option<Duration>,
    pub threads: usize,
}

/// The soft limit's scale (per cent) by how many iterations in a row kept the best move.
const STABILITY_PERCENT: [u64; 5] = [160, 120, 90, 70, 55];

/// The moves the picker offers at `b`, in its order (static scores only: no history yet). A lost
/// position whose threat nothing stops has none.
pub fn picker_moves(b: &mut Board) -> Vec<Cell> {
    let history = [0i32; super::board::CELLS];
    let ord = MoveOrdering {
        history: &history,
        counter: None,
        killers: [None; 2],
        history_div: 1,
        counter_bonus: 0,
        killer_bonus: 0,
    };
    let mut picker = MovePicker::new(b, None, None);
    let mut v = Vec::new();
    while let Some(m) = picker.next(b, &ord) {
        v.push(m);
    }
    v
}

/// The root moves of `b`: every legal candidate (or the forced replies), in picker order. A lost
/// position whose threat nothing stops has no replies in the tree (its node is a proven loss),
/// but a move must still be played: there every legal candidate is a root move.
pub fn root_moves(b: &mut Board) -> Vec<Cell> {
    let mut v = picker_moves(b);
    if v.is_empty() {
        b.candidates(&mut v);
        v.retain(|&c| !b.is_forbidden(c, b.to_move()));
    }
    v
}

/// Searches `root` within `limits`. `on_iteration` sees each completed iteration of the main
/// thread, `on_root` each root move it enters and leaves.
pub fn search(
    root: &Board,
    limits: &SearchLimits,
    tt: &Tt,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&Report<Cell>),
    on_root: &mut dyn FnMut(RootEvent<Cell>),
) -> Report<Cell> {
    let moves = root_moves(&mut root.clone());
    search_among(root, moves, limits, tt, stop, on_iteration, on_root)
}

/// `search` over the root moves `moves` only (in this order at the first iteration): the
/// `YXNBEST` searches set the moves already ranked aside.
pub fn search_among(
    root: &Board,
    moves: Vec<Cell>,
    limits: &SearchLimits,
    tt: &Tt,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&Report<Cell>),
    on_root: &mut dyn FnMut(RootEvent<Cell>),
) -> Report<Cell> {
    run(root, moves, limits, tt, stop, on_iteration, on_root, false).0
}

/// `search` with the main thread's tree counters (`stats`), for `sente bench renju --stats`.
pub fn search_with_stats(
    root: &Board,
    limits: &SearchLimits,
    tt: &Tt,
    stop: &AtomicBool,
) -> (Report<Cell>, Stats) {
    let moves = root_moves(&mut root.clone());
    let (r, stats) = run(
        root,
        moves,
        limits,
        tt,
        stop,
        &mut |_| {},
        &mut |_| {},
        true,
    );
    (r, stats.map(|s| *s).unwrap_or_default())
}

#[allow(clippy::too_many_arguments)]
fn run(
    root: &Board,
    moves: Vec<Cell>,
    limits: &SearchLimits,
    tt: &Tt,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&Report<Cell>),
    on_root: &mut dyn FnMut(RootEvent<Cell>),
    stats: bool,
) -> (Report<Cell>, Option<Box<Stats>>) {
    let clock = Clock::start(limits.hard.map(|h| crate::search::Budget {
        soft: limits.soft.unwrap_or(h).min(h),
        hard: h,
    }));
    let mut b = root.clone();
    let finish = |best: Option<Cell>, score: Score, depth: u32, nodes: u64| Report {
        best,
        score,
        depth,
        nodes,
        elapsed: clock.elapsed(),
        pv: best.into_iter().collect(),
    };
    if moves.is_empty() {
        return (finish(None, 0, 0, 0), None);
    }
    if let Some(s) = win::quick_result(&mut b, 0) {
        if s > 0 && moves.len() == 1 {
            return (finish(Some(moves[0]), s, 1, 1), None);
        }
    }
    tt.new_search();
    let halt = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let shared = Shared {
        tt,
        halt: &halt,
        external_stop: stop,
        nodes: &nodes,
        clock,
        node_limit: limits.nodes,
    };
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 / 2)
        .clamp(1, MAX_PLY as u32 / 2);
    let helpers = HelperBest::new();
    let root_list = |moves: &[Cell]| -> Vec<RootMove> {
        moves
            .iter()
            .map(|&c| RootMove { cell: c, score: 0 })
            .collect()
    };
    let (main, main_stats) = lazy_smp(
        limits.threads,
        "renju-search",
        32 << 20,
        &halt,
        |id| {
            let mut b = root.clone();
            let mut w = Worker::new(&shared, false);
            w.root_moves = root_list(&moves);
            let mut depth = helper_start_depth(id);
            while depth <= max_depth && !w.halted() {
                let Some(score) = w.root(&mut b, depth as i32, -INFINITY, INFINITY, &mut |_| {})
                else {
                    break;
                };
                let best = w.root_moves[0].cell;
                helpers.offer(Iteration {
                    depth,
                    score,
                    best: Some(best),
                    pv: vec![best],
                });
                depth += 1;
            }
            w.flush();
        },
        || {
            main_loop(
                root,
                root_list(&moves),
                &shared,
                limits,
                max_depth,
                on_iteration,
                on_root,
                stats,
            )
        },
    );
    let nodes = nodes.load(Ordering::Relaxed);
    let first = moves.first().copied();
    let report = match helpers.choose(Some(main)) {
        Some(it) => Report {
            best: it.best.or(first),
            score: it.score,
            depth: it.depth,
            nodes,
            elapsed: clock.elapsed(),
            pv: it.pv,
        },
        None => finish(first, 0, 0, nodes),
    };
    (report, main_stats)
}

/// The main thread's iterative deepening with aspiration windows: owns the soft limit (scaled
/// by the best move's stability) and the reports. Its answer is the last completed iteration
/// (depth 0 with the first root move when none completed), or a root move a cut-off iteration
/// proved better than that iteration's best.
#[allow(clippy::too_many_arguments)]
fn main_loop(
    root: &Board,
    root_moves: Vec<RootMove>,
    shared: &Shared,
    limits: &SearchLimits,
    max_depth: u32,
    on_iteration: &mut dyn FnMut(&Report<Cell>),
    on_root: &mut dyn FnMut(RootEvent<Cell>),
    stats: bool,
) -> (Iteration<Cell>, Option<Box<Stats>>) {
    let mut b = root.clone();
    let mut w = Worker::new(shared, true);
    if stats {
        w.stats = Some(Box::default());
    }
    let first = root_moves.first().map(|m| m.cell);
    w.root_moves = root_moves;
    let mut result = Iteration {
        depth: 0,
        score: 0,
        best: first,
        pv: first.into_iter().collect(),
    };
    let mut stable = 0usize;
    for depth in 1..=max_depth {
        let guess = result.score;
        let mut delta = params().aspiration_delta;
        let (mut alpha, mut beta) =
            if depth as i32 >= params().aspiration_depth && !is_proven(guess) {
                (guess - delta, guess + delta)
            } else {
                (-INFINITY, INFINITY)
            };
        let score = loop {
            let Some(s) = w.root(&mut b, depth as i32, alpha, beta, on_root) else {
                break None;
            };
            if s <= alpha && alpha > -INFINITY {
                alpha = if is_proven(s) {
                    -INFINITY
                } else {
                    (alpha - delta).max(-INFINITY)
                };
            } else if s >= beta && beta < INFINITY {
                beta = if is_proven(s) {
                    INFINITY
                } else {
                    (beta + delta).min(INFINITY)
                };
            } else {
                break Some(s);
            }
            delta *= 3;
        };
        let Some(score) = score else {
            // Cut off: a move this iteration proved better than the previous best is played.
            if let Some((m, s)) = w.improved {
                if result.best != Some(m) {
                    result.best = Some(m);
                    result.score = s;
                    result.pv = vec![m];
                }
            }
            break;
        };
        w.flush();
        let best = w.root_moves[0].cell;
        if result.best == Some(best) {
            stable += 1;
        } else {
            stable = 0;
        }
        let pv = principal_variation(root, best, shared.tt, depth as usize);
        result = Iteration {
            depth,
            score,
            best: Some(best),
            pv: pv.clone(),
        };
        on_iteration(&Report {
            best: Some(best),
            score,
            depth,
            nodes: shared.nodes.load(Ordering::Relaxed),
            elapsed: shared.clock.elapsed(),
            pv,
        });
        if let Some(st) = w.stats.as_mut() {
            let nodes = shared.nodes.load(Ordering::Relaxed);
            let ms = shared.clock.elapsed().as_millis() as u64;
            st.iterations.push((depth, nodes, ms));
        }
        let distance = WIN - score.abs();
        if is_proven(score) && depth as Score >= distance {
            break;
        }
        if shared.external_stop.load(Ordering::Relaxed) || w.halted() {
            break;
        }
        if limits
            .nodes
            .is_some_and(|n| shared.nodes.load(Ordering::Relaxed) >= n)
        {
            break;
        }
        if let Some(soft) = limits.soft {
            let scale = STABILITY_PERCENT[stable.min(STABILITY_PERCENT.len() - 1)];
            let limit = soft.mul_f64(scale as f64 / 100.0);
            if shared.clock.elapsed() >= limit {
                break;
            }
        }
        if w.root_moves.len() == 1 && depth >= 2 {
            break;
        }
    }
    w.flush();
    (result, w.stats.take())
}

/// The principal variation from the table, starting with `best`.
fn principal_variation(root: &Board, best: Cell, tt: &Tt, max_len: usize) -> Vec<Cell> {
    let mut b = root.clone();
    let mut pv = vec![best];
    b.make(best);
    let mut seen = vec![root.hash(), b.hash()];
    while pv.len() < max_len.max(1) && b.winner().is_none() {
        let Some(e) = tt.probe(b.hash(), pv.len()) else {
            break;
        };
        let m = e.move_tag;
        if m == 0 || !b.is_candidate(m) || !b.is_legal(m) {
            break;
        }
        b.make(m);
        if seen.contains(&b.hash()) {
            break;
        }
        seen.push(b.hash());
        pv.push(m);
    }
    pv
}

#[cfg(test)]
mod tests;
