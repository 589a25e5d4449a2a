//! Ctrl-C and SIGTERM (what Slurm sends when a job's time is up): the match abandons its games
//! in progress, kills every engine, and still writes the summary of the finished games, so that
//! `--resume` can carry on. A second Ctrl-C ends the runner at once. On Windows the same comes
//! from console control events: Ctrl-C and Ctrl-Break.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_signal(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    // SAFETY: signal(2) is async-signal-safe; the next Ctrl-C gets the default action.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
    }
}

/// Routes SIGINT and SIGTERM to the flag below (once per process).
#[cfg(unix)]
pub fn install() {
    let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only stores to an atomic and calls signal(2).
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

/// Windows calls this on a thread of its own for each console control event. Ctrl-C and
/// Ctrl-Break raise the flag; once it is up, or for any other event (the console closing, the
/// user logging off), it declines, and the next handler, Windows' default, ends the process.
/// (The C runtime's `signal(SIGINT)` would see Ctrl-C alone, not Ctrl-Break, and nothing here
/// needs more than the one call that `windows-sys`, already in the build, declares.)
#[cfg(windows)]
unsafe extern "system" fn on_console_event(event: u32) -> windows_sys::core::BOOL {
    use windows_sys::Win32::System::Console::{CTRL_BREAK_EVENT, CTRL_C_EVENT};
    let first = !INTERRUPTED.swap(true, Ordering::SeqCst);
    (first && (event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT)) as windows_sys::core::BOOL
}

/// Routes Ctrl-C and Ctrl-Break to the flag below (once per process).
#[cfg(windows)]
pub fn install() {
    // SAFETY: the handler only touches an atomic; registering it has no other effect.
    unsafe {
        windows_sys::Win32::System::Console::SetConsoleCtrlHandler(Some(on_console_event), 1);
    }
}

/// True once the user or the scheduler asked the match to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
