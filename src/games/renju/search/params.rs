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
    /// Reduction added at a non-PV node whose static value is not improving, once the
    /// reduction is already over a ply (Rapfi's `improvement <= 0 && r > 1`); 0 is off.
    pub lmr_not_improving: i32,
    /// Reduction taken off an attack that follows our own attack two plies up (both make a
    /// three or a four): a threat sequence is read on, not cut short by LMR (Rapfi's
    /// continuous-attack term); 0 is off.
    pub lmr_continuous_attack: i32,
    /// A reduced move that fails high by more than this margin (plus `lmr_deeper_per_ply` per
    /// ply of reduction) is searched again one ply deeper than its full depth, and one that
    /// only just fails high is searched again a ply shallower (Rapfi's and Stockfish's LMR
    /// re-search depth); 0 is off.
    pub lmr_deeper_margin: i32,
    pub lmr_deeper_per_ply: i32,
    /// Fail-high reduction: at a non-PV expected cut node whose static value is above beta by
    /// `fail_high_margin_base + fail_high_margin_per_ply * depth` (plus
    /// `fail_high_margin_threat` when the opponent has a threat), every move but a four is
    /// searched this much shallower; 0 is off.
    pub fail_high_reduction: i32,
    pub fail_high_margin_base: i32,
    pub fail_high_margin_per_ply: i32,
    pub fail_high_margin_threat: i32,
    /// Move-count pruning at non-PV nodes: moves past (base + depth^exponent) / (2 - improving)
    /// are not searched (Rapfi's form), threats and defences as well as quiet moves.
    pub lmp_base: f32,
    pub lmp_exponent: f32,
    /// Singular extensions: from this depth (plies), with a margin per ply of depth.
    pub singular_depth: i32,
    pub singular_margin: i32,
    /// Internal iterative reduction: from this depth (plies) without a table move.
    pub iir_depth: i32,
    /// At a PV node with a table move from a shallower search, the depth comes down by this
    /// much (PLY units) per ply the entry is short, at most `pv_tt_reduction_max`: a PV move
    /// that the last iterations did not reach again is read shallower (Rapfi's IIR by table
    /// depth); 0 is off.
    pub pv_tt_reduction: i32,
    pub pv_tt_reduction_max: i32,
    /// Once a move raises alpha at a node (a PV node: a null window cannot be raised without
    /// a cut), the moves after it are searched this much shallower (PLY units) between 2 and
    /// 12 plies, away from won or lost scores (Rapfi's alpha-improvement reduction); 0 is off.
    pub alpha_improvement_reduction: i32,
    /// Depth added to the table move when no singular search ran for it, at PV and other nodes
    /// (PLY units; Rapfi's 0.25 and 0.08 ply); 0 is off.
    pub tt_move_extension_pv: i32,
    pub tt_move_extension: i32,
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
    /// The defender's guard (`player::guard`): the share of a move's budget, in per cent, that
    /// each df-pn check of the chosen move takes (the first search leaves room for two, and a
    /// search again when a check refutes the move); 0 is off.
    pub guard_percent: u32,
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
    lmr_not_improving: 0,
    lmr_continuous_attack: 0,
    lmr_deeper_margin: 0,
    lmr_deeper_per_ply: 11,
    fail_high_reduction: 0,
    fail_high_margin_base: -9,
    fail_high_margin_per_ply: 15,
    fail_high_margin_threat: 87,
    lmp_base: 3.0,
    lmp_exponent: 1.32,
    singular_depth: 8,
    singular_margin: 2,
    iir_depth: 6,
    pv_tt_reduction: 0,
    pv_tt_reduction_max: 58,
    alpha_improvement_reduction: 0,
    tt_move_extension_pv: 0,
    tt_move_extension: 0,
    qsearch_max_fours: 24,
    qsearch_plain_fours: 2,
    history_max: 1 << 14,
    history_div: 8,
    counter_bonus: 600,
    killer_bonus: 400,
    guard_percent: 0,
};

/// The environment variable that overrides parameters for tuning runs, as `name=value` pairs
/// separated by commas (`SENTE_RENJU_PARAMS="lmr_div=1.8,lmp_base=2.5"`): a candidate setting
/// can then play a fixed-node match (`tournaments/renju-15-vs-rapfi-nodes.toml`) without a
/// build of its own. Unset, the searcher uses `PARAMS`.
pub const PARAMS_ENV: &str = "SENTE_RENJU_PARAMS";

/// The parameters in use: `PARAMS` with the overrides of `PARAMS_ENV`, read once. A bad
/// override is reported on stderr and ignored.
pub fn params() -> Params {
    static ACTIVE: std::sync::OnceLock<Params> = std::sync::OnceLock::new();
    *ACTIVE.get_or_init(|| {
        let Ok(spec) = std::env::var(PARAMS_ENV) else {
            return PARAMS;
        };
        with_overrides(PARAMS, &spec).unwrap_or_else(|e| {
            log::error!("{PARAMS_ENV}: {e}; using the built-in parameters");
            PARAMS
        })
    })
}

/// `p` with the `name=value` pairs of `spec` (comma-separated) applied.
pub fn with_overrides(mut p: Params, spec: &str) -> Result<Params, String> {
    macro_rules! set {
        ($name:expr, $value:expr, $($field:ident),*) => {
            match $name {
                $(stringify!($field) => {
                    p.$field = $value
                        .parse()
                        .map_err(|_| format!("{} is not a value for {}", $value, $name))?
                })*
                _ => return Err(format!("no parameter named {}", $name)),
            }
        };
    }
    for pair in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("{pair} is not name=value"))?;
        let (name, value) = (name.trim(), value.trim());
        set!(
            name,
            value,
            aspiration_delta,
            aspiration_depth,
            forced_block_extension,
            four_extension,
            razor_depth,
            razor_margin_base,
            razor_margin_per_ply,
            futility_depth,
            futility_margin,
            move_futility_depth,
            move_futility_margin,
            null_depth,
            null_reduction_base,
            null_reduction_div,
            lmr_depth,
            lmr_index,
            lmr_base,
            lmr_div,
            lmr_threat_relief,
            lmr_cut_node,
            lmr_not_improving,
            lmr_continuous_attack,
            lmr_deeper_margin,
            lmr_deeper_per_ply,
            fail_high_reduction,
            fail_high_margin_base,
            fail_high_margin_per_ply,
            fail_high_margin_threat,
            lmp_base,
            lmp_exponent,
            singular_depth,
            singular_margin,
            iir_depth,
            pv_tt_reduction,
            pv_tt_reduction_max,
            alpha_improvement_reduction,
            tt_move_extension_pv,
            tt_move_extension,
            qsearch_max_fours,
            qsearch_plain_fours,
            history_max,
            history_div,
            counter_bonus,
            killer_bonus,
            guard_percent
        );
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_set_the_named_fields_and_refuse_unknown_ones() {
        let p = with_overrides(PARAMS, "lmr_div=1.5, lmp_base=2,qsearch_plain_fours=1").unwrap();
        assert_eq!(p.lmr_div, 1.5);
        assert_eq!(p.lmp_base, 2.0);
        assert_eq!(p.qsearch_plain_fours, 1);
        assert_eq!(p.razor_depth, PARAMS.razor_depth);
        assert!(with_overrides(PARAMS, "no_such=1").is_err());
        assert!(with_overrides(PARAMS, "lmr_index=-1").is_err());
        assert!(with_overrides(PARAMS, "lmr_div").is_err());
        assert_eq!(
            with_overrides(PARAMS, "").unwrap().lmr_depth,
            PARAMS.lmr_depth
        );
    }
}
