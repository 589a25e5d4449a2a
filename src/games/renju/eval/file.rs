//! The evaluation parameter file: ours, made by `sente tune renju` from games played here and
//! embedded in the binary. A header names the format, the rule sets it holds and the table
//! sizes it was made for, and carries a checksum of the rest, so a damaged, truncated or
//! mismatched file is refused (and the test of the shipped file fails) instead of steering the
//! search with garbage.
//!
//! Layout (little-endian): `SENTERNJ` · format u16 (2) · rule-set mask u8 (bit i: `RULES[i]`,
//! all four) · shapes u8 · codes u16 · threat terms u16 · payload length u32 · FNV-1a 64 of the
//! payload · payload: for each rule set in `RULES` order and each colour (Black, White): the
//! values (codes × i32), the ordering scores (codes × i32), the blocking scores (codes × i32)
//! and the threat terms (× i32). Format 1 files (no blocking scores, from before they were
//! learned) still read: their blocking scores are the hand-set share of the ordering scores.

use super::codes::CODES;
use super::params::{EvalParams, SideParams, HAND_BLOCK_PERCENT, RULES, VALUE_LIMIT};
use super::tables::THREATS;
use crate::games::renju::patterns::shapes::SHAPES;
use crate::util::fnv::fnv1a;

const MAGIC: &[u8; 8] = b"SENTERNJ";
const FORMAT: u16 = 2;
const ALL_RULES: u8 = (1 << RULES.len()) - 1;
const HEADER: usize = 8 + 2 + 1 + 1 + 2 + 2 + 4 + 8;
/// Bytes per rule set and colour in `format`.
const fn per_side(format: u16) -> usize {
    ((if format == 1 { 2 } else { 3 }) * CODES + THREATS) * 4
}

/// The file's bytes.
pub fn to_bytes(p: &EvalParams) -> Vec<u8> {
    let mut payload = Vec::with_capacity(per_side(FORMAT) * 2 * RULES.len());
    for sides in &p.sides {
        for s in sides {
            for v in s
                .value
                .iter()
                .chain(&s.order)
                .chain(&s.block)
                .chain(&s.threat)
            {
                payload.extend(v.to_le_bytes());
            }
        }
    }
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend(MAGIC);
    out.extend(FORMAT.to_le_bytes());
    out.push(ALL_RULES);
    out.push(SHAPES as u8);
    out.extend((CODES as u16).to_le_bytes());
    out.extend((THREATS as u16).to_le_bytes());
    out.extend((payload.len() as u32).to_le_bytes());
    out.extend(fnv1a(&payload).to_le_bytes());
    out.extend(payload);
    out
}

/// Reads a parameter file, checking its header, sizes, length, checksum and value ranges.
pub fn parse(bytes: &[u8]) -> Result<EvalParams, String> {
    if bytes.len() < HEADER {
        return Err("the file ends inside its header".into());
    }
    let (head, payload) = bytes.split_at(HEADER);
    if &head[..8] != MAGIC {
        return Err("not a renju parameter file".into());
    }
    let u16_at = |i: usize| u16::from_le_bytes([head[i], head[i + 1]]);
    let format = u16_at(8);
    if format != FORMAT && format != 1 {
        return Err(format!("format {format}, expected {FORMAT} (or 1)"));
    }
    if head[10] != ALL_RULES {
        return Err(format!(
            "rule sets {:#b}, expected {ALL_RULES:#b}",
            head[10]
        ));
    }
    let (shapes, codes, threats) = (head[11] as usize, u16_at(12) as usize, u16_at(14) as usize);
    if (shapes, codes, threats) != (SHAPES, CODES, THREATS) {
        return Err(format!(
            "made for {shapes} shapes, {codes} codes, {threats} threat terms; this engine has \
             {SHAPES}, {CODES}, {THREATS}"
        ));
    }
    let len = u32::from_le_bytes(head[16..20].try_into().expect("4 bytes")) as usize;
    let expected = per_side(format) * 2 * RULES.len();
    if len != expected || payload.len() != len {
        return Err(format!(
            "payload of {} bytes, header says {len}, expected {expected}",
            payload.len(),
        ));
    }
    let sum = u64::from_le_bytes(head[20..28].try_into().expect("8 bytes"));
    if fnv1a(payload) != sum {
        return Err("checksum mismatch".into());
    }
    let mut words = payload
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().expect("4 bytes")));
    let mut take = |n: usize| words.by_ref().take(n).collect::<Vec<i32>>();
    let mut sides = Vec::with_capacity(RULES.len());
    for _ in RULES {
        let mut side = || -> Result<SideParams, String> {
            let value = take(CODES);
            let order = take(CODES);
            let block = if format == 1 {
                order
                    .iter()
                    .map(|&o| o * HAND_BLOCK_PERCENT / 100)
                    .collect()
            } else {
                take(CODES)
            };
            let threat: [i32; THREATS] = take(THREATS).try_into().expect("THREATS words");
            if value.iter().any(|v| v.abs() > VALUE_LIMIT) || value[0] != 0 {
                return Err("a value out of range (or code 0 not 0)".into());
            }
            Ok(SideParams {
                value,
                order,
                block,
                threat,
            })
        };
        sides.push([side()?, side()?]);
    }
    Ok(EvalParams { sides })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::board::Rule;

    #[test]
    fn a_file_reads_back_and_damage_is_refused() {
        let mut p = EvalParams::hand();
        p.side_mut(Rule::Renju, 1).value[5] = -7;
        p.side_mut(Rule::Caro, 0).threat[2] = 4321;
        p.side_mut(Rule::Exact, 1).block[9] = -55;
        let bytes = to_bytes(&p);
        assert_eq!(parse(&bytes).unwrap(), p);
        assert!(parse(&bytes[..bytes.len() - 4]).is_err(), "truncated");
        assert!(parse(&bytes[..10]).is_err(), "header only");
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(parse(&flipped).is_err(), "checksum");
        let mut other = bytes.clone();
        other[12] ^= 1;
        assert!(parse(&other).is_err(), "code count");
        let mut format = bytes.clone();
        format[8] = 3;
        assert!(parse(&format).is_err(), "format");
    }

    #[test]
    fn the_shipped_file_is_valid_and_covers_every_rule() {
        let p = super::super::active::embedded().expect("data/renju/eval.bin");
        assert_eq!(p.sides.len(), RULES.len());
        for sides in &p.sides {
            for s in sides {
                assert_eq!(s.value.len(), CODES);
                assert_eq!(s.order.len(), CODES);
                assert_eq!(s.block.len(), CODES);
            }
        }
    }

    /// `data/renju/hand.bin` (the baseline the learned tables are measured against, loaded with
    /// `--eval-file`) holds exactly the hand-set values. It is a format-1 file (no blocking
    /// scores), so this also checks that such files still read, with the hand-set blocking share.
    #[test]
    fn the_hand_file_holds_the_hand_values() {
        let bytes = include_bytes!("../../../../data/renju/hand.bin");
        assert_eq!(
            u16::from_le_bytes([bytes[8], bytes[9]]),
            1,
            "a format-1 file"
        );
        assert_eq!(parse(bytes).unwrap(), EvalParams::hand());
    }
}
