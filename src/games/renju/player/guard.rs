//! The defender's guard: before the searcher's move is played, a proof-number search of the
//! threats (`threats::dfpn`) asks whether the opponent then wins by threes and fours; a move it
//! refutes is set aside and the other root moves are searched again.
//!
//! Why: judged move by move by Rapfi (`tournaments/results/renju-20-judge`), Sente's losing
//! moves against Rapfi are a defender's: it plays a move after which the attacker wins by a
//! sequence of threats 11-45 plies long, beyond the searcher's 11-13 plies at 1 s a move. Such a
//! sequence is narrow (the defender's replies to a three are its two or three stopping cells),
//! so df-pn proves many of them in milliseconds where the searcher would need ten more plies.
//! A proof is exact (it never refutes a move that does not lose), so the guard can only cost
//! time: the first search leaves `guard_percent` of the move's budget for the check, and a
//! search again after a refutation takes what is left of the move, never more.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::games::renju::board::{Board, Cell};
use crate::games::renju::search::SearchLimits;
use crate::games::renju::threats::dfpn::Dfpn;

/// Searcher nodes one df-pn node is worth, for a node-limited move (`INFO max_node`): a df-pn
/// node generates and tries its threats or defences, and its VCF probes count their own nodes,
/// so that it runs at about a quarter of the searcher's nodes per second.
pub const DFPN_NODE_COST: u64 = 4;

/// At most this many moves are checked (and set aside) per move played.
pub const ROUNDS: usize = 2;

/// One move's budget as the guard spends it: a share of it per check, never past the move's
/// hard limit or node limit.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// When the move's hard limit runs out, and its node limit.
    end: Option<Instant>,
    nodes: Option<u64>,
    /// One check's share: `percent` of the soft limit where there is one (a move of a game
    /// clock rarely runs to its hard limit), else of the hard limit; of the node limit.
    time: Option<Duration>,
    share_nodes: Option<u64>,
}

impl Budget {
    pub fn new(limits: &SearchLimits, percent: u32, begin: Instant) -> Budget {
        Budget {
            end: limits.hard.map(|h| begin + h),
            nodes: limits.nodes,
            time: limits.soft.or(limits.hard).map(|t| t * percent / 100),
            share_nodes: limits.nodes.map(|n| n * u64::from(percent) / 100),
        }
    }

    /// The first search's limits: the move's, less one share for the check that follows.
    pub fn first_search(&self, limits: &SearchLimits) -> SearchLimits {
        let less = |d: Duration| {
            d.saturating_sub(self.time.unwrap_or_default())
                .max(Duration::from_millis(1))
        };
        SearchLimits {
            soft: limits.soft.map(less),
            hard: limits.hard.map(less),
            nodes: limits
                .nodes
                .map(|n| n.saturating_sub(self.share_nodes.unwrap_or(0)).max(1)),
            ..*limits
        }
    }

    /// A check's limits at `now` with `spent` nodes searched so far: one share, cut to what is
    /// left of the move; `None` when nothing is.
    pub fn check(&self, now: Instant, spent: u64) -> Option<(Option<Instant>, Option<u64>)> {
        let deadline = match (self.time, self.end) {
            (Some(t), Some(end)) => Some((now + t).min(end)),
            (Some(t), None) => Some(now + t),
            (None, end) => end,
        };
        let nodes = self
            .nodes
            .map(|n| self.share_nodes.unwrap_or(n).min(n.saturating_sub(spent)));
        let nothing_left =
            deadline.is_some_and(|d| d <= now + Duration::from_millis(1)) || nodes == Some(0);
        (!nothing_left).then_some((deadline, nodes))
    }

    /// The limits of a search again at `now` with `spent` nodes searched so far: what is left
    /// of the move, less one share for its own check when more than two shares are left;
    /// `None` when nothing is, and whether a check may follow.
    pub fn search_again(
        &self,
        limits: &SearchLimits,
        now: Instant,
        spent: u64,
    ) -> Option<(SearchLimits, bool)> {
        let left = self.end.map(|end| end.saturating_duration_since(now));
        let nodes_left = self.nodes.map(|n| n.saturating_sub(spent));
        if left.is_some_and(|l| l < Duration::from_millis(2)) || nodes_left == Some(0) {
            return None;
        }
        let share = self.time.unwrap_or_default();
        let share_nodes = self.share_nodes.unwrap_or(0);
        let room =
            left.is_none_or(|l| l > share * 2) && nodes_left.is_none_or(|n| n > share_nodes * 2);
        let keep = |d: Duration| if room { d - share } else { d };
        let again = SearchLimits {
            soft: None,
            hard: left.map(keep),
            nodes: nodes_left.map(|n| if room { n - share_nodes } else { n }),
            ..*limits
        };
        Some((again, room))
    }
}

/// Does the opponent win by threats after our move `m`, proven before `deadline` and within
/// `nodes` searcher nodes' worth? `b` is left as it was.
pub fn refuted(
    b: &mut Board,
    m: Cell,
    deadline: Option<Instant>,
    nodes: Option<u64>,
    stop: &AtomicBool,
) -> bool {
    if !b.is_legal(m) {
        return false;
    }
    b.make(m);
    let mut dfpn = Dfpn::new(deadline, Some(stop));
    if let Some(n) = nodes {
        dfpn = dfpn.with_node_limit((n / DFPN_NODE_COST).max(1));
    }
    let lost = b.winner().is_none() && dfpn.solve(b).is_some();
    b.undo();
    lost
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::{cell, Rule};

    fn limits(soft: Option<u64>, hard: Option<u64>, nodes: Option<u64>) -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes,
            soft: soft.map(Duration::from_millis),
            hard: hard.map(Duration::from_millis),
            threads: 1,
        }
    }

    #[test]
    fn the_checks_and_a_search_again_fit_in_the_move() {
        let begin = Instant::now();
        let ms = Duration::from_millis;
        let l = limits(None, Some(1000), None);
        let budget = Budget::new(&l, 10, begin);
        assert_eq!(budget.first_search(&l).hard, Some(ms(900)));
        // A check takes one share, never past the move's end.
        let (deadline, _) = budget.check(begin + ms(900), 0).unwrap();
        assert_eq!(deadline, Some(begin + ms(1000)));
        let (deadline, _) = budget.check(begin + ms(500), 0).unwrap();
        assert_eq!(deadline, Some(begin + ms(600)));
        assert!(budget.check(begin + ms(1000), 0).is_none());
        // A search again keeps a share for its own check when two are left, else takes the
        // rest without one, and there is none at the end.
        let (again, check) = budget.search_again(&l, begin + ms(500), 0).unwrap();
        assert_eq!((again.hard, check), (Some(ms(400)), true));
        let (again, check) = budget.search_again(&l, begin + ms(850), 0).unwrap();
        assert_eq!((again.hard, check), (Some(ms(150)), false));
        assert!(budget.search_again(&l, begin + ms(1000), 0).is_none());
        // A game clock's soft limit sets the share; node limits share the same way.
        let l = limits(Some(300), Some(900), Some(100_000));
        let budget = Budget::new(&l, 10, begin);
        let first = budget.first_search(&l);
        assert_eq!((first.soft, first.nodes), (Some(ms(270)), Some(90_000)));
        assert_eq!(budget.check(begin, 95_000).unwrap().1, Some(5_000));
        let (again, _) = budget.search_again(&l, begin, 95_000).unwrap();
        assert_eq!(again.nodes, Some(5_000));
    }

    #[test]
    fn a_move_that_leaves_an_open_three_unanswered_is_refuted() {
        // Black has an open three on row 7; White to move. Blocking it is safe, a move far
        // away lets Black make an open four.
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (x, y) in [(5, 7), (7, 0), (6, 7), (14, 14), (7, 7)] {
            b.make(cell(x, y));
        }
        let stop = AtomicBool::new(false);
        let nodes = Some(1_000_000);
        let before = b.hash();
        assert!(refuted(&mut b, cell(0, 14), None, nodes, &stop));
        assert!(!refuted(&mut b, cell(8, 7), None, nodes, &stop));
        assert!(!refuted(&mut b, cell(4, 7), None, nodes, &stop));
        assert_eq!(b.hash(), before);
    }
}
