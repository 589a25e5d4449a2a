//! The game record the protocol edits: board size, rule, and the stones in the order they were
//! played, with their owners, beside the make/undo board the searcher plays on (kept in step:
//! one more move is made on it; a new rule or a whole board from the manager rebuilds it, and a
//! take-back of the last stone undoes it).

use super::board::{cell, xy, Board, Cell, Rule, MAX_SIDE, MIN_SIDE};
use crate::protocol::gomocup::Owner;

#[derive(Clone, Debug)]
pub struct Game {
    w: usize,
    h: usize,
    rule: Rule,
    /// Stones in move order: (cell, side 0 Black / 1 White).
    moves: Vec<(Cell, u8)>,
    /// Which side the engine plays (the side to move when it is asked for a move).
    own: u8,
    board: Board,
}

fn side_name(side: u8) -> &'static str {
    if side == 0 {
        "Black"
    } else {
        "White"
    }
}

/// Fails unless some game reaches `moves` with `to_move` to play: Black moves first and the
/// sides alternate, so Black to move has as many stones as White, White to move one fewer.
fn reachable(moves: &[(Cell, u8)], to_move: u8) -> Result<(), String> {
    let black = moves.iter().filter(|m| m.1 == 0).count();
    let white = moves.len() - black;
    let ok = if to_move == 0 {
        black == white
    } else {
        black == white + 1
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "no game reaches {black} black and {white} white stones with {} (the engine) to move",
            side_name(to_move)
        ))
    }
}

impl Game {
    pub fn new(w: usize, h: usize, rule: Rule) -> Result<Game, String> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
            return Err(format!(
                "unsupported size {w}x{h} (sides from {MIN_SIDE} to {MAX_SIDE})"
            ));
        }
        Ok(Game {
            w,
            h,
            rule,
            moves: Vec::new(),
            own: 0,
            board: Board::new(w, h, rule),
        })
    }

    /// The board the searcher starts from (clone it to search: the search makes and undoes
    /// moves on its own copy).
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn rule(&self) -> Rule {
        self.rule
    }
    pub fn size(&self) -> (usize, usize) {
        (self.w, self.h)
    }
    pub fn moves(&self) -> &[(Cell, u8)] {
        &self.moves
    }

    /// The same stones under another rule.
    pub fn set_rule(&mut self, rule: Rule) {
        if rule != self.rule {
            self.rule = rule;
            self.rebuild(self.board.to_move());
        }
    }

    /// An empty board of the same size.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.own = 0;
        self.rebuild(0);
    }

    fn rebuild(&mut self, to_move: u8) {
        self.board = Board::from_stones(self.w, self.h, self.rule, &self.moves, to_move);
    }

    /// Is `x,y` on the board?
    fn on_board(&self, x: i64, y: i64) -> bool {
        (0..self.w as i64).contains(&x) && (0..self.h as i64).contains(&y)
    }

    /// The cell at `x,y`, or why it cannot take a stone.
    pub fn free_cell(&self, x: i64, y: i64) -> Result<Cell, String> {
        if !self.on_board(x, y) {
            return Err(format!("{x},{y} is off the {}x{} board", self.w, self.h));
        }
        let c = cell(x as usize, y as usize);
        if !self.board.is_empty(c) {
            return Err(format!("{x},{y} is occupied"));
        }
        Ok(c)
    }

    /// Plays a move for the side to move, if it is legal: on the board, on an empty cell, not
    /// forbidden, and the game not already over.
    pub fn play(&mut self, x: i64, y: i64) -> Result<Cell, String> {
        let c = self.free_cell(x, y)?;
        if self.board.winner().is_some() {
            return Err("the game is already over".into());
        }
        let side = self.board.to_move();
        if self.board.is_forbidden(c, side) {
            return Err(format!("{x},{y} is forbidden for Black"));
        }
        self.board.make(c);
        self.moves.push((c, side));
        Ok(c)
    }

    /// Removes the stone at `x,y` (normally the last move); the side that played it moves next.
    pub fn takeback(&mut self, x: i64, y: i64) -> Result<(), String> {
        if !self.on_board(x, y) {
            return Err(format!("{x},{y} is off the board"));
        }
        let c = cell(x as usize, y as usize);
        let i = self
            .moves
            .iter()
            .rposition(|&(m, _)| m == c)
            .ok_or_else(|| format!("no stone at {x},{y}"))?;
        let (_, side) = self.moves.remove(i);
        let last_made = i == self.moves.len()
            && self.board.last_move() == Some(c)
            && self.board.stones() == self.moves.len() + 1;
        if last_made {
            self.board.undo();
            self.board.set_to_move(side);
        } else {
            self.rebuild(side);
        }
        Ok(())
    }

    /// Replaces the position with the stones of a `BOARD`/`YXBOARD` block. The engine moves
    /// next. Under renju the stones come in move order and the first one is Black's; otherwise
    /// the side with fewer stones (Black on equal counts) is the engine's.
    pub fn set_board(&mut self, stones: &[(i64, i64, Owner)]) -> Result<(), String> {
        let own_count = stones.iter().filter(|s| s.2 == Owner::Own).count();
        let opp_count = stones.len() - own_count;
        let own: u8 = if self.rule == Rule::Renju {
            match stones.first() {
                Some(&(_, _, Owner::Opponent)) => 1,
                _ => 0,
            }
        } else if own_count < opp_count {
            1
        } else {
            0
        };
        let mut seen = Vec::with_capacity(stones.len());
        let mut moves = Vec::with_capacity(stones.len());
        for &(x, y, owner) in stones {
            if !self.on_board(x, y) {
                return Err(format!(
                    "stone {x},{y} is off the {}x{} board",
                    self.w, self.h
                ));
            }
            let c = cell(x as usize, y as usize);
            if seen.contains(&c) {
                return Err(format!("two stones on {x},{y}"));
            }
            seen.push(c);
            let side = if owner == Owner::Own { own } else { 1 - own };
            moves.push((c, side));
        }
        self.moves = moves;
        self.own = own;
        self.rebuild(own);
        Ok(())
    }

    /// Fails unless some game reaches this position with the engine to move and not yet over:
    /// a `BOARD` asks for a move, and one that breaks this is a bug on the manager's side,
    /// better refused than searched. (`YXBOARD` is not checked: Yixin-Board also shows
    /// finished games and edited boards, and asks for no move.)
    pub fn check_playable(&self) -> Result<(), String> {
        reachable(&self.moves, self.own)?;
        match self.board.winner() {
            Some(w) => Err(format!(
                "{} already has five in a row: the game is over",
                side_name(w)
            )),
            None => Ok(()),
        }
    }

    /// Which side the engine played in the last `BOARD`.
    pub fn own(&self) -> u8 {
        self.own
    }

    /// `x,y` of a cell.
    pub fn format(c: Cell) -> String {
        let (x, y) = xy(c);
        format!("{x},{y}")
    }
}
