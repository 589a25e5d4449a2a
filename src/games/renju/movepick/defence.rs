//! Exact replies to the opponent's threats: the cells where one stone of ours leaves the opponent
//! no winning threat point, found from the line keys without playing anything.
//!
//! A threat point is an empty cell where the opponent's stone would win by force: an open four
//! or a double four (class `C_WIN`), or a four-three (`C_FOUR_THREE`) where the rule lets us
//! trust it. A stone of ours changes a point's class only through the line it shares with the
//! point within five cells (the reach of a line key), so each candidate defence is judged by
//! one shape lookup per threat point (`Board::class_with_stone`). A defence must stop every
//! threat point at once: a stone that blocks one open three while a second three or a
//! four-three stays on the board loses all the same, so such nodes answer with our fours alone.
//! Rapfi rebuilds the same sets from the attacking move (at most three cells per three); this is
//! the intersection over the points themselves, which needs no memory of how they arose.

use crate::games::renju::board::{Board, Cell, Rule, DIRS, WALL};
use crate::games::renju::patterns::class::{C_FOUR_THREE, C_WIN};
use crate::games::renju::patterns::shapes::{F3, FIVE};

/// Does the opponent's class at its threat points count for `opp` under this rule? A renju
/// four-three of Black may hide a false three (its open-four point forbidden), which only a
/// played line can tell: Black's four-threes are not treated as threats.
pub fn trusts_four_three(b: &Board, opp: u8) -> bool {
    !(b.rule() == Rule::Renju && opp == 0)
}

/// The cells among `cells` where `opp` has a legal threat point of class `level` or above, into
/// `out`. The search passes `opp`'s four points (`Board::four_points`: every threat point makes
/// a four); the tests pass whole regions.
pub fn threat_points(
    b: &mut Board,
    cells: impl IntoIterator<Item = Cell>,
    opp: u8,
    level: u8,
    out: &mut Vec<Cell>,
) {
    out.clear();
    for c in cells {
        if b.facts(c, opp).class >= level && !b.is_forbidden(c, opp) {
            out.push(c);
        }
    }
}

/// The empty cells where a stone of the side to move leaves every point of `threats` below
/// `level` for the opponent, into `out` (none when no single stone stops them all). Candidates
/// are the first point and the cells on its four lines within five steps: any defence of that
/// point lies there.
pub fn defences(b: &Board, threats: &[Cell], level: u8, out: &mut Vec<Cell>) {
    out.clear();
    let Some(&first) = threats.first() else {
        return;
    };
    let me = b.to_move();
    let opp = 1 - me;
    let stops_all = |x: Cell| {
        threats
            .iter()
            .all(|&q| q == x || b.class_with_stone(q, opp, x, me) < level)
    };
    if stops_all(first) {
        out.push(first);
    }
    // Only the lines where the first point has a three or better count towards its class
    // (`patterns::class`), and our stone can only lower its shape on the line they share: a
    // stone on any other line leaves the point's class as it is, so it is no defence.
    let shapes = b.shapes_of(first, opp);
    for (dir, &d) in DIRS.iter().enumerate() {
        if !(F3..=FIVE).contains(&shapes[dir]) {
            continue;
        }
        for sign in [-1isize, 1] {
            for k in 1..=5isize {
                let x = (first as isize + sign * k * d) as Cell;
                if !b.is_empty(x) {
                    if b.cells()[x as usize] == WALL {
                        break;
                    }
                    continue;
                }
                if stops_all(x) {
                    out.push(x);
                }
            }
        }
    }
}

/// The level of the opponent's threat the side to move must answer: `C_WIN` for a legal open
/// four or double four point, `C_FOUR_THREE` for a trusted four-three point, else `None`. The
/// caller has already handled five points.
pub fn threat_level(b: &mut Board) -> Option<u8> {
    let opp = 1 - b.to_move();
    let counts = b.class_counts()[opp as usize];
    let black_renju = b.rule() == Rule::Renju && opp == 0;
    let win = if black_renju {
        // Black's double fours are forbidden; its open fours may be too.
        b.legal_open_four_point(opp).is_some()
    } else {
        counts[C_WIN as usize] > 0
    };
    if win {
        Some(C_WIN)
    } else if counts[C_FOUR_THREE as usize] > 0 && trusts_four_three(b, opp) {
        Some(C_FOUR_THREE)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::cell;

    /// Every empty cell, played for real: does the opponent keep a legal threat point of `level`?
    fn brute_force(b: &mut Board, level: u8) -> Vec<Cell> {
        let opp = 1 - b.to_move();
        let mut all = Vec::new();
        b.region(6, &mut all);
        let mut out = Vec::new();
        for x in all {
            b.make(x);
            let mut rest = Vec::new();
            b.region(6, &mut rest);
            let mut points = Vec::new();
            threat_points(b, rest, opp, level, &mut points);
            b.undo();
            if points.is_empty() {
                out.push(x);
            }
        }
        out.sort_unstable();
        out
    }

    fn board(rule: Rule, stones: &[(usize, usize)]) -> Board {
        let mut b = Board::new(15, 15, rule);
        for &(x, y) in stones {
            b.make(cell(x, y));
        }
        b
    }

    fn exact(b: &mut Board) -> (Option<u8>, Vec<Cell>) {
        let Some(level) = threat_level(b) else {
            return (None, Vec::new());
        };
        let mut cells = Vec::new();
        b.region(6, &mut cells);
        let mut threats = Vec::new();
        threat_points(b, cells, 1 - b.to_move(), level, &mut threats);
        let mut out = Vec::new();
        defences(b, &threats, level, &mut out);
        out.sort_unstable();
        (Some(level), out)
    }

    #[test]
    fn an_open_three_is_stopped_at_its_two_open_four_points() {
        // Black: (5,7) (6,7) (7,7), an open three on row 7 with room on both sides; White far
        // away, to move. Its defences are the two open-four points: a stone one further out
        // leaves the other side's open four.
        let mut b = board(Rule::Freestyle, &[(5, 7), (1, 1), (6, 7), (1, 13), (7, 7)]);
        let (level, got) = exact(&mut b);
        assert_eq!(level, Some(C_WIN));
        let mut want = vec![cell(4, 7), cell(8, 7)];
        want.sort_unstable();
        assert_eq!(got, want);
        assert_eq!(got, brute_force(&mut b, C_WIN));
    }

    #[test]
    fn two_threes_crossing_are_stopped_only_where_they_meet_or_not_at_all() {
        // Two open threes of Black that share no cell that stops both: no defence.
        let mut b = board(
            Rule::Freestyle,
            &[
                (5, 7),
                (1, 1),
                (6, 7),
                (1, 13),
                (7, 7),
                (13, 1),
                (9, 3),
                (13, 13),
                (9, 4),
                (0, 7),
                (9, 5),
            ],
        );
        let (level, got) = exact(&mut b);
        assert_eq!(level, Some(C_WIN));
        assert_eq!(got, brute_force(&mut b, C_WIN));
        assert!(got.is_empty(), "{got:?}");
    }

    /// Random positions under every rule: the exact defences equal the cells that, played,
    /// leave no threat point of the level (the brute force plays every cell).
    #[test]
    fn defences_agree_with_playing_every_cell() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut rnd = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Exact, Rule::Renju, Rule::Caro] {
            for _ in 0..400 {
                let mut b = Board::new(15, 15, rule);
                let stones = 6 + rnd(20);
                for _ in 0..stones {
                    let c = cell(3 + rnd(9), 3 + rnd(9));
                    if b.is_legal(c)
                        && b.winner().is_none()
                        && b.five_points(0) + b.five_points(1) == 0
                    {
                        b.make(c);
                    }
                }
                if b.winner().is_some() || b.five_points(0) + b.five_points(1) > 0 {
                    continue;
                }
                let (level, got) = exact(&mut b);
                let Some(level) = level else { continue };
                assert_eq!(got, brute_force(&mut b, level), "{rule} {b:?}");
                checked += 1;
            }
        }
        assert!(checked >= 100, "{checked}");
    }
}
