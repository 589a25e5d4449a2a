//! Ctrl-C and SIGTERM (what Slurm sends when a job's time is up): the match abandons its games
//! in progress, kills every engine, and still writes the summary of the finished games, so that
//! `--resume` can carry on. A second Ctrl-C ends the runner at once.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_signal(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    // SAFETY: signal(2) is async-signal-safe; the next Ctrl-C gets the default action.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
    }
}

/// Routes SIGINT and SIGTERM to the flag below (once per process).
pub fn install() {
    let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only stores to an atomic and calls signal(2).
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

/// True once the user or the scheduler asked the match to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
