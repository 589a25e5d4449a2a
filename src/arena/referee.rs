//! The referee's view of a game: the start position, the legality of every move, the end.
//!
//! The runner never trusts an engine: it keeps its own board through a [`Referee`] built from
//! our rules code, checks every reply against it, and decides every result itself. A game plugs
//! into the runner with two small pieces: a [`GameKind`] (openings and new games) and a
//! [`Referee`] (one game in progress). Moves travel between them as canonical text, the way the
//! game's protocol writes them, so that results files and records stay readable.

use rand::rngs::StdRng;

use super::tc::Tc;

/// The protocol a game's engines speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// GTP framing: Hex, and the text protocol of Kalah and Nim.
    Gtp,
    /// The Gomocup (piskvork) protocol: Gomoku and Renju.
    Gomocup,
}

/// How a game ended: `winner` is the seat (0 moved first, 1 second), `None` a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub winner: Option<usize>,
    pub reason: String,
}

/// What a game record needs beyond the moves.
#[derive(Clone, Debug)]
pub struct RecordInfo<'a> {
    pub names: [&'a str; 2],
    pub game: usize,
    pub opening: &'a str,
    pub verdict: &'a Verdict,
    pub tc: &'a Tc,
    /// Time each move took, in ms, one per engine move (opening moves have none).
    pub times_ms: &'a [u64],
}

/// A game as the runner knows it before play: how openings read and how a game starts.
pub trait GameKind: Send + Sync {
    /// The game's name as `--game` spells it.
    fn name(&self) -> &'static str;

    fn protocol(&self) -> Protocol;

    /// Reads one line of an openings file into the opening's canonical text. The formats are
    /// the game's own (Benzene's one move per line for Hex, Gomocup offsets for Gomoku, heaps
    /// for Nim).
    fn parse_opening(&self, line: &str) -> Result<String, String>;

    /// An opening for when no file is given (Nim: random heaps; board games: the empty board).
    fn random_opening(&self, rng: &mut StdRng) -> String;

    /// A new game from a canonical opening.
    fn start(&self, opening: &str) -> Result<Box<dyn Referee>, String>;

    /// Plies after which the game is adjudicated a draw, unless `--max-moves` says otherwise.
    fn default_max_moves(&self) -> Option<usize> {
        None
    }
}

/// One game in progress, refereed with our own rules.
pub trait Referee: Send {
    /// The seat to move: 0 for the side that moves first in the game, 1 for the other.
    fn to_move(&self) -> usize;

    /// Reads the reply of the engine to move, checks it and plays it. Returns the move in
    /// canonical text, or why the reply is unreadable or illegal (a forfeit).
    fn play(&mut self, reply: &str) -> Result<String, String>;

    /// `Some` once the rules end the game.
    fn verdict(&self) -> Option<Verdict>;

    /// The moves played since the opening, in canonical text.
    fn moves(&self) -> &[String];

    /// The game record (SGF, PSQ or plain text) and its file extension.
    fn record(&self, info: &RecordInfo) -> (String, &'static str);

    /// GTP: the commands that set up the start position on a fresh or reused engine.
    fn gtp_setup(&self) -> Vec<String> {
        Vec::new()
    }

    /// GTP: the command asking the engine in `seat` for a move.
    fn gtp_genmove(&self, _seat: usize) -> String {
        "genmove".into()
    }

    /// GTP: the command telling an engine that `seat` played `mv`.
    fn gtp_play(&self, _seat: usize, mv: &str) -> String {
        format!("play {mv}")
    }

    /// GTP: the commands that announce the time control at the start of a game.
    fn gtp_time_settings(&self, _tc: &Tc) -> Vec<String> {
        Vec::new()
    }

    /// GTP: the commands that tell the engine in `seat` its clock before a move. The text
    /// protocol's form is `time_left <ms> [<moves>]`: the time is for the next `moves` moves
    /// when given (1 for a time per move), for the rest of the game otherwise.
    fn gtp_time_left(&self, _seat: usize, left_ms: i64, moves_to_go: Option<u32>) -> Vec<String> {
        match moves_to_go {
            Some(m) => vec![format!("time_left {left_ms} {m}")],
            None => vec![format!("time_left {left_ms}")],
        }
    }

    /// Gomocup: the board's width and height.
    fn board_size(&self) -> (u32, u32) {
        (0, 0)
    }

    /// Gomocup: the `INFO rule` bitmask.
    fn gomocup_rule(&self) -> u32 {
        0
    }

    /// Gomocup: every stone in move order as `(x, y, seat)`, for `BOARD`.
    fn stones(&self) -> Vec<(u32, u32, usize)> {
        Vec::new()
    }
}

/// Splits an openings file into its meaningful lines: blank lines and lines starting with `#`
/// or `;` are comments.
pub fn opening_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#') && !l.starts_with(';'))
}

/// Reads an openings file with the game's parser; errors name the line.
pub fn load_openings(kind: &dyn GameKind, path: &std::path::Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in opening_lines(&text) {
        let opening = kind
            .parse_opening(line)
            .map_err(|e| format!("{}:{n}: {e}", path.display()))?;
        kind.start(&opening)
            .map_err(|e| format!("{}:{n}: {e}", path.display()))?;
        out.push(opening);
    }
    if out.is_empty() {
        return Err(format!("{}: no openings in the file", path.display()));
    }
    Ok(out)
}
