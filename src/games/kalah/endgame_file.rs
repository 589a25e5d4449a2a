//! The endgame database's cache file: a header (format, rules, seeds), a checksum, then every
//! layer's bytes in order. Written straight from the layers and read straight into them: the
//! 25-seed database is 1.85 GB, and a copy of it in a buffer plus a checksum of one 8-byte word
//! at a time cost 7.9 s of a 333 s Kalah(6,5) solve (kalah-lookahead-43).
//!
//! The file lives under the user's cache directory (`$SENTE_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/sente`, else `~/.cache/sente`); a missing, truncated or corrupt file is not
//! read (the database is built again).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI8, Ordering};

use super::board::Rules;

const MAGIC: &[u8; 8] = b"SENTEKDB";
/// 3: the checksum of [`checksum`] (format 2 had one chain over 8-byte words, four times
/// slower); 2: the standard ending (either side empty ends the game; format 1 held values
/// under the old rule). Files of other formats have other names and are never read.
const FORMAT: u32 = 3;
/// Bytes read from the file per look at the stop flag.
const LOAD_CHUNK: usize = 16 << 20;

/// A layer's bytes as plain bytes.
fn bytes(layer: &[AtomicI8]) -> &[u8] {
    // SAFETY: `AtomicI8` has the size, alignment and bit validity of `u8`. The database's
    // bytes are written only while it is built, before any reference to a finished database
    // exists, so no atomic write races these reads.
    unsafe { std::slice::from_raw_parts(layer.as_ptr() as *const u8, layer.len()) }
}

/// A layer's bytes to fill, as plain bytes.
fn bytes_mut(layer: &mut [AtomicI8]) -> &mut [u8] {
    // SAFETY: as in `bytes`; the exclusive borrow rules out any other access meanwhile.
    unsafe { std::slice::from_raw_parts_mut(layer.as_mut_ptr() as *mut u8, layer.len()) }
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

/// One step of the checksum's mix (FNV-1a's multiplier, then a shift to spread the high bits).
#[inline(always)]
fn mix(h: u64, w: u64) -> u64 {
    let h = (h ^ w).wrapping_mul(0x0000_0100_0000_01b3);
    h ^ h >> 29
}

/// A 64-bit checksum of the layers' bytes: per layer, four independent chains over the 8-byte
/// words of each 32-byte block (the tail zero-padded), so that four multiplications run at
/// once, then the layer's length and chains mixed into the file's sum.
fn checksum<'a>(layers: impl IntoIterator<Item = &'a [u8]>) -> u64 {
    let mut sum: u64 = 0xcbf2_9ce4_8422_2325;
    for layer in layers {
        let mut lanes = [sum, sum ^ 1, sum ^ 2, sum ^ 3];
        let mut blocks = layer.chunks_exact(32);
        for block in &mut blocks {
            for (lane, word) in lanes.iter_mut().zip(block.chunks_exact(8)) {
                *lane = mix(*lane, u64::from_le_bytes(word.try_into().expect("8 bytes")));
            }
        }
        for (lane, word) in lanes.iter_mut().zip(blocks.remainder().chunks(8)) {
            let mut w = [0u8; 8];
            w[..word.len()].copy_from_slice(word);
            *lane = mix(*lane, u64::from_le_bytes(w));
        }
        sum = mix(sum, layer.len() as u64);
        for lane in lanes {
            sum = mix(sum, lane);
        }
    }
    sum
}

/// Writes the layers (the database of `rules` up to `max_seeds`) to `path`, through a file
/// beside it renamed at the end, so that a reader never sees half a file.
pub(super) fn save(
    path: &Path,
    rules: Rules,
    max_seeds: u32,
    layers: &[Box<[AtomicI8]>],
) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        f.write_all(&header(rules, max_seeds))?;
        f.write_all(&checksum(layers.iter().map(|l| bytes(l))).to_le_bytes())?;
        for layer in layers {
            f.write_all(bytes(layer))?;
        }
        f.flush()?;
    }
    std::fs::rename(&tmp, path)
}

/// The layers of the database of `rules` up to `max_seeds` (each `sizes` long) from `path`,
/// if the file is whole and its checksum holds. `None` too if `stop` was raised before it was
/// read (reading 2 GB takes a second or more).
pub(super) fn load(
    path: &Path,
    rules: Rules,
    max_seeds: u32,
    sizes: impl Iterator<Item = usize>,
    stop: &AtomicBool,
) -> Option<Vec<Box<[AtomicI8]>>> {
    let mut f = std::fs::File::open(path).ok()?;
    let sizes: Vec<usize> = sizes.collect();
    let want = header(rules, max_seeds);
    let mut head = vec![0u8; want.len() + 8];
    f.read_exact(&mut head).ok()?;
    let length = f.metadata().ok()?.len();
    if head[..want.len()] != want[..] || length != (head.len() + sizes.iter().sum::<usize>()) as u64
    {
        log::warn!("ignoring a bad endgame database file {}", path.display());
        return None;
    }
    let mut layers = Vec::new();
    for n in sizes {
        let mut layer =
            super::huge_pages::filled_vec_unless_stopped(n, |_| AtomicI8::new(0), stop)?
                .into_boxed_slice();
        for piece in bytes_mut(&mut layer).chunks_mut(LOAD_CHUNK) {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            f.read_exact(piece).ok()?;
        }
        layers.push(layer);
    }
    if head[want.len()..] != checksum(layers.iter().map(|l| bytes(l))).to_le_bytes() {
        log::warn!(
            "ignoring a corrupt endgame database file {}",
            path.display()
        );
        return None;
    }
    Some(layers)
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

/// Where the database of `rules` up to `max_seeds` is cached, if a cache directory is known.
pub(super) fn cache_path(rules: Rules, max_seeds: u32) -> Option<PathBuf> {
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

    fn layers(sizes: &[usize], seed: u8) -> Vec<Box<[AtomicI8]>> {
        sizes
            .iter()
            .enumerate()
            .map(|(l, &n)| {
                (0..n)
                    .map(|i| AtomicI8::new(((i as u8).wrapping_mul(31) ^ l as u8 ^ seed) as i8))
                    .collect()
            })
            .collect()
    }

    fn same(a: &[Box<[AtomicI8]>], b: &[Box<[AtomicI8]>]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| bytes(x) == bytes(y))
    }

    #[test]
    fn a_saved_database_loads_back_and_a_damaged_one_does_not() {
        let dir = std::env::temp_dir().join(format!("sente-kdb-{}", std::process::id()));
        let path = dir.join("test.db");
        let rules = Rules {
            pits: 3,
            empty_capture: false,
        };
        let sizes = [1, 6, 21, 56, 126, 1000, 40_001];
        let db = layers(&sizes, 0);
        let never = AtomicBool::new(false);
        save(&path, rules, 6, &db).expect("written");
        let back = load(&path, rules, 6, sizes.iter().copied(), &never).expect("read back");
        assert!(same(&db, &back));
        // Other rules, other seeds, a stop: not read.
        let other = Rules {
            empty_capture: true,
            ..rules
        };
        assert!(load(&path, other, 6, sizes.iter().copied(), &never).is_none());
        assert!(load(&path, rules, 5, sizes.iter().copied(), &never).is_none());
        assert!(load(
            &path,
            rules,
            6,
            sizes.iter().copied(),
            &AtomicBool::new(true)
        )
        .is_none());
        // One byte changed anywhere in the body, or the file cut short: not read.
        let good = std::fs::read(&path).expect("read");
        for at in [good.len() - 1, good.len() - 40_000, 45, 44] {
            let mut bad = good.clone();
            bad[at] ^= 4;
            std::fs::write(&path, &bad).expect("written");
            assert!(
                load(&path, rules, 6, sizes.iter().copied(), &never).is_none(),
                "{at}"
            );
        }
        std::fs::write(&path, &good[..good.len() - 1]).expect("written");
        assert!(load(&path, rules, 6, sizes.iter().copied(), &never).is_none());
        std::fs::remove_dir_all(&dir).expect("removed");
    }

    #[test]
    fn the_checksum_sees_every_byte_and_the_layer_boundaries() {
        let a = layers(&[5, 70], 0);
        let sum = |l: &[Box<[AtomicI8]>]| checksum(l.iter().map(|x| bytes(x)));
        let base = sum(&a);
        for (l, n) in [(0, 5), (1, 70)] {
            for i in 0..n {
                let b = layers(&[5, 70], 0);
                b[l][i].store(b[l][i].load(Ordering::Relaxed) ^ 1, Ordering::Relaxed);
                assert_ne!(sum(&b), base, "layer {l} byte {i}");
            }
        }
        // The same bytes cut into layers elsewhere.
        let all: Vec<u8> = a.iter().flat_map(|l| bytes(l).to_vec()).collect();
        let cut = [&all[..6], &all[6..]];
        assert_ne!(checksum(cut), base);
    }
}
