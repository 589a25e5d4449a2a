//! The board's shape, precomputed once per size: each cell's six ring slots (a cell, or the
//! edge beyond the board) and its neighbours as a bitset. The inferior-cell tests run at every
//! solver node and look at rings thousands of times a node, so this is a table, not arithmetic.

use std::cell::RefCell;
use std::rc::Rc;

use crate::games::hex::board::{Board, Cells, Edge, BLACK, WHITE};
use crate::games::hex::groups::MAX_CELLS;

/// What lies in one direction from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Cell(u16),
    /// An edge: the colour that owns it and which of its two edges (0: top/left, 1: bottom/right).
    Edge(u8, u8),
    /// Beyond an obtuse corner: both edges at once, a node of neither colour's graph (each
    /// colour's edge is reached through the cell's other slots).
    Corner,
}

pub struct Geometry {
    pub width: usize,
    pub height: usize,
    /// Ring order: consecutive slots are adjacent to each other.
    pub ring: Vec<[Slot; 6]>,
    pub nbrs: Vec<Cells>,
    /// The cells along each colour's two edges.
    pub edge_cells: [[Cells; 2]; 2],
}

impl Geometry {
    fn new(board: &Board) -> Geometry {
        let n = board.size();
        let mut ring = Vec::with_capacity(n);
        let mut nbrs = Vec::with_capacity(n);
        for c in 0..n {
            let slots = board.ring(c).map(|r| match r {
                Ok(u) => Slot::Cell(u as u16),
                Err(Some(Edge::Top)) => Slot::Edge(BLACK, 0),
                Err(Some(Edge::Bottom)) => Slot::Edge(BLACK, 1),
                Err(Some(Edge::Left)) => Slot::Edge(WHITE, 0),
                Err(Some(Edge::Right)) => Slot::Edge(WHITE, 1),
                Err(None) => Slot::Corner,
            });
            let mut m = Cells::EMPTY;
            board.neighbours(c).for_each(|u| m.insert(u));
            ring.push(slots);
            nbrs.push(m);
        }
        let e = |edge| board.edge_cells(edge);
        Geometry {
            width: board.width(),
            height: board.height(),
            ring,
            nbrs,
            edge_cells: [
                [e(Edge::Top), e(Edge::Bottom)],
                [e(Edge::Left), e(Edge::Right)],
            ],
        }
    }

    /// The table for `board`'s size, built on first use and kept per thread (a solver works on
    /// one size at a time).
    pub fn of(board: &Board) -> Rc<Geometry> {
        thread_local! {
            static LAST: RefCell<Option<Rc<Geometry>>> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some(g) if g.width == board.width() && g.height == board.height() => Rc::clone(g),
                _ => {
                    let g = Rc::new(Geometry::new(board));
                    *last = Some(Rc::clone(&g));
                    g
                }
            }
        })
    }
}

/// The virtual bits standing for a colour's two edges in a node's stone set (past every cell).
pub const EDGE_BITS: [usize; 2] = [MAX_CELLS, MAX_CELLS + 1];
