//! The search on games whose values we know: random trees (some edges keep the turn, as in
//! Kalah) checked against plain minimax, and an endless game for the clock.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::*;

/// A game tree given as a table: node `i` has children `children[i]`; a leaf has a value for
/// the side to move there. `same[i]` says the move into node `i` keeps the turn.
#[derive(Clone)]
struct Tree {
    nodes: std::sync::Arc<TreeData>,
    at: usize,
    side: u8,
}

struct TreeData {
    children: Vec<Vec<usize>>,
    value: Vec<Score>,
    same: Vec<bool>,
    /// Deliberately misleading static values for inner nodes, so that only search finds the truth.
    noise: Vec<Score>,
}

fn random_tree(seed: u64, depth: usize, branching: usize) -> Tree {
    let mut x = seed | 1;
    let mut rnd = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut d = TreeData {
        children: vec![vec![]],
        value: vec![0],
        same: vec![false],
        noise: vec![0],
    };
    let mut frontier = vec![(0usize, 0usize)];
    while let Some((node, level)) = frontier.pop() {
        let leaf = level == depth || (level > 1 && rnd(6) == 0);
        if leaf {
            d.value[node] = rnd(200) as Score - 100;
            continue;
        }
        let n = 1 + rnd(branching as u64) as usize;
        for _ in 0..n {
            let id = d.children.len();
            d.children.push(vec![]);
            d.value.push(0);
            d.same.push(rnd(5) == 0);
            d.noise.push(rnd(200) as Score - 100);
            d.children[node].push(id);
            frontier.push((id, level + 1));
        }
    }
    Tree {
        nodes: std::sync::Arc::new(d),
        at: 0,
        side: 0,
    }
}

impl Position for Tree {
    type Move = usize;
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn hash(&self) -> u64 {
        (self.at as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.side as u64
    }
    fn outcome(&self) -> Option<Outcome> {
        self.nodes.children[self.at]
            .is_empty()
            .then(|| Outcome::Margin(self.nodes.value[self.at]))
    }
    fn generate(&self, out: &mut Vec<usize>) {
        out.extend(&self.nodes.children[self.at]);
    }
    fn play(&mut self, m: usize) {
        self.at = m;
        if !self.nodes.same[m] {
            self.side ^= 1;
        }
    }
    fn evaluate(&self) -> Score {
        self.nodes.noise[self.at]
    }
    fn move_tag(m: usize) -> u16 {
        m as u16
    }
}

fn minimax(t: &Tree) -> Score {
    if let Some(Outcome::Margin(v)) = t.outcome() {
        return v;
    }
    let mut moves = vec![];
    t.generate(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut c = t.clone();
            c.play(m);
            let v = minimax(&c);
            if c.side == t.side {
                v
            } else {
                -v
            }
        })
        .max()
        .unwrap()
}

#[test]
fn deep_enough_search_returns_the_minimax_value() {
    let stop = AtomicBool::new(false);
    for seed in 1..60u64 {
        let tree = random_tree(seed * 7919, 7, 4);
        if tree.outcome().is_some() {
            continue;
        }
        let expected = minimax(&tree);
        for threads in [1, 2] {
            let tt = Tt::new(1);
            let limits = Limits {
                depth: Some(16),
                threads,
                ..Limits::default()
            };
            let r = search(&tree, &limits, &tt, &stop, &mut |_| {});
            assert_eq!(r.score, expected, "seed {seed}, {threads} threads");
            // The chosen move must achieve the value.
            let mut c = tree.clone();
            c.play(r.best.unwrap());
            let v = minimax(&c);
            assert_eq!(
                if c.side == tree.side { v } else { -v },
                expected,
                "seed {seed}: wrong move"
            );
        }
    }
}

/// A game that never ends, with plenty of moves: only the clock can stop the search.
#[derive(Clone)]
struct Endless(u64);

impl Position for Endless {
    type Move = u64;
    fn side_to_move(&self) -> u8 {
        (self.0 & 1) as u8
    }
    fn hash(&self) -> u64 {
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn generate(&self, out: &mut Vec<u64>) {
        out.extend(1..=8);
    }
    fn play(&mut self, m: u64) {
        self.0 = self.0.wrapping_mul(31).wrapping_add(m);
    }
    fn evaluate(&self) -> Score {
        (self.0 % 101) as Score - 50
    }
    fn move_tag(m: u64) -> u16 {
        m as u16
    }
}

/// `Endless`, counting on each thread the moves it plays after a deadline.
#[derive(Clone)]
struct Watched(Endless);

thread_local! {
    static DEADLINE: std::cell::Cell<Option<Instant>> = const { std::cell::Cell::new(None) };
    static LATE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

impl Position for Watched {
    type Move = u64;
    fn side_to_move(&self) -> u8 {
        self.0.side_to_move()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn generate(&self, out: &mut Vec<u64>) {
        self.0.generate(out)
    }
    fn play(&mut self, m: u64) {
        if DEADLINE.get().is_some_and(|d| Instant::now() > d) {
            LATE.set(LATE.get() + 1);
        }
        self.0.play(m)
    }
    fn evaluate(&self) -> Score {
        self.0.evaluate()
    }
    fn move_tag(m: u64) -> u16 {
        m as u16
    }
}

/// The hard limit as behaviour, not as a wall-clock bound: the time manager's budget for the
/// move, and the main thread (the caller's, which owns the clock) playing at most one polling
/// interval of nodes past it, however loaded the machine is. Only the clock can end a search
/// of `Endless`.
#[test]
fn the_hard_limit_holds() {
    let budget = TimeControl::per_move(300).budget(30, 0).unwrap();
    assert_eq!(
        (budget.soft, budget.hard),
        (Duration::from_millis(180), Duration::from_millis(300))
    );
    let stop = AtomicBool::new(false);
    for threads in [1, 2] {
        let limits = Limits {
            time: TimeControl::per_move(300),
            overhead_ms: 0,
            threads,
            ..Limits::default()
        };
        // The deadline is the search's own: its clock started `elapsed` before its first
        // report (depth 1, long before the limit).
        LATE.set(0);
        DEADLINE.set(None);
        let tt = Tt::new(4);
        let r = search(&Watched(Endless(1)), &limits, &tt, &stop, &mut |r| {
            if DEADLINE.get().is_none() {
                DEADLINE.set(Some(Instant::now() - r.elapsed + budget.hard));
            }
        });
        assert!(DEADLINE.take().is_some(), "no iteration was reported");
        assert!(r.best.is_some() && r.depth >= 1);
        let late = LATE.get();
        assert!(
            late <= 2 * Watched::POLL_NODES,
            "{threads} threads: the main thread played {late} moves past the hard limit \
             (it polls the clock every {} nodes)",
            Watched::POLL_NODES
        );
    }
}

#[test]
fn the_stop_flag_ends_an_unlimited_search() {
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let s2 = std::sync::Arc::clone(&stop);
    let t = std::thread::spawn(move || {
        search(
            &Endless(3),
            &Limits::default(),
            &Tt::new(4),
            &s2,
            &mut |_| {},
        )
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let start = Instant::now();
    let r = t.join().unwrap();
    // Generous: a search that ignored the flag would never end; CI machines are loaded.
    assert!(start.elapsed() < Duration::from_secs(2));
    assert!(r.best.is_some());
}
