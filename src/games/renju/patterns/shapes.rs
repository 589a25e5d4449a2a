//! Line shapes: what one stone placed on an empty cell makes along one line, for one side.
//!
//! A shape is read from the ten cells around the point (±5 along the line), so it is a table
//! lookup: the 20-bit key of those cells (2 bits each: empty, black, white, wall) indexes a table
//! built once per rule at first use. The table is filled by a small recursion over line
//! states: a placement that makes a five is `FIVE`; one that leaves two or more points that
//! would complete a five through it is a flexible (open) four `F4`, one such point a blocked four
//! `B4`; otherwise the shape is one step below the best shape the next stone on this line could
//! reach (`F3` if some point would then give `F4`, and so on). Only fives through the placed
//! stone count, so stones elsewhere on the line do not lend it their shape.
//!
//! Shapes are what the evaluation sums, what move ordering ranks and what the threat search
//! scans for fours and fives; the exact renju rules (forbidden points) live in `forbidden.rs`.

use std::sync::OnceLock;

use crate::games::renju::board::{step, Rule, CELLS, DIRS, WALL};

pub const NONE: u8 = 0;
pub const B1: u8 = 1;
pub const F1: u8 = 2;
pub const B2: u8 = 3;
pub const F2: u8 = 4;
pub const B3: u8 = 5;
pub const F3: u8 = 6;
pub const B4: u8 = 7;
pub const F4: u8 = 8;
pub const FIVE: u8 = 9;
/// Six or more in a row where only exactly five counts (never a win; renju: forbidden for Black).
pub const OVER: u8 = 10;
pub const SHAPES: usize = 11;

/// How a side's five is judged along one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Five {
    /// Five or more.
    AtLeast,
    /// Exactly five; six or more is an overline.
    Exactly,
    /// Five or more, unless opponent stones block both ends.
    Unblocked,
}

// Relative cell states inside the recursion.
const R_EMPTY: u8 = 0;
const R_OWN: u8 = 1;
const R_OPP: u8 = 2;
const R_WALL: u8 = 3;

const UNKNOWN: u8 = 0xFF;
const KEY_SPACE: usize = 1 << 20;

/// Slot (0..10) of the neighbour at offset `k` (−5..=5, k ≠ 0) in a line key: the board keeps
/// one key per cell and direction and flips these two bits when a stone comes or goes.
#[inline]
pub fn slot(k: isize) -> usize {
    if k < 0 {
        (k + 5) as usize
    } else {
        (k + 4) as usize
    }
}

fn line_of(key: u32) -> [u8; 11] {
    let mut line = [R_OWN; 11];
    for k in -5isize..=5 {
        if k != 0 {
            line[(k + 5) as usize] = ((key >> (2 * slot(k))) & 3) as u8;
        }
    }
    line
}

fn key_of(line: &[u8; 11]) -> u32 {
    let mut key = 0u32;
    for k in -5isize..=5 {
        if k != 0 {
            key |= (line[(k + 5) as usize] as u32) << (2 * slot(k));
        }
    }
    key
}

/// The run of own stones through the centre: (stones left, stones right).
fn run(line: &[u8; 11]) -> (usize, usize) {
    let mut l = 0;
    while l < 5 && line[4 - l] == R_OWN {
        l += 1;
    }
    let mut r = 0;
    while r < 5 && line[6 + r] == R_OWN {
        r += 1;
    }
    (l, r)
}

/// Does the centre's run make a five? `None`: an overline where only exactly five counts.
fn five(line: &[u8; 11], rule: Five) -> Option<bool> {
    let (l, r) = run(line);
    let len = 1 + l + r;
    match rule {
        Five::AtLeast => Some(len >= 5),
        Five::Exactly => {
            if len == 5 {
                Some(true)
            } else if len > 5 {
                None
            } else {
                Some(false)
            }
        }
        Five::Unblocked => {
            if len < 5 {
                return Some(false);
            }
            let left = if l < 5 { line[4 - l] } else { R_EMPTY };
            let right = if r < 5 { line[6 + r] } else { R_EMPTY };
            Some(!(left == R_OPP && right == R_OPP))
        }
    }
}

fn down(s: u8) -> u8 {
    match s {
        F4 => F3,
        B4 => B3,
        F3 => F2,
        B3 => B2,
        F2 => F1,
        B2 => B1,
        _ => NONE,
    }
}

fn classify(key: u32, rule: Five, memo: &mut [u8]) -> u8 {
    if memo[key as usize] != UNKNOWN {
        return memo[key as usize];
    }
    let line = line_of(key);
    let shape = match five(&line, rule) {
        Some(true) => FIVE,
        None => OVER,
        Some(false) => {
            let mut completions = 0;
            let mut best = NONE;
            let mut children = Vec::new();
            for i in 0..11 {
                if line[i] == R_EMPTY {
                    let mut next = line;
                    next[i] = R_OWN;
                    if five(&next, rule) == Some(true) {
                        completions += 1;
                    } else {
                        children.push(key_of(&next));
                    }
                }
            }
            if completions >= 2 {
                F4
            } else if completions == 1 {
                B4
            } else {
                for k in children {
                    best = best.max(down(classify(k, rule, memo)));
                }
                best
            }
        }
    };
    memo[key as usize] = shape;
    shape
}

/// Every relative key with walls only at the ends (the only ones a board produces), for `rule`.
fn relative_table(rule: Five) -> Vec<u8> {
    let mut memo = vec![UNKNOWN; KEY_SPACE];
    for_each_key(|abs| {
        classify(abs, rule, &mut memo);
    });
    memo
}

/// Calls `f` with every key whose walls are contiguous from the ends of the window.
fn for_each_key(mut f: impl FnMut(u32)) {
    for left_walls in 0..=5usize {
        for right_walls in 0..=5usize {
            let free = 10 - left_walls - right_walls;
            let mut base = 0u32;
            for s in 0..left_walls {
                base |= (R_WALL as u32) << (2 * s);
            }
            for s in (10 - right_walls)..10 {
                base |= (R_WALL as u32) << (2 * s);
            }
            for combo in 0..3u32.pow(free as u32) {
                let mut key = base;
                let mut c = combo;
                for s in left_walls..(10 - right_walls) {
                    key |= (c % 3) << (2 * s);
                    c /= 3;
                }
                f(key);
            }
        }
    }
}

/// Swaps black and white in an absolute key (so White's shape reads the same table).
fn swap_colours(key: u32) -> u32 {
    let mut out = key;
    for s in 0..10 {
        let v = (key >> (2 * s)) & 3;
        let w = match v {
            1 => 2,
            2 => 1,
            v => v,
        };
        out = (out & !(3 << (2 * s))) | (w << (2 * s));
    }
    out
}

fn five_rule(rule: Rule, side: u8) -> Five {
    match rule {
        Rule::Freestyle => Five::AtLeast,
        Rule::Exact => Five::Exactly,
        Rule::Renju if side == 0 => Five::Exactly,
        Rule::Renju => Five::AtLeast,
        Rule::Caro => Five::Unblocked,
    }
}

fn relative(rule: Five) -> &'static [u8] {
    static TABLES: [OnceLock<Vec<u8>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = match rule {
        Five::AtLeast => 0,
        Five::Exactly => 1,
        Five::Unblocked => 2,
    };
    TABLES[i].get_or_init(|| relative_table(rule))
}

/// The per-rule table: absolute key → Black's shape in the low nibble, White's in the high one.
pub struct ShapeTable {
    table: Vec<u8>,
}

impl ShapeTable {
    fn build(rule: Rule) -> ShapeTable {
        let black = relative(five_rule(rule, 0));
        let white = relative(five_rule(rule, 1));
        let mut table = vec![0u8; KEY_SPACE];
        for_each_key(|abs| {
            let b = black[abs as usize];
            let w = white[swap_colours(abs) as usize];
            table[abs as usize] = b | (w << 4);
        });
        ShapeTable { table }
    }

    /// The table of `rule`, built on first use (a few tens of milliseconds).
    pub fn get(rule: Rule) -> &'static ShapeTable {
        static TABLES: [OnceLock<ShapeTable>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let i = match rule {
            Rule::Freestyle => 0,
            Rule::Exact => 1,
            Rule::Renju => 2,
            Rule::Caro => 3,
        };
        TABLES[i].get_or_init(|| ShapeTable::build(rule))
    }

    /// Both sides' shapes (Black, White) packed as Black's in the low nibble, White's in the
    /// high one, for a line key (the incremental board keeps the keys itself).
    #[inline(always)]
    pub fn by_key(&self, key: u32) -> u8 {
        self.table[key as usize]
    }

    /// Both sides' shapes (Black, White) for a stone on empty cell `c` along direction `dir`.
    #[inline]
    pub fn shapes(&self, cells: &[u8; CELLS], c: usize, dir: usize) -> (u8, u8) {
        let d = DIRS[dir];
        let mut key = 0u32;
        for k in 1..=5isize {
            let v = cells[step(c, d, -k)] as u32;
            key |= v << (2 * slot(-k));
            if v == WALL as u32 {
                // Everything beyond a wall is wall too.
                for j in k + 1..=5 {
                    key |= (WALL as u32) << (2 * slot(-j));
                }
                break;
            }
        }
        for k in 1..=5isize {
            let v = cells[step(c, d, k)] as u32;
            key |= v << (2 * slot(k));
            if v == WALL as u32 {
                for j in k + 1..=5 {
                    key |= (WALL as u32) << (2 * slot(j));
                }
                break;
            }
        }
        let s = self.table[key as usize];
        (s & 15, s >> 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::{cell, empty_cells, BLACK, WHITE};

    fn shape_of(rule: Rule, row: &str, at: usize) -> (u8, u8) {
        let mut cells = empty_cells(15, 15);
        for (x, ch) in row.chars().enumerate() {
            cells[cell(x, 7) as usize] = match ch {
                'x' => BLACK,
                'o' => WHITE,
                _ => 0,
            };
        }
        ShapeTable::get(rule).shapes(&cells, cell(at, 7) as usize, 0)
    }

    #[test]
    fn basic_shapes_along_a_row() {
        let r = Rule::Freestyle;
        assert_eq!(shape_of(r, "....xxxx.......", 8).0, FIVE);
        assert_eq!(shape_of(r, "....xxx........", 7).0, F4);
        assert_eq!(shape_of(r, "...oxxx........", 7).0, B4);
        assert_eq!(shape_of(r, "....xx.........", 6).0, F3);
        assert_eq!(shape_of(r, "...oxx.........", 6).0, B3);
        assert_eq!(shape_of(r, "....x..........", 5).0, F2);
        assert_eq!(shape_of(r, "...............", 5).0, F1);
        assert_eq!(shape_of(r, "..xxx.ox.......", 5).0, B4);
        // White sees black stones as blockers: only one side is open.
        assert_eq!(shape_of(r, "....xxx........", 7).1, B1);
    }

    #[test]
    fn overlines_depend_on_the_rule() {
        assert_eq!(shape_of(Rule::Freestyle, "..xxx.xx.......", 5).0, FIVE);
        assert_eq!(shape_of(Rule::Exact, "..xxx.xx.......", 5).0, OVER);
        assert_eq!(shape_of(Rule::Renju, "..xxx.xx.......", 5).0, OVER);
        assert_eq!(shape_of(Rule::Renju, "..ooo.oo.......", 5).1, FIVE);
    }

    #[test]
    fn caro_five_blocked_at_both_ends_does_not_win() {
        assert_ne!(shape_of(Rule::Caro, "..oxxxx.o......", 7).0, FIVE);
        assert_eq!(shape_of(Rule::Freestyle, "..oxxxx.o......", 7).0, FIVE);
        assert_eq!(shape_of(Rule::Caro, "..oxxxx........", 7).0, FIVE);
        assert_eq!(shape_of(Rule::Caro, "xxxx...........", 4).0, FIVE);
    }

    #[test]
    fn walls_block_like_stones() {
        assert_eq!(shape_of(Rule::Freestyle, "xxx............", 3).0, B4);
    }
}
