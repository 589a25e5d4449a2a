//! Captured pairs of an empty cell, for the AND and OR rules (Benzene's captured sets in its
//! VC builder, whose pattern is the one below; the rule's use here is ours and brute-force
//! checked in `vc::tests`).
//!
//! A cell p captures two adjacent empty neighbours a and b once the colour plays p, when the
//! three slots beyond them (a's two far neighbours and b's far one, the edge row under a
//! second-row cell being the commonest case) are the colour's stones or its own edge:
//!
//! ```text
//!     p
//!    a b
//!   X X X
//! ```
//!
//! If the opponent takes a, the colour answers b: a's stone then touches only the colour and
//! two cells adjacent to each other, so it is dead and may be counted as the colour's, and the
//! same for b. A connection with p as an endpoint (p the colour's once it is used) or as a
//! middle key may therefore share a and b with another one, so long as its carrier holds them
//! both: the answer is there. Only new stones of the colour make new pairs, and the pair's
//! own cells are in every carrier that leans on it, so connections built on a pair stay right
//! as the board changes.

use std::sync::{Arc, Mutex};

use super::super::board::{Bits, Board, Edge};

/// What one of the three slots beyond a pair must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Beyond {
    /// A cell: the colour's stone.
    Cell(u16),
    /// The colour's own edge, or beyond a corner (no neighbour at all): always holds.
    Held,
}

/// One possible pair of a cell: its two cells and the slots beyond them.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub a: u16,
    pub b: u16,
    beyond: [Beyond; 3],
}

type Key = (usize, usize, u8);
/// Each cell's shapes, indexed by cell.
pub type Shapes = Arc<[Vec<Shape>]>;
/// Each board size's shapes per cell, per colour, made once.
static SHAPES: Mutex<Vec<(Key, Shapes)>> = Mutex::new(Vec::new());

/// The shapes of every cell of `board`'s size for `color` (a slot on the opponent's edge never
/// holds, so those shapes are left out).
pub fn shapes(board: &Board, color: u8) -> Shapes {
    let key = (board.width(), board.height(), color);
    let mut cache = SHAPES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, s)) = cache.iter().find(|(k, _)| *k == key) {
        return s.clone();
    }
    let own = Edge::of(color);
    let slot = |r: Result<usize, Option<Edge>>| match r {
        Ok(c) => Some(Beyond::Cell(c as u16)),
        Err(Some(e)) if own.contains(&e) => Some(Beyond::Held),
        Err(Some(_)) => None,
        Err(None) => Some(Beyond::Held),
    };
    let mut all = Vec::with_capacity(board.size());
    for p in 0..board.size() {
        let ring = board.ring(p);
        let mut list = Vec::new();
        for i in 0..6 {
            let j = (i + 1) % 6;
            let (Ok(a), Ok(b)) = (ring[i], ring[j]) else {
                continue;
            };
            let (ra, rb) = (board.ring(a), board.ring(b));
            let beyond = [slot(ra[i]), slot(ra[j]), slot(rb[j])];
            if let [Some(x), Some(y), Some(z)] = beyond {
                list.push(Shape {
                    a: a as u16,
                    b: b as u16,
                    beyond: [x, y, z],
                });
            }
        }
        all.push(list);
    }
    let s: Shapes = all.into();
    cache.push((key, s.clone()));
    s
}

/// The pair `p` would capture: the first of its shapes whose two cells are empty and whose
/// far slots are held (`own` the colour's stones); empty if none.
pub fn pair<const W: usize>(shapes: &[Shape], empty: &Bits<W>, own: &Bits<W>) -> Bits<W> {
    for s in shapes {
        if !empty.has(s.a as usize) || !empty.has(s.b as usize) {
            continue;
        }
        let held = s.beyond.iter().all(|f| match *f {
            Beyond::Cell(c) => own.has(c as usize),
            Beyond::Held => true,
        });
        if held {
            let mut out = Bits::EMPTY;
            out.insert(s.a as usize);
            out.insert(s.b as usize);
            return out;
        }
    }
    Bits::EMPTY
}
