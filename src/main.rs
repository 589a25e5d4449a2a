//! The `sente` binary: one engine per game on stdin/stdout, benchmarks, and matches.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use sente::bench::{self, BenchArgs};
use sente::games::hex::{self, HexOptions, HexSession};
use sente::games::kalah::{self, KalahSession};
use sente::games::nim::{self, NimSession};
use sente::games::renju::session::{Options, RenjuSession};
use sente::games::renju::{self, Rule};
use sente::protocol::{gomocup, gtp, input, output::Output};
use sente::reference_players::PlayerKind;
use sente::search::DEFAULT_HASH_MB;

/// Options every engine accepts.
#[derive(Args, Clone, Debug)]
struct EngineOpts {
    /// Search threads (default: every core).
    #[arg(long, global = true)]
    threads: Option<usize>,
    /// Transposition table size in MB [default: 64]. Left unset, Kalah's `solve` may take a
    /// bigger proof table for a big board, and Hex's Monte-Carlo tree takes 256 MB.
    #[arg(long, global = true)]
    hash: Option<usize>,
    /// Also write the log to this file.
    #[arg(long, global = true)]
    log: Option<String>,
    /// Random seed (Benzene's tournament scripts pass one; accepted for them).
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// A weak reference player instead of the engine (for measuring strength).
    #[arg(long, global = true, value_enum, default_value_t = PlayerKind::Engine)]
    player: PlayerKind,
    /// Renju/Gomoku: evaluation parameters from this file (made by `sente tune renju`) instead
    /// of the embedded ones (docs/renju.md; hidden from the help of the other games).
    #[arg(long, global = true, hide = true)]
    eval_file: Option<std::path::PathBuf>,
    /// Benzene's spelling of --log.
    #[arg(long = "logfile-name", global = true)]
    logfile_name: Option<String>,
}

impl EngineOpts {
    /// `--hash`, or the default.
    fn hash_mb(&self) -> usize {
        self.hash.unwrap_or(DEFAULT_HASH_MB).max(1)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Hex over GTP, for HexGui and Benzene's tools (docs/hex.md).
    Hex {
        /// Time per move in ms when the GUI sends no clock (default 3000).
        #[arg(long)]
        movetime: Option<u64>,
        /// Allow the swap rule from the start (also `param_game allow_swap 1`).
        #[arg(long)]
        allow_swap: bool,
        /// What `swap-pieces` means: HexGui 0.10's mirror (default) or Benzene's swap of sides.
        #[arg(long, value_enum, default_value_t = hex::SwapMeaning::Hexgui)]
        swap_meaning: hex::SwapMeaning,
        /// Write live `gogui-gfx:` blocks while thinking (HexGui shows them).
        #[arg(long)]
        live_gfx: bool,
        /// Resign positions the solver proves lost.
        #[arg(long)]
        allow_resign: bool,
        /// The search behind `genmove` (also `param_game search`).
        #[arg(long, value_enum, default_value_t = hex::HexSearch::default())]
        search: hex::HexSearch,
        /// Playouts per move in place of the clock (the Monte-Carlo player; a node cap for
        /// alpha-beta), so that a match plays alike whatever the machine's load.
        #[arg(long)]
        playouts: Option<u64>,
    },
    /// Renju over the Gomocup protocol: 15x15, renju rules until `INFO rule` (docs/renju.md).
    Renju,
    /// Gomoku over the Gomocup protocol: 20x20, freestyle until `INFO rule` (docs/renju.md).
    Gomoku,
    /// Kalah over the text protocol: newgame, play, genmove, solve (docs/kalah.md).
    Kalah,
    /// Nim over the text protocol: heaps, rule, play, genmove, solve (docs/nim.md).
    Nim,
    /// A fixed benchmark; ends with one line `bench game=... nodes=... nps=...` (1 thread
    /// unless --threads).
    Bench {
        /// hex, renju, gomoku, kalah or nim.
        game: String,
        /// Search every position to this depth (default: the game's own; deterministic node
        /// count on one thread).
        #[arg(long)]
        depth: Option<u32>,
        /// Search every position for this long instead, in ms.
        #[arg(long, conflicts_with = "depth")]
        movetime: Option<u64>,
        /// Renju/Gomoku: print the search tree's counters per position and node kind (moves
        /// searched at fail-low nodes, first-move cuts, leaf share; docs/renju.md).
        #[arg(long)]
        stats: bool,
        /// Renju/Gomoku with --stats: the positions of this suite file instead of the bench's
        /// (`tournaments/renju-counter-suite.txt`).
        #[arg(long, requires = "stats")]
        suite: Option<std::path::PathBuf>,
    },
    /// A refereed match between two engines, and `merge` and `report` of its results:
    /// `sente match --game nim --engine 'name=A cmd=...' --engine 'name=B cmd=...' --games N
    /// --tc 1s/move --out DIR` (docs/match.md).
    Match(Box<sente::arena::config::MatchCommand>),
    /// Self-play games for learning, one line per game (docs/hex.md): `sente selfplay hex
    /// --size 9 --playouts 2000 --games 1000 --shard 0/1 --out data/hex/selfplay --resume`.
    /// `sente selfplay renju --nodes 20000 --games 1000 --shard 0/1 --out data/renju/selfplay
    /// --resume` (docs/renju.md).
    Selfplay(Box<SelfplayCli>),
    /// Fits learned weights to game records: `sente tune hex-patterns --data DIR --out FILE`.
    /// `sente tune renju --data data/renju/selfplay --out data/renju/eval.bin` (docs/renju.md).
    Tune(Box<TuneCli>),
}

/// `sente selfplay`: Hex's options, and those only Renju/Gomoku read.
#[derive(Args, Clone, Debug)]
struct SelfplayCli {
    #[command(flatten)]
    common: hex::tuning::selfplay::SelfplayCommand,
    #[command(flatten)]
    renju: renju::learn::selfplay::RenjuSelfplayOptions,
}

impl SelfplayCli {
    fn run(&self, seed: Option<u64>) -> ExitCode {
        let c = &self.common;
        // `None`: `renju-labels`, the deeper searches' best moves in positions of recorded
        // games, for the ordering fit.
        let rule = match c.game.as_str() {
            "renju-labels" => None,
            "renju" => Some(Rule::Renju),
            "gomoku" => Some(Rule::Freestyle),
            _ => return c.run(seed),
        };
        let budget = c.seconds.map(std::time::Duration::from_secs);
        let seed = seed.unwrap_or(1);
        // 0-based `i/n`, as for Hex.
        let result = sente::util::shard_file::parse_shard(&c.shard).and_then(|shard| match rule {
            Some(rule) => renju::learn::selfplay::run(&renju::learn::selfplay::SelfplayArgs {
                rule,
                size: 15,
                nodes: self.renju.nodes,
                games: c.games,
                shard,
                out: c.out.clone(),
                resume: c.resume,
                budget,
                seed,
            }),
            None => {
                let args = renju::learn::labels::LabelArgs {
                    from: self.renju.from.clone(),
                    nodes: self.renju.nodes,
                    labels: c.games,
                    shard,
                    out: c.out.clone(),
                    resume: c.resume,
                    budget,
                    seed,
                };
                match &self.renju.teacher {
                    Some(spec) => sente::arena::teacher::run(&args, spec),
                    None => renju::learn::labels::run(&args),
                }
            }
        });
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("sente selfplay: {e}");
                ExitCode::from(2)
            }
        }
    }
}

/// `sente tune`: Hex's options, and those only Renju reads.
#[derive(Args, Clone, Debug)]
struct TuneCli {
    #[command(flatten)]
    common: hex::tuning::train::TuneCommand,
    #[command(flatten)]
    renju: renju::learn::train::RenjuTuneOptions,
}

impl TuneCli {
    fn run(&self, seed: Option<u64>) -> ExitCode {
        let c = &self.common;
        if c.what != "renju" {
            return c.run(seed);
        }
        renju::learn::train::command(&renju::learn::train::TuneArgs {
            data: c.data.clone(),
            out: c.out.clone(),
            seed: seed.unwrap_or(1),
            epochs: self.renju.epochs,
            holdout_permille: c.holdout_permille,
            lr: self.renju.lr,
            l2: self.renju.l2,
            batch: self.renju.batch,
            order_epochs: self.renju.order_epochs,
            labels: self.renju.labels.clone(),
            order_games: self.renju.order_games.clone(),
            order_temperature: self.renju.order_temperature,
            score_scale: self.renju.score_scale,
            score_weight: self.renju.score_weight,
            score_limit: self.renju.score_limit,
        })
    }
}

#[derive(Parser)]
#[command(
    name = "sente",
    version,
    about = "Game engine for Hex, Renju/Gomoku, Kalah and Nim",
    after_help = "Each game speaks its protocol on stdin/stdout; logs go to stderr. \
                  Guides: README.md and docs/ (hex.md, renju.md, kalah.md, nim.md, match.md)."
)]
struct WithOpts {
    #[command(flatten)]
    opts: EngineOpts,
    #[command(subcommand)]
    command: Command,
}

fn init_logging(opts: &EngineOpts) {
    let mut builder =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"));
    builder.target(env_logger::Target::Stderr);
    // env_logger's default line, `[2026-11-29T09:05:51Z INFO  sente::module] text`, with the
    // stamp from util::utc (Cargo.toml leaves env_logger's calendar crate out).
    builder.format(|buf, record| {
        use std::io::Write;
        let level = record.level();
        let style = buf.default_level_style(level);
        writeln!(
            buf,
            "[{} {style}{level:<5}{style:#} {}] {}",
            sente::util::utc::now(),
            record.module_path().unwrap_or_default(),
            record.args()
        )
    });
    if let Some(path) = opts.log.as_ref().or(opts.logfile_name.as_ref()) {
        if let Ok(file) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            builder.target(env_logger::Target::Pipe(Box::new(file)));
        }
    }
    let _ = builder.try_init();
}

/// Started under a name beginning with `pbrain-` (as piskvork and the Gomocup referee require),
/// the binary speaks Gomocup with no arguments.
fn invoked_as_pbrain() -> bool {
    std::env::args_os()
        .next()
        .and_then(|a| {
            std::path::Path::new(&a)
                .file_name()
                .map(|n| n.to_string_lossy().to_ascii_lowercase())
        })
        .is_some_and(|n| n.starts_with("pbrain-"))
}

fn run_gomocup(opts: &EngineOpts, rule: Rule, started: std::time::Instant) -> ExitCode {
    let session = RenjuSession::new(
        Options {
            threads: opts.threads.unwrap_or_else(num_cpus::get).max(1),
            hash_mb: opts.hash_mb(),
            player: opts.player,
            seed: opts.seed,
            rule,
            started,
        },
        Output::stdout(),
    );
    gomocup::run(session, input::stdin_reader());
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    if invoked_as_pbrain() {
        let opts = EngineOpts {
            threads: None,
            hash: None,
            log: None,
            seed: None,
            player: PlayerKind::Engine,
            eval_file: None,
            logfile_name: None,
        };
        init_logging(&opts);
        return run_gomocup(&opts, Rule::Freestyle, started);
    }
    let cli = WithOpts::parse();
    init_logging(&cli.opts);
    if let Some(path) = &cli.opts.eval_file {
        if let Err(e) = renju::eval::active::use_file(path) {
            eprintln!("sente: --eval-file {e}");
            return ExitCode::from(2);
        }
    }
    let threads = cli.opts.threads.unwrap_or_else(num_cpus::get).max(1);
    let hash = cli.opts.hash_mb();
    match cli.command {
        Command::Nim => {
            gtp::run(
                NimSession::new(threads, hash, cli.opts.player, cli.opts.seed),
                input::stdin_reader(),
                Output::stdout(),
            );
            ExitCode::SUCCESS
        }
        Command::Kalah => {
            gtp::run(
                KalahSession::new(threads, cli.opts.hash, cli.opts.player, cli.opts.seed),
                input::stdin_reader(),
                Output::stdout(),
            );
            ExitCode::SUCCESS
        }
        Command::Bench {
            game,
            depth,
            movetime,
            stats,
            suite,
        } => {
            let args = BenchArgs {
                threads: cli.opts.threads.unwrap_or(1).max(1),
                depth,
                movetime_ms: movetime,
                hash_mb: hash,
            };
            match game.as_str() {
                "hex" => {
                    let totals =
                        bench::run(&hex::bench::positions(), hex::bench::DEFAULT_DEPTH, &args);
                    println!("{}", totals.line("hex", args.threads));
                    ExitCode::SUCCESS
                }
                "hex-mcts" => {
                    let totals = hex::player::bench::run(&args);
                    println!("{}", totals.line("hex-mcts", args.threads));
                    ExitCode::SUCCESS
                }
                "nim" => {
                    let totals =
                        bench::run(&nim::bench::positions(), nim::bench::DEFAULT_DEPTH, &args);
                    nim::bench::report_theory();
                    println!("{}", totals.line("nim", args.threads));
                    ExitCode::SUCCESS
                }
                "renju" | "gomoku" if stats => {
                    let rule = if game == "renju" {
                        Rule::Renju
                    } else {
                        Rule::Freestyle
                    };
                    let suite = match &suite {
                        Some(path) => std::fs::read_to_string(path)
                            .map_err(|e| format!("{}: {e}", path.display()))
                            .and_then(|text| renju::bench::read_suite(&text)),
                        None => Ok(renju::bench::positions(rule)
                            .into_iter()
                            .map(|board| renju::bench::SuitePosition {
                                kind: "bench".into(),
                                board,
                            })
                            .collect()),
                    };
                    match suite {
                        Ok(suite) => {
                            let totals = renju::bench::run_stats(&suite, &args);
                            println!("{}", totals.line(&game, 1));
                            ExitCode::SUCCESS
                        }
                        Err(e) => {
                            eprintln!("sente bench: {e}");
                            ExitCode::FAILURE
                        }
                    }
                }
                "renju" | "gomoku" => {
                    let rule = if game == "renju" {
                        Rule::Renju
                    } else {
                        Rule::Freestyle
                    };
                    let totals = renju::bench::run(rule, &args);
                    println!("{}", totals.line(&game, args.threads));
                    ExitCode::SUCCESS
                }
                "renju-board" => {
                    let (pairs, t) = renju::bench::make_undo(Rule::Renju, 2_000);
                    println!(
                        "bench game=renju-board make_undo={pairs} time_ms={} per_s={}",
                        t.as_millis(),
                        pairs * 1000 / (t.as_millis() as u64).max(1)
                    );
                    ExitCode::SUCCESS
                }
                "kalah" => {
                    let totals = bench::run(
                        &kalah::bench::positions(),
                        kalah::bench::DEFAULT_DEPTH,
                        &args,
                    );
                    println!("{}", totals.line("kalah", args.threads));
                    ExitCode::SUCCESS
                }
                other => {
                    eprintln!(
                        "sente: no benchmark for {other:?} yet (available: hex, hex-mcts, kalah, nim, renju, renju-board, gomoku)"
                    );
                    ExitCode::from(2)
                }
            }
        }
        Command::Match(cmd) => sente::arena::main(*cmd, cli.opts.seed),
        Command::Selfplay(cmd) => cmd.run(cli.opts.seed),
        Command::Tune(cmd) => cmd.run(cli.opts.seed),
        Command::Hex {
            movetime,
            allow_swap,
            swap_meaning,
            live_gfx,
            allow_resign,
            search,
            playouts,
        } => {
            let opts = HexOptions {
                threads,
                hash_mb: hash,
                tree_mb: cli.opts.hash.unwrap_or(hex::DEFAULT_TREE_MB).max(1),
                player: cli.opts.player,
                seed: cli.opts.seed,
                movetime_ms: movetime,
                allow_swap,
                swap_meaning,
                live_gfx,
                allow_resign,
                search,
                playouts,
            };
            gtp::run(
                HexSession::new(opts),
                input::stdin_reader(),
                Output::stdout(),
            );
            ExitCode::SUCCESS
        }
        Command::Renju => run_gomocup(&cli.opts, Rule::Renju, started),
        Command::Gomoku => run_gomocup(&cli.opts, Rule::Freestyle, started),
    }
}
