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
use super::{lost, over};
use crate::games::renju::board::cell_table::{FLAG_OPEN_FOUR, FLAG_THREE};
use crate::games::renju::board::{step, Board, Cell, CELLS, DIRS, EMPTY};
use crate::games::renju::patterns::shapes::F4;

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
    /// attacker moves until the deadline. `b` is left as it was.
    pub fn solve(&mut self, b: &mut Board, max_depth: u32) -> Option<Cell> {
        if over(b) {
            return None;
        }
        for depth in 1..=max_depth {
            if let Some(m) = self.root(b, depth) {
                return Some(m);
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    /// Does `m` win by threats for the side to move, within `max_depth` attacker moves in all
    /// (every defence after it failing)? `b` is left as it was.
    pub fn wins_with(&mut self, b: &mut Board, m: Cell, max_depth: u32) -> bool {
        if over(b) || !b.is_legal(m) {
            return false;
        }
        let me = b.to_move();
        b.make(m);
        let mut won = b.winner() == Some(me);
        for depth in 0..max_depth {
            if won || self.aborted {
                break;
            }
            won = self.defend(b, depth);
        }
        b.undo();
        won
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

    fn root(&mut self, b: &mut Board, depth: u32) -> Option<Cell> {
        let me = b.to_move();
        if let Some(c) = b.five_point(me) {
            return Some(c);
        }
        for c in threats(b) {
            b.make(c);
            let won = self.defend(b, depth - 1);
            b.undo();
            if won {
                return Some(c);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Attacker to move: can it win within `depth` more threat moves?
    fn attack(&mut self, b: &mut Board, depth: u32) -> bool {
        self.nodes += 1;
        if self.out_of_time() {
            return false;
        }
        let me = b.to_move();
        if b.five_points(me) > 0 {
            return true;
        }
        if over(b) {
            return false;
        }
        if let Some(&(d, win)) = self.cache.get(&b.hash()) {
            if (win && d <= depth) || (!win && d >= depth) {
                return win;
            }
        }
        let result = self.attack_uncached(b, depth);
        if !self.aborted {
            self.cache.insert(b.hash(), (depth, result));
        }
        result
    }

    fn attack_uncached(&mut self, b: &mut Board, depth: u32) -> bool {
        let me = b.to_move();
        if b.five_points(1 - me) == 0
            && b.has_four_point(me)
            && Vcf::new(VCF_PROBE_NODES, self.deadline).solve(b).is_some()
        {
            return true;
        }
        if depth == 0 {
            return false;
        }
        for c in threats(b) {
            b.make(c);
            let threatening = b.five_points(me) > 0 || has_open_four(b, me);
            let won = threatening && self.defend(b, depth - 1);
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

    /// Defender to move after the attacker's threat: does every defence fail?
    fn defend(&mut self, b: &mut Board, depth: u32) -> bool {
        self.nodes += 1;
        if self.out_of_time() {
            return false;
        }
        let def = b.to_move();
        let att = 1 - def;
        if lost(b) {
            return true;
        }
        if over(b) || b.five_points(def) > 0 {
            return false;
        }
        if let Some(block) = b.five_point(att) {
            // A four: the block is forced (`lost` already caught an unblockable one).
            b.make(block);
            let won = self.attack(b, depth);
            b.undo();
            return won;
        }
        if !has_open_four(b, att) {
            return false;
        }
        // A three does not force anything: a defender's own win by fours refutes it.
        if b.has_four_point(def) && Vcf::new(VCF_PROBE_NODES, self.deadline).solve(b).is_some() {
            return false;
        }
        for d in defences(b, att) {
            b.make(d);
            let won = self.attack(b, depth);
            b.undo();
            if !won {
                return false;
            }
        }
        !self.aborted
    }
}

/// The defender's answers to `att`'s threes: the legal candidates (`defence_candidates`) after
/// which the defender has a four, or `att` no legal open-four point.
pub(super) fn defences(b: &mut Board, att: u8) -> Vec<Cell> {
    let def = 1 - att;
    let mut cells = Vec::new();
    defence_candidates(b, att, &mut cells);
    cells.retain(|&d| {
        if !b.is_legal(d) {
            return false;
        }
        b.make(d);
        let stops = b.five_points(def) > 0 || !has_open_four(b, att);
        b.undo();
        stops
    });
    cells
}

/// Does `side` have an open-four point it may legally play (a real three)? Read from the
/// board's four points (an open-four point is one), which cover every cell, not only the
/// stones' bounding box.
pub(super) fn has_open_four(b: &mut Board, side: u8) -> bool {
    b.has_open_four_point(side)
        && b.four_points(side)
            .iter()
            .any(|c| is_open_four_point(b, c, side))
}

fn is_open_four_point(b: &mut Board, c: Cell, side: u8) -> bool {
    b.facts(c, side).flags & FLAG_OPEN_FOUR != 0 && !b.is_forbidden(c, side)
}

/// The cells that may answer `att`'s threes: the defender's own four points, and the cells
/// that can spoil every one of `att`'s legal open-four points at once. An open four lies on the
/// line along which its point makes it, within five of the point, so a stone can only spoil
/// that point from those lines (or on the point); a defence must spoil them all, so it lies on
/// one such line of each. Checking only these cells (in index order, row by row) spares a make
/// and a check for every other cell of the neighbourhood. (In renju a White stone far away
/// could in principle make a Black open-four point a double three through a three it frees;
/// such a defence is not sought.)
fn defence_candidates(b: &mut Board, att: u8, out: &mut Vec<Cell>) {
    out.clear();
    let fours = b.four_points(att);
    let points: Vec<Cell> = fours
        .iter()
        .filter(|&p| is_open_four_point(b, p, att))
        .collect();
    // How many open-four points each cell can spoil.
    let mut spoils = [0u8; CELLS];
    for &p in &points {
        spoils[p as usize] += 1;
        let shapes = b.shapes_of(p, att);
        for (dir, &d) in DIRS.iter().enumerate() {
            if shapes[dir] != F4 {
                continue;
            }
            for k in (-5..=5).filter(|&k| k != 0) {
                let q = step(p as usize, d, k);
                if b.cells()[q] == EMPTY {
                    spoils[q] += 1;
                }
            }
        }
    }
    let all = points.len() as u8;
    let defender_fours = b.four_points(1 - att);
    out.extend(
        (0..CELLS)
            .filter(|&c| (all > 0 && spoils[c] == all) || defender_fours.contains(c as Cell))
            .map(|c| c as Cell),
    );
}

/// The attacker's fours and real threes (legal), best first: only the block when the defender
/// has a four (it must be a threat itself to keep the initiative).
pub(super) fn threats(b: &mut Board) -> Vec<Cell> {
    let me = b.to_move();
    if b.five_points(1 - me) > 0 {
        return match (b.five_points(1 - me), b.five_point(1 - me)) {
            (1, Some(p)) if b.is_legal(p) => vec![p],
            _ => Vec::new(),
        };
    }
    let mut cells = Vec::new();
    b.region(4, &mut cells);
    let mut v: Vec<(i32, Cell)> = Vec::new();
    for c in cells {
        let threat = b.facts(c, me).flags & FLAG_THREE != 0;
        if threat && b.is_legal(c) {
            v.push((b.info(c, me).threat_order, c));
        }
    }
    v.sort_by_key(|&(s, _)| -s);
    v.truncate(MAX_THREATS);
    v.into_iter().map(|(_, c)| c).collect()
}
