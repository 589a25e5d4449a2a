//! What Nim's rules are made of: the winning rule and a move. The lowest Nim module: the
//! theory and the search's position both build on it, and it imports neither.

/// Which player wins by taking the last object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Taking the last object wins.
    Normal,
    /// Taking the last object loses (the classic game, our default).
    Misere,
}

impl std::str::FromStr for Rule {
    type Err = String;
    fn from_str(s: &str) -> Result<Rule, String> {
        match s.to_ascii_lowercase().as_str() {
            "normal" => Ok(Rule::Normal),
            "misere" | "misère" => Ok(Rule::Misere),
            _ => Err(format!("unknown rule {s} (normal or misere)")),
        }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Rule::Normal => "normal",
            Rule::Misere => "misere",
        })
    }
}

/// Take `take` objects from heap `heap` (0-based here; the protocol counts from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    pub heap: usize,
    pub take: u64,
}
