//! Renju forbidden points for Black: overline, double four, double three, with the recursive
//! rule that a three counts only if it can become a straight four by a move that is itself not
//! forbidden. A move that makes exactly five is never forbidden.
//!
//! This works on a plain cell array (walls around the board) and places and removes stones in
//! it as it goes, so the recursion needs no copies. It is exact but not cheap; callers first ask
//! [`may_be_forbidden`], a quick test on line shapes that rules out almost every point.

use crate::games::renju::board::{run_through, step, BLACK, CELLS, DIRS, EMPTY};

/// How deep the three-recursion goes (a straight-four point whose own check recurses again).
const MAX_DEPTH: u32 = 6;

/// Is empty cell `p` forbidden for Black? `cells` is restored before returning.
pub fn is_forbidden(cells: &mut [u8; CELLS], p: usize) -> bool {
    forbidden_at(cells, p, 0)
}

fn makes_five(cells: &[u8; CELLS], p: usize) -> bool {
    DIRS.iter().any(|&d| run_through(cells, p, d, BLACK) == 5)
}

fn forbidden_at(cells: &mut [u8; CELLS], p: usize, depth: u32) -> bool {
    if cells[p] != EMPTY || makes_five(cells, p) {
        return false;
    }
    if DIRS.iter().any(|&d| run_through(cells, p, d, BLACK) >= 6) {
        return true;
    }
    cells[p] = BLACK;
    let fours: usize = DIRS.iter().map(|&d| fours_along(cells, p, d)).sum();
    let result = if fours >= 2 {
        true
    } else if depth > MAX_DEPTH {
        false
    } else {
        let mut threes = 0;
        for &d in &DIRS {
            if is_three_along(cells, p, d, depth) {
                threes += 1;
                if threes >= 2 {
                    break;
                }
            }
        }
        threes >= 2
    };
    cells[p] = EMPTY;
    result
}

/// The number of distinct fours through black stone `p` along `d`: sets of four black stones
/// (including `p`) that one more stone would make exactly five. A straight four's two
/// completion points share one set, so it counts once.
pub fn fours_along(cells: &mut [u8; CELLS], p: usize, d: isize) -> usize {
    let mut sets: [[usize; 4]; 8] = [[0; 4]; 8];
    let mut n = 0;
    for k in -4isize..=4 {
        let q = step(p, d, k);
        if k == 0 || cells[q] != EMPTY {
            continue;
        }
        cells[q] = BLACK;
        if run_through(cells, q, d, BLACK) == 5 {
            let (lo, hi) = extent(cells, q, d);
            let mut four = [0usize; 4];
            let mut i = 0;
            for j in lo..=hi {
                if j != 0 {
                    four[i] = step(q, d, j);
                    i += 1;
                }
            }
            four.sort_unstable();
            if four.contains(&p) && !sets[..n].contains(&four) {
                sets[n] = four;
                n += 1;
            }
        }
        cells[q] = EMPTY;
    }
    n
}

/// The run through `q` along `d` as offsets from `q`: (most negative, most positive).
fn extent(cells: &[u8; CELLS], q: usize, d: isize) -> (isize, isize) {
    let v = cells[q];
    let mut lo = 0;
    while cells[step(q, d, lo - 1)] == v {
        lo -= 1;
    }
    let mut hi = 0;
    while cells[step(q, d, hi + 1)] == v {
        hi += 1;
    }
    (lo, hi)
}

/// Offset of `p` from `q` along `d` (they are on one line).
fn k_of(p: usize, q: usize, d: isize) -> isize {
    (p as isize - q as isize) / d
}

/// Does black stone `p` make a (real) three along `d`: is there an empty point `q` on the line
/// that would make a straight four containing `p`, where `q` is not a five point and not itself
/// forbidden?
fn is_three_along(cells: &mut [u8; CELLS], p: usize, d: isize, depth: u32) -> bool {
    for k in -4isize..=4 {
        if k == 0 {
            continue;
        }
        let q = step(p, d, k);
        if cells[q] != EMPTY {
            continue;
        }
        cells[q] = BLACK;
        let straight = straight_four(cells, q, d) && {
            let (lo, hi) = extent(cells, q, d);
            let pk = k_of(p, q, d);
            lo <= pk && pk <= hi
        };
        cells[q] = EMPTY;
        if straight && !makes_five(cells, q) && !forbidden_at(cells, q, depth + 1) {
            return true;
        }
    }
    false
}

/// Is black stone `q` in a run of exactly four along `d` whose two ends are empty and would
/// each make exactly five?
fn straight_four(cells: &[u8; CELLS], q: usize, d: isize) -> bool {
    if run_through(cells, q, d, BLACK) != 4 {
        return false;
    }
    let (lo, hi) = extent(cells, q, d);
    [step(q, d, lo - 1), step(q, d, hi + 1)]
        .iter()
        .all(|&e| cells[e] == EMPTY && run_through(cells, e, d, BLACK) == 5)
}

/// Every forbidden point of the position, sorted by cell.
pub fn forbidden_points(cells: &[u8; CELLS]) -> Vec<usize> {
    let mut work = *cells;
    let mut out = Vec::new();
    for p in 0..CELLS {
        if work[p] == EMPTY && near_black(&work, p) && is_forbidden(&mut work, p) {
            out.push(p);
        }
    }
    out
}

/// A point with fewer than two black stones within four cells along every line cannot be
/// forbidden (a three, four or overline needs at least two more black stones on one line).
fn near_black(cells: &[u8; CELLS], p: usize) -> bool {
    let mut lines = 0;
    for &d in &DIRS {
        let mut n = 0;
        for k in 1..=5isize {
            for s in [k, -k] {
                let q = (p as isize + d * s) as usize;
                if q < CELLS && cells[q] == BLACK {
                    n += 1;
                }
            }
        }
        if n >= 2 {
            lines += 1;
        }
    }
    lines >= 1
}
