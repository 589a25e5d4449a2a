//! One thread's renju search on its own board: principal variation search with make/undo,
//! the quick result at every node, a staged move picker, and a threat quiescence (our fours
//! and their forced blocks, with stand-pat) below depth zero. Pruning and extensions follow
//! `params::params()`; every result goes to the shared table.

use std::sync::atomic::Ordering as AtomicOrdering;

use super::params::{params, Params, PLY};
use super::stats::{Kind, NodeEnd, Stats};
use super::win::{loss_in, quick_result};
use crate::games::renju::board::{xy, Board, Cell, CELLS};
use crate::games::renju::eval::evaluate;
use crate::games::renju::movepick::{
    is_quiet, makes_four, makes_threat, Buffers, Mode, MovePicker, Ordering,
};
use crate::games::renju::patterns::class::{combination, C_DOUBLE_THREE, C_FOUR_THREE, C_WIN};
use crate::search::pvs::{Shared, MAX_PLY};
use crate::search::tt::Bound;
use crate::search::{is_proven, Score, INFINITY, WIN, WIN_BOUND};

/// `side`'s four points (cells that make a four or five) that share a line with one of
/// `anchors` within four cells, or, with `square`, lie within two cells of the first anchor,
/// into `out`. Without an anchor, every four point. The board keeps each side's four points
/// (`Board::four_points`, rarely more than a handful), so this reads those, not the lines.
pub(super) fn four_points_near(
    b: &Board,
    side: u8,
    anchors: [Option<Cell>; 2],
    square: bool,
    out: &mut Vec<Cell>,
) {
    out.clear();
    let fours = b.four_points(side);
    let Some(first) = anchors[0] else {
        out.extend(fours.iter());
        return;
    };
    let offset = |a: Cell, c: Cell| {
        let ((ax, ay), (cx, cy)) = (xy(a), xy(c));
        (ax.abs_diff(cx), ay.abs_diff(cy))
    };
    out.extend(fours.iter().filter(|&c| {
        anchors.iter().flatten().any(|&a| {
            let (dx, dy) = offset(a, c);
            dx.max(dy) <= 4 && (dx == 0 || dy == 0 || dx == dy)
        }) || (square && {
            let (dx, dy) = offset(first, c);
            dx.max(dy) <= 2
        })
    }));
}

/// The combination code (`patterns::class::combination`) from which a four makes more than a
/// four: a four with a two or blocked three, or better.
const FOUR_PLUS: usize = 3;

/// Salt of the table key of a singular-extension search (the node without its table move).
const EXCLUDED_SALT: u64 = 0x5EED_0F5E_C0DE_D00D;

/// One root move with its last score.
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    pub cell: Cell,
    pub score: Score,
}

pub struct Worker<'a> {
    shared: &'a Shared<'a>,
    is_main: bool,
    unflushed: u64,
    p: Params,
    /// History per side and cell.
    history: Vec<[i32; CELLS]>,
    /// Counter-move per side and the opponent's last cell.
    counter: Vec<[Cell; CELLS]>,
    killers: Vec<[Option<Cell>; 2]>,
    lmr: Vec<[i32; 64]>,
    /// Moves searched at most at a non-PV node, by improving (0, 1) and depth in plies.
    move_count_limit: [[usize; 64]; 2],
    pub root_moves: Vec<RootMove>,
    pub seldepth: usize,
    /// A root move this iteration found better than the first (the previous best).
    pub improved: Option<(Cell, Score)>,
    /// The tree's counters, when asked for (`stats`); with them, each ply's static value.
    pub stats: Option<Box<Stats>>,
    evals: Vec<Score>,
    /// Whether the move played at each ply of the current line made a three or better for its
    /// side (`lmr_continuous_attack` reads the one two plies up).
    attacks: Vec<bool>,
    /// The move lists of each ply's node (`movepick::Buffers`), lent to its picker or
    /// quiescence and handed back, so that nodes allocate nothing.
    bufs: Vec<Buffers>,
}

impl<'a> Worker<'a> {
    pub fn new(shared: &'a Shared<'a>, is_main: bool) -> Worker<'a> {
        let p = params();
        let lmr = (0..64)
            .map(|d| {
                let mut row = [0i32; 64];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let v = p.lmr_base + (d as f32).ln() * (i as f32).ln() / p.lmr_div;
                        *r = (v * PLY as f32) as i32;
                    }
                }
                row
            })
            .collect();
        let mut move_count_limit = [[0usize; 64]; 2];
        for (improving, row) in move_count_limit.iter_mut().enumerate() {
            for (d, limit) in row.iter_mut().enumerate() {
                let base = p.lmp_base + (d as f32).powf(p.lmp_exponent);
                *limit = ((base / (2 - improving) as f32) as usize).max(1);
            }
        }
        Worker {
            shared,
            move_count_limit,
            is_main,
            unflushed: 0,
            p,
            history: vec![[0; CELLS]; 2],
            counter: vec![[0; CELLS]; 2],
            killers: vec![[None; 2]; MAX_PLY + 2],
            lmr,
            root_moves: Vec::new(),
            seldepth: 0,
            improved: None,
            stats: None,
            evals: vec![0; MAX_PLY + 2],
            attacks: vec![false; MAX_PLY + 2],
            bufs: (0..MAX_PLY + 2).map(|_| Buffers::default()).collect(),
        }
    }

    /// Polls the clock and the stop flags every 1024 nodes; true once this thread must unwind.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.unflushed += 1;
        if self.unflushed >= 1024 {
            self.flush();
            self.poll_limits();
        }
        self.halted()
    }

    /// The main thread halts every thread once the clock, the node limit or a stop says so.
    fn poll_limits(&self) {
        if self.is_main {
            self.shared.poll_limits();
        }
    }

    #[inline]
    pub fn halted(&self) -> bool {
        self.shared.halt.load(AtomicOrdering::Relaxed)
    }

    pub fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, AtomicOrdering::Relaxed);
        self.unflushed = 0;
    }

    /// Searches the root to `depth` plies inside (alpha, beta); `None` if halted before the
    /// first move finished. Root moves are reordered by their scores.
    pub fn root(
        &mut self,
        b: &mut Board,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        observe: &mut dyn FnMut(crate::search::RootEvent<Cell>),
    ) -> Option<Score> {
        let alpha0 = alpha;
        self.improved = None;
        let mut best = -INFINITY;
        let mut moves = std::mem::take(&mut self.root_moves);
        let mut best_index = 0;
        let mut completed = 0;
        #[allow(clippy::needless_range_loop)]
        for i in 0..moves.len() {
            // moves[i] is written below: no iterator borrow.
            let m = moves[i].cell;
            // Late root moves often take fewer nodes than the node loop's polling period: a
            // root that did not look at the clock itself would enter several after the deadline.
            if i > 0 {
                self.poll_limits();
                if self.halted() {
                    break;
                }
            }
            observe(crate::search::RootEvent::Enter {
                mv: m,
                depth: depth as u32,
            });
            let forced_ext = self.extension_for(b, m);
            self.shared.tt.prefetch(b.hash_after(m));
            b.make(m);
            let d = depth * PLY - PLY + forced_ext;
            let score = if i == 0 {
                -self.pvs(b, -beta, -alpha, d, 1, true, false, None)
            } else {
                let mut s = -self.pvs(b, -alpha - 1, -alpha, d, 1, false, true, None);
                if s > alpha && s < beta {
                    s = -self.pvs(b, -beta, -alpha, d, 1, true, false, None);
                }
                s
            };
            b.undo();
            if self.halted() {
                break;
            }
            completed += 1;
            observe(crate::search::RootEvent::Leave {
                mv: m,
                depth: depth as u32,
                score,
                new_best: score > best,
            });
            moves[i].score = score;
            if i > 0 && score > alpha {
                self.improved = Some((m, score));
            }
            if score > best {
                best = score;
                best_index = i;
                alpha = alpha.max(score);
            }
            if score >= beta {
                break;
            }
        }
        moves[..=best_index].rotate_right(1);
        self.root_moves = moves;
        if self.halted() || completed == 0 {
            return None;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best <= alpha0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.shared.tt.store(
            b.hash(),
            0,
            best,
            depth.clamp(0, 255) as u8,
            bound,
            self.root_moves[0].cell,
        );
        Some(best)
    }

    /// The depth the child of move `m` gains: a forced block costs nothing.
    fn extension_for(&self, b: &Board, m: Cell) -> i32 {
        let opp = 1 - b.to_move();
        let mut e = 0;
        if b.five_points(opp) > 0 {
            e += self.p.forced_block_extension;
        } else if makes_four(b, m) {
            e += self.p.four_extension;
        }
        e
    }

    #[allow(clippy::too_many_arguments)]
    pub fn pvs(
        &mut self,
        b: &mut Board,
        mut alpha: Score,
        mut beta: Score,
        mut depth: i32,
        ply: usize,
        pv: bool,
        cut: bool,
        excluded: Option<Cell>,
    ) -> Score {
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if excluded.is_none() {
            if let Some(s) = quick_result(b, ply) {
                return s;
            }
            if b.drawn() {
                return 0;
            }
        }
        if ply >= MAX_PLY - 4 {
            return evaluate(b);
        }
        // Mate distance pruning.
        alpha = alpha.max(-WIN + ply as Score);
        beta = beta.min(WIN - ply as Score - 1);
        if alpha >= beta {
            return alpha;
        }
        if depth < PLY {
            return if excluded.is_none() {
                self.horizon(b, alpha, beta, ply)
            } else {
                self.qsearch(b, alpha, beta, ply, 0)
            };
        }
        let key = match excluded {
            Some(c) => b.hash() ^ EXCLUDED_SALT ^ (c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            None => b.hash(),
        };
        let entry = self.shared.tt.probe(key, ply);
        let tt_move = entry.map(|e| e.move_tag).filter(|&t| t != 0);
        if let Some(e) = entry {
            if !pv && e.depth as i32 >= depth / PLY {
                let cutoff = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cutoff {
                    return e.score;
                }
            }
        }
        let me = b.to_move();
        let opp = 1 - me;
        let eval = evaluate(b);
        self.evals[ply] = eval;
        let improving = ply >= 2 && eval > self.evals[ply - 2];
        let forced = b.five_points(opp) > 0;
        let opp_threats = forced
            || b.has_open_four_point(opp)
            || b.class_counts()[opp as usize][C_FOUR_THREE as usize] > 0;
        let dp = depth / PLY;
        if !pv && !forced && excluded.is_none() && !is_proven(beta) && !is_proven(alpha) {
            // Razoring: hopeless quiet nodes near the leaves ask the threat quiescence.
            if dp < self.p.razor_depth
                && eval + self.p.razor_margin_base + self.p.razor_margin_per_ply * dp <= alpha
            {
                let v = self.horizon(b, alpha, alpha + 1, ply);
                if v <= alpha {
                    return v;
                }
            }
            // Reverse futility: far above beta with nothing to answer.
            if dp < self.p.futility_depth
                && !opp_threats
                && eval - self.p.futility_margin * dp >= beta
            {
                return eval;
            }
            // Null move: only where the opponent has no threat a free move could turn into a
            // win (no four, no open three, no four-three or double-three point).
            let cc = &b.class_counts()[opp as usize];
            if dp >= self.p.null_depth
                && eval >= beta
                && !opp_threats
                && !b.has_four_point(opp)
                && cc[C_WIN as usize] == 0
                && cc[C_DOUBLE_THREE as usize] == 0
            {
                let r = (self.p.null_reduction_base + dp / self.p.null_reduction_div) * PLY;
                self.attacks[ply] = false;
                b.make_null();
                let v = -self.pvs(b, -beta, -beta + 1, depth - r, ply + 1, false, !cut, None);
                b.undo_null();
                if self.halted() {
                    return 0;
                }
                if v >= beta && !is_proven(v) {
                    return v;
                }
            }
        }
        // Internal iterative reduction: without a table move the ordering is a guess.
        if tt_move.is_none() && dp >= self.p.iir_depth && excluded.is_none() {
            depth -= PLY;
        }
        // A PV node whose table move comes from a shallower search is read shallower.
        if pv && self.p.pv_tt_reduction > 0 && dp > 1 && excluded.is_none() {
            if let Some(e) = entry.filter(|e| e.move_tag != 0) {
                let short = (dp - e.depth as i32).max(0);
                depth -= (short * self.p.pv_tt_reduction).min(self.p.pv_tt_reduction_max);
                if depth < PLY {
                    return self.horizon(b, alpha, beta, ply);
                }
            }
        }
        let mut dp = depth / PLY;

        let side = me as usize;
        let counter = b
            .last_move()
            .map(|c| self.counter[side][c as usize])
            .filter(|&c| c != 0);
        let bufs = std::mem::take(&mut self.bufs[ply]);
        let mut picker = MovePicker::with_buffers(b, tt_move, excluded, bufs);
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_move: Cell = 0;
        let mut count = 0usize;
        let mut quiets_tried: [Cell; 64] = [0; 64];
        let mut n_quiets = 0;
        // Fail-high reduction: an expected cut node far above beta is likely to be cut by any
        // sound move, so it is read a ply shallower (fours keep their depth).
        let likely_fail_high = self.p.fail_high_reduction > 0
            && !pv
            && cut
            && !is_proven(beta)
            && eval
                >= beta
                    + self.p.fail_high_margin_base
                    + self.p.fail_high_margin_per_ply * dp
                    + if opp_threats {
                        self.p.fail_high_margin_threat
                    } else {
                        0
                    };
        let lmp_limit = self.move_count_limit[usize::from(improving)][(dp.max(0) as usize).min(63)];
        let threat_limit = self.move_count_limit[1][(dp.max(0) as usize).min(63)];
        loop {
            let m = {
                let ord = Ordering {
                    history: &self.history[side],
                    counter,
                    killers: self.killers[ply],
                    history_div: self.p.history_div,
                    counter_bonus: self.p.counter_bonus,
                    killer_bonus: self.p.killer_bonus,
                };
                match picker.next(b, &ord) {
                    Some(m) => m,
                    None => break,
                }
            };
            // A four-three node with no single stop is searched in full (`MovePicker`).
            let mode = picker.mode();
            let quiet = mode == Mode::All && is_quiet(b, m);
            let answerable = matches!(mode, Mode::All | Mode::Defend | Mode::FourThree);
            if !pv && answerable && best > -WIN_BOUND {
                // Move-count pruning on every move, threats and defences included: the learned
                // ordering puts what matters first. A threat (or any reply to one) is cut at
                // the improving node's limit, a quiet move at the node's own. (Sparing fours
                // from it proved fewer VCF puzzles, 818 against 821 of 841, and widened the
                // tree.)
                if count >= threat_limit {
                    // Every move past this one is cut too: stop picking.
                    break;
                }
                if quiet && count >= lmp_limit {
                    continue;
                }
                // Futility of quiet moves near the leaves.
                if quiet
                    && dp < self.p.move_futility_depth
                    && eval + self.p.move_futility_margin * (dp + 1) <= alpha
                {
                    continue;
                }
            }
            let mut ext = self.extension_for(b, m);
            // Singular extension: the table move alone holds the node.
            let mut singular_searched = false;
            if Some(m) == tt_move && excluded.is_none() && dp >= self.p.singular_depth {
                if let Some(e) = entry {
                    if e.bound != Bound::Upper && e.depth as i32 >= dp - 3 && !is_proven(e.score) {
                        singular_searched = true;
                        let sbeta = e.score - self.p.singular_margin * dp;
                        let v = self.pvs(b, sbeta - 1, sbeta, depth / 2, ply, false, cut, Some(m));
                        if self.halted() {
                            return 0;
                        }
                        if v < sbeta {
                            ext += PLY;
                        } else if sbeta >= beta {
                            return sbeta;
                        }
                    }
                }
            }
            // A table move that no singular search judged gets a fraction of a ply.
            if Some(m) == tt_move && !singular_searched {
                ext += if pv {
                    self.p.tt_move_extension_pv
                } else {
                    self.p.tt_move_extension
                };
            }
            let threat_move = !quiet;
            let four = makes_four(b, m);
            let attack = makes_threat(b, m);
            if likely_fail_high && !four {
                ext -= self.p.fail_high_reduction;
            }
            self.attacks[ply] = attack;
            self.shared.tt.prefetch(b.hash_after(m));
            b.make(m);
            count += 1;
            let new_depth = depth - PLY + ext;
            let score = if count == 1 {
                -self.pvs(b, -beta, -alpha, new_depth, ply + 1, pv, !cut && !pv, None)
            } else {
                let mut r = 0;
                if dp >= self.p.lmr_depth && count > self.p.lmr_index && !four && answerable {
                    r = self.lmr[(dp as usize).min(63)][count.min(63)];
                    if threat_move {
                        r -= self.p.lmr_threat_relief;
                    }
                    if pv {
                        r -= PLY;
                    }
                    if cut {
                        r += self.p.lmr_cut_node;
                    }
                    if !pv && !improving && r > PLY {
                        r += self.p.lmr_not_improving;
                    }
                    if attack && !opp_threats && ply >= 2 && self.attacks[ply - 2] {
                        r -= self.p.lmr_continuous_attack;
                    }
                    r -= self.history[side][m as usize] / (self.p.history_max / PLY).max(1);
                    r = r.clamp(0, new_depth.max(0));
                }
                let mut s = -self.pvs(
                    b,
                    -alpha - 1,
                    -alpha,
                    new_depth - r,
                    ply + 1,
                    false,
                    true,
                    None,
                );
                if s > alpha && r > 0 {
                    // How far the reduced search failed high says how deep to look again.
                    let mut d = new_depth;
                    if self.p.lmr_deeper_margin > 0 && !is_proven(s) {
                        if s > alpha
                            + self.p.lmr_deeper_margin
                            + self.p.lmr_deeper_per_ply * r / PLY
                        {
                            d += PLY;
                        } else if s < best + new_depth / PLY {
                            d -= PLY;
                        }
                    }
                    if d > new_depth - r {
                        s = -self.pvs(b, -alpha - 1, -alpha, d, ply + 1, false, !cut, None);
                    }
                }
                if s > alpha && s < beta {
                    s = -self.pvs(b, -beta, -alpha, new_depth, ply + 1, true, false, None);
                }
                s
            };
            b.undo();
            if self.halted() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        self.reward(b, m, dp, ply, &quiets_tried[..n_quiets], quiet);
                        break;
                    }
                    // The moves after an improvement are read shallower.
                    if self.p.alpha_improvement_reduction > 0
                        && dp > 2
                        && dp < 12
                        && score.abs() < 2000
                    {
                        depth -= self.p.alpha_improvement_reduction;
                        dp = depth / PLY;
                    }
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = m;
                n_quiets += 1;
            }
        }
        if count == 0 {
            // Nothing legal (every candidate forbidden) or everything excluded.
            if excluded.is_some() {
                return alpha;
            }
            if picker.mode() == Mode::Defend {
                // Nothing stops the open four or double four, and we have no four.
                return loss_in(ply, 4);
            }
            return if b.drawn() { 0 } else { evaluate(b) };
        }
        if let Some(st) = self.stats.as_mut() {
            st.node(NodeEnd {
                kind: match picker.mode() {
                    Mode::All => Kind::Full,
                    Mode::Defend => Kind::Defend,
                    Mode::FourThree => Kind::FourThree,
                    Mode::Five | Mode::Block => Kind::Forced,
                },
                depth: dp,
                pv,
                improving,
                generated: picker.generated(),
                searched: count,
                cut_by: (best >= beta).then_some(count),
                failed_low: best <= alpha0,
            });
        }
        self.bufs[ply] = picker.into_buffers();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared
            .tt
            .store(key, ply, best, dp.clamp(0, 255) as u8, bound, best_move);
        best
    }

    /// History, killer and counter-move updates after `m` cut the node off.
    fn reward(&mut self, b: &Board, m: Cell, dp: i32, ply: usize, tried: &[Cell], quiet: bool) {
        let side = b.to_move() as usize;
        let bonus = (dp * dp).min(400);
        let max = self.p.history_max;
        let h = &mut self.history[side];
        h[m as usize] += bonus - h[m as usize] * bonus / max;
        for &q in tried {
            h[q as usize] -= bonus + h[q as usize] * bonus / max;
        }
        if quiet {
            let k = &mut self.killers[ply];
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        if let Some(last) = b.last_move() {
            self.counter[side][last as usize] = m;
        }
    }

    /// The threat quiescence: the side to move may stand pat or play fours; a five point of the
    /// opponent must be blocked (no stand-pat); `quick_result` ends lines that the shapes settle.
    pub fn qsearch(
        &mut self,
        b: &mut Board,
        alpha: Score,
        beta: Score,
        ply: usize,
        fours: usize,
    ) -> Score {
        if self.count_node() {
            return 0;
        }
        if let Some(st) = self.stats.as_mut() {
            st.leaf();
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(s) = quick_result(b, ply) {
            return s;
        }
        if b.drawn() {
            return 0;
        }
        if ply >= MAX_PLY - 4 {
            return evaluate(b);
        }
        self.qsearch_settled(b, alpha, beta, ply, fours)
    }

    /// A `pvs` node that turns into the quiescence (at the horizon, or razored): counted as a
    /// leaf, and searched without counting it or asking its quick result again.
    fn horizon(&mut self, b: &mut Board, alpha: Score, beta: Score, ply: usize) -> Score {
        if let Some(st) = self.stats.as_mut() {
            st.leaf();
        }
        self.qsearch_settled(b, alpha, beta, ply, 0)
    }

    /// The quiescence of a node already counted, whose quick result, draw and ply cap were
    /// already asked: `pvs` enters here (through `horizon`) so that a node is counted once
    /// (node limits and the nodes/s figure mean positions, not calls).
    fn qsearch_settled(
        &mut self,
        b: &mut Board,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        fours: usize,
    ) -> Score {
        let me = b.to_move();
        let opp = 1 - me;
        let key = b.hash();
        let entry = self.shared.tt.probe(key, ply);
        if let Some(e) = entry {
            let cutoff = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cutoff {
                return e.score;
            }
        }
        if b.five_points(opp) > 0 {
            // The block is forced (the quick result saw it is single and legal).
            let Some(block) = b.five_point(opp) else {
                return evaluate(b);
            };
            self.shared.tt.prefetch(b.hash_after(block));
            b.make(block);
            let v = -self.qsearch(b, -beta, -alpha, ply + 1, fours);
            b.undo();
            return v;
        }
        let stand = evaluate(b);
        if stand >= beta {
            return stand;
        }
        let alpha0 = alpha;
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut best_move: Cell = 0;
        if fours < self.p.qsearch_max_fours && b.has_four_point(me) {
            // The attack grows from our own last stones: the first four lies near our last
            // stone (two cells around it or four along its lines), later ones share a line
            // with one of our last two fours (a VCF, not every four on the board in every
            // order). Past the first plies a lone four must make more than a four (a four
            // with a two or three): a plain four there only delays.
            let anchors = [
                b.move_back(1),
                if fours > 0 { b.move_back(3) } else { None },
            ];
            let mut buf = std::mem::take(&mut self.bufs[ply]);
            four_points_near(b, me, anchors, fours == 0, &mut buf.cells);
            let plain_ok = fours < self.p.qsearch_plain_fours;
            buf.moves.clear();
            buf.moves.extend(
                buf.cells
                    .iter()
                    .filter(|&&c| plain_ok || combination(b.shapes_of(c, me)) >= FOUR_PLUS)
                    .map(|&c| (b.info(c, me).threat_order, c)),
            );
            buf.moves.sort_unstable_by_key(|&(s, c)| (-s, c));
            for &(_, m) in &buf.moves {
                if b.is_forbidden(m, me) {
                    continue;
                }
                self.shared.tt.prefetch(b.hash_after(m));
                b.make(m);
                let v = -self.qsearch(b, -beta, -alpha, ply + 1, fours + 1);
                b.undo();
                if self.halted() {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = m;
                    if v > alpha {
                        alpha = v;
                        if v >= beta {
                            break;
                        }
                    }
                }
            }
            self.bufs[ply] = buf;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 && best_move != 0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Every result is kept (the same fours in another order reach the same positions),
        // but never over a searched entry of this position.
        if entry.is_none_or(|e| e.depth == 0) {
            self.shared.tt.store(key, ply, best, 0, bound, best_move);
        }
        best
    }
}
