//! The Nim text protocol (GTP framing): `heaps`, `rule`, `play`, `genmove`, `undo`,
//! `showboard`, `solve`, `time_left`, `analyze`. Documented in docs/nim.md.

use std::sync::Arc;

use crate::protocol::gtp::{arg, expect_args, parse_time_left, Action, Command, Context, Session};
use crate::reference_players::{PlayerKind, Reference};
use crate::search::{self, Limits, Position, Tt};

use super::position::Nim;
use super::rules::{NimMove, Rule};
use super::theory;

/// Positions with more objects than this are refused by `analyze` (the brute-force search has
/// one move per object; theory answers any size instantly through `solve` and `genmove`).
const ANALYZE_MAX_OBJECTS: u128 = 256;

pub struct NimSession {
    /// The current position and every earlier one, for `undo`.
    history: Vec<Nim>,
    tt: Arc<Tt>,
    threads: usize,
    /// The last `time_left`: milliseconds, and the moves they are for (Nim answers by theory in
    /// microseconds, so it is only kept).
    clock: Option<(i64, Option<u32>)>,
    /// `--player random|greedy` replaces the engine's choice in `genmove`.
    player: Reference,
}

impl NimSession {
    pub fn new(
        threads: usize,
        hash_mb: usize,
        player: PlayerKind,
        seed: Option<u64>,
    ) -> NimSession {
        NimSession {
            history: vec![Nim::new(vec![3, 4, 5], Rule::Misere)],
            tt: Arc::new(Tt::new(hash_mb)),
            threads,
            clock: None,
            player: Reference::new(player, seed),
        }
    }

    fn pos(&self) -> &Nim {
        self.history.last().expect("history is never empty")
    }

    fn reset(&mut self, pos: Nim) {
        self.history = vec![pos];
        self.tt.clear();
    }

    fn heaps(&mut self, cmd: &Command) -> Result<String, String> {
        if cmd.args.is_empty() {
            return Err("usage: heaps <n1> <n2> ...".into());
        }
        let heaps = (0..cmd.args.len())
            .map(|i| arg::<u64>(cmd, i, "heap size"))
            .collect::<Result<Vec<_>, _>>()?;
        let rule = self.pos().rule();
        self.reset(Nim::new(heaps, rule));
        Ok(String::new())
    }

    fn rule(&mut self, cmd: &Command) -> Result<String, String> {
        expect_args(cmd, 1, "rule normal|misere")?;
        let rule: Rule = cmd.args[0].parse()?;
        let heaps = self.pos().heaps().to_vec();
        self.reset(Nim::new(heaps, rule));
        Ok(String::new())
    }

    fn play(&mut self, cmd: &Command) -> Result<String, String> {
        expect_args(cmd, 2, "play <heap> <count>")?;
        let heap: usize = arg(cmd, 0, "heap number")?;
        let take: u64 = arg(cmd, 1, "count")?;
        let m = self.parse_move(heap, take)?;
        let mut next = self.pos().clone();
        next.play(m);
        self.history.push(next);
        Ok(String::new())
    }

    fn parse_move(&self, heap: usize, take: u64) -> Result<NimMove, String> {
        let n = self.pos().heaps().len();
        if heap == 0 || heap > n {
            return Err(format!("illegal move: no heap {heap} (heaps are 1..{n})"));
        }
        let m = NimMove {
            heap: heap - 1,
            take,
        };
        if take == 0 {
            return Err("illegal move: must take at least one object".into());
        }
        if !self.pos().is_legal(m) {
            return Err(format!(
                "illegal move: heap {heap} holds {}, cannot take {take}",
                self.pos().heaps()[heap - 1]
            ));
        }
        Ok(m)
    }

    fn genmove(&mut self) -> Result<String, String> {
        if self.pos().outcome().is_some() {
            return Err("game over: no objects left".into());
        }
        let best = match self.player.kind {
            PlayerKind::Engine => theory::solve(self.pos().heaps(), self.pos().rule()).1,
            _ => self.player.choose(&self.pos().clone().without_theory()),
        };
        let m = best.ok_or("game over: no objects left")?;
        let mut next = self.pos().clone();
        next.play(m);
        self.history.push(next);
        Ok(format_move(m))
    }

    fn solve(&self) -> Result<String, String> {
        let (win, best) = theory::solve(self.pos().heaps(), self.pos().rule());
        Ok(match (win, best) {
            (true, Some(m)) => format!("win {}", format_move(m)),
            (true, None) => "win".into(),
            (false, _) => "loss".into(),
        })
    }

    fn showboard(&self) -> String {
        let pos = self.pos();
        let mut s = format!(
            "\nrule {}, {} player to move{}\n",
            pos.rule(),
            if pos.side_to_move() == 0 {
                "first"
            } else {
                "second"
            },
            if pos.outcome().is_some() {
                " (game over)"
            } else {
                ""
            }
        );
        for (i, h) in pos.heaps().iter().enumerate() {
            s.push_str(&format!("heap {}: {}\n", i + 1, h));
        }
        s
    }

    /// `analyze <ms>`: the generic search alone (no theory), for comparison and benchmarks.
    fn analyze(&self, cmd: &Command, ctx: &Context) -> Action<Self> {
        let ms: u64 =
            match expect_args(cmd, 1, "analyze <ms>").and_then(|_| arg(cmd, 0, "time in ms")) {
                Ok(ms) => ms,
                Err(e) => return Action::Reply(Err(e)),
            };
        let pos = self.pos().clone().without_theory();
        if pos.outcome().is_some() {
            return Action::Reply(Err("game over: no objects left".into()));
        }
        if pos.total() > ANALYZE_MAX_OBJECTS {
            return Action::Reply(Err(format!(
                "position too large for the brute-force search (over {ANALYZE_MAX_OBJECTS} objects); use solve"
            )));
        }
        let limits = Limits::analysis(ms, self.threads);
        let tt = Arc::clone(&self.tt);
        let stop = Arc::clone(&ctx.stop);
        Action::Background(Box::new(move || {
            let r = search::search(&pos, &limits, &tt, &stop, &mut |_| {});
            let text = format!(
                "{} score {} depth {} nodes {}",
                r.best.map(format_move).unwrap_or_else(|| "none".into()),
                describe_score(r.score),
                r.depth,
                r.nodes
            );
            Box::new(move |_: &mut NimSession| Ok(text))
        }))
    }
}

fn format_move(m: NimMove) -> String {
    format!("{} {}", m.heap + 1, m.take)
}

/// `win`/`loss` for proven scores, the number otherwise.
pub fn describe_score(s: search::Score) -> String {
    if search::is_proven(s) {
        if s > 0 { "win" } else { "loss" }.to_string()
    } else {
        s.to_string()
    }
}

impl Session for NimSession {
    fn commands(&self) -> Vec<&'static str> {
        vec![
            "heaps",
            "rule",
            "play",
            "genmove",
            "undo",
            "showboard",
            "solve",
            "time_left",
            "analyze",
        ]
    }

    fn execute(&mut self, cmd: &Command, ctx: &Context) -> Action<Self> {
        let reply = match cmd.name.as_str() {
            "heaps" => self.heaps(cmd),
            "rule" => self.rule(cmd),
            "play" => self.play(cmd),
            "genmove" => expect_args(cmd, 0, "genmove").and_then(|_| self.genmove()),
            "undo" => {
                if self.history.len() > 1 {
                    self.history.pop();
                    Ok(String::new())
                } else {
                    Err("cannot undo: no move played".into())
                }
            }
            "showboard" => Ok(self.showboard()),
            "solve" => self.solve(),
            "time_left" => parse_time_left(cmd).map(|clock| {
                self.clock = Some(clock);
                String::new()
            }),
            "analyze" => return self.analyze(cmd, ctx),
            other => Err(format!("unknown command: {other}")),
        };
        Action::Reply(reply)
    }
}
