//! A Nim position for the generic search: heaps, the rule, and whose turn it is. It answers
//! from [`theory`] where it may (the imports point down: `rules` < `theory` < `position`).

use crate::search::{Outcome, Position, Score};

use super::rules::{NimMove, Rule};
use super::theory;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    heaps: Vec<u64>,
    rule: Rule,
    side: u8,
    hash: u64,
    /// Whether `proven` may answer from theory (off to let the search prove things alone).
    use_theory: bool,
}

/// A heap's contribution to the hash: a strong mix of its index and size, so heaps of any size
/// hash without a table.
fn heap_key(index: usize, size: u64) -> u64 {
    let mut z = (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ size.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const SIDE_KEY: u64 = 0x5851_F42D_4C95_7F2D;
const MISERE_KEY: u64 = 0x1405_7B7E_F767_814F;

impl Nim {
    pub fn new(heaps: Vec<u64>, rule: Rule) -> Nim {
        let mut hash = if rule == Rule::Misere { MISERE_KEY } else { 0 };
        for (i, &h) in heaps.iter().enumerate() {
            hash ^= heap_key(i, h);
        }
        Nim {
            heaps,
            rule,
            side: 0,
            hash,
            use_theory: true,
        }
    }

    /// The same position, searched without the theory shortcut.
    pub fn without_theory(mut self) -> Nim {
        self.use_theory = false;
        self
    }

    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn is_legal(&self, m: NimMove) -> bool {
        m.take >= 1 && self.heaps.get(m.heap).is_some_and(|&h| m.take <= h)
    }

    pub fn total(&self) -> u128 {
        self.heaps.iter().map(|&h| h as u128).sum()
    }
}

impl Position for Nim {
    type Move = NimMove;

    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash ^ if self.side == 1 { SIDE_KEY } else { 0 }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.heaps.iter().any(|&h| h > 0) {
            return None;
        }
        // The previous player took the last object.
        Some(match self.rule {
            Rule::Normal => Outcome::Loss,
            Rule::Misere => Outcome::Win,
        })
    }

    /// Every move; large takes first, since they end the game sooner.
    fn generate(&self, out: &mut Vec<NimMove>) {
        for (heap, &size) in self.heaps.iter().enumerate() {
            for take in (1..=size).rev() {
                out.push(NimMove { heap, take });
            }
        }
    }

    fn play(&mut self, m: NimMove) {
        let old = self.heaps[m.heap];
        let new = old - m.take;
        self.hash ^= heap_key(m.heap, old) ^ heap_key(m.heap, new);
        self.heaps[m.heap] = new;
        self.side ^= 1;
    }

    fn evaluate(&self) -> Score {
        0
    }

    fn move_tag(m: NimMove) -> u16 {
        (heap_key(m.heap, m.take) >> 48) as u16
    }

    /// A random non-empty heap, then a random count: never lists the moves of huge heaps.
    fn random_move(&self, r: u64) -> Option<NimMove> {
        let nonempty: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| self.heaps[i] > 0)
            .collect();
        if nonempty.is_empty() {
            return None;
        }
        let heap = nonempty[(r % nonempty.len() as u64) as usize];
        let r2 = r.rotate_left(32) ^ 0x9E37_79B9_7F4A_7C15;
        Some(NimMove {
            heap,
            take: 1 + r2 % self.heaps[heap],
        })
    }

    fn proven(&self) -> Option<(Outcome, Option<NimMove>)> {
        if !self.use_theory {
            return None;
        }
        let (win, best) = theory::solve(&self.heaps, self.rule);
        Some((if win { Outcome::Win } else { Outcome::Loss }, best))
    }
}
