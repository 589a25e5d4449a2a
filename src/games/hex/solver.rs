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

use super::board::Cells;
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
            // A winning move: a child that is proven lost for the opponent, else (a virtual
            // connection) a carrier cell, which keeps it.
            let children = self
                .table
                .get(&pos.key())
                .and_then(|n| n.children.clone())
                .unwrap_or_default();
            let m = children
                .iter()
                .copied()
                .find(|&c| {
                    let mut child = *pos;
                    child.play_cell(c as usize);
                    self.numbers(&child).1 == 0
                })
                .map(|c| c as usize)
                .or_else(|| pos.vc_win(pos.to_move()).and_then(|k| k.first()))
                .or_else(|| pos.board().empty_cells().first());
            Verdict::Win(m)
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

    /// Decided without trying moves: a finished game or a virtual connection either way.
    fn quick(pos: &Hex) -> Option<bool> {
        let me = pos.to_move();
        if let Some(w) = pos.winner() {
            return Some(w == me);
        }
        if pos.vc_win(me).is_some() {
            return Some(true);
        }
        if pos.vc_win(1 - me).is_some() {
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
        if phi == 0 || delta == 0 {
            self.table.insert(
                pos.key(),
                Node {
                    phi,
                    delta,
                    children: None,
                },
            );
        }
        (phi, delta)
    }

    /// The moves worth trying, best first; empty when the must-play region is empty (lost).
    fn candidates(pos: &Hex) -> Vec<u16> {
        let me = pos.to_move();
        let ranked = pos.ranked_moves();
        let mut must = pos.board().empty_cells();
        for &(c, _) in &ranked {
            let mut threat = *pos;
            threat.place(1 - me, c);
            let carrier = if threat.winner() == Some(1 - me) {
                Some(Cells::EMPTY)
            } else {
                threat.vc_win(1 - me)
            };
            if let Some(k) = carrier {
                let mut region = k;
                region.insert(c);
                must = must.and(&region);
                if must.is_empty() {
                    return Vec::new();
                }
            }
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
                let (cp, cd) = self.numbers(&child);
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
