//! What the solver knows of a position before searching it: the verdict of the connection sets
//! (a win, a loss, or the must-play region) and the moves to try, best first.

use super::super::board::Cells;
use super::super::eval::Analysis;
use super::super::ice::inferior::Pruning;
use super::super::ice::{swap, Layers};
use super::super::position::Hex;
use super::super::vc::{must_play, Outlook, VcSet};
use super::symmetry;

pub const INF: u32 = u32::MAX / 4;

/// Whether the moves to try lose those a neighbour dominates by a local pattern proved on the
/// spot (`ice::swap`). Off: on the 6×6 openings it removed no move (2,855 nodes either way),
/// since the neighbourhood rule and must-play already take what its small region can prove.
const SWAP_DOMINATION: bool = false;

/// Whether the moves to try lose the mover's edge cells that a neighbour's bridge to that
/// edge captures (`ice::inferior::bridge_dominators`, Benzene's "id" edge cells). Off: the
/// trees shrink on 8×8 but not the time, and grow on 7×7. 8×8 after a1, one exclusive run
/// (2026-11-29 04:14–04:25 UTC): 194,836 → 133,711 df-pn nodes, 284,460 → 222,523 positions
/// judged, 161.4 → 167.2 s (MoHex 110.5 s); 7×7 sample (a1 a2 b2 e2 c3 d4 b6) 16,214 → 18,567
/// nodes; 6×6 openings 5,327 → 5,364. Counting the pruned cells in the first look's δ
/// anyway (so that df-pn's steering is unchanged) loses the gain: 198,636 nodes, 185.2 s.
/// With the connection sets carried into every visited child (session 8, 07:14–07:24 UTC) the
/// rule still does not pay: 8×8 a1 180,622 → 185,254 nodes, 144.7 → 149.4 s (MoHex 128.7 s).
const BRIDGES: bool = false;

/// Both colours' connection sets for one position, indexed by colour.
pub type Sets = [VcSet; 2];

/// A table entry.
pub struct Node {
    pub phi: u32,
    pub delta: u32,
    /// The moves to try, best first (the must-play region, ordered by the resistance
    /// evaluation), cut down further as proof sets refute them.
    pub children: Vec<u16>,
    /// For a position the side to move wins at once by a connection: its carrier (the proof).
    pub proof: Option<Cells>,
    /// The children's table keys, made on first expansion (fill-in is too costly to repeat on
    /// every pass through a node).
    pub kids: Option<Vec<Kid>>,
}

#[derive(Clone, Copy)]
pub struct Kid {
    pub cell: u16,
    /// The child's table key (`slot`).
    pub key: u64,
    /// Whether the child's entry is filed turned (`slot`).
    pub turned: bool,
    /// Whether the child's fill-in gave stones to the side to move there: the proof-set
    /// pruning only holds when it did not.
    pub for_mover: bool,
}

/// A position's table key and whether its entry is filed turned half a turn: a position and
/// its half-turn are the same game, so both use the smaller of their two keys, and the entry's
/// cells are those of the position with that key. Positions repeat this way across the
/// openings of one board (a1 and its turn g7 on 7×7) while the table is kept.
pub fn slot(pos: &Hex) -> (u64, bool) {
    let (key, turned) = (pos.key(), pos.turned_key());
    if turned < key {
        (turned, true)
    } else {
        (key, false)
    }
}

/// Cell `c` turned half a turn on a board whose last cell is `last`.
#[inline]
pub fn turn(last: usize, c: usize) -> usize {
    last - c
}

/// A set of cells turned half a turn.
pub fn turn_cells(last: usize, cells: &Cells) -> Cells {
    let mut out = Cells::EMPTY;
    for c in cells.iter() {
        out.insert(turn(last, c));
    }
    out
}

/// Moves (children) turned half a turn, each child's filing flipped to match.
pub fn turn_kids(last: usize, kids: &[Kid]) -> Vec<Kid> {
    kids.iter()
        .map(|k| Kid {
            cell: turn(last, k.cell as usize) as u16,
            turned: !k.turned,
            ..*k
        })
        .collect()
}

impl Node {
    /// This entry turned half a turn (between a position's cells and its filing, `slot`).
    pub fn turned(self, last: usize) -> Node {
        Node {
            children: self
                .children
                .iter()
                .map(|&c| turn(last, c as usize) as u16)
                .collect(),
            proof: self.proof.map(|p| turn_cells(last, &p)),
            kids: self.kids.map(|k| turn_kids(last, &k)),
            ..self
        }
    }
}

/// Builds both sets from scratch, with captured pairs in their rules if `pairs`
/// (`Solver::with_captured_pairs`).
pub fn build_sets(pos: &Hex, pairs: bool) -> Sets {
    [
        VcSet::build_with_pairs(pos.board(), 0, pairs),
        VcSet::build_with_pairs(pos.board(), 1, pairs),
    ]
}

/// The moves worth trying in a filled position, best first: what `Hex::ranked_moves` gives,
/// without its fill-in round, kept to `must`. On a position that is already filled that round
/// finds nothing, but it tested every empty cell for death, a good part of judging a position.
/// The resistance evaluation that orders the moves is made only when two or more remain:
/// the filter comes first, which leaves the order of the kept moves as it was.
fn ranked(pos: &Hex, layers: &Layers, must: &Cells) -> Vec<usize> {
    let board = pos.board();
    let live = if BRIDGES {
        Pruning::with_bridges(layers, pos.to_move()).consider
    } else {
        Pruning::new(layers, pos.to_move()).consider
    };
    let pool = if live.is_empty() {
        board.empty_cells()
    } else {
        live
    };
    let mut moves: Vec<usize> = pool.and(must).iter().collect();
    if moves.len() < 2 {
        return moves;
    }
    let values = Analysis::new(board).move_values(board);
    moves.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    moves
}

/// Looks at a (filled) position without trying moves: a finished game, a connection for
/// either side (a full one, or a semi one for the side to move, who plays its key), or else
/// the must-play region as the moves to try.
pub fn evaluate(pos: &Hex, sets: &Sets) -> Node {
    let me = pos.to_move();
    let won = |proof: Cells| Node {
        phi: 0,
        delta: INF,
        children: Vec::new(),
        proof: Some(proof),
        kids: None,
    };
    let lost = Node {
        phi: INF,
        delta: 0,
        children: Vec::new(),
        proof: None,
        kids: None,
    };
    if let Some(w) = pos.winner() {
        return if w == me { won(Cells::EMPTY) } else { lost };
    }
    let empty = pos.board().empty_cells();
    let must = match must_play(&sets[me as usize], &sets[1 - me as usize], &empty) {
        Outlook::Won(c) => return won(c),
        Outlook::Lost(_) => return lost,
        Outlook::MustPlay(m) => m,
    };
    let must = must.minus(&symmetry::self_reflecting_moves(pos));
    let layers = Layers::new(pos.board());
    let mut children: Vec<u16> = ranked(pos, &layers, &must)
        .into_iter()
        .map(|c| c as u16)
        .collect();
    let repeats = symmetry::rotated_repeats(pos, &children);
    children.retain(|&c| !repeats.has(c as usize));
    if SWAP_DOMINATION {
        swap::prune(&layers, me, &mut children, &empty.minus(&must));
    }
    if children.is_empty() {
        return lost;
    }
    // Refuting every move takes work in proportion to their number (mobility).
    Node {
        phi: 1,
        delta: children.len() as u32,
        children,
        proof: None,
        kids: None,
    }
}
