//! The endgame database: the exact value of every board with at most `max_seeds` seeds in play,
//! for one rule set, one byte per board.
//!
//! Boards with `s` seeds form layer `s`; a board's index in its layer is its rank among the
//! compositions of `s` into `2m` pits (lexicographic, computed with binomials). A move either
//! puts seeds into a store (the child lies in a lower layer, already complete) or keeps every
//! seed on the mover's side, moved towards the store: that strictly lowers the total distance of
//! the seeds to their side's store, so positions inside one layer never repeat and a memoised
//! depth-first evaluation builds a layer without any retrograde bookkeeping. Threads share the
//! layer being built; two threads computing the same board write the same byte.
//!
//! The database is an accelerator only: the solver is exact without it. It is built on demand,
//! shows its progress on stderr, and is cached under the user's cache directory
//! (`$SENTE_CACHE_DIR`, else `$XDG_CACHE_HOME/sente`, else `~/.cache/sente`) with a checksum; a
//! missing, truncated or corrupt file is rebuilt.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicUsize, Ordering};
use std::time::Instant;

use super::board::{Board, Rules, MAX_PITS};

/// Marks a board whose value is not known yet (values lie in `-127..=127`).
const UNKNOWN: i8 = i8::MIN;
/// The largest database we will build (values must fit an `i8`, sizes must stay sane).
pub const LIMIT: u32 = 40;
/// The largest database we will allocate.
const MAX_BYTES: usize = 4 << 30;
const MAGIC: &[u8; 8] = b"SENTEKDB";
/// Bytes read from the cache file per look at the stop flag.
const LOAD_CHUNK: u64 = 16 << 20;
/// 2: the standard ending (either side empty ends the game); files of format 1 hold values
/// under the old rule (only the mover's side empty) and are never read.
const FORMAT: u32 = 2;

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

/// The board after `b` in its layer's rank order (`m` pits a side; `b` is not the layer's last
/// board). The pits in rank order are the mover's, then the other side's, bytes `0..m` and
/// `8..8 + m`. The successor of a composition moves one seed from its last non-empty pit `t`
/// into the pit before it, and the rest of `t` into the last pit. Against enumerating the
/// compositions recursively and packing each board from 12 counts (`fill_rest`, about 340
/// instructions a board), this is a dozen.
#[inline(always)]
fn next_in_layer(b: u128, m: usize) -> u128 {
    let last = 8 * (8 + m - 1);
    let t = (127 - b.leading_zeros()) & !7;
    let before = if t == 64 { 8 * (m - 1) as u32 } else { t - 8 };
    let c = (b >> t) as u8 as u128;
    (b & !(0xff << t)) + (1 << before) + ((c - 1) << last)
}

/// Boards [`Endgame::fill_from`] evaluates between two looks at the stop flag (some
/// milliseconds' work).
const STOP_EVERY: usize = 1 << 16;

/// Boards whose children [`Endgame::fill_from`] ranks and starts loading before it evaluates
/// the board at hand.
const LOOKAHEAD: usize = 8;

/// One board's children as [`Endgame::prepare`] found them: per child its byte, and its pit,
/// extra turn and gain packed in a word.
#[derive(Clone, Copy)]
struct Prepared<'a> {
    /// The board still needs its value (it was neither known nor a finished game).
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

    /// Loads the cached database or builds it (and caches it). `None` if `stop` was set first.
    pub fn load_or_build(
        rules: Rules,
        max_seeds: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Option<Endgame> {
        let max_seeds = max_seeds.min(LIMIT);
        let path = cache_path(rules, max_seeds);
        if let Some(db) = path
            .as_ref()
            .and_then(|p| Self::load(p, rules, max_seeds, stop))
        {
            log::info!(
                "kalah endgame database loaded from {}",
                path.unwrap().display()
            );
            return Some(db);
        }
        let db = Self::build(rules, max_seeds, threads, stop)?;
        if let Some(p) = path {
            match db.save(&p) {
                Ok(()) => log::info!("kalah endgame database cached in {}", p.display()),
                Err(e) => log::warn!("cannot cache the endgame database in {}: {e}", p.display()),
            }
        }
        Some(db)
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
        let mut done = 0usize;
        for s in 0..=max_seeds {
            let n = layer_size(s, pits);
            db.layers.push(
                super::huge_pages::filled_vec(n, |_| AtomicI8::new(UNKNOWN)).into_boxed_slice(),
            );
            db.max_seeds = s;
            let next_first = AtomicUsize::new(0);
            std::thread::scope(|scope| {
                for _ in 0..threads.max(1) {
                    let db = &db;
                    let next_first = &next_first;
                    std::thread::Builder::new()
                        .stack_size(32 << 20)
                        .spawn_scoped(scope, move || loop {
                            let first = next_first.fetch_add(1, Ordering::Relaxed);
                            if first > s as usize || stop.load(Ordering::Relaxed) {
                                break;
                            }
                            db.fill_from(first as u32, s, stop);
                        })
                        .expect("spawn a database thread");
                }
            });
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

    /// Evaluates every board of layer `s` whose first pit holds `first` seeds: one run of ranks,
    /// walked in rank (lexicographic) order by stepping the board itself to its successor (see
    /// [`next_in_layer`]). The children of the board [`LOOKAHEAD`] ranks ahead are ranked and
    /// their loads started before the board at hand reads its own: at 21-23 seeds the build
    /// waits on these random look-ups (hundreds of MB), and one board's half a dozen misses
    /// alone did not keep the memory busy. A raised `stop` ends the run within [`STOP_EVERY`]
    /// boards (a run is up to a third of a layer: at 25 seeds, tens of seconds of one thread).
    fn fill_from(&self, first: u32, s: u32, stop: &AtomicBool) {
        let m = self.rules.pits;
        let q = 2 * m - 1;
        // The run starts at the smallest board with `first` seeds in the first pit: the rest in
        // the last pit.
        let start = (binom(s as usize + q, q) - binom((s - first) as usize + q, q)) as usize;
        let end = start + binom((s - first) as usize + q - 1, q - 1) as usize;
        let mut b = Board::from_pits(&[first], &[]).0 | ((s - first) as u128) << (64 + 8 * (m - 1));
        let layer = &self.layers[s as usize];
        let mut ring = [Prepared::EMPTY; LOOKAHEAD];
        // `ahead` is the board `LOOKAHEAD` ranks past the one evaluated (while in the run).
        let mut ahead = b;
        for (rank, p) in (start..end).zip(ring.iter_mut()) {
            *p = self.prepare(Board(ahead), s, &layer[rank]);
            if rank + 1 < end {
                ahead = next_in_layer(ahead, m);
            }
        }
        for rank in start..end {
            if rank % STOP_EVERY == 0 && stop.load(Ordering::Relaxed) {
                return;
            }
            debug_assert_eq!(rank, self.rank(Board(b), s));
            let at = (rank - start) % LOOKAHEAD;
            let here = ring[at];
            if rank + LOOKAHEAD < end {
                ring[at] = self.prepare(Board(ahead), s, &layer[rank + LOOKAHEAD]);
                if rank + LOOKAHEAD + 1 < end {
                    ahead = next_in_layer(ahead, m);
                }
            }
            let slot = &layer[rank];
            if here.pending && slot.load(Ordering::Relaxed) == UNKNOWN {
                let v = self.finish(Board(b), s, &here);
                slot.store(v as i8, Ordering::Relaxed);
            }
            if rank + 1 < end {
                b = next_in_layer(b, m);
            }
        }
    }

    /// `b`'s children (`b` in layer `s`, the one being built, its byte `slot`), ranked and
    /// their loads started; nothing to do (`pending` false) if `b` is known or the game is over
    /// (whose value is then stored).
    #[inline(always)]
    fn prepare<'a>(&'a self, b: Board, s: u32, slot: &AtomicI8) -> Prepared<'a> {
        let mut p = Prepared::EMPTY;
        if slot.load(Ordering::Relaxed) != UNKNOWN {
            return p;
        }
        if b.is_over() {
            slot.store(b.final_value() as i8, Ordering::Relaxed);
            return p;
        }
        let mut legal = b.legal(self.rules.pits);
        while legal != 0 {
            let i = legal.trailing_zeros();
            legal &= legal - 1;
            let c = b.sow(self.rules, i as usize);
            let cs = s - c.gain;
            let child = &self.layers[cs as usize][self.rank(c.board, cs)];
            crate::search::prefetch::prefetch(child);
            p.slots[p.n] = Some(child);
            p.info[p.n] = i | (c.extra_turn as u32) << 4 | c.gain << 8;
            p.n += 1;
        }
        p.pending = true;
        p
    }

    /// The value of `b` (in layer `s`) from its children as [`Endgame::prepare`] found them:
    /// those in lower layers are known; one in this layer is read, or evaluated depth first
    /// when not known yet (sown again then: no board is kept, so that the recursive frame
    /// stays small).
    #[inline(always)]
    fn finish(&self, b: Board, s: u32, p: &Prepared) -> i32 {
        let mut best = i32::MIN;
        for (slot, &info) in p.slots[..p.n].iter().zip(&p.info[..p.n]) {
            let slot = slot.expect("filled by prepare");
            let gain = (info >> 8) as i32;
            let mut v = slot.load(Ordering::Relaxed) as i32;
            if gain == 0 && v == UNKNOWN as i32 {
                let child = b.sow(self.rules, (info & 15) as usize).board;
                v = self.evaluate_at(child, s, slot);
            }
            best = best.max(gain + if info & 16 != 0 { v } else { -v });
        }
        best
    }

    /// The value of `b` (in layer `s`, the one being built), whose byte is `slot`, computing
    /// it if needed: every child is ranked and its load started with its siblings' (so that
    /// their cache misses overlap) before any is read. With the boards' own ranks counted
    /// instead of computed, this took the 18-seed database (86M boards, 2 threads) from 31-35 s
    /// of CPU to 23-25 s (two runs each, load 5-8).
    fn evaluate_at(&self, b: Board, s: u32, slot: &AtomicI8) -> i32 {
        let known = slot.load(Ordering::Relaxed);
        if known != UNKNOWN {
            return known as i32;
        }
        let p = self.prepare(b, s, slot);
        if !p.pending {
            // The game is over: `prepare` stored its value.
            return slot.load(Ordering::Relaxed) as i32;
        }
        let value = self.finish(b, s, &p);
        slot.store(value as i8, Ordering::Relaxed);
        value
    }

    fn load(path: &PathBuf, rules: Rules, max_seeds: u32, stop: &AtomicBool) -> Option<Endgame> {
        let mut f = std::fs::File::open(path).ok()?;
        let mut bytes = Vec::new();
        // In pieces, so that a raised `stop` is seen within a few milliseconds.
        while (&mut f).take(LOAD_CHUNK).read_to_end(&mut bytes).ok()? > 0 {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
        }
        let header = header(rules, max_seeds);
        let body = bytes.get(header.len() + 8..)?;
        if bytes[..header.len()] != header[..]
            || body.len() != Self::size(rules.pits, max_seeds)
            || bytes[header.len()..header.len() + 8] != checksum(body).to_le_bytes()
        {
            log::warn!("ignoring a bad endgame database file {}", path.display());
            return None;
        }
        let mut layers = Vec::new();
        let mut at = 0;
        for s in 0..=max_seeds {
            let n = layer_size(s, 2 * rules.pits);
            let layer = &body[at..at + n];
            layers.push(
                super::huge_pages::filled_vec_unless_stopped(
                    n,
                    |i| AtomicI8::new(layer[i] as i8),
                    stop,
                )?
                .into_boxed_slice(),
            );
            at += n;
        }
        Some(Endgame {
            rules,
            max_seeds,
            layers,
        })
    }

    fn save(&self, path: &PathBuf) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let body: Vec<u8> = self
            .layers
            .iter()
            .flat_map(|l| l.iter().map(|v| v.load(Ordering::Relaxed) as u8))
            .collect();
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        {
            let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
            f.write_all(&header(self.rules, self.max_seeds))?;
            f.write_all(&checksum(&body).to_le_bytes())?;
            f.write_all(&body)?;
            f.flush()?;
        }
        std::fs::rename(&tmp, path)
    }
}

fn header(rules: Rules, max_seeds: u32) -> Vec<u8> {
    let mut h = MAGIC.to_vec();
    for x in [
        FORMAT,
        rules.pits as u32,
        rules.empty_capture as u32,
        max_seeds,
    ] {
        h.extend_from_slice(&x.to_le_bytes());
    }
    h
}

/// A 64-bit checksum of the body (FNV-1a over 8-byte words, then mixed).
fn checksum(body: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for chunk in body.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h ^= u64::from_le_bytes(w);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

/// The user cache directory for databases, if one can be found.
pub fn cache_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    env("SENTE_CACHE_DIR")
        .or_else(|| env("XDG_CACHE_HOME").map(|p| p.join("sente")))
        .or_else(|| env("HOME").map(|p| p.join(".cache").join("sente")))
}

fn cache_path(rules: Rules, max_seeds: u32) -> Option<PathBuf> {
    cache_dir().map(|d| {
        d.join(format!(
            "kalah-v{FORMAT}-{}pits-{}-{}seeds.db",
            rules.pits,
            if rules.empty_capture {
                "emptycapture"
            } else {
                "standard"
            },
            max_seeds
        ))
    })
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
    fn stepping_a_board_walks_its_layer_in_rank_order() {
        for (pits, most) in [(1, 9), (2, 8), (3, 7), (6, 5), (8, 3)] {
            let d = db(pits);
            for s in 1..=most {
                let boards = layer(pits, s);
                let mut b = Board::from_pits(&boards[0][..pits], &boards[0][pits..]).0;
                for (i, c) in boards.iter().enumerate().skip(1) {
                    b = next_in_layer(b, pits);
                    assert_eq!(b, Board::from_pits(&c[..pits], &c[pits..]).0, "{c:?}");
                    assert_eq!(d.rank(Board(b), s), i);
                }
            }
        }
    }

    #[test]
    fn a_raised_stop_ends_a_run_of_the_build_before_it_evaluates_it() {
        let rules = Rules {
            pits: 3,
            empty_capture: false,
        };
        let never = AtomicBool::new(false);
        let mut db = Endgame::build(rules, 9, 1, &never).expect("not stopped");
        let n = layer_size(10, 6);
        db.layers
            .push((0..n).map(|_| AtomicI8::new(UNKNOWN)).collect());
        db.max_seeds = 10;
        // The run of boards whose first pit is empty: ranks 0 .. C(14, 4).
        let run = binom(14, 4) as usize;
        let known = |db: &Endgame| {
            db.layers[10][..run]
                .iter()
                .filter(|v| v.load(Ordering::Relaxed) != UNKNOWN)
                .count()
        };
        db.fill_from(0, 10, &AtomicBool::new(true));
        // Only finished games met while looking ahead may have been written.
        assert!(known(&db) <= LOOKAHEAD, "{}", known(&db));
        db.fill_from(0, 10, &never);
        assert_eq!(known(&db), run);
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
