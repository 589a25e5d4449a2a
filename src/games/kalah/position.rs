//! A whole Kalah game state for the protocol and the generic search: the board (seen from the
//! side to move), both stores and which player moves.

use crate::search::{Outcome, Position, Score};

use super::board::{Board, Rules, Sown, MAX_PITS, MAX_SEEDS};
use super::proof_table::mix;

/// Search scores count a seed as this many units, so the evaluation has room below one seed.
pub const SEED: Score = 100;

/// The most a store may hold in a given position (keeps every margin far inside `i32`).
pub const MAX_STORE: u32 = 1 << 20;

/// A move: the mover's pit, 0-based from their left (the protocol counts from 1).
pub type Pit = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kalah {
    pub rules: Rules,
    pub board: Board,
    /// Stores: `[side to move, other side]`.
    pub stores: [u32; 2],
    /// The player to move: 0 the first player (south), 1 the second.
    pub player: u8,
}

impl Kalah {
    /// The start of Kalah(pits, seeds), the first player to move.
    pub fn new(rules: Rules, seeds: u32) -> Kalah {
        Kalah {
            rules,
            board: Board::start(rules.pits, seeds),
            stores: [0, 0],
            player: 0,
        }
    }

    /// Checks a position given as the protocol does; `None`-free errors name the problem.
    pub fn from_parts(
        rules: Rules,
        mine: &[u32],
        my_store: u32,
        theirs: &[u32],
        their_store: u32,
        player: u8,
    ) -> Result<Kalah, String> {
        let m = rules.pits;
        if m == 0 || m > MAX_PITS || mine.len() != m || theirs.len() != m {
            return Err(format!("a side has 1 to {MAX_PITS} pits"));
        }
        let total: u64 = mine.iter().chain(theirs).map(|&s| s as u64).sum::<u64>();
        if total > MAX_SEEDS as u64 {
            return Err(format!("at most {MAX_SEEDS} seeds in play"));
        }
        if my_store.max(their_store) > MAX_STORE {
            return Err(format!("a store holds at most {MAX_STORE} seeds"));
        }
        Ok(Kalah {
            rules,
            board: Board::from_pits(mine, theirs),
            stores: [my_store, their_store],
            player,
        })
    }

    pub fn is_legal(&self, pit: usize) -> bool {
        pit < self.rules.pits && self.board.mine(pit) > 0
    }

    /// Plays pit `pit` (legal), returning what the sowing did.
    pub fn apply(&mut self, pit: usize) -> Sown {
        let sown = self.board.sow(self.rules, pit);
        self.stores[0] += sown.gain;
        self.board = sown.board;
        if !sown.extra_turn {
            self.stores.swap(0, 1);
            self.player ^= 1;
        }
        sown
    }

    /// The final margin for the side to move once the game is over (every seed left goes to
    /// the owner of its side), or `None` while it goes on.
    pub fn final_margin(&self) -> Option<i32> {
        self.board
            .is_over()
            .then(|| self.store_margin() + self.board.final_value())
    }

    /// Store difference for the side to move.
    pub fn store_margin(&self) -> i32 {
        self.stores[0] as i32 - self.stores[1] as i32
    }

    /// Seeds on the board and in both stores.
    pub fn total_seeds(&self) -> u32 {
        self.board.seeds() + self.stores[0] + self.stores[1]
    }
}

impl Position for Kalah {
    type Move = Pit;

    fn side_to_move(&self) -> u8 {
        self.player
    }

    fn hash(&self) -> u64 {
        // The store difference is part of the score the table holds, so it is part of the key.
        let diff = self.store_margin() as i64 as u64;
        mix(self.board.0 as u64 ^ mix((self.board.0 >> 64) as u64 ^ mix(diff)))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_margin().map(|m| Outcome::Margin(m * SEED))
    }

    fn generate(&self, out: &mut Vec<Pit>) {
        if self.board.is_over() {
            return;
        }
        out.extend((0..self.rules.pits as u8).filter(|&i| self.board.mine(i as usize) > 0));
    }

    fn play(&mut self, m: Pit) {
        self.apply(m as usize);
    }

    /// The store difference, plus a little for seeds on one's own side (they tend to end up
    /// in one's store, and at the end each side keeps what is on its side).
    fn evaluate(&self) -> Score {
        let stores = self.store_margin() * SEED;
        let sides = self.board.my_seeds() as i32 - self.board.their_seeds() as i32;
        stores + sides * SEED / 4
    }

    fn move_tag(m: Pit) -> u16 {
        m as u16
    }

    /// Extra turns first, then captures by size.
    fn order_hint(&self, m: Pit) -> i32 {
        let s = self.board.sow(self.rules, m as usize);
        if s.extra_turn {
            100
        } else {
            s.captured as i32
        }
    }
}
