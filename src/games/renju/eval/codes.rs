//! Pattern codes: a cell's four line shapes as an unordered combination (which direction holds
//! which shape does not change what a stone there makes), the index the learned tables use.
//! Eleven shapes taken four at a time with repetition make 1001 codes; code 0 is four `NONE`
//! (an occupied cell, or one no line reaches), whose value stays 0.

use std::sync::OnceLock;

use crate::games::renju::patterns::class::{index, COMBINATIONS};
use crate::games::renju::patterns::shapes::SHAPES;

/// Number of pattern codes: C(SHAPES + 3, 4).
pub const CODES: usize = SHAPES * (SHAPES + 1) * (SHAPES + 2) * (SHAPES + 3) / 24;

/// The sorted shapes of each code, codes in lexical order of the sorted shapes.
pub fn shapes_of_codes() -> &'static [[u8; 4]] {
    static T: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut v = Vec::with_capacity(CODES);
        let n = SHAPES as u8;
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    for d in c..n {
                        v.push([a, b, c, d]);
                    }
                }
            }
        }
        v
    })
}

/// The code of each combination index (`patterns::class::index`).
pub fn code_of_index() -> &'static [u16] {
    static T: OnceLock<Vec<u16>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = vec![0u16; COMBINATIONS];
        for (code, &s) in shapes_of_codes().iter().enumerate() {
            permute(s, &mut |p| t[index(p) as usize] = code as u16);
        }
        t
    })
}

/// Calls `f` on every ordering of `s`.
fn permute(s: [u8; 4], f: &mut dyn FnMut([u8; 4])) {
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                f([s[a], s[b], s[c], s[d]]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_has_the_code_of_its_sorted_shapes() {
        assert_eq!(CODES, 1001);
        let shapes = shapes_of_codes();
        assert_eq!(shapes.len(), CODES);
        let t = code_of_index();
        for (i, &code) in t.iter().enumerate() {
            let d = |k: u32| (i / SHAPES.pow(k) % SHAPES) as u8;
            let mut s = [d(3), d(2), d(1), d(0)];
            s.sort();
            assert_eq!(shapes[code as usize], s);
        }
        assert_eq!(t[0], 0);
    }
}
