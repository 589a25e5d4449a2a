//! One colour's view of the board as a graph (the Shannon-game view of Hex): empty cells are
//! vertices, the colour's chains are contracted into single nodes (a chain touching an edge is
//! merged with that edge's node), and the opponent's stones are deleted. Hex is decided by this
//! graph alone: the colour wins exactly when its two edge nodes end up joined.
//!
//! Every inferior-cell test is a question about this graph, asked about the board as it is or
//! as it would be after one more stone (`Hyp`): a stone of the colour *contracts* the cell into
//! the chains around it, an opponent stone *deletes* it. `Layers` holds both colours' graphs,
//! which fill-in and every other test below it read.

use std::cell::OnceCell;

use crate::games::hex::board::{Board, Cells};
use crate::games::hex::groups::MAX_CELLS;

use super::geometry::{Geometry, Slot, EDGE_BITS};

/// No node (a cell without a stone of the colour).
const NONE: u16 = u16::MAX;
/// `slot_node`'s answer for a slot that holds none of this colour's nodes.
pub const NO_NODE: u16 = NONE;
/// The node made by a hypothetical stone and everything it joins.
const MERGED: u16 = u16::MAX - 1;

/// A contracted chain: its stones (with an edge's virtual bit if it holds that edge) and the
/// empty cells next to it.
#[derive(Clone, Copy)]
pub struct Node {
    pub stones: Cells,
    pub libs: Cells,
}

/// A stone that is not on the board yet, seen from this colour's graph.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Hyp {
    None,
    /// An opponent stone on the cell.
    Delete(usize),
    /// A stone of this colour on the cell.
    Contract(usize),
}

/// Up to six node ids without repeats (a cell has six slots).
#[derive(Clone, Copy)]
pub struct Ids {
    ids: [u16; 6],
    n: usize,
}

impl Ids {
    const EMPTY: Ids = Ids { ids: [0; 6], n: 0 };
    fn push(&mut self, id: u16) {
        if !self.ids[..self.n].contains(&id) {
            self.ids[self.n] = id;
            self.n += 1;
        }
    }
    pub fn as_slice(&self) -> &[u16] {
        &self.ids[..self.n]
    }
    /// Every id here is also in `o`.
    pub fn within(&self, o: &Ids) -> bool {
        self.as_slice().iter().all(|i| o.as_slice().contains(i))
    }
}

pub struct Layer {
    pub colour: u8,
    pub empty: Cells,
    own: Cells,
    gid: [u16; MAX_CELLS],
    /// The node of each of the colour's edges (the same node once a chain joins both).
    edge_gid: [u16; 2],
    pub nodes: Vec<Node>,
    /// Each empty cell's reach (`reach`), made on the first `kill_candidates`: fill-in asks it
    /// of nearly every empty cell, and each cell is a neighbour of up to six of them.
    reach: OnceCell<Vec<Cells>>,
}

/// A hypothetical stone's merged node: the ids it swallowed and the node's empty neighbours.
struct Merge {
    ids: Ids,
    libs: Cells,
}

impl Layer {
    pub fn new(geo: &Geometry, board: &Board, colour: u8) -> Layer {
        let empty = board.empty_cells();
        let own = *board.stones(colour);
        let edge_node = |e: usize| {
            let mut stones = Cells::EMPTY;
            stones.insert(EDGE_BITS[e]);
            Node {
                stones,
                libs: geo.edge_cells[colour as usize][e].and(&empty),
            }
        };
        let mut layer = Layer {
            colour,
            empty,
            own,
            gid: [NONE; MAX_CELLS],
            edge_gid: [0, 1],
            nodes: vec![edge_node(0), edge_node(1)],
            reach: OnceCell::new(),
        };
        for s in own.iter() {
            if layer.gid[s] != NONE {
                continue;
            }
            let mut chain = Cells::EMPTY;
            chain.insert(s);
            let mut frontier = chain;
            let mut libs = Cells::EMPTY;
            loop {
                let mut grow = Cells::EMPTY;
                for c in frontier.iter() {
                    grow = grow.or(&geo.nbrs[c]);
                }
                libs = libs.or(&grow.and(&empty));
                let new = grow.and(&own).minus(&chain);
                if new.is_empty() {
                    break;
                }
                chain = chain.or(&new);
                frontier = new;
            }
            let touches = |e: usize| chain.intersects(&geo.edge_cells[colour as usize][e]);
            let node = Node {
                stones: chain,
                libs,
            };
            let id = match (touches(0), touches(1)) {
                (false, false) => {
                    layer.nodes.push(node);
                    (layer.nodes.len() - 1) as u16
                }
                (a, b) => {
                    let target = layer.edge_gid[if a { 0 } else { 1 }];
                    layer.absorb(target, &node);
                    if a && b && layer.edge_gid[0] != layer.edge_gid[1] {
                        // The colour has won: its edges are one node from now on.
                        let other = layer.nodes[layer.edge_gid[1] as usize];
                        let keep = layer.edge_gid[0];
                        layer.absorb(keep, &other);
                        for c in other.stones.iter().filter(|&c| c < MAX_CELLS) {
                            layer.gid[c] = keep;
                        }
                        layer.edge_gid[1] = keep;
                    }
                    target
                }
            };
            for c in chain.iter() {
                layer.gid[c] = id;
            }
        }
        layer
    }

    fn absorb(&mut self, target: u16, node: &Node) {
        let t = &mut self.nodes[target as usize];
        t.stones = t.stones.or(&node.stones);
        t.libs = t.libs.or(&node.libs);
    }

    /// The node in a slot, if it is one of this colour's nodes.
    #[inline]
    pub fn slot_node(&self, slot: Slot) -> u16 {
        match slot {
            Slot::Cell(u) if self.own.has(u as usize) => self.gid[u as usize],
            Slot::Edge(col, e) if col == self.colour => self.edge_gid[e as usize],
            _ => NONE,
        }
    }

    /// The chains (and edges) next to empty cell `u`, by id.
    pub fn groups_at(&self, geo: &Geometry, u: usize) -> Ids {
        let mut ids = Ids::EMPTY;
        for &s in &geo.ring[u] {
            let g = self.slot_node(s);
            if g != NONE {
                ids.push(g);
            }
        }
        ids
    }

    /// What empty cell `u` touches in this graph: its neighbour cells and the empty cells next
    /// to the chains (and edges) around it.
    fn reach(&self, geo: &Geometry, u: usize) -> Cells {
        let all = self.reach.get_or_init(|| {
            let mut out = vec![Cells::EMPTY; geo.nbrs.len()];
            for u in self.empty.iter() {
                let mut t = geo.nbrs[u];
                for &g in self.groups_at(geo, u).as_slice() {
                    t = t.or(&self.nodes[g as usize].libs);
                }
                out[u] = t;
            }
            out
        });
        all[u]
    }

    fn merge(&self, geo: &Geometry, k: usize) -> Merge {
        let mut ids = Ids::EMPTY;
        let mut libs = geo.nbrs[k].and(&self.empty);
        for &s in &geo.ring[k] {
            let g = self.slot_node(s);
            if g != NONE {
                ids.push(g);
                libs = libs.or(&self.nodes[g as usize].libs);
            }
        }
        libs.remove(k);
        Merge { ids, libs }
    }

    /// The empty cells where one more stone might make empty cell `c` simplicial in this graph:
    /// `.0` for a stone of this colour (a contraction), `.1` for an opponent stone (a deletion).
    /// A superset, cheap to find, that `simplicial` with the hypothesis then decides: a deleted
    /// cell must lie on every non-adjacent pair of `c`'s neighbours; a contracted one must touch
    /// both ends of one such pair.
    pub fn kill_candidates(&self, geo: &Geometry, c: usize) -> (Cells, Cells) {
        // Each neighbour node: the empty cell (if it is one) and what it touches.
        let mut cell = [usize::MAX; 12];
        let mut touch = [Cells::EMPTY; 12];
        let mut n = 0;
        let mut seen = Ids::EMPTY;
        for &s in &geo.ring[c] {
            match s {
                Slot::Cell(u) if self.empty.has(u as usize) => {
                    let u = u as usize;
                    cell[n] = u;
                    touch[n] = self.reach(geo, u);
                    n += 1;
                }
                s => {
                    let g = self.slot_node(s);
                    if g != NONE && !seen.as_slice().contains(&g) {
                        seen.push(g);
                        touch[n] = self.nodes[g as usize].libs;
                        n += 1;
                    }
                }
            }
        }
        let adjacent = |i: usize, j: usize| {
            (cell[i] != usize::MAX && touch[j].has(cell[i]))
                || (cell[j] != usize::MAX && touch[i].has(cell[j]))
        };
        let mut first = None;
        let mut on_every = [true; 12];
        for i in 0..n {
            for j in i + 1..n {
                if !adjacent(i, j) {
                    first.get_or_insert((i, j));
                    for (m, flag) in on_every.iter_mut().enumerate().take(n) {
                        *flag &= m == i || m == j;
                    }
                }
            }
        }
        let Some((i, j)) = first else {
            return (self.empty, self.empty);
        };
        let reach = |m: usize| {
            let mut t = touch[m];
            if cell[m] != usize::MAX {
                t.insert(cell[m]);
            }
            t
        };
        let mut contract = reach(i).and(&reach(j)).and(&self.empty);
        contract.remove(c);
        let mut delete = Cells::EMPTY;
        for m in 0..n {
            if on_every[m] && cell[m] != usize::MAX {
                delete.insert(cell[m]);
            }
        }
        (contract, delete)
    }

    /// True if empty cell `c` is *simplicial* in this colour's graph (with `hyp` applied): its
    /// neighbours are pairwise adjacent, so no path of the colour needs `c` and taking `c` away
    /// cuts none. The colour of `c` then never matters to who wins: `c` is dead.
    pub fn simplicial(&self, geo: &Geometry, c: usize, hyp: Hyp) -> bool {
        let merge = match hyp {
            Hyp::Contract(k) => Some(self.merge(geo, k)),
            _ => None,
        };
        let hk = match hyp {
            Hyp::None => usize::MAX,
            Hyp::Delete(k) | Hyp::Contract(k) => k,
        };
        let map = |g: u16| match &merge {
            Some(m) if m.ids.as_slice().contains(&g) => MERGED,
            _ => g,
        };
        let libs = |g: u16| -> &Cells {
            match &merge {
                Some(m) if g == MERGED => &m.libs,
                _ => &self.nodes[g as usize].libs,
            }
        };
        // The neighbours of `c`: empty cells, then at most one node (two distinct nodes are
        // never adjacent, so two of them end the test).
        let mut empties = [0usize; 6];
        let mut ne = 0;
        let mut group = NONE;
        for &s in &geo.ring[c] {
            let g = match s {
                Slot::Cell(u) if u as usize == hk => {
                    if merge.is_none() {
                        continue;
                    }
                    MERGED
                }
                Slot::Cell(u) if self.empty.has(u as usize) => {
                    empties[ne] = u as usize;
                    ne += 1;
                    continue;
                }
                s => self.slot_node(s),
            };
            if g == NONE {
                continue;
            }
            let g = map(g);
            if group == NONE {
                group = g;
            } else if group != g {
                return false;
            }
        }
        let empties = &empties[..ne];
        if group != NONE && !empties.iter().all(|&u| libs(group).has(u)) {
            return false;
        }
        // Two empty neighbours are adjacent directly or through a common node.
        for (i, &u) in empties.iter().enumerate() {
            let rest = &empties[i + 1..];
            if rest.iter().all(|&v| geo.nbrs[u].has(v)) {
                continue;
            }
            let mut near = geo.nbrs[u];
            for &s in &geo.ring[u] {
                let g = match s {
                    Slot::Cell(w) if w as usize == hk => {
                        if merge.is_none() {
                            continue;
                        }
                        MERGED
                    }
                    s => self.slot_node(s),
                };
                if g != NONE {
                    near = near.or(libs(map(g)));
                }
            }
            if !rest.iter().all(|&v| near.has(v)) {
                return false;
            }
        }
        true
    }
}

/// Both colours' graphs of a board.
pub struct Layers {
    pub geo: std::rc::Rc<Geometry>,
    pub by_colour: [Layer; 2],
}

impl Layers {
    pub fn new(board: &Board) -> Layers {
        let geo = Geometry::of(board);
        let by_colour = [0, 1].map(|z| Layer::new(&geo, board, z));
        Layers { geo, by_colour }
    }

    pub fn empty(&self) -> &Cells {
        &self.by_colour[0].empty
    }

    /// True if empty cell `c` is dead.
    #[inline]
    pub fn dead(&self, c: usize) -> bool {
        self.by_colour
            .iter()
            .any(|l| l.simplicial(&self.geo, c, Hyp::None))
    }

    /// A superset of the cells where a stone of either colour might make empty cell `c` dead.
    pub fn kill_candidates(&self, c: usize) -> Cells {
        let [(a, b), (d, e)] = self.killers(c);
        a.or(&b).or(&d).or(&e)
    }

    /// `Layer::kill_candidates` of empty cell `c` in each colour's graph: per graph, the cells
    /// where a contraction (`.0`) or a deletion (`.1`) might make `c` simplicial.
    pub fn killers(&self, c: usize) -> Killers {
        [
            self.by_colour[0].kill_candidates(&self.geo, c),
            self.by_colour[1].kill_candidates(&self.geo, c),
        ]
    }

    /// `kills`, asking a graph only where `killers` (those of `c`) says a hypothesis may kill:
    /// the same answer with fewer simplicial tests (the fill-in's captured-pair scan and the
    /// killer search ask about every pair of neighbours).
    #[inline]
    pub fn kills_among(&self, z: u8, k: usize, c: usize, killers: &Killers) -> bool {
        let z = z as usize & 1;
        (killers[z].0.has(k) && self.by_colour[z].simplicial(&self.geo, c, Hyp::Contract(k)))
            || (killers[1 - z].1.has(k)
                && self.by_colour[1 - z].simplicial(&self.geo, c, Hyp::Delete(k)))
    }

    /// True if a stone of colour `z` on empty cell `k` would make empty cell `c` dead.
    #[inline]
    pub fn kills(&self, z: u8, k: usize, c: usize) -> bool {
        let z = z as usize & 1;
        self.by_colour[z].simplicial(&self.geo, c, Hyp::Contract(k))
            || self.by_colour[1 - z].simplicial(&self.geo, c, Hyp::Delete(k))
    }
}

/// Per colour's graph, the candidate cells of a contraction and of a deletion
/// (`Layers::killers`).
pub type Killers = [(Cells, Cells); 2];
