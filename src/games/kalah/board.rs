//! The Kalah rules on a compact board: every pit is one byte of a `u128`, seen from the side to
//! move. Bytes 0..m are the mover's pits from their left (pit 1 is byte 0), bytes 8..8+m the
//! other side's pits from *their* left. Stores are not on the board: the rest of the game's value
//! depends only on the pits, so the solver's key is the board itself (exact, no hashing), and
//! handing the turn over is a 64-bit rotation.
//!
//! Sowing from the mover's pit `i` visits, in the cycle of `2m + 1` places, the mover's pits
//! right of `i`, the mover's store, the other side's pits, then the mover's pits from the left
//! (the other side's store is skipped). A full lap adds one seed everywhere and one to the store,
//! so a move is a subtraction, a multiple of the all-ones mask and one precomputed mask.

/// Most pits per side.
pub const MAX_PITS: usize = 8;
/// Most seeds on the board: every pit is one byte, so the total must fit one.
pub const MAX_SEEDS: u32 = 255;

const fn ones(count: usize) -> u64 {
    let mut x = 0u64;
    let mut i = 0;
    while i < count {
        x |= 1 << (8 * i);
        i += 1;
    }
    x
}

/// `SOW[m][i][r]`: one seed in each of the `r` pits that follow pit `i` (store skipped).
static SOW: [[[u128; 2 * MAX_PITS + 1]; MAX_PITS]; MAX_PITS + 1] = sow_table();

const fn sow_table() -> [[[u128; 2 * MAX_PITS + 1]; MAX_PITS]; MAX_PITS + 1] {
    let mut t = [[[0u128; 2 * MAX_PITS + 1]; MAX_PITS]; MAX_PITS + 1];
    let mut m = 1;
    while m <= MAX_PITS {
        let cycle = 2 * m + 1;
        let mut i = 0;
        while i < m {
            let mut r = 1;
            while r < cycle {
                let c = (i + r) % cycle;
                let add: u128 = if c < m {
                    1 << (8 * c)
                } else if c == m {
                    0
                } else {
                    1 << (64 + 8 * (c - m - 1))
                };
                t[m][i][r] = t[m][i][r - 1] + add;
                r += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
}

/// The sum of the bytes of `x` (at most 255 in total).
#[inline]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The rule set: pits per side and the capture variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub pits: usize,
    /// `true`: a last seed in an empty own pit captures even when the opposite pit is empty.
    pub empty_capture: bool,
}

/// What one move did, beyond the new board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sown {
    /// The board after the move, seen from the side to move next.
    pub board: Board,
    /// Seeds the mover put into their store (sowing and capture).
    pub gain: u32,
    /// The last seed fell in the mover's store: the same side moves again.
    pub extra_turn: bool,
    /// Seeds taken by a capture (0 if none).
    pub captured: u32,
}

/// The pits, seen from the side to move (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(pub u128);

impl Board {
    /// The start position: `seeds` in each of the `pits` pits of both sides.
    pub fn start(pits: usize, seeds: u32) -> Board {
        let row = ones(pits) as u128 * seeds as u128;
        Board(row | (row << 64))
    }

    /// From the mover's pits and the other side's pits, each from its owner's left.
    pub fn from_pits(mine: &[u32], theirs: &[u32]) -> Board {
        let mut b = 0u128;
        for (i, &s) in mine.iter().enumerate() {
            b |= (s as u128) << (8 * i);
        }
        for (i, &s) in theirs.iter().enumerate() {
            b |= (s as u128) << (64 + 8 * i);
        }
        Board(b)
    }

    /// Seeds in the mover's pit `i` (0-based from the mover's left).
    #[inline]
    pub fn mine(self, i: usize) -> u32 {
        (self.0 >> (8 * i)) as u8 as u32
    }

    /// Seeds in the other side's pit `i` (0-based from *their* left).
    #[inline]
    pub fn theirs(self, i: usize) -> u32 {
        (self.0 >> (64 + 8 * i)) as u8 as u32
    }

    #[inline]
    pub fn my_seeds(self) -> u32 {
        byte_sum(self.0 as u64)
    }

    #[inline]
    pub fn their_seeds(self) -> u32 {
        byte_sum((self.0 >> 64) as u64)
    }

    /// Seeds still in play.
    #[inline]
    pub fn seeds(self) -> u32 {
        self.my_seeds() + self.their_seeds()
    }

    /// Either side has no seeds: the game is over. The standard rule (Irving, Donkers and
    /// Uiterwijk; Rawlings; the usual programs and servers) ends the game as soon as either
    /// player's pits are all empty after a move, also after a move that earns an extra turn,
    /// and every seed left goes to the store of the side it lies on (see [`Board::final_value`]).
    #[inline]
    pub fn is_over(self) -> bool {
        self.0 as u64 == 0 || (self.0 >> 64) as u64 == 0
    }

    /// The value of a finished board for the side to move: each side's remaining seeds go to
    /// its own store.
    #[inline]
    pub fn final_value(self) -> i32 {
        self.my_seeds() as i32 - self.their_seeds() as i32
    }

    /// The same pits seen from the other side.
    #[inline]
    pub fn flipped(self) -> Board {
        Board(self.0.rotate_left(64))
    }

    /// Sows the mover's pit `i` (which must hold seeds) under `rules`. Always inlined: the
    /// database build called it out of line (21 % of its instructions, about 55 a call).
    #[inline(always)]
    pub fn sow(self, rules: Rules, i: usize) -> Sown {
        let m = rules.pits;
        let cycle = 2 * m as u32 + 1;
        let k = self.mine(i);
        debug_assert!(k > 0 && i < m);
        let (laps, rest) = if k < cycle {
            (0, k)
        } else {
            (k / cycle, k % cycle)
        };
        let mut b = self.0 - ((k as u128) << (8 * i));
        if laps > 0 {
            let row = ones(m) as u128;
            b += (row | (row << 64)) * laps as u128;
        }
        b += SOW[m][i][rest as usize];
        let mut gain = laps + (rest as usize >= m - i) as u32;
        // Where the last seed falls: `(i + k) % cycle`, without the division (`i + rest` is
        // below two cycles).
        let last = i + rest as usize;
        let last = if last >= cycle as usize {
            last - cycle as usize
        } else {
            last
        };
        let mut captured = 0;
        if last == m {
            return Sown {
                board: Board(b),
                gain,
                extra_turn: true,
                captured,
            };
        }
        if last < m && (b >> (8 * last)) as u8 == 1 {
            let opposite = 64 + 8 * (m - 1 - last);
            let facing = (b >> opposite) as u8 as u32;
            if facing > 0 || rules.empty_capture {
                b &= !((0xffu128 << (8 * last)) | (0xffu128 << opposite));
                captured = facing + 1;
                gain += captured;
            }
        }
        Sown {
            board: Board(b.rotate_left(64)),
            gain,
            extra_turn: false,
            captured,
        }
    }

    /// The pits the mover may play (0-based), as a bit set.
    #[inline]
    pub fn legal(self, pits: usize) -> u32 {
        let mut set = 0;
        for i in 0..pits {
            if self.mine(i) > 0 {
                set |= 1 << i;
            }
        }
        set
    }

    /// Every legal move (0-based pit) with what it does, from the left.
    #[inline]
    pub fn moves(self, rules: Rules) -> impl Iterator<Item = (usize, Sown)> {
        let mut legal = self.legal(rules.pits);
        std::iter::from_fn(move || {
            (legal != 0).then(|| {
                let i = legal.trailing_zeros() as usize;
                legal &= legal - 1;
                (i, self.sow(rules, i))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_holds_every_seed() {
        let b = Board::start(6, 4);
        assert_eq!(b.seeds(), 48);
        assert_eq!(b.my_seeds(), 24);
        assert_eq!(b.flipped().flipped(), b);
    }
}
