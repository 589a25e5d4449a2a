//! Our edge-template catalogue, generated and proved by this solver (`vc::templates` ships it).
//!
//! A template for a stone on row r is proved on a board of its own: Black's stone at the
//! bottom of the template, a column of Black stones from it to the bottom edge, the carrier
//! empty and every other cell White, White to move. Black then wins exactly when the stone
//! reaches the top edge through the carrier whatever White does: a Black path must end at the
//! column or at a carrier cell next to the stone, and White's stones on either side of the
//! column can only meet through the carrier.
//!
//! Generation starts from a generous region below the stone and removes cells (makes them
//! White) one at a time while Black still wins, in several orders; each order ends in a
//! minimal carrier (validity is monotone: a smaller carrier that still works makes a larger one
//! redundant). Run `cargo test --release generate_edge_templates -- --ignored --nocapture`
//! to print a catalogue.

use std::sync::atomic::AtomicBool;

use super::super::board::{BLACK, WHITE};
use super::super::position::Hex;
use super::super::vc::templates::{catalogue, without, Template};
use super::{Solver, Verdict};

/// The test board of a template.
fn board_of(t: &Template) -> Hex {
    let xs = || t.cells.iter().chain(&t.stones).map(|c| c.0);
    let xmin = xs().min().unwrap_or(0).min(0);
    let xmax = xs().max().unwrap_or(0).max(0);
    let w = (xmax - xmin + 3) as usize;
    let h = t.row + 2;
    let x0 = (1 - xmin) as usize;
    let mut pos = Hex::new(w, h).expect("template board fits");
    for y in 0..h {
        for x in 0..w {
            let at = (x as i32 - x0 as i32, y as i32);
            let cell = pos.board().cell(x, y);
            if (x == x0 && y + 1 >= t.row) || t.stones.contains(&at) {
                pos.place(BLACK, cell);
            } else if !t.cells.contains(&at) {
                pos.place(WHITE, cell);
            }
        }
    }
    pos.set_to_move(WHITE);
    pos
}

/// True if the template connects its stone to the edge (White to move loses).
pub fn proves(t: &Template) -> bool {
    let pos = board_of(t);
    if pos.winner().is_some() {
        return pos.winner() == Some(BLACK);
    }
    let stop = AtomicBool::new(false);
    without(|| Solver::new(&stop, None).solve(&pos) == Verdict::Loss)
}

/// The generous region below a row-`row` stone, `margin` columns beyond its cone on each side.
fn region(row: usize, margin: i32) -> Vec<(i32, i32)> {
    let y0 = row as i32 - 1;
    let mut cells = Vec::new();
    for y in 0..y0 {
        for x in -margin..=(y0 - y) + margin {
            cells.push((x, y));
        }
    }
    if y0 > 0 {
        cells.push((-1, y0));
        cells.push((1, y0));
    }
    cells
}

/// The minimal carrier that removing cells in `order` reaches from `start` (which must prove),
/// with the stones `stones`.
fn minimise(
    row: usize,
    start: &[(i32, i32)],
    stones: &[(i32, i32)],
    order: &[(i32, i32)],
) -> Template {
    let mut t = Template {
        row,
        cells: start.to_vec(),
        stones: stones.to_vec(),
    };
    for c in order {
        let mut trial = t.clone();
        trial.cells.retain(|x| x != c);
        if proves(&trial) {
            t = trial;
        }
    }
    t.cells.sort();
    t
}

/// The canonical form of a template and its mirror image (the smaller list).
pub fn canonical(t: &Template) -> Template {
    let mut a = t.clone();
    a.cells.sort();
    let b = t.mirrored();
    if b.cells < a.cells {
        b
    } else {
        a
    }
}

/// Minimal templates for a stone on `row`, from a region `margin` wide, in `orders` removal
/// orders (the first few fixed, then pseudo-random ones).
pub fn generate(row: usize, margin: i32, orders: usize, stones: &[(i32, i32)]) -> Vec<Template> {
    let mut start = region(row, margin);
    start.retain(|c| !stones.contains(c));
    if !proves(&Template {
        row,
        cells: start.clone(),
        stones: stones.to_vec(),
    }) {
        return Vec::new();
    }
    let y0 = row as i32 - 1;
    let mut found: Vec<Template> = Vec::new();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for k in 0..orders {
        let mut order = start.clone();
        match k {
            0 => order.sort_by_key(|&(x, y)| (y, x)),
            1 => order.sort_by_key(|&(x, y)| (y, -x)),
            2 => order.sort_by_key(|&(x, y)| (-(x.abs() + (y0 - y)), x)),
            _ => {
                for i in (1..order.len()).rev() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    order.swap(i, (seed % (i as u64 + 1)) as usize);
                }
            }
        }
        let t = canonical(&minimise(row, &start, stones, &order));
        if !found.contains(&t) {
            found.push(t);
        }
    }
    found.sort_by(|a, b| (a.row, a.cells.len(), &a.cells).cmp(&(b.row, b.cells.len(), &b.cells)));
    found
}

/// Ladder templates: a stone on row 2 or 3 whose own templates are broken (the cell `cut`
/// is the opponent's) reaches its edge by laddering along the row to an escape stone `d`
/// columns on, at any row up to its own. Each escape gives the minimal carrier found in a few
/// removal orders, kept only if it needs the escape.
pub fn generate_ladders(row: usize, cut: (i32, i32), max_d: i32) -> Vec<Template> {
    let y0 = row as i32 - 1;
    let mut found: Vec<Template> = Vec::new();
    for d in 2..=max_d {
        for by in 0..=y0 {
            let escape = (d, by);
            let mut start = Vec::new();
            for y in 0..=y0 {
                for x in -1..=d + 1 {
                    let c = (x, y);
                    if c != cut && c != escape && c != (0, y0) && (y < y0 || x == 1 || x == -1) {
                        start.push(c);
                    }
                }
            }
            // The ladder row itself up to the escape.
            for x in 2..d {
                if (x, y0) != escape {
                    start.push((x, y0));
                }
            }
            let stones = vec![escape];
            let full = Template {
                row,
                cells: start.clone(),
                stones: stones.clone(),
            };
            if !proves(&full) {
                continue;
            }
            for k in 0..3 {
                let mut order = start.clone();
                match k {
                    0 => order.sort_by_key(|&(x, y)| (y, x)),
                    1 => order.sort_by_key(|&(x, y)| (-x, y)),
                    _ => order.sort_by_key(|&(x, y)| (x, -y)),
                }
                let t = minimise(row, &start, &stones, &order);
                let bare = Template {
                    stones: Vec::new(),
                    ..t.clone()
                };
                let t = canonical(&t);
                if !proves(&bare) && !found.contains(&t) {
                    found.push(t);
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_template_is_proved_and_minimal() {
        let all = catalogue();
        assert!(!all.is_empty());
        for t in &all {
            assert!(proves(t), "template does not hold: {}", t.to_line());
            assert!(proves(&t.mirrored()), "mirror fails: {}", t.to_line());
            // Minimal: without any one of its cells it fails.
            for c in &t.cells {
                let mut less = t.clone();
                less.cells.retain(|x| x != c);
                assert!(!proves(&less), "{} holds without {:?}", t.to_line(), c);
            }
        }
    }

    #[test]
    fn the_proof_board_tells_a_bridge_from_a_broken_one() {
        // The bridge to the edge from row 2: both cells in front of the stone.
        let bridge = Template {
            row: 2,
            cells: vec![(0, 0), (1, 0)],
            stones: Vec::new(),
        };
        assert!(proves(&bridge));
        let half = Template {
            row: 2,
            cells: vec![(0, 0)],
            stones: Vec::new(),
        };
        assert!(!proves(&half));
    }

    #[test]
    fn second_row_ladders_hold_with_their_escape_only() {
        let ladders = generate_ladders(2, (0, 0), 4);
        assert!(ladders.len() >= 4);
        for t in &ladders {
            assert!(proves(t) && proves(&t.mirrored()), "{}", t.to_line());
            let bare = Template {
                stones: Vec::new(),
                ..t.clone()
            };
            assert!(!proves(&bare), "{} holds without its escape", t.to_line());
        }
    }

    #[test]
    #[ignore]
    fn generate_ladder_templates() {
        for (row, cut) in [(2, (0, 0)), (3, (0, 1))] {
            for t in generate_ladders(row, cut, 8) {
                println!("{}", t.to_line());
            }
        }
    }

    #[test]
    #[ignore]
    fn generate_edge_templates() {
        for (row, margin, orders) in [(3, 1, 4), (4, 2, 40), (4, 3, 40), (5, 3, 24), (5, 4, 24)] {
            for t in generate(row, margin, orders, &[]) {
                println!("{}", t.to_line());
            }
        }
    }

    #[test]
    #[ignore]
    fn generate_two_stone_templates() {
        for (row, margin, orders) in [(3, 1, 6), (4, 2, 12), (4, 3, 12)] {
            let y0 = row as i32 - 1;
            for t in generate(row, margin, orders, &[(-1, y0)]) {
                let bare = Template {
                    stones: Vec::new(),
                    ..t.clone()
                };
                if !proves(&bare) {
                    println!("{}", t.to_line());
                }
            }
        }
    }
}
