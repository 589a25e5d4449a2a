//! The search tree that every thread grows at once without a lock (Enzenberger and Müller's
//! lock-free tree, as in Fuego, whose framework MoHex is built on): nodes live in one array
//! handed out by an atomic counter, a node's children are a contiguous block published by a
//! single release store, and the statistics are atomic counters that threads add to. A race
//! costs at most a lost update, which averages out over thousands of playouts.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU8, AtomicUsize, Ordering::*};

use super::vc_cache::{VcCache, VC_CACHE_BYTES};

/// Who a node's proof is for: the player who made the move into it.
pub const UNPROVEN: u8 = 0;
pub const MOVER_WINS: u8 = 1;
pub const MOVER_LOSES: u8 = 2;

/// Expansion states.
const LEAF: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;
/// Expanded, and the knowledge step (`mcts::knowledge`) has marked the children.
const KNOWN: u8 = 3;

/// One move of the tree and what the playouts through it said, from the view of the player
/// who made the move.
#[derive(Default)]
pub struct Node {
    pub cell: AtomicU16,
    pub visits: AtomicU32,
    pub wins: AtomicU32,
    /// All-moves-as-first: playouts from the parent in which the mover took this cell at any
    /// time, and how many of those the mover won.
    pub rave_visits: AtomicU32,
    pub rave_wins: AtomicU32,
    first_child: AtomicU32,
    children: AtomicU16,
    state: AtomicU8,
    pub proof: AtomicU8,
    /// The move's prior (`prior::priors`), rounded to units of 1/65535, as the bits of the
    /// `f32` that selection reads: stored ready, since selection reads every child's prior and
    /// a division there cost more than the node's spare bytes (the node stays 32 bytes).
    prior: AtomicU32,
}

impl Node {
    pub fn proof(&self) -> u8 {
        self.proof.load(Relaxed)
    }
    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }
    /// The move's prior probability (0 when none was given).
    pub fn prior(&self) -> f32 {
        f32::from_bits(self.prior.load(Relaxed))
    }
    /// Replaces the move's prior (the knowledge step's connection-restoring bonus, `vcm`).
    pub fn set_prior(&self, p: f32) {
        let units = (p.clamp(0.0, 1.0) * u16::MAX as f32) as u16;
        self.prior
            .store((units as f32 / u16::MAX as f32).to_bits(), Relaxed);
    }
    /// Adds `n` visits with `w` wins (also the virtual loss: visits first, wins later).
    ///
    /// A load and a store, not a `fetch_add`: threads that add to the same node at once may
    /// lose an update (as in Fuego's lock-free tree), but a locked add on counters every thread
    /// touches (the root's children take a RAVE update from every playout) costs more than the
    /// playout and made a second thread worth nothing.
    pub fn add(&self, n: u32, w: u32) {
        if n > 0 {
            bump(&self.visits, n);
        }
        if w > 0 {
            bump(&self.wins, w);
        }
    }
    pub fn add_rave(&self, won: bool) {
        bump(&self.rave_visits, 1);
        if won {
            bump(&self.rave_wins, 1);
        }
    }
}

/// Adds to a shared counter without a locked instruction (a concurrent add may be lost).
#[inline]
fn bump(counter: &AtomicU32, n: u32) {
    counter.store(counter.load(Relaxed).wrapping_add(n), Relaxed);
}

/// A node's values, to move it (`Tree::compact`).
struct NodeValues {
    cell: u16,
    visits: u32,
    wins: u32,
    rave_visits: u32,
    rave_wins: u32,
    first_child: u32,
    children: u16,
    state: u8,
    proof: u8,
    prior: u32,
}

impl NodeValues {
    /// `node`'s values, its children (if any) to start at `first_child`.
    fn of(node: &Node, first_child: u32) -> NodeValues {
        let state = node.state.load(Relaxed);
        let grown = state >= EXPANDED;
        NodeValues {
            cell: node.cell.load(Relaxed),
            visits: node.visits.load(Relaxed),
            wins: node.wins.load(Relaxed),
            rave_visits: node.rave_visits.load(Relaxed),
            rave_wins: node.rave_wins.load(Relaxed),
            first_child: if grown { first_child } else { 0 },
            children: if grown {
                node.children.load(Relaxed)
            } else {
                0
            },
            // A node stuck while expanding (the tree was full) is a leaf again.
            state: if grown { state } else { LEAF },
            proof: node.proof.load(Relaxed),
            prior: node.prior.load(Relaxed),
        }
    }

    fn write(&self, node: &Node) {
        node.cell.store(self.cell, Relaxed);
        node.visits.store(self.visits, Relaxed);
        node.wins.store(self.wins, Relaxed);
        node.rave_visits.store(self.rave_visits, Relaxed);
        node.rave_wins.store(self.rave_wins, Relaxed);
        node.first_child.store(self.first_child, Relaxed);
        node.children.store(self.children, Relaxed);
        node.state.store(self.state, Relaxed);
        node.proof.store(self.proof, Relaxed);
        node.prior.store(self.prior, Relaxed);
    }
}

/// `n` default nodes straight from the allocator's zeroed memory. Filling the default 256 MB
/// tree node by node took 170-250 ms (more under load) inside the first `genmove`, before its
/// clock could see it, and made a 100 ms move forfeit; fresh zeroed pages cost nothing until a
/// playout touches them.
fn zeroed_nodes(n: usize) -> Vec<Node> {
    let layout = std::alloc::Layout::array::<Node>(n).expect("a node count that fits in memory");
    assert!(layout.size() > 0);
    // SAFETY: every field of `Node` is an atomic integer, for which all-zero bytes are a valid
    // value (and `Node::default()`); the memory comes from the global allocator with the
    // layout of exactly `n` nodes, so it is the allocation `Vec::from_raw_parts` expects for
    // length and capacity `n`, and the vector frees it with that layout.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout).cast::<Node>();
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(p, n, n)
    }
}

/// The tree: `nodes[root]` is the root (`nodes[0]` after `clear`, a grandchild of the old
/// root after `descend`), and its knowledge nodes' connection sets, named by their paths from
/// the root, which follow it.
pub struct Tree {
    nodes: Vec<Node>,
    next: AtomicUsize,
    root: usize,
    sets: VcCache,
}

impl Tree {
    /// A tree of at most `capacity` nodes (32 bytes each).
    pub fn new(capacity: usize) -> Tree {
        Tree {
            nodes: zeroed_nodes(capacity.max(2)),
            next: AtomicUsize::new(1),
            root: 0,
            sets: VcCache::new(VC_CACHE_BYTES),
        }
    }

    /// The connection sets of the knowledge nodes, kept for the nodes below them.
    pub fn sets(&self) -> &VcCache {
        &self.sets
    }

    /// Empties the tree for a new search (single-threaded: between searches).
    pub fn clear(&mut self) {
        self.sets.clear();
        self.root = 0;
        self.next.store(1, Relaxed);
        let root = &self.nodes[0];
        for a in [&root.visits, &root.wins, &root.rave_visits, &root.rave_wins] {
            a.store(0, Relaxed);
        }
        root.state.store(LEAF, Relaxed);
        root.children.store(0, Relaxed);
        root.proof.store(UNPROVEN, Relaxed);
    }

    pub fn root(&self) -> &Node {
        &self.nodes[self.root]
    }

    /// Makes the root's descendant through `cells` (moves in order) the new root, keeping
    /// what the searches below it learnt; false (and nothing changed) if the tree does not
    /// hold it, or holds it proved: a proof may stand without the moves that make it (the
    /// knowledge step proves a node from its connections alone, and counts a pruned move,
    /// which the opponent may well play, as lost), so a search from there would end at once
    /// with nothing to play.
    pub fn descend(&mut self, cells: &[u16]) -> bool {
        let mut at = self.root;
        for &cell in cells {
            let node = &self.nodes[at];
            if node.state.load(Acquire) < EXPANDED {
                return false;
            }
            let first = node.first_child.load(Relaxed) as usize;
            let n = node.children.load(Relaxed) as usize;
            match (first..first + n).find(|&i| self.nodes[i].cell.load(Relaxed) == cell) {
                Some(i) => at = i,
                None => return false,
            }
        }
        if self.nodes[at].proof() != UNPROVEN {
            return false;
        }
        self.root = at;
        self.sets.descend(cells);
        true
    }

    /// Moves the root's subtree to the front of the node array, the root at `nodes[0]`, and
    /// frees the rest: after `descend` the old root's other lines still hold their nodes, so
    /// a tree kept from search to search fills up and has to be cleared, losing the work on
    /// the position reached. The opening book's long searches keep theirs this way
    /// (`book`); `genmove` does not (measured no stronger: `genmove::REUSE_MAX_FILL`).
    /// Breadth first, so each node's children stay one contiguous block; a node left a leaf
    /// because the tree was full may grow again. Single-threaded, between searches.
    pub fn compact(&mut self) {
        if self.root == 0 {
            return;
        }
        // Old indices in their new order; a block's new start is where its first child lands.
        let mut order = vec![self.root];
        let mut first_new = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let node = &self.nodes[order[i]];
            let (first, n) = if node.state.load(Relaxed) >= EXPANDED {
                (
                    node.first_child.load(Relaxed) as usize,
                    node.children.load(Relaxed) as usize,
                )
            } else {
                (0, 0)
            };
            first_new.push(order.len() as u32);
            order.extend(first..first + n);
            i += 1;
        }
        let copies: Vec<NodeValues> = order
            .iter()
            .zip(&first_new)
            .map(|(&old, &first)| NodeValues::of(&self.nodes[old], first))
            .collect();
        for (node, copy) in self.nodes.iter().zip(&copies) {
            copy.write(node);
        }
        self.root = 0;
        self.next.store(copies.len(), Relaxed);
    }

    /// The share of the node array in use.
    pub fn fill(&self) -> f64 {
        self.used() as f64 / self.nodes.len() as f64
    }

    pub fn used(&self) -> usize {
        self.next.load(Relaxed).min(self.nodes.len())
    }

    /// The children of `node` once expanded (an empty slice before).
    pub fn children(&self, node: &Node) -> &[Node] {
        if node.state.load(Acquire) < EXPANDED {
            return &[];
        }
        let first = node.first_child.load(Relaxed) as usize;
        let n = node.children.load(Relaxed) as usize;
        &self.nodes[first..first + n]
    }

    /// Claims `node`'s knowledge step: true for the one caller that should do it (once the
    /// node is expanded).
    pub fn claim_knowledge(&self, node: &Node) -> bool {
        node.state
            .compare_exchange(EXPANDED, KNOWN, AcqRel, Relaxed)
            .is_ok()
    }

    /// Gives `node` one child per cell of `cells`, each starting with `prior` (visits, wins)
    /// and with the prior probability of `priors` (same order; none if empty), unless another
    /// thread is expanding it or the tree is full. True if this call did it.
    pub fn expand(&self, node: &Node, cells: &[(u16, u32, u32)], priors: &[f32]) -> bool {
        if cells.is_empty()
            || node
                .state
                .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
                .is_err()
        {
            return false;
        }
        let first = self.next.fetch_add(cells.len(), Relaxed);
        if first + cells.len() > self.nodes.len() {
            // Full: the node stays a leaf for good (playouts still run from it).
            node.state.store(EXPANDING, Relaxed);
            return false;
        }
        for (i, (child, &(cell, n, w))) in self.nodes[first..].iter().zip(cells).enumerate() {
            child.set_prior(priors.get(i).copied().unwrap_or(0.0));
            child.cell.store(cell, Relaxed);
            child.visits.store(n, Relaxed);
            child.wins.store(w, Relaxed);
            child.rave_visits.store(0, Relaxed);
            child.rave_wins.store(0, Relaxed);
            child.children.store(0, Relaxed);
            child.state.store(LEAF, Relaxed);
            child.proof.store(UNPROVEN, Relaxed);
        }
        node.first_child.store(first as u32, Relaxed);
        node.children.store(cells.len() as u16, Relaxed);
        node.state.store(EXPANDED, Release);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new tree's nodes read as defaults, and the default 256 MB tree is not written when it
    /// is made (its pages stay untouched: the first move's clock does not pay for them).
    #[test]
    fn a_new_tree_is_zeroed_without_touching_its_memory() {
        let t = Tree::new(64);
        let n = &t.nodes[63];
        let d = Node::default();
        assert_eq!(
            (
                n.cell.load(Relaxed),
                n.visits(),
                n.proof(),
                n.prior.load(Relaxed)
            ),
            (
                d.cell.load(Relaxed),
                d.visits(),
                d.proof(),
                d.prior.load(Relaxed)
            )
        );
        assert!(t.children(t.root()).is_empty());
        #[cfg(target_os = "linux")]
        {
            let rss_kb = || {
                std::fs::read_to_string("/proc/self/status")
                    .unwrap()
                    .lines()
                    .find_map(|l| l.strip_prefix("VmRSS:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                    .unwrap()
            };
            let before = rss_kb();
            let big = Tree::new((256 << 20) / std::mem::size_of::<Node>());
            let grown = rss_kb().saturating_sub(before);
            assert!(grown < 128 << 10, "a 256 MB tree took {grown} kB at once");
            drop(big);
        }
    }

    #[test]
    fn children_appear_once_expanded_with_their_priors() {
        let t = Tree::new(16);
        assert!(t.children(t.root()).is_empty());
        assert!(t.expand(t.root(), &[(3, 2, 1), (5, 0, 0)], &[]));
        assert!(
            !t.expand(t.root(), &[(7, 0, 0)], &[]),
            "a node is expanded once"
        );
        let kids = t.children(t.root());
        assert_eq!(kids.len(), 2);
        assert_eq!(kids[0].cell.load(Relaxed), 3);
        assert_eq!((kids[0].visits(), kids[0].wins.load(Relaxed)), (2, 1));
    }

    #[test]
    fn a_node_is_32_bytes_and_keeps_its_prior_to_1_in_65535() {
        // The tree's capacity for a memory budget, so the searches' shape, depends on it.
        assert_eq!(std::mem::size_of::<Node>(), 32);
        let n = Node::default();
        assert_eq!(n.prior(), 0.0);
        for p in [0.0, 0.3, 1.0 / 7.0, 1.0, 1.5] {
            n.set_prior(p);
            let units = (p.clamp(0.0, 1.0) * 65535.0) as u16;
            assert_eq!(n.prior(), units as f32 / 65535.0);
        }
    }

    #[test]
    fn a_full_tree_leaves_nodes_as_leaves() {
        let t = Tree::new(3);
        assert!(t.expand(t.root(), &[(1, 0, 0), (2, 0, 0)], &[]));
        let kid = &t.children(t.root())[0];
        assert!(!t.expand(kid, &[(4, 0, 0), (5, 0, 0)], &[]));
        assert!(t.children(kid).is_empty());
    }

    #[test]
    fn descend_keeps_the_subtree_of_the_moves_played() {
        let mut t = Tree::new(16);
        t.expand(t.root(), &[(1, 0, 0), (2, 0, 0)], &[]);
        let kid = &t.children(t.root())[1];
        t.expand(kid, &[(3, 4, 2), (4, 0, 0)], &[]);
        assert!(!t.descend(&[2, 5]), "no such move");
        assert!(t.descend(&[2, 3]));
        assert_eq!(t.root().cell.load(Relaxed), 3);
        assert_eq!(t.root().visits(), 4);
        assert!(!t.descend(&[1]), "a leaf has no children");
    }

    #[test]
    fn descend_refuses_a_proved_node() {
        let mut t = Tree::new(16);
        t.expand(t.root(), &[(1, 0, 0), (2, 0, 0)], &[]);
        let kid = &t.children(t.root())[0];
        t.expand(kid, &[(3, 4, 2), (4, 0, 0)], &[]);
        // A move the knowledge step pruned: counted as lost for its mover.
        t.children(kid)[1].proof.store(MOVER_LOSES, Relaxed);
        assert!(!t.descend(&[1, 4]));
        assert_eq!(t.root().cell.load(Relaxed), 0, "the root stays");
        assert!(t.descend(&[1, 3]));
    }

    /// The subtree below `node` as (cell, visits, wins, proof, prior bits) in depth-first
    /// order, children in their order.
    fn shape(t: &Tree, node: &Node) -> Vec<(u16, u32, u32, u8, u32, usize)> {
        let mut out = vec![(
            node.cell.load(Relaxed),
            node.visits(),
            node.wins.load(Relaxed),
            node.proof(),
            node.prior.load(Relaxed),
            t.children(node).len(),
        )];
        for k in t.children(node) {
            out.extend(shape(t, k));
        }
        out
    }

    #[test]
    fn compact_keeps_the_root_subtree_and_frees_the_rest() {
        let mut t = Tree::new(64);
        t.expand(t.root(), &[(1, 0, 0), (2, 0, 0), (3, 0, 0)], &[]);
        let [a, b, _] = t.children(t.root()) else {
            panic!()
        };
        t.expand(a, &[(10, 1, 1), (11, 0, 0)], &[]);
        t.expand(b, &[(20, 3, 1), (21, 5, 2)], &[0.25, 0.75]);
        let b21 = &t.children(b)[1];
        t.expand(b21, &[(30, 2, 2), (31, 0, 0), (32, 1, 0)], &[]);
        t.children(b21)[1].proof.store(MOVER_LOSES, Relaxed);
        let b20 = &t.children(b)[0];
        t.expand(b20, &[(40, 7, 3)], &[]);
        t.expand(&t.children(b20)[0], &[(50, 1, 1), (51, 0, 0)], &[]);
        assert!(t.descend(&[2]));
        let before = shape(&t, t.root());
        let live = before.len();
        assert!(t.used() > live);
        t.compact();
        assert_eq!(shape(&t, t.root()), before, "the same subtree");
        assert_eq!(t.used(), live, "nothing else kept");
        assert_eq!(t.root().cell.load(Relaxed), 2);
        // The freed room is used again and the moved nodes still descend and grow.
        assert!(t.descend(&[21, 32]));
        assert!(t.expand(t.root(), &[(60, 0, 0)], &[]));
        assert_eq!(t.used(), live + 1);
    }

    #[test]
    fn compact_lets_a_node_the_full_tree_left_a_leaf_grow() {
        let mut t = Tree::new(5);
        t.expand(t.root(), &[(1, 0, 0), (2, 0, 0)], &[]);
        let kid = &t.children(t.root())[0];
        t.expand(kid, &[(3, 0, 0), (4, 0, 0)], &[]);
        let grand = &t.children(kid)[0];
        assert!(!t.expand(grand, &[(5, 0, 0), (6, 0, 0)], &[]), "full");
        assert!(t.descend(&[1, 3]));
        t.compact();
        assert_eq!(t.used(), 1);
        assert!(t.expand(t.root(), &[(5, 0, 0), (6, 0, 0)], &[]));
        assert_eq!(t.children(t.root()).len(), 2);
    }

    #[test]
    fn clear_starts_again_from_an_empty_root() {
        let mut t = Tree::new(8);
        t.expand(t.root(), &[(1, 0, 0)], &[]);
        t.root().add(5, 3);
        t.clear();
        assert!(t.children(t.root()).is_empty());
        assert_eq!(t.root().visits(), 0);
        assert_eq!(t.used(), 1);
    }
}
