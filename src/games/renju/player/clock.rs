//! How long one move may search: the soft and hard limits of renju's searcher from the turn
//! cap, the match clock and the increment (`INFO timeout_turn`, `timeout_match`, `time_left`,
//! `time_increment`), counted from when the move's command arrived.

use std::time::Duration;

use crate::games::renju::board::Board;
use crate::games::renju::search::SearchLimits;
use crate::search::TimeControl;

/// Milliseconds kept back per move for pipe latency, process scheduling on a loaded machine and
/// the Gomocup referee's suspend/resume of the engine between moves: the reserve of a 1 s turn
/// and of a match clock alone, the least a longer turn keeps.
pub const OVERHEAD_MS: u64 = 80;

/// What `think` was asked for.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub time: TimeControl,
    /// Time already spent on this move before the search starts (start-up, allocation).
    pub spent: Duration,
    pub threads: usize,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// The share of a short turn kept back for pipe latency and scheduling: the engine's fixed
/// `OVERHEAD_MS` suits a 1 s turn but would leave a 100 ms turn 20 ms of search, so a turn under
/// `OVERHEAD_MS * 100 / TURN_OVERHEAD_PERCENT` keeps this share of it instead (at least
/// `MIN_OVERHEAD_MS`).
const TURN_OVERHEAD_PERCENT: u64 = 15;
const MIN_OVERHEAD_MS: u64 = 10;
/// The share of a long turn kept back, up to `MAX_OVERHEAD_MS`. With an ample match clock a
/// turn is searched to its hard limit, so the reserve is all that stands between the move and a
/// forfeit: at Gomocup's fastgame turn (5 s) a flat 80 ms let the .exe under Wine answer in
/// 4,920-4,934 ms of 5,000 (the pipe both ways and Wine took up to 14 ms; a stall of a few
/// time slices on a loaded machine, or the referee resuming a suspended process, would take the
/// rest). 3 % keeps 150 ms there, 1.4 % more of the turn than 80 ms; past 500 ms (turns over
/// 16.7 s) a longer reserve buys nothing, as those delays do not grow with the turn.
const LONG_TURN_OVERHEAD_PERCENT: u64 = 3;
const MAX_OVERHEAD_MS: u64 = 500;

/// Own moves a renju game is expected to still need, for sharing a match clock: games are
/// decided early (against Rapfi, 11 to 43 own moves after the opening, and the last third of
/// them forced replies that take a few ms), so the horizon is shorter than the generic
/// engine's 40 (which spent half of each 1 s turn with 20 s for the game).
const CLOCK_HORIZON_MOVES: u32 = 20;
const CLOCK_MIN_MOVES_LEFT: u32 = 8;
/// With a match clock, the hard limit is at most this many times the move's share of it.
const CLOCK_HARD_SHARES: u64 = 3;

/// The overhead kept back from a turn of `turn_ms` (or from a match clock alone): a share of a
/// short turn, `OVERHEAD_MS` around 1 s, a smaller share of a long one (see the constants).
fn overhead_ms(turn_ms: Option<u64>) -> u64 {
    match turn_ms {
        Some(t) if t.saturating_mul(TURN_OVERHEAD_PERCENT) / 100 < OVERHEAD_MS => {
            (t * TURN_OVERHEAD_PERCENT / 100).max(MIN_OVERHEAD_MS)
        }
        Some(t) => {
            (t.saturating_mul(LONG_TURN_OVERHEAD_PERCENT) / 100).clamp(OVERHEAD_MS, MAX_OVERHEAD_MS)
        }
        None => OVERHEAD_MS,
    }
}

/// The own moves `b` is still expected to need (see `CLOCK_HORIZON_MOVES`).
fn clock_moves_left(b: &Board) -> u64 {
    let own = b.stones() as u32 / 2;
    CLOCK_HORIZON_MOVES
        .saturating_sub(own)
        .max(CLOCK_MIN_MOVES_LEFT) as u64
}

/// The soft and hard limits of this move, counted from when its command arrived (`spent`
/// before now). With a turn cap and no match clock (or a clock so ample that this move's share
/// of it covers the turn) time not used is lost: no soft limit, iterations begin until the hard
/// limit cuts one (its improvement at the root is still played). With a scarce match clock the
/// soft limit is the move's share of it, scaled by the searcher by the best move's stability.
pub fn limits(b: &Board, req: &Request) -> SearchLimits {
    let tc = &req.time;
    let overhead = overhead_ms(tc.move_time_ms);
    let turn_hard = tc.move_time_ms.map(|t| t.saturating_sub(overhead).max(1));
    let clock = tc.time_left_ms.map(|left| {
        let usable = (left.max(0) as u64).saturating_sub(overhead);
        let moves = tc
            .moves_to_go
            .map_or(clock_moves_left(b), |m| m.max(1) as u64);
        let share = usable / moves + tc.increment_ms * 8 / 10;
        let cap = if tc.moves_to_go == Some(1) {
            usable
        } else {
            usable / 3
        };
        (share, (share * CLOCK_HARD_SHARES).min(cap).max(1))
    });
    let (soft_ms, hard_ms) = match (turn_hard, clock) {
        (None, None) => (None, None),
        (Some(t), None) => (None, Some(t)),
        (t, Some((share, clock_hard))) => {
            let hard = t.map_or(clock_hard, |t| t.min(clock_hard));
            if share >= hard {
                (None, Some(hard))
            } else {
                (Some(share), Some(hard))
            }
        }
    };
    let from_now = |ms: u64| {
        Duration::from_millis(ms)
            .saturating_sub(req.spent)
            .max(Duration::from_millis(1))
    };
    let hard = hard_ms.map(from_now);
    let soft = soft_ms.map(from_now).map(|s| s.min(hard.unwrap_or(s)));
    SearchLimits {
        depth: req.depth,
        nodes: req.nodes,
        soft,
        hard,
        threads: req.threads,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::{cell, Rule};

    pub(crate) fn request(time: TimeControl) -> Request {
        Request {
            time,
            spent: Duration::ZERO,
            threads: 1,
            depth: None,
            nodes: None,
        }
    }

    fn ms(d: Option<Duration>) -> Option<u64> {
        d.map(|d| d.as_millis() as u64)
    }

    #[test]
    fn a_turn_cap_alone_is_searched_to_its_end() {
        let pos = Board::new(15, 15, Rule::Renju);
        let l = limits(&pos, &request(TimeControl::per_move(1000)));
        assert_eq!((ms(l.soft), ms(l.hard)), (None, Some(1000 - OVERHEAD_MS)));
        // A short turn keeps a proportionate reserve, not the whole fixed overhead.
        let l = limits(&pos, &request(TimeControl::per_move(100)));
        assert_eq!((ms(l.soft), ms(l.hard)), (None, Some(85)));
        let l = limits(&pos, &request(TimeControl::per_move(20)));
        assert_eq!(ms(l.hard), Some(10));
    }

    /// Gomocup's turns (fastgame 5 s, then 30 s and 300 s): a turn with time to spare is searched
    /// to its hard limit, so the reserve is what the process, the pipes and Wine have to answer
    /// in. A flat 80 ms gave moves of 4,934 ms of 5,000 under Wine; at least 2 % of the turn
    /// (100 ms at fastgame) is kept, up to 500 ms, and never more.
    #[test]
    fn gomocup_turns_keep_a_reserve_that_grows_with_the_turn() {
        let pos = Board::new(15, 15, Rule::Renju);
        let hard = |tc| ms(limits(&pos, &request(tc)).hard).unwrap();
        for turn in [5_000, 30_000, 300_000] {
            let reserve = turn - hard(TimeControl::per_move(turn));
            let least = (turn / 50).min(MAX_OVERHEAD_MS);
            assert!(
                (least..=MAX_OVERHEAD_MS).contains(&reserve),
                "{turn} ms turn keeps {reserve} ms"
            );
        }
        // Fastgame (5 s/turn, 120 s/game) from the first move: the clock is ample, the whole turn
        // less the reserve is searched.
        let mut fastgame = TimeControl::per_move(5_000);
        fastgame.time_left_ms = Some(120_000);
        let l = limits(&pos, &request(fastgame));
        assert_eq!((ms(l.soft), ms(l.hard)), (None, Some(4_850)));
        // No turn so long that the reserve overflows.
        assert_eq!(
            hard(TimeControl::per_move(u64::MAX)),
            u64::MAX - MAX_OVERHEAD_MS
        );
    }

    #[test]
    fn time_already_spent_comes_off_both_limits() {
        let pos = Board::new(15, 15, Rule::Renju);
        let mut req = request(TimeControl::per_move(1000));
        req.spent = Duration::from_millis(300);
        assert_eq!(ms(limits(&pos, &req).hard), Some(1000 - OVERHEAD_MS - 300));
        req.spent = Duration::from_millis(5000);
        assert_eq!(ms(limits(&pos, &req).hard), Some(1));
    }

    #[test]
    fn an_ample_match_clock_leaves_the_turn_whole() {
        let pos = Board::new(15, 15, Rule::Renju);
        let mut tc = TimeControl::per_move(1000);
        tc.time_left_ms = Some(20_000);
        let l = limits(&pos, &request(tc));
        assert_eq!((ms(l.soft), ms(l.hard)), (None, Some(1000 - OVERHEAD_MS)));
    }

    #[test]
    fn a_scarce_match_clock_is_shared_with_a_soft_limit() {
        let mut pos = Board::new(15, 15, Rule::Renju);
        for (x, y) in [(7, 7), (7, 8), (8, 8), (6, 6), (9, 9), (10, 10)] {
            pos.make(cell(x, y));
        }
        let mut tc = TimeControl::per_move(1000);
        tc.time_left_ms = Some(4_000);
        let l = limits(&pos, &request(tc));
        let (soft, hard) = (ms(l.soft).unwrap(), ms(l.hard).unwrap());
        assert!(soft < hard, "{soft} {hard}");
        assert!(soft <= 4_000 / 8 && hard <= 4_000 / 3, "{soft} {hard}");
        // Nothing left: a positive limit all the same.
        tc.time_left_ms = Some(-100);
        assert_eq!(ms(limits(&pos, &request(tc)).hard), Some(1));
    }

    #[test]
    fn no_clock_means_no_time_limit() {
        let pos = Board::new(15, 15, Rule::Renju);
        let l = limits(&pos, &request(TimeControl::unlimited()));
        assert!(l.soft.is_none() && l.hard.is_none());
    }
}
