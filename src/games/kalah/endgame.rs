//! The endgame database: the exact value of every board with at most `max_seeds` seeds in play,
//! for one rule set, one byte per board.
//!
//! Boards with `s` seeds form layer `s`; a board's index in its layer is its rank among the
//! compositions of `s` into `2m` pits (lexicographic, computed with binomials). A move either
//! puts seeds into a store (the child lies in a lower layer, already complete) or keeps every
//! seed on the mover's side, moved towards the store: that strictly lowers the total distance of
//! the seeds to their side's store, so positions inside one layer never repeat, and a layer
//! built in order of that distance ([`super::layer_order`]) finds every child already known:
//! no retrograde bookkeeping and no recursion. Threads share each distance class.
//!
//! The database is an accelerator only: the solver is exact without it. It is built on demand,
//! shows its progress on stderr, and is cached on disk with a checksum ([`super::endgame_file`]);
//! a missing, truncated or corrupt file is rebuilt.

use std::sync::atomic::{AtomicBool, AtomicI8, AtomicUsize, Ordering};
use std::sync::Barrier;
use std::time::Instant;

use super::board::{Board, Rules, MAX_PITS};
use super::endgame_file::{self, cache_path};
use super::layer_order::{Halves, Piece};

/// Marks a board whose value is not known yet (values lie in `-127..=127`).
const UNKNOWN: i8 = i8::MIN;
/// The largest database we will build (values must fit an `i8`, sizes must stay sane).
pub const LIMIT: u32 = 40;
/// The largest database we will allocate.
const MAX_BYTES: usize = 4 << 30;

/// `BINOM[n][k]` for `n < 64`, `k <= 16` (saturating; only sane sizes are ever used).
static BINOM: [[u64; 17]; 64] = binom_table();

const fn binom_table() -> [[u64; 17]; 64] {
    let mut t = [[0u64; 17]; 64];
    let mut n = 0;
    while n < 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 16 && k <= n {
            t[n][k] = t[n - 1][k - 1].saturating_add(t[n - 1][k]);
            k += 1;
        }
        n += 1;
    }
    t
}

#[inline]
fn binom(n: usize, k: usize) -> u64 {
    BINOM[n][k]
}

/// `TERM[k][t]` = `C(t + k - 1, k)`: the boards of a layer that come before one whose last `k`
/// pits hold `t` seeds, counted for that suffix (see [`rank_in`]). Indexed by the suffix's
/// seeds directly, so that a rank's term is one load (`t < 64` for every database: at most 40
/// seeds; the entries past `BINOM`'s range are never read and left 0).
static TERM: [[u64; 64]; 16] = term_table();

const fn term_table() -> [[u64; 64]; 16] {
    let mut t = [[0u64; 64]; 16];
    let mut k = 1;
    while k < 16 {
        let mut s = 0;
        while s + k - 1 < 64 {
            t[k][s] = BINOM[s + k - 1][k];
            s += 1;
        }
        k += 1;
    }
    t
}

/// [`Endgame::rank`] for `m` pits a side: `C(s + 2m - 1, 2m - 1) - 1 - sum_k C(S_k + k - 1, k)`,
/// `S_k` the seeds in the board's last `k` pits (the other side's pits are the last `m`). The
/// suffix sums of each side come from one byte swap and one multiplication (lane `j` of
/// `(x.swap_bytes() >> 8 (8 - m)) * 0x0101..01` holds the seeds of that side's last `j + 1`
/// pits), and each term is one look-up in [`TERM`]. Against the binomials' indices computed
/// term by term, this took the 12-seed database build (one thread) from 5.11G instructions to
/// 3.65G (callgrind, the same file) and Kalah(6,3)'s solve (11-seed database, 1,888,100 nodes)
/// from 3.22G to 3.01G. Every lane's sum stays below 256 (at most 40 seeds, twice over in
/// `mine`), so no lane carries into the next.
#[inline(always)]
fn rank_in(b: Board, s: u32, m: usize) -> usize {
    const LANES: u64 = 0x0101_0101_0101_0101;
    let (lo, hi) = (b.0 as u64, (b.0 >> 64) as u64);
    let shift = 8 * (8 - m) as u32;
    let suffixes = |x: u64| (x.swap_bytes() >> shift).wrapping_mul(LANES);
    let lane = |x: u64, j: usize| (x >> (8 * j)) as u8 as usize & 63;
    let theirs = suffixes(hi);
    // The mover's suffixes come after all of the other side's seeds.
    let mine = suffixes(lo) + lane(theirs, m - 1) as u64 * LANES;
    let mut sum = 0u64;
    for j in 0..m {
        sum += TERM[(j + 1) & 15][lane(theirs, j)];
    }
    for j in 0..m - 1 {
        sum += TERM[(m + 1 + j) & 15][lane(mine, j)];
    }
    (binom(s as usize + 2 * m - 1, 2 * m - 1) - 1 - sum) as usize
}

/// Boards with exactly `s` seeds in `pits` pits.
fn layer_size(s: u32, pits: usize) -> usize {
    binom(s as usize + pits - 1, pits - 1) as usize
}

/// Boards whose children [`Endgame::fill_piece`] ranks and starts loading before it evaluates
/// the board at hand.
const LOOKAHEAD: usize = 8;

/// One board's children as [`Endgame::prepare`] found them: per child its byte, and its extra
/// turn and gain packed in a word.
#[derive(Clone, Copy)]
struct Prepared<'a> {
    /// The board needs its value from its children (the game was not over).
    pending: bool,
    n: usize,
    slots: [Option<&'a AtomicI8>; MAX_PITS],
    info: [u32; MAX_PITS],
}

impl Prepared<'_> {
    const EMPTY: Prepared<'static> = Prepared {
        pending: false,
        n: 0,
        slots: [None; MAX_PITS],
        info: [0; MAX_PITS],
    };
}

pub struct Endgame {
    rules: Rules,
    max_seeds: u32,
    layers: Vec<Box<[AtomicI8]>>,
}

impl Endgame {
    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Bytes the database for these sizes needs.
    pub fn size(pits_per_side: usize, max_seeds: u32) -> usize {
        (0..=max_seeds.min(LIMIT))
            .map(|s| layer_size(s, 2 * pits_per_side))
            .fold(0usize, usize::saturating_add)
    }

    /// The board's index within layer `s`: its rank among the compositions of `s` into the
    /// `2m` pits in lexicographic order (mover's pits first). That rank is the layer's size, less
    /// one, less the sum over `k` of `C(S_k + k - 1, k)`, `S_k` the seeds in the last `k` pits
    /// (the lexicographic sum of differences, telescoped by Pascal's rule). See [`rank_in`].
    #[inline]
    fn rank(&self, b: Board, s: u32) -> usize {
        // Six pits a side get their own copy, its loops unrolled.
        match self.rules.pits {
            6 => rank_in(b, s, 6),
            m => rank_in(b, s, m),
        }
    }

    /// The exact value of `b` for the side to move (seeds they will still take minus seeds the
    /// other side will), if the database covers it.
    #[inline]
    pub fn value(&self, b: Board) -> Option<i32> {
        let s = b.seeds();
        (s <= self.max_seeds)
            .then(|| self.layers[s as usize][self.rank(b, s)].load(Ordering::Relaxed) as i32)
    }

    /// `b`'s byte (`b` holds `s` seeds), if the database covers it: the solver ranks a child
    /// once, starts its load, and reads it after its siblings' loads have started too.
    #[inline]
    pub fn slot(&self, b: Board, s: u32) -> Option<&AtomicI8> {
        (s <= self.max_seeds).then(|| &self.layers[s as usize][self.rank(b, s)])
    }

    /// Loads the cached database or builds it. `None` if `stop` was set first. A database just
    /// built comes with `true`: it is not cached yet (see [`Endgame::cache`]), so that the
    /// caller can write it while the CPUs have other work.
    pub fn load_or_build(
        rules: Rules,
        max_seeds: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Option<(Endgame, bool)> {
        let max_seeds = max_seeds.min(LIMIT);
        let start = Instant::now();
        if let Some(p) = cache_path(rules, max_seeds) {
            if let Some(db) = Self::load(&p, rules, max_seeds, stop) {
                log::info!(
                    "kalah endgame database loaded from {} in {:.1} s",
                    p.display(),
                    start.elapsed().as_secs_f64()
                );
                return Some((db, false));
            }
        }
        Some((Self::build(rules, max_seeds, threads, stop)?, true))
    }

    /// Writes the database to the user's cache directory (errors are logged: the cache only
    /// saves a later build).
    pub fn cache(&self) {
        let Some(p) = cache_path(self.rules, self.max_seeds) else {
            return;
        };
        let start = Instant::now();
        match self.save(&p) {
            Ok(()) => log::info!(
                "kalah endgame database cached in {} in {:.1} s",
                p.display(),
                start.elapsed().as_secs_f64()
            ),
            Err(e) => log::warn!("cannot cache the endgame database in {}: {e}", p.display()),
        }
    }

    /// Writes the database to the cache on a thread of the lowest priority, which the caller
    /// joins when its own work is done: the write (1.85 GB at 25 seeds, 4.3-4.7 s of one core,
    /// mostly the kernel's copy into the page cache) then takes the time the search leaves,
    /// such as its first guess's, which runs on one thread. At normal priority beside the
    /// search it took the search's CPU instead (kalah-lookahead-43: 332.1 s against 333.2 s).
    pub fn cache_in_background(db: std::sync::Arc<Endgame>) -> std::thread::JoinHandle<()> {
        std::thread::Builder::new()
            .name("kalah-cache".into())
            .spawn(move || {
                lowest_priority();
                db.cache();
            })
            .expect("spawn the cache writer")
    }

    /// The cached database, if a good one is on disk (never builds). `None` too if `stop` was
    /// set before it was read (reading a GB takes a second or two).
    pub fn load_cached(rules: Rules, max_seeds: u32, stop: &AtomicBool) -> Option<Endgame> {
        let max_seeds = max_seeds.min(LIMIT);
        Self::load(&cache_path(rules, max_seeds)?, rules, max_seeds, stop)
    }

    /// Builds the database in memory. `None` if `stop` was set first.
    pub fn build(
        rules: Rules,
        max_seeds: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Option<Endgame> {
        let max_seeds = max_seeds.min(LIMIT);
        let pits = 2 * rules.pits;
        let total = Self::size(rules.pits, max_seeds);
        if total > MAX_BYTES {
            log::warn!("an endgame database of {total} bytes is too large: not built");
            return None;
        }
        let show = total >= 4_000_000;
        let start = Instant::now();
        let mut db = Endgame {
            rules,
            max_seeds: 0,
            layers: Vec::new(),
        };
        let halves = Halves::new(rules.pits, max_seeds);
        let mut done = 0usize;
        for s in 0..=max_seeds {
            let n = layer_size(s, pits);
            db.layers.push(
                super::huge_pages::filled_vec(n, |_| AtomicI8::new(UNKNOWN)).into_boxed_slice(),
            );
            db.max_seeds = s;
            db.fill_layer(&halves, s, threads, stop);
            if stop.load(Ordering::Relaxed) {
                if show {
                    eprintln!();
                }
                return None;
            }
            done += n;
            if show {
                eprint!(
                    "\rkalah endgame database ({} pits, empty_capture {}): {} of {} seeds, {:>3}%, {:.1} s",
                    rules.pits,
                    if rules.empty_capture { "on" } else { "off" },
                    s,
                    max_seeds,
                    done * 100 / total,
                    start.elapsed().as_secs_f64()
                );
            }
        }
        if show {
            eprintln!();
        }
        log::info!(
            "kalah endgame database ({} pits, up to {max_seeds} seeds) built in {:.1} s",
            rules.pits,
            start.elapsed().as_secs_f64()
        );
        Some(db)
    }

    /// Evaluates every board of layer `s` (the last one pushed), distance class by class
    /// ([`super::layer_order`]), the classes' pieces shared by `threads` threads, which wait for
    /// each other between classes: a class reads the lower ones. A raised `stop` ends the
    /// layer within a piece per thread, leaving it incomplete.
    fn fill_layer(&self, halves: &Halves, s: u32, threads: usize, stop: &AtomicBool) {
        let classes: Vec<Vec<Piece>> = halves.classes(s).map(|d| halves.pieces(s, d)).collect();
        let taken: Vec<AtomicUsize> = classes.iter().map(|_| AtomicUsize::new(0)).collect();
        let threads = threads.max(1);
        let barrier = Barrier::new(threads);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let (classes, taken, barrier) = (&classes, &taken, &barrier);
                scope.spawn(move || {
                    for (pieces, taken) in classes.iter().zip(taken) {
                        loop {
                            let i = taken.fetch_add(1, Ordering::Relaxed);
                            if i >= pieces.len() || stop.load(Ordering::Relaxed) {
                                break;
                            }
                            self.fill_piece(halves, s, &pieces[i]);
                        }
                        barrier.wait();
                    }
                });
            }
        });
    }

    /// Evaluates the boards of one piece of layer `s`: each mover's half `a` of the piece with
    /// every other half of the class. The children of the board [`LOOKAHEAD`] boards ahead are
    /// ranked and their loads started before the board at hand reads its own: the build waits
    /// on these random look-ups (hundreds of MB), and one board's half a dozen misses alone do
    /// not keep the memory busy.
    fn fill_piece(&self, halves: &Halves, s: u32, piece: &Piece) {
        let theirs = halves.of(s - piece.mine, piece.theirs_distance);
        // The lowest rank with `a` as the mover's half is that of the other half's
        // lexicographically first board, all its seeds in the last pit (other half's rank 0);
        // the other halves follow in their order.
        let last = 64 + 8 * (self.rules.pits - 1);
        let first_other = ((s - piece.mine) as u128) << last;
        let layer = &self.layers[s as usize];
        let boards = halves.of(piece.mine, piece.mine_distance)[piece.a.clone()]
            .iter()
            .flat_map(|&(a, _)| {
                let base = self.rank(Board(a as u128 | first_other), s);
                theirs
                    .iter()
                    .map(move |&(b, r)| (Board(a as u128 | (b as u128) << 64), base + r as usize))
            });
        let mut ring = [(Board(0), 0usize, Prepared::EMPTY); LOOKAHEAD];
        let mut count = 0;
        for (b, rank) in boards {
            debug_assert_eq!(rank, self.rank(b, s));
            let at = count % LOOKAHEAD;
            if count >= LOOKAHEAD {
                let (old, old_rank, p) = ring[at];
                self.settle(old, &layer[old_rank], &p);
            }
            ring[at] = (b, rank, self.prepare(b, s, &layer[rank]));
            count += 1;
        }
        for i in count.saturating_sub(LOOKAHEAD)..count {
            let (old, old_rank, p) = ring[i % LOOKAHEAD];
            self.settle(old, &layer[old_rank], &p);
        }
    }

    /// `b`'s children (`b` in layer `s`, the one being built, its byte `slot`), ranked and
    /// their loads started, and `slot`'s load too (the board's byte is written a few boards
    /// later); nothing to do (`pending` false) if the game is over, whose value is then stored.
    #[inline(always)]
    fn prepare<'a>(&'a self, b: Board, s: u32, slot: &AtomicI8) -> Prepared<'a> {
        let mut p = Prepared::EMPTY;
        if b.is_over() {
            slot.store(b.final_value() as i8, Ordering::Relaxed);
            return p;
        }
        crate::search::prefetch::prefetch(slot);
        let mut legal = b.legal(self.rules.pits);
        while legal != 0 {
            let i = legal.trailing_zeros();
            legal &= legal - 1;
            let c = b.sow(self.rules, i as usize);
            let cs = s - c.gain;
            let child = &self.layers[cs as usize][self.rank(c.board, cs)];
            crate::search::prefetch::prefetch(child);
            p.slots[p.n] = Some(child);
            p.info[p.n] = (c.extra_turn as u32) << 4 | c.gain << 8;
            p.n += 1;
        }
        p.pending = true;
        p
    }

    /// Stores the value of `b` from its children as [`Endgame::prepare`] found them, all known:
    /// those in lower layers are complete, and those in `b`'s layer lie in lower distance
    /// classes.
    #[inline(always)]
    fn settle(&self, b: Board, slot: &AtomicI8, p: &Prepared) {
        if !p.pending {
            return;
        }
        let mut best = i32::MIN;
        for (child, &info) in p.slots[..p.n].iter().zip(&p.info[..p.n]) {
            let v = child.expect("filled by prepare").load(Ordering::Relaxed) as i32;
            debug_assert_ne!(v, UNKNOWN as i32, "{b:?}: a child is not known yet");
            let gain = (info >> 8) as i32;
            best = best.max(gain + if info & 16 != 0 { v } else { -v });
        }
        slot.store(best as i8, Ordering::Relaxed);
    }

    fn load(
        path: &std::path::Path,
        rules: Rules,
        max_seeds: u32,
        stop: &AtomicBool,
    ) -> Option<Endgame> {
        let sizes = (0..=max_seeds).map(|s| layer_size(s, 2 * rules.pits));
        let layers = endgame_file::load(path, rules, max_seeds, sizes, stop)?;
        Some(Endgame {
            rules,
            max_seeds,
            layers,
        })
    }

    fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        endgame_file::save(path, self.rules, self.max_seeds, &self.layers)
    }
}

/// Gives the calling thread the lowest scheduling priority (nice 19): on Linux the nice value
/// belongs to the thread, so the others keep theirs. Elsewhere nothing changes.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid has no preconditions; setpriority only changes the scheduling priority of
    // the calling thread (its own id), and a failure leaves it as it was.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 19);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rank by its definition: the compositions of the same seeds into the same pits that
    /// come first in lexicographic order, counted pit by pit.
    fn rank_by_counting(counts: &[u32]) -> usize {
        let n = counts.len();
        let mut rem: u32 = counts.iter().sum();
        let mut r = 0;
        for (i, &c) in counts.iter().enumerate().take(n - 1) {
            for x in 0..c {
                // The pits after `i` share what is left after `x` seeds here.
                r += binom((rem - x) as usize + n - i - 2, n - i - 2) as usize;
            }
            rem -= c;
        }
        r
    }

    fn db(pits: usize) -> Endgame {
        Endgame {
            rules: Rules {
                pits,
                empty_capture: false,
            },
            max_seeds: 0,
            layers: Vec::new(),
        }
    }

    /// Every board of a layer, in lexicographic order.
    fn layer(pits: usize, s: u32) -> Vec<Vec<u32>> {
        fn rest(c: &mut Vec<u32>, n: usize, rem: u32, out: &mut Vec<Vec<u32>>) {
            if c.len() == n - 1 {
                c.push(rem);
                out.push(c.clone());
                c.pop();
                return;
            }
            for x in 0..=rem {
                c.push(x);
                rest(c, n, rem - x, out);
                c.pop();
            }
        }
        let mut out = Vec::new();
        rest(&mut Vec::new(), 2 * pits, s, &mut out);
        out
    }

    #[test]
    fn ranks_number_each_layer_in_lexicographic_order() {
        for (pits, most) in [
            (1, 12),
            (2, 10),
            (3, 8),
            (4, 6),
            (5, 5),
            (6, 6),
            (7, 3),
            (8, 3),
        ] {
            let d = db(pits);
            for s in 0..=most {
                let boards = layer(pits, s);
                assert_eq!(boards.len(), layer_size(s, 2 * pits));
                for (i, c) in boards.iter().enumerate() {
                    let b = Board::from_pits(&c[..pits], &c[pits..]);
                    assert_eq!(d.rank(b, s), i, "{pits} pits, {c:?}");
                }
            }
        }
    }

    #[test]
    fn a_raised_stop_ends_a_layer_of_the_build_before_it_evaluates_it() {
        let rules = Rules {
            pits: 3,
            empty_capture: false,
        };
        let never = AtomicBool::new(false);
        let mut db = Endgame::build(rules, 9, 1, &never).expect("not stopped");
        let halves = Halves::new(3, 10);
        let unknown = |db: &Endgame| {
            db.layers[10]
                .iter()
                .filter(|v| v.load(Ordering::Relaxed) == UNKNOWN)
                .count()
        };
        db.layers.push(
            (0..layer_size(10, 6))
                .map(|_| AtomicI8::new(UNKNOWN))
                .collect(),
        );
        db.max_seeds = 10;
        db.fill_layer(&halves, 10, 2, &AtomicBool::new(true));
        assert_eq!(unknown(&db), layer_size(10, 6));
        db.fill_layer(&halves, 10, 2, &never);
        assert_eq!(unknown(&db), 0);
        // The same bytes as the whole build's.
        let whole = Endgame::build(rules, 10, 2, &never).expect("not stopped");
        assert!(db.layers[10]
            .iter()
            .zip(&*whole.layers[10])
            .all(|(x, y)| x.load(Ordering::Relaxed) == y.load(Ordering::Relaxed)));
    }

    #[test]
    fn ranks_of_full_boards_match_counting() {
        // Up to 40 seeds (the largest database), spread at random or all in two pits.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for pits in [4, 5, 6, 8] {
            let d = db(pits);
            let n = 2 * pits as u64;
            for trial in 0..3000 {
                let s = (next() % 41) as u32;
                let (a, b) = (next() % n, next() % n);
                let mut c = vec![0u32; 2 * pits];
                for _ in 0..s {
                    let pit = match trial % 2 {
                        0 => next() % n,
                        _ if next() % 2 == 0 => a,
                        _ => b,
                    };
                    c[pit as usize] += 1;
                }
                let board = Board::from_pits(&c[..pits], &c[pits..]);
                assert_eq!(d.rank(board, s), rank_by_counting(&c), "{pits} pits, {c:?}");
            }
        }
    }
}
