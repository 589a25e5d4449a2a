//! Victory by continuous threats (VCT): the attacker plays fours and threes, the defender
//! answers every four with its block and every three with every move that could stop it.
//!
//! A three threatens an open four; a defence is any move after which the attacker has no legal
//! open-four point left, or a four of the defender's own (which the attacker must answer
//! first). A defender with a win by fours of its own (a VCF) refutes a three outright, since a
//! three does not force a reply. Every defence must fail for the three to count. Renju is
//! respected: Black's threes only count if an open-four point is not forbidden, Black never
//! plays a forbidden point, and a White four whose block is forbidden wins.
//!
//! Depth counts the attacker's moves; the root deepens one move at a time within its budget.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::vcf::Vcf;
use crate::games::renju::board::Cell;
use crate::games::renju::patterns::shapes::{F3, F4};
use crate::games::renju::position::Renju;
use crate::search::Position;

/// Node budget of each VCF probe inside the VCT (attacker's finish, defender's counter).
const VCF_PROBE_NODES: u64 = 400;
/// At most this many threat moves are tried per attacker node, best first.
const MAX_THREATS: usize = 12;

pub struct Vct<'a> {
    nodes: u64,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    /// Results by position hash: (attacker moves left, proven win).
    cache: HashMap<u64, (u32, bool)>,
    aborted: bool,
    /// Stop after this many nodes (`INFO max_node` bounds the whole move).
    max_nodes: u64,
}

impl<'a> Vct<'a> {
    pub fn new(deadline: Option<Instant>, stop: Option<&'a AtomicBool>) -> Vct<'a> {
        Vct {
            nodes: 0,
            deadline,
            stop,
            cache: HashMap::new(),
            aborted: false,
            max_nodes: u64::MAX,
        }
    }

    /// Also stops after `max_nodes` nodes.
    pub fn with_node_limit(mut self, max_nodes: u64) -> Vct<'a> {
        self.max_nodes = max_nodes;
        self
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The first move of a win by threats for the side to move, deepening up to `max_depth`
    /// attacker moves until the deadline.
    pub fn solve(&mut self, pos: &Renju, max_depth: u32) -> Option<Cell> {
        if pos.outcome().is_some() {
            return None;
        }
        for depth in 1..=max_depth {
            if let Some(m) = self.root(pos, depth) {
                return Some(m);
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // A node here can cost as much as thousands of search nodes (a VCF probe, a scan of
        // every defence), so the clock is read at every one.
        let stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        if stopped
            || self.nodes >= self.max_nodes
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn root(&mut self, pos: &Renju, depth: u32) -> Option<Cell> {
        let me = pos.to_move();
        if let Some(&c) = pos.five_points(me).first() {
            return Some(c);
        }
        for c in self.threats(pos) {
            let mut child = pos.clone();
            child.play(c);
            if self.defend(&child, depth - 1) {
                return Some(c);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Attacker's fours and real threes (legal), best first.
    fn threats(&self, pos: &Renju) -> Vec<Cell> {
        let me = pos.to_move();
        if pos.has_five_point(1 - me) {
            // Only the block is possible; it must be a threat itself to keep the initiative.
            return match pos.five_points(1 - me).as_slice() {
                [b] if pos.is_legal(*b) => vec![*b],
                _ => Vec::new(),
            };
        }
        let mut v: Vec<(i32, Cell)> = pos
            .region()
            .filter(|&c| {
                let s = pos.shapes_of(c, me);
                (pos.makes_four(c, me) || s.contains(&F3)) && pos.is_legal(c)
            })
            .map(|c| (pos.threat(c, me), c))
            .collect();
        v.sort_by_key(|&(s, _)| -s);
        v.truncate(MAX_THREATS);
        v.into_iter().map(|(_, c)| c).collect()
    }

    /// Attacker to move: can it win within `depth` more threat moves?
    fn attack(&mut self, pos: &Renju, depth: u32) -> bool {
        self.nodes += 1;
        if self.out_of_time() {
            return false;
        }
        let me = pos.to_move();
        if pos.has_five_point(me) {
            return true;
        }
        if pos.outcome().is_some() {
            return false;
        }
        if let Some(&(d, win)) = self.cache.get(&pos.hash()) {
            if (win && d <= depth) || (!win && d >= depth) {
                return win;
            }
        }
        let result = self.attack_uncached(pos, depth);
        if !self.aborted {
            self.cache.insert(pos.hash(), (depth, result));
        }
        result
    }

    fn attack_uncached(&mut self, pos: &Renju, depth: u32) -> bool {
        let me = pos.to_move();
        if !pos.has_five_point(1 - me)
            && pos.has_four_point(me)
            && Vcf::new(VCF_PROBE_NODES, self.deadline)
                .solve(pos)
                .is_some()
        {
            return true;
        }
        if depth == 0 {
            return false;
        }
        for c in self.threats(pos) {
            let mut child = pos.clone();
            child.play(c);
            let threatening = child.has_five_point(me) || self.has_open_four_point(&child, me);
            if threatening && self.defend(&child, depth - 1) {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        false
    }

    /// Does `side` have an open-four point it may legally play?
    fn has_open_four_point(&self, pos: &Renju, side: u8) -> bool {
        pos.has_open_four_point(side)
            && pos
                .region()
                .any(|c| pos.shapes_of(c, side).contains(&F4) && !pos.is_forbidden_for(side, c))
    }

    /// Defender to move after the attacker's threat: does every defence fail?
    fn defend(&mut self, pos: &Renju, depth: u32) -> bool {
        self.nodes += 1;
        if self.out_of_time() {
            return false;
        }
        let def = pos.to_move();
        let att = 1 - def;
        if let Some(o) = pos.outcome() {
            return o == crate::search::Outcome::Loss;
        }
        if pos.has_five_point(def) {
            return false;
        }
        if pos.has_five_point(att) {
            // A four: the block is forced (outcome() already caught an unblockable one).
            let points = pos.five_points(att);
            let mut child = pos.clone();
            child.play(points[0]);
            return self.attack(&child, depth);
        }
        if !self.has_open_four_point(pos, att) {
            return false;
        }
        // A three does not force anything: a defender's own win by fours refutes it.
        if pos.has_four_point(def)
            && Vcf::new(VCF_PROBE_NODES, self.deadline)
                .solve(pos)
                .is_some()
        {
            return false;
        }
        let mut defences = Vec::new();
        for d in pos.region() {
            if self.out_of_time() {
                return false;
            }
            if !pos.is_legal(d) {
                continue;
            }
            let mut child = pos.clone();
            child.play(d);
            if child.has_five_point(def) || !self.has_open_four_point(&child, att) {
                defences.push(child);
            }
        }
        for child in defences {
            if !self.attack(&child, depth) {
                return false;
            }
        }
        !self.aborted
    }
}
