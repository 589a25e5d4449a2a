//! What stones make along lines: the line-shape tables (`shapes`) the position keeps per empty
//! cell and direction, their combination into one threat class per cell (`class`), and the
//! exact renju forbidden-point checker (`forbidden`) for the cases the shapes cannot settle.

pub mod class;
pub mod forbidden;
pub mod shapes;
