//! The Gomoku referee (Gomocup protocol): freestyle (five or more wins) and standard (exactly
//! five) on a board of its own, independent of the engine's code.
//!
//! Renju is not refereed here: its forbidden moves must come from our renju rules module
//! (`games::renju`) once it is merged — see `games::make`.
//!
//! Options: `--size N` (default 15), `--variant freestyle|standard` (default freestyle).
//! Openings are Gomocup offset lines (`0,0, 1,0, -1,1`, from the centre) or pos lines
//! (`h8h9i7`), stones alternating from Black. Moves are `x,y` (0-based, x the column, as the
//! protocol writes them). A full board is a draw. Records are Piskvork PSQ files.

use rand::rngs::StdRng;

use crate::arena::record::{gomocup_opening, psq};
use crate::arena::referee::{GameKind, Protocol, RecordInfo, Referee, Verdict};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not.
    Standard,
}

impl Rule {
    /// Gomocup's `INFO rule` bitmask.
    fn bits(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
        }
    }
}

pub struct GomokuKind {
    pub size: u32,
    pub rule: Rule,
}

impl GomokuKind {
    pub fn new(size: Option<usize>, variant: Option<&str>) -> Result<GomokuKind, String> {
        let size = size.unwrap_or(15);
        if !(5..=32).contains(&size) {
            return Err("gomoku: --size must be 5..32".into());
        }
        let rule = match variant.unwrap_or("freestyle") {
            "freestyle" => Rule::Freestyle,
            "standard" | "exact" => Rule::Standard,
            other => {
                return Err(format!(
                    "gomoku: unknown variant {other:?} (freestyle, standard; renju is --game renju)"
                ))
            }
        };
        Ok(GomokuKind {
            size: size as u32,
            rule,
        })
    }
}

fn format_stones(stones: &[(u32, u32)]) -> String {
    stones
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl GameKind for GomokuKind {
    fn name(&self) -> &'static str {
        "gomoku"
    }

    fn protocol(&self) -> Protocol {
        Protocol::Gomocup
    }

    /// Stored canonically as absolute `x,y` points separated by spaces.
    fn parse_opening(&self, line: &str) -> Result<String, String> {
        gomocup_opening(line, self.size, self.size).map(|s| format_stones(&s))
    }

    fn random_opening(&self, _rng: &mut StdRng) -> String {
        String::new()
    }

    fn start(&self, opening: &str) -> Result<Box<dyn Referee>, String> {
        let mut r = GomokuReferee {
            n: self.size,
            rule: self.rule,
            board: vec![None; (self.size * self.size) as usize],
            stones: Vec::new(),
            opening_len: 0,
            moves: Vec::new(),
            winner: None,
        };
        for word in opening.split_whitespace() {
            r.play(word).map_err(|e| format!("opening: {e}"))?;
            if r.winner.is_some() {
                return Err("opening: the game is already won".into());
            }
        }
        r.opening_len = r.stones.len();
        r.moves.clear();
        Ok(Box::new(r))
    }
}

pub struct GomokuReferee {
    n: u32,
    rule: Rule,
    board: Vec<Option<usize>>,
    stones: Vec<(u32, u32, usize)>,
    opening_len: usize,
    moves: Vec<String>,
    winner: Option<usize>,
}

impl GomokuReferee {
    fn at(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.n as i64 || y >= self.n as i64 {
            return None;
        }
        self.board[(y * self.n as i64 + x) as usize]
    }

    /// The longest line through (x, y) of `seat`'s stones, per direction.
    fn wins(&self, x: u32, y: u32, seat: usize) -> bool {
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let mut len = 1;
            for sign in [1i64, -1] {
                let (mut cx, mut cy) = (x as i64, y as i64);
                loop {
                    cx += dx * sign;
                    cy += dy * sign;
                    if self.at(cx, cy) != Some(seat) {
                        break;
                    }
                    len += 1;
                }
            }
            match self.rule {
                Rule::Freestyle => len >= 5,
                Rule::Standard => len == 5,
            }
        })
    }
}

impl Referee for GomokuReferee {
    fn to_move(&self) -> usize {
        self.stones.len() % 2
    }

    fn play(&mut self, reply: &str) -> Result<String, String> {
        let unreadable = || format!("unreadable move {reply:?}");
        let (x, y) = reply.trim().split_once(',').ok_or_else(unreadable)?;
        let (x, y): (i64, i64) = (
            x.trim().parse().map_err(|_| unreadable())?,
            y.trim().parse().map_err(|_| unreadable())?,
        );
        if x < 0 || y < 0 || x >= self.n as i64 || y >= self.n as i64 {
            return Err(format!("illegal move {x},{y}: off the board"));
        }
        let (x, y) = (x as u32, y as u32);
        let i = (y * self.n + x) as usize;
        if self.board[i].is_some() {
            return Err(format!("illegal move {x},{y}: occupied"));
        }
        let seat = self.to_move();
        self.board[i] = Some(seat);
        self.stones.push((x, y, seat));
        if self.wins(x, y, seat) {
            self.winner = Some(seat);
        }
        let text = format!("{x},{y}");
        self.moves.push(text.clone());
        Ok(text)
    }

    fn verdict(&self) -> Option<Verdict> {
        if let Some(w) = self.winner {
            return Some(Verdict {
                winner: Some(w),
                reason: format!("{} made five", ["Black", "White"][w]),
            });
        }
        (self.stones.len() == self.board.len()).then(|| Verdict {
            winner: None,
            reason: "board full".into(),
        })
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn record(&self, info: &RecordInfo) -> (String, &'static str) {
        let stones: Vec<(u32, u32, u64)> = self
            .stones
            .iter()
            .enumerate()
            .map(|(i, &(x, y, _))| {
                let t = i
                    .checked_sub(self.opening_len)
                    .and_then(|k| info.times_ms.get(k))
                    .copied()
                    .unwrap_or(0);
                (x, y, t)
            })
            .collect();
        (psq((self.n, self.n), info.names, &stones), "psq")
    }

    fn board_size(&self) -> (u32, u32) {
        (self.n, self.n)
    }

    fn gomocup_rule(&self) -> u32 {
        self.rule.bits()
    }

    fn stones(&self) -> Vec<(u32, u32, usize)> {
        self.stones.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_wins_and_standard_refuses_overlines() {
        let k = GomokuKind::new(Some(15), None).unwrap();
        let mut g = k.start("").unwrap();
        // Black on row 0, White on row 5; Black's fifth stone wins.
        for i in 0..4 {
            g.play(&format!("{i},0")).unwrap();
            g.play(&format!("{i},5")).unwrap();
            assert!(g.verdict().is_none());
        }
        g.play("4,0").unwrap();
        assert_eq!(g.verdict().unwrap().winner, Some(0));

        // Standard: Black's six (0..=5 on a diagonal, the gap filled last) is no win.
        let k = GomokuKind::new(Some(15), Some("standard")).unwrap();
        assert_eq!(k.start("").unwrap().gomocup_rule(), 1);
        let mut g = k.start("").unwrap();
        for (b, w) in [(0, 0), (1, 1), (2, 2), (4, 3), (5, 4)] {
            g.play(&format!("{b},{b}")).unwrap();
            g.play(&format!("{},10", w * 2)).unwrap();
        }
        assert!(g.verdict().is_none());
        g.play("3,3").unwrap();
        assert!(
            g.verdict().is_none(),
            "an overline does not win under standard rules"
        );
        let mut f = GomokuKind::new(Some(15), None).unwrap().start("").unwrap();
        for (b, w) in [(0, 0), (1, 1), (2, 2), (4, 3), (5, 4)] {
            f.play(&format!("{b},{b}")).unwrap();
            f.play(&format!("{},10", w * 2)).unwrap();
        }
        f.play("3,3").unwrap();
        assert_eq!(f.verdict().unwrap().winner, Some(0), "freestyle: six wins");
    }

    #[test]
    fn bad_moves_openings_and_records() {
        let k = GomokuKind::new(Some(15), None).unwrap();
        assert_eq!(k.parse_opening("0,0, 1,0").unwrap(), "7,7 8,7");
        assert_eq!(k.parse_opening("h8i8").unwrap(), "7,7 8,7");
        let mut g = k.start("7,7 8,7").unwrap();
        assert_eq!(g.to_move(), 0);
        assert!(g.play("7,7").unwrap_err().contains("occupied"));
        assert!(g.play("15,0").unwrap_err().contains("off the board"));
        assert!(g.play("-1,3").unwrap_err().contains("off the board"));
        assert!(g.play("h8").unwrap_err().contains("unreadable"));
        g.play(" 6 , 6 ").unwrap();
        assert_eq!(g.moves(), ["6,6"]);
        assert_eq!(g.stones(), [(7, 7, 0), (8, 7, 1), (6, 6, 0)]);
        let v = Verdict {
            winner: None,
            reason: "x".into(),
        };
        let info = RecordInfo {
            names: ["A", "B"],
            game: 0,
            opening: "7,7 8,7",
            verdict: &v,
            tc: &crate::arena::tc::Tc::Infinite,
            times_ms: &[42],
        };
        assert_eq!(
            g.record(&info).0,
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,8,0\n7,7,42\nA\nB\n-1\n"
        );
        // A tiny board fills up: a draw.
        let k = GomokuKind::new(Some(5), None).unwrap();
        let mut g = k.start("").unwrap();
        // Rows alternate colours in pairs so that no five forms.
        let order = [
            (0, 0),
            (0, 1),
            (1, 0),
            (1, 1),
            (2, 1),
            (2, 0),
            (3, 1),
            (3, 0),
            (4, 0),
            (4, 1),
            (0, 2),
            (0, 3),
            (1, 2),
            (1, 3),
            (2, 3),
            (2, 2),
            (3, 3),
            (3, 2),
            (4, 2),
            (4, 3),
            (0, 4),
            (1, 4),
            (3, 4),
            (2, 4),
            (4, 4),
        ];
        for (x, y) in order {
            assert!(g.verdict().is_none(), "over before {x},{y}");
            g.play(&format!("{x},{y}")).unwrap();
        }
        assert_eq!(g.verdict().unwrap().reason, "board full");
    }
}
