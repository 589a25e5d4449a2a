//! Lazy SMP: every thread searches the same root with its own ordering tables, sharing only the
//! transposition table. Helpers start at staggered depths so that they fill the table with
//! different parts of the tree; the main thread owns the clock, decides when to stop, and the
//! answer is the deepest completed iteration of any thread (the main thread's on a tie).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use parking_lot::Mutex;

use super::game::{is_proven, Position, Score, WIN};
use super::pvs::{Iteration, RootEvent, Shared, Worker, MAX_PLY};
use super::time::{Clock, TimeControl, DEFAULT_OVERHEAD_MS};
use super::tt::Tt;

/// What bounds one search. Anything left `None` does not bound it.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: TimeControl,
    /// The game's guess of how many more moves this side will make (spreads a total clock).
    pub moves_left: u32,
    pub overhead_ms: u64,
    pub threads: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            time: TimeControl::unlimited(),
            moves_left: 30,
            overhead_ms: DEFAULT_OVERHEAD_MS,
            threads: 1,
        }
    }
}

impl Limits {
    /// An analysis for exactly `ms` milliseconds (no overhead kept back: nobody's clock runs).
    pub fn analysis(ms: u64, threads: usize) -> Limits {
        Limits {
            time: TimeControl::per_move(ms),
            overhead_ms: 0,
            threads,
            ..Limits::default()
        }
    }

    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct Report<M> {
    /// `None` only when the root has no move (the game is over).
    pub best: Option<M>,
    pub score: Score,
    /// The depth of the iteration the answer comes from (0: none completed).
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<M>,
}

impl<M> Report<M> {
    /// True when the score is a proven win or loss, not an estimate.
    pub fn proven(&self) -> bool {
        is_proven(self.score)
    }

    pub fn nps(&self) -> u64 {
        let ms = self.elapsed.as_millis().max(1) as u64;
        self.nodes * 1000 / ms
    }
}

/// Searches `root` with `limits.threads` threads until a limit is reached or `stop` is set.
/// `on_iteration` sees each iteration the main thread completes (for live output).
pub fn search<P: Position>(
    root: &P,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&Report<P::Move>),
) -> Report<P::Move> {
    search_observed(root, limits, tt, stop, on_iteration, &mut |_| {})
}

/// `search`, also telling `on_root` about each root move the main thread searches (enter,
/// leave with its score), for GUIs that show the search live.
pub fn search_observed<P: Position>(
    root: &P,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&Report<P::Move>),
    on_root: &mut dyn FnMut(RootEvent<P::Move>),
) -> Report<P::Move> {
    let clock = Clock::start(limits.time.budget(limits.moves_left, limits.overhead_ms));
    let finish = |best: Option<P::Move>, score: Score, depth: u32, nodes: u64| Report {
        best,
        score,
        depth,
        nodes,
        elapsed: clock.elapsed(),
        pv: best.into_iter().collect(),
    };
    if let Some(o) = root.outcome() {
        return finish(None, o.score(0), 0, 0);
    }
    // Game knowledge first: it may answer positions far too large to generate moves for.
    if let Some((o, Some(m))) = root.proven() {
        return finish(Some(m), o.score(1), 0, 1);
    }
    let mut moves = Vec::new();
    root.generate(&mut moves);
    if moves.is_empty() {
        return finish(None, 0, 0, 0);
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
        .unwrap_or(MAX_PLY as u32 - 1)
        .clamp(1, MAX_PLY as u32 - 1);
    let helpers = HelperBest::new();
    let main_result = lazy_smp(
        limits.threads,
        "search",
        16 << 20,
        &halt,
        |id| {
            let mut worker = Worker::new(&shared, false);
            let mut depth = helper_start_depth(id);
            let mut guess = None;
            while depth <= max_depth && !shared.halt.load(Ordering::Relaxed) {
                match worker.iterate(root, depth, guess) {
                    Some(it) => {
                        guess = Some(it.score);
                        helpers.offer(it);
                    }
                    None => break,
                }
                depth += 1;
            }
            worker.flush();
        },
        || main_loop(root, &shared, max_depth, on_iteration, on_root),
    );
    let nodes = nodes.load(Ordering::Relaxed);
    match helpers.choose(main_result) {
        Some(it) => Report {
            best: it.best,
            score: it.score,
            depth: it.depth,
            nodes,
            elapsed: clock.elapsed(),
            pv: it.pv,
        },
        // Stopped before depth 1 finished: any legal move beats forfeiting.
        None => finish(moves.first().copied(), 0, 0, nodes),
    }
}

/// The iteration depth Lazy SMP helper `id` (1, 2, ...) starts at: odd helpers run one ply
/// ahead, so that threads disagree about what to search and fill the table with different parts
/// of the tree.
pub fn helper_start_depth(id: usize) -> u32 {
    1 + (id as u32 & 1)
}

/// Runs one Lazy SMP search: helpers `1..threads` each run `helper(id)` on a thread of their
/// own (named `name-id`, with `stack` bytes of stack), the calling thread runs `main`, which owns
/// the clock; when `main` returns, `halt` is set and the helpers are awaited. Every alpha-beta
/// game's search (the generic one here, renju's own) runs its threads through this.
pub fn lazy_smp<R>(
    threads: usize,
    name: &str,
    stack: usize,
    halt: &AtomicBool,
    helper: impl Fn(usize) + Sync,
    main: impl FnOnce() -> R,
) -> R {
    std::thread::scope(|scope| {
        for id in 1..threads.max(1) {
            let helper = &helper;
            std::thread::Builder::new()
                .name(format!("{name}-{id}"))
                .stack_size(stack)
                .spawn_scoped(scope, move || helper(id))
                .expect("spawn search thread");
        }
        let result = main();
        halt.store(true, Ordering::Relaxed);
        result
    })
}

/// The deepest iteration any helper thread completed, and the choice between it and the main
/// thread's last one.
pub struct HelperBest<M>(Mutex<Option<Iteration<M>>>);

impl<M> HelperBest<M> {
    pub fn new() -> Self {
        HelperBest(Mutex::new(None))
    }

    /// A helper completed `it`: kept if deeper than any before.
    pub fn offer(&self, it: Iteration<M>) {
        let mut best = self.0.lock();
        if best.as_ref().is_none_or(|b| it.depth > b.depth) {
            *best = Some(it);
        }
    }

    /// The answer: the main thread's iteration, unless a helper completed a deeper one and the
    /// main thread's score is not a proven result (which no depth improves on).
    pub fn choose(self, main: Option<Iteration<M>>) -> Option<Iteration<M>> {
        match (main, self.0.into_inner()) {
            (Some(m), Some(h)) if h.depth > m.depth && !is_proven(m.score) => Some(h),
            (Some(m), _) => Some(m),
            (None, h) => h,
        }
    }
}

impl<M> Default for HelperBest<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// The main thread's iterative deepening: owns the soft limit and the report callback.
fn main_loop<P: Position>(
    root: &P,
    shared: &Shared,
    max_depth: u32,
    on_iteration: &mut dyn FnMut(&Report<P::Move>),
    on_root: &mut dyn FnMut(RootEvent<P::Move>),
) -> Option<Iteration<P::Move>> {
    let mut worker = Worker::new(shared, true);
    let mut last: Option<Iteration<P::Move>> = None;
    for depth in 1..=max_depth {
        let guess = last.as_ref().map(|l| l.score);
        let Some(it) = worker.iterate_observed(root, depth, guess, on_root) else {
            break;
        };
        worker.flush();
        on_iteration(&Report {
            best: it.best,
            score: it.score,
            depth: it.depth,
            nodes: shared.nodes.load(Ordering::Relaxed),
            elapsed: shared.clock.elapsed(),
            pv: it.pv.clone(),
        });
        // A proven result needs no deeper look once the depth covers its distance.
        // (Scores proven by game knowledge carry a nominal distance of 500 or more.)
        let distance = WIN - it.score.abs();
        let settled = is_proven(it.score) && (depth as Score >= distance || distance >= 400);
        last = Some(it);
        if settled || shared.clock.soft_expired() || shared.external_stop.load(Ordering::Relaxed) {
            break;
        }
        if shared
            .node_limit
            .is_some_and(|n| shared.nodes.load(Ordering::Relaxed) >= n)
        {
            break;
        }
    }
    worker.flush();
    last
}
