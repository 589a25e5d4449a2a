//! The transcript runner's own referees: every move an engine prints in a Renju, Gomoku or Hex
//! transcript is replayed through the rules, so an occupied, off-board or (Black, renju)
//! forbidden reply fails the transcript even where the transcript checks the reply by a regex.
//!
//! A referee follows the position the transcript builds from what it sends (`START`, `TURN`,
//! `BOARD`, `TAKEBACK`, ...; `boardsize`, `play`, `undo`, ...) and what the engine answers. It
//! keeps its own board; only renju's forbidden points come from the rules module the match
//! runner's referee uses (`sente::arena::games::renju_forbidden`). Kalah's moves are refereed
//! in self-play by the match runner (`tests/match.rs`), Nim's there too.

use std::collections::VecDeque;

/// Follows one transcript's game.
pub trait Referee {
    /// A line the transcript sends to the engine.
    fn sent(&mut self, line: &str);
    /// A line the engine printed: `Err` when it is an illegal move.
    fn received(&mut self, line: &str) -> Result<(), String>;
    /// How many engine moves were checked.
    fn checked(&self) -> usize;
}

/// The referee for the engine mode in `args` (`renju`, `gomoku`, `hex`), if there is one.
pub fn for_args(args: &[String]) -> Option<Box<dyn Referee>> {
    match args.first().map(String::as_str) {
        Some("renju") => Some(Box::new(Gomocup::new(15, true))),
        Some("gomoku") => Some(Box::new(Gomocup::new(20, false))),
        Some("hex") => Some(Box::new(Hex::default())),
        _ => None,
    }
}

fn parse_xy(s: &str) -> Option<(i32, i32)> {
    let (x, y) = s.trim().split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// A stone: x, y, Black.
type Stone = (i32, i32, bool);

#[derive(Clone)]
struct Board {
    w: i32,
    h: i32,
    renju: bool,
    stones: Vec<Stone>,
}

enum Block {
    /// `BOARD` (the engine answers with a move) or `YXBOARD` (no answer).
    Board(Vec<String>),
    Swap2(Vec<String>),
}

/// Gomocup: renju and gomoku.
pub struct Gomocup {
    b: Board,
    /// The board before the last command that changed it: an `ERROR` puts it back.
    before: Option<Board>,
    block: Option<Block>,
    /// The next move answers `YXNBEST`: checked, not played.
    unplayed: bool,
    checked: usize,
}

impl Gomocup {
    fn new(size: i32, renju: bool) -> Gomocup {
        Gomocup {
            b: Board {
                w: size,
                h: size,
                renju,
                stones: vec![],
            },
            before: None,
            block: None,
            unplayed: false,
            checked: 0,
        }
    }

    fn change(&mut self) {
        self.before = Some(self.b.clone());
    }

    fn black_to_move(&self) -> bool {
        let black = self.b.stones.iter().filter(|s| s.2).count();
        2 * black == self.b.stones.len()
    }

    fn resize(&mut self, w: Option<i32>, h: Option<i32>) {
        self.change();
        if let (Some(w), Some(h)) = (w, h) {
            self.b.w = w;
            self.b.h = h;
        }
        self.b.stones.clear();
    }

    fn done(&mut self, block: Block) {
        self.change();
        match block {
            Block::Board(lines) => {
                let mut first = None;
                let mut stones = vec![];
                for l in &lines {
                    let mut f = l.split(',').map(|w| w.trim().parse::<i32>());
                    let (Some(Ok(x)), Some(Ok(y)), Some(Ok(field)), None) =
                        (f.next(), f.next(), f.next(), f.next())
                    else {
                        return; // the engine refuses the block
                    };
                    // Field 3 (a winning-line stone) counts as the opponent's.
                    let own = field == 1;
                    let black = *first.get_or_insert(own) == own;
                    stones.push((x, y, black));
                }
                self.b.stones = stones;
            }
            Block::Swap2(lines) => {
                self.b.stones = lines
                    .iter()
                    .filter_map(|l| parse_xy(l))
                    .enumerate()
                    .map(|(i, (x, y))| (x, y, i.is_multiple_of(2)))
                    .collect();
            }
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<bool> {
        self.b
            .stones
            .iter()
            .find(|s| (s.0, s.1) == (x, y))
            .map(|s| s.2)
    }

    /// The longest line of `black`'s stones through (x, y), the stone at (x, y) included.
    fn run(&self, x: i32, y: i32, black: bool) -> usize {
        [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .map(|&(dx, dy)| {
                let mut n = 1;
                for sign in [1, -1] {
                    let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
                    while self.at(cx, cy) == Some(black) {
                        n += 1;
                        cx += sign * dx;
                        cy += sign * dy;
                    }
                }
                n
            })
            .max()
            .unwrap_or(1)
    }

    /// Checks one stone of the engine's and plays it.
    fn stone(&mut self, x: i32, y: i32) -> Result<(), String> {
        let b = &self.b;
        if x < 0 || y < 0 || x >= b.w || y >= b.h {
            return Err(format!(
                "engine move {x},{y} is off the {}x{} board",
                b.w, b.h
            ));
        }
        if self.at(x, y).is_some() {
            return Err(format!("engine move {x},{y} is on an occupied point"));
        }
        let black = self.black_to_move();
        if b.renju && black && b.w == b.h && self.run(x, y, true) != 5 {
            let stones: Vec<(u32, u32, usize)> = b
                .stones
                .iter()
                .map(|&(sx, sy, sb)| (sx as u32, sy as u32, usize::from(!sb)))
                .collect();
            if let Some(why) =
                sente::arena::games::renju_forbidden(b.w as u32, &stones, x as u32, y as u32)
            {
                return Err(format!("engine move {x},{y} is forbidden for Black: {why}"));
            }
        }
        self.b.stones.push((x, y, black));
        Ok(())
    }
}

impl Referee for Gomocup {
    fn sent(&mut self, line: &str) {
        let line = line.trim();
        let upper = line.to_ascii_uppercase();
        if let Some(block) = &mut self.block {
            if upper == "DONE" {
                let block = self.block.take().unwrap();
                self.unplayed = false;
                self.done(block);
            } else if upper != "END" {
                match block {
                    Block::Board(l) | Block::Swap2(l) => l.push(line.to_string()),
                }
            }
            return;
        }
        let mut words = upper.split_whitespace();
        let cmd = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let num = |i: usize| rest.get(i).and_then(|w| w.parse::<i32>().ok());
        match cmd {
            "START" if rest.len() == 1 => self.resize(num(0), num(0)),
            "START" if rest.len() == 2 => self.resize(num(0), num(1)),
            "RECTSTART" => {
                let wh = rest.first().and_then(|r| parse_xy(r));
                self.resize(wh.map(|p| p.0), wh.map(|p| p.1))
            }
            "RESTART" => self.resize(None, None),
            "TURN" => {
                self.change();
                self.unplayed = false;
                if let Some((x, y)) = rest.first().and_then(|r| parse_xy(r)) {
                    if self.at(x, y).is_none() && x >= 0 && y >= 0 && x < self.b.w && y < self.b.h {
                        let black = self.black_to_move();
                        self.b.stones.push((x, y, black));
                    }
                }
            }
            "TAKEBACK" => {
                self.change();
                if let Some((x, y)) = rest.first().and_then(|r| parse_xy(r)) {
                    self.b.stones.retain(|s| (s.0, s.1) != (x, y));
                }
            }
            "BEGIN" | "PLAY" => self.unplayed = false,
            "YXNBEST" => self.unplayed = true,
            "BOARD" | "YXBOARD" => self.block = Some(Block::Board(vec![])),
            "SWAP2BOARD" => self.block = Some(Block::Swap2(vec![])),
            "INFO" if rest.first() == Some(&"RULE") => {
                if let Some(r) = num(1) {
                    self.b.renju = r & 4 != 0 || r == 2;
                }
            }
            _ => {}
        }
    }

    fn received(&mut self, line: &str) -> Result<(), String> {
        let line = line.trim();
        if line.starts_with("ERROR") {
            if let Some(b) = self.before.take() {
                self.b = b;
            }
            return Ok(());
        }
        let stones: Option<Vec<(i32, i32)>> = line.split(' ').map(parse_xy).collect();
        let Some(stones) = stones.filter(|s| !s.is_empty()) else {
            if line == "OK" {
                self.before = None;
            }
            return Ok(());
        };
        self.before = None;
        self.checked += 1;
        let keep = self.b.clone();
        for (x, y) in stones {
            self.stone(x, y)?;
        }
        if self.unplayed {
            self.b = keep;
        }
        Ok(())
    }

    fn checked(&self) -> usize {
        self.checked
    }
}

/// A GTP command waiting for its reply.
enum Gtp {
    Boardsize(Option<(i32, i32)>),
    Clear,
    Play(String),
    Undo,
    Genmove,
    SwapMeaning(bool),
    Other,
}

/// Hex over GTP.
pub struct Hex {
    w: i32,
    h: i32,
    /// `param_game swap_meaning benzene`: swap-pieces keeps the stone where it is.
    benzene: bool,
    moves: Vec<String>,
    pending: VecDeque<Gtp>,
    checked: usize,
}

impl Default for Hex {
    fn default() -> Hex {
        // `sente hex` starts on 11x11.
        Hex {
            w: 11,
            h: 11,
            benzene: false,
            moves: vec![],
            pending: VecDeque::new(),
            checked: 0,
        }
    }
}

impl Hex {
    fn cell(&self, m: &str) -> Option<(i32, i32)> {
        let letter = m.chars().next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let y: i32 = m[1..].parse().ok()?;
        Some((letter as i32 - 'a' as i32, y - 1))
    }

    /// The occupied cells after `moves`.
    fn stones(&self) -> Vec<(i32, i32)> {
        let mut s = vec![];
        for m in &self.moves {
            match m.as_str() {
                "swap-pieces" if !self.benzene => {
                    if let Some(&(x, y)) = s.first() {
                        s = vec![(y, x)];
                    }
                }
                "swap-pieces" | "swap-sides" | "resign" => {}
                _ => s.extend(self.cell(m)),
            }
        }
        s
    }

    fn check(&self, m: &str) -> Result<(), String> {
        if matches!(m, "swap-pieces" | "swap-sides" | "resign") {
            return if m != "resign" && self.stones().len() != 1 {
                Err(format!("engine move {m} when it is not the second move"))
            } else {
                Ok(())
            };
        }
        let (x, y) = self
            .cell(m)
            .ok_or_else(|| format!("engine move {m:?} is not a cell"))?;
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return Err(format!(
                "engine move {m} is off the {}x{} board",
                self.w, self.h
            ));
        }
        if self.stones().contains(&(x, y)) {
            return Err(format!("engine move {m} is on an occupied cell"));
        }
        Ok(())
    }
}

impl Referee for Hex {
    fn sent(&mut self, line: &str) {
        let line = line
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.first().is_some_and(|w| w.parse::<u32>().is_ok()) {
            words.remove(0);
        }
        let Some(&cmd) = words.first() else {
            return; // blank lines and comments get no reply
        };
        let arg = |i: usize| words.get(i).and_then(|w| w.parse::<i32>().ok());
        self.pending.push_back(match cmd {
            "boardsize" => Gtp::Boardsize(arg(1).map(|w| (w, arg(2).unwrap_or(w)))),
            "clear_board" => Gtp::Clear,
            "play" => Gtp::Play(words.get(2).unwrap_or(&"").to_string()),
            "undo" => Gtp::Undo,
            "genmove" => Gtp::Genmove,
            "param_game" if words.get(1) == Some(&"swap_meaning") => {
                Gtp::SwapMeaning(words.get(2) == Some(&"benzene"))
            }
            _ => Gtp::Other,
        });
    }

    fn received(&mut self, line: &str) -> Result<(), String> {
        let ok = line.starts_with('=');
        if !ok && !line.starts_with('?') {
            return Ok(()); // the rest of a reply
        }
        let Some(cmd) = self.pending.pop_front() else {
            return Ok(());
        };
        if !ok {
            return Ok(());
        }
        let text = line[1..]
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim();
        match cmd {
            Gtp::Boardsize(Some((w, h))) => {
                (self.w, self.h) = (w, h);
                self.moves.clear();
            }
            Gtp::Clear => self.moves.clear(),
            Gtp::Play(m) => self.moves.push(m),
            Gtp::Undo => {
                self.moves.pop();
            }
            Gtp::Genmove => {
                let m = text.to_ascii_lowercase();
                self.check(&m)?;
                self.checked += 1;
                if m != "resign" {
                    self.moves.push(m);
                }
            }
            Gtp::SwapMeaning(b) => self.benzene = b,
            Gtp::Boardsize(None) | Gtp::Other => {}
        }
        Ok(())
    }

    fn checked(&self) -> usize {
        self.checked
    }
}
