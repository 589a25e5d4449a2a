//! Match time controls and the referee's clock.
//!
//! The notation follows cutechess-cli and c-gomoku-cli, which match users already know:
//! `1s/move` (a fixed time per move), `60s+0.5s` (sudden death with an increment),
//! `40/60s` (60 s for every 40 moves), `40/60s+1s`, and `inf` (no limit). Gomocup's control,
//! a cap per turn on top of a clock for the game, is `1s/turn+20s/game` (optionally
//! `+0.5s` for an increment): the names say which number is which, because c-gomoku-cli's
//! `20/1` would read as cutechess's "20 moves in 1 s". A number without a unit is seconds;
//! units are `ms`, `s` and `m`/`min`.
//!
//! The runner, not the engine, owns the clock: it measures each reply itself and forfeits an
//! engine that goes past its time by more than the tolerance (process scheduling and pipe
//! latency are not the engine's fault, so a small overstep is forgiven, as the Gomocup referee
//! does).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How much time each side gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tc {
    /// A fixed budget for every move; unused time is lost.
    PerMove { ms: u64 },
    /// A clock: `base` at the start, `inc` added after each move, and `base` again every
    /// `moves` moves when `moves` is given.
    Clock {
        base_ms: u64,
        inc_ms: u64,
        moves: Option<u32>,
        /// A cap on any one move (Gomocup's `timeout_turn`), whatever the clock holds.
        turn_ms: Option<u64>,
    },
    /// No limit (the runner still waits for each reply; use with engines that are trusted).
    Infinite,
}

/// Parses `500ms`, `1.5s`, `2m`, `3` (seconds) into milliseconds.
pub fn parse_duration_ms(s: &str) -> Result<u64, String> {
    let s = s.trim();
    let (num, scale) = if let Some(n) = s.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = s.strip_suffix("min") {
        (n, 60_000.0)
    } else if let Some(n) = s.strip_suffix('s') {
        (n, 1000.0)
    } else if let Some(n) = s.strip_suffix('m') {
        (n, 60_000.0)
    } else {
        (s, 1000.0)
    };
    let value: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("invalid duration {s:?} (examples: 500ms, 1s, 1.5s, 2m)"))?;
    if !value.is_finite() || value < 0.0 {
        return Err(format!("invalid duration {s:?}"));
    }
    Ok((value * scale).round() as u64)
}

impl FromStr for Tc {
    type Err = String;
    fn from_str(s: &str) -> Result<Tc, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("inf") || s.eq_ignore_ascii_case("infinite") {
            return Ok(Tc::Infinite);
        }
        if s.contains("/turn") || s.contains("/game") {
            return parse_turn_and_game(s);
        }
        if let Some(per) = s.strip_suffix("/move") {
            let ms = parse_duration_ms(per)?;
            if ms == 0 {
                return Err("a time per move must be positive".into());
            }
            return Ok(Tc::PerMove { ms });
        }
        let (moves, rest) = match s.split_once('/') {
            Some((m, rest)) => {
                let m: u32 = m
                    .trim()
                    .parse()
                    .map_err(|_| format!("invalid moves per period in {s:?}"))?;
                if m == 0 {
                    return Err("moves per period must be positive".into());
                }
                (Some(m), rest)
            }
            None => (None, s),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (parse_duration_ms(b)?, parse_duration_ms(i)?),
            None => (parse_duration_ms(rest)?, 0),
        };
        if base == 0 && inc == 0 {
            return Err(format!("time control {s:?} gives no time"));
        }
        Ok(Tc::Clock {
            base_ms: base,
            inc_ms: inc,
            moves,
            turn_ms: None,
        })
    }
}

/// `1s/turn+20s/game` with an optional `+0.5s` increment, the parts in any order.
fn parse_turn_and_game(s: &str) -> Result<Tc, String> {
    let (mut turn, mut game, mut inc) = (None, None, None);
    for part in s.split('+') {
        let part = part.trim();
        let (slot, value) = if let Some(v) = part.strip_suffix("/turn") {
            (&mut turn, v)
        } else if let Some(v) = part.strip_suffix("/game") {
            (&mut game, v)
        } else {
            (&mut inc, part)
        };
        if slot.is_some() {
            return Err(format!("{part:?} given twice in {s:?}"));
        }
        *slot = Some(parse_duration_ms(value)?);
    }
    let (Some(turn), Some(game)) = (turn, game) else {
        return Err(format!(
            "{s:?}: a Gomocup control names both parts, as in 1s/turn+20s/game"
        ));
    };
    if turn == 0 || game == 0 {
        return Err(format!("time control {s:?} gives no time"));
    }
    Ok(Tc::Clock {
        base_ms: game,
        inc_ms: inc.unwrap_or(0),
        moves: None,
        turn_ms: Some(turn),
    })
}

impl fmt::Display for Tc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Tc::PerMove { ms } => write!(f, "{ms}ms/move"),
            Tc::Clock {
                base_ms,
                inc_ms,
                moves: _,
                turn_ms: Some(turn),
            } => {
                write!(f, "{turn}ms/turn+{base_ms}ms/game")?;
                if inc_ms > 0 {
                    write!(f, "+{inc_ms}ms")?;
                }
                Ok(())
            }
            Tc::Clock {
                base_ms,
                inc_ms,
                moves,
                turn_ms: None,
            } => {
                if let Some(m) = moves {
                    write!(f, "{m}/")?;
                }
                write!(f, "{base_ms}ms")?;
                if inc_ms > 0 {
                    write!(f, "+{inc_ms}ms")?;
                }
                Ok(())
            }
            Tc::Infinite => f.write_str("inf"),
        }
    }
}

/// One side's clock during a game.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: Tc,
    /// Time left on a `Tc::Clock`, in ms; negative only transiently before a forfeit.
    left_ms: i64,
    moves_made: u32,
}

/// How the clock judged a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    InTime,
    /// Past the budget by more than the tolerance.
    Flagged,
}

impl Clock {
    pub fn new(tc: Tc) -> Clock {
        let left_ms = match tc {
            Tc::Clock { base_ms, .. } => base_ms as i64,
            _ => 0,
        };
        Clock {
            tc,
            left_ms,
            moves_made: 0,
        }
    }

    /// The time this side may use for its next move (None: unlimited).
    pub fn budget_ms(&self) -> Option<u64> {
        match self.tc {
            Tc::PerMove { ms } => Some(ms),
            Tc::Clock { turn_ms, .. } => {
                let left = self.left_ms.max(0) as u64;
                Some(turn_ms.map_or(left, |t| left.min(t)))
            }
            Tc::Infinite => None,
        }
    }

    /// The longest the runner waits for the next reply: the budget plus the tolerance.
    pub fn deadline(&self, tolerance_ms: u64) -> Option<Duration> {
        self.budget_ms()
            .map(|b| Duration::from_millis(b.saturating_add(tolerance_ms)))
    }

    /// Time left on the clock, for the protocol (`time_left`); for a per-move control, the
    /// move's budget.
    pub fn left_ms(&self) -> Option<i64> {
        match self.tc {
            Tc::PerMove { ms } => Some(ms as i64),
            Tc::Clock { .. } => Some(self.left_ms),
            Tc::Infinite => None,
        }
    }

    /// Moves until the clock is refilled, when the control has periods; a time per move is a
    /// period of one move (so the engine spends the whole budget on this move, not a share).
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.tc {
            Tc::PerMove { .. } => Some(1),
            Tc::Clock { moves: Some(m), .. } => Some(m - self.moves_made % m),
            _ => None,
        }
    }

    /// Charges one move that took `elapsed_ms`.
    pub fn charge(&mut self, elapsed_ms: u64, tolerance_ms: u64) -> Charge {
        let flagged = match self.budget_ms() {
            Some(b) => elapsed_ms > b.saturating_add(tolerance_ms),
            None => false,
        };
        self.moves_made += 1;
        if let Tc::Clock {
            base_ms,
            inc_ms,
            moves,
            ..
        } = self.tc
        {
            self.left_ms -= elapsed_ms as i64;
            // An overstep within the tolerance is forgiven, not carried over.
            self.left_ms = self.left_ms.max(0);
            self.left_ms += inc_ms as i64;
            if moves.is_some_and(|m| self.moves_made.is_multiple_of(m)) {
                self.left_ms += base_ms as i64;
            }
        }
        if flagged {
            Charge::Flagged
        } else {
            Charge::InTime
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_cutechess_notations() {
        assert_eq!("1s/move".parse(), Ok(Tc::PerMove { ms: 1000 }));
        assert_eq!("250ms/move".parse(), Ok(Tc::PerMove { ms: 250 }));
        assert_eq!(
            "60s+0.5s".parse(),
            Ok(Tc::Clock {
                base_ms: 60_000,
                inc_ms: 500,
                moves: None,
                turn_ms: None
            })
        );
        assert_eq!(
            "40/2m".parse(),
            Ok(Tc::Clock {
                base_ms: 120_000,
                inc_ms: 0,
                moves: Some(40),
                turn_ms: None
            })
        );
        assert_eq!(
            "10+0.1".parse(),
            Ok(Tc::Clock {
                base_ms: 10_000,
                inc_ms: 100,
                moves: None,
                turn_ms: None
            })
        );
        assert_eq!("inf".parse(), Ok(Tc::Infinite));
        for bad in [
            "",
            "fast",
            "0s/move",
            "0/10s",
            "-1s",
            "1x/move",
            "0+0",
            "1s/turn",
            "20s/game",
            "1s/turn+1s/turn+20s/game",
            "0s/turn+20s/game",
        ] {
            assert!(bad.parse::<Tc>().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn a_clock_adds_increment_and_refills_per_period() {
        let mut c = Clock::new("2/1s+100ms".parse().unwrap());
        assert_eq!(
            "2/1s+100ms".parse::<Tc>().unwrap().to_string(),
            "2/1000ms+100ms"
        );
        assert_eq!(c.budget_ms(), Some(1000));
        assert_eq!(c.moves_to_go(), Some(2));
        assert_eq!(c.charge(300, 0), Charge::InTime);
        assert_eq!(c.left_ms(), Some(800));
        assert_eq!(c.moves_to_go(), Some(1));
        assert_eq!(c.charge(800, 0), Charge::InTime);
        // 800 - 800 + 100 increment + 1000 for the new period.
        assert_eq!(c.left_ms(), Some(1100));
        assert_eq!(c.charge(1200, 50), Charge::Flagged);
    }

    #[test]
    fn a_gomocup_control_caps_each_turn_and_spends_the_game_clock() {
        let tc: Tc = "1s/turn+20s/game".parse().unwrap();
        assert_eq!(tc, "20s/game + 1s/turn".parse().unwrap());
        assert_eq!(tc.to_string(), "1000ms/turn+20000ms/game");
        assert_eq!(tc.to_string().parse::<Tc>(), Ok(tc));
        let mut c = Clock::new(tc);
        assert_eq!(c.budget_ms(), Some(1000));
        assert_eq!(c.moves_to_go(), None);
        // The whole turn is charged to the game clock.
        for _ in 0..19 {
            assert_eq!(c.charge(1000, 0), Charge::InTime);
        }
        assert_eq!(c.left_ms(), Some(1000));
        assert_eq!(c.charge(400, 0), Charge::InTime);
        // Now the game clock, not the turn, is the limit.
        assert_eq!(c.budget_ms(), Some(600));
        assert_eq!(c.charge(700, 50), Charge::Flagged);
        let with_inc: Tc = "1s/turn+20s/game+0.5s".parse().unwrap();
        assert_eq!(with_inc.to_string(), "1000ms/turn+20000ms/game+500ms");
    }

    #[test]
    fn per_move_budget_forgives_only_the_tolerance() {
        let mut c = Clock::new(Tc::PerMove { ms: 100 });
        assert_eq!(c.charge(150, 50), Charge::InTime);
        assert_eq!(c.charge(151, 50), Charge::Flagged);
        assert_eq!(c.deadline(50), Some(Duration::from_millis(150)));
        assert_eq!(Clock::new(Tc::Infinite).deadline(50), None);
    }
}
