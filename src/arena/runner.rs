//! The match: the schedule of games, the worker threads that play them, the results file, the
//! progress line, SPRT stopping, resume, shards and merging.
//!
//! Game `g` belongs to pair `g / 2`; both games of a pair use the same opening, and the first
//! engine moves first in even games, second in odd ones. A shard `i/n` plays the pairs `p`
//! with `p % n == i - 1`, so pairs never straddle shards and every shard's pentanomial counts
//! are whole. The opening of a pair depends only on the seed and the pair number, so shards and
//! resumed runs play exactly the games a single run would.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::config::EngineSpec;
use super::config::{MergeArgs, ReportArgs, Settings};
use super::games::{self, GameOptions};
use super::interrupt;
use super::play::{play_game, GameContext, GameEnd, Slot};
use super::referee::{load_openings, GameKind, Protocol, RecordInfo};
use super::results::{self, GameResult};
use super::stats::{Decision, Sprt};
use super::summary::{progress_line, summary, write as write_summary};

/// The files of a run: `results.jsonl` and `summary.txt`, or per-shard names.
fn file_names(shard: Option<(usize, usize)>) -> (String, String) {
    match shard {
        Some((i, n)) => (
            format!("results-shard-{i}-of-{n}.jsonl"),
            format!("summary-shard-{i}-of-{n}.txt"),
        ),
        None => ("results.jsonl".into(), "summary.txt".into()),
    }
}

/// The random numbers of pair `pair`: the full 256-bit seed is drawn from SplitMix64 over
/// (seed, pair), because nearby `seed_from_u64` seeds were seen to share draws.
fn pair_rng(seed: u64, pair: usize) -> StdRng {
    let mut state = seed ^ (pair as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_mut(8) {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    StdRng::from_seed(bytes)
}

/// The opening of pair `p`.
fn opening_for(pair: usize, openings: &[String], kind: &dyn GameKind, seed: u64) -> String {
    if openings.is_empty() {
        let mut rng = pair_rng(seed, pair);
        kind.random_opening(&mut rng)
    } else {
        openings[pair % openings.len()].clone()
    }
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// `tolerance 300 ms; mohex 1000 ms; start-up grace 5000 ms`: what each engine may go over.
fn tolerance_text(s: &Settings) -> String {
    let mut t = format!("tolerance {} ms", s.tolerance_ms);
    for e in &s.engines {
        if let Some(ms) = e.tolerance_ms {
            t.push_str(&format!("; {} {ms} ms", e.name));
        }
    }
    if s.startup_grace_ms > 0 {
        t.push_str(&format!(
            "; start-up grace {} ms on each process's first move",
            s.startup_grace_ms
        ));
    }
    t
}

/// The engines with their node limits turned into the protocol's command: `INFO max_node N`
/// for a Gomocup engine, after its own `init` lines. GTP has no common command for it (MoHex
/// takes `param_mohex max_games N`), so a GTP engine's limit goes in its `init`.
fn with_node_limits(engines: &[EngineSpec], protocol: Protocol) -> Result<Vec<EngineSpec>, String> {
    engines
        .iter()
        .map(|e| {
            let mut e = e.clone();
            if let Some(n) = e.nodes {
                match protocol {
                    Protocol::Gomocup => e.init.push(format!("INFO max_node {n}")),
                    Protocol::Gtp => {
                        return Err(format!(
                            "engine {}: nodes= is sent as INFO max_node to Gomocup engines; give a \
                             GTP engine its own command in init= (MoHex: param_mohex max_games {n})",
                            e.name
                        ))
                    }
                }
            }
            Ok(e)
        })
        .collect()
}

/// Runs a match to the end (or to the SPRT's decision); returns the summary.
pub fn run_match(s: &Settings) -> Result<String, String> {
    let kind: Arc<dyn GameKind> = Arc::from(games::make(
        &s.game,
        &GameOptions {
            size: s.size,
            variant: s.variant.clone(),
        },
    )?);
    let engines = with_node_limits(&s.engines, kind.protocol())?;
    let openings = match &s.openings {
        Some(p) => load_openings(kind.as_ref(), p)?,
        None => Vec::new(),
    };
    std::fs::create_dir_all(s.out.join("games"))
        .map_err(|e| format!("cannot create {}: {e}", s.out.display()))?;
    let (results_name, summary_name) = file_names(s.shard);
    let results_path = s.out.join(&results_name);
    let previous = results::read(&results_path)?;
    if !previous.is_empty() && !s.resume {
        return Err(format!(
            "{} already holds {} games: add --resume to continue that match, or choose another --out",
            results_path.display(),
            previous.len()
        ));
    }
    let names = [s.engines[0].name.clone(), s.engines[1].name.clone()];
    for g in &previous {
        let mut pair = [g.first.as_str(), g.second.as_str()];
        if g.game % 2 == 1 {
            pair.swap(0, 1);
        }
        if pair != [names[0].as_str(), names[1].as_str()] {
            return Err(format!(
                "{}: game {} was played by {} and {}, not by this match's engines",
                results_path.display(),
                g.game,
                g.first,
                g.second
            ));
        }
    }
    let done: HashSet<usize> = previous.iter().map(|g| g.game).collect();
    // A resumed match that its SPRT already decided plays nothing more.
    let decided_before = s.sprt.as_ref().is_some_and(|sp| {
        sp.decide(sp.llr(&results::tally(&previous, &names[0]))) != Decision::Continue
    });
    let schedule: Vec<usize> = (0..s.games)
        .filter(|_| !decided_before)
        .filter(|g| match s.shard {
            Some((i, n)) => (g / 2) % n == i - 1,
            None => true,
        })
        .filter(|g| !done.contains(g))
        .collect();
    let total = schedule.len() + previous.iter().filter(|g| g.game < s.games).count();

    // The command lines that built this folder, for whoever reads the results later.
    if let Ok(mut log) = OpenOptions::new()
        .create(true)
        .append(true)
        .open(s.out.join("commands.txt"))
    {
        let argv: Vec<String> = std::env::args().collect();
        let line =
            shlex::try_join(argv.iter().map(String::as_str)).unwrap_or_else(|_| argv.join(" "));
        let _ = writeln!(log, "{} {line}", now_secs());
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&results_path)
        .map_err(|e| format!("cannot write {}: {e}", results_path.display()))?;
    let header = format!(
        "Match: {} vs {}, {}, {} games, tc {} ({}), concurrency {}{}",
        names[0],
        names[1],
        kind.name(),
        s.games,
        s.tc,
        tolerance_text(s),
        s.concurrency,
        s.shard
            .map(|(i, n)| format!(", shard {i}/{n}"))
            .unwrap_or_default()
    );

    let abort = Arc::new(AtomicBool::new(false));
    let ctx = Arc::new(GameContext {
        protocol: kind.protocol(),
        tc: s.tc,
        tolerance_ms: s.tolerance_ms,
        startup_grace_ms: s.startup_grace_ms,
        sync: Duration::from_millis(s.sync_ms),
        max_moves: s.max_moves.or(kind.default_max_moves()),
        engine_log: Some(s.out.join("engines.log")),
        abort: Arc::clone(&abort),
    });
    let queue = Arc::new(Mutex::new(schedule.into_iter()));
    let openings = Arc::new(openings);
    let (tx, rx) = crossbeam_channel::unbounded::<Result<GameResult, String>>();
    let mut workers = Vec::new();
    for _ in 0..s.concurrency {
        let (ctx, queue, kind, openings, tx) = (
            Arc::clone(&ctx),
            Arc::clone(&queue),
            Arc::clone(&kind),
            Arc::clone(&openings),
            tx.clone(),
        );
        let specs = [engines[0].clone(), engines[1].clone()];
        let (out, tc, seed) = (s.out.clone(), s.tc, s.seed);
        workers.push(std::thread::spawn(move || {
            let mut slots = specs.map(Slot::new);
            loop {
                if ctx.abort.load(Ordering::Relaxed) || interrupt::interrupted() {
                    break;
                }
                let next = queue.lock().map(|mut q| q.next()).unwrap_or(None);
                let Some(g) = next else { break };
                let opening = opening_for(g / 2, &openings, kind.as_ref(), seed);
                let referee = match kind.start(&opening) {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = tx.send(Err(format!("game {g}: bad opening {opening:?}: {e}")));
                        break;
                    }
                };
                let (a, b) = slots.split_at_mut(1);
                let seats = if g % 2 == 0 {
                    [&mut a[0], &mut b[0]]
                } else {
                    [&mut b[0], &mut a[0]]
                };
                let names = [seats[0].spec.name.clone(), seats[1].spec.name.clone()];
                let played = match play_game(&ctx, referee, seats) {
                    GameEnd::Played(p) => p,
                    GameEnd::Stopped => break,
                    GameEnd::Broken(e) => {
                        let _ = tx.send(Err(e));
                        break;
                    }
                };
                let info = RecordInfo {
                    names: [&names[0], &names[1]],
                    game: g,
                    opening: &opening,
                    verdict: &played.verdict,
                    tc: &tc,
                    times_ms: &played.times_ms,
                };
                let (text, ext) = played.referee.record(&info);
                let record = format!("games/{g:05}.{ext}");
                let record = match std::fs::write(out.join(&record), text) {
                    Ok(()) => Some(record),
                    Err(e) => {
                        log::warn!("cannot write {record}: {e}");
                        None
                    }
                };
                let result = GameResult {
                    game: g,
                    first: names[0].clone(),
                    second: names[1].clone(),
                    opening: opening.clone(),
                    result: match played.verdict.winner {
                        Some(0) => "first",
                        Some(_) => "second",
                        None => "draw",
                    }
                    .into(),
                    reason: played.verdict.reason.clone(),
                    moves: played.referee.moves().to_vec(),
                    times_ms: played.times_ms.clone(),
                    movers: played.movers.iter().map(|&s| s as u8).collect(),
                    game_type: kind.name().into(),
                    record,
                    finished: now_secs(),
                };
                if tx.send(Ok(result)).is_err() {
                    break;
                }
            }
            for slot in slots.iter_mut() {
                slot.release();
            }
        }));
    }
    drop(tx);

    let mut all = previous;
    let tty = std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut error = None;
    let mut decided = decided_before.then_some(Decision::Continue);
    for msg in rx {
        let game = match msg {
            Ok(g) => g,
            Err(e) => {
                abort.store(true, Ordering::Relaxed);
                error = Some(e);
                continue;
            }
        };
        if let Err(e) = results::append(&mut file, &game) {
            abort.store(true, Ordering::Relaxed);
            error = Some(e);
            continue;
        }
        all.push(game);
        let t = results::tally(&all, &names[0]);
        let llr = s.sprt.as_ref().map(|sp| sp.llr(&t));
        let line = progress_line(all.len(), total, &names[0], &names[1], &t, llr);
        if tty {
            eprint!("\r\x1b[2K{line}");
        } else {
            eprintln!("{line}");
        }
        if let (Some(sprt), Some(llr)) = (&s.sprt, llr) {
            let d = sprt.decide(llr);
            if d != Decision::Continue && decided.is_none() {
                decided = Some(d);
                abort.store(true, Ordering::Relaxed);
            }
        }
    }
    if tty {
        eprintln!();
    }
    for w in workers {
        let _ = w.join();
    }
    if let Some(e) = error {
        return Err(e);
    }
    all.sort_by_key(|g| g.game);
    let mut text = summary(&all, s.sprt.as_ref(), &header);
    text.push_str(&format!(
        "Wall time: {:.1} s for {} games played in this run\n",
        started.elapsed().as_secs_f64(),
        all.len() - done.len()
    ));
    if decided.is_some() {
        text.push_str("The match stopped early: the SPRT decided.\n");
    } else if interrupt::interrupted() {
        text.push_str(
            "Interrupted: the games in progress were abandoned; continue with --resume.\n",
        );
    }
    write_summary(&s.out, &summary_name, &text, &all)?;
    Ok(text)
}

/// The results files a merge reads from one path: the file itself, or a folder's
/// `results*.jsonl`.
fn results_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name().is_some_and(|n| {
                    let n = n.to_string_lossy();
                    n.starts_with("results") && n.ends_with(".jsonl")
                })
            })
            .collect();
        files.sort();
        Ok(files)
    } else if path.exists() {
        Ok(vec![path.to_path_buf()])
    } else {
        Err(format!("{}: no such file or folder", path.display()))
    }
}

/// `sente match merge`: every game once, sorted, into `<out>/results.jsonl`, and the summary.
pub fn merge(args: &MergeArgs) -> Result<String, String> {
    let out = args
        .out
        .clone()
        .or_else(|| args.paths.first().filter(|p| p.is_dir()).cloned())
        .ok_or("merge: give --out (and the results files or folders to merge)")?;
    let paths = if args.paths.is_empty() {
        vec![out.clone()]
    } else {
        args.paths.clone()
    };
    let mut files = Vec::new();
    for p in &paths {
        for f in results_files(p)? {
            let games = results::read(&f)?;
            files.push((f, games));
        }
    }
    let sources = files.len();
    if sources == 0 {
        return Err("merge: no results files found".into());
    }
    let (games, dups) = results::merge_records(files)?;
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let mut body = String::new();
    for g in &games {
        body.push_str(&serde_json::to_string(g).map_err(|e| e.to_string())?);
        body.push('\n');
    }
    let target = out.join("results.jsonl");
    // Written beside and renamed, so that a merge into a folder it reads from is safe.
    let tmp = out.join(".results.jsonl.merging");
    std::fs::write(&tmp, body)
        .and_then(|_| std::fs::rename(&tmp, &target))
        .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    let sprt: Option<Sprt> = match &args.sprt {
        Some(words) => Some(super::config::parse_sprt(words)?),
        None => None,
    };
    let header = format!(
        "Merged {} games from {sources} results files{}",
        games.len(),
        if dups > 0 {
            format!(" ({dups} duplicates dropped)")
        } else {
            String::new()
        }
    );
    let mut text = summary(&games, sprt.as_ref(), &header);
    write_summary(&out, "summary.txt", &text, &games)?;
    text.push_str(&format!("Written: {}\n", target.display()));
    Ok(text)
}

/// `sente match report DIR`: `summary.txt` and `summary.svg` drawn again from
/// `DIR/results.jsonl` (after a change to the summary or the picture, or on a copied folder).
pub fn report(args: &ReportArgs) -> Result<String, String> {
    let path = args.dir.join("results.jsonl");
    if !path.is_file() {
        return Err(format!(
            "report: {} not found (run `sente match merge --out {}` first for shards)",
            path.display(),
            args.dir.display()
        ));
    }
    let mut games = results::read(&path)?;
    games.sort_by_key(|g| g.game);
    let sprt: Option<Sprt> = match &args.sprt {
        Some(words) => Some(super::config::parse_sprt(words)?),
        None => None,
    };
    let header = format!("Report of {} games from {}", games.len(), path.display());
    let mut text = summary(&games, sprt.as_ref(), &header);
    write_summary(&args.dir, "summary.txt", &text, &games)?;
    text.push_str(&format!(
        "Written: {} and {}\n",
        args.dir.join("summary.txt").display(),
        args.dir.join("summary.svg").display()
    ));
    Ok(text)
}

/// Flushes stdout after printing the summary (the runner is often piped).
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn node_limits_become_info_max_node_for_gomocup_engines_only() {
        let spec = |cmd: &str| super::super::config::parse_engine(cmd, true).unwrap();
        let engines = [
            spec("name=a nodes=5000 init=\"INFO thread_num 1\" cmd=x"),
            spec("name=b cmd=y"),
        ];
        let out = with_node_limits(&engines, Protocol::Gomocup).unwrap();
        assert_eq!(out[0].init, ["INFO thread_num 1", "INFO max_node 5000"]);
        assert!(out[1].init.is_empty());
        let err = with_node_limits(&engines, Protocol::Gtp).unwrap_err();
        assert!(err.contains("nodes=") && err.contains("engine a"), "{err}");
        assert!(with_node_limits(&engines[1..], Protocol::Gtp).is_ok());
    }

    #[test]
    fn pair_openings_are_reproducible_and_independent() {
        let draws = |seed, pair| -> Vec<u64> {
            let mut r = pair_rng(seed, pair);
            (0..8).map(|_| r.gen_range(1..=12)).collect()
        };
        assert_eq!(draws(1, 0), draws(1, 0));
        // Nearby seeds and pairs share no run of draws (seed_from_u64(1) and (2) did).
        let all: Vec<Vec<u64>> = [(1, 0), (2, 0), (3, 0), (1, 1), (1, 2), (2, 1)]
            .iter()
            .map(|&(s, p)| draws(s, p))
            .collect();
        for i in 0..all.len() {
            for j in i + 1..all.len() {
                let same = all[i].iter().zip(&all[j]).filter(|(a, b)| a == b).count();
                assert!(same < 4, "{:?} and {:?}", all[i], all[j]);
            }
        }
        assert_eq!(
            file_names(Some((2, 5))),
            (
                "results-shard-2-of-5.jsonl".into(),
                "summary-shard-2-of-5.txt".into()
            )
        );
    }
}
