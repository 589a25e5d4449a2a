//! The results file: one JSON object per game (`results.jsonl`), appended as games finish, so
//! that a match that is cut off can resume, and the files of several shards can be merged.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::stats::Tally;

/// One finished game. `first` and `second` are the engines' names in move order; `result` is
/// `first`, `second` or `draw`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's number in the match schedule (0-based): games `2p` and `2p+1` share the
    /// opening of pair `p`, with the colours swapped.
    pub game: usize,
    pub first: String,
    pub second: String,
    pub opening: String,
    pub result: String,
    pub reason: String,
    #[serde(default)]
    pub moves: Vec<String>,
    /// Milliseconds each engine move took, in move order.
    #[serde(default)]
    pub times_ms: Vec<u64>,
    /// Who made each timed move: 0 `first`, 1 `second` (absent in older files).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub movers: Vec<u8>,
    #[serde(default)]
    pub game_type: String,
    /// The game record's file, relative to the output folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// Seconds since the Unix epoch when the game ended.
    #[serde(default)]
    pub finished: u64,
}

/// The largest game index a results file may hold: far beyond any match, and small enough that
/// pair numbers and schedules computed from it never overflow.
pub const MAX_GAME_INDEX: usize = u32::MAX as usize;

impl GameResult {
    /// Why a record read from a file cannot be a game of a match (`None`: it can be).
    fn invalid(&self) -> Option<String> {
        if !matches!(self.result.as_str(), "first" | "second" | "draw") {
            return Some(format!(
                "result {:?} is not first, second or draw",
                self.result
            ));
        }
        if self.game > MAX_GAME_INDEX {
            return Some(format!(
                "game index {} is out of range (0 to {MAX_GAME_INDEX})",
                self.game
            ));
        }
        if self.first.is_empty() || self.first == self.second {
            return Some(format!(
                "the engines {:?} and {:?} are not two named engines",
                self.first, self.second
            ));
        }
        if !self.movers.is_empty() && self.movers.len() != self.times_ms.len() {
            return Some("movers and times_ms differ in length".into());
        }
        None
    }

    /// What makes records belong to one match: the game and the two engines (in either seat).
    fn match_identity(&self) -> (String, [String; 2]) {
        let mut names = [self.first.clone(), self.second.clone()];
        names.sort();
        (self.game_type.clone(), names)
    }

    pub fn pair(&self) -> usize {
        self.game / 2
    }

    /// Each timed move of engine `name`, in ms (empty for a file without `movers`).
    pub fn times_of<'a>(&'a self, name: &'a str) -> impl Iterator<Item = u64> + 'a {
        self.movers
            .iter()
            .zip(&self.times_ms)
            .filter(move |(&seat, _)| [&self.first, &self.second][seat as usize & 1] == name)
            .map(|(_, &ms)| ms)
    }

    /// The points of engine `name` in this game (None if it did not play).
    pub fn points_of(&self, name: &str) -> Option<f64> {
        let seat = if self.first == name {
            0
        } else if self.second == name {
            1
        } else {
            return None;
        };
        Some(match (self.result.as_str(), seat) {
            ("first", 0) | ("second", 1) => 1.0,
            ("draw", _) => 0.5,
            _ => 0.0,
        })
    }
}

/// Reads a results file; a last line cut off by a crash is skipped with a warning, any other
/// bad line is an error.
pub fn read(path: &Path) -> Result<Vec<GameResult>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameResult>(line) {
            Ok(g) => match g.invalid() {
                None => out.push(g),
                Some(why) => return Err(format!("{}:{}: {why}", path.display(), i + 1)),
            },
            Err(_) if i + 1 == lines.len() && !text.ends_with('\n') => {
                log::warn!("{}: ignoring a cut-off last line", path.display());
            }
            Err(e) => return Err(format!("{}:{}: {e}", path.display(), i + 1)),
        }
    }
    Ok(out)
}

/// Appends one game and flushes, so that nothing finished is lost.
pub fn append(file: &mut std::fs::File, game: &GameResult) -> Result<(), String> {
    let line = serde_json::to_string(game).map_err(|e| e.to_string())?;
    writeln!(file, "{line}")
        .and_then(|_| file.flush())
        .map_err(|e| format!("cannot write results: {e}"))
}

/// Puts the records of several files (each with its path) together: one result per game
/// number, sorted. A record identical to one already seen (the same file read twice, a shard
/// merged again) is a duplicate and dropped; two different records of one game number, or
/// records of different matches (another game or other engines), are an error naming both
/// files, because keeping either would silently change the result.
pub fn merge_records(
    files: Vec<(std::path::PathBuf, Vec<GameResult>)>,
) -> Result<(Vec<GameResult>, usize), String> {
    let mut by_game: BTreeMap<usize, (std::path::PathBuf, GameResult)> = BTreeMap::new();
    let mut first_seen: Option<(std::path::PathBuf, GameResult)> = None;
    let mut dups = 0;
    for (path, games) in files {
        for g in games {
            match &first_seen {
                Some((from, f)) if f.match_identity() != g.match_identity() => {
                    return Err(format!(
                        "records of different matches: {} has game {} ({} between {} and {}), {} has game {} ({} between {} and {}); merge each match into its own folder",
                        from.display(), f.game, f.game_type, f.first, f.second,
                        path.display(), g.game, g.game_type, g.first, g.second
                    ));
                }
                Some(_) => {}
                None => first_seen = Some((path.clone(), g.clone())),
            }
            match by_game.entry(g.game) {
                std::collections::btree_map::Entry::Occupied(e) => {
                    let (from, kept) = e.get();
                    if *kept != g {
                        return Err(format!(
                            "conflicting records of game {}: {} and {} differ ({} vs {}); they are not duplicates",
                            g.game,
                            from.display(),
                            path.display(),
                            kept.result,
                            g.result
                        ));
                    }
                    dups += 1;
                }
                std::collections::btree_map::Entry::Vacant(v) => {
                    v.insert((path.clone(), g));
                }
            }
        }
    }
    Ok((by_game.into_values().map(|(_, g)| g).collect(), dups))
}

/// The tally of engine `a` against the others, pairs counted when both games are present.
pub fn tally(games: &[GameResult], a: &str) -> Tally {
    let mut t = Tally::default();
    let mut pairs: BTreeMap<usize, Vec<f64>> = BTreeMap::new();
    for g in games {
        let Some(p) = g.points_of(a) else { continue };
        match p {
            1.0 => t.wins += 1,
            0.0 => t.losses += 1,
            _ => t.draws += 1,
        }
        pairs.entry(g.pair()).or_default().push(p);
    }
    for points in pairs.values() {
        if points.len() == 2 {
            let idx = ((points[0] + points[1]) * 2.0).round() as usize;
            t.penta[idx.min(4)] += 1;
        }
    }
    t
}

/// The engine whose Elo the summary states: the one that moves first in even games.
pub fn reference_names(games: &[GameResult]) -> Option<(String, String)> {
    let g = games.iter().min_by_key(|g| g.game)?;
    Some(if g.game % 2 == 0 {
        (g.first.clone(), g.second.clone())
    } else {
        (g.second.clone(), g.first.clone())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: usize, first: &str, second: &str, result: &str) -> GameResult {
        GameResult {
            game: n,
            first: first.into(),
            second: second.into(),
            opening: "3 4 5".into(),
            result: result.into(),
            reason: "test".into(),
            moves: vec![],
            times_ms: vec![],
            movers: vec![],
            game_type: "nim".into(),
            record: None,
            finished: 0,
        }
    }

    #[test]
    fn records_that_are_no_result_are_errors_naming_the_line() {
        let dir =
            std::env::temp_dir().join(format!("sente-results-invalid-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.jsonl");
        let good = serde_json::to_string(&game(0, "a", "b", "first")).unwrap();
        for (bad, why) in [
            (
                game(1, "a", "b", "bogus"),
                "result \"bogus\" is not first, second or draw",
            ),
            (
                game(usize::MAX, "a", "b", "draw"),
                "game index 18446744073709551615 is out of range",
            ),
            (
                game(1, "a", "a", "draw"),
                "the engines \"a\" and \"a\" are not two named engines",
            ),
        ] {
            let text = format!("{good}\n{}\n", serde_json::to_string(&bad).unwrap());
            std::fs::write(&path, text).unwrap();
            let err = read(&path).unwrap_err();
            assert!(
                err.contains(&format!("{}:2: {why}", path.display())),
                "{err}"
            );
        }
        std::fs::write(&path, format!("{good}\n")).unwrap();
        assert_eq!(read(&path).unwrap().len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn merging_drops_only_identical_records() {
        let p = |s: &str| std::path::PathBuf::from(s);
        let a = vec![game(0, "x", "y", "first"), game(1, "y", "x", "draw")];
        // The same file twice: duplicates.
        let (games, dups) = merge_records(vec![(p("a"), a.clone()), (p("b"), a.clone())]).unwrap();
        assert_eq!((games.len(), dups), (2, 2));
        // Game 1 recorded differently: a conflict, whichever file comes first.
        let mut b = a.clone();
        b[1].result = "second".into();
        let err = merge_records(vec![(p("a"), a.clone()), (p("b"), b)]).unwrap_err();
        assert!(
            err.contains("conflicting records of game 1: a and b differ"),
            "{err}"
        );
        // Another match: other engines, or another game.
        let other = vec![game(2, "x", "z", "first")];
        let err = merge_records(vec![(p("a"), a.clone()), (p("c"), other)]).unwrap_err();
        assert!(err.contains("records of different matches"), "{err}");
        let mut kalah = game(2, "x", "y", "first");
        kalah.game_type = "kalah".into();
        let err = merge_records(vec![(p("a"), a), (p("k"), vec![kalah])]).unwrap_err();
        assert!(
            err.contains("k has game 2 (kalah between x and y)"),
            "{err}"
        );
    }

    #[test]
    fn times_are_told_apart_by_mover() {
        let mut g = game(0, "a", "b", "first");
        g.times_ms = vec![10, 20, 30, 40];
        // Kalah: `b` moves twice in a row.
        g.movers = vec![0, 1, 1, 0];
        assert_eq!(g.times_of("a").collect::<Vec<_>>(), [10, 40]);
        assert_eq!(g.times_of("b").collect::<Vec<_>>(), [20, 30]);
        assert_eq!(g.times_of("c").count(), 0);
        // An old record without movers gives no times rather than wrong ones.
        g.movers.clear();
        assert_eq!(g.times_of("a").count(), 0);
    }

    #[test]
    fn tally_scores_pairs_from_the_first_engines_view() {
        let games = vec![
            game(0, "A", "B", "first"),  // A wins
            game(1, "B", "A", "first"),  // A loses: pair 0 is 1-1
            game(2, "A", "B", "draw"),   // draw
            game(3, "B", "A", "second"), // A wins: pair 1 is 1.5
            game(4, "A", "B", "second"), // A loses, pair 2 incomplete
        ];
        let t = tally(&games, "A");
        assert_eq!((t.wins, t.losses, t.draws), (2, 2, 1));
        assert_eq!(t.penta, [0, 0, 1, 1, 0]);
        let t = tally(&games, "B");
        assert_eq!((t.wins, t.losses, t.draws), (2, 2, 1));
        assert_eq!(t.penta, [0, 1, 1, 0, 0]);
    }

    #[test]
    fn results_round_trip_and_tolerate_a_cut_off_line() {
        let dir = std::env::temp_dir().join(format!("sente-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("results.jsonl");
        let mut f = std::fs::File::create(&path).unwrap();
        append(&mut f, &game(0, "A", "B", "first")).unwrap();
        append(&mut f, &game(1, "B", "A", "draw")).unwrap();
        write!(f, "{{\"game\": 2, \"fir").unwrap();
        drop(f);
        let games = read(&path).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1], game(1, "B", "A", "draw"));
        // Only the required fields: still readable (results of other tools).
        std::fs::write(
            &path,
            "{\"game\":5,\"first\":\"X\",\"second\":\"Y\",\"opening\":\"\",\"result\":\"second\",\"reason\":\"r\"}\nnot json\n",
        )
        .unwrap();
        assert!(read(&path).unwrap_err().contains(":2:"));
        std::fs::remove_dir_all(&dir).unwrap();
        // Merged records come out sorted by game, an identical copy dropped.
        let (d, dups) = merge_records(vec![(
            "x".into(),
            vec![
                game(3, "A", "B", "first"),
                game(1, "A", "B", "draw"),
                game(3, "A", "B", "first"),
            ],
        )])
        .unwrap();
        assert_eq!(dups, 1);
        assert_eq!(d.iter().map(|g| g.game).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(d[1].result, "first");
    }
}
