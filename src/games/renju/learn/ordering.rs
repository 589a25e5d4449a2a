//! Fits the move-ordering scores (a score per pattern code, rule set and colour) to the moves
//! played in the recorded games, by a softmax over each position's candidates, as Rapfi's
//! classical move scores were fitted. The move picker orders a cell by its code's score for
//! the side to move plus `opponent_order_percent` of its code's score for the opponent
//! (`movepick::MovePicker`); the trainer models exactly that sum, divided by a temperature,
//! as the logit of the move being played. The temperature is found by a grid search over the
//! starting scores and then held fixed, so the learned scores stay in the units of the
//! history, killer and counter-move bonuses they are added to. Positions whose replies are
//! forced (a five point on the board) or whose result the shapes prove are left out: the
//! picker does not order those. The held-out games' cross-entropy and top-1 agreement are
//! printed beside the starting scores'.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use super::records::Record;
use crate::games::renju::board::Cell;
use crate::games::renju::eval::codes::{code_of_index, CODES};
use crate::games::renju::eval::params::{rule_index, EvalParams, RULES};
use crate::games::renju::search::params::PARAMS as SEARCH;
use crate::games::renju::search::win::quick_result;

/// Ordering parameters the trainer sees: a score per code for each rule set and colour.
pub const ORDER_PARAMS: usize = CODES * 2 * RULES.len();

/// The temperatures tried (ordering units per unit of logit).
const TEMPERATURES: [f32; 10] = [
    25.0, 50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0, 6400.0, 12800.0,
];

/// Adam's step in logit units (the step in ordering units is this times the temperature).
const STEP_LOGITS: f32 = 0.02;

/// The largest score the file keeps (the picker adds bonuses to it in `i32`).
const ORDER_LIMIT: f32 = 1.0e6;

/// The opponent's share of a cell's score in the picker, as the trainer models it.
fn opponent_share() -> f32 {
    SEARCH.opponent_order_percent as f32 / 100.0
}

/// Index of the score of `code` for (rule, colour).
fn index(rule: crate::games::renju::board::Rule, colour: u8, code: usize) -> u32 {
    ((rule_index(rule) * 2 + colour as usize) * CODES + code) as u32
}

/// Positions as their candidates' (own, opponent) score indices and the index of the move
/// played among them.
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

    /// Adds the positions of `r` after its opening where the picker orders moves and the move
    /// played was a candidate.
    pub fn add(&mut self, r: &Record) {
        let codes = code_of_index();
        let mut b = r.board_after(r.opening);
        let mut cells: Vec<Cell> = Vec::with_capacity(128);
        for &m in &r.moves[r.opening..] {
            if b.winner().is_some() {
                break;
            }
            let me = b.to_move();
            let opp = 1 - me;
            if b.five_points(me) == 0
                && b.five_points(opp) == 0
                && quick_result(&mut b, 0).is_none()
            {
                cells.clear();
                b.candidates(&mut cells);
                cells.retain(|&c| c == m || !b.is_forbidden(c, me));
                if let Some(at) = cells.iter().position(|&c| c == m) {
                    self.starts.push(self.own.len());
                    for &c in &cells {
                        let own = codes[b.combo_index(c, me) as usize] as usize;
                        let theirs = codes[b.combo_index(c, opp) as usize] as usize;
                        self.own.push(index(b.rule(), me, own));
                        self.opp.push(index(b.rule(), opp, theirs));
                    }
                    self.played.push(at as u32);
                }
            }
            b.make(m);
        }
    }

    /// Softmax probabilities of position `i`'s candidates under `w` and `temperature` into
    /// `p`; returns the played move's probability and whether it scored highest.
    fn probabilities(
        &self,
        i: usize,
        w: &[f32],
        temperature: f32,
        p: &mut Vec<f32>,
    ) -> (f32, bool) {
        let r = self.range(i);
        let share = opponent_share();
        p.clear();
        p.extend(
            self.own[r.clone()]
                .iter()
                .zip(&self.opp[r])
                .map(|(&a, &b)| (w[a as usize] + share * w[b as usize]) / temperature),
        );
        let max = p.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let played = self.played[i] as usize;
        let top = p[played] >= max;
        let mut sum = 0.0;
        for x in p.iter_mut() {
            *x = (*x - max).exp();
            sum += *x;
        }
        for x in p.iter_mut() {
            *x /= sum;
        }
        (p[played], top)
    }

    /// Mean cross-entropy of the moves played, and the share that scored highest.
    pub fn measure(&self, w: &[f32], temperature: f32) -> (f64, f64) {
        if self.is_empty() {
            return (f64::NAN, f64::NAN);
        }
        let mut p = Vec::new();
        let (mut ce, mut top) = (0.0f64, 0usize);
        for i in 0..self.len() {
            let (q, t) = self.probabilities(i, w, temperature, &mut p);
            ce -= (q.max(1e-9) as f64).ln();
            top += t as usize;
        }
        (ce / self.len() as f64, top as f64 / self.len() as f64)
    }
}

/// The ordering scores of `p` as the trainer's flat vector.
pub fn flatten_orders(p: &EvalParams) -> Vec<f32> {
    p.sides
        .iter()
        .flat_map(|sides| sides.iter().flat_map(|s| s.order.iter().map(|&v| v as f32)))
        .collect()
}

/// `base` with the ordering scores of `w` (rounded; code 0, no line, keeps its score).
pub fn unflatten_orders(w: &[f32], base: &EvalParams) -> EvalParams {
    let mut p = base.clone();
    for (k, sides) in p.sides.iter_mut().enumerate() {
        for (colour, s) in sides.iter_mut().enumerate() {
            let b = &w[(k * 2 + colour) * CODES..][..CODES];
            for (code, v) in s.order.iter_mut().enumerate().skip(1) {
                *v = b[code].clamp(-ORDER_LIMIT, ORDER_LIMIT).round() as i32;
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
    /// Held-out (cross-entropy, top-1 share) under the starting and the learned scores.
    pub start_heldout: (f64, f64),
    pub learned_heldout: (f64, f64),
}

/// Fits the ordering scores of `start` on `train` (Adam, `epochs` passes of `batch` positions,
/// an L2 pull of `l2` toward the starting scores), measuring on `held`.
pub fn fit(
    train: &Choices,
    held: &Choices,
    start: &EvalParams,
    epochs: usize,
    batch: usize,
    l2: f32,
    seed: u64,
) -> (EvalParams, OrderSummary) {
    let w0 = flatten_orders(start);
    let (temperature, _) = TEMPERATURES
        .iter()
        .map(|&t| (t, train.measure(&w0, t).0))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("temperatures");
    let start_heldout = held.measure(&w0, temperature);
    eprintln!(
        "tune renju: ordering: {} training positions, {} held out; temperature {temperature}; \
         starting scores: held-out cross-entropy {:.4}, top-1 {:.1}%",
        train.len(),
        held.len(),
        start_heldout.0,
        100.0 * start_heldout.1
    );
    let mut w = w0.clone();
    let mut adam = super::adam::Adam::new(ORDER_PARAMS);
    let mut grad = vec![0.0f32; ORDER_PARAMS];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x0DE5);
    let mut p = Vec::new();
    let share = opponent_share();
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
                    grad[b as usize] += d * share;
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
        let (ce, top) = held.measure(&w, temperature);
        eprintln!(
            "tune renju: ordering epoch {}/{epochs}: held-out cross-entropy {ce:.4}, top-1 {:.1}% \
             (starting {:.4}, {:.1}%), {:.0} s",
            epoch + 1,
            100.0 * top,
            start_heldout.0,
            100.0 * start_heldout.1,
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
