//! One game between two engines, refereed: setup, the move loop with clocks, and the verdict.
//! Every way an engine can fail ends the game at once as that engine's loss, with the reason.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::config::EngineSpec;
use super::driver::{Answer, Driver};
use super::engine::{Fault, Launch};
use super::gomocup_driver::GomocupDriver;
use super::gtp_driver::GtpDriver;
use super::referee::{Protocol, Referee, Verdict};
use super::tc::{Charge, Clock, Tc};

/// An engine as a worker holds it: its spec and, between games when it is kept, its process.
pub struct Slot {
    pub spec: EngineSpec,
    driver: Option<Box<dyn Driver>>,
    /// The process has not answered a move yet: its first one gets the start-up grace.
    fresh: bool,
}

impl Slot {
    pub fn new(spec: EngineSpec) -> Slot {
        Slot {
            spec,
            driver: None,
            fresh: true,
        }
    }

    /// What this engine may go over its budget on its next move.
    fn tolerance_ms(&self, ctx: &GameContext) -> u64 {
        let grace = if self.fresh { ctx.startup_grace_ms } else { 0 };
        self.spec.tolerance_or(ctx.tolerance_ms) + grace
    }

    fn ensure(&mut self, ctx: &GameContext) -> Result<&mut Box<dyn Driver>, String> {
        if self.driver.is_none() {
            let launch = Launch {
                name: self.spec.name.clone(),
                argv: self.spec.argv.clone(),
                dir: self.spec.dir.clone(),
                stderr: ctx.engine_log.clone(),
            };
            let abort = Arc::clone(&ctx.abort);
            let init = &self.spec.init;
            let d: Box<dyn Driver> = match ctx.protocol {
                Protocol::Gtp => Box::new(GtpDriver::start(&launch, init, abort)?),
                Protocol::Gomocup => Box::new(GomocupDriver::start(&launch, init, abort)?),
            };
            self.driver = Some(d);
            self.fresh = true;
        }
        Ok(self.driver.as_mut().expect("just started"))
    }

    /// Ends the process (after a game when restarting, or after any fault).
    pub fn release(&mut self) {
        if let Some(d) = self.driver.take() {
            d.shut_down();
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.release();
    }
}

/// What every game of the match shares.
pub struct GameContext {
    pub protocol: Protocol,
    pub tc: Tc,
    /// The match's tolerance; an engine's own `tolerance=` replaces it.
    pub tolerance_ms: u64,
    /// Added to the tolerance of each process's first move.
    pub startup_grace_ms: u64,
    pub sync: Duration,
    pub max_moves: Option<usize>,
    pub engine_log: Option<std::path::PathBuf>,
    pub abort: Arc<AtomicBool>,
}

/// A finished game: the referee (for the moves and the record), the verdict and the times.
pub struct Played {
    pub referee: Box<dyn Referee>,
    pub verdict: Verdict,
    pub times_ms: Vec<u64>,
    /// The seat that made each timed move (Kalah's extra turns break the alternation).
    pub movers: Vec<usize>,
}

fn forfeit(loser: usize, reason: String) -> Verdict {
    Verdict {
        winner: Some(1 - loser),
        reason,
    }
}

/// How a game ended for the runner.
pub enum GameEnd {
    Played(Played),
    /// The match was stopped meanwhile: the game is abandoned, not scored.
    Stopped,
    /// An engine could not be started at all (a missing binary, no permission) or refuses the
    /// game itself (a board size it does not play): every game would fail the same way, so the
    /// match ends with this error instead of a run of losses.
    Broken(String),
}

/// Plays one game; `seats[0]` moves first.
pub fn play_game(
    ctx: &GameContext,
    mut referee: Box<dyn Referee>,
    seats: [&mut Slot; 2],
) -> GameEnd {
    let [s0, s1] = seats;
    let mut slots = [s0, s1];
    let mut timed = Vec::new();
    let mut faulted = [false; 2];
    let end = run(ctx, referee.as_mut(), &mut slots, &mut timed, &mut faulted);
    for (seat, slot) in slots.iter_mut().enumerate() {
        if slot.spec.restart || faulted[seat] || !matches!(end, Ok(Some(_))) {
            slot.release();
        }
    }
    match end {
        Ok(Some(verdict)) => GameEnd::Played(Played {
            referee,
            verdict,
            times_ms: timed.iter().map(|&(_, ms)| ms).collect(),
            movers: timed.iter().map(|&(seat, _)| seat).collect(),
        }),
        Ok(None) => GameEnd::Stopped,
        Err(e) => GameEnd::Broken(e),
    }
}

fn fault_reason(f: &Fault, what: &str) -> String {
    match f {
        Fault::Timeout => format!("no reply to {what} in time"),
        other => format!("{other} (during {what})"),
    }
}

fn run(
    ctx: &GameContext,
    referee: &mut dyn Referee,
    slots: &mut [&mut Slot; 2],
    timed: &mut Vec<(usize, u64)>,
    faulted: &mut [bool; 2],
) -> Result<Option<Verdict>, String> {
    // Start both engines and set up the position, outside the clock.
    for seat in 0..2 {
        let name = slots[seat].spec.name.clone();
        let driver = slots[seat]
            .ensure(ctx)
            .map_err(|e| format!("engine {name} failed to start: {e}"))?;
        if let Err(f) = driver.new_game(referee, seat, &ctx.tc, ctx.sync) {
            if ctx.abort.load(std::sync::atomic::Ordering::Relaxed)
                || super::interrupt::interrupted()
            {
                return Ok(None);
            }
            if let Fault::Unplayable(m) = f {
                return Err(format!("engine {name} refuses this game: {m}"));
            }
            faulted[seat] = true;
            return Ok(Some(forfeit(seat, fault_reason(&f, "setup"))));
        }
    }
    Ok(moves(ctx, referee, slots, timed, faulted))
}

/// The move loop, from the set-up position to the verdict (`None`: the match was stopped).
fn moves(
    ctx: &GameContext,
    referee: &mut dyn Referee,
    slots: &mut [&mut Slot; 2],
    timed: &mut Vec<(usize, u64)>,
    faulted: &mut [bool; 2],
) -> Option<Verdict> {
    let mut clocks = [Clock::new(ctx.tc), Clock::new(ctx.tc)];
    let mut plies = 0usize;
    loop {
        if let Some(v) = referee.verdict() {
            return Some(v);
        }
        if ctx.max_moves.is_some_and(|m| plies >= m) {
            return Some(Verdict {
                winner: None,
                reason: format!("move limit ({plies} moves)"),
            });
        }
        let seat = referee.to_move();
        let tolerance_ms = slots[seat].tolerance_ms(ctx);
        slots[seat].fresh = false;
        let driver = slots[seat].driver.as_mut().expect("started above");
        let lose = |reason: String, faulted: &mut [bool; 2]| {
            faulted[seat] = true;
            Some(forfeit(seat, reason))
        };
        if let Err(f) = driver.tell_time(referee, seat, &clocks[seat], ctx.sync) {
            if f == Fault::Aborted {
                return None;
            }
            return lose(fault_reason(&f, "time_left"), faulted);
        }
        let start = Instant::now();
        let deadline = clocks[seat].deadline(tolerance_ms).map(|d| start + d);
        let answer = driver.genmove(referee, seat, deadline);
        let elapsed = start.elapsed().as_millis() as u64;
        let text = match answer {
            Ok(Answer::Move(text)) => text,
            Ok(Answer::Resign) => {
                return Some(forfeit(seat, "resign".into()));
            }
            Err(Fault::Aborted) => return None,
            Err(Fault::Timeout) => {
                return lose(
                    format!(
                        "time forfeit (no move after {elapsed} ms; {} ms allowed)",
                        clocks[seat].budget_ms().unwrap_or(0) + tolerance_ms
                    ),
                    faulted,
                )
            }
            Err(f) => return lose(fault_reason(&f, "genmove"), faulted),
        };
        let budget = clocks[seat].budget_ms();
        if clocks[seat].charge(elapsed, tolerance_ms) == Charge::Flagged {
            return lose(
                format!(
                    "time forfeit ({elapsed} ms used; {} ms allowed)",
                    budget.unwrap_or(0) + tolerance_ms
                ),
                faulted,
            );
        }
        let mv = match referee.play(&text) {
            Ok(mv) => mv,
            Err(reason) => return lose(reason, faulted),
        };
        timed.push((seat, elapsed));
        plies += 1;
        let other = 1 - seat;
        let opponent = slots[other].driver.as_mut().expect("started above");
        if let Err(f) = opponent.moved(referee, seat, &mv, ctx.sync) {
            if f == Fault::Aborted {
                return None;
            }
            faulted[other] = true;
            return Some(forfeit(other, fault_reason(&f, "play")));
        }
    }
}
