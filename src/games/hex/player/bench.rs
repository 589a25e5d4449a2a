//! `sente bench hex-mcts`: the Hex benchmark positions, then the 11×11 and 13×13 middle games
//! (`bench::middle_games`) each followed by the game's next search on the kept subtree (`6+2`:
//! after the move and the reply the first search expects, as `genmove` reuses its tree),
//! searched by the Monte-Carlo player, a fixed number of playouts each (or a fixed time with
//! `--movetime`). With one thread the trees are deterministic: the per-position tree sizes and
//! tree hashes on stderr are the search's signature (a speedup that leaves them unchanged
//! searched the same tree), and the `nodes` of the summary line are playouts.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::mcts::{search, Outcome, Settings, NODE_BYTES};
use super::tree::{Node, Tree};
use crate::bench::{BenchArgs, BenchTotals};
use crate::games::hex::bench::{middle_games, positions};
use crate::games::hex::board::Board;

/// Playouts per position when no time is given.
pub const DEFAULT_PLAYOUTS: u64 = 20_000;

pub fn run(args: &BenchArgs) -> BenchTotals {
    let mut tree = Tree::new((args.hash_mb << 20) / NODE_BYTES);
    let stop = AtomicBool::new(false);
    let settings = Settings {
        threads: args.threads,
        time: args.movetime_ms.map(Duration::from_millis),
        playouts: args.movetime_ms.is_none().then_some(DEFAULT_PLAYOUTS),
        seed: 1,
    };
    let mut playouts = 0;
    let start = Instant::now();
    let first = positions();
    for (i, pos) in first.iter().chain(&middle_games()).enumerate() {
        tree.clear();
        let o = search(
            pos.board(),
            pos.to_move(),
            &tree,
            &settings,
            &stop,
            &mut |_| {},
        );
        report(&format!("{:>2}", i + 1), pos.board(), &tree, &o);
        playouts += o.playouts;
        // A middle game goes on as a game would: our move and the reply the search expects,
        // then the next search on the subtree kept from this one (`genmove`'s reuse).
        if i < first.len() || o.proven.is_some() || o.pv.len() < 2 {
            continue;
        }
        let mut board = *pos.board();
        board.place(pos.to_move(), o.pv[0]);
        board.place(1 - pos.to_move(), o.pv[1]);
        if !tree.descend(&[o.pv[0] as u16, o.pv[1] as u16]) {
            continue;
        }
        let o = search(&board, pos.to_move(), &tree, &settings, &stop, &mut |_| {});
        report(&format!("{:>2}+2", i + 1), &board, &tree, &o);
        playouts += o.playouts;
    }
    BenchTotals {
        depth: 0,
        nodes: playouts,
        elapsed: start.elapsed(),
    }
}

/// One search's line on stderr: the tree's size and hash are its signature.
fn report(name: &str, board: &Board, tree: &Tree, o: &Outcome) {
    eprintln!(
        "position {name}: {}x{} best {:?} mean {:.3} playouts {} tree {} nodes hash {:016x} time {} ms",
        board.width(),
        board.width(),
        o.best.map(|c| board.cell_name(c)),
        o.mean,
        o.playouts,
        o.tree_nodes,
        tree_hash(tree, tree.root()),
        o.elapsed.as_millis()
    );
}

/// A hash of every node below `node` (cell, statistics, proof and prior, depth first): equal
/// hashes mean the same tree.
pub fn tree_hash(tree: &Tree, node: &Node) -> u64 {
    use std::sync::atomic::Ordering::Relaxed;
    let fields = [
        node.cell.load(Relaxed) as u64,
        node.visits() as u64,
        node.wins.load(Relaxed) as u64,
        node.rave_visits.load(Relaxed) as u64,
        node.rave_wins.load(Relaxed) as u64,
        node.proof() as u64,
        node.prior().to_bits() as u64,
    ];
    // FNV-1a over the fields, then the children's hashes.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| {
        h ^= v;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    fields.into_iter().for_each(&mut mix);
    for kid in tree.children(node) {
        mix(tree_hash(tree, kid));
    }
    h
}
