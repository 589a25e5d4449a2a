//! The exact solver beside the Monte-Carlo player, as MoHex 2.0 runs its df-pn solver next to
//! its tree search: a slice of every move once the board is small enough, on a table kept from
//! move to move, so that the work of one move's slice is there for the next (positions repeat:
//! the opponent's reply is usually inside what the last slice searched). A proven win is played
//! at once; the root moves the slice proves losing are kept out of the move the player picks.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parking_lot::Mutex;

use super::mcts::{MoveStat, Outcome};
use crate::games::hex::board::{Board, Cells};
use crate::games::hex::position::Hex;
use crate::games::hex::solver::{Memory, Solver, Verdict};

/// Boards with at most this many empty cells get a solver slice when the move has a clock.
/// On 9x9 that is from the ninth stone on, where the positions of our lost games against Wolve
/// start to be proven in a few seconds (tournaments/results/hex-9-solvable); on 11x11 from the
/// 50th stone, when most games are decided.
pub const SLICE_EMPTY_MAX: usize = 72;
/// Boards with at most this many empty cells are solved even without a clock (a move limited
/// by playouts only): small enough to finish.
pub const SOLVE_EMPTY_MAX: usize = 30;
/// The table's bound, in positions (about 150 bytes each with their move lists). A solve that
/// starts past half of it starts from an empty table.
const TABLE_POSITIONS: usize = 400_000;

/// What a slice found for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub verdict: Verdict,
    /// The root moves proven losing (every move when the position is lost).
    pub losing: Cells,
}

/// The solver's table and fill-in cache between moves, with the board size they belong to.
#[derive(Default)]
pub struct RootSolver {
    kept: Mutex<Option<((usize, usize), Memory)>>,
}

impl RootSolver {
    pub fn new() -> RootSolver {
        RootSolver::default()
    }

    /// Positions in the kept table (0 before the first slice).
    pub fn table_len(&self) -> usize {
        self.kept.lock().as_ref().map_or(0, |(_, m)| m.len())
    }

    /// Solves `pos` until `deadline` (or to the end without one), starting from the table the
    /// last slice left on a board of the same size.
    pub fn solve(&self, pos: &Hex, stop: &AtomicBool, deadline: Option<Instant>) -> Finding {
        let size = (pos.board().width(), pos.board().height());
        let mut kept = self.kept.lock();
        let memory = match kept.take() {
            Some((s, m)) if s == size => m,
            _ => Memory::default(),
        };
        // Captured pairs pay on 8×8 proofs but are not measured in play (`Solver::with_captured_pairs`).
        let mut solver = Solver::new(stop, deadline)
            .with_captured_pairs(false)
            .with_table_size(TABLE_POSITIONS)
            .with_memory(memory);
        let verdict = solver.solve(pos);
        let losing = match verdict {
            Verdict::Win(_) => Cells::EMPTY,
            Verdict::Loss => pos.board().empty_cells(),
            Verdict::Unknown => solver.losing_moves(pos),
        };
        log::info!(
            "root solver: {verdict:?}, {} root moves proven losing, {} nodes, table {}",
            losing.len(),
            solver.nodes,
            solver.table_len()
        );
        *kept = Some((size, solver.into_memory()));
        Finding { verdict, losing }
    }
}

/// Whether timed moves get the slice from `SLICE_EMPTY_MAX` empty cells on. On since the root
/// moves it proves losing are marked lost inside the tree (`mcts::search_avoiding`): self-play
/// at 300 ms/move on the balanced 2-ply openings against main a9b393d (slice off), 103-75,
/// Elo +55 +- 52, SPRT(0, 50) H1 accepted (tournaments/results/hex-conn-selfplay/sp-slice-hook).
/// The slice alone, filtering the search's final choice only, had accepted H0 on the 1-ply
/// openings (147-141, Elo +7 +- 40, sp-slice).
pub const PLAY_SLICE: bool = true;

/// Whether a move on `board` gets a solver slice: `timed` when the move has a clock (a slice is
/// a share of it), else only a board small enough to solve outright.
pub fn worth_solving(board: &Board, timed: bool) -> bool {
    slice_due(board, timed && PLAY_SLICE)
}

/// `worth_solving` with the slice on (`sliced`) or off.
fn slice_due(board: &Board, sliced: bool) -> bool {
    let empty = board.empty_cells().len();
    empty <= SOLVE_EMPTY_MAX || (sliced && empty <= SLICE_EMPTY_MAX)
}

/// The search's move, or when the solver proved it losing, the search's best move that is not
/// (a proven win first, then the most visited, as `Outcome::moves` is ranked). The search's
/// own choice when every move it has is proven losing.
pub fn avoiding_losses(o: &Outcome, losing: &Cells) -> Option<usize> {
    let best = o.best?;
    if !losing.has(best) {
        return Some(best);
    }
    let spared = o
        .moves
        .iter()
        .filter(|m: &&MoveStat| !losing.has(m.cell))
        .max_by_key(|m| (m.proof == super::tree::MOVER_WINS, m.visits));
    match spared {
        Some(m) if m.proof != super::tree::MOVER_LOSES => {
            log::info!("root solver: {best} is proven losing, {} instead", m.cell);
            Some(m.cell)
        }
        _ => Some(best),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::player::tree::{MOVER_LOSES, MOVER_WINS, UNPROVEN};
    use crate::games::hex::tests::brute_force;

    fn stat(cell: usize, visits: u32, proof: u8) -> MoveStat {
        MoveStat {
            cell,
            visits,
            mean: 0.5,
            proof,
        }
    }

    #[test]
    fn a_move_proven_losing_gives_way_to_the_next_best() {
        let o = Outcome {
            best: Some(4),
            moves: vec![
                stat(4, 900, UNPROVEN),
                stat(7, 50, MOVER_LOSES),
                stat(2, 300, UNPROVEN),
                stat(9, 400, UNPROVEN),
            ],
            ..Outcome::default()
        };
        let mut losing = Cells::EMPTY;
        assert_eq!(avoiding_losses(&o, &losing), Some(4));
        losing.insert(4);
        assert_eq!(avoiding_losses(&o, &losing), Some(9));
        losing.insert(9);
        assert_eq!(avoiding_losses(&o, &losing), Some(2));
        // Nothing left but what the search itself proved lost: its own choice stands.
        losing.insert(2);
        assert_eq!(avoiding_losses(&o, &losing), Some(4));
        // A proven win among the spared moves comes first.
        let mut won = o.clone();
        won.moves.push(stat(11, 3, MOVER_WINS));
        assert_eq!(avoiding_losses(&won, &losing), Some(11));
    }

    #[test]
    fn the_tree_spends_no_playout_on_a_move_the_solver_proved_losing() {
        // A 9x9 middle game searched twice with the same seed: the second search is told the
        // first one's best move loses. It must mark that move lost, give it no visit, and pick
        // another.
        use crate::games::hex::board::{BLACK, WHITE};
        use crate::games::hex::player::mcts::{search_avoiding, Settings};
        use crate::games::hex::player::tree::Tree;
        let mut b = Board::new(9, 9).unwrap();
        for (i, m) in ["e5", "d6", "c7", "f3"].iter().enumerate() {
            let c = b.parse_cell(m).unwrap();
            b.place(if i % 2 == 0 { BLACK } else { WHITE }, c);
        }
        let settings = Settings {
            threads: 1,
            time: None,
            playouts: Some(3000),
            seed: 5,
        };
        let stop = AtomicBool::new(false);
        let run = |losing: &Cells| {
            let tree = Tree::new(1 << 16);
            search_avoiding(&b, BLACK, &tree, &settings, losing, &stop, &mut |_| {})
        };
        let plain = run(&Cells::EMPTY);
        let best = plain.best.unwrap();
        let mut losing = Cells::EMPTY;
        losing.insert(best);
        let told = run(&losing);
        assert_ne!(told.best, Some(best));
        let marked = told.moves.iter().find(|m| m.cell == best).unwrap();
        assert_eq!((marked.proof, marked.visits), (MOVER_LOSES, 0));
        assert_eq!(told.proven, None);
        // Told every move loses, it marks none and searches as if told nothing: a lost game
        // still gets its most resistant move, not the first cell.
        let lost = run(&b.empty_cells());
        assert_eq!(lost.proven, None);
        assert_eq!((lost.best, lost.playouts), (plain.best, plain.playouts));
    }

    #[test]
    fn slices_wait_for_a_small_board_and_a_clock() {
        let mut b = Board::new(9, 9).unwrap();
        let mut stones = 0..81;
        let mut fill = |b: &mut Board, upto: usize| {
            while b.occupied().len() < upto {
                let c = stones.next().unwrap();
                b.place((c % 2) as u8, c);
            }
        };
        fill(&mut b, 81 - SLICE_EMPTY_MAX - 1);
        assert!(!slice_due(&b, true));
        fill(&mut b, 81 - SLICE_EMPTY_MAX);
        assert!(slice_due(&b, true));
        assert!(!slice_due(&b, false), "no clock, no slice");
        assert_eq!(worth_solving(&b, true), PLAY_SLICE);
        fill(&mut b, 81 - SOLVE_EMPTY_MAX);
        assert!(slice_due(&b, false));
        assert!(worth_solving(&b, true) && worth_solving(&b, false));
    }

    #[test]
    fn a_slice_answers_right_and_leaves_its_table_for_the_next() {
        // Seeded 4x4 positions solved to the end: a win's move wins and a loss is lost, by
        // brute force; a loss lists every move as losing; the table kept by the first solve
        // answers the same position again with no new position looked at.
        use crate::games::hex::tests::random_position;
        let stop = AtomicBool::new(false);
        let solver = RootSolver::new();
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut memo = crate::games::hex::tests::Memo::default();
        let (mut wins, mut losses) = (0, 0);
        for i in 0..40 {
            let pos = random_position(4, 1 + i % 6, &mut x);
            if pos.winner().is_some() {
                continue;
            }
            let found = solver.solve(&pos, &stop, None);
            match found.verdict {
                Verdict::Win(Some(c)) => {
                    wins += 1;
                    let mut q = pos;
                    q.play_cell(c);
                    assert!(q.winner().is_some() || !brute_force(&q, &mut memo));
                    assert!(found.losing.is_empty());
                }
                Verdict::Loss => {
                    losses += 1;
                    assert!(!brute_force(&pos, &mut memo));
                    assert_eq!(found.losing, pos.board().empty_cells());
                }
                v => panic!("{v:?} without a deadline"),
            }
            let before = solver.table_len();
            assert!(before > 0);
            assert_eq!(solver.solve(&pos, &stop, None), found);
            assert_eq!(solver.table_len(), before);
        }
        assert!(wins > 0 && losses > 0, "{wins} wins {losses} losses");
    }
}
