//! Choosing a move within the clock: nothing to think about when the game is over or one reply
//! is forced; a win the shapes prove is played at once; otherwise one search of renju's own
//! searcher (`renju::search`) with the move's budget (`clock`). The threats are searched inside
//! its tree (quick results and the threat quiescence), not in passes around it. The weak
//! reference players (`--player random|greedy`) answer here too.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::clock::{self, Request};
use crate::games::renju::board::{cell, Board, Cell};
use crate::games::renju::search::{self as renju_search, win};
use crate::games::renju::threats::{five_points, lost, over};
use crate::reference_players::{PlayerKind, Reference};
use crate::search::{Report, RootEvent, Score, Tt};

/// The answer of `think`.
#[derive(Clone, Debug)]
pub struct Choice {
    pub best: Cell,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    /// How the move was found: "forced", "vcf" or "vct" (a win the shapes prove, by fours
    /// alone or with a three), "search", "random", "greedy", "any".
    pub how: &'static str,
    pub elapsed: Duration,
}

/// Any legal cell (the game is over or nothing else is possible: a reply beats a forfeit).
pub fn any_legal(b: &mut Board) -> Option<Cell> {
    let cells: Vec<Cell> = (0..b.height())
        .flat_map(|y| (0..b.width()).map(move |x| cell(x, y)))
        .collect();
    cells
        .iter()
        .copied()
        .find(|&c| b.is_legal(c))
        .or_else(|| cells.iter().copied().find(|&c| b.is_empty(c)))
}

/// The move for the side to move of `board`. `on_iteration` sees each completed search
/// iteration, `on_root` each root move the main search thread enters and leaves (and a win the
/// shapes prove, as a new best).
pub fn think(
    board: &Board,
    req: &Request,
    tt: &Tt,
    stop: &AtomicBool,
    player: &mut Reference,
    on_iteration: &mut dyn FnMut(&Report<Cell>),
    on_root: &mut dyn FnMut(RootEvent<Cell>),
) -> Option<Choice> {
    let start = Instant::now();
    let done = |best: Cell, score: Score, depth: u32, nodes: u64, how: &'static str| Choice {
        best,
        score,
        depth,
        nodes,
        how,
        elapsed: start.elapsed() + req.spent,
    };
    let mut b = board.clone();
    if over(&b) || lost(&mut b) {
        // Lost (or over): block one of the opponent's five points if possible, else anything.
        let me = b.to_move();
        let block = five_points(&b, 1 - me)
            .into_iter()
            .find(|&c| !b.is_forbidden(c, me));
        return block
            .or_else(|| any_legal(&mut b))
            .map(|c| done(c, 0, 0, 0, "any"));
    }
    match player.kind {
        PlayerKind::Engine => {}
        PlayerKind::Random => return player.choose(&b).map(|c| done(c, 0, 0, 0, "random")),
        PlayerKind::Greedy => return player.choose(&b).map(|c| done(c, 0, 0, 0, "greedy")),
    }
    let moves = renju_search::root_moves(&mut b);
    match moves.as_slice() {
        [] => return any_legal(&mut b).map(|c| done(c, 0, 0, 0, "any")),
        [only] => return Some(done(*only, 0, 0, 1, "forced")),
        _ => {}
    }
    // A win the shapes prove (a five, an open four, a four-three...) is played at once, and
    // announced as the best move first.
    if let Some((m, score, by_fours)) = win::winning_move(&mut b) {
        on_root(RootEvent::Leave {
            mv: m,
            depth: 0,
            score,
            new_best: true,
        });
        return Some(done(m, score, 0, 1, if by_fours { "vcf" } else { "vct" }));
    }
    let limits = clock::limits(&b, req);
    let r = renju_search::search(&b, &limits, tt, stop, on_iteration, on_root);
    let best = r.best.or_else(|| moves.first().copied())?;
    Some(done(best, r.score, r.depth, r.nodes, "search"))
}
