//! A self-play shard's file of game records, one line per game, appended as each game ends. Both
//! generators (`sente selfplay hex`, `sente selfplay renju`) share it so that a run stopped at any
//! moment (a killed process, a session's end) resumes from the committed file the same way: a line
//! cut short by the stop is dropped, and the games already written are counted, not replayed.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

/// A self-play run's `--shard i/n` (0-based `i`), the same form for every game's generator.
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    s.split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)))
        .ok_or(format!("--shard {s:?}: expected i/n"))
}

/// Counts the complete game records in `path`, truncating a last line left without its newline.
/// `is_record` parses one line: `Ok(true)` for a game, `Ok(false)` for a comment or header.
pub fn resume_count(
    path: &Path,
    is_record: impl Fn(&str) -> Result<bool, String>,
) -> Result<u64, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let whole = text.rfind('\n').map_or("", |i| &text[..=i]);
    if whole.len() != text.len() {
        log::warn!(
            "selfplay: dropping a cut line at the end of {}",
            path.display()
        );
        let f = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| e.to_string())?;
        f.set_len(whole.len() as u64).map_err(|e| e.to_string())?;
    }
    let mut n = 0;
    for (i, line) in whole.lines().enumerate() {
        if is_record(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))? {
            n += 1;
        }
    }
    Ok(n)
}

/// Opens a shard's file for appending and returns it with the number of games it already holds.
/// An existing file needs `resume` (so a finished run is never extended by accident); a new one
/// gets `header` as its first line.
pub fn open(
    path: &Path,
    resume: bool,
    header: impl FnOnce() -> String,
    is_record: impl Fn(&str) -> Result<bool, String>,
) -> Result<(File, u64), String> {
    let done = if path.exists() {
        if !resume {
            return Err(format!("{} exists (use --resume)", path.display()));
        }
        resume_count(path, is_record)?
    } else {
        0
    };
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if done == 0 {
        writeln!(file, "{}", header()).map_err(|e| e.to_string())?;
    }
    Ok((file, done))
}
