//! Fits the move-ordering scores (per pattern code, rule set and colour: a making score for the
//! side to move's code at a cell and a blocking score for the opponent's code there) to target
//! moves, by a softmax over each position's replies, as Rapfi's classical move scores
//! (scoreSelf, scoreOppo) were fitted. The targets are the best moves of deeper searches in
//! positions the tree meets (`labels`) and the moves played in recorded games (Rapfi's). The
//! move picker orders a cell by the making score of our code there plus the blocking score of
//! the opponent's (`movepick::MovePicker`); the trainer models exactly that sum, divided by a
//! fixed temperature, as the logit of the target move. The temperature sets how far the fit
//! may move a score: it is small against the hand-set class tiers (thousands of units apart)
//! so that a score crosses a tier only where many targets ask for it, and the learned scores
//! stay in the units of the history, killer and counter-move bonuses they are added to. (The
//! temperature that best fits the hand-set scores, 6400, let the fit reorder the tiers freely
//! and widened the tree by half; see docs/renju.md.) The replies
//! are the picker's (every candidate, or the exact replies to a threat); positions with one
//! reply or whose result the shapes prove are left out. The held-out cross-entropy, top-1 and
//! top-3 agreement are printed beside the starting scores'.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use super::labels::Label;
use super::records::Record;
use crate::games::renju::board::{Board, Cell};
use crate::games::renju::eval::codes::{code_of_index, CODES};
use crate::games::renju::eval::params::{rule_index, EvalParams, SideParams, RULES};
use crate::games::renju::search::picker_moves;
use crate::games::renju::search::win::quick_result;

/// The making scores' share of the trainer's vector: a score per code for each rule set and
/// colour; the blocking scores follow in the same order.
const MAKING: usize = CODES * 2 * RULES.len();

/// Ordering parameters the trainer sees: making and blocking scores.
pub const ORDER_PARAMS: usize = 2 * MAKING;

/// Adam's step in logit units (the step in ordering units is this times the temperature).
const STEP_LOGITS: f32 = 0.02;

/// The largest score the file keeps (the picker adds bonuses to it in `i32`).
const ORDER_LIMIT: f32 = 1.0e6;

/// Index of the making score of `code` for (rule, colour); the blocking score of the same
/// code is `MAKING` further.
fn index(rule: crate::games::renju::board::Rule, colour: u8, code: usize) -> u32 {
    ((rule_index(rule) * 2 + colour as usize) * CODES + code) as u32
}

/// Positions as their replies' (making, blocking) score indices and the index of the target
/// move among them.
#[derive(Default)]
pub struct Choices {
    starts: Vec<usize>,
    own: Vec<u32>,
    opp: Vec<u32>,
    played: Vec<u32>,
}

impl Choices {
    pub fn len(&self) -> usize {
        self.played.len()
    }

    pub fn is_empty(&self) -> bool {
        self.played.is_empty()
    }

    fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.starts[i]..self.starts.get(i + 1).copied().unwrap_or(self.own.len())
    }

    /// Adds the positions of `r` after its opening where the picker orders moves, with the move
    /// played as the target.
    pub fn add(&mut self, r: &Record) {
        let mut b = r.board_after(r.opening);
        let mut moves: Vec<Cell> = Vec::with_capacity(128);
        for &m in &r.moves[r.opening..] {
            if b.winner().is_some() {
                break;
            }
            self.add_position(&mut b, m, &mut moves);
            b.make(m);
        }
    }

    /// Adds a label's position with its searched best move as the target.
    pub fn add_label(&mut self, l: &Label) {
        self.add_position(&mut l.board(), l.best, &mut Vec::new());
    }

    /// Adds `b` with target `m` if the picker orders its replies (two or more, the result not
    /// proven by the shapes) and `m` is one of them.
    fn add_position(&mut self, b: &mut Board, m: Cell, moves: &mut Vec<Cell>) {
        if quick_result(b, 0).is_some() {
            return;
        }
        *moves = picker_moves(b);
        if moves.len() < 2 {
            return;
        }
        let Some(at) = moves.iter().position(|&c| c == m) else {
            return;
        };
        let codes = code_of_index();
        let me = b.to_move();
        let opp = 1 - me;
        self.starts.push(self.own.len());
        for &c in moves.iter() {
            let own = codes[b.combo_index(c, me) as usize] as usize;
            let theirs = codes[b.combo_index(c, opp) as usize] as usize;
            self.own.push(index(b.rule(), me, own));
            self.opp.push(MAKING as u32 + index(b.rule(), opp, theirs));
        }
        self.played.push(at as u32);
    }

    /// Softmax probabilities of position `i`'s replies under `w` and `temperature` into `p`;
    /// returns the target move's probability and how many replies score above it.
    fn probabilities(
        &self,
        i: usize,
        w: &[f32],
        temperature: f32,
        p: &mut Vec<f32>,
    ) -> (f32, usize) {
        let r = self.range(i);
        p.clear();
        p.extend(
            self.own[r.clone()]
                .iter()
                .zip(&self.opp[r])
                .map(|(&a, &b)| (w[a as usize] + w[b as usize]) / temperature),
        );
        let max = p.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let played = self.played[i] as usize;
        let above = p.iter().filter(|&&x| x > p[played]).count();
        let mut sum = 0.0;
        for x in p.iter_mut() {
            *x = (*x - max).exp();
            sum += *x;
        }
        for x in p.iter_mut() {
            *x /= sum;
        }
        (p[played], above)
    }

    /// How well `w` predicts the targets.
    pub fn measure(&self, w: &[f32], temperature: f32) -> Agreement {
        let mut p = Vec::new();
        let (mut ce, mut top1, mut top3) = (0.0f64, 0usize, 0usize);
        for i in 0..self.len() {
            let (q, above) = self.probabilities(i, w, temperature, &mut p);
            ce -= (q.max(1e-9) as f64).ln();
            top1 += usize::from(above == 0);
            top3 += usize::from(above < 3);
        }
        let n = self.len() as f64;
        Agreement {
            cross_entropy: ce / n,
            top1: top1 as f64 / n,
            top3: top3 as f64 / n,
        }
    }
}

/// How well ordering scores predict target moves (NaN on no positions): the mean
/// cross-entropy, and the shares of targets scored first (ties count) and among the first three.
#[derive(Clone, Copy, Debug)]
pub struct Agreement {
    pub cross_entropy: f64,
    pub top1: f64,
    pub top3: f64,
}

impl std::fmt::Display for Agreement {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "cross-entropy {:.4}, top-1 {:.1}%, top-3 {:.1}%",
            self.cross_entropy,
            100.0 * self.top1,
            100.0 * self.top3
        )
    }
}

/// The making and blocking scores of `p` as the trainer's flat vector.
pub fn flatten_orders(p: &EvalParams) -> Vec<f32> {
    let scores = |pick: fn(&SideParams) -> &Vec<i32>| {
        p.sides
            .iter()
            .flat_map(move |sides| sides.iter().flat_map(move |s| pick(s).iter()))
            .map(|&v| v as f32)
            .collect::<Vec<f32>>()
    };
    let mut w = scores(|s| &s.order);
    w.extend(scores(|s| &s.block));
    w
}

/// `base` with the making and blocking scores of `w` (rounded; code 0, no line, keeps its
/// scores).
pub fn unflatten_orders(w: &[f32], base: &EvalParams) -> EvalParams {
    let mut p = base.clone();
    for (k, sides) in p.sides.iter_mut().enumerate() {
        for (colour, s) in sides.iter_mut().enumerate() {
            let at = (k * 2 + colour) * CODES;
            for (scores, from) in [(&mut s.order, at), (&mut s.block, MAKING + at)] {
                for (code, v) in scores.iter_mut().enumerate().skip(1) {
                    *v = w[from + code].clamp(-ORDER_LIMIT, ORDER_LIMIT).round() as i32;
                }
            }
        }
    }
    p
}

/// What the ordering fit found.
#[derive(Clone, Debug)]
pub struct OrderSummary {
    pub train_positions: usize,
    pub heldout_positions: usize,
    pub temperature: f32,
    /// Held-out agreement of the starting and the learned scores.
    pub start_heldout: Agreement,
    pub learned_heldout: Agreement,
}

/// How the ordering fit runs: Adam, `epochs` passes of `batch` positions at `temperature`
/// ordering units per logit, an L2 pull of `l2` toward the starting scores, shuffled by `seed`.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    pub epochs: usize,
    pub temperature: f32,
    pub batch: usize,
    pub l2: f32,
    pub seed: u64,
}

/// Fits the ordering scores of `start` on `train`, measuring on `held`.
pub fn fit(
    train: &Choices,
    held: &Choices,
    start: &EvalParams,
    o: FitOptions,
) -> (EvalParams, OrderSummary) {
    let FitOptions {
        epochs,
        temperature,
        batch,
        l2,
        seed,
    } = o;
    let w0 = flatten_orders(start);
    let start_heldout = held.measure(&w0, temperature);
    eprintln!(
        "tune renju: ordering: {} training positions, {} held out; temperature {temperature}; \
         starting scores held out: {start_heldout}",
        train.len(),
        held.len(),
    );
    let mut w = w0.clone();
    let mut adam = super::adam::Adam::new(ORDER_PARAMS);
    let mut grad = vec![0.0f32; ORDER_PARAMS];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x0DE5);
    let mut p = Vec::new();
    let started = Instant::now();
    for epoch in 0..epochs {
        order.shuffle(&mut rng);
        for chunk in order.chunks(batch.max(1)) {
            // The gradient in logit units (Adam's step is scaled to ordering units below); in
            // ordering units it would be a temperature smaller, under Adam's epsilon.
            let k = 1.0 / chunk.len() as f32;
            for &i in chunk {
                train.probabilities(i, &w, temperature, &mut p);
                let r = train.range(i);
                let played = train.played[i] as usize;
                for (j, (&a, &b)) in train.own[r.clone()].iter().zip(&train.opp[r]).enumerate() {
                    let d = (p[j] - if j == played { 1.0 } else { 0.0 }) * k;
                    grad[a as usize] += d;
                    grad[b as usize] += d;
                }
            }
            for j in 0..ORDER_PARAMS {
                grad[j] += l2 * (w[j] - w0[j]);
            }
            adam.step(&mut w, &mut grad, STEP_LOGITS * temperature);
            for b in (0..ORDER_PARAMS).step_by(CODES) {
                w[b] = w0[b];
            }
        }
        eprintln!(
            "tune renju: ordering epoch {}/{epochs}: held out {} (starting {start_heldout}), {:.0} s",
            epoch + 1,
            held.measure(&w, temperature),
            started.elapsed().as_secs_f64()
        );
    }
    let params = unflatten_orders(&w, start);
    let learned_heldout = held.measure(&flatten_orders(&params), temperature);
    (
        params,
        OrderSummary {
            train_positions: train.len(),
            heldout_positions: held.len(),
            temperature,
            start_heldout,
            learned_heldout,
        },
    )
}
