//! `genmove` with the Monte-Carlo player: a slice of the move for the exact solver once the
//! board is small enough (`root_solver`), then the tree search for the rest of the move's time.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use parking_lot::Mutex;

use super::mcts::{self, Outcome, Settings, NODE_BYTES};
use super::root_solver::{self, RootSolver};
use super::tree::Tree;
use crate::games::hex::board::Cells;
use crate::games::hex::board::{Board, BLACK, WHITE};
use crate::games::hex::position::Hex;
use crate::games::hex::solver::Verdict;
use crate::protocol::output::Output;
use crate::search::Limits;

/// Share of the move the solver's slice may take before the tree search.
const SOLVER_SHARE: u32 = 4;

/// How long the tree search runs: all of a move's time but a margin. Unlike iterative
/// deepening there is no next iteration to stop short of, so the soft limit, which the
/// alpha-beta search needs, is stretched to 95% of the hard one (the issue asks for 80% of
/// the move at least; the margin covers the last playouts, the threads' join and the answer).
pub fn search_time(limits: &Limits) -> Option<Duration> {
    let b = limits.time.budget(limits.moves_left, limits.overhead_ms)?;
    Some((b.soft * 8 / 5).min(b.hard * 19 / 20))
}

/// Past this share of its nodes in use, the tree is cleared before a search rather than
/// reused: a nearly full tree would stop growing where the new search needs it (at 2 s/move
/// on 9×9 a 64 MB tree reached it every fifth move; see `DEFAULT_TREE_MB`); compacting it to
/// the subtree of the moves played instead (`Tree::compact`) lost 31-37 in self-play at 300
/// ms/move with an 8 MB tree (the same fill per move), SPRT H0
/// (tournaments/results/hex-learn-selfplay/sp-compact/).
const REUSE_MAX_FILL: f64 = 0.5;

/// The Monte-Carlo tree's memory when `--hash` does not set it. A 2 s move on 9×9 adds some
/// 250,000–400,000 nodes (28 bytes each when measured, 32 now), and a tree kept from move to
/// move starts the next search with 20,000–125,000 of its playouts already at the root, as
/// many as the move itself adds; a 64 MB tree passed `REUSE_MAX_FILL` every fifth move and lost them. MoHex 2.0 keeps
/// its subtree on up to 2 GB; 256 MB keeps ours for about twenty moves on 9×9.
pub const DEFAULT_TREE_MB: usize = 256;

/// The tree, made on first use with `hash_mb` of memory and kept for the session's next moves:
/// when the new position follows the last one searched by our move and the opponent's, the
/// search goes on from that grandchild.
pub struct SharedTree {
    tree: Mutex<Option<(Tree, Board, u8)>>,
    hash_mb: usize,
    /// The solver's table between moves.
    solver: RootSolver,
}

/// The moves that lead from `old` (with `to_move` to play) to `new`, in playing order, if
/// `new` is `old` plus one stone of `to_move` or that and one of the opponent.
fn moves_between(old: &Board, to_move: u8, new: &Board) -> Option<Vec<u16>> {
    if (old.width(), old.height()) != (new.width(), new.height()) {
        return None;
    }
    let added = |c: u8| new.stones(c).minus(old.stones(c));
    let removed = |c: u8| old.stones(c).minus(new.stones(c));
    if !removed(BLACK).is_empty() || !removed(WHITE).is_empty() {
        return None;
    }
    let (mine, theirs) = (added(to_move), added(1 - to_move));
    match (mine.len(), theirs.len()) {
        (1, 0) => Some(vec![mine.first()? as u16]),
        (1, 1) => Some(vec![mine.first()? as u16, theirs.first()? as u16]),
        _ => None,
    }
}

impl SharedTree {
    pub fn new(hash_mb: usize) -> SharedTree {
        SharedTree {
            tree: Mutex::new(None),
            hash_mb,
            solver: RootSolver::new(),
        }
    }

    /// Runs one search on the tree (searches are never concurrent: a session thinks once).
    pub fn search(
        &self,
        pos: &Hex,
        settings: &Settings,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Outcome),
    ) -> Outcome {
        self.search_avoiding(pos, settings, &Cells::EMPTY, stop, progress)
    }

    /// `search`, with the root's moves in `losing` (proved losing by the solver) marked lost
    /// in the tree before the first playout.
    pub fn search_avoiding(
        &self,
        pos: &Hex,
        settings: &Settings,
        losing: &Cells,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Outcome),
    ) -> Outcome {
        let mut guard = self.tree.lock();
        let (tree, board, to_move) = guard.get_or_insert_with(|| {
            let tree = Tree::new((self.hash_mb << 20) / NODE_BYTES);
            (tree, *pos.board(), pos.to_move())
        });
        let same = board == pos.board() && *to_move == pos.to_move();
        let reused = tree.fill() <= REUSE_MAX_FILL
            && (same
                || moves_between(board, *to_move, pos.board()).is_some_and(|m| tree.descend(&m)));
        if !reused {
            tree.clear();
        }
        log::debug!(
            "mcts: tree reused: {reused}, {} visits at the root",
            tree.root().visits()
        );
        (*board, *to_move) = (*pos.board(), pos.to_move());
        mcts::search_avoiding(
            pos.board(),
            pos.to_move(),
            tree,
            settings,
            losing,
            stop,
            progress,
        )
    }
}

/// The Monte-Carlo player's move for the side to move of `pos`.
pub fn think(
    pos: &Hex,
    limits: &Limits,
    tree: &SharedTree,
    seed: u64,
    stop: &AtomicBool,
    out: Option<Output>,
    allow_resign: bool,
) -> String {
    let board = *pos.board();
    let started = Instant::now();
    // A fixed number of playouts replaces the clock, so that the move is the same work
    // whatever the load: no timed solver slice either.
    let time = match limits.nodes {
        Some(_) => None,
        None => search_time(limits),
    };
    let mut losing = Cells::EMPTY;
    if root_solver::worth_solving(&board, time.is_some()) {
        let deadline = time.map(|t| started + t / SOLVER_SHARE);
        let found = tree.solver.solve(pos, stop, deadline);
        match found.verdict {
            Verdict::Win(Some(c)) => return board.cell_name(c),
            Verdict::Loss if allow_resign => return "resign".into(),
            _ => {}
        }
        losing = found.losing;
    }
    let settings = Settings {
        threads: limits.threads,
        time: time.map(|t| t.saturating_sub(started.elapsed())),
        playouts: limits.nodes,
        seed,
    };
    let to_move = pos.to_move();
    let mut live = |o: &Outcome| {
        if let Some(out) = &out {
            out.write_raw(&gfx(pos, to_move, o));
        }
    };
    let o = tree.search_avoiding(pos, &settings, &losing, stop, &mut live);
    log::info!(
        "genmove (mcts): best {:?} mean {:.3} playouts {} ({:.0}/s) tree {} nodes, proven {:?}",
        o.best.map(|c| board.cell_name(c)),
        o.mean,
        o.playouts,
        o.playouts as f64 / o.elapsed.as_secs_f64().max(1e-3),
        o.tree_nodes,
        o.proven
    );
    if allow_resign && o.proven == Some(false) {
        return "resign".into();
    }
    match root_solver::avoiding_losses(&o, &losing) {
        Some(c) => board.cell_name(c),
        // Lost (no move was worth expanding): any cell.
        None => board
            .empty_cells()
            .first()
            .map(|c| board.cell_name(c))
            .unwrap_or_else(|| "resign".into()),
    }
}

/// A `gogui-gfx:` block: the principal line, the visits of the root's moves as labels, and a
/// status line.
fn gfx(pos: &Hex, to_move: u8, o: &Outcome) -> String {
    let board = pos.board();
    let mut var = String::new();
    let mut colour = to_move;
    for &c in &o.pv {
        let side = if colour == BLACK { "B" } else { "W" };
        var.push_str(&format!(" {side} {}", board.cell_name(c)));
        colour = 1 - colour;
    }
    let labels: String = o
        .moves
        .iter()
        .take(10)
        .map(|m| format!(" {} {}", board.cell_name(m.cell), m.visits))
        .collect();
    format!(
        "gogui-gfx:\nVAR{var}\nLABEL{labels}\nTEXT mcts playouts {} mean {:.3} time {:.1}s\n\n",
        o.playouts,
        o.mean,
        o.elapsed.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::player::tree::MOVER_LOSES;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn the_search_takes_most_of_a_fixed_move_time() {
        let limits = Limits {
            time: crate::search::TimeControl::per_move(2000),
            ..Limits::default()
        };
        let t = search_time(&limits).unwrap();
        let hard = 2000 - limits.overhead_ms;
        assert!(t >= Duration::from_millis(1800), "{t:?}");
        assert!(t < Duration::from_millis(hard), "{t:?}");
    }

    #[test]
    fn a_playout_count_replaces_the_clock() {
        // A clock of 1 ms, which alone ends the search after a few playouts, and 3,000
        // playouts: the search runs them all.
        let mut pos = Hex::new(9, 9).unwrap();
        pos.place(BLACK, pos.board().parse_cell("e5").unwrap());
        pos.set_to_move(WHITE);
        let limits = Limits {
            time: crate::search::TimeControl::per_move(1),
            nodes: Some(3000),
            ..Limits::default()
        };
        let shared = SharedTree::new(16);
        let stop = AtomicBool::new(false);
        think(&pos, &limits, &shared, 1, &stop, None, false);
        let guard = shared.tree.lock();
        let (tree, _, _) = guard.as_ref().unwrap();
        let visits = tree.root().visits();
        assert!((3000..3016).contains(&visits), "{visits} playouts");
    }

    #[test]
    fn a_reply_the_search_had_pruned_still_gets_a_move() {
        // A search long enough for the knowledge step below our best move, then the opponent
        // answers with a move that step pruned (counted as lost in the tree) or that expansion
        // left out: the next search must not stop at that proof with no move to play.
        let mut pos = Hex::new(9, 9).unwrap();
        for (i, m) in ["e5", "d6", "c7", "f3"].iter().enumerate() {
            let c = pos.board().parse_cell(m).unwrap();
            pos.place(if i % 2 == 0 { BLACK } else { WHITE }, c);
        }
        let shared = SharedTree::new(16);
        let stop = AtomicBool::new(false);
        let settings = |playouts| Settings {
            threads: 1,
            time: None,
            playouts: Some(playouts),
            seed: 1,
        };
        let best = shared
            .search(&pos, &settings(20_000), &stop, &mut |_| {})
            .best
            .unwrap();
        let reply = {
            let guard = shared.tree.lock();
            let (tree, _, _) = guard.as_ref().unwrap();
            let ours = tree
                .children(tree.root())
                .iter()
                .find(|k| k.cell.load(Relaxed) as usize == best);
            let kids = tree.children(ours.unwrap());
            // A reply the knowledge step pruned, else one expansion left out (inferior).
            let pruned = kids.iter().find(|k| k.proof() == MOVER_LOSES);
            let mut after = *pos.board();
            after.place(BLACK, best);
            let left_out = after
                .empty_cells()
                .iter()
                .find(|&c| !kids.iter().any(|k| k.cell.load(Relaxed) as usize == c));
            pruned
                .map(|k| k.cell.load(Relaxed) as usize)
                .or(left_out)
                .expect("a pruned reply")
        };
        pos.place(BLACK, best);
        pos.place(WHITE, reply);
        let o = shared.search(&pos, &settings(1000), &stop, &mut |_| {});
        let next = o.best.expect("a move");
        assert!(pos.board().empty_cells().has(next));
    }

    #[test]
    fn the_moves_between_two_positions_are_ours_then_theirs() {
        let old = Board::new(5, 5).unwrap();
        let mut new = old;
        new.place(WHITE, 7);
        new.place(BLACK, 3);
        assert_eq!(moves_between(&old, BLACK, &new), Some(vec![3, 7]));
        assert_eq!(moves_between(&old, WHITE, &new), Some(vec![7, 3]));
        let mut two = new;
        two.place(BLACK, 9);
        assert_eq!(moves_between(&old, BLACK, &two), None, "two black stones");
        let mut one = old;
        one.place(BLACK, 3);
        assert_eq!(moves_between(&old, BLACK, &one), Some(vec![3]));
        assert_eq!(
            moves_between(&one, BLACK, &old),
            None,
            "a stone was taken back"
        );
        assert_eq!(moves_between(&old, BLACK, &Board::new(6, 6).unwrap()), None);
    }
}
