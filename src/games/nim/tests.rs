//! Theory and search must agree on Nim: the strongest check we have that the generic search
//! (TT, proven scores, PVS) is sound.

use std::sync::atomic::AtomicBool;

use super::position::Nim;
use super::rules::{NimMove, Rule};
use super::theory;
use crate::search::{self, Limits, Position, Tt};

/// Every multiset of up to `max_heaps` heaps with sizes `0..=max_size` (order does not matter
/// to the game, so sorted tuples cover every position).
fn positions(max_heaps: usize, max_size: u64) -> Vec<Vec<u64>> {
    let mut out = vec![];
    fn rec(cur: &mut Vec<u64>, min: u64, left: usize, max: u64, out: &mut Vec<Vec<u64>>) {
        if !cur.is_empty() {
            out.push(cur.clone());
        }
        if left == 0 {
            return;
        }
        for s in min..=max {
            cur.push(s);
            rec(cur, s, left - 1, max, out);
            cur.pop();
        }
    }
    rec(&mut vec![], 0, max_heaps, max_size, &mut out);
    out
}

fn after(heaps: &[u64], m: NimMove) -> Vec<u64> {
    let mut h = heaps.to_vec();
    h[m.heap] -= m.take;
    h
}

#[test]
fn search_agrees_with_theory_on_every_small_position() {
    let stop = AtomicBool::new(false);
    for rule in [Rule::Normal, Rule::Misere] {
        let tt = Tt::new(16);
        for heaps in positions(5, 7) {
            let pos = Nim::new(heaps.clone(), rule).without_theory();
            let win = theory::wins(&heaps, rule);
            if pos.outcome().is_some() {
                // Nothing left to play: the rule alone decides, and theory must say the same.
                assert_eq!(win, rule == Rule::Misere, "{heaps:?} {rule}");
                continue;
            }
            let r = search::search(&pos, &Limits::default(), &tt, &stop, &mut |_| {});
            assert!(
                r.proven(),
                "search did not prove {heaps:?} {rule}: score {}",
                r.score
            );
            assert_eq!(
                r.score > 0,
                win,
                "search and theory disagree on {heaps:?} {rule}"
            );
            let m = r.best.expect("a move");
            assert!(pos.is_legal(m));
            if win {
                assert!(
                    !theory::wins(&after(&heaps, m), rule),
                    "search's move {m:?} from {heaps:?} {rule} does not win"
                );
            }
            let (_, tm) = theory::solve(&heaps, rule);
            let tm = tm.expect("theory gives a move");
            assert!(pos.is_legal(tm));
            if win {
                assert!(
                    !theory::wins(&after(&heaps, tm), rule),
                    "theory's move {tm:?} from {heaps:?} {rule} does not win"
                );
            } else {
                assert_eq!(tm.take, 1, "a lost position should stall");
            }
        }
    }
}

#[test]
fn two_threads_prove_the_same_results() {
    let stop = AtomicBool::new(false);
    for rule in [Rule::Normal, Rule::Misere] {
        let tt = Tt::new(16);
        for heaps in positions(4, 5)
            .into_iter()
            .filter(|h| h.iter().sum::<u64>() > 0)
        {
            let pos = Nim::new(heaps.clone(), rule).without_theory();
            let limits = Limits {
                threads: 2,
                ..Limits::default()
            };
            let r = search::search(&pos, &limits, &tt, &stop, &mut |_| {});
            assert!(r.proven());
            assert_eq!(r.score > 0, theory::wins(&heaps, rule), "{heaps:?} {rule}");
        }
    }
}

#[test]
fn huge_heaps_are_answered_by_theory_through_the_search() {
    let stop = AtomicBool::new(false);
    let heaps = vec![4_294_967_296, 123_456_789, 987_654_321, 55];
    let pos = Nim::new(heaps.clone(), Rule::Normal);
    let r = search::search(&pos, &Limits::default(), &Tt::new(1), &stop, &mut |_| {});
    let m = r.best.unwrap();
    assert!(pos.is_legal(m));
    assert!(!theory::wins(&after(&heaps, m), Rule::Normal));
}
