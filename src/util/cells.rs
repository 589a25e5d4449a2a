//! Cell names as game records and GUIs write them: column letters (a ... z, then aa, ab, ... as
//! HexGui 0.10 does) and a row number from 1. Hex records, renju training records and the
//! match runner's SGF/PSQ files all use them.

/// Column letters: a … z, then aa, ab, … (HexGui 0.10).
pub fn column_name(x: usize) -> String {
    if x < 26 {
        ((b'a' + x as u8) as char).to_string()
    } else {
        format!(
            "{}{}",
            column_name(x / 26 - 1),
            (b'a' + (x % 26) as u8) as char
        )
    }
}

/// `a1` → (0, 0); `aa3` → (26, 2). Case-insensitive.
pub fn parse_cell(s: &str) -> Option<(usize, usize)> {
    let s = s.trim().to_ascii_lowercase();
    let split = s.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = s.split_at(split);
    if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let mut x = 0usize;
    for b in letters.bytes() {
        x = x.checked_mul(26)?.checked_add((b - b'a') as usize + 1)?;
    }
    let y: usize = digits.parse().ok()?;
    (y >= 1).then(|| (x - 1, y - 1))
}

pub fn cell_name(x: usize, y: usize) -> String {
    format!("{}{}", column_name(x), y + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_cells_round_trip_past_z() {
        assert_eq!(parse_cell("a1"), Some((0, 0)));
        assert_eq!(parse_cell("K11"), Some((10, 10)));
        assert_eq!(cell_name(26, 2), "aa3");
        assert_eq!(parse_cell("aa3"), Some((26, 2)));
        for x in [0, 25, 26, 51, 52, 700] {
            assert_eq!(parse_cell(&cell_name(x, 4)), Some((x, 4)));
        }
        for bad in ["", "a", "1", "a0", "3a", "a-1", "é1"] {
            assert_eq!(parse_cell(bad), None, "{bad}");
        }
    }
}
