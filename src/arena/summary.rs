//! The match summary (stdout and `summary.txt`, with its picture `summary.svg`) and the
//! progress line (stderr).

use std::collections::BTreeMap;
use std::path::Path;

use super::results::{reference_names, tally, GameResult};
use super::stats::{fmt_elo, Decision, Sprt, Tally};

/// Writes the summary `text` as `dir/name` and the picture of `games` beside it (`name` with
/// `.svg` for `.txt`): every writer of a summary (a match, a shard, a merge, a report) leaves both.
pub fn write(dir: &Path, name: &str, text: &str, games: &[GameResult]) -> Result<(), String> {
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let picture = dir.join(Path::new(name).with_extension("svg"));
    std::fs::write(&picture, super::chart::svg(games)?)
        .map_err(|e| format!("cannot write {}: {e}", picture.display()))
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// `+52.3 +/- 40.1 (95%: +12.2 .. +92.4)`.
fn elo_line(t: &Tally, penta: bool) -> String {
    let e = if penta { t.elo_pentanomial() } else { t.elo() };
    match e {
        None => "n/a".into(),
        Some(e) => {
            let half = if e.low.is_finite() && e.high.is_finite() {
                format!(" +/- {:.1}", (e.high - e.low) / 2.0)
            } else {
                String::new()
            };
            format!(
                "{}{half} (95%: {} .. {})",
                fmt_elo(e.elo),
                fmt_elo(e.low),
                fmt_elo(e.high)
            )
        }
    }
}

/// The SPRT line and its decision.
pub fn sprt_line(sprt: &Sprt, t: &Tally) -> (String, Decision) {
    let llr = sprt.llr(t);
    let (lo, hi) = sprt.bounds();
    let d = sprt.decide(llr);
    let verdict = match d {
        Decision::Continue => "continue",
        Decision::H0 => "H0 accepted (not stronger by elo1)",
        Decision::H1 => "H1 accepted (stronger by at least elo1)",
    };
    (
        format!(
            "SPRT ({sprt}): LLR {llr:.2} ({lo:.2}, {hi:.2}) over {} pairs: {verdict}",
            t.pairs()
        ),
        d,
    )
}

/// The full summary of a set of games.
pub fn summary(games: &[GameResult], sprt: Option<&Sprt>, header: &str) -> String {
    let mut s = String::new();
    if !header.is_empty() {
        s.push_str(header);
        s.push('\n');
    }
    let Some((a, b)) = reference_names(games) else {
        s.push_str("no games played\n");
        return s;
    };
    let t = tally(games, &a);
    s.push_str(&format!(
        "Score of {a} vs {b}: {} - {} - {}  [{:.3}] {}\n",
        t.wins,
        t.losses,
        t.draws,
        t.score().unwrap_or(0.0),
        t.games()
    ));
    s.push_str(&format!(
        "{a}: {} wins, {} losses, {} draws; score {}\n",
        t.wins,
        t.losses,
        t.draws,
        pct(t.score().unwrap_or(0.0))
    ));
    let firsts = games.iter().filter(|g| g.result == "first").count();
    let seconds = games.iter().filter(|g| g.result == "second").count();
    s.push_str(&format!(
        "By seat: first player won {firsts}, second player won {seconds}, draws {}\n",
        games.len() - firsts - seconds
    ));
    s.push_str(&format!("Elo difference: {}\n", elo_line(&t, false)));
    s.push_str(&format!(
        "Pentanomial [0, 0.5, 1, 1.5, 2]: {:?} over {} pairs; Elo {}\n",
        t.penta,
        t.pairs(),
        elo_line(&t, true)
    ));
    if let Some(sprt) = sprt {
        s.push_str(&sprt_line(sprt, &t).0);
        s.push('\n');
    }
    s.push_str(&time_line(games, &[&a, &b]));
    // Why games ended, with the loser's name for forfeits: crashes and time losses stand out.
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for g in games {
        let loser = match g.result.as_str() {
            "first" => format!("{} lost: ", g.second),
            "second" => format!("{} lost: ", g.first),
            _ => "draw: ".into(),
        };
        // Reasons carry details (move, times); the first words group them.
        let short: String = g
            .reason
            .split(['(', ':'])
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        *reasons.entry(loser + &short).or_default() += 1;
    }
    s.push_str("Endings:\n");
    for (r, n) in reasons {
        s.push_str(&format!("  {n:>5}  {r}\n"));
    }
    s
}

/// `Time per move: A mean 1312 ms, max 2566 ms (420 moves); B ...`: whether the engines
/// really had equal time (an opponent on its own time settings may use less or more).
fn time_line(games: &[GameResult], names: &[&str]) -> String {
    let parts: Vec<String> = names
        .iter()
        .filter_map(|name| {
            let times: Vec<u64> = games.iter().flat_map(|g| g.times_of(name)).collect();
            let max = times.iter().max()?;
            let mean = times.iter().sum::<u64>() as f64 / times.len() as f64;
            Some(format!(
                "{name} mean {mean:.0} ms, max {max} ms ({} moves)",
                times.len()
            ))
        })
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!("Time per move: {}\n", parts.join("; "))
    }
}

/// The running score for stderr: `[ 12/100] A vs B: +5 -3 =4  54.2%  Elo +29 ±80`.
pub fn progress_line(
    done: usize,
    total: usize,
    a: &str,
    b: &str,
    t: &Tally,
    llr: Option<f64>,
) -> String {
    const WIDTH: usize = 20;
    let filled = (done * WIDTH)
        .checked_div(total)
        .unwrap_or(WIDTH)
        .min(WIDTH);
    let bar: String = "#".repeat(filled) + &".".repeat(WIDTH - filled);
    let elo = match t.elo() {
        Some(e) if e.low.is_finite() && e.high.is_finite() => {
            format!("Elo {} ±{:.0}", fmt_elo(e.elo), (e.high - e.low) / 2.0)
        }
        Some(e) => format!("Elo {}", fmt_elo(e.elo)),
        None => "Elo n/a".into(),
    };
    let llr = llr.map(|l| format!("  LLR {l:.2}")).unwrap_or_default();
    format!(
        "[{bar}] {done}/{total}  {a} vs {b}: +{} -{} ={}  {}  {elo}{llr}",
        t.wins,
        t.losses,
        t.draws,
        pct(t.score().unwrap_or(0.0))
    )
}
