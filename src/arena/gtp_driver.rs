//! The GTP side of the referee: Hex engines, and the text protocol of Kalah and Nim.
//!
//! A command is one line; a reply starts with `=` or `?` (an id may follow) and ends with an
//! empty line. Blank lines before a reply are skipped, as is a `gogui-gfx:` live-analysis block
//! (ended by an empty line). Anything else where a reply should start is a protocol fault.
//! The game-specific command forms (`genmove` vs `genmove b`, `time_left`) come from the
//! referee, so one driver serves every GTP game.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::driver::{Answer, Driver};
use super::engine::{Fault, Launch, Process};
use super::referee::Referee;
use super::tc::{Clock, Tc};

pub struct GtpDriver {
    process: Process,
}

impl GtpDriver {
    pub fn start(launch: &Launch, abort: Arc<AtomicBool>) -> Result<GtpDriver, String> {
        Ok(GtpDriver {
            process: Process::spawn(launch, abort)?,
        })
    }

    /// Sends `cmd` and reads its reply until `deadline`: `Ok(text)` for `=`, a
    /// `Fault::Refused` for `?`.
    pub fn command(&mut self, cmd: &str, deadline: Option<Instant>) -> Result<String, Fault> {
        self.process.send(cmd)?;
        self.read_reply(deadline)
    }

    fn read_reply(&mut self, deadline: Option<Instant>) -> Result<String, Fault> {
        let first = loop {
            let line = self.process.read_line(deadline)?;
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if t == "gogui-gfx:" {
                while !self.process.read_line(deadline)?.trim().is_empty() {}
                continue;
            }
            break t.to_string();
        };
        let (ok, rest) = match first.chars().next() {
            Some('=') => (true, &first[1..]),
            Some('?') => (false, &first[1..]),
            _ => return Err(Fault::Garbage(first)),
        };
        // An id, if the engine echoes one, then the text.
        let text = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let mut text = text.trim().to_string();
        loop {
            let line = self.process.read_line(deadline)?;
            if line.trim().is_empty() {
                break;
            }
            text.push('\n');
            text.push_str(line.trim_end());
        }
        if ok {
            Ok(text)
        } else {
            Err(Fault::Refused(text))
        }
    }
}

fn within(sync: Duration) -> Option<Instant> {
    Some(Instant::now() + sync)
}

impl Driver for GtpDriver {
    fn new_game(
        &mut self,
        game: &dyn Referee,
        _seat: usize,
        tc: &Tc,
        sync: Duration,
    ) -> Result<(), Fault> {
        for cmd in game.gtp_setup() {
            self.command(&cmd, within(sync)).map_err(|f| match f {
                Fault::Refused(m) => Fault::Refused(format!("{cmd}: {m}")),
                other => other,
            })?;
        }
        // Time commands are optional in GTP: an engine that refuses them still plays.
        for cmd in game.gtp_time_settings(tc) {
            match self.command(&cmd, within(sync)) {
                Ok(_) => {}
                Err(Fault::Refused(m)) => log::debug!("{cmd}: {m}"),
                Err(f) => return Err(f),
            }
        }
        Ok(())
    }

    fn moved(
        &mut self,
        game: &dyn Referee,
        mover: usize,
        mv: &str,
        sync: Duration,
    ) -> Result<(), Fault> {
        let cmd = game.gtp_play(mover, mv);
        self.command(&cmd, within(sync))
            .map(|_| ())
            .map_err(|f| match f {
                Fault::Refused(m) => Fault::Refused(format!("refused the legal move {cmd:?}: {m}")),
                other => other,
            })
    }

    fn tell_time(
        &mut self,
        game: &dyn Referee,
        seat: usize,
        clock: &Clock,
        sync: Duration,
    ) -> Result<(), Fault> {
        let Some(left) = clock.left_ms() else {
            return Ok(());
        };
        for cmd in game.gtp_time_left(seat, left, clock.moves_to_go()) {
            // An engine without time commands still plays: a refusal is only logged.
            match self.command(&cmd, within(sync)) {
                Ok(_) => {}
                Err(Fault::Refused(m)) => log::debug!("{cmd}: {m}"),
                Err(f) => return Err(f),
            }
        }
        Ok(())
    }

    fn genmove(
        &mut self,
        game: &dyn Referee,
        seat: usize,
        deadline: Option<Instant>,
    ) -> Result<Answer, Fault> {
        let reply = self.command(&game.gtp_genmove(seat), deadline)?;
        let word = reply.trim();
        if word.eq_ignore_ascii_case("resign") || word.eq_ignore_ascii_case("forfeit") {
            Ok(Answer::Resign)
        } else {
            Ok(Answer::Move(word.to_string()))
        }
    }

    fn shut_down(self: Box<Self>) {
        self.process.shut_down("quit", Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(dir: &std::path::Path, body: &str) -> Launch {
        std::fs::create_dir_all(dir).unwrap();
        Launch::shell_script(&dir.join("engine.sh"), &format!("#!/bin/sh\n{body}"))
    }

    #[test]
    fn reads_replies_with_ids_blank_lines_and_live_output() {
        let dir = std::env::temp_dir().join(format!("sente-gtpd-{}", std::process::id()));
        let launch = script(
            &dir,
            "read -r l; printf '\\n=1 a1\\n\\n'\n\
             read -r l; printf 'gogui-gfx:\\nVAR B a1\\n\\n= b2\\n\\n'\n\
             read -r l; printf '= line one\\nline two\\n\\n'\n\
             read -r l; printf '? no such thing\\n\\n'\n\
             read -r l; printf 'garbage\\n'\n\
             read -r l; exit 0\n",
        );
        let mut d = GtpDriver::start(&launch, Arc::new(AtomicBool::new(false))).unwrap();
        let t = || Some(Instant::now() + Duration::from_secs(5));
        assert_eq!(d.command("genmove b", t()), Ok("a1".into()));
        assert_eq!(d.command("genmove b", t()), Ok("b2".into()));
        assert_eq!(d.command("showboard", t()), Ok("line one\nline two".into()));
        assert_eq!(
            d.command("foo", t()),
            Err(Fault::Refused("no such thing".into()))
        );
        assert_eq!(d.command("bar", t()), Err(Fault::Garbage("garbage".into())));
        // Drain the empty line after garbage is not needed: the engine now exits.
        let r = d.command("genmove b", t());
        assert!(matches!(r, Err(Fault::Crash(_))), "{r:?}");
        Box::new(d).shut_down();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
