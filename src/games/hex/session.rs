//! Hex over GTP, as HexGui (0.9, 0.10), Benzene's tournament scripts and GTP tools speak it.
//! Every command is documented in docs/hex.md; the behaviour follows HexGui where sources differ.

use std::sync::Arc;
use std::time::Instant;

use crate::protocol::gtp::{arg, expect_args, Action, Command, Context, Session};
use crate::reference_players::{PlayerKind, Reference};
use crate::search::{self, Limits, Tt};

use super::board::{Board, BLACK, MAX_SIDE};
use super::clock::{Clock, Settings};
use super::eval::Analysis;
use super::player::genmove::{self as mcts_genmove, SharedTree, DEFAULT_TREE_MB};
use super::player::mcts;
use super::player::{alphabeta, opening};
use super::position::Hex;
use super::session_inferior;
use super::session_vc::{self, parse_color};
use super::twodistance::FAR;

/// What `swap-pieces` means (the two meanings in use; `swap-sides` is always the second).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SwapMeaning {
    /// HexGui 0.10 and SGF: the first stone is mirrored (x,y)→(y,x) and recoloured; Black moves.
    Hexgui,
    /// Benzene and HexGui 0.9: the stone stays and the players exchange colours.
    Benzene,
}

/// Analysis commands that search (`hex-pv`) get this long unless the per-move time is shorter.
const ANALYZE_MS: u64 = 2000;
/// How many ranked moves `hex-scores` shows (more than the search's width: HexGui users want
/// to see the runners-up too).
const SCORED_MOVES: usize = 10;
/// Default time limit of `dfpn-solve-state`, in seconds (`param_dfpn timelimit`).
const SOLVE_SECONDS: f64 = 30.0;
/// The longest `param_dfpn timelimit` accepted (a year): any longer is a typo, and a bound keeps
/// the deadline's arithmetic from overflowing.
const SOLVE_SECONDS_MAX: f64 = 365.0 * 86_400.0;

/// Which search chooses the engine's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum HexSearch {
    /// Iterative-deepening alpha-beta (Lazy SMP) over the resistance evaluation.
    Alphabeta,
    /// Monte-Carlo tree search with RAVE and bridge-saving playouts (`player::mcts`): the
    /// default, because it measured stronger against Wolve and MoHex (tournaments/results/).
    #[default]
    Mcts,
}

/// Everything the command line can set.
#[derive(Clone, Debug)]
pub struct HexOptions {
    pub threads: usize,
    /// The alpha-beta player's transposition table.
    pub hash_mb: usize,
    /// The Monte-Carlo player's tree (`--hash` sets both; `DEFAULT_TREE_MB` when unset).
    pub tree_mb: usize,
    pub player: PlayerKind,
    pub seed: Option<u64>,
    pub movetime_ms: Option<u64>,
    pub allow_swap: bool,
    pub swap_meaning: SwapMeaning,
    pub live_gfx: bool,
    pub allow_resign: bool,
    pub search: HexSearch,
    /// Playouts per move in place of the clock (`--playouts`; alpha-beta: a node cap).
    pub playouts: Option<u64>,
}

impl Default for HexOptions {
    fn default() -> Self {
        HexOptions {
            threads: 1,
            hash_mb: 64,
            tree_mb: DEFAULT_TREE_MB,
            player: PlayerKind::Engine,
            seed: None,
            movetime_ms: None,
            allow_swap: false,
            swap_meaning: SwapMeaning::Hexgui,
            live_gfx: false,
            allow_resign: false,
            search: HexSearch::default(),
            playouts: None,
        }
    }
}

/// One point of the game, kept for `undo`.
#[derive(Clone, Copy)]
struct State {
    pos: Hex,
    /// Moves played since the board was cleared (a swap counts).
    moves: u16,
    /// Where the only stone was placed, while a swap is still possible.
    swappable: Option<(u8, usize)>,
}

pub struct HexSession {
    history: Vec<State>,
    tt: Arc<Tt>,
    /// The Monte-Carlo player's tree (allocated on its first move).
    tree: Arc<SharedTree>,
    opts: HexOptions,
    clock: Clock,
    player: Reference,
    use_guifx: bool,
    /// `param_dfpn timelimit`, in seconds; fractions are allowed (HexGui users ask for 0.5).
    solve_seconds: f64,
    /// `param_dfpn tt_size`: the solver's table bound, in positions.
    tt_size: usize,
    /// `param_dfpn node_limit`: df-pn nodes a solve may search, 0 for no bound; a load-immune
    /// budget for benchmarks.
    node_limit: u64,
    /// The solver's table, kept across `dfpn-*` commands until the board changes size or
    /// `clear_board`.
    dfpn_memory: session_vc::SolverMemory,
}

fn color_name(c: u8) -> &'static str {
    if c == BLACK {
        "black"
    } else {
        "white"
    }
}

fn parse_bool(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "1" | "true" | "on" => Ok(true),
        "0" | "false" | "off" => Ok(false),
        _ => Err(format!("invalid boolean: {s} (0 or 1)")),
    }
}

/// Seconds as GTP sends them (integers, but a fraction does no harm).
fn parse_seconds(s: &str, what: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("invalid {what}: {s}"))
}

impl HexSession {
    pub fn new(opts: HexOptions) -> HexSession {
        let clock = Clock::new(opts.movetime_ms.unwrap_or(super::clock::DEFAULT_MOVE_MS));
        HexSession {
            history: vec![State {
                pos: Hex::new(11, 11).expect("11x11 is a valid size"),
                moves: 0,
                swappable: None,
            }],
            tt: Arc::new(Tt::new(opts.hash_mb)),
            tree: Arc::new(SharedTree::new(opts.tree_mb)),
            player: Reference::new(opts.player, opts.seed),
            opts,
            clock,
            use_guifx: false,
            solve_seconds: SOLVE_SECONDS,
            tt_size: super::solver::DEFAULT_TT_SIZE,
            node_limit: 0,
            dfpn_memory: Default::default(),
        }
    }

    fn state(&self) -> &State {
        self.history.last().expect("history is never empty")
    }
    fn pos(&self) -> &Hex {
        &self.state().pos
    }
    fn board(&self) -> &Board {
        self.pos().board()
    }

    fn new_game(&mut self, w: usize, h: usize) {
        self.history = vec![State {
            pos: Hex::new(w, h).expect("size checked"),
            moves: 0,
            swappable: None,
        }];
        self.tt.clear();
    }

    fn boardsize(&mut self, cmd: &Command) -> Result<String, String> {
        if cmd.args.is_empty() || cmd.args.len() > 2 {
            return Err("usage: boardsize <width> [<height>]".into());
        }
        let w: usize = arg(cmd, 0, "board width")?;
        let h: usize = if cmd.args.len() == 2 {
            arg(cmd, 1, "board height")?
        } else {
            w
        };
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(format!(
                "unacceptable size: {w}x{h} (1 to {MAX_SIDE} each way)"
            ));
        }
        if (w, h) != (self.board().width(), self.board().height()) {
            self.forget_solver_table();
        }
        self.new_game(w, h);
        Ok(String::new())
    }

    /// Applies a move for `color` after checking it; the state is unchanged on error.
    fn apply(&mut self, color: u8, mv: &str) -> Result<(), String> {
        let st = *self.state();
        let lower = mv.to_ascii_lowercase();
        let next = match lower.as_str() {
            "resign" => return Ok(()),
            "swap-pieces" | "swap-sides" => {
                let Some((first_color, cell)) = st.swappable.filter(|_| self.opts.allow_swap)
                else {
                    return Err(format!(
                        "illegal move: {lower} {}",
                        if self.opts.allow_swap {
                            "is only legal as the second move"
                        } else {
                            "is not allowed (param_game allow_swap 1 enables it)"
                        }
                    ));
                };
                if color == first_color {
                    return Err(format!(
                        "illegal move: {lower} is for the second player, not {}",
                        color_name(color)
                    ));
                }
                let mut pos = st.pos;
                if lower == "swap-pieces" && self.opts.swap_meaning == SwapMeaning::Hexgui {
                    let (x, y) = pos.board().xy(cell);
                    if x >= pos.board().height() || y >= pos.board().width() {
                        return Err(
                            "illegal move: swap-pieces mirrors the stone off this board".into()
                        );
                    }
                    let mirror = pos.board().cell(y, x);
                    pos.remove(cell);
                    pos.place(1 - first_color, mirror);
                    pos.set_to_move(first_color);
                } else {
                    // The players exchange colours; the board stays and the swapper's colour
                    // moves next (now played by the other player).
                    pos.set_to_move(color);
                }
                State {
                    pos,
                    moves: st.moves + 1,
                    swappable: None,
                }
            }
            _ => {
                let cell = self
                    .board()
                    .parse_cell(&lower)
                    .ok_or_else(|| format!("illegal move: {mv} is not a cell of this board"))?;
                if self.board().color_at(cell).is_some() {
                    return Err(format!("illegal move: {lower} is occupied"));
                }
                let mut pos = st.pos;
                pos.place(color, cell);
                let stones = pos.board().occupied().len();
                State {
                    pos,
                    moves: st.moves + 1,
                    swappable: (st.moves == 0 && stones == 1).then_some((color, cell)),
                }
            }
        };
        self.history.push(next);
        Ok(())
    }

    fn play(&mut self, cmd: &Command) -> Result<String, String> {
        expect_args(cmd, 2, "play <color> <move>")?;
        let color = parse_color(&cmd.args[0])?;
        if let Some(w) = self.pos().winner() {
            return Err(format!(
                "illegal move: the game is over ({} won)",
                color_name(w)
            ));
        }
        self.apply(color, &cmd.args[1])?;
        Ok(String::new())
    }

    /// The position to judge for a swap: when `color` may swap the opponent's only stone.
    fn swap_candidate(&self, color: u8) -> Option<Hex> {
        let st = self.state();
        let (first, _) = st.swappable?;
        if !self.opts.allow_swap || first == color {
            return None;
        }
        let mut pos = st.pos;
        pos.set_to_move(color);
        Some(pos)
    }

    fn limits(&self, color: u8) -> Limits {
        let empties = self.board().empty_cells().len() as u32;
        Limits {
            time: self.clock.control(color),
            moves_left: (empties / 4).clamp(8, 40),
            threads: self.opts.threads,
            nodes: self.opts.playouts,
            ..Limits::default()
        }
    }

    fn genmove(&mut self, cmd: &Command, ctx: &Context) -> Action<Self> {
        let color =
            match expect_args(cmd, 1, "genmove <color>").and_then(|_| parse_color(&cmd.args[0])) {
                Ok(c) => c,
                Err(e) => return Action::Reply(Err(e)),
            };
        // Benzene's tournament script ends a game only on `resign`.
        if self.pos().winner().is_some() {
            return Action::Reply(Ok("resign".into()));
        }
        let mut pos = *self.pos();
        pos.set_to_move(color);
        if self.opts.player != PlayerKind::Engine {
            let m = self.player.choose(&pos).map(|m| m as usize);
            return Action::Reply(self.commit(color, m.map(|c| self.board().cell_name(c))));
        }
        let swap = self.swap_candidate(color);
        let swap_ms = self.clock.default_move_ms / 2;
        let limits = self.limits(color);
        let tt = Arc::clone(&self.tt);
        let stop = Arc::clone(&ctx.stop);
        let out = self.opts.live_gfx.then(|| ctx.out.clone());
        let allow_resign = self.opts.allow_resign;
        let allow_swap = self.opts.allow_swap;
        let search = self.opts.search;
        let tree = Arc::clone(&self.tree);
        let seed = self.opts.seed.unwrap_or_else(rand::random);
        Action::Background(Box::new(move || {
            let started = Instant::now();
            let answer = match swap {
                Some(p) if opening::should_swap(&p, swap_ms, &stop) => "swap-pieces".to_string(),
                _ => match opening::first_move(&pos, allow_swap) {
                    Some(c) => pos.board().cell_name(c),
                    None if search == HexSearch::Mcts => {
                        mcts_genmove::think(&pos, &limits, &tree, seed, &stop, out, allow_resign)
                    }
                    None => alphabeta::think(&pos, &limits, &tt, &stop, out, allow_resign),
                },
            };
            let spent = started.elapsed().as_millis() as u64;
            Box::new(move |s: &mut HexSession| {
                s.clock.spent(color, spent);
                s.commit(color, Some(answer))
            })
        }))
    }

    /// Plays the engine's answer on our own board (HexGui does not send it back).
    fn commit(&mut self, color: u8, answer: Option<String>) -> Result<String, String> {
        let answer = answer.unwrap_or_else(|| "resign".into());
        if answer != "resign" {
            self.apply(color, &answer)?;
        }
        Ok(answer)
    }

    fn showboard(&self) -> String {
        let pos = self.pos();
        let status = match pos.winner() {
            Some(w) => format!("{} has won", color_name(w)),
            None => format!("{} to move", color_name(pos.to_move())),
        };
        format!(
            "\n{}x{}, {status}, {} moves\n{}",
            self.board().width(),
            self.board().height(),
            self.state().moves,
            self.board()
        )
    }

    fn time_settings(&mut self, cmd: &Command) -> Result<String, String> {
        expect_args(cmd, 3, "time_settings <main> <byoyomi> <stones>")?;
        let main = parse_seconds(&cmd.args[0], "main time")?;
        let byo = parse_seconds(&cmd.args[1], "byo-yomi time")?;
        let stones: u32 = arg(cmd, 2, "byo-yomi stones")?;
        if main < 0.0 || byo < 0.0 {
            return Err("times cannot be negative".into());
        }
        self.clock.set(Settings {
            main_ms: (main * 1000.0) as u64,
            byoyomi_ms: (byo * 1000.0) as u64,
            stones,
        });
        Ok(String::new())
    }

    fn time_left(&mut self, cmd: &Command) -> Result<String, String> {
        expect_args(cmd, 3, "time_left <color> <seconds> <stones>")?;
        let color = parse_color(&cmd.args[0])?;
        let secs = parse_seconds(&cmd.args[1], "time")?;
        let stones: u32 = arg(cmd, 2, "stones")?;
        self.clock.left(color, (secs * 1000.0) as i64, stones);
        Ok(String::new())
    }

    fn param_game(&mut self, cmd: &Command) -> Result<String, String> {
        match cmd.args.as_slice() {
            [] => Ok(format!(
                "[bool] allow_swap {}\n[list/hexgui/benzene] swap_meaning {}\n[bool] allow_resign {}\n[bool] live_gfx {}\n[string] max_time {}\n[list/alphabeta/mcts] search {}",
                self.opts.allow_swap as u8,
                match self.opts.swap_meaning {
                    SwapMeaning::Hexgui => "hexgui",
                    SwapMeaning::Benzene => "benzene",
                },
                self.opts.allow_resign as u8,
                self.opts.live_gfx as u8,
                self.clock.default_move_ms as f64 / 1000.0,
                match self.opts.search {
                    HexSearch::Alphabeta => "alphabeta",
                    HexSearch::Mcts => "mcts",
                }
            )),
            [name, value] => {
                match name.as_str() {
                    "allow_swap" => self.opts.allow_swap = parse_bool(value)?,
                    "allow_resign" => self.opts.allow_resign = parse_bool(value)?,
                    "live_gfx" => self.opts.live_gfx = parse_bool(value)?,
                    "swap_meaning" => {
                        self.opts.swap_meaning = match value.to_ascii_lowercase().as_str() {
                            "hexgui" => SwapMeaning::Hexgui,
                            "benzene" => SwapMeaning::Benzene,
                            _ => return Err(format!("invalid swap_meaning: {value} (hexgui or benzene)")),
                        }
                    }
                    "search" => {
                        self.opts.search = match value.to_ascii_lowercase().as_str() {
                            "alphabeta" => HexSearch::Alphabeta,
                            "mcts" => HexSearch::Mcts,
                            _ => return Err(format!("invalid search: {value} (alphabeta or mcts)")),
                        }
                    }
                    "max_time" => {
                        let s = parse_seconds(value, "max_time")?;
                        if s <= 0.0 {
                            return Err("max_time must be positive".into());
                        }
                        self.clock.default_move_ms = (s * 1000.0) as u64;
                    }
                    other => return Err(format!("unknown parameter: {other}")),
                }
                Ok(String::new())
            }
            _ => Err("usage: param_game [<name> <value>]".into()),
        }
    }

    fn param_dfpn(&mut self, cmd: &Command) -> Result<String, String> {
        match cmd.args.as_slice() {
            [] => Ok(format!(
                "[bool] use_guifx {}\n[string] timelimit {}\n[string] tt_size {}\n[string] node_limit {}",
                self.use_guifx as u8, self.solve_seconds, self.tt_size, self.node_limit
            )),
            [name, value] => {
                match name.as_str() {
                    "use_guifx" => self.use_guifx = parse_bool(value)?,
                    "timelimit" => {
                        self.solve_seconds = value
                            .parse::<f64>()
                            .ok()
                            .filter(|&s| s > 0.0 && s <= SOLVE_SECONDS_MAX)
                            .ok_or_else(|| {
                                format!(
                                    "invalid timelimit: {value} (seconds, more than 0, at most {SOLVE_SECONDS_MAX})"
                                )
                            })?
                    }
                    "tt_size" => {
                        self.tt_size = value
                            .parse::<usize>()
                            .ok()
                            .filter(|&n| (1000..=1 << 30).contains(&n))
                            .ok_or_else(|| {
                                format!("invalid tt_size: {value} (positions, 1000 to 2^30)")
                            })?
                    }
                    "node_limit" => {
                        self.node_limit = value.parse::<u64>().map_err(|_| {
                            format!("invalid node_limit: {value} (df-pn nodes, 0 for no bound)")
                        })?
                    }
                    other => return Err(format!("unknown parameter: {other}")),
                }
                Ok(String::new())
            }
            _ => Err("usage: param_dfpn [<name> <value>]".into()),
        }
    }

    /// Drops the solver's kept table (`dfpn_memory`).
    fn forget_solver_table(&mut self) {
        if let Ok(mut m) = self.dfpn_memory.lock() {
            *m = None;
        }
    }

    fn solve_settings(&self) -> session_vc::SolveSettings {
        session_vc::SolveSettings {
            seconds: self.solve_seconds,
            tt_size: self.tt_size,
            use_guifx: self.use_guifx,
            node_limit: self.node_limit,
        }
    }

    fn color_arg(cmd: &Command, usage: &str) -> Result<u8, String> {
        match cmd.args.as_slice() {
            [c] => parse_color(c),
            _ => Err(format!("usage: {usage}")),
        }
    }

    /// `hex-twodistance <color>`: each cell's two-distance potential for `color` as a map
    /// (1 on the cells of least potential, falling towards 0).
    fn twodistance_map(&self, cmd: &Command) -> Result<String, String> {
        let color = Self::color_arg(cmd, "hex-twodistance <color>")?;
        let a = Analysis::new(self.board());
        let td = &a.distance[color as usize];
        let mut s = String::from("INFLUENCE");
        for c in self.board().empty_cells().iter() {
            if td.potential[c] < FAR {
                let v = (td.best.max(1) as f32 / td.potential[c].max(1) as f32).clamp(0.0, 1.0);
                s.push_str(&format!(" {} {:.2}", self.board().cell_name(c), v));
            }
        }
        let d = |i: usize| {
            let t = &a.distance[i];
            if t.best >= FAR {
                "cut off".to_string()
            } else {
                format!("{} ({} cells)", t.best, t.mobility)
            }
        };
        s.push_str(&format!(" TEXT two-distance black {} white {}", d(0), d(1)));
        Ok(s)
    }

    /// `hex-resistance <color>`: the current through each cell of `color`'s network.
    fn resistance_map(&self, cmd: &Command) -> Result<String, String> {
        let color = Self::color_arg(cmd, "hex-resistance <color>")?;
        let a = Analysis::new(self.board());
        let r = &a.resistance[color as usize];
        let empty = self.board().empty_cells();
        let max = empty.iter().map(|c| r.flow[c]).fold(1e-6f32, f32::max);
        let mut s = String::from("INFLUENCE");
        for c in empty.iter() {
            let v = (r.flow[c] / max).clamp(0.0, 1.0);
            if v >= 0.005 {
                s.push_str(&format!(" {} {:.2}", self.board().cell_name(c), v));
            }
        }
        let ohms = |i: usize| {
            let o = a.resistance[i].ohms;
            if o.is_finite() {
                format!("{o:.2}")
            } else {
                "inf".into()
            }
        };
        s.push_str(&format!(
            " TEXT resistance black {} white {} eval {} {:+}",
            ohms(0),
            ohms(1),
            color_name(color),
            a.score(color)
        ));
        Ok(s)
    }

    /// `hex-scores <color>`: the candidate moves with their ordering values (`pspairs`).
    fn scores(&self, cmd: &Command) -> Result<String, String> {
        let color = Self::color_arg(cmd, "hex-scores <color>")?;
        let mut pos = *self.pos();
        pos.set_to_move(color);
        if pos.winner().is_some() {
            return Ok(String::new());
        }
        let pairs: Vec<String> = pos
            .ranked_moves()
            .iter()
            .take(SCORED_MOVES)
            .map(|&(c, v)| format!("{} {:.2}", self.board().cell_name(c), v))
            .collect();
        Ok(pairs.join(" "))
    }

    /// `hex-scores <color>` with the Monte-Carlo player: the winning rates of the most visited
    /// moves after an analysis search.
    fn mcts_scores(&self, cmd: &Command, ctx: &Context) -> Action<Self> {
        let color = match Self::color_arg(cmd, "hex-scores <color>") {
            Ok(c) => c,
            Err(e) => return Action::Reply(Err(e)),
        };
        let mut pos = *self.pos();
        pos.set_to_move(color);
        if pos.winner().is_some() {
            return Action::Reply(Ok(String::new()));
        }
        let limits = self.analysis_limits();
        self.mcts_analysis(pos, limits, ctx, |board, o| {
            let pairs: Vec<String> = o
                .moves
                .iter()
                .take(SCORED_MOVES)
                .map(|m| format!("{} {:.2}", board.cell_name(m.cell), m.mean))
                .collect();
            pairs.join(" ")
        })
    }

    /// The time and threads of an analysis command that searches.
    fn analysis_limits(&self) -> Limits {
        Limits {
            time: search::TimeControl::per_move(ANALYZE_MS.min(self.clock.default_move_ms)),
            threads: self.opts.threads,
            ..Limits::default()
        }
    }

    /// `hex-eval <color>`: the static evaluation and its parts.
    fn eval_text(&self, cmd: &Command) -> Result<String, String> {
        let color = Self::color_arg(cmd, "hex-eval <color>")?;
        let a = Analysis::new(self.board());
        Ok(format!(
            "{} {:+} (resistance black {:.2} white {:.2}; two-distance black {} white {})",
            color_name(color),
            a.score(color),
            a.resistance[0].ohms,
            a.resistance[1].ohms,
            a.distance[0].best,
            a.distance[1].best
        ))
    }

    /// `hex-pv <color>`: a short search; its principal variation (`var`).
    fn pv(&self, cmd: &Command, ctx: &Context) -> Action<Self> {
        let color = match Self::color_arg(cmd, "hex-pv <color>") {
            Ok(c) => c,
            Err(e) => return Action::Reply(Err(e)),
        };
        let mut pos = *self.pos();
        pos.set_to_move(color);
        let limits = self.analysis_limits();
        let tt = Arc::clone(&self.tt);
        let stop = Arc::clone(&ctx.stop);
        let board = *self.board();
        if self.opts.search == HexSearch::Mcts {
            return self.mcts_analysis(pos, limits, ctx, |board, o| {
                let line: Vec<String> = o.pv.iter().map(|&c| board.cell_name(c)).collect();
                line.join(" ")
            });
        }
        Action::Background(Box::new(move || {
            let r = search::search(&pos, &limits, &tt, &stop, &mut |_| {});
            let text: Vec<String> = r.pv.iter().map(|&m| board.cell_name(m as usize)).collect();
            let text = text.join(" ");
            Box::new(move |_: &mut HexSession| Ok(text))
        }))
    }

    /// An analysis command answered by the Monte-Carlo player: a search of `limits`' time from
    /// `pos` on the session's tree, whose outcome `answer` turns into the reply.
    fn mcts_analysis(
        &self,
        pos: Hex,
        limits: Limits,
        ctx: &Context,
        answer: fn(&Board, &mcts::Outcome) -> String,
    ) -> Action<Self> {
        let tree = Arc::clone(&self.tree);
        let stop = Arc::clone(&ctx.stop);
        let seed = self.opts.seed.unwrap_or_else(rand::random);
        Action::Background(Box::new(move || {
            let settings = mcts::Settings {
                threads: limits.threads,
                time: mcts_genmove::search_time(&limits),
                playouts: None,
                seed,
            };
            let o = tree.search(&pos, &settings, &stop, &mut |_| {});
            let text = answer(pos.board(), &o);
            Box::new(move |_: &mut HexSession| Ok(text))
        }))
    }

    /// `vc-build <color>`: HexGui's Hint. The inferior cells for `color` to move (`session_inferior`),
    /// then, as Benzene, ` <cell> x` on the empty cells outside `color`'s must-play region.
    fn vc_build(&self, cmd: &Command) -> Result<String, String> {
        let color = Self::color_arg(cmd, "vc-build <color>")?;
        let inferior = session_inferior::inferior(self.pos(), color);
        let outside = session_vc::outside_must_play(self.pos(), color, &self.pos().dead_cells());
        Ok(format!("{inferior}{outside}").trim_start().to_string())
    }

    /// The dead cells (`<cell> d`) and the cells outside the must-play region (`<cell> x`).
    fn inferior_and_outside(&self, color: u8) -> String {
        let dead_cells = self.pos().dead_cells();
        let dead: Vec<String> = dead_cells
            .iter()
            .map(|c| format!("{} d", self.board().cell_name(c)))
            .collect();
        let outside = session_vc::outside_must_play(self.pos(), color, &dead_cells);
        format!("{}{outside}", dead.join(" "))
            .trim_start()
            .to_string()
    }

    /// `vc-get-mustplay <color>`: the dead cells and ` <cell> x` on every empty cell outside
    /// the must-play region of `color` to move (Benzene's form).
    fn vc_get_mustplay(&self, cmd: &Command) -> Result<String, String> {
        let color = Self::color_arg(cmd, "vc-get-mustplay <color>")?;
        Ok(self.inferior_and_outside(color))
    }

    fn analyze_commands() -> String {
        [
            "gfx/Two-distance map/hex-twodistance %m",
            "gfx/Resistance map/hex-resistance %m",
            "var/Principal variation/hex-pv %m",
            "pspairs/Move scores/hex-scores %m",
            "string/Evaluation/hex-eval %m",
            "inferior/Inferior cells/vc-build %m",
            "inferior/Compute Inferior/compute-inferior %m",
            "inferior/VC Get Mustplay/vc-get-mustplay %m",
            "vc/VC Between Cells Full/vc-between-cells-full %c %P",
            "vc/VC Between Cells Semi/vc-between-cells-semi %c %P",
            "string/Solve/dfpn-solve-state %m",
            "var/DFPN Get PV/dfpn-get-pv %m",
            "plist/DFPN Find Winning/dfpn-solver-find-winning %m",
            "param/Game parameters/param_game",
            "param/Solver parameters/param_dfpn",
            "string/Final score/final_score",
            "string/Show board/showboard",
        ]
        .join("\n")
    }
}

impl Session for HexSession {
    fn commands(&self) -> Vec<&'static str> {
        vec![
            "boardsize",
            "clear_board",
            "play",
            "genmove",
            "undo",
            "showboard",
            "final_score",
            "time_settings",
            "time_left",
            "param_game",
            "param_dfpn",
            "dfpn-solve-state",
            "vc-build",
            "compute-inferior",
            "vc-get-mustplay",
            "vc-between-cells-full",
            "vc-between-cells-semi",
            "dfpn-get-pv",
            "dfpn-solver-find-winning",
            "hexgui-analyze_commands",
            "gogui-analyze_commands",
            "hex-twodistance",
            "hex-resistance",
            "hex-scores",
            "hex-eval",
            "hex-pv",
        ]
    }

    fn execute(&mut self, cmd: &Command, ctx: &Context) -> Action<Self> {
        let reply = match cmd.name.as_str() {
            "boardsize" => self.boardsize(cmd),
            "clear_board" => expect_args(cmd, 0, "clear_board").map(|_| {
                self.forget_solver_table();
                let (w, h) = (self.board().width(), self.board().height());
                self.new_game(w, h);
                String::new()
            }),
            "play" => self.play(cmd),
            "genmove" => return self.genmove(cmd, ctx),
            "undo" => expect_args(cmd, 0, "undo").and_then(|_| {
                if self.history.len() > 1 {
                    self.history.pop();
                    Ok(String::new())
                } else {
                    Err("cannot undo: no move played".into())
                }
            }),
            "showboard" => expect_args(cmd, 0, "showboard").map(|_| self.showboard()),
            "final_score" => {
                expect_args(cmd, 0, "final_score").and_then(|_| match self.pos().winner() {
                    Some(BLACK) => Ok("B+".into()),
                    Some(_) => Ok("W+".into()),
                    None => Err("game not over: nobody has won yet".into()),
                })
            }
            "time_settings" => self.time_settings(cmd),
            "time_left" => self.time_left(cmd),
            "param_game" => self.param_game(cmd),
            "param_dfpn" => self.param_dfpn(cmd),
            "dfpn-solve-state" => {
                return session_vc::solve_state(
                    self.pos(),
                    cmd,
                    ctx,
                    self.solve_settings(),
                    &self.dfpn_memory,
                )
            }
            "dfpn-get-pv" => {
                return session_vc::get_pv(
                    self.pos(),
                    cmd,
                    ctx,
                    self.solve_settings(),
                    &self.dfpn_memory,
                )
            }
            "dfpn-solver-find-winning" => {
                return session_vc::find_winning(
                    self.pos(),
                    cmd,
                    ctx,
                    self.solve_settings(),
                    &self.dfpn_memory,
                )
            }
            "vc-build" => self.vc_build(cmd),
            "compute-inferior" => Self::color_arg(cmd, "compute-inferior <color>")
                .map(|c| session_inferior::inferior(self.pos(), c)),
            "vc-get-mustplay" => self.vc_get_mustplay(cmd),
            "vc-between-cells-full" => session_vc::between(self.pos(), cmd, false),
            "vc-between-cells-semi" => session_vc::between(self.pos(), cmd, true),
            "hexgui-analyze_commands" | "gogui-analyze_commands" => {
                expect_args(cmd, 0, &cmd.name).map(|_| Self::analyze_commands())
            }
            "hex-twodistance" => self.twodistance_map(cmd),
            "hex-resistance" => self.resistance_map(cmd),
            "hex-scores" if self.opts.search == HexSearch::Mcts => {
                return self.mcts_scores(cmd, ctx)
            }
            "hex-scores" => self.scores(cmd),
            "hex-eval" => self.eval_text(cmd),
            "hex-pv" => return self.pv(cmd, ctx),
            other => Err(format!("unknown command: {other}")),
        };
        Action::Reply(reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::board::WHITE;
    use crate::protocol::output::{Captured, Output};
    use crate::search::TimeControl;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    /// `protocol-tests/hex/time.txt`'s clock, checked as the budget the next `genmove` gets
    /// (the transcript itself only checks that the answer comes, not how fast).
    #[test]
    fn a_nearly_spent_clock_budgets_the_move_within_what_is_left() {
        let mut s = HexSession::new(HexOptions::default());
        let gtp = |name: &str, args: &[&str]| Command {
            id: None,
            name: name.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
        };
        s.time_settings(&gtp("time_settings", &["300", "10", "5"]))
            .unwrap();
        s.time_left(&gtp("time_left", &["black", "1", "0"]))
            .unwrap();
        s.time_left(&gtp("time_left", &["white", "0.5", "1"]))
            .unwrap();
        let budget = |s: &HexSession, color| {
            let l = s.limits(color);
            assert_eq!(l.overhead_ms, search::time::DEFAULT_OVERHEAD_MS);
            l.time.budget(l.moves_left, l.overhead_ms).unwrap()
        };
        // 1 s of main time left, more moves to come: at most a third of it, less the overhead.
        let b = budget(&s, BLACK);
        assert!(
            b.soft <= b.hard && b.hard <= Duration::from_millis(323),
            "{b:?}"
        );
        // 0.5 s for the last stone of the period: all of it but the overhead, not more.
        let w = budget(&s, WHITE);
        assert!(
            w.soft <= w.hard && w.hard <= Duration::from_millis(470),
            "{w:?}"
        );
        assert!(w.hard >= Duration::from_millis(100), "{w:?}");
    }

    #[test]
    fn the_clock_counts_our_time_down_and_refills_byoyomi() {
        let mut c = Clock::new(3000);
        assert_eq!(c.control(BLACK), TimeControl::per_move(3000));
        c.set(Settings {
            main_ms: 1000,
            byoyomi_ms: 5000,
            stones: 2,
        });
        assert_eq!(c.control(BLACK).time_left_ms, Some(1000));
        c.spent(BLACK, 1200);
        // Main time is gone: byo-yomi, 5 s for 2 stones.
        let tc = c.control(BLACK);
        assert_eq!((tc.time_left_ms, tc.moves_to_go), (Some(5000), Some(2)));
        c.spent(BLACK, 1000);
        assert_eq!(c.control(BLACK).moves_to_go, Some(1));
        c.spent(BLACK, 1000);
        let tc = c.control(BLACK);
        assert_eq!((tc.time_left_ms, tc.moves_to_go), (Some(5000), Some(2)));
        // White's clock is untouched; time_left overrides.
        assert_eq!(c.control(WHITE).time_left_ms, Some(1000));
        c.left(WHITE, 700, 0);
        assert_eq!(c.control(WHITE).time_left_ms, Some(700));
        // All zeros: no limit, back to the per-move default.
        c.set(Settings::default());
        assert_eq!(c.control(WHITE), TimeControl::per_move(3000));
    }

    /// Runs one command to its answer, a background job included.
    fn command(s: &mut HexSession, line: &str) -> Result<String, String> {
        let mut words = line.split_whitespace();
        let cmd = Command {
            id: None,
            name: words.next().unwrap_or_default().into(),
            args: words.map(String::from).collect(),
        };
        let ctx = Context {
            stop: Arc::new(AtomicBool::new(false)),
            out: Output::new(Box::new(Captured::default())),
        };
        match s.execute(&cmd, &ctx) {
            Action::Reply(r) => r,
            Action::Background(job) => job()(s),
            Action::Quit => Ok(String::new()),
        }
    }

    fn kept_positions(s: &HexSession) -> usize {
        s.dfpn_memory
            .lock()
            .unwrap()
            .as_ref()
            .map_or(0, |m| m.len())
    }

    /// The solver's table lives across `dfpn-*` commands (each one starts from what the last
    /// left) until `clear_board` or a new board size; a `boardsize` of the same size keeps it.
    /// The answers are the brute force's: the winner on 4×4 after Black b2 with White to move,
    /// and the winning moves `dfpn-solver-find-winning` lists for White after Black a1 are exactly the
    /// moves after which Black, to move, loses.
    #[test]
    fn the_solver_table_lives_across_dfpn_commands_until_the_board_changes() {
        use crate::games::hex::tests::brute_force;
        let mut s = HexSession::new(HexOptions::default());
        command(&mut s, "boardsize 4").unwrap();
        command(&mut s, "play b b2").unwrap();
        assert_eq!(kept_positions(&s), 0);
        let mut memo = crate::games::hex::tests::Memo::default();
        let mut w = *s.pos();
        w.set_to_move(WHITE);
        let winner = if brute_force(&w, &mut memo) {
            "white"
        } else {
            "black"
        };
        assert_eq!(command(&mut s, "dfpn-solve-state w").unwrap(), winner);
        let first = kept_positions(&s);
        assert!(first > 0);
        // The PV comes from the same table: it grows by no more than the PV's own positions.
        let pv = command(&mut s, "dfpn-get-pv w").unwrap();
        assert!(!pv.is_empty());
        assert!(kept_positions(&s) >= first);
        command(&mut s, "boardsize 4").unwrap();
        assert!(kept_positions(&s) >= first, "same size keeps the table");
        command(&mut s, "play b a1").unwrap();
        let winning = command(&mut s, "dfpn-solver-find-winning w").unwrap();
        assert!(kept_positions(&s) >= first);
        let mut expected = Vec::new();
        let pos = *s.pos();
        for c in pos.board().empty_cells().iter() {
            let mut q = pos;
            q.set_to_move(WHITE);
            q.play_cell(c);
            if !brute_force(&q, &mut memo) {
                expected.push(pos.board().cell_name(c));
            }
        }
        let mut got: Vec<String> = winning.split_whitespace().map(String::from).collect();
        got.sort();
        expected.sort();
        assert_eq!(got, expected);
        command(&mut s, "clear_board").unwrap();
        assert_eq!(kept_positions(&s), 0, "clear_board drops the table");
        command(&mut s, "dfpn-solve-state b").unwrap();
        assert!(kept_positions(&s) > 0);
        command(&mut s, "boardsize 5").unwrap();
        assert_eq!(kept_positions(&s), 0, "a new size drops the table");
    }
}
