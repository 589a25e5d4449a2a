//! An exact solver for small boards: depth-first proof-number search (df-pn, Nagai 2002, as in
//! Benzene's solver), with the two prunings that make Hex tractable:
//!
//! - a sound virtual connection (bridges, edge templates; see `vc`) ends a line at once;
//! - the *must-play* region: for every cell where the opponent, moving now, would complete a
//!   virtual connection, our move has to land on that cell or its carrier; the intersection of
//!   those regions is all we try. Any move outside lets the opponent play the cell and win.
//!
//! Dead cells are never tried (their colour cannot matter, so they are passes, and a pass never
//! helps in Hex). Numbers are kept from the side to move's view (φ proves a win for it, δ
//! disproves one): φ(n) = min δ(child), δ(n) = Σ φ(child). Used for `dfpn-solve-state`,
//! small-board play and swap decisions; tested against the published 6×6 opening results.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::hsearch;
use super::position::Hex;

/// The result of a solve, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins; with a winning move unless the game is already won.
    Win(Option<usize>),
    Loss,
    /// Stopped (time or interrupt) before proving anything.
    Unknown,
}

const INF: u32 = u32::MAX / 4;

struct Node {
    phi: u32,
    delta: u32,
    /// The moves to try, best first (computed on first expansion).
    children: Option<Vec<u16>>,
}

pub struct Solver<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    pub nodes: u64,
    table: HashMap<u64, Node>,
    aborted: bool,
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
        self.mid(pos, INF, INF);
        let (phi, delta) = self.numbers(pos);
        if phi == 0 {
            // A winning move: a reply that leaves the opponent lost (a semi connection's key
            // among them).
            let mut moves: Vec<usize> = self
                .table
                .get(&pos.key())
                .and_then(|n| n.children.clone())
                .unwrap_or_default()
                .into_iter()
                .map(usize::from)
                .collect();
            moves.extend(pos.ranked_moves().into_iter().map(|(c, _)| c));
            let m = moves.into_iter().find(|&c| {
                let mut child = *pos;
                child.play_cell(c);
                self.numbers(&child).1 == 0
            });
            Verdict::Win(m.or_else(|| pos.board().empty_cells().first()))
        } else if delta == 0 {
            Verdict::Loss
        } else {
            Verdict::Unknown
        }
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes.is_multiple_of(256)
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Decided without trying moves: a finished game, a full connection for either side, or a
    /// semi connection for the side to move (it plays the key).
    fn quick(pos: &Hex) -> Option<bool> {
        let me = pos.to_move();
        if let Some(w) = pos.winner() {
            return Some(w == me);
        }
        let mine = hsearch::connections(pos.board(), me);
        if mine.win.is_some() || !mine.semis.is_empty() {
            return Some(true);
        }
        if hsearch::connections(pos.board(), 1 - me).win.is_some() {
            return Some(false);
        }
        None
    }

    /// The (φ, δ) of a position: from the table, or from a quick look (1, 1 if unknown).
    fn numbers(&mut self, pos: &Hex) -> (u32, u32) {
        if let Some(n) = self.table.get(&pos.key()) {
            return (n.phi, n.delta);
        }
        let (phi, delta) = match Self::quick(pos) {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => (1, 1),
        };
        // Unknown positions are kept too: the quick look is the costly part of a node.
        self.table.insert(
            pos.key(),
            Node {
                phi,
                delta,
                children: None,
            },
        );
        (phi, delta)
    }

    /// The moves worth trying, best first; empty when the must-play region is empty (lost).
    /// Every opponent semi connection between its edges must be broken: our move has to fall
    /// inside the carrier (key included) of each.
    fn candidates(pos: &Hex) -> Vec<u16> {
        let me = pos.to_move();
        let ranked = pos.ranked_moves();
        let mut must = pos.board().empty_cells();
        for carrier in hsearch::connections(pos.board(), 1 - me).semis {
            must = must.and(&carrier);
        }
        ranked
            .into_iter()
            .map(|(c, _)| c)
            .filter(|&c| must.has(c))
            .map(|c| c as u16)
            .collect()
    }

    /// Multiple iterative deepening: works below `pos` until its numbers reach a threshold.
    fn mid(&mut self, pos: &Hex, th_phi: u32, th_delta: u32) {
        self.nodes += 1;
        if self.out_of_time() {
            return;
        }
        let (phi, delta) = self.numbers(pos);
        if phi == 0 || delta == 0 {
            return;
        }
        let key = pos.key();
        let children = match self.table.get(&key).and_then(|n| n.children.clone()) {
            Some(c) => c,
            None => {
                let c = Self::candidates(pos);
                self.table.insert(
                    key,
                    Node {
                        phi,
                        delta,
                        children: Some(c.clone()),
                    },
                );
                c
            }
        };
        loop {
            // φ(n) = min δ(child), δ(n) = Σ φ(child); track the best child and the runner-up.
            let mut phi = INF;
            let mut delta: u32 = 0;
            let mut best = None;
            let mut best_delta = INF;
            let mut second = INF;
            let mut best_phi = INF;
            for &c in &children {
                let mut child = *pos;
                child.play_cell(c as usize);
                // Children are looked at only when visited: (1, 1) until then.
                let (cp, cd) = self
                    .table
                    .get(&child.key())
                    .map_or((1, 1), |n| (n.phi, n.delta));
                phi = phi.min(cd);
                delta = delta.saturating_add(cp).min(INF);
                if cd < best_delta {
                    second = best_delta;
                    best_delta = cd;
                    best = Some((child, cp));
                } else if cd < second {
                    second = cd;
                }
                let _ = best_phi;
                best_phi = best.map_or(INF, |b| b.1);
            }
            if children.is_empty() {
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
            let Some((child, child_phi)) = best else {
                return;
            };
            let child_th_phi = th_delta
                .saturating_sub(delta)
                .saturating_add(child_phi)
                .min(INF);
            let child_th_delta = th_phi.min(second.saturating_add(1));
            let _ = best_phi;
            self.mid(&child, child_th_phi, child_th_delta);
            if self.aborted {
                return;
            }
        }
    }
}
