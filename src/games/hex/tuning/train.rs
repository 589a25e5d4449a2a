//! `sente tune hex-patterns`: fits the pattern gammas to the decisions of recorded games by
//! Coulom's minorization-maximization ("Computing Elo ratings of move patterns in the game of
//! Go", 2007), the method MoHex 2.0 used. Each decision is a competition among the legal
//! cells, won by the move played; a cell is a team of two features (its pattern, its place
//! from the last stone) whose strength is the product of their gammas. Each MM step sets a
//! feature's gamma to its wins over the sum, across the decisions it took part in, of its
//! teammates' strength over the total strength; one virtual win and one virtual loss against
//! a gamma-1 opponent keep rare features near 1. A share of the games (chosen by the seed and
//! the game's own moves, so a game is held out whichever folders it is read with) is held out
//! and only measured: the top-1 rate is how often the strongest cell is the move played,
//! MoHex 2.0's own figure of merit. `--eval FILE` measures a weight file on the same split
//! without fitting, so a shipped file and a candidate are judged on the same decisions.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::records::Record;
use crate::games::hex::board::{Board, BLACK, WHITE};
use crate::games::hex::patterns::keys::{features, LOCAL_FEATURES};
use crate::games::hex::patterns::weights::PatternWeights;
use crate::util::fnv::fnv1a;

/// What one training run does.
#[derive(Clone, Debug)]
pub struct TuneArgs {
    pub data: PathBuf,
    /// More record folders, read after `data`.
    pub extra_data: Vec<PathBuf>,
    /// What a decision of `extra_data` counts in the fit against one of `data` (1: the same).
    pub extra_weight: f64,
    pub out: Option<PathBuf>,
    pub seed: u64,
    pub iterations: usize,
    /// Share of the games held out, in thousandths.
    pub holdout_permille: u64,
    /// A 12-cell pattern (else its ring) gets its own gamma when it was a candidate this often.
    pub min_count: u32,
    /// Only the first this many games (in file-name order, then line order), so a weight
    /// file stays reproducible while its record files grow.
    pub max_games: Option<usize>,
}

impl Default for TuneArgs {
    fn default() -> Self {
        TuneArgs {
            data: PathBuf::new(),
            extra_data: Vec::new(),
            extra_weight: 1.0,
            out: None,
            seed: 1,
            iterations: 30,
            holdout_permille: 100,
            min_count: 20,
            max_games: None,
        }
    }
}

/// `sente tune hex-patterns ...` as typed.
#[derive(clap::Args, Clone, Debug)]
pub struct TuneCommand {
    /// What to tune (hex-patterns).
    pub what: String,
    /// The folder of game records (searched with its subfolders for *.txt).
    #[arg(long)]
    pub data: PathBuf,
    /// More folders of game records, read after --data (Hex; repeatable).
    #[arg(long)]
    pub extra_data: Vec<PathBuf>,
    /// What each decision of --extra-data counts in the fit against one of --data (Hex):
    /// below 1, the games of --data lead and the others fill in the patterns they lack.
    #[arg(long, default_value_t = 1.0)]
    pub extra_weight: f64,
    /// Measure this weight file on the records' held-out split (and on all their decisions)
    /// instead of fitting (Hex).
    #[arg(long)]
    pub eval: Option<PathBuf>,
    /// The weight file to write.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// MM iterations.
    #[arg(long, default_value_t = 30)]
    pub iterations: usize,
    /// Share of the games held out, in thousandths.
    #[arg(long, default_value_t = 100)]
    pub holdout_permille: u64,
    /// Candidates a pattern needs to get its own gamma.
    #[arg(long, default_value_t = 20)]
    pub min_count: u32,
    /// Learn from the first N games only (file-name order, then line order; Hex).
    #[arg(long)]
    pub max_games: Option<usize>,
}

impl TuneCommand {
    pub fn run(&self, seed: Option<u64>) -> std::process::ExitCode {
        if self.what != "hex-patterns" {
            eprintln!(
                "sente tune: nothing called {:?} (available: hex-patterns)",
                self.what
            );
            return std::process::ExitCode::from(2);
        }
        let args = TuneArgs {
            data: self.data.clone(),
            extra_data: self.extra_data.clone(),
            extra_weight: self.extra_weight,
            out: self.out.clone(),
            seed: seed.unwrap_or(1),
            iterations: self.iterations,
            holdout_permille: self.holdout_permille,
            min_count: self.min_count,
            max_games: self.max_games,
        };
        if let Some(file) = &self.eval {
            return match evaluate(&args, file) {
                Ok(e) => {
                    println!(
                        "tune hex-patterns: {} on {} games: held-out top-1 {:.1}% log-likelihood {:.4} ({} decisions); all decisions top-1 {:.1}% log-likelihood {:.4} ({} decisions)",
                        file.display(),
                        e.games,
                        100.0 * e.heldout.0,
                        e.heldout.1,
                        e.heldout_decisions,
                        100.0 * e.all.0,
                        e.all.1,
                        e.decisions
                    );
                    std::process::ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("sente tune: {e}");
                    std::process::ExitCode::from(2)
                }
            };
        }
        match run(&args) {
            Ok(s) => {
                println!(
                    "tune hex-patterns: {} games, {} training decisions ({:.1} candidates each), {} held out; {} patterns; held-out top-1 {:.1}% (uniform guess {:.1}%)",
                    s.games,
                    s.train_decisions,
                    s.mean_candidates,
                    s.heldout_decisions,
                    s.patterns,
                    100.0 * s.heldout_top1,
                    100.0 * s.uniform_top1
                );
                std::process::ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("sente tune: {e}");
                std::process::ExitCode::from(2)
            }
        }
    }
}

/// One candidate cell: its keys and local feature.
#[derive(Clone, Copy)]
struct Candidate {
    key12: u32,
    key6: u32,
    local: u8,
}

/// The decisions of a set of games: each a run of candidates, the index of the one played and
/// what the decision counts in the fit.
#[derive(Default)]
struct Decisions {
    starts: Vec<u32>,
    played: Vec<u32>,
    weight: Vec<f64>,
    cands: Vec<Candidate>,
}

impl Decisions {
    fn add(&mut self, record: &Record, weight: f64) {
        let mut board = Board::new(record.size, record.size).expect("a parsed size");
        let mut last = None;
        for (ply, &(cell, chosen)) in record.moves.iter().enumerate() {
            let mover = if ply % 2 == 0 { BLACK } else { WHITE };
            let empty = board.empty_cells();
            if ply > 0 && chosen && empty.len() > 1 {
                self.starts.push(self.cands.len() as u32);
                self.weight.push(weight);
                let at = empty.iter().position(|c| c == cell).expect("a legal move");
                self.played.push(self.cands.len() as u32 + at as u32);
                self.cands
                    .extend(features(&board, mover, last, empty.iter()).map(
                        |(key12, key6, local)| Candidate {
                            key12,
                            key6,
                            local: local as u8,
                        },
                    ));
            }
            board.place(mover, cell);
            last = Some(cell);
        }
    }

    fn len(&self) -> usize {
        self.starts.len()
    }

    /// The candidates of decision `j`, and which of them was played.
    fn decision(&self, j: usize) -> (std::ops::Range<usize>, usize) {
        let end = self
            .starts
            .get(j + 1)
            .map_or(self.cands.len(), |&s| s as usize);
        (self.starts[j] as usize..end, self.played[j] as usize)
    }
}

/// The records in `dir` (every `*.txt` file in it and its subfolders, in name order).
pub fn load(dir: &Path) -> Result<Vec<Record>, String> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for e in entries {
            let p = e.map_err(|e| e.to_string())?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "txt") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut records = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        for (i, line) in text.lines().enumerate() {
            match Record::parse(line) {
                Ok(Some(r)) => records.push(r),
                Ok(None) => {}
                // A cut last line (a generator stopped mid-write) is skipped, not fatal.
                Err(e) if i + 1 == text.lines().count() && !text.ends_with('\n') => {
                    log::warn!("{}:{}: {e} (skipped)", f.display(), i + 1)
                }
                Err(e) => return Err(format!("{}:{}: {e}", f.display(), i + 1)),
            }
        }
    }
    Ok(records)
}

/// A 64-bit mix (splitmix64's finaliser): the held-out split from the seed.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether a game is held out: from the seed and the game's line, not its place in the data,
/// so the same game is held out in every mix of folders (no candidate learns a game another
/// is measured on).
fn held_out(record: &Record, seed: u64, permille: u64) -> bool {
    mix(seed ^ fnv1a(record.line().as_bytes())) % 1000 < permille
}

/// The training and held-out decisions of `records`, each game's decisions with its weight.
fn split(records: &[Record], weights: &[f64], seed: u64, permille: u64) -> (Decisions, Decisions) {
    let (mut train, mut held) = (Decisions::default(), Decisions::default());
    for (r, &w) in records.iter().zip(weights) {
        if held_out(r, seed, permille) {
            held.add(r, w);
        } else {
            train.add(r, w);
        }
    }
    (train, held)
}

/// What a training run found.
#[derive(Clone, Debug)]
pub struct Summary {
    pub games: usize,
    pub train_decisions: usize,
    pub heldout_decisions: usize,
    pub mean_candidates: f64,
    pub patterns: usize,
    /// Held-out top-1 rate of the learned weights, and of a uniform guess for comparison.
    pub heldout_top1: f64,
    pub uniform_top1: f64,
    pub weights: PatternWeights,
}

/// The fitted model: gammas by feature index (pattern 0 is the unknown one).
struct Model {
    keys: Vec<u32>,
    index: HashMap<u32, u32>,
    pattern: Vec<f64>,
    local: Vec<f64>,
}

impl Model {
    fn pattern_id(&self, c: &Candidate) -> usize {
        self.index
            .get(&c.key12)
            .or_else(|| self.index.get(&c.key6))
            .map_or(0, |&i| i as usize)
    }

    fn weights(&self) -> PatternWeights {
        PatternWeights {
            local: self.local.iter().map(|&g| g as f32).collect(),
            unknown: self.pattern[0] as f32,
            patterns: self
                .keys
                .iter()
                .enumerate()
                .map(|(i, &k)| (k, self.pattern[i + 1] as f32))
                .collect(),
        }
    }
}

/// Top-1 rate (ties share the hit) and mean log-likelihood of `set` under `strength`.
fn measure(set: &Decisions, strength: impl Fn(&Candidate) -> f64) -> (f64, f64) {
    let (mut hits, mut ll) = (0.0, 0.0);
    for j in 0..set.len() {
        let (range, played) = set.decision(j);
        let s: Vec<f64> = set.cands[range.clone()].iter().map(&strength).collect();
        let best = s.iter().cloned().fold(0.0, f64::max);
        let p = s[played - range.start];
        if p >= best {
            hits += 1.0 / s.iter().filter(|&&x| x >= best).count() as f64;
        }
        ll += (p / s.iter().sum::<f64>()).ln();
    }
    let n = set.len().max(1) as f64;
    (hits / n, ll / n)
}

/// Fits the weights to the records; `progress` gets one line per iteration.
pub fn fit(
    records: &[Record],
    args: &TuneArgs,
    progress: &mut dyn FnMut(&str),
) -> Result<Summary, String> {
    fit_weighted(records, &vec![1.0; records.len()], args, progress)
}

/// Fits the weights to the records, each game's decisions counting its weight (a win and a
/// share of the denominators of that size); the held-out figures count every decision once.
pub fn fit_weighted(
    records: &[Record],
    weights: &[f64],
    args: &TuneArgs,
    progress: &mut dyn FnMut(&str),
) -> Result<Summary, String> {
    let (train, held) = split(records, weights, args.seed, args.holdout_permille);
    if train.len() == 0 {
        return Err("no decisions to learn from".into());
    }
    // Patterns seen often enough get a gamma: the 12-cell one, else its ring.
    let mut count12: HashMap<u32, u32> = HashMap::new();
    for c in &train.cands {
        *count12.entry(c.key12).or_default() += 1;
    }
    let mut count6: HashMap<u32, u32> = HashMap::new();
    for c in &train.cands {
        if count12[&c.key12] < args.min_count {
            *count6.entry(c.key6).or_default() += 1;
        }
    }
    let mut keys: Vec<u32> = count12
        .iter()
        .chain(count6.iter())
        .filter(|&(_, &n)| n >= args.min_count)
        .map(|(&k, _)| k)
        .collect();
    keys.sort_unstable();
    let index = keys
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u32 + 1))
        .collect();
    let mut model = Model {
        pattern: vec![1.0; keys.len() + 1],
        local: vec![1.0; LOCAL_FEATURES],
        keys,
        index,
    };
    let ids: Vec<(u32, u8)> = train
        .cands
        .iter()
        .map(|c| (model.pattern_id(c) as u32, c.local))
        .collect();
    let mut wins_p = vec![0.0f64; model.pattern.len()];
    let mut wins_l = vec![0.0f64; LOCAL_FEATURES];
    for (&p, &w) in train.played.iter().zip(&train.weight) {
        let (pi, li) = ids[p as usize];
        wins_p[pi as usize] += w;
        wins_l[li as usize] += w;
    }
    let uniform_top1 = (0..held.len())
        .map(|j| 1.0 / held.decision(j).0.len() as f64)
        .sum::<f64>()
        / held.len().max(1) as f64;
    let mut totals = vec![0.0f64; train.len()];
    for it in 0..args.iterations {
        // One MM step per group: patterns, then local features.
        for group in 0..2 {
            for (j, t) in totals.iter_mut().enumerate() {
                let (range, _) = train.decision(j);
                *t = ids[range]
                    .iter()
                    .map(|&(p, l)| model.pattern[p as usize] * model.local[l as usize])
                    .sum();
            }
            let size = if group == 0 {
                model.pattern.len()
            } else {
                LOCAL_FEATURES
            };
            let mut denom = vec![0.0f64; size];
            for (j, &t) in totals.iter().enumerate() {
                let (range, _) = train.decision(j);
                let share = train.weight[j] / t;
                for &(p, l) in &ids[range] {
                    let (p, l) = (p as usize, l as usize);
                    if group == 0 {
                        denom[p] += model.local[l] * share;
                    } else {
                        denom[l] += model.pattern[p] * share;
                    }
                }
            }
            let (gammas, wins) = if group == 0 {
                (&mut model.pattern, &wins_p)
            } else {
                (&mut model.local, &wins_l)
            };
            for (i, g) in gammas.iter_mut().enumerate() {
                *g = (wins[i] + 1.0) / (denom[i] + 2.0 / (*g + 1.0));
            }
        }
        let strength =
            |c: &Candidate| model.pattern[model.pattern_id(c)] * model.local[c.local as usize];
        let (top1, ll) = measure(&train, strength);
        let (held1, held_ll) = measure(&held, strength);
        progress(&format!(
            "tune hex-patterns: iteration {}/{}: train top-1 {:.1}% log-likelihood {:.4}; held-out top-1 {:.1}% log-likelihood {:.4}",
            it + 1,
            args.iterations,
            100.0 * top1,
            ll,
            100.0 * held1,
            held_ll
        ));
    }
    let strength =
        |c: &Candidate| model.pattern[model.pattern_id(c)] * model.local[c.local as usize];
    let (heldout_top1, _) = measure(&held, strength);
    Ok(Summary {
        games: records.len(),
        train_decisions: train.len(),
        heldout_decisions: held.len(),
        mean_candidates: train.cands.len() as f64 / train.len() as f64,
        patterns: model.keys.len(),
        heldout_top1,
        uniform_top1,
        weights: model.weights(),
    })
}

/// The records of `args.data` and then of `args.extra_data`, cut at `args.max_games`, and
/// each game's weight (1, `args.extra_weight` for those of `extra_data`).
fn load_all(args: &TuneArgs) -> Result<(Vec<Record>, Vec<f64>), String> {
    let mut records = load(&args.data)?;
    let mut weights = vec![1.0; records.len()];
    for dir in &args.extra_data {
        records.extend(load(dir)?);
    }
    weights.resize(records.len(), args.extra_weight);
    if let Some(n) = args.max_games {
        records.truncate(n);
        weights.truncate(n);
    }
    let dirs: Vec<String> = std::iter::once(&args.data)
        .chain(&args.extra_data)
        .map(|d| d.display().to_string())
        .collect();
    eprintln!(
        "tune hex-patterns: {} games from {}",
        records.len(),
        dirs.join(", ")
    );
    Ok((records, weights))
}

/// How a weight file predicts the moves of a set of records.
#[derive(Clone, Debug)]
pub struct Evaluation {
    pub games: usize,
    pub decisions: usize,
    pub heldout_decisions: usize,
    /// Top-1 rate and mean log-likelihood, on the held-out split and on all decisions.
    pub heldout: (f64, f64),
    pub all: (f64, f64),
}

/// Measures `weights` on `records` (the held-out split of `seed`, and every decision).
pub fn measure_weights(
    records: &[Record],
    weights: &PatternWeights,
    seed: u64,
    permille: u64,
) -> Evaluation {
    let (train, held) = split(records, &vec![1.0; records.len()], seed, permille);
    let strength = |c: &Candidate| weights.gamma(c.key12, c.key6, c.local as usize) as f64;
    let (t, h) = (measure(&train, strength), measure(&held, strength));
    let (nt, nh) = (train.len() as f64, held.len() as f64);
    let n = (nt + nh).max(1.0);
    Evaluation {
        games: records.len(),
        decisions: train.len() + held.len(),
        heldout_decisions: held.len(),
        heldout: h,
        all: ((t.0 * nt + h.0 * nh) / n, (t.1 * nt + h.1 * nh) / n),
    }
}

/// `sente tune hex-patterns --eval FILE`: the weight file's figures on the records.
pub fn evaluate(args: &TuneArgs, file: &Path) -> Result<Evaluation, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let weights = PatternWeights::parse(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
    let (records, _) = load_all(args)?;
    Ok(measure_weights(
        &records,
        &weights,
        args.seed,
        args.holdout_permille,
    ))
}

/// `sente tune hex-patterns`: loads, fits, writes the file, prints the summary.
pub fn run(args: &TuneArgs) -> Result<Summary, String> {
    if !(args.extra_weight > 0.0 && args.extra_weight.is_finite()) {
        return Err(format!(
            "--extra-weight {} (must be above 0)",
            args.extra_weight
        ));
    }
    let (records, weights) = load_all(args)?;
    let summary = fit_weighted(&records, &weights, args, &mut |line| eprintln!("{line}"))?;
    if let Some(out) = &args.out {
        std::fs::write(out, summary.weights.to_bytes())
            .map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::tuning::selfplay::play_game;

    /// The CI smoke test: a few quick self-play games on a small board, a few iterations.
    #[test]
    fn training_on_a_few_games_learns_and_is_deterministic() {
        let records: Vec<Record> = (0..24)
            .map(|g| play_game(5, g % 25, 150, 2, g as u64))
            .collect();
        let args = TuneArgs {
            iterations: 4,
            holdout_permille: 250,
            min_count: 3,
            ..TuneArgs::default()
        };
        let mut lines = 0;
        let a = fit(&records, &args, &mut |_| lines += 1).unwrap();
        assert_eq!(lines, 4, "one progress line per iteration");
        let b = fit(&records, &args, &mut |_| {}).unwrap();
        assert_eq!(
            a.weights.to_bytes(),
            b.weights.to_bytes(),
            "same seed, same file"
        );
        assert!(a.heldout_decisions > 0 && a.train_decisions > a.heldout_decisions);
        assert!(
            a.heldout_top1 > a.uniform_top1,
            "{} vs {}",
            a.heldout_top1,
            a.uniform_top1
        );
        let bytes = a.weights.to_bytes();
        assert_eq!(PatternWeights::parse(&bytes).unwrap(), a.weights);
        let other = fit(&records, &TuneArgs { seed: 2, ..args }, &mut |_| {}).unwrap();
        assert_ne!(other.heldout_decisions + other.train_decisions, 0);
    }

    #[test]
    fn eval_measures_a_file_on_the_held_out_games_whatever_their_order() {
        // The evaluation of the fitted weights gives the fit's own held-out figure, and the
        // held-out games are chosen by their moves: reversed, or mixed with other games, the
        // same games are measured (a split by position would pick others).
        let records: Vec<Record> = (0..30)
            .map(|g| play_game(5, g % 25, 150, 2, g as u64))
            .collect();
        let args = TuneArgs {
            iterations: 3,
            holdout_permille: 300,
            min_count: 3,
            ..TuneArgs::default()
        };
        let fitted = fit(&records, &args, &mut |_| {}).unwrap();
        let weights = PatternWeights::parse(&fitted.weights.to_bytes()).unwrap();
        let e = measure_weights(&records, &weights, 1, 300);
        assert_eq!(e.heldout_decisions, fitted.heldout_decisions);
        assert_eq!(
            e.decisions,
            fitted.heldout_decisions + fitted.train_decisions
        );
        assert!((e.heldout.0 - fitted.heldout_top1).abs() < 1e-9);
        let mut reversed = records.clone();
        reversed.reverse();
        let r = measure_weights(&reversed, &weights, 1, 300);
        assert_eq!(r.heldout_decisions, e.heldout_decisions);
        assert!((r.heldout.0 - e.heldout.0).abs() < 1e-9);
        assert!((r.heldout.1 - e.heldout.1).abs() < 1e-9);
        // A uniform file (every gamma 1) predicts no better than a uniform guess.
        let flat = PatternWeights {
            local: vec![1.0; LOCAL_FEATURES],
            unknown: 1.0,
            patterns: Vec::new(),
        };
        let u = measure_weights(&records, &flat, 1, 300);
        assert!(
            u.heldout.0 < e.heldout.0,
            "{} vs {}",
            u.heldout.0,
            e.heldout.0
        );
    }

    #[test]
    fn max_games_learns_from_the_first_games_only() {
        // The weights from the first 10 of 16 games are those of a folder holding only them:
        // the records may grow without changing a file made before.
        let dir = std::env::temp_dir().join(format!("sente-tune-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("few")).unwrap();
        let lines: Vec<String> = (0..16)
            .map(|g| play_game(4, g % 16, 100, 1, g as u64).line())
            .collect();
        std::fs::write(dir.join("all.txt"), lines.join("\n") + "\n").unwrap();
        std::fs::write(dir.join("few/first.txt"), lines[..10].join("\n") + "\n").unwrap();
        let args = |data: PathBuf, max_games| TuneArgs {
            data,
            iterations: 2,
            holdout_permille: 200,
            min_count: 2,
            max_games,
            ..TuneArgs::default()
        };
        let cut = run(&args(dir.clone(), Some(10))).unwrap();
        let few = run(&args(dir.join("few"), None)).unwrap();
        let all = run(&args(dir.clone(), None)).unwrap();
        // --extra-data reads its folders after --data: the first 10 games and then all 26.
        let more = TuneArgs {
            extra_data: vec![dir.clone()],
            ..args(dir.join("few"), None)
        };
        let (both, weights) = load_all(&TuneArgs {
            extra_weight: 0.5,
            ..more.clone()
        })
        .unwrap();
        let file = dir.join("w.bin");
        std::fs::write(&file, few.weights.to_bytes()).unwrap();
        let e = evaluate(&args(dir.join("few"), None), &file).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!((cut.games, few.games, all.games), (10, 10, 26));
        assert_eq!(cut.weights, few.weights);
        assert_eq!(both.len(), 36);
        assert_eq!(both[..10], both[26..]);
        assert_eq!((weights[9], weights[10], weights.len()), (1.0, 0.5, 36));
        assert_eq!((e.games, e.heldout.0), (10, few.heldout_top1));
    }
}
