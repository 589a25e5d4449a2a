//! A move from renju's own searcher (`renju::search`): one search per move that uses the move's
//! budget (turn cap, game clock, increment), with no threat passes before or after it: the
//! threats are searched inside the tree (quick results and the threat quiescence).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::engine::{moves_left, Choice, Request, OVERHEAD_MS};
use crate::games::renju::board::{cell, Board, Cell};
use crate::games::renju::position::Renju;
use crate::games::renju::search::{self as renju_search, SearchLimits};
use crate::search::{Report, RootEvent, Tt};

/// With only a turn cap (time not used is lost), the soft limit is this share of the turn; the
/// searcher scales it by the best move's stability (55 % to 160 %), the cap still bounds it.
const TURN_SOFT_PERCENT: u32 = 60;

/// The incremental board of a position.
pub fn board_of(pos: &Renju) -> Board {
    let stones: Vec<(Cell, u8)> = (0..pos.height())
        .flat_map(|y| (0..pos.width()).map(move |x| cell(x, y)))
        .filter(|&c| !pos.is_empty(c))
        .map(|c| (c, pos.cells()[c as usize] - 1))
        .collect();
    Board::from_stones(
        pos.width(),
        pos.height(),
        pos.rule(),
        &stones,
        pos.to_move(),
    )
}

/// The soft and hard limits of this move, counted from now.
fn limits(pos: &Renju, req: &Request) -> SearchLimits {
    let (soft, hard) = match req.time.budget(moves_left(pos), OVERHEAD_MS) {
        None => (None, None),
        Some(b) => {
            let hard = b
                .hard
                .saturating_sub(req.spent)
                .max(Duration::from_millis(1));
            let soft = if req.time.time_left_ms.is_none() {
                hard * TURN_SOFT_PERCENT / 100
            } else {
                b.soft.saturating_sub(req.spent)
            };
            (Some(soft.min(hard)), Some(hard))
        }
    };
    SearchLimits {
        depth: req.depth,
        nodes: req.nodes,
        soft,
        hard,
        threads: req.threads,
    }
}

/// The move for the side to move of `pos` (not over).
pub fn think(
    pos: &Renju,
    req: &Request,
    tt: &Tt,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&Report<Cell>),
    on_root: &mut dyn FnMut(RootEvent<Cell>),
) -> Option<Choice> {
    let start = Instant::now();
    let mut b = board_of(pos);
    let moves = renju_search::root_moves(&mut b);
    match moves.as_slice() {
        [] => return None,
        [only] => {
            return Some(Choice {
                best: *only,
                score: 0,
                depth: 0,
                nodes: 1,
                how: "forced",
                elapsed: start.elapsed() + req.spent,
            })
        }
        _ => {}
    }
    // A win the shapes prove (a five, an open four, a four-three...) is played at once, and
    // announced as the best move first, as the threat searches of the old path did.
    if let Some((m, score, by_fours)) = renju_search::win::winning_move(&mut b) {
        on_root(RootEvent::Leave {
            mv: m,
            depth: 0,
            score,
            new_best: true,
        });
        return Some(Choice {
            best: m,
            score,
            depth: 0,
            nodes: 1,
            how: if by_fours { "vcf" } else { "vct" },
            elapsed: start.elapsed() + req.spent,
        });
    }
    let r = renju_search::search(&b, &limits(pos, req), tt, stop, on_iteration, on_root);
    let best = r.best?;
    Some(Choice {
        best,
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        how: "search",
        elapsed: start.elapsed() + req.spent,
    })
}
