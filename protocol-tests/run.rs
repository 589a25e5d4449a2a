//! Runs every transcript under `protocol-tests/` through the real `sente` binary.
//!
//! A transcript is a text file of directives, one per line:
//! - `!args nim --threads 1`  the command line (once, first);
//! - `> text`                 send `text` and LF;  `>r text` sends it with CR LF;
//! - `< text`                 the next output line must be exactly `text` (`<` alone: an empty line);
//! - `~ regex`                the next output line must match `regex` entirely;
//! - `!within MS`             the next expected line must arrive within MS milliseconds;
//! - `!atleast MS`            the next expected line must not arrive sooner than MS milliseconds
//!   (a command that must run in full, not be cut short);
//! - `!sleep MS`              wait before sending more;
//! - `!exit N`                after the transcript stdin is closed; the engine must exit with N
//!   (default 0) within 10 s, having printed nothing more;
//! - `!eof`                 close stdin now (expectations may follow: the last reply);
//! - `!exited MS`            the engine must exit by itself within MS milliseconds, stdin still
//!   open (a command such as `END` ends it, not EOF);
//! - `!exitwithin MS`         the engine must exit within MS milliseconds of EOF (from `!eof`
//!   if given), not the default 10 s: nothing queued may keep it running;
//! - `;` comments and blank lines are ignored.
//!
//! A transcript whose last command is `END` (Gomocup) or `quit` (GTP) must end the engine by
//! itself: the runner waits for the exit (10 s, or `!exitwithin`) with stdin still open, so an
//! ignored `END` fails instead of being covered by the EOF that follows; the exit status is
//! checked as with `!exit` (0 unless given). Nothing may be printed after the last expectation.
//!
//! Every engine move of a Renju, Gomoku, Hex, Kalah or Nim transcript is replayed through the
//! rules by the runner's own referee (`referee.rs`): an occupied, off-board, forbidden or empty
//! pit or heap fails the transcript whatever its `~` regex accepts.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod referee;
#[path = "../tests/support/mod.rs"]
mod support;

use support::bin;

const DEFAULT_WAIT: Duration = Duration::from_secs(30);

fn transcripts(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            transcripts(&p, out);
        } else if p.extension().is_some_and(|e| e == "txt") {
            out.push(p);
        }
    }
}

/// Runs one transcript; returns how many engine moves its referee checked.
fn run_one(path: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut lines = text.lines().enumerate().peekable();
    let mut args: Vec<String> = vec![];
    while let Some((_, l)) = lines.peek() {
        if let Some(a) = l.strip_prefix("!args ") {
            args = a.split_whitespace().map(String::from).collect();
            lines.next();
            break;
        }
        if l.trim().is_empty() || l.starts_with(';') {
            lines.next();
            continue;
        }
        break;
    }
    let mut referee = referee::for_args(&args);
    let mut child = Command::new(bin())
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start sente: {e}"))?;
    let mut stdin = child.stdin.take();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines() {
            match l {
                Ok(l) => {
                    if tx.send(l).is_err() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
    });
    let mut exit_code = 0;
    let mut wait = DEFAULT_WAIT;
    let mut at_least = Duration::ZERO;
    let mut exit_wait = Duration::from_secs(10);
    let mut eof_at: Option<Instant> = None;
    let mut last_sent = String::new();
    let result = (|| {
        for (n, l) in lines {
            let at = format!("line {}", n + 1);
            if l.trim().is_empty() || l.starts_with(';') {
                continue;
            }
            if let Some(t) = l.strip_prefix(">r ") {
                let s = stdin.as_mut().ok_or("stdin closed")?;
                if let Some(r) = referee.as_mut() {
                    r.sent(t);
                }
                last_sent = t.to_string();
                s.write_all(format!("{t}\r\n").as_bytes())
                    .map_err(|e| format!("{at}: {e}"))?;
                s.flush().ok();
            } else if let Some(t) = l
                .strip_prefix("> ")
                .or(if l == ">" { Some("") } else { None })
            {
                let s = stdin.as_mut().ok_or("stdin closed")?;
                if let Some(r) = referee.as_mut() {
                    r.sent(t);
                }
                last_sent = t.to_string();
                s.write_all(format!("{t}\n").as_bytes())
                    .map_err(|e| format!("{at}: {e}"))?;
                s.flush().ok();
            } else if l == "<" || l.starts_with("< ") || l.starts_with("~ ") {
                let started = Instant::now();
                let got = rx
                    .recv_timeout(wait)
                    .map_err(|_| format!("{at}: no output within {wait:?} (expected {l:?})"))?;
                let got = got.trim_end_matches('\r').to_string();
                let ok = if l == "<" {
                    got.is_empty()
                } else if let Some(exact) = l.strip_prefix("< ") {
                    got == exact
                } else {
                    let re = regex::Regex::new(&format!("^(?:{})$", &l[2..]))
                        .map_err(|e| format!("{at}: {e}"))?;
                    re.is_match(&got)
                };
                if !ok {
                    return Err(format!("{at}: expected {l:?}, got {got:?}"));
                }
                if let Some(r) = referee.as_mut() {
                    r.received(&got)
                        .map_err(|e| format!("{at}: {e} (got {got:?})"))?;
                }
                if wait != DEFAULT_WAIT && started.elapsed() > wait {
                    return Err(format!("{at}: took {:?}", started.elapsed()));
                }
                if started.elapsed() < at_least {
                    return Err(format!("{at}: came after only {:?}", started.elapsed()));
                }
                wait = DEFAULT_WAIT;
                at_least = Duration::ZERO;
            } else if let Some(ms) = l.strip_prefix("!within ") {
                wait = Duration::from_millis(
                    ms.trim()
                        .parse()
                        .map_err(|_| format!("{at}: bad !within"))?,
                );
            } else if let Some(ms) = l.strip_prefix("!atleast ") {
                at_least = Duration::from_millis(
                    ms.trim()
                        .parse()
                        .map_err(|_| format!("{at}: bad !atleast"))?,
                );
            } else if let Some(ms) = l.strip_prefix("!exitwithin ") {
                exit_wait = Duration::from_millis(
                    ms.trim()
                        .parse()
                        .map_err(|_| format!("{at}: bad !exitwithin"))?,
                );
            } else if let Some(ms) = l.strip_prefix("!exited ") {
                let ms: u64 = ms
                    .trim()
                    .parse()
                    .map_err(|_| format!("{at}: bad !exited"))?;
                let deadline = Instant::now() + Duration::from_millis(ms);
                while child.try_wait().map_err(|e| e.to_string())?.is_none() {
                    if Instant::now() > deadline {
                        return Err(format!("{at}: still running after {ms} ms"));
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            } else if let Some(ms) = l.strip_prefix("!sleep ") {
                std::thread::sleep(Duration::from_millis(
                    ms.trim().parse().map_err(|_| format!("{at}: bad !sleep"))?,
                ));
            } else if let Some(code) = l.strip_prefix("!exit ") {
                exit_code = code
                    .trim()
                    .parse()
                    .map_err(|_| format!("{at}: bad !exit"))?;
            } else if l == "!eof" {
                drop(stdin.take());
                eof_at.get_or_insert_with(Instant::now);
            } else {
                return Err(format!("{at}: unknown directive {l:?}"));
            }
        }
        // `END` or `quit` last: the engine must exit by itself, stdin still open.
        let word = last_sent
            .split_whitespace()
            .find(|w| w.parse::<u64>().is_err())
            .unwrap_or("");
        if stdin.is_some() && (word.eq_ignore_ascii_case("end") || word == "quit") {
            let deadline = Instant::now() + exit_wait;
            while child.try_wait().map_err(|e| e.to_string())?.is_none() {
                if Instant::now() > deadline {
                    return Err(format!(
                        "still running {exit_wait:?} after {last_sent:?}, stdin open"
                    ));
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        Ok(())
    })();
    drop(stdin.take());
    let deadline = eof_at.unwrap_or_else(Instant::now) + exit_wait;
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(s);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    result?;
    let status = status.ok_or(format!(
        "the engine did not exit within {exit_wait:?} of EOF"
    ))?;
    if let Ok(extra) = rx.recv_timeout(Duration::from_millis(200)) {
        return Err(format!("unexpected output after the transcript: {extra:?}"));
    }
    if status.code() != Some(exit_code) {
        return Err(format!("exit status {status}, expected {exit_code}"));
    }
    Ok(referee.map_or(0, |r| r.checked()))
}

#[test]
fn transcripts_pass_through_the_real_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol-tests");
    let mut all = vec![];
    transcripts(&root, &mut all);
    // SENTE_TRANSCRIPT_GAMES=renju,gomoku,hex: only those folders (the Windows run's games).
    if let Ok(games) = std::env::var("SENTE_TRANSCRIPT_GAMES") {
        let games: Vec<&str> = games.split(',').collect();
        all.retain(|p| {
            let dir = p.parent().unwrap().file_name().unwrap();
            games.iter().any(|g| dir == *g)
        });
    }
    assert!(!all.is_empty(), "no transcripts found");
    let mut failures: Vec<String> = vec![];
    let mut refereed: std::collections::BTreeMap<String, usize> = Default::default();
    for p in &all {
        match run_one(p) {
            Ok(n) => {
                eprintln!("transcript {}: {n} engine moves refereed", p.display());
                let game = p.parent().unwrap().file_name().unwrap();
                *refereed.entry(game.to_string_lossy().into()).or_default() += n;
            }
            Err(e) => failures.push(format!("{}: {e}", p.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} transcripts failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
    // The referees follow the games: if one stopped recognising moves, it would check none.
    // (Each game whose transcripts ran: `SENTE_TRANSCRIPT_GAMES` may leave some out.)
    let ran = |game: &str| {
        all.iter()
            .any(|p| p.parent().unwrap().file_name().unwrap() == game)
    };
    for game in ["gomoku", "hex", "kalah", "nim", "renju"]
        .into_iter()
        .filter(|g| ran(g))
    {
        let n = refereed.get(game).copied().unwrap_or(0);
        assert!(
            n >= 10,
            "only {n} engine moves refereed in {game} transcripts"
        );
    }
}
