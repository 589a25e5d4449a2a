//! Each class of inferior cell on hand-made positions, and the soundness of fill-in and
//! pruning checked against brute force on random small boards.

use super::consider;
use super::fill::fill_in;
use super::inferior::{bridge_dominators, dominators, Pruning, Why};
use super::layer::Layers;
use super::permanent;
use crate::games::hex::board::{BLACK, WHITE};
use crate::games::hex::ice::fillin::dead_colour;
use crate::games::hex::position::Hex;
use crate::games::hex::session_inferior;

fn pos_with(n: usize, stones: &[(u8, &str)], to_move: u8) -> Hex {
    let mut p = Hex::new(n, n).unwrap();
    for &(colour, cell) in stones {
        let c = p.board().parse_cell(cell).unwrap();
        p.place(colour, c);
    }
    p.set_to_move(to_move);
    p
}

fn cell(p: &Hex, name: &str) -> usize {
    p.board().parse_cell(name).unwrap()
}

fn all_dominators(p: &Hex, c: usize) -> Vec<(String, Why)> {
    let layers = Layers::new(p.board());
    let mut v = Vec::new();
    dominators(&layers, p.to_move(), c, |k, why| {
        v.push((p.board().cell_name(k), why));
        false
    });
    v
}

#[test]
fn a_cell_between_three_stones_of_each_colour_is_dead() {
    // c3's ring: d2 d3 c4 black, b4 b3 c2 white. No four in a row, but simplicial in both
    // colours' graphs.
    let stones = [
        (BLACK, "d2"),
        (BLACK, "d3"),
        (BLACK, "c4"),
        (WHITE, "b4"),
        (WHITE, "b3"),
        (WHITE, "c2"),
    ];
    let p = pos_with(5, &stones, BLACK);
    let c3 = cell(&p, "c3");
    assert_eq!(dead_colour(p.board(), c3), None);
    let (q, fill) = fill_in(&p);
    assert!(fill.dead.has(c3));
    assert_eq!(
        q.board().color_at(c3),
        Some(WHITE),
        "dead cells go to the last mover"
    );
    assert_eq!(q.to_move(), BLACK);
    // A cell with an empty neighbourhood that is not a clique is live.
    let q = pos_with(5, &[], BLACK);
    assert!(fill_in(&q).1.dead.is_empty());
}

#[test]
fn four_in_a_row_and_edge_cells_are_dead() {
    // a cell on black's top edge between two black stones touching that edge.
    let p = pos_with(5, &[(BLACK, "b1"), (BLACK, "d1")], WHITE);
    let c1 = cell(&p, "c1");
    assert_eq!(dead_colour(p.board(), c1), Some(BLACK));
    assert!(fill_in(&p).1.dead.has(c1));
    // Ring-of-four cells are always found.
    let p = pos_with(
        5,
        &[(WHITE, "c2"), (WHITE, "d2"), (WHITE, "d3"), (WHITE, "c4")],
        BLACK,
    );
    let c3 = cell(&p, "c3");
    assert_eq!(dead_colour(p.board(), c3), Some(WHITE));
    assert!(fill_in(&p).1.dead.has(c3));
}

#[test]
fn the_two_cells_under_a_second_row_stone_are_captured() {
    // Black c2 bridges to the top edge through c1 and d1: black owns both.
    for to_move in [BLACK, WHITE] {
        let p = pos_with(5, &[(BLACK, "c2")], to_move);
        let (q, fill) = fill_in(&p);
        for name in ["c1", "d1"] {
            let c = cell(&p, name);
            assert!(fill.captured[BLACK as usize].has(c), "{name}");
            assert_eq!(q.board().color_at(c), Some(BLACK));
        }
        assert!(fill.captured[WHITE as usize].is_empty());
        assert_eq!(fill.for_mover(to_move), to_move == BLACK);
        assert_eq!(q.to_move(), to_move);
    }
    // Nothing is captured on an empty board.
    let (_, fill) = fill_in(&pos_with(5, &[], BLACK));
    assert!(fill.captured.iter().all(|c| c.is_empty()));
}

#[test]
fn a_cell_a_stone_would_kill_is_vulnerable_and_pruned() {
    // c3: d2 d3 black, b3 c2 white, c4 b4 empty. Black on c4 or white on b4 kills it.
    let stones = [(BLACK, "d2"), (BLACK, "d3"), (WHITE, "b3"), (WHITE, "c2")];
    let p = pos_with(5, &stones, WHITE);
    let c3 = cell(&p, "c3");
    let layers = Layers::new(p.board());
    assert!(!layers.dead(c3));
    assert!(layers.kills(BLACK, cell(&p, "c4"), c3));
    assert!(layers.kills(WHITE, cell(&p, "b4"), c3));
    assert!(!layers.kills(BLACK, cell(&p, "e5"), c3));
    let doms = all_dominators(&p, c3);
    assert!(doms.contains(&("c4".into(), Why::Killer)), "{doms:?}");
    assert!(doms.contains(&("b4".into(), Why::Killer)), "{doms:?}");
    assert!(!consider(&p).has(c3));
}

#[test]
fn a_corner_cell_is_dominated_by_its_edge_neighbour() {
    // Empty 3x3, black to move: a1's closed neighbourhood (top edge, b1, a2) lies in b1's.
    let p = pos_with(3, &[], BLACK);
    let doms = all_dominators(&p, cell(&p, "a1"));
    assert!(
        doms.contains(&("b1".into(), Why::Neighbourhood)),
        "{doms:?}"
    );
    // The centre dominates nothing's neighbourhood on an empty board and is kept.
    let p5 = pos_with(5, &[], BLACK);
    assert!(consider(&p5).has(cell(&p5, "c3")));
    assert!(!consider(&p).has(cell(&p, "a1")));
}

/// The named bridge dominators of `c` in `p` (`inferior::bridge_dominators`).
fn bridges_of(p: &Hex, c: usize) -> Vec<String> {
    let layers = Layers::new(p.board());
    let by = bridge_dominators(&layers.geo, layers.empty(), p.to_move(), c);
    by.into_iter()
        .flatten()
        .map(|k| p.board().cell_name(k))
        .collect()
}

#[test]
fn an_edge_cell_is_dominated_by_its_bridges_to_that_edge() {
    // Empty 5x5. White (columns a and e): e3's two neighbours off the edge, d4 (bridge through
    // e3 and e4) and d3 (through e3 and e2). Black (rows 1 and 5): c1 by c2 and b2.
    let p = pos_with(5, &[], WHITE);
    assert_eq!(bridges_of(&p, cell(&p, "e3")), ["d4", "d3"]);
    let p = pos_with(5, &[], BLACK);
    assert_eq!(bridges_of(&p, cell(&p, "c1")), ["c2", "b2"]);
    // Only on the mover's own edges, and not at a corner or beside one through it: a2's
    // bridge over a1 (a corner) is not one, its bridge over a3 is.
    assert!(bridges_of(&p, cell(&p, "e3")).is_empty());
    let w = pos_with(5, &[], WHITE);
    assert_eq!(bridges_of(&w, cell(&w, "a2")), ["b2"]);
    assert!(bridges_of(&w, cell(&w, "a1")).is_empty());
    // The other edge cell of the bridge must be empty: a black stone on e4 leaves d3 only.
    let p = pos_with(5, &[(BLACK, "e4")], WHITE);
    assert_eq!(bridges_of(&p, cell(&p, "e3")), ["d3"]);
    // The solver's pruning drops the bridged cells, the players' keeps them.
    let p = pos_with(5, &[(BLACK, "c3")], WHITE);
    let layers = Layers::new(p.board());
    let e3 = cell(&p, "e3");
    assert!(Pruning::new(&layers, WHITE).consider.has(e3));
    assert!(!Pruning::with_bridges(&layers, WHITE).consider.has(e3));
}

/// Every bridge domination holds: whenever the edge cell wins, its dominator wins too, on
/// random small positions (after fill-in, as the solver sees them); and the solver's pruning
/// with them keeps a winning move.
#[test]
fn bridged_edge_cells_hold_by_brute_force() {
    let mut memo = Memo::default();
    let (mut claims, mut winning, mut pruned) = (0, 0, 0);
    for p in random_positions(1200) {
        let (q, _) = fill_in(&p);
        if q.winner().is_some() {
            continue;
        }
        let layers = Layers::new(q.board());
        for c in layers.empty().iter() {
            let by = bridge_dominators(&layers.geo, layers.empty(), q.to_move(), c);
            for k in by.into_iter().flatten() {
                claims += 1;
                winning += holds_domination(&q, c, k, &mut memo) as usize;
            }
        }
        let keep = Pruning::with_bridges(&layers, q.to_move()).consider;
        pruned += Pruning::new(&layers, q.to_move())
            .consider
            .minus(&keep)
            .len();
        if brute_force(&q, &mut memo) {
            assert!(
                keep.iter().any(|m| wins_by(&q, m, &mut memo)),
                "no winning move kept in\n{}",
                q.board()
            );
        }
    }
    assert!(
        claims > 300 && winning > 50 && pruned > 100,
        "{claims} claims, {winning} winning, {pruned} more pruned"
    );
}

#[test]
fn cells_that_dominate_each_other_keep_one() {
    // Empty boards are full of mutual domination (symmetric cells, edge cells): the forest
    // must still keep a root, on every small size and for either side.
    for n in 1..=5 {
        for to_move in [BLACK, WHITE] {
            let p = pos_with(n, &[], to_move);
            assert!(!consider(&p).is_empty(), "{n}x{n}");
        }
    }
}

use crate::games::hex::tests::{brute_force, Memo};

/// Does the side to move of `q` win by playing `m` (by brute force)?
fn wins_by(q: &Hex, m: usize, memo: &mut Memo) -> bool {
    let mut r = *q;
    r.play_cell(m);
    !brute_force(&r, memo)
}

/// Checks a claimed domination by brute force: whenever the mover of `q` wins by playing `c`,
/// it wins by playing `k` too. Whether `c` wins (so the claim was put to the test).
fn holds_domination(q: &Hex, c: usize, k: usize, memo: &mut Memo) -> bool {
    if !wins_by(q, c, memo) {
        return false;
    }
    assert!(
        wins_by(q, k, memo),
        "{} does not dominate {} in\n{}",
        q.board().cell_name(k),
        q.board().cell_name(c),
        q.board()
    );
    true
}

/// The tests' seeded xorshift64 stream, so every brute-force test sees the same positions.
fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// Places `stones` stones of random colours on random empty cells of `p`, then a random side
/// to move.
fn scatter(p: &mut Hex, stones: usize, next: &mut impl FnMut() -> u64) {
    for _ in 0..stones {
        let empty: Vec<usize> = p.board().empty_cells().iter().collect();
        p.place((next() % 2) as u8, empty[next() as usize % empty.len()]);
    }
    p.set_to_move((next() % 2) as u8);
}

/// Seeded random positions without a winner: sizes 3 and 4 with a few stones, 5 with 12-16.
fn random_positions(count: usize) -> Vec<Hex> {
    let mut next = xorshift(0x5EED_1CE5);
    let mut out = Vec::new();
    while out.len() < count {
        let n = 3 + (next() % 3) as usize;
        let mut p = Hex::new(n, n).unwrap();
        let stones = if n == 5 {
            12 + next() as usize % 5
        } else {
            1 + next() as usize % (n * n / 2)
        };
        scatter(&mut p, stones, &mut next);
        if p.winner().is_none() {
            out.push(p);
        }
    }
    out
}

#[test]
fn fill_in_never_changes_the_value() {
    let mut memo = Memo::default();
    let (mut filled, mut captured, mut perm) = (0, 0, 0);
    for p in random_positions(600) {
        let (q, fill) = fill_in(&p);
        assert_eq!(q.to_move(), p.to_move());
        filled += (q.key() != p.key()) as usize;
        captured += fill.captured.iter().any(|c| !c.is_empty()) as usize;
        perm += fill.perm.iter().any(|c| !c.is_empty()) as usize;
        assert_eq!(
            brute_force(&p, &mut memo),
            brute_force(&q, &mut memo),
            "fill-in changed the value of\n{}\ninto\n{}",
            p.board(),
            q.board()
        );
        // Every ring-of-four dead cell is filled.
        for c in p.board().empty_cells().iter() {
            if dead_colour(p.board(), c).is_some() && q.winner().is_none() {
                assert!(q.board().color_at(c).is_some());
            }
        }
    }
    assert!(
        filled > 200 && captured > 50 && perm > 40,
        "{filled} filled, {captured} captured, {perm} with a permanently inferior cell"
    );
}

#[test]
fn a_won_position_keeps_a_winning_move_after_pruning() {
    let mut memo = Memo::default();
    let mut pruned = 0;
    for p in random_positions(600) {
        let keep = consider(&p);
        assert!(keep.minus(&p.board().empty_cells()).is_empty());
        let (q, _) = fill_in(&p);
        if q.winner().is_some() {
            continue;
        }
        assert!(!keep.is_empty(), "nothing to consider in\n{}", p.board());
        pruned += q.board().empty_cells().len() - keep.len();
        if brute_force(&p, &mut memo) {
            let wins = keep.iter().any(|m| {
                let mut r = p;
                r.play_cell(m);
                !brute_force(&r, &mut memo)
            });
            assert!(wins, "no winning move kept in\n{}\n{:?}", p.board(), keep);
        }
    }
    assert!(pruned > 300, "only {pruned} moves pruned");
}

#[test]
fn compute_inferior_answers_in_benzenes_form() {
    let stones = [(BLACK, "c2"), (BLACK, "d2"), (BLACK, "d3"), (WHITE, "b3")];
    let p = pos_with(5, &stones, WHITE);
    let text = session_inferior::inferior(&p, WHITE);
    assert!(text.contains("c1 fcb") || text.contains("d1 fcb"), "{text}");
    for entry in text.split_whitespace().collect::<Vec<_>>().chunks(2) {
        assert!(p.board().parse_cell(entry[0]).is_some(), "{text}");
        let tag = entry[1];
        assert!(
            ["fdb", "fdw", "fcb", "fcw", "fpb", "fpw"].contains(&tag)
                || tag.starts_with("iv[")
                || tag.starts_with("id["),
            "{text}"
        );
    }
    assert!(text.lines().all(|l| l.len() <= 48), "{text}");
}

#[test]
fn the_players_move_list_leaves_inferior_moves_out() {
    // d4 is vulnerable (the shape of the test above, moved to the centre of 7x7);
    // every ranked move is in the consider set.
    let stones = [(BLACK, "e3"), (BLACK, "e4"), (WHITE, "c4"), (WHITE, "d3")];
    let p = pos_with(7, &stones, WHITE);
    let keep = consider(&p);
    assert!(!keep.has(cell(&p, "d4")));
    let ranked: Vec<usize> = p.ranked_moves().iter().map(|&(c, _)| c).collect();
    assert_eq!(ranked.len(), keep.len());
    assert!(ranked.iter().all(|&c| keep.has(c)));
    let q = pos_with(5, &[(BLACK, "c2")], WHITE);
    let ranked: Vec<usize> = q.ranked_moves().iter().map(|&(c, _)| c).collect();
    assert!(!ranked.contains(&cell(&q, "c1")) && !ranked.contains(&cell(&q, "d1")));
    assert_eq!(ranked.len(), consider(&q).len());
}

#[test]
fn the_killer_prefilter_misses_no_killer() {
    let mut found = 0;
    for p in random_positions(300) {
        let layers = Layers::new(p.board());
        for c in layers.empty().iter() {
            let candidates = layers.kill_candidates(c);
            let killers = layers.killers(c);
            for k in layers.empty().iter().filter(|&k| k != c) {
                for z in [BLACK, WHITE] {
                    // Each hypothesis's own candidates suffice: the same answer as asking
                    // both graphs everywhere.
                    let kills = layers.kills(z, k, c);
                    assert_eq!(kills, layers.kills_among(z, k, c, &killers));
                    if kills {
                        found += 1;
                        assert!(candidates.has(k), "{}\n{c} {k}", p.board());
                    }
                }
            }
        }
    }
    assert!(found > 500, "{found}");
}

/// Every domination the local swap pattern (`swap::dominates`) claims holds by brute force: on
/// random 3×3–5×5 positions, whenever the mover wins by playing the dominated cell it also wins
/// by playing its dominator. The rule must also find dominations the neighbourhood rule of
/// `inferior` does not, and `swap::prune` must keep a winning move.
#[test]
fn swap_domination_holds_by_brute_force() {
    use super::swap;
    let mut memo = Memo::default();
    let (mut claims, mut winning, mut beyond) = (0, 0, 0);
    for p in random_positions(700) {
        let (q, _) = fill_in(&p);
        if q.winner().is_some() {
            continue;
        }
        let layers = Layers::new(q.board());
        let empty = q.board().empty_cells();
        for c in empty.iter() {
            let nbrs = layers.geo.nbrs[c].and(&empty);
            for k in nbrs.iter() {
                if !swap::dominates(&layers, q.to_move(), c, k) {
                    continue;
                }
                claims += 1;
                winning += holds_domination(&q, c, k, &mut memo) as usize;
                let mut known = false;
                dominators(&layers, q.to_move(), c, |d, why| {
                    known |= d == k && why == Why::Neighbourhood;
                    known
                });
                beyond += !known as usize;
            }
        }
        // Pruning every move by the rule (nothing known to lose) keeps a winning move.
        if brute_force(&q, &mut memo) {
            let mut moves: Vec<u16> = empty.iter().map(|c| c as u16).collect();
            swap::prune(&layers, q.to_move(), &mut moves, &Default::default());
            assert!(
                moves.iter().any(|&m| wins_by(&q, m as usize, &mut memo)),
                "no winning move kept in\n{}",
                q.board()
            );
        }
    }
    assert!(
        claims > 300 && winning > 50 && beyond > 50,
        "{claims} claims, {winning} winning, {beyond} beyond the neighbourhood rule"
    );
}

#[test]
fn edge_cells_beside_second_row_stones_are_permanently_inferior() {
    // 9x9, Black c2 and h2 (the second-row stones of game 2 of the middle-game benchmark at
    // 10 stones, alone): e1 has the top edge and d1 (captured under c2) on three consecutive
    // slots and d2 e2 f1 empty; with Black on e2 and e1, d2 and f1 die. So Black fills e1,
    // then g1 the same way, then f1 is dead: the whole first row is Black's.
    for to_move in [BLACK, WHITE] {
        let p = pos_with(9, &[(BLACK, "c2"), (BLACK, "h2")], to_move);
        let (q, fill) = fill_in(&p);
        let perm = fill.perm[BLACK as usize];
        assert!(
            perm.has(cell(&p, "e1")) || perm.has(cell(&p, "f1")),
            "{fill:?}"
        );
        assert!(fill.perm[WHITE as usize].is_empty());
        for name in ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"] {
            assert_eq!(q.board().color_at(cell(&p, name)), Some(BLACK), "{name}");
        }
        assert!(q.board().color_at(cell(&p, "e3")).is_none());
        let text = session_inferior::inferior(&p, to_move);
        assert!(text.contains(" fpb"), "{text}");
    }
    // One second-row stone is enough for the cell beside its captured pair (e1 by d1), and
    // an empty board has none (an edge gives two consecutive slots, not three).
    let p = pos_with(9, &[(BLACK, "c2")], WHITE);
    let (_, fill) = fill_in(&p);
    assert!(fill.perm[BLACK as usize].has(cell(&p, "e1")), "{fill:?}");
    for n in 1..=9 {
        let (_, fill) = fill_in(&pos_with(n, &[], BLACK));
        assert!(fill.perm.iter().all(|c| c.is_empty()), "{n}x{n}: {fill:?}");
    }
}

/// Seeded random positions on 3x3 to 6x6 where some cell is permanently inferior for either
/// colour on the board as it stands (before any other fill-in).
fn positions_with_permanently_inferior_cells(count: usize) -> Vec<(Hex, u8, usize)> {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    while out.len() < count {
        let n = 3 + (next() % 4) as usize;
        let mut p = Hex::new(n, n).unwrap();
        let stones = match n {
            6 => 23 + next() as usize % 4,
            5 => 12 + next() as usize % 5,
            _ => 1 + next() as usize % (n * n / 2),
        };
        scatter(&mut p, stones, &mut next);
        if p.winner().is_some() {
            continue;
        }
        let layers = Layers::new(p.board());
        for z in [BLACK, WHITE] {
            let none = crate::games::hex::board::Cells::EMPTY;
            if let Some((c, _)) = permanent::find(&layers, p.board(), z, &none) {
                out.push((p, z, c));
                break;
            }
        }
    }
    out
}

/// The rule by brute force: wherever it finds a permanently inferior cell, filling it with
/// its colour keeps the value for either side to move, and a move that wins in the filled
/// position wins in the original one (the carrier's cells included: the rule stays true as
/// stones are added). The converse may fail: Y's move into the carrier can win only unfilled,
/// where a better Y move wins too, since the values agree.
#[test]
fn permanently_inferior_fill_keeps_every_value() {
    let mut memo = Memo::default();
    let (mut found, mut sizes, mut wins_moved) = (0, [0usize; 7], 0);
    for (p, z, c) in positions_with_permanently_inferior_cells(200) {
        found += 1;
        sizes[p.board().width()] += 1;
        for to_move in [BLACK, WHITE] {
            let mut before = p;
            before.set_to_move(to_move);
            let mut after = before;
            after.place(z, c);
            after.set_to_move(to_move);
            assert_eq!(
                brute_force(&before, &mut memo),
                brute_force(&after, &mut memo),
                "{} for colour {z} changed the value of\n{}",
                p.board().cell_name(c),
                p.board()
            );
            for m in after.board().empty_cells().iter() {
                let (mut b, mut a) = (before, after);
                b.play_cell(m);
                a.play_cell(m);
                // The reply's value after the move, the same or better for the mover.
                let wins_filled = !brute_force(&a, &mut memo);
                assert!(
                    !wins_filled || !brute_force(&b, &mut memo),
                    "{} for colour {z}: {} by {to_move} wins filled, not unfilled, in\n{}",
                    p.board().cell_name(c),
                    p.board().cell_name(m),
                    p.board()
                );
                wins_moved += wins_filled as usize;
            }
        }
    }
    assert!(
        found == 200 && sizes[6] > 20 && sizes[4] > 25 && wins_moved > 150,
        "{sizes:?} {wins_moved}"
    );
}

/// Dead regions by brute force: on random positions, every cell `region::dead_regions` finds
/// that the neighbourhood test does not has a colour that never matters (the position with a
/// black stone there has the value of the one with a white stone, either side to move).
#[test]
fn dead_regions_are_dead_by_brute_force() {
    use super::region;
    let mut memo = Memo::default();
    let (mut found, mut beyond) = (0, 0);
    for p in random_positions(600).into_iter().chain(
        positions_with_permanently_inferior_cells(100)
            .into_iter()
            .map(|t| t.0),
    ) {
        let layers = Layers::new(p.board());
        let dead = region::dead_regions(&layers, p.board());
        found += dead.len();
        for c in dead.iter().filter(|&c| !layers.dead(c)) {
            beyond += 1;
            for to_move in [BLACK, WHITE] {
                let (mut b, mut w) = (p, p);
                b.place(BLACK, c);
                w.place(WHITE, c);
                b.set_to_move(to_move);
                w.set_to_move(to_move);
                assert_eq!(
                    brute_force(&b, &mut memo),
                    brute_force(&w, &mut memo),
                    "{} is not dead in\n{}",
                    p.board().cell_name(c),
                    p.board()
                );
            }
        }
    }
    assert!(
        found > 200 && beyond > 40,
        "{found} found, {beyond} beyond the neighbourhood test"
    );
}

/// Seeded random positions on 3x3 to 6x6 (no winner) for which `pick` names a colour and a
/// set of cells to give it.
fn positions_where(
    seed: u64,
    count: usize,
    mut pick: impl FnMut(&Hex, &Layers) -> Option<(u8, crate::games::hex::board::Cells)>,
) -> Vec<(Hex, u8, crate::games::hex::board::Cells)> {
    let mut next = xorshift(seed);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < 200_000 {
        tries += 1;
        let n = 3 + (next() % 4) as usize;
        let mut p = Hex::new(n, n).unwrap();
        let stones = match n {
            6 => 21 + next() as usize % 6,
            5 => 11 + next() as usize % 6,
            _ => 1 + next() as usize % (n * n / 2),
        };
        scatter(&mut p, stones, &mut next);
        if p.winner().is_some() {
            continue;
        }
        let layers = Layers::new(p.board());
        if let Some((z, set)) = pick(&p, &layers) {
            out.push((p, z, set));
        }
    }
    out
}

/// Giving `set` to colour `z` keeps the value of `p` for either side to move, and every move
/// that wins in the filled position wins in the original one. Returns how many winning moves
/// it compared.
fn check_fill_keeps_value(
    p: &Hex,
    z: u8,
    set: &crate::games::hex::board::Cells,
    memo: &mut Memo,
) -> usize {
    let names: Vec<String> = set.iter().map(|c| p.board().cell_name(c)).collect();
    let mut compared = 0;
    for to_move in [BLACK, WHITE] {
        let mut before = *p;
        before.set_to_move(to_move);
        let mut after = before;
        for c in set.iter() {
            after.place(z, c);
        }
        after.set_to_move(to_move);
        assert_eq!(
            brute_force(&before, memo),
            brute_force(&after, memo),
            "{names:?} for colour {z} changed the value of\n{}",
            p.board()
        );
        if after.winner().is_some() {
            continue;
        }
        for m in after.board().empty_cells().iter() {
            let (mut b, mut a) = (before, after);
            b.play_cell(m);
            a.play_cell(m);
            let wins_filled = !brute_force(&a, memo);
            assert!(
                !wins_filled || !brute_force(&b, memo),
                "{names:?} for colour {z}: {} by {to_move} wins filled, not unfilled, in\n{}",
                p.board().cell_name(m),
                p.board()
            );
            compared += wins_filled as usize;
        }
    }
    compared
}

/// Captured pairs of cells that do not touch (each one's stone kills the other), by brute
/// force.
#[test]
fn captured_pairs_apart_keep_every_value() {
    let pairs = positions_where(0xC0FF_EE12_3456_789B, 150, |p, layers| {
        let empty = p.board().empty_cells();
        for a in empty.iter() {
            if layers.dead(a) {
                continue;
            }
            for b in empty.minus(&layers.geo.nbrs[a]).iter() {
                if b <= a || layers.dead(b) {
                    continue;
                }
                for z in [BLACK, WHITE] {
                    if layers.kills(z, a, b) && layers.kills(z, b, a) {
                        let mut set = crate::games::hex::board::Cells::EMPTY;
                        set.insert(a);
                        set.insert(b);
                        return Some((z, set));
                    }
                }
            }
        }
        None
    });
    let mut memo = Memo::default();
    let mut compared = 0;
    let mut sizes = [0usize; 7];
    for (p, z, set) in &pairs {
        sizes[p.board().width()] += 1;
        compared += check_fill_keeps_value(p, *z, set, &mut memo);
    }
    assert!(
        pairs.len() == 150 && sizes[5] + sizes[6] > 40 && compared > 100,
        "{} {sizes:?} {compared}",
        pairs.len()
    );
}
