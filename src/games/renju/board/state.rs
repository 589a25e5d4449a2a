//! The incremental board the renju searcher makes and undoes moves on (no copies in search).
//!
//! Per cell and direction it keeps a line key: the ten cells within five steps, two bits each,
//! in the layout of `patterns::shapes`. A stone played or removed flips two bits in the keys of
//! the (up to) forty cells on its four lines, and each of those that is empty reads its two
//! shapes (Black's, White's) from the shape table. When a cell's shapes for a side change, its
//! index into `cell_table` changes, and with it the side's evaluation sum, class counts and
//! shape counts. Undo flips the key bits back, but does not read the tables again: make saves
//! the shapes and table indices of the 41 cells it can change (the cell and its four lines) and
//! the per-side sums and counts, and undo writes them back. Reading the 1 MiB shape table and
//! the cell tables again cost as much as the make itself (callgrind: undo was 23 % of the
//! bench's instructions, the same as make); logging each change as it happened cost a quarter
//! of the make.
//! A test (`board/tests.rs`) compares every field with a fresh board after random makes/undos.

use super::cell_set::CellSet;
use super::cell_table::{
    self, CellFacts, CellInfo, FactsTable, FACTS_SLOTS, FLAG_FIVE, FLAG_FOUR,
    FLAG_MAY_BE_FORBIDDEN, FLAG_OPEN_FOUR,
};
use super::geometry::{
    cell, empty_cells, line_offset, step, stone, xy, Cell, Rule, CELLS, DIRS, EMPTY, STRIDE,
    ZOBRIST, ZOBRIST_WHITE_TO_MOVE,
};
use crate::games::renju::eval::active::active;
use crate::games::renju::eval::tables::THREATS;
use crate::games::renju::patterns::class::{classify, index, CLASSES, C_FIVE, C_NONE};
use crate::games::renju::patterns::forbidden::is_forbidden;
use crate::games::renju::patterns::shapes::{slot, ShapeTable, NONE, SHAPES};

/// Renju on 15x15 is drawn after this many moves (the Gomocup referee's rule, which the match
/// runner and `scripts/gomoku-match.py` apply too); any other board is drawn when it is full.
pub const RENJU_MOVE_LIMIT: usize = 200;

/// Entries of the forbidden-point cache (a power of two at most 1024: the slot is the key's top
/// ten bits).
const FORBIDDEN_CACHE: usize = 1024;

/// What undo restores besides the keys and the touched cells (`saved`): the ply's sums and
/// counts as they were, and where its entries in the four-point toggle log start.
#[derive(Clone, Copy, Debug)]
struct Undo {
    cell: Cell,
    bbox: [u8; 4],
    winner: Option<u8>,
    toggles: u32,
    shape_counts: [[u16; SHAPE_SLOTS]; 2],
    class_counts: [[u16; CLASSES]; 2],
    eval_sums: [i32; 2],
}

/// What the board keeps of one cell: its shapes per direction, Black's in the low nibble and
/// White's in the high one (as the shape table packs them, so a refresh compares one byte),
/// `NONE` on occupied cells; and its index into each side's `cell_table` (0 on occupied
/// cells). Eight bytes, so that make saves a cell in one copy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct CellState {
    shapes: [u8; 4],
    combo: [u16; 2],
}

/// Slots of the per-side shape counts, indexed by shape code: a nibble's sixteen values (the
/// codes stop at `SHAPES`), so that counting the shape of a packed byte needs no bounds check.
pub const SHAPE_SLOTS: usize = 16;

/// The cells a make can change: the cell itself, then five cells each way along each line.
const TOUCHED: usize = 41;

#[derive(Clone)]
pub struct Board {
    cells: [u8; CELLS],
    /// Line key of each cell per direction (also kept on occupied and wall cells).
    keys: [[u32; 4]; CELLS],
    /// Shapes and table indices of each cell.
    state: [CellState; CELLS],
    /// Stones within two cells (king distance): candidate moves have at least one.
    near: [u8; CELLS],
    /// Per side: how many (cell, direction) pairs have each shape.
    shape_counts: [[u16; SHAPE_SLOTS]; 2],
    /// Per side: how many cells have each class.
    class_counts: [[u16; CLASSES]; 2],
    /// Per side: the sum of the cells' evaluation values.
    eval_sums: [i32; 2],
    hash: u64,
    w: u8,
    h: u8,
    rule: Rule,
    to_move: u8,
    winner: Option<u8>,
    stones: u16,
    /// Bounding box of the stones: min x, min y, max x, max y.
    bbox: [u8; 4],
    stack: Vec<Undo>,
    /// The touched cells' states before each make, entry `i` for the `i`-th move of `stack`
    /// (`TOUCHED`). Entries stay allocated when moves are undone, so that make writes the
    /// cells in place instead of building the array and copying it in (a 328-byte memcpy a
    /// make).
    saved: Vec<[CellState; TOUCHED]>,
    /// Per side: the empty cells where it makes a four or five (`FLAG_FOUR`).
    fours: [CellSet; 2],
    /// The (side, cell) pairs each make added to or removed from `fours` (side in bit 15),
    /// all plies in a row: undo toggles them back.
    toggles: Vec<u16>,
    /// Renju forbidden-point answers by position and cell (`is_forbidden`): a node asks about
    /// the same points in its quick result, its threat level and its move picker.
    forbidden_cache: Box<[u64]>,
    table: &'static ShapeTable,
    /// Each side's cell table (`cell_table::table` of the rule).
    info: [&'static [CellInfo]; 2],
    /// The same tables' class, flags and value only (`cell_table::facts`): what make reads.
    facts: [&'static FactsTable; 2],
    /// Each side's threat terms, when it is to move (`eval::evaluate`).
    threats: [&'static [i32; THREATS]; 2],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}x{} {} to move {}",
            self.w, self.h, self.rule, self.to_move
        )?;
        for y in 0..self.h as usize {
            let row: String = (0..self.w as usize)
                .map(|x| ['.', 'X', 'O', '#'][self.cells[cell(x, y) as usize] as usize])
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl Board {
    /// An empty `w×h` board, Black to move.
    pub fn new(w: usize, h: usize, rule: Rule) -> Board {
        let mut b = Board {
            cells: empty_cells(w, h),
            keys: [[0; 4]; CELLS],
            state: [CellState::default(); CELLS],
            near: [0; CELLS],
            shape_counts: [[0; SHAPE_SLOTS]; 2],
            class_counts: [[0; CLASSES]; 2],
            eval_sums: [0; 2],
            hash: 0,
            w: w as u8,
            h: h as u8,
            rule,
            to_move: 0,
            winner: None,
            stones: 0,
            bbox: [u8::MAX, u8::MAX, 0, 0],
            stack: Vec::with_capacity(w * h),
            saved: Vec::with_capacity(w * h),
            fours: [CellSet::default(); 2],
            toggles: Vec::with_capacity(256),
            forbidden_cache: vec![0; FORBIDDEN_CACHE].into_boxed_slice(),
            table: ShapeTable::get(rule),
            info: [cell_table::table(rule, 0), cell_table::table(rule, 1)],
            facts: [cell_table::facts(rule, 0), cell_table::facts(rule, 1)],
            threats: [
                &active().side(rule, 0).threat,
                &active().side(rule, 1).threat,
            ],
        };
        b.recompute();
        b
    }

    /// A board with these stones (cell, side) placed in order, then `to_move` to play.
    pub fn from_stones(
        w: usize,
        h: usize,
        rule: Rule,
        stones: &[(Cell, u8)],
        to_move: u8,
    ) -> Board {
        let mut b = Board::new(w, h, rule);
        for &(c, side) in stones {
            b.to_move = side;
            b.make(c);
        }
        b.set_to_move(to_move);
        b
    }

    /// Recomputes every derived field from the cells (construction, and the test's reference).
    fn recompute(&mut self) {
        let (w, h) = (self.w as usize, self.h as usize);
        self.shape_counts = [[0; SHAPE_SLOTS]; 2];
        self.class_counts = [[0; CLASSES]; 2];
        self.eval_sums = [0; 2];
        self.near = [0; CELLS];
        self.state = [CellState::default(); CELLS];
        self.fours = [CellSet::default(); 2];
        self.hash = if self.to_move == 1 {
            ZOBRIST_WHITE_TO_MOVE
        } else {
            0
        };
        for c in 0..CELLS {
            for (dir, &d) in DIRS.iter().enumerate() {
                let mut key = 0u32;
                for k in 1..=5isize {
                    for kk in [k, -k] {
                        let q = c as isize + d * kk;
                        let v = if (0..CELLS as isize).contains(&q) {
                            self.cells[q as usize] as u32
                        } else {
                            3
                        };
                        key |= v << (2 * slot(kk));
                    }
                }
                self.keys[c][dir] = key;
            }
        }
        for y in 0..h {
            for x in 0..w {
                let c = cell(x, y) as usize;
                let v = self.cells[c];
                if v != EMPTY {
                    self.hash ^= ZOBRIST[(v - 1) as usize][c];
                    self.add_near(c, 1);
                }
                for side in 0..2 {
                    let mut s = [NONE; 4];
                    if v == EMPTY {
                        for (dir, sd) in s.iter_mut().enumerate() {
                            let packed = self.table.by_key(self.keys[c][dir]);
                            *sd = if side == 0 { packed & 15 } else { packed >> 4 };
                        }
                    }
                    for (dir, &sd) in s.iter().enumerate() {
                        self.state[c].shapes[dir] |= sd << (4 * side);
                        self.shape_counts[side][sd as usize] += 1;
                    }
                    let i = index(s);
                    self.state[c].combo[side] = i;
                    let inf = self.facts[side][i as usize];
                    self.class_counts[side][inf.class as usize] += 1;
                    self.eval_sums[side] += inf.eval as i32;
                    if inf.flags & FLAG_FOUR != 0 {
                        self.fours[side].toggle(c);
                    }
                }
            }
        }
    }

    fn add_near(&mut self, c: usize, delta: i8) {
        // Five rows of five contiguous cells: the square of king distance two around `c`.
        let d = delta as u8;
        for dy in 0..5 {
            let base = c + dy * STRIDE - 2 * STRIDE - 2;
            for n in &mut self.near[base..base + 5] {
                *n = n.wrapping_add(d);
            }
        }
    }

    pub fn width(&self) -> usize {
        self.w as usize
    }
    pub fn height(&self) -> usize {
        self.h as usize
    }
    pub fn rule(&self) -> Rule {
        self.rule
    }
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The hash after the side to move plays `c` (to prefetch its table entry before `make`).
    #[inline(always)]
    pub fn hash_after(&self, c: Cell) -> u64 {
        self.hash ^ ZOBRIST[self.to_move as usize][c as usize] ^ ZOBRIST_WHITE_TO_MOVE
    }
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }
    /// Stones on the board.
    pub fn stones(&self) -> usize {
        self.stones as usize
    }
    /// Moves made since construction, oldest first.
    pub fn history_len(&self) -> usize {
        self.stack.len()
    }
    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Cell> {
        self.stack.last().map(|u| u.cell)
    }
    /// The move made `back` plies ago (0: the last).
    pub fn move_back(&self, back: usize) -> Option<Cell> {
        self.stack
            .len()
            .checked_sub(back + 1)
            .map(|i| self.stack[i].cell)
    }
    pub fn shape_counts(&self) -> &[[u16; SHAPE_SLOTS]; 2] {
        &self.shape_counts
    }
    pub fn class_counts(&self) -> &[[u16; CLASSES]; 2] {
        &self.class_counts
    }
    pub fn eval_sums(&self) -> [i32; 2] {
        self.eval_sums
    }
    /// The threat terms of the side to move (`eval::evaluate`).
    #[inline(always)]
    pub fn threat_values(&self) -> &'static [i32; THREATS] {
        self.threats[self.to_move as usize]
    }
    pub fn is_empty(&self, c: Cell) -> bool {
        self.cells[c as usize] == EMPTY
    }
    /// The facts of empty cell `c` for `side`.
    #[inline(always)]
    pub fn info(&self, c: Cell, side: u8) -> CellInfo {
        self.info[side as usize][self.state[c as usize].combo[side as usize] as usize]
    }
    /// The class, flags and value of empty cell `c` for `side` (`info` without the ordering
    /// scores, from the compact table that make keeps in cache).
    #[inline(always)]
    pub fn facts(&self, c: Cell, side: u8) -> CellFacts {
        self.facts[side as usize]
            [self.state[c as usize].combo[side as usize] as usize & (FACTS_SLOTS - 1)]
    }
    /// The index into `side`'s cell table of empty cell `c` (0 on occupied cells).
    #[inline]
    pub fn combo_index(&self, c: Cell, side: u8) -> u16 {
        self.state[c as usize].combo[side as usize]
    }
    /// The shapes of `c` for `side`, one per direction.
    #[inline]
    pub fn shapes_of(&self, c: Cell, side: u8) -> [u8; 4] {
        let s = &self.state[c as usize].shapes;
        let k = 4 * side as u32;
        [
            s[0] >> k & 15,
            s[1] >> k & 15,
            s[2] >> k & 15,
            s[3] >> k & 15,
        ]
    }
    /// `side`'s class at empty cell `q` if a stone of `by` stood on the empty cell `x`: only the
    /// shape of the line through both changes (a cell's shapes read five cells each way along
    /// its four lines, so a stone off those lines changes nothing). What the exact threat
    /// replies (`movepick::defence`) ask of every candidate defence, without a make and undo.
    #[inline]
    pub fn class_with_stone(&self, q: Cell, side: u8, x: Cell, by: u8) -> u8 {
        let mut shapes = self.shapes_of(q, side);
        if let Some((dir, k)) = line_offset(q, x) {
            let key = self.keys[q as usize][dir] | (stone(by) as u32) << (2 * slot(k));
            shapes[dir] = self.table.by_key(key) >> (4 * side as u32) & 15;
        }
        classify(shapes)
    }
    /// Is `c` a candidate (empty, a stone within two cells)?
    #[inline(always)]
    pub fn is_candidate(&self, c: Cell) -> bool {
        self.cells[c as usize] == EMPTY && self.near[c as usize] > 0
    }

    /// Sets who moves next (positions set up from a record).
    pub fn set_to_move(&mut self, side: u8) {
        if side != self.to_move {
            self.to_move = side;
            self.hash ^= ZOBRIST_WHITE_TO_MOVE;
        }
    }

    /// True when the game is drawn by a full board (or renju's 200-move limit on 15x15).
    pub fn drawn(&self) -> bool {
        let stones = self.stones();
        stones >= self.w as usize * self.h as usize
            || (self.rule == Rule::Renju
                && self.w == 15
                && self.h == 15
                && stones >= RENJU_MOVE_LIMIT)
    }

    /// Is `c` forbidden for `side`? Only Black under renju has forbidden points; only cells the
    /// shapes flag go to the exact recursive rule (which restores the cells it tries).
    pub fn is_forbidden(&mut self, c: Cell, side: u8) -> bool {
        if self.rule != Rule::Renju || side != 0 || self.cells[c as usize] != EMPTY {
            return false;
        }
        if self.facts(c, 0).flags & FLAG_MAY_BE_FORBIDDEN == 0 {
            return false;
        }
        // The key mixes the cell by a multiplier, not by a Zobrist key: position + stone would
        // give the same key to two (position, cell) pairs with the same stones after the move.
        let key = (self.hash ^ (c as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
        let slot = (key >> 54) as usize % FORBIDDEN_CACHE;
        let entry = self.forbidden_cache[slot];
        if entry | 2 == key | 2 {
            return entry & 2 != 0;
        }
        let forbidden = is_forbidden(&mut self.cells, c as usize);
        self.forbidden_cache[slot] = key & !2 | (forbidden as u64) << 1;
        forbidden
    }

    /// Legal for the side to move: empty and not forbidden.
    pub fn is_legal(&mut self, c: Cell) -> bool {
        self.is_empty(c) && !self.is_forbidden(c, self.to_move)
    }

    /// The empty cells within `margin` of the stones' bounding box, row by row, in `out`.
    pub fn region(&self, margin: usize, out: &mut Vec<Cell>) {
        out.clear();
        let (x0, y0, x1, y1) = self.window(margin);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = cell(x, y);
                if self.cells[c as usize] == EMPTY {
                    out.push(c);
                }
            }
        }
    }

    /// The bounding box of the stones widened by `margin` and clipped to the board (min x,
    /// min y, max x, max y); the whole board when it is empty.
    fn window(&self, margin: usize) -> (usize, usize, usize, usize) {
        if self.stones() == 0 {
            (0, 0, self.w as usize - 1, self.h as usize - 1)
        } else {
            (
                (self.bbox[0] as usize).saturating_sub(margin),
                (self.bbox[1] as usize).saturating_sub(margin),
                (self.bbox[2] as usize + margin).min(self.w as usize - 1),
                (self.bbox[3] as usize + margin).min(self.h as usize - 1),
            )
        }
    }

    /// The candidate moves: empty cells with a stone within two cells (the centre on an empty
    /// board).
    pub fn candidates(&self, out: &mut Vec<Cell>) {
        if self.stones() == 0 {
            out.clear();
            out.push(cell(self.w as usize / 2, self.h as usize / 2));
            return;
        }
        out.clear();
        let (x0, y0, x1, y1) = self.window(2);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = cell(x, y);
                if self.is_candidate(c) {
                    out.push(c);
                }
            }
        }
    }

    /// The first cell (row by row) where `side` makes a five, if any.
    pub fn five_point(&self, side: u8) -> Option<Cell> {
        if self.class_counts[side as usize][C_FIVE as usize] == 0 {
            return None;
        }
        self.fours[side as usize]
            .iter()
            .find(|&c| self.facts(c, side).flags & FLAG_FIVE != 0)
    }

    /// Does `side` have an open-four point (a three, as the shapes see it)?
    pub fn has_open_four_point(&self, side: u8) -> bool {
        self.shape_counts[side as usize][crate::games::renju::patterns::shapes::F4 as usize] > 0
    }

    /// Does `side` have a point that makes a four or five?
    pub fn has_four_point(&self, side: u8) -> bool {
        use crate::games::renju::patterns::shapes::{B4, F4, FIVE};
        let c = &self.shape_counts[side as usize];
        c[B4 as usize] + c[F4 as usize] + c[FIVE as usize] > 0
    }

    /// How many cells make a five for `side`.
    pub fn five_points(&self, side: u8) -> u16 {
        self.class_counts[side as usize][C_FIVE as usize]
    }

    /// An open-four point of `side` that is legal for it, if any.
    pub fn legal_open_four_point(&mut self, side: u8) -> Option<Cell> {
        if !self.has_open_four_point(side) {
            return None;
        }
        let fours = self.fours[side as usize];
        let found = fours.iter().find(|&c| {
            self.facts(c, side).flags & FLAG_OPEN_FOUR != 0 && !self.is_forbidden(c, side)
        });
        found
    }

    /// The cells where `side` makes a four or five, row by row (every one is a candidate: a
    /// four's window of five holds three of its stones).
    pub fn four_points(&self, side: u8) -> CellSet {
        self.fours[side as usize]
    }

    /// Recomputes both sides' shapes of empty cell `c` along `dir` from its key.
    #[inline(always)]
    fn refresh(&mut self, c: usize, dir: usize) {
        let new = self.table.by_key(self.keys[c][dir]);
        let old = self.state[c].shapes[dir];
        if new == old {
            return;
        }
        self.state[c].shapes[dir] = new;
        let (ob, nb) = (old & 15, new & 15);
        if ob != nb {
            self.set_shape(c, dir, 0, ob, nb);
        }
        let (ow, nw) = (old >> 4, new >> 4);
        if ow != nw {
            self.set_shape(c, dir, 1, ow, nw);
        }
    }

    /// `side`'s shape of cell `c` along `dir` went from `old` to `new`: its table index moves by
    /// the difference times the direction's weight, and sums and counts follow.
    #[inline(always)]
    fn set_shape(&mut self, c: usize, dir: usize, side: usize, old: u8, new: u8) {
        const WEIGHT: [i32; 4] = [
            (SHAPES * SHAPES * SHAPES) as i32,
            (SHAPES * SHAPES) as i32,
            SHAPES as i32,
            1,
        ];
        self.shape_counts[side][(old & 15) as usize] -= 1;
        self.shape_counts[side][(new & 15) as usize] += 1;
        let before = self.state[c].combo[side];
        let after = (before as i32 + (new as i32 - old as i32) * WEIGHT[dir]) as u16;
        self.state[c].combo[side] = after;
        let facts = self.facts[side];
        let mask = FACTS_SLOTS - 1;
        let (oi, ni) = (facts[before as usize & mask], facts[after as usize & mask]);
        self.eval_sums[side] += ni.eval as i32 - oi.eval as i32;
        if oi.class != ni.class {
            self.class_counts[side][oi.class as usize] -= 1;
            self.class_counts[side][ni.class as usize] += 1;
        }
        if (oi.flags ^ ni.flags) & FLAG_FOUR != 0 {
            self.fours[side].toggle(c);
            self.toggles.push(c as u16 | (side as u16) << 15);
        }
    }

    /// Flips the key bits of stone value `v` at `c` in the lines through it, refreshing the
    /// empty cells there. One call per direction with the direction a constant, so that its
    /// step, key slot and index weight are immediates in the unrolled loop (callgrind: the
    /// make's instructions fell by a tenth against a loop over the directions).
    #[inline(always)]
    fn update_lines(&mut self, c: usize, v: u32) {
        self.update_line::<0>(c, v);
        self.update_line::<1>(c, v);
        self.update_line::<2>(c, v);
        self.update_line::<3>(c, v);
    }

    #[inline(always)]
    fn update_line<const DIR: usize>(&mut self, c: usize, v: u32) {
        let d = DIRS[DIR];
        for k in 1..=5isize {
            let q = step(c, d, k);
            self.keys[q][DIR] ^= v << (2 * slot(-k));
            if self.cells[q] == EMPTY {
                self.refresh(q, DIR);
            }
            let q = step(c, d, -k);
            self.keys[q][DIR] ^= v << (2 * slot(k));
            if self.cells[q] == EMPTY {
                self.refresh(q, DIR);
            }
        }
    }

    /// Plays `c` (empty) for the side to move.
    pub fn make(&mut self, c: Cell) {
        let side = self.to_move;
        let ci = c as usize;
        self.stack.push(Undo {
            cell: c,
            bbox: self.bbox,
            winner: self.winner,
            toggles: self.toggles.len() as u32,
            shape_counts: self.shape_counts,
            class_counts: self.class_counts,
            eval_sums: self.eval_sums,
        });
        if self.facts(c, side).flags & FLAG_FIVE != 0 {
            self.winner = Some(side);
        }
        let ply = self.stack.len() - 1;
        if ply == self.saved.len() {
            self.saved.push([CellState::default(); TOUCHED]);
        }
        let saved = &mut self.saved[ply];
        saved[0] = self.state[ci];
        let mut i = 1;
        for &d in &DIRS {
            for k in 1..=5isize {
                saved[i] = self.state[step(ci, d, k)];
                saved[i + 1] = self.state[step(ci, d, -k)];
                i += 2;
            }
        }
        // The cell leaves the empty cells: its shapes become NONE for both sides.
        for dir in 0..4 {
            let old = std::mem::replace(&mut self.state[ci].shapes[dir], NONE);
            if old & 15 != NONE {
                self.set_shape(ci, dir, 0, old & 15, NONE);
            }
            if old >> 4 != NONE {
                self.set_shape(ci, dir, 1, old >> 4, NONE);
            }
        }
        let v = stone(side);
        self.cells[ci] = v;
        self.hash = self.hash_after(c);
        self.to_move ^= 1;
        self.update_lines(ci, v as u32);
        self.add_near(ci, 1);
        self.stones += 1;
        let (x, y) = xy(c);
        let (x, y) = (x as u8, y as u8);
        self.bbox = [
            self.bbox[0].min(x),
            self.bbox[1].min(y),
            self.bbox[2].max(x),
            self.bbox[3].max(y),
        ];
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        let Some(u) = self.stack.pop() else { return };
        let ci = u.cell as usize;
        let v = self.cells[ci];
        let side = v - 1;
        self.cells[ci] = EMPTY;
        self.hash ^= ZOBRIST[side as usize][ci] ^ ZOBRIST_WHITE_TO_MOVE;
        self.to_move = side;
        for (dir, &d) in DIRS.iter().enumerate() {
            for k in 1..=5isize {
                self.keys[step(ci, d, k)][dir] ^= (v as u32) << (2 * slot(-k));
                self.keys[step(ci, d, -k)][dir] ^= (v as u32) << (2 * slot(k));
            }
        }
        let saved = &self.saved[self.stack.len()];
        self.state[ci] = saved[0];
        let mut i = 1;
        for &d in &DIRS {
            for k in 1..=5isize {
                self.state[step(ci, d, k)] = saved[i];
                self.state[step(ci, d, -k)] = saved[i + 1];
                i += 2;
            }
        }
        for t in self.toggles.drain(u.toggles as usize..) {
            self.fours[(t >> 15) as usize].toggle((t & 0x7fff) as usize);
        }
        self.shape_counts = u.shape_counts;
        self.class_counts = u.class_counts;
        self.eval_sums = u.eval_sums;
        self.add_near(ci, -1);
        self.stones -= 1;
        self.bbox = u.bbox;
        self.winner = u.winner;
    }

    /// Passes the move (null-move pruning); `undo_null` takes it back.
    pub fn make_null(&mut self) {
        self.to_move ^= 1;
        self.hash ^= ZOBRIST_WHITE_TO_MOVE;
    }

    pub fn undo_null(&mut self) {
        self.make_null();
    }

    /// Every derived field equal to a board recomputed from the cells? (The consistency test.)
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.recompute();
        let eq = |name: &str, ok: bool| {
            if ok {
                Ok(())
            } else {
                Err(format!("{name} differs"))
            }
        };
        eq("keys", self.keys_on_board() == fresh.keys_on_board())?;
        eq("shapes and indices", self.state == fresh.state)?;
        eq("near", self.near == fresh.near)?;
        eq("shape counts", self.shape_counts == fresh.shape_counts)?;
        eq("class counts", self.class_counts == fresh.class_counts)?;
        eq("eval sums", self.eval_sums == fresh.eval_sums)?;
        eq("hash", self.hash == fresh.hash)?;
        eq("four points", self.fours == fresh.fours)?;
        let _ = C_NONE;
        Ok(())
    }

    /// The keys of the playable cells (walls' keys are never read).
    fn keys_on_board(&self) -> Vec<[u32; 4]> {
        let mut v = Vec::new();
        for y in 0..self.h as usize {
            for x in 0..self.w as usize {
                v.push(self.keys[cell(x, y) as usize]);
            }
        }
        v
    }

    /// The bounding box (for tests).
    pub fn bbox(&self) -> [u8; 4] {
        self.bbox
    }
}
