//! Domination by local patterns, each proved by brute force when it is met.
//!
//! For the side to move X, empty cell `k` dominates empty cell `c` (X@k is at least as good as
//! X@c) when swapping the colours of the two cells never costs X a connection: X answers as in
//! its winning strategy for c, imagining its stone on c and, once the opponent takes c, the
//! opponent's stone on k; at the end the real board is the imagined one with c and k swapped
//! (or with both X's), so X wins if every filled board with X@c, O@k that X wins is still won
//! with X@k, O@c.
//!
//! That holds for every filling of the board if it holds inside a region R around both cells
//! (here their empty neighbourhoods N[c] ∪ N[k]): X's winning path crosses R in segments, each
//! joining two *ports* (X's chains and edges next to R, and the empty cells just outside R); so
//! it is enough that for every filling of R's other cells, every two ports that X's stones in R
//! join with X@c, O@k are joined with X@k, O@c (through R's stones and the chains between
//! them). `dominates` checks exactly that over all the fillings, at most 2^8: the local pattern
//! of Benzene's dominated-cell catalogue, proved for the position at hand rather than read from
//! a file. On random small boards it finds dominations the neighbourhood rule of `inferior`
//! misses (the test), but among the solver's moves (must-play, after that rule) it found none
//! on the 6×6 openings (2,855 nodes with and without; after 6×6 c3 c4 only a1 and f6, the
//! obtuse corners): the region is too small for Benzene's edge patterns, which reach two or
//! three rows. So the solver leaves it off (`solver::node::SWAP_DOMINATION`).

use crate::games::hex::board::Cells;

use super::layer::Layers;

/// Ports beyond this many: the pattern is too open to dominate anything (not checked).
const MAX_PORTS: usize = 64;

/// True if, for `mover` to move, X@`k` is at least as good as X@`c` by the swap argument above
/// (both cells empty and distinct, the layers those of the current board).
pub fn dominates(layers: &Layers, mover: u8, c: usize, k: usize) -> bool {
    let geo = &layers.geo;
    let empty = layers.empty();
    let layer = &layers.by_colour[mover as usize & 1];
    // R: c, k, then c's own neighbours, the common ones and k's own, so that the fillings
    // tried first (small numbers) are those near c, where a counterexample usually lies.
    let nc = geo.nbrs[c].and(empty);
    let nk = geo.nbrs[k].and(empty);
    let mut region: Vec<usize> = vec![c, k];
    for set in [nc.minus(&nk), nc.and(&nk), nk.minus(&nc)] {
        region.extend(set.iter().filter(|&u| u != c && u != k));
    }
    let n = region.len();
    let mut in_region = Cells::EMPTY;
    region.iter().for_each(|&u| in_region.insert(u));
    // Each cell's neighbours in R (bit i: region[i]) and ports (bit p: ports[p]).
    let mut adj = [0u16; 16];
    let mut port_of = [0u64; 16];
    let mut ports: Vec<u32> = Vec::new();
    let port_bit = |id: u32, ports: &mut Vec<u32>| -> Option<u64> {
        let p = match ports.iter().position(|&q| q == id) {
            Some(p) => p,
            None => {
                ports.push(id);
                ports.len() - 1
            }
        };
        (p < MAX_PORTS).then(|| 1u64 << p)
    };
    // Group ports are numbered by node id, cell ports by cell past every node id.
    const CELL_PORT: u32 = 1 << 20;
    let mut group_ports = 0u64;
    for (i, &u) in region.iter().enumerate() {
        for (j, &v) in region.iter().enumerate() {
            if geo.nbrs[u].has(v) {
                adj[i] |= 1 << j;
            }
        }
        for &g in layer.groups_at(geo, u).as_slice() {
            let Some(b) = port_bit(g as u32, &mut ports) else {
                return false;
            };
            port_of[i] |= b;
            group_ports |= b;
        }
        for v in geo.nbrs[u].and(empty).minus(&in_region).iter() {
            let Some(b) = port_bit(CELL_PORT + v as u32, &mut ports) else {
                return false;
            };
            port_of[i] |= b;
        }
    }
    // The ports X's stones `x` (a bitmask over R) join: one port mask per component.
    let components = |x: u16, out: &mut [u64; 16]| -> usize {
        let mut left = x;
        let mut count = 0;
        while left != 0 {
            let mut comp = left & left.wrapping_neg();
            loop {
                let mut grow = comp;
                let mut bits = comp;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    grow |= adj[i] & x;
                }
                if grow == comp {
                    break;
                }
                comp = grow;
            }
            left &= !comp;
            let mut mask = 0;
            let mut bits = comp;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                mask |= port_of[i];
            }
            out[count] = mask;
            count += 1;
        }
        count
    };
    let (bit_c, bit_k) = (1u16, 2u16);
    let others = n - 2;
    let mut b_comps = [0u64; 16];
    let mut a_comps = [0u64; 16];
    let mut classes = [0u64; 16];
    for f in 0..1u32 << others {
        let fill = (f as u16) << 2;
        let nb = components(fill | bit_c, &mut b_comps);
        if b_comps[..nb].iter().all(|m| m.count_ones() < 2) {
            continue;
        }
        let na = components(fill | bit_k, &mut a_comps);
        // Components sharing a chain (or edge) are joined through it.
        let mut nc = 0;
        for &m in &a_comps[..na] {
            let mut m = m;
            let mut i = 0;
            while i < nc {
                if classes[i] & m & group_ports != 0 {
                    m |= classes[i];
                    nc -= 1;
                    classes[i] = classes[nc];
                    i = 0;
                } else {
                    i += 1;
                }
            }
            classes[nc] = m;
            nc += 1;
        }
        let joined = |m: &u64| m.count_ones() < 2 || classes[..nc].iter().any(|&cl| m & !cl == 0);
        if !b_comps[..nb].iter().all(joined) {
            return false;
        }
    }
    true
}

/// Removes from `moves` (the moves a solver will try, best first) every cell that an empty
/// neighbour dominates (`dominates`), where that neighbour is one of the moves still standing
/// or one of `losing` (cells known to lose: then the cell below it loses too). Only these: a
/// cell left out of `moves` for being inferior to one of them might be the very cell it
/// would remove. A cell is removed only by one still standing, so two cells that dominate each
/// other cannot remove each other.
pub fn prune(layers: &Layers, mover: u8, moves: &mut Vec<u16>, losing: &Cells) {
    let mut standing = Cells::EMPTY;
    moves.iter().for_each(|&c| standing.insert(c as usize));
    let mut removed = Cells::EMPTY;
    for &c in moves.iter() {
        let c = c as usize;
        let by = layers.geo.nbrs[c]
            .and(&standing.or(losing))
            .iter()
            .find(|&k| dominates(layers, mover, c, k));
        if by.is_some() {
            removed.insert(c);
            standing.remove(c);
        }
    }
    moves.retain(|&c| !removed.has(c as usize));
}
