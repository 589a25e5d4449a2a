//! What stones make along lines: the line-shape tables (`shapes`) the position keeps per empty
//! cell, and the exact renju forbidden-point checker (`forbidden`) for the cases the shapes
//! cannot settle alone.

pub mod forbidden;
pub mod shapes;
