//! The Hex referee: a board of its own (Hex's rules are a few lines: place a stone on an empty
//! cell; Black joins row 1 to the last row, White column a to the last column), independent of
//! the engine's code so that it can catch the engine's mistakes.
//!
//! Options: `--size N` (default 11; `--size` only makes square boards), `--variant swap` to
//! allow the swap on the second move. Swap uses HexGui 0.10's meaning of `swap-pieces` (the
//! first stone is mirrored (x,y)→(y,x) and recoloured White, Black to move), which keeps every
//! engine on its colour; engines must be started with swap enabled in their own way.
//! Openings are Benzene one-ply lines (`a1`; several cells alternate from Black). Engines are
//! set up with `boardsize W H`, `clear_board`, a `play` per opening stone and
//! `time_settings`; asked with `genmove b|w`, told `play b|w <cell>`, and hear their clock as
//! `time_left b|w <seconds> <stones>`. Records are SGF `FF[4]GM[11]` for HexGui.

use rand::rngs::StdRng;

use crate::arena::record::{hex_opening, sgf_hex};
use crate::arena::referee::{GameKind, Protocol, RecordInfo, Referee, Verdict};
use crate::arena::tc::Tc;
use crate::util::cells::{cell_name, parse_cell};

pub struct HexKind {
    pub width: usize,
    pub height: usize,
    pub swap: bool,
}

impl HexKind {
    pub fn new(size: Option<usize>, variant: Option<&str>) -> Result<HexKind, String> {
        let n = size.unwrap_or(11);
        if !(1..=26).contains(&n) {
            return Err("hex: --size must be 1..26".into());
        }
        let swap = match variant.unwrap_or("noswap") {
            "swap" => true,
            "noswap" | "" => false,
            other => return Err(format!("hex: unknown variant {other:?} (swap, noswap)")),
        };
        Ok(HexKind {
            width: n,
            height: n,
            swap,
        })
    }
}

const COLOURS: [&str; 2] = ["b", "w"];

impl GameKind for HexKind {
    fn name(&self) -> &'static str {
        "hex"
    }

    fn protocol(&self) -> Protocol {
        Protocol::Gtp
    }

    fn parse_opening(&self, line: &str) -> Result<String, String> {
        let cells = hex_opening(line, self.width, self.height)?;
        Ok(cells
            .iter()
            .map(|&(x, y)| cell_name(x, y))
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// The empty board: Hex engines vary their play themselves (or use an openings file).
    fn random_opening(&self, _rng: &mut StdRng) -> String {
        String::new()
    }

    fn start(&self, opening: &str) -> Result<Box<dyn Referee>, String> {
        let cells = hex_opening(opening, self.width, self.height)?;
        let mut r = HexReferee {
            w: self.width,
            h: self.height,
            swap: self.swap,
            board: vec![None; self.width * self.height],
            opening: Vec::new(),
            played: Vec::new(),
            moves: Vec::new(),
            winner: None,
        };
        for (x, y) in cells {
            let seat = r.to_move();
            r.place(x, y, seat);
            r.opening.push((seat, cell_name(x, y)));
            if r.winner.is_some() {
                return Err("opening: the game is already won".into());
            }
        }
        Ok(Box::new(r))
    }
}

pub struct HexReferee {
    w: usize,
    h: usize,
    swap: bool,
    board: Vec<Option<usize>>,
    /// Opening stones and moves played, as (seat, text).
    opening: Vec<(usize, String)>,
    played: Vec<(usize, String)>,
    moves: Vec<String>,
    winner: Option<usize>,
}

impl HexReferee {
    fn stones(&self) -> usize {
        self.opening.len() + self.played.len()
    }

    fn place(&mut self, x: usize, y: usize, seat: usize) {
        self.board[y * self.w + x] = Some(seat);
        if self.connects(seat) {
            self.winner = Some(seat);
        }
    }

    /// Black (0) joins row 1 to the last row, White (1) column a to the last column.
    fn connects(&self, seat: usize) -> bool {
        let (w, h) = (self.w, self.h);
        let mut seen = vec![false; w * h];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let starts: Vec<(usize, usize)> = if seat == 0 {
            (0..w).map(|x| (x, 0)).collect()
        } else {
            (0..h).map(|y| (0, y)).collect()
        };
        for (x, y) in starts {
            if self.board[y * w + x] == Some(seat) {
                seen[y * w + x] = true;
                stack.push((x, y));
            }
        }
        while let Some((x, y)) = stack.pop() {
            if (seat == 0 && y == h - 1) || (seat == 1 && x == w - 1) {
                return true;
            }
            let (x, y) = (x as isize, y as isize);
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                    continue;
                }
                let i = ny as usize * w + nx as usize;
                if !seen[i] && self.board[i] == Some(seat) {
                    seen[i] = true;
                    stack.push((nx as usize, ny as usize));
                }
            }
        }
        false
    }
}

impl Referee for HexReferee {
    fn to_move(&self) -> usize {
        // Swap keeps the colours: Black moves after it, so parity holds with the swap counted
        // as White's move.
        self.stones() % 2
    }

    fn play(&mut self, reply: &str) -> Result<String, String> {
        let word = reply.trim().to_ascii_lowercase();
        let seat = self.to_move();
        if word == "swap-pieces" || word == "swap" {
            if !self.swap {
                return Err("illegal move swap-pieces: the swap rule is off".into());
            }
            if self.stones() != 1 || self.w != self.h {
                return Err(
                    "illegal move swap-pieces: only as the second move on a square board".into(),
                );
            }
            let i = self
                .board
                .iter()
                .position(|c| c.is_some())
                .expect("one stone");
            let (x, y) = (i % self.w, i / self.w);
            self.board[i] = None;
            self.place(y, x, 1);
            self.played.push((seat, "swap-pieces".into()));
            self.moves.push("swap-pieces".into());
            return Ok("swap-pieces".into());
        }
        let (x, y) = parse_cell(&word).ok_or_else(|| format!("unreadable move {reply:?}"))?;
        if x >= self.w || y >= self.h {
            return Err(format!("illegal move {word}: off the board"));
        }
        if self.board[y * self.w + x].is_some() {
            return Err(format!("illegal move {word}: occupied"));
        }
        self.place(x, y, seat);
        let name = cell_name(x, y);
        self.played.push((seat, name.clone()));
        self.moves.push(name.clone());
        Ok(name)
    }

    fn verdict(&self) -> Option<Verdict> {
        if let Some(w) = self.winner {
            return Some(Verdict {
                winner: Some(w),
                reason: format!("{} connected", ["Black", "White"][w]),
            });
        }
        // A full board always has a winner; this only guards against the impossible.
        self.board.iter().all(|c| c.is_some()).then(|| Verdict {
            winner: None,
            reason: "board full".into(),
        })
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn gtp_setup(&self) -> Vec<String> {
        let mut cmds = vec![
            format!("boardsize {} {}", self.w, self.h),
            "clear_board".into(),
        ];
        cmds.extend(
            self.opening
                .iter()
                .map(|(seat, cell)| format!("play {} {cell}", COLOURS[*seat])),
        );
        cmds
    }

    fn gtp_genmove(&self, seat: usize) -> String {
        format!("genmove {}", COLOURS[seat])
    }

    fn gtp_play(&self, seat: usize, mv: &str) -> String {
        format!("play {} {mv}", COLOURS[seat])
    }

    /// GTP time: `time_settings main byoyomi stones`; a time per move is a byo-yomi of one
    /// stone, a clock is main time (GTP has no increment; `time_left` tells the truth).
    fn gtp_time_settings(&self, tc: &Tc) -> Vec<String> {
        match *tc {
            Tc::PerMove { ms } => vec![format!("time_settings 0 {} 1", seconds(ms as i64))],
            Tc::Clock { base_ms, .. } => {
                vec![format!("time_settings {} 0 0", seconds(base_ms as i64))]
            }
            Tc::Infinite => Vec::new(),
        }
    }

    /// `stones` 0 means main time, otherwise the time is for that many more moves.
    fn gtp_time_left(&self, seat: usize, left_ms: i64, moves_to_go: Option<u32>) -> Vec<String> {
        vec![format!(
            "time_left {} {} {}",
            COLOURS[seat],
            seconds(left_ms),
            moves_to_go.unwrap_or(0)
        )]
    }

    fn record(&self, info: &RecordInfo) -> (String, &'static str) {
        let all: Vec<(usize, String)> = self.opening.iter().chain(&self.played).cloned().collect();
        let comment = format!(
            "game {}, opening {:?}, time control {}: {}",
            info.game, info.opening, info.tc, info.verdict.reason
        );
        (
            sgf_hex(
                (self.w, self.h),
                info.names,
                &all,
                info.verdict.winner,
                &comment,
            ),
            "sgf",
        )
    }
}

/// GTP counts in seconds: whole seconds when exact, else with milliseconds (`0.5`), rounded
/// down so an engine never believes it has more time than it has. Sub-second controls need
/// the fraction (rounding 500 ms down to 0 would make an engine play instantly); engines that
/// read only integers see `0.5` as a parse error, so use whole seconds with them.
fn seconds(ms: i64) -> String {
    let ms = ms.max(0);
    if ms % 1000 == 0 {
        (ms / 1000).to_string()
    } else {
        format!("{}.{:03}", ms / 1000, ms % 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_joins_top_and_bottom_white_left_and_right() {
        let k = HexKind::new(Some(3), None).unwrap();
        // Black a1 a2 a3 (column a, rows 1..3) joins top to bottom.
        let mut g = k.start("").unwrap();
        for (mv, over) in [
            ("a1", false),
            ("c1", false),
            ("a2", false),
            ("c2", false),
            ("a3", true),
        ] {
            g.play(mv).unwrap();
            assert_eq!(g.verdict().is_some(), over, "after {mv}");
        }
        assert_eq!(g.verdict().unwrap().winner, Some(0));
        // White a2 b2 c2 (row 2) joins left to right; the diagonal neighbour (x+1, y-1) counts.
        let mut g = k.start("a1").unwrap();
        assert_eq!(g.to_move(), 1);
        for mv in ["a2", "b1", "b2", "c1"] {
            g.play(mv).unwrap();
            assert!(g.verdict().is_none(), "{mv}");
        }
        // White: a2 b2 and now c1, a neighbour of b2 through (x+1, y-1).
        let mut g2 = k.start("a1").unwrap();
        for mv in ["a2", "a3", "b2", "b3", "c1"] {
            g2.play(mv).unwrap();
        }
        assert_eq!(g2.verdict().unwrap().winner, Some(1));
        assert_eq!(g2.verdict().unwrap().reason, "White connected");
    }

    #[test]
    fn illegal_moves_and_swap() {
        let k = HexKind::new(Some(5), None).unwrap();
        let mut g = k.start("c3").unwrap();
        assert!(g.play("c3").unwrap_err().contains("occupied"));
        assert!(g.play("f1").unwrap_err().contains("off the board"));
        assert!(g.play("= c3").unwrap_err().contains("unreadable"));
        assert!(g.play("swap-pieces").unwrap_err().contains("off"));
        assert_eq!(g.play("B2").unwrap(), "b2");
        let k = HexKind::new(Some(5), Some("swap")).unwrap();
        let mut g = k.start("").unwrap();
        g.play("b1").unwrap();
        assert_eq!(g.play("swap-pieces").unwrap(), "swap-pieces");
        assert_eq!(g.to_move(), 0, "Black moves after the swap");
        // The stone is now White's, at a2.
        assert!(g.play("a2").unwrap_err().contains("occupied"));
        g.play("b1").unwrap();
        assert!(g.play("swap-pieces").is_err(), "only as the second move");
        assert!(HexKind::new(Some(5), Some("pie")).is_err());
    }

    #[test]
    fn gtp_commands_and_sgf() {
        let k = HexKind::new(Some(11), None).unwrap();
        let mut g = k.start("a1 b2").unwrap();
        assert_eq!(
            g.gtp_setup(),
            ["boardsize 11 11", "clear_board", "play b a1", "play w b2"]
        );
        assert_eq!(g.gtp_genmove(0), "genmove b");
        assert_eq!(g.gtp_play(1, "k11"), "play w k11");
        assert_eq!(
            g.gtp_time_settings(&Tc::PerMove { ms: 2500 }),
            ["time_settings 0 2.500 1"]
        );
        assert_eq!(
            g.gtp_time_settings(&Tc::PerMove { ms: 3000 }),
            ["time_settings 0 3 1"]
        );
        assert_eq!(g.gtp_time_left(1, 61_999, None), ["time_left w 61.999 0"]);
        assert_eq!(g.gtp_time_left(0, 500, Some(1)), ["time_left b 0.500 1"]);
        assert_eq!(g.gtp_time_left(0, -20, Some(1)), ["time_left b 0 1"]);
        g.play("c3").unwrap();
        let v = Verdict {
            winner: Some(1),
            reason: "resign".into(),
        };
        let info = RecordInfo {
            names: ["A", "B"],
            game: 0,
            opening: "a1 b2",
            verdict: &v,
            tc: &Tc::Infinite,
            times_ms: &[],
        };
        let (sgf, ext) = g.record(&info);
        assert_eq!(ext, "sgf");
        assert!(sgf.starts_with("(;FF[4]GM[11]AP[sente]SZ[11]PB[A]PW[B]RE[W+]"));
        assert!(sgf.ends_with(";B[a1];W[b2];B[c3])\n"), "{sgf}");
    }
}
