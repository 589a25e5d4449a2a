//! `sente match` end to end, through the real binary: Nim matches between `sente`
//! configurations, fake engines that misbehave (illegal move, crash, hang, too slow, nonsense,
//! refusal to start), resume, shards and merge, SPRT stopping, and TOML configs.

mod support;

use support::bin;

use std::path::{Path, PathBuf};
use std::process::Command;

use sente::arena::results::{read, GameResult};
use sente::games::nim::{Nim, NimMove, Rule};
use sente::search::{Outcome, Position};

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sente-match-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn sente_nim(extra: &str) -> String {
    format!("{} nim --threads 1 --hash 1 {extra}", bin())
}

/// Runs `sente match` with `args`; returns (success, stdout, stderr).
fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(bin())
        .arg("match")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn results(dir: &Path) -> Vec<GameResult> {
    read(&dir.join("results.jsonl")).unwrap()
}

/// Writes `body` as a shell script at `path`; returns the command that runs it through `/bin/sh`.
/// The file is never executed itself: a concurrent fork in this test process could still hold it
/// open for writing, and `exec` would fail with "Text file busy" (ETXTBSY).
fn shell_script(path: &Path, body: &str) -> String {
    std::fs::write(path, body).unwrap();
    format!("/bin/sh {}", path.display())
}

/// A fake text-protocol engine: answers every command with `= `, and `genmove` as told.
fn fake(dir: &Path, name: &str, on_genmove: &str) -> String {
    shell_script(
        &dir.join(name),
        &format!(
            "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    genmove*) {on_genmove} ;;\n    quit*) printf '= \\n\\n'; exit 0 ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n"
        ),
    )
}

/// What a fake GTP engine heard, less the runner's handshake (`name`, `version`,
/// `known_command`), which the tests of the handshake check on their own.
fn without_handshake(heard: &str) -> Vec<&str> {
    heard
        .lines()
        .filter(|l| {
            !matches!(
                l.split(' ').next(),
                Some("name" | "version" | "known_command")
            )
        })
        .collect()
}

/// Replays a game with our own rules and checks the recorded result. `by_rules`: the game
/// must have ended by the rules (the last object taken), not by a crash, forfeit, illegal move
/// or timeout of either engine.
fn check_game(g: &GameResult, rule: Rule, by_rules: bool) {
    assert!(
        !by_rules || g.reason.contains("last object"),
        "not ended by the rules: {g:?}"
    );
    let heaps: Vec<u64> = g
        .opening
        .split_whitespace()
        .map(|h| h.parse().unwrap())
        .collect();
    let mut pos = Nim::new(heaps, rule);
    for mv in &g.moves {
        let w: Vec<&str> = mv.split_whitespace().collect();
        let m = NimMove {
            heap: w[0].parse::<usize>().unwrap() - 1,
            take: w[1].parse().unwrap(),
        };
        assert!(pos.is_legal(m), "illegal move {mv} recorded in {g:?}");
        pos.play(m);
    }
    if g.reason.contains("last object") {
        let winner_seat = match pos.outcome() {
            Some(Outcome::Win) => pos.side_to_move() as usize,
            Some(_) => 1 - pos.side_to_move() as usize,
            None => panic!("game recorded as over but objects remain: {g:?}"),
        };
        assert_eq!(g.result, ["first", "second"][winner_seat], "{g:?}");
    }
}

#[test]
fn nim_match_between_two_sente_configurations() {
    let dir = temp_dir("selfplay");
    let (ok, stdout, stderr) = run(&[
        "--game",
        "nim",
        "--engine",
        &format!("name=theory cmd={}", sente_nim("")),
        "--engine",
        &format!("name=random cmd={}", sente_nim("--player random --seed 3")),
        "--games",
        "6",
        "--concurrency",
        "2",
        "--tc",
        "1s/move",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let games = results(&dir);
    assert_eq!(games.len(), 6);
    let mut numbers: Vec<usize> = games.iter().map(|g| g.game).collect();
    numbers.sort();
    assert_eq!(numbers, [0, 1, 2, 3, 4, 5]);
    for g in &games {
        check_game(g, Rule::Misere, true);
        let (first, second) = if g.game % 2 == 0 {
            ("theory", "random")
        } else {
            ("random", "theory")
        };
        assert_eq!((g.first.as_str(), g.second.as_str()), (first, second));
        assert_eq!(g.times_ms.len(), g.moves.len());
        let record = std::fs::read_to_string(dir.join(g.record.as_ref().unwrap())).unwrap();
        assert!(record.contains(&format!("heaps {}", g.opening)));
        // Both games of a pair share the opening.
        let partner = games.iter().find(|h| h.game == g.game ^ 1).unwrap();
        assert_eq!(partner.opening, g.opening);
    }
    assert!(stdout.contains("Score of theory vs random"), "{stdout}");
    assert!(stdout.contains("Elo difference"), "{stdout}");
    assert!(stdout.contains("Pentanomial"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(dir.join("summary.txt")).unwrap(),
        stdout
    );
    assert!(stderr.contains("6/6"), "no progress line: {stderr}");
    check_picture_and_report(&dir, &stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The match left `summary.svg` beside `summary.txt` (score, Elo and interval curves, results by
/// opening and colour), and `sente match report` draws the same picture and summary again from
/// `results.jsonl` alone.
fn check_picture_and_report(dir: &Path, summary: &str) {
    let svg = std::fs::read_to_string(dir.join("summary.svg")).unwrap();
    let score = summary.lines().nth(1).unwrap(); // "Score of theory vs random: W - L - D ..."
    let wld: Vec<&str> = score.split(": ").nth(1).unwrap().split(" - ").collect();
    let draws = wld[2].split_whitespace().next().unwrap();
    let title = format!(
        "Score of theory vs random: +{} -{} ={draws}",
        wld[0], wld[1]
    );
    for label in [
        title.as_str(),
        "Score of theory as games accumulate",
        "score of theory",
        "Elo of theory with its 95% interval",
        "95% interval",
        "Results of theory by opening and colour",
        "theory first",
        "theory second",
        "after 6 games",
    ] {
        assert!(svg.contains(label), "no {label:?} in summary.svg");
    }
    assert!(
        svg.matches("<polyline").count() >= 3,
        "the curves are missing"
    );
    for g in results(dir) {
        assert!(
            svg.contains(&g.opening),
            "opening {:?} not labelled",
            g.opening
        );
    }
    std::fs::remove_file(dir.join("summary.svg")).unwrap();
    let out = Command::new(bin())
        .args(["match", "report", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("summary.svg")).unwrap(),
        svg
    );
    let redrawn = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
    assert!(redrawn.starts_with("Report of 6 games from "), "{redrawn}");
    // Everything but the run's header and wall time is the same.
    let body = |t: &str| -> Vec<String> {
        t.lines()
            .skip(1)
            .filter(|l| !l.starts_with("Wall time"))
            .map(String::from)
            .collect()
    };
    assert_eq!(body(&redrawn), body(summary));
    // A folder without results is refused, naming the file.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = Command::new(bin())
        .args(["match", "report", empty.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("results.jsonl not found"));
}

/// Two games against `sente nim` on heaps 5 5 5; the fake engine must lose both with `reason`.
/// The match's clock (300 ms a move and 100 ms over) holds only where it is judged: for a fake
/// that must lose on time. `sente nim`, and a fake that must lose otherwise, get 30 s over: a
/// loaded machine can hold any reply past 400 ms (a first move of 407 ms was seen at load 5),
/// and the game would be lost on time instead of by the fault under test.
fn fake_loses(tag: &str, on_genmove: &str, reason: &str, extra: &[&str]) {
    let dir = temp_dir(tag);
    let engine = fake(&dir, &format!("{tag}.sh"), on_genmove);
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# one opening\n5 5 5\n").unwrap();
    let out = dir.join("out");
    let mut args = vec![
        "--game".to_string(),
        "nim".into(),
        "--engine".into(),
        format!("name=sente tolerance=30s cmd={}", sente_nim("")),
        "--engine".into(),
        if reason == "time forfeit" {
            format!("name=fake cmd={engine}")
        } else {
            format!("name=fake tolerance=30s cmd={engine}")
        },
        "--games".into(),
        "2".into(),
        "--tc".into(),
        "300ms/move".into(),
        "--tolerance".into(),
        "100ms".into(),
        "--openings".into(),
        openings.display().to_string(),
        "--out".into(),
        out.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let started = std::time::Instant::now();
    let (ok, stdout, stderr) = run(&argv);
    assert!(ok, "{stderr}");
    assert!(started.elapsed().as_secs() < 20, "the match took too long");
    let games = results(&out);
    assert_eq!(games.len(), 2, "{stdout}");
    for g in &games {
        let loser = if g.result == "first" {
            &g.second
        } else {
            &g.first
        };
        assert_eq!(loser, "fake", "{g:?}");
        assert!(
            g.reason.contains(reason),
            "reason {:?} lacks {reason:?}",
            g.reason
        );
        assert_eq!(g.opening, "5 5 5");
    }
    // No engine process outlives the match.
    let ps = Command::new("ps").args(["-eo", "args"]).output().unwrap();
    let ps = String::from_utf8_lossy(&ps.stdout);
    assert!(
        !ps.lines().any(|l| l.contains(&engine)),
        "{engine} still running"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_illegal_move_loses() {
    fake_loses("illegal", "printf '= 4 1\\n\\n'", "illegal move 4 1", &[]);
    fake_loses("overdraw", "printf '= 1 6\\n\\n'", "illegal move 1 6", &[]);
}

#[test]
fn a_crash_loses() {
    fake_loses("crash", "exit 3", "crash", &[]);
}

#[test]
fn a_hang_loses_on_time() {
    fake_loses("hang", "sleep 30", "time forfeit", &[]);
}

#[test]
fn overstepping_the_time_loses() {
    // Replies a legal move, but after 600 ms of a 300 ms (+100 ms) budget.
    fake_loses(
        "slow",
        "sleep 0.6; printf '= 1 1\\n\\n'",
        "time forfeit",
        &[],
    );
    // The same engine within a clock of 60 s is fine: it then loses only by the rules.
    let dir = temp_dir("slow-ok");
    let engine = fake(&dir, "slow.sh", "sleep 0.4; printf '= 1 1\\n\\n'");
    let (ok, _, stderr) = run(&[
        "--game",
        "nim",
        "--engine",
        &format!("name=sente cmd={}", sente_nim("")),
        "--engine",
        &format!("name=slow cmd={engine}"),
        "--games",
        "1",
        "--tc",
        "60s+0.5s",
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let g = &results(&dir.join("out"))[0];
    assert!(!g.reason.contains("time"), "{g:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nonsense_and_errors_lose() {
    fake_loses(
        "nonsense",
        "printf '= nonsense\\n\\n'",
        "unreadable move",
        &[],
    );
    fake_loses("garbage", "printf 'hello\\n\\n'", "bad reply", &[]);
    fake_loses(
        "refuses",
        "printf '? cannot\\n\\n'",
        "engine error: cannot",
        &[],
    );
    fake_loses("resigns", "printf '= resign\\n\\n'", "resign", &[]);
    // An engine's raw bytes (ESC, a bidi override) reach results.jsonl escaped.
    fake_loses(
        "refuses-raw",
        "printf '? bad\\033[2J\\342\\200\\256x\\n\\n'",
        "engine error: bad\\u{1b}[2J\\u{202e}x",
        &[],
    );
}

#[test]
fn an_engine_that_does_not_start_ends_the_match() {
    let dir = temp_dir("nostart");
    let out = dir.join("out");
    let (ok, _, stderr) = run(&[
        "--game",
        "nim",
        "--engine",
        &format!("name=sente cmd={}", sente_nim("")),
        "--engine",
        "name=ghost cmd=/nonexistent/engine --flag",
        "--games",
        "2",
        "--tc",
        "1s/move",
        "--out",
        out.to_str().unwrap(),
    ]);
    // Every game would fail alike: the match stops with the OS error, not a run of losses.
    assert!(!ok, "a match without its engine succeeded");
    assert!(
        stderr.contains("engine ghost failed to start")
            && stderr.contains("/nonexistent/engine")
            && stderr.contains("No such file"),
        "{stderr}"
    );
    assert!(results(&out).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_refuses_the_board_ends_the_match() {
    let dir = temp_dir("nosize");
    let picky = shell_script(
        &dir.join("picky.sh"),
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    boardsize*) printf '? unacceptable size\\n\\n' ;;\n    quit*) printf '= \\n\\n'; exit 0 ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n",
    );
    let (ok, stderr, out) = hex_against(&dir, &format!("name=picky cmd={picky}"), &[]);
    assert!(!ok, "a match the engine cannot play went on");
    assert!(
        stderr.contains("engine picky refuses this game: boardsize 3 3: unacceptable size"),
        "{stderr}"
    );
    assert!(results(&out).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Hex engine in the manner of MoHex and Wolve: it knows no `time_settings` and refuses our
/// form of `time_left` although `known_command` says it knows it (Benzene's takes two
/// arguments), takes `param_x` commands, refuses
/// `param_bad`, logs what it hears, and plays the first empty cell of its list. Its first move
/// takes `first_sleep` seconds.
fn benzene_like(dir: &Path, name: &str, cells: &str, first_sleep: &str) -> String {
    let log = dir.join(format!("{name}.log"));
    shell_script(
        &dir.join(format!("{name}.sh")),
        &format!(
            "#!/bin/sh\nfirst=1\nwhile read -r line; do\n  echo \"$line\" >> {log}\n  case \"$line\" in\n    'known_command time_left') printf '= true\\n\\n' ;;\n    known_command*) printf '= false\\n\\n' ;;\n    time_*) printf '? unknown command\\n\\n' ;;\n    param_bad*) printf '? no such parameter\\n\\n' ;;\n    name) printf '= Fakehex\\n\\n' ;;\n    genmove*) if [ $first = 1 ]; then sleep {first_sleep}; first=0; fi\n      for c in {cells}; do grep -qx \"play . $c\" {log} || {{ echo \"play x $c\" >> {log}; printf '= %s\\n\\n' $c; break; }}; done ;;\n    quit*) printf '= \\n\\n'; exit 0 ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n",
            log = log.display()
        ),
    )
}

/// Runs a 3x3 Hex match of `engine` against a scripted one; returns (success, stderr, out).
fn hex_against(dir: &Path, engine: &str, extra: &[&str]) -> (bool, String, PathBuf) {
    let other = scripted(dir, "other", "c1 c2 c3");
    let out = dir.join("out");
    let mut args = vec![
        "--game".to_string(),
        "hex".into(),
        "--size".into(),
        "3".into(),
        "--engine".into(),
        engine.into(),
        "--engine".into(),
        format!("name=other cmd={other}"),
        "--games".into(),
        "2".into(),
        "--tc".into(),
        "400ms/move".into(),
        "--tolerance".into(),
        "100ms".into(),
        "--out".into(),
        out.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let (ok, _, stderr) = run(&argv);
    (ok, stderr, out)
}

#[test]
fn engines_without_clock_commands_get_their_init_and_no_clock() {
    let dir = temp_dir("noclock");
    let fake = benzene_like(&dir, "fakehex", "a1 a2 a3 b1 b2 b3", "0");
    let (ok, stderr, out) = hex_against(
        &dir,
        &format!(
            "name=fakehex restart=off init=\"param_x max_time 1; param_x threads 1\" cmd={fake}"
        ),
        &[],
    );
    assert!(ok, "{stderr}");
    let games = results(&out);
    assert_eq!(games.len(), 2);
    assert!(
        games.iter().all(|g| g.reason == "Black connected"),
        "{games:?}"
    );
    let heard = std::fs::read_to_string(dir.join("fakehex.log")).unwrap();
    // Init once per process (restart=off: one process), before the first game's setup; each
    // clock command asked about once and then never sent.
    assert_eq!(heard.matches("param_x max_time 1").count(), 1, "{heard}");
    let first: Vec<&str> = heard.lines().take(5).collect();
    assert_eq!(
        first,
        [
            "name",
            "version",
            "param_x max_time 1",
            "param_x threads 1",
            "boardsize 3 3"
        ]
    );
    assert_eq!(
        heard.matches("known_command time_settings").count(),
        1,
        "{heard}"
    );
    assert_eq!(
        heard.matches("known_command time_left").count(),
        1,
        "{heard}"
    );
    assert!(
        !heard.lines().any(|l| l.starts_with("time_settings")),
        "{heard}"
    );
    // time_left is tried once, refused, and never sent again.
    let time_left = heard.lines().filter(|l| l.starts_with("time_left")).count();
    assert_eq!(time_left, 1, "{heard}");
    // The runner says what it did in engines.log.
    let log = std::fs::read_to_string(out.join("engines.log")).unwrap();
    assert!(log.contains("fakehex: GTP engine Fakehex"), "{log}");
    assert!(
        log.contains("fakehex: does not know time_settings: not sent; the engine runs on its own time settings"),
        "{log}"
    );
    assert!(
        log.contains("time_left no longer sent; the engine runs on its own time settings"),
        "{log}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failing_init_command_forfeits_with_its_reason() {
    let dir = temp_dir("badinit");
    let fake = benzene_like(&dir, "fakehex", "a1 a2 a3 b1 b2 b3", "0");
    let (ok, stderr, out) = hex_against(
        &dir,
        &format!("name=fakehex init=\"param_x a 1; param_bad 2\" cmd={fake}"),
        &[],
    );
    assert!(ok, "{stderr}");
    let games = results(&out);
    assert_eq!(games.len(), 2);
    for g in &games {
        let loser = if g.result == "first" {
            &g.second
        } else {
            &g.first
        };
        assert_eq!(loser, "fakehex", "{g:?}");
        assert!(
            g.reason
                .contains("init command \"param_bad 2\" failed: no such parameter"),
            "{g:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_slow_first_move_is_forgiven_only_with_a_grace() {
    // The first move of each process takes 1.2 s of a 400 ms (+100 ms) budget.
    let dir = temp_dir("grace");
    let fake = benzene_like(&dir, "fakehex", "a1 a2 a3 b1 b2 b3", "1.2");
    let spec = format!("name=fakehex cmd={fake}");
    let (ok, stderr, out) = hex_against(&dir, &spec, &[]);
    assert!(ok, "{stderr}");
    for g in &results(&out) {
        assert!(g.reason.contains("time forfeit"), "{g:?}");
    }
    // A start-up grace covers it: the games end by the rules, and the summary says so.
    let dir = temp_dir("grace-on");
    let fake = benzene_like(&dir, "fakehex", "a1 a2 a3 b1 b2 b3", "1.2");
    let spec = format!("name=fakehex cmd={fake}");
    let (ok, stderr, out) = hex_against(&dir, &spec, &["--startup-grace", "2s"]);
    assert!(ok, "{stderr}");
    let games = results(&out);
    assert!(
        games.iter().all(|g| g.reason == "Black connected"),
        "{games:?}"
    );
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(summary.contains("start-up grace 2000 ms"), "{summary}");
    // So does the engine's own tolerance.
    let dir = temp_dir("grace-tol");
    let fake = benzene_like(&dir, "fakehex", "a1 a2 a3 b1 b2 b3", "1.2");
    let spec = format!("name=fakehex tolerance=2s cmd={fake}");
    let (ok, stderr, out) = hex_against(&dir, &spec, &[]);
    assert!(ok, "{stderr}");
    assert!(results(&out).iter().all(|g| g.reason == "Black connected"));
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(
        summary.contains("tolerance 100 ms; fakehex 2000 ms"),
        "{summary}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn nim_args<'a>(out: &'a str, games: &'a str, a: &'a str, b: &'a str) -> Vec<&'a str> {
    vec![
        "--game", "nim", "--engine", a, "--engine", b, "--games", games, "--tc", "1s/move",
        "--out", out,
    ]
}

#[test]
fn merge_refuses_records_that_conflict_or_are_no_result() {
    let dir = temp_dir("merge-bad");
    let record = |game: usize, first: &str, second: &str, result: &str, kind: &str| {
        format!(
            "{{\"game\":{game},\"first\":\"{first}\",\"second\":\"{second}\",\"opening\":\"3 4\",\"result\":\"{result}\",\"reason\":\"x\",\"game_type\":\"{kind}\"}}\n"
        )
    };
    let merge = |files: &[&str]| {
        let out = Command::new(bin())
            .args(["match", "merge", "--out"])
            .arg(dir.join("out"))
            .args(files.iter().map(|f| dir.join(f)))
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    std::fs::write(dir.join("a.jsonl"), record(0, "A", "B", "first", "nim")).unwrap();
    // Another Nim match between other engines, same game index.
    std::fs::write(dir.join("b.jsonl"), record(0, "A", "C", "second", "nim")).unwrap();
    let (ok, err) = merge(&["a.jsonl", "b.jsonl"]);
    assert!(!ok && err.contains("records of different matches"), "{err}");
    // Kalah records among Nim ones.
    std::fs::write(dir.join("k.jsonl"), record(1, "B", "A", "first", "kalah")).unwrap();
    let (ok, err) = merge(&["a.jsonl", "k.jsonl"]);
    assert!(!ok && err.contains("records of different matches"), "{err}");
    // The same game recorded twice with different results.
    std::fs::write(dir.join("c.jsonl"), record(0, "A", "B", "draw", "nim")).unwrap();
    let (ok, err) = merge(&["a.jsonl", "c.jsonl"]);
    assert!(
        !ok && err.contains("conflicting records of game 0"),
        "{err}"
    );
    // Not a result, and an index out of range: errors naming the file and line.
    std::fs::write(dir.join("d.jsonl"), record(0, "A", "B", "bogus", "nim")).unwrap();
    let (ok, err) = merge(&["d.jsonl"]);
    assert!(!ok && err.contains("d.jsonl:1: result \"bogus\""), "{err}");
    std::fs::write(
        dir.join("e.jsonl"),
        record(usize::MAX, "A", "B", "draw", "nim"),
    )
    .unwrap();
    let (ok, err) = merge(&["e.jsonl"]);
    assert!(!ok && err.contains("e.jsonl:1: game index"), "{err}");
    // An identical copy is a duplicate, and the merge goes through.
    std::fs::copy(dir.join("a.jsonl"), dir.join("a2.jsonl")).unwrap();
    let (ok, err) = merge(&["a.jsonl", "a2.jsonl"]);
    assert!(ok, "{err}");
    // The merge wrote the one game, as recorded (a missing file reads as no games).
    let merged = results(&dir.join("out"));
    assert_eq!(merged.len(), 1, "{err}");
    assert_eq!(merged, read(&dir.join("a.jsonl")).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resume_continues_and_refuses_to_overwrite() {
    let dir = temp_dir("resume");
    let out = dir.join("out");
    let out = out.to_str().unwrap();
    let a = format!("name=A cmd={}", sente_nim(""));
    let b = format!("name=B cmd={}", sente_nim("--player greedy --seed 1"));
    let (ok, _, err) = run(&nim_args(out, "4", &a, &b));
    assert!(ok, "{err}");
    let first_run = results(Path::new(out));
    let (ok, _, err) = run(&nim_args(out, "8", &a, &b));
    assert!(!ok);
    assert!(err.contains("--resume"), "{err}");
    let mut args = nim_args(out, "8", &a, &b);
    args.push("--resume");
    let (ok, stdout, err) = run(&args);
    assert!(ok, "{err}");
    let games = results(Path::new(out));
    assert_eq!(games.len(), 8);
    assert_eq!(&games[..4], &first_run[..]);
    let mut numbers: Vec<usize> = games.iter().map(|g| g.game).collect();
    numbers.sort();
    assert_eq!(numbers, (0..8).collect::<Vec<_>>());
    assert!(stdout.contains("] 8\n"), "{stdout}");
    // A different engine pair is refused.
    let c = format!("name=C cmd={}", sente_nim(""));
    let mut args = nim_args(out, "10", &a, &c);
    args.push("--resume");
    let (ok, _, err) = run(&args);
    assert!(!ok && err.contains("not by this match's engines"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_play_their_share_and_merge_into_the_whole() {
    let dir = temp_dir("shards");
    let a = format!("name=A cmd={}", sente_nim(""));
    let b = format!("name=B cmd={}", sente_nim("--player random --seed 5"));
    let whole = dir.join("whole");
    let (ok, _, err) = run(&nim_args(whole.to_str().unwrap(), "10", &a, &b));
    assert!(ok, "{err}");
    let shards = dir.join("shards");
    let s = shards.to_str().unwrap();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let mut args = nim_args(s, "10", &a, &b);
        args.extend(["--shard", &shard]);
        let (ok, _, err) = run(&args);
        assert!(ok, "{err}");
        let mine = read(&shards.join(format!("results-shard-{i}-of-3.jsonl"))).unwrap();
        assert!(!mine.is_empty());
        for g in &mine {
            assert_eq!((g.game / 2) % 3, i - 1, "game {} in shard {i}", g.game);
        }
        assert!(shards.join(format!("summary-shard-{i}-of-3.txt")).exists());
        assert!(shards.join(format!("summary-shard-{i}-of-3.svg")).exists());
    }
    let out = Command::new(bin())
        .args(["match", "merge", "--out", s])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Merged 10 games from 3 results files"),
        "{stdout}"
    );
    let merged = results(&shards);
    let picture = std::fs::read_to_string(shards.join("summary.svg")).unwrap();
    assert!(
        picture.contains("after 10 games"),
        "merge drew no picture of the whole"
    );
    let mut reference = results(&whole);
    reference.sort_by_key(|g| g.game);
    assert_eq!(merged.len(), 10);
    for (m, r) in merged.iter().zip(&reference) {
        assert_eq!(m.game, r.game);
        assert_eq!(m.opening, r.opening, "shards must play the same openings");
        assert_eq!((&m.first, &m.second), (&r.first, &r.second));
    }
    // Merging again (now also reading results.jsonl) drops the duplicates.
    let out = Command::new(bin())
        .args(["match", "merge", s])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("10 duplicates dropped"), "{stdout}");
    assert_eq!(results(&shards).len(), 10);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_stops_a_decided_match() {
    let dir = temp_dir("sprt");
    let bad = fake(&dir, "bad.sh", "printf '= 9 9\\n\\n'");
    let out = dir.join("out");
    let a = format!("name=A cmd={}", sente_nim(""));
    let b = format!("name=Bad cmd={bad}");
    let mut args = nim_args(out.to_str().unwrap(), "200", &a, &b);
    args.extend(["--sprt", "elo0=0", "elo1=200", "alpha=0.05", "beta=0.05"]);
    let (ok, stdout, err) = run(&args);
    assert!(ok, "{err}");
    // Every won pair adds 0.4189 to the LLR (see stats.rs): the bound 2.944 falls at pair 8.
    let n = results(&out).len();
    assert_eq!(n, 16, "the SPRT did not stop the match at 8 pairs");
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(stdout.contains("stopped early"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_toml_config_runs_a_match() {
    let dir = temp_dir("config");
    let out = dir.join("out");
    let config = dir.join("m.toml");
    std::fs::write(
        &config,
        format!(
            "game = \"nim\"\nvariant = \"normal\"\ngames = 2\ntc = \"60s+0.5s\"\nout = \"{}\"\n\
             [[engine]]\nname = \"one\"\ncmd = \"{}\"\nrestart = \"off\"\n\
             [[engine]]\nname = \"two\"\ncmd = \"{}\"\n",
            out.display(),
            sente_nim(""),
            sente_nim("--player greedy")
        ),
    )
    .unwrap();
    let out2 = dir.join("out2");
    let (ok, _, err) = run(&["--config", config.to_str().unwrap()]);
    assert!(ok, "{err}");
    let games = results(&out);
    assert_eq!(games.len(), 2);
    for g in &games {
        check_game(g, Rule::Normal, true);
    }
    // Flags win over the file.
    let (ok, _, err) = run(&[
        "--config",
        config.to_str().unwrap(),
        "--games",
        "4",
        "--out",
        out2.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(results(&out2).len(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_settings_are_refused_clearly() {
    let a = format!("name=A cmd={}", sente_nim(""));
    let for_args = |extra: &[&str]| {
        let mut args = vec![
            "--game",
            "nim",
            "--engine",
            &a,
            "--out",
            "/tmp/never-written",
        ];
        args.extend_from_slice(extra);
        let (ok, _, err) = run(&args);
        assert!(!ok, "{extra:?} accepted");
        err
    };
    assert!(for_args(&["--games", "2", "--tc", "1s/move"]).contains("two engines"));
    let same = format!("name=A cmd={}", sente_nim("--player random"));
    assert!(
        for_args(&["--engine", &same, "--games", "2", "--tc", "1s/move"])
            .contains("different name")
    );
    let b = format!("name=B cmd={}", sente_nim(""));
    assert!(for_args(&["--engine", &b, "--games", "2", "--tc", "soon"]).contains("duration"));
    assert!(for_args(&["--engine", &b, "--tc", "1s/move"]).contains("--games"));
    assert!(
        for_args(&["--engine", &b, "--games", "2", "--tc", "1s/move", "--shard", "4/3"])
            .contains("--shard")
    );
    let err = for_args(&[
        "--engine", &b, "--games", "2", "--tc", "1s/move", "--size", "0",
    ]);
    assert!(err.contains("at least 1"), "{err}");
    let err = for_args(&[
        "--engine", &b, "--games", "2", "--tc", "1s/move", "--sprt", "elo1=inf",
    ]);
    assert!(err.contains("elo1 must be a finite number"), "{err}");
    // Sizes the engines cannot play are refused before any engine starts.
    for (game, size, why) in [
        ("kalah", "9", "must be 1..8, not 9"),
        ("gomoku", "23", "must be 5..22, not 23"),
        ("renju", "23", "must be 5..22"),
    ] {
        let (ok, _, err) = run(&[
            "--game",
            game,
            "--size",
            size,
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "2",
            "--tc",
            "1s/move",
            "--out",
            "/tmp/never-written",
        ]);
        assert!(!ok && err.contains(why), "{game} {size}: {err}");
    }
    assert!(!Path::new("/tmp/never-written").exists());
}

#[test]
fn engines_hear_the_position_the_moves_and_their_clock() {
    let dir = temp_dir("transcript");
    let log = dir.join("heard.txt");
    let logger = shell_script(
        &dir.join("logger.sh"),
        &format!(
            "#!/bin/sh\nwhile read -r line; do\n  echo \"$line\" >> {}\n  case \"$line\" in\n    genmove*) printf '= 1 1\\n\\n' ;;\n    known_command*) printf '= true\\n\\n' ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n",
            log.display()
        ),
    );
    let openings = dir.join("o.txt");
    std::fs::write(&openings, "2 1\n").unwrap();
    let out = dir.join("out");
    let (ok, _, err) = run(&[
        "--game",
        "nim",
        "--variant",
        "normal",
        "--engine",
        &format!("name=logger cmd={logger}"),
        "--engine",
        &format!("name=sente cmd={}", sente_nim("")),
        "--games",
        "1",
        "--tc",
        "10s+1s",
        "--openings",
        openings.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let g = &results(&out)[0];
    // logger takes 1 from heap 1 (2 1 → 1 1), sente answers by theory, logger again...
    check_game(g, Rule::Normal, false);
    let heard = std::fs::read_to_string(&log).unwrap();
    let lines = without_handshake(&heard);
    assert_eq!(lines[..2], ["rule normal", "heaps 2 1"]);
    assert!(lines[2].starts_with("time_left "), "{heard}");
    let first_clock: i64 = lines[2][10..].parse().unwrap();
    assert!(first_clock == 10_000, "{heard}");
    assert_eq!(lines[3], "genmove");
    // sente's reply comes back as `play`.
    assert_eq!(lines[4], format!("play {}", g.moves[1]));
    // The clock went down by what the first move took, plus the increment.
    let second_clock: i64 = lines[5][10..].parse().unwrap();
    assert!(second_clock <= 11_000 && second_clock > 10_000, "{heard}");
    assert!(lines.last().unwrap().starts_with("quit"), "{heard}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_opening_suites_parse() {
    use sente::arena::games::{make, GameOptions};
    use sente::arena::record::{gomocup_opening, hex_opening};
    use sente::arena::referee::{load_openings, opening_lines};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments/openings");
    let nim = make("nim", &GameOptions::default()).unwrap();
    let suite = load_openings(nim.as_ref(), &root.join("nim-3heaps-1to8.txt")).unwrap();
    assert_eq!(suite.len(), 120);
    for n in [9usize, 11, 13] {
        let text = std::fs::read_to_string(root.join(format!("hex-{n}-1ply.txt"))).unwrap();
        let cells: Vec<_> = opening_lines(&text)
            .map(|(_, l)| hex_opening(l, n, n).unwrap())
            .collect();
        assert_eq!(cells.len(), n * n);
        assert!(cells.iter().all(|c| c.len() == 1));
    }
    let text = std::fs::read_to_string(root.join("gomoku-15-26-offset.txt")).unwrap();
    let openings: Vec<_> = opening_lines(&text)
        .map(|(_, l)| gomocup_opening(l, 15, 15).unwrap())
        .collect();
    assert_eq!(openings.len(), 26);
    assert!(openings.iter().all(|o| o.len() == 3 && o[0] == (7, 7)));
}

/// A GTP engine that logs what it hears and answers `genmove` from a list of cells in turn.
fn scripted(dir: &Path, name: &str, cells: &str) -> String {
    let log = dir.join(format!("{name}.log"));
    shell_script(
        &dir.join(format!("{name}.sh")),
        &format!(
            "#!/bin/sh\ni=0\nwhile read -r line; do\n  echo \"$line\" >> {log}\n  case \"$line\" in\n    genmove*) i=$((i+1)); set -- {cells}; eval \"m=\\${{$i}}\"; printf '= %s\\n\\n' \"$m\" ;;\n    known_command*) printf '= true\\n\\n' ;;\n    quit*) printf '= \\n\\n'; exit 0 ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n",
            log = log.display()
        ),
    )
}

#[test]
fn hex_games_are_refereed_and_recorded_as_sgf() {
    let dir = temp_dir("hex");
    // X plays column a, Y plays column c: on 3x3, Black wins either way (first player wins).
    let x = scripted(&dir, "x", "a1 a2 a3");
    let y = scripted(&dir, "y", "c1 c2 c3");
    let out = dir.join("out");
    let (ok, stdout, err) = run(&[
        "--game",
        "hex",
        "--size",
        "3",
        "--engine",
        &format!("name=X cmd={x}"),
        "--engine",
        &format!("name=Y cmd={y}"),
        "--games",
        "2",
        "--tc",
        "5s/move",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let games = results(&out);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.result, "first", "{g:?}");
        assert_eq!(g.reason, "Black connected");
        assert_eq!(g.moves.len(), 5);
        let sgf = std::fs::read_to_string(out.join(g.record.as_ref().unwrap())).unwrap();
        assert!(sgf.starts_with("(;FF[4]GM[11]AP[sente]SZ[3]"), "{sgf}");
        assert!(sgf.contains("RE[B+]"), "{sgf}");
    }
    assert!(stdout.contains("Score of X vs Y: 1 - 1 - 0"), "{stdout}");
    // Each engine made 3 + 2 moves.
    assert!(
        stdout.contains("Time per move: X mean ") && stdout.contains(" ms (5 moves); Y mean "),
        "{stdout}"
    );
    let heard = std::fs::read_to_string(dir.join("y.log")).unwrap();
    let lines: Vec<&str> = heard.lines().collect();
    // Game 0: Y is White. Who it is, setup, time (once known), then X's a1 arrives as a play
    // before Y's genmove.
    assert_eq!(
        lines[..10],
        [
            "name",
            "version",
            "boardsize 3 3",
            "clear_board",
            "known_command time_settings",
            "time_settings 0 5 1",
            "play b a1",
            "known_command time_left",
            "time_left w 5 1",
            "genmove w"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hex_illegal_and_occupied_moves_lose() {
    let dir = temp_dir("hexbad");
    let x = scripted(&dir, "x", "b2 a1 a2 a3");
    // In game 0 Y (White) answers b2, which X (Black) already holds.
    let y = scripted(&dir, "y", "b2 zz9 c3");
    let out = dir.join("out");
    let openings = dir.join("o.txt");
    std::fs::write(&openings, "# none\n\n").unwrap();
    let (ok, _, err) = run(&[
        "--game",
        "hex",
        "--size",
        "3",
        "--engine",
        &format!("name=X cmd={x}"),
        "--engine",
        &format!("name=Y cmd={y}"),
        "--games",
        "2",
        "--tc",
        "5s/move",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let games = results(&out);
    let g0 = games.iter().find(|g| g.game == 0).unwrap();
    assert_eq!(g0.result, "first");
    assert!(g0.reason.contains("illegal move b2: occupied"), "{g0:?}");
    // Game 1: Y is Black and plays b2; X (White) answers b2 too and loses.
    let g1 = games.iter().find(|g| g.game == 1).unwrap();
    assert_eq!(g1.result, "first", "{g1:?}");
    assert!(g1.reason.contains("occupied"), "{g1:?}");
    // An openings file without openings is refused before any game.
    let (ok, _, err) = run(&[
        "--game",
        "hex",
        "--engine",
        &format!("name=X cmd={x}"),
        "--engine",
        &format!("name=Y cmd={y}"),
        "--games",
        "2",
        "--tc",
        "5s/move",
        "--openings",
        openings.to_str().unwrap(),
        "--out",
        dir.join("out2").to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("no openings"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Gomocup engine that logs what it hears and answers moves from a list in turn.
fn scripted_gomocup(dir: &Path, name: &str, cells: &str) -> String {
    let log = dir.join(format!("{name}.log"));
    shell_script(
        &dir.join(format!("pbrain-{name}.sh")),
        &format!(
            "#!/bin/sh\ni=0\nwhile read -r line; do\n  line=$(printf '%s' \"$line\" | tr -d '\\r')\n  echo \"$line\" >> {log}\n  case \"$line\" in\n    ABOUT) echo 'name=\"{name}\", version=\"1\"' ;;\n    START*|RESTART) echo OK ;;\n    BEGIN|TURN*|DONE) i=$((i+1)); set -- {cells}; eval \"m=\\${{$i}}\"; echo 'MESSAGE thinking'; echo \"$m\" ;;\n    END) exit 0 ;;\n  esac\ndone\n",
            log = log.display(),
        ),
    )
}

#[test]
fn gomoku_games_over_the_gomocup_protocol() {
    let dir = temp_dir("gomoku");
    let x = scripted_gomocup(&dir, "x", "0,0 1,0 2,0 3,0 4,0");
    let y = scripted_gomocup(&dir, "y", "0,5 1,5 2,5 3,5 4,5");
    let openings = dir.join("o.txt");
    // One stone each at the far corner: offsets from the centre (7,7).
    std::fs::write(&openings, "7,7, 6,7\n").unwrap();
    let out = dir.join("out");
    let (ok, stdout, err) = run(&[
        "--game",
        "gomoku",
        "--engine",
        &format!("name=X cmd={x}"),
        "--engine",
        &format!("name=Y cmd={y}"),
        "--games",
        "2",
        "--tc",
        "10s+1s",
        "--openings",
        openings.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let games = results(&out);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.opening, "14,14 13,14");
        assert_eq!(g.result, "first", "{g:?}");
        assert_eq!(g.reason, "Black made five");
        let psq = std::fs::read_to_string(out.join(g.record.as_ref().unwrap())).unwrap();
        assert!(
            psq.starts_with("Piskvorky 15x15, 11:11, 0\n15,15,0\n14,15,0\n"),
            "{psq}"
        );
    }
    assert!(stdout.contains("Score of X vs Y: 1 - 1 - 0"), "{stdout}");
    let log = std::fs::read_to_string(out.join("engines.log")).unwrap();
    assert!(
        log.contains("Y: Gomocup engine \"y\", version \"1\""),
        "{log}"
    );
    let heard = std::fs::read_to_string(dir.join("y.log")).unwrap();
    let lines: Vec<&str> = heard.lines().collect();
    // Game 0: Y is White; its first move sees the whole board, its second only X's move.
    assert_eq!(
        lines[..14],
        [
            "ABOUT",
            "START 15",
            "INFO timeout_turn 11000",
            "INFO timeout_match 10000",
            "INFO time_increment 1000",
            "INFO max_memory 0",
            "INFO game_type 1",
            "INFO rule 0",
            "INFO time_left 10000",
            "BOARD",
            "14,14,2",
            "13,14,1",
            "0,0,2",
            "DONE"
        ]
    );
    assert!(lines[14].starts_with("INFO time_left "), "{heard}");
    assert_eq!(lines[15], "TURN 1,0");
    assert!(lines.contains(&"END"), "{heard}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kalah_games_follow_extra_turns_and_captures() {
    let dir = temp_dir("kalah");
    // Kalah(2,1). South: pit 2 ends in the store (extra turn), pit 1 ends in the emptied pit 2
    // and captures north's seed opposite: 3 in store. South's side is now empty: the game is
    // over at once (the standard rule), north keeps its last seed: 3-1 to south.
    let x = scripted(&dir, "x", "2 1");
    let y = scripted(&dir, "y", "2");
    let openings = dir.join("o.txt");
    std::fs::write(&openings, "start\n").unwrap();
    let out = dir.join("out");
    let (ok, _, err) = run(&[
        "--game",
        "kalah",
        "--size",
        "2",
        "--variant",
        "seeds=1",
        "--engine",
        &format!("name=X cmd={x}"),
        "--engine",
        &format!("name=Y cmd={y}"),
        "--games",
        "2",
        "--tc",
        "5s/move",
        "--openings",
        openings.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let games = results(&out);
    let g0 = games.iter().find(|g| g.game == 0).unwrap();
    assert_eq!(g0.moves, ["2", "1"]);
    assert_eq!(
        (g0.result.as_str(), g0.reason.as_str()),
        ("first", "final score 3-1")
    );
    // Game 1: Y moves first, gets its extra turn, and has nothing more to say.
    let g1 = games.iter().find(|g| g.game == 1).unwrap();
    assert_eq!(g1.result, "second", "{g1:?}");
    assert!(g1.reason.contains("unreadable move"), "{g1:?}");
    let heard = std::fs::read_to_string(dir.join("y.log")).unwrap();
    let lines = without_handshake(&heard);
    // North hears both moves and is never asked for one.
    assert_eq!(
        lines[..5],
        [
            "newgame 2 1",
            "rule empty_capture off",
            "play 2",
            "play 1",
            "quit"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sente against itself under the runner's referees, game by game: every move is checked by
/// the referee (the match runner's own boards for Hex, Gomoku and Kalah, the renju rules module
/// for renju's forbidden points), so every game must end by the rules. A crash, forfeit,
/// illegal or forbidden move, or timeout by either side fails the test. Each process's first
/// move has a second of start-up grace (allocating its tables, its first page faults): four
/// matches at once on a loaded machine could take it past 400 ms; every later move keeps the
/// 100 ms a move and the default 300 ms over.
#[test]
fn sente_self_play_ends_by_the_rules_in_every_game() {
    let cases: [(&str, &str, &str, &str); 4] = [
        (
            "hex",
            "7",
            "hex --threads 1",
            "Black connected|White connected|resign",
        ),
        (
            "renju",
            "15",
            "renju --threads 1",
            "Black made five|White made five|board full|move limit",
        ),
        (
            "gomoku",
            "9",
            "gomoku --threads 1",
            "Black made five|White made five|board full",
        ),
        ("kalah", "6", "kalah --threads 1 --hash 1", "final score"),
    ];
    std::thread::scope(|scope| {
        for (game, size, cmd, ends) in cases {
            scope.spawn(move || {
                let dir = temp_dir(&format!("selfplay-{game}"));
                let out = dir.join("out");
                let (ok, _, err) = run(&[
                    "--game",
                    game,
                    "--size",
                    size,
                    "--engine",
                    &format!("name=a cmd={} {cmd}", bin()),
                    "--engine",
                    &format!("name=b cmd={} {cmd}", bin()),
                    "--games",
                    "2",
                    "--tc",
                    "100ms/move",
                    "--startup-grace",
                    "1s",
                    "--out",
                    out.to_str().unwrap(),
                ]);
                assert!(ok, "{game}: {err}");
                let games = results(&out);
                assert_eq!(games.len(), 2, "{game}");
                let ends = regex::Regex::new(&format!("^(?:{ends})")).unwrap();
                for g in &games {
                    assert!(
                        ends.is_match(&g.reason),
                        "{game}: not ended by the rules: {g:?}"
                    );
                    assert!(!g.moves.is_empty(), "{game}: {g:?}");
                }
                let _ = std::fs::remove_dir_all(&dir);
            });
        }
    });
}

#[test]
fn max_moves_adjudicates_a_draw_after_that_many_moves() {
    let dir = temp_dir("maxmoves");
    let out = dir.join("out");
    let cmd = format!("{} gomoku --threads 1", bin());
    let (ok, _, err) = run(&[
        "--game",
        "gomoku",
        "--engine",
        &format!("name=a cmd={cmd}"),
        "--engine",
        &format!("name=b cmd={cmd}"),
        "--games",
        "2",
        "--tc",
        "100ms/move",
        // As in the self-play test above: a loaded machine's first move is forgiven.
        "--startup-grace",
        "1s",
        "--max-moves",
        "4",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let games = results(&out);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.result, "draw", "{g:?}");
        assert_eq!(g.moves.len(), 4, "{g:?}");
        assert!(g.reason.contains("move limit"), "{g:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sync_timeout_bounds_the_wait_for_setup_replies() {
    let dir = temp_dir("synctimeout");
    // Answers `heaps` (setting up the game, outside the clock) after a second.
    let slow = shell_script(
        &dir.join("slow.sh"),
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    heaps*) sleep 1; printf '= \\n\\n' ;;\n    genmove*) printf '= 1 1\\n\\n' ;;\n    quit*) printf '= \\n\\n'; exit 0 ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n",
    );
    let play = |sync: &str, tag: &str| {
        let out = dir.join(tag);
        let (ok, _, err) = run(&[
            "--game",
            "nim",
            "--engine",
            &format!("name=slow cmd={slow}"),
            "--engine",
            &format!("name=sente cmd={}", sente_nim("")),
            "--games",
            "2",
            "--tc",
            "1s/move",
            "--sync-timeout",
            sync,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(ok, "{err}");
        results(&out)
    };
    let short = play("300ms", "short");
    assert_eq!(short.len(), 2);
    for g in &short {
        assert_eq!(g.reason, "no reply to setup in time", "{g:?}");
        let winner = if g.first == "slow" { "second" } else { "first" };
        assert_eq!(g.result, winner, "the slow engine loses: {g:?}");
    }
    let long = play("5s", "long");
    assert_eq!(long.len(), 2);
    assert!(long.iter().all(|g| !g.reason.contains("setup")), "{long:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_match_configs_are_valid() {
    use sente::arena::config::{MatchArgs, Settings};
    use sente::arena::games::{make, GameOptions};
    use sente::arena::referee::load_openings;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    for entry in std::fs::read_dir(root.join("tournaments"))
        .unwrap()
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        seen += 1;
        let args = MatchArgs {
            config: Some(path.clone()),
            ..MatchArgs::default()
        };
        let s = Settings::resolve(args, None).unwrap_or_else(|e| panic!("{e}"));
        let kind = make(
            &s.game,
            &GameOptions {
                size: s.size,
                variant: s.variant.clone(),
            },
        )
        .unwrap();
        let openings = s
            .openings
            .as_ref()
            .expect("every shipped match names its openings");
        load_openings(kind.as_ref(), &root.join(openings))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    assert!(seen >= 4);
}
