//! The staged move picker of the renju searcher.
//!
//! Stages: the table move (tried before anything is generated: a cut-off there saves the whole
//! generation); then, if the node is forced, only its replies: against a five point the block;
//! against an open-four threat of the opponent (an open three whose open-four point it may play)
//! the cells on the threatening lines (where the opponent would make a four) and our own fours;
//! otherwise every candidate, ordered by the cells' pattern scores for both sides (making ours,
//! blocking theirs: `eval::params::SideParams`), history and
//! the counter-move, handed out best first by selection (most nodes cut off after a few moves,
//! so a full sort would be wasted). No cap on the number of moves: pruning is the search's.
//! Against a winning threat (an open three, a double-four point, a four-three point) the
//! replies are exact: the cells that stop every threat point, and our fours (`defence`).

pub mod defence;

use crate::games::renju::board::cell_table::{FLAG_FOUR, FLAG_THREE};
use crate::games::renju::board::{Board, Cell};
use crate::games::renju::patterns::class::{C_FOUR_THREE, C_WIN};

/// What the node's replies are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Make our five: one move.
    Five,
    /// Block the opponent's five point: one move.
    Block,
    /// Answer the opponent's open-four or double-four point: the cells that stop every
    /// winning threat point, and our fours.
    Defend,
    /// Answer the opponent's four-three point: the cells that stop it, and our fours.
    FourThree,
    /// Every candidate.
    All,
}

/// Ordering inputs the search keeps (history per side and cell, counter-move, killers).
pub struct Ordering<'a> {
    pub history: &'a [i32],
    pub counter: Option<Cell>,
    pub killers: [Option<Cell>; 2],
    pub history_div: i32,
    pub counter_bonus: i32,
    pub killer_bonus: i32,
}

/// The node's mode, from the opponent's threats (the quick result has already handled fives
/// that decide the game).
pub fn mode(b: &mut Board) -> Mode {
    let me = b.to_move();
    let opp = 1 - me;
    if b.five_points(me) > 0 {
        Mode::Five
    } else if b.five_points(opp) > 0 {
        Mode::Block
    } else {
        match defence::threat_level(b) {
            Some(C_WIN) => Mode::Defend,
            Some(_) => Mode::FourThree,
            None => Mode::All,
        }
    }
}

/// Is `c` a quiet move for the side to move: no three or four for either side there?
#[inline]
pub fn is_quiet(b: &Board, c: Cell) -> bool {
    let me = b.to_move();
    (b.facts(c, me).flags | b.facts(c, 1 - me).flags) & (FLAG_THREE | FLAG_FOUR) == 0
}

/// Does `c` make a three or better for the side to move (an attack)?
#[inline]
pub fn makes_threat(b: &Board, c: Cell) -> bool {
    b.facts(c, b.to_move()).flags & (FLAG_THREE | FLAG_FOUR) != 0
}

/// Does `c` make a four (or five) for the side to move?
#[inline]
pub fn makes_four(b: &Board, c: Cell) -> bool {
    b.facts(c, b.to_move()).flags & FLAG_FOUR != 0
}

/// The vectors a node's picker (or quiescence) fills: the searcher keeps one set per ply and
/// lends it to each node, so that a node allocates nothing (malloc and free had cost 4-5 % of
/// the search's instructions on `sente bench renju`).
#[derive(Debug, Default)]
pub struct Buffers {
    pub moves: Vec<(i32, Cell)>,
    pub cells: Vec<Cell>,
    threats: Vec<Cell>,
    stops: Vec<Cell>,
}

pub struct MovePicker {
    mode: Mode,
    tt_move: Option<Cell>,
    stage: u8,
    bufs: Buffers,
    next: usize,
    /// The move singular extension excludes.
    excluded: Option<Cell>,
}

impl MovePicker {
    pub fn new(b: &mut Board, tt_move: Option<Cell>, excluded: Option<Cell>) -> MovePicker {
        MovePicker::with_buffers(b, tt_move, excluded, Buffers::default())
    }

    /// A picker that fills `bufs` (emptied first): `into_buffers` hands them back.
    pub fn with_buffers(
        b: &mut Board,
        tt_move: Option<Cell>,
        excluded: Option<Cell>,
        mut bufs: Buffers,
    ) -> MovePicker {
        let mode = mode(b);
        bufs.moves.clear();
        MovePicker {
            mode,
            tt_move: tt_move.filter(|&c| b.is_candidate(c) && Some(c) != excluded),
            stage: 0,
            bufs,
            next: 0,
            excluded,
        }
    }

    /// The picker's vectors, for the next node at its ply.
    pub fn into_buffers(self) -> Buffers {
        self.bufs
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// How many moves the picker has generated so far (the table move alone, if it was tried
    /// before generation).
    pub fn generated(&self) -> usize {
        if self.stage >= 2 {
            self.bufs.moves.len()
        } else {
            usize::from(self.stage == 1 && self.mode == Mode::All && self.tt_move.is_some())
        }
    }

    /// The next legal move, or `None`.
    pub fn next(&mut self, b: &mut Board, ord: &Ordering) -> Option<Cell> {
        loop {
            match self.stage {
                0 => {
                    self.stage = 1;
                    if self.mode == Mode::All {
                        if let Some(t) = self.tt_move {
                            if !b.is_forbidden(t, b.to_move()) {
                                return Some(t);
                            }
                        }
                    }
                }
                1 => {
                    self.stage = 2;
                    self.generate(b, ord);
                }
                _ => {
                    // Selection: the best remaining move.
                    let rest = &mut self.bufs.moves[self.next..];
                    if rest.is_empty() {
                        return None;
                    }
                    let mut best = 0;
                    for i in 1..rest.len() {
                        if rest[i].0 > rest[best].0 {
                            best = i;
                        }
                    }
                    rest.swap(0, best);
                    let c = rest[0].1;
                    self.next += 1;
                    if Some(c) == self.excluded {
                        continue;
                    }
                    if self.mode == Mode::All && Some(c) == self.tt_move {
                        continue;
                    }
                    if b.is_forbidden(c, b.to_move()) {
                        continue;
                    }
                    return Some(c);
                }
            }
        }
    }

    /// Puts in `cells` the exact replies to the opponent's threat: the cells that stop every
    /// threat point of the node's level, and our fours. A four-three that no single stone stops
    /// is searched in full (a block of its four may still make our own four later); an open
    /// four that none stops leaves our fours alone, and none at all is a loss. False when the
    /// node is to be searched in full (`cells` untouched).
    fn exact_replies(&mut self, b: &mut Board, cells: &mut Vec<Cell>) -> bool {
        let me = b.to_move();
        let opp = 1 - me;
        let level = if self.mode == Mode::Defend {
            C_WIN
        } else {
            C_FOUR_THREE
        };
        let mut threats = std::mem::take(&mut self.bufs.threats);
        let mut stops = std::mem::take(&mut self.bufs.stops);
        threats.clear();
        stops.clear();
        if self.mode == Mode::Defend && defence::trusts_four_three(b, opp) {
            // An open three beside a four-three: one stone must stop both, or the four-three
            // wins after the three is blocked.
            let points = b.four_points(opp);
            defence::threat_points(b, points.iter(), opp, C_FOUR_THREE, &mut threats);
            defence::defences(b, &threats, C_FOUR_THREE, &mut stops);
        }
        if stops.is_empty() {
            if threats.is_empty() {
                let points = b.four_points(opp);
                defence::threat_points(b, points.iter(), opp, level, &mut threats);
            } else {
                // The open-four points among the points already found (legality checked).
                threats.retain(|&q| b.facts(q, opp).class >= level);
            }
            defence::defences(b, &threats, level, &mut stops);
        }
        let exact = !(stops.is_empty() && self.mode == Mode::FourThree);
        if exact {
            cells.clear();
            cells.extend(b.four_points(me).iter().filter(|c| !stops.contains(c)));
            cells.extend_from_slice(&stops);
        }
        self.bufs.threats = threats;
        self.bufs.stops = stops;
        exact
    }

    fn generate(&mut self, b: &mut Board, ord: &Ordering) {
        let me = b.to_move();
        let opp = 1 - me;
        let forced = match self.mode {
            Mode::Five => Some(b.five_point(me)),
            Mode::Block => Some(b.five_point(opp)),
            _ => None,
        };
        if let Some(c) = forced {
            self.bufs.moves.extend(c.map(|c| (0, c)));
            return;
        }
        let mut cells = std::mem::take(&mut self.bufs.cells);
        match self.mode {
            Mode::Five | Mode::Block => {}
            Mode::Defend | Mode::FourThree => {
                if !self.exact_replies(b, &mut cells) {
                    self.mode = Mode::All;
                    b.candidates(&mut cells);
                }
            }
            Mode::All => b.candidates(&mut cells),
        }
        self.bufs.moves.reserve(cells.len());
        for &c in &cells {
            let mut s = b.info(c, me).order + b.info(c, opp).block;
            s += ord.history[c as usize] / ord.history_div;
            if ord.counter == Some(c) {
                s += ord.counter_bonus;
            }
            if ord.killers[0] == Some(c) {
                s += ord.killer_bonus;
            } else if ord.killers[1] == Some(c) {
                s += ord.killer_bonus / 2;
            }
            if Some(c) == self.tt_move {
                s = i32::MAX;
            }
            self.bufs.moves.push((s, c));
        }
        self.bufs.cells = cells;
    }
}
