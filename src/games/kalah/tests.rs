//! Kalah: rules checked by hand, and the solver checked against a plain minimax written here,
//! independent of the engine's board (seed-by-seed sowing on an array, no pruning, no bounds).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::board::Rules;
use super::endgame::Endgame;
use super::position::Kalah;
use super::proof_table::ProofTable;
use super::solver::{self, Solution, SolverSetup};
use crate::search::{self, Limits, Position, Tt};

/// The oracles' memo, by `Plain::key`.
type Memo<V> = crate::util::memo::Memo<u128, V>;

fn rules(pits: usize, empty_capture: bool) -> Rules {
    Rules {
        pits,
        empty_capture,
    }
}

/// (mover's pits, mover's store, other pits, other store) of the player `who` (0 or 1).
fn sides(k: &Kalah, who: u8) -> (Vec<u32>, u32, Vec<u32>, u32) {
    let m = k.rules.pits;
    let mine: Vec<u32> = (0..m).map(|i| k.board.mine(i)).collect();
    let theirs: Vec<u32> = (0..m).map(|i| k.board.theirs(i)).collect();
    if k.player == who {
        (mine, k.stores[0], theirs, k.stores[1])
    } else {
        (theirs, k.stores[1], mine, k.stores[0])
    }
}

fn pos(r: Rules, mine: &[u32], my_store: u32, theirs: &[u32], their_store: u32) -> Kalah {
    Kalah::from_parts(r, mine, my_store, theirs, their_store, 0).unwrap()
}

#[test]
fn a_lap_of_thirteen_seeds_lands_back_in_the_emptied_pit_and_captures() {
    // Kalah(6): 13 seeds from pit 3 go once round (12 pits and one store); the last seed falls
    // in pit 3, emptied by the move, so it captures the opposite pit (their pit 4, now 2+1).
    let mut k = pos(
        rules(6, false),
        &[1, 0, 13, 0, 0, 0],
        0,
        &[0, 0, 0, 2, 0, 0],
        0,
    );
    let s = k.apply(2);
    assert!(!s.extra_turn);
    assert_eq!(s.captured, 4);
    assert_eq!(
        sides(&k, 0),
        (vec![2, 1, 0, 1, 1, 1], 1 + 4, vec![1, 1, 1, 0, 1, 1], 0)
    );
    assert_eq!(k.player, 1);
}

#[test]
fn a_lap_of_twenty_seeds_skips_the_opponents_store() {
    // 20 seeds from pit 1 of Kalah(6): a lap of 13 (own pits, store, their pits), then 7 more:
    // pits 2..6, the store, their pit 1. Their store never receives a seed.
    let mut k = pos(rules(6, false), &[20, 0, 0, 0, 0, 0], 3, &[0; 6], 5);
    let s = k.apply(0);
    assert!(!s.extra_turn);
    assert_eq!(s.gain, 2);
    assert_eq!(
        sides(&k, 0),
        (vec![1, 2, 2, 2, 2, 2], 5, vec![2, 1, 1, 1, 1, 1], 5)
    );
}

#[test]
fn sowing_past_the_opponents_store_comes_back_to_ones_own_pits() {
    // 8 seeds from pit 6: the store, their six pits, then (their store skipped) our pit 1,
    // which was empty: it captures their pit 6 (1 + 1 seeds).
    let mut k = pos(rules(6, false), &[0, 0, 0, 0, 0, 8], 0, &[1; 6], 7);
    let s = k.apply(5);
    assert_eq!(s.captured, 1 + 2);
    assert_eq!(sides(&k, 0), (vec![0; 6], 1 + 3, vec![2, 2, 2, 2, 2, 0], 7));
}

#[test]
fn extra_turns_chain() {
    let r = rules(6, false);
    // Pit 6 with 1 seed, then pit 5 with 2, then pit 3 with 4: three extra turns in a row.
    let mut k = pos(r, &[0, 0, 4, 0, 2, 1], 0, &[3; 6], 0);
    for (pit, store) in [(5, 1), (4, 2), (2, 3)] {
        let s = k.apply(pit);
        assert!(s.extra_turn, "pit {}", pit + 1);
        assert_eq!(k.player, 0);
        assert_eq!(k.stores[0], store);
    }
    assert_eq!(sides(&k, 0).0, vec![0, 0, 0, 1, 1, 2]);
    // A seed past the store hands the turn over.
    k.apply(4);
    assert_eq!(k.player, 1);
    // 14 seeds from pit 6 of Kalah(6): a lap of 13, then the store.
    let mut k = pos(r, &[0, 0, 0, 0, 0, 14], 0, &[0; 6], 0);
    let s = k.apply(5);
    assert!(s.extra_turn);
    assert_eq!(s.gain, 2);
}

#[test]
fn captures_need_seeds_opposite_unless_empty_capture_is_on() {
    // Pit 1 holds 2: the last seed falls in our empty pit 3, whose opposite (their pit 4) is
    // empty.
    for (on, store, pit3) in [(false, 0, 1), (true, 1, 0)] {
        let mut k = pos(rules(6, on), &[2, 0, 0, 0, 0, 1], 0, &[1, 1, 1, 0, 1, 1], 0);
        let s = k.apply(0);
        assert_eq!(s.captured, store);
        let (mine, my_store, theirs, _) = sides(&k, 0);
        assert_eq!(my_store, store);
        assert_eq!(mine, vec![0, 1, pit3, 0, 0, 1]);
        assert_eq!(theirs, vec![1, 1, 1, 0, 1, 1]);
    }
    // With seeds opposite, both rule sets capture.
    for on in [false, true] {
        let mut k = pos(rules(6, on), &[2, 0, 0, 0, 0, 1], 0, &[1, 1, 1, 5, 1, 1], 0);
        assert_eq!(k.apply(0).captured, 6);
        assert_eq!(sides(&k, 0).2, vec![1, 1, 1, 0, 1, 1]);
    }
    // A last seed in an empty pit of the other side never captures.
    let mut k = pos(rules(2, true), &[0, 2], 0, &[0, 3], 0);
    assert_eq!(k.apply(1).captured, 0);
}

#[test]
fn the_game_ends_as_soon_as_either_side_is_empty() {
    // A move that empties the mover's side (no extra turn): over, and the other side keeps
    // the seeds on its side.
    let mut k = pos(rules(3, false), &[0, 0, 2], 4, &[2, 0, 3], 1);
    assert!(!k.apply(2).extra_turn);
    // South put 1 in the store and 1 in north's pit 1: north has 2+1+0+3 = 6 on its side.
    assert_eq!(k.player, 1);
    assert_eq!(k.final_margin(), Some((1 + 6) - 5));
    assert!(k.outcome().is_some());
    // A move that empties the opponent's side by a capture: over at once, although the
    // mover still has seeds (the old rule let the game go on).
    let mut k = pos(rules(3, false), &[1, 0, 2], 0, &[0, 4, 0], 0);
    assert_eq!(k.apply(0).captured, 5);
    assert_eq!(k.player, 1);
    // North has nothing; south keeps its 2 seeds: 5 + 2 for south, 0 for north.
    assert_eq!(k.final_margin(), Some(0 - 7));
    assert_eq!(k.outcome(), Some(crate::search::Outcome::Margin(-700)));
    // An extra-turn move that empties the mover's side ends the game although the mover
    // would move again.
    let mut k = pos(rules(3, false), &[0, 0, 1], 4, &[2, 0, 3], 1);
    assert!(k.apply(2).extra_turn);
    assert_eq!(k.player, 0);
    assert_eq!(k.final_margin(), Some(5 - (1 + 5)));
    let mut e = pos(rules(1, false), &[1], 0, &[1], 0);
    assert!(e.apply(0).extra_turn);
    assert_eq!(e.final_margin(), Some(1 - 1));
    // While both sides hold seeds the game goes on.
    let mut k = pos(rules(3, false), &[0, 2, 1], 0, &[0, 0, 1], 0);
    k.apply(1);
    assert_eq!(k.final_margin(), None);
}

/// An independent model: `cells` holds the first player's pits, their store, the second
/// player's pits, their store; `who` moves. Sowing goes seed by seed.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Plain {
    m: usize,
    cells: [u32; 18],
    who: usize,
}

impl Plain {
    fn start(m: usize, n: u32) -> Plain {
        let mut cells = [0; 18];
        for i in 0..m {
            cells[i] = n;
            cells[m + 1 + i] = n;
        }
        Plain { m, cells, who: 0 }
    }

    fn from(k: &Kalah) -> Plain {
        let m = k.rules.pits;
        let (south, ss, north, ns) = sides(k, 0);
        let mut all = south;
        all.push(ss);
        all.extend(north);
        all.push(ns);
        let mut cells = [0; 18];
        cells[..all.len()].copy_from_slice(&all);
        Plain {
            m,
            cells,
            who: k.player as usize,
        }
    }

    fn pit(&self, who: usize, i: usize) -> usize {
        who * (self.m + 1) + i
    }

    fn store(&self, who: usize) -> usize {
        who * (self.m + 1) + self.m
    }

    /// The memo's key of bare pits (both stores empty): the number of pits a side and the side
    /// to move, then each pit's seeds in 7 bits (117 bits for 8 pits a side).
    fn key(&self) -> u128 {
        debug_assert!(self.cells[self.store(0)] == 0 && self.cells[self.store(1)] == 0);
        let mut k = (self.m as u128) << 1 | self.who as u128;
        for who in 0..2 {
            for i in 0..self.m {
                let seeds = self.cells[self.pit(who, i)];
                assert!(seeds < 128, "{seeds} seeds in a pit");
                k = k << 7 | u128::from(seeds);
            }
        }
        k
    }

    fn side(&self, who: usize) -> u32 {
        (0..self.m).map(|i| self.cells[self.pit(who, i)]).sum()
    }

    /// The standard ending: either row empty, whoever is to move.
    fn over(&self) -> bool {
        self.side(0) == 0 || self.side(1) == 0
    }

    /// Final margin for the side to move, when over: each row goes to its owner's store.
    fn margin(&self) -> i32 {
        let (me, them) = (self.who, 1 - self.who);
        let mine = self.cells[self.store(me)] + self.side(me);
        let theirs = self.cells[self.store(them)] + self.side(them);
        mine as i32 - theirs as i32
    }

    fn play(&self, i: usize, empty_capture: bool) -> Plain {
        let mut p = *self;
        let me = p.who;
        let len = 2 * p.m + 2;
        let mut at = p.pit(me, i);
        let mut seeds = p.cells[at];
        p.cells[at] = 0;
        while seeds > 0 {
            at = (at + 1) % len;
            if at == p.store(1 - me) {
                continue;
            }
            p.cells[at] += 1;
            seeds -= 1;
        }
        if at == p.store(me) {
            return p;
        }
        let own = (0..p.m).find(|&j| p.pit(me, j) == at);
        if let Some(j) = own {
            let opposite = p.pit(1 - me, p.m - 1 - j);
            if p.cells[at] == 1 && (p.cells[opposite] > 0 || empty_capture) {
                let taken = p.cells[at] + p.cells[opposite];
                p.cells[at] = 0;
                p.cells[opposite] = 0;
                let st = p.store(me);
                p.cells[st] += taken;
            }
        }
        p.who = 1 - me;
        p
    }
}

/// Plain minimax: the final margin for the side to move under perfect play. Every move is
/// searched (nothing is pruned); results are memoised on the pits alone, as what is still to
/// come does not depend on the stores.
fn minimax(p: &Plain, empty_capture: bool, memo: &mut Memo<i32>) -> i32 {
    let (stores, pits) = split_stores(p);
    stores + to_come(&pits, empty_capture, memo)
}

/// The store difference for the side to move, and the board with both stores emptied (what
/// is still to come depends on the pits alone).
fn split_stores(p: &Plain) -> (i32, Plain) {
    let stores = p.cells[p.store(p.who)] as i32 - p.cells[p.store(1 - p.who)] as i32;
    let mut pits = *p;
    pits.cells[p.store(0)] = 0;
    pits.cells[p.store(1)] = 0;
    (stores, pits)
}

/// Seeds the side to move will still take minus those the other side will, from bare pits.
fn to_come(p: &Plain, empty_capture: bool, memo: &mut Memo<i32>) -> i32 {
    if p.over() {
        return p.margin();
    }
    if let Some(&v) = memo.get(&p.key()) {
        return v;
    }
    let mut best = i32::MIN;
    for i in 0..p.m {
        if p.cells[p.pit(p.who, i)] == 0 {
            continue;
        }
        let c = p.play(i, empty_capture);
        let v = minimax(&c, empty_capture, memo);
        // `p` has empty stores, so the child's margin counts exactly what this move took.
        best = best.max(if c.who == p.who { v } else { -v });
    }
    memo.insert(p.key(), best);
    best
}

fn solve_with(
    k: &Kalah,
    table: &ProofTable,
    endgame: Option<&Endgame>,
    threads: usize,
) -> Solution {
    let stop = AtomicBool::new(false);
    let setup = SolverSetup {
        rules: k.rules,
        table,
        endgame,
        threads,
        stop: &stop,
        deadline: None,
        guess: None,
        progress: None,
    };
    solver::solve(k.board, &setup).expect("not stopped")
}

/// Checks the solver's margin and best move against minimax.
fn check(k: &Kalah, sol: &Solution, memo: &mut Memo<i32>) {
    let ec = k.rules.empty_capture;
    check_with(k, sol, |p| minimax(p, ec, memo));
}

/// Checks the solver's margin and best move against `margin`, an oracle's final margin for the
/// side to move of a board (stores included).
fn check_with(k: &Kalah, sol: &Solution, mut margin: impl FnMut(&Plain) -> i32) {
    let ec = k.rules.empty_capture;
    let plain = Plain::from(k);
    let want = margin(&plain);
    assert_eq!(
        k.store_margin() + sol.value,
        want,
        "margin of {:?}",
        plain.cells
    );
    if plain.over() {
        assert_eq!(sol.best, None);
        return;
    }
    let best = sol.best.expect("a best move") as usize;
    assert!(k.is_legal(best));
    let c = plain.play(best, ec);
    let v = margin(&c);
    assert_eq!(
        if c.who == plain.who { v } else { -v },
        want,
        "best move {} of {:?} is not optimal",
        best + 1,
        plain.cells
    );
}

#[test]
fn solve_agrees_with_minimax_on_every_small_start_position() {
    // Every start with m <= 4 pits and n <= 4 seeds, and m <= 2 with n <= 6: the boards where
    // the end of the game matters most. One and two threads, each on a fresh table. Kalah(4,4)
    // is checked against the alpha-beta oracle below, which the plain minimax checks in its
    // turn on every other start (its value and each first move's): the plain minimax walks
    // Kalah(4,4)'s whole tree, 10M boards of bare pits a rule and four fifths of this test's
    // time, where the alpha-beta settles the same two questions (the margin, and that of the
    // solver's move) from 0.6M.
    let starts = (1..=4usize)
        .flat_map(|m| (1..=4u32).map(move |n| (m, n)))
        .chain((1..=2).flat_map(|m| (5..=6).map(move |n| (m, n))));
    let starts: Vec<(usize, u32)> = starts.collect();
    for ec in [false, true] {
        let mut memo = Memo::default();
        let mut bounds = Memo::default();
        for &(m, n) in &starts {
            let k = Kalah::new(rules(m, ec), n);
            assert!(Plain::from(&k) == Plain::start(m, n));
            for threads in [1, 2] {
                let sol = solve_with(&k, &ProofTable::new(4, m), None, threads);
                if (m, n) == (4, 4) {
                    check_with(&k, &sol, |p| margin_ab(p, ec, &mut bounds));
                } else {
                    check(&k, &sol, &mut memo);
                }
            }
            if (m, n) != (4, 4) {
                let start = Plain::start(m, n);
                let children = (0..m).map(|i| start.play(i, ec));
                for p in std::iter::once(start).chain(children) {
                    assert_eq!(
                        margin_ab(&p, ec, &mut bounds),
                        minimax(&p, ec, &mut memo),
                        "alpha-beta against minimax, Kalah({m},{n}) {:?}",
                        p.cells
                    );
                }
            }
        }
    }
}

/// The final margin for the side to move (stores included), as [`minimax`] gives it, from the
/// alpha-beta [`to_come_ab`] on the full window (exact: every margin lies strictly inside it).
fn margin_ab(p: &Plain, empty_capture: bool, memo: &mut Memo<(i32, i32)>) -> i32 {
    let (stores, pits) = split_stores(p);
    stores + to_come_ab(&pits, -1000, 1000, empty_capture, memo)
}

/// `to_come` with alpha-beta, for boards too big to search whole: the same board and rules,
/// a table of the bounds proven for each set of pits (what is still to come does not depend on
/// the stores). Exact when the answer lies strictly inside the window.
fn to_come_ab(
    p: &Plain,
    mut alpha: i32,
    mut beta: i32,
    empty_capture: bool,
    memo: &mut Memo<(i32, i32)>,
) -> i32 {
    if p.over() {
        return p.margin();
    }
    let (lo, hi) = memo.get(&p.key()).copied().unwrap_or((-1000, 1000));
    if lo >= beta || lo == hi {
        return lo;
    }
    if hi <= alpha {
        return hi;
    }
    alpha = alpha.max(lo);
    beta = beta.min(hi);
    let (a0, b0) = (alpha, beta);
    let mut best = i32::MIN;
    // Moves that take the most seeds at once first (extra turns and captures).
    let mut moves: Vec<(i32, usize)> = (0..p.m)
        .filter(|&i| p.cells[p.pit(p.who, i)] > 0)
        .map(|i| {
            let c = p.play(i, empty_capture);
            let gain = c.cells[c.store(p.who)] as i32 + 100 * i32::from(c.who == p.who);
            (-gain, i)
        })
        .collect();
    moves.sort();
    for (_, i) in moves {
        let (v, _) = child_value(p, i, alpha, beta, empty_capture, memo);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    let bounds = if best <= a0 {
        (lo, hi.min(best))
    } else if best >= b0 {
        (lo.max(best), hi)
    } else {
        (best, best)
    };
    memo.insert(p.key(), bounds);
    best
}

/// The value of pit `i` for the side to move in `p` (bare pits, empty stores), searched in the
/// window `alpha..beta`, and the child position.
fn child_value(
    p: &Plain,
    i: usize,
    alpha: i32,
    beta: i32,
    empty_capture: bool,
    memo: &mut Memo<(i32, i32)>,
) -> (i32, Plain) {
    let c = p.play(i, empty_capture);
    // `p` has empty stores: the child's stores hold what this move took.
    let took = c.cells[c.store(p.who)] as i32 - c.cells[c.store(1 - p.who)] as i32;
    let mut pits = c;
    pits.cells[c.store(0)] = 0;
    pits.cells[c.store(1)] = 0;
    let v = if c.who == p.who {
        took + to_come_ab(&pits, alpha - took, beta - took, empty_capture, memo)
    } else {
        took - to_come_ab(&pits, took - beta, took - alpha, empty_capture, memo)
    };
    (v, c)
}

/// `protocol-tests/kalah/game.txt` solves Kalah(6,2) after a bare `newgame`: its value and best
/// pit come from the alpha-beta here (checked against the plain minimax on the small boards),
/// and the transcript accepts every best pit, whichever the solver happens to prefer.
#[test]
fn the_transcripts_kalah_6_2_answer_is_the_minimax_value_and_a_best_pit() {
    let mut memo = Memo::default();
    let mut plain = Memo::default();
    for (m, n) in [(3, 3), (4, 2), (4, 3), (2, 6)] {
        let start = Plain::start(m, n);
        for i in 0..m {
            let c = start.play(i, false);
            let v = minimax(&c, false, &mut plain);
            let v = if c.who == start.who { v } else { -v };
            assert_eq!(
                child_value(&start, i, -1000, 1000, false, &mut memo).0,
                v,
                "Kalah({m},{n}) pit {}",
                i + 1
            );
        }
    }
    let start = Plain::start(6, 2);
    let by_pit: Vec<(usize, i32)> = (0..6)
        .map(|i| {
            (
                i + 1,
                child_value(&start, i, -1000, 1000, false, &mut memo).0,
            )
        })
        .collect();
    let value = by_pit.iter().map(|&(_, v)| v).max().unwrap();
    assert_eq!(value, to_come_ab(&start, -1000, 1000, false, &mut memo));
    let best: Vec<String> = by_pit
        .iter()
        .filter(|&&(_, v)| v == value)
        .map(|(pit, _)| pit.to_string())
        .collect();
    let line = format!("~ = \\{value:+} ({})\n", best.join("|"));
    let transcript = include_str!("../../../protocol-tests/kalah/game.txt");
    let after = transcript
        .split_once("\n> newgame\n< = \n<\n> solve\n")
        .expect("the transcript solves after a bare newgame")
        .1;
    assert!(
        after.starts_with(&line),
        "alpha-beta: {value:+} by pit {by_pit:?}; the transcript should expect {line:?}"
    );
}

/// Values known from the literature: Irving, Donkers and Uiterwijk (2000) for the empty-capture
/// rule, Rawlings (2015) for the standard one, Kalah(6,4) under both. Kalah(6,5) (+12 and +10)
/// takes minutes: `scripts/kalah-solve-times.sh` measures it.
#[test]
fn kalah_6_4_has_its_published_values() {
    let stop = AtomicBool::new(false);
    for (ec, want) in [(false, 8), (true, 10)] {
        let k = Kalah::new(rules(6, ec), 4);
        // A small database, as the engine uses a bigger one: without, the solve takes minutes.
        let db = Endgame::build(k.rules, 16, 2, &stop).expect("not stopped");
        let sol = solve_with(&k, &ProofTable::new(64, 6), Some(&db), 2);
        assert_eq!(sol.value, want, "Kalah(6,4) empty_capture {ec}");
    }
}

/// The value of every first move of Kalah(5,3) under both capture rules (the final margin for
/// the first player after it, with perfect play from there), from the solver (each child solved
/// on its own, on one thread without a database and on two with one) and from the independent
/// alpha-beta above (its own board and sowing, checked against the plain minimax on the small
/// boards). Kalah(6,5)'s first moves take minutes each; this is the same question on a board
/// the independent search answers in seconds.
#[test]
fn first_move_values_of_kalah_5_3_agree_with_an_independent_alpha_beta() {
    let stop = AtomicBool::new(false);
    for ec in [false, true] {
        let start = Kalah::new(rules(5, ec), 3);
        let db = Endgame::build(start.rules, 12, 2, &stop).expect("not stopped");
        let mut memo = Memo::default();
        let mut values = Vec::new();
        for pit in 0..5 {
            let mut k = start;
            k.apply(pit);
            let want = child_value(&Plain::start(5, 3), pit, -1000, 1000, ec, &mut memo).0;
            for (threads, endgame) in [(1, None), (2, Some(&db))] {
                let sol = solve_with(&k, &ProofTable::new(16, 5), endgame, threads);
                let margin = k.store_margin() + sol.value;
                let got = if k.player == start.player {
                    margin
                } else {
                    -margin
                };
                assert_eq!(
                    got,
                    want,
                    "Kalah(5,3) empty_capture {ec}, pit {}, {threads} threads",
                    pit + 1
                );
            }
            values.push(want);
        }
        // The best first move gives the board's value.
        let whole = solve_with(&start, &ProofTable::new(16, 5), None, 1).value;
        assert_eq!(values.iter().max(), Some(&whole), "{values:?}");
        eprintln!("Kalah(5,3) empty_capture {ec}: first moves {values:?}");
    }
}

/// Positions from random games of Kalah(m, n), with at most `max_seeds` seeds in play.
fn sampled(rng: &mut StdRng, r: Rules, n: u32, max_seeds: u32, count: usize) -> Vec<Kalah> {
    let mut out = Vec::new();
    while out.len() < count {
        let mut k = Kalah::new(r, n);
        while k.final_margin().is_none() && k.board.seeds() > max_seeds {
            let legal: Vec<usize> = (0..r.pits).filter(|&i| k.is_legal(i)).collect();
            k.apply(legal[rng.gen_range(0..legal.len())]);
        }
        out.push(k);
    }
    out
}

#[test]
fn solve_agrees_with_minimax_on_positions_from_random_games() {
    let mut rng = StdRng::seed_from_u64(7);
    for ec in [false, true] {
        let mut memo = Memo::default();
        for (m, n, max_seeds) in [(4, 4, 20), (5, 4, 18), (6, 4, 16), (6, 6, 14)] {
            let r = rules(m, ec);
            let table = ProofTable::new(4, m);
            for k in sampled(&mut rng, r, n, max_seeds, 12) {
                check(&k, &solve_with(&k, &table, None, 1), &mut memo);
                // Two threads on a fresh table give the same value.
                let two = solve_with(&k, &ProofTable::new(4, m), None, 2);
                check(&k, &two, &mut memo);
            }
        }
    }
}

#[test]
fn the_endgame_database_agrees_with_minimax_and_speeds_up_the_solver() {
    let stop = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(11);
    for ec in [false, true] {
        let r = rules(4, ec);
        let db = Endgame::build(r, 10, 2, &stop).expect("not stopped");
        let mut memo = Memo::default();
        let table = ProofTable::new(4, r.pits);
        for k in sampled(&mut rng, r, 4, 10, 40) {
            let Some(v) = db.value(k.board) else {
                assert!(
                    k.board.seeds() > 10,
                    "the database covers every board up to 10 seeds"
                );
                continue;
            };
            assert_eq!(
                k.store_margin() + v,
                minimax(&Plain::from(&k), ec, &mut memo)
            );
            check(&k, &solve_with(&k, &table, Some(&db), 1), &mut memo);
        }
        for k in sampled(&mut rng, r, 4, 18, 10) {
            check(&k, &solve_with(&k, &table, Some(&db), 2), &mut memo);
        }
    }
}

#[test]
fn published_values_of_kalah_5_3_and_6_3() {
    for (m, n, margin) in [(5, 3, 6), (6, 3, 2)] {
        let k = Kalah::new(rules(m, false), n);
        for threads in [1, 2] {
            let sol = solve_with(&k, &ProofTable::new(64, m), None, threads);
            assert_eq!(sol.value, margin, "Kalah({m},{n}), {threads} threads");
        }
    }
}

#[test]
fn an_interrupted_solve_reports_proven_bounds() {
    // Kalah(6,4) is worth +8 (solved above). From a first guess far below, the first probes
    // prove lower bounds at once; the solve is stopped mid-way, after some but not all of its
    // work. The bounds it reports are proven, so they hold the value, and they are not the
    // trivial -48..+48 that any stopped solver could report.
    let k = Kalah::new(rules(6, false), 4);
    let seeds = 48;
    let mut stopped = 0;
    for delay_ms in [20, 50, 100, 200] {
        let stop = AtomicBool::new(false);
        let table = ProofTable::new(4, 6);
        let setup = SolverSetup {
            rules: k.rules,
            table: &table,
            endgame: None,
            threads: 2,
            stop: &stop,
            deadline: None,
            guess: Some(-40),
            progress: None,
        };
        let r = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(delay_ms));
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            solver::solve(k.board, &setup)
        });
        match r {
            Ok(sol) => assert_eq!(sol.value, 8, "solved in {delay_ms} ms"),
            Err(p) => {
                stopped += 1;
                assert!(
                    p.lower <= 8 && 8 <= p.upper,
                    "stopped after {delay_ms} ms: {}..{} does not hold +8",
                    p.lower,
                    p.upper
                );
                assert!(
                    p.lower > -seeds || p.upper < seeds,
                    "stopped after {delay_ms} ms: only the trivial bounds"
                );
                assert!((p.lower - seeds) % 2 == 0 && (p.upper - seeds) % 2 == 0);
            }
        }
    }
    assert!(stopped > 0, "every solve finished before its stop");
}

#[test]
fn the_generic_search_plays_legal_moves_and_sees_the_end() {
    let tt = Tt::new(8);
    let stop = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(3);
    for k in sampled(&mut rng, rules(6, false), 4, 30, 10) {
        if k.outcome().is_some() {
            continue;
        }
        let r = search::search(&k, &Limits::depth(6), &tt, &stop, &mut |_| {});
        assert!(k.is_legal(r.best.unwrap() as usize));
    }
    // One seed each, Kalah(1): the mover sows into the store, moves again, and has nothing
    // left: the game ends 1-1. The search sees that exact margin.
    let k = Kalah::new(rules(1, false), 1);
    let r = search::search(&k, &Limits::depth(4), &tt, &stop, &mut |_| {});
    assert_eq!(r.score, 0);
}

#[test]
fn big_boards_are_solved_with_a_bigger_database() {
    use super::session::{endgame_seeds, solve_endgame_seeds};
    if std::env::var_os("SENTE_KALAH_DB_SEEDS").is_some() {
        return; // the user's override fixes every size
    }
    // About 256 MB for 6 pits (genmove, and solving Kalah(6,4)); from 60 seeds up, 1 to 2 GB
    // (an eighth of the machine's memory): 23 to 25 seeds.
    assert_eq!(endgame_seeds(6), 20);
    assert_eq!(solve_endgame_seeds(6, 48), 20);
    let big = solve_endgame_seeds(6, 60);
    assert!((23..=25).contains(&big), "{big}");
    assert!(Endgame::size(6, 23) <= 1 << 30 && Endgame::size(6, 24) > 1 << 30);
    assert!(Endgame::size(6, 25) <= 2 << 30 && Endgame::size(6, 26) > 2 << 30);
    // Without `--hash`, the same big boards get a bigger proof table (2 GB on a 16 GB machine).
    use super::session::solve_proof_table_mb;
    assert_eq!(solve_proof_table_mb(6, 48), 64);
    assert!((64..=2048).contains(&solve_proof_table_mb(6, 60)));
}

#[test]
fn the_progress_line_names_the_window_the_probe_and_the_node_rate() {
    let line = solver::progress_line(Duration::from_secs(40), 8, 60, Some(10), 210_350_000);
    assert_eq!(
        line,
        "kalah solve: 40 s, margin in [+8, +60], probing >= +10, 210.35M nodes (5.26M/s)"
    );
    let between = solver::progress_line(Duration::from_secs(2), -4, 4, None, 1500);
    assert_eq!(
        between,
        "kalah solve: 2 s, margin in [-4, +4], 1.5K nodes (750/s)"
    );
}
