//! Everything the engine reads about one empty cell for one side, from its four line shapes,
//! in one table lookup: the threat class (`patterns::class`), the evaluation value and the
//! move-ordering score (by the shapes' pattern code, from the active parameters of the rule
//! set and colour, `eval::params`), and flags (makes a four, makes an open four, may be a renju
//! forbidden point). The board keeps each cell's index into its side's table, so a changed
//! shape costs one lookup, not four sums.

use std::sync::OnceLock;

use super::Rule;
use crate::games::renju::eval::active::active;
use crate::games::renju::eval::codes::code_of_index;
use crate::games::renju::eval::params::{rule_index, SideParams, RULES};
use crate::games::renju::eval::tables::SHAPE_VALUE;
use crate::games::renju::patterns::class::{classify, COMBINATIONS, LEVEL};
use crate::games::renju::patterns::shapes::{B3, B4, F3, F4, FIVE, OVER, SHAPES};

/// The cell makes a five.
pub const FLAG_FIVE: u8 = 1;
/// The cell makes a four (a five threat) or better along some line.
pub const FLAG_FOUR: u8 = 2;
/// The cell makes an open four along some line.
pub const FLAG_OPEN_FOUR: u8 = 4;
/// For Black under renju, the cell may be forbidden (overline, an open-four shape that can hide
/// a double four, or two lines of three or more) and no five makes it allowed: only these
/// cells go to the exact recursive checker.
pub const FLAG_MAY_BE_FORBIDDEN: u8 = 8;
/// The cell makes a three or better along some line (a threat move: never pruned as quiet).
pub const FLAG_THREE: u8 = 16;

/// One combination's facts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellInfo {
    pub class: u8,
    pub flags: u8,
    /// Evaluation value (shape values plus combination value).
    pub eval: i16,
    /// Move-ordering score (class level plus shape values).
    pub order: i32,
    /// Move-ordering score for the other side of taking this cell (`SideParams::block`).
    pub block: i32,
    /// The order the threat searches (the leaf VCF, `threats::vcf`, `threats::vct`) try our
    /// fours and threes in: the hand-set score (class level plus shape values) whatever the
    /// parameter file holds, since the learned scores are fitted to the main picker's replies,
    /// not to which four leads a forced win (a learned table there doubled the leaf nodes).
    pub threat_order: i32,
}

/// The facts of four shapes, valued by `p`.
fn info(s: [u8; 4], code: usize, p: &SideParams) -> CellInfo {
    let class = classify(s);
    let mut flags = 0;
    if s.contains(&FIVE) {
        flags |= FLAG_FIVE;
    }
    if s.iter().any(|&x| x == B4 || x == F4 || x == FIVE) {
        flags |= FLAG_FOUR;
    }
    if s.contains(&F4) {
        flags |= FLAG_OPEN_FOUR;
    }
    if s.iter().any(|&x| (F3..=FIVE).contains(&x)) {
        flags |= FLAG_THREE;
    }
    let may_be_forbidden = !s.contains(&FIVE)
        && (s.contains(&OVER) || s.contains(&F4) || s.iter().filter(|&&x| x >= B3).count() >= 2);
    if may_be_forbidden {
        flags |= FLAG_MAY_BE_FORBIDDEN;
    }
    CellInfo {
        class,
        flags,
        eval: p.value[code] as i16,
        order: p.order[code],
        block: p.block[code],
        threat_order: LEVEL[class as usize]
            + s.iter().map(|&x| SHAPE_VALUE[x as usize]).sum::<i32>(),
    }
}

/// The part of a `CellInfo` that every make reads for every cell whose shapes change (class,
/// flags and evaluation value), four bytes instead of twenty: the board's incremental update
/// reads two entries per changed shape, and a side's full table (293 KB) missed the L1 cache on
/// 18 % of those reads (cachegrind on `sente bench renju`), where this one is 58 KB.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellFacts {
    pub class: u8,
    pub flags: u8,
    pub eval: i16,
}

impl From<CellInfo> for CellFacts {
    fn from(i: CellInfo) -> CellFacts {
        CellFacts {
            class: i.class,
            flags: i.flags,
            eval: i.eval,
        }
    }
}

/// One side's table valued by `p`.
pub fn build(p: &SideParams) -> Vec<CellInfo> {
    let codes = code_of_index();
    (0..COMBINATIONS)
        .map(|i| {
            let d = |k: u32| (i / SHAPES.pow(k) % SHAPES) as u8;
            info([d(3), d(2), d(1), d(0)], codes[i] as usize, p)
        })
        .collect()
}

/// The table of `side` under `rule`, from the active parameters, built on first use.
pub fn table(rule: Rule, side: u8) -> &'static [CellInfo] {
    static TABLES: OnceLock<Vec<Vec<CellInfo>>> = OnceLock::new();
    let t = TABLES.get_or_init(|| {
        let p = active();
        RULES
            .iter()
            .flat_map(|&r| [build(p.side(r, 0)), build(p.side(r, 1))])
            .collect()
    });
    &t[rule_index(rule) * 2 + side as usize]
}

/// Entries of a facts table: the power of two above `COMBINATIONS`, so that an index masked
/// to it needs no bounds check (make reads two entries per changed shape).
pub const FACTS_SLOTS: usize = COMBINATIONS.next_power_of_two();

/// A side's facts table (`facts`).
pub type FactsTable = [CellFacts; FACTS_SLOTS];

/// The compact facts of `table(rule, side)`, entry for entry (the slots past `COMBINATIONS`
/// are never indexed), built on first use.
pub fn facts(rule: Rule, side: u8) -> &'static FactsTable {
    static FACTS: OnceLock<Vec<Box<FactsTable>>> = OnceLock::new();
    let t = FACTS.get_or_init(|| {
        RULES
            .iter()
            .flat_map(|&r| {
                [0, 1].map(|s| {
                    let mut f = Box::new([CellFacts::default(); FACTS_SLOTS]);
                    for (slot, &i) in f.iter_mut().zip(table(r, s)) {
                        *slot = i.into();
                    }
                    f
                })
            })
            .collect()
    });
    &t[rule_index(rule) * 2 + side as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::eval::tables::COMBO_VALUE;
    use crate::games::renju::patterns::class::{combination, combination_bonus, index};

    /// The hand-set parameters give every combination the value and ordering score the engine
    /// had before the tables were learnable (so the pattern codes lose nothing).
    #[test]
    fn the_hand_table_agrees_with_its_definition_and_the_old_bonus() {
        let t = build(&SideParams::hand());
        for (i, &entry) in t.iter().enumerate() {
            let d = |k: u32| (i / SHAPES.pow(k) % SHAPES) as u8;
            let s = [d(3), d(2), d(1), d(0)];
            assert_eq!(index(s) as usize, i);
            let sum: i32 = s.iter().map(|&x| SHAPE_VALUE[x as usize]).sum();
            assert_eq!(entry.eval as i32, sum + COMBO_VALUE[combination(s)]);
            assert_eq!(entry.order, LEVEL[entry.class as usize] + sum);
            assert_eq!(entry.threat_order, entry.order);
            assert_eq!(entry.block, entry.order * 80 / 100);
            assert_eq!(COMBO_VALUE[combination(s)], combination_bonus(s));
        }
        assert_eq!(t[0].eval, 0);
        assert_eq!(t[0].order, 0);
    }
}
