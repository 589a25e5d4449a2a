//! `sente bench <game>`: a fixed set of positions searched to a fixed depth (or for a fixed
//! time), ending with one line that scripts read:
//! `bench game=<g> threads=<n> depth=<d> nodes=<n> time_ms=<t> nps=<n>`.
//! With one thread and a depth limit the node count is deterministic: a signature of the search
//! that changes only when the search does.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::search::{self, Limits, Position, TimeControl, Tt};

#[derive(Clone, Copy, Debug)]
pub struct BenchArgs {
    pub threads: usize,
    pub depth: Option<u32>,
    pub movetime_ms: Option<u64>,
    pub hash_mb: usize,
}

/// The totals of one bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchTotals {
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchTotals {
    pub fn line(&self, game: &str, threads: usize) -> String {
        let ms = self.elapsed.as_millis() as u64;
        format!(
            "bench game={game} threads={threads} depth={} nodes={} time_ms={ms} nps={}",
            self.depth,
            self.nodes,
            self.nodes * 1000 / ms.max(1)
        )
    }
}

/// Searches each position from a cleared table; `default_depth` applies when neither a depth
/// nor a time is given. Per-position details go to stderr, the totals are returned.
pub fn run<P: Position>(positions: &[P], default_depth: u32, args: &BenchArgs) -> BenchTotals {
    let tt = Tt::new(args.hash_mb);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: match (args.depth, args.movetime_ms) {
            (Some(d), _) => Some(d),
            (None, Some(_)) => None,
            (None, None) => Some(default_depth),
        },
        time: args
            .movetime_ms
            .map_or(TimeControl::unlimited(), TimeControl::per_move),
        overhead_ms: 0,
        threads: args.threads,
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut min_depth = u32::MAX;
    let start = Instant::now();
    for (i, pos) in positions.iter().enumerate() {
        tt.clear();
        let r = search::search(pos, &limits, &tt, &stop, &mut |_| {});
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
        // The depth asked for; with a time limit, the shallowest depth every position completed.
        depth: limits
            .depth
            .unwrap_or(if positions.is_empty() { 0 } else { min_depth }),
        nodes,
        elapsed: start.elapsed(),
    }
}
