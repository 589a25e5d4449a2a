//! The Kalah text protocol (GTP framing): `newgame`, `rule`, `position`, `play`, `genmove`,
//! `undo`, `showboard`, `time_left`, `solve`, `analyze`. Documented in docs/kalah.md.
//!
//! Searches (`genmove`, `solve`, `analyze`) run as background jobs, so `# interrupt`, `quit` and
//! EOF are answered while they run. The proof table and the endgame database live as long as
//! the session (for one rule set): proofs found for one move speed up the next.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::protocol::gtp::{arg, expect_args, parse_time_left, Action, Command, Context, Session};
use crate::reference_players::{PlayerKind, Reference};
use crate::search::{self, Limits, TimeControl, Tt, DEFAULT_HASH_MB};

use super::board::{Rules, MAX_PITS, MAX_SEEDS};
use super::endgame::Endgame;
use super::position::{Kalah, SEED};
use super::proof_table::ProofTable;
use super::solver::{self, ProgressEvery, SolverSetup};

/// The shortest move budget for which `genmove` reads a cached endgame database from disk.
const DATABASE_LOAD_MIN_MS: u64 = 5_000;

/// Per-move time of `genmove` when no `time_left` was given.
const DEFAULT_MOVE_MS: u64 = 1000;
/// `solve` builds the endgame database (if not cached) only for boards with more seeds than
/// the database covers plus this.
const BUILD_MARGIN: u32 = 24;
/// A `solve` that runs longer than this prints a progress line on stderr this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);
/// Smallest proof table when `--hash` is not given: solving needs room.
const MIN_PROOF_TABLE_MB: usize = 64;

pub struct KalahSession {
    /// The current position and every earlier one, for `undo`.
    history: Vec<Kalah>,
    /// Seeds per pit of the last `newgame` (for `newgame` without arguments).
    seeds: u32,
    /// The heuristic search's table, made at the first `genmove` or `analyze`: a session that
    /// only solves gives all of `--hash` to the proof table without holding a second one (see
    /// `tt()` for how the two then share it).
    tt: Option<Arc<Tt>>,
    hash_mb: usize,
    /// `--hash` was not given: `solve` may grow the proof table for a big board.
    grow_proofs: bool,
    proofs: Arc<ProofTable>,
    /// The rule set the proof table's entries belong to.
    proofs_rules: Rules,
    endgame: Option<Arc<Endgame>>,
    threads: usize,
    time_left_ms: Option<i64>,
    /// The moves `time_left_ms` is for (`time_left <ms> <moves>`); `None`: the rest of the game.
    moves_to_go: Option<u32>,
    player: Reference,
}

impl KalahSession {
    /// `hash_mb`: `--hash`, if given (default 64): then the session's tables stay within it.
    pub fn new(
        threads: usize,
        hash_mb: Option<usize>,
        player: PlayerKind,
        seed: Option<u64>,
    ) -> KalahSession {
        let grow_proofs = hash_mb.is_none();
        let hash_mb = hash_mb.unwrap_or(DEFAULT_HASH_MB).max(1);
        let rules = Rules {
            pits: 6,
            empty_capture: false,
        };
        KalahSession {
            history: vec![Kalah::new(rules, 4)],
            seeds: 4,
            tt: None,
            hash_mb,
            grow_proofs,
            proofs: Arc::new(ProofTable::new(
                if grow_proofs {
                    hash_mb.max(MIN_PROOF_TABLE_MB)
                } else {
                    hash_mb
                },
                rules.pits,
            )),
            proofs_rules: rules,
            endgame: None,
            threads,
            time_left_ms: None,
            moves_to_go: None,
            player: Reference::new(player, seed),
        }
    }

    /// The heuristic search's table (made on first use). With an explicit `--hash` the
    /// session's two tables share it, so that the process stays within what it was given (the
    /// soak measured 86 MB with `--hash 16` when each table had its own): the first `genmove`
    /// or `analyze` replaces the proof table by one of half the size (its proofs are lost,
    /// once) and gives the other half to this table.
    fn tt(&mut self) -> Arc<Tt> {
        if self.tt.is_none() {
            let mb = if self.grow_proofs {
                self.hash_mb
            } else {
                let half = (self.hash_mb / 2).max(1);
                self.proofs = Arc::new(ProofTable::new(half, self.proofs_rules.pits));
                half
            };
            self.tt = Some(Arc::new(Tt::new(mb)));
        }
        Arc::clone(self.tt.as_ref().expect("made above"))
    }

    fn pos(&self) -> &Kalah {
        self.history.last().expect("history is never empty")
    }

    /// Starts from `pos`; tables that belong to another rule set are forgotten.
    fn reset(&mut self, pos: Kalah) {
        if pos.rules != self.proofs_rules {
            // The table's keys are packed for a number of pits.
            if pos.rules.pits == self.proofs.pits() {
                self.proofs.clear();
            } else {
                self.proofs = Arc::new(ProofTable::new(self.proofs.mb(), pos.rules.pits));
            }
            self.proofs_rules = pos.rules;
        }
        if self
            .endgame
            .as_ref()
            .is_some_and(|e| e.rules() != pos.rules)
        {
            self.endgame = None;
        }
        self.history = vec![pos];
        if let Some(tt) = &self.tt {
            tt.clear();
        }
    }

    fn newgame(&mut self, cmd: &Command) -> Result<String, String> {
        let (pits, seeds) = match cmd.args.len() {
            0 => (self.pos().rules.pits, self.seeds),
            2 => (
                arg::<usize>(cmd, 0, "pit count")?,
                arg::<u32>(cmd, 1, "seed count")?,
            ),
            _ => return Err("usage: newgame [<pits> <seeds>]".into()),
        };
        if pits == 0 || pits > MAX_PITS {
            return Err(format!("pits per side must be 1 to {MAX_PITS}"));
        }
        let most = MAX_SEEDS / (2 * pits as u32);
        if seeds == 0 || seeds > most {
            return Err(format!(
                "seeds per pit must be 1 to {most} with {pits} pits"
            ));
        }
        let rules = Rules {
            pits,
            ..self.pos().rules
        };
        self.seeds = seeds;
        self.reset(Kalah::new(rules, seeds));
        Ok(String::new())
    }

    fn rule(&mut self, cmd: &Command) -> Result<String, String> {
        expect_args(cmd, 2, "rule empty_capture on|off")?;
        if cmd.args[0] != "empty_capture" {
            return Err(format!("unknown rule {} (empty_capture)", cmd.args[0]));
        }
        let on = match cmd.args[1].as_str() {
            "on" => true,
            "off" => false,
            other => return Err(format!("invalid value {other} (on or off)")),
        };
        let mut pos = *self.pos();
        pos.rules.empty_capture = on;
        self.reset(pos);
        Ok(String::new())
    }

    /// Sets the position; the side to move is called the first player from then on.
    fn position(&mut self, cmd: &Command) -> Result<String, String> {
        let n = cmd.args.len();
        let usage = "usage: position <pits of the side to move> <its store> <pits of the other side> <its store>";
        if n < 4 || !n.is_multiple_of(2) {
            return Err(usage.into());
        }
        let m = (n - 2) / 2;
        if m > MAX_PITS {
            return Err(format!(
                "pits per side must be 1 to {MAX_PITS}: {n} numbers make {m} pits a side"
            ));
        }
        let values = (0..n)
            .map(|i| arg::<u32>(cmd, i, "seed count"))
            .collect::<Result<Vec<_>, _>>()?;
        let rules = Rules {
            pits: m,
            ..self.pos().rules
        };
        let pos = Kalah::from_parts(
            rules,
            &values[..m],
            values[m],
            &values[m + 1..2 * m + 1],
            values[2 * m + 1],
            0,
        )?;
        self.reset(pos);
        Ok(String::new())
    }

    fn parse_pit(&self, cmd: &Command) -> Result<usize, String> {
        expect_args(cmd, 1, "play <pit>")?;
        let pos = self.pos();
        let m = pos.rules.pits;
        let pit: usize = arg(cmd, 0, "pit")?;
        if pos.board.is_over() {
            return Err("game over".into());
        }
        if pit == 0 || pit > m {
            return Err(format!("illegal move: no pit {pit} (pits are 1..{m})"));
        }
        if !pos.is_legal(pit - 1) {
            return Err(format!("illegal move: pit {pit} is empty"));
        }
        Ok(pit - 1)
    }

    fn play(&mut self, cmd: &Command) -> Result<String, String> {
        let pit = self.parse_pit(cmd)?;
        self.push(pit);
        Ok(String::new())
    }

    fn push(&mut self, pit: usize) {
        let mut next = *self.pos();
        next.apply(pit);
        self.history.push(next);
    }

    /// Refuses searches once the game is over.
    fn not_over(&self) -> Result<(), String> {
        if self.pos().board.is_over() {
            Err("game over".into())
        } else {
            Ok(())
        }
    }

    fn showboard(&self) -> String {
        let pos = self.pos();
        let m = pos.rules.pits;
        let (south, north, south_store, north_store) = if pos.player == 0 {
            let b = pos.board;
            (
                (0..m).map(|i| b.mine(i)).collect::<Vec<_>>(),
                (0..m).map(|i| b.theirs(i)).collect::<Vec<_>>(),
                pos.stores[0],
                pos.stores[1],
            )
        } else {
            let b = pos.board;
            (
                (0..m).map(|i| b.theirs(i)).collect(),
                (0..m).map(|i| b.mine(i)).collect(),
                pos.stores[1],
                pos.stores[0],
            )
        };
        let row =
            |v: &mut dyn Iterator<Item = u32>| v.map(|x| format!("{x:>4}")).collect::<String>();
        let status = match pos.final_margin() {
            None => format!(
                "{} player to move",
                if pos.player == 0 { "first" } else { "second" }
            ),
            Some(margin) => {
                let first = if pos.player == 0 { margin } else { -margin };
                format!("game over, first player's margin {first:+}")
            }
        };
        format!(
            "\nKalah({m}) empty_capture {}, {status}\n      {}   second player's pits\n{north_store:>4}  {}\n      {}  {south_store:>4}\n      {}   first player's pits\n",
            if pos.rules.empty_capture { "on" } else { "off" },
            row(&mut (1..=m as u32).rev()),
            row(&mut north.iter().rev().copied()),
            row(&mut south.iter().copied()),
            row(&mut (1..=m as u32)),
        )
    }

    /// The endgame database for `rules` if one is loaded, or loaded from the cache.
    fn cached_endgame(&mut self) -> Option<Arc<Endgame>> {
        let rules = self.pos().rules;
        if self.endgame.as_ref().is_some_and(|e| e.rules() == rules) {
            return self.endgame.clone();
        }
        let never = AtomicBool::new(false);
        let db = Endgame::load_cached(rules, endgame_seeds(rules.pits), &never).map(Arc::new);
        if db.is_some() {
            self.endgame = db.clone();
        }
        db
    }

    fn solve(&mut self, ctx: &Context) -> Action<Self> {
        let pos = *self.pos();
        if let Some(margin) = pos.final_margin() {
            return Action::Reply(Ok(format!("{margin:+}")));
        }
        let rules = pos.rules;
        // Only a database already in memory is taken here; reading one from disk (up to a GB)
        // happens in the background, where it does not hold up the input loop.
        let loaded = self.endgame.clone().filter(|e| e.rules() == rules);
        let proofs = Arc::clone(&self.proofs);
        let grow_to = self
            .grow_proofs
            .then(|| solve_proof_table_mb(rules.pits, pos.board.seeds()))
            .filter(|&mb| mb > proofs.mb());
        let stop = Arc::clone(&ctx.stop);
        let threads = self.threads;
        Action::Background(Box::new(move || {
            // A new table is filled here, not on the input thread (a GB takes a second), and
            // given up on an interrupt (the solve then stops at once).
            let grown = grow_to.and_then(|mb| {
                log::info!("solve: proof table grown to {mb} MB for this board");
                ProofTable::new_unless_stopped(mb, rules.pits, &stop)
            });
            let proofs = grown.map_or(proofs, Arc::new);
            let seeds = pos.board.seeds();
            let k = solve_endgame_seeds(rules.pits, seeds);
            let mut writer = None;
            let endgame = match loaded {
                Some(db) if db.max_seeds() >= k => Some(db),
                // Building a database is worth it only when the search alone would take longer
                // (Kalah(6,3) is solved in about a second without one, Kalah(6,4) is not).
                _ if k > 0 && seeds > k + BUILD_MARGIN => {
                    Endgame::load_or_build(rules, k, threads, &stop).map(|(db, built)| {
                        let db = Arc::new(db);
                        // Cached while the search runs, and waited for before the answer.
                        writer = built.then(|| Endgame::cache_in_background(Arc::clone(&db)));
                        db
                    })
                }
                loaded => Endgame::load_cached(rules, k, &stop)
                    .map(Arc::new)
                    .or(loaded),
            };
            let setup = SolverSetup {
                rules,
                table: &proofs,
                endgame: endgame.as_deref(),
                threads,
                stop: &stop,
                deadline: None,
                guess: None,
                progress: Some(ProgressEvery {
                    every: PROGRESS_EVERY,
                    margin_offset: pos.store_margin(),
                }),
            };
            let r = solver::solve(pos.board, &setup);
            if let Some(w) = writer {
                let waited = Instant::now();
                let _ = w.join();
                log::info!(
                    "solve: waited {:.1} s for the database's cache file",
                    waited.elapsed().as_secs_f64()
                );
            }
            let text = match r {
                Ok(s) => {
                    log::info!(
                        "solve: value {:+} best {:?} nodes {} time {} ms threads {threads}",
                        s.value,
                        s.best.map(|p| p + 1),
                        s.nodes,
                        s.elapsed.as_millis()
                    );
                    let margin = pos.store_margin() + s.value;
                    Ok(match s.best {
                        Some(p) => format!("{margin:+} {}", p + 1),
                        None => format!("{margin:+}"),
                    })
                }
                Err(p) => Err(format!(
                    "interrupted: margin between {:+} and {:+}",
                    pos.store_margin() + p.lower,
                    pos.store_margin() + p.upper
                )),
            };
            Box::new(move |s: &mut KalahSession| {
                let bigger = |new: &Endgame| {
                    s.endgame.as_ref().is_none_or(|old| {
                        old.rules() != new.rules() || old.max_seeds() < new.max_seeds()
                    })
                };
                if s.pos().rules == rules && endgame.as_deref().is_some_and(bigger) {
                    s.endgame = endgame;
                }
                // The grown table (and its proofs) stays for the next solve of these rules.
                if s.proofs_rules == rules && proofs.mb() > s.proofs.mb() {
                    s.proofs = proofs;
                }
                text
            })
        }))
    }

    fn genmove(&mut self, ctx: &Context) -> Action<Self> {
        if let Err(e) = self.not_over() {
            return Action::Reply(Err(e));
        }
        let pos = *self.pos();
        if self.player.kind != PlayerKind::Engine {
            let m = self.player.choose(&pos).expect("a legal move");
            self.push(m as usize);
            return Action::Reply(Ok((m + 1).to_string()));
        }
        let time = match self.time_left_ms {
            Some(ms) => TimeControl {
                time_left_ms: Some(ms),
                moves_to_go: self.moves_to_go,
                ..TimeControl::default()
            },
            None => TimeControl::per_move(DEFAULT_MOVE_MS),
        };
        let limits = Limits {
            time,
            moves_left: moves_left(&pos),
            threads: self.threads,
            ..Limits::default()
        };
        let budget = time
            .budget(limits.moves_left, limits.overhead_ms)
            .unwrap_or(search::Budget {
                soft: Duration::from_millis(DEFAULT_MOVE_MS / 2),
                hard: Duration::from_millis(DEFAULT_MOVE_MS),
            });
        // Reading a cached database from disk takes longer than a fast move: below
        // `DATABASE_LOAD_MIN_MS` only a database already in memory is used (a match at
        // 100 ms/move forfeited on time while the first genmove loaded 226 MB).
        let endgame = if budget.hard >= Duration::from_millis(DATABASE_LOAD_MIN_MS) {
            self.cached_endgame()
        } else {
            self.endgame.clone().filter(|e| e.rules() == pos.rules)
        };
        // The search's table first: making it may resize the proof table.
        let tt = self.tt();
        let proofs = Arc::clone(&self.proofs);
        let stop = Arc::clone(&ctx.stop);
        Action::Background(Box::new(move || {
            let pit = choose_move(
                &pos,
                &limits,
                budget,
                &proofs,
                endgame.as_deref(),
                &tt,
                &stop,
            );
            Box::new(move |s: &mut KalahSession| {
                s.push(pit as usize);
                Ok((pit + 1).to_string())
            })
        }))
    }

    fn analyze(&mut self, cmd: &Command, ctx: &Context) -> Action<Self> {
        let ms: u64 =
            match expect_args(cmd, 1, "analyze <ms>").and_then(|_| arg(cmd, 0, "time in ms")) {
                Ok(ms) => ms,
                Err(e) => return Action::Reply(Err(e)),
            };
        if let Err(e) = self.not_over() {
            return Action::Reply(Err(e));
        }
        let pos = *self.pos();
        let limits = Limits::analysis(ms, self.threads);
        let tt = self.tt();
        let stop = Arc::clone(&ctx.stop);
        Action::Background(Box::new(move || {
            let r = search::search(&pos, &limits, &tt, &stop, &mut |_| {});
            let text = format!(
                "{} score {:+.2} depth {} nodes {}",
                r.best.map_or(0, |p| p + 1),
                r.score as f64 / SEED as f64,
                r.depth,
                r.nodes
            );
            Box::new(move |_: &mut KalahSession| Ok(text))
        }))
    }
}

/// The endgame database size for `pits` pits per side: as many seeds as fit about 256 MB
/// (20 seeds for 6 pits: built in under two minutes on 2 loaded cores and cached; on Kalah(6,4)
/// it takes the solve from 111M nodes with 17 seeds to 45M). `genmove` uses this size.
pub fn endgame_seeds(pits: usize) -> u32 {
    db_seeds_within(pits, 256 << 20)
}

/// Boards with at least this many seeds more than the default database covers are solved with
/// a bigger database and (without `--hash`) a bigger proof table.
const BIG_BOARD_MARGIN: u32 = 40;

/// A board whose solve is long enough to repay bigger tables (6 pits: 60 seeds and up, Kalah(6,5)).
fn is_big_board(pits: usize, seeds: u32) -> bool {
    seeds >= endgame_seeds(pits) + BIG_BOARD_MARGIN
}

/// The endgame database size `solve` uses for a board with `seeds` in play. A big board's solve
/// is long enough to repay a bigger database, built once and cached: about 2 GB (25 seeds for 6
/// pits, 1.85 GB; at most an eighth of the machine's memory, at least 1 GB). Each seed more takes
/// about 37 % of the nodes off: Kalah(6,4) off on one thread took 7.49M nodes with 23 seeds,
/// 4.74M with 24 and 2.95M with 25, while each seed costs about 1.5 times the build before it
/// (122, 188 and 289 s of CPU). Earlier, 23 seeds (834 MB) against 20 halved Kalah(6,5) off on
/// 2 threads, 1283 s against 658 s.
pub fn solve_endgame_seeds(pits: usize, seeds: u32) -> u32 {
    if is_big_board(pits, seeds) {
        let ram = physical_memory_bytes().unwrap_or(usize::MAX);
        db_seeds_within(pits, (2usize << 30).min(ram / 8).max(1 << 30))
    } else {
        endgame_seeds(pits)
    }
}

/// The proof table `solve` takes for a board with `seeds` in play when `--hash` is not given:
/// the default for most boards; for a board as big as those given a bigger database, 2 GB (at
/// most an eighth of the machine's memory). Kalah(6,5) off on 2 threads took 1341 s with the
/// default 64 MB, 930 s with 2 GB and 625 s with 8 GB (32-byte entries); with 16-byte entries
/// 2 GB took 643 s (3.44G nodes, cached 23-seed database, load 1.6-2.0).
pub fn solve_proof_table_mb(pits: usize, seeds: u32) -> usize {
    if !is_big_board(pits, seeds) {
        return DEFAULT_HASH_MB.max(MIN_PROOF_TABLE_MB);
    }
    let ram_mb = physical_memory_bytes().map_or(usize::MAX, |b| b >> 20);
    (2048).min(ram_mb / 8).max(MIN_PROOF_TABLE_MB)
}

#[cfg(windows)]
use super::huge_pages::physical_memory_bytes;

/// The machine's physical memory, if the system says.
#[cfg(unix)]
fn physical_memory_bytes() -> Option<usize> {
    // SAFETY: sysconf only reads system configuration values.
    let (pages, page) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    (pages > 0 && page > 0).then(|| (pages as usize).saturating_mul(page as usize))
}

/// The most seeds whose database fits `bytes` (`SENTE_KALAH_DB_SEEDS` overrides).
fn db_seeds_within(pits: usize, bytes: usize) -> u32 {
    if let Some(k) = std::env::var("SENTE_KALAH_DB_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return k;
    }
    let mut k = 0;
    while k < super::endgame::LIMIT && Endgame::size(pits, k + 1) <= bytes {
        k += 1;
    }
    k
}

/// A guess of the moves this side still has to make: a move takes about three seeds off.
fn moves_left(pos: &Kalah) -> u32 {
    (pos.board.seeds() / 6 + 2).clamp(2, 40)
}

/// `genmove`'s choice: the exact solver first, for half the soft budget; if it proves the
/// value, its move is played. Otherwise the iterative-deepening search uses the rest.
pub fn choose_move(
    pos: &Kalah,
    limits: &Limits,
    budget: search::Budget,
    proofs: &ProofTable,
    endgame: Option<&Endgame>,
    tt: &Tt,
    stop: &AtomicBool,
) -> u8 {
    let start = Instant::now();
    let setup = SolverSetup {
        rules: pos.rules,
        table: proofs,
        endgame,
        threads: limits.threads,
        stop,
        deadline: Some(start + budget.soft / 2),
        guess: None,
        progress: None,
    };
    if let Ok(s) = solver::solve(pos.board, &setup) {
        if let Some(best) = s.best {
            log::info!(
                "genmove: solved, margin {:+}, pit {}",
                pos.store_margin() + s.value,
                best + 1
            );
            return best;
        }
    }
    let left = budget
        .hard
        .saturating_sub(start.elapsed())
        .max(Duration::from_millis(1));
    let limits = Limits {
        time: TimeControl::per_move(left.as_millis() as u64),
        overhead_ms: 0,
        ..*limits
    };
    let r = search::search(pos, &limits, tt, stop, &mut |_| {});
    r.best.unwrap_or_else(|| {
        (0..pos.rules.pits as u8)
            .find(|&p| pos.is_legal(p as usize))
            .expect("a legal move")
    })
}

impl Session for KalahSession {
    fn commands(&self) -> Vec<&'static str> {
        vec![
            "newgame",
            "rule",
            "position",
            "play",
            "genmove",
            "undo",
            "showboard",
            "time_left",
            "solve",
            "analyze",
        ]
    }

    fn execute(&mut self, cmd: &Command, ctx: &Context) -> Action<Self> {
        let reply = match cmd.name.as_str() {
            "newgame" => self.newgame(cmd),
            "rule" => self.rule(cmd),
            "position" => self.position(cmd),
            "play" => self.play(cmd),
            "genmove" => match expect_args(cmd, 0, "genmove") {
                Ok(()) => return self.genmove(ctx),
                Err(e) => Err(e),
            },
            "undo" => expect_args(cmd, 0, "undo").and_then(|_| {
                if self.history.len() > 1 {
                    self.history.pop();
                    Ok(String::new())
                } else {
                    Err("cannot undo: no move played".into())
                }
            }),
            "showboard" => expect_args(cmd, 0, "showboard").map(|_| self.showboard()),
            "solve" => match expect_args(cmd, 0, "solve") {
                Ok(()) => return self.solve(ctx),
                Err(e) => Err(e),
            },
            "time_left" => parse_time_left(cmd).map(|(ms, moves)| {
                self.time_left_ms = Some(ms);
                self.moves_to_go = moves;
                String::new()
            }),
            "analyze" => return self.analyze(cmd, ctx),
            other => Err(format!("unknown command: {other}")),
        };
        Action::Reply(reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_explicit_hash_bounds_both_tables() {
        let mut s = KalahSession::new(1, Some(16), PlayerKind::Engine, None);
        assert_eq!(
            s.proofs.mb(),
            16,
            "a session that only solves proves with all of it"
        );
        s.tt();
        assert!(s.proofs.mb() <= 8, "proof table {} MB", s.proofs.mb());
        // Without --hash the defaults stand: the proof table is not shrunk.
        let mut d = KalahSession::new(1, None, PlayerKind::Engine, None);
        let before = d.proofs.mb();
        d.tt();
        assert_eq!(d.proofs.mb(), before);
    }
}
