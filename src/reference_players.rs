//! The weak reference players every game offers (`--player random|greedy`), so that strength
//! claims ("beats random 100/100", "beats greedy 90%") are measured against the same yardstick
//! in every game.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::search::{Outcome, Position, Score, WIN};

/// Who chooses the moves of `genmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PlayerKind {
    /// The full engine.
    #[default]
    Engine,
    /// A uniformly random legal move.
    Random,
    /// The move whose resulting position the game's static evaluation likes best (1 ply),
    /// taking an immediate win when there is one; ties are broken at random.
    Greedy,
}

/// A reference player with its own seeded random numbers.
pub struct Reference {
    pub kind: PlayerKind,
    rng: StdRng,
}

impl Reference {
    pub fn new(kind: PlayerKind, seed: Option<u64>) -> Reference {
        let rng = match seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => StdRng::from_entropy(),
        };
        Reference { kind, rng }
    }

    /// The move this player makes, or `None` when `kind` is `Engine` or the game is over.
    pub fn choose<P: Position>(&mut self, pos: &P) -> Option<P::Move> {
        if pos.outcome().is_some() {
            return None;
        }
        match self.kind {
            PlayerKind::Engine => None,
            PlayerKind::Random => pos.random_move(self.rng.gen()),
            PlayerKind::Greedy => self.greedy(pos),
        }
    }

    fn greedy<P: Position>(&mut self, pos: &P) -> Option<P::Move> {
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        let mut best: Vec<P::Move> = Vec::new();
        let mut best_score = Score::MIN;
        for m in moves {
            let mut child = pos.clone();
            child.play(m);
            let value = child
                .outcome()
                .map_or_else(|| child.evaluate(), |o: Outcome| o.score(0));
            let score = if child.side_to_move() == pos.side_to_move() {
                value
            } else {
                -value
            };
            let score = score.clamp(-WIN, WIN);
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(m);
            }
        }
        (!best.is_empty()).then(|| best[self.rng.gen_range(0..best.len())])
    }
}
