//! The `sente` binary: one engine per game on stdin/stdout, benchmarks, and matches.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use sente::bench::{self, BenchArgs};
use sente::games::kalah::{self, KalahSession};
use sente::games::nim::{self, NimSession};
use sente::player::PlayerKind;
use sente::protocol::{gtp, input, output::Output};

/// Options every engine accepts.
#[derive(Args, Clone, Debug)]
struct EngineOpts {
    /// Search threads (default: every core).
    #[arg(long, global = true)]
    threads: Option<usize>,
    /// Transposition table size in MB.
    #[arg(long, global = true, default_value_t = 64)]
    hash: usize,
    /// Also write the log to this file.
    #[arg(long, global = true)]
    log: Option<String>,
    /// Random seed (Benzene's tournament scripts pass one; accepted for them).
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// A weak reference player instead of the engine (for measuring strength).
    #[arg(long, global = true, value_enum, default_value_t = PlayerKind::Engine)]
    player: PlayerKind,
    /// Benzene's spelling of --log.
    #[arg(long = "logfile-name", global = true)]
    logfile_name: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Hex over GTP.
    Hex,
    /// Renju over the Gomocup protocol.
    Renju,
    /// Gomoku (freestyle and other rule sets) over the Gomocup protocol.
    Gomoku,
    /// Kalah over the text protocol.
    Kalah,
    /// Nim over the text protocol.
    Nim,
    /// A fixed benchmark: `bench <game> [--threads N] [--depth D | --movetime MS]`.
    Bench {
        game: String,
        #[arg(long)]
        depth: Option<u32>,
        #[arg(long, conflicts_with = "depth")]
        movetime: Option<u64>,
    },
}

#[derive(Parser)]
#[command(
    name = "sente",
    version,
    about = "Game engine for Hex, Renju/Gomoku, Kalah and Nim"
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

fn main() -> ExitCode {
    let cli = WithOpts::parse();
    init_logging(&cli.opts);
    let threads = cli.opts.threads.unwrap_or_else(num_cpus::get).max(1);
    let hash = cli.opts.hash.max(1);
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
                KalahSession::new(threads, hash, cli.opts.player, cli.opts.seed),
                input::stdin_reader(),
                Output::stdout(),
            );
            ExitCode::SUCCESS
        }
        Command::Bench {
            game,
            depth,
            movetime,
        } => {
            let args = BenchArgs {
                threads: cli.opts.threads.unwrap_or(1).max(1),
                depth,
                movetime_ms: movetime,
                hash_mb: hash,
            };
            match game.as_str() {
                "nim" => {
                    let totals =
                        bench::run(&nim::bench::positions(), nim::bench::DEFAULT_DEPTH, &args);
                    nim::bench::report_theory();
                    println!("{}", totals.line("nim", args.threads));
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
                    eprintln!("sente: no benchmark for {other:?} yet (available: nim)");
                    ExitCode::from(2)
                }
            }
        }
        Command::Hex | Command::Renju | Command::Gomoku => {
            eprintln!("sente: this game is not implemented yet");
            ExitCode::from(2)
        }
    }
}
