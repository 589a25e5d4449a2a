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
//! - *Bridged* c by a neighbour k (`bridge_dominators`; `Pruning::with_bridges` only, which the
//!   solver can use, `solver::node::BRIDGES`, off for now): c lies on one of
//!   X's edges, k is one of its two neighbours off that edge and d the edge cell beside both
//!   (c, d, k empty, neither c nor d at a corner). X@k makes {c, d} a pair captured by X: the
//!   opponent's stone on one, answered on the other, touches only two adjacent cells besides
//!   X's stones and edge, and is dead. So X@k ≡ X@k + X@c + X@d ≥ X@c (another stone never
//!   hurts). Benzene finds the same cells by its edge patterns ("h2 id[g2]"); here the shape is
//!   read off the ring.
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

use super::geometry::{Geometry, Slot};
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

/// If `c` lies on one of `mover`'s edges and touches nothing else beyond the board (its ring:
/// two slots of that edge, then four cells), the ring index of the first of the two edge slots.
fn own_edge_start(geo: &Geometry, mover: u8, c: usize) -> Option<usize> {
    let ring = &geo.ring[c];
    let own = |s: Slot| matches!(s, Slot::Edge(z, _) if z == mover & 1);
    let cells = ring.iter().filter(|s| matches!(s, Slot::Cell(_))).count();
    if cells != 4 {
        return None;
    }
    (0..6).find(|&i| own(ring[i]) && own(ring[(i + 1) % 6]))
}

/// The cells whose stone for `mover` would capture empty cell `c` with an edge neighbour
/// (module doc, *bridged*): `c` on `mover`'s edge, and for each of its two neighbours k off
/// the edge, the edge cell d beside both; k and d empty, d not at a corner either.
pub fn bridge_dominators(geo: &Geometry, empty: &Cells, mover: u8, c: usize) -> [Option<usize>; 2] {
    let mut out = [None; 2];
    let Some(i) = own_edge_start(geo, mover, c) else {
        return out;
    };
    // In ring order after the two edge slots: d1 (on the edge), k1, k2 (off it), d2 (on it);
    // consecutive slots touch, so k1 touches d1 and k2 touches d2.
    let cell = |s: usize| match geo.ring[c][(i + s) % 6] {
        Slot::Cell(u) => u as usize,
        _ => unreachable!("own_edge_start leaves four cells"),
    };
    for (j, (k, d)) in [(cell(3), cell(2)), (cell(4), cell(5))]
        .into_iter()
        .enumerate()
    {
        if empty.has(k) && empty.has(d) && own_edge_start(geo, mover, d).is_some() {
            out[j] = Some(k);
        }
    }
    out
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
    /// The pruning by killers and neighbourhoods (`dominators`), for the players and
    /// `compute-inferior`.
    pub fn new(layers: &Layers, mover: u8) -> Pruning {
        Pruning::build(layers, mover, false)
    }

    /// `new` with the bridged edge cells (`bridge_dominators`) pruned too (`solver::node::BRIDGES`).
    /// (The players' move lists keep them: their strength without those moves is not measured.)
    pub fn with_bridges(layers: &Layers, mover: u8) -> Pruning {
        Pruning::build(layers, mover, true)
    }

    fn build(layers: &Layers, mover: u8, bridges: bool) -> Pruning {
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
            if !bridges || parent[c] != NONE {
                continue;
            }
            let by = bridge_dominators(&layers.geo, layers.empty(), mover, c);
            if let Some(d) = by.into_iter().flatten().find(|&d| root(&parent, d) != c) {
                parent[c] = d as u16;
            }
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
