//! The threat class of an empty cell for one side: its four line shapes (`shapes`) combined
//! into one urgency level, so that move generation, ordering and the threat searches read one
//! byte instead of combining four shapes at every node.
//!
//! The levels, from strongest: a five; a move that wins by force if legal (an open four, or
//! two fours); a four with an open three (four-three); two open threes; a lone four; a lone open
//! three; nothing forcing. Renju's forbidden points are not folded in: a Black double three or
//! double four may be forbidden, which only the exact checker (`forbidden`) can tell, and the
//! callers that need legality ask it (`Renju::is_legal`).

use super::shapes::{B3, B4, F2, F3, F4, FIVE, SHAPES};

pub const C_NONE: u8 = 0;
pub const C_THREE: u8 = 1;
pub const C_FOUR: u8 = 2;
pub const C_DOUBLE_THREE: u8 = 3;
pub const C_FOUR_THREE: u8 = 4;
/// An open four or a double four: wins next move unless the opponent has a faster threat.
pub const C_WIN: u8 = 5;
pub const C_FIVE: u8 = 6;
pub const CLASSES: usize = 7;

/// Ordering weight of each class (`Renju::threat` adds the shapes' own values on top).
pub const LEVEL: [i32; CLASSES] = [0, 1_000, 1_500, 8_000, 15_000, 20_000, 100_000];

/// The four shapes whose combination sits at `i` in the tables below (the inverse of `index`).
const fn shapes_at(i: usize) -> [u8; 4] {
    [
        (i / (SHAPES * SHAPES * SHAPES)) as u8,
        (i / (SHAPES * SHAPES) % SHAPES) as u8,
        (i / SHAPES % SHAPES) as u8,
        (i % SHAPES) as u8,
    ]
}

/// Every combination of four shapes, indexed by `index`, classified at compile time.
static TABLE: [u8; SHAPES * SHAPES * SHAPES * SHAPES] = {
    let mut t = [C_NONE; SHAPES * SHAPES * SHAPES * SHAPES];
    let mut i = 0;
    while i < t.len() {
        t[i] = combine(shapes_at(i));
        i += 1;
    }
    t
};

/// What a cell's combination of shapes adds to the evaluation beyond the shapes' own values:
/// a cell where one stone makes two threats at once is worth more than the two lines apart
/// (Rapfi's classical evaluation values every combination; these are coarse steps of ours,
/// after its ladder of combined patterns: two open twos; two blocked threes or a blocked three
/// with an open two; an open three with an open two or blocked three; two open threes; a four
/// with a two or blocked three; a four with an open three; an open four or two fours).
static BONUS: [u8; SHAPES * SHAPES * SHAPES * SHAPES] = {
    let mut t = [0u8; SHAPES * SHAPES * SHAPES * SHAPES];
    let mut i = 0;
    while i < t.len() {
        t[i] = bonus(shapes_at(i));
        i += 1;
    }
    t
};

/// The combination bonus of a cell whose four directions have the shapes `s`.
#[inline(always)]
pub fn combination_bonus(s: [u8; 4]) -> i32 {
    BONUS[index(s) as usize] as i32
}

/// How many of the four directions have each shape.
const fn counts(s: [u8; 4]) -> [u8; SHAPES] {
    let mut n = [0u8; SHAPES];
    let mut k = 0;
    while k < 4 {
        n[s[k] as usize] += 1;
        k += 1;
    }
    n
}

/// The combination bonus of each combination code (`combination`).
const BONUS_BY_COMBINATION: [u8; 8] = [0, 12, 10, 25, 25, 60, 90, 120];

const fn bonus(s: [u8; 4]) -> u8 {
    BONUS_BY_COMBINATION[combination(s)]
}

/// Number of combinations of four shapes.
pub const COMBINATIONS: usize = SHAPES * SHAPES * SHAPES * SHAPES;

/// The index of four shapes (one per direction).
#[inline(always)]
pub fn index(s: [u8; 4]) -> u16 {
    (((s[0] as usize * SHAPES + s[1] as usize) * SHAPES + s[2] as usize) * SHAPES + s[3] as usize)
        as u16
}

/// The combination code (the `eval::tables::COMBO_VALUE` row, the hand-set values) of four shapes.
pub const fn combination(s: [u8; 4]) -> usize {
    let n = counts(s);
    let fours = n[B4 as usize] + n[F4 as usize];
    let threes = n[F3 as usize];
    let b3 = n[B3 as usize];
    let twos = n[F2 as usize];
    if n[FIVE as usize] > 0 {
        0
    } else if n[F4 as usize] > 0 || fours >= 2 {
        7
    } else if fours >= 1 && threes >= 1 {
        6
    } else if fours >= 1 && b3 + twos >= 1 {
        3
    } else if threes >= 2 {
        5
    } else if threes >= 1 && b3 + twos >= 1 {
        4
    } else if b3 + twos >= 2 && b3 >= 1 {
        2
    } else if twos >= 2 {
        1
    } else {
        0
    }
}

/// The class of a cell whose four directions have the shapes `s` (a table lookup).
#[inline(always)]
pub fn classify(s: [u8; 4]) -> u8 {
    TABLE[index(s) as usize]
}

/// `classify` computed from the shapes (builds the table).
const fn combine(s: [u8; 4]) -> u8 {
    let n = counts(s);
    let fours = n[B4 as usize] + n[F4 as usize];
    let threes = n[F3 as usize];
    if n[FIVE as usize] > 0 {
        C_FIVE
    } else if n[F4 as usize] > 0 || fours >= 2 {
        C_WIN
    } else if fours >= 1 && threes >= 1 {
        C_FOUR_THREE
    } else if threes >= 2 {
        C_DOUBLE_THREE
    } else if fours >= 1 {
        C_FOUR
    } else if threes >= 1 {
        C_THREE
    } else {
        C_NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::patterns::shapes::{B1, NONE, OVER};

    #[test]
    fn classes_follow_the_combined_shapes() {
        assert_eq!(classify([NONE; 4]), C_NONE);
        assert_eq!(classify([F2, B3, NONE, F2]), C_NONE);
        assert_eq!(classify([F3, NONE, NONE, NONE]), C_THREE);
        assert_eq!(classify([B4, B3, NONE, NONE]), C_FOUR);
        assert_eq!(classify([F3, F3, NONE, NONE]), C_DOUBLE_THREE);
        assert_eq!(classify([B4, F3, NONE, NONE]), C_FOUR_THREE);
        assert_eq!(classify([B4, NONE, B4, NONE]), C_WIN);
        assert_eq!(classify([F4, NONE, NONE, NONE]), C_WIN);
        assert_eq!(classify([F4, F3, FIVE, NONE]), C_FIVE);
        assert_eq!(classify([OVER, NONE, NONE, NONE]), C_NONE);
        // Combinations add to the evaluation, a lone shape does not; stronger ones add more.
        assert_eq!(combination_bonus([F3, NONE, B1, NONE]), 0);
        assert!(combination_bonus([F2, F2, NONE, NONE]) > 0);
        assert!(combination_bonus([F3, F3, NONE, NONE]) > combination_bonus([F3, F2, NONE, NONE]));
        assert!(combination_bonus([B4, F3, NONE, NONE]) > combination_bonus([B4, B3, NONE, NONE]));
        assert_eq!(
            combination_bonus([NONE, F2, B3, NONE]),
            combination_bonus([B3, NONE, NONE, F2])
        );
        // Stronger classes rank higher.
        assert!(LEVEL.windows(2).all(|w| w[0] < w[1]));
        // The table agrees everywhere, in any order of directions, with the classes as the
        // module describes them, written here apart from the code that builds the table: the
        // strongest threat the cell's four lines make together.
        let expected = |s: [u8; 4]| {
            let has = |shape: u8| s.iter().filter(|&&x| x == shape).count();
            let fours = has(F4) + has(B4);
            [
                (has(FIVE) > 0, C_FIVE),
                (has(F4) > 0 || fours >= 2, C_WIN),
                (fours == 1 && has(F3) > 0, C_FOUR_THREE),
                (has(F3) >= 2, C_DOUBLE_THREE),
                (fours == 1, C_FOUR),
                (has(F3) == 1, C_THREE),
                (true, C_NONE),
            ]
            .into_iter()
            .find(|&(holds, _)| holds)
            .unwrap()
            .1
        };
        for i in 0..SHAPES.pow(4) {
            let d = |k: u32| (i / SHAPES.pow(k) % SHAPES) as u8;
            let s = [d(0), d(1), d(2), d(3)];
            assert_eq!(classify(s), expected(s), "{s:?}");
            assert_eq!(classify([s[3], s[1], s[0], s[2]]), expected(s), "{s:?}");
        }
    }
}
