//! The reader thread: it alone owns stdin and forwards every line over a channel, so that the
//! engine can react to `# interrupt`, `stop`, `quit`, `END` and EOF while a search runs.

use std::io::{BufRead, Read};

use crossbeam_channel::{unbounded, Receiver};

/// One event from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line without its line ending (LF or CR LF); invalid UTF-8 is replaced, not fatal.
    Line(String),
    /// The input was closed (or failed): the session should end cleanly.
    Eof,
}

/// Starts a thread that reads `reader` line by line until EOF.
pub fn spawn_reader<R: Read + Send + 'static>(reader: R) -> Receiver<Input> {
    let (tx, rx) = unbounded();
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let mut reader = std::io::BufReader::new(reader);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        while matches!(buf.last(), Some(b'\n' | b'\r')) {
                            buf.pop();
                        }
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        log::trace!("<< {line}");
                        if tx.send(Input::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Input::Eof);
        })
        .expect("spawn the input thread");
    rx
}

/// The reader for the process's own stdin.
pub fn stdin_reader() -> Receiver<Input> {
    spawn_reader(std::io::stdin())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_lose_their_endings_and_eof_is_reported() {
        let rx = spawn_reader(&b"a\r\nb\n\xffc"[..]);
        assert_eq!(rx.recv().unwrap(), Input::Line("a".into()));
        assert_eq!(rx.recv().unwrap(), Input::Line("b".into()));
        assert_eq!(rx.recv().unwrap(), Input::Line("\u{fffd}c".into()));
        assert_eq!(rx.recv().unwrap(), Input::Eof);
    }
}
