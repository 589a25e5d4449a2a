//! Victory by continuous fours (VCF): the attacker plays only fours, so every defender reply is
//! forced (the one blocking point), which keeps the tree narrow enough to read deeply.
//!
//! Renju is respected on both sides: Black's fours must not be forbidden (double four,
//! overline, four-three-three), and when White's four can only be blocked on a point that is
//! forbidden for Black, Black cannot block and White wins (the line then ends with two White
//! moves). A defender whose block makes a four of its own forces the attacker to block back,
//! which continues the line only if that block is itself a four.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::{five_points_near, over};
use crate::games::renju::board::cell_table::FLAG_FOUR;
use crate::games::renju::board::{Board, Cell};

pub struct Vcf<'a> {
    stop: Option<&'a AtomicBool>,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    /// Positions (attacker to move) already shown to have no VCF within the budget.
    failed: HashSet<u64>,
    pub aborted: bool,
}

impl<'a> Vcf<'a> {
    pub fn new(max_nodes: u64, deadline: Option<Instant>) -> Vcf<'a> {
        Vcf {
            stop: None,
            nodes: 0,
            max_nodes,
            deadline,
            failed: HashSet::new(),
            aborted: false,
        }
    }

    /// Also stops when `stop` is set (YXSTOP, END).
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> Vcf<'a> {
        self.stop = Some(stop);
        self
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A winning line for the side to move, attacker's and defender's moves in order and ending
    /// with the five, or `None` if none was found within the budget. `b` is left as it was.
    pub fn solve(&mut self, b: &mut Board) -> Option<Vec<Cell>> {
        let mut line = Vec::new();
        if over(b) {
            return None;
        }
        self.search(b, &mut line).then_some(line)
    }

    fn out_of_budget(&mut self) -> bool {
        // The clock is read on the first node and every 256th after it.
        if self.nodes >= self.max_nodes {
            self.aborted = true;
            return true;
        }
        if self.nodes % 256 == 1 {
            let stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
            if stopped || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
                return true;
            }
        }
        false
    }

    /// The attacker's fours to try, best first: the block of the defender's four when it has
    /// one (which must be a four of ours too), else every legal four.
    fn candidates(b: &mut Board) -> Vec<Cell> {
        let me = b.to_move();
        let them = 1 - me;
        let makes_four = |b: &Board, c: Cell| b.facts(c, me).flags & FLAG_FOUR != 0;
        if b.five_points(them) > 0 {
            return match (b.five_points(them), b.five_point(them)) {
                (1, Some(p)) if makes_four(b, p) && !b.is_forbidden(p, me) => vec![p],
                _ => Vec::new(),
            };
        }
        if !b.has_four_point(me) {
            return Vec::new();
        }
        let mut cells = Vec::new();
        b.region(4, &mut cells);
        let mut fours: Vec<(i32, Cell)> = Vec::new();
        for c in cells {
            if makes_four(b, c) && !b.is_forbidden(c, me) {
                fours.push((b.info(c, me).threat_order, c));
            }
        }
        fours.sort_by_key(|&(s, _)| -s);
        fours.into_iter().map(|(_, c)| c).collect()
    }

    /// Attacker (the side to move) to play on `b`; on success `line` holds the rest of the win.
    fn search(&mut self, b: &mut Board, line: &mut Vec<Cell>) -> bool {
        self.nodes += 1;
        if self.out_of_budget() {
            return false;
        }
        let me = b.to_move();
        let them = 1 - me;
        if let Some(c) = b.five_point(me) {
            line.push(c);
            return true;
        }
        for c in Self::candidates(b) {
            b.make(c);
            let points = five_points_near(b, c, me);
            let won = match points.as_slice() {
                [] => false,
                [p] => {
                    let p = *p;
                    if b.is_forbidden(p, them) {
                        // Black cannot block: White's five follows.
                        line.extend([c, p]);
                        true
                    } else {
                        self.after_block(b, c, p, line)
                    }
                }
                [first, ..] => {
                    // Two five points: the defender blocks one it may play, the attacker takes
                    // another. If Black may block none, White's five follows at once.
                    let first = *first;
                    let block = points.iter().copied().find(|&p| !b.is_forbidden(p, them));
                    match block {
                        Some(block) => {
                            let other = points.iter().copied().find(|&p| p != block);
                            line.extend([c, block]);
                            line.extend(other);
                        }
                        None => line.extend([c, first]),
                    }
                    true
                }
            };
            b.undo();
            if won {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        false
    }

    /// The defender blocks the four `c` at `p`; the attacker goes on from there.
    fn after_block(&mut self, b: &mut Board, c: Cell, p: Cell, line: &mut Vec<Cell>) -> bool {
        b.make(p);
        let key = b.hash();
        let won = if b.winner().is_some() || self.failed.contains(&key) {
            false
        } else {
            line.extend([c, p]);
            let won = self.search(b, line);
            if !won {
                line.truncate(line.len() - 2);
                if !self.aborted {
                    self.failed.insert(key);
                }
            }
            won
        };
        b.undo();
        won
    }
}
