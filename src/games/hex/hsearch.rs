//! H-search (Anshelevich): virtual connections built bottom-up by two rules, for the solver.
//!
//! Nodes are the colour's two edges, its chains and the empty cells. Two adjacent nodes are
//! *fully* connected with an empty carrier. AND rule: full connections x–z and z–y with disjoint
//! carriers give a full connection x–y when z is a stone (or an edge, which behaves like one),
//! and a *semi* connection (one move short, z its key) when z is empty. OR rule: semi connections
//! x–y whose carriers have an empty intersection give a full connection (whichever the opponent
//! blocks, another key remains). A full edge-to-edge connection wins against any defence; the
//! carriers of edge-to-edge semi connections bound where the opponent must play. Lists are kept
//! short (the smallest carriers), which loses connections but never makes a wrong one.

use super::board::{Board, Cells, Edge};
use super::groups::Groups;

const MAX_FULL: usize = 8;
const MAX_SEMI: usize = 24;
const MAX_ROUNDS: usize = 8;

pub struct Connections {
    /// A full edge-to-edge connection's carrier, if one was found.
    pub win: Option<Cells>,
    /// Carriers (key included) of edge-to-edge semi connections.
    pub semis: Vec<Cells>,
}

/// Adds `c` to `list` unless a subset is already there; drops supersets; keeps `max`.
fn add(list: &mut Vec<Cells>, c: Cells, max: usize) -> bool {
    if list.iter().any(|e| e.minus(&c).is_empty()) {
        return false;
    }
    list.retain(|e| !c.minus(e).is_empty());
    list.push(c);
    list.sort_by_key(|e| e.len());
    list.truncate(max);
    list.contains(&c)
}

/// Connections are computed from *anchors* (the two edges and the chains) to every node; two
/// empty cells are only related by adjacency. That keeps the work near-linear in the board while
/// still finding bridges, edge templates (the ziggurat among them) and chains of them.
pub fn connections(board: &Board, color: u8) -> Connections {
    let groups = Groups::new(board, color);
    if groups.connected() {
        return Connections {
            win: Some(Cells::EMPTY),
            semis: Vec::new(),
        };
    }
    let empties: Vec<usize> = board.empty_cells().iter().collect();
    let anchors = 2 + groups.list.len();
    let n = anchors + empties.len();
    let mut node_of_cell = vec![usize::MAX; board.size()];
    for (i, &c) in empties.iter().enumerate() {
        node_of_cell[c] = anchors + i;
    }
    for (c, slot) in node_of_cell.iter_mut().enumerate() {
        let g = groups.of_cell[c];
        if g != super::groups::NO_GROUP {
            *slot = 2 + g as usize;
        }
    }
    // The empty cell of a node, as a set (empty for anchors): it must stay out of carriers.
    let own = |x: usize| -> Cells {
        let mut s = Cells::EMPTY;
        if x >= anchors {
            s.insert(empties[x - anchors]);
        }
        s
    };
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    // The same adjacency as a matrix, for constant-time tests in the inner loop.
    let mut is_adj = vec![false; n * n];
    let mut connect = |adj: &mut Vec<Vec<usize>>, x: usize, y: usize| {
        if x != y && !is_adj[x * n + y] {
            is_adj[x * n + y] = true;
            is_adj[y * n + x] = true;
            adj[x].push(y);
            adj[y].push(x);
        }
    };
    let [e1, e2] = Edge::of(color);
    for (gi, g) in groups.list.iter().enumerate() {
        for (k, &touch) in g.edges.iter().enumerate() {
            if touch {
                connect(&mut adj, k, 2 + gi);
            }
        }
    }
    for &c in &empties {
        let x = node_of_cell[c];
        if board.on_edge(c, e1) {
            connect(&mut adj, 0, x);
        }
        if board.on_edge(c, e2) {
            connect(&mut adj, 1, x);
        }
        for nb in board.neighbours(c) {
            let y = node_of_cell[nb];
            if y != usize::MAX {
                connect(&mut adj, x, y);
            }
        }
    }
    // full[x * n + y] / semi[...] for anchors x; anchor pairs are kept both ways round.
    let mut full: Vec<Vec<Cells>> = vec![Vec::new(); anchors * n];
    let mut semi: Vec<Vec<Cells>> = vec![Vec::new(); anchors * n];
    for x in 0..anchors {
        for &y in &adj[x] {
            full[x * n + y].push(Cells::EMPTY);
        }
    }
    let empty_only = [Cells::EMPTY];
    let mut fresh_full: Vec<(usize, usize, Cells)> = Vec::new();
    let mut fresh_semi: Vec<(usize, usize, Cells)> = Vec::new();
    for _round in 0..MAX_ROUNDS {
        fresh_full.clear();
        fresh_semi.clear();
        for x in 0..anchors {
            for z in 0..n {
                if z == x || full[x * n + z].is_empty() {
                    continue;
                }
                let z_cell = own(z);
                let ys = adj[z].iter().copied().chain(0..anchors);
                for y in ys {
                    if y == x || y == z {
                        continue;
                    }
                    let second: &[Cells] = if z < anchors {
                        &full[z * n + y]
                    } else if y < anchors {
                        &full[y * n + z]
                    } else if is_adj[z * n + y] {
                        &empty_only
                    } else {
                        &[]
                    };
                    if second.is_empty() {
                        continue;
                    }
                    let (ox, oy) = (own(x), own(y));
                    for a in &full[x * n + z] {
                        if a.intersects(&oy) {
                            continue;
                        }
                        for b in second {
                            if b.intersects(&ox) || a.intersects(b) {
                                continue;
                            }
                            let u = a.or(b);
                            if z >= anchors {
                                fresh_semi.push((x, y, u.or(&z_cell)));
                            } else {
                                fresh_full.push((x, y, u));
                            }
                        }
                    }
                }
            }
        }
        let mut changed = false;
        for &(x, y, c) in &fresh_full {
            if add(&mut full[x * n + y], c, MAX_FULL) {
                changed = true;
                if y < anchors {
                    add(&mut full[y * n + x], c, MAX_FULL);
                }
            }
        }
        for &(x, y, c) in &fresh_semi {
            if add(&mut semi[x * n + y], c, MAX_SEMI) {
                changed = true;
                if y < anchors {
                    add(&mut semi[y * n + x], c, MAX_SEMI);
                }
            }
        }
        // OR rule: semi connections with no cell common to all give a full one.
        for x in 0..anchors {
            for y in 0..n {
                let s = &semi[x * n + y];
                if s.len() < 2 {
                    continue;
                }
                let mut made = Vec::new();
                for i in 0..s.len() {
                    let (mut inter, mut union) = (s[i], s[i]);
                    for (j, t) in s.iter().enumerate() {
                        if j != i && inter.and(t) != inter {
                            inter = inter.and(t);
                            union = union.or(t);
                            if inter.is_empty() {
                                made.push(union);
                                break;
                            }
                        }
                    }
                }
                for c in made {
                    if add(&mut full[x * n + y], c, MAX_FULL) {
                        changed = true;
                        if y < anchors {
                            add(&mut full[y * n + x], c, MAX_FULL);
                        }
                    }
                }
            }
        }
        if !full[1].is_empty() || !changed {
            break;
        }
    }
    Connections {
        win: full[1].first().copied(),
        semis: semi[1].clone(),
    }
}
