//! `sente selfplay renju`: games of renju's own searcher against itself at a node budget, the
//! data the evaluation tables are learned from. Even-numbered games start from the 26 standard
//! openings in turn, odd ones from a random balanced two- or three-stone opening
//! (`openings`); each move's budget is drawn within ±25 % of `--nodes`, so games from one
//! opening differ. A game ends at a five, a draw, or as soon as the search or the shapes prove
//! the result. Each game is one line (`records`) appended to the shard's file as it ends, so a
//! run can be stopped at any time and resumed (`--resume`) here or on another machine from the
//! committed file; shards (`--shard i/n`) split the game numbers between runs.

use crate::util::shard_file;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::openings;
use super::records::{rule_word, Record};
use crate::games::renju::board::{Board, Rule};
use crate::games::renju::search::{self as renju_search, win, SearchLimits};
use crate::search::{is_proven, Tt};

/// What one generator run does.
#[derive(Clone, Debug)]
pub struct SelfplayArgs {
    pub rule: Rule,
    pub size: usize,
    /// Nodes per move (each move draws within ±25 %).
    pub nodes: u64,
    /// Games in all shards together.
    pub games: u64,
    /// This run's shard `i` of `n`: games `g` with `g mod n == i`.
    pub shard: (u64, u64),
    pub out: PathBuf,
    pub resume: bool,
    /// Start no new game after this long.
    pub budget: Option<Duration>,
    pub seed: u64,
}

/// The options of `sente selfplay renju|gomoku` beside the shared ones (games, shard, out,
/// resume, seconds).
#[derive(clap::Args, Clone, Debug)]
pub struct RenjuSelfplayOptions {
    /// Renju/Gomoku: nodes per move (each move draws within ±25 %).
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// `renju-labels`: the folder of game records whose positions are labelled (`labels`);
    /// `--games` then counts labels.
    #[arg(long, default_value = "data/renju/matches")]
    pub from: PathBuf,
    /// `renju-labels`: label with this Gomocup engine's moves and scores instead of our own
    /// search (`name=rapfi dir=DIR cmd=./pbrain-rapfi`, as `sente match --engine`), at
    /// `--nodes` nodes a position (`INFO max_node`).
    #[arg(long)]
    pub teacher: Option<String>,
}

/// Table size of the generator's searches (MB).
const TT_MB: usize = 16;

impl SelfplayArgs {
    /// The shard's file: one per rule, size, budget and shard, so runs with other settings
    /// never mix.
    pub fn file(&self) -> PathBuf {
        self.out.join(format!(
            "{}{}-n{}-shard{}of{}.txt",
            rule_word(self.rule),
            self.size,
            self.nodes,
            self.shard.0,
            self.shard.1
        ))
    }
}

/// The games already in `path`; a line cut short by a killed run is dropped from the file.
#[cfg(test)]
fn resume_count(path: &std::path::Path) -> Result<u64, String> {
    shard_file::resume_count(path, |line| Ok(Record::parse(line)?.is_some()))
}

/// Plays game number `g`; the seed makes it reproducible.
pub fn play_game(rule: Rule, size: usize, g: u64, nodes: u64, seed: u64, tt: &Tt) -> Record {
    let mut rng = SmallRng::seed_from_u64(seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let standard = openings::standard();
    let opening = if g.is_multiple_of(2) {
        openings::cells(size, &standard[(g / 2) as usize % standard.len()])
    } else {
        openings::random_balanced(size, rule, &mut rng, tt)
    };
    let mut b = Board::new(size, size, rule);
    for &m in &opening {
        b.make(m);
    }
    let mut moves = opening.clone();
    let stop = AtomicBool::new(false);
    tt.clear();
    let winner = loop {
        if let Some(w) = b.winner() {
            break Some(w);
        }
        if b.drawn() {
            break None;
        }
        let me = b.to_move();
        let root = renju_search::root_moves(&mut b);
        if root.is_empty() {
            break None;
        }
        if let Some((m, _, _)) = win::winning_move(&mut b) {
            // The shapes prove the win: what follows teaches nothing.
            moves.push(m);
            break Some(me);
        }
        let budget = rng.gen_range(nodes * 3 / 4..=nodes * 5 / 4).max(1);
        let limits = SearchLimits {
            depth: None,
            nodes: Some(budget),
            soft: None,
            hard: None,
            threads: 1,
        };
        let r = renju_search::search(&b, &limits, tt, &stop, &mut |_| {}, &mut |_| {});
        let Some(best) = r.best else { break None };
        if is_proven(r.score) {
            if r.score > 0 {
                moves.push(best);
                break Some(me);
            }
            break Some(1 - me);
        }
        b.make(best);
        moves.push(best);
    };
    Record {
        rule,
        size,
        winner,
        opening: opening.len(),
        moves,
    }
}

/// Runs the generator; errors are for the user (a bad argument, an unreadable file).
pub fn run(args: &SelfplayArgs) -> Result<(), String> {
    let (shard, shards) = args.shard;
    if shards == 0 || shard >= shards {
        return Err(format!("shard {shard}/{shards}"));
    }
    if !(9..=crate::games::renju::board::MAX_SIDE).contains(&args.size) || args.nodes == 0 {
        return Err(format!("size {} nodes {}", args.size, args.nodes));
    }
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let path = args.file();
    let (mut file, done) = shard_file::open(
        &path,
        args.resume,
        || {
            format!(
                "# sente selfplay {} size={} nodes={} games={} shard={}/{} seed={}",
                rule_word(args.rule),
                args.size,
                args.nodes,
                args.games,
                shard,
                shards,
                args.seed
            )
        },
        |line| Ok(Record::parse(line)?.is_some()),
    )?;
    let tt = Tt::new(TT_MB);
    let started = Instant::now();
    let mine: Vec<u64> = (shard..args.games).step_by(shards as usize).collect();
    for (k, &g) in mine.iter().enumerate().skip(done as usize) {
        if args.budget.is_some_and(|b| started.elapsed() >= b) {
            break;
        }
        let t = Instant::now();
        let r = play_game(args.rule, args.size, g, args.nodes, args.seed, &tt);
        writeln!(file, "{}", r.line()).map_err(|e| e.to_string())?;
        file.flush().map_err(|e| e.to_string())?;
        eprintln!(
            "selfplay: game {} ({}/{} of this shard) {} moves, {}, {:.1} s",
            g,
            k + 1,
            mine.len(),
            r.moves.len(),
            match r.winner {
                Some(0) => "Black wins",
                Some(_) => "White wins",
                None => "drawn",
            },
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
    fn a_game_is_legal_reproducible_and_finished() {
        let tt = Tt::new(1);
        let a = play_game(Rule::Renju, 15, 0, 300, 7, &tt);
        let b = play_game(Rule::Renju, 15, 0, 300, 7, &tt);
        assert_eq!(a, b);
        assert_eq!(a.opening, 3);
        assert_eq!(Record::parse(&a.line()).unwrap(), Some(a.clone()));
        // Replaying it never meets an occupied or forbidden cell before its last move.
        let mut board = Board::new(15, 15, Rule::Renju);
        for &m in &a.moves {
            assert!(board.winner().is_none());
            assert!(board.is_legal(m), "{m} in {}", a.line());
            board.make(m);
        }
    }

    #[test]
    fn a_run_resumes_where_it_stopped() {
        let dir = std::env::temp_dir().join(format!("sente-renju-selfplay-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = SelfplayArgs {
            rule: Rule::Renju,
            size: 15,
            nodes: 100,
            games: 5,
            shard: (1, 2),
            out: dir.clone(),
            resume: false,
            budget: Some(Duration::ZERO),
            seed: 1,
        };
        run(&args).unwrap();
        assert_eq!(resume_count(&args.file()).unwrap(), 0);
        assert!(run(&args).is_err(), "an existing file needs --resume");
        args.resume = true;
        args.budget = None;
        let mut f = OpenOptions::new().append(true).open(args.file()).unwrap();
        write!(f, "renju 15 B 3 h8").unwrap();
        run(&args).unwrap();
        assert_eq!(resume_count(&args.file()).unwrap(), 2, "games 1 and 3");
        run(&args).unwrap();
        assert_eq!(
            resume_count(&args.file()).unwrap(),
            2,
            "nothing left to play"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The recorded winner is the game's: replayed on a fresh board, a game that ends in a five
    /// names its owner; one that ends on a proof names the side whose last move the threat
    /// searches (`threats::vct`, independent of the search that proved it) show to win, either
    /// at once or against every reply (a quiet move that leaves two threats in waiting); a draw
    /// ends on a drawn board.
    #[test]
    fn the_recorded_winner_agrees_with_a_replay() {
        use crate::games::renju::board::cell;
        use crate::games::renju::threats::vct::Vct;
        let tt = Tt::new(1);
        let mut by_proof = 0;
        for g in 0..8 {
            let r = play_game(Rule::Renju, 15, g, 300, 11, &tt);
            let mut b = Board::new(15, 15, Rule::Renju);
            let (last, before) = r.moves.split_last().expect("moves");
            for &m in before {
                assert!(b.winner().is_none() && b.is_legal(m), "{}", r.line());
                b.make(m);
            }
            let mover = b.to_move();
            let mut after = b.clone();
            after.make(*last);
            match (r.winner, after.winner()) {
                (w, Some(five)) => assert_eq!(w, Some(five), "{}", r.line()),
                (None, None) => assert!(after.drawn(), "{}", r.line()),
                (Some(w), None) => {
                    by_proof += 1;
                    assert_eq!(w, mover, "the winner made the last move: {}", r.line());
                    // The last move is a threat that wins, or a quiet move after which every
                    // reply of the defender leaves a win by threats (a double threat in waiting).
                    let vct = || Vct::new(None, None).with_node_limit(2_000_000);
                    let won = vct().wins_with(&mut b, *last, 10)
                        || (0..15 * 15).all(|i| {
                            let d = cell(i % 15, i / 15);
                            let mut a = after.clone();
                            if !a.is_legal(d) {
                                return true;
                            }
                            a.make(d);
                            a.winner().is_none() && vct().solve(&mut a, 10).is_some()
                        });
                    assert!(won, "no win by threats after the last move: {}", r.line());
                }
            }
        }
        assert!(
            by_proof > 0,
            "no game ended on a proof: the check above never ran"
        );
    }
}
