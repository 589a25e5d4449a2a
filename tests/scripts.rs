//! The scripts the test command and the docs rely on: `scripts/talk.py` (which runs the
//! runnable doc blocks) must fail when the engine refuses a command or exits badly, and
//! `scripts/conformance.sh` (the optional shared conformance scripts) must count what it skips.

mod support;

use support::bin;

use std::io::Write;
use std::process::{Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `scripts/talk.py ARGS` with `input` on stdin; returns whether it exited 0, and its output.
fn talk(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new("python3")
        .arg(format!("{ROOT}/scripts/talk.py"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn talk_py_fails_on_refusals_and_bad_exits() {
    let renju = ["--gomocup", "--", bin(), "renju", "--threads", "1"];
    let (ok, out) = talk(&renju, "START 15\nINFO timeout_turn 100\nBEGIN\n");
    assert!(ok, "{out}");
    // A refused move, a refused position block (answered only on error), an unknown command.
    for refused in [
        "START 15\nTURN 99,99\n",
        "START 15\nYXBOARD\n7,7,9\nDONE\n",
        "START 15\nFROBNICATE\n",
    ] {
        let (ok, out) = talk(&renju, refused);
        assert!(!ok, "talk.py passed a refused command:\n{refused}\n{out}");
    }
    // GTP: an error reply, and an engine that exits with a nonzero status.
    let (ok, out) = talk(&["--", bin(), "nim"], "heaps 3 4 5\nsolve\n");
    assert!(ok, "{out}");
    let (ok, out) = talk(&["--", bin(), "nim"], "frobnicate\n");
    assert!(!ok, "{out}");
    let (ok, out) = talk(&["--", "sh", "-c", "cat >/dev/null; exit 3"], "");
    assert!(
        !ok,
        "talk.py passed an engine that exited with status 3: {out}"
    );
}

#[test]
fn missing_conformance_scripts_are_counted_as_skipped() {
    let run = |require: &str| {
        Command::new("bash")
            .arg(format!("{ROOT}/scripts/conformance.sh"))
            .env("SENTE_CONFORMANCE_DIR", "/nonexistent/conformance")
            .env("SENTE_REQUIRE_CONFORMANCE", require)
            .output()
            .unwrap()
    };
    let out = run("0");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("conformance summary: 0 run, 4 skipped (of 4)"),
        "{stdout}"
    );
    assert!(!run("1").status.success(), "a required script was skipped");
}
