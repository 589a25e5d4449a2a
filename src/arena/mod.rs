//! The match runner (`sente match`): engine-vs-engine and self-play matches for every game,
//! refereed by our own rules code.
//!
//! - `config`: flags, TOML files, engine specs; `tc`: time controls and the referee's clock.
//! - `engine`: an engine process with a reader thread and deadlines, killed with its group.
//! - `driver`, `gtp_driver`, `gomocup_driver`: the protocols, behind one trait.
//! - `referee`, `games/`: the game-specific part (openings, legality, results, records):
//!   Nim, Kalah, Hex, Gomoku, and Renju once its forbidden-move rules are wired in.
//! - `play`: one game; `runner`: the schedule, workers, results, SPRT, shards and merge;
//!   `interrupt`: Ctrl-C and SIGTERM end a match cleanly.
//! - `results`, `stats`, `summary`, `chart`: the results file and what is computed from it
//!   (`summary.txt` and its picture `summary.svg`).
//! - `record`: game-record formats shared by games (SGF, PSQ).
//! - `teacher`: another engine's moves and scores as renju labels for the trainer.

pub mod chart;
pub mod config;
pub mod driver;
pub mod engine;
pub mod games;
pub mod gomocup_driver;
pub mod gtp_driver;
pub mod interrupt;
pub mod play;
pub mod record;
pub mod referee;
pub mod results;
pub mod runner;
pub mod stats;
pub mod summary;
pub mod tc;
pub mod teacher;

use std::process::ExitCode;

use config::{MatchCommand, MatchSub, Settings};

/// `sente match ...`: runs the match, the merge or the report; the summary goes to stdout.
pub fn main(cmd: MatchCommand, seed: Option<u64>) -> ExitCode {
    let outcome = match cmd.sub {
        Some(MatchSub::Merge(args)) => runner::merge(&args),
        Some(MatchSub::Report(args)) => runner::report(&args),
        None => Settings::resolve(cmd.args, seed).and_then(|s| {
            interrupt::install();
            runner::run_match(&s)
        }),
    };
    match outcome {
        Ok(text) => {
            runner::print(&text);
            if interrupt::interrupted() {
                ExitCode::from(130)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("sente match: {e}");
            ExitCode::from(2)
        }
    }
}
