//! Counters of the tree's shape, for making the search narrower with figures instead of games
//! (issue 39): per node kind, how many moves a node that fails low generates and searches, how
//! often the first move cuts, how many cuts come from a move past Rapfi's move-count limit
//! (moves our ordering put late that a count limit would prune), and the share of nodes in the
//! threat quiescence. Off unless asked for (`sente bench renju --stats`): a worker without them
//! pays one predictable branch per node.

/// What a node answers, from the opponent's threat (the move picker's mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Every candidate.
    Full,
    /// An open three (or double-four point) of the opponent to answer.
    Defend,
    /// A four-three point of the opponent to answer.
    FourThree,
    /// One reply: our five, or the block of the opponent's four.
    Forced,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Full, Kind::Defend, Kind::FourThree, Kind::Forced];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Full => "full",
            Kind::Defend => "defend",
            Kind::FourThree => "4-3",
            Kind::Forced => "forced",
        }
    }
}

/// The counters of one kind of node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindStats {
    pub nodes: u64,
    /// Nodes where no move reached alpha.
    pub fail_low: u64,
    /// Moves the picker generated at those nodes (the table move included).
    pub fail_low_generated: u64,
    /// Moves searched at those nodes (the rest were pruned).
    pub fail_low_searched: u64,
    /// Nodes cut off by a move (beta reached).
    pub cuts: u64,
    /// Of those, cut by the first move searched.
    pub first_move_cuts: u64,
    /// Cuts at non-PV nodes.
    pub non_pv_cuts: u64,
    /// Of those, by a move past Rapfi's move-count limit for the node's depth.
    pub cuts_past_limit: u64,
}

impl KindStats {
    fn add(&mut self, o: &KindStats) {
        self.nodes += o.nodes;
        self.fail_low += o.fail_low;
        self.fail_low_generated += o.fail_low_generated;
        self.fail_low_searched += o.fail_low_searched;
        self.cuts += o.cuts;
        self.first_move_cuts += o.first_move_cuts;
        self.non_pv_cuts += o.non_pv_cuts;
        self.cuts_past_limit += o.cuts_past_limit;
    }
}

/// The counters of one search (its main thread).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub kinds: [KindStats; 4],
    /// Nodes of the threat quiescence.
    pub leaf_nodes: u64,
    /// (depth, nodes, milliseconds) at the end of each completed iteration.
    pub iterations: Vec<(u32, u64, u64)>,
}

/// How a node of the main search ended, as `Stats::node` records it.
#[derive(Clone, Copy, Debug)]
pub struct NodeEnd {
    pub kind: Kind,
    /// Depth left, in plies.
    pub depth: i32,
    pub pv: bool,
    /// The static evaluation is better than two plies before (Rapfi's `improving`).
    pub improving: bool,
    pub generated: usize,
    pub searched: usize,
    /// The 1-based index of the move that reached beta, if one did.
    pub cut_by: Option<usize>,
    /// No move reached alpha.
    pub failed_low: bool,
}

/// Rapfi's move-count limit at `depth` plies: (3 + depth^1.32) / (2 - improving).
pub fn count_limit(depth: i32, improving: bool) -> usize {
    let base = 3.0 + (depth.max(0) as f64).powf(1.32);
    (base / if improving { 1.0 } else { 2.0 }) as usize
}

impl Stats {
    pub fn node(&mut self, e: NodeEnd) {
        let k = &mut self.kinds[e.kind as usize];
        k.nodes += 1;
        if e.failed_low {
            k.fail_low += 1;
            k.fail_low_generated += e.generated as u64;
            k.fail_low_searched += e.searched as u64;
        }
        if let Some(i) = e.cut_by {
            k.cuts += 1;
            k.first_move_cuts += u64::from(i == 1);
            if !e.pv {
                k.non_pv_cuts += 1;
                k.cuts_past_limit += u64::from(i > count_limit(e.depth, e.improving));
            }
        }
    }

    pub fn leaf(&mut self) {
        self.leaf_nodes += 1;
    }

    /// Adds another search's counters (a suite's total).
    pub fn add(&mut self, o: &Stats) {
        for (a, b) in self.kinds.iter_mut().zip(&o.kinds) {
            a.add(b);
        }
        self.leaf_nodes += o.leaf_nodes;
    }

    /// The share of nodes in the quiescence.
    pub fn leaf_share(&self) -> f64 {
        let inner: u64 = self.kinds.iter().map(|k| k.nodes).sum();
        ratio(self.leaf_nodes, inner + self.leaf_nodes)
    }

    /// One line per kind and the leaf share, as the ladder reads them.
    pub fn table(&self) -> String {
        let mut s = String::from(
            "kind     nodes  fail-low  generated/fl  searched/fl  first-cut  past-limit\n",
        );
        for kind in Kind::ALL {
            let k = &self.kinds[kind as usize];
            s.push_str(&format!(
                "{:<7} {:>7} {:>9} {:>13.1} {:>12.1} {:>9.1}% {:>10.1}%\n",
                kind.name(),
                k.nodes,
                k.fail_low,
                ratio(k.fail_low_generated, k.fail_low),
                ratio(k.fail_low_searched, k.fail_low),
                100.0 * ratio(k.first_move_cuts, k.cuts),
                100.0 * ratio(k.cuts_past_limit, k.non_pv_cuts),
            ));
        }
        s.push_str(&format!(
            "leaf share {:.1}% ({} quiescence nodes)\n",
            100.0 * self.leaf_share(),
            self.leaf_nodes
        ));
        s
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rapfis_count_limit_grows_with_depth_and_doubles_when_improving() {
        assert_eq!(count_limit(1, false), 2);
        assert_eq!(count_limit(1, true), 4);
        assert_eq!(count_limit(4, true), 9);
        assert!(count_limit(10, false) > count_limit(4, false));
    }

    #[test]
    fn nodes_are_counted_by_kind_and_outcome() {
        let mut s = Stats::default();
        let end = |kind, cut_by, failed_low| NodeEnd {
            kind,
            depth: 1,
            pv: false,
            improving: false,
            generated: 10,
            searched: 4,
            cut_by,
            failed_low,
        };
        s.node(end(Kind::Full, Some(1), false));
        s.node(end(Kind::Full, Some(5), false));
        s.node(end(Kind::Full, None, true));
        s.node(end(Kind::Defend, None, true));
        s.leaf();
        let f = s.kinds[Kind::Full as usize];
        assert_eq!((f.nodes, f.cuts, f.first_move_cuts), (3, 2, 1));
        assert_eq!(
            (f.fail_low, f.fail_low_generated, f.fail_low_searched),
            (1, 10, 4)
        );
        // At depth 1 the limit is 2 moves: the fifth move's cut is past it.
        assert_eq!((f.non_pv_cuts, f.cuts_past_limit), (2, 1));
        assert_eq!(s.kinds[Kind::Defend as usize].fail_low, 1);
        assert!((s.leaf_share() - 0.2).abs() < 1e-9);
        assert!(s.table().contains("defend"));
    }
}
