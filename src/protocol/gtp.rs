//! GTP framing and the command loop shared by Hex and the text protocol of Kalah and Nim.
//!
//! A command is `[id] name [args...]`; the reply is `=[id] text` or `?[id] message` followed by
//! one empty line. A reply never contains an empty line (HexGui would lose track for good), so
//! blank lines inside a reply become a line holding one space. Lines starting with `#` are
//! comments, except `# interrupt` (HexGui's Stop button), which makes a running command answer
//! at once with its best result so far.
//!
//! Commands that search run on a worker thread while this loop keeps reading input: it reacts
//! to `# interrupt`, `quit` and EOF at once, and queues any other command until the reply is out.
//! `quit` and EOF end the queue too (see [`run`]).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crossbeam_channel::{bounded, select, Receiver};
use nom::{
    bytes::complete::take_while1,
    character::complete::{digit1, space0, space1},
    combinator::{all_consuming, map_res, opt},
    multi::many0,
    sequence::{preceded, terminated},
    IResult,
};

use super::input::Input;
use super::output::Output;

/// One parsed GTP command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    pub id: Option<u64>,
    pub name: String,
    pub args: Vec<String>,
}

/// What one input line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Empty or a comment: no reply.
    Nothing,
    Interrupt,
    Command(Command),
}

fn word(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !c.is_whitespace())(i)
}

fn command(i: &str) -> IResult<&str, Command> {
    let (i, id) = opt(terminated(map_res(digit1, str::parse::<u64>), space1))(i)?;
    let (i, name) = word(i)?;
    let (i, args) = many0(preceded(space1, word))(i)?;
    let (i, _) = space0(i)?;
    Ok((
        i,
        Command {
            id,
            name: name.to_string(),
            args: args.into_iter().map(str::to_string).collect(),
        },
    ))
}

/// A line that is not a command. The id is kept when it could be read, so the reply still
/// carries it (`?5 ...`): a controller matches replies to commands by id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub id: Option<u64>,
    pub message: String,
}

/// Parses one line. Control characters are dropped and tabs read as spaces (as the GTP
/// specification asks); anything after a `#` is a comment.
pub fn parse_line(raw: &str) -> Result<Line, ParseError> {
    let cleaned: String = raw
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let trimmed = cleaned.trim();
    if let Some(rest) = trimmed.strip_prefix('#') {
        return Ok(if rest.trim() == "interrupt" {
            Line::Interrupt
        } else {
            Line::Nothing
        });
    }
    let body = trimmed.split('#').next().unwrap_or("").trim();
    if body.is_empty() {
        return Ok(Line::Nothing);
    }
    if let Some(e) = bad_id(body) {
        return Err(e);
    }
    let parsed = all_consuming(command)(body).map(|(_, c)| c);
    parsed.map(Line::Command).map_err(|_| unparsable(body))
}

/// A leading number followed by more words is the id; one too large for u64 must not be read
/// as the command's name (`unknown command: 99999999999999999999` would mislead).
fn bad_id(body: &str) -> Option<ParseError> {
    let (first, rest) = body.split_once(' ')?;
    let all_digits = first.bytes().all(|b| b.is_ascii_digit());
    (all_digits && !rest.trim().is_empty() && first.parse::<u64>().is_err()).then(|| ParseError {
        id: None,
        message: format!("command id too large: {first} (at most {})", u64::MAX),
    })
}

/// The error for a line the grammar rejects, with the id when the line starts with one and
/// the offending character named (words are separated by spaces and tabs only, so e.g. a
/// non-breaking space is an error, named as `U+00A0` rather than echoed invisibly).
fn unparsable(body: &str) -> ParseError {
    let id = body
        .split_once(' ')
        .and_then(|(first, _)| first.parse::<u64>().ok());
    let message = match body.chars().find(|&c| c.is_whitespace() && c != ' ') {
        Some(c) => format!(
            "cannot parse command: U+{:04X} between words (only spaces and tabs separate them)",
            c as u32
        ),
        None => format!("cannot parse command: {body}"),
    };
    ParseError { id, message }
}

/// Formats a reply block: `=id text` / `?id text`, no empty line inside, one after.
pub fn format_reply(id: Option<u64>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(t) => ('=', t.as_str()),
        Err(t) => ('?', t.as_str()),
    };
    let id = id.map(|n| n.to_string()).unwrap_or_default();
    let body: Vec<&str> = text
        .trim_end_matches('\n')
        .split('\n')
        .map(|l| {
            let l = l.trim_end_matches('\r');
            if l.trim().is_empty() {
                " "
            } else {
                l
            }
        })
        .collect();
    let mut out = format!("{mark}{id} ");
    out.push_str(body[0].trim());
    for l in &body[1..] {
        out.push('\n');
        out.push_str(l);
    }
    out.push_str("\n\n");
    out
}

/// What a game session makes of one command.
pub enum Action<S> {
    Reply(Result<String, String>),
    /// Run this on a worker thread (a search); its result is then applied to the session.
    Background(Job<S>),
    /// Reply `=` and end the session.
    Quit,
}

/// Work done off the input loop; returns what to do to the session once it is finished.
pub type Job<S> = Box<dyn FnOnce() -> Finish<S> + Send>;
/// Applies a finished job to the session and gives the reply.
pub type Finish<S> = Box<dyn FnOnce(&mut S) -> Result<String, String> + Send>;

/// What every session shares with the loop.
#[derive(Clone)]
pub struct Context {
    /// Set by `# interrupt`, `quit` and EOF: a running job must return soon with its best answer.
    pub stop: Arc<AtomicBool>,
    /// For live output (e.g. `gogui-gfx:` blocks) written while a job runs.
    pub out: Output,
}

/// A game's command set. The loop answers `protocol_version`, `name`, `version`,
/// `list_commands`, `known_command` and `quit` itself.
pub trait Session: Send + 'static {
    /// The game's own commands, for `list_commands` and `known_command`.
    fn commands(&self) -> Vec<&'static str>;
    fn execute(&mut self, cmd: &Command, ctx: &Context) -> Action<Self>
    where
        Self: Sized;
}

const CORE_COMMANDS: [&str; 6] = [
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command",
    "quit",
];

/// The engine's name as every protocol reports it.
pub const ENGINE_NAME: &str = "Sente";

/// Why the session is ending while a job still runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Closing {
    /// stdin closed: nobody reads the replies any more, so queued commands are dropped.
    Eof,
    /// `quit` was read: the commands queued before it are answered `? interrupted` without
    /// running (a controller counting replies stays in step), then `quit` itself.
    Quit,
}

/// Runs `session` until `quit` or EOF.
///
/// `quit` and EOF end everything: the running job is stopped and the commands queued behind it
/// never run, so the engine exits at once however much was queued. `# interrupt` is for the
/// command the controller is waiting on, the oldest unanswered one (GoGui's meaning): it stops
/// the running job; commands queued behind it run normally.
pub fn run<S: Session>(mut session: S, input: Receiver<Input>, out: Output) {
    let ctx = Context {
        stop: Arc::new(AtomicBool::new(false)),
        out: out.clone(),
    };
    let mut pending: VecDeque<String> = VecDeque::new();
    let mut closing: Option<Closing> = None;
    loop {
        let raw = match (closing, pending.pop_front()) {
            (Some(Closing::Eof), _) | (Some(Closing::Quit), None) => return,
            (_, Some(l)) => l,
            (None, None) => match input.recv() {
                Ok(Input::Line(l)) => l,
                Ok(Input::Eof) | Err(_) => return,
            },
        };
        let cmd = match parse_line(&raw) {
            Ok(Line::Nothing) | Ok(Line::Interrupt) => continue,
            Ok(Line::Command(c)) => c,
            Err(e) => {
                out.write_raw(&format_reply(e.id, &Err(e.message)));
                continue;
            }
        };
        if closing == Some(Closing::Quit) && cmd.name != "quit" {
            log::debug!("dropping {raw:?}: quit was sent");
            let reply = Err("interrupted: quit was sent".to_string());
            out.write_raw(&format_reply(cmd.id, &reply));
            continue;
        }
        ctx.stop.store(false, Ordering::Relaxed);
        let action = match core_command(&cmd, &session) {
            Some(a) => a,
            None => session.execute(&cmd, &ctx),
        };
        match action {
            Action::Reply(r) => out.write_raw(&format_reply(cmd.id, &r)),
            Action::Quit => {
                out.write_raw(&format_reply(cmd.id, &Ok(String::new())));
                return;
            }
            Action::Background(job) => {
                let (tx, rx) = bounded(1);
                std::thread::Builder::new()
                    .name("job".into())
                    .stack_size(64 << 20)
                    .spawn(move || {
                        let _ = tx.send(job());
                    })
                    .expect("spawn a job thread");
                let finish = wait_for_job(&rx, &input, &ctx, &mut pending, &mut closing);
                let reply = match finish {
                    Some(f) => f(&mut session),
                    None => Err("internal error: the search thread died".into()),
                };
                out.write_raw(&format_reply(cmd.id, &reply));
            }
        }
    }
}

/// Waits for a job while still reading input: `# interrupt` stops it, `quit` and EOF stop it
/// and end the session after its reply, anything else waits its turn.
fn wait_for_job<S>(
    rx: &Receiver<Finish<S>>,
    input: &Receiver<Input>,
    ctx: &Context,
    pending: &mut VecDeque<String>,
    closing: &mut Option<Closing>,
) -> Option<Finish<S>> {
    loop {
        if closing.is_some() {
            return rx.recv().ok();
        }
        select! {
            recv(rx) -> f => {
                // Lines that came in before the reply is out were sent while this job was the
                // one unanswered: an interrupt among them is for it, not for the next command
                // (`select!` picks at random when both are ready).
                while closing.is_none() {
                    match input.try_recv() {
                        Ok(i) => take_input(i, ctx, pending, closing),
                        Err(_) => break,
                    }
                }
                return f.ok();
            }
            recv(input) -> i => take_input(i.unwrap_or(Input::Eof), ctx, pending, closing),
        }
    }
}

/// One input event read while a job runs.
fn take_input(
    input: Input,
    ctx: &Context,
    pending: &mut VecDeque<String>,
    closing: &mut Option<Closing>,
) {
    match input {
        Input::Line(l) => match parse_line(&l) {
            Ok(Line::Interrupt) => ctx.stop.store(true, Ordering::Relaxed),
            Ok(Line::Command(c)) if c.name == "quit" => {
                ctx.stop.store(true, Ordering::Relaxed);
                pending.push_back(l);
                *closing = Some(Closing::Quit);
            }
            _ => pending.push_back(l),
        },
        Input::Eof => {
            ctx.stop.store(true, Ordering::Relaxed);
            pending.clear();
            *closing = Some(Closing::Eof);
        }
    }
}

fn core_command<S: Session>(cmd: &Command, session: &S) -> Option<Action<S>> {
    let known = |name: &str| CORE_COMMANDS.contains(&name) || session.commands().contains(&name);
    let reply = match cmd.name.as_str() {
        "protocol_version" => Ok("2".to_string()),
        "name" => Ok(ENGINE_NAME.to_string()),
        "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
        "list_commands" => {
            let mut all: Vec<&str> = CORE_COMMANDS.to_vec();
            all.extend(session.commands());
            Ok(all.join("\n"))
        }
        "known_command" => match cmd.args.as_slice() {
            [name] => Ok(known(name).to_string()),
            _ => Err("usage: known_command <name>".to_string()),
        },
        "quit" => return Some(Action::Quit),
        _ => return None,
    };
    Some(Action::Reply(reply))
}

/// Parses one argument, naming it in the error message.
pub fn arg<T: std::str::FromStr>(cmd: &Command, index: usize, what: &str) -> Result<T, String> {
    let raw = cmd
        .args
        .get(index)
        .ok_or_else(|| format!("missing {what}"))?;
    raw.parse::<T>()
        .map_err(|_| format!("invalid {what}: {raw}"))
}

/// The text protocol's clock: `time_left <ms> [<moves>]` — the time is for the next `moves`
/// moves when given (1: a time per move), for the rest of the game otherwise.
pub fn parse_time_left(cmd: &Command) -> Result<(i64, Option<u32>), String> {
    if !(1..=2).contains(&cmd.args.len()) {
        return Err("usage: time_left <ms> [<moves>]".into());
    }
    let ms = arg::<i64>(cmd, 0, "time in ms")?;
    if ms < 0 {
        // A clock below zero means the time is already spent; every game refuses it alike
        // rather than one searching at once and another with its default time.
        return Err(format!("invalid time in ms: {ms} (must be 0 or more)"));
    }
    let moves = match cmd.args.get(1) {
        Some(_) => {
            let m = arg::<u32>(cmd, 1, "number of moves")?;
            if m == 0 {
                return Err("invalid number of moves: 0".into());
            }
            Some(m)
        }
        None => None,
    };
    Ok((ms, moves))
}

/// Fails unless the command has exactly `n` arguments.
pub fn expect_args(cmd: &Command, n: usize, usage: &str) -> Result<(), String> {
    if cmd.args.len() == n {
        Ok(())
    } else {
        Err(format!("usage: {usage}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Command {
        match parse_line(line).unwrap() {
            Line::Command(c) => c,
            other => panic!("not a command: {other:?}"),
        }
    }

    #[test]
    fn parses_ids_arguments_tabs_and_crlf() {
        let c = cmd("12 play\tb  a1\r");
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "a1"]);
        assert_eq!(cmd("genmove w # why not").args, vec!["w"]);
    }

    #[test]
    fn comments_and_interrupt() {
        assert_eq!(parse_line("# hello").unwrap(), Line::Nothing);
        assert_eq!(parse_line("   ").unwrap(), Line::Nothing);
        assert_eq!(parse_line("# interrupt").unwrap(), Line::Interrupt);
        assert_eq!(parse_line("#interrupt").unwrap(), Line::Interrupt);
    }

    #[test]
    fn a_number_alone_is_a_command_name() {
        // "12" with nothing after it: no id, the command is "12" (unknown, answered with `?`).
        assert_eq!(cmd("12").name, "12");
    }

    #[test]
    fn a_parse_error_keeps_the_id() {
        let e = parse_line("5 play\u{a0}b a1").unwrap_err();
        assert_eq!(e.id, Some(5));
        assert!(e.message.contains("U+00A0"), "{}", e.message);
        assert_eq!(parse_line("play\u{a0}b").unwrap_err().id, None);
    }

    #[test]
    fn an_id_too_large_is_not_a_command_name() {
        let e = parse_line("99999999999999999999 name").unwrap_err();
        assert_eq!(e.id, None);
        assert!(e.message.contains("id too large"), "{}", e.message);
        assert_eq!(cmd("18446744073709551615 name").id, Some(u64::MAX));
    }

    #[test]
    fn replies_never_hold_an_empty_line() {
        assert_eq!(format_reply(None, &Ok(String::new())), "= \n\n");
        assert_eq!(format_reply(Some(3), &Err("bad".into())), "?3 bad\n\n");
        assert_eq!(format_reply(None, &Ok("a\n\nb\n".into())), "= a\n \nb\n\n");
    }
}
