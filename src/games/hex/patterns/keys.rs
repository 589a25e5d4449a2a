//! Pattern keys: the 12 cells around a candidate as 2 bits each (empty, the mover's, the
//! opponent's, or beyond a corner), with off-board cells read as the edge that is there (the
//! mover's edge counts as the mover's stone). The key is computed in the mover's frame (White
//! reads the board transposed) and folded under the 180° rotation, so a position and its
//! rotation, or its transposition with the colours swapped, give every cell the same key.

use crate::games::hex::board::{Board, Cells, Edge, BLACK, WHITE};

/// The six neighbours, in ring order (the same order as `Board::ring`), in the mover's frame.
const NEIGHBOURS: [(i32, i32); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];
/// The six bridge cells, each between neighbours `i` and `i + 1`.
const BRIDGES: [(i32, i32); 6] = [(2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2)];

/// What a pattern cell holds.
const EMPTY: u32 = 0;
const MINE: u32 = 1;
const THEIRS: u32 = 2;
/// Beyond a corner: on neither colour's edge.
const NOWHERE: u32 = 3;

/// The flag that marks a 6-cell key (so 6- and 12-cell keys can share one table).
pub const RING_ONLY: u32 = 1 << 24;

/// What the cell at mover-frame offset `(dx, dy)` from `(x, y)` holds, for `mover`.
#[inline]
fn at(board: &Board, mover: u8, x: i32, y: i32, (dx, dy): (i32, i32)) -> u32 {
    // White reads the board transposed: its edges (left, right) become the mover's top and
    // bottom.
    let (dx, dy) = if mover == BLACK { (dx, dy) } else { (dy, dx) };
    let (nx, ny) = (x + dx, y + dy);
    let (w, h) = (board.width() as i32, board.height() as i32);
    match (nx < 0 || nx >= w, ny < 0 || ny >= h) {
        (false, false) => match board.color_at((ny * w + nx) as usize) {
            None => EMPTY,
            Some(c) if c == mover => MINE,
            Some(_) => THEIRS,
        },
        // Rows beyond the board are Black's edges, columns White's.
        (false, true) => {
            if mover == BLACK {
                MINE
            } else {
                THEIRS
            }
        }
        (true, false) => {
            if mover == WHITE {
                MINE
            } else {
                THEIRS
            }
        }
        (true, true) => NOWHERE,
    }
}

/// The raw key of six cells, 2 bits each, first cell lowest.
#[inline]
fn pack(cells: [u32; 6]) -> u32 {
    cells.iter().rev().fold(0, |k, &v| (k << 2) | v)
}

/// The same six cells turned half a circle (entry `i` moves to `i + 3`).
#[inline]
fn turn(six: u32) -> u32 {
    ((six >> 6) | (six << 6)) & 0xFFF
}

/// The canonical 12-cell key and 6-cell key (with `RING_ONLY`) of `cell` for `mover`.
pub fn pattern_keys(board: &Board, mover: u8, cell: usize) -> (u32, u32) {
    let (x, y) = board.xy(cell);
    let (x, y) = (x as i32, y as i32);
    let ring = pack(NEIGHBOURS.map(|d| at(board, mover, x, y, d)));
    let bridges = pack(BRIDGES.map(|d| at(board, mover, x, y, d)));
    let key = ring | (bridges << 12);
    let turned = turn(ring) | (turn(bridges) << 12);
    (key.min(turned), RING_ONLY | ring.min(turn(ring)))
}

/// How many values `local_feature` takes.
pub const LOCAL_FEATURES: usize = 5;

/// Where `cell` lies from the opponent's last stone `last`, for `mover`: 0 far (or no last
/// move), 1 touching it, 2 its bridge partner, 3 another cell two steps away, 4 the reply
/// that restores the mover's bridge that `last` entered (`saves`, from `bridge_saves`).
pub fn local_feature(board: &Board, cell: usize, last: Option<usize>, saves_it: bool) -> usize {
    let Some(l) = last else { return 0 };
    if saves_it {
        return 4;
    }
    let (x, y) = board.xy(cell);
    let (lx, ly) = board.xy(l);
    let (dx, dy) = (x as i32 - lx as i32, y as i32 - ly as i32);
    match (dx.abs() + dy.abs() + (dx + dy).abs()) / 2 {
        1 => 1,
        2 if BRIDGES.contains(&(dx, dy)) => 2,
        2 => 3,
        _ => 0,
    }
}

/// The cells where `me` restores a bridge (two of its stones, or a stone and its edge, with
/// two common empty neighbours) that the stone at `intruder` has just entered: the bridge's
/// other common neighbour.
pub fn bridge_saves(board: &Board, intruder: usize, me: u8) -> Cells {
    let ring = board.ring(intruder);
    let mine = |r: &Result<usize, Option<Edge>>| match r {
        Ok(c) => board.color_at(*c) == Some(me),
        Err(Some(e)) => Edge::of(me).contains(e),
        Err(None) => false,
    };
    let mut saves = Cells::EMPTY;
    for i in 0..6 {
        if let Ok(c) = ring[i] {
            if board.color_at(c).is_none() && mine(&ring[(i + 5) % 6]) && mine(&ring[(i + 1) % 6]) {
                saves.insert(c);
            }
        }
    }
    saves
}

/// Each candidate's (12-cell key, 6-cell key, local feature) for `mover` on `board` after
/// the opponent's stone at `last`.
pub fn features<'a>(
    board: &'a Board,
    mover: u8,
    last: Option<usize>,
    cells: impl Iterator<Item = usize> + 'a,
) -> impl Iterator<Item = (u32, u32, usize)> + 'a {
    let saves = last.map(|l| bridge_saves(board, l, mover));
    cells.map(move |c| {
        let (k12, k6) = pattern_keys(board, mover, c);
        let saves_it = saves.is_some_and(|s| s.has(c));
        (k12, k6, local_feature(board, c, last, saves_it))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The 12-cell key for Black from scratch: `Board::ring` for the neighbours and the
    /// bridge partners' coordinates, no shared code with `pattern_keys`.
    fn black_key(b: &Board, cell: usize) -> u32 {
        let code = |r: Result<usize, Option<Edge>>| match r {
            Ok(c) => match b.color_at(c) {
                None => 0,
                Some(BLACK) => 1,
                Some(_) => 2,
            },
            Err(Some(Edge::Top | Edge::Bottom)) => 1,
            Err(Some(_)) => 2,
            Err(None) => 3,
        };
        let ring = b.ring(cell);
        let (x, y) = b.xy(cell);
        let (w, h) = (b.width() as i32, b.height() as i32);
        let mut key = 0;
        for (i, r) in ring.into_iter().enumerate() {
            key |= code(r) << (2 * i);
        }
        for (i, (dx, dy)) in [(2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2)]
            .into_iter()
            .enumerate()
        {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            let r = match (nx < 0 || nx >= w, ny < 0 || ny >= h) {
                (false, false) => Ok((ny * w + nx) as usize),
                (true, true) => Err(None),
                (false, true) => Err(Some(Edge::Top)),
                (true, false) => Err(Some(Edge::Left)),
            };
            key |= code(r) << (12 + 2 * i);
        }
        key
    }

    /// The board turned half a circle.
    fn rotated(b: &Board) -> Board {
        let mut r = Board::new(b.width(), b.height()).unwrap();
        for c in b.occupied().iter() {
            r.place(b.color_at(c).unwrap(), b.size() - 1 - c);
        }
        r
    }

    /// The board mirrored on its long diagonal with the colours swapped.
    fn transposed(b: &Board) -> Board {
        let mut t = Board::new(b.height(), b.width()).unwrap();
        for c in b.occupied().iter() {
            let (x, y) = b.xy(c);
            t.place(1 - b.color_at(c).unwrap(), t.cell(y, x));
        }
        t
    }

    fn random_board(rng: &mut SmallRng, size: usize) -> Board {
        let mut b = Board::new(size, size).unwrap();
        for c in 0..b.size() {
            match rng.gen_range(0..3) {
                0 => b.place(BLACK, c),
                1 => b.place(WHITE, c),
                _ => {}
            }
        }
        b
    }

    #[test]
    fn keys_match_a_computation_from_scratch() {
        let mut rng = SmallRng::seed_from_u64(5);
        for size in [1, 2, 3, 5, 9, 13] {
            for _ in 0..20 {
                let b = random_board(&mut rng, size);
                for c in 0..b.size() {
                    let raw = black_key(&b, c);
                    let turned = ((raw & 0xFFF) >> 6 | (raw & 0x3F) << 6) & 0xFFF
                        | (((raw >> 12) >> 6 | ((raw >> 12) & 0x3F) << 6) & 0xFFF) << 12;
                    let (k12, k6) = pattern_keys(&b, BLACK, c);
                    assert_eq!(k12, raw.min(turned));
                    assert_eq!(k6 & RING_ONLY, RING_ONLY);
                    // White's key is Black's on the transposed board with colours swapped.
                    let t = transposed(&b);
                    let (x, y) = b.xy(c);
                    let tr = black_key(&t, t.cell(y, x));
                    let tt = ((tr & 0xFFF) >> 6 | (tr & 0x3F) << 6) & 0xFFF
                        | (((tr >> 12) >> 6 | ((tr >> 12) & 0x3F) << 6) & 0xFFF) << 12;
                    assert_eq!(pattern_keys(&b, WHITE, c).0, tr.min(tt));
                }
            }
        }
    }

    #[test]
    fn keys_are_the_same_after_a_half_turn_and_for_the_mirrored_colour() {
        let mut rng = SmallRng::seed_from_u64(9);
        for _ in 0..50 {
            let b = random_board(&mut rng, 7);
            let r = rotated(&b);
            let t = transposed(&b);
            for c in 0..b.size() {
                let (x, y) = b.xy(c);
                for mover in [BLACK, WHITE] {
                    assert_eq!(
                        pattern_keys(&b, mover, c),
                        pattern_keys(&r, mover, b.size() - 1 - c)
                    );
                    assert_eq!(
                        pattern_keys(&b, mover, c),
                        pattern_keys(&t, 1 - mover, t.cell(y, x))
                    );
                }
            }
        }
    }

    #[test]
    fn an_empty_centre_and_an_edge_cell_differ() {
        let b = Board::new(9, 9).unwrap();
        let centre = pattern_keys(&b, BLACK, b.parse_cell("e5").unwrap());
        assert_eq!(centre, (0, RING_ONLY));
        // On Black's top row Black sees its own edge; White sees the opponent's.
        let top = b.parse_cell("e1").unwrap();
        assert_ne!(pattern_keys(&b, BLACK, top).0, 0);
        assert_ne!(pattern_keys(&b, BLACK, top), pattern_keys(&b, WHITE, top));
    }

    #[test]
    fn local_features_follow_the_last_stone() {
        let b = crate::games::hex::player::test_board(9, &["d4", "e5"], &["e4"]);
        let last = b.parse_cell("e4");
        let f = |s: &str| {
            let c = b.parse_cell(s).unwrap();
            let saves = bridge_saves(&b, last.unwrap(), BLACK);
            local_feature(&b, c, last, saves.has(c))
        };
        // d4 and e5 bridge through e4 and d5: d5 saves it.
        assert_eq!(f("d5"), 4);
        assert_eq!(f("f4"), 1);
        assert_eq!(f("f5"), 2, "the bridge partner below-right");
        assert_eq!(f("g4"), 3);
        assert_eq!(f("a9"), 0);
        assert_eq!(local_feature(&b, 0, None, false), 0);
    }

    #[test]
    fn the_bridge_save_is_the_other_carrier_cell() {
        // Black b2 and c3 bridge through c2 and b3; White intrudes at c2.
        let b = crate::games::hex::player::test_board(5, &["b2", "c3"], &["c2"]);
        let saves = bridge_saves(&b, b.parse_cell("c2").unwrap(), BLACK);
        assert_eq!(
            saves.iter().collect::<Vec<_>>(),
            vec![b.parse_cell("b3").unwrap()]
        );
        // White has no bridge there to save.
        assert!(bridge_saves(&b, b.parse_cell("c2").unwrap(), WHITE).is_empty());
    }

    #[test]
    fn an_edge_bridge_is_saved_too() {
        // Black c2 reaches the top through c1 and d1; White takes d1.
        let b = crate::games::hex::player::test_board(5, &["c2"], &["d1"]);
        let saves = bridge_saves(&b, b.parse_cell("d1").unwrap(), BLACK);
        assert!(saves.has(b.parse_cell("c1").unwrap()));
    }
}
