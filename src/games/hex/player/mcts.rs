//! Monte-Carlo tree search for Hex, the way MoHex plays: UCT with all-moves-as-first (RAVE)
//! statistics, bridge-saving playouts (`playout`), and a small amount of exact knowledge in
//! the tree: a move that connects at once wins, and when the opponent threatens to connect at
//! one cell only that cell is tried (two such cells: the position is lost). Proofs are backed
//! up, so short wins and losses near the root are played exactly.
//!
//! Every thread runs the same loop on one lock-free tree (`tree`); the statistics a thread
//! adds on the way down (a visit, not yet a win) are the virtual loss that spreads threads
//! over different lines.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::*};
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::playout::{Geometry, Playout};
use super::prior::with_bonus;
use super::tree::{Node, Tree, MOVER_LOSES, MOVER_WINS, UNPROVEN};
use super::vcm;
use crate::games::hex::board::{Board, Cells, Edge, BLACK, WHITE};
use crate::games::hex::groups::MAX_CELLS;
use crate::games::hex::ice;
use crate::games::hex::position::Hex;
use crate::games::hex::vc::{must_play, Outlook, VcSet};

/// Weights of the RAVE estimate (the child's own mean takes over as its visits grow): the
/// estimate's weight is r / (n (1/INITIAL + r/FINAL) + r) for r RAVE and n own visits.
/// MoHex 2.0's published defaults.
const RAVE_INITIAL: f32 = 2.12;
const RAVE_FINAL: f32 = 830.0;
/// The UCB exploration term's constant (MoHex: 0.22).
const UCB_C: f32 = 0.22;
/// The value of a move nothing is known about yet (MoHex: 0.35).
const FIRST_PLAY_URGENCY: f32 = 0.35;
/// A leaf gets its children on this visit (MoHex: 10); lower grows the tree faster but fills
/// memory sooner.
const EXPAND_AT: u32 = 10;
/// A node's children are checked against virtual connections and dead cells once it has had
/// this many visits (MoHex: 256): by then it is worth the H-search's cost.
const KNOWLEDGE_AT: u32 = 256;
/// The weight of a move's prior in its selection value, a bonus of `PROGRESSIVE_BIAS * prior /
/// sqrt(visits + 1)` that fades as playouts take over (MoHex 2.0: 2.47).
const PROGRESSIVE_BIAS: f32 = 2.47;
/// Whether a new node's inferior cells (`ice::consider`) are left out of its children at
/// once, rather than only at its knowledge step (`KNOWLEDGE_AT` visits). Off: the fill-in at
/// every expansion cost 27% of the playouts (bench hex-mcts 55,401 -> 40,261 playouts/s) and
/// lost 20-32 in self-play at 300 ms/move, SPRT H0 accepted
/// (tournaments/results/hex-learn-selfplay/sp-prune/).
const PRUNE_AT_EXPANSION: bool = false;
/// Whether the knowledge step gives the opponent's replies that restore a connection its
/// move broke a prior bonus (`vcm`, `prior::with_bonus`). Off: 52-54 in self-play at 300
/// ms/move against the player without it, SPRT H0 accepted
/// (tournaments/results/hex-learn-selfplay/sp-vcm/).
const RESTORING_BONUS: bool = false;
/// How often the first thread calls `progress` (HexGui's live display).
const REPORT_EVERY: Duration = Duration::from_millis(500);
/// Bytes a tree node takes, to size the tree from a memory budget.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// What one search is allowed.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub threads: usize,
    /// Stop after this long...
    pub time: Option<Duration>,
    /// ...or after this many playouts (deterministic with one thread and a seed).
    pub playouts: Option<u64>,
    pub seed: u64,
}

/// A move's line in the search's report.
#[derive(Clone, Debug)]
pub struct MoveStat {
    pub cell: usize,
    pub visits: u32,
    /// The mover's winning rate through this move.
    pub mean: f32,
    pub proof: u8,
}

/// What a search found, for the side to move.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub best: Option<usize>,
    /// The side to move's winning rate with `best`.
    pub mean: f32,
    /// `Some(true)`: proved won; `Some(false)`: proved lost.
    pub proven: Option<bool>,
    pub playouts: u64,
    pub elapsed: Duration,
    /// The most visited line from the root.
    pub pv: Vec<usize>,
    /// The root's moves, most visited first.
    pub moves: Vec<MoveStat>,
    pub tree_nodes: usize,
}

/// The cells where `colour` connects its two edges with one more stone: next to (or on the
/// row of) both edges' reach through `colour`'s chains.
pub fn connecting_cells(board: &Board, colour: u8) -> Cells {
    let empty = board.empty_cells();
    let own = *board.stones(colour);
    let reach = |edge: Edge| {
        let row = board.edge_cells(edge);
        let mut chains = Cells::EMPTY;
        let mut stack: Vec<usize> = row.and(&own).iter().collect();
        stack.iter().for_each(|&c| chains.insert(c));
        while let Some(c) = stack.pop() {
            for n in board.neighbours(c) {
                if own.has(n) && !chains.has(n) {
                    chains.insert(n);
                    stack.push(n);
                }
            }
        }
        let mut next = row.and(&empty);
        for c in chains.iter() {
            board
                .neighbours(c)
                .filter(|&n| empty.has(n))
                .for_each(|n| next.insert(n));
        }
        next
    };
    let [a, b] = Edge::of(colour);
    reach(a).and(&reach(b))
}

/// The children a node gets, with the proof they carry, or the node's own proof when the
/// side to move has no choice to make. `None`: the side to move (`to_move`) loses (the
/// opponent connects at two cells at least).
enum Expansion {
    Children(Vec<(u16, u32, u32)>),
    /// The side to move connects at this cell.
    Wins(u16),
    Loses,
}

fn expansion(board: &Board, to_move: u8) -> Expansion {
    if let Some(c) = connecting_cells(board, to_move).first() {
        return Expansion::Wins(c as u16);
    }
    let threats = connecting_cells(board, 1 - to_move);
    match threats.len() {
        0 => Expansion::Children(
            children_to_consider(board, to_move, PRUNE_AT_EXPANSION)
                .iter()
                .map(|c| (c as u16, 0, 0))
                .collect(),
        ),
        1 => Expansion::Children(vec![(threats.first().unwrap() as u16, 0, 0)]),
        _ => Expansion::Loses,
    }
}

/// The cells a new node gets children for: with `prune`, the empty cells of the filled
/// position that no other move dominates (`ice::consider`: dead, captured, vulnerable and
/// dominated cells never become children, as MoHex 2.0 prunes its inferior patterns at
/// expansion), else every empty cell. All empty cells when fill-in decides the game, which
/// the connection checks of `expansion` and the knowledge step handle instead.
fn children_to_consider(board: &Board, to_move: u8, prune: bool) -> Cells {
    let empty = board.empty_cells();
    if !prune {
        return empty;
    }
    let keep = ice::consider(&position(board, to_move)).and(&empty);
    if keep.is_empty() {
        empty
    } else {
        keep
    }
}

/// What the virtual connections and the inferior cells say about a node with `to_move` to
/// play.
enum Knowledge {
    /// The side to move is connected, or one move short of it (a semi connection): then
    /// with that move, its key.
    Wins(Option<usize>),
    /// The opponent is connected whatever the side to move does, or no move is left to try.
    Loses,
    /// Moves at these cells lose or are no better than another: outside the must-play region
    /// (the intersection of the opponent's edge-to-edge semi connections' carriers, which the
    /// opponent completes unless we play inside), or inferior (dead, captured, vulnerable or
    /// dominated: `ice::consider` keeps a winning move whenever there is one).
    Prune(Cells),
}

/// The board as a position with `to_move` to play (for the inferior-cell engine).
fn position(board: &Board, to_move: u8) -> Hex {
    let mut p = Hex::new(board.width(), board.height()).expect("the board's own size");
    for colour in [BLACK, WHITE] {
        for c in board.stones(colour).iter() {
            p.place(colour, c);
        }
    }
    p.set_to_move(to_move);
    p
}

fn knowledge(board: &Board, to_move: u8, sets: &[VcSet; 2]) -> Knowledge {
    let empty = board.empty_cells();
    let me = to_move as usize;
    let must = match must_play(&sets[me], &sets[1 - me], &empty) {
        Outlook::Won(_) => {
            let key = match sets[me].winning() {
                Some(_) => None,
                None => sets[me].first_edge_semi().map(|s| s.key as usize),
            };
            return Knowledge::Wins(key);
        }
        Outlook::Lost(_) => return Knowledge::Loses,
        Outlook::MustPlay(m) => m,
    };
    // Every winning move is inside `must`, and `consider` keeps one of them: a won position
    // keeps a winning move in the intersection.
    let consider = ice::consider(&position(board, to_move));
    let keep = if consider.is_empty() {
        must
    } else {
        must.and(&consider)
    };
    if keep.is_empty() {
        return Knowledge::Loses;
    }
    Knowledge::Prune(empty.minus(&keep))
}

/// The cells fill-in gives each colour on `board` with `to_move` to play (none once the game
/// is decided).
fn filled_cells(board: &Board, to_move: u8) -> [Cells; 2] {
    let (filled, _) = ice::fill_in(&position(board, to_move));
    let fb = filled.board();
    if fb.winner().is_some() {
        return [Cells::EMPTY; 2];
    }
    [BLACK, WHITE].map(|c| fb.stones(c).minus(board.stones(c)))
}

/// The selection value of `child` (RAVE-weighted mean plus exploration), from the view of the
/// player choosing it.
fn value(child: &Node, log_parent: f32) -> f32 {
    match child.proof() {
        MOVER_WINS => return f32::INFINITY,
        MOVER_LOSES => return f32::NEG_INFINITY,
        _ => {}
    }
    let n = child.visits() as f32;
    let prior = child.prior();
    if prior == 0.0 {
        return estimate(child, n, log_parent);
    }
    if n == 0.0 {
        // Most children are unvisited: their bias divides by sqrt(1) = 1, which is exact, so
        // it is left out (the same value without a square root and a division).
        return PROGRESSIVE_BIAS * prior + estimate(child, n, log_parent);
    }
    PROGRESSIVE_BIAS * prior / (n + 1.0).sqrt() + estimate(child, n, log_parent)
}

/// The child of highest `value`, the last of equals (the one `Iterator::max_by` picks with
/// `total_cmp`), each value computed once: `max_by` computes both sides of every comparison,
/// and selection was the search's largest cost.
fn best_child(kids: &[Node], log_parent: f32) -> &Node {
    let mut best = &kids[0];
    let mut best_value = value(best, log_parent);
    for kid in &kids[1..] {
        let v = value(kid, log_parent);
        if best_value.total_cmp(&v) != std::cmp::Ordering::Greater {
            best = kid;
            best_value = v;
        }
    }
    best
}

/// The RAVE-weighted mean plus exploration of a child with `n` visits.
fn estimate(child: &Node, n: f32, log_parent: f32) -> f32 {
    let rn = child.rave_visits.load(Relaxed) as f32;
    let rave = || child.rave_wins.load(Relaxed) as f32 / rn;
    if n == 0.0 {
        return if rn > 0.0 { rave() } else { FIRST_PLAY_URGENCY };
    }
    let mean = child.wins.load(Relaxed) as f32 / n + UCB_C * (log_parent / n).sqrt();
    if rn == 0.0 {
        return mean;
    }
    let beta = rn / (n * (1.0 / RAVE_INITIAL + rn / RAVE_FINAL) + rn);
    beta * rave() + (1.0 - beta) * mean
}

/// The shared state of one search.
struct Search<'a> {
    tree: &'a Tree,
    geo: Geometry,
    board: Board,
    /// The root's dead and captured cells by the colour fill-in gives them (`ice::fill_in`):
    /// playouts start with them taken, as they stay decided below the root, so random play
    /// does not lose a captured edge cell that the owner would simply answer.
    filled: [Cells; 2],
    to_move: u8,
    stop: &'a AtomicBool,
    /// The clock the search reads (`Instant::now` but in the tests of its time keeping), and
    /// its reading when the search began.
    now: Clock,
    started: Instant,
    deadline: Option<Instant>,
    max_playouts: Option<u64>,
    playouts: AtomicU64,
    /// Connection-restoring replies (`vcm`) waiting for their node's expansion, by the
    /// node's address in the tree.
    restoring: Mutex<HashMap<usize, Cells>>,
}

/// A node's key in `Search::restoring`.
fn address(node: &Node) -> usize {
    node as *const Node as usize
}

impl<'a> Search<'a> {
    fn new(
        board: &Board,
        to_move: u8,
        tree: &'a Tree,
        settings: &Settings,
        stop: &'a AtomicBool,
        now: Clock,
    ) -> Search<'a> {
        let started = now();
        Search {
            tree,
            geo: Geometry::new(board),
            board: *board,
            filled: filled_cells(board, to_move),
            to_move,
            stop,
            now,
            started,
            deadline: settings.time.map(|t| started + t),
            max_playouts: settings.playouts,
            playouts: AtomicU64::new(0),
            restoring: Mutex::new(HashMap::new()),
        }
    }

    /// Whether the search is over at `now` (the clock is read once per poll, by the caller).
    fn done(&self, now: Instant) -> bool {
        self.stop.load(Relaxed)
            || self.tree.root().proof() != UNPROVEN
            || self
                .max_playouts
                .is_some_and(|m| self.playouts.load(Relaxed) >= m)
            || self.deadline.is_some_and(|d| now >= d)
    }

    /// One thread's work until the search ends; the first thread also reports progress
    /// about twice a second.
    fn run(&self, seed: u64, mut progress: Option<&mut dyn FnMut(&Outcome)>) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut playout = Playout::default();
        let mut path: Vec<&Node> = Vec::with_capacity(64);
        let mut scratch = [0u16; MAX_CELLS];
        let mut next_report = self.started + REPORT_EVERY;
        let mut i = 0u32;
        // Playouts not yet added to the shared count (one locked add per 16, not per playout).
        let mut unsent = 0u64;
        loop {
            // The clock is read every few playouts only.
            if i.is_multiple_of(16) {
                self.playouts.fetch_add(unsent, Relaxed);
                unsent = 0;
                let now = (self.now)();
                if self.done(now) {
                    return;
                }
                if let Some(p) = progress.as_mut() {
                    if now >= next_report {
                        p(&report(self));
                        next_report = now + REPORT_EVERY;
                    }
                }
            }
            i += 1;
            self.iterate(&mut rng, &mut playout, &mut path, &mut scratch);
            unsent += 1;
        }
    }

    /// Down the tree, one playout, and back up.
    fn iterate<'t>(
        &'t self,
        rng: &mut SmallRng,
        playout: &mut Playout,
        path: &mut Vec<&'t Node>,
        scratch: &mut [u16; MAX_CELLS],
    ) {
        let mut board = self.board;
        let mut to_move = self.to_move;
        let mut last = None;
        let mut node = self.tree.root();
        node.add(1, 0);
        path.clear();
        path.push(node);
        while node.proof() == UNPROVEN {
            let mut kids = self.tree.children(node);
            if kids.is_empty() {
                if node.visits() < EXPAND_AT && path.len() > 1 {
                    break;
                }
                self.grow(node, &board, to_move, last);
                kids = self.tree.children(node);
                if kids.is_empty() {
                    break;
                }
            }
            if node.visits() >= KNOWLEDGE_AT && self.tree.claim_knowledge(node) {
                let moves: Vec<u16> = path[1..].iter().map(|n| n.cell.load(Relaxed)).collect();
                let sets = self
                    .tree
                    .sets()
                    .sets(&self.board, self.to_move, &moves, &board);
                self.apply_knowledge(node, kids, &board, to_move, path.len() == 1, &sets);
                self.tree.sets().recycle(sets);
                if node.proof() != UNPROVEN {
                    break;
                }
            }
            let log_parent = (node.visits() as f32).max(1.0).ln();
            let child = best_child(kids, log_parent);
            child.add(1, 0);
            let cell = child.cell.load(Relaxed) as usize;
            board.place(to_move, cell);
            last = Some(cell);
            to_move = 1 - to_move;
            path.push(child);
            node = child;
        }
        // The winner: from a proof, else from a playout.
        let leaf_mover = 1 - to_move;
        let (winner, played) = match node.proof() {
            MOVER_WINS => (leaf_mover, false),
            MOVER_LOSES => (to_move, false),
            _ => {
                for colour in [BLACK, WHITE] {
                    let add = self.filled[colour as usize].minus(&board.occupied());
                    add.iter().for_each(|c| board.place(colour, c));
                }
                (playout.run(&self.geo, &board, to_move, last, rng), true)
            }
        };
        self.back_up(path, winner, played.then_some(playout), scratch);
    }

    /// Gives `node` (the position `board` with `to_move` to play) its children, or its proof.
    fn grow(&self, node: &Node, board: &Board, to_move: u8, last: Option<usize>) {
        match expansion(board, to_move) {
            Expansion::Children(cells) => {
                let p = if cells.len() > 1 {
                    let bonus = self
                        .restoring
                        .lock()
                        .remove(&address(node))
                        .unwrap_or(Cells::EMPTY);
                    with_bonus(
                        board,
                        to_move,
                        last,
                        cells.iter().map(|&(c, _, _)| c),
                        &bonus,
                    )
                } else {
                    Vec::new()
                };
                self.tree.expand(node, &cells, &p);
            }
            Expansion::Wins(c) => {
                if self.tree.expand(node, &[(c, 0, 0)], &[]) {
                    self.tree.children(node)[0].proof.store(MOVER_WINS, Relaxed);
                }
            }
            Expansion::Loses => node.proof.store(MOVER_WINS, Relaxed),
        }
    }

    /// The root's children and their knowledge before the first playout (MoHex waits for
    /// `KNOWLEDGE_AT` visits below the root only): one H-search per move costs little, and
    /// no playout is spent on a move outside the must-play region or an inferior one.
    fn prepare_root(&self) {
        let root = self.tree.root();
        if root.proof() != UNPROVEN {
            return;
        }
        if self.tree.children(root).is_empty() {
            self.grow(root, &self.board, self.to_move, None);
        }
        let kids = self.tree.children(root);
        if !kids.is_empty() && self.tree.claim_knowledge(root) {
            let sets = self
                .tree
                .sets()
                .sets(&self.board, self.to_move, &[], &self.board);
            self.apply_knowledge(root, kids, &self.board, self.to_move, true, &sets);
            self.tree.sets().recycle(sets);
        }
    }

    /// Marks the root's moves in `losing` lost, so no playout is spent on them. When that would
    /// leave no move, nothing is marked: a proved loss still has a most resistant move (the
    /// opponent may err), and only the search can find it; marked, every child would sit at
    /// zero visits and the first in creation order would be played.
    fn mark_lost(&self, losing: &Cells) {
        let root = self.tree.root();
        let kids = self.tree.children(root);
        if losing.is_empty() || root.proof() != UNPROVEN {
            return;
        }
        let is_losing = |k: &Node| losing.has(k.cell.load(Relaxed) as usize);
        if kids
            .iter()
            .all(|k| k.proof() == MOVER_LOSES || is_losing(k))
        {
            return;
        }
        for k in kids.iter().filter(|k| is_losing(k)) {
            k.proof.store(MOVER_LOSES, Relaxed);
        }
    }

    /// Marks `node` proved, or its pruned children lost (a pruned move may in fact win, but
    /// then so does a move that was kept, so calling it lost changes no proof of the node).
    /// At the root a win without a winning move is no use: the key of a semi connection is
    /// that move, else (already connected: every move keeps the connection) the search goes on;
    /// and a loss is played on among all moves (the opponent may still go wrong, and the
    /// search's statistics pick the move that makes that likeliest).
    fn apply_knowledge(
        &self,
        node: &Node,
        kids: &[Node],
        board: &Board,
        to_move: u8,
        root: bool,
        sets: &[VcSet; 2],
    ) {
        match knowledge(board, to_move, sets) {
            Knowledge::Wins(Some(key)) if root => {
                // The key completes the connection: that child is won, and so the root.
                if let Some(k) = kids.iter().find(|k| k.cell.load(Relaxed) as usize == key) {
                    k.proof.store(MOVER_WINS, Relaxed);
                    node.proof.store(MOVER_LOSES, Relaxed);
                }
            }
            Knowledge::Wins(_) | Knowledge::Loses if root => {}
            Knowledge::Wins(_) => node.proof.store(MOVER_LOSES, Relaxed),
            Knowledge::Loses => node.proof.store(MOVER_WINS, Relaxed),
            Knowledge::Prune(cells) => {
                for k in kids {
                    if cells.has(k.cell.load(Relaxed) as usize) && k.proof() == UNPROVEN {
                        k.proof.store(MOVER_LOSES, Relaxed);
                    }
                }
                if kids.iter().all(|k| k.proof() == MOVER_LOSES) {
                    node.proof.store(MOVER_WINS, Relaxed);
                } else if RESTORING_BONUS {
                    self.restoring_replies(kids, board, to_move, &sets[1 - to_move as usize]);
                }
            }
        }
    }

    /// Gives the opponent's replies that restore a connection each move of `kids` breaks
    /// (`vcm`) their bonus: at once to a move's children when it has them, else when it
    /// gets them (`grow`).
    fn restoring_replies(&self, kids: &[Node], board: &Board, to_move: u8, theirs: &VcSet) {
        let mut probes = Cells::EMPTY;
        for k in kids.iter().filter(|k| k.proof() == UNPROVEN) {
            probes.insert(k.cell.load(Relaxed) as usize);
        }
        for (probe, replies) in vcm::replies(board, theirs, &probes) {
            let Some(kid) = kids.iter().find(|k| k.cell.load(Relaxed) as usize == probe) else {
                continue;
            };
            let grandkids = self.tree.children(kid);
            if grandkids.is_empty() {
                // Should another thread expand it meanwhile, that expansion goes without.
                self.restoring.lock().insert(address(kid), replies);
                continue;
            }
            if grandkids.len() < 2 {
                continue;
            }
            let mut after = *board;
            after.place(to_move, probe);
            let cells = grandkids.iter().map(|g| g.cell.load(Relaxed));
            let p = with_bonus(&after, 1 - to_move, Some(probe), cells, &replies);
            for (g, p) in grandkids.iter().zip(p) {
                g.set_prior(p);
            }
        }
    }

    /// Adds the result to every node of the path, RAVE to their siblings, and lifts proofs.
    fn back_up(
        &self,
        path: &[&Node],
        winner: u8,
        playout: Option<&Playout>,
        scratch: &mut [u16; MAX_CELLS],
    ) {
        // The colour that moved into path[i]: the root's opponent for the root.
        let mover = |i: usize| {
            if i % 2 == 1 {
                self.to_move
            } else {
                1 - self.to_move
            }
        };
        for (i, node) in path.iter().enumerate() {
            node.add(0, (winner == mover(i)) as u32);
            if let Some(p) = playout {
                let me = 1 - mover(i);
                let kids = self.tree.children(node);
                // The children whose cell the mover took, listed without a branch (whether
                // the mover took a cell is a coin flip that no branch predictor learns), then
                // updated.
                let took = &mut scratch[..kids.len()];
                let mut n = 0;
                for (k, kid) in kids.iter().enumerate() {
                    took[n] = k as u16;
                    n += (p.colour[kid.cell.load(Relaxed) as usize] == me) as usize;
                }
                let won = winner == me;
                for &k in &took[..n] {
                    kids[k as usize].add_rave(won);
                }
            }
        }
        for i in (0..path.len().saturating_sub(1)).rev() {
            let (node, kid) = (path[i], path[i + 1]);
            match kid.proof() {
                MOVER_WINS => node.proof.store(MOVER_LOSES, Relaxed),
                MOVER_LOSES => {
                    if self
                        .tree
                        .children(node)
                        .iter()
                        .all(|k| k.proof() == MOVER_LOSES)
                    {
                        node.proof.store(MOVER_WINS, Relaxed);
                    }
                }
                _ => break,
            }
        }
    }
}

/// Searches `board` for `to_move` on `tree` (whose root must be that position) until the settings or `stop` end
/// it; `progress` is called about twice a second from the first thread.
pub fn search(
    board: &Board,
    to_move: u8,
    tree: &Tree,
    settings: &Settings,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Outcome),
) -> Outcome {
    search_avoiding(
        board,
        to_move,
        tree,
        settings,
        &Cells::EMPTY,
        stop,
        progress,
    )
}

/// `search`, with the root's moves in `losing` (proved losing by the exact solver) marked lost
/// before the first playout: no playout is spent on them. When every move is lost, none is
/// marked and the search looks for the most resistant one.
pub fn search_avoiding(
    board: &Board,
    to_move: u8,
    tree: &Tree,
    settings: &Settings,
    losing: &Cells,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Outcome),
) -> Outcome {
    timed_search(
        board,
        to_move,
        tree,
        settings,
        losing,
        stop,
        progress,
        Instant::now,
    )
}

/// What a search reads the time from: `Instant::now`, or in tests a clock that moves by the
/// readings, so that its time keeping is checked without depending on the machine's speed.
pub type Clock = fn() -> Instant;

/// `search_avoiding` on the clock `now`.
#[allow(clippy::too_many_arguments)]
fn timed_search(
    board: &Board,
    to_move: u8,
    tree: &Tree,
    settings: &Settings,
    losing: &Cells,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Outcome),
    now: Clock,
) -> Outcome {
    let search = Search::new(board, to_move, tree, settings, stop, now);
    search.prepare_root();
    search.mark_lost(losing);
    std::thread::scope(|s| {
        for t in 1..settings.threads.max(1) {
            let search = &search;
            let seed = settings.seed.wrapping_add(t as u64);
            s.spawn(move || search.run(seed, None));
        }
        search.run(settings.seed, Some(progress));
    });
    report(&search)
}

/// The root's moves and the line the visits favour.
fn report(search: &Search) -> Outcome {
    let tree = search.tree;
    let root = tree.root();
    let stat = |k: &Node| MoveStat {
        cell: k.cell.load(Relaxed) as usize,
        visits: k.visits(),
        mean: k.wins.load(Relaxed) as f32 / k.visits().max(1) as f32,
        proof: k.proof(),
    };
    let mut moves: Vec<MoveStat> = tree.children(root).iter().map(stat).collect();
    // A proved win first, proved losses last, else by visits.
    let rank = |m: &MoveStat| match m.proof {
        MOVER_WINS => (2, m.visits),
        MOVER_LOSES => (0, m.visits),
        _ => (1, m.visits),
    };
    moves.sort_by_key(|m| std::cmp::Reverse(rank(m)));
    let mut pv = Vec::new();
    let mut node = root;
    while let Some(k) = tree
        .children(node)
        .iter()
        .max_by_key(|k| (k.proof() == MOVER_WINS, k.visits()))
    {
        if k.visits() == 0 && k.proof() == UNPROVEN {
            break;
        }
        pv.push(k.cell.load(Relaxed) as usize);
        node = k;
    }
    let proven = match root.proof() {
        MOVER_LOSES => Some(true),
        MOVER_WINS => Some(false),
        _ => None,
    };
    Outcome {
        best: moves.first().map(|m| m.cell),
        mean: moves.first().map_or(0.0, |m| m.mean),
        proven,
        playouts: search.playouts.load(Relaxed),
        elapsed: (search.now)() - search.started,
        pv,
        moves,
        tree_nodes: tree.used(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::board::{BLACK, WHITE};
    use crate::games::hex::player::test_board as board;

    fn run(b: &Board, to_move: u8, playouts: u64, threads: usize) -> Outcome {
        let tree = Tree::new(1 << 18);
        let settings = Settings {
            threads,
            time: None,
            playouts: Some(playouts),
            seed: 11,
        };
        search(
            b,
            to_move,
            &tree,
            &settings,
            &AtomicBool::new(false),
            &mut |_| {},
        )
    }

    /// The readings of `stepping`.
    static READS: AtomicU64 = AtomicU64::new(0);

    /// A clock that moves on by one millisecond at each reading, whatever the machine's load.
    fn stepping() -> Instant {
        static BASE: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        *BASE.get_or_init(Instant::now) + Duration::from_millis(READS.fetch_add(1, SeqCst))
    }

    /// The time limit as behaviour, not as a wall-clock bound: on a clock that moves only when
    /// read, a search given 200 ms reads it some 200 times (it polls every 16 playouts and
    /// stops at its first reading past the deadline, one per thread), plays no more than 16
    /// playouts per reading, and reports the time it took on that clock.
    #[test]
    fn the_search_ends_at_its_deadline() {
        let b = board(11, &["f6", "c9"], &["e7"]);
        for threads in [1, 2] {
            let tree = Tree::new(1 << 16);
            let settings = Settings {
                threads,
                time: Some(Duration::from_millis(200)),
                playouts: Some(1_000_000),
                seed: 5,
            };
            READS.store(0, SeqCst);
            let stop = AtomicBool::new(false);
            let o = timed_search(
                &b,
                BLACK,
                &tree,
                &settings,
                &Cells::EMPTY,
                &stop,
                &mut |_| {},
                stepping,
            );
            let reads = READS.load(SeqCst);
            assert_eq!(o.proven, None);
            // The start, 200 polls before the deadline, one past it per thread, the report.
            assert!(
                (200..=203 + threads as u64).contains(&reads),
                "{threads} threads: {reads} readings of the clock, {} playouts",
                o.playouts
            );
            assert!(
                o.playouts <= 16 * reads,
                "{threads} threads: {} playouts for {reads} readings of the clock",
                o.playouts
            );
            let ms = o.elapsed.as_millis() as u64;
            assert!((200..=202 + threads as u64).contains(&ms), "{ms} ms");
        }
    }

    #[test]
    fn selection_picks_the_child_max_by_picks_with_the_values_of_the_formula() {
        // Random statistics with many ties: the child chosen is the last of the highest
        // values (what `Iterator::max_by` picks), and each value is the formula's, bit for
        // bit (an unvisited child's bias divides by sqrt(1)).
        use rand::Rng;
        let mut rng = SmallRng::seed_from_u64(4);
        for _ in 0..300 {
            let tree = Tree::new(64);
            let cells: Vec<(u16, u32, u32)> = (0..20)
                .map(|c| {
                    let n = rng.gen_range(0..3);
                    (c, n, rng.gen_range(0..=n))
                })
                .collect();
            let priors: Vec<f32> = (0..20)
                .map(|_| [0.0, 0.05, 0.2][rng.gen_range(0..3)])
                .collect();
            tree.expand(tree.root(), &cells, &priors);
            let kids = tree.children(tree.root());
            for k in kids {
                for _ in 0..rng.gen_range(0..3) {
                    k.add_rave(rng.gen_bool(0.5));
                }
                if rng.gen_range(0..40) == 0 {
                    k.proof.store(rng.gen_range(1..=2), Relaxed);
                }
            }
            let log_parent = (rng.gen_range(1..50) as f32).ln();
            let picked = best_child(kids, log_parent);
            let by_max_by = kids
                .iter()
                .max_by(|a, b| value(a, log_parent).total_cmp(&value(b, log_parent)))
                .unwrap();
            assert!(std::ptr::eq(picked, by_max_by));
            for k in kids.iter().filter(|k| k.proof() == UNPROVEN) {
                let n = k.visits() as f32;
                let e = estimate(k, n, log_parent);
                let formula = if k.prior() == 0.0 {
                    e
                } else {
                    PROGRESSIVE_BIAS * k.prior() / (n + 1.0).sqrt() + e
                };
                assert_eq!(value(k, log_parent).to_bits(), formula.to_bits());
            }
        }
    }

    #[test]
    fn connecting_cells_are_the_cells_that_join_both_edges() {
        // Black a1-a2 from the top, a4 at the bottom of a 4x4 board: a3 joins them.
        let b = board(4, &["a1", "a2", "a4"], &[]);
        let cells: Vec<String> = connecting_cells(&b, BLACK)
            .iter()
            .map(|c| b.cell_name(c))
            .collect();
        assert_eq!(cells, ["a3"]);
        assert!(connecting_cells(&b, WHITE).is_empty());
        // A stone on the top row of a 2x2 board: the cell below it connects, the other bottom
        // cell does not touch it.
        let b = board(2, &["a1"], &[]);
        let cells: Vec<usize> = connecting_cells(&b, BLACK).iter().collect();
        assert_eq!(cells, [b.parse_cell("a2").unwrap()]);
    }

    #[test]
    fn a_connecting_move_is_played_and_proved() {
        let b = board(4, &["a1", "a2", "a4"], &["b1", "b2"]);
        let o = run(&b, BLACK, 1000, 1);
        assert_eq!(o.best.map(|c| b.cell_name(c)).as_deref(), Some("a3"));
        assert_eq!(o.proven, Some(true));
    }

    #[test]
    fn a_single_threat_is_blocked() {
        // White threatens to connect at a3... Black to move must take it.
        let b = board(3, &["c1"], &["a2", "b2"]);
        let o = run(&b, BLACK, 2000, 1);
        assert_eq!(o.best.map(|c| b.cell_name(c)).as_deref(), Some("c2"));
    }

    #[test]
    fn the_key_of_a_semi_connection_is_played_before_any_playout() {
        // Black c2 and c4 reach their edges through edge bridges and join each other at c3
        // only: no cell connects at once, but c3 makes the connection sure.
        let b = board(5, &["c2", "c4"], &["a3", "e3"]);
        assert!(connecting_cells(&b, BLACK).is_empty());
        let o = run(&b, BLACK, 1, 1);
        assert_eq!(o.best.map(|c| b.cell_name(c)).as_deref(), Some("c3"));
        assert_eq!(o.proven, Some(true));
        assert!(o.playouts <= 1);
    }

    #[test]
    fn playouts_start_with_the_captured_cells_filled() {
        // Black c2 bridges to the top through c1 and d1, which fill-in gives Black: White
        // gets them in no playout, only by a move of the tree below the root (before that
        // node's own knowledge step), so their all-moves-as-first counts stay low where a
        // free cell's are about half the playouts.
        // 9×9: on 7×7 the two-stone templates prove the root within the 500 playouts.
        let b = board(9, &["c2"], &["d4"]);
        let tree = Tree::new(1 << 16);
        let settings = Settings {
            threads: 1,
            time: None,
            playouts: Some(500),
            seed: 3,
        };
        let o = search(
            &b,
            WHITE,
            &tree,
            &settings,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert!(o.playouts >= 500);
        let rave = |name: &str| {
            let cell = b.parse_cell(name).unwrap() as u16;
            let kids = tree.children(tree.root());
            let kid = kids.iter().find(|k| k.cell.load(Relaxed) == cell).unwrap();
            kid.rave_visits.load(Relaxed)
        };
        assert!(
            rave("c1") < 50 && rave("d1") < 50,
            "{} {}",
            rave("c1"),
            rave("d1")
        );
        assert!(rave("f6") > 100, "{}", rave("f6"));
    }

    #[test]
    fn expansion_pruning_leaves_out_inferior_cells() {
        // Black c2 bridges to the top through c1 and d1, which fill-in gives Black: with
        // pruning neither side's node would have a child there; a free cell is kept.
        let b = board(9, &["c2"], &["e5"]);
        for to_move in [BLACK, WHITE] {
            let kids = children_to_consider(&b, to_move, true);
            let has = |name: &str| kids.has(b.parse_cell(name).unwrap());
            assert!(!has("c1") && !has("d1"), "to move {to_move}");
            assert!(has("f6"));
            assert_eq!(children_to_consider(&b, to_move, false), b.empty_cells());
        }
    }

    #[test]
    fn the_root_knowledge_sets_up_the_restoring_reply() {
        // Black d4 and e5 bridge through e4 and d5; White to move. After the root's knowledge
        // step (its restoring replies called here when the search has them off), White's move
        // e4 waits for its expansion with Black's reply d5, and once it is expanded d5 is its
        // most likely child.
        let b = board(9, &["d4", "e5"], &["b7"]);
        let tree = Tree::new(1 << 16);
        let stop = AtomicBool::new(false);
        let settings = Settings {
            threads: 1,
            time: None,
            playouts: Some(0),
            seed: 1,
        };
        let search = Search::new(&b, WHITE, &tree, &settings, &stop, Instant::now);
        search.prepare_root();
        let kids = tree.children(tree.root());
        if !RESTORING_BONUS {
            search.restoring_replies(kids, &b, WHITE, &VcSet::build(&b, BLACK));
        }
        let e4 = b.parse_cell("e4").unwrap();
        let d5 = b.parse_cell("d5").unwrap();
        let kid = kids
            .iter()
            .find(|k| k.cell.load(Relaxed) as usize == e4)
            .unwrap();
        let waiting = search.restoring.lock().get(&address(kid)).copied();
        assert!(waiting.is_some_and(|r| r.has(d5)), "{waiting:?}");
        let mut after = b;
        after.place(WHITE, e4);
        search.grow(kid, &after, BLACK, Some(e4));
        assert!(search.restoring.lock().get(&address(kid)).is_none());
        let grandkids = tree.children(kid);
        let top = grandkids
            .iter()
            .max_by(|a, b| a.prior().total_cmp(&b.prior()))
            .unwrap();
        assert_eq!(top.cell.load(Relaxed) as usize, d5);
    }

    #[test]
    fn two_threats_prove_the_loss() {
        // White a2-b2 reaches c2 or... a 3x3 board where White connects at c1 or c2 and Black
        // cannot connect at once.
        let b = board(3, &["a1"], &["a2", "b2"]);
        let o = run(&b, BLACK, 2000, 1);
        assert_eq!(o.proven, Some(false));
    }

    /// Brute force: does `to_move` win from `b`?
    fn wins(b: &Board, to_move: u8) -> bool {
        b.empty_cells().iter().any(|c| {
            let mut next = *b;
            next.place(to_move, c);
            next.winner() == Some(to_move) || !wins(&next, 1 - to_move)
        })
    }

    #[test]
    fn small_boards_are_played_perfectly() {
        // Every 3x3 position after one or two stones: the move chosen wins whenever the
        // position is won, on one thread and two.
        let empty = Board::new(3, 3).unwrap();
        let mut checked = 0;
        for a in 0..9 {
            for w in (0..9).filter(|&w| w != a) {
                let mut b = empty;
                b.place(BLACK, a);
                b.place(WHITE, w);
                if !wins(&b, BLACK) {
                    continue;
                }
                for threads in [1, 2] {
                    let o = run(&b, BLACK, 4000, threads);
                    let mut next = b;
                    next.place(BLACK, o.best.unwrap());
                    assert!(
                        next.winner() == Some(BLACK) || !wins(&next, WHITE),
                        "{} after {} {}",
                        b.cell_name(o.best.unwrap()),
                        b.cell_name(a),
                        b.cell_name(w)
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 10);
    }

    #[test]
    fn the_same_seed_gives_the_same_search_on_one_thread() {
        let b = board(5, &["c3"], &["b4"]);
        let a = run(&b, BLACK, 3000, 1);
        let c = run(&b, BLACK, 3000, 1);
        assert_eq!(a.best, c.best);
        assert_eq!(
            a.moves.iter().map(|m| m.visits).collect::<Vec<_>>(),
            c.moves.iter().map(|m| m.visits).collect::<Vec<_>>()
        );
    }
}
