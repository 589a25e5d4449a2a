//! The alpha-beta player (`--search alphabeta`): the df-pn solver on boards small enough to
//! solve, else the shared iterative-deepening search (`search::search`, Lazy SMP over a
//! transposition table) over `position::Hex`'s resistance evaluation, with live
//! `gogui-gfx:` variations for HexGui.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::root_solver::SOLVE_EMPTY_MAX;
use crate::games::hex::board::BLACK;
use crate::games::hex::position::Hex;
use crate::games::hex::solver::{Solver, Verdict};
use crate::protocol::output::Output;
use crate::search::{self, Limits, Report, Tt};

/// The engine's move for the side to move of `pos`: the solver on small boards, else the
/// search. Writes live `gogui-gfx:` blocks to `out` when given.
pub fn think(
    pos: &Hex,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    out: Option<Output>,
    allow_resign: bool,
) -> String {
    let board = *pos.board();
    let name = |m: u16| board.cell_name(m as usize);
    let started = Instant::now();
    let budget = limits.time.budget(limits.moves_left, limits.overhead_ms);
    if board.empty_cells().len() <= SOLVE_EMPTY_MAX {
        let share = budget.map(|b| b.soft / 2);
        let deadline = share.map(|s| started + s);
        match Solver::new(stop, deadline).solve(pos) {
            Verdict::Win(Some(c)) => return board.cell_name(c),
            Verdict::Loss if allow_resign => return "resign".into(),
            _ => {}
        }
    }
    let mut limits = *limits;
    if let Some(b) = budget {
        // What the solver used comes off this move's time.
        let used = started.elapsed().as_millis() as u64;
        limits.time = search::TimeControl::per_move(
            (b.hard.as_millis() as u64)
                .saturating_sub(used)
                .max(limits.overhead_ms + 10),
        );
        limits.moves_left = 1;
    }
    let to_move = pos.to_move();
    let mut live = |r: &Report<u16>| {
        if let Some(out) = &out {
            let mut color = to_move;
            let mut var = String::new();
            for &m in &r.pv {
                var.push_str(&format!(
                    " {} {}",
                    if color == BLACK { "B" } else { "W" },
                    name(m)
                ));
                color = 1 - color;
            }
            out.write_raw(&format!(
                "gogui-gfx:\nab VAR{var} TEXT depth {} score {} nodes {} time {:.1}s\n\n",
                r.depth,
                r.score,
                r.nodes,
                r.elapsed.as_secs_f64()
            ));
        }
    };
    let r = search::search(pos, &limits, tt, stop, &mut live);
    log::info!(
        "genmove: best {:?} score {} depth {} nodes {} nps {}",
        r.best.map(name),
        r.score,
        r.depth,
        r.nodes,
        r.nps()
    );
    if allow_resign && r.proven() && r.score < 0 {
        // The search's proofs rest on pruned move lists: confirm with the solver if small.
        if board.empty_cells().len() <= SOLVE_EMPTY_MAX
            && Solver::new(stop, Some(Instant::now() + Duration::from_millis(200))).solve(pos)
                == Verdict::Loss
        {
            return "resign".into();
        }
    }
    match r.best {
        Some(m) => name(m),
        None => board
            .empty_cells()
            .first()
            .map(|c| board.cell_name(c))
            .unwrap_or_else(|| "resign".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Captured;
    use crate::search::TimeControl;

    #[test]
    fn live_output_is_gogui_gfx_blocks_each_ended_by_one_empty_line() {
        let captured = Captured::default();
        let out = Output::new(Box::new(captured.clone()));
        let mut pos = Hex::new(9, 9).unwrap();
        pos.place(BLACK, pos.board().parse_cell("e5").unwrap());
        let limits = Limits {
            time: TimeControl::per_move(400),
            ..Limits::default()
        };
        let tt = Tt::new(4);
        let stop = AtomicBool::new(false);
        let mv = think(&pos, &limits, &tt, &stop, Some(out), false);
        assert!(pos.board().parse_cell(&mv).is_some(), "{mv}");
        let text = captured.text();
        let blocks: Vec<&str> = text.split_terminator("\n\n").collect();
        assert!(!blocks.is_empty());
        for b in blocks {
            let lines: Vec<&str> = b.lines().collect();
            assert_eq!(lines.len(), 2, "{b:?}");
            assert_eq!(lines[0], "gogui-gfx:");
            assert!(lines[1].starts_with("ab VAR W "), "{b:?}");
            assert!(lines[1].contains(" TEXT depth "), "{b:?}");
        }
    }
}
