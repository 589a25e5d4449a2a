//! Virtual connections, the simple and sound kind: bridges and two-cell edge templates.
//!
//! Two chains of one colour with two common empty neighbours are virtually connected: whichever
//! the opponent takes, the other joins them. A chain with two empty neighbours on its edge's row
//! is virtually connected to that edge (template II). A path of such links from edge to edge
//! whose two-cell carriers are pairwise disjoint wins the game even with the opponent to move:
//! every intrusion is answered in the same carrier. We only claim wins we can show this way, so
//! the answer is never wrong, only sometimes silent.

use super::super::board::{Board, Cells, Edge};
use super::super::groups::Groups;

/// Bounds the path search (chains are few; this only guards pathological boards).
const MAX_STEPS: usize = 4000;

/// A node of the link graph: an edge or a chain.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Node {
    Start,
    End,
    Group(usize),
}

/// The cells a link may use (empty for a solid connection); `None` if there is no link.
fn link(board: &Board, groups: &Groups, a: Node, b: Node) -> Option<Cells> {
    let [e1, e2] = Edge::of(groups.color);
    let to_edge = |g: usize, i: usize, e: Edge| -> Option<Cells> {
        let gr = &groups.list[g];
        if gr.edges[i] {
            return Some(Cells::EMPTY);
        }
        let on_row = gr.liberties.and(&board.edge_cells(e));
        (on_row.len() >= 2).then_some(on_row)
    };
    match (a, b) {
        (Node::Group(g), Node::Start) | (Node::Start, Node::Group(g)) => to_edge(g, 0, e1),
        (Node::Group(g), Node::End) | (Node::End, Node::Group(g)) => to_edge(g, 1, e2),
        (Node::Group(g), Node::Group(h)) if g != h => {
            let common = groups.list[g].liberties.and(&groups.list[h].liberties);
            (common.len() >= 2).then_some(common)
        }
        _ => None,
    }
}

/// Picks two cells of `options` outside `used`; a solid link needs none.
fn claim(options: &Cells, used: &Cells) -> Option<Cells> {
    if options.is_empty() {
        return Some(Cells::EMPTY);
    }
    let free = options.minus(used);
    let mut it = free.iter();
    let (a, b) = (it.next()?, it.next()?);
    let mut c = Cells::EMPTY;
    c.insert(a);
    c.insert(b);
    Some(c)
}

/// If `groups.color` is virtually connected edge to edge, the union of the carriers used
/// (empty when the chain is already solid).
pub fn winning_chain(board: &Board, groups: &Groups) -> Option<Cells> {
    if groups.connected() {
        return Some(Cells::EMPTY);
    }
    let n = groups.list.len();
    if n == 0 {
        return None;
    }
    let mut visited = vec![false; n];
    let mut steps = 0;
    dfs(
        board,
        groups,
        Node::Start,
        Cells::EMPTY,
        &mut visited,
        &mut steps,
    )
}

fn dfs(
    board: &Board,
    groups: &Groups,
    at: Node,
    used: Cells,
    visited: &mut [bool],
    steps: &mut usize,
) -> Option<Cells> {
    *steps += 1;
    if *steps > MAX_STEPS {
        return None;
    }
    if at != Node::Start {
        if let Some(opts) = link(board, groups, at, Node::End) {
            if let Some(c) = claim(&opts, &used) {
                return Some(used.or(&c));
            }
        }
    }
    for g in 0..groups.list.len() {
        if visited[g] {
            continue;
        }
        let Some(opts) = link(board, groups, at, Node::Group(g)) else {
            continue;
        };
        let Some(c) = claim(&opts, &used) else {
            continue;
        };
        visited[g] = true;
        if let Some(r) = dfs(board, groups, Node::Group(g), used.or(&c), visited, steps) {
            return Some(r);
        }
        // A chain that cannot lead on from here will not from elsewhere with more cells used.
    }
    None
}

/// True if `color` can still join its edges through empty cells and its own stones.
pub fn can_connect(board: &Board, color: u8) -> bool {
    let open = board.all_cells().minus(board.stones(1 - color));
    let [e1, e2] = Edge::of(color);
    let mut seen = board.edge_cells(e1).and(&open);
    let goal = board.edge_cells(e2);
    let mut stack: Vec<usize> = seen.iter().collect();
    while let Some(c) = stack.pop() {
        if goal.has(c) {
            return true;
        }
        for n in board.neighbours(c) {
            if open.has(n) && !seen.has(n) {
                seen.insert(n);
                stack.push(n);
            }
        }
    }
    false
}

/// The empty cells where a stone of `groups.color` would complete its connection at once: the
/// cell and the chains next to it reach both of the colour's edges between them.
pub fn winning_cells(board: &Board, groups: &Groups) -> Cells {
    let [e1, e2] = Edge::of(groups.color);
    let mut wins = Cells::EMPTY;
    for c in board.empty_cells().iter() {
        let (mut a, mut b) = (board.on_edge(c, e1), board.on_edge(c, e2));
        for n in board.neighbours(c) {
            if let Some(g) = groups.list.get(groups.of_cell[n] as usize) {
                a |= g.edges[0];
                b |= g.edges[1];
            }
        }
        if a && b {
            wins.insert(c);
        }
    }
    wins
}
