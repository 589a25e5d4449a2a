//! Match statistics: the score, the Elo difference with its 95% interval, pentanomial counts
//! over game pairs, and the sequential probability ratio test that stops a match once it has
//! decided.
//!
//! The formulas are the usual ones of engine testing (cutechess-cli, fishtest, fastchess):
//! - Elo from a mean score `s`: `-400 log10(1/s - 1)`; the interval is `s ± 1.96 σ/√n`
//!   carried through the same function, with σ the per-game standard deviation of the score.
//! - Pentanomial: the two games of a pair (one opening, each engine once first) are scored
//!   together, 0, ½, 1, 1½ or 2 points for the first engine; pairs remove most of the
//!   noise an unbalanced opening adds.
//! - SPRT: the generalized SPRT on the logistic Elo scale over the pentanomial pair scores, as
//!   fishtest and fastchess compute it: the log-likelihood ratio of the two maximum-likelihood
//!   distributions of pair scores whose means are `s0` and `s1` (the expected scores of `elo0`
//!   and `elo1`), empty cells counted as 0.001 of a pair; it stops at `ln(β/(1-α))` (H0: not
//!   better than elo0) or `ln((1-β)/α)` (H1: at least elo1). Near the hypotheses it agrees with
//!   Van den Bergh's normal approximation `n (s1 - s0)(2μ - s0 - s1) / (2 σ²)`; far from them
//!   (a one-sided match) that approximation overshoots, the exact ratio does not.

use std::fmt;
use std::str::FromStr;

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The expected score of an Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a mean score (infinite at 0 and 1).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// Count, mean and variance of a sample given as (value, frequency) pairs.
fn moments(sample: &[(f64, f64)]) -> (f64, f64, f64) {
    let n: f64 = sample.iter().map(|&(_, c)| c).sum();
    if n == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let mean = sample.iter().map(|&(v, c)| v * c).sum::<f64>() / n;
    let var = sample
        .iter()
        .map(|&(v, c)| c * (v - mean) * (v - mean))
        .sum::<f64>()
        / n;
    (n, mean, var)
}

/// Wins, losses and draws of the first engine, and its pentanomial counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Pairs scoring 0, ½, 1, 1½ and 2 points for the first engine.
    pub penta: [u32; 5],
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    pub fn pairs(&self) -> u32 {
        self.penta.iter().sum()
    }

    /// The first engine's mean score.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }

    fn trinomial(&self) -> [(f64, f64); 3] {
        [
            (0.0, self.losses as f64),
            (0.5, self.draws as f64),
            (1.0, self.wins as f64),
        ]
    }

    fn pentanomial(&self) -> [(f64, f64); 5] {
        let mut out = [(0.0, 0.0); 5];
        for (i, &c) in self.penta.iter().enumerate() {
            out[i] = (i as f64 / 4.0, c as f64);
        }
        out
    }

    /// Elo from every game, the interval from the per-game variance.
    pub fn elo(&self) -> Option<Elo> {
        interval(&self.trinomial())
    }

    /// Elo from complete pairs, the interval from the per-pair variance.
    pub fn elo_pentanomial(&self) -> Option<Elo> {
        interval(&self.pentanomial())
    }
}

fn interval(sample: &[(f64, f64)]) -> Option<Elo> {
    let (n, mean, var) = moments(sample);
    if n == 0.0 {
        return None;
    }
    let half = Z95 * (var / n).sqrt();
    Some(Elo {
        elo: elo_of_score(mean),
        low: elo_of_score(mean - half),
        high: elo_of_score(mean + half),
    })
}

/// `--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Not yet decided: play on.
    Continue,
    /// H0 accepted: the first engine is not `elo1` stronger (at most `elo0`).
    H0,
    /// H1 accepted: the first engine is at least `elo1` stronger.
    H1,
}

impl FromStr for Sprt {
    type Err = String;
    fn from_str(s: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for word in s.split(|c: char| c.is_whitespace() || c == ',') {
            if word.is_empty() {
                continue;
            }
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("sprt: expected key=value, got {word:?}"))?;
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("sprt: {key} must be a finite number, not {value:?}"))?;
            match key {
                "elo0" => sprt.elo0 = v,
                "elo1" => sprt.elo1 = v,
                "alpha" => sprt.alpha = v,
                "beta" => sprt.beta = v,
                _ => {
                    return Err(format!(
                        "sprt: unknown key {key:?} (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if sprt.elo1.partial_cmp(&sprt.elo0) != Some(std::cmp::Ordering::Greater) {
            return Err("sprt: elo1 must be larger than elo0".into());
        }
        for p in [sprt.alpha, sprt.beta] {
            if !(p > 0.0 && p < 0.5) {
                return Err("sprt: alpha and beta must lie in (0, 0.5)".into());
            }
        }
        Ok(sprt)
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl Sprt {
    /// The lower (accept H0) and upper (accept H1) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pairs played so far (0 before the first pair).
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.pairs() == 0 {
            return 0.0;
        }
        let mut sample = tally.pentanomial();
        for cell in sample.iter_mut() {
            if cell.1 == 0.0 {
                cell.1 = 1e-3;
            }
        }
        let p0 = closest_with_mean(&sample, expected_score(self.elo0));
        let p1 = closest_with_mean(&sample, expected_score(self.elo1));
        sample
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(&(_, c), (&a, &b))| c * (b / a).ln())
            .sum()
    }

    pub fn decide(&self, llr: f64) -> Decision {
        let (low, high) = self.bounds();
        if llr >= high {
            Decision::H1
        } else if llr <= low {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

/// The distribution over the sample's values that is most likely given the sample, among those
/// whose mean is `s`: `p_i = p̂_i / (1 + λ (x_i − s))`, with λ found by bisection so that the
/// mean is `s` (every value must have a positive count, and `s` must lie strictly between the
/// smallest and largest value).
fn closest_with_mean(sample: &[(f64, f64)], s: f64) -> Vec<f64> {
    let n: f64 = sample.iter().map(|c| c.1).sum();
    let freq: Vec<(f64, f64)> = sample.iter().map(|&(x, c)| (x, c / n)).collect();
    let lo_x = freq.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
    let hi_x = freq.iter().map(|c| c.0).fold(f64::NEG_INFINITY, f64::max);
    // 1 + λ(x − s) > 0 for every x.
    let (mut lo, mut hi) = (-1.0 / (hi_x - s), 1.0 / (s - lo_x));
    let excess = |l: f64| -> f64 {
        freq.iter()
            .map(|&(x, p)| p * (x - s) / (1.0 + l * (x - s)))
            .sum()
    };
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if excess(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = (lo + hi) / 2.0;
    freq.iter().map(|&(x, p)| p / (1.0 + l * (x - s))).collect()
}

/// An Elo figure for people: `+52.3`, `-inf`.
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.into()
    } else {
        format!("{e:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() < tol, "{a} is not {b}");
    }

    #[test]
    fn elo_and_interval_match_hand_computation() {
        // 10 wins, 5 losses, 5 draws: score 12.5/20 = 0.625, Elo -400 log10(0.6) = 88.74.
        // Variance per game: (10·0.375² + 5·0.625² + 5·0.125²)/20 = 3.4375/20 = 0.171875;
        // standard error sqrt(0.171875/20) = 0.0927025; interval 0.625 ± 0.181694
        // = [0.443306, 0.806694]; Elo -400 log10(1/0.443306 - 1) = -39.56 and
        // -400 log10(1/0.806694 - 1) = 248.18.
        let t = Tally {
            wins: 10,
            losses: 5,
            draws: 5,
            penta: [0; 5],
        };
        close(t.score().unwrap(), 0.625, 1e-12);
        let e = t.elo().unwrap();
        close(e.elo, 88.739, 1e-3);
        close(e.low, -39.56, 0.01);
        close(e.high, 248.18, 0.01);
        assert_eq!(Tally::default().elo(), None);
    }

    #[test]
    fn perfect_scores_have_infinite_elo() {
        let t = Tally {
            wins: 4,
            ..Tally::default()
        };
        assert_eq!(t.elo().unwrap().elo, f64::INFINITY);
        assert_eq!(fmt_elo(f64::INFINITY), "+inf");
        assert_eq!(fmt_elo(-3.04), "-3.0");
    }

    #[test]
    fn sprt_bounds_and_llr_match_hand_computation() {
        let s: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
        // ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439.
        let (lo, hi) = s.bounds();
        close(lo, -2.944439, 1e-6);
        close(hi, 2.944439, 1e-6);
        // Pairs [5, 20, 40, 25, 10] at pair scores 0, ¼, ½, ¾, 1: n = 100, mean 53.75/100 =
        // 0.5375; variance (5·0.5375² + 20·0.2875² + 40·0.0375² + 25·0.2125² + 10·0.4625²)/100
        // = 6.421875/100; s0 = 0.5, s1 = 1/(1+10^(-1/40)) = 0.5143872. By hand, the normal
        // approximation: 100 · 0.0143872 · (1.075 - 1.0143872) / (2 · 0.06421875) = 0.67897.
        // The exact ratio, from an independent implementation of the same MLE: 0.671580.
        let t = Tally {
            penta: [5, 20, 40, 25, 10],
            ..Tally::default()
        };
        let approx = 100.0 * 0.0143872 * (1.075 - 1.0143872) / (2.0 * 0.06421875);
        close(approx, 0.67897, 1e-4);
        close(s.llr(&t), 0.671580, 1e-4);
        assert!((s.llr(&t) - approx).abs() / approx < 0.02);
        assert_eq!(s.decide(s.llr(&t)), Decision::Continue);
        // Ten times the data: ten times the ratio, and H1.
        let t10 = Tally {
            penta: [50, 200, 400, 250, 100],
            ..Tally::default()
        };
        close(s.llr(&t10), 6.715799, 1e-4);
        assert_eq!(s.decide(s.llr(&t10)), Decision::H1);
        // Far from the hypotheses the exact ratio stays moderate (5.6736, where the normal
        // approximation says 11.42), and the mirror image accepts H0 (-5.8392).
        let far = Tally {
            penta: [0, 0, 100, 30, 70],
            ..Tally::default()
        };
        close(s.llr(&far), 5.673556, 1e-4);
        let mirror = Tally {
            penta: [70, 30, 100, 0, 0],
            ..Tally::default()
        };
        close(s.llr(&mirror), -5.839228, 1e-4);
        assert_eq!(s.decide(s.llr(&mirror)), Decision::H0);
        assert_eq!(s.llr(&Tally::default()), 0.0);
    }

    #[test]
    fn one_pair_decides_nothing_and_a_one_sided_match_ends() {
        let s: Sprt = "elo0=0 elo1=10".parse().unwrap();
        let one = Tally {
            penta: [0, 0, 0, 0, 1],
            ..Tally::default()
        };
        close(s.llr(&one), 0.028424, 1e-5);
        // Against elo1=200 every won pair adds 0.4189: H1 after 8 pairs, not 7.
        let s: Sprt = "elo0=0 elo1=200".parse().unwrap();
        let won = |k| Tally {
            penta: [0, 0, 0, 0, k],
            ..Tally::default()
        };
        close(s.llr(&won(1)), 0.418890, 1e-5);
        assert_eq!(s.decide(s.llr(&won(7))), Decision::Continue);
        assert_eq!(s.decide(s.llr(&won(8))), Decision::H1);
    }

    #[test]
    fn sprt_options_are_checked() {
        let s: Sprt = "elo0=-5,elo1=5 alpha=0.1".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-5.0, 5.0, 0.1, 0.05));
        for bad in [
            "elo0=10 elo1=0",
            "alpha=0.7",
            "gamma=1",
            "elo0",
            "elo1=x",
            "elo1=inf",
            "elo0=-inf elo1=5",
            "elo1=NaN",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn pentanomial_elo_uses_pair_scores() {
        // Pairs [1, 0, 2, 0, 1]: mean 0.5, Elo 0; variance (0.25 + 0.25)/4 = 0.125,
        // half width 1.96·sqrt(0.125/4) = 0.346482 → Elo ±(400 log10(0.846482/0.153518)) = ±296.6.
        let t = Tally {
            penta: [1, 0, 2, 0, 1],
            ..Tally::default()
        };
        let e = t.elo_pentanomial().unwrap();
        close(e.elo, 0.0, 1e-9);
        close(e.high, 296.6, 0.1);
        close(e.low, -296.6, 0.1);
    }
}
