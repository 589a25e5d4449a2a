//! An engine process as the referee sees it: a child in its own process group (on Windows, a job
//! object), a reader thread that turns its stdout into a channel of lines, and a kill that takes
//! the whole group.
//!
//! Reading through a channel with a deadline is what keeps the runner from ever hanging on an
//! engine: a silent engine only costs its own time, and its reader thread stays blocked until
//! the process is killed. The process group is killed as a whole because engines are often
//! wrapper scripts: killing only the shell would leave the real engine running.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError};

/// How an engine let the referee down while it waited for a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No complete reply before the deadline.
    Timeout,
    /// The process closed its output or could not be written to (it exited or crashed).
    Crash(String),
    /// A reply that makes no sense in the protocol.
    Garbage(String),
    /// The engine answered with an error (`? message`, `ERROR message`).
    Refused(String),
    /// The engine refused to set up the match's game itself (`boardsize`, `START`): every game
    /// would go the same way, so the match ends instead of scoring a run of forfeits.
    Unplayable(String),
    /// The match is over (SPRT decided): the game is abandoned, not scored.
    Aborted,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout => f.write_str("no reply in time"),
            Fault::Crash(m) => write!(f, "crash: {m}"),
            Fault::Garbage(l) => write!(f, "bad reply {l:?}"),
            Fault::Refused(m) => write!(f, "engine error: {m}"),
            Fault::Unplayable(m) => write!(f, "refuses this game: {m}"),
            Fault::Aborted => f.write_str("match stopped"),
        }
    }
}

/// How to start one engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// The engine's name in the match, for the runner's notes about it.
    pub name: String,
    pub argv: Vec<String>,
    pub dir: Option<PathBuf>,
    /// Where the engine's stderr goes (None: discarded); the runner's notes go there too.
    pub stderr: Option<PathBuf>,
}

impl Launch {
    /// Writes `body` as a shell script at `path` and launches it through `/bin/sh`: the drivers'
    /// tests use such scripts as fake engines. Running the file through the shell, rather than
    /// executing it, matters: a test thread that forks while another still holds the freshly
    /// written file open makes `exec` of that file fail with "Text file busy" (ETXTBSY).
    #[cfg(test)]
    pub fn shell_script(path: &std::path::Path, body: &str) -> Launch {
        std::fs::write(path, body).unwrap();
        Launch {
            name: "fake".into(),
            argv: vec!["/bin/sh".into(), path.display().to_string()],
            dir: None,
            stderr: None,
        }
    }
}

pub struct Process {
    child: Child,
    /// The engine's descendants, which the kill takes with it.
    tree: tree::Tree,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    killed: bool,
    /// Set when the match ends early: every wait gives up within a few milliseconds.
    abort: Arc<AtomicBool>,
    name: String,
    log: Option<PathBuf>,
}

/// How often a waiting read looks at the abort flag.
const ABORT_POLL: Duration = Duration::from_millis(50);

impl Process {
    pub fn spawn(launch: &Launch, abort: Arc<AtomicBool>) -> Result<Process, String> {
        let (program, args) = launch
            .argv
            .split_first()
            .ok_or_else(|| "empty engine command".to_string())?;
        let mut cmd = Command::new(program);
        cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped());
        tree::isolate(&mut cmd);
        if let Some(dir) = &launch.dir {
            cmd.current_dir(dir);
        }
        let stderr = match &launch.stderr {
            Some(path) => std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map(Stdio::from)
                .unwrap_or_else(|_| Stdio::null()),
            None => Stdio::null(),
        };
        cmd.stderr(stderr);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {program:?}: {e}"))?;
        let tree = tree::Tree::adopt(&child);
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, rx) = unbounded();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Process {
            child,
            tree,
            stdin,
            lines: rx,
            killed: false,
            abort,
            name: launch.name.clone(),
            log: launch.stderr.clone(),
        })
    }

    /// Writes one line of the runner's own about this engine into the engines' log, beside
    /// their stderr: what it learnt in the handshake (ABOUT, name, version) and what it decided
    /// (clock commands not sent), so that whoever reads `engines.log` sees how it was driven.
    pub fn note(&self, text: &str) {
        log::info!("{}: {text}", self.name);
        let Some(path) = &self.log else { return };
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = writeln!(f, "[sente match] {}: {text}", self.name);
        }
    }

    /// Sends one line (LF added).
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.send_raw(&format!("{line}\n"))
    }

    /// Sends text as is (the Gomocup driver ends its lines with CR LF, as piskvork does).
    pub fn send_raw(&mut self, text: &str) -> Result<(), Fault> {
        log::debug!("-> {}", text.trim_end());
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| Fault::Crash("input closed".into()))?;
        stdin
            .write_all(text.as_bytes())
            .and_then(|_| stdin.flush())
            .map_err(|e| Fault::Crash(format!("cannot write to the engine: {e}")))
    }

    /// The next line of output, waiting until `deadline` (None: forever).
    pub fn read_line(&mut self, deadline: Option<Instant>) -> Result<String, Fault> {
        let got = loop {
            if self.abort.load(Ordering::Relaxed) || super::interrupt::interrupted() {
                return Err(Fault::Aborted);
            }
            let slice = match deadline {
                Some(d) => d.saturating_duration_since(Instant::now()).min(ABORT_POLL),
                None => ABORT_POLL,
            };
            match self.lines.recv_timeout(slice) {
                Err(RecvTimeoutError::Timeout) if deadline.is_none_or(|d| Instant::now() < d) => {}
                other => break other,
            }
        };
        match got {
            Ok(line) => {
                log::debug!("<- {line}");
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Crash(self.exit_description())),
        }
    }

    /// Says why output ended. The leader is left unreaped (see `has_exited`).
    fn exit_description(&mut self) -> String {
        // Give a dying process a moment to exit, so that the report can say so.
        for _ in 0..20 {
            if self.has_exited() {
                return "engine exited".into();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        "engine closed its output".into()
    }

    /// Asks the engine to leave with `goodbye` (e.g. `quit`, `END`), waits up to `grace`, then
    /// kills its whole process group and reaps it.
    pub fn shut_down(mut self, goodbye: &str, grace: Duration) {
        if !self.killed {
            let _ = self.send(goodbye);
            self.stdin = None;
            let until = Instant::now() + grace;
            while Instant::now() < until && !self.has_exited() {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }

    /// True once the leader has exited, without reaping it (see `tree::Tree::kill`).
    fn has_exited(&self) -> bool {
        self.tree.has_exited(&self.child)
    }

    fn kill(&mut self) {
        if self.killed {
            return;
        }
        self.killed = true;
        self.stdin = None;
        self.tree.kill(&self.child);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The engine and every process it starts, as one thing to kill.
#[cfg(unix)]
mod tree {
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};

    /// Starts the engine as the leader of a new process group (which also keeps a terminal's
    /// Ctrl-C, meant for the runner, away from it).
    pub fn isolate(cmd: &mut Command) {
        cmd.process_group(0);
    }

    /// The group whose id is the leader's pid.
    pub struct Tree;

    impl Tree {
        pub fn adopt(_child: &Child) -> Tree {
            Tree
        }

        /// The group id stays reserved until the leader is reaped, so this looks without
        /// reaping, and the group kill below cannot hit a stranger.
        pub fn has_exited(&self, child: &Child) -> bool {
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            // SAFETY: waitid with WNOWAIT only inspects our own child and writes into `info`.
            let r = unsafe {
                libc::waitid(
                    libc::P_PID,
                    child.id() as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
                )
            };
            // SAFETY: si_pid is valid to read after a successful waitid.
            r != 0 || unsafe { info.si_pid() } != 0
        }

        pub fn kill(&self, child: &Child) {
            let pgid = child.id() as libc::pid_t;
            // SAFETY: a plain kill(2) of the group we created for this child; the leader is not
            // reaped yet, so the id is still ours.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
    }
}

/// Windows has no process groups to kill: the engine goes into a job object, which its children
/// join as they start, and terminating the job ends them all. The job is also marked
/// kill-on-close, so that engines die with a runner that dies. (There is a short window between
/// the spawn and the assignment in which a child the engine starts escapes the job; engines
/// start their helpers later than that.)
#[cfg(windows)]
mod tree {
    use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
    use std::os::windows::process::CommandExt;
    use std::process::{Child, Command};
    use windows_sys::Win32::Foundation::WAIT_OBJECT_0;
    use windows_sys::Win32::System::JobObjects::{
        AssignProcessToJobObject, CreateJobObjectW, JobObjectExtendedLimitInformation,
        SetInformationJobObject, TerminateJobObject, JOBOBJECT_EXTENDED_LIMIT_INFORMATION,
        JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
    };
    use windows_sys::Win32::System::Threading::{WaitForSingleObject, CREATE_NEW_PROCESS_GROUP};

    /// A new console process group: a Ctrl-C in the runner's console, meant for the runner, does
    /// not reach the engine (Windows turns Ctrl-C off in such a group).
    pub fn isolate(cmd: &mut Command) {
        cmd.creation_flags(CREATE_NEW_PROCESS_GROUP);
    }

    /// The engine's job (None if Windows refused one: then the kill takes the engine alone).
    pub struct Tree(Option<OwnedHandle>);

    impl Tree {
        pub fn adopt(child: &Child) -> Tree {
            let job = job_for(child);
            if let Err(e) = &job {
                log::warn!("no job object for the engine ({e}): its children may outlive it");
            }
            Tree(job.ok())
        }

        /// The process handle that `Child` holds keeps the pid reserved whether or not the
        /// process was waited for: a look at the handle is enough.
        pub fn has_exited(&self, child: &Child) -> bool {
            // SAFETY: a zero-timeout wait on the live process handle that `child` owns.
            unsafe { WaitForSingleObject(child.as_raw_handle(), 0) == WAIT_OBJECT_0 }
        }

        pub fn kill(&self, _child: &Child) {
            if let Some(job) = &self.0 {
                // SAFETY: the job handle is ours and open; terminating it ends its processes.
                unsafe {
                    TerminateJobObject(job.as_raw_handle(), 1);
                }
            }
        }
    }

    fn job_for(child: &Child) -> Result<OwnedHandle, std::io::Error> {
        // SAFETY: an unnamed job with default security; the handle is owned from here on.
        let raw = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
        if raw.is_null() {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: `raw` is a fresh handle that nothing else owns.
        let job = unsafe { OwnedHandle::from_raw_handle(raw) };
        // SAFETY: zero is a valid value for this plain C struct.
        let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        // SAFETY: the struct and its size match the information class; both handles are open.
        let ok = unsafe {
            SetInformationJobObject(
                job.as_raw_handle(),
                JobObjectExtendedLimitInformation,
                &limits as *const _ as *const core::ffi::c_void,
                std::mem::size_of_val(&limits) as u32,
            ) != 0
                && AssignProcessToJobObject(job.as_raw_handle(), child.as_raw_handle()) != 0
        };
        if ok {
            Ok(job)
        } else {
            Err(std::io::Error::last_os_error())
        }
    }
}
