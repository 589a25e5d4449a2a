//! An exact solver for small boards: depth-first AND/OR search over the ranked moves, with a
//! table of solved positions and the two prunings that make Hex solvable by brute force:
//!
//! - a sound virtual connection (bridges, edge templates; see `vc`) ends a line at once;
//! - the *must-play* region: for every cell where the opponent, moving now, would complete a
//!   virtual connection, our move has to land on that cell or its carrier; the intersection of
//!   those regions is all we try. Any move outside lets the opponent play the cell and win.
//!
//! Dead cells are never tried (their colour cannot matter, so they are passes, and a pass never
//! helps in Hex). The solver answers positions up to about 7×7 in seconds; it is used for
//! `dfpn-solve-state`, for small-board play and swap decisions, and tested against published
//! solutions of the 6×6 openings.

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
    /// Stopped (time, node budget or interrupt) before proving anything.
    Unknown,
}

pub struct Solver<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    pub nodes: u64,
    table: HashMap<u64, bool>,
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
        match self.quick(pos) {
            Some(true) => return Verdict::Win(pos.vc_win(pos.to_move()).and_then(|c| c.first()).or_else(|| pos.board().empty_cells().first())),
            Some(false) => return Verdict::Loss,
            None => {}
        }
        let Some(moves) = self.candidates(pos) else {
            return Verdict::Loss;
        };
        for c in moves {
            let mut child = *pos;
            child.play_cell(c);
            match self.wins(&child) {
                Some(false) => return Verdict::Win(Some(c)),
                Some(true) => {}
                None => return Verdict::Unknown,
            }
        }
        if self.aborted {
            Verdict::Unknown
        } else {
            Verdict::Loss
        }
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes % 256 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Decided without trying moves: a finished game or a virtual connection either way.
    fn quick(&self, pos: &Hex) -> Option<bool> {
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

    /// The moves worth trying, best first; `None` when the must-play region is empty (lost).
    fn candidates(&self, pos: &Hex) -> Option<Vec<usize>> {
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
                    return None;
                }
            }
        }
        Some(ranked.into_iter().map(|(c, _)| c).filter(|&c| must.has(c)).collect())
    }

    /// True if the side to move wins; `None` once stopped.
    fn wins(&mut self, pos: &Hex) -> Option<bool> {
        self.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        if let Some(r) = self.quick(pos) {
            return Some(r);
        }
        if let Some(&r) = self.table.get(&pos.key()) {
            return Some(r);
        }
        let result = match self.candidates(pos) {
            None => false,
            Some(moves) => {
                let mut won = false;
                for c in moves {
                    let mut child = *pos;
                    child.play_cell(c);
                    match self.wins(&child) {
                        Some(false) => {
                            won = true;
                            break;
                        }
                        Some(true) => {}
                        None => return None,
                    }
                }
                won
            }
        };
        self.table.insert(pos.key(), result);
        Some(result)
    }
}
