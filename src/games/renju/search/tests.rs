//! The renju searcher on puzzles, judged by node budgets (never wall time).

use std::sync::atomic::AtomicBool;

use super::{search, SearchLimits};
use crate::games::renju::board::{cell, xy, Board, Cell, Rule};
use crate::search::{is_proven, Score, Tt};

fn limits(nodes: u64) -> SearchLimits {
    SearchLimits {
        depth: None,
        nodes: Some(nodes),
        soft: None,
        hard: None,
        threads: 1,
    }
}

fn board(rows: &[&str], rule: Rule, to_move: u8) -> Board {
    let n = rows.len();
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            match ch {
                'x' => stones.push((cell(x, y), 0)),
                'o' => stones.push((cell(x, y), 1)),
                _ => {}
            }
        }
    }
    Board::from_stones(n, n, rule, &stones, to_move)
}

#[test]
fn takes_a_five_and_blocks_a_four() {
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "....xxxx.......",
        "...........o...",
        "....oooo.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    let tt = Tt::new(4);
    let stop = AtomicBool::new(false);
    // Black to move: its own five beats blocking.
    let b = board(&rows, Rule::Freestyle, 0);
    let r = search(&b, &limits(10_000), &tt, &stop, &mut |_| {}, &mut |_| {});
    assert!([cell(3, 6), cell(8, 6)].contains(&r.best.unwrap()));
    assert!(is_proven(r.score) && r.score > 0, "{}", r.score);
}

#[test]
fn an_open_three_is_answered() {
    // Freestyle: Black's open three on row 7, White to move and nothing of its own.
    let mut b = Board::new(15, 15, Rule::Freestyle);
    for (x, y) in [(5, 7), (0, 14), (6, 7), (14, 0), (7, 7)] {
        b.make(cell(x, y));
    }
    let tt = Tt::new(4);
    let stop = AtomicBool::new(false);
    let r = search(&b, &limits(50_000), &tt, &stop, &mut |_| {}, &mut |_| {});
    let best = r.best.unwrap();
    assert!(
        [cell(3, 7), cell(4, 7), cell(8, 7), cell(9, 7)].contains(&best),
        "{:?}",
        xy(best)
    );
}

/// Does `m` win for the side to move of `b`? A five; or a four after whose forced block the
/// attacker still wins by fours (`threats::vcf`); or a win by threats the VCT proves after it,
/// every defence failing (`threats::vct`). Independent of the search that chose `m`.
fn wins(b: &Board, m: Cell) -> bool {
    use crate::games::renju::threats::{lost, vcf::Vcf, vct::Vct};
    let mut b = b.clone();
    if !b.is_legal(m) {
        return false;
    }
    let me = b.to_move();
    b.make(m);
    // A five, two five points, or one the defender may not block.
    if b.winner() == Some(me) || lost(&mut b) {
        return true;
    }
    if let (1, 0, Some(block)) = (b.five_points(me), b.five_points(1 - me), b.five_point(me)) {
        b.make(block);
        let by_fours = b.winner().is_none() && Vcf::new(1_000_000, None).solve(&mut b).is_some();
        b.undo();
        if by_fours {
            return true;
        }
    }
    b.undo();
    Vct::new(None, None)
        .with_node_limit(1_000_000)
        .wins_with(&mut b, m, 8)
}

/// Every shared VCF puzzle: the search proves the win within a node budget, and the move of its
/// first proven iteration is checked by the threat searches, independently of the search. Every
/// eighth puzzle is also searched on to the end of its budget, as a game at that budget would
/// be, and its final answer judged the same way: a later iteration can lose a proof, or trade a
/// confirmed winning move for one the threat searches cannot confirm (all 841 searched to the
/// end gave 50 fewer confirmed moves). Stopping the rest at their first proof still asserts of
/// each puzzle that the search proves it and finds a winning move within the budget, and spares
/// the nodes searched after it (85 % of them on the first 74 puzzles): 109 s of CPU against about 495 s when every puzzle ran to its budget (issue 38's
/// test time).
/// The floors are the figures measured (2026-11-29, main cb5413b): 824 of 841 proven within
/// 400,000 nodes and 782 first-proof moves confirmed; of the 106 searched on, 102 end proven and
/// 90 with a confirmed move. Judged at the end of the budget, all 841 gave 819 and 732 with the
/// pruning on every move and the values fitted to Rapfi's scores (the count limit reaching
/// attacking fours at non-PV nodes, so a few long forced wins are found later, the price of a
/// tree a third as wide); before: 824 and 744 with the learned move scores, 830 and 746 with
/// the hand ladder and the exact threat replies, 833 and 750 before them. The rest are wins the
/// threat searches cannot confirm within their budgets (long lines with threes, or false
/// proofs: issue 39's to find out); a search that proves or chooses worse fails here.
#[test]
fn vcf_puzzles_are_proven_within_a_node_budget_and_their_moves_checked() {
    let puzzles = crate::games::renju::tests::vcf_puzzles();
    // Each puzzle searched on its own, from a cleared table, as one after another on one
    // thread: spread over the cores only to take less of the test run's time. Every puzzle is
    // searched until its first proven iteration; every GAME_SAMPLE-th one on to the end of its
    // node budget, as a game at that budget would, and judged twice: at its first proof and
    // by the answer it ends with.
    let results = crate::util::par::par_map(
        &puzzles.iter().enumerate().collect::<Vec<_>>(),
        || Tt::new(8),
        |tt, (i, (_, b))| {
            tt.clear();
            let stop = AtomicBool::new(false);
            let to_the_end = i % GAME_SAMPLE == 0;
            let mut first: Option<(Option<Cell>, Score)> = None;
            let r = search(
                b,
                &limits(PUZZLE_NODES),
                tt,
                &stop,
                &mut |rep| {
                    if first.is_none() && is_proven(rep.score) && rep.score > 0 {
                        first = Some((rep.best, rep.score));
                        if !to_the_end {
                            stop.store(true, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                },
                &mut |_| {},
            );
            let judge = |best: Option<Cell>, score: Score| {
                let won = is_proven(score) && score > 0;
                (won, won && best.is_some_and(|m| wins(b, m)))
            };
            // No proven iteration: the search ran to its budget, and its answer is judged.
            let (m, s) = first.unwrap_or((r.best, r.score));
            let at_first = judge(m, s);
            let at_end = to_the_end.then(|| judge(r.best, r.score));
            (r.nodes, at_first, at_end, r.best, r.score)
        },
    );
    let total = results.len();
    let most = results.iter().map(|r| r.0).max().unwrap_or(0);
    let proven = results.iter().filter(|r| r.1 .0).count();
    let right = results.iter().filter(|r| r.1 .1).count();
    let played: Vec<(bool, bool)> = results.iter().filter_map(|r| r.2).collect();
    let kept = played.iter().filter(|r| r.0).count();
    let kept_right = played.iter().filter(|r| r.1).count();
    let failures: Vec<String> = puzzles
        .iter()
        .zip(&results)
        .filter(|(_, r)| !r.1 .1)
        .take(3)
        .map(|((line, _), r)| format!("{line} -> {:?} score {}", r.3.map(xy), r.4))
        .collect();
    eprintln!(
        "VCF puzzles: {proven}/{total} proven by the search within {PUZZLE_NODES} nodes \
         (the most: {most}), {right} with a winning move at the first proof; searched on to \
         the budget: {kept}/{} proven, {kept_right} with a winning move",
        played.len()
    );
    assert!(total >= 800, "only {total} puzzles read");
    assert!(
        proven * 1000 >= total * 979,
        "only {proven} of {total} proven"
    );
    assert!(
        right * 1000 >= total * 929,
        "only {right} of {total} moves confirmed; first failures:\n{}",
        failures.join("\n")
    );
    assert!(
        kept * 1000 >= played.len() * KEPT_FLOOR
            && kept_right * 1000 >= played.len() * KEPT_RIGHT_FLOOR,
        "searched on to the budget: {kept} of {} still proven, {kept_right} moves confirmed",
        played.len()
    );
}

/// The search's node budget per VCF puzzle.
const PUZZLE_NODES: u64 = 400_000;

/// Every how many-th puzzle is searched on to the end of its budget after its first proof.
const GAME_SAMPLE: usize = 8;
/// Floors (per mille) of the puzzles searched on to the budget whose final answer is still a
/// proven win, and a win the threat searches confirm.
const KEPT_FLOOR: usize = 962;
const KEPT_RIGHT_FLOOR: usize = 849;

/// The hard limit as behaviour, not as a wall-clock bound: after the search's own deadline the
/// main thread enters at most two more root moves (the one whose search was running when the
/// deadline passed, whose next clock poll ends it, and at most one begun in between), however
/// loaded the machine is, with one thread or two. The deadline is the search's: its clock
/// started `elapsed` before the first report. A search that ignored its clock would enter root
/// moves until its depth limit.
#[test]
fn the_hard_limit_holds() {
    use crate::search::RootEvent;
    use std::cell::Cell as StdCell;
    use std::time::{Duration, Instant};
    let b = crate::games::renju::bench::positions(Rule::Renju).remove(0);
    let hard = Duration::from_millis(300);
    for threads in [1, 2] {
        let limits = SearchLimits {
            depth: None,
            nodes: None,
            soft: None,
            hard: Some(hard),
            threads,
        };
        let deadline: StdCell<Option<Instant>> = StdCell::new(None);
        let late = StdCell::new(0u32);
        let tt = Tt::new(16);
        let stop = AtomicBool::new(false);
        let r = search(
            &b,
            &limits,
            &tt,
            &stop,
            &mut |r| {
                if deadline.get().is_none() {
                    deadline.set(Some(Instant::now() - r.elapsed + hard));
                }
            },
            &mut |ev| {
                let past = deadline.get().is_some_and(|d| Instant::now() > d);
                if past && matches!(ev, RootEvent::Enter { .. }) {
                    late.set(late.get() + 1);
                }
            },
        );
        assert!(deadline.get().is_some(), "no iteration was reported");
        assert!(r.best.is_some() && r.depth >= 1);
        assert!(
            late.get() <= 2,
            "{threads} threads: {} root moves entered past the hard limit",
            late.get()
        );
    }
}

/// The quiescence's four points, found by scanning the anchors' lines, are exactly the four
/// points of the whole candidate list that the rule keeps (checked here by coordinates), on
/// random positions of every rule: a scan that missed a cell would silently narrow the VCF.
#[test]
fn four_points_near_the_anchors_are_every_such_four_point() {
    use super::node::four_points_near;
    use crate::games::renju::board::cell_table::FLAG_FOUR;
    let mut r = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        r
    };
    let near = |a: Cell, c: Cell, square: bool| {
        let ((ax, ay), (cx, cy)) = (xy(a), xy(c));
        let (dx, dy) = (ax.abs_diff(cx), ay.abs_diff(cy));
        (dx.max(dy) <= 4 && (dx == 0 || dy == 0 || dx == dy)) || (square && dx.max(dy) <= 2)
    };
    let mut checked = 0;
    for rule in [Rule::Renju, Rule::Freestyle, Rule::Exact, Rule::Caro] {
        for _game in 0..20 {
            let mut b = Board::new(15, 15, rule);
            for _ply in 0..60 {
                let mut cands = Vec::new();
                b.candidates(&mut cands);
                if cands.is_empty() || b.winner().is_some() {
                    break;
                }
                b.make(cands[(next() % cands.len() as u64) as usize]);
                for side in [0, 1] {
                    for (anchors, square) in [
                        ([b.move_back(1), None], true),
                        ([b.move_back(1), b.move_back(3)], false),
                        ([b.move_back(0), b.move_back(2)], false),
                    ] {
                        let mut got = Vec::new();
                        four_points_near(&b, side, anchors, square, &mut got);
                        got.sort_unstable();
                        let mut all = Vec::new();
                        b.candidates(&mut all);
                        let want: Vec<Cell> = all
                            .into_iter()
                            .filter(|&c| b.info(c, side).flags & FLAG_FOUR != 0)
                            .filter(|&c| {
                                anchors[0].is_none()
                                    || anchors
                                        .iter()
                                        .flatten()
                                        .any(|&a| near(a, c, square && Some(a) == anchors[0]))
                            })
                            .collect();
                        assert_eq!(got, want, "{rule} {anchors:?} {square}\n{b:?}");
                        checked += usize::from(!want.is_empty());
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} positions had a four point");
}
