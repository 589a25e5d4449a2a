//! Dead regions behind a chain: empty cells that colour Z can reach from neither of its edges
//! without passing through the empty neighbours K of one of its chains (or of an edge with the
//! chains on it). In Z's graph K is a clique (every two of its cells are joined through the
//! chain), so a Z path that enters such a region from K and leaves it through K can take the
//! chain instead: no minimal edge-to-edge path of Z goes through the region, its colours never
//! decide whether Z connects, and as one side connects exactly when the other does not, they
//! decide nothing at all: the cells are dead, however large the region. This finds dead cells
//! that the neighbourhood test (`Layer::simplicial`) misses, such as a pocket of two or more
//! cells walled in by one chain and the opponent's stones (Benzene's clique-cutset dead
//! regions, here as a flood fill per chain).

use crate::games::hex::board::{Board, Cells};
use crate::games::hex::groups::MAX_CELLS;

use super::geometry::Geometry;
use super::layer::Layers;

/// The empty cells of `board` (whose graphs `layers` holds) in a dead region behind some chain
/// of either colour, or reachable from neither edge of a colour at all.
pub fn dead_regions(layers: &Layers, board: &Board) -> Cells {
    let geo = &layers.geo;
    let empty = layers.empty();
    let mut dead = Cells::EMPTY;
    for layer in &layers.by_colour {
        let z = layer.colour as usize & 1;
        let pass = empty.or(board.stones(layer.colour));
        for node in &layer.nodes {
            // A lone stone's neighbours enclose nothing but the stone; an edge node without
            // chains has its own row as neighbours, behind which nothing lies.
            let stones = node.stones.iter().filter(|&c| c < MAX_CELLS).count();
            let edge = node.stones.iter().any(|c| c >= MAX_CELLS);
            if stones < 2 && !(edge && stones > 0) {
                continue;
            }
            let mut reached = Cells::EMPTY;
            for side in &geo.edge_cells[z] {
                reached = flood(geo, side.and(&pass), &pass, &node.libs, reached);
            }
            dead = dead.or(&empty.minus(&reached));
        }
    }
    dead
}

/// `reached` plus the cells of `pass` reachable from `start` through cells of `pass`, without
/// going on from a cell of `stop` (which is reached, not crossed).
fn flood(geo: &Geometry, start: Cells, pass: &Cells, stop: &Cells, reached: Cells) -> Cells {
    let mut reached = reached.or(&start);
    let mut frontier = start.minus(stop);
    while !frontier.is_empty() {
        let mut grow = Cells::EMPTY;
        for c in frontier.iter() {
            grow = grow.or(&geo.nbrs[c]);
        }
        let new = grow.and(pass).minus(&reached);
        reached = reached.or(&new);
        frontier = new.minus(stop);
    }
    reached
}
