//! `sente selfplay hex`: games of the Monte-Carlo player against itself at a fixed playout
//! budget, the data the pattern weights are learned from. Game `g` opens with Black's stone
//! on cell `g mod size²`, so every 1-ply opening is played in turn; the next few plies are
//! drawn among the moves the search found nearly as good (in proportion to their visits) so
//! that games from one opening differ. Each game is one line (`records`) appended
//! to the shard's file as soon as it ends, so a run can be stopped at any time and resumed
//! (`--resume`) on this machine or another from the committed file.

use crate::util::shard_file;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::book;
use super::records::Record;
use crate::games::hex::board::{Board, BLACK};
use crate::games::hex::player::mcts::{search, Settings};
use crate::games::hex::player::tree::{Tree, MOVER_LOSES};

/// What one generator run does.
#[derive(Clone, Debug)]
pub struct SelfplayArgs {
    pub size: usize,
    pub playouts: u64,
    /// Games in all shards together.
    pub games: u64,
    /// This run's shard `i` of `n`: games `g` with `g mod n == i`.
    pub shard: (u64, u64),
    pub out: PathBuf,
    pub resume: bool,
    /// Start no new game after this long.
    pub budget: Option<Duration>,
    /// Plies after the opening drawn at random among the good moves.
    pub random_plies: usize,
    pub seed: u64,
}

/// `sente selfplay hex ...` as typed.
#[derive(clap::Args, Clone, Debug)]
pub struct SelfplayCommand {
    /// The game (hex).
    pub game: String,
    /// Board size.
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// Playouts per move.
    #[arg(long, default_value_t = 2000)]
    pub playouts: u64,
    /// Games in all shards together.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// This run's shard, `i/n`.
    #[arg(long, default_value = "0/1")]
    pub shard: String,
    /// The folder of the shard files.
    #[arg(long)]
    pub out: PathBuf,
    /// Go on from the games already in the shard's file.
    #[arg(long)]
    pub resume: bool,
    /// Start no new game after this many seconds.
    #[arg(long)]
    pub seconds: Option<u64>,
    /// Plies after the opening drawn among the good moves.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Write the opening book instead (`book`): for every 1-ply opening up to the half turn,
    /// the search's reply at `--playouts` and its answer to that reply, one line each.
    #[arg(long)]
    pub book: bool,
}

impl SelfplayCommand {
    pub fn run(&self, seed: Option<u64>) -> std::process::ExitCode {
        let result = match (self.game.as_str(), shard_file::parse_shard(&self.shard)) {
            ("hex", Ok(shard)) if self.book => book::run(&book::BookArgs {
                size: self.size,
                playouts: self.playouts,
                shard,
                out: self.out.clone(),
                resume: self.resume,
                budget: self.seconds.map(Duration::from_secs),
                seed: seed.unwrap_or(1),
            }),
            ("hex", Ok(shard)) => run(&SelfplayArgs {
                size: self.size,
                playouts: self.playouts,
                games: self.games,
                shard,
                out: self.out.clone(),
                resume: self.resume,
                budget: self.seconds.map(Duration::from_secs),
                random_plies: self.random_plies,
                seed: seed.unwrap_or(1),
            }),
            ("hex", Err(e)) => Err(e),
            (g, _) => Err(format!("no self-play for {g:?} (available: hex)")),
        };
        match result {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("sente selfplay: {e}");
                std::process::ExitCode::from(2)
            }
        }
    }
}

/// A move drawn among those with at least this share of the best move's visits.
const RANDOM_MIN_SHARE: f32 = 0.5;

impl SelfplayArgs {
    /// The shard's file: one per size, budget and shard, so runs with other settings never
    /// mix.
    pub fn file(&self) -> PathBuf {
        self.out.join(format!(
            "hex{}-p{}-shard{}of{}.txt",
            self.size, self.playouts, self.shard.0, self.shard.1
        ))
    }
}

/// The games already in `path` (a line cut short by a killed run is dropped), checking that
/// each reads back.
#[cfg(test)]
fn resume_count(path: &std::path::Path) -> Result<u64, String> {
    shard_file::resume_count(path, |line| Ok(Record::parse(line)?.is_some()))
}

/// Plays one game from `opening`; the seed makes it reproducible.
pub fn play_game(
    size: usize,
    opening: usize,
    playouts: u64,
    random_plies: usize,
    seed: u64,
) -> Record {
    let mut board = Board::new(size, size).expect("a valid size");
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut tree = Tree::new((playouts as usize * 2).clamp(1 << 12, 1 << 22));
    let stop = AtomicBool::new(false);
    board.place(BLACK, opening);
    let mut moves = vec![(opening, false)];
    let mut to_move = 1 - BLACK;
    let winner = loop {
        if let Some(w) = board.winner() {
            break w;
        }
        tree.clear();
        let settings = Settings {
            threads: 1,
            time: None,
            playouts: Some(playouts),
            seed: rng.gen(),
        };
        let o = search(&board, to_move, &tree, &settings, &stop, &mut |_| {});
        match o.proven {
            Some(true) => {}
            Some(false) => break 1 - to_move,
            None => {}
        }
        let Some(best) = o.best else {
            break 1 - to_move;
        };
        let mut cell = best;
        if moves.len() <= random_plies && o.proven.is_none() {
            let top = o.moves.first().map_or(0, |m| m.visits) as f32;
            let good: Vec<_> = o
                .moves
                .iter()
                .filter(|m| m.proof != MOVER_LOSES && m.visits as f32 >= RANDOM_MIN_SHARE * top)
                .collect();
            let total: u32 = good.iter().map(|m| m.visits).sum();
            if total > 0 {
                let mut pick = rng.gen_range(0..total);
                for m in &good {
                    if pick < m.visits {
                        cell = m.cell;
                        break;
                    }
                    pick -= m.visits;
                }
            }
        }
        if o.proven == Some(true) {
            // A proved win ends the game: what follows teaches nothing.
            moves.push((cell, true));
            break to_move;
        }
        board.place(to_move, cell);
        moves.push((cell, cell == best));
        to_move = 1 - to_move;
    };
    Record {
        size,
        winner,
        moves,
    }
}

/// Runs the generator; errors are for the user (a bad argument, an unreadable file).
pub fn run(args: &SelfplayArgs) -> Result<(), String> {
    let (shard, shards) = args.shard;
    if shards == 0 || shard >= shards {
        return Err(format!("shard {shard}/{shards}"));
    }
    let board = Board::new(args.size, args.size).ok_or(format!("size {}", args.size))?;
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let path = args.file();
    let (mut file, done) = shard_file::open(
        &path,
        args.resume,
        || {
            format!("# sente selfplay hex size={} playouts={} games={} shard={}/{} random_plies={} seed={}",
            args.size, args.playouts, args.games, shard, shards, args.random_plies, args.seed)
        },
        |line| Ok(Record::parse(line)?.is_some()),
    )?;
    let started = Instant::now();
    let mine: Vec<u64> = (shard..args.games).step_by(shards as usize).collect();
    for (k, &g) in mine.iter().enumerate().skip(done as usize) {
        if args.budget.is_some_and(|b| started.elapsed() >= b) {
            break;
        }
        let t = Instant::now();
        let opening = (g % board.size() as u64) as usize;
        let seed = args.seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let r = play_game(args.size, opening, args.playouts, args.random_plies, seed);
        writeln!(file, "{}", r.line()).map_err(|e| e.to_string())?;
        file.flush().map_err(|e| e.to_string())?;
        eprintln!(
            "selfplay: game {} ({}/{} of this shard) {} plies, {} wins, {:.1} s",
            g,
            k + 1,
            mine.len(),
            r.moves.len(),
            if r.winner == BLACK { "Black" } else { "White" },
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::OpenOptions;

    #[test]
    fn a_game_is_legal_reproducible_and_won() {
        let a = play_game(4, 5, 200, 2, 7);
        let b = play_game(4, 5, 200, 2, 7);
        assert_eq!(a, b);
        let back = Record::parse(&a.line()).unwrap().unwrap();
        assert_eq!(back, a);
        assert_eq!(a.moves[0], (5, false));
        // The winner's last move or a proof ends the game.
        assert!(a.moves.len() >= 2);
    }

    /// The recorded winner is the game's: replayed on a fresh board, a game that ends in a
    /// connection names its owner; one that ends on a proof (the search's: all of them here, as
    /// the search proves a connecting move before it is played) leaves the side to move lost
    /// by the exact solver (independent of the search), and names the other side.
    #[test]
    fn the_recorded_winner_agrees_with_a_replay() {
        use crate::games::hex::position::Hex;
        use crate::games::hex::solver::{Solver, Verdict};
        let mut by_proof = 0;
        for g in 0..12u64 {
            let size = 4 + (g % 2) as usize;
            let r = play_game(size, (g * 7) as usize % (size * size), 300, 2, g);
            let mut pos = Hex::new(size, size).unwrap();
            let mut to_move = BLACK;
            for &(c, _) in &r.moves {
                let b = pos.board();
                assert!(
                    b.winner().is_none() && b.empty_cells().has(c),
                    "{}",
                    r.line()
                );
                pos.place(to_move, c);
                to_move = 1 - to_move;
            }
            if let Some(w) = pos.board().winner() {
                assert_eq!(r.winner, w, "{}", r.line());
                continue;
            }
            by_proof += 1;
            pos.set_to_move(to_move);
            let stop = AtomicBool::new(false);
            let verdict = Solver::new(&stop, None).solve(&pos);
            assert_eq!(verdict, Verdict::Loss, "the side to move: {}", r.line());
            assert_eq!(r.winner, 1 - to_move, "{}", r.line());
        }
        assert!(
            by_proof > 0,
            "no game ended on a proof: the solver's check never ran"
        );
    }

    #[test]
    fn a_run_resumes_where_it_stopped() {
        let dir = std::env::temp_dir().join(format!("sente-selfplay-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = SelfplayArgs {
            size: 3,
            playouts: 50,
            games: 6,
            shard: (1, 2),
            out: dir.clone(),
            resume: false,
            budget: Some(Duration::ZERO),
            random_plies: 1,
            seed: 1,
        };
        // A zero budget plays no game; a second run without --resume refuses the file.
        run(&args).unwrap();
        assert_eq!(resume_count(&args.file()).unwrap(), 0);
        assert!(run(&args).is_err());
        args.resume = true;
        args.budget = None;
        // A cut line (a killed run) is dropped on resume.
        let mut f = OpenOptions::new().append(true).open(args.file()).unwrap();
        write!(f, "3 B b").unwrap();
        run(&args).unwrap();
        let text = std::fs::read_to_string(args.file()).unwrap();
        let games: Vec<_> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(games.len(), 3, "games 1, 3 and 5: {text}");
        // Games 1, 3, 5 open at cells 1, 3, 5.
        let openings: Vec<usize> = games
            .iter()
            .map(|l| Record::parse(l).unwrap().unwrap().moves[0].0)
            .collect();
        assert_eq!(openings, [1, 3, 5]);
        run(&args).unwrap();
        assert_eq!(
            resume_count(&args.file()).unwrap(),
            3,
            "nothing left to play"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
