//! The Nim benchmark: positions the brute-force search must prove without theory, and a timing
//! of theory itself on huge heaps.

use std::time::Instant;

use super::position::Nim;
use super::rules::Rule;
use super::theory;

/// Proves the small positions and leaves the two big ones unproven: a second or so in all.
/// `--depth 16` and more make the deeper benchmark (time to depth, threads 1 vs 2).
pub const DEFAULT_DEPTH: u32 = 12;

pub fn positions() -> Vec<Nim> {
    let sets: [&[u64]; 5] = [
        &[3, 4, 5],
        &[2, 3, 5, 7],
        &[1, 2, 3, 4, 5, 6],
        &[4, 4, 4, 4],
        &[1, 2, 3, 4, 5, 6, 7, 8],
    ];
    sets.iter()
        .flat_map(|h| {
            [Rule::Normal, Rule::Misere].map(|r| Nim::new(h.to_vec(), r).without_theory())
        })
        .collect()
}

/// Prints (to stderr) how long theory takes per position on heaps up to 2^32.
pub fn report_theory() {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut positions = Vec::new();
    for _ in 0..10_000 {
        let heaps: Vec<u64> = (0..8)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % (1 << 32)
            })
            .collect();
        positions.push(heaps);
    }
    let start = Instant::now();
    let mut wins = 0;
    for h in &positions {
        for rule in [Rule::Normal, Rule::Misere] {
            wins += theory::solve(h, rule).0 as usize;
        }
    }
    let per = start.elapsed().as_nanos() as f64 / (2 * positions.len()) as f64;
    eprintln!(
        "theory: {} positions of 8 heaps up to 2^32 solved, {:.0} ns each ({wins} wins)",
        2 * positions.len(),
        per
    );
}
