//! The incremental board against a full recomputation, and its forbidden points against the
//! shared data set.

use super::{cell, Board, Cell, Rule};
use crate::games::renju::patterns::forbidden::forbidden_points;

/// xorshift64: deterministic random moves.
fn next(r: &mut u64) -> u64 {
    *r ^= *r << 13;
    *r ^= *r >> 7;
    *r ^= *r << 17;
    *r
}

#[test]
fn random_makes_and_undos_keep_every_field_equal_to_a_recomputation() {
    for (rule, size, seed) in [
        (Rule::Renju, 15, 1u64),
        (Rule::Freestyle, 20, 2),
        (Rule::Exact, 15, 3),
        (Rule::Caro, 15, 4),
        (Rule::Renju, 7, 5),
    ] {
        let mut r = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut b = Board::new(size, size, rule);
        for checks in 0..3_000 {
            let n = b.stones();
            let undo = n > 0 && (n >= size * size - 2 || next(&mut r).is_multiple_of(3));
            if undo {
                b.undo();
            } else {
                // A random empty cell, near the stones most of the time.
                let mut cands: Vec<Cell> = Vec::new();
                if next(&mut r).is_multiple_of(4) {
                    b.region(size, &mut cands);
                } else {
                    b.candidates(&mut cands);
                }
                let c = cands[(next(&mut r) % cands.len() as u64) as usize];
                b.make(c);
            }
            b.check_consistency()
                .unwrap_or_else(|e| panic!("{rule} {size}: {e} after {checks} steps\n{b:?}"));
        }
        // Undo everything: back to the empty board.
        while b.stones() > 0 {
            b.undo();
        }
        let fresh = Board::new(size, size, rule);
        assert_eq!(b.hash(), fresh.hash());
        assert_eq!(b.eval_sums(), fresh.eval_sums());
        b.check_consistency().unwrap();
    }
}

#[test]
fn board_forbidden_points_agree_with_the_shared_data_set() {
    let text = crate::games::renju::tests::test_data("renju-forbidden.jsonl");
    let xy = |v: &serde_json::Value| -> Vec<(usize, usize)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p[0].as_u64().unwrap() as usize,
                    p[1].as_u64().unwrap() as usize,
                )
            })
            .collect()
    };
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let size = v["size"].as_u64().unwrap() as usize;
        let mut stones: Vec<(Cell, u8)> = Vec::new();
        for (x, y) in xy(&v["black"]) {
            stones.push((cell(x, y), 0));
        }
        for (x, y) in xy(&v["white"]) {
            stones.push((cell(x, y), 1));
        }
        let mut b = Board::from_stones(size, size, Rule::Renju, &stones, 0);
        let mut expected: Vec<Cell> = xy(&v["forbidden"])
            .into_iter()
            .map(|(x, y)| cell(x, y))
            .collect();
        expected.sort_unstable();
        let mut got = Vec::new();
        for y in 0..size {
            for x in 0..size {
                let c = cell(x, y);
                if b.is_forbidden(c, 0) {
                    got.push(c);
                }
            }
        }
        got.sort_unstable();
        assert_eq!(got, expected, "position {n}");
        let reference: Vec<Cell> = forbidden_points(b.cells())
            .into_iter()
            .map(|c| c as Cell)
            .collect();
        assert_eq!(got, reference, "position {n}");
        n += 1;
    }
    assert!(n > 0);
}

/// An open-four point may lie outside the stones' bounding box (a three at its edge): the
/// board still finds it, so the searcher answers the three and sees its own.
#[test]
fn open_four_points_outside_the_bounding_box_are_found() {
    // Black's open three on row 7 from x=5 to 7, White at (6,8): the box is x 5..7, y 7..8,
    // and Black's open-four points (4,7) and (8,7) lie outside it.
    let mut b = Board::new(15, 15, Rule::Freestyle);
    for (x, y) in [(5, 7), (6, 8), (6, 7), (6, 6), (7, 7)] {
        b.make(cell(x, y));
    }
    assert!(b.has_open_four_point(0));
    let p = b.legal_open_four_point(0).expect("an open-four point");
    assert!([cell(4, 7), cell(8, 7)].contains(&p), "{p}");
}

/// The board remembers forbidden-point answers by position and cell: along random renju games
/// with take-backs, every answer (asked twice, the second from memory) equals the exact rule
/// on the stones as they stand.
#[test]
fn remembered_forbidden_answers_follow_the_position() {
    use crate::games::renju::patterns::forbidden::is_forbidden;
    let mut r = 0x1234_5678_9ABC_DEF1u64;
    let mut checked = 0;
    let mut forbidden = 0;
    for _game in 0..30 {
        let mut b = Board::new(15, 15, Rule::Renju);
        for _step in 0..90 {
            if b.stones() > 2 && next(&mut r).is_multiple_of(4) {
                b.undo();
            } else {
                let mut cands = Vec::new();
                b.candidates(&mut cands);
                cands.retain(|&c| !b.is_forbidden(c, b.to_move()));
                if cands.is_empty() || b.winner().is_some() {
                    break;
                }
                b.make(cands[(next(&mut r) % cands.len() as u64) as usize]);
            }
            let mut cands = Vec::new();
            b.region(2, &mut cands);
            for c in cands {
                let mut cells = *b.cells();
                let want = is_forbidden(&mut cells, c as usize);
                assert_eq!(b.is_forbidden(c, 0), want, "{c}\n{b:?}");
                assert_eq!(b.is_forbidden(c, 0), want, "{c} again\n{b:?}");
                checked += 1;
                forbidden += usize::from(want);
            }
        }
    }
    assert!(checked > 10_000 && forbidden > 20, "{checked} {forbidden}");
}
