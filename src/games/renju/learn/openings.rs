//! The openings self-play starts from: the 26 standard three-stone renju openings (the same set
//! the tournaments use, kept as the engine's own data in `data/renju/openings/`), and random two- and three-stone openings near the centre that a
//! short search finds balanced, so that the games cover more than 26 starts.

use rand::rngs::SmallRng;
use rand::Rng;

use crate::games::renju::board::{cell, Board, Cell, Rule};
use crate::games::renju::search::{self as renju_search, SearchLimits};
use crate::search::{is_proven, Tt};

/// The 26 standard openings, as offsets from the centre (Gomocup's offset lines).
static STANDARD: &str = include_str!("../../../../data/renju/openings/standard-26.txt");

/// Random openings are redrawn until a search of this many nodes scores them within
/// `BALANCED_SCORE` for the side to move.
const BALANCE_NODES: u64 = 3_000;
const BALANCED_SCORE: i32 = 300;
/// Random stones lie within this many cells of the centre (a 7x7 square).
const RANDOM_RADIUS: i64 = 3;

/// The standard openings' offsets (x, y) from the centre, stones alternating from Black.
pub fn standard() -> Vec<Vec<(i64, i64)>> {
    STANDARD
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let n: Vec<i64> = l
                .split(',')
                .map(|w| w.trim().parse().expect("the opening file holds numbers"))
                .collect();
            n.chunks(2).map(|p| (p[0], p[1])).collect()
        })
        .collect()
}

/// The cells of offsets on a `size` board.
pub fn cells(size: usize, offsets: &[(i64, i64)]) -> Vec<Cell> {
    let c = (size / 2) as i64;
    offsets
        .iter()
        .map(|&(dx, dy)| cell((c + dx) as usize, (c + dy) as usize))
        .collect()
}

/// A random two- or three-stone opening that a short search scores as balanced (the last draw
/// after a few tries otherwise).
pub fn random_balanced(size: usize, rule: Rule, rng: &mut SmallRng, tt: &Tt) -> Vec<Cell> {
    let mut last = Vec::new();
    for _ in 0..8 {
        let stones = rng.gen_range(2..=3);
        let mut offsets = vec![(0, 0)];
        while offsets.len() < stones {
            let o = (
                rng.gen_range(-RANDOM_RADIUS..=RANDOM_RADIUS),
                rng.gen_range(-RANDOM_RADIUS..=RANDOM_RADIUS),
            );
            if !offsets.contains(&o) {
                offsets.push(o);
            }
        }
        last = cells(size, &offsets);
        let mut b = Board::new(size, size, rule);
        for &m in &last {
            b.make(m);
        }
        let limits = SearchLimits {
            depth: None,
            nodes: Some(BALANCE_NODES),
            soft: None,
            hard: None,
            threads: 1,
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        tt.clear();
        let r = renju_search::search(&b, &limits, tt, &stop, &mut |_| {}, &mut |_| {});
        if !is_proven(r.score) && r.score.abs() <= BALANCED_SCORE {
            break;
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_embedded_openings_are_the_tournaments_set() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let theirs =
            std::fs::read_to_string(root.join("tournaments/openings/gomoku-15-26-offset.txt"))
                .expect("the tournaments' openings");
        assert_eq!(
            STANDARD, theirs,
            "data/renju/openings/standard-26.txt drifted"
        );
        assert_eq!(standard().len(), 26);
    }

    #[test]
    fn the_standard_openings_are_26_three_stone_starts_and_random_ones_are_small() {
        let s = standard();
        assert_eq!(s.len(), 26);
        assert!(s.iter().all(|o| o.len() == 3 && o[0] == (0, 0)));
        let tt = Tt::new(1);
        let mut rng = SmallRng::seed_from_u64(3);
        let o = random_balanced(15, Rule::Renju, &mut rng, &tt);
        assert!((2..=3).contains(&o.len()));
        assert_eq!(o[0], cell(7, 7));
        let mut sorted = o.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), o.len());
    }
}
