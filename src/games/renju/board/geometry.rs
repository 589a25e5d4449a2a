//! Board geometry shared by every part of the Renju/Gomoku engine.
//!
//! Cells live in a padded 32×32 array: the playable `w×h` area starts at (5,5) and every other
//! cell is a wall. Five cells of padding on each side let any line window of ±5 around a
//! playable cell be read without bounds checks, and a cell index fits in a `u16` move.

use std::fmt;

/// Row stride of the padded array.
pub const STRIDE: usize = 32;
/// Padding on each side: the widest line window read around a cell (±5).
pub const PAD: usize = 5;
/// Cells in the padded array.
pub const CELLS: usize = STRIDE * STRIDE;
/// Largest supported side (Gomocup allows up to 22 in practice here).
pub const MAX_SIDE: usize = STRIDE - 2 * PAD;
/// Smallest supported side.
pub const MIN_SIDE: usize = 5;

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
pub const WALL: u8 = 3;

/// The four line directions as index steps: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// A move: the padded index of a cell.
pub type Cell = u16;

/// The cell at column `x`, row `y` (0-based, from the top-left).
pub fn cell(x: usize, y: usize) -> Cell {
    ((y + PAD) * STRIDE + x + PAD) as Cell
}

/// Column and row of a cell.
pub fn xy(c: Cell) -> (usize, usize) {
    let c = c as usize;
    (c % STRIDE - PAD, c / STRIDE - PAD)
}

/// `c` moved `k` steps along direction step `d`.
#[inline]
pub fn step(c: usize, d: isize, k: isize) -> usize {
    (c as isize + d * k) as usize
}

/// The direction index (into `DIRS`) and the signed step count from `q` to `x` when `x` lies on
/// one of `q`'s four lines within five cells (the reach of a line key), else `None`.
#[inline]
pub fn line_offset(q: Cell, x: Cell) -> Option<(usize, isize)> {
    let (qx, qy) = xy(q);
    let (dx, dy) = (
        xy(x).0 as isize - qx as isize,
        xy(x).1 as isize - qy as isize,
    );
    let (dir, k) = if dy == 0 {
        (0, dx)
    } else if dx == 0 {
        (1, dy)
    } else if dx == dy {
        (2, dy)
    } else if dx == -dy {
        (3, dy)
    } else {
        return None;
    };
    (k != 0 && k.abs() <= 5).then_some((dir, k))
}

/// The stone value of a side (0 Black, 1 White).
#[inline]
pub fn stone(side: u8) -> u8 {
    side + 1
}

/// The rule set, as the Gomocup `INFO rule` bitmask selects it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not.
    Exact,
    /// Black: exactly five, overline/double-four/double-three forbidden. White: five or more.
    Renju,
    /// Five or more wins unless both ends are blocked by opponent stones.
    Caro,
}

impl Rule {
    /// The rule of an `INFO rule` bitmask. Bit 2 (continuous game) changes nothing in the rules;
    /// a bare 2 is what Yixin-Board sends for renju.
    pub fn from_bits(bits: u32) -> Rule {
        if bits & 4 != 0 || bits == 2 {
            Rule::Renju
        } else if bits & 8 != 0 {
            Rule::Caro
        } else if bits & 1 != 0 {
            Rule::Exact
        } else {
            Rule::Freestyle
        }
    }

    /// The `INFO rule` bitmask that selects this rule (`from_bits` reads it back).
    pub fn bits(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Exact => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
        }
    }

    /// Does `side` need exactly five (an overline does not win)?
    pub fn exact_for(self, side: u8) -> bool {
        matches!(self, Rule::Exact) || (self == Rule::Renju && side == 0)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exactly five",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        })
    }
}

/// Zobrist keys: one per (side, cell), plus one for White to move. Built at compile time from a
/// fixed seed so hashes are the same in every run (the bench signature depends on it).
pub static ZOBRIST: [[u64; CELLS]; 2] = zobrist_table();
pub const ZOBRIST_WHITE_TO_MOVE: u64 = 0x9E37_79B9_7F4A_7C15;

const fn zobrist_table() -> [[u64; CELLS]; 2] {
    let mut t = [[0u64; CELLS]; 2];
    let mut state: u64 = 0x1234_5678_9ABC_DEF1;
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < CELLS {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            t[s][i] = z ^ (z >> 31);
            i += 1;
        }
        s += 1;
    }
    t
}

/// A plain cell array with walls around `w×h`: the input of the forbidden-point checker.
pub fn empty_cells(w: usize, h: usize) -> [u8; CELLS] {
    let mut cells = [WALL; CELLS];
    for y in 0..h {
        for x in 0..w {
            cells[cell(x, y) as usize] = EMPTY;
        }
    }
    cells
}

/// Length of the run of `v` stones through `c` along `d`, counting `c` itself as one of them.
#[inline]
pub fn run_through(cells: &[u8; CELLS], c: usize, d: isize, v: u8) -> usize {
    let mut n = 1;
    let mut k = 1;
    while cells[step(c, d, k)] == v {
        n += 1;
        k += 1;
    }
    k = 1;
    while cells[step(c, d, -k)] == v {
        n += 1;
        k += 1;
    }
    n
}
