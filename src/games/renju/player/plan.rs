//! How one move's time is spent: a *target* (what the move should take) and a *limit* (what it
//! may never pass), both counted from when the command arrived, and the shares of them the
//! engine's steps get (root threat searches, the main search, the final safety check).
//!
//! With only a turn limit (`INFO timeout_turn`, no match clock) time not used is lost, so the
//! target is the whole turn less the overhead. With a match clock (`timeout_match`,
//! `time_left`) the target is a share of what is left (the core's `TimeControl::budget`) and
//! the limit the smaller of the turn limit and a few such shares. At 1 s/turn the old split
//! (a soft limit of 60 % of the turn, then shares of it for each step) used 382 ms of each
//! second on average against Rapfi.

use std::time::{Duration, Instant};

use super::engine::{moves_left, Request, OVERHEAD_MS};
use crate::games::renju::position::Renju;
use crate::search::TimeControl;

/// The share of the target each step before the search may take at most (they answer in far
/// less when they find a win or prove there is none): the root VCF, the root VCT, and each
/// of the two checks of the opponent's threats (VCF, then VCT).
const ROOT_VCF_PERCENT: u32 = 8;
const ROOT_VCT_PERCENT: u32 = 10;
const DEFENCE_PERCENT: u32 = 10;
/// The share of the target kept after the search for checking the chosen move against the
/// opponent's threats.
const CHECK_PERCENT: u32 = 25;
/// With a match clock, how far past the target (in percent of it) the search may run while it
/// still changes its mind (the turn limit still applies).
const CLOCK_STRETCH_PERCENT: u32 = 150;

/// One move's time.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// When the move's command arrived (the request's `spent` before the plan was made).
    start: Instant,
    /// `None`: no clock (analysis, or only depth or node limits).
    target: Option<Duration>,
    limit: Option<Duration>,
}

impl Plan {
    pub fn new(pos: &Renju, req: &Request) -> Plan {
        let start = Instant::now()
            .checked_sub(req.spent)
            .unwrap_or_else(Instant::now);
        let Some(b) = req.time.budget(moves_left(pos), OVERHEAD_MS) else {
            return Plan {
                start,
                target: None,
                limit: None,
            };
        };
        // With only a turn limit, the whole turn is the target.
        let target = if req.time.time_left_ms.is_none() {
            b.hard
        } else {
            b.soft
        };
        Plan {
            start,
            target: Some(target),
            limit: Some(b.hard),
        }
    }

    /// Time used so far on this move.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    fn share(&self, percent: u32) -> Option<Duration> {
        self.target.map(|t| t * percent / 100)
    }

    /// The deadline of a step that may take `percent` % of the target, never past the limit.
    /// `None` without a clock.
    fn step_deadline(&self, percent: u32) -> Option<Instant> {
        let share = self.share(percent)?;
        let limit = self.start + self.limit?;
        Some((Instant::now() + share).min(limit))
    }

    /// The root VCF's deadline.
    pub fn root_vcf(&self) -> Option<Instant> {
        self.step_deadline(ROOT_VCF_PERCENT)
    }

    /// The root VCT's deadline.
    pub fn root_vct(&self) -> Option<Instant> {
        self.step_deadline(ROOT_VCT_PERCENT)
    }

    /// The deadline of one check of the opponent's threats before the search.
    pub fn defence(&self) -> Option<Instant> {
        self.step_deadline(DEFENCE_PERCENT)
    }

    /// The time the safety check after the search keeps for itself.
    pub fn check_reserve(&self) -> Duration {
        self.share(CHECK_PERCENT).unwrap_or_default()
    }

    /// The clock for the main search, started now: it ends (hard limit) when only the check's
    /// reserve is left of the target (of the stretched target with a match clock, never past the
    /// limit). With a match clock the core starts no iteration past 60 % of that (96 % while
    /// the best move or score changes).
    pub fn search_time(&self) -> TimeControl {
        let (Some(target), Some(limit)) = (self.target, self.limit) else {
            return TimeControl::unlimited();
        };
        let end = if target >= limit {
            limit
        } else {
            (target * CLOCK_STRETCH_PERCENT / 100).min(limit)
        };
        let left = end
            .saturating_sub(self.elapsed())
            .saturating_sub(self.check_reserve());
        let left = (left.as_millis() as u64).max(1);
        if target >= limit {
            // Nothing to save for later moves: as the last move before a refill, the core's
            // soft limit is its hard one, and iterations begin until the end (the renju
            // search plays what a cut-off iteration found).
            TimeControl {
                time_left_ms: Some(left as i64),
                moves_to_go: Some(1),
                ..TimeControl::default()
            }
        } else {
            TimeControl::per_move(left)
        }
    }

    /// The safety check's deadline: its reserve, never past the limit.
    pub fn check(&self) -> Option<Instant> {
        self.step_deadline(CHECK_PERCENT)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::renju::board::Rule;

    /// A request with only its time control set, shared by the engines' time tests.
    pub(crate) fn request(time: TimeControl) -> Request {
        Request {
            time,
            spent: Duration::ZERO,
            threads: 1,
            depth: None,
            nodes: None,
        }
    }

    #[test]
    fn a_turn_limit_alone_is_used_almost_whole() {
        let pos = Renju::new(15, 15, Rule::Renju);
        let plan = Plan::new(&pos, &request(TimeControl::per_move(1000)));
        assert_eq!(plan.target, Some(Duration::from_millis(1000 - OVERHEAD_MS)));
        assert_eq!(plan.limit, plan.target);
        let search = plan.search_time().budget(1, 0).unwrap();
        // The search's limit plus the check's reserve make up the turn less the overhead, and
        // it may start iterations until its end.
        let whole = search.hard + plan.check_reserve();
        let target = plan.target.unwrap();
        assert!(
            whole <= target && whole + Duration::from_millis(20) >= target,
            "{search:?}"
        );
        assert!(search.hard >= target / 2, "{search:?}");
        assert_eq!(search.soft, search.hard);
    }

    #[test]
    fn a_match_clock_is_shared_over_the_game_within_the_turn_limit() {
        let pos = Renju::new(15, 15, Rule::Renju);
        let mut tc = TimeControl::per_move(1000);
        tc.time_left_ms = Some(20_000);
        let plan = Plan::new(&pos, &request(tc));
        let target = plan.target.unwrap();
        assert!(
            target >= Duration::from_millis(400) && target <= Duration::from_millis(700),
            "{target:?}"
        );
        assert_eq!(plan.limit, Some(Duration::from_millis(1000 - OVERHEAD_MS)));
        let search = plan.search_time().move_time_ms.unwrap();
        assert!(search as u128 > target.as_millis(), "{search}");
        assert!(search <= 1000 - OVERHEAD_MS, "{search}");
        // Little time left: the turn never takes more than a fraction of it.
        tc.time_left_ms = Some(1_500);
        let plan = Plan::new(&pos, &request(tc));
        assert!(plan.limit.unwrap() <= Duration::from_millis(500));
    }

    #[test]
    fn no_clock_means_no_deadlines() {
        let pos = Renju::new(15, 15, Rule::Renju);
        let plan = Plan::new(&pos, &request(TimeControl::unlimited()));
        assert!(plan.root_vcf().is_none() && plan.check().is_none());
        assert_eq!(plan.search_time(), TimeControl::unlimited());
    }
}
