//! A game record in one short line, the form self-play and runner games are committed in:
//! `renju 15 B 3 h8 h7 i6 j9 ...`: the rule (`renju`, `freestyle`, `exact`, `caro`), the board
//! side, the result (`B` or `W` won, `D` drawn), how many of the moves are the opening (placed,
//! not chosen), then every move in order from Black's first (`a1` is x 0, y 0). Lines starting
//! with `#` are comments (a shard's header).

use crate::games::renju::board::{cell, xy, Board, Cell, Rule, MAX_SIDE};
use crate::util::cells::{cell_name, parse_cell};

/// One game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rule: Rule,
    pub size: usize,
    /// The winner (0 Black, 1 White), or `None` for a draw.
    pub winner: Option<u8>,
    /// How many of `moves` are the opening.
    pub opening: usize,
    pub moves: Vec<Cell>,
}

/// The word of a rule in a record.
pub fn rule_word(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "freestyle",
        Rule::Exact => "exact",
        Rule::Renju => "renju",
        Rule::Caro => "caro",
    }
}

/// The rule of a record's word.
pub fn parse_rule(word: &str) -> Option<Rule> {
    Some(match word {
        "freestyle" => Rule::Freestyle,
        "exact" => Rule::Exact,
        "renju" => Rule::Renju,
        "caro" => Rule::Caro,
        _ => return None,
    })
}

impl Record {
    /// The record's line (no newline).
    pub fn line(&self) -> String {
        let result = match self.winner {
            Some(0) => "B",
            Some(_) => "W",
            None => "D",
        };
        let mut s = format!(
            "{} {} {} {}",
            rule_word(self.rule),
            self.size,
            result,
            self.opening
        );
        for &m in &self.moves {
            let (x, y) = xy(m);
            s.push(' ');
            s.push_str(&cell_name(x, y));
        }
        s
    }

    /// Reads a line: `Ok(None)` for a comment or a blank line, an error for anything malformed
    /// (an unknown rule or result, a cell off the board or played twice).
    pub fn parse(line: &str) -> Result<Option<Record>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let mut words = line.split_whitespace();
        let mut next = |what: &str| words.next().ok_or(format!("no {what}"));
        let rule = parse_rule(next("rule")?).ok_or("unknown rule")?;
        let size: usize = next("size")?.parse().map_err(|_| "bad size")?;
        if !(5..=MAX_SIDE).contains(&size) {
            return Err(format!("size {size}"));
        }
        let winner = match next("result")? {
            "B" => Some(0),
            "W" => Some(1),
            "D" => None,
            r => return Err(format!("result {r:?}")),
        };
        let opening: usize = next("opening length")?
            .parse()
            .map_err(|_| "bad opening length")?;
        let mut seen = vec![false; size * size];
        let mut moves = Vec::new();
        for w in words {
            let (x, y) = parse_cell(w).ok_or(format!("cell {w:?}"))?;
            if x >= size || y >= size || seen[y * size + x] {
                return Err(format!("cell {w:?} off the board or taken"));
            }
            seen[y * size + x] = true;
            moves.push(cell(x, y));
        }
        if opening > moves.len() {
            return Err("opening longer than the game".into());
        }
        Ok(Some(Record {
            rule,
            size,
            winner,
            opening,
            moves,
        }))
    }

    /// The board after the first `n` moves.
    pub fn board_after(&self, n: usize) -> Board {
        let mut b = Board::new(self.size, self.size, self.rule);
        for &m in &self.moves[..n.min(self.moves.len())] {
            b.make(m);
        }
        b
    }
}

/// Every record in the `*.txt` files under `dir` (subfolders too), files in name order, or in
/// `dir` itself when it is a file; a malformed line is an error naming its file and line.
pub fn read_dir(dir: &std::path::Path) -> Result<Vec<Record>, String> {
    read_lines(dir, Record::parse)
}

/// What `parse` reads from each line of the `*.txt` files under `path` (subfolders too), files
/// in name order, or of `path` itself when it is a file (`Ok(None)`: a comment); a malformed
/// line is an error naming its file and line. Game records and move labels are read this way.
pub fn read_lines<T>(
    path: &std::path::Path,
    parse: impl Fn(&str) -> Result<Option<T>, String>,
) -> Result<Vec<T>, String> {
    let mut files = Vec::new();
    collect(path, &mut files)?;
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        for (i, line) in text.lines().enumerate() {
            if let Some(r) = parse(line).map_err(|e| format!("{}:{}: {e}", f.display(), i + 1))? {
                out.push(r);
            }
        }
    }
    Ok(out)
}

fn collect(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) -> Result<(), String> {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for e in entries {
        let p = e.map_err(|e| e.to_string())?.path();
        if p.is_dir() {
            collect(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "txt") {
            out.push(p);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_and_bad_lines_are_refused() {
        let r = Record {
            rule: Rule::Renju,
            size: 15,
            winner: Some(1),
            opening: 3,
            moves: vec![cell(7, 7), cell(7, 6), cell(8, 5), cell(14, 0)],
        };
        assert_eq!(r.line(), "renju 15 W 3 h8 h7 i6 o1");
        assert_eq!(Record::parse(&r.line()).unwrap(), Some(r.clone()));
        assert_eq!(Record::parse("# header").unwrap(), None);
        for bad in [
            "renju 15 X 3 h8",
            "gomoku 15 B 0 h8",
            "renju 15 B 2 h8",
            "renju 15 B 0 h8 h8",
            "renju 15 B 0 p1",
            "renju 15 B",
        ] {
            assert!(Record::parse(bad).is_err(), "{bad}");
        }
        let b = r.board_after(3);
        assert_eq!(b.stones(), 3);
        assert_eq!(b.to_move(), 1);
    }
}
