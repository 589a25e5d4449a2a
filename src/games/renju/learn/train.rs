//! `sente tune renju`: fits the evaluation's per-code values and threat terms to the results of
//! recorded games by logistic regression, as Rapfi's classical tables were fitted: the chance
//! that the side to move wins is sigmoid(evaluation / scale). The scale is found first by a
//! grid search over the hand-set evaluation and then held fixed, so the learned values stay in
//! the units the search's margins (futility, razoring, aspiration) were set in. The values are
//! then fitted by Adam on the log-loss with an L2 pull toward the starting (hand-set) values,
//! which keeps codes that the games rarely show near what they were. A share of the games,
//! chosen by the seed, is held out and only measured: its log-loss under the learned values is
//! printed beside the hand evaluation's on the same positions. Positions the engine never
//! evaluates (a result the shapes prove, `search::win::quick_result`) are left out. With
//! `--order-epochs N` the move-ordering scores are fitted after the values, on the deeper
//! searches' best moves of `--labels DIR` or else on the moves played (`ordering`); otherwise they are copied from the starting set. The run is deterministic for
//! a seed (one thread, a seeded shuffle).

use std::path::PathBuf;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use super::adam::Adam;
use super::features::{dot, extract, flatten, unflatten, PARAMS};
use super::labels::{read_labels, Label};
use super::ordering::{fit as fit_orders, Choices, FitOptions};
use super::records::{read_dir, Record};
use crate::games::renju::eval::file;
use crate::games::renju::eval::params::EvalParams;
use crate::games::renju::search::win::quick_result;

/// What one training run does.
#[derive(Clone, Debug)]
pub struct TuneArgs {
    pub data: PathBuf,
    pub out: Option<PathBuf>,
    pub seed: u64,
    pub epochs: usize,
    /// Share of the games held out, in thousandths.
    pub holdout_permille: u64,
    /// Adam's step size (evaluation units).
    pub lr: f32,
    /// Weight of the pull toward the starting values, per parameter.
    pub l2: f32,
    pub batch: usize,
    /// Passes of the ordering fit (0 keeps the starting ordering scores).
    pub order_epochs: usize,
    /// The folder of move labels the ordering fit uses (`labels`); without it, the moves played.
    pub labels: Option<PathBuf>,
    /// Records (files or folders) whose moves played are further ordering targets beside the
    /// labels (Rapfi's games).
    pub order_games: Vec<PathBuf>,
    /// The ordering fit's temperature (`ordering::fit`).
    pub order_temperature: f32,
    /// Score units per logit of the labels' scores (`ev=`): a label's position is a value
    /// target of sigmoid(score / score_scale) for the side to move.
    pub score_scale: f32,
    /// Weight of a scored label's position beside a game position (weight 1).
    pub score_weight: f32,
    /// Scores beyond ± this (won or lost: the searcher saw the end) are no value targets.
    pub score_limit: Option<i32>,
}

/// The options of `sente tune renju` beside the shared ones (data, out, holdout).
#[derive(clap::Args, Clone, Debug)]
pub struct RenjuTuneOptions {
    /// Renju: passes over the training positions (0 writes the hand-set values).
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Renju: Adam's step size, in evaluation units.
    #[arg(long, default_value_t = 0.5)]
    pub lr: f32,
    /// Renju: the L2 pull toward the hand-set values.
    #[arg(long, default_value_t = 1e-6)]
    pub l2: f32,
    /// Renju: positions per Adam step.
    #[arg(long, default_value_t = 4096)]
    pub batch: usize,
    /// Renju: passes of the move-ordering fit on the moves played (0, the default, keeps the
    /// hand-set scores: a fit of 20 passes lowered the held-out cross-entropy but lost a
    /// self-play SPRT, tournaments/results/renju-eval-r2-order-vs-shipped-100ms).
    #[arg(long, default_value_t = 0)]
    pub order_epochs: usize,
    /// Renju: fit the move-ordering scores to the deeper searches' best moves in this folder
    /// (`sente selfplay renju-labels`) instead of the moves played.
    #[arg(long)]
    pub labels: Option<PathBuf>,
    /// Renju: also fit the move-ordering scores to the moves played in these records (a file
    /// or a folder; repeatable), e.g. Rapfi's games through our runner.
    #[arg(long)]
    pub order_games: Vec<PathBuf>,
    /// Renju: ordering units per logit in the ordering fit. Small keeps the fitted scores near
    /// the hand-set tiers (a class level is thousands of units) and the history, killer and
    /// counter bonuses they are added to; 800 gave the narrowest tree of 800, 1600 and the
    /// 6400 that fits the hand-set scores best (docs/renju.md).
    #[arg(long, default_value_t = 800.0)]
    pub order_temperature: f32,
    /// Renju: the labels' score units per logit (`ev=` of a teacher's labels: the value fit
    /// then also learns sigmoid(score / scale) in the labelled positions). Rapfi's classical
    /// model's is 250 (the `SF` its TRACESEARCH command prints).
    #[arg(long, default_value_t = 250.0)]
    pub score_scale: f32,
    /// Renju: the weight of a scored label's position in the value fit (a game position
    /// weighs 1).
    #[arg(long, default_value_t = 1.0)]
    pub score_weight: f32,
    /// Renju: labels scored beyond ± this (a searcher's won or lost positions, e.g. Rapfi's
    /// mates, 30000 less the plies) are no value targets (default: every score is one).
    #[arg(long)]
    pub score_limit: Option<i32>,
}

/// The scales tried for sigmoid(evaluation / scale).
const SCALES: [f32; 14] = [
    25.0, 50.0, 75.0, 100.0, 150.0, 200.0, 300.0, 400.0, 600.0, 800.0, 1200.0, 1600.0, 2400.0,
    3200.0,
];

/// Positions as sparse feature vectors with the mover's result (1 won, 0 lost, 0.5 drawn), or
/// a teacher's winning chance, and a weight.
#[derive(Default)]
pub struct Positions {
    starts: Vec<usize>,
    idx: Vec<u32>,
    coef: Vec<f32>,
    y: Vec<f32>,
    weight: Vec<f32>,
}

impl Positions {
    pub fn len(&self) -> usize {
        self.y.len()
    }

    pub fn is_empty(&self) -> bool {
        self.y.is_empty()
    }

    fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.starts[i]..self.starts.get(i + 1).copied().unwrap_or(self.idx.len())
    }

    fn eval(&self, i: usize, w: &[f32]) -> f32 {
        let r = self.range(i);
        dot(&self.idx[r.clone()], &self.coef[r], w)
    }

    /// Adds the positions of `r` after its opening that the engine would evaluate.
    pub fn add(&mut self, r: &Record, scratch: &mut [f32]) {
        let mut b = r.board_after(r.opening);
        for &m in &r.moves[r.opening..] {
            if b.winner().is_some() {
                break;
            }
            if quick_result(&mut b, 0).is_none() {
                let me = b.to_move();
                self.starts.push(self.idx.len());
                extract(&b, &mut self.idx, &mut self.coef, scratch);
                self.y.push(match r.winner {
                    Some(w) if w == me => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                });
                self.weight.push(1.0);
            }
            b.make(m);
        }
    }

    /// Adds a scored label's position: target sigmoid(score / scale) for the side to move.
    pub fn add_scored(&mut self, l: &Label, args: &TuneArgs, weight: f32, scratch: &mut [f32]) {
        let Some(score) = l.score else { return };
        if args.score_limit.is_some_and(|limit| score.abs() > limit) {
            return;
        }
        let scale = args.score_scale;
        let mut b = l.board();
        if quick_result(&mut b, 0).is_some() {
            return;
        }
        self.starts.push(self.idx.len());
        extract(&b, &mut self.idx, &mut self.coef, scratch);
        self.y.push(sigmoid(score as f32 / scale));
        self.weight.push(weight);
    }

    /// Mean log-loss under `w` and `scale`.
    pub fn log_loss(&self, w: &[f32], scale: f32) -> f64 {
        if self.is_empty() {
            return f64::NAN;
        }
        let total: f64 = (0..self.len())
            .map(|i| {
                let p = sigmoid(self.eval(i, w) / scale).clamp(1e-6, 1.0 - 1e-6) as f64;
                let y = self.y[i] as f64;
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln()) * self.weight[i] as f64
            })
            .sum();
        total / self.weight.iter().map(|&w| w as f64).sum::<f64>()
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct TuneSummary {
    pub games: usize,
    pub train_positions: usize,
    pub heldout_positions: usize,
    pub scale: f32,
    pub hand_train: f64,
    pub learned_train: f64,
    pub hand_heldout: f64,
    pub learned_heldout: f64,
    /// Held-out log-loss on the scored labels' targets, hand and learned, when there are any.
    pub scored_heldout: Option<(f64, f64)>,
    /// The ordering fit, when it ran.
    pub ordering: Option<super::ordering::OrderSummary>,
    pub params: EvalParams,
}

/// Is game `g` held out?
fn held_out(g: usize, seed: u64, permille: u64) -> bool {
    let mut h = (g as u64 ^ seed.rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 32;
    h % 1000 < permille
}

/// Trains from the records under `args.data`, starting from `start`; writes the file if asked.
pub fn run(args: &TuneArgs, start: &EvalParams) -> Result<TuneSummary, String> {
    let records = read_dir(&args.data)?;
    if records.is_empty() {
        return Err(format!("no game records under {}", args.data.display()));
    }
    let (mut train, mut held) = (Positions::default(), Positions::default());
    let (mut train_choices, mut held_choices) = (Choices::default(), Choices::default());
    let mut scratch = vec![0.0f32; PARAMS];
    for (g, r) in records.iter().enumerate() {
        let by_games = args.epochs > 0 && args.order_epochs > 0 && args.labels.is_none();
        if held_out(g, args.seed, args.holdout_permille) {
            held.add(r, &mut scratch);
            if by_games {
                held_choices.add(r);
            }
        } else {
            train.add(r, &mut scratch);
            if by_games {
                train_choices.add(r);
            }
        }
    }
    let labels = match &args.labels {
        Some(dir) if args.epochs > 0 => read_labels(dir)?,
        _ => Vec::new(),
    };
    if args.epochs > 0 && args.order_epochs > 0 {
        for (k, l) in labels.iter().enumerate() {
            if held_out(k, args.seed, args.holdout_permille) {
                held_choices.add_label(l);
            } else {
                train_choices.add_label(l);
            }
        }
        for path in &args.order_games {
            for (g, r) in read_dir(path)?.iter().enumerate() {
                if held_out(g, args.seed ^ 0x6A3E5, args.holdout_permille) {
                    held_choices.add(r);
                } else {
                    train_choices.add(r);
                }
            }
        }
    }
    if train.is_empty() {
        return Err("no training positions".into());
    }
    eprintln!(
        "tune renju: {} games, {} training positions, {} held out",
        records.len(),
        train.len(),
        held.len()
    );
    let w0 = flatten(start);
    let (scale, hand_train) = SCALES
        .iter()
        .map(|&s| (s, train.log_loss(&w0, s)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("scales");
    let hand_heldout = held.log_loss(&w0, scale);
    // The labels' scores are value targets too (after the scale is set by the games alone);
    // their held-out share is measured on its own.
    let mut held_scored = Positions::default();
    let scored_before = train.len();
    for (k, l) in labels.iter().enumerate() {
        if held_out(k, args.seed, args.holdout_permille) {
            held_scored.add_scored(l, args, 1.0, &mut scratch);
        } else {
            train.add_scored(l, args, args.score_weight, &mut scratch);
        }
    }
    let hand_scored = held_scored.log_loss(&w0, scale);
    if !held_scored.is_empty() {
        eprintln!(
            "tune renju: {} scored label positions in training, {} held out (hand log-loss {hand_scored:.4})",
            train.len() - scored_before,
            held_scored.len()
        );
    }
    eprintln!(
        "tune renju: scale {scale} (hand log-loss: training {hand_train:.4}, held out {hand_heldout:.4})"
    );
    let mut w = w0.clone();
    let mut adam = Adam::new(PARAMS);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut grad = vec![0.0f32; PARAMS];
    let started = Instant::now();
    for epoch in 0..args.epochs {
        order.shuffle(&mut rng);
        for batch in order.chunks(args.batch.max(1)) {
            let k = 1.0 / (scale * batch.len() as f32);
            for &i in batch {
                let r = train.range(i);
                let e = dot(&train.idx[r.clone()], &train.coef[r.clone()], &w);
                if e.abs() >= crate::games::renju::eval::tables::EVAL_LIMIT as f32 {
                    continue; // clamped: no gradient
                }
                let d = (sigmoid(e / scale) - train.y[i]) * k * train.weight[i];
                for (&j, &c) in train.idx[r.clone()].iter().zip(&train.coef[r]) {
                    grad[j as usize] += d * c;
                }
            }
            for j in 0..PARAMS {
                grad[j] += args.l2 * (w[j] - w0[j]);
            }
            adam.step(&mut w, &mut grad, args.lr);
            // Code 0 (no line) stays worth nothing in every block.
            for b in (0..PARAMS).step_by(super::features::BLOCK) {
                w[b] = 0.0;
            }
        }
        let scored = if held_scored.is_empty() {
            String::new()
        } else {
            format!(
                ", scored labels held out {:.4} (hand {hand_scored:.4})",
                held_scored.log_loss(&w, scale)
            )
        };
        eprintln!(
            "tune renju: epoch {}/{}: training log-loss {:.4}, held out {:.4} (hand {:.4}){scored}, {:.0} s",
            epoch + 1,
            args.epochs,
            train.log_loss(&w, scale),
            held.log_loss(&w, scale),
            hand_heldout,
            started.elapsed().as_secs_f64()
        );
    }
    let mut params = unflatten(&w, start);
    // Measured on the rounded values the engine will use.
    let wr = flatten(&params);
    let mut ordering = None;
    // `--epochs 0` writes the hand-set file: its ordering scores stay hand-set too.
    if args.epochs > 0 && args.order_epochs > 0 && !train_choices.is_empty() {
        let (p, s) = fit_orders(
            &train_choices,
            &held_choices,
            &params,
            FitOptions {
                epochs: args.order_epochs,
                temperature: args.order_temperature,
                batch: args.batch,
                l2: args.l2,
                seed: args.seed,
            },
        );
        params = p;
        ordering = Some(s);
    }
    let summary = TuneSummary {
        games: records.len(),
        train_positions: train.len(),
        heldout_positions: held.len(),
        scale,
        hand_train,
        learned_train: train.log_loss(&wr, scale),
        hand_heldout,
        learned_heldout: held.log_loss(&wr, scale),
        scored_heldout: (!held_scored.is_empty())
            .then(|| (hand_scored, held_scored.log_loss(&wr, scale))),
        ordering,
        params,
    };
    if let Some(out) = &args.out {
        std::fs::write(out, file::to_bytes(&summary.params))
            .map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(summary)
}

/// `sente tune renju ...`: trains and prints the summary. With `--epochs 0` the hand-set values
/// are written before any data is read: that is how the starting file is made, even by a
/// binary whose embedded file is missing its values.
pub fn command(args: &TuneArgs) -> std::process::ExitCode {
    if let (0, Some(out)) = (args.epochs, &args.out) {
        if let Err(e) = std::fs::write(out, file::to_bytes(&EvalParams::hand())) {
            eprintln!("sente tune: {}: {e}", out.display());
            return std::process::ExitCode::from(2);
        }
        eprintln!("tune renju: wrote the hand-set values to {}", out.display());
    }
    match run(args, &EvalParams::hand()) {
        Ok(s) => {
            println!(
                "tune renju: {} games, {} training positions, {} held out; scale {}; held-out log-loss learned {:.4}, hand {:.4} (training {:.4}, hand {:.4}){}{}{}",
                s.games,
                s.train_positions,
                s.heldout_positions,
                s.scale,
                s.learned_heldout,
                s.hand_heldout,
                s.learned_train,
                s.hand_train,
                s.scored_heldout
                    .map(|(hand, learned)| format!(
                        "; scored labels held out: learned {learned:.4}, hand {hand:.4}"
                    ))
                    .unwrap_or_default(),
                s.ordering
                    .as_ref()
                    .map(|o| format!(
                        "; ordering (temperature {}) held out: {} (hand {})",
                        o.temperature, o.learned_heldout, o.start_heldout
                    ))
                    .unwrap_or_default(),
                args.out
                    .as_ref()
                    .map(|o| format!("; wrote {}", o.display()))
                    .unwrap_or_default()
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sente tune: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::Rule;
    use crate::games::renju::learn::selfplay::play_game;
    use crate::search::Tt;

    /// The CI smoke test: a few quick games, a few epochs.
    #[test]
    fn training_on_a_few_games_lowers_the_loss_and_is_deterministic() {
        let dir = std::env::temp_dir().join(format!("sente-renju-tune-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let tt = Tt::new(1);
        let lines: Vec<String> = (0..12)
            .map(|g| play_game(Rule::Renju, 15, g, 200, 3, &tt).line())
            .collect();
        std::fs::write(dir.join("games.txt"), lines.join("\n") + "\n").unwrap();
        let out = dir.join("eval.bin");
        let args = TuneArgs {
            data: dir.clone(),
            out: Some(out.clone()),
            seed: 2,
            epochs: 5,
            holdout_permille: 250,
            lr: 2.0,
            l2: 1e-6,
            batch: 64,
            order_epochs: 3,
            labels: None,
            order_games: Vec::new(),
            order_temperature: 800.0,
            score_scale: 200.0,
            score_weight: 1.0,
            score_limit: None,
        };
        let a = run(&args, &EvalParams::hand()).unwrap();
        assert!(a.train_positions > 50);
        assert!(
            a.learned_train < a.hand_train,
            "{} vs {}",
            a.learned_train,
            a.hand_train
        );
        let written = file::parse(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(written, a.params);
        let b = run(&args, &EvalParams::hand()).unwrap();
        assert_eq!(a.params, b.params, "same seed, same tables");
        assert_ne!(a.params, EvalParams::hand());
        let o = a.ordering.as_ref().expect("the ordering fit ran");
        assert!(
            o.learned_heldout.cross_entropy < o.start_heldout.cross_entropy + 0.05,
            "ordering cross-entropy {:?} vs hand {:?}",
            o.learned_heldout,
            o.start_heldout
        );
        let hand = EvalParams::hand();
        assert_ne!(
            a.params.side(Rule::Renju, 0).order,
            hand.side(Rule::Renju, 0).order,
            "the ordering scores were fitted"
        );
        let zero = run(
            &TuneArgs {
                epochs: 0,
                order_epochs: 0,
                out: None,
                ..args
            },
            &EvalParams::hand(),
        )
        .unwrap();
        assert_eq!(zero.params, EvalParams::hand(), "0 epochs: the hand values");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The ordering fit takes its targets from labels and from the moves of other games: both
    /// the making and the blocking scores move, reproducibly for a seed.
    #[test]
    fn the_ordering_fit_learns_from_labels_and_games() {
        use crate::games::renju::learn::labels::{label, position};
        let dir = std::env::temp_dir().join(format!("sente-renju-labfit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("labels")).unwrap();
        let tt = Tt::new(1);
        let games: Vec<Record> = (0..6)
            .map(|g| play_game(Rule::Renju, 15, g, 200, 4, &tt))
            .collect();
        let lines: Vec<String> = games.iter().map(Record::line).collect();
        std::fs::write(dir.join("games.txt"), lines.join("\n") + "\n").unwrap();
        let labels: Vec<String> = (0..40)
            .filter_map(|k| label(&position(&games, k, 3)?, 300, &tt))
            .map(|l| l.line())
            .collect();
        std::fs::write(dir.join("labels/l.txt"), labels.join("\n") + "\n").unwrap();
        let args = TuneArgs {
            data: dir.join("games.txt"),
            out: None,
            seed: 2,
            epochs: 2,
            holdout_permille: 250,
            lr: 2.0,
            l2: 1e-6,
            batch: 16,
            order_epochs: 4,
            labels: Some(dir.join("labels")),
            order_games: vec![dir.join("games.txt")],
            order_temperature: 800.0,
            score_scale: 200.0,
            score_weight: 1.0,
            score_limit: None,
        };
        let a = run(&args, &EvalParams::hand()).unwrap();
        let o = a.ordering.as_ref().expect("the ordering fit ran");
        let only_labels = run(
            &TuneArgs {
                order_games: Vec::new(),
                ..args.clone()
            },
            &EvalParams::hand(),
        )
        .unwrap();
        let l = only_labels.ordering.as_ref().unwrap();
        assert!(
            l.train_positions >= 20,
            "{} label positions",
            l.train_positions
        );
        assert!(
            o.train_positions > l.train_positions,
            "the games' moves were added"
        );
        let hand = EvalParams::hand();
        let (side, start) = (a.params.side(Rule::Renju, 0), hand.side(Rule::Renju, 0));
        assert_ne!(side.order, start.order, "making scores fitted");
        assert_ne!(side.block, start.block, "blocking scores fitted");
        assert_eq!(run(&args, &EvalParams::hand()).unwrap().params, a.params);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// On games it never saw, a fit of 400 self-play games beats the hand tables: a lower
    /// log-loss of the results and a lower cross-entropy of the moves played. (The learned
    /// ordering's top-1 agreement is not asserted: it is below the hand table's, 29.9 % against
    /// 32.9 % here, since the fit minimises the cross-entropy; issue 39's learned move scores
    /// are to fix that.)
    #[test]
    fn on_held_out_games_the_fit_beats_the_hand_tables() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let games =
            std::fs::read_to_string(root.join("data/renju/selfplay/renju15-n30000-shard0of1.txt"))
                .expect("the committed self-play records");
        let dir = std::env::temp_dir().join(format!("sente-renju-heldout-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let sample: Vec<&str> = games.lines().take(400).collect();
        std::fs::write(dir.join("games.txt"), sample.join("\n") + "\n").unwrap();
        let args = TuneArgs {
            data: dir.clone(),
            out: None,
            seed: 2,
            epochs: 20,
            holdout_permille: 250,
            lr: 0.5,
            l2: 1e-6,
            batch: 4096,
            order_epochs: 3,
            labels: None,
            order_games: Vec::new(),
            order_temperature: 800.0,
            score_scale: 200.0,
            score_weight: 1.0,
            score_limit: None,
        };
        let a = run(&args, &EvalParams::hand()).unwrap();
        assert!(a.heldout_positions > 1000, "{}", a.heldout_positions);
        assert!(
            a.learned_heldout < a.hand_heldout,
            "held-out log-loss {} vs hand {}",
            a.learned_heldout,
            a.hand_heldout
        );
        let o = a.ordering.as_ref().expect("the ordering fit ran");
        assert!(
            o.learned_heldout.cross_entropy < o.start_heldout.cross_entropy,
            "held-out move cross-entropy {:?} vs hand {:?}",
            o.learned_heldout,
            o.start_heldout
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A teacher's scores (`ev=` on labels) are value targets: the fit moves toward them. The
    /// teacher here scores every position as the opposite of the hand evaluation, which the
    /// games' results contradict, so only the scores can lower the held-out log-loss on them.
    #[test]
    fn scored_labels_pull_the_values_toward_the_teachers_scores() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let games =
            std::fs::read_to_string(root.join("data/renju/selfplay/renju15-n30000-shard0of1.txt"))
                .expect("the committed self-play records");
        let labels =
            read_labels(&root.join("data/renju/labels/labels-n200000-seed1-shard0of20.txt"))
                .expect("the committed labels");
        let dir = std::env::temp_dir().join(format!("sente-renju-scored-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("labels")).unwrap();
        let sample: Vec<&str> = games.lines().take(100).collect();
        std::fs::write(dir.join("games.txt"), sample.join("\n") + "\n").unwrap();
        let w0 = flatten(&EvalParams::hand());
        let mut scratch = vec![0.0f32; PARAMS];
        let lines: Vec<String> = labels
            .iter()
            .take(1500)
            .map(|l| {
                let (mut idx, mut coef) = (Vec::new(), Vec::new());
                extract(&l.board(), &mut idx, &mut coef, &mut scratch);
                let hand = dot(&idx, &coef, &w0);
                Label {
                    score: Some(-hand.round() as i32),
                    ..l.clone()
                }
                .line()
            })
            .collect();
        std::fs::write(dir.join("labels/l.txt"), lines.join("\n") + "\n").unwrap();
        let args = TuneArgs {
            data: dir.join("games.txt"),
            out: None,
            seed: 3,
            epochs: 10,
            holdout_permille: 200,
            lr: 0.5,
            l2: 1e-6,
            batch: 4096,
            order_epochs: 0,
            labels: Some(dir.join("labels")),
            order_games: Vec::new(),
            order_temperature: 800.0,
            score_scale: 200.0,
            score_weight: 4.0,
            score_limit: None,
        };
        let a = run(&args, &EvalParams::hand()).unwrap();
        let (hand, learned) = a.scored_heldout.expect("held-out scored positions");
        assert!(
            learned < hand,
            "scored held-out log-loss {learned} vs hand {hand}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
