//! An exact solver for small boards: depth-first proof-number search (df-pn, Nagai 2002) with
//! Pawlewicz and Lew's 1+ε thresholds, as in Benzene's solver, and the prunings that make Hex
//! tractable:
//!
//! - *fill-in* (`fillin`): dead and captured cells are filled before a position is looked up,
//!   so they are never tried and equivalent positions share one table entry;
//! - a virtual connection found by H-search (`hsearch`) ends a line at once: a full
//!   edge-to-edge connection for either side, or a semi connection for the side to move;
//! - the *must-play* region: the side to move has to break every edge-to-edge semi connection
//!   of the opponent, so only moves inside all their carriers are tried;
//! - *proof sets*: when a move m is refuted at once by an opponent virtual connection with
//!   carrier K, every other move outside K is refuted by the same connection (m only helped
//!   us), so the remaining moves are cut down to K.
//!
//! Numbers are kept from the side to move's view (φ proves a win for it, δ disproves one):
//! φ(n) = min δ(child), δ(n) = Σ φ(child). Used for `dfpn-solve-state`, small-board play and
//! swap decisions; tested against brute force and the published 6×6 opening results.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::board::Cells;
use super::fillin;
use super::vc::{must_play, Outlook, VcSet};
use super::position::Hex;

/// The result of a solve, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins; with a winning move unless the game is already won.
    Win(Option<usize>),
    Loss,
    /// Stopped (time, interrupt or memory) before proving anything.
    Unknown,
}

const INF: u32 = u32::MAX / 4;
/// The 1+ε trick: a child is searched until its δ exceeds the runner-up's by this factor, which
/// saves most of the re-expansions of plain df-pn.
const EPSILON: f64 = 0.25;
/// Bounds the table (about 100 bytes an entry); a solve that needs more gives up.
const MAX_ENTRIES: usize = 6_000_000;

struct Node {
    phi: u32,
    delta: u32,
    /// The moves to try, best first (computed on first expansion).
    children: Option<Vec<u16>>,
    /// For a position the side to move wins at once by a virtual connection: its carrier.
    proof: Option<Cells>,
    /// The children's table keys (after fill-in) and whether their fill-in gave stones to
    /// the side to move there, in `children`'s order; made on the first visit, since filling
    /// is too costly to repeat on every pass through a node.
    kids: Option<Vec<Kid>>,
}

#[derive(Clone, Copy)]
struct Kid {
    cell: u16,
    key: u64,
    for_mover: bool,
}

pub struct Solver<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    pub nodes: u64,
    table: HashMap<u64, Node>,
    aborted: bool,
}

/// `pos` after `cell` is played, with fill-in.
fn child_of(pos: &Hex, cell: usize) -> (Hex, fillin::Filled) {
    let mut child = *pos;
    child.play_cell(cell);
    fillin::canonical(&child)
}

impl<'a> Solver<'a> {
    pub fn new(stop: &'a AtomicBool, deadline: Option<Instant>) -> Solver<'a> {
        Solver {
            stop,
            deadline,
            nodes: 0,
            table: HashMap::new(),
            aborted: false,
        }
    }

    /// Solves `pos` for its side to move.
    pub fn solve(&mut self, pos: &Hex) -> Verdict {
        if let Some(w) = pos.winner() {
            return if w == pos.to_move() {
                Verdict::Win(None)
            } else {
                Verdict::Loss
            };
        }
        let (root, _) = fillin::canonical(pos);
        self.mid(&root, INF, INF);
        let (phi, delta) = self.numbers(&root);
        if delta == 0 {
            return Verdict::Loss;
        }
        if phi != 0 {
            return Verdict::Unknown;
        }
        // A winning move: a reply that leaves the opponent lost. The proof's own children come
        // first; a position won at once (a semi connection) needs its key found, by search.
        // A move that ends the game comes first, so that play finishes rather than relying on
        // filled-in cells it would still have to take.
        let mut moves: Vec<usize> = pos
            .board()
            .empty_cells()
            .iter()
            .filter(|&c| {
                let mut q = *pos;
                q.play_cell(c);
                q.winner().is_some()
            })
            .collect();
        moves.extend(
            self.table
                .get(&root.key())
                .and_then(|n| n.children.clone())
                .unwrap_or_default()
                .into_iter()
                .map(usize::from),
        );
        moves.extend(pos.ranked_moves().into_iter().map(|(c, _)| c));
        moves.extend(pos.board().empty_cells().iter());
        for &c in &moves {
            let mut raw = *pos;
            raw.play_cell(c);
            if self.numbers(&fillin::canonical(&raw).0).1 == 0 {
                return Verdict::Win(Some(c));
            }
        }
        for &c in &moves {
            let mut raw = *pos;
            raw.play_cell(c);
            let child = fillin::canonical(&raw).0;
            self.mid(&child, INF, INF);
            if self.aborted {
                break;
            }
            if self.numbers(&child).1 == 0 {
                return Verdict::Win(Some(c));
            }
        }
        Verdict::Win(pos.board().empty_cells().first())
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes.is_multiple_of(256)
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.table.len() > MAX_ENTRIES)
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Looks at a (filled) position without trying moves: a finished game, a full connection
    /// for either side, or a semi connection for the side to move (it plays the key) decide it.
    /// Otherwise the must-play region: the cells inside every opponent semi connection.
    fn evaluate(pos: &Hex) -> Node {
        let me = pos.to_move();
        let won = |proof: Cells| Node {
            phi: 0,
            delta: INF,
            children: None,
            proof: Some(proof),
            kids: None,
        };
        let lost = Node {
            phi: INF,
            delta: 0,
            children: None,
            proof: None,
            kids: None,
        };
        if let Some(w) = pos.winner() {
            return if w == me { won(Cells::EMPTY) } else { lost };
        }
        let mine = VcSet::build(pos.board(), me);
        let theirs = VcSet::build(pos.board(), 1 - me);
        let must = match must_play(&mine, &theirs, &pos.board().empty_cells()) {
            Outlook::Won(c) => return won(c),
            Outlook::Lost(_) => return lost,
            Outlook::MustPlay(m) => m,
        };
        let children: Vec<u16> = pos
            .ranked_moves()
            .into_iter()
            .map(|(c, _)| c)
            .filter(|&c| must.has(c))
            .map(|c| c as u16)
            .collect();
        if children.is_empty() {
            return lost;
        }
        // Refuting every move takes work in proportion to their number (mobility).
        Node {
            phi: 1,
            delta: children.len() as u32,
            children: Some(children),
            proof: None,
            kids: None,
        }
    }

    /// The (φ, δ) of a filled position: from the table, or from a first look.
    fn numbers(&mut self, pos: &Hex) -> (u32, u32) {
        if let Some(n) = self.table.get(&pos.key()) {
            return (n.phi, n.delta);
        }
        let n = Self::evaluate(pos);
        let r = (n.phi, n.delta);
        self.table.insert(pos.key(), n);
        r
    }

    /// Multiple iterative deepening: works below `pos` until its numbers reach a threshold.
    fn mid(&mut self, pos: &Hex, th_phi: u32, th_delta: u32) {
        self.nodes += 1;
        if self.out_of_time() {
            return;
        }
        let (phi, delta) = self.numbers(pos);
        if phi == 0 || delta == 0 || phi >= th_phi || delta >= th_delta {
            return;
        }
        let key = pos.key();
        let Some(node) = self.table.get(&key) else {
            return;
        };
        let mut kids = match &node.kids {
            Some(k) => k.clone(),
            None => {
                let kids: Vec<Kid> = node
                    .children
                    .iter()
                    .flatten()
                    .map(|&cell| {
                        let (child, filled) = child_of(pos, cell as usize);
                        Kid {
                            cell,
                            key: child.key(),
                            for_mover: filled.for_mover,
                        }
                    })
                    .collect();
                if let Some(n) = self.table.get_mut(&key) {
                    n.kids = Some(kids.clone());
                }
                kids
            }
        };
        loop {
            // φ(n) = min δ(child), δ(n) = Σ φ(child); track the best child and the runner-up.
            let mut phi = INF;
            let mut delta: u32 = 0;
            let mut best = None;
            let mut best_delta = INF;
            let mut second = INF;
            for (i, kid) in kids.iter().enumerate() {
                let (cp, cd) = self
                    .table
                    .get(&kid.key)
                    .map_or((1, 1), |n| (n.phi, n.delta));
                phi = phi.min(cd);
                delta = delta.saturating_add(cp).min(INF);
                if cd < best_delta {
                    second = best_delta;
                    best_delta = cd;
                    best = Some((i, cp));
                } else if cd < second {
                    second = cd;
                }
            }
            if kids.is_empty() {
                phi = INF;
                delta = 0;
            }
            if let Some(n) = self.table.get_mut(&key) {
                n.phi = phi;
                n.delta = delta;
            }
            if phi >= th_phi || delta >= th_delta || self.aborted {
                return;
            }
            let Some((index, child_phi)) = best else {
                return;
            };
            let kid = kids[index];
            let (child, _) = child_of(pos, kid.cell as usize);
            let child_th_phi = th_delta
                .saturating_sub(delta)
                .saturating_add(child_phi)
                .min(INF);
            let grown = ((second as f64) * (1.0 + EPSILON)).ceil() as u32;
            let child_th_delta = th_phi.min(second.saturating_add(1).max(grown)).min(INF);
            self.mid(&child, child_th_phi, child_th_delta);
            if self.aborted {
                return;
            }
            // A move refuted at once by a connection: the moves outside its carrier go too.
            let refuted = self
                .table
                .get(&kid.key)
                .filter(|n| n.phi == 0 && !kid.for_mover)
                .and_then(|n| n.proof);
            if let Some(k) = refuted {
                kids.retain(|kid| k.has(kid.cell as usize));
                if let Some(n) = self.table.get_mut(&key) {
                    n.children = Some(kids.iter().map(|kid| kid.cell).collect());
                    n.kids = Some(kids.clone());
                }
            }
        }
    }
}
