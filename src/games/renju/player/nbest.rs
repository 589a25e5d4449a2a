//! `YXNBEST n`: the n best moves of a position (multi-PV), found one at a time: search the
//! candidate moves, set the best aside, search the rest for the next, and so on, each search
//! with its share of the move's time. Yixin-Board asks for it and shows the moves in its log.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::clock::{self, Request};
use crate::games::renju::board::{Board, Cell};
use crate::games::renju::search::{root_moves, search_among};
use crate::games::renju::threats::{lost, over, vcf::Vcf};
use crate::search::{RootEvent, Score, Tt, WIN};

/// The least time a search for one of the moves gets.
const MIN_SHARE: std::time::Duration = std::time::Duration::from_millis(1);

/// One of the n best moves, with what its search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    pub mv: Cell,
    /// From the point of view of the side to move.
    pub score: Score,
    pub depth: u32,
    pub pv: Vec<Cell>,
}

/// Up to `n` best moves of `board`, best first (fewer when fewer moves are worth searching: a
/// forced reply is the only one). `on_root` sees the root moves of the first search (the one
/// for the best move); `on_ranked` each move as soon as it is ranked. A stop (`YXSTOP`) ends
/// the list with the moves ranked so far (at least the first).
pub fn nbest(
    board: &Board,
    n: usize,
    req: &Request,
    tt: &Tt,
    stop: &AtomicBool,
    on_root: &mut dyn FnMut(RootEvent<Cell>),
    on_ranked: &mut dyn FnMut(&[Ranked]),
) -> Vec<Ranked> {
    let start = Instant::now();
    let mut ranked: Vec<Ranked> = Vec::new();
    let mut b = board.clone();
    if over(&b) || lost(&mut b) || n == 0 {
        return ranked;
    }
    let candidates = root_moves(&mut b);
    let n = n.min(candidates.len());
    // The move's limits, from when its command arrived; each search gets a share of them.
    let whole = clock::limits(&b, req);
    // A win by fours comes first: the search may not reach its end.
    if let Some(line) = Vcf::new(20_000, None).with_stop(stop).solve(&mut b) {
        if candidates.contains(&line[0]) {
            ranked.push(Ranked {
                mv: line[0],
                score: WIN - line.len() as Score,
                depth: line.len() as u32,
                pv: line,
            });
            on_ranked(&ranked);
        }
    }
    let mut no_root = |_: RootEvent<Cell>| {};
    while ranked.len() < n {
        let k = ranked.len();
        if k > 0 && stop.load(Ordering::Relaxed) {
            break;
        }
        let rest: Vec<Cell> = candidates
            .iter()
            .copied()
            .filter(|c| ranked.iter().all(|r| r.mv != *c))
            .collect();
        // Each remaining move gets an equal share of what is left of the move's time (the
        // limits already count the time spent before `start`).
        let mut limits = whole;
        let used = start.elapsed();
        let left = (n - k) as u32;
        let share = |d: std::time::Duration| (d.saturating_sub(used) / left).max(MIN_SHARE);
        limits.hard = whole.hard.map(share);
        limits.soft = whole.soft.map(share);
        let observe: &mut dyn FnMut(RootEvent<Cell>) =
            if k == 0 { &mut *on_root } else { &mut no_root };
        let r = search_among(&b, rest.clone(), &limits, tt, stop, &mut |_| {}, observe);
        let Some(mv) = r
            .best
            .filter(|m| rest.contains(m))
            .or(rest.first().copied())
        else {
            break;
        };
        let pv = if r.pv.first() == Some(&mv) {
            r.pv
        } else {
            vec![mv]
        };
        ranked.push(Ranked {
            mv,
            score: r.score,
            depth: r.depth,
            pv,
        });
        // Later searches may score a move above an earlier one (more time, a different tree):
        // the list stays ordered by score, best first.
        ranked.sort_by_key(|r| -r.score);
        on_ranked(&ranked);
    }
    ranked
}
