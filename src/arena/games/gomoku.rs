//! The Gomoku referee (Gomocup protocol): freestyle (five or more wins) and standard (exactly
//! five) on a board of its own, independent of the engine's code.
//!
//! Renju is refereed here too, but its forbidden moves come from our renju rules module
//! (`games::renju`) through a [`ForbiddenCheck`], plugged in by `games::make`: Black's exact five wins (it overrides any prohibition), any other forbidden
//! move (double three, double four, overline) loses, and White wins with five or more.
//!
//! Options: `--size N` (default 15), `--variant freestyle|standard` (default freestyle).
//! Openings are Gomocup offset lines (`0,0, 1,0, -1,1`, from the centre) or pos lines
//! (`h8h9i7`), stones alternating from Black. Moves are `x,y` (0-based, x the column, as the
//! protocol writes them). A full board is a draw. Records are Piskvork PSQ files.

use rand::rngs::StdRng;

use crate::arena::record::{gomocup_opening, psq};
use crate::arena::referee::{GameKind, Protocol, RecordInfo, Referee, Verdict};
use crate::games::renju::board::MAX_SIDE;

/// Renju's judgement of Black's move at `(x, y)`, already on the board among `stones`
/// (`(x, y, seat)` in move order, seat 0 Black) on an `n`×`n` board: why it is forbidden, or
/// `None`. Called only when the move does not make exactly five.
pub type ForbiddenCheck =
    fn(n: u32, stones: &[(u32, u32, usize)], x: u32, y: u32) -> Option<String>;

#[derive(Clone, Copy, Debug)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not.
    Standard,
    /// Five or more wins unless opponent stones block both its ends (the board's edge is no
    /// block), Gomocup's rule 8.
    Caro,
    /// Renju: Black's forbidden moves lose.
    Renju(ForbiddenCheck),
}

impl Rule {
    /// Gomocup's `INFO rule` bitmask.
    fn bits(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju(_) => 4,
            Rule::Caro => 8,
        }
    }
}

/// Renju is drawn after this many moves on 15x15 (the Gomocup rule).
const RENJU_MOVE_LIMIT: usize = 200;

pub struct GomokuKind {
    pub size: u32,
    pub rule: Rule,
}

impl GomokuKind {
    pub fn new(size: Option<usize>, variant: Option<&str>) -> Result<GomokuKind, String> {
        let size = size.unwrap_or(15);
        // The boards of `sente gomoku` (Gomocup and c-gomoku-cli go from 5x5 to 22x22).
        if !(5..=MAX_SIDE).contains(&size) {
            return Err(format!("gomoku: --size must be 5..{MAX_SIDE}, not {size}"));
        }
        let rule = match variant.unwrap_or("freestyle") {
            "freestyle" => Rule::Freestyle,
            "standard" | "exact" => Rule::Standard,
            "caro" => Rule::Caro,
            other => {
                return Err(format!(
                    "gomoku: unknown variant {other:?} (freestyle, standard, caro; renju is --game renju)"
                ))
            }
        };
        Ok(GomokuKind {
            size: size as u32,
            rule,
        })
    }

    /// Renju on `--size` (default 15) with our rules' forbidden-move check.
    pub fn renju(size: Option<usize>, check: ForbiddenCheck) -> Result<GomokuKind, String> {
        let mut k = GomokuKind::new(size, None)?;
        k.rule = Rule::Renju(check);
        Ok(k)
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
        match self.rule {
            Rule::Renju(_) => "renju",
            _ => "gomoku",
        }
    }

    fn protocol(&self) -> Protocol {
        Protocol::Gomocup
    }

    fn default_max_moves(&self) -> Option<usize> {
        match self.rule {
            Rule::Renju(_) if self.size == 15 => Some(RENJU_MOVE_LIMIT),
            _ => None,
        }
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
            forbidden: None,
        };
        for word in opening.split_whitespace() {
            r.play(word).map_err(|e| format!("opening: {e}"))?;
            if r.winner.is_some() || r.forbidden.is_some() {
                return Err("opening: the game is already decided".into());
            }
        }
        r.opening_len = r.stones.len();
        r.moves.clear();
        Ok(Box::new(r))
    }
}

/// What line wins (see `GomokuReferee::five`).
#[derive(Clone, Copy)]
enum Five {
    Exactly,
    AtLeast,
    Unblocked,
}

pub struct GomokuReferee {
    n: u32,
    rule: Rule,
    board: Vec<Option<usize>>,
    stones: Vec<(u32, u32, usize)>,
    opening_len: usize,
    moves: Vec<String>,
    winner: Option<usize>,
    /// Why Black's last move was forbidden (renju): Black has lost.
    forbidden: Option<String>,
}

impl GomokuReferee {
    fn at(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.n as i64 || y >= self.n as i64 {
            return None;
        }
        self.board[(y * self.n as i64 + x) as usize]
    }

    /// Whether `seat`'s stone at (x, y) completes a line that wins under `rule`: exactly five,
    /// five or more, or five or more not blocked at both ends.
    fn five(&self, x: u32, y: u32, seat: usize, rule: Five) -> bool {
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let mut len = 1;
            let mut blocked = 0;
            for sign in [1i64, -1] {
                let (mut cx, mut cy) = (x as i64, y as i64);
                loop {
                    cx += dx * sign;
                    cy += dy * sign;
                    match self.at(cx, cy) {
                        Some(s) if s == seat => len += 1,
                        Some(_) => {
                            blocked += 1;
                            break;
                        }
                        None => break,
                    }
                }
            }
            match rule {
                Five::Exactly => len == 5,
                Five::AtLeast => len >= 5,
                Five::Unblocked => len >= 5 && blocked < 2,
            }
        })
    }

    /// Applies the rule to the stone just played.
    fn judge(&mut self, x: u32, y: u32, seat: usize) {
        match self.rule {
            Rule::Freestyle | Rule::Standard | Rule::Caro => {
                let need = match self.rule {
                    Rule::Standard => Five::Exactly,
                    Rule::Caro => Five::Unblocked,
                    _ => Five::AtLeast,
                };
                if self.five(x, y, seat, need) {
                    self.winner = Some(seat);
                }
            }
            Rule::Renju(check) => {
                if seat == 1 {
                    if self.five(x, y, 1, Five::AtLeast) {
                        self.winner = Some(1);
                    }
                } else if self.five(x, y, 0, Five::Exactly) {
                    self.winner = Some(0);
                } else if let Some(why) = check(self.n, &self.stones, x, y) {
                    self.forbidden = Some(why);
                }
            }
        }
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
        self.judge(x, y, seat);
        let text = format!("{x},{y}");
        self.moves.push(text.clone());
        Ok(text)
    }

    fn verdict(&self) -> Option<Verdict> {
        if let Some(why) = &self.forbidden {
            return Some(Verdict {
                winner: Some(1),
                reason: format!("Black played a forbidden move ({why})"),
            });
        }
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
    fn caro_five_needs_an_open_end() {
        let k = GomokuKind::new(Some(15), Some("caro")).unwrap();
        assert_eq!(k.start("").unwrap().gomocup_rule(), 8);
        // White blocks both ends of Black's row 3 (columns 2..=6): no win; then a five on
        // row 5 against the board's edge, blocked on one side only, wins.
        let mut g = k.start("").unwrap();
        for (b, w) in [((2, 3), (1, 3)), ((3, 3), (7, 3)), ((4, 3), (9, 9))] {
            g.play(&format!("{},{}", b.0, b.1)).unwrap();
            g.play(&format!("{},{}", w.0, w.1)).unwrap();
        }
        for (b, w) in [((5, 3), (10, 10)), ((6, 3), (5, 5))] {
            g.play(&format!("{},{}", b.0, b.1)).unwrap();
            assert!(g.verdict().is_none(), "a five blocked at both ends");
            g.play(&format!("{},{}", w.0, w.1)).unwrap();
        }
        for (b, w) in [(0, 12), (1, 13), (2, 14), (3, 11)] {
            g.play(&format!("{b},5")).unwrap();
            g.play(&format!("{w},0")).unwrap();
        }
        assert!(g.verdict().is_none());
        g.play("4,5").unwrap();
        assert_eq!(g.verdict().unwrap().winner, Some(0), "edge and White's 5,5");
    }

    /// A stand-in for the renju rules: a move on column 0 is "forbidden", and so is an overline
    /// (this checker only sees moves that are not exact fives).
    fn toy_check(_n: u32, stones: &[(u32, u32, usize)], x: u32, y: u32) -> Option<String> {
        let _ = stones;
        (x == 0).then(|| format!("column zero at {x},{y}"))
    }

    fn overline_check(n: u32, stones: &[(u32, u32, usize)], x: u32, y: u32) -> Option<String> {
        let mut r = GomokuKind::new(Some(n as usize), None)
            .unwrap()
            .start("")
            .unwrap();
        for &(sx, sy, _) in stones {
            let _ = r.play(&format!("{sx},{sy}"));
        }
        // Under freestyle this stone made five or more; not exact (checked before): overline.
        r.verdict().map(|_| format!("overline at {x},{y}"))
    }

    #[test]
    fn renju_plumbing_exact_five_forbidden_moves_and_white_overlines() {
        let k = GomokuKind::renju(None, toy_check).unwrap();
        assert_eq!(k.name(), "renju");
        assert_eq!(k.default_max_moves(), Some(200));
        let mut g = k.start("").unwrap();
        assert_eq!(g.gomocup_rule(), 4);
        g.play("5,5").unwrap();
        g.play("0,3").unwrap();
        assert!(g.verdict().is_none(), "White is never restricted");
        g.play("0,9").unwrap();
        let v = g.verdict().unwrap();
        assert_eq!(v.winner, Some(1));
        assert!(
            v.reason.contains("forbidden move (column zero at 0,9)"),
            "{v:?}"
        );

        // Black's exact five on column 0 wins: five overrides the prohibition.
        let k = GomokuKind::renju(None, toy_check).unwrap();
        let mut g = k.start("").unwrap();
        for y in 1..5 {
            g.play(&format!("1,{y}")).unwrap();
            g.play(&format!("9,{}", y * 2)).unwrap();
        }
        g.play("1,5").unwrap();
        assert_eq!(g.verdict().unwrap().winner, Some(0));

        // Black's overline loses; White's overline wins.
        let k = GomokuKind::renju(None, overline_check).unwrap();
        let mut g = k.start("").unwrap();
        for (b, w) in [(1, 1), (2, 2), (3, 3), (5, 4), (6, 5)] {
            g.play(&format!("{b},1")).unwrap();
            g.play(&format!("{},9", w * 2)).unwrap();
        }
        g.play("4,1").unwrap();
        let v = g.verdict().unwrap();
        assert_eq!(v.winner, Some(1), "{v:?}");
        assert!(v.reason.contains("overline"), "{v:?}");
        let mut g = k.start("").unwrap();
        for (b, w) in [(0, 1), (2, 2), (4, 3), (6, 5), (8, 6)] {
            g.play(&format!("{b},12")).unwrap();
            g.play(&format!("{w},9")).unwrap();
        }
        g.play("14,14").unwrap();
        assert!(g.verdict().is_none());
        g.play("4,9").unwrap();
        assert_eq!(g.verdict().unwrap().winner, Some(1), "White's six wins");
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
