//! The renju searcher on puzzles, judged by node budgets (never wall time).

use std::sync::atomic::AtomicBool;

use super::{search, SearchLimits};
use crate::games::renju::board::{cell, xy, Board, Cell, Rule};
use crate::search::{is_proven, Tt};

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

#[test]
fn vcf_puzzles_are_proven_wins_within_a_node_budget() {
    let text = crate::games::renju::tests::test_data("renju-vcf.jsonl");
    let xy = |v: &serde_json::Value| -> Vec<(usize, usize)> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .map(|p| {
                        (
                            p[0].as_u64().unwrap() as usize,
                            p[1].as_u64().unwrap() as usize,
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let (mut solved, mut total) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(40) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let size = v["size"].as_u64().unwrap() as usize;
        let rule = match v["rule"].as_str() {
            Some("renju") => Rule::Renju,
            Some("freestyle") => Rule::Freestyle,
            _ => Rule::Renju,
        };
        let mut stones: Vec<(Cell, u8)> = xy(&v["black"])
            .into_iter()
            .map(|(x, y)| (cell(x, y), 0))
            .collect();
        stones.extend(xy(&v["white"]).into_iter().map(|(x, y)| (cell(x, y), 1)));
        let to_move = u8::from(v["to_move"].as_str() == Some("white"));
        let b = Board::from_stones(size, size, rule, &stones, to_move);
        let tt = Tt::new(8);
        let stop = AtomicBool::new(false);
        let r = search(&b, &limits(400_000), &tt, &stop, &mut |_| {}, &mut |_| {});
        total += 1;
        if is_proven(r.score) && r.score > 0 {
            solved += 1;
        }
    }
    eprintln!("VCF puzzles proven by the search: {solved}/{total}");
    assert!(total > 0);
    assert!(solved * 10 >= total * 8, "only {solved} of {total} proven");
}
