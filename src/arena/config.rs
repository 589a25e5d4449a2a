//! The match's settings, from the command line and an optional TOML file
//! (`sente match --config tournaments/X.toml`); flags given on the command line win.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use serde::Deserialize;

use super::stats::Sprt;
use super::tc::{parse_duration_ms, Tc};

/// `sente match ...`, `sente match merge ...` and `sente match report DIR`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct MatchCommand {
    #[command(subcommand)]
    pub sub: Option<MatchSub>,
    #[command(flatten)]
    pub args: MatchArgs,
}

#[derive(Subcommand, Debug)]
pub enum MatchSub {
    /// Combine the results files of several shards (or runs) into one, with its summary.
    Merge(MergeArgs),
    /// Draw summary.txt and summary.svg again from DIR/results.jsonl.
    Report(ReportArgs),
}

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The results folder: reads results.jsonl, writes summary.txt and summary.svg.
    pub dir: PathBuf,
    /// Report the SPRT of the games: `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Results files, or folders whose `results*.jsonl` files are read (default: --out).
    pub paths: Vec<PathBuf>,
    /// Where the merged `results.jsonl` and `summary.txt` go.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Report the SPRT of the merged games: `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
}

/// Every flag of a match. All are optional here, because a `--config` file may give them.
#[derive(Args, Debug, Default)]
pub struct MatchArgs {
    /// nim, kalah, hex, gomoku or renju.
    #[arg(long)]
    pub game: Option<String>,
    /// Board size (Hex, default 11; Gomoku and Renju 5-22, default 15), pits per side (Kalah
    /// 1-8, default 6), or the number of heaps of random Nim openings (default 3-5).
    #[arg(long)]
    pub size: Option<usize>,
    /// Rule variant: Nim `misere` (default) or `normal`; Kalah `seeds=4,empty_capture=off`; Hex
    /// `noswap` (default) or `swap`; Gomoku `freestyle` (default), `standard` (exactly five) or
    /// `caro` (five not blocked at both ends).
    #[arg(long)]
    pub variant: Option<String>,
    /// `name=NAME [restart=on|off] [dir=DIR] [init="CMD; CMD"] [tolerance=T] [nodes=N] cmd=COMMAND
    /// LINE...` (twice; everything after `cmd=` is the engine's command line, split as a shell
    /// would). `init` commands are sent once per process, before its first game (GTP: each must
    /// succeed; Gomocup: lines after `START` and the `INFO` block); `tolerance` replaces
    /// `--tolerance` for this engine; `nodes` caps its search per move (Gomocup engines: sent
    /// as `INFO max_node N`), so that a match is the same on a loaded machine.
    #[arg(long = "engine", value_name = "SPEC")]
    pub engines: Vec<String>,
    /// Games to play (pairs of games share an opening, colours swapped).
    #[arg(long)]
    pub games: Option<usize>,
    /// Games played at once.
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Time control: `1s/move`, `60s+0.5s`, `40/60s`, `1s/turn+20s/game` (Gomocup), `inf`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Time an engine may go over its budget before it forfeits (default 300ms; Gomocup allows
    /// about 1s).
    #[arg(long)]
    pub tolerance: Option<String>,
    /// Openings file, one opening per line, each played with both colours (formats per game in
    /// docs/match.md).
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Output folder: results.jsonl, summary.txt, summary.svg, games/, engines.log, commands.txt.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Stop when decided: `--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Continue a match from the results.jsonl in --out.
    #[arg(long)]
    pub resume: bool,
    /// Play only share i of n (1-based): `--shard 3/8`.
    #[arg(long)]
    pub shard: Option<String>,
    /// A TOML file with any of these settings (see tournaments/).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Adjudicate a draw after this many moves (plies).
    #[arg(long = "max-moves")]
    pub max_moves: Option<usize>,
    /// Default for engines without restart=: `on` starts a process per game, `off` keeps it.
    #[arg(long)]
    pub restart: Option<String>,
    /// Longest wait for start-up and for replies outside the clock (setup, play): default 10s.
    #[arg(long = "sync-timeout")]
    pub sync_timeout: Option<String>,
    /// Extra time forgiven on the first move of every engine process (start-up work such as
    /// MoHex's first search or Rapfi's table allocation): default 0.
    #[arg(long = "startup-grace")]
    pub startup_grace: Option<String>,
}

/// The TOML form of the same settings; engines as `[[engine]]` tables.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct FileConfig {
    pub game: Option<String>,
    pub size: Option<usize>,
    pub variant: Option<String>,
    #[serde(default)]
    pub engine: Vec<EngineToml>,
    pub games: Option<usize>,
    pub concurrency: Option<usize>,
    pub tc: Option<String>,
    pub tolerance: Option<String>,
    pub openings: Option<PathBuf>,
    pub out: Option<PathBuf>,
    pub sprt: Option<String>,
    pub resume: Option<bool>,
    pub shard: Option<String>,
    pub max_moves: Option<usize>,
    pub restart: Option<String>,
    pub sync_timeout: Option<String>,
    pub startup_grace: Option<String>,
    pub seed: Option<u64>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct EngineToml {
    pub name: String,
    pub cmd: String,
    pub dir: Option<PathBuf>,
    pub restart: Option<String>,
    #[serde(default)]
    pub init: Vec<String>,
    pub tolerance: Option<String>,
    pub nodes: Option<u64>,
}

/// One engine of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub argv: Vec<String>,
    pub dir: Option<PathBuf>,
    /// A new process for every game (true) or one kept per worker and reset (false).
    pub restart: bool,
    /// Commands sent once per process before its first game: an opponent's own time and
    /// thread settings (`param_mohex max_time 1`, `INFO thread_num 1`), since the runner drives
    /// engines unmodified.
    pub init: Vec<String>,
    /// This engine's tolerance over its time, when it differs from the match's.
    pub tolerance_ms: Option<u64>,
    /// Nodes per move (`nodes=N`): a fixed-node match plays the same games at any load.
    pub nodes: Option<u64>,
}

impl EngineSpec {
    /// The tolerance that applies to this engine.
    pub fn tolerance_or(&self, match_ms: u64) -> u64 {
        self.tolerance_ms.unwrap_or(match_ms)
    }
}

/// `init="a; b"` → `["a", "b"]`: commands separated by `;`, blanks dropped.
fn split_init(v: &str) -> Vec<String> {
    v.split(';')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(String::from)
        .collect()
}

fn parse_on_off(v: &str) -> Result<bool, String> {
    match v {
        "on" | "true" | "yes" => Ok(true),
        "off" | "false" | "no" => Ok(false),
        _ => Err(format!("restart must be on or off, not {v:?}")),
    }
}

/// Reads `name=A restart=off cmd=sente nim --threads 1`.
pub fn parse_engine(spec: &str, default_restart: bool) -> Result<EngineSpec, String> {
    let at = (0..spec.len())
        .find(|&i| {
            spec[i..].starts_with("cmd=")
                && (i == 0 || spec[..i].ends_with(|c: char| c.is_whitespace()))
        })
        .ok_or_else(|| format!("engine {spec:?}: no cmd= (name=NAME cmd=COMMAND...)"))?;
    let (options, cmd) = (&spec[..at], &spec[at + 4..]);
    let argv = shlex::split(cmd)
        .filter(|a| !a.is_empty())
        .ok_or_else(|| format!("engine {spec:?}: cannot split the command {cmd:?}"))?;
    let mut e = EngineSpec {
        name: String::new(),
        argv,
        dir: None,
        restart: default_restart,
        init: Vec::new(),
        tolerance_ms: None,
        nodes: None,
    };
    let words = shlex::split(options)
        .ok_or_else(|| format!("engine {spec:?}: cannot split the options"))?;
    for word in words {
        let (k, v) = word
            .split_once('=')
            .ok_or_else(|| format!("engine {spec:?}: expected key=value, got {word:?}"))?;
        match k {
            "name" => e.name = v.to_string(),
            "dir" => e.dir = Some(PathBuf::from(v)),
            "restart" => e.restart = parse_on_off(v)?,
            "init" => e.init.extend(split_init(v)),
            "tolerance" => e.tolerance_ms = Some(parse_duration_ms(v)?),
            "nodes" => e.nodes = Some(parse_nodes(v)?),
            _ => {
                return Err(format!(
                    "engine {spec:?}: unknown key {k:?} (name, dir, restart, init, tolerance, nodes, cmd)"
                ))
            }
        }
    }
    if e.name.is_empty() {
        e.name = Path::new(&e.argv[0])
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| e.argv[0].clone());
    }
    Ok(e)
}

/// A per-move node limit: a positive whole number.
fn parse_nodes(v: &str) -> Result<u64, String> {
    match v.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("nodes must be a positive whole number, not {v:?}")),
    }
}

/// `3/8` → (3, 8).
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard {s:?}: expected i/n with 1 <= i <= n, like 3/8");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || n == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Joins `--sprt` words given as several arguments or one.
pub fn parse_sprt(words: &[String]) -> Result<Sprt, String> {
    words.join(" ").parse()
}

/// Everything a match needs, resolved and checked.
#[derive(Clone, Debug)]
pub struct Settings {
    pub game: String,
    pub size: Option<usize>,
    pub variant: Option<String>,
    pub engines: Vec<EngineSpec>,
    pub games: usize,
    pub concurrency: usize,
    pub tc: Tc,
    pub tolerance_ms: u64,
    pub openings: Option<PathBuf>,
    pub out: PathBuf,
    pub sprt: Option<Sprt>,
    pub resume: bool,
    pub shard: Option<(usize, usize)>,
    pub max_moves: Option<usize>,
    pub sync_ms: u64,
    /// Forgiven on each engine process's first move, on top of its tolerance.
    pub startup_grace_ms: u64,
    pub seed: u64,
}

/// Pipe latency and scheduling on a loaded machine stay well under this; an engine that
/// oversteps its time by more has lost on time (cutechess and fastchess forgive nothing,
/// the Gomocup referee about a second).
pub const DEFAULT_TOLERANCE_MS: u64 = 300;

/// The seed when none is given: fixed, so that shards and resumed runs agree on openings.
pub const DEFAULT_SEED: u64 = 1;

impl Settings {
    pub fn resolve(args: MatchArgs, seed: Option<u64>) -> Result<Settings, String> {
        let file = match &args.config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                toml::from_str::<FileConfig>(&text)
                    .map_err(|e| format!("{}: {e}", path.display()))?
            }
            None => FileConfig::default(),
        };
        let restart = match args.restart.as_deref().or(file.restart.as_deref()) {
            Some(v) => parse_on_off(v)?,
            None => true,
        };
        let engines = if !args.engines.is_empty() {
            args.engines
                .iter()
                .map(|s| parse_engine(s, restart))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            file.engine
                .iter()
                .map(|e| {
                    let argv = shlex::split(&e.cmd)
                        .filter(|a| !a.is_empty())
                        .ok_or_else(|| format!("engine {}: bad cmd {:?}", e.name, e.cmd))?;
                    Ok(EngineSpec {
                        name: e.name.clone(),
                        argv,
                        dir: e.dir.clone(),
                        restart: match &e.restart {
                            Some(v) => parse_on_off(v)?,
                            None => restart,
                        },
                        init: e.init.iter().flat_map(|c| split_init(c)).collect(),
                        tolerance_ms: e.tolerance.as_deref().map(parse_duration_ms).transpose()?,
                        nodes: e.nodes.map(|n| parse_nodes(&n.to_string())).transpose()?,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?
        };
        if engines.len() != 2 {
            return Err(format!(
                "a match needs exactly two engines (--engine twice), got {}",
                engines.len()
            ));
        }
        if engines[0].name == engines[1].name {
            return Err(format!(
                "both engines are named {:?}: give them different name= (results are kept by name)",
                engines[0].name
            ));
        }
        let game = args
            .game
            .or(file.game)
            .ok_or("--game is required (nim, kalah, hex, gomoku, renju)")?;
        let games = args.games.or(file.games).ok_or("--games is required")?;
        if games == 0 {
            return Err("--games must be at least 1".into());
        }
        let concurrency = args.concurrency.or(file.concurrency).unwrap_or(1);
        if concurrency == 0 {
            return Err("--concurrency must be at least 1".into());
        }
        let tc: Tc = args
            .tc
            .or(file.tc)
            .ok_or("--tc is required (e.g. 1s/move, 60s+0.5s)")?
            .parse()?;
        let tolerance_ms = match args.tolerance.or(file.tolerance) {
            Some(t) => parse_duration_ms(&t)?,
            None => DEFAULT_TOLERANCE_MS,
        };
        let sync_ms = match args.sync_timeout.or(file.sync_timeout) {
            Some(t) => parse_duration_ms(&t)?.max(1),
            None => 10_000,
        };
        let startup_grace_ms = match args.startup_grace.or(file.startup_grace) {
            Some(t) => parse_duration_ms(&t)?,
            None => 0,
        };
        let sprt = match (args.sprt, file.sprt) {
            (Some(words), _) => Some(parse_sprt(&words)?),
            (None, Some(s)) => Some(s.parse()?),
            (None, None) => None,
        };
        let shard = match args.shard.or(file.shard) {
            Some(s) => Some(parse_shard(&s)?),
            None => None,
        };
        let out = args.out.or(file.out).ok_or("--out is required")?;
        Ok(Settings {
            game,
            size: args.size.or(file.size),
            variant: args.variant.or(file.variant),
            engines,
            games,
            concurrency,
            tc,
            tolerance_ms,
            openings: args.openings.or(file.openings),
            out,
            sprt,
            resume: args.resume || file.resume.unwrap_or(false),
            shard,
            max_moves: args.max_moves.or(file.max_moves),
            sync_ms,
            startup_grace_ms,
            seed: seed.or(file.seed).unwrap_or(DEFAULT_SEED),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs_split_the_command_as_a_shell_would() {
        let e = parse_engine("name=A cmd=sente nim --threads 1", true).unwrap();
        assert_eq!(e.name, "A");
        assert_eq!(e.argv, ["sente", "nim", "--threads", "1"]);
        assert!(e.restart);
        let e = parse_engine(
            "name='My Engine' restart=off dir=/tmp cmd='/opt/my engine/run' --name=x \"a b\"",
            true,
        )
        .unwrap();
        assert_eq!(e.name, "My Engine");
        assert_eq!(e.argv, ["/opt/my engine/run", "--name=x", "a b"]);
        assert_eq!(e.dir, Some(PathBuf::from("/tmp")));
        assert!(!e.restart);
        assert!(e.init.is_empty() && e.tolerance_ms.is_none());
        // Start-up commands split on `;`, and a tolerance of the engine's own.
        let e = parse_engine(
            "name=mohex init=\"param_mohex max_time 1; ;param_mohex max_games 2000\" tolerance=1.5s cmd=mohex --quiet",
            true,
        )
        .unwrap();
        assert_eq!(
            e.init,
            ["param_mohex max_time 1", "param_mohex max_games 2000"]
        );
        assert_eq!(e.tolerance_ms, Some(1500));
        assert_eq!(e.tolerance_or(300), 1500);
        assert_eq!(e.argv, ["mohex", "--quiet"]);
        assert_eq!(e.nodes, None);
        assert_eq!(
            parse_engine("name=A nodes=20000 cmd=x", true)
                .unwrap()
                .nodes,
            Some(20_000)
        );
        // The name defaults to the program's file name.
        assert_eq!(
            parse_engine("cmd=/usr/bin/mohex --x", true).unwrap().name,
            "mohex"
        );
        for bad in [
            "name=A",
            "name=A cmd=",
            "name=A cmd='open",
            "colour=red cmd=x",
            "name=A xcmd=y",
            "name=A tolerance=soon cmd=x",
            "name=A nodes=0 cmd=x",
            "name=A nodes=many cmd=x",
        ] {
            assert!(parse_engine(bad, true).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn shards_are_one_based() {
        assert_eq!(parse_shard("3/8"), Ok((3, 8)));
        assert_eq!(parse_shard("1/1"), Ok((1, 1)));
        for bad in ["0/4", "5/4", "3", "a/b", "1/0"] {
            assert!(parse_shard(bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn a_config_file_gives_settings_and_flags_win() {
        let dir = std::env::temp_dir().join(format!("sente-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.toml");
        std::fs::write(
            &path,
            r#"
game = "nim"
games = 10
tc = "100ms/move"
out = "results/x"
sprt = "elo0=0 elo1=20"
seed = 9
startup_grace = "2s"
[[engine]]
name = "one"
cmd = "sente nim"
[[engine]]
name = "two"
cmd = "sente nim --player greedy"
restart = "off"
init = ["rule normal", "a; b"]
tolerance = "1s"
"#,
        )
        .unwrap();
        let args = MatchArgs {
            config: Some(path.clone()),
            games: Some(4),
            ..MatchArgs::default()
        };
        let s = Settings::resolve(args, None).unwrap();
        assert_eq!(s.games, 4);
        assert_eq!(s.tc, Tc::PerMove { ms: 100 });
        assert_eq!(s.engines[1].argv, ["sente", "nim", "--player", "greedy"]);
        assert!(s.engines[0].restart && !s.engines[1].restart);
        assert_eq!(s.sprt.unwrap().elo1, 20.0);
        assert_eq!(s.seed, 9);
        assert_eq!(s.startup_grace_ms, 2000);
        assert_eq!(s.engines[1].init, ["rule normal", "a", "b"]);
        assert_eq!(s.engines[1].tolerance_ms, Some(1000));
        assert_eq!(s.engines[0].tolerance_ms, None);
        std::fs::write(&path, "game = \"nim\"\ngamez = 3\n").unwrap();
        let args = MatchArgs {
            config: Some(path),
            ..MatchArgs::default()
        };
        assert!(Settings::resolve(args, None).unwrap_err().contains("gamez"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
