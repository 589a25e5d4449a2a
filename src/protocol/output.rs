//! stdout belongs to the protocol: everything the engine says goes through one `Output`, which
//! writes whole blocks under a lock and flushes them, so a search thread's live output and the
//! session's replies never interleave.

use std::io::Write;
use std::sync::Arc;

use parking_lot::Mutex;

#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes `text` exactly as given and flushes. A closed stdout is not worth a panic: the
    /// manager is gone and EOF on stdin will end the session.
    pub fn write_raw(&self, text: &str) {
        log::trace!(">> {}", text.trim_end());
        let mut sink = self.sink.lock();
        let _ = sink.write_all(text.as_bytes());
        let _ = sink.flush();
    }

    /// Writes one line (a newline is added).
    pub fn line(&self, text: &str) {
        self.write_raw(&format!("{text}\n"));
    }
}

/// A sink that keeps what was written, for tests.
#[derive(Clone, Default)]
pub struct Captured(pub Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock()).into_owned()
    }
}

/// `text` safe to show or store when it came from outside (a command echoed to a manager, an
/// engine's reply in a results file): control bytes (NUL, ESC: a terminal would act on them)
/// and invisible format characters (bidi overrides reorder what a person reads) are written as
/// `\u{..}` escapes, other characters as they are.
pub fn escaped(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || is_format_char(c) {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Unicode's invisible format characters that change how text around them reads: bidi marks,
/// embeddings, overrides and isolates, zero-width characters and the byte order mark.
fn is_format_char(c: char) -> bool {
    matches!(c,
        '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}' | '\u{feff}')
}
