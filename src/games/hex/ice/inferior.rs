//! Inferior moves for the side to move X, in a filled position, and the set of moves a search
//! must still consider.
//!
//! Two relations, both meaning "X playing k is at least as good as X playing c" (k ≥ c):
//!
//! - *Vulnerable* c with *killer* k: a stone of either colour on k makes c dead. If X's own
//!   stone does, X@k ≡ X@k + X@c ≥ X@c. If the opponent's does, X on k can copy a winning
//!   strategy for X on c, answering an opponent move on c as if it were on k: from then on the
//!   real board is the imagined one with k turned to X (c is dead there). (Hayward, Björnsson,
//!   Johanson, Kan, Po, van Rijswijck, "Solving 7x7 Hex".)
//! - *Dominated* c by a neighbour k: in X's graph the closed neighbourhood of c lies inside
//!   that of k. The same copying argument, swapping c and k, shows X@k ≥ X@c; only X's graph
//!   decides Hex, so the opponent's view does not matter.
//!
//! Pruning. `k ≥ c` is transitive, so each pruned cell points to one dominator, and the
//! pointers form a forest (a cell is pruned only by a cell that does not lead back to it, which
//! also settles cycles such as two cells killing each other). Its roots are kept. If the
//! position is a win for X, some root wins: a winning move is either a root or below one.
//!
//! Proof-safety: the consider set is safe for a solver that must find *a* win or prove a loss
//! (every kept move losing means the position is lost). It is not the set of *all* winning
//! moves: a pruned move can win too (`dfpn-solver-find-winning` must not prune), and a move
//! that wins here wins in the unfilled position as well (see `fill`).

use crate::games::hex::board::Cells;
use crate::games::hex::groups::MAX_CELLS;

use super::layer::Layers;

const NONE: u16 = u16::MAX;

/// Why one cell is inferior to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A stone on the dominator kills the cell.
    Killer,
    /// The dominator's neighbourhood covers the cell's in the mover's graph.
    Neighbourhood,
}

/// Visits the dominators of empty cell `c` for `mover` (killers first), until `visit` returns
/// true.
pub fn dominators(layers: &Layers, mover: u8, c: usize, mut visit: impl FnMut(usize, Why) -> bool) {
    let geo = &layers.geo;
    let empty = layers.empty();
    let around = geo.nbrs[c].and(empty);
    let killers = layers.killers(c);
    let [(a, b), (d, e)] = killers;
    let near = a.or(&b).or(&d).or(&e);
    for k in near.iter() {
        let kills = layers.kills_among(0, k, c, &killers) || layers.kills_among(1, k, c, &killers);
        if kills && visit(k, Why::Killer) {
            return;
        }
    }
    let layer = &layers.by_colour[mover as usize & 1];
    let mine = layer.groups_at(geo, c);
    let mut closed = around;
    closed.insert(c);
    for k in around.iter() {
        let mut theirs = geo.nbrs[k].and(empty);
        theirs.insert(k);
        if closed.minus(&theirs).is_empty()
            && mine.within(&layer.groups_at(geo, k))
            && visit(k, Why::Neighbourhood)
        {
            return;
        }
    }
}

/// The pruning forest: each pruned empty cell's chosen dominator (`None` for kept cells).
pub struct Pruning {
    parent: [u16; MAX_CELLS],
    pub consider: Cells,
}

impl Pruning {
    pub fn new(layers: &Layers, mover: u8) -> Pruning {
        let mut parent = [NONE; MAX_CELLS];
        let root = |parent: &[u16; MAX_CELLS], mut d: usize| {
            while parent[d] != NONE {
                d = parent[d] as usize;
            }
            d
        };
        for c in layers.empty().iter() {
            dominators(layers, mover, c, |d, _| {
                if root(&parent, d) != c {
                    parent[c] = d as u16;
                    true
                } else {
                    false
                }
            });
        }
        let mut consider = *layers.empty();
        for c in layers.empty().iter() {
            if parent[c] != NONE {
                consider.remove(c);
            }
        }
        Pruning { parent, consider }
    }

    /// The dominator `c` was pruned for, if it was.
    pub fn parent(&self, c: usize) -> Option<usize> {
        (self.parent[c] != NONE).then_some(self.parent[c] as usize)
    }
}
