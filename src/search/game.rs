//! The contract between a game and the generic search.
//!
//! The search is monomorphised over [`Position`]: no dynamic dispatch in the hot path. A game
//! supplies legal moves, a static evaluation and terminal detection; everything else (depth,
//! windows, the transposition table, threads, time) belongs to the search.

use std::fmt::Debug;

/// A score from the point of view of the side to move, in centi-units of the game's evaluation.
/// Proven results live in the band beyond [`WIN_BOUND`]: `WIN - ply` is a win found `ply` moves
/// from the root, so shorter wins score higher and the search prefers them.
pub type Score = i32;

/// Larger than any score: the initial window.
pub const INFINITY: Score = 32_000;
/// A win at the root itself (never actually reached: a win takes at least one move).
pub const WIN: Score = 30_000;
/// Every score at or beyond this magnitude is a proven result, not an estimate.
pub const WIN_BOUND: Score = WIN - 1_000;

/// True if `s` is a proven win or loss (with its distance), rather than a heuristic value.
pub fn is_proven(s: Score) -> bool {
    s.abs() >= WIN_BOUND
}

/// How a finished game ended, seen from the side that would be to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
    /// A game scored by margin (Kalah): the exact final value, in the same units as `evaluate`.
    Margin(Score),
}

impl Outcome {
    /// The search score of this outcome reached `ply` moves below the root.
    pub fn score(self, ply: usize) -> Score {
        match self {
            Outcome::Win => WIN - ply as Score,
            Outcome::Loss => -WIN + ply as Score,
            Outcome::Draw => 0,
            Outcome::Margin(m) => m,
        }
    }
}

/// One game's rules and knowledge, as the search sees them.
pub trait Position: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + Send + Sync + Debug + 'static;

    /// How often (in nodes) a search thread publishes its node count and looks at the clock and
    /// the stop flag. Games with costly nodes (Hex evaluates a resistor network per node) lower
    /// it so that time limits and `# interrupt` are honoured within milliseconds.
    const POLL_NODES: u64 = 1024;

    /// Which side moves now (0 or 1). After a move the same side may move again (Kalah's extra
    /// turn); the search then does not negate the child's score.
    fn side_to_move(&self) -> u8;

    /// A Zobrist-style key: equal positions (including side to move) give equal keys.
    fn hash(&self) -> u64;

    /// `Some` if the game is over, seen from the side to move.
    fn outcome(&self) -> Option<Outcome>;

    /// Appends the moves to search, best-looking first when that is cheap. A game may leave out
    /// moves it can prove irrelevant (dead cells, moves that ignore a threat), but never all of
    /// them in a position that is not over.
    fn generate(&self, out: &mut Vec<Self::Move>);

    /// Plays a legal move (one `generate` returned).
    fn play(&mut self, m: Self::Move);

    /// Static value for the side to move; must stay inside `±WIN_BOUND`.
    fn evaluate(&self) -> Score;

    /// A 16-bit tag for the transposition table's best-move slot. Collisions only cost move
    /// ordering, never correctness, so any cheap mix of the move's fields will do.
    fn move_tag(m: Self::Move) -> u16;

    /// A game-specific ordering bonus (captures, threats); higher is searched first.
    fn order_hint(&self, _m: Self::Move) -> i32 {
        0
    }

    /// A uniformly random legal move, for the `random` reference player; `r` is a random number.
    /// Override when generating every move is too costly (Nim's huge heaps).
    fn random_move(&self, r: u64) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        (!moves.is_empty()).then(|| moves[(r % moves.len() as u64) as usize])
    }

    /// A proven result with a best move from game knowledge (Nim theory, a Hex virtual
    /// connection), found without search. The search trusts it and stops there.
    fn proven(&self) -> Option<(Outcome, Option<Self::Move>)> {
        None
    }
}
