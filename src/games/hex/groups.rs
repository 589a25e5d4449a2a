//! A colour's chains (groups of connected stones) with their empty neighbours and the edges
//! they touch: the common ground of the two-distance, resistance and virtual-connection code,
//! which all see a chain as a single node.

use super::board::{Board, Cells, Edge, MAX_SIDE};

pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
pub const NO_GROUP: u16 = u16::MAX;

#[derive(Clone, Debug)]
pub struct Group {
    pub stones: Cells,
    /// Empty cells next to the chain.
    pub liberties: Cells,
    /// Touches the colour's first edge (top or left) / second edge (bottom or right).
    pub edges: [bool; 2],
}

pub struct Groups {
    pub color: u8,
    /// The group of each cell holding a stone of `color`, `NO_GROUP` elsewhere.
    pub of_cell: [u16; MAX_CELLS],
    pub list: Vec<Group>,
}

impl Groups {
    pub fn new(board: &Board, color: u8) -> Groups {
        let mut of_cell = [NO_GROUP; MAX_CELLS];
        let mut list = Vec::new();
        let empty = board.empty_cells();
        let own = *board.stones(color);
        let [e1, e2] = Edge::of(color);
        for s in own.iter() {
            if of_cell[s] != NO_GROUP {
                continue;
            }
            let stones = board.chain(color, s);
            let id = list.len() as u16;
            let mut liberties = Cells::EMPTY;
            let mut edges = [false; 2];
            for c in stones.iter() {
                of_cell[c] = id;
                edges[0] |= board.on_edge(c, e1);
                edges[1] |= board.on_edge(c, e2);
                for n in board.neighbours(c) {
                    if empty.has(n) {
                        liberties.insert(n);
                    }
                }
            }
            list.push(Group {
                stones,
                liberties,
                edges,
            });
        }
        Groups {
            color,
            of_cell,
            list,
        }
    }

    /// True if one chain already joins both edges.
    pub fn connected(&self) -> bool {
        self.list.iter().any(|g| g.edges[0] && g.edges[1])
    }

    /// The empty cells reachable from the empty cell `c` in one step, where a step may run
    /// through own chains at no cost (as the two-distance and the VC code see the board).
    pub fn reach(&self, board: &Board, empty: &Cells, c: usize) -> Cells {
        let mut r = Cells::EMPTY;
        for n in board.neighbours(c) {
            if empty.has(n) {
                r.insert(n);
            } else if self.of_cell[n] != NO_GROUP {
                r = r.or(&self.list[self.of_cell[n] as usize].liberties);
            }
        }
        r.remove(c);
        r
    }

    /// Whether the empty cell `c` touches edge `i` (0 or 1) of the colour, directly or through
    /// an own chain.
    pub fn touches_edge(&self, board: &Board, c: usize, i: usize) -> bool {
        let e = Edge::of(self.color)[i];
        board.on_edge(c, e)
            || board.neighbours(c).any(|n| {
                let g = self.of_cell[n];
                g != NO_GROUP && self.list[g as usize].edges[i]
            })
    }
}
