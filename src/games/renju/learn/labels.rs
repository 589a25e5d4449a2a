//! Move labels for the ordering fit (issue 39 step 3): positions the search meets, each with the
//! best move of a search several times deeper than the games'. A played move says what one
//! search of the game's size chose in a game's position; the tree, though, spends its nodes in
//! positions one or two moves off any game's line (after a move that is not the best), and
//! there the move to try first is the refutation. So each label's position is a recorded game's
//! position after its opening, moved off the line by 0, 1 or 2 plies (chances 1/2, 1/4, 1/4),
//! each a random one of the picker's first eight moves, and labelled by a search of `--nodes`
//! from a cleared table.
//!
//! One line per label, appended as each search ends (`util::shard_file`, so a run resumes):
//! `label renju 15 k10 h8 h7 h6 ...`: the rule, the board side, the searched best move, then
//! the position's moves from Black's first. `sente selfplay renju-labels --from DIR --nodes N
//! --games COUNT --shard i/n --out DIR [--resume]` writes them (docs/renju.md).
//!
//! A label may also carry the searcher's score of the position, for the side to move, in the
//! searcher's own units: `label renju 15 k10 ev=-35 h8 ...`. Another engine's labels
//! (`--teacher`, `arena::teacher`) carry it, and the value fit learns from it (`train`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::records::{parse_rule, read_dir, read_lines, rule_word, Record};
use crate::games::renju::board::{cell, xy, Board, Cell, Rule, MAX_SIDE};
use crate::games::renju::movepick::{mode, Mode};
use crate::games::renju::search::{self as renju_search, win, SearchLimits};
use crate::search::Tt;
use crate::util::cells::{cell_name, parse_cell};
use crate::util::shard_file;

/// One labelled position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub rule: Rule,
    pub size: usize,
    /// The deeper search's best move.
    pub best: Cell,
    /// The searcher's score of the position for the side to move, when it reported one.
    pub score: Option<i32>,
    /// The position, from Black's first move.
    pub moves: Vec<Cell>,
}

impl Label {
    /// The label's line (no newline).
    pub fn line(&self) -> String {
        let name = |c: Cell| {
            let (x, y) = xy(c);
            cell_name(x, y)
        };
        let mut s = format!(
            "label {} {} {}",
            rule_word(self.rule),
            self.size,
            name(self.best)
        );
        if let Some(ev) = self.score {
            s.push_str(&format!(" ev={ev}"));
        }
        for &m in &self.moves {
            s.push(' ');
            s.push_str(&name(m));
        }
        s
    }

    /// Reads a line: `Ok(None)` for a comment or a blank line; an error for anything malformed,
    /// including a position that cannot be replayed or a best move that is not legal in it.
    pub fn parse(line: &str) -> Result<Option<Label>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let mut words = line.split_whitespace();
        if words.next() != Some("label") {
            return Err("not a label line".into());
        }
        let mut next = |what: &str| words.next().ok_or(format!("no {what}"));
        let rule = parse_rule(next("rule")?).ok_or("unknown rule")?;
        let size: usize = next("size")?.parse().map_err(|_| "bad size")?;
        if !(5..=MAX_SIDE).contains(&size) {
            return Err(format!("size {size}"));
        }
        let cell_of = |w: &str| {
            let (x, y) = parse_cell(w).ok_or(format!("cell {w:?}"))?;
            if x >= size || y >= size {
                return Err(format!("cell {w:?} off the board"));
            }
            Ok(cell(x, y))
        };
        let best = cell_of(next("best move")?)?;
        let mut words = words.peekable();
        let score = match words.peek().and_then(|w| w.strip_prefix("ev=")) {
            Some(v) => {
                let ev = v.parse::<i32>().map_err(|_| format!("score {v:?}"))?;
                words.next();
                Some(ev)
            }
            None => None,
        };
        let moves = words.map(cell_of).collect::<Result<Vec<_>, _>>()?;
        let label = Label {
            rule,
            size,
            best,
            score,
            moves,
        };
        let mut b = Board::new(size, size, rule);
        for &m in &label.moves {
            if b.winner().is_some() || !b.is_legal(m) {
                return Err("the position cannot be played".into());
            }
            b.make(m);
        }
        if b.winner().is_some() || !b.is_legal(best) {
            return Err("the best move is not legal".into());
        }
        Ok(Some(label))
    }

    /// The labelled position.
    pub fn board(&self) -> Board {
        let mut b = Board::new(self.size, self.size, self.rule);
        for &m in &self.moves {
            b.make(m);
        }
        b
    }
}

/// Every label in the `*.txt` files under `dir` (subfolders too), files in name order, or in
/// `dir` itself when it is a file.
pub fn read_labels(dir: &Path) -> Result<Vec<Label>, String> {
    read_lines(dir, Label::parse)
}

/// What one labelling run does.
#[derive(Clone, Debug)]
pub struct LabelArgs {
    /// The game records the positions come from.
    pub from: PathBuf,
    /// Nodes of each labelling search.
    pub nodes: u64,
    /// Labels in all shards together.
    pub labels: u64,
    /// This run's shard `i` of `n`: labels `k` with `k mod n == i`.
    pub shard: (u64, u64),
    pub out: PathBuf,
    pub resume: bool,
    /// Start no new search after this long.
    pub budget: Option<Duration>,
    pub seed: u64,
}

/// The comment a slot without a label writes.
const SKIPPED: &str = "# slot";

/// Table size of the labelling searches (MB).
const TT_MB: usize = 16;

/// How many of the picker's first moves an off-line ply picks among.
const OFF_LINE_CHOICES: usize = 8;

/// Draws of one slot before it gives up (a draw meets a finished, forced or decided position
/// about one time in five).
const ATTEMPTS: u64 = 64;

/// The position of label `k`: a game's position after its opening moved off the line by up to
/// two plies; draws that meet a finished, forced or already decided position (the picker does
/// not order those) are drawn again.
pub fn position(records: &[Record], k: u64, seed: u64) -> Option<Board> {
    (0..ATTEMPTS).find_map(|a| draw(records, k * ATTEMPTS + a, seed))
}

/// One draw of `position`.
fn draw(records: &[Record], k: u64, seed: u64) -> Option<Board> {
    let mut rng = SmallRng::seed_from_u64(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let r = &records[rng.gen_range(0..records.len())];
    if r.moves.len() <= r.opening {
        return None;
    }
    let mut b = r.board_after(rng.gen_range(r.opening..r.moves.len()));
    let off = match rng.gen_range(0..4) {
        0 | 1 => 0,
        2 => 1,
        _ => 2,
    };
    for _ in 0..off {
        if b.winner().is_some() {
            return None;
        }
        let moves = renju_search::picker_moves(&mut b);
        if moves.is_empty() {
            return None;
        }
        b.make(moves[rng.gen_range(0..moves.len().min(OFF_LINE_CHOICES))]);
    }
    let ordered = matches!(mode(&mut b), Mode::All | Mode::Defend | Mode::FourThree);
    (b.winner().is_none() && !b.drawn() && ordered && win::quick_result(&mut b, 0).is_none())
        .then_some(b)
}

/// The moves of `b` from Black's first (the board keeps them in order).
pub fn moves_of(b: &Board) -> Vec<Cell> {
    (0..b.history_len())
        .rev()
        .filter_map(|back| b.move_back(back))
        .collect()
}

/// Labels `b` by a search of `nodes` from a cleared table.
pub fn label(b: &Board, nodes: u64, tt: &Tt) -> Option<Label> {
    tt.clear();
    let limits = SearchLimits {
        depth: None,
        nodes: Some(nodes),
        soft: None,
        hard: None,
        threads: 1,
    };
    let stop = AtomicBool::new(false);
    let r = renju_search::search(b, &limits, tt, &stop, &mut |_| {}, &mut |_| {});
    Some(Label {
        rule: b.rule(),
        size: b.width(),
        best: r.best?,
        score: None,
        moves: moves_of(b),
    })
}

/// Runs the labeller with our own search; errors are for the user (a bad argument, an
/// unreadable file).
pub fn run(args: &LabelArgs) -> Result<(), String> {
    let tt = Tt::new(TT_MB);
    run_with(args, "", &mut |b| Ok(label(b, args.nodes, &tt)))
}

/// Runs a labeller: `labeller` labels one position (`Ok(None)`: it gave no move). `source`
/// names it in the file name (`labels-SOURCE-n...`; empty for our own search), so another
/// engine's labels never resume into ours.
pub fn run_with(
    args: &LabelArgs,
    source: &str,
    labeller: &mut dyn FnMut(&mut Board) -> Result<Option<Label>, String>,
) -> Result<(), String> {
    let (shard, shards) = args.shard;
    if shards == 0 || shard >= shards || args.nodes == 0 {
        return Err(format!("shard {shard}/{shards}, nodes {}", args.nodes));
    }
    let records = read_dir(&args.from)?;
    if records.is_empty() {
        return Err(format!("no game records under {}", args.from.display()));
    }
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let prefix = if source.is_empty() {
        String::new()
    } else {
        format!("{source}-")
    };
    let path = args.out.join(format!(
        "labels-{prefix}n{}-seed{}-shard{shard}of{shards}.txt",
        args.nodes, args.seed
    ));
    let (mut file, done) = shard_file::open(
        &path,
        args.resume,
        || {
            format!(
                "# sente selfplay renju-labels {}from={} records={} nodes={} labels={} shard={shard}/{shards} seed={}",
                if source.is_empty() {
                    String::new()
                } else {
                    format!("teacher={source} ")
                },
                args.from.display(),
                records.len(),
                args.nodes,
                args.labels,
                args.seed
            )
        },
        |line| Ok(line.starts_with(SKIPPED) || Label::parse(line)?.is_some()),
    )?;
    let started = Instant::now();
    // Every slot writes one line, its label or a `# slot` comment when it found no position,
    // so a resumed run counts slots.
    let mine: Vec<u64> = (shard..args.labels).step_by(shards as usize).collect();
    let mut written = done as usize;
    for &k in mine.iter().skip(done as usize) {
        if args.budget.is_some_and(|b| started.elapsed() >= b) {
            break;
        }
        let labelled = match position(&records, k, args.seed) {
            Some(mut b) => labeller(&mut b)?,
            None => None,
        };
        let line = labelled.map_or_else(|| format!("{SKIPPED} {k}: no label"), |l| l.line());
        writeln!(file, "{line}").map_err(|e| e.to_string())?;
        file.flush().map_err(|e| e.to_string())?;
        written += 1;
        if written.is_multiple_of(100) {
            eprintln!(
                "labels: {written} of this shard's {} slots, {:.0} s",
                mine.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renju::learn::selfplay::play_game;

    fn records() -> Vec<Record> {
        let tt = Tt::new(1);
        (0..4)
            .map(|g| play_game(Rule::Renju, 15, g, 200, 5, &tt))
            .collect()
    }

    #[test]
    fn a_label_line_reads_back_and_bad_lines_are_refused() {
        let rs = records();
        let tt = Tt::new(1);
        let b = position(&rs, 3, 1).expect("a position");
        let l = label(&b, 300, &tt).expect("a best move");
        assert_eq!(Label::parse(&l.line()).unwrap(), Some(l.clone()));
        assert_eq!(l.board().hash(), b.hash());
        assert_eq!(Label::parse("# a comment").unwrap(), None);
        let scored = Label {
            score: Some(-35),
            ..l.clone()
        };
        assert!(scored.line().contains(" ev=-35 "), "{}", scored.line());
        assert_eq!(Label::parse(&scored.line()).unwrap(), Some(scored.clone()));
        let occupied = Label {
            best: l.moves[0],
            ..l.clone()
        }
        .line();
        for bad in [
            "renju 15 B 3 h8 h7 h6",
            "label renju 15 z9 h8 h7",
            "label renju 15 h8 h8 h8",
            "label renju 99 h8",
            "label gomoku 15 h8",
            "label renju 15 h8 ev=x h7",
            occupied.as_str(),
        ] {
            assert!(Label::parse(bad).is_err(), "{bad}");
        }
    }

    /// Each label's position is a recorded game's position after its opening and at most two
    /// plies off its line; a run is reproducible for a seed and resumes where it stopped.
    #[test]
    fn labels_come_from_the_records_and_a_run_resumes() {
        let dir = std::env::temp_dir().join(format!("sente-renju-labels-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let from = dir.join("games");
        std::fs::create_dir_all(&from).unwrap();
        let rs = records();
        let lines: Vec<String> = rs.iter().map(Record::line).collect();
        std::fs::write(from.join("games.txt"), lines.join("\n") + "\n").unwrap();
        let mut args = LabelArgs {
            from,
            nodes: 300,
            labels: 8,
            shard: (1, 2),
            out: dir.join("labels"),
            resume: false,
            budget: Some(Duration::ZERO),
            seed: 9,
        };
        run(&args).unwrap();
        assert!(read_labels(&args.out).unwrap().is_empty());
        assert!(run(&args).is_err(), "an existing file needs --resume");
        args.resume = true;
        args.budget = None;
        run(&args).unwrap();
        let first = read_labels(&args.out).unwrap();
        assert_eq!(first.len(), 4, "slots 1, 3, 5, 7");
        run(&args).unwrap();
        assert_eq!(
            read_labels(&args.out).unwrap(),
            first,
            "nothing left to label"
        );
        for l in &first {
            let on_line = rs.iter().any(|r| {
                let common = r
                    .moves
                    .iter()
                    .zip(&l.moves)
                    .take_while(|(a, b)| a == b)
                    .count();
                common >= r.opening && l.moves.len() - common <= 2
            });
            assert!(on_line, "{}", l.line());
        }
        let _ = std::fs::remove_dir_all(&args.out);
        args.resume = false;
        run(&args).unwrap();
        assert_eq!(
            read_labels(&args.out).unwrap(),
            first,
            "same seed, same labels"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
