//! One colour's virtual connections between every pair of nodes, built by H-search
//! (Anshelevich; van Rijswijck's thesis, 2.1–2.4) and kept up to date move by move.
//!
//! Nodes are the colour's two edges, its chains (a chain touching an edge *is* that edge, as in
//! Benzene) and the empty cells. A node is numbered by a cell (a chain by its smallest cell,
//! its *captain*) or `size`/`size + 1` for the first/second edge. Carriers hold empty cells
//! only, never an endpoint.
//!
//! - Base: adjacent nodes are fully connected with an empty carrier.
//! - AND: full x–m and m–y with disjoint carriers (neither holding the other endpoint) give a
//!   full x–y when m is a chain, and a semi x–y with key m (carrier plus m) when m is empty.
//!   Full x–m and semi m–y through a chain m give a semi x–y. Like Benzene's default
//!   (`and_over_edge` off), an edge is never the middle node.
//! - OR: semis x–y whose carriers have no common cell give a full x–y (whichever cell the
//!   opponent takes, a key outside it remains): every combination of up to `MAX_ORS` semis
//!   with the new one (`or_combinations`), and greedy unions of any number of them that avoid
//!   the cells common to the pair's fulls (`or_greedy`).
//!
//! New connections go through a work queue, so an update after a move only derives what the
//! move changed: the connections whose carriers it touched are dropped (for the opponent they
//! are broken; for the mover they are kept in the merged chain's form where the stone was an
//! endpoint), and the mover's new chain restarts the rules from its connections. Edge templates
//! (the bridge to an edge, the ziggurat …) come out of the two rules; nothing is listed.

use std::collections::VecDeque;

use super::super::board::{Bits, Board, Cells, Edge};
use super::captured::{self, Shape};
use super::list::{
    full_and_no_larger, or_combinations, or_greedy, subset, with_caps, Semi, MAX_FULL, MAX_SEMI,
};
use super::store::Store;
use super::templates;
use std::sync::Arc;

/// The exhaustive OR rule combines at most this many semis: the new one and one other whose
/// carrier misses it. Benzene's `max_ors` is 4; with the greedy OR beside it (no bound on the
/// number of semis) 3 gave as many nodes on 6×6 as 4 and was a quarter faster, and 2 leaves
/// the trees within 0.3 % of 3's (6×6 openings 5,327 df-pn nodes against 5,323, 7×7 sample
/// 16,214 against 16,174) for 15 % less CPU per position on 8×8 (a1, first 3,000 nodes): the
/// triples the greedy union misses are rare, and trying them is most of the OR's work.
pub const MAX_ORS: usize = 2;
/// With captured pairs, the semi lists between two non-edge nodes hold at most this many
/// carriers (edge pairs keep `MAX_SEMI`): the pairs make many more cell-to-cell semis along the
/// edge rows, and their cost is the number of connections. Cap 4 / 6 / none (heavy-shared,
/// 2026-11-29 09:11-09:20 UTC, load 4.5-5.1): 6×6 openings 3,586 / — / 3,309 df-pn nodes for
/// 3.25 / — / 4.89 s CPU; 7×7 sample 12,214 / 10,693 / — nodes, 11.2 / 11.9 / — s; eight 8×8
/// positions 5 moves deep (`positions8-deep5.gtp` in `tournaments/results/hex-solve-engine`)
/// 27.5 / 30.8 / 37.5 s (no pairs: 28.9 s).
pub const PAIRED_INNER_SEMIS: usize = 4;
/// No node: an opponent stone.
const NONE: u16 = u16::MAX;

#[derive(Clone, Copy)]
enum Work<const W: usize> {
    Full(u16, u16, Bits<W>),
    Semi(u16, u16, Semi<W>),
}

/// The connection set of one colour on one board.
#[derive(Clone)]
pub struct Engine<const W: usize> {
    pub color: u8,
    size: usize,
    /// Nodes: `size + 2`.
    n: usize,
    /// The node of each cell (a stone's chain captain or edge; the cell itself if empty).
    rep: Vec<u16>,
    /// Empty cells: the only cells carriers may hold.
    empty: Bits<W>,
    /// Whether the AND and OR rules use captured pairs (`captured`, `build_with_pairs`).
    pairs: bool,
    /// Each empty cell's captured pair (`captured`), empty if none or `pairs` is off; indexed
    /// by cell.
    cap: Vec<Bits<W>>,
    /// Each cell's possible pairs (empty when `pairs` is off).
    shapes: Arc<[Vec<Shape>]>,
    /// Carriers per node pair `lo * n + hi`.
    full: Store<Bits<W>>,
    semi: Store<Semi<W>>,
    /// For each node, the nodes it has a full (semi) connection to, as a set of node numbers.
    full_nbs: Vec<Cells>,
    semi_nbs: Vec<Cells>,
    queue: VecDeque<Work<W>>,
    semi_queue: VecDeque<Work<W>>,
    scratch_semis: Vec<Semi<W>>,
    scratch_made: Vec<Bits<W>>,
    /// The undo log's open marks: what the lists' journals (`Store::mark`) do not hold.
    marks: Marks<W>,
}

/// The node state an `Engine::mark` saved: small next to the lists, so it is copied whole.
struct Saved<const W: usize> {
    rep: Vec<u16>,
    empty: Bits<W>,
    cap: Vec<Bits<W>>,
    full_nbs: Vec<Cells>,
    semi_nbs: Vec<Cells>,
}

/// Open marks, and spent ones kept for their buffers. A copy of an engine has no open marks.
struct Marks<const W: usize> {
    open: Vec<Saved<W>>,
    spare: Vec<Saved<W>>,
}

impl<const W: usize> Clone for Marks<W> {
    fn clone(&self) -> Self {
        Marks {
            open: Vec::new(),
            spare: Vec::new(),
        }
    }
}

impl<const W: usize> Engine<W> {
    /// Makes this set a copy of `other` in the memory it already holds (`Store::copy_from`):
    /// the same connections, and so the same answers and updates, as `other.clone()`.
    pub fn copy_from(&mut self, other: &Engine<W>) {
        self.color = other.color;
        self.size = other.size;
        self.n = other.n;
        self.rep.clone_from(&other.rep);
        self.empty = other.empty;
        self.pairs = other.pairs;
        self.cap.clone_from(&other.cap);
        self.shapes = other.shapes.clone();
        self.full.copy_from(&other.full);
        self.semi.copy_from(&other.semi);
        self.full_nbs.clone_from(&other.full_nbs);
        self.semi_nbs.clone_from(&other.semi_nbs);
        self.queue.clone_from(&other.queue);
        self.semi_queue.clone_from(&other.semi_queue);
        self.marks.open.clear();
    }

    /// Builds `color`'s connections on `board` from scratch, without captured pairs.
    pub fn build(board: &Board, color: u8) -> Engine<W> {
        Self::build_with_pairs(board, color, false)
    }

    /// Builds `color`'s connections on `board` from scratch; with `pairs`, the AND and OR
    /// rules let carriers overlap in captured pairs (`captured`) and the semi lists between
    /// two non-edge nodes are held to `PAIRED_INNER_SEMIS`.
    pub fn build_with_pairs(board: &Board, color: u8, pairs: bool) -> Engine<W> {
        let size = board.size();
        let n = size + 2;
        let mut s = Engine {
            color,
            size,
            n,
            rep: vec![NONE; size],
            empty: Bits::narrow(&board.empty_cells()),
            pairs,
            cap: vec![Bits::EMPTY; size],
            shapes: if pairs {
                captured::shapes(board, color)
            } else {
                Arc::from(Vec::new())
            },
            full: Store::new(n * n),
            semi: Store::new(n * n),
            full_nbs: vec![Cells::EMPTY; n],
            semi_nbs: vec![Cells::EMPTY; n],
            queue: VecDeque::new(),
            semi_queue: VecDeque::new(),
            scratch_semis: Vec::new(),
            scratch_made: Vec::new(),
            marks: Marks {
                open: Vec::new(),
                spare: Vec::new(),
            },
        };
        let [e1, e2] = Edge::of(color);
        let own = *board.stones(color);
        for c in 0..size {
            if s.empty.has(c) {
                s.rep[c] = c as u16;
            } else if own.has(c) && s.rep[c] == NONE {
                let chain = board.chain(color, c);
                let a = chain.iter().any(|x| board.on_edge(x, e1));
                let b = chain.iter().any(|x| board.on_edge(x, e2));
                let node = match (a, b) {
                    (true, _) => size,
                    (false, true) => size + 1,
                    _ => c,
                } as u16;
                for x in chain.iter() {
                    s.rep[x] = node;
                }
                if a && b {
                    s.push_full(size as u16, (size + 1) as u16, Bits::EMPTY);
                }
            }
        }
        for c in 0..size {
            let x = s.rep[c];
            if x == NONE {
                continue;
            }
            if board.on_edge(c, e1) {
                s.push_full(x, size as u16, Bits::EMPTY);
            }
            if board.on_edge(c, e2) {
                s.push_full(x, (size + 1) as u16, Bits::EMPTY);
            }
            for nb in board.neighbours(c) {
                let y = s.rep[nb];
                if y != NONE && y != x {
                    s.push_full(x, y, Bits::EMPTY);
                }
            }
        }
        s.find_captured();
        s.add_templates(board);
        s.closure();
        s
    }

    /// Recomputes every empty cell's captured pair from the stones now on the board.
    fn find_captured(&mut self) {
        if !self.pairs {
            return;
        }
        let mut own = Bits::<W>::EMPTY;
        for c in 0..self.size {
            if self.rep[c] != NONE && !self.empty.has(c) {
                own.insert(c);
            }
        }
        for c in 0..self.size {
            self.cap[c] = if self.empty.has(c) {
                captured::pair(&self.shapes[c], &self.empty, &own)
            } else {
                Bits::EMPTY
            };
        }
    }

    /// The pair node `x` captures once played (empty for a chain or an edge).
    #[inline]
    fn cap_of(&self, x: u16) -> Bits<W> {
        if self.is_cell(x) {
            self.cap[x as usize]
        } else {
            Bits::EMPTY
        }
    }

    /// Adds the edge templates (`templates`) that stand on the board as full connections from
    /// their stone's node to their edge: no opponent stone in the carrier, the stone's cell ours
    /// or empty, the other stones they need (a ladder's escape) ours. Own stones in the carrier only help; the carrier keeps the empty cells.
    fn add_templates(&mut self, board: &Board) {
        let opp = *board.stones(1 - self.color);
        let own = *board.stones(self.color);
        for p in templates::placements(board, self.color).iter() {
            if p.carrier.intersects(&opp) || !subset(&p.stones, &own) {
                continue;
            }
            let Some(x) = self.node_of(p.stone) else {
                continue;
            };
            let e = self.edge_node(p.edge);
            self.push_full(x, e, Bits::narrow(&p.carrier).and(&self.empty));
        }
    }

    #[inline]
    fn idx(&self, x: u16, y: u16) -> usize {
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        lo as usize * self.n + hi as usize
    }

    /// The node of a cell (`None` for an opponent stone).
    pub fn node_of(&self, cell: usize) -> Option<u16> {
        self.rep.get(cell).copied().filter(|&x| x != NONE)
    }

    /// The node of edge 0 (top/left) or 1 (bottom/right).
    pub fn edge_node(&self, i: usize) -> u16 {
        (self.size + i) as u16
    }

    pub fn fulls(&self, x: u16, y: u16) -> &[Bits<W>] {
        if x == y {
            return &[];
        }
        &self.full[self.idx(x, y)]
    }

    pub fn semis(&self, x: u16, y: u16) -> &[Semi<W>] {
        if x == y {
            return &[];
        }
        &self.semi[self.idx(x, y)]
    }

    /// A full edge-to-edge connection's carrier (the smallest), if there is one.
    pub fn winning(&self) -> Option<Bits<W>> {
        self.fulls(self.edge_node(0), self.edge_node(1))
            .first()
            .copied()
    }

    /// The edge-to-edge semi connections.
    pub fn edge_semis(&self) -> &[Semi<W>] {
        self.semis(self.edge_node(0), self.edge_node(1))
    }

    #[inline]
    fn is_cell(&self, x: u16) -> bool {
        (x as usize) < self.size && self.empty.has(x as usize)
    }

    #[inline]
    fn is_edge(&self, x: u16) -> bool {
        x as usize >= self.size
    }

    fn push_full(&mut self, x: u16, y: u16, c: Bits<W>) {
        if x == y {
            return;
        }
        let i = self.idx(x, y);
        // Most candidates hold a known carrier: rejected without touching the list.
        if self.full[i].iter().any(|e| subset(e, &c)) {
            return;
        }
        // The check above is `add_full`'s own: the list only has to take it, unless it is full
        // of carriers no larger (`put_full` would turn it away).
        if full_and_no_larger(&self.full[i], MAX_FULL, c.len(), |e| e.len()) {
            return;
        }
        if self
            .full
            .put_ordered(i, c, MAX_FULL, |e| e.len(), |e| subset(&c, e))
        {
            self.full_nbs[x as usize].insert(y as usize);
            self.full_nbs[y as usize].insert(x as usize);
            self.queue.push_back(Work::Full(x, y, c));
        }
    }

    fn push_semi(&mut self, x: u16, y: u16, s: Semi<W>) {
        if x == y {
            return;
        }
        let i = self.idx(x, y);
        if self.full[i].iter().any(|f| subset(f, &s.carrier))
            || self.semi[i].iter().any(|e| subset(&e.carrier, &s.carrier))
        {
            return;
        }
        // The checks above are `add_semi`'s own: the list only has to take it.
        let cap = if self.pairs && !self.is_edge(x) && !self.is_edge(y) {
            PAIRED_INNER_SEMIS
        } else {
            MAX_SEMI
        };
        if full_and_no_larger(&self.semi[i], cap, s.carrier.len(), |e| e.carrier.len()) {
            return;
        }
        let size = |e: &Semi<W>| e.carrier.len();
        if self
            .semi
            .put_ordered(i, s, cap, size, |e| subset(&s.carrier, &e.carrier))
        {
            self.semi_nbs[x as usize].insert(y as usize);
            self.semi_nbs[y as usize].insert(x as usize);
            self.semi_queue.push_back(Work::Semi(x, y, s));
        }
    }

    /// Applies the rules until the queues are empty (fulls before semis, as the cheaper and
    /// more useful ones).
    fn closure(&mut self) {
        loop {
            let w = match self.queue.pop_front() {
                Some(w) => w,
                None => match self.semi_queue.pop_front() {
                    Some(w) => w,
                    None => return,
                },
            };
            match w {
                Work::Full(x, y, c) => {
                    if self.full[self.idx(x, y)].contains(&c) {
                        self.and_full(x, y, c);
                        self.and_full(y, x, c);
                    }
                }
                Work::Semi(x, y, s) => {
                    if self.semi[self.idx(x, y)].contains(&s) {
                        self.or_rule(x, y, s);
                        self.and_semi(x, y, s);
                        self.and_semi(y, x, s);
                    }
                }
            }
        }
    }

    /// AND with the new full o–m (carrier `c`) on one side of the middle node `m`.
    fn and_full(&mut self, o: u16, m: u16, c: Bits<W>) {
        if self.is_edge(m) {
            return;
        }
        let m_empty = self.is_cell(m);
        let o_cell = self.is_cell(o);
        let mut key_cell = Bits::<W>::EMPTY;
        if m_empty {
            key_cell.insert(m as usize);
        }
        let cap_om = [self.cap_of(o), self.cap_of(m)];
        let nbs = self.full_nbs[m as usize];
        for z in nbs.iter() {
            let z = z as u16;
            if z == o || (self.is_cell(z) && c.has(z as usize)) {
                continue;
            }
            // The rules below only add to the pair o–z, never to m–z (o is not m): the list
            // is read in place rather than copied.
            let caps = [cap_om[0], cap_om[1], self.cap_of(z)];
            let i = self.idx(m, z);
            for k in 0..self.full[i].len() {
                let d = self.full[i][k];
                if o_cell && d.has(o as usize) {
                    continue;
                }
                let Some(u) = self.joined(&c, &d, &caps, o, z) else {
                    continue;
                };
                if m_empty {
                    self.push_semi(
                        o,
                        z,
                        Semi {
                            carrier: u.or(&key_cell),
                            key: m,
                        },
                    );
                } else {
                    self.push_full(o, z, u);
                }
            }
        }
        if m_empty {
            return;
        }
        // Full o–m and semi m–z through the chain m.
        let nbs = self.semi_nbs[m as usize];
        for z in nbs.iter() {
            let z = z as u16;
            if z == o || (self.is_cell(z) && c.has(z as usize)) {
                continue;
            }
            let caps = [cap_om[0], self.cap_of(z), Bits::EMPTY];
            let i = self.idx(m, z);
            for k in 0..self.semi[i].len() {
                let s = self.semi[i][k];
                if o_cell && s.carrier.has(o as usize) {
                    continue;
                }
                let Some(u) = self.joined(&c, &s.carrier, &caps, o, z) else {
                    continue;
                };
                self.push_semi(
                    o,
                    z,
                    Semi {
                        carrier: u,
                        key: s.key,
                    },
                );
            }
        }
    }

    /// AND with the new semi o–m (through the chain m) and the fulls m–z.
    fn and_semi(&mut self, o: u16, m: u16, s: Semi<W>) {
        if self.is_edge(m) || self.is_cell(m) {
            return;
        }
        let o_cell = self.is_cell(o);
        let cap_o = self.cap_of(o);
        let nbs = self.full_nbs[m as usize];
        for z in nbs.iter() {
            let z = z as u16;
            if z == o || (self.is_cell(z) && s.carrier.has(z as usize)) {
                continue;
            }
            let caps = [cap_o, self.cap_of(z), Bits::EMPTY];
            let i = self.idx(m, z);
            for k in 0..self.full[i].len() {
                let d = self.full[i][k];
                if o_cell && d.has(o as usize) {
                    continue;
                }
                let Some(u) = self.joined(&s.carrier, &d, &caps, o, z) else {
                    continue;
                };
                self.push_semi(
                    o,
                    z,
                    Semi {
                        carrier: u,
                        key: s.key,
                    },
                );
            }
        }
    }

    /// The carrier of two connections joined end to end (o to the middle, the middle to z):
    /// their union if they are disjoint, or if every shared cell lies in a captured pair of
    /// the nodes involved (`caps`), then with those pairs added (less the endpoints, which the
    /// connection takes as the colour's); `None` otherwise.
    #[inline]
    fn joined(
        &self,
        a: &Bits<W>,
        b: &Bits<W>,
        caps: &[Bits<W>; 3],
        o: u16,
        z: u16,
    ) -> Option<Bits<W>> {
        let u = a.or(b);
        if !a.intersects(b) {
            return Some(u);
        }
        let shared = a.and(b);
        let allowed = caps[0].or(&caps[1]).or(&caps[2]);
        if !shared.is_subset(&allowed) {
            return None;
        }
        Some(self.without_ends(with_caps(u, &shared, caps), o, z))
    }

    /// `c` less the nodes `o` and `z` where they are cells.
    #[inline]
    fn without_ends(&self, mut c: Bits<W>, o: u16, z: u16) -> Bits<W> {
        for x in [o, z] {
            if self.is_cell(x) {
                c.remove(x as usize);
            }
        }
        c
    }

    /// OR: the new semi with the pair's other semis.
    fn or_rule(&mut self, x: u16, y: u16, s: Semi<W>) {
        let i = self.idx(x, y);
        let caps = [self.cap_of(x), self.cap_of(y)];
        // A cell common to every semi of the pair, outside the endpoints' pairs, is in every
        // union: neither OR can make a full (both functions begin with this test, after the
        // list has been copied out for the first).
        let allowed = caps[0].or(&caps[1]);
        let all = self.semi[i]
            .iter()
            .fold(s.carrier, |a, t| a.and(&t.carrier));
        if !all.is_subset(&allowed) {
            return;
        }
        let mut others = std::mem::take(&mut self.scratch_semis);
        others.clear();
        others.extend(self.semi[i].iter().filter(|t| **t != s));
        let mut made = std::mem::take(&mut self.scratch_made);
        made.clear();
        or_combinations(
            &s.carrier,
            &others,
            MAX_ORS,
            &self.full[i],
            &caps,
            &mut made,
        );
        for &c in &made {
            self.push_full(x, y, self.without_ends(c, x, y));
        }
        made.clear();
        or_greedy(&self.semi[i], &self.full[i], &caps, &mut made);
        for &c in &made {
            self.push_full(x, y, self.without_ends(c, x, y));
        }
        self.scratch_semis = others;
        self.scratch_made = made;
    }

    /// Updates the set after a stone of `color` at `cell`; `board` is the board with it.
    pub fn play(&mut self, board: &Board, color: u8, cell: usize) {
        if !self.empty.has(cell) {
            return;
        }
        self.empty.remove(cell);
        // Every connection whose carrier holds the cell is broken (opponent) or has to be
        // rebuilt around the new chain (own stone); semis keyed there are among them.
        let p = cell as u16;
        for x in 0..self.n {
            let nbs = self.full_nbs[x].or(&self.semi_nbs[x]);
            for y in nbs.iter().filter(|&y| y > x) {
                let i = x * self.n + y;
                self.full.retain(i, |c| !c.has(cell));
                self.semi.retain(i, |s| !s.carrier.has(cell));
                if self.full[i].is_empty() {
                    self.full_nbs[x].remove(y);
                    self.full_nbs[y].remove(x);
                }
                if self.semi[i].is_empty() {
                    self.semi_nbs[x].remove(y);
                    self.semi_nbs[y].remove(x);
                }
            }
        }
        if color != self.color {
            self.detach(p);
            self.rep[cell] = NONE;
            self.find_captured();
            return;
        }
        // The mover's chain through the cell: it merges its neighbours' chains (and edges).
        let [e1, e2] = Edge::of(color);
        let mut merged = vec![p];
        for nb in board.neighbours(cell) {
            let r = self.rep[nb];
            // Stones not yet merged (an `update` adds several) are still empty nodes here.
            let stone = board.color_at(nb) == Some(color) && !self.empty.has(nb);
            if stone && r != NONE && !merged.contains(&r) {
                merged.push(r);
            }
        }
        for (i, e) in [e1, e2].into_iter().enumerate() {
            let node = self.edge_node(i);
            if board.on_edge(cell, e) && !merged.contains(&node) {
                merged.push(node);
            }
        }
        let edges: Vec<u16> = merged
            .iter()
            .copied()
            .filter(|&x| self.is_edge(x))
            .collect();
        let captain = match edges.first() {
            Some(&e) => e,
            // An old chain keeps its number: only what moves onto it is new to the rules.
            None => merged.iter().copied().find(|&x| x != p).unwrap_or(p),
        };
        for c in 0..self.size {
            if merged.contains(&self.rep[c]) {
                self.rep[c] = captain;
            }
        }
        self.rep[cell] = captain;
        if edges.len() == 2 {
            self.push_full(edges[0], edges[1], Bits::EMPTY);
        }
        // Move every other node's connections onto the captain and restart the rules there.
        for &a in &merged {
            if a == captain {
                continue;
            }
            let nbs = self.full_nbs[a as usize].or(&self.semi_nbs[a as usize]);
            for z in nbs.iter() {
                let z = z as u16;
                let i = self.idx(a, z);
                let fulls = self.full.take(i);
                let semis = self.semi.take(i);
                if merged.contains(&z) {
                    continue;
                }
                for c in fulls {
                    self.push_full(captain, z, c);
                }
                for s in semis {
                    self.push_semi(captain, z, s);
                }
            }
            self.detach(a);
        }
        // A lone new stone keeps its number: what it had as an empty cell can now AND through
        // it as a chain. (Merged connections were queued as they moved.)
        if captain == p {
            let nbs = self.full_nbs[captain as usize];
            for z in nbs.iter() {
                let z = z as u16;
                for &c in &self.full[self.idx(captain, z)] {
                    self.queue.push_back(Work::Full(captain, z, c));
                }
            }
            let nbs = self.semi_nbs[captain as usize];
            for z in nbs.iter() {
                let z = z as u16;
                for &s in &self.semi[self.idx(captain, z)] {
                    self.semi_queue.push_back(Work::Semi(captain, z, s));
                }
            }
        }
        // New stones may make new captured pairs.
        self.find_captured();
        // Templates through the new stone (or whose carrier it was in) stand anew.
        self.add_templates(board);
        self.closure();
    }

    /// Removes every connection of node `x`.
    fn detach(&mut self, x: u16) {
        let nbs = self.full_nbs[x as usize].or(&self.semi_nbs[x as usize]);
        for z in nbs.iter() {
            let i = self.idx(x, z as u16);
            self.full.clear(i);
            self.semi.clear(i);
            self.full_nbs[z].remove(x as usize);
            self.semi_nbs[z].remove(x as usize);
        }
        self.full_nbs[x as usize] = Cells::EMPTY;
        self.semi_nbs[x as usize] = Cells::EMPTY;
    }

    /// Opens a mark: `undo` brings the set back to what it is now. Marks nest; the solver marks,
    /// brings the set to a child (`update`), searches it and undoes, instead of copying the set.
    pub fn mark(&mut self) {
        let mut saved = self.marks.spare.pop().unwrap_or_else(|| Saved {
            rep: Vec::new(),
            empty: Bits::EMPTY,
            cap: Vec::new(),
            full_nbs: Vec::new(),
            semi_nbs: Vec::new(),
        });
        saved.rep.clone_from(&self.rep);
        saved.empty = self.empty;
        saved.cap.clone_from(&self.cap);
        saved.full_nbs.clone_from(&self.full_nbs);
        saved.semi_nbs.clone_from(&self.semi_nbs);
        self.marks.open.push(saved);
        self.full.mark();
        self.semi.mark();
    }

    /// Takes back every change since the last open `mark` and closes it (nothing without one).
    pub fn undo(&mut self) {
        let Some(mut saved) = self.marks.open.pop() else {
            return;
        };
        std::mem::swap(&mut self.rep, &mut saved.rep);
        std::mem::swap(&mut self.cap, &mut saved.cap);
        std::mem::swap(&mut self.full_nbs, &mut saved.full_nbs);
        std::mem::swap(&mut self.semi_nbs, &mut saved.semi_nbs);
        self.empty = saved.empty;
        self.marks.spare.push(saved);
        self.full.undo();
        self.semi.undo();
    }

    /// Brings the set from its board to `board` (which must hold every stone it had), one new
    /// stone at a time; stones of both colours may have been added (a move and its fill-in).
    pub fn update(&mut self, board: &Board) {
        let added = Bits::<W>::narrow(&board.occupied()).and(&self.empty);
        for c in added.iter() {
            if let Some(color) = board.color_at(c) {
                // Each step needs the board as it was after that stone only for chain shapes;
                // the final board gives the same chains for the stones already merged.
                self.play(board, color, c);
            }
        }
    }
}
