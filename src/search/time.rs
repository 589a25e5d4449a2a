//! The time manager: turns what the protocol says about the clock into two limits.
//!
//! The *soft* limit is checked between iterations: past it, no new iteration starts, since it
//! would most likely not finish. The *hard* limit is checked inside the search every few thousand
//! nodes: past it, every thread stops at once and the best completed result is played. Both are
//! reduced by a move overhead that covers process scheduling and pipe latency, so the reply
//! reaches the manager before its own clock runs out.

use std::time::{Duration, Instant};

/// Milliseconds kept back for I/O and scheduling, per move.
pub const DEFAULT_OVERHEAD_MS: u64 = 30;

/// What the protocol told us about the clock. All fields are optional; none means no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// A fixed time for this move (GTP per-move settings, Gomocup `timeout_turn`).
    pub move_time_ms: Option<u64>,
    /// Time left on the whole clock; may be negative when a manager is generous.
    pub time_left_ms: Option<i64>,
    /// Added after each move.
    pub increment_ms: u64,
    /// Moves until the clock is refilled (GTP byo-yomi stones), if known.
    pub moves_to_go: Option<u32>,
}

/// The two limits of one move's search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Duration,
    pub hard: Duration,
}

impl TimeControl {
    pub fn unlimited() -> TimeControl {
        TimeControl::default()
    }

    pub fn per_move(ms: u64) -> TimeControl {
        TimeControl {
            move_time_ms: Some(ms),
            ..TimeControl::default()
        }
    }

    /// The limits for one move. `moves_left` is the game's guess of how many more moves this
    /// side will make (it spreads a sudden-death clock); `overhead_ms` is kept back for I/O.
    /// `None` means search until stopped or until the depth limit.
    pub fn budget(&self, moves_left: u32, overhead_ms: u64) -> Option<Budget> {
        let mut hard: Option<u64> = None;
        let mut soft: Option<u64> = None;
        if let Some(mt) = self.move_time_ms {
            let h = mt.saturating_sub(overhead_ms).max(1);
            hard = Some(h);
            soft = Some(h * 6 / 10);
        }
        if let Some(left) = self.time_left_ms {
            let left = left.max(0) as u64;
            let usable = left.saturating_sub(overhead_ms);
            let moves = self.moves_to_go.unwrap_or(moves_left).max(1) as u64;
            let share = usable / moves + self.increment_ms * 8 / 10;
            // Never plan to spend more than a third of what is left on one move, unless this is
            // the last move before the clock refills.
            let cap = if self.moves_to_go == Some(1) {
                usable
            } else {
                usable / 3
            };
            let h = (share * 4).min(cap).min(usable).max(1);
            let s = share.min(h);
            hard = Some(hard.map_or(h, |x| x.min(h)));
            soft = Some(soft.map_or(s, |x| x.min(s)));
        }
        match (soft, hard) {
            (Some(s), Some(h)) => Some(Budget {
                soft: Duration::from_millis(s.min(h)),
                hard: Duration::from_millis(h),
            }),
            _ => None,
        }
    }
}

/// A running search's clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
    budget: Option<Budget>,
}

impl Clock {
    pub fn start(budget: Option<Budget>) -> Clock {
        Clock {
            start: Instant::now(),
            budget,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Past the soft limit: do not begin another iteration.
    pub fn soft_expired(&self) -> bool {
        self.budget.is_some_and(|b| self.elapsed() >= b.soft)
    }

    /// Past the hard limit: stop now.
    pub fn hard_expired(&self) -> bool {
        self.budget.is_some_and(|b| self.elapsed() >= b.hard)
    }

    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_expires_before_the_hard_one() {
        let clock = Clock::start(Some(Budget {
            soft: Duration::from_millis(40),
            hard: Duration::from_secs(60),
        }));
        std::thread::sleep(Duration::from_millis(60));
        assert!(clock.soft_expired());
        assert!(!clock.hard_expired());
        assert!(!Clock::start(None).soft_expired());
    }

    #[test]
    fn no_information_means_no_limit() {
        assert_eq!(TimeControl::unlimited().budget(30, 30), None);
    }

    #[test]
    fn per_move_time_keeps_the_overhead_back() {
        let b = TimeControl::per_move(1000).budget(30, 50).unwrap();
        assert_eq!(b.hard, Duration::from_millis(950));
        assert!(b.soft < b.hard);
    }

    #[test]
    fn sudden_death_spreads_the_clock() {
        let tc = TimeControl {
            time_left_ms: Some(60_000),
            ..TimeControl::default()
        };
        let b = tc.budget(30, 30).unwrap();
        assert!(b.soft >= Duration::from_millis(1500) && b.soft <= Duration::from_millis(2500));
        assert!(b.hard <= Duration::from_millis(20_000));
    }

    #[test]
    fn negative_or_tiny_time_left_still_gives_a_positive_budget() {
        let tc = TimeControl {
            time_left_ms: Some(-500),
            ..TimeControl::default()
        };
        let b = tc.budget(30, 30).unwrap();
        assert_eq!(b.hard, Duration::from_millis(1));
    }

    #[test]
    fn both_limits_take_the_tighter() {
        let tc = TimeControl {
            move_time_ms: Some(5000),
            time_left_ms: Some(3000),
            ..TimeControl::default()
        };
        let b = tc.budget(1, 0).unwrap();
        assert!(b.hard <= Duration::from_millis(1000));
    }

    #[test]
    fn last_move_before_refill_may_use_it_all() {
        let tc = TimeControl {
            time_left_ms: Some(10_000),
            moves_to_go: Some(1),
            ..TimeControl::default()
        };
        let b = tc.budget(30, 100).unwrap();
        assert_eq!(b.hard, Duration::from_millis(9900));
    }
}
