//! What the connection sets of both colours say about the side to move.
//!
//! The side to move wins at once with a full edge-to-edge connection, or with a semi one (it
//! plays the key). It has lost if the opponent has a full one. Otherwise it must break every
//! edge-to-edge semi connection of the opponent, or the opponent plays that semi's key and
//! wins: only moves inside all their carriers (the *must-play* region) can win.

use super::super::board::Cells;
use super::sized::VcSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// The side to move wins: the carrier (key included) of its connection.
    Won(Cells),
    /// The opponent is fully connected: the carrier of that connection.
    Lost(Cells),
    /// Neither: the cells the side to move must choose from.
    MustPlay(Cells),
}

/// The outlook for the owner of `mine` to move, with `theirs` the opponent's set and `empty`
/// the empty cells.
pub fn must_play(mine: &VcSet, theirs: &VcSet, empty: &Cells) -> Outlook {
    if let Some(c) = mine.winning() {
        return Outlook::Won(c);
    }
    if let Some(s) = mine.first_edge_semi() {
        return Outlook::Won(s.carrier);
    }
    if let Some(c) = theirs.winning() {
        return Outlook::Lost(c);
    }
    Outlook::MustPlay(theirs.edge_semi_intersection(empty))
}
