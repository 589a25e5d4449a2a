//! What the referee asks of an engine, whatever its protocol: set up a game, hear the
//! opponent's moves, hear its clock, and answer a move. One implementation per protocol
//! (`gtp_driver`, `gomocup_driver`).

use std::time::{Duration, Instant};

use super::engine::Fault;
use super::referee::Referee;
use super::tc::{Clock, Tc};

/// An engine's answer to a move request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The reply text, to be read and checked by the referee.
    Move(String),
    Resign,
}

pub trait Driver: Send {
    /// Prepares a new game from the referee's start position; the engine plays `seat`.
    /// `sync` bounds each exchange (start-up included), outside the game clock.
    fn new_game(
        &mut self,
        game: &dyn Referee,
        seat: usize,
        tc: &Tc,
        sync: Duration,
    ) -> Result<(), Fault>;

    /// Tells the engine that `mover` played `mv` (already checked and played by the referee).
    fn moved(
        &mut self,
        game: &dyn Referee,
        mover: usize,
        mv: &str,
        sync: Duration,
    ) -> Result<(), Fault>;

    /// Tells the engine its clock before it is asked to move.
    fn tell_time(
        &mut self,
        game: &dyn Referee,
        seat: usize,
        clock: &Clock,
        sync: Duration,
    ) -> Result<(), Fault>;

    /// Asks for a move and waits for it until `deadline` (the caller measures the time).
    fn genmove(
        &mut self,
        game: &dyn Referee,
        seat: usize,
        deadline: Option<Instant>,
    ) -> Result<Answer, Fault>;

    /// Says goodbye and kills the process (and anything it started).
    fn shut_down(self: Box<Self>);
}
