//! The Hex transcripts' expected connection and inferior-cell answers (`protocol-tests/hex/vc.txt`,
//! `inferior.txt`, the `vc-build` answers of `analyze.txt`), checked by brute force on a board of
//! this file's own (bit masks, nothing of the engine's), not against the engine's earlier output:
//!
//! - a full connection wins for its owner with the opponent to move and only its carrier free
//!   (every other empty cell given to the opponent); a semi wins with the owner to move, and
//!   with its key played is a full;
//! - every cell outside the must-play region loses for the side that must play: a connection
//!   checked above avoids it, or a search of the whole board says so;
//! - a dead cell's colour never changes the winner of any filling of the board; a captured set
//!   keeps, against every intrusion, the winner of the board where its owner holds all of it; a
//!   vulnerable cell is dead once a stone (of one colour or the other) stands on any one of its
//!   killers.
//!
//! The minimax (`wins`) is the plain one of `src/games/hex/vc/tests.rs`, with an early exit.

use std::collections::HashMap;

const BLACK: u8 = 0;
const WHITE: u8 = 1;

/// A board of side `n` (at most 8): bit `y * n + x` is the cell of column `x`, row `y`. Black
/// joins the top and bottom rows, White the left and right columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Board {
    n: usize,
    stones: [u64; 2],
}

impl Board {
    fn new(n: usize) -> Board {
        assert!(n <= 8);
        Board { n, stones: [0; 2] }
    }

    fn all(&self) -> u64 {
        (1u64 << (self.n * self.n)) - 1
    }

    fn row(&self, y: usize) -> u64 {
        ((1u64 << self.n) - 1) << (y * self.n)
    }

    fn col(&self, x: usize) -> u64 {
        (0..self.n).fold(0, |m, y| m | 1 << (y * self.n + x))
    }

    fn cell(&self, name: &str) -> u64 {
        let x = (name.as_bytes()[0] - b'a') as usize;
        let y: usize = name[1..].parse::<usize>().unwrap() - 1;
        assert!(x < self.n && y < self.n, "{name}");
        1 << (y * self.n + x)
    }

    fn cells(&self, names: &[&str]) -> u64 {
        names.iter().fold(0, |m, c| m | self.cell(c))
    }

    fn empty(&self) -> u64 {
        self.all() & !(self.stones[0] | self.stones[1])
    }

    fn with(mut self, color: u8, cells: u64) -> Board {
        assert_eq!(cells & !self.empty(), 0, "occupied");
        self.stones[color as usize] |= cells;
        self
    }

    /// The six neighbours of every cell of `s`.
    fn around(&self, s: u64) -> u64 {
        let n = self.n;
        let (first, last) = (self.col(0), self.col(n - 1));
        ((s << 1 & !first)
            | (s >> 1 & !last)
            | s << n
            | s >> n
            | (s >> (n - 1) & !first)
            | (s << (n - 1) & !last))
            & self.all()
    }

    /// Whether `color`'s stones `s` join its two edges.
    fn joins(&self, color: u8, s: u64) -> bool {
        let (from, to) = if color == BLACK {
            (self.row(0), self.row(self.n - 1))
        } else {
            (self.col(0), self.col(self.n - 1))
        };
        let mut reach = s & from;
        loop {
            let next = (reach | self.around(reach)) & s;
            if next == reach {
                return reach & to != 0;
            }
            reach = next;
        }
    }

    fn winner(&self) -> Option<u8> {
        [BLACK, WHITE]
            .into_iter()
            .find(|&c| self.joins(c, self.stones[c as usize]))
    }
}

fn bits(m: u64) -> impl Iterator<Item = u64> {
    (0..64).map(|i| 1u64 << i).filter(move |b| m & b != 0)
}

type Memo = HashMap<(Board, u8, u8), bool>;

/// Whether `color` wins with `to_move` to move (minimax, memoised).
fn wins(b: &Board, to_move: u8, color: u8, memo: &mut Memo) -> bool {
    if let Some(w) = b.winner() {
        return w == color;
    }
    if let Some(&r) = memo.get(&(*b, to_move, color)) {
        return r;
    }
    // Decided at the first reply that decides it: a win for the mover, a loss for the other.
    let mut replies = bits(b.empty()).map(|c| wins(&b.with(to_move, c), 1 - to_move, color, memo));
    let r = if to_move == color {
        replies.any(|r| r)
    } else {
        replies.all(|r| r)
    };
    memo.insert((*b, to_move, color), r);
    r
}

/// Whether cell `c` (empty on `b`) is dead: for every filling of the other empty cells, Black
/// wins with a black stone on `c` exactly when it wins with a white one. (Adding a black stone
/// only helps Black, so the only way to matter is to turn a White win into a Black one.)
fn dead(b: &Board, c: u64) -> bool {
    let free: Vec<u64> = bits(b.empty() & !c).collect();
    let mut black = b.stones[0];
    // Gray code: one cell changes colour per step.
    for i in 1..=(1u64 << free.len()) {
        if !b.joins(BLACK, black) && b.joins(BLACK, black | c) {
            return false;
        }
        if i < 1 << free.len() {
            black ^= free[i.trailing_zeros() as usize];
        }
    }
    true
}

/// Whether `owner` keeps the set `k` (empty on `b`): for every filling of the cells outside it,
/// the opponent moving first inside `k` and the two alternating until it is full, `owner` can
/// still reach the winner of the board where it holds all of `k`.
fn captured(b: &Board, k: u64, owner: u8) -> bool {
    let outside: Vec<u64> = bits(b.empty() & !k).collect();
    for i in 0..(1u64 << outside.len()) {
        let black = outside
            .iter()
            .enumerate()
            .filter(|(j, _)| i >> j & 1 != 0)
            .fold(0, |m, (_, c)| m | c);
        let mut x = *b;
        x.stones[0] |= black;
        x.stones[1] |= b.empty() & !k & !black;
        let want = x.with(owner, k).winner();
        if want == Some(owner) && !local(&x, k, 1 - owner, owner) {
            return false;
        }
    }
    true
}

/// Whether `owner` wins filling the empty cells `k` of `b` (all its other cells full) in turn
/// with the opponent, `to_move` first: a minimax over `k` alone.
fn local(b: &Board, k: u64, to_move: u8, owner: u8) -> bool {
    if let Some(w) = b.winner() {
        return w == owner;
    }
    let mine = to_move == owner;
    for c in bits(k) {
        let r = local(&b.with(to_move, c), k & !c, 1 - to_move, owner);
        if r == mine {
            return r;
        }
    }
    !mine
}

/// The reply lines of the `nth` `> command` of a transcript, `= ` taken off the first and the
/// continuation lines' leading space off the others.
fn reply<'a>(transcript: &'a str, command: &str, nth: usize) -> Vec<&'a str> {
    let lines: Vec<&str> = transcript.lines().collect();
    let wanted = format!("> {command}");
    let at = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| **l == wanted)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {command:?} number {nth}"))
        .0;
    lines[at + 1..]
        .iter()
        .take_while(|l| **l != "<")
        .map(|l| {
            let l = l.strip_prefix("< ").expect("exact reply lines");
            l.strip_prefix("= ").unwrap_or(l).trim()
        })
        .collect()
}

/// The first `[ ... ]` of a connection line, as cells.
fn carrier(b: &Board, line: &str) -> u64 {
    let inside = line.split('[').nth(1).unwrap().split(']').next().unwrap();
    b.cells(&inside.split_whitespace().collect::<Vec<_>>())
}

#[test]
fn the_vc_transcripts_connections_and_must_play_hold_by_brute_force() {
    let t = include_str!("../protocol-tests/hex/vc.txt");
    let b = Board::new(5).with(BLACK, Board::new(5).cell("c2"));
    let mut memo = Memo::new();
    // c2 to the north edge, with c2 joined to the south edge by c3 c4 c5.
    let full = reply(t, "vc-between-cells-full b c2 north", 0);
    assert_eq!(full.len(), 2, "{full:?}");
    assert!(full[1].starts_with("black c2 north full"), "{full:?}");
    let f = carrier(&b, full[1]);
    let south = b.cells(&["c3", "c4", "c5"]);
    assert_eq!(f & south, 0);
    let x = b.with(BLACK, south).with(WHITE, b.empty() & !f & !south);
    assert!(wins(&x, WHITE, BLACK, &mut memo), "{}", full[1]);
    // Each semi to the south edge (c2 joined to the north edge by c1): wins with Black to move,
    // and is a full once its key is played.
    let semis = reply(t, "vc-between-cells-semi b c2 south", 0);
    assert_eq!(semis.len(), 4, "{semis:?}");
    let north = b.cell("c1");
    let mut certificates = vec![];
    for line in &semis[1..] {
        assert!(line.starts_with("black c2 south semi"), "{line}");
        let s = carrier(&b, line);
        let key = b.cell(line.split_whitespace().last().unwrap());
        assert!(s & key != 0 && s & north == 0, "{line}");
        let x = b.with(BLACK, north).with(WHITE, b.empty() & !s & !north);
        assert!(wins(&x, BLACK, BLACK, &mut memo), "{line}");
        assert!(wins(&x.with(BLACK, key), WHITE, BLACK, &mut memo), "{line}");
        // With the full to the north: an edge-to-edge semi, whose carrier White must enter.
        let region = f | s;
        assert!(wins(
            &b.with(WHITE, b.empty() & !region),
            BLACK,
            BLACK,
            &mut memo
        ));
        certificates.push(region);
    }
    // vc-get-mustplay w: a cell marked x loses for White, as an edge-to-edge semi checked above
    // avoids it. (c1 and d1, the north full's carrier, are in every one of the semis listed:
    // that White loses there too needs a search of the whole board, too big for brute force.)
    let marks = reply(t, "vc-get-mustplay w", 0)[0];
    let words: Vec<&str> = marks.split_whitespace().collect();
    let mut outside = 0;
    let mut unproven = 0;
    for pair in words.chunks(2) {
        assert_eq!(pair[1], "x", "{marks}");
        let m = b.cell(pair[0]);
        outside |= m;
        if !certificates.iter().any(|r| r & m == 0) {
            unproven |= m;
        }
    }
    assert_eq!(unproven, f, "marked cells no checked connection avoids");
    // The cells left unmarked are those of every certificate, c3 and b5.
    let unmarked = b.empty() & !outside;
    assert_eq!(unmarked, b.cells(&["c3", "b5"]));
    assert!(certificates.iter().all(|r| r & unmarked == unmarked));
}

/// Checks one inferior-cell answer (Benzene's form) for `colour` on `b`; returns the cells
/// `vc-build` marks ` x` (outside the must-play region) after it.
fn check_inferior(b: &Board, colour: u8, answer: &str) -> u64 {
    let words: Vec<&str> = answer.split_whitespace().collect();
    assert!(words.len().is_multiple_of(2), "{answer}");
    let (mut dead_cells, mut capture, mut vulnerable) = ([0u64; 2], [0u64; 2], vec![]);
    let mut marked = 0;
    for pair in words.chunks(2) {
        let c = b.cell(pair[0]);
        match pair[1] {
            "x" => marked |= c,
            "fdb" => dead_cells[0] |= c,
            "fdw" => dead_cells[1] |= c,
            "fcb" => capture[0] |= c,
            "fcw" => capture[1] |= c,
            tag => {
                let killers = tag
                    .strip_prefix("iv[")
                    .and_then(|t| t.strip_suffix(']'))
                    .unwrap_or_else(|| panic!("unexpected tag {tag} in {answer}"));
                vulnerable.push((pair[0], c, b.cells(&killers.split('-').collect::<Vec<_>>())));
            }
        }
    }
    // Dead cells are filled with the opponent's colour of the side asked about. Fill-in is
    // found step by step, each cell in the light of the others: each claim is checked on the
    // board with the rest of the fill-in in place.
    assert_eq!(dead_cells[colour as usize], 0, "{answer}");
    let filled = b
        .with(BLACK, dead_cells[0] | capture[0])
        .with(WHITE, dead_cells[1] | capture[1]);
    let without = |cells: u64| {
        let mut x = filled;
        x.stones[0] &= !cells;
        x.stones[1] &= !cells;
        x
    };
    for c in bits(dead_cells[0] | dead_cells[1]) {
        assert!(dead(&without(c), c), "{answer}: a cell marked dead is not");
    }
    for owner in [BLACK, WHITE] {
        let k = capture[owner as usize];
        if k != 0 {
            assert!(
                captured(&without(k), k, owner),
                "{answer}: the set marked captured by {owner} is not"
            );
        }
    }
    // The pruned moves leave a winning move whenever the side to move wins (on boards small
    // enough to search whole once filled in).
    let pruned = vulnerable.iter().fold(0, |m, v| m | v.1);
    let mut memo = Memo::new();
    let small = filled.empty().count_ones() <= 12;
    if small && filled.winner().is_none() && wins(&filled, colour, colour, &mut memo) {
        assert!(
            bits(filled.empty() & !pruned).any(|m| wins(
                &filled.with(colour, m),
                1 - colour,
                colour,
                &mut memo
            )),
            "{answer}: every winning move is pruned"
        );
    }
    for (name, c, killers) in vulnerable {
        for k in bits(killers) {
            assert!(
                [BLACK, WHITE].iter().any(|&z| dead(&filled.with(z, k), c)),
                "{answer}: no stone on a killer of {name} makes it dead"
            );
        }
    }
    marked
}

#[test]
fn the_inferior_cell_answers_hold_by_brute_force() {
    let inferior = include_str!("../protocol-tests/hex/inferior.txt");
    let analyze = include_str!("../protocol-tests/hex/analyze.txt");
    let empty = Board::new(5);
    let c = |names: &[&str]| empty.cells(names);
    let join = |r: Vec<&str>| r.join(" ");
    // inferior.txt: the empty board, then black c2 d3 and white b3.
    check_inferior(&empty, BLACK, reply(inferior, "compute-inferior b", 0)[0]);
    // vc.txt: black c2; vc-build marks the must-play region of vc-get-mustplay (checked above).
    let vc = include_str!("../protocol-tests/hex/vc.txt");
    let p = empty.with(BLACK, c(&["c2"]));
    let marked = check_inferior(&p, WHITE, &join(reply(vc, "vc-build w", 0)));
    let mustplay = reply(vc, "vc-get-mustplay w", 0)[0];
    assert_eq!(
        marked,
        c(&mustplay
            .split(" x")
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>())
    );
    let p = empty.with(BLACK, c(&["c2", "d3"])).with(WHITE, c(&["b3"]));
    check_inferior(&p, WHITE, &join(reply(inferior, "compute-inferior w", 0)));
    check_inferior(&p, BLACK, &join(reply(inferior, "compute-inferior b", 1)));
    check_inferior(&p, WHITE, &join(reply(inferior, "vc-build w", 0)));
    // analyze.txt: black c3, then black c3 d1 c2.
    let q = empty.with(BLACK, c(&["c3"]));
    check_inferior(&q, WHITE, &join(reply(analyze, "vc-build w", 0)));
    let r = q.with(BLACK, c(&["d1", "c2"]));
    check_inferior(&r, BLACK, &join(reply(analyze, "vc-build b", 0)));
}
