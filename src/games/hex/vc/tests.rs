use std::collections::HashMap;

use super::super::board::{Board, Cells, BLACK, WHITE};
use super::*;

fn board(w: usize, stones: &[(u8, &str)]) -> Board {
    let mut b = Board::new(w, w).unwrap();
    for &(c, s) in stones {
        b.place(c, b.parse_cell(s).unwrap());
    }
    b
}

type Memo = HashMap<(usize, Cells, Cells, u8, u8), bool>;

/// Whether `color` wins with `to_move` to move (plain minimax, memoised).
fn wins(b: &Board, to_move: u8, color: u8, memo: &mut Memo) -> bool {
    if let Some(w) = b.winner() {
        return w == color;
    }
    if let Some(&r) = memo.get(&(
        b.width(),
        *b.stones(BLACK),
        *b.stones(WHITE),
        to_move,
        color,
    )) {
        return r;
    }
    let mut any = false;
    let mut all = true;
    for c in b.empty_cells().iter() {
        let mut n = *b;
        n.place(to_move, c);
        let r = wins(&n, 1 - to_move, color, memo);
        any |= r;
        all &= r;
    }
    let r = if to_move == color { any } else { all };
    memo.insert(
        (
            b.width(),
            *b.stones(BLACK),
            *b.stones(WHITE),
            to_move,
            color,
        ),
        r,
    );
    r
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
    let mut memo = HashMap::new();
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
                    if !v.edge_semis().is_empty() {
                        assert!(
                            wins(&b, color, color, &mut memo),
                            "semi {color} {:?} {:?}\n{b}",
                            v.edge_semis(),
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
    assert!(checked.iter().all(|&k| k > 20), "{checked:?}");
}

/// The OR rule's cut-off never drops a full connection that `add_full` would keep: random
/// semis and fulls over twelve cells, the rule with and without the pair's fulls.
#[test]
fn or_rule_keeps_every_full_the_list_would_take() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let set = |bits: u64| {
        let mut c = Cells::EMPTY;
        for i in 0..12 {
            if bits >> i & 1 != 0 {
                c.insert(i);
            }
        }
        c
    };
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
        list::or_combinations(&semis[0].carrier, &semis[1..], 4, &[], &mut all);
        list::or_combinations(&semis[0].carrier, &semis[1..], 4, &fulls, &mut cut);
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
