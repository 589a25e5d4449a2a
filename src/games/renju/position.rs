//! The Renju/Gomoku position as the search sees it: stones, the side to move, and every empty
//! cell's line shapes for both sides, kept up to date move by move.
//!
//! Playing a stone changes the shapes only of the empty cells on its four lines within five
//! steps (at most 40 cell-directions), so `play` recomputes just those, and keeps running sums
//! (the evaluation), per-shape counts (so "does the opponent have a four?" is one lookup) and
//! each changed cell's threat class (`patterns::class`) with per-class counts.
//! Move generation uses them for forced replies: make a five if possible, else block the
//! opponent's five point, else answer an open three with a block or a four of one's own.

use std::sync::Arc;

use super::board::{
    cell, empty_cells, step, stone, xy, Cell, Rule, BLACK, CELLS, DIRS, EMPTY, STRIDE, ZOBRIST,
    ZOBRIST_WHITE_TO_MOVE,
};
use super::patterns::class::{
    classify, combination_bonus, CLASSES, C_DOUBLE_THREE, C_FOUR, C_FOUR_THREE, C_NONE, C_THREE,
    C_WIN, LEVEL,
};
use super::patterns::forbidden::is_forbidden;
use super::patterns::shapes::{ShapeTable, B3, B4, F4, FIVE, NONE, OVER, SHAPES};
use crate::search::{Outcome, Position, Score};

/// What a shape is worth to the side that could play it (the evaluation sums these).
const VALUE: [i32; SHAPES] = [0, 1, 3, 4, 10, 12, 30, 32, 60, 120, 0];

/// Renju on 15x15 is drawn after this many moves (the Gomocup referee's rule, which the match
/// runner and `scripts/gomoku-match.py` apply too); any other board is drawn when it is full.
pub const RENJU_MOVE_LIMIT: usize = 200;

/// Node budgets of the VCF probes inside the main search, by the depth left at the node: a
/// probe replaces a subtree, so it may cost more where that subtree is larger. Leaves get no
/// probe: probing there (16 nodes, at leaves with a four and a second threat) halved the
/// search speed and lost 23-37 to the version without probes at 200 ms/move; 200/40 nodes at
/// depth >= 2 / depth 1 scored 53-45-2, 100/0 49-45-6, 400/60 46-50-4 (100 games each).
const PROBE_NODES_DEEP: u64 = 200;
const PROBE_NODES_SHALLOW: u64 = 40;

/// At most this many ordinary (unforced) moves are searched in a node, best-ordered first
/// (12 beat 20 by 8-2 in freestyle self-play at 1 s/move: the depth gained outweighs the moves lost).
const MAX_QUIET_MOVES: usize = 12;

/// Futility pruning: at most this many plies left, and this margin per ply (evaluation units:
/// an open three's two extension points are worth about 60 to its owner, a quiet move changes
/// the evaluation by some tens). Rapfi prunes the same way at small depths, with its own
/// margins; ours are a first setting for matches to tune.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: Score = 100;

/// Late-move reductions of quiet moves (`late_move_reduction`): from this many plies left and
/// from this index in the move order; twice both, two plies.
const LMR_DEPTH: i32 = 3;
const LMR_INDEX: usize = 3;

/// Move-count pruning by depth left (`move_count_limit`): 3 + depth^1.32, rounded down; past
/// depth 5 the quiet-move cap of move generation is the tighter one.
const MOVE_COUNT_LIMIT: [usize; 6] = [4, 4, 5, 7, 9, 11];

#[derive(Clone)]
pub struct Renju {
    cells: [u8; CELLS],
    /// Shapes of each empty cell: `[side * 4 + direction]`; zero on occupied cells.
    shapes: [[u8; 8]; CELLS],
    /// Threat class (`patterns::class`) of each empty cell for `[black, white]`, kept with the
    /// shapes it combines; `C_NONE` on occupied cells.
    classes: [[u8; 2]; CELLS],
    /// Combination bonus (`patterns::class::combination_bonus`) of each empty cell for
    /// `[black, white]`, included in `sums`.
    bonuses: [[u8; 2]; CELLS],
    /// How many empty cells have each class, per side.
    class_counts: [[u16; CLASSES]; 2],
    /// Stones within two cells (king distance): candidate moves have at least one.
    near: [u8; CELLS],
    /// How many (empty cell, direction) pairs have each shape, per side.
    counts: [[u16; SHAPES]; 2],
    /// Sum of `VALUE` over every (empty cell, direction) and of the cells' combination
    /// bonuses, per side.
    sums: [i32; 2],
    hash: u64,
    w: u8,
    h: u8,
    rule: Rule,
    to_move: u8,
    stones: u16,
    /// The side whose last move made a five.
    winner: Option<u8>,
    /// Bounding box of the stones: min x, min y, max x, max y.
    bbox: [u8; 4],
    table: &'static ShapeTable,
    /// Root moves to search instead of the generated ones (set by the engine when only some
    /// moves survive the opponent's threats); dropped by the first move played.
    restrict: Option<Arc<[Cell]>>,
}

/// The empty cells of a rectangle, row by row (`Renju::region`): a plain loop rather than
/// nested iterator adapters, as move generation walks it at every node.
pub struct Region<'a> {
    cells: &'a [u8; CELLS],
    x0: usize,
    x1: usize,
    y1: usize,
    x: usize,
    y: usize,
}

impl Iterator for Region<'_> {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.y <= self.y1 {
            while self.x <= self.x1 {
                let c = cell(self.x, self.y);
                self.x += 1;
                if self.cells[c as usize] == EMPTY {
                    return Some(c);
                }
            }
            self.x = self.x0;
            self.y += 1;
        }
        None
    }
}

impl std::fmt::Debug for Renju {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}x{} {} to move {}",
            self.w, self.h, self.rule, self.to_move
        )?;
        for y in 0..self.h as usize {
            let row: String = (0..self.w as usize)
                .map(|x| match self.cells[cell(x, y) as usize] {
                    BLACK => 'X',
                    EMPTY => '.',
                    _ => 'O',
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl Renju {
    pub fn new(w: usize, h: usize, rule: Rule) -> Renju {
        let table = ShapeTable::get(rule);
        let mut p = Renju {
            cells: empty_cells(w, h),
            shapes: [[0; 8]; CELLS],
            classes: [[C_NONE; 2]; CELLS],
            bonuses: [[0; 2]; CELLS],
            class_counts: [[0; CLASSES]; 2],
            near: [0; CELLS],
            counts: [[0; SHAPES]; 2],
            sums: [0; 2],
            hash: 0,
            w: w as u8,
            h: h as u8,
            rule,
            to_move: 0,
            stones: 0,
            winner: None,
            bbox: [u8::MAX, u8::MAX, 0, 0],
            table,
            restrict: None,
        };
        // Every playable cell-direction starts as NONE; `refresh` moves them to their shapes.
        let pairs = (w * h * 4) as u16;
        p.counts = [[0; SHAPES]; 2];
        p.counts[0][NONE as usize] = pairs;
        p.counts[1][NONE as usize] = pairs;
        let cells = (w * h) as u16;
        p.class_counts[0][C_NONE as usize] = cells;
        p.class_counts[1][C_NONE as usize] = cells;
        for y in 0..h {
            for x in 0..w {
                let c = cell(x, y) as usize;
                for dir in 0..4 {
                    p.refresh(c, dir);
                }
            }
        }
        p
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
    pub fn stones(&self) -> usize {
        self.stones as usize
    }
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }
    /// The side to move: 0 Black, 1 White.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }

    /// Searches only `moves` from this position (they must be legal and not empty).
    pub fn restrict_to(&mut self, moves: Vec<Cell>) {
        self.restrict = (!moves.is_empty()).then(|| moves.into());
    }

    /// Sets who moves next (positions set up from a board, puzzles).
    pub fn set_to_move(&mut self, side: u8) {
        if side != self.to_move {
            self.to_move = side;
            self.hash ^= ZOBRIST_WHITE_TO_MOVE;
        }
    }

    pub fn on_board(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < self.w as i64 && y < self.h as i64
    }

    pub fn is_empty(&self, c: Cell) -> bool {
        self.cells[c as usize] == EMPTY
    }

    /// Is `c` forbidden for the side to move (only Black under renju has forbidden points)?
    pub fn is_forbidden_for(&self, side: u8, c: Cell) -> bool {
        if self.rule != Rule::Renju || side != 0 || !self.is_empty(c) {
            return false;
        }
        let c = c as usize;
        if !self.may_be_forbidden(c) {
            return false;
        }
        let mut work = self.cells;
        is_forbidden(&mut work, c)
    }

    /// A quick necessary condition for a forbidden point, from Black's shapes: an overline,
    /// an open-four shape (a double four can hide in one line), or two lines with a three or
    /// more. A five anywhere makes the point allowed.
    fn may_be_forbidden(&self, c: usize) -> bool {
        let s = &self.shapes[c][0..4];
        if s.contains(&FIVE) {
            return false;
        }
        s.contains(&OVER) || s.contains(&F4) || s.iter().filter(|&&x| x >= B3).count() >= 2
    }

    /// Recomputes both sides' shapes of empty cell `c` along `dir`, keeping sums and counts.
    fn refresh(&mut self, c: usize, dir: usize) {
        let (b, w) = self.table.shapes(&self.cells, c, dir);
        if self.set_shape(c, dir, 0, b) {
            self.reclassify(c, 0);
        }
        if self.set_shape(c, dir, 1, w) {
            self.reclassify(c, 1);
        }
    }

    /// Recomputes `side`'s threat class of cell `c` from its shapes, keeping the counts.
    #[inline(always)]
    fn reclassify(&mut self, c: usize, side: usize) {
        let s = &self.shapes[c];
        let o = side * 4;
        let shapes = [s[o], s[o + 1], s[o + 2], s[o + 3]];
        let new = classify(shapes);
        let bonus = combination_bonus(shapes);
        let old_bonus = std::mem::replace(&mut self.bonuses[c][side], bonus as u8);
        self.sums[side] += bonus - old_bonus as i32;
        let old = std::mem::replace(&mut self.classes[c][side], new);
        if old != new {
            self.class_counts[side][old as usize] -= 1;
            self.class_counts[side][new as usize] += 1;
        }
    }

    /// The threat class (`patterns::class`) of empty cell `c` for `side`.
    #[inline]
    pub fn class_of(&self, c: Cell, side: u8) -> u8 {
        self.classes[c as usize][side as usize]
    }

    /// How many empty cells have threat class `class` for `side`.
    #[inline]
    pub fn class_count(&self, side: u8, class: u8) -> u16 {
        self.class_counts[side as usize][class as usize]
    }

    /// Sets one shape, keeping sums and counts; true if it changed.
    #[inline]
    fn set_shape(&mut self, c: usize, dir: usize, side: usize, new: u8) -> bool {
        let slot = &mut self.shapes[c][side * 4 + dir];
        let old = *slot;
        if old == new {
            return false;
        }
        *slot = new;
        self.counts[side][old as usize] -= 1;
        self.counts[side][new as usize] += 1;
        self.sums[side] += VALUE[new as usize] - VALUE[old as usize];
        true
    }

    /// Puts a stone of `side` on empty cell `c` without changing the side to move.
    pub fn place(&mut self, c: Cell, side: u8) {
        let ci = c as usize;
        if (0..4).any(|dir| self.shapes[ci][side as usize * 4 + dir] == FIVE) {
            self.winner = Some(side);
        }
        for dir in 0..4 {
            self.set_shape(ci, dir, 0, NONE);
            self.set_shape(ci, dir, 1, NONE);
        }
        self.reclassify(ci, 0);
        self.reclassify(ci, 1);
        self.cells[ci] = stone(side);
        self.hash ^= ZOBRIST[side as usize][ci];
        for (dir, &d) in DIRS.iter().enumerate() {
            for k in 1..=5isize {
                for q in [step(ci, d, k), step(ci, d, -k)] {
                    if self.cells[q] == EMPTY {
                        self.refresh(q, dir);
                    }
                }
            }
        }
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let q = (ci as isize + dy * STRIDE as isize + dx) as usize;
                self.near[q] += 1;
            }
        }
        let (x, y) = xy(c);
        let (x, y) = (x as u8, y as u8);
        self.bbox = [
            self.bbox[0].min(x),
            self.bbox[1].min(y),
            self.bbox[2].max(x),
            self.bbox[3].max(y),
        ];
        self.stones += 1;
    }

    /// The shapes of `c` for `side` in the four directions.
    #[inline]
    pub fn shapes_of(&self, c: Cell, side: u8) -> [u8; 4] {
        let s = &self.shapes[c as usize];
        let o = side as usize * 4;
        [s[o], s[o + 1], s[o + 2], s[o + 3]]
    }

    /// Does `side` make a five by playing `c`?
    pub fn makes_five(&self, c: Cell, side: u8) -> bool {
        self.shapes_of(c, side).contains(&FIVE)
    }

    /// Does `side` make a four (a five threat) or five by playing `c`?
    pub fn makes_four(&self, c: Cell, side: u8) -> bool {
        self.shapes_of(c, side)
            .iter()
            .any(|&s| s == B4 || s == F4 || s == FIVE)
    }

    pub fn has_five_point(&self, side: u8) -> bool {
        self.counts[side as usize][FIVE as usize] > 0
    }

    pub fn has_four_point(&self, side: u8) -> bool {
        let c = &self.counts[side as usize];
        c[B4 as usize] + c[F4 as usize] > 0
    }

    pub fn has_open_four_point(&self, side: u8) -> bool {
        self.counts[side as usize][F4 as usize] > 0
    }

    /// Empty cells that could matter: within four cells of the stones' bounding box.
    pub fn region(&self) -> Region<'_> {
        let (x0, y0, x1, y1) = if self.stones == 0 {
            (0, 0, self.w as usize - 1, self.h as usize - 1)
        } else {
            (
                (self.bbox[0] as usize).saturating_sub(4),
                (self.bbox[1] as usize).saturating_sub(4),
                (self.bbox[2] as usize + 4).min(self.w as usize - 1),
                (self.bbox[3] as usize + 4).min(self.h as usize - 1),
            )
        };
        Region {
            cells: &self.cells,
            x0,
            x1,
            y1,
            x: x0,
            y: y0,
        }
    }

    /// Every empty cell where `side` would make a five.
    pub fn five_points(&self, side: u8) -> Vec<Cell> {
        if !self.has_five_point(side) {
            return Vec::new();
        }
        self.region()
            .filter(|&c| self.makes_five(c, side))
            .collect()
    }

    /// Five points of `side` on the lines through `c` (where a stone just played at `c` can
    /// have created them).
    pub fn five_points_near(&self, c: Cell, side: u8) -> Vec<Cell> {
        let mut out = Vec::new();
        for &d in &DIRS {
            for k in -4isize..=4 {
                let q = step(c as usize, d, k) as Cell;
                if self.cells[q as usize] == EMPTY && self.makes_five(q, side) && !out.contains(&q)
                {
                    out.push(q);
                }
            }
        }
        out
    }

    /// How urgent playing `c` is for `side`, from its line shapes: a five, then moves that win
    /// by force (open four, double four, four-three), double threes, fours and threes.
    pub fn threat(&self, c: Cell, side: u8) -> i32 {
        let sum: i32 = self
            .shapes_of(c, side)
            .iter()
            .map(|&x| VALUE[x as usize])
            .sum();
        LEVEL[self.class_of(c, side) as usize] + sum
    }

    /// Ordering score of `c` for the side to move: own threats first, then the opponent's.
    fn priority(&self, c: Cell) -> i32 {
        let me = self.to_move;
        self.threat(c, me) + self.threat(c, 1 - me) * 4 / 5 + self.near[c as usize] as i32
    }

    /// Does `side` have an open-four point it may play (a real open three)? Under renju a
    /// Black three whose open-four points are all forbidden is no threat, and White need not
    /// answer it.
    pub fn threatens_open_four(&self, side: u8) -> bool {
        if !self.has_open_four_point(side) {
            return false;
        }
        if self.rule != Rule::Renju || side != 0 {
            return true;
        }
        self.region()
            .any(|c| self.shapes_of(c, side).contains(&F4) && !self.is_forbidden_for(side, c))
    }

    /// Legal for the side to move: empty and, for Black under renju, not forbidden.
    /// True when the game is drawn by the board filling up (or, in renju on 15x15, by the move
    /// limit): checked after the five, so a five on the last cell still wins.
    pub fn drawn(&self) -> bool {
        let stones = self.stones as usize;
        stones >= self.w as usize * self.h as usize
            || (self.rule == Rule::Renju
                && self.w == 15
                && self.h == 15
                && stones >= RENJU_MOVE_LIMIT)
    }

    /// A VCF for the side to move within `nodes` nodes: its first move.
    fn probe_vcf(&self, nodes: u64) -> Option<Cell> {
        let mut vcf = super::threats::vcf::Vcf::new(nodes, None);
        vcf.solve(self).map(|line| line[0])
    }

    pub fn is_legal(&self, c: Cell) -> bool {
        self.is_empty(c) && !self.is_forbidden_for(self.to_move, c)
    }

    /// The cell to play on an empty board: the centre.
    fn centre(&self) -> Cell {
        cell(self.w as usize / 2, self.h as usize / 2)
    }

    /// The opponent's five points the side to move must block, if it can: `Err(())` when it
    /// cannot (two of them, or its only block is forbidden).
    fn forced_block(&self) -> Option<Result<Cell, ()>> {
        let me = self.to_move;
        if !self.has_five_point(1 - me) {
            return None;
        }
        let points = self.five_points(1 - me);
        match points.as_slice() {
            [] => None,
            [b] if !self.is_forbidden_for(me, *b) => Some(Ok(*b)),
            _ => Some(Err(())),
        }
    }
}

impl Position for Renju {
    type Move = Cell;

    /// A node may run a VCF probe of up to `PROBE_NODES_DEEP` nodes, so the clock is read more
    /// often than the default (a 500 ms move was once 400 ms late on a loaded machine).
    const POLL_NODES: u64 = 256;

    /// An iteration that changed the best move or dropped the score may be followed by another
    /// up to 1.6 times the soft limit (the engine's hard limit, from the turn and match clocks,
    /// still ends it): the time goes where the search is still changing its mind.
    const UNSTABLE_TIME_PERCENT: u64 = 160;

    /// Each iteration costs several times the one before, so the last is usually cut off by
    /// the clock: a move it already proved better than the previous best is played.
    const PLAY_CUT_OFF_ITERATION: bool = true;

    fn side_to_move(&self) -> u8 {
        self.to_move
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner {
            return Some(if w == self.to_move {
                Outcome::Win
            } else {
                Outcome::Loss
            });
        }
        if self.drawn() {
            return Some(Outcome::Draw);
        }
        if !self.has_five_point(self.to_move) {
            if let Some(Err(())) = self.forced_block() {
                return Some(Outcome::Loss);
            }
        }
        None
    }

    fn generate(&self, out: &mut Vec<Cell>) {
        if let Some(only) = &self.restrict {
            let mut v: Vec<(i32, Cell)> = only.iter().map(|&c| (self.priority(c), c)).collect();
            v.sort_by_key(|&(s, _)| -s);
            out.extend(v.into_iter().map(|(_, c)| c));
            return;
        }
        let me = self.to_move;
        if self.stones == 0 {
            out.push(self.centre());
            return;
        }
        if self.has_five_point(me) {
            if let Some(c) = self.region().find(|&c| self.makes_five(c, me)) {
                out.push(c);
                return;
            }
        }
        if let Some(Ok(b)) = self.forced_block() {
            out.push(b);
            return;
        }
        let mut scored: Vec<(i32, Cell)> = Vec::new();
        if self.threatens_open_four(1 - me) {
            // The opponent threatens an open four: block it, or make a four of our own.
            for c in self.region() {
                let theirs = self.shapes_of(c, 1 - me);
                let defends = theirs.iter().any(|&s| s == F4 || s == B4);
                if (defends || self.makes_four(c, me)) && self.is_legal(c) {
                    scored.push((self.priority(c), c));
                }
            }
        }
        if scored.is_empty() {
            for c in self.region() {
                if self.near[c as usize] > 0 && self.is_legal(c) {
                    scored.push((self.priority(c), c));
                }
            }
            scored.sort_by_key(|&(s, _)| -s);
            scored.truncate(MAX_QUIET_MOVES);
        } else {
            scored.sort_by_key(|&(s, _)| -s);
        }
        if scored.is_empty() {
            // Every nearby cell is forbidden or the stones fill their surroundings: any legal cell.
            if let Some(c) = (0..self.h as usize)
                .flat_map(|y| (0..self.w as usize).map(move |x| cell(x, y)))
                .find(|&c| self.is_legal(c))
            {
                out.push(c);
            }
            return;
        }
        out.extend(scored.into_iter().map(|(_, c)| c));
    }

    fn play(&mut self, m: Cell) {
        self.restrict = None;
        let side = self.to_move;
        self.place(m, side);
        self.to_move ^= 1;
        self.hash ^= ZOBRIST_WHITE_TO_MOVE;
    }

    /// Line potentials, plus what the threats on the board mean for the side to move: the
    /// search has no quiescence, so a leaf must see a five point, a double four or a four-three
    /// about to land, and who gets to play an open four first.
    fn evaluate(&self) -> Score {
        let me = self.to_move as usize;
        let opp = 1 - me;
        let five = FIVE as usize;
        let open = F4 as usize;
        let c = &self.counts;
        if c[me][five] > 0 {
            return 10_000;
        }
        let my_fours = c[me][B4 as usize] + c[me][open] > 0;
        let their_fours = c[opp][B4 as usize] + c[opp][open] > 0;
        // Black's double fours and double threes are forbidden under renju.
        let black_renju = |side: usize| side == 0 && self.rule == Rule::Renju;
        let mut score = self.sums[me] * 6 / 5 - self.sums[opp];
        if c[opp][five] >= 2 {
            // Two five points (or one point completing two lines): usually unstoppable.
            score -= 6_000;
        } else if c[opp][five] == 1 {
            // We must block; with an open three of theirs left too, it is a four-three.
            if c[opp][open] > 0 && !my_fours {
                score -= 3_000;
            } else {
                score -= 150;
            }
        } else if c[me][open] > 0 {
            // Our open four comes first; the opponent can only delay it with fours.
            score += if c[opp][B4 as usize] + c[opp][open] == 0 {
                6_000
            } else {
                1_500
            };
        } else if !their_fours && self.class_counts[me][C_WIN as usize] > 0 && !black_renju(me) {
            // A double four of ours (forbidden to Black under renju) with no four to delay it.
            score += 4_000;
        } else if !their_fours && self.class_counts[me][C_FOUR_THREE as usize] > 0 {
            // Our four-three: the block of the four leaves the three to become an open four.
            score += 2_500;
        } else if c[opp][open] > 0 {
            // Their open three must be answered; two of them rarely can be.
            score -= if c[opp][open] >= 4 && !my_fours {
                2_000
            } else {
                500
            };
        } else if !my_fours {
            // Their four-three or double four next move wins unless we answer now.
            let cc = &self.class_counts[opp];
            let threats = cc[C_FOUR_THREE as usize]
                + if black_renju(opp) {
                    0
                } else {
                    cc[C_WIN as usize]
                };
            score -= match threats {
                0 => 0,
                1 => 350,
                _ => 800,
            };
            if threats == 0
                && !black_renju(me)
                && self.class_counts[me][C_DOUBLE_THREE as usize] > 0
            {
                // Our double three, which only fours could delay.
                score += 300;
            }
        }
        score.clamp(-20_000, 20_000)
    }

    fn move_tag(m: Cell) -> u16 {
        m
    }

    /// A forced block (the opponent has a five point, we have none) costs no depth: the
    /// attacker's fours then cost one ply each, and the search sees through a run of fours.
    fn extension(&self) -> i32 {
        let me = self.to_move;
        i32::from(self.has_five_point(1 - me) && !self.has_five_point(me))
    }

    /// Only near the leaves and in quiet positions: no five point or open three of the
    /// opponent to answer, and no four of our own (a VCF may be hiding there).
    fn futility_margin(&self, depth: i32) -> Option<Score> {
        let me = self.to_move;
        let quiet = !self.has_five_point(1 - me)
            && !self.has_open_four_point(1 - me)
            && !self.has_four_point(me);
        (depth <= FUTILITY_DEPTH && quiet).then_some(FUTILITY_MARGIN * depth)
    }

    /// Fours and the blocks of the opponent's four points are never reduced: renju is decided
    /// in forcing lines, which Rapfi too spares its reductions. Other moves from the fourth on
    /// lose a ply; quiet ones (no three for either side) from the seventh two where the depth
    /// allows. PV nodes reduce a ply less.
    fn late_move_reduction(&self, m: Cell, depth: i32, index: usize, pv_node: bool) -> i32 {
        let me = self.to_move;
        let (mine, theirs) = (self.class_of(m, me), self.class_of(m, 1 - me));
        if depth < LMR_DEPTH || index < LMR_INDEX || mine >= C_FOUR || theirs >= C_FOUR {
            return 0;
        }
        let quiet = mine < C_THREE && theirs < C_THREE;
        let r = 1 + i32::from(quiet && depth >= 2 * LMR_DEPTH && index >= 2 * LMR_INDEX);
        r - i32::from(pv_node)
    }

    /// Near the leaves only the best-ordered few moves: 3 + depth^1.32 of them, Rapfi's count
    /// for a node whose evaluation improves (it prunes the same way), unless the opponent has a
    /// four or an open three to answer (then the moves are the defences, all searched).
    fn move_count_limit(&self, depth: i32) -> Option<usize> {
        let them = 1 - self.to_move;
        if self.has_five_point(them) || self.has_open_four_point(them) {
            return None;
        }
        MOVE_COUNT_LIMIT.get(depth.max(1) as usize).copied()
    }

    fn order_hint(&self, m: Cell) -> i32 {
        self.priority(m) / 16
    }

    fn random_move(&self, r: u64) -> Option<Cell> {
        let legal: Vec<Cell> = (0..self.h as usize)
            .flat_map(|y| (0..self.w as usize).map(move |x| cell(x, y)))
            .filter(|&c| self.is_legal(c))
            .collect();
        (!legal.is_empty()).then(|| legal[(r % legal.len() as u64) as usize])
    }

    /// A win the shapes prove without search: an open-four point the side to move may play
    /// while the opponent has no four to delay it with. Deeper wins by fours are the root VCF's.
    fn proven(&self) -> Option<(Outcome, Option<Cell>)> {
        let me = self.to_move;
        let them = 1 - me;
        if !self.has_open_four_point(me) || self.has_four_point(them) || self.has_five_point(them) {
            return None;
        }
        // A restricted root (`YXNBEST` setting found moves aside) proves only among its moves.
        let allowed = |c: Cell| self.restrict.as_ref().is_none_or(|only| only.contains(&c));
        self.region()
            .find(|&c| {
                self.shapes_of(c, me).contains(&F4) && !self.is_forbidden_for(me, c) && allowed(c)
            })
            .map(|c| (Outcome::Win, Some(c)))
    }

    /// `proven`, then a VCF probe sized by the depth left (see `PROBE_NODES_*`): the main search
    /// thereby sees wins by fours below the root, and avoids moves that allow the opponent one.
    fn proven_at(&self, depth: i32) -> Option<(Outcome, Option<Cell>)> {
        if let Some(p) = self.proven() {
            return Some(p);
        }
        if !self.has_four_point(self.to_move) || self.winner.is_some() {
            return None;
        }
        let nodes = match depth {
            d if d >= 2 => PROBE_NODES_DEEP,
            1 => PROBE_NODES_SHALLOW,
            _ => return None,
        };
        self.probe_vcf(nodes).map(|m| (Outcome::Win, Some(m)))
    }
}
