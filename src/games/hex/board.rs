//! The Hex board: up to 19×19, square or rectangular, as two bitsets (one per colour).
//!
//! Cells are numbered `y * width + x` (x the column `a`, `b`, …; y the row from 1). a1 is an
//! acute corner; the neighbours of (x, y) are (x±1, y), (x, y±1), (x+1, y−1) and (x−1, y+1).
//! Black connects row 1 to the last row, White column a to the last column.

use std::fmt;

use crate::util::cells::column_name;

/// The largest side the protocol accepts (HexGui's and Benzene's limit, `a1` … `s19`).
pub const MAX_SIDE: usize = 19;
/// Enough bits for the largest board.
pub const WORDS: usize = (MAX_SIDE * MAX_SIDE).div_ceil(64);

pub const BLACK: u8 = 0;
pub const WHITE: u8 = 1;

/// A set of cells in `W` words. `Cells` holds the largest board; the connection engine keeps
/// its carriers in the fewest words the board needs (`vc::sized`: one word up to 8×8, two up
/// to 11×11, three up to 13×13), since its inner loops are set operations and copies of carrier lists.
#[derive(Clone, Copy, Eq)]
pub struct Bits<const W: usize>([u64; W]);

/// A set of cells of any board.
pub type Cells = Bits<WORDS>;

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

/// Word by word without a branch: the solver's H-search compares sets in its inner loops, where
/// the derived comparison's call to `memcmp` dominated the profile.
impl<const W: usize> PartialEq for Bits<W> {
    #[inline]
    fn eq(&self, o: &Bits<W>) -> bool {
        self.0.iter().zip(o.0).fold(0, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

/// Hashes the words, consistent with the equality above.
impl<const W: usize> std::hash::Hash for Bits<W> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Bits<W> = Bits([0; W]);
    /// Cells this width can hold.
    pub const CAPACITY: usize = 64 * W;

    #[inline]
    pub fn has(&self, c: usize) -> bool {
        self.0[c >> 6] >> (c & 63) & 1 != 0
    }
    #[inline]
    pub fn insert(&mut self, c: usize) {
        self.0[c >> 6] |= 1 << (c & 63);
    }
    #[inline]
    pub fn remove(&mut self, c: usize) {
        self.0[c >> 6] &= !(1 << (c & 63));
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |acc, &w| acc | w) == 0
    }
    #[inline]
    pub fn and(&self, o: &Bits<W>) -> Bits<W> {
        let mut r = *self;
        r.0.iter_mut().zip(o.0).for_each(|(a, b)| *a &= b);
        r
    }
    #[inline]
    pub fn or(&self, o: &Bits<W>) -> Bits<W> {
        let mut r = *self;
        r.0.iter_mut().zip(o.0).for_each(|(a, b)| *a |= b);
        r
    }
    #[inline]
    pub fn minus(&self, o: &Bits<W>) -> Bits<W> {
        let mut r = *self;
        r.0.iter_mut().zip(o.0).for_each(|(a, b)| *a &= !b);
        r
    }
    #[inline]
    pub fn intersects(&self, o: &Bits<W>) -> bool {
        self.0.iter().zip(o.0).fold(0, |acc, (a, b)| acc | (a & b)) != 0
    }
    /// True if every cell of `self` is in `o`.
    #[inline]
    pub fn is_subset(&self, o: &Bits<W>) -> bool {
        self.0.iter().zip(o.0).fold(0, |acc, (a, b)| acc | (a & !b)) == 0
    }
    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        })
    }
    pub fn first(&self) -> Option<usize> {
        self.iter().next()
    }
    /// The same cells in `W` words; the caller knows they all fit (`c < CAPACITY`).
    #[inline]
    pub fn narrow(c: &Cells) -> Bits<W> {
        let mut r = [0; W];
        r.copy_from_slice(&c.0[..W]);
        debug_assert!(c.0[W..].iter().all(|&w| w == 0), "cells beyond {W} words");
        Bits(r)
    }
    /// The same cells as a `Cells` of the largest board.
    #[inline]
    pub fn widen(&self) -> Cells {
        let mut r = [0; WORDS];
        r[..W].copy_from_slice(&self.0);
        Bits(r)
    }
}

impl<const W: usize> fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The four sides of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Row 1 (Black's).
    Top,
    /// The last row (Black's).
    Bottom,
    /// Column a (White's).
    Left,
    /// The last column (White's).
    Right,
}

impl Edge {
    /// The two edges a colour connects.
    pub fn of(color: u8) -> [Edge; 2] {
        if color == BLACK {
            [Edge::Top, Edge::Bottom]
        } else {
            [Edge::Left, Edge::Right]
        }
    }
}

/// Stones on a board of a given size.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    w: u8,
    h: u8,
    stones: [Cells; 2],
}

impl Board {
    /// An empty board; `None` unless 1 ≤ w, h ≤ 19.
    pub fn new(w: usize, h: usize) -> Option<Board> {
        ((1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h)).then_some(Board {
            w: w as u8,
            h: h as u8,
            stones: [Cells::EMPTY; 2],
        })
    }

    #[inline]
    pub fn width(&self) -> usize {
        self.w as usize
    }
    #[inline]
    pub fn height(&self) -> usize {
        self.h as usize
    }
    #[inline]
    pub fn size(&self) -> usize {
        self.width() * self.height()
    }
    #[inline]
    pub fn xy(&self, c: usize) -> (usize, usize) {
        (c % self.width(), c / self.width())
    }
    #[inline]
    pub fn cell(&self, x: usize, y: usize) -> usize {
        y * self.width() + x
    }

    pub fn stones(&self, color: u8) -> &Cells {
        &self.stones[color as usize]
    }
    pub fn occupied(&self) -> Cells {
        self.stones[0].or(&self.stones[1])
    }
    pub fn all_cells(&self) -> Cells {
        let mut s = Cells::EMPTY;
        for c in 0..self.size() {
            s.insert(c);
        }
        s
    }
    pub fn empty_cells(&self) -> Cells {
        self.all_cells().minus(&self.occupied())
    }
    pub fn color_at(&self, c: usize) -> Option<u8> {
        if self.stones[0].has(c) {
            Some(BLACK)
        } else if self.stones[1].has(c) {
            Some(WHITE)
        } else {
            None
        }
    }
    pub fn place(&mut self, color: u8, c: usize) {
        self.stones[color as usize & 1].insert(c);
    }
    pub fn clear_cell(&mut self, c: usize) {
        self.stones[0].remove(c);
        self.stones[1].remove(c);
    }

    /// The on-board neighbours of `c` (up to six), in ring order around the cell.
    #[inline]
    pub fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> {
        let (w, h) = (self.width() as i32, self.height() as i32);
        let (x, y) = ((c as i32) % w, (c as i32) / w);
        // Ring order: consecutive entries are adjacent to each other (used by dead-cell tests).
        const RING: [(i32, i32); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];
        RING.into_iter().filter_map(move |(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            (nx >= 0 && ny >= 0 && nx < w && ny < h).then_some((ny * w + nx) as usize)
        })
    }

    /// The bridge partners of `c`: each on-board cell two steps away through two common
    /// neighbours, with those two neighbours (the bridge's carrier).
    pub fn bridges(&self, c: usize) -> impl Iterator<Item = (usize, [usize; 2])> {
        let (w, h) = (self.width() as i32, self.height() as i32);
        let (x, y) = ((c as i32) % w, (c as i32) / w);
        // Each partner offset with its two carrier offsets (consecutive ring neighbours).
        type Step = (i32, i32);
        const BRIDGE: [(Step, [Step; 2]); 6] = [
            ((2, -1), [(1, -1), (1, 0)]),
            ((1, 1), [(1, 0), (0, 1)]),
            ((-1, 2), [(0, 1), (-1, 1)]),
            ((-2, 1), [(-1, 1), (-1, 0)]),
            ((-1, -1), [(-1, 0), (0, -1)]),
            ((1, -2), [(0, -1), (1, -1)]),
        ];
        let at = move |(dx, dy): (i32, i32)| {
            let (nx, ny) = (x + dx, y + dy);
            (nx >= 0 && ny >= 0 && nx < w && ny < h).then_some((ny * w + nx) as usize)
        };
        BRIDGE
            .into_iter()
            .filter_map(move |(d, [a, b])| Some((at(d)?, [at(a)?, at(b)?])))
    }

    /// The six ring positions around `c`: a cell, or the edge beyond the board.
    pub fn ring(&self, c: usize) -> [Result<usize, Option<Edge>>; 6] {
        let (w, h) = (self.width() as i32, self.height() as i32);
        let (x, y) = ((c as i32) % w, (c as i32) / w);
        const RING: [(i32, i32); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];
        RING.map(|(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            let off_x = nx < 0 || nx >= w;
            let off_y = ny < 0 || ny >= h;
            match (off_x, off_y) {
                (false, false) => Ok((ny * w + nx) as usize),
                // Beyond a corner: both edges at once, counted as neither.
                (true, true) => Err(None),
                (true, false) => Err(Some(if nx < 0 { Edge::Left } else { Edge::Right })),
                (false, true) => Err(Some(if ny < 0 { Edge::Top } else { Edge::Bottom })),
            }
        })
    }

    /// The cells along an edge.
    pub fn edge_cells(&self, e: Edge) -> Cells {
        let mut s = Cells::EMPTY;
        let (w, h) = (self.width(), self.height());
        match e {
            Edge::Top => (0..w).for_each(|x| s.insert(self.cell(x, 0))),
            Edge::Bottom => (0..w).for_each(|x| s.insert(self.cell(x, h - 1))),
            Edge::Left => (0..h).for_each(|y| s.insert(self.cell(0, y))),
            Edge::Right => (0..h).for_each(|y| s.insert(self.cell(w - 1, y))),
        }
        s
    }

    pub fn on_edge(&self, c: usize, e: Edge) -> bool {
        let (x, y) = self.xy(c);
        match e {
            Edge::Top => y == 0,
            Edge::Bottom => y + 1 == self.height(),
            Edge::Left => x == 0,
            Edge::Right => x + 1 == self.width(),
        }
    }

    /// The chain of `color` stones holding `c` (flood fill: linear in the chain's size).
    pub fn chain(&self, color: u8, c: usize) -> Cells {
        let own = self.stones(color);
        let mut seen = Cells::EMPTY;
        if !own.has(c) {
            return seen;
        }
        let mut stack = vec![c];
        seen.insert(c);
        while let Some(p) = stack.pop() {
            for n in self.neighbours(p) {
                if own.has(n) && !seen.has(n) {
                    seen.insert(n);
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// True if the chain through `c` joins `color`'s two edges: the win check after a move
    /// at `c` (only that chain can have just been completed).
    pub fn joins_edges(&self, color: u8, c: usize) -> bool {
        let chain = self.chain(color, c);
        let [a, b] = Edge::of(color);
        chain.intersects(&self.edge_cells(a)) && chain.intersects(&self.edge_cells(b))
    }

    /// The winner, if either colour joins its edges (a whole-board check, linear in the board).
    pub fn winner(&self) -> Option<u8> {
        [BLACK, WHITE].into_iter().find(|&color| {
            let [a, _] = Edge::of(color);
            let starts = self.edge_cells(a).and(self.stones(color));
            let mut done = Cells::EMPTY;
            let starts: Vec<usize> = starts.iter().collect();
            starts.into_iter().any(|s| {
                if done.has(s) {
                    return false;
                }
                let chain = self.chain(color, s);
                done = done.or(&chain);
                self.joins_edges_set(color, &chain)
            })
        })
    }

    fn joins_edges_set(&self, color: u8, chain: &Cells) -> bool {
        let [a, b] = Edge::of(color);
        chain.intersects(&self.edge_cells(a)) && chain.intersects(&self.edge_cells(b))
    }

    /// Parses a cell name like `a1`, `K11` or (HexGui 0.10 past 26 columns) `aa3`.
    pub fn parse_cell(&self, s: &str) -> Option<usize> {
        let s = s.to_ascii_lowercase();
        let letters: String = s.chars().take_while(|c| c.is_ascii_lowercase()).collect();
        let digits = &s[letters.len()..];
        if letters.is_empty() || digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        if digits.len() > 3 || letters.len() > 2 || digits.starts_with('0') {
            return None;
        }
        let mut x = 0usize;
        for ch in letters.chars() {
            x = x * 26 + (ch as usize - 'a' as usize + 1);
        }
        let x = x - 1;
        let y: usize = digits.parse().ok()?;
        (x < self.width() && (1..=self.height()).contains(&y)).then(|| self.cell(x, y - 1))
    }

    /// The name of a cell (`a1`, `k11`).
    pub fn cell_name(&self, c: usize) -> String {
        let (x, y) = self.xy(c);
        format!("{}{}", column_name(x), y + 1)
    }
}

impl fmt::Display for Board {
    /// A slanted diagram without empty lines: `X` Black, `O` White, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.width(), self.height());
        let header: String = (0..w).map(|x| format!("{:<2}", column_name(x))).collect();
        writeln!(f, "   {}", header.trim_end())?;
        for y in 0..h {
            let row: Vec<&str> = (0..w)
                .map(|x| match self.color_at(self.cell(x, y)) {
                    Some(BLACK) => "X",
                    Some(_) => "O",
                    None => ".",
                })
                .collect();
            writeln!(
                f,
                "{}{:>2} {} {}",
                " ".repeat(y),
                y + 1,
                row.join(" "),
                y + 1
            )?;
        }
        write!(f, "{}   {}", " ".repeat(h), header.trim_end())
    }
}
