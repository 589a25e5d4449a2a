//! Labels from another engine: `sente selfplay renju-labels --teacher SPEC` asks a Gomocup
//! engine (Rapfi, driven unmodified through its protocol) for its move and score in the
//! labeller's positions (`renju::learn::labels`), so the ordering and value fits can learn from
//! a stronger player's judgement, the way they learn from our own deeper searches. What it
//! reports is data: its moves and the `Eval` figure of its `MESSAGE` line, nothing of its code.
//!
//! Each position is sent as a `BOARD` block after `INFO max_node N` (the node budget keeps the
//! labels the same at any load); `YXHASHCLEAR` before each one clears the engine's table where
//! it knows the command, so a label does not depend on the positions before it.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::config::parse_engine;
use super::engine::{Fault, Launch, Process};
use crate::games::renju::board::{cell, xy, Board, Rule};
use crate::games::renju::learn::labels::{moves_of, run_with, Label, LabelArgs};

/// How long one labelling search may take before the teacher is given up as stuck.
const PER_POSITION: Duration = Duration::from_secs(120);
/// Replies to the handshake commands.
const SYNC: Duration = Duration::from_secs(30);

/// A Gomocup engine answering label requests.
pub struct Teacher {
    process: Process,
    nodes: u64,
    /// The board size and rule the engine was last started for.
    game: Option<(usize, Rule)>,
}

impl Teacher {
    /// Starts the engine of `spec` (`name=rapfi dir=DIR cmd=./pbrain-rapfi`, as `--engine`).
    pub fn start(spec: &str, nodes: u64) -> Result<Teacher, String> {
        let e = parse_engine(spec, false)?;
        let launch = Launch {
            name: e.name.clone(),
            argv: e.argv,
            dir: e.dir,
            stderr: None,
        };
        let mut process = Process::spawn(&launch, Arc::new(AtomicBool::new(false)))?;
        for line in &e.init {
            process.send(line).map_err(|f| f.to_string())?;
        }
        Ok(Teacher {
            process,
            nodes,
            game: None,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        self.process
            .send_raw(&format!("{line}\r\n"))
            .map_err(|f| format!("teacher: {f}"))
    }

    /// Lines up to the first that is not chatter; the last `Eval` figure of the `MESSAGE`
    /// lines on the way.
    fn answer(&mut self, wait: Duration) -> Result<(String, Option<i32>), String> {
        let deadline = Instant::now() + wait;
        let mut score = None;
        loop {
            let line = self
                .process
                .read_line(Some(deadline))
                .map_err(|f: Fault| format!("teacher: {f}"))?;
            let t = line.trim();
            let upper = t.to_ascii_uppercase();
            if upper.starts_with("MESSAGE") {
                score = eval_figure(t).or(score);
                continue;
            }
            if t.is_empty() || upper.starts_with("DEBUG") || upper.starts_with("SUGGEST") {
                continue;
            }
            return Ok((t.to_string(), score));
        }
    }

    /// Starts a game of `size` and `rule` unless the engine is already set for one.
    fn ensure_game(&mut self, size: usize, rule: Rule) -> Result<(), String> {
        if self.game == Some((size, rule)) {
            return Ok(());
        }
        self.send(&format!("START {size}"))?;
        let (reply, _) = self.answer(SYNC)?;
        if !reply.eq_ignore_ascii_case("OK") {
            return Err(format!("teacher: START {size}: {reply}"));
        }
        self.send(&format!("INFO rule {}", rule.bits()))?;
        self.send(&format!("INFO max_node {}", self.nodes))?;
        // No match clock, and a turn far longer than the node budget takes (0 would mean
        // "as fast as you can").
        self.send("INFO timeout_match 0")?;
        self.send(&format!("INFO timeout_turn {}", PER_POSITION.as_millis()))?;
        self.game = Some((size, rule));
        Ok(())
    }

    /// The engine's move and score in `b`; `Ok(None)` when its answer is no legal move.
    pub fn label(&mut self, b: &mut Board) -> Result<Option<Label>, String> {
        let size = b.width();
        self.ensure_game(size, b.rule())?;
        self.send("YXHASHCLEAR")?;
        let moves = moves_of(b);
        let me = b.to_move();
        self.send("BOARD")?;
        for (i, &m) in moves.iter().enumerate() {
            let (x, y) = xy(m);
            // Moves alternate from Black's first: 1 is the side to move's stone.
            let own = (i % 2) as u8 == me;
            self.send(&format!("{x},{y},{}", if own { 1 } else { 2 }))?;
        }
        self.send("DONE")?;
        let (reply, score) = self.answer(PER_POSITION)?;
        let Some((x, y)) = parse_move(&reply) else {
            return Err(format!("teacher: unreadable answer {reply:?}"));
        };
        if x >= size || y >= size || !b.is_legal(cell(x, y)) {
            return Ok(None);
        }
        Ok(Some(Label {
            rule: b.rule(),
            size,
            best: cell(x, y),
            score,
            moves,
        }))
    }

    pub fn shut_down(self) {
        self.process.shut_down("END", Duration::from_millis(500));
    }
}

/// `x,y`.
fn parse_move(s: &str) -> Option<(usize, usize)> {
    let (x, y) = s.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// A won or lost score: Rapfi's mate value less the plies to the end (`M14`, `-M14`).
const MATE: i32 = 30_000;

/// The number after `Eval` in a `MESSAGE` line (Rapfi: `MESSAGE Speed 1.2M | Depth 12-20 |
/// Eval 35 | Node 50K | Time 40ms`; a mate in n plies is `M<n>` or `-M<n>`).
fn eval_figure(line: &str) -> Option<i32> {
    let mut words = line.split(|c: char| c.is_whitespace() || c == '|');
    words.find(|w| w.eq_ignore_ascii_case("eval"))?;
    let w = words.find(|w| !w.is_empty())?;
    let (sign, rest) = match w.strip_prefix('-') {
        Some(r) => (-1, r),
        None => (1, w.strip_prefix('+').unwrap_or(w)),
    };
    match rest.strip_prefix(['M', 'm']) {
        Some(plies) => Some(sign * (MATE - plies.parse::<i32>().ok()?.min(MATE))),
        None => Some(sign * rest.parse::<i32>().ok()?),
    }
}

/// `sente selfplay renju-labels --teacher SPEC`: the labeller's positions labelled by the
/// teacher at `args.nodes` nodes each, written as our own labels are (`labels-NAME-n...`).
pub fn run(args: &LabelArgs, spec: &str) -> Result<(), String> {
    let name = parse_engine(spec, false)?.name;
    let source: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let mut teacher = Teacher::start(spec, args.nodes)?;
    let result = run_with(args, &source, &mut |b| teacher.label(b));
    teacher.shut_down();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eval_figure_is_read_from_rapfis_message_line() {
        let line = "MESSAGE Speed 1.2M | Depth 12-20 | Eval -35 | Node 50K | Time 40ms";
        assert_eq!(eval_figure(line), Some(-35));
        assert_eq!(eval_figure("MESSAGE Eval 120"), Some(120));
        assert_eq!(
            eval_figure("MESSAGE Depth 19-11 | Eval -M14 | Node 200K"),
            Some(-29_986)
        );
        assert_eq!(eval_figure("MESSAGE Eval M3"), Some(29_997));
        assert_eq!(eval_figure("MESSAGE Eval x3"), None);
        assert_eq!(eval_figure("MESSAGE Transposition table cleared."), None);
        assert_eq!(parse_move(" 7, 8"), Some((7, 8)));
        assert_eq!(parse_move("7;8"), None);
    }

    /// A fake teacher that answers the first empty cell of the row it is told about and
    /// reports a score: the label holds its move, its score and the position as sent.
    #[test]
    fn a_teacher_labels_the_position_it_was_sent() {
        let dir = std::env::temp_dir().join(format!("sente-teacher-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("teacher.sh");
        // Replies: OK to START; after DONE, a MESSAGE with the stone count as Eval and the
        // move 0,<count>; the board lines are echoed to a log.
        std::fs::write(
            &script,
            "n=0\nwhile read -r line; do\n  line=$(printf '%s' \"$line\" | tr -d '\\r')\n  echo \"$line\" >> teacher.log\n  case \"$line\" in\n    START*) echo OK ;;\n    YXHASHCLEAR) echo 'MESSAGE cleared' ;;\n    BOARD) n=0 ;;\n    [0-9]*,*) n=$((n+1)) ;;\n    DONE) echo \"MESSAGE Speed 1 | Depth 3-5 | Eval $((n*10)) | Node 9\"; echo \"0,$n\" ;;\n    END) exit 0 ;;\n  esac\ndone\n",
        )
        .unwrap();
        let spec = format!("name=fake dir={} cmd=/bin/sh teacher.sh", dir.display());
        let mut t = Teacher::start(&spec, 1000).unwrap();
        let mut b = Board::new(15, 15, Rule::Renju);
        for (x, y) in [(7, 7), (8, 7), (7, 8)] {
            b.make(cell(x, y));
        }
        let l = t.label(&mut b).unwrap().expect("a legal move");
        assert_eq!(l.best, cell(0, 3));
        assert_eq!(l.score, Some(30));
        assert_eq!(l.board().hash(), b.hash());
        t.shut_down();
        let log = std::fs::read_to_string(dir.join("teacher.log")).unwrap();
        let sent: Vec<&str> = log.lines().collect();
        assert!(sent.contains(&"INFO rule 4"), "{log}");
        assert!(sent.contains(&"INFO max_node 1000"), "{log}");
        // White to move: White's stone is its own (1), Black's two are the opponent's (2).
        let board: Vec<&str> = sent
            .iter()
            .skip_while(|l| **l != "BOARD")
            .skip(1)
            .take_while(|l| **l != "DONE")
            .copied()
            .collect();
        assert_eq!(board, ["7,7,2", "8,7,1", "7,8,2"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
