//! The pattern-weight file: our own data, made by `sente tune hex-patterns` from games played
//! here, embedded in the binary. A small binary file with a header that names the format and
//! the game and carries a checksum of the rest, so a damaged or truncated file is refused (and
//! a test fails) instead of steering the search with garbage.
//!
//! Layout (little-endian): `SENTEPAT` · format u16 (1) · game tag 8 bytes (`hex` and zeros) ·
//! payload length u32 · FNV-1a 64 of the payload · payload. Payload: the number of local
//! features u32 and their gammas f32; the unknown pattern's gamma f32; the number of patterns
//! u32, their keys u32 (ascending) and their gammas f32.

use std::sync::OnceLock;

use super::keys::LOCAL_FEATURES;
use crate::util::fnv::fnv1a;

const MAGIC: &[u8; 8] = b"SENTEPAT";
const FORMAT: u16 = 1;
const GAME: &[u8; 8] = b"hex\0\0\0\0\0";
const HEADER: usize = 8 + 2 + 8 + 4 + 8;

/// The weights the binary ships with (`data/hex/patterns.bin`).
static EMBEDDED: &[u8] = include_bytes!("../../../../data/hex/patterns.bin");

/// Learned gammas: one per pattern key (12-cell keys, and 6-cell keys flagged `RING_ONLY` for
/// the 12-cell patterns too rare to learn), one for patterns in neither, one per local feature.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternWeights {
    pub local: Vec<f32>,
    pub unknown: f32,
    /// (key, gamma), keys ascending.
    pub patterns: Vec<(u32, f32)>,
}

/// Reads little-endian numbers off a byte slice, failing at its end.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], String> {
        if self.0.len() < N {
            return Err("the file ends early".into());
        }
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        Ok(head.try_into().expect("N bytes"))
    }
    fn u32(&mut self) -> Result<u32, String> {
        self.take().map(u32::from_le_bytes)
    }
    fn f32(&mut self) -> Result<f32, String> {
        let g = f32::from_le_bytes(self.take()?);
        if g.is_finite() && g > 0.0 {
            Ok(g)
        } else {
            Err(format!("a gamma of {g}"))
        }
    }
}

impl PatternWeights {
    /// The strength of a candidate with these keys and local feature.
    pub fn gamma(&self, key12: u32, key6: u32, local: usize) -> f32 {
        self.pattern(key12, key6) * self.local.get(local).copied().unwrap_or(1.0)
    }

    /// The gamma of the 12-cell pattern, else of its 6-cell ring, else the unknown one's.
    pub fn pattern(&self, key12: u32, key6: u32) -> f32 {
        let find = |k: u32| {
            self.patterns
                .binary_search_by_key(&k, |&(key, _)| key)
                .ok()
                .map(|i| self.patterns[i].1)
        };
        find(key12).or_else(|| find(key6)).unwrap_or(self.unknown)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::new();
        payload.extend((self.local.len() as u32).to_le_bytes());
        self.local
            .iter()
            .for_each(|g| payload.extend(g.to_le_bytes()));
        payload.extend(self.unknown.to_le_bytes());
        payload.extend((self.patterns.len() as u32).to_le_bytes());
        self.patterns
            .iter()
            .for_each(|(k, _)| payload.extend(k.to_le_bytes()));
        self.patterns
            .iter()
            .for_each(|(_, g)| payload.extend(g.to_le_bytes()));
        let mut out = Vec::with_capacity(HEADER + payload.len());
        out.extend(MAGIC);
        out.extend(FORMAT.to_le_bytes());
        out.extend(GAME);
        out.extend((payload.len() as u32).to_le_bytes());
        out.extend(fnv1a(&payload).to_le_bytes());
        out.extend(payload);
        out
    }

    /// Reads a weight file, checking its header, length and checksum.
    pub fn parse(bytes: &[u8]) -> Result<PatternWeights, String> {
        let mut r = Reader(bytes);
        if &r.take::<8>()? != MAGIC {
            return Err("not a pattern-weight file".into());
        }
        let format = u16::from_le_bytes(r.take()?);
        if format != FORMAT {
            return Err(format!("format {format}, expected {FORMAT}"));
        }
        if &r.take::<8>()? != GAME {
            return Err("weights of another game".into());
        }
        let len = r.u32()? as usize;
        let sum = u64::from_le_bytes(r.take()?);
        if r.0.len() != len {
            return Err(format!("{} payload bytes, expected {len}", r.0.len()));
        }
        if fnv1a(r.0) != sum {
            return Err("checksum mismatch".into());
        }
        let n_local = r.u32()? as usize;
        if n_local != LOCAL_FEATURES {
            return Err(format!(
                "{n_local} local features, expected {LOCAL_FEATURES}"
            ));
        }
        let local = (0..n_local).map(|_| r.f32()).collect::<Result<_, _>>()?;
        let unknown = r.f32()?;
        let n = r.u32()? as usize;
        if r.0.len() != n * 8 {
            return Err(format!("{n} patterns do not fill the payload"));
        }
        let keys: Vec<u32> = (0..n).map(|_| r.u32()).collect::<Result<_, _>>()?;
        if keys.windows(2).any(|w| w[0] >= w[1]) {
            return Err("pattern keys out of order".into());
        }
        let gammas: Vec<f32> = (0..n).map(|_| r.f32()).collect::<Result<_, _>>()?;
        Ok(PatternWeights {
            local,
            unknown,
            patterns: keys.into_iter().zip(gammas).collect(),
        })
    }
}

/// The embedded weights, read once (`None`, with an error logged, if the file is damaged:
/// the test `the_embedded_weights_parse` keeps that from shipping).
pub fn embedded() -> Option<&'static PatternWeights> {
    static WEIGHTS: OnceLock<Option<PatternWeights>> = OnceLock::new();
    WEIGHTS
        .get_or_init(|| match PatternWeights::parse(EMBEDDED) {
            Ok(w) => Some(w),
            Err(e) => {
                log::error!("hex pattern weights: {e}");
                None
            }
        })
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_parse() {
        let w = PatternWeights::parse(EMBEDDED).expect("the embedded file is sound");
        assert_eq!(w.local.len(), LOCAL_FEATURES);
        assert!(!w.patterns.is_empty());
        assert_eq!(w.to_bytes(), EMBEDDED, "the file is what the writer writes");
        assert!(embedded().is_some());
    }

    #[test]
    fn a_damaged_or_truncated_file_is_refused() {
        // Every single-byte change and every truncation of the embedded file fails: the
        // header fields are checked one by one and the payload by its checksum.
        let mut checked = 0;
        let step = (EMBEDDED.len() / 4000).max(1);
        for i in (0..EMBEDDED.len()).step_by(step) {
            let mut bad = EMBEDDED.to_vec();
            bad[i] ^= 0x10;
            assert!(PatternWeights::parse(&bad).is_err(), "byte {i} changed");
            assert!(PatternWeights::parse(&EMBEDDED[..i]).is_err(), "cut at {i}");
            checked += 1;
        }
        assert!(checked > 40);
        let mut longer = EMBEDDED.to_vec();
        longer.push(0);
        assert!(PatternWeights::parse(&longer).is_err());
    }

    #[test]
    fn lookups_fall_back_to_the_ring_then_to_unknown() {
        let w = PatternWeights {
            local: vec![1.0, 2.0, 3.0, 4.0, 5.0],
            unknown: 0.5,
            patterns: vec![(7, 3.0), (super::super::keys::RING_ONLY | 7, 1.5)],
        };
        let back = PatternWeights::parse(&w.to_bytes()).unwrap();
        assert_eq!(back, w);
        assert_eq!(w.pattern(7, 0), 3.0);
        assert_eq!(w.pattern(9, super::super::keys::RING_ONLY | 7), 1.5);
        assert_eq!(w.pattern(9, 9), 0.5);
        assert_eq!(w.gamma(7, 0, 4), 15.0);
    }
}
