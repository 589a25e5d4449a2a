//! Second-row ladder connections between two cells: ready-made full connections that the AND
//! and OR rules cannot find, because both ends lean on the same edge and our AND never goes
//! through an edge (Benzene's non-edge ladder patterns measured 7,270 → 4,290 df-pn nodes on
//! the 6×6 openings in MoHex; these are our own shapes, proved by brute force in the tests).
//!
//! Frame (the top edge's, as in `templates`): y is the row from the edge (0 touches it); the
//! first end `a` stands on the second row at (0, 1), the second end `b` at (d, 1), d ≥ 2.
//! With both ends the colour's, they are joined whatever the opponent plays in the carrier:
//!
//! - *pair*: each end's own bridge to the edge, {(0,0), (1,0)} and {(d,0), (d+1,0)};
//! - *open ladder*: `a` keeps only (1,0) of its bridge; if the opponent takes it, `a` ladders
//!   along the second row, (1,1), (2,1), …, the opponent blocking each step on the first row,
//!   until the ladder touches `b`, whose bridge is still whole. Carrier: the first row from 1
//!   to d + 1 and the second row between the ends;
//! - *blocked ladder*: `a` keeps only (0,0) (the cell in front of it may already be the
//!   opponent's: the usual start of a ladder); the ladder then runs from (1,1) over the first
//!   row from 2 to d + 1.
//!
//! Each shape is placed along both of the colour's edges, shifted and mirrored (the mirror
//! runs the ladder the other way), for every length up to `MAX_LENGTH`.

use std::sync::{Arc, Mutex};

use super::super::board::{Board, Cells, Edge};
use super::templates::{enabled, to_board};

/// The longest ladder placed (`d`): the tests prove every shape up to it by brute force, and
/// it spans an 8×8 board.
pub const MAX_LENGTH: i32 = 6;

/// A connection shape in the top edge's frame: ends `a` = (0, 1) and `b`, and its carrier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub b: (i32, i32),
    pub cells: Vec<(i32, i32)>,
}

impl Shape {
    /// The mirror image about `a`'s column, keeping the edge: (x, y) → (−x − (y − 1), y).
    pub fn mirrored(&self) -> Shape {
        let flip = |(x, y): (i32, i32)| (-x - (y - 1), y);
        let mut cells: Vec<(i32, i32)> = self.cells.iter().map(|&c| flip(c)).collect();
        cells.sort();
        Shape {
            b: flip(self.b),
            cells,
        }
    }
}

/// The three shapes of length `d` (≥ 2).
pub fn shapes_of_length(d: i32) -> Vec<Shape> {
    let ladder_row = |from: i32| (1..d).map(|x| (x, 1)).chain((from..=d + 1).map(|x| (x, 0)));
    let pair = vec![(0, 0), (1, 0), (d, 0), (d + 1, 0)];
    let open: Vec<(i32, i32)> = ladder_row(1).collect();
    let blocked: Vec<(i32, i32)> = std::iter::once((0, 0)).chain(ladder_row(2)).collect();
    [pair, open, blocked]
        .into_iter()
        .map(|mut cells| {
            cells.sort();
            Shape { b: (d, 1), cells }
        })
        .collect()
}

/// Every shape placed, lengths 2 to `MAX_LENGTH`.
pub fn shapes() -> Vec<Shape> {
    (2..=MAX_LENGTH).flat_map(shapes_of_length).collect()
}

/// A shape on a board: cells `a` and `b` are joined through `carrier` while no opponent stone
/// stands there (and neither end is the opponent's).
#[derive(Clone, Copy, Debug)]
pub struct Link {
    pub a: usize,
    pub b: usize,
    pub carrier: Cells,
}

/// Every placement of `shapes` (and their mirrors) along `color`'s edges.
pub fn links_of(board: &Board, color: u8, shapes: &[Shape]) -> Vec<Link> {
    let mut out = Vec::new();
    let reach = board.width().max(board.height()) as i32;
    for e in Edge::of(color) {
        for s in shapes {
            for form in [s.clone(), s.mirrored()] {
                for x0 in -reach..2 * reach {
                    let at = |(x, y): (i32, i32)| to_board(board, e, x0 + x, y);
                    let (Some(a), Some(b)) = (at((0, 1)), at(form.b)) else {
                        continue;
                    };
                    let mut carrier = Cells::EMPTY;
                    if form
                        .cells
                        .iter()
                        .all(|&c| at(c).map(|c| carrier.insert(c)).is_some())
                    {
                        out.push(Link { a, b, carrier });
                    }
                }
            }
        }
    }
    out
}

type Key = (usize, usize, u8);

/// Links by board size and colour, made once each.
static LINKS: Mutex<Vec<(Key, Arc<[Link]>)>> = Mutex::new(Vec::new());

/// The shipped links for `color` on a board of `board`'s size (none inside
/// `templates::without`).
pub fn links(board: &Board, color: u8) -> Arc<[Link]> {
    if !enabled() {
        return Arc::from(Vec::new());
    }
    let key = (board.width(), board.height(), color);
    let mut cache = LINKS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, l)) = cache.iter().find(|(k, _)| *k == key) {
        return l.clone();
    }
    let l: Arc<[Link]> = links_of(board, color, &shapes()).into();
    cache.push((key, l.clone()));
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::board::{BLACK, WHITE};
    use std::collections::HashMap;

    /// Whether `a` and `b` are joined through `mine` or both reach edge `e` through it.
    fn joined(board: &Board, e: Edge, a: usize, b: usize, mine: &Cells) -> bool {
        let group = |s: usize| {
            let mut seen = Cells::EMPTY;
            let mut stack = vec![s];
            seen.insert(s);
            let mut edge = false;
            while let Some(c) = stack.pop() {
                edge |= board.on_edge(c, e);
                for n in board.neighbours(c) {
                    if mine.has(n) && !seen.has(n) {
                        seen.insert(n);
                        stack.push(n);
                    }
                }
            }
            (seen, edge)
        };
        let (ga, ea) = group(a);
        if ga.has(b) {
            return true;
        }
        ea && group(b).1
    }

    /// Brute force: the opponent to move, only `free` left to play; do `a` and `b` stay
    /// joined whatever it does?
    fn holds(
        board: &Board,
        e: Edge,
        ends: (usize, usize),
        mine: Cells,
        free: Cells,
        memo: &mut HashMap<(Cells, Cells), bool>,
    ) -> bool {
        let (a, b) = ends;
        if joined(board, e, a, b, &mine) {
            return true;
        }
        if !joined(board, e, a, b, &mine.or(&free)) {
            return false;
        }
        if let Some(&v) = memo.get(&(mine, free)) {
            return v;
        }
        let v = free.iter().all(|o| {
            let mut f = free;
            f.remove(o);
            let answers: Vec<usize> = f.iter().collect();
            answers.into_iter().any(|m| {
                let mut rest = f;
                rest.remove(m);
                let mut more = mine;
                more.insert(m);
                holds(board, e, ends, more, rest, memo)
            })
        });
        memo.insert((mine, free), v);
        v
    }

    fn proved(board: &Board, color: u8, l: &Link) -> bool {
        let e = Edge::of(color)
            .into_iter()
            .find(|&e| {
                // The edge the link leans on: the one both ends are nearest.
                let near = |c: usize| board.neighbours(c).any(|n| board.on_edge(n, e));
                near(l.a) || near(l.b)
            })
            .expect("an edge");
        let mut mine = Cells::EMPTY;
        mine.insert(l.a);
        mine.insert(l.b);
        holds(board, e, (l.a, l.b), mine, l.carrier, &mut HashMap::new())
    }

    #[test]
    fn every_ladder_link_holds_and_is_minimal_by_brute_force() {
        // 9×4 fits every length on the long edges; 4×9 gives White the same.
        for (w, h) in [(9, 4), (4, 9)] {
            let board = Board::new(w, h).expect("size");
            for color in [BLACK, WHITE] {
                let links = links_of(&board, color, &shapes());
                for d in 2..=MAX_LENGTH {
                    let ls: Vec<&Link> = links
                        .iter()
                        .filter(|l| {
                            let ((ax, ay), (bx, by)) = (board.xy(l.a), board.xy(l.b));
                            (ax as i32 - bx as i32)
                                .abs()
                                .max((ay as i32 - by as i32).abs())
                                == d
                        })
                        .collect();
                    if color == BLACK && w > h || color == WHITE && h > w {
                        assert!(ls.len() >= 3, "{w}x{h} length {d}: {}", ls.len());
                    }
                    // The placements of one length differ only by shift: the first few of
                    // each (shape, mirror, edge) cover them; checking all is slow for d = 6.
                    for l in ls.iter().take(if d >= 5 { 12 } else { usize::MAX }) {
                        assert!(!l.carrier.has(l.a) && !l.carrier.has(l.b));
                        assert!(
                            proved(&board, color, l),
                            "{w}x{h} colour {color}: {}–{} carrier {:?}",
                            board.cell_name(l.a),
                            board.cell_name(l.b),
                            l.carrier
                        );
                        for c in l.carrier.iter() {
                            let mut less = **l;
                            less.carrier.remove(c);
                            assert!(
                                !proved(&board, color, &less),
                                "{}–{} holds without {}",
                                board.cell_name(l.a),
                                board.cell_name(l.b),
                                board.cell_name(c)
                            );
                        }
                    }
                }
            }
        }
    }
}
