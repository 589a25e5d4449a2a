//! The electrical evaluation of Shannon's Hex machine and Hexy (Anshelevich): a colour's board
//! is a resistor network between its two edges. An empty cell is a 1 Ω resistor, an own stone a
//! short circuit (own chains are merged into one node), an opponent's stone an open circuit.
//! Two neighbouring nodes are joined by the sum of their resistances, so an empty–empty link is
//! 2 Ω and an empty–chain link 1 Ω. The first edge is held at 1 V, the second at 0 V; the
//! network is solved by successive over-relaxation (Gauss–Seidel), which converges fast on these
//! sparse, diagonally dominant systems. Low resistance means a strong connection; the current
//! through a cell says how much the connection relies on it.

use super::board::{Board, Edge};
use super::groups::{Groups, MAX_CELLS, NO_GROUP};

/// Stop when no potential moves by more than this in one sweep.
const TOLERANCE: f32 = 3e-4;
/// Conductance of a sound virtual connection between own chains, or between a chain and its
/// edge (a bridge with both carrier cells empty, the two-cell edge template): nearly a short
/// circuit, as Wolve's VC-aware resistance has it.
const VC_CONDUCTANCE: f32 = 20.0;

pub struct Resistance {
    /// Total resistance between the edges (`f32::INFINITY` when cut off, 0 when connected).
    pub ohms: f32,
    /// Current through each empty cell (sum of the absolute currents on its links, halved).
    pub flow: [f32; MAX_CELLS],
}

impl Resistance {
    pub fn new(board: &Board, groups: &Groups) -> Resistance {
        let mut flow = [0.0f32; MAX_CELLS];
        if groups.connected() {
            return Resistance { ohms: 0.0, flow };
        }
        if !super::vc::can_connect(board, groups.color) {
            return Resistance {
                ohms: f32::INFINITY,
                flow,
            };
        }
        // Nodes: empty cells first, then one per own chain.
        let n_cells = board.size();
        let empty = board.empty_cells();
        let mut node_of = vec![u16::MAX; n_cells];
        let mut cells: Vec<usize> = Vec::with_capacity(n_cells);
        for c in empty.iter() {
            node_of[c] = cells.len() as u16;
            cells.push(c);
        }
        let n_empty = cells.len();
        let n = n_empty + groups.list.len();
        for (c, slot) in node_of.iter_mut().enumerate() {
            let g = groups.of_cell[c];
            if g != NO_GROUP {
                *slot = (n_empty + g as usize) as u16;
            }
        }
        // Links (node, conductance) per node, and the conductance to each edge.
        let mut pairs: Vec<(u16, u16, f32)> = Vec::with_capacity(n_empty * 8);
        let mut to_edge = vec![[0.0f32; 2]; n];
        let mut fixed: Vec<Option<f32>> = vec![None; n];
        for (gi, g) in groups.list.iter().enumerate() {
            if g.edges[0] {
                fixed[n_empty + gi] = Some(1.0);
            } else if g.edges[1] {
                fixed[n_empty + gi] = Some(0.0);
            }
        }
        let edges = Edge::of(groups.color);
        let color = groups.color;
        // Whether `c` is one row off edge `e` with both of its cells on that edge empty (the
        // two-cell edge template).
        let template = |c: usize, e: Edge| {
            !board.on_edge(c, e) && {
                let mut row = board.neighbours(c).filter(|&n| board.on_edge(n, e));
                matches!((row.next(), row.next()), (Some(a), Some(b))
                    if empty.has(a) && empty.has(b))
            }
        };
        for s in board.stones(color).iter() {
            let a = node_of[s];
            for (k, e) in edges.iter().enumerate() {
                if template(s, *e) {
                    to_edge[a as usize][k] += VC_CONDUCTANCE;
                }
            }
            for (d, [x, y]) in board.bridges(s) {
                let b = node_of[d];
                if b != a && board.color_at(d) == Some(color) && empty.has(x) && empty.has(y) {
                    pairs.push((a, b, VC_CONDUCTANCE)); // `d` pushes the other direction
                }
            }
        }
        for (i, &c) in cells.iter().enumerate() {
            for (k, e) in edges.iter().enumerate() {
                // On the edge, or one row off it with a template: one cell's resistance away.
                if board.on_edge(c, *e) || template(c, *e) {
                    to_edge[i][k] = 1.0;
                }
            }
            // A bridge conducts like a neighbour: either carrier cell completes it.
            for (d, [x, y]) in board.bridges(c) {
                let j = node_of[d];
                if j == u16::MAX || !empty.has(x) || !empty.has(y) {
                    continue;
                }
                let g = if (j as usize) < n_empty { 0.5 } else { 1.0 };
                pairs.push((i as u16, j, g));
                if j as usize >= n_empty {
                    pairs.push((j, i as u16, g));
                }
            }
            for nb in board.neighbours(c) {
                let j = node_of[nb];
                if j == u16::MAX {
                    continue; // the opponent's stone: an open circuit
                }
                let g = if (j as usize) < n_empty { 0.5 } else { 1.0 };
                pairs.push((i as u16, j, g));
                if j as usize >= n_empty {
                    pairs.push((j, i as u16, g));
                }
            }
        }
        // Links per node in one flat array (compressed rows): `links[start[i]..start[i + 1]]`.
        let mut start = vec![0usize; n + 1];
        for &(a, _, _) in &pairs {
            start[a as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut flat = vec![(0u16, 0.0f32); pairs.len()];
        for &(a, b, g) in &pairs {
            flat[fill[a as usize]] = (b, g);
            fill[a as usize] += 1;
        }
        let links = |i: usize| &flat[start[i]..start[i + 1]];
        let mut v = vec![0.5f32; n];
        for (i, f) in fixed.iter().enumerate() {
            if let Some(x) = f {
                v[i] = *x;
            }
        }
        let side = board.width().max(board.height());
        let max_sweeps = 60 + 12 * side;
        // The classic optimum for a grid of this side: 2 / (1 + sin(π / (side + 1))); it cuts
        // the sweeps several times over against plain Gauss–Seidel (ω = 1).
        let omega = 2.0 / (1.0 + (std::f32::consts::PI / (side as f32 + 1.0)).sin());
        for _ in 0..max_sweeps {
            let mut delta = 0.0f32;
            for i in 0..n {
                if fixed[i].is_some() {
                    continue;
                }
                let mut num = to_edge[i][0];
                let mut den = to_edge[i][0] + to_edge[i][1];
                for &(j, g) in links(i) {
                    num += g * v[j as usize];
                    den += g;
                }
                if den == 0.0 {
                    continue;
                }
                let target = num / den;
                let new = v[i] + omega * (target - v[i]);
                delta = delta.max((new - v[i]).abs());
                v[i] = new;
            }
            if delta < TOLERANCE {
                break;
            }
        }
        // Current leaving the 1 V edge: straight into nodes linked to it, and on through the
        // chains held at 1 V (to their neighbours, and to the far edge by a template).
        let mut current = 0.0f32;
        for i in 0..n {
            current += to_edge[i][0] * (1.0 - v[i]);
            if fixed[i] == Some(1.0) {
                current += to_edge[i][1];
                for &(j, g) in links(i) {
                    current += g * (1.0 - v[j as usize]);
                }
            }
        }
        for (i, &c) in cells.iter().enumerate() {
            let mut f = to_edge[i][0] * (1.0 - v[i]).abs() + to_edge[i][1] * v[i].abs();
            for &(j, g) in links(i) {
                f += g * (v[i] - v[j as usize]).abs();
            }
            flow[c] = f * 0.5;
        }
        let ohms = if current > 1e-6 {
            1.0 / current
        } else {
            f32::INFINITY
        };
        Resistance { ohms, flow }
    }
}
