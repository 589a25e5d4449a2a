//! Captured sets of three or four cells: a connected set R of empty cells that colour X,
//! answering every opponent move inside R with one of its own there, can always colour so
//! that R is worth as much as if X had all of it (Henderson and Hayward's captured sets;
//! Benzene draws them as hand-made patterns, here each candidate is decided by playing out
//! its small local game).
//!
//! When is a colouring of R as good as all of it X? Only X's graph decides Hex. With R all
//! X, every X node touching R (a chain, or an edge with the chains on it) and every empty
//! cell beyond R touching it end up joined. A colouring does as well if the X cells of R join
//! every such node into one component K, and every such empty cell that touches none of those
//! nodes touches a cell of K: whatever colour those outside cells get later, every X path
//! through R then has a detour through K. (An empty cell that touches one of the nodes is
//! joined to K as soon as it is X.) More X cells only join more, so the test is monotone.
//!
//! Why X may fill R, for either side to move: X plays its strategy for the filled position,
//! where R is X's and so never a move; an opponent move in R is answered in R by the local
//! strategy (or anywhere when R is full), and at the end R's colouring is as good as all X.
//! The opponent, conversely, loses nothing by R being X's: more X stones never help it. And
//! since the test looks at the empty cells beyond R as if they might go either way, it stays
//! true as stones are added elsewhere. Checked by brute force in `tests`.

use crate::games::hex::board::Cells;

use super::fill::Layers;
use super::layer::NO_NODE;

/// The most cells a captured set has here.
const MAX_SET: usize = 4;
/// The most X nodes and lone outside cells a candidate may touch (more is never captured
/// by so few cells in practice, and keeps the local game's tables small).
const MAX_NODES: usize = 4;
const MAX_FREE: usize = 3;

/// The first captured set of 3 or 4 empty cells (outside `skip`) for colour `z` in the
/// position `layers` was built from. Candidates are connected sets of *walled* cells (at most
/// four of their six ring slots empty), so the open board costs nothing.
pub fn find(layers: &Layers, z: u8, skip: &Cells) -> Option<Cells> {
    let geo = &layers.geo;
    let empty = layers.empty();
    let mut walled = Cells::EMPTY;
    for c in empty.minus(skip).iter() {
        if geo.nbrs[c].and(empty).len() <= 4 {
            walled.insert(c);
        }
    }
    let mut found = None;
    for a in walled.iter() {
        let mut set = Cells::EMPTY;
        set.insert(a);
        let mut higher = walled;
        for c in walled.iter() {
            if c <= a {
                higher.remove(c);
            }
        }
        let ext = geo.nbrs[a].and(&higher);
        grow(layers, z, &higher, set, 1, ext, &mut found);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Enumerates each connected set within `pool` that holds `set` once (extending only by the
/// cells of `ext`, and by neighbours of the newly added cell that touch nothing in `set`),
/// testing those of size 3 and 4.
fn grow(
    layers: &Layers,
    z: u8,
    pool: &Cells,
    set: Cells,
    size: usize,
    mut ext: Cells,
    found: &mut Option<Cells>,
) {
    let geo = &layers.geo;
    while let Some(w) = ext.first() {
        ext.remove(w);
        let mut next = set;
        next.insert(w);
        if size + 1 >= 3 && captured(layers, z, &next) {
            *found = Some(next);
            return;
        }
        if size + 1 < MAX_SET {
            let mut near = Cells::EMPTY;
            for c in set.iter() {
                near = near.or(&geo.nbrs[c]);
            }
            let fresh = geo.nbrs[w].and(pool).minus(&near).minus(&next);
            grow(layers, z, pool, next, size + 1, ext.or(&fresh), found);
            if found.is_some() {
                return;
            }
        }
    }
}

/// True if colour `z` captures the connected empty set `set` (2 to 4 cells): the local game,
/// the opponent moving first, ends in a colouring as good as all of it `z`'s.
pub fn captured(layers: &Layers, z: u8, set: &Cells) -> bool {
    let geo = &layers.geo;
    let layer = &layers.by_colour[z as usize & 1];
    let k = set.len();
    if !(2..=MAX_SET).contains(&k) {
        return false;
    }
    let mut cells = [0usize; MAX_SET];
    for (i, c) in set.iter().enumerate() {
        cells[i] = c;
    }
    let cells = &cells[..k];
    // The X nodes touching the set, and per cell which of them it touches.
    let mut ids = [NO_NODE; MAX_NODES];
    let mut n_ids = 0;
    let mut node_mask = [0u8; MAX_SET];
    let mut libs = Cells::EMPTY;
    for (i, &c) in cells.iter().enumerate() {
        for &s in &geo.ring[c] {
            let g = layer.slot_node(s);
            if g == NO_NODE {
                continue;
            }
            let j = match ids[..n_ids].iter().position(|&x| x == g) {
                Some(j) => j,
                None if n_ids == MAX_NODES => return false,
                None => {
                    ids[n_ids] = g;
                    n_ids += 1;
                    libs = libs.or(&layer.nodes[g as usize].libs);
                    n_ids - 1
                }
            };
            node_mask[i] |= 1 << j;
        }
    }
    if n_ids == 0 {
        return false;
    }
    // The empty cells beyond the set that touch none of those nodes.
    let mut around = Cells::EMPTY;
    for &c in cells {
        around = around.or(&geo.nbrs[c]);
    }
    let beyond = around.and(layers.empty()).minus(set).minus(&libs);
    if beyond.len() > MAX_FREE {
        return false;
    }
    let mut free = [0usize; MAX_FREE];
    for (i, f) in beyond.iter().enumerate() {
        free[i] = f;
    }
    let free = &free[..beyond.len()];
    let mut cell_mask = [0u8; MAX_SET];
    let mut free_mask = [0u8; MAX_SET];
    for (i, &c) in cells.iter().enumerate() {
        for (j, &d) in cells.iter().enumerate() {
            if geo.nbrs[c].has(d) {
                cell_mask[i] |= 1 << j;
            }
        }
        for (j, &f) in free.iter().enumerate() {
            if geo.nbrs[c].has(f) {
                free_mask[i] |= 1 << j;
            }
        }
    }
    let all_nodes = (1u8 << n_ids) - 1;
    let all_free = (1u8 << free.len()) - 1;
    // good[m]: the colouring with X on the cells of mask m does as well as all X.
    let mut good = [false; 1 << MAX_SET];
    for (m, g) in good.iter_mut().enumerate().take(1 << k) {
        let m = m as u8;
        // Grow K from node 0 through X cells and the nodes they touch.
        let (mut nodes, mut reached) = (1u8, 0u8);
        loop {
            let mut more = reached;
            for i in 0..k {
                if m & (1 << i) != 0 && (node_mask[i] & nodes != 0 || cell_mask[i] & reached != 0) {
                    more |= 1 << i;
                }
            }
            let mut touched = nodes;
            for (i, mask) in node_mask.iter().enumerate().take(k) {
                if more & (1 << i) != 0 {
                    touched |= mask;
                }
            }
            if more == reached && touched == nodes {
                break;
            }
            reached = more;
            nodes = touched;
        }
        let mut seen = 0u8;
        for (i, mask) in free_mask.iter().enumerate().take(k) {
            if reached & (1 << i) != 0 {
                seen |= mask;
            }
        }
        *g = nodes == all_nodes && seen == all_free;
    }
    let full = ((1u16 << k) - 1) as u8;
    if !good[full as usize] {
        return false;
    }
    second_wins(&good, full, 0, 0)
}

/// The local game: the opponent to move with `x` and `y` the cells taken by each side; true if
/// the side that answers can always end in a good colouring.
fn second_wins(good: &[bool], full: u8, x: u8, y: u8) -> bool {
    let open = full & !(x | y);
    if open == 0 {
        return good[x as usize];
    }
    (0..8).filter(|i| open & (1 << i) != 0).all(|i| {
        let y = y | (1 << i);
        let rest = open & !(1 << i);
        if rest == 0 {
            return good[x as usize];
        }
        (0..8)
            .filter(|j| rest & (1 << j) != 0)
            .any(|j| second_wins(good, full, x | (1 << j), y))
    })
}
