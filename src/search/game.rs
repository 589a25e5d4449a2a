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

    /// How far past the soft time limit (in percent of it) the main thread may start another
    /// iteration when the last one changed its mind: a new best move, or a score that fell by
    /// `UNSTABLE_DROP` or more. The hard limit still ends the search. 100 (the default) never
    /// goes past the soft limit.
    const UNSTABLE_TIME_PERCENT: u64 = 100;
    /// The score drop that counts as unstable (see `UNSTABLE_TIME_PERCENT`).
    const UNSTABLE_DROP: Score = 30;

    /// When the clock cuts an iteration off, play a root move that this unfinished iteration
    /// proved better than the previous best (it beat the first move searched, which is that
    /// best), instead of the last completed iteration's move. A game whose iterations grow
    /// steeply (Renju) otherwise loses most of the time spent in the last one. `false` (the
    /// default) always plays the last completed iteration's move.
    const PLAY_CUT_OFF_ITERATION: bool = false;

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
    /// connection, a VCF), found without search. The search trusts it and stops there.
    fn proven(&self) -> Option<(Outcome, Option<Self::Move>)> {
        None
    }

    /// `proven` at a node of the search with `depth` plies left (0 or less at a leaf): a game
    /// may spend more on knowledge, such as a threat-space search, where the subtree it can
    /// replace is larger. Called by the search instead of `proven`.
    fn proven_at(&self, _depth: i32) -> Option<(Outcome, Option<Self::Move>)> {
        self.proven()
    }

    /// Plies added to the depth of this node's children: a game extends where its replies are
    /// forced (Renju/Gomoku: the side to move must block a four), so a forcing line costs the
    /// attacker's plies only. 0 (no extension) unless a game says otherwise.
    fn extension(&self) -> i32 {
        0
    }

    /// Plies by which the `index`-th move (0-based, in search order; never the first) of a node
    /// with `depth` plies left is first searched shallower, with a null window; a move that
    /// then beats alpha is searched again at full depth. The default reduces every move from
    /// the fifth on by one ply at non-PV nodes with 3 or more plies left; a game may spare its
    /// forcing moves and reduce quiet ones more.
    fn late_move_reduction(&self, _m: Self::Move, depth: i32, index: usize, pv_node: bool) -> i32 {
        i32::from(depth >= 3 && index >= 4 && !pv_node)
    }

    /// Move-count pruning: at a node (not the root) with `depth` plies left, the moves past
    /// this many are not searched once a move that does not lose has been found (the game's
    /// ordering put the promising ones first). `None` (the default) searches every move.
    fn move_count_limit(&self, _depth: i32) -> Option<usize> {
        None
    }

    /// Futility margin at a non-PV node with `depth` plies left: when the static value minus
    /// the margin still reaches beta, the node returns the static value without searching. A
    /// game offers it only in quiet positions (no threat to answer) where its evaluation is
    /// trustworthy; `None` (the default) never prunes.
    fn futility_margin(&self, _depth: i32) -> Option<Score> {
        None
    }
}
