//! The transcript runner's own referees: every move an engine prints in a Renju, Gomoku, Hex,
//! Kalah or Nim transcript is replayed through the rules, so an occupied, off-board, empty or
//! (Black, renju) forbidden reply fails the transcript even where the transcript checks the
//! reply by a regex.
//!
//! A referee follows the position the transcript builds from what it sends (`START`, `TURN`,
//! `BOARD`, `TAKEBACK`, ...; `boardsize`, `play`, `undo`, `newgame`, `position`, `heaps`, ...)
//! and what the engine answers. It keeps its own board and its own rules (Kalah's sowing,
//! captures and ending are written here again, apart from the engine's); only renju's forbidden
//! points come from the rules module the match runner's referee uses
//! (`sente::arena::games::renju_forbidden`).

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

/// The referee for the engine mode in `args` (`renju`, `gomoku`, `hex`, `kalah`, `nim`).
pub fn for_args(args: &[String]) -> Option<Box<dyn Referee>> {
    match args.first().map(String::as_str) {
        Some("renju") => Some(Box::new(Gomocup::new(15, true))),
        Some("gomoku") => Some(Box::new(Gomocup::new(20, false))),
        Some("hex") => Some(Box::new(Hex::default())),
        Some("kalah") => Some(Box::new(Gtp::new(Kalah::default()))),
        Some("nim") => Some(Box::new(Gtp::new(Nim::default()))),
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
enum HexCmd {
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
    pending: VecDeque<HexCmd>,
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
            "boardsize" => HexCmd::Boardsize(arg(1).map(|w| (w, arg(2).unwrap_or(w)))),
            "clear_board" => HexCmd::Clear,
            "play" => HexCmd::Play(words.get(2).unwrap_or(&"").to_string()),
            "undo" => HexCmd::Undo,
            "genmove" => HexCmd::Genmove,
            "param_game" if words.get(1) == Some(&"swap_meaning") => {
                HexCmd::SwapMeaning(words.get(2) == Some(&"benzene"))
            }
            _ => HexCmd::Other,
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
            HexCmd::Boardsize(Some((w, h))) => {
                (self.w, self.h) = (w, h);
                self.moves.clear();
            }
            HexCmd::Clear => self.moves.clear(),
            HexCmd::Play(m) => self.moves.push(m),
            HexCmd::Undo => {
                self.moves.pop();
            }
            HexCmd::Genmove => {
                let m = text.to_ascii_lowercase();
                self.check(&m)?;
                self.checked += 1;
                if m != "resign" {
                    self.moves.push(m);
                }
            }
            HexCmd::SwapMeaning(b) => self.benzene = b,
            HexCmd::Boardsize(None) | HexCmd::Other => {}
        }
        Ok(())
    }

    fn checked(&self) -> usize {
        self.checked
    }
}

/// A game over the text protocol of `sente kalah` and `sente nim` (GTP framing): the commands
/// that change the position, and the engine's moves in replies.
trait TextGame: Clone {
    /// Applies a command the engine accepted (`words`: lower case, id removed). Commands that
    /// leave the position alone are ignored.
    fn accepted(&mut self, words: &[&str]);
    /// Checks the engine's reply to `words` (the text after `=`): `Err` if it names an illegal
    /// move. Plays the move if the command plays it (`genmove`); returns whether it held a move.
    fn reply(&mut self, words: &[&str], text: &str) -> Result<bool, String>;
}

/// Follows the commands in flight and their replies for a [`TextGame`]: a command changes the
/// referee's position only once the engine answers it with `=` (a `?` reply changes nothing).
struct Gtp<G: TextGame> {
    game: G,
    pending: VecDeque<Vec<String>>,
    checked: usize,
}

impl<G: TextGame> Gtp<G> {
    fn new(game: G) -> Gtp<G> {
        Gtp {
            game,
            pending: VecDeque::new(),
            checked: 0,
        }
    }
}

impl<G: TextGame> Referee for Gtp<G> {
    fn sent(&mut self, line: &str) {
        let line = line
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
        if words.first().is_some_and(|w| w.parse::<u64>().is_ok()) {
            words.remove(0);
        }
        if !words.is_empty() {
            self.pending.push_back(words);
        }
    }

    fn received(&mut self, line: &str) -> Result<(), String> {
        let ok = line.starts_with('=');
        if !ok && !line.starts_with('?') {
            return Ok(()); // the rest of a reply, or the blank line that ends it
        }
        let Some(words) = self.pending.pop_front() else {
            return Ok(());
        };
        if !ok {
            return Ok(());
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let text = line[1..]
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim();
        if self.game.reply(&words, text)? {
            self.checked += 1;
        }
        self.game.accepted(&words);
        Ok(())
    }

    fn checked(&self) -> usize {
        self.checked
    }
}

/// Kalah: both rows (each from its owner's left), both stores, the side to move; the moves
/// played since the last `newgame`, `position` or `rule` for `undo`.
#[derive(Clone)]
struct KalahBoard {
    pits: [Vec<u32>; 2],
    stores: [u32; 2],
    to_move: usize,
    empty_capture: bool,
}

impl KalahBoard {
    fn start(m: usize, n: u32, empty_capture: bool) -> KalahBoard {
        KalahBoard {
            pits: [vec![n; m], vec![n; m]],
            stores: [0, 0],
            to_move: 0,
            empty_capture,
        }
    }

    fn over(&self) -> bool {
        self.pits.iter().any(|row| row.iter().all(|&s| s == 0))
    }

    /// Why the mover may not sow `pit` (1-based), if they may not.
    fn illegal(&self, pit: usize) -> Option<String> {
        let m = self.pits[0].len();
        if self.over() {
            Some(format!("engine move {pit} after the game is over"))
        } else if pit == 0 || pit > m {
            Some(format!("engine move {pit}: no such pit (1..{m})"))
        } else if self.pits[self.to_move][pit - 1] == 0 {
            Some(format!("engine move {pit}: the pit is empty"))
        } else {
            None
        }
    }

    /// Sows the mover's `pit` (1-based, legal) seed by seed.
    fn sow(&mut self, pit: usize) {
        let m = self.pits[0].len();
        let me = self.to_move;
        let mut seeds = std::mem::take(&mut self.pits[me][pit - 1]);
        // Places around the board from the mover's view: 0..m own pits, m own store,
        // m+1..2m+1 the other side's pits; the other store is never visited.
        let mut at = pit - 1;
        while seeds > 0 {
            at = (at + 1) % (2 * m + 1);
            seeds -= 1;
            match at {
                a if a < m => self.pits[me][a] += 1,
                a if a == m => self.stores[me] += 1,
                a => self.pits[1 - me][a - m - 1] += 1,
            }
        }
        if at < m && self.pits[me][at] == 1 {
            let facing = m - 1 - at;
            let taken = self.pits[1 - me][facing];
            if taken > 0 || self.empty_capture {
                self.pits[me][at] = 0;
                self.pits[1 - me][facing] = 0;
                self.stores[me] += taken + 1;
            }
        }
        if self.over() {
            for side in 0..2 {
                self.stores[side] += self.pits[side].iter().sum::<u32>();
                self.pits[side].iter_mut().for_each(|s| *s = 0);
            }
        } else if at != m {
            self.to_move = 1 - me;
        }
    }
}

#[derive(Clone)]
struct Kalah {
    history: Vec<KalahBoard>,
    seeds: u32,
}

impl Default for Kalah {
    /// `sente kalah` starts on Kalah(6,4), `empty_capture off`.
    fn default() -> Kalah {
        Kalah {
            history: vec![KalahBoard::start(6, 4, false)],
            seeds: 4,
        }
    }
}

impl Kalah {
    fn now(&self) -> &KalahBoard {
        self.history.last().expect("never empty")
    }

    /// Checks the move a reply names (its first word, or the second after a margin).
    fn check(&self, word: Option<&str>) -> Result<bool, String> {
        let Some(pit) = word else {
            return Ok(false);
        };
        let pit: usize = pit
            .parse()
            .map_err(|_| format!("engine move {pit:?} is not a pit"))?;
        self.now().illegal(pit).map_or(Ok(true), Err)
    }
}

impl TextGame for Kalah {
    fn accepted(&mut self, w: &[&str]) {
        let num = |i: usize| w.get(i).and_then(|x| x.parse::<u32>().ok());
        let ec = self.now().empty_capture;
        match w[0] {
            "newgame" => {
                let (m, n) = match (num(1), num(2)) {
                    (Some(m), Some(n)) => (m as usize, n),
                    _ => (self.now().pits[0].len(), self.seeds),
                };
                self.seeds = n;
                self.history = vec![KalahBoard::start(m, n, ec)];
            }
            "rule" => {
                let mut b = self.now().clone();
                b.empty_capture = w.get(2) == Some(&"on");
                self.history = vec![b];
            }
            "position" => {
                let v: Vec<u32> = (1..w.len()).filter_map(num).collect();
                let m = (v.len() - 2) / 2;
                self.history = vec![KalahBoard {
                    pits: [v[..m].to_vec(), v[m + 1..2 * m + 1].to_vec()],
                    stores: [v[m], v[2 * m + 1]],
                    to_move: 0,
                    empty_capture: ec,
                }];
            }
            "play" => {
                if let Some(p) = num(1) {
                    let mut b = self.now().clone();
                    b.sow(p as usize);
                    self.history.push(b);
                }
            }
            "undo" if self.history.len() > 1 => {
                self.history.pop();
            }
            _ => {}
        }
    }

    fn reply(&mut self, w: &[&str], text: &str) -> Result<bool, String> {
        let mut words = text.split_whitespace();
        match w[0] {
            "genmove" => {
                let pit = words.next();
                let checked = self.check(pit)?;
                if let Some(p) = pit.and_then(|p| p.parse::<usize>().ok()) {
                    let mut b = self.now().clone();
                    b.sow(p);
                    self.history.push(b);
                }
                Ok(checked)
            }
            // `<margin> <pit>`, or the margin alone once the game is over.
            "solve" => self.check(words.nth(1)),
            "analyze" => self.check(words.next()),
            _ => Ok(false),
        }
    }
}

/// Nim: the heaps and the moves played since the last `heaps`, for `undo`.
#[derive(Clone, Default)]
struct Nim {
    history: Vec<Vec<u64>>,
}

impl Nim {
    fn heaps(&self) -> &[u64] {
        self.history.last().map_or(&[], Vec::as_slice)
    }

    /// Checks `<heap> <count>` (1-based heap); returns the heaps after it.
    fn check(&self, heap: Option<&str>, count: Option<&str>) -> Result<Vec<u64>, String> {
        let (Some(h), Some(c)) = (heap, count) else {
            return Err(format!(
                "engine move {heap:?} {count:?} is not <heap> <count>"
            ));
        };
        let (Ok(h), Ok(c)) = (h.parse::<usize>(), c.parse::<u64>()) else {
            return Err(format!("engine move {h} {c} is not <heap> <count>"));
        };
        let mut heaps = self.heaps().to_vec();
        match heaps.get_mut(h.wrapping_sub(1)) {
            Some(size) if c >= 1 && c <= *size => *size -= c,
            Some(size) => return Err(format!("engine move {h} {c}: heap {h} holds {size}")),
            None => return Err(format!("engine move {h} {c}: no heap {h}")),
        }
        Ok(heaps)
    }
}

impl TextGame for Nim {
    fn accepted(&mut self, w: &[&str]) {
        match w[0] {
            "heaps" => self.history = vec![w[1..].iter().filter_map(|x| x.parse().ok()).collect()],
            "play" => {
                if let Ok(after) = self.check(w.get(1).copied(), w.get(2).copied()) {
                    self.history.push(after);
                }
            }
            "undo" if self.history.len() > 1 => {
                self.history.pop();
            }
            _ => {}
        }
    }

    fn reply(&mut self, w: &[&str], text: &str) -> Result<bool, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let at = |i: usize| words.get(i).copied();
        match w[0] {
            "genmove" => {
                let after = self.check(at(0), at(1))?;
                self.history.push(after);
                Ok(true)
            }
            // `win <heap> <count>`, `loss` (or `win` with no move: the game is over).
            "solve" if words.len() > 1 => self.check(at(1), at(2)).map(|_| true),
            "analyze" => self.check(at(0), at(1)).map(|_| true),
            _ => Ok(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sends each `(command, reply)` pair; the first error, if any.
    fn replay(game: &str, exchange: &[(&str, &str)]) -> Result<usize, String> {
        let mut r = for_args(&[game.to_string()]).expect("a referee");
        for (sent, got) in exchange {
            r.sent(sent);
            r.received(got)?;
        }
        Ok(r.checked())
    }

    #[test]
    fn kalah_replies_are_replayed() {
        // Kalah(3,3): pit 1's three seeds go to pits 2 and 3 and the store, an extra turn;
        // pit 1 is then empty. Pit 2's four then end on the other side, whose pit 1 holds 4.
        let opening = [("newgame 3 3", "= "), ("play 1", "= ")];
        let legal = [
            opening.as_slice(),
            &[("genmove", "= 2"), ("solve", "= +2 1")],
        ]
        .concat();
        assert_eq!(replay("kalah", &legal), Ok(2));
        let empty = [opening.as_slice(), &[("genmove", "= 1")]].concat();
        assert!(replay("kalah", &empty).unwrap_err().contains("empty"));
        let off = [("newgame 3 3", "= "), ("analyze 10", "= 4 score +0.00")];
        assert!(replay("kalah", &off).unwrap_err().contains("no such pit"));
        // A refused command changes nothing: `play 4` was answered `?`, pit 1 still holds 3.
        let refused = [
            ("newgame 3 3", "= "),
            ("play 4", "? illegal"),
            ("genmove", "= 1"),
        ];
        assert_eq!(replay("kalah", &refused), Ok(1));
        // The game is over once a side is empty: no move may follow.
        let over = [
            ("position 0 1 0 1 0 0", "= "),
            ("play 2", "= "),
            ("genmove", "= 1"),
        ];
        assert!(replay("kalah", &over).unwrap_err().contains("over"));
    }

    #[test]
    fn nim_replies_are_replayed() {
        let legal = [
            ("heaps 1 2", "= "),
            ("genmove", "= 2 2"),
            ("solve", "= win 1 1"),
        ];
        assert_eq!(replay("nim", &legal), Ok(2));
        let too_many = [
            ("heaps 1 2", "= "),
            ("play 2 2", "= "),
            ("genmove", "= 2 1"),
        ];
        assert!(replay("nim", &too_many).unwrap_err().contains("holds 0"));
        let no_heap = [("heaps 3", "= "), ("analyze 10", "= 2 1 score win")];
        assert!(replay("nim", &no_heap).unwrap_err().contains("no heap"));
    }
}
