//! The exact solver: the final margin under perfect play, by MTD(f) on the board's value.
//!
//! A board's *value* is what the side to move will still put into their store minus what the
//! other side will, from here to the end; the final margin is the store difference plus the
//! value. The value has the parity of the seeds in play and lies within `±seeds`, which bounds
//! every window before any search (a side cannot gain more than the seeds left).
//!
//! The root is settled by null-window probes ("is the value at least `beta`?") moving towards the
//! answer, MTD(f) style. Each probe is a fail-soft alpha-beta over the whole game, sharing one
//! [`ProofTable`] of proven bounds (keyed by the exact board). Moves are ordered: the table's move,
//! extra turns (nearest the store first, which keeps the other chains intact), captures and store
//! gains, then the pits nearest the store. Boards with few seeds are answered by the
//! [`Endgame`] database. Before searching its moves a node checks whether the table already
//! proves a child good enough to cut (enhanced transposition cutoff); the same look-ups put the
//! children proven good first and skip those proven no better than alpha. The first probe is at
//! a shallow search's estimate, given about 1% of the solve's expected nodes: it skips most
//! probes below the answer, and a probe at the answer costs far less than climbing to it.
//!
//! Threads run the same probes on the shared table, in the same order, and split the work ABDADA
//! style: a thread that meets a child another thread is searching leaves it for last (see
//! [`Busy`]), by when its proof is usually in the table. Plain Lazy SMP, without the deferral,
//! had two threads repeat each other's work: on Kalah(6,4) they searched 80M nodes to one
//! thread's 43M and gained little time; with it, 50M nodes in 0.6 of one thread's time. A thread
//! whose probe another thread's settles drops it and takes up the shared bounds. The first
//! thread to finish gives the answer and stops the others.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI8, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::board::{Board, Rules, MAX_PITS};
use super::endgame::Endgame;
use super::proof_table::{board_hash, Bounds, ProofTable};
use crate::search::prefetch::prefetch;

/// Nodes between two looks at the stop flag and the clock.
const POLL: u64 = 1 << 12;
/// Below this many seeds in play a node skips the enhanced transposition cutoff: near the
/// database its probes cost more than the few nodes they save. (With the children's entries
/// touched first the probes mostly hit the cache: on Kalah(6,4) 20 saves about 6% of the
/// nodes over 30.)
const ETC_MIN_SEEDS: u32 = 20;

/// What an extra turn left to the other side adds in [`replies`] beyond its own move. On
/// Kalah(6,4) off (23-seed database, one thread) 1 took the solve to 7,491,088 nodes and 2 to
/// 7,600,814 (7,825,480 without the replies in the order).
const EXTRA_TURN_WEIGHT: u32 = 1;

/// Nodes this many seeds above the proof table's floor split their children between threads
/// (see [`Busy`]); below, the subtrees are too small to be worth the marks. On Kalah(6,4) with 2
/// threads, 8 (30 seeds over the 20-seed database) took the solve from 80M nodes and 10.0 s to
/// 52M and 5.8 s; 4 to 14 measured alike.
const SHARE_ABOVE_TABLE: u32 = 8;

/// The exact answer for one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The board's value (add the store difference for the final margin).
    pub value: i32,
    /// A best pit (0-based), `None` when the game is over.
    pub best: Option<u8>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// What an interrupted solve had proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partial {
    pub lower: i32,
    pub upper: i32,
    pub nodes: u64,
}

/// What a solver needs beyond the board: the shared tables and how long it may run.
pub struct SolverSetup<'a> {
    pub rules: Rules,
    pub table: &'a ProofTable,
    pub endgame: Option<&'a Endgame>,
    pub threads: usize,
    pub stop: &'a AtomicBool,
    pub deadline: Option<Instant>,
    /// First guess of the value (MTD(f) converges faster from a good one); `None`: the solver
    /// estimates it with a shallow search.
    pub guess: Option<i32>,
    /// Print a progress line on stderr this often (`solve`); `None`: silent (`genmove`).
    pub progress: Option<ProgressEvery>,
}

/// How often a long solve reports on stderr, and what turns its values into the margins the
/// user is given (the store difference of the position).
#[derive(Clone, Copy, Debug)]
pub struct ProgressEvery {
    pub every: Duration,
    pub margin_offset: i32,
}

/// What a long solve has done so far: the proven window on the final margin, the probe under
/// way and the nodes searched. One line on stderr, so that a user of a multi-minute `solve`
/// sees it advance (the database build before it shows a bar of its own).
pub fn progress_line(
    elapsed: Duration,
    lower: i32,
    upper: i32,
    probing: Option<i32>,
    nodes: u64,
) -> String {
    let secs = elapsed.as_secs_f64();
    let probe = probing.map_or(String::new(), |b| format!(", probing >= {b:+}"));
    format!(
        "kalah solve: {secs:.0} s, margin in [{lower:+}, {upper:+}]{probe}, {} nodes ({}/s)",
        si(nodes as f64),
        si(nodes as f64 / secs.max(1e-3)),
    )
}

/// `1234567` as `1.23M`.
fn si(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.2}G", x / 1e9),
        x if x >= 1e6 => format!("{:.2}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}K", x / 1e3),
        x => format!("{x:.0}"),
    }
}

/// No probe under way (the value of [`Worker::probing`] between probes).
const NO_PROBE: i32 = i32::MIN;

/// One thread's answer: the value and a best pit, or the bounds proven before it stopped.
type Outcome = Result<(i32, Option<u8>), Partial>;

/// Parity-aware rounding: values have the parity of the seeds in play.
#[inline]
fn round_up(v: i32, s: u32) -> i32 {
    v + ((v - s as i32) & 1)
}

#[inline]
fn round_down(v: i32, s: u32) -> i32 {
    v - ((v - s as i32) & 1)
}

/// Solves `board` exactly, or returns the bounds proven so far if stopped or out of time.
pub fn solve(board: Board, setup: &SolverSetup) -> Result<Solution, Partial> {
    let start = Instant::now();
    let s = board.seeds();
    if board.is_over() {
        return Ok(Solution {
            value: board.final_value(),
            best: None,
            nodes: 0,
            elapsed: start.elapsed(),
        });
    }
    if let Some(db) = setup.endgame.filter(|db| db.rules() == setup.rules) {
        if let Some(v) = db.value(board) {
            // The database knows the value; a move achieving it is one ply away.
            let best = best_move_from_endgame(board, setup.rules, db, v);
            return Ok(Solution {
                value: v,
                best,
                nodes: 1,
                elapsed: start.elapsed(),
            });
        }
    }
    let endgame = setup.endgame.filter(|db| db.rules() == setup.rules);
    let guess = setup.guess.unwrap_or_else(|| {
        // Under a deadline (genmove) the estimate must not eat the move's time.
        let budget = match setup.deadline {
            Some(_) => ESTIMATE_NODES,
            None => estimate_budget(s),
        };
        estimate(board, setup.rules, endgame, budget, setup.stop)
    });
    log::debug!("first guess {guess:+} (value; {s} seeds in play)");
    let nodes = AtomicU64::new(0);
    let halt = AtomicBool::new(false);
    let threads = setup.threads.max(1);
    let result: parking_lot::Mutex<Option<Outcome>> = parking_lot::Mutex::new(None);
    let busy = Busy::new();
    let probing = AtomicI32::new(NO_PROBE);
    let finished = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        if let Some(p) = setup.progress {
            let (nodes, probing, finished) = (&nodes, &probing, &finished);
            scope.spawn(move || report(board, setup, p, start, nodes, probing, finished, threads));
        }
        for id in 0..threads {
            let (nodes, halt, result, busy) = (&nodes, &halt, &result, &busy);
            let (probing, finished) = (&probing, &finished);
            std::thread::Builder::new()
                .name(format!("solve-{id}"))
                .stack_size(64 << 20)
                .spawn_scoped(scope, move || {
                    let mut w = Worker {
                        rules: setup.rules,
                        table: setup.table,
                        endgame: setup.endgame.filter(|db| db.rules() == setup.rules),
                        stop: setup.stop,
                        halt,
                        deadline: setup.deadline,
                        nodes: 0,
                        unflushed: 0,
                        shared_nodes: nodes,
                        aborted: false,
                        probe: None,
                        moot: false,
                        id,
                        table_min_seeds: table_min_seeds(setup.endgame),
                        threads,
                        busy,
                        probing,
                        extra_counts: extra_turn_counts(setup.rules.pits),
                    };
                    let r = w.mtd(board, s, guess);
                    w.flush();
                    finished.fetch_add(1, Ordering::Relaxed);
                    let mut slot = result.lock();
                    match r {
                        Ok(found) => {
                            if !matches!(*slot, Some(Ok(_))) {
                                *slot = Some(Ok(found));
                            }
                            halt.store(true, Ordering::Relaxed);
                        }
                        Err(p) => match *slot {
                            None => *slot = Some(Err(p)),
                            // Every thread's bounds are proven: keep the tightest of them.
                            Some(Err(q)) => {
                                *slot = Some(Err(Partial {
                                    lower: p.lower.max(q.lower),
                                    upper: p.upper.min(q.upper),
                                    nodes: 0,
                                }))
                            }
                            Some(Ok(_)) => {}
                        },
                    }
                })
                .expect("spawn a solver thread");
        }
    });
    let nodes = nodes.load(Ordering::Relaxed);
    match result.into_inner() {
        Some(Ok((value, best))) => Ok(Solution {
            value,
            best,
            nodes,
            elapsed: start.elapsed(),
        }),
        Some(Err(p)) => Err(Partial { nodes, ..p }),
        None => Err(Partial {
            lower: -(s as i32),
            upper: s as i32,
            nodes,
        }),
    }
}

/// The progress reporter of a long solve: a line every `p.every` until every worker is done
/// (it looks at them every 50 ms, so that it never holds up the answer).
#[allow(clippy::too_many_arguments)]
fn report(
    board: Board,
    setup: &SolverSetup,
    p: ProgressEvery,
    start: Instant,
    nodes: &AtomicU64,
    probing: &AtomicI32,
    finished: &AtomicUsize,
    threads: usize,
) {
    let s = board.seeds() as i32;
    let mut next = start + p.every;
    while finished.load(Ordering::Relaxed) < threads {
        std::thread::sleep(Duration::from_millis(50));
        if Instant::now() < next {
            continue;
        }
        next += p.every;
        let b = setup.table.probe(board);
        let (lower, upper) = b.map_or((-s, s), |b| (b.lower.max(-s), b.upper.min(s)));
        let beta = probing.load(Ordering::Relaxed);
        eprintln!(
            "{}",
            progress_line(
                start.elapsed(),
                p.margin_offset + lower,
                p.margin_offset + upper,
                (beta != NO_PROBE).then_some(p.margin_offset + beta),
                nodes.load(Ordering::Relaxed),
            )
        );
    }
}

/// Nodes the shallow estimate spends at least (and at most under a deadline).
const ESTIMATE_NODES: u64 = 100_000;

/// Nodes the estimate spends on a board with `seeds` in play and no deadline: about 1% of what
/// solving it takes (measured: Kalah(6,4), 48 seeds, 43M nodes; Kalah(6,5), 60 seeds, 8G; about
/// 1.55 times more per seed). Deeper estimates come closer, and a probe at the answer is far
/// cheaper than climbing to it: on Kalah(6,5) off (value +10) 100K nodes guessed +4, 18M +8 and
/// 130M +9; the probes from +4 took 12.4 min to prove +10, a single probe at +10 took 8 min.
fn estimate_budget(seeds: u32) -> u64 {
    let expected = 43e6 * 1.55f64.powi(seeds as i32 - 48);
    ((expected / 100.0) as u64).clamp(ESTIMATE_NODES, ESTIMATE_MAX_NODES)
}

/// The estimate's ceiling (some 20 s): a board far beyond reach (Kalah(6,6) and up) still starts
/// proving bounds soon, which an interrupted `solve` reports.
const ESTIMATE_MAX_NODES: u64 = 250_000_000;

/// A guess of the board's value: a plain alpha-beta deepened until it has spent `budget` nodes,
/// counting only the seeds stored within its horizon (and the database's exact values below it).
/// Starting MTD(f) there skips most of the probes below the answer. A raised `stop` ends it at
/// once with the last finished depth's guess.
fn estimate(
    board: Board,
    rules: Rules,
    endgame: Option<&Endgame>,
    budget: u64,
    stop: &AtomicBool,
) -> i32 {
    let mut e = Estimate {
        rules,
        endgame,
        stop,
        nodes: 0,
        stopped: false,
    };
    let mut guess = 0;
    for depth in 1..=64 {
        let g = e.search(board, depth, -1000, 1000);
        if e.stopped {
            break;
        }
        guess = g;
        if e.nodes >= budget {
            break;
        }
    }
    log::debug!("estimate {guess:+} in {} nodes", e.nodes);
    guess
}

struct Estimate<'a> {
    rules: Rules,
    endgame: Option<&'a Endgame>,
    stop: &'a AtomicBool,
    nodes: u64,
    stopped: bool,
}

impl Estimate<'_> {
    /// Fail-soft alpha-beta to `depth` moves; the horizon counts as even.
    fn search(&mut self, board: Board, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL) && self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if board.is_over() {
            return board.final_value();
        }
        if let Some(v) = self.endgame.and_then(|db| db.value(board)) {
            return v;
        }
        if depth == 0 {
            return 0;
        }
        let mut best = i32::MIN;
        for (_, c) in board.moves(self.rules) {
            let g = c.gain as i32;
            let v = if c.extra_turn {
                g + self.search(c.board, depth - 1, alpha - g, beta - g)
            } else {
                g - self.search(c.board, depth - 1, g - beta, g - alpha)
            };
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// A pit whose child has the value the database gives the board.
fn best_move_from_endgame(board: Board, rules: Rules, db: &Endgame, value: i32) -> Option<u8> {
    for (i, c) in board.moves(rules) {
        let cv = if c.board.is_over() {
            c.board.final_value()
        } else {
            db.value(c.board)?
        };
        let v = c.gain as i32 + if c.extra_turn { cv } else { -cv };
        if v == value {
            return Some(i as u8);
        }
    }
    None
}

#[derive(Clone, Copy)]
struct Child {
    board: Board,
    gain: i32,
    extra: bool,
    pit: u8,
    /// Bounds on the child's worth to the mover (gain included), from the table when it has
    /// an entry, else from the seeds left.
    lo: i32,
    hi: i32,
}

const NO_CHILD: Child = Child {
    board: Board(0),
    gain: 0,
    extra: false,
    pit: 0,
    lo: 0,
    hi: 0,
};

/// The order a node's children are searched in. Children of known value first (they cost
/// nothing and raise alpha for the rest), best first; the table's move, then extra turns nearest
/// the store first, then by seeds gained, then by the moves they leave the other side (see
/// [`replies`]), then nearest the store.
///
/// Each child's key is computed once, and the children are picked one at a time, the highest
/// key left first, rather than sorted: most nodes cut at their first child (94-98 % of
/// fail-highs), and the others' order is then never needed. The sort this replaces (an
/// insertion sort of the 48-byte children) was a fifth of the solver's instructions.
#[derive(Clone, Copy)]
struct Order {
    /// Per child: its key above 3 bits of `7 - index` (so that keys are distinct, and equal
    /// keys go in the children's own order); 0 once picked, and for no child.
    keys: [u32; MAX_PITS],
}

impl Order {
    #[inline]
    fn new(children: &[Child], tt_best: Option<u8>, pits: usize, extra_counts: u64) -> Order {
        let key = |c: &Child| -> u32 {
            let k = if c.lo == c.hi {
                1 << 21 | (c.lo + 256)
            } else if Some(c.pit) == tt_best {
                1 << 20
            } else if c.lo > c.gain - c.board.seeds() as i32 && c.lo >= 0 {
                // The table proves this child worth at least its lower bound: the more, the
                // sooner (a child that cannot lose is the likeliest cutoff).
                1 << 18 | (c.lo + 256) << 1
            } else if c.extra {
                1 << 16 | (c.pit as i32) << 8
            } else {
                c.gain << 8 | (31 - replies(c.board, pits, extra_counts)) << 3 | c.pit as i32
            };
            // Every key is positive: values lie within ±255, replies below 31.
            (k as u32) << 3
        };
        let mut keys = [0u32; MAX_PITS];
        for (i, (k, c)) in keys.iter_mut().zip(children).enumerate() {
            *k = key(c) | (7 - i as u32);
        }
        Order { keys }
    }

    /// Leaves out the children of known value (those that `search_small` has already read).
    #[inline]
    fn drop_known(&mut self, children: &[Child]) {
        for (k, c) in self.keys.iter_mut().zip(children) {
            if c.lo == c.hi {
                *k = 0;
            }
        }
    }

    /// The unpicked child with the highest key, picked (`None`: every child was).
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let best = self.keys.iter().copied().fold(0, u32::max);
        (best != 0).then(|| {
            let i = 7 - (best & 7) as usize;
            self.keys[i] = 0;
            i
        })
    }
}

struct Worker<'a> {
    rules: Rules,
    table: &'a ProofTable,
    endgame: Option<&'a Endgame>,
    stop: &'a AtomicBool,
    /// Set when some thread has the answer.
    halt: &'a AtomicBool,
    deadline: Option<Instant>,
    nodes: u64,
    unflushed: u64,
    shared_nodes: &'a AtomicU64,
    aborted: bool,
    /// The root probe under way (board, beta), which [`Worker::poll`] drops once the table
    /// settles it; `moot` says that is why the search unwound.
    probe: Option<(Board, i32)>,
    moot: bool,
    /// The thread's number, for the log.
    id: usize,
    /// Nodes with fewer seeds skip the proof table: their subtrees cost less than a cache miss.
    table_min_seeds: u32,
    threads: usize,
    busy: &'a Busy,
    /// The root probe's beta the threads are on, for the progress line.
    probing: &'a AtomicI32,
    /// [`extra_turn_counts`] for the rules' pits.
    extra_counts: u64,
}

/// Boards some thread is searching right now (ABDADA): a thread that meets a sibling another
/// thread is already on searches it last, by which time its proof is usually in the table. A
/// lost or stale mark only costs duplicated work, never correctness.
struct Busy(Box<[AtomicU64]>);

impl Busy {
    const BITS: u32 = 16;

    fn new() -> Busy {
        Busy((0..1 << Self::BITS).map(|_| AtomicU64::new(0)).collect())
    }

    #[inline]
    fn key(b: Board) -> u64 {
        board_hash(b) | 1
    }

    #[inline]
    fn slot(&self, k: u64) -> &AtomicU64 {
        &self.0[(k >> (64 - Self::BITS)) as usize]
    }

    #[inline]
    fn is_busy(&self, k: u64) -> bool {
        self.slot(k).load(Ordering::Relaxed) == k
    }

    #[inline]
    fn mark(&self, k: u64) {
        self.slot(k).store(k, Ordering::Relaxed);
    }

    #[inline]
    fn unmark(&self, k: u64) {
        let _ = self
            .slot(k)
            .compare_exchange(k, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The seeds that make each of `pits` pits an extra turn (pit `i` from the left needs
/// `pits - i`), one byte a pit, as a board's mover's half holds them.
fn extra_turn_counts(pits: usize) -> u64 {
    (0..pits).fold(0, |x, i| x | ((pits - i) as u64) << (8 * i))
}

/// How many moves the side to move on `b` has, its extra turns counted twice (a lap of 13 or
/// more seeds aside): the cost of refuting every one of them. At a node that must cut, the
/// solver tries, among moves that gain as much, first the one leaving the fewest. In the
/// probe that fails (the upper bound, 79-94 % of a solve's nodes) the other side must answer
/// each of those moves, and an extra turn is a node where it must answer every move again.
/// On Kalah(6,4) off (23-seed database, one thread, value and best pit unchanged) this took
/// the solve from 7,825,480 nodes to 7,491,088, the failing probe from 7,379,472 to 7,084,683;
/// the replies before the gain took over ten times as many.
#[inline]
fn replies(b: Board, pits: usize, extra_counts: u64) -> i32 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let row = LOW >> (8 * (8 - pits));
    // Bit 0 of each byte: whether any bit of that byte is set.
    let any = |mut x: u64| {
        x |= x >> 1;
        x |= x >> 2;
        x |= x >> 4;
        x & row
    };
    let mine = b.0 as u64;
    let legal = any(mine).count_ones();
    let extras = pits as u32 - any(mine ^ extra_counts).count_ones();
    (legal + EXTRA_TURN_WEIGHT * extras) as i32
}

/// Boards just above the database (or with very few seeds) are cheaper to search than to look up.
fn table_min_seeds(endgame: Option<&Endgame>) -> u32 {
    endgame.map_or(0, |e| e.max_seeds() + 1) + 2
}

impl Worker<'_> {
    fn flush(&mut self) {
        self.shared_nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    fn poll(&mut self) -> bool {
        self.flush();
        if self.stop.load(Ordering::Relaxed)
            || self.halt.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        } else if let Some((root, beta)) = self.probe {
            // Another thread's probe may have settled this one: drop it and take their bounds.
            if self
                .table
                .probe(root)
                .is_some_and(|b| b.lower >= beta || b.upper < beta)
            {
                self.moot = true;
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// MTD(f): null-window probes until the lower and upper bounds meet.
    fn mtd(&mut self, board: Board, s: u32, guess: i32) -> Outcome {
        let mut lower = -(s as i32);
        let mut upper = s as i32;
        if let Some(b) = self.table.probe(board) {
            lower = lower.max(b.lower);
            upper = upper.min(b.upper);
        }
        let mut best = None;
        let mut g = round_up(guess, s).clamp(lower, upper);
        while lower < upper {
            // What the other threads have proven since.
            if let Some(b) = self.table.probe(board) {
                if b.lower > lower {
                    lower = b.lower;
                    best = b.best.or(best);
                }
                upper = upper.min(b.upper);
                if lower >= upper {
                    break;
                }
            }
            g = g.clamp(lower, upper);
            let beta = if g <= lower { lower + 2 } else { g };
            let before = self.nodes;
            self.probe = Some((board, beta));
            self.probing.store(beta, Ordering::Relaxed);
            let (v, m) = self.root(board, s, beta);
            self.probe = None;
            log::debug!(
                "thread {} probe value >= {beta}: {v}{} ({} nodes{})",
                self.id,
                match m {
                    Some(pit) if v >= beta => format!(", by pit {}", pit + 1),
                    _ => String::new(),
                },
                self.nodes - before,
                if self.moot {
                    ", settled by another thread"
                } else {
                    ""
                }
            );
            if self.moot {
                (self.moot, self.aborted) = (false, false);
                continue;
            }
            if self.aborted {
                return Err(Partial {
                    lower,
                    upper,
                    nodes: 0,
                });
            }
            if v >= beta {
                lower = round_up(v, s);
                best = m.or(best);
                g = lower;
            } else {
                upper = round_down(v, s);
                g = upper;
            }
        }
        if best.is_none() {
            // Proven without a fail-high at the root (every move is equally bad, or the table
            // had it): the table's move, else a move found by one more probe.
            best = self
                .table
                .probe(board)
                .and_then(|b| b.best)
                .filter(|&p| board.mine(p as usize) > 0);
            if best.is_none() {
                best = self.root(board, s, lower).1;
                if self.aborted {
                    return Err(Partial {
                        lower,
                        upper,
                        nodes: 0,
                    });
                }
            }
        }
        Ok((lower, best))
    }

    /// One probe at the root: fails high with the move that proves `value >= beta`.
    fn root(&mut self, board: Board, s: u32, beta: i32) -> (i32, Option<u8>) {
        let mut all = [NO_CHILD; MAX_PITS];
        let n = self.children(board, &mut all);
        let children = &all[..n];
        let tt_best = self.table.probe(board).and_then(|b| b.best);
        let order = self.order(children, tt_best);
        let Some((best, best_pit)) = self.best_child(children, order, beta - 1, beta, 0, true)
        else {
            return (0, None);
        };
        let bounds = if best >= beta {
            Bounds {
                lower: round_up(best, s),
                upper: s as i32,
                best: best_pit,
            }
        } else {
            Bounds {
                lower: -(s as i32),
                upper: round_down(best, s),
                best: None,
            }
        };
        self.table.store(board, bounds, 63);
        (best, best_pit)
    }

    /// Fail-soft search of `children` in `order`: the best value and its pit, `None` if
    /// aborted. With `share`, a child another thread is on waits for a second pass (ABDADA).
    fn best_child(
        &mut self,
        children: &[Child],
        order: Order,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        share: bool,
    ) -> Option<(i32, Option<u8>)> {
        let share = share && self.threads > 1;
        let mut best = i32::MIN;
        let mut best_pit = None;
        // The first pass picks from `left`; the second from the children it left for later
        // (their keys kept in `deferred`, in the same order).
        let mut left = order;
        let mut deferred = Order {
            keys: [0; MAX_PITS],
        };
        for pass in 0..2 {
            let mut first = true;
            while let Some(i) = left.next() {
                let c = &children[i];
                // A child the table already proves no better than alpha needs no search: its
                // upper bound stands for it (fail-soft).
                // So does a child of known value.
                let v = if c.hi <= alpha || c.lo == c.hi {
                    c.hi
                } else if share {
                    let k = Busy::key(c.board);
                    if pass == 0 && !first && self.busy.is_busy(k) {
                        deferred.keys[i] = order.keys[i];
                        continue;
                    }
                    self.busy.mark(k);
                    let v = self.child_value(c, alpha, beta, ply + 1);
                    self.busy.unmark(k);
                    v
                } else {
                    self.child_value(c, alpha, beta, ply + 1)
                };
                first = false;
                if self.aborted {
                    return None;
                }
                if v > best {
                    best = v;
                    best_pit = Some(c.pit);
                    if v > alpha {
                        alpha = v;
                        if v >= beta {
                            return Some((best, best_pit));
                        }
                    }
                }
            }
            if deferred.keys == [0; MAX_PITS] {
                break;
            }
            left = deferred;
            deferred = Order {
                keys: [0; MAX_PITS],
            };
        }
        Some((best, best_pit))
    }

    /// The moves' results, in `out`; returns how many. A child whose value is known without a
    /// search (the game is over, or the database has it) comes back exact (`lo == hi`), and
    /// is never searched: its database byte is found once, here, its load started with its
    /// siblings' before any is read. On Kalah(6,4) off (one thread, 20-seed database) this
    /// took the solve from 51.9M nodes to 29.7M (the leaves the database answers are no
    /// longer nodes) and its CPU time from 9.2-9.7 s to 8.6-8.7 s (two runs each, load 8).
    #[inline]
    fn children(&self, board: Board, out: &mut [Child; MAX_PITS]) -> usize {
        let mut n = 0;
        let mut slots: [Option<&AtomicI8>; MAX_PITS] = [None; MAX_PITS];
        // The bit loop by hand: this is the solver's hottest loop, and the `moves` iterator
        // measured slower here.
        let mut legal = board.legal(self.rules.pits);
        while legal != 0 {
            let i = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            let c = board.sow(self.rules, i);
            let (gain, cs) = (c.gain as i32, c.board.seeds());
            let (mut lo, mut hi) = (gain - cs as i32, gain + cs as i32);
            if c.board.is_over() {
                let v = c.board.final_value();
                lo = if c.extra_turn { gain + v } else { gain - v };
                hi = lo;
            } else if let Some(slot) = self.endgame.and_then(|db| db.slot(c.board, cs)) {
                prefetch(slot);
                slots[n] = Some(slot);
            }
            out[n] = Child {
                board: c.board,
                gain,
                extra: c.extra_turn,
                pit: i as u8,
                lo,
                hi,
            };
            n += 1;
        }
        for (c, slot) in out[..n].iter_mut().zip(slots) {
            if let Some(slot) = slot {
                let v = slot.load(Ordering::Relaxed) as i32;
                c.lo = if c.extra { c.gain + v } else { c.gain - v };
                c.hi = c.lo;
            }
        }
        n
    }

    /// The order `children` are searched in (see [`Order`]).
    #[inline]
    fn order(&self, children: &[Child], tt_best: Option<u8>) -> Order {
        Order::new(children, tt_best, self.rules.pits, self.extra_counts)
    }

    /// Starts the table loads the children will need, so their cache misses overlap (the
    /// database's are started by [`Worker::children`]).
    #[inline]
    fn touch(&self, children: &[Child]) {
        for c in children {
            if c.lo != c.hi && c.board.seeds() >= self.table_min_seeds {
                self.table.touch(c.board);
            }
        }
    }

    #[inline]
    fn child_value(&mut self, c: &Child, alpha: i32, beta: i32, ply: usize) -> i32 {
        if c.extra {
            c.gain + self.search(c.board, alpha - c.gain, beta - c.gain, ply)
        } else {
            c.gain - self.search(c.board, c.gain - beta, c.gain - alpha, ply)
        }
    }

    /// Fail-soft alpha-beta on the board's value.
    fn search(&mut self, board: Board, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= POLL && self.poll() {
            return 0;
        }
        if board.is_over() {
            return board.final_value();
        }
        let s = board.seeds();
        if let Some(db) = self.endgame {
            if let Some(v) = db.value(board) {
                return v;
            }
        }
        let mut lower = -(s as i32);
        let mut upper = s as i32;
        let mut tt_best = None;
        let use_table = s >= self.table_min_seeds;
        if !use_table {
            return self.search_small(board, alpha, beta, ply);
        }
        if let Some(b) = self.table.probe(board) {
            lower = lower.max(b.lower);
            upper = upper.min(b.upper);
            tt_best = b.best;
        }
        if lower >= beta {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        if alpha >= beta {
            return alpha;
        }

        let mut all = [NO_CHILD; MAX_PITS];
        let n = self.children(board, &mut all);
        let children = &mut all[..n];
        self.touch(children);
        let etc = s >= ETC_MIN_SEEDS;
        for c in children.iter_mut() {
            // Enhanced transposition cutoff: a child the table already proves good enough.
            if etc && c.lo != c.hi && c.board.seeds() >= self.table_min_seeds {
                if let Some(b) = self.table.probe(c.board) {
                    (c.lo, c.hi) = if c.extra {
                        (c.gain + b.lower, c.gain + b.upper)
                    } else {
                        (c.gain - b.upper, c.gain - b.lower)
                    };
                }
            }
            let v = c.lo;
            if v >= beta {
                self.table.store(
                    board,
                    Bounds {
                        lower: round_up(v, s),
                        upper: s as i32,
                        best: Some(c.pit),
                    },
                    0,
                );
                return v;
            }
        }
        let order = self.order(children, tt_best);
        let nodes_before = self.nodes;
        let alpha0 = alpha;
        let share = s >= self.table_min_seeds + SHARE_ABOVE_TABLE;
        let Some((best, best_pit)) = self.best_child(children, order, alpha, beta, ply, share)
        else {
            return 0;
        };
        let work = (64 - (self.nodes - nodes_before).leading_zeros()) as u8;
        let bounds = if best >= beta {
            Bounds {
                lower: round_up(best, s),
                upper,
                best: best_pit,
            }
        } else if best <= alpha0 {
            Bounds {
                lower,
                upper: round_down(best, s),
                best: tt_best,
            }
        } else {
            Bounds {
                lower: best,
                upper: best,
                best: best_pit,
            }
        };
        self.table.store(board, bounds, work);
        best
    }
}

impl Worker<'_> {
    /// Plain fail-soft alpha-beta near the leaves: no table, extra turns first.
    fn search_small(&mut self, board: Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let s = board.seeds() as i32;
        if s <= alpha {
            return s;
        }
        if -s >= beta {
            return -s;
        }
        let mut all = [NO_CHILD; MAX_PITS];
        let n = self.children(board, &mut all);
        let children = &all[..n];
        // The children of known value would be picked first, best first: only the best of them
        // counts, and it alone can cut. The order is then needed for the others only.
        let mut best = i32::MIN;
        for c in children.iter().filter(|c| c.lo == c.hi) {
            best = best.max(c.lo);
        }
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
        let mut order = self.order(children, None);
        order.drop_known(children);
        while let Some(i) = order.next() {
            let v = self.child_value(&children[i], alpha, beta, ply + 1);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Everything a session keeps between solves: the proof table (valid for one rule set) and the
/// endgame database, if built.
pub struct SolverState {
    pub rules: Rules,
    pub table: Arc<ProofTable>,
    pub endgame: Option<Arc<Endgame>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A child not yet searched, `gain` seeds stored by `pit`, leaving `board` to the other side.
    fn plain_child(pit: u8, gain: i32, board: Board) -> Child {
        let s = board.seeds() as i32;
        Child {
            board,
            gain,
            extra: false,
            pit,
            lo: gain - s,
            hi: gain + s,
        }
    }

    #[test]
    fn replies_count_moves_and_extra_turns_twice() {
        // Pits 1, 2, 4 and 6 hold 6, 5, 3 and 1 seeds: each lands in the store; pit 3's 2 seeds
        // do not. 19 seeds in pit 1 land in the store after a lap, which is not counted.
        let b = Board::from_pits(&[6, 5, 2, 3, 0, 1], &[4; 6]);
        assert_eq!(
            replies(b, 6, extra_turn_counts(6)),
            5 + 4 * EXTRA_TURN_WEIGHT as i32
        );
        let b = Board::from_pits(&[19, 0, 0, 0, 0, 0], &[4; 6]);
        assert_eq!(replies(b, 6, extra_turn_counts(6)), 1);
        let b = Board::from_pits(&[1, 1, 1, 1, 1, 1], &[4; 6]);
        assert_eq!(
            replies(b, 6, extra_turn_counts(6)),
            6 + EXTRA_TURN_WEIGHT as i32
        );
        let b = Board::from_pits(&[2, 1], &[1, 1]);
        assert_eq!(
            replies(b, 2, extra_turn_counts(2)),
            2 + 2 * EXTRA_TURN_WEIGHT as i32
        );
    }

    #[test]
    fn among_equal_gains_the_move_leaving_fewer_replies_comes_first() {
        // Pit 5 (nearer the store) would come first on the pit alone; pit 2 leaves the other
        // side one move instead of six, so it goes first. A bigger gain still comes before both.
        let few = Board::from_pits(&[0, 0, 0, 0, 0, 9], &[4; 6]);
        let many = Board::from_pits(&[2, 2, 2, 2, 2, 2], &[4; 6]);
        let big = Board::from_pits(&[3, 3, 3, 3, 3, 3], &[4; 6]);
        let children = [
            plain_child(5, 0, many),
            plain_child(2, 0, few),
            plain_child(0, 1, big),
        ];
        assert_eq!(picked(&children, None), [0, 2, 5]);
    }

    /// The pits of `children` in the order [`Order`] picks them (6 pits a side).
    fn picked(children: &[Child], tt_best: Option<u8>) -> Vec<u8> {
        let mut order = Order::new(children, tt_best, 6, extra_turn_counts(6));
        std::iter::from_fn(|| order.next().map(|i| children[i].pit)).collect()
    }

    #[test]
    fn known_children_first_best_first_ties_in_their_own_order_then_the_tables_move() {
        let b = Board::from_pits(&[2, 2, 2, 2, 2, 2], &[4; 6]);
        let known = |pit, v| Child {
            lo: v,
            hi: v,
            ..plain_child(pit, 0, b)
        };
        let extra = Child {
            extra: true,
            ..plain_child(5, 0, b)
        };
        // Known values: -3 (pit 0), +1 (pit 3), +1 (pit 1); pit 2 is the table's move; pit 5 an
        // extra turn; pit 4 plain.
        let children = [
            known(0, -3),
            plain_child(4, 0, b),
            known(3, 1),
            plain_child(2, 0, b),
            known(1, 1),
            extra,
        ];
        assert_eq!(picked(&children, Some(2)), [3, 1, 0, 2, 5, 4]);
        // Eight children, every one known and equal: their own order.
        let children: Vec<Child> = (0..8).map(|p| known(7 - p, 0)).collect();
        assert_eq!(picked(&children, None), [7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(picked(&[], None), Vec::<u8>::new());
    }
}
