//! The Gomocup (piskvork) side of the referee, for Gomoku and Renju engines.
//!
//! Like the Gomocup manager: `START n` (or `RECTSTART w,h`) answered by `OK`, `INFO` lines for
//! the time control and rule, `INFO time_left` before every move, then `BEGIN` on an empty
//! board, `BOARD` … `DONE` with every stone in move order for an engine's first move of the
//! game (so openings and reused engines need no special case), and `TURN x,y` after that.
//! Lines are sent with CR LF, as piskvork does. `MESSAGE`, `DEBUG` and `SUGGEST` lines are
//! skipped; `UNKNOWN`/`ERROR` are refusals; any other line is read as the move, as the Gomocup
//! manager does.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::driver::{Answer, Driver};
use super::engine::{Fault, Launch, Process};
use super::referee::Referee;
use super::tc::{Clock, Tc};

/// Gomocup's "no limit" for `timeout_match` and `time_left`.
const UNLIMITED_MS: i64 = 2_147_483_647;

pub struct GomocupDriver {
    process: Process,
    started: bool,
    /// The number of stones the engine knows about; `None` before its first move of a game.
    known: Option<usize>,
}

impl GomocupDriver {
    pub fn start(launch: &Launch, abort: Arc<AtomicBool>) -> Result<GomocupDriver, String> {
        Ok(GomocupDriver {
            process: Process::spawn(launch, abort)?,
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
                return Err(Fault::Refused(t.to_string()));
            }
            return Ok(t.to_string());
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
        if self.started {
            self.expect_ok("RESTART", sync)?;
        } else if w == h {
            self.expect_ok(&format!("START {w}"), sync)?;
        } else {
            self.expect_ok(&format!("RECTSTART {w},{h}"), sync)?;
        }
        self.started = true;
        self.known = None;
        let (turn, matchtime) = match *tc {
            Tc::PerMove { ms } => (ms as i64, 0),
            Tc::Clock {
                base_ms, inc_ms, ..
            } => (base_ms as i64 + inc_ms as i64, base_ms as i64),
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
        self.send(&format!("INFO rule {}", game.gomocup_rule()))
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
