//! A set of cells as a bit per padded index: what the board keeps of each side's four points
//! (cells where a stone makes a four or five), so that the few cells a threat node asks about
//! are read directly instead of scanning every candidate (a middle game has 60-90 candidates
//! and a side rarely more than a handful of four points).

use super::geometry::{Cell, CELLS};

const WORDS: usize = CELLS / 64;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    /// Adds `c` if absent, removes it if present.
    #[inline(always)]
    pub fn toggle(&mut self, c: usize) {
        self.0[c / 64] ^= 1 << (c % 64);
    }

    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[c as usize / 64] >> (c % 64) & 1 != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cells in increasing index order (row by row, as `Board::region` lists them).
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                Some((i * 64 + bit) as Cell)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_come_back_in_index_order_once_each() {
        let mut s = CellSet::default();
        for c in [700usize, 3, 64, 63, 1023, 3] {
            s.toggle(c);
        }
        // 3 was toggled twice: absent.
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![63, 64, 700, 1023]);
        assert!(s.contains(64) && !s.contains(3));
        for c in [63, 64, 700, 1023] {
            s.toggle(c);
        }
        assert!(s.is_empty());
    }
}
