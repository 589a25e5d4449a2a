//! Board, win detection, evaluation and solver tests.

use std::sync::atomic::AtomicBool;

use super::board::{Board, BLACK, WHITE};
use super::position::Hex;
use super::solver::{Solver, Verdict};
use crate::search::{Outcome, Position};

fn pos_with(w: usize, h: usize, stones: &[(u8, &str)]) -> Hex {
    let mut p = Hex::new(w, h).unwrap();
    for &(color, cell) in stones {
        let c = p.board().parse_cell(cell).unwrap();
        p.place(color, c);
    }
    p
}

#[test]
fn cells_parse_case_insensitively_and_round_trip() {
    let b = Board::new(19, 19).unwrap();
    assert_eq!(b.parse_cell("a1"), Some(0));
    assert_eq!(b.parse_cell("S19"), Some(19 * 19 - 1));
    assert_eq!(b.parse_cell("K11"), b.parse_cell("k11"));
    for c in 0..b.size() {
        assert_eq!(b.parse_cell(&b.cell_name(c)), Some(c));
    }
    for bad in ["t1", "a0", "a20", "1a", "a", "", "a01", "aa1", "a1x"] {
        assert_eq!(b.parse_cell(bad), None, "{bad}");
    }
    let r = Board::new(9, 11).unwrap();
    assert!(r.parse_cell("i11").is_some());
    assert!(r.parse_cell("j1").is_none() && r.parse_cell("a12").is_none());
}

#[test]
fn sizes_outside_1_to_19_are_refused() {
    assert!(Board::new(0, 5).is_none());
    assert!(Board::new(20, 5).is_none());
    assert!(Board::new(1, 1).is_some());
    assert!(Board::new(19, 7).is_some());
}

#[test]
fn neighbours_follow_the_hex_geometry() {
    let b = Board::new(5, 5).unwrap();
    let name = |c: usize| b.cell_name(c);
    let mut n: Vec<String> = b
        .neighbours(b.parse_cell("c3").unwrap())
        .map(name)
        .collect();
    n.sort();
    assert_eq!(n, ["b3", "b4", "c2", "c4", "d2", "d3"]);
    // a1 is the acute corner: two neighbours; e1 the obtuse one: three.
    assert_eq!(b.neighbours(b.parse_cell("a1").unwrap()).count(), 2);
    assert_eq!(b.neighbours(b.parse_cell("e1").unwrap()).count(), 3);
}

#[test]
fn wins_are_detected_on_every_size() {
    for w in 1..=19 {
        for h in 1..=19 {
            // Black: a straight column from row 1 to row h.
            let mut p = Hex::new(w, h).unwrap();
            for y in 0..h {
                assert_eq!(p.winner(), None);
                p.place(BLACK, p.board().cell(w / 2, y));
            }
            assert_eq!(p.winner(), Some(BLACK), "{w}x{h}");
            assert_eq!(p.board().winner(), Some(BLACK));
            // White: a zig-zag along the anti-diagonal direction, column a to the last.
            let mut q = Hex::new(w, h).unwrap();
            for x in 0..w {
                q.place(WHITE, q.board().cell(x, h - 1));
            }
            assert_eq!(q.winner(), Some(WHITE), "{w}x{h}");
        }
    }
}

#[test]
fn the_diagonal_a1_to_b2_is_not_a_connection() {
    // a1 and b2 are not neighbours ((x+1, y+1) is not a neighbour), b1 and a2 are.
    let p = pos_with(2, 2, &[(BLACK, "a1"), (BLACK, "b2")]);
    assert_eq!(p.winner(), None);
    let q = pos_with(2, 2, &[(BLACK, "b1"), (BLACK, "a2")]);
    assert_eq!(q.winner(), Some(BLACK));
}

#[test]
fn a_side_one_bridge_from_connecting_is_ranked_winning() {
    // Black: c1, b3 bridge (via b2/c2), b3-b4-b5 solid; bridge a 7x7 edge... a chain from row 1
    // to row 7 whose only gaps are bridges: Black wins whoever moves.
    let stones = [
        (BLACK, "d1"),
        (BLACK, "c3"),
        (BLACK, "b5"),
        (BLACK, "a7"),
        (WHITE, "f2"),
        (WHITE, "e4"),
    ];
    let p = pos_with(7, 7, &stones);
    assert!(p.vc_win(BLACK).is_some());
    let mut w = p;
    w.set_to_move(WHITE);
    assert_eq!(w.proven().map(|x| x.0), Some(Outcome::Loss));
    let mut b = p;
    b.set_to_move(BLACK);
    assert_eq!(b.proven().map(|x| x.0), Some(Outcome::Win));
    // Without the VC shortcut the static evaluation agrees.
    assert!(
        b.evaluate() > 200 && w.evaluate() < -200,
        "{} {}",
        b.evaluate(),
        w.evaluate()
    );
}

#[test]
fn an_intruded_bridge_is_no_longer_a_connection() {
    let p = pos_with(3, 3, &[(BLACK, "b1"), (BLACK, "a3"), (WHITE, "a2")]);
    // b1-a3: common neighbours a2 (white) and b2: only one left, so no winning connection.
    // With the bridge whole (a2 empty) the same stones win through it.
    assert!(p.vc_win(BLACK).is_none());
    let whole = pos_with(3, 3, &[(BLACK, "b1"), (BLACK, "a3"), (WHITE, "c2")]);
    let g = whole.vc_win(BLACK).expect("b1-a3 is a bridge");
    let b2 = whole.board().parse_cell("b2").unwrap();
    let a2 = whole.board().parse_cell("a2").unwrap();
    assert!(
        g.has(a2) && g.has(b2),
        "the carrier is the bridge's two cells"
    );
}

#[test]
fn evaluation_prefers_the_centre_to_the_corner() {
    let centre = pos_with(9, 9, &[(BLACK, "e5")]);
    let corner = pos_with(9, 9, &[(BLACK, "a1")]);
    // White to move in both: worse for White after the centre opening.
    assert!(centre.evaluate() < corner.evaluate());
    assert!(centre.evaluate() < 0);
}

#[test]
fn move_ordering_puts_the_centre_first_on_an_empty_board() {
    let p = Hex::new(11, 11).unwrap();
    let ranked = p.ranked_moves();
    let (x, y) = p.board().xy(ranked[0].0);
    eprintln!("{:?}", &ranked[..10]);
    assert!((3..=7).contains(&x) && (3..=7).contains(&y), "{x},{y}");
}

#[test]
fn a_bridge_conducts_almost_like_a_solid_link() {
    use super::groups::Groups;
    use super::resistance::Resistance;
    // b2-c3-d4 on 5x5: edge template, two bridges, edge template: a sound connection.
    let joined = [(BLACK, "b2"), (BLACK, "c3"), (BLACK, "d4")];
    let ohms = |p: &Hex| Resistance::new(p.board(), &Groups::new(p.board(), BLACK)).ohms;
    let p = pos_with(5, 5, &joined);
    assert!(p.vc_win(BLACK).is_some());
    // White in one carrier cell of the b2-c3 bridge breaks the connection.
    let mut cut = joined.to_vec();
    cut.push((WHITE, "c2"));
    let q = pos_with(5, 5, &cut);
    assert!(q.vc_win(BLACK).is_none());
    let (r_joined, r_cut) = (ohms(&p), ohms(&q));
    assert!(r_joined < 0.3, "{r_joined}");
    // Without the bridge and template links the two differ by a quarter at most.
    assert!(r_cut > 2.0 * r_joined, "{r_joined} {r_cut}");
}

#[test]
fn a_move_that_wins_at_once_is_the_only_move_searched() {
    // Black b1-b2-b3-b4 on 5x5, b5 or a5 completes the column; White to move elsewhere first.
    let mut p = pos_with(
        5,
        5,
        &[(BLACK, "b1"), (BLACK, "b2"), (BLACK, "b3"), (BLACK, "b4")],
    );
    p.set_to_move(BLACK);
    let mut moves = Vec::new();
    p.generate(&mut moves);
    assert_eq!(moves.len(), 1);
    let mut q = p;
    q.play(moves[0]);
    assert_eq!(q.winner(), Some(BLACK));
}

#[test]
fn must_play_restricts_the_moves_to_the_cells_that_stop_a_win() {
    // Black's chain c1..c6 on 7x7 lacks only row 7, which only c7 or b7 can complete; White
    // holds b7, so c7 is the one cell that both wins for Black and must be blocked by White.
    let stones = [
        (BLACK, "c1"),
        (BLACK, "c2"),
        (BLACK, "c3"),
        (BLACK, "c4"),
        (BLACK, "c5"),
        (BLACK, "c6"),
        (WHITE, "b7"),
        (WHITE, "a1"),
        (WHITE, "a2"),
        (WHITE, "a3"),
        (WHITE, "a4"),
    ];
    let mut p = pos_with(7, 7, &stones);
    p.set_to_move(WHITE);
    let c7 = p.board().parse_cell("c7").unwrap() as u16;
    let mut moves = Vec::new();
    p.generate(&mut moves);
    assert_eq!(moves, vec![c7]);
    // With two ways to finish, White's list holds exactly both (and the search sees the loss).
    let mut open = stones.to_vec();
    open.retain(|s| s.1 != "b7");
    open.push((WHITE, "g7"));
    let mut q = pos_with(7, 7, &open);
    q.set_to_move(WHITE);
    moves.clear();
    q.generate(&mut moves);
    let b7 = q.board().parse_cell("b7").unwrap() as u16;
    moves.sort();
    let mut want = vec![b7, c7];
    want.sort();
    assert_eq!(moves, want);
}

#[test]
fn dead_cells_are_those_with_four_neighbours_of_one_colour() {
    // c3 surrounded on four consecutive sides by Black.
    let p = pos_with(
        5,
        5,
        &[(BLACK, "d2"), (BLACK, "d3"), (BLACK, "c4"), (BLACK, "b4")],
    );
    assert!(p.dead_cells().has(p.board().parse_cell("c3").unwrap()));
    assert!(!p.dead_cells().has(p.board().parse_cell("c2").unwrap()));
    // A cell on the top row with the black edge above and black on d1 and c2 is dead.
    let q = pos_with(5, 5, &[(BLACK, "d1"), (BLACK, "c2")]);
    assert!(q.dead_cells().has(q.board().parse_cell("c1").unwrap()));
}

#[test]
fn generate_gives_legal_distinct_moves_and_never_none_while_the_game_runs() {
    let mut p = Hex::new(6, 6).unwrap();
    let mut moves = Vec::new();
    while p.winner().is_none() {
        moves.clear();
        p.generate(&mut moves);
        assert!(!moves.is_empty());
        let mut seen = std::collections::HashSet::new();
        for &m in &moves {
            assert!(p.board().color_at(m as usize).is_none());
            assert!(seen.insert(m));
        }
        p.play(moves[moves.len() / 2]);
    }
}

/// A seeded random n x n position of `stones` stones, alternating colours from Black, for
/// the brute-force checks on boards small enough to solve exhaustively; `x` is the xorshift
/// state, advanced so that successive calls give different positions.
pub(crate) fn random_position(n: usize, stones: usize, x: &mut u64) -> Hex {
    let mut p = Hex::new(n, n).expect("board");
    for _ in 0..stones {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let empty: Vec<usize> = p.board().empty_cells().iter().collect();
        p.play_cell(empty[(*x % empty.len() as u64) as usize]);
    }
    p
}

/// Plain negamax over every empty cell with a memo: slow, but with no pruning to get wrong.
pub(crate) fn brute_force(p: &Hex, memo: &mut Memo) -> bool {
    if let Some(w) = p.winner() {
        return w == p.to_move();
    }
    if let Some(&r) = memo.get(&p.key()) {
        return r;
    }
    unsolved(p, memo)
}

/// `brute_force` of a position without a winner that the memo does not hold. The mover wins if
/// any move wins, whatever order the moves are tried in, so the moves whose answer costs no
/// search come first: one that wins on the spot, or one that leaves a position the memo holds
/// as lost for the opponent. Only then are the others searched, skipping those the memo holds
/// as won for the opponent. (Tried in cell order as they used to be, a win on the spot at the
/// last cell waited for the search of every move before it.) A child the memo did not hold
/// is still not in it when its turn comes: every other position searched in between is
/// another child or has more stones.
fn unsolved(p: &Hex, memo: &mut Memo) -> bool {
    let mut open = Vec::with_capacity(p.board().empty_cells().len());
    let mut win = false;
    for c in p.board().empty_cells().iter() {
        let mut q = *p;
        q.play_cell(c);
        if q.winner().is_some() {
            win = true;
            break;
        }
        match memo.get(&q.key()) {
            Some(false) => {
                win = true;
                break;
            }
            Some(true) => {}
            None => open.push(q),
        }
    }
    let win = win || open.iter().any(|q| !unsolved(q, memo));
    memo.insert(p.key(), win);
    win
}

/// `brute_force`'s memo, by Zobrist key.
pub(crate) type Memo = crate::util::memo::Memo<u64, bool>;

#[test]
fn solver_agrees_with_brute_force_on_4x4_openings_and_random_5x5_positions() {
    let stop = AtomicBool::new(false);
    let mut memo = crate::games::hex::tests::Memo::default();
    for c in 0..16 {
        let mut p = Hex::new(4, 4).unwrap();
        p.place(BLACK, c);
        let truth = brute_force(&p, &mut memo);
        let v = Solver::new(&stop, None).solve(&p);
        assert_eq!(
            matches!(v, Verdict::Win(_)),
            truth,
            "4x4 opening {c}: {v:?}"
        );
    }
    // Random 5x5 middle games (seeded), either side to move.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut checked = 0;
    while checked < 30 {
        let mut p = Hex::new(5, 5).unwrap();
        for _ in 0..10 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let empty: Vec<usize> = p.board().empty_cells().iter().collect();
            p.play_cell(empty[(x % empty.len() as u64) as usize]);
        }
        if p.winner().is_some() {
            continue;
        }
        checked += 1;
        let mut memo = crate::games::hex::tests::Memo::default();
        let truth = brute_force(&p, &mut memo);
        let v = Solver::new(&stop, None).solve(&p);
        assert_eq!(matches!(v, Verdict::Win(_)), truth, "{}: {v:?}", p.board());
        if let Verdict::Win(Some(m)) = v {
            let mut q = p;
            q.play_cell(m);
            assert!(
                !brute_force(&q, &mut memo),
                "the winning move {m} does not win"
            );
        }
    }
}

#[test]
fn solver_finds_winning_moves_on_small_boards() {
    let stop = AtomicBool::new(false);
    // The first player wins every board from 1x1 to 4x4, and the move it gives really wins.
    for n in 1..=4 {
        let p = Hex::new(n, n).unwrap();
        let v = Solver::new(&stop, None).solve(&p);
        let Verdict::Win(Some(m)) = v else {
            panic!("{n}x{n}: {v:?}")
        };
        let mut q = p;
        q.play_cell(m);
        assert_eq!(Solver::new(&stop, None).solve(&q), Verdict::Loss, "{n}x{n}");
    }
}

#[test]
fn solver_proves_5x5_openings_that_are_known() {
    // 5x5: the centre and the obtuse corner e1 win for Black; the acute corner a1 loses.
    let stop = AtomicBool::new(false);
    for (cell, black_wins) in [("c3", true), ("e1", true), ("a1", false)] {
        let mut p = Hex::new(5, 5).unwrap();
        let c = p.board().parse_cell(cell).unwrap();
        p.place(BLACK, c);
        let v = Solver::new(&stop, None).solve(&p);
        assert_eq!(v == Verdict::Loss, black_wins, "{cell}: {v:?}");
        assert_ne!(v, Verdict::Unknown);
    }
}

#[test]
fn fill_in_keeps_the_value_of_random_small_positions() {
    // Dead and captured cells filled must never change who wins: checked by brute force on
    // seeded random 4x4 and 5x5 positions, with either side to move.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let (mut checked, mut changed) = (0, 0);
    let mut memo = crate::games::hex::tests::Memo::default();
    while checked < 120 {
        // Small enough for brute force: 4x4 from 3 stones, 5x5 from 12.
        let n = 4 + checked % 2;
        let stones = if n == 4 {
            3 + checked % 8
        } else {
            12 + checked % 6
        };
        let p = random_position(n, stones, &mut x);
        if p.winner().is_some() {
            continue;
        }
        checked += 1;
        let (q, _) = super::ice::fillin::canonical(&p);
        assert_eq!(q.to_move(), p.to_move());
        if q.key() != p.key() {
            changed += 1;
        }
        assert_eq!(
            brute_force(&p, &mut memo),
            brute_force(&q, &mut memo),
            "fill-in changed the value of\n{}\ninto\n{}",
            p.board(),
            q.board()
        );
    }
    assert!(changed > 20, "fill-in filled only {changed} positions");
}

#[test]
fn solver_proves_6x6_openings_as_published() {
    // A sample of the published 6x6 solutions (../shared/data/hex-openings.txt; the full check
    // is scripts/hex-openings.py): after Black's c4 or d3, White to move loses. The deadline
    // only keeps a regression from hanging the suite.
    let stop = AtomicBool::new(false);
    for cell in ["c4", "d3"] {
        let mut p = Hex::new(6, 6).unwrap();
        let c = p.board().parse_cell(cell).unwrap();
        p.place(BLACK, c);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        let v = Solver::new(&stop, Some(deadline)).solve(&p);
        assert_eq!(v, Verdict::Loss, "6x6 {cell}");
    }
}

/// Issue 25's must-play position, 6×6 after Black c3 and White c4, Black to move: every move
/// outside the must-play region loses and every winning move lies inside it (the solver on
/// each of the 34 replies, one table kept), and the region stays at most its size of
/// 2026-11-26 (15 cells: f2 d3 e3 f3 a4 b4 d4 e4 f4 a5 b5 c5 d5 a6 b6; MoHex's is 8 after its
/// inferior-cell patterns). A growing region fails here before it costs solver nodes.
#[test]
fn the_6x6_c3_c4_must_play_holds_every_win_and_no_more_than_15_cells() {
    use super::vc::{must_play, Outlook, VcSet};
    let p = pos_with(6, 6, &[(BLACK, "c3"), (WHITE, "c4")]);
    assert_eq!(p.to_move(), BLACK);
    let b = p.board();
    let must = match must_play(
        &VcSet::build(b, BLACK),
        &VcSet::build(b, WHITE),
        &b.empty_cells(),
    ) {
        Outlook::MustPlay(m) => m,
        o => panic!("{o:?}"),
    };
    assert!(must.len() <= 15, "{}", must.len());
    let stop = AtomicBool::new(false);
    let mut solver = Solver::new(&stop, None);
    let mut wins = 0;
    for c in b.empty_cells().iter() {
        let mut q = p;
        q.play_cell(c);
        let black_wins = solver.solve(&q) == Verdict::Loss;
        assert!(
            !black_wins || must.has(c),
            "{} wins outside",
            b.cell_name(c)
        );
        wins += black_wins as usize;
    }
    // Published: 6×6 c3 is a first-player win, so Black has an answer to c4.
    assert!(wins > 0);
}
