//! Choosing a move within the clock: nothing to think about when the game is over or one reply
//! is forced; a win the shapes prove is played at once; otherwise one search of renju's own
//! searcher (`renju::search`) with the move's budget (`clock`). The threats are searched inside
//! its tree (quick results and the threat quiescence), not in passes around it; with
//! `guard_percent` set, the chosen move is then checked against the opponent's threat sequences
//! (`guard`). The weak reference players (`--player random|greedy`) answer here too.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::clock::{self, Request};
use super::guard;
use crate::games::renju::board::{cell, xy, Board, Cell};
use crate::games::renju::search::params::params;
use crate::games::renju::search::{self as renju_search, win, SearchLimits};
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
    /// alone or with a three), "search", "guard" (searched again after the guard refuted the
    /// first choice), "random", "greedy", "any".
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
    let percent = params().guard_percent;
    if percent == 0 || (limits.hard.is_none() && limits.nodes.is_none()) {
        let r = renju_search::search(&b, &limits, tt, stop, on_iteration, on_root);
        let best = r.best.or_else(|| moves.first().copied())?;
        return Some(done(best, r.score, r.depth, r.nodes, "search"));
    }
    let budget = guard::Budget::new(&limits, percent, start);
    let (r, nodes, how) = guarded(
        &mut b,
        moves.clone(),
        &limits,
        &budget,
        tt,
        stop,
        on_iteration,
        on_root,
    );
    let best = r.best.or_else(|| moves.first().copied())?;
    Some(done(best, r.score, r.depth, nodes, how))
}

/// The search with the defender's guard (`guard`): the chosen move is checked and, when the
/// opponent then wins by threats, set aside and the other moves searched again, up to
/// `guard::ROUNDS` times, all within the move's limits. A proven result is played as it is (a
/// win needs no guard; a proven loss has no move the guard could save), and so is the last
/// move when every one is refuted. Returns the last search's report, the nodes of all
/// searches and how the move was found.
#[allow(clippy::too_many_arguments)]
fn guarded(
    b: &mut Board,
    mut moves: Vec<Cell>,
    limits: &SearchLimits,
    budget: &guard::Budget,
    tt: &Tt,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&Report<Cell>),
    on_root: &mut dyn FnMut(RootEvent<Cell>),
) -> (Report<Cell>, u64, &'static str) {
    let first = budget.first_search(limits);
    let mut r =
        renju_search::search_among(b, moves.clone(), &first, tt, stop, on_iteration, on_root);
    let mut nodes = r.nodes;
    let mut how = "search";
    for _ in 0..guard::ROUNDS {
        let Some(best) = r.best else { break };
        if r.proven() || stop.load(Ordering::Relaxed) {
            break;
        }
        let Some((deadline, check_nodes)) = budget.check(Instant::now(), nodes) else {
            break;
        };
        if !guard::refuted(b, best, deadline, check_nodes, stop) {
            break;
        }
        nodes += check_nodes.unwrap_or(0);
        log::debug!("guard: the opponent wins by threats after {:?}", xy(best));
        moves.retain(|&c| c != best);
        let Some((again, room)) = budget.search_again(limits, Instant::now(), nodes) else {
            break;
        };
        if moves.is_empty() {
            break;
        }
        let r2 =
            renju_search::search_among(b, moves.clone(), &again, tt, stop, on_iteration, on_root);
        if r2.best.is_none() {
            break;
        }
        nodes += r2.nodes;
        r = r2;
        how = "guard";
        if !room {
            break;
        }
    }
    (r, nodes, how)
}
