//! The weak reference players (`--player random|greedy`, `crate::player`) see the renju board
//! through the search core's `Position` trait, as every game's do: moves are the searcher's
//! legal root moves, a move is a `make` on a copy, and the value is the learned evaluation.
//! Nothing searches through this: renju's searcher plays on the board directly.

use crate::games::renju::board::{cell, Board, Cell};
use crate::games::renju::eval;
use crate::games::renju::search::root_moves;
use crate::games::renju::threats::lost;
use crate::search::{Outcome, Position, Score, WIN_BOUND};

impl Position for Board {
    type Move = Cell;

    fn side_to_move(&self) -> u8 {
        self.to_move()
    }

    fn hash(&self) -> u64 {
        Board::hash(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner() {
            return Some(if w == self.to_move() {
                Outcome::Win
            } else {
                Outcome::Loss
            });
        }
        if self.drawn() {
            return Some(Outcome::Draw);
        }
        lost(&mut self.clone()).then_some(Outcome::Loss)
    }

    fn generate(&self, out: &mut Vec<Cell>) {
        out.extend(root_moves(&mut self.clone()));
    }

    fn play(&mut self, m: Cell) {
        self.make(m);
    }

    fn evaluate(&self) -> Score {
        eval::evaluate(self).clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
    }

    fn move_tag(m: Cell) -> u16 {
        m
    }

    /// Uniform over every legal cell of the board, not only the candidates near the stones.
    fn random_move(&self, r: u64) -> Option<Cell> {
        let mut b = self.clone();
        let (w, h) = (b.width(), b.height());
        let legal: Vec<Cell> = (0..h)
            .flat_map(|y| (0..w).map(move |x| cell(x, y)))
            .filter(|&c| b.is_legal(c))
            .collect();
        (!legal.is_empty()).then(|| legal[(r % legal.len() as u64) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::Rule;
    use crate::reference_players::{PlayerKind, Reference};

    #[test]
    fn greedy_takes_a_five_and_random_plays_legal_cells() {
        // Black has four in a row on row 7 (White elsewhere); Black to move.
        let mut b = Board::new(15, 15, Rule::Renju);
        for (x, y) in [
            (3, 7),
            (3, 3),
            (4, 7),
            (5, 3),
            (5, 7),
            (7, 3),
            (6, 7),
            (9, 3),
        ] {
            b.make(cell(x, y));
        }
        let mut greedy = Reference::new(PlayerKind::Greedy, Some(1));
        let m = greedy.choose(&b).expect("a move");
        assert!([cell(2, 7), cell(7, 7)].contains(&m), "{m}");
        let mut random = Reference::new(PlayerKind::Random, Some(7));
        for _ in 0..50 {
            let m = random.choose(&b).expect("a move");
            assert!(b.clone().is_legal(m));
        }
    }
}
