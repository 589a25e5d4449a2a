//! The inferior-cell answers of the GTP session, in Benzene's form so that HexGui's `inferior`
//! display draws them: ` <cell> <tag>` per cell, lines wrapped past 40 characters, tags
//!
//! - `fdb` / `fdw`: dead, filled with black / white;
//! - `fcb` / `fcw`: captured by black / white (and filled with it);
//! - `fpb` / `fpw`: permanently inferior for black / white (and filled with it);
//! - `iv[k1-k2]`: vulnerable, pruned; the killers (a stone of either colour there kills it);
//! - `id[d1-d2]`: dominated, pruned; the neighbours that dominate it.
//!
//! Only pruned cells are listed as vulnerable or dominated: of two cells that dominate each
//! other one stays in the consider set unmarked.

use super::board::BLACK;
use super::ice::inferior::{dominators, Pruning, Why};
use super::ice::{fill_in, Layers};
use super::position::Hex;

/// The inferior cells of `pos` for `colour` to move (`compute-inferior <colour>`, and the
/// inferior part of `vc-build <colour>`).
pub fn inferior(pos: &Hex, colour: u8) -> String {
    let mut p = *pos;
    p.set_to_move(colour);
    let (filled, fill) = fill_in(&p);
    let board = pos.board();
    let name = |c: usize| board.cell_name(c);
    let mut entries = Vec::new();
    let layers = Layers::new(filled.board());
    let pruning = (filled.winner().is_none()).then(|| Pruning::new(&layers, colour));
    let letter = |z: u8| if z == BLACK { 'b' } else { 'w' };
    for c in board.empty_cells().iter() {
        let tag = if fill.dead.has(c) {
            format!("fd{}", letter(1 - colour))
        } else if let Some(z) = (0..2u8).find(|&z| fill.captured[z as usize].has(c)) {
            format!("fc{}", letter(z))
        } else if let Some(z) = (0..2u8).find(|&z| fill.perm[z as usize].has(c)) {
            format!("fp{}", letter(z))
        } else if let Some(d) = pruning.as_ref().and_then(|pr| pr.parent(c)) {
            let why = if layers.kills(0, d, c) || layers.kills(1, d, c) {
                Why::Killer
            } else {
                Why::Neighbourhood
            };
            let mut all = Vec::new();
            dominators(&layers, colour, c, |k, w| {
                if w == why {
                    all.push(name(k));
                }
                false
            });
            let kind = if why == Why::Killer { "iv" } else { "id" };
            format!("{kind}[{}]", all.join("-"))
        } else {
            continue;
        };
        entries.push(format!(" {} {tag}", name(c)));
    }
    wrap(&entries)
}

/// Benzene's layout: entries on a line until it passes 40 characters.
fn wrap(entries: &[String]) -> String {
    let mut out = String::new();
    let mut line = 0;
    for e in entries {
        if line + e.len() > 40 {
            out.push('\n');
            line = 0;
        }
        out.push_str(e);
        line += e.len();
    }
    out.trim_start().to_string()
}
