//! The Kalah referee: Kalah(m,n) as issue 3 defines it, on a small board of its own.
//!
//! The referee's rules are deliberately independent of the engine's (`games::kalah`, written
//! separately): a referee that shared the engine's code could not catch the engine's rule bugs.
//! They are the whole of Kalah: counter-clockwise sowing that skips the opponent's store, the
//! extra turn, captures (`empty_capture on|off`), and the standard end: as soon as either side's
//! pits are all empty after a move (an extra-turn move too), each side's seeds to its store.
//!
//! Options: `--size m` (pits per side, default 6) and `--variant seeds=4,empty_capture=off`.
//! Openings are pit numbers played from the start (`3 1`, each from its mover's left; `start`
//! is the start position itself); random openings are two random moves. Engines are set up with
//! `newgame m n`, `rule empty_capture on|off` and a `play` per opening move, asked with
//! `genmove`, told `play <pit>`.

use rand::rngs::StdRng;
use rand::Rng;

use crate::arena::referee::{GameKind, Protocol, RecordInfo, Referee, Verdict};

pub struct KalahKind {
    pub pits: usize,
    pub seeds: u32,
    pub empty_capture: bool,
}

impl KalahKind {
    /// From `--size` and `--variant` (`seeds=N`, `empty_capture=on|off`, or `empty_capture`).
    pub fn new(size: Option<usize>, variant: Option<&str>) -> Result<KalahKind, String> {
        let mut k = KalahKind {
            pits: size.unwrap_or(6),
            seeds: 4,
            empty_capture: false,
        };
        // The limit of `sente kalah` (its `newgame`): a match the engines cannot set up is
        // refused before any engine starts.
        if !(1..=8).contains(&k.pits) {
            return Err(format!(
                "kalah: --size (pits per side) must be 1..8, not {}",
                k.pits
            ));
        }
        for word in variant
            .unwrap_or("")
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            match word.split_once('=') {
                Some(("seeds", n)) => {
                    k.seeds = n
                        .parse()
                        .ok()
                        .filter(|&n| (1..=64).contains(&n))
                        .ok_or("kalah: seeds must be 1..64")?;
                }
                Some(("empty_capture", v)) => {
                    k.empty_capture = match v {
                        "on" => true,
                        "off" => false,
                        _ => return Err("kalah: empty_capture=on|off".into()),
                    }
                }
                None if word == "empty_capture" => k.empty_capture = true,
                _ => {
                    return Err(format!(
                        "kalah: unknown variant {word:?} (seeds=N, empty_capture=on|off)"
                    ))
                }
            }
        }
        Ok(k)
    }

    fn board(&self) -> Board {
        Board::new(self.pits, self.seeds, self.empty_capture)
    }
}

/// Pits `0..m` and store `m` are the first player's; pits `m+1..2m+1` and store `2m+1` the
/// second's. Sowing runs up the indices, wrapping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    m: usize,
    cells: Vec<u32>,
    mover: usize,
    empty_capture: bool,
}

impl Board {
    pub fn new(m: usize, n: u32, empty_capture: bool) -> Board {
        let mut cells = vec![n; 2 * m + 2];
        cells[m] = 0;
        cells[2 * m + 1] = 0;
        Board {
            m,
            cells,
            mover: 0,
            empty_capture,
        }
    }

    fn store(&self, side: usize) -> usize {
        side * (self.m + 1) + self.m
    }

    fn pit(&self, side: usize, p: usize) -> usize {
        side * (self.m + 1) + p
    }

    fn side_seeds(&self, side: usize) -> u32 {
        (0..self.m).map(|p| self.cells[self.pit(side, p)]).sum()
    }

    /// The standard ending: as soon as either side's pits are all empty after a move (an
    /// extra-turn move included), whoever is to move.
    pub fn is_over(&self) -> bool {
        self.side_seeds(0) == 0 || self.side_seeds(1) == 0
    }

    /// Final stores once over: every seed left goes to the owner of its side.
    pub fn final_stores(&self) -> [u32; 2] {
        [0, 1].map(|s| self.cells[self.store(s)] + self.side_seeds(s))
    }

    /// Plays pit `p` (1-based from the mover's left).
    pub fn play(&mut self, p: usize) -> Result<(), String> {
        if p == 0 || p > self.m {
            return Err(format!("no pit {p} (pits are 1..{})", self.m));
        }
        let from = self.pit(self.mover, p - 1);
        let mut seeds = self.cells[from];
        if seeds == 0 {
            return Err(format!("pit {p} is empty"));
        }
        self.cells[from] = 0;
        let len = self.cells.len();
        let skip = self.store(1 - self.mover);
        let mut at = from;
        while seeds > 0 {
            at = (at + 1) % len;
            if at == skip {
                continue;
            }
            self.cells[at] += 1;
            seeds -= 1;
        }
        let own = self.mover * (self.m + 1);
        if at == self.store(self.mover) {
            return Ok(()); // extra turn
        }
        if (own..own + self.m).contains(&at) && self.cells[at] == 1 {
            let opposite = 2 * self.m - at;
            if self.cells[opposite] > 0 || self.empty_capture {
                let taken = self.cells[opposite] + 1;
                self.cells[opposite] = 0;
                self.cells[at] = 0;
                let store = self.store(self.mover);
                self.cells[store] += taken;
            }
        }
        self.mover = 1 - self.mover;
        Ok(())
    }

    fn legal_pits(&self) -> Vec<usize> {
        (1..=self.m)
            .filter(|&p| self.cells[self.pit(self.mover, p - 1)] > 0)
            .collect()
    }

    /// `north pits (right to left) / stores / south pits`, as a line of text.
    pub fn describe(&self) -> String {
        let north: Vec<String> = (0..self.m)
            .rev()
            .map(|p| self.cells[self.pit(1, p)].to_string())
            .collect();
        let south: Vec<String> = (0..self.m)
            .map(|p| self.cells[self.pit(0, p)].to_string())
            .collect();
        format!(
            "[{}] {} | {} [{}]",
            self.cells[self.store(1)],
            north.join(" "),
            south.join(" "),
            self.cells[self.store(0)]
        )
    }
}

fn parse_moves(line: &str) -> Result<Vec<usize>, String> {
    line.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().map_err(|_| format!("not a pit: {w:?}")))
        .collect()
}

impl GameKind for KalahKind {
    fn name(&self) -> &'static str {
        "kalah"
    }

    fn protocol(&self) -> Protocol {
        Protocol::Gtp
    }

    /// Pit numbers, or `start` for the start position itself.
    fn parse_opening(&self, line: &str) -> Result<String, String> {
        let line = line.trim();
        let moves = if line == "start" {
            Vec::new()
        } else {
            parse_moves(line)?
        };
        let text = moves
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        self.start(&text)?;
        Ok(text)
    }

    fn random_opening(&self, rng: &mut StdRng) -> String {
        let mut b = self.board();
        let mut moves = Vec::new();
        for _ in 0..2 {
            let legal = b.legal_pits();
            if legal.is_empty() || b.is_over() {
                break;
            }
            let p = legal[rng.gen_range(0..legal.len())];
            let _ = b.play(p);
            if b.is_over() {
                break;
            }
            moves.push(p);
        }
        let mut b = self.board();
        moves.retain(|&p| b.play(p).is_ok());
        moves
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn start(&self, opening: &str) -> Result<Box<dyn Referee>, String> {
        let mut board = self.board();
        let opening_moves = parse_moves(opening)?;
        let mut movers = Vec::new();
        for &p in &opening_moves {
            movers.push(board.mover);
            board.play(p).map_err(|e| format!("opening: {e}"))?;
            if board.is_over() {
                return Err("opening: the game is over".into());
            }
        }
        Ok(Box::new(KalahReferee {
            kind: (self.pits, self.seeds, self.empty_capture),
            opening: opening_moves.into_iter().zip(movers).collect(),
            start: board.clone(),
            board,
            moves: Vec::new(),
            history: Vec::new(),
        }))
    }
}

pub struct KalahReferee {
    kind: (usize, u32, bool),
    /// Opening moves with their movers.
    opening: Vec<(usize, usize)>,
    start: Board,
    board: Board,
    moves: Vec<String>,
    /// (mover, pit, board after) per move, for the record.
    history: Vec<(usize, usize, String)>,
}

impl Referee for KalahReferee {
    fn to_move(&self) -> usize {
        self.board.mover
    }

    fn play(&mut self, reply: &str) -> Result<String, String> {
        let p: usize = reply
            .trim()
            .parse()
            .map_err(|_| format!("unreadable move {reply:?}"))?;
        let mover = self.board.mover;
        self.board
            .play(p)
            .map_err(|e| format!("illegal move {p}: {e}"))?;
        self.moves.push(p.to_string());
        self.history.push((mover, p, self.board.describe()));
        Ok(p.to_string())
    }

    fn verdict(&self) -> Option<Verdict> {
        if !self.board.is_over() {
            return None;
        }
        let [a, b] = self.board.final_stores();
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        Some(Verdict {
            winner,
            reason: format!("final score {a}-{b}"),
        })
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn gtp_setup(&self) -> Vec<String> {
        let (m, n, ec) = self.kind;
        let mut cmds = vec![
            format!("newgame {m} {n}"),
            format!("rule empty_capture {}", if ec { "on" } else { "off" }),
        ];
        cmds.extend(self.opening.iter().map(|(p, _)| format!("play {p}")));
        cmds
    }

    fn record(&self, info: &RecordInfo) -> (String, &'static str) {
        let (m, n, ec) = self.kind;
        let mut s = format!(
            "# Kalah({m},{n}), empty_capture {}, game {}: {} (first, south) vs {} (second, north), \
             time control {}\n# board: [north store] north pits right to left | south pits left \
             to right [south store]\nopening {:?}\nstart {}\n",
            if ec { "on" } else { "off" },
            info.game,
            info.names[0],
            info.names[1],
            info.tc,
            info.opening,
            self.start.describe()
        );
        for (i, (mover, p, after)) in self.history.iter().enumerate() {
            let time = info
                .times_ms
                .get(i)
                .map(|t| format!("  ({t} ms)"))
                .unwrap_or_default();
            s.push_str(&format!(
                "{:>3}. {:<10} {p:<3} -> {after}{time}\n",
                i + 1,
                info.names[*mover]
            ));
        }
        let result = match info.verdict.winner {
            Some(w) => format!("{} wins", info.names[w]),
            None => "draw".into(),
        };
        s.push_str(&format!("result: {result}; {}\n", info.verdict.reason));
        (s, "txt")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sowing_extra_turns_and_captures() {
        // Kalah(6,4): pit 3 (index 2) sows 4 seeds into pits 4, 5, 6 and the store: extra turn.
        let mut b = Board::new(6, 4, false);
        b.play(3).unwrap();
        assert_eq!(b.describe(), "[0] 4 4 4 4 4 4 | 4 4 0 5 5 5 [1]");
        assert_eq!(b.mover, 0);
        b.play(6).unwrap();
        // 5 seeds from pit 6: store, then north's pits 1..4.
        assert_eq!(b.describe(), "[0] 4 4 5 5 5 5 | 4 4 0 5 5 0 [2]");
        assert_eq!(b.mover, 1);
        // A lap of 13+ seeds skips the opponent's store.
        let mut lap = Board::new(6, 13, false);
        lap.play(1).unwrap();
        // 13 seeds from south pit 1: pits 2..6 (5), store (1), north 1..6 (6), skip north's
        // store, back into pit 1 (1): pit 1 was emptied, so it lands in an empty own pit and
        // captures the opposite north pit 6 (13 + 1 = 14) with it.
        assert_eq!(
            lap.describe(),
            "[0] 0 14 14 14 14 14 | 0 14 14 14 14 14 [16]"
        );
        assert_eq!(lap.mover, 1);
    }

    #[test]
    fn empty_capture_variant() {
        // South pit 1 holds one seed, pit 2 is empty, north's pit opposite pit 2 is empty.
        let mut b = Board::new(2, 0, false);
        b.cells = vec![1, 0, 0, 0, 3, 0];
        // North pits: index 3 (pit 1, opposite south pit 2) and 4 (pit 2, opposite south pit 1).
        let mut on = b.clone();
        on.empty_capture = true;
        b.play(1).unwrap();
        assert_eq!(
            b.cells,
            vec![0, 1, 0, 0, 3, 0],
            "no capture of an empty pit"
        );
        on.play(1).unwrap();
        assert_eq!(
            on.cells,
            vec![0, 0, 1, 0, 3, 0],
            "the lone seed is captured"
        );
    }

    #[test]
    fn referee_ends_and_scores_the_game() {
        let k = KalahKind::new(Some(1), Some("seeds=1")).unwrap();
        // Kalah(1,1): south sows its seed into its store, extra turn, but has no seeds: over.
        let mut g = k.start("").unwrap();
        assert_eq!(g.gtp_setup(), ["newgame 1 1", "rule empty_capture off"]);
        assert!(g.play("2").unwrap_err().contains("no pit 2"));
        assert!(g.play("x").unwrap_err().contains("unreadable"));
        g.play("1").unwrap();
        let v = g.verdict().unwrap();
        // South 1 in store; north keeps its seed: 1-1.
        assert_eq!(v.winner, None);
        assert_eq!(v.reason, "final score 1-1");
        // Kalah(2,1): south's 2 into the store (extra turn), then 1 into the empty pit 2,
        // capturing north's pit 1: south's side is empty, over although north has a seed.
        let k2 = KalahKind::new(Some(2), Some("seeds=1")).unwrap();
        let mut g = k2.start("").unwrap();
        g.play("2").unwrap();
        assert!(g.verdict().is_none());
        g.play("1").unwrap();
        let v = g
            .verdict()
            .expect("south's side is empty: the game is over");
        assert_eq!((v.winner, v.reason.as_str()), (Some(0), "final score 3-1"));
        // A capture that empties the other side ends it too, the mover keeping its seeds:
        // Kalah(3,1), 2 3 1 1: south's last seed captures north's last seeds; south keeps 2.
        let k3 = KalahKind::new(Some(3), Some("seeds=1")).unwrap();
        let mut g = k3.start("").unwrap();
        for p in ["2", "3", "1"] {
            g.play(p).unwrap();
            assert!(g.verdict().is_none());
        }
        g.play("1").unwrap();
        let v = g
            .verdict()
            .expect("north's side is empty: the game is over");
        assert_eq!((v.winner, v.reason.as_str()), (Some(0), "final score 5-1"));
        let k = KalahKind::new(None, Some("empty_capture=on,seeds=3")).unwrap();
        assert_eq!((k.pits, k.seeds, k.empty_capture), (6, 3, true));
        assert!(KalahKind::new(None, Some("colour=red")).is_err());
        let k4 = KalahKind::new(None, None).unwrap();
        let g = k4.start("3 1").unwrap();
        assert_eq!(
            g.to_move(),
            1,
            "3 ends in the store (extra turn), then 1 passes the turn"
        );
        assert_eq!(
            g.gtp_setup()[2..],
            ["play 3".to_string(), "play 1".to_string()]
        );
        assert!(k.start("7").is_err());
        assert_eq!(k.parse_opening("start").unwrap(), "");
        assert_eq!(k.parse_opening("3, 1").unwrap(), "3 1");
        assert!(k.parse_opening("3 x").is_err());
        let mut rng = <StdRng as rand::SeedableRng>::seed_from_u64(3);
        let o = k.random_opening(&mut rng);
        assert!(k.start(&o).is_ok());
    }
}
