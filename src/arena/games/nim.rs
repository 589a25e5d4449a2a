//! The Nim referee, on the rules in `games::nim`.
//!
//! Openings are heap sizes (`3 4 5` per line; commas also separate); the rule comes from
//! `--variant normal|misere` (misère by default, as the engine). Engines are set up with the
//! text protocol's `rule` and `heaps`, asked with `genmove`, told with `play <heap> <count>`,
//! and hear their clock as `time_left <ms>`. A Nim game always ends (every move takes an
//! object), so there are no draws.

use rand::rngs::StdRng;
use rand::Rng;

use crate::arena::referee::{GameKind, Protocol, RecordInfo, Referee, Verdict};
use crate::games::nim::{Nim, NimMove, Rule};
use crate::search::{Outcome, Position};

pub struct NimKind {
    pub rule: Rule,
    /// The number of heaps of random openings (None: 3 to 5).
    pub heaps: Option<usize>,
}

/// Largest heap in a random opening: big enough for varied games, small enough that weak
/// players finish quickly.
const RANDOM_MAX_HEAP: u64 = 12;

fn parse_heaps(text: &str) -> Result<Vec<u64>, String> {
    let text = text.trim();
    let text = text.strip_prefix("heaps").unwrap_or(text);
    let heaps = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<u64>()
                .map_err(|_| format!("invalid heap size {w:?}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if heaps.is_empty() {
        return Err("an opening needs at least one heap".into());
    }
    if heaps.iter().all(|&h| h == 0) {
        return Err("every heap is empty: the game would be over before it starts".into());
    }
    Ok(heaps)
}

fn join(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl GameKind for NimKind {
    fn name(&self) -> &'static str {
        "nim"
    }

    fn protocol(&self) -> Protocol {
        Protocol::Gtp
    }

    fn parse_opening(&self, line: &str) -> Result<String, String> {
        parse_heaps(line).map(|h| join(&h))
    }

    fn random_opening(&self, rng: &mut StdRng) -> String {
        let n = self.heaps.unwrap_or_else(|| rng.gen_range(3..=5)).max(1);
        let heaps: Vec<u64> = (0..n).map(|_| rng.gen_range(1..=RANDOM_MAX_HEAP)).collect();
        join(&heaps)
    }

    fn start(&self, opening: &str) -> Result<Box<dyn Referee>, String> {
        let heaps = parse_heaps(opening)?;
        Ok(Box::new(NimReferee {
            start: heaps.clone(),
            pos: Nim::new(heaps, self.rule),
            moves: Vec::new(),
            played: Vec::new(),
        }))
    }
}

pub struct NimReferee {
    start: Vec<u64>,
    pos: Nim,
    moves: Vec<String>,
    played: Vec<NimMove>,
}

impl NimReferee {
    fn read_move(&self, reply: &str) -> Result<NimMove, String> {
        let words: Vec<&str> = reply.split_whitespace().collect();
        let (heap, take) = match words.as_slice() {
            [h, t] => match (h.parse::<usize>(), t.parse::<u64>()) {
                (Ok(h), Ok(t)) => (h, t),
                _ => return Err(format!("unreadable move {reply:?}")),
            },
            _ => return Err(format!("unreadable move {reply:?}")),
        };
        let n = self.pos.heaps().len();
        if heap == 0 || heap > n {
            return Err(format!("illegal move {reply}: no heap {heap}"));
        }
        let m = NimMove {
            heap: heap - 1,
            take,
        };
        if !self.pos.is_legal(m) {
            return Err(format!(
                "illegal move {reply}: heap {heap} holds {}",
                self.pos.heaps()[heap - 1]
            ));
        }
        Ok(m)
    }
}

impl Referee for NimReferee {
    fn to_move(&self) -> usize {
        self.pos.side_to_move() as usize
    }

    fn play(&mut self, reply: &str) -> Result<String, String> {
        let m = self.read_move(reply)?;
        self.pos.play(m);
        self.played.push(m);
        let text = format!("{} {}", m.heap + 1, m.take);
        self.moves.push(text.clone());
        Ok(text)
    }

    fn verdict(&self) -> Option<Verdict> {
        let outcome = self.pos.outcome()?;
        let mover = self.to_move();
        let last = 1 - mover;
        let winner = match outcome {
            Outcome::Win => mover,
            _ => last,
        };
        let reason = match self.pos.rule() {
            Rule::Normal => "took the last object",
            Rule::Misere => "opponent took the last object (misere)",
        };
        Some(Verdict {
            winner: Some(winner),
            reason: reason.into(),
        })
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn gtp_setup(&self) -> Vec<String> {
        vec![
            format!("rule {}", self.pos.rule()),
            format!("heaps {}", join(&self.start)),
        ]
    }

    fn record(&self, info: &RecordInfo) -> (String, &'static str) {
        let mut s = format!(
            "# Nim ({} rule), game {}: {} (first) vs {} (second), time control {}\n\
             heaps {}\n",
            self.pos.rule(),
            info.game,
            info.names[0],
            info.names[1],
            info.tc,
            join(&self.start)
        );
        let mut pos = Nim::new(self.start.clone(), self.pos.rule());
        for (i, (&m, mv)) in self.played.iter().zip(&self.moves).enumerate() {
            pos.play(m);
            let time = info
                .times_ms
                .get(i)
                .map(|t| format!("  ({t} ms)"))
                .unwrap_or_default();
            s.push_str(&format!(
                "{:>3}. {:<10} {:<8} -> {}{}\n",
                i + 1,
                info.names[i % 2],
                mv,
                join(pos.heaps()),
                time
            ));
        }
        let result = match info.verdict.winner {
            Some(w) => format!("{} wins", info.names[w]),
            None => "draw".into(),
        };
        s.push_str(&format!("result: {result} ({})\n", info.verdict.reason));
        (s, "txt")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn kind(rule: Rule) -> NimKind {
        NimKind { rule, heaps: None }
    }

    #[test]
    fn openings_read_heaps_and_refuse_empty_games() {
        let k = kind(Rule::Misere);
        assert_eq!(k.parse_opening("3 4 5").unwrap(), "3 4 5");
        assert_eq!(k.parse_opening("heaps 1,2, 3").unwrap(), "1 2 3");
        assert!(k.parse_opening("").is_err());
        assert!(k.parse_opening("0 0").is_err());
        assert!(k.parse_opening("3 x").is_err());
        let mut rng = StdRng::seed_from_u64(7);
        let a = k.random_opening(&mut rng);
        let heaps = parse_heaps(&a).unwrap();
        assert!((3..=5).contains(&heaps.len()));
        assert!(heaps.iter().all(|&h| (1..=RANDOM_MAX_HEAP).contains(&h)));
    }

    #[test]
    fn referee_checks_moves_and_names_the_winner() {
        let mut g = kind(Rule::Normal).start("1 2").unwrap();
        assert_eq!(g.gtp_setup(), vec!["rule normal", "heaps 1 2"]);
        assert!(g.play("3 1").unwrap_err().contains("no heap 3"));
        assert!(g.play("1 2").unwrap_err().contains("holds 1"));
        assert!(g.play("1 0").is_err());
        assert!(g.play("nonsense").unwrap_err().contains("unreadable"));
        assert!(g.play("= 1 1").is_err());
        assert_eq!(g.to_move(), 0);
        assert_eq!(g.play(" 2 2 ").unwrap(), "2 2");
        assert_eq!(g.verdict(), None);
        assert_eq!(g.to_move(), 1);
        g.play("1 1").unwrap();
        // Normal rule: the second player took the last object and wins.
        assert_eq!(g.verdict().unwrap().winner, Some(1));

        let mut m = kind(Rule::Misere).start("1 2").unwrap();
        m.play("2 2").unwrap();
        m.play("1 1").unwrap();
        assert_eq!(m.verdict().unwrap().winner, Some(0));
        assert_eq!(m.moves(), ["2 2", "1 1"]);
    }
}
