//! Every constant of the renju searcher in one table, so that a tuner can change them together.
//! Depths are in fractions of a ply (`PLY` units) so that extensions and reductions need not be
//! whole plies.

/// One ply of depth.
pub const PLY: i32 = 16;

/// The searcher's parameters.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Aspiration window half-width at the first try (score units), and from which depth.
    pub aspiration_delta: i32,
    pub aspiration_depth: i32,
    /// Depth added to the children of a node that must block a five point (a forced reply).
    pub forced_block_extension: i32,
    /// Depth added to a move that makes a four (the attacker's threat; the block is forced).
    pub four_extension: i32,
    /// Razoring: below this depth (plies), if eval + margin(depth) <= alpha, a threat
    /// quiescence decides.
    pub razor_depth: i32,
    pub razor_margin_base: i32,
    pub razor_margin_per_ply: i32,
    /// Reverse futility: below this depth (plies), eval - margin * depth >= beta returns eval.
    pub futility_depth: i32,
    pub futility_margin: i32,
    /// Futility of single quiet moves: below this depth, quiet moves are skipped once
    /// eval + margin * depth <= alpha.
    pub move_futility_depth: i32,
    pub move_futility_margin: i32,
    /// Null move: from this depth (plies), reduction base and per-depth divisor.
    pub null_depth: i32,
    pub null_reduction_base: i32,
    pub null_reduction_div: i32,
    /// Late-move reductions: from this depth (plies) and move index; the reduction is
    /// base + ln(depth) * ln(index) / div (in PLY units, before adjustments).
    pub lmr_depth: i32,
    pub lmr_index: usize,
    pub lmr_base: f32,
    pub lmr_div: f32,
    /// Reduction taken off a move that makes or blocks a three (threat-aware LMR).
    pub lmr_threat_relief: i32,
    /// Reduction added at expected cut nodes.
    pub lmr_cut_node: i32,
    /// Move-count pruning at non-PV nodes: moves past (base + depth^exponent) / (2 - improving)
    /// are not searched (Rapfi's form), threats and defences as well as quiet moves.
    pub lmp_base: f32,
    pub lmp_exponent: f32,
    /// Singular extensions: from this depth (plies), with a margin per ply of depth.
    pub singular_depth: i32,
    pub singular_margin: i32,
    /// Internal iterative reduction: from this depth (plies) without a table move.
    pub iir_depth: i32,
    /// At most this many fours in a row in the threat quiescence.
    pub qsearch_max_fours: usize,
    /// The quiescence's first this many fours may be plain fours; later ones must make a four
    /// with a two or three (Rapfi allows plain fours on the first two attacker plies).
    pub qsearch_plain_fours: usize,
    /// History bonus cap and the share of history in move ordering (divisor).
    pub history_max: i32,
    pub history_div: i32,
    /// Ordering bonus of the counter-move and the killers.
    pub counter_bonus: i32,
    pub killer_bonus: i32,
}

/// The parameters in use.
pub const PARAMS: Params = Params {
    aspiration_delta: 40,
    aspiration_depth: 5,
    forced_block_extension: PLY,
    four_extension: 0,
    razor_depth: 3,
    razor_margin_base: 200,
    razor_margin_per_ply: 150,
    futility_depth: 4,
    futility_margin: 110,
    move_futility_depth: 3,
    move_futility_margin: 120,
    null_depth: 8,
    null_reduction_base: 3,
    null_reduction_div: 4,
    lmr_depth: 3,
    lmr_index: 3,
    lmr_base: 0.5,
    lmr_div: 2.0,
    lmr_threat_relief: PLY,
    lmr_cut_node: PLY / 2,
    lmp_base: 3.0,
    lmp_exponent: 1.32,
    singular_depth: 8,
    singular_margin: 2,
    iir_depth: 6,
    qsearch_max_fours: 24,
    qsearch_plain_fours: 2,
    history_max: 1 << 14,
    history_div: 8,
    counter_bonus: 600,
    killer_bonus: 400,
};
