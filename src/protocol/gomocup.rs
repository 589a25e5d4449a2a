//! The Gomocup (piskvork) protocol front end for Renju and Gomoku: framing and parsing only.
//!
//! One command per line (CR LF or LF); replies are single lines. A manager reads any line it
//! does not expect as a move, so the engine prints nothing but the reply each command calls for
//! (`MESSAGE`/`DEBUG` lines, which managers skip, only when asked with `INFO show_detail 1`).
//!
//! This file reads the lines, collects `BOARD`/`YXBOARD`/`SWAP2BOARD` blocks up to `DONE`,
//! parses coordinates and numbers, and calls a `GomocupSession` (renju's is
//! `games::renju::session`), which owns the game and answers, as GTP calls its `Session`. While the session's search runs on its worker thread the loop keeps
//! reading: `YXSTOP` makes it answer at once, `END` and EOF end the process at once, and any
//! other command is kept and handled after the answer is out (a pondering search is stopped
//! first, silently).

use std::collections::VecDeque;

use crossbeam_channel::{select, Receiver};
use nom::{
    character::complete::{char, digit1, space0},
    combinator::{all_consuming, map_res, opt, recognize},
    sequence::{delimited, pair, preceded, tuple},
    IResult,
};

use super::input::Input;
use super::output::escaped;

/// A stone as the Gomocup `BOARD` command lists it: whose it is from the engine's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Own,
    Opponent,
}

/// Which search `SOLVE` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveKind {
    Vcf,
    Vct,
}

/// What the framing asks of the game behind it: one method per command, with typed arguments,
/// and the background job (a search on a worker thread) whose answer the loop waits for while
/// it keeps reading `YXSTOP`, `END` and EOF.
pub trait GomocupSession {
    /// What a finished job hands back to `finish`.
    type Outcome: Send;

    fn reply(&self, text: &str);
    /// `ERROR message`: the command changed nothing.
    fn error(&self, msg: &str);
    /// `START n` / `RECTSTART w,h`.
    fn new_game(&mut self, w: usize, h: usize);
    fn restart(&mut self);
    /// `BEGIN`: the engine moves first.
    fn think(&mut self);
    fn turn(&mut self, x: i64, y: i64);
    fn play(&mut self, x: i64, y: i64);
    fn takeback(&mut self, x: i64, y: i64);
    /// `INFO key value` (the key lower-cased); never answered.
    fn info(&mut self, key: &str, value: &str);
    /// The end of a `BOARD` (`think`: then search and play) or `YXBOARD` block.
    fn set_board(&mut self, stones: &[(i64, i64, Owner)], think: bool);
    /// `SWAP2BOARD` with 0, 3 or 5 stones.
    fn swap2(&mut self, stones: &[(i64, i64)]);
    fn clear_table(&mut self);
    fn show_forbid(&self);
    fn show_info(&self);
    fn nbest(&mut self, n: usize);
    fn solve(&mut self, kind: SolveKind, ms: u64);
    /// The running job's result channel, and whether it is pondering (any command ends it).
    fn job(&self) -> Option<(Receiver<Self::Outcome>, bool)>;
    /// Asks the running job, if any, to stop (its answer still comes through `job`).
    fn stop_search(&self);
    /// The job's answer: reply, and play the move if it was the engine's turn.
    fn finish(&mut self, outcome: Self::Outcome);
    /// The job's thread is gone without an answer: forget it.
    fn abandon_job(&mut self);
}

// ---- parsing -------------------------------------------------------------------------------

fn int(i: &str) -> IResult<&str, i64> {
    map_res(recognize(pair(opt(char('-')), digit1)), str::parse::<i64>)(i)
}

fn comma(i: &str) -> IResult<&str, char> {
    delimited(space0, char(','), space0)(i)
}

fn coords(i: &str) -> IResult<&str, (i64, i64)> {
    let (i, (_, x, _, y, _)) = tuple((space0, int, comma, int, space0))(i)?;
    Ok((i, (x, y)))
}

fn stone_line(i: &str) -> IResult<&str, (i64, i64, i64)> {
    let (i, (x, y)) = coords(i)?;
    let (i, f) = preceded(comma, int)(i)?;
    let (i, _) = space0(i)?;
    Ok((i, (x, y, f)))
}

/// `x,y` (spaces allowed around the numbers and the comma).
pub fn parse_coords(s: &str) -> Result<(i64, i64), String> {
    all_consuming(coords)(s)
        .map(|(_, c)| c)
        .map_err(|_| format!("expected x,y, got {s:?}"))
}

/// `x,y,field`.
pub fn parse_stone(s: &str) -> Result<(i64, i64, i64), String> {
    all_consuming(stone_line)(s)
        .map(|(_, c)| c)
        .map_err(|_| format!("expected x,y,field, got {s:?}"))
}

/// A block of lines ended by `DONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    Board,
    YxBoard,
    Swap2,
}

/// The session with the block being read, if any.
struct Framing<S> {
    session: S,
    block: Option<(Block, Vec<String>)>,
}

/// Runs the protocol for `session` on `input` until `END` or EOF.
pub fn run<S: GomocupSession>(session: S, input: Receiver<Input>) {
    let mut s = Framing {
        session,
        block: None,
    };
    let mut pending: VecDeque<String> = VecDeque::new();
    loop {
        if let Some((result, ponder)) = s.session.job() {
            select! {
                recv(input) -> msg => {
                    match msg {
                        Ok(Input::Line(line)) => {
                            let cmd = first_word(&line);
                            if cmd == "END" {
                                s.session.stop_search();
                                return;
                            } else if cmd == "YXSTOP" {
                                s.session.stop_search();
                            } else {
                                if ponder {
                                    // The opponent's time is over: stop, then handle the line.
                                    s.session.stop_search();
                                }
                                pending.push_back(line);
                            }
                        }
                        Ok(Input::Eof) | Err(_) => {
                            s.session.stop_search();
                            return;
                        }
                    }
                }
                recv(result) -> msg => {
                    match msg {
                        Ok(outcome) => s.session.finish(outcome),
                        Err(_) => s.session.abandon_job(),
                    }
                }
            }
            continue;
        }
        let line = match pending.pop_front() {
            Some(l) => l,
            None => match input.recv() {
                Ok(Input::Line(l)) => l,
                Ok(Input::Eof) | Err(_) => return,
            },
        };
        if !s.handle(&line) {
            return;
        }
    }
}

fn first_word(line: &str) -> String {
    line.split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_uppercase()
}

/// `START n`, or Yixin-Board's `START width height`.
fn parse_start(rest: &str) -> Result<(usize, usize), String> {
    let nums: Result<Vec<usize>, _> = rest.split_whitespace().map(str::parse).collect();
    match nums.as_deref() {
        Ok([n]) => Ok((*n, *n)),
        Ok([w, h]) => Ok((*w, *h)),
        _ => Err(format!("usage: START size, got {rest:?}")),
    }
}

/// `RECTSTART width,height`.
fn parse_rectstart(rest: &str) -> Result<(usize, usize), String> {
    match parse_coords(rest) {
        Ok((w, h)) if w > 0 && h > 0 => Ok((w as usize, h as usize)),
        _ => Err(format!("usage: RECTSTART width,height, got {rest:?}")),
    }
}

/// `SOLVE VCF|VCT <ms>`.
fn parse_solve(rest: &str) -> Result<(SolveKind, u64), String> {
    let mut words = rest.split_whitespace();
    let kind = words.next().map(str::to_ascii_uppercase);
    let ms = words.next().map(str::parse::<u64>);
    match (kind.as_deref(), ms, words.next()) {
        (Some("VCF"), Some(Ok(ms)), None) => Ok((SolveKind::Vcf, ms)),
        (Some("VCT"), Some(Ok(ms)), None) => Ok((SolveKind::Vct, ms)),
        _ => Err("usage: SOLVE VCF|VCT <ms>".into()),
    }
}

/// The stone lines of a `BOARD`/`YXBOARD` block: `x,y,field`, field 1 own, 2 opponent, 3 a
/// winning-line stone (the opponent's, in continuous mode).
fn parse_board(lines: &[String]) -> Result<Vec<(i64, i64, Owner)>, String> {
    lines
        .iter()
        .map(|l| {
            let (x, y, f) = parse_stone(l)?;
            let owner = match f {
                1 => Owner::Own,
                2 | 3 => Owner::Opponent,
                _ => return Err(format!("field must be 1, 2 or 3 in {l:?}")),
            };
            Ok((x, y, owner))
        })
        .collect()
}

/// `INFO key value`: the key lower-cased, the value trimmed.
fn split_info(rest: &str) -> (String, &str) {
    match rest.split_once(char::is_whitespace) {
        Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
        None => (rest.to_ascii_lowercase(), ""),
    }
}

impl<S: GomocupSession> Framing<S> {
    /// Handles one line; false to end the session.
    fn handle(&mut self, raw: &str) -> bool {
        let line = raw.trim();
        if let Some((kind, lines)) = self.block.as_mut() {
            // No stone line reads `END`: it is the manager ending the session (it gave up on
            // the block, or timed out), and it must not be taken as a stone and lost.
            if line.eq_ignore_ascii_case("END") {
                return false;
            }
            if line.eq_ignore_ascii_case("DONE") {
                let (kind, lines) = (*kind, std::mem::take(lines));
                self.block = None;
                self.end_block(kind, &lines);
            } else if !line.is_empty() {
                lines.push(line.to_string());
            }
            return true;
        }
        if line.is_empty() {
            return true;
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let s = &mut self.session;
        match word.to_ascii_uppercase().as_str() {
            "START" => match parse_start(rest) {
                Ok((w, h)) => s.new_game(w, h),
                Err(e) => s.error(&e),
            },
            "RECTSTART" => match parse_rectstart(rest) {
                Ok((w, h)) => s.new_game(w, h),
                Err(e) => s.error(&e),
            },
            "RESTART" => s.restart(),
            "BEGIN" => s.think(),
            "TURN" => match parse_coords(rest) {
                Ok((x, y)) => s.turn(x, y),
                Err(e) => s.error(&e),
            },
            "BOARD" => self.block = Some((Block::Board, Vec::new())),
            "YXBOARD" => self.block = Some((Block::YxBoard, Vec::new())),
            "SWAP2BOARD" => self.block = Some((Block::Swap2, Vec::new())),
            "INFO" => {
                let (key, value) = split_info(rest);
                s.info(&key, value);
            }
            "END" => return false,
            "ABOUT" => s.reply(&about()),
            "TAKEBACK" => match parse_coords(rest) {
                Ok((x, y)) => s.takeback(x, y),
                Err(e) => s.error(&e),
            },
            "PLAY" => match parse_coords(rest) {
                Ok((x, y)) => s.play(x, y),
                Err(e) => s.error(&e),
            },
            "YXSTOP" => {}
            "YXHASHCLEAR" => s.clear_table(),
            "YXSHOWFORBID" => s.show_forbid(),
            "YXNBEST" => match rest.parse::<u32>() {
                Ok(n) if (1..=256).contains(&n) => s.nbest(n as usize),
                _ => s.error("usage: YXNBEST n (1 <= n <= 256)"),
            },
            "YXSHOWINFO" => s.show_info(),
            "SOLVE" => match parse_solve(rest) {
                Ok((kind, ms)) => s.solve(kind, ms),
                Err(e) => s.error(&e),
            },
            other => s.reply(&format!("UNKNOWN command {}", escaped(other))),
        }
        true
    }

    fn end_block(&mut self, kind: Block, lines: &[String]) {
        let s = &mut self.session;
        match kind {
            Block::Board | Block::YxBoard => match parse_board(lines) {
                Ok(stones) => s.set_board(&stones, kind == Block::Board),
                Err(e) => s.error(&e),
            },
            Block::Swap2 => {
                let coords = lines
                    .iter()
                    .map(|l| parse_coords(l))
                    .collect::<Result<Vec<_>, String>>();
                match coords {
                    Ok(c) if matches!(c.len(), 0 | 3 | 5) => s.swap2(&c),
                    Ok(c) => s.error(&format!(
                        "SWAP2BOARD takes 0, 3 or 5 stones, got {}",
                        c.len()
                    )),
                    Err(e) => s.error(&e),
                }
            }
        }
    }
}

/// The `ABOUT` reply, in Gomocup's fields. Author, country and website are whoever enters the
/// engine: set at build time (`SENTE_AUTHOR`, `SENTE_COUNTRY`, `SENTE_WWW`, as
/// `scripts/release.sh` passes them on), with neutral defaults.
fn about() -> String {
    format!(
        "name=\"sente\", version=\"{}\", author=\"{}\", country=\"{}\", www=\"{}\"",
        env!("CARGO_PKG_VERSION"),
        option_env!("SENTE_AUTHOR").unwrap_or("Sente developers"),
        option_env!("SENTE_COUNTRY").unwrap_or("Unknown"),
        option_env!("SENTE_WWW").unwrap_or("-"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_parse_with_spaces_and_reject_garbage() {
        assert_eq!(parse_coords("7,8"), Ok((7, 8)));
        assert_eq!(parse_coords(" 7 , 8 "), Ok((7, 8)));
        assert_eq!(parse_coords("-1,3"), Ok((-1, 3)));
        assert!(parse_coords("7,").is_err());
        assert!(parse_coords("7,8,1").is_err());
        assert!(parse_coords("a,b").is_err());
        assert_eq!(parse_stone("7,8,2"), Ok((7, 8, 2)));
        assert!(parse_stone("7,8").is_err());
    }

    #[test]
    fn commands_parse_their_arguments() {
        assert_eq!(parse_start("15"), Ok((15, 15)));
        assert_eq!(parse_start("20 15"), Ok((20, 15)));
        assert!(parse_start("").is_err());
        assert!(parse_start("a").is_err());
        assert_eq!(parse_rectstart("20,15"), Ok((20, 15)));
        assert!(parse_rectstart("0,15").is_err());
        assert_eq!(parse_solve("vcf 100"), Ok((SolveKind::Vcf, 100)));
        assert_eq!(parse_solve("VCT 5"), Ok((SolveKind::Vct, 5)));
        assert!(parse_solve("VCF").is_err());
        assert!(parse_solve("VCF 1 2").is_err());
        assert_eq!(split_info("Rule 4"), ("rule".to_string(), "4"));
        assert_eq!(split_info("folder"), ("folder".to_string(), ""));
        // Field 1 is ours, 2 the opponent's, 3 (a winning-line stone) the opponent's too.
        assert_eq!(
            parse_board(&["1,2,1".into(), "3,4,2".into(), " 5 , 6 , 3 ".into()]),
            Ok(vec![
                (1, 2, Owner::Own),
                (3, 4, Owner::Opponent),
                (5, 6, Owner::Opponent)
            ])
        );
        assert!(parse_board(&["1,2,4".into()]).is_err());
        assert!(parse_board(&["1,2,0".into()]).is_err());
    }

    #[test]
    fn echoed_text_has_no_control_or_bidi_characters() {
        assert_eq!(
            escaped("A\u{0}B\u{1b}[2J\u{202e}C"),
            "A\\u{0}B\\u{1b}[2J\\u{202e}C"
        );
        assert_eq!(escaped("FOO,é"), "FOO,é");
    }
}
