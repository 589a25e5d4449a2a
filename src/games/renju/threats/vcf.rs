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

use crate::games::renju::board::Cell;
use crate::games::renju::position::Renju;
use crate::search::Position;

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
    /// with the five, or `None` if none was found within the budget.
    pub fn solve(&mut self, pos: &Renju) -> Option<Vec<Cell>> {
        let mut line = Vec::new();
        if pos.outcome().is_some() {
            return None;
        }
        self.search(pos, &mut line).then_some(line)
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

    /// Attacker (the side to move) to play in `pos`; on success `line` holds the rest of the win.
    fn search(&mut self, pos: &Renju, line: &mut Vec<Cell>) -> bool {
        self.nodes += 1;
        if self.out_of_budget() {
            return false;
        }
        let me = pos.to_move();
        let them = 1 - me;
        if let Some(&c) = pos.five_points(me).first() {
            line.push(c);
            return true;
        }
        let candidates: Vec<Cell> = if pos.has_five_point(them) {
            // The defender has a four: our only move is the block, and it must be a four too.
            match pos.five_points(them).as_slice() {
                [b] if pos.makes_four(*b, me) && !pos.is_forbidden_for(me, *b) => vec![*b],
                _ => return false,
            }
        } else {
            if !pos.has_four_point(me) {
                return false;
            }
            let mut fours: Vec<(i32, Cell)> = pos
                .region()
                .filter(|&c| pos.makes_four(c, me) && !pos.is_forbidden_for(me, c))
                .map(|c| (pos.threat(c, me), c))
                .collect();
            fours.sort_by_key(|&(s, _)| -s);
            fours.into_iter().map(|(_, c)| c).collect()
        };
        for c in candidates {
            let mut child = pos.clone();
            child.play(c);
            let points = child.five_points_near(c, me);
            match points.as_slice() {
                [] => continue,
                [b] => {
                    let b = *b;
                    if child.is_forbidden_for(them, b) {
                        // Black cannot block: White's five follows.
                        line.extend([c, b]);
                        return true;
                    }
                    let mut next = child;
                    next.play(b);
                    if next.winner().is_some() || self.failed.contains(&next.hash()) {
                        continue;
                    }
                    line.extend([c, b]);
                    if self.search(&next, line) {
                        return true;
                    }
                    line.truncate(line.len() - 2);
                    if self.aborted {
                        return false;
                    }
                    self.failed.insert(next.hash());
                }
                [first, ..] => {
                    // Two five points: the defender blocks one it may play, the attacker takes
                    // another. If Black may block none, White's five follows at once.
                    let first = *first;
                    match points.iter().find(|&&p| !child.is_forbidden_for(them, p)) {
                        Some(&block) => {
                            let other = points.iter().find(|&&p| p != block).copied();
                            line.extend([c, block]);
                            line.extend(other);
                        }
                        None => line.extend([c, first]),
                    }
                    return true;
                }
            }
        }
        false
    }
}
