use super::super::board::{Board, Cells, Edge, BLACK, WHITE};
use super::*;

fn board(w: usize, stones: &[(u8, &str)]) -> Board {
    let mut b = Board::new(w, w).unwrap();
    for &(c, s) in stones {
        b.place(c, b.parse_cell(s).unwrap());
    }
    b
}

use crate::games::hex::position::Hex;
use crate::games::hex::tests::{brute_force, Memo};

/// Whether `color` wins with `to_move` to move: the shared brute force on the board as a
/// position. (This file's own minimax searched every reply even after one had decided the
/// answer, and hashed two whole stone sets per lookup: 13.3 s of CPU, 0.3 s now.)
fn wins(b: &Board, to_move: u8, color: u8, memo: &mut Memo) -> bool {
    let mut p = Hex::new(b.width(), b.height()).expect("board");
    for z in [BLACK, WHITE] {
        for c in b.stones(z).iter() {
            p.place(z, c);
        }
    }
    p.set_to_move(to_move);
    brute_force(&p, memo) == (to_move == color)
}

fn cells(b: &Board, names: &[&str]) -> Cells {
    let mut s = Cells::EMPTY;
    for n in names {
        s.insert(b.parse_cell(n).unwrap());
    }
    s
}

#[test]
fn a_stone_on_row_two_reaches_its_edge_through_the_two_cells_below_it() {
    let b = board(5, &[(BLACK, "c2")]);
    let v = VcSet::build(&b, BLACK);
    let stone = v.node_of(b.parse_cell("c2").unwrap()).unwrap();
    let top = v.edge_node(0);
    assert_eq!(v.fulls(stone, top), &[cells(&b, &["c1", "d1"])]);
}

#[test]
fn the_ziggurat_comes_out_of_the_rules_for_a_stone_on_row_three() {
    let b = board(7, &[(BLACK, "d3")]);
    let v = VcSet::build(&b, BLACK);
    let stone = v.node_of(b.parse_cell("d3").unwrap()).unwrap();
    let fulls = v.fulls(stone, v.edge_node(0));
    assert!(
        !fulls.is_empty(),
        "no full connection from row 3 to the edge"
    );
    // Template IIIa has 8 empty cells; nothing smaller connects row 3 to the edge.
    assert_eq!(fulls[0].len(), 8, "{fulls:?}");
    // It is not a connection to the far edge, which is four rows further.
    assert!(v.fulls(stone, v.edge_node(1)).is_empty());
}

#[test]
fn two_stones_a_bridge_apart_are_fully_connected_through_its_two_cells() {
    let b = board(6, &[(WHITE, "c3"), (WHITE, "d4")]);
    let v = VcSet::build(&b, WHITE);
    let (x, y) = (
        v.node_of(b.parse_cell("c3").unwrap()).unwrap(),
        v.node_of(b.parse_cell("d4").unwrap()).unwrap(),
    );
    assert_eq!(v.fulls(x, y)[0], cells(&b, &["d3", "c4"]));
    // Taking one of the two cells leaves a semi connection keyed on the other.
    let mut b2 = b;
    b2.place(BLACK, b.parse_cell("d3").unwrap());
    let mut inc = v.clone();
    inc.play(&b2, BLACK, b.parse_cell("d3").unwrap());
    assert!(inc.fulls(x, y).is_empty());
    let key = b.parse_cell("c4").unwrap() as u16;
    assert!(inc.semis(x, y).iter().any(|s| s.key == key));
}

/// Every full edge-to-edge connection claimed on random small boards wins for its owner with
/// the opponent to move; every semi wins with the owner to move; the must-play region holds
/// every winning move. Checked for fresh builds and for sets updated move by move.
#[test]
fn connections_and_must_play_agree_with_brute_force_on_random_boards() {
    let mut memo = Memo::default();
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut rnd = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut checked = [0usize; 3];
    for game in 0..60 {
        let w = 3 + game % 3;
        let mut b = Board::new(w, w).unwrap();
        let mut inc = [VcSet::build(&b, BLACK), VcSet::build(&b, WHITE)];
        let mut to_move = (game % 2) as u8;
        while b.winner().is_none() {
            let empty = b.empty_cells();
            let fresh = [VcSet::build(&b, BLACK), VcSet::build(&b, WHITE)];
            for sets in [&fresh, &inc] {
                if b.empty_cells().len() > 11 {
                    break;
                }
                for color in [BLACK, WHITE] {
                    let v = &sets[color as usize];
                    if v.winning().is_some() {
                        assert!(wins(&b, 1 - color, color, &mut memo), "full\n{b}");
                        checked[0] += 1;
                    }
                    if let Some(semi) = v.first_edge_semi() {
                        assert!(
                            wins(&b, color, color, &mut memo),
                            "semi {color} {semi:?} {:?}\n{b}",
                            std::ptr::eq(sets, &fresh)
                        );
                        checked[1] += 1;
                    }
                }
                let me = to_move as usize;
                if let Outlook::MustPlay(region) = must_play(&sets[me], &sets[1 - me], &empty) {
                    for c in empty.iter().filter(|&c| !region.has(c)) {
                        let mut n = b;
                        n.place(to_move, c);
                        assert!(!wins(&n, 1 - to_move, to_move, &mut memo), "must-play\n{b}");
                        checked[2] += 1;
                    }
                }
            }
            let cells: Vec<usize> = empty.iter().collect();
            let c = cells[rnd(cells.len())];
            b.place(to_move, c);
            for v in inc.iter_mut() {
                v.play(&b, to_move, c);
            }
            to_move = 1 - to_move;
        }
    }
    // The stronger the engine, the fewer of these small positions are still open (neither
    // side connected), so the must-play checks are the fewest.
    assert!(
        checked[0] > 20 && checked[1] > 20 && checked[2] >= 15,
        "{checked:?}"
    );
}

/// A xorshift generator for the randomized list tests (reproducible without a crate's seed
/// semantics).
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The cells among the first `n` whose bits are set in `bits`.
fn low_cells(bits: u64, n: usize) -> Cells {
    let mut c = Cells::EMPTY;
    for i in (0..n).filter(|&i| bits >> i & 1 != 0) {
        c.insert(i);
    }
    c
}

/// The OR rule's cut-off never drops a full connection that `add_full` would keep: random
/// semis and fulls over twelve cells, the rule with and without the pair's fulls.
/// No captured pairs at either endpoint: the plain OR rule.
const NO_CAPS: [Cells; 2] = [Cells::EMPTY; 2];

#[test]
fn or_rule_keeps_every_full_the_list_would_take() {
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    let set = |bits: u64| low_cells(bits, 12);
    let mut checked = 0;
    for _ in 0..2000 {
        let semis: Vec<list::Semi> = (0..5)
            .map(|k| list::Semi {
                carrier: set(next() & next()),
                key: k,
            })
            .collect();
        let fulls: Vec<Cells> = (0..(next() % 3) as usize)
            .map(|_| set(next() & next() | next() & next()))
            .collect();
        let (mut all, mut cut) = (Vec::new(), Vec::new());
        list::or_combinations(&semis[0].carrier, &semis[1..], 4, &[], &NO_CAPS, &mut all);
        list::or_combinations(
            &semis[0].carrier,
            &semis[1..],
            4,
            &fulls,
            &NO_CAPS,
            &mut cut,
        );
        for c in all {
            let mut l = fulls.clone();
            if list::add_full(&mut l, c) {
                assert!(cut.contains(&c), "{c:?} dropped against {fulls:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} cases");
}

/// A set of `k` cells drawn among the first `n` (fewer if a draw repeats).
fn drawn(next: &mut impl FnMut() -> u64, k: u64, n: u64) -> Cells {
    let mut c = Cells::EMPTY;
    for _ in 0..k {
        c.insert((next() % n) as usize);
    }
    c
}

/// `full_and_no_larger` turns away only what the list functions would turn away: random
/// size-ordered lists (fulls held to `MAX_FULL` by `add_full`, semis to caps 1-5) and new
/// carriers holding none of their items (the callers' own check comes first); whenever it says
/// no, `put_full` / `put_semi_capped` answer false and leave the list as it was, and it says no
/// often enough to matter.
#[test]
fn a_full_list_turns_away_only_what_the_list_would_turn_away() {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let (mut refused_full, mut refused_semi) = (0, 0);
    for round in 0..3000 {
        let cap = 1 + round % 5;
        let mut fulls: Vec<Cells> = Vec::new();
        let mut semis: Vec<list::Semi> = Vec::new();
        for k in 0..(next() % 40) {
            let size = 2 + next() % 2;
            let c = drawn(&mut next, size, 14);
            list::add_full(&mut fulls, c);
            if k < 8 && !semis.iter().any(|e| e.carrier.is_subset(&c)) {
                let s = list::Semi {
                    carrier: c,
                    key: k as u16,
                };
                list::put_semi_capped(&mut semis, s, cap);
            }
        }
        let size = 2 + next() % 3;
        let c = drawn(&mut next, size, 14);
        if !fulls.iter().any(|e| e.is_subset(&c))
            && list::full_and_no_larger(&fulls, list::MAX_FULL, c.len(), |e| e.len())
        {
            refused_full += 1;
            let mut l = fulls.clone();
            assert!(!list::put_full(&mut l, c), "{c:?} taken into {fulls:?}");
            assert_eq!(l, fulls);
        }
        let s = list::Semi {
            carrier: c,
            key: 99,
        };
        if !semis.iter().any(|e| e.carrier.is_subset(&c))
            && list::full_and_no_larger(&semis, cap, c.len(), |e| e.carrier.len())
        {
            refused_semi += 1;
            let mut l = semis.clone();
            assert!(
                !list::put_semi_capped(&mut l, s, cap),
                "{c:?} taken into {semis:?}"
            );
            assert_eq!(l, semis);
        }
    }
    assert!(
        refused_full > 50 && refused_semi > 200,
        "only {refused_full} / {refused_semi} refusals"
    );
}

/// `Store::put_ordered` leaves every list as the vector functions do (`put_semi_capped`,
/// `put_full`): random carriers put into a few lists of a store and of plain vectors side by
/// side, at caps 1-6 and `MAX_FULL`, with nested marks taken back on the way (the lists grow
/// out of their slots under marks too) and carriers through random cells dropped; every answer
/// and every list agree throughout.
#[test]
fn lists_put_in_place_are_the_vector_functions_lists() {
    let mut next = xorshift(0xD1B5_4A32_D192_ED03);
    let lists = 6;
    let mut semis: store::Store<list::Semi> = store::Store::new(lists);
    let mut fulls: store::Store<Cells> = store::Store::new(lists);
    let mut model_s: Vec<Vec<list::Semi>> = vec![Vec::new(); lists];
    let mut model_f: Vec<Vec<Cells>> = vec![Vec::new(); lists];
    let mut marks = Vec::new();
    let (mut taken, mut undone) = (0, 0);
    for step in 0..20_000u32 {
        let i = next() as usize % lists;
        match next() % 64 {
            0 if marks.len() < 4 => {
                marks.push((model_s.clone(), model_f.clone()));
                semis.mark();
                fulls.mark();
            }
            1 => {
                if let Some((s, f)) = marks.pop() {
                    semis.undo();
                    fulls.undo();
                    (model_s, model_f) = (s, f);
                    undone += 1;
                }
            }
            // A stone: every carrier through its cell goes, as `Engine::play` drops them.
            2..=7 => {
                let cell = (next() % 16) as usize;
                semis.retain(i, |e| !e.carrier.has(cell));
                fulls.retain(i, |e| !e.has(cell));
                model_s[i].retain(|e| !e.carrier.has(cell));
                model_f[i].retain(|e| !e.has(cell));
            }
            _ => {
                let size = 1 + next() % 5;
                let c = drawn(&mut next, size, 16);
                let cap = [1, 2, 3, 4, 6, list::MAX_FULL][i];
                let s = list::Semi {
                    carrier: c,
                    key: step as u16,
                };
                if !model_s[i].iter().any(|e| e.carrier.is_subset(&c)) {
                    let want = list::put_semi_capped(&mut model_s[i], s, cap);
                    let got = semis.put_ordered(
                        i,
                        s,
                        cap,
                        |e| e.carrier.len(),
                        |e| c.is_subset(&e.carrier),
                    );
                    assert_eq!(got, want, "step {step}");
                    taken += got as usize;
                }
                if !model_f[i].iter().any(|e| e.is_subset(&c)) {
                    let want = list::put_full(&mut model_f[i], c);
                    let got =
                        fulls.put_ordered(i, c, list::MAX_FULL, |e| e.len(), |e| c.is_subset(e));
                    assert_eq!(got, want, "step {step}");
                }
            }
        }
        for k in 0..lists {
            assert_eq!(semis[k], model_s[k][..], "step {step} list {k}");
            assert_eq!(fulls[k], model_f[k][..], "step {step} list {k}");
        }
    }
    assert!(
        taken > 1000 && undone > 100,
        "{taken} taken, {undone} undone"
    );
}

/// The greedy OR combines any number of semis: five carriers each missing a different one of
/// five cells have an empty common intersection, while every four of them share a cell, so
/// the bounded OR (four semis) finds nothing and the greedy one finds the full.
#[test]
fn greedy_or_combines_more_semis_than_the_bounded_one() {
    let semis: Vec<list::Semi> = (0..5)
        .map(|i| {
            let mut c = Cells::EMPTY;
            for j in (0..5).filter(|&j| j != i) {
                c.insert(j);
            }
            c.insert(10 + i);
            list::Semi {
                carrier: c,
                key: (10 + i) as u16,
            }
        })
        .collect();
    let mut bounded = Vec::new();
    list::or_combinations(
        &semis[0].carrier,
        &semis[1..],
        4,
        &[],
        &NO_CAPS,
        &mut bounded,
    );
    assert!(bounded.is_empty(), "{bounded:?}");
    let mut greedy = Vec::new();
    list::or_greedy(&semis, &[], &NO_CAPS, &mut greedy);
    let all = semis.iter().fold(Cells::EMPTY, |u, s| u.or(&s.carrier));
    assert_eq!(greedy, vec![all]);
}

/// What the greedy OR leaves behind cannot be improved: every full it gives is a union of
/// semis with an empty common intersection, and afterwards no cell of the pair's full
/// intersection can be avoided by any subset of the semis (so `add_full` would take no other
/// OR result). Random semis and fulls over ten cells, checked against every subset.
#[test]
fn greedy_or_leaves_no_cell_of_the_full_intersection_avoidable() {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let set = |bits: u64| low_cells(bits, 10);
    let mut found = 0;
    for _ in 0..3000 {
        let n = 2 + (next() % 6) as usize;
        let semis: Vec<list::Semi> = (0..n)
            .map(|k| list::Semi {
                carrier: set(next() & (next() | next())),
                key: k as u16,
            })
            .collect();
        let mut fulls: Vec<Cells> = (0..(next() % 3) as usize)
            .map(|_| set(next() | next() & next()))
            .collect();
        let mut out = Vec::new();
        list::or_greedy(&semis, &fulls, &NO_CAPS, &mut out);
        for u in &out {
            // A union of semis inside it whose intersection is empty.
            let inside: Vec<&Cells> = semis
                .iter()
                .map(|s| &s.carrier)
                .filter(|c| list::subset(c, u))
                .collect();
            let inter = inside.iter().fold(*u, |i, c| i.and(c));
            assert!(inter.is_empty(), "{u:?} from {semis:?}");
            found += 1;
        }
        fulls.extend(out);
        let Some(common) = fulls.iter().copied().reduce(|a, b| a.and(&b)) else {
            // No full: then no subset of the semis has an empty intersection.
            let all = semis.iter().fold(set(1023), |i, s| i.and(&s.carrier));
            assert!(!all.is_empty());
            continue;
        };
        for a in common.iter() {
            let missing = semis
                .iter()
                .filter(|s| !s.carrier.has(a))
                .fold(None, |i: Option<Cells>, s| {
                    Some(i.map_or(s.carrier, |i| i.and(&s.carrier)))
                });
            assert!(
                missing.is_none_or(|m| !m.is_empty()),
                "cell {a} avoidable: {semis:?} {fulls:?}"
            );
        }
    }
    assert!(found > 200, "only {found}");
}

/// The narrow engines (one word up to 8×8, two up to 11×11, three up to 13×13) find exactly the
/// connections the six-word engine finds, fresh and updated move by move: every node pair's
/// fulls and semis of random positions on 6×6, 8×8, 9×9, 11×11 and 13×13 boards.
#[test]
fn narrow_carriers_give_the_wide_engines_connections() {
    use super::set::Engine;
    use crate::games::hex::board::WORDS;
    fn same<const W: usize>(a: &Engine<W>, b: &Engine<WORDS>, board: &Board) -> usize {
        let n = board.size() as u16 + 2;
        let mut seen = 0;
        for x in 0..n {
            for y in x + 1..n {
                let fa: Vec<Cells> = a.fulls(x, y).iter().map(|c| c.widen()).collect();
                assert_eq!(fa, b.fulls(x, y), "fulls {x} {y}\n{board}");
                let sa: Vec<(Cells, u16)> = a
                    .semis(x, y)
                    .iter()
                    .map(|s| (s.carrier.widen(), s.key))
                    .collect();
                let sb: Vec<(Cells, u16)> =
                    b.semis(x, y).iter().map(|s| (s.carrier, s.key)).collect();
                assert_eq!(sa, sb, "semis {x} {y}\n{board}");
                seen += fa.len() + sa.len();
            }
        }
        seen
    }
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let mut seen = 0;
    for (side, stones) in [(6, 8), (8, 10), (9, 10), (11, 14), (13, 16)] {
        let mut b = Board::new(side, side).unwrap();
        let mut narrow1 =
            (side <= 8).then(|| [Engine::<1>::build(&b, BLACK), Engine::<1>::build(&b, WHITE)]);
        let mut narrow2 =
            (side <= 11).then(|| [Engine::<2>::build(&b, BLACK), Engine::<2>::build(&b, WHITE)]);
        let mut narrow3 = [Engine::<3>::build(&b, BLACK), Engine::<3>::build(&b, WHITE)];
        let mut wide = [
            Engine::<WORDS>::build(&b, BLACK),
            Engine::<WORDS>::build(&b, WHITE),
        ];
        for k in 0..stones {
            let cells: Vec<usize> = b.empty_cells().iter().collect();
            let c = cells[next() as usize % cells.len()];
            let color = (k % 2) as u8;
            b.place(color, c);
            for i in 0..2 {
                wide[i].play(&b, color, c);
                let fresh = Engine::<WORDS>::build(&b, i as u8);
                if let Some(narrow1) = narrow1.as_mut() {
                    narrow1[i].play(&b, color, c);
                    seen += same(&narrow1[i], &wide[i], &b);
                    seen += same(&Engine::<1>::build(&b, i as u8), &fresh, &b);
                }
                if let Some(narrow2) = narrow2.as_mut() {
                    narrow2[i].play(&b, color, c);
                    seen += same(&narrow2[i], &wide[i], &b);
                    seen += same(&Engine::<2>::build(&b, i as u8), &fresh, &b);
                }
                narrow3[i].play(&b, color, c);
                seen += same(&narrow3[i], &wide[i], &b);
                seen += same(&Engine::<3>::build(&b, i as u8), &fresh, &b);
            }
        }
    }
    assert!(seen > 10_000, "{seen}");
    // The public set picks the width from the board.
    assert_eq!(VcSet::build(&Board::new(8, 8).unwrap(), BLACK).words(), 1);
    assert_eq!(VcSet::build(&Board::new(11, 11).unwrap(), BLACK).words(), 2);
    assert_eq!(VcSet::build(&Board::new(13, 13).unwrap(), BLACK).words(), 3);
    assert_eq!(
        VcSet::build(&Board::new(14, 14).unwrap(), BLACK).words(),
        WORDS
    );
}

/// The undo log: a set marked, brought through a few moves (a move and its fill-in come as
/// several stones at once; marks nest) and undone has every node pair's fulls and semis and
/// every cell's node of its copy from before the mark; and a set under open marks has the
/// connections of a copy brought through the same moves without marks (random positions on
/// 5×5 to 11×11, one- and two-word carriers).
#[test]
fn undo_returns_the_connections_to_the_mark() {
    use super::set::Engine;
    fn same<const W: usize>(a: &Engine<W>, b: &Engine<W>, board: &Board, at: &str) -> usize {
        let n = board.size() as u16 + 2;
        let mut seen = 0;
        for c in 0..board.size() {
            assert_eq!(a.node_of(c), b.node_of(c), "node of {c} ({at})\n{board}");
        }
        for x in 0..n {
            for y in x + 1..n {
                assert_eq!(
                    a.fulls(x, y),
                    b.fulls(x, y),
                    "fulls {x} {y} ({at})\n{board}"
                );
                let sa: Vec<_> = a.semis(x, y).iter().map(|s| (s.carrier, s.key)).collect();
                let sb: Vec<_> = b.semis(x, y).iter().map(|s| (s.carrier, s.key)).collect();
                assert_eq!(sa, sb, "semis {x} {y} ({at})\n{board}");
                seen += sa.len() + a.fulls(x, y).len();
            }
        }
        seen
    }
    fn run<const W: usize>(side: usize, seed: u64) -> usize {
        let mut next = xorshift(seed);
        let mut seen = 0;
        let mut b = Board::new(side, side).unwrap();
        // With captured pairs, as the solver uses them: each cell's pair comes back too.
        let mut sets = [
            Engine::<W>::build_with_pairs(&b, BLACK, true),
            Engine::<W>::build_with_pairs(&b, WHITE, true),
        ];
        // The same moves without marks.
        let mut plain = sets.clone();
        for k in 0..side * 2 {
            let mut saved = Vec::new();
            for _ in 0..1 + next() as usize % 3 {
                let cells: Vec<usize> = b.empty_cells().iter().collect();
                if cells.len() < 3 {
                    break;
                }
                saved.push((b, plain.clone()));
                for s in sets.iter_mut() {
                    s.mark();
                }
                for j in 0..1 + next() as usize % 2 {
                    let c = cells[next() as usize % cells.len()];
                    if b.color_at(c).is_none() {
                        b.place(((k + j) % 2) as u8, c);
                    }
                }
                for (s, p) in sets.iter_mut().zip(plain.iter_mut()) {
                    s.update(&b);
                    p.update(&b);
                }
            }
            // Back to a random depth; the marks left open stay open under the next round.
            for _ in 0..next() as usize % (saved.len() + 1) {
                let (board, copies) = saved.pop().unwrap();
                for (s, copy) in sets.iter_mut().zip(copies.iter()) {
                    s.undo();
                    seen += same(s, copy, &board, "undone");
                }
                b = board;
                plain = copies;
            }
            for (s, p) in sets.iter().zip(plain.iter()) {
                seen += same(s, p, &b, "kept");
            }
        }
        seen
    }
    let mut seen = 0;
    for (i, side) in [5, 6, 7, 8].into_iter().enumerate() {
        seen += run::<1>(side, 0x51ED_270B + i as u64);
    }
    for (i, side) in [9, 11].into_iter().enumerate() {
        seen += run::<2>(side, 0xC0FF_EE00 + i as u64);
    }
    assert!(seen > 5_000, "{seen}");
}

/// Whether `color`'s stones join node sets `from` and `to` (cells of a chain, or an edge:
/// `Err(edge)`) on `b`, in the graph where the colour's own edges are nodes too: the engine's
/// (a chain touching an edge *is* that edge), and the game's, where a captured pair held by an
/// edge (`captured`) leans on the edge.
fn joined(b: &Board, color: u8, from: &Result<Cells, Edge>, to: &Result<Cells, Edge>) -> bool {
    let own = *b.stones(color);
    let edges = Edge::of(color);
    let on_edge = |e: Edge| b.edge_cells(e).and(&own);
    let mut seen = match from {
        Ok(c) => *c,
        Err(e) => on_edge(*e),
    };
    let mut edge_seen = [false; 2];
    let mut stack: Vec<usize> = seen.iter().collect();
    while let Some(c) = stack.pop() {
        let hit = match to {
            Ok(t) => t.has(c),
            Err(e) => b.on_edge(c, *e),
        };
        if hit {
            return true;
        }
        let mut next: Vec<usize> = b.neighbours(c).collect();
        for (i, &e) in edges.iter().enumerate() {
            if b.on_edge(c, e) && !edge_seen[i] {
                edge_seen[i] = true;
                next.extend(on_edge(e).iter());
            }
        }
        for n in next {
            if own.has(n) && !seen.has(n) {
                seen.insert(n);
                stack.push(n);
            }
        }
    }
    false
}

/// The local game of a connection: both sides play only in `free`, `color` wins once its
/// stones join the two nodes. Plain minimax.
fn holds_locally(
    b: &Board,
    color: u8,
    ends: &[Result<Cells, Edge>; 2],
    free: Cells,
    to_move: u8,
) -> bool {
    if joined(b, color, &ends[0], &ends[1]) {
        return true;
    }
    let mut any = false;
    for c in free.iter() {
        let mut n = *b;
        n.place(to_move, c);
        let mut rest = free;
        rest.remove(c);
        let r = holds_locally(&n, color, ends, rest, 1 - to_move);
        if to_move == color && r {
            return true;
        }
        if to_move != color && !r {
            return false;
        }
        any |= r;
    }
    to_move != color || any
}

/// Every full connection between any two nodes (cells, chains, edges) with a small carrier
/// holds in its local game with the opponent to move, and every small semi holds once its key
/// is played: the captured pairs' overlaps in the AND and OR rules (`captured`) included, on
/// random positions whose connections are built fresh and updated move by move.
#[test]
fn every_small_connection_holds_in_its_local_game() {
    use super::set::Engine;
    fn check<const W: usize>(e: &Engine<W>, b: &Board, color: u8, seen: &mut [usize; 2]) {
        let n = b.size() as u16 + 2;
        let node = |x: u16| -> (Result<Cells, Edge>, Option<usize>) {
            if x as usize >= b.size() {
                (Err(Edge::of(color)[x as usize - b.size()]), None)
            } else if b.color_at(x as usize).is_none() {
                let mut c = Cells::EMPTY;
                c.insert(x as usize);
                (Ok(c), Some(x as usize))
            } else {
                (Ok(b.chain(color, x as usize)), None)
            }
        };
        for x in 0..n {
            for y in x + 1..n {
                let (fx, fy) = (e.fulls(x, y), e.semis(x, y));
                if fx.is_empty() && fy.is_empty() {
                    continue;
                }
                let (nx, cx) = node(x);
                let (ny, cy) = node(y);
                let mut base = *b;
                for c in [cx, cy].into_iter().flatten() {
                    base.place(color, c);
                }
                let ends = [nx, ny];
                let local = |carrier: Cells| {
                    let mut l = base;
                    for c in base.empty_cells().iter().filter(|&c| !carrier.has(c)) {
                        l.place(1 - color, c);
                    }
                    l
                };
                for f in fx.iter().map(|c| c.widen()).filter(|c| c.len() <= 8) {
                    let l = local(f);
                    assert!(
                        holds_locally(&l, color, &ends, f, 1 - color),
                        "full {x}-{y} {f:?} for {color}\n{b}"
                    );
                    seen[0] += 1;
                }
                for s in fy.iter().filter(|s| s.carrier.len() <= 8) {
                    let carrier = s.carrier.widen();
                    let mut l = local(carrier);
                    l.place(color, s.key as usize);
                    let mut rest = carrier;
                    rest.remove(s.key as usize);
                    assert!(
                        holds_locally(&l, color, &ends, rest, 1 - color),
                        "semi {x}-{y} {carrier:?} key {} for {color}\n{b}",
                        s.key
                    );
                    seen[1] += 1;
                }
            }
        }
    }
    let mut next = xorshift(0x0DDB_A11C_AB1E_5EED);
    let mut seen = [0usize; 2];
    for game in 0..40 {
        let side = 4 + game % 3;
        let mut b = Board::new(side, side).unwrap();
        let mut sets = [
            Engine::<1>::build_with_pairs(&b, BLACK, true),
            Engine::<1>::build_with_pairs(&b, WHITE, true),
        ];
        for k in 0..side * side / 2 {
            if b.winner().is_some() {
                break;
            }
            let cells: Vec<usize> = b.empty_cells().iter().collect();
            let c = cells[next() as usize % cells.len()];
            let color = ((k + game) % 2) as u8;
            b.place(color, c);
            for (i, s) in sets.iter_mut().enumerate() {
                s.play(&b, color, c);
                if k % 2 == 0 {
                    check(s, &b, i as u8, &mut seen);
                    let fresh = Engine::<1>::build_with_pairs(&b, i as u8, true);
                    check(&fresh, &b, i as u8, &mut seen);
                }
            }
        }
    }
    assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
}

/// 6×6 after Black c3, White c4: with captured pairs White's second-row cells lean on its
/// edge (b5–east full, semis keyed e2), so Black's must-play is the 10 cells MoHex 2.0 gives
/// (`vc-get-mustplay b`), where the rules without pairs leave 15.
#[test]
fn captured_pairs_cut_the_must_play_after_6x6_c3_c4_to_mohexs_ten() {
    use super::sized::VcSet;
    let b = board(6, &[(BLACK, "c3"), (WHITE, "c4")]);
    let empty = b.empty_cells();
    let region = |pairs: bool| {
        let mine = VcSet::build_with_pairs(&b, BLACK, pairs);
        let theirs = VcSet::build_with_pairs(&b, WHITE, pairs);
        match must_play(&mine, &theirs, &empty) {
            Outlook::MustPlay(m) => m,
            _ => panic!("decided"),
        }
    };
    let names = |c: Cells| -> Vec<String> { c.iter().map(|x| b.cell_name(x)).collect() };
    let with = region(true);
    assert_eq!(
        names(with),
        ["f2", "d3", "e3", "f3", "d4", "e4", "f4", "a5", "b5", "a6"],
    );
    assert_eq!(region(false).len(), 15);
}
