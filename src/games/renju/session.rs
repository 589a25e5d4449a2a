//! The Renju/Gomoku session: the game state machine behind the Gomocup commands (the board and
//! its history, the rule, the clock and memory settings from `INFO`, the search table) and the
//! background jobs that answer `BEGIN`, `TURN`, `BOARD`, `YXNBEST`, `SOLVE` and `SWAP2BOARD`.
//!
//! `protocol::gomocup` reads and parses the lines and calls the methods here with typed values;
//! everything that changes the game or prints an answer lives here, as Hex, Kalah and Nim keep
//! theirs in their own `session.rs`.
//!
//! A search runs on a worker thread and reports back over a channel (`job`), so the protocol
//! loop keeps reading: `YXSTOP` makes it answer at once, any other command waits for the answer.
//! With `INFO pondering 1` (Yixin-Board) the engine keeps searching on the opponent's time after
//! its move; any command ends that silently.
//!
//! Yixin-Board's live display: with `INFO show_detail` 1 or 3 (bit 1, which Yixin-Board sends
//! at start-up and Rapfi reads the same way) the search prints `MESSAGE REALTIME POS x,y` and
//! `DONE x,y` around each root move, `BEST x,y` for a new best, `LOSE x,y` for a move proven
//! lost, and `REFRESH` then `BEST x,y` after each iteration. Never without it: a plain Gomocup
//! manager skips MESSAGE lines, but nothing else is printed unasked.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{bounded, Receiver};
use parking_lot::Mutex;

use super::board::{xy, Cell, Rule};
use super::game::Game;
use super::patterns::forbidden::forbidden_points;
use super::player::clock::Request;
use super::player::engine::{self, Choice};
use super::player::nbest::{self, Ranked};
use super::search::{self as renju_search, SearchLimits};
use super::threats::dfpn::Dfpn;
use super::threats::vcf::Vcf;
use super::threats::{lost, over};
use crate::protocol::gomocup::{GomocupSession, Owner, SolveKind};
use crate::protocol::output::Output;
use crate::reference_players::{PlayerKind, Reference};
use crate::search::{Report, RootEvent, TimeControl, Tt, WIN_BOUND};

/// What the command line (or the `pbrain-` name) decided.
#[derive(Clone, Debug)]
pub struct Options {
    pub threads: usize,
    pub hash_mb: usize,
    pub player: PlayerKind,
    pub seed: Option<u64>,
    /// The rule before any `INFO rule`.
    pub rule: Rule,
    /// When the process started: start-up time counts against the first move.
    pub started: Instant,
}

/// `INFO time_left` meaning "no limit".
const UNLIMITED: i64 = 2_147_483_647;
/// The largest table `INFO hash_size` may ask for, in MB (Yixin-Board's slider goes up to the
/// `MAX_HASH_SIZE` that `YXSHOWINFO` reports: log2 of this in KB).
pub const MAX_HASH_MB: u64 = 4096;
/// Root moves are shown live (`MESSAGE REALTIME POS/DONE`) from this iteration depth on: the
/// first plies take microseconds per move and would only flood the GUI.
const REALTIME_MIN_DEPTH: u32 = 3;

/// Stack of the worker thread (the VCF recursion can go a few hundred plies deep).
const WORKER_STACK: usize = 64 << 20;

/// A cell as Gomocup writes it: `x,y`.
pub fn format_cell(c: Cell) -> String {
    Game::format(c)
}

/// The TT size in MB: from `max_memory` (bytes, 0 for none) with room to spare for everything
/// else (half of what is left after 16 MB, at most 512 MB), or `hash_mb` (`--hash`) without it.
pub fn table_mb(max_memory: u64, hash_mb: usize) -> usize {
    if max_memory == 0 {
        return hash_mb;
    }
    let mb = (max_memory / (1024 * 1024)) as usize;
    (mb.saturating_sub(16) / 2).clamp(1, 512)
}

/// The TT size in MB for `INFO hash_size` (`hash_kb`, KB as Yixin-Board and Rapfi mean it:
/// the GUI sends `1 << slider`; 0 or none means the `--hash` default), never more than
/// `max_memory` allows (see `table_mb`).
pub fn hash_table_mb(max_memory: u64, hash_kb: Option<u64>, hash_mb: usize) -> usize {
    let cap = table_mb(max_memory, hash_mb);
    match hash_kb {
        Some(kb) => {
            let want = (kb / 1024).clamp(1, MAX_HASH_MB) as usize;
            if max_memory == 0 {
                want
            } else {
                want.min(cap)
            }
        }
        None => cap,
    }
}

/// What a finished background job asks the session to do.
pub enum Outcome {
    /// Play this move on the game and reply with it.
    Play(Option<Choice>),
    /// Reply with the first of these moves without playing it (`YXNBEST`).
    Show(Vec<Ranked>),
    /// Reply with this line.
    Text(String),
    /// Nothing to say (pondering ended).
    Silent,
}

struct Running {
    stop: Arc<AtomicBool>,
    result: Receiver<Outcome>,
    /// A search on the opponent's time: any command ends it.
    ponder: bool,
}

/// Live output of a search for Yixin-Board (`MESSAGE REALTIME ...`), when enabled.
#[derive(Clone)]
struct Live {
    out: Output,
    realtime: bool,
}

impl Live {
    fn realtime(&self, what: &str, c: Cell) {
        if self.realtime {
            self.out
                .line(&format!("MESSAGE REALTIME {what} {}", format_cell(c)));
        }
    }

    fn root(&self, ev: RootEvent<Cell>) {
        match ev {
            RootEvent::Enter { mv, depth } if depth >= REALTIME_MIN_DEPTH => {
                self.realtime("POS", mv)
            }
            RootEvent::Enter { .. } => {}
            RootEvent::Leave {
                mv,
                depth,
                score,
                new_best,
            } => {
                if depth >= REALTIME_MIN_DEPTH {
                    self.realtime("DONE", mv);
                }
                if score <= -WIN_BOUND {
                    self.realtime("LOSE", mv);
                } else if new_best && (depth >= REALTIME_MIN_DEPTH || depth == 0) {
                    self.realtime("BEST", mv);
                }
            }
        }
    }

    fn iteration(&self, r: &Report<Cell>) {
        if let Some(best) = r.best {
            if self.realtime {
                self.out.line("MESSAGE REALTIME REFRESH");
            }
            self.realtime("BEST", best);
        }
    }
}

/// The game and everything the Gomocup commands set, with the background job if one runs.
pub struct RenjuSession {
    out: Output,
    opts: Options,
    game: Game,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<i64>,
    increment: u64,
    max_memory: u64,
    max_depth: Option<u32>,
    max_node: Option<u64>,
    show_detail: bool,
    /// `MESSAGE REALTIME` lines (`INFO show_detail` 1 or 3).
    realtime: bool,
    /// `INFO hash_size` in KB (`None`: not given, or 0).
    hash_kb: Option<u64>,
    /// `INFO pondering 1`: search on the opponent's time after our move.
    pondering: bool,
    threads: usize,
    tt: Arc<Tt>,
    tt_mb: usize,
    player: Arc<Mutex<Reference>>,
    /// Time from process start to the end of the first `START`, charged to the first move.
    startup: Option<Duration>,
    first_move_done: bool,
    running: Option<Running>,
}

impl RenjuSession {
    pub fn new(opts: Options, out: Output) -> RenjuSession {
        let size = if opts.rule == Rule::Renju { 15 } else { 20 };
        let game = Game::new(size, size, opts.rule).expect("default board size is supported");
        let s = RenjuSession {
            out,
            threads: opts.threads.max(1),
            // The real table is allocated for the first move, once `INFO max_memory` has said
            // how much the process may use (it comes after START).
            tt: Arc::new(Tt::new(1)),
            tt_mb: 1,
            player: Arc::new(Mutex::new(Reference::new(opts.player, opts.seed))),
            opts,
            game,
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
            increment: 0,
            max_memory: 0,
            max_depth: None,
            max_node: None,
            show_detail: false,
            realtime: false,
            hash_kb: None,
            pondering: false,
            startup: None,
            first_move_done: false,
            running: None,
        };
        log::info!("gomocup: rule {} by default", s.game.rule());
        s
    }

    fn tt_size(&self) -> usize {
        hash_table_mb(self.max_memory, self.hash_kb, self.opts.hash_mb)
    }

    /// The clock for the next move.
    fn time_control(&self) -> TimeControl {
        let mut tc = TimeControl::unlimited();
        tc.move_time_ms = Some(self.timeout_turn);
        if self.timeout_turn == 0 {
            // 0 means "play at once".
            tc.move_time_ms = Some(1);
        }
        if self.timeout_match > 0 {
            if let Some(left) = self.time_left.filter(|&l| l != UNLIMITED) {
                tc.time_left_ms = Some(left);
                tc.increment_ms = self.increment;
            }
        }
        tc
    }

    /// Allocates a table of the size `max_memory` asks for, if it changed (on the clock of the
    /// move that needs it).
    fn ensure_table(&mut self) {
        let want = self.tt_size();
        if want != self.tt_mb {
            self.tt = Arc::new(Tt::new(want));
            self.tt_mb = want;
        }
    }

    /// The request for a move whose command arrived at `received`.
    fn request(&mut self, received: Instant) -> Request {
        let mut spent = received.elapsed();
        if !self.first_move_done {
            spent += self.startup.unwrap_or_default();
            self.first_move_done = true;
        }
        Request {
            time: self.time_control(),
            spent,
            threads: self.threads,
            depth: self.max_depth,
            nodes: self.max_node,
        }
    }

    /// Starts `job` on the worker thread; its outcome comes back to the loop.
    fn spawn(&mut self, job: impl FnOnce(&AtomicBool) -> Outcome + Send + 'static) {
        self.spawn_job(false, job);
    }

    /// `spawn`; a `ponder` job is ended by any command.
    fn spawn_job(
        &mut self,
        ponder: bool,
        job: impl FnOnce(&AtomicBool) -> Outcome + Send + 'static,
    ) {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = bounded(1);
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new()
            .name("think".into())
            .stack_size(WORKER_STACK)
            .spawn(move || {
                let _ = tx.send(job(&flag));
            });
        match spawned {
            Ok(_) => {
                self.running = Some(Running {
                    stop,
                    result: rx,
                    ponder,
                })
            }
            Err(e) => self.error(&format!("cannot start the search thread: {e}")),
        }
    }

    fn live(&self) -> Live {
        Live {
            out: self.out.clone(),
            realtime: self.realtime,
        }
    }

    /// After our move with `INFO pondering 1`: search the opponent's position until the next
    /// command (its answers fill the table; nothing is printed).
    fn ponder(&mut self) {
        if !self.pondering || over(self.game.board()) || lost(&mut self.game.board().clone()) {
            return;
        }
        let pos = self.game.board().clone();
        let tt = Arc::clone(&self.tt);
        let threads = self.threads;
        self.spawn_job(true, move |stop| {
            let limits = SearchLimits {
                depth: None,
                nodes: None,
                soft: None,
                hard: None,
                threads,
            };
            let r = renju_search::search(&pos, &limits, &tt, stop, &mut |_| {}, &mut |_| {});
            log::info!("pondered to depth {} ({} nodes)", r.depth, r.nodes);
            Outcome::Silent
        });
    }
}

impl GomocupSession for RenjuSession {
    type Outcome = Outcome;

    fn reply(&self, text: &str) {
        self.out.line(text);
    }

    fn error(&self, msg: &str) {
        self.reply(&format!("ERROR {msg}"));
    }

    /// `START n` / `RECTSTART w,h`: a new empty game of that size.
    fn new_game(&mut self, w: usize, h: usize) {
        match Game::new(w, h, self.game.rule()) {
            Ok(g) => {
                self.game = g;
                self.tt.clear();
                if self.startup.is_none() {
                    self.startup = Some(self.opts.started.elapsed());
                }
                self.reply("OK");
            }
            Err(e) => self.error(&e),
        }
    }

    /// `RESTART`: an empty board of the same size.
    fn restart(&mut self) {
        self.game.clear();
        self.tt.clear();
        self.reply("OK");
    }

    /// Searches the current position for the side to move, plays the move and answers it.
    fn think(&mut self) {
        let received = Instant::now();
        self.ensure_table();
        let req = self.request(received);
        let pos = self.game.board().clone();
        let tt = Arc::clone(&self.tt);
        let player = Arc::clone(&self.player);
        let out = self.out.clone();
        let detail = self.show_detail;
        let live = self.live();
        self.spawn(move |stop| {
            let mut on_iteration = |r: &Report<Cell>| {
                live.iteration(r);
                if detail {
                    out.line(&format!(
                        "MESSAGE depth {} score {} nodes {} best {}",
                        r.depth,
                        r.score,
                        r.nodes,
                        r.best.map(format_cell).unwrap_or_default()
                    ));
                }
            };
            let mut on_root = |ev: RootEvent<Cell>| live.root(ev);
            let choice = engine::think(
                &pos,
                &req,
                &tt,
                stop,
                &mut player.lock(),
                &mut on_iteration,
                &mut on_root,
            );
            if let Some(c) = &choice {
                log::info!(
                    "move {} by {} score {} depth {} nodes {} in {} ms",
                    format_cell(c.best),
                    c.how,
                    c.score,
                    c.depth,
                    c.nodes,
                    c.elapsed.as_millis()
                );
                if detail {
                    out.line(&format!(
                        "MESSAGE {} {} score {} depth {} nodes {} time {} ms",
                        c.how,
                        format_cell(c.best),
                        c.score,
                        c.depth,
                        c.nodes,
                        c.elapsed.as_millis()
                    ));
                }
            }
            Outcome::Play(choice)
        });
    }

    /// `TURN x,y`: the opponent's move, then ours.
    fn turn(&mut self, x: i64, y: i64) {
        match self.game.play(x, y) {
            Ok(_) => self.think(),
            Err(e) => self.error(&e),
        }
    }

    /// `PLAY x,y`: a move for the side to move, answered with itself.
    fn play(&mut self, x: i64, y: i64) {
        match self.game.play(x, y) {
            Ok(c) => self.reply(&format_cell(c)),
            Err(e) => self.error(&e),
        }
    }

    /// `TAKEBACK x,y`: removes the last stone, which must be at x,y.
    fn takeback(&mut self, x: i64, y: i64) {
        match self.game.takeback(x, y) {
            Ok(()) => self.reply("OK"),
            Err(e) => self.error(&e),
        }
    }

    /// `INFO key value` (the key lower-cased). INFO has no reply: a bad value is logged, never
    /// answered (a manager would read an answer as a move). Every key a manager normally sends
    /// is logged at info level; only a value that cannot be read is a warning.
    fn info(&mut self, key: &str, value: &str) {
        let Ok(n) = value.parse::<i64>() else {
            if matches!(key, "folder" | "evaluate" | "") {
                log::debug!("INFO {key} {value:?}: not used");
            } else {
                log::warn!("INFO {key}: value {value:?} is not a number, ignored");
            }
            return;
        };
        let positive = n.max(0) as u64;
        match key {
            "timeout_turn" => self.timeout_turn = positive,
            "timeout_match" => self.timeout_match = positive,
            "time_left" => self.time_left = Some(n),
            "time_increment" => self.increment = positive,
            "max_memory" => self.max_memory = positive,
            "hash_size" => self.hash_kb = (positive > 0).then_some(positive),
            "pondering" => self.pondering = n == 1,
            "rule" => {
                let rule = Rule::from_bits(positive as u32);
                self.game.set_rule(rule);
                log::info!("rule {n}: playing {rule}");
            }
            "thread_num" => self.threads = positive.clamp(1, 256) as usize,
            "max_depth" => self.max_depth = (positive > 0).then_some(positive as u32),
            "max_node" => self.max_node = (positive > 0).then_some(positive),
            "show_detail" => {
                self.show_detail = n != 0;
                self.realtime = n & 1 == 1;
            }
            _ => {
                log::info!("INFO {key} {n}: not used");
                return;
            }
        }
        log::debug!("INFO {key} {n}");
    }

    /// The end of a `BOARD` (`think`: then search and play) or `YXBOARD` block: the stones
    /// replace the game, or nothing changes and the error is answered.
    fn set_board(&mut self, stones: &[(i64, i64, Owner)], think: bool) {
        let mut game = self.game.clone();
        let set =
            game.set_board(stones).and_then(
                |()| {
                    if think {
                        game.check_playable()
                    } else {
                        Ok(())
                    }
                },
            );
        match set {
            Ok(()) => {
                self.game = game;
                if think {
                    self.think();
                }
            }
            Err(e) => self.error(&e),
        }
    }

    /// `SWAP2BOARD`: propose the opening (no stones), or choose after three or five stones.
    fn swap2(&mut self, stones: &[(i64, i64)]) {
        let (w, h) = self.game.size();
        if stones.is_empty() {
            let (cx, cy) = (w as i64 / 2, h as i64 / 2);
            self.reply(&format!(
                "{},{} {},{} {},{}",
                cx,
                cy,
                cx + 1,
                cy,
                cx + 2,
                cy + 2
            ));
            return;
        }
        // Black, White, Black(, White, Black): White to move.
        let mut game = match Game::new(w, h, self.game.rule()) {
            Ok(g) => g,
            Err(e) => return self.error(&e),
        };
        for &(x, y) in stones {
            if let Err(e) = game.play(x, y) {
                return self.error(&e);
            }
        }
        let received = Instant::now();
        self.ensure_table();
        let mut req = self.request(received);
        let pos = game.board().clone();
        let tt = Arc::clone(&self.tt);
        let player = Arc::clone(&self.player);
        let three = stones.len() == 3;
        if three {
            // Two searches may follow: each gets half of the move's time.
            if let Some(t) = req.time.move_time_ms.as_mut() {
                *t /= 2;
            }
        }
        self.spawn(move |stop| {
            let mut player = player.lock();
            let Some(white) =
                engine::think(&pos, &req, &tt, stop, &mut player, &mut |_| {}, &mut |_| {})
            else {
                return Outcome::Text("SWAP".into());
            };
            // The score is White's: clearly bad for White means take Black.
            const MARGIN: i32 = 150;
            if white.score < -MARGIN || (!three && white.score < 0) {
                return Outcome::Text("SWAP".into());
            }
            if !three || white.score > MARGIN {
                return Outcome::Text(format_cell(white.best));
            }
            let mut next = pos.clone();
            next.make(white.best);
            match engine::think(
                &next,
                &req,
                &tt,
                stop,
                &mut player,
                &mut |_| {},
                &mut |_| {},
            ) {
                Some(black) => Outcome::Text(format!(
                    "{} {}",
                    format_cell(white.best),
                    format_cell(black.best)
                )),
                None => Outcome::Text(format_cell(white.best)),
            }
        });
    }

    /// `YXHASHCLEAR`.
    fn clear_table(&mut self) {
        self.tt.clear();
    }

    /// `YXSHOWFORBID`: Black's forbidden points, `FORBID xxyyxxyy.`
    fn show_forbid(&self) {
        let pos = self.game.board();
        let mut s = String::from("FORBID ");
        if pos.rule() == Rule::Renju {
            let mut points: Vec<(usize, usize)> = forbidden_points(pos.cells())
                .into_iter()
                .map(|c| xy(c as Cell))
                .collect();
            points.sort_by_key(|&(x, y)| (y, x));
            for (x, y) in points {
                s.push_str(&format!("{x:02}{y:02}"));
            }
        }
        s.push('.');
        self.reply(&s);
    }

    /// `YXSHOWINFO`: the thread and hash limits Yixin-Board's settings offer.
    fn show_info(&self) {
        self.reply(&format!("MESSAGE INFO MAX_THREAD_NUM {}", num_cpus::get()));
        // Yixin-Board's hash slider is an exponent: it sends `INFO hash_size 2^k` (KB).
        let max_mb = if self.max_memory > 0 {
            table_mb(self.max_memory, self.opts.hash_mb) as u64
        } else {
            MAX_HASH_MB
        };
        self.reply(&format!(
            "MESSAGE INFO MAX_HASH_SIZE {}",
            (max_mb * 1024).ilog2()
        ));
    }

    /// `YXNBEST n`: the n best moves, each reported as `MESSAGE (k) score | depth | pv` once
    /// ranked (a MESSAGE line, which every manager skips), then the best as the answer, not
    /// played.
    fn nbest(&mut self, n: usize) {
        let received = Instant::now();
        self.ensure_table();
        let req = self.request(received);
        let pos = self.game.board().clone();
        let tt = Arc::clone(&self.tt);
        let out = self.out.clone();
        let live = self.live();
        self.spawn(move |stop| {
            let mut on_root = |ev: RootEvent<Cell>| live.root(ev);
            let mut on_ranked = |ranked: &[Ranked]| {
                if let Some(best) = ranked.first() {
                    live.iteration(&Report {
                        best: Some(best.mv),
                        score: best.score,
                        depth: best.depth,
                        nodes: 0,
                        elapsed: Duration::ZERO,
                        pv: best.pv.clone(),
                    });
                }
            };
            let ranked = nbest::nbest(&pos, n, &req, &tt, stop, &mut on_root, &mut on_ranked);
            for (k, r) in ranked.iter().enumerate() {
                let pv: Vec<String> = r.pv.iter().map(|&c| format_cell(c)).collect();
                out.line(&format!(
                    "MESSAGE ({}) {} | {} | {}",
                    k + 1,
                    r.score,
                    r.depth,
                    pv.join(" ")
                ));
            }
            Outcome::Show(ranked)
        });
    }

    /// `SOLVE VCF <ms>`: a VCF for the side to move, as a line of moves, or `VCF NONE`.
    /// `SOLVE VCT <ms>`: the first move of a win by threes and fours (df-pn, `threats::dfpn`),
    /// `VCT x,y`, or `VCT NONE` (a tool for analysing games).
    fn solve(&mut self, kind: SolveKind, ms: u64) {
        let vct = kind == SolveKind::Vct;
        let mut pos = self.game.board().clone();
        self.spawn(move |stop| {
            let deadline = Instant::now() + Duration::from_millis(ms);
            if vct {
                let mut vct = Dfpn::new(Some(deadline), Some(stop));
                return Outcome::Text(match vct.solve(&mut pos) {
                    Some(m) => format!("VCT {}", format_cell(m)),
                    None => "VCT NONE".into(),
                });
            }
            let mut vcf = Vcf::new(u64::MAX, Some(deadline)).with_stop(stop);
            Outcome::Text(match vcf.solve(&mut pos) {
                Some(line) => {
                    let moves: Vec<String> = line.into_iter().map(format_cell).collect();
                    format!("VCF {}", moves.join(" "))
                }
                None => "VCF NONE".into(),
            })
        });
    }

    /// The running job's result channel, and whether it is pondering (any command ends it).
    fn job(&self) -> Option<(Receiver<Outcome>, bool)> {
        self.running.as_ref().map(|r| (r.result.clone(), r.ponder))
    }

    /// Asks the running job, if any, to stop (its answer still comes through `job`).
    fn stop_search(&self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// A background job finished: reply, and play the move if it was the engine's turn.
    fn finish(&mut self, outcome: Outcome) {
        self.running = None;
        match outcome {
            Outcome::Play(Some(c)) => {
                let (x, y) = xy(c.best);
                if let Err(e) = self.game.play(x as i64, y as i64) {
                    log::warn!("own move {x},{y} not accepted by the game record: {e}");
                }
                self.reply(&format_cell(c.best));
                self.ponder();
            }
            Outcome::Show(ranked) => match ranked.first() {
                Some(r) => self.reply(&format_cell(r.mv)),
                None => self.error("no move to rank: the game is over"),
            },
            Outcome::Play(None) => self.error("no legal move: the board is full"),
            Outcome::Text(t) => self.reply(&t),
            Outcome::Silent => {}
        }
    }

    /// The job's thread is gone without an answer: forget it.
    fn abandon_job(&mut self) {
        self.running = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::cell;

    #[test]
    fn the_table_leaves_room_under_max_memory() {
        assert_eq!(table_mb(0, 64), 64);
        // Gomocup's 350 MB: a table well under half of it.
        let mb = table_mb(350 << 20, 64);
        assert!((64..=200).contains(&mb), "{mb}");
        // Small limits still get a (tiny) table and stay under the limit.
        assert_eq!(table_mb(8 << 20, 64), 1);
        assert!(table_mb(40 << 20, 64) * 2 <= 40);
    }

    #[test]
    fn hash_size_is_in_kb_and_capped_by_max_memory() {
        // No hash_size: the --hash default, or what max_memory allows.
        assert_eq!(hash_table_mb(0, None, 64), 64);
        assert_eq!(hash_table_mb(350 << 20, None, 64), table_mb(350 << 20, 64));
        // Yixin-Board's 2^k KB: 2^16 KB is 64 MB, 2^19 KB 512 MB; below 1 MB, 1 MB.
        assert_eq!(hash_table_mb(0, Some(1 << 16), 64), 64);
        assert_eq!(hash_table_mb(0, Some(1 << 19), 8), 512);
        assert_eq!(hash_table_mb(0, Some(2), 64), 1);
        assert_eq!(hash_table_mb(0, Some(1 << 40), 64), MAX_HASH_MB as usize);
        // max_memory still caps it.
        let cap = table_mb(100 << 20, 64);
        assert_eq!(hash_table_mb(100 << 20, Some(1 << 19), 64), cap);
        assert_eq!(hash_table_mb(100 << 20, Some(1 << 14), 64), 16);
    }

    /// What a Gomocup manager sends for fastgame (`INFO timeout_turn 5000`, `timeout_match
    /// 120000`, `time_left`) reaches the search as a hard limit that keeps the turn's reserve
    /// back, from the first move (start-up charged to it) to the last seconds of the clock.
    #[test]
    fn gomocup_fastgame_info_keeps_the_reserve_back() {
        use crate::games::renju::player::clock;
        let opts = Options {
            threads: 1,
            hash_mb: 1,
            player: PlayerKind::Engine,
            seed: None,
            rule: Rule::Freestyle,
            started: Instant::now(),
        };
        let mut s = RenjuSession::new(opts, Output::new(Box::new(std::io::sink())));
        s.new_game(15, 15);
        s.startup = Some(Duration::from_millis(300));
        for (key, value) in [("timeout_turn", "5000"), ("timeout_match", "120000")] {
            s.info(key, value);
        }
        let hard = |s: &mut RenjuSession, left: i64| {
            s.info("time_left", &left.to_string());
            let req = s.request(Instant::now());
            clock::limits(s.game.board(), &req)
                .hard
                .unwrap()
                .as_millis() as u64
        };
        // The first move: 5 s less the reserve and the start-up, to the millisecond.
        let first = hard(&mut s, 120_000);
        assert!((4_540..=4_550).contains(&first), "{first}");
        // Later moves with time to spare: the turn less the reserve.
        let later = hard(&mut s, 60_000);
        assert!((4_840..=4_850).contains(&later), "{later}");
        // Two seconds left on the clock: a third of them at most, never the clock's last ms.
        let end = hard(&mut s, 2_000);
        assert!(end <= 2_000 / 3, "{end}");
    }

    #[test]
    fn info_rule_bits() {
        assert_eq!(Rule::from_bits(0), Rule::Freestyle);
        assert_eq!(Rule::from_bits(1), Rule::Exact);
        assert_eq!(Rule::from_bits(2), Rule::Renju);
        assert_eq!(Rule::from_bits(4), Rule::Renju);
        assert_eq!(Rule::from_bits(5), Rule::Renju);
        assert_eq!(Rule::from_bits(3), Rule::Exact);
        assert_eq!(Rule::from_bits(8), Rule::Caro);
        assert_eq!(Rule::from_bits(6), Rule::Renju);
    }

    #[test]
    fn cells_print_as_x_comma_y() {
        assert_eq!(format_cell(cell(3, 11)), "3,11");
    }
}
