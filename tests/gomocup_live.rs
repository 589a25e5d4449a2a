//! Yixin-Board's live output over the Gomocup protocol, through the real binary: with
//! `INFO show_detail 1` a search prints `MESSAGE REALTIME` lines (root moves entered and left,
//! the best move, a refresh per iteration) before its answer; without it, nothing but the
//! answer. The number of lines depends on the machine's speed, so the transcripts under
//! `protocol-tests/` cannot pin them down; these tests check their form and their logic. The
//! same for HexGui's live `gogui-gfx:` blocks during a Hex `genmove` (`param_game live_gfx 1`).

mod support;

use support::bin;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        Engine::start_with(&["renju", "--threads", "1", "--hash", "8"])
    }

    fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(bin())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start sente");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that is a move (`x,y`).
    fn until_move(&self) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .expect("an answer within 30 s");
            let done = is_move(&line);
            out.push(line);
            if done {
                return out;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // `END` ends a Gomocup engine, `quit` a GTP one (Hex), also after a failed assertion.
        let _ = writeln!(self.stdin, "END");
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

fn is_move(line: &str) -> bool {
    coords(line).is_some()
}

fn coords(s: &str) -> Option<(u32, u32)> {
    let (x, y) = s.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// A middle game (the first bench position): White, us, to move.
fn set_up(e: &mut Engine, detail: u32) {
    e.send("START 15");
    assert_eq!(e.lines.recv_timeout(Duration::from_secs(10)).unwrap(), "OK");
    e.send("INFO timeout_turn 1500");
    e.send(&format!("INFO show_detail {detail}"));
    e.send("YXBOARD");
    for s in ["7,7,2", "8,8,1", "8,6,2", "6,8,1", "9,7,2"] {
        e.send(s);
    }
    e.send("DONE");
}

#[test]
fn realtime_lines_follow_the_search_and_come_before_the_move() {
    let mut e = Engine::start();
    set_up(&mut e, 1);
    e.send("YXNBEST 1");
    let lines = e.until_move();
    let (answer, live) = lines.split_last().unwrap();
    assert!(
        live.iter().all(|l| l.starts_with("MESSAGE ")),
        "only MESSAGE lines before the move: {live:?}"
    );
    let realtime: Vec<(&str, Option<(u32, u32)>)> = live
        .iter()
        .filter_map(|l| l.strip_prefix("MESSAGE REALTIME "))
        .map(|r| match r.split_once(' ') {
            Some((kind, xy)) => (kind, coords(xy)),
            None => (r, None),
        })
        .collect();
    for (kind, xy) in &realtime {
        match *kind {
            "POS" | "DONE" | "BEST" | "LOSE" => {
                let (x, y) = xy.unwrap_or_else(|| panic!("{kind} without x,y"));
                assert!(x < 15 && y < 15);
                assert!(![(7, 7), (8, 8), (8, 6), (6, 8), (9, 7)].contains(&(x, y)));
            }
            "REFRESH" => assert!(xy.is_none()),
            other => panic!("unexpected REALTIME {other}"),
        }
    }
    let count = |k: &str| realtime.iter().filter(|(kind, _)| *kind == k).count();
    assert!(
        count("POS") > 0 && count("REFRESH") > 0 && count("BEST") > 0,
        "{live:?}"
    );
    // Every root move entered is left before the next is entered.
    let mut open: Option<(u32, u32)> = None;
    for (kind, xy) in &realtime {
        match *kind {
            "POS" => {
                assert!(open.is_none(), "POS before DONE: {live:?}");
                open = *xy;
            }
            "DONE" => {
                assert_eq!(open, *xy, "DONE of the move entered");
                open = None;
            }
            _ => {}
        }
    }
    // The last BEST is the answer.
    let last_best = realtime
        .iter()
        .rev()
        .find(|(k, _)| *k == "BEST")
        .and_then(|(_, xy)| *xy);
    assert_eq!(last_best, coords(answer), "{live:?}");
    // The n-best report: one ranked line.
    assert_eq!(
        live.iter()
            .filter(|l| l.starts_with("MESSAGE (1) "))
            .count(),
        1
    );
}

#[test]
fn no_live_output_without_show_detail() {
    let mut e = Engine::start();
    set_up(&mut e, 0);
    e.send("TURN 10,10");
    let lines = e.until_move();
    assert_eq!(lines.len(), 1, "only the move: {lines:?}");
    // show_detail 2 (Rapfi's detail mode without realtime): no REALTIME lines either.
    e.send("INFO show_detail 2");
    e.send("TURN 11,11");
    let lines = e.until_move();
    assert!(lines.iter().all(|l| !l.contains("REALTIME")), "{lines:?}");
}

#[test]
fn nbest_reports_n_distinct_moves_and_plays_none() {
    let mut e = Engine::start();
    set_up(&mut e, 1);
    e.send("YXNBEST 3");
    let lines = e.until_move();
    let (answer, live) = lines.split_last().unwrap();
    let ranked: Vec<&String> = live
        .iter()
        .filter(|l| l.starts_with("MESSAGE (") && !l.contains("REALTIME"))
        .collect();
    assert_eq!(ranked.len(), 3, "{live:?}");
    let firsts: Vec<&str> = ranked
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let rest = l
                .strip_prefix(&format!("MESSAGE ({}) ", k + 1))
                .expect("ranked in order");
            let pv = rest.rsplit(" | ").next().unwrap();
            pv.split(' ').next().unwrap()
        })
        .collect();
    assert_eq!(firsts[0], answer.as_str(), "the answer is the first ranked");
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    // Nothing was played: the answer's cell is still free.
    e.send(&format!("PLAY {answer}"));
    let reply = e.lines.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(&reply, answer);
}

/// The next line, within 30 s.
fn next_line(e: &Engine) -> String {
    e.lines
        .recv_timeout(Duration::from_secs(30))
        .expect("a line within 30 s")
}

/// Sends a GTP command; returns the lines before its reply, and the reply's first line.
fn gtp(e: &mut Engine, command: &str) -> (Vec<String>, String) {
    e.send(command);
    let mut before = vec![];
    loop {
        let line = next_line(e);
        if line.starts_with('=') || line.starts_with('?') {
            assert_eq!(next_line(e), "", "{command}: one-line replies here");
            return (before, line);
        }
        before.push(line);
    }
}

#[test]
fn hex_live_gfx_blocks_come_before_the_genmove_reply_only_when_asked() {
    for search in ["mcts", "alphabeta"] {
        let mut e = Engine::start_with(&["hex", "--threads", "1", "--search", search]);
        for setup in [
            "boardsize 9 9",
            "play b e5",
            "play w d6",
            "param_game max_time 1.5",
        ] {
            assert_eq!(gtp(&mut e, setup), (vec![], "= ".to_string()), "{setup}");
        }
        // Off by default: the reply alone.
        let (before, reply) = gtp(&mut e, "genmove b");
        assert!(before.is_empty(), "{search}: {before:?}");
        assert!(reply.starts_with("= "), "{search}: {reply}");
        assert_eq!(gtp(&mut e, "param_game live_gfx 1").1, "= ");
        let (before, reply) = gtp(&mut e, "genmove w");
        assert!(reply.starts_with("= "), "{search}: {reply}");
        // Blocks of `gogui-gfx:`, a principal line, more lines, and an empty line.
        let blocks: Vec<&[String]> = before.split(|l| l.is_empty()).collect();
        assert!(
            blocks.len() >= 2 && blocks.last().unwrap().is_empty(),
            "{search}: {before:?}"
        );
        for b in &blocks[..blocks.len() - 1] {
            assert_eq!(b[0], "gogui-gfx:", "{search}: {before:?}");
            assert!(b.len() >= 2, "{search}: {before:?}");
            assert!(b[1].contains("VAR"), "{search}: {before:?}");
        }
    }
}
