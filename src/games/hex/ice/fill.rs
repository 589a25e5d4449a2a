//! Fill-in: empty cells whose colour is already decided are given that colour, over and over
//! until nothing changes, so that a position is looked up and searched in its simplest form.
//!
//! - *Dead* cells (simplicial in either colour's graph, see `Layer::simplicial`): the colour
//!   never matters; they are filled with the colour of the side that just moved.
//! - *Captured* pairs: two empty cells, adjacent or not, such that a stone of colour Z on
//!   either one kills the other. If the opponent takes one, Z answers on the other and the opponent's stone
//!   is dead, i.e. as good as Z's; so Z may fill both (Hayward et al., "Solving 7x7 Hex").
//! - *Dead regions* (`region`): cells that one colour reaches from neither of its edges
//!   without crossing the empty neighbours of one of its chains; dead, like the cells above.
//! - *Permanently inferior* cells (`permanent`): a colour's own stone there is as good as
//!   the empty cell, by a local shape; tried once nothing above is found, one cell a round.
//!
//! None changes the value of the position for either side to move, and all stay true when
//! stones are added, so every step of the iteration is sound given the ones before, and a move
//! that wins in the filled position also wins in the original one.

use crate::games::hex::board::{Board, Cells};

use super::layer::{Killers, Layers};
use super::permanent;
use super::region;

/// What fill-in did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fill {
    /// Dead cells, filled with the colour of the side that just moved.
    pub dead: Cells,
    /// Captured cells, by the colour that captured them (and was given them).
    pub captured: [Cells; 2],
    /// Permanently inferior cells, by the colour they are inferior for (and were given to).
    pub perm: [Cells; 2],
    /// The cells given to the side that just moved (dead, captured or permanently inferior) in
    /// the rounds before the side to move was given any: found on the position plus such
    /// stones alone, so the position keeps its value with just these filled (the solver's
    /// backed-up domination).
    pub free: Cells,
}

impl Fill {
    /// True if a cell was given to the side to move `mover`.
    pub fn for_mover(&self, mover: u8) -> bool {
        let m = mover as usize & 1;
        !self.captured[m].is_empty() || !self.perm[m].is_empty()
    }
}

/// What fill-in needs of a game state: its board, whose turn it is, a stone placed with the
/// winner kept up to date. `position::Hex` implements it; taking it as a trait keeps this
/// knowledge layer below the position instead of importing it.
pub trait State: Copy {
    /// The stones.
    fn board(&self) -> &Board;
    /// The colour to move.
    fn to_move(&self) -> u8;
    /// Sets the colour to move.
    fn set_to_move(&mut self, colour: u8);
    /// The colour that has connected its edges, if any.
    fn winner(&self) -> Option<u8>;
    /// Places a stone of `colour` on empty `cell`.
    fn place(&mut self, colour: u8, cell: usize);
}

/// `pos` with its dead, captured and permanently inferior cells filled, to a fixed point; the
/// side to move stays.
pub fn fill_in<P: State>(pos: &P) -> (P, Fill) {
    let (p, fill, _) = fill_in_with_layers(pos);
    (p, fill)
}

/// `fill_in`, with the graphs of the filled board when the game is not over (the last round
/// built them and found nothing to fill), for the pruning that comes next.
pub fn fill_in_with_layers<P: State>(pos: &P) -> (P, Fill, Option<Layers>) {
    let mut p = *pos;
    let mover = pos.to_move();
    let mut fill = Fill::default();
    while p.winner().is_none() {
        // Until the side to move gets a cell, this round looks at the position plus stones
        // of the side that moved alone.
        let free = !fill.for_mover(mover);
        let layers = Layers::new(p.board());
        let mut taken = Cells::EMPTY;
        let give = |p: &mut P, colour: u8, c: usize, taken: &mut Cells| {
            p.place(colour, c);
            p.set_to_move(mover);
            taken.insert(c);
        };
        for c in layers.empty().iter() {
            if layers.dead(c) {
                give(&mut p, 1 - mover, c, &mut taken);
                fill.dead.insert(c);
            }
        }
        // The graphs are a step behind now, which only hides captures: whatever they show
        // still holds with the dead cells filled.
        let mut killers: Vec<Option<Killers>> = vec![None; layers.geo.nbrs.len()];
        let mut killers_of = |c: usize| *killers[c].get_or_insert_with(|| layers.killers(c));
        for a in layers.empty().minus(&taken).iter() {
            if taken.has(a) {
                continue;
            }
            // A partner need not touch `a`: a stone on it must only kill `a`, so it is among
            // `a`'s kill candidates (two cells joining the same two nodes apart, say).
            let ka = killers_of(a);
            let [(p0, p1), (p2, p3)] = ka;
            let partners = p0.or(&p1).or(&p2).or(&p3).and(layers.empty());
            for b in partners.minus(&taken).iter() {
                if b <= a {
                    continue;
                }
                let kb = killers_of(b);
                // The side that just moved first: the solver prefers fill-in that gives the
                // side to move nothing.
                let owner = [1 - mover, mover].into_iter().find(|&z| {
                    layers.kills_among(z, a, b, &kb) && layers.kills_among(z, b, a, &ka)
                });
                if let Some(z) = owner {
                    give(&mut p, z, a, &mut taken);
                    give(&mut p, z, b, &mut taken);
                    fill.captured[z as usize].insert(a);
                    fill.captured[z as usize].insert(b);
                    break;
                }
            }
        }
        // With the graphs up to date (nothing dead or captured): dead regions behind a
        // chain, else one permanently inferior cell, for the side that just moved first.
        if taken.is_empty() {
            for c in region::dead_regions(&layers, p.board()).iter() {
                give(&mut p, 1 - mover, c, &mut taken);
                fill.dead.insert(c);
            }
        }
        if taken.is_empty() {
            let found = [1 - mover, mover].into_iter().find_map(|z| {
                permanent::find(&layers, p.board(), z, &Cells::EMPTY).map(|(c, _)| (z, c))
            });
            if let Some((z, c)) = found {
                give(&mut p, z, c, &mut taken);
                fill.perm[z as usize & 1].insert(c);
            }
        }
        if free {
            let last = (1 - mover) as usize & 1;
            fill.free = fill
                .free
                .or(&fill.dead)
                .or(&fill.captured[last])
                .or(&fill.perm[last]);
        }
        if taken.is_empty() {
            return (p, fill, Some(layers));
        }
    }
    (p, fill, None)
}
