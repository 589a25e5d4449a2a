//! Connection-restoring replies (MoHex 2.0's "VC maintenance"): when a move of the side to
//! play enters every full connection the opponent has between two of its chains (or a chain
//! and an edge), the opponent's replies that restore it are the keys of that pair's semi
//! connections whose carriers the probe left alone. The bridge save is the simplest case;
//! this finds the same reply for every template the connection engine knows (edge templates,
//! chains of bridges, ...), which the 12-cell patterns cannot see.
//!
//! The knowledge step of a node computes the replies to each of its moves from the node's
//! connection sets; the reply's node gets them as a prior bonus (`prior::with_bonus`).

use crate::games::hex::board::{Board, Cells};
use crate::games::hex::vc::VcSet;

/// For each cell of `probes`, the replies of `theirs.color` that restore a connection the
/// probe breaks (empty cells; probes without a reply are left out).
pub fn replies(board: &Board, theirs: &VcSet, probes: &Cells) -> Vec<(usize, Cells)> {
    let mut nodes: Vec<u16> = vec![theirs.edge_node(0), theirs.edge_node(1)];
    for c in board.stones(theirs.color()).iter() {
        if let Some(x) = theirs.node_of(c) {
            if !nodes.contains(&x) {
                nodes.push(x);
            }
        }
    }
    let mut out: Vec<(usize, Cells)> = Vec::new();
    let empty = board.empty_cells();
    for (i, &x) in nodes.iter().enumerate() {
        for &y in &nodes[i + 1..] {
            let fulls = theirs.fulls(x, y);
            let Some(first) = fulls.first() else {
                continue;
            };
            // The cells that break every full connection of the pair.
            let inter = fulls[1..].iter().fold(*first, |a, f| a.and(f));
            let hit = inter.and(probes);
            if hit.is_empty() {
                continue;
            }
            for probe in hit.iter() {
                let mut keys = Cells::EMPTY;
                for s in theirs.semis(x, y) {
                    let key = s.key as usize;
                    if !s.carrier.has(probe) && key != probe && empty.has(key) {
                        keys.insert(key);
                    }
                }
                if keys.is_empty() {
                    continue;
                }
                match out.iter_mut().find(|(p, _)| *p == probe) {
                    Some((_, r)) => *r = r.or(&keys),
                    None => out.push((probe, keys)),
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::board::{BLACK, WHITE};
    use crate::games::hex::player::test_board as board;

    fn names(b: &Board, c: &Cells) -> Vec<String> {
        c.iter().map(|x| b.cell_name(x)).collect()
    }

    #[test]
    fn entering_a_bridge_asks_for_its_other_cell() {
        // Black d4 and e5 bridge through e4 and d5 (9x9, White's stones far away): White's
        // probe at e4 is answered at d5, and the other way round.
        let b = board(9, &["d4", "e5"], &["a9"]);
        let set = VcSet::build(&b, BLACK);
        let e4 = b.parse_cell("e4").unwrap();
        let d5 = b.parse_cell("d5").unwrap();
        let mut probes = Cells::EMPTY;
        probes.insert(e4);
        probes.insert(d5);
        let r = replies(&b, &set, &probes);
        let at = |p: usize| r.iter().find(|(q, _)| *q == p).unwrap().1;
        assert!(at(e4).has(d5), "{:?}", names(&b, &at(e4)));
        assert!(at(d5).has(e4), "{:?}", names(&b, &at(d5)));
    }

    #[test]
    fn a_cell_outside_every_carrier_asks_for_nothing() {
        let b = board(9, &["d4", "e5"], &["a9"]);
        let set = VcSet::build(&b, BLACK);
        let mut probes = Cells::EMPTY;
        // h2 lies in no carrier between d4, e5 and Black's edges that every full shares.
        probes.insert(b.parse_cell("h2").unwrap());
        assert!(replies(&b, &set, &probes).is_empty());
        // White's own set: White a9's connections are not Black's to restore.
        let w = VcSet::build(&b, WHITE);
        let mut probe = Cells::EMPTY;
        probe.insert(b.parse_cell("e4").unwrap());
        assert!(replies(&b, &w, &probe).is_empty());
    }
}
