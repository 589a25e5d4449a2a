//! The GTP side of the referee: Hex engines, and the text protocol of Kalah and Nim.
//!
//! A command is one line; a reply starts with `=` or `?` (an id may follow) and ends with an
//! empty line. Blank lines before a reply are skipped, as is a `gogui-gfx:` live-analysis block
//! (ended by an empty line). Anything else where a reply should start is a protocol fault.
//! The game-specific command forms (`genmove` vs `genmove b`, `time_left`) come from the
//! referee, so one driver serves every GTP game.
//!
//! Opponents are driven unmodified: on a new process the driver asks `name` and `version`
//! (noted in `engines.log`), sends the engine's `init` commands (each must succeed), and asks
//! `known_command` once for each clock command before it sends one, as gogui-twogtp does, so
//! that MoHex and Wolve, which know neither `time_settings` nor `time_left`, never see them.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::driver::{Answer, Driver};
use super::engine::{Fault, Launch, Process};
use super::referee::Referee;
use super::tc::{Clock, Tc};
use crate::protocol::output::escaped;

pub struct GtpDriver {
    process: Process,
    /// Start-up commands, sent before the process's first game.
    init: Vec<String>,
    handshake_done: bool,
    /// `known_command` answers for the optional commands, asked once each: `Some(false)` is a
    /// command the engine does not know or refused once, `None` an engine without
    /// `known_command` (the command is then sent until it is refused).
    known: HashMap<String, Option<bool>>,
}

impl GtpDriver {
    pub fn start(
        launch: &Launch,
        init: &[String],
        abort: Arc<AtomicBool>,
    ) -> Result<GtpDriver, String> {
        Ok(GtpDriver {
            process: Process::spawn(launch, abort)?,
            init: init.to_vec(),
            handshake_done: false,
            known: HashMap::new(),
        })
    }

    /// The first exchange with a new process: who it is, then its start-up commands.
    fn handshake(&mut self, sync: Duration) -> Result<(), Fault> {
        let mut who = Vec::new();
        for cmd in ["name", "version"] {
            match self.command(cmd, within(sync)) {
                Ok(text) if !text.is_empty() => who.push(text.replace('\n', " ")),
                Ok(_) | Err(Fault::Refused(_)) => {}
                Err(f) => return Err(f),
            }
        }
        if !who.is_empty() {
            self.process.note(&format!("GTP engine {}", who.join(" ")));
        }
        for cmd in self.init.clone() {
            match self.command(&cmd, within(sync)) {
                Ok(_) => self.process.note(&format!("init {cmd:?}: ok")),
                Err(Fault::Refused(m)) => {
                    self.process.note(&format!("init {cmd:?} failed: {m}"));
                    return Err(Fault::Refused(format!("init command {cmd:?} failed: {m}")));
                }
                Err(f) => return Err(f),
            }
        }
        self.handshake_done = true;
        Ok(())
    }

    /// Sends an optional command (a clock command) only if the engine may know it: asks
    /// `known_command` the first time, and notes in `engines.log` a command it does not know
    /// or refuses, which is then never sent again.
    fn optional(&mut self, cmd: &str, sync: Duration) -> Result<(), Fault> {
        let word = cmd
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
        let known = match self.known.get(&word) {
            Some(&k) => k,
            None => {
                let k = match self.command(&format!("known_command {word}"), within(sync)) {
                    Ok(answer) => Some(answer.trim().eq_ignore_ascii_case("true")),
                    Err(Fault::Refused(_)) => None,
                    Err(f) => return Err(f),
                };
                if k == Some(false) {
                    self.process.note(&format!(
                        "does not know {word}: not sent; the engine runs on its own time settings"
                    ));
                }
                self.known.insert(word.clone(), k);
                k
            }
        };
        if known == Some(false) {
            return Ok(());
        }
        match self.command(cmd, within(sync)) {
            Ok(_) => Ok(()),
            // Known but refused in this form (Benzene's `time_left` takes two arguments, not
            // three): not sent again.
            Err(Fault::Refused(m)) => {
                self.process.note(&format!(
                    "refused {cmd:?} ({m}): {word} no longer sent; the engine runs on its own time settings"
                ));
                self.known.insert(word, Some(false));
                Ok(())
            }
            Err(f) => Err(f),
        }
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
            // The message ends up in results.jsonl and summaries: no raw control bytes.
            Err(Fault::Refused(escaped(&text)))
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
        if !self.handshake_done {
            self.handshake(sync)?;
        }
        for cmd in game.gtp_setup() {
            self.command(&cmd, within(sync)).map_err(|f| match f {
                Fault::Refused(m) => Fault::Unplayable(format!("{cmd}: {m}")),
                other => other,
            })?;
        }
        // Time commands are optional in GTP: an engine without them still plays.
        for cmd in game.gtp_time_settings(tc) {
            self.optional(&cmd, sync)?;
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
            self.optional(&cmd, sync)?;
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
        let mut d = GtpDriver::start(&launch, &[], Arc::new(AtomicBool::new(false))).unwrap();
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
