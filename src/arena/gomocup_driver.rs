//! The Gomocup (piskvork) side of the referee, for Gomoku and Renju engines.
//!
//! Like the Gomocup manager: `START n` (or `RECTSTART w,h`) answered by `OK`, `INFO` lines for
//! the time control and rule, `INFO time_left` before every move, then `BEGIN` on an empty
//! board, `BOARD` … `DONE` with every stone in move order for an engine's first move of the
//! game (so openings and reused engines need no special case), and `TURN x,y` after that.
//! Lines are sent with CR LF, as piskvork does. `MESSAGE`, `DEBUG` and `SUGGEST` lines are
//! skipped; `UNKNOWN`/`ERROR` are refusals; any other line is read as the move, as the Gomocup
//! manager does.
//!
//! A new process is first asked `ABOUT` (its `name="…", version="…"` answer is noted in
//! `engines.log`); the engine's `init` lines (`INFO thread_num 1`) follow the `INFO` block of
//! every game.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::driver::{Answer, Driver};
use super::engine::{Fault, Launch, Process};
use super::referee::Referee;
use super::tc::{Clock, Tc};
use crate::protocol::output::escaped;

/// Gomocup's "no limit" for `timeout_match` and `time_left`.
const UNLIMITED_MS: i64 = 2_147_483_647;

pub struct GomocupDriver {
    process: Process,
    /// Lines sent after the `INFO` block of every game.
    init: Vec<String>,
    started: bool,
    /// The number of stones the engine knows about; `None` before its first move of a game.
    known: Option<usize>,
}

impl GomocupDriver {
    pub fn start(
        launch: &Launch,
        init: &[String],
        abort: Arc<AtomicBool>,
    ) -> Result<GomocupDriver, String> {
        Ok(GomocupDriver {
            process: Process::spawn(launch, abort)?,
            init: init.to_vec(),
            started: false,
            known: None,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.process.send_raw(&format!("{line}\r\n"))
    }

    /// The next line that is not chatter.
    fn answer(&mut self, deadline: Option<Instant>) -> Result<String, Fault> {
        loop {
            let line = self.process.read_line(deadline)?;
            let t = line.trim();
            let upper = t.to_ascii_uppercase();
            if t.is_empty()
                || upper.starts_with("MESSAGE")
                || upper.starts_with("DEBUG")
                || upper.starts_with("SUGGEST")
            {
                continue;
            }
            if upper.starts_with("UNKNOWN") || upper.starts_with("ERROR") {
                // The message ends up in results.jsonl and summaries: no raw control bytes.
                return Err(Fault::Refused(escaped(t)));
            }
            return Ok(t.to_string());
        }
    }

    /// `ABOUT`, noted in the log; an engine that does not know it (`UNKNOWN`) still plays.
    fn about(&mut self, sync: Duration) -> Result<(), Fault> {
        self.send("ABOUT")?;
        match self.answer(Some(Instant::now() + sync)) {
            Ok(line) => {
                let fields = parse_about(&line);
                let get = |k: &str| {
                    fields
                        .iter()
                        .find(|(key, _)| key.eq_ignore_ascii_case(k))
                        .map(|(_, v)| v.as_str())
                };
                let text = match get("name") {
                    Some(name) => {
                        let mut t = format!("Gomocup engine {name:?}");
                        for k in ["version", "author", "country"] {
                            if let Some(v) = get(k) {
                                t.push_str(&format!(", {k} {v:?}"));
                            }
                        }
                        t
                    }
                    None => format!("ABOUT answer without a name: {line:?}"),
                };
                self.process.note(&text);
                Ok(())
            }
            Err(Fault::Refused(m)) => {
                self.process.note(&format!("ABOUT refused: {m}"));
                Ok(())
            }
            Err(f) => Err(f),
        }
    }

    fn expect_ok(&mut self, cmd: &str, sync: Duration) -> Result<(), Fault> {
        self.send(cmd)?;
        let reply = self.answer(Some(Instant::now() + sync))?;
        if reply.eq_ignore_ascii_case("OK") {
            Ok(())
        } else {
            Err(Fault::Garbage(format!("{cmd}: {reply}")))
        }
    }
}

impl Driver for GomocupDriver {
    fn new_game(
        &mut self,
        game: &dyn Referee,
        _seat: usize,
        tc: &Tc,
        sync: Duration,
    ) -> Result<(), Fault> {
        let (w, h) = game.board_size();
        if !self.started {
            self.about(sync)?;
        }
        let unplayable = |f: Fault| match f {
            Fault::Refused(m) => Fault::Unplayable(m),
            other => other,
        };
        if self.started {
            self.expect_ok("RESTART", sync)?;
        } else if w == h {
            self.expect_ok(&format!("START {w}"), sync)
                .map_err(unplayable)?;
        } else {
            self.expect_ok(&format!("RECTSTART {w},{h}"), sync)
                .map_err(unplayable)?;
        }
        self.started = true;
        self.known = None;
        let (turn, matchtime) = match *tc {
            Tc::PerMove { ms } => (ms as i64, 0),
            Tc::Clock {
                base_ms,
                inc_ms,
                turn_ms,
                ..
            } => (turn_ms.unwrap_or(base_ms + inc_ms) as i64, base_ms as i64),
            Tc::Infinite => (UNLIMITED_MS, 0),
        };
        self.send(&format!("INFO timeout_turn {turn}"))?;
        self.send(&format!("INFO timeout_match {matchtime}"))?;
        if let Tc::Clock { inc_ms, .. } = *tc {
            if inc_ms > 0 {
                self.send(&format!("INFO time_increment {inc_ms}"))?;
            }
        }
        self.send("INFO max_memory 0")?;
        self.send("INFO game_type 1")?;
        self.send(&format!("INFO rule {}", game.gomocup_rule()))?;
        for line in self.init.clone() {
            self.send(&line)?;
        }
        Ok(())
    }

    fn moved(
        &mut self,
        _game: &dyn Referee,
        _mover: usize,
        _mv: &str,
        _sync: Duration,
    ) -> Result<(), Fault> {
        // Gomocup tells the opponent's move with the next `TURN`.
        Ok(())
    }

    fn tell_time(
        &mut self,
        _game: &dyn Referee,
        _seat: usize,
        clock: &Clock,
        _sync: Duration,
    ) -> Result<(), Fault> {
        let left = match clock.left_ms() {
            Some(ms) => ms,
            None => UNLIMITED_MS,
        };
        self.send(&format!("INFO time_left {left}"))
    }

    fn genmove(
        &mut self,
        game: &dyn Referee,
        seat: usize,
        deadline: Option<Instant>,
    ) -> Result<Answer, Fault> {
        let stones = game.stones();
        match self.known {
            Some(k) if k + 1 == stones.len() => {
                let (x, y, _) = stones[k];
                self.send(&format!("TURN {x},{y}"))?;
            }
            _ if stones.is_empty() => self.send("BEGIN")?,
            _ => {
                self.send("BOARD")?;
                for &(x, y, owner) in &stones {
                    let who = if owner == seat { 1 } else { 2 };
                    self.send(&format!("{x},{y},{who}"))?;
                }
                self.send("DONE")?;
            }
        }
        let reply = self.answer(deadline)?;
        // The engine's own move will be on the board when it is next asked.
        self.known = Some(stones.len() + 1);
        Ok(Answer::Move(reply))
    }

    fn shut_down(self: Box<Self>) {
        self.process.shut_down("END", Duration::from_millis(200));
    }
}

/// Reads an `ABOUT` answer, `key="value", key="value"`, into its pairs. Values in double
/// quotes may hold commas, spaces, `=` and escaped quotes (`\"`); unquoted values end at the
/// next comma. Keys are trimmed; text that is no `key=value` pair is skipped.
pub fn parse_about(line: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        // The key is what follows the last comma before `=` (skipping stray text).
        let key = rest[..eq].rsplit(',').next().unwrap_or_default().trim();
        let after = rest[eq + 1..].trim_start();
        let (value, tail) = if let Some(quoted) = after.strip_prefix('"') {
            let mut value = String::new();
            let mut chars = quoted.char_indices();
            let mut end = quoted.len();
            while let Some((i, c)) = chars.next() {
                match c {
                    '\\' => {
                        if let Some((_, next)) = chars.next() {
                            value.push(next);
                        }
                    }
                    '"' => {
                        end = i + 1;
                        break;
                    }
                    _ => value.push(c),
                }
            }
            (value, &quoted[end.min(quoted.len())..])
        } else {
            let end = after.find(',').unwrap_or(after.len());
            (after[..end].trim().to_string(), &after[end..])
        };
        if !key.is_empty() {
            pairs.push((key.to_string(), value));
        }
        rest = tail.trim_start_matches(|c: char| c == ',' || c.is_whitespace());
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::referee::{RecordInfo, Verdict};

    #[test]
    fn about_answers_are_read_as_written() {
        let pairs = |line: &str| parse_about(line);
        // Rapfi's form: a comma inside the author's quotes, spaces after the commas.
        assert_eq!(
            pairs(
                r#"name="Rapfi", version="0.43.02", author="Rapfi developers (see AUTHORS file)", country="China""#
            ),
            [
                ("name".to_string(), "Rapfi".to_string()),
                ("version".into(), "0.43.02".into()),
                (
                    "author".into(),
                    "Rapfi developers (see AUTHORS file)".into()
                ),
                ("country".into(), "China".into()),
            ]
        );
        // Commas, `=` and escaped quotes inside values; no spaces; unquoted values.
        assert_eq!(
            pairs(r#"name="A, b=c \"d\"",version=1.0 beta,www="x""#),
            [
                ("name".to_string(), r#"A, b=c "d""#.to_string()),
                ("version".into(), "1.0 beta".into()),
                ("www".into(), "x".into()),
            ]
        );
        assert!(pairs("no pairs here").is_empty());
        assert_eq!(
            pairs(r#"name="unterminated"#),
            [("name".into(), "unterminated".into())]
        );
    }

    /// A board that accepts any empty point: enough to drive the protocol.
    struct Board {
        stones: Vec<(u32, u32, usize)>,
        moves: Vec<String>,
    }

    impl Referee for Board {
        fn to_move(&self) -> usize {
            self.stones.len() % 2
        }
        fn play(&mut self, reply: &str) -> Result<String, String> {
            let (x, y) = reply.split_once(',').ok_or("unreadable")?;
            let (x, y): (u32, u32) = (
                x.trim().parse().map_err(|_| "x")?,
                y.trim().parse().map_err(|_| "y")?,
            );
            self.stones.push((x, y, self.to_move()));
            self.moves.push(format!("{x},{y}"));
            Ok(format!("{x},{y}"))
        }
        fn verdict(&self) -> Option<Verdict> {
            None
        }
        fn moves(&self) -> &[String] {
            &self.moves
        }
        fn record(&self, _: &RecordInfo) -> (String, &'static str) {
            (String::new(), "txt")
        }
        fn board_size(&self) -> (u32, u32) {
            (15, 15)
        }
        fn gomocup_rule(&self) -> u32 {
            1
        }
        fn stones(&self) -> Vec<(u32, u32, usize)> {
            self.stones.clone()
        }
    }

    fn fake_engine(dir: &std::path::Path) -> Launch {
        let log = dir.join("heard.txt");
        Launch::shell_script(
            &dir.join("pbrain-fake.sh"),
            &format!(
                "#!/bin/sh\nn=0\nwhile read -r line; do\n  line=$(printf '%s' \"$line\" | tr -d '\\r')\n  echo \"$line\" >> {log}\n  case \"$line\" in\n    ABOUT) echo 'name=\"fake\", version=\"1\"' ;;\n    START*|RESTART) echo OK ;;\n    BEGIN) echo 'MESSAGE thinking'; echo '7,7' ;;\n    TURN*) n=$((n+1)); echo 'DEBUG x'; echo \"$n,0\" ;;\n    DONE) echo '3,3' ;;\n    END) exit 0 ;;\n  esac\ndone\n",
                log = log.display()
            ),
        )
    }

    #[test]
    fn speaks_gomocup_like_the_manager() {
        let dir = std::env::temp_dir().join(format!("sente-gomocup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let launch = fake_engine(&dir);
        let abort = Arc::new(AtomicBool::new(false));
        let sync = Duration::from_secs(5);
        let tc: Tc = "10s+1s".parse().unwrap();
        let mut d = GomocupDriver::start(&launch, &["INFO thread_num 1".into()], abort).unwrap();
        let mut b = Board {
            stones: vec![],
            moves: vec![],
        };
        d.new_game(&b, 0, &tc, sync).unwrap();
        d.tell_time(&b, 0, &Clock::new(tc), sync).unwrap();
        let far = Some(Instant::now() + sync);
        // Empty board: BEGIN; chatter is skipped.
        assert_eq!(d.genmove(&b, 0, far).unwrap(), Answer::Move("7,7".into()));
        b.play("7,7").unwrap();
        b.play("8,8").unwrap(); // the opponent
        assert_eq!(d.genmove(&b, 0, far).unwrap(), Answer::Move("1,0".into()));
        b.play("1,0").unwrap();
        // A reused engine: RESTART, then its first move of the game sees the whole board. This
        // game has Gomocup's control: a cap per turn and a clock for the game.
        b.play("9,9").unwrap();
        let gomocup: Tc = "1s/turn+20s/game".parse().unwrap();
        d.new_game(&b, 1, &gomocup, sync).unwrap();
        assert_eq!(d.genmove(&b, 1, far).unwrap(), Answer::Move("3,3".into()));
        Box::new(d).shut_down();
        let heard = std::fs::read_to_string(dir.join("heard.txt")).unwrap();
        let expected = "ABOUT\nSTART 15\nINFO timeout_turn 11000\nINFO timeout_match 10000\n\
                        INFO time_increment 1000\nINFO max_memory 0\nINFO game_type 1\n\
                        INFO rule 1\nINFO thread_num 1\nINFO time_left 10000\nBEGIN\nTURN 8,8\n\
                        RESTART\nINFO timeout_turn 1000\nINFO timeout_match 20000\n\
                        INFO max_memory 0\nINFO game_type 1\n\
                        INFO rule 1\nINFO thread_num 1\nBOARD\n7,7,2\n8,8,1\n1,0,2\n9,9,1\nDONE\nEND\n";
        assert_eq!(heard, expected);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn refusals_and_silence_are_faults() {
        let dir = std::env::temp_dir().join(format!("sente-gomocup2-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let launch = Launch::shell_script(
            &dir.join("err.sh"),
            "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    ABOUT*) echo 'UNKNOWN no about' ;;\n    START*) echo 'ERROR unsupported size' ;;\n  esac\ndone\n",
        );
        let b = Board {
            stones: vec![],
            moves: vec![],
        };
        let abort = Arc::new(AtomicBool::new(false));
        let mut d = GomocupDriver::start(&launch, &[], Arc::clone(&abort)).unwrap();
        let tc = Tc::PerMove { ms: 100 };
        assert_eq!(
            d.new_game(&b, 0, &tc, Duration::from_secs(5)),
            Err(Fault::Unplayable("ERROR unsupported size".into()))
        );
        // It never answers BEGIN: a timeout, promptly.
        let start = Instant::now();
        let r = d.genmove(&b, 0, Some(Instant::now() + Duration::from_millis(200)));
        assert_eq!(r, Err(Fault::Timeout));
        assert!(start.elapsed() < Duration::from_secs(2));
        // Once the match is stopped, waits end at once.
        abort.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(d.genmove(&b, 0, None), Err(Fault::Aborted));
        Box::new(d).shut_down();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
