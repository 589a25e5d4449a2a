//! Protocol fuzzing through the real binary, one front end at a time (nim, kalah, hex over GTP;
//! renju, gomoku over Gomocup): seeded bursts of hostile lines (invalid UTF-8, NUL, CR, bidi
//! characters, megabyte lines, huge and negative numbers, known commands with nonsense
//! arguments) mixed with valid commands. After every burst a valid exchange must still be
//! answered correctly; throughout, the framing must hold exactly (GTP: one `=id`/`?id` reply per
//! command and one empty line after it; Gomocup: one reply line where one is due and none
//! elsewhere); at the end the engine must exit with status 0 soon after EOF, never panic.
//!
//! Each front end runs for `FUZZ_SECONDS` seconds (default 2); `FUZZ_SEED` picks the seed
//! (default: fixed, so that a failure in CI can be replayed).

mod support;

use support::bin;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The longest any single reply may take: generous, CI machines are loaded.
const REPLY_WAIT: Duration = Duration::from_secs(20);
/// How soon after EOF the engine must be gone (the promise is 1 s; slack for a loaded machine).
const EXIT_WAIT: Duration = Duration::from_secs(2);

/// xorshift64*: a seeded generator of our own, so that a failing seed replays exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn seconds() -> f64 {
    std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0)
}

fn seed(front_end: &str) -> u64 {
    let base = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x05EE_D0F5_E17E);
    // Each front end its own stream.
    front_end.bytes().fold(base | 1, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01B3)
    }) | 1
}

/// A hostile argument: bytes and numbers that parsers get wrong.
fn junk(rng: &mut Rng) -> Vec<u8> {
    match rng.below(12) {
        0 => b"99999999999999999999999999".to_vec(),
        1 => b"-1".to_vec(),
        2 => b"-9223372036854775808".to_vec(),
        3 => vec![0xff, 0xfe, b'x', 0xc3],
        4 => b"a\0b".to_vec(),
        5 => "\u{202e}evil\u{200b}".as_bytes().to_vec(),
        6 => b"\x1b[2J".to_vec(),
        7 => b"1e309".to_vec(),
        8 => b"NaN".to_vec(),
        9 => (0..rng.below(40))
            .map(|_| b'a' + (rng.below(26) as u8))
            .collect(),
        10 => rng.below(30).to_string().into_bytes(),
        _ => b"\t \t".to_vec(),
    }
}

/// A line of output, or why there is none.
fn next_line(rx: &Receiver<Vec<u8>>, context: &str) -> Vec<u8> {
    rx.recv_timeout(REPLY_WAIT)
        .unwrap_or_else(|_| panic!("no output within {REPLY_WAIT:?} ({context})"))
}

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Vec<u8>>,
    /// Everything sent, for the failure message.
    sent: Vec<Vec<u8>>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(bin())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start sente");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                            buf.pop();
                        }
                        if tx.send(buf).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            sent: Vec::new(),
        }
    }

    fn send(&mut self, line: &[u8]) {
        let mut l = line.to_vec();
        l.push(b'\n');
        self.stdin
            .as_mut()
            .unwrap()
            .write_all(&l)
            .expect("the engine stopped reading");
        self.sent.push(line.to_vec());
    }

    fn context(&self) -> String {
        let last: Vec<String> = self
            .sent
            .iter()
            .rev()
            .take(6)
            .map(|l| String::from_utf8_lossy(&l[..l.len().min(80)]).into_owned())
            .collect();
        format!("last lines sent, newest first: {last:?}")
    }

    /// Closes stdin; the engine must exit 0 soon, and must not have panicked.
    fn finish(mut self) {
        self.stdin = None;
        let start = Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if start.elapsed() > EXIT_WAIT {
                let _ = self.child.kill();
                panic!("still running {EXIT_WAIT:?} after EOF ({})", self.context());
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut err = String::new();
        let _ = self.child.stderr.take().unwrap().read_to_string(&mut err);
        assert!(!err.contains("panicked"), "panic: {err}");
        assert!(status.success(), "exit status {status}: {err}");
    }
}

/// GTP: every command gets `=id`/`?id`, then text lines, then exactly one empty line.
fn gtp_reply(e: &Engine, id: u64) -> (bool, String) {
    let first = next_line(&e.lines, &e.context());
    let first = String::from_utf8(first)
        .unwrap_or_else(|b| panic!("reply is not UTF-8: {:?} ({})", b, e.context()));
    let ok = first.starts_with('=');
    let head = format!("{}{id}", if ok { '=' } else { '?' });
    assert!(
        first == head || first.starts_with(&format!("{head} ")),
        "expected a reply with id {id}, got {first:?} ({})",
        e.context()
    );
    let mut text = first[head.len()..].trim().to_string();
    loop {
        let l = next_line(&e.lines, &e.context());
        if l.is_empty() {
            break;
        }
        text.push('\n');
        text.push_str(&String::from_utf8_lossy(&l));
    }
    (ok, text)
}

fn fuzz_gtp(game: &str, vocabulary: &[&str], setup: &[&str]) {
    let mut rng = Rng(seed(game));
    let mut e = Engine::start(&[game, "--threads", "1", "--hash", "1"]);
    let deadline = Instant::now() + Duration::from_secs_f64(seconds());
    let mut id = 0u64;
    let mut bursts = 0;
    while Instant::now() < deadline || bursts == 0 {
        bursts += 1;
        // A burst: ids on every command, so that each reply can be matched.
        let mut pending = Vec::new();
        for _ in 0..1 + rng.below(12) {
            id += 1;
            let mut line = format!("{id} ").into_bytes();
            match rng.below(10) {
                // A known command with hostile arguments.
                0..=5 => {
                    line.extend_from_slice(rng.pick(vocabulary).as_bytes());
                    for _ in 0..rng.below(4) {
                        line.push(b' ');
                        line.extend(junk(&mut rng));
                    }
                }
                // A megabyte line.
                6 => line.extend(std::iter::repeat_n(b'x', 1 << 20)),
                // An unknown command made of junk (printable first, so it is a command).
                7 => {
                    line.extend_from_slice(b"zz");
                    line.extend(junk(&mut rng));
                }
                // CR LF and tabs around a valid command.
                8 => line.extend_from_slice(b"\tname\t\r"),
                _ => line.extend_from_slice(rng.pick(setup).as_bytes()),
            }
            e.send(&line);
            pending.push(id);
            // Lines that get no reply: comments and blank lines.
            if rng.below(4) == 0 {
                let blank: [&[u8]; 4] = [b"# a comment \xff", b"", b"   ", b"\r"];
                let line = *rng.pick(&blank);
                e.send(line);
            }
        }
        for want in pending {
            gtp_reply(&e, want);
        }
        // Still answers a valid exchange correctly.
        id += 1;
        e.send(format!("{id} protocol_version").as_bytes());
        assert_eq!(gtp_reply(&e, id), (true, "2".into()), "{}", e.context());
        id += 1;
        e.send(format!("{id} known_command play").as_bytes());
        assert_eq!(gtp_reply(&e, id), (true, "true".into()), "{}", e.context());
        id += 1;
        e.send(format!("{id} name").as_bytes());
        let (ok, name) = gtp_reply(&e, id);
        assert!(ok && name.to_lowercase().contains("sente"), "{name}");
    }
    e.finish();
}

#[test]
fn fuzz_nim() {
    fuzz_gtp(
        "nim",
        &[
            "play",
            "heaps",
            "rule",
            "undo",
            "showboard",
            "time_left",
            "known_command",
            "list_commands",
            "solve",
        ],
        &[
            "heaps 3 4 5",
            "rule normal",
            "rule misere",
            "play 1 2",
            "undo",
        ],
    );
}

#[test]
fn fuzz_kalah() {
    fuzz_gtp(
        "kalah",
        &[
            "play",
            "newgame",
            "rule",
            "position",
            "undo",
            "showboard",
            "time_left",
            "known_command",
        ],
        &[
            "newgame 6 4",
            "newgame 3 3",
            "play 1",
            "undo",
            "rule empty_capture on",
            "showboard",
        ],
    );
}

#[test]
fn fuzz_hex() {
    fuzz_gtp(
        "hex",
        &[
            "play",
            "boardsize",
            "clear_board",
            "undo",
            "showboard",
            "time_left",
            "time_settings",
            "param_dfpn",
            "param_game",
            "known_command",
            "swap-pieces",
        ],
        &[
            "boardsize 7 7",
            "boardsize 11",
            "clear_board",
            "play b a1",
            "play w b2",
            "undo",
            "showboard",
        ],
    );
}

/// Gomocup: the lines sent and whether each is due a reply, checked in order.
enum Due {
    None,
    /// A refusal: `UNKNOWN ...` or `ERROR ...`.
    Refusal,
    Ok,
    /// `OK`, or a refusal (`RESTART` after a refused `START` has no board to restart).
    OkOrRefusal,
    About,
    /// A move on the board of this size.
    Move(u32),
}

fn gomocup_reply(e: &Engine) -> String {
    loop {
        let l = next_line(&e.lines, &e.context());
        let l = String::from_utf8(l)
            .unwrap_or_else(|b| panic!("output is not UTF-8: {:?} ({})", b, e.context()));
        assert!(
            !l.chars().any(|c| c.is_control()),
            "raw control characters on stdout: {l:?} ({})",
            e.context()
        );
        if !(l.starts_with("MESSAGE") || l.starts_with("DEBUG")) {
            return l;
        }
    }
}

fn check(e: &Engine, due: &Due) {
    let got = match due {
        Due::None => return,
        _ => gomocup_reply(e),
    };
    let fine = match due {
        Due::None => true,
        Due::Refusal => got.starts_with("UNKNOWN") || got.starts_with("ERROR"),
        Due::Ok => got == "OK",
        Due::OkOrRefusal => got == "OK" || got.starts_with("ERROR") || got.starts_with("UNKNOWN"),
        Due::About => got.starts_with("name="),
        Due::Move(n) => got
            .split_once(',')
            .and_then(|(x, y)| Some((x.trim().parse::<u32>().ok()?, y.trim().parse::<u32>().ok()?)))
            .is_some_and(|(x, y)| x < *n && y < *n),
    };
    assert!(
        fine,
        "got {got:?} where a different reply was due ({})",
        e.context()
    );
}

fn fuzz_gomocup(game: &str) {
    let mut rng = Rng(seed(game));
    let mut e = Engine::start(&[game, "--threads", "1", "--hash", "1"]);
    e.send(b"START 15");
    check(&e, &Due::Ok);
    let deadline = Instant::now() + Duration::from_secs_f64(seconds());
    let mut bursts = 0;
    while Instant::now() < deadline || bursts == 0 {
        bursts += 1;
        let mut dues = Vec::new();
        for _ in 0..1 + rng.below(12) {
            let (line, due): (Vec<u8>, Due) = match rng.below(10) {
                0 => {
                    let mut l = b"XYZZY".to_vec();
                    l.extend(junk(&mut rng));
                    (l, Due::Refusal)
                }
                1 => {
                    // START with a size no engine takes.
                    let size = rng.pick(&["0", "4", "-3", "23", "99999999999999999999", "x"]);
                    (format!("START {size}").into_bytes(), Due::Refusal)
                }
                2 => {
                    // TURN, PLAY or TAKEBACK off the board or unreadable.
                    let cmd = rng.pick(&["TURN", "PLAY", "TAKEBACK"]);
                    let at = rng.pick(&["99,99", "-1,3", "a,b", "3", "", "1,2,3", "40000000000,1"]);
                    (format!("{cmd} {at}").into_bytes(), Due::Refusal)
                }
                3 => {
                    // INFO never answers, whatever its key and value.
                    let key = rng.pick(&[
                        "timeout_turn",
                        "time_left",
                        "rule",
                        "zzz",
                        "game_type",
                        "folder",
                    ]);
                    let mut l = format!("INFO {key} ").into_bytes();
                    l.extend(junk(&mut rng));
                    (l, Due::None)
                }
                4 => (b"ABOUT".to_vec(), Due::About),
                5 => {
                    // A megabyte line.
                    let mut l = b"X".to_vec();
                    l.extend(std::iter::repeat_n(b'y', 1 << 20));
                    (l, Due::Refusal)
                }
                6 => (b"YXHASHCLEAR".to_vec(), Due::None),
                7 => (b"START 15\r".to_vec(), Due::Ok),
                8 => (vec![0xff, 0x00, b'Q'], Due::Refusal),
                _ => (b"RESTART".to_vec(), Due::OkOrRefusal),
            };
            e.send(&line);
            dues.push(due);
        }
        // Still plays: a board of its own size, a move on it.
        e.send(b"START 15");
        dues.push(Due::Ok);
        e.send(b"INFO timeout_turn 100");
        e.send(b"INFO timeout_match 0");
        e.send(b"BEGIN");
        dues.push(Due::Move(15));
        for due in &dues {
            check(&e, due);
        }
    }
    e.finish();
}

#[test]
fn fuzz_renju() {
    fuzz_gomocup("renju");
}

#[test]
fn fuzz_gomoku() {
    fuzz_gomocup("gomoku");
}
