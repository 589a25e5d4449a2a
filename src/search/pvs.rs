//! One thread's search: iterative deepening negamax with principal variation search, aspiration
//! windows, a shared transposition table and killer/history move ordering.
//!
//! Negamax needs one twist for games where a move need not pass the turn (Kalah's extra turn):
//! when the child has the same side to move, its score is taken as is, with the same window,
//! instead of negated with the window mirrored.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::game::{is_proven, Position, Score, INFINITY, WIN};
use super::time::Clock;
use super::tt::{Bound, Tt};

/// Deepest ply the search will reach; also bounds the killer table.
pub const MAX_PLY: usize = 128;

/// A completed iteration, as reported by one thread.
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    pub depth: u32,
    pub score: Score,
    pub best: Option<M>,
    pub pv: Vec<M>,
}

/// What the main thread reports about each root move as it searches it (live output for GUIs
/// such as Yixin-Board, which mark the move being searched, the best so far and lost moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootEvent<M> {
    /// The search of `mv` at `depth` begins.
    Enter { mv: M, depth: u32 },
    /// The search of `mv` ended with `score` (a bound when the move failed low or high);
    /// `new_best` when it became the best move of this iteration.
    Leave {
        mv: M,
        depth: u32,
        score: Score,
        new_best: bool,
    },
}

/// What every thread of one search shares.
pub struct Shared<'a> {
    pub tt: &'a Tt,
    /// Set by the main thread (time, depth, node limit) or from outside (`stop`, `# interrupt`).
    pub halt: &'a AtomicBool,
    pub external_stop: &'a AtomicBool,
    pub nodes: &'a AtomicU64,
    pub clock: Clock,
    pub node_limit: Option<u64>,
}

impl Shared<'_> {
    /// Halts every thread once the clock, the node limit or a stop says so (the main
    /// thread's job: helpers only read `halt`).
    pub fn poll_limits(&self) {
        let over_nodes = self
            .node_limit
            .is_some_and(|n| self.nodes.load(Ordering::Relaxed) >= n);
        if self.external_stop.load(Ordering::Relaxed) || self.clock.hard_expired() || over_nodes {
            self.halt.store(true, Ordering::Relaxed);
        }
    }

    fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }
}

/// Per-thread search state: ordering tables and counters. Only the TT is shared.
pub struct Worker<'a, P: Position> {
    shared: &'a Shared<'a>,
    /// The thread that owns the clock checks time; helpers only follow the halt flag.
    is_main: bool,
    pub nodes: u64,
    unflushed: u64,
    killers: Vec<[Option<P::Move>; 2]>,
    history: Box<[[i32; 1 << 16]; 2]>,
    move_lists: Vec<Vec<P::Move>>,
    /// Root moves in the order to try them (best of the last iteration first).
    root_moves: Vec<P::Move>,
    seldepth: usize,
}

impl<'a, P: Position> Worker<'a, P> {
    pub fn new(shared: &'a Shared<'a>, is_main: bool) -> Self {
        Worker {
            shared,
            is_main,
            nodes: 0,
            unflushed: 0,
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![[0i32; 1 << 16]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("two history tables"),
            move_lists: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            root_moves: Vec::new(),
            seldepth: 0,
        }
    }

    /// Polls the clock and the stop flags; true once this thread must unwind.
    fn check_stop(&mut self) -> bool {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
        if self.is_main {
            self.shared.poll_limits();
        }
        self.shared.halted()
    }

    /// Flushes the node counter (at the end of the search).
    pub fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Searches `root` to `depth` plies, first with an aspiration window around `guess`.
    /// Returns `None` if the search was halted before the iteration completed.
    pub fn iterate(
        &mut self,
        root: &P,
        depth: u32,
        guess: Option<Score>,
    ) -> Option<Iteration<P::Move>> {
        self.iterate_observed(root, depth, guess, &mut |_| {})
    }

    /// `iterate`, telling `observe` about each root move as it is searched.
    pub fn iterate_observed(
        &mut self,
        root: &P,
        depth: u32,
        guess: Option<Score>,
        observe: &mut dyn FnMut(RootEvent<P::Move>),
    ) -> Option<Iteration<P::Move>> {
        if self.root_moves.is_empty() {
            root.generate(&mut self.root_moves);
            if self.root_moves.is_empty() {
                return None;
            }
        }
        let mut delta = 40;
        let (mut alpha, mut beta) = match guess {
            Some(g) if depth >= 4 && !is_proven(g) => (g - delta, g + delta),
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let (score, best) = self.root(root, depth as i32, alpha, beta, observe)?;
            if score <= alpha && alpha > -INFINITY {
                alpha = (alpha - delta).max(-INFINITY);
                if is_proven(score) {
                    alpha = -INFINITY;
                }
            } else if score >= beta && beta < INFINITY {
                beta = (beta + delta).min(INFINITY);
                if is_proven(score) {
                    beta = INFINITY;
                }
            } else {
                let pv = self.principal_variation(root, best, depth as usize);
                return Some(Iteration {
                    depth,
                    score,
                    best,
                    pv,
                });
            }
            delta *= 3;
        }
    }

    /// The root node: like `negamax`, but keeps the move list (reordered best-first) across
    /// iterations and returns the best move with the score.
    fn root(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        observe: &mut dyn FnMut(RootEvent<P::Move>),
    ) -> Option<(Score, Option<P::Move>)> {
        let alpha0 = alpha;
        let mut moves = std::mem::take(&mut self.root_moves);
        let mut best_score = -INFINITY;
        let mut best_index = 0;
        for (i, &m) in moves.iter().enumerate() {
            observe(RootEvent::Enter {
                mv: m,
                depth: depth as u32,
            });
            let mut child = pos.clone();
            child.play(m);
            let same = child.side_to_move() == pos.side_to_move();
            let score = if i == 0 {
                self.child(&child, same, depth - 1, 1, alpha, beta)
            } else {
                let s = self.child(&child, same, depth - 1, 1, alpha, alpha + 1);
                if s > alpha && s < beta {
                    self.child(&child, same, depth - 1, 1, alpha, beta)
                } else {
                    s
                }
            };
            if self.shared.halted() {
                break;
            }
            observe(RootEvent::Leave {
                mv: m,
                depth: depth as u32,
                score,
                new_best: score > best_score,
            });
            if score > best_score {
                best_score = score;
                best_index = i;
                alpha = alpha.max(score);
            }
            if score >= beta {
                break;
            }
        }
        // The best move leads the next iteration; the others keep their order.
        moves[..=best_index].rotate_right(1);
        let best = moves.first().copied();
        self.root_moves = moves;
        if self.shared.halted() {
            return None;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score <= alpha0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        if let Some(m) = best {
            self.shared.tt.store(
                pos.hash(),
                0,
                best_score,
                depth.clamp(0, 255) as u8,
                bound,
                P::move_tag(m),
            );
        }
        Some((best_score, best))
    }

    fn child(
        &mut self,
        child: &P,
        same_side: bool,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if same_side {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    fn negamax(
        &mut self,
        pos: &P,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= P::POLL_NODES && self.check_stop() {
            return 0;
        }
        if self.shared.halted() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = pos.outcome() {
            return o.score(ply);
        }
        if let Some((o, _)) = pos.proven() {
            // Game knowledge proves the result but not its distance: count it as a distant one.
            return o.score(ply + 500);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return pos.evaluate();
        }
        // A win found at this ply cannot be beaten by one found deeper.
        alpha = alpha.max(-WIN + ply as Score);
        beta = beta.min(WIN - ply as Score - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = pos.hash();
        let pv_node = beta - alpha > 1;
        let mut tt_tag = None;
        if let Some(e) = self.shared.tt.probe(key, ply) {
            tt_tag = Some(e.move_tag);
            if !pv_node && e.depth as i32 >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    return e.score;
                }
            }
        }

        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        pos.generate(&mut moves);
        if moves.is_empty() {
            // A position that is not over must have moves; treat a game's slip as a draw.
            self.move_lists[ply] = moves;
            return 0;
        }
        self.order(pos, &mut moves, ply, tt_tag);

        let side = pos.side_to_move() as usize & 1;
        let alpha0 = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves[0];
        let next = depth - 1;
        for (i, &m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play(m);
            let same = child.side_to_move() == pos.side_to_move();
            let score = if i == 0 {
                self.child(&child, same, next, ply + 1, alpha, beta)
            } else {
                // Late moves that ordering did not favour (from the fifth on, at non-PV nodes with
                // three or more plies left) get a one-ply-shallower null-window look first.
                let reduce = i32::from(depth >= 3 && i >= 4 && !pv_node);
                let mut s = self.child(&child, same, next - reduce, ply + 1, alpha, alpha + 1);
                if s > alpha && reduce > 0 {
                    s = self.child(&child, same, next, ply + 1, alpha, alpha + 1);
                }
                if s > alpha && s < beta {
                    s = self.child(&child, same, next, ply + 1, alpha, beta);
                }
                s
            };
            if self.shared.halted() {
                self.move_lists[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                let tag = P::move_tag(m) as usize;
                self.history[side][tag] += depth * depth;
                if self.history[side][tag] > 1 << 20 {
                    for h in self.history[side].iter_mut() {
                        *h /= 2;
                    }
                }
                let k = &mut self.killers[ply];
                if k[0] != Some(m) {
                    k[1] = k[0];
                    k[0] = Some(m);
                }
                break;
            }
        }
        self.move_lists[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            ply,
            best_score,
            depth.clamp(0, 255) as u8,
            bound,
            P::move_tag(best_move),
        );
        best_score
    }

    /// Sorts moves: the TT move, then the game's hint, killers and history.
    fn order(&self, pos: &P, moves: &mut [P::Move], ply: usize, tt_tag: Option<u16>) {
        let side = pos.side_to_move() as usize & 1;
        let killers = self.killers[ply];
        let key = |m: &P::Move| -> i64 {
            let tag = P::move_tag(*m);
            let mut k =
                pos.order_hint(*m) as i64 * 1_000_000 + self.history[side][tag as usize] as i64;
            if tt_tag == Some(tag) {
                k += 1 << 50;
            } else if killers[0] == Some(*m) {
                k += 1 << 40;
            } else if killers[1] == Some(*m) {
                k += 1 << 39;
            }
            -k
        };
        moves.sort_by_cached_key(key);
    }

    /// The expected line: the best root move, then the TT's moves as far as they go.
    fn principal_variation(&self, root: &P, best: Option<P::Move>, max_len: usize) -> Vec<P::Move> {
        let mut pv = Vec::new();
        let Some(first) = best else { return pv };
        let mut pos = root.clone();
        pos.play(first);
        pv.push(first);
        let mut seen = vec![root.hash(), pos.hash()];
        let mut moves = Vec::new();
        while pv.len() < max_len.max(1) && pos.outcome().is_none() {
            let Some(e) = self.shared.tt.probe(pos.hash(), pv.len()) else {
                break;
            };
            moves.clear();
            pos.generate(&mut moves);
            let Some(&m) = moves.iter().find(|&&m| P::move_tag(m) == e.move_tag) else {
                break;
            };
            pos.play(m);
            if seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
            pv.push(m);
        }
        pv
    }
}
