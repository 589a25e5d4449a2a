//! A Hex position for the generic search: the board, the colour to move, a Zobrist key and the
//! winner, if any. Explicit colours need not alternate (GTP `play`), so the side to move can be
//! set from outside.

use std::cell::RefCell;

use super::board::{Board, Cells, BLACK};
use super::eval::Analysis;
use super::groups::{Groups, MAX_CELLS};
use super::vc;
use crate::search::{Outcome, Position, Score};

/// How many candidate moves a node searches (the narrow width of alpha-beta Hex programs such
/// as Wolve); the rest are pruned. Narrow on purpose: the ranking (current through a cell and
/// two-distance slack, see `eval::move_values`) is a better guide than the static evaluation,
/// so the depth that a narrow list buys is worth more than the moves it leaves out. Measured
/// at 100 ms/move on 9×9 against the greedy player: width 10 won 73%, 5 won 93%, 3 won 99%;
/// width 3 beat width 5 59–41 head to head (tuning runs with a temporary knob; see the commit).
pub const DEFAULT_WIDTH: usize = 3;

/// What having the move is worth, in evaluation units (about half a typical move's gain).
pub const TEMPO: Score = 15;

/// A Zobrist key for a stone, mixed from its colour and cell (no table needed).
fn stone_key(color: u8, cell: usize) -> u64 {
    let mut z = (cell as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((color as u64 + 1) << 57);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
const WHITE_TO_MOVE: u64 = 0x2F0B_8AD9_3C61_E47D;

fn size_key(w: usize, h: usize) -> u64 {
    stone_key(3, w * 64 + h)
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Hex {
    board: Board,
    to_move: u8,
    hash: u64,
    winner: Option<u8>,
}

impl Hex {
    pub fn new(w: usize, h: usize) -> Option<Hex> {
        Board::new(w, h).map(|board| Hex {
            board,
            to_move: BLACK,
            hash: size_key(w, h),
            winner: None,
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }
    /// The Zobrist key (also reachable through `Position::hash`).
    pub fn key(&self) -> u64 {
        self.hash
    }
    /// The key of this position turned half a turn (cell c to cell `size − 1 − c`, colours and
    /// side to move kept): the same game, so the solver's table files both under one key.
    pub fn turned_key(&self) -> u64 {
        let (w, h) = (self.board.width(), self.board.height());
        let last = self.board.size() - 1;
        let mut k = size_key(w, h);
        for z in 0..2u8 {
            for c in self.board.stones(z).iter() {
                k ^= stone_key(z, last - c);
            }
        }
        if self.to_move != BLACK {
            k ^= WHITE_TO_MOVE;
        }
        k
    }

    /// Plays a stone for the side to move.
    pub fn play_cell(&mut self, cell: usize) {
        self.place(self.to_move, cell);
    }

    pub fn set_to_move(&mut self, color: u8) {
        if self.to_move != color & 1 {
            self.hash ^= WHITE_TO_MOVE;
            self.to_move = color & 1;
        }
    }

    /// Places a stone of `color` (the cell must be empty), and hands the move to the other colour.
    pub fn place(&mut self, color: u8, cell: usize) {
        self.board.place(color, cell);
        self.hash ^= stone_key(color, cell);
        if self.winner.is_none() && self.board.joins_edges(color, cell) {
            self.winner = Some(color);
        }
        self.set_to_move(1 - color);
    }

    /// Removes a stone (swap-pieces rebuilds the board this way).
    pub fn remove(&mut self, cell: usize) {
        if let Some(color) = self.board.color_at(cell) {
            self.board.clear_cell(cell);
            self.hash ^= stone_key(color, cell);
            self.winner = self.board.winner();
        }
    }

    /// Cells whose colour can never matter (a pass in disguise): four consecutive neighbours of
    /// one colour, counting an edge as its owner's stones. Never the only moves left: a position
    /// that is not over always has a live cell, since filling dead cells changes no outcome.
    pub fn dead_cells(&self) -> Cells {
        let mut dead = Cells::EMPTY;
        for c in self.board.empty_cells().iter() {
            if super::ice::fillin::dead_colour(&self.board, c).is_some() {
                dead.insert(c);
            }
        }
        dead
    }

    /// The empty cells ranked best first, with their values. Inferior moves (dead, captured,
    /// vulnerable, dominated: `ice::consider`) are left out unless nothing else is left: some
    /// kept move is always as good as any left out, so a search or solver that needs one winning
    /// move loses nothing by it.
    pub fn ranked_moves(&self) -> Vec<(usize, f32)> {
        let analysis = Analysis::new(&self.board);
        let values = analysis.move_values(&self.board);
        let empty = self.board.empty_cells();
        let live = super::ice::consider(self);
        let pool = if live.is_empty() { empty } else { live };
        let mut moves: Vec<(usize, f32)> = pool.iter().map(|c| (c, values[c])).collect();
        moves.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        moves
    }

    /// Whether `color` holds a sound virtual connection between its edges.
    pub fn vc_win(&self, color: u8) -> Option<Cells> {
        vc::winning_chain(&self.board, &Groups::new(&self.board, color))
    }
}

/// Fill-in (`ice::fill::State`) works on a `Hex` through these, which keeps the knowledge layer
/// from importing the position.
impl super::ice::State for Hex {
    fn board(&self) -> &Board {
        Hex::board(self)
    }
    fn to_move(&self) -> u8 {
        Hex::to_move(self)
    }
    fn set_to_move(&mut self, colour: u8) {
        Hex::set_to_move(self, colour)
    }
    fn winner(&self) -> Option<u8> {
        Hex::winner(self)
    }
    fn place(&mut self, colour: u8, cell: usize) {
        Hex::place(self, colour, cell)
    }
}

thread_local! {
    /// The ranks of the last position `generate` ranked on this thread: the search asks for
    /// `order_hint` right after `generate` on the same position, so the ranking is computed once.
    static LAST_RANKS: RefCell<(u64, Vec<i32>)> = RefCell::new((0, vec![0; MAX_CELLS]));
}

impl Position for Hex {
    type Move = u16;

    /// A node costs from tens of microseconds (small boards) to milliseconds (19×19).
    const POLL_NODES: u64 = 8;

    fn side_to_move(&self) -> u8 {
        self.to_move
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|w| {
            if w == self.to_move {
                Outcome::Win
            } else {
                Outcome::Loss
            }
        })
    }

    fn generate(&self, out: &mut Vec<u16>) {
        if self.winner.is_some() {
            return;
        }
        let ranked = self.ranked_moves();
        LAST_RANKS.with(|r| {
            let mut r = r.borrow_mut();
            r.0 = self.hash;
            r.1.iter_mut().for_each(|x| *x = 0);
            for (i, &(c, _)) in ranked.iter().enumerate() {
                r.1[c] = (ranked.len() - i) as i32;
            }
        });
        // Must-play: a cell that wins at once is the only move worth searching; else, if the
        // opponent has one, only cells that take it away can save the game. The narrow list
        // alone could miss either.
        let me = self.to_move;
        let mine = vc::winning_cells(&self.board, &Groups::new(&self.board, me));
        if let Some(c) = mine.first() {
            out.push(c as u16);
            return;
        }
        let threats = vc::winning_cells(&self.board, &Groups::new(&self.board, 1 - me));
        if !threats.is_empty() {
            out.extend(threats.iter().map(|c| c as u16));
            return;
        }
        out.extend(ranked.iter().take(DEFAULT_WIDTH).map(|&(c, _)| c as u16));
    }

    fn play(&mut self, m: u16) {
        self.place(self.to_move, m as usize);
    }

    /// From the side to move, which is a stone ahead of the static count: without the tempo
    /// term a search would swing between optimism and pessimism from one depth to the next.
    fn evaluate(&self) -> Score {
        Analysis::new(&self.board).score(self.to_move) + TEMPO
    }

    fn move_tag(m: u16) -> u16 {
        m
    }

    fn order_hint(&self, m: u16) -> i32 {
        LAST_RANKS.with(|r| {
            let r = r.borrow();
            if r.0 == self.hash {
                r.1[m as usize]
            } else {
                0
            }
        })
    }

    fn random_move(&self, r: u64) -> Option<u16> {
        let empty: Vec<usize> = self.board.empty_cells().iter().collect();
        (self.winner.is_none() && !empty.is_empty())
            .then(|| empty[(r % empty.len() as u64) as usize] as u16)
    }

    /// A sound virtual connection (bridges and edge templates) for the side to move wins; one
    /// for the opponent, or no way left to connect at all, loses.
    fn proven(&self) -> Option<(Outcome, Option<u16>)> {
        if self.winner.is_some() {
            return None;
        }
        let me = self.to_move;
        if !vc::can_connect(&self.board, me) {
            return Some((Outcome::Loss, None));
        }
        if let Some(carrier) = self.vc_win(me) {
            // Filling a carrier cell keeps the connection; with none left, any empty cell does.
            let m = carrier.first().or_else(|| self.board.empty_cells().first());
            return Some((Outcome::Win, m.map(|c| c as u16)));
        }
        if !vc::can_connect(&self.board, 1 - me) {
            let m = self.ranked_moves().first().map(|&(c, _)| c as u16);
            return Some((Outcome::Win, m));
        }
        if self.vc_win(1 - me).is_some() {
            return Some((Outcome::Loss, None));
        }
        None
    }
}
