//! The `vc-*` and `dfpn-*` GTP commands, in Benzene's names and answer forms (HexGui parses
//! them): connection lists between two cells, the must-play region, and the df-pn solver's
//! verdict, principal variation and winning moves. `session.rs` only dispatches here; this file
//! knows nothing of the session (its replies are generic over it), so the two do not import
//! each other.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::protocol::gtp::{Action, Command, Context};

use super::board::{Board, BLACK, WHITE};
use super::ice::fillin;
use super::position::Hex;
use super::solver::{Memory, Solver, Verdict};
use super::vc::{must_play, Outlook, VcSet};

/// The solver's table kept by the session between `dfpn-*` commands (`solver::Memory`); a job
/// takes it out while it runs and puts it back.
pub type SolverMemory = Arc<Mutex<Option<Memory>>>;

/// What the solver commands need from the session.
#[derive(Clone, Copy)]
pub struct SolveSettings {
    pub seconds: f64,
    pub tt_size: usize,
    pub use_guifx: bool,
    /// `param_dfpn node_limit`: df-pn nodes a solve may search (0: no bound).
    pub node_limit: u64,
}

/// A colour argument: `b`, `w`, `black` or `white`, any case.
pub fn parse_color(s: &str) -> Result<u8, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(BLACK),
        "w" | "white" => Ok(WHITE),
        _ => Err(format!("invalid color: {s} (b, w, black or white)")),
    }
}

pub fn color_name(c: u8) -> &'static str {
    if c == BLACK {
        "black"
    } else {
        "white"
    }
}

/// Benzene's names for the edges: north/south are Black's, west/east White's.
fn edge_name(color: u8, i: usize) -> &'static str {
    match (color == BLACK, i) {
        (true, 0) => "north",
        (true, _) => "south",
        (false, 0) => "west",
        (false, _) => "east",
    }
}

/// The node a GTP point names for `set`: a cell (its chain's captain) or one of the colour's
/// edges. `None` for an opponent stone or the opponent's edges.
fn parse_node(board: &Board, set: &VcSet, s: &str) -> Result<Option<u16>, String> {
    let lower = s.to_ascii_lowercase();
    for i in 0..2 {
        if lower == edge_name(set.color(), i) {
            return Ok(Some(set.edge_node(i)));
        }
        if lower == edge_name(1 - set.color(), i) {
            return Ok(None);
        }
    }
    let cell = board
        .parse_cell(&lower)
        .ok_or_else(|| format!("invalid point: {s}"))?;
    Ok(set.node_of(cell))
}

fn node_name(board: &Board, set: &VcSet, x: u16) -> String {
    let size = board.size() as u16;
    if x >= size {
        edge_name(set.color(), (x - size) as usize).to_string()
    } else {
        board.cell_name(x as usize)
    }
}

fn cell_list(board: &Board, cells: impl Iterator<Item = usize>) -> String {
    cells.map(|c| format!(" {}", board.cell_name(c))).collect()
}

/// `vc-between-cells-full <c> <a> <b>` / `vc-between-cells-semi`: one line per connection,
/// `<color> <a> <b> full or [ <carrier> ] [ ]` (semis: `semi and [ … ] [ ] <key>`), after an
/// empty first line, as Benzene writes them.
pub fn between(pos: &Hex, cmd: &Command, semi: bool) -> Result<String, String> {
    let usage = if semi {
        "vc-between-cells-semi <color> <point> <point>"
    } else {
        "vc-between-cells-full <color> <point> <point>"
    };
    let [c, a, b] = cmd.args.as_slice() else {
        return Err(format!("usage: {usage}"));
    };
    let color = parse_color(c)?;
    let board = pos.board();
    let set = VcSet::build(board, color);
    let (x, y) = (parse_node(board, &set, a)?, parse_node(board, &set, b)?);
    let mut out = String::from("\n");
    let (Some(x), Some(y)) = (x, y) else {
        return Ok(out);
    };
    let name = color_name(color);
    let (xn, yn) = (node_name(board, &set, x), node_name(board, &set, y));
    if semi {
        for s in set.semis(x, y) {
            out.push_str(&format!(
                "{name} {xn} {yn} semi and [{} ] [ ] {} \n",
                cell_list(board, s.carrier.iter()),
                board.cell_name(s.key as usize)
            ));
        }
    } else {
        for f in set.fulls(x, y) {
            out.push_str(&format!(
                "{name} {xn} {yn} full or [{} ] [ ] \n",
                cell_list(board, f.iter())
            ));
        }
    }
    Ok(out)
}

/// The outlook for `color` to move on `pos`.
pub fn outlook(pos: &Hex, color: u8) -> Outlook {
    let board = pos.board();
    let mine = VcSet::build(board, color);
    let theirs = VcSet::build(board, 1 - color);
    must_play(&mine, &theirs, &board.empty_cells())
}

/// Benzene's "outside the consider set" marks: ` <cell> x` for every empty cell outside the
/// must-play region (and not in `skip`), nothing when the position is already decided.
pub fn outside_must_play(pos: &Hex, color: u8, skip: &super::board::Cells) -> String {
    if pos.winner().is_some() {
        return String::new();
    }
    match outlook(pos, color) {
        Outlook::MustPlay(m) => {
            let board = pos.board();
            board
                .empty_cells()
                .minus(&m)
                .minus(skip)
                .iter()
                .map(|c| format!(" {} x", board.cell_name(c)))
                .collect()
        }
        _ => String::new(),
    }
}

/// `pos` with the command's colour to move, and that colour.
fn to_move(pos: &Hex, cmd: &Command, usage: &str) -> Result<(Hex, u8), String> {
    let color = color_arg(cmd, usage)?;
    let mut pos = *pos;
    pos.set_to_move(color);
    Ok((pos, color))
}

fn color_arg(cmd: &Command, usage: &str) -> Result<u8, String> {
    match cmd.args.as_slice() {
        [c] => parse_color(c),
        _ => Err(format!("usage: {usage}")),
    }
}

/// Runs `f` on a worker with a solver set up from `settings`; replies with what it returns.
fn background<S>(
    ctx: &Context,
    settings: SolveSettings,
    memory: &SolverMemory,
    f: impl FnOnce(&mut Solver) -> Result<String, String> + Send + 'static,
) -> Action<S> {
    let stop = Arc::clone(&ctx.stop);
    let out = ctx.out.clone();
    let memory = Arc::clone(memory);
    Action::Background(Box::new(move || {
        let started = Instant::now();
        let deadline = started + Duration::from_secs_f64(settings.seconds);
        let mut write = |s: &str| out.write_raw(s);
        let kept = memory.lock().map(|mut m| m.take()).unwrap_or_default();
        let mut solver = Solver::new(&stop, Some(deadline))
            .with_table_size(settings.tt_size)
            .with_node_limit(settings.node_limit)
            .with_memory(kept.unwrap_or_default());
        if settings.use_guifx {
            solver = solver.with_progress(&mut write);
        }
        let reply = f(&mut solver);
        log::info!(
            "dfpn: {} nodes, {} positions, {:?}, {}",
            solver.nodes,
            solver.table_len(),
            started.elapsed(),
            solver.stats()
        );
        if let Ok(mut m) = memory.lock() {
            *m = Some(solver.into_memory());
        }
        Box::new(move |_: &mut S| reply)
    }))
}

fn unsolved(stop: &AtomicBool, s: &SolveSettings, nodes: u64) -> String {
    let seconds = s.seconds;
    // The stop flag tells an interrupt (or quit/EOF) from the time limit.
    if stop.load(Ordering::Relaxed) {
        format!("interrupted: not solved ({nodes} nodes)")
    } else if s.node_limit > 0 && nodes >= s.node_limit {
        format!("unknown: not solved in {nodes} nodes")
    } else {
        format!("unknown: not solved in {seconds} s ({nodes} nodes)")
    }
}

/// `dfpn-solve-state <color>`: the winner with `color` to move, or an error if unsolved.
pub fn solve_state<S>(
    pos: &Hex,
    cmd: &Command,
    ctx: &Context,
    s: SolveSettings,
    memory: &SolverMemory,
) -> Action<S> {
    let (pos, color) = match to_move(pos, cmd, "dfpn-solve-state <color>") {
        Ok(p) => p,
        Err(e) => return Action::Reply(Err(e)),
    };
    let stop = Arc::clone(&ctx.stop);
    background(ctx, s, memory, move |solver| match solver.solve(&pos) {
        Verdict::Win(_) => Ok(color_name(color).to_string()),
        Verdict::Loss => Ok(color_name(1 - color).to_string()),
        Verdict::Unknown => Err(unsolved(&stop, &s, solver.nodes)),
    })
}

/// `dfpn-get-pv <color>`: solves (within the time limit) and gives the principal variation,
/// cells separated by spaces; empty once the game is over.
pub fn get_pv<S>(
    pos: &Hex,
    cmd: &Command,
    ctx: &Context,
    s: SolveSettings,
    memory: &SolverMemory,
) -> Action<S> {
    let (pos, _) = match to_move(pos, cmd, "dfpn-get-pv <color>") {
        Ok(p) => p,
        Err(e) => return Action::Reply(Err(e)),
    };
    background(ctx, s, memory, move |solver| {
        let v = solver.solve(&pos);
        let mut pv = solver.pv(&pos);
        // A winning move found by the final search comes first.
        if let Verdict::Win(Some(m)) = v {
            if pv.first() != Some(&m) {
                let mut q = pos;
                q.play_cell(m);
                pv = std::iter::once(m).chain(solver.pv(&q)).collect();
            }
        }
        Ok(cell_list(pos.board(), pv.into_iter())
            .trim_start()
            .to_string())
    })
}

/// `dfpn-solver-find-winning <color>`: every winning move for `color` to move, as Benzene
/// lists them (cells separated by spaces). Moves outside the must-play region lose without a
/// search; an error if some move could not be solved in time.
pub fn find_winning<S>(
    pos: &Hex,
    cmd: &Command,
    ctx: &Context,
    s: SolveSettings,
    memory: &SolverMemory,
) -> Action<S> {
    let (pos, color) = match to_move(pos, cmd, "dfpn-solver-find-winning <color>") {
        Ok(p) => p,
        Err(e) => return Action::Reply(Err(e)),
    };
    let stop = Arc::clone(&ctx.stop);
    background(ctx, s, memory, move |solver| {
        if pos.winner().is_some() {
            return Ok(String::new());
        }
        let board = *pos.board();
        let consider = match outlook(&pos, color) {
            Outlook::MustPlay(m) => m,
            _ => board.empty_cells(),
        };
        let mut wins = Vec::new();
        for c in consider.iter() {
            let mut q = pos;
            q.play_cell(c);
            if q.winner() == Some(color) {
                wins.push(c);
                continue;
            }
            match solver.solve(&fillin::canonical(&q).0) {
                Verdict::Loss => wins.push(c),
                Verdict::Win(_) => {}
                Verdict::Unknown => return Err(unsolved(&stop, &s, solver.nodes)),
            }
        }
        Ok(cell_list(&board, wins.into_iter()).trim_start().to_string())
    })
}
