//! `sente bench hex-mcts`: the Hex benchmark positions searched by the Monte-Carlo player, a
//! fixed number of playouts each (or a fixed time with `--movetime`). With one thread the
//! trees are deterministic: the per-position tree sizes on stderr are the search's signature,
//! and the `nodes` of the summary line are playouts.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::mcts::{search, Settings, NODE_BYTES};
use super::tree::Tree;
use crate::bench::{BenchArgs, BenchTotals};
use crate::games::hex::bench::positions;

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
    for (i, pos) in positions().iter().enumerate() {
        tree.clear();
        let o = search(
            pos.board(),
            pos.to_move(),
            &tree,
            &settings,
            &stop,
            &mut |_| {},
        );
        eprintln!(
            "position {:>2}: best {:?} mean {:.3} playouts {} tree {} nodes time {} ms",
            i + 1,
            o.best.map(|c| pos.board().cell_name(c)),
            o.mean,
            o.playouts,
            o.tree_nodes,
            o.elapsed.as_millis()
        );
        playouts += o.playouts;
    }
    BenchTotals {
        depth: 0,
        nodes: playouts,
        elapsed: start.elapsed(),
    }
}
