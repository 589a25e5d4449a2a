//! Rule tests on the board every command plays on: the renju forbidden points on hand-made
//! positions and on the shared data set, fives under each rule, forced replies, the draw rules,
//! `YXNBEST`, and VCF lines checked by a small referee of their own.

use super::board::cell_table::{FLAG_FIVE, FLAG_FOUR};
use super::board::{cell, empty_cells, xy, Board, Cell, Rule, BLACK, CELLS, WHITE};
use super::patterns::forbidden::forbidden_points;
use super::patterns::shapes::B4 as B4_SHAPE;
use super::threats::vcf::Vcf;
use crate::search::{Outcome, Position};

/// Puts a stone of `side` on `c` (a set-up, not a move of the game: the side to move is kept).
fn place(p: &mut Board, c: Cell, side: u8) {
    let to_move = p.to_move();
    p.set_to_move(side);
    p.make(c);
    p.set_to_move(to_move);
}

/// A position from rows of `x` (Black), `o` (White) and `.`; Black to move.
fn board(rows: &[&str], rule: Rule) -> Board {
    let n = rows.len();
    let mut p = Board::new(n, n, rule);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            match ch {
                'x' => place(&mut p, cell(x, y), 0),
                'o' => place(&mut p, cell(x, y), 1),
                _ => {}
            }
        }
    }
    p
}

fn makes_five(p: &Board, c: Cell, side: u8) -> bool {
    p.info(c, side).flags & FLAG_FIVE != 0
}

fn makes_four(p: &Board, c: Cell, side: u8) -> bool {
    p.info(c, side).flags & FLAG_FOUR != 0
}

fn forbidden_of(rows: &[&str]) -> Vec<(usize, usize)> {
    let p = board(rows, Rule::Renju);
    let mut v: Vec<_> = forbidden_points(p.cells())
        .into_iter()
        .map(|c| xy(c as Cell))
        .collect();
    v.sort();
    v
}

#[test]
fn double_three_is_forbidden_but_four_three_is_not() {
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......x.......",
        ".......x.......",
        ".....xx........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    // (7,7) makes two open threes.
    assert!(forbidden_of(&rows).contains(&(7, 7)));
    let mut p = board(&rows, Rule::Renju);
    assert!(p.is_forbidden(cell(7, 7), 0));
    assert!(!p.is_forbidden(cell(7, 7), 1));
    // With a third vertical stone, (7,7) is a four-three: allowed.
    let mut rows2 = rows;
    rows2[4] = ".......x.......";
    assert!(!forbidden_of(&rows2).contains(&(7, 7)));
}

#[test]
fn a_blocked_three_does_not_count() {
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        ".......o.......",
        ".......x.......",
        ".......x.......",
        ".....xx........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    // The vertical line is blocked at (7,4): it makes at most a closed three there.
    assert!(!forbidden_of(&rows).contains(&(7, 7)));
}

#[test]
fn double_four_and_overline_are_forbidden_five_is_not() {
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..xxx.xxx......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    // (5,7) makes an overline of seven.
    assert!(forbidden_of(&rows).contains(&(5, 7)));
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...x.x.x.x.....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    // Black at (6,7) makes x.xxx.x: two fours on one line.
    assert!(forbidden_of(&rows).contains(&(6, 7)));
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...xxxx........",
        "...x...........",
        "...x...........",
        "...x...........",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    // (7,7) and (2,7) each complete exactly five on row 7: a five is never forbidden.
    assert!(!forbidden_of(&rows).contains(&(7, 7)));
    assert!(!forbidden_of(&rows).contains(&(2, 7)));
}

#[test]
fn fives_under_each_rule() {
    let row = "xxx.xx.........";
    let mut rows = vec!["..............."; 15];
    rows[7] = row;
    let p = board(&rows, Rule::Freestyle);
    assert!(makes_five(&p, cell(3, 7), 0));
    let p = board(&rows, Rule::Exact);
    assert!(!makes_five(&p, cell(3, 7), 0));
    let mut p = board(&rows, Rule::Renju);
    assert!(!makes_five(&p, cell(3, 7), 0));
    assert!(p.is_forbidden(cell(3, 7), 0));
    rows[7] = "ooo.oo.........";
    let p = board(&rows, Rule::Renju);
    assert!(makes_five(&p, cell(3, 7), 1));
}

#[test]
fn playing_a_five_ends_the_game() {
    let mut rows = vec![".........."; 10];
    rows[2] = ".xxxx.....";
    rows[3] = ".oooo.....";
    let mut p = board(&rows, Rule::Freestyle);
    let mut moves = Vec::new();
    p.generate(&mut moves);
    assert_eq!(moves.len(), 1);
    assert!(moves[0] == cell(0, 2) || moves[0] == cell(5, 2));
    p.play(moves[0]);
    assert_eq!(p.outcome(), Some(Outcome::Loss));
}

#[test]
fn a_four_must_be_blocked() {
    let mut rows = vec![".........."; 10];
    rows[2] = ".xxx......";
    rows[4] = "oooo......";
    let mut p = board(&rows, Rule::Freestyle);
    p.set_to_move(0);
    let mut moves = Vec::new();
    p.generate(&mut moves);
    assert_eq!(moves, vec![cell(4, 4)]);
}

/// Parses the `[[x,y],...]` arrays of a data line.
fn stones(v: &serde_json::Value) -> Vec<(usize, usize)> {
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
}

/// A data set of `test-data/` (copied from the shared reference data, so that a fresh clone
/// runs the test): a missing file fails the test instead of skipping it.
pub(super) fn test_data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test-data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The shared VCF puzzles (`test-data/renju-vcf.jsonl`: the side to move wins by fours), each
/// with its data line.
pub(crate) fn vcf_puzzles() -> Vec<(String, Board)> {
    test_data("renju-vcf.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let d: serde_json::Value = serde_json::from_str(line).unwrap();
            let size = d["size"].as_u64().unwrap() as usize;
            let rule = match d["rule"].as_str() {
                Some("freestyle") => Rule::Freestyle,
                Some("standard" | "exact") => Rule::Exact,
                _ => Rule::Renju,
            };
            let mut placed: Vec<(Cell, u8)> = Vec::new();
            for (side, key) in [(0, "black"), (1, "white")] {
                placed.extend(stones(&d[key]).into_iter().map(|(x, y)| (cell(x, y), side)));
            }
            let to_move = u8::from(d["to_move"].as_str() == Some("white"));
            (
                line.to_string(),
                Board::from_stones(size, size, rule, &placed, to_move),
            )
        })
        .collect()
}

#[test]
fn forbidden_points_agree_with_the_shared_data_set() {
    let text = test_data("renju-forbidden.jsonl");
    let mut total = 0;
    let mut wrong = Vec::new();
    let mut checking = std::time::Duration::ZERO;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let d: serde_json::Value = serde_json::from_str(line).unwrap();
        let size = d["size"].as_u64().unwrap() as usize;
        let mut cells = empty_cells(size, size);
        for (x, y) in stones(&d["black"]) {
            cells[cell(x, y) as usize] = BLACK;
        }
        for (x, y) in stones(&d["white"]) {
            cells[cell(x, y) as usize] = WHITE;
        }
        let mut want = stones(&d["forbidden"]);
        want.sort();
        let t = std::time::Instant::now();
        let points = forbidden_points(&cells);
        checking += t.elapsed();
        let mut got: Vec<_> = points.into_iter().map(|c| xy(c as Cell)).collect();
        got.sort();
        total += 1;
        if got != want {
            wrong.push((line.to_string(), got));
        }
    }
    assert!(total >= 1000, "only {total} positions read");
    eprintln!(
        "forbidden points: {}/{total} positions agree, {:.0} positions/s",
        total - wrong.len(),
        total as f64 / checking.as_secs_f64()
    );
    assert!(
        wrong.is_empty(),
        "{} of {total} positions disagree; first: {} got {:?}",
        wrong.len(),
        wrong[0].0,
        wrong[0].1
    );
}

/// An independent check of a VCF line: every attacker move is legal and makes a four (or the
/// final five), every defender move blocks the only five point, and Black never plays a
/// forbidden point; White's four whose only block is forbidden ends with White's five.
fn check_line(pos: &Board, line: &[Cell]) -> Result<(), String> {
    let rule = pos.rule();
    let attacker = pos.to_move();
    let mut cells: [u8; CELLS] = *pos.cells();
    let size = pos.width();
    let five_at = |cells: &[u8; CELLS], c: Cell, side: u8| -> bool {
        let v = side + 1;
        let exact = rule.exact_for(side);
        super::board::DIRS.iter().any(|&d| {
            let n = {
                let mut t = *cells;
                t[c as usize] = v;
                super::board::run_through(&t, c as usize, d, v)
            };
            if exact {
                n == 5
            } else {
                n >= 5
            }
        })
    };
    let five_points = |cells: &[u8; CELLS], side: u8| -> Vec<Cell> {
        let mut v = Vec::new();
        for y in 0..size {
            for x in 0..size {
                let c = cell(x, y);
                if cells[c as usize] == 0 && five_at(cells, c, side) {
                    v.push(c);
                }
            }
        }
        v
    };
    let forbidden = |cells: &[u8; CELLS], c: Cell| -> bool {
        rule == Rule::Renju && {
            let mut t = *cells;
            super::patterns::forbidden::is_forbidden(&mut t, c as usize)
        }
    };
    let mut i = 0;
    while i < line.len() {
        let a = line[i];
        if cells[a as usize] != 0 {
            return Err(format!("move {i} on an occupied cell"));
        }
        if attacker == 0 && forbidden(&cells, a) {
            return Err(format!("attacker move {i} is forbidden"));
        }
        if five_at(&cells, a, attacker) {
            return if i == line.len() - 1 {
                Ok(())
            } else {
                Err("five before the end".into())
            };
        }
        cells[a as usize] = attacker + 1;
        let points = five_points(&cells, attacker);
        if points.is_empty() {
            return Err(format!("attacker move {i} makes no four"));
        }
        i += 1;
        if i >= line.len() {
            return Err("line ends without a five".into());
        }
        let b = line[i];
        let defender = 1 - attacker;
        if !five_points(&cells, defender).is_empty() {
            return Err(format!("defender could make five at move {i}"));
        }
        if attacker == 1 && points.iter().all(|&p| forbidden(&cells, p)) && points.contains(&b) {
            // Black cannot block: the next move is White's five on that point.
            return if i == line.len() - 1 && five_at(&cells, b, attacker) {
                Ok(())
            } else {
                Err("forbidden-block win not ended by the five".into())
            };
        }
        if !points.contains(&b) {
            return Err(format!("defender move {i} does not block"));
        }
        if defender == 0 && forbidden(&cells, b) {
            return Err(format!("defender move {i} is forbidden for Black"));
        }
        cells[b as usize] = defender + 1;
        i += 1;
    }
    Err("line ends without a five".into())
}

/// Nodes each shared VCF puzzle may take (the hardest takes about a tenth of it).
const VCF_NODE_BUDGET: u64 = 1_000_000;

#[test]
fn vcf_solves_the_shared_puzzles_with_valid_lines() {
    let (mut solved, mut total, mut most_nodes) = (0, 0, 0);
    let mut unsolved = vec![];
    let start = std::time::Instant::now();
    for (line, mut p) in vcf_puzzles() {
        let before = p.hash();
        total += 1;
        // A node budget, not a clock: the same puzzles are solved on any machine and load.
        let mut vcf = Vcf::new(VCF_NODE_BUDGET, None);
        let found = vcf.solve(&mut p);
        assert_eq!(p.hash(), before, "the search leaves the board as it was");
        match found {
            Some(l) => {
                if let Err(e) = check_line(&p, &l) {
                    panic!("invalid line for {line}: {e}: {l:?}");
                }
                solved += 1;
                most_nodes = most_nodes.max(vcf.nodes());
            }
            None => unsolved.push(line.to_string()),
        }
    }
    eprintln!(
        "VCF: solved {solved}/{total} within {VCF_NODE_BUDGET} nodes each (the most: {most_nodes}) \
         in {:?} ({:?} per puzzle)",
        start.elapsed(),
        start.elapsed() / total.max(1) as u32
    );
    assert!(total >= 800, "only {total} puzzles read");
    assert!(
        unsolved.is_empty(),
        "{} of {total} puzzles not solved within {VCF_NODE_BUDGET} nodes; first: {}",
        unsolved.len(),
        unsolved[0]
    );
}

// ---- the draw rule ------------------------------------------------------------------------

/// Fills a board with no five for either side: rows of pairs `xxoo` shifted each row, so no
/// line of any direction gets five of one colour. Leaves the last `leave` cells empty.
fn filled(n: usize, rule: Rule, leave: usize) -> Board {
    let mut p = Board::new(n, n, rule);
    let total = n * n - leave;
    let mut k = 0;
    'fill: for y in 0..n {
        for x in 0..n {
            if k == total {
                break 'fill;
            }
            let side = (((x + 2 * (y % 2) + (y / 2) % 2) / 2) % 2) as u8;
            place(&mut p, cell(x, y), side);
            k += 1;
        }
    }
    p
}

#[test]
fn a_full_board_is_a_draw_in_every_rule() {
    for rule in [Rule::Freestyle, Rule::Exact, Rule::Caro, Rule::Renju] {
        for n in [5, 6, 9] {
            let p = filled(n, rule, 0);
            assert_eq!(p.winner(), None, "{rule} {n}: the pattern makes no five");
            assert_eq!(p.outcome(), Some(Outcome::Draw), "{rule} {n}x{n}");
            assert!(p.drawn());
            // One cell short of full: the game goes on.
            let q = filled(n, rule, 1);
            assert!(!q.drawn(), "{rule} {n}x{n} with a cell left");
        }
    }
}

#[test]
fn a_five_on_the_last_cell_wins_rather_than_draws() {
    // 5x5 freestyle: the fill pattern, but the bottom row Black, its last cell left empty.
    let pattern = filled(5, Rule::Freestyle, 0);
    let mut q = Board::new(5, 5, Rule::Freestyle);
    for y in 0..5 {
        for x in 0..5 {
            if (x, y) == (4, 4) {
                continue;
            }
            let side = if y == 4 {
                0
            } else {
                u8::from(pattern.cells()[cell(x, y) as usize] == WHITE)
            };
            place(&mut q, cell(x, y), side);
        }
    }
    assert_eq!(q.winner(), None);
    q.set_to_move(0);
    q.play(cell(4, 4));
    assert_eq!(q.winner(), Some(0));
    assert!(q.drawn(), "the board is full too");
    assert_eq!(
        q.outcome(),
        Some(Outcome::Loss),
        "a loss for White, to move"
    );
}

#[test]
fn renju_on_15x15_is_drawn_after_200_moves_like_the_referee() {
    use super::board::state::RENJU_MOVE_LIMIT;
    let at = |rule: Rule, n: usize, stones: usize| filled(n, rule, n * n - stones);
    assert!(at(Rule::Renju, 15, RENJU_MOVE_LIMIT).drawn());
    assert_eq!(
        at(Rule::Renju, 15, RENJU_MOVE_LIMIT).outcome(),
        Some(Outcome::Draw)
    );
    assert!(!at(Rule::Renju, 15, RENJU_MOVE_LIMIT - 1).drawn());
    // Other rules and sizes go on to the full board.
    assert!(!at(Rule::Freestyle, 15, RENJU_MOVE_LIMIT).drawn());
    assert!(!at(Rule::Renju, 17, RENJU_MOVE_LIMIT).drawn());
}

#[test]
fn the_search_values_a_drawn_end_as_zero() {
    use super::search::{search, SearchLimits};
    use crate::search::Tt;
    use std::sync::atomic::AtomicBool;
    // 5x5 freestyle with two cells left and no five possible: every line ends in a draw.
    let p = filled(5, Rule::Freestyle, 2);
    let stop = AtomicBool::new(false);
    let limits = SearchLimits {
        depth: Some(4),
        nodes: None,
        soft: None,
        hard: None,
        threads: 1,
    };
    let r = search(&p, &limits, &Tt::new(1), &stop, &mut |_| {}, &mut |_| {});
    assert_eq!(r.score, 0, "{r:?}");
    assert!(r.best.is_some());
}

// ---- n best --------------------------------------------------------------------------------

fn nbest_request(ms: u64) -> super::player::clock::Request {
    super::player::clock::Request {
        time: crate::search::TimeControl::per_move(ms),
        spent: std::time::Duration::ZERO,
        threads: 1,
        depth: None,
        nodes: None,
    }
}

#[test]
fn nbest_ranks_distinct_moves_best_first() {
    use super::player::nbest::nbest;
    use crate::search::{RootEvent, Tt};
    use std::sync::atomic::AtomicBool;
    let mut p = Board::new(15, 15, Rule::Renju);
    for (x, y) in [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7)] {
        p.make(cell(x, y));
    }
    let stop = AtomicBool::new(false);
    let mut roots = 0;
    let mut updates = Vec::new();
    let ranked = nbest(
        &p,
        4,
        &nbest_request(800),
        &Tt::new(4),
        &stop,
        &mut |e: RootEvent<Cell>| {
            if matches!(e, RootEvent::Enter { .. }) {
                roots += 1;
            }
        },
        &mut |r| updates.push(r.len()),
    );
    assert_eq!(ranked.len(), 4);
    assert_eq!(updates, vec![1, 2, 3, 4], "each move reported once ranked");
    assert!(roots > 0, "the first search reports its root moves");
    let mut moves: Vec<Cell> = ranked.iter().map(|r| r.mv).collect();
    assert!(moves.iter().all(|&m| p.clone().is_legal(m)));
    assert!(ranked.windows(2).all(|w| w[0].score >= w[1].score));
    assert!(ranked.iter().all(|r| r.pv.first() == Some(&r.mv)));
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 4, "four different moves");
}

#[test]
fn nbest_puts_a_win_first_and_stops_at_forced_replies() {
    use super::player::nbest::nbest;
    use crate::search::{Tt, WIN_BOUND};
    use std::sync::atomic::AtomicBool;
    let stop = AtomicBool::new(false);
    // Black to move with an open three on row 7: the open four wins.
    let mut rows = vec!["..............."; 15];
    rows[7] = "....xxx........";
    rows[0] = "o.o............";
    rows[14] = "..............o";
    let p = board(&rows, Rule::Freestyle);
    let ranked = nbest(
        &p,
        3,
        &nbest_request(600),
        &Tt::new(4),
        &stop,
        &mut |_| {},
        &mut |_| {},
    );
    assert!(!ranked.is_empty());
    assert!(ranked[0].score >= WIN_BOUND, "{ranked:?}");
    assert!([cell(3, 7), cell(7, 7)].contains(&ranked[0].mv));
    // White to move against Black's four: the block is the only move worth ranking.
    let mut rows = vec!["..............."; 15];
    rows[7] = "....xxxx.......";
    rows[0] = "o.o.o..........";
    let mut p = board(&rows, Rule::Freestyle);
    place(&mut p, cell(3, 7), 1);
    p.set_to_move(1);
    let ranked = nbest(
        &p,
        5,
        &nbest_request(300),
        &Tt::new(4),
        &stop,
        &mut |_| {},
        &mut |_| {},
    );
    assert_eq!(ranked.len(), 1, "{ranked:?}");
    assert_eq!(ranked[0].mv, cell(8, 7));
}

/// Renju: a Black three whose open-four points are both forbidden (each would also make a
/// second four, a double four) is a false three: White is not held to defending it, while the
/// same stones in freestyle are a real threat that White must answer.
#[test]
fn a_false_three_does_not_force_white_to_defend() {
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "......xxx......",
        ".....x...x.....",
        ".....x...x.....",
        ".....x...x.....",
        ".....o...o.....",
        "...............",
        "...............",
        "o..............",
    ];
    let is_defence = |p: &Board, c: Cell| {
        p.shapes_of(c, 0).iter().any(|&s| s >= B4_SHAPE) || makes_four(p, c, 1)
    };
    let mut renju = board(&rows, Rule::Renju);
    renju.set_to_move(1);
    assert!(renju.has_open_four_point(0));
    for end in [cell(5, 7), cell(9, 7)] {
        assert!(renju.is_forbidden(end, 0), "{:?}", xy(end));
    }
    assert!(renju.legal_open_four_point(0).is_none());
    let mut moves = Vec::new();
    renju.generate(&mut moves);
    assert!(moves.iter().any(|&c| !is_defence(&renju, c)), "{moves:?}");

    // Under freestyle both ends are real: each makes an open four and a four at once, so no
    // single stone stops both and White has no four. The picker has no reply (the node is a
    // proven loss), and the root still offers every candidate so that a move is played.
    use crate::games::renju::movepick::{mode, Mode};
    let mut free = board(&rows, Rule::Freestyle);
    free.set_to_move(1);
    assert!(free.legal_open_four_point(0).is_some());
    assert_eq!(mode(&mut free), Mode::Defend);
    assert!(crate::games::renju::search::picker_moves(&mut free).is_empty());
    let mut moves = Vec::new();
    free.generate(&mut moves);
    assert!(moves.len() > 10, "{moves:?}");
    // Without the right column, the right end is a plain open-four point and the left one an
    // open four with a four: only the left end stops both, and it is the one reply.
    let mut rows_one = rows;
    for row in &mut rows_one[8..12] {
        *row = if row.contains('x') {
            ".....x........."
        } else {
            ".....o........."
        };
    }
    let mut one = board(&rows_one, Rule::Freestyle);
    one.set_to_move(1);
    let mut moves = Vec::new();
    one.generate(&mut moves);
    assert_eq!(moves, [cell(5, 7)]);
    assert!(is_defence(&one, cell(5, 7)));
}

/// The evaluation sees a four-three point: worth nearly a win to its owner on move (the
/// opponent has no four to delay it), a threat the opponent on move must answer.
#[test]
fn a_four_three_point_is_valued_by_who_moves() {
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...oxxx........",
        ".......x.......",
        ".......x.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "o..............",
    ];
    let mut p = board(&rows, Rule::Freestyle);
    assert_eq!(
        p.info(cell(7, 7), 0).class,
        super::patterns::class::C_FOUR_THREE
    );
    let black = p.evaluate();
    assert!(black > 2_000, "{black}");
    p.set_to_move(1);
    let white = p.evaluate();
    assert!(white < -300, "{white}");
    // Blocked, the threat's value is gone.
    let mut blocked = p.clone();
    blocked.play(cell(7, 7));
    assert!(blocked.evaluate() < black - 2_000, "{}", blocked.evaluate());
}
