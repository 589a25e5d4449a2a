//! Game records and opening notations shared by the board games, as pure functions over
//! coordinates, so that each game's referee only maps its moves to them.
//!
//! - Hex: SGF `FF[4]GM[11]` with HexGui's cell names (`;B[a1]`, `;W[swap-pieces]`), and cells
//!   `a1` … (columns past `z` as `aa`, `ab`, … like HexGui 0.10).
//! - Gomoku/Renju: SGF `FF[4]GM[4]` with SGF point letters, and Piskvork's PSQ
//!   (`Piskvorky WxH, 11:11, 0`, then `x,y,ms` 1-based per move, the two names, `-1`).
//! - Openings: Benzene's one-ply lines (`a1`), Gomocup's offset lines (`x, y, x, y, …` relative
//!   to the centre) and pos lines (`h8h9i7`: letter = x, number = y + 1).

use crate::util::cells::parse_cell;

/// Escapes an SGF property value.
pub fn sgf_text(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// A Hex game for HexGui: `moves` are `(seat, move)` with move a cell name or
/// `swap-pieces`/`swap-sides`; seat 0 is Black. `winner` 0/1, `comment` the reason.
pub fn sgf_hex(
    size: (usize, usize),
    names: [&str; 2],
    moves: &[(usize, String)],
    winner: Option<usize>,
    comment: &str,
) -> String {
    let mut s = sgf_header(11, (size.0 as u32, size.1 as u32), names, winner, comment);
    for (seat, mv) in moves {
        s.push_str(&format!(";{}[{}]", if *seat == 0 { 'B' } else { 'W' }, mv));
    }
    s.push_str(")\n");
    s
}

/// The root node shared by our SGF records: game `gm`, size (`W:H` when not square), players,
/// result (`RE[0]` for a draw) and the reason as a comment. The caller adds moves and `)`.
fn sgf_header(
    gm: u32,
    size: (u32, u32),
    names: [&str; 2],
    winner: Option<usize>,
    comment: &str,
) -> String {
    let sz = if size.0 == size.1 {
        size.0.to_string()
    } else {
        format!("{}:{}", size.0, size.1)
    };
    let re = match winner {
        Some(0) => "RE[B+]",
        Some(_) => "RE[W+]",
        None => "RE[0]",
    };
    format!(
        "(;FF[4]GM[{gm}]AP[sente]SZ[{sz}]PB[{}]PW[{}]{re}C[{}]",
        sgf_text(names[0]),
        sgf_text(names[1]),
        sgf_text(comment)
    )
}

/// SGF point letters for Go-style boards: 0 → `a`, 25 → `z`, 26 → `A`.
fn sgf_point(v: u32) -> char {
    if v < 26 {
        (b'a' + v as u8) as char
    } else {
        (b'A' + (v - 26) as u8) as char
    }
}

/// A Gomoku/Renju game as SGF (`GM[4]`); stones `(x, y, seat)` in move order, seat 0 Black.
pub fn sgf_gomoku(
    size: (u32, u32),
    names: [&str; 2],
    stones: &[(u32, u32, usize)],
    winner: Option<usize>,
    comment: &str,
) -> String {
    let mut s = sgf_header(4, size, names, winner, comment);
    for &(x, y, seat) in stones {
        s.push_str(&format!(
            ";{}[{}{}]",
            if seat == 0 { 'B' } else { 'W' },
            sgf_point(x),
            sgf_point(y)
        ));
    }
    s.push_str(")\n");
    s
}

/// Piskvork's PSQ: stones `(x, y, ms)` 0-based in move order.
pub fn psq(size: (u32, u32), names: [&str; 2], stones: &[(u32, u32, u64)]) -> String {
    let mut s = format!("Piskvorky {}x{}, 11:11, 0\n", size.0, size.1);
    for &(x, y, ms) in stones {
        s.push_str(&format!("{},{},{}\n", x + 1, y + 1, ms));
    }
    s.push_str(&format!("{}\n{}\n-1\n", names[0], names[1]));
    s
}

/// A Benzene-style Hex opening line: cells separated by spaces or commas (`a1`, `a1 b2`), also
/// accepting SGF-ish `B[a1]`. Every cell must lie on a `w`×`h` board and be distinct.
pub fn hex_opening(line: &str, w: usize, h: usize) -> Result<Vec<(usize, usize)>, String> {
    let mut cells: Vec<(usize, usize)> = Vec::new();
    for word in line.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
        let word = word.trim();
        if word.is_empty() {
            continue;
        }
        // `B[a1]`: the cell inside the brackets.
        let word = match (word.find('['), word.strip_suffix(']')) {
            (Some(open), Some(inner)) => &inner[open + 1..],
            _ => word,
        };
        let (x, y) = parse_cell(word).ok_or_else(|| format!("not a cell: {word:?}"))?;
        if x >= w || y >= h {
            return Err(format!("{word} is off the {w}x{h} board"));
        }
        if cells.contains(&(x, y)) {
            return Err(format!("{word} is played twice"));
        }
        cells.push((x, y));
    }
    Ok(cells)
}

/// A Gomocup opening line, in either format: offsets from the centre (`0,0, 1,0, -1,1`) or
/// pos (`h8i8g9`). Stones alternate from Black; every stone must be on the board and distinct.
pub fn gomocup_opening(line: &str, w: u32, h: u32) -> Result<Vec<(u32, u32)>, String> {
    let line = line.trim();
    // Each stone with its text as written (an offset, or a pos cell), for the errors.
    let cells: Vec<(i64, i64, String)> = if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
        pos_cells(line)?
            .into_iter()
            .map(|(x, y)| (x, y, format!("{}{}", (b'a' + x as u8) as char, y + 1)))
            .collect()
    } else {
        let nums = line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<i64>()
                    .map_err(|_| format!("not an offset: {t:?}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if nums.len() % 2 != 0 {
            return Err("offsets come in x,y pairs".into());
        }
        let (cx, cy) = ((w / 2) as i64, (h / 2) as i64);
        nums.chunks(2)
            .map(|p| (cx + p[0], cy + p[1], format!("offset {},{}", p[0], p[1])))
            .collect()
    };
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (x, y, written) in cells {
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
            return Err(format!("stone {written} is off the {w}x{h} board"));
        }
        let c = (x as u32, y as u32);
        if out.contains(&c) {
            return Err(format!("stone {written} is played twice"));
        }
        out.push(c);
    }
    Ok(out)
}

/// `h8h9i7` → (7,7), (7,8), (8,6).
fn pos_cells(s: &str) -> Result<Vec<(i64, i64)>, String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if !b[i].is_ascii_alphabetic() {
            return Err(format!("bad pos string {s:?}"));
        }
        let x = (b[i].to_ascii_lowercase() - b'a') as i64;
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let y: i64 = s[start..i]
            .parse()
            .map_err(|_| format!("bad pos string {s:?}"))?;
        if y < 1 {
            return Err(format!("bad pos string {s:?}"));
        }
        out.push((x, y - 1));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_openings_read_benzene_lines() {
        assert_eq!(hex_opening("a1", 11, 11).unwrap(), [(0, 0)]);
        assert_eq!(
            hex_opening("B[c3] W[d4]", 11, 11).unwrap(),
            [(2, 2), (3, 3)]
        );
        assert!(hex_opening("l1", 11, 11).is_err());
        assert!(hex_opening("a1 a1", 11, 11).is_err());
        assert!(hex_opening("swap-pieces", 11, 11).is_err());
    }

    #[test]
    fn gomocup_openings_read_offsets_and_pos() {
        // 15x15: the centre is (7,7).
        assert_eq!(
            gomocup_opening("0,0, 1,0, -1,2", 15, 15).unwrap(),
            [(7, 7), (8, 7), (6, 9)]
        );
        assert_eq!(
            gomocup_opening("h8h9i7", 15, 15).unwrap(),
            [(7, 7), (7, 8), (8, 6)]
        );
        assert!(gomocup_opening("0,0, 1", 15, 15).is_err());
        // Errors name the stone as written, not the cell it was shifted to.
        let err = gomocup_opening("0,0, 8,0", 15, 15).unwrap_err();
        assert!(
            err.contains("stone offset 8,0 is off the 15x15 board"),
            "{err}"
        );
        let err = gomocup_opening("0,0, 1,1, 0,0", 15, 15).unwrap_err();
        assert!(err.contains("stone offset 0,0 is played twice"), "{err}");
        let err = gomocup_opening("h8h8", 15, 15).unwrap_err();
        assert!(err.contains("stone h8 is played twice"), "{err}");
        assert!(gomocup_opening("h0", 15, 15).is_err());
    }

    #[test]
    fn records_have_the_expected_shape() {
        let s = sgf_hex(
            (11, 11),
            ["A", "B]x"],
            &[
                (0, "a1".into()),
                (1, "swap-pieces".into()),
                (0, "k11".into()),
            ],
            Some(1),
            "resign",
        );
        assert_eq!(
            s,
            "(;FF[4]GM[11]AP[sente]SZ[11]PB[A]PW[B\\]x]RE[W+]C[resign];B[a1];W[swap-pieces];B[k11])\n"
        );
        let g = sgf_gomoku((15, 15), ["A", "B"], &[(7, 7, 0), (8, 7, 1)], None, "draw");
        assert!(g.starts_with("(;FF[4]GM[4]AP[sente]SZ[15]"));
        assert!(g.ends_with(";B[hh];W[ih])\n"));
        assert_eq!(
            psq((15, 15), ["A", "B"], &[(7, 7, 0), (8, 7, 120)]),
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,8,120\nA\nB\n-1\n"
        );
    }
}
