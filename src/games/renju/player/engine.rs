//! Choosing a move within the clock: a forced move at once; then, each within its share of the
//! move's time (`plan`), a VCF and a VCT for the side to move and a check of which moves stop
//! the opponent's VCF or VCT; then the core's Lazy SMP search over the surviving moves (with
//! VCF probes at its inner nodes) until only the reserve of the last step is left; last, a
//! check that the chosen move does not allow the opponent a win by threats (else the first
//! candidate that does not).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::plan::Plan;
use crate::games::renju::board::{cell, Cell};
use crate::games::renju::game::Game;
use crate::games::renju::position::Renju;
use crate::games::renju::threats::vcf::Vcf;
use crate::games::renju::threats::vct::Vct;
use crate::player::{PlayerKind, Reference};
use crate::search::{self, Limits, Position, Report, RootEvent, Score, TimeControl, Tt};

/// Milliseconds kept back per move for pipe latency, process scheduling on a loaded machine and
/// the Gomocup referee's suspend/resume of the engine between moves.
pub const OVERHEAD_MS: u64 = 80;

/// The deepest root VCT, in attacker moves.
const ROOT_VCT_DEPTH: u32 = 8;
/// With `INFO max_depth` or `max_node` (Yixin-Board's levels, which also give hours per move)
/// the threat searches before the main search get at most this long each, and at most
/// `max_node` nodes: the limits bound the whole move, not only the main search.
const LIMITED_THREAT_MS: u64 = 1_000;

/// Moves come from renju's own searcher (`player::rebuilt`) rather than the threat passes
/// around the generic search below.
pub const REBUILT: bool = true;

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

impl Request {
    /// The search limits for one search of `pos` within `time` (the overhead is already taken
    /// off the budget `time` comes from).
    pub(super) fn limits(&self, pos: &Renju, time: TimeControl) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time,
            moves_left: moves_left(pos),
            overhead_ms: 0,
            threads: self.threads,
        }
    }
}

/// The answer of `think`.
#[derive(Clone, Debug)]
pub struct Choice {
    pub best: Cell,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    /// How the move was found: "forced", "vcf", "vct", "search", "checked" (the search's move
    /// allowed a win by threats), "random", "greedy", "any".
    pub how: &'static str,
    pub elapsed: Duration,
}

/// The moves a game of this size is still expected to last for the side to move (spreads a
/// match clock over the game).
pub(super) fn moves_left(pos: &Renju) -> u32 {
    let played = pos.stones() as u32 / 2;
    40u32.saturating_sub(played).max(12)
}

/// Any legal cell (the game is over or nothing else is possible: a reply beats a forfeit).
pub fn any_legal(pos: &Renju) -> Option<Cell> {
    (0..pos.height())
        .flat_map(|y| (0..pos.width()).map(move |x| cell(x, y)))
        .find(|&c| pos.is_legal(c))
        .or_else(|| {
            (0..pos.height())
                .flat_map(|y| (0..pos.width()).map(move |x| cell(x, y)))
                .find(|&c| pos.is_empty(c))
        })
}

/// The move for the side to move of `pos`. `on_iteration` sees each completed search iteration,
/// `on_root` each root move the main search thread enters and leaves (and a move the root
/// threat search proves, as a new best).
pub fn think(
    pos: &Renju,
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
    if pos.outcome().is_some() {
        // Lost (or over): block one of the opponent's five points if possible, else anything.
        let block = pos
            .five_points(1 - pos.to_move())
            .into_iter()
            .find(|&c| pos.is_legal(c));
        return block
            .or_else(|| any_legal(pos))
            .map(|c| done(c, 0, 0, 0, "any"));
    }
    match player.kind {
        PlayerKind::Engine if REBUILT => {
            return super::rebuilt::think(pos, req, tt, stop, on_iteration, on_root)
                .or_else(|| any_legal(pos).map(|c| done(c, 0, 0, 0, "any")));
        }
        PlayerKind::Engine => {}
        PlayerKind::Random => return player.choose(pos).map(|c| done(c, 0, 0, 0, "random")),
        PlayerKind::Greedy => return player.choose(pos).map(|c| done(c, 0, 0, 0, "greedy")),
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    match moves.as_slice() {
        [] => return any_legal(pos).map(|c| done(c, 0, 0, 0, "any")),
        [only] => return Some(done(*only, 0, 0, 1, "forced")),
        _ => {}
    }
    let plan = Plan::new(pos, req);
    let threat_nodes = req.nodes.unwrap_or(u64::MAX);
    // Without a clock each threat step gets a few seconds; with depth or node limits
    // (Yixin-Board's levels, which also give hours per move) at most `LIMITED_THREAT_MS`.
    let cap = |deadline: Option<Instant>, unclocked_ms: u64| {
        let mut d =
            deadline.unwrap_or_else(|| Instant::now() + Duration::from_millis(unclocked_ms));
        if req.nodes.is_some() || req.depth.is_some() {
            d = d.min(Instant::now() + Duration::from_millis(LIMITED_THREAT_MS));
        }
        d
    };
    let mut vcf = Vcf::new(threat_nodes, Some(cap(plan.root_vcf(), 2_000))).with_stop(stop);
    if let Some(line) = vcf.solve(pos) {
        announce_win(on_root, line[0]);
        return Some(done(
            line[0],
            search::WIN - line.len() as Score,
            0,
            vcf.nodes(),
            "vcf",
        ));
    }
    let mut vct =
        Vct::new(Some(cap(plan.root_vct(), 2_500)), Some(stop)).with_node_limit(threat_nodes);
    if let Some(m) = vct.solve(pos, ROOT_VCT_DEPTH) {
        announce_win(on_root, m);
        return Some(done(m, search::WIN - 100, 0, vct.nodes(), "vct"));
    }
    log::debug!("root threat searches: {} ms", plan.elapsed().as_millis());
    // Defence: if the opponent, were it to move now, would win by fours, search only the moves
    // after which it no longer does (as far as the time for this check allows).
    let mut root = pos.clone();
    if let Some(keep) = defences_against_vcf(pos, cap(plan.defence(), 2_000), stop) {
        log::info!("opponent threatens a VCF: {} defences", keep.len());
        root.restrict_to(keep);
    } else if let Some(keep) =
        defences_against_vct(pos, &moves, cap(plan.defence(), 2_000), stop, threat_nodes)
    {
        log::info!("opponent threatens a VCT: {} defences", keep.len());
        root.restrict_to(keep);
    }
    log::debug!("defence checks: {} ms", plan.elapsed().as_millis());
    // The rest of the clock goes to the search, less the reserve of the check that follows.
    let limits = req.limits(pos, plan.search_time());
    let r = search::search_observed(&root, &limits, tt, stop, on_iteration, on_root);
    let mut best = r.best.or_else(|| moves.first().copied())?;
    let mut how = "search";
    log::debug!(
        "search: depth {} in {} ms (move {} ms)",
        r.depth,
        r.elapsed.as_millis(),
        plan.elapsed().as_millis()
    );
    if !search::is_proven(r.score) {
        let deadline = cap(plan.check(), 1_000);
        let mut candidates = Vec::new();
        root.generate(&mut candidates);
        if let Some(safe) = safer_move(pos, best, &candidates, CHECK_VCT_DEPTH, deadline, stop) {
            log::info!(
                "{} allows a win by threats: {} instead",
                Game::format(best),
                Game::format(safe)
            );
            best = safe;
            how = "checked";
        }
    }
    Some(done(best, r.score, r.depth, r.nodes, how))
}

/// The depth of `safer_move`'s VCT checks in attacker moves. Against the greedy player in freestyle 20x20 at 1 s/move (Black's first
/// moves are strong there) the check took the score from 93-7 to 99-1 at depth 5 and 96-4 at
/// depth 3 (100 games each).
const CHECK_VCT_DEPTH: u32 = 6;
/// VCF budget of each check of `safer_move`.
const CHECK_VCF_NODES: u64 = 2_000;

/// True if after `m` the opponent wins by fours, or by threats within `depth` attacker moves.
fn refuted(pos: &Renju, m: Cell, depth: u32, deadline: Instant, stop: &AtomicBool) -> bool {
    let mut child = pos.clone();
    child.play(m);
    if child.outcome().is_some() {
        return false;
    }
    Vcf::new(CHECK_VCF_NODES, Some(deadline))
        .with_stop(stop)
        .solve(&child)
        .is_some()
        || Vct::new(Some(deadline), Some(stop))
            .solve(&child, depth)
            .is_some()
}

/// When the search's `best` lets the opponent win by threats, the first of `candidates` (in
/// move-generation order, best-looking first) that does not, as far as the checks reach
/// before `deadline`.
fn safer_move(
    pos: &Renju,
    best: Cell,
    candidates: &[Cell],
    depth: u32,
    deadline: Instant,
    stop: &AtomicBool,
) -> Option<Cell> {
    if !refuted(pos, best, depth, deadline, stop) {
        return None;
    }
    for &c in candidates.iter().filter(|&&c| c != best) {
        if Instant::now() >= deadline {
            return None;
        }
        if !refuted(pos, c, depth, deadline, stop) && Instant::now() < deadline {
            return Some(c);
        }
    }
    None
}

/// Tells `on_root` that the threat search proved `m` a win (a new best, with a winning score).
fn announce_win(on_root: &mut dyn FnMut(RootEvent<Cell>), m: Cell) {
    on_root(RootEvent::Leave {
        mv: m,
        depth: 0,
        score: search::WIN - 1,
        new_best: true,
    });
}

/// Node budget of each VCF check of one candidate defence.
const DEFENCE_VCF_NODES: u64 = 400;

/// When the opponent of the side to move would have a VCF if it could move now, the legal moves
/// after which it has none (unchecked ones, past the deadline, are kept). `None` when there is
/// no such threat or no move answers it (then the search chooses among all).
fn defences_against_vcf(pos: &Renju, deadline: Instant, stop: &AtomicBool) -> Option<Vec<Cell>> {
    let me = pos.to_move();
    if pos.has_five_point(1 - me) || pos.has_five_point(me) || !pos.has_four_point(1 - me) {
        return None;
    }
    let mut null = pos.clone();
    null.set_to_move(1 - me);
    Vcf::new(DEFENCE_VCF_NODES * 10, Some(deadline))
        .with_stop(stop)
        .solve(&null)?;
    let mut keep = Vec::new();
    for c in pos.region().filter(|&c| pos.is_legal(c)) {
        if Instant::now() >= deadline || stop.load(std::sync::atomic::Ordering::Relaxed) {
            keep.push(c);
            continue;
        }
        let mut child = pos.clone();
        child.play(c);
        let mut vcf = Vcf::new(DEFENCE_VCF_NODES, Some(deadline)).with_stop(stop);
        if vcf.solve(&child).is_none() {
            keep.push(c);
        }
    }
    (!keep.is_empty()).then_some(keep)
}

/// Attacker moves of the VCT probes that look for the opponent's threats.
const DEFENCE_VCT_DEPTH: u32 = 4;

/// Like `defences_against_vcf` for a win by threes and fours, among the generated `moves`
/// only (a VCT check is too costly for every cell): `None` when the opponent has no VCT, or
/// when no move (or every move) stops it as far as the checks could tell.
fn defences_against_vct(
    pos: &Renju,
    moves: &[Cell],
    deadline: Instant,
    stop: &AtomicBool,
    max_nodes: u64,
) -> Option<Vec<Cell>> {
    let me = pos.to_move();
    if pos.has_five_point(1 - me) || pos.has_five_point(me) {
        return None;
    }
    let mut null = pos.clone();
    null.set_to_move(1 - me);
    Vct::new(Some(deadline), Some(stop))
        .with_node_limit(max_nodes)
        .solve(&null, DEFENCE_VCT_DEPTH)?;
    let mut keep = Vec::new();
    for &c in moves {
        let mut child = pos.clone();
        child.play(c);
        let mut vct = Vct::new(Some(deadline), Some(stop)).with_node_limit(max_nodes);
        if vct.solve(&child, DEFENCE_VCT_DEPTH).is_none() {
            keep.push(c);
        }
    }
    (!keep.is_empty() && keep.len() < moves.len()).then_some(keep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::Rule;

    #[test]
    fn a_move_that_ignores_an_open_three_is_replaced_by_a_block() {
        // Freestyle 15x15: Black's open three on row 7, White to move.
        let mut p = Renju::new(15, 15, Rule::Freestyle);
        for (x, y) in [(5, 7), (0, 14), (6, 7), (14, 0), (7, 7)] {
            p.play(cell(x, y));
        }
        let stop = AtomicBool::new(false);
        let deadline = Instant::now() + Duration::from_secs(20);
        let far = cell(0, 0);
        assert!(refuted(&p, far, CHECK_VCT_DEPTH, deadline, &stop));
        let mut candidates = Vec::new();
        p.generate(&mut candidates);
        candidates.push(far);
        let safe = safer_move(&p, far, &candidates, CHECK_VCT_DEPTH, deadline, &stop)
            .expect("a block holds");
        assert!(
            [cell(3, 7), cell(4, 7), cell(8, 7), cell(9, 7)].contains(&safe),
            "{}",
            Game::format(safe)
        );
        // A move that holds is kept.
        assert_eq!(
            safer_move(
                &p,
                cell(4, 7),
                &candidates,
                CHECK_VCT_DEPTH,
                deadline,
                &stop
            ),
            None
        );
    }
}
